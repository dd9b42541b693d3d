//! How spells in effect last and end (rules 4.6.6g, 4.6.9d, 4.6.9h, 8.4.3): the spell
//! boxes they tie up, their expiry at Midnight (Combat spells) or Sunset of the next day
//! (Day spells), breaking (their Magic chit fatigues), and the release of killed targets.

use super::{effect_of, fatigue_chit, Events, SpellAim, SpellEffect, SpellExpiry, SpellInEffect};
use crate::engine::{Event, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::CombatTarget;
use crate::magic_realm::day::who;
use crate::magic_realm::state::GameState;

/// 4.6.9g: whether a spell in effect has its caster or one of its targets in the combat's
/// clearing.
pub fn in_clearing(
    state: &GameState,
    combat: &crate::magic_realm::combat::Combat,
    s: &SpellInEffect,
) -> bool {
    let here = |seat: Seat| who::clearing(state, seat) == Some(combat.at);
    here(s.caster)
        || s.aims.iter().any(|a| match a {
            SpellAim::Character { seat } => here(*seat),
            SpellAim::Denizen { piece } => {
                state.piles.place_of(piece)
                    == Some(&crate::magic_realm::pieces::Place::Clearing { at: combat.at })
            }
            SpellAim::Weapon { piece } => {
                state.piles.place_of(piece)
                    == Some(&crate::magic_realm::pieces::Place::Clearing { at: combat.at })
            }
            SpellAim::Clearing
            | SpellAim::Spell { .. }
            | SpellAim::Curse { .. }
            | SpellAim::Group { .. }
            | SpellAim::Kind { .. } => false,
        })
}

/// Whether a spell box of `seat` is tied up by a spell in effect (8.4.3).
pub fn box_in_use(state: &GameState, seat: Seat, spell_box: u8) -> bool {
    state
        .spells
        .iter()
        .any(|s| s.caster == seat && s.spell_box == spell_box)
}

/// 4.6.9d: the spell in effect at `index` is broken (or expires, `expired`): its targets
/// are released and its Magic chit fatigues.
pub fn end_spell(
    cat: &Catalog,
    state: &mut GameState,
    index: usize,
    expired: bool,
    events: &mut Events,
) {
    if index >= state.spells.len() {
        return;
    }
    let s = state.spells.remove(index);
    fatigue_chit(state, s.caster, s.chit);
    let name = cat
        .spells
        .get(&s.spell)
        .map_or_else(|| s.spell.0.clone(), |x| x.name.clone());
    let caster = who::who(cat, state, s.caster);
    if expired {
        events.push(Event::public(
            "4.6.6",
            format!("{caster}'s {name} expires."),
            E::SpellExpired {
                seat: s.caster,
                spell: s.spell,
            },
        ));
    } else {
        events.push(Event::public(
            "4.6.9",
            format!("{caster}'s {name} is broken."),
            E::SpellBroken {
                seat: s.caster,
                spell: s.spell,
            },
        ));
    }
}

/// 8.4.2 (Peace): a spell of `effect` bewitching `target` is broken when he is named as
/// the target of a spell or attack.
pub fn break_on(
    cat: &Catalog,
    state: &mut GameState,
    target: &CombatTarget,
    effect: SpellEffect,
    events: &mut Events,
) {
    let aim = SpellAim::of(target);
    while let Some(i) = state.spells.iter().position(|s| {
        s.aims.contains(&aim)
            && cat
                .spells
                .get(&s.spell)
                .and_then(effect_of)
                .is_some_and(|e| e == effect)
    }) {
        end_spell(cat, state, i, false, events);
    }
}

/// 4.6.6g: at Midnight the Combat spells expire.
pub fn midnight(cat: &Catalog, state: &mut GameState, events: &mut Events) {
    while let Some(i) = state
        .spells
        .iter()
        .position(|s| s.until == SpellExpiry::Midnight)
    {
        end_spell(cat, state, i, true, events);
    }
}

/// 4.6.6g: at Sunset the Day spells cast the day before expire.
pub fn sunset(cat: &Catalog, state: &mut GameState, day: u8, events: &mut Events) {
    while let Some(i) = state
        .spells
        .iter()
        .position(|s| matches!(s.until, SpellExpiry::Sunset { day: d } if d <= day))
    {
        end_spell(cat, state, i, true, events);
    }
}

/// 4.6.9h: a killed character's spells cast by Magic chits are broken, and a killed
/// individual is released from the spells that name him.
pub fn killed(cat: &Catalog, state: &mut GameState, victim: &CombatTarget, events: &mut Events) {
    if let CombatTarget::Character { seat } = victim {
        while let Some(i) = state.spells.iter().position(|s| s.caster == *seat) {
            end_spell(cat, state, i, false, events);
        }
    }
    let aim = SpellAim::of(victim);
    let mut i = 0;
    while i < state.spells.len() {
        if state.spells[i].aims.contains(&aim) {
            state.spells[i].aims.retain(|a| *a != aim);
            if state.spells[i].aims.is_empty() {
                end_spell(cat, state, i, false, events);
                continue;
            }
        }
        i += 1;
    }
}
