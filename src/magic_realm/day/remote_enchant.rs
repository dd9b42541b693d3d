//! The remote Enchant activity (rules 7.10, 6.2.1b): an enhanced activity a Treasure card
//! allows (data: `enhanced: remote_enchant`, the Crystal Ball's "SPELL in any hex"). With
//! the card active in Birdsong he records "RE" with any clearing of the map; he does it
//! exactly as an Enchant phase in that clearing: he enchants one of his Magic chits, or
//! the tile holding the recorded clearing, with colour magic supplied in his own clearing
//! or in the recorded one. The first Enchant phase of the day is still his meditation.
//! 6.2.4: the card must be active when the phase starts, and he keeps it until then.

use super::{enchanting, treasure_phases, who};
use crate::engine::{Event, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::state::{Activity, GameState};

/// 6.2.1b: the remote Enchant activities he may record (or choose): one for every
/// clearing of the map, in map order, while a card allowing it is active.
pub fn record_options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<Activity> {
    if !treasure_phases::enchants_anywhere(cat, state, seat) {
        return Vec::new();
    }
    state
        .map
        .clearings(&cat.tiles)
        .into_iter()
        .map(|at| Activity::RemoteEnchant { at })
        .collect()
}

/// The enchantments open to him in a remote Enchant phase recorded with `at`.
pub fn options(cat: &Catalog, state: &GameState, seat: Seat, at: ClearingRef) -> Vec<A> {
    let Some(here) = who::clearing(state, seat) else {
        return Vec::new();
    };
    let mut supplied = enchanting::colours_in(cat, state, here);
    supplied.extend(enchanting::colours_in(cat, state, at));
    enchanting::options_supplied(cat, state, seat, &supplied)
}

/// 6.2.4: why the remote Enchant phase being done is cancelled: no card allowing it is
/// active when it starts.
pub fn cancel_reason(cat: &Catalog, state: &GameState, seat: Seat) -> Option<String> {
    let remote = matches!(
        super::daylight::activity(state, seat),
        Some(Activity::RemoteEnchant { .. })
    );
    (remote && !treasure_phases::enchants_anywhere(cat, state, seat))
        .then(|| "no active Treasure card allows the remote Enchant (6.2.4)".to_string())
}

/// The event cancelling the phase, when [`cancel_reason`] gives a reason.
pub fn cancelled(cat: &Catalog, state: &GameState, seat: Seat) -> Option<Event<E>> {
    let reason = cancel_reason(cat, state, seat)?;
    Some(Event::public(
        "6.2.4",
        format!(
            "Phase {}: {}'s remote Enchant is cancelled: {reason}.",
            state.today.phase + 1,
            who::who(cat, state, seat)
        ),
        E::PhaseCancelled { seat, reason },
    ))
}
