//! The Enchant activity (rule 7.10, with the colour magic of 4.6.1 to 4.6.3 and 6.1.2):
//! the first Enchant phase of the day is meditation; each later one either turns a Magic
//! chit of type I to V into a colour chit, or, supplied with the chit's colour, turns the
//! character's tile over.

use super::who;
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::common::MagicColor;
use crate::magic_realm::catalog::magic::MagicType;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::{ChitStatus, GameState};
use std::collections::BTreeSet;

type Events = Vec<Event<E>>;

/// 7.10: the colour a Magic chit of type I to V becomes, and the colour it needs to
/// enchant a tile.
pub fn colour_of(t: MagicType) -> Option<MagicColor> {
    match t {
        MagicType::I => Some(MagicColor::White),
        MagicType::II => Some(MagicColor::Grey),
        MagicType::III => Some(MagicColor::Gold),
        MagicType::IV => Some(MagicColor::Purple),
        MagicType::V => Some(MagicColor::Black),
        _ => None,
    }
}

/// The chit's type now (4.6.9c: a chit-altering spell may have changed it).
fn chit_type(cat: &Catalog, state: &GameState, seat: Seat, chit: u8) -> Option<MagicType> {
    crate::magic_realm::combat::spells::altering::magic_type(cat, state, seat, chit)
}

/// 4.6.1, 6.1.2: the colour magic supplied in a clearing: the Daily Record's colours on the
/// seventh day of each week,
/// the clearing's own colours when its tile is enchanted side up, and Enchanted cards
/// there, abandoned or carried by a character.
pub fn colours_in(cat: &Catalog, state: &GameState, at: ClearingRef) -> BTreeSet<MagicColor> {
    let mut out = lasting_colours_in(cat, state, at);
    out.extend(seventh_day(cat, state));
    out
}

/// 6.1.2: the colours the seventh day of a week supplies everywhere (none on other days).
pub fn seventh_day(cat: &Catalog, state: &GameState) -> Vec<MagicColor> {
    state
        .step
        .day()
        .map(|day| cat.setup_card.setup.seventh_day_colours(day, state.days))
        .unwrap_or_default()
}

/// 4.6.1: the colour magic an enchanted tile supplies in one of its clearings (and, 4.6.1d,
/// on the roadways into it).
pub fn tile_colours_in(cat: &Catalog, state: &GameState, at: ClearingRef) -> BTreeSet<MagicColor> {
    state
        .map
        .side(at.tile)
        .and_then(|side| cat.tiles.get(at.tile)?.clearing(side, at.clearing).cloned())
        .map(|c| c.magic.into_iter().collect())
        .unwrap_or_default()
}

/// 4.6.1d: the colour magic supplied to a character between clearings: both clearings'
/// enchanted tiles (not the Chapel's or an Enchanted card's), and the seventh day's unless
/// `lasting`.
pub fn colours_on_roadway(
    cat: &Catalog,
    state: &GameState,
    (from, to): (ClearingRef, ClearingRef),
    lasting: bool,
) -> BTreeSet<MagicColor> {
    let mut out = tile_colours_in(cat, state, from);
    out.extend(tile_colours_in(cat, state, to));
    if !lasting {
        out.extend(seventh_day(cat, state));
    }
    out
}

/// 7.3.3, 8.3.8 e.2: the colour magic supplied to a character in the air: every clearing's
/// colours of each enchanted tile he is over (the whole tile), and the seventh day's unless
/// `lasting`.
pub fn colours_over_tiles(
    cat: &Catalog,
    state: &GameState,
    tiles: &[crate::magic_realm::catalog::tiles::TileId],
    lasting: bool,
) -> BTreeSet<MagicColor> {
    let mut out = BTreeSet::new();
    for tile in tiles {
        if let (Some(side), Some(t)) = (state.map.side(*tile), cat.tiles.get(*tile)) {
            for c in t.clearings(side) {
                out.extend(c.magic.iter().copied());
            }
        }
    }
    if !lasting {
        out.extend(seventh_day(cat, state));
    }
    out
}

/// The colour magic supplied to the seat's character where he is: in his clearing, on his
/// roadway (4.6.1d) or in the air (7.3.3); only what the place supplies when `lasting`.
pub fn colours_for(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    lasting: bool,
) -> BTreeSet<MagicColor> {
    if let Some(road) = who::roadway(state, seat) {
        return colours_on_roadway(cat, state, road, lasting);
    }
    if let Some(tiles) = who::aloft(state, seat) {
        return colours_over_tiles(cat, state, &tiles, lasting);
    }
    match who::clearing(state, seat) {
        Some(at) if lasting => lasting_colours_in(cat, state, at),
        Some(at) => colours_in(cat, state, at),
        None => BTreeSet::new(),
    }
}

