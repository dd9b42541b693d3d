//! Rule scenario for 4.6.8c and 7.12 on a hired leader's turn: a monster turned to mist
//! neither blocks nor is blocked, whoever ends a phase beside it.

use crate::spells_common::{here, monster, start};
use serde_json::json;
use tabletop_rules::magic_realm::catalog::denizens::NativeId;

#[test]
fn rule_4_6_8c_a_monster_of_mist_does_not_block_a_hired_leader() {
    // The Swordsman's hired Company HQ, unhidden beside the Ogre in Oak Woods 2, records a
    // Hide and fails it (6 and 6). The Ogre blocks him at the end of the phase, unless the
    // Sorceror (away in Oak Woods 4) has turned it to mist.
    for misted in [false, true] {
        let spells = if misted {
            json!([{"caster": 1, "spell": "melt-into-mist", "spellBox": 0, "chit": 8,
                "aims": [{"aim": "denizen", "piece": {"kind": "monster", "id": "ogre", "n": 0}}],
                "until": {"at": "never"}, "inert": false}])
        } else {
            json!([])
        };
        let g = start(json!({"seats": [
            {"character": "swordsman", "at": here(), "hidden": true, "record": [],
             "hirelings": [{"native": "company-hq", "lastDay": 14,
                            "record": [{"activity": "hide"}]}]},
            {"character": "sorceror", "at": {"tile": "oak_woods", "clearing": 4}, "hidden": true,
             "record": []}],
            "pieces": [monster("ogre"),
                {"piece": {"kind": "native", "id": "company-hq"},
                 "place": {"place": "clearing", "at": here()}}],
            "spells": spells, "day": 2, "at": "daylight", "dice": vec![6; 40]}));
        // His turn needs no decision: it is over when the scenario starts.
        let hq = NativeId("company-hq".into());
        assert!(
            !g.state().seats[0]
                .hirelings
                .iter()
                .any(|h| h.native == hq && h.hidden),
            "his Hide failed: he is unhidden"
        );
        let blocked = g.state().today.blocked_leaders.contains(&hq);
        assert_eq!(blocked, !misted, "misted: {misted}");
    }
}
