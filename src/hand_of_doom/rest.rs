//! [3] Rest Actions: Recover (required first: MRL test removes Wounds, then Status
//! Conditions), Explore, Improve, Invest, Trade (buy and sell), each at most once.

use crate::engine::{Event, RuleError, Seat};
use crate::hand_of_doom::actions::{CardRef, HodAction, HodEvent};
use crate::hand_of_doom::attributes::Attribute;
use crate::hand_of_doom::content::{Level, Trait};
use crate::hand_of_doom::fight::logged_test;
use crate::hand_of_doom::map_phase::{draw_market, improve, next_rester};
use crate::hand_of_doom::state::{HodState, Log, RestKind, Step};

/// Apply a Rest or Trading action of `seat`.
pub fn apply_rest(
    state: &mut HodState,
    seat: Seat,
    action: &HodAction,
    log: &mut Log,
) -> Result<(), RuleError> {
    let name = state.name(seat);
    let here = state.adv(seat)?.space.clone();
    match action {
        HodAction::Recover => {
            state.turn_state.rest_done.push(RestKind::Recover);
            let result = logged_test(state, seat, "Recover", Attribute::MRL, "[3]", log);
            let (passed, high) = (result.passed, result.highest());
            if passed {
                let adv = state.adv_mut(seat)?;
                let healed = adv.wounds.min(high);
                adv.wounds -= healed;
                adv.conditions.clear();
                log.push(Event::public(
                    "[3]",
                    format!("{name} removes {healed} Wounds (the highest die), then every Status Condition."),
                    HodEvent::Healed { seat, wounds: healed },
                ));
                log.push(Event::public(
                    "[3]",
                    format!("{name} has no Status Conditions."),
                    HodEvent::ConditionsCleared { seat },
                ));
            }
        }
        HodAction::Explore => {
            state.turn_state.rest_done.push(RestKind::Explore);
            if logged_test(state, seat, "Explore", Attribute::PER, "[3]", log).passed {
                state.explored.push(here.clone());
                log.push(Event::public(
                    "[3]",
                    format!("An Explored counter is placed in {here}."),
                    HodEvent::CounterChanged {
                        space: here,
                        counter: "Explored".into(),
                        placed: true,
                    },
                ));
            }
        }
        HodAction::Improve { skill } => {
            state.turn_state.rest_done.push(RestKind::Improve);
            improve(state, seat, skill, false, log)?;
        }
        HodAction::Master { skill } => {
            state.turn_state.rest_done.push(RestKind::Improve);
            improve(state, seat, skill, true, log)?;
        }
        HodAction::Invest => {
            state.turn_state.rest_done.push(RestKind::Invest);
            let cost = state.content.settings.invest_cost;
            let adv = state.adv_mut(seat)?;
            adv.gp = adv.gp.saturating_sub(cost);
            let gp = adv.gp;
            log.push(Event::public(
                "[3]",
                format!("{name} invests {cost} GP in {here}."),
                HodEvent::GpChanged { seat, gp },
            ));
            let key = state.level_key(&here);
            if let Some(Level::Town { level }) = state.level_of(&key) {
                let level = Level::Town {
                    level: (level + 1).min(6),
                };
                state.set_level(&key, level);
                log.push(Event::public(
                    "[3]",
                    format!("The Town Level of {here} rises."),
                    HodEvent::LevelChanged { key, level },
                ));
            }
            let lowlands = state
                .region_of(&here)
                .and_then(|r| state.content.regions.iter().find(|x| x.id == r))
                .is_some_and(|r| r.lowlands);
            if lowlands && state.space_has(&here, Trait::Settlement) {
                state.bounty = state.bounty.saturating_sub(1).max(1);
                log.push(Event::public(
                    "[3]",
                    format!(
                        "Investing in a Lowlands Settlement lowers the Bounty Level to {}.",
                        state.bounty
                    ),
                    HodEvent::BountyChanged {
                        bounty: state.bounty,
                    },
                ));
            }
        }
        HodAction::Trade => {
            state.turn_state.rest_done.push(RestKind::Trade);
            let count = match state.level(&here) {
                Some(Level::Town { level }) => level,
                _ => 0,
            };
            draw_market(state, seat, count, log);
            state.step = Step::Trading { seat };
        }
        HodAction::Buy { item } => {
            let price = price(state, item);
            state.turn_state.market.retain(|m| m != item);
            let adv = state.adv_mut(seat)?;
            adv.gp = adv.gp.saturating_sub(price);
            adv.items.push(item.clone());
            log.push(Event::public(
                "[3]",
                format!("{name} buys {item} for {price} GP."),
                HodEvent::ItemGained {
                    seat,
                    item: item.clone(),
                },
            ));
        }
        HodAction::Sell { item } => {
            let price = price(state, item) / 2;
            let adv = state.adv_mut(seat)?;
            let pos = adv
                .items
                .iter()
                .position(|i| i == item)
                .ok_or_else(|| RuleError::illegal(format!("{name} does not carry {item}")))?;
            adv.items.remove(pos);
            adv.gp = adv.gp.saturating_add(price);
            state.decks.loot.discard.push(item.clone());
            log.push(Event::public(
                "[3]",
                format!("{name} sells {item} for {price} GP."),
                HodEvent::ItemLost {
                    seat,
                    item: item.clone(),
                },
            ));
        }
        HodAction::DoneTrading => {
            for card in std::mem::take(&mut state.turn_state.market) {
                log.push(Event::public(
                    "[3]",
                    format!("{card} goes to the Loot discard pile."),
                    HodEvent::CardDiscarded {
                        card: CardRef::Loot { card: card.clone() },
                    },
                ));
                state.decks.loot.discard.push(card);
            }
            state.step = Step::Rest { seat };
        }
        HodAction::EndRest => return next_rester(state, log),
        _ => return Err(RuleError::illegal("not a Rest Action")),
    }
    Ok(())
}

fn price(state: &HodState, item: &crate::hand_of_doom::content::LootId) -> u32 {
    state
        .content
        .loot
        .iter()
        .find(|l| &l.id == item)
        .map_or(0, |l| l.price)
}
