//! The odds of a play (issue 5): for a character's candidate attack, maneuver, shield and
//! placement of the denizens on his sheet, the exact probability of each outcome of the
//! Melee Step — each fighter hitting, cancelled, the harm it inflicts, killed; his own
//! death, wounds, horse and armor — by enumerating every Repositioning, Change Tactics and
//! Missile Table roll (8.4.6, 8.4.8, 8.4.9) with the melee kernel's [`melee::odds`], never
//! by sampling.
//!
//! It is asked during the Plays stage (8.4.5) by a character who is still making his plays,
//! and answers with only what he may know (4.5): his own candidate plays, his character
//! and belongings, the denizens on his sheet and the side each lies, his own target. The
//! situation is built by [`round::build_scoped`] with [`Scope::Own`]: no other character
//! is in it, so **other characters' attacks are not counted** (on the denizens of his
//! sheet or on him), and no other seat's secret plays are ever read. His attack counts
//! against a denizen on his sheet or an unassigned denizen (whose box is public); against
//! a character or a denizen on another character's sheet (placed there in secret) it is
//! left out, and [`PlayOdds::attack_counted`] says so. His own working Attack spell
//! (8.4.4) counts the same way, against each of its targets he may know of; other
//! casters' are other characters' attacks.

use super::melee::{self, odds::HarmOdds, FighterId};
use super::round::{self, Scope, Who};
use super::{current, plays, Combat, CombatStage, CombatTarget, Plays};
use crate::engine::{RuleError, Seat};
use crate::magic_realm::actions::MagicRealmAction as A;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::who;
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::GameState;
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// Who a fighter of [`PlayOdds`] is: the character himself or a counter on his sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "who", rename_all = "camelCase")]
pub enum OddsFighter {
    Character {
        seat: Seat,
    },
    /// A monster, native, head, club or native horse.
    Denizen {
        piece: PieceId,
    },
}

/// One fighter's odds in the Melee Step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct FighterPlayOdds {
    pub fighter: OddsFighter,
    /// Its attack hits (8.4.8: undercuts or intercepts), cancelled or not.
    pub hits: f64,
    /// Its hit is cancelled before it takes effect (8.4.9).
    pub cancelled: f64,
    /// The harm its worst uncancelled hit inflicts (8.4.9); sums to 1.
    pub harm: HarmOdds,
    /// It is killed this Melee Step.
    pub killed: f64,
}

/// One piece of the character's active armor: untouched, damaged or destroyed (8.4.9).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct ArmorPlayOdds {
    pub piece: PieceId,
    pub unaffected: f64,
    pub damaged: f64,
    pub destroyed: f64,
}

/// The exact odds of one character's candidate plays against the denizens on his sheet
/// (8.4.5 to 8.4.9), from what he may know only: other characters and their attacks are
/// not counted (see the module doc). Probabilities are from 0 to 1.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct PlayOdds {
    pub seat: Seat,
    /// How many distinct roll sequences were resolved.
    pub outcomes: u32,
    /// He is killed.
    pub killed: f64,
    /// He takes at least one wound.
    pub wounded: f64,
    pub expected_wounds: f64,
    /// The horse he maneuvers on is killed.
    pub horse_killed: f64,
    /// A Demon's or Imp's spell strikes him (8.4.7).
    pub spell_struck: f64,
    /// The target he picked (8.4.2), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub target: Option<CombatTarget>,
    /// His attack is in the odds: he plays one, and its target is a denizen on his sheet or
    /// an unassigned denizen.
    pub attack_counted: bool,
    /// His target is killed: given when his attack is counted and the target is a counter
    /// on his sheet (an unassigned target's death is not followed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub target_killed: Option<f64>,
    pub armor: Vec<ArmorPlayOdds>,
    /// He first, then each counter on his sheet (heads, clubs and horses after their
    /// owners), in the order of his sheet.
    pub fighters: Vec<FighterPlayOdds>,
}

