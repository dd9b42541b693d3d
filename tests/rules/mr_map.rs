//! The Magic Realm map (rules 3.2, 3.6.2, 7.3.1, 7.5.1, 7.10): building and validating
//! maps, roadways between clearings, discoveries, and routes to the Borderland.

use std::collections::BTreeSet;
use tabletop_rules::engine::dice::Stream;
use tabletop_rules::magic_realm::catalog::tiles::{
    self, ClearingKind, ClearingNumber, Edge, PathEnd, PathKind, TileId, TileSide, Tiles,
};
use tabletop_rules::magic_realm::map::{
    ClearingRef, Hex, MapError, PathRef, PlacedTile, RealmMap, Route,
};

fn load() -> (Tiles, RealmMap) {
    let t = tiles::load().unwrap();
    let map = RealmMap::default_map(&t).unwrap();
    (t, map)
}

fn c(tile: TileId, n: u8) -> ClearingRef {
    ClearingRef::new(tile, n)
}

fn random_map(t: &Tiles, seed: u64) -> RealmMap {
    RealmMap::random(t, &mut Stream::new(seed, 1)).unwrap()
}

/// Every roadway on the map's current sides, as discoveries.
fn everything(map: &RealmMap, t: &Tiles) -> BTreeSet<PathRef> {
    map.clearings(t)
        .into_iter()
        .flat_map(|from| map.routes(t, from))
        .flat_map(|r| r.via)
        .collect()
}

/// The map with one placed tile changed.
fn changed(map: &RealmMap, tile: TileId, change: impl Fn(&mut PlacedTile)) -> RealmMap {
    let mut placed = map.tiles().to_vec();
    for p in placed.iter_mut().filter(|p| p.tile == tile) {
        change(p);
    }
    RealmMap::new(placed)
}

/// The map without one tile, and that tile as it was.
fn without(map: &RealmMap, tile: TileId) -> (Vec<PlacedTile>, PlacedTile) {
    let rest = map
        .tiles()
        .iter()
        .filter(|p| p.tile != tile)
        .copied()
        .collect();
    (rest, *map.placed(tile).unwrap())
}

/// Whether the tile has a road at its own edge on that side.
fn has_road(t: &Tiles, tile: TileId, side: TileSide, own: Edge) -> bool {
    t.get(tile)
        .unwrap()
        .road_exits(side)
        .iter()
        .any(|e| e.edge == own)
}

/// The first route found anywhere on the map whose kind is `kind`, with its start.
fn find_route(map: &RealmMap, t: &Tiles, kind: PathKind) -> (ClearingRef, Route) {
    map.clearings(t)
        .into_iter()
        .find_map(|from| {
            map.routes(t, from)
                .into_iter()
                .find(|r| r.kind == kind)
                .map(|r| (from, r))
        })
        .unwrap_or_else(|| panic!("no {kind:?} on the default map"))
}

// ---------------------------------------------------------------- hexes

#[test]
fn hex_neighbor_then_opposite_edge_returns_to_the_start() {
    for hex in [Hex::ORIGIN, Hex::new(3, -2), Hex::new(-5, 7)] {
        let mut seen = BTreeSet::new();
        for edge in Edge::ALL {
            let next = hex.neighbor(edge);
            assert_ne!(next, hex);
            assert_eq!(next.neighbor(edge.opposite()), hex, "{hex:?} {edge:?}");
            assert_eq!(hex.distance(next), 1);
            seen.insert(next);
        }
        assert_eq!(seen.len(), 6, "six different neighbours");
    }
}

