//! Rule scenarios for the Magic Realm day (rules 6, 7, 8.1, 8.9, 9.3 and seed 000), each
//! built from a scenario with forced dice and named by its rule.

use crate::evening_common::pass_evening;

use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat, Seed, Session, ToAct, Viewer};
use tabletop_rules::magic_realm::actions::{
    MagicRealmAction as A, MagicRealmEvent as E, SearchChoice,
};
use tabletop_rules::magic_realm::catalog::tiles::TileId;
use tabletop_rules::magic_realm::game::data;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{Facing, PieceId, Place};
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::state::{Activity, ChitStatus, GameState, Step};
use tabletop_rules::magic_realm::MagicRealm;

type Game = Session<MagicRealm>;
const S0: Seat = Seat(0);

fn start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(11)).expect("the scenario starts");
    crate::daylight_common::take_kept_turns(&mut g);
    g
}

fn at(tile: &str, clearing: u8) -> Value {
    json!({"tile": tile, "clearing": clearing})
}

fn c(tile: TileId, n: u8) -> ClearingRef {
    ClearingRef::new(tile, n)
}

fn piece(kind: &str, id: &str, n: Option<u8>) -> Value {
    match n {
        Some(n) => json!({"kind": kind, "id": id, "n": n}),
        None => json!({"kind": kind, "id": id}),
    }
}

fn place_of(g: &Game, p: &Value) -> Place {
    let id: PieceId = serde_json::from_value(p.clone()).unwrap();
    g.state()
        .piles
        .place_of(&id)
        .cloned()
        .expect("the piece is somewhere")
}

fn facing_of(g: &Game, p: &Value) -> Facing {
    let id: PieceId = serde_json::from_value(p.clone()).unwrap();
    g.state().piles.find(&id).map(|(_, c)| c.facing).unwrap()
}

fn in_clearing(tile: TileId, n: u8) -> Place {
    Place::Clearing { at: c(tile, n) }
}

fn details(events: &[Event<E>]) -> Vec<&E> {
    events.iter().map(|e| &e.detail).collect()
}

fn record(g: &mut Game, seat: Seat, acts: &[Activity]) {
    for a in acts {
        g.apply(
            seat,
            A::RecordActivity {
                activity: a.clone(),
            },
        )
        .expect("the activity can be recorded");
    }
}

fn records(g: &Game, seat: Seat) -> Vec<Activity> {
    g.legal_actions(seat)
        .into_iter()
        .filter_map(|a| match a {
            A::RecordActivity { activity } => Some(activity),
            _ => None,
        })
        .collect()
}

fn state(g: &Game) -> &GameState {
    g.state()
}

// ---- 6.2 Birdsong -----------------------------------------------------------------------

#[test]
fn rule_6_2_2_four_phases_outside_the_caves() {
    let mut g = start(json!({"seats": [{"character": "black-knight", "at": at("oak_woods", 2)}]}));
    record(
        &mut g,
        S0,
        &[
            Activity::Hide,
            Activity::Hide,
            Activity::Hide,
            Activity::Hide,
        ],
    );
    assert!(
        records(&g, S0).is_empty(),
        "a fifth activity is not offered"
    );
    assert!(g.legal_actions(S0).contains(&A::FinishRecording));
}

#[test]
fn rule_6_2_2_two_phases_when_the_day_starts_in_a_cave() {
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": at("cavern", 2)}]}));
    record(&mut g, S0, &[Activity::Hide, Activity::Search]);
    assert!(records(&g, S0).is_empty());
}

#[test]
fn rule_6_2_2_a_move_into_a_cave_gives_up_the_sunlight_phases() {
    // Borderland 1 (woods) to 6 (cave): after two phases, no more; after three, the cave
    // move is no longer offered.
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": at("borderland", 1)}]}));
    let cave = Activity::Move {
        to: c(TileId::Borderland, 6),
    };
    assert!(records(&g, S0).contains(&cave));
    record(&mut g, S0, &[Activity::Hide, Activity::Hide]);
    assert!(
        !records(&g, S0).contains(&cave),
        "the third phase would be a Sunlight phase"
    );
    g.apply(S0, A::TakeBackActivity).unwrap();
    record(&mut g, S0, &[cave]);
    assert!(
        records(&g, S0).is_empty(),
        "two phases in all once a cave is entered"
    );
}

#[test]
fn rule_6_2_2_the_amazon_gets_an_extra_move_phase() {
    let mut g = start(json!({"seats": [{"character": "amazon", "at": at("oak_woods", 2)}]}));
    record(
        &mut g,
        S0,
        &[
            Activity::Hide,
            Activity::Hide,
            Activity::Hide,
            Activity::Hide,
        ],
    );
    let left = records(&g, S0);
    assert!(!left.is_empty() && left.iter().all(|a| matches!(a, Activity::Move { .. })));
}

