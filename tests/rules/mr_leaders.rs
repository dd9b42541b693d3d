//! Rule scenarios for hired leaders' turns (6.2.5, 6.2.7, 6.3.5, 7.1, 7.3.1, 7.4, 7.12,
//! 7.13) and hired underlings following their guides (6.3.1, 7.11), each from a scenario
//! with forced dice.

use crate::spells_common::{details, start, Game, S0};
use serde_json::{json, Value};
use tabletop_rules::engine::{Seat, Viewer};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::denizens::NativeId;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::state::{Activity, Turner};

fn oak(n: u8) -> ClearingRef {
    serde_json::from_value(json!({"tile": "oak_woods", "clearing": n})).unwrap()
}

fn hq() -> NativeId {
    NativeId("company-hq".into())
}

/// The clearings one open roadway away from Oak Woods 2.
fn next_to_oak2(g: &Game) -> Vec<ClearingRef> {
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let mut to: Vec<ClearingRef> = g
        .state()
        .map
        .moves(&cat.tiles, oak(2), &Default::default())
        .into_iter()
        .map(|r| r.to)
        .collect();
    to.sort();
    to.dedup();
    to
}

/// The Swordsman at Oak Woods 2 with the Company's HQ hired there; `record`: his leader's.
fn company(record: Value, me: Value, at: &str, dice: Value, pieces: Vec<Value>) -> Game {
    let mut all = vec![json!({"piece": {"kind": "native", "id": "company-hq"},
        "place": {"place": "clearing", "at": oak(2)}})];
    all.extend(pieces);
    start(
        json!({"seats": [{"character": "swordsman", "at": oak(2), "hidden": false,
        "record": me,
        "hirelings": [{"native": "company-hq", "lastDay": 20, "record": record}]}],
        "pieces": all, "day": 2, "at": at, "dice": dice}),
    )
}

/// From Birdsong: records `record` for the leader and finishes, returning the log of the
/// Sunrise and Daylight that follow (until the Swordsman must act).
fn play(g: &mut Game, record: &[Activity]) -> Vec<tabletop_rules::engine::Event<E>> {
    for activity in record {
        g.apply(
            S0,
            A::RecordLeaderActivity {
                leader: hq(),
                activity: activity.clone(),
            },
        )
        .unwrap();
    }
    let mut log = g.apply(S0, A::FinishRecording).unwrap();
    log.extend(crate::daylight_common::take_kept_turns(g));
    log
}

fn leader_at(g: &Game) -> Option<Place> {
    g.state()
        .piles
        .place_of(&PieceId::Native { id: hq() })
        .cloned()
}

fn recorded(g: &Game) -> Vec<Activity> {
    g.legal_actions(S0)
        .into_iter()
        .filter_map(|a| match a {
            A::RecordLeaderActivity { activity, .. } => Some(activity),
            _ => None,
        })
        .collect()
}

#[test]
fn rule_6_2_5_the_employer_records_four_phases_for_his_hired_leader() {
    let mut g = company(json!([]), json!([]), "birdsong", json!([]), vec![]);
    let offered = recorded(&g);
    let to = next_to_oak2(&g)[0];
    assert!(offered.contains(&Activity::Move { to }));
    assert!(offered.contains(&Activity::Hide));
    // 6.2.7: Follow a character in his clearing, as his whole turn.
    assert!(offered.contains(&Activity::Follow { guide: S0 }));
    for _ in 0..4 {
        g.apply(
            S0,
            A::RecordLeaderActivity {
                leader: hq(),
                activity: Activity::Hide,
            },
        )
        .unwrap();
    }
    assert!(
        recorded(&g).is_empty(),
        "two Basic and two Sunlight phases only"
    );
    assert!(g
        .legal_actions(S0)
        .contains(&A::TakeBackLeaderActivity { leader: hq() }));
    // His employer sees the record in his own view.
    let own = g.view(Viewer::Seat { seat: S0 }).unwrap();
    assert!(serde_json::to_string(&own).unwrap().contains("\"record\""));
}

