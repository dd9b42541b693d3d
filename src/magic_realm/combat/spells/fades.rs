//! World Fades (List of Spells; rules 4.6.6h, 7.4, 7.5.7): a Permanent spell on one
//! character. While it is energized, at the end of each round of combat its target, if he
//! is unhidden and no denizen is on his Melee Section, rolls on the Hide table (his
//! modifications apply) and hides on a success; he stays hidden until revealed as usual.
//! He also searches only on the Magic Sight table ([`crate::magic_realm::day::search`]).

use super::{Events, SpellEffect};
use crate::engine::{RuleError, Seat};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::current;
use crate::magic_realm::day::hiding;
use crate::magic_realm::day::who;
use crate::magic_realm::state::GameState;

/// Whether an energized World Fades bewitches the character (not nullified).
pub fn faded(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    !state.spells.is_empty()
        && super::character_bewitched_by(cat, state, seat, SpellEffect::WorldFades)
}

/// The end of a round of combat: each faded character still fighting, unhidden and with
/// an empty Melee Section, rolls on the Hide table.
pub fn end_of_round(
    cat: &Catalog,
    state: &mut GameState,
    events: &mut Events,
) -> Result<(), RuleError> {
    let Some(combat) = current(state) else {
        return Ok(());
    };
    let rolling: Vec<Seat> = combat
        .fighting()
        .filter(|s| combat.sheets.get(s).is_none_or(|v| v.is_empty()))
        .filter(|s| state.seat(*s).is_some_and(|x| !x.hidden))
        .filter(|s| faded(cat, state, *s))
        .collect();
    for seat in rolling {
        let text = format!(
            "World Fades: {} rolls to hide at the end of the round",
            who::who(cat, state, seat)
        );
        hiding::roll_to_hide(cat, state, seat, &text, events)?;
    }
    Ok(())
}
