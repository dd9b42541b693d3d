//! Blocking between individuals (rule 7.12): a character may block another character in his
//! clearing, and the monsters there, at the end of a phase of either one's turn. Mutual:
//! both are blocked and unhidden, and whoever is taking his turn loses the rest of it. A
//! hidden individual can be blocked only by those who have found hidden enemies today.
//!
//! Players give their blocking orders in Birdsong with their record (in secret): whom they
//! will block whenever they can that day, and whether they will block the monsters. The
//! orders are carried out at the end of each phase; that spares every other player a
//! question at every phase end.

use super::who;
use crate::engine::{Event, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::{BlockOrder, GameState};

type Events = Vec<Event<E>>;

/// The blocking orders a seat may add or withdraw in Birdsong.
pub fn options(state: &GameState, seat: Seat) -> Vec<A> {
    let Some(record) = state.seat(seat).map(|s| &s.record) else {
        return Vec::new();
    };
    let mut orders: Vec<BlockOrder> = state
        .all_seats()
        .filter(|s| *s != seat && who::playing(state, *s))
        .map(|target| BlockOrder::Character { target })
        .collect();
    orders.push(BlockOrder::Monsters);
    orders
        .into_iter()
        .map(|order| {
            if record.blocks.contains(&order) {
                A::WithdrawBlockOrder { order }
            } else {
                A::GiveBlockOrder { order }
            }
        })
        .collect()
}

fn intends(state: &GameState, seat: Seat, order: &BlockOrder) -> bool {
    state
        .seat(seat)
        .is_some_and(|s| s.record.blocks.contains(order))
}

fn hidden(state: &GameState, seat: Seat) -> bool {
    state.seat(seat).is_some_and(|s| s.hidden)
}

/// Whether `blocker` may block `target` now (7.12): same clearing, neither following nor
/// turned into mist (4.6.8c), and the target unhidden unless the blocker has found hidden
/// enemies.
fn may_block(
    cat: &Catalog,
    state: &GameState,
    blocker: Seat,
    target: Seat,
    at: ClearingRef,
) -> bool {
    let mist = |s| crate::magic_realm::combat::spells::mist::misted_seat(cat, state, s);
    blocker != target
        && !mist(blocker)
        && !mist(target)
        && who::playing(state, blocker)
        && who::playing(state, target)
        && who::clearing(state, blocker) == Some(at)
        && who::clearing(state, target) == Some(at)
        && !super::following::is_following(state, blocker)
        && !super::following::is_following(state, target)
        && !state.today.blocked.contains(&target)
        && (!hidden(state, target) || state.today.found_enemies.contains(&blocker))
}

fn block(cat: &Catalog, state: &mut GameState, blocker: Seat, target: Seat, events: &mut Events) {
    for s in [blocker, target] {
        state.today.blocked.insert(s);
        if let Some(sheet) = state.seat_mut(s) {
            sheet.hidden = false;
        }
    }
    events.push(Event::public(
        "7.12",
        format!(
            "{} blocks {}: both are blocked and unhidden.",
            who::who(cat, state, blocker),
            who::who(cat, state, target)
        ),
        E::CharacterBlocks { blocker, target },
    ));
}

/// 7.12: at the end of `mover`'s phase, the standing orders in his clearing are carried
/// out: others' orders to block him, his orders to block them, and his order to block the
/// monsters there.
pub fn end_of_phase(cat: &Catalog, state: &mut GameState, mover: Seat, events: &mut Events) {
    let Some(at) = who::clearing(state, mover) else {
        return;
    };
    for other in state.all_seats().collect::<Vec<_>>() {
        if intends(state, other, &BlockOrder::Character { target: mover })
            && may_block(cat, state, other, mover, at)
        {
            block(cat, state, other, mover, events);
        }
    }
    for other in state.all_seats().collect::<Vec<_>>() {
        if intends(state, mover, &BlockOrder::Character { target: other })
            && may_block(cat, state, mover, other, at)
        {
            block(cat, state, mover, other, events);
        }
    }
    if intends(state, mover, &BlockOrder::Monsters)
        && !super::following::is_following(state, mover)
        && !crate::magic_realm::combat::spells::mist::misted_seat(cat, state, mover)
    {
        let monsters: Vec<PieceId> = state
            .piles
            .pile(&Place::Clearing { at })
            .iter()
            .filter(|c| matches!(c.piece, PieceId::Monster { .. }))
            .map(|c| c.piece.clone())
            .filter(|m| !state.today.stopped.contains(m))
            .filter(|m| !crate::magic_realm::combat::spells::mist::misted_piece(cat, state, m))
            .collect();
        if !monsters.is_empty() {
            state.today.blocked.insert(mover);
            state.today.stopped.extend(monsters.iter().cloned());
            if let Some(s) = state.seat_mut(mover) {
                s.hidden = false;
            }
            events.push(Event::public(
                "7.12",
                format!(
                    "{} blocks the monsters in {}: they stop prowling, and he is blocked and unhidden.",
                    who::who(cat, state, mover),
                    who::name(cat, at)
                ),
                E::Blocked {
                    seat: mover,
                    by: monsters,
                },
            ));
        }
    }
}
