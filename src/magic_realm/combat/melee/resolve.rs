//! Resolving attacks (8.4.8) and putting the hits into effect in order (8.4.9), after the
//! denizens are randomized (8.4.6, [`super::reposition`]).
//!
//! Who attacks whom:
//! * on a character's sheet every denizen but a native horse attacks the owner, along its
//!   red box;
//! * on a denizen's sheet the defender (and its head or club) attacks its target's
//!   fighter, and every fighter in the Maneuver squares and Attack circles but a native
//!   horse attacks the defender;
//! * each character attack of [`Situation::attacks`] hits or misses its own target.
//!
//! A denizen whose side up has no attack (light-side Spear Goblins and Archers, 8.4.7,
//! 8.4.9) makes none. Heads and clubs attack with their own values (8.4.7).
//!
//! An attack hits by undercutting (its time is lower than the target's maneuver time) or
//! else by intercepting (its lane is the target's maneuver lane). A character maneuvers
//! with the horse he played, else his Move chit; with neither, every attack on him hits
//! (8.4.8). A denizen maneuvers along its box with its side's move time — a native riding
//! a horse on the same sheet with his horse's box and move time (8.4.9 Native Horses).

use super::inflict::Inflict;
use super::reposition::{denizen, randomize, Board};
use super::tables::MeleeTables;
use super::{
    AttackExtras, AttackValues, Chance, DenizenKind, FighterId, Hit, HitBy, Lane, Maneuver,
    MeleeFighter, MeleeOutcome, Sheet, Situation,
};
use crate::engine::RuleError;
use crate::magic_realm::catalog::common::Side;
use crate::magic_realm::catalog::Catalog;
use std::cmp::Reverse;

/// One attack as the plays stand after repositioning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attack {
    pub attacker: FighterId,
    pub target: FighterId,
    pub lane: Lane,
    pub values: AttackValues,
    /// Potions on a character's weapon (4.4.3d); plain for denizens.
    pub extras: AttackExtras,
}

/// Resolves a Melee Step: repositions and changes tactics (8.4.6), matches attacks with
/// maneuvers (8.4.8) and inflicts harm in order (8.4.9).
pub fn resolve(
    cat: &Catalog,
    situation: &Situation,
    chance: &mut dyn Chance,
) -> Result<MeleeOutcome, RuleError> {
    let tables = MeleeTables::new(cat)?;
    resolve_with(&tables, situation, chance)
}

/// [`resolve`] with the tables already looked up (the odds query resolves many times).
pub fn resolve_with(
    tables: &MeleeTables,
    sit: &Situation,
    chance: &mut dyn Chance,
) -> Result<MeleeOutcome, RuleError> {
    let board = randomize(tables, sit, chance)?;
    let horses = horses_of(sit, &board)?;
    let attacks = attacks(sit, &board)?;
    // Elusive Cloak, Battle Bracelets: maneuvers and attacks moved once all is revealed.
    let shifted = super::tactics::shift_maneuvers(sit, &board, &horses, &attacks)?;
    let sit = shifted.as_ref().unwrap_or(sit);
    let attacks = super::tactics::shift_attacks(sit, &board, &horses, attacks)?;

    let mut outcome = MeleeOutcome {
        placed: board
            .order
            .iter()
            .filter_map(|&id| board.spot(id).map(|s| (id, s.lane, board.side(id))))
            .collect(),
        ..MeleeOutcome::default()
    };
    let mut hits: Vec<(Attack, HitBy)> = Vec::with_capacity(attacks.len());
    for a in attacks {
        match hit_by(sit, &board, &horses, &a)? {
            Some(by) => hits.push((a, by)),
            None => outcome.missed.push(a.attacker),
        }
    }
    // 8.4.9: the first round of the day in a clearing orders hits by length, then time;
    // later rounds by time, then length. The sort is stable: equal keys keep the order
    // the attacks were listed in, and share a moment.
    if sit.first_round {
        hits.sort_by_key(|(a, _)| (Reverse(a.values.length), a.values.time));
    } else {
        hits.sort_by_key(|(a, _)| (a.values.time, Reverse(a.values.length)));
    }
    let mut inflict = Inflict::new(tables, sit, &horses, hits.len());
    let mut moment: u16 = 0;
    let mut previous: Option<(u8, u8)> = None;
    for (a, by) in hits {
        let key = (a.values.time, a.values.length);
        if previous.is_some_and(|p| p != key) {
            moment += 1;
        }
        previous = Some(key);
        let hit: Hit = inflict.hit(&a, by, moment, chance)?;
        outcome.hits.push(hit);
    }
    outcome.killed = inflict.into_killed();
    Ok(outcome)
}

/// By fighter index: the native horse a rider rides, when both stand on the same sheet.
pub fn horses_of(sit: &Situation, board: &Board) -> Result<Vec<Option<FighterId>>, RuleError> {
    let mut horses = vec![None; sit.fighters.len()];
    for (i, f) in sit.fighters.iter().enumerate() {
        if let MeleeFighter::Denizen(d) = f {
            if let DenizenKind::NativeHorse { rider } = d.kind {
                let id = fighter_id(i)?;
                let same_sheet = match (board.spot(id), board.spot(rider)) {
                    (Some(h), Some(r)) => h.sheet == r.sheet,
                    _ => false,
                };
                if same_sheet {
                    if let Some(slot) = horses.get_mut(usize::from(rider.0)) {
                        *slot = Some(id);
                    }
                }
            }
        }
    }
    Ok(horses)
}

