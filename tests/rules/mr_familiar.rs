//! Rule scenarios for the Witch's Familiar (her Special Advantage): an invisible companion
//! placed with her, whose own turn she records in Birdsong (Move, Peer, Follow) and which
//! does it just before hers, played with forced dice.

use crate::spells_common::{details, dice, here, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Viewer};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::tables::TableId;
use tabletop_rules::magic_realm::catalog::tiles::ClearingKind;
use tabletop_rules::magic_realm::day::{phantasm, who};
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::state::Activity;

fn at(tile: &str, clearing: u8) -> Value {
    json!({"tile": tile, "clearing": clearing})
}

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

/// The Witch (seat 0) in Oak Woods 2 and the Swordsman (seat 1) at `other`, at Birdsong
/// of day 1.
fn witch(other: Value) -> Game {
    start(
        json!({"seats": [{"character": "witch", "at": here(), "hidden": false},
            {"character": "swordsman", "at": other, "hidden": false}],
        "dice": dice(5, 60)}),
    )
}

fn record(activity: Activity) -> A {
    A::RecordFamiliarActivity { activity }
}

fn oak_woods_2() -> ClearingRef {
    serde_json::from_value(here()).unwrap()
}

fn familiar_of(g: &Game, viewer: Viewer) -> Option<ClearingRef> {
    g.view(viewer).unwrap().own.iter().find_map(|o| o.familiar)
}

/// A Move her familiar may record first (one that is not into a mountain).
fn first_move(g: &Game) -> ClearingRef {
    g.legal_actions(S0)
        .iter()
        .find_map(|a| match a {
            A::RecordFamiliarActivity {
                activity: Activity::Move { to },
            } if cat().tiles.get(to.tile).is_some()
                && who::clearing_kind(cat(), g.state(), *to) != Some(ClearingKind::Mountain) =>
            {
                Some(*to)
            }
            _ => None,
        })
        .expect("a Move for the familiar")
}

/// Plays on (taking the first legal action) until `until` holds.
fn play_until(g: &mut Game, until: impl Fn(&Game) -> bool) {
    for _ in 0..40 {
        if until(g) {
            break;
        }
        let seat = g.to_act().seats().first().copied().expect("someone acts");
        let action = g.legal_actions(seat).first().cloned().expect("an action");
        g.apply(seat, action).unwrap();
    }
}

/// Every event from log position `from` on (as the whole log holds it).
fn since(g: &Game, from: usize) -> Vec<Event<E>> {
    g.log_since(Viewer::Omniscient, from).unwrap()
}

#[test]
fn rule_witch_familiar_starts_with_her_unseen_and_she_records_its_turn() {
    let mut g = witch(at("bad_valley", 1));
    // Placed with her; hers alone to see.
    assert_eq!(
        familiar_of(&g, Viewer::Seat { seat: S0 }),
        Some(oak_woods_2())
    );
    assert_eq!(familiar_of(&g, Viewer::Seat { seat: S1 }), None);
    assert_eq!(familiar_of(&g, Viewer::Spectator), None);
    let other = g.view(Viewer::Seat { seat: S1 }).unwrap();
    assert!(other.today.phantasms.is_empty(), "not a piece in sight");
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&record(Activity::Search)));
    assert!(legal.contains(&record(Activity::Follow { guide: S0 })));
    assert!(legal.iter().any(|a| matches!(
        a,
        A::RecordFamiliarActivity {
            activity: Activity::Move { .. }
        }
    )));
    // Only Move, Peer (a Search) and Follow: no Enchant, Hide, Rest, Trade.
    let before = g.state().clone();
    for refused in [Activity::Enchant, Activity::Hide, Activity::Rest] {
        assert!(!legal.contains(&record(refused.clone())));
        assert!(g.apply(S0, record(refused)).is_err());
    }
    // The Swordsman has no familiar.
    assert!(!g
        .legal_actions(S1)
        .iter()
        .any(|a| matches!(a, A::RecordFamiliarActivity { .. })));
    assert!(g.apply(S1, record(Activity::Search)).is_err());
    assert_eq!(*g.state(), before, "a refused action changes nothing");
    // Two Basic and two Sunlight phases, recorded in secret.
    for _ in 0..4 {
        let ev = g.apply(S0, record(Activity::Search)).unwrap();
        assert!(!ev[0].visibility.visible_to(Viewer::Seat { seat: S1 }));
    }
    let legal = g.legal_actions(S0);
    assert!(!legal
        .iter()
        .any(|a| matches!(a, A::RecordFamiliarActivity { .. })));
    assert!(legal.contains(&A::TakeBackFamiliarActivity));
    let records = |viewer| {
        g.view(viewer)
            .unwrap()
            .own
            .iter()
            .map(|o| o.familiar_record.len())
            .sum::<usize>()
    };
    assert_eq!(records(Viewer::Seat { seat: S0 }), 4);
    assert_eq!(records(Viewer::Seat { seat: S1 }), 0);
    // Her own turn is recorded as usual.
    assert!(legal.iter().any(|a| matches!(a, A::RecordActivity { .. })));
}

