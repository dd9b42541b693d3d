//! Spells in combat (rules 4.6.4, 4.6.6, 4.6.9, 8.3.9, 8.4.2 to 8.4.4; the List of Spells):
//! a character casts one of his recorded spells as his Encounter action with a Magic chit
//! of its type, supplied with its colour; he names its targets when his attention chit is
//! picked; the spells come to life in the order of their completion times, faster spells
//! cancelling slower ones cast by their targets; then each has its effect: Attack spells
//! attack like weapons in the melee, Instant spells act and expire, Combat spells bewitch
//! their targets until Midnight.
//!
//! The spells implemented so far are those [`effect_of`] names; the others cannot be
//! cast yet (they are never offered).

pub mod activation;
pub mod aiming;
pub mod attacks;
pub mod casting;
pub mod effects;
pub mod pit;

use super::CombatTarget;
use crate::engine::{Event, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::magic::{Spell, SpellId};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::who;
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::{ChitStatus, GameState};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

type Events = Vec<Event<E>>;

/// A target of a spell (8.4.2): an individual, or the spellcaster's clearing.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify)]
#[serde(tag = "aim", rename_all = "camelCase")]
pub enum SpellAim {
    Character {
        seat: Seat,
    },
    Denizen {
        piece: PieceId,
    },
    Clearing,
    /// A spell in effect, by its caster and his spell box.
    Spell {
        caster: Seat,
        spell_box: u8,
    },
    /// A weapon counter, or a native, Goblin, Ogre or club counter (Poison).
    Weapon {
        piece: PieceId,
    },
    /// A whole native group (Persuade).
    Group {
        group: crate::magic_realm::catalog::denizens::NativeGroup,
    },
    /// All the uncontrolled monsters of a kind in his clearing (Persuade: Giants or Ogres;
    /// Deal with Goblins): named as one choice, recorded as each monster.
    Kind {
        kind: crate::magic_realm::catalog::denizens::MonsterKind,
    },
    /// A character's curse (Remedy).
    Curse {
        seat: Seat,
        curse: crate::magic_realm::catalog::tables::Curse,
    },
}

impl SpellAim {
    /// The character or denizen aimed at, if the aim is an individual.
    pub fn individual(&self) -> Option<CombatTarget> {
        match self {
            SpellAim::Character { seat } => Some(CombatTarget::Character { seat: *seat }),
            SpellAim::Denizen { piece } => Some(CombatTarget::Denizen {
                piece: piece.clone(),
            }),
            SpellAim::Clearing
            | SpellAim::Spell { .. }
            | SpellAim::Curse { .. }
            | SpellAim::Weapon { .. }
            | SpellAim::Group { .. }
            | SpellAim::Kind { .. } => None,
        }
    }

    pub fn of(target: &CombatTarget) -> SpellAim {
        match target {
            CombatTarget::Character { seat } => SpellAim::Character { seat: *seat },
            CombatTarget::Denizen { piece } => SpellAim::Denizen {
                piece: piece.clone(),
            },
        }
    }
}

/// Where a spell cast this round stands (8.4.2, 8.4.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub enum CastStatus {
    /// Cast in the Encounter Step; its targets not yet named.
    Cast,
    /// Its targets named; waiting to come to life.
    Aimed,
    /// Come to life (8.4.3). An Attack spell attacks in this round's melee.
    Working,
    /// Cancelled by a faster spell before it came to life (8.4.3).
    Cancelled,
    /// Broken before it came to life (no proper target named, 8.4.2).
    Broken,
    /// Worked and expired (an Attack spell after the melee).
    Expired,
}

/// The spell a character cast this round (8.3.9b).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SpellCast {
    /// The box of his recorded spells (index into his spell list).
    pub spell_box: u8,
    pub spell: SpellId,
    /// The Magic chit played.
    pub chit: u8,
    /// The completion time (8.3.9 b.4: the chit's time, 0 if alerted).
    pub time: u8,
    pub aims: Vec<SpellAim>,
    pub status: CastStatus,
}

