//! [13] Party Victory or Monster Victory, with every consequence in the chart; then the
//! next party's Encounter phase.

use crate::engine::{Event, RuleError, Seat};
use crate::hand_of_doom::actions::{CardRef, HodEvent, Victory};
use crate::hand_of_doom::content::{Level, MonsterDeck, Trait};
use crate::hand_of_doom::encounter::{discard_encounter, draw_loot_for, resolve_held};
use crate::hand_of_doom::fight::{foe_stats, monster_card, Fight, FighterStatus, FoeCard};
use crate::hand_of_doom::round_end::foe_leaves;
use crate::hand_of_doom::state::{HodState, Log};
use crate::hand_of_doom::turn;

/// [13] The fight is over: resolve it, then continue the Encounter phase.
pub fn finish(state: &mut HodState, log: &mut Log) -> Result<(), RuleError> {
    let Some(fight) = state.fight.take() else {
        return Err(RuleError::internal("no fight to finish"));
    };
    let p = fight.party;
    let here = state
        .adventurers
        .iter()
        .find(|a| fight.fighters.iter().any(|f| f.seat == a.seat))
        .map(|a| a.space.clone())
        .ok_or_else(|| RuleError::internal("a fight without adventurers"))?;
    let victory = if fight.foes.is_empty() && !fight.fighting().is_empty() {
        Victory::Party
    } else {
        Victory::Monsters
    };
    log.push(Event::public(
        "[13]",
        format!("{victory:?} Victory."),
        HodEvent::FightEnded { victory },
    ));
    match victory {
        Victory::Party => party_victory(state, &fight, &here, log)?,
        Victory::Monsters => monster_victory(state, fight, &here, log)?,
    }
    if matches!(state.step, crate::hand_of_doom::state::Step::Over { .. }) {
        return Ok(());
    }
    turn::continue_encounters(state, p + 1, log)
}

fn party_victory(
    state: &mut HodState,
    fight: &Fight,
    here: &crate::hand_of_doom::content::SpaceId,
    log: &mut Log,
) -> Result<(), RuleError> {
    let key = state.level_key(here);
    if fight.law_or_loot {
        log.push(Event::public(
            "[13]",
            "Monsters from the Law or Loot deck: the level does not change.",
            HodEvent::Step,
        ));
    } else if let Some(Level::Danger { level }) = state.level_of(&key) {
        let settlement = state.space_has(here, Trait::Settlement)
            && matches!(key, crate::hand_of_doom::state::LevelKey::Space { .. });
        let new = if fight.epic_destroyed {
            Some(Level::Danger { level: 1 })
        } else if state.turn_state.lowered.contains(&key) {
            None
        } else if level <= 1 && settlement {
            Some(Level::Town { level: 1 })
        } else {
            Some(Level::Danger {
                level: level.saturating_sub(1).max(1),
            })
        };
        if let Some(new) = new {
            state.set_level(&key, new);
            state.turn_state.lowered.push(key.clone());
            log.push(Event::public(
                "[13]",
                match new {
                    Level::Town { .. } => format!("{here} becomes a Town (Town Level 1)."),
                    Level::Danger { level } => format!("The Danger Level there is now {level}."),
                },
                HodEvent::LevelChanged { key, level: new },
            ));
        } else {
            log.push(Event::public(
                "[13]",
                "The Danger Level was already lowered this turn.",
                HodEvent::Step,
            ));
        }
    }
    for f in &fight.fighters {
        let rewarded = f.status == FighterStatus::Fighting;
        if f.status == FighterStatus::Defeated {
            // Defeated in a won fight: the adventurer lives on at 1 health (docs/rulings.md).
            let health = state.health(f.seat);
            if let Ok(adv) = state.adv_mut(f.seat) {
                adv.wounds = health.saturating_sub(1);
            }
        }
        for trophy in &f.trophies {
            if rewarded {
                reward(state, f.seat, trophy, log)?;
            }
            discard_trophy(state, trophy.clone());
        }
    }
    resolve_held(state, fight.party, log)
}

fn reward(
    state: &mut HodState,
    seat: Seat,
    trophy: &FoeCard,
    log: &mut Log,
) -> Result<(), RuleError> {
    let Some((name, stats)) = foe_stats(state, trophy) else {
        return Ok(());
    };
    let who = state.name(seat);
    let adv = state.adv_mut(seat)?;
    adv.xp = adv.xp.saturating_add(stats.xp);
    adv.gp = adv.gp.saturating_add(stats.gp);
    let (xp, gp) = (adv.xp, adv.gp);
    log.push(Event::public(
        "[13]",
        format!(
            "{who} collects {} XP and {} GP for {name}.",
            stats.xp, stats.gp
        ),
        HodEvent::XpChanged { seat, xp },
    ));
    log.push(Event::public(
        "[13]",
        format!("{who} has {gp} GP."),
        HodEvent::GpChanged { seat, gp },
    ));
    draw_loot_for(state, seat, stats.loot, "[13]", log);
    Ok(())
}

