//! The Search activity (rule 7.5): Peer (from a mountain into nearby woods and mountain
//! clearings too; not in or into a tile under Fog), Locate, Loot and Reading Runes
//! ([`super::runes`]), Magic Sight ([`super::magic_sight`]), with the tables' Choice rows, Clues, Paths, Passages, Hidden enemies
//! and Discover chits.

use super::who;
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E, SearchChoice};
use crate::magic_realm::catalog::chits::MapChitId;
use crate::magic_realm::catalog::setup_card::SetupBox;
use crate::magic_realm::catalog::tables::{
    LocateResult, MagicSightResult, PeerResult, SearchEffect, SearchPick, TableId,
};
use crate::magic_realm::catalog::tiles::{ClearingKind, PathKind};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{Facing, PieceId, PieceKind, Place};
use crate::magic_realm::state::{GameState, Pending};

type Events = Vec<Event<E>>;

/// The searches the seat can make in his clearing now.
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    let Some(here) = who::clearing(state, seat) else {
        return Vec::new();
    };
    // 7.5: Magic Sight (Disembodied, World Fades, the Phantom Glass): the Magic Sight
    // table, and a Site card's own table, only.
    if super::magic_sight::uses_magic_sight(cat, state, seat) {
        let mut out = super::twt::options(cat, state, seat, here);
        out.push(A::Search {
            search: SearchChoice::MagicSight,
        });
        return out;
    }
    let mut out: Vec<A> = peer_targets(cat, state, here)
        .into_iter()
        .map(|at| A::Search {
            search: SearchChoice::Peer { at },
        })
        .collect();
    // 6.2.1b: Enhanced Peer (the Crystal Ball): the Peer table in any clearing.
    // The Toadstool Circle Table's 4: the same for the rest of the day.
    if super::treasure_phases::peers_anywhere(cat, state, seat)
        || state.today.peer_anywhere.contains(&seat)
    {
        for c in state.map.clearings(&cat.tiles) {
            let peer = A::Search {
                search: SearchChoice::Peer { at: c },
            };
            if !out.contains(&peer) {
                out.push(peer);
            }
        }
    }
    // Fog: nobody in a fogged tile uses the Peer table, nor peers into one.
    out.retain(|a| match a {
        A::Search {
            search: SearchChoice::Peer { at },
        } => !fogged(cat, state, seat, *at),
        _ => true,
    });
    out.push(A::Search {
        search: SearchChoice::Locate,
    });
    let sites = discovered_sites_here(cat, state, seat, here);
    for site in sites
        .iter()
        .filter(|s| super::looting::can_loot(cat, state, seat, s))
    {
        out.push(A::Search {
            search: SearchChoice::LootSite { site: site.clone() },
        });
    }
    out.extend(super::twt::options(cat, state, seat, here));
    if !abandoned_items(cat, state, here).is_empty() {
        out.push(A::Search {
            search: SearchChoice::LootPile,
        });
    }
    out.extend(super::runes::options(cat, state, seat, &sites));
    out
}

/// 7.5.1: where a searcher in `here` may Peer: his clearing, and from a mountain any
/// woods or mountain clearing of this tile or an adjacent one.
pub(super) fn peer_targets(
    cat: &Catalog,
    state: &GameState,
    here: ClearingRef,
) -> Vec<ClearingRef> {
    let mut out = vec![here];
    if who::clearing_kind(cat, state, here) == Some(ClearingKind::Mountain) {
        let mut tiles = vec![here.tile];
        tiles.extend(state.map.adjacent_tiles(here.tile));
        for c in state.map.clearings(&cat.tiles) {
            if c != here
                && tiles.contains(&c.tile)
                && who::clearing_kind(cat, state, c) != Some(ClearingKind::Cave)
            {
                out.push(c);
            }
        }
    }
    out
}

/// Fog: whether a working Fog bewitches the tile (nobody in it uses the Peer table, nor
/// peers into it).
pub(super) fn fog_on(
    cat: &Catalog,
    state: &GameState,
    tile: crate::magic_realm::catalog::tiles::TileId,
) -> bool {
    use crate::magic_realm::combat::spells::{places, SpellEffect};
    places::on_tile(cat, state, tile, SpellEffect::Fog).is_some()
}

