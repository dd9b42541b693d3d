//! Summoning at the end of a turn (rule 7.13, seed 000): which face-up chits summon and in
//! what order (Warning chits first, then Sound and Site chits by rising number), one
//! Appearance Chart box per chit, natives summoned by their Dwelling, and row-6 visitors
//! summoned by unhired leaders, sites and Site cards.

use super::who;
use crate::engine::{Event, RuleError};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::chits::MapChitId;
use crate::magic_realm::catalog::denizens::{NativeGroup, NativeRank};
use crate::magic_realm::catalog::setup_card::{BoxContents, Summoner};
use crate::magic_realm::catalog::tiles::{ClearingNumber, TileId};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::state::GameState;

type Events = Vec<Event<E>>;

pub(super) enum ChitInfo {
    Warning,
    Sound { clearing: ClearingNumber },
    Site { clearing: ClearingNumber },
    Other,
}

pub(super) fn chit_info(cat: &Catalog, id: &MapChitId) -> ChitInfo {
    let m = &cat.map_chits;
    if m.warning_chits.iter().any(|c| &c.id == id) {
        ChitInfo::Warning
    } else if let Some(c) = m.sound_chits.iter().find(|c| &c.id == id) {
        ChitInfo::Sound {
            clearing: c.clearing,
        }
    } else if let Some(c) = m.site_chits.iter().find(|c| &c.id == id) {
        ChitInfo::Site {
            clearing: c.clearing,
        }
    } else {
        ChitInfo::Other
    }
}

/// Seed 000: Warning chits summon first, then Sound chits by rising number; Site chits
/// come last, also by number (see docs/rulings.md).
pub(super) fn summoning_order(cat: &Catalog, chits: &[MapChitId]) -> Vec<MapChitId> {
    let mut keyed: Vec<((u8, u8), MapChitId)> = chits
        .iter()
        .map(|id| {
            let key = match chit_info(cat, id) {
                ChitInfo::Warning => (0, 0),
                ChitInfo::Sound { clearing } => (1, clearing.0),
                ChitInfo::Site { clearing } => (2, clearing.0),
                ChitInfo::Other => (3, 0),
            };
            (key, id.clone())
        })
        .collect();
    keyed.sort();
    keyed.into_iter().map(|(_, id)| id).collect()
}

/// 4.4.2b, 7.13: the cards in clearing `here` (lying there, or carried by a character, a
/// native or a monster there) that act as a Warning chit (data `warning`: the Dragon
/// Essence, "Treat like SMOKE chit") and have not summoned today, each with the Warning
/// chit of its kind and of the tile's letter it stands for.
pub(super) fn acting_cards(
    cat: &Catalog,
    state: &GameState,
    here: ClearingRef,
) -> Vec<(PieceId, MapChitId)> {
    let Some(group) = who::tile_group(cat, here) else {
        return Vec::new();
    };
    let places = super::enchanting::places_in(state, here);
    let mut out = Vec::new();
    for place in places {
        for c in state.piles.pile(&place) {
            let PieceId::Treasure { id } = &c.piece else {
                continue;
            };
            let Some(kind) = cat.items.treasure(id).and_then(|t| t.warning) else {
                continue;
            };
            if state.today.cards_summoned.contains(&c.piece) {
                continue;
            }
            if let Some(w) = cat
                .map_chits
                .warning_chits
                .iter()
                .find(|w| w.warning == kind && w.group == group)
            {
                out.push((c.piece.clone(), w.id.clone()));
            }
        }
    }
    out
}

/// Whether `summoner` names this face-up chit in `tile`.
fn names(
    cat: &Catalog,
    state: &GameState,
    summoner: &Summoner,
    chit: &MapChitId,
    tile: TileId,
) -> bool {
    let m = &cat.map_chits;
    match summoner {
        Summoner::Warning {
            warning,
            tile: group,
        } => m
            .warning_chits
            .iter()
            .any(|c| &c.id == chit && c.warning == *warning && c.group == *group),
        Summoner::Sound {
            sound,
            needs_warning,
        } => {
            let is = m
                .sound_chits
                .iter()
                .any(|c| &c.id == chit && c.sound == *sound);
            is && needs_warning.is_none_or(|g| warning_in_tile(cat, state, tile, g))
        }
        Summoner::Site(kind) => m
            .site_chits
            .iter()
            .any(|c| &c.id == chit && c.site == *kind),
        _ => false,
    }
}

/// 7.13: a Warning chit of `group`'s letter lies in the tile.
fn warning_in_tile(
    cat: &Catalog,
    state: &GameState,
    tile: TileId,
    group: crate::magic_realm::catalog::tiles::TileGroup,
) -> bool {
    state
        .piles
        .pile(&Place::Tile { tile })
        .iter()
        .any(|c| match &c.piece {
            PieceId::MapChit { id } => cat
                .map_chits
                .warning_chits
                .iter()
                .any(|w| &w.id == id && w.group == group),
            _ => false,
        })
}

