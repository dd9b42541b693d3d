//! Rule 3.3: selecting characters. A player takes a character not yet taken (3.3.1) and the
//! weapons and armor of its 4th stage from the native groups that hold them (3.3.2); then,
//! in secret, his starting spells (3.3.3), the Magic chits he enchants (3.3.4), his starting
//! Dwelling (3.3.5) and his victory requirements (3.3.6).

use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::characters::{Character, ChitKind};
use crate::magic_realm::catalog::denizens::NativeGroup;
use crate::magic_realm::catalog::magic::SpellId;
use crate::magic_realm::catalog::setup_card::SetupBox;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::state::{
    ChitStatus, EquipmentNeed, GameState, SecretRecord, VictoryCategory, VICTORY_POINTS,
};

type Events = Vec<Event<E>>;

pub fn character<'c>(cat: &'c Catalog, state: &GameState, seat: Seat) -> Option<&'c Character> {
    let id = state.seat(seat)?.character.as_ref()?;
    cat.characters.get(id)
}

/// 3.3.1: the characters no seat has taken, in catalog order.
pub fn free_characters<'c>(cat: &'c Catalog, state: &GameState) -> Vec<&'c Character> {
    cat.characters
        .characters
        .iter()
        .filter(|c| state.seat_of(&c.id).is_none())
        .collect()
}

/// 3.3.1-3.3.2: `seat` takes `character`: 12 fresh chits, 10 gold, and the starting items
/// that only one native group can give. Its counter waits aside until 3.6.4.
pub fn take_character(
    state: &mut GameState,
    seat: Seat,
    chosen: &Character,
    events: &mut Events,
) -> Result<(), RuleError> {
    let sheet = state
        .seat_mut(seat)
        .ok_or_else(|| RuleError::internal(format!("no {seat}")))?;
    sheet.character = Some(chosen.id.clone());
    sheet.chits = vec![ChitStatus::Fresh; chosen.chits.len()];
    sheet.equipment_pending = chosen
        .starting_weapons()
        .iter()
        .map(|w| EquipmentNeed::Weapon { id: w.clone() })
        .chain(
            chosen
                .starting_armor()
                .iter()
                .map(|a| EquipmentNeed::Armor { id: a.clone() }),
        )
        .collect();
    events.push(Event::public(
        "3.3.1",
        format!("{seat} plays the {}.", chosen.name),
        E::CharacterChosen {
            seat,
            character: chosen.id.clone(),
        },
    ));
    settle_equipment(state, seat, events)
}

/// The native groups whose Setup Card box holds a counter of `item` (3.3.2).
pub fn sources(state: &GameState, item: &EquipmentNeed) -> Vec<NativeGroup> {
    let mut groups: Vec<NativeGroup> = state
        .piles
        .iter()
        .filter_map(|(place, pile)| match place {
            Place::SetupBox {
                target: SetupBox::NativeGroup(g),
            } if pile.iter().any(|c| is_item(&c.piece, item)) => Some(*g),
            _ => None,
        })
        .collect();
    groups.sort();
    groups.dedup();
    groups
}

fn is_item(piece: &PieceId, item: &EquipmentNeed) -> bool {
    match (piece, item) {
        (PieceId::Weapon { id, .. }, EquipmentNeed::Weapon { id: want }) => id == want,
        (PieceId::Armor { id, .. }, EquipmentNeed::Armor { id: want }) => id == want,
        _ => false,
    }
}

/// Takes pending items with one source; drops those no group holds; stops at the first
/// item several groups hold, which the player chooses (3.3.2).
pub fn settle_equipment(
    state: &mut GameState,
    seat: Seat,
    events: &mut Events,
) -> Result<(), RuleError> {
    settle_equipment_with(state, seat, events, |_, _| None)
}

