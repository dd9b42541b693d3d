//! Hits going into effect one by one (8.4.9; GAPS 2.1 to 2.6), with what each hit
//! strikes:
//!
//! * a hit by a killed attacker (a head or club: by a killed monster) or on a killed
//!   target is cancelled — unless the kill came at the same moment (equal time and
//!   length: simultaneous, 8.4.9m), when both go ahead;
//! * a red-side-up Tremendous monster's hit kills outright: a character without touching
//!   his armor or horse (8.4.7), a native together with his horse;
//! * a Demon's or Imp's spell strike reports the hit and nothing else (8.4.7);
//! * a character who played a horse: the horse takes the hit (a warhorse is armored);
//!   once it is killed, later hits fall on his armor, then his body;
//! * a character's armor: the outermost active, undestroyed piece covering the attack's
//!   lane (shield row, then breastplate/helmet, then suit; equal rows in list order):
//!   harm below its letter does nothing, equal damages it (destroys it if already
//!   damaged, or if it is an armor card), higher destroys it; Medium harm or more on
//!   armor also wounds (8.5.3);
//! * a character's body: harm at his vulnerability or above kills him, Light or more
//!   wounds him, Negligible does nothing;
//! * a native on his horse: the horse takes the hit while it stands, then the rider;
//! * a denizen: harm at its vulnerability or above kills it (armored ones lose a star).
//!
//! A horse or armor piece killed or destroyed at a moment still stands in the way of the
//! other hits of that moment; armor damage builds up within the moment (GAPS 2.6,
//! docs/rulings-melee.md).

use super::harm::{final_harm, HarmInput};
use super::resolve::Attack;
use super::tables::MeleeTables;
use super::{
    ArmorPiece, Chance, CharacterFighter, DenizenKind, FighterId, Hit, HitBy, Lane, MeleeEffect,
    MeleeFighter, MeleeStrike, Situation,
};
use crate::engine::RuleError;
use crate::magic_realm::catalog::common::Size;

/// Whether something killed or destroyed at `at` still stands at moment `now`.
fn stands(at: Option<u16>, now: u16) -> bool {
    !matches!(at, Some(k) if k < now)
}

#[derive(Debug, Clone, Copy, Default)]
struct ArmorState {
    damaged: bool,
    destroyed_at: Option<u16>,
}

/// The state of the fight as hits go into effect.
pub struct Inflict<'a> {
    tables: &'a MeleeTables<'a>,
    sit: &'a Situation,
    horses: &'a [Option<FighterId>],
    killed_at: Vec<Option<u16>>,
    killed: Vec<FighterId>,
    /// By fighter index: when a character's horse was killed.
    horse_killed_at: Vec<Option<u16>>,
    /// By fighter index: where the character's pieces start in `armor`.
    armor_start: Vec<usize>,
    armor: Vec<ArmorState>,
}

impl<'a> Inflict<'a> {
    pub fn new(
        tables: &'a MeleeTables<'a>,
        sit: &'a Situation,
        horses: &'a [Option<FighterId>],
        hits: usize,
    ) -> Self {
        let n = sit.fighters.len();
        let mut armor_start = Vec::with_capacity(n);
        let mut armor = Vec::new();
        for f in &sit.fighters {
            armor_start.push(armor.len());
            if let MeleeFighter::Character(c) = f {
                armor.extend(c.armor.iter().map(|p| ArmorState {
                    damaged: p.damaged,
                    destroyed_at: None,
                }));
            }
        }
        Inflict {
            tables,
            sit,
            horses,
            killed_at: vec![None; n],
            killed: Vec::with_capacity(hits.min(n)),
            horse_killed_at: vec![None; n],
            armor_start,
            armor,
        }
    }

    /// The fighters killed, in order.
    pub fn into_killed(self) -> Vec<FighterId> {
        self.killed
    }

