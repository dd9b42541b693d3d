//! The Melee Step kernel (rules 8.4.6 to 8.4.9, GAPS 2), one test per rule behaviour,
//! each resolved with exact scripted dice and real catalog counters.

use crate::melee_common::*;
use tabletop_rules::magic_realm::catalog::common::{Side, Size};
use tabletop_rules::magic_realm::combat::melee::chance::{RollAsked, SheetPart};
use tabletop_rules::magic_realm::combat::melee::{
    resolve, ArmorRow, HitBy, Lane, MeleeEffect, MeleeStrike, MissileDice, Scripted,
};

const L: Side = Side::Light;
const D: Side = Side::Dark;

fn repo(sheet: usize, part: SheetPart) -> RollAsked {
    RollAsked::Reposition { sheet, part }
}

fn tactics(sheet: usize, part: SheetPart, lane: Lane) -> RollAsked {
    RollAsked::ChangeTactics { sheet, part, lane }
}

// ---- 8.4.6 Repositioning and changing tactics ----

#[test]
fn rule_8_4_6_each_repositioning_row_moves_box_i_to_moves_to_i() {
    for roll in 1..=6u8 {
        let sit = situation(
            true,
            vec![
                ch(hero(Size::Medium, Some((SWING, 2)))),
                monster("wolf-l4", L),
                monster("ogre", L),
                monster("giant-bat", L),
            ],
            vec![sheet(0, &[(1, THRUST), (2, SWING), (3, SMASH)])],
            vec![],
        );
        let (out, chance) = run(&sit, &[roll, 1, 1, 1, 1, 1, 1]);
        let perm = cat().tables.repositioning(roll).expect("a row").moves_to;
        let lanes: Vec<Lane> = out.placed.iter().map(|p| p.1).collect();
        let expected: Vec<Lane> = perm
            .iter()
            .map(|&b| Lane::from_number(b).expect("a box"))
            .collect();
        assert_eq!(lanes, expected, "roll {roll}");
        assert_eq!(
            chance.asked,
            vec![
                repo(0, SheetPart::RedBoxes),
                tactics(0, SheetPart::RedBoxes, THRUST),
                tactics(0, SheetPart::RedBoxes, SWING),
                tactics(0, SheetPart::RedBoxes, SMASH),
            ]
        );
    }
}

#[test]
fn rule_8_4_6_change_tactics_when_either_die_is_a_six() {
    for (dice, side) in [
        ([6, 2], D),
        ([2, 6], D),
        ([6, 6], D),
        ([5, 5], L),
        ([1, 4], L),
    ] {
        let sit = situation(
            true,
            vec![ch(hero(Size::Medium, None)), monster("wolf-l4", L)],
            vec![sheet(0, &[(1, THRUST)])],
            vec![],
        );
        let (out, _) = run(&sit, &[4, dice[0], dice[1]]);
        assert_eq!(out.placed, vec![(id(1), THRUST, side)], "dice {dice:?}");
    }
}

#[test]
fn rule_8_4_6_one_change_tactics_roll_per_occupied_box() {
    let sit = situation(
        true,
        vec![
            ch(hero(Size::Medium, None)),
            monster("wolf-l4", L),
            monster("ogre", D),
        ],
        vec![sheet(0, &[(1, SWING), (2, SWING)])],
        vec![],
    );
    let (out, chance) = run(&sit, &[4, 3, 6]);
    assert_eq!(out.placed, vec![(id(1), SWING, D), (id(2), SWING, L)]);
    assert_eq!(
        chance.asked,
        vec![
            repo(0, SheetPart::RedBoxes),
            tactics(0, SheetPart::RedBoxes, SWING)
        ]
    );
}

#[test]
fn rule_8_4_6_native_horses_and_tremendous_bodies_never_change_tactics() {
    // The Giant's body and the pony reposition but roll no tactics and never turn over;
    // the club and the Lancer in the middle box do.
    let sit = situation(
        true,
        vec![
            ch(hero(Size::Medium, None)),
            monster("giant", L),
            part("giant-club", 1, L),
            native("lancer-1", L),
            native_horse("lancer-pony-1", 3, L),
        ],
        vec![sheet(0, &[(1, THRUST), (2, SWING), (3, SWING), (4, SMASH)])],
        vec![],
    );
    // Roll 2: box 1 -> 3, box 2 -> 2, box 3 -> 1.
    let (out, chance) = run(&sit, &[2, 6, 6]);
    assert_eq!(
        out.placed,
        vec![
            (id(1), SMASH, L),
            (id(2), SWING, D),
            (id(3), SWING, D),
            (id(4), THRUST, L)
        ]
    );
    assert_eq!(
        chance.asked,
        vec![
            repo(0, SheetPart::RedBoxes),
            tactics(0, SheetPart::RedBoxes, SWING)
        ]
    );
}

#[test]
fn rule_8_4_6_steady_hireling_defender_stays_as_placed() {
    // A hired Company native defends on its own sheet against a Wolf (target) and an
    // Ogre (circles): the target and the circles roll, the defender does not.
    let mut company = native_denizen("company-1", L);
    company.steady = true;
    let sit = situation(
        true,
        vec![
            tabletop_rules::magic_realm::combat::melee::MeleeFighter::Denizen(company),
            monster("wolf-l4", L),
            monster("ogre", L),
        ],
        vec![denizen_sheet(&[(0, THRUST)], &[(1, THRUST)], &[(2, SWING)])],
        vec![],
    );
    let (out, chance) = run(&sit, &[2, 6, 6, 4, 1, 1]);
    assert_eq!(
        out.placed,
        vec![(id(0), THRUST, L), (id(1), SMASH, D), (id(2), SWING, L)]
    );
    assert_eq!(
        chance.asked,
        vec![
            repo(0, SheetPart::Target),
            tactics(0, SheetPart::Target, SMASH),
            repo(0, SheetPart::Circles),
            tactics(0, SheetPart::Circles, SWING),
        ]
    );
}