#[test]
fn rule_6_3_5_and_7_3_1_a_hired_leader_takes_his_own_turn_and_moves() {
    let probe = company(json!([]), json!([]), "birdsong", json!([]), vec![]);
    let to = next_to_oak2(&probe)[0];
    let mut g = company(
        json!([]),
        json!([]),
        "birdsong",
        json!([1, 6, 6, 6]),
        vec![],
    );
    let log = play(&mut g, &[Activity::Move { to }]);
    let d = details(&log);
    assert!(d.iter().any(|e| matches!(e, E::LeaderTurnBegins { .. })));
    assert!(d
        .iter()
        .any(|e| matches!(e, E::LeaderMoved { to: t, .. } if *t == to)));
    assert!(d.iter().any(|e| matches!(e, E::LeaderTurnEnds { .. })));
    assert_eq!(leader_at(&g), Some(Place::Clearing { at: to }));
}

#[test]
fn rule_7_4_a_hired_leader_hides_with_two_dice_unmodified() {
    // Monster Roll 1; the Hide roll 1 and 2: the higher, 2, hides him.
    let mut g = company(json!([]), json!([]), "birdsong", json!([1, 1, 2]), vec![]);
    let log = play(&mut g, &[Activity::Hide]);
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::LeaderHideRolled { success: true, .. })));
    assert!(g.state().seats[0].hirelings[0].hidden);
    // A roll of 6 fails.
    let mut g = company(json!([]), json!([]), "birdsong", json!([1, 6, 6]), vec![]);
    play(&mut g, &[Activity::Hide]);
    assert!(!g.state().seats[0].hirelings[0].hidden);
}

#[test]
fn rule_7_12_unhired_monsters_block_an_unhidden_hired_leader_and_end_his_turn() {
    let probe = company(json!([]), json!([]), "birdsong", json!([]), vec![]);
    let to = next_to_oak2(&probe)[0];
    let wolf = json!({"piece": {"kind": "monster", "id": "wolf-l4", "n": 0},
        "place": {"place": "clearing", "at": to}});
    // He moves into the wolf's clearing and would move back: blocked, he stays.
    let mut g = company(
        json!([]),
        json!([]),
        "birdsong",
        json!([2, 6, 6, 6]),
        vec![wolf],
    );
    let log = play(
        &mut g,
        &[Activity::Move { to }, Activity::Move { to: oak(2) }],
    );
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::LeaderBlocked { .. })));
    assert_eq!(leader_at(&g), Some(Place::Clearing { at: to }));
}

#[test]
fn rule_6_2_7_and_7_11_a_hired_leader_who_follows_his_employer_moves_with_him() {
    let probe = company(json!([]), json!([]), "birdsong", json!([]), vec![]);
    let to = next_to_oak2(&probe)[0];
    let mut g = company(
        json!([{"activity": "follow", "guide": 0}]),
        json!([{"activity": "move", "to": to}]),
        "daylight",
        json!([1, 6, 6, 6, 6, 6, 6]),
        vec![],
    );
    assert_eq!(g.state().today.order, vec![Turner::Character(S0)]);
    assert_eq!(
        g.state().today.leaders_following.get(&hq()),
        Some(&tabletop_rules::magic_realm::day::following::Guide::character(S0))
    );
    g.apply(S0, A::Proceed).unwrap();
    assert_eq!(leader_at(&g), Some(Place::Clearing { at: to }));
    // Without the Follow, the leader stays where he is while his employer moves.
    let mut g = company(
        json!([]),
        json!([{"activity": "move", "to": to}]),
        "daylight",
        json!([1, 6, 6, 6, 6, 6, 6]),
        vec![],
    );
    if g.legal_actions(S0).contains(&A::Proceed) {
        g.apply(S0, A::Proceed).unwrap();
    }
    assert_eq!(leader_at(&g), Some(Place::Clearing { at: oak(2) }));
}

#[test]
fn rule_7_1_1_a_saved_turn_order_of_seat_numbers_still_loads() {
    let order: Vec<Turner> = serde_json::from_value(json!([1, 0,
        {"employer": 0, "leader": "company-hq"}]))
    .unwrap();
    assert_eq!(
        order,
        vec![
            Turner::Character(Seat(1)),
            Turner::Character(S0),
            Turner::Leader {
                employer: S0,
                leader: hq()
            }
        ]
    );
}

