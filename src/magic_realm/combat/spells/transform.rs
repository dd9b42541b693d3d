//! Transform and Absorb Essence (rule 4.6.8; List of Spells): the Permanent spells that
//! transmorphize an individual into a creature. Transform (one character, monster or
//! native) rolls once on the Transform Table when it comes to life; each time it is
//! energized its target is the same creature again. Absorb Essence (one monster, even a
//! hired or controlled one) takes the monster out of play into the spell's box and, while
//! energized, the spellcaster is that monster; if the spellcaster is killed the monster is
//! killed with him, and if the spell is broken otherwise the monster appears in his
//! clearing. Cast by an Artifact or Spell Book, its monster is the character holding the
//! item (the card's 4; held by no character, the item itself: [`super::item_monster`]);
//! while energized, an absorbed Demon or Imp lends him its Magic type to record spells
//! (2.2).
//!
//! While energized (and not nullified, 4.6.8g: Melt into Mist is stronger than Transform,
//! Transform than Absorb Essence), the individual uses the creature's combat values (its
//! attack, move time, vulnerability, armor) instead of his own (4.6.8d); a character's
//! action chits and belongings are frozen (4.6.8b, e) and he cannot be wounded (4.6.8e).

use super::{Ending, Events, SpellAim, SpellCast, SpellEffect, SpellInEffect};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::common::{Side, Size};
use crate::magic_realm::catalog::denizens::Strike;
use crate::magic_realm::catalog::magic::MagicType;
use crate::magic_realm::catalog::tables::{CreatureMovement, TableId, TransformCreature};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::melee::{AttackValues, Denizen, DenizenKind, MeleeStrike, Tactic};
use crate::magic_realm::combat::{current_mut, CombatTarget};
use crate::magic_realm::day::who;
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::points::Points;
use crate::magic_realm::state::GameState;

/// The creature an individual is transmorphized into, with its combat values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Form {
    /// Its values as a denizen counter: both sides, the side up, vulnerability, armor.
    pub body: Denizen,
    /// Its move strength (a monster's is its size, 2.2.2).
    pub strength: Size,
    /// 7.3.3: a flying creature (it must fly instead of moving).
    pub flies: bool,
    /// 7.3.4: a beast that walks the woods.
    pub walks_woods: bool,
    /// The monster absorbed by Absorb Essence (none for a Transform beast).
    pub monster: Option<PieceId>,
    /// 8.4.7: the absorbed monster's head or club, attacking on the side its counter lies
    /// (it never turns over with the monster).
    pub part_attack: Option<AttackValues>,
    /// The absorbed monster's head or club and the side its counter lies.
    pub part: Option<(PieceId, Side)>,
}

impl Form {
    /// The values on the side up now.
    pub fn tactic(&self) -> &Tactic {
        self.body.tactic()
    }
}

/// A beast of the Transform Table as a counter: the same values on both sides, its
/// attack (if any) Tooth and Claw (length 0, no sharpness star; see docs/rulings.md).
pub fn beast(row: &TransformCreature) -> Form {
    let tactic = Tactic {
        move_time: row.movement_values.time,
        attack: row.attack.map(|a| AttackValues {
            time: a.time,
            length: 0,
            strike: MeleeStrike::Harm {
                letter: a.harm,
                sharpness: 0,
                missile: None,
                extra_level: false,
            },
        }),
    };
    Form {
        body: Denizen {
            kind: DenizenKind::Monster {
                tremendous: row.vulnerability == Size::Tremendous,
            },
            light: tactic,
            dark: tactic,
            side: Side::Light,
            vulnerability: row.vulnerability,
            armored: row.armored,
            steady: false,
        },
        strength: row.movement_values.strength,
        flies: row.movement == CreatureMovement::Flies,
        walks_woods: row.movement == CreatureMovement::WalksWoods,
        monster: None,
        part_attack: None,
        part: None,
    }
}

