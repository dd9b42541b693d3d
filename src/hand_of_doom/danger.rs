//! [4]-[6] The Danger phase: a Danger card per party in MRL order; the first party's card
//! raises a Danger Level and may move the Hand of Doom; Towns and high values are safe;
//! Hunt and Stealth PER rolls change the value; the Maze's Void Shock; the Sign of Power
//! drawn in the Hand of Doom's space.

use crate::engine::{Event, RuleError};
use crate::hand_of_doom::actions::{CardRef, HodEvent};
use crate::hand_of_doom::attributes::Attribute;
use crate::hand_of_doom::content::{DangerCard, DangerTarget, Level, SpaceId, Trait};
use crate::hand_of_doom::encounter::{apply_effects, wound_outside_fight};
use crate::hand_of_doom::fight::logged_test;
use crate::hand_of_doom::state::{
    shuffle_vec, HodState, LevelKey, Log, MapStance, PartyDanger, Step,
};

fn card(state: &HodState, id: &crate::hand_of_doom::content::DangerId) -> Option<DangerCard> {
    state.content.danger.iter().find(|c| &c.id == id).cloned()
}

/// [4] The first party's card: raise the Danger Level of its target, move the Hand.
fn first_card_effects(state: &mut HodState, c: &DangerCard, here: &SpaceId, log: &mut Log) -> bool {
    let (key, hand_to): (Option<LevelKey>, Option<SpaceId>) = match &c.target {
        DangerTarget::Space { space } => (Some(state.level_key(space)), Some(space.clone())),
        DangerTarget::Territory { territory } => (
            Some(LevelKey::Territory {
                territory: territory.clone(),
            }),
            state
                .content
                .spaces
                .iter()
                .find(|s| s.territory.as_ref() == Some(territory))
                .map(|s| s.id.clone()),
        ),
        DangerTarget::Current => (Some(state.level_key(here)), Some(here.clone())),
        DangerTarget::None => (None, None),
    };
    if let Some(key) = key {
        if let Some(Level::Danger { level }) = state.level_of(&key) {
            let level = Level::Danger {
                level: (level + 1).min(6),
            };
            state.set_level(&key, level);
            log.push(Event::public(
                "[4]",
                "The first party's Danger card raises the Danger Level there.".to_string(),
                HodEvent::LevelChanged { key, level },
            ));
        }
    }
    let mut hand_left = false;
    if let (true, Some(to), Some(from)) = (c.moves_hand, hand_to, state.hand.clone()) {
        hand_left = &from == here && &to != here;
        state.hand = Some(to.clone());
        log.push(Event::public(
            "[4]",
            format!("The Hand of Doom moves to {to}."),
            HodEvent::HandMoved { to: Some(to) },
        ));
    }
    hand_left
}

/// [4]-[6] One party's Danger card. Returns true when a decision is owed ([6] a roll).
pub fn party_danger(state: &mut HodState, p: usize, log: &mut Log) -> Result<bool, RuleError> {
    let members = state.members(p);
    let Some(here) = state.party_space(p) else {
        return Ok(false);
    };
    let Some(id) = state.decks.danger.draw(&mut state.shuffle) else {
        log.push(Event::public(
            "[4]",
            "The Danger deck is empty: the party is safe.",
            HodEvent::Step,
        ));
        return Ok(false);
    };
    let c = card(state, &id).ok_or_else(|| RuleError::internal(format!("no card {id}")))?;
    let traits = state
        .content
        .spaces
        .iter()
        .find(|s| s.id == here)
        .map(|s| s.traits.clone())
        .unwrap_or_default();
    let value = c.value_in(&traits);
    log.push(Event::reveal(
        "[4]",
        format!(
            "The party draws the Danger card {} (value {value} in {here}).",
            c.name
        ),
        HodEvent::CardDrawn {
            card: CardRef::Danger { card: id.clone() },
        },
    ));
    let hand_left = if p == 0 {
        first_card_effects(state, &c, &here, log)
    } else {
        false
    };
    state.decks.danger.discard.push(id.clone());
    if c.reshuffle {
        reshuffle_danger(state, log);
    }
    if let Some(slot) = state.turn_state.dangers.get_mut(p) {
        *slot = Some(PartyDanger {
            card: id,
            value,
            safe: true,
            hand_left,
        });
    }
    if state.space_has(&here, Trait::Maze) {
        let wounds = state.content.settings.void_shock_wounds;
        for seat in &members {
            wound_outside_fight(state, *seat, wounds, "[6]", "Void Shock", log)?;
        }
    }
    let stance = state.parties.get(p).map_or(MapStance::Bold, |x| x.stance);
    if stance != MapStance::Bold && value_can_matter(state, &here) {
        state.step = Step::DangerRoll { party: p };
        return Ok(true);
    }
    finish_danger(state, p, log)?;
    Ok(false)
}

