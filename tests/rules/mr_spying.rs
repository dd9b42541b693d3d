//! Rule scenarios for spying (rule 4.5.5), built from scenarios and named by rule.

use serde_json::{json, Value};
use tabletop_rules::engine::{Seed, Session, ToAct};
use tabletop_rules::magic_realm::actions::MagicRealmAction as A;
use tabletop_rules::magic_realm::catalog::tiles::{ClearingNumber, PathEnd, TileId, TileSide};
use tabletop_rules::magic_realm::map::PathRef;
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::MagicRealm;

type Game = Session<MagicRealm>;

fn start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(11)).expect("the scenario starts");
    crate::daylight_common::take_kept_turns(&mut g);
    g
}

/// The Cliff's hidden path between clearings 2 and 5 (normal side).
fn cliff_path() -> PathRef {
    PathRef {
        tile: TileId::Cliff,
        side: TileSide::Normal,
        from: ClearingNumber(2),
        to: PathEnd::Clearing(ClearingNumber(5)),
    }
}

/// The Swordsman (seat 0) knows the hidden path and moves along it; the Amazon (seat 1)
/// rests in Cliff 2.
fn mover(hidden: bool) -> Game {
    start(json!({"seats": [
        {"character": "swordsman", "at": {"tile": "cliff", "clearing": 2}, "hidden": hidden,
         "discoveries": {"paths": [cliff_path()]},
         "record": [{"activity": "move", "to": {"tile": "cliff", "clearing": 5}}]},
        {"character": "amazon", "at": {"tile": "cliff", "clearing": 2},
         "record": [{"activity": "hide"}]}],
        "at": "daylight", "dice": [1, 6, 6, 6, 6]}))
}

/// Plays the day's turns (each seat proceeds) until it ends.
fn play_turns(g: &mut Game) {
    for _ in 0..6 {
        let seat = match g.to_act() {
            ToAct::Seats { seats } if !seats.is_empty() => seats[0],
            _ => return,
        };
        if g.legal_actions(seat).contains(&A::Proceed) {
            g.apply(seat, A::Proceed).unwrap();
        } else {
            return;
        }
    }
}

fn amazon_knows(g: &Game) -> bool {
    g.state().seats[1].discoveries.paths.contains(&cliff_path())
}

#[test]
fn rule_4_5_5_an_unhidden_character_using_a_hidden_path_teaches_it_to_his_clearing() {
    let mut g = mover(false);
    // The Swordsman is unhidden as his turn starts (7.1.2) whoever goes first, so the
    // Amazon, if still in Cliff 2, spies on him.
    play_turns(&mut g);
    assert!(amazon_knows(&g));
}

#[test]
fn rule_4_5_5_spies_learn_only_what_he_uses() {
    // The Swordsman records a Hide instead: he uses no discovery, so nothing is learned.
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": {"tile": "cliff", "clearing": 2},
         "discoveries": {"paths": [cliff_path()]}, "record": [{"activity": "hide"}]},
        {"character": "amazon", "at": {"tile": "cliff", "clearing": 2},
         "record": [{"activity": "hide"}]}],
        "at": "daylight", "dice": [1, 6, 6, 6, 6]}));
    play_turns(&mut g);
    assert!(!amazon_knows(&g));
}