#[test]
fn rule_6_2_2c_aura_of_power_gives_an_extra_enchant_phase() {
    // 2.7.11: the Sorceror's and the Witch King's extra "Spell phase" is an Enchant phase.
    for character in ["sorceror", "witch-king"] {
        let mut g = start(json!({"seats": [{"character": character, "at": at("oak_woods", 2)}]}));
        record(
            &mut g,
            S0,
            &[
                Activity::Hide,
                Activity::Hide,
                Activity::Hide,
                Activity::Hide,
            ],
        );
        let left = records(&g, S0);
        assert!(
            left.contains(&Activity::Enchant),
            "{character}: a fifth phase, to Enchant: {left:?}"
        );
        assert!(left
            .iter()
            .all(|a| matches!(a, Activity::Enchant | Activity::RemoteEnchant { .. })));
        record(&mut g, S0, &[Activity::Enchant]);
        assert!(
            records(&g, S0).is_empty(),
            "{character}: one extra phase only"
        );
    }
}

#[test]
fn rule_6_2_4_take_back_the_last_phase() {
    let mut g = start(json!({"seats": [{"character": "amazon", "at": at("oak_woods", 2)}]}));
    record(&mut g, S0, &[Activity::Hide, Activity::Rest]);
    g.apply(S0, A::TakeBackActivity).unwrap();
    assert_eq!(state(&g).seats[0].record.activities, vec![Activity::Hide]);
}

#[test]
fn rule_4_5_3_recorded_gold_is_secret() {
    // 4.5.3: of a character's records only Fame, Notoriety, discoveries of hidden enemies
    // and trading relationships are public: his gold shows to his own seat only.
    let g = start(json!({"seats": [
        {"character": "amazon", "at": at("oak_woods", 2), "gold": 17},
        {"character": "dwarf", "at": at("oak_woods", 4), "gold": 23}
    ]}));
    let golds = |viewer: Viewer| -> Vec<Option<i32>> {
        g.view(viewer)
            .unwrap()
            .seats
            .iter()
            .map(|s| s.gold)
            .collect()
    };
    assert_eq!(golds(Viewer::Seat { seat: Seat(1) }), vec![None, Some(23)]);
    assert_eq!(golds(Viewer::Seat { seat: S0 }), vec![Some(17), None]);
    assert_eq!(golds(Viewer::Spectator), vec![None, None]);
    assert_eq!(golds(Viewer::Omniscient), vec![Some(17), Some(23)]);
    let json = serde_json::to_value(g.view(Viewer::Seat { seat: S0 }).unwrap()).unwrap();
    assert!(
        json["seats"][1].get("gold").is_none(),
        "not even serialized"
    );
}

#[test]
fn rule_6_2_3_recorded_turns_are_secret() {
    let mut g = start(json!({"seats": [
        {"character": "amazon", "at": at("oak_woods", 2)},
        {"character": "dwarf", "at": at("oak_woods", 4)}
    ]}));
    let before = serde_json::to_value(g.view(Viewer::Seat { seat: Seat(1) }).unwrap()).unwrap();
    record(&mut g, S0, &[Activity::Hide]);
    g.apply(S0, A::FinishRecording).unwrap();
    let after = serde_json::to_value(g.view(Viewer::Seat { seat: Seat(1) }).unwrap()).unwrap();
    assert_eq!(before, after, "seat 2 sees nothing of seat 1's record");
    let log = g.log(Viewer::Seat { seat: Seat(1) }).unwrap();
    assert!(!log
        .iter()
        .any(|e| matches!(e.detail, E::ActivityRecorded { .. })));
    assert_eq!(g.to_act().seats(), &[Seat(1)]);
}

// ---- 7.3 Move ---------------------------------------------------------------------------

/// The roadway(s) of Cliff 2's hidden path to Cliff 5.
fn cliff_2_5_path(g: &Game) -> Value {
    let paths = g
        .state()
        .map
        .routes(&data().unwrap().tiles, c(TileId::Cliff, 2));
    let via = &paths
        .iter()
        .find(|r| r.to == c(TileId::Cliff, 5))
        .expect("Cliff 2 has a roadway to Cliff 5")
        .via;
    serde_json::to_value(via).unwrap()
}

