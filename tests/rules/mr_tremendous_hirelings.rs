//! Rule scenarios where Tremendous monsters and hirelings meet, and where hirelings meet the
//! denizens their employer pacifies or controls (rules 8.3.6 a.8, 8.4.2, 8.4.4, 8.4.7, 8.6),
//! each built from a scenario with forced dice and named by its rule.

use crate::spells_common::{
    self, chit, dice, here, monster, pass_once, piece, start, until, Game, S0,
};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::combat::melee::Lane;
use tabletop_rules::magic_realm::combat::spells::SpellAim;
use tabletop_rules::magic_realm::combat::{self, CombatStage, CombatTarget, ManeuverPlay};
use tabletop_rules::magic_realm::pieces::{Facing, PieceId, Place};
use tabletop_rules::magic_realm::state::ChitStatus;

type Log = Vec<Event<E>>;

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

fn sheet(g: &Game, seat: Seat) -> Vec<PieceId> {
    combat::current(g.state())
        .and_then(|c| c.sheets.get(&seat).cloned())
        .unwrap_or_default()
}

fn facing(g: &Game, p: &PieceId) -> Option<Facing> {
    g.state().piles.find(p).map(|(_, c)| c.facing)
}

fn round(g: &Game) -> u16 {
    combat::current(g.state()).map_or(0, |c| c.round)
}

fn stage(g: &Game) -> Option<CombatStage> {
    combat::current(g.state()).map(|c| c.stage)
}

fn against(p: PieceId) -> CombatTarget {
    CombatTarget::Denizen { piece: p }
}

/// Passes until round `n` of combat begins.
fn to_round(g: &mut Game, n: u16, log: &mut Log) {
    for _ in 0..80 {
        if round(g) >= n {
            return;
        }
        pass_once(g, log);
    }
    panic!("round {n} never began");
}

/// Passes until the combat reaches `want`.
fn to_stage(g: &mut Game, want: CombatStage, log: &mut Log) {
    for _ in 0..40 {
        if stage(g) == Some(want) {
            return;
        }
        pass_once(g, log);
    }
    panic!("{want:?} never came");
}

/// The Berserker (Heavy) with his hired Company soldier and a T Serpent (Light harm, time
/// 4; red side: move 5, holds at time 4), all dice 1 (nothing repositions or changes
/// tactics). In round 1 he plays no maneuver: the Serpent on his sheet hits him (a wound,
/// not his death) and turns red side up, holding him.
fn berserker_held(log: &mut Log) -> Game {
    let mut g = start(json!({"seats": [{"character": "berserker", "at": here(),
        "hidden": false, "hirelings": term(&["company-1"])}],
        "pieces": [native("company-1"), monster("t-serpent")],
        "at": "sunset", "dice": dice(1, 200)}));
    to_round(&mut g, 2, log);
    assert!(log.iter().any(|e| matches!(&e.detail,
        E::Holding { monster, seat: S0 } if *monster == piece("t-serpent"))));
    assert_eq!(facing(&g, &piece("t-serpent")), Some(Facing::Dark));
    assert_eq!(
        sheet(&g, S0),
        vec![piece("t-serpent")],
        "8.6: it stays on his sheet"
    );
    g
}

/// Round 2 of [`berserker_held`]: he deploys his hireling against the Serpent holding him.
fn hireling_attacks_the_holder(log: &mut Log) -> Game {
    let mut g = berserker_held(log);
    let deploy = A::Deploy {
        hireling: hired("company-1"),
        target: against(piece("t-serpent")),
    };
    until(&mut g, S0, &deploy, log);
    g
}