/// The piles in clearing `at` that hold cards: the clearing's own, each character's
/// belongings there and what each hired leader or controlled monster there carries (4.4.2b:
/// an Enchanted card radiates from whoever carries it).
pub fn places_in(state: &GameState, at: ClearingRef) -> Vec<Place> {
    let here = Place::Clearing { at };
    let mut places = vec![here.clone()];
    for c in state.piles.pile(&here) {
        match &c.piece {
            PieceId::Character { id } => places.push(Place::Belongings {
                character: id.clone(),
            }),
            PieceId::Native { .. } | PieceId::Monster { .. } => places.push(Place::Carried {
                by: c.piece.clone(),
            }),
            _ => {}
        }
    }
    places
}

/// 4.6.1, 8.9: the colour magic supplied in a clearing by its place alone (an enchanted
/// tile, Enchanted cards, the Chapel, a discovered Toadstool Circle), not by the day.
pub fn lasting_colours_in(
    cat: &Catalog,
    state: &GameState,
    at: ClearingRef,
) -> BTreeSet<MagicColor> {
    let mut out = tile_colours_in(cat, state, at);
    let places = places_in(state, at);
    for place in places {
        for c in state.piles.pile(&place) {
            match &c.piece {
                // 4.6.1c: the Toadstool Circle supplies Black magic once discovered.
                PieceId::Treasure { id } if super::twt::supplies_colour(cat, state, &c.piece) => {
                    out.extend(cat.items.treasure(id).and_then(|t| t.color_source));
                }
                // 4.6.1c: the Chapel supplies White magic in its clearing.
                PieceId::Dwelling { id } => {
                    out.extend(cat.map_chits.dwelling(*id).and_then(|d| d.color_source));
                }
                _ => {}
            }
        }
    }
    out
}

/// The Magic chits of type I to V the character has in play (fresh).
fn fresh_enchantable(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<(u8, MagicType)> {
    who::chits(cat, state, seat)
        .filter(|(_, _, st)| *st == ChitStatus::Fresh)
        .filter_map(|(i, _, _)| chit_type(cat, state, seat, i).map(|t| (i, t)))
        .filter(|(_, t)| t.is_enchantable())
        .collect()
}

/// Whether the character has any Magic chit of type I to V (he can record Enchant).
pub fn can_record(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    who::chits(cat, state, seat)
        .any(|(i, _, _)| chit_type(cat, state, seat, i).is_some_and(|t| t.is_enchantable()))
}

/// His colour chit of `colour`, if he has one.
fn colour_chit(cat: &Catalog, state: &GameState, seat: Seat, colour: MagicColor) -> Option<u8> {
    who::chits(cat, state, seat)
        .filter(|(_, _, st)| *st == ChitStatus::Enchanted)
        .find(|(i, _, _)| chit_type(cat, state, seat, *i).and_then(colour_of) == Some(colour))
        .map(|(i, _, _)| i)
}

/// The enchantments open to him. Empty for the meditation phase, or when he has no
/// Magic chit of type I to V in play (the phase is then done as recorded or cancelled).
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    let Some(here) = who::clearing(state, seat) else {
        return Vec::new();
    };
    let mut out = options_supplied(cat, state, seat, &colours_in(cat, state, here));
    if state.today.meditated.contains(&seat) {
        toadstool_options(cat, state, seat, here, &mut out);
    }
    out
}

/// The Toadstool Circle Table's 4: any other tile, by the first of its clearings that is
/// supplied with the chit's colour (or by his colour chit).
fn toadstool_options(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    here: ClearingRef,
    out: &mut Vec<A>,
) {
    if state.today.peer_anywhere.contains(&seat) {
        for (chit, t) in fresh_enchantable(cat, state, seat) {
            let Some(colour) = colour_of(t) else {
                continue;
            };
            let own_chit = colour_chit(cat, state, seat, colour).is_some();
            let mut tiles = Vec::new();
            for at in state.map.clearings(&cat.tiles) {
                if at.tile == here.tile || tiles.contains(&at.tile) {
                    continue;
                }
                if own_chit || colours_in(cat, state, at).contains(&colour) {
                    tiles.push(at.tile);
                    out.push(A::EnchantTileAt { chit, at });
                }
            }
        }
    }
}

/// The enchantments open to him with the colour magic `supplied` (his clearing's, and for
/// a remote Enchant the recorded clearing's too).
pub fn options_supplied(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    supplied: &BTreeSet<MagicColor>,
) -> Vec<A> {
    if !state.today.meditated.contains(&seat) || who::clearing(state, seat).is_none() {
        return Vec::new();
    }
    options_for(cat, state, seat, supplied)
}

/// The enchantments of his Magic chits with the colour magic `supplied` (a meditation
/// already done).
pub fn options_for(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    supplied: &BTreeSet<MagicColor>,
) -> Vec<A> {
    let mut out = Vec::new();
    for (chit, t) in fresh_enchantable(cat, state, seat) {
        out.push(A::Enchant { chit, tile: false });
        let colour = colour_of(t);
        let fed = colour
            .is_some_and(|c| supplied.contains(&c) || colour_chit(cat, state, seat, c).is_some());
        if fed {
            out.push(A::Enchant { chit, tile: true });
        }
    }
    out
}

