//! Rule scenarios for spells in combat (rules 4.6.6, 4.6.9, 8.3.9, 8.4.2 to 8.4.4; the List
//! of Spells), each built from a scenario with forced dice and named by its rule.

use crate::spells_common::*;
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::magic::SpellId;
use tabletop_rules::magic_realm::combat::melee::Lane;
use tabletop_rules::magic_realm::combat::spells::{CastStatus, SpellAim};
use tabletop_rules::magic_realm::combat::{self, CombatStage, CombatTarget};
use tabletop_rules::magic_realm::state::ChitStatus;

/// A Sorceror with Fiery Blast recorded and his Magic IV chit 4 enchanted (a Purple
/// colour chit).
fn sorceror(spells: &[&str]) -> Value {
    json!({"character": "sorceror", "at": here(), "spells": spells, "hidden": false,
           "chits": [{"chit": 4, "status": "enchanted"}]})
}

fn casts(g: &Game, seat: Seat) -> Vec<A> {
    g.legal_actions(seat)
        .into_iter()
        .filter(|a| matches!(a, A::CastSpell { .. }))
        .collect()
}

/// Passes until the Actions stage (or past it, if nobody has an action to take).
fn to_actions(g: &mut Game, log: &mut Vec<Event<E>>) {
    for _ in 0..20 {
        if combat::current(g.state()).is_some_and(|c| c.stage >= CombatStage::Actions) {
            return;
        }
        pass_once(g, log);
    }
}

#[test]
fn rule_8_3_9_b3_a_spell_needs_a_magic_chit_of_its_type_and_its_colour() {
    // Without a Purple source, no spell can be cast.
    let mut plain = start(json!({"seats": [{"character": "sorceror", "at": here(),
        "spells": ["fiery-blast"], "hidden": false}], "pieces": [monster("ogre")], "at": "sunset"}));
    let mut log = Vec::new();
    to_actions(&mut plain, &mut log);
    assert!(
        combat::current(plain.state()).is_some_and(|c| c.stage >= CombatStage::Actions),
        "the Encounter actions are reached"
    );
    assert!(
        casts(&plain, S0).is_empty(),
        "no Purple magic, no spell to cast"
    );
    // With his Purple colour chit: each fresh Magic IV chit, never the VI chits.
    let mut g = start(json!({"seats": [sorceror(&["fiery-blast"])],
        "pieces": [monster("ogre")], "at": "sunset"}));
    to_actions(&mut g, &mut log);
    let offered: Vec<u8> = casts(&g, S0)
        .iter()
        .map(|a| match a {
            A::CastSpell {
                chit,
                colour_chit,
                spell_box,
            } => {
                assert_eq!((*spell_box, *colour_chit), (0, Some(4)));
                *chit
            }
            _ => unreachable!(),
        })
        .collect();
    assert_eq!(offered, [3, 5, 9, 10, 11]);
}

#[test]
fn rule_8_3_9_b5_magic_chits_are_stopped_only_by_faster_move_times() {
    // The wolf on his sheet moves in 3: time-3 chits may be played (equal time does not
    // stop a Magic chit), time-4 and time-5 chits may not.
    let mut g = start(json!({"seats": [sorceror(&["fiery-blast"])],
        "pieces": [monster("wolf-l4")], "at": "sunset"}));
    let mut log = Vec::new();
    to_actions(&mut g, &mut log);
    let chits: Vec<u8> = casts(&g, S0)
        .iter()
        .filter_map(|a| match a {
            A::CastSpell { chit, .. } => Some(*chit),
            _ => None,
        })
        .collect();
    assert_eq!(chits, [9, 10]);
}

#[test]
fn rule_8_4_4_fiery_blast_attacks_like_a_missile_weapon_and_expires() {
    // Every die forced to 1: the Missile Table adds two levels (Light + 3 stars is
    // Tremendous already), and the time-3 blast undercuts the Ogre (moves 5 or 4).
    let mut g = start(json!({"seats": [sorceror(&["fiery-blast"])],
        "pieces": [monster("ogre")], "at": "sunset", "dice": dice(1, 40)}));
    let mut log = Vec::new();
    let cast = A::CastSpell {
        spell_box: 0,
        chit: 9,
        colour_chit: Some(4),
    };
    until(&mut g, S0, &cast, &mut log);
    assert_eq!(chit(&g, S0, 4), ChitStatus::Fatigued, "8.3.9 b.6");
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::SpellCast {
            seat: S0,
            chit: 9,
            time: 3,
            ..
        }
    )));
    let aim = A::AimSpell {
        aim: SpellAim::Denizen {
            piece: piece("ogre"),
        },
    };
    until(&mut g, S0, &aim, &mut log);
    until(&mut g, S0, &A::EndAim, &mut log);
    // 8.4.5: no weapon attack in a round he cast a spell; the spell takes an Attack circle.
    let plays = g.legal_actions(S0);
    assert!(!plays.iter().any(|a| matches!(a, A::PlayAttack { .. })));
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::SpellWorks { seat: S0, .. })));
    // The odds query counts his Attack spell like an attack (8.4.4).
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let ask = |spell_attack| {
        let plays = combat::Plays {
            spell_attack,
            ..Default::default()
        };
        combat::odds_query::play_odds(cat, g.state(), S0, &plays).unwrap()
    };
    let without = ask(None);
    let with = ask(Some(Lane::ChargeThrust));
    assert!(!without.attack_counted && with.attack_counted);
    assert!(with.target_killed.is_some_and(|p| p > 0.5), "{with:?}");
    let blast = A::PlaySpellAttack {
        lane: Lane::ChargeThrust,
    };
    until(&mut g, S0, &blast, &mut log);
    until(&mut g, S0, &A::EndPlays, &mut log);
    assert!(
        details(&log).iter().any(|d| matches!(d,
            E::Killed { victim, by: Some(S0), .. } if *victim == piece("ogre"))),
        "the blast kills the Ogre and the kill is the spellcaster's (8.7)"
    );
    assert!(details(&log).iter().any(|d| matches!(d,
        E::SpellExpired { seat: S0, spell } if spell.0 == "fiery-blast")));
    assert_eq!(chit(&g, S0, 9), ChitStatus::Fatigued, "4.6.6b");
}

