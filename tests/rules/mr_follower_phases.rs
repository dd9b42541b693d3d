//! Rule scenarios for followers at their guide's phases (rules 7.2.1, 7.2.2, 7.11): a
//! character following a character or a hired leader rearranges his belongings and gives
//! to those with him as the guide begins each phase, in the middle of the guide's turn;
//! and a controlled monster following a hired leader who flies (7.3.3, 7.11). Each from a
//! scenario with forced dice.

use crate::spells_common::{details, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat, Viewer};
use tabletop_rules::magic_realm::actions::{
    BelongingChange, Gift, MagicRealmAction as A, MagicRealmEvent as E,
};
use tabletop_rules::magic_realm::catalog::denizens::NativeId;
use tabletop_rules::magic_realm::day::flying;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::state::{Activity, Step};

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn oak(n: u8) -> ClearingRef {
    serde_json::from_value(json!({"tile": "oak_woods", "clearing": n})).unwrap()
}

fn short_sword() -> PieceId {
    serde_json::from_value(json!({"kind": "weapon", "id": "short-sword", "n": 0})).unwrap()
}

fn to_act(g: &Game) -> Vec<Seat> {
    g.to_act().seats().to_vec()
}

fn unchanged(g: &mut Game, seat: Seat, action: A) {
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(seat, action).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}

fn rearrange(piece: PieceId, change: BelongingChange) -> A {
    A::Rearrange { piece, change }
}

fn inactive(g: &Game, seat: Seat, piece: &PieceId) -> bool {
    g.state().seats[usize::from(seat.0)]
        .inactive
        .contains(piece)
}

/// Daylight in Oak Woods 2: the Swordsman (seat 1, 10 gold, carrying a Short Sword)
/// follows the Amazon (seat 0, 10 gold, `amazon` recorded). Dice: the Monster Roll, then hers.
fn behind_amazon(amazon: Value, dice: Value) -> Game {
    start(json!({"seats": [
        {"character": "amazon", "at": oak(2), "hidden": false, "gold": 10, "record": amazon},
        {"character": "swordsman", "at": oak(2), "hidden": false, "gold": 10,
         "belongings": [{"piece": short_sword()}],
         "record": [{"activity": "follow", "guide": 0}]}],
        "day": 2, "at": "daylight", "dice": dice}))
}

/// Two Hides for the Amazon; Monster Roll 1, her Hide rolls fail (6s).
fn two_hides() -> Game {
    behind_amazon(
        json!([{"activity": "hide"}, {"activity": "hide"}]),
        json!([1, 6, 6, 6, 6, 6, 6, 6, 6]),
    )
}

/// The Swordsman keeps following as the Amazon starts her activity (7.11): then he is the
/// one to decide as she begins her phase.
fn keep(g: &mut Game) {
    assert_eq!(to_act(g), vec![S1]);
    g.apply(S1, A::KeepFollowing).unwrap();
    assert_eq!(to_act(g), vec![S1], "he decides before she goes on");
}

#[test]
fn rule_7_2_2_a_character_following_a_character_rearranges_as_she_begins_each_phase() {
    let mut g = two_hides();
    keep(&mut g);
    assert!(g.legal_actions(S0).is_empty(), "the Amazon waits");
    let legal = g.legal_actions(S1);
    let off = rearrange(short_sword(), BelongingChange::Deactivate);
    assert!(legal.contains(&off));
    assert!(legal.contains(&rearrange(short_sword(), BelongingChange::Abandon)));
    assert!(legal.contains(&A::Proceed));
    let log = g.apply(S1, off).unwrap();
    assert!(details(&log).iter().any(|e| matches!(e,
        E::BelongingRearranged { seat, change: BelongingChange::Deactivate, .. } if *seat == S1)));
    assert!(inactive(&g, S1, &short_sword()));
    // Changed once this phase: not back again now.
    let on = rearrange(short_sword(), BelongingChange::Activate);
    assert!(!g.legal_actions(S1).contains(&on));
    g.apply(S1, A::Proceed).unwrap();
    assert_eq!(to_act(&g), vec![S0], "her turn goes on");
    g.apply(S0, A::Proceed).unwrap();
    // Her second phase begins: he may change it again.
    assert_eq!(g.state().today.phase, 1);
    keep(&mut g);
    assert!(g.legal_actions(S1).contains(&on));
    g.apply(S1, on).unwrap();
    assert!(!inactive(&g, S1, &short_sword()));
}

