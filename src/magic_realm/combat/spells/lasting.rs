//! How spells in effect last and end (rules 4.6.6g, 4.6.9c, 4.6.9d, 4.6.9h, 8.4.3): the
//! spell boxes they tie up, their expiry at Midnight (Combat spells) or Sunset of the next
//! day (Day spells), breaking (their Magic chit fatigues; the chits an altering spell
//! changed revert), and the release of killed targets.

use super::SpellInEffect;
use super::{spell_ends, spell_name, Ended, Ending, Events, SpellAim, SpellEffect, SpellExpiry};
use crate::engine::Seat;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::CombatTarget;
use crate::magic_realm::day::who;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::Place;
use crate::magic_realm::state::GameState;

/// 4.6.9g: whether a spell in effect has its caster or one of its targets in the combat's
/// clearing.
pub fn in_clearing(
    state: &GameState,
    combat: &crate::magic_realm::combat::Combat,
    s: &SpellInEffect,
) -> bool {
    super::items::spellcaster_at(state, s) == Some(combat.at)
        || s.aims
            .iter()
            .any(|a| super::places::target_in(state, s, combat.at, a))
}

/// 4.6.9g: whether a character, counter or weapon aimed at is in clearing `at`.
pub fn aim_in(state: &GameState, at: ClearingRef, aim: &SpellAim) -> bool {
    match aim {
        SpellAim::Character { seat } => who::clearing(state, *seat) == Some(at),
        SpellAim::Denizen { piece } | SpellAim::Weapon { piece } => {
            state.piles.place_of(piece) == Some(&Place::Clearing { at })
        }
        SpellAim::Clearing
        | SpellAim::Tile
        | SpellAim::Spell { .. }
        | SpellAim::Curse { .. }
        | SpellAim::Group { .. }
        | SpellAim::Kind { .. }
        | SpellAim::Chit { .. }
        | SpellAim::SoundChit { .. } => false,
        SpellAim::Enchant { item, .. } => super::enchant_artifact::item_at(state, item) == Some(at),
    }
}

/// Whether a spell box of `seat` is tied up by a spell in effect (8.4.3).
pub fn box_in_use(state: &GameState, seat: Seat, spell_box: u8) -> bool {
    index_of(state, seat, spell_box).is_some()
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
    let Some(altered) = state
        .spells
        .get(index)
        .map(|s| super::altering::altered_by(cat, state, s))
    else {
        return;
    };
    let unleashed = state
        .spells
        .get(index)
        .map(|s| super::unleash::unleashed_by(cat, s))
        .unwrap_or_default();
    let s = state.spells.remove(index);
    let ended = Ended {
        seat: s.caster,
        chit: s.chit,
        spell: &s.spell,
        item: s.item.as_ref(),
    };
    if expired {
        super::expires(cat, state, ended, "4.6.6", events);
    } else {
        let text = format!(
            "{}'s {} is broken.",
            who::who(cat, state, s.caster),
            spell_name(cat, &s.spell)
        );
        spell_ends(state, ended, Ending::Broken, "4.6.9", text, events);
    }
    super::altering::reverted(cat, state, s.caster, &altered, events);
    super::unleash::reverted(cat, state, s.caster, unleashed, events);
    // Absorb Essence: the monster appears in the spellcaster's clearing.
    super::transform::release_essence(cat, state, &s, events);
    // Premonition: a target who has not preempted has his chit mixed in.
    crate::magic_realm::day::premonition::released(cat, state, &s, events);
    // Prophecy: a target who has not finished his turn is blocked.
    crate::magic_realm::day::prophecy::released(cat, state, &s, events);
    // Phantasm: the phantasm is gone.
    crate::magic_realm::day::phantasm::released(cat, state, &s);
}

/// The spell in effect cast from `caster`'s `spell_box`, by its index.
pub fn index_of(state: &GameState, caster: Seat, spell_box: u8) -> Option<usize> {
    state
        .spells
        .iter()
        .position(|s| s.caster == caster && s.spell_box == spell_box)
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
    while let Some(i) = state
        .spells
        .iter()
        .position(|s| s.aims.contains(&aim) && s.has(cat, effect))
    {
        end_spell(cat, state, i, false, events);
    }
}

/// 4.6.6g, 8.9: at Midnight the Combat spells expire and the Permanent spells fall inert
/// (unless a continuous source of colour keeps them energized).
pub fn midnight(cat: &Catalog, state: &mut GameState, events: &mut Events) {
    while let Some(i) = state
        .spells
        .iter()
        .position(|s| matches!(s.until, SpellExpiry::Midnight | SpellExpiry::EndOfPhase))
    {
        end_spell(cat, state, i, true, events);
    }
    super::permanent::midnight(cat, state, events);
    // Absorb Essence 4: an item's monster whose spell fell inert turns back into the item.
    super::item_monster::sync(cat, state, events);
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

/// 6.3.4: denizens who regenerate are released from all spells; a spell all of whose
/// targets regenerate is broken (its Magic chit fatigues, 4.6.9d).
pub fn regenerated(
    cat: &Catalog,
    state: &mut GameState,
    pieces: &[crate::magic_realm::pieces::PieceId],
    events: &mut Events,
) {
    for piece in pieces {
        let target = CombatTarget::Denizen {
            piece: piece.clone(),
        };
        killed(cat, state, &target, events);
    }
}

/// Absorb Essence 1: `victim` is released from every spell bewitching it but the one in
/// `own_box` of `own_caster` (the Absorb Essence that takes it into its box); a spell left
/// with no target ends.
pub fn released_but(
    cat: &Catalog,
    state: &mut GameState,
    victim: &CombatTarget,
    own: (Seat, u8),
    events: &mut Events,
) {
    release(cat, state, victim, Some(own), events);
}

/// `victim` is released from the spells bewitching it (all but `keep`'s, the caster and
/// spell box of one to leave on it); a spell left with no target ends.
fn release(
    cat: &Catalog,
    state: &mut GameState,
    victim: &CombatTarget,
    keep: Option<(Seat, u8)>,
    events: &mut Events,
) {
    let aim = SpellAim::of(victim);
    let mut i = 0;
    while i < state.spells.len() {
        let s = &state.spells[i];
        if s.aims.contains(&aim) && keep != Some((s.caster, s.spell_box)) {
            // Absorb Essence 4: the item that was the monster reappears where it stood.
            if let Some(s) = state.spells.get(i).cloned() {
                super::item_monster::spell_ended(cat, state, &s, events);
            }
            state.spells[i].aims.retain(|a| *a != aim);
            if state.spells[i].aims.is_empty() {
                end_spell(cat, state, i, false, events);
                continue;
            }
        }
        i += 1;
    }
}

/// 4.6.9h: a killed character's spells cast by Magic chits are broken (8.3.9 c.6: not
/// those his Artifacts and Spell Books cast), and a killed individual is released from the
/// spells that name him.
pub fn killed(cat: &Catalog, state: &mut GameState, victim: &CombatTarget, events: &mut Events) {
    if let CombatTarget::Character { seat } = victim {
        while let Some(i) = state
            .spells
            .iter()
            .position(|s| s.caster == *seat && s.item.is_none())
        {
            end_spell(cat, state, i, false, events);
        }
    }
    release(cat, state, victim, None, events);
}
