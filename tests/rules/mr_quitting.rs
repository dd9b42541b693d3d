//! Rule scenarios for quitting the game and death outside combat (rules 9.1.1, 9.2.1,
//! 9.2.2), built from scenarios and named by rule.

use crate::evening_common::pass_evening;

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
    let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(11)).expect("the scenario starts");
    crate::daylight_common::take_kept_turns(&mut g);
    g
}

fn two() -> Game {
    start(json!({"seats": [
        {"character": "captain", "at": {"tile": "oak_woods", "clearing": 2},
         "belongings": [{"piece": {"kind": "weapon", "id": "short-sword", "n": 0}}]},
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
    // Nobody recorded anything: the day runs to the Evening's rounds, then Midnight.
    pass_evening(&mut g);
    assert!(matches!(g.state().step, Step::Birdsong { day: 2 }));
    assert_eq!(g.state().seats[0].fate, Fate::Dead);
    assert_eq!(g.state().seats[1].fate, Fate::Playing);
    let sword: PieceId =
        serde_json::from_value(json!({"kind": "weapon", "id": "short-sword", "n": 0})).unwrap();
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
        {"character": "captain", "at": {"tile": "oak_woods", "clearing": 2}}],
        "days": 1, "dice": [1]}));
    g.apply(S0, A::DeclareSuicide { declare: true }).unwrap();
    g.apply(S0, A::FinishRecording).unwrap();
    pass_evening(&mut g);
    let Step::GameOver { scores } = &g.state().step else {
        panic!("a one-day game ends");
    };
    assert_eq!(scores[0].total, -100);
}

/// Plays one seat's Birdsong choices with the first legal action until `stop` holds.
fn first_until(g: &mut Game, seat: Seat, stop: impl Fn(&Game) -> bool) {
    for _ in 0..40 {
        if stop(g) {
            return;
        }
        let a = g.legal_actions(seat)[0].clone();
        g.apply(seat, a).unwrap();
    }
    panic!("no end to the choices");
}

#[test]
fn rule_9_1_2_after_a_suicide_he_sits_out_a_day_then_may_start_afresh_at_the_inn() {
    let mut g = start(json!({"seats": [
        {"character": "captain", "at": {"tile": "oak_woods", "clearing": 2}},
        {"character": "amazon", "at": {"tile": "oak_woods", "clearing": 4}}],
        "pieces": [{"piece": {"kind": "dwelling", "id": "inn"},
                    "place": {"place": "clearing", "at": {"tile": "oak_woods", "clearing": 5}}}],
        "dice": [1, 1, 1, 1]}));
    g.apply(S0, A::DeclareSuicide { declare: true }).unwrap();
    g.apply(S0, A::FinishRecording).unwrap();
    g.apply(S1, A::FinishRecording).unwrap();
    pass_evening(&mut g);
    // Day 2: he sits it out.
    assert_eq!(g.state().step, Step::Birdsong { day: 2 });
    assert!(
        g.legal_actions(S0).is_empty(),
        "a whole day out after a suicide"
    );
    g.apply(S1, A::FinishRecording).unwrap();
    pass_evening(&mut g);
    // Day 3: a fresh start, with any character not in use, his old one included.
    assert_eq!(g.state().step, Step::Birdsong { day: 3 });
    let legal = g.legal_actions(S0);
    let pick = |id: &str| A::FreshStart {
        character: tabletop_rules::magic_realm::catalog::characters::CharacterId(id.into()),
    };
    assert!(legal.contains(&pick("captain")));
    assert!(!legal.contains(&pick("amazon")), "the Amazon is in use");
    assert!(legal.contains(&A::StayOut));
    g.apply(S0, pick("captain")).unwrap();
    first_until(&mut g, S0, |g| g.state().seats[0].fate == Fate::Playing);
    let me: PieceId =
        serde_json::from_value(json!({"kind": "character", "id": "captain"})).unwrap();
    assert_eq!(
        g.state().piles.place_of(&me),
        Some(&Place::Clearing {
            at: tabletop_rules::magic_realm::map::ClearingRef::new(
                tabletop_rules::magic_realm::catalog::tiles::TileId::OakWoods,
                5
            )
        }),
        "he starts at the Inn"
    );
    assert!(g.state().seats[0].hidden);
    assert_eq!(
        g.state().seats[0].secret.victory.total(),
        5,
        "new victory requirements"
    );
    assert!(
        g.legal_actions(S0)
            .iter()
            .any(|a| matches!(a, A::RecordActivity { .. })),
        "and he records his turn that same day"
    );
}

#[test]
fn rule_9_1_2_no_fresh_start_while_the_inn_is_not_on_the_map() {
    // The scenario's realm is empty: no Inn to start afresh at.
    let mut g = two();
    g.apply(S0, A::DeclareSuicide { declare: true }).unwrap();
    g.apply(S0, A::FinishRecording).unwrap();
    g.apply(S1, A::FinishRecording).unwrap();
    pass_evening(&mut g);
    g.apply(S1, A::FinishRecording).unwrap();
    pass_evening(&mut g);
    assert_eq!(g.state().step, Step::Birdsong { day: 3 });
    assert!(
        g.legal_actions(S0).is_empty(),
        "no fresh start is offered where it could not be made"
    );
    assert_eq!(g.to_act().seats(), &[S1]);
    g.apply(S1, A::FinishRecording).unwrap();
    pass_evening(&mut g);
    assert_eq!(g.state().step, Step::Birdsong { day: 4 });
}

#[test]
fn rule_9_1_2_the_game_ends_when_nobody_plays_and_nobody_can_start_afresh() {
    let mut g = start(json!({"seats": [
        {"character": "captain", "at": {"tile": "oak_woods", "clearing": 2}}],
        "days": 5, "dice": [1]}));
    g.apply(S0, A::DeclareSuicide { declare: true }).unwrap();
    g.apply(S0, A::FinishRecording).unwrap();
    pass_evening(&mut g);
    assert!(
        matches!(g.state().step, Step::GameOver { .. }),
        "with no Inn on the map nobody can rejoin, so the game ends"
    );
}