#[test]
fn rule_7_2_1_a_character_following_a_character_gives_to_her_as_she_begins_a_phase() {
    let mut g = two_hides();
    keep(&mut g);
    let gold = A::Give {
        to: S0,
        gift: Gift::Gold { gold: 5 },
    };
    assert!(g.legal_actions(S1).contains(&gold));
    let before = g.state().seats[0].gold;
    let log = g.apply(S1, gold).unwrap();
    assert!(details(&log).iter().any(|e| matches!(e,
        E::Given { from, to, gift: Gift::Gold { gold: 5 } } if *from == S1 && *to == S0)));
    assert_eq!(g.state().seats[0].gold, before + 5);
    assert_eq!(g.state().seats[1].gold, 5);
    let sword = A::Give {
        to: S0,
        gift: Gift::Belonging {
            piece: short_sword(),
        },
    };
    g.apply(S1, sword).unwrap();
    assert_eq!(
        g.state().piles.place_of(&short_sword()),
        Some(&Place::Belongings {
            character: g.state().seats[0].character.clone().unwrap()
        })
    );
    g.apply(S1, A::Proceed).unwrap();
    assert_eq!(to_act(&g), vec![S0]);
}

#[test]
fn rule_7_2_1_the_guide_gives_to_the_character_following_her_at_her_phases() {
    let mut g = two_hides();
    keep(&mut g);
    g.apply(S1, A::Proceed).unwrap();
    assert_eq!(to_act(&g), vec![S0]);
    // He is with her (6.3.2): she may give to him as she begins her phase.
    let legal = g.legal_actions(S0);
    let give = A::Give {
        to: S1,
        gift: Gift::Gold { gold: 10 },
    };
    assert!(legal.contains(&give));
    let log = g.apply(S0, give).unwrap();
    assert_eq!(g.state().seats[1].gold, 20);
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::Given { from, to, .. } if *from == S0 && *to == S1)));
}

#[test]
fn rule_7_2_1_while_the_follower_decides_the_guide_waits_and_bad_input_changes_nothing() {
    let mut g = two_hides();
    keep(&mut g);
    // The Amazon cannot go on with her phase yet, nor decide for him.
    unchanged(&mut g, S0, A::Proceed);
    unchanged(
        &mut g,
        S0,
        rearrange(short_sword(), BelongingChange::Abandon),
    );
    // He cannot give more gold than he has, nor to someone not there, nor activate what is
    // active already, nor do an activity of his own.
    unchanged(
        &mut g,
        S1,
        A::Give {
            to: S0,
            gift: Gift::Gold { gold: 50 },
        },
    );
    unchanged(
        &mut g,
        S1,
        A::Give {
            to: Seat(2),
            gift: Gift::Gold { gold: 1 },
        },
    );
    unchanged(
        &mut g,
        S1,
        rearrange(short_sword(), BelongingChange::Activate),
    );
    unchanged(&mut g, S1, A::EndProphecyTurn);
}

#[test]
fn rule_4_5_the_follower_deciding_learns_nothing_more_of_her_record() {
    let mut g = behind_amazon(
        json!([{"activity": "alert"}, {"activity": "hide"}]),
        json!([1, 6, 6, 6, 6, 6, 6]),
    );
    keep(&mut g);
    let view = g.view(Viewer::Seat { seat: S1 }).unwrap();
    assert!(
        view.own.iter().all(|o| o.seat == S1),
        "only his own record is shown to him"
    );
    assert!(g
        .legal_actions(S1)
        .iter()
        .all(|a| matches!(a, A::Rearrange { .. } | A::Give { .. } | A::Proceed)));
    let log = g.apply(S1, A::Proceed).unwrap();
    assert!(
        !details(&log)
            .iter()
            .any(|e| matches!(e, E::GuideStarts { .. })),
        "nothing more of her turn is revealed by his decision"
    );
}

