//! Rule scenarios for characters transmorphized into Tremendous monsters (seed 002 8.4.7,
//! "Characters Transmorphized into Tremendous Monsters"; 8.6, first item): a hit that leaves
//! his target alive turns his monster red side up and he holds the target; the held target
//! cannot run away, the holder names no other target, combat cannot end while he is red
//! side up, and his next hit kills the held target outright. The hold ends when one of them
//! is killed or his spell stops working. The head or club of a monster he absorbed attacks
//! separately.
//!
//! The Witch King has absorbed the essence of the T Serpent (light side: Light harm at 4;
//! red side: kills outright at 4), or the Sorceror is transformed into the Dragon
//! (Tremendous harm at 4). The Amazon, unarmored (or in T Armor against the Dragon), plays
//! no maneuver, so every attack on her hits.

use crate::spells_common::{dice, here, monster, piece, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::common::Side;
use tabletop_rules::magic_realm::combat::melee::{Lane, MeleeStrike};
use tabletop_rules::magic_realm::combat::spells::{self, transform};
use tabletop_rules::magic_realm::combat::{self, holding, CombatStage, CombatTarget};

const AMAZON: Seat = S1;

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn amazon_target() -> CombatTarget {
    CombatTarget::Character { seat: AMAZON }
}

fn round(g: &Game) -> u16 {
    combat::current(g.state()).map_or(0, |c| c.round)
}

fn stage(g: &Game) -> Option<CombatStage> {
    combat::current(g.state()).map(|c| c.stage)
}

/// The Witch King (seat 0), who has absorbed the essence of the T Serpent, and the
/// unarmored Amazon (seat 1), at Sunset.
fn serpent_and_amazon() -> Game {
    let absorb = json!({"caster": 0, "spell": "absorb-essence", "spellBox": 0, "chit": 4,
        "aims": [{"aim": "denizen", "piece": {"kind": "monster", "id": "t-serpent", "n": 0}}],
        "until": {"at": "never"}});
    start(json!({"seats": [
            {"character": "witch-king", "at": here(), "hidden": false,
             "spells": ["absorb-essence"], "chits": [{"chit": 4, "status": "enchanted"}]},
            {"character": "amazon", "at": here(), "hidden": false}],
        "pieces": [{"piece": {"kind": "monster", "id": "t-serpent", "n": 0},
                    "place": {"place": "aside"}}],
        "spells": [absorb], "day": 2, "at": "sunset", "dice": dice(4, 300)}))
}

/// The Sorceror (seat 0) transformed into the Dragon, and the Amazon (seat 1) in T Armor.
fn dragon_and_amazon() -> Game {
    let transform = json!({"caster": 0, "spell": "transform", "spellBox": 0, "chit": 8,
        "aims": [{"aim": "character", "seat": 0}], "until": {"at": "never"}, "value": 1});
    let armor: Value = json!({"kind": "armor", "id": "t-armor", "n": 0});
    start(json!({"seats": [
            {"character": "sorceror", "at": here(), "hidden": false, "spells": ["transform"]},
            {"character": "amazon", "at": here(), "hidden": false,
             "belongings": [{"piece": armor}]}],
        "spells": [transform], "day": 2, "at": "sunset", "dice": dice(4, 300)}))
}

/// Plays on: seat 0 targets the Amazon and attacks with his creature in the Thrust circle
/// (and its head or club, if it has one, in the Swing circle) while `attack(round)`;
/// everyone else passes; until `done`.
fn play(
    g: &mut Game,
    attack: impl Fn(u16) -> bool,
    done: impl Fn(&Game, &[Event<E>]) -> bool,
    log: &mut Vec<Event<E>>,
) {
    play_at(g, &amazon_target(), attack, done, log);
}

/// As [`play`], seat 0 targeting `target`.
fn play_at(
    g: &mut Game,
    target: &CombatTarget,
    attack: impl Fn(u16) -> bool,
    done: impl Fn(&Game, &[Event<E>]) -> bool,
    log: &mut Vec<Event<E>>,
) {
    for _ in 0..400 {
        if done(g, log) || combat::current(g.state()).is_none() {
            return;
        }
        let Some(who) = g.to_act().seats().first().copied() else {
            return;
        };
        let legal = g.legal_actions(who);
        let wanted = [
            A::SelectTarget {
                target: target.clone(),
            },
            A::PlayCreatureAttack {
                lane: Lane::ChargeThrust,
            },
            A::PlayPartAttack {
                lane: Lane::DodgeSwing,
            },
        ];
        let pick = wanted
            .into_iter()
            .find(|a| who == S0 && attack(round(g)) && legal.contains(a))
            .or_else(|| combat::passing(&legal))
            .expect("an action");
        log.extend(g.apply(who, pick).unwrap());
    }
    panic!("never done");
}

fn holds(log: &[Event<E>]) -> bool {
    log.iter().any(|e| {
        matches!(&e.detail, E::CharacterHolding { seat: S0, target } if *target == amazon_target())
    })
}

fn amazon_killed(g: &Game) -> bool {
    combat::current(g.state()).is_some_and(|c| c.gone.contains(&AMAZON))
        || !tabletop_rules::magic_realm::day::who::playing(g.state(), AMAZON)
}

#[test]
fn rule_8_4_7_a_character_who_is_a_tremendous_monster_holds_the_target_he_hits() {
    let mut g = serpent_and_amazon();
    let before = transform::form_of_seat(cat(), g.state(), S0).expect("he is the T Serpent");
    assert_eq!(
        before.body.side,
        Side::Light,
        "played red side down at first"
    );
    let mut log = Vec::new();
    play(&mut g, |_| true, |_, log| holds(log), &mut log);
    // The T Serpent's Light harm wounds the Medium Amazon without killing her.
    assert!(log
        .iter()
        .any(|e| matches!(e.detail, E::Wounded { seat: AMAZON })));
    assert!(!amazon_killed(&g));
    let c = combat::current(g.state()).expect("combat goes on");
    assert_eq!(c.character_holds.get(&S0), Some(&amazon_target()));
    assert!(c.is_held_character(AMAZON) && c.in_a_hold(S0));
    // The hold is saved: a saved game loads to the same state.
    let loaded = Game::load_json(&g.save_json().unwrap()).unwrap();
    assert_eq!(
        serde_json::to_string(loaded.state()).unwrap(),
        serde_json::to_string(g.state()).unwrap()
    );
    let form = transform::form_of_seat(cat(), g.state(), S0).expect("still the T Serpent");
    assert_eq!(form.body.side, Side::Dark, "his monster is red side up");
    assert_eq!(
        form.tactic().attack.map(|a| a.strike),
        Some(MeleeStrike::HoldAndKill)
    );
}

#[test]
fn rule_8_4_7_next_round_his_hit_kills_the_held_target_outright() {
    let mut g = serpent_and_amazon();
    let mut log = Vec::new();
    play(&mut g, |_| true, |g, _| amazon_killed(g), &mut log);
    assert!(holds(&log));
    assert!(amazon_killed(&g), "the red side's hit kills her outright");
    // She took one wound (round 1), none from the killing hit.
    let wounds = log
        .iter()
        .filter(|e| matches!(e.detail, E::Wounded { seat: AMAZON }))
        .count();
    assert_eq!(wounds, 1);
    // With his target killed he lets go and turns red side down; combat can end.
    play(
        &mut g,
        |_| false,
        |_, log| {
            log.iter()
                .any(|e| matches!(e.detail, E::CharacterLetGo { seat: S0 }))
        },
        &mut log,
    );
    assert!(combat::current(g.state()).is_none_or(|c| c.character_holds.is_empty()));
    let form = transform::form_of_seat(cat(), g.state(), S0).expect("still the T Serpent");
    assert_eq!(form.body.side, Side::Light);
}

#[test]
fn rule_8_4_7_the_target_he_holds_cannot_run_away() {
    let mut g = serpent_and_amazon();
    let mut log = Vec::new();
    // Round 1: before the hold, the Amazon may run away.
    let mut run_away = None;
    play(
        &mut g,
        |_| true,
        |g, _| {
            round(g) == 1
                && stage(g) == Some(CombatStage::Actions)
                && g.to_act().seats().contains(&AMAZON)
        },
        &mut log,
    );
    if let Some(a) = g
        .legal_actions(AMAZON)
        .into_iter()
        .find(|a| matches!(a, A::RunAway { .. }))
    {
        run_away = Some(a);
    }
    let run_away = run_away.expect("round 1: she may run away");
    play(&mut g, |_| true, |_, log| holds(log), &mut log);
    play(
        &mut g,
        |_| true,
        |g, _| {
            round(g) == 2
                && stage(g) == Some(CombatStage::Actions)
                && g.to_act().seats().contains(&AMAZON)
        },
        &mut log,
    );
    let legal = g.legal_actions(AMAZON);
    assert!(!legal
        .iter()
        .any(|a| matches!(a, A::RunAway { .. } | A::FlyAway { .. })));
    // Refused, and nothing changes.
    let saved = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(AMAZON, run_away).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), saved);
}