/// 8.4.5 to 8.4.9: the exact odds of `plays`, candidate plays of `seat`, against the
/// denizens on his sheet. Only answered during the Plays stage, for a character taking
/// part who has not finished his plays; each candidate play must be one he could make now
/// (the plays module's own options decide; `plays.done` is ignored). Other characters'
/// attacks are not counted and other seats' secret plays are never read. Refused with
/// `unknown_seat`, `illegal_action` (no Plays stage, an illegal candidate play) or
/// `not_your_turn` (he owes no plays); nothing changes either way.
pub fn play_odds(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    plays: &Plays,
) -> Result<PlayOdds, RuleError> {
    if seat.index() >= state.seats.len() {
        return Err(RuleError::UnknownSeat {
            message: format!("{seat} is not a seat of this game"),
        });
    }
    let combat = current(state)
        .filter(|c| c.stage == CombatStage::Plays)
        .ok_or_else(|| {
            RuleError::illegal(
                "the odds of plays are asked while the characters make their plays (8.4.5)",
            )
        })?;
    let owes =
        combat.fighting().any(|s| s == seat) && combat.plays.get(&seat).is_some_and(|p| !p.done);
    if !owes {
        return Err(RuleError::NotYourTurn {
            message: format!(
                "{} has no plays to make in this Melee Step (8.4.5)",
                who::who(cat, state, seat)
            ),
            seat,
            to_act: super::to_act(cat, state),
        });
    }
    check(cat, state, combat, seat, plays)?;
    let built = round::build_scoped(cat, state, Scope::Own { seat, plays })?;
    let focus = built
        .who
        .iter()
        .position(|w| *w == Who::Character(seat))
        .and_then(|i| u16::try_from(i).ok())
        .map(FighterId)
        .ok_or_else(|| RuleError::internal("the character is not in his own situation"))?;
    // The Magic Wand: the red die he has set for his own Missile Table rolls this round.
    let red: Vec<_> = combat
        .red_missile
        .get(&seat)
        .map(|v| (focus, *v))
        .into_iter()
        .collect();
    let odds = melee::odds::odds_with_red(cat, &built.situation, focus, &red)?;
    let name = |id: FighterId| match built.who(id) {
        Some(Who::Character(s)) => Ok(OddsFighter::Character { seat: *s }),
        Some(Who::Denizen(p)) => Ok(OddsFighter::Denizen { piece: p.clone() }),
        None => Err(RuleError::internal(format!("no fighter {}", id.0))),
    };
    let fighters = odds
        .attackers
        .iter()
        .map(|a| {
            Ok(FighterPlayOdds {
                fighter: name(a.fighter)?,
                hits: a.hits,
                cancelled: a.cancelled,
                harm: a.harm,
                killed: a.killed,
            })
        })
        .collect::<Result<Vec<_>, RuleError>>()?;
    let pieces = built.armor.get(&seat).cloned().unwrap_or_default();
    let armor = odds
        .armor
        .iter()
        .map(|a| {
            let piece = pieces
                .get(usize::from(a.token))
                .cloned()
                .ok_or_else(|| RuleError::internal(format!("no armor token {}", a.token)))?;
            Ok(ArmorPlayOdds {
                piece,
                unaffected: a.unaffected,
                damaged: a.damaged,
                destroyed: a.destroyed,
            })
        })
        .collect::<Result<Vec<_>, RuleError>>()?;
    let target = combat.targets.get(&seat).cloned();
    let attack_counted = built.situation.attacks.iter().any(|a| a.attacker == focus);
    let target_killed = match &target {
        Some(CombatTarget::Denizen { piece }) if attack_counted => fighters
            .iter()
            .find(|f| matches!(&f.fighter, OddsFighter::Denizen { piece: p } if p == piece))
            .map(|f| f.killed),
        _ => None,
    };
    Ok(PlayOdds {
        seat,
        outcomes: odds.outcomes,
        killed: odds.killed,
        wounded: odds.wounded,
        expected_wounds: odds.expected_wounds,
        horse_killed: odds.horse_killed,
        spell_struck: odds.spell_struck,
        target,
        attack_counted,
        target_killed,
        armor,
        fighters,
    })
}

/// 8.4.5: each candidate play must be one the plays module offers him, made one at a time
/// from no plays (as he could, taking his plays back first): attack (a chit or his
/// Gloves), Attack spell's circle, maneuver, shield, then each denizen's box.
fn check(
    cat: &Catalog,
    state: &GameState,
    combat: &Combat,
    seat: Seat,
    candidate: &Plays,
) -> Result<(), RuleError> {
    let mut trial = combat.clone();
    let mut so_far = Plays::default();
    let mut offered = |so_far: &Plays, step: A| {
        trial.plays.insert(seat, so_far.clone());
        if plays::options(cat, state, &trial, seat).contains(&step) {
            Ok(())
        } else {
            Err(RuleError::illegal(format!(
                "{} cannot make the play {step:?} now (8.4.5)",
                who::who(cat, state, seat)
            )))
        }
    };
    // Absorb Essence, 2 and 2.1: the absorbed monster, head or club he turns over first.
    let absorbed: Vec<PieceId> = super::spells::transform::form_of_seat(cat, state, seat)
        .map(|f| {
            f.monster
                .into_iter()
                .chain(f.part.map(|(p, _)| p))
                .collect()
        })
        .unwrap_or_default();
    for piece in candidate.flipped.iter().filter(|p| absorbed.contains(p)) {
        offered(
            &so_far,
            A::TurnAbsorbed {
                piece: piece.clone(),
            },
        )?;
        so_far.flipped.insert(piece.clone());
    }
    if let Some((chit, lane)) = candidate.attack {
        offered(&so_far, A::PlayAttack { chit, lane })?;
        so_far.attack = candidate.attack;
    }
    if let Some(lane) = candidate.gloves {
        offered(&so_far, A::PlayGloves { lane })?;
        so_far.gloves = candidate.gloves;
    }
    if let Some(lane) = candidate.creature_attack {
        offered(&so_far, A::PlayCreatureAttack { lane })?;
        so_far.creature_attack = candidate.creature_attack;
    }
    if let Some(lane) = candidate.part_attack {
        offered(&so_far, A::PlayPartAttack { lane })?;
        so_far.part_attack = candidate.part_attack;
    }
    if let Some(lane) = candidate.spell_attack {
        offered(&so_far, A::PlaySpellAttack { lane })?;
        so_far.spell_attack = candidate.spell_attack;
    }
    if let Some((with, lane)) = candidate.maneuver {
        offered(&so_far, A::PlayManeuver { with, lane })?;
        so_far.maneuver = candidate.maneuver;
    }
    if let Some(lane) = candidate.shield {
        offered(&so_far, A::PlaceShield { lane })?;
        so_far.shield = candidate.shield;
    }
    for (denizen, lane) in &candidate.placed {
        offered(
            &so_far,
            A::PlaceDenizen {
                denizen: denizen.clone(),
                lane: *lane,
            },
        )?;
        so_far.placed.insert(denizen.clone(), *lane);
    }
    Ok(())
}
