//! Rule scenarios for hirelings in combat (rules 8.3.4c, 8.3.5 a.3, 8.3.6a, 8.4.2, 8.4.2g,
//! 8.6, 8.7), each built from a scenario with forced dice and named by its rule.

use crate::spells_common::{
    self, dice, here, monster, pass_once, piece, start, until, Game, S0, S1,
};
use serde_json::{json, Value};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::combat::{self, CombatStage, CombatTarget};
use tabletop_rules::magic_realm::pieces::{PieceId, Place};

fn native(id: &str) -> Value {
    json!({"piece": {"kind": "native", "id": id}, "place": {"place": "clearing", "at": here()}})
}

fn hired(id: &str) -> PieceId {
    serde_json::from_value(json!({"kind": "native", "id": id})).unwrap()
}

fn term(ids: &[&str]) -> Value {
    json!(ids
        .iter()
        .map(|id| json!({"native": id, "lastDay": 10}))
        .collect::<Vec<_>>())
}

/// The Swordsman (hidden or not) with his hirelings, and `pieces` in his clearing.
fn swordsman(hidden: bool, hirelings: &[&str], pieces: Vec<Value>, forced: Value) -> Game {
    let mut all: Vec<Value> = hirelings.iter().map(|h| native(h)).collect();
    all.extend(pieces);
    start(
        json!({"seats": [{"character": "swordsman", "at": here(), "hidden": hidden,
        "hirelings": term(hirelings)}],
        "pieces": all, "at": "sunset", "dice": forced}),
    )
}

fn duels(g: &Game) -> Vec<(PieceId, Vec<PieceId>)> {
    combat::current(g.state())
        .map(|c| {
            c.duels
                .iter()
                .map(|d| (d.defender.clone(), d.attackers.clone()))
                .collect()
        })
        .unwrap_or_default()
}

fn sheet(g: &Game, seat: tabletop_rules::engine::Seat) -> Vec<PieceId> {
    combat::current(g.state())
        .and_then(|c| c.sheets.get(&seat).cloned())
        .unwrap_or_default()
}

#[test]
fn rule_8_3_4c_a_hireling_lures_a_monster_onto_a_melee_section_of_its_own() {
    let mut g = swordsman(false, &["company-1"], vec![monster("wolf-l4")], dice(1, 40));
    let lure = A::HirelingLure {
        hireling: hired("company-1"),
        denizen: piece("wolf-l4"),
    };
    assert!(g.legal_actions(S0).contains(&lure));
    let events = g.apply(S0, lure).unwrap();
    assert!(events
        .iter()
        .any(|e| matches!(e.detail, E::HirelingLured { .. })));
    assert_eq!(
        duels(&g),
        vec![(hired("company-1"), vec![piece("wolf-l4")])]
    );
    // The lured wolf is no longer his to lure, nor is it assigned to him at random.
    assert!(!g.legal_actions(S0).contains(&A::Lure {
        denizen: piece("wolf-l4")
    }));
    let mut log = Vec::new();
    pass_once(&mut g, &mut log);
    assert!(
        sheet(&g, S0).is_empty(),
        "the wolf stays on the hireling's sheet"
    );
}

#[test]
fn rule_8_3_5_a3_a_hidden_characters_only_hireling_takes_the_monster() {
    let mut g = swordsman(true, &["company-1"], vec![monster("wolf-l4")], dice(1, 40));
    let mut log = Vec::new();
    pass_once(&mut g, &mut log);
    assert!(log
        .iter()
        .any(|e| matches!(&e.detail, E::AssignedToHireling { hireling, .. } if *hireling == hired("company-1"))));
    assert_eq!(
        duels(&g),
        vec![(hired("company-1"), vec![piece("wolf-l4")])]
    );
    assert!(g.state().seats[0].hidden, "he stays hidden");
}

#[test]
fn rule_8_3_5_a3_with_several_hirelings_the_character_picks_which_one() {
    let mut g = swordsman(
        true,
        &["company-1", "company-2"],
        vec![monster("wolf-l4")],
        dice(1, 40),
    );
    let mut log = Vec::new();
    pass_once(&mut g, &mut log);
    let choice = A::AssignToHireling {
        denizen: piece("wolf-l4"),
        hireling: hired("company-2"),
    };
    assert_eq!(g.to_act().seats(), vec![S0]);
    let legal = g.legal_actions(S0);
    assert_eq!(legal.len(), 2, "one choice per hireling: {legal:?}");
    assert!(legal.contains(&choice));
    g.apply(S0, choice).unwrap();
    assert_eq!(
        duels(&g),
        vec![(hired("company-2"), vec![piece("wolf-l4")])]
    );
    assert_eq!(
        combat::current(g.state()).map(|c| c.stage),
        Some(CombatStage::Deployment)
    );
}

