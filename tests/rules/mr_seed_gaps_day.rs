//! Rule scenarios for the day (seed 000 and rulebook 6, 7 and 8.9) that `docs/coverage.md`
//! found without a test (issue 4): prowling denizens at the end of a turn, the Lost City,
//! and Midnight. Each is built from a scenario with forced dice.

use crate::mr_seed_gaps::{details, here, start, Game, S0};
use serde_json::{json, Value};
use tabletop_rules::engine::{Seat, Seed, Session};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::tiles::TileId;
use tabletop_rules::magic_realm::combat;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{Facing, PieceId, Place};
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::state::{ChitStatus, Step};
use tabletop_rules::magic_realm::MagicRealm;

// ---- 8.9 Midnight -----------------------------------------------------------------------------

fn to_next_birdsong(g: &mut Game) {
    for _ in 0..200 {
        if matches!(g.state().step, Step::Birdsong { day: 2 }) {
            return;
        }
        let Some(seat) = g.to_act().seats().first().copied() else {
            return;
        };
        let legal = g.legal_actions(seat);
        let action = if legal.contains(&A::Proceed) {
            Some(A::Proceed)
        } else {
            combat::passing(&legal)
        };
        let Some(action) = action else {
            return;
        };
        g.apply(seat, action).expect("the day proceeds");
    }
}

#[test]
fn rule_8_9_alerted_magic_chits_fatigue_at_midnight() {
    // The Druid alerts his Magic II3* (chit 6) in his Alert phase (7.9); at Midnight it
    // fatigues, while his other Magic chits stay fresh.
    let mut g = start(json!({"seats": [{"character": "druid", "at": here(),
        "record": [{"activity": "alert"}]}],
        "at": "daylight", "dice": [1]}));
    assert!(g.legal_actions(S0).contains(&A::AlertChit { chit: 6 }));
    g.apply(S0, A::AlertChit { chit: 6 }).unwrap();
    assert_eq!(g.state().seats[0].chits[6], ChitStatus::Fresh);
    to_next_birdsong(&mut g);
    assert!(matches!(g.state().step, Step::Birdsong { day: 2 }));
    assert_eq!(g.state().seats[0].chits[6], ChitStatus::Fatigued);
    assert_eq!(g.state().seats[0].chits[10], ChitStatus::Fresh);
}

#[test]
fn rule_8_9_curses_are_removed_in_the_chapels_clearing_at_midnight() {
    // Two cursed characters end the day, one with the Chapel, one elsewhere in the tile.
    let chapel = json!({"piece": {"kind": "dwelling", "id": "chapel"},
        "place": {"place": "clearing", "at": here()}});
    let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": here(), "curses": ["eyemist"]},
            {"character": "amazon", "at": {"tile": "oak_woods", "clearing": 4},
             "curses": ["eyemist"]}],
        "pieces": [chapel], "at": "sunset", "dice": [1, 1, 1, 1]}));
    to_next_birdsong(&mut g);
    assert!(matches!(g.state().step, Step::Birdsong { day: 2 }));
    assert!(g.state().seats[0].curses.is_empty(), "cured at the Chapel");
    assert!(
        !g.state().seats[1].curses.is_empty(),
        "still cursed elsewhere"
    );
}

// ---- Seed 000: prowling denizens at the end of a turn ---------------------------------------

pub(crate) fn at(tile: &str, clearing: u8) -> Value {
    json!({"tile": tile, "clearing": clearing})
}

pub(crate) fn day_piece(kind: &str, id: &str, n: Option<u8>) -> Value {
    match n {
        Some(n) => json!({"kind": kind, "id": id, "n": n}),
        None => json!({"kind": kind, "id": id}),
    }
}

pub(crate) fn place_of(g: &Game, p: &Value) -> Place {
    let id: PieceId = serde_json::from_value(p.clone()).unwrap();
    g.state()
        .piles
        .place_of(&id)
        .cloned()
        .expect("the piece is somewhere")
}

