//! The hex grid the tiles are laid on (rules 3.2.3b: tiles side by side, edges flush) and
//! the turning of a tile's own edges into map directions.
//!
//! # Frames
//!
//! The map uses the tile frame of `catalog::tiles` for the whole table: hexagons are
//! flat-topped, the N edge is on top and the six [`Edge`]s run clockwise N, NE, SE, S, SW,
//! NW. A tile placed with `rotation` k (sixths of a turn clockwise) has its own edge `e`
//! lying along the map's edge `e.rotated(k)`; conversely the map edge `w` is the tile's own
//! edge `w.rotated(6 - k)`.
//!
//! # Coordinates
//!
//! [`Hex`] uses axial coordinates for flat-topped hexagons: `q` counts columns to the right
//! (each column half a hex lower than the one to its left), `r` counts hexes down a column.
//! The neighbour across each map edge is
//!
//! | edge | N      | NE      | SE     | S      | SW      | NW      |
//! |------|--------|---------|--------|--------|---------|---------|
//! | Δq,Δr| 0, −1  | +1, −1  | +1, 0  | 0, +1  | −1, +1  | −1, 0   |

use crate::magic_realm::catalog::tiles::{Edge, TileFace};
use serde::{Deserialize, Serialize};
use std::fmt;
use tsify::Tsify;

/// Axial hex coordinates on a flat-topped grid; built maps put the Borderland at (0,0).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(deny_unknown_fields)]
pub struct Hex {
    pub q: i8,
    pub r: i8,
}

impl Hex {
    /// Where built maps put the Borderland.
    pub const ORIGIN: Hex = Hex { q: 0, r: 0 };

    pub fn new(q: i8, r: i8) -> Hex {
        Hex { q, r }
    }

    /// The hex across that (map-frame) edge. Coordinates wrap at the ends of `i8` rather
    /// than overflow; a map of 20 tiles never comes near them.
    pub fn neighbor(self, edge: Edge) -> Hex {
        let (dq, dr) = match edge {
            Edge::N => (0, -1),
            Edge::Ne => (1, -1),
            Edge::Se => (1, 0),
            Edge::S => (0, 1),
            Edge::Sw => (-1, 1),
            Edge::Nw => (-1, 0),
        };
        Hex {
            q: self.q.wrapping_add(dq),
            r: self.r.wrapping_add(dr),
        }
    }

    /// The six neighbours, each with the map edge it lies across, clockwise from N.
    pub fn neighbors(self) -> [(Edge, Hex); 6] {
        Edge::ALL.map(|e| (e, self.neighbor(e)))
    }

    /// Centre of the hex for drawing, in the unit where a tile is 100 wide (corner to
    /// corner), `x` to the right and `y` down, ORIGIN at (0, 0):
    ///
    /// `x = 75·q`, `y = 50·√3·(r + q/2)` (a tile is 50·√3 ≈ 86.6 high, flat edge to flat
    /// edge; the next column sits 75 to the right and half a tile lower).
    pub fn center(self) -> (f64, f64) {
        let q = f64::from(self.q);
        let r = f64::from(self.r);
        (75.0 * q, 50.0 * 3f64.sqrt() * (r + q / 2.0))
    }

    /// The number of steps from hex to hex between the two.
    pub fn distance(self, other: Hex) -> u32 {
        let dq = i32::from(self.q) - i32::from(other.q);
        let dr = i32::from(self.r) - i32::from(other.r);
        (dq.unsigned_abs() + dr.unsigned_abs() + (dq + dr).unsigned_abs()) / 2
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.q, self.r)
    }
}

/// The map edge along which a tile turned `rotation` sixths clockwise has its own `edge`.
pub(super) fn to_map(edge: Edge, rotation: u8) -> Edge {
    edge.rotated(rotation % 6)
}

/// The tile's own edge that lies along map edge `edge` when turned `rotation` sixths.
pub(super) fn to_tile(edge: Edge, rotation: u8) -> Edge {
    edge.rotated(6 - rotation % 6)
}

/// One bit per edge, N = bit 0 clockwise to NW = bit 5.
pub(super) fn bit(edge: Edge) -> u8 {
    match edge {
        Edge::N => 1,
        Edge::Ne => 1 << 1,
        Edge::Se => 1 << 2,
        Edge::S => 1 << 3,
        Edge::Sw => 1 << 4,
        Edge::Nw => 1 << 5,
    }
}

/// The edges (as bits) by which roads leave a tile face, in its own frame.
pub(super) fn road_bits(face: &TileFace) -> u8 {
    face.paths
        .iter()
        .filter_map(|p| p.edge())
        .fold(0, |bits, e| bits | bit(e))
}

/// Edge bits of a tile turned `rotation` sixths clockwise: bit `e` moves to bit `e + k`.
pub(super) fn rotate_bits(bits: u8, rotation: u8) -> u8 {
    Edge::ALL
        .into_iter()
        .filter(|e| bits & bit(*e) != 0)
        .fold(0, |out, e| out | bit(to_map(e, rotation)))
}

/// The name of a map edge as printed: "N", "NE", ...
pub(super) fn edge_name(edge: Edge) -> &'static str {
    match edge {
        Edge::N => "N",
        Edge::Ne => "NE",
        Edge::Se => "SE",
        Edge::S => "S",
        Edge::Sw => "SW",
        Edge::Nw => "NW",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_frames_are_inverse() {
        for k in 0..6 {
            for e in Edge::ALL {
                assert_eq!(to_tile(to_map(e, k), k), e);
            }
        }
    }

    #[test]
    fn rotate_bits_moves_each_edge_clockwise() {
        assert_eq!(rotate_bits(bit(Edge::N), 1), bit(Edge::Ne));
        assert_eq!(
            rotate_bits(bit(Edge::Nw) | bit(Edge::S), 2),
            bit(Edge::Ne) | bit(Edge::Nw)
        );
    }

    #[test]
    fn neighbours_are_one_tile_apart_in_drawing_units() {
        let (x0, y0) = Hex::ORIGIN.center();
        for (_, h) in Hex::ORIGIN.neighbors() {
            let (x, y) = h.center();
            let d = ((x - x0).powi(2) + (y - y0).powi(2)).sqrt();
            assert!((d - 50.0 * 3f64.sqrt()).abs() < 1e-9, "{h}: {d}");
            assert_eq!(Hex::ORIGIN.distance(h), 1);
        }
        let (x, y) = Hex::ORIGIN.neighbor(Edge::N).center();
        assert!(x.abs() < 1e-9 && y < 0.0, "N is up");
    }
}