#[test]
fn rule_8_3_6a5_a_monster_attacking_a_character_that_a_hireling_attacks_defends_on_its_own_sheet() {
    let mut g = swordsman(false, &["company-1"], vec![monster("wolf-l4")], dice(1, 40));
    let mut log = Vec::new();
    pass_once(&mut g, &mut log); // no luring: the wolf is assigned to him
    assert_eq!(sheet(&g, S0), vec![piece("wolf-l4")]);
    let deploy = A::Deploy {
        hireling: hired("company-1"),
        target: CombatTarget::Denizen {
            piece: piece("wolf-l4"),
        },
    };
    g.apply(S0, deploy).unwrap();
    assert!(sheet(&g, S0).is_empty());
    assert_eq!(
        duels(&g),
        vec![(piece("wolf-l4"), vec![hired("company-1")])]
    );
    // a.4: the deployed hireling may be turned either side up.
    let turn = A::TurnHireling {
        hireling: hired("company-1"),
    };
    assert!(g.legal_actions(S0).contains(&turn));
}

/// The Deployment Example of 8.3.6: the Amazon's hired Lancer lures a Heavy Troll; the
/// Berserker deploys his hired Rogue against the Troll: the Troll defends on its own sheet
/// with the Rogue, and the Lancer, alone, moves onto the Troll's sheet on top of the Rogue.
#[test]
fn rule_8_3_6a6_deployment_example_lancer_troll_and_rogue() {
    let mut g = start(json!({"seats": [
        {"character": "amazon", "at": here(), "hidden": false,
         "hirelings": term(&["lancer-1"])},
        {"character": "berserker", "at": here(), "hidden": false,
         "hirelings": term(&["rogue-1"])}],
        "pieces": [native("lancer-1"), native("rogue-1"), monster("h-troll")],
        "at": "sunset", "dice": dice(1, 40)}));
    let amazon = combat::current(g.state()).unwrap().order[0];
    let berserker = if amazon == S0 { S1 } else { S0 };
    let mut log = Vec::new();
    until(
        &mut g,
        amazon,
        &A::HirelingLure {
            hireling: hired("lancer-1"),
            denizen: piece("h-troll"),
        },
        &mut log,
    );
    until(
        &mut g,
        berserker,
        &A::Deploy {
            hireling: hired("rogue-1"),
            target: CombatTarget::Denizen {
                piece: piece("h-troll"),
            },
        },
        &mut log,
    );
    assert_eq!(
        duels(&g),
        vec![(piece("h-troll"), vec![hired("rogue-1"), hired("lancer-1")])]
    );
}

#[test]
fn rule_8_4_2_an_uncontrolled_defender_attacks_the_last_attacker_put_on_its_sheet() {
    let mut g = swordsman(
        false,
        &["company-1", "company-2"],
        vec![monster("wolf-l4")],
        dice(1, 60),
    );
    let mut log = Vec::new();
    pass_once(&mut g, &mut log); // the wolf is assigned to him
    for h in ["company-1", "company-2"] {
        g.apply(
            S0,
            A::Deploy {
                hireling: hired(h),
                target: CombatTarget::Denizen {
                    piece: piece("wolf-l4"),
                },
            },
        )
        .unwrap();
    }
    while combat::current(g.state()).is_some_and(|c| c.stage < CombatStage::Targets) {
        pass_once(&mut g, &mut log);
    }
    let target = combat::current(g.state()).and_then(|c| c.duels[0].target.clone());
    assert_eq!(target, Some(hired("company-2")));
}

