//! The 20 map tiles, both sides (rules 2.1.1, 2.1.2, 3.2, 4.6.1e): clearings, roadways,
//! road exits and the drawing geometry of each side, loaded from `data/tiles.json`.
//!
//! # Coordinate system (drawing geometry)
//!
//! Every [`TilePoint`] is in the frame of the *unrotated* tile, in percent of the tile's
//! bounding box: the origin is the top-left corner of the box, `x` runs right from 0 to 100
//! across the full width (corner to corner, two edge lengths) and `y` runs *down* from 0 to
//! 100 across the full height (flat edge to flat edge, √3 edge lengths). The hexagon is
//! flat-topped: the N edge is the top side, the S edge the bottom side. The two axes are
//! scaled separately, so a renderer maps `x` by the tile width and `y` by the tile height
//! (aspect 2 : √3). The corners are (0,50), (25,0), (75,0), (100,50), (75,100), (25,100);
//! the edge midpoints are given by [`Edge::midpoint`]. A roadway that leaves the tile ends at
//! the midpoint of its edge. A roadway with a `control` point is drawn as a quadratic Bézier
//! curve from its first end through that control point to its other end (control points
//! may lie outside 0..100); without one it is a straight line. `chit_area` is where the
//! face-down map chits sit, in the woods away from the clearings (3.5.3). Rotating a tile
//! by one step turns it 60° clockwise about its centre (50,50) in the aspect-corrected frame.

