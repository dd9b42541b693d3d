//! Roadways between clearings (rules 2.1.1, 7.3.1): the routes out of a clearing, the moves
//! a character's discoveries allow (7.5.1), and the routes to the Borderland that 3.2.3b and
//! 3.6.2 ask for (any roadways, hidden paths and secret passages included).

use super::{ClearingRef, PathRef, RealmMap, Route};
use crate::magic_realm::catalog::tiles::{ClearingKind, PathEnd, PathKind, TileId, Tiles};
use std::collections::BTreeSet;

/// One step with the kind of each roadway followed.
struct Step {
    to: ClearingRef,
    via: Vec<(PathRef, PathKind)>,
}

impl Step {
    fn open_to(&self, discovered: &BTreeSet<PathRef>) -> bool {
        self.via
            .iter()
            .all(|(path, kind)| !kind.needs_discovery() || discovered.contains(path))
    }

    fn into_route(self) -> Route {
        Route {
            to: self.to,
            kind: joined_kind(self.via.iter().map(|(_, kind)| *kind)),
            via: self.via.into_iter().map(|(path, _)| path).collect(),
        }
    }
}

/// The kind of a route made of these roadways: its most concealed one (secret passage,
/// hidden path, tunnel, open road, in that order). See the module docs of `map`.
fn joined_kind(kinds: impl Iterator<Item = PathKind>) -> PathKind {
    let rank = |k: PathKind| match k {
        PathKind::OpenRoad => 0,
        PathKind::Tunnel => 1,
        PathKind::HiddenPath => 2,
        PathKind::SecretPassage => 3,
    };
    kinds.max_by_key(|k| rank(*k)).unwrap_or(PathKind::OpenRoad)
}

impl RealmMap {
    /// Every clearing on the map (on each tile's current side), sorted.
    pub fn clearings(&self, tiles: &Tiles) -> Vec<ClearingRef> {
        let mut all: Vec<ClearingRef> = self
            .tiles
            .iter()
            .filter_map(|p| tiles.get(p.tile).map(|t| (p, t)))
            .flat_map(|(p, t)| {
                t.clearings(p.side).iter().map(|c| ClearingRef {
                    tile: p.tile,
                    clearing: c.number,
                })
            })
            .collect();
        all.sort();
        all
    }

    /// The kind of the clearing, on its tile's current side.
    pub fn clearing_kind(&self, tiles: &Tiles, c: ClearingRef) -> Option<ClearingKind> {
        let side = self.side(c.tile)?;
        tiles
            .get(c.tile)?
            .clearing(side, c.clearing)
            .map(|cl| cl.kind)
    }

    fn steps(&self, tiles: &Tiles, from: ClearingRef) -> Vec<Step> {
        let Some(placed) = self.placed(from.tile) else {
            return Vec::new();
        };
        let Some(tile) = tiles.get(from.tile) else {
            return Vec::new();
        };
        if tile.clearing(placed.side, from.clearing).is_none() {
            return Vec::new();
        }
        let mut steps = Vec::new();
        for (path, end) in tile.paths_from(placed.side, from.clearing) {
            let here = PathRef {
                tile: from.tile,
                side: placed.side,
                from: path.from,
                to: path.to,
            };
            match end {
                PathEnd::Clearing(other) => steps.push(Step {
                    to: ClearingRef {
                        tile: from.tile,
                        clearing: other,
                    },
                    via: vec![(here, path.kind)],
                }),
                PathEnd::Edge(own) => {
                    let edge = placed.map_edge(own);
                    let Some(next) = self.tile_at(placed.at.neighbor(edge)) else {
                        continue;
                    };
                    let Some(next_tile) = tiles.get(next.tile) else {
                        continue;
                    };
                    let their_edge = next.own_edge(edge.opposite());
                    let Some(their) = next_tile
                        .face(next.side)
                        .paths
                        .iter()
                        .find(|p| p.edge() == Some(their_edge))
                    else {
                        continue;
                    };
                    let there = PathRef {
                        tile: next.tile,
                        side: next.side,
                        from: their.from,
                        to: their.to,
                    };
                    steps.push(Step {
                        to: ClearingRef {
                            tile: next.tile,
                            clearing: their.from,
                        },
                        via: vec![(here, path.kind), (there, their.kind)],
                    });
                }
            }
        }
        steps.sort_by(|a, b| (a.to, &a.via).cmp(&(b.to, &b.via)));
        steps
    }