#[test]
fn rule_8_4_2_the_employer_picks_his_defending_hirelings_target_among_its_attackers() {
    let mut g = swordsman(
        false,
        &["company-1"],
        vec![monster("wolf-l4"), monster("wolf-m5")],
        dice(1, 60),
    );
    let mut log = Vec::new();
    g.apply(
        S0,
        A::HirelingLure {
            hireling: hired("company-1"),
            denizen: piece("wolf-l4"),
        },
    )
    .unwrap();
    assert!(!g.legal_actions(S0).contains(&A::HirelingLure {
        hireling: hired("company-1"),
        denizen: piece("wolf-m5"),
    }));
    // One lure per hireling: the second is refused (it is not legal).
    assert_eq!(
        duels(&g),
        vec![(hired("company-1"), vec![piece("wolf-l4")])]
    );
    // The M5 wolf is assigned to him; he deploys nothing; in the Melee Step the only
    // attacker on the hireling's sheet is its target without a choice.
    while combat::current(g.state()).is_some_and(|c| c.stage < CombatStage::Targets) {
        pass_once(&mut g, &mut log);
    }
    let c = combat::current(g.state()).unwrap();
    assert_eq!(c.duels[0].target, Some(piece("wolf-l4")));
    assert!(!g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::HirelingTarget { .. })));
}

#[test]
fn rule_8_4_2_with_two_attackers_the_hirelings_target_is_his_choice() {
    let mut g = swordsman(
        true,
        &["company-1"],
        vec![monster("wolf-l4"), monster("wolf-m5")],
        dice(1, 60),
    );
    let mut log = Vec::new();
    // Hidden, his only hireling takes both wolves.
    while combat::current(g.state()).is_some_and(|c| c.stage < CombatStage::Targets) {
        pass_once(&mut g, &mut log);
    }
    assert_eq!(duels(&g)[0].1.len(), 2);
    let pick = A::HirelingTarget {
        hireling: hired("company-1"),
        target: piece("wolf-l4"),
    };
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&pick), "{legal:?}");
    assert!(
        !legal.contains(&A::NoTarget),
        "his hireling's target comes first"
    );
    g.apply(S0, pick).unwrap();
    let c = combat::current(g.state()).unwrap();
    assert_eq!(c.duels[0].target, Some(piece("wolf-l4")));
}

#[test]
fn rule_8_7_a_hirelings_kill_earns_its_employer_the_basic_bounty_without_a_kill() {
    // All dice 1: no repositioning, no change of tactics. The Company's T-harm native in
    // the Thrust circle intercepts the wolf in the Charge-and-Thrust box.
    let mut g = swordsman(false, &["company-5"], vec![monster("wolf-m5")], dice(1, 80));
    let (fame, notoriety) = (g.state().seats[0].fame, g.state().seats[0].notoriety);
    let mut log = Vec::new();
    pass_once(&mut g, &mut log);
    g.apply(
        S0,
        A::Deploy {
            hireling: hired("company-5"),
            target: CombatTarget::Denizen {
                piece: piece("wolf-m5"),
            },
        },
    )
    .unwrap();
    for _ in 0..40 {
        if g.state().piles.place_of(&piece("wolf-m5")) == Some(&Place::Killed) {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    assert_eq!(
        g.state().piles.place_of(&piece("wolf-m5")),
        Some(&Place::Killed)
    );
    assert!(log
        .iter()
        .any(|e| matches!(&e.detail, E::HirelingKill { seat, .. } if *seat == S0)));
    let s = &g.state().seats[0];
    assert_eq!(
        (s.fame, s.notoriety),
        (fame, notoriety.checked_add(1.into()).unwrap()),
        "the wolf's 0 fame, 1 notoriety"
    );
    assert!(
        g.state().today.kills.get(&S0).is_none_or(|k| *k == 0),
        "not his kill"
    );
}

#[test]
fn rule_8_7_a_hired_native_killed_becomes_unhired_and_costs_his_notoriety_bounty() {
    // The Heavy Troll on the hireling's sheet hits it along the Charge lane: Medium harm
    // kills the Medium native; the native's Light harm does nothing to the armored Troll.
    let mut g = swordsman(false, &["company-1"], vec![monster("h-troll")], dice(1, 80));
    let notoriety = g.state().seats[0].notoriety;
    let mut log = Vec::new();
    g.apply(
        S0,
        A::HirelingLure {
            hireling: hired("company-1"),
            denizen: piece("h-troll"),
        },
    )
    .unwrap();
    for _ in 0..40 {
        if g.state().piles.place_of(&hired("company-1")) == Some(&Place::Killed) {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    assert_eq!(
        g.state().piles.place_of(&hired("company-1")),
        Some(&Place::Killed)
    );
    assert!(g.state().seats[0].hirelings.is_empty());
    assert_eq!(
        g.state().seats[0].notoriety,
        notoriety.checked_sub(3.into()).unwrap()
    );
    assert!(log
        .iter()
        .any(|e| matches!(e.detail, E::HirelingKilled { notoriety: 3, .. })));
}

#[test]
fn rule_8_4_2g_treachery_naming_his_own_hireling_makes_the_group_rebel() {
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "hidden": false, "fame": 20, "hirelings": term(&["company-1", "company-2"])}],
        "pieces": [native("company-1"), native("company-2")],
        "at": "sunset", "dice": dice(1, 40)}));
    let mut log = Vec::new();
    let betray = A::SelectTarget {
        target: CombatTarget::Denizen {
            piece: hired("company-1"),
        },
    };
    until(&mut g, S0, &betray, &mut log);
    assert!(log.iter().any(|e| matches!(
        &e.detail,
        E::Rebelled { natives, fame: 6, .. } if natives.len() == 2
    )));
    assert!(g.state().seats[0].hirelings.is_empty());
    assert_eq!(g.state().seats[0].fame, 14);
}

