//! Rule scenarios for the round of combat (seed 004, seed 002 8.4.1 and 8.4.2) that
//! `docs/coverage.md` found without a test (issue 5): native horses turning over, an item
//! change instead of an action, denizens left unassigned, choosing (or not) a target, and
//! disengagement. Each is built from a scenario or melee situation with forced dice.

use crate::mr_seed_gaps::{
    details, here, maneuver, pass_once, pass_until, stage, start, sword, wolf, wolf_here, Game, S0,
};
use serde_json::json;
use tabletop_rules::engine::Seat;
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::tiles::TileId;
use tabletop_rules::magic_realm::combat::melee::Lane;
use tabletop_rules::magic_realm::combat::{self, CombatStage, CombatTarget};
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{Facing, PieceId};
use tabletop_rules::magic_realm::state::ChitStatus;

// ---- 8.4.2, seed 004: no target, and the denizens left unassigned --------------------------

#[test]
fn rule_8_4_2_a_hidden_character_who_leaves_his_chit_unplayed_stays_hidden_and_cannot_attack() {
    // Seed 002 8.4.2: "he can leave his chit unplayed ... he cannot attack a target that
    // round. If a hidden character leaves his chit unplayed, he remains hidden."
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "hidden": true, "belongings": [{"piece": sword()}]}],
        "pieces": [wolf_here()], "at": "sunset", "dice": [4, 1, 1]}));
    pass_until(&mut g, CombatStage::Targets);
    let name_wolf = A::SelectTarget {
        target: CombatTarget::Denizen { piece: wolf() },
    };
    assert!(g.legal_actions(S0).contains(&name_wolf));
    assert!(g.legal_actions(S0).contains(&A::NoTarget));
    g.apply(S0, A::NoTarget).unwrap();
    assert!(g.state().seats[0].hidden, "he remains hidden");
    // For the rest of the round he is offered no attack, and he stays hidden.
    for _ in 0..20 {
        if combat::current(g.state()).is_none_or(|c| c.round != 1) {
            break;
        }
        assert!(!g
            .legal_actions(S0)
            .iter()
            .any(|a| matches!(a, A::PlayAttack { .. } | A::PlayGloves { .. })));
        assert!(g.state().seats[0].hidden);
        pass_once(&mut g);
    }
    assert!(g.state().seats[0].hidden);
}

#[test]
fn seed_004_denizens_unassigned_after_deployment_do_not_attack_this_round() {
    // The only character is hidden: the wolf is not assigned to him (8.3.5) and no one
    // lures it; unassigned, it attacks no one. Two quiet rounds end the combat.
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "hidden": true}],
        "pieces": [wolf_here()], "at": "sunset", "dice": [4, 1, 1, 4, 1, 1]}));
    let mut events = Vec::new();
    for _ in 0..60 {
        if let Some(c) = combat::current(g.state()) {
            assert!(c.sheet_of(&wolf()).is_none(), "the wolf stays unassigned");
        } else {
            break;
        }
        events.extend(pass_once(&mut g));
    }
    let d = details(&events);
    assert!(d
        .iter()
        .any(|e| matches!(e, E::CombatEnds { rounds: 2, .. })));
    assert!(!d
        .iter()
        .any(|e| matches!(e, E::Wounded { .. } | E::Killed { .. })));
    assert_eq!(g.state().seats[0].chits, [ChitStatus::Fresh; 12]);
}

// ---- 8.4.1, seed 004: native horses turn over -----------------------------------------------

fn pony() -> PieceId {
    serde_json::from_value(json!({"kind": "native_horse", "id": "lancer-pony-1"})).unwrap()
}

fn pony_facing(g: &Game) -> Facing {
    g.state()
        .piles
        .find(&pony())
        .map(|(_, c)| c.facing)
        .expect("the pony is somewhere")
}

/// The pony's facing in the first Encounter Step and at the start of the first
/// Melee Step (Targets), the Lancer `hired` by the Swordsman or not, the pony starting
/// `facing`.
fn pony_through_round_one(hired: bool, facing: &str) -> (Facing, Facing) {
    let lancer = json!({"piece": {"kind": "native", "id": "lancer-1"},
        "place": {"place": "clearing", "at": here()}});
    let horse = json!({"piece": {"kind": "native_horse", "id": "lancer-pony-1"},
        "place": {"place": "clearing", "at": here()}, "facing": facing});
    let hirelings = if hired {
        json!([{"native": "lancer-1", "lastDay": 10}])
    } else {
        json!([])
    };
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "hirelings": hirelings}],
        "pieces": [lancer, horse], "at": "sunset", "dice": [4, 4, 4, 1, 1, 4, 1, 1]}));
    let mut encounter = None;
    for _ in 0..30 {
        match stage(&g) {
            Some(CombatStage::Targets) => {
                return (
                    encounter.expect("the Encounter Step came first"),
                    pony_facing(&g),
                );
            }
            Some(_) if encounter.is_none() => encounter = Some(pony_facing(&g)),
            _ => {}
        }
        pass_once(&mut g);
    }
    panic!("no Melee Step");
}

