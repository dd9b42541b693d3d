//! The Hide activity (rule 7.4): a roll on the Hide table (with the modifications of
//! `rolls`), unless already hidden.

use super::rolls::RollFor;
use super::who;
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::tables::{HideResult, TableId};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::state::GameState;

type Events = Vec<Event<E>>;

pub fn do_hide(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    events: &mut Events,
) -> Result<(), RuleError> {
    let name = who::who(cat, state, seat);
    if state.seat(seat).is_some_and(|s| s.hidden) {
        events.push(Event::public(
            "7.4",
            format!("{name} is already hidden and stays hidden (no roll)."),
            E::HideRolled {
                seat,
                success: true,
            },
        ));
        return Ok(());
    }
    roll_to_hide(cat, state, seat, &format!("{name} tries to hide"), events).map(|_| ())
}

/// 7.4: one roll on the Hide table with his modifications; on a success he is hidden.
/// 7.4, 4.1.4: the Hide roll of a hired leader or controlled monster: two dice, unmodified
/// (his employer's or controller's modifications do not apply); whether it hides.
pub fn unmodified_roll(cat: &Catalog, state: &mut GameState) -> (crate::engine::dice::Roll, bool) {
    let roll = state.dice.roll("hide", 2);
    let success = cat
        .tables
        .hide(roll.higher())
        .is_some_and(|r| *r == HideResult::Success);
    (roll, success)
}

/// Logged as `text` followed by the result. Returns whether he hid.
pub fn roll_to_hide(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    text: &str,
    events: &mut Events,
) -> Result<bool, RuleError> {
    let mods = super::rolls::mods(cat, state, seat, RollFor::Table(TableId::Hide));
    let roll = state.dice.roll("hide", mods.dice());
    let result = cat
        .tables
        .hide(mods.result(&roll))
        .copied()
        .ok_or_else(|| RuleError::internal("the Hide table has no row for the roll"))?;
    let success = result == HideResult::Success;
    if success {
        if let Some(s) = state.seat_mut(seat) {
            s.hidden = true;
        }
    }
    events.push(Event::roll(
        "7.4",
        &roll,
        format!("{text}: {}", if success { "hidden" } else { "not hidden" }),
        E::HideRolled { seat, success },
    ));
    Ok(success)
}

/// The character becomes unhidden (7.1.2, 8.3.4, 8.3.6, 8.4.2), logged under `rule` with
/// `text` after his name; no effect if he is not hidden.
pub fn unhide(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    rule: &str,
    text: &str,
    events: &mut Vec<Event<E>>,
) {
    let Some(s) = state.seat_mut(seat).filter(|s| s.hidden) else {
        return;
    };
    s.hidden = false;
    events.push(Event::public(
        rule,
        format!("{} {text}", who::who(cat, state, seat)),
        E::Unhidden { seat },
    ));
}
