//! Rule scenarios for spells that change who attacks whom (seed 002, 8.4.2 and 8.4.4) that
//! `docs/coverage.md` found without a test (issue 5): Peace forbids a character targets
//! (his charge and his target are cancelled, not his hireling's), and a control spell
//! cancels the monsters' assignments until the next round. Each is built from a scenario
//! with forced dice.

use crate::spells_common::{self as sc, details, here, S0};
use serde_json::json;
use tabletop_rules::engine::Seat;
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::combat::spells::SpellAim;
use tabletop_rules::magic_realm::combat::{self, CombatStage, CombatTarget};
use tabletop_rules::magic_realm::pieces::PieceId;

const S1: Seat = Seat(1);

#[test]
fn rule_8_4_4_a_spell_forbidding_targets_cancels_his_charge_and_his_target() {
    // The Swordsman charges the Pilgrim and names him his target; the Pilgrim's Peace
    // (box 0, Magic I chit 11, White colour chit 6) at the Swordsman goes into effect: his
    // charge and his target are cancelled, and he may name none while it lasts.
    let mut g = sc::start(json!({"seats": [
        {"character": "pilgrim", "at": here(), "spells": ["peace"], "hidden": false,
         "chits": [{"chit": 6, "status": "enchanted"}]},
        {"character": "swordsman", "at": here(), "hidden": false}],
        "at": "sunset", "dice": sc::dice(1, 80)}));
    let mut log = Vec::new();
    // 8.3.6: the Swordsman charges the Pilgrim.
    for _ in 0..20 {
        if let Some(charge) = g
            .legal_actions(S1)
            .into_iter()
            .find(|a| matches!(a, A::Charge { target: S0, .. }))
        {
            log.extend(g.apply(S1, charge).unwrap());
            break;
        }
        sc::pass_once(&mut g, &mut log);
    }
    let charged =
        |g: &crate::mr_seed_gaps::Game| combat::current(g.state()).and_then(|c| c.charged_by(S1));
    assert_eq!(charged(&g), Some(S0), "he charged the Pilgrim");
    let cast = A::CastSpell {
        spell_box: 0,
        chit: 11,
        colour_chit: Some(6),
    };
    sc::until(&mut g, S0, &cast, &mut log);
    // 8.4.2: attention chits picked at random: each names his target.
    let aim = A::AimSpell {
        aim: SpellAim::Character { seat: S1 },
    };
    let name = A::SelectTarget {
        target: CombatTarget::Character { seat: S0 },
    };
    let mut named = false;
    for _ in 0..20 {
        let Some(c) = combat::current(g.state()) else {
            break;
        };
        if c.stage != CombatStage::Targets {
            if named {
                break;
            }
            sc::pass_once(&mut g, &mut log);
            continue;
        }
        if g.legal_actions(S1).contains(&name) {
            log.extend(g.apply(S1, name.clone()).unwrap());
            named = true;
            assert_eq!(
                combat::current(g.state()).and_then(|c| c.targets.get(&S1).cloned()),
                Some(CombatTarget::Character { seat: S0 }),
                "he named the Pilgrim"
            );
        } else if g.legal_actions(S0).contains(&aim) {
            log.extend(g.apply(S0, aim.clone()).unwrap());
        } else {
            sc::pass_once(&mut g, &mut log);
        }
    }
    assert!(named, "the Swordsman named his target");
    assert!(details(&log).iter().any(|d| matches!(d,
        E::Pacified { target: CombatTarget::Character { seat } } if *seat == S1)));
    let c = combat::current(g.state()).expect("the combat goes on");
    assert!(!c.targets.contains_key(&S1), "his target is cancelled");
    assert_eq!(charged(&g), None, "his charge is cancelled");
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    assert!(
        combat::targets::candidates(cat, g.state(), c, S1).is_empty(),
        "he may name no target while the Peace lasts"
    );
}