#[test]
fn rule_8_4_1_an_unhired_natives_horse_walks_in_the_encounter_step_and_gallops_in_the_melee_step() {
    // Seed 004: "All unhired native horses turn 'walking' side up" (Encounter Step), and
    // 8.4.1: at the start of the Melee Step they turn dark (galloping) side up.
    for start_facing in ["light", "dark"] {
        assert_eq!(
            pony_through_round_one(false, start_facing),
            (Facing::Light, Facing::Dark),
            "starting {start_facing}"
        );
    }
}

#[test]
fn rule_8_4_1_a_hired_natives_horse_turns_over_at_the_melee_step() {
    // 8.4.1: "all native horses being ridden by hired natives turn over": walking becomes
    // galloping and galloping walking.
    assert_eq!(
        pony_through_round_one(true, "light"),
        (Facing::Light, Facing::Dark)
    );
    assert_eq!(
        pony_through_round_one(true, "dark"),
        (Facing::Dark, Facing::Light)
    );
}

// ---- Seed 004 Actions: an item change instead of an action ----------------------------------

fn changes_items(g: &Game, seat: Seat) -> bool {
    g.legal_actions(seat)
        .iter()
        .any(|a| matches!(a, A::EncounterItem { .. }))
}

#[test]
fn seed_004_an_item_change_is_instead_of_an_action_and_not_after_a_charge() {
    use tabletop_rules::magic_realm::actions::BelongingChange;
    // Alone with his sword: he may deactivate it; having done so he does no action (no
    // turning his weapon).
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "belongings": [{"piece": sword()}]}], "at": "sunset"}));
    pass_until(&mut g, CombatStage::Actions);
    assert!(g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::TurnWeapon { .. })));
    g.apply(
        S0,
        A::EncounterItem {
            piece: sword(),
            change: BelongingChange::Deactivate,
        },
    )
    .unwrap();
    assert!(!g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::TurnWeapon { .. } | A::RunAway { .. })));
    // Having charged the Amazon (from hiding, as in mr_combat.rs), the Swordsman changes
    // no item.
    let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": here(), "hidden": true,
             "belongings": [{"piece": sword()}]},
            {"character": "amazon", "at": here(), "hidden": false,
             "belongings": [{"piece": {"kind": "weapon", "id": "short-sword", "n": 0}}]}],
        "at": "sunset"}));
    pass_until(&mut g, CombatStage::Deployment);
    g.apply(
        S0,
        A::Charge {
            target: Seat(1),
            chit: 1,
        },
    )
    .unwrap();
    // Through the Actions stage: she is offered an item change, he never is.
    let (mut his, mut hers) = (false, false);
    for _ in 0..10 {
        if stage(&g) == Some(CombatStage::Targets) {
            break;
        }
        if stage(&g) == Some(CombatStage::Actions) {
            his |= changes_items(&g, S0);
            hers |= changes_items(&g, Seat(1));
        }
        pass_once(&mut g);
    }
    assert!(!his, "he charged");
    assert!(hers, "she did not");
}

// ---- 8.4.2: a hidden target only after finding hidden enemies -------------------------------

/// The Swordsman Peers in his clearing while the Amazon hides there; all dice `die`
/// (4: hidden enemies; 5: clues only; both hide her). Their candidates for a target at the
/// Evening's first Melee Step, with the game there.
fn swordsman_targets_after_peering(die: u8) -> (Game, Vec<CombatTarget>) {
    use tabletop_rules::magic_realm::actions::SearchChoice;
    let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": here(), "hidden": false,
             "record": [{"activity": "search"}]},
            {"character": "amazon", "at": here(), "hidden": false,
             "record": [{"activity": "hide"}]}],
        "at": "daylight", "dice": vec![die; 40]}));
    let peer = A::Search {
        search: SearchChoice::Peer {
            at: ClearingRef::new(TileId::OakWoods, 2),
        },
    };
    for _ in 0..60 {
        if stage(&g) == Some(CombatStage::Targets) {
            assert!(g.state().seats[1].hidden, "she hid");
            let data = tabletop_rules::magic_realm::game::data().unwrap();
            let c = combat::current(g.state()).unwrap();
            let names = combat::targets::candidates(data, g.state(), c, S0);
            return (g, names);
        }
        let Some(seat) = g.to_act().seats().first().copied() else {
            break;
        };
        let legal = g.legal_actions(seat);
        let action = if legal.contains(&peer) {
            peer.clone()
        } else if legal.contains(&A::Proceed) {
            A::Proceed
        } else {
            combat::passing(&legal).expect("an action")
        };
        g.apply(seat, action).unwrap();
    }
    panic!("no Melee Step");
}

