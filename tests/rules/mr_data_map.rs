//! Data tests for the Magic Realm map: tiles (2.1, 3.2, 4.6.1e), map chits and dwellings
//! (2.1.3, 3.5, 3.6) and the dice tables (4.1 and the table sheets).

use std::collections::BTreeSet;
use tabletop_rules::magic_realm::catalog::chits::{
    self, DwellingId, DwellingKind, ExchangeResult, ExchangeTiming, MapChitId, SoundKind,
    SpecialKind, WarningKind,
};
use tabletop_rules::magic_realm::catalog::common::{MagicColor, Size};
use tabletop_rules::magic_realm::catalog::tables::{
    self, covers_exactly_once, Creature, Curse, HideResult, LocateResult, MeetingColumn,
    MeetingResult, PeerResult, ReadingRunesResult, SearchEffect, SiteCardResult, TableId,
    TableResults, TacticsResult,
};
use tabletop_rules::magic_realm::catalog::tiles::{
    self, ClearingKind, ClearingNumber, Edge, PathEnd, PathKind, TileGroup, TileId, TileSide,
};

const SIDES: [TileSide; 2] = [TileSide::Normal, TileSide::Enchanted];

fn n(x: u8) -> ClearingNumber {
    ClearingNumber(x)
}

// ---------------------------------------------------------------- tiles

#[test]
fn rule_2_1_twenty_tiles_with_names_and_groups() {
    let t = tiles::load().unwrap();
    let expected = [
        (TileId::AwfulValley, "Awful Valley", TileGroup::Valley),
        (TileId::BadValley, "Bad Valley", TileGroup::Valley),
        (TileId::CurstValley, "Curst Valley", TileGroup::Valley),
        (TileId::DarkValley, "Dark Valley", TileGroup::Valley),
        (TileId::EvilValley, "Evil Valley", TileGroup::Valley),
        (TileId::LindenWoods, "Linden Woods", TileGroup::Woods),
        (TileId::MapleWoods, "Maple Woods", TileGroup::Woods),
        (TileId::NutWoods, "Nut Woods", TileGroup::Woods),
        (TileId::OakWoods, "Oak Woods", TileGroup::Woods),
        (TileId::PineWoods, "Pine Woods", TileGroup::Woods),
        (TileId::Cliff, "Cliff", TileGroup::Mountain),
        (TileId::Crag, "Crag", TileGroup::Mountain),
        (TileId::DeepWoods, "Deep Woods", TileGroup::Mountain),
        (TileId::Ledges, "Ledges", TileGroup::Mountain),
        (TileId::Mountain, "Mountain", TileGroup::Mountain),
        (TileId::Borderland, "Borderland", TileGroup::Caves),
        (TileId::Cavern, "Cavern", TileGroup::Caves),
        (TileId::Caves, "Caves", TileGroup::Caves),
        (TileId::HighPass, "High Pass", TileGroup::Caves),
        (TileId::Ruins, "Ruins", TileGroup::Caves),
    ];
    assert_eq!(t.tiles.len(), 20);
    for (id, name, group) in expected {
        let tile = t.get(id).unwrap();
        assert_eq!(tile.name, name);
        assert_eq!(tile.group, group, "{name}");
    }
    for group in TileGroup::ALL {
        assert_eq!(t.in_group(group).count(), 5, "{group:?}");
    }
    assert_eq!(t.get(TileId::NutWoods).unwrap().code, "NW");
}

#[test]
fn rule_2_1_clearing_counts_per_tile() {
    let t = tiles::load().unwrap();
    for tile in t.iter() {
        let expected: Vec<u8> = match tile.group {
            TileGroup::Valley => vec![1, 2, 4, 5],
            TileGroup::Woods => vec![2, 4, 5],
            TileGroup::Mountain | TileGroup::Caves => vec![1, 2, 3, 4, 5, 6],
        };
        for side in SIDES {
            let got: Vec<u8> = tile.clearings(side).iter().map(|c| c.number.0).collect();
            assert_eq!(got, expected, "{} {side:?}", tile.name);
        }
    }
}