#[test]
fn rule_8_4_2_a_spell_forbidding_him_targets_does_not_bind_his_hirelings() {
    // The Swordsman's hired Company soldier lures the wolf; the Pilgrim's Peace then
    // bewitches the Swordsman: he may name no target, yet his hireling still fights the
    // wolf on its own sheet and names it as its target.
    let hireling: PieceId =
        serde_json::from_value(json!({"kind": "native", "id": "company-1"})).unwrap();
    let wolf = sc::piece("wolf-l4");
    let mut g = sc::start(json!({"seats": [
        {"character": "pilgrim", "at": here(), "spells": ["peace"], "hidden": false,
         "chits": [{"chit": 6, "status": "enchanted"}]},
        {"character": "swordsman", "at": here(), "hidden": false,
         "hirelings": [{"native": "company-1", "lastDay": 10}]}],
        "pieces": [sc::monster("wolf-l4"),
            {"piece": {"kind": "native", "id": "company-1"},
             "place": {"place": "clearing", "at": here()}}],
        "at": "sunset", "dice": sc::dice(1, 80)}));
    let mut log = Vec::new();
    let lure = A::HirelingLure {
        hireling: hireling.clone(),
        denizen: wolf.clone(),
    };
    sc::until(&mut g, S1, &lure, &mut log);
    sc::cast_at(
        &mut g,
        S0,
        0,
        11,
        Some(6),
        SpellAim::Character { seat: S1 },
        &mut log,
    );
    sc::through_targets(&mut g, &mut log);
    assert!(details(&log).iter().any(|d| matches!(d,
        E::Pacified { target: CombatTarget::Character { seat } } if *seat == S1)));
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let c = combat::current(g.state()).expect("the combat goes on");
    assert!(combat::targets::candidates(cat, g.state(), c, S1).is_empty());
    // His hireling still defends against the wolf on its own sheet, and its target (taken
    // as the Melee Step began: its only attacker, 8.4.2) stays the wolf.
    let duel = c
        .duels
        .iter()
        .find(|d| d.defender == hireling)
        .expect("his hireling defends on its own sheet");
    assert_eq!(duel.attackers, vec![wolf.clone()]);
    assert_eq!(
        duel.target.as_ref(),
        Some(&wolf),
        "his hireling attacks the wolf"
    );
}

#[test]
fn rule_8_4_4_control_cancels_the_monsters_assignments_until_the_next_round() {
    // The Elf, unhidden, lures both Giant Bats onto her sheet, then casts Control Bats
    // (box 0, Magic chit 3, colour chit 0) at them: their assignments are cancelled, and
    // for the rest of the round they attack no one and are no one's defenders; from the
    // next round they are hers to direct.
    let bat = |n: u8| -> PieceId {
        serde_json::from_value(json!({"kind": "monster", "id": "giant-bat", "n": n})).unwrap()
    };
    let placed = |n: u8| {
        json!({"piece": {"kind": "monster", "id": "giant-bat", "n": n},
            "place": {"place": "clearing", "at": here()}})
    };
    let mut g = sc::start(json!({"seats": [{"character": "elf", "at": here(),
        "spells": ["control-bats"], "hidden": false,
        "chits": [{"chit": 0, "status": "enchanted"}]}],
        "pieces": [placed(0), placed(1)], "at": "sunset", "dice": sc::dice(5, 200)}));
    let mut log = Vec::new();
    for n in [0, 1] {
        sc::until(&mut g, S0, &A::Lure { denizen: bat(n) }, &mut log);
    }
    let on_her_sheet = |g: &crate::mr_seed_gaps::Game, n: u8| {
        combat::current(g.state())
            .and_then(|c| c.sheets.get(&S0).cloned())
            .unwrap_or_default()
            .contains(&bat(n))
    };
    assert!(
        on_her_sheet(&g, 0) && on_her_sheet(&g, 1),
        "both Bats lured"
    );
    let aim = SpellAim::Kind {
        kind: tabletop_rules::magic_realm::catalog::denizens::MonsterKind::Bat,
    };
    let round = |g: &crate::mr_seed_gaps::Game| combat::current(g.state()).map(|c| c.round);
    let lured_in = round(&g).expect("the combat goes on");
    sc::cast_at(&mut g, S0, 0, 3, Some(0), aim, &mut log);
    let works = log
        .iter()
        .position(|e| matches!(e.detail, E::SpellWorks { .. }))
        .expect("the control comes to life");
    // The round of the spell ends with the Bats attacking no one; the next one begins
    // with them unassigned, hers to direct.
    assert!(log[works..]
        .iter()
        .any(|e| matches!(e.detail, E::CombatRound { round } if round == lured_in + 1)));
    assert_eq!(g.state().spells.len(), 1, "the Bats are controlled");
    let c = combat::current(g.state()).expect("the combat goes on");
    for n in [0, 1] {
        assert!(!on_her_sheet(&g, n), "Bat {n} is unassigned");
        assert!(
            !c.duels
                .iter()
                .any(|d| d.defender == bat(n) || d.attackers.contains(&bat(n))),
            "Bat {n} has no target"
        );
    }
    let wounded = g.state().seats[0]
        .chits
        .iter()
        .filter(|c| **c == tabletop_rules::magic_realm::state::ChitStatus::Wounded)
        .count();
    assert_eq!(wounded, 0, "no Bat attacked her");
    // From the next round they are hers: never lured, as her hirelings.
    assert!(!g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::Lure { denizen } if *denizen == bat(0) || *denizen == bat(1))));
}