#[test]
fn hex_center_formula_puts_north_up_and_columns_75_apart() {
    let close = |(x, y): (f64, f64), (ex, ey): (f64, f64)| {
        assert!((x - ex).abs() < 1e-9 && (y - ey).abs() < 1e-9, "({x}, {y})");
    };
    let h = 50.0 * 3f64.sqrt();
    close(Hex::ORIGIN.center(), (0.0, 0.0));
    close(Hex::ORIGIN.neighbor(Edge::N).center(), (0.0, -h));
    close(Hex::ORIGIN.neighbor(Edge::S).center(), (0.0, h));
    close(Hex::ORIGIN.neighbor(Edge::Se).center(), (75.0, h / 2.0));
    close(Hex::ORIGIN.neighbor(Edge::Nw).center(), (-75.0, -h / 2.0));
    close(Hex::new(2, -1).center(), (150.0, 0.0));
}

// ---------------------------------------------------------------- 3.2 legal maps

#[test]
fn rule_3_2_3_default_map_is_legal() {
    let (t, map) = load();
    assert_eq!(map.validate(&t), Ok(()));
    assert_eq!(map.tiles().len(), 20);
    let first = map.tiles()[0];
    assert_eq!((first.tile, first.at), (TileId::Borderland, Hex::ORIGIN));
    for id in TileId::ALL {
        assert_eq!(map.side(id), Some(TileSide::Normal), "{id:?}");
    }
    // The stored map is compact: the Borderland is surrounded.
    assert_eq!(map.adjacent_tiles(TileId::Borderland).len(), 6);
}

#[test]
fn rule_3_2_3_random_maps_are_legal_for_200_seeds() {
    let t = tiles::load().unwrap();
    let mut distinct = BTreeSet::new();
    for seed in 0..200 {
        let map = random_map(&t, seed);
        if let Err(e) = map.validate(&t) {
            panic!("seed {seed}: {e}");
        }
        let first = map.tiles()[0];
        assert_eq!(first.tile, TileId::Borderland, "seed {seed}");
        assert_eq!(first.at, Hex::ORIGIN, "seed {seed}");
        distinct.insert(serde_json::to_string(&map).unwrap());
    }
    assert_eq!(distinct.len(), 200, "every seed gives its own map");
}

#[test]
fn rule_3_2_3_same_seed_same_map() {
    let t = tiles::load().unwrap();
    assert_eq!(random_map(&t, 5), random_map(&t, 5));
    assert_ne!(random_map(&t, 5), random_map(&t, 6));
    let other_purpose = RealmMap::random(&t, &mut Stream::new(5, 2)).unwrap();
    assert_ne!(random_map(&t, 5), other_purpose);
}

#[test]
fn rule_3_2_3_road_edge_against_non_road_edge_is_refused() {
    let (t, map) = load();
    let mut refused = 0;
    for p in map.tiles() {
        for turn in 1..6 {
            let broken = changed(&map, p.tile, |q| q.rotation = (q.rotation + turn) % 6);
            let Err(err) = broken.validate(&t) else {
                continue;
            };
            let MapError::EdgeMismatch {
                tile,
                at,
                edge,
                neighbor,
                road_on_tile,
            } = err.clone()
            else {
                panic!("{:?} turned {turn}: {err}", p.tile);
            };
            refused += 1;
            assert!(tile == p.tile || neighbor == p.tile, "{err}");
            let here = *broken.tile_at(at).unwrap();
            let there = *broken.tile_at(at.neighbor(edge)).unwrap();
            assert_eq!((here.tile, there.tile), (tile, neighbor));
            let road_here = has_road(&t, tile, here.side, here.own_edge(edge));
            let road_there = has_road(&t, neighbor, there.side, there.own_edge(edge.opposite()));
            assert_eq!(
                (road_here, road_there),
                (road_on_tile, !road_on_tile),
                "{err}"
            );
            let text = err.to_string();
            assert!(text.contains(&format!("{at}")), "{text}");
            for id in [tile, neighbor] {
                let name = &t.get(id).unwrap().name;
                assert!(
                    text.contains(name.as_str()),
                    "{text} should name the {name}"
                );
            }
        }
    }
    assert!(refused > 50, "most turns break a full map: {refused}");
}