#[test]
fn rule_8_4_6_rolls_go_sheet_by_sheet_target_circles_then_defender() {
    // Sheet 0: a character's sheet; sheet 1: an uncontrolled Wolf defending against a
    // hired Company native (its target), with no other attackers (no Circles roll).
    let sit = situation(
        true,
        vec![
            ch(hero(Size::Medium, None)),
            monster("ogre", L),
            monster("wolf-l4", L),
            native("company-1", L),
        ],
        vec![
            sheet(0, &[(1, SMASH)]),
            denizen_sheet(&[(2, THRUST)], &[(3, SWING)], &[]),
        ],
        vec![],
    );
    let (_, chance) = run(&sit, &[4, 1, 1, 4, 1, 1, 4, 1, 1]);
    assert_eq!(
        chance.asked,
        vec![
            repo(0, SheetPart::RedBoxes),
            tactics(0, SheetPart::RedBoxes, SMASH),
            repo(1, SheetPart::Target),
            tactics(1, SheetPart::Target, SWING),
            repo(1, SheetPart::Defender),
            tactics(1, SheetPart::Defender, THRUST),
        ]
    );
}

#[test]
fn rule_8_4_6_an_empty_sheet_rolls_nothing() {
    let sit = situation(
        true,
        vec![ch(hero(Size::Medium, None))],
        vec![sheet(0, &[])],
        vec![],
    );
    let (out, chance) = run(&sit, &[]);
    assert!(chance.asked.is_empty());
    assert_eq!(out, Default::default());
}

#[test]
fn scripted_chance_answers_nothing_happens_once_it_runs_out() {
    let sit = situation(
        true,
        vec![
            ch(hero(Size::Medium, Some((SMASH, 2)))),
            monster("wolf-l4", L),
        ],
        vec![sheet(0, &[(1, THRUST)])],
        vec![],
    );
    let mut chance = Scripted::new(vec![]);
    let out = resolve(cat(), &sit, &mut chance).expect("resolves");
    assert!(chance.ran_out());
    assert_eq!(out.placed, vec![(id(1), THRUST, L)]);
}

// ---- 8.4.8 Resolving attacks ----

#[test]
fn rule_8_4_8_undercut() {
    // Giant Bat light: attack time 2 in the Swing box, against a Duck with time 3.
    let sit = situation(
        false,
        vec![
            ch(hero(Size::Heavy, Some((SMASH, 3)))),
            monster("giant-bat", L),
        ],
        vec![sheet(0, &[(1, SWING)])],
        vec![],
    );
    let (out, _) = run(&sit, &calm(1));
    assert_eq!(out.hits.len(), 1);
    assert_eq!(out.hits[0].by, HitBy::Undercut);
    assert!(out.missed.is_empty());
}

#[test]
fn rule_8_4_8_equal_time_does_not_undercut() {
    let sit = situation(
        false,
        vec![
            ch(hero(Size::Heavy, Some((SMASH, 2)))),
            monster("giant-bat", L),
        ],
        vec![sheet(0, &[(1, SWING)])],
        vec![],
    );
    let (out, _) = run(&sit, &calm(1));
    assert!(out.hits.is_empty());
    assert_eq!(out.missed, vec![id(1)]);
}

#[test]
fn rule_8_4_8_smash_intercepts_duck() {
    // Wolf (attack time 4) in the Duck-and-Smash box against a Duck with time 3.
    let sit = situation(
        false,
        vec![
            ch(hero(Size::Heavy, Some((SMASH, 3)))),
            monster("wolf-l4", L),
        ],
        vec![sheet(0, &[(1, SMASH)])],
        vec![],
    );
    let (out, _) = run(&sit, &calm(1));
    assert_eq!(out.hits.len(), 1);
    assert_eq!(out.hits[0].by, HitBy::Intercept);
}

#[test]
fn rule_8_4_8_other_lane_and_slower_misses() {
    let sit = situation(
        false,
        vec![
            ch(hero(Size::Heavy, Some((SMASH, 3)))),
            monster("wolf-l4", L),
        ],
        vec![sheet(0, &[(1, THRUST)])],
        vec![],
    );
    let (out, _) = run(&sit, &calm(1));
    assert!(out.hits.is_empty());
    assert_eq!(out.missed, vec![id(1)]);
}

#[test]
fn rule_8_4_8_no_maneuver_every_denizen_hits() {
    let sit = situation(
        false,
        vec![
            ch(hero(Size::Tremendous, None)),
            monster("wolf-l4", L),
            monster("ogre", L),
            monster("giant-bat", L),
        ],
        vec![sheet(0, &[(1, THRUST), (2, SWING), (3, SMASH)])],
        vec![],
    );
    let (out, _) = run(&sit, &calm(3));
    assert_eq!(out.hits.len(), 3);
    assert!(out.hits.iter().all(|h| h.by == HitBy::Intercept));
    assert!(out.missed.is_empty());
}

#[test]
fn rule_8_4_8_character_attack_intercepts_the_box_of_its_lane() {
    // Smash (time 5) against a Wolf in the Duck-and-Smash box (move 3): intercepts;
    // Thrust against it misses.
    for (lane, hits) in [(SMASH, true), (THRUST, false)] {
        let sit = situation(
            false,
            vec![
                ch(hero(Size::Heavy, Some((THRUST, 2)))),
                monster("wolf-l4", L),
            ],
            vec![sheet(0, &[(1, SMASH)])],
            vec![attack(0, 1, lane, 5, 0, harm(Size::Light, 0))],
        );
        let (out, _) = run(&sit, &calm(1));
        assert_eq!(
            out.hits.iter().any(|h| h.attacker == id(0)),
            hits,
            "{lane:?}"
        );
        assert_eq!(out.missed.contains(&id(0)), !hits);
    }
}