#[test]
fn rule_8_3_6a1_a_hireling_deployed_against_a_character_limits_his_chits() {
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": here(), "hidden": false,
         "hirelings": term(&["company-1"])},
        {"character": "amazon", "at": here(), "hidden": false}],
        "pieces": [native("company-1")],
        "at": "sunset", "dice": dice(1, 40)}));
    let mut log = Vec::new();
    let deploy = A::Deploy {
        hireling: hired("company-1"),
        target: CombatTarget::Character { seat: S1 },
    };
    until(&mut g, S0, &deploy, &mut log);
    assert_eq!(sheet(&g, S1), vec![hired("company-1")]);
    // Its walking time limits the Amazon's Encounter chits like a monster's.
    let c = combat::current(g.state()).unwrap();
    let cat = tabletop_rules::magic_realm::catalog::get().unwrap();
    assert_eq!(
        combat::fighters::move_times_on_sheet(cat, g.state(), c, S1),
        vec![4]
    );
    assert!(log.iter().any(|e| matches!(e.detail, E::Deployed { .. })));
    // 8.6: at the end of the round, the hireling is unassigned.
    while combat::current(g.state()).is_some_and(|c| c.round == 1) {
        pass_once(&mut g, &mut log);
    }
    if let Some(c) = combat::current(g.state()) {
        assert!(c.sheets.values().all(|v| !v.contains(&hired("company-1"))));
        assert!(c.duels.is_empty());
    }
}

#[test]
fn rule_8_3_6a9_deploying_against_an_unhired_native_sets_his_group_battling() {
    let mut g = swordsman(false, &["company-1"], vec![native("rogue-1")], dice(1, 40));
    let mut log = Vec::new();
    let deploy = A::Deploy {
        hireling: hired("company-1"),
        target: CombatTarget::Denizen {
            piece: hired("rogue-1"),
        },
    };
    until(&mut g, S0, &deploy, &mut log);
    assert!(log.iter().any(|e| matches!(
        e.detail,
        E::NativesBattle { seat, .. } if seat == S0
    )));
    assert_eq!(
        duels(&g),
        vec![(hired("rogue-1"), vec![hired("company-1")])]
    );
}

#[test]
fn rule_8_4_5_a_defending_hireling_is_turned_over_in_secret_and_revealed_with_the_plays() {
    let mut g = swordsman(false, &["company-1"], vec![monster("wolf-l4")], dice(1, 80));
    let mut log = Vec::new();
    g.apply(
        S0,
        A::HirelingLure {
            hireling: hired("company-1"),
            denizen: piece("wolf-l4"),
        },
    )
    .unwrap();
    let turn = A::TurnHireling {
        hireling: hired("company-1"),
    };
    until(&mut g, S0, &turn, &mut log);
    let facing = |g: &Game| {
        g.state()
            .piles
            .find(&hired("company-1"))
            .map(|(_, c)| c.facing)
    };
    assert_eq!(
        facing(&g),
        Some(tabletop_rules::magic_realm::pieces::Facing::Light),
        "not before the plays are revealed"
    );
    until(&mut g, S0, &A::EndPlays, &mut log);
    assert!(log
        .iter()
        .any(|e| matches!(e.detail, E::PlaysRevealed { .. })));
    assert_eq!(
        facing(&g),
        Some(tabletop_rules::magic_realm::pieces::Facing::Dark)
    );
}