/// The Swordsman at Oak Woods 2 in Birdsong with the Company's HQ and Company 1 hired, their
/// terms ending on `last_day` (hired on `last_day` - 13).
fn with_underling(last_day: u8, dice: Value) -> Game {
    let here = |id: &str| {
        json!({"piece": {"kind": "native", "id": id},
            "place": {"place": "clearing", "at": oak(2)}})
    };
    start(
        json!({"seats": [{"character": "swordsman", "at": oak(2), "hidden": false,
        "hirelings": [{"native": "company-hq", "lastDay": last_day},
                      {"native": "company-1", "lastDay": last_day}]}],
        "pieces": [here("company-hq"), here("company-1")], "day": 2, "dice": dice}),
    )
}

fn underling_at(g: &Game) -> Option<Place> {
    g.state()
        .piles
        .place_of(&PieceId::Native {
            id: NativeId("company-1".into()),
        })
        .cloned()
}

/// Records a Move for the Swordsman (and `leader`'s phases) and plays his turn.
fn move_swordsman(g: &mut Game, to: Option<ClearingRef>, leader: &[Activity]) {
    if let Some(to) = to {
        g.apply(
            S0,
            A::RecordActivity {
                activity: Activity::Move { to },
            },
        )
        .unwrap();
    }
    play(g, leader);
    for _ in 0..4 {
        if !g.legal_actions(S0).contains(&A::Proceed) {
            break;
        }
        g.apply(S0, A::Proceed).unwrap();
    }
}

#[test]
fn rule_6_3_1_an_underling_follows_his_employer_by_default() {
    let mut g = with_underling(14, json!([1, 6, 6, 6]));
    let to = next_to_oak2(&g)[0];
    move_swordsman(&mut g, Some(to), &[]);
    assert_eq!(underling_at(&g), Some(Place::Clearing { at: to }));
    // His leader, with no turn recorded, stays.
    assert_eq!(leader_at(&g), Some(Place::Clearing { at: oak(2) }));
}

#[test]
fn rule_6_3_1_an_underling_told_to_stay_spends_the_day_where_he_is() {
    use tabletop_rules::magic_realm::day::underlings::UnderlingGuide;
    let mut g = with_underling(14, json!([1, 6, 6, 6]));
    let to = next_to_oak2(&g)[0];
    let stay = A::AssignUnderling {
        underling: NativeId("company-1".into()),
        guide: UnderlingGuide::Stay,
    };
    assert!(g.legal_actions(S0).contains(&stay));
    g.apply(S0, stay).unwrap();
    move_swordsman(&mut g, Some(to), &[]);
    assert_eq!(underling_at(&g), Some(Place::Clearing { at: oak(2) }));
}

#[test]
fn rule_6_3_1_an_underling_may_follow_a_hired_leader() {
    use tabletop_rules::magic_realm::day::underlings::UnderlingGuide;
    let mut g = with_underling(14, json!([1, 6, 6, 6]));
    let to = next_to_oak2(&g)[0];
    g.apply(
        S0,
        A::AssignUnderling {
            underling: NativeId("company-1".into()),
            guide: UnderlingGuide::Leader { leader: hq() },
        },
    )
    .unwrap();
    move_swordsman(&mut g, None, &[Activity::Move { to }]);
    assert_eq!(leader_at(&g), Some(Place::Clearing { at: to }));
    assert_eq!(underling_at(&g), Some(Place::Clearing { at: to }));
}

#[test]
fn rule_7_11_hirelings_do_not_follow_on_the_day_they_are_hired() {
    // Hired on day 2 (the term ends on day 15): he waits for tomorrow's Birdsong.
    let mut g = with_underling(15, json!([1, 6, 6, 6]));
    let to = next_to_oak2(&g)[0];
    move_swordsman(&mut g, Some(to), &[]);
    assert_eq!(underling_at(&g), Some(Place::Clearing { at: oak(2) }));
}
