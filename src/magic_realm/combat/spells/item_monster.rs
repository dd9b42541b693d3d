//! Absorb Essence cast by an Artifact or Spell Book that no character holds (List of
//! Spells, Absorb Essence 4; 4.6.6h; 8.3.9 c.5; 6.3.4): while the spell is energized and
//! the item lies on the map (in a clearing, or carried by a hired leader or controlled
//! monster), the item itself is the monster: the absorbed monster (with its head or club)
//! stands in the item's clearing, light side up, a normal uncontrolled monster, and the
//! item is set aside with the spell. When the monster is killed the spell is broken and
//! the item reappears where it stood; when the spell falls inert (Midnight) the two swap
//! back; broken otherwise (or on the seventh day's Sunrise, 6.3.4), the item reappears
//! where the monster stood and the monster is freed there (the card's 1.2). Such a spell
//! is energized only by the colour supplied to the item's clearing (4.6.6h).

use super::transform::{essence, with_part};
use super::{Events, SpellEffect, SpellInEffect};
use crate::engine::Event;
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::items::TreasureId;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::who;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::state::GameState;

/// The Artifact or Spell Book that cast `s`, if `s` is an item's Absorb Essence.
fn item_of<'a>(cat: &Catalog, s: &'a SpellInEffect) -> Option<&'a TreasureId> {
    s.item
        .as_ref()
        .filter(|_| s.has(cat, SpellEffect::AbsorbEssence))
}

fn treasure(item: &TreasureId) -> PieceId {
    PieceId::Treasure { id: item.clone() }
}

/// Absorb Essence 4 (ruling): the clearing where `item` lies on the map held by no
/// character: in the clearing, or carried there by a hired leader or controlled monster.
/// None in a character's belongings, a native group's or visitor's box, a site or the
/// Setup Card (there its spell stays nullified, 8.3.9 c.5).
pub fn unheld_at(state: &GameState, item: &TreasureId) -> Option<ClearingRef> {
    match state.piles.place_of(&treasure(item))? {
        Place::Clearing { at } => Some(*at),
        Place::Carried { by } => match state.piles.place_of(by)? {
            Place::Clearing { at } => Some(*at),
            _ => None,
        },
        _ => None,
    }
}

/// Absorb Essence 4: the clearing where the item of the spell in effect `s` stands as its
/// monster (the item set aside with the spell, the monster on the map); none otherwise.
pub fn monster_at(cat: &Catalog, state: &GameState, s: &SpellInEffect) -> Option<ClearingRef> {
    let item = item_of(cat, s)?;
    if state.piles.place_of(&treasure(item)) != Some(&Place::Aside) {
        return None;
    }
    match state.piles.place_of(essence(s)?)? {
        Place::Clearing { at } => Some(*at),
        _ => None,
    }
}

/// 4.6.6h (ruling): the clearing whose colour magic energizes the inert spell `s`, an
/// item's Absorb Essence whose monster is in the spell's box: the clearing where the item
/// lies held by no character (the item is the spell's target-to-be). None otherwise.
pub fn energized_at(cat: &Catalog, state: &GameState, s: &SpellInEffect) -> Option<ClearingRef> {
    let item = item_of(cat, s)?;
    if state.piles.place_of(essence(s)?) != Some(&Place::Aside) {
        return None;
    }
    unheld_at(state, item)
}

/// Absorb Essence 4: after every step, each item's Absorb Essence whose item lies on the
/// map held by no character becomes its monster while energized, and the monster turns
/// back into the item when the spell is inert.
pub fn sync(cat: &Catalog, state: &mut GameState, events: &mut Events) {
    if state.spells.iter().all(|s| s.item.is_none()) {
        return;
    }
    let spells: Vec<SpellInEffect> = state
        .spells
        .iter()
        .filter(|s| item_of(cat, s).is_some())
        .cloned()
        .collect();
    for s in spells {
        let (Some(item), Some(monster)) = (item_of(cat, &s), essence(&s)) else {
            continue;
        };
        if let Some(at) = monster_at(cat, state, &s) {
            if s.inert {
                back_to_item(cat, state, &s, item, monster, at, events);
            }
        } else if !s.inert && state.piles.place_of(monster) == Some(&Place::Aside) {
            if let Some(at) = unheld_at(state, item) {
                becomes_monster(cat, state, item, monster, at, events);
            }
        }
    }
}