/// Fog: whether the seat cannot use the Peer table to search `at`: he or `at` is in a tile
/// a working Fog bewitches (a character turned into mist is not affected).
pub fn fogged(cat: &Catalog, state: &GameState, seat: Seat, at: ClearingRef) -> bool {
    use crate::magic_realm::combat::spells::{mist, places, SpellEffect};
    let foggy = |tile| places::on_tile(cat, state, tile, SpellEffect::Fog).is_some();
    let here = who::clearing(state, seat).map(|c| c.tile);
    (here.is_some_and(foggy) || foggy(at.tile)) && !mist::misted_seat(cat, state, seat)
}

/// Site chits in this clearing (face up in it, or still face down in the tile) that the
/// seat has discovered.
pub(super) fn discovered_sites_here(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    here: ClearingRef,
) -> Vec<MapChitId> {
    let found = state
        .seat(seat)
        .map(|s| s.discoveries.chits.clone())
        .unwrap_or_default();
    sites_in(cat, state, here)
        .into_iter()
        .filter(|id| found.contains(id))
        .collect()
}

/// Every Site chit whose clearing is `at`, wherever in the tile it lies.
pub(super) fn sites_in(cat: &Catalog, state: &GameState, at: ClearingRef) -> Vec<MapChitId> {
    let mut out = Vec::new();
    for place in [Place::Tile { tile: at.tile }, Place::Clearing { at }] {
        for c in state.piles.pile(&place) {
            if let PieceId::MapChit { id } = &c.piece {
                if cat
                    .map_chits
                    .site_chits
                    .iter()
                    .any(|s| &s.id == id && s.clearing == at.clearing)
                {
                    out.push(id.clone());
                }
            }
        }
    }
    out
}

/// 4.3.4: the abandoned belongings lying in a clearing, bottom to top (not the Site
/// cards placed there, 2.3.7).
pub fn abandoned_items(cat: &Catalog, state: &GameState, at: ClearingRef) -> Vec<PieceId> {
    state
        .piles
        .pile(&Place::Clearing { at })
        .iter()
        .filter(|c| {
            matches!(
                c.piece.kind(),
                PieceKind::Weapon | PieceKind::Armor | PieceKind::Treasure | PieceKind::Horse
            ) && !super::twt::is_site_card(cat, &c.piece)
        })
        .map(|c| c.piece.clone())
        .collect()
}

fn table_of(search: &SearchChoice) -> TableId {
    match search {
        SearchChoice::Peer { .. } => TableId::Peer,
        SearchChoice::Locate => TableId::Locate,
        SearchChoice::LootSite { .. }
        | SearchChoice::LootPile
        | SearchChoice::LootCard { .. }
        | SearchChoice::OpenChest { .. } => TableId::Loot,
        SearchChoice::ReadRunesSite { .. } | SearchChoice::ReadRunesItem { .. } => {
            TableId::ReadingRunes
        }
        SearchChoice::MagicSight => TableId::MagicSight,
    }
}

pub fn do_search(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    search: &SearchChoice,
    events: &mut Events,
) -> Result<(), RuleError> {
    let here = who::clearing_or_err(state, seat)?;
    match search {
        SearchChoice::LootCard { card } => {
            return super::twt::loot_card(cat, state, seat, card, events)
        }
        SearchChoice::OpenChest { chest } => {
            return super::twt::open_chest(cat, state, seat, chest, events)
        }
        _ => {}
    }
    if let SearchChoice::LootSite { site } = search {
        super::looting::before(cat, state, seat, site, events)?;
    }
    let table = table_of(search);
    let mods = super::rolls::mods(cat, state, seat, super::rolls::RollFor::Table(table));
    let roll = state.dice.roll(table_name(table), mods.dice());
    let n = mods.result(&roll);
    let name = who::who(cat, state, seat);
    let at = match search {
        SearchChoice::Peer { at } => *at,
        _ => here,
    };
    events.push(Event::roll(
        "7.5",
        &roll,
        format!(
            "{name} searches {} on the {} table",
            who::name(cat, at),
            table_name(table)
        ),
        E::Searched {
            seat,
            table,
            roll: n,
            at,
        },
    ));
    match search {
        SearchChoice::LootSite { site } => {
            let kind = cat
                .map_chits
                .site_chits
                .iter()
                .find(|s| &s.id == site)
                .map(|s| s.site)
                .ok_or_else(|| RuleError::illegal(format!("{} is not a site", site.0)))?;
            let from = Place::SetupBox {
                target: SetupBox::Site(kind),
            };
            // 8.3.9c: the Spell cards of a treasure site cannot be taken, only learned.
            let pile: Vec<PieceId> = state
                .piles
                .pile(&from)
                .iter()
                .filter(|c| c.piece.kind() != PieceKind::Spell)
                .map(|c| c.piece.clone())
                .collect();
            if loot(cat, state, seat, n, &pile, Some(site), events)? {
                super::looting::after_item(cat, state, seat, site, events)?;
            }
            super::spying::looted_site(cat, state, seat, site, events);
            super::spying::show_site(cat, state, site, "7.5", events);
            Ok(())
        }
        SearchChoice::LootPile => {
            let pile = abandoned_items(cat, state, here);
            loot(cat, state, seat, n, &pile, None, events).map(|_| ())
        }
        SearchChoice::ReadRunesSite { .. } | SearchChoice::ReadRunesItem { .. } => {
            super::runes::read(cat, state, seat, search, n, events)
        }
        _ => resolve(cat, state, seat, table, n, at, events),
    }
}

