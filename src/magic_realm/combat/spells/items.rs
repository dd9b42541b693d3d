//! Artifacts and Spell Books in combat (rules 2.3.9, 4.6.5, 8.3.7 a.2, 8.3.9c, 8.4.3,
//! 8.4.4h): as his Encounter action a character plays an active Artifact or Spell Book like
//! a Magic chit of its red numeral's type, to cast one of its awakened Spell cards of that
//! type, supplied with colour magic like any spell. Its completion time is 0, so nothing on
//! his sheet can stop it. He plays one item per round; each item once per Evening, not
//! again in an Evening during which its spell ended (c.4), and never while its spell is in
//! effect (c.3): each of these per Magic type of the item, for one Enchant Artifact gave
//! more types (its card rule 3). The item is the spellcaster: whoever owns it controls the spell; with no
//! owner the spell is nullified but not broken (c.5), and its owner's death does not break
//! it (c.6, 8.4.4h). The spell printed on the Dragonfang Necklace (4.4.8: Control Dragon)
//! is cast the same way (see docs/rulings.md).

use super::casting::{clearing_fits, colour_chits};
use super::{effect_of, CastStatus, Events, SpellCast, SpellEffect, SpellInEffect};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::items::{TreasureId, TreasureKind};
use crate::magic_realm::catalog::magic::{MagicType, SpellId};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::{current_mut, Combat};
use crate::magic_realm::day::{belongings, enchanting, who};
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::state::{ChitStatus, GameState, Step};

/// 8.3.9c: the item and the Spell card it casts go into one of his vacant spell boxes, or
/// anywhere on his sheet. The engine numbers these places from here on, apart from the
/// boxes of his recorded spells, so that a spell in effect is still named by its caster
/// and box.
pub const ITEM_PLACES_FROM: u8 = 100;

/// 2.3.9: whether the treasure is an Artifact or a Spell Book.
pub fn is_magic_item(cat: &Catalog, item: &TreasureId) -> bool {
    cat.items
        .treasure(item)
        .is_some_and(|t| t.is(TreasureKind::Artifact) || t.is(TreasureKind::SpellBook))
}

/// The seat whose character owns the item now (it is among his belongings).
pub fn owner(state: &GameState, item: &TreasureId) -> Option<Seat> {
    let piece = PieceId::Treasure { id: item.clone() };
    match state.piles.place_of(&piece)? {
        Place::Belongings { character } => state.seat_of(character),
        _ => None,
    }
}

/// 4.6.5c: the awakened Spell cards kept with the item, bottom to top.
pub fn awakened(state: &GameState, item: &TreasureId) -> Vec<SpellId> {
    let place = Place::WithItem { item: item.clone() };
    state
        .piles
        .pile(&place)
        .iter()
        .filter_map(|c| match &c.piece {
            PieceId::Spell { id } => Some(id.clone()),
            _ => None,
        })
        .collect()
}

/// 8.3.9 c.1, 4.6.5b: the spells the item can cast: its awakened Spell cards of its own
/// type; 4.4.8: the spells printed on a Treasure card.
pub fn castable(cat: &Catalog, state: &GameState, item: &TreasureId) -> Vec<SpellId> {
    let own = cat.items.treasure(item).and_then(|t| t.magic_type);
    let mut out: Vec<SpellId> = awakened(state, item)
        .into_iter()
        .filter(|id| own.is_some() && cat.spells.get(id).map(|s| s.magic_type) == Some(own))
        .collect();
    out.extend(cat.spells.printed_on(item).map(|s| s.id.clone()));
    // Enchant Artifact: the spells and types added to it.
    out.extend(super::enchant_artifact::castable(cat, state, item));
    let mut seen = std::collections::BTreeSet::new();
    out.retain(|s| seen.insert(s.clone()));
    out
}

/// The Magic type a spell uses when an item casts it (Enchant Artifact, card rule 1: the
/// item is played with the spell's type; `None` for the treasure spells).
fn type_of(cat: &Catalog, spell: &SpellId) -> Option<MagicType> {
    cat.spells.get(spell).and_then(|s| s.magic_type)
}

/// 8.3.9 c.3, Enchant Artifact card rule 3: whether a spell the item cast with Magic type
/// `t` is in effect (the item is committed to it with that type).
fn committed(cat: &Catalog, state: &GameState, item: &TreasureId, t: Option<MagicType>) -> bool {
    state
        .spells
        .iter()
        .any(|s| s.item.as_ref() == Some(item) && type_of(cat, &s.spell) == t)
}

/// 8.3.9 c.4, Enchant Artifact card rule 3: whether the item's Magic type `t` is spent for
/// this Evening (played with it today, or a spell cast with it ended during the Evening).
fn spent(cat: &Catalog, state: &GameState, item: &TreasureId, t: Option<MagicType>) -> bool {
    state
        .today
        .item_spells_spent
        .iter()
        .any(|(i, s)| i == item && type_of(cat, s) == t)
}

/// 8.3.9 c.1, c.3, c.4 and Enchant Artifact card rule 3: whether `seat` may play `item` now
/// to cast `spell`: he owns it and has it active, and the Magic type the spell uses is
/// neither spent this Evening nor committed to a spell in effect. An item with one type is
/// thus played once per Evening and not while its spell is in effect; one Enchant Artifact
/// gave more types is played once per Evening with each, each type free while another
/// is committed.
fn playable(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    item: &TreasureId,
    spell: &SpellId,
) -> bool {
    let piece = PieceId::Treasure { id: item.clone() };
    let t = type_of(cat, spell);
    belongings::is_active(state, seat, &piece)
        && !spent(cat, state, item, t)
        && !committed(cat, state, item, t)
}

