//! Rule scenarios for quitting the game and death outside combat (rules 9.1.1, 9.2.1,
//! 9.2.2), built from scenarios and named by rule.

use serde_json::{json, Value};
use tabletop_rules::engine::{Seat, Seed, Session, ToAct};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::state::{Fate, Step};
use tabletop_rules::magic_realm::MagicRealm;

type Game = Session<MagicRealm>;
const S0: Seat = Seat(0);
const S1: Seat = Seat(1);

fn start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    Session::<MagicRealm>::from_scenario(sc, Seed(11)).expect("the scenario starts")
}

fn two() -> Game {
    start(json!({"seats": [
        {"character": "swordsman", "at": {"tile": "oak_woods", "clearing": 2},
         "belongings": [{"piece": {"kind": "weapon", "id": "thrusting-sword", "n": 0}}]},
        {"character": "amazon", "at": {"tile": "oak_woods", "clearing": 4}}],
        "dice": [1]}))
}

#[test]
fn rule_9_2_1_the_game_ends_when_everyone_still_playing_agrees() {
    let mut g = two();
    g.apply(S0, A::VoteToEnd { vote: true }).unwrap();
    g.apply(S0, A::FinishRecording).unwrap();
    g.apply(S1, A::VoteToEnd { vote: true }).unwrap();
    let ev = g.apply(S1, A::FinishRecording).unwrap();
    assert!(ev.iter().any(|e| matches!(e.detail, E::AgreedEnd)));
    assert!(matches!(g.state().step, Step::GameOver { .. }));
    assert!(matches!(g.to_act(), ToAct::GameOver { .. }));
}

#[test]
fn rule_9_2_1_if_anyone_refuses_the_game_goes_on() {
    let mut g = two();
    g.apply(S0, A::VoteToEnd { vote: true }).unwrap();
    g.apply(S0, A::FinishRecording).unwrap();
    g.apply(S1, A::VoteToEnd { vote: true }).unwrap();
    g.apply(S1, A::VoteToEnd { vote: false }).unwrap();
    g.apply(S1, A::FinishRecording).unwrap();
    assert!(!matches!(g.state().step, Step::GameOver { .. }));
}

#[test]
fn rule_9_2_2_a_suicide_at_midnight_leaves_his_belongings_in_his_clearing() {
    let mut g = two();
    g.apply(S0, A::DeclareSuicide { declare: true }).unwrap();
    g.apply(S0, A::FinishRecording).unwrap();
    g.apply(S1, A::FinishRecording).unwrap();
    // Nobody recorded anything: the day runs to Midnight at once.
    assert!(matches!(g.state().step, Step::Birdsong { day: 2 }));
    assert_eq!(g.state().seats[0].fate, Fate::Dead);
    assert_eq!(g.state().seats[1].fate, Fate::Playing);
    let sword: PieceId =
        serde_json::from_value(json!({"kind": "weapon", "id": "thrusting-sword", "n": 0})).unwrap();
    assert!(matches!(
        g.state().piles.place_of(&sword),
        Some(Place::Clearing { .. })
    ));
    assert!(
        g.legal_actions(S0).is_empty(),
        "the dead character records nothing"
    );
}

#[test]
fn rule_9_3_a_dead_character_scores_minus_100() {
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": {"tile": "oak_woods", "clearing": 2}}],
        "days": 1, "dice": [1]}));
    g.apply(S0, A::DeclareSuicide { declare: true }).unwrap();
    g.apply(S0, A::FinishRecording).unwrap();
    let Step::GameOver { scores } = &g.state().step else {
        panic!("a one-day game ends");
    };
    assert_eq!(scores[0].total, -100);
}
