//! Rule scenarios for hired leaders as followers and guides (rules 6.2.5, 6.2.7, 7.11): a
//! hired leader following a character is unhidden with him and shares his Hide (7.11,
//! 7.11b); a character following a hired leader is unhidden with him, moves and hides
//! with him, and may share the Rest or Alert his employer records for him (7.11a, 7.11b,
//! 7.11f), each from a scenario with forced dice.

use crate::spells_common::{chit, details, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::ToAct;
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::denizens::NativeId;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::state::Activity;
use tabletop_rules::magic_realm::state::ChitStatus;

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
    let mut log = g.apply(S0, A::FinishRecording).unwrap();
    log.extend(crate::daylight_common::take_kept_turns(g));
    log
}

#[test]
fn rule_7_11_a_hired_leader_following_a_character_is_unhidden_when_his_turn_starts() {
    // Monster Roll 1; nothing else is rolled before the Swordsman's Hide.
    let mut g = company(true, json!([1, 6, 6]));
    assert!(leader_hidden(&g));
    let log = record(&mut g, &[Activity::Hide]);
    assert_eq!(
        g.state().today.leaders_following.get(&hq()),
        Some(&tabletop_rules::magic_realm::day::following::Guide::character(S0))
    );
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

fn to_act(g: &Game) -> Vec<tabletop_rules::engine::Seat> {
    match g.to_act() {
        ToAct::Seats { seats } => seats,
        ToAct::GameOver { .. } => Vec::new(),
    }
}

fn place_of(g: &Game, piece: Value) -> Option<Place> {
    let id: PieceId = serde_json::from_value(piece).unwrap();
    g.state().piles.place_of(&id).cloned()
}

fn amazon_at(g: &Game) -> Option<Place> {
    place_of(g, json!({"kind": "character", "id": "amazon"}))
}

/// Daylight at Oak Woods 2: the Swordsman (seat 0, nothing recorded) has hired the
/// Company's HQ, recorded `leader`; the Amazon (seat 1, hidden, her chit 0 fatigued,
/// carrying a Short Sword) follows that HQ.
fn behind_hq(leader: Value, dice: Value) -> Game {
    start(json!({"seats": [
        {"character": "swordsman", "at": oak(2), "hidden": false, "record": [],
         "hirelings": [{"native": "company-hq", "lastDay": 14, "record": leader}]},
        {"character": "amazon", "at": oak(2), "hidden": true,
         "chits": [{"chit": 0, "status": "fatigued"}],
         "belongings": [{"piece": {"kind": "weapon", "id": "short-sword", "n": 0}}],
         "record": [{"activity": "followLeader", "leader": "company-hq"}]}],
        "pieces": [here("company-hq")], "day": 2, "at": "daylight", "dice": dice}))
}

/// The Amazon keeps following as the leader starts his next activity.
fn keep(g: &mut Game) -> Vec<tabletop_rules::engine::Event<E>> {
    assert_eq!(to_act(g), vec![S1], "the follower decides first");
    // 7.2.2: as the leader begins his phase she may rearrange her belongings.
    assert!(g.legal_actions(S1).contains(&A::Proceed));
    g.apply(S1, A::Proceed).unwrap();
    assert_eq!(
        g.legal_actions(S1),
        vec![A::KeepFollowing, A::StopFollowing]
    );
    g.apply(S1, A::KeepFollowing).unwrap()
}

#[test]
fn rule_6_2_7_a_character_may_follow_a_hired_leader_in_his_clearing_only() {
    let follow = A::RecordActivity {
        activity: Activity::FollowLeader { leader: hq() },
    };
    let birdsong = |amazon: ClearingRef| {
        start(json!({"seats": [
            {"character": "swordsman", "at": oak(2), "hidden": false,
             "hirelings": [{"native": "company-hq", "lastDay": 14}]},
            {"character": "amazon", "at": amazon, "hidden": false}],
            "pieces": [here("company-hq")], "day": 2, "dice": [1]}))
    };
    // Any hired leader in her clearing, another's too.
    assert!(birdsong(oak(2)).legal_actions(S1).contains(&follow));
    // Elsewhere she cannot: the action is refused and changes nothing.
    let probe = birdsong(oak(2));
    let away = next_to_oak2(&probe)[0];
    let mut g = birdsong(away);
    assert!(!g.legal_actions(S1).contains(&follow));
    let before = g.state().clone();
    assert!(g.apply(S1, follow).is_err());
    assert_eq!(*g.state(), before);
}

#[test]
fn rule_7_11a_a_character_following_a_hired_leader_moves_and_hides_with_him() {
    let probe = behind_hq(json!([]), json!([1]));
    let to = next_to_oak2(&probe)[0];
    // Monster Roll 1; the leader's Hide roll 1 and 2: hidden.
    let mut g = behind_hq(
        json!([{"activity": "move", "to": to}, {"activity": "hide"}]),
        json!([1, 1, 2]),
    );
    assert_eq!(
        g.state().today.following.get(&S1),
        Some(&tabletop_rules::magic_realm::day::following::Guide::leader(
            &hq()
        ))
    );
    // 7.11: she takes no turn of her own, and is unhidden as his turn starts.
    assert!(!g
        .state()
        .today
        .order
        .contains(&tabletop_rules::magic_realm::state::Turner::Character(S1)));
    assert!(!g.state().seats[1].hidden);
    keep(&mut g);
    assert_eq!(amazon_at(&g), Some(Place::Clearing { at: to }));
    let log = keep(&mut g);
    // 7.11b: his result is hers, with no roll of her own.
    assert!(leader_hidden(&g));
    assert!(g.state().seats[1].hidden);
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::HideRolled { seat, success: true } if *seat == S1)));
    // 7.11: her turn ends with his, in his clearing.
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::TurnEnds { seat } if *seat == S1)));
    assert!(g.state().today.following.is_empty());
}

