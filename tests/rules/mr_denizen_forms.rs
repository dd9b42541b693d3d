//! Rule scenarios for hired natives turned into mist (4.6.8; Melt into Mist, card rules 1
//! and 3) on their own turns, each from a scenario with forced dice.

use crate::spells_common::{dice, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::Event;
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::denizens::NativeId;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::state::Activity;

fn hq() -> NativeId {
    NativeId("company-hq".into())
}

fn hq_piece() -> PieceId {
    PieceId::Native { id: hq() }
}

fn cliff(n: u8) -> ClearingRef {
    serde_json::from_value(json!({"tile": "cliff", "clearing": n})).unwrap()
}

fn oak(n: u8) -> ClearingRef {
    serde_json::from_value(json!({"tile": "oak_woods", "clearing": n})).unwrap()
}

/// The Sorceror's (seat 1, away in Oak Woods 4) Melt into Mist on the Company's HQ,
/// energized or inert; none when `on` is false.
fn mist_on_hq(on: bool, inert: bool) -> Value {
    if on {
        json!([{"caster": 1, "spell": "melt-into-mist", "spellBox": 0, "chit": 8,
            "aims": [{"aim": "denizen", "piece": hq_piece()}],
            "until": {"at": "never"}, "inert": inert}])
    } else {
        json!([])
    }
}

/// The Swordsman (seat 0, hidden, nothing recorded) with the Company's HQ hired, both in
/// `at`; the HQ records `record`. The Sorceror (seat 1) waits in Oak Woods 4. `pieces`
/// adds more.
fn company(at: ClearingRef, record: Value, spells: Value, step: &str, pieces: Vec<Value>) -> Game {
    let mut all = vec![json!({"piece": hq_piece(), "place": {"place": "clearing", "at": at}})];
    all.extend(pieces);
    start(json!({"seats": [
        {"character": "swordsman", "at": at, "hidden": true, "record": [],
         "hirelings": [{"native": "company-hq", "lastDay": 20, "record": record}]},
        {"character": "sorceror", "at": oak(4), "hidden": true, "record": [],
         "spells": ["melt-into-mist"]}],
        "pieces": all, "spells": spells, "day": 2, "at": step, "dice": dice(6, 40)}))
}

fn hq_at(g: &Game) -> Option<Place> {
    g.state().piles.place_of(&hq_piece()).cloned()
}

/// Plays the day on with the first legal action of whoever must act, while it is Daylight.
fn play_daylight(g: &mut Game) -> Vec<Event<E>> {
    let mut log = Vec::new();
    for _ in 0..40 {
        let Some(seat) = g.to_act().seats().first().copied() else {
            break;
        };
        if !matches!(
            g.state().step,
            tabletop_rules::magic_realm::state::Step::Daylight { .. }
        ) {
            break;
        }
        let Some(a) = g.legal_actions(seat).first().cloned() else {
            break;
        };
        log.extend(g.apply(seat, a).unwrap());
    }
    log
}

#[test]
fn rule_4_6_8_a_hired_leader_turned_into_mist_moves_along_a_hidden_path_he_has_not_discovered() {
    // Cliff 2 and 5 are joined only by a hidden path the HQ has not discovered. His
    // employer recorded a Move to Cliff 5 for him: as mist he goes along it (and still has
    // not discovered it); not mist, the phase is blank and he stays.
    for misted in [false, true] {
        let mut g = company(
            cliff(2),
            json!([{"activity": "move", "to": cliff(5)}]),
            mist_on_hq(misted, false),
            "daylight",
            vec![],
        );
        play_daylight(&mut g);
        let want = if misted { cliff(5) } else { cliff(2) };
        assert_eq!(
            hq_at(&g),
            Some(Place::Clearing { at: want }),
            "misted: {misted}"
        );
        let h = g.state().seats[0]
            .hirelings
            .iter()
            .find(|h| h.native == hq());
        assert!(
            h.is_some_and(|h| h.discoveries.paths.is_empty()),
            "he discovers no path"
        );
    }
}

#[test]
fn rule_4_6_8_a_move_along_an_undiscovered_path_may_be_recorded_for_a_leader_with_mist_on_him() {
    // At Birdsong the Melt into Mist on the HQ is inert (it may be energized when he
    // moves): his employer may record his Move to Cliff 5 along the hidden path. (Without
    // the spell he may record it too, in hope of discovering the path first: 6.2.5, 6.2.4.)
    let move_5 = A::RecordLeaderActivity {
        leader: hq(),
        activity: Activity::Move { to: cliff(5) },
    };
    for misted in [true, false] {
        let g = company(
            cliff(2),
            json!([]),
            mist_on_hq(misted, true),
            "birdsong",
            vec![],
        );
        assert!(g.legal_actions(S0).contains(&move_5), "misted: {misted}");
    }
}

#[test]
fn rule_6_2_5_a_hired_leaders_move_along_an_undiscovered_path_may_be_recorded_in_hope() {
    // 6.2.5: a hired leader may be recorded any activity a character may, 6.2.4's Move in
    // hope included: a Search, then a Move to Cliff 5 along the hidden path he has not
    // found. A clearing no roadway joins to Cliff 5 is still not offered after it.
    let mut g = company(
        cliff(2),
        json!([]),
        mist_on_hq(false, true),
        "birdsong",
        vec![],
    );
    for activity in [Activity::Search, Activity::Move { to: cliff(5) }] {
        g.apply(
            S0,
            A::RecordLeaderActivity {
                leader: hq(),
                activity,
            },
        )
        .expect("recorded");
    }
    assert!(!g.legal_actions(S0).contains(&A::RecordLeaderActivity {
        leader: hq(),
        activity: Activity::Move { to: cliff(1) },
    }));
}

#[test]
fn rule_4_6_8_a_hired_leader_turned_into_mist_can_only_move_hide_and_follow() {
    // The HQ's employer recorded a Search for him. Not mist, his employer picks the table
    // when the phase comes; as mist the phase is cancelled (card rule 1) and his turn
    // ends without a decision.
    for misted in [false, true] {
        let mut g = company(
            oak(2),
            json!([{"activity": "search"}]),
            mist_on_hq(misted, false),
            "birdsong",
            vec![],
        );
        let mut log = g.apply(S0, A::FinishRecording).unwrap();
        log.extend(g.apply(S1, A::FinishRecording).unwrap());
        log.extend(crate::daylight_common::take_kept_turns(&mut g));
        let searching = g
            .legal_actions(S0)
            .iter()
            .any(|a| matches!(a, A::LeaderSearch { .. }));
        assert_eq!(searching, !misted, "misted: {misted}");
        let cancelled = log.iter().any(|e| {
            e.rule.0 == "4.6.8"
                && matches!(&e.detail, E::LeaderPhaseCancelled { leader } if *leader == hq())
        });
        assert_eq!(cancelled, misted, "misted: {misted}");
    }
}

#[test]
fn rule_4_6_8_a_hired_leader_turned_into_mist_cannot_be_followed() {
    // The Swordsman and his HQ in Oak Woods 2: the Swordsman is not offered to follow the
    // HQ while he is mist, and a Follow recorded behind him has no guide at Sunrise.
    let follow = A::RecordActivity {
        activity: Activity::FollowLeader { leader: hq() },
    };
    for misted in [false, true] {
        let g = company(
            oak(2),
            json!([]),
            mist_on_hq(misted, false),
            "birdsong",
            vec![],
        );
        assert_eq!(
            g.legal_actions(S0).contains(&follow),
            !misted,
            "misted: {misted}"
        );
        let g = start(json!({"seats": [
            {"character": "swordsman", "at": oak(2), "hidden": true,
             "record": [{"activity": "followLeader", "leader": "company-hq"}],
             "hirelings": [{"native": "company-hq", "lastDay": 20,
                            "record": [{"activity": "hide"}]}]},
            {"character": "sorceror", "at": oak(4), "hidden": true, "record": []}],
            "pieces": [{"piece": hq_piece(), "place": {"place": "clearing", "at": oak(2)}}],
            "spells": mist_on_hq(misted, false), "day": 2, "at": "daylight",
            "dice": dice(6, 40)}));
        assert_eq!(
            g.state().today.following.contains_key(&S0),
            !misted,
            "misted: {misted}"
        );
    }
}

#[test]
fn rule_4_6_8b_a_hired_leader_turned_into_mist_has_his_belongings_frozen() {
    // The HQ carries a Thrusting Sword and records a Hide. Not mist, his employer may have
    // him abandon it at the start of the phase; as mist his belongings are frozen: no
    // such decision, and abandoning it is refused and changes nothing.
    let sword: PieceId =
        serde_json::from_value(json!({"kind": "weapon", "id": "thrusting-sword", "n": 0})).unwrap();
    let abandon = A::HirelingAbandons {
        hireling: hq_piece(),
        piece: sword.clone(),
    };
    for misted in [false, true] {
        let mut g = company(
            oak(2),
            json!([{"activity": "hide"}]),
            mist_on_hq(misted, false),
            "birdsong",
            vec![json!({"piece": sword, "place": {"place": "carried", "by": hq_piece()}})],
        );
        g.apply(S0, A::FinishRecording).unwrap();
        g.apply(S1, A::FinishRecording).unwrap();
        crate::daylight_common::take_kept_turns(&mut g);
        assert_eq!(
            g.legal_actions(S0).contains(&abandon),
            !misted,
            "misted: {misted}"
        );
        if misted {
            let before = serde_json::to_string(g.state()).unwrap();
            assert!(g.apply(S0, abandon.clone()).is_err());
            assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
            assert_eq!(
                g.state().piles.place_of(&sword),
                Some(&Place::Carried { by: hq_piece() })
            );
        }
    }
}

/// The Sorceror's (seat 1) Transform on the Company's HQ that rolled `roll` on the
/// Transform Table (2 Lion, 3 Eagle).
fn transform_on_hq(roll: u8) -> Value {
    json!([{"caster": 1, "spell": "transform", "spellBox": 0, "chit": 8,
        "aims": [{"aim": "denizen", "piece": hq_piece()}],
        "until": {"at": "never"}, "value": roll}])
}

fn recorded_moves(g: &Game) -> Vec<ClearingRef> {
    g.legal_actions(S0)
        .into_iter()
        .filter_map(|a| match a {
            A::RecordLeaderActivity {
                activity: Activity::Move { to },
                ..
            } => Some(to),
            _ => None,
        })
        .collect()
}

#[test]
fn rule_7_3_4_a_hired_leader_transformed_into_a_lion_walks_the_woods() {
    // The HQ, a Lion, may be recorded a Move to any other clearing of Oak Woods, and
    // walks there by day along no roadway; his employer's plain HQ may not.
    let plain = company(oak(2), json!([]), json!([]), "birdsong", vec![]);
    let roads = recorded_moves(&plain);
    let lion = company(oak(2), json!([]), transform_on_hq(2), "birdsong", vec![]);
    let woods = recorded_moves(&lion);
    assert!(roads.iter().all(|c| woods.contains(c)));
    let off_road = woods
        .iter()
        .copied()
        .find(|c| !roads.contains(c) && c.tile == oak(2).tile)
        .expect("a clearing of the tile no roadway joins");
    let mut plain = plain;
    let record = A::RecordLeaderActivity {
        leader: hq(),
        activity: Activity::Move { to: off_road },
    };
    let before = serde_json::to_string(plain.state()).unwrap();
    assert!(plain.apply(S0, record).is_err(), "not offered: refused");
    assert_eq!(serde_json::to_string(plain.state()).unwrap(), before);
    let mut g = company(
        oak(2),
        json!([{"activity": "move", "to": off_road}]),
        transform_on_hq(2),
        "daylight",
        vec![],
    );
    play_daylight(&mut g);
    assert_eq!(hq_at(&g), Some(Place::Clearing { at: off_road }));
}

#[test]
fn rule_7_3_3_and_4_6_8c_a_hired_leader_transformed_into_an_eagle_cannot_move_or_trade() {
    // The HQ, an Eagle, was recorded a Move and a Trade: a flying creature must fly
    // instead of moving, and no creature trades: both phases are blank and he stays. A
    // Lion moves (and his Trade is blank too).
    let to = recorded_moves(&company(oak(2), json!([]), json!([]), "birdsong", vec![]))[0];
    for (roll, moves) in [(3, false), (2, true)] {
        let mut g = company(
            oak(2),
            json!([{"activity": "move", "to": to}, {"activity": "trade"}]),
            transform_on_hq(roll),
            "birdsong",
            vec![],
        );
        let mut log = g.apply(S0, A::FinishRecording).unwrap();
        log.extend(g.apply(S1, A::FinishRecording).unwrap());
        log.extend(crate::daylight_common::take_kept_turns(&mut g));
        log.extend(play_daylight(&mut g));
        let want = if moves { to } else { oak(2) };
        assert_eq!(hq_at(&g), Some(Place::Clearing { at: want }), "roll {roll}");
        let blank = log
            .iter()
            .filter(|e| {
                e.rule.0 == "4.6.8"
                    && matches!(&e.detail, E::LeaderPhaseCancelled { leader } if *leader == hq())
            })
            .count();
        assert_eq!(blank, if moves { 1 } else { 2 }, "roll {roll}");
    }
}

#[test]
fn rule_4_6_8b_and_7_3_2_a_hired_leader_of_mist_or_a_creature_does_not_ride_his_horse() {
    // The Patrol's HQ and his workhorse in Oak Woods 2: riding it he is recorded a fifth
    // phase; turned into mist or a Lion his horse is frozen with him, and a fifth phase is
    // refused, changing nothing.
    let patrol = NativeId("patrol-hq".into());
    let patrol_piece = PieceId::Native { id: patrol.clone() };
    let aim = json!([{"aim": "denizen", "piece": patrol_piece}]);
    let spells = [
        json!([]),
        json!([{"caster": 1, "spell": "melt-into-mist", "spellBox": 0, "chit": 8,
            "aims": aim, "until": {"at": "never"}, "inert": false}]),
        json!([{"caster": 1, "spell": "transform", "spellBox": 0, "chit": 8,
            "aims": aim, "until": {"at": "never"}, "value": 2}]),
    ];
    for (i, spells) in spells.into_iter().enumerate() {
        let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": oak(2), "hidden": false, "record": [],
             "hirelings": [{"native": "patrol-hq", "lastDay": 20}]},
            {"character": "sorceror", "at": oak(4), "hidden": true, "record": []}],
            "pieces": [
                {"piece": patrol_piece, "place": {"place": "clearing", "at": oak(2)}},
                {"piece": {"kind": "native_horse", "id": "patrol-workhorse-hq"},
                 "place": {"place": "clearing", "at": oak(2)}}],
            "spells": spells, "day": 2, "at": "birdsong", "dice": dice(6, 40)}));
        let hide = A::RecordLeaderActivity {
            leader: patrol.clone(),
            activity: Activity::Hide,
        };
        for _ in 0..4 {
            g.apply(S0, hide.clone()).unwrap();
        }
        let fifth = A::RecordLeaderActivity {
            leader: patrol.clone(),
            activity: Activity::Move { to: oak(4) },
        };
        let rides = i == 0;
        assert_eq!(g.legal_actions(S0).contains(&fifth), rides, "case {i}");
        if !rides {
            let before = serde_json::to_string(g.state()).unwrap();
            assert!(g.apply(S0, fifth).is_err());
            assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
        }
    }
}

