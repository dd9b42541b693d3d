//! The game turn around the chart: forming parties ([1], [2] joining and leaving), MRL
//! order, moving from phase to phase, and the end of a turn and of the game.

use crate::engine::{Event, RuleError, Seat};
use crate::hand_of_doom::actions::HodEvent;
use crate::hand_of_doom::attributes::Attribute;
use crate::hand_of_doom::state::{HodState, Log, MapStance, Party, Step, TurnState};
use crate::hand_of_doom::{danger, encounter, map_phase};

/// Group the living adventurers by space into parties, each in MRL order, the parties in
/// MRL order of their leaders (ties by seat). `stance_of` gives each new party's stance.
pub fn group_by_space(state: &HodState) -> Vec<Vec<Seat>> {
    let mut groups: Vec<Vec<Seat>> = Vec::new();
    for adv in state.alive() {
        let found = groups.iter_mut().find(|g| {
            g.first()
                .and_then(|s| state.adventurers.get(s.index()))
                .is_some_and(|a| a.space == adv.space)
        });
        match found {
            Some(g) => g.push(adv.seat),
            None => groups.push(vec![adv.seat]),
        }
    }
    let mut groups: Vec<Vec<Seat>> = groups
        .into_iter()
        .map(|g| state.order_by(&g, Attribute::MRL))
        .collect();
    groups.sort_by_key(|g| {
        let lead = g.first().copied().unwrap_or(Seat(u8::MAX));
        (std::cmp::Reverse(state.attr(lead, Attribute::MRL)), lead)
    });
    groups
}

/// [1] A new game turn: parties by space, then each party's stance in MRL order.
pub fn begin_turn(state: &mut HodState, log: &mut Log) {
    state.turn_state = TurnState::default();
    let old = state.parties.clone();
    state.parties = group_by_space(state)
        .into_iter()
        .map(|members| {
            let stance = members
                .first()
                .and_then(|s| old.iter().find(|p| p.members.contains(s)))
                .map_or(MapStance::Bold, |p| p.stance);
            Party { members, stance }
        })
        .collect();
    log.push(Event::public(
        "[1]",
        format!(
            "Game turn {} begins: the Map Action phase, parties in MRL order.",
            state.turn
        ),
        HodEvent::TurnBegan { turn: state.turn },
    ));
    state.step = Step::Stance { party: 0 };
    if state.parties.is_empty() {
        end_game(state, false, "no adventurer survives", log);
    }
}

/// [2] After every Map Action: parties re-form by space. A party joined by another turns
/// Bold if anyone was Bold; a party that left another may change stance.
pub fn regroup(state: &mut HodState, log: &mut Log) {
    let before = state.turn_state.before.clone();
    let old_party = |s: Seat| before.iter().find(|b| b.0 == s).map(|b| (b.1, b.2));
    let mut parties = Vec::new();
    let mut leavers = Vec::new();
    for members in group_by_space(state) {
        let mut origins: Vec<(usize, MapStance)> =
            members.iter().filter_map(|s| old_party(*s)).collect();
        origins.sort();
        origins.dedup();
        let stance = if origins.len() > 1 {
            if origins.iter().any(|o| o.1 == MapStance::Bold) {
                MapStance::Bold
            } else {
                origins.first().map_or(MapStance::Bold, |o| o.1)
            }
        } else {
            origins.first().map_or(MapStance::Bold, |o| o.1)
        };
        if origins.len() > 1 {
            log.push(Event::public(
                "[1]",
                format!("Parties join; the party's stance is now {stance:?}."),
                HodEvent::StanceChosen {
                    members: members.clone(),
                    stance,
                },
            ));
        } else if let Some((idx, _)) = origins.first() {
            let whole = before.iter().filter(|b| b.1 == *idx).count();
            if whole > members.len() {
                leavers.push(parties.len());
            }
        }
        parties.push(Party { members, stance });
    }
    state.parties = parties;
    state.turn_state.dangers = vec![None; state.parties.len()];
    match leavers.first() {
        Some(first) => {
            state.step = Step::LeaverStance { party: *first };
            state.turn_state.leavers = leavers;
        }
        None => map_phase::begin_rest(state, log),
    }
}

/// After the Encounter phase of the last party: the next game turn, or the end.
pub fn end_turn(state: &mut HodState, log: &mut Log) {
    if matches!(state.step, Step::Over { .. }) {
        return;
    }
    if state.turn >= state.content.settings.turn_limit {
        end_game(
            state,
            false,
            "the last game turn ended and the Hand of Doom still stands",
            log,
        );
        return;
    }
    state.turn = state.turn.saturating_add(1);
    begin_turn(state, log);
}

pub fn end_game(state: &mut HodState, won: bool, why: &str, log: &mut Log) {
    state.step = Step::Over { won };
    state.fight = None;
    let verdict = if won { "won" } else { "lost" };
    log.push(Event::public(
        "[13]",
        format!("The mission is {verdict}: {why}."),
        HodEvent::GameEnded { won },
    ));
}

/// Move on after a party's step: the next party of the same phase, or the next phase.
pub fn after_stance(state: &mut HodState, party: usize, log: &mut Log) {
    if party + 1 < state.parties.len() {
        state.step = Step::Stance { party: party + 1 };
    } else {
        map_phase::begin_map_actions(state, log);
    }
}

pub fn after_leaver(state: &mut HodState, log: &mut Log) {
    if !state.turn_state.leavers.is_empty() {
        state.turn_state.leavers.remove(0);
    }
    match state.turn_state.leavers.first() {
        Some(p) => state.step = Step::LeaverStance { party: *p },
        None => map_phase::begin_rest(state, log),
    }
}

/// Continue the Danger phase from `party`, then the Encounter phase.
pub fn continue_danger(state: &mut HodState, party: usize, log: &mut Log) -> Result<(), RuleError> {
    let mut p = party;
    while p < state.parties.len() {
        if danger::party_danger(state, p, log)? {
            return Ok(());
        }
        p += 1;
    }
    continue_encounters(state, 0, log)
}

/// Continue the Encounter phase from `party`; at the end, the next game turn.
pub fn continue_encounters(
    state: &mut HodState,
    party: usize,
    log: &mut Log,
) -> Result<(), RuleError> {
    let mut p = party;
    while p < state.parties.len() {
        if matches!(state.step, Step::Over { .. }) {
            return Ok(());
        }
        if encounter::party_encounter(state, p, log)? {
            return Ok(());
        }
        p += 1;
    }
    end_turn(state, log);
    Ok(())
}
