//! Rule scenarios for spells in the Melee Step (seed 002, 8.4.2 and 8.4.3) that
//! `docs/coverage.md` found without a test (issue 5): whose spell a faster spell
//! interrupts, staying hidden while casting, and a spell box tied up by its spell. Each is
//! built from a scenario with forced dice.

use crate::mr_seed_gaps::{details, here, stage, S0};
use serde_json::json;
use tabletop_rules::engine::Seat;
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::combat::{self, CombatStage};

// ---- 8.4.2, 8.4.3: spells and their targets -----------------------------------------------

#[test]
fn rule_8_4_3_only_a_spellcaster_named_as_the_target_has_his_slower_spell_cancelled() {
    // The Sorceror's time-3 Fiery Blast (chit 9) goes at the Ogre on his sheet, not at the
    // Wizard: the Wizard's slower time-4 blast (chit 7) at the Sorceror is not cancelled.
    // (mr_spells_combat.rs: aimed at the Wizard, it would be.) The Wizard starts hidden, so
    // the Ogre is the Sorceror's.
    use crate::spells_common as sc;
    use tabletop_rules::magic_realm::combat::spells::{CastStatus, SpellAim};
    let sorceror = json!({"character": "sorceror", "at": here(), "spells": ["fiery-blast"],
        "hidden": false, "chits": [{"chit": 4, "status": "enchanted"}]});
    let wizard = json!({"character": "wizard", "at": here(), "spells": ["fiery-blast"],
        "hidden": true, "chits": [{"chit": 11, "status": "enchanted"}]});
    let mut g = sc::start(json!({"seats": [sorceror, wizard],
        "pieces": [sc::monster("ogre")], "at": "sunset", "dice": sc::dice(1, 60)}));
    let mut log = Vec::new();
    let s1 = Seat(1);
    sc::until(
        &mut g,
        S0,
        &A::CastSpell {
            spell_box: 0,
            chit: 9,
            colour_chit: Some(4),
        },
        &mut log,
    );
    sc::until(
        &mut g,
        s1,
        &A::CastSpell {
            spell_box: 0,
            chit: 7,
            colour_chit: Some(11),
        },
        &mut log,
    );
    let at_ogre = A::AimSpell {
        aim: SpellAim::Denizen {
            piece: sc::piece("ogre"),
        },
    };
    let at_sorceror = A::AimSpell {
        aim: SpellAim::Character { seat: S0 },
    };
    for _ in 0..4 {
        let Some(seat) = g.to_act().seats().first().copied() else {
            break;
        };
        let aim = if seat == S0 { &at_ogre } else { &at_sorceror };
        if g.legal_actions(seat).contains(aim) {
            log.extend(g.apply(seat, aim.clone()).unwrap());
        } else if g.legal_actions(seat).contains(&A::EndAim) {
            log.extend(g.apply(seat, A::EndAim).unwrap());
        } else {
            break;
        }
    }
    assert!(!details(&log)
        .iter()
        .any(|d| matches!(d, E::SpellCancelled { .. })));
    let c = combat::current(g.state()).unwrap();
    assert_eq!(c.casts[&S0].status, CastStatus::Working);
    assert_eq!(c.casts[&s1].status, CastStatus::Working);
}

#[test]
fn rule_8_4_2_a_hidden_spellcaster_naming_his_tile_stays_hidden_naming_a_denizen_does_not() {
    // The hidden Druid casts Fog (box 0) at his tile: still hidden. Casting Stones Fly
    // (box 1) at the Ogre instead unhides him. Magic II3* (chit 6), Grey colour chit 10.
    use crate::spells_common as sc;
    use tabletop_rules::magic_realm::combat::spells::SpellAim;
    for (spell_box, aim, hidden) in [
        (0u8, SpellAim::Tile, true),
        (
            1,
            SpellAim::Denizen {
                piece: sc::piece("ogre"),
            },
            false,
        ),
    ] {
        let mut g = sc::start(json!({"seats": [{"character": "druid", "at": here(),
            "spells": ["fog", "stones-fly"], "hidden": true,
            "chits": [{"chit": 10, "status": "enchanted"}]}],
            "pieces": [sc::monster("ogre")], "at": "sunset", "dice": sc::dice(1, 80)}));
        let mut log = Vec::new();
        sc::cast_at(&mut g, S0, spell_box, 6, Some(10), aim.clone(), &mut log);
        assert_eq!(g.state().seats[0].hidden, hidden, "{aim:?}");
    }
}