/// Random combats between two characters with hirelings, monsters and an unhired group:
/// every legal action applies, every piece stays accounted for (8.7: kills, rebels), and
/// the hirelings' paths are all taken somewhere among the games.
#[test]
fn random_combats_with_hirelings_keep_every_piece() {
    use tabletop_rules::engine::conformance::Conformance;
    use tabletop_rules::engine::{Seed, Session};
    use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
    use tabletop_rules::magic_realm::MagicRealm;
    let mut seen = std::collections::BTreeSet::new();
    let mut rng: u64 = 0x5EED;
    let mut next = |n: usize| {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        usize::try_from(rng >> 33).unwrap_or(0) % n.max(1)
    };
    for game in 0..60u64 {
        let sc: MagicRealmScenario = serde_json::from_value(json!({"seats": [
            {"character": "amazon", "at": here(), "hidden": game % 3 == 0,
             "hirelings": term(&["company-1", "company-2", "company-5"])},
            {"character": "berserker", "at": here(), "hidden": game % 2 == 0,
             "hirelings": term(&["lancer-1", "lancer-2"])}],
            "pieces": [native("company-1"), native("company-2"), native("company-5"),
                native("lancer-1"), native("lancer-2"), native("rogue-3"), native("rogue-4"),
                monster("wolf-l4"), monster("h-troll"), monster("axe-goblin")],
            "at": "sunset"}))
        .unwrap();
        let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(game)).unwrap();
        let mut fought = false;
        for step in 0..600 {
            // First the battling rolls (8.2.2), then the combat to its end.
            let fighting = combat::current(g.state()).is_some();
            if fought && !fighting {
                break;
            }
            fought |= fighting;
            MagicRealm::invariants(g.state())
                .unwrap_or_else(|e| panic!("game {game} step {step}: {e}"));
            let Some(seat) = g.to_act().seats().first().copied() else {
                break;
            };
            let legal = g.legal_actions(seat);
            assert!(
                !legal.is_empty(),
                "game {game} step {step}: {seat} has nothing legal"
            );
            let action = legal[next(legal.len())].clone();
            let events = g
                .apply(seat, action.clone())
                .unwrap_or_else(|e| panic!("game {game} step {step}: {action:?} refused: {e}"));
            for e in events {
                let kind = format!("{:?}", e.detail);
                seen.insert(kind.split([' ', '{']).next().unwrap_or("").to_string());
            }
        }
        MagicRealm::invariants(g.state()).unwrap();
    }
    for kind in [
        "HirelingLured",
        "Deployed",
        "HirelingTargets",
        "HirelingKill",
        "HirelingKilled",
        "Rebelled",
        "AssignedToHireling",
    ] {
        assert!(
            seen.contains(kind),
            "no {kind} in 60 random combats: {seen:?}"
        );
    }
}

fn bat(n: u8) -> Value {
    json!({"piece": {"kind": "monster", "id": "giant-bat", "n": n},
           "place": {"place": "clearing", "at": here()}})
}

fn bat_piece(n: u8) -> PieceId {
    serde_json::from_value(json!({"kind": "monster", "id": "giant-bat", "n": n})).unwrap()
}

/// The Elf casts Control Bats (VII, any colour) with her Magic VII chit 3 and the Gold of
/// her enchanted chit 0 on the two Giant Bats in her clearing, hidden (so nothing attacks
/// her in the first round); a Wolf is there too.
fn elf_controls_bats(log: &mut Vec<tabletop_rules::engine::Event<E>>) -> Game {
    let elf = json!({"character": "elf", "at": here(), "spells": ["control-bats"],
        "hidden": true, "chits": [{"chit": 0, "status": "enchanted"}]});
    let mut g = start(
        json!({"seats": [elf], "pieces": [bat(0), bat(1), monster("wolf-l4")],
        "at": "sunset", "dice": dice(5, 200)}),
    );
    let aim = tabletop_rules::magic_realm::combat::spells::SpellAim::Kind {
        kind: tabletop_rules::magic_realm::catalog::denizens::MonsterKind::Bat,
    };
    spells_common::cast_at(&mut g, S0, 0, 3, Some(0), aim, log);
    spells_common::through_targets(&mut g, log);
    g
}