#[test]
fn rule_8_4_3_a_faster_spell_cancels_the_slower_spell_of_its_target() {
    // The Sorceror blasts the Wizard with a time-3 chit; the Wizard's time-4 blast at the
    // Sorceror is cancelled and its chit fatigues.
    let wizard = json!({"character": "wizard", "at": here(), "spells": ["fiery-blast"],
        "hidden": false, "chits": [{"chit": 11, "status": "enchanted"}]});
    let mut g = start(json!({"seats": [sorceror(&["fiery-blast"]), wizard],
        "at": "sunset", "dice": dice(1, 60)}));
    let mut log = Vec::new();
    until(
        &mut g,
        S0,
        &A::CastSpell {
            spell_box: 0,
            chit: 9,
            colour_chit: Some(4),
        },
        &mut log,
    );
    until(
        &mut g,
        S1,
        &A::CastSpell {
            spell_box: 0,
            chit: 7,
            colour_chit: Some(11),
        },
        &mut log,
    );
    // Whoever's attention chit comes first, both name each other.
    for _ in 0..4 {
        let Some(seat) = g.to_act().seats().first().copied() else {
            break;
        };
        let other = if seat == S0 { S1 } else { S0 };
        let aim = A::AimSpell {
            aim: SpellAim::Character { seat: other },
        };
        if g.legal_actions(seat).contains(&aim) {
            log.extend(g.apply(seat, aim).unwrap());
        } else if g.legal_actions(seat).contains(&A::EndAim) {
            log.extend(g.apply(seat, A::EndAim).unwrap());
        } else {
            break;
        }
    }
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::SpellCancelled { seat: S1, .. })));
    assert!(!details(&log)
        .iter()
        .any(|d| matches!(d, E::SpellCancelled { seat: S0, .. })));
    let c = combat::current(g.state()).unwrap();
    assert_eq!(c.casts[&S1].status, CastStatus::Cancelled);
    assert_eq!(c.casts[&S0].status, CastStatus::Working);
    assert_eq!(chit(&g, S1, 7), ChitStatus::Fatigued, "8.4.3");
    // 8.4.3: the cancelled spellcaster may still attack the target of his attention chit.
    assert!(g
        .legal_actions(S1)
        .iter()
        .any(|a| matches!(a, A::PlayAttack { .. })));
}

#[test]
fn rule_8_4_2_a_spell_with_no_target_is_broken() {
    let mut g = start(json!({"seats": [sorceror(&["fiery-blast"])],
        "pieces": [monster("ogre")], "at": "sunset", "dice": dice(1, 40)}));
    let mut log = Vec::new();
    until(
        &mut g,
        S0,
        &A::CastSpell {
            spell_box: 0,
            chit: 3,
            colour_chit: Some(4),
        },
        &mut log,
    );
    assert!(combat::current(g.state()).is_some_and(|c| c.stage == CombatStage::Targets));
    let ev = g.apply(S0, A::NoTarget).unwrap();
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::SpellBroken { seat: S0, .. })));
    assert_eq!(chit(&g, S0, 3), ChitStatus::Fatigued);
}

/// A Pilgrim with Make Whole and Peace recorded and his Magic I chit 11 enchanted (White).
fn pilgrim(chits: Value) -> Value {
    json!({"character": "pilgrim", "at": here(), "spells": ["make-whole", "peace"],
           "hidden": false, "chits": chits})
}

#[test]
fn make_whole_activates_fatigued_and_wounded_chits_and_expires() {
    let chits = json!([{"chit": 11, "status": "enchanted"},
        {"chit": 0, "status": "fatigued"}, {"chit": 5, "status": "wounded"}]);
    let mut g = start(json!({"seats": [pilgrim(chits)], "at": "sunset"}));
    let mut log = Vec::new();
    let aim = SpellAim::Character { seat: S0 };
    cast_at(&mut g, S0, 0, 6, Some(11), aim, &mut log);
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::MadeWhole { seat: S0, .. })));
    assert_eq!(chit(&g, S0, 0), ChitStatus::Fresh);
    assert_eq!(chit(&g, S0, 5), ChitStatus::Fresh);
    assert_eq!(
        chit(&g, S0, 6),
        ChitStatus::Fatigued,
        "the Magic chit fatigues after the spell"
    );
}