#[test]
fn rule_7_3_1_hidden_paths_only_once_discovered() {
    // Cliff 2 to 5 is a hidden path. Recorded without having found it, the Move is
    // cancelled in Daylight and he stays; once discovered, he takes it.
    let record = json!([{"activity": "move", "to": at("cliff", 5)}]);
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("cliff", 2), "record": record}],
        "at": "daylight", "dice": [1]}),
    );
    let via = cliff_2_5_path(&g);
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::PhaseCancelled { .. })));
    assert_eq!(
        place_of(&g, &piece("character", "swordsman", None)),
        in_clearing(TileId::Cliff, 2)
    );
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("cliff", 2), "record": record,
        "discoveries": {"paths": via}}], "at": "daylight", "dice": [1]}),
    );
    g.apply(S0, A::Proceed).unwrap();
    assert_eq!(
        place_of(&g, &piece("character", "swordsman", None)),
        in_clearing(TileId::Cliff, 5)
    );
}

#[test]
fn rule_6_2_4_a_move_along_an_undiscovered_hidden_path_may_be_recorded_in_hope() {
    // 6.2.4: the Captain in Cliff 2 has not found the hidden path to Cliff 5; he may still
    // record a Search and then a Move to Cliff 5, hoping to find the path first. Only the
    // clearings joined to where he will be by some roadway are offered.
    let hidden = Activity::Move {
        to: c(TileId::Cliff, 5),
    };
    let mut g = start(json!({"seats": [{"character": "captain", "at": at("cliff", 2)}]}));
    assert!(records(&g, S0).contains(&hidden));
    record(&mut g, S0, &[Activity::Search, hidden.clone()]);
    assert_eq!(
        state(&g).seats[0].record.activities,
        vec![Activity::Search, hidden]
    );
    let tiles = &data().unwrap().tiles;
    let joined: Vec<ClearingRef> = g
        .state()
        .map
        .routes(tiles, c(TileId::Cliff, 5))
        .into_iter()
        .map(|r| r.to)
        .collect();
    for a in records(&g, S0) {
        if let Activity::Move { to } = a {
            assert!(joined.contains(&to), "{to:?} is not joined to Cliff 5");
        }
    }
}

#[test]
fn rule_6_2_4_a_move_through_an_undiscovered_secret_passage_may_be_recorded_in_hope() {
    // Cliff 3 to 6 is a secret passage (into a mountain clearing: two Moves).
    let to_6 = Activity::Move {
        to: c(TileId::Cliff, 6),
    };
    let mut g = start(json!({"seats": [{"character": "captain", "at": at("cliff", 3)}]}));
    assert!(records(&g, S0).contains(&to_6));
    record(&mut g, S0, &[Activity::Search, to_6.clone(), to_6]);
}

#[test]
fn rule_7_3_1_the_wizard_uses_hidden_paths_without_discovering_them() {
    let g = start(json!({"seats": [{"character": "wizard", "at": at("cliff", 2)}]}));
    assert!(records(&g, S0).contains(&Activity::Move {
        to: c(TileId::Cliff, 5)
    }));
}

#[test]
fn rule_7_3_1_climbing_into_a_mountain_takes_two_moves() {
    // Cliff 3 (woods) ... Cliff 2 to 3 is an open road; Cliff 1 (mountain) from 6.
    let to = Activity::Move {
        to: c(TileId::Cliff, 6),
    };
    let g = start(
        json!({"seats": [{"character": "swordsman", "at": at("cliff", 1),
        "hidden": false, "record": [{"activity": "move", "to": at("cliff", 6)}, {"activity": "move", "to": at("cliff", 6)}]}],
        "at": "daylight", "dice": [1]}),
    );
    let mut g = g;
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::ClimbBegun { .. })));
    assert_eq!(
        place_of(&g, &piece("character", "swordsman", None)),
        in_clearing(TileId::Cliff, 1)
    );
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&ev).iter().any(|d| matches!(d, E::Moved { .. })));
    assert_eq!(
        place_of(&g, &piece("character", "swordsman", None)),
        in_clearing(TileId::Cliff, 6)
    );
    let _ = to;
}

#[test]
fn rule_7_3_1_items_heavier_than_the_move_chits_are_abandoned() {
    // The Swordsman's Move chits are Light or Medium at best: a Heavy suit of armor stays behind.
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "belongings": [{"piece": piece("armor", "suit-of-armor", Some(0))}],
        "record": [{"activity": "move", "to": at("oak_woods", 4)}]}],
        "at": "daylight", "dice": [1]}),
    );
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::ItemsAbandoned { .. })));
    assert_eq!(
        place_of(&g, &piece("armor", "suit-of-armor", Some(0))),
        in_clearing(TileId::OakWoods, 2)
    );
    assert_eq!(
        place_of(&g, &piece("character", "swordsman", None)),
        in_clearing(TileId::OakWoods, 4)
    );
}