#[test]
fn rule_2_1_every_clearing_number_valid() {
    let t = tiles::load().unwrap();
    for tile in t.iter() {
        for side in SIDES {
            let numbers: BTreeSet<u8> = tile.clearings(side).iter().map(|c| c.number.0).collect();
            assert_eq!(
                numbers.len(),
                tile.clearings(side).len(),
                "{} repeats",
                tile.name
            );
            assert!(numbers.iter().all(|x| (1..=6).contains(x)), "{}", tile.name);
        }
    }
}

#[test]
fn rule_2_1_every_path_connects_existing_clearings() {
    let t = tiles::load().unwrap();
    for tile in t.iter() {
        for side in SIDES {
            for p in &tile.face(side).paths {
                assert!(
                    tile.clearing(side, p.from).is_some(),
                    "{} {side:?}",
                    tile.name
                );
                if let PathEnd::Clearing(to) = p.to {
                    assert!(tile.clearing(side, to).is_some(), "{} {side:?}", tile.name);
                    assert_ne!(to, p.from, "{} loops", tile.name);
                }
            }
        }
    }
}

#[test]
fn rule_2_1_every_path_present_from_both_ends() {
    let t = tiles::load().unwrap();
    for tile in t.iter() {
        for side in SIDES {
            for p in &tile.face(side).paths {
                let ends_at = |c| tile.paths_from(side, c).iter().any(|(q, _)| *q == p);
                assert!(ends_at(p.from), "{} {side:?}", tile.name);
                if let PathEnd::Clearing(to) = p.to {
                    let back = tile.paths_from(side, to);
                    assert!(
                        back.iter()
                            .any(|(q, end)| *q == p && *end == PathEnd::Clearing(p.from)),
                        "{} {side:?}: {}-{} missing from {}",
                        tile.name,
                        p.from.0,
                        to.0,
                        to.0
                    );
                }
            }
        }
    }
}

#[test]
fn rule_2_1_borderland_matches_the_printed_tile() {
    let t = tiles::load().unwrap();
    let b = t.get(TileId::Borderland).unwrap();
    let side = TileSide::Normal;
    assert_eq!(b.clearing(side, n(4)).unwrap().kind, ClearingKind::Cave);
    assert_eq!(b.clearing(side, n(1)).unwrap().kind, ClearingKind::Woods);
    let from4: Vec<(PathEnd, PathKind)> = b
        .paths_from(side, n(4))
        .iter()
        .map(|(p, end)| (*end, p.kind))
        .collect();
    assert!(from4.contains(&(PathEnd::Clearing(n(5)), PathKind::SecretPassage)));
    assert!(from4.contains(&(PathEnd::Clearing(n(6)), PathKind::Tunnel)));
    assert!(from4.contains(&(PathEnd::Edge(Edge::Se), PathKind::OpenRoad)));
    assert_eq!(from4.len(), 3);
    assert_eq!(b.exit_clearing(side, Edge::N), Some(n(1)));
}

#[test]
fn rule_2_1_clearing_kinds_by_tile() {
    let t = tiles::load().unwrap();
    let kinds = |id| -> BTreeSet<ClearingKind> {
        let tile = t.get(id).unwrap();
        SIDES
            .iter()
            .flat_map(|s| tile.clearings(*s).iter().map(|c| c.kind))
            .collect()
    };
    for tile in t
        .iter()
        .filter(|x| x.group == TileGroup::Valley || x.group == TileGroup::Woods)
    {
        assert_eq!(
            kinds(tile.id),
            BTreeSet::from([ClearingKind::Woods]),
            "{}",
            tile.name
        );
    }
    assert_eq!(
        kinds(TileId::DeepWoods),
        BTreeSet::from([ClearingKind::Woods])
    );
    assert_eq!(
        kinds(TileId::Crag),
        BTreeSet::from([ClearingKind::Mountain])
    );
    assert_eq!(kinds(TileId::Caves), BTreeSet::from([ClearingKind::Cave]));
    assert_eq!(kinds(TileId::Cavern), BTreeSet::from([ClearingKind::Cave]));
    let tunnels_only_in_cave_tiles = t.iter().all(|tile| {
        SIDES.iter().all(|s| {
            tile.face(*s).paths.iter().all(|p| {
                p.kind != PathKind::Tunnel
                    || tile.clearing(*s, p.from).map(|c| c.kind) == Some(ClearingKind::Cave)
            })
        })
    });
    assert!(
        tunnels_only_in_cave_tiles,
        "a tunnel starts outside a cave clearing"
    );
}

