//! Magic Realm scenarios: a game from any position, refused with a reason when it names
//! something unknown or places something twice.

use serde_json::json;
use std::collections::BTreeSet;
use tabletop_rules::engine::{ErrorCode, Seed, Session};
use tabletop_rules::magic_realm::game::data;
use tabletop_rules::magic_realm::pieces::{all_pieces, Facing, PieceId, Place};
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::state::{ChitStatus, Step};
use tabletop_rules::magic_realm::MagicRealm;

fn scenario(value: serde_json::Value) -> MagicRealmScenario {
    serde_json::from_value(value).expect("the scenario parses")
}

fn start(
    value: serde_json::Value,
) -> Result<Session<MagicRealm>, tabletop_rules::engine::RuleError> {
    Session::<MagicRealm>::from_scenario(scenario(value), Seed(7))
}

fn conservation(session: &Session<MagicRealm>) {
    let expected: BTreeSet<PieceId> = all_pieces(data().unwrap()).into_iter().collect();
    session.state().piles.check_conservation(&expected).unwrap();
}

#[test]
fn a_battle_in_cavern_2_is_set_up_from_a_scenario() {
    let game = start(json!({
        "seats": [{
            "character": "swordsman",
            "at": {"tile": "cavern", "clearing": 2},
            "hidden": false,
            "gold": 3, "fame": 12, "notoriety": 7,
            "chits": [{"chit": 0, "status": "fatigued"}, {"chit": 5, "status": "wounded"}],
            "belongings": [{"piece": {"kind": "weapon", "id": "thrusting-sword", "n": 0}, "facing": "alerted"}]
        }],
        "pieces": [
            {"piece": {"kind": "monster", "id": "giant", "n": 0}, "place": {"place": "clearing", "at": {"tile": "cavern", "clearing": 2}}, "facing": "dark"},
            {"piece": {"kind": "monster_part", "id": "giant-club", "n": 0}, "place": {"place": "clearing", "at": {"tile": "cavern", "clearing": 2}}}
        ],
        "day": 3, "at": "birdsong",
        "dice": [6, 1]
    }))
    .expect("the scenario starts");
    let state = game.state();
    assert_eq!(state.step, Step::Birdsong { day: 3 });
    let sheet = &state.seats[0];
    assert_eq!(
        (sheet.gold, sheet.fame, sheet.notoriety),
        (3, 12.into(), 7.into())
    );
    assert!(!sheet.hidden);
    assert_eq!(sheet.chits[0], ChitStatus::Fatigued);
    assert_eq!(sheet.chits[5], ChitStatus::Wounded);
    assert_eq!(sheet.chits[1], ChitStatus::Fresh);
    let giant = PieceId::Monster {
        id: tabletop_rules::magic_realm::catalog::denizens::MonsterId("giant".into()),
        n: 0,
    };
    let (place, counter) = state.piles.find(&giant).unwrap();
    assert!(matches!(place, Place::Clearing { at } if at.clearing.0 == 2));
    assert_eq!(counter.facing, Facing::Dark);
    // The scripted dice come first.
    let mut dice = state.dice.clone();
    assert_eq!((dice.die(), dice.die()), (6, 1));
    // Everything not named is out of play, and nothing is lost.
    conservation(&game);
}

#[test]
fn a_scenario_naming_an_unknown_piece_is_refused_naming_it() {
    let err = start(json!({
        "seats": [{"character": "amazon", "at": {"tile": "borderland", "clearing": 1}}],
        "pieces": [{"piece": {"kind": "weapon", "id": "lightsaber", "n": 0}, "place": {"place": "aside"}}]
    }))
    .unwrap_err();
    assert_eq!(err.code(), ErrorCode::BadScenario);
    assert!(err.to_string().contains("lightsaber"), "{err}");
}

#[test]
fn rule_4_5_6_a_scenario_with_impossible_gold_is_refused() {
    // 4.5.6: recorded gold never falls below zero; an absurd amount is refused too (it
    // overflowed the score), for a character and for a hired leader alike.
    for gold in [-1, i32::MIN, i32::MAX, 1_000_001] {
        let err = start(json!({
            "seats": [{"character": "amazon", "at": {"tile": "borderland", "clearing": 1},
                "gold": gold}]
        }))
        .map(|_| ())
        .unwrap_err();
        assert_eq!(err.code(), ErrorCode::BadScenario, "{gold}");
        assert!(err.to_string().contains("gold"), "{err}");
        let err = start(json!({
            "seats": [{"character": "amazon", "at": {"tile": "borderland", "clearing": 1},
                "hirelings": [{"native": "company-hq", "lastDay": 14, "gold": gold}]}]
        }))
        .map(|_| ())
        .unwrap_err();
        assert_eq!(err.code(), ErrorCode::BadScenario, "{gold}");
    }
    for gold in [0, 1_000_000] {
        assert!(start(json!({
            "seats": [{"character": "amazon", "at": {"tile": "borderland", "clearing": 1},
                "gold": gold}]
        }))
        .is_ok());
    }
}

