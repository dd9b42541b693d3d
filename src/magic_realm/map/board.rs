//! A map under construction (rule 3.2.3b): the tiles played so far, which of their
//! clearings already have a route to the Borderland, and whether a tile may be played in a
//! given hex and rotation. Placements can be taken back (the "take back the tile" of 3.2.3b).

use super::grid::{bit, road_bits, rotate_bits, to_map, to_tile};
use super::{Hex, MapError, PlacedTile};
use crate::magic_realm::catalog::tiles::{ClearingNumber, Edge, PathEnd, TileFace, Tiles};
use std::collections::{BTreeMap, BTreeSet};

/// One tile on the board.
struct Cell<'a> {
    placed: PlacedTile,
    face: &'a TileFace,
    /// Map edges (as bits) where a road leaves the tile.
    roads: u8,
    /// Clearings (bit `n` for clearing `n`) with a route to the Borderland.
    linked: u8,
}

impl Cell<'_> {
    /// The clearing whose road leaves by the map edge `edge`, if one does.
    fn exit(&self, edge: Edge) -> Option<ClearingNumber> {
        let own = to_tile(edge, self.placed.rotation);
        self.face
            .paths
            .iter()
            .find(|p| p.edge() == Some(own))
            .map(|p| p.from)
    }

    fn is_linked(&self, clearing: ClearingNumber) -> bool {
        self.linked & clearing_bit(clearing) != 0
    }
}

fn clearing_bit(clearing: ClearingNumber) -> u8 {
    1u8.checked_shl(u32::from(clearing.0)).unwrap_or(0)
}

/// What surrounds an empty hex: map edges (as bits) with a tile across them, with a road
/// coming in, and with a road coming in from a clearing already joined to the Borderland.
#[derive(Debug, Clone, Copy)]
pub(super) struct Surroundings {
    pub touching: u8,
    pub roads: u8,
    pub linked: u8,
}

/// Undo record of one placement.
struct Played {
    hex: Hex,
    /// Every cell whose `linked` changed, with its value before.
    linked_before: Vec<(Hex, u8)>,
}

pub(super) struct Board<'a> {
    tiles: &'a Tiles,
    cells: BTreeMap<Hex, Cell<'a>>,
    played: Vec<Played>,
}

impl<'a> Board<'a> {
    pub fn new(tiles: &'a Tiles) -> Board<'a> {
        Board {
            tiles,
            cells: BTreeMap::new(),
            played: Vec::new(),
        }
    }

    /// The tiles placed, in the order played.
    pub fn placed(&self) -> Vec<PlacedTile> {
        self.played
            .iter()
            .filter_map(|p| self.cells.get(&p.hex).map(|c| c.placed))
            .collect()
    }

    /// The face of a tile, or `UnknownTile`.
    pub fn face(&self, placed: &PlacedTile) -> Result<&'a TileFace, MapError> {
        self.tiles
            .get(placed.tile)
            .map(|t| t.face(placed.side))
            .ok_or(MapError::UnknownTile(placed.tile))
    }

    /// The empty hexes next to a placed tile, sorted.
    pub fn frontier(&self) -> Vec<Hex> {
        let hexes: BTreeSet<Hex> = self
            .cells
            .keys()
            .flat_map(|h| h.neighbors().map(|(_, n)| n))
            .filter(|n| !self.cells.contains_key(n))
            .collect();
        hexes.into_iter().collect()
    }

    pub fn surroundings(&self, hex: Hex) -> Surroundings {
        let mut s = Surroundings {
            touching: 0,
            roads: 0,
            linked: 0,
        };
        for (edge, n) in hex.neighbors() {
            let Some(cell) = self.cells.get(&n) else {
                continue;
            };
            s.touching |= bit(edge);
            let facing = edge.opposite();
            if cell.roads & bit(facing) != 0 {
                s.roads |= bit(edge);
                if cell.exit(facing).is_some_and(|c| cell.is_linked(c)) {
                    s.linked |= bit(edge);
                }
            }
        }
        s
    }