    /// Every roadway out of `from` on the tiles' current sides, discovered or not, sorted
    /// by destination; a road crossing a tile edge joins the two road halves. Roads running
    /// off the map edge lead nowhere (2.1.1) and are left out.
    pub fn routes(&self, tiles: &Tiles, from: ClearingRef) -> Vec<Route> {
        self.steps(tiles, from)
            .into_iter()
            .map(Step::into_route)
            .collect()
    }

    /// The routes a character may use now (7.3.1, 7.5.1): hidden paths and secret passages
    /// only if every such roadway in `via` is in `discovered`.
    pub fn moves(
        &self,
        tiles: &Tiles,
        from: ClearingRef,
        discovered: &BTreeSet<PathRef>,
    ) -> Vec<Route> {
        self.steps(tiles, from)
            .into_iter()
            .filter(|s| s.open_to(discovered))
            .map(Step::into_route)
            .collect()
    }

    /// 9.2.2: whether a roadway from `from` runs off the edge of the map (no tile across
    /// that edge) that a character with these discoveries may use (`None`: all of them).
    pub fn leaves_map(
        &self,
        tiles: &Tiles,
        from: ClearingRef,
        discovered: Option<&BTreeSet<PathRef>>,
    ) -> bool {
        let (Some(placed), Some(tile)) = (self.placed(from.tile), tiles.get(from.tile)) else {
            return false;
        };
        tile.paths_from(placed.side, from.clearing)
            .into_iter()
            .any(|(path, end)| match end {
                PathEnd::Edge(own) => {
                    let open = !path.kind.needs_discovery()
                        || discovered.is_none_or(|d| {
                            d.contains(&PathRef {
                                tile: from.tile,
                                side: placed.side,
                                from: path.from,
                                to: path.to,
                            })
                        });
                    open && self
                        .tile_at(placed.at.neighbor(placed.map_edge(own)))
                        .is_none()
                }
                PathEnd::Clearing(_) => false,
            })
    }

    /// Every clearing reachable (any number of moves) from `from` with those discoveries,
    /// `from` included (if it is on the map).
    pub fn reachable(
        &self,
        tiles: &Tiles,
        from: ClearingRef,
        discovered: &BTreeSet<PathRef>,
    ) -> BTreeSet<ClearingRef> {
        let start: Vec<ClearingRef> = self
            .clearings(tiles)
            .into_iter()
            .filter(|c| *c == from)
            .collect();
        self.spread(tiles, start, |s| s.open_to(discovered))
    }

    /// The kind of the roadway joining two clearings directly, if one does.
    pub fn path_kind(&self, tiles: &Tiles, a: ClearingRef, b: ClearingRef) -> Option<PathKind> {
        self.routes(tiles, a)
            .into_iter()
            .find(|r| r.to == b)
            .map(|r| r.kind)
    }

    /// 3.6.2 / 3.2.3b: whether a route along roadways of any kind (hidden paths and secret
    /// passages included, current sides) joins `c` to a Borderland clearing.
    pub fn connects_to_borderland(&self, tiles: &Tiles, c: ClearingRef) -> bool {
        self.borderland_component(tiles).contains(&c)
    }

    /// Every clearing with a route along roadways of any kind to a Borderland clearing
    /// (the Borderland's own clearings included).
    pub(super) fn borderland_component(&self, tiles: &Tiles) -> BTreeSet<ClearingRef> {
        let start: Vec<ClearingRef> = self
            .clearings(tiles)
            .into_iter()
            .filter(|c| c.tile == TileId::Borderland)
            .collect();
        self.spread(tiles, start, |_| true)
    }

    /// The clearings reached from `start` along steps that `usable` allows.
    fn spread(
        &self,
        tiles: &Tiles,
        start: Vec<ClearingRef>,
        usable: impl Fn(&Step) -> bool,
    ) -> BTreeSet<ClearingRef> {
        let mut seen: BTreeSet<ClearingRef> = start.iter().copied().collect();
        let mut queue = start;
        while let Some(c) = queue.pop() {
            for step in self.steps(tiles, c) {
                if usable(&step) && seen.insert(step.to) {
                    queue.push(step.to);
                }
            }
        }
        seen
    }
}