#[test]
fn rule_3_2_road_exit_edges_valid_and_the_same_on_both_sides() {
    let t = tiles::load().unwrap();
    for tile in t.iter() {
        let normal = tile.road_exits(TileSide::Normal);
        let enchanted = tile.road_exits(TileSide::Enchanted);
        assert!(!normal.is_empty(), "{} has no road out", tile.name);
        let edges = |v: &[tiles::RoadExit]| v.iter().map(|e| e.edge).collect::<Vec<_>>();
        assert_eq!(edges(&normal), edges(&enchanted), "{}", tile.name);
        for (side, exits) in [
            (TileSide::Normal, &normal),
            (TileSide::Enchanted, &enchanted),
        ] {
            let distinct: BTreeSet<Edge> = exits.iter().map(|e| e.edge).collect();
            assert_eq!(distinct.len(), exits.len(), "{} repeats an edge", tile.name);
            for e in exits {
                assert!(Edge::ALL.contains(&e.edge));
                assert!(tile.clearing(side, e.clearing).is_some(), "{}", tile.name);
                assert_eq!(tile.exit_clearing(side, e.edge), Some(e.clearing));
            }
        }
    }
    assert_eq!(
        t.get(TileId::Borderland)
            .unwrap()
            .road_exits(TileSide::Normal)
            .len(),
        6
    );
    assert_eq!(
        t.get(TileId::Crag)
            .unwrap()
            .road_exits(TileSide::Normal)
            .len(),
        1
    );
}

#[test]
fn rule_4_6_enchanted_clearings_carry_colour_magic() {
    use MagicColor::{Gold, Grey, Purple};
    let t = tiles::load().unwrap();
    for tile in t.iter() {
        for c in tile.clearings(TileSide::Normal) {
            assert!(
                c.magic.is_empty(),
                "{} normal side supplies magic",
                tile.name
            );
        }
        for c in tile.clearings(TileSide::Enchanted) {
            let expected: Vec<MagicColor> = match (tile.id, c.number.0) {
                (TileId::Crag, _) => vec![Grey, Gold, Purple],
                (TileId::Borderland, 1) => vec![Grey],
                (TileId::Borderland, 2 | 3) => vec![Gold],
                (TileId::Borderland, 4 | 5) => vec![Purple],
                (TileId::Borderland, _) => vec![Grey, Purple],
                (TileId::Ruins, _) => vec![Grey],
                (TileId::DeepWoods, _) => vec![Gold],
                _ => match tile.group {
                    TileGroup::Valley => vec![Grey],
                    TileGroup::Woods => vec![Gold],
                    TileGroup::Mountain | TileGroup::Caves => vec![Purple],
                },
            };
            assert_eq!(c.magic, expected, "{} clearing {}", tile.name, c.number.0);
        }
    }
}

#[test]
fn rule_2_1_clearings_drawn_inside_the_hexagon() {
    let t = tiles::load().unwrap();
    for tile in t.iter() {
        for side in SIDES {
            for c in tile.clearings(side) {
                let slant = (c.at.y - 50.0).abs() / 2.0;
                let inside = c.at.x > slant && c.at.x < 100.0 - slant;
                assert!(
                    inside,
                    "{} {side:?} clearing {} outside",
                    tile.name, c.number.0
                );
            }
        }
    }
    assert_eq!(Edge::N.midpoint().y, 0.0);
    assert_eq!(Edge::Se.midpoint().x, 87.5);
}