#[test]
fn rule_3_2_3_tile_touching_only_one_tile_is_refused() {
    let (t, map) = load();
    let mut refused = 0;
    for mover in [
        TileId::MapleWoods,
        TileId::HighPass,
        TileId::Crag,
        TileId::Ruins,
    ] {
        let (rest, _) = without(&map, mover);
        let rest_map = RealmMap::new(rest.clone());
        let lone_hexes: BTreeSet<Hex> = rest
            .iter()
            .flat_map(|p| p.at.neighbors().map(|(_, h)| h))
            .filter(|h| rest_map.tile_at(*h).is_none())
            .filter(|h| {
                let touching: Vec<TileId> = h
                    .neighbors()
                    .iter()
                    .filter_map(|(_, n)| rest_map.tile_at(*n).map(|p| p.tile))
                    .collect();
                touching.len() == 1 && touching[0] != TileId::Borderland
            })
            .collect();
        for at in lone_hexes {
            for rotation in 0..6 {
                let mut placed = rest.clone();
                placed.push(PlacedTile {
                    tile: mover,
                    at,
                    rotation,
                    side: TileSide::Normal,
                });
                match RealmMap::new(placed).validate(&t) {
                    Err(MapError::EdgeMismatch { .. }) | Err(MapError::NotConnected(_)) => {}
                    Err(MapError::NoPlacementOrder { stranded }) => {
                        assert!(stranded.contains(&mover), "{mover:?} at {at}: {stranded:?}");
                        refused += 1;
                    }
                    other => panic!("{mover:?} at {at} turned {rotation}: {other:?}"),
                }
            }
        }
    }
    assert!(
        refused >= 4,
        "some lone placements were only refused by 3.2.3b: {refused}"
    );
}

#[test]
fn rule_3_2_3_tile_without_route_to_the_borderland_is_refused() {
    let (t, map) = load();
    // Put the Crag (one road edge) where its road faces open table.
    let (rest, _) = without(&map, TileId::Crag);
    let rest_map = RealmMap::new(rest.clone());
    let mut refused = 0;
    let frontier: BTreeSet<Hex> = rest
        .iter()
        .flat_map(|p| p.at.neighbors().map(|(_, h)| h))
        .filter(|h| rest_map.tile_at(*h).is_none())
        .collect();
    for at in frontier {
        for rotation in 0..6 {
            let mut placed = rest.clone();
            placed.push(PlacedTile {
                tile: TileId::Crag,
                at,
                rotation,
                side: TileSide::Normal,
            });
            let candidate = RealmMap::new(placed);
            if let Err(MapError::NotConnected(tile)) = candidate.validate(&t) {
                assert_eq!(tile, TileId::Crag);
                let crag_clearings = (1..=6).map(|n| c(TileId::Crag, n));
                assert!(crag_clearings
                    .into_iter()
                    .all(|x| !candidate.connects_to_borderland(&t, x)));
                refused += 1;
            }
        }
    }
    assert!(refused > 0, "some placement cuts the Crag off");
}

#[test]
fn rule_3_2_2_duplicate_tile_refused() {
    let (t, map) = load();
    let twice = changed(&map, TileId::MapleWoods, |p| p.tile = TileId::Crag);
    assert_eq!(
        twice.validate(&t),
        Err(MapError::DuplicateTile(TileId::Crag))
    );
    let (rest, _) = without(&map, TileId::Ruins);
    assert_eq!(
        RealmMap::new(rest).validate(&t),
        Err(MapError::MissingTile(TileId::Ruins))
    );
}

#[test]
fn rule_3_2_3_tile_on_top_of_another_refused() {
    let (t, map) = load();
    let at = map.placed(TileId::Cliff).unwrap().at;
    let stacked = changed(&map, TileId::Crag, |p| p.at = at);
    let err = stacked.validate(&t).unwrap_err();
    assert_eq!(
        err,
        MapError::SharedHex {
            hex: at,
            first: TileId::Cliff,
            second: TileId::Crag
        }
    );
    assert!(err.to_string().contains("Cliff") && err.to_string().contains("Crag"));
}

