//! Rule scenarios for blocking the monsters (rule 7.12, with 7.13): a hired leader or a
//! controlled monster ordered to block the monsters blocks them at the end of its phase,
//! and the individuals ordered to block them (hidden or not) block the monsters that move
//! or appear in their clearing at the end of someone's turn, losing a turn still to come;
//! mist and following keep their exceptions, and no order names an underling. Each from a
//! scenario with forced dice.

use crate::spells_common::{details, here, monster, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seed, Session};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::denizens::NativeId;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::state::{Activity, BlockOrder, Step, Turner};
use tabletop_rules::magic_realm::MagicRealm;

/// The seed of every scenario here: its attention chits come out with the Swordsman's
/// first (each test that needs it asserts so).
const SEED: u64 = 11;

fn start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(SEED)).expect("the scenario starts");
    crate::daylight_common::take_kept_turns(&mut g);
    g
}

fn hq() -> NativeId {
    NativeId("company-hq".into())
}

fn hq_piece() -> PieceId {
    PieceId::Native { id: hq() }
}

fn piece(v: Value) -> PieceId {
    serde_json::from_value(v).unwrap()
}

fn ogre() -> PieceId {
    piece(json!({"kind": "monster", "id": "ogre", "n": 0}))
}

fn bat(n: u8) -> PieceId {
    piece(json!({"kind": "monster", "id": "giant-bat", "n": n}))
}

fn mountain(n: u8) -> Value {
    json!({"tile": "mountain", "clearing": n})
}

fn at(piece: Value, place: Value) -> Value {
    json!({"piece": piece, "place": {"place": "clearing", "at": place}})
}

/// The six Giant Bats in their three boxes of row 6 (one, two, three), but for those
/// listed in `on_map`, which lie in the given clearing instead.
fn bats(on_map: &[(u8, Value)]) -> Vec<Value> {
    let mut out = Vec::new();
    for (b, ns) in [(1, 0..1), (2, 1..3), (3, 3..6)] {
        for n in ns {
            let p = json!({"kind": "monster", "id": "giant-bat", "n": n});
            match on_map.iter().find(|(m, _)| *m == n) {
                Some((_, c)) => out.push(at(p, c.clone())),
                None => out.push(json!({"piece": p,
                    "place": {"place": "chart_box", "row": 6, "number": b}})),
            }
        }
    }
    out
}

/// The 7.13 example's chits: Ruins M, Flutter 1 and Howl 5, face down in the Mountain.
fn example_chits() -> Vec<Value> {
    ["ruins_m", "flutter_1", "howl_5"]
        .iter()
        .map(|c| {
            json!({"piece": {"kind": "map_chit", "id": c},
                "place": {"place": "tile", "tile": "mountain"}, "facing": "down"})
        })
        .collect()
}

fn give(g: &mut Game, seat: tabletop_rules::engine::Seat, order: BlockOrder) {
    g.apply(seat, A::GiveBlockOrder { order }).unwrap();
}