#[test]
fn rule_8_4_7_the_holder_stays_assigned_to_his_target() {
    let mut g = serpent_and_amazon();
    let mut log = Vec::new();
    let runs = |g: &Game| {
        let c = combat::current(g.state()).expect("combat");
        !combat::running::options(cat(), g.state(), c, S0).is_empty()
    };
    // Round 1: as the T Serpent (moves at 4) he could run away.
    assert!(runs(&g));
    play(&mut g, |_| true, |_, log| holds(log), &mut log);
    // Round 2: holding her, he cannot run away.
    play(&mut g, |_| true, |g, _| round(g) == 2, &mut log);
    assert!(!runs(&g));
    // Melee Step: the one target he may name is the one he holds.
    play(
        &mut g,
        |_| true,
        |g, _| stage(g) == Some(CombatStage::Targets) && g.to_act().seats().contains(&S0),
        &mut log,
    );
    assert_eq!(round(&g), 2);
    assert_eq!(
        g.legal_actions(S0),
        vec![A::SelectTarget {
            target: amazon_target()
        }]
    );
    let saved = serde_json::to_string(g.state()).unwrap();
    assert!(
        g.apply(S0, A::NoTarget).is_err(),
        "he cannot change targets"
    );
    assert_eq!(serde_json::to_string(g.state()).unwrap(), saved);
}