#[test]
fn rule_3_2_edges_rotate_clockwise() {
    assert_eq!(Edge::N.rotated(1), Edge::Ne);
    assert_eq!(Edge::Nw.rotated(1), Edge::N);
    assert_eq!(Edge::Sw.rotated(8), Edge::N);
    assert_eq!(Edge::Ne.opposite(), Edge::Sw);
    for e in Edge::ALL {
        assert_eq!(e.opposite().opposite(), e);
        assert_eq!(e.rotated(6), e);
    }
}

#[test]
fn rule_2_1_validation_rejects_a_dangling_path() {
    let mut t = tiles::load().unwrap();
    let tile = t.tiles.iter_mut().find(|x| x.id == TileId::Ruins).unwrap();
    tile.enchanted.clearings.retain(|c| c.number != n(6));
    assert!(tiles::validate(&t).is_err());

    let mut t = tiles::load().unwrap();
    t.tiles[0].normal.clearings[0].magic.push(MagicColor::Grey);
    assert!(
        tiles::validate(&t).is_err(),
        "normal side must supply no magic"
    );
}

#[test]
fn rule_2_1_tiles_round_trip_through_json() {
    let t = tiles::load().unwrap();
    let text = serde_json::to_string(&t).unwrap();
    let back: tiles::Tiles = serde_json::from_str(&text).unwrap();
    assert_eq!(back, t);
    let typo = r#"{"tiles": [], "extra": 1}"#;
    assert!(serde_json::from_str::<tiles::Tiles>(typo).is_err());
}

// ---------------------------------------------------------------- map chits

#[test]
fn rule_3_5_sound_chits_ten() {
    let c = chits::load().unwrap();
    let mut got: Vec<(SoundKind, u8)> = c
        .sound_chits
        .iter()
        .map(|s| (s.sound, s.clearing.0))
        .collect();
    got.sort();
    let expected = vec![
        (SoundKind::Flutter, 1),
        (SoundKind::Flutter, 2),
        (SoundKind::Patter, 2),
        (SoundKind::Patter, 5),
        (SoundKind::Slither, 3),
        (SoundKind::Slither, 6),
        (SoundKind::Howl, 4),
        (SoundKind::Howl, 5),
        (SoundKind::Roar, 4),
        (SoundKind::Roar, 6),
    ];
    assert_eq!(got, expected);
}

#[test]
fn rule_2_1_3_site_chits_eight_with_their_clearings() {
    let c = chits::load().unwrap();
    assert_eq!(c.site_chits.len(), 8);
    let clearing = |name: &str| {
        c.site_chits
            .iter()
            .find(|s| s.name == name)
            .unwrap()
            .clearing
            .0
    };
    assert_eq!(clearing("Hoard"), 6);
    assert_eq!(clearing("Altar"), 1);
    assert_eq!(clearing("Statue"), 2);
    assert_eq!(clearing("Lair"), 3);
    assert_eq!(clearing("Vault"), 3);
    assert_eq!(clearing("Shrine"), 4);
    assert_eq!(clearing("Cairns"), 5);
    assert_eq!(clearing("Pool"), 6);
}

#[test]
fn rule_3_5_1_warning_chits_twenty_five_per_group() {
    let c = chits::load().unwrap();
    assert_eq!(c.warning_chits.len(), 20);
    for group in TileGroup::ALL {
        let kinds: BTreeSet<WarningKind> = c
            .warning_chits
            .iter()
            .filter(|w| w.group == group)
            .map(|w| w.warning)
            .collect();
        assert_eq!(kinds, BTreeSet::from(WarningKind::ALL), "{group:?}");
    }
    assert_eq!(
        c.warning_chit(TileGroup::Woods, WarningKind::Smoke)
            .unwrap()
            .id
            .0,
        "smoke_w"
    );
}

#[test]
fn rule_3_5_lost_city_in_caves_lost_castle_in_mountains() {
    let c = chits::load().unwrap();
    assert_eq!(c.special_chits.len(), 2);
    for s in &c.special_chits {
        let group = match s.special {
            SpecialKind::LostCity => TileGroup::Caves,
            SpecialKind::LostCastle => TileGroup::Mountain,
        };
        assert_eq!(s.group, group);
        assert_eq!(s.holds_chits, 5, "3.5.2");
    }
    assert_eq!(c.all_ids().len(), 8 + 10 + 20 + 2);
}