/// One chit summons the first non-empty box among the prowling boxes that list it.
pub(super) fn summon_monsters(
    cat: &Catalog,
    state: &mut GameState,
    chit: &MapChitId,
    here: ClearingRef,
    row: u8,
    events: &mut Events,
) -> Result<Option<ClearingRef>, RuleError> {
    let Some(chart_row) = cat.setup_card.chart.row(row) else {
        return Ok(None);
    };
    let to = match chit_info(cat, chit) {
        ChitInfo::Warning => here,
        ChitInfo::Sound { clearing } | ChitInfo::Site { clearing } => ClearingRef {
            tile: here.tile,
            clearing,
        },
        ChitInfo::Other => return Ok(None),
    };
    for group in &chart_row.groups {
        if !group
            .summoned_by
            .iter()
            .any(|s| names(cat, state, s, chit, here.tile))
        {
            continue;
        }
        for b in &group.boxes {
            if !matches!(b.holds, BoxContents::Monsters(_)) {
                continue;
            }
            let from = Place::ChartBox {
                row,
                number: b.number,
            };
            let pieces: Vec<PieceId> = state
                .piles
                .pile(&from)
                .iter()
                .map(|c| c.piece.clone())
                .collect();
            if pieces.is_empty() {
                continue;
            }
            for p in &pieces {
                state
                    .piles
                    .move_to(p, Place::Clearing { at: to }, Some(Facing::Light));
            }
            events.push(Event::public(
                "7.13",
                format!(
                    "The {} chit summons the monsters of row {row} box {} to {}.",
                    chit.0,
                    b.number,
                    who::name(cat, to)
                ),
                E::MonstersSummoned {
                    chit: chit.clone(),
                    row,
                    box_number: b.number,
                    pieces,
                    to,
                },
            ));
            return Ok(Some(to));
        }
    }
    Ok(None)
}

/// 7.13: a prowling native group appears when the individual ends his turn in the clearing
/// of a Dwelling listed above its box.
pub(super) fn summon_natives(
    cat: &Catalog,
    state: &mut GameState,
    here: ClearingRef,
    row: u8,
    events: &mut Events,
) {
    let Some(chart_row) = cat.setup_card.chart.row(row) else {
        return;
    };
    let pile = state.piles.pile(&Place::Clearing { at: here });
    let dwellings: Vec<_> = pile
        .iter()
        .filter_map(|c| match c.piece {
            PieceId::Dwelling { id } => Some(id),
            _ => None,
        })
        .collect();
    for g in &chart_row.groups {
        let called = g.summoned_by.iter().any(|s| match s {
            Summoner::Dwelling(d) => dwellings.contains(d),
            _ => false,
        });
        if !called {
            continue;
        }
        for b in &g.boxes {
            let BoxContents::Natives(group) = b.holds else {
                continue;
            };
            let from = Place::Natives { group };
            let members: Vec<PieceId> = state
                .piles
                .pile(&from)
                .iter()
                .map(|c| c.piece.clone())
                .collect();
            if members.is_empty() {
                continue;
            }
            for m in &members {
                state
                    .piles
                    .move_to(m, Place::Clearing { at: here }, Some(Facing::Light));
            }
            events.push(Event::public(
                "7.13",
                format!("The {group:?} appear in {}.", who::name(cat, here)),
                E::NativesSummoned { group, to: here },
            ));
        }
    }
}

/// 7.13: on row 6, a visitor/mission chit appears when the individual ends his turn in the
/// clearing of the unhired leader or the site listed above its box.
pub(super) fn summon_visitors(
    cat: &Catalog,
    state: &mut GameState,
    here: ClearingRef,
    events: &mut Events,
) {
    let Some(chart_row) = cat.setup_card.chart.row(6) else {
        return;
    };
    let pile = state.piles.pile(&Place::Clearing { at: here });
    let leaders: Vec<NativeGroup> = pile
        .iter()
        .filter_map(|c| match &c.piece {
            PieceId::Native { id } => cat
                .denizens
                .native(id)
                .filter(|n| n.rank == NativeRank::Leader)
                .filter(|n| !super::hiring::is_hired_native(state, &n.id))
                .map(|n| n.group),
            _ => None,
        })
        .collect();
    let sites: Vec<_> = pile
        .iter()
        .filter_map(|c| match &c.piece {
            PieceId::MapChit { id } => cat
                .map_chits
                .site_chits
                .iter()
                .find(|s| &s.id == id)
                .map(|s| s.site),
            _ => None,
        })
        .collect();
    // 2.3.7: a Site card on the map summons like a site.
    let cards: Vec<_> = pile
        .iter()
        .filter(|c| super::twt::is_site_card(cat, &c.piece))
        .filter_map(|c| match &c.piece {
            PieceId::Treasure { id } => Some(id.clone()),
            _ => None,
        })
        .collect();
    for g in &chart_row.groups {
        let called = g.summoned_by.iter().any(|s| match s {
            Summoner::NativeLeader(group) => leaders.contains(group),
            Summoner::Site(kind) => sites.contains(kind),
            Summoner::SiteCard(card) => cards.contains(card),
            _ => false,
        });
        if !called {
            continue;
        }
        for b in &g.boxes {
            if !matches!(b.holds, BoxContents::VisitorSlot) {
                continue;
            }
            let from = Place::ChartBox {
                row: 6,
                number: b.number,
            };
            let chits: Vec<PieceId> = state
                .piles
                .pile(&from)
                .iter()
                .map(|c| c.piece.clone())
                .collect();
            for p in chits {
                state.piles.move_to(&p, Place::Clearing { at: here }, None);
                events.push(Event::public(
                    "7.13",
                    format!(
                        "A visitor/mission chit appears in {}.",
                        who::name(cat, here)
                    ),
                    E::VisitorAppeared { piece: p, to: here },
                ));
            }
        }
    }
}