#[test]
fn peace_unassigns_a_denizen_until_midnight() {
    let mut g = start(
        json!({"seats": [pilgrim(json!([{"chit": 6, "status": "enchanted"}]))],
        "pieces": [monster("ogre")], "at": "sunset", "dice": dice(1, 80)}),
    );
    let mut log = Vec::new();
    until(
        &mut g,
        S0,
        &A::CastSpell {
            spell_box: 1,
            chit: 11,
            colour_chit: Some(6),
        },
        &mut log,
    );
    let ogre = piece("ogre");
    until(
        &mut g,
        S0,
        &A::AimSpell {
            aim: SpellAim::Denizen {
                piece: ogre.clone(),
            },
        },
        &mut log,
    );
    assert!(details(&log).iter().any(|d| matches!(d,
        E::Pacified { target: CombatTarget::Denizen { piece } } if *piece == ogre)));
    let c = combat::current(g.state()).unwrap();
    assert!(c.sheet_of(&ogre).is_none(), "the Ogre is unassigned");
    assert_eq!(chit(&g, S0, 11), ChitStatus::Committed);
    assert_eq!(g.state().spells.len(), 1);
    // The box is tied up: Peace cannot be cast again while it lasts.
    assert_eq!(g.state().spells[0].spell, SpellId("peace".into()));
    // Combat goes on without the Ogre being assigned, and ends; at Midnight the spell
    // expires and its chit fatigues.
    for _ in 0..200 {
        if g.state().spells.is_empty() {
            break;
        }
        if let Some(c) = combat::current(g.state()) {
            assert!(c.sheet_of(&ogre).is_none(), "never assigned while pacified");
        }
        let Some(who) = g.to_act().seats().first().copied() else {
            break;
        };
        let legal = g.legal_actions(who);
        let pass = combat::passing(&legal)
            .or_else(|| legal.first().cloned())
            .expect("an action");
        log.extend(g.apply(who, pass).unwrap());
    }
    assert!(details(&log).iter().any(|d| matches!(d,
        E::SpellExpired { seat: S0, spell } if spell.0 == "peace")));
    assert_eq!(chit(&g, S0, 11), ChitStatus::Fatigued);
}

#[test]
fn peace_is_broken_when_its_target_is_already_someones_target() {
    // The Ogre attacks the Pilgrim: a Peace on the Pilgrim himself finds him the Ogre's
    // target and breaks.
    let mut g = start(
        json!({"seats": [pilgrim(json!([{"chit": 6, "status": "enchanted"}]))],
        "pieces": [monster("ogre")], "at": "sunset", "dice": dice(1, 40)}),
    );
    let mut log = Vec::new();
    let aim = SpellAim::Character { seat: S0 };
    cast_at(&mut g, S0, 1, 11, Some(6), aim, &mut log);
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::SpellBroken { seat: S0, .. })));
    assert!(g.state().spells.is_empty());
    assert_eq!(chit(&g, S0, 11), ChitStatus::Fatigued);
}

/// A Witch King with Power of the Pit recorded and his Magic V chit 1 enchanted (Black).
fn witch_king() -> Value {
    json!({"character": "witch-king", "at": here(), "spells": ["power-of-the-pit"],
           "hidden": false, "chits": [{"chit": 1, "status": "enchanted"}]})
}

fn cast_pit_at_ogre(g: &mut Game, log: &mut Vec<Event<E>>) {
    let aim = SpellAim::Denizen {
        piece: piece("ogre"),
    };
    cast_at(g, S0, 0, 10, Some(1), aim, log);
}

#[test]
fn rule_4_6_7_power_of_the_pit_carried_away_is_the_caster_s_kill() {
    let mut g = start(json!({"seats": [witch_king()], "pieces": [monster("ogre")],
        "at": "sunset", "dice": dice(2, 20)}));
    let mut log = Vec::new();
    cast_pit_at_ogre(&mut g, &mut log);
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::PitRolled {
            result: tabletop_rules::magic_realm::catalog::tables::PitResult::CarriedAway,
            ..
        }
    )));
    assert!(details(&log).iter().any(|d| matches!(d,
        E::Killed { victim, by: Some(S0), notoriety, .. }
            if *victim == piece("ogre") && *notoriety == 2)));
    assert_eq!(
        chit(&g, S0, 10),
        ChitStatus::Fatigued,
        "an Instant spell expires"
    );
}