/// [6] The stance roll is offered wherever the card's value is compared with something:
/// a Danger Level ([5]), or the Bounty Level in a Law space or with a Law Epic Monster
/// counter ([7]), a Law Town included. In a Town without Law or in the Maze the value
/// decides nothing, so no roll is offered there.
fn value_can_matter(state: &HodState, here: &SpaceId) -> bool {
    matches!(state.level(here), Some(Level::Danger { .. }))
        || state.space_has(here, Trait::Law)
        || state
            .epic_counters
            .iter()
            .any(|(s, m)| s == here && crate::hand_of_doom::encounter::is_law_epic(state, m))
}

/// A reshuffle card (docs/rulings.md): the Danger discard pile, this card included, is
/// shuffled into the rest of the Danger deck.
fn reshuffle_danger(state: &mut HodState, log: &mut Log) {
    let pile = &mut state.decks.danger;
    pile.draw.append(&mut pile.discard);
    shuffle_vec(&mut pile.draw, &mut state.shuffle);
    log.push(Event::public(
        "[4]",
        "A reshuffle card: the Danger discard pile is shuffled back into the Danger deck.",
        HodEvent::Step,
    ));
}

/// [6] Hunt: a majority of passed PER tests lowers the value by 1 (minimum 1). Stealth:
/// all passed raises it by 1.
pub fn stance_roll(state: &mut HodState, p: usize, log: &mut Log) -> Result<(), RuleError> {
    let members = state.members(p);
    let stance = state.parties.get(p).map_or(MapStance::Bold, |x| x.stance);
    let mut passes = 0;
    for seat in &members {
        let what = format!("the party's {stance:?}");
        let result = logged_test(state, *seat, &what, Attribute::PER, "[6]", log);
        passes += usize::from(result.passed);
    }
    if let Some(Some(d)) = state.turn_state.dangers.get_mut(p) {
        match stance {
            MapStance::Hunt if passes * 2 > members.len() => {
                d.value = d.value.saturating_sub(1).max(1)
            }
            MapStance::Stealth if passes == members.len() => d.value = d.value.saturating_add(1),
            _ => {}
        }
        let value = d.value;
        log.push(Event::public(
            "[6]",
            format!("The Danger card's value is now {value}."),
            HodEvent::Step,
        ));
    }
    finish_danger(state, p, log)
}

/// [5]/[6] Compare the value to the space's level; then the Sign of Power in the Hand's space.
pub fn finish_danger(state: &mut HodState, p: usize, log: &mut Log) -> Result<(), RuleError> {
    let Some(here) = state.party_space(p) else {
        return Ok(());
    };
    let level = state.level(&here);
    let Some(Some(d)) = state.turn_state.dangers.get_mut(p) else {
        return Ok(());
    };
    d.safe = match level {
        Some(Level::Danger { level }) => d.value > level,
        Some(Level::Town { .. }) | None => true,
    };
    let (value, safe, hand_left) = (d.value, d.safe, d.hand_left);
    let why = match level {
        Some(Level::Town { .. }) => "a Town has no Danger Level",
        None => "the Maze ignores the icon key",
        Some(Level::Danger { .. }) if safe => "the value is above the Danger Level",
        _ => "the value is at or below the Danger Level",
    };
    log.push(Event::public(
        "[5]",
        format!(
            "Danger value {value} in {here}: {} ({why}).",
            if safe { "safe" } else { "not safe" }
        ),
        HodEvent::DangerValue { value, safe },
    ));
    if state.hand.as_ref() == Some(&here) && !hand_left {
        if let Some(sign) = state.decks.signs.draw(&mut state.shuffle) {
            let card = state.content.signs.iter().find(|s| s.id == sign).cloned();
            if let Some(card) = card {
                log.push(Event::reveal(
                    "[6]",
                    format!(
                        "In the Hand of Doom's space the party draws the Sign of Power {}: {}",
                        card.name, card.text
                    ),
                    HodEvent::CardDrawn {
                        card: CardRef::Sign { card: sign.clone() },
                    },
                ));
                let members = state.members(p);
                apply_effects(state, &members, &card.effects, "[6]", log)?;
            }
            state.decks.signs.discard.push(sign);
        }
    }
    Ok(())
}
