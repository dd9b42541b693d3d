//! Rule scenarios for the end of a character's game (rule 9.2.2, leaving the map), built
//! from scenarios and named by rule.

use serde_json::{json, Value};
use tabletop_rules::engine::{Seat, Seed, Session};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::game::data;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::state::{Activity, Fate, Step};
use tabletop_rules::magic_realm::MagicRealm;

type Game = Session<MagicRealm>;
const S0: Seat = Seat(0);

fn start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(11)).expect("the scenario starts");
    crate::daylight_common::take_kept_turns(&mut g);
    g
}

/// A clearing of the default map with an open road off the map's edge, and one without.
fn edge_clearings(g: &Game) -> (ClearingRef, ClearingRef) {
    let cat = data().unwrap();
    let map = &g.state().map;
    let all = map.clearings(&cat.tiles);
    let open = |c: &ClearingRef| map.leaves_map(&cat.tiles, *c, Some(&Default::default()));
    let edge = all
        .iter()
        .copied()
        .find(open)
        .expect("the map has a road off its edge");
    let inner = all
        .iter()
        .copied()
        .find(|c| !map.leaves_map(&cat.tiles, *c, None))
        .expect("most clearings are inside");
    (edge, inner)
}

fn at(c: ClearingRef) -> Value {
    serde_json::to_value(c).unwrap()
}

#[test]
fn rule_9_2_2_m_edge_is_recordable_only_where_a_road_leaves_the_map() {
    let probe = start(
        json!({"seats": [{"character": "swordsman", "at": {"tile": "oak_woods", "clearing": 2}}]}),
    );
    let (edge, inner) = edge_clearings(&probe);
    let g = start(json!({"seats": [{"character": "swordsman", "at": at(edge)}]}));
    assert!(g.legal_actions(S0).contains(&A::RecordActivity {
        activity: Activity::LeaveMap
    }));
    let g = start(json!({"seats": [{"character": "swordsman", "at": at(inner)}]}));
    assert!(!g.legal_actions(S0).contains(&A::RecordActivity {
        activity: Activity::LeaveMap
    }));
}

#[test]
fn rule_9_2_2_leaving_the_map_removes_his_belongings_and_scores_him_at_once() {
    let probe = start(
        json!({"seats": [{"character": "swordsman", "at": {"tile": "oak_woods", "clearing": 2}}]}),
    );
    let (edge, _) = edge_clearings(&probe);
    let sword = json!({"kind": "weapon", "id": "thrusting-sword", "n": 0});
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": at(edge), "gold": 40,
         "belongings": [{"piece": sword}],
         "victory": {"greatTreasures": 0, "spells": 0, "fame": 0, "notoriety": 0, "gold": 5},
         "record": [{"activity": "leaveMap"}]},
        {"character": "amazon", "at": at(edge), "record": [{"activity": "hide"}]}],
        "at": "daylight", "dice": [1, 6, 6]}));
    // Whoever goes first, play until the Swordsman has left.
    let mut left = None;
    for _ in 0..20 {
        let seat = match g.to_act() {
            tabletop_rules::engine::ToAct::Seats { seats } => seats[0],
            _ => break,
        };
        // Daylight's phases, then the Evening's rounds of combat, passing.
        let legal = g.legal_actions(seat);
        let next = if legal.contains(&A::Proceed) {
            A::Proceed
        } else {
            tabletop_rules::magic_realm::combat::passing(&legal).expect("a pass")
        };
        let ev = g.apply(seat, next).unwrap();
        if let Some(score) = ev.iter().find_map(|e| match &e.detail {
            E::LeftMap { score, .. } => Some(score.clone()),
            _ => None,
        }) {
            left = Some(score);
        }
        if matches!(
            g.state().step,
            Step::GameOver { .. } | Step::Birdsong { .. }
        ) {
            break;
        }
    }
    let score = left.expect("the Swordsman left the map");
    assert_eq!(g.state().seats[0].fate, Fate::LeftMap);
    let piece: PieceId = serde_json::from_value(sword).unwrap();
    assert_eq!(g.state().piles.place_of(&piece), Some(&Place::OutOfPlay));
    assert_eq!(g.state().seats[0].final_score.as_ref(), Some(&score));
    assert_eq!(score.fate, Fate::LeftMap);
    // Gold is his only requirement (5 x 30 = 150) and he has far less: a negative score.
    assert!(score.basic[4] < 0 && score.total < 0, "{score:?}");
    if let Step::GameOver { scores } = &g.state().step {
        assert_eq!(
            scores[0], score,
            "the final score is the one taken as he left"
        );
    }
}
