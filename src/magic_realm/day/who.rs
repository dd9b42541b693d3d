//! Facts about a character the day's rules keep asking (rules 4.2, 4.3, 7.3.1): where he
//! is, his card, which chits are in play, what he carries and what it weighs.

use crate::engine::{RuleError, Seat};
use crate::magic_realm::catalog::characters::{Character, SpecialAdvantage};
use crate::magic_realm::catalog::common::Size;
use crate::magic_realm::catalog::tiles::{ClearingKind, TileGroup};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::{ChitStatus, Fate, GameState};

/// The seat's character card.
pub fn card<'a>(cat: &'a Catalog, state: &GameState, seat: Seat) -> Option<&'a Character> {
    state
        .seat(seat)
        .and_then(|s| s.character.as_ref())
        .and_then(|c| cat.characters.get(c))
}

/// The seat's character counter.
pub fn counter(state: &GameState, seat: Seat) -> Option<PieceId> {
    state
        .seat(seat)
        .and_then(|s| s.character.clone())
        .map(|id| PieceId::Character { id })
}

/// The clearing the seat's character is in (none while off the map).
pub fn clearing(state: &GameState, seat: Seat) -> Option<ClearingRef> {
    let piece = counter(state, seat)?;
    match state.piles.place_of(&piece)? {
        Place::Clearing { at } => Some(*at),
        _ => None,
    }
}

/// 8.3.8: the roadway the seat's character ran onto (the clearing he ran out of, the
/// clearing it leads to), while he is between clearings.
pub fn roadway(state: &GameState, seat: Seat) -> Option<(ClearingRef, ClearingRef)> {
    let piece = counter(state, seat)?;
    match state.piles.place_of(&piece)? {
        Place::Roadway { from, to } => Some((*from, *to)),
        _ => None,
    }
}

/// 7.3.3, 8.3.8 e.2: the tiles a flying character is over: the one he flies over, or the
/// two he flew away between (the tile he left first).
pub fn aloft(
    state: &GameState,
    seat: Seat,
) -> Option<Vec<crate::magic_realm::catalog::tiles::TileId>> {
    let piece = counter(state, seat)?;
    match state.piles.place_of(&piece)? {
        Place::Flying { tile } => Some(vec![*tile]),
        Place::FlownAway { from, to } => Some(vec![*from, *to]),
        _ => None,
    }
}

/// Whether the character is off the clearings (on a roadway or flying): he cannot block or
/// be blocked, trade, rearrange or play colour chits there (7.2, 7.3.3, 8.3.8).
pub fn between_clearings(state: &GameState, seat: Seat) -> bool {
    roadway(state, seat).is_some() || aloft(state, seat).is_some()
}

/// Like [`clearing`], as an error when the character is not on the map.
pub fn clearing_or_err(state: &GameState, seat: Seat) -> Result<ClearingRef, RuleError> {
    clearing(state, seat).ok_or_else(|| {
        RuleError::internal(format!("seat {} has no character on the map", seat.0 + 1))
    })
}

/// Whether the seat's character is alive and on the map (in a clearing, or between
/// clearings on a roadway he ran onto, 8.3.8, or in the air, 7.3.3).
pub fn playing(state: &GameState, seat: Seat) -> bool {
    state.seat(seat).is_some_and(|s| s.fate == Fate::Playing)
        && (clearing(state, seat).is_some() || between_clearings(state, seat))
}

pub fn has(cat: &Catalog, state: &GameState, seat: Seat, adv: SpecialAdvantage) -> bool {
    card(cat, state, seat).is_some_and(|c| c.advantages.iter().any(|a| a.advantage == adv))
}

pub fn clearing_kind(cat: &Catalog, state: &GameState, c: ClearingRef) -> Option<ClearingKind> {
    state.map.clearing_kind(&cat.tiles, c)
}

pub fn is_cave(cat: &Catalog, state: &GameState, c: ClearingRef) -> bool {
    clearing_kind(cat, state, c) == Some(ClearingKind::Cave)
}

