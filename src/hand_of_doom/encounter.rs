//! [7]-[9] The Encounter phase: Clue, random or dispel instead of an Encounter;
//! Resolve-Immediately encounters before monsters, others held until the monsters are
//! beaten; Monster cards by party size (Normal, Law, Epic, Loot-deck lurkers); the Law's
//! bribe or surrender. Also the effects every card uses.

use crate::engine::{Event, RuleError, Seat};
use crate::hand_of_doom::actions::{CardRef, HodEvent};
use crate::hand_of_doom::content::{Effect, EncounterId, Level, LootKind, MonsterDeck, Trait};
use crate::hand_of_doom::fight::logged_test;
use crate::hand_of_doom::fight::{self, FoeCard};
use crate::hand_of_doom::map_phase::gain_condition;
use crate::hand_of_doom::state::{HodState, Log, PartyDanger, Step};

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

fn danger_of(state: &HodState, p: usize) -> Option<PartyDanger> {
    state.turn_state.dangers.get(p).cloned().flatten()
}

/// [6] Law: a Law space, a Law card, a value at or below the Bounty Level (no Epic counter).
fn law_attacks(state: &HodState, p: usize) -> bool {
    let (Some(d), Some(here)) = (danger_of(state, p), state.party_space(p)) else {
        return false;
    };
    let law_card = state.content.danger.iter().any(|c| c.id == d.card && c.law);
    law_card
        && state.space_has(&here, Trait::Law)
        && d.value <= state.bounty
        && !state.epic_counters.iter().any(|(s, _)| s == &here)
}

/// [7]-[8] One party's Encounter phase. Returns true when a decision is owed.
pub fn party_encounter(state: &mut HodState, p: usize, log: &mut Log) -> Result<bool, RuleError> {
    let members = state.members(p);
    let (Some(d), Some(here)) = (danger_of(state, p), state.party_space(p)) else {
        return Ok(false);
    };
    let lurking = state
        .turn_state
        .lurkers
        .iter()
        .any(|(s, _)| members.contains(s));
    let epic_here = state.epic_counters.iter().any(|(s, _)| s == &here);
    let clue_here = state.clues.contains(&here);
    state.turn_state.held = None;
    if d.safe && !law_attacks(state, p) && !epic_here && !clue_here && !lurking {
        log.push(Event::public(
            "[7]",
            "The party is safe and skips the Encounter phase.",
            HodEvent::Step,
        ));
        return Ok(false);
    }
    let card = state
        .content
        .danger
        .iter()
        .find(|c| c.id == d.card)
        .cloned();
    let wants_encounter = card.as_ref().is_some_and(|c| c.encounter)
        && !d.safe
        && !state.is_town(&here)
        && !state.space_has(&here, Trait::Maze);
    if clue_here {
        let clue = state
            .content
            .mission
            .clues
            .iter()
            .find(|c| c.space == here)
            .map(|c| c.encounter.clone());
        state.clues.retain(|s| s != &here);
        log.push(Event::public(
            "[7]",
            format!("The Clue counter in {here} leads to a mission encounter; no random Encounter this turn."),
            HodEvent::CounterChanged { space: here.clone(), counter: "Clue".into(), placed: false },
        ));
        if let Some(enc) = clue {
            take_encounter(state, p, enc, log)?;
        }
    } else if wants_encounter && state.destroyed.contains(&here) {
        log.push(Event::public(
            "[7]",
            "A Destroyed counter: no random Encounter here.",
            HodEvent::Step,
        ));
    } else if wants_encounter
        && (state.hand.as_ref() == Some(&here) || state.voidgates.contains(&here))
    {
        state.step = Step::Dispel { party: p };
        return Ok(true);
    } else if wants_encounter {
        let region = state.region_of(&here);
        let drawn = state
            .decks
            .encounters
            .iter_mut()
            .find(|(r, _)| Some(r) == region.as_ref())
            .and_then(|(_, pile)| pile.draw(&mut state.shuffle));
        if let Some(enc) = drawn {
            take_encounter(state, p, enc, log)?;
        }
    }
    encounter_monsters(state, p, log)
}

/// [8] Resolve an encounter now ('Resolve Immediately') or hold it until the monsters fall.
fn take_encounter(
    state: &mut HodState,
    p: usize,
    enc: EncounterId,
    log: &mut Log,
) -> Result<(), RuleError> {
    let card = state
        .content
        .encounters
        .iter()
        .find(|e| e.id == enc)
        .cloned()
        .ok_or_else(|| RuleError::internal(format!("no encounter {enc}")))?;
    let when = if card.immediate {
        "Resolve Immediately"
    } else {
        "set aside until the monsters are beaten"
    };
    log.push(Event::reveal(
        "[8]",
        format!("Encounter: {}: {} ({when}).", card.name, card.text),
        HodEvent::CardDrawn {
            card: CardRef::Encounter { card: enc.clone() },
        },
    ));
    if card.immediate {
        let members = state.members(p);
        apply_effects(state, &members, &card.effects, "[8]", log)?;
        discard_encounter(state, enc);
    } else {
        state.turn_state.held = Some(enc);
    }
    Ok(())
}

