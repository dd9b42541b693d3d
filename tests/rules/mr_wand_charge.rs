//! Rule scenarios for the Magic Wand on the Demons' and the Imp's spell strikes (8.4.7; the
//! Wand's card: "Control red die on spell rolls"), with forced dice.

use crate::spells_common::*;
use serde_json::{json, Value};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::tables::{Curse, PitResult};
use tabletop_rules::magic_realm::combat::{self, CombatStage, CombatTarget};

fn wand() -> Value {
    json!({"piece": {"kind": "treasure", "id": "magic-wand"}})
}

/// Passes until `seat` is offered the red die (or `limit` steps go by); whether he is.
fn until_red_die(
    g: &mut Game,
    seat: tabletop_rules::engine::Seat,
    log: &mut Vec<tabletop_rules::engine::Event<E>>,
) -> bool {
    for _ in 0..60 {
        if g.legal_actions(seat)
            .contains(&A::ChooseRedDie { value: 1 })
        {
            return true;
        }
        if g.to_act().seats().is_empty() || combat::current(g.state()).is_none() {
            return false;
        }
        pass_once(g, log);
    }
    false
}

#[test]
fn rule_8_4_7_the_magic_wand_sets_the_red_die_of_a_demon_s_power_of_the_pit_roll() {
    // Every die 5: the Demon keeps its light (spell) side and strikes the Sorceror, who
    // plays no maneuver; a roll of 5 would be Forget. With the Wand he sets the red die to
    // 6 before the Melee Step: the roll is 6 and 5, Rust.
    let sorceror = json!({"character": "sorceror", "at": here(), "hidden": false,
        "belongings": [wand()]});
    let mut g = start(json!({"seats": [sorceror], "pieces": [monster("demon")],
        "at": "sunset", "dice": dice(5, 40)}));
    let mut log = Vec::new();
    assert!(
        until_red_die(&mut g, S0, &mut log),
        "he is asked for the red die"
    );
    assert_eq!(
        g.legal_actions(S0),
        (1..=6)
            .map(|value| A::ChooseRedDie { value })
            .collect::<Vec<_>>()
    );
    assert_eq!(
        combat::current(g.state()).map(|c| c.stage),
        Some(CombatStage::Targets),
        "asked before the plays"
    );
    assert!(
        !details(&log)
            .iter()
            .any(|d| matches!(d, E::PitRolled { .. })),
        "no roll yet"
    );
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, A::ChooseRedDie { value: 7 }).is_err());
    assert!(g.apply(S0, A::ChooseRedDie { value: 0 }).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    log.extend(g.apply(S0, A::ChooseRedDie { value: 6 }).unwrap());
    assert!(
        !g.legal_actions(S0).contains(&A::ChooseRedDie { value: 6 }),
        "asked once"
    );
    for _ in 0..40 {
        if details(&log)
            .iter()
            .any(|d| matches!(d, E::PitRolled { .. }))
        {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    let pit: Vec<_> = log
        .iter()
        .filter(|e| matches!(e.detail, E::PitRolled { .. }))
        .collect();
    assert_eq!(pit.len(), 1, "the Demon strikes once");
    assert!(matches!(
        pit[0].detail,
        E::PitRolled {
            target: CombatTarget::Character { seat: S0 },
            result: PitResult::Rust
        }
    ));
    assert!(pit[0].text.contains("[6, 5]"), "{}", pit[0].text);
    assert!(
        combat::current(g.state()).is_none_or(|c| c.red_strikes.is_empty()),
        "the choice lasts the round only"
    );
}

#[test]
fn rule_8_4_7_the_magic_wand_sets_the_red_die_of_the_imp_s_curses_roll() {
    // Every die 5: the Imp keeps its light (Curse) side and strikes the Sorceror; a roll of
    // 5 would be Ashes. He sets the red die to 6: Disgust.
    let sorceror = json!({"character": "sorceror", "at": here(), "hidden": false,
        "belongings": [wand()]});
    let mut g = start(json!({"seats": [sorceror], "pieces": [monster("imp")],
        "at": "sunset", "dice": dice(5, 40)}));
    let mut log = Vec::new();
    assert!(
        until_red_die(&mut g, S0, &mut log),
        "he is asked for the red die"
    );
    log.extend(g.apply(S0, A::ChooseRedDie { value: 6 }).unwrap());
    for _ in 0..40 {
        if details(&log).iter().any(|d| matches!(d, E::Cursed { .. })) {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    let curses: Vec<&E> = details(&log)
        .into_iter()
        .filter(|d| matches!(d, E::Cursed { .. }))
        .collect();
    assert_eq!(
        curses,
        vec![&E::Cursed {
            seat: S0,
            curse: Curse::Disgust
        }]
    );
}

#[test]
fn rule_8_4_7_only_the_wand_holder_the_demon_attacks_is_asked() {
    // The hidden Sorceror holds the Wand, but the Demon is assigned to the Swordsman: no
    // red die is asked of anyone, and the Swordsman's roll of 5 is Forget.
    let sorceror = json!({"character": "sorceror", "at": here(), "hidden": true,
        "belongings": [wand()]});
    let swordsman = json!({"character": "swordsman", "at": here(), "hidden": false});
    let mut g = start(
        json!({"seats": [sorceror, swordsman], "pieces": [monster("demon")],
        "at": "sunset", "dice": dice(5, 60)}),
    );
    let mut log = Vec::new();
    for _ in 0..60 {
        if details(&log)
            .iter()
            .any(|d| matches!(d, E::PitRolled { .. }))
        {
            break;
        }
        for seat in [S0, S1] {
            assert!(
                !g.legal_actions(seat)
                    .iter()
                    .any(|a| matches!(a, A::ChooseRedDie { .. })),
                "nobody is asked"
            );
        }
        pass_once(&mut g, &mut log);
    }
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::PitRolled {
            target: CombatTarget::Character { seat: S1 },
            result: PitResult::Forget
        }
    )));
}

#[test]
fn rule_8_4_7_an_inactive_wand_sets_no_red_die() {
    // The Wand carried inactive: he is not asked, and the roll of 5 is Forget.
    let sorceror = json!({"character": "sorceror", "at": here(), "hidden": false,
        "belongings": [{"piece": {"kind": "treasure", "id": "magic-wand"}, "active": false}]});
    let mut g = start(json!({"seats": [sorceror], "pieces": [monster("demon")],
        "at": "sunset", "dice": dice(5, 40)}));
    let mut log = Vec::new();
    assert!(!until_red_die(&mut g, S0, &mut log), "he is not asked");
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::PitRolled {
            target: CombatTarget::Character { seat: S0 },
            result: PitResult::Forget
        }
    )));
}
