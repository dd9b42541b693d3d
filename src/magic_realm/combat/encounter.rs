//! The Encounter Step (rules 8.3.4 to 8.3.7, 8.3.9, seed 004): luring, random assignment
//! (`assignment`), deployment and charging, and each character's one action (alerting his
//! weapon, running away (`running`), casting a spell with a Magic chit or an Artifact or
//! Spell Book, or activating, deactivating or abandoning belongings).

use super::fighters::{self, denizens_in};
use super::{
    current, current_mut, hirelings, spells, Combat, CombatStage, CombatTarget, Events, ItemsDone,
};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{BelongingChange, MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::characters::ChitKind;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::{belongings, hiding, who};
use crate::magic_realm::pieces::{Facing, PieceId};
use crate::magic_realm::state::{ChitStatus, GameState};

/// Effort asterisks the character has played this round (8.4.5: at most two).
pub fn effort_used(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> u8 {
    combat
        .used
        .get(&seat)
        .into_iter()
        .flatten()
        .filter_map(|c| fighters::chit_values(cat, state, seat, *c))
        .map(|(_, _, effort)| effort)
        .sum()
}

/// 8.4.5: the effort limit (his Treasure cards may raise or lift it).
pub use super::treasures::EFFORT_LIMIT;

/// The character's action chits in play and not yet played this round, with their values.
pub fn free_chits(
    cat: &Catalog,
    state: &GameState,
    combat: &Combat,
    seat: Seat,
) -> Vec<(u8, ChitKind, u8, u8)> {
    // 4.6.8e: a transmorphized character's action chits are frozen.
    if spells::frozen(cat, state, seat) {
        return Vec::new();
    }
    let used = combat.used.get(&seat);
    who::chits(cat, state, seat)
        .filter(|(i, _, st)| *st == ChitStatus::Fresh && !used.is_some_and(|u| u.contains(i)))
        .map(|(i, c, _)| {
            // His Treasure cards may set the chit's strength and time.
            let (kind, time) = super::treasures::chit(cat, state, seat, &c);
            (i, kind, time, c.effort)
        })
        .collect()
}

/// Whether a chit with `effort` asterisks fits under the effort limit now.
pub fn within_effort(
    cat: &Catalog,
    state: &GameState,
    combat: &Combat,
    seat: Seat,
    effort: u8,
) -> bool {
    super::treasures::effort_limit(cat, state, seat)
        .is_none_or(|limit| effort_used(cat, state, combat, seat) + effort <= limit)
}

/// 8.4.7: whether the character is in a hold: held by a red-side-up Tremendous monster
/// (or a character transmorphized into one), or holding his target as one.
pub fn held(combat: &Combat, seat: Seat) -> bool {
    combat.in_a_hold(seat)
}

/// Peace: a pacified denizen cannot be assigned to a target; a pacified character cannot
/// lure, charge or name targets. Nor can anyone turned into mist (Melt into Mist).
pub fn pacified(cat: &Catalog, state: &GameState, target: &CombatTarget) -> bool {
    spells::bewitched_by(cat, state, target, spells::SpellEffect::Peace)
        || spells::mist::misted(cat, state, target)
}

pub(super) fn pacified_denizen(cat: &Catalog, state: &GameState, piece: &PieceId) -> bool {
    pacified(
        cat,
        state,
        &CombatTarget::Denizen {
            piece: piece.clone(),
        },
    )
}

/// 8.3.4: the denizens the character may lure: any unhired monster or native in the
/// clearing not already on his sheet, except red-side-up Tremendous monsters (holding a
/// character or a native, 8.4.7); those he pacified too (luring them breaks the spell).
fn lurable(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> Vec<PieceId> {
    if pacified(cat, state, &CombatTarget::Character { seat }) {
        return Vec::new();
    }
    let mine = combat.sheets.get(&seat);
    denizens_in(cat, state, combat.at)
        .into_iter()
        .filter(|p| !mine.is_some_and(|m| m.contains(p)) && combat.held_by(p).is_none())
        // 8.3.4: a denizen a hireling lured cannot be lured away.
        .filter(|p| combat.attacking_in(p).is_none())
        .filter(|p| !pacified_denizen(cat, state, p))
        .filter(|p| spells::may_attack(cat, state, p, seat))
        .collect()
}

/// 8.3.6: the characters he may charge, with the Move chits (or Boots, flying values,
/// horse) he may charge with.
fn charges(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> Vec<A> {
    if held(combat, seat)
        || combat.acted.contains(&seat)
        || pacified(cat, state, &CombatTarget::Character { seat })
    {
        return Vec::new();
    }
    let heaviest = fighters::heaviest_item(cat, state, seat);
    let found = state.today.found_enemies.contains(&seat);
    let mut out = Vec::new();
    for target in combat.fighting().filter(|t| *t != seat) {
        let hidden = state.seat(target).is_some_and(|s| s.hidden);
        if (hidden && !found) || spells::mist::misted_seat(cat, state, target) {
            continue;
        }
        for (chit, kind, _, effort) in free_chits(cat, state, combat, seat) {
            // Unleash Power: a Move/Fight chit charges as a Move chit.
            let Some(strength) = kind.move_strength() else {
                continue;
            };
            if strength >= heaviest && within_effort(cat, state, combat, seat, effort) {
                out.push(A::Charge { target, chit });
            }
        }
        // 4.4.4: his active Boots card, in place of a Move chit.
        if fighters::card_values(cat, state, seat, true).is_some_and(|b| b.strength >= heaviest) {
            out.push(A::ChargeInBoots { target });
        }
        // 8.3.6 b.4: his flying values (a Fly chit, the Flying Carpet), like a Move chit's;
        // transmorphized into a flying creature, its own (they carry his frozen belongings,
        // 4.6.8b, as when he flies away). Never a flying steed's.
        for f in crate::magic_realm::day::flying::flights(cat, state, seat) {
            if f.source == crate::magic_realm::day::flying::FlySource::Creature
                || f.values.strength >= heaviest
            {
                out.push(A::ChargeFlying {
                    target,
                    with: f.source,
                });
            }
        }
        out.extend(horse_charges(cat, state, seat, target));
    }
    out
}

/// 8.3.6, seed 004: his active horse, in place of a Move chit, on either side whose
/// strength carries him and everything he carries (4.3.8a, as to run away, 8.3.7 a.4).
/// The denizens on his sheet do not limit it (8.3.6 b.1).
fn horse_charges(cat: &Catalog, state: &GameState, seat: Seat, target: Seat) -> Vec<A> {
    let Some(horse) = belongings::active_horse(cat, state, seat) else {
        return Vec::new();
    };
    let load = super::running::load(cat, state, seat);
    [(false, horse.trot), (true, horse.gallop)]
        .into_iter()
        .filter(|(_, side)| side.strength >= load)
        .map(|(galloping, _)| A::ChargeOnHorse { target, galloping })
        .collect()
}

/// 8.3.7: the Fight chits he may play to turn his weapon over: strong enough for the
/// weapon and faster than every move time on his sheet.
fn alerts(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> Vec<A> {
    let Some((_, weapon)) = fighters::active_weapon(cat, state, seat) else {
        return Vec::new();
    };
    let limit = fighters::move_times_on_sheet(cat, state, combat, seat)
        .into_iter()
        .min();
    free_chits(cat, state, combat, seat)
        .into_iter()
        .filter(|(_, kind, time, effort)| {
            kind.fight_strength().is_some_and(|s| s >= weapon.weight)
                && limit.is_none_or(|l| *time < l)
                && within_effort(cat, state, combat, seat, *effort)
        })
        .map(|(chit, ..)| A::TurnWeapon { chit })
        .collect()
}

/// 8.3.7: activating one belonging and deactivating one, or abandoning any, instead of an
/// action.
fn items(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> Vec<A> {
    let done = combat.items.get(&seat).copied().unwrap_or_default();
    let mut out = Vec::new();
    for piece in belongings::owned(state, seat) {
        let active = belongings::is_active(state, seat, &piece);
        if !done.abandoned
            && !done.activated
            && !active
            && belongings::activation_refusal(cat, state, seat, &piece).is_none()
        {
            out.push(A::EncounterItem {
                piece: piece.clone(),
                change: BelongingChange::Activate,
            });
        }
        // 4.4.3: a Potion stays active until Midnight.
        if !done.abandoned
            && !done.deactivated
            && active
            && super::potions::potion(cat, &piece).is_none()
        {
            out.push(A::EncounterItem {
                piece: piece.clone(),
                change: BelongingChange::Deactivate,
            });
        }
        if !done.activated && !done.deactivated {
            out.push(A::EncounterItem {
                piece,
                change: BelongingChange::Abandon,
            });
        }
    }
    out
}

pub fn options(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> Vec<A> {
    if combat.assigning.is_some() {
        return hirelings::encounter::assignment_options(cat, state, combat);
    }
    if combat.absent.contains(&seat) {
        return absent_options(cat, state, combat, seat);
    }
    match combat.stage {
        CombatStage::Luring => {
            let mut out: Vec<A> = lurable(cat, state, combat, seat)
                .into_iter()
                .map(|denizen| A::Lure { denizen })
                .collect();
            out.extend(hirelings::encounter::luring_options(
                cat, state, combat, seat,
            ));
            out.push(A::EndLuring);
            out
        }
        CombatStage::Deployment => {
            let mut out = charges(cat, state, combat, seat);
            out.extend(hirelings::encounter::deployment_options(
                cat, state, combat, seat,
            ));
            out.push(A::EndDeployment);
            out
        }
        CombatStage::Actions => {
            let mut out = spells::encounter_options(cat, state, combat, seat);
            let done = combat.items.get(&seat).copied().unwrap_or_default();
            let rearranged = done.activated || done.deactivated || done.abandoned;
            if !combat.acted.contains(&seat) && !spells::frozen(cat, state, seat) {
                if !rearranged {
                    out.extend(alerts(cat, state, combat, seat));
                    out.extend(super::running::options(cat, state, combat, seat));
                    out.extend(super::flying_away::options(cat, state, combat, seat));
                    out.extend(spells::casting::options(cat, state, combat, seat));
                    out.extend(spells::items::options(cat, state, combat, seat));
                }
                out.extend(items(cat, state, combat, seat));
            } else if !combat.acted.contains(&seat)
                && spells::transform::transmorphized_seat(cat, state, seat)
            {
                // 4.6.8: a creature may still run or fly away, with its own values.
                if !rearranged {
                    out.extend(super::running::options(cat, state, combat, seat));
                    out.extend(super::flying_away::options(cat, state, combat, seat));
                }
                // 4.6.8b: or abandon his untransmorphized belongings instead (he keeps
                // them inactive, and the rest is frozen).
                if !done.activated && !done.deactivated {
                    out.extend(
                        spells::carrying::unfrozen_belongings(cat, state, seat)
                            .into_iter()
                            .map(|piece| A::EncounterItem {
                                piece,
                                change: BelongingChange::Abandon,
                            }),
                    );
                }
            } else if !combat.acted.contains(&seat) && spells::mist::misted_seat(cat, state, seat) {
                // Melt into Mist: mist may run away, with the spell's Move chit.
                out.extend(super::running::options(cat, state, combat, seat));
            }
            out.push(A::EndActions);
            out
        }
        _ => Vec::new(),
    }
}

/// 8.1.2: a character away from the clearing only directs his hirelings there: their
/// luring and deployment; he has no Encounter action.
fn absent_options(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> Vec<A> {
    let (mut out, end) = match combat.stage {
        CombatStage::Luring => (
            hirelings::encounter::luring_options(cat, state, combat, seat),
            A::EndLuring,
        ),
        CombatStage::Deployment => (
            hirelings::encounter::deployment_options(cat, state, combat, seat),
            A::EndDeployment,
        ),
        CombatStage::Actions => (Vec::new(), A::EndActions),
        _ => return Vec::new(),
    };
    out.push(end);
    out
}

/// Puts `piece` on `seat`'s sheet (taking it off any other), with its group starting to
/// battle him if it is a native (8.2.3).
pub fn assign(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    piece: &PieceId,
    events: &mut Events,
) -> Result<(), RuleError> {
    let combat = current_mut(state)?;
    combat.unassign(piece);
    combat.sheets.entry(seat).or_default().push(piece.clone());
    fighters::provoke(cat, state, seat, piece, events);
    Ok(())
}

pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
) -> Result<Events, RuleError> {
    let mut events = Vec::new();
    let name = who::who(cat, state, seat);
    match action {
        A::Lure { denizen } => {
            // 8.3.4: luring a denizen he pacified breaks the spell.
            if spells::pacified_toward(cat, state, denizen, seat) {
                let target = CombatTarget::Denizen {
                    piece: denizen.clone(),
                };
                spells::break_pacification(cat, state, seat, &target, &mut events);
            }
            hiding::unhide(
                cat,
                state,
                seat,
                "8.3.4",
                "is no longer hidden.",
                &mut events,
            );
            assign(cat, state, seat, denizen, &mut events)?;
            events.push(Event::public(
                "8.3.4",
                format!("{name} lures {denizen}."),
                E::Lured {
                    seat,
                    denizen: denizen.clone(),
                },
            ));
        }
        A::ChargeInBoots { target } => {
            for s in [seat, *target] {
                hiding::unhide(cat, state, s, "8.3.6", "is no longer hidden.", &mut events);
            }
            let combat = current_mut(state)?;
            combat.boots_charges.insert(seat, *target);
            combat.acted.insert(seat);
            combat.turn += 1;
            events.push(Event::public(
                "8.3.6",
                format!(
                    "{name} charges {} in his Boots.",
                    who::who(cat, state, *target)
                ),
                E::ChargedInBoots {
                    seat,
                    target: *target,
                },
            ));
        }
        A::ChargeFlying { target, with } => {
            for s in [seat, *target] {
                hiding::unhide(cat, state, s, "8.3.6", "is no longer hidden.", &mut events);
            }
            let combat = current_mut(state)?;
            combat.fly_charges.insert(seat, (*target, with.clone()));
            combat.acted.insert(seat);
            combat.turn += 1;
            events.push(Event::public(
                "8.3.6",
                format!(
                    "{name} flies at {} to charge him, staying in the clearing.",
                    who::who(cat, state, *target)
                ),
                E::ChargedFlying {
                    seat,
                    target: *target,
                    with: with.clone(),
                },
            ));
        }
        A::Charge { target, chit } => {
            hiding::unhide(
                cat,
                state,
                seat,
                "8.3.6",
                "is no longer hidden.",
                &mut events,
            );
            hiding::unhide(
                cat,
                state,
                *target,
                "8.3.6",
                "is no longer hidden.",
                &mut events,
            );
            let combat = current_mut(state)?;
            combat.charges.insert(seat, (*target, *chit));
            combat.used.entry(seat).or_default().insert(*chit);
            combat.acted.insert(seat);
            combat.turn += 1;
            events.push(Event::public(
                "8.3.6",
                format!("{name} charges {}.", who::who(cat, state, *target)),
                E::Charged {
                    seat,
                    target: *target,
                    chit: *chit,
                },
            ));
        }
        A::ChargeOnHorse { target, galloping } => {
            for s in [seat, *target] {
                hiding::unhide(cat, state, s, "8.3.6", "is no longer hidden.", &mut events);
            }
            let combat = current_mut(state)?;
            combat.horse_charges.insert(seat, (*target, *galloping));
            combat.horse_sides.insert(seat, *galloping);
            combat.acted.insert(seat);
            combat.turn += 1;
            events.push(Event::public(
                "8.3.6",
                format!(
                    "{name} charges {} on his horse, {}.",
                    who::who(cat, state, *target),
                    if *galloping { "galloping" } else { "walking" }
                ),
                E::ChargedOnHorse {
                    seat,
                    target: *target,
                    galloping: *galloping,
                },
            ));
        }
        A::TurnWeapon { chit } => {
            let (piece, _) = fighters::active_weapon(cat, state, seat)
                .ok_or_else(|| RuleError::internal("no active weapon"))?;
            let alerted = state.piles.find(&piece).map(|(_, c)| c.facing) == Some(Facing::Alerted);
            let facing = if alerted {
                Facing::Unalerted
            } else {
                Facing::Alerted
            };
            state.piles.set_facing(&piece, facing);
            let combat = current_mut(state)?;
            combat.used.entry(seat).or_default().insert(*chit);
            combat.acted.insert(seat);
            combat.turn += 1;
            events.push(Event::public(
                "8.3.7",
                format!(
                    "{name} plays a Fight chit to turn his weapon {} side up.",
                    if alerted { "unalerted" } else { "alerted" }
                ),
                E::WeaponTurned {
                    seat,
                    weapon: piece,
                    alerted: !alerted,
                },
            ));
        }
        A::RunAway { with, to } => super::running::run(cat, state, seat, *with, *to, &mut events)?,
        A::FlyAway { with, to } => {
            super::flying_away::fly_away(cat, state, seat, with, *to, &mut events)?
        }
        A::EncounterItem { piece, change } => {
            match change {
                BelongingChange::Activate => belongings::set_inactive(state, seat, piece, false),
                BelongingChange::Deactivate => belongings::set_inactive(state, seat, piece, true),
                BelongingChange::Abandon => belongings::abandon(state, seat, piece)?,
            }
            let potion = if *change == BelongingChange::Activate {
                super::potions::activated(cat, state, seat, piece)?
            } else {
                Vec::new()
            };
            let combat = current_mut(state)?;
            let done = combat.items.entry(seat).or_insert(ItemsDone::default());
            match change {
                BelongingChange::Activate => done.activated = true,
                BelongingChange::Deactivate => done.deactivated = true,
                BelongingChange::Abandon => done.abandoned = true,
            }
            events.push(Event::public(
                "8.3.7",
                format!("{name}: {change:?} {piece}."),
                E::BelongingRearranged {
                    seat,
                    piece: Some(piece.clone()),
                    change: *change,
                },
            ));
            events.extend(potion);
        }
        A::CastSpell {
            spell_box,
            chit,
            colour_chit,
        } => spells::casting::cast(
            cat,
            state,
            seat,
            *spell_box,
            *chit,
            *colour_chit,
            &mut events,
        )?,
        A::CastFromItem {
            item,
            spell,
            colour_chit,
        } => spells::items::cast(cat, state, seat, item, spell, *colour_chit, &mut events)?,
        A::EndLuring | A::EndDeployment | A::EndActions => {
            current_mut(state)?.turn += 1;
        }
        A::HirelingLure { .. }
        | A::AssignToHireling { .. }
        | A::Deploy { .. }
        | A::TurnHireling { .. } => {
            hirelings::encounter::apply(cat, state, seat, action, &mut events)?;
        }
        A::EnergizeSpell { .. } | A::ActivatePhaseSpell { .. } | A::PlayColourChit { .. } => {
            spells::encounter_apply(cat, state, seat, action, &mut events)?
        }
        other => {
            return Err(RuleError::internal(format!(
                "{other:?} is not an Encounter action"
            )))
        }
    }
    Ok(events)
}

/// Runs the Encounter Step on; true when something moved on (a stage or a turn passed).
pub fn progress(
    cat: &Catalog,
    state: &mut GameState,
    events: &mut Events,
) -> Result<bool, RuleError> {
    let Some(combat) = current(state) else {
        return Ok(true);
    };
    let stage = combat.stage;
    if combat.assigning.is_some() {
        return Ok(false);
    }
    if let Some(seat) = combat.order.get(combat.turn).copied() {
        // A seat that takes no part, or has only the option to end, passes.
        let opts = if combat.gone.contains(&seat) {
            Vec::new()
        } else {
            options(cat, state, combat, seat)
        };
        if opts.len() <= 1 {
            current_mut(state)?.turn += 1;
            return Ok(true);
        }
        return Ok(false);
    }
    match stage {
        CombatStage::Luring => {
            super::assignment::run(cat, state, events)?;
            if current(state).is_some_and(|c| c.assigning.is_some()) {
                return Ok(true);
            }
            let combat = current_mut(state)?;
            combat.stage = CombatStage::Deployment;
            combat.turn = 0;
        }
        CombatStage::Deployment => {
            let combat = current_mut(state)?;
            combat.stage = CombatStage::Actions;
            combat.turn = 0;
        }
        _ => super::targets::start(cat, state, events)?,
    }
    Ok(true)
}
