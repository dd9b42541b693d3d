//! Rule scenarios for Phantasm (List of Spells): the phantasm's separate turn recorded in
//! Birdsong (Move, Peer, Enchant) and taken just before its controller's, played with
//! forced dice.

use crate::spells_common::{details, dice, here, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Viewer};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::tables::TableId;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::state::Activity;

fn at(tile: &str, clearing: u8) -> Value {
    json!({"tile": tile, "clearing": clearing})
}

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

/// The Magician (seat 0) bewitched by a Phantasm the Druid (seat 1) cast, at Birdsong of
/// day 1.
fn phantasm() -> Game {
    let spell = json!({"caster": 1, "spell": "phantasm", "spellBox": 0, "chit": 7,
        "aims": [{"aim": "character", "seat": 0}], "until": {"at": "sunset", "day": 1}});
    start(
        json!({"seats": [{"character": "magician", "at": here(), "hidden": false},
            {"character": "druid", "at": at("bad_valley", 1), "spells": ["phantasm"]}],
        "spells": [spell], "dice": dice(5, 40)}),
    )
}

fn record(activity: Activity) -> A {
    A::RecordPhantasmActivity { activity }
}

fn oak_woods_2() -> ClearingRef {
    serde_json::from_value(here()).unwrap()
}

#[test]
fn list_of_spells_phantasm_stands_with_him_and_he_records_its_turn_in_birdsong() {
    let mut g = phantasm();
    let view = g.view(Viewer::Seat { seat: S1 }).unwrap();
    assert_eq!(
        view.today.phantasms,
        [(S0, oak_woods_2())],
        "in plain sight"
    );
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&record(Activity::Search)));
    assert!(legal.contains(&record(Activity::Enchant)));
    assert!(legal.iter().any(|a| matches!(
        a,
        A::RecordPhantasmActivity {
            activity: Activity::Move { .. }
        }
    )));
    // Only Move, Peer (a Search) and Enchant.
    let before = g.state().clone();
    assert!(g.apply(S0, record(Activity::Hide)).is_err());
    assert!(
        g.apply(S1, record(Activity::Search)).is_err(),
        "not his phantasm"
    );
    assert_eq!(*g.state(), before, "a refused action changes nothing");
    // Two Basic and two Sunlight phases.
    for _ in 0..4 {
        let ev = g.apply(S0, record(Activity::Search)).unwrap();
        let secret = ev.first().expect("recorded");
        assert!(!secret.visibility.visible_to(Viewer::Seat { seat: S1 }));
    }
    // 4.5.3: its recorded turn is his secret.
    let own = |viewer| {
        g.view(viewer)
            .unwrap()
            .own
            .iter()
            .map(|o| o.phantasm_record.len())
            .sum::<usize>()
    };
    assert_eq!(own(Viewer::Seat { seat: S0 }), 4);
    assert_eq!(own(Viewer::Seat { seat: S1 }), 0);
    let legal = g.legal_actions(S0);
    assert!(!legal
        .iter()
        .any(|a| matches!(a, A::RecordPhantasmActivity { .. })));
    assert!(legal.contains(&A::TakeBackPhantasmActivity));
    // His own turn is recorded as usual.
    assert!(legal.iter().any(|a| matches!(a, A::RecordActivity { .. })));
}

fn first_move(g: &Game) -> ClearingRef {
    g.legal_actions(S0)
        .iter()
        .find_map(|a| match a {
            A::RecordPhantasmActivity {
                activity: Activity::Move { to },
            } if cat().tiles.get(to.tile).is_some() => Some(*to),
            _ => None,
        })
        .expect("a Move for the phantasm")
}

