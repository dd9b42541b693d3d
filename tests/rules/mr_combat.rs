//! Rule scenarios for the rounds of combat in a clearing (rules 8.1.3, 8.3 to 8.8; seeds
//! 004 and 002), each built from a scenario with forced dice and named by its rule.

use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat, Seed, Session};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::combat::{self, CombatStage, CombatTarget};
use tabletop_rules::magic_realm::pieces::PieceId;
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::state::{ChitStatus, Step};
use tabletop_rules::magic_realm::MagicRealm;

type Game = Session<MagicRealm>;
const S0: Seat = Seat(0);
const S1: Seat = Seat(1);

fn start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(5)).expect("the scenario starts");
    crate::daylight_common::take_kept_turns(&mut g);
    g
}

fn here() -> Value {
    json!({"tile": "oak_woods", "clearing": 2})
}

fn monster(id: &str, n: u8) -> Value {
    json!({"piece": {"kind": "monster", "id": id, "n": n},
           "place": {"place": "clearing", "at": here()}})
}

fn wolf() -> PieceId {
    serde_json::from_value(json!({"kind": "monster", "id": "wolf-l4", "n": 0})).unwrap()
}

fn details(events: &[Event<E>]) -> Vec<&E> {
    events.iter().map(|e| &e.detail).collect()
}

fn stage(g: &Game) -> Option<CombatStage> {
    combat::current(g.state()).map(|c| c.stage)
}

/// Applies the passing action of whoever acts, `n` times at most, while combat lasts.
fn pass(g: &mut Game, n: usize) -> Vec<Event<E>> {
    let mut events = Vec::new();
    for _ in 0..n {
        if combat::current(g.state()).is_none() {
            break;
        }
        let Some(seat) = g.to_act().seats().first().copied() else {
            break;
        };
        let Some(action) = combat::passing(&g.legal_actions(seat)) else {
            break;
        };
        events.extend(g.apply(seat, action).unwrap());
    }
    events
}

fn two(extra: Value, hidden: bool, dice: &[u8]) -> Game {
    start(json!({"seats": [
        {"character": "swordsman", "at": here(), "hidden": hidden},
        {"character": "amazon", "at": here(), "hidden": false}],
        "pieces": extra, "at": "sunset", "dice": dice}))
}

#[test]
fn rule_8_1_3_a_lone_character_still_does_two_quiet_rounds() {
    let sword = json!({"kind": "weapon", "id": "thrusting-sword", "n": 0});
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "belongings": [{"piece": sword}]}], "at": "sunset"}));
    assert_eq!(combat::current(g.state()).map(|c| c.round), Some(1));
    let events = pass(&mut g, 50);
    assert!(details(&events)
        .iter()
        .any(|d| matches!(d, E::CombatRound { round: 2 })));
    assert!(details(&events)
        .iter()
        .any(|d| matches!(d, E::CombatEnds { rounds: 2, .. })));
    assert!(matches!(g.state().step, Step::Birdsong { day: 2 }));
}

#[test]
fn rule_8_3_5_random_assignment_goes_to_the_higher_die() {
    // Swordsman rolls 3 and 2 (3), the Amazon 5 and 1 (5): the wolf attacks the Amazon.
    let mut g = two(json!([monster("wolf-l4", 0)]), false, &[3, 2, 5, 1]);
    assert_eq!(stage(&g), Some(CombatStage::Luring));
    g.apply(S0, A::EndLuring).unwrap();
    let ev = g.apply(S1, A::EndLuring).unwrap();
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::Assigned { seat: S1, .. })));
    let c = combat::current(g.state()).unwrap();
    assert_eq!(c.sheets.get(&S1), Some(&vec![wolf()]));
}

