//! [10] 4-6 and [11] One adventurer's combat turn: the stance, then an Attack & Target, an
//! Escape or an item; the defence, power and attack dice; wounds suffered and inflicted.

use crate::engine::dice::Roll;
use crate::engine::{Event, RuleError, Seat};
use crate::hand_of_doom::actions::{AttackWith, HodAction, HodEvent};
use crate::hand_of_doom::attributes::{Attribute, TestResult};
use crate::hand_of_doom::content::LootKind;
use crate::hand_of_doom::fight::{is_epic, logged_test, next_turn, CombatStance, FighterStatus};
use crate::hand_of_doom::state::{HodState, Log};

/// Apply a fight action of the adventurer whose turn it is.
pub fn apply_fight(
    state: &mut HodState,
    seat: Seat,
    action: &HodAction,
    log: &mut Log,
) -> Result<(), RuleError> {
    let name = state.name(seat);
    match action {
        HodAction::ReturnToFight => {
            if let Some(f) = state.fight.as_mut().and_then(|f| f.fighter_mut(seat)) {
                f.status = FighterStatus::Fighting;
                f.stance = None;
            }
            log.push(Event::public(
                "[10]",
                format!("{name} returns to the fight."),
                HodEvent::Returned { seat },
            ));
            return Ok(());
        }
        HodAction::StayOut => {
            log.push(Event::public(
                "[10]",
                format!("{name} stays out of the fight this turn."),
                HodEvent::Step,
            ));
            if let Some(f) = state.fight.as_mut() {
                f.turn += 1;
            }
            return next_turn(state, log);
        }
        _ => {}
    }
    if let HodAction::ChooseCombatStance { stance } = action {
        if let Some(f) = state.fight.as_mut().and_then(|f| f.fighter_mut(seat)) {
            f.stance = Some(*stance);
        }
        log.push(Event::public(
            "[10]",
            format!("{name} takes the {stance:?} stance."),
            HodEvent::CombatStanceChosen {
                seat,
                stance: *stance,
            },
        ));
        return Ok(());
    }
    let targeted = state
        .fight
        .as_ref()
        .is_some_and(|f| f.foes.iter().any(|foe| foe.targets.contains(&seat)));
    if let Some(f) = state.fight.as_mut() {
        f.last_dice.clear();
    }
    let mut suffer_attacks = true;
    match action {
        HodAction::Escape => {
            let passed = if targeted {
                logged_test(state, seat, "Escape", Attribute::AGI, "[10]", log).passed
            } else {
                log.push(Event::public(
                    "[10]",
                    format!("{name} is not targeted and escapes at once."),
                    HodEvent::Step,
                ));
                true
            };
            if passed {
                escape(state, seat, log);
                suffer_attacks = false;
            }
        }
        HodAction::UseItem { item } => {
            let kind = state.loot_kind(item).cloned();
            let adv = state.adv_mut(seat)?;
            if let Some(pos) = adv.items.iter().position(|i| i == item) {
                adv.items.remove(pos);
            }
            log.push(Event::public(
                "[10]",
                format!("{name} uses {item}."),
                HodEvent::ItemLost {
                    seat,
                    item: item.clone(),
                },
            ));
            match kind {
                Some(LootKind::Bomb { .. }) => {
                    if let Some(f) = state.fight.as_mut() {
                        f.bombs.push((seat, item.clone()));
                    }
                }
                Some(LootKind::Tonic { heal }) => {
                    let adv = state.adv_mut(seat)?;
                    let healed = adv.wounds.min(heal);
                    adv.wounds -= healed;
                    state.decks.loot.discard.push(item.clone());
                    log.push(Event::public(
                        "[10]",
                        format!("{name} heals {healed} Wounds."),
                        HodEvent::Healed {
                            seat,
                            wounds: healed,
                        },
                    ));
                }
                _ => state.decks.loot.discard.push(item.clone()),
            }
        }
        HodAction::Attack { .. } => {}
        _ => return Err(RuleError::illegal("not a fight action")),
    }
    let stance = state
        .fight
        .as_ref()
        .and_then(|f| f.fighter(seat))
        .and_then(|f| f.stance);
    let defence = (suffer_attacks && targeted)
        .then(|| logged_test(state, seat, "defence", Attribute::AGI, "[11]", log));
    let power = if suffer_attacks {
        let count = usize::from(state.adv(seat)?.power_dice.max(1));
        let roll = state.dice.roll("power dice", count);
        log.push(Event::roll(
            "[11]",
            &roll,
            format!("{name} rolls power dice"),
            HodEvent::Rolled {
                seat,
                roll: roll.clone(),
            },
        ));
        Some(roll)
    } else {
        None
    };
    if let HodAction::Attack { with, target } = action {
        attack(state, seat, with, *target, stance, power.as_ref(), log)?;
    }
    if let Some(power) = &power {
        suffer(state, seat, defence.as_ref(), power, stance, log)?;
    }
    if let Some(f) = state.fight.as_mut() {
        let attacks = std::mem::take(&mut f.last_dice);
        f.last_dice = defence
            .iter()
            .map(|d| d.roll.clone())
            .chain(power)
            .chain(attacks)
            .collect();
        f.turn += 1;
    }
    next_turn(state, log)
}

fn escape(state: &mut HodState, seat: Seat, log: &mut Log) {
    if let Some(f) = state.fight.as_mut() {
        if let Some(fighter) = f.fighter_mut(seat) {
            fighter.status = FighterStatus::Escaped;
        }
        for foe in &mut f.foes {
            foe.targets.retain(|s| *s != seat);
        }
    }
    log.push(Event::public(
        "[10]",
        format!("{} escapes the fight.", state.name(seat)),
        HodEvent::Escaped { seat },
    ));
}

