//! Rule scenarios for the shape of a day (rules 6.1.1, 6.2.1, 6.3.5, 7.1.1): the day
//! advancing, one turn per character in attention-chit order, built from scenarios.

use crate::evening_common::pass_evening;
use serde_json::{json, Value};
use tabletop_rules::engine::{Seat, Seed, Session, ToAct};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::state::Step;
use tabletop_rules::magic_realm::MagicRealm;

type Game = Session<MagicRealm>;

fn start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(11)).expect("the scenario starts");
    crate::daylight_common::take_kept_turns(&mut g);
    g
}

fn three(at: &str) -> Game {
    start(json!({"seats": [
        {"character": "swordsman", "at": {"tile": "oak_woods", "clearing": 2}, "record": [{"activity": "hide"}]},
        {"character": "amazon", "at": {"tile": "oak_woods", "clearing": 4}, "record": [{"activity": "hide"}]},
        {"character": "dwarf", "at": {"tile": "oak_woods", "clearing": 5}, "record": [{"activity": "hide"}]}],
        "at": at, "dice": [1, 6, 6, 6, 6, 6, 6]}))
}

#[test]
fn rule_6_1_1_each_new_day_moves_the_day_on() {
    let mut g = start(
        json!({"seats": [{"character": "amazon", "at": {"tile": "oak_woods", "clearing": 2}}]}),
    );
    assert_eq!(g.state().step, Step::Birdsong { day: 1 });
    let mut ev = g.apply(Seat(0), A::FinishRecording).unwrap();
    ev.extend(pass_evening(&mut g));
    assert_eq!(g.state().step, Step::Birdsong { day: 2 });
    assert!(ev
        .iter()
        .any(|e| matches!(e.detail, E::DayBegins { day: 2 })));
}

#[test]
fn rule_6_3_5_and_7_1_1_every_character_taking_a_turn_has_one_attention_chit() {
    let g = three("daylight");
    let mut order: Vec<Seat> = g.state().today.order.iter().map(|t| t.seat()).collect();
    order.sort();
    assert_eq!(order, vec![Seat(0), Seat(1), Seat(2)]);
}

#[test]
fn rule_6_2_1_and_7_1_1_turns_come_one_at_a_time_in_the_order_picked() {
    let mut g = three("daylight");
    let order: Vec<Seat> = g.state().today.order.iter().map(|t| t.seat()).collect();
    let mut seen = Vec::new();
    for _ in 0..3 {
        let ToAct::Seats { seats } = g.to_act() else {
            break;
        };
        assert_eq!(seats.len(), 1, "one character takes his turn at a time");
        seen.push(seats[0]);
        g.apply(seats[0], A::Proceed).unwrap();
    }
    assert_eq!(seen, order, "each character once, in attention-chit order");
    pass_evening(&mut g);
    assert_eq!(g.state().step, Step::Birdsong { day: 2 });
}
