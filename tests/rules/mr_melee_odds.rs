//! The odds query (8.4.6, 8.4.9): its exact probabilities agree with a 200,000-round
//! simulation with fair dice within 0.5 percentage points, on every figure of `Odds`, in
//! several scenarios; and a few are checked against hand-counted values.

use crate::melee_common::*;
use tabletop_rules::magic_realm::catalog::common::{Side, Size};
use tabletop_rules::magic_realm::combat::melee::odds::{odds, Odds, Tally};
use tabletop_rules::magic_realm::combat::melee::resolve::resolve_with;
use tabletop_rules::magic_realm::combat::melee::tables::MeleeTables;
use tabletop_rules::magic_realm::combat::melee::{
    ArmorRow, MeleeStrike, MissileDice, Seeded, Situation,
};

const L: Side = Side::Light;
const D: Side = Side::Dark;
const ROUNDS: u32 = 200_000;
const TOLERANCE: f64 = 0.005;

/// The hero (vulnerability Medium, Swing at time 4) thrusting Medium-with-a-star at time
/// 4 at a light-side Wolf L4 in his Thrust box.
fn one_monster() -> Situation {
    situation(
        false,
        vec![
            ch(hero(Size::Medium, Some((SWING, 4)))),
            monster("wolf-l4", L),
        ],
        vec![sheet(0, &[(1, THRUST)])],
        vec![attack(0, 1, THRUST, 4, 0, harm(Size::Medium, 1))],
    )
}

/// A T Dragon with its head and a Giant Bat against a hero in a Medium suit with a
/// Heavy shield in Smash, ducking at time 4 and smashing the Dragon (Heavy, two stars) in
/// the first round.
fn dragon_head_and_bat() -> Situation {
    let c = with_armor(
        hero(Size::Heavy, Some((SMASH, 4))),
        vec![
            suit(1, Size::Medium),
            piece(2, ArmorRow::Shield, &[SMASH], Size::Heavy),
        ],
    );
    situation(
        true,
        vec![
            ch(c),
            monster("t-dragon", L),
            part("dragon-head", 1, D),
            monster("giant-bat", L),
        ],
        vec![sheet(0, &[(1, THRUST), (2, SWING), (3, SMASH)])],
        vec![attack(0, 1, SMASH, 5, 6, harm(Size::Heavy, 2))],
    )
}

/// A Lancer on his pony, a Woodfolk archer and a Company crossbowman (dark sides) against
/// a hero shooting a bow (Light, one star, two dice with modifier -1) at the Lancer.
fn native_on_horse_with_archers() -> Situation {
    let bow = MeleeStrike::Harm {
        letter: Size::Light,
        sharpness: 1,
        missile: Some(MissileDice::TwoDice { modifier: -1 }),
        extra_level: false,
    };
    situation(
        false,
        vec![
            ch(hero(Size::Medium, Some((THRUST, 3)))),
            native("lancer-1", D),
            native_horse("lancer-pony-1", 1, D),
            native("woodfolk-1", D),
            native("company-6", L),
        ],
        vec![sheet(0, &[(1, THRUST), (2, SWING), (3, SMASH), (4, SWING)])],
        vec![attack(0, 1, SWING, 3, 14, bow)],
    )
}

/// A hero on an armored horse (vulnerability Medium, Dodge at time 4) with a breastplate,
/// a helmet and a Heavy shield in Swing, against a Wolf and a Heavy Troll sharing the Thrust box
/// and a Heavy Serpent in the Smash box; he swings at the Wolf with a Light striking
/// weapon, one star and extra strength. Once the horse is killed, later hits strike the
/// armor of their lane.
fn armor_and_horse() -> Situation {
    let c = with_horse(
        with_armor(
            hero(Size::Medium, None),
            vec![
                piece(1, ArmorRow::Body, &[THRUST, SWING], Size::Medium),
                piece(2, ArmorRow::Body, &[SMASH], Size::Medium),
                piece(3, ArmorRow::Shield, &[SWING], Size::Heavy),
            ],
        ),
        SWING,
        4,
        Size::Medium,
        true,
    );
    let sword = MeleeStrike::Harm {
        letter: Size::Light,
        sharpness: 1,
        missile: None,
        extra_level: true,
    };
    situation(
        false,
        vec![
            ch(c),
            monster("wolf-l4", L),
            monster("h-troll", L),
            monster("h-serpent", L),
        ],
        vec![sheet(0, &[(1, THRUST), (2, THRUST), (3, SMASH)])],
        vec![attack(0, 1, SWING, 5, 4, sword)],
    )
}

/// A hero fighting simultaneously with two Giant Bats (a shared moment, kills both ways).
fn simultaneous_bats() -> Situation {
    situation(
        false,
        vec![
            ch(hero(Size::Medium, Some((SWING, 3)))),
            monster("giant-bat", L),
            monster("giant-bat", D),
        ],
        vec![sheet(0, &[(1, THRUST), (2, SWING)])],
        vec![attack(0, 1, THRUST, 2, 0, harm(Size::Heavy, 0))],
    )
}

fn simulate(sit: &Situation, seed: u64) -> Odds {
    let tables = MeleeTables::new(cat()).expect("tables");
    let mut tally = Tally::new(sit, id(0)).expect("a character");
    let mut chance = Seeded::new(seed);
    let w = 1.0 / f64::from(ROUNDS);
    for _ in 0..ROUNDS {
        let outcome = resolve_with(&tables, sit, &mut chance).expect("resolves");
        tally.add(&outcome, w);
    }
    tally.finish()
}

