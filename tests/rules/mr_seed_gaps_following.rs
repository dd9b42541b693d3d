//! Rule scenarios for the Follow activity (rule 7.11) that `docs/coverage.md` found
//! without a test (issue 4): a follower shares the hidden enemies his guide finds, does
//! nothing when the guide hires or enchants, sees the chits and shares the paths he finds,
//! spies normally,
//! and, put back at the guide's turn end, moves the monsters
//! separately. Each is built from a scenario with forced dice.

use crate::mr_seed_gaps::S0;
use crate::mr_seed_gaps_day::{at, day_piece, day_start, place_of};
use serde_json::json;
use tabletop_rules::engine::Seat;
use tabletop_rules::magic_realm::actions::MagicRealmAction as A;
use tabletop_rules::magic_realm::catalog::tiles::TileId;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::Place;

#[test]
fn rule_7_11c_a_follower_shares_the_hidden_enemies_his_guide_finds() {
    // The Swordsman follows the Amazon; she Peers and rolls 4 (Hidden enemies): they both
    // have found hidden enemies. Had she rolled 5 (Clues), neither would have.
    use tabletop_rules::magic_realm::actions::SearchChoice;
    for (die, found) in [(4u8, true), (5, false)] {
        let mut g = day_start(json!({"seats": [
            {"character": "amazon", "at": at("oak_woods", 2),
             "record": [{"activity": "search"}]},
            {"character": "swordsman", "at": at("oak_woods", 2),
             "record": [{"activity": "follow", "guide": 0}]}],
            "at": "daylight", "dice": [1, die, die]}));
        g.apply(Seat(1), A::KeepFollowing).unwrap();
        g.apply(Seat(1), A::Proceed).unwrap();
        g.apply(
            S0,
            A::Search {
                search: SearchChoice::Peer {
                    at: ClearingRef::new(TileId::OakWoods, 2),
                },
            },
        )
        .unwrap();
        let today = &g.state().today;
        assert_eq!(
            today.found_enemies.contains(&S0),
            found,
            "the guide, roll {die}"
        );
        assert_eq!(
            today.found_enemies.contains(&Seat(1)),
            found,
            "the follower, roll {die}"
        );
    }
}

#[test]
fn rule_7_11_followers_put_back_at_the_guides_turn_end_move_the_monsters_separately() {
    // 7.11 example, with a Bat: the Amazon (guide) and the Swordsman (following her) hide
    // in Mountain 2 on a row-6 day. Her turn ends: Flutter 1 summons the Bat to clearing 1.
    // Then the Swordsman, put back in her clearing, ends his turn separately: the Bat, now
    // in the tile, moves to their clearing. (Alone, she would leave it in clearing 1:
    // mr_seed_gaps_day.rs.)
    let bat = day_piece("monster", "giant-bat", Some(0));
    let mut g = day_start(json!({"seats": [
            {"character": "amazon", "at": at("mountain", 2), "hidden": true,
             "record": [{"activity": "hide"}]},
            {"character": "swordsman", "at": at("mountain", 2), "hidden": true,
             "record": [{"activity": "follow", "guide": 0}]}],
        "pieces": [
            {"piece": bat, "place": {"place": "chart_box", "row": 6, "number": 1}},
            {"piece": day_piece("map_chit", "flutter_1", None),
             "place": {"place": "tile", "tile": "mountain"}, "facing": "down"}],
        "at": "daylight", "dice": [6, 1, 1]}));
    g.apply(Seat(1), A::KeepFollowing).unwrap();
    g.apply(Seat(1), A::Proceed).unwrap();
    g.apply(S0, A::Proceed).unwrap();
    assert_eq!(
        place_of(&g, &bat),
        Place::Clearing {
            at: ClearingRef::new(TileId::Mountain, 2)
        }
    );
}