#[test]
fn rule_7_3_1_a_move_with_no_roadway_is_forfeited() {
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "record": [{"activity": "move", "to": at("cavern", 1)}]}],
        "at": "daylight", "dice": [1]}),
    );
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::PhaseCancelled { .. })));
    assert_eq!(
        place_of(&g, &piece("character", "swordsman", None)),
        in_clearing(TileId::OakWoods, 2)
    );
}

// ---- 7.1, 7.4 Hide ----------------------------------------------------------------------

#[test]
fn rule_7_1_2_unhidden_at_the_start_of_the_turn_and_rule_7_4_hide_succeeds_on_5() {
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "hidden": true, "record": [{"activity": "hide"}, {"activity": "rest"}]}],
        "at": "daylight", "dice": [1, 5, 2]}),
    );
    assert!(!state(&g).seats[0].hidden, "unhidden as the turn starts");
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::HideRolled { success: true, .. })));
    assert!(state(&g).seats[0].hidden);
}

#[test]
fn rule_7_4_hide_fails_on_6() {
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "record": [{"activity": "hide"}, {"activity": "rest"}]}],
        "at": "daylight", "dice": [1, 6, 6]}),
    );
    g.apply(S0, A::Proceed).unwrap();
    assert!(!state(&g).seats[0].hidden);
}

#[test]
fn rule_7_4_concealment_rolls_one_die() {
    // The Druid rolls one die: a single forced 3 hides him.
    let mut g = start(
        json!({"seats": [{"character": "druid", "at": at("oak_woods", 2),
        "record": [{"activity": "hide"}, {"activity": "rest"}]}],
        "at": "daylight", "dice": [1, 3, 6]}),
    );
    g.apply(S0, A::Proceed).unwrap();
    assert!(state(&g).seats[0].hidden);
    assert_eq!(state(&g).dice.forced_left(), 1, "only one die was rolled");
}

// ---- 7.8 Rest, 7.9 Alert ----------------------------------------------------------------

#[test]
fn rule_7_8_rest_returns_a_fatigued_one_asterisk_chit() {
    let cat = data().unwrap();
    let sw = cat
        .characters
        .characters
        .iter()
        .find(|c| c.id.0 == "swordsman")
        .unwrap();
    let one = sw.chits.iter().position(|c| c.effort == 1).unwrap() as u8;
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "chits": [{"chit": one, "status": "fatigued"}],
        "record": [{"activity": "rest"}]}],
        "at": "daylight", "dice": [1]}),
    );
    assert!(g.legal_actions(S0).contains(&A::Rest {
        chit: one,
        change: None
    }));
    g.apply(
        S0,
        A::Rest {
            chit: one,
            change: None,
        },
    )
    .unwrap();
    pass_evening(&mut g);
    assert!(matches!(state(&g).step, Step::Birdsong { day: 2 }));
    assert_eq!(
        state(&g).seats[0].chits[usize::from(one)],
        ChitStatus::Fresh
    );
}

#[test]
fn rule_7_8_a_wounded_two_asterisk_chit_turns_fatigued_and_makes_change() {
    let cat = data().unwrap();
    let ch = cat
        .characters
        .characters
        .iter()
        .find(|c| c.chits.iter().any(|x| x.effort == 2))
        .unwrap();
    let two = ch.chits.iter().position(|c| c.effort == 2).unwrap() as u8;
    let one = ch.chits.iter().position(|c| c.effort == 1).unwrap() as u8;
    let mut g = start(
        json!({"seats": [{"character": ch.id.0, "at": at("oak_woods", 2),
        "chits": [{"chit": two, "status": "wounded"}],
        "record": [{"activity": "rest"}]}],
        "at": "daylight", "dice": [1]}),
    );
    g.apply(
        S0,
        A::Rest {
            chit: two,
            change: Some(one),
        },
    )
    .unwrap();
    assert_eq!(
        state(&g).seats[0].chits[usize::from(two)],
        ChitStatus::Fatigued
    );
    assert_eq!(
        state(&g).seats[0].chits[usize::from(one)],
        ChitStatus::Fatigued
    );
}

#[test]
fn rule_7_8_with_every_chit_out_of_play_only_rest_can_be_recorded() {
    let all: Vec<Value> = (0..12)
        .map(|i| json!({"chit": i, "status": "fatigued"}))
        .collect();
    let g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2), "chits": all}]}),
    );
    assert_eq!(records(&g, S0), vec![Activity::Rest]);
}