#[test]
fn rule_4_6_7_terror_wounds_light_and_medium_chits_and_kills_medium_monsters() {
    // A hidden Swordsman shares the clearing: terror reaches every character there.
    let swordsman = json!({"character": "swordsman", "at": here(), "hidden": true});
    let mut g = start(
        json!({"seats": [witch_king(), swordsman], "pieces": [monster("ogre")],
        "at": "sunset", "dice": dice(3, 20)}),
    );
    let mut log = Vec::new();
    cast_pit_at_ogre(&mut g, &mut log);
    assert!(details(&log).iter().any(|d| matches!(d,
        E::Killed { victim, .. } if *victim == piece("ogre"))));
    // The Swordsman's Light and Medium Move and Fight chits are wounded; the rest stay.
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let card = cat
        .characters
        .characters
        .iter()
        .find(|c| c.id.0 == "swordsman")
        .unwrap();
    use tabletop_rules::magic_realm::catalog::characters::ChitKind;
    use tabletop_rules::magic_realm::catalog::common::Size;
    let mut wounded = 0;
    for (i, c) in card.chits.iter().enumerate() {
        let lm = matches!(c.kind,
            ChitKind::Move { strength } | ChitKind::Fight { strength }
                if matches!(strength, Size::Light | Size::Medium));
        let expected = if lm {
            ChitStatus::Wounded
        } else {
            ChitStatus::Fresh
        };
        assert_eq!(chit(&g, S1, i), expected, "chit {i}");
        wounded += usize::from(lm);
    }
    assert!(wounded > 0);
}

#[test]
fn rule_8_4_7_a_demon_s_hit_rolls_on_the_power_of_the_pit_table() {
    // Every die 5: the Demon keeps its light (spell) side, hits the Sorceror who plays no
    // maneuver, and the roll of 5 is Forget: his active Magic chits fatigue.
    let mut g = start(json!({"seats": [{"character": "sorceror", "at": here(),
        "hidden": false}], "pieces": [monster("demon")], "at": "sunset", "dice": dice(5, 40)}));
    let mut log = Vec::new();
    for _ in 0..40 {
        if details(&log)
            .iter()
            .any(|d| matches!(d, E::PitRolled { .. }))
        {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::PitRolled {
            target: CombatTarget::Character { seat: S0 },
            result: tabletop_rules::magic_realm::catalog::tables::PitResult::Forget
        }
    )));
    for i in [3, 4, 5, 6, 7, 8, 9, 10, 11] {
        assert_eq!(chit(&g, S0, i), ChitStatus::Fatigued, "Magic chit {i}");
    }
    assert_eq!(
        chit(&g, S0, 1),
        ChitStatus::Fresh,
        "a Fight chit is untouched"
    );
}

#[test]
fn exorcise_kills_demons_breaks_spells_and_fatigues_colour_chits() {
    // A hidden Sorceror shares the clearing with his Purple colour chit.
    let pilgrim = json!({"character": "pilgrim", "at": here(), "spells": ["exorcise"],
        "hidden": false, "chits": [{"chit": 6, "status": "enchanted"}]});
    let mut hidden = sorceror(&[]);
    hidden["hidden"] = json!(true);
    let mut g = start(
        json!({"seats": [pilgrim, hidden], "pieces": [monster("demon")],
        "at": "sunset", "dice": dice(5, 40)}),
    );
    let mut log = Vec::new();
    let aim = SpellAim::Clearing;
    cast_at(&mut g, S0, 0, 11, Some(6), aim, &mut log);
    assert!(details(&log).iter().any(|d| matches!(d,
        E::Killed { victim, by: Some(S0), fame, .. }
            if *victim == piece("demon") && *fame == 8)));
    assert_eq!(
        chit(&g, S1, 4),
        ChitStatus::Fatigued,
        "colour chits in the clearing fatigue"
    );
    assert_eq!(chit(&g, S0, 11), ChitStatus::Fatigued);
}

#[test]
fn pentangle_keeps_demons_off_its_target() {
    let wk = json!({"character": "witch-king", "at": here(), "spells": ["pentangle"],
        "hidden": false, "chits": [{"chit": 1, "status": "enchanted"}]});
    let mut g = start(json!({"seats": [wk], "pieces": [monster("demon")],
        "at": "sunset", "dice": dice(5, 80)}));
    let mut log = Vec::new();
    assert_eq!(
        combat::current(g.state()).and_then(|c| c.sheets.get(&S0).cloned()),
        None,
        "before random assignment"
    );
    until(
        &mut g,
        S0,
        &A::CastSpell {
            spell_box: 0,
            chit: 10,
            colour_chit: Some(1),
        },
        &mut log,
    );
    assert_eq!(
        combat::current(g.state())
            .unwrap()
            .sheet_of(&piece("demon")),
        Some(S0),
        "the Demon was assigned to him"
    );
    until(
        &mut g,
        S0,
        &A::AimSpell {
            aim: SpellAim::Character { seat: S0 },
        },
        &mut log,
    );
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::Protected {
            target: CombatTarget::Character { seat: S0 }
        }
    )));
    assert_eq!(
        combat::current(g.state())
            .unwrap()
            .sheet_of(&piece("demon")),
        None
    );
    // Later rounds: the Demon is never assigned to him, and never hits him.
    for _ in 0..60 {
        let Some(c) = combat::current(g.state()) else {
            break;
        };
        assert_eq!(c.sheet_of(&piece("demon")), None);
        pass_once(&mut g, &mut log);
    }
    assert!(!details(&log)
        .iter()
        .any(|d| matches!(d, E::PitRolled { .. })));
}

