//! Rule scenarios for Sunset and the Evening (rules 8.1.2, 8.1.3, 8.2.2): the clearings'
//! turns and the Meeting Table rolls for battling natives, each built from a scenario with
//! forced dice and named by its rule.

use serde_json::{json, Value};
use tabletop_rules::engine::{Seat, Seed, Session, ToAct};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::denizens::NativeGroup;
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::state::Step;
use tabletop_rules::magic_realm::MagicRealm;

type Game = Session<MagicRealm>;
const S0: Seat = Seat(0);

fn start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(11)).expect("the scenario starts");
    crate::daylight_common::take_kept_turns(&mut g);
    g
}

fn native(id: &str, clearing: u8) -> Value {
    json!({"piece": {"kind": "native", "id": id},
           "place": {"place": "clearing", "at": {"tile": "oak_woods", "clearing": clearing}}})
}

/// The Swordsman (Neutral to the Bashkars, Friendly to the Rogues) in Oak Woods 2 with two
/// Bashkars and a Rogue, at Sunset (no Sunrise, so no Monster Roll): `dice` are the
/// Meeting Table's.
fn evening(gold: i32, dice: &[u8]) -> Game {
    let all = dice.to_vec();
    start(
        json!({"seats": [{"character": "swordsman", "at": {"tile": "oak_woods", "clearing": 2},
        "gold": gold}],
        "pieces": [native("bashkar-1", 2), native("bashkar-2", 2), native("rogue-1", 2)],
        "at": "sunset", "dice": all}),
    )
}

fn to_act(g: &Game) -> Vec<Seat> {
    match g.to_act() {
        ToAct::Seats { seats } => seats,
        ToAct::GameOver { .. } => Vec::new(),
    }
}

#[test]
fn rule_8_2_2_each_character_rolls_once_for_each_native_group_in_his_clearing() {
    let g = evening(10, &[]);
    assert!(matches!(g.state().step, Step::Evening { .. }));
    assert_eq!(to_act(&g), vec![S0]);
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&A::RollForBattling {
        group: NativeGroup::Bashkars,
        drinks: false
    }));
    assert!(
        legal.contains(&A::RollForBattling {
            group: NativeGroup::Bashkars,
            drinks: true
        }),
        "two gold buys drinks for the two Bashkars"
    );
    assert_eq!(g.state().today.evening.owed.len(), 2, "Bashkars and Rogues");
}

#[test]
fn rule_8_2_2_no_drinks_without_the_gold() {
    let g = evening(1, &[]);
    assert!(!g.legal_actions(S0).contains(&A::RollForBattling {
        group: NativeGroup::Bashkars,
        drinks: true
    }));
}

#[test]
fn rule_8_2_2_block_battle_makes_the_group_battle_him() {
    // Neutral 6: Trouble, again on Unfriendly: 6, Block/Battle. Then the Rogues: 4, Price.
    let mut g = evening(10, &[6, 6, 6, 6, 4, 4]);
    let ev = g
        .apply(
            S0,
            A::RollForBattling {
                group: NativeGroup::Bashkars,
                drinks: false,
            },
        )
        .unwrap();
    assert!(ev.iter().any(|e| matches!(
        e.detail,
        E::NativesBattle {
            group: NativeGroup::Bashkars,
            ..
        }
    )));
    let view = g.view(tabletop_rules::engine::Viewer::Spectator).unwrap();
    assert_eq!(view.today.battling, vec![(S0, NativeGroup::Bashkars)]);
    let ev = g
        .apply(
            S0,
            A::RollForBattling {
                group: NativeGroup::Rogues,
                drinks: false,
            },
        )
        .unwrap();
    assert!(ev.iter().any(|e| matches!(
        e.detail,
        E::NativesDoNotBattle {
            group: NativeGroup::Rogues,
            ..
        }
    )));
    assert!(
        ev.iter().any(|e| matches!(
            e.detail,
            E::EveningInClearing {
                combat_due: true,
                ..
            }
        )),
        "the clearing's combat is handed over with a battling group"
    );
}

#[test]
fn rule_8_2_2_an_unpaid_insult_makes_the_group_battle_him() {
    // Neutral 6: Trouble, again on Unfriendly: 4, Insult.
    let mut g = evening(10, &[6, 6, 4, 4]);
    g.apply(
        S0,
        A::RollForBattling {
            group: NativeGroup::Bashkars,
            drinks: false,
        },
    )
    .unwrap();
    assert_eq!(
        g.legal_actions(S0),
        vec![
            A::BattlingPenalty { pay: true },
            A::BattlingPenalty { pay: false }
        ]
    );
    let notoriety = g.state().seats[0].notoriety;
    g.apply(S0, A::BattlingPenalty { pay: false }).unwrap();
    assert_eq!(g.state().seats[0].notoriety, notoriety);
    assert_eq!(g.state().today.evening.battling.len(), 1);
}

#[test]
fn rule_8_2_2_a_paid_insult_costs_five_notoriety_and_no_battle() {
    let mut g = evening(10, &[6, 6, 4, 4]);
    g.apply(
        S0,
        A::RollForBattling {
            group: NativeGroup::Bashkars,
            drinks: false,
        },
    )
    .unwrap();
    let notoriety = g.state().seats[0].notoriety;
    g.apply(S0, A::BattlingPenalty { pay: true }).unwrap();
    assert_eq!(
        g.state().seats[0].notoriety,
        notoriety.checked_sub(5.into()).unwrap()
    );
    assert!(g.state().today.evening.battling.is_empty());
}

#[test]
fn rule_8_1_3_a_clearing_without_natives_owes_no_roll() {
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": {"tile": "oak_woods", "clearing": 2}}],
        "at": "sunset"}),
    );
    // Two rounds of combat with nobody to fight, in which he may only run away (8.1.3);
    // never a roll for battling natives.
    let mut rounds = 0;
    for _ in 0..20 {
        if !matches!(g.state().step, Step::Evening { .. }) {
            break;
        }
        let legal = g.legal_actions(Seat(0));
        assert!(!legal.iter().any(|a| matches!(a, A::RollForBattling { .. })));
        assert!(legal
            .iter()
            .all(|a| matches!(a, A::RunAway { .. } | A::EndActions)));
        rounds += 1;
        g.apply(Seat(0), A::EndActions).unwrap();
    }
    assert_eq!(rounds, 2, "two uneventful rounds end the combat");
    assert!(
        matches!(g.state().step, Step::Birdsong { day: 2 }),
        "the next day begins"
    );
}