#[test]
fn rule_7_3_4_and_7_3_3_a_controlled_bat_transformed_into_a_lion_walks_instead_of_flying() {
    // The Elf controls the Giant Bat in Oak Woods 2. A Bat must fly; transformed (by the
    // Sorceror, in Oak Woods 4) into a Lion it may only walk, to any clearing of Oak Woods
    // too, and a Fly recorded for it is refused, changing nothing.
    let bat: PieceId =
        serde_json::from_value(json!({"kind": "monster", "id": "giant-bat", "n": 0})).unwrap();
    let game = |transformed: bool| {
        let mut spells = vec![json!({"caster": 0, "spell": "control-bats", "spellBox": 0,
            "chit": 3, "aims": [{"aim": "denizen", "piece": bat}],
            "until": {"at": "sunset", "day": 2}, "inert": false})];
        if transformed {
            spells.push(
                json!({"caster": 1, "spell": "transform", "spellBox": 0, "chit": 8,
                "aims": [{"aim": "denizen", "piece": bat}],
                "until": {"at": "never"}, "value": 2}),
            );
        }
        start(json!({"seats": [
            {"character": "elf", "at": oak(2), "hidden": false, "record": [],
             "spells": ["control-bats"], "chits": [{"chit": 3, "status": "committed"}]},
            {"character": "sorceror", "at": oak(4), "hidden": true, "record": []}],
            "pieces": [{"piece": bat, "place": {"place": "clearing", "at": oak(2)}}],
            "spells": spells, "day": 2, "at": "birdsong", "dice": dice(6, 40)}))
    };
    let offered = |g: &Game| -> Vec<Activity> {
        g.legal_actions(S0)
            .into_iter()
            .filter_map(|a| match a {
                A::RecordMonsterActivity { activity, .. } => Some(activity),
                _ => None,
            })
            .collect()
    };
    let flying = offered(&game(false));
    assert!(flying.iter().any(|a| matches!(a, Activity::Fly { .. })));
    assert!(!flying.iter().any(|a| matches!(a, Activity::Move { .. })));
    let mut lion = game(true);
    let walking = offered(&lion);
    assert!(!walking.iter().any(|a| matches!(a, Activity::Fly { .. })));
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let clearings =
        tabletop_rules::magic_realm::day::flying::clearings_of(cat, lion.state(), oak(2).tile);
    assert!(clearings.len() > 1);
    for n in clearings {
        let to = ClearingRef::new(oak(2).tile, n.0);
        assert_eq!(
            walking.contains(&Activity::Move { to }),
            to != oak(2),
            "{to:?}"
        );
    }
    let fly = flying
        .iter()
        .find(|a| matches!(a, Activity::Fly { .. }))
        .cloned()
        .unwrap();
    let before = serde_json::to_string(lion.state()).unwrap();
    assert!(lion
        .apply(
            S0,
            A::RecordMonsterActivity {
                monster: bat.clone(),
                activity: fly
            }
        )
        .is_err());
    assert_eq!(serde_json::to_string(lion.state()).unwrap(), before);
}