pub(super) fn table_name(t: TableId) -> &'static str {
    match t {
        TableId::Peer => "peer",
        TableId::Locate => "locate",
        TableId::Loot => "loot",
        TableId::ReadingRunes => "reading_runes",
        TableId::MagicSight => "magic_sight",
        _ => "search",
    }
}

/// A Peer or Locate row: a Choice waits for the seat's pick; other rows take effect.
fn resolve(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    table: TableId,
    n: u8,
    at: ClearingRef,
    events: &mut Events,
) -> Result<(), RuleError> {
    let (choice, effects): (Option<Vec<SearchPick>>, Vec<SearchEffect>) = match table {
        TableId::Peer => match cat.tables.peer(n) {
            Some(PeerResult::Choice(p)) => (Some(p.clone()), Vec::new()),
            Some(r) => (None, r.effects().to_vec()),
            None => (None, Vec::new()),
        },
        TableId::Locate => match cat.tables.locate(n) {
            Some(LocateResult::Choice(p)) => (Some(p.clone()), Vec::new()),
            Some(r) => (None, r.effects().to_vec()),
            None => (None, Vec::new()),
        },
        TableId::MagicSight => match cat.tables.magic_sight(n) {
            Some(MagicSightResult::Choice(p)) => (Some(p.clone()), Vec::new()),
            Some(MagicSightResult::DiscoverChits) => (None, vec![SearchEffect::DiscoverChits]),
            Some(
                r @ (MagicSightResult::Counters
                | MagicSightResult::TreasureCards
                | MagicSightResult::PerceiveSpell),
            ) => {
                let r = r.clone();
                super::magic_sight::row(cat, state, seat, &r, at, events)?;
                return Ok(());
            }
            Some(MagicSightResult::Nothing) | None => (None, Vec::new()),
        },
        _ => (None, Vec::new()),
    };
    if let Some(picks) = choice {
        let picks: Vec<SearchPick> = picks
            .into_iter()
            .filter(|p| matches!(p.table, TableId::Peer | TableId::Locate))
            .collect();
        if !picks.is_empty() {
            events.push(Event::public(
                "7.5",
                "Choice: the searcher picks one of the table's results.",
                E::SearchChoiceOffered { seat },
            ));
            state.today.pending = Some(Pending::SearchChoice { picks, at });
            return Ok(());
        }
    }
    if effects.is_empty() {
        events.push(Event::public(
            "7.5",
            "The search finds nothing.",
            E::FoundNothing { seat },
        ));
    }
    for e in effects {
        apply_effect(cat, state, seat, e, at, events);
    }
    Ok(())
}

/// The seat picks a row of a Choice result (7.5).
pub fn apply_pick(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    pick: SearchPick,
    events: &mut Events,
) -> Result<(), RuleError> {
    let at = match &state.today.pending {
        Some(Pending::SearchChoice { at, .. }) => *at,
        _ => who::clearing_or_err(state, seat)?,
    };
    state.today.pending = None;
    events.push(Event::public(
        "7.5",
        format!("The searcher picks {:?} {}.", pick.table, pick.roll),
        E::SearchPicked { seat, pick },
    ));
    resolve(cat, state, seat, pick.table, pick.roll, at, events)
}

