//! The party decisions of the Danger and Encounter phases: [6] Hunt/Stealth rolls, the
//! dispel attempt instead of an Encounter (Hand of Doom, Voidgate), and [9] the Law's
//! bribe or surrender.

use crate::engine::{Event, RuleError, Seat};
use crate::hand_of_doom::actions::{HodAction, HodEvent};
use crate::hand_of_doom::attributes::Attribute;
use crate::hand_of_doom::encounter::encounter_monsters;
use crate::hand_of_doom::fight::{self, foe_stats, is_law, logged_test, FoeCard};
use crate::hand_of_doom::round_end::foe_leaves;
use crate::hand_of_doom::state::{HodState, Log, Step};
use crate::hand_of_doom::{danger, turn};

/// The options of a party decision owed by its leader.
pub fn party_actions(state: &HodState, p: usize) -> Vec<HodAction> {
    let members = state.members(p);
    match state.step {
        Step::DangerRoll { .. } => vec![HodAction::RollForStance, HodAction::KeepDangerValue],
        Step::Dispel { .. } => members
            .iter()
            .map(|by| HodAction::AttemptDispel { by: *by })
            .chain([HodAction::DeclineDispel])
            .collect(),
        Step::Bribe { .. } => members
            .iter()
            .map(|by| HodAction::AttemptBribe { by: *by })
            .chain([HodAction::FightLaw, HodAction::Surrender])
            .collect(),
        Step::PayBribe { .. } => {
            let gp: u32 = members
                .iter()
                .filter_map(|s| state.adventurers.get(s.index()))
                .map(|a| a.gp)
                .sum();
            let mut v = Vec::new();
            if gp >= state.turn_state.bribe {
                v.push(HodAction::PayBribe);
            }
            v.push(HodAction::FightLaw);
            v.push(HodAction::Surrender);
            v
        }
        _ => Vec::new(),
    }
}

/// Apply a party decision.
pub fn apply_party(
    state: &mut HodState,
    p: usize,
    action: &HodAction,
    log: &mut Log,
) -> Result<(), RuleError> {
    match action {
        HodAction::RollForStance => {
            danger::stance_roll(state, p, log)?;
            turn::continue_danger(state, p + 1, log)
        }
        HodAction::KeepDangerValue => {
            danger::finish_danger(state, p, log)?;
            turn::continue_danger(state, p + 1, log)
        }
        HodAction::AttemptDispel { by } => {
            dispel(state, p, *by, log);
            after_encounter_step(state, p, log)
        }
        HodAction::DeclineDispel => after_encounter_step(state, p, log),
        HodAction::AttemptBribe { by } => bribe(state, p, *by, log),
        HodAction::FightLaw => {
            let foes = std::mem::take(&mut state.turn_state.foes);
            fight::start(state, p, foes, log)
        }
        HodAction::Surrender => {
            turn::end_game(
                state,
                false,
                "the party surrendered to the Law and was captured",
                log,
            );
            Ok(())
        }
        HodAction::PayBribe => pay_bribe(state, p, log),
        _ => Err(RuleError::illegal("not a party decision")),
    }
}

fn after_encounter_step(state: &mut HodState, p: usize, log: &mut Log) -> Result<(), RuleError> {
    if matches!(state.step, Step::Over { .. }) {
        return Ok(());
    }
    if !encounter_monsters(state, p, log)? {
        turn::continue_encounters(state, p + 1, log)?;
    }
    Ok(())
}

/// [6] A dispel attempt (the mission's attribute): the Hand of Doom dispelled wins the
/// mission; a Voidgate dispelled is removed (docs/rulings.md).
fn dispel(state: &mut HodState, p: usize, by: Seat, log: &mut Log) {
    let Some(here) = state.party_space(p) else {
        return;
    };
    let attribute = state.content.mission.dispel_attribute;
    let hand = state.hand.as_ref() == Some(&here);
    let what = if hand {
        "the Hand of Doom"
    } else {
        "the Voidgate"
    };
    let result = logged_test(state, by, &format!("dispel {what}"), attribute, "[6]", log);
    if !result.passed {
        return;
    }
    if hand {
        state.hand = None;
        log.push(Event::public(
            "[6]",
            "The Hand of Doom is dispelled.",
            HodEvent::HandMoved { to: None },
        ));
        turn::end_game(state, true, "the Hand of Doom was dispelled", log);
    } else {
        state.voidgates.retain(|s| s != &here);
        log.push(Event::public(
            "[6]",
            format!("The Voidgate in {here} is dispelled."),
            HodEvent::CounterChanged {
                space: here,
                counter: "Voidgate".into(),
                placed: false,
            },
        ));
    }
}

/// [9] One adventurer's MRL test: a fail raises the Bounty Level and the party fights; a
/// pass sets the bribe at the Bounty Level plus the XP of every monster in the space.
fn bribe(state: &mut HodState, p: usize, by: Seat, log: &mut Log) -> Result<(), RuleError> {
    let result = logged_test(state, by, "bribe the Law", Attribute::MRL, "[9]", log);
    if result.passed {
        let xp: u32 = state
            .turn_state
            .foes
            .iter()
            .filter_map(|f| foe_stats(state, f))
            .map(|(_, s)| s.xp)
            .sum();
        state.turn_state.bribe = u32::from(state.bounty) + xp;
        log.push(Event::public(
            "[9]",
            format!(
                "The Law will take a bribe of {} GP.",
                state.turn_state.bribe
            ),
            HodEvent::Step,
        ));
        state.step = Step::PayBribe { party: p };
        Ok(())
    } else {
        state.bounty = (state.bounty + 1).min(6);
        log.push(Event::public(
            "[9]",
            format!(
                "The bribe is refused: the Bounty Level rises to {}.",
                state.bounty
            ),
            HodEvent::BountyChanged {
                bounty: state.bounty,
            },
        ));
        let foes = std::mem::take(&mut state.turn_state.foes);
        fight::start(state, p, foes, log)
    }
}

/// [9] The party pays together (in MRL order); the Law cards are discarded without rewards.
fn pay_bribe(state: &mut HodState, p: usize, log: &mut Log) -> Result<(), RuleError> {
    let mut owed = state.turn_state.bribe;
    for seat in state.members(p) {
        let adv = state.adv_mut(seat)?;
        let paid = adv.gp.min(owed);
        adv.gp -= paid;
        owed -= paid;
        let gp = adv.gp;
        log.push(Event::public(
            "[9]",
            format!("{} pays {paid} GP to the Law.", state.name(seat)),
            HodEvent::GpChanged { seat, gp },
        ));
    }
    let foes = std::mem::take(&mut state.turn_state.foes);
    let (law, rest): (Vec<FoeCard>, Vec<FoeCard>) =
        foes.into_iter().partition(|f| is_law(state, f));
    for card in law {
        foe_leaves(state, card);
    }
    if rest.is_empty() {
        crate::hand_of_doom::encounter::resolve_held(state, p, log)?;
        turn::continue_encounters(state, p + 1, log)
    } else {
        fight::start(state, p, rest, log)
    }
}