#[test]
fn rule_4_6_8b_nobody_gives_to_a_hired_leader_turned_into_mist() {
    // The Swordsman, at the start of his Hide phase, may give his HQ belongings or gold;
    // with the HQ turned into mist (its belongings frozen, 4.6.8b) no gift is offered.
    for misted in [false, true] {
        let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": oak(2), "hidden": false,
             "record": [{"activity": "hide"}],
             "hirelings": [{"native": "company-hq", "lastDay": 20}]},
            {"character": "sorceror", "at": oak(4), "hidden": true, "record": [],
             "spells": ["melt-into-mist"]}],
            "pieces": [{"piece": hq_piece(), "place": {"place": "clearing", "at": oak(2)}}],
            "spells": mist_on_hq(misted, false), "day": 2, "at": "daylight",
            "dice": dice(6, 40)}));
        let mut offered = false;
        for _ in 0..30 {
            if g.legal_actions(S0)
                .iter()
                .any(|a| matches!(a, A::GiveToHireling { .. }))
            {
                offered = true;
                break;
            }
            let Some(seat) = g.to_act().seats().first().copied() else {
                break;
            };
            let Some(a) = g.legal_actions(seat).first().cloned() else {
                break;
            };
            g.apply(seat, a).unwrap();
        }
        assert_eq!(offered, !misted, "misted: {misted}");
    }
}