/// An absorbed monster as a creature, on the side its counter lies.
fn absorbed(cat: &Catalog, state: &GameState, piece: &PieceId) -> Option<Form> {
    let PieceId::Monster { id, .. } = piece else {
        return None;
    };
    let m = cat.denizens.monster(id)?;
    let side = match state.piles.find(piece).map(|(_, c)| c.facing) {
        Some(Facing::Dark) => Side::Dark,
        _ => Side::Light,
    };
    let part = with_part(cat, piece).get(1).map(|part| {
        let side = match state.piles.find(part).map(|(_, c)| c.facing) {
            Some(Facing::Dark) => Side::Dark,
            _ => Side::Light,
        };
        (part.clone(), side)
    });
    let part_attack = part
        .as_ref()
        .and_then(|(p, side)| part_values(cat, p, *side));
    Some(Form {
        body: Denizen::monster(m, side),
        strength: m.size,
        flies: m.flying,
        walks_woods: false,
        monster: Some(piece.clone()),
        part_attack,
        part,
    })
}

/// 8.4.7: the attack of the head or club `part` on `side`.
pub fn part_values(cat: &Catalog, part: &PieceId, side: Side) -> Option<AttackValues> {
    let PieceId::MonsterPart { id, .. } = part else {
        return None;
    };
    Some(Denizen::part_attack(cat.denizens.part(id)?, side))
}

/// The Transform Table row a Transform spell in effect fixed when it came to life.
fn rolled<'a>(cat: &'a Catalog, s: &SpellInEffect) -> Option<&'a TransformCreature> {
    cat.tables.transform(s.value?)
}

/// The monster an Absorb Essence spell in effect holds in its box.
pub fn essence(s: &SpellInEffect) -> Option<&PieceId> {
    s.aims.iter().find_map(|a| match a {
        SpellAim::Denizen { piece } => Some(piece),
        _ => None,
    })
}

/// 4.6.8, 4.6.8g: the creature `target` is now: an energized Transform on him (stronger),
/// else for a character the monster of his energized Absorb Essence (the last energized,
/// if he has several); none while he is mist or the spells on him are nullified. A
/// character who is a Tremendous monster holding his target is it red side up (8.4.7).
pub fn form(cat: &Catalog, state: &GameState, target: &CombatTarget) -> Option<Form> {
    let found = unheld_form(cat, state, target)?;
    let holds = match target {
        CombatTarget::Character { seat } => crate::magic_realm::combat::current(state)
            .is_some_and(|c| c.character_holds.contains_key(seat)),
        CombatTarget::Denizen { .. } => false,
    };
    Some(if holds {
        crate::magic_realm::combat::holding::red_side_up(found)
    } else {
        found
    })
}

/// The creature `target` is, as [`form`] says, before any hold turns it red side up.
fn unheld_form(cat: &Catalog, state: &GameState, target: &CombatTarget) -> Option<Form> {
    if state.spells.is_empty() {
        return None;
    }
    if super::bewitched_by(cat, state, target, SpellEffect::Transform) {
        let aim = SpellAim::of(target);
        if let Some(row) = state
            .spells
            .iter()
            .filter(|s| s.works(state) && s.aims.contains(&aim))
            .filter(|s| s.has(cat, SpellEffect::Transform))
            .find_map(|s| rolled(cat, s))
        {
            return Some(beast(row));
        }
    }
    let CombatTarget::Character { seat } = target else {
        return None;
    };
    if super::shielded(cat, state, target) {
        return None;
    }
    state
        .spells
        .iter()
        .rev()
        .filter(|s| s.works(state) && holder(state, s) == Some(*seat))
        .filter(|s| s.has(cat, SpellEffect::AbsorbEssence))
        .find_map(|s| absorbed(cat, state, essence(s)?))
}

/// Absorb Essence, 4: the character who is an Absorb Essence's monster: its spellcaster;
/// for one cast by an Artifact or Spell Book, the character holding the item now (none
/// while nobody holds it: 8.3.9 c.5, no character is the monster; on the map the item
/// itself is, [`super::item_monster`]).
pub fn holder(state: &GameState, s: &SpellInEffect) -> Option<Seat> {
    super::items::controller(state, s)
}

