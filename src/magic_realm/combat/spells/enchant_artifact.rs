//! The Enchant Artifact spell (List of Spells, Enchant Artifact; 4.6.5, 8.3.9c): aimed at
//! an Artifact or Spell Book the spellcaster has active, naming one of his recorded
//! spells. While the spell is energized the item holds that spell and its Magic type as
//! well as its own: whoever holds the item can read its runes to learn the spell (7.5) and
//! play the item to cast it, awakened (8.3.9c); the added type also casts the item's own
//! awakened Spell cards of that type. The spell stays with the item whoever holds it, and
//! its added spell goes when it is broken or inert. Card rule 3 (each Magic type of the
//! item once per day, its other types free while one is committed) is in [`super::items`].

use super::{SpellAim, SpellEffect};
use crate::engine::Seat;
use crate::magic_realm::catalog::items::TreasureId;
use crate::magic_realm::catalog::magic::{MagicType, SpellId};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::{belongings, who};
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::GameState;

/// 8.4.2: the targets the caster may name: each Artifact or Spell Book he has active,
/// with each of his recorded spells.
pub fn candidates(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<SpellAim> {
    let recorded: Vec<SpellId> = state
        .seat(seat)
        .map(|s| s.secret.spells.clone())
        .unwrap_or_default();
    let mut out = Vec::new();
    for piece in belongings::active(state, seat) {
        let PieceId::Treasure { id: item } = piece else {
            continue;
        };
        if !super::items::is_magic_item(cat, &item) {
            continue;
        }
        for spell in &recorded {
            out.push(SpellAim::Enchant {
                item: item.clone(),
                spell: spell.clone(),
            });
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The spells and Magic types working Enchant Artifact spells add to `item` now.
pub fn added(cat: &Catalog, state: &GameState, item: &TreasureId) -> Vec<(MagicType, SpellId)> {
    let mut out: Vec<(MagicType, SpellId)> = state
        .spells
        .iter()
        .filter(|s| s.works(state) && s.has(cat, SpellEffect::EnchantArtifact))
        .flat_map(|s| s.aims.iter())
        .filter_map(|a| match a {
            SpellAim::Enchant { item: i, spell } if i == item => {
                let t = cat.spells.get(spell).and_then(|x| x.magic_type)?;
                Some((t, spell.clone()))
            }
            _ => None,
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// 8.3.9c, card rules 1 and 2: the spells the item can cast besides its own: the spells
/// added to it, and its awakened Spell cards of an added type.
pub fn castable(cat: &Catalog, state: &GameState, item: &TreasureId) -> Vec<SpellId> {
    let added = added(cat, state, item);
    let mut out: Vec<SpellId> = added.iter().map(|(_, s)| s.clone()).collect();
    for card in super::items::awakened(state, item) {
        let t = cat.spells.get(&card).and_then(|s| s.magic_type);
        if added.iter().any(|(a, _)| Some(*a) == t) {
            out.push(card);
        }
    }
    out
}

/// 7.5, card rule 1: the added spells whose runes can be read on the item.
pub fn readable(cat: &Catalog, state: &GameState, item: &TreasureId) -> Vec<SpellId> {
    added(cat, state, item)
        .into_iter()
        .map(|(_, s)| s)
        .collect()
}

/// Where the item is: in a clearing, or with a character in his clearing.
pub fn item_at(state: &GameState, item: &TreasureId) -> Option<ClearingRef> {
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
