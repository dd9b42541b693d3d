//! Rule scenarios for the Flowers of Rest (the List of Treasures: "Lose turn - rest
//! fatigue"; rule 8.1.1, Sunset): a tired character who starts a phase in their clearing
//! falls asleep for the rest of his turn and wakes at Sunset with his fatigued chits
//! active. Each is built from a scenario with forced dice and named by its rule.

use crate::spells_common::{details, start, Game, S0};
use serde_json::{json, Value};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::pieces::{Facing, PieceId};
use tabletop_rules::magic_realm::state::ChitStatus;

const FLOWERS: &str = "flowers-of-rest";

fn flowers() -> PieceId {
    serde_json::from_value(json!({"kind": "treasure", "id": FLOWERS})).unwrap()
}

fn here() -> Value {
    json!({"tile": "oak_woods", "clearing": 2})
}

/// The Swordsman recording two Searches, with `extra` fields; `pieces` are added.
fn sleeper(extra: Value, pieces: Value) -> Game {
    let mut seat = json!({"character": "swordsman", "at": here(), "hidden": false,
        "record": [{"activity": "search"}, {"activity": "search"}]});
    if let (Some(s), Some(extra)) = (seat.as_object_mut(), extra.as_object()) {
        for (k, v) in extra {
            s.insert(k.clone(), v.clone());
        }
    }
    start(json!({"seats": [seat], "pieces": pieces, "at": "daylight", "dice": vec![6; 40]}))
}

fn tired() -> Value {
    json!([{"chit": 0, "status": "fatigued"}, {"chit": 1, "status": "wounded"}])
}

fn searches(g: &Game) -> usize {
    g.legal_actions(S0)
        .iter()
        .filter(|a| matches!(a, A::Search { .. }))
        .count()
}

#[test]
fn rule_8_1_1_the_flowers_of_rest_put_a_tired_character_to_sleep_for_his_turn() {
    let mut g = sleeper(
        json!({"chits": tired(),
            "belongings": [{"piece": {"kind": "treasure", "id": FLOWERS}, "active": false}]}),
        json!([]),
    );
    assert_eq!(searches(&g), 0, "no Search: he falls asleep");
    assert!(g.legal_actions(S0).contains(&A::Proceed));
    let log = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::FellAsleep { seat: S0, .. })));
    assert!(g.state().today.asleep.contains(&S0));
    assert_eq!(
        g.state().piles.find(&flowers()).map(|(_, c)| c.facing),
        Some(Facing::Up),
        "the card is shown"
    );
    // His second phase is lost too; at Sunset he wakes with his fatigued chit active.
    assert_eq!(searches(&g), 0);
    let log = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::PhaseCancelled { seat: S0, .. })));
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::WokeRefreshed { seat: S0, chits: 1 })));
    let chits = &g.state().seats[0].chits;
    assert_eq!(chits[0], ChitStatus::Fresh);
    assert_eq!(chits[1], ChitStatus::Wounded, "wounds are not rested");
    assert!(!g.state().today.asleep.contains(&S0));
}

#[test]
fn rule_8_1_1_the_flowers_lying_in_the_clearing_put_him_to_sleep_too() {
    let mut g = sleeper(
        json!({"chits": tired()}),
        json!([{"piece": {"kind": "treasure", "id": FLOWERS},
            "place": {"place": "clearing", "at": here()}}]),
    );
    assert_eq!(searches(&g), 0);
    let log = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::FellAsleep { seat: S0, .. })));
}

#[test]
fn rule_8_1_1_a_character_with_nothing_to_rest_stays_awake() {
    // No fatigued chit; and withered, his fatigued chit cannot be rested (4.6.7a).
    for extra in [
        json!({}),
        json!({"chits": [{"chit": 0, "status": "fatigued"}], "curses": ["wither"]}),
    ] {
        let mut fields = extra.clone();
        if let Some(o) = fields.as_object_mut() {
            o.insert(
                "belongings".into(),
                json!([{"piece": {"kind": "treasure", "id": FLOWERS}, "active": false}]),
            );
        }
        let g = sleeper(fields, json!([]));
        assert!(searches(&g) > 0, "he searches as usual: {extra}");
        assert!(g.state().today.asleep.is_empty());
    }
}