#[test]
fn rule_7_11g_when_the_guide_hires_his_follower_does_nothing() {
    // The Swordsman follows the Amazon, who has recorded a Hire phase beside a Company
    // soldier: she is offered the hire; he, following, is offered neither hire nor trade.
    let oak2 = at("oak_woods", 2);
    let mut g = day_start(json!({"seats": [
            {"character": "amazon", "at": oak2, "gold": 40, "record": [{"activity": "hire"}]},
            {"character": "swordsman", "at": oak2, "gold": 40,
             "record": [{"activity": "follow", "guide": 0}]}],
        "pieces": [{"piece": {"kind": "native", "id": "company-1"},
            "place": {"place": "clearing", "at": oak2}}],
        "at": "daylight", "dice": [1, 1, 1]}));
    g.apply(Seat(1), A::KeepFollowing).unwrap();
    g.apply(Seat(1), A::Proceed).unwrap();
    let deals = |legal: Vec<A>| {
        legal
            .iter()
            .filter(|a| matches!(a, A::Hire { .. } | A::Trade { .. }))
            .count()
    };
    for _ in 0..3 {
        if deals(g.legal_actions(S0)) > 0 {
            break;
        }
        if !g.legal_actions(S0).contains(&A::Proceed) {
            break;
        }
        g.apply(S0, A::Proceed).unwrap();
    }
    assert!(deals(g.legal_actions(S0)) > 0, "the guide may hire");
    assert_eq!(deals(g.legal_actions(Seat(1))), 0, "the follower may not");
}

#[test]
fn rule_7_11g_when_the_guide_enchants_his_follower_does_nothing() {
    // The Wizard follows the Sorceror, who has recorded two Enchant phases (7.10: the
    // first prepares): in the second she is offered her Magic chits to enchant; he,
    // following, is offered none, and when she enchants one his chits stay as they were.
    let oak2 = at("oak_woods", 2);
    let mut g = day_start(json!({"seats": [
            {"character": "sorceror", "at": oak2,
             "record": [{"activity": "enchant"}, {"activity": "enchant"}]},
            {"character": "wizard", "at": oak2,
             "record": [{"activity": "follow", "guide": 0}]}],
        "at": "daylight", "dice": [1, 1, 1]}));
    g.apply(Seat(1), A::KeepFollowing).unwrap();
    g.apply(Seat(1), A::Proceed).unwrap();
    let enchants = |legal: Vec<A>| -> Vec<A> {
        legal
            .into_iter()
            .filter(|a| matches!(a, A::Enchant { .. }))
            .collect()
    };
    for _ in 0..4 {
        if !enchants(g.legal_actions(S0)).is_empty() {
            break;
        }
        if g.legal_actions(S0).contains(&A::Proceed) {
            g.apply(S0, A::Proceed).unwrap();
        } else if g.legal_actions(Seat(1)).contains(&A::KeepFollowing) {
            g.apply(Seat(1), A::KeepFollowing).unwrap();
        } else if g.legal_actions(Seat(1)).contains(&A::Proceed) {
            // 7.2.2: the follower may rearrange as his guide begins a phase.
            g.apply(Seat(1), A::Proceed).unwrap();
        } else {
            break;
        }
    }
    let hers = enchants(g.legal_actions(S0));
    assert!(!hers.is_empty(), "the guide may enchant");
    assert!(
        enchants(g.legal_actions(Seat(1))).is_empty(),
        "the follower may not"
    );
    let (mine, his) = (
        g.state().seats[0].chits.clone(),
        g.state().seats[1].chits.clone(),
    );
    g.apply(S0, hers[0].clone()).unwrap();
    assert_ne!(g.state().seats[0].chits, mine, "her chit is enchanted");
    assert_eq!(g.state().seats[1].chits, his, "his chits are untouched");
}