#[test]
fn rule_8_3_5_ties_roll_again() {
    // Both roll 4, then the Swordsman 6 against 2.
    let mut g = two(
        json!([monster("wolf-l4", 0)]),
        false,
        &[4, 1, 4, 3, 6, 1, 2, 2],
    );
    g.apply(S0, A::EndLuring).unwrap();
    g.apply(S1, A::EndLuring).unwrap();
    let c = combat::current(g.state()).unwrap();
    assert_eq!(c.sheets.get(&S0), Some(&vec![wolf()]));
}

#[test]
fn rule_8_3_5_denizens_are_not_assigned_to_hidden_characters() {
    // The Swordsman is hidden: the Amazon takes the wolf without a roll.
    let mut g = two(json!([monster("wolf-l4", 0)]), true, &[]);
    g.apply(S0, A::EndLuring).unwrap();
    let ev = g.apply(S1, A::EndLuring).unwrap();
    assert!(!details(&ev)
        .iter()
        .any(|d| matches!(d, E::AssignmentRolled { .. })));
    let c = combat::current(g.state()).unwrap();
    assert_eq!(c.sheets.get(&S1), Some(&vec![wolf()]));
}

#[test]
fn rule_8_3_4_a_hidden_character_who_lures_is_unhidden() {
    let mut g = two(json!([monster("wolf-l4", 0)]), true, &[]);
    g.apply(S0, A::Lure { denizen: wolf() }).unwrap();
    assert!(!g.state().seats[0].hidden);
    let c = combat::current(g.state()).unwrap();
    assert_eq!(c.sheets.get(&S0), Some(&vec![wolf()]));
}

#[test]
fn rule_8_3_4_luring_a_native_sets_his_group_battling() {
    let bashkar = json!({"piece": {"kind": "native", "id": "bashkar-1"},
        "place": {"place": "clearing", "at": here()}});
    // Neutral Bashkars: the Meeting Table roll (4, 4) says they do not battle him.
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here()}],
        "pieces": [bashkar], "at": "sunset", "dice": [4, 4]}));
    pass_battling(&mut g);
    let native: PieceId =
        serde_json::from_value(json!({"kind": "native", "id": "bashkar-1"})).unwrap();
    let ev = g.apply(S0, A::Lure { denizen: native }).unwrap();
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::NativesBattle { seat: S0, .. })));
}

fn pass_battling(g: &mut Game) {
    for _ in 0..6 {
        let Some(seat) = g.to_act().seats().first().copied() else {
            return;
        };
        let Some(a) = g
            .legal_actions(seat)
            .into_iter()
            .find(|a| matches!(a, A::RollForBattling { drinks: false, .. }))
        else {
            return;
        };
        g.apply(seat, a).unwrap();
    }
}

#[test]
fn rule_8_3_6_a_charge_names_the_only_target_and_unhides() {
    let mut g = two(json!([]), true, &[]);
    // No denizens: luring passes by itself; the Swordsman has found no enemies, so he
    // cannot charge... the Amazon can charge him only once he is unhidden.
    assert_eq!(stage(&g), Some(CombatStage::Deployment));
    assert!(!g
        .legal_actions(S1)
        .iter()
        .any(|a| matches!(a, A::Charge { .. })));
    g.apply(
        S0,
        A::Charge {
            target: S1,
            chit: 1,
        },
    )
    .unwrap();
    assert!(!g.state().seats[0].hidden, "8.3.6: the charger is unhidden");
    pass_until(&mut g, CombatStage::Targets);
    assert_eq!(
        combat::targets::candidates(
            tabletop_rules::magic_realm::game::data().unwrap(),
            g.state(),
            combat::current(g.state()).unwrap(),
            S0
        ),
        vec![CombatTarget::Character { seat: S1 }]
    );
}

fn pass_until(g: &mut Game, wanted: CombatStage) {
    for _ in 0..20 {
        if stage(g) == Some(wanted) {
            return;
        }
        pass(g, 1);
    }
}

