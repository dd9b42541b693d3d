//! What a transmorphized character carries (rule 4.6.8b; the Transform and Absorb Essence
//! cards): the gold and belongings transmorphized with him are frozen (no use, no
//! rearranging, trading or abandoning, Negligible weight); turned into a creature he may
//! carry untransmorphized gold and belongings besides (what he gets later, and all his own
//! under Absorb Essence), kept inactive except Enchanted cards, tradeable, and carried with
//! the creature's move strength (or an untransmorphized horse). Mist carries nothing
//! untransmorphized. So too a hired leader or controlled monster turned into a creature
//! ("A character, hired leader, or controlled monster that is transmorphized ..."): what
//! it carries as it becomes one is frozen with it, what it is given later is not.

use super::{mist, transform};
use crate::engine::{Event, Seat};
use crate::magic_realm::actions::{BelongingChange, MagicRealmEvent as E};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::{belongings, carried, who};
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::GameState;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use tsify::Tsify;

/// 4.6.8b: what was transmorphized with a character (or a hired leader or controlled
/// monster) as he became the creature he is now.
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

/// 4.6.8b: whether `piece` is frozen for one who is `transmorphized` (mist or a
/// creature): as mist everything is; as a `creature` what `mark` names (everything while
/// there is no mark yet).
fn piece_frozen(
    transmorphized: bool,
    creature: bool,
    mark: Option<&Transmorphized>,
    piece: &PieceId,
) -> bool {
    transmorphized && (!creature || mark.is_none_or(|t| t.belongings.contains(piece)))
}

/// 4.6.8b: the part of `gold` that is frozen for one who is `transmorphized`, as
/// [`piece_frozen`] decides for a belonging.
fn gold_frozen(
    transmorphized: bool,
    creature: bool,
    mark: Option<&Transmorphized>,
    gold: i32,
) -> i32 {
    if !transmorphized {
        0
    } else if !creature {
        gold
    } else {
        mark.map_or(gold, |t| t.gold.clamp(0, gold.max(0)))
    }
}

/// 4.6.8b: whether the character of `seat` is turned into a creature (a monster or beast,
/// not mist): he may carry untransmorphized gold and belongings.
pub fn creature(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    !mist::misted_seat(cat, state, seat) && transform::transmorphized_seat(cat, state, seat)
}

/// 4.6.8b: whether his belonging `piece` is frozen: transmorphized with him while he is
/// mist or a creature (as mist, everything he has; with no mark yet, everything too).
pub fn belonging_frozen(cat: &Catalog, state: &GameState, seat: Seat, piece: &PieceId) -> bool {
    piece_frozen(
        super::frozen(cat, state, seat),
        creature(cat, state, seat),
        state.seat(seat).and_then(|s| s.transmorphized.as_ref()),
        piece,
    )
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
    gold_frozen(
        super::frozen(cat, state, seat),
        creature(cat, state, seat),
        s.transmorphized.as_ref(),
        s.gold,
    )
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

/// 4.6.8b: whether the hired leader or controlled monster `carrier` is turned into a
/// creature (a monster or beast, not mist): it may carry untransmorphized gold and
/// belongings.
pub fn creature_carrier(cat: &Catalog, state: &GameState, carrier: &PieceId) -> bool {
    !mist::misted_piece(cat, state, carrier)
        && transform::form_of_piece(cat, state, carrier).is_some()
}

/// 4.6.8b: whether the belongings and gold of `carrier` may be frozen at all: it is mist
/// or a creature.
fn carrier_transmorphized(cat: &Catalog, state: &GameState, carrier: &PieceId) -> bool {
    mist::misted_piece(cat, state, carrier)
        || transform::form_of_piece(cat, state, carrier).is_some()
}

/// The mark of what was transmorphized with `carrier`, if it has one.
fn carrier_mark<'a>(state: &'a GameState, carrier: &PieceId) -> Option<&'a Transmorphized> {
    state
        .carriers_transmorphized
        .iter()
        .find(|(p, _)| p == carrier)
        .map(|(_, t)| t)
}