fn record(g: &mut Game, seat: tabletop_rules::engine::Seat, acts: &[Activity]) {
    for activity in acts {
        g.apply(
            seat,
            A::RecordActivity {
                activity: activity.clone(),
            },
        )
        .unwrap();
    }
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

/// Every seat finishes recording; then every seat that may `Proceed` does, until Daylight
/// is over. Returns the log.
fn play_day(g: &mut Game) -> Vec<Event<E>> {
    let mut log = Vec::new();
    for s in [S0, S1] {
        if g.legal_actions(s).contains(&A::FinishRecording) {
            log.extend(g.apply(s, A::FinishRecording).unwrap());
        }
    }
    log.extend(crate::daylight_common::take_kept_turns(g));
    for _ in 0..40 {
        if !matches!(g.state().step, Step::Daylight { .. }) {
            break;
        }
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

fn minion_blocks(log: &[Event<E>], who: &PieceId) -> Vec<Vec<PieceId>> {
    details(log)
        .into_iter()
        .filter_map(|e| match e {
            E::MinionBlocksMonsters { minion, monsters } if minion == who => Some(monsters.clone()),
            _ => None,
        })
        .collect()
}

/// Finishes recording and asserts the attention chits came out with the Swordsman first.
fn swordsman_first(g: &mut Game) -> Vec<Event<E>> {
    let mut log = Vec::new();
    for s in [S0, S1] {
        if g.legal_actions(s).contains(&A::FinishRecording) {
            log.extend(g.apply(s, A::FinishRecording).unwrap());
        }
    }
    log.extend(crate::daylight_common::take_kept_turns(g));
    assert!(
        matches!(g.state().today.order.first(), Some(Turner::Character(s)) if *s == S0),
        "the scenario needs the Swordsman's turn first: {:?}",
        g.state().today.order
    );
    log.extend(play_day(g));
    log
}

/// Where `piece` is: the clearing, if in one.
fn clearing_of(g: &Game, piece: &PieceId) -> Option<ClearingRef> {
    match g.state().piles.place_of(piece) {
        Some(Place::Clearing { at }) => Some(*at),
        _ => None,
    }
}

fn oak2() -> ClearingRef {
    serde_json::from_value(here()).unwrap()
}

#[test]
fn rule_7_12_a_hired_leader_ordered_to_block_the_monsters_blocks_them_at_the_end_of_his_phase() {
    // The Swordsman's hired Company HQ, beside the (dormant) Ogre in Oak Woods 2, records a
    // Hide, then a Move. The Hide succeeds (1 and 1), so the Ogre cannot block him. Ordered
    // to block the monsters, he blocks it at the end of that phase: his turn ends there,
    // and he does not move.
    for ordered in [false, true] {
        let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": here(), "hidden": true,
             "hirelings": [{"native": "company-hq", "lastDay": 20}]}],
            "pieces": [monster("ogre"), at(json!({"kind": "native", "id": "company-hq"}), here())],
            "day": 2, "at": "birdsong", "dice": [1, 1, 1, 6, 6, 6, 6]}));
        if ordered {
            give(
                &mut g,
                S0,
                BlockOrder::MinionMonsters { minion: hq_piece() },
            );
        }
        let step = g
            .legal_actions(S0)
            .into_iter()
            .find_map(|a| match a {
                A::RecordLeaderActivity {
                    activity: m @ Activity::Move { .. },
                    ..
                } => Some(m),
                _ => None,
            })
            .expect("a Move is offered");
        record_leader(&mut g, &[Activity::Hide, step]);
        let log = play_day(&mut g);
        let stopped = g.state().today.stopped.contains(&ogre());
        let blocked = g.state().today.blocked_leaders.contains(&hq());
        let hidden = g.state().seats[0].hirelings[0].hidden;
        let moved = count(&log, |e| matches!(e, E::LeaderMoved { .. }));
        if ordered {
            assert_eq!(
                minion_blocks(&log, &hq_piece()),
                vec![vec![ogre()]],
                "{:#?}",
                details(&log)
            );
            assert!(stopped && blocked && !hidden);
            assert_eq!(moved, 0, "blocked, the rest of his turn is cancelled");
            assert_eq!(clearing_of(&g, &hq_piece()), Some(oak2()));
        } else {
            assert!(minion_blocks(&log, &hq_piece()).is_empty());
            assert!(!stopped && !blocked && hidden, "{:#?}", details(&log));
            assert_eq!(moved, 1);
        }
    }
}