#[test]
fn rule_8_3_7_a_fight_chit_turns_the_weapon_and_rule_8_5_1_two_asterisks_fatigue_one() {
    let sword = json!({"kind": "weapon", "id": "thrusting-sword", "n": 0});
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "belongings": [{"piece": sword}]}], "at": "sunset"}));
    assert_eq!(stage(&g), Some(CombatStage::Actions));
    // Chit 11 is Fight L2**: turning the weapon costs one asterisk of fatigue.
    g.apply(S0, A::TurnWeapon { chit: 11 }).unwrap();
    assert_eq!(stage(&g), Some(CombatStage::Fatigue));
    // One asterisk owed: a one-asterisk Fight chit pays it (4.2.4a); a Move chit cannot
    // pay for a Fight asterisk, and no two-asterisk chit may, as none can make change.
    assert_eq!(
        fatigue_offers(&g),
        vec![2, 7],
        "Fight L3* and Fight M4* only"
    );
    g.apply(S0, A::FatigueChit { chit: 7 }).unwrap();
    assert_eq!(g.state().seats[0].chits[7], ChitStatus::Fatigued);
    assert_eq!(g.state().seats[0].chits[11], ChitStatus::Fresh);
}

/// The chits the Fatigue Step offers the first seat.
fn fatigue_offers(g: &Game) -> Vec<u8> {
    g.legal_actions(S0)
        .iter()
        .filter_map(|a| match a {
            A::FatigueChit { chit } => Some(*chit),
            _ => None,
        })
        .collect()
}

/// The Swordsman turns his weapon with Fight L2** (chit 11) and owes one Fight asterisk;
/// `chits` sets his other chits' statuses.
fn owing_one_fight_asterisk(chits: Value) -> Game {
    let sword = json!({"kind": "weapon", "id": "thrusting-sword", "n": 0});
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "belongings": [{"piece": sword}], "chits": chits}], "at": "sunset"}));
    g.apply(S0, A::TurnWeapon { chit: 11 }).unwrap();
    assert_eq!(stage(&g), Some(CombatStage::Fatigue));
    g
}

#[test]
fn rule_4_2_4_a_a_two_asterisk_chit_pays_one_asterisk_only_with_change_or_when_nothing_else_can() {
    // Fight L3* (2) and Fight M4* (7) in play, nothing fatigued: only they may pay; Fight
    // L2** (4, 11) and Fight M3** (8) would lose an asterisk that one of them can pay.
    let g = owing_one_fight_asterisk(json!([]));
    assert_eq!(fatigue_offers(&g), vec![2, 7]);

    // Fight L3* fatigued, Fight M4* wounded: no one-asterisk Fight chit is in play, but
    // each two-asterisk Fight chit makes change by bringing Fight L3* back.
    let mut g = owing_one_fight_asterisk(json!([
        {"chit": 2, "status": "fatigued"}, {"chit": 7, "status": "wounded"}]));
    assert_eq!(fatigue_offers(&g), vec![4, 8, 11]);
    g.apply(S0, A::FatigueChit { chit: 8 }).unwrap();
    assert_eq!(g.state().seats[0].chits[8], ChitStatus::Fatigued);
    assert_eq!(g.state().seats[0].chits[2], ChitStatus::Fresh, "the change");

    // Both wounded: he can do neither, so a two-asterisk chit pays and the extra asterisk
    // is lost.
    let mut g = owing_one_fight_asterisk(json!([
        {"chit": 2, "status": "wounded"}, {"chit": 7, "status": "wounded"}]));
    assert_eq!(fatigue_offers(&g), vec![4, 8, 11]);
    g.apply(S0, A::FatigueChit { chit: 4 }).unwrap();
    assert_eq!(g.state().seats[0].chits[4], ChitStatus::Fatigued);
    assert_eq!(g.state().seats[0].chits[2], ChitStatus::Wounded);
    assert!(fatigue_offers(&g).is_empty(), "the asterisk is paid");
}