/// 8.3.9c: the spells he may cast now with his Artifacts and Spell Books, each with the
/// colour supply (the clearing's, or one of his colour chits). Nothing on his sheet stops
/// them (8.3.7 a.2) and they cost no effort.
pub fn options(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> Vec<A> {
    // Peace: a pacified character names no target for a spell; nor can mist cast.
    if super::character_bewitched_by(cat, state, seat, SpellEffect::Peace)
        || super::frozen(cat, state, seat)
    {
        return Vec::new();
    }
    let supplied = enchanting::colours_in(cat, state, combat.at);
    let mut out = Vec::new();
    for piece in belongings::owned(state, seat) {
        let PieceId::Treasure { id: item } = piece else {
            continue;
        };
        for id in castable(cat, state, &item) {
            let Some(spell) = cat.spells.get(&id) else {
                continue;
            };
            if !playable(cat, state, seat, &item, &id) {
                continue;
            }
            if effect_of(spell).is_none() || !clearing_fits(cat, state, combat, spell) {
                continue;
            }
            if supplied.iter().any(|c| spell.color.accepts(*c)) {
                out.push(A::CastFromItem {
                    item: item.clone(),
                    spell: id.clone(),
                    colour_chit: None,
                });
            } else {
                for colour_chit in colour_chits(cat, state, seat, spell) {
                    out.push(A::CastFromItem {
                        item: item.clone(),
                        spell: id.clone(),
                        colour_chit: Some(colour_chit),
                    });
                }
            }
        }
    }
    out
}

/// 8.3.9c: the first place on his sheet, from [`ITEM_PLACES_FROM`], that no spell of his
/// holds.
fn free_place(state: &GameState, seat: Seat) -> Result<u8, RuleError> {
    (ITEM_PLACES_FROM..=u8::MAX)
        .find(|b| super::index_of(state, seat, *b).is_none())
        .ok_or_else(|| RuleError::internal("no place left on his sheet for the item"))
}

/// 8.3.9c: plays the item and its Spell card face up on his sheet (c.3: the item stays face
/// up while committed); the colour chit used fatigues (4.6.3). The item is spent for this
/// Evening (c.4).
pub fn cast(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    item: &TreasureId,
    spell: &SpellId,
    colour_chit: Option<u8>,
    events: &mut Events,
) -> Result<(), RuleError> {
    let spell_box = free_place(state, seat)?;
    let name = who::who(cat, state, seat);
    let item_name = cat
        .items
        .treasure(item)
        .map_or_else(|| item.0.clone(), |t| t.name.clone());
    if let Some(c) = colour_chit {
        who::set_chit(state, seat, c, ChitStatus::Fatigued);
    }
    state.today.items_spent.insert(item.clone());
    state
        .today
        .item_spells_spent
        .insert((item.clone(), spell.clone()));
    state
        .piles
        .set_facing(&PieceId::Treasure { id: item.clone() }, Facing::Up);
    state
        .piles
        .set_facing(&PieceId::Spell { id: spell.clone() }, Facing::Up);
    let combat = current_mut(state)?;
    combat.acted.insert(seat);
    combat.turn += 1;
    // 8.8: a spell cast is a consequence that keeps combat going.
    combat.eventful = true;
    combat.casts.insert(
        seat,
        SpellCast {
            spell_box,
            spell: spell.clone(),
            chit: 0,
            time: 0,
            aims: Vec::new(),
            status: CastStatus::Cast,
            item: Some(item.clone()),
            toward: None,
        },
    );
    events.push(Event::reveal(
        "8.3.9",
        format!(
            "{name} plays the {item_name} to cast {} (completion time 0).",
            super::spell_name(cat, spell)
        ),
        E::ItemSpellCast {
            seat,
            item: item.clone(),
            spell: spell.clone(),
        },
    ));
    Ok(())
}

/// 8.3.9 c.5: who controls a spell in effect: its caster; for a spell cast by an item, the
/// character who owns the item now (none: the spell is nullified).
pub fn controller(state: &GameState, s: &SpellInEffect) -> Option<Seat> {
    match &s.item {
        None => Some(s.caster),
        Some(item) => owner(state, item),
    }
}

/// 4.6.9g: where a spell's spellcaster is: its caster's clearing, or the clearing where
/// the item that cast it lies (with its owner, or abandoned there).
pub fn spellcaster_at(state: &GameState, s: &SpellInEffect) -> Option<ClearingRef> {
    let Some(item) = &s.item else {
        return who::clearing(state, s.caster);
    };
    match state
        .piles
        .place_of(&PieceId::Treasure { id: item.clone() })?
    {
        Place::Clearing { at } => Some(*at),
        Place::Belongings { character } => state
            .seat_of(character)
            .and_then(|seat| who::clearing(state, seat)),
        _ => None,
    }
}

/// 8.3.9 c.4: the spell the item cast has ended: if that happens during an Evening, the
/// item cannot be played again with that spell's Magic type until the next Evening
/// (Enchant Artifact, card rule 3).
pub fn spell_ended(state: &mut GameState, item: &TreasureId, spell: &SpellId) {
    if matches!(state.step, Step::Evening { .. }) {
        state.today.items_spent.insert(item.clone());
        state
            .today
            .item_spells_spent
            .insert((item.clone(), spell.clone()));
    }
}