#[test]
fn rule_7_11_a_character_may_stop_following_a_hired_leader() {
    let probe = behind_hq(json!([]), json!([1]));
    let to = next_to_oak2(&probe)[0];
    let mut g = behind_hq(json!([{"activity": "move", "to": to}]), json!([1, 6, 6]));
    assert_eq!(to_act(&g), vec![S1]);
    g.apply(S1, A::Proceed).unwrap();
    let log = g.apply(S1, A::StopFollowing).unwrap();
    // Left where the leader was as the phase began; her turn ends there.
    assert_eq!(amazon_at(&g), Some(Place::Clearing { at: oak(2) }));
    assert_eq!(
        place_of(&g, json!({"kind": "native", "id": "company-hq"})),
        Some(Place::Clearing { at: to })
    );
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::TurnEnds { seat } if *seat == S1)));
}

#[test]
fn rule_6_2_5_the_employer_records_rest_and_alert_for_his_hired_leader() {
    let g = company(false, json!([1]));
    let offered: Vec<Activity> = g
        .legal_actions(S0)
        .into_iter()
        .filter_map(|a| match a {
            A::RecordLeaderActivity { activity, .. } => Some(activity),
            _ => None,
        })
        .collect();
    assert!(offered.contains(&Activity::Rest));
    assert!(offered.contains(&Activity::Alert));
    // With nobody following him, his Rest does nothing and his turn goes on.
    let mut g = behind_hq(
        json!([{"activity": "rest"}, {"activity": "hide"}]),
        json!([1, 1, 2]),
    );
    g.apply(S1, A::Proceed).unwrap();
    let log = g.apply(S1, A::StopFollowing).unwrap();
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::LeaderHideRolled { success: true, .. })));
    assert_eq!(chit(&g, S1, 0), ChitStatus::Fatigued);
}

#[test]
fn rule_7_11f_a_character_following_a_hired_leader_shares_his_rest() {
    let mut g = behind_hq(json!([{"activity": "rest"}]), json!([1]));
    keep(&mut g);
    // The leader rests for her: she chooses to rest or not.
    assert_eq!(to_act(&g), vec![S1]);
    let legal = g.legal_actions(S1);
    assert!(legal.contains(&A::SkipSharing));
    let rest = legal
        .into_iter()
        .find(|a| matches!(a, A::Rest { .. }))
        .expect("a Rest is offered");
    let log = g.apply(S1, rest).unwrap();
    assert_ne!(chit(&g, S1, 0), ChitStatus::Fatigued, "her chit is rested");
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::TurnEnds { seat } if *seat == S1)));
    // She may also let it pass: her chit stays fatigued.
    let mut g = behind_hq(json!([{"activity": "rest"}]), json!([1]));
    keep(&mut g);
    g.apply(S1, A::SkipSharing).unwrap();
    assert_eq!(chit(&g, S1, 0), ChitStatus::Fatigued);
}

#[test]
fn rule_7_11f_a_character_following_a_hired_leader_shares_his_alert() {
    let mut g = behind_hq(json!([{"activity": "alert"}]), json!([1]));
    keep(&mut g);
    let legal = g.legal_actions(S1);
    assert!(legal.contains(&A::SkipSharing));
    let alert = A::AlertWeapon { alerted: true };
    assert!(legal.contains(&alert));
    let log = g.apply(S1, alert).unwrap();
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::WeaponAlerted { seat, alerted: true, .. } if *seat == S1)));
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::TurnEnds { seat } if *seat == S1)));
}

#[test]
fn rule_6_2_7_following_a_follower_through_a_hired_leader_is_following_his_guide() {
    use tabletop_rules::magic_realm::state::Turner;
    // The Amazon follows the Swordsman; his HQ records a Follow behind her: it follows him.
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": oak(2), "hidden": false, "record": [{"activity": "hide"}],
         "hirelings": [{"native": "company-hq", "lastDay": 14,
                        "record": [{"activity": "follow", "guide": 1}]}]},
        {"character": "amazon", "at": oak(2), "hidden": false,
         "record": [{"activity": "follow", "guide": 0}]}],
        "pieces": [here("company-hq")], "day": 2, "at": "daylight", "dice": [1, 1, 2]}));
    assert_eq!(
        g.state().today.leaders_following.get(&hq()),
        Some(&tabletop_rules::magic_realm::day::following::Guide::character(S0))
    );
    assert_eq!(g.state().today.order, vec![Turner::Character(S0)]);
    // He hides, and so does the leader, through the same guide.
    g.apply(S1, A::KeepFollowing).unwrap();
    g.apply(S1, A::Proceed).unwrap();
    g.apply(S0, A::Proceed).unwrap();
    assert!(g.state().seats[0].hidden);
    assert!(leader_hidden(&g));
    // The Amazon records a Follow behind the HQ, who follows the Swordsman: she follows
    // the Swordsman.
    let g = start(json!({"seats": [
        {"character": "swordsman", "at": oak(2), "hidden": false, "record": [{"activity": "hide"}],
         "hirelings": [{"native": "company-hq", "lastDay": 14,
                        "record": [{"activity": "follow", "guide": 0}]}]},
        {"character": "amazon", "at": oak(2), "hidden": false,
         "record": [{"activity": "followLeader", "leader": "company-hq"}]}],
        "pieces": [here("company-hq")], "day": 2, "at": "daylight", "dice": [1, 1, 2]}));
    assert_eq!(
        g.state().today.following.get(&S1),
        Some(&tabletop_rules::magic_realm::day::following::Guide::character(S0))
    );
    assert_eq!(g.state().today.order, vec![Turner::Character(S0)]);
}