#[test]
fn control_bats_makes_the_bats_fight_as_the_spellcasters_hirelings() {
    let mut log = Vec::new();
    let mut g = elf_controls_bats(&mut log);
    assert_eq!(g.state().spells.len(), 1);
    assert_eq!(g.state().spells[0].aims.len(), 2, "both Bats");
    assert!(!sheet(&g, S0).contains(&bat_piece(0)));
    assert!(!sheet(&g, S0).contains(&bat_piece(1)));
    // Next round, still hidden, she gives the Wolf to the Bat of her choice, then
    // deploys the other against it (8.3.4 c.1: controlled monsters act like hired
    // natives): the Wolf defends on its own sheet and the first Bat, left alone, moves
    // onto it (8.3.6 a.6).
    let give = A::AssignToHireling {
        denizen: piece("wolf-l4"),
        hireling: bat_piece(0),
    };
    until(&mut g, S0, &give, &mut log);
    let deploy = A::Deploy {
        hireling: bat_piece(1),
        target: CombatTarget::Denizen {
            piece: piece("wolf-l4"),
        },
    };
    g.apply(S0, deploy).unwrap();
    assert_eq!(
        duels(&g),
        vec![(piece("wolf-l4"), vec![bat_piece(1), bat_piece(0)])]
    );
    // Never lured or assigned to her while she controls them.
    assert!(!g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::Lure { denizen } if *denizen == bat_piece(1))));
}

#[test]
fn rule_8_4_2_naming_a_controlled_monster_as_her_target_breaks_the_control() {
    let mut log = Vec::new();
    let mut g = elf_controls_bats(&mut log);
    let betray = A::SelectTarget {
        target: CombatTarget::Denizen {
            piece: bat_piece(1),
        },
    };
    until(&mut g, S0, &betray, &mut log);
    assert!(log
        .iter()
        .any(|e| matches!(e.detail, E::SpellBroken { .. })));
    assert!(g.state().spells.is_empty(), "both Bats are free again");
}

#[test]
fn rule_8_2_3_attacking_another_characters_hireling_sets_no_group_battling() {
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": here(), "hidden": false},
        {"character": "amazon", "at": here(), "hidden": false,
         "hirelings": term(&["company-1"])}],
        "pieces": [native("company-1")],
        "at": "sunset", "dice": dice(1, 40)}));
    let mut log = Vec::new();
    let attack = A::SelectTarget {
        target: CombatTarget::Denizen {
            piece: hired("company-1"),
        },
    };
    until(&mut g, S0, &attack, &mut log);
    assert!(!log
        .iter()
        .any(|e| matches!(e.detail, E::NativesBattle { .. } | E::Rebelled { .. })));
    assert_eq!(g.state().seats[1].hirelings.len(), 1, "still hired");
}

fn elsewhere() -> Value {
    json!({"tile": "oak_woods", "clearing": 4})
}

fn native_at(id: &str, at: Value) -> Value {
    json!({"piece": {"kind": "native", "id": id}, "place": {"place": "clearing", "at": at}})
}

#[test]
fn rule_8_1_2_a_character_away_directs_his_hirelings_but_is_neither_attacker_nor_target() {
    // The Swordsman is in Oak Woods 4; his hired Company soldier fights in Oak Woods 2,
    // where the Amazon is, with a wolf.
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": elsewhere(), "hidden": false,
         "hirelings": term(&["company-1"])},
        {"character": "amazon", "at": here(), "hidden": false}],
        "pieces": [native("company-1"), monster("wolf-l4")],
        "at": "sunset", "dice": dice(1, 80)}));
    let mut log = Vec::new();
    // Let the (quiet) combat in his own clearing pass first, if it comes first.
    for _ in 0..20 {
        if combat::current(g.state())
            .is_some_and(|c| c.at == serde_json::from_value(here()).unwrap())
        {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    let c = combat::current(g.state()).expect("combat where his hireling is");
    assert!(c.absent.contains(&S0));
    assert!(c.order.contains(&S0));
    assert!(
        !c.fighting().any(|s| s == S0),
        "he is not in the clearing to fight"
    );
    // He may have his hireling lure the wolf, but not lure it himself.
    let lure = A::HirelingLure {
        hireling: hired("company-1"),
        denizen: piece("wolf-l4"),
    };
    until(&mut g, S0, &lure, &mut log);
    assert!(!g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::Lure { .. })));
    assert_eq!(
        duels(&g),
        vec![(hired("company-1"), vec![piece("wolf-l4")])]
    );
    // The Amazon can neither charge nor target him.
    for _ in 0..30 {
        let legal = g.legal_actions(S1);
        assert!(!legal.iter().any(|a| matches!(
            a,
            A::Charge { target, .. } if *target == S0
        )));
        assert!(!legal.contains(&A::SelectTarget {
            target: CombatTarget::Character { seat: S0 }
        }));
        if combat::current(g.state()).is_none_or(|c| c.round > 1) {
            break;
        }
        pass_once(&mut g, &mut log);
    }
}