#[test]
fn rule_8_4_8_denizen_sheet_defender_and_attackers() {
    // An uncontrolled Wolf (move 3, attack 4) defends in the Thrust box; its target, a
    // hired Company native (move 4, attack 3), is in the Charge square: each intercepts
    // the other. A Bashkar in the Swing circle (attack time 3) neither undercuts nor
    // intercepts the Wolf.
    let sit = situation(
        false,
        vec![
            monster("wolf-l4", L),
            native("company-1", L),
            native("bashkar-1", L),
        ],
        vec![denizen_sheet(&[(0, THRUST)], &[(1, THRUST)], &[(2, SWING)])],
        vec![],
    );
    let (out, _) = run(&sit, &[4, 1, 1, 4, 1, 1, 4, 1, 1]);
    let pairs: Vec<_> = out
        .hits
        .iter()
        .map(|h| (h.attacker, h.target, h.by))
        .collect();
    assert!(pairs.contains(&(id(0), id(1), HitBy::Intercept)));
    assert!(pairs.contains(&(id(1), id(0), HitBy::Intercept)));
    assert_eq!(out.missed, vec![id(2)]);
}

// ---- 8.4.9 Inflicting harm: order, cancellation, simultaneity ----

/// A hero (vulnerability Medium, no maneuver) and a light-side Wolf L4 (move 3, attack
/// Light at time 4) in his Thrust box; the hero attacks it in Thrust with Medium harm at
/// time 5 and length 8.
fn hero_against_wolf(first_round: bool) -> tabletop_rules::magic_realm::combat::melee::Situation {
    situation(
        first_round,
        vec![ch(hero(Size::Medium, None)), monster("wolf-l4", L)],
        vec![sheet(0, &[(1, THRUST)])],
        vec![attack(0, 1, THRUST, 5, 8, harm(Size::Medium, 0))],
    )
}

#[test]
fn rule_8_4_9_length_first_in_round_one() {
    let (out, _) = run(&hero_against_wolf(true), &calm(1));
    let order: Vec<_> = out.hits.iter().map(|h| h.attacker).collect();
    assert_eq!(order, vec![id(0), id(1)]);
    assert_eq!(
        out.hits[0].effects,
        vec![MeleeEffect::Killed { fighter: id(1) }]
    );
    assert!(out.hits[1].cancelled);
    assert_eq!(out.killed, vec![id(1)]);
}

#[test]
fn rule_8_4_9_speed_first_later_rounds() {
    let (out, _) = run(&hero_against_wolf(false), &calm(1));
    let order: Vec<_> = out.hits.iter().map(|h| h.attacker).collect();
    assert_eq!(order, vec![id(1), id(0)]);
    assert_eq!(
        out.hits[0].effects,
        vec![MeleeEffect::Wound { fighter: id(0) }]
    );
    assert_eq!(
        out.hits[1].effects,
        vec![MeleeEffect::Killed { fighter: id(1) }]
    );
    assert_eq!(out.hits[0].moment + 1, out.hits[1].moment);
}

#[test]
fn rule_8_4_9_later_rounds_length_breaks_ties() {
    // Equal time 4: the hero's length 8 goes before the Wolf's 0.
    let sit = situation(
        false,
        vec![ch(hero(Size::Medium, None)), monster("wolf-l4", L)],
        vec![sheet(0, &[(1, THRUST)])],
        vec![attack(0, 1, THRUST, 4, 8, harm(Size::Medium, 0))],
    );
    let (out, _) = run(&sit, &calm(1));
    assert_eq!(out.hits[0].attacker, id(0));
    assert!(out.hits[1].cancelled);
}

#[test]
fn rule_8_4_9_kill_cancels_pending_attack() {
    // The dark-side Wolf (Medium at time 4) kills the Medium hero before his time-5 attack.
    let sit = situation(
        false,
        vec![ch(hero(Size::Medium, None)), monster("wolf-l4", D)],
        vec![sheet(0, &[(1, THRUST)])],
        vec![attack(0, 1, THRUST, 5, 8, harm(Size::Medium, 0))],
    );
    let (out, _) = run(&sit, &calm(1));
    assert_eq!(
        out.hits[0].effects,
        vec![MeleeEffect::Killed { fighter: id(0) }]
    );
    assert!(out.hits[1].cancelled);
    assert!(out.hits[1].effects.is_empty());
    assert_eq!(out.killed, vec![id(0)]);
}

#[test]
fn rule_8_4_9_kill_cancels_later_attacks_on_the_killed() {
    // Two heroes attack the Wolf; the faster kills it, the slower hit is cancelled.
    let sit = situation(
        false,
        vec![
            ch(hero(Size::Medium, Some((SMASH, 2)))),
            ch(hero(Size::Medium, Some((SMASH, 2)))),
            monster("wolf-l4", L),
        ],
        vec![sheet(0, &[(2, THRUST)])],
        vec![
            attack(0, 2, SWING, 2, 0, harm(Size::Medium, 0)),
            attack(1, 2, SWING, 1, 0, harm(Size::Heavy, 0)),
        ],
    );
    let (out, _) = run(&sit, &calm(1));
    assert_eq!(out.hits[0].attacker, id(1));
    assert_eq!(
        out.hits[0].effects,
        vec![MeleeEffect::Killed { fighter: id(2) }]
    );
    assert!(out.hits[1].cancelled);
}

#[test]
fn rule_8_4_9_simultaneous_kills_both() {
    // Equal time (4) and length (0): the Wolf's Light harm kills the Light hero while the
    // hero's Medium harm kills the Wolf.
    let sit = situation(
        true,
        vec![ch(hero(Size::Light, None)), monster("wolf-l4", L)],
        vec![sheet(0, &[(1, THRUST)])],
        vec![attack(0, 1, THRUST, 4, 0, harm(Size::Medium, 0))],
    );
    let (out, _) = run(&sit, &calm(1));
    assert_eq!(out.hits.len(), 2);
    assert_eq!(out.hits[0].moment, out.hits[1].moment);
    assert!(out.hits.iter().all(|h| !h.cancelled));
    assert_eq!(out.killed.len(), 2);
    assert!(out.killed.contains(&id(0)) && out.killed.contains(&id(1)));
}

