//! Leaving the game (rule 9.2.2): a character moves along a roadway off the edge of the
//! map ("M EDGE"); his belongings leave play and his score is taken at once.

use super::{belongings, scoring, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::Place;
use crate::magic_realm::state::{Fate, GameState};

type Events = Vec<Event<E>>;

/// Whether a roadway the seat may use runs off the map from `at` (hidden ones only once
/// discovered, all of them with the Wizard's Experience).
pub fn can_leave_from(cat: &Catalog, state: &GameState, seat: Seat, at: ClearingRef) -> bool {
    let paths = super::birdsong::usable_paths(cat, state, seat);
    state.map.leaves_map(&cat.tiles, at, paths.as_ref())
}

/// Does a recorded "M EDGE": if a usable roadway leaves the map from his clearing, his
/// score is taken as if the game ended, his belongings and counter leave play.
pub fn leave(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    events: &mut Events,
) -> Result<(), RuleError> {
    let here = who::clearing_or_err(state, seat)?;
    let name = who::who(cat, state, seat);
    if !can_leave_from(cat, state, seat, here) {
        events.push(Event::public(
            "9.2.2",
            format!(
                "{name} cannot leave the map from {}: no roadway he can use runs off its edge; the phase is forfeited.",
                who::name(cat, here)
            ),
            E::PhaseCancelled {
                seat,
                reason: "no usable roadway off the map (9.2.2)".into(),
            },
        ));
        return Ok(());
    }
    super::missions::unfinished(cat, state, seat, events)?;
    // 9.2.2: his hired natives left on the map become unhired.
    events.extend(super::hiring::release_all(cat, state, seat));
    if let Some(s) = state.seat_mut(seat) {
        s.fate = Fate::LeftMap;
    }
    let score = scoring::score(cat, state, seat);
    for piece in belongings::owned(state, seat) {
        state.piles.move_to(&piece, Place::OutOfPlay, None);
    }
    if let Some(counter) = who::counter(state, seat) {
        state.piles.move_to(&counter, Place::OutOfPlay, None);
    }
    if let Some(s) = state.seat_mut(seat) {
        s.final_score = Some(score.clone());
        s.inactive.clear();
    }
    events.push(Event::public(
        "9.2.2",
        format!(
            "{name} leaves the map from {}: his belongings leave play and he scores {} now.",
            who::name(cat, here),
            score.total
        ),
        E::LeftMap { seat, score },
    ));
    Ok(())
}
