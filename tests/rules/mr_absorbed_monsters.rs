//! Rule scenarios for a character who has absorbed a monster's essence (Absorb Essence's
//! card text, 2 to 2.2; seed 002 8.4.7; 2.2.3): the absorbed Demon's, Winged Demon's and
//! Imp's spell attacks (like the monster's, 8.4.7), turning an absorbed Medium or Heavy
//! monster over as he plays his dummy chits, and playing its head or club either side up.
//!
//! The Witch King (seat 0) has absorbed a monster's essence (it lies aside, in the spell's
//! box); the Amazon (seat 1), unarmored, plays no maneuver, so every attack on her hits.

use crate::spells_common::{dice, here, monster, piece, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::tables::{Curse, PitResult};
use tabletop_rules::magic_realm::combat::melee::{Lane, MeleeStrike};
use tabletop_rules::magic_realm::combat::spells::transform;
use tabletop_rules::magic_realm::combat::{self, CombatStage, CombatTarget};
use tabletop_rules::magic_realm::state::ChitStatus;

const AMAZON: Seat = S1;

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn amazon_target() -> CombatTarget {
    CombatTarget::Character { seat: AMAZON }
}

fn monster_piece(id: &str) -> Value {
    json!({"kind": "monster", "id": id, "n": 0})
}

/// The Witch King, who has absorbed the essence of `absorbed` (with its head or club
/// `part`, if any), the unarmored Amazon, and the `others` in the clearing, at Sunset, every
/// die forced to `die`.
fn absorbed_with(absorbed: &str, part: Option<&str>, others: &[Value], die: u8) -> Game {
    absorbed_in(absorbed, part, others, die, true)
}

/// As [`absorbed_with`], the Amazon there only if `amazon`.
fn absorbed_in(
    absorbed: &str,
    part: Option<&str>,
    others: &[Value],
    die: u8,
    amazon: bool,
) -> Game {
    let absorb = json!({"caster": 0, "spell": "absorb-essence", "spellBox": 0, "chit": 4,
        "aims": [{"aim": "denizen", "piece": monster_piece(absorbed)}],
        "until": {"at": "never"}});
    let mut pieces = vec![json!({"piece": monster_piece(absorbed), "place": {"place": "aside"}})];
    if let Some(part) = part {
        pieces.push(
            json!({"piece": {"kind": "monster_part", "id": part, "n": 0},
            "place": {"place": "aside"}}),
        );
    }
    pieces.extend(others.iter().cloned());
    let mut seats = vec![
        json!({"character": "witch-king", "at": here(), "hidden": false,
        "spells": ["absorb-essence"], "chits": [{"chit": 4, "status": "enchanted"}]}),
    ];
    if amazon {
        seats.push(json!({"character": "amazon", "at": here(), "hidden": false}));
    }
    start(json!({"seats": seats,
        "pieces": pieces, "spells": [absorb], "day": 2, "at": "sunset",
        "dice": dice(die, 300)}))
}

fn round(g: &Game) -> u16 {
    combat::current(g.state()).map_or(0, |c| c.round)
}

fn stage(g: &Game) -> Option<CombatStage> {
    combat::current(g.state()).map(|c| c.stage)
}

/// Plays on: seat 0 takes the first of `wanted` that is legal, everyone else passes;
/// until `done`.
fn play(
    g: &mut Game,
    wanted: &[A],
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
        let pick = wanted
            .iter()
            .find(|a| who == S0 && legal.contains(a))
            .cloned()
            .or_else(|| combat::passing(&legal))
            .expect("an action");
        log.extend(g.apply(who, pick).unwrap());
    }
    panic!("never done");
}

/// Seat 0 names `target` and attacks as his creature in the Thrust circle.
fn attack(target: &CombatTarget) -> Vec<A> {
    vec![
        A::SelectTarget {
            target: target.clone(),
        },
        A::PlayCreatureAttack {
            lane: Lane::ChargeThrust,
        },
    ]
}

fn spell_rolled(log: &[Event<E>]) -> bool {
    log.iter()
        .any(|e| matches!(e.detail, E::PitRolled { .. } | E::Cursed { .. }))
}