/// 4.6.8b: whether `piece`, which `carrier` carries, is frozen: transmorphized with it
/// while it is mist or a creature (as mist, everything it carries; with no mark yet,
/// everything too).
pub fn carried_frozen(
    cat: &Catalog,
    state: &GameState,
    carrier: &PieceId,
    piece: &PieceId,
) -> bool {
    piece_frozen(
        carrier_transmorphized(cat, state, carrier),
        creature_carrier(cat, state, carrier),
        carrier_mark(state, carrier),
        piece,
    )
}

/// 4.6.8b: what `carrier` carries that is not frozen (all of it, untransmorphized), bottom
/// to top.
pub fn unfrozen_carried(cat: &Catalog, state: &GameState, carrier: &PieceId) -> Vec<PieceId> {
    carried::carried(state, carrier)
        .into_iter()
        .filter(|p| !carried_frozen(cat, state, carrier, p))
        .collect()
}

/// 4.6.8b: the part of the gold `carrier` records that is frozen (transmorphized with it).
pub fn frozen_carrier_gold(cat: &Catalog, state: &GameState, carrier: &PieceId) -> i32 {
    gold_frozen(
        carrier_transmorphized(cat, state, carrier),
        creature_carrier(cat, state, carrier),
        carrier_mark(state, carrier),
        carried::carrier_gold(state, carrier),
    )
}

/// 4.6.8b: the gold `carrier` may give now: its untransmorphized gold.
pub fn spendable_carrier_gold(cat: &Catalog, state: &GameState, carrier: &PieceId) -> i32 {
    (carried::carrier_gold(state, carrier) - frozen_carrier_gold(cat, state, carrier)).max(0)
}

/// 4.6.8b: whether `carrier` may give and be given gold and belongings now:
/// untransmorphized, or a creature (mist carries nothing untransmorphized).
pub fn carrier_may_trade(cat: &Catalog, state: &GameState, carrier: &PieceId) -> bool {
    !carrier_transmorphized(cat, state, carrier) || creature_carrier(cat, state, carrier)
}

/// 4.6.8b, after every action: a hired leader or controlled monster that has just become
/// a creature has what it carries and its recorded gold transmorphized with it; one no
/// longer a creature (the spell gone, or mist) or no longer hired or controlled loses the
/// mark. What it carries is inactive already (7.2.2), Enchanted cards excepted.
fn sync_carriers(cat: &Catalog, state: &mut GameState) {
    let mut creatures: Vec<PieceId> = state
        .spells
        .iter()
        .flat_map(|s| s.aims.iter())
        .filter_map(|a| match a {
            super::SpellAim::Denizen { piece } => Some(piece.clone()),
            _ => None,
        })
        .filter(|p| carried::is_carrier(cat, state, p) && creature_carrier(cat, state, p))
        .collect();
    creatures.sort();
    creatures.dedup();
    state
        .carriers_transmorphized
        .retain(|(p, _)| creatures.contains(p));
    for carrier in creatures {
        if carrier_mark(state, &carrier).is_some() {
            continue;
        }
        let mark = Transmorphized {
            transform: true,
            belongings: carried::carried(state, &carrier).into_iter().collect(),
            gold: carried::carrier_gold(state, &carrier),
        };
        state.carriers_transmorphized.push((carrier, mark));
    }
    state.carriers_transmorphized.sort_by(|a, b| a.0.cmp(&b.0));
}

/// 4.6.8b, after every action: a character who has just become a creature (or another
/// kind of creature) has what he has with him transmorphized with him (everything under
/// Transform, nothing under Absorb Essence, whose card says so); one no longer a creature
/// (reverted, or mist) loses the mark and merges the two groups. While he is a creature
/// his untransmorphized belongings are kept inactive, Enchanted cards (always active) and
/// Potions in use (active until Midnight, 4.4.3) excepted. Hired leaders and controlled
/// monsters are marked likewise.
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
    sync_carriers(cat, state);
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