#[test]
fn rule_7_2_1_a_follower_with_nothing_to_rearrange_or_give_is_not_asked() {
    let mut g = start(json!({"seats": [
        {"character": "amazon", "at": oak(2), "hidden": false, "gold": 10,
         "record": [{"activity": "hide"}]},
        {"character": "swordsman", "at": oak(2), "hidden": false, "gold": 0,
         "belongings": [], "record": [{"activity": "follow", "guide": 0}]}],
        "day": 2, "at": "daylight", "dice": [1, 6, 6, 6]}));
    assert_eq!(to_act(&g), vec![S1]);
    g.apply(S1, A::KeepFollowing).unwrap();
    // Nothing to decide: her turn goes on at once.
    assert_eq!(to_act(&g), vec![S0]);
    assert!(g.legal_actions(S1).is_empty());
}

/// Daylight at Oak Woods 2: the Swordsman (seat 0, nothing recorded) has hired the
/// Company's HQ, recorded `leader`; the Amazon (seat 1, carrying a Short Sword) follows
/// that HQ.
fn behind_hq(leader: Value, dice: Value) -> Game {
    start(json!({"seats": [
        {"character": "swordsman", "at": oak(2), "hidden": false, "record": [],
         "hirelings": [{"native": "company-hq", "lastDay": 14, "record": leader}]},
        {"character": "amazon", "at": oak(2), "hidden": false,
         "belongings": [{"piece": short_sword()}],
         "record": [{"activity": "followLeader", "leader": "company-hq"}]}],
        "pieces": [{"piece": {"kind": "native", "id": "company-hq"},
                    "place": {"place": "clearing", "at": oak(2)}}],
        "day": 2, "at": "daylight", "dice": dice}))
}

#[test]
fn rule_7_2_1_a_character_following_a_hired_leader_rearranges_and_gives_as_he_begins_a_phase() {
    let mut g = behind_hq(
        json!([{"activity": "hide"}, {"activity": "hide"}]),
        json!([1, 6, 6, 6, 6, 6, 6]),
    );
    // The leader begins his phase: she decides first, before keeping on following.
    assert_eq!(to_act(&g), vec![S1]);
    let legal = g.legal_actions(S1);
    assert!(!legal.contains(&A::KeepFollowing));
    assert!(legal.contains(&rearrange(short_sword(), BelongingChange::Deactivate)));
    // She may give to the Swordsman there (who follows nobody).
    let give = A::Give {
        to: S0,
        gift: Gift::Belonging {
            piece: short_sword(),
        },
    };
    assert!(legal.contains(&give));
    g.apply(S1, give).unwrap();
    assert_eq!(
        g.state().piles.place_of(&short_sword()),
        Some(&Place::Belongings {
            character: g.state().seats[0].character.clone().unwrap()
        })
    );
    g.apply(S1, A::Proceed).unwrap();
    // Then, as he starts his Hide, she keeps following.
    assert_eq!(
        g.legal_actions(S1),
        vec![A::KeepFollowing, A::StopFollowing]
    );
    g.apply(S1, A::KeepFollowing).unwrap();
    // His second phase: she is asked again.
    assert_eq!(to_act(&g), vec![S1]);
    assert!(g.legal_actions(S1).contains(&A::Proceed));
    assert!(!g.legal_actions(S1).contains(&A::KeepFollowing));
}

fn hq_piece() -> PieceId {
    serde_json::from_value(json!({"kind": "native", "id": "company-hq"})).unwrap()
}

fn bat() -> PieceId {
    serde_json::from_value(json!({"kind": "monster", "id": "giant-bat", "n": 0})).unwrap()
}

/// A Transform cast by the Sorceror (seat 1) from box `spell_box` on `piece`, that rolled
/// `roll` on the Transform Table (2 Lion, 3 Eagle).
fn transform(piece: &PieceId, roll: u8, spell_box: u8) -> Value {
    json!({"caster": 1, "spell": "transform", "spellBox": spell_box, "chit": 8,
        "aims": [{"aim": "denizen", "piece": piece}], "until": {"at": "never"}, "value": roll})
}

