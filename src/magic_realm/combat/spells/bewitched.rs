//! What the spells in effect do to their targets, as the rest of combat asks it (List of
//! Spells; 4.6.9d, 4.6.9f): the spells that nullify the others on their target (an
//! activated Protection from Magic, Pentangle, an energized Melt into Mist), Poison's extra
//! star, pacification (8.4.4) and its breaking, Elven Grace's move times. Inert spells
//! (4.6.6h) affect nobody.

use super::{end_spell, Events, SpellAim, SpellEffect};
use crate::engine::Seat;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::CombatTarget;
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::GameState;

/// The spells that nullify every other spell (and curse) on their target, strongest first
/// (4.6.9d, 4.6.9f; see docs/rulings.md).
const SHIELDS: [SpellEffect; 3] = [
    SpellEffect::ProtectionFromMagic,
    SpellEffect::Pentangle,
    SpellEffect::MeltIntoMist,
];

/// The spell nullifying the others on `target`, if any.
fn shield(cat: &Catalog, state: &GameState, target: &CombatTarget) -> Option<SpellEffect> {
    let aim = SpellAim::of(target);
    SHIELDS.into_iter().find(|e| aimed_by(cat, state, &aim, *e))
}

/// Whether a spell nullifies the others on `target` (Protection from Magic, Pentangle,
/// Melt into Mist).
pub fn shielded(cat: &Catalog, state: &GameState, target: &CombatTarget) -> bool {
    shield(cat, state, target).is_some()
}

/// Whether `target` is bewitched by a spell with `effect` that affects him: working (not
/// inert), and not nullified by another spell on him.
pub fn bewitched_by(
    cat: &Catalog,
    state: &GameState,
    target: &CombatTarget,
    effect: SpellEffect,
) -> bool {
    match shield(cat, state, target) {
        Some(shield) if shield != effect => false,
        _ => aimed_by(cat, state, &SpellAim::of(target), effect),
    }
}

/// [`bewitched_by`] for the character of `seat`.
pub fn character_bewitched_by(
    cat: &Catalog,
    state: &GameState,
    seat: crate::engine::Seat,
    effect: SpellEffect,
) -> bool {
    bewitched_by(cat, state, &CombatTarget::Character { seat }, effect)
}

/// Pentangle: whether `target` is protected by one.
pub fn pentangled(cat: &Catalog, state: &GameState, target: &CombatTarget) -> bool {
    bewitched_by(cat, state, target, SpellEffect::Pentangle)
}

/// 4.6.9d, Pentangle, Melt into Mist, Protection from Magic: whether a spell with `effect`
/// coming to life cannot go into effect against `target` (a Pentangle does not stop
/// another Pentangle).
pub fn shielded_from(
    cat: &Catalog,
    state: &GameState,
    target: &CombatTarget,
    effect: SpellEffect,
) -> bool {
    match shield(cat, state, target) {
        Some(SpellEffect::Pentangle) => effect != SpellEffect::Pentangle,
        Some(_) => true,
        None => false,
    }
}