    fn fighter(&self, id: FighterId) -> Result<&'a MeleeFighter, RuleError> {
        self.sit
            .fighters
            .get(usize::from(id.0))
            .ok_or_else(|| RuleError::internal(format!("no fighter {}", id.0)))
    }

    fn killed_at(&self, id: FighterId) -> Option<u16> {
        self.killed_at.get(usize::from(id.0)).copied().flatten()
    }

    /// Whether `id` was killed before moment `now` (a head or club: its monster).
    fn gone(&self, id: FighterId, now: u16) -> Result<bool, RuleError> {
        let whose = match self.fighter(id)? {
            MeleeFighter::Denizen(d) => match d.kind {
                DenizenKind::Part { monster } => monster,
                _ => id,
            },
            MeleeFighter::Character(_) => id,
        };
        Ok(!stands(self.killed_at(whose), now))
    }

    /// Kills `id` at `now` (a shared kill is listed once) and says so.
    fn kill(
        &mut self,
        id: FighterId,
        now: u16,
        effects: &mut Vec<MeleeEffect>,
    ) -> Result<(), RuleError> {
        let horse = matches!(
            self.fighter(id)?,
            MeleeFighter::Denizen(d) if matches!(d.kind, DenizenKind::NativeHorse { .. })
        );
        effects.push(if horse {
            MeleeEffect::HorseKilled { fighter: id }
        } else {
            MeleeEffect::Killed { fighter: id }
        });
        if let Some(slot) = self.killed_at.get_mut(usize::from(id.0)) {
            if slot.is_none() {
                *slot = Some(now);
                self.killed.push(id);
            }
        }
        Ok(())
    }

    /// The native horse carrying `rider` that still stands at `now`.
    fn standing_horse(&self, rider: FighterId, now: u16) -> Option<FighterId> {
        let horse = self.horses.get(usize::from(rider.0)).copied().flatten()?;
        stands(self.killed_at(horse), now).then_some(horse)
    }

    /// Puts one hit into effect at `moment` (8.4.9).
    pub fn hit(
        &mut self,
        a: &Attack,
        by: HitBy,
        moment: u16,
        chance: &mut dyn Chance,
    ) -> Result<Hit, RuleError> {
        let mut hit = Hit {
            attacker: a.attacker,
            target: a.target,
            by,
            harm: None,
            missile_roll: None,
            cancelled: false,
            moment,
            effects: Vec::new(),
        };
        if self.gone(a.attacker, moment)? || self.gone(a.target, moment)? {
            hit.cancelled = true;
            return Ok(hit);
        }
        let mut effects = Vec::with_capacity(2);
        match a.values.strike {
            MeleeStrike::Spell => effects.push(MeleeEffect::SpellStrike { fighter: a.target }),
            MeleeStrike::HoldAndKill => {
                if let Some(horse) = self.standing_horse(a.target, moment) {
                    self.kill(horse, moment, &mut effects)?;
                }
                self.kill(a.target, moment, &mut effects)?;
            }
            MeleeStrike::Harm {
                letter,
                sharpness,
                missile,
                extra_level,
            } => {
                let missile_levels = match missile {
                    Some(dice) => {
                        let row = chance.missile(a.attacker, dice);
                        hit.missile_roll = Some(row);
                        self.tables.missile_levels(row)?
                    }
                    None => 0,
                };
                // Penetrating Grease: no armor counts, not even an armored counter's.
                let pierce = a.extras.ignores_armor;
                let harm = move |on_armor: bool| {
                    final_harm(HarmInput {
                        letter,
                        sharpness,
                        extra_level,
                        missile_levels,
                        on_armor: on_armor && !pierce,
                    })
                };
                hit.harm = match self.fighter(a.target)? {
                    MeleeFighter::Character(c) => self.on_character(
                        c,
                        a.target,
                        (a.lane, pierce),
                        moment,
                        harm,
                        &mut effects,
                    )?,
                    MeleeFighter::Denizen(_) => {
                        self.on_denizen(a.target, moment, harm, &mut effects)?
                    }
                };
            }
        }
        if effects.is_empty() {
            effects.push(MeleeEffect::NoEffect);
        }
        hit.effects = effects;
        Ok(hit)
    }

    /// A harmful hit on a denizen, or on the native horse he rides (8.4.9).
    fn on_denizen(
        &mut self,
        target: FighterId,
        now: u16,
        harm: impl Fn(bool) -> Option<Size>,
        effects: &mut Vec<MeleeEffect>,
    ) -> Result<Option<Size>, RuleError> {
        let struck = self.standing_horse(target, now).unwrap_or(target);
        let MeleeFighter::Denizen(d) = self.fighter(struck)? else {
            return Err(RuleError::internal("a native's horse is not a denizen"));
        };
        let h = harm(d.armored);
        if h.is_some_and(|h| h >= d.vulnerability) {
            self.kill(struck, now, effects)?;
        }
        Ok(h)
    }

    /// A harmful hit on a character: his horse, else his armor, else his body (GAPS 2.1).
    /// `lane` comes with whether the attack ignores armor (Penetrating Grease).
    fn on_character(
        &mut self,
        c: &CharacterFighter,
        target: FighterId,
        (lane, pierce): (Lane, bool),
        now: u16,
        harm: impl Fn(bool) -> Option<Size>,
        effects: &mut Vec<MeleeEffect>,
    ) -> Result<Option<Size>, RuleError> {
        let t = usize::from(target.0);
        if let Some(horse) = c.horse {
            let slot = self.horse_killed_at.get_mut(t);
            if let Some(slot) = slot.filter(|s| stands(**s, now)) {
                let h = harm(horse.armored);
                if h.is_some_and(|h| h >= horse.vulnerability) {
                    slot.get_or_insert(now);
                    effects.push(MeleeEffect::HorseKilled { fighter: target });
                }
                return Ok(h);
            }
        }
        let start = self.armor_start.get(t).copied().unwrap_or(0);
        let struck = if pierce {
            None
        } else {
            self.armor_piece(&c.armor, start, lane, now)
        };
        if let Some(i) = struck {
            let h = harm(true);
            let (Some(piece), Some(state)) = (c.armor.get(i), self.armor.get_mut(start + i)) else {
                return Err(RuleError::internal("armor state out of step"));
            };
            // A piece destroyed earlier at this same moment still takes the hit, but
            // nothing more happens to it.
            let standing = state.destroyed_at.is_none();
            let destroy = match h {
                _ if !standing => false,
                Some(h) if h > piece.letter => true,
                Some(h) if h == piece.letter => {
                    if state.damaged || piece.card {
                        true
                    } else {
                        state.damaged = true;
                        effects.push(MeleeEffect::ArmorDamaged {
                            fighter: target,
                            token: piece.token,
                        });
                        false
                    }
                }
                _ => false,
            };
            if destroy {
                state.destroyed_at = Some(now);
                effects.push(MeleeEffect::ArmorDestroyed {
                    fighter: target,
                    token: piece.token,
                });
            }
            // 8.5.3; Reflecting Grease: any armor stops the wound.
            if h.is_some_and(|h| h >= Size::Medium) && !c.armor_stops_wounds {
                effects.push(MeleeEffect::Wound { fighter: target });
            }
            return Ok(h);
        }
        let h = harm(c.armored);
        match h {
            Some(h) if h >= c.vulnerability => self.kill(target, now, effects)?,
            Some(h) if h >= Size::Light && !c.woundless => {
                effects.push(MeleeEffect::Wound { fighter: target })
            }
            _ => {}
        }
        Ok(h)
    }

    /// The index of the outermost standing piece covering `lane` (GAPS 2.2).
    fn armor_piece(
        &self,
        armor: &[ArmorPiece],
        start: usize,
        lane: Lane,
        now: u16,
    ) -> Option<usize> {
        armor
            .iter()
            .enumerate()
            .filter(|(i, p)| {
                p.covers.contains(&lane)
                    && self
                        .armor
                        .get(start + i)
                        .is_some_and(|s| stands(s.destroyed_at, now))
            })
            .min_by_key(|(i, p)| (p.row, *i))
            .map(|(i, _)| i)
    }
}
