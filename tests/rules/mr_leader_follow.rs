//! Rule scenarios for hired leaders as followers and guides (rules 6.2.5, 6.2.7, 7.11): a
//! hired leader following a character is unhidden with him and shares his Hide (7.11,
//! 7.11b), each from a scenario with forced dice.

use crate::spells_common::{details, start, Game, S0};
use serde_json::{json, Value};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::denizens::NativeId;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::state::Activity;

fn oak(n: u8) -> ClearingRef {
    serde_json::from_value(json!({"tile": "oak_woods", "clearing": n})).unwrap()
}

fn hq() -> NativeId {
    NativeId("company-hq".into())
}

fn here(id: &str) -> Value {
    json!({"piece": {"kind": "native", "id": id},
        "place": {"place": "clearing", "at": oak(2)}})
}

/// The Swordsman at Oak Woods 2 in Birdsong of day 2 with the Company's HQ (hidden when
/// `hidden`) and Company 1 hired the day before; Company 1 follows the HQ.
fn company(hidden: bool, dice: Value) -> Game {
    start(
        json!({"seats": [{"character": "swordsman", "at": oak(2), "hidden": false,
        "hirelings": [{"native": "company-hq", "lastDay": 14, "hidden": hidden},
                      {"native": "company-1", "lastDay": 14,
                       "follows": {"guide": "leader", "leader": "company-hq"}}]}],
        "pieces": [here("company-hq"), here("company-1")], "day": 2, "dice": dice}),
    )
}

fn leader_hidden(g: &Game) -> bool {
    g.state().seats[0].hirelings[0].hidden
}

fn underling_hidden(g: &Game) -> bool {
    g.state().seats[0].hirelings[1].hidden
}

/// Records `mine` for the Swordsman and a Follow behind him for his HQ, then finishes:
/// the log of the Sunrise and the start of Daylight.
fn record(g: &mut Game, mine: &[Activity]) -> Vec<tabletop_rules::engine::Event<E>> {
    for activity in mine {
        g.apply(
            S0,
            A::RecordActivity {
                activity: activity.clone(),
            },
        )
        .unwrap();
    }
    g.apply(
        S0,
        A::RecordLeaderActivity {
            leader: hq(),
            activity: Activity::Follow { guide: S0 },
        },
    )
    .unwrap();
    g.apply(S0, A::FinishRecording).unwrap()
}

#[test]
fn rule_7_11_a_hired_leader_following_a_character_is_unhidden_when_his_turn_starts() {
    // Monster Roll 1; nothing else is rolled before the Swordsman's Hide.
    let mut g = company(true, json!([1, 6, 6]));
    assert!(leader_hidden(&g));
    let log = record(&mut g, &[Activity::Hide]);
    assert_eq!(g.state().today.leaders_following.get(&hq()), Some(&S0));
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::LeaderUnhidden { leader } if *leader == hq())));
    assert!(!leader_hidden(&g));
}

#[test]
fn rule_7_11b_a_hired_leader_following_a_character_hides_with_him() {
    // Monster Roll 1; the Swordsman's Hide roll 1 and 2: hidden. The leader rolls nothing.
    let mut g = company(false, json!([1, 1, 2]));
    record(&mut g, &[Activity::Hide]);
    let log = g.apply(S0, A::Proceed).unwrap();
    assert!(g.state().seats[0].hidden);
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::LeaderHideRolled { leader, success: true } if *leader == hq())));
    assert!(leader_hidden(&g));
    // 6.3.1: the underling following that leader hides with him too.
    assert!(underling_hidden(&g));
    // His failure (6 and 6) is theirs: a leader who was hidden is unhidden, and stays so.
    let mut g = company(true, json!([1, 6, 6]));
    record(&mut g, &[Activity::Hide]);
    let log = g.apply(S0, A::Proceed).unwrap();
    assert!(!g.state().seats[0].hidden);
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::LeaderHideRolled { leader, success: false } if *leader == hq())));
    assert!(!leader_hidden(&g));
    assert!(!underling_hidden(&g));
}
