//! Rule scenarios for the spells that act in Daylight (List of Spells): Talk to Wise Bird's
//! remote Peer, Premonition, Prophecy, and the Crystal Ball's remote Enchant, played with
//! forced dice.

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
