//! The Hide activity (rule 7.4): a roll on the Hide table, unless already hidden.

use super::who;
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::characters::SpecialAdvantage as Adv;
use crate::magic_realm::catalog::tables::{HideResult, TableId};
use crate::magic_realm::catalog::tiles::TileGroup;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::state::GameState;

type Events = Vec<Event<E>>;

/// 4.1.1-4.1.2: how many dice a character rolls on a table here: two, or one with the
/// advantage that allows it (Concealment for Hide; Cave Knowledge in a cave; Tracking
/// Skills on a woods tile).
pub fn dice_for(cat: &Catalog, state: &GameState, seat: Seat, table: TableId) -> usize {
    let at = who::clearing(state, seat);
    let cave = at.is_some_and(|c| who::is_cave(cat, state, c));
    let woods = at.and_then(|c| who::tile_group(cat, c)) == Some(TileGroup::Woods);
    let searchlike = matches!(
        table,
        TableId::Hide
            | TableId::Peer
            | TableId::Locate
            | TableId::Loot
            | TableId::MagicSight
            | TableId::ReadingRunes
            | TableId::Meeting
    );
    let one = (table == TableId::Hide && who::has(cat, state, seat, Adv::Concealment))
        || (searchlike && cave && who::has(cat, state, seat, Adv::CaveKnowledge))
        || (searchlike && woods && who::has(cat, state, seat, Adv::TrackingSkills));
    if one {
        1
    } else {
        2
    }
}

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
    let dice = dice_for(cat, state, seat, TableId::Hide);
    let roll = state.dice.roll("hide", dice);
    let result = cat
        .tables
        .hide(roll.higher())
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
        format!(
            "{name} tries to hide: {}",
            if success { "hidden" } else { "not hidden" }
        ),
        E::HideRolled { seat, success },
    ));
    Ok(())
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