#[test]
fn rule_8_7_simultaneous_shared_kill_listed_once() {
    let sit = situation(
        false,
        vec![
            ch(hero(Size::Medium, Some((SMASH, 2)))),
            ch(hero(Size::Medium, Some((SMASH, 2)))),
            monster("wolf-l4", L),
        ],
        vec![sheet(0, &[(2, THRUST)])],
        vec![
            attack(0, 2, SWING, 2, 3, harm(Size::Medium, 0)),
            attack(1, 2, SWING, 2, 3, harm(Size::Heavy, 0)),
        ],
    );
    let (out, _) = run(&sit, &calm(1));
    for h in &out.hits {
        assert_eq!(h.effects, vec![MeleeEffect::Killed { fighter: id(2) }]);
    }
    assert_eq!(out.killed, vec![id(2)]);
}

// ---- 8.4.9 Harm: stars, armor, excess strength, missiles ----

#[test]
fn rule_8_4_9_medium_two_stars_tremendous_heavy_on_armor() {
    // The light-side Viper: Medium with two stars, attack time 4.
    let bare = hero(Size::Heavy, None);
    let armored = with_armor(hero(Size::Heavy, None), vec![suit(7, Size::Tremendous)]);
    for (c, expected) in [(bare, Size::Tremendous), (armored, Size::Heavy)] {
        let sit = situation(
            false,
            vec![ch(c), monster("viper", L)],
            vec![sheet(0, &[(1, SWING)])],
            vec![],
        );
        let (out, _) = run(&sit, &calm(1));
        assert_eq!(out.hits[0].harm, Some(expected));
    }
}

#[test]
fn rule_8_4_9_no_stars_unaffected_by_armor() {
    // The dark-side Ogre: Heavy, no stars: Heavy on a Heavy suit, which it damages.
    let c = with_armor(hero(Size::Medium, None), vec![suit(7, Size::Heavy)]);
    let sit = situation(
        false,
        vec![ch(c), monster("ogre", D)],
        vec![sheet(0, &[(1, SWING)])],
        vec![],
    );
    let (out, _) = run(&sit, &calm(1));
    assert_eq!(out.hits[0].harm, Some(Size::Heavy));
    assert_eq!(
        out.hits[0].effects,
        vec![
            MeleeEffect::ArmorDamaged {
                fighter: id(0),
                token: 7
            },
            MeleeEffect::Wound { fighter: id(0) }
        ]
    );
}

#[test]
fn rule_8_4_9_dagger_medium_light_on_armor() {
    // The dagger kills an unarmored Medium Wolf (Medium harm) but only does Light harm to
    // an armored Heavy Troll.
    for (name, expected, kills) in [
        ("wolf-l4", Size::Medium, true),
        ("h-troll", Size::Light, false),
    ] {
        let sit = situation(
            false,
            vec![ch(hero(Size::Medium, Some((SWING, 4)))), monster(name, L)],
            vec![sheet(0, &[(1, THRUST)])],
            vec![attack(0, 1, THRUST, 2, 0, dagger())],
        );
        let (out, _) = run(&sit, &calm(1));
        let hit = out
            .hits
            .iter()
            .find(|h| h.attacker == id(0))
            .expect("the dagger hits");
        assert_eq!(hit.harm, Some(expected), "{name}");
        assert_eq!(out.killed.contains(&id(1)), kills, "{name}");
    }
}

#[test]
fn rule_8_4_9_striking_excess_strength_adds_one_level() {
    for (extra, kills) in [(true, true), (false, false)] {
        let strike = MeleeStrike::Harm {
            letter: Size::Light,
            sharpness: 0,
            missile: None,
            extra_level: extra,
        };
        let sit = situation(
            false,
            vec![
                ch(hero(Size::Medium, Some((SWING, 4)))),
                monster("wolf-l4", L),
            ],
            vec![sheet(0, &[(1, THRUST)])],
            vec![attack(0, 1, THRUST, 2, 0, strike)],
        );
        let (out, _) = run(&sit, &calm(1));
        assert_eq!(out.killed.contains(&id(1)), kills);
    }
}

#[test]
fn rule_8_4_9_armored_monsters_lose_a_star() {
    // Medium with one star: Medium on Dragons, Trolls, Serpents and Vipers, Heavy on
    // others.
    for (name, armored) in [
        ("h-dragon", true),
        ("h-troll", true),
        ("h-serpent", true),
        ("viper", true),
        ("t-troll", true),
        ("giant", false),
        ("ogre", false),
        ("giant-bat", false),
    ] {
        let sit = situation(
            false,
            vec![ch(hero(Size::Tremendous, None)), monster(name, L)],
            vec![sheet(0, &[(1, THRUST)])],
            vec![attack(0, 1, THRUST, 1, 0, harm(Size::Medium, 1))],
        );
        let (out, _) = run(
            &sit,
            &calm(usize::from(name != "giant" && name != "t-troll")),
        );
        let expected = if armored { Size::Medium } else { Size::Heavy };
        assert_eq!(out.hits[0].attacker, id(0));
        assert_eq!(out.hits[0].harm, Some(expected), "{name}");
    }
}

#[test]
fn rule_8_4_9_armored_natives_lose_a_star() {
    for (name, expected) in [("company-1", Size::Medium), ("bashkar-1", Size::Heavy)] {
        let sit = situation(
            false,
            vec![
                ch(hero(Size::Tremendous, Some((SWING, 1)))),
                native(name, L),
            ],
            vec![sheet(0, &[(1, THRUST)])],
            vec![attack(0, 1, THRUST, 1, 0, harm(Size::Medium, 1))],
        );
        let (out, _) = run(&sit, &calm(1));
        assert_eq!(out.hits[0].harm, Some(expected), "{name}");
    }
}