#[test]
fn list_of_spells_lost_a_hired_leader_of_mist_is_not_lost() {
    // A Lost spell on Oak Woods and the HQ turned into mist: his Move from Oak Woods 2 to
    // Oak Woods 4 goes where recorded, with no Lost roll (4.6.8c).
    let lost = json!({"caster": 1, "spell": "lost", "spellBox": 1, "chit": 7,
        "aims": [{"aim": "tile"}], "at": oak(5), "until": {"at": "never"}, "inert": false});
    for misted in [false, true] {
        let mut spells = mist_on_hq(misted, false);
        spells.as_array_mut().unwrap().push(lost.clone());
        let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": oak(2), "hidden": true, "record": [],
             "hirelings": [{"native": "company-hq", "lastDay": 20,
                "record": [{"activity": "move", "to": oak(4)}]}]},
            {"character": "sorceror", "at": oak(4), "hidden": true, "record": [],
             "spells": ["melt-into-mist", "lost"]}],
            "pieces": [{"piece": hq_piece(), "place": {"place": "clearing", "at": oak(2)}}],
            "spells": spells, "day": 2, "at": "daylight", "dice": dice(1, 40)}));
        // (The scenario starts in Daylight: the HQ's turn may be over already.)
        play_daylight(&mut g);
        // Every die 1: Lost, he goes to the adjacent clearing 1 (Dark Valley 1).
        let dark_valley_1: ClearingRef =
            serde_json::from_value(json!({"tile": "dark_valley", "clearing": 1})).unwrap();
        let want = if misted { oak(4) } else { dark_valley_1 };
        assert_eq!(
            hq_at(&g),
            Some(Place::Clearing { at: want }),
            "misted: {misted}"
        );
    }
}