/// A destroyed monster's card: to its discard pile (an Epic leaves the game).
fn discard_trophy(state: &mut HodState, card: FoeCard) {
    match &card {
        FoeCard::Monster { card: id }
            if monster_card(state, id)
                .is_some_and(|m| matches!(m.deck, MonsterDeck::Epic { .. })) =>
        {
            state.decks.vanquished.push(id.clone())
        }
        _ => foe_leaves(state, card),
    }
}

fn monster_victory(
    state: &mut HodState,
    fight: Fight,
    here: &crate::hand_of_doom::content::SpaceId,
    log: &mut Log,
) -> Result<(), RuleError> {
    for f in &fight.fighters {
        if f.status == FighterStatus::Defeated {
            kill(state, f.seat, log)?;
        } else if f.status == FighterStatus::Escaped && !f.trophies.is_empty() {
            log.push(Event::public(
                "[13]",
                format!(
                    "{} escaped and discards trophies without reward.",
                    state.name(f.seat)
                ),
                HodEvent::Step,
            ));
        }
        for trophy in &f.trophies {
            discard_trophy(state, trophy.clone());
        }
    }
    if state.alive().next().is_none() {
        turn::end_game(state, false, "no adventurer survives", log);
    } else {
        let key = state.level_key(here);
        if let Some(Level::Danger { level }) = state.level_of(&key) {
            let level = Level::Danger {
                level: level
                    .saturating_add(state.content.settings.monster_victory_danger)
                    .min(6),
            };
            state.set_level(&key, level);
            log.push(Event::public(
                "[13]",
                "The Danger Level rises where the party was beaten.",
                HodEvent::LevelChanged { key, level },
            ));
        }
    }
    for foe in fight.foes {
        match &foe.card {
            FoeCard::Monster { card: id }
                if monster_card(state, id)
                    .is_some_and(|m| matches!(m.deck, MonsterDeck::Epic { .. })) =>
            {
                state.epic_counters.push((here.clone(), id.clone()));
                log.push(Event::public(
                    "[13]",
                    format!(
                        "{} remains: an Epic Monster counter is placed in {here}.",
                        foe.name
                    ),
                    HodEvent::CounterChanged {
                        space: here.clone(),
                        counter: "Epic Monster".into(),
                        placed: true,
                    },
                ));
            }
            FoeCard::Monster { card: id } => {
                let deck = monster_card(state, id).map(|m| m.deck.clone());
                match deck {
                    Some(MonsterDeck::Law) => {
                        state.decks.law.shuffle_in(id.clone(), &mut state.shuffle)
                    }
                    _ => {
                        let region = match deck {
                            Some(MonsterDeck::Region { region }) => Some(region),
                            _ => None,
                        };
                        if let Some((_, pile)) = state
                            .decks
                            .monsters
                            .iter_mut()
                            .find(|(r, _)| Some(r) == region.as_ref())
                        {
                            pile.shuffle_in(id.clone(), &mut state.shuffle);
                        }
                    }
                }
                log.push(Event::public(
                    "[13]",
                    format!("{} is shuffled back into its deck.", foe.name),
                    HodEvent::Step,
                ));
            }
            FoeCard::Loot { card } => {
                state
                    .decks
                    .loot
                    .shuffle_in(card.clone(), &mut state.shuffle);
                log.push(Event::public(
                    "[13]",
                    format!("{} is shuffled back into the Loot deck.", foe.name),
                    HodEvent::Step,
                ));
            }
        }
    }
    if let Some(enc) = state.turn_state.held.take() {
        log.push(Event::public(
            "[13]",
            "The after-battle encounter is discarded unresolved.",
            HodEvent::CardDiscarded {
                card: CardRef::Encounter { card: enc.clone() },
            },
        ));
        discard_encounter(state, enc);
    }
    Ok(())
}

/// [13] A Defeated adventurer is killed: removed from the game, Skills and Items discarded.
pub fn kill(state: &mut HodState, seat: Seat, log: &mut Log) -> Result<(), RuleError> {
    let name = state.name(seat);
    let adv = state.adv_mut(seat)?;
    adv.alive = false;
    let items = std::mem::take(&mut adv.items);
    let skills = std::mem::take(&mut adv.skills);
    for item in items {
        state.decks.loot.discard.push(item);
    }
    for s in skills {
        state.decks.skills.push(s.skill);
    }
    state.decks.skills.sort();
    for party in &mut state.parties {
        party.members.retain(|s| *s != seat);
    }
    log.push(Event::public(
        "[13]",
        format!("{name} is killed and removed from the game; Skills and Items are discarded."),
        HodEvent::Killed { seat },
    ));
    Ok(())
}
