//! Rule scenarios for flying away in combat (8.3.8e) and the next turn of a character who
//! flew away (e.2), built from scenarios with forced dice.

use crate::spells_common::{details, dice, here, start, Game, S0};
use serde_json::{json, Value};
use tabletop_rules::engine::Event;
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::tiles::TileId;
use tabletop_rules::magic_realm::combat::{self, flying_away, CombatStage};
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{Facing, PieceId, Place};
use tabletop_rules::magic_realm::state::Activity;

fn tile(name: &str) -> TileId {
    serde_json::from_value(json!(name)).unwrap()
}

fn broomstick(until: Value) -> Value {
    json!({"caster": 0, "spell": "broomstick", "spellBox": 0, "chit": 4,
        "aims": [{"aim": "character", "seat": 0}], "until": until})
}

fn giant_bat() -> Value {
    json!({"piece": {"kind": "monster", "id": "giant-bat", "n": 0},
           "place": {"place": "clearing", "at": here()}})
}

fn pony() -> Value {
    json!({"piece": {"kind": "horse", "id": "pony-m5-m4"}})
}

fn flies(g: &Game) -> Vec<A> {
    g.legal_actions(S0)
        .into_iter()
        .filter(|a| matches!(a, A::FlyAway { .. }))
        .collect()
}

/// Passes (Proceed, or the passing combat action) until seat 0 may fly away in the first
/// round's Encounter Step; false if that step passes without it.
fn until_flies(g: &mut Game, log: &mut Vec<Event<E>>) -> bool {
    for _ in 0..80 {
        if !flies(g).is_empty() {
            return true;
        }
        if let Some(c) = combat::current(g.state()) {
            if c.round > 1 || c.stage > CombatStage::Actions {
                return false;
            }
        }
        let Some(who) = g.to_act().seats().first().copied() else {
            return false;
        };
        let legal = g.legal_actions(who);
        let next = if legal.contains(&A::Proceed) {
            A::Proceed
        } else if let Some(p) = combat::passing(&legal) {
            p
        } else {
            return false;
        };
        log.extend(g.apply(who, next).unwrap());
    }
    false
}

#[test]
fn rule_8_3_8e_she_flies_away_on_her_broomstick_leaving_her_horse_and_the_monster() {
    // The Giant Bat light side up moves in 3: her Fly chit (time 1) is faster.
    let mut g = start(
        json!({"seats": [{"character": "witch", "at": here(), "hidden": false,
        "spells": ["broomstick"], "belongings": [pony()]}],
        "spells": [broomstick(json!({"at": "never"}))],
        "pieces": [giant_bat()], "day": 2, "at": "sunset", "dice": dice(1, 40)}),
    );
    let mut log = Vec::new();
    assert!(until_flies(&mut g, &mut log));
    let to = g.state().map.adjacent_tiles(tile("oak_woods"))[0];
    let fly = flies(&g)
        .into_iter()
        .find(|a| matches!(a, A::FlyAway { to: t, .. } if *t == to))
        .unwrap();
    let log = g.apply(S0, fly).unwrap();
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::FlewAway { to: t, .. } if *t == to)));
    let witch = PieceId::Character {
        id: serde_json::from_value(json!("witch")).unwrap(),
    };
    assert_eq!(
        g.state().piles.place_of(&witch),
        Some(&Place::FlownAway {
            from: tile("oak_woods"),
            to
        })
    );
    // 7.3.3: her pony stays in the clearing.
    let pony: PieceId =
        serde_json::from_value(json!({"kind": "horse", "id": "pony-m5-m4"})).unwrap();
    assert_eq!(
        g.state().piles.place_of(&pony),
        Some(&Place::Clearing {
            at: ClearingRef::new(tile("oak_woods"), 2)
        })
    );
    // 4.6.6e: the Fly chit lasts until she lands.
    assert_eq!(g.state().spells.len(), 1);
}

#[test]
fn rule_8_3_8e1_only_a_faster_flying_monster_stops_her_flying_away() {
    // Day 21 supplies Purple: the Wizard's Flying Carpet (M2) is energized. The Octopus
    // (move 2, not flying) would stop any run, but not a flight (e.1); the Giant Bat light
    // side up (3) cannot stop him, dark side up (2, as fast as the carpet) it does.
    let wizard = |monster: &str| {
        start(
            json!({"seats": [{"character": "wizard", "at": here(), "hidden": false,
            "belongings": [{"piece": {"kind": "treasure", "id": "flying-carpet"}}]}],
            "pieces": [{"piece": {"kind": "monster", "id": monster, "n": 0},
                        "place": {"place": "clearing", "at": here()}}],
            "day": 21, "days": 28, "at": "sunset", "dice": dice(1, 40)}),
        )
    };
    let mut log = Vec::new();
    let mut g = wizard("octopus");
    assert!(until_flies(&mut g, &mut log));
    assert!(!g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::RunAway { .. })));
    let mut g = wizard("giant-bat");
    assert!(until_flies(&mut g, &mut log));
    let bat: PieceId =
        serde_json::from_value(json!({"kind": "monster", "id": "giant-bat", "n": 0})).unwrap();
    let mut dark = g.state().clone();
    dark.piles.set_facing(&bat, Facing::Dark);
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let c = combat::current(&dark).unwrap();
    assert!(c.sheets.get(&S0).is_some_and(|s| s.contains(&bat)));
    assert!(flying_away::options(cat, &dark, c, S0).is_empty());
    assert!(
        !flying_away::options(cat, g.state(), combat::current(g.state()).unwrap(), S0).is_empty()
    );
}

