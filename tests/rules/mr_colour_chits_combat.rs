//! Rule scenarios for playing a colour chit for nothing in the combat Encounter Step
//! (rule 8.3.9 a.3), as at the start of a phase in Daylight (7.2.3e,
//! `mr_seed_gaps_day2.rs`).

use crate::spells_common::{chit, details, pass_once, start, Game, S0};
use serde_json::json;
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::combat::{self, CombatStage};
use tabletop_rules::magic_realm::state::ChitStatus;

fn stage(g: &Game) -> Option<CombatStage> {
    combat::current(g.state()).map(|c| c.stage)
}

/// The Sorceror, his Purple colour chit 4 (MAGIC IV) enchanted, and the Swordsman, both
/// unhidden in Oak Woods 2 at Sunset; passes until the Sorceror's Encounter action.
fn sorceror_at_his_action() -> Game {
    let mut g = start(json!({"seats": [
        {"character": "sorceror", "at": {"tile": "oak_woods", "clearing": 2}, "hidden": false,
         "chits": [{"chit": 4, "status": "enchanted"}]},
        {"character": "swordsman", "at": {"tile": "oak_woods", "clearing": 2}, "hidden": false}],
        "at": "sunset", "dice": [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]}));
    let mut log = Vec::new();
    for _ in 0..40 {
        if stage(&g) == Some(CombatStage::Actions) && g.to_act().seats().contains(&S0) {
            return g;
        }
        // Not before his actions: the Encounter Step's Luring and Deployment have none.
        if g.to_act().seats().contains(&S0) {
            assert!(!g
                .legal_actions(S0)
                .iter()
                .any(|a| matches!(a, A::PlayColourChit { .. })));
        }
        pass_once(&mut g, &mut log);
    }
    panic!("the Sorceror's Encounter action never came");
}

#[test]
fn rule_8_3_9_a3_a_colour_chit_is_played_for_nothing_in_the_encounter_step() {
    let mut g = sorceror_at_his_action();
    let play = A::PlayColourChit { colour_chit: 4 };
    assert!(g.legal_actions(S0).contains(&play));
    // Chit 5 is no colour chit: refused, and nothing changes.
    let before = g.state().clone();
    assert!(g.apply(S0, A::PlayColourChit { colour_chit: 5 }).is_err());
    assert_eq!(*g.state(), before, "a refused action changes nothing");
    let events = g.apply(S0, play.clone()).unwrap();
    assert!(details(&events)
        .iter()
        .any(|e| matches!(e, E::ColourChitUsed { chit: 4, .. })));
    assert!(events.iter().any(|e| e.rule == "8.3.9".into()));
    assert_eq!(chit(&g, S0, 4), ChitStatus::Fatigued, "it fatigues");
    let c = combat::current(g.state()).unwrap();
    assert!(c.eventful, "8.8: a chit fatigued keeps combat going");
    // 8.3.9 a.2: not his action: still his turn, his action still to do (he may run).
    assert!(!c.acted.contains(&S0));
    let legal = g.legal_actions(S0);
    assert!(
        !legal.contains(&play),
        "a magic chit again, not a colour chit"
    );
    assert!(legal.iter().any(|a| matches!(a, A::RunAway { .. })));
    assert!(legal.contains(&A::EndActions));
}
