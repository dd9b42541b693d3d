//! What a transmorphized character carries (rule 4.6.8b; the Transform and Absorb Essence
//! cards): the gold and belongings transmorphized with him are frozen (no use, no
//! rearranging, trading or abandoning, Negligible weight); turned into a creature he may
//! carry untransmorphized gold and belongings besides (what he gets later, and all his own
//! under Absorb Essence), kept inactive except Enchanted cards, tradeable, and carried with
//! the creature's move strength (or an untransmorphized horse). Mist carries nothing
//! untransmorphized.

use super::{mist, transform};
use crate::engine::{Event, Seat};
use crate::magic_realm::actions::{BelongingChange, MagicRealmEvent as E};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::{belongings, who};
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::GameState;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use tsify::Tsify;

/// 4.6.8b: what was transmorphized with a character as he became the creature he is now.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Transmorphized {
    /// He became a Transform Table beast (true) or an absorbed monster (false): a change of
    /// creature transmorphizes him anew.
    pub transform: bool,
    /// The belongings transmorphized with him (frozen while he is the creature).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub belongings: BTreeSet<PieceId>,
    /// The recorded gold transmorphized with him.
    #[serde(default)]
    pub gold: i32,
}

/// 4.6.8b: whether the character of `seat` is turned into a creature (a monster or beast,
/// not mist): he may carry untransmorphized gold and belongings.
pub fn creature(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    !mist::misted_seat(cat, state, seat) && transform::transmorphized_seat(cat, state, seat)
}

/// 4.6.8b: whether his belonging `piece` is frozen: transmorphized with him while he is
/// mist or a creature (as mist, everything he has; with no mark yet, everything too).
pub fn belonging_frozen(cat: &Catalog, state: &GameState, seat: Seat, piece: &PieceId) -> bool {
    if !super::frozen(cat, state, seat) {
        return false;
    }
    if !creature(cat, state, seat) {
        return true;
    }
    state
        .seat(seat)
        .and_then(|s| s.transmorphized.as_ref())
        .is_none_or(|t| t.belongings.contains(piece))
}

/// 4.6.8b: the belongings of `seat` that are not frozen (all of them, untransmorphized).
pub fn unfrozen_belongings(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<PieceId> {
    belongings::owned(state, seat)
        .into_iter()
        .filter(|p| !belonging_frozen(cat, state, seat, p))
        .collect()
}

/// 4.6.8b: the part of his recorded gold that is frozen (transmorphized with him).
pub fn frozen_gold(cat: &Catalog, state: &GameState, seat: Seat) -> i32 {
    let Some(s) = state.seat(seat) else {
        return 0;
    };
    if !super::frozen(cat, state, seat) {
        return 0;
    }
    if !creature(cat, state, seat) {
        return s.gold;
    }
    s.transmorphized
        .as_ref()
        .map_or(s.gold, |t| t.gold.clamp(0, s.gold.max(0)))
}

/// 4.6.8b, 4.6.7a: the gold he may give or spend: his untransmorphized gold (none under
/// the Ashes curse).
pub fn spendable_gold(cat: &Catalog, state: &GameState, seat: Seat) -> i32 {
    let gold = crate::magic_realm::day::curses::spendable_gold(state, seat);
    (gold - frozen_gold(cat, state, seat)).max(0)
}

/// 4.6.8b: whether the character of `seat` may give and take gold and belongings now:
/// untransmorphized, or a creature (mist carries nothing untransmorphized).
pub fn may_trade(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    !super::frozen(cat, state, seat) || creature(cat, state, seat)
}

/// 4.6.8b, after every action: a character who has just become a creature (or another
/// kind of creature) has what he has with him transmorphized with him (everything under
/// Transform, nothing under Absorb Essence, whose card says so); one no longer a creature
/// (reverted, or mist) loses the mark and merges the two groups. While he is a creature
/// his untransmorphized belongings are kept inactive, Enchanted cards (always active) and
/// Potions in use (active until Midnight, 4.4.3) excepted.
pub fn sync(cat: &Catalog, state: &mut GameState, events: &mut Vec<Event<E>>) {
    let seats: Vec<Seat> = state.all_seats().collect();
    for seat in seats {
        let form = if mist::misted_seat(cat, state, seat) {
            None
        } else {
            transform::form_of_seat(cat, state, seat)
        };
        let Some(form) = form else {
            if let Some(s) = state.seat_mut(seat) {
                s.transmorphized = None;
            }
            continue;
        };
        let by_transform = form.monster.is_none();
        let marked = state
            .seat(seat)
            .and_then(|s| s.transmorphized.as_ref())
            .is_some_and(|t| t.transform == by_transform);
        if !marked {
            let mark = if by_transform {
                Transmorphized {
                    transform: true,
                    belongings: belongings::owned(state, seat).into_iter().collect(),
                    gold: state.seat(seat).map_or(0, |s| s.gold),
                }
            } else {
                Transmorphized::default()
            };
            if let Some(s) = state.seat_mut(seat) {
                s.transmorphized = Some(mark);
            }
        }
        keep_inactive(cat, state, seat, events);
    }
}

/// 4.6.8b: a creature keeps his untransmorphized belongings inactive.
fn keep_inactive(cat: &Catalog, state: &mut GameState, seat: Seat, events: &mut Vec<Event<E>>) {
    let active: Vec<PieceId> = unfrozen_belongings(cat, state, seat)
        .into_iter()
        .filter(|p| belongings::is_active(state, seat, p))
        .filter(|p| !belongings::always_active(cat, p) && !belongings::is_potion(cat, p))
        .collect();
    for piece in active {
        belongings::set_inactive(state, seat, &piece, true);
        events.push(Event::public(
            "4.6.8",
            format!(
                "{} is a creature: he keeps his untransmorphized belongings inactive.",
                who::who(cat, state, seat)
            ),
            E::BelongingRearranged {
                seat,
                piece: belongings::shown(cat, state, seat, &piece),
                change: BelongingChange::Deactivate,
            },
        ));
    }
}