#[test]
fn dissolve_spell_breaks_a_spell_in_effect_in_the_clearing() {
    // Round 1: the Pilgrim pacifies the Ogre. Round 2: the Witch King dissolves the Peace.
    let pilgrim = json!({"character": "pilgrim", "at": here(), "spells": ["peace"],
        "hidden": true, "chits": [{"chit": 6, "status": "enchanted"}]});
    let wk = json!({"character": "witch-king", "at": here(), "spells": ["dissolve-spell"],
        "hidden": true, "chits": [{"chit": 0, "status": "enchanted"}]});
    let mut g = start(json!({"seats": [pilgrim, wk], "pieces": [monster("ogre")],
        "at": "sunset", "dice": dice(5, 80)}));
    let mut log = Vec::new();
    let aim = SpellAim::Denizen {
        piece: piece("ogre"),
    };
    cast_at(&mut g, S0, 0, 11, Some(6), aim, &mut log);
    assert_eq!(g.state().spells.len(), 1, "the Peace bewitches the Ogre");
    let dissolve = A::AimSpell {
        aim: SpellAim::Spell {
            caster: S0,
            spell_box: 0,
        },
    };
    until(
        &mut g,
        S1,
        &A::CastSpell {
            spell_box: 0,
            chit: 11,
            colour_chit: Some(0),
        },
        &mut log,
    );
    until(&mut g, S1, &dissolve, &mut log);
    // The spells come to life once every attention chit is picked.
    through_targets(&mut g, &mut log);
    assert!(g.state().spells.is_empty(), "the Peace is broken");
    assert!(details(&log).iter().any(|d| matches!(d,
        E::SpellBroken { seat: S0, spell } if spell.0 == "peace")));
    assert_eq!(
        chit(&g, S0, 11),
        ChitStatus::Fatigued,
        "the Peace's chit fatigues"
    );
}

#[test]
fn elven_grace_sets_move_times_by_strength_and_size() {
    // The Elf graces himself (his Medium Move M4 chit now takes 2), then the Ogre (moves
    // 5 and 4, Medium: now 2 on both sides).
    let elf = |spells: &[&str]| {
        json!({"character": "elf", "at": here(), "spells": spells, "hidden": false,
               "chits": [{"chit": 0, "status": "enchanted"}]})
    };
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let mut g = start(
        json!({"seats": [elf(&["elven-grace"])], "pieces": [monster("ogre")],
        "at": "sunset", "dice": dice(5, 40)}),
    );
    let mut log = Vec::new();
    assert_eq!(
        combat::fighters::move_chit_time(cat, g.state(), S0, 9),
        Some(4)
    );
    let aim = SpellAim::Character { seat: S0 };
    cast_at(&mut g, S0, 0, 5, Some(0), aim, &mut log);
    assert!(details(&log).iter().any(|d| matches!(d, E::Graced { .. })));
    assert_eq!(
        combat::fighters::move_chit_time(cat, g.state(), S0, 9),
        Some(2)
    );
    assert_eq!(
        combat::fighters::move_chit_time(cat, g.state(), S0, 8),
        Some(1)
    );

    let mut g = start(
        json!({"seats": [elf(&["elven-grace"])], "pieces": [monster("ogre")],
        "at": "sunset", "dice": dice(5, 40)}),
    );
    let ogre = piece("ogre");
    let before = combat::fighters::denizen(cat, g.state(), &ogre, None).unwrap();
    assert_eq!((before.light.move_time, before.dark.move_time), (5, 4));
    let aim = SpellAim::Denizen {
        piece: ogre.clone(),
    };
    cast_at(&mut g, S0, 0, 5, Some(0), aim, &mut log);
    let after = combat::fighters::denizen(cat, g.state(), &ogre, None).unwrap();
    assert_eq!((after.light.move_time, after.dark.move_time), (2, 2));
}

#[test]
fn poison_adds_a_star_to_a_weapon_until_sunset_of_the_next_day() {
    use tabletop_rules::magic_realm::combat::melee::MeleeStrike;
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    // The Witch (Magic VIII chit 11, Grey colour chit 5) poisons the Swordsman's sword.
    let witch = json!({"character": "witch", "at": here(), "spells": ["poison"],
        "hidden": false, "chits": [{"chit": 5, "status": "enchanted"}]});
    let sword = json!({"kind": "weapon", "id": "thrusting-sword", "n": 0});
    let swordsman = json!({"character": "swordsman", "at": here(), "hidden": false,
        "belongings": [{"piece": sword}]});
    let mut g = start(json!({"seats": [witch, swordsman], "at": "sunset", "dice": dice(4, 40)}));
    let fight = cat
        .characters
        .characters
        .iter()
        .find(|c| c.id.0 == "swordsman")
        .unwrap()
        .chits
        .iter()
        .position(|c| {
            matches!(
                c.kind,
                tabletop_rules::magic_realm::catalog::characters::ChitKind::Fight { .. }
            )
        })
        .unwrap() as u8;
    let stars = |g: &Game| match combat::fighters::attack_values(cat, g.state(), S1, fight)
        .unwrap()
        .strike
    {
        MeleeStrike::Harm { sharpness, .. } => sharpness,
        other => panic!("{other:?}"),
    };
    let before = stars(&g);
    let mut log = Vec::new();
    let aim = SpellAim::Weapon {
        piece: serde_json::from_value(sword.clone()).unwrap(),
    };
    cast_at(&mut g, S0, 0, 11, Some(5), aim, &mut log);
    through_targets(&mut g, &mut log);
    assert_eq!(stars(&g), before + 1, "Poison: one more sharpness star");
    assert_eq!(chit(&g, S0, 11), ChitStatus::Committed);
    // A Day spell lasts through Midnight and expires at Sunset of the next day.
    let day = g.state().step.day().unwrap();
    let mut st = g.state().clone();
    let mut ev = Vec::new();
    combat::spells::sunset(cat, &mut st, day, &mut ev);
    assert_eq!(st.spells.len(), 1, "not at today's Sunset");
    combat::spells::sunset(cat, &mut st, day + 1, &mut ev);
    assert!(st.spells.is_empty());
    assert!(details(&ev).iter().any(|d| matches!(d,
        E::SpellExpired { seat: S0, spell } if spell.0 == "poison")));
    assert_eq!(st.seats[0].chits[11], ChitStatus::Fatigued);
}