#[test]
fn rule_7_9_alert_turns_the_weapon_and_rule_8_9_midnight_unalerts_it() {
    let sword = piece("weapon", "thrusting-sword", Some(0));
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "belongings": [{"piece": sword}],
        "record": [{"activity": "alert"}, {"activity": "rest"}]}],
        "at": "daylight", "dice": [1]}),
    );
    g.apply(S0, A::AlertWeapon { alerted: true }).unwrap();
    assert_eq!(facing_of(&g, &sword), Facing::Alerted);
    // Finish the day: the rest phase has nothing to rest, so it proceeds blank.
    g.apply(S0, A::Proceed).unwrap();
    pass_evening(&mut g);
    assert!(matches!(state(&g).step, Step::Birdsong { day: 2 }));
    assert_eq!(facing_of(&g, &sword), Facing::Unalerted);
}

// ---- 7.5 Search -------------------------------------------------------------------------

#[test]
fn rule_7_5_1_locate_discovers_the_site_in_the_clearing_and_loot_takes_the_card() {
    // The Hoard chit (clearing 6... see the data) in a tile; Locate roll 4 = Discover chits.
    let cat = data().unwrap();
    let hoard = cat
        .map_chits
        .site_chits
        .iter()
        .find(|s| s.id.0 == "altar")
        .unwrap();
    let n = hoard.clearing.0;
    let treasure = cat.items.treasures.first().unwrap().id.0.clone();
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("ruins", n),
        "record": [{"activity": "search"}, {"activity": "search"}]}],
        "pieces": [
            {"piece": piece("map_chit", "altar", None), "place": {"place": "tile", "tile": "ruins"}, "facing": "down"},
            {"piece": piece("treasure", &treasure, None), "place": {"place": "setup_box", "target": {"Site": "altar"}}, "facing": "down"}
        ],
        "at": "daylight", "dice": [1, 4, 4, 1, 1]}),
    );
    g.apply(
        S0,
        A::Search {
            search: SearchChoice::Locate,
        },
    )
    .unwrap();
    let site = tabletop_rules::magic_realm::catalog::chits::MapChitId("altar".into());
    assert!(state(&g).seats[0].discoveries.chits.contains(&site));
    let loot = A::Search {
        search: SearchChoice::LootSite { site },
    };
    assert!(g.legal_actions(S0).contains(&loot));
    g.apply(S0, loot).unwrap();
    assert_eq!(
        place_of(&g, &piece("treasure", &treasure, None)),
        Place::Belongings {
            character: tabletop_rules::magic_realm::catalog::characters::CharacterId(
                "swordsman".into()
            )
        }
    );
}

#[test]
fn rule_7_5_1_peer_clues_show_the_tile_chits_to_the_searcher_alone() {
    // Peer roll 5 = Clues (see the Peer table); the Dwarf records nothing.
    let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": at("ruins", 1), "record": [{"activity": "search"}]},
            {"character": "dwarf", "at": at("cavern", 1)}],
        "pieces": [{"piece": piece("map_chit", "howl_4", None), "place": {"place": "tile", "tile": "ruins"}, "facing": "down"}],
        "at": "daylight", "dice": [1, 5, 5]}));
    g.apply(
        S0,
        A::Search {
            search: SearchChoice::Peer {
                at: c(TileId::Ruins, 1),
            },
        },
    )
    .unwrap();
    let howl: PieceId = serde_json::from_value(piece("map_chit", "howl_4", None)).unwrap();
    let log0 = g.log(Viewer::Seat { seat: S0 }).unwrap();
    let log1 = g.log(Viewer::Seat { seat: Seat(1) }).unwrap();
    assert!(log0
        .iter()
        .any(|e| matches!(&e.detail, E::CluesSeen { pieces } if pieces.contains(&howl))));
    assert!(!log1
        .iter()
        .any(|e| matches!(&e.detail, E::CluesSeen { .. })));
}

// ---- 7.12, 7.13 and seed 000 --------------------------------------------------------------

fn bats_in_row_6() -> Vec<Value> {
    let mut out = Vec::new();
    let boxes = [(1, 0..1), (2, 1..3), (3, 3..6)];
    for (b, ns) in boxes {
        for n in ns {
            out.push(json!({"piece": piece("monster", "giant-bat", Some(n)),
                "place": {"place": "chart_box", "row": 6, "number": b}}));
        }
    }
    out
}

