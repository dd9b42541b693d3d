//! Rule scenarios for hired natives riding their own native horses (6.2.5, 7.3.2) that
//! `docs/coverage.md` found without a test (issue 4): the extra Move a workhorse gives a
//! hired leader, only his own horse counting, and none ridden in or out of a cave. Each is
//! built from a scenario with forced dice.

use crate::spells_common::{details, start, Game, S0};
use serde_json::{json, Value};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::denizens::{NativeHorseId, NativeId};
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::state::Activity;

fn at(tile: &str, n: u8) -> ClearingRef {
    serde_json::from_value(json!({"tile": tile, "clearing": n})).unwrap()
}

/// The Swordsman in Oak Woods 2 with `leader` hired, standing in `where_` with `pieces`
/// (his horse, or another's) there too; Birdsong of day 2.
fn hired(leader: &str, where_: ClearingRef, horses: &[&str], dice: Value) -> Game {
    let mut pieces = vec![json!({"piece": {"kind": "native", "id": leader},
        "place": {"place": "clearing", "at": where_}})];
    for h in horses {
        pieces.push(json!({"piece": {"kind": "native_horse", "id": h},
            "place": {"place": "clearing", "at": where_}}));
    }
    start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "hidden": false, "record": [],
        "hirelings": [{"native": leader, "lastDay": 20}]}],
        "pieces": pieces, "day": 2, "at": "birdsong", "dice": dice}),
    )
}

/// What the employer may record next for `leader`.
fn offered(g: &Game, leader: &NativeId) -> Vec<Activity> {
    g.legal_actions(S0)
        .into_iter()
        .filter_map(|a| match a {
            A::RecordLeaderActivity {
                leader: l,
                activity,
            } if &l == leader => Some(activity),
            _ => None,
        })
        .collect()
}

fn record(g: &mut Game, leader: &NativeId, acts: &[Activity]) {
    for activity in acts {
        g.apply(
            S0,
            A::RecordLeaderActivity {
                leader: leader.clone(),
                activity: activity.clone(),
            },
        )
        .expect("the phase can be recorded");
    }
}

fn hides(n: usize) -> Vec<Activity> {
    vec![Activity::Hide; n]
}

fn moves_made(log: &[tabletop_rules::engine::Event<E>]) -> Vec<ClearingRef> {
    details(log)
        .into_iter()
        .filter_map(|e| match e {
            E::LeaderMoved { to, .. } => Some(*to),
            _ => None,
        })
        .collect()
}

/// The first clearing he may move to (the clearings are offered in order; from Oak Woods 2
/// it is no mountain, one Move away).
fn first_move(g: &Game, leader: &NativeId) -> ClearingRef {
    offered(g, leader)
        .into_iter()
        .find_map(|a| match a {
            Activity::Move { to } => Some(to),
            _ => None,
        })
        .expect("a clearing to move to")
}

fn horse(id: &str) -> PieceId {
    PieceId::NativeHorse {
        id: NativeHorseId(id.into()),
    }
}

#[test]
fn rule_7_3_2_a_hired_leader_on_his_workhorse_moves_in_a_fifth_phase() {
    // The Patrol's HQ and his workhorse in Oak Woods 2: he is recorded to move away and
    // back, five times; a sixth phase is refused. In Daylight he does all five, the fifth
    // (his horse's) too, and his horse goes with him.
    let leader = NativeId("patrol-hq".into());
    let oak2 = at("oak_woods", 2);
    let mut g = hired("patrol-hq", oak2, &["patrol-workhorse-hq"], json!([1]));
    let to = first_move(&g, &leader);
    let five = [
        Activity::Move { to },
        Activity::Move { to: oak2 },
        Activity::Move { to },
        Activity::Move { to: oak2 },
        Activity::Move { to },
    ];
    record(&mut g, &leader, &five);
    assert!(offered(&g, &leader).is_empty(), "no sixth phase");
    let before = g.state().clone();
    let refused = g.apply(
        S0,
        A::RecordLeaderActivity {
            leader: leader.clone(),
            activity: Activity::Move { to: oak2 },
        },
    );
    assert!(refused.is_err());
    assert_eq!(g.state(), &before, "a refused phase changes nothing");
    let mut log = g.apply(S0, A::FinishRecording).unwrap();
    log.extend(crate::daylight_common::take_kept_turns(&mut g));
    assert_eq!(moves_made(&log), vec![to, oak2, to, oak2, to]);
    assert_eq!(
        g.state().piles.place_of(&horse("patrol-workhorse-hq")),
        Some(&Place::Clearing { at: to }),
        "his horse moved with him"
    );
}

#[test]
fn rule_7_3_2_hired_natives_ride_only_their_own_native_horses() {
    // The Company's HQ (no horse of his own) stands with the Patrol's HQ's workhorse: it
    // gives him nothing, four phases only.
    let leader = NativeId("company-hq".into());
    let oak2 = at("oak_woods", 2);
    let mut g = hired("company-hq", oak2, &["patrol-workhorse-hq"], json!([]));
    record(&mut g, &leader, &hides(4));
    assert!(
        offered(&g, &leader).is_empty(),
        "another's horse gives no phase"
    );
    // The Patrol's HQ away from his own workhorse gets four phases too.
    let leader = NativeId("patrol-hq".into());
    let mut g = hired("patrol-hq", oak2, &[], json!([]));
    record(&mut g, &leader, &hides(4));
    assert!(
        offered(&g, &leader).is_empty(),
        "no horse with him, no phase"
    );
}

#[test]
fn rule_7_3_2_a_hired_leader_cannot_ride_his_horse_out_of_a_cave() {
    // The Patrol's HQ and his workhorse in Borderland 1 (woods). Recording a Move into
    // cave 6 gives up his Sunlight phases (6.2.2b): two Basic phases and his horse's Move.
    // Daylight: he moves into the cave, hides, and his horse's Move back out is blank.
    let leader = NativeId("patrol-hq".into());
    let (b1, cave) = (at("borderland", 1), at("borderland", 6));
    let mut g = hired("patrol-hq", b1, &["patrol-workhorse-hq"], json!([1, 6, 6]));
    record(
        &mut g,
        &leader,
        &[
            Activity::Move { to: cave },
            Activity::Hide,
            Activity::Move { to: b1 },
        ],
    );
    assert!(offered(&g, &leader).is_empty(), "three phases only");
    let mut log = g.apply(S0, A::FinishRecording).unwrap();
    log.extend(crate::daylight_common::take_kept_turns(&mut g));
    assert_eq!(moves_made(&log), vec![cave]);
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::LeaderPhaseCancelled { .. })));
    assert_eq!(
        g.state().piles.place_of(&PieceId::Native { id: leader }),
        Some(&Place::Clearing { at: cave })
    );
    // Starting the day in the cave he records two phases only: no Sunlight, no horse.
    let mut g = hired("patrol-hq", cave, &["patrol-workhorse-hq"], json!([]));
    record(&mut g, &leader_id(), &hides(2));
    assert!(
        offered(&g, &leader_id()).is_empty(),
        "in a cave: two phases"
    );
}

fn leader_id() -> NativeId {
    NativeId("patrol-hq".into())
}