#[test]
fn rule_8_7_killing_a_monster_gains_its_bounty_and_rule_8_4_9_the_weapon_unalerts() {
    // The Swordsman lures the L4 wolf, targets it, thrusts with his Fight M4* (chit 7) and
    // ducks with Move L4 (chit 0); the wolf is put in Charge-and-Thrust.
    let sword = json!({"kind": "weapon", "id": "thrusting-sword", "n": 0});
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "belongings": [{"piece": sword}]}],
        "pieces": [monster("wolf-l4", 0)], "at": "sunset",
        // Repositioning 4 (no move), change tactics 1 1 (no change).
        "dice": [4, 1, 1]}));
    // With nothing more to lure, his luring ends by itself.
    g.apply(S0, A::Lure { denizen: wolf() }).unwrap();
    pass_until(&mut g, CombatStage::Targets);
    g.apply(
        S0,
        A::SelectTarget {
            target: CombatTarget::Denizen { piece: wolf() },
        },
    )
    .unwrap();
    use tabletop_rules::magic_realm::combat::melee::Lane;
    g.apply(
        S0,
        A::PlaceDenizen {
            denizen: wolf(),
            lane: Lane::ChargeThrust,
        },
    )
    .unwrap();
    g.apply(
        S0,
        A::PlayAttack {
            chit: 7,
            lane: Lane::ChargeThrust,
        },
    )
    .unwrap();
    g.apply(
        S0,
        A::PlayManeuver {
            with: combat::ManeuverPlay::Chit { chit: 0 },
            lane: Lane::DuckSmash,
        },
    )
    .unwrap();
    let ev = g.apply(S0, A::EndPlays).unwrap();
    let killed = details(&ev).into_iter().find_map(|d| match d {
        E::Killed {
            fame,
            notoriety,
            by: Some(S0),
            ..
        } => Some((*fame, *notoriety)),
        _ => None,
    });
    let (fame, notoriety) = killed.expect("the wolf is killed");
    assert_eq!(
        (g.state().seats[0].fame, g.state().seats[0].notoriety),
        (fame, notoriety)
    );
    assert!(notoriety > 0 || fame > 0);
    assert_eq!(
        g.state().piles.place_of(&wolf()),
        Some(&tabletop_rules::magic_realm::pieces::Place::Killed)
    );
}

#[test]
fn rule_4_4_4_and_4_4_5_boots_maneuver_and_gloves_fight_like_chits() {
    // No weapon: the Gloves (Handy Gloves, M3) fight with the dagger at time 3; the Boots
    // (Power Boots, H4) maneuver at time 4. The wolf stays in Charge-and-Thrust (dice 4,
    // 1 1): the thrust intercepts it; it attacks along Charge and misses the Duck.
    let boots = json!({"kind": "treasure", "id": "power-boots"});
    let gloves = json!({"kind": "treasure", "id": "handy-gloves"});
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "belongings": [{"piece": boots}, {"piece": gloves}]}],
        "pieces": [monster("wolf-l4", 0)], "at": "sunset", "dice": [4, 1, 1]}));
    g.apply(S0, A::Lure { denizen: wolf() }).unwrap();
    pass_until(&mut g, CombatStage::Targets);
    g.apply(
        S0,
        A::SelectTarget {
            target: CombatTarget::Denizen { piece: wolf() },
        },
    )
    .unwrap();
    use tabletop_rules::magic_realm::combat::melee::Lane;
    let legal = g.legal_actions(S0);
    let gloves_play = A::PlayGloves {
        lane: Lane::ChargeThrust,
    };
    let boots_play = A::PlayManeuver {
        with: combat::ManeuverPlay::Boots,
        lane: Lane::DuckSmash,
    };
    assert!(legal.contains(&gloves_play) && legal.contains(&boots_play));
    g.apply(
        S0,
        A::PlaceDenizen {
            denizen: wolf(),
            lane: Lane::ChargeThrust,
        },
    )
    .unwrap();
    g.apply(S0, gloves_play).unwrap();
    assert!(
        !g.legal_actions(S0)
            .iter()
            .any(|a| matches!(a, A::PlayAttack { .. })),
        "one attack a round"
    );
    g.apply(S0, boots_play).unwrap();
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let attack = combat::fighters::gloves_attack_values(cat, g.state(), S0).unwrap();
    assert_eq!(attack.time, 3, "the Gloves' time for the dagger");
    let ev = g.apply(S0, A::EndPlays).unwrap();
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::Killed { by: Some(S0), .. })));
    assert!(!details(&ev).iter().any(|d| matches!(d, E::Wounded { .. })));
    // No chit was played: nothing to fatigue.
    assert!(g.state().seats[0]
        .chits
        .iter()
        .all(|c| *c == ChitStatus::Fresh));
}