pub fn discard_encounter(state: &mut HodState, enc: EncounterId) {
    let region = state
        .content
        .encounters
        .iter()
        .find(|e| e.id == enc)
        .and_then(|e| e.region.clone());
    match state
        .decks
        .encounters
        .iter_mut()
        .find(|(r, _)| Some(r) == region.as_ref())
    {
        Some((_, pile)) => pile.discard.push(enc),
        None => state.decks.mission_done.push(enc),
    }
}

/// [13] A held encounter after a Party Victory (or no monsters at all) is resolved.
pub fn resolve_held(state: &mut HodState, p: usize, log: &mut Log) -> Result<(), RuleError> {
    if let Some(enc) = state.turn_state.held.take() {
        let card = state
            .content
            .encounters
            .iter()
            .find(|e| e.id == enc)
            .cloned();
        if let Some(card) = card {
            log.push(Event::public(
                "[8]",
                format!("The party resolves the encounter {}.", card.name),
                HodEvent::Step,
            ));
            let members = state.members(p);
            apply_effects(state, &members, &card.effects, "[8]", log)?;
        }
        discard_encounter(state, enc);
    }
    Ok(())
}

/// [6] Monster n: cards for a party of `size` (the last entry for larger parties).
fn monsters_for(card: &crate::hand_of_doom::content::DangerCard, size: usize) -> u8 {
    if size == 0 {
        return 0;
    }
    card.monsters
        .get(size - 1)
        .or(card.monsters.last())
        .copied()
        .unwrap_or(0)
}

/// [8] Draw the monsters the Danger card calls for; then the bribe ([9]) or the fight.
pub fn encounter_monsters(
    state: &mut HodState,
    p: usize,
    log: &mut Log,
) -> Result<bool, RuleError> {
    let members = state.members(p);
    let (Some(d), Some(here)) = (danger_of(state, p), state.party_space(p)) else {
        return Ok(false);
    };
    let card = state
        .content
        .danger
        .iter()
        .find(|c| c.id == d.card)
        .cloned();
    let mut foes: Vec<FoeCard> = Vec::new();
    let lurkers: Vec<_> = state
        .turn_state
        .lurkers
        .iter()
        .filter(|(s, _)| members.contains(s))
        .map(|(_, c)| c.clone())
        .collect();
    state
        .turn_state
        .lurkers
        .retain(|(s, _)| !members.contains(s));
    foes.extend(lurkers.into_iter().map(|card| FoeCard::Loot { card }));
    let epic_here: Vec<_> = state
        .epic_counters
        .iter()
        .filter(|(s, _)| s == &here)
        .map(|(_, m)| m.clone())
        .collect();
    let law = law_attacks(state, p);
    if let Some(card) = card.filter(|_| !state.space_has(&here, Trait::Maze)) {
        if law {
            for _ in 0..monsters_for(&card, members.len()).max(1) {
                if let Some(m) = state.decks.law.draw(&mut state.shuffle) {
                    foes.push(FoeCard::Monster { card: m });
                }
            }
        } else if !d.safe && !state.is_town(&here) {
            let size = members
                .len()
                .saturating_sub(usize::from(!epic_here.is_empty()));
            let region = state.region_of(&here);
            for _ in 0..monsters_for(&card, size) {
                let drawn = state
                    .decks
                    .monsters
                    .iter_mut()
                    .find(|(r, _)| Some(r) == region.as_ref())
                    .and_then(|(_, pile)| pile.draw(&mut state.shuffle));
                if let Some(m) = drawn {
                    foes.push(FoeCard::Monster { card: m });
                }
            }
            if card.epic && epic_here.is_empty() {
                let lair = state.decks.epics.iter().position(|m| {
                    state.content.monsters.iter().any(|c| {
                        &c.id == m
                            && matches!(c.deck, MonsterDeck::Epic { lair } if state.space_has(&here, lair))
                    })
                });
                if let Some(i) = lair {
                    foes.push(FoeCard::Monster {
                        card: state.decks.epics.remove(i),
                    });
                }
            }
        }
    }
    if !epic_here.is_empty() {
        state.epic_counters.retain(|(s, _)| s != &here);
        log.push(Event::public(
            "[7]",
            format!("The party must fight the Epic Monster waiting in {here}."),
            HodEvent::CounterChanged {
                space: here.clone(),
                counter: "Epic Monster".into(),
                placed: false,
            },
        ));
        foes.extend(epic_here.into_iter().map(|card| FoeCard::Monster { card }));
    }
    if foes.is_empty() {
        resolve_held(state, p, log)?;
        return Ok(false);
    }
    if foes.iter().any(|f| fight::is_law(state, f)) {
        state.turn_state.foes = foes;
        state.step = Step::Bribe { party: p };
        log.push(Event::public(
            "[9]",
            "The Law attacks: bribe, fight or surrender.",
            HodEvent::Step,
        ));
        return Ok(true);
    }
    fight::start(state, p, foes, log)?;
    Ok(true)
}