#[test]
fn rule_8_4_2_a_hidden_target_only_after_finding_hidden_enemies_that_day() {
    let amazon = CombatTarget::Character { seat: Seat(1) };
    let (_, names) = swordsman_targets_after_peering(5);
    assert!(!names.contains(&amazon));
    let (mut g, names) = swordsman_targets_after_peering(4);
    assert!(names.contains(&amazon));
    // 8.4.2: naming her as his target unhides her.
    let name_her = A::SelectTarget { target: amazon };
    for _ in 0..4 {
        if g.legal_actions(S0).contains(&name_her) {
            break;
        }
        pass_once(&mut g);
    }
    assert!(g.state().seats[1].hidden);
    g.apply(S0, name_her).unwrap();
    assert!(!g.state().seats[1].hidden, "named, she is unhidden");
    assert!(!g.state().seats[0].hidden);
}

// ---- 8.4.2: a target on another sheet; naming it does not reassign it -----------------------

#[test]
fn rule_8_4_2_he_may_target_a_denizen_on_another_sheet_and_naming_it_does_not_reassign_it() {
    // The Swordsman lures the Ogre, the Amazon the wolf. With the Ogre on his own sheet he
    // may still name the wolf on hers, and it stays hers.
    let ogre: PieceId =
        serde_json::from_value(json!({"kind": "monster", "id": "ogre", "n": 0})).unwrap();
    let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": here(), "hidden": false},
            {"character": "amazon", "at": here(), "hidden": false}],
        "pieces": [wolf_here(), {"piece": {"kind": "monster", "id": "ogre", "n": 0},
            "place": {"place": "clearing", "at": here()}}],
        "at": "sunset", "dice": vec![4u8; 40]}));
    let s1 = Seat(1);
    for _ in 0..10 {
        let Some(seat) = g.to_act().seats().first().copied() else {
            break;
        };
        let lure = A::Lure {
            denizen: if seat == S0 { ogre.clone() } else { wolf() },
        };
        if stage(&g) == Some(CombatStage::Luring) && g.legal_actions(seat).contains(&lure) {
            g.apply(seat, lure).unwrap();
        } else if stage(&g) == Some(CombatStage::Luring) {
            pass_once(&mut g);
        } else {
            break;
        }
    }
    let c = combat::current(g.state()).unwrap();
    assert_eq!(c.sheet_of(&ogre), Some(S0));
    assert_eq!(c.sheet_of(&wolf()), Some(s1));
    let name_wolf = A::SelectTarget {
        target: CombatTarget::Denizen { piece: wolf() },
    };
    for _ in 0..20 {
        if g.legal_actions(S0).contains(&name_wolf) {
            break;
        }
        pass_once(&mut g);
    }
    g.apply(S0, name_wolf).unwrap();
    let c = combat::current(g.state()).unwrap();
    assert_eq!(
        c.sheet_of(&wolf()),
        Some(s1),
        "the wolf still attacks the Amazon"
    );
    assert_eq!(c.sheet_of(&ogre), Some(S0));
}

// ---- Seed 004 Disengagement -----------------------------------------------------------------

#[test]
fn seed_004_a_denizen_assigned_to_a_character_stays_assigned_and_keeps_its_side() {
    // The wolf on his sheet changes tactics (6 6: dark side up) and misses his Duck; he does
    // not attack. In the next round it is still on his sheet, still dark side up.
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here()}],
        "pieces": [wolf_here()], "at": "sunset", "dice": [4, 6, 6, 4, 1, 1]}));
    g.apply(S0, A::Lure { denizen: wolf() }).unwrap();
    pass_until(&mut g, CombatStage::Targets);
    g.apply(S0, A::NoTarget).unwrap();
    g.apply(
        S0,
        A::PlaceDenizen {
            denizen: wolf(),
            lane: Lane::ChargeThrust,
        },
    )
    .unwrap();
    g.apply(S0, maneuver(0, Lane::DuckSmash)).unwrap();
    let ev = g.apply(S0, A::EndPlays).unwrap();
    assert!(!details(&ev)
        .iter()
        .any(|d| matches!(d, E::Killed { .. } | E::Wounded { .. })));
    for _ in 0..10 {
        if combat::current(g.state()).is_none_or(|c| c.round >= 2) {
            break;
        }
        pass_once(&mut g);
    }
    let c = combat::current(g.state()).expect("a second round");
    assert_eq!(c.round, 2);
    assert_eq!(c.sheet_of(&wolf()), Some(S0));
    assert_eq!(
        g.state().piles.find(&wolf()).map(|(_, p)| p.facing),
        Some(Facing::Dark)
    );
}