pub(crate) fn mountain(n: u8) -> Place {
    Place::Clearing {
        at: ClearingRef::new(TileId::Mountain, n),
    }
}

pub(crate) fn day_start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(11)).expect("the scenario starts");
    crate::daylight_common::take_kept_turns(&mut g);
    g
}

#[test]
fn seed_000_the_ghosts_are_always_prowling() {
    // Monster Roll 2: no row of the Ghosts (they have none), yet the Ghost in clearing 5
    // moves to the hidden Swordsman's clearing 2 when his turn ends.
    let ghost = day_piece("monster", "ghost", Some(0));
    let mut g = day_start(
        json!({"seats": [{"character": "swordsman", "at": at("mountain", 2),
        "hidden": true, "record": [{"activity": "hide"}]}],
        "pieces": [{"piece": ghost, "place": {"place": "clearing", "at": at("mountain", 5)}}],
        "at": "daylight", "dice": [2, 1, 1]}),
    );
    g.apply(S0, A::Proceed).unwrap();
    assert_eq!(place_of(&g, &ghost), mountain(2));
}

#[test]
fn seed_000_natives_in_the_tile_stay_where_they_are() {
    // Row 4 (the Lancers') prowls; a Lancer in clearing 5 does not move to him: only
    // monsters move once on the map.
    let lancer = day_piece("native", "lancer-1", None);
    let mut g = day_start(
        json!({"seats": [{"character": "swordsman", "at": at("mountain", 2),
        "hidden": true, "record": [{"activity": "hide"}]}],
        "pieces": [{"piece": lancer, "place": {"place": "clearing", "at": at("mountain", 5)}}],
        "at": "daylight", "dice": [4, 1, 1]}),
    );
    g.apply(S0, A::Proceed).unwrap();
    assert_eq!(place_of(&g, &lancer), mountain(5));
}

#[test]
fn seed_000_a_chit_whose_boxes_are_all_empty_summons_nothing() {
    // Row 6 prowls and Flutter 1 turns up, but every Bat box is empty.
    let flutter = day_piece("map_chit", "flutter_1", None);
    let mut g = day_start(
        json!({"seats": [{"character": "swordsman", "at": at("mountain", 2),
        "hidden": true, "record": [{"activity": "hide"}]}],
        "pieces": [{"piece": flutter, "place": {"place": "tile", "tile": "mountain"},
            "facing": "down"}],
        "at": "daylight", "dice": [6, 1, 1]}),
    );
    let ev = g.apply(S0, A::Proceed).unwrap();
    let id: PieceId = serde_json::from_value(flutter).unwrap();
    assert_eq!(
        g.state().piles.find(&id).map(|(_, c)| c.facing),
        Some(Facing::Up),
        "the chit turned up"
    );
    assert!(!details(&ev)
        .iter()
        .any(|d| matches!(d, E::MonstersSummoned { .. })));
}

#[test]
fn seed_000_monsters_that_appear_stay_until_another_individual_ends_his_turn() {
    // Flutter 1 summons the first Bat box to clearing 1 when the first character's turn
    // ends; the Bat stays there (it does not join him), and moves only when the second
    // character ends her turn in the tile.
    let bat = day_piece("monster", "giant-bat", Some(0));
    let pieces = json!([
        {"piece": bat, "place": {"place": "chart_box", "row": 6, "number": 1}},
        {"piece": day_piece("map_chit", "flutter_1", None),
         "place": {"place": "tile", "tile": "mountain"}, "facing": "down"}]);
    let mut g = day_start(json!({"seats": [
            {"character": "swordsman", "at": at("mountain", 2), "hidden": true,
             "record": [{"activity": "hide"}]},
            {"character": "amazon", "at": at("mountain", 4), "hidden": true,
             "record": [{"activity": "hide"}]}],
        "pieces": pieces, "at": "daylight", "dice": [6, 1, 1, 1, 1]}));
    let first = g.state().today.order[0].seat();
    let second = g.state().today.order[1].seat();
    let clearing_of = |seat: Seat| if seat == S0 { 2 } else { 4 };
    let ev = g.apply(first, A::Proceed).unwrap();
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::MonstersSummoned { .. })));
    assert_eq!(
        place_of(&g, &bat),
        mountain(1),
        "it stays where it appeared"
    );
    g.apply(second, A::Proceed).unwrap();
    assert_eq!(place_of(&g, &bat), mountain(clearing_of(second)));
}