#[test]
fn rule_7_12_a_controlled_monster_ordered_to_block_the_monsters_blocks_them_at_the_end_of_its_phase(
) {
    // The Elf controls the Giant Bat (Control Bats) beside the Ogre in Oak Woods 2. The Bat
    // records a Hide, then a Fly, and hides (1 and 1); ordered to block the monsters, it
    // blocks the Ogre at the end of that phase and its turn ends: it does not fly.
    let b = bat(0);
    for ordered in [false, true] {
        let mut g = start(json!({"seats": [
            {"character": "elf", "at": here(), "hidden": true,
             "spells": ["control-bats"], "chits": [{"chit": 3, "status": "committed"}]}],
            "pieces": [monster("ogre"), monster("giant-bat")],
            "spells": [{"caster": 0, "spell": "control-bats", "spellBox": 0, "chit": 3,
                "aims": [{"aim": "denizen", "piece": b}],
                "until": {"at": "sunset", "day": 2}, "inert": false}],
            "day": 2, "at": "birdsong", "dice": [1, 1, 1, 6, 6, 6, 6]}));
        // The order names a monster he controls; the Ogre, no one's, is not offered.
        let order = BlockOrder::MinionMonsters { minion: b.clone() };
        assert!(g.legal_actions(S0).contains(&A::GiveBlockOrder {
            order: order.clone()
        }));
        assert!(!g.legal_actions(S0).contains(&A::GiveBlockOrder {
            order: BlockOrder::MinionMonsters { minion: ogre() }
        }));
        if ordered {
            give(&mut g, S0, order);
        }
        let fly = g
            .legal_actions(S0)
            .into_iter()
            .find_map(|a| match a {
                A::RecordMonsterActivity {
                    activity: f @ Activity::Fly { .. },
                    ..
                } => Some(f),
                _ => None,
            })
            .expect("a Fly is offered");
        for activity in [Activity::Hide, fly] {
            g.apply(
                S0,
                A::RecordMonsterActivity {
                    monster: b.clone(),
                    activity,
                },
            )
            .unwrap();
        }
        let log = play_day(&mut g);
        let blocked = g.state().today.blocked_monsters.contains(&b);
        let stopped = g.state().today.stopped.contains(&ogre());
        if ordered {
            assert_eq!(
                minion_blocks(&log, &b),
                vec![vec![ogre()]],
                "{:#?}",
                details(&log)
            );
            assert!(blocked && stopped);
            assert_eq!(
                clearing_of(&g, &b),
                Some(oak2()),
                "its turn ends at the end of its first phase: it does not fly"
            );
        } else {
            assert!(minion_blocks(&log, &b).is_empty());
            assert!(!blocked && !stopped);
            assert_ne!(clearing_of(&g, &b), Some(oak2()), "{:#?}", details(&log));
        }
    }
}

#[test]
fn rule_7_12_hidden_individuals_block_the_monsters_that_appear_in_their_clearing_howl_5() {
    // 7.12's example, with the Bats of 7.13's (row 6): the Swordsman ends his turn in
    // Mountain 2 with Ruins M, Flutter 1 and Howl 5 there; three Bats appear in clearing 5,
    // where the Amazon hides, her turn still to come. Ordered to block the monsters, she
    // blocks them as they arrive: she is unhidden and loses her turn, and they stop
    // prowling. The two Bats in clearing 1 (nobody there) prowl on.
    for ordered in [false, true] {
        let mut pieces = bats(&[]);
        pieces.extend(example_chits());
        let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": mountain(2), "hidden": true},
            {"character": "amazon", "at": mountain(5), "hidden": true}],
            "pieces": pieces, "day": 2, "at": "birdsong", "dice": vec![6; 30]}));
        if ordered {
            give(&mut g, S1, BlockOrder::Monsters);
        }
        record(&mut g, S0, &[Activity::Hide]);
        record(&mut g, S1, &[Activity::Hide]);
        let log = swordsman_first(&mut g);
        let howl = [bat(3), bat(4), bat(5)];
        // Up to her own turn, if she gets one.
        let d = details(&log);
        let her_turn = d
            .iter()
            .position(|e| matches!(e, E::TurnBegins { seat } if *seat == S1))
            .unwrap_or(d.len());
        let blocks: Vec<&Vec<PieceId>> = d[..her_turn]
            .iter()
            .copied()
            .filter_map(|e| match e {
                E::Blocked { seat, by } if *seat == S1 => Some(by),
                _ => None,
            })
            .collect();
        let stopped = |p: &PieceId| g.state().today.stopped.contains(p);
        if ordered {
            assert_eq!(blocks, vec![&howl.to_vec()], "{:#?}", details(&log));
            assert!(howl.iter().all(stopped));
            assert!(g.state().today.blocked.contains(&S1));
            assert!(!g.state().seats[1].hidden, "blocking unhides her");
            assert_eq!(
                count(&log, |e| matches!(e, E::TurnLost { seat } if *seat == S1)),
                1
            );
            assert_eq!(
                count(
                    &log,
                    |e| matches!(e, E::HideRolled { seat, .. } if *seat == S1)
                ),
                0
            );
        } else {
            assert!(blocks.is_empty(), "hidden, the Bats cannot block her");
            assert_eq!(
                count(
                    &log,
                    |e| matches!(e, E::HideRolled { seat, .. } if *seat == S1)
                ),
                1,
                "she takes her turn"
            );
        }
        assert!(!stopped(&bat(1)) && !stopped(&bat(2)));
    }
}

