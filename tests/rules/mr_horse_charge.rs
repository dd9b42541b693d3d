//! Rule scenarios for charging on a horse (rule 8.3.6, with the round summary's seed 004
//! #6b): a rider charges with his active horse, galloping or walking, in place of a Move
//! chit; the charge binds his target with the time of the side played; a horse played
//! galloping in the Encounter Step turns over at the start of the Melee Step (8.4.1), so he
//! maneuvers with it walking; a horse played walking does not turn.

use crate::spells_common::{dice, here, pass_once, start, until, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::combat::{self, CombatStage, CombatTarget, ManeuverPlay};
use tabletop_rules::magic_realm::pieces::PieceId;

fn horse(id: &str) -> PieceId {
    serde_json::from_value(json!({"kind": "horse", "id": id})).unwrap()
}

/// The Amazon (Medium) with `belongings`, and the Swordsman, both unhidden in Oak Woods 2
/// at Sunset.
fn amazon_and_swordsman(belongings: Value) -> Game {
    start(json!({"seats": [
        {"character": "amazon", "at": here(), "hidden": false, "belongings": belongings},
        {"character": "swordsman", "at": here(), "hidden": false}],
        "at": "sunset", "dice": dice(1, 200)}))
}

/// The Amazon riding `id`.
fn rider(id: &str) -> Game {
    amazon_and_swordsman(json!([{"piece": {"kind": "horse", "id": id}}]))
}

fn stage(g: &Game) -> Option<CombatStage> {
    combat::current(g.state()).map(|c| c.stage)
}

/// Passes until the Amazon's Deployment turn.
fn to_deployment(g: &mut Game, log: &mut Vec<Event<E>>) {
    for _ in 0..40 {
        if stage(g) == Some(CombatStage::Deployment) && g.to_act().seats().contains(&S0) {
            return;
        }
        pass_once(g, log);
    }
    panic!("the Amazon's Deployment never came");
}

fn horse_charges(legal: &[A]) -> Vec<A> {
    legal
        .iter()
        .filter(|a| matches!(a, A::ChargeOnHorse { .. }))
        .cloned()
        .collect()
}

fn runs(g: &Game, seat: Seat) -> bool {
    g.legal_actions(seat)
        .iter()
        .any(|a| matches!(a, A::RunAway { .. }))
}

/// Passes through the Encounter Step's actions; true if the Swordsman was ever offered a
/// run.
fn through_actions(g: &mut Game, log: &mut Vec<Event<E>>) -> bool {
    let mut ran = false;
    for _ in 0..40 {
        if stage(g).is_none_or(|s| s > CombatStage::Actions) {
            return ran;
        }
        ran |= runs(g, S1);
        pass_once(g, log);
    }
    panic!("the Encounter Step never ended");
}

/// Passes until the Amazon plays her attack and maneuver, she aiming at the Swordsman; the
/// horse sides she may maneuver on (galloping when true).
fn maneuver_sides(g: &mut Game, log: &mut Vec<Event<E>>) -> Vec<bool> {
    for _ in 0..40 {
        if stage(g) == Some(CombatStage::Plays) && g.to_act().seats().contains(&S0) {
            let mut sides: Vec<bool> = g
                .legal_actions(S0)
                .iter()
                .filter_map(|a| match a {
                    A::PlayManeuver {
                        with: ManeuverPlay::Horse { galloping },
                        ..
                    } => Some(*galloping),
                    _ => None,
                })
                .collect();
            sides.sort();
            sides.dedup();
            return sides;
        }
        // She attacks the Swordsman (else nobody attacks and combat ends).
        let aim = A::SelectTarget {
            target: CombatTarget::Character { seat: S1 },
        };
        if g.to_act().seats().contains(&S0) && g.legal_actions(S0).contains(&aim) {
            log.extend(g.apply(S0, aim).unwrap());
            continue;
        }
        pass_once(g, log);
    }
    panic!("the Amazon's plays never came");
}

fn turned(log: &[Event<E>]) -> Vec<(Seat, PieceId)> {
    log.iter()
        .filter_map(|e| match &e.detail {
            E::HorseTurnedOver { seat, horse } => Some((*seat, horse.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn rule_8_3_6_a_rider_charges_on_his_horse_galloping_and_it_turns_over_at_the_melee_step() {
    // The Amazon rides the M5/M2 pony. Galloping (time 2) it binds the Swordsman: none of
    // his Move chits (times 4, 3, 3, 2) is faster, so he cannot run away (8.3.7 a.1).
    let mut g = rider("pony-m5-m2");
    let mut log = Vec::new();
    to_deployment(&mut g, &mut log);
    let charge = A::ChargeOnHorse {
        target: S1,
        galloping: true,
    };
    g.apply(S0, charge).map(|e| log.extend(e)).unwrap();
    assert!(log.iter().any(|e| e.detail
        == E::ChargedOnHorse {
            seat: S0,
            target: S1,
            galloping: true
        }));
    let c = combat::current(g.state()).unwrap();
    assert_eq!(c.charged_by(S0), Some(S1), "8.3.6 b.2: his target");
    assert!(c.acted.contains(&S0), "8.3.6 b.1: his action");
    assert_eq!(c.horse_sides.get(&S0), Some(&true));
    assert!(turned(&log).is_empty(), "not before the Melee Step");
    assert!(
        !through_actions(&mut g, &mut log),
        "the galloping pony's time 2 binds him"
    );
    // Seed 004, 8.4.1: at the Melee Step the galloping pony turns over, once.
    assert_eq!(turned(&log), vec![(S0, horse("pony-m5-m2"))]);
    let c = combat::current(g.state()).unwrap();
    assert_eq!(c.horse_sides.get(&S0), Some(&false), "walking side up");
    assert_eq!(
        maneuver_sides(&mut g, &mut log),
        vec![false],
        "she maneuvers on the walking side only"
    );
    assert_eq!(turned(&log).len(), 1);
}

#[test]
fn rule_8_3_6_a_horse_played_walking_to_charge_does_not_turn_over() {
    // Walking (time 5), the pony binds nothing: the Swordsman's Move chits (time 4 and
    // less) are faster, and he may run away.
    let mut g = rider("pony-m5-m2");
    let mut log = Vec::new();
    to_deployment(&mut g, &mut log);
    g.apply(
        S0,
        A::ChargeOnHorse {
            target: S1,
            galloping: false,
        },
    )
    .map(|e| log.extend(e))
    .unwrap();
    assert_eq!(
        combat::current(g.state()).unwrap().horse_sides.get(&S0),
        Some(&false)
    );
    assert!(
        through_actions(&mut g, &mut log),
        "the walking pony's time 5"
    );
    // He did not run (everyone passed): the Melee Step comes and the pony stays walking.
    assert_eq!(
        maneuver_sides(&mut g, &mut log),
        vec![false],
        "played walking, it stays walking side up"
    );
    assert!(
        turned(&log).is_empty(),
        "a walking horse does not turn over"
    );
}

#[test]
fn rule_8_4_5_a_horse_not_played_in_the_encounter_step_maneuvers_on_either_side() {
    // Without a horse charge nothing is fixed: the 8.4.5 ruling (he chooses the side).
    let mut g = rider("pony-m5-m2");
    let mut log = Vec::new();
    through_actions(&mut g, &mut log);
    assert!(combat::current(g.state()).unwrap().horse_sides.is_empty());
    assert_eq!(maneuver_sides(&mut g, &mut log), vec![false, true]);
    assert!(turned(&log).is_empty());
}

#[test]
fn rule_8_3_6_a_rider_charges_on_a_side_that_carries_him_and_an_illegal_charge_changes_nothing() {
    // The M5/L3 pony: its galloping side (Light) cannot carry the Medium Amazon (4.3.8a).
    let mut g = rider("pony-m5-l3");
    let mut log = Vec::new();
    to_deployment(&mut g, &mut log);
    assert_eq!(
        horse_charges(&g.legal_actions(S0)),
        vec![A::ChargeOnHorse {
            target: S1,
            galloping: false
        }]
    );
    let before = g.state().clone();
    let gallop = A::ChargeOnHorse {
        target: S1,
        galloping: true,
    };
    assert!(g.apply(S0, gallop).is_err());
    assert_eq!(g.state(), &before, "a refused charge changes nothing");
    // Nor may she charge herself.
    assert!(g
        .apply(
            S0,
            A::ChargeOnHorse {
                target: S0,
                galloping: false
            }
        )
        .is_err());
    assert_eq!(g.state(), &before);
}

#[test]
fn rule_8_3_6_a_led_horse_is_not_his_to_charge_on() {
    // Her pony is inactive (led, a pack horse): no charge on it; her Move chits charge.
    let mut g = amazon_and_swordsman(
        json!([{"piece": {"kind": "horse", "id": "pony-m5-m2"}, "active": false}]),
    );
    let mut log = Vec::new();
    to_deployment(&mut g, &mut log);
    let legal = g.legal_actions(S0);
    assert!(horse_charges(&legal).is_empty());
    assert!(legal
        .iter()
        .any(|a| matches!(a, A::Charge { target: S1, .. })));
    let before = g.state().clone();
    assert!(g
        .apply(
            S0,
            A::ChargeOnHorse {
                target: S1,
                galloping: true
            }
        )
        .is_err());
    assert_eq!(g.state(), &before);
}

#[test]
fn rule_8_3_6_a_rider_may_still_charge_with_a_move_chit_in_the_basic_game() {
    // 10.D.3 (Riding Horses, optional) would make the horse his only move piece; the basic
    // rules let a rider play a Move chit instead (8.3.7), so both are his to choose.
    let mut g = rider("pony-m5-m2");
    let mut log = Vec::new();
    to_deployment(&mut g, &mut log);
    let legal = g.legal_actions(S0);
    assert_eq!(horse_charges(&legal).len(), 2, "walking and galloping");
    assert!(legal
        .iter()
        .any(|a| matches!(a, A::Charge { target: S1, .. })));
    // Charging on the horse is his action: no Move-chit charge after it.
    let c = A::ChargeOnHorse {
        target: S1,
        galloping: true,
    };
    until(&mut g, S0, &c, &mut log);
    assert!(!g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::Charge { .. } | A::ChargeOnHorse { .. })));
}

#[test]
fn rule_8_3_6_b1_the_denizens_on_his_sheet_do_not_limit_a_horse_charge() {
    // A Giant Bat (move time 3 or 2) lured onto her sheet would stop her pony (time 5 or
    // 2) from running away (8.3.7 a.1), but not from charging on either side.
    let mut g = start(json!({"seats": [
        {"character": "amazon", "at": here(), "hidden": false,
         "belongings": [{"piece": {"kind": "horse", "id": "pony-m5-m2"}}]},
        {"character": "swordsman", "at": here(), "hidden": false}],
        "pieces": [crate::spells_common::monster("giant-bat")],
        "at": "sunset", "dice": dice(1, 200)}));
    let mut log = Vec::new();
    let bat = crate::spells_common::piece("giant-bat");
    until(
        &mut g,
        S0,
        &A::Lure {
            denizen: bat.clone(),
        },
        &mut log,
    );
    to_deployment(&mut g, &mut log);
    let c = combat::current(g.state()).unwrap();
    assert!(c.sheets.get(&S0).is_some_and(|s| s.contains(&bat)));
    assert_eq!(horse_charges(&g.legal_actions(S0)).len(), 2);
}

#[test]
fn rule_8_3_6_b1_held_by_a_red_side_up_tremendous_monster_he_cannot_charge_on_his_horse() {
    // As in mr_seed_gaps_tremendous.rs: all dice 1, the T Serpent hits the Berserker (on
    // his T8/H6 workhorse) in round 1 and holds him, red side up, from round 2.
    let mut g = start(json!({"seats": [
            {"character": "berserker", "at": here(), "hidden": false,
             "belongings": [{"piece": {"kind": "horse", "id": "workhorse-t8-h6"}}]},
            {"character": "amazon", "at": here(), "hidden": false}],
        "pieces": [crate::spells_common::monster("t-serpent")],
        "at": "sunset", "dice": dice(1, 300)}));
    let mut log = Vec::new();
    let serpent = crate::spells_common::piece("t-serpent");
    let (mut free, mut held) = (false, false);
    for _ in 0..200 {
        let Some(c) = combat::current(g.state()) else {
            break;
        };
        if c.round > 2 {
            break;
        }
        if c.stage == CombatStage::Deployment {
            // His options whether or not his turn has come (a turn with nothing to do
            // passes by itself).
            let cat = tabletop_rules::magic_realm::game::data().unwrap();
            let offered =
                !horse_charges(&combat::encounter::options(cat, g.state(), c, S0)).is_empty();
            if c.holding.get(&serpent) == Some(&S0) {
                held = true;
                assert!(!offered, "held, he cannot charge (8.3.6 b.1)");
            } else {
                free = true;
                assert!(offered, "round 1, not yet held: he may charge on his horse");
            }
        }
        pass_once(&mut g, &mut log);
    }
    assert!(free && held, "free {free}, held {held}");
}