#[test]
fn rule_8_3_8e2_after_flying_away_his_turn_starts_with_a_fly_into_either_tile() {
    let oak = tile("oak_woods");
    let probe = start(json!({"seats": [{"character": "witch", "at": here()}]}));
    let to = probe.state().map.adjacent_tiles(oak)[0];
    let mut g = start(
        json!({"seats": [{"character": "witch", "at": here(), "flownAway": to,
        "spells": ["broomstick"]}],
        "spells": [broomstick(json!({"at": "onLanding"}))], "day": 2}),
    );
    let legal = g.legal_actions(S0);
    let mut offered: Vec<TileId> = legal
        .iter()
        .filter_map(|a| match a {
            A::RecordActivity {
                activity: Activity::Fly { to },
            } => Some(*to),
            A::RecordActivity { activity } => panic!("only a Fly, not {activity:?}"),
            _ => None,
        })
        .collect();
    offered.sort();
    let mut both = vec![oak, to];
    both.sort();
    assert_eq!(offered, both);
    assert!(!legal.contains(&A::FinishRecording));
    g.apply(
        S0,
        A::RecordActivity {
            activity: Activity::Fly { to },
        },
    )
    .unwrap();
    assert!(g.legal_actions(S0).contains(&A::FinishRecording));
    // Daylight: the Monster Roll, then her landing roll (every tile has a clearing 2).
    let mut day = start(
        json!({"seats": [{"character": "witch", "at": here(), "flownAway": to,
        "spells": ["broomstick"], "record": [{"activity": "fly", "to": to}]}],
        "spells": [broomstick(json!({"at": "onLanding"}))], "day": 2, "at": "daylight",
        "dice": [1, 2]}),
    );
    let log = day.apply(S0, A::Proceed).unwrap();
    let d = details(&log);
    assert!(d.iter().any(|e| matches!(e, E::Flew { with: None, .. })));
    assert!(d
        .iter()
        .any(|e| matches!(e, E::Landed { at, .. } if *at == ClearingRef::new(to, 2))));
    assert!(
        day.state().spells.is_empty(),
        "the Fly chit expired as she landed"
    );
}

#[test]
fn rule_4_6_6e_a_fly_chit_played_to_maneuver_expires_at_the_end_of_the_melee_step() {
    use crate::spells_common::until;
    use tabletop_rules::magic_realm::combat::melee::Lane;
    use tabletop_rules::magic_realm::combat::ManeuverPlay;
    use tabletop_rules::magic_realm::state::ChitStatus;
    let mut g = start(
        json!({"seats": [{"character": "witch", "at": here(), "hidden": false,
        "spells": ["broomstick"]}],
        "spells": [broomstick(json!({"at": "never"}))],
        "pieces": [giant_bat()], "day": 2, "at": "sunset", "dice": dice(2, 60)}),
    );
    let mut log = Vec::new();
    let play = A::PlayManeuver {
        with: ManeuverPlay::Fly {
            caster: S0,
            spell_box: 0,
        },
        lane: Lane::ALL[0],
    };
    until(&mut g, S0, &play, &mut log);
    assert_eq!(g.state().spells.len(), 1, "not before the Melee Step ends");
    while combat::current(g.state()).is_some_and(|c| c.stage == CombatStage::Plays) {
        crate::spells_common::pass_once(&mut g, &mut log);
    }
    assert!(g.state().spells.is_empty(), "the Fly chit expired");
    assert!(details(&log).iter().any(|d| matches!(d,
        E::SpellExpired { seat: S0, spell } if spell.0 == "broomstick")));
    assert_eq!(g.state().seats[0].chits[4], ChitStatus::Fatigued);
}

#[test]
fn rule_8_3_6_b4_she_charges_on_her_broomstick_and_its_time_binds_her_target() {
    use crate::spells_common::{until, S1};
    use tabletop_rules::magic_realm::day::flying::FlySource;
    let mut g = start(json!({"seats": [
        {"character": "witch", "at": here(), "hidden": false, "spells": ["broomstick"]},
        {"character": "amazon", "at": here(), "hidden": false,
         "belongings": [{"piece": {"kind": "treasure", "id": "lucky-charm"}}]}],
        "spells": [broomstick(json!({"at": "never"}))],
        "day": 2, "at": "sunset", "dice": dice(1, 60)}));
    let mut log = Vec::new();
    let charge = A::ChargeFlying {
        target: S1,
        with: FlySource::Chit {
            caster: S0,
            spell_box: 0,
        },
    };
    until(&mut g, S0, &charge, &mut log);
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::ChargedFlying { target: S1, .. })));
    // The Amazon's Move chits (time 3 and 4) are not faster than the Fly chit's 1: she
    // cannot run away (8.3.7 a.1).
    for _ in 0..20 {
        if combat::current(g.state()).is_some_and(|c| c.stage == CombatStage::Actions)
            && g.to_act().seats().contains(&S1)
        {
            break;
        }
        crate::spells_common::pass_once(&mut g, &mut log);
    }
    let c = combat::current(g.state()).unwrap();
    assert_eq!((c.stage, c.round), (CombatStage::Actions, 1));
    assert!(!g
        .legal_actions(S1)
        .iter()
        .any(|a| matches!(a, A::RunAway { .. })));
    // 4.6.6e: the Fly chit expires at the end of the Encounter Step.
    while combat::current(g.state()).is_some_and(|c| c.stage <= CombatStage::Actions) {
        crate::spells_common::pass_once(&mut g, &mut log);
    }
    assert!(g.state().spells.is_empty());
}