#[test]
fn rule_3_5_5_map_chits_table_fits_the_tiles() {
    let c = chits::load().unwrap();
    let t = tiles::load().unwrap();
    let site_and_sound = c.site_chits.len() + c.sound_chits.len();
    let mut placed: usize = c
        .placement
        .appearance_chart_sections
        .iter()
        .map(|s| usize::from(s.site_or_sound_chits))
        .sum();
    for g in &c.placement.tile_groups {
        let tiles_in_group = t.in_group(g.group).count();
        let warnings = c
            .warning_chits
            .iter()
            .filter(|w| w.group == g.group)
            .count();
        assert_eq!(
            warnings,
            tiles_in_group * usize::from(g.warning_chits_per_tile)
        );
        if g.site_or_sound_chits > 0 {
            let dealt = usize::from(g.site_or_sound_chits) + usize::from(g.special.is_some());
            assert_eq!(dealt, tiles_in_group, "{:?}: one chit per tile", g.group);
        }
        placed += usize::from(g.site_or_sound_chits);
    }
    assert_eq!(placed, site_and_sound, "5 + 5 + 4 + 4 = 18");
    assert_eq!(
        c.placement.face_up_at_setup,
        vec![TileGroup::Valley],
        "3.6.1"
    );
}

#[test]
fn rule_3_6_every_dwelling_warning_chit_exists() {
    let c = chits::load().unwrap();
    let expected = [
        (DwellingId::Inn, "stink_v", TileGroup::Valley),
        (DwellingId::House, "smoke_v", TileGroup::Valley),
        (DwellingId::Chapel, "dank_v", TileGroup::Valley),
        (DwellingId::GuardHouse, "ruins_v", TileGroup::Valley),
        (DwellingId::SmallCampfire, "smoke_w", TileGroup::Woods),
        (DwellingId::LargeCampfire, "stink_w", TileGroup::Woods),
    ];
    assert_eq!(c.dwellings.len(), 6);
    for (dwelling, chit, group) in expected {
        let w = c.warning_chit_for(dwelling).unwrap();
        assert_eq!(w.id.0, chit, "{dwelling:?}");
        assert_eq!(w.group, group);
        let campfire = c.dwelling(dwelling).unwrap().kind == DwellingKind::Campfire;
        let timing = c.exchange_for(&w.id).unwrap().timing;
        assert_eq!(campfire, timing == ExchangeTiming::WhenRevealed, "3.6.2b");
    }
}

#[test]
fn rule_3_6_2_bones_v_places_two_ghosts() {
    let c = chits::load().unwrap();
    let x = c.exchange_for(&MapChitId("bones_v".into())).unwrap();
    match &x.becomes {
        ExchangeResult::Monsters(m) => assert_eq!((m.monster.as_str(), m.count), ("Ghost", 2)),
        other => panic!("Bones V becomes {other:?}"),
    }
    assert_eq!(x.timing, ExchangeTiming::Setup);
}

#[test]
fn rule_3_6_2_exchange_clearings_exist_on_their_tiles() {
    let c = chits::load().unwrap();
    let t = tiles::load().unwrap();
    let setup = c.exchange_clearings(ExchangeTiming::Setup).unwrap();
    assert_eq!(setup, &[n(5), n(4)]);
    let in_play = c.exchange_clearings(ExchangeTiming::WhenRevealed).unwrap();
    assert_eq!(in_play, &[n(5), n(4), n(2)], "7.13");
    for (group, order) in [(TileGroup::Valley, setup), (TileGroup::Woods, in_play)] {
        for tile in t.in_group(group) {
            for side in SIDES {
                for x in order {
                    assert!(tile.clearing(side, *x).is_some(), "{} {}", tile.name, x.0);
                }
            }
        }
    }
}

#[test]
fn rule_3_5_validation_rejects_a_repeated_chit() {
    let mut c = chits::load().unwrap();
    c.sound_chits[1].id = c.sound_chits[0].id.clone();
    assert!(chits::validate(&c).is_err());

    let mut c = chits::load().unwrap();
    c.warning_exchanges.retain(|x| x.chit.0 != "dank_v");
    assert!(
        chits::validate(&c).is_err(),
        "the Chapel must have its Warning chit"
    );
}

