//! Events: what happened, with the rule that made it happen and an English sentence, so
//! any host can show a readable, rule-cited log. Each event says who may see it (rule 4.5
//! in Magic Realm: other players' secrets never reach a seat's view or log).

use crate::engine::dice::Roll;
use crate::engine::seat::{Seat, Viewer};
use serde::{Deserialize, Serialize};
use std::fmt;
use tsify::Tsify;

/// A rule id as the rulebook prints it: `"7.13.4"`, or a game's own step name (`"HoD 10"`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(transparent)]
pub struct RuleId(pub String);

impl From<&str> for RuleId {
    fn from(id: &str) -> Self {
        RuleId(id.to_string())
    }
}

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Who may see an event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "type")]
pub enum Visibility {
    /// Everyone, spectators included.
    Public,
    /// Only these seats (and omniscient observers).
    Seats { seats: Vec<Seat> },
}

impl Visibility {
    pub fn only(seat: Seat) -> Self {
        Visibility::Seats { seats: vec![seat] }
    }

    pub fn visible_to(&self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (Visibility::Public, _) | (_, Viewer::Omniscient) => true,
            (Visibility::Seats { seats }, Viewer::Seat { seat }) => seats.contains(&seat),
            (Visibility::Seats { .. }, Viewer::Spectator) => false,
        }
    }
}

/// One entry of a game's log. `D` is the game's own structured event. (`GameEvent` in
/// TypeScript, where `Event` is the DOM's.)
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(rename = "GameEvent")]
pub struct Event<D> {
    /// The rule that produced the event.
    pub rule: RuleId,
    /// One English sentence a person can read.
    pub text: String,
    /// Who may see it.
    pub visibility: Visibility,
    /// True when the event revealed information that was hidden or random until now (a
    /// die roll, a chit turned up, a secret plan revealed): undo never goes back past it.
    pub reveals: bool,
    /// The game's structured description of what happened.
    pub detail: D,
}

impl<D> Event<D> {
    /// A public event that reveals nothing.
    pub fn public(rule: &str, text: impl Into<String>, detail: D) -> Self {
        Event {
            rule: RuleId::from(rule),
            text: text.into(),
            visibility: Visibility::Public,
            reveals: false,
            detail,
        }
    }

    /// An event only `seat` may see (its own secret choice).
    pub fn private(rule: &str, seat: Seat, text: impl Into<String>, detail: D) -> Self {
        Event {
            rule: RuleId::from(rule),
            text: text.into(),
            visibility: Visibility::only(seat),
            reveals: false,
            detail,
        }
    }

    /// A public event that reveals hidden information (a secret turned up).
    pub fn reveal(rule: &str, text: impl Into<String>, detail: D) -> Self {
        Event {
            reveals: true,
            ..Event::public(rule, text, detail)
        }
    }

    /// A public die roll: always revealing.
    pub fn roll(rule: &str, roll: &Roll, text: impl Into<String>, detail: D) -> Self {
        let text = format!(
            "{} (rolled {:?} on {}).",
            text.into(),
            roll.dice,
            roll.table
        );
        Event::reveal(rule, text, detail)
    }
}
