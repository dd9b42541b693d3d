//! Rule scenarios for the Magic Wand (its card: he controls the red die on the spells'
//! tables) on the Transform roll (4.6.8), with forced dice.

use crate::spells_common::*;
use serde_json::json;
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::tables::Creature;
use tabletop_rules::magic_realm::combat::spells::SpellAim;
use tabletop_rules::magic_realm::combat::{self, CombatTarget};

#[test]
fn rule_4_6_8_the_magic_wand_sets_the_red_die_of_the_transform_roll() {
    // Every die 2 would make the Ogre a Lion; the Sorceror sets the red die to 6: a Frog.
    let sorceror = json!({"character": "sorceror", "at": here(), "spells": ["transform"],
        "hidden": false, "chits": [{"chit": 4, "status": "enchanted"}],
        "belongings": [{"piece": {"kind": "treasure", "id": "magic-wand"}}]});
    let mut g = start(
        json!({"seats": [sorceror], "pieces": [monster("ogre")], "at": "sunset",
        "dice": dice(2, 40)}),
    );
    let mut log = Vec::new();
    let ogre = piece("ogre");
    cast_at(
        &mut g,
        S0,
        0,
        8,
        Some(4),
        SpellAim::Denizen {
            piece: ogre.clone(),
        },
        &mut log,
    );
    let six = A::ChooseRedDie { value: 6 };
    for _ in 0..30 {
        if g.legal_actions(S0).contains(&six) {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    assert_eq!(
        g.legal_actions(S0),
        (1..=6)
            .map(|value| A::ChooseRedDie { value })
            .collect::<Vec<_>>()
    );
    assert!(
        !details(&log)
            .iter()
            .any(|d| matches!(d, E::Transformed { .. })),
        "no roll before he sets the red die"
    );
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, A::ChooseRedDie { value: 7 }).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    let log = g.apply(S0, six).unwrap();
    assert!(details(&log).iter().any(|d| matches!(d,
        E::Transformed { target: CombatTarget::Denizen { piece }, creature: Creature::Frog }
            if *piece == ogre)));
    let s = g
        .state()
        .spells
        .iter()
        .find(|s| s.spell.0 == "transform")
        .expect("Transform in effect");
    assert_eq!(s.value, Some(6), "the roll is kept");
}

#[test]
fn rule_8_4_9_the_magic_wand_sets_the_red_die_of_an_attack_spell_s_missile_roll() {
    // Every die is forced to 6; the Sorceror sets the red die of the blast's Missile Table
    // roll to 1 (the other die still rolls).
    let sorceror = json!({"character": "sorceror", "at": here(), "spells": ["fiery-blast"],
        "hidden": false, "chits": [{"chit": 4, "status": "enchanted"}],
        "belongings": [{"piece": {"kind": "treasure", "id": "magic-wand"}}]});
    let mut g = start(
        json!({"seats": [sorceror], "pieces": [monster("ogre")], "at": "sunset",
        "dice": dice(6, 40)}),
    );
    let mut log = Vec::new();
    let ogre = piece("ogre");
    cast_at(
        &mut g,
        S0,
        0,
        9,
        Some(4),
        SpellAim::Denizen {
            piece: ogre.clone(),
        },
        &mut log,
    );
    until(&mut g, S0, &A::EndAim, &mut log);
    let one = A::ChooseRedDie { value: 1 };
    for _ in 0..30 {
        if g.legal_actions(S0).contains(&one) {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    assert_eq!(
        g.legal_actions(S0),
        (1..=6)
            .map(|value| A::ChooseRedDie { value })
            .collect::<Vec<_>>()
    );
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, A::ChooseRedDie { value: 0 }).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    log.extend(g.apply(S0, one).unwrap());
    until(
        &mut g,
        S0,
        &A::PlaySpellAttack {
            lane: tabletop_rules::magic_realm::combat::melee::Lane::ChargeThrust,
        },
        &mut log,
    );
    until(&mut g, S0, &A::EndPlays, &mut log);
    let missile: Vec<&String> = log
        .iter()
        .filter(|e| matches!(&e.detail, E::MeleeRoll { table } if table == "missile"))
        .map(|e| &e.text)
        .collect();
    assert!(!missile.is_empty(), "the blast hits and rolls");
    assert!(
        missile.iter().all(|t| t.contains("[1, 6]")),
        "the red die is his: {missile:?}"
    );
    assert!(
        combat::current(g.state()).is_none_or(|c| c.red_missile.is_empty()),
        "the red die lasts the round only"
    );
}

#[test]
fn rule_8_4_9_the_odds_query_counts_the_red_die_he_set_for_the_missile_roll() {
    // The Sorceror sets the red die of his blast's Missile Table roll to 6: the roll's
    // result no longer depends on chance, so the odds of killing the Ogre (which his
    // time-3 blast always undercuts) are 0 or 1, and the melee then does what they say.
    let sorceror = json!({"character": "sorceror", "at": here(), "spells": ["fiery-blast"],
        "hidden": false, "chits": [{"chit": 4, "status": "enchanted"}],
        "belongings": [{"piece": {"kind": "treasure", "id": "magic-wand"}}]});
    let mut g = start(
        json!({"seats": [sorceror], "pieces": [monster("ogre")], "at": "sunset",
        "dice": dice(1, 40)}),
    );
    let mut log = Vec::new();
    let ogre = piece("ogre");
    cast_at(
        &mut g,
        S0,
        0,
        9,
        Some(4),
        SpellAim::Denizen {
            piece: ogre.clone(),
        },
        &mut log,
    );
    until(&mut g, S0, &A::EndAim, &mut log);
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let lane = tabletop_rules::magic_realm::combat::melee::Lane::ChargeThrust;
    let plays = combat::Plays {
        spell_attack: Some(lane),
        ..Default::default()
    };
    let six = A::ChooseRedDie { value: 6 };
    for _ in 0..30 {
        if g.legal_actions(S0).contains(&six) {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    log.extend(g.apply(S0, six).unwrap());
    until(&mut g, S0, &A::PlaySpellAttack { lane }, &mut log);
    let set = combat::odds_query::play_odds(cat, g.state(), S0, &plays).unwrap();
    let killed = set.target_killed.expect("the blast is counted");
    assert!(
        killed == 0.0 || killed == 1.0,
        "with the red die set, the kill is certain or impossible: {set:?}"
    );
    until(&mut g, S0, &A::EndPlays, &mut log);
    let died = details(&log)
        .iter()
        .any(|d| matches!(d, E::Killed { victim, .. } if *victim == ogre));
    assert_eq!(died, killed == 1.0, "the odds say what the melee does");
}