/// Pentangle, Melt into Mist, Protection from Magic: whether the curses on `seat` are
/// nullified (4.6.7a: they stay, and count again when the spell stops).
pub fn curses_nullified(state: &GameState, seat: Seat) -> bool {
    let aim = SpellAim::Character { seat };
    state.spells.iter().any(|s| {
        s.works(state)
            && s.aims.contains(&aim)
            && super::effect_by_id(&s.spell).is_some_and(|e| SHIELDS.contains(&e))
    })
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

/// Pentangle, and the Pilgrim's Heavenly Protection ("Demons and the Imp cannot attack
/// you", 2.5.2): a Demon or Imp cannot attack (be assigned to, or lured by) its target;
/// Melt into Mist: nothing attacks a character turned into mist.
pub fn may_attack(cat: &Catalog, state: &GameState, piece: &PieceId, seat: Seat) -> bool {
    let target = CombatTarget::Character { seat };
    let protected = pentangled(cat, state, &target)
        || crate::magic_realm::day::who::has(
            cat,
            state,
            seat,
            crate::magic_realm::catalog::characters::SpecialAdvantage::HeavenlyProtection,
        );
    let demon_kept_off = is_demon(cat, piece) && protected;
    !demon_kept_off && !super::mist::misted(cat, state, &target)
}

/// Whether a working spell in effect with `effect` names `aim` among its targets.
fn aimed_by(cat: &Catalog, state: &GameState, aim: &SpellAim, effect: SpellEffect) -> bool {
    state
        .spells
        .iter()
        .any(|s| s.works(state) && s.aims.contains(aim) && s.has(cat, effect))
}

/// Poison: the extra sharpness star on the attacks of `piece` (a weapon counter or a
/// denizen counter).
pub fn poisoned(cat: &Catalog, state: &GameState, piece: &PieceId) -> bool {
    let aim = SpellAim::Weapon {
        piece: piece.clone(),
    };
    aimed_by(cat, state, &aim, SpellEffect::Poison)
}

/// The first pacification spell `seat` controls on `piece` (by itself or by its group), by
/// its index (8.3.9 c.5: a spell cast by an item is controlled by the item's owner).
fn pacifying(cat: &Catalog, state: &GameState, piece: &PieceId, seat: Seat) -> Option<usize> {
    let group = crate::magic_realm::combat::fighters::group_of(cat, piece);
    state.spells.iter().position(|s| {
        let aimed = s.aims.iter().any(|a| match a {
            SpellAim::Denizen { piece: p } => p == piece,
            SpellAim::Group { group: g } => Some(*g) == group,
            _ => false,
        });
        // 8.4.2: a spell that pacifies or controls denizens breaks alike.
        super::items::controller(state, s) == Some(seat)
            && aimed
            && (s.has(cat, SpellEffect::Pacify) || s.has(cat, SpellEffect::Control))
    })
}

/// Control Bats, Guide Spider or Octopus, Control Dragon: the character controlling this
/// monster, if a control spell in effect names it (8.3.9 c.5: the owner of the item that
/// cast it; nobody, while the item has no owner).
pub fn controller(cat: &Catalog, state: &GameState, piece: &PieceId) -> Option<Seat> {
    let aim = SpellAim::Denizen {
        piece: piece.clone(),
    };
    state
        .spells
        .iter()
        .find(|s| s.aims.contains(&aim) && s.has(cat, SpellEffect::Control))
        .and_then(|s| super::items::controller(state, s))
}

/// 8.4.4: whether `piece` is pacified toward `seat` (it neither battles, attacks nor
/// blocks him).
pub fn pacified_toward(cat: &Catalog, state: &GameState, piece: &PieceId, seat: Seat) -> bool {
    pacifying(cat, state, piece, seat).is_some()
}

/// Persuade: whether `seat` has persuaded `group` (it meets him as Friendly at least).
pub fn persuaded(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    group: crate::magic_realm::catalog::denizens::NativeGroup,
) -> bool {
    state.spells.iter().any(|s| {
        super::items::controller(state, s) == Some(seat)
            && s.aims.contains(&SpellAim::Group { group })
            && s.has(cat, SpellEffect::Pacify)
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
    let mut broken = false;
    while let Some(i) = pacifying(cat, state, piece, seat) {
        end_spell(cat, state, i, false, events);
        broken = true;
    }
    // Its targets revert to normal behavior: monsters no longer controlled leave the
    // fights with other uncontrolled denizens.
    if broken {
        crate::magic_realm::combat::hirelings::part_unhired(cat, state, events);
    }
}

/// Elven Grace: the move time a strength (a Move chit's) or a size (a denizen's) gives:
/// its level, L 1 to T 4 (a Negligible one moves as a Light one).
pub fn graceful_time(size: crate::magic_realm::catalog::common::Size) -> u8 {
    let level = crate::magic_realm::combat::melee::harm::level(size).max(1);
    u8::try_from(level).unwrap_or(1)
}

/// Whether Elven Grace bewitches `target`.
pub fn graceful(cat: &Catalog, state: &GameState, target: &CombatTarget) -> bool {
    bewitched_by(cat, state, target, SpellEffect::ElvenGrace)
}
