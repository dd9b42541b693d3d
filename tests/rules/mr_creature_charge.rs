//! Rule scenarios for charging with a flying creature's values (8.3.6 b.4, 4.6.8): a
//! character transmorphized into a flying beast charges with its flying values like move
//! values, staying in the clearing; a walking beast cannot charge.

use crate::spells_common::*;
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::combat::{self, CombatStage};
use tabletop_rules::magic_realm::day::flying::FlySource;

/// The Sorceror transformed (by his own Transform, in effect) into the creature the
/// Transform Table gives for `roll` (2 Lion, 3 Eagle, 4 Bird), carrying `belongings`; the
/// Amazon (Move chits of time 3 and 4; her Lucky Charm active, so that she always has an
/// Encounter choice to make) shares his clearing.
fn sorceror_as(roll: u8, belongings: Value) -> Game {
    let spell = json!({"caster": 0, "spell": "transform", "spellBox": 0, "chit": 8,
        "aims": [{"aim": "character", "seat": 0}], "until": {"at": "never"}, "value": roll});
    let sorceror = json!({"character": "sorceror", "at": here(), "hidden": false,
        "spells": ["transform"], "belongings": belongings});
    let amazon = json!({"character": "amazon", "at": here(), "hidden": false,
        "belongings": [{"piece": {"kind": "treasure", "id": "lucky-charm"}}]});
    start(
        json!({"seats": [sorceror, amazon], "spells": [spell], "day": 2,
        "at": "sunset", "dice": dice(1, 80)}),
    )
}

/// Passes until `seat` is to act in `stage` of round 1.
fn to_stage(g: &mut Game, seat: Seat, stage: CombatStage, log: &mut Vec<Event<E>>) {
    for _ in 0..40 {
        if combat::current(g.state()).is_some_and(|c| c.stage == stage && c.round == 1)
            && g.to_act().seats().contains(&seat)
        {
            return;
        }
        pass_once(g, log);
    }
    let texts: Vec<&String> = log.iter().map(|e| &e.text).collect();
    panic!("{seat} never acted in {stage:?}: {texts:#?}");
}

fn creature_charge() -> A {
    A::ChargeFlying {
        target: S1,
        with: FlySource::Creature,
    }
}

fn runs(g: &Game, seat: Seat) -> bool {
    g.legal_actions(seat)
        .iter()
        .any(|a| matches!(a, A::RunAway { .. }))
}

#[test]
fn rule_8_3_6_b4_a_flying_creature_charges_with_its_flying_values() {
    // The Eagle flies in 2. Charged, the Amazon cannot run: her Move chits (3 and 4) are
    // not faster than the Eagle's time. The Sorceror stays in the clearing.
    let mut g = sorceror_as(3, json!([]));
    let mut log = Vec::new();
    to_stage(&mut g, S0, CombatStage::Deployment, &mut log);
    assert_eq!(g.legal_actions(S0), [creature_charge(), A::EndDeployment]);
    log.extend(g.apply(S0, creature_charge()).unwrap());
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::ChargedFlying {
            seat: S0,
            target: S1,
            with: FlySource::Creature
        }
    )));
    let here = tabletop_rules::magic_realm::day::who::clearing(g.state(), S0);
    assert_eq!(
        here,
        combat::current(g.state()).map(|c| c.at),
        "he stays in the clearing"
    );
    to_stage(&mut g, S1, CombatStage::Actions, &mut log);
    assert!(!runs(&g, S1), "the Eagle's time binds the Amazon");
    assert_eq!(
        combat::current(g.state()).and_then(|c| c.charged_by(S0)),
        Some(S1),
        "his charge stands for the round (8.3.6 b.2)"
    );
}

#[test]
fn rule_8_3_6_b4_uncharged_the_amazon_runs() {
    // The same clearing without the charge: her Move chits are free to run.
    let mut g = sorceror_as(3, json!([]));
    let mut log = Vec::new();
    to_stage(&mut g, S0, CombatStage::Deployment, &mut log);
    log.extend(g.apply(S0, A::EndDeployment).unwrap());
    to_stage(&mut g, S1, CombatStage::Actions, &mut log);
    assert!(runs(&g, S1));
}

#[test]
fn rule_8_3_6_b4_a_creature_s_flying_values_carry_his_frozen_belongings() {
    // The Bird (flying strength Light) charges though he carries a Heavy Great Sword: a
    // creature's own flying values carry his frozen belongings (4.6.8b).
    let sword = json!([{"piece": {"kind": "weapon", "id": "great-sword", "n": 0}}]);
    let mut g = sorceror_as(4, sword);
    let mut log = Vec::new();
    to_stage(&mut g, S0, CombatStage::Deployment, &mut log);
    assert!(g.legal_actions(S0).contains(&creature_charge()));
}

#[test]
fn rule_8_3_6_b4_a_walking_creature_cannot_charge() {
    // The Lion walks the woods: no flying values, no Move chits (frozen): he is offered no
    // charge in the Deployment (it passes him by), and a charge with flying values he lacks
    // is refused, leaving the state unchanged.
    let mut g = sorceror_as(2, json!([]));
    let mut log = Vec::new();
    for _ in 0..40 {
        let stage = combat::current(g.state()).map(|c| c.stage);
        if stage == Some(CombatStage::Actions) && g.to_act().seats().contains(&S0) {
            break;
        }
        assert!(
            !g.legal_actions(S0).iter().any(|a| matches!(
                a,
                A::Charge { .. } | A::ChargeFlying { .. } | A::ChargeInBoots { .. }
            )),
            "no charge in {stage:?}"
        );
        pass_once(&mut g, &mut log);
    }
    assert!(!details(&log)
        .iter()
        .any(|d| matches!(d, E::ChargedFlying { .. } | E::Charged { .. })));
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, creature_charge()).is_err());
    assert!(g
        .apply(
            S0,
            A::Charge {
                target: S1,
                chit: 0
            }
        )
        .is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}