use super::common::MagicColor;
use super::{parse_json, DataError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use tsify::Tsify;

const FILE: &str = "tiles.json";
const TILES_JSON: &str = include_str!("../data/tiles.json");

/// The 20 map tiles (rule 2.1.1), by name.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(rename_all = "snake_case")]
pub enum TileId {
    AwfulValley,
    BadValley,
    CurstValley,
    DarkValley,
    EvilValley,
    LindenWoods,
    MapleWoods,
    NutWoods,
    OakWoods,
    PineWoods,
    Cliff,
    Crag,
    DeepWoods,
    Ledges,
    Mountain,
    Borderland,
    Cavern,
    Caves,
    HighPass,
    Ruins,
}

impl TileId {
    /// All 20 tiles.
    pub const ALL: [TileId; 20] = [
        TileId::AwfulValley,
        TileId::BadValley,
        TileId::CurstValley,
        TileId::DarkValley,
        TileId::EvilValley,
        TileId::LindenWoods,
        TileId::MapleWoods,
        TileId::NutWoods,
        TileId::OakWoods,
        TileId::PineWoods,
        TileId::Cliff,
        TileId::Crag,
        TileId::DeepWoods,
        TileId::Ledges,
        TileId::Mountain,
        TileId::Borderland,
        TileId::Cavern,
        TileId::Caves,
        TileId::HighPass,
        TileId::Ruins,
    ];
}

/// The four tile groups that receive map chits (rules 2.1.3, 3.5.3). The Deep Woods belongs
/// to the mountain group; the Borderland, High Pass and Ruins to the caves group.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(rename_all = "snake_case")]
pub enum TileGroup {
    Valley,
    Woods,
    Mountain,
    Caves,
}

impl TileGroup {
    pub const ALL: [TileGroup; 4] = [
        TileGroup::Valley,
        TileGroup::Woods,
        TileGroup::Mountain,
        TileGroup::Caves,
    ];

    /// The letter printed on this group's Warning chits (2.1.3): V, W, M or C.
    pub fn letter(self) -> char {
        match self {
            TileGroup::Valley => 'V',
            TileGroup::Woods => 'W',
            TileGroup::Mountain => 'M',
            TileGroup::Caves => 'C',
        }
    }
}

/// The two sides of a tile (2.1.1): the green "normal" side and the "enchanted" side.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(rename_all = "snake_case")]
pub enum TileSide {
    Normal,
    Enchanted,
}

impl TileSide {
    /// The other side (a tile turning over, 7.10).
    pub fn flipped(self) -> TileSide {
        match self {
            TileSide::Normal => TileSide::Enchanted,
            TileSide::Enchanted => TileSide::Normal,
        }
    }
}

/// The three kinds of clearing (2.1.1, 1.6.5, 1.6.17, 1.6.25).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(rename_all = "snake_case")]
pub enum ClearingKind {
    Woods,
    Mountain,
    Cave,
}

/// The yellow number of a clearing within its tile (2.1.1), 1 to 6.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
pub struct ClearingNumber(pub u8);

impl ClearingNumber {
    pub const MIN: u8 = 1;
    pub const MAX: u8 = 6;

    /// Whether the number is one printed on tiles (1 to 6).
    pub fn is_valid(self) -> bool {
        (Self::MIN..=Self::MAX).contains(&self.0)
    }
}

/// The four kinds of roadway (2.1.1).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(rename_all = "snake_case")]
pub enum PathKind {
    OpenRoad,
    HiddenPath,
    SecretPassage,
    Tunnel,
}

impl PathKind {
    /// Hidden paths and secret passages must be discovered before use (7.5.1).
    pub fn needs_discovery(self) -> bool {
        matches!(self, PathKind::HiddenPath | PathKind::SecretPassage)
    }
}

/// A tile edge in the unrotated frame, clockwise from the top.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(rename_all = "UPPERCASE")]
pub enum Edge {
    N,
    Ne,
    Se,
    S,
    Sw,
    Nw,
}

impl Edge {
    /// The six edges in clockwise order from N.
    pub const ALL: [Edge; 6] = [Edge::N, Edge::Ne, Edge::Se, Edge::S, Edge::Sw, Edge::Nw];

    fn index(self) -> usize {
        match self {
            Edge::N => 0,
            Edge::Ne => 1,
            Edge::Se => 2,
            Edge::S => 3,
            Edge::Sw => 4,
            Edge::Nw => 5,
        }
    }

    fn from_index(i: usize) -> Edge {
        match i % 6 {
            0 => Edge::N,
            1 => Edge::Ne,
            2 => Edge::Se,
            3 => Edge::S,
            4 => Edge::Sw,
            _ => Edge::Nw,
        }
    }

    /// This edge after turning the tile `steps` sixths of a turn clockwise.
    pub fn rotated(self, steps: u8) -> Edge {
        Edge::from_index(self.index() + usize::from(steps % 6))
    }

    /// The edge facing this one on a neighbouring tile (same frame).
    pub fn opposite(self) -> Edge {
        self.rotated(3)
    }

    /// The midpoint of the edge, in the tile frame described in the module docs.
    pub fn midpoint(self) -> TilePoint {
        let (x, y) = match self {
            Edge::N => (50.0, 0.0),
            Edge::Ne => (87.5, 25.0),
            Edge::Se => (87.5, 75.0),
            Edge::S => (50.0, 100.0),
            Edge::Sw => (12.5, 75.0),
            Edge::Nw => (12.5, 25.0),
        };
        TilePoint { x, y }
    }
}

/// A point in the unrotated tile frame (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct TilePoint {
    pub x: f64,
    pub y: f64,
}

/// The far end of a roadway: another clearing of the same tile, or a tile edge (a road
/// that leaves the tile).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum PathEnd {
    Clearing(ClearingNumber),
    Edge(Edge),
}

/// One clearing on one side of a tile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Clearing {
    pub number: ClearingNumber,
    pub kind: ClearingKind,
    /// Colour magic the clearing supplies (4.6.1e): enchanted side only, empty on the
    /// normal side.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub magic: Vec<MagicColor>,
    /// Centre of the clearing.
    pub at: TilePoint,
}

/// One roadway on one side of a tile. `from` is always a clearing; a clearing-to-clearing
/// roadway is stored once, with the lower number in `from`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Path {
    pub from: ClearingNumber,
    pub to: PathEnd,
    pub kind: PathKind,
    /// Quadratic Bézier control point; `None` means a straight line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control: Option<TilePoint>,
}