/// Every figure of the odds, named.
fn figures(o: &Odds) -> Vec<(String, f64)> {
    let mut v = vec![
        ("killed".to_string(), o.killed),
        ("wounded".to_string(), o.wounded),
        ("expected_wounds".to_string(), o.expected_wounds),
        ("horse_killed".to_string(), o.horse_killed),
        ("spell_struck".to_string(), o.spell_struck),
    ];
    for p in &o.armor {
        v.push((format!("armor {} unaffected", p.token), p.unaffected));
        v.push((format!("armor {} damaged", p.token), p.damaged));
        v.push((format!("armor {} destroyed", p.token), p.destroyed));
    }
    for a in &o.attackers {
        let n = a.fighter.0;
        v.push((format!("{n} hits"), a.hits));
        v.push((format!("{n} cancelled"), a.cancelled));
        v.push((format!("{n} killed"), a.killed));
        for (k, p) in a.harm.as_array().iter().enumerate() {
            v.push((format!("{n} harm level {k}"), *p));
        }
    }
    v
}

fn assert_distributions(o: &Odds) {
    for a in &o.attackers {
        let sum: f64 = a.harm.as_array().iter().sum();
        assert!(
            (sum - 1.0).abs() < 1e-9,
            "harm of {} sums to {sum}",
            a.fighter.0
        );
    }
    for p in &o.armor {
        let sum = p.unaffected + p.damaged + p.destroyed;
        assert!((sum - 1.0).abs() < 1e-9, "armor {} sums to {sum}", p.token);
    }
}

fn agrees(name: &str, sit: &Situation, seed: u64) {
    let exact = odds(cat(), sit, id(0)).expect("the odds");
    assert_distributions(&exact);
    if std::env::var_os("MELEE_ODDS_SHOW").is_some() {
        eprintln!("{name}: {exact:#?}");
    }
    let sampled = simulate(sit, seed);
    let (e, s) = (figures(&exact), figures(&sampled));
    assert_eq!(e.len(), s.len());
    let mut worst = 0.0f64;
    for ((label, p), (_, q)) in e.iter().zip(&s) {
        worst = worst.max((p - q).abs());
        assert!(
            (p - q).abs() <= TOLERANCE,
            "{name}: {label}: exact {p:.5}, simulated {q:.5}"
        );
    }
    eprintln!(
        "{name}: {} roll sequences, {} figures, largest gap {:.5}",
        exact.outcomes,
        e.len(),
        worst
    );
}

#[test]
fn rule_8_4_6_odds_one_monster_agree_with_simulation() {
    agrees("one monster", &one_monster(), 1);
}

#[test]
fn rule_8_4_6_odds_tremendous_monster_head_and_bat_agree_with_simulation() {
    agrees("dragon, head and bat", &dragon_head_and_bat(), 2);
}

#[test]
fn rule_8_4_9_odds_native_horse_and_bowmen_agree_with_simulation() {
    agrees(
        "lancer, archer, crossbowman",
        &native_on_horse_with_archers(),
        3,
    );
}

#[test]
fn rule_8_4_9_odds_armor_and_horse_agree_with_simulation() {
    agrees("armor and warhorse", &armor_and_horse(), 4);
}

#[test]
fn rule_8_4_9_odds_simultaneous_hits_agree_with_simulation() {
    agrees("simultaneous bats", &simultaneous_bats(), 5);
}

#[test]
fn rule_8_4_6_odds_match_a_hand_count() {
    // The Wolf starts in box 1 and hits the Swing maneuver (time 4, no undercut at time
    // 4) only if it lands in box 2: rows 3 and 5 of six.
    let o = odds(cat(), &one_monster(), id(0)).expect("the odds");
    let wolf = o.attackers[1];
    assert!((wolf.hits - 1.0 / 3.0).abs() < 1e-12);
    // One Repositioning roll (6) and one Change Tactics roll (2): 12 sequences.
    assert_eq!(o.outcomes, 12);
    // The hero's Thrust (time 4) never undercuts the Wolf (move 3 light, 4 dark); it
    // intercepts it when it stays in box 1 (rows 1 and 4): 1/3 on either side.
    assert!((o.attackers[0].hits - 1.0 / 3.0).abs() < 1e-12);
}

#[test]
fn rule_8_4_9_odds_missile_rows_of_two_dice_with_a_modifier() {
    // A bow (Light, one star, two dice, modifier -1) that always undercuts the Wolf: the
    // higher die h is 1..6 in (2h - 1) of 36 rolls, row = max(h - 1, 1): rows 1 (4/36,
    // +2: Tremendous), 2 (5/36, +1: Heavy), 3 (7/36: Medium), 4 (9/36, -1: Light),
    // 5 (11/36, -2: the drop eats the star: Negligible).
    let bow = MeleeStrike::Harm {
        letter: Size::Light,
        sharpness: 1,
        missile: Some(MissileDice::TwoDice { modifier: -1 }),
        extra_level: false,
    };
    let sit = situation(
        false,
        vec![
            ch(hero(Size::Medium, Some((SWING, 4)))),
            monster("wolf-l4", L),
        ],
        vec![sheet(0, &[(1, THRUST)])],
        vec![attack(0, 1, THRUST, 0, 14, bow)],
    );
    let o = odds(cat(), &sit, id(0)).expect("the odds");
    let h = o.attackers[0].harm;
    let expected = [0.0, 11.0, 9.0, 7.0, 5.0, 4.0].map(|n| n / 36.0);
    for (p, q) in h.as_array().iter().zip(expected) {
        assert!((p - q).abs() < 1e-12, "{:?}", h);
    }
    // 12 placements and tactics times 5 distinct rows.
    assert_eq!(o.outcomes, 60);
}
