//! Rule scenarios for the spells that act in Daylight (List of Spells): Talk to Wise Bird's
//! remote Peer and Premonition, played with forced dice (Prophecy and the remote Enchant
//! are in `mr_spells_prophecy`).

use crate::spells_common::{cast_at, details, dice, here, start, through_targets, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Viewer};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::tables::TableId;
use tabletop_rules::magic_realm::catalog::tiles::TileId;
use tabletop_rules::magic_realm::combat::spells::SpellAim;
use tabletop_rules::magic_realm::map::ClearingRef;

fn at(tile: &str, clearing: u8) -> Value {
    json!({"tile": tile, "clearing": clearing})
}

// ---- Talk to Wise Bird ------------------------------------------------------------------

/// A Magician who knows Talk to Wise Bird, his Magic III chit 7 enchanted (a Gold colour
/// chit) to cast it with his Magic II chit 4.
fn magician() -> Value {
    json!({"character": "magician", "at": here(), "spells": ["talk-to-wise-bird"],
           "hidden": false, "chits": [{"chit": 7, "status": "enchanted"}]})
}

/// The Magician casts Talk to Wise Bird on himself at Sunset; the spell comes to life.
fn wise_bird(seats: Value, extra: Value, die: u8) -> (Game, Vec<Event<E>>) {
    let mut sc = json!({"seats": seats, "at": "sunset", "dice": dice(die, 40)});
    if let (Some(sc), Some(extra)) = (sc.as_object_mut(), extra.as_object()) {
        for (k, v) in extra {
            sc.insert(k.clone(), v.clone());
        }
    }
    let mut g = start(sc);
    let mut log = Vec::new();
    cast_at(
        &mut g,
        S0,
        0,
        4,
        Some(7),
        SpellAim::Character { seat: S0 },
        &mut log,
    );
    through_targets(&mut g, &mut log);
    (g, log)
}

fn bad_valley_5() -> ClearingRef {
    ClearingRef::new(TileId::BadValley, 5)
}

#[test]
fn list_of_spells_talk_to_wise_bird_peers_into_any_clearing_on_the_map() {
    // Every die 5: the Peer table's Clues.
    let (mut g, log) = wise_bird(json!([magician()]), json!({}), 5);
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::RemotePeerOwed { seat: S0 })));
    // He names any clearing: every clearing of the map, each once, in map order.
    let legal = g.legal_actions(S0);
    let clearings: Vec<ClearingRef> = legal
        .iter()
        .map(|a| match a {
            A::RemotePeer { at } => *at,
            other => panic!("only clearings are offered, not {other:?}"),
        })
        .collect();
    let mut all = g.state().map.clearings(&cat().tiles);
    all.sort();
    assert_eq!(clearings, all);
    let log = g.apply(S0, A::RemotePeer { at: bad_valley_5() }).unwrap();
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::Searched { seat: S0, table: TableId::Peer, roll: 5, at } if *at == bad_valley_5()
    )));
    // 4.5.3: what he sees is his secret.
    let clues = log
        .iter()
        .find(|e| matches!(e.detail, E::CluesSeen { .. }))
        .expect("Clues in the far clearing");
    assert!(clues.visibility.visible_to(Viewer::Seat { seat: S0 }));
    assert!(!clues.visibility.visible_to(Viewer::Seat { seat: S1 }));
    // The spell expired; combat goes on (nobody owes a Peer now).
    assert!(g.state().today.remote_peers.is_empty());
    assert!(!g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::RemotePeer { .. })));
}

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

#[test]
fn list_of_spells_talk_to_wise_bird_choice_row_waits_for_his_pick() {
    // Every die 1: the Peer table's Choice; he picks Locate 4 (Discover chits).
    let (mut g, _) = wise_bird(json!([magician()]), json!({}), 1);
    g.apply(S0, A::RemotePeer { at: bad_valley_5() }).unwrap();
    let legal = g.legal_actions(S0);
    assert!(!legal.is_empty());
    assert!(legal
        .iter()
        .all(|a| matches!(a, A::ChooseSearchResult { .. })));
    let pick = legal
        .iter()
        .find(|a| matches!(a, A::ChooseSearchResult { pick } if pick.table == TableId::Locate && pick.roll == 4))
        .cloned()
        .expect("Locate 4 is offered");
    let log = g.apply(S0, pick).unwrap();
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::ChitsDiscovered { .. })));
    assert!(g.state().today.remote_peers.is_empty());
    assert!(g.state().today.pending.is_none());
}

