//! Rule scenarios for garrison natives (seed 000, rule 6.3.4) that `docs/coverage.md` found
//! without a test (issue 4): garrisons are always dormant, and at the end of the week they
//! go home with the row of their colour. Each is built from a scenario with forced dice
//! (a scenario piece's `home` says where it started the game).

use crate::mr_seed_gaps::S0;
use crate::mr_seed_gaps_day::{at, day_piece, day_start, place_of};
use serde_json::{json, Value};
use tabletop_rules::engine::{Seed, Session};
use tabletop_rules::magic_realm::actions::MagicRealmAction as A;
use tabletop_rules::magic_realm::game::MagicRealm;
use tabletop_rules::magic_realm::pieces::Place;
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;

/// The Swordsman hiding in Oak Woods 2 on `day`, Monster Roll `row`, with `pieces`.
fn week(day: u8, row: u8, pieces: Value) -> crate::mr_seed_gaps::Game {
    day_start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "hidden": true, "record": [{"activity": "hide"}]}],
        "pieces": pieces, "day": day, "at": "daylight", "dice": [row, 1, 1]}),
    )
}

fn clearing(v: Value) -> Place {
    Place::Clearing {
        at: serde_json::from_value(v).unwrap(),
    }
}

#[test]
fn rule_6_3_4_garrisons_go_home_with_the_row_of_their_colour() {
    // Day 7. A Soldier (brown, the House's garrison) is in the Mountain, away from the House
    // in Oak Woods 4: he goes home when row 3 (the Patrol's) prowls; a Guard (gold, the
    // Guard House's) and a Rogue (red, the Inn's) on rows 6 and 5. On another row each
    // stays where he is.
    for (native, dwelling, home, row) in [
        ("soldier-1", "house", at("oak_woods", 4), 3u8),
        ("guard-1", "guard_house", at("oak_woods", 5), 6),
        ("rogue-1", "inn", at("oak_woods", 4), 5),
    ] {
        for roll in 1..=6u8 {
            let piece = day_piece("native", native, None);
            let g = week(
                7,
                roll,
                json!([
                    {"piece": {"kind": "dwelling", "id": dwelling},
                     "place": {"place": "clearing", "at": home}},
                    {"piece": piece, "place": {"place": "clearing", "at": at("mountain", 5)},
                     "home": {"place": "clearing", "at": home}}]),
            );
            let want = if roll == row {
                clearing(home.clone())
            } else {
                clearing(at("mountain", 5))
            };
            assert_eq!(place_of(&g, &piece), want, "{native} on row {roll}");
        }
    }
}

#[test]
fn seed_000_garrison_natives_are_always_dormant() {
    // Not the seventh day: whatever row prowls, the Soldiers stay where they are, at the
    // House where the Swordsman ends his turn and away from it alike.
    for roll in 1..=6u8 {
        let (home, away) = (
            day_piece("native", "soldier-1", None),
            day_piece("native", "soldier-2", None),
        );
        let mut g = week(
            6,
            roll,
            json!([
                {"piece": {"kind": "dwelling", "id": "house"},
                 "place": {"place": "clearing", "at": at("oak_woods", 2)}},
                {"piece": home, "place": {"place": "clearing", "at": at("oak_woods", 2)}},
                {"piece": away, "place": {"place": "clearing", "at": at("oak_woods", 5)},
                 "home": {"place": "clearing", "at": at("oak_woods", 2)}}]),
        );
        g.apply(S0, A::Proceed).unwrap();
        assert_eq!(
            place_of(&g, &home),
            clearing(at("oak_woods", 2)),
            "row {roll}"
        );
        assert_eq!(
            place_of(&g, &away),
            clearing(at("oak_woods", 5)),
            "row {roll}"
        );
    }
}

#[test]
fn scenario_a_home_is_given_only_to_a_denizen_and_only_a_box_or_a_clearing() {
    let with = |piece: Value, home: Value| {
        let sc: MagicRealmScenario = serde_json::from_value(json!({
            "seats": [{"character": "swordsman", "at": at("oak_woods", 2)}],
            "pieces": [{"piece": piece, "place": {"place": "clearing", "at": at("oak_woods", 5)},
                "home": home}]}))
        .expect("a well-formed scenario");
        Session::<MagicRealm>::from_scenario(sc, Seed(11))
    };
    let clearing = json!({"place": "clearing", "at": at("oak_woods", 4)});
    assert!(with(day_piece("native", "soldier-1", None), clearing.clone()).is_ok());
    assert!(with(
        json!({"kind": "weapon", "id": "thrusting-sword", "n": 0}),
        clearing
    )
    .is_err());
    assert!(with(
        day_piece("native", "soldier-1", None),
        json!({"place": "out_of_play"})
    )
    .is_err());
    assert!(with(
        day_piece("native", "soldier-1", None),
        json!({"place": "clearing", "at": at("oak_woods", 9)})
    )
    .is_err());
}