#[test]
fn rule_3_2_1_tiles_start_green_side_up_and_rotations_are_sixths() {
    let (t, mut map) = load();
    let turned = changed(&map, TileId::Ledges, |p| p.rotation = 6);
    assert_eq!(
        turned.validate(&t),
        Err(MapError::BadRotation {
            tile: TileId::Ledges,
            rotation: 6
        })
    );
    map.flip(TileId::Ledges).unwrap();
    assert_eq!(
        map.validate(&t),
        Err(MapError::NotNormalSide(TileId::Ledges))
    );
}

// ---------------------------------------------------------------- roadways

#[test]
fn routes_are_symmetric() {
    let (t, map) = load();
    let mut crossing = 0;
    for from in map.clearings(&t) {
        for route in map.routes(&t, from) {
            let mut back_via = route.via.clone();
            back_via.reverse();
            let back = map.routes(&t, route.to);
            assert!(
                back.iter()
                    .any(|b| b.to == from && b.via == back_via && b.kind == route.kind),
                "{from:?} -> {route:?} has no way back"
            );
            assert_eq!(map.path_kind(&t, from, route.to), Some(route.kind));
            assert_eq!(map.path_kind(&t, route.to, from), Some(route.kind));
            if route.via.len() == 2 {
                crossing += 1;
            }
        }
    }
    assert!(crossing > 20, "roads cross tile edges: {crossing}");
}

#[test]
fn roads_across_tile_edges_join_open_road_halves() {
    let (t, map) = load();
    // The data: every road that leaves a tile, on either side, is an open road.
    for tile in t.iter() {
        for side in [TileSide::Normal, TileSide::Enchanted] {
            for exit in tile.road_exits(side) {
                assert_eq!(exit.kind, PathKind::OpenRoad, "{:?} {side:?}", tile.id);
            }
        }
    }
    for from in map.clearings(&t) {
        for route in map.routes(&t, from) {
            match route.via.as_slice() {
                [inside] => {
                    assert_eq!((inside.tile, route.to.tile), (from.tile, from.tile));
                    assert!(matches!(inside.to, PathEnd::Clearing(_)));
                }
                [out, into] => {
                    assert_eq!((out.tile, into.tile), (from.tile, route.to.tile));
                    assert_ne!(from.tile, route.to.tile);
                    assert_eq!((out.from, into.from), (from.clearing, route.to.clearing));
                    let (PathEnd::Edge(a), PathEnd::Edge(b)) = (out.to, into.to) else {
                        panic!("{route:?}");
                    };
                    let pa = map.placed(out.tile).unwrap();
                    let pb = map.placed(into.tile).unwrap();
                    assert_eq!(pa.at.neighbor(pa.map_edge(a)), pb.at, "{route:?}");
                    assert_eq!(pa.map_edge(a).opposite(), pb.map_edge(b));
                    assert_eq!(route.kind, PathKind::OpenRoad, "the 3.1 data");
                }
                _ => panic!("{route:?}"),
            }
        }
    }
}

#[test]
fn rule_2_1_1_clearings_and_kinds_follow_the_current_side() {
    let (t, map) = load();
    let all = map.clearings(&t);
    let expected: usize = t.iter().map(|x| x.clearings(TileSide::Normal).len()).sum();
    assert_eq!(all.len(), expected);
    assert!(all.windows(2).all(|w| w[0] < w[1]), "sorted, no repeats");
    let b = TileId::Borderland;
    assert_eq!(map.clearing_kind(&t, c(b, 4)), Some(ClearingKind::Cave));
    assert_eq!(map.clearing_kind(&t, c(b, 1)), Some(ClearingKind::Woods));
    assert_eq!(
        map.clearing_kind(&t, c(TileId::Crag, 3)),
        Some(ClearingKind::Mountain)
    );
    assert_eq!(map.clearing_kind(&t, c(TileId::OakWoods, 1)), None);
    assert_eq!(map.path_kind(&t, c(b, 4), c(b, 6)), Some(PathKind::Tunnel));
    assert_eq!(
        map.path_kind(&t, c(b, 4), c(b, 5)),
        Some(PathKind::SecretPassage)
    );
    assert_eq!(
        map.path_kind(&t, c(b, 1), c(b, 6)),
        Some(PathKind::OpenRoad)
    );
    assert_eq!(map.path_kind(&t, c(b, 1), c(b, 2)), None);
    assert!(map.routes(&t, c(TileId::OakWoods, 1)).is_empty());
}