#[test]
fn seed_000_ruins_m_flutter_1_and_howl_5_on_a_row_6_day() {
    // The example of 7.13: on row 6, Ruins M summons the first box (one Bat) to the
    // individual's clearing, Flutter 1 the second (two Bats) to clearing 1, Howl 5 the third
    // (three Bats) to clearing 5.
    let mut pieces = bats_in_row_6();
    for chit in ["ruins_m", "flutter_1", "howl_5"] {
        pieces.push(json!({"piece": piece("map_chit", chit, None), "place": {"place": "tile", "tile": "mountain"}, "facing": "down"}));
    }
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("mountain", 2),
        "hidden": true, "record": [{"activity": "hide"}]}],
        "pieces": pieces, "at": "daylight", "dice": [6, 6, 6]}),
    );
    let ev = g.apply(S0, A::Proceed).unwrap();
    let summons: Vec<(String, u8, usize, ClearingRef)> = details(&ev)
        .into_iter()
        .filter_map(|d| match d {
            E::MonstersSummoned {
                chit,
                box_number,
                pieces,
                to,
                ..
            } => Some((chit.0.clone(), *box_number, pieces.len(), *to)),
            _ => None,
        })
        .collect();
    assert_eq!(
        summons,
        vec![
            ("ruins_m".to_string(), 1, 1, c(TileId::Mountain, 2)),
            ("flutter_1".to_string(), 2, 2, c(TileId::Mountain, 1)),
            ("howl_5".to_string(), 3, 3, c(TileId::Mountain, 5)),
        ]
    );
    // 7.12: the Bat that appears in his clearing blocks him, as he is unhidden.
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::Blocked { seat, .. } if *seat == S0)));
}

#[test]
fn seed_000_a_lettered_sound_needs_a_warning_of_its_letter() {
    // Howl (M) in a caves tile with a C Warning summons nothing.
    let mut pieces = bats_in_row_6();
    for chit in ["dank_c", "howl_5"] {
        pieces.push(json!({"piece": piece("map_chit", chit, None), "place": {"place": "tile", "tile": "cavern"}, "facing": "down"}));
    }
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("cavern", 2),
        "record": [{"activity": "hide"}]}],
        "pieces": pieces, "at": "daylight", "dice": [6, 6, 6]}),
    );
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(!details(&ev)
        .iter()
        .any(|d| matches!(d, E::MonstersSummoned { .. })));
    assert_eq!(
        place_of(&g, &piece("monster", "giant-bat", Some(0))),
        Place::ChartBox { row: 6, number: 1 }
    );
}

#[test]
fn seed_000_chits_summon_once_a_day() {
    // Two characters end turns in the same tile: only the first summons.
    let mut pieces = bats_in_row_6();
    pieces.push(json!({"piece": piece("map_chit", "flutter_1", None), "place": {"place": "tile", "tile": "mountain"}, "facing": "down"}));
    let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": at("mountain", 2), "hidden": true, "record": [{"activity": "hide"}]},
            {"character": "amazon", "at": at("mountain", 4), "hidden": true, "record": [{"activity": "hide"}]}],
        "pieces": pieces, "at": "daylight", "dice": [6, 1, 1, 1, 1]}));
    let first = state(&g).today.order[0].seat();
    let second = state(&g).today.order[1].seat();
    let ev1 = g.apply(first, A::Proceed).unwrap();
    let ev2 = g.apply(second, A::Proceed).unwrap();
    let count = |ev: &[Event<E>]| {
        ev.iter()
            .filter(|e| matches!(e.detail, E::MonstersSummoned { .. }))
            .count()
    };
    assert_eq!(count(&ev1), 1);
    assert_eq!(count(&ev2), 0, "the Flutter chit is already face up");
}

#[test]
fn seed_000_prowling_monsters_in_the_tile_move_to_his_clearing_hidden_or_not() {
    let mut pieces = vec![];
    pieces.push(json!({"piece": piece("monster", "giant-bat", Some(0)), "place": {"place": "clearing", "at": at("mountain", 5)}}));
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("mountain", 2),
        "hidden": true, "record": [{"activity": "hide"}]}],
        "pieces": pieces, "at": "daylight", "dice": [6, 1, 1]}),
    );
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::MonstersMoved { to, .. } if *to == c(TileId::Mountain, 2))));
    assert_eq!(
        place_of(&g, &piece("monster", "giant-bat", Some(0))),
        in_clearing(TileId::Mountain, 2)
    );
    assert!(
        !details(&ev).iter().any(|d| matches!(d, E::Blocked { .. })),
        "hidden: not blocked"
    );
}