#[test]
fn rule_8_4_7_combat_cannot_end_while_he_is_red_side_up() {
    let mut g = serpent_and_amazon();
    let mut log = Vec::new();
    // He attacks in round 1 only; from round 2 nobody attacks. Without the hold combat
    // would end after rounds 2 and 3 passed without consequence (8.8).
    play(&mut g, |r| r == 1, |g, _| round(g) == 5, &mut log);
    assert_eq!(round(&g), 5, "combat goes on");
    assert!(!log.iter().any(|e| matches!(e.detail, E::CombatEnds { .. })));
    assert!(combat::current(g.state()).is_some_and(|c| c.character_holds.contains_key(&S0)));
}

#[test]
fn rule_8_4_7_the_hold_ends_when_his_spell_is_broken() {
    let mut g = serpent_and_amazon();
    let mut log = Vec::new();
    play(&mut g, |_| true, |_, log| holds(log), &mut log);
    let mut state = g.state().clone();
    let mut events = Vec::new();
    spells::end_spell(cat(), &mut state, 0, false, &mut events);
    holding::release_character_holds(cat(), &mut state, &mut events).unwrap();
    assert!(events
        .iter()
        .any(|e| matches!(e.detail, E::CharacterLetGo { seat: S0 })));
    let c = combat::current(&state).expect("combat");
    assert!(c.character_holds.is_empty());
    assert!(!c.is_held_character(AMAZON), "she is free to run again");
}

#[test]
fn rule_8_4_7_a_character_transformed_into_the_dragon_holds_and_then_kills_outright() {
    let mut g = dragon_and_amazon();
    let form = transform::form_of_seat(cat(), g.state(), S0).expect("the Dragon");
    assert!(holding::tremendous_form(&form));
    let mut log = Vec::new();
    play(&mut g, |_| true, |_, log| holds(log), &mut log);
    // His Tremendous harm struck her T Armor and left her alive.
    assert!(!amazon_killed(&g));
    let red = transform::form_of_seat(cat(), g.state(), S0).expect("the Dragon");
    assert_eq!(
        red.tactic().attack.map(|a| (a.time, a.strike)),
        Some((4, MeleeStrike::HoldAndKill)),
        "red side up: same attack time, and it kills outright"
    );
    play(&mut g, |_| true, |g, _| amazon_killed(g), &mut log);
    assert!(amazon_killed(&g));
    // The killing hit went through her armor without touching it (8.4.7).
    let held_at = log
        .iter()
        .position(|e| matches!(e.detail, E::CharacterHolding { .. }))
        .expect("the hold");
    assert!(log[..held_at]
        .iter()
        .any(|e| matches!(e.detail, E::ArmorHit { .. })));
    assert!(!log[held_at..]
        .iter()
        .any(|e| matches!(e.detail, E::ArmorHit { .. })));
}