// ---------------------------------------------------------------- tables

#[test]
fn table_ids_all_present_once() {
    let t = tables::load().unwrap();
    assert_eq!(t.tables.len(), TableId::ALL.len());
    for id in TableId::ALL {
        assert_eq!(t.tables.iter().filter(|x| x.id == id).count(), 1, "{id:?}");
        assert!(t.get(id).unwrap().results.fits(id));
    }
    assert!(
        serde_json::from_str::<TableId>("\"revised_missile\"").is_err(),
        "not 3.1"
    );
}

#[test]
fn table_every_table_covers_its_roll_range_exactly_once() {
    let t = tables::load().unwrap();
    for table in &t.tables {
        let [lo, hi] = table.dice.range;
        for column in table.results.columns_of_spans() {
            assert!(covers_exactly_once(&column, lo, hi), "{:?}", table.id);
        }
    }
}

#[test]
fn table_ranges_one_to_six_except_the_optional_combat_tables() {
    let t = tables::load().unwrap();
    for table in &t.tables {
        let ten = matches!(
            table.id,
            TableId::OptionalMissile | TableId::Fumble | TableId::Stumble
        );
        let expected = if ten { [1, 10] } else { [1, 6] };
        assert_eq!(table.dice.range, expected, "{:?}", table.id);
    }
}

#[test]
fn table_hide_covers_rolls_1_to_6() {
    let t = tables::load().unwrap();
    for roll in 1..=5 {
        assert_eq!(t.hide(roll), Some(&HideResult::Success));
    }
    assert_eq!(t.hide(6), Some(&HideResult::Fail));
    assert_eq!(t.hide(7), None);
    let dice = t.get(TableId::Hide).unwrap().dice;
    assert_eq!(dice.roll, tables::DiceRoll::TwoDiceHigher);
    assert!(dice.modifiers);
    assert_eq!(
        (dice.clamp(9), dice.clamp(-2), dice.clamp(4)),
        (6, 1, 4),
        "4.1.2"
    );
}

#[test]
fn table_peer_and_locate_results() {
    let t = tables::load().unwrap();
    match t.peer(1).unwrap() {
        PeerResult::Choice(picks) => assert_eq!(picks.len(), 4),
        other => panic!("Peer 1 is {other:?}"),
    }
    let peer2 = t.peer(2).unwrap().effects();
    assert_eq!(peer2, &[SearchEffect::Clues, SearchEffect::Paths]);
    assert_eq!(t.peer(6), Some(&PeerResult::Nothing));
    assert_eq!(t.locate(4), Some(&LocateResult::DiscoverChits));
    assert_eq!(t.locate(3).unwrap().effects(), &[SearchEffect::Passages]);
    assert_eq!(t.locate(5), Some(&LocateResult::Nothing));
}

#[test]
fn table_meeting_columns() {
    let t = tables::load().unwrap();
    assert_eq!(
        t.meeting(MeetingColumn::Ally, 1),
        Some(&MeetingResult::Boon)
    );
    assert_eq!(
        t.meeting(MeetingColumn::Ally, 2),
        Some(&MeetingResult::Price(1))
    );
    assert_eq!(
        t.meeting(MeetingColumn::Neutral, 6),
        Some(&MeetingResult::Trouble)
    );
    assert_eq!(
        t.meeting(MeetingColumn::Friendly, 1),
        Some(&MeetingResult::Opportunity)
    );
    assert_eq!(
        t.meeting(MeetingColumn::Unfriendly, 1),
        Some(&MeetingResult::Price(4))
    );
    for roll in 3..=6 {
        assert_eq!(
            t.meeting(MeetingColumn::Enemy, roll),
            Some(&MeetingResult::BlockBattle)
        );
    }
    assert_eq!(MeetingColumn::Friendly.friendlier(), MeetingColumn::Ally);
    let commerce = t.get(TableId::Commerce).unwrap();
    assert_eq!(commerce.optional_rule.as_deref(), Some("10.D.2"));
}