#[test]
fn rule_8_4_3_a_spell_in_effect_ties_up_its_box_but_a_duplicate_is_a_separate_spell() {
    // The Pilgrim has Peace in boxes 0 and 1, and the Chapel's White magic. In round 1 he
    // pacifies the Ogre with box 0 (Magic I chit 11). In round 2 box 0 cannot be cast while
    // its Peace lasts; box 1 can (Magic I chit 6).
    use crate::spells_common as sc;
    use tabletop_rules::magic_realm::combat::spells::SpellAim;
    let chapel = json!({"piece": {"kind": "dwelling", "id": "chapel"},
        "place": {"place": "clearing", "at": here()}});
    let mut g = sc::start(json!({"seats": [{"character": "pilgrim", "at": here(),
        "spells": ["peace", "peace"], "hidden": false}],
        "pieces": [sc::monster("ogre"), chapel], "at": "sunset", "dice": sc::dice(1, 80)}));
    let mut log = Vec::new();
    sc::cast_at(
        &mut g,
        S0,
        0,
        11,
        None,
        SpellAim::Denizen {
            piece: sc::piece("ogre"),
        },
        &mut log,
    );
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::Pacified { .. })));
    let casts = |g: &crate::mr_seed_gaps::Game| -> Vec<u8> {
        g.legal_actions(S0)
            .into_iter()
            .filter_map(|a| match a {
                A::CastSpell { spell_box, .. } => Some(spell_box),
                _ => None,
            })
            .collect()
    };
    let mut seen = Vec::new();
    for _ in 0..30 {
        if combat::current(g.state()).is_some_and(|c| c.round == 2)
            && stage(&g) == Some(CombatStage::Actions)
        {
            seen = casts(&g);
            break;
        }
        sc::pass_once(&mut g, &mut log);
    }
    assert!(seen.contains(&1), "the duplicate: {seen:?}");
    assert!(!seen.contains(&0), "the box in effect: {seen:?}");
}

#[test]
fn rule_8_4_2_a_spell_names_only_targets_in_his_clearing() {
    // The Sorceror's Fiery Blast (chit 9, Purple colour chit 4) may be aimed at the Ogre in
    // his clearing, not at the one in clearing 4 of the same tile.
    use crate::spells_common as sc;
    use tabletop_rules::magic_realm::combat::spells::SpellAim;
    let far: tabletop_rules::magic_realm::pieces::PieceId =
        serde_json::from_value(json!({"kind": "monster", "id": "ogre", "n": 1})).unwrap();
    let mut g = sc::start(json!({"seats": [{"character": "sorceror", "at": here(),
        "spells": ["fiery-blast"], "hidden": true, "chits": [{"chit": 4, "status": "enchanted"}]}],
        "pieces": [sc::monster("ogre"),
            {"piece": far, "place": {"place": "clearing",
                "at": {"tile": "oak_woods", "clearing": 4}}}],
        "at": "sunset", "dice": sc::dice(1, 60)}));
    let mut log = Vec::new();
    sc::until(
        &mut g,
        S0,
        &A::CastSpell {
            spell_box: 0,
            chit: 9,
            colour_chit: Some(4),
        },
        &mut log,
    );
    let near = A::AimSpell {
        aim: SpellAim::Denizen {
            piece: sc::piece("ogre"),
        },
    };
    for _ in 0..20 {
        if g.legal_actions(S0).contains(&near) {
            break;
        }
        sc::pass_once(&mut g, &mut log);
    }
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&near));
    assert!(!legal.contains(&A::AimSpell {
        aim: SpellAim::Denizen { piece: far }
    }));
}