/// Like [`settle_equipment`]; an item no native group holds is handed to `fallback`
/// (a fresh start's rule, 9.1.2), whose words, if any, go in the log entry.
pub fn settle_equipment_with(
    state: &mut GameState,
    seat: Seat,
    events: &mut Events,
    fallback: impl Fn(&mut GameState, &EquipmentNeed) -> Option<String>,
) -> Result<(), RuleError> {
    loop {
        let Some(next) = state
            .seat(seat)
            .and_then(|s| s.equipment_pending.first().cloned())
        else {
            return Ok(());
        };
        let from = sources(state, &next);
        match from.as_slice() {
            [] => {
                pop_pending(state, seat);
                let instead = fallback(state, &next)
                    .map(|t| format!("; he {t}"))
                    .unwrap_or_default();
                events.push(Event::public(
                    "3.3.2",
                    format!(
                        "No native group has a {} left for {seat}{instead}.",
                        item_name(&next)
                    ),
                    E::EquipmentUnavailable { seat, item: next },
                ));
            }
            [only] => take_item(state, seat, &next, *only, events)?,
            _ => return Ok(()),
        }
    }
}

fn pop_pending(state: &mut GameState, seat: Seat) {
    if let Some(s) = state.seat_mut(seat) {
        if !s.equipment_pending.is_empty() {
            s.equipment_pending.remove(0);
        }
    }
}

fn item_name(item: &EquipmentNeed) -> &str {
    match item {
        EquipmentNeed::Weapon { id } => &id.0,
        EquipmentNeed::Armor { id } => &id.0,
    }
}

/// Moves the top counter of `item` from `group`'s box to the character, unalerted or
/// intact (3.3.2a), and marks the need met.
pub fn take_item(
    state: &mut GameState,
    seat: Seat,
    item: &EquipmentNeed,
    group: NativeGroup,
    events: &mut Events,
) -> Result<(), RuleError> {
    let place = Place::SetupBox {
        target: SetupBox::NativeGroup(group),
    };
    let piece = state
        .piles
        .pile(&place)
        .iter()
        .rev()
        .find(|c| is_item(&c.piece, item))
        .map(|c| c.piece.clone())
        .ok_or_else(|| RuleError::illegal(format!("the {group:?} hold no {}", item_name(item))))?;
    let character = state
        .seat(seat)
        .and_then(|s| s.character.clone())
        .ok_or_else(|| RuleError::internal(format!("{seat} has no character")))?;
    let facing = match item {
        EquipmentNeed::Weapon { .. } => Facing::Unalerted,
        EquipmentNeed::Armor { .. } => Facing::Intact,
    };
    state
        .piles
        .move_to(&piece, Place::Belongings { character }, Some(facing));
    if let Some(s) = state.seat_mut(seat) {
        if let Some(i) = s.equipment_pending.iter().position(|n| n == item) {
            s.equipment_pending.remove(i);
        }
    }
    events.push(Event::public(
        "3.3.2",
        format!("{seat} takes a {} from the {group:?}.", item_name(item)),
        E::EquipmentTaken {
            seat,
            piece,
            from: group,
        },
    ));
    Ok(())
}

/// 3.3.2: the choices of source for the first pending item several groups hold.
pub fn equipment_choices(state: &GameState, seat: Seat) -> Vec<A> {
    let Some(item) = state
        .seat(seat)
        .and_then(|s| s.equipment_pending.first().cloned())
    else {
        return Vec::new();
    };
    sources(state, &item)
        .into_iter()
        .map(|from| A::TakeEquipment {
            item: item.clone(),
            from,
        })
        .collect()
}

/// Whether the chit at `index` is a Magic chit of an enchantable type (I to V, 3.3.4).
fn enchantable(c: &Character, index: usize) -> bool {
    matches!(
        c.chits.get(index).map(|ch| ch.kind),
        Some(ChitKind::Magic { magic_type }) if magic_type.is_enchantable()
    )
}

