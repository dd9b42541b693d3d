//! Rule scenario for Melt into Mist (List of Spells, 3): a character turned into mist
//! "has a T4 Move chit that he can use only to run away".

use crate::spells_common::{details, here, monster, pass_once, start, S0};
use serde_json::json;
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::combat::ManeuverPlay;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};

#[test]
fn rule_4_6_8_melt_into_mist_the_mist_runs_away_with_its_move_chit_and_nothing_else() {
    // Sunset: the Swordsman is mist (the Sorceror's Melt into Mist, away in Oak Woods 4),
    // beside the Ogre in Oak Woods 2. In the Encounter Step he may run away with the mist's
    // Move chit (and with nothing of his own: his chits are frozen).
    let mist = json!({"caster": 1, "spell": "melt-into-mist", "spellBox": 0, "chit": 8,
        "aims": [{"aim": "character", "seat": 0}], "until": {"at": "never"}, "inert": false});
    let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": here(), "hidden": false},
            {"character": "sorceror", "at": {"tile": "oak_woods", "clearing": 4}, "hidden": true}],
        "pieces": [monster("ogre")], "spells": [mist], "at": "sunset", "dice": vec![1; 60]}));
    let mut log = Vec::new();
    let runs = |g: &crate::spells_common::Game| -> Vec<A> {
        g.legal_actions(S0)
            .into_iter()
            .filter(|a| matches!(a, A::RunAway { .. }))
            .collect()
    };
    for _ in 0..40 {
        if !runs(&g).is_empty() {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    let offered = runs(&g);
    assert!(!offered.is_empty(), "the mist may run away");
    assert!(
        offered.iter().all(|a| matches!(
            a,
            A::RunAway {
                with: ManeuverPlay::Mist,
                ..
            }
        )),
        "only with the mist's Move chit: {offered:?}"
    );
    // A Move chit of his own is refused, and nothing changes.
    let A::RunAway { to, .. } = offered[0].clone() else {
        unreachable!()
    };
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g
        .apply(
            S0,
            A::RunAway {
                with: ManeuverPlay::Chit { chit: 0 },
                to
            }
        )
        .is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    log.extend(g.apply(S0, offered[0].clone()).unwrap());
    assert!(details(&log).iter().any(|e| matches!(
        e,
        E::RanAway {
            seat: S0,
            with: ManeuverPlay::Mist,
            ..
        }
    )));
    let swordsman: PieceId =
        serde_json::from_value(json!({"kind": "character", "id": "swordsman"})).unwrap();
    assert!(matches!(
        g.state().piles.place_of(&swordsman),
        Some(Place::Roadway { .. })
    ));
}
