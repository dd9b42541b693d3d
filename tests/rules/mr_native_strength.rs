//! Rule scenarios for a native's move strength (rule 2.2, the List of Natives: equal to his
//! weight, except that the Knights weigh Heavy but have Tremendous move strength), as a
//! guide carries with his following underlings (7.3.1, 7.11d).

use crate::spells_common::{start, S0};
use serde_json::{json, Value};
use tabletop_rules::magic_realm::actions::MagicRealmAction as A;
use tabletop_rules::magic_realm::game::data;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::state::Activity;

fn oak(n: u8) -> Value {
    json!({"tile": "oak_woods", "clearing": n})
}

#[test]
fn rule_2_2_a_natives_move_strength_is_his_vulnerability_a_knights_tremendous() {
    use tabletop_rules::magic_realm::catalog::common::Size;
    let cat = data().unwrap();
    for n in &cat.denizens.natives {
        assert_eq!(n.move_strength(), n.vulnerability, "{}", n.name);
    }
    let knight = cat
        .denizens
        .natives
        .iter()
        .find(|n| n.id.0 == "order-1")
        .unwrap();
    assert_eq!(
        (knight.weight, knight.move_strength()),
        (Size::Heavy, Size::Tremendous)
    );
}

#[test]
fn rule_7_11d_a_following_knight_carries_a_tremendous_weight_for_his_guide() {
    // The Swordsman in Oak Woods 2 owns the Bane Sword (Tremendous weight); his own Move
    // chits are too weak to carry it. Followed by his hired Knight (Order 1: Heavy weight,
    // Tremendous move strength) he moves to Oak Woods 4 with it; followed by Company 1
    // (Medium) instead, he leaves it behind in Oak Woods 2.
    let bane: PieceId =
        serde_json::from_value(json!({"kind": "weapon", "id": "bane-sword", "n": 0})).unwrap();
    let to: ClearingRef = serde_json::from_value(oak(4)).unwrap();
    let from: ClearingRef = serde_json::from_value(oak(2)).unwrap();
    for (native, carried) in [("order-1", true), ("company-1", false)] {
        let mut g = start(json!({"seats": [{"character": "swordsman", "at": oak(2),
                "hidden": false,
                "belongings": [{"piece": {"kind": "weapon", "id": "bane-sword", "n": 0}}],
                "hirelings": [{"native": native, "lastDay": 14}]}],
            "pieces": [{"piece": {"kind": "native", "id": native},
                "place": {"place": "clearing", "at": oak(2)}}],
            "day": 2, "dice": [1, 6, 6, 6]}));
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
        let at = g.state().piles.place_of(&bane).cloned();
        if carried {
            assert!(
                matches!(at, Some(Place::Belongings { .. })),
                "{native}: {at:?}"
            );
        } else {
            assert_eq!(at, Some(Place::Clearing { at: from }), "{native}");
        }
    }
}