/// The meditation phase, or a phase with no chit to enchant with (a `Proceed`).
pub fn proceed(cat: &Catalog, state: &mut GameState, seat: Seat, events: &mut Events) {
    let name = who::who(cat, state, seat);
    if state.today.meditated.insert(seat) {
        events.push(Event::public(
            "7.10",
            format!("{name} meditates (the first Enchant phase of the day)."),
            E::Meditated { seat },
        ));
    } else {
        events.push(Event::public(
            "7.10",
            format!(
                "{name} has no Magic chit of type I to V in play: the Enchant phase is cancelled."
            ),
            E::PhaseCancelled {
                seat,
                reason: "no active Magic chit of type I to V (7.10)".into(),
            },
        ));
    }
}

/// Does one enchantment (a legal `Enchant`).
pub fn enchant(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    chit: u8,
    tile: bool,
    events: &mut Events,
) -> Result<(), RuleError> {
    enchant_in(cat, state, seat, chit, tile, None, events)
}

/// The Toadstool Circle Table's 4: enchants the tile of another clearing `at`, fed by the
/// colour magic supplied there (or a colour chit of his).
pub fn enchant_tile_at(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    chit: u8,
    at: ClearingRef,
    events: &mut Events,
) -> Result<(), RuleError> {
    if !state.today.peer_anywhere.contains(&seat) {
        return Err(RuleError::illegal("he can enchant only his own tile"));
    }
    let supplied = colours_in(cat, state, at);
    enchant_at(cat, state, seat, chit, true, Some(at), &supplied, events)
}

/// Does one enchantment; for a remote Enchant (`remote`), as if in that clearing: the
/// tile turned is the one holding it, and its colour magic serves as well as his own
/// clearing's.
pub fn enchant_in(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    chit: u8,
    tile: bool,
    remote: Option<ClearingRef>,
    events: &mut Events,
) -> Result<(), RuleError> {
    let here = remote.or(who::clearing(state, seat));
    let mut supplied = who::clearing(state, seat)
        .map(|c| colours_in(cat, state, c))
        .unwrap_or_default();
    if let Some(at) = remote {
        supplied.extend(colours_in(cat, state, at));
    }
    enchant_at(cat, state, seat, chit, tile, here, &supplied, events)
}

/// Does one enchantment of the seat's Magic chit: into colour, or (`tile`) turning the
/// tile of clearing `here` (there must be one), fed by the colour magic `supplied` or a
/// colour chit of his.
#[allow(clippy::too_many_arguments)]
pub fn enchant_at(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    chit: u8,
    tile: bool,
    here: Option<ClearingRef>,
    supplied: &BTreeSet<MagicColor>,
    events: &mut Events,
) -> Result<(), RuleError> {
    let name = who::who(cat, state, seat);
    let t = chit_type(cat, state, seat, chit)
        .ok_or_else(|| RuleError::illegal(format!("chit {chit} is not a Magic chit")))?;
    let colour = colour_of(t)
        .ok_or_else(|| RuleError::illegal("only Magic chits of type I to V enchant"))?;
    if !tile {
        who::set_chit(state, seat, chit, ChitStatus::Enchanted);
        events.push(Event::public(
            "7.10",
            format!("{name} enchants a Type {t:?} Magic chit into {colour:?} magic."),
            E::ChitEnchantedToColour { seat, chit, colour },
        ));
        return Ok(());
    }
    let here = here.ok_or_else(|| RuleError::illegal("no clearing whose tile to enchant"))?;
    if !supplied.contains(&colour) {
        let used = colour_chit(cat, state, seat, colour).ok_or_else(|| {
            RuleError::illegal(format!("no {colour:?} magic to enchant the tile"))
        })?;
        who::set_chit(state, seat, used, ChitStatus::Fatigued);
        events.push(Event::public(
            "7.10",
            format!("{name} uses a {colour:?} colour chit: it fatigues."),
            E::ColourChitUsed {
                seat,
                chit: used,
                colour,
            },
        ));
    }
    state
        .map
        .flip(here.tile)
        .map_err(|e| RuleError::internal(format!("{e}")))?;
    let side = state.map.side(here.tile);
    events.push(Event::public(
        "7.10",
        format!(
            "{name} enchants the tile: {} turns over ({side:?} side up); every piece stays in its numbered clearing.",
            cat.tiles.get(here.tile).map_or("the tile", |t| t.name.as_str())
        ),
        E::TileTurned {
            tile: here.tile,
            side: side.ok_or_else(|| RuleError::internal("the tile left the map"))?,
        },
    ));
    Ok(())
}
