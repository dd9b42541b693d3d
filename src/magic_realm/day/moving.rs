//! The Move activity (rule 7.3.1): along roadways the character may use, two consecutive
//! Move phases to climb into a mountain clearing, and items too heavy for his strongest
//! Move chit abandoned where he leaves.

use super::{belongings, birdsong, hiring, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::tiles::ClearingKind;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::GameState;

type Events = Vec<Event<E>>;

/// 7.3.1: as he leaves `from`, everything heavier than what his strongest Move chit,
/// active Boots or horses can carry stays behind, abandoned there. Transmorphized, what is
/// transmorphized with him goes along at no weight, and a creature carries the rest with
/// its move strength or an untransmorphized horse (4.6.8b).
pub fn leave_heavy_items(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    from: ClearingRef,
    events: &mut Events,
) -> Result<(), RuleError> {
    use crate::magic_realm::combat::spells::carrying;
    let strength = belongings::carry_strength(cat, state, seat, belongings::Carriers::Moving);
    let heavy: Vec<PieceId> = carrying::unfrozen_belongings(cat, state, seat)
        .into_iter()
        .filter(|p| who::weight(cat, p).is_some_and(|w| w > strength))
        .collect();
    for p in &heavy {
        belongings::abandon(state, seat, p)?;
    }
    if !heavy.is_empty() {
        events.push(Event::public(
            "7.3.1",
            format!(
                "{} cannot carry {} item(s) heavier than {strength:?} and abandons them in {}.",
                who::who(cat, state, seat),
                heavy.len(),
                who::name(cat, from)
            ),
            E::ItemsAbandoned {
                seat,
                pieces: heavy,
                at: from,
            },
        ));
    }
    Ok(())
}

/// 8.3.8 d.1, d.3: the clearings a character on the roadway out of `from` toward `far` may
/// move to: either end, or only the clearing he ran out of once the roadway has vanished
/// or become a hidden roadway he cannot use (he was put in the forest).
pub fn roadway_ends(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    from: ClearingRef,
    far: ClearingRef,
) -> Vec<ClearingRef> {
    if birdsong::move_targets(cat, state, seat, from).contains(&far) {
        vec![from, far]
    } else {
        vec![from]
    }
}

/// 7.3.1: the first of two Move phases into a mountain clearing begins the climb (true: the
/// phase ends there); the second, or any Move elsewhere, ends any climb.
fn climbs(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    to: ClearingRef,
    (rule, whence): (&str, &str),
    events: &mut Events,
) -> bool {
    let mountain = who::clearing_kind(cat, state, to) == Some(ClearingKind::Mountain);
    if mountain && !state.today.climbing {
        state.today.climbing = true;
        events.push(Event::public(
            rule,
            format!(
                "{} starts the climb{whence} to {} (a second Move phase completes it).",
                who::who(cat, state, seat),
                who::name(cat, to)
            ),
            E::ClimbBegun { seat, to },
        ));
        return true;
    }
    state.today.climbing = false;
    false
}

/// 8.3.8 d.1: the first Move of a character between clearings, to an end of his roadway
/// (two Move phases into a mountain clearing). The Move chit he ran away with already
/// carried his belongings, and nobody blocks or spies on a roadway.
fn off_roadway(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    (from, far): (ClearingRef, ClearingRef),
    to: ClearingRef,
    events: &mut Events,
) -> Result<(), RuleError> {
    let name = who::who(cat, state, seat);
    if !roadway_ends(cat, state, seat, from, far).contains(&to) {
        state.today.climbing = false;
        events.push(Event::public(
            "8.3.8",
            format!(
                "{name} cannot move to {}: the roadway he ran onto no longer leads there; the phase is forfeited.",
                who::name(cat, to)
            ),
            E::PhaseCancelled {
                seat,
                reason: "the roadway he is on does not lead to the recorded clearing (8.3.8)"
                    .into(),
            },
        ));
        return Ok(());
    }
    if climbs(cat, state, seat, to, ("8.3.8", " from the roadway"), events) {
        return Ok(());
    }
    let counter = who::counter(state, seat)
        .ok_or_else(|| RuleError::internal("a moving seat has no character"))?;
    state
        .piles
        .move_to(&counter, Place::Clearing { at: to }, None);
    let other_end = if to == from { far } else { from };
    state.today.entered_from.insert(seat, other_end);
    events.push(Event::public(
        "8.3.8",
        format!("{name} moves off the roadway into {}.", who::name(cat, to)),
        E::Moved {
            seat,
            from: other_end,
            to,
        },
    ));
    events.extend(belongings::entered_clearing(cat, state, seat));
    Ok(())
}

/// Does a recorded Move to `to`.
pub fn do_move(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    to: ClearingRef,
    events: &mut Events,
) -> Result<(), RuleError> {
    if let Some(road) = who::roadway(state, seat) {
        return off_roadway(cat, state, seat, road, to, events);
    }
    let from = who::clearing_or_err(state, seat)?;
    let name = who::who(cat, state, seat);
    if !birdsong::move_targets(cat, state, seat, from).contains(&to) {
        state.today.climbing = false;
        events.push(Event::public(
            "7.3.1",
            format!(
                "{name} cannot move from {} to {}: no roadway he can use joins them; the phase is forfeited.",
                who::name(cat, from),
                who::name(cat, to)
            ),
            E::PhaseCancelled {
                seat,
                reason: "no usable roadway to the recorded clearing (7.3.1)".into(),
            },
        ));
        return Ok(());
    }
    if climbs(cat, state, seat, to, ("7.3.1", ""), events) {
        return Ok(());
    }
    leave_heavy_items(cat, state, seat, from, events)?;
    let counter = who::counter(state, seat)
        .ok_or_else(|| RuleError::internal("a moving seat has no character"))?;
    // 4.5.5: the roadway he uses, and who is spying on him as he leaves.
    // He uses an open roadway when one joins the clearings.
    let via: Vec<crate::magic_realm::map::PathRef> =
        birdsong::usable_routes(cat, state, seat, from)
            .into_iter()
            .filter(|r| r.to == to)
            .min_by_key(|r| (r.kind.needs_discovery(), r.via.len()))
            .map(|r| r.via)
            .unwrap_or_default();
    let watching = super::spying::spies(cat, state, seat, from);
    state
        .piles
        .move_to(&counter, Place::Clearing { at: to }, None);
    super::spying::used_roadways(cat, state, seat, &watching, &via, events);
    // 8.3.8: having walked the woods in (no roadway joins the clearings), he may run out
    // along any roadway.
    if birdsong::usable_routes(cat, state, seat, from)
        .iter()
        .any(|r| r.to == to)
    {
        state.today.entered_from.insert(seat, from);
    } else {
        state.today.entered_from.remove(&seat);
    }
    events.push(Event::public(
        "7.3.1",
        format!(
            "{name} moves from {} to {}.",
            who::name(cat, from),
            who::name(cat, to)
        ),
        E::Moved { seat, from, to },
    ));
    events.extend(belongings::entered_clearing(cat, state, seat));
    hiring::accompany(cat, state, seat, from, to, events);
    Ok(())
}

/// 7.3.1: the clearings one Move away from `from` for a hired leader or controlled monster
/// taking its own turn, along open roadways and the hidden ones in `known`.
pub fn one_move_away(
    cat: &Catalog,
    state: &GameState,
    from: ClearingRef,
    known: &std::collections::BTreeSet<crate::magic_realm::map::PathRef>,
) -> Vec<ClearingRef> {
    let mut to: Vec<ClearingRef> = state
        .map
        .moves(&cat.tiles, from, known)
        .into_iter()
        .map(|r| r.to)
        .collect();
    to.sort();
    to.dedup();
    to
}

/// How a hired leader's or controlled monster's Move phase begins (7.3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveStart {
    /// It cannot move there: the phase is blank.
    Blank,
    /// The first of the two Moves into a mountain clearing: it starts the climb.
    Climbing,
    /// It moves now.
    Moves,
}