// ---- 8.4.2g: rebels -------------------------------------------------------------------------

#[test]
fn rule_8_4_2g_rebels_are_not_attacked_by_monsters_and_battle_the_traitor() {
    // Company soldier 1 lures the wolf onto a sheet of his own; then the Swordsman names
    // him as his target: the Company rebels, the wolf's attack on the rebel is cancelled,
    // and the Company is battling the Swordsman.
    use tabletop_rules::magic_realm::catalog::denizens::NativeGroup;
    let native = |id: &str| {
        json!({"piece": {"kind": "native", "id": id},
            "place": {"place": "clearing", "at": here()}})
    };
    let soldier: PieceId =
        serde_json::from_value(json!({"kind": "native", "id": "company-1"})).unwrap();
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "hidden": false, "fame": 20,
        "hirelings": [{"native": "company-1", "lastDay": 10},
                      {"native": "company-2", "lastDay": 10}]}],
        "pieces": [native("company-1"), native("company-2"), wolf_here()],
        "at": "sunset", "dice": vec![1u8; 40]}));
    g.apply(
        S0,
        A::HirelingLure {
            hireling: soldier.clone(),
            denizen: wolf(),
        },
    )
    .unwrap();
    let attacked = |g: &crate::mr_seed_gaps::Game| {
        combat::current(g.state()).is_some_and(|c| {
            c.duels
                .iter()
                .any(|d| d.defender == soldier && d.attackers.contains(&wolf()))
        })
    };
    assert!(attacked(&g));
    let betray = A::SelectTarget {
        target: CombatTarget::Denizen {
            piece: soldier.clone(),
        },
    };
    for _ in 0..20 {
        if g.legal_actions(S0).contains(&betray) {
            break;
        }
        pass_once(&mut g);
    }
    assert!(attacked(&g), "still attacked as the Melee Step begins");
    let ev = g.apply(S0, betray).unwrap();
    assert!(details(&ev).iter().any(|d| matches!(d, E::Rebelled { .. })));
    assert!(!attacked(&g), "the wolf's attack on the rebel is cancelled");
    assert!(g
        .state()
        .today
        .evening
        .battling
        .iter()
        .any(|o| o.seat == S0 && o.group == NativeGroup::Company));
}

// ---- 8.4.2: who may be a target ---------------------------------------------------------------

#[test]
fn rule_8_4_2_visitors_are_never_targets_and_denizens_do_not_fight_each_other() {
    // A wolf, an unhired Bashkar and the Crone (a visitor) share his clearing: he may name
    // the wolf or the Bashkar, never the visitor; the wolf and the Bashkar are not set
    // against each other.
    let crone: PieceId =
        serde_json::from_value(json!({"kind": "visitor_chit", "id": "crone-raid"})).unwrap();
    let bashkar: PieceId =
        serde_json::from_value(json!({"kind": "native", "id": "bashkar-1"})).unwrap();
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "hidden": true}],
        "pieces": [wolf_here(),
            {"piece": bashkar, "place": {"place": "clearing", "at": here()}},
            {"piece": crone, "place": {"place": "clearing", "at": here()}}],
        "at": "sunset", "dice": vec![4u8; 40]}));
    for _ in 0..30 {
        if stage(&g) == Some(CombatStage::Targets) {
            break;
        }
        let Some(seat) = g.to_act().seats().first().copied() else {
            break;
        };
        let legal = g.legal_actions(seat);
        // Meeting-table rolls for the Bashkars first, if asked (no drinks).
        let roll = legal
            .iter()
            .find(|a| matches!(a, A::RollForBattling { drinks: false, .. }))
            .cloned();
        let action = roll.or_else(|| combat::passing(&legal)).expect("an action");
        g.apply(seat, action).unwrap();
    }
    assert_eq!(stage(&g), Some(CombatStage::Targets));
    let data = tabletop_rules::magic_realm::game::data().unwrap();
    let c = combat::current(g.state()).unwrap();
    let names = combat::targets::candidates(data, g.state(), c, S0);
    assert!(names.contains(&CombatTarget::Denizen { piece: wolf() }));
    assert!(names.contains(&CombatTarget::Denizen {
        piece: bashkar.clone()
    }));
    assert!(!names.contains(&CombatTarget::Denizen {
        piece: crone.clone()
    }));
    assert!(c.duels.is_empty(), "no denizen fights another");
    assert!(c.sheet_of(&wolf()).is_none() && c.sheet_of(&bashkar).is_none());
}