/// Birdsong of day 2 in Oak Woods 2: the Swordsman (seat 0) has hired the Company's HQ,
/// an Eagle by the Sorceror's Transform (seat 1, in Oak Woods 4); the Elf (seat 2)
/// controls the Giant Bat there (a Lion too when `bat_lion`). The Swordsman records a Fly
/// to `to` for the HQ and the Elf a Follow of the HQ for the Bat.
fn eagle_hq_and_bat(
    bat_lion: bool,
    to: tabletop_rules::magic_realm::catalog::tiles::TileId,
    dice: Value,
) -> Game {
    let mut spells = vec![
        transform(&hq_piece(), 3, 0),
        json!({"caster": 2, "spell": "control-bats", "spellBox": 0, "chit": 3,
            "aims": [{"aim": "denizen", "piece": bat()}],
            "until": {"at": "sunset", "day": 2}, "inert": false}),
    ];
    if bat_lion {
        spells.push(transform(&bat(), 2, 1));
    }
    let here = |p: PieceId| json!({"piece": p, "place": {"place": "clearing", "at": oak(2)}});
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": oak(2), "hidden": false, "record": [],
         "hirelings": [{"native": "company-hq", "lastDay": 20, "record": []}]},
        {"character": "sorceror", "at": oak(4), "hidden": true, "record": [],
         "spells": ["transform"]},
        {"character": "elf", "at": oak(2), "hidden": false, "record": [],
         "spells": ["control-bats"], "chits": [{"chit": 3, "status": "committed"}]}],
        "pieces": [here(hq_piece()), here(bat())], "spells": spells, "day": 2,
        "at": "birdsong", "dice": dice}));
    g.apply(
        S0,
        A::RecordLeaderActivity {
            leader: hq_id(),
            activity: Activity::Fly { to },
        },
    )
    .unwrap();
    g.apply(
        Seat(2),
        A::RecordMonsterActivity {
            monster: bat(),
            activity: Activity::FollowLeader { leader: hq_id() },
        },
    )
    .unwrap();
    g
}

fn hq_id() -> NativeId {
    NativeId("company-hq".into())
}

/// Plays on to the end of Daylight: every seat finishes recording, followers keep
/// following, everyone else takes the first legal action.
fn play_daylight(g: &mut Game) -> Vec<Event<E>> {
    let mut log = Vec::new();
    for _ in 0..80 {
        let Some(seat) = g.to_act().seats().first().copied() else {
            break;
        };
        if matches!(g.state().step, Step::Birdsong { .. }) {
            log.extend(g.apply(seat, A::FinishRecording).unwrap());
            continue;
        }
        if !matches!(g.state().step, Step::Daylight { .. }) {
            break;
        }
        let legal = g.legal_actions(seat);
        let next = if legal.contains(&A::KeepFollowing) {
            A::KeepFollowing
        } else if legal.contains(&A::Proceed) {
            A::Proceed
        } else if let Some(a) = legal.first() {
            a.clone()
        } else {
            break;
        };
        log.extend(g.apply(seat, next).unwrap());
    }
    log
}

#[test]
fn rule_7_3_3_a_controlled_bat_following_a_flying_hired_leader_flies_and_lands_with_him() {
    let probe = eagle_hq_and_bat(false, oak(2).tile, json!([]));
    let next = probe.state().map.adjacent_tiles(oak(2).tile)[0];
    let n = flying::clearings_of(cat(), probe.state(), next)[0].0;
    let mut g = eagle_hq_and_bat(false, next, crate::spells_common::dice(n, 20));
    let log = play_daylight(&mut g);
    let d = details(&log);
    assert!(d.iter().any(|e| matches!(e,
        E::MonsterFollowsLeader { monster, leader } if *monster == bat() && *leader == hq_id())));
    assert!(d
        .iter()
        .any(|e| matches!(e, E::MonsterFlew { monster, to } if *monster == bat() && *to == next)));
    let landed = ClearingRef::new(next, n);
    assert!(d.iter().any(
        |e| matches!(e, E::MonsterLanded { monster, at } if *monster == bat() && *at == landed)
    ));
    assert_eq!(
        g.state().piles.place_of(&hq_piece()),
        Some(&Place::Clearing { at: landed })
    );
    assert_eq!(
        g.state().piles.place_of(&bat()),
        Some(&Place::Clearing { at: landed }),
        "the Bat lands with him"
    );
    assert!(!d
        .iter()
        .any(|e| matches!(e, E::MonsterLeftBehindByLeader { .. })));
}