pub(super) fn apply_effect(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    effect: SearchEffect,
    at: ClearingRef,
    events: &mut Events,
) {
    match effect {
        SearchEffect::Clues => {
            let seen = face_down_chits(state, at.tile);
            if let Some(s) = state.seat_mut(seat) {
                s.known.extend(seen.iter().cloned());
            }
            events.push(Event::private(
                "7.5.1",
                seat,
                format!(
                    "Clues: you look secretly at {} map chit(s) in the tile.",
                    seen.len()
                ),
                E::CluesSeen { pieces: seen },
            ));
        }
        SearchEffect::Paths | SearchEffect::Passages => {
            let (kind, found) = roadways_found(cat, state, at, effect);
            if let Some(s) = state.seat_mut(seat) {
                s.discoveries.paths.extend(found.iter().cloned());
            }
            events.push(Event::private(
                "7.5.1",
                seat,
                format!("You discover {} {kind:?} roadway(s).", found.len()),
                E::PathsDiscovered { paths: found },
            ));
        }
        SearchEffect::HiddenEnemies => {
            state.today.found_enemies.insert(seat);
            events.push(Event::public(
                "7.5.1",
                "Hidden enemies found: the searcher can spy on and block hidden individuals until Midnight.",
                E::HiddenEnemiesFound { seat },
            ));
        }
        SearchEffect::DiscoverChits => {
            let sites = sites_in(cat, state, at);
            if let Some(s) = state.seat_mut(seat) {
                s.discoveries.chits.extend(sites.iter().cloned());
            }
            events.push(Event::private(
                "7.5.1",
                seat,
                format!("You discover {} treasure site(s) here.", sites.len()),
                E::ChitsDiscovered { chits: sites },
            ));
        }
    }
}

/// 7.5.1 Clues: the face-down map chits of the tile, in its woods and clearings.
pub(super) fn face_down_chits(
    state: &GameState,
    tile: crate::magic_realm::catalog::tiles::TileId,
) -> Vec<PieceId> {
    state
        .piles
        .iter()
        .filter(|(p, _)| match p {
            Place::Tile { tile: t } => *t == tile,
            Place::Clearing { at } => at.tile == tile,
            _ => false,
        })
        .flat_map(|(_, pile)| pile.iter())
        .filter(|c| c.facing == Facing::Down && c.piece.kind() == PieceKind::MapChit)
        .map(|c| c.piece.clone())
        .collect()
}

/// 7.5.1 Paths or Passages: the kind of roadway the result discovers, and those of that
/// kind leaving `at`.
pub(super) fn roadways_found(
    cat: &Catalog,
    state: &GameState,
    at: ClearingRef,
    effect: SearchEffect,
) -> (PathKind, Vec<crate::magic_realm::map::PathRef>) {
    let kind = if effect == SearchEffect::Paths {
        PathKind::HiddenPath
    } else {
        PathKind::SecretPassage
    };
    let found = state
        .map
        .routes(&cat.tiles, at)
        .into_iter()
        .filter(|r| r.kind == kind)
        .flat_map(|r| r.via)
        .collect();
    (kind, found)
}

/// 7.5: Loot takes the item `n` places from the top of the pile, if there is one (true
/// when it does).
fn loot(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    n: u8,
    pile: &[PieceId],
    site: Option<&MapChitId>,
    events: &mut Events,
) -> Result<bool, RuleError> {
    let name = who::who(cat, state, seat);
    let index = pile.len().checked_sub(usize::from(n));
    let Some(piece) = index.and_then(|i| pile.get(i)).cloned() else {
        events.push(Event::public(
            "7.5",
            format!("{name} finds nothing: the pile has fewer than {n} items."),
            E::FoundNothing { seat },
        ));
        return Ok(false);
    };
    take(cat, state, seat, &piece, site, events)?;
    Ok(true)
}

/// 7.5: the seat takes `piece` into his belongings (found at `site`, if a treasure site):
/// secretly, unless it is a TWT card that must be shown at once ([`super::twt::drawn`]).
pub fn take(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    piece: &PieceId,
    site: Option<&MapChitId>,
    events: &mut Events,
) -> Result<(), RuleError> {
    let name = who::who(cat, state, seat);
    let place = who::belongings_place(state, seat)
        .ok_or_else(|| RuleError::internal("a looting seat has no character"))?;
    state.piles.move_to(piece, place, None);
    if let Some(s) = state.seat_mut(seat) {
        s.known.insert(piece.clone());
    }
    events.push(Event::public(
        "7.5",
        format!("{name} takes an item ({:?}).", piece.kind()),
        E::Looted {
            seat,
            kind: piece.kind(),
        },
    ));
    events.push(Event::private(
        "7.5",
        seat,
        format!("You take {piece}."),
        E::LootedPiece {
            piece: piece.clone(),
        },
    ));
    if super::twt::drawn(cat, state, seat, piece, site, events)? {
        return Ok(());
    }
    let activation = super::belongings::obtained(cat, state, seat, piece);
    events.extend(activation);
    Ok(())
}
