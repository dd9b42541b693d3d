//! Rule scenarios for blocking between individuals (rule 7.12) with blocking orders given
//! in Birdsong, built from scenarios with forced dice and named by rule.

use serde_json::{json, Value};
use tabletop_rules::engine::{Seat, Seed, Session};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::pieces::PieceId;
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::state::{Activity, BlockOrder};
use tabletop_rules::magic_realm::MagicRealm;

type Game = Session<MagicRealm>;
const S0: Seat = Seat(0);
const S1: Seat = Seat(1);

fn start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(11)).expect("the scenario starts");
    crate::daylight_common::take_kept_turns(&mut g);
    g
}

/// The Swordsman (seat 0) and the Amazon (seat 1) in Oak Woods 2 at Birdsong, the next
/// dice `dice` (the Monster Roll first).
fn pair(pieces: Value, dice: &[u8]) -> Game {
    start(json!({"seats": [
        {"character": "swordsman", "at": {"tile": "oak_woods", "clearing": 2}},
        {"character": "amazon", "at": {"tile": "oak_woods", "clearing": 2}}],
        "pieces": pieces, "dice": dice}))
}

fn record(g: &mut Game, seat: Seat, acts: &[Activity], orders: &[BlockOrder]) {
    for order in orders {
        g.apply(
            seat,
            A::GiveBlockOrder {
                order: order.clone(),
            },
        )
        .unwrap();
    }
    for a in acts {
        g.apply(
            seat,
            A::RecordActivity {
                activity: a.clone(),
            },
        )
        .unwrap();
    }
    g.apply(seat, A::FinishRecording).unwrap();
    crate::daylight_common::take_kept_turns(g);
}

#[test]
fn rule_7_12_a_blocking_order_blocks_an_unhidden_character_and_ends_his_turn() {
    let mut g = pair(json!([]), &[1, 6, 6]);
    record(&mut g, S1, &[], &[BlockOrder::Character { target: S0 }]);
    record(&mut g, S0, &[Activity::Hide, Activity::Hide], &[]);
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e.detail,
        E::CharacterBlocks {
            blocker: S1,
            target: S0
        }
    )));
    assert!(
        ev.iter()
            .any(|e| matches!(e.detail, E::TurnEnds { seat } if seat == S0)),
        "the rest of his turn is cancelled"
    );
}

#[test]
fn rule_7_12_a_hidden_character_is_not_blocked_by_one_who_has_not_found_hidden_enemies() {
    let mut g = pair(json!([]), &[1, 1, 1]);
    record(&mut g, S1, &[], &[BlockOrder::Character { target: S0 }]);
    record(&mut g, S0, &[Activity::Hide, Activity::Hide], &[]);
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(!ev
        .iter()
        .any(|e| matches!(e.detail, E::CharacterBlocks { .. })));
    assert!(g.state().seats[0].hidden);
}

#[test]
fn rule_7_12_a_withdrawn_order_blocks_no_one() {
    let mut g = pair(json!([]), &[1, 6, 6]);
    let order = BlockOrder::Character { target: S0 };
    g.apply(
        S1,
        A::GiveBlockOrder {
            order: order.clone(),
        },
    )
    .unwrap();
    assert!(g.legal_actions(S1).contains(&A::WithdrawBlockOrder {
        order: order.clone()
    }));
    g.apply(S1, A::WithdrawBlockOrder { order }).unwrap();
    g.apply(S1, A::FinishRecording).unwrap();
    record(&mut g, S0, &[Activity::Hide], &[]);
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(!ev
        .iter()
        .any(|e| matches!(e.detail, E::CharacterBlocks { .. })));
}

#[test]
fn rule_7_12_a_hidden_character_may_block_the_monsters_to_stop_their_prowling() {
    let bat = json!({"kind": "monster", "id": "giant-bat", "n": 0});
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": {"tile": "oak_woods", "clearing": 2}}],
        "pieces": [{"piece": bat, "place": {"place": "clearing", "at": {"tile": "oak_woods", "clearing": 2}}}],
        "dice": [1, 1, 1]}));
    record(
        &mut g,
        S0,
        &[Activity::Hide, Activity::Hide],
        &[BlockOrder::Monsters],
    );
    let ev = g.apply(S0, A::Proceed).unwrap();
    let id: PieceId = serde_json::from_value(bat).unwrap();
    assert!(ev
        .iter()
        .any(|e| matches!(&e.detail, E::Blocked { seat, by } if *seat == S0 && by.contains(&id))));
    assert!(!g.state().seats[0].hidden, "blocking unhides him");
}
