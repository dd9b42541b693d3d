//! Rule scenarios for a red-side-up Tremendous monster holding a character (seed 002 8.4.7)
//! that `docs/coverage.md` found without a test (issue 5): it cannot be lured away, and the
//! character it holds cannot run away nor play his horse. Built as in
//! `mr_tremendous_hirelings.rs`: all dice 1, the T Serpent wounds the Berserker in round 1
//! and holds him from round 2.

use crate::spells_common::{dice, here, monster, pass_once, piece, start, Game, S0};
use serde_json::json;
use tabletop_rules::engine::{Event, Seat};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::combat::{self, CombatStage, ManeuverPlay};
use tabletop_rules::magic_realm::pieces::Facing;

const AMAZON: Seat = Seat(1);

fn stage(g: &Game) -> Option<CombatStage> {
    combat::current(g.state()).map(|c| c.stage)
}

fn round(g: &Game) -> u16 {
    combat::current(g.state()).map_or(0, |c| c.round)
}

/// Passes until round `n` of combat reaches stage `want`.
fn at(g: &mut Game, n: u16, want: CombatStage, log: &mut Vec<Event<E>>) {
    for _ in 0..120 {
        if round(g) == n && stage(g) == Some(want) {
            return;
        }
        pass_once(g, log);
    }
    panic!("round {n} {want:?} never came");
}

/// The Berserker riding a workhorse, the hidden Amazon and the T Serpent.
fn held_berserker() -> Game {
    start(json!({"seats": [
            {"character": "berserker", "at": here(), "hidden": false,
             "belongings": [{"piece": {"kind": "horse", "id": "workhorse-t8-h6"}}]},
            {"character": "amazon", "at": here(), "hidden": true}],
        "pieces": [monster("t-serpent")], "at": "sunset", "dice": dice(1, 300)}))
}

#[test]
fn rule_8_4_7_a_red_side_up_tremendous_monster_cannot_be_lured_away() {
    let mut g = held_berserker();
    let mut log = Vec::new();
    let lure = A::Lure {
        denizen: piece("t-serpent"),
    };
    // Round 1: the Amazon could lure it (she passes; it is assigned to the Berserker).
    at(&mut g, 1, CombatStage::Luring, &mut log);
    let mut offered_in_round_1 = false;
    for _ in 0..10 {
        if stage(&g) != Some(CombatStage::Luring) {
            break;
        }
        offered_in_round_1 |= g.legal_actions(AMAZON).contains(&lure);
        pass_once(&mut g, &mut log);
    }
    assert!(
        offered_in_round_1,
        "not yet holding anyone, it can be lured"
    );
    for _ in 0..120 {
        if round(&g) == 2 {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    assert!(log.iter().any(|e| matches!(&e.detail,
        E::Holding { monster, seat: S0 } if *monster == piece("t-serpent"))));
    assert_eq!(
        g.state()
            .piles
            .find(&piece("t-serpent"))
            .map(|(_, c)| c.facing),
        Some(Facing::Dark)
    );
    // Round 2: it holds the Berserker; no one may lure it.
    for _ in 0..10 {
        if stage(&g) != Some(CombatStage::Luring) {
            break;
        }
        assert!(!g.legal_actions(AMAZON).contains(&lure));
        assert!(!g.legal_actions(S0).contains(&lure));
        pass_once(&mut g, &mut log);
    }
    assert_eq!(
        combat::current(g.state()).and_then(|c| c.sheet_of(&piece("t-serpent"))),
        Some(S0)
    );
}

#[test]
fn rule_8_4_7_the_character_it_holds_cannot_run_away_nor_maneuver_with_his_horse() {
    let mut g = held_berserker();
    let mut log = Vec::new();
    let horse = |legal: &[A]| {
        legal.iter().any(|a| {
            matches!(
                a,
                A::PlayManeuver {
                    with: ManeuverPlay::Horse { .. },
                    ..
                }
            )
        })
    };
    // Round 1 Melee Step: his horse is his to play. Round 2: held (its red side moves at
    // 5; his Move H4** chits would be fast enough to run).
    at(&mut g, 1, CombatStage::Luring, &mut log);
    let (mut horse_in_round_1, mut saw_actions) = (false, false);
    for _ in 0..200 {
        if round(&g) > 2 || combat::current(g.state()).is_none() {
            break;
        }
        if round(&g) == 1 && stage(&g) == Some(CombatStage::Plays) {
            horse_in_round_1 |= horse(&g.legal_actions(S0));
        }
        if round(&g) == 2 {
            let legal = g.legal_actions(S0);
            assert!(!legal
                .iter()
                .any(|a| matches!(a, A::RunAway { .. } | A::FlyAway { .. })));
            assert!(!horse(&legal), "no horse while held");
            if stage(&g) == Some(CombatStage::Plays) && g.to_act().seats().contains(&S0) {
                saw_actions = true;
                assert!(
                    legal.iter().any(|a| matches!(
                        a,
                        A::PlayManeuver {
                            with: ManeuverPlay::Chit { .. },
                            ..
                        }
                    )),
                    "he may still wriggle with a Move chit"
                );
            }
        }
        pass_once(&mut g, &mut log);
    }
    assert!(horse_in_round_1, "round 1: the horse may maneuver");
    assert!(saw_actions, "round 2 reached his plays");
}
