//! [12] The end of a combat round, in the chart's order: 1 items and skills (bombs),
//! 2 Summon, 3 Skirmish then Thief, 4 Drain and Regenerate; then a new round while both
//! sides remain, else [13].

use crate::engine::{Event, RuleError};
use crate::hand_of_doom::actions::HodEvent;
use crate::hand_of_doom::aftermath;
use crate::hand_of_doom::combat_turn::destroy;
use crate::hand_of_doom::content::{Ability, LootKind, MonsterDeck};
use crate::hand_of_doom::fight::{add_foe, begin_round, monster_card, FoeCard};
use crate::hand_of_doom::state::{HodState, Log};

/// A foe that leaves the fight alive (ran away): its card goes to its discard pile.
pub fn foe_leaves(state: &mut HodState, card: FoeCard) {
    match &card {
        FoeCard::Loot { card } => state.decks.loot.discard.push(card.clone()),
        FoeCard::Monster { card: id } => {
            let deck = monster_card(state, id).map(|m| m.deck.clone());
            match deck {
                Some(MonsterDeck::Region { region }) => {
                    if let Some((_, pile)) =
                        state.decks.monsters.iter_mut().find(|(r, _)| *r == region)
                    {
                        pile.discard.push(id.clone());
                    }
                }
                Some(MonsterDeck::Law) => state.decks.law.discard.push(id.clone()),
                Some(MonsterDeck::Epic { .. }) | None => state.decks.epics.push(id.clone()),
            }
        }
    }
}

fn has(state: &HodState, i: usize, a: Ability) -> bool {
    state
        .fight
        .as_ref()
        .and_then(|f| f.foes.get(i))
        .is_some_and(|f| f.stats.abilities.contains(&a))
}

/// [12] End of round.
pub fn end_round(state: &mut HodState, log: &mut Log) -> Result<(), RuleError> {
    // 1. Items: bombs thrown this round burst.
    let bombs = state
        .fight
        .as_mut()
        .map(|f| std::mem::take(&mut f.bombs))
        .unwrap_or_default();
    for (seat, bomb) in bombs {
        let wounds = match state.loot_kind(&bomb) {
            Some(LootKind::Bomb { wounds }) => *wounds,
            _ => 0,
        };
        state.decks.loot.discard.push(bomb.clone());
        log.push(Event::public(
            "[12]",
            format!("{bomb} bursts: each monster suffers {wounds} Wounds."),
            HodEvent::Step,
        ));
        let mut i = 0;
        while let Some(foe) = state.fight.as_mut().and_then(|f| f.foes.get_mut(i)) {
            foe.wounds = foe.wounds.saturating_add(wounds);
            foe.wounded_now |= wounds > 0;
            let (slot, total, dead) = (foe.slot, foe.wounds, foe.wounds >= foe.stats.health);
            log.push(Event::public(
                "[12]",
                format!("{} suffers {wounds} Wounds.", foe.name),
                HodEvent::FoeWounded {
                    slot,
                    wounds,
                    total,
                },
            ));
            if dead {
                destroy(state, i, Some(seat), log);
            } else {
                i += 1;
            }
        }
    }
    // 2. Summon: once per fight, another card of the summoner's deck (the fight's region).
    let count = state.fight.as_ref().map_or(0, |f| f.foes.len());
    let region = state
        .fight
        .as_ref()
        .and_then(|f| state.party_space(f.party))
        .and_then(|s| state.region_of(&s));
    for i in 0..count {
        let summons = has(state, i, Ability::Summon)
            && state
                .fight
                .as_ref()
                .and_then(|f| f.foes.get(i))
                .is_some_and(|f| !f.summoned);
        if !summons {
            continue;
        }
        let law = state
            .fight
            .as_ref()
            .and_then(|f| f.foes.get(i))
            .is_some_and(|f| crate::hand_of_doom::fight::is_law(state, &f.card));
        if let Some(foe) = state.fight.as_mut().and_then(|f| f.foes.get_mut(i)) {
            foe.summoned = true;
        }
        let drawn = if law {
            state.decks.law.draw(&mut state.shuffle)
        } else {
            state
                .decks
                .monsters
                .iter_mut()
                .find(|(r, _)| Some(r) == region.as_ref())
                .and_then(|(_, pile)| pile.draw(&mut state.shuffle))
        };
        if let Some(card) = drawn {
            log.push(Event::reveal(
                "[12]",
                "A summoner calls in reinforcements.",
                HodEvent::Step,
            ));
            add_foe(state, FoeCard::Monster { card }, log)?;
        }
    }
    // 3. Skirmish (wounded this round), then Thief (wounded a target: steals 2 GP).
    for ability in [Ability::Skirmish, Ability::Thief] {
        let mut i = 0;
        while let Some(foe) = state.fight.as_ref().and_then(|f| f.foes.get(i)).cloned() {
            let runs = match ability {
                Ability::Skirmish => has(state, i, ability) && foe.wounded_now,
                _ => has(state, i, ability) && foe.dealt_now > 0,
            };
            if !runs {
                i += 1;
                continue;
            }
            if ability == Ability::Thief {
                if let Some(victim) = foe.targets.first().copied() {
                    let name = state.name(victim);
                    let adv = state.adv_mut(victim)?;
                    adv.gp = adv.gp.saturating_sub(2);
                    let gp = adv.gp;
                    log.push(Event::public(
                        "[12]",
                        format!("{} steals from {name}.", foe.name),
                        HodEvent::GpChanged { seat: victim, gp },
                    ));
                }
            }
            if let Some(f) = state.fight.as_mut() {
                f.foes.remove(i);
            }
            log.push(Event::public(
                "[12]",
                format!("{} runs away.", foe.name),
                HodEvent::FoeLeft { slot: foe.slot },
            ));
            foe_leaves(state, foe.card);
        }
    }
    // 4. Drain (what it dealt) and Regenerate (1).
    if let Some(f) = state.fight.as_mut() {
        for foe in &mut f.foes {
            let mut heal = 0;
            if foe.stats.abilities.contains(&Ability::Drain) {
                heal += foe.dealt_now;
            }
            if foe.stats.abilities.contains(&Ability::Regenerate) {
                heal += 1;
            }
            let healed = foe.wounds.min(heal);
            if healed > 0 {
                foe.wounds -= healed;
                log.push(Event::public(
                    "[12]",
                    format!("{} recovers {healed} Wounds.", foe.name),
                    HodEvent::FoeHealed {
                        slot: foe.slot,
                        wounds: healed,
                    },
                ));
            }
        }
    }
    let (foes_left, fighters_left) = state.fight.as_ref().map_or((false, false), |f| {
        (!f.foes.is_empty(), !f.fighting().is_empty())
    });
    if foes_left && fighters_left {
        if let Some(f) = state.fight.as_mut() {
            f.round = f.round.saturating_add(1);
        }
        begin_round(state, log)
    } else {
        aftermath::finish(state, log)
    }
}
