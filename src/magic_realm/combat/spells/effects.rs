//! What each implemented spell does when it comes to life (rule 8.4.4 and the List of
//! Spells): Attack spells wait for the melee ([`super::attacks`]); Make Whole (Instant)
//! activates the target's fatigued and wounded chits and repairs his damaged armor, then
//! expires; Peace (Combat) stops its target attacking until he is attacked, unless he is
//! already someone's target; Melt into Mist (Permanent) turns its target into mist
//! ([`super::mist`]); Protection from Magic (Phase) goes with its target's inactive items
//! ([`super::protection`]); the chit-altering spells are in [`super::altering`], the
//! spellbreaking spells in [`super::breaking`].

use super::choices::{RedDieRoll, SpellChoice};
use super::{effect_of, fatigue_chit, spell_ends, spell_name, Ending, Events, SpellAim};
use super::{CastStatus, SpellCast, SpellEffect, SpellExpiry, SpellInEffect};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::magic::SpellDuration;
use crate::magic_realm::catalog::tables::TableId;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::{current, current_mut, CombatTarget};
use crate::magic_realm::day::rolls::controls_red_die as red_die;
use crate::magic_realm::day::{belongings, who};
use crate::magic_realm::pieces::{Facing, PieceId};
use crate::magic_realm::state::{ChitStatus, GameState};

