//! Rule 3.2 (constructing the map): whether a finished map is legal, and building a random
//! legal map the way the players do it (3.2.2 deal the tiles, 3.2.3 play them one by one,
//! taking a tile back when the next player would have no legal play).

use super::board::Board;
use super::grid::{bit, road_bits, rotate_bits};
use super::{Hex, MapError, PlacedTile, RealmMap};
use crate::engine::dice::Stream;
use crate::magic_realm::catalog::tiles::{TileId, TileSide, Tiles};
use std::collections::BTreeMap;

/// How many times [`RealmMap::random`] deals the tiles afresh before giving up.
const DEALS: u32 = 64;
/// How many plays (including replays after taking tiles back) one deal may use.
const PLAYS_PER_DEAL: u32 = 2_000;

impl RealmMap {
    /// 3.2: the finished map is legal. Checked in this order, the first fault found is
    /// returned:
    /// 1. every placed tile has data, all 20 tiles are placed once (3.2.2), rotations are
    ///    0 to 5, every tile is green (normal) side up (3.2.1);
    /// 2. no two tiles share a hex;
    /// 3. wherever tiles touch, road edges meet road edges and non-road edges meet non-road
    ///    edges (3.2.3b);
    /// 4. every tile has a route along roadways of any kind to a Borderland clearing;
    /// 5. the tiles can have been played in some order obeying 3.2.3b: the Borderland
    ///    first, the second tile touching it, every later tile touching two placed tiles,
    ///    and every tile, when played, having a route to the Borderland through the tiles
    ///    already placed. (Both conditions only get easier as tiles are added, so playing
    ///    any playable tile next never spoils the order; trying each Borderland neighbour
    ///    as the second tile makes the search complete.)
    pub fn validate(&self, tiles: &Tiles) -> Result<(), MapError> {
        self.check_tiles(tiles)?;
        self.check_hexes()?;
        self.check_edges(tiles)?;
        self.check_connected(tiles)?;
        self.check_order(tiles)
    }

    fn check_tiles(&self, tiles: &Tiles) -> Result<(), MapError> {
        if let Some(p) = self.tiles.iter().find(|p| tiles.get(p.tile).is_none()) {
            return Err(MapError::UnknownTile(p.tile));
        }
        let count = |id: TileId| self.tiles.iter().filter(|p| p.tile == id).count();
        if let Some(id) = TileId::ALL.into_iter().find(|id| count(*id) > 1) {
            return Err(MapError::DuplicateTile(id));
        }
        if let Some(id) = TileId::ALL.into_iter().find(|id| count(*id) == 0) {
            return Err(MapError::MissingTile(id));
        }
        if let Some(p) = self.tiles.iter().find(|p| p.rotation >= 6) {
            return Err(MapError::BadRotation {
                tile: p.tile,
                rotation: p.rotation,
            });
        }
        match self.tiles.iter().find(|p| p.side != TileSide::Normal) {
            Some(p) => Err(MapError::NotNormalSide(p.tile)),
            None => Ok(()),
        }
    }

    fn check_hexes(&self) -> Result<(), MapError> {
        let mut seen: BTreeMap<Hex, TileId> = BTreeMap::new();
        for p in &self.tiles {
            if let Some(first) = seen.insert(p.at, p.tile) {
                return Err(MapError::SharedHex {
                    hex: p.at,
                    first,
                    second: p.tile,
                });
            }
        }
        Ok(())
    }

    /// The map edges (as bits) by which roads leave this placed tile.
    fn road_edges(tiles: &Tiles, p: &PlacedTile) -> Result<u8, MapError> {
        let tile = tiles.get(p.tile).ok_or(MapError::UnknownTile(p.tile))?;
        Ok(rotate_bits(road_bits(tile.face(p.side)), p.rotation))
    }

    fn check_edges(&self, tiles: &Tiles) -> Result<(), MapError> {
        for p in &self.tiles {
            let roads = Self::road_edges(tiles, p)?;
            for (edge, hex) in p.at.neighbors() {
                let Some(q) = self.tile_at(hex) else {
                    continue;
                };
                let here = roads & bit(edge) != 0;
                let there = Self::road_edges(tiles, q)? & bit(edge.opposite()) != 0;
                if here != there {
                    return Err(MapError::EdgeMismatch {
                        tile: p.tile,
                        at: p.at,
                        edge,
                        neighbor: q.tile,
                        road_on_tile: here,
                    });
                }
            }
        }
        Ok(())
    }

    fn check_connected(&self, tiles: &Tiles) -> Result<(), MapError> {
        let joined = self.borderland_component(tiles);
        match self
            .tiles
            .iter()
            .find(|p| !joined.iter().any(|c| c.tile == p.tile))
        {
            Some(p) => Err(MapError::NotConnected(p.tile)),
            None => Ok(()),
        }
    }