#[test]
fn rule_7_11c_a_follower_sees_the_chits_and_shares_the_paths_his_guide_finds() {
    // Ruins 1 has a hidden path to clearing 5, and Flutter 1 lies face down in the tile.
    // The Swordsman follows the Amazon; she Peers there and rolls 2 (Clues and Paths):
    // both see the chit and discover the path. On a 5 (Clues) both see the chit only.
    use tabletop_rules::magic_realm::actions::SearchChoice;
    for (die, found) in [(2u8, true), (5, false)] {
        let mut g = day_start(json!({"seats": [
            {"character": "amazon", "at": at("ruins", 1),
             "record": [{"activity": "search"}]},
            {"character": "swordsman", "at": at("ruins", 1),
             "record": [{"activity": "follow", "guide": 0}]}],
            "pieces": [{"piece": day_piece("map_chit", "flutter_1", None),
                "place": {"place": "tile", "tile": "ruins"}, "facing": "down"}],
            "at": "daylight", "dice": [1, die, die]}));
        g.apply(Seat(1), A::KeepFollowing).unwrap();
        g.apply(Seat(1), A::Proceed).unwrap();
        g.apply(
            S0,
            A::Search {
                search: SearchChoice::Peer {
                    at: ClearingRef::new(TileId::Ruins, 1),
                },
            },
        )
        .unwrap();
        let paths = |s: usize| g.state().seats[s].discoveries.paths.len();
        assert_eq!(paths(0) > 0, found, "the guide, roll {die}");
        assert_eq!(paths(1), paths(0), "the follower shares them, roll {die}");
        let flutter: tabletop_rules::magic_realm::pieces::PieceId =
            serde_json::from_value(day_piece("map_chit", "flutter_1", None)).unwrap();
        for s in [0, 1] {
            assert!(
                g.state().seats[s].known.contains(&flutter),
                "seat {s} saw the chit, roll {die}"
            );
        }
    }
}

#[test]
fn rule_7_11e_followers_spy_normally() {
    // Cliff 2 has a hidden path to clearing 5, which the unhidden Swordsman has found. The
    // Amazon follows the Captain in Cliff 2; the Swordsman's turn comes before theirs and
    // he moves along the path: the Captain and his follower, the Amazon, both learn it.
    use tabletop_rules::magic_realm::state::Turner;
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let cliff = |n: u8| ClearingRef::new(TileId::Cliff, n);
    let start = day_start(json!({"seats": [{"character": "amazon", "at": at("cliff", 2)}]}));
    let via = start
        .state()
        .map
        .routes(&cat.tiles, cliff(2))
        .into_iter()
        .find(|r| r.to == cliff(5))
        .expect("a route to clearing 5")
        .via;
    let mut g = day_start(json!({"seats": [
            {"character": "swordsman", "at": at("cliff", 2), "hidden": false,
             "discoveries": {"paths": via},
             "record": [{"activity": "move", "to": at("cliff", 5)}]},
            {"character": "captain", "at": at("cliff", 2), "hidden": false,
             "record": [{"activity": "hide"}]},
            {"character": "amazon", "at": at("cliff", 2), "hidden": false,
             "record": [{"activity": "follow", "guide": 1}]}],
        "at": "daylight", "dice": [1, 6, 6]}));
    let order = g.state().today.order.clone();
    let first = |seat: u8| {
        order
            .iter()
            .position(|t| *t == Turner::Character(Seat(seat)))
    };
    assert!(first(0) < first(1), "the Swordsman goes first: {order:?}");
    let knows = |g: &crate::mr_seed_gaps::Game, s: usize| {
        via.iter()
            .all(|p| g.state().seats[s].discoveries.paths.contains(p))
    };
    assert!(!knows(&g, 2));
    assert!(
        tabletop_rules::magic_realm::day::following::is_following(g.state(), Seat(2)),
        "the Amazon is following when he moves"
    );
    for _ in 0..6 {
        if let Some(s) = g.to_act().seats().first().copied() {
            let legal = g.legal_actions(s);
            let step = [A::KeepFollowing, A::Proceed]
                .into_iter()
                .find(|a| legal.contains(a));
            let Some(step) = step else { break };
            g.apply(s, step).unwrap();
        }
        if tabletop_rules::magic_realm::day::who::clearing(g.state(), S0) == Some(cliff(5)) {
            break;
        }
    }
    assert!(knows(&g, 1), "the Captain spied");
    assert!(knows(&g, 2), "his follower spied");
}