#[test]
fn seed_000_dormant_monsters_stay_put() {
    let pieces = vec![
        json!({"piece": piece("monster", "giant-bat", Some(0)), "place": {"place": "clearing", "at": at("mountain", 5)}}),
    ];
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("mountain", 2),
        "record": [{"activity": "hide"}]}],
        "pieces": pieces, "at": "daylight", "dice": [2, 1, 1]}),
    );
    g.apply(S0, A::Proceed).unwrap();
    assert_eq!(
        place_of(&g, &piece("monster", "giant-bat", Some(0))),
        in_clearing(TileId::Mountain, 5)
    );
}

#[test]
fn seed_000_smoke_w_becomes_the_small_campfire() {
    let pieces = vec![
        json!({"piece": piece("map_chit", "smoke_w", None), "place": {"place": "tile", "tile": "oak_woods"}, "facing": "down"}),
    ];
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "record": [{"activity": "hide"}]}],
        "pieces": pieces, "at": "daylight", "dice": [1, 1, 1]}),
    );
    g.apply(S0, A::Proceed).unwrap();
    let fire = place_of(&g, &json!({"kind": "dwelling", "id": "small_campfire"}));
    let Place::Clearing { at } = fire else {
        panic!("the campfire is on the map: {fire:?}")
    };
    assert_eq!(at.tile, TileId::OakWoods);
    let cat = data().unwrap();
    let want = [5u8, 4, 2]
        .into_iter()
        .map(|n| c(TileId::OakWoods, n))
        .find(|x| {
            state(&g).map.clearing_kind(&cat.tiles, *x).is_some()
                && state(&g).map.connects_to_borderland(&cat.tiles, *x)
        })
        .unwrap();
    assert_eq!(at, want);
    assert_eq!(
        place_of(&g, &piece("map_chit", "smoke_w", None)),
        Place::OutOfPlay
    );
}

#[test]
fn seed_000_natives_appear_only_in_the_dwellings_clearing() {
    // Row 4 prowls: the Lancers are summoned by the Chapel.
    let cat = data().unwrap();
    let lancers: Vec<Value> = cat
        .denizens
        .natives
        .iter()
        .filter(|n| n.group == tabletop_rules::magic_realm::catalog::denizens::NativeGroup::Lancers)
        .map(|n| json!({"piece": piece("native", &n.id.0, None), "place": {"place": "natives", "group": "Lancers"}}))
        .collect();
    let mut pieces = lancers.clone();
    pieces.push(json!({"piece": {"kind": "dwelling", "id": "chapel"}, "place": {"place": "clearing", "at": at("oak_woods", 4)}}));
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "record": [{"activity": "move", "to": at("oak_woods", 4)}]}],
        "pieces": pieces.clone(), "at": "daylight", "dice": [4]}),
    );
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::NativesSummoned { .. })));
    let first = lancers[0]["piece"].clone();
    assert_eq!(place_of(&g, &first), in_clearing(TileId::OakWoods, 4));
    // Elsewhere in the tile: nothing.
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "record": [{"activity": "hide"}]}],
        "pieces": pieces, "at": "daylight", "dice": [4, 1, 1]}),
    );
    g.apply(S0, A::Proceed).unwrap();
    assert!(matches!(place_of(&g, &first), Place::Natives { .. }));
}

// ---- 6.3 Sunrise, 8.9 Midnight, 9.3 --------------------------------------------------------

#[test]
fn rule_6_3_3_the_monster_roll_is_one_game_die() {
    let g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "record": [{"activity": "hide"}]}], "at": "daylight", "dice": [5]}),
    );
    assert_eq!(state(&g).today.monster_roll, 5);
}

#[test]
fn rule_6_3_4_on_the_seventh_day_prowling_monsters_return_to_their_boxes() {
    let bat = piece("monster", "giant-bat", Some(0));
    let pieces =
        vec![json!({"piece": bat, "place": {"place": "clearing", "at": at("mountain", 5)}})];
    // Day 6, row 6 prowling: the Bat stays on the map.
    let g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "record": [{"activity": "hide"}]}],
        "pieces": pieces.clone(), "day": 6, "at": "daylight", "dice": [6]}),
    );
    assert_eq!(place_of(&g, &bat), in_clearing(TileId::Mountain, 5));
    // Day 7, row 6 prowling: it goes back to its box (a scenario's monster on the map has
    // the first chart box that pictures it as its home).
    let g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "record": [{"activity": "hide"}]}],
        "pieces": pieces.clone(), "day": 7, "at": "daylight", "dice": [6]}),
    );
    assert_eq!(place_of(&g, &bat), Place::ChartBox { row: 6, number: 1 });
    // Day 7, another row: it stays.
    let g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "record": [{"activity": "hide"}]}],
        "pieces": pieces, "day": 7, "at": "daylight", "dice": [3]}),
    );
    assert_eq!(place_of(&g, &bat), in_clearing(TileId::Mountain, 5));
}

