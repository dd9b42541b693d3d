//! Rule scenarios for hidden hirelings in combat (rules 8.3.4 c.3, 8.3.5 a.1, a.3): random
//! assignment never goes to a hidden hireling, and a hidden hireling that lures is
//! unhidden. Each built from a scenario with forced dice and named by its rule.

use crate::spells_common::{details, dice, here, monster, pass_once, piece, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::combat;
use tabletop_rules::magic_realm::pieces::PieceId;

fn native(id: &str) -> Value {
    json!({"piece": {"kind": "native", "id": id}, "place": {"place": "clearing", "at": here()}})
}

fn hired(id: &str) -> PieceId {
    serde_json::from_value(json!({"kind": "native", "id": id})).unwrap()
}

/// The Swordsman (hidden or not) with his hirelings `(id, hidden)` and the wolf in his
/// clearing; with `amazon`, an unhidden Amazon there too.
fn swordsman(hidden: bool, hirelings: &[(&str, bool)], amazon: bool) -> Game {
    let mut pieces: Vec<Value> = hirelings.iter().map(|(h, _)| native(h)).collect();
    pieces.push(monster("wolf-l4"));
    let terms: Vec<Value> = hirelings
        .iter()
        .map(|(h, hid)| json!({"native": h, "lastDay": 10, "hidden": hid}))
        .collect();
    let mut seats =
        vec![json!({"character": "swordsman", "at": here(), "hidden": hidden, "hirelings": terms})];
    if amazon {
        seats.push(json!({"character": "amazon", "at": here(), "hidden": false}));
    }
    start(json!({"seats": seats, "pieces": pieces, "at": "sunset", "dice": dice(1, 40)}))
}

fn duels(g: &Game) -> Vec<(PieceId, Vec<PieceId>)> {
    combat::current(g.state())
        .map(|c| {
            c.duels
                .iter()
                .map(|d| (d.defender.clone(), d.attackers.clone()))
                .collect()
        })
        .unwrap_or_default()
}

fn hireling_hidden(g: &Game, id: &str) -> bool {
    g.state().seats[0]
        .hirelings
        .iter()
        .any(|h| h.native.0 == id && h.hidden)
}

#[test]
fn rule_8_3_5_a3_a_monster_is_not_assigned_to_a_hidden_hireling() {
    // Hidden Swordsman, hidden hireling: nothing in the clearing is unhidden.
    let mut g = swordsman(true, &[("company-1", true)], false);
    let mut log = Vec::new();
    pass_once(&mut g, &mut log);
    assert!(!details(&log).iter().any(|d| matches!(
        d,
        E::AssignedToHireling { .. } | E::Assigned { .. } | E::AssignmentRolled { .. }
    )));
    let c = combat::current(g.state()).expect("the combat goes on");
    assert!(!c.engaged(&piece("wolf-l4")), "the wolf stays unassigned");
    assert!(duels(&g).is_empty());
    assert!(
        hireling_hidden(&g, "company-1"),
        "the hireling stays hidden"
    );
}

#[test]
fn rule_8_3_5_a3_the_monster_goes_to_his_only_unhidden_hireling() {
    // Two hirelings, one hidden: no choice is asked, the unhidden one takes it.
    let mut g = swordsman(true, &[("company-1", true), ("company-2", false)], false);
    let mut log = Vec::new();
    pass_once(&mut g, &mut log);
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::AssignedToHireling { hireling, .. } if *hireling == hired("company-2")
    )));
    assert_eq!(
        duels(&g),
        vec![(hired("company-2"), vec![piece("wolf-l4")])]
    );
}

#[test]
fn rule_8_3_5_a1_a_hidden_character_with_only_hidden_hirelings_does_not_roll() {
    // The unhidden Amazon takes the wolf without a roll.
    let mut g = swordsman(true, &[("company-1", true)], true);
    g.apply(S0, A::EndLuring).unwrap();
    let ev = g.apply(S1, A::EndLuring).unwrap();
    assert!(!details(&ev)
        .iter()
        .any(|d| matches!(d, E::AssignmentRolled { .. })));
    let c = combat::current(g.state()).expect("the combat goes on");
    assert_eq!(c.sheets.get(&S1), Some(&vec![piece("wolf-l4")]));
    assert!(duels(&g).is_empty());
}

#[test]
fn rule_8_3_5_a3_a_hidden_hireling_is_not_offered_nor_taken() {
    // Two unhidden hirelings and a hidden one: he picks among the two unhidden.
    let mut g = swordsman(
        true,
        &[
            ("company-1", true),
            ("company-2", false),
            ("company-3", false),
        ],
        false,
    );
    let mut log = Vec::new();
    pass_once(&mut g, &mut log);
    let to_hidden = A::AssignToHireling {
        denizen: piece("wolf-l4"),
        hireling: hired("company-1"),
    };
    let legal = g.legal_actions(S0);
    assert_eq!(
        legal.len(),
        2,
        "one choice per unhidden hireling: {legal:?}"
    );
    assert!(!legal.contains(&to_hidden));
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, to_hidden).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}

#[test]
fn rule_8_3_4c3_a_hidden_hireling_that_lures_becomes_unhidden() {
    let mut g = swordsman(false, &[("company-1", true)], false);
    let lure = A::HirelingLure {
        hireling: hired("company-1"),
        denizen: piece("wolf-l4"),
    };
    assert!(g.legal_actions(S0).contains(&lure));
    let events = g.apply(S0, lure).unwrap();
    assert!(details(&events).iter().any(|d| matches!(
        d,
        E::HirelingUnhidden { seat, hireling } if *seat == S0 && *hireling == hired("company-1")
    )));
    assert!(!hireling_hidden(&g, "company-1"));
    assert_eq!(
        duels(&g),
        vec![(hired("company-1"), vec![piece("wolf-l4")])]
    );
}
