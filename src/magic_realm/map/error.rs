//! Why a map breaks rule 3.2 (constructing the map), or a map operation cannot be done.

use super::grid::{edge_name, Hex};
use crate::magic_realm::catalog::tiles::{Edge, TileId};
use crate::magic_realm::catalog::DataError;
use std::fmt;

/// What is wrong with a map, or with a request about one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MapError {
    /// The tile data given has no entry for this tile.
    UnknownTile(TileId),
    /// 3.2.2: all 20 tiles are placed; this one is not.
    MissingTile(TileId),
    /// 3.2.2: this tile is placed more than once.
    DuplicateTile(TileId),
    /// A rotation must be 0 to 5 sixths of a turn.
    BadRotation { tile: TileId, rotation: u8 },
    /// 3.2.3b: a tile cannot be put on top of another tile.
    SharedHex {
        hex: Hex,
        first: TileId,
        second: TileId,
    },
    /// 3.2.1 / 3.2.3b: tiles are placed green (normal) side up.
    NotNormalSide(TileId),
    /// 3.2.3b: road edges must meet road edges and non-road edges non-road edges. `edge` is
    /// the map-frame edge of `tile` (at `at`) that touches `neighbor`; `road_on_tile` tells
    /// which of the two has the road.
    EdgeMismatch {
        tile: TileId,
        at: Hex,
        edge: Edge,
        neighbor: TileId,
        road_on_tile: bool,
    },
    /// 3.2.3b: no route along roadways of any kind joins this tile to the Borderland.
    NotConnected(TileId),
    /// 3.2.3b: no order of play, starting with the Borderland, puts every tile touching the
    /// Borderland (the second tile) or two placed tiles (every later one), with a route to
    /// the Borderland when it is played. `stranded` are the tiles left over.
    NoPlacementOrder { stranded: Vec<TileId> },
    /// The tile is not on this map.
    NotOnMap(TileId),
    /// The random builder found no legal map in this many deals.
    NoLegalMap { attempts: u32 },
    /// The stored default map does not parse.
    Data(DataError),
}

/// "AwfulValley" -> "Awful Valley".
pub(super) fn tile_name(tile: TileId) -> String {
    let debug = format!("{tile:?}");
    let mut name = String::with_capacity(debug.len() + 2);
    for (i, ch) in debug.chars().enumerate() {
        if i > 0 && ch.is_ascii_uppercase() {
            name.push(' ');
        }
        name.push(ch);
    }
    name
}

fn tile_list(tiles: &[TileId]) -> String {
    tiles
        .iter()
        .map(|t| tile_name(*t))
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MapError::UnknownTile(t) => write!(f, "no tile data for the {}", tile_name(*t)),
            MapError::MissingTile(t) => write!(
                f,
                "the {} is not on the map (rule 3.2.2: all 20 tiles are placed)",
                tile_name(*t)
            ),
            MapError::DuplicateTile(t) => write!(
                f,
                "the {} is placed more than once (rule 3.2.2)",
                tile_name(*t)
            ),
            MapError::BadRotation { tile, rotation } => write!(
                f,
                "the {} is turned {rotation} sixths; a rotation is 0 to 5",
                tile_name(*tile)
            ),
            MapError::SharedHex { hex, first, second } => write!(
                f,
                "the {} and the {} are both at hex {hex} \
                 (rule 3.2.3b: a tile cannot go on top of another)",
                tile_name(*first),
                tile_name(*second)
            ),
            MapError::NotNormalSide(t) => write!(
                f,
                "the {} is enchanted side up; the map is built green side up (rule 3.2.1)",
                tile_name(*t)
            ),
            MapError::EdgeMismatch {
                tile,
                at,
                edge,
                neighbor,
                road_on_tile,
            } => {
                let (road, plain) = if *road_on_tile {
                    (*tile, *neighbor)
                } else {
                    (*neighbor, *tile)
                };
                write!(
                    f,
                    "the {} at hex {at} meets the {} along its {} edge, where a road of the {} \
                     runs into a non-road edge of the {} (rule 3.2.3b)",
                    tile_name(*tile),
                    tile_name(*neighbor),
                    edge_name(*edge),
                    tile_name(road),
                    tile_name(plain)
                )
            }
            MapError::NotConnected(t) => write!(
                f,
                "no route along the roadways joins the {} to the Borderland (rule 3.2.3b)",
                tile_name(*t)
            ),
            MapError::NoPlacementOrder { stranded } => write!(
                f,
                "no order of play places every tile legally (rule 3.2.3b: each tile after \
                 the second touches two placed tiles and has a route to the Borderland when \
                 played); left over: {}",
                tile_list(stranded)
            ),
            MapError::NotOnMap(t) => write!(f, "the {} is not on this map", tile_name(*t)),
            MapError::NoLegalMap { attempts } => {
                write!(f, "no legal map found in {attempts} deals of the tiles")
            }
            MapError::Data(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for MapError {}
