//! Rule scenarios for characters' Special Advantages (2.5.2; the List of Characters, which
//! our copy lacks, read from the Character cards) that no other file covers. Each is built
//! from a scenario with forced dice and named by its rule.

use crate::spells_common::{details, start, S0};
use serde_json::json;
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::state::ChitStatus;

#[test]
fn rule_2_5_2_the_dwarfs_short_legs_make_each_rest_count_double() {
    // The Dwarf with two fatigued one-asterisk chits (Duck T3*, Fight H5*) rests once.
    let g = || {
        start(
            json!({"seats": [{"character": "dwarf", "at": {"tile": "oak_woods", "clearing": 2},
            "hidden": false,
            "chits": [{"chit": 0, "status": "fatigued"}, {"chit": 2, "status": "fatigued"}],
            "record": [{"activity": "rest"}, {"activity": "hide"}]}],
            "at": "daylight", "dice": vec![6; 10]}),
        )
    };
    let rest = |chit| A::Rest { chit, change: None };
    let mut g = g();
    let ev = g.apply(S0, rest(0)).unwrap();
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::RestCountsDouble { .. })));
    assert_eq!(g.state().today.phase, 0, "the Rest phase is not over");
    assert_eq!(g.legal_actions(S0), vec![rest(2)]);
    g.apply(S0, rest(2)).unwrap();
    assert_eq!(g.state().today.phase, 1);
    let chits = &g.state().seats[0].chits;
    assert_eq!((chits[0], chits[2]), (ChitStatus::Fresh, ChitStatus::Fresh));
}