#[test]
fn rule_8_4_9_the_weapon_of_an_attacker_killed_before_his_attack_lands_turns_alerted() {
    // The Spear Goblin turns dark side up as it changes tactics (Heavy, time 5, length
    // 10) and outreaches the Thrusting Sword (length 4) in the first round: its thrust
    // meets the Swordsman's charge and kills him before his own thrust lands. His attack
    // is cancelled, and the sword he drops turns alerted side up.
    let goblin: PieceId =
        serde_json::from_value(json!({"kind": "monster", "id": "spear-goblin", "n": 0})).unwrap();
    let sword: PieceId =
        serde_json::from_value(json!({"kind": "weapon", "id": "thrusting-sword", "n": 0})).unwrap();
    // A hidden Amazon stays in the clearing, so the combat (and the day) goes on.
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "belongings": [{"piece": sword, "facing": "unalerted"}]},
        {"character": "amazon", "at": here(), "hidden": true}],
        "pieces": [{"piece": goblin, "place": {"place": "clearing", "at": here()}}],
        "at": "sunset",
        // Repositioning 4 (no move), change tactics 6 1 (it turns over).
        "dice": [4, 6, 1]}));
    // The Swordsman's actions, the Amazon passing whenever she is to act.
    let act = |g: &mut Game, action: A| -> Vec<Event<E>> {
        for _ in 0..20 {
            if g.legal_actions(S0).contains(&action) {
                break;
            }
            pass(g, 1);
        }
        g.apply(S0, action).unwrap()
    };
    use tabletop_rules::magic_realm::combat::melee::Lane;
    act(
        &mut g,
        A::Lure {
            denizen: goblin.clone(),
        },
    );
    act(
        &mut g,
        A::SelectTarget {
            target: CombatTarget::Denizen {
                piece: goblin.clone(),
            },
        },
    );
    act(
        &mut g,
        A::PlaceDenizen {
            denizen: goblin.clone(),
            lane: Lane::ChargeThrust,
        },
    );
    act(
        &mut g,
        A::PlayAttack {
            chit: 7,
            lane: Lane::ChargeThrust,
        },
    );
    act(
        &mut g,
        A::PlayManeuver {
            with: combat::ManeuverPlay::Chit { chit: 0 },
            lane: Lane::ChargeThrust,
        },
    );
    let mut ev = act(&mut g, A::EndPlays);
    // The Amazon's plays (none) reveal the round.
    for _ in 0..10 {
        if combat::current(g.state()).is_some_and(|c| c.stage != CombatStage::Plays) {
            break;
        }
        ev.extend(pass(&mut g, 1));
    }
    assert!(
        !details(&ev)
            .iter()
            .any(|d| matches!(d, E::Killed { by: Some(S0), .. })),
        "his attack is cancelled"
    );
    assert_eq!(
        g.state().seats[0].fate,
        tabletop_rules::magic_realm::state::Fate::Dead,
        "the goblin kills him first"
    );
    let (place, facing) = g
        .state()
        .piles
        .find(&sword)
        .map(|(p, c)| (p.clone(), c.facing))
        .unwrap();
    assert_eq!(
        place,
        tabletop_rules::magic_realm::pieces::Place::Clearing {
            at: serde_json::from_value(here()).unwrap()
        }
    );
    assert_eq!(facing, tabletop_rules::magic_realm::pieces::Facing::Alerted);
}