#[test]
fn rule_7_12_a_hidden_individual_blocks_the_prowling_monsters_that_move_to_his_clearing() {
    // A prowling Giant Bat waits in Mountain 5. When the Swordsman's turn ends in Mountain
    // 2, it moves to him and blocks him (his Hide failed); the Amazon, hidden there and
    // ordered to block the monsters, blocks it as it arrives, and loses her turn.
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": mountain(2), "hidden": true},
        {"character": "amazon", "at": mountain(2), "hidden": true}],
        "pieces": bats(&[(0, mountain(5))]), "day": 2, "at": "birdsong",
        "dice": vec![6; 30]}));
    give(&mut g, S1, BlockOrder::Monsters);
    record(&mut g, S0, &[Activity::Hide]);
    record(&mut g, S1, &[Activity::Hide]);
    let log = swordsman_first(&mut g);
    assert!(
        details(&log)
            .iter()
            .any(|e| matches!(e, E::MonstersMoved { pieces, .. } if pieces.contains(&bat(0)))),
        "{:#?}",
        details(&log)
    );
    let blocked_by_bat = |s| {
        count(
            &log,
            |e| matches!(e, E::Blocked { seat, by } if *seat == s && *by == vec![bat(0)]),
        )
    };
    assert_eq!(blocked_by_bat(S0), 1, "the unhidden Swordsman is blocked");
    assert_eq!(blocked_by_bat(S1), 1, "the hidden Amazon blocks the Bat");
    assert!(g.state().today.stopped.contains(&bat(0)));
    assert!(!g.state().seats[1].hidden);
    assert_eq!(
        count(&log, |e| matches!(e, E::TurnLost { seat } if *seat == S1)),
        1
    );
}

#[test]
fn rule_7_12_after_his_turn_an_individual_who_blocks_arriving_monsters_loses_only_his_hiding() {
    // The Swordsman hides in Mountain 2 (1 and 1) and ends his turn; a prowling Giant Bat
    // in Mountain 5 moves to him. Ordered to block the monsters, he blocks it: he had his
    // whole turn and loses only his hiding; the Bat stops prowling. Not so ordered, he
    // stays hidden and the Bat is free to prowl on.
    for ordered in [false, true] {
        let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": mountain(2), "hidden": true}],
            "pieces": bats(&[(0, mountain(5))]), "day": 2, "at": "birdsong",
            "dice": [6, 1, 1]}));
        if ordered {
            give(&mut g, S0, BlockOrder::Monsters);
        }
        record(&mut g, S0, &[Activity::Hide]);
        let log = play_day(&mut g);
        let d = details(&log);
        let hid = d
            .iter()
            .position(|e| matches!(e, E::HideRolled { success: true, .. }));
        let ended = d.iter().position(|e| matches!(e, E::TurnEnds { .. }));
        let block = d.iter().position(
            |e| matches!(e, E::Blocked { seat, by } if *seat == S0 && *by == vec![bat(0)]),
        );
        assert!(hid.is_some() && hid < ended, "{d:#?}");
        assert!(d.iter().any(|e| matches!(e,
            E::MonstersMoved { pieces, .. } if pieces.contains(&bat(0)))));
        let stopped = g.state().today.stopped.contains(&bat(0));
        if ordered {
            assert!(block > ended, "he blocks it as it arrives, after his turn");
            assert!(stopped && !g.state().seats[0].hidden);
        } else {
            assert_eq!(block, None);
            assert!(!stopped && g.state().seats[0].hidden);
        }
    }
}