#[test]
fn deal_with_goblins_pacifies_the_goblins_toward_the_spellcaster() {
    // The Witch (Magic VIII chit 11, Black colour chit 4) deals with the two Axe Goblins
    // attacking her: they are unassigned and never assigned to her again.
    let witch = json!({"character": "witch", "at": here(), "spells": ["deal-with-goblins"],
        "hidden": false, "chits": [{"chit": 4, "status": "enchanted"}]});
    let goblin = |n: u8| {
        json!({"piece": {"kind": "monster", "id": "axe-goblin", "n": n},
               "place": {"place": "clearing", "at": here()}})
    };
    let mut g = start(json!({"seats": [witch], "pieces": [goblin(0), goblin(1)],
        "at": "sunset", "dice": dice(5, 80)}));
    let mut log = Vec::new();
    let aim = SpellAim::Kind {
        kind: tabletop_rules::magic_realm::catalog::denizens::MonsterKind::Goblin,
    };
    cast_at(&mut g, S0, 0, 11, Some(4), aim, &mut log);
    through_targets(&mut g, &mut log);
    assert_eq!(g.state().spells.len(), 1);
    assert_eq!(
        g.state().spells[0].aims.len(),
        2,
        "both Goblins are targets"
    );
    for _ in 0..60 {
        let Some(c) = combat::current(g.state()) else {
            break;
        };
        assert!(
            c.sheets.get(&S0).is_none_or(|v| v.is_empty()),
            "no Goblin attacks her"
        );
        pass_once(&mut g, &mut log);
    }
    assert!(!details(&log)
        .iter()
        .any(|d| matches!(d, E::Wounded { .. } | E::Killed { .. })));
}

#[test]
fn rule_8_3_4_luring_a_denizen_she_pacified_breaks_the_spell() {
    // The Witch deals with the two Axe Goblins, then lures one onto her sheet in a later
    // round: Deal with Goblins is broken (8.3.4, 8.4.2).
    let witch = json!({"character": "witch", "at": here(), "spells": ["deal-with-goblins"],
        "hidden": false, "chits": [{"chit": 4, "status": "enchanted"}]});
    let goblin = |n: u8| {
        json!({"piece": {"kind": "monster", "id": "axe-goblin", "n": n},
               "place": {"place": "clearing", "at": here()}})
    };
    let mut g = start(json!({"seats": [witch], "pieces": [goblin(0), goblin(1)],
        "at": "sunset", "dice": dice(5, 80)}));
    let mut log = Vec::new();
    let aim = SpellAim::Kind {
        kind: tabletop_rules::magic_realm::catalog::denizens::MonsterKind::Goblin,
    };
    cast_at(&mut g, S0, 0, 11, Some(4), aim, &mut log);
    through_targets(&mut g, &mut log);
    assert_eq!(g.state().spells.len(), 1);
    let lure = A::Lure {
        denizen: serde_json::from_value(json!({"kind": "monster", "id": "axe-goblin", "n": 0}))
            .unwrap(),
    };
    until(&mut g, S0, &lure, &mut log);
    assert!(g.state().spells.is_empty(), "the pacification is broken");
    assert!(details(&log).iter().any(|d| matches!(d,
        E::SpellBroken { seat: S0, spell } if spell.0 == "deal-with-goblins")));
}

