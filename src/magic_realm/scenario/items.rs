//! Scenario pieces for Artifacts and Spell Books (rules 4.6.5c, 7.5, 8.3.9c): the Spell
//! cards awakened in a character's item, the spells he has learned from Spell cards, and
//! spells in effect cast by an item. Each is checked, and refused with an error that says
//! what is wrong.

use super::bad;
use crate::engine::RuleError;
use crate::magic_realm::catalog::items::TreasureId;
use crate::magic_realm::catalog::magic::{SpellId, SpellSource};
use crate::magic_realm::catalog::setup_card::SetupBox;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::spells::items::is_magic_item;
use crate::magic_realm::combat::spells::SpellInEffect;
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::state::GameState;

/// Whether `spell` is one of the Spell cards (not a spell printed on a treasure, 4.4.8).
fn is_card(cat: &Catalog, spell: &SpellId) -> bool {
    cat.spells
        .get(spell)
        .is_some_and(|s| s.source == SpellSource::Card)
}

fn item_name(cat: &Catalog, item: &TreasureId) -> String {
    cat.items
        .treasure(item)
        .map_or_else(|| item.0.clone(), |t| t.name.clone())
}

/// 4.6.5c: awakened Spell cards go only with an Artifact or Spell Book, no more of them
/// than its Setup Card box holds (2.4.4: one for an Artifact, four for a Spell Book).
fn check_item(cat: &Catalog, item: &TreasureId, cards: usize) -> Result<(), RuleError> {
    if !is_magic_item(cat, item) {
        return Err(bad(format!(
            "{} is not an Artifact or Spell Book, so no Spell card is awakened in it (4.6.5c)",
            item_name(cat, item)
        )));
    }
    let room = cat
        .setup_card
        .setup
        .spell_cards_in(&SetupBox::Treasure(item.clone()));
    if cards > room {
        return Err(bad(format!(
            "the {} holds {room} Spell card(s), not {cards} (2.4.4)",
            item_name(cat, item)
        )));
    }
    Ok(())
}

/// The Spell cards `awakened` in the belonging `piece` go with it.
pub(super) fn awaken(
    cat: &Catalog,
    state: &mut GameState,
    name: &mut dyn FnMut(&PieceId) -> Result<(), RuleError>,
    piece: &PieceId,
    awakened: &[SpellId],
) -> Result<(), RuleError> {
    if awakened.is_empty() {
        return Ok(());
    }
    let PieceId::Treasure { id: item } = piece else {
        return Err(bad(format!(
            "{piece} is not an Artifact or Spell Book, so no Spell card is awakened in it (4.6.5c)"
        )));
    };
    check_item(cat, item, awakened.len())?;
    for spell in awakened {
        if !is_card(cat, spell) {
            return Err(bad(format!(
                "{:?} is not a Spell card, so it cannot be awakened in the {}",
                spell.0,
                item_name(cat, item)
            )));
        }
        let card = PieceId::Spell { id: spell.clone() };
        name(&card)?;
        state.piles.move_to(
            &card,
            Place::WithItem { item: item.clone() },
            Some(Facing::Down),
        );
    }
    Ok(())
}

/// A piece placed with an item must be a Spell card, and the item an Artifact or Spell
/// Book.
pub(super) fn check_with_item(
    cat: &Catalog,
    piece: &PieceId,
    place: &Place,
) -> Result<(), RuleError> {
    let Place::WithItem { item } = place else {
        return Ok(());
    };
    check_item(cat, item, 1)?;
    match piece {
        PieceId::Spell { id } if is_card(cat, id) => Ok(()),
        other => Err(bad(format!(
            "only Spell cards go with the {}, not {other}",
            item_name(cat, item)
        ))),
    }
}

/// 7.5: the spells a character learned are Spell cards.
pub(super) fn check_learned(
    cat: &Catalog,
    character: &str,
    learned: &[SpellId],
) -> Result<(), RuleError> {
    match learned.iter().find(|s| !is_card(cat, s)) {
        Some(s) => Err(bad(format!(
            "{character}: {:?} is not a Spell card, so it cannot have been learned (7.5)",
            s.0
        ))),
        None => Ok(()),
    }
}

/// 8.3.9c: whether a spell in effect was cast by an item (then no Magic chit is committed
/// to it); the item must be one that casts spells, and the spell one it can hold.
pub(super) fn cast_by_item(cat: &Catalog, s: &SpellInEffect) -> Result<bool, RuleError> {
    let Some(item) = &s.item else {
        return Ok(false);
    };
    let printed = cat.spells.printed_on(item).any(|p| p.id == s.spell);
    if !printed {
        check_item(cat, item, 0)?;
        if !is_card(cat, &s.spell) {
            return Err(bad(format!(
                "the {} cannot have cast {:?}: it is not a Spell card",
                item_name(cat, item),
                s.spell.0
            )));
        }
    }
    Ok(true)
}
