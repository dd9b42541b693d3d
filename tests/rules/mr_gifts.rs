//! Rule scenarios for trading between characters (rules 7.2.1, 4.5.4), built from
//! scenarios and named by rule.

use serde_json::{json, Value};
use tabletop_rules::engine::{Seat, Seed, Session, ToAct};
use tabletop_rules::magic_realm::actions::{Gift, MagicRealmAction as A};
use tabletop_rules::magic_realm::catalog::tiles::{ClearingNumber, PathEnd, TileId, TileSide};
use tabletop_rules::magic_realm::map::PathRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::MagicRealm;

type Game = Session<MagicRealm>;
const S1: Seat = Seat(1);

fn start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(11)).expect("the scenario starts");
    crate::daylight_common::take_kept_turns(&mut g);
    g
}

fn cliff_path() -> PathRef {
    PathRef {
        tile: TileId::Cliff,
        side: TileSide::Normal,
        from: ClearingNumber(2),
        to: PathEnd::Clearing(ClearingNumber(5)),
    }
}

/// Both in Cliff 2, both recording a Hide; the Swordsman owns a sword and knows the path.
fn pair() -> Game {
    start(json!({"seats": [
        {"character": "swordsman", "at": {"tile": "cliff", "clearing": 2}, "gold": 12,
         "discoveries": {"paths": [cliff_path()]},
         "belongings": [{"piece": {"kind": "weapon", "id": "thrusting-sword", "n": 0}}],
         "record": [{"activity": "hide"}]},
        {"character": "amazon", "at": {"tile": "cliff", "clearing": 2},
         "record": [{"activity": "hide"}]}],
        "at": "daylight", "dice": [1, 6, 6, 6, 6]}))
}

/// The seat whose turn it is.
fn turn(g: &Game) -> Seat {
    match g.to_act() {
        ToAct::Seats { seats } => seats[0],
        ToAct::GameOver { .. } => panic!("no game"),
    }
}

#[test]
fn rule_7_2_1_gold_belongings_and_discoveries_change_hands_at_the_start_of_a_phase() {
    let mut g = pair();
    // Whoever goes first, the Swordsman gives on his own phase.
    if turn(&g) == S1 {
        g.apply(S1, A::Proceed).unwrap();
    }
    let me = Seat(0);
    let sword: PieceId =
        serde_json::from_value(json!({"kind": "weapon", "id": "thrusting-sword", "n": 0})).unwrap();
    let legal = g.legal_actions(me);
    let give_sword = A::Give {
        to: S1,
        gift: Gift::Belonging {
            piece: sword.clone(),
        },
    };
    assert!(legal.contains(&give_sword));
    assert!(legal.contains(&A::Give {
        to: S1,
        gift: Gift::Gold { gold: 10 }
    }));
    g.apply(me, give_sword).unwrap();
    g.apply(
        me,
        A::Give {
            to: S1,
            gift: Gift::Gold { gold: 10 },
        },
    )
    .unwrap();
    g.apply(
        me,
        A::Give {
            to: S1,
            gift: Gift::Path { path: cliff_path() },
        },
    )
    .unwrap();
    let s = &g.state().seats;
    assert_eq!(s[0].gold, 2);
    assert_eq!(s[1].gold, 20);
    assert!(s[1].discoveries.paths.contains(&cliff_path()));
    assert!(matches!(
        g.state().piles.place_of(&sword),
        Some(Place::Belongings { character }) if character.0 == "amazon"
    ));
    assert!(
        !g.legal_actions(me).contains(&A::Give {
            to: S1,
            gift: Gift::Gold { gold: 5 }
        }),
        "he has only 2 gold left"
    );
}

#[test]
fn rule_7_2_1_no_trading_with_a_blocked_character() {
    // The Amazon (unhidden) fails to hide and the bat blocks her; the hidden Swordsman,
    // whose turn comes after hers, cannot then give her anything.
    let bat = json!({"piece": {"kind": "monster", "id": "giant-bat", "n": 0},
        "place": {"place": "clearing", "at": {"tile": "cliff", "clearing": 2}}});
    let g = |seed: u64| {
        let sc: MagicRealmScenario = serde_json::from_value(json!({"seats": [
            {"character": "swordsman", "at": {"tile": "cliff", "clearing": 2}, "hidden": true,
             "record": [{"activity": "hide"}, {"activity": "hide"}]},
            {"character": "amazon", "at": {"tile": "cliff", "clearing": 2}, "hidden": false,
             "record": [{"activity": "hide"}]}],
            "pieces": [bat], "at": "daylight", "dice": [1, 6, 6]}))
        .unwrap();
        Session::<MagicRealm>::from_scenario(sc, Seed(seed)).unwrap()
    };
    // A seed whose attention chits put the Amazon first.
    let mut g = (0..50)
        .map(g)
        .find(|g| g.state().today.order.first().map(|t| t.seat()) == Some(S1))
        .expect("some seed puts the Amazon first");
    // The Swordsman (Clever) lets her chit be picked first.
    g.apply(Seat(0), A::PassPreempt).unwrap();
    g.apply(S1, A::Proceed).unwrap();
    assert!(g.state().today.blocked.contains(&S1), "the bat blocks her");
    let me = Seat(0);
    assert_eq!(turn(&g), me);
    assert!(!g
        .legal_actions(me)
        .iter()
        .any(|a| matches!(a, A::Give { .. })));
}