#[test]
fn rule_8_4_3_an_alerted_magic_chit_completes_its_spell_at_time_zero() {
    // The Wizard alerts his Magic IV4* (chit 7) in his Alert phase (7.9). In the Evening he
    // and the Sorceror blast each other: the Wizard's alerted chit (time 0) beats the
    // Sorceror's time-3 chit and cancels his spell; unalerted (time 4) it would be the one
    // cancelled (mr_spells_combat.rs).
    use crate::spells_common as sc;
    use tabletop_rules::magic_realm::combat::spells::{CastStatus, SpellAim};
    let sorceror = json!({"character": "sorceror", "at": here(), "spells": ["fiery-blast"],
        "hidden": false, "chits": [{"chit": 4, "status": "enchanted"}]});
    let wizard = json!({"character": "wizard", "at": here(), "spells": ["fiery-blast"],
        "hidden": false, "chits": [{"chit": 11, "status": "enchanted"}],
        "record": [{"activity": "alert"}]});
    let mut g = sc::start(json!({"seats": [sorceror, wizard], "at": "daylight",
        "dice": sc::dice(1, 80)}));
    let s1 = Seat(1);
    let mut log = Vec::new();
    for _ in 0..20 {
        if combat::current(g.state()).is_some() {
            break;
        }
        let Some(seat) = g.to_act().seats().first().copied() else {
            break;
        };
        let legal = g.legal_actions(seat);
        let action = if legal.contains(&A::AlertChit { chit: 7 }) {
            A::AlertChit { chit: 7 }
        } else if legal.contains(&A::Proceed) {
            A::Proceed
        } else {
            combat::passing(&legal).expect("an action")
        };
        log.extend(g.apply(seat, action).unwrap());
    }
    assert!(combat::current(g.state()).is_some(), "the Evening's combat");
    // Each casts in his turn of the Actions stage, in whichever order they come.
    let casts = [
        A::CastSpell {
            spell_box: 0,
            chit: 9,
            colour_chit: Some(4),
        },
        A::CastSpell {
            spell_box: 0,
            chit: 7,
            colour_chit: Some(11),
        },
    ];
    for _ in 0..20 {
        if stage(&g) == Some(CombatStage::Targets) {
            break;
        }
        let Some(seat) = g.to_act().seats().first().copied() else {
            break;
        };
        let mine = &casts[usize::from(seat.0)];
        if g.legal_actions(seat).contains(mine) {
            log.extend(g.apply(seat, mine.clone()).unwrap());
        } else {
            sc::pass_once(&mut g, &mut log);
        }
    }
    for _ in 0..4 {
        let Some(seat) = g.to_act().seats().first().copied() else {
            break;
        };
        let other = if seat == S0 { s1 } else { S0 };
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
    let c = combat::current(g.state()).unwrap();
    assert_eq!(c.casts[&S0].status, CastStatus::Cancelled);
    assert_eq!(c.casts[&s1].status, CastStatus::Working);
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::SpellCancelled { seat: S0, .. })));
}