#[test]
fn rule_7_12_a_hired_leader_blocks_monsters_appearing_by_him_unless_he_is_mist() {
    // The Swordsman's hired Company HQ hides in Mountain 5, his turn still to come. When
    // the Swordsman ends his turn in Mountain 2, Howl 5 brings three Bats to the HQ:
    // ordered to block the monsters, he blocks them, is unhidden and loses his turn. Turned
    // to mist (the Sorceror's Melt into Mist, 4.6.8c), he neither blocks them nor is
    // blocked.
    for misted in [false, true] {
        let mut pieces = bats(&[]);
        pieces.extend(example_chits());
        pieces.push(at(
            json!({"kind": "native", "id": "company-hq"}),
            mountain(5),
        ));
        let spells = if misted {
            json!([{"caster": 1, "spell": "melt-into-mist", "spellBox": 0, "chit": 8,
                "aims": [{"aim": "denizen", "piece": hq_piece()}],
                "until": {"at": "never"}, "inert": false}])
        } else {
            json!([])
        };
        let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": mountain(2), "hidden": true,
             "hirelings": [{"native": "company-hq", "lastDay": 20, "hidden": true}]},
            {"character": "sorceror", "at": {"tile": "oak_woods", "clearing": 4},
             "hidden": true}],
            "pieces": pieces, "spells": spells, "day": 2, "at": "birdsong",
            "dice": vec![6; 30]}));
        give(
            &mut g,
            S0,
            BlockOrder::MinionMonsters { minion: hq_piece() },
        );
        record(&mut g, S0, &[Activity::Hide]);
        record_leader(&mut g, &[Activity::Hide]);
        let log = swordsman_first(&mut g);
        let howl = vec![bat(3), bat(4), bat(5)];
        let blocked = g.state().today.blocked_leaders.contains(&hq());
        if misted {
            assert!(minion_blocks(&log, &hq_piece()).is_empty());
            assert!(!blocked, "{:#?}", details(&log));
            assert!(!howl.iter().any(|b| g.state().today.stopped.contains(b)));
        } else {
            assert_eq!(
                minion_blocks(&log, &hq_piece()),
                vec![howl.clone()],
                "{:#?}",
                details(&log)
            );
            assert!(blocked);
            assert!(!g.state().seats[0].hirelings[0].hidden);
            assert!(howl.iter().all(|b| g.state().today.stopped.contains(b)));
            assert_eq!(
                count(
                    &log,
                    |e| matches!(e, E::LeaderTurnLost { leader } if *leader == hq())
                ),
                1
            );
            assert_eq!(count(&log, |e| matches!(e, E::LeaderHideRolled { .. })), 0);
        }
    }
}