/// 8.4.4: the spell `seat` cast takes effect.
pub fn start(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    cast: &SpellCast,
    events: &mut Events,
) -> Result<(), RuleError> {
    let spell = cat
        .spells
        .get(&cast.spell)
        .ok_or_else(|| RuleError::internal("an unknown spell was cast"))?;
    let effect = effect_of(spell)
        .ok_or_else(|| RuleError::internal("a spell without an effect was cast"))?;
    if effect != SpellEffect::Attack {
        // 8.4.3: the spellcaster takes back his attention chit; the spell acts by itself.
        current_mut(state)?.targets.remove(&seat);
    }
    match effect {
        // It attacks in the melee and expires after it (attacks::expire). The Magic Wand:
        // he sets the red die of its Missile Table rolls now, before the melee.
        SpellEffect::Attack => {
            if spell.attack.is_some_and(|a| a.missile)
                && red_die(cat, state, seat, TableId::Missile)
            {
                current_mut(state)?.spell_choices.push(SpellChoice::RedDie {
                    seat,
                    roll: RedDieRoll::Missile,
                });
            }
        }
        SpellEffect::MakeWhole => {
            for aim in &cast.aims {
                if let SpellAim::Character { seat: target } = aim {
                    make_whole(cat, state, *target, events);
                    // Make Whole breaks the Wither curse.
                    crate::magic_realm::day::curses::remove(
                        cat,
                        state,
                        *target,
                        crate::magic_realm::catalog::tables::Curse::Wither,
                        events,
                    );
                }
            }
        }
        SpellEffect::Peace => peace(cat, state, seat, cast, events)?,
        SpellEffect::Exorcise => super::breaking::exorcise(cat, state, seat, events)?,
        SpellEffect::Pentangle => pentangle(cat, state, seat, cast, events)?,
        // The card: "The spellcaster rolls on the Curses table and applies the Curse to
        // the target": his modifications, and his Magic Wand sets the red die first.
        SpellEffect::Curse => {
            for aim in &cast.aims {
                if let SpellAim::Character { seat: target } = aim {
                    if red_die(cat, state, seat, TableId::Curses) {
                        current_mut(state)?.spell_choices.push(SpellChoice::RedDie {
                            seat,
                            roll: RedDieRoll::Curse { target: *target },
                        });
                        continue;
                    }
                    crate::magic_realm::day::curses::inflict_by(
                        cat, state, seat, *target, None, events,
                    )?;
                }
            }
        }
        SpellEffect::Pacify => pacify(cat, state, seat, cast, events)?,
        SpellEffect::Control => control(cat, state, seat, cast, events)?,
        SpellEffect::Poison
        | SpellEffect::BadLuck
        | SpellEffect::SeeHiddenSigns
        | SpellEffect::SenseDanger
        | SpellEffect::BlendIntoBackground
        | SpellEffect::Fly
        | SpellEffect::Illusion
        | SpellEffect::BlazingLight
        | SpellEffect::PeaceWithNature
        | SpellEffect::Fog
        | SpellEffect::WorldFades
        | SpellEffect::Premonition
        | SpellEffect::Prophecy
        | SpellEffect::Phantasm => bewitch(cat, state, seat, cast),
        SpellEffect::ViolentStorm => super::storm::brew(cat, state, seat, cast, events)?,
        SpellEffect::Transform => super::transform::transform(cat, state, seat, cast, events)?,
        SpellEffect::AbsorbEssence => super::transform::absorb(cat, state, seat, cast, events)?,
        SpellEffect::ElvenGrace => {
            bewitch(cat, state, seat, cast);
            if let Some(target) = cast.aims.first().and_then(SpellAim::individual) {
                let text = target.name(cat, state);
                events.push(Event::public(
                    "8.4.4",
                    format!("Elven Grace: {text}'s move times change."),
                    E::Graced { target },
                ));
            }
        }
        SpellEffect::DissolveSpell => super::breaking::dissolve(cat, state, cast, events)?,
        SpellEffect::MeltIntoMist => {
            bewitch(cat, state, seat, cast);
            if let Some(target) = cast.aims.first().and_then(SpellAim::individual) {
                super::mist::vanish(cat, state, &target, events)?;
            }
        }
        SpellEffect::ProtectionFromMagic => {
            bewitch(cat, state, seat, cast);
            if let Some(target) = cast.aims.first().and_then(SpellAim::individual) {
                let text = target.name(cat, state);
                events.push(Event::public(
                    "4.6.6",
                    format!("Protection from Magic goes with {text}'s inactive items."),
                    E::SpellWorks {
                        seat,
                        spell: cast.spell.clone(),
                    },
                ));
            }
        }
        SpellEffect::AlterChits => super::altering::alter(cat, state, seat, cast, events),
        SpellEffect::UnleashPower => super::unleash::unleash(cat, state, seat, cast, events),
        SpellEffect::HurricaneWinds => super::hurricane::rise(cat, state, seat, cast, events)?,
        SpellEffect::WhistleForMonsters => super::whistle::whistle(cat, state, seat, cast, events),
        SpellEffect::TalkToWiseBird => {
            for aim in &cast.aims {
                if let SpellAim::Character { seat: target } = aim {
                    super::wise_bird::speak(cat, state, *target, events);
                }
            }
        }
        // The card: "The spellcaster rolls on the Power of the Pit table and applies the
        // result to the target": his modifications, and his Magic Wand sets the red die.
        SpellEffect::PowerOfThePit => {
            if let Some(target) = cast.aims.first().and_then(SpellAim::individual) {
                if red_die(cat, state, seat, TableId::PowerOfThePit) {
                    current_mut(state)?.spell_choices.push(SpellChoice::RedDie {
                        seat,
                        roll: RedDieRoll::Pit { target },
                    });
                } else {
                    let caster = crate::magic_realm::combat::round::Who::Character(seat);
                    super::pit::power_of_the_pit_with_red(
                        cat,
                        state,
                        &target,
                        &caster,
                        Some(seat),
                        None,
                        events,
                    )?;
                }
            }
        }
        SpellEffect::Lost | SpellEffect::EnchantArtifact => bewitch(cat, state, seat, cast),
        SpellEffect::AskDemon => {
            if !super::ask_demon::questions(cat, state, seat).is_empty() {
                current_mut(state)?
                    .spell_choices
                    .push(super::choices::SpellChoice::AskDemon { seat });
            }
        }
        SpellEffect::SmallBlessing => {
            if let Some(SpellAim::Character { seat: target }) = cast.aims.first() {
                if let Some(choice) = super::wishes::grant(cat, state, *target, events)? {
                    current_mut(state)?.spell_choices.push(choice);
                }
            }
        }
    }
    // 4.6.6c: an Instant spell expires as soon as it is resolved.
    if spell.duration == SpellDuration::Instant {
        expire_instant(cat, state, seat, cast, events);
    }
    Ok(())
}

/// 4.6.6c: an Instant spell expires as soon as it is resolved; its chit fatigues.
fn expire_instant(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    cast: &SpellCast,
    events: &mut Events,
) {
    super::expires(cat, state, cast.ended(seat), "4.6.6", events);
}