#[test]
fn rule_7_3_3_a_controlled_monster_that_cannot_fly_is_left_behind_by_a_flying_hired_leader() {
    let probe = eagle_hq_and_bat(true, oak(2).tile, json!([]));
    let next = probe.state().map.adjacent_tiles(oak(2).tile)[0];
    let n = flying::clearings_of(cat(), probe.state(), next)[0].0;
    // The Bat is a Lion (4.6.8: it flies only if its creature does).
    let mut g = eagle_hq_and_bat(true, next, crate::spells_common::dice(n, 20));
    let log = play_daylight(&mut g);
    let d = details(&log);
    assert!(d.iter().any(|e| matches!(e,
        E::MonsterLeftBehindByLeader { leader, monster } if *monster == bat() && *leader == hq_id())));
    assert!(!d
        .iter()
        .any(|e| matches!(e, E::MonsterFlew { monster, .. } if *monster == bat())));
    assert!(!g.state().today.monsters_following.contains(&bat()));
    assert_eq!(
        g.state().piles.place_of(&bat()),
        Some(&Place::Clearing { at: oak(2) }),
        "left behind where he took off"
    );
    assert!(matches!(
        g.state().piles.place_of(&hq_piece()),
        Some(Place::Clearing { at }) if at.tile == next
    ));
}

#[test]
fn rule_7_2_1_a_character_following_a_character_gives_to_a_hired_leader_there_as_she_begins_a_phase(
) {
    // The Amazon's hired Company HQ stands with them, following nobody: as she begins her
    // phase the Swordsman following her may give him gold (7.2.1: followers trade with
    // the hired leaders there), then her turn goes on.
    let hq: PieceId =
        serde_json::from_value(json!({"kind": "native", "id": "company-hq"})).unwrap();
    let mut g = start(json!({"seats": [
        {"character": "amazon", "at": oak(2), "hidden": false, "gold": 10,
         "record": [{"activity": "hide"}, {"activity": "hide"}],
         "hirelings": [{"native": "company-hq", "lastDay": 14}]},
        {"character": "swordsman", "at": oak(2), "hidden": false, "gold": 10,
         "belongings": [{"piece": short_sword()}],
         "record": [{"activity": "follow", "guide": 0}]}],
        "pieces": [{"piece": hq, "place": {"place": "clearing", "at": oak(2)}}],
        "day": 2, "at": "daylight", "dice": [1, 6, 6, 6, 6, 6, 6, 6, 6]}));
    keep(&mut g);
    let gift = A::GiveToHireling {
        hireling: hq.clone(),
        gift: Gift::Gold { gold: 5 },
    };
    assert!(
        g.legal_actions(S1).contains(&gift),
        "{:?}",
        g.legal_actions(S1)
    );
    // He takes nothing back from another player's leader.
    assert!(!g
        .legal_actions(S1)
        .iter()
        .any(|a| matches!(a, A::TakeFromHireling { .. })));
    unchanged(
        &mut g,
        S1,
        A::TakeFromHireling {
            hireling: hq.clone(),
            gift: Gift::Gold { gold: 1 },
        },
    );
    g.apply(S1, gift).unwrap();
    assert_eq!(g.state().seats[1].gold, 5);
    assert_eq!(g.state().seats[0].hirelings[0].gold, 5);
    g.apply(S1, A::Proceed).unwrap();
    assert_eq!(to_act(&g), vec![S0], "her turn goes on");
}