#[test]
fn list_of_spells_phantasm_moves_and_peers_just_before_his_turn() {
    let mut g = phantasm();
    let to = first_move(&g);
    g.apply(S0, record(Activity::Move { to })).unwrap();
    if tabletop_rules::magic_realm::day::who::clearing_kind(cat(), g.state(), to)
        == Some(tabletop_rules::magic_realm::catalog::tiles::ClearingKind::Mountain)
    {
        // 7.3.1: a mountain takes two Moves.
        g.apply(S0, record(Activity::Move { to })).unwrap();
    }
    g.apply(S0, record(Activity::Search)).unwrap();
    g.apply(S0, A::FinishRecording).unwrap();
    let mut log = g.apply(S1, A::FinishRecording).unwrap();
    // Play on (nothing recorded for the characters) until the phantasm's turn waits.
    for _ in 0..20 {
        if tabletop_rules::magic_realm::day::phantasm::in_turn(g.state(), S0) {
            break;
        }
        let seat = g.to_act().seats().first().copied().expect("someone acts");
        let action = g.legal_actions(seat).first().cloned().expect("an action");
        log.extend(g.apply(seat, action).unwrap());
    }
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::PhantasmTurnBegins { seat: S0 })));
    assert!(
        !details(&log)
            .iter()
            .any(|d| matches!(d, E::TurnEnds { seat: S0 })),
        "his own turn comes after"
    );
    let mut turn = Vec::new();
    for _ in 0..4 {
        let legal = g.legal_actions(S0);
        let action = legal
            .iter()
            .find(|a| matches!(a, A::Search { .. }))
            .or_else(|| legal.first())
            .cloned()
            .expect("an action for the phantasm");
        turn.extend(g.apply(S0, action).unwrap());
        if !tabletop_rules::magic_realm::day::phantasm::in_turn(g.state(), S0) {
            break;
        }
    }
    assert!(details(&turn)
        .iter()
        .any(|d| matches!(d, E::PhantasmMoved { seat: S0, at } if *at == to)));
    // It peers where it is (every die 5: Clues there, for him alone).
    assert!(details(&turn).iter().any(|d| matches!(
        d,
        E::Searched { seat: S0, table: TableId::Peer, at: there, .. } if *there == to
    )));
    let clues: Vec<&Event<E>> = turn
        .iter()
        .filter(|e| matches!(e.detail, E::CluesSeen { .. }))
        .collect();
    assert_eq!(clues.len(), 1);
    assert!(!clues[0].visibility.visible_to(Viewer::Seat { seat: S1 }));
    assert!(details(&turn)
        .iter()
        .any(|d| matches!(d, E::PhantasmTurnEnds { seat: S0 })));
    // Then his own turn (nothing recorded) ends; he never moved.
    assert!(details(&turn)
        .iter()
        .any(|d| matches!(d, E::TurnEnds { seat: S0 })));
    assert_eq!(
        tabletop_rules::magic_realm::day::who::clearing(g.state(), S0),
        Some(oak_woods_2())
    );
}

#[test]
fn list_of_spells_phantasm_is_gone_when_the_spell_ends() {
    let g = phantasm();
    let mut state = g.state().clone();
    let mut events = Vec::new();
    tabletop_rules::magic_realm::combat::spells::end_spell(
        cat(),
        &mut state,
        0,
        false,
        &mut events,
    );
    assert!(state.today.phantasms.is_empty());
    assert!(
        tabletop_rules::magic_realm::day::phantasm::record_options(cat(), &state, S0).is_empty()
    );
}

#[test]
fn list_of_spells_phantasm_enchants_with_his_magic_chits_after_its_own_meditation() {
    let mut g = phantasm();
    g.apply(S0, record(Activity::Enchant)).unwrap();
    g.apply(S0, record(Activity::Enchant)).unwrap();
    g.apply(S0, A::FinishRecording).unwrap();
    g.apply(S1, A::FinishRecording).unwrap();
    for _ in 0..20 {
        if tabletop_rules::magic_realm::day::phantasm::in_turn(g.state(), S0) {
            break;
        }
        let seat = g.to_act().seats().first().copied().expect("someone acts");
        let action = g.legal_actions(seat).first().cloned().expect("an action");
        g.apply(seat, action).unwrap();
    }
    // Its first Enchant phase is its meditation.
    assert_eq!(g.legal_actions(S0), [A::Proceed]);
    let log = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::PhantasmMeditated { seat: S0 })));
    assert!(
        !g.state().today.meditated.contains(&S0),
        "its meditation is not his"
    );
    // Then it enchants one of his Magic chits (his Type II chit 4 into Grey magic).
    let chit = A::Enchant {
        chit: 4,
        tile: false,
    };
    assert!(g.legal_actions(S0).contains(&chit));
    let log = g.apply(S0, chit).unwrap();
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::ChitEnchantedToColour {
            seat: S0,
            chit: 4,
            ..
        }
    )));
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::PhantasmTurnEnds { seat: S0 })));
}
