//! Rule scenarios for the Withered Claw (rule 4.4.3 with 4.6.7; the List of Treasures'
//! "Roll to get WISH and CURSE"): activated, it rolls once on the Wishes Table and once on
//! the Curses Table and goes to the Shaman. Each is built from a scenario with forced dice
//! and named by its rule.

use crate::spells_common::{details, start, Game, S0};
use serde_json::{json, Value};
use tabletop_rules::magic_realm::actions::{
    BelongingChange, MagicRealmAction as A, MagicRealmEvent as E,
};
use tabletop_rules::magic_realm::catalog::tables::{Curse, Wish};
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::state::Pending;

const CLAW: &str = "withered-claw";

fn treasure(id: &str) -> PieceId {
    serde_json::from_value(json!({"kind": "treasure", "id": id})).unwrap()
}

fn card(id: &str, active: bool) -> Value {
    json!({"piece": {"kind": "treasure", "id": id}, "active": active})
}

fn activate(id: &str) -> A {
    A::Rearrange {
        piece: treasure(id),
        change: BelongingChange::Activate,
    }
}

/// The Swordsman at the start of his Hide phase, carrying `belongings`; `dice` come after
/// the first die of the day.
fn holder(belongings: Value, dice: &[u8]) -> Game {
    let mut all = vec![1];
    all.extend_from_slice(dice);
    start(
        json!({"seats": [{"character": "swordsman", "at": {"tile": "oak_woods", "clearing": 2},
        "hidden": false, "belongings": belongings, "record": [{"activity": "hide"}]}],
        "at": "daylight", "dice": all}),
    )
}

fn wishes(log: &[tabletop_rules::engine::Event<E>]) -> Vec<Wish> {
    details(log)
        .into_iter()
        .filter_map(|d| match d {
            E::WishGranted { wish, .. } => Some(*wish),
            _ => None,
        })
        .collect()
}

fn curses(log: &[tabletop_rules::engine::Event<E>]) -> Vec<Curse> {
    details(log)
        .into_iter()
        .filter_map(|d| match d {
            E::Cursed { curse, .. } => Some(*curse),
            _ => None,
        })
        .collect()
}

#[test]
fn rule_4_4_3_the_withered_claw_rolls_once_for_a_wish_and_once_for_a_curse() {
    // Wishes 6 (Strength), then Curses 4 (Ill Health).
    let mut g = holder(json!([card(CLAW, false)]), &[6, 6, 4, 4, 6, 6]);
    let log = g.apply(S0, activate(CLAW)).unwrap();
    assert_eq!(wishes(&log), [Wish::Strength]);
    assert_eq!(curses(&log), [Curse::IllHealth]);
    let me = &g.state().seats[0];
    assert!(me.strength_wish);
    assert!(me.curses.contains(&Curse::IllHealth));
    // 4.4.3b: used at once, it goes to the Shaman's box; his phase is still to be done.
    assert!(!matches!(
        g.state().piles.place_of(&treasure(CLAW)),
        Some(Place::Belongings { .. })
    ));
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::PotionDiscarded { .. })));
    assert_eq!(g.state().today.phase, 0);
    assert!(g.state().today.pending.is_none());
}

#[test]
fn rule_4_4_3_the_withered_claws_wish_is_chosen_before_his_phase() {
    // Wishes 1 (I Wish I Were Elsewhere), Curses 2 (Squeak).
    let mut g = holder(json!([card(CLAW, false)]), &[1, 1, 2, 2, 6, 6]);
    let log = g.apply(S0, activate(CLAW)).unwrap();
    assert_eq!(wishes(&log), [Wish::IWereElsewhere]);
    assert_eq!(curses(&log), [Curse::Squeak]);
    assert!(matches!(
        g.state().today.pending,
        Some(Pending::SpellChoice {
            before_phase: true,
            ..
        })
    ));
    // While the Wish waits, nothing else is done; a wrong answer changes nothing.
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, A::Proceed).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    let to = g
        .legal_actions(S0)
        .into_iter()
        .find_map(|a| match a {
            A::WishTeleport { to }
                if to.tile != tabletop_rules::magic_realm::catalog::tiles::TileId::OakWoods =>
            {
                Some(to)
            }
            _ => None,
        })
        .expect("a clearing to teleport to");
    g.apply(S0, A::WishTeleport { to }).unwrap();
    assert_eq!(
        tabletop_rules::magic_realm::day::who::clearing(g.state(), S0),
        Some(to)
    );
    // His Hide phase is still his to do.
    assert_eq!(g.state().today.phase, 0);
    assert!(g.state().today.pending.is_none());
    assert!(!g.legal_actions(S0).is_empty());
}

#[test]
fn rule_4_4_3_the_withered_claws_rolls_are_no_spells_so_the_magic_wand_does_not_set_them() {
    let mut g = holder(
        json!([card(CLAW, false), card("magic-wand", true)]),
        &[5, 5, 6, 6, 6, 6],
    );
    let log = g.apply(S0, activate(CLAW)).unwrap();
    // Rolled at once: Health, then Disgust; no red die asked.
    assert_eq!(wishes(&log), [Wish::Health]);
    assert_eq!(curses(&log), [Curse::Disgust]);
    assert!(g.state().today.pending.is_none());
    assert!(!g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::ChooseRedDie { .. })));
}

#[test]
fn rule_4_4_3_the_withered_claw_is_used_once() {
    let mut g = holder(json!([card(CLAW, false)]), &[6, 6, 4, 4, 6, 6]);
    g.apply(S0, activate(CLAW)).unwrap();
    assert!(!g.legal_actions(S0).contains(&activate(CLAW)));
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, activate(CLAW)).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}

#[test]
fn rule_4_4_3_the_withered_claw_as_an_encounter_action_asks_its_wish_with_the_rounds_spells() {
    use tabletop_rules::magic_realm::combat::{self, CombatStage};
    // At Sunset with a Wolf; every die a 1: I Wish I Were Elsewhere, and Eyemist.
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": {"tile": "oak_woods", "clearing": 2},
        "belongings": [card(CLAW, false)]}],
        "pieces": [{"piece": {"kind": "monster", "id": "wolf-l4", "n": 0},
            "place": {"place": "clearing", "at": {"tile": "oak_woods", "clearing": 2}}}],
        "at": "sunset", "dice": vec![1; 40]}),
    );
    let stage = |g: &Game| combat::current(g.state()).map(|c| c.stage);
    let use_claw = A::EncounterItem {
        piece: treasure(CLAW),
        change: BelongingChange::Activate,
    };
    for _ in 0..20 {
        if g.legal_actions(S0).contains(&use_claw) {
            break;
        }
        let seat = g.to_act().seats().first().copied().expect("someone acts");
        let pass = combat::passing(&g.legal_actions(seat)).expect("a passing action");
        g.apply(seat, pass).unwrap();
    }
    assert_eq!(stage(&g), Some(CombatStage::Actions));
    let log = g.apply(S0, use_claw).unwrap();
    assert_eq!(wishes(&log), [Wish::IWereElsewhere]);
    assert_eq!(curses(&log), [Curse::Eyemist]);
    // The Wish's clearing is chosen with the round's spell choices, before the Melee Step.
    for _ in 0..20 {
        if stage(&g) == Some(CombatStage::Targets) {
            break;
        }
        let seat = g.to_act().seats().first().copied().expect("someone acts");
        let pass = combat::passing(&g.legal_actions(seat)).expect("a passing action");
        g.apply(seat, pass).unwrap();
    }
    assert!(g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::WishTeleport { .. })));
}