#[test]
fn rule_8_4_7_a_character_who_is_the_demon_strikes_with_power_of_the_pit() {
    // Every die 4: the Power of the Pit's Blight wounds the Amazon's chits with effort.
    let mut g = absorbed_with("demon", None, &[], 4);
    let form = transform::form_of_seat(cat(), g.state(), S0).expect("he is the Demon");
    assert_eq!(
        form.tactic().attack.map(|a| a.strike),
        Some(MeleeStrike::Spell),
        "red side down, its attack is a spell"
    );
    let fresh_before: Vec<ChitStatus> = g.state().seats[1].chits.clone();
    let mut log = Vec::new();
    play(
        &mut g,
        &attack(&amazon_target()),
        |_, log| spell_rolled(log),
        &mut log,
    );
    assert!(log.iter().any(|e| matches!(
        &e.detail,
        E::PitRolled { target, result: PitResult::Blight } if *target == amazon_target()
    )));
    // No harm: the spell hits the character herself and takes the place of harm.
    assert!(!log
        .iter()
        .any(|e| matches!(e.detail, E::Wounded { seat: AMAZON })));
    let card = tabletop_rules::magic_realm::day::who::card(cat(), g.state(), AMAZON).unwrap();
    let mut wounded = 0;
    for (i, c) in card.chits.iter().enumerate() {
        let status = g.state().seats[1].chits[i];
        if c.effort > 0 && fresh_before[i] == ChitStatus::Fresh {
            assert_eq!(status, ChitStatus::Wounded, "chit {i} with effort");
            wounded += 1;
        } else {
            assert_eq!(status, fresh_before[i], "chit {i} without effort");
        }
    }
    assert!(wounded > 0);
}

#[test]
fn rule_8_4_7_a_character_who_is_the_imp_curses_the_character_he_hits() {
    // Every die 4: the Curses Table's 4 is Ill Health.
    let mut g = absorbed_with("imp", None, &[], 4);
    let mut log = Vec::new();
    play(
        &mut g,
        &attack(&amazon_target()),
        |_, log| spell_rolled(log),
        &mut log,
    );
    assert!(log.iter().any(|e| matches!(
        e.detail,
        E::Cursed {
            seat: AMAZON,
            curse: Curse::IllHealth
        }
    )));
    assert!(!log.iter().any(|e| matches!(e.detail, E::PitRolled { .. })));
    assert!(!log
        .iter()
        .any(|e| matches!(e.detail, E::Wounded { seat: AMAZON })));
}

#[test]
fn rule_8_4_7_the_pit_s_kills_by_a_character_who_is_the_demon_are_his() {
    // Every die 2: the Power of the Pit carries the Giant Bat away; the kill and its Fame
    // and Notoriety are the Witch King's (alone with it).
    let mut g = absorbed_in("winged-demon", None, &[monster("giant-bat")], 2, false);
    let bat = CombatTarget::Denizen {
        piece: piece("giant-bat"),
    };
    let mut log = Vec::new();
    // The repositioning roll of 2 puts the Bat in the Duck-and-Smash box: he smashes.
    let smash = [
        A::SelectTarget {
            target: bat.clone(),
        },
        A::PlayCreatureAttack {
            lane: Lane::DuckSmash,
        },
    ];
    play(&mut g, &smash, |_, log| spell_rolled(log), &mut log);
    assert!(log.iter().any(|e| matches!(
        &e.detail,
        E::PitRolled { target, result: PitResult::CarriedAway } if *target == bat
    )));
    let id = serde_json::from_value(json!("giant-bat")).unwrap();
    let bat_monster = cat().denizens.monster(&id).unwrap();
    assert!(log.iter().any(|e| matches!(
        &e.detail,
        E::Killed { victim, by: Some(S0), fame, notoriety, .. }
            if *victim == piece("giant-bat")
                && *fame == bat_monster.fame
                && *notoriety == bat_monster.notoriety
    )));
}

#[test]
fn rule_8_4_7_red_side_up_the_absorbed_demon_no_longer_casts() {
    // His spell's hit leaves the Amazon alive, so (the Demon is Tremendous) he turns red
    // side up and holds her: his attack is the red side's, no spell.
    let mut g = absorbed_with("demon", None, &[], 4);
    let mut log = Vec::new();
    play(
        &mut g,
        &attack(&amazon_target()),
        |_, log| {
            log.iter()
                .any(|e| matches!(e.detail, E::CharacterHolding { seat: S0, .. }))
        },
        &mut log,
    );
    assert!(log.iter().any(|e| matches!(e.detail, E::PitRolled { .. })));
    let red = transform::form_of_seat(cat(), g.state(), S0).expect("the Demon");
    assert_eq!(
        red.tactic().attack.map(|a| a.strike),
        Some(MeleeStrike::HoldAndKill)
    );
}