#[test]
fn rule_8_4_3_a_spell_cancelled_before_it_works_cancels_nothing() {
    // The Wizard (alerted Magic IV chit 7: time 0) blasts the Sorceror, whose time-3 blast
    // (chit 9) is aimed at the Witch-King, whose time-4 blast (chit 0) is aimed at the
    // Wizard. The Sorceror's spell is cancelled before it works, so it does not cancel the
    // Witch-King's slower one.
    use crate::spells_common as sc;
    use tabletop_rules::magic_realm::combat::spells::{CastStatus, SpellAim};
    let (wizard, witch_king) = (Seat(1), Seat(2));
    let seat = |character: &str, colour: u8| {
        json!({"character": character, "at": here(), "spells": ["fiery-blast"],
            "hidden": false, "chits": [{"chit": colour, "status": "enchanted"}]})
    };
    let mut wiz = seat("wizard", 11);
    wiz["record"] = json!([{"activity": "alert"}]);
    let mut g = sc::start(
        json!({"seats": [seat("sorceror", 4), wiz, seat("witch-king", 3)],
        "at": "daylight", "dice": sc::dice(1, 120)}),
    );
    let mut log = Vec::new();
    for _ in 0..30 {
        if combat::current(g.state()).is_some() {
            break;
        }
        let Some(who) = g.to_act().seats().first().copied() else {
            break;
        };
        let legal = g.legal_actions(who);
        let action = if legal.contains(&A::AlertChit { chit: 7 }) {
            A::AlertChit { chit: 7 }
        } else if legal.contains(&A::Proceed) {
            A::Proceed
        } else {
            combat::passing(&legal).expect("an action")
        };
        log.extend(g.apply(who, action).unwrap());
    }
    let cast = |chit: u8, colour: u8| A::CastSpell {
        spell_box: 0,
        chit,
        colour_chit: Some(colour),
    };
    let casts = [cast(9, 4), cast(7, 11), cast(0, 3)];
    let aims = [witch_king, S0, wizard];
    for _ in 0..30 {
        if stage(&g) == Some(CombatStage::Targets) {
            break;
        }
        let Some(who) = g.to_act().seats().first().copied() else {
            break;
        };
        let mine = &casts[usize::from(who.0)];
        if g.legal_actions(who).contains(mine) {
            log.extend(g.apply(who, mine.clone()).unwrap());
        } else {
            sc::pass_once(&mut g, &mut log);
        }
    }
    for _ in 0..6 {
        let Some(who) = g.to_act().seats().first().copied() else {
            break;
        };
        let aim = A::AimSpell {
            aim: SpellAim::Character {
                seat: aims[usize::from(who.0)],
            },
        };
        if g.legal_actions(who).contains(&aim) {
            log.extend(g.apply(who, aim).unwrap());
        } else if g.legal_actions(who).contains(&A::EndAim) {
            log.extend(g.apply(who, A::EndAim).unwrap());
        } else {
            break;
        }
    }
    let c = combat::current(g.state()).unwrap();
    assert_eq!(c.casts[&S0].status, CastStatus::Cancelled, "the Sorceror");
    assert_eq!(c.casts[&wizard].status, CastStatus::Working, "the Wizard");
    assert_eq!(
        c.casts[&witch_king].status,
        CastStatus::Working,
        "the Witch-King"
    );
    assert!(!details(&log)
        .iter()
        .any(|d| matches!(d, E::SpellCancelled { seat, .. } if *seat == witch_king)));
}

#[test]
fn rule_8_4_4_a_control_spell_takes_only_monsters_not_already_controlled() {
    // The Elf already controls Bat 0 (Control Bats in effect until Sunset of day 2). The
    // Pilgrim casts Control Bats (Magic VII chit 7, White colour chit 6) at the Bats: he
    // gets Bat 1; Bat 0 stays the Elf's.
    use crate::spells_common as sc;
    use tabletop_rules::magic_realm::catalog::denizens::MonsterKind;
    use tabletop_rules::magic_realm::combat::spells::{controller, SpellAim};
    let bat = |n: u8| json!({"kind": "monster", "id": "giant-bat", "n": n});
    let bat_id = |n: u8| -> tabletop_rules::magic_realm::pieces::PieceId {
        serde_json::from_value(bat(n)).unwrap()
    };
    let pilgrim = Seat(1);
    let mut g = sc::start(json!({"seats": [
            {"character": "elf", "at": here(), "hidden": true, "spells": ["control-bats"],
             "chits": [{"chit": 3, "status": "committed"}]},
            {"character": "pilgrim", "at": here(), "hidden": true, "spells": ["control-bats"],
             "chits": [{"chit": 6, "status": "enchanted"}]}],
        "pieces": [
            {"piece": bat(0), "place": {"place": "clearing", "at": here()}},
            {"piece": bat(1), "place": {"place": "clearing", "at": here()}}],
        "spells": [{"caster": 0, "spell": "control-bats", "spellBox": 0, "chit": 3,
            "aims": [{"aim": "denizen", "piece": bat(0)}],
            "until": {"at": "sunset", "day": 2}, "inert": false}],
        "at": "sunset", "dice": sc::dice(5, 200)}));
    let cat = tabletop_rules::magic_realm::catalog::get().unwrap();
    assert_eq!(controller(cat, g.state(), &bat_id(0)), Some(S0));
    assert_eq!(controller(cat, g.state(), &bat_id(1)), None);
    let mut log = Vec::new();
    sc::cast_at(
        &mut g,
        pilgrim,
        0,
        7,
        Some(6),
        SpellAim::Kind {
            kind: MonsterKind::Bat,
        },
        &mut log,
    );
    sc::through_targets(&mut g, &mut log);
    assert_eq!(controller(cat, g.state(), &bat_id(1)), Some(pilgrim));
    assert_eq!(
        controller(cat, g.state(), &bat_id(0)),
        Some(S0),
        "already the Elf's"
    );
}

