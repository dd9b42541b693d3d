//! Treasure cards that fight (rules 4.4.3, 4.4.6, 8.4.5; the List of Treasures): what a
//! character's active Treasure cards and the Potions he used today do to his effort limit
//! and to the time and strength of his Move and Fight chits, and what a Potion applied to
//! a weapon does to its attacks. Every number comes from the card's data (`combat`).

use super::melee::AttackExtras;
use crate::engine::Seat;
use crate::magic_realm::catalog::characters::{ActionChit, ChitKind};
use crate::magic_realm::catalog::common::Size;
use crate::magic_realm::catalog::items::{CombatEffect, TreasureKind};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::belongings;
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::GameState;

/// 8.4.5: the effort limit of a round without Treasure cards.
pub const EFFORT_LIMIT: u8 = 2;

/// The combat effects working for the character: his active Treasure cards' (Potions
/// aside) and the Potions he used up on himself today (4.4.3c).
pub fn effects(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<CombatEffect> {
    let mut out: Vec<CombatEffect> = belongings::active(state, seat)
        .iter()
        .filter_map(|p| match p {
            PieceId::Treasure { id } => cat.items.treasure(id),
            _ => None,
        })
        .filter(|t| !t.is(TreasureKind::Potion))
        .flat_map(|t| t.combat.iter().copied())
        .collect();
    out.extend(super::potions::seat_effects(cat, state, seat));
    out
}

/// 8.4.5: the most effort asterisks he may play in a round; `None`: no limit (Potion of
/// Energy). The Girtle of Energy raises the limit.
pub fn effort_limit(cat: &Catalog, state: &GameState, seat: Seat) -> Option<u8> {
    let mut limit = EFFORT_LIMIT;
    for e in effects(cat, state, seat) {
        if let CombatEffect::EffortLimit { asterisks } = e {
            limit = limit.max(asterisks?);
        }
    }
    Some(limit)
}

/// Whether a card sets the time of his Move and Fight chits (Garb of Speed, Draught of
/// Speed): it then overrides Elven Grace.
pub fn sets_times(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    effects(cat, state, seat)
        .iter()
        .any(|e| matches!(e, CombatEffect::ChitTimes { .. }))
}

/// The strength and time a Move or Fight chit (Duck and Berserk chits too) has in combat:
/// the fastest time and the greatest strength his cards give a chit of its asterisks
/// (Garb and Draught of Speed, Belt of Strength), else the printed ones. Magic chits keep
/// theirs.
pub fn chit(cat: &Catalog, state: &GameState, seat: Seat, chit: &ActionChit) -> (ChitKind, u8) {
    if chit.kind.strength().is_none() {
        return (chit.kind, chit.time);
    }
    let effects = effects(cat, state, seat);
    let time = effects
        .iter()
        .filter_map(|e| match e {
            CombatEffect::ChitTimes { times } => Some(times.of(chit.effort)),
            _ => None,
        })
        .min()
        .unwrap_or(chit.time);
    let strength: Option<Size> = effects
        .iter()
        .filter_map(|e| match e {
            CombatEffect::ChitStrengths { strengths } => Some(strengths.of(chit.effort)),
            _ => None,
        })
        .max();
    let kind = match (chit.kind, strength) {
        (ChitKind::Move { .. }, Some(s)) => ChitKind::Move { strength: s },
        (ChitKind::Fight { .. }, Some(s)) => ChitKind::Fight { strength: s },
        (ChitKind::Duck { .. }, Some(s)) => ChitKind::Duck { strength: s },
        (ChitKind::Berserk { .. }, Some(s)) => ChitKind::Berserk { strength: s },
        // Unleash Power: the Belt of Strength overrides its strength.
        (ChitKind::MoveFight { .. }, Some(s)) => ChitKind::MoveFight { strength: s },
        (kind, _) => kind,
    };
    (kind, time)
}

/// 4.4.3d: the sharpness stars a Potion adds to a weapon (`None`: `seat`'s dagger).
pub fn added_sharpness(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    weapon: Option<&PieceId>,
) -> u8 {
    super::potions::weapon_effects(cat, state, seat, weapon)
        .iter()
        .map(|e| match e {
            CombatEffect::AddSharpness { stars } => *stars,
            _ => 0,
        })
        .sum()
}

/// What his cards do to his attack with a weapon (`None`: `seat`'s dagger): Potions on it
/// (4.4.3d) hit on a tied time (Ointment of Bite) or ignore armor (Penetrating Grease);
/// the Battle Bracelets move it after the plays are revealed.
pub fn extras(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    weapon: Option<&PieceId>,
) -> AttackExtras {
    let effects = super::potions::weapon_effects(cat, state, seat, weapon);
    AttackExtras {
        hits_on_tie: effects.contains(&CombatEffect::HitsOnTie),
        ignores_armor: effects.contains(&CombatEffect::IgnoresArmor),
        shift_attack: shift_attack(cat, state, seat),
    }
}

/// 4.4.3d: whether the weapon stays alerted side up when it hits (Gripping Dust).
pub fn stays_alerted(cat: &Catalog, state: &GameState, seat: Seat, weapon: &PieceId) -> bool {
    super::potions::weapon_effects(cat, state, seat, Some(weapon))
        .contains(&CombatEffect::StaysAlerted)
}

/// 8.4.8: the time his attackers must all be slower than for his maneuver to move after
/// the plays are revealed (Elusive Cloak).
pub fn shift_maneuver(cat: &Catalog, state: &GameState, seat: Seat) -> Option<u8> {
    effects(cat, state, seat)
        .iter()
        .filter_map(|e| match e {
            CombatEffect::ShiftManeuver { time } => Some(*time),
            _ => None,
        })
        .min()
}

/// 8.4.8: the time his target must maneuver slower than for his attack to move after the
/// plays are revealed (Battle Bracelets).
pub fn shift_attack(cat: &Catalog, state: &GameState, seat: Seat) -> Option<u8> {
    effects(cat, state, seat)
        .iter()
        .filter_map(|e| match e {
            CombatEffect::ShiftAttack { time } => Some(*time),
            _ => None,
        })
        .min()
}

/// 8.5.3: whether hits on his armor give him no wound (Reflecting Grease).
pub fn armor_stops_wounds(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    effects(cat, state, seat).contains(&CombatEffect::ArmorStopsWounds)
}
