//! Rule scenarios for the Timeless Jewel (the List of Treasures: "Don't write move"; the
//! rulebook's beginners play "as if he had the Timeless Jewel in his possession"): while
//! it is active its owner records no turn in Birdsong and chooses each phase's activity
//! as he does it, as under Prophecy. Each is built from a scenario with forced dice.

use crate::spells_common::{dice, here, start, Game, S0};
use serde_json::json;
use tabletop_rules::magic_realm::actions::MagicRealmAction as A;
use tabletop_rules::magic_realm::state::Activity;

/// The Black Knight with the Timeless Jewel (`active` or not), at `point` of day 1.
fn jeweller(active: bool, point: &str) -> Game {
    start(json!({"seats": [{"character": "black-knight", "at": here(),
        "belongings": [{"piece": {"kind": "treasure", "id": "timeless-jewel"}, "active": active}]}],
        "at": point, "dice": dice(6, 40)}))
}

fn hide() -> A {
    A::ChooseActivity {
        activity: Activity::Hide,
    }
}

#[test]
fn rule_6_2_3_the_active_timeless_jewel_frees_him_from_recording_his_turn() {
    let g = jeweller(true, "birdsong");
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&A::FinishRecording));
    assert!(!legal
        .iter()
        .any(|a| matches!(a, A::RecordActivity { .. } | A::TakeBackActivity)));
    // Inactive, it does nothing: he records as usual.
    let g = jeweller(false, "birdsong");
    assert!(g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::RecordActivity { .. })));
}

#[test]
fn rule_6_2_3_with_the_timeless_jewel_he_chooses_each_phase_as_he_does_it() {
    let mut g = jeweller(true, "birdsong");
    g.apply(S0, A::FinishRecording).unwrap();
    for _ in 0..6 {
        if g.legal_actions(S0).contains(&hide()) {
            break;
        }
        let seat = g.to_act().seats().first().copied().expect("someone acts");
        let first = g.legal_actions(seat).first().cloned().expect("an action");
        g.apply(seat, first).unwrap();
    }
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&hide()));
    assert!(legal.contains(&A::EndProphecyTurn));
    g.apply(S0, hide()).unwrap();
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&A::Proceed), "then he does it");
    assert!(!legal.contains(&hide()));
    g.apply(S0, A::Proceed).unwrap();
    assert_eq!(g.state().seats[0].record.activities, [Activity::Hide]);
    // A wrong choice is refused and changes nothing.
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, A::FinishRecording).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}
