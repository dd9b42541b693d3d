//! What the spells in effect do to their targets, as the rest of combat asks it (List of
//! Spells; 4.6.9f): Pentangle's protection and nullification, Poison's extra star,
//! pacification (8.4.4) and its breaking, Elven Grace's move times.

use super::{effect_of, end_spell, Events, SpellAim, SpellEffect};
use crate::engine::Seat;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::CombatTarget;
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::GameState;

/// Whether `target` is bewitched by a spell with `effect` that affects him (Pentangle
/// nullifies every other spell on its target).
pub fn bewitched_by(
    cat: &Catalog,
    state: &GameState,
    target: &CombatTarget,
    effect: SpellEffect,
) -> bool {
    if effect != SpellEffect::Pentangle && pentangled(cat, state, target) {
        return false;
    }
    bewitched_raw(cat, state, target, effect)
}

/// Pentangle: whether `target` is protected by one.
pub fn pentangled(cat: &Catalog, state: &GameState, target: &CombatTarget) -> bool {
    bewitched_raw(cat, state, target, SpellEffect::Pentangle)
}

/// Pentangle: whether the Demon, Winged Demon or Imp `piece`.
pub fn is_demon(cat: &Catalog, piece: &PieceId) -> bool {
    use crate::magic_realm::catalog::denizens::MonsterKind;
    match piece {
        PieceId::Monster { id, .. } => cat
            .denizens
            .monster(id)
            .is_some_and(|m| matches!(m.kind, MonsterKind::Demon | MonsterKind::Imp)),
        _ => false,
    }
}

/// Pentangle: a Demon or Imp cannot attack (be assigned to, or lured by) its target.
pub fn may_attack(cat: &Catalog, state: &GameState, piece: &PieceId, seat: Seat) -> bool {
    !(is_demon(cat, piece) && pentangled(cat, state, &CombatTarget::Character { seat }))
}

fn bewitched_raw(
    cat: &Catalog,
    state: &GameState,
    target: &CombatTarget,
    effect: SpellEffect,
) -> bool {
    let aim = SpellAim::of(target);
    state.spells.iter().any(|s| {
        s.aims.contains(&aim)
            && cat
                .spells
                .get(&s.spell)
                .and_then(effect_of)
                .is_some_and(|e| e == effect)
    })
}

/// Poison: the extra sharpness star on the attacks of `piece` (a weapon counter or a
/// denizen counter).
pub fn poisoned(cat: &Catalog, state: &GameState, piece: &PieceId) -> bool {
    let aim = SpellAim::Weapon {
        piece: piece.clone(),
    };
    state.spells.iter().any(|s| {
        s.aims.contains(&aim)
            && cat
                .spells
                .get(&s.spell)
                .and_then(effect_of)
                .is_some_and(|e| e == SpellEffect::Poison)
    })
}

/// The pacification spells `seat` has in effect on `piece` (by itself or by its group).
fn pacifying<'a>(
    cat: &'a Catalog,
    state: &'a GameState,
    piece: &'a PieceId,
    seat: Seat,
) -> impl Iterator<Item = usize> + 'a {
    let group = crate::magic_realm::combat::fighters::group_of(cat, piece);
    state.spells.iter().enumerate().filter_map(move |(i, s)| {
        let pacify = cat
            .spells
            .get(&s.spell)
            .and_then(effect_of)
            .is_some_and(|e| e == SpellEffect::Pacify);
        let aimed = s.aims.iter().any(|a| match a {
            SpellAim::Denizen { piece: p } => p == piece,
            SpellAim::Group { group: g } => Some(*g) == group,
            _ => false,
        });
        (pacify && aimed && s.caster == seat).then_some(i)
    })
}

/// 8.4.4: whether `piece` is pacified toward `seat` (it neither battles, attacks nor
/// blocks him).
pub fn pacified_toward(cat: &Catalog, state: &GameState, piece: &PieceId, seat: Seat) -> bool {
    pacifying(cat, state, piece, seat).next().is_some()
}

/// Persuade: whether `seat` has persuaded `group` (it meets him as Friendly at least).
pub fn persuaded(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    group: crate::magic_realm::catalog::denizens::NativeGroup,
) -> bool {
    state.spells.iter().any(|s| {
        s.caster == seat
            && s.aims.contains(&SpellAim::Group { group })
            && cat
                .spells
                .get(&s.spell)
                .and_then(effect_of)
                .is_some_and(|e| e == SpellEffect::Pacify)
    })
}

/// 8.4.2: a pacification spell is broken when its caster names one of its targets as his
/// own target.
pub fn break_pacification(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    target: &CombatTarget,
    events: &mut Events,
) {
    let CombatTarget::Denizen { piece } = target else {
        return;
    };
    loop {
        let found = pacifying(cat, state, piece, seat).next();
        let Some(i) = found else {
            break;
        };
        end_spell(cat, state, i, false, events);
    }
}

/// Elven Grace: the move time a strength (a Move chit's) or a size (a denizen's) gives.
pub fn graceful_time(size: crate::magic_realm::catalog::common::Size) -> u8 {
    use crate::magic_realm::catalog::common::Size;
    match size {
        Size::Negligible | Size::Light => 1,
        Size::Medium => 2,
        Size::Heavy => 3,
        Size::Tremendous => 4,
    }
}

/// Whether Elven Grace bewitches `target`.
pub fn graceful(cat: &Catalog, state: &GameState, target: &CombatTarget) -> bool {
    bewitched_by(cat, state, target, SpellEffect::ElvenGrace)
}
