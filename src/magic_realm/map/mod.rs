//! The map (rules 2.1.1, 3.2, 3.6.2, 7.3.1, 7.5.1, 7.10): the 20 tiles laid on a hex grid, and the
//! roadways that join their clearings.
//!
//! - `grid`: [`Hex`], drawing coordinates, and how a rotation turns a tile's edges.
//! - `build`: whether a map obeys 3.2 ([`RealmMap::validate`]) and building one at random the
//!   way the players do ([`RealmMap::random`]).
//! - `routes`: roadways between clearings, with discoveries (7.5.1), and the routes to the
//!   Borderland that 3.2.3b and 3.6.2 ask for.
//!
//! # Roads across tile edges
//!
//! A road that runs off a tile joins the road of the neighbouring tile at that edge (3.2.3b
//! makes road edges meet road edges). A [`Route`] across the edge names both halves in
//! `via`, the half on the tile being left first. In the 3.1 tile data every roadway that
//! leaves by an edge is an open road, on both sides of every tile, so such a route is an
//! open road. Should the data ever hold another kind at an edge, a crossing route takes the
//! kind of its most concealed half: secret passage, then hidden path, then tunnel, then
//! open road. Either way [`RealmMap::moves`] checks each half in `via` for discovery on its own.
//!
//! # Discoveries
//!
//! A hidden path or secret passage is discovered as a whole roadway (7.5.1), named by a
//! [`PathRef`]: tile, side, and its two ends as the tile data gives them. The side is part
//! of the name because rules 2.6.2 (the Discoveries list) and 7.10 treat the roadways on the
//! two sides of a tile as different roadways: "Borderland (green) 4-5" is not
//! "Borderland (enchanted) 4-5".
//!
//! # Turning tiles over
//!
//! [`RealmMap::set_side`] and [`RealmMap::flip`] keep the tile in its hex and rotation. The tile data
//! guarantees (and `catalog::tiles::validate` checks) that both sides of a tile have roads
//! at the same edges, so a map whose edges matched still matches; what changes is which
//! clearing each road edge serves and the roadways inside the tile.

mod board;
mod build;
mod error;
mod grid;
mod routes;

pub use error::MapError;
pub use grid::Hex;

use crate::magic_realm::catalog::parse_json;
use crate::magic_realm::catalog::tiles::{
    ClearingNumber, Edge, PathEnd, PathKind, TileId, TileSide, Tiles,
};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

const DEFAULT_MAP_FILE: &str = "default_map.json";
const DEFAULT_MAP_JSON: &str = include_str!("../data/default_map.json");

/// One tile on the map: where it lies, how far it is turned, and which side is up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct PlacedTile {
    pub tile: TileId,
    pub at: Hex,
    /// Sixths of a turn clockwise, 0 to 5.
    pub rotation: u8,
    pub side: TileSide,
}

impl PlacedTile {
    /// The map edge along which this tile's own edge `own` lies.
    pub fn map_edge(&self, own: Edge) -> Edge {
        grid::to_map(own, self.rotation)
    }

    /// This tile's own edge lying along the map edge `edge`.
    pub fn own_edge(&self, edge: Edge) -> Edge {
        grid::to_tile(edge, self.rotation)
    }
}

/// A clearing on the map. JSON: `{"tile":"borderland","clearing":4}`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(deny_unknown_fields)]
pub struct ClearingRef {
    pub tile: TileId,
    pub clearing: ClearingNumber,
}

impl ClearingRef {
    pub fn new(tile: TileId, clearing: u8) -> ClearingRef {
        ClearingRef {
            tile,
            clearing: ClearingNumber(clearing),
        }
    }
}

/// One roadway printed on one side of a tile, as its data names it (the unit of discovery
/// for hidden paths and secret passages, 7.5.1). `from` is the roadway's lower-numbered
/// clearing; `to` its other clearing, or the (tile-frame) edge it leaves by.
/// JSON: `{"tile":"borderland","side":"normal","from":4,"to":{"clearing":5}}`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(deny_unknown_fields)]
pub struct PathRef {
    pub tile: TileId,
    pub side: TileSide,
    pub from: ClearingNumber,
    pub to: PathEnd,
}

/// One step along roadways from a clearing to a neighbouring clearing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Route {
    pub to: ClearingRef,
    pub kind: PathKind,
    /// The roadways followed: one inside a tile, two when the road crosses a tile edge (the
    /// half on the tile being left first).
    pub via: Vec<PathRef>,
}

/// The map: the 20 tiles placed (`RealmMap`, as `Map` is a JavaScript builtin). JSON: `{"tiles":[PlacedTile...]}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct RealmMap {
    tiles: Vec<PlacedTile>,
}

impl RealmMap {
    /// A map of these tiles, unchecked (see [`RealmMap::validate`]).
    pub fn new(placed: Vec<PlacedTile>) -> RealmMap {
        RealmMap { tiles: placed }
    }

    /// The placed tiles; on a built map, in the order they were played.
    pub fn tiles(&self) -> &[PlacedTile] {
        &self.tiles
    }

    pub fn placed(&self, tile: TileId) -> Option<&PlacedTile> {
        self.tiles.iter().find(|p| p.tile == tile)
    }

    pub fn tile_at(&self, hex: Hex) -> Option<&PlacedTile> {
        self.tiles.iter().find(|p| p.at == hex)
    }

    pub fn side(&self, tile: TileId) -> Option<TileSide> {
        self.placed(tile).map(|p| p.side)
    }

    /// Turns the tile to `side` (enchanting it, 7.10, or its turning back). Its hex and
    /// rotation stay; road edges are the same on both sides, so edges still match.
    pub fn set_side(&mut self, tile: TileId, side: TileSide) -> Result<(), MapError> {
        let placed = self
            .tiles
            .iter_mut()
            .find(|p| p.tile == tile)
            .ok_or(MapError::NotOnMap(tile))?;
        placed.side = side;
        Ok(())
    }

    /// Turns the tile over.
    pub fn flip(&mut self, tile: TileId) -> Result<(), MapError> {
        let side = self.side(tile).ok_or(MapError::NotOnMap(tile))?;
        self.set_side(tile, side.flipped())
    }

    /// A fixed legal map, stored in `data/default_map.json` (a serialized [`RealmMap`]; it was
    /// built by [`RealmMap::random`] and chosen for being compact).
    pub fn default_map(tiles: &Tiles) -> Result<RealmMap, MapError> {
        let map: RealmMap =
            parse_json(DEFAULT_MAP_FILE, DEFAULT_MAP_JSON).map_err(MapError::Data)?;
        map.validate(tiles)?;
        Ok(map)
    }

    /// The tiles whose hexes touch this tile's hex, sorted.
    pub fn adjacent_tiles(&self, tile: TileId) -> Vec<TileId> {
        let Some(placed) = self.placed(tile) else {
            return Vec::new();
        };
        let mut adjacent: Vec<TileId> = placed
            .at
            .neighbors()
            .iter()
            .filter_map(|(_, hex)| self.tile_at(*hex).map(|p| p.tile))
            .collect();
        adjacent.sort();
        adjacent.dedup();
        adjacent
    }
}
