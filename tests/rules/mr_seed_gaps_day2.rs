//! Rule scenarios for the day's gaps that `docs/coverage.md` found without a test: a
//! colour chit played for nothing at the start of a phase, and none played on a roadway or
//! in the air (7.2.3e-f). Each is built from a scenario with forced dice.

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
