//! Rule scenarios for the Berserker's BERSERK advantage (List of Characters; rules 2.5.5,
//! 4.2.2, 4.2.4a, 7.9, 8.4.9, 8.9), each built from a scenario and named by its rule.

use serde_json::{json, Value};
use tabletop_rules::engine::{Seat, Seed, Session};
use tabletop_rules::magic_realm::actions::MagicRealmAction as A;
use tabletop_rules::magic_realm::catalog::characters::ChitKind;
use tabletop_rules::magic_realm::catalog::common::Size;
use tabletop_rules::magic_realm::combat::{self, CombatStage};
use tabletop_rules::magic_realm::day::berserk;
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::state::{ChitStatus, Step};
use tabletop_rules::magic_realm::MagicRealm;

type Game = Session<MagicRealm>;
const S0: Seat = Seat(0);
/// The Berserker's Berserk T4** (his chits in card order).
const BERSERK: u8 = 9;
/// His Fight T4**.
const FIGHT_T4: u8 = 8;

fn start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(5)).expect("the scenario starts");
    crate::daylight_common::take_kept_turns(&mut g);
    g
}

fn here() -> Value {
    json!({"tile": "oak_woods", "clearing": 2})
}

fn vulnerability(g: &Game) -> Size {
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    combat::fighters::character(cat, g.state(), S0, None)
        .0
        .vulnerability
}

fn to_next_birdsong(g: &mut Game) {
    for _ in 0..200 {
        if matches!(g.state().step, Step::Birdsong { day: 2 }) {
            return;
        }
        let Some(seat) = g.to_act().seats().first().copied() else {
            return;
        };
        let legal = g.legal_actions(seat);
        let action = if legal.contains(&A::Proceed) {
            Some(A::Proceed)
        } else {
            combat::passing(&legal)
        };
        let Some(action) = action else {
            return;
        };
        g.apply(seat, action).expect("the day proceeds");
    }
}

#[test]
fn rule_4_2_2_the_berserker_alerts_his_berserk_chit_and_is_tremendous_until_midnight() {
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let mut g = start(json!({"seats": [{"character": "berserker", "at": here(),
        "record": [{"activity": "alert"}]}], "at": "daylight", "dice": [1]}));
    assert_eq!(vulnerability(&g), Size::Heavy, "his card's letter");
    // 7.9: his Alert phase offers the Berserk chit (he has no Magic chit, no weapon here).
    assert!(g
        .legal_actions(S0)
        .contains(&A::AlertChit { chit: BERSERK }));
    g.apply(S0, A::AlertChit { chit: BERSERK }).unwrap();
    assert!(berserk::is_berserk(cat, g.state(), S0));
    assert_eq!(
        g.state().seats[0].chits[usize::from(BERSERK)],
        ChitStatus::Fresh
    );
    // 8.4.9: a hit on his body now kills him only with Tremendous harm.
    assert_eq!(vulnerability(&g), Size::Tremendous);
    // 8.9: at Midnight the alerted chit fatigues and the frenzy ends.
    to_next_birdsong(&mut g);
    assert!(matches!(g.state().step, Step::Birdsong { day: 2 }));
    assert_eq!(
        g.state().seats[0].chits[usize::from(BERSERK)],
        ChitStatus::Fatigued
    );
    assert!(!berserk::is_berserk(cat, g.state(), S0));
    assert_eq!(vulnerability(&g), Size::Heavy);
}

#[test]
fn rule_2_5_5_only_the_berserker_may_go_berserk() {
    // Another character's Alert phase offers no such chit; the Swordsman has none.
    let g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "record": [{"activity": "alert"}]}], "at": "daylight", "dice": [1]}));
    assert!(!g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::AlertChit { .. })));
}

#[test]
fn rule_4_2_2_the_berserk_chit_neither_attacks_nor_turns_a_weapon_in_combat() {
    // 2.5.5, 4.2.2: Fight chits attack and turn weapons; the Berserk chit causes a
    // fighting frenzy. His Fight T4** may turn the Great Axe, his Berserk T4** may not.
    let axe = json!({"kind": "weapon", "id": "great-axe", "n": 0});
    let g = start(json!({"seats": [{"character": "berserker", "at": here(),
        "belongings": [{"piece": axe}]}], "at": "sunset"}));
    assert_eq!(
        combat::current(g.state()).map(|c| c.stage),
        Some(CombatStage::Actions)
    );
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&A::TurnWeapon { chit: FIGHT_T4 }));
    assert!(!legal.contains(&A::TurnWeapon { chit: BERSERK }));
    assert_eq!(
        ChitKind::Berserk {
            strength: Size::Tremendous
        }
        .fight_strength(),
        None,
        "never played as a Fight chit to attack"
    );
}