#[test]
fn a_scenario_naming_copy_255_of_a_piece_is_refused_without_overflow() {
    // A counter number read from input is counted up to name it ("#256"), not wrapped.
    let err = start(json!({
        "seats": [{"character": "amazon", "at": {"tile": "borderland", "clearing": 1}}],
        "pieces": [{"piece": {"kind": "weapon", "id": "short-sword", "n": 255}, "place": {"place": "aside"}},
            {"piece": {"kind": "monster_part", "id": "giant-club", "n": 255}, "place": {"place": "aside"}}]
    }))
    .map(|_| ())
    .unwrap_err();
    assert_eq!(err.code(), ErrorCode::BadScenario);
    assert!(err.to_string().contains("#256"), "{err}");
}

#[test]
fn a_scenario_placing_a_piece_twice_is_refused_naming_it() {
    let err = start(json!({
        "seats": [{
            "character": "amazon", "at": {"tile": "borderland", "clearing": 1},
            "belongings": [{"piece": {"kind": "weapon", "id": "short-sword", "n": 0}}]
        }],
        "pieces": [{"piece": {"kind": "weapon", "id": "short-sword", "n": 0}, "place": {"place": "aside"}}]
    }))
    .unwrap_err();
    assert_eq!(err.code(), ErrorCode::BadScenario);
    assert!(err.to_string().contains("short-sword"), "{err}");
    assert!(err.to_string().contains("twice"), "{err}");
}

#[test]
fn a_scenario_with_unknown_character_clearing_or_box_is_refused() {
    let cases = [
        (
            json!({"seats": [{"character": "gandalf", "at": {"tile": "borderland", "clearing": 1}}]}),
            "gandalf",
        ),
        (
            json!({"seats": [{"character": "amazon", "at": {"tile": "borderland", "clearing": 9}}]}),
            "no clearing 9",
        ),
        (
            json!({"seats": [{"character": "amazon", "at": {"tile": "borderland", "clearing": 1}}],
                   "pieces": [{"piece": {"kind": "monster", "id": "giant", "n": 0}, "place": {"place": "chart_box", "row": 9, "number": 1}}]}),
            "row 9",
        ),
        (
            json!({"seats": [{"character": "amazon", "at": {"tile": "borderland", "clearing": 1},
                              "chits": [{"chit": 0, "status": "enchanted"}]}]}),
            "cannot be enchanted",
        ),
        (
            json!({"seats": [{"character": "amazon", "at": {"tile": "borderland", "clearing": 1}}], "dice": [7]}),
            "1 to 6",
        ),
        (
            json!({"seats": [{"character": "amazon", "at": {"tile": "borderland", "clearing": 1}}], "day": 30}),
            "day 30",
        ),
    ];
    for (value, why) in cases {
        let err = start(value).unwrap_err();
        assert_eq!(err.code(), ErrorCode::BadScenario, "{why}");
        assert!(err.to_string().contains(why), "{why}: {err}");
    }
}

#[test]
fn a_scenario_can_start_from_a_set_up_realm() {
    let game = start(json!({
        "realm": "setUp",
        "seats": [{"character": "elf", "at": {"tile": "borderland", "clearing": 1}}]
    }))
    .unwrap();
    conservation(&game);
    let state = game.state();
    let dwellings_on_map = state
        .piles
        .iter()
        .filter(|(place, _)| matches!(place, Place::Clearing { .. }))
        .flat_map(|(_, pile)| pile.iter())
        .filter(|c| matches!(c.piece, PieceId::Dwelling { .. }))
        .count();
    assert_eq!(
        dwellings_on_map, 4,
        "3.6.2: four Dwellings from the Valley chits"
    );
}

#[test]
fn a_scenario_game_saves_and_loads() {
    let game = start(json!({
        "seats": [{"character": "dwarf", "at": {"tile": "cavern", "clearing": 1}}]
    }))
    .unwrap();
    let text = game.save_json().unwrap();
    let loaded = Session::<MagicRealm>::load_json(&text).unwrap();
    assert_eq!(loaded, game);
}