#[test]
fn rule_8_1_2_combat_is_fought_where_a_hired_leader_is_without_characters() {
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": elsewhere(), "hidden": false,
         "hirelings": term(&["company-hq"])}],
        "pieces": [native("company-hq"), monster("wolf-l4")],
        "at": "sunset", "dice": dice(1, 80)}));
    let mut log = Vec::new();
    for _ in 0..60 {
        if !matches!(
            g.state().step,
            tabletop_rules::magic_realm::state::Step::Evening { .. }
        ) {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    let here_ref: tabletop_rules::magic_realm::map::ClearingRef =
        serde_json::from_value(here()).unwrap();
    assert!(log
        .iter()
        .any(|e| matches!(&e.detail, E::CombatBegins { at, .. } if *at == here_ref)));
}

#[test]
fn rule_8_1_2_no_combat_where_only_underlings_are() {
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": elsewhere(), "hidden": false,
         "hirelings": term(&["company-1"])}],
        "pieces": [native_at("company-1", here()), monster("wolf-l4")],
        "at": "sunset", "dice": dice(1, 80)}));
    let mut log = Vec::new();
    for _ in 0..60 {
        if !matches!(
            g.state().step,
            tabletop_rules::magic_realm::state::Step::Evening { .. }
        ) {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    let here_ref: tabletop_rules::magic_realm::map::ClearingRef =
        serde_json::from_value(here()).unwrap();
    assert!(!log
        .iter()
        .any(|e| matches!(&e.detail, E::CombatBegins { at, .. } if *at == here_ref)));
}

#[test]
fn rule_8_3_8_a_runners_hirelings_stay_and_he_directs_them_from_afar() {
    let mut g = swordsman(false, &["company-1"], vec![monster("wolf-l4")], dice(1, 60));
    let mut log = Vec::new();
    let mut ran = false;
    for _ in 0..40 {
        if let Some(run) = g
            .legal_actions(S0)
            .into_iter()
            .find(|a| matches!(a, A::RunAway { .. }))
        {
            g.apply(S0, run).unwrap();
            ran = true;
            break;
        }
        pass_once(&mut g, &mut log);
    }
    assert!(ran, "the Swordsman ran");
    let c = combat::current(g.state()).expect("combat goes on for his hireling");
    assert!(c.absent.contains(&S0) && !c.gone.contains(&S0));
    assert_eq!(
        combat::hirelings::in_combat(
            tabletop_rules::magic_realm::game::data().unwrap(),
            g.state(),
            c
        ),
        vec![hired("company-1")]
    );
}

#[test]
fn rule_8_4_2g_his_own_hireling_chosen_as_a_spells_target_rebels() {
    let wk = json!({"character": "witch-king", "at": here(), "spells": ["power-of-the-pit"],
        "hidden": false, "chits": [{"chit": 1, "status": "enchanted"}],
        "hirelings": term(&["company-1"])});
    let mut g = start(json!({"seats": [wk], "pieces": [native("company-1")],
        "at": "sunset", "dice": dice(1, 60)}));
    let mut log = Vec::new();
    let aim = tabletop_rules::magic_realm::combat::spells::SpellAim::Denizen {
        piece: hired("company-1"),
    };
    spells_common::cast_at(&mut g, S0, 0, 10, Some(1), aim, &mut log);
    assert!(log
        .iter()
        .any(|e| matches!(e.detail, E::Rebelled { seat: S0, .. })));
    assert!(
        g.state().seats[0].hirelings.is_empty(),
        "the rebel is unhired"
    );
}
