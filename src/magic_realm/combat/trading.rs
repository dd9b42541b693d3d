//! Trading and rearranging belongings at the end of combat (rule 8.8): after the last
//! round in a clearing, each character who remains there, starting with the first
//! character and going to the left, may rearrange his belongings and trade with the others
//! as at the start of a phase (7.2.1, 7.2.2), even unhidden with monsters in the clearing;
//! then combat in the clearing ends.

use super::{current, current_mut, fatigue, CombatStage, Events};
use crate::engine::{RuleError, Seat};
use crate::magic_realm::actions::MagicRealmAction as A;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::{belongings, gifts};
use crate::magic_realm::state::GameState;

/// The character whose turn it is to trade and rearrange at the end of combat, if any.
pub fn turn_of(state: &GameState) -> Option<Seat> {
    let combat = current(state)?;
    if combat.stage != CombatStage::Trading {
        return None;
    }
    combat
        .order
        .get(combat.turn)
        .copied()
        .filter(|s| !combat.gone.contains(s))
}

/// 8.8: combat's last round is over: the characters still in the clearing trade, then
/// combat ends (at once when none remains).
pub fn begin(cat: &Catalog, state: &mut GameState, events: &mut Events) -> Result<(), RuleError> {
    let combat = current_mut(state)?;
    if combat.fighting().next().is_none() {
        return fatigue::end_combat(cat, state, events);
    }
    combat.stage = CombatStage::Trading;
    combat.turn = 0;
    state.today.rearranged.clear();
    Ok(())
}

pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    if turn_of(state) != Some(seat) {
        return Vec::new();
    }
    let mut out = belongings::options(cat, state, seat);
    out.extend(gifts::options(cat, state, seat));
    out.extend(crate::magic_realm::day::carried::options(cat, state, seat));
    // 7.2.1: his hired leaders and controlled monsters there give too.
    out.extend(crate::magic_realm::day::carrier_gifts::evening_give_options(cat, state, seat));
    out.push(A::EndTrading);
    out
}

pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
) -> Result<Events, RuleError> {
    let mut events = Vec::new();
    match action {
        A::Rearrange { piece, change } => {
            belongings::apply(cat, state, seat, piece, *change, &mut events)?
        }
        A::Give { to, gift } => gifts::give(cat, state, seat, *to, gift, &mut events)?,
        A::GiveToHireling { hireling, gift } => crate::magic_realm::day::carried::trade(
            cat,
            state,
            seat,
            hireling,
            gift,
            false,
            &mut events,
        )?,
        A::TakeFromHireling { hireling, gift } => crate::magic_realm::day::carried::trade(
            cat,
            state,
            seat,
            hireling,
            gift,
            true,
            &mut events,
        )?,
        A::HirelingGives { hireling, to, gift } => {
            crate::magic_realm::day::carrier_gifts::carrier_gives(
                cat,
                state,
                hireling,
                to,
                gift,
                &mut events,
            )?
        }
        A::EndTrading => {
            state.today.rearranged.clear();
            current_mut(state)?.turn += 1;
        }
        other => {
            return Err(RuleError::internal(format!(
                "{other:?} is not trading at the end of combat"
            )))
        }
    }
    Ok(events)
}

/// Runs the trading on: a character with nothing to do but end passes; after the last,
/// combat in the clearing ends. True when something moved on.
pub fn progress(
    cat: &Catalog,
    state: &mut GameState,
    events: &mut Events,
) -> Result<bool, RuleError> {
    let Some(combat) = current(state) else {
        return Ok(true);
    };
    if combat.turn >= combat.order.len() {
        fatigue::end_combat(cat, state, events)?;
        return Ok(true);
    }
    let waiting = turn_of(state).is_some_and(|s| options(cat, state, s).len() > 1);
    if waiting {
        return Ok(false);
    }
    current_mut(state)?.turn += 1;
    Ok(true)
}