#[test]
fn adjacent_tiles_are_symmetric() {
    let t = tiles::load().unwrap();
    let (_, default) = load();
    for map in [default, random_map(&t, 11), random_map(&t, 12)] {
        let mut touching_pairs = 0;
        for p in map.tiles() {
            let adjacent = map.adjacent_tiles(p.tile);
            assert!(adjacent.windows(2).all(|w| w[0] < w[1]), "sorted");
            assert!(!adjacent.is_empty() && !adjacent.contains(&p.tile));
            for other in &adjacent {
                assert!(map.adjacent_tiles(*other).contains(&p.tile));
                let q = map.placed(*other).unwrap();
                assert_eq!(p.at.distance(q.at), 1);
            }
            touching_pairs += adjacent.len();
        }
        // 3.2.3b: 1 edge for the second tile, at least 2 for each of the other 18.
        let needed = 1 + 2 * 18;
        assert!(touching_pairs / 2 >= needed, "{touching_pairs}");
    }
}

// ---------------------------------------------------------------- 7.5 discoveries

fn check_needs_discovery(kind: PathKind) {
    let (t, map) = load();
    let (from, route) = find_route(&map, &t, kind);
    assert!(kind.needs_discovery());
    let [path] = route.via.as_slice() else {
        panic!("{route:?}");
    };
    let to = |moves: Vec<Route>| moves.iter().any(|r| r.to == route.to);
    assert!(
        !to(map.moves(&t, from, &BTreeSet::new())),
        "{kind:?} closed"
    );
    let found = BTreeSet::from([*path]);
    assert!(to(map.moves(&t, from, &found)), "{kind:?} discovered");
    let back = map.moves(&t, route.to, &found);
    assert!(back.iter().any(|r| r.to == from), "the whole roadway");
    // The same roadway on the other side of the tile is another roadway (7.10).
    let other_side = PathRef {
        side: path.side.flipped(),
        ..*path
    };
    assert!(!to(map.moves(&t, from, &BTreeSet::from([other_side]))));
    // Open roads and tunnels never need discovering.
    for r in map.moves(&t, from, &BTreeSet::new()) {
        assert!(
            matches!(r.kind, PathKind::OpenRoad | PathKind::Tunnel),
            "{r:?}"
        );
    }
}

#[test]
fn rule_7_5_hidden_path_needs_discovery() {
    check_needs_discovery(PathKind::HiddenPath);
}

#[test]
fn rule_7_5_secret_passage_needs_discovery() {
    check_needs_discovery(PathKind::SecretPassage);
}

#[test]
fn rule_7_5_tunnels_need_no_discovery() {
    let (t, map) = load();
    let b = TileId::Borderland;
    let moves = map.moves(&t, c(b, 6), &BTreeSet::new());
    assert!(moves
        .iter()
        .any(|r| r.to == c(b, 4) && r.kind == PathKind::Tunnel));
}