#[test]
fn rule_8_4_3_no_action_lets_the_caster_break_his_own_spell() {
    // 8.4.3: "the spellcaster does not have the option to break his spell arbitrarily".
    // The Sorceror's Melt into Mist (box 0, chit 8) lies on a Bat far away. In the combat
    // in his clearing he casts Fiery Blast (box 1) at the Swordsman; at every step of it,
    // every action offered to him, tried on a copy of the game, leaves the Mist in effect.
    use crate::spells_common as sc;
    use std::collections::BTreeSet;
    use tabletop_rules::magic_realm::combat::spells::SpellAim;
    let bat = json!({"kind": "monster", "id": "giant-bat", "n": 0});
    let mut g = sc::start(json!({"seats": [{"character": "sorceror", "at": here(),
        "spells": ["melt-into-mist", "fiery-blast"], "hidden": false,
        "chits": [{"chit": 8, "status": "committed"}, {"chit": 4, "status": "enchanted"}]},
        {"character": "swordsman", "at": here(), "hidden": false}],
        "pieces": [{"piece": bat, "place": {"place": "clearing",
            "at": {"tile": "mountain", "clearing": 5}}}],
        "spells": [{"caster": 0, "spell": "melt-into-mist", "spellBox": 0, "chit": 8,
            "aims": [{"aim": "denizen", "piece": bat}],
            "until": {"at": "never"}, "inert": true}],
        "at": "sunset", "dice": sc::dice(1, 80)}));
    let in_effect = |g: &crate::mr_seed_gaps::Game| {
        g.state()
            .spells
            .iter()
            .any(|s| s.caster == S0 && s.spell_box == 0)
    };
    assert!(in_effect(&g));
    let cast = A::CastSpell {
        spell_box: 1,
        chit: 9,
        colour_chit: Some(4),
    };
    let aim = A::AimSpell {
        aim: SpellAim::Character { seat: Seat(1) },
    };
    let mut log = Vec::new();
    let mut stages = BTreeSet::new();
    let mut tried = 0;
    for _ in 0..120 {
        let Some(c) = combat::current(g.state()) else {
            break;
        };
        stages.insert(format!("{:?}", c.stage));
        if g.to_act().seats().first() != Some(&S0) {
            sc::pass_once(&mut g, &mut log);
            continue;
        }
        let legal = g.legal_actions(S0);
        for action in &legal {
            let mut copy = g.replay().expect("the game replays");
            let ev = copy.apply(S0, action.clone()).expect("an offered action");
            assert!(
                !details(&ev)
                    .iter()
                    .any(|d| matches!(d, E::SpellBroken { seat: S0, spell } if spell.0 == "melt-into-mist")),
                "{action:?} broke his spell"
            );
            assert!(in_effect(&copy), "{action:?} ended his spell");
            tried += 1;
        }
        match [&cast, &aim].into_iter().find(|a| legal.contains(a)) {
            Some(a) => log.extend(g.apply(S0, a.clone()).unwrap()),
            None => sc::pass_once(&mut g, &mut log),
        }
    }
    assert!(
        details(&log)
            .iter()
            .any(|d| matches!(d, E::SpellCast { seat: S0, .. })),
        "he cast Fiery Blast"
    );
    assert!(
        tried > 0 && stages.len() >= 3,
        "{tried} actions, stages {stages:?}"
    );
    assert!(in_effect(&g));
}