#[test]
fn persuade_makes_a_native_group_friendly_and_stops_its_battling() {
    use tabletop_rules::magic_realm::catalog::denizens::NativeGroup;
    use tabletop_rules::magic_realm::catalog::denizens::Trader;
    use tabletop_rules::magic_realm::day::meeting::relationship_level;
    // The Elf (Magic III chit 5, Gold colour chit 0) meets the Lancers (his Enemies); they
    // battle him (every die 6 on the Meeting Table). He persuades them.
    let elf = json!({"character": "elf", "at": here(), "spells": ["persuade"],
        "hidden": false, "chits": [{"chit": 0, "status": "enchanted"}]});
    let lancer = json!({"piece": {"kind": "native", "id": "lancer-1"},
        "place": {"place": "clearing", "at": here()}});
    let mut g = start(json!({"seats": [elf], "pieces": [lancer], "at": "sunset",
        "dice": dice(6, 80)}));
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let lancers = Trader::Native(NativeGroup::Lancers);
    assert_eq!(relationship_level(cat, g.state(), S0, lancers), 0, "Enemy");
    let mut log = Vec::new();
    for _ in 0..6 {
        let legal = g.legal_actions(S0);
        let Some(roll) = legal
            .iter()
            .find(|a| matches!(a, A::RollForBattling { drinks: false, .. }))
        else {
            break;
        };
        log.extend(g.apply(S0, roll.clone()).unwrap());
    }
    assert!(
        g.state()
            .today
            .evening
            .battling
            .iter()
            .any(|o| o.seat == S0 && o.group == NativeGroup::Lancers),
        "the Lancers battle him before the spell"
    );
    let aim = SpellAim::Group {
        group: NativeGroup::Lancers,
    };
    cast_at(&mut g, S0, 0, 5, Some(0), aim, &mut log);
    through_targets(&mut g, &mut log);
    assert_eq!(g.state().spells.len(), 1);
    assert_eq!(
        relationship_level(cat, g.state(), S0, lancers),
        3,
        "Persuade: Friendly"
    );
    assert!(!g
        .state()
        .today
        .evening
        .battling
        .iter()
        .any(|o| o.seat == S0 && o.group == NativeGroup::Lancers));
    let native: tabletop_rules::magic_realm::pieces::PieceId =
        serde_json::from_value(json!({"kind": "native", "id": "lancer-1"})).unwrap();
    assert!(combat::current(g.state()).is_none_or(|c| c.sheet_of(&native).is_none()));
}

/// The attacks the working Attack spells make, by target, as the melee will see them.
fn spell_attacks(g: &Game) -> Vec<(combat::round::Who, Lane, u8)> {
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let built = combat::round::build(cat, g.state()).unwrap();
    built
        .spell_attacks
        .iter()
        .map(|i| {
            let a = built.situation.attacks[*i];
            (built.who(a.target).unwrap().clone(), a.lane, a.values.time)
        })
        .collect()
}

#[test]
fn stones_fly_always_makes_four_attacks() {
    // The Witch (Magic II chit 10, Grey colour chit 5) throws stones at one, two or three
    // monsters: 4; 2 and 2; 2 on the first named and 1 on each other.
    let goblin = |n: u8| {
        json!({"piece": {"kind": "monster", "id": "axe-goblin", "n": n},
               "place": {"place": "clearing", "at": here()}})
    };
    let goblin_id = |n: u8| -> tabletop_rules::magic_realm::pieces::PieceId {
        serde_json::from_value(json!({"kind": "monster", "id": "axe-goblin", "n": n})).unwrap()
    };
    for (targets, expected) in [(1usize, vec![4]), (2, vec![2, 2]), (3, vec![2, 1, 1])] {
        let witch = json!({"character": "witch", "at": here(), "spells": ["stones-fly"],
            "hidden": true, "chits": [{"chit": 5, "status": "enchanted"}]});
        let mut g = start(json!({"seats": [witch],
            "pieces": [goblin(0), goblin(1), goblin(2)], "at": "sunset", "dice": dice(5, 80)}));
        let mut log = Vec::new();
        until(
            &mut g,
            S0,
            &A::CastSpell {
                spell_box: 0,
                chit: 10,
                colour_chit: Some(5),
            },
            &mut log,
        );
        for n in 0..targets {
            let aim = A::AimSpell {
                aim: SpellAim::Denizen {
                    piece: goblin_id(n as u8),
                },
            };
            log.extend(g.apply(S0, aim).unwrap());
        }
        log.extend(g.apply(S0, A::EndAim).unwrap());
        through_targets(&mut g, &mut log);
        g.apply(
            S0,
            A::PlaySpellAttack {
                lane: Lane::DodgeSwing,
            },
        )
        .unwrap();
        let attacks = spell_attacks(&g);
        let per_target: Vec<usize> = (0..targets)
            .map(|n| {
                attacks
                    .iter()
                    .filter(|(w, lane, time)| {
                        *w == combat::round::Who::Denizen(goblin_id(n as u8))
                            && *lane == Lane::DodgeSwing
                            && *time == 2
                    })
                    .count()
            })
            .collect();
        assert_eq!(per_target, expected, "{targets} target(s)");
        assert_eq!(attacks.len(), 4);
    }
}