    fn check_order(&self, tiles: &Tiles) -> Result<(), MapError> {
        let borderland = self
            .placed(TileId::Borderland)
            .ok_or(MapError::MissingTile(TileId::Borderland))?;
        let mut fewest_stranded: Option<Vec<TileId>> = None;
        for (_, hex) in borderland.at.neighbors() {
            let Some(second) = self.tile_at(hex) else {
                continue;
            };
            let mut board = Board::new(tiles);
            board.play(*borderland)?;
            if !board.can_play(second)? {
                continue;
            }
            board.play(*second)?;
            let mut left: Vec<PlacedTile> = self
                .tiles
                .iter()
                .filter(|p| p.tile != borderland.tile && p.tile != second.tile)
                .copied()
                .collect();
            while let Some(next) = first_playable(&board, &left)? {
                board.play(next)?;
                left.retain(|p| p.tile != next.tile);
            }
            if left.is_empty() {
                return Ok(());
            }
            let mut stranded: Vec<TileId> = left.iter().map(|p| p.tile).collect();
            stranded.sort();
            if fewest_stranded
                .as_ref()
                .is_none_or(|best| stranded.len() < best.len())
            {
                fewest_stranded = Some(stranded);
            }
        }
        let stranded = fewest_stranded.unwrap_or_else(|| {
            self.tiles
                .iter()
                .map(|p| p.tile)
                .filter(|t| *t != TileId::Borderland)
                .collect()
        });
        Err(MapError::NoPlacementOrder { stranded })
    }

    /// A random legal map built by 3.2's rules from the stream. The Borderland goes first at
    /// [`Hex::ORIGIN`], turned at random; the other 19 tiles are dealt into a random order of
    /// play (3.2.2; which player holds which tile does not matter here) and played one by
    /// one, each at a position and rotation drawn from all those 3.2.3b allows. When the next
    /// tile has no legal play, the tile before it is taken back and played elsewhere (3.2.3b,
    /// last point), backing up further as needed. A deal that uses up its budget of plays is
    /// abandoned and the tiles dealt again. The map lists the tiles in the order played.
    pub fn random(tiles: &Tiles, stream: &mut Stream) -> Result<RealmMap, MapError> {
        for _ in 0..DEALS {
            if let Some(placed) = build_one_deal(tiles, stream)? {
                return Ok(RealmMap::new(placed));
            }
        }
        Err(MapError::NoLegalMap { attempts: DEALS })
    }
}

fn first_playable(board: &Board, left: &[PlacedTile]) -> Result<Option<PlacedTile>, MapError> {
    for p in left {
        if board.can_play(p)? {
            return Ok(Some(*p));
        }
    }
    Ok(None)
}

/// Takes a random item out of the list.
fn draw<T>(items: &mut Vec<T>, stream: &mut Stream) -> Option<T> {
    let i = stream.index(items.len());
    (i < items.len()).then(|| items.swap_remove(i))
}

/// Every play 3.2.3b allows for this tile now, green side up.
fn legal_plays(board: &Board, tiles: &Tiles, tile: TileId) -> Result<Vec<PlacedTile>, MapError> {
    let own = tiles
        .get(tile)
        .map(|t| road_bits(t.face(TileSide::Normal)))
        .ok_or(MapError::UnknownTile(tile))?;
    let mut plays = Vec::new();
    for at in board.frontier() {
        let around = board.surroundings(at);
        for rotation in 0..6 {
            if board.allows(around, rotate_bits(own, rotation)) {
                plays.push(PlacedTile {
                    tile,
                    at,
                    rotation,
                    side: TileSide::Normal,
                });
            }
        }
    }
    Ok(plays)
}

/// One deal: `None` if it ran out of plays before placing every tile.
fn build_one_deal(tiles: &Tiles, stream: &mut Stream) -> Result<Option<Vec<PlacedTile>>, MapError> {
    let mut board = Board::new(tiles);
    board.play(PlacedTile {
        tile: TileId::Borderland,
        at: Hex::ORIGIN,
        rotation: u8::try_from(stream.below(6)).unwrap_or(0),
        side: TileSide::Normal,
    })?;
    let mut deck: Vec<TileId> = TileId::ALL
        .into_iter()
        .filter(|t| *t != TileId::Borderland)
        .collect();
    let mut order = Vec::with_capacity(deck.len());
    while let Some(tile) = draw(&mut deck, stream) {
        order.push(tile);
    }
    // options[i] holds the plays not yet tried for order[i]; the tiles of every level
    // below the top one are on the board.
    let mut options: Vec<Vec<PlacedTile>> = Vec::with_capacity(order.len());
    if let Some(first) = order.first() {
        options.push(legal_plays(&board, tiles, *first)?);
    }
    let mut budget = PLAYS_PER_DEAL;
    while let Some(top) = options.last_mut() {
        if budget == 0 {
            return Ok(None);
        }
        budget -= 1;
        match draw(top, stream) {
            Some(play) => {
                board.play(play)?;
                match order.get(options.len()) {
                    Some(next) => options.push(legal_plays(&board, tiles, *next)?),
                    None => return Ok(Some(board.placed())),
                }
            }
            None => {
                options.pop();
                if !options.is_empty() {
                    board.take_back();
                }
            }
        }
    }
    Ok(None)
}
