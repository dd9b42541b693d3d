//! The Melee Step kernel (rules 8.4.6 to 8.4.9, GAPS 2), one test per rule behaviour,
//! each resolved with exact scripted dice and real catalog counters.

mod melee_common;

use melee_common::*;
use tabletop_rules::magic_realm::catalog::common::{Side, Size};
use tabletop_rules::magic_realm::combat::melee::chance::{RollAsked, SheetPart};
use tabletop_rules::magic_realm::combat::melee::{
    resolve, ArmorRow, Effect, HitBy, Lane, MissileDice, Scripted, Strike,
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
            tabletop_rules::magic_realm::combat::melee::Fighter::Denizen(company),
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
    // Giant Bat light: attack time 2 against a Dodge... no, a Duck with time 3.
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
    assert_eq!(out.hits[0].effects, vec![Effect::Killed { fighter: id(1) }]);
    assert!(out.hits[1].cancelled);
    assert_eq!(out.killed, vec![id(1)]);
}

#[test]
fn rule_8_4_9_speed_first_later_rounds() {
    let (out, _) = run(&hero_against_wolf(false), &calm(1));
    let order: Vec<_> = out.hits.iter().map(|h| h.attacker).collect();
    assert_eq!(order, vec![id(1), id(0)]);
    assert_eq!(out.hits[0].effects, vec![Effect::Wound { fighter: id(0) }]);
    assert_eq!(out.hits[1].effects, vec![Effect::Killed { fighter: id(1) }]);
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
    assert_eq!(out.hits[0].effects, vec![Effect::Killed { fighter: id(0) }]);
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
    assert_eq!(out.hits[0].effects, vec![Effect::Killed { fighter: id(2) }]);
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
        assert_eq!(h.effects, vec![Effect::Killed { fighter: id(2) }]);
    }
    assert_eq!(out.killed, vec![id(2)]);
}