#[test]
fn rule_8_4_9_archers_roll_one_die_on_the_missile_table() {
    // The dark-side Woodfolk archer: Light with two stars at time 1. Row 1 (+2) is
    // Tremendous (above it counts as Tremendous); row 4 (-1) is Medium; row 6 (-3)
    // eats both stars: Negligible.
    for (row, expected) in [
        (1, Size::Tremendous),
        (3, Size::Heavy),
        (4, Size::Medium),
        (6, Size::Negligible),
    ] {
        let sit = situation(
            false,
            vec![ch(hero(Size::Tremendous, None)), native("woodfolk-1", D)],
            vec![sheet(0, &[(1, THRUST)])],
            vec![],
        );
        let mut dice = calm(1);
        dice.push(row);
        let (out, chance) = run(&sit, &dice);
        assert_eq!(out.hits[0].harm, Some(expected), "row {row}");
        assert_eq!(out.hits[0].missile_roll, Some(row));
        assert_eq!(
            chance.asked.last(),
            Some(&RollAsked::Missile {
                attacker: id(1),
                dice: MissileDice::OneDie
            })
        );
    }
}

#[test]
fn rule_8_4_9_crossbowmen_roll_two_dice_on_the_missile_table() {
    let sit = situation(
        false,
        vec![ch(hero(Size::Tremendous, None)), native("company-6", D)],
        vec![sheet(0, &[(1, THRUST)])],
        vec![],
    );
    let mut dice = calm(1);
    dice.push(5);
    let (out, chance) = run(&sit, &dice);
    // Heavy, no stars, -2 levels: Light.
    assert_eq!(out.hits[0].harm, Some(Size::Light));
    assert_eq!(
        chance.asked.last(),
        Some(&RollAsked::Missile {
            attacker: id(1),
            dice: MissileDice::TwoDice { modifier: 0 }
        })
    );
}

#[test]
fn rule_8_4_9_missile_drop_below_negligible_is_no_harm() {
    // A character's Light arrow without stars on row 6 (-3): no harm at all.
    let strike = MeleeStrike::Harm {
        letter: Size::Light,
        sharpness: 0,
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
        vec![attack(0, 1, THRUST, 2, 14, strike)],
    );
    let mut dice = calm(1);
    dice.push(6);
    let (out, chance) = run(&sit, &dice);
    assert_eq!(out.hits[0].harm, None);
    assert_eq!(out.hits[0].effects, vec![MeleeEffect::NoEffect]);
    assert!(chance.asked.contains(&RollAsked::Missile {
        attacker: id(0),
        dice: MissileDice::TwoDice { modifier: -1 }
    }));
}

#[test]
fn rule_8_4_9_missile_change_before_the_armor_star() {
    // Woodfolk archer (Light, two stars) row 4 (-1) against a suit: the letter drops to
    // Negligible, armor ignores one star: Light, which does nothing to Medium armor.
    let c = with_armor(hero(Size::Medium, None), vec![suit(3, Size::Medium)]);
    let sit = situation(
        false,
        vec![ch(c), native("woodfolk-1", D)],
        vec![sheet(0, &[(1, SMASH)])],
        vec![],
    );
    let mut dice = calm(1);
    dice.push(4);
    let (out, _) = run(&sit, &dice);
    assert_eq!(out.hits[0].harm, Some(Size::Light));
    assert_eq!(out.hits[0].effects, vec![MeleeEffect::NoEffect]);
}

#[test]
fn rule_8_4_9_cancelled_missile_rolls_nothing() {
    // The hero's faster attack kills the archer first; its hit is cancelled, no roll.
    let sit = situation(
        false,
        vec![ch(hero(Size::Tremendous, None)), native("woodfolk-1", D)],
        vec![sheet(0, &[(1, THRUST)])],
        vec![attack(0, 1, THRUST, 0, 0, harm(Size::Heavy, 0))],
    );
    let (out, chance) = run(&sit, &calm(1));
    assert!(out.hits[1].cancelled);
    assert!(!chance
        .asked
        .iter()
        .any(|r| matches!(r, RollAsked::Missile { .. })));
}

// ---- 8.4.9 Native horses; a character's horse ----

/// Lancer 1 (light: move 2, attack Heavy* at time 6, length 10) in the Smash box, his
/// pony (walking: move 5, vulnerability Medium) in the Thrust box of hero 0's sheet
/// (Swing maneuver at time 2). Hero 1 also attacks the Lancer.
fn lancer_on_pony(
    attacks: Vec<tabletop_rules::magic_realm::combat::melee::CharacterAttack>,
) -> tabletop_rules::magic_realm::combat::melee::Situation {
    situation(
        false,
        vec![
            ch(hero(Size::Medium, Some((SWING, 2)))),
            ch(hero(Size::Medium, Some((SWING, 2)))),
            native("lancer-1", L),
            native_horse("lancer-pony-1", 2, L),
        ],
        vec![sheet(0, &[(2, SMASH), (3, THRUST)])],
        attacks,
    )
}

#[test]
fn rule_8_4_9_native_horse_takes_the_hit_then_the_second_thrust_hits_the_rider() {
    // 8.4.9 example: two Thrusts with different times intercept the horse doing Charge;
    // the first kills the horse, the second harms the rider whatever his own box.
    let sit = lancer_on_pony(vec![
        attack(0, 2, THRUST, 6, 0, harm(Size::Medium, 0)),
        attack(1, 2, THRUST, 7, 0, harm(Size::Light, 0)),
    ]);
    // Only the Lancer's box rolls tactics; the pony's box holds only a horse.
    let (out, _) = run(&sit, &calm(1));
    let hero_hits: Vec<_> = out.hits.iter().filter(|h| h.target == id(2)).collect();
    assert_eq!(
        hero_hits[0].effects,
        vec![MeleeEffect::HorseKilled { fighter: id(3) }]
    );
    assert_eq!(
        hero_hits[1].effects,
        vec![MeleeEffect::Killed { fighter: id(2) }]
    );
    assert_eq!(out.killed, vec![id(3), id(2)]);
}