/// 7.3.1: the start of a Move phase of `who` (a hired leader or controlled monster) from
/// `from` to `to`, given the clearings `targets` one Move away and whether a climb is under
/// way; logs `blank` or `climb` (the mover's own event) when the phase goes no further.
#[allow(clippy::too_many_arguments)]
pub fn start_move(
    cat: &Catalog,
    state: &GameState,
    who_name: &str,
    (from, to): (ClearingRef, ClearingRef),
    targets: &[ClearingRef],
    climbing: bool,
    phase: usize,
    (blank, climb): (E, E),
    events: &mut Vec<Event<E>>,
) -> MoveStart {
    if !targets.contains(&to) {
        events.push(Event::public(
            "7.3.1",
            format!(
                "Phase {phase}: {who_name} cannot move from {} to {}; the phase is blank.",
                who::name(cat, from),
                who::name(cat, to)
            ),
            blank,
        ));
        return MoveStart::Blank;
    }
    let mountain = who::clearing_kind(cat, state, to) == Some(ClearingKind::Mountain);
    if mountain && !climbing {
        events.push(Event::public(
            "7.3.1",
            format!(
                "Phase {phase}: {who_name} starts the climb to {}.",
                who::name(cat, to)
            ),
            climb,
        ));
        return MoveStart::Climbing;
    }
    MoveStart::Moves
}