    /// Whether 3.2.3b lets a tile whose road edges (in the map frame) are `roads` be played
    /// into an empty hex with these surroundings: the second tile touches the Borderland,
    /// every later one two tiles; road edges meet road edges and others others; and a road
    /// leads on to a clearing already joined to the Borderland.
    pub fn allows(&self, s: Surroundings, roads: u8) -> bool {
        let touching_enough = if self.played.len() <= 1 {
            s.touching != 0
        } else {
            s.touching.count_ones() >= 2
        };
        touching_enough && roads & s.touching == s.roads && roads & s.linked != 0
    }

    /// Whether the tile may be played as `placed` now (see [`Board::allows`]).
    pub fn can_play(&self, placed: &PlacedTile) -> Result<bool, MapError> {
        if self.cells.contains_key(&placed.at) {
            return Ok(false);
        }
        let face = self.face(placed)?;
        let roads = rotate_bits(road_bits(face), placed.rotation);
        Ok(self.allows(self.surroundings(placed.at), roads))
    }

    /// Puts the tile down (unchecked; the first tile played is taken as the Borderland, all
    /// of whose clearings are joined to it) and spreads the Borderland links through it.
    pub fn play(&mut self, placed: PlacedTile) -> Result<(), MapError> {
        let face = self.face(&placed)?;
        let roads = rotate_bits(road_bits(face), placed.rotation);
        let first = self.played.is_empty();
        let cell = Cell {
            placed,
            face,
            roads,
            linked: 0,
        };
        let hex = placed.at;
        let mut seeds = Vec::new();
        for c in &face.clearings {
            let joined = first
                || face.paths.iter().any(|p| {
                    p.from == c.number
                        && p.edge().is_some_and(|own| {
                            let edge = to_map(own, placed.rotation);
                            self.cells
                                .get(&hex.neighbor(edge))
                                .and_then(|n| n.exit(edge.opposite()).map(|x| n.is_linked(x)))
                                .unwrap_or(false)
                        })
                });
            if joined {
                seeds.push((hex, c.number));
            }
        }
        self.cells.insert(hex, cell);
        let linked_before = self.spread(seeds);
        self.played.push(Played { hex, linked_before });
        Ok(())
    }

    /// Marks the seeds, and every clearing a roadway of any kind leads to from them, as
    /// joined to the Borderland; returns the old `linked` of every cell it changed.
    fn spread(&mut self, mut queue: Vec<(Hex, ClearingNumber)>) -> Vec<(Hex, u8)> {
        let mut before = Vec::new();
        while let Some((hex, clearing)) = queue.pop() {
            let Some(cell) = self.cells.get(&hex) else {
                continue;
            };
            if cell.is_linked(clearing) {
                continue;
            }
            for path in &cell.face.paths {
                match path.other_end(clearing) {
                    Some(PathEnd::Clearing(other)) => queue.push((hex, other)),
                    Some(PathEnd::Edge(own)) => {
                        let edge = to_map(own, cell.placed.rotation);
                        let across = hex.neighbor(edge);
                        if let Some(n) = self
                            .cells
                            .get(&across)
                            .and_then(|n| n.exit(edge.opposite()))
                        {
                            queue.push((across, n));
                        }
                    }
                    None => {}
                }
            }
            if let Some(cell) = self.cells.get_mut(&hex) {
                before.push((hex, cell.linked));
                cell.linked |= clearing_bit(clearing);
            }
        }
        before
    }

    /// Takes back the last tile played.
    pub fn take_back(&mut self) {
        if let Some(last) = self.played.pop() {
            for (hex, linked) in last.linked_before.into_iter().rev() {
                if let Some(cell) = self.cells.get_mut(&hex) {
                    cell.linked = linked;
                }
            }
            self.cells.remove(&last.hex);
        }
    }
}