/// [11] Inflicting wounds: each attack's 2d6 test; a pass deals the highest attack die
/// (the lowest for an Unarmed Strike), or on Assault the highest power die (halved for an
/// Unarmed Strike), less the monster's ARM unless Piercing.
#[allow(clippy::too_many_arguments)]
fn attack(
    state: &mut HodState,
    seat: Seat,
    with: &AttackWith,
    target: u8,
    stance: Option<CombatStance>,
    power: Option<&Roll>,
    log: &mut Log,
) -> Result<(), RuleError> {
    let (attribute, attacks, piercing, unarmed) = match with {
        AttackWith::Item { item } => match state.loot_kind(item) {
            Some(LootKind::Weapon {
                attribute,
                attacks,
                piercing,
            }) => (*attribute, (*attacks).max(1), *piercing, false),
            _ => return Err(RuleError::illegal(format!("{item} is not a weapon"))),
        },
        AttackWith::UnarmedAgi => (Attribute::AGI, 1, false, true),
        AttackWith::UnarmedStr => (Attribute::STR, 1, false, true),
    };
    let power_high = power.map_or(0, |p| p.higher());
    let power_value = match stance {
        Some(CombatStance::Assault) if unarmed => power_high / 2,
        Some(CombatStance::Assault) => power_high,
        _ => 0,
    };
    let name = state.name(seat);
    for _ in 0..attacks {
        let test = logged_test(state, seat, "attack", attribute, "[11]", log);
        if let Some(f) = state.fight.as_mut() {
            f.last_dice.push(test.roll.clone());
        }
        if !test.passed {
            continue;
        }
        let die = if unarmed {
            test.roll.dice.iter().copied().min().unwrap_or(0)
        } else {
            test.highest()
        };
        let Some(fight) = state.fight.as_mut() else {
            break;
        };
        let Some(pos) = fight.foes.iter().position(|f| f.slot == target) else {
            break;
        };
        let Some(foe) = fight.foes.get_mut(pos) else {
            break;
        };
        let arm = if piercing { 0 } else { foe.stats.arm };
        let dealt = die.max(power_value).saturating_sub(arm);
        foe.wounds = foe.wounds.saturating_add(dealt);
        foe.wounded_now |= dealt > 0;
        let (total, fname, slot) = (foe.wounds, foe.name.clone(), foe.slot);
        log.push(Event::public(
            "[11]",
            format!(
                "{name} hits {fname} for {dealt} Wounds ({} less ARM {arm}).",
                die.max(power_value)
            ),
            HodEvent::FoeWounded {
                slot,
                wounds: dealt,
                total,
            },
        ));
        if total >= foe.stats.health {
            destroy(state, pos, Some(seat), log);
            break;
        }
    }
    Ok(())
}

/// A foe is destroyed: it becomes a trophy of its slayer.
pub fn destroy(state: &mut HodState, pos: usize, by: Option<Seat>, log: &mut Log) {
    let epic = state
        .fight
        .as_ref()
        .and_then(|f| f.foes.get(pos))
        .is_some_and(|foe| is_epic(state, &foe.card));
    let Some(fight) = state.fight.as_mut() else {
        return;
    };
    if pos >= fight.foes.len() {
        return;
    }
    let foe = fight.foes.remove(pos);
    fight.epic_destroyed |= epic;
    let holder = by
        .or_else(|| fight.fighters.first().map(|f| f.seat))
        .and_then(|s| fight.fighters.iter_mut().find(|f| f.seat == s));
    if let Some(holder) = holder {
        holder.trophies.push(foe.card.clone());
    }
    log.push(Event::public(
        "[11]",
        format!("{} is destroyed.", foe.name),
        HodEvent::FoeDestroyed { slot: foe.slot, by },
    ));
}

/// [11] Suffering wounds: each monster targeting the adventurer deals its damage, less
/// his ARM (always), less the highest defence die on a passed AGI test or, on Guard,
/// the highest power die if that is more.
fn suffer(
    state: &mut HodState,
    seat: Seat,
    defence: Option<&TestResult>,
    power: &Roll,
    stance: Option<CombatStance>,
    log: &mut Log,
) -> Result<(), RuleError> {
    let arm = state.arm(seat);
    let defence_value = defence.filter(|d| d.passed).map_or(0, |d| d.highest());
    let guard = if stance == Some(CombatStance::Guard) {
        power.higher()
    } else {
        0
    };
    let reduction = defence_value.max(guard);
    let attackers: Vec<(usize, u8, String)> = state
        .fight
        .as_ref()
        .map(|f| {
            f.foes
                .iter()
                .enumerate()
                .filter(|(_, foe)| foe.targets.contains(&seat))
                .map(|(i, foe)| (i, foe.stats.damage, foe.name.clone()))
                .collect()
        })
        .unwrap_or_default();
    for (i, damage, fname) in attackers {
        let still = state
            .fight
            .as_ref()
            .and_then(|f| f.fighter(seat))
            .is_some_and(|f| f.status == FighterStatus::Fighting);
        if !still {
            break;
        }
        let wounds = damage.saturating_sub(arm).saturating_sub(reduction);
        if let Some(foe) = state.fight.as_mut().and_then(|f| f.foes.get_mut(i)) {
            foe.dealt_now = foe.dealt_now.saturating_add(wounds);
        }
        crate::hand_of_doom::fight::suffer_raw(
            state,
            seat,
            wounds,
            &format!("{fname} attacks for {damage}, less ARM {arm} and {reduction} blocked"),
            log,
        )?;
    }
    Ok(())
}