#[test]
fn rule_7_12_a_hired_leader_following_his_guide_neither_blocks_the_monsters_nor_is_blocked() {
    // The Company HQ follows the Swordsman in Mountain 2, ordered to block the monsters.
    // At the Swordsman's turn's end Ruins M brings a Bat to them. The HQ, still following,
    // does not block it. When the Swordsman's Hide succeeds (1 and 1), the HQ hides with
    // him and nothing blocks anyone; when it fails (6 and 6), the Bat blocks the Swordsman,
    // and the HQ only once his own turn has ended.
    for hides in [true, false] {
        let mut pieces = bats(&[]);
        pieces.push(json!({"piece": {"kind": "map_chit", "id": "ruins_m"},
            "place": {"place": "tile", "tile": "mountain"}, "facing": "down"}));
        pieces.push(at(
            json!({"kind": "native", "id": "company-hq"}),
            mountain(2),
        ));
        let roll = if hides { 1 } else { 6 };
        let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": mountain(2), "hidden": false,
             "hirelings": [{"native": "company-hq", "lastDay": 20}]}],
            "pieces": pieces, "day": 2, "at": "birdsong", "dice": [6, roll, roll]}));
        give(
            &mut g,
            S0,
            BlockOrder::MinionMonsters { minion: hq_piece() },
        );
        record(&mut g, S0, &[Activity::Hide]);
        record_leader(&mut g, &[Activity::Follow { guide: S0 }]);
        let log = play_day(&mut g);
        let d = details(&log);
        assert_eq!(
            count(
                &log,
                |e| matches!(e, E::LeaderFollows { leader, .. } if *leader == hq())
            ),
            1,
            "{d:#?}"
        );
        assert!(d.iter().any(|e| matches!(e,
            E::MonstersSummoned { pieces, .. } if *pieces == vec![bat(0)])));
        assert!(minion_blocks(&log, &hq_piece()).is_empty(), "{d:#?}");
        let swordsman_blocked = count(
            &log,
            |e| matches!(e, E::Blocked { seat, by } if *seat == S0 && *by == vec![bat(0)]),
        );
        let position = |f: &dyn Fn(&E) -> bool| d.iter().position(|e| f(e));
        let hq_blocked = position(&|e| matches!(e, E::LeaderBlocked { .. }));
        if hides {
            assert_eq!(swordsman_blocked, 0);
            assert_eq!(hq_blocked, None);
            assert!(!g.state().today.stopped.contains(&bat(0)));
        } else {
            assert_eq!(swordsman_blocked, 1);
            let hq_ends = position(&|e| matches!(e, E::LeaderTurnEnds { .. }));
            assert!(
                hq_blocked.is_none() || hq_blocked > hq_ends,
                "not blocked while following: {d:#?}"
            );
        }
    }
}

#[test]
fn rule_7_12_an_order_to_block_the_monsters_naming_an_underling_or_anothers_leader_is_refused() {
    // The Swordsman (seat 0) has hired the Company's HQ and Company 1 (an underling); the
    // Amazon (seat 1) is beside them.
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": here(), "hidden": false,
         "hirelings": [{"native": "company-hq", "lastDay": 20},
                       {"native": "company-1", "lastDay": 20}]},
        {"character": "amazon", "at": here(), "hidden": false}],
        "pieces": [monster("ogre"),
            at(json!({"kind": "native", "id": "company-hq"}), here()),
            at(json!({"kind": "native", "id": "company-1"}), here())],
        "day": 2, "at": "birdsong", "dice": []}));
    let order = |minion: PieceId| A::GiveBlockOrder {
        order: BlockOrder::MinionMonsters { minion },
    };
    // The legal neighbour is offered: the Swordsman's own leader.
    assert!(g.legal_actions(S0).contains(&order(hq_piece())));
    let before = serde_json::to_string(g.state()).unwrap();
    let underling = PieceId::Native {
        id: NativeId("company-1".into()),
    };
    for (seat, action) in [
        // Underlings never block.
        (S0, order(underling)),
        // Not another seat's leader.
        (S1, order(hq_piece())),
        // Not a monster no one controls.
        (S0, order(ogre())),
        // Nothing to withdraw.
        (
            S0,
            A::WithdrawBlockOrder {
                order: BlockOrder::MinionMonsters { minion: hq_piece() },
            },
        ),
    ] {
        assert!(!g.legal_actions(seat).contains(&action), "{action:?}");
        assert!(g.apply(seat, action).is_err());
        assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    }
    // Given, it may be withdrawn.
    g.apply(S0, order(hq_piece())).unwrap();
    let withdraw = A::WithdrawBlockOrder {
        order: BlockOrder::MinionMonsters { minion: hq_piece() },
    };
    assert!(g.legal_actions(S0).contains(&withdraw));
    assert!(!g.legal_actions(S0).contains(&order(hq_piece())));
}