/// The next secret choices of `seat` (3.3.3 to 3.3.6), one step at a time: spells, then
/// chits to enchant, then the starting Dwelling, then Victory Points, then confirm.
pub fn secret_choices(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    let (Some(sheet), Some(c)) = (state.seat(seat), character(cat, state, seat)) else {
        return Vec::new();
    };
    let rec = &sheet.secret;
    if rec.done {
        return Vec::new();
    }
    if let Some(allowed) = c.starting_spells() {
        if rec.spells.len() < usize::from(allowed.count) {
            let mut ids: Vec<&SpellId> = cat
                .spells
                .cards()
                .filter(|s| s.magic_type.is_some_and(|t| allowed.types.contains(&t)))
                .map(|s| &s.id)
                .collect();
            ids.sort();
            ids.dedup();
            let spells: Vec<A> = ids
                .into_iter()
                .map(|id| A::RecordSpell { spell: id.clone() })
                .collect();
            if !spells.is_empty() {
                return spells;
            }
        }
    }
    let can_enchant: Vec<u8> = (0..c.chits.len())
        .filter(|i| enchantable(c, *i))
        .filter_map(|i| u8::try_from(i).ok())
        .filter(|i| !rec.enchant.contains(i))
        .collect();
    if !rec.enchanting_done && (can_enchant.len() + rec.enchant.len()) > 0 {
        let mut out: Vec<A> = can_enchant
            .into_iter()
            .map(|chit| A::EnchantChit { chit })
            .collect();
        out.push(A::FinishEnchanting);
        return out;
    }
    if rec.start.is_none() {
        return c
            .start
            .iter()
            .map(|s| A::ChooseStart { start: *s })
            .collect();
    }
    if rec.victory.total() < u32::from(VICTORY_POINTS) {
        return VictoryCategory::ALL
            .iter()
            .map(|c| A::AssignVictoryPoint { category: *c })
            .collect();
    }
    vec![A::ConfirmChoices, A::ReviseChoices]
}

/// Records one secret choice; the log entry is for `seat` alone.
pub fn record_secret(state: &mut GameState, seat: Seat, action: &A) -> Result<Events, RuleError> {
    let sheet = state
        .seat_mut(seat)
        .ok_or_else(|| RuleError::internal(format!("no {seat}")))?;
    let rec = &mut sheet.secret;
    let (rule, text, detail) = match action {
        A::RecordSpell { spell } => {
            rec.spells.push(spell.clone());
            (
                "3.3.3",
                format!("You record the spell {}.", spell.0),
                E::SpellRecorded {
                    spell: spell.clone(),
                },
            )
        }
        A::EnchantChit { chit } => {
            rec.enchant.insert(*chit);
            (
                "3.3.4",
                format!("You will enchant chit {}.", chit + 1),
                E::ChitEnchanted { chit: *chit },
            )
        }
        A::FinishEnchanting => {
            rec.enchanting_done = true;
            (
                "3.3.4",
                "You have chosen your enchanted chits.".to_string(),
                E::EnchantingFinished,
            )
        }
        A::ChooseStart { start } => {
            rec.start = Some(*start);
            (
                "3.3.5",
                format!("You will start at the {start:?}."),
                E::StartChosen { start: *start },
            )
        }
        A::AssignVictoryPoint { category } => {
            rec.victory.add(*category);
            (
                "3.3.6",
                format!("You assign a Victory Point to {category:?}."),
                E::VictoryPointAssigned {
                    category: *category,
                },
            )
        }
        A::ReviseChoices => {
            *rec = SecretRecord::default();
            (
                "3.3.7",
                "You clear your choices to make them again.".to_string(),
                E::ChoicesRevised,
            )
        }
        A::ConfirmChoices => {
            rec.done = true;
            (
                "3.3.7",
                "You confirm your choices.".to_string(),
                E::ChoicesConfirmed { seat },
            )
        }
        other => {
            return Err(RuleError::internal(format!(
                "{other:?} is not a secret choice"
            )))
        }
    };
    Ok(vec![Event::private(rule, seat, text, detail)])
}