#[test]
fn table_missile_harm_change_is_three_minus_roll() {
    let t = tables::load().unwrap();
    for roll in 1..=6u8 {
        let change = t.missile(roll).unwrap().harm_levels;
        assert_eq!(i16::from(change), 3 - i16::from(roll), "roll {roll}");
    }
}

#[test]
fn table_repositioning_rolls_are_six_distinct_permutations() {
    let t = tables::load().unwrap();
    let table = t.get(TableId::RepositioningDenizens).unwrap();
    assert_eq!(table.dice.roll, tables::DiceRoll::OneDie);
    assert!(!table.dice.modifiers, "8.4.6: never modified");
    let perms: BTreeSet<[u8; 3]> = (1..=6)
        .map(|r| t.repositioning(r).unwrap().moves_to)
        .collect();
    assert_eq!(perms.len(), 6);
    assert_eq!(
        t.repositioning(4).unwrap().moves_to,
        [1, 2, 3],
        "4: no change"
    );
    assert_eq!(t.repositioning(5).unwrap().destination(3), Some(1));
}

#[test]
fn table_change_tactics_turns_over_only_on_six() {
    let t = tables::load().unwrap();
    assert!(!t.get(TableId::ChangeTactics).unwrap().dice.modifiers);
    for roll in 1..=5 {
        assert_eq!(t.change_tactics(roll), Some(&TacticsResult::NoChange));
    }
    assert_eq!(t.change_tactics(6), Some(&TacticsResult::TurnOver));
}

#[test]
fn table_roll_on_references_resolve() {
    let t = tables::load().unwrap();
    assert_eq!(
        t.reading_runes(5),
        Some(&ReadingRunesResult::RollOn(TableId::Curses))
    );
    assert_eq!(
        t.site_card(TableId::TwtToadstoolCircle, 5),
        Some(&SiteCardResult::RollOn(TableId::PowerOfThePit))
    );
    assert_eq!(
        t.site_card(TableId::TwtEnchantedMeadow, 3),
        Some(&SiteCardResult::RollOn(TableId::Wishes))
    );
    assert_eq!(t.curse(1), Some(&Curse::Eyemist));
    assert_eq!(t.curse(6), Some(&Curse::Disgust));
}

#[test]
fn table_transform_dragon_and_frog() {
    let t = tables::load().unwrap();
    let dragon = t.transform(1).unwrap();
    assert_eq!(dragon.creature, Creature::Dragon);
    assert_eq!(dragon.vulnerability, Size::Tremendous);
    assert!(dragon.armored);
    assert_eq!(dragon.attack.unwrap().time, 4);
    let frog = t.transform(6).unwrap();
    assert_eq!(frog.creature, Creature::Frog);
    assert!(frog.attack.is_none());
    assert_eq!(frog.movement_values.time, 3);
}

#[test]
fn table_monster_roll_is_one_unmodified_die() {
    let t = tables::load().unwrap();
    let m = t.get(TableId::MonsterRoll).unwrap();
    assert_eq!(m.dice.roll, tables::DiceRoll::OneDie);
    assert!(!m.dice.modifiers, "4.1.3");
    match &m.results {
        TableResults::MonsterRoll(rows) => {
            for roll in 1..=6 {
                assert_eq!(tables::lookup(rows, roll).unwrap().row_prowls, roll);
            }
        }
        other => panic!("monster roll rows are {other:?}"),
    }
}

#[test]
fn table_validation_rejects_a_gap() {
    let mut t = tables::load().unwrap();
    let hide = t.tables.iter_mut().find(|x| x.id == TableId::Hide).unwrap();
    if let TableResults::Hide(rows) = &mut hide.results {
        rows.pop();
    }
    assert!(tables::validate(&t).is_err());

    let mut t = tables::load().unwrap();
    let runes = t
        .tables
        .iter_mut()
        .find(|x| x.id == TableId::ReadingRunes)
        .unwrap();
    runes.results = TableResults::Curses(Vec::new());
    assert!(tables::validate(&t).is_err(), "rows of the wrong kind");
}