#[test]
fn rule_6_3_4_a_giants_club_placed_without_a_home_goes_back_with_its_giant() {
    // 3.1.1a: a scenario places Giant 0 and its Club on the map and names no home: the
    // Club's home is the Giant's (its first chart box), not the clearing. On the seventh
    // day, on the Giant's row, both go back to the box together.
    let giant = piece("monster", "giant", Some(0));
    let club = piece("monster_part", "giant-club", Some(0));
    let on_map = json!({"place": "clearing", "at": at("mountain", 5)});
    let pieces = vec![
        json!({"piece": giant, "place": on_map}),
        json!({"piece": club, "place": on_map}),
    ];
    let mut returned = 0;
    for roll in 1..=6u8 {
        let g = start(
            json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
            "record": [{"activity": "hide"}]}],
            "pieces": pieces.clone(), "day": 7, "at": "daylight", "dice": [roll]}),
        );
        let giant_at = place_of(&g, &giant);
        if giant_at != in_clearing(TileId::Mountain, 5) {
            returned += 1;
            assert!(matches!(giant_at, Place::ChartBox { .. }), "{giant_at:?}");
            assert_eq!(place_of(&g, &club), giant_at, "Monster Roll {roll}");
        } else {
            assert_eq!(place_of(&g, &club), giant_at, "Monster Roll {roll}");
        }
    }
    assert_eq!(returned, 1, "the Giant prowls on one row");
}

#[test]
fn rule_8_9_midnight_turns_map_chits_face_down_but_not_the_lost_city() {
    let pieces = vec![
        json!({"piece": piece("map_chit", "howl_4", None), "place": {"place": "tile", "tile": "ruins"}, "facing": "down"}),
        json!({"piece": piece("map_chit", "lost_city", None), "place": {"place": "tile", "tile": "ruins"}, "facing": "down"}),
    ];
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("ruins", 1),
        "record": [{"activity": "hide"}]}],
        "pieces": pieces, "at": "daylight", "dice": [1, 1, 1]}),
    );
    g.apply(S0, A::Proceed).unwrap();
    pass_evening(&mut g);
    assert!(matches!(state(&g).step, Step::Birdsong { day: 2 }));
    assert_eq!(
        facing_of(&g, &piece("map_chit", "howl_4", None)),
        Facing::Down
    );
    assert_eq!(
        place_of(&g, &piece("map_chit", "howl_4", None)),
        in_clearing(TileId::Ruins, 4)
    );
    assert_eq!(
        facing_of(&g, &piece("map_chit", "lost_city", None)),
        Facing::Up
    );
    // Everyone saw it turn up: it stays known in their views.
    let view = g.view(Viewer::Seat { seat: S0 }).unwrap();
    let text = serde_json::to_string(&view).unwrap();
    assert!(text.contains("howl_4"));
}

#[test]
fn rule_8_1_3_an_evening_with_a_monster_hands_over_to_combat() {
    let pieces = vec![
        json!({"piece": piece("monster", "giant-bat", Some(0)), "place": {"place": "clearing", "at": at("oak_woods", 2)}}),
    ];
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "hidden": true, "record": [{"activity": "hide"}]}],
        "pieces": pieces, "at": "daylight", "dice": [1, 1, 1]}),
    );
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&ev).iter().any(|d| matches!(
        d,
        E::EveningInClearing {
            combat_due: true,
            ..
        }
    )));
}

#[test]
fn rule_9_3_the_last_day_ends_the_game_with_scores() {
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "gold": 40, "fame": 12, "victory": {"greatTreasures": 0, "spells": 0, "fame": 1, "notoriety": 0, "gold": 4},
        "record": [{"activity": "hide"}]}],
        "day": 28, "days": 28, "at": "daylight", "dice": [1, 6, 6]}),
    );
    g.apply(S0, A::Proceed).unwrap();
    pass_evening(&mut g);
    let ToAct::GameOver { outcome } = g.to_act() else {
        panic!("the game is over")
    };
    let Step::GameOver { scores } = &state(&g).step else {
        panic!()
    };
    let s = &scores[0];
    // Fame 12 - 10 = 2 -> 0 basic; gold: 40 - 10 - price of the Thrusting Sword; see 9.3.2.
    assert_eq!(s.basic[2], 0);
    assert_eq!(
        s.total,
        s.basic.iter().sum::<i32>() + s.bonus.iter().sum::<i32>()
    );
    assert!(outcome.summary.contains("Swordsman"));
}