#[test]
fn list_of_spells_talk_to_wise_bird_refuses_a_peer_by_another_seat_or_a_second_one() {
    let other = json!({"character": "amazon", "at": here(), "hidden": false});
    let (mut g, _) = wise_bird(json!([magician(), other]), json!({}), 5);
    // Only the target acts while he owes the Peer.
    assert_eq!(g.to_act().seats(), [S0]);
    assert!(g.legal_actions(S1).is_empty());
    let before = g.state().clone();
    assert!(g.apply(S1, A::RemotePeer { at: bad_valley_5() }).is_err());
    assert!(g.apply(S0, A::EndPlays).is_err());
    assert_eq!(*g.state(), before, "a refused action changes nothing");
    g.apply(S0, A::RemotePeer { at: bad_valley_5() }).unwrap();
    let before = g.state().clone();
    assert!(g.apply(S0, A::RemotePeer { at: bad_valley_5() }).is_err());
    assert_eq!(*g.state(), before);
}

#[test]
fn list_of_spells_talk_to_wise_bird_is_no_peer_into_a_fogged_tile() {
    let fog = json!({"caster": 1, "spell": "fog", "spellBox": 0, "chit": 7,
        "aims": [{"aim": "tile"}], "until": {"at": "sunset", "day": 9},
        "at": at("bad_valley", 1)});
    let druid = json!({"character": "druid", "at": at("bad_valley", 1), "spells": ["fog"]});
    let (g, _) = wise_bird(json!([magician(), druid]), json!({"spells": [fog]}), 5);
    let legal = g.legal_actions(S0);
    assert!(!legal.is_empty());
    assert!(!legal
        .iter()
        .any(|a| matches!(a, A::RemotePeer { at } if at.tile == TileId::BadValley)));
    assert!(legal
        .iter()
        .any(|a| matches!(a, A::RemotePeer { at } if at.tile == TileId::OakWoods)));
}

#[test]
fn list_of_spells_talk_to_wise_bird_its_target_does_the_peer_not_the_caster() {
    let amazon = json!({"character": "amazon", "at": here(), "hidden": false});
    let mut g = start(json!({"seats": [magician(), amazon], "at": "sunset",
        "dice": dice(5, 40)}));
    let mut log = Vec::new();
    cast_at(
        &mut g,
        S0,
        0,
        4,
        Some(7),
        SpellAim::Character { seat: S1 },
        &mut log,
    );
    through_targets(&mut g, &mut log);
    assert_eq!(g.to_act().seats(), [S1]);
    assert!(g.legal_actions(S0).is_empty());
    let log = g.apply(S1, A::RemotePeer { at: bad_valley_5() }).unwrap();
    let clues = log
        .iter()
        .find(|e| matches!(e.detail, E::CluesSeen { .. }))
        .expect("Clues");
    assert!(clues.visibility.visible_to(Viewer::Seat { seat: S1 }));
    assert!(
        !clues.visibility.visible_to(Viewer::Seat { seat: S0 }),
        "not the caster's"
    );
}

// ---- Premonition ------------------------------------------------------------------------

/// A Day spell in effect until Sunset of day 1, cast by seat 1 (the Druid, chit 7) on
/// `seat`.
fn day_spell(name: &str, seat: u8) -> Value {
    json!({"caster": 1, "spell": name, "spellBox": 0, "chit": 7,
        "aims": [{"aim": "character", "seat": seat}], "until": {"at": "sunset", "day": 1}})
}

fn druid(spell: &str) -> Value {
    json!({"character": "druid", "at": at("bad_valley", 1), "spells": [spell]})
}

/// Seats with nothing recorded (their turns end at once), the Premonition on `targets`, at
/// Daylight of day 1.
fn premonition(n: usize, targets: &[u8]) -> Game {
    let mut seats = vec![
        json!({"character": "amazon", "at": here()}),
        druid("premonition"),
    ];
    if n > 2 {
        seats.push(json!({"character": "captain", "at": at("bad_valley", 4)}));
    }
    let spells: Vec<Value> = targets
        .iter()
        .map(|t| {
            let mut s = day_spell("premonition", *t);
            s["spellBox"] = json!(t);
            s["chit"] = json!(6 + t);
            s
        })
        .collect();
    start(json!({"seats": seats, "spells": spells, "at": "daylight", "dice": dice(2, 20)}))
}

