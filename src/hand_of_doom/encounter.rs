//! [7]-[9] The Encounter phase: Clue, random or dispel instead of an Encounter;
//! Resolve-Immediately encounters before monsters, others held until the monsters are
//! beaten; Monster cards by party size (Normal, Law, Epic, Loot-deck lurkers); the Law's
//! bribe or surrender. Card effects are in `effects.rs`.

use crate::engine::{Event, RuleError};
use crate::hand_of_doom::actions::{CardRef, HodEvent};
use crate::hand_of_doom::content::{EncounterId, MonsterDeck, Trait};
pub use crate::hand_of_doom::effects::{apply_effects, draw_loot_for, wound_outside_fight};
use crate::hand_of_doom::fight::{self, FoeCard};
use crate::hand_of_doom::state::{HodState, Log, PartyDanger, Step};

fn danger_of(state: &HodState, p: usize) -> Option<PartyDanger> {
    state.turn_state.dangers.get(p).cloned().flatten()
}

/// [6] An Epic Monster of the Law: its counter is a Law Epic Monster counter.
pub fn is_law_epic(state: &HodState, m: &crate::hand_of_doom::content::HodMonsterId) -> bool {
    state
        .content
        .monsters
        .iter()
        .any(|c| &c.id == m && matches!(c.deck, MonsterDeck::Epic { law: true, .. }))
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
    let law_epic = epic_here.iter().any(|m| is_law_epic(state, m));
    if let Some(card) = card.filter(|_| !state.space_has(&here, Trait::Maze)) {
        if law_epic {
            // [6] Law Epic Monster counter: the card counts as a Law card; only Law
            // monsters, for a party one smaller, and only at or below the Bounty Level.
            let count = if d.value <= state.bounty {
                monsters_for(&card, members.len().saturating_sub(1))
            } else {
                0
            };
            for _ in 0..count {
                if let Some(m) = state.decks.law.draw(&mut state.shuffle) {
                    foes.push(FoeCard::Monster { card: m });
                }
            }
            log.push(Event::public(
                "[6]",
                format!(
                    "A Law Epic Monster counter in {here}: {count} Law monsters, no random monsters, the Epic icon ignored."
                ),
                HodEvent::Step,
            ));
        } else if law {
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
                            && matches!(c.deck, MonsterDeck::Epic { lair, .. } if state.space_has(&here, lair))
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