#[test]
fn rule_7_5_reachable_from_borderland_1_with_and_without_discoveries() {
    let (t, map) = load();
    let b1 = c(TileId::Borderland, 1);
    let all = everything(&map, &t);
    let full = map.reachable(&t, b1, &all);
    let joined: BTreeSet<ClearingRef> = map
        .clearings(&t)
        .into_iter()
        .filter(|x| map.connects_to_borderland(&t, *x))
        .collect();
    assert_eq!(
        full, joined,
        "with everything found, the reach is 3.6.2's connection"
    );
    assert_eq!(full.len(), map.clearings(&t).len() - 4);

    let bare = map.reachable(&t, b1, &BTreeSet::new());
    assert!(bare.contains(&b1) && bare.is_subset(&full));
    for x in &bare {
        for r in map.moves(&t, *x, &BTreeSet::new()) {
            assert!(
                bare.contains(&r.to),
                "{x:?} -> {:?} escapes the reach",
                r.to
            );
        }
    }
    // On the default map the Caves' secret passage 2-3 is the only way on to the Crag
    // and the rest of the Caves.
    let behind: BTreeSet<ClearingRef> = full.difference(&bare).copied().collect();
    let mut expected: BTreeSet<ClearingRef> = (1..=6).map(|n| c(TileId::Crag, n)).collect();
    expected.extend([1, 2, 4, 6].map(|n| c(TileId::Caves, n)));
    assert_eq!(behind, expected);
    let passage = PathRef {
        tile: TileId::Caves,
        side: TileSide::Normal,
        from: ClearingNumber(2),
        to: PathEnd::Clearing(ClearingNumber(3)),
    };
    assert_eq!(map.reachable(&t, b1, &BTreeSet::from([passage])), full);
}

#[test]
fn rule_3_6_2_connects_to_borderland() {
    let (t, map) = load();
    for n in 1..=6 {
        assert!(map.connects_to_borderland(&t, c(TileId::Borderland, n)));
    }
    let cut_off: Vec<ClearingRef> = map
        .clearings(&t)
        .into_iter()
        .filter(|x| !map.connects_to_borderland(&t, *x))
        .collect();
    // Roads that run off the map edge lead nowhere (2.1.1).
    let expected = vec![
        c(TileId::LindenWoods, 5),
        c(TileId::MapleWoods, 5),
        c(TileId::PineWoods, 2),
        c(TileId::PineWoods, 4),
    ];
    assert_eq!(cut_off, expected);
    let all = everything(&map, &t);
    for x in &cut_off {
        let reach = map.reachable(&t, *x, &all);
        assert!(
            reach.iter().all(|r| cut_off.contains(r)),
            "{x:?}: {reach:?}"
        );
    }
    assert!(
        !map.connects_to_borderland(&t, c(TileId::OakWoods, 1)),
        "no such clearing"
    );
}

#[test]
fn rule_3_6_2_every_valley_has_clearing_5_or_4_joined_to_the_borderland() {
    let t = tiles::load().unwrap();
    let (_, default) = load();
    let valleys = [
        TileId::AwfulValley,
        TileId::BadValley,
        TileId::CurstValley,
        TileId::DarkValley,
        TileId::EvilValley,
    ];
    let mut used_4 = 0;
    let maps = std::iter::once(default).chain((100..110).map(|s| random_map(&t, s)));
    for map in maps {
        for v in valleys {
            let five = map.connects_to_borderland(&t, c(v, 5));
            let four = map.connects_to_borderland(&t, c(v, 4));
            assert!(five || four, "{v:?}: 3.2.3b joins every tile");
            used_4 += usize::from(!five);
        }
    }
    assert!(used_4 > 0, "some valley falls back to clearing 4");
}

// ---------------------------------------------------------------- 7.10 turning tiles