pub fn tile_group(cat: &Catalog, c: ClearingRef) -> Option<TileGroup> {
    cat.tiles.get(c.tile).map(|t| t.group)
}

/// The character's action chits with their status (card order), as they are used now:
/// a Magic chit Unleash Power transforms is a Move/Fight chit while the spell lasts.
pub fn chits<'a>(
    cat: &'a Catalog,
    state: &'a GameState,
    seat: Seat,
) -> impl Iterator<
    Item = (
        u8,
        crate::magic_realm::catalog::characters::ActionChit,
        ChitStatus,
    ),
> + 'a {
    let card = card(cat, state, seat);
    let statuses = state.seat(seat).map(|s| s.chits.as_slice()).unwrap_or(&[]);
    card.into_iter().flat_map(move |c| {
        c.chits
            .iter()
            .zip(statuses.iter())
            .enumerate()
            .filter_map(move |(i, (chit, st))| {
                let i = u8::try_from(i).ok()?;
                let now = crate::magic_realm::combat::spells::unleash::as_used(
                    cat, state, seat, i, *chit,
                );
                Some((i, now, *st))
            })
    })
}

/// Turns one of the seat's action chits to `status` (no effect on a chit he lacks).
pub fn set_chit(state: &mut GameState, seat: Seat, chit: u8, status: ChitStatus) {
    if let Some(slot) = state
        .seat_mut(seat)
        .and_then(|s| s.chits.get_mut(usize::from(chit)))
    {
        *slot = status;
    }
}

/// 7.8, 9.1.1: every chit is fatigued or wounded (none fresh or enchanted in play).
pub fn exhausted(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    !chits(cat, state, seat)
        .any(|(_, _, st)| matches!(st, ChitStatus::Fresh | ChitStatus::Enchanted))
}

/// 7.3.1: the heaviest weight the character can carry as he moves: his strongest Move
/// chit in play; with none, only Negligible items.
pub fn carry_strength(cat: &Catalog, state: &GameState, seat: Seat) -> Size {
    chits(cat, state, seat)
        .filter(|(_, _, st)| *st == ChitStatus::Fresh)
        .filter_map(|(_, chit, _)| chit.kind.move_strength())
        .max()
        .unwrap_or(Size::Negligible)
}

/// The weight of an item that has to be carried (weapons, armor, Treasure cards); horses
/// move by themselves (7.3.1).
pub fn weight(cat: &Catalog, piece: &PieceId) -> Option<Size> {
    match piece {
        PieceId::Weapon { id, .. } => cat.items.weapon(id).map(|w| w.weight),
        PieceId::Armor { id, .. } => cat.items.armor_piece(id).map(|a| a.weight),
        PieceId::Treasure { id } => cat.items.treasure(id).map(|t| t.weight),
        _ => None,
    }
}

/// The seat's belongings pile.
pub fn belongings_place(state: &GameState, seat: Seat) -> Option<Place> {
    state
        .seat(seat)
        .and_then(|s| s.character.clone())
        .map(|character| Place::Belongings { character })
}

/// Seat whose character is `piece`, if it is a character counter.
pub fn seat_of_counter(state: &GameState, piece: &PieceId) -> Option<Seat> {
    match piece {
        PieceId::Character { id } => state.seat_of(id),
        _ => None,
    }
}

/// A clearing's name for the log, e.g. "Cavern 2".
pub fn name(cat: &Catalog, c: ClearingRef) -> String {
    let tile = cat
        .tiles
        .get(c.tile)
        .map_or_else(|| format!("{:?}", c.tile), |t| t.name.clone());
    format!("{tile} {}", c.clearing.0)
}

/// The seat's character name for the log.
pub fn who(cat: &Catalog, state: &GameState, seat: Seat) -> String {
    card(cat, state, seat).map_or_else(|| format!("Seat {}", seat.0 + 1), |c| c.name.clone())
}