#[test]
fn rule_8_3_6_a8_a_hireling_may_attack_a_red_tremendous_monster_which_goes_onto_its_own_sheet() {
    let mut log = Vec::new();
    let mut g = hireling_attacks_the_holder(&mut log);
    assert_eq!(
        duels(&g),
        vec![(piece("t-serpent"), vec![hired("company-1")])]
    );
    assert!(sheet(&g, S0).is_empty(), "off his sheet, onto its own");
    assert!(log.iter().any(|e| e.rule.0 == "8.3.6"
        && matches!(&e.detail, E::StillHolding { monster, target }
            if *monster == piece("t-serpent") && *target == (CombatTarget::Character { seat: S0 }))));
    // It still holds him: he cannot run away, and its move time still limits his chits.
    let c = combat::current(g.state()).unwrap();
    let cat = tabletop_rules::magic_realm::catalog::get().unwrap();
    assert_eq!(
        combat::fighters::move_times_on_sheet(cat, g.state(), c, S0),
        vec![5]
    );
    assert!(combat::encounter::held(c, S0));
    // 8.4.2: it picks no target on its own sheet, and the employer picks none for it.
    to_stage(&mut g, CombatStage::Targets, &mut log);
    let c = combat::current(g.state()).unwrap();
    assert_eq!(c.duels[0].target, None);
    assert!(!g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::HirelingTarget { .. })));
}

#[test]
fn rule_8_3_6_a8_a_red_tremendous_monster_attacked_by_a_hireling_still_kills_the_character_it_holds(
) {
    // He plays no maneuver: the Serpent, on its own sheet, hits him as if from his sheet
    // and kills him outright; the Company soldier attacking it is not its target.
    let mut log = Vec::new();
    let mut g = hireling_attacks_the_holder(&mut log);
    to_stage(&mut g, CombatStage::Plays, &mut log);
    until(&mut g, S0, &A::EndPlays, &mut log);
    assert!(
        log.iter()
            .any(|e| matches!(e.detail, E::CharacterDied { seat: S0, .. })),
        "the Serpent kills the Berserker"
    );
    assert_eq!(
        g.state().piles.place_of(&hired("company-1")),
        Some(&Place::Clearing {
            at: serde_json::from_value(here()).unwrap()
        }),
        "the hireling attacking it is unharmed"
    );
    assert_eq!(
        facing(&g, &piece("t-serpent")),
        Some(Facing::Light),
        "8.4.7: its target killed, it turns red side down"
    );
}

#[test]
fn rule_8_3_6_a8_when_its_attackers_leave_the_monster_returns_to_the_character_it_holds() {
    // He dodges with his Move H4** (the Serpent's time 4 does not undercut it, and it holds
    // from the Charge-and-Thrust box): it misses. The soldier's Light harm cannot hurt the
    // armored Serpent. At the round's end the soldier is unassigned (8.6) and the Serpent
    // goes back onto the Berserker's sheet, still red side up.
    let mut log = Vec::new();
    let mut g = hireling_attacks_the_holder(&mut log);
    to_stage(&mut g, CombatStage::Plays, &mut log);
    let dodge = A::PlayManeuver {
        with: ManeuverPlay::Chit { chit: 4 },
        lane: Lane::DodgeSwing,
    };
    until(&mut g, S0, &dodge, &mut log);
    until(&mut g, S0, &A::EndPlays, &mut log);
    to_round(&mut g, 3, &mut log);
    assert!(!log
        .iter()
        .any(|e| matches!(e.detail, E::CharacterDied { .. })));
    assert!(duels(&g).is_empty());
    assert_eq!(sheet(&g, S0), vec![piece("t-serpent")]);
    assert_eq!(facing(&g, &piece("t-serpent")), Some(Facing::Dark));
}

/// The Swordsman's hired Company soldier (Medium, armored) lures a T Serpent; all dice 1.
/// In round 1 the Serpent hits the soldier with Light harm, which cannot kill him: it turns
/// red side up and holds him (8.4.7).
fn soldier_held(log: &mut Log) -> Game {
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "hidden": false, "hirelings": term(&["company-1", "company-2"])}],
        "pieces": [native("company-1"), native("company-2"), monster("t-serpent")],
        "at": "sunset", "dice": dice(1, 200)}));
    let lure = A::HirelingLure {
        hireling: hired("company-1"),
        denizen: piece("t-serpent"),
    };
    until(&mut g, S0, &lure, log);
    to_round(&mut g, 2, log);
    g
}