#[test]
fn rule_7_12_at_the_end_of_his_phase_the_monsters_block_him_not_the_others_in_his_clearing() {
    // The Swordsman and the Amazon start the day unhidden in Oak Woods 2 with the Ogre.
    // The Swordsman's turn comes first: his Hide fails (6 and 6) and the Ogre blocks him
    // at the end of his phase. The Amazon, who has not finished a phase, is not blocked:
    // "if he starts his turn in the same clearing with a monster, he can use his first
    // phase to hide or move away, thus avoiding the block", and she moves away.
    let oak2: ClearingRef = serde_json::from_value(here()).unwrap();
    let away = {
        let probe = start(json!({"seats": [{"character": "amazon", "at": here()}]}));
        let cat = tabletop_rules::magic_realm::game::data().unwrap();
        probe
            .state()
            .map
            .moves(&cat.tiles, oak2, &Default::default())
            .into_iter()
            .map(|r| r.to)
            .find(|c| c.tile == oak2.tile)
            .expect("a roadway within Oak Woods")
    };
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": here(), "hidden": false},
        {"character": "amazon", "at": here(), "hidden": false}],
        "pieces": [at(json!({"kind": "monster", "id": "ogre", "n": 0}), here())],
        "day": 2, "at": "birdsong", "dice": [2, 6, 6]}));
    record(&mut g, S0, &[Activity::Hide]);
    record(&mut g, S1, &[Activity::Move { to: away }]);
    let log = play_day(&mut g);
    let d = details(&log);
    assert_eq!(
        g.state().today.order.first(),
        Some(&Turner::Character(S0)),
        "the Swordsman's turn comes first"
    );
    assert!(d
        .iter()
        .any(|e| matches!(e, E::Blocked { seat, by } if *seat == S0 && by.contains(&ogre()))));
    assert!(
        !d.iter()
            .any(|e| matches!(e, E::Blocked { seat, .. } if *seat == S1)),
        "{d:#?}"
    );
    assert!(!d
        .iter()
        .any(|e| matches!(e, E::TurnLost { seat } if *seat == S1)));
    assert_eq!(
        g.state()
            .piles
            .place_of(&PieceId::Character {
                id: serde_json::from_value(json!("amazon")).unwrap()
            })
            .cloned(),
        Some(Place::Clearing { at: away })
    );
}

#[test]
fn rule_7_12_a_hired_leader_put_back_after_following_is_not_blocked_by_the_monsters_there() {
    // The Swordsman, unhidden, moves from Oak Woods 2 to where the Ogre stands, his hired
    // Company HQ following him: the Ogre blocks him at the end of his phase, not the HQ
    // (nobody is blocked while he follows). Put back on the map as the Swordsman's turn
    // ends, the HQ has ended no phase and no monster arrives: he is not blocked.
    let oak2: ClearingRef = serde_json::from_value(here()).unwrap();
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let probe = start(json!({"seats": [{"character": "swordsman", "at": here()}]}));
    let to = probe
        .state()
        .map
        .moves(&cat.tiles, oak2, &Default::default())
        .into_iter()
        .map(|r| r.to)
        .find(|c| c.tile == oak2.tile)
        .expect("a roadway within Oak Woods");
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": here(), "hidden": false,
         "hirelings": [{"native": "company-hq", "lastDay": 20,
            "record": [{"activity": "follow", "guide": 0}]}]}],
        "pieces": [at(json!({"kind": "native", "id": "company-hq"}), here()),
            at(json!({"kind": "monster", "id": "ogre", "n": 0}), serde_json::to_value(to).unwrap())],
        "day": 2, "at": "birdsong", "dice": [2]}));
    record(&mut g, S0, &[Activity::Move { to }]);
    let log = play_day(&mut g);
    let d = details(&log);
    assert!(d
        .iter()
        .any(|e| matches!(e, E::Blocked { seat, by } if *seat == S0 && by.contains(&ogre()))));
    assert_eq!(
        g.state().piles.place_of(&hq_piece()),
        Some(&Place::Clearing { at: to })
    );
    assert!(!g.state().today.blocked_leaders.contains(&hq()), "{d:#?}");
}