#[test]
fn rule_8_4_9_native_horse_maneuver_decides_hits_on_the_rider() {
    // A Smash at the rider's own box misses: the horse (Charge, time 5) is what is
    // compared; a time-4 attack undercuts it.
    let sit = lancer_on_pony(vec![
        attack(0, 2, SMASH, 6, 0, harm(Size::Medium, 0)),
        attack(1, 2, SWING, 4, 0, harm(Size::Light, 0)),
    ]);
    let (out, _) = run(&sit, &calm(1));
    assert!(out.missed.contains(&id(0)));
    let hit = out
        .hits
        .iter()
        .find(|h| h.attacker == id(1))
        .expect("undercuts");
    assert_eq!(hit.by, HitBy::Undercut);
    // Light harm on the Medium pony: nothing.
    assert_eq!(hit.effects, vec![MeleeEffect::NoEffect]);
}

#[test]
fn rule_8_4_9_character_horse_takes_the_hit_without_wound() {
    // The Heavy Troll (Medium at time 4) hits the horse the hero played (Swing, time 4):
    // no harm to him or his suit.
    let c = with_horse(
        with_armor(
            hero(Size::Light, Some((SMASH, 6))),
            vec![suit(1, Size::Medium)],
        ),
        SWING,
        4,
        Size::Heavy,
        false,
    );
    let sit = situation(
        false,
        vec![ch(c), monster("h-troll", L)],
        vec![sheet(0, &[(1, SWING)])],
        vec![],
    );
    let (out, _) = run(&sit, &calm(1));
    assert_eq!(out.hits[0].effects, vec![MeleeEffect::NoEffect]);
}

#[test]
fn rule_8_4_9_warhorse_is_armored() {
    // Light Sword Goblin: Heavy with one star, time 6, length 8, against a horse of
    // vulnerability Tremendous: Tremendous kills it, Heavy (on a warhorse) does not.
    for (armored, effects) in [
        (false, vec![MeleeEffect::HorseKilled { fighter: id(0) }]),
        (true, vec![MeleeEffect::NoEffect]),
    ] {
        let c = with_horse(
            hero(Size::Medium, None),
            SWING,
            4,
            Size::Tremendous,
            armored,
        );
        let sit = situation(
            false,
            vec![ch(c), monster("sword-goblin", L)],
            vec![sheet(0, &[(1, SWING)])],
            vec![],
        );
        let (out, _) = run(&sit, &calm(1));
        assert_eq!(out.hits[0].effects, effects, "armored {armored}");
    }
}

#[test]
fn rule_8_4_9_hits_after_the_horse_is_killed_fall_on_the_character() {
    // The Ogre (dark: Heavy at time 5) is slower than the Wolf (dark: Medium at time 4)...
    // the Wolf kills the Medium horse, the Ogre's hit falls on the hero's body. Both
    // were hits against the horse's maneuver (Thrust, time 6).
    let c = with_horse(
        hero(Size::Heavy, Some((SMASH, 1))),
        THRUST,
        6,
        Size::Medium,
        false,
    );
    let sit = situation(
        false,
        vec![ch(c), monster("wolf-l4", D), monster("ogre", D)],
        vec![sheet(0, &[(1, SMASH), (2, SWING)])],
        vec![],
    );
    let (out, _) = run(&sit, &calm(2));
    assert_eq!(
        out.hits[0].effects,
        vec![MeleeEffect::HorseKilled { fighter: id(0) }]
    );
    assert_eq!(
        out.hits[1].effects,
        vec![MeleeEffect::Killed { fighter: id(0) }]
    );
}

#[test]
fn rule_8_4_9_simultaneous_hit_still_strikes_the_killed_horse() {
    // GAPS 2.6: two Wolves (dark: Medium at time 4) at the same moment: the first kills
    // the Medium horse, the second still strikes it.
    let c = with_horse(hero(Size::Light, None), THRUST, 6, Size::Medium, false);
    let sit = situation(
        false,
        vec![ch(c), monster("wolf-l4", D), monster("wolf-l4", D)],
        vec![sheet(0, &[(1, SMASH), (2, SWING)])],
        vec![],
    );
    let (out, _) = run(&sit, &calm(2));
    assert_eq!(out.hits[0].moment, out.hits[1].moment);
    for h in &out.hits {
        assert_eq!(h.effects, vec![MeleeEffect::HorseKilled { fighter: id(0) }]);
    }
    assert!(out.killed.is_empty());
}

// ---- 8.4.9, 8.5.3 (GAPS 2.2 to 2.4): armor and the body ----

fn armored_hero(
    armor: Vec<tabletop_rules::magic_realm::combat::melee::ArmorPiece>,
) -> tabletop_rules::magic_realm::combat::melee::MeleeFighter {
    ch(with_armor(hero(Size::Light, None), armor))
}

fn breastplate(
    token: u16,
    damaged: bool,
    card: bool,
) -> tabletop_rules::magic_realm::combat::melee::ArmorPiece {
    let mut p = piece(token, ArmorRow::Body, &[THRUST, SWING], Size::Medium);
    p.damaged = damaged;
    p.card = card;
    p
}

/// One monster (light side) in the Thrust box against the armored hero.
fn armor_effects(
    monster_name: &str,
    side: Side,
    armor: Vec<tabletop_rules::magic_realm::combat::melee::ArmorPiece>,
) -> Vec<MeleeEffect> {
    let sit = situation(
        false,
        vec![armored_hero(armor), monster(monster_name, side)],
        vec![sheet(0, &[(1, THRUST)])],
        vec![],
    );
    let (out, _) = run(&sit, &calm(1));
    out.hits[0].effects.clone()
}

#[test]
fn rule_8_4_9_armor_equal_harm_damages_and_wounds() {
    // Heavy Troll light: Medium, no stars, on a Medium breastplate.
    assert_eq!(
        armor_effects("h-troll", L, vec![breastplate(5, false, false)]),
        vec![
            MeleeEffect::ArmorDamaged {
                fighter: id(0),
                token: 5
            },
            MeleeEffect::Wound { fighter: id(0) }
        ]
    );
}

#[test]
fn rule_8_4_9_damaged_armor_destroyed_by_equal_harm() {
    assert_eq!(
        armor_effects("h-troll", L, vec![breastplate(5, true, false)]),
        vec![
            MeleeEffect::ArmorDestroyed {
                fighter: id(0),
                token: 5
            },
            MeleeEffect::Wound { fighter: id(0) }
        ]
    );
}