#[test]
fn rule_8_4_7_a_tremendous_monster_that_hits_a_native_without_killing_him_holds_him() {
    let mut log = Vec::new();
    let g = soldier_held(&mut log);
    assert!(log.iter().any(|e| e.rule.0 == "8.4.7"
        && matches!(&e.detail, E::HoldingDenizen { monster, denizen }
            if *monster == piece("t-serpent") && *denizen == hired("company-1"))));
    assert_eq!(facing(&g, &piece("t-serpent")), Some(Facing::Dark));
    let c = combat::current(g.state()).unwrap();
    assert_eq!(
        c.holding_denizens.get(&piece("t-serpent")),
        Some(&hired("company-1"))
    );
}

#[test]
fn rule_8_6_a_red_tremendous_monster_holding_a_native_defends_on_its_own_sheet_with_him_as_target()
{
    let mut log = Vec::new();
    let mut g = soldier_held(&mut log);
    // At the start of round 2 the Serpent defends on its own sheet, the soldier its target.
    assert_eq!(
        duels(&g),
        vec![(piece("t-serpent"), vec![hired("company-1")])]
    );
    assert!(log.iter().any(|e| e.rule.0 == "8.6"
        && matches!(&e.detail, E::StillHolding { monster, .. } if *monster == piece("t-serpent"))));
    // It cannot be lured; the held soldier cannot be attacked by other denizens; but
    // other natives may be assigned to attack the monster.
    let legal = g.legal_actions(S0);
    assert!(!legal
        .iter()
        .any(|a| matches!(a, A::Lure { denizen } | A::HirelingLure { denizen, .. } if *denizen == piece("t-serpent"))));
    to_stage(&mut g, CombatStage::Deployment, &mut log);
    let legal = g.legal_actions(S0);
    assert!(!legal.contains(&A::Deploy {
        hireling: hired("company-2"),
        target: against(hired("company-1")),
    }));
    let deploy = A::Deploy {
        hireling: hired("company-2"),
        target: against(piece("t-serpent")),
    };
    assert!(legal.contains(&deploy), "{legal:?}");
    g.apply(S0, deploy).unwrap();
    assert_eq!(
        duels(&g),
        vec![(
            piece("t-serpent"),
            vec![hired("company-1"), hired("company-2")]
        )]
    );
    // 8.4.2: an uncontrolled defender would attack the last attacker put on its sheet;
    // this one keeps the native it holds as its target.
    to_stage(&mut g, CombatStage::Targets, &mut log);
    let c = combat::current(g.state()).unwrap();
    assert_eq!(c.duels[0].target, Some(hired("company-1")));
}

#[test]
fn rule_8_4_7_a_red_tremendous_monster_kills_the_native_it_holds_and_turns_red_side_down() {
    // Round 2: the red-side-up Serpent (time 4, Charge-and-Thrust) intercepts the soldier
    // in the Charge square: he is killed outright; it lets go and turns red side down.
    let mut log = Vec::new();
    let mut g = soldier_held(&mut log);
    to_round(&mut g, 3, &mut log);
    assert_eq!(
        g.state().piles.place_of(&hired("company-1")),
        Some(&Place::Killed)
    );
    assert!(log.iter().any(|e| e.rule.0 == "8.4.7"
        && matches!(&e.detail, E::LetGo { monster } if *monster == piece("t-serpent"))));
    assert_eq!(facing(&g, &piece("t-serpent")), Some(Facing::Light));
    if let Some(c) = combat::current(g.state()) {
        assert!(c.holding_denizens.is_empty());
    }
}

fn bat(n: u8) -> Value {
    json!({"piece": {"kind": "monster", "id": "giant-bat", "n": n},
           "place": {"place": "clearing", "at": here()}})
}

fn bat_piece(n: u8) -> PieceId {
    serde_json::from_value(json!({"kind": "monster", "id": "giant-bat", "n": n})).unwrap()
}