#[test]
fn roof_collapses_attacks_everyone_in_the_cave_smash_at_time_4() {
    let cave = json!({"tile": "caves", "clearing": 1});
    let sorceror = json!({"character": "sorceror", "at": cave, "spells": ["roof-collapses"],
        "hidden": false, "chits": [{"chit": 4, "status": "enchanted"}]});
    let swordsman = json!({"character": "swordsman", "at": cave, "hidden": true});
    let ogre = json!({"piece": {"kind": "monster", "id": "ogre", "n": 0},
        "place": {"place": "clearing", "at": cave}});
    let mut g = start(json!({"seats": [sorceror, swordsman], "pieces": [ogre],
        "at": "sunset", "dice": dice(5, 80)}));
    let mut log = Vec::new();
    cast_at(&mut g, S0, 0, 9, Some(4), SpellAim::Clearing, &mut log);
    through_targets(&mut g, &mut log);
    let mut targets: Vec<String> = spell_attacks(&g)
        .into_iter()
        .map(|(w, lane, time)| {
            assert_eq!((lane, time), (Lane::DuckSmash, 4));
            format!("{w:?}")
        })
        .collect();
    targets.sort();
    assert_eq!(targets.len(), 3, "{targets:?}");
    // The hidden Swordsman is attacked too, and makes his plays.
    assert!(combat::current(g.state()).unwrap().plays.contains_key(&S1));
    // Not in a woods clearing: the spell is never offered there.
    let mut woods = start(json!({"seats": [{"character": "sorceror", "at": here(),
        "spells": ["roof-collapses"], "hidden": false,
        "chits": [{"chit": 4, "status": "enchanted"}]}], "at": "sunset"}));
    while combat::current(woods.state()).is_some() {
        assert!(
            !woods
                .legal_actions(S0)
                .iter()
                .any(|a| matches!(a, A::CastSpell { .. })),
            "Roof Collapses is never offered in the woods"
        );
        pass_once(&mut woods, &mut log);
    }
}

#[test]
fn rule_4_6_9_exorcise_breaks_the_curses_in_effect_in_its_clearing() {
    // "Every spell and Curse that is in effect in the clearing ... is instantly broken":
    // the caster's own curse and the Sorceror's curses go.
    let mut pilgrim = json!({"character": "pilgrim", "at": here(), "spells": ["exorcise"],
        "hidden": false, "chits": [{"chit": 6, "status": "enchanted"}]});
    pilgrim["curses"] = json!(["eyemist"]);
    let mut sorc = sorceror(&[]);
    sorc["curses"] = json!(["ashes", "disgust"]);
    let mut g = start(
        json!({"seats": [pilgrim, sorc], "pieces": [monster("demon")],
        "at": "sunset", "dice": dice(5, 40)}),
    );
    assert!(!g.state().seats[1].curses.is_empty());
    let mut log = Vec::new();
    cast_at(&mut g, S0, 0, 11, Some(6), SpellAim::Clearing, &mut log);
    assert!(g.state().seats[0].curses.is_empty(), "the caster's Eyemist");
    assert!(
        g.state().seats[1].curses.is_empty(),
        "the Sorceror's curses"
    );
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::CurseRemoved { seat: S1, .. })));
}

#[test]
fn rule_4_6_7_b_the_power_of_the_pit_caster_rolls_with_his_modifications_and_magic_wand() {
    use tabletop_rules::magic_realm::catalog::tables::PitResult;
    use tabletop_rules::magic_realm::combat::spells::choices;
    let carried_away = |log: &[Event<E>]| {
        details(log).iter().any(|d| {
            matches!(
                d,
                E::PitRolled {
                    result: PitResult::CarriedAway,
                    ..
                }
            )
        })
    };
    // The card: "The spellcaster rolls on the Power of the Pit table". Every die 1 (a
    // Fiery Chasm), but the Witch King's Magic Wand lets him set the red die to 2, against
    // an Ogre, which has no Wand to ask: Carried Away.
    let mut wk = witch_king();
    wk["belongings"] = json!([{"piece": {"kind": "treasure", "id": "magic-wand"}}]);
    let mut g = start(json!({"seats": [wk], "pieces": [monster("ogre")],
        "at": "sunset", "dice": dice(1, 20)}));
    let mut log = Vec::new();
    cast_pit_at_ogre(&mut g, &mut log);
    for _ in 0..10 {
        if choices::waiting(g.state()).is_some() {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    assert!(!details(&log)
        .iter()
        .any(|d| matches!(d, E::PitRolled { .. })));
    assert_eq!(g.to_act().seats(), vec![S0]);
    let ev = g.apply(S0, A::ChooseRedDie { value: 2 }).unwrap();
    assert!(carried_away(&ev));
    assert!(details(&ev).iter().any(|d| matches!(d,
        E::Killed { victim, by: Some(S0), .. } if *victim == piece("ogre"))));

    // Every die 1 (a Fiery Chasm), and the caster's Cloven Hoof adds one: Carried Away.
    let mut wk = witch_king();
    wk["belongings"] = json!([{"piece": {"kind": "treasure", "id": "cloven-hoof"}}]);
    let mut g = start(json!({"seats": [wk], "pieces": [monster("ogre")],
        "at": "sunset", "dice": dice(1, 20)}));
    let mut log = Vec::new();
    let aim = SpellAim::Denizen {
        piece: piece("ogre"),
    };
    // (The Cloven Hoof supplies the Black magic: no colour chit is needed.)
    cast_at(&mut g, S0, 0, 10, None, aim, &mut log);
    assert!(carried_away(&log));
}