fn turns_begun(log: &[Event<E>]) -> Vec<tabletop_rules::engine::Seat> {
    log.iter()
        .filter_map(|e| match e.detail {
            E::TurnBegins { seat } => Some(seat),
            _ => None,
        })
        .collect()
}

#[test]
fn list_of_spells_premonition_keeps_his_chit_out_and_he_may_preempt_before_a_pick() {
    let mut g = premonition(2, &[0]);
    let order = &g.state().today.order;
    assert!(
        !order.iter().any(|t| t.character() == Some(S0)),
        "his chit is not mixed"
    );
    assert_eq!(g.state().today.preempting, [S0]);
    assert_eq!(g.to_act().seats(), [S0]);
    assert_eq!(g.legal_actions(S0), [A::Preempt, A::PassPreempt]);
    assert!(g.legal_actions(S1).is_empty());
    let log = g.apply(S0, A::Preempt).unwrap();
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::Preempted { seat: S0 })));
    // He takes his turn first; then the Druid's chit is picked.
    assert_eq!(turns_begun(&log), [S0, S1]);
    assert!(g.state().today.preempting.is_empty());
}

#[test]
fn list_of_spells_premonition_when_no_chits_are_left_he_must_take_his_turn() {
    let mut g = premonition(2, &[0]);
    let log = g.apply(S0, A::PassPreempt).unwrap();
    assert_eq!(turns_begun(&log), [S1], "the Druid's chit is picked");
    // No chit is left: he cannot pass.
    assert_eq!(g.legal_actions(S0), [A::Preempt]);
    let before = g.state().clone();
    assert!(g.apply(S0, A::PassPreempt).is_err());
    assert!(g.apply(S1, A::Preempt).is_err());
    assert_eq!(*g.state(), before, "a refused action changes nothing");
    let log = g.apply(S0, A::Preempt).unwrap();
    assert_eq!(turns_begun(&log), [S0], "one turn a day, his");
    assert!(!matches!(
        g.state().step,
        tabletop_rules::magic_realm::state::Step::Daylight { .. }
    ));
}

#[test]
fn list_of_spells_premonition_several_preemptors_decide_clockwise_from_the_last_turn() {
    // Seats 0 and 2 keep their chits out; seat 1's chit is mixed.
    let mut g = premonition(3, &[0, 2]);
    let s2 = tabletop_rules::engine::Seat(2);
    // At the start of the day, clockwise from the first seat: seat 0, then seat 2.
    assert_eq!(g.to_act().seats(), [S0]);
    g.apply(S0, A::PassPreempt).unwrap();
    assert_eq!(g.to_act().seats(), [s2]);
    let log = g.apply(s2, A::PassPreempt).unwrap();
    assert_eq!(turns_begun(&log), [S1]);
    // The last turn was seat 1's: clockwise from him, seat 2 decides first now.
    assert_eq!(g.to_act().seats(), [s2]);
    assert_eq!(g.legal_actions(s2), [A::Preempt]);
    let log = g.apply(s2, A::Preempt).unwrap();
    assert_eq!(turns_begun(&log), [s2]);
    assert_eq!(g.to_act().seats(), [S0]);
}

#[test]
fn list_of_spells_premonition_broken_before_he_preempts_mixes_his_chit_in() {
    let g = premonition(2, &[0]);
    let mut state = g.state().clone();
    let mut events = Vec::new();
    tabletop_rules::magic_realm::combat::spells::end_spell(
        cat(),
        &mut state,
        0,
        false,
        &mut events,
    );
    assert!(state.today.preempting.is_empty());
    assert_eq!(
        state
            .today
            .order
            .iter()
            .filter(|t| t.character() == Some(S0))
            .count(),
        1,
        "his chit is among those to be picked"
    );
    assert!(details(&events)
        .iter()
        .any(|d| matches!(d, E::ChitMixedIn { seat: S0 })));
}