/// When a spell that lasts ends by itself (4.6.6g).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "at", rename_all = "camelCase")]
pub enum SpellExpiry {
    /// Combat spells: at Midnight.
    Midnight,
    /// Day spells: at Sunset of the day after the one they were cast (4.6.6g).
    Sunset { day: u8 },
}

/// A spell bewitching its targets (8.4.3): its Magic chit is with them until it ends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SpellInEffect {
    pub caster: Seat,
    pub spell: SpellId,
    pub spell_box: u8,
    pub chit: u8,
    pub aims: Vec<SpellAim>,
    pub until: SpellExpiry,
}

/// What a spell does, for the spells implemented (List of Spells).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpellEffect {
    /// Fiery Blast, Stones Fly, Lightning Bolt, Roof Collapses: attack like weapons
    /// (4.6.6d, 8.4.4), with the values in the spell's data.
    Attack,
    /// Make Whole (Instant): fatigued and wounded chits active, damaged armor repaired.
    MakeWhole,
    /// Peace (Combat): the target cannot attack until attacked.
    Peace,
    /// Power of the Pit (Instant): the target rolls on the Power of the Pit Table.
    PowerOfThePit,
    /// Exorcise (Instant): Demons and the Imp in the clearing are killed, every spell
    /// there is broken and every colour chit there fatigues.
    Exorcise,
    /// Pentangle (Combat): no Demon or Imp attacks the target, the spells on him are
    /// nullified and no new spell goes into effect against him.
    Pentangle,
    /// Dissolve Spell, and Remedy against a spell (Instant): the spell is broken.
    DissolveSpell,
    /// Elven Grace (Combat): move times by strength or size (L 1, M 2, H 3, T 4).
    ElvenGrace,
    /// Curse (Instant): the target character rolls on the Curses Table.
    Curse,
    /// Poison (Day): the weapon's damage gains a sharpness star.
    Poison,
    /// Persuade, Deal with Goblins (Day; 8.4.4 pacification): the denizens stop battling,
    /// attacking and blocking the spellcaster; Persuade makes the group meet him as
    /// Friendly.
    Pacify,
}

/// The effect of `spell`, if it is implemented.
pub fn effect_of(spell: &Spell) -> Option<SpellEffect> {
    if spell.attack.is_some() {
        return Some(SpellEffect::Attack);
    }
    match spell.id.0.as_str() {
        "make-whole" => Some(SpellEffect::MakeWhole),
        "peace" => Some(SpellEffect::Peace),
        "power-of-the-pit" => Some(SpellEffect::PowerOfThePit),
        "exorcise" => Some(SpellEffect::Exorcise),
        "pentangle" => Some(SpellEffect::Pentangle),
        "dissolve-spell" | "remedy" => Some(SpellEffect::DissolveSpell),
        "elven-grace" => Some(SpellEffect::ElvenGrace),
        "curse" => Some(SpellEffect::Curse),
        "poison" => Some(SpellEffect::Poison),
        "persuade" | "deal-with-goblins" => Some(SpellEffect::Pacify),
        _ => None,
    }
}

/// 4.6.9g: whether a spell in effect has its caster or one of its targets in the combat's
/// clearing.
pub fn in_clearing(state: &GameState, combat: &super::Combat, s: &SpellInEffect) -> bool {
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

/// 4.6.6b, 8.4.3: a spell's Magic chit returns to its owner and fatigues.
pub fn fatigue_chit(state: &mut GameState, seat: Seat, chit: u8) {
    if let Some(slot) = state
        .seat_mut(seat)
        .and_then(|s| s.chits.get_mut(usize::from(chit)))
    {
        *slot = ChitStatus::Fatigued;
    }
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
    let group = super::fighters::group_of(cat, piece);
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
