//! The Magic Wand ("Control red die on spell rolls") on the Demons' and the Imp's spell
//! strikes (rule 8.4.7): the melee is resolved all at once, so a character with the active
//! Wand whom a Demon, Winged Demon or Imp attacks this round sets the red die of that
//! table (Power of the Pit, Curses) before the Melee Step, with the round's other spell
//! choices ([`super::choices`]). If the spell strikes him, its roll uses that die; if it
//! never strikes, the choice is simply not used.

use super::choices::{RedDieRoll, SpellChoice};
use super::transform;
use super::SpellEffect;
use crate::engine::{RuleError, Seat};
use crate::magic_realm::catalog::denizens::Strike;
use crate::magic_realm::catalog::tables::TableId;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::melee::MeleeStrike;
use crate::magic_realm::combat::{current, current_mut, fighters, CombatTarget};
use crate::magic_realm::day::rolls::controls_red_die;
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::GameState;

/// The red-die roll a denizen's spell strike would make its target roll (8.4.7): the Power
/// of the Pit for a Demon or Winged Demon, the Curses Table for the Imp; none for a
/// denizen with no side (as it fights, Transform included) that strikes with a spell.
pub fn strike_roll(cat: &Catalog, state: &GameState, piece: &PieceId) -> Option<RedDieRoll> {
    let d = fighters::denizen(cat, state, piece, None)?;
    let strikes = [d.light, d.dark]
        .iter()
        .any(|t| t.attack.is_some_and(|a| a.strike == MeleeStrike::Spell));
    if !strikes {
        return None;
    }
    monster_strike_roll(cat, piece)
}

/// The red-die roll the monster `piece`'s spell strike makes its target roll, from its
/// data (either side): for a denizen as it fights ([`strike_roll`]), or the monster a
/// character has absorbed (Absorb Essence 2.2: he strikes with its spell).
fn monster_strike_roll(cat: &Catalog, piece: &PieceId) -> Option<RedDieRoll> {
    let PieceId::Monster { id, .. } = piece else {
        return None;
    };
    let monster = cat.denizens.monster(id)?;
    let spell = [&monster.light.attack, &monster.dark.attack]
        .into_iter()
        .flatten()
        .find_map(|a| match &a.strike {
            Strike::Spell { spell, .. } => Some(spell.clone()),
            _ => None,
        })?;
    match super::effect_named(cat, &spell)? {
        SpellEffect::PowerOfThePit => Some(RedDieRoll::PitStrike),
        SpellEffect::Curse => Some(RedDieRoll::CurseStrike),
        _ => None,
    }
}

/// The table of a strike's red-die roll.
fn table_of(roll: RedDieRoll) -> Option<TableId> {
    match roll {
        RedDieRoll::PitStrike => Some(TableId::PowerOfThePit),
        RedDieRoll::CurseStrike => Some(TableId::Curses),
        _ => None,
    }
}

/// The choices owed before this round's Melee Step: each character fighting here, with the
/// active Wand, whom a denizen on his sheet attacking him could strike with a spell, sets
/// the red die of that table once (one value for every such roll of the table this round,
/// as for an Attack spell's Missile Table rolls). Queued in the combat, first character
/// first; true if any waits.
pub fn ask(cat: &Catalog, state: &mut GameState) -> Result<bool, RuleError> {
    let Some(combat) = current(state) else {
        return Ok(false);
    };
    // The strikes that may come at each character fighting here.
    let mut strikes: Vec<(Seat, RedDieRoll)> = Vec::new();
    for seat in combat.fighting() {
        for piece in combat.sheets.get(&seat).into_iter().flatten() {
            if !fighters::attacks(cat, state, piece, seat) {
                continue;
            }
            if let Some(roll) = strike_roll(cat, state, piece) {
                strikes.push((seat, roll));
            }
        }
        // Absorb Essence 2.2: a character who is an absorbed Demon or Imp and names him as
        // his target may strike him with its spell.
        for attacker in combat.fighting() {
            if attacker == seat
                || combat.targets.get(&attacker) != Some(&CombatTarget::Character { seat })
            {
                continue;
            }
            if let Some(roll) = transform::form_of_seat(cat, state, attacker)
                .and_then(|f| f.monster)
                .and_then(|m| monster_strike_roll(cat, &m))
            {
                strikes.push((seat, roll));
            }
        }
    }
    let mut owed: Vec<SpellChoice> = Vec::new();
    for (seat, roll) in strikes {
        let choice = SpellChoice::RedDie {
            seat,
            roll: roll.clone(),
        };
        let chosen = combat
            .red_strikes
            .iter()
            .any(|(s, r, _)| *s == seat && *r == roll);
        if chosen
            || owed.contains(&choice)
            || !table_of(roll).is_some_and(|t| controls_red_die(cat, state, seat, t))
        {
            continue;
        }
        owed.push(choice);
    }
    let waits = !owed.is_empty();
    current_mut(state)?.spell_choices.extend(owed);
    Ok(waits)
}

/// `seat` set the red die of his `roll` for this round.
pub fn chosen(
    state: &mut GameState,
    seat: Seat,
    roll: RedDieRoll,
    value: u8,
) -> Result<(), RuleError> {
    let combat = current_mut(state)?;
    combat
        .red_strikes
        .retain(|(s, r, _)| !(*s == seat && *r == roll));
    combat.red_strikes.push((seat, roll, value));
    Ok(())
}

/// The red die `seat` set for a spell strike's `roll` this round, if any.
pub fn red_for(state: &GameState, seat: Seat, roll: RedDieRoll) -> Option<u8> {
    current(state)?
        .red_strikes
        .iter()
        .find(|(s, r, _)| *s == seat && *r == roll)
        .map(|(_, _, v)| *v)
}