#[test]
fn rule_7_10_flipping_a_tile_changes_its_roadways_and_back() {
    let (t, original) = load();
    let mut map = original.clone();
    let ruins = TileId::Ruins;
    let snapshot = |m: &RealmMap| -> Vec<(ClearingRef, Vec<Route>)> {
        m.clearings(&t)
            .into_iter()
            .map(|x| (x, m.routes(&t, x)))
            .collect()
    };
    let before = snapshot(&map);
    let crossings = |m: &RealmMap| -> usize {
        (1..=6)
            .flat_map(|n| m.routes(&t, c(ruins, n)))
            .filter(|r| r.via.len() == 2)
            .count()
    };
    let crossing_before = crossings(&map);
    assert_eq!(
        map.path_kind(&t, c(ruins, 1), c(ruins, 2)),
        Some(PathKind::OpenRoad)
    );

    map.flip(ruins).unwrap();
    assert_eq!(map.side(ruins), Some(TileSide::Enchanted));
    assert_eq!(
        map.path_kind(&t, c(ruins, 1), c(ruins, 2)),
        Some(PathKind::HiddenPath)
    );
    assert_eq!(
        map.path_kind(&t, c(ruins, 1), c(ruins, 5)),
        Some(PathKind::OpenRoad)
    );
    assert_ne!(snapshot(&map), before);
    // The road edges are the same on both sides: every road across an edge still joins.
    assert_eq!(crossings(&map), crossing_before);
    for (from, routes) in snapshot(&map) {
        for r in routes {
            assert!(
                map.routes(&t, r.to).iter().any(|b| b.to == from),
                "{from:?} {r:?}"
            );
        }
    }
    // A hidden path found on the green side does not open the enchanted one.
    let green = PathRef {
        tile: ruins,
        side: TileSide::Normal,
        from: ClearingNumber(1),
        to: PathEnd::Clearing(ClearingNumber(2)),
    };
    let enchanted = PathRef {
        side: TileSide::Enchanted,
        ..green
    };
    let reaches_2 = |found: &BTreeSet<PathRef>| {
        map.moves(&t, c(ruins, 1), found)
            .iter()
            .any(|r| r.to == c(ruins, 2))
    };
    assert!(!reaches_2(&BTreeSet::from([green])));
    assert!(reaches_2(&BTreeSet::from([enchanted])));

    map.set_side(ruins, TileSide::Normal).unwrap();
    assert_eq!(map, original);
    assert_eq!(snapshot(&map), before);
    map.flip(ruins).unwrap();
    map.flip(ruins).unwrap();
    assert_eq!(map, original);
}

#[test]
fn turning_a_tile_that_is_not_on_the_map_is_refused() {
    let mut empty = RealmMap::new(Vec::new());
    assert_eq!(
        empty.flip(TileId::Crag),
        Err(MapError::NotOnMap(TileId::Crag))
    );
    assert_eq!(
        empty.set_side(TileId::HighPass, TileSide::Enchanted),
        Err(MapError::NotOnMap(TileId::HighPass))
    );
    assert!(MapError::NotOnMap(TileId::HighPass)
        .to_string()
        .contains("High Pass"));
    assert_eq!(empty.adjacent_tiles(TileId::Crag), Vec::<TileId>::new());
}

// ---------------------------------------------------------------- JSON

#[test]
fn map_types_have_the_documented_json() {
    let (t, map) = load();
    assert_eq!(
        serde_json::to_value(c(TileId::Borderland, 4)).unwrap(),
        serde_json::json!({"tile": "borderland", "clearing": 4})
    );
    let path = PathRef {
        tile: TileId::Borderland,
        side: TileSide::Normal,
        from: ClearingNumber(4),
        to: PathEnd::Edge(Edge::Se),
    };
    assert_eq!(
        serde_json::to_value(path).unwrap(),
        serde_json::json!({"tile": "borderland", "side": "normal", "from": 4, "to": {"edge": "SE"}})
    );
    let value = serde_json::to_value(&map).unwrap();
    assert_eq!(value["tiles"].as_array().unwrap().len(), 20);
    assert_eq!(
        value["tiles"][0],
        serde_json::json!({"tile": "borderland", "at": {"q": 0, "r": 0}, "rotation": 1, "side": "normal"})
    );
    let back: RealmMap = serde_json::from_value(value).unwrap();
    assert_eq!(back, map);
    assert_eq!(back.validate(&t), Ok(()));
}