#[test]
fn rule_8_4_2_control_bats_is_cancelled_when_her_hireling_is_assigned_to_attack_a_bat() {
    // The unhidden Elf, with a hired Company soldier, has the two Giant Bats assigned to
    // her; she deploys the soldier against Bat 0, then casts Control Bats (Magic VII chit
    // 3, Gold from her enchanted chit 0) at the Bats: as it would go into effect, her
    // hireling is assigned to attack one of its targets: it is cancelled.
    let elf = json!({"character": "elf", "at": here(), "spells": ["control-bats"],
        "hidden": false, "chits": [{"chit": 0, "status": "enchanted"}],
        "hirelings": term(&["company-1"])});
    let mut g = start(json!({"seats": [elf],
        "pieces": [native("company-1"), bat(0), bat(1)], "at": "sunset", "dice": dice(5, 200)}));
    let mut log = Vec::new();
    let deploy = A::Deploy {
        hireling: hired("company-1"),
        target: against(bat_piece(0)),
    };
    until(&mut g, S0, &deploy, &mut log);
    assert_eq!(duels(&g), vec![(bat_piece(0), vec![hired("company-1")])]);
    let aim = SpellAim::Kind {
        kind: tabletop_rules::magic_realm::catalog::denizens::MonsterKind::Bat,
    };
    spells_common::cast_at(&mut g, S0, 0, 3, Some(0), aim, &mut log);
    spells_common::through_targets(&mut g, &mut log);
    assert!(log.iter().any(|e| e.rule.0 == "8.4.2"
        && matches!(&e.detail, E::SpellCancelled { seat: S0, spell } if spell.0 == "control-bats")));
    assert!(g.state().spells.is_empty(), "no Bat is controlled");
    assert_eq!(chit(&g, S0, 3), ChitStatus::Fatigued);
    assert!(!combat::hirelings::is_hireling(
        tabletop_rules::magic_realm::catalog::get().unwrap(),
        g.state(),
        &bat_piece(1)
    ));
}

#[test]
fn rule_8_4_4_deal_with_goblins_is_cancelled_when_her_hireling_is_assigned_to_attack_a_goblin() {
    let witch = json!({"character": "witch", "at": here(), "spells": ["deal-with-goblins"],
        "hidden": false, "chits": [{"chit": 4, "status": "enchanted"}],
        "hirelings": term(&["company-1"])});
    let goblin = |n: u8| {
        json!({"piece": {"kind": "monster", "id": "axe-goblin", "n": n},
               "place": {"place": "clearing", "at": here()}})
    };
    let goblin_piece = |n: u8| -> PieceId {
        serde_json::from_value(json!({"kind": "monster", "id": "axe-goblin", "n": n})).unwrap()
    };
    let mut g = start(json!({"seats": [witch],
        "pieces": [native("company-1"), goblin(0), goblin(1)],
        "at": "sunset", "dice": dice(5, 200)}));
    let mut log = Vec::new();
    let deploy = A::Deploy {
        hireling: hired("company-1"),
        target: against(goblin_piece(1)),
    };
    until(&mut g, S0, &deploy, &mut log);
    let aim = SpellAim::Kind {
        kind: tabletop_rules::magic_realm::catalog::denizens::MonsterKind::Goblin,
    };
    spells_common::cast_at(&mut g, S0, 0, 11, Some(4), aim, &mut log);
    spells_common::through_targets(&mut g, &mut log);
    assert!(log.iter().any(|e| e.rule.0 == "8.4.2"
        && matches!(&e.detail, E::SpellCancelled { seat: S0, spell } if spell.0 == "deal-with-goblins")));
    assert!(g.state().spells.is_empty());
    assert_eq!(chit(&g, S0, 11), ChitStatus::Fatigued);
}

/// The Elf controls both Giant Bats (Control Bats in effect since the day); she also has a
/// hired Company soldier, and a Wolf is in the clearing. Unhidden, she has the Wolf
/// assigned to her; all dice 5.
fn elf_with_bats() -> Game {
    let bats = json!({"caster": 0, "spell": "control-bats", "spellBox": 0, "chit": 3,
        "aims": [{"aim": "denizen", "piece": {"kind": "monster", "id": "giant-bat", "n": 0}},
                 {"aim": "denizen", "piece": {"kind": "monster", "id": "giant-bat", "n": 1}}],
        "until": {"at": "sunset", "day": 2}});
    let elf = json!({"character": "elf", "at": here(), "spells": ["control-bats"],
        "hidden": false, "chits": [{"chit": 3, "status": "committed"}],
        "hirelings": term(&["company-1"])});
    start(json!({"seats": [elf], "spells": [bats],
        "pieces": [native("company-1"), bat(0), bat(1), monster("wolf-l4")],
        "at": "sunset", "dice": dice(5, 200)}))
}

