//! Talk to Wise Bird (List of Spells; II/Gold, Instant, one character): when it comes to
//! life its target immediately does a remote Peer activity: he names any clearing on the
//! map and searches it on the Peer table (7.5.1), with his own modifiers. Combat waits
//! while he names the clearing (and picks a Choice row); what he finds is his secret
//! (4.5.3), like any search's.

use super::Events;
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E, SearchChoice};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::{search, who};
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::state::{GameState, Pending};

/// The character who owes his remote Peer now, if any (the first of those owed).
pub fn waiting(state: &GameState) -> Option<Seat> {
    state.today.remote_peers.first().copied()
}

/// The clearings he may peer into: every clearing on the map (in map order), except those
/// a Fog stops him from searching on the Peer table.
fn clearings(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<ClearingRef> {
    state
        .map
        .clearings(&cat.tiles)
        .into_iter()
        .filter(|at| !search::fogged(cat, state, seat, *at))
        .collect()
}

/// The spell comes to life on `target`: he owes a remote Peer (none when a Fog leaves him
/// no clearing to peer into).
pub fn speak(cat: &Catalog, state: &mut GameState, target: Seat, events: &mut Events) {
    let name = who::who(cat, state, target);
    if !who::playing(state, target) || clearings(cat, state, target).is_empty() {
        events.push(Event::public(
            "7.5.1",
            format!("The Wise Bird speaks to {name}, but the Fog hides every clearing from him."),
            E::RemotePeerLost { seat: target },
        ));
        return;
    }
    state.today.remote_peers.push(target);
    events.push(Event::public(
        "7.5.1",
        format!("The Wise Bird speaks to {name}: he names any clearing and peers into it."),
        E::RemotePeerOwed { seat: target },
    ));
}

/// What the character owing the remote Peer may do: pick a row of a Choice result, or
/// name the clearing.
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    if waiting(state) != Some(seat) {
        return Vec::new();
    }
    if let Some(Pending::SearchChoice { picks, .. }) = &state.today.pending {
        return picks
            .iter()
            .map(|p| A::ChooseSearchResult { pick: *p })
            .collect();
    }
    clearings(cat, state, seat)
        .into_iter()
        .map(|at| A::RemotePeer { at })
        .collect()
}

/// Applies `RemotePeer` or `ChooseSearchResult`; the Peer is done when no Choice waits.
pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
) -> Result<Events, RuleError> {
    if waiting(state) != Some(seat) {
        return Err(RuleError::illegal("no remote Peer is owed by this seat"));
    }
    let mut events = Vec::new();
    match action {
        A::RemotePeer { at } => {
            if state.today.pending.is_some() || !clearings(cat, state, seat).contains(at) {
                return Err(RuleError::illegal("not a clearing he can peer into"));
            }
            search::do_search(
                cat,
                state,
                seat,
                &SearchChoice::Peer { at: *at },
                &mut events,
            )?;
        }
        A::ChooseSearchResult { pick } => {
            let offered = matches!(&state.today.pending,
                Some(Pending::SearchChoice { picks, .. }) if picks.contains(pick));
            if !offered {
                return Err(RuleError::illegal("not a row he can pick"));
            }
            search::apply_pick(cat, state, seat, *pick, &mut events)?;
        }
        other => {
            return Err(RuleError::illegal(format!(
                "{other:?} is not a remote Peer's choice"
            )))
        }
    }
    if state.today.pending.is_none() && !state.today.remote_peers.is_empty() {
        state.today.remote_peers.remove(0);
    }
    Ok(events)
}
