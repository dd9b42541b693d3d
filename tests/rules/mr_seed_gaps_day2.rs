//! Rule scenarios for the day's gaps that `docs/coverage.md` found without a test: a
//! colour chit played for nothing at the start of a phase, and none played on a roadway or
//! in the air (7.2.3e-f); a guide carrying with the move strength of the underlings
//! following him (7.11d). Each is built from a scenario with forced dice.

use crate::spells_common::{chit, details, start, Game, S0};
use serde_json::{json, Value};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::pieces::Place;
use tabletop_rules::magic_realm::state::ChitStatus;

fn oak(n: u8) -> Value {
    json!({"tile": "oak_woods", "clearing": n})
}

/// Lets the others take their turns until seat 0 starts his phase.
fn to_his_phase(g: &mut Game) {
    for _ in 0..3 {
        if g.legal_actions(S0).contains(&A::Proceed) {
            break;
        }
        let Some(s) = g.to_act().seats().first().copied() else {
            break;
        };
        g.apply(s, A::Proceed).unwrap();
    }
    assert!(g.legal_actions(S0).contains(&A::Proceed), "his phase");
}

#[test]
fn rule_7_2_3e_a_colour_chit_is_played_for_nothing() {
    // The Sorceror in Oak Woods 2 has his Purple colour chit 4 (MAGIC IV) and no spell to
    // energize: at the start of his phase he may play it for nothing; it reverts to a
    // magic chit and fatigues. His active chit 5 is no colour chit: playing it is refused
    // and changes nothing.
    let mut g = start(json!({"seats": [{"character": "sorceror", "at": oak(2),
            "hidden": false, "chits": [{"chit": 4, "status": "enchanted"}],
            "record": [{"activity": "hide"}]}],
        "day": 2, "at": "daylight", "dice": [1, 1, 1]}));
    to_his_phase(&mut g);
    let play = A::PlayColourChit { colour_chit: 4 };
    assert!(g.legal_actions(S0).contains(&play));
    let wrong = A::PlayColourChit { colour_chit: 5 };
    assert!(!g.legal_actions(S0).contains(&wrong));
    let before = g.state().clone();
    assert!(g.apply(S0, wrong).is_err(), "chit 5 is not a colour chit");
    assert_eq!(*g.state(), before, "a refused action changes nothing");
    let events = g.apply(S0, play.clone()).unwrap();
    assert!(details(&events)
        .iter()
        .any(|e| matches!(e, E::ColourChitUsed { chit: 4, .. })));
    assert_eq!(chit(&g, S0, 4), ChitStatus::Fatigued, "it fatigues");
    assert!(
        !g.legal_actions(S0).contains(&play),
        "it is a magic chit again, not a colour chit"
    );
    // His phase goes on: he still hides.
    assert!(g.legal_actions(S0).contains(&A::Proceed));
}

#[test]
fn rule_7_2_3f_no_colour_chit_is_played_for_nothing_on_a_roadway() {
    // The Sorceror ran out of Oak Woods 2 toward 4 last night: on the roadway at the start
    // of his phase he may not play his colour chit, even for nothing; in the clearing he may.
    for (roadway, may) in [(None, true), (Some(oak(4)), false)] {
        let mut me = json!({"character": "sorceror", "at": oak(2), "hidden": false,
            "chits": [{"chit": 4, "status": "enchanted"}],
            "record": [{"activity": "move", "to": oak(4)}]});
        if let Some(r) = &roadway {
            me["roadway"] = r.clone();
        }
        let mut g = start(json!({"seats": [me], "day": 2, "at": "daylight",
            "dice": [1, 1, 1]}));
        to_his_phase(&mut g);
        assert_eq!(
            g.legal_actions(S0)
                .contains(&A::PlayColourChit { colour_chit: 4 }),
            may,
            "roadway {roadway:?}"
        );
    }
}

#[test]
fn rule_7_2_3f_no_colour_chit_is_played_while_flying() {
    // The Witch, Broomstick on her, flies twice over Oak Woods with her Grey colour chit 5
    // (MAGIC II): at the start of her first phase, in Oak Woods 2, she may play it (for
    // nothing); at the start of her second she is in the air, and may not.
    let broomstick = json!({"caster": 0, "spell": "broomstick", "spellBox": 0, "chit": 4,
        "aims": [{"aim": "character", "seat": 0}], "until": {"at": "never"}});
    let fly = json!({"activity": "fly", "to": "oak_woods"});
    let mut g = start(json!({"seats": [
            {"character": "witch", "at": oak(2), "spells": ["broomstick"], "hidden": false,
             "chits": [{"chit": 5, "status": "enchanted"}], "record": [fly, fly]}],
        "spells": [broomstick], "day": 2, "at": "daylight", "dice": [1, 1, 1, 1, 1]}));
    to_his_phase(&mut g);
    let play = A::PlayColourChit { colour_chit: 5 };
    assert!(g.legal_actions(S0).contains(&play), "on the ground she may");
    g.apply(S0, A::Proceed).unwrap();
    let witch: tabletop_rules::magic_realm::pieces::PieceId =
        serde_json::from_value(json!({"kind": "character", "id": "witch"})).unwrap();
    assert!(
        matches!(g.state().piles.place_of(&witch), Some(Place::Flying { .. })),
        "in the air at the start of her second phase"
    );
    assert!(g.legal_actions(S0).contains(&A::Proceed));
    assert!(!g.legal_actions(S0).contains(&play), "not while flying");
    let before = g.state().clone();
    assert!(g.apply(S0, play).is_err(), "refused in the air");
    assert_eq!(*g.state(), before, "a refused action changes nothing");
    assert_eq!(chit(&g, S0, 5), ChitStatus::Enchanted);
}