#[test]
fn rule_8_4_7_he_holds_a_monster_he_hits_and_lets_go_once_he_kills_it() {
    // The Witch King, as the T Serpent, alone with the H Troll (Heavy, armored; its Medium
    // harm cannot hurt the T Serpent).
    let absorb = json!({"caster": 0, "spell": "absorb-essence", "spellBox": 0, "chit": 4,
        "aims": [{"aim": "denizen", "piece": {"kind": "monster", "id": "t-serpent", "n": 0}}],
        "until": {"at": "never"}});
    let mut g = start(json!({"seats": [
            {"character": "witch-king", "at": here(), "hidden": false,
             "spells": ["absorb-essence"], "chits": [{"chit": 4, "status": "enchanted"}]}],
        "pieces": [{"piece": {"kind": "monster", "id": "t-serpent", "n": 0},
                    "place": {"place": "aside"}}, monster("h-troll")],
        "spells": [absorb], "day": 2, "at": "sunset", "dice": dice(4, 300)}));
    let troll = CombatTarget::Denizen {
        piece: piece("h-troll"),
    };
    let mut log = Vec::new();
    let holding_troll = |log: &[Event<E>]| {
        log.iter().any(
            |e| matches!(&e.detail, E::CharacterHolding { seat: S0, target } if *target == troll),
        )
    };
    play_at(
        &mut g,
        &troll,
        |_| true,
        |_, log| holding_troll(log),
        &mut log,
    );
    assert!(holding_troll(&log));
    // His Light harm did nothing to the Heavy Troll: it lives, held.
    assert_eq!(
        g.state().piles.place_of(&piece("h-troll")),
        Some(&tabletop_rules::magic_realm::pieces::Place::Clearing {
            at: serde_json::from_value(here()).unwrap()
        })
    );
    play_at(
        &mut g,
        &troll,
        |_| true,
        |_, log| {
            log.iter()
                .any(|e| matches!(e.detail, E::CharacterLetGo { seat: S0 }))
        },
        &mut log,
    );
    assert_eq!(
        g.state().piles.place_of(&piece("h-troll")),
        Some(&tabletop_rules::magic_realm::pieces::Place::Killed),
        "his red side's hit killed it outright"
    );
    assert!(combat::current(g.state()).is_none_or(|c| c.character_holds.is_empty()));
}

#[test]
fn rule_8_4_7_the_head_or_club_of_the_monster_he_absorbed_attacks_separately() {
    // The Witch King has absorbed the Giant (light side H at 5) with its club (light side
    // H at 6, length 8); the Amazon wears T Armor.
    let absorb = json!({"caster": 0, "spell": "absorb-essence", "spellBox": 0, "chit": 4,
        "aims": [{"aim": "denizen", "piece": {"kind": "monster", "id": "giant", "n": 0}}],
        "until": {"at": "never"}});
    let armor: Value = json!({"kind": "armor", "id": "t-armor", "n": 0});
    let club = json!({"kind": "monster_part", "id": "giant-club", "n": 0});
    let mut g = start(json!({"seats": [
            {"character": "witch-king", "at": here(), "hidden": false,
             "spells": ["absorb-essence"], "chits": [{"chit": 4, "status": "enchanted"}]},
            {"character": "amazon", "at": here(), "hidden": false,
             "belongings": [{"piece": armor}]}],
        "pieces": [{"piece": {"kind": "monster", "id": "giant", "n": 0},
                    "place": {"place": "aside"}},
                   {"piece": club, "place": {"place": "aside"}}],
        "spells": [absorb], "day": 2, "at": "sunset", "dice": dice(4, 300)}));
    let form = transform::form_of_seat(cat(), g.state(), S0).expect("he is the Giant");
    let club_attack = form.part_attack.expect("with its club");
    assert_eq!((club_attack.time, club_attack.length), (6, 8));
    let mut log = Vec::new();
    // The Melee Step: his club attacks from any circle but his creature's.
    play(
        &mut g,
        |_| true,
        |g, _| {
            combat::current(g.state())
                .and_then(|c| c.plays.get(&S0))
                .is_some_and(|p| p.creature_attack.is_some())
        },
        &mut log,
    );
    let legal = g.legal_actions(S0);
    assert!(!legal.contains(&A::PlayPartAttack {
        lane: Lane::ChargeThrust
    }));
    assert!(legal.contains(&A::PlayPartAttack {
        lane: Lane::DodgeSwing
    }));
    let saved = serde_json::to_string(g.state()).unwrap();
    let same_circle = A::PlayPartAttack {
        lane: Lane::ChargeThrust,
    };
    assert!(g.apply(S0, same_circle).is_err(), "not with his creature");
    assert_eq!(serde_json::to_string(g.state()).unwrap(), saved);
    play(&mut g, |_| true, |_, log| holds(log), &mut log);
    // Two hits (the club's and the body's), each a wound through her T Armor (Heavy harm
    // does not touch it), and she lives, held.
    let wounds = log
        .iter()
        .filter(|e| matches!(e.detail, E::Wounded { seat: AMAZON }))
        .count();
    assert_eq!(wounds, 2);
    assert!(!amazon_killed(&g));
    // Red side up, the Giant holds and kills; its club stays on its side.
    let red = transform::form_of_seat(cat(), g.state(), S0).expect("the Giant");
    assert_eq!(
        red.tactic().attack.map(|a| a.strike),
        Some(MeleeStrike::HoldAndKill)
    );
    assert_eq!(red.part_attack, Some(club_attack));
}