#[test]
fn rule_8_4_9_armor_card_destroyed_by_equal_harm() {
    assert_eq!(
        armor_effects("h-troll", L, vec![breastplate(5, false, true)]),
        vec![
            MeleeEffect::ArmorDestroyed {
                fighter: id(0),
                token: 5
            },
            MeleeEffect::Wound { fighter: id(0) }
        ]
    );
}

#[test]
fn rule_8_4_9_higher_harm_destroys_armor() {
    // Ogre light: Tremendous.
    assert_eq!(
        armor_effects("ogre", L, vec![breastplate(5, false, false)]),
        vec![
            MeleeEffect::ArmorDestroyed {
                fighter: id(0),
                token: 5
            },
            MeleeEffect::Wound { fighter: id(0) }
        ]
    );
}

#[test]
fn rule_8_4_9_lower_harm_on_armor_does_nothing_and_light_does_not_wound() {
    // Wolf light: Light on the Light hero's Medium breastplate: no effect, no wound, and
    // the armor keeps it off his body.
    assert_eq!(
        armor_effects("wolf-l4", L, vec![breastplate(5, false, false)]),
        vec![MeleeEffect::NoEffect]
    );
}

#[test]
fn rule_8_4_9_outermost_armor_piece_takes_the_hit() {
    // A breastplate and a suit both cover Thrust: the breastplate is hit; a helmet
    // covers only Smash.
    let armor = vec![
        suit(9, Size::Heavy),
        piece(4, ArmorRow::Body, &[SMASH], Size::Medium),
        breastplate(5, false, false),
    ];
    assert_eq!(
        armor_effects("h-troll", L, armor)[0],
        MeleeEffect::ArmorDamaged {
            fighter: id(0),
            token: 5
        }
    );
}

#[test]
fn rule_8_4_9_shield_protects_only_its_lane() {
    // Shield in Thrust, Medium suit: the Troll in the Thrust box hits the shield, the
    // Serpent (light: Medium at time 4) in the Swing box hits the suit.
    let shield = piece(2, ArmorRow::Shield, &[THRUST], Size::Medium);
    let sit = situation(
        false,
        vec![
            armored_hero(vec![suit(9, Size::Medium), shield]),
            monster("h-troll", L),
            monster("h-serpent", L),
        ],
        vec![sheet(0, &[(1, THRUST), (2, SWING)])],
        vec![],
    );
    let (out, _) = run(&sit, &calm(2));
    let token = |k: usize| match out.hits[k].effects[0] {
        MeleeEffect::ArmorDamaged { token, .. } => token,
        ref e => panic!("unexpected {e:?}"),
    };
    assert_eq!((token(0), token(1)), (2, 9));
}

#[test]
fn rule_8_4_9_destroyed_armor_uncovers_the_next_piece() {
    // The Troll (time 4) destroys the damaged breastplate; the dark Ogre (Heavy at time 5)
    // then strikes the Heavy suit and damages it.
    let sit = situation(
        false,
        vec![
            armored_hero(vec![suit(9, Size::Heavy), breastplate(5, true, false)]),
            monster("h-troll", L),
            monster("ogre", D),
        ],
        vec![sheet(0, &[(1, THRUST), (2, THRUST)])],
        vec![],
    );
    let (out, _) = run(&sit, &calm(1));
    assert_eq!(
        out.hits[0].effects[0],
        MeleeEffect::ArmorDestroyed {
            fighter: id(0),
            token: 5
        }
    );
    assert_eq!(
        out.hits[1].effects[0],
        MeleeEffect::ArmorDamaged {
            fighter: id(0),
            token: 9
        }
    );
}

#[test]
fn rule_8_4_9_simultaneous_hits_build_up_armor_damage() {
    // Two Heavy Trolls at the same moment on an intact Medium breastplate: damaged, then
    // destroyed (docs/rulings-melee.md).
    let sit = situation(
        false,
        vec![
            armored_hero(vec![breastplate(5, false, false)]),
            monster("h-troll", L),
            monster("h-troll", L),
        ],
        vec![sheet(0, &[(1, THRUST), (2, SWING)])],
        vec![],
    );
    let (out, _) = run(&sit, &calm(2));
    assert_eq!(out.hits[0].moment, out.hits[1].moment);
    assert_eq!(
        out.hits[0].effects[0],
        MeleeEffect::ArmorDamaged {
            fighter: id(0),
            token: 5
        }
    );
    assert_eq!(
        out.hits[1].effects[0],
        MeleeEffect::ArmorDestroyed {
            fighter: id(0),
            token: 5
        }
    );
}

#[test]
fn rule_8_4_9_armor_destroyed_at_a_moment_still_stands_for_that_moment() {
    // Ogre (Tremendous) and Wolf M5 (Medium), both at time 5 in the Thrust box: the Ogre
    // destroys the breastplate, the Wolf's simultaneous hit still strikes it — a wound,
    // nothing on the suit.
    let sit = situation(
        false,
        vec![
            armored_hero(vec![suit(9, Size::Medium), breastplate(5, false, false)]),
            monster("ogre", L),
            monster("wolf-m5", L),
        ],
        vec![sheet(0, &[(1, THRUST), (2, THRUST)])],
        vec![],
    );
    let (out, _) = run(&sit, &calm(1));
    assert_eq!(out.hits[0].moment, out.hits[1].moment);
    assert_eq!(
        out.hits[1].effects,
        vec![MeleeEffect::Wound { fighter: id(0) }]
    );
}

#[test]
fn rule_8_4_9_harm_on_the_body() {
    // Character against character (no maneuver): Negligible nothing, Light a wound,
    // harm at his vulnerability kills.
    for (letter, effects) in [
        (Size::Negligible, vec![MeleeEffect::NoEffect]),
        (Size::Light, vec![MeleeEffect::Wound { fighter: id(0) }]),
        (Size::Medium, vec![MeleeEffect::Wound { fighter: id(0) }]),
        (Size::Heavy, vec![MeleeEffect::Killed { fighter: id(0) }]),
    ] {
        let sit = situation(
            false,
            vec![ch(hero(Size::Heavy, None)), ch(hero(Size::Heavy, None))],
            vec![],
            vec![attack(1, 0, SWING, 4, 0, harm(letter, 0))],
        );
        let (out, _) = run(&sit, &[]);
        assert_eq!(out.hits[0].effects, effects, "{letter:?}");
    }
}