/// Absorb Essence 4 (ruling): the item leaves its clearing (or what its carrier carries)
/// and is set aside with the spell; the monster, with its head or club, is put in that
/// clearing light side up.
fn becomes_monster(
    cat: &Catalog,
    state: &mut GameState,
    item: &TreasureId,
    monster: &PieceId,
    at: ClearingRef,
    events: &mut Events,
) {
    state.piles.move_to(&treasure(item), Place::Aside, None);
    for p in with_part(cat, monster) {
        state
            .piles
            .move_to(&p, Place::Clearing { at }, Some(Facing::Light));
    }
    events.push(Event::public(
        "4.6.8",
        format!(
            "Absorb Essence: the {} becomes {monster} in {}.",
            item_name(cat, item),
            who::name(cat, at)
        ),
        E::ItemBecameMonster {
            item: item.clone(),
            monster: monster.clone(),
            at,
        },
    ));
}

/// Absorb Essence 4 (ruling): the spell fell inert: the monster (with its head or club)
/// goes back to the spell's box and the item reappears where it stood. A combat in that
/// clearing forgets the monster (as when a monster is absorbed).
fn back_to_item(
    cat: &Catalog,
    state: &mut GameState,
    own: &SpellInEffect,
    item: &TreasureId,
    monster: &PieceId,
    at: ClearingRef,
    events: &mut Events,
) {
    super::transform::leaves_combat(state, monster, events);
    // The card's 1: in the spell's box it is released from the spells bewitching it.
    let target = crate::magic_realm::combat::CombatTarget::Denizen {
        piece: monster.clone(),
    };
    super::lasting::released_but(cat, state, &target, (own.caster, own.spell_box), events);
    for p in with_part(cat, monster) {
        state.piles.move_to(&p, Place::Aside, Some(Facing::Light));
    }
    reappears(cat, state, item, monster, at, events);
}

/// The item reappears in clearing `at`, where its monster stood.
fn reappears(
    cat: &Catalog,
    state: &mut GameState,
    item: &TreasureId,
    monster: &PieceId,
    at: ClearingRef,
    events: &mut Events,
) {
    state
        .piles
        .move_to(&treasure(item), Place::Clearing { at }, None);
    events.push(Event::public(
        "4.6.8",
        format!(
            "Absorb Essence: {monster} turns back into the {}, in {}.",
            item_name(cat, item),
            who::name(cat, at)
        ),
        E::MonsterBecameItem {
            item: item.clone(),
            monster: monster.clone(),
            at,
        },
    ));
}

/// Absorb Essence 4: the spell `s` (ending, or its monster killed) was its item's
/// monster: the item reappears where the monster stands. A killed monster goes to the
/// killed box after this (and the spell is broken as it loses its target, 4.6.9h); one
/// freed by a spell broken otherwise stays there (the card's 1.2: it appears in the
/// spellcaster's clearing, which is now the item's). Whether it was.
pub fn spell_ended(
    cat: &Catalog,
    state: &mut GameState,
    s: &SpellInEffect,
    events: &mut Events,
) -> bool {
    let (Some(at), Some(item), Some(monster)) =
        (monster_at(cat, state, s), item_of(cat, s), essence(s))
    else {
        return false;
    };
    reappears(cat, state, item, monster, at, events);
    true
}

/// 6.3.4 (ruling): on the seventh day's Sunrise (Monster Roll `row`) an item's monster
/// that would go back to where it started does not: its spell is broken and the item
/// reappears in the clearing it leaves (the monster, freed there, then goes back like any
/// other). One whose row does not prowl stays, the item's monster still.
pub fn week_ends(cat: &Catalog, state: &mut GameState, row: u8, events: &mut Events) {
    let returning = |state: &GameState, s: &SpellInEffect| {
        let (Some(at), Some(monster)) = (monster_at(cat, state, s), essence(s)) else {
            return false;
        };
        crate::magic_realm::day::prowling::monster_prowls(cat, state, monster, row)
            && state
                .homes
                .of(monster)
                .is_some_and(|h| *h != Place::Clearing { at })
    };
    while let Some(i) = state.spells.iter().position(|s| returning(state, s)) {
        super::end_spell(cat, state, i, false, events);
    }
}

fn item_name(cat: &Catalog, item: &TreasureId) -> String {
    cat.items
        .treasure(item)
        .map_or_else(|| item.0.clone(), |t| t.name.clone())
}
