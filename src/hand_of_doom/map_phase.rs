//! [1]-[3] The Map Action phase: Map Stance, Map Actions (Foot Travel, Force March, Lake
//! Port, River Port and Void Travel, Rest) and the Rest Actions (Recover first, then
//! Explore, Improve, Invest and Trade, each at most once).

use crate::engine::{Event, RuleError, Seat};
use crate::hand_of_doom::actions::{CardRef, HodAction, HodEvent};
use crate::hand_of_doom::attributes::{add_condition, Attribute, Condition};
use crate::hand_of_doom::content::{Level, LinkKind, LootKind, SpaceId, Trait};
use crate::hand_of_doom::fight::logged_test;
use crate::hand_of_doom::state::{HodState, LearnedSkill, Log, RestKind, Step};
use crate::hand_of_doom::turn;

/// [2] Every space reachable by each kind of travel from `from`, sorted, each once.
pub fn neighbours(state: &HodState, from: &SpaceId, force: bool) -> Vec<SpaceId> {
    let usable = |kind: LinkKind, a: &SpaceId, b: &SpaceId| {
        !force || kind == LinkKind::Road || state.explored.contains(a) || state.explored.contains(b)
    };
    let mut out: Vec<SpaceId> = state
        .content
        .links
        .iter()
        .filter_map(|l| {
            if &l.a == from && usable(l.kind, &l.a, &l.b) {
                Some(l.b.clone())
            } else if &l.b == from && usable(l.kind, &l.a, &l.b) {
                Some(l.a.clone())
            } else {
                None
            }
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

fn force_march_targets(state: &HodState, from: &SpaceId) -> Vec<SpaceId> {
    let mut out: Vec<SpaceId> = neighbours(state, from, true)
        .iter()
        .flat_map(|m| neighbours(state, m, true))
        .filter(|s| s != from)
        .collect();
    out.sort();
    out.dedup();
    out
}

fn spaces_with(state: &HodState, t: Trait) -> Vec<SpaceId> {
    let mut v: Vec<SpaceId> = state
        .content
        .spaces
        .iter()
        .filter(|s| s.traits.contains(&t))
        .map(|s| s.id.clone())
        .collect();
    v.sort();
    v
}

/// [2] The Map Actions open to `seat`.
pub fn map_actions(state: &HodState, seat: Seat) -> Vec<HodAction> {
    let Ok(adv) = state.adv(seat) else {
        return Vec::new();
    };
    let here = adv.space.clone();
    let mut out: Vec<HodAction> = neighbours(state, &here, false)
        .into_iter()
        .map(|to| HodAction::FootTravel { to })
        .collect();
    out.extend(
        force_march_targets(state, &here)
            .into_iter()
            .map(|to| HodAction::ForceMarch { to }),
    );
    if state.space_has(&here, Trait::LakePort) {
        out.extend(
            spaces_with(state, Trait::LakePort)
                .into_iter()
                .filter(|s| s != &here)
                .map(|to| HodAction::LakePortTravel { to }),
        );
    }
    let downriver = state
        .content
        .spaces
        .iter()
        .find(|s| s.id == here)
        .and_then(|s| s.downriver.clone());
    if let Some(to) = downriver {
        if state.space_has(&here, Trait::RiverPort) && adv.gp >= state.content.settings.river_fare {
            out.push(HodAction::RiverPortTravel { to });
        }
    }
    if state.voidgates.contains(&here) {
        out.extend(
            spaces_with(state, Trait::Maze)
                .into_iter()
                .map(|to| HodAction::VoidTravel { to }),
        );
    } else if state.space_has(&here, Trait::Maze) {
        let mut gates = state.voidgates.clone();
        gates.sort();
        out.extend(gates.into_iter().map(|to| HodAction::VoidTravel { to }));
    }
    out.push(HodAction::Rest);
    out
}

/// [1] -> [2]: every adventurer, party by party, chooses a Map Action.
pub fn begin_map_actions(state: &mut HodState, _log: &mut Log) {
    let mut queue = Vec::new();
    let mut before = Vec::new();
    for (i, party) in state.parties.iter().enumerate() {
        for s in &party.members {
            queue.push(*s);
            before.push((*s, i, party.stance));
        }
    }
    state.turn_state.before = before;
    state.turn_state.map_queue = queue;
    match state.turn_state.map_queue.first() {
        Some(seat) => state.step = Step::MapAction { seat: *seat },
        None => state.step = Step::Over { won: false },
    }
}

/// [2] Apply one adventurer's Map Action.
pub fn apply_map_action(
    state: &mut HodState,
    seat: Seat,
    action: &HodAction,
    log: &mut Log,
) -> Result<(), RuleError> {
    let name = state.name(seat);
    let (to, how) = match action {
        HodAction::FootTravel { to } => (to, "travels on foot"),
        HodAction::ForceMarch { to } => (to, "force-marches"),
        HodAction::LakePortTravel { to } => (to, "sails across the lake"),
        HodAction::RiverPortTravel { to } => (to, "takes a boat downriver"),
        HodAction::VoidTravel { to } => (to, "steps through the Void"),
        HodAction::Rest => {
            state.turn_state.rest_queue.push(seat);
            log.push(Event::public(
                "[2]",
                format!("{name} rests."),
                HodEvent::Resting { seat },
            ));
            return next_map_action(state, log);
        }
        _ => return Err(RuleError::illegal("not a Map Action")),
    };
    if let HodAction::RiverPortTravel { .. } = action {
        let fare = state.content.settings.river_fare;
        let adv = state.adv_mut(seat)?;
        adv.gp = adv.gp.saturating_sub(fare);
        let gp = adv.gp;
        log.push(Event::public(
            "[2]",
            format!("{name} pays {fare} GP for the boat."),
            HodEvent::GpChanged { seat, gp },
        ));
    }
    state.adv_mut(seat)?.space = to.clone();
    log.push(Event::public(
        "[2]",
        format!("{name} {how} to {to}."),
        HodEvent::Travelled {
            seat,
            to: to.clone(),
        },
    ));
    if let HodAction::ForceMarch { .. } = action {
        if !logged_test(state, seat, "Force March", Attribute::CON, "[2]", log).passed {
            gain_condition(state, seat, Condition::Fatigued, "[2]", log)?;
        }
    }
    next_map_action(state, log)
}

fn next_map_action(state: &mut HodState, log: &mut Log) -> Result<(), RuleError> {
    if !state.turn_state.map_queue.is_empty() {
        state.turn_state.map_queue.remove(0);
    }
    match state.turn_state.map_queue.first() {
        Some(seat) => state.step = Step::MapAction { seat: *seat },
        None => turn::regroup(state, log),
    }
    Ok(())
}

pub fn gain_condition(
    state: &mut HodState,
    seat: Seat,
    c: Condition,
    rule: &str,
    log: &mut Log,
) -> Result<(), RuleError> {
    let name = state.name(seat);
    let cancelled = add_condition(&mut state.adv_mut(seat)?.conditions, c);
    let text = if cancelled {
        format!("{name} would become {c:?}, which cancels its opposite.")
    } else {
        format!("{name} is {c:?}.")
    };
    log.push(Event::public(
        rule,
        text,
        HodEvent::ConditionGained {
            seat,
            condition: c,
            cancelled,
        },
    ));
    Ok(())
}

/// [3] Resting adventurers in MRL order, then the Danger phase.
pub fn begin_rest(state: &mut HodState, log: &mut Log) {
    let queue = state.turn_state.rest_queue.clone();
    state.turn_state.rest_queue = state.order_by(&queue, Attribute::MRL);
    state.turn_state.rest_done.clear();
    match state.turn_state.rest_queue.first() {
        Some(seat) => state.step = Step::Rest { seat: *seat },
        None => {
            if let Err(e) = turn::continue_danger(state, 0, log) {
                log.push(Event::public("[4]", e.to_string(), HodEvent::Step));
            }
        }
    }
}

/// [3] The Rest Actions open to `seat` now.
pub fn rest_actions(state: &HodState, seat: Seat) -> Vec<HodAction> {
    let done = &state.turn_state.rest_done;
    if !done.contains(&RestKind::Recover) {
        return vec![HodAction::Recover];
    }
    let Ok(adv) = state.adv(seat) else {
        return Vec::new();
    };
    let here = &adv.space;
    let town = match state.level(here) {
        Some(Level::Town { level }) => Some(level),
        _ => None,
    };
    let mut out = Vec::new();
    if !done.contains(&RestKind::Explore)
        && town.is_none()
        && !state.explored.contains(here)
        && !state.space_has(here, Trait::Maze)
    {
        out.push(HodAction::Explore);
    }
    if !done.contains(&RestKind::Improve) {
        for skill in &state.decks.skills {
            if let Some(card) = state.content.skills.iter().find(|s| &s.id == skill) {
                if adv.xp >= card.cost
                    && state.attr(seat, card.requires) >= card.minimum
                    && has_class(state, seat, card.class.as_deref())
                {
                    out.push(HodAction::Improve {
                        skill: skill.clone(),
                    });
                }
            }
        }
        for learned in adv.skills.iter().filter(|l| !l.mastered) {
            if let Some(card) = state.content.skills.iter().find(|s| s.id == learned.skill) {
                if adv.xp >= card.mastery_cost {
                    out.push(HodAction::Master {
                        skill: learned.skill.clone(),
                    });
                }
            }
        }
    }
    if let Some(level) = town {
        if !done.contains(&RestKind::Invest)
            && level < 6
            && adv.gp >= state.content.settings.invest_cost
        {
            out.push(HodAction::Invest);
        }
        if !done.contains(&RestKind::Trade) {
            out.push(HodAction::Trade);
        }
    }
    out.push(HodAction::EndRest);
    out
}

/// [3] Improve: a Skill with a class requirement needs that class on the adventurer's card.
pub fn has_class(state: &HodState, seat: Seat, class: Option<&str>) -> bool {
    let Some(class) = class else {
        return true;
    };
    state.adv(seat).is_ok_and(|adv| {
        state
            .content
            .adventurers
            .iter()
            .any(|c| c.id == adv.card && c.classes.iter().any(|x| x == class))
    })
}

/// [3] Buy and sell while trading.
pub fn trading_actions(state: &HodState, seat: Seat) -> Vec<HodAction> {
    let Ok(adv) = state.adv(seat) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for id in &state.turn_state.market {
        if let Some(card) = state.content.loot.iter().find(|l| &l.id == id) {
            if card.price <= adv.gp {
                out.push(HodAction::Buy { item: id.clone() });
            }
        }
    }
    for id in &adv.items {
        let action = HodAction::Sell { item: id.clone() };
        if !out.contains(&action) {
            out.push(action);
        }
    }
    out.push(HodAction::DoneTrading);
    out
}

pub use crate::hand_of_doom::rest::apply_rest;

/// The next rester, or the Danger phase.
pub fn next_rester(state: &mut HodState, log: &mut Log) -> Result<(), RuleError> {
    if !state.turn_state.rest_queue.is_empty() {
        state.turn_state.rest_queue.remove(0);
    }
    state.turn_state.rest_done.clear();
    match state.turn_state.rest_queue.first() {
        Some(seat) => {
            state.step = Step::Rest { seat: *seat };
            Ok(())
        }
        None => turn::continue_danger(state, 0, log),
    }
}

/// Learn a skill or its mastery ([3] Improve).
pub fn improve(
    state: &mut HodState,
    seat: Seat,
    skill: &crate::hand_of_doom::content::SkillId,
    mastery: bool,
    log: &mut Log,
) -> Result<(), RuleError> {
    let card = state
        .content
        .skills
        .iter()
        .find(|s| &s.id == skill)
        .cloned()
        .ok_or_else(|| RuleError::illegal(format!("no skill {skill}")))?;
    let cost = if mastery {
        card.mastery_cost
    } else {
        card.cost
    };
    let name = state.name(seat);
    if !mastery {
        state.decks.skills.retain(|s| s != skill);
    }
    let adv = state.adv_mut(seat)?;
    adv.xp = adv.xp.saturating_sub(cost);
    match adv.skills.iter_mut().find(|l| &l.skill == skill) {
        Some(l) => l.mastered = true,
        None => adv.skills.push(LearnedSkill {
            skill: skill.clone(),
            mastered: false,
        }),
    }
    let what = if mastery { "the Mastery of" } else { "" };
    log.push(Event::public(
        "[3]",
        format!("{name} spends {cost} XP to learn {what} {}.", card.name),
        HodEvent::SkillLearned {
            seat,
            skill: skill.clone(),
            mastery,
        },
    ));
    Ok(())
}

/// Draw Loot cards for `seat` ([3] Trade): items to the market, monsters lurk ([5]).
pub fn draw_market(state: &mut HodState, seat: Seat, count: u8, log: &mut Log) {
    for _ in 0..count {
        let Some(card) = state.decks.loot.draw(&mut state.shuffle) else {
            break;
        };
        let name = state
            .content
            .loot
            .iter()
            .find(|l| l.id == card)
            .map_or_else(|| card.to_string(), |l| l.name.clone());
        if let Some(LootKind::Monster { .. }) = state.loot_kind(&card) {
            log.push(Event::reveal(
                "[5]",
                format!("{name} was lurking in the Loot deck: it will attack."),
                HodEvent::CardDrawn {
                    card: CardRef::Loot { card: card.clone() },
                },
            ));
            state.turn_state.lurkers.push((seat, card));
        } else {
            log.push(Event::reveal(
                "[3]",
                format!("{name} is for sale."),
                HodEvent::CardDrawn {
                    card: CardRef::Loot { card: card.clone() },
                },
            ));
            state.turn_state.market.push(card);
        }
    }
}
