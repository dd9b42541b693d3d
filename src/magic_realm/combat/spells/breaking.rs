//! The spellbreaking spells (rule 4.6.9g and the List of Spells): Exorcise kills the
//! Demons and Imp in the clearing and breaks every spell and Curse there; Dissolve Spell
//! and Remedy break one spell, or release its targets in the clearing.

use super::{CastStatus, Ending, Events, SpellAim, SpellCast};
use crate::engine::{RuleError, Seat};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::current;
use crate::magic_realm::state::{ChitStatus, GameState};

/// Exorcise: every Demon and Imp in the clearing is killed (the caster's kills), every
/// spell and Curse in effect in the clearing and every other spell being cast there this
/// round is broken, and every colour chit in the clearing fatigues.
pub fn exorcise(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    events: &mut Events,
) -> Result<(), RuleError> {
    let Some(combat) = current(state) else {
        return Ok(());
    };
    let at = combat.at;
    // The strongest spell: it kills a Demon turned into mist too.
    let demons: Vec<crate::magic_realm::combat::round::Who> = state
        .piles
        .pile(&crate::magic_realm::pieces::Place::Clearing { at })
        .iter()
        .map(|c| c.piece.clone())
        .filter(|p| super::is_demon(cat, p))
        .map(crate::magic_realm::combat::round::Who::Denizen)
        .collect();
    let in_effect: Vec<(Seat, u8)> = state
        .spells
        .iter()
        .filter(|s| super::in_clearing(state, combat, s))
        .map(|s| (s.caster, s.spell_box))
        .collect();
    let casting: Vec<(Seat, SpellCast)> = combat
        .casts
        .iter()
        .filter(|(s, c)| {
            **s != seat
                && matches!(
                    c.status,
                    CastStatus::Cast | CastStatus::Aimed | CastStatus::Working
                )
        })
        .map(|(s, c)| (*s, c.clone()))
        .collect();
    let characters: Vec<Seat> = combat.fighting().collect();
    let caster = crate::magic_realm::combat::round::Who::Character(seat);
    super::pit::kill_all(cat, state, demons, &caster, events)?;
    for (caster, spell_box) in in_effect {
        if let Some(i) = super::index_of(state, caster, spell_box) {
            super::end_spell(cat, state, i, false, events);
        }
    }
    for (other, cast) in casting {
        let text = format!(
            "Exorcise breaks {}.",
            super::whose(cat, state, other, &cast.spell)
        );
        super::end_cast(state, other, &cast, Ending::Broken, "8.4.4", text, events);
    }
    // "Every spell and Curse that is in effect in the clearing": the curses on the
    // characters there are broken too.
    crate::magic_realm::day::curses::remove_all_in(cat, state, at, events);
    for s in characters {
        if let Some(sheet) = state.seat_mut(s) {
            for slot in &mut sheet.chits {
                if *slot == ChitStatus::Enchanted {
                    *slot = ChitStatus::Fatigued;
                }
            }
        }
    }
    Ok(())
}

/// Dissolve Spell, Remedy (4.6.9g): the spell aimed at is broken if its caster is in the
/// clearing; otherwise its targets in the clearing are released from it.
pub fn dissolve(
    cat: &Catalog,
    state: &mut GameState,
    cast: &SpellCast,
    events: &mut Events,
) -> Result<(), RuleError> {
    let (caster, spell_box) = match cast.aims.first().cloned() {
        Some(SpellAim::Spell { caster, spell_box }) => (caster, spell_box),
        Some(SpellAim::Curse { seat, curse }) => {
            crate::magic_realm::day::curses::remove(cat, state, seat, curse, events);
            return Ok(());
        }
        _ => return Ok(()),
    };
    let Some(at) = current(state).map(|c| c.at) else {
        return Ok(());
    };
    break_one(cat, state, at, caster, spell_box, events);
    Ok(())
}

/// 4.6.9g: the one spell `caster` cast from `spell_box` is broken from clearing `at`:
/// broken if its spellcaster is in `at`; otherwise its targets in `at` are released from
/// it (the spell is broken when none is left). Dissolve Spell, Remedy and the Amulet.
pub fn break_one(
    cat: &Catalog,
    state: &mut GameState,
    at: crate::magic_realm::map::ClearingRef,
    caster: Seat,
    spell_box: u8,
    events: &mut Events,
) {
    let Some(i) = super::index_of(state, caster, spell_box) else {
        return;
    };
    if state
        .spells
        .get(i)
        .and_then(|s| super::items::spellcaster_at(state, s))
        == Some(at)
    {
        super::end_spell(cat, state, i, false, events);
        return;
    }
    let Some(s) = state.spells.get(i) else {
        return;
    };
    let kept: Vec<SpellAim> = s
        .aims
        .iter()
        .filter(|a| !super::places::target_in(state, s, at, a))
        .cloned()
        .collect();
    if kept.is_empty() {
        super::end_spell(cat, state, i, false, events);
    } else if let Some(s) = state.spells.get_mut(i) {
        s.aims = kept;
    }
}