#[test]
fn rule_witch_familiar_moves_and_peers_before_her_turn_and_its_finds_are_hers() {
    let mut g = witch(at("bad_valley", 1));
    let to = first_move(&g);
    g.apply(S0, record(Activity::Move { to })).unwrap();
    g.apply(S0, record(Activity::Search)).unwrap();
    g.apply(S0, A::FinishRecording).unwrap();
    let from = g.log_len();
    g.apply(S1, A::FinishRecording).unwrap();
    play_until(&mut g, |g| phantasm::in_turn(g.state(), S0));
    let log = since(&g, from);
    let begins: Vec<&Event<E>> = log
        .iter()
        .filter(|e| matches!(e.detail, E::FamiliarTurnBegins { seat: S0 }))
        .collect();
    assert_eq!(begins.len(), 1);
    assert!(!begins[0].visibility.visible_to(Viewer::Seat { seat: S1 }));
    assert!(!details(&log)
        .iter()
        .any(|d| matches!(d, E::TurnEnds { seat: S0 })));
    let from = g.log_len();
    for _ in 0..4 {
        let legal = g.legal_actions(S0);
        let action = legal
            .iter()
            .find(|a| matches!(a, A::Search { .. }))
            .or_else(|| legal.first())
            .cloned()
            .expect("an action for the familiar");
        g.apply(S0, action).unwrap();
        if !phantasm::in_turn(g.state(), S0) {
            break;
        }
    }
    let turn = since(&g, from);
    // It moved unseen by others.
    let moved: Vec<&Event<E>> = turn
        .iter()
        .filter(|e| matches!(e.detail, E::FamiliarMoved { seat: S0, at } if at == to))
        .collect();
    assert_eq!(moved.len(), 1);
    assert!(!moved[0].visibility.visible_to(Viewer::Seat { seat: S1 }));
    // It peers where it is (every die 5: Clues there, for her alone).
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
        .any(|d| matches!(d, E::FamiliarTurnEnds { seat: S0 })));
    // Then her own turn; she never moved, and the familiar stays where it went.
    assert!(details(&turn)
        .iter()
        .any(|d| matches!(d, E::TurnEnds { seat: S0 })));
    assert_eq!(who::clearing(g.state(), S0), Some(oak_woods_2()));
    assert_eq!(familiar_of(&g, Viewer::Seat { seat: S0 }), Some(to));
}

#[test]
fn rule_witch_familiar_follows_a_character_on_his_moves() {
    let mut g = witch(here());
    assert!(g
        .legal_actions(S0)
        .contains(&record(Activity::Follow { guide: S1 })));
    g.apply(S0, record(Activity::Follow { guide: S1 })).unwrap();
    // A Follow is its whole turn.
    assert_eq!(
        g.legal_actions(S0)
            .into_iter()
            .filter(|a| matches!(
                a,
                A::RecordFamiliarActivity { .. } | A::TakeBackFamiliarActivity
            ))
            .collect::<Vec<_>>(),
        [A::TakeBackFamiliarActivity]
    );
    let to = g
        .legal_actions(S1)
        .iter()
        .find_map(|a| match a {
            A::RecordActivity {
                activity: Activity::Move { to },
            } if who::clearing_kind(cat(), g.state(), *to) != Some(ClearingKind::Mountain) => {
                Some(*to)
            }
            _ => None,
        })
        .expect("a Move for the Swordsman");
    g.apply(
        S1,
        A::RecordActivity {
            activity: Activity::Move { to },
        },
    )
    .unwrap();
    g.apply(S0, A::FinishRecording).unwrap();
    let from = g.log_len();
    g.apply(S1, A::FinishRecording).unwrap();
    play_until(&mut g, |g| who::clearing(g.state(), S1) == Some(to));
    let log = since(&g, from);
    let followed: Vec<&Event<E>> = log
        .iter()
        .filter(|e| matches!(e.detail, E::FamiliarMoved { seat: S0, at } if at == to))
        .collect();
    assert_eq!(followed.len(), 1, "it goes with him");
    assert!(!followed[0].visibility.visible_to(Viewer::Seat { seat: S1 }));
    assert_eq!(familiar_of(&g, Viewer::Seat { seat: S0 }), Some(to));
    assert_eq!(
        who::clearing(g.state(), S0),
        Some(oak_woods_2()),
        "she stays"
    );
}

#[test]
fn rule_witch_familiar_stays_where_it_went_and_is_gone_with_her() {
    let g = witch(at("bad_valley", 1));
    let away: ClearingRef = serde_json::from_value(at("bad_valley", 1)).unwrap();
    let mut state = g.state().clone();
    let f = state.familiars.get_mut(&S0).expect("her familiar");
    f.at = away;
    f.record = vec![Activity::Search];
    // The next Birdsong: it is where its turn left it, with a new record.
    phantasm::birdsong(cat(), &mut state);
    let f = state.familiars.get(&S0).expect("still hers");
    assert_eq!(f.at, away);
    assert!(f.record.is_empty());
    // Killed, she has no familiar.
    state.seats[0].fate = tabletop_rules::magic_realm::state::Fate::Dead;
    phantasm::birdsong(cat(), &mut state);
    assert!(state.familiars.is_empty());
    assert!(phantasm::record_options(cat(), &state, S0).is_empty());
}