// ---- 8.4.7 Special monsters ----

#[test]
fn rule_8_4_7_tremendous_hold_and_kill_ignores_armor_and_horse() {
    // The red-side-up Giant (attack time 4) undercuts the horse (time 5) and kills the
    // hero outright; his suit and horse are untouched.
    let c = with_horse(
        with_armor(hero(Size::Heavy, None), vec![suit(1, Size::Tremendous)]),
        SWING,
        5,
        Size::Heavy,
        true,
    );
    let sit = situation(
        false,
        vec![ch(c), monster("giant", D)],
        vec![sheet(0, &[(1, THRUST)])],
        vec![],
    );
    // The Giant's body rolls no tactics.
    let (out, _) = run(&sit, &[4]);
    assert_eq!(
        out.hits[0].effects,
        vec![MeleeEffect::Killed { fighter: id(0) }]
    );
    assert_eq!(out.hits[0].harm, None);
    assert_eq!(out.killed, vec![id(0)]);
}

#[test]
fn rule_8_4_7_hold_and_kill_kills_a_native_and_his_horse() {
    // A red-side-up Giant defends against a hired Lancer on his pony: it undercuts the
    // pony (walking, 5) and kills both before the Lancer's slower attack, which is
    // cancelled.
    let sit = situation(
        false,
        vec![
            monster("giant", D),
            native("lancer-1", L),
            native_horse("lancer-pony-1", 1, L),
        ],
        vec![denizen_sheet(
            &[(0, THRUST)],
            &[(1, THRUST), (2, SWING)],
            &[],
        )],
        vec![],
    );
    // Target group: reposition, tactics for the Lancer's box; defender: reposition only.
    let (out, _) = run(&sit, &[4, 1, 1, 4]);
    assert_eq!(
        out.hits[0].effects,
        vec![
            MeleeEffect::HorseKilled { fighter: id(2) },
            MeleeEffect::Killed { fighter: id(1) }
        ]
    );
    assert!(out.hits[1].cancelled);
    assert_eq!(out.killed, vec![id(2), id(1)]);
}

#[test]
fn rule_8_4_7_head_attacks_separately() {
    // The light-side T Dragon (Heavy at time 5, length 0) and its head (Heavy at time 4,
    // length 9) both hit the hero; the head's length puts it first in round one.
    let sit = situation(
        true,
        vec![
            ch(hero(Size::Tremendous, None)),
            monster("t-dragon", L),
            part("dragon-head", 1, L),
        ],
        vec![sheet(0, &[(1, THRUST), (2, SWING)])],
        vec![],
    );
    let (out, _) = run(&sit, &[4, 1, 1]);
    let order: Vec<_> = out.hits.iter().map(|h| h.attacker).collect();
    assert_eq!(order, vec![id(2), id(1)]);
    assert!(out
        .hits
        .iter()
        .all(|h| h.effects == vec![MeleeEffect::Wound { fighter: id(0) }]));
}

#[test]
fn rule_8_4_7_killing_the_monster_cancels_its_head() {
    // The hero's length-10 attack (Tremendous, one star: Tremendous on the armored
    // Dragon) kills it before its head and body hit.
    let sit = situation(
        true,
        vec![
            ch(hero(Size::Medium, None)),
            monster("t-dragon", L),
            part("dragon-head", 1, L),
        ],
        vec![sheet(0, &[(1, THRUST), (2, SWING)])],
        vec![attack(0, 1, THRUST, 6, 10, harm(Size::Tremendous, 1))],
    );
    let (out, _) = run(&sit, &[4, 1, 1]);
    assert_eq!(
        out.hits[0].effects,
        vec![MeleeEffect::Killed { fighter: id(1) }]
    );
    assert!(out.hits[1..].iter().all(|h| h.cancelled));
    assert_eq!(out.killed, vec![id(1)]);
}

#[test]
fn rule_8_4_7_head_cannot_be_attacked() {
    let sit = situation(
        true,
        vec![
            ch(hero(Size::Medium, None)),
            monster("t-dragon", L),
            part("dragon-head", 1, L),
        ],
        vec![sheet(0, &[(1, THRUST), (2, SWING)])],
        vec![attack(0, 2, SWING, 6, 10, harm(Size::Tremendous, 1))],
    );
    let mut chance = Scripted::new(vec![4, 1, 1]);
    assert!(resolve(cat(), &sit, &mut chance).is_err());
}

#[test]
fn rule_8_4_7_light_side_spear_goblins_and_archers_do_not_attack() {
    let sit = situation(
        false,
        vec![
            ch(hero(Size::Medium, None)),
            monster("spear-goblin", L),
            native("woodfolk-1", L),
        ],
        vec![sheet(0, &[(1, THRUST), (2, SWING)])],
        vec![],
    );
    let (out, _) = run(&sit, &calm(2));
    assert!(out.hits.is_empty() && out.missed.is_empty());
}

#[test]
fn rule_8_4_7_demon_spell_strike() {
    // The Demon's Roman-numeral side (time 2, length 17) hits: a spell strike, no harm,
    // ignoring armor.
    let sit = situation(
        false,
        vec![
            ch(with_armor(
                hero(Size::Medium, Some((SWING, 4))),
                vec![suit(1, Size::Heavy)],
            )),
            monster("demon", L),
        ],
        vec![sheet(0, &[(1, SMASH)])],
        vec![],
    );
    let (out, _) = run(&sit, &[4]);
    assert_eq!(
        out.hits[0].effects,
        vec![MeleeEffect::SpellStrike { fighter: id(0) }]
    );
    assert_eq!(out.hits[0].harm, None);
}
