//! The effects of Encounter cards, Signs of Power and card tests ([6] Sign of Power, [8]
//! encounters, [13] loot): party-wide effects once, the others to each adventurer.

use crate::engine::{Event, RuleError, Seat};
use crate::hand_of_doom::actions::{CardRef, HodEvent};
use crate::hand_of_doom::content::{Effect, Level, LootKind, Trait};
use crate::hand_of_doom::fight::logged_test;
use crate::hand_of_doom::map_phase::gain_condition;
use crate::hand_of_doom::state::{HodState, Log};

/// Wounds outside a fight never take the last point of health (docs/rulings.md).
pub fn wound_outside_fight(
    state: &mut HodState,
    seat: Seat,
    amount: u8,
    rule: &str,
    why: &str,
    log: &mut Log,
) -> Result<(), RuleError> {
    let cap = state.health(seat).saturating_sub(1);
    let name = state.name(seat);
    let adv = state.adv_mut(seat)?;
    let before = adv.wounds;
    adv.wounds = adv.wounds.saturating_add(amount).min(cap.max(before));
    let (dealt, total) = (adv.wounds - before, adv.wounds);
    log.push(Event::public(
        rule,
        format!("{why}: {name} suffers {dealt} Wounds."),
        HodEvent::Wounded {
            seat,
            wounds: dealt,
            total,
        },
    ));
    Ok(())
}

/// Apply card effects: party-wide ones once, the others to each adventurer in turn.
pub fn apply_effects(
    state: &mut HodState,
    seats: &[Seat],
    effects: &[Effect],
    rule: &str,
    log: &mut Log,
) -> Result<(), RuleError> {
    let here = seats
        .first()
        .and_then(|s| state.adventurers.get(s.index()))
        .map(|a| a.space.clone());
    for effect in effects {
        match effect {
            Effect::RaiseBounty => {
                state.bounty = (state.bounty + 1).min(6);
                log.push(Event::public(
                    rule,
                    format!("The Bounty Level rises to {}.", state.bounty),
                    HodEvent::BountyChanged {
                        bounty: state.bounty,
                    },
                ));
            }
            Effect::RaiseDanger => {
                if let Some(here) = &here {
                    let key = state.level_key(here);
                    if let Some(Level::Danger { level }) = state.level_of(&key) {
                        let level = Level::Danger {
                            level: (level + 1).min(6),
                        };
                        state.set_level(&key, level);
                        log.push(Event::public(
                            rule,
                            format!("The Danger Level in {here} rises."),
                            HodEvent::LevelChanged { key, level },
                        ));
                    }
                }
            }
            Effect::PlaceVoidgate => {
                if let Some(here) = &here {
                    if !state.voidgates.contains(here) && !state.space_has(here, Trait::Maze) {
                        state.voidgates.push(here.clone());
                        log.push(Event::public(
                            rule,
                            format!("A Voidgate opens in {here}."),
                            HodEvent::CounterChanged {
                                space: here.clone(),
                                counter: "Voidgate".into(),
                                placed: true,
                            },
                        ));
                    }
                }
            }
            _ => {
                for seat in seats {
                    apply_to(state, *seat, effect, rule, log)?;
                }
            }
        }
    }
    Ok(())
}

fn apply_to(
    state: &mut HodState,
    seat: Seat,
    effect: &Effect,
    rule: &str,
    log: &mut Log,
) -> Result<(), RuleError> {
    let name = state.name(seat);
    match effect {
        Effect::GainGp { amount } | Effect::LoseGp { amount } => {
            let adv = state.adv_mut(seat)?;
            adv.gp = if matches!(effect, Effect::GainGp { .. }) {
                adv.gp.saturating_add(*amount)
            } else {
                adv.gp.saturating_sub(*amount)
            };
            let gp = adv.gp;
            log.push(Event::public(
                rule,
                format!("{name} has {gp} GP."),
                HodEvent::GpChanged { seat, gp },
            ));
        }
        Effect::GainXp { amount } => {
            let adv = state.adv_mut(seat)?;
            adv.xp = adv.xp.saturating_add(*amount);
            let xp = adv.xp;
            log.push(Event::public(
                rule,
                format!("{name} has {xp} XP."),
                HodEvent::XpChanged { seat, xp },
            ));
        }
        Effect::Wound { amount } => {
            wound_outside_fight(state, seat, *amount, rule, "The card wounds", log)?
        }
        Effect::Heal { amount } => {
            let adv = state.adv_mut(seat)?;
            let healed = adv.wounds.min(*amount);
            adv.wounds -= healed;
            log.push(Event::public(
                rule,
                format!("{name} heals {healed} Wounds."),
                HodEvent::Healed {
                    seat,
                    wounds: healed,
                },
            ));
        }
        Effect::AddCondition { condition } => gain_condition(state, seat, *condition, rule, log)?,
        Effect::DrawLoot { count } => draw_loot_for(state, seat, *count, rule, log),
        Effect::Test {
            attribute,
            pass,
            fail,
        } => {
            let passed = logged_test(state, seat, "a card's test", *attribute, rule, log).passed;
            let next = if passed { pass } else { fail };
            apply_effects(state, &[seat], next, rule, log)?;
        }
        Effect::RaiseBounty | Effect::RaiseDanger | Effect::PlaceVoidgate => {
            apply_effects(state, &[seat], std::slice::from_ref(effect), rule, log)?
        }
    }
    Ok(())
}

/// Draw Loot as a reward: items to `seat`; a monster drawn this way slinks off to the
/// discard pile (docs/rulings.md).
pub fn draw_loot_for(state: &mut HodState, seat: Seat, count: u8, rule: &str, log: &mut Log) {
    for _ in 0..count {
        let Some(card) = state.decks.loot.draw(&mut state.shuffle) else {
            return;
        };
        let monster = matches!(state.loot_kind(&card), Some(LootKind::Monster { .. }));
        log.push(Event::reveal(
            rule,
            format!("{} draws the Loot card {card}.", state.name(seat)),
            HodEvent::CardDrawn {
                card: CardRef::Loot { card: card.clone() },
            },
        ));
        if monster {
            state.decks.loot.discard.push(card);
        } else if let Some(adv) = state.adventurers.get_mut(seat.index()) {
            adv.items.push(card.clone());
            log.push(Event::public(
                rule,
                format!("{} takes {card}.", adv.name),
                HodEvent::ItemGained { seat, item: card },
            ));
        }
    }
}