/// The creature the character of `seat` is now.
pub fn form_of_seat(cat: &Catalog, state: &GameState, seat: Seat) -> Option<Form> {
    form(cat, state, &CombatTarget::Character { seat })
}

/// The creature the denizen `piece` is now.
pub fn form_of_piece(cat: &Catalog, state: &GameState, piece: &PieceId) -> Option<Form> {
    form(
        cat,
        state,
        &CombatTarget::Denizen {
            piece: piece.clone(),
        },
    )
}

/// Absorb Essence 2.2 (Special): while energized, a character who is an absorbed monster
/// with a Magic type (the Demons' and the Imp's spell, type V) can use that type to
/// record spells, as if he had a Magic chit of it (7.5).
pub fn recording_type(cat: &Catalog, state: &GameState, seat: Seat) -> Option<MagicType> {
    let PieceId::Monster { id, .. } = form_of_seat(cat, state, seat)?.monster? else {
        return None;
    };
    let m = cat.denizens.monster(&id)?;
    [&m.light, &m.dark]
        .into_iter()
        .find_map(|side| match side.attack.as_ref().map(|a| &a.strike) {
            Some(Strike::Spell { magic_type, .. }) => Some(*magic_type),
            _ => None,
        })
}

/// Whether the character of `seat` is transmorphized into a creature now.
pub fn transmorphized_seat(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    form_of_seat(cat, state, seat).is_some()
}

/// 4.6.9e, Transform: a Transform coming to life against a target already bewitched by a
/// Transform cannot go into effect against him.
fn already_transformed(cat: &Catalog, state: &GameState, aim: &SpellAim) -> bool {
    state
        .spells
        .iter()
        .any(|s| s.aims.contains(aim) && s.has(cat, SpellEffect::Transform))
}

/// Transform comes to life: the spellcaster rolls on the Transform Table (with his own
/// modifications, 4.1.2) and the target becomes that creature, now and each time the
/// spell is energized again.
pub fn transform(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    cast: &SpellCast,
    events: &mut Events,
) -> Result<(), RuleError> {
    let Some(target) = cast.aims.first().and_then(SpellAim::individual) else {
        return Ok(());
    };
    if already_transformed(cat, state, &SpellAim::of(&target)) {
        let text = format!(
            "{} is already transformed: {} cannot go into effect against him.",
            target.name(cat, state),
            super::whose(cat, state, seat, &cast.spell)
        );
        super::end_cast(state, seat, cast, Ending::Broken, "4.6.9", text, events);
        return Ok(());
    }
    super::effects::bewitch(cat, state, seat, cast);
    // The Magic Wand: he sets the red die first.
    let roll = super::choices::RedDieRoll::Transform {
        spell_box: cast.spell_box,
    };
    if super::choices::red_die_first(cat, state, seat, TableId::Transform, roll)? {
        return Ok(());
    }
    roll_transform(cat, state, seat, cast.spell_box, None, events)
}

/// The caster's roll on the Transform Table for the Transform he cast from `spell_box`
/// (in effect), the red die set to `red` (the Magic Wand).
pub fn roll_transform(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    spell_box: u8,
    red: Option<u8>,
    events: &mut Events,
) -> Result<(), RuleError> {
    use crate::magic_realm::day::rolls::{mods, roll_with_red, RollFor};
    let index = super::index_of(state, seat, spell_box)
        .ok_or_else(|| RuleError::internal("the Transform is not in effect"))?;
    let target = state
        .spells
        .get(index)
        .and_then(|s| s.aims.first())
        .and_then(SpellAim::individual)
        .ok_or_else(|| RuleError::internal("the Transform has no target"))?;
    let m = mods(cat, state, seat, RollFor::Table(TableId::Transform));
    let dice = roll_with_red(state, "transform", m, red);
    let roll = m.result(&dice);
    let row = cat
        .tables
        .transform(roll)
        .copied()
        .ok_or_else(|| RuleError::internal("the Transform Table has no such row"))?;
    let name = target.name(cat, state);
    events.push(Event::roll(
        "4.6.8",
        &dice,
        format!(
            "Transform: {name} becomes a {:?} (Transform Table {roll}).",
            row.creature
        ),
        E::Transformed {
            target: target.clone(),
            creature: row.creature,
        },
    ));
    if let Some(s) = state.spells.get_mut(index) {
        s.value = Some(roll);
    }
    Ok(())
}