/// Make Whole: the target's fatigued and wounded chits become active (not colour chits
/// or chits committed to spells) and his damaged armor, active or not, is repaired.
fn make_whole(cat: &Catalog, state: &mut GameState, target: Seat, events: &mut Events) {
    let repaired: Vec<PieceId> = belongings::owned(state, target)
        .into_iter()
        .filter(|p| {
            matches!(p, PieceId::Armor { .. })
                && state.piles.find(p).map(|(_, c)| c.facing) == Some(Facing::Damaged)
        })
        .collect();
    for piece in &repaired {
        state.piles.set_facing(piece, Facing::Intact);
    }
    if let Some(sheet) = state.seat_mut(target) {
        for slot in &mut sheet.chits {
            if matches!(*slot, ChitStatus::Fatigued | ChitStatus::Wounded) {
                *slot = ChitStatus::Fresh;
            }
        }
    }
    events.push(Event::public(
        "8.4.4",
        format!(
            "Make Whole: {}'s chits are active again{}.",
            who::who(cat, state, target),
            if repaired.is_empty() {
                ""
            } else {
                " and his armor is repaired"
            }
        ),
        E::MadeWhole {
            seat: target,
            repaired,
        },
    ));
}

/// 8.4.3, 4.6.6f to h: the spell bewitches its targets, a Combat spell until Midnight, a
/// Day spell until Sunset of the next day, a Permanent spell (energized) until broken; the
/// Phase spell waits, inactive, until its target uses it. Its Magic chit goes with them.
pub(super) fn bewitch(cat: &Catalog, state: &mut GameState, seat: Seat, cast: &SpellCast) {
    let duration = cat.spells.get(&cast.spell).map(|s| s.duration);
    let until = match duration {
        Some(SpellDuration::Day) => SpellExpiry::Sunset {
            day: state.step.day().unwrap_or(0).saturating_add(1),
        },
        // 4.6.6e: a Fly chit lasts until it is used.
        Some(SpellDuration::Permanent | SpellDuration::Phase | SpellDuration::Fly) => {
            SpellExpiry::Never
        }
        _ => SpellExpiry::Midnight,
    };
    if let Some(chit) = cast.magic_chit() {
        who::set_chit(state, seat, chit, ChitStatus::Committed);
    }
    // A spell on his clearing or tile bewitches the place where it is cast.
    let at = cast
        .aims
        .iter()
        .any(|a| matches!(a, SpellAim::Clearing | SpellAim::Tile))
        .then(|| current(state).map(|c| c.at))
        .flatten();
    state.spells.push(SpellInEffect {
        caster: seat,
        spell: cast.spell.clone(),
        spell_box: cast.spell_box,
        chit: cast.chit,
        aims: cast.aims.clone(),
        until,
        inert: duration == Some(SpellDuration::Phase),
        item: cast.item.clone(),
        at,
        value: None,
        toward: cast.toward,
    });
}

/// Control Bats, Guide Spider or Octopus, Control Dragon (Day): the spellcaster controls
/// the monsters from now until the spell ends. They fight as his hirelings from the next
/// round (4.6.9a: their attacks as uncontrolled monsters stop at once: they leave the
/// sheets they were on; a red-side-up Tremendous monster lets go and turns red side down).
fn control(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    cast: &SpellCast,
    events: &mut Events,
) -> Result<(), RuleError> {
    bewitch(cat, state, seat, cast);
    let controlled: Vec<PieceId> = cast
        .aims
        .iter()
        .filter_map(|a| match a {
            SpellAim::Denizen { piece } => Some(piece.clone()),
            _ => None,
        })
        .collect();
    for piece in &controlled {
        let combat = current_mut(state)?;
        combat.unassign(piece);
        if combat.release(piece) {
            crate::magic_realm::combat::holding::let_go(
                state,
                std::slice::from_ref(piece),
                "4.6.9",
                events,
            );
        }
    }
    events.push(Event::public(
        "8.4.4",
        format!(
            "{}'s {} takes control of {} monster(s).",
            who::who(cat, state, seat),
            spell_name(cat, &cast.spell),
            controlled.len()
        ),
        E::SpellWorks {
            seat,
            spell: cast.spell.clone(),
        },
    ));
    Ok(())
}

/// Pentangle: bewitches its target until Midnight; the Demons and Imp attacking him are
/// unassigned.
fn pentangle(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    cast: &SpellCast,
    events: &mut Events,
) -> Result<(), RuleError> {
    let Some(target) = cast.aims.first().and_then(SpellAim::individual) else {
        return Ok(());
    };
    if let CombatTarget::Character { seat: protected } = &target {
        let demons: Vec<PieceId> = current(state)
            .and_then(|c| c.sheets.get(protected))
            .into_iter()
            .flatten()
            .filter(|p| super::is_demon(cat, p))
            .cloned()
            .collect();
        let combat = current_mut(state)?;
        for d in &demons {
            combat.unassign(d);
        }
    }
    bewitch(cat, state, seat, cast);
    let text = target.name(cat, state);
    events.push(Event::public(
        "8.4.4",
        format!("A Pentangle protects {text}."),
        E::Protected { target },
    ));
    Ok(())
}

