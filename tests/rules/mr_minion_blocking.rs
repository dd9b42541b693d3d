//! Rule scenarios for blocking between characters, hired leaders and controlled monsters
//! (rule 7.12) through the blocking orders given in Birdsong, each from a scenario with
//! forced dice: a character blocks another seat's hired leader or controlled monster, a
//! hired leader blocks a character, the hidden are blocked only by those who found hidden
//! enemies, and underlings never block nor are blocked.

use crate::spells_common::{details, here, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::Event;
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::denizens::NativeId;
use tabletop_rules::magic_realm::pieces::PieceId;
use tabletop_rules::magic_realm::state::{Activity, BlockOrder, Individual, Step, Turner};

fn hq() -> NativeId {
    NativeId("company-hq".into())
}

fn leader() -> Individual {
    Individual::Denizen {
        piece: PieceId::Native { id: hq() },
    }
}

fn amazon() -> Individual {
    Individual::Character { seat: S1 }
}

fn bat() -> PieceId {
    serde_json::from_value(json!({"kind": "monster", "id": "giant-bat", "n": 0})).unwrap()
}

fn in_clearing(piece: Value) -> Value {
    json!({"piece": piece, "place": {"place": "clearing", "at": here()}})
}

/// The Swordsman (seat 0) with the Company's HQ and the Company 1 (an underling) hired,
/// and the Amazon (seat 1, hidden or not), all in Oak Woods 2 at Birdsong of day 2.
fn company_and_amazon(amazon_hidden: bool, dice: Value) -> Game {
    company_and_amazon_at(here(), amazon_hidden, dice)
}

/// As [`company_and_amazon`], the Amazon in `amazon_at`.
fn company_and_amazon_at(amazon_at: Value, amazon_hidden: bool, dice: Value) -> Game {
    employer_and_amazon_at("swordsman", amazon_at, amazon_hidden, dice)
}

/// As [`company_and_amazon_at`], the Company hired by `employer`.
fn employer_and_amazon_at(
    employer: &str,
    amazon_at: Value,
    amazon_hidden: bool,
    dice: Value,
) -> Game {
    start(json!({"seats": [
        {"character": employer, "at": here(), "hidden": false,
         "hirelings": [{"native": "company-hq", "lastDay": 20},
                       {"native": "company-1", "lastDay": 20}]},
        {"character": "amazon", "at": amazon_at, "hidden": amazon_hidden}],
        "pieces": [in_clearing(json!({"kind": "native", "id": "company-hq"})),
                   in_clearing(json!({"kind": "native", "id": "company-1"}))],
        "day": 2, "at": "birdsong", "dice": dice}))
}

/// The Elf (seat 0) controlling the Giant Bat (Control Bats, until Sunset of day 2) and
/// the Amazon (seat 1, hidden), all in Oak Woods 2 at Birdsong of day 2.
fn elf_bat_and_amazon(dice: Value) -> Game {
    start(json!({"seats": [
        {"character": "elf", "at": here(), "hidden": false,
         "spells": ["control-bats"], "chits": [{"chit": 3, "status": "committed"}]},
        {"character": "amazon", "at": here(), "hidden": true}],
        "pieces": [in_clearing(json!(bat()))],
        "spells": [{"caster": 0, "spell": "control-bats", "spellBox": 0, "chit": 3,
            "aims": [{"aim": "denizen", "piece": bat()}],
            "until": {"at": "sunset", "day": 2}, "inert": false}],
        "day": 2, "at": "birdsong", "dice": dice}))
}

fn order(
    g: &mut Game,
    seat: tabletop_rules::engine::Seat,
    blocker: Individual,
    target: Individual,
) {
    g.apply(
        seat,
        A::GiveBlockOrder {
            order: BlockOrder::Individual { blocker, target },
        },
    )
    .unwrap();
}

fn record_leader(g: &mut Game, acts: &[Activity]) {
    for activity in acts {
        g.apply(
            S0,
            A::RecordLeaderActivity {
                leader: hq(),
                activity: activity.clone(),
            },
        )
        .unwrap();
    }
}

/// Both seats finish recording; then every seat that may `Proceed` does, until Daylight
/// is over. Returns the log.
fn play_day(g: &mut Game) -> Vec<Event<E>> {
    let mut log = g.apply(S1, A::FinishRecording).unwrap();
    log.extend(g.apply(S0, A::FinishRecording).unwrap());
    log.extend(proceed_all(g));
    log
}

/// Every seat that may `Proceed` does (the Swordsman takes his turn when asked), until
/// Daylight is over.
fn proceed_all(g: &mut Game) -> Vec<Event<E>> {
    let mut log = Vec::new();
    for _ in 0..40 {
        if !matches!(g.state().step, Step::Daylight { .. }) {
            break;
        }
        log.extend(crate::daylight_common::take_kept_turns(g));
        let Some(seat) = g
            .to_act()
            .seats()
            .iter()
            .copied()
            .find(|s| g.legal_actions(*s).contains(&A::Proceed))
        else {
            break;
        };
        log.extend(g.apply(seat, A::Proceed).unwrap());
    }
    log
}

fn count(log: &[Event<E>], f: impl Fn(&E) -> bool) -> usize {
    details(log).into_iter().filter(|e| f(e)).count()
}

#[test]
fn rule_7_12_a_character_blocks_an_unhidden_hired_leader_of_another_seat_and_his_turn_ends() {
    // Monster Roll 1; the leader's Hide rolls 6, 6: he stays unhidden.
    let mut g = company_and_amazon(true, json!([1, 6, 6, 6, 6]));
    order(&mut g, S1, amazon(), leader());
    record_leader(&mut g, &[Activity::Hide, Activity::Hide]);
    let log = play_day(&mut g);
    let blocks = |e: &E| {
        matches!(e, E::IndividualBlocks { blocker, target }
            if *blocker == amazon() && *target == leader())
    };
    assert_eq!(count(&log, blocks), 1, "{:#?}", details(&log));
    // Blocked at the end of his first phase, his turn ends: no second Hide roll.
    assert_eq!(count(&log, |e| matches!(e, E::LeaderHideRolled { .. })), 1);
    let b = log.iter().position(|e| blocks(&e.detail)).unwrap();
    assert!(log[b..]
        .iter()
        .any(|e| matches!(&e.detail, E::LeaderTurnEnds { leader } if *leader == hq())));
    assert!(g.state().today.blocked_leaders.contains(&hq()));
    assert!(!g.state().seats[1].hidden, "blocking unhides the Amazon");
}

fn leader_blocks_amazon(s: &E) -> bool {
    matches!(s, E::IndividualBlocks { blocker, target }
        if *blocker == leader() && *target == amazon())
}

#[test]
fn rule_7_12_a_hired_leader_blocks_a_character_at_the_end_of_her_phase_and_her_turn_ends() {
    // Monster Roll 1; every Hide rolls 6, 6 (fails).
    // The Captain hires them: the three attention chits (hers, his, the leader's) are mixed.
    let mut g =
        employer_and_amazon_at("captain", here(), false, json!([1, 6, 6, 6, 6, 6, 6, 6, 6]));
    order(&mut g, S0, leader(), amazon());
    for _ in 0..2 {
        g.apply(
            S1,
            A::RecordActivity {
                activity: Activity::Hide,
            },
        )
        .unwrap();
    }
    record_leader(&mut g, &[Activity::Hide, Activity::Hide]);
    let log = play_day(&mut g);
    // The attention chits came out: the Amazon, the Captain, then the leader.
    assert!(matches!(
        g.state().today.order.first(),
        Some(Turner::Character(s)) if *s == S1
    ));
    assert_eq!(count(&log, leader_blocks_amazon), 1, "{:#?}", details(&log));
    // Blocked at the end of her first phase, the rest of her turn is cancelled.
    assert_eq!(
        count(
            &log,
            |e| matches!(e, E::HideRolled { seat, .. } if *seat == S1)
        ),
        1
    );
    assert!(g.state().today.blocked.contains(&S1));
    // Blocking is mutual: the leader, blocked before his turn, loses it.
    assert!(g.state().today.blocked_leaders.contains(&hq()));
    assert_eq!(count(&log, |e| matches!(e, E::LeaderTurnLost { .. })), 1);
    assert_eq!(count(&log, |e| matches!(e, E::LeaderHideRolled { .. })), 0);
}

#[test]
fn rule_7_12_a_hired_leader_blocks_a_character_at_the_end_of_his_phase_and_his_turn_ends() {
    // Monster Roll 1; the leader's Hide rolls 6, 6 (fails). The Amazon records nothing.
    let mut g = company_and_amazon(false, json!([1, 6, 6, 6, 6]));
    order(&mut g, S0, leader(), amazon());
    record_leader(&mut g, &[Activity::Hide, Activity::Hide]);
    let log = play_day(&mut g);
    assert_eq!(count(&log, leader_blocks_amazon), 1, "{:#?}", details(&log));
    assert_eq!(
        count(&log, |e| matches!(e, E::LeaderHideRolled { .. })),
        1,
        "no second phase"
    );
    let b = log
        .iter()
        .position(|e| leader_blocks_amazon(&e.detail))
        .unwrap();
    assert!(log[b..]
        .iter()
        .any(|e| matches!(&e.detail, E::LeaderTurnEnds { leader } if *leader == hq())));
    assert!(g.state().today.blocked.contains(&S1));
}

#[test]
fn rule_7_12_a_controlled_monster_is_blocked_by_a_character_and_its_turn_ends() {
    // Monster Roll 1; the Bat's Hide rolls 6, 6: it stays unhidden.
    let mut g = elf_bat_and_amazon(json!([1, 6, 6, 6, 6]));
    let bat_ = Individual::Denizen { piece: bat() };
    order(&mut g, S1, amazon(), bat_.clone());
    for _ in 0..2 {
        g.apply(
            S0,
            A::RecordMonsterActivity {
                monster: bat(),
                activity: Activity::Hide,
            },
        )
        .unwrap();
    }
    let log = play_day(&mut g);
    let blocks = |e: &E| {
        matches!(e, E::IndividualBlocks { blocker, target }
            if *blocker == amazon() && *target == bat_)
    };
    assert_eq!(count(&log, blocks), 1, "{:#?}", details(&log));
    assert_eq!(
        count(&log, |e| matches!(e, E::MonsterHideRolled { .. })),
        1,
        "its turn ends at the end of its first phase"
    );
    let b = log.iter().position(|e| blocks(&e.detail)).unwrap();
    assert!(log[b..]
        .iter()
        .any(|e| matches!(&e.detail, E::MonsterTurnEnds { monster } if *monster == bat())));
    assert!(g.state().today.blocked_monsters.contains(&bat()));
    assert!(!g.state().seats[1].hidden, "blocking unhides the Amazon");
}

#[test]
fn rule_7_12_a_hidden_hired_leader_is_not_blocked_by_one_who_has_not_found_hidden_enemies() {
    // Monster Roll 1; the leader's Hide rolls 1, 1: hidden at the end of his first phase.
    let mut g = company_and_amazon(false, json!([1, 1, 1, 6, 6]));
    order(&mut g, S1, amazon(), leader());
    record_leader(&mut g, &[Activity::Hide, Activity::Hide]);
    let log = play_day(&mut g);
    assert!(
        count(&log, |e| matches!(
            e,
            E::LeaderHideRolled { success: true, .. }
        )) == 1
    );
    assert_eq!(
        count(&log, |e| matches!(e, E::IndividualBlocks { .. })),
        0,
        "{:#?}",
        details(&log)
    );
    assert!(!g.state().today.blocked_leaders.contains(&hq()));
    assert!(
        g.state().seats[0].hirelings[0].hidden,
        "he stays hidden all his turn"
    );
}

#[test]
fn rule_7_12_an_order_naming_an_underling_or_ones_own_side_is_refused_and_changes_nothing() {
    let mut g = company_and_amazon(false, json!([]));
    let underling = Individual::Denizen {
        piece: PieceId::Native {
            id: NativeId("company-1".into()),
        },
    };
    let uncontrolled = Individual::Denizen { piece: bat() };
    // The legal neighbours are offered: the Amazon may block the leader, and he her.
    let give = |blocker: Individual, target: Individual| A::GiveBlockOrder {
        order: BlockOrder::Individual { blocker, target },
    };
    assert!(g.legal_actions(S1).contains(&give(amazon(), leader())));
    assert!(g.legal_actions(S0).contains(&give(leader(), amazon())));
    let before = serde_json::to_string(g.state()).unwrap();
    for (seat, action) in [
        // Underlings cannot be blocked...
        (S1, give(amazon(), underling.clone())),
        // ...nor block.
        (S0, give(underling, amazon())),
        // Not against one's own leader, nor with another seat's.
        (S0, give(Individual::Character { seat: S0 }, leader())),
        (S1, give(leader(), Individual::Character { seat: S0 })),
        // A monster no one controls is blocked through the Monsters order only.
        (S1, give(amazon(), uncontrolled)),
    ] {
        assert!(!g.legal_actions(seat).contains(&action), "{action:?}");
        assert!(g.apply(seat, action).is_err());
        assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    }
}

#[test]
fn rule_7_12_an_order_blocks_only_an_individual_in_the_same_clearing() {
    // The Amazon waits in Oak Woods 5 while the unhidden leader hides (and fails) in 2.
    let mut g = company_and_amazon_at(
        json!({"tile": "oak_woods", "clearing": 5}),
        false,
        json!([1, 6, 6, 6, 6]),
    );
    order(&mut g, S1, amazon(), leader());
    record_leader(&mut g, &[Activity::Hide, Activity::Hide]);
    let log = play_day(&mut g);
    assert_eq!(
        count(&log, |e| matches!(e, E::LeaderHideRolled { .. })),
        2,
        "{:#?}",
        details(&log)
    );
    assert_eq!(count(&log, |e| matches!(e, E::IndividualBlocks { .. })), 0);
    assert!(!g.state().today.blocked_leaders.contains(&hq()));
}