#[test]
fn rule_8_4_2_deploying_her_hireling_against_a_controlled_bat_breaks_the_control() {
    // She deploys Bat 0 against the Wolf on her sheet (it defends on its own sheet, a.5),
    // then her soldier against Bat 1: the control is broken; Bat 0, no longer hers, no
    // longer fights the Wolf (uncontrolled denizens do not fight each other); the soldier
    // attacks Bat 1.
    let mut g = elf_with_bats();
    let mut log = Vec::new();
    let bat_on_wolf = A::Deploy {
        hireling: bat_piece(0),
        target: against(piece("wolf-l4")),
    };
    until(&mut g, S0, &bat_on_wolf, &mut log);
    assert_eq!(duels(&g), vec![(piece("wolf-l4"), vec![bat_piece(0)])]);
    let betray = A::Deploy {
        hireling: hired("company-1"),
        target: against(bat_piece(1)),
    };
    assert!(g.legal_actions(S0).contains(&betray));
    log.extend(g.apply(S0, betray).unwrap());
    assert!(log.iter().any(|e| matches!(&e.detail,
        E::SpellBroken { seat: S0, spell } if spell.0 == "control-bats")));
    assert!(g.state().spells.is_empty());
    assert_eq!(chit(&g, S0, 3), ChitStatus::Fatigued);
    assert_eq!(duels(&g), vec![(bat_piece(1), vec![hired("company-1")])]);
}

#[test]
fn rule_8_4_2_a_controlled_bat_deployed_against_another_target_of_its_spell_breaks_it_and_attacks_nobody(
) {
    let mut g = elf_with_bats();
    let mut log = Vec::new();
    let deploy = A::Deploy {
        hireling: bat_piece(0),
        target: against(bat_piece(1)),
    };
    until(&mut g, S0, &deploy, &mut log);
    assert!(log
        .iter()
        .any(|e| matches!(e.detail, E::SpellBroken { seat: S0, .. })));
    assert!(
        duels(&g).is_empty(),
        "two uncontrolled Bats do not fight each other"
    );
}

/// Random combats of two characters with hirelings against Tremendous monsters (a T
/// Serpent, a Giant with its club, a T Troll): every legal action applies, every piece
/// stays accounted for, and the holds of 8.3.6 a.8, 8.4.7 and 8.6 all happen somewhere.
#[test]
fn random_combats_of_hirelings_with_tremendous_monsters_keep_every_piece() {
    use tabletop_rules::engine::conformance::Conformance;
    use tabletop_rules::engine::{Seed, Session};
    use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
    use tabletop_rules::magic_realm::MagicRealm;
    let mut seen = std::collections::BTreeSet::new();
    let mut rng: u64 = 0x7E5;
    let mut next = |n: usize| {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        usize::try_from(rng >> 33).unwrap_or(0) % n.max(1)
    };
    for game in 0..50u64 {
        let sc: MagicRealmScenario = serde_json::from_value(json!({"seats": [
            {"character": "berserker", "at": here(), "hidden": game % 3 == 0,
             "hirelings": term(&["company-1", "company-2", "company-5"])},
            {"character": "white-knight", "at": here(), "hidden": game % 2 == 0,
             "hirelings": term(&["lancer-1", "lancer-2"])}],
            "pieces": [native("company-1"), native("company-2"), native("company-5"),
                native("lancer-1"), native("lancer-2"),
                monster("t-serpent"), monster("giant"), monster("t-troll")],
            "at": "sunset"}))
        .unwrap();
        let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(game)).unwrap();
        let mut fought = false;
        for step in 0..800 {
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
    for kind in ["Holding", "HoldingDenizen", "StillHolding", "LetGo"] {
        assert!(
            seen.contains(kind),
            "no {kind} in 50 random combats: {seen:?}"
        );
    }
}