impl Path {
    /// If this roadway runs into `clearing`, its other end.
    pub fn other_end(&self, clearing: ClearingNumber) -> Option<PathEnd> {
        if self.from == clearing {
            Some(self.to)
        } else if self.to == PathEnd::Clearing(clearing) {
            Some(PathEnd::Clearing(self.from))
        } else {
            None
        }
    }

    /// The edge this roadway leaves the tile by, if it does.
    pub fn edge(&self) -> Option<Edge> {
        match self.to {
            PathEnd::Edge(e) => Some(e),
            PathEnd::Clearing(_) => None,
        }
    }
}

/// A road leaving the tile (3.2.3: road edges must meet road edges).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub struct RoadExit {
    pub edge: Edge,
    pub clearing: ClearingNumber,
    pub kind: PathKind,
}

/// One side of a tile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct TileFace {
    pub clearings: Vec<Clearing>,
    /// (Typed by name: tsify would turn any type called `Path` into `string`.)
    #[tsify(type = "Path[]")]
    pub paths: Vec<Path>,
    /// Where the tile's face-down map chits are drawn (3.5.3).
    pub chit_area: TilePoint,
}

/// One map tile, both sides.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Tile {
    pub id: TileId,
    pub name: String,
    /// Short code used for clearing names, e.g. "NW" in "NW2" (2.1.1).
    pub code: String,
    pub group: TileGroup,
    pub normal: TileFace,
    pub enchanted: TileFace,
}

impl Tile {
    pub fn face(&self, side: TileSide) -> &TileFace {
        match side {
            TileSide::Normal => &self.normal,
            TileSide::Enchanted => &self.enchanted,
        }
    }

    pub fn clearings(&self, side: TileSide) -> &[Clearing] {
        &self.face(side).clearings
    }

    pub fn clearing(&self, side: TileSide, number: ClearingNumber) -> Option<&Clearing> {
        self.clearings(side).iter().find(|c| c.number == number)
    }

    /// Every roadway that runs into `clearing` on `side`, with its other end.
    pub fn paths_from(&self, side: TileSide, clearing: ClearingNumber) -> Vec<(&Path, PathEnd)> {
        self.face(side)
            .paths
            .iter()
            .filter_map(|p| p.other_end(clearing).map(|end| (p, end)))
            .collect()
    }

    /// The roads that leave the tile on `side`, edge by edge.
    pub fn road_exits(&self, side: TileSide) -> Vec<RoadExit> {
        let mut exits: Vec<RoadExit> = self
            .face(side)
            .paths
            .iter()
            .filter_map(|p| {
                p.edge().map(|edge| RoadExit {
                    edge,
                    clearing: p.from,
                    kind: p.kind,
                })
            })
            .collect();
        exits.sort_by_key(|e| e.edge);
        exits
    }

    /// The clearing whose road leaves by `edge` on `side`, if any.
    pub fn exit_clearing(&self, side: TileSide, edge: Edge) -> Option<ClearingNumber> {
        self.face(side)
            .paths
            .iter()
            .find(|p| p.edge() == Some(edge))
            .map(|p| p.from)
    }
}

/// All 20 tiles.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Tiles {
    pub tiles: Vec<Tile>,
}

impl Tiles {
    pub fn get(&self, id: TileId) -> Option<&Tile> {
        self.tiles.iter().find(|t| t.id == id)
    }

    pub fn iter(&self) -> impl Iterator<Item = &Tile> {
        self.tiles.iter()
    }

    pub fn in_group(&self, group: TileGroup) -> impl Iterator<Item = &Tile> {
        self.tiles.iter().filter(move |t| t.group == group)
    }
}

/// Parses and validates the embedded `tiles.json`.
pub fn load() -> Result<Tiles, DataError> {
    let tiles: Tiles = parse_json(FILE, TILES_JSON)?;
    validate(&tiles)?;
    Ok(tiles)
}

