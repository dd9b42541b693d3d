//! Premonition (List of Spells; VII/Grey, Day, one character): its target keeps his
//! attention chit out of the mix at Sunrise (6.3.5) and chooses when he takes his turn:
//! each time a chit is about to be picked (7.1.1) he may preempt and take his turn now,
//! or pass; when no chits are left he must take it. He still takes one turn a day. If the
//! spell is broken before he preempts, his chit is mixed in at once with those remaining.
//! Several characters who can preempt decide in turn, going clockwise (by seat) from the
//! last character to take a turn.
//! The Swordsman's Clever (List of Characters, 2.7.8) works as a Premonition every day.

use super::who;
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::characters::SpecialAdvantage;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::spells::{self, SpellAim, SpellEffect, SpellInEffect};
use crate::magic_realm::state::{GameState, Turner};

type Events = Vec<Event<E>>;

/// Whether `seat` chooses when to take his turn today: a working Premonition bewitches
/// him, or he has the advantage Clever (the Swordsman).
pub fn foreseen(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    spells::character_bewitched_by(cat, state, seat, SpellEffect::Premonition)
        || who::has(cat, state, seat, SpecialAdvantage::Clever)
}

/// What lets `seat` choose when he takes his turn, as players name it.
fn why(cat: &Catalog, state: &GameState, seat: Seat) -> &'static str {
    if spells::character_bewitched_by(cat, state, seat, SpellEffect::Premonition) {
        "Premonition"
    } else {
        "Clever"
    }
}

/// 6.3.5, at Sunrise: the characters of `order` a Premonition bewitches keep their
/// attention chits out of the mix (they leave `order`).
pub fn sunrise(cat: &Catalog, state: &mut GameState, order: &mut Vec<Turner>, events: &mut Events) {
    let kept: Vec<Seat> = order
        .iter()
        .filter_map(Turner::character)
        .filter(|s| foreseen(cat, state, *s))
        .collect();
    order.retain(|t| t.character().is_none_or(|s| !kept.contains(&s)));
    for seat in &kept {
        events.push(Event::public(
            "6.3.5",
            format!(
                "{} keeps his attention chit out of the mix ({}).",
                who::who(cat, state, *seat),
                why(cat, state, *seat)
            ),
            E::ChitKeptOut { seat: *seat },
        ));
    }
    state.today.preempting = kept;
}

/// The character who decides now whether to preempt, if any: before a chit is picked, the
/// first (clockwise from the last character to take a turn) of those keeping their chits
/// out who has not passed this time.
pub fn decider(state: &GameState) -> Option<Seat> {
    if state.today.turn_started || state.today.pending.is_some() {
        return None;
    }
    // A character who has just preempted: his chit is the one picked now.
    if let Some(Turner::Character(s)) = state.today.order.get(state.today.turn) {
        if state.today.preempted.contains(s) {
            return None;
        }
    }
    let n = state.seats.len().max(1);
    // The last character to take a turn (a hired leader's turn counts as his employer's);
    // at the start of the day, clockwise from the first seat.
    let from = state
        .today
        .turn
        .checked_sub(1)
        .and_then(|i| state.today.order.get(i))
        .map_or(n - 1, |t| usize::from(t.seat().0));
    state
        .today
        .preempting
        .iter()
        .copied()
        .filter(|s| !state.today.passed.contains(s) && who::playing(state, *s))
        .min_by_key(|s| (usize::from(s.0) + n - from - 1) % n)
}

/// Whether every chit has been picked: he cannot pass.
fn none_left(state: &GameState) -> bool {
    state.today.turn >= state.today.order.len()
}

pub fn options(state: &GameState, seat: Seat) -> Vec<A> {
    if decider(state) != Some(seat) {
        return Vec::new();
    }
    if none_left(state) {
        vec![A::Preempt]
    } else {
        vec![A::Preempt, A::PassPreempt]
    }
}

/// Applies `Preempt` (his chit is picked now) or `PassPreempt`.
pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
    events: &mut Events,
) -> Result<(), RuleError> {
    if !options(state, seat).contains(action) {
        return Err(RuleError::illegal("he cannot preempt or pass now"));
    }
    let name = who::who(cat, state, seat);
    let why = why(cat, state, seat);
    match action {
        A::Preempt => {
            state.today.preempting.retain(|s| *s != seat);
            state.today.preempted.insert(seat);
            state.today.passed.clear();
            let turn = state.today.turn.min(state.today.order.len());
            state.today.order.insert(turn, Turner::Character(seat));
            events.push(Event::public(
                "7.1.1",
                format!("{name} preempts: he takes his turn now ({why})."),
                E::Preempted { seat },
            ));
        }
        _ => {
            state.today.passed.insert(seat);
            events.push(Event::public(
                "7.1.1",
                format!("{name} passes: the next attention chit is picked."),
                E::PreemptPassed { seat },
            ));
        }
    }
    Ok(())
}

/// The Premonition `s` is broken (or expires) before its target preempts: his attention
/// chit is mixed in at once with the chits still to be picked.
pub fn released(cat: &Catalog, state: &mut GameState, s: &SpellInEffect, events: &mut Events) {
    if !s.has(cat, SpellEffect::Premonition) {
        return;
    }
    for aim in &s.aims {
        let SpellAim::Character { seat } = aim else {
            continue;
        };
        if !state.today.preempting.contains(seat) || foreseen(cat, state, *seat) {
            continue;
        }
        state.today.preempting.retain(|x| x != seat);
        state.today.passed.remove(seat);
        // Mixed with the remaining chits: any place from the next pick on.
        let first = state.today.turn + usize::from(state.today.turn_started);
        let first = first.min(state.today.order.len());
        let places = state.today.order.len() - first + 1;
        let place = first + state.draws.index(places);
        state.today.order.insert(place, Turner::Character(*seat));
        events.push(Event::public(
            "6.3.5",
            format!(
                "{}'s Premonition is gone: his attention chit is mixed in with those left.",
                who::who(cat, state, *seat)
            ),
            E::ChitMixedIn { seat: *seat },
        ));
    }
}