fn fighter_id(i: usize) -> Result<FighterId, RuleError> {
    u16::try_from(i)
        .map(FighterId)
        .map_err(|_| RuleError::internal("too many fighters in one melee"))
}

/// The fighter a list of a denizen's sheet stands for: its first counter that is neither a
/// native horse nor a head or club.
fn main_fighter(
    sit: &Situation,
    list: &[(FighterId, Lane)],
) -> Result<Option<FighterId>, RuleError> {
    for &(id, _) in list {
        let d = denizen(sit, id)?;
        if !matches!(
            d.kind,
            DenizenKind::NativeHorse { .. } | DenizenKind::Part { .. }
        ) {
            return Ok(Some(id));
        }
    }
    Ok(None)
}

/// The denizen's attack, if its side up has one, along its box after repositioning.
fn denizen_attack(
    sit: &Situation,
    board: &Board,
    id: FighterId,
    target: FighterId,
) -> Result<Option<Attack>, RuleError> {
    let d = denizen(sit, id)?;
    if matches!(d.kind, DenizenKind::NativeHorse { .. }) {
        return Ok(None);
    }
    let tactic = match board.side(id) {
        Side::Light => &d.light,
        Side::Dark => &d.dark,
    };
    let (Some(values), Some(spot)) = (tactic.attack, board.spot(id)) else {
        return Ok(None);
    };
    Ok(Some(Attack {
        attacker: id,
        target,
        lane: spot.lane,
        values,
        extras: AttackExtras::default(),
    }))
}

/// Every attack of the step: the denizens' in sheet order, then the characters'.
pub fn attacks(sit: &Situation, board: &Board) -> Result<Vec<Attack>, RuleError> {
    let mut out = Vec::with_capacity(sit.fighters.len() + sit.attacks.len());
    for sheet in &sit.sheets {
        match sheet {
            Sheet::Character { owner, boxes } => {
                for &(id, _) in boxes {
                    out.extend(denizen_attack(sit, board, id, *owner)?);
                }
            }
            Sheet::Denizen {
                defender,
                target,
                circles,
                holds,
            } => {
                let def = main_fighter(sit, defender)?;
                // 8.3.6 a.8: a defender holding a character attacks him, not its sheet.
                let aim = match holds {
                    Some(held) => Some(*held),
                    None => main_fighter(sit, target)?,
                };
                if let Some(tgt) = aim {
                    for &(id, _) in defender {
                        out.extend(denizen_attack(sit, board, id, tgt)?);
                    }
                }
                if let Some(def) = def {
                    for &(id, _) in target.iter().chain(circles) {
                        out.extend(denizen_attack(sit, board, id, def)?);
                    }
                }
            }
        }
    }
    for a in &sit.attacks {
        if sit.fighters.get(usize::from(a.attacker.0)).is_none() {
            return Err(RuleError::internal(format!("no attacker {}", a.attacker.0)));
        }
        out.push(Attack {
            attacker: a.attacker,
            target: a.target,
            lane: a.lane,
            values: a.values,
            extras: a.extras,
        });
    }
    Ok(out)
}

/// The maneuver an attack on `target` is compared with (8.4.8, 8.4.9): `None` when the
/// target played none (every attack hits him).
pub fn maneuver_of(
    sit: &Situation,
    board: &Board,
    horses: &[Option<FighterId>],
    target: FighterId,
) -> Result<Option<Maneuver>, RuleError> {
    match sit.fighters.get(usize::from(target.0)) {
        Some(MeleeFighter::Character(c)) => Ok(c.horse.map(|h| h.maneuver).or(c.maneuver)),
        Some(MeleeFighter::Denizen(d)) => {
            if let DenizenKind::Part { .. } = d.kind {
                return Err(RuleError::internal(format!(
                    "fighter {} is a head or club, which cannot be attacked (8.4.7)",
                    target.0
                )));
            }
            let who = horses
                .get(usize::from(target.0))
                .copied()
                .flatten()
                .unwrap_or(target);
            let d = denizen(sit, who)?;
            let spot = board.spot(who).ok_or_else(|| {
                RuleError::internal(format!("denizen {} is attacked but on no sheet", who.0))
            })?;
            let tactic = match board.side(who) {
                Side::Light => &d.light,
                Side::Dark => &d.dark,
            };
            Ok(Some(Maneuver {
                lane: spot.lane,
                time: tactic.move_time,
            }))
        }
        None => Err(RuleError::internal(format!("no target {}", target.0))),
    }
}

/// Whether an attack hits (8.4.8): undercutting first, then intercepting.
fn hit_by(
    sit: &Situation,
    board: &Board,
    horses: &[Option<FighterId>],
    a: &Attack,
) -> Result<Option<HitBy>, RuleError> {
    Ok(match maneuver_of(sit, board, horses, a.target)? {
        None => Some(HitBy::Intercept),
        Some(m) if a.values.time < m.time => Some(HitBy::Undercut),
        // Ointment of Bite: a tied time undercuts too.
        Some(m) if a.extras.hits_on_tie && a.values.time == m.time => Some(HitBy::Undercut),
        Some(m) if a.lane == m.lane => Some(HitBy::Intercept),
        Some(_) => None,
    })
}
