//! Attack spells in the melee (rules 4.6.6d, 8.4.4, 8.4.5; List of Spells): a working Attack
//! spell attacks each of its targets like a weapon, from the Attack circle its caster plays
//! it in, with the chit's completion time as its attack time; it hits armor and horses like
//! a weapon, and expires when the attacks are resolved (or at the end of the Melee Step if
//! it was not played). Stones Fly always makes four attacks, shared among its targets; Roof
//! Collapses attacks everyone in the cave clearing, its caster too, always in the Smash
//! direction at time 4.

use super::{effect_of, CastStatus, Events, SpellAim};
use super::{SpellCast, SpellEffect};
use crate::engine::Seat;
use crate::magic_realm::actions::MagicRealmAction as A;
use crate::magic_realm::catalog::items::AttackDirection;
use crate::magic_realm::catalog::magic::SpellAttack;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::fighters::denizens_in;
use crate::magic_realm::combat::melee::{AttackValues, CharacterAttack, Lane, MeleeStrike};
use crate::magic_realm::combat::round::{target_fighter, Built, Scope, Who};
use crate::magic_realm::combat::{current, current_mut, Combat, CombatTarget};
use crate::magic_realm::state::GameState;

/// The working Attack spell `seat` cast this round, with its values.
fn working_attack(cat: &Catalog, combat: &Combat, seat: Seat) -> Option<SpellAttack> {
    let cast = combat.casts.get(&seat)?;
    let spell = cat.spells.get(&cast.spell)?;
    (cast.status == CastStatus::Working && effect_of(spell) == Some(SpellEffect::Attack))
        .then_some(spell.attack)
        .flatten()
}

/// Whether `seat` cast a spell that came to life this round (8.4.5: then he cannot attack
/// with a weapon).
pub fn cast_successfully(combat: &Combat, seat: Seat) -> bool {
    combat
        .casts
        .get(&seat)
        .is_some_and(|c| matches!(c.status, CastStatus::Working | CastStatus::Aimed))
}

/// 8.4.4: the Attack circles he may direct his Attack spell from (not Roof Collapses,
/// whose direction is fixed).
pub fn options(cat: &Catalog, combat: &Combat, seat: Seat) -> Vec<A> {
    let played = combat
        .plays
        .get(&seat)
        .is_some_and(|p| p.spell_attack.is_some());
    match working_attack(cat, combat, seat) {
        Some(attack) if attack.fixed.is_none() && !played => Lane::ALL
            .iter()
            .map(|lane| A::PlaySpellAttack { lane: *lane })
            .collect(),
        _ => Vec::new(),
    }
}

fn lane_of(d: AttackDirection) -> Lane {
    match d {
        AttackDirection::Thrust => Lane::ChargeThrust,
        AttackDirection::Swing => Lane::DodgeSwing,
        AttackDirection::Smash => Lane::DuckSmash,
    }
}

/// Stones Fly: four attacks in all: one target takes four, two take two each, three take
/// two on the attention chit's target and one each on the others, four or more one each.
fn attacks_per_target(spell_id: &str, targets: usize, index: usize) -> usize {
    if spell_id != "stones-fly" {
        return 1;
    }
    match targets {
        1 => 4,
        2 => 2,
        3 if index == 0 => 2,
        _ => 1,
    }
}

/// The individuals Roof Collapses attacks: every character and denizen in the clearing
/// (not those turned into mist).
fn everyone(cat: &Catalog, state: &GameState, combat: &Combat) -> Vec<CombatTarget> {
    combat
        .fighting()
        .filter(|seat| !super::mist::misted_seat(cat, state, *seat))
        .map(|seat| CombatTarget::Character { seat })
        .chain(
            denizens_in(cat, state, combat.at)
                .into_iter()
                .map(|piece| CombatTarget::Denizen { piece }),
        )
        .collect()
}

/// The individuals an Attack spell is aimed at, but those turned into mist since (4.6.8d:
/// they cannot be attacked).
fn aimed(cat: &Catalog, state: &GameState, cast: &SpellCast) -> Vec<CombatTarget> {
    cast.aims
        .iter()
        .filter_map(SpellAim::individual)
        .filter(|t| !super::mist::misted(cat, state, t))
        .collect()
}

/// The characters the working Attack spells attack (they play their maneuvers).
pub fn attacked(cat: &Catalog, state: &GameState, combat: &Combat) -> Vec<Seat> {
    let mut out = Vec::new();
    for (seat, cast) in &combat.casts {
        let Some(attack) = working_attack(cat, combat, *seat) else {
            continue;
        };
        let targets = if attack.fixed.is_some() {
            everyone(cat, state, combat)
        } else {
            aimed(cat, state, cast)
        };
        out.extend(targets.into_iter().filter_map(|t| match t {
            CombatTarget::Character { seat } => Some(seat),
            CombatTarget::Denizen { .. } => None,
        }));
    }
    out
}

/// 8.4.4: adds the working Attack spells' attacks to the melee: every caster's with his
/// revealed plays, or (for the odds query) one character's with his candidate plays,
/// against the fighters he may know of.
pub fn add_to(cat: &Catalog, state: &GameState, built: &mut Built, scope: Scope) {
    let Some(combat) = current(state) else {
        return;
    };
    for (seat, cast) in combat.casts.iter().filter(|(s, _)| scope.includes(**s)) {
        let Some(attack) = working_attack(cat, combat, *seat) else {
            continue;
        };
        let Some(attacker) = built.id_of(&Who::Character(*seat)) else {
            continue;
        };
        let (lane, time, targets) = match attack.fixed {
            Some(fixed) => (
                lane_of(fixed.direction),
                fixed.time,
                everyone(cat, state, combat),
            ),
            None => {
                let Some(lane) = scope.plays_of(combat, *seat).and_then(|p| p.spell_attack) else {
                    continue;
                };
                (lane, cast.time, aimed(cat, state, cast))
            }
        };
        let values = AttackValues {
            time,
            length: attack.length,
            strike: MeleeStrike::Harm {
                letter: attack.harm,
                sharpness: attack.sharpness,
                missile: attack
                    .missile
                    .then(|| super::super::fighters::missile_dice(cat, state, *seat)),
                extra_level: false,
            },
        };
        let n = targets.len();
        for (i, target) in targets.iter().enumerate() {
            if let CombatTarget::Denizen { piece } = target {
                if built.id_of(&Who::Denizen(piece.clone())).is_none()
                    && !scope.stands_alone(combat, piece)
                {
                    continue;
                }
            }
            let Some(target) = target_fighter(cat, state, built, target) else {
                continue;
            };
            for _ in 0..attacks_per_target(&cast.spell.0, n, i) {
                built.spell_attacks.push(built.situation.attacks.len());
                built.situation.attacks.push(CharacterAttack {
                    attacker,
                    target,
                    lane,
                    values,
                    extras: Default::default(),
                });
            }
        }
    }
}

/// 8.4.4: after the melee the round's Attack spells expire and their chits fatigue.
pub fn expire(cat: &Catalog, state: &mut GameState, events: &mut Events) {
    let Some(combat) = current(state) else {
        return;
    };
    let ending: Vec<(Seat, SpellCast)> = combat
        .casts
        .iter()
        .filter(|(s, _)| working_attack(cat, combat, **s).is_some())
        .map(|(s, c)| (*s, c.clone()))
        .collect();
    for (seat, cast) in ending {
        if let Ok(c) = current_mut(state) {
            if let Some(cast) = c.casts.get_mut(&seat) {
                cast.status = CastStatus::Expired;
            }
        }
        super::expires(cat, state, cast.ended(seat), "8.4.4", events);
    }
}