/// 8.4.4, Persuade, Deal with Goblins: the targets assigned to attack the spellcaster are
/// unassigned, the groups stop battling him, and the spell lasts until Sunset of the
/// next day (a Day spell).
fn pacify(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    cast: &SpellCast,
    events: &mut Events,
) -> Result<(), RuleError> {
    bewitch(cat, state, seat, cast);
    let on_sheet: Vec<PieceId> = current(state)
        .and_then(|c| c.sheets.get(&seat))
        .into_iter()
        .flatten()
        .filter(|p| super::pacified_toward(cat, state, p, seat))
        .cloned()
        .collect();
    let combat = current_mut(state)?;
    for p in &on_sheet {
        combat.unassign(p);
    }
    let groups: Vec<crate::magic_realm::catalog::denizens::NativeGroup> = cast
        .aims
        .iter()
        .filter_map(|a| match a {
            SpellAim::Group { group } => Some(*group),
            _ => None,
        })
        .collect();
    state
        .today
        .evening
        .battling
        .retain(|o| !(o.seat == seat && groups.contains(&o.group)));
    events.push(Event::public(
        "8.4.4",
        format!(
            "{}'s {} pacifies its targets toward him.",
            who::who(cat, state, seat),
            spell_name(cat, &cast.spell)
        ),
        E::SpellWorks {
            seat,
            spell: cast.spell.clone(),
        },
    ));
    Ok(())
}

/// Whether `target` is now the target of some character or denizen other than `caster`.
fn someones_target(state: &GameState, caster: Seat, target: &CombatTarget) -> bool {
    let Some(combat) = current(state) else {
        return false;
    };
    let named = combat
        .targets
        .iter()
        .any(|(s, t)| *s != caster && t == target);
    let attacked_by_denizens = match target {
        CombatTarget::Character { seat } => combat.sheets.get(seat).is_some_and(|v| !v.is_empty()),
        CombatTarget::Denizen { .. } => false,
    };
    named || attacked_by_denizens
}

/// Peace (List of Spells): broken at once if its target is someone else's target; else a
/// denizen is unassigned and cannot be assigned while it lasts, and a character takes back
/// his attention chit and his spell or attack is cancelled. It lasts until Midnight.
fn peace(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    cast: &SpellCast,
    events: &mut Events,
) -> Result<(), RuleError> {
    let Some(target) = cast.aims.first().and_then(SpellAim::individual) else {
        expire_instant(cat, state, seat, cast, events);
        return Ok(());
    };
    if someones_target(state, seat, &target) {
        let text = format!(
            "{}'s Peace is broken: its target is already someone's target.",
            who::who(cat, state, seat)
        );
        spell_ends(
            state,
            cast.ended(seat),
            Ending::Broken,
            "8.4.4",
            text,
            events,
        );
        return Ok(());
    }
    let combat = current_mut(state)?;
    match &target {
        CombatTarget::Denizen { piece } => {
            // 8.4.4: a Tremendous monster kept from its target turns red side down; one
            // holding the pacified denizen lets go of him.
            combat.unassign(piece);
            let mut freed = combat.release_holders_of(&target);
            if combat.release(piece) {
                freed.push(piece.clone());
            }
            crate::magic_realm::combat::holding::let_go(state, &freed, "8.4.4", events);
        }
        CombatTarget::Character { seat: pacified } => {
            combat.targets.remove(pacified);
            combat.drop_charges(|charger, _| charger == *pacified);
            if let Some(c) = combat.casts.get_mut(pacified) {
                if matches!(
                    c.status,
                    CastStatus::Aimed | CastStatus::Working | CastStatus::Cast
                ) && *pacified != seat
                {
                    c.status = CastStatus::Cancelled;
                    if let Some(chit) = c.magic_chit() {
                        fatigue_chit(state, *pacified, chit);
                    }
                }
            }
        }
    }
    bewitch(cat, state, seat, cast);
    let text = target.name(cat, state);
    events.push(Event::public(
        "8.4.4",
        format!("Peace: {text} cannot attack until attacked."),
        E::Pacified { target },
    ));
    Ok(())
}