/// Absorb Essence comes to life: the monster is taken out of play into the spell's box
/// (its attackers and the Attention chits on it are taken off, it lets go of anyone it
/// holds, and it is released from the spells on it); the spellcaster becomes it.
pub fn absorb(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    cast: &SpellCast,
    events: &mut Events,
) -> Result<(), RuleError> {
    let Some(monster) = cast.aims.iter().find_map(|a| match a {
        SpellAim::Denizen { piece } => Some(piece.clone()),
        _ => None,
    }) else {
        return Ok(());
    };
    let target = CombatTarget::Denizen {
        piece: monster.clone(),
    };
    current_mut(state)?;
    leaves_combat(state, &monster, events);
    // It is released from the spells bewitching it.
    super::killed(cat, state, &target, events);
    for p in with_part(cat, &monster) {
        state.piles.move_to(&p, Place::Aside, Some(Facing::Light));
    }
    super::effects::bewitch(cat, state, seat, cast);
    events.push(Event::public(
        "4.6.8",
        format!(
            "{} absorbs the essence of {monster}: it leaves play, and he becomes it.",
            who::who(cat, state, seat)
        ),
        E::EssenceAbsorbed { seat, monster },
    ));
    Ok(())
}

/// Absorb Essence 1: the monster leaves the combat in progress, if any: unassigned, no
/// one's target, letting go of whoever it holds and let go by whoever holds it (8.4.7).
pub(super) fn leaves_combat(state: &mut GameState, monster: &PieceId, events: &mut Events) {
    let Ok(combat) = current_mut(state) else {
        return;
    };
    let target = CombatTarget::Denizen {
        piece: monster.clone(),
    };
    combat.unassign(monster);
    combat.targets.retain(|_, t| *t != target);
    let mut freed = combat.release_holders_of(&target);
    if combat.release(monster) {
        freed.push(monster.clone());
    }
    crate::magic_realm::combat::holding::let_go(state, &freed, "4.6.8", events);
}

/// Absorb Essence, 1.2: the spell in effect `s` is broken without its spellcaster being
/// killed: the monster appears in his clearing (or, if he is between clearings, in the
/// clearing he left).
pub fn release_essence(
    cat: &Catalog,
    state: &mut GameState,
    s: &SpellInEffect,
    events: &mut Events,
) {
    if !s.has(cat, SpellEffect::AbsorbEssence) {
        return;
    }
    // The card's 4: the item that was the monster reappears where it stood.
    if super::item_monster::spell_ended(cat, state, s, events) {
        return;
    }
    let Some(monster) = essence(s).cloned() else {
        return;
    };
    if state.piles.place_of(&monster) != Some(&Place::Aside) {
        return;
    }
    // 4.6.9g: where its spellcaster is (the item's place, for a spell an item cast).
    let at = super::items::spellcaster_at(state, s).or_else(|| match &s.item {
        None => who::roadway(state, s.caster).map(|r| r.0),
        Some(_) => holder(state, s).and_then(|h| who::roadway(state, h).map(|r| r.0)),
    });
    let Some(at) = at else {
        return;
    };
    for p in with_part(cat, &monster) {
        state
            .piles
            .move_to(&p, Place::Clearing { at }, Some(Facing::Light));
    }
    events.push(Event::public(
        "4.6.8",
        format!("{monster} appears in {}.", who::name(cat, at)),
        E::EssenceReleased { monster, at },
    ));
}

