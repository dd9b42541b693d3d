//! The Flowers of Rest (the List of Treasures: "Lose turn - rest fatigue"; Sunset, 8.1.1:
//! "Characters put to sleep by the Flowers of Rest awake refreshed, with all their
//! fatigued chits activated"). A character who starts a phase in the clearing of a card
//! whose data put to sleep (`sleep`: lying there, or among the belongings of anyone
//! there), with a fatigued chit he could rest (no Wither), falls asleep: that phase and
//! the rest of his turn are cancelled. At Sunset the sleepers wake with every fatigued
//! chit active again.

use super::{belongings, who};
use crate::engine::{Event, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::tables::Curse;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::state::{ChitStatus, GameState};

type Events = Vec<Event<E>>;

/// Whether the seat's character sleeps today.
pub fn asleep(state: &GameState, seat: Seat) -> bool {
    state.today.asleep.contains(&seat)
}

/// The card that puts him to sleep if he starts a phase now, if any.
fn sleep_card(cat: &Catalog, state: &GameState, seat: Seat) -> Option<PieceId> {
    let here = who::clearing(state, seat)?;
    let tired = state
        .seat(seat)
        .is_some_and(|s| s.chits.contains(&ChitStatus::Fatigued));
    if !tired || super::curses::has(state, seat, Curse::Wither) {
        return None;
    }
    let mut pieces: Vec<PieceId> = state
        .piles
        .pile(&Place::Clearing { at: here })
        .iter()
        .map(|c| c.piece.clone())
        .collect();
    for other in state.all_seats() {
        if who::playing(state, other) && who::clearing(state, other) == Some(here) {
            pieces.extend(belongings::owned(state, other));
        }
    }
    pieces.into_iter().find(|p| match p {
        PieceId::Treasure { id } => cat.items.treasure(id).is_some_and(|t| t.sleep),
        _ => false,
    })
}

/// Whether his phase is lost to sleep: he sleeps, or falls asleep as it starts.
pub fn forbids(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    asleep(state, seat) || sleep_card(cat, state, seat).is_some()
}

/// His phase `phase` (counted from 1) is cancelled: he falls asleep if he is not asleep
/// yet, and the card that did it is shown.
pub fn cancel_phase(cat: &Catalog, state: &mut GameState, seat: Seat, phase: usize) -> Events {
    let mut events = Vec::new();
    let name = who::who(cat, state, seat);
    if !asleep(state, seat) {
        if let Some(card) = sleep_card(cat, state, seat) {
            state.today.asleep.insert(seat);
            state.piles.set_facing(&card, Facing::Up);
            events.push(Event::public(
                "8.1.1",
                format!("{name} falls asleep by the {card}: he loses the rest of his turn."),
                E::FellAsleep { seat, card },
            ));
        }
    }
    events.push(Event::public(
        "8.1.1",
        format!("Phase {phase}: {name} is asleep; the activity is cancelled."),
        E::PhaseCancelled {
            seat,
            reason: "asleep (the Flowers of Rest)".into(),
        },
    ));
    events
}

/// Sunset (8.1.1): the sleepers wake refreshed, every fatigued chit active again.
pub fn wake(cat: &Catalog, state: &mut GameState, events: &mut Events) {
    for seat in std::mem::take(&mut state.today.asleep) {
        let mut rested = 0u32;
        if let Some(s) = state.seat_mut(seat) {
            for slot in s.chits.iter_mut().filter(|c| **c == ChitStatus::Fatigued) {
                *slot = ChitStatus::Fresh;
                rested += 1;
            }
        }
        events.push(Event::public(
            "8.1.1",
            format!(
                "{} wakes refreshed: {rested} fatigued chit(s) active again.",
                who::who(cat, state, seat)
            ),
            E::WokeRefreshed {
                seat,
                chits: rested,
            },
        ));
    }
}