// ---- Seed 000: the Lost City ----------------------------------------------------------------

#[test]
fn seed_000_the_lost_city_stays_and_its_five_chits_come_up_and_summon() {
    // Row 6 prowls. The Lost City turns up in the Cavern: it stays in the tile, face up,
    // summoning nothing itself; Flutter 1, one of its chits, comes to clearing 1 face up
    // and summons the first Bat box.
    let lost_city = day_piece("map_chit", "lost_city", None);
    let flutter = day_piece("map_chit", "flutter_1", None);
    let mut g = day_start(
        json!({"seats": [{"character": "swordsman", "at": at("cavern", 2),
        "hidden": true, "record": [{"activity": "hide"}]}],
        "pieces": [
            {"piece": day_piece("monster", "giant-bat", Some(0)),
             "place": {"place": "chart_box", "row": 6, "number": 1}},
            {"piece": lost_city, "place": {"place": "tile", "tile": "cavern"}, "facing": "down"},
            {"piece": flutter, "place": {"place": "section", "special": "lost_city"}}],
        "at": "daylight", "dice": [6, 1, 1]}),
    );
    let ev = g.apply(S0, A::Proceed).unwrap();
    let facing = |p: &Value| {
        let id: PieceId = serde_json::from_value(p.clone()).unwrap();
        g.state().piles.find(&id).map(|(_, c)| c.facing)
    };
    assert_eq!(
        place_of(&g, &lost_city),
        Place::Tile {
            tile: TileId::Cavern
        }
    );
    assert_eq!(facing(&lost_city), Some(Facing::Up));
    assert_eq!(
        place_of(&g, &flutter),
        Place::Clearing {
            at: ClearingRef::new(TileId::Cavern, 1)
        }
    );
    assert_eq!(facing(&flutter), Some(Facing::Up));
    let summoners: Vec<String> = details(&ev)
        .into_iter()
        .filter_map(|d| match d {
            E::MonstersSummoned { chit, .. } => Some(chit.0.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(summoners, vec!["flutter_1".to_string()]);
}

#[test]
fn seed_000_controlled_monsters_do_not_prowl() {
    // Row 6 prowls. The Bat in clearing 5 of the Mountain moves to the hidden Elf's
    // clearing when her turn ends, unless her Control Bats (in effect until Sunset of
    // day 2, cast with her Magic VII chit 3) holds it: it goes only where she takes it.
    let bat = day_piece("monster", "giant-bat", Some(0));
    for (controlled, ends) in [(false, mountain(2)), (true, mountain(5))] {
        let spells = if controlled {
            json!([{"caster": 0, "spell": "control-bats", "spellBox": 0, "chit": 3,
                "aims": [{"aim": "denizen", "piece": bat}],
                "until": {"at": "sunset", "day": 2}, "inert": false}])
        } else {
            json!([])
        };
        let chits = if controlled {
            json!([{"chit": 3, "status": "committed"}])
        } else {
            json!([])
        };
        let mut g = day_start(
            json!({"seats": [{"character": "elf", "at": at("mountain", 2),
            "hidden": true, "spells": ["control-bats"], "chits": chits,
            "record": [{"activity": "hide"}]}],
            "pieces": [{"piece": bat, "place": {"place": "clearing", "at": at("mountain", 5)}}],
            "spells": spells, "at": "daylight", "dice": [6, 1, 1]}),
        );
        g.apply(S0, A::Proceed).unwrap();
        assert_eq!(place_of(&g, &bat), ends, "controlled: {controlled}");
    }
}
