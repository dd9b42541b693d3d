//! The [`Rules`] trait every game implements (DESIGN.md, "The engine contract").

use crate::engine::error::RuleError;
use crate::engine::event::Event;
use crate::engine::saved::GameStart;
use crate::engine::seat::{Seat, Viewer};
use crate::engine::seed::Seed;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;
use tsify::Tsify;

/// Who owes an action now, or how the game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "type")]
pub enum ToAct {
    /// These seats each owe an action; several at once for simultaneous secret decisions.
    Seats { seats: Vec<Seat> },
    /// The game is over.
    GameOver { outcome: Outcome },
}

impl ToAct {
    pub fn seats(&self) -> &[Seat] {
        match self {
            ToAct::Seats { seats } => seats,
            ToAct::GameOver { .. } => &[],
        }
    }
}

/// The end of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
pub struct Outcome {
    /// The winning seats (none when everyone lost, all in a shared cooperative win).
    pub winners: Vec<Seat>,
    /// An English summary (final scores and how they were reached).
    pub summary: String,
}

/// A game's rules. Every method is pure: the state is the whole game, including its dice.
///
/// Hosts do not call `apply` directly; they use [`crate::engine::Session`], which checks
/// the seat and that the action is among `legal_actions` before calling it, applies it to a
/// copy (so a refused action changes nothing), and records it for save, replay and undo.
pub trait Rules: Sized {
    /// The game's id in saved games (`"magic-realm"`).
    const GAME: &'static str;
    /// What a new game is started from (players, options).
    type Setup: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// A game started from an arbitrary position (test fixtures, battle builders).
    type Scenario: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// The whole game, secrets and dice included. It reads back from its own JSON form
    /// (a snapshot), after which [`Rules::restore`] puts back what that form leaves out.
    type State: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// One step of a decision.
    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// The game's structured event detail.
    type Event: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// What one viewer may see.
    type View: Clone + Debug + PartialEq + Serialize;
    /// The static data a board needs (tiles, counters, tables...).
    type Catalog: Serialize;

    /// A new game from `setup`, its dice seeded with `seed`.
    fn start(setup: &Self::Setup, seed: Seed) -> Result<Self::State, RuleError>;
    /// A game from a scenario; the seed drives whatever dice the scenario does not force.
    fn from_scenario(scenario: &Self::Scenario, seed: Seed) -> Result<Self::State, RuleError>;
    /// The number of seats in this game.
    fn seat_count(state: &Self::State) -> usize;
    /// The seats that owe an action now, or the outcome.
    fn to_act(state: &Self::State) -> ToAct;
    /// Every action `seat` may take now, in a deterministic order, each once; empty for a
    /// seat that does not owe an action.
    fn legal_actions(state: &Self::State, seat: Seat) -> Vec<Self::Action>;
    /// Apply a legal action. `Session` only calls this with an action from
    /// `legal_actions(state, seat)`; on `Err` it discards the state it passed.
    fn apply(
        state: &mut Self::State,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<Vec<Event<Self::Event>>, RuleError>;
    /// What `viewer` may see of the state.
    fn view(state: &Self::State, viewer: Viewer) -> Self::View;
    /// The game's static data.
    fn catalog() -> Result<Self::Catalog, RuleError>;
    /// Puts back into a state read from a snapshot what its JSON form leaves out (static
    /// data the game started with); `start` is the game's start. Nothing by default.
    fn restore(
        state: &mut Self::State,
        start: &GameStart<Self::Setup, Self::Scenario>,
    ) -> Result<(), RuleError> {
        let _ = (state, start);
        Ok(())
    }
}