#[test]
fn rule_7_11d_the_guide_carries_with_his_following_underlings_move_strength() {
    // The Swordsman in Oak Woods 2, his Medium Move chit 6 fatigued (only Light Move chits
    // left), owns a Medium Broadsword; Company 1 (Medium move strength), hired by him, is
    // there. Followed by Company 1 he moves to Oak Woods 4 carrying the Broadsword; with
    // Company 1 told to stay, he abandons it in Oak Woods 2. Telling the underling to
    // follow a guide who is not in his clearing is refused and changes nothing.
    use tabletop_rules::magic_realm::catalog::denizens::NativeId;
    use tabletop_rules::magic_realm::day::underlings::UnderlingGuide;
    use tabletop_rules::magic_realm::map::ClearingRef;
    use tabletop_rules::magic_realm::pieces::PieceId;
    use tabletop_rules::magic_realm::state::Activity;
    let sword: PieceId =
        serde_json::from_value(json!({"kind": "weapon", "id": "broadsword", "n": 0})).unwrap();
    let to: ClearingRef = serde_json::from_value(oak(4)).unwrap();
    let from: ClearingRef = serde_json::from_value(oak(2)).unwrap();
    for (stay, carried) in [(false, true), (true, false)] {
        let mut g = start(json!({"seats": [{"character": "swordsman", "at": oak(2),
                "hidden": false, "chits": [{"chit": 6, "status": "fatigued"}],
                "belongings": [{"piece": {"kind": "weapon", "id": "broadsword", "n": 0}}],
                "hirelings": [{"native": "company-1", "lastDay": 14}]}],
            "pieces": [{"piece": {"kind": "native", "id": "company-1"},
                "place": {"place": "clearing", "at": oak(2)}}],
            "day": 2, "dice": [1, 6, 6, 6]}));
        let company = NativeId("company-1".into());
        let wrong = A::AssignUnderling {
            underling: company.clone(),
            guide: UnderlingGuide::Character {
                seat: tabletop_rules::engine::Seat(1),
            },
        };
        let before = g.state().clone();
        assert!(g.apply(S0, wrong).is_err(), "no such guide in his clearing");
        assert_eq!(*g.state(), before, "a refused action changes nothing");
        if stay {
            g.apply(
                S0,
                A::AssignUnderling {
                    underling: company.clone(),
                    guide: UnderlingGuide::Stay,
                },
            )
            .unwrap();
        }
        g.apply(
            S0,
            A::RecordActivity {
                activity: Activity::Move { to },
            },
        )
        .unwrap();
        g.apply(S0, A::FinishRecording).unwrap();
        crate::daylight_common::take_kept_turns(&mut g);
        for _ in 0..4 {
            if !g.legal_actions(S0).contains(&A::Proceed) {
                break;
            }
            g.apply(S0, A::Proceed).unwrap();
        }
        let swordsman: PieceId =
            serde_json::from_value(json!({"kind": "character", "id": "swordsman"})).unwrap();
        assert_eq!(
            g.state().piles.place_of(&swordsman),
            Some(&Place::Clearing { at: to }),
            "he moved"
        );
        let sword_at = g.state().piles.place_of(&sword).cloned();
        if carried {
            assert!(
                matches!(sword_at, Some(Place::Belongings { .. })),
                "carried: {sword_at:?}"
            );
        } else {
            assert_eq!(sword_at, Some(Place::Clearing { at: from }), "abandoned");
        }
    }
}

#[test]
fn rule_6_3_1b_hired_underlings_are_unhidden_each_day_and_hide_only_with_their_guide() {
    // Day 2, Birdsong: Company 1, hired by the Swordsman in Oak Woods 2, is (was) hidden;
    // the Swordsman records Hide. At Sunrise Company 1 is unhidden; following him, it
    // hides when he does (Monster Roll 1; Hide roll 1 and 2: hidden), and fails with him
    // on a 6. Recording a Move to a clearing that is no Move away is refused and changes
    // nothing.
    use tabletop_rules::magic_realm::map::ClearingRef;
    use tabletop_rules::magic_realm::state::Activity;
    for (dice, hides) in [(json!([1, 1, 2]), true), (json!([1, 6, 6]), false)] {
        let mut g = start(json!({"seats": [{"character": "swordsman", "at": oak(2),
                "hidden": false,
                "hirelings": [{"native": "company-1", "lastDay": 14, "hidden": true}]}],
            "pieces": [{"piece": {"kind": "native", "id": "company-1"},
                "place": {"place": "clearing", "at": oak(2)}}],
            "day": 2, "dice": dice}));
        assert!(g.state().seats[0].hirelings[0].hidden, "staged hidden");
        let far: ClearingRef =
            serde_json::from_value(json!({"tile": "borderland", "clearing": 1})).unwrap();
        let before = g.state().clone();
        assert!(g
            .apply(
                S0,
                A::RecordActivity {
                    activity: Activity::Move { to: far }
                }
            )
            .is_err());
        assert_eq!(*g.state(), before, "a refused action changes nothing");
        g.apply(
            S0,
            A::RecordActivity {
                activity: Activity::Hide,
            },
        )
        .unwrap();
        g.apply(S0, A::FinishRecording).unwrap();
        crate::daylight_common::take_kept_turns(&mut g);
        assert!(
            !g.state().seats[0].hirelings[0].hidden,
            "unhidden at the start of the day"
        );
        for _ in 0..4 {
            if !g.legal_actions(S0).contains(&A::Proceed) {
                break;
            }
            g.apply(S0, A::Proceed).unwrap();
        }
        assert!(g.state().seats[0].hidden == hides, "his own roll");
        assert_eq!(
            g.state().seats[0].hirelings[0].hidden,
            hides,
            "Company 1 shares his result"
        );
    }
}