/// Absorb Essence, 1.1: when the spellcaster is killed, the monsters whose essence he
/// absorbed are killed too (before his spells are broken): each killing character gets the
/// monster's bounty without multiplication (shared like the kill), and it counts as a kill.
/// Killed by his own attack (the fiery chasm of his Demon's spell), nobody gets it.
pub fn caster_killed(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    killers: &[Seat],
    events: &mut Events,
) -> Result<(), RuleError> {
    let killers: Vec<Seat> = killers.iter().copied().filter(|k| *k != seat).collect();
    let killers = killers.as_slice();
    let absorbed: Vec<PieceId> = state
        .spells
        .iter()
        .filter(|s| holder(state, s) == Some(seat) && s.has(cat, SpellEffect::AbsorbEssence))
        .filter_map(|s| essence(s).cloned())
        .filter(|m| state.piles.place_of(m) == Some(&Place::Aside))
        .collect();
    // Absorb Essence, 4: an item's spell whose monster is killed is broken (his own
    // spells break as he dies, 4.6.9h; an item's would not, 8.3.9 c.6).
    let items_spells: Vec<(Seat, u8)> = state
        .spells
        .iter()
        .filter(|s| s.item.is_some() && holder(state, s) == Some(seat))
        .filter(|s| s.has(cat, SpellEffect::AbsorbEssence))
        .map(|s| (s.caster, s.spell_box))
        .collect();
    let share = killers.len().max(1);
    for monster in absorbed {
        for p in with_part(cat, &monster) {
            state.piles.move_to(&p, Place::Killed, Some(Facing::Light));
        }
        let (fame, notoriety) = match &monster {
            PieceId::Monster { id, .. } => cat
                .denizens
                .monster(id)
                .map_or((Points::ZERO, Points::ZERO), |m| {
                    (Points::whole(m.fame), Points::whole(m.notoriety))
                }),
            _ => (Points::ZERO, Points::ZERO),
        };
        // 8.7: shared like the kill, fractions kept.
        let (fame, notoriety) = (fame.share(share)?, notoriety.share(share)?);
        for k in killers {
            crate::magic_realm::combat::spoils::count_kill(state, *k);
            crate::magic_realm::combat::spoils::add_points(state, *k, fame, notoriety, 0)?;
        }
        events.push(Event::public(
            "4.6.8",
            format!(
                "{monster}, absorbed by {}, is killed with him.",
                who::who(cat, state, seat)
            ),
            E::Killed {
                victim: monster.clone(),
                by: killers.first().copied(),
                fame: if killers.is_empty() {
                    Points::ZERO
                } else {
                    fame
                },
                notoriety: if killers.is_empty() {
                    Points::ZERO
                } else {
                    notoriety
                },
                gold: 0,
            },
        ));
    }
    for (caster, spell_box) in items_spells {
        if let Some(i) = super::index_of(state, caster, spell_box) {
            super::end_spell(cat, state, i, false, events);
        }
    }
    Ok(())
}

/// 2.2.3: when combat ends, the monsters absorbed by the characters of `seats` (and their
/// heads and clubs) turn light side up again.
pub fn combat_ends(cat: &Catalog, state: &mut GameState, seats: &[Seat]) {
    let absorbed: Vec<PieceId> = state
        .spells
        .iter()
        .filter(|s| holder(state, s).is_some_and(|h| seats.contains(&h)))
        .filter(|s| s.has(cat, SpellEffect::AbsorbEssence))
        .filter_map(|s| essence(s).cloned())
        .filter(|m| state.piles.place_of(m) == Some(&Place::Aside))
        .flat_map(|m| with_part(cat, &m))
        .collect();
    for piece in absorbed {
        state.piles.set_facing(&piece, Facing::Light);
    }
}

/// 4.6.8b: a monster with its head or club, which is always transmorphized with it.
pub fn with_part(cat: &Catalog, monster: &PieceId) -> Vec<PieceId> {
    let part = match monster {
        PieceId::Monster { id, n } => crate::magic_realm::pieces::part_of(cat, id, *n),
        _ => None,
    };
    std::iter::once(monster.clone()).chain(part).collect()
}
