//! Protection from Magic, the only Phase spell (rule 4.6.6f; List of Spells): when it comes
//! to life its Magic chit goes with its target's inactive items and is handled like an
//! item. While inactive it has no effect. He activates it as an item: at the start of a
//! phase of his turn (it then lasts until that phase ends) or as his action in the
//! Encounter Step (until that round of combat ends); then it expires. While active it
//! nullifies every spell and curse bewitching him and no new spell goes into effect
//! against him; spells aimed at other targets still affect him.

use super::{spell_name, Events, SpellAim, SpellEffect, SpellExpiry};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::{current_mut, Combat};
use crate::magic_realm::day::{belongings, who};
use crate::magic_realm::state::GameState;

/// The Phase spells whose Magic chit `seat` keeps inactive, as activations.
fn carried(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    if super::mist::misted_seat(cat, state, seat) {
        // 4.6.8b: his belongings are frozen while he is mist.
        return Vec::new();
    }
    let aim = SpellAim::Character { seat };
    state
        .spells
        .iter()
        .filter(|s| s.inert && s.aims.contains(&aim))
        .filter(|s| s.has(cat, SpellEffect::ProtectionFromMagic))
        .map(|s| A::ActivatePhaseSpell {
            caster: s.caster,
            spell_box: s.spell_box,
        })
        .collect()
}

/// 4.6.6f, 8.3.7: in the Encounter Step, as his action (not after he has done another or
/// rearranged his belongings).
pub fn combat_options(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> Vec<A> {
    let rearranged = combat
        .items
        .get(&seat)
        .is_some_and(|d| d.activated || d.deactivated || d.abandoned);
    if combat.acted.contains(&seat) || rearranged {
        return Vec::new();
    }
    carried(cat, state, seat)
}

/// 4.6.6f, 7.2.2: at the start of a phase of his turn, when he may rearrange belongings.
pub fn day_options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    if !belongings::may_rearrange(state, seat) {
        return Vec::new();
    }
    carried(cat, state, seat)
}

/// 4.6.6f: `seat` activates the Phase spell `caster` cast from `spell_box`: it protects him
/// until the end of the phase or round. In combat it is his action for the step.
pub fn activate(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    caster: Seat,
    spell_box: u8,
    events: &mut Events,
) -> Result<(), RuleError> {
    let index = super::index_of(state, caster, spell_box)
        .ok_or_else(|| RuleError::internal("no such spell in effect"))?;
    let spell = match state.spells.get_mut(index) {
        Some(s) => {
            s.inert = false;
            s.until = SpellExpiry::EndOfPhase;
            s.spell.clone()
        }
        None => return Err(RuleError::internal("no such spell in effect")),
    };
    let in_combat = crate::magic_realm::combat::current(state).is_some();
    if in_combat {
        let combat = current_mut(state)?;
        combat.acted.insert(seat);
        combat.turn += 1;
    }
    events.push(Event::public(
        "4.6.6",
        format!(
            "{} activates {}: spells and curses do not affect him until the end of this {}.",
            who::who(cat, state, seat),
            spell_name(cat, &spell),
            if in_combat { "round" } else { "phase" }
        ),
        E::PhaseSpellActivated {
            seat,
            caster,
            spell,
        },
    ));
    Ok(())
}

/// 4.6.6f: at the end of a phase or round of combat the activated Phase spells expire.
pub fn phase_ends(cat: &Catalog, state: &mut GameState, events: &mut Events) {
    while let Some(i) = state
        .spells
        .iter()
        .position(|s| s.until == SpellExpiry::EndOfPhase)
    {
        super::end_spell(cat, state, i, true, events);
    }
}