fn err(msg: String) -> DataError {
    DataError::new(FILE, msg)
}

/// Checks the facts every tile must satisfy (2.1.1, 2.1.2, 4.6.1e).
pub fn validate(tiles: &Tiles) -> Result<(), DataError> {
    for id in TileId::ALL {
        let n = tiles.tiles.iter().filter(|t| t.id == id).count();
        if n != 1 {
            return Err(err(format!("tile {id:?} appears {n} times, expected once")));
        }
    }
    if tiles.tiles.len() != TileId::ALL.len() {
        return Err(err(format!("{} tiles, expected 20", tiles.tiles.len())));
    }
    let mut codes = BTreeSet::new();
    for tile in &tiles.tiles {
        if tile.name.is_empty() || !codes.insert(tile.code.as_str()) {
            return Err(err(format!(
                "tile {:?}: empty name or repeated code",
                tile.id
            )));
        }
        validate_face(tile, TileSide::Normal)?;
        validate_face(tile, TileSide::Enchanted)?;
        let numbers = |side| -> BTreeSet<ClearingNumber> {
            tile.clearings(side).iter().map(|c| c.number).collect()
        };
        if numbers(TileSide::Normal) != numbers(TileSide::Enchanted) {
            return Err(err(format!(
                "tile {:?}: sides number their clearings differently",
                tile.id
            )));
        }
        let edges = |side| -> Vec<Edge> { tile.road_exits(side).iter().map(|e| e.edge).collect() };
        if edges(TileSide::Normal) != edges(TileSide::Enchanted) {
            return Err(err(format!(
                "tile {:?}: sides have different road edges",
                tile.id
            )));
        }
    }
    Ok(())
}

fn validate_face(tile: &Tile, side: TileSide) -> Result<(), DataError> {
    let face = tile.face(side);
    let at = |what: &str| format!("tile {:?} {side:?}: {what}", tile.id);
    let mut seen = BTreeSet::new();
    for c in &face.clearings {
        if !c.number.is_valid() || !seen.insert(c.number) {
            return Err(err(at(&format!("bad or repeated clearing {}", c.number.0))));
        }
        let distinct: BTreeSet<MagicColor> = c.magic.iter().copied().collect();
        let magic_ok = match side {
            TileSide::Normal => c.magic.is_empty(),
            TileSide::Enchanted => !c.magic.is_empty() && distinct.len() == c.magic.len(),
        };
        if !magic_ok {
            return Err(err(at(&format!(
                "clearing {} has wrong colour magic",
                c.number.0
            ))));
        }
        if !point_inside(c.at) {
            return Err(err(at(&format!(
                "clearing {} drawn outside the tile",
                c.number.0
            ))));
        }
    }
    let mut pairs = BTreeSet::new();
    let mut edges = BTreeSet::new();
    for p in &face.paths {
        if !seen.contains(&p.from) {
            return Err(err(at(&format!("path from missing clearing {}", p.from.0))));
        }
        let fresh = match p.to {
            PathEnd::Clearing(to) => {
                if !seen.contains(&to) || to <= p.from {
                    return Err(err(at(&format!("path {}-{} is malformed", p.from.0, to.0))));
                }
                pairs.insert((p.from, to))
            }
            PathEnd::Edge(e) => edges.insert(e),
        };
        if !fresh {
            return Err(err(at(&format!(
                "repeated path from clearing {}",
                p.from.0
            ))));
        }
        if p.control
            .is_some_and(|c| !c.x.is_finite() || !c.y.is_finite())
        {
            return Err(err(at("non-finite control point")));
        }
    }
    if !point_inside(face.chit_area) {
        return Err(err(at("chit area outside the tile")));
    }
    Ok(())
}

fn point_inside(p: TilePoint) -> bool {
    (0.0..=100.0).contains(&p.x) && (0.0..=100.0).contains(&p.y)
}
