//! Rule scenarios for Permanent spells (rules 4.6.6h, 8.3.9a, 8.9), Melt into Mist (4.6.8),
//! Protection from Magic (4.6.6f) and the chit-altering spells (4.6.9c), each built from a
//! scenario with forced dice and named by its rule.

use crate::spells_common::*;
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::magic::MagicType;
use tabletop_rules::magic_realm::catalog::tables::Curse;
use tabletop_rules::magic_realm::combat::spells::{self, SpellAim, SpellEffect, SpellExpiry};
use tabletop_rules::magic_realm::combat::{self, CombatStage, CombatTarget};
use tabletop_rules::magic_realm::day::curses;
use tabletop_rules::magic_realm::state::{ChitStatus, Step};

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

/// A Sorceror with Melt into Mist recorded in box 0 and his Magic IV chit 4 enchanted (a
/// Purple colour chit); his Magic VI chit 8 (time 4) casts it.
fn sorceror(extra: Value) -> Value {
    let mut s = json!({"character": "sorceror", "at": here(), "spells": ["melt-into-mist"],
        "hidden": false, "chits": [{"chit": 4, "status": "enchanted"}]});
    if let (Some(s), Some(extra)) = (s.as_object_mut(), extra.as_object()) {
        for (k, v) in extra {
            s.insert(k.clone(), v.clone());
        }
    }
    s
}

fn ogre() -> tabletop_rules::magic_realm::pieces::PieceId {
    piece("ogre")
}

/// A spell in effect for a scenario: `spell` cast by `caster` from `spell_box` with `chit`.
fn in_effect(caster: u8, spell: &str, spell_box: u8, chit: u8, aim: Value, inert: bool) -> Value {
    let until = match spell {
        "witchs-brew" | "faerie-lights" | "elemental-spirit" => json!({"at": "sunset", "day": 2}),
        "peace" => json!({"at": "midnight"}),
        _ => json!({"at": "never"}),
    };
    json!({"caster": caster, "spell": spell, "spellBox": spell_box, "chit": chit,
           "aims": [aim], "until": until, "inert": inert})
}

fn at_ogre() -> Value {
    json!({"aim": "denizen", "piece": {"kind": "monster", "id": "ogre", "n": 0}})
}

fn at_seat(seat: u8) -> Value {
    json!({"aim": "character", "seat": seat})
}

fn mist(g: &Game) -> &spells::SpellInEffect {
    g.state()
        .spells
        .iter()
        .find(|s| s.spell.0 == "melt-into-mist")
        .expect("Melt into Mist in effect")
}

/// Plays on: whoever acts takes the first of `wants` that is legal for him (each once),
/// else passes; stops when `done` says so.
fn drive(
    g: &mut Game,
    wants: &[(Seat, A)],
    done: impl Fn(&Game, &[Event<E>]) -> bool,
    log: &mut Vec<Event<E>>,
) {
    let mut wants: Vec<(Seat, A)> = wants.to_vec();
    for _ in 0..200 {
        if done(g, log) {
            return;
        }
        let Some(who) = g.to_act().seats().first().copied() else {
            return;
        };
        let legal = g.legal_actions(who);
        if let Some(i) = wants
            .iter()
            .position(|(s, a)| *s == who && legal.contains(a))
        {
            let (_, a) = wants.remove(i);
            log.extend(g.apply(who, a).unwrap());
        } else {
            let pass = combat::passing(&legal).expect("an action");
            log.extend(g.apply(who, pass).unwrap());
        }
    }
    panic!("never done; still wanted {wants:?}");
}

fn stage(g: &Game) -> Option<CombatStage> {
    combat::current(g.state()).map(|c| c.stage)
}

// ---------------------------------------------------------------------------------------
// Permanent spells: energized, inert, energized again

#[test]
fn rule_4_6_6_permanent_spell_is_energized_when_cast() {
    // (The Swordsman keeps the Evening going: he has choices to make.)
    let mut g = start(json!({"seats": [sorceror(json!({})), swordsman(json!({}))],
        "pieces": [monster("ogre")], "at": "sunset", "dice": dice(4, 40)}));
    let mut log = Vec::new();
    cast_at(
        &mut g,
        S0,
        0,
        8,
        Some(4),
        SpellAim::Denizen { piece: ogre() },
        &mut log,
    );
    through_targets(&mut g, &mut log);
    let s = mist(&g);
    assert!(!s.inert, "4.6.6h: energized when cast");
    assert_eq!(
        s.until,
        SpellExpiry::Never,
        "a Permanent spell never expires"
    );
    assert_eq!(chit(&g, S0, 8), ChitStatus::Committed);
    assert_eq!(chit(&g, S0, 4), ChitStatus::Fatigued, "the colour chit");
    assert!(details(&log).iter().any(|d| matches!(d,
        E::Misted { target: CombatTarget::Denizen { piece } } if *piece == ogre())));
    let c = combat::current(g.state()).unwrap();
    assert_eq!(c.sheet_of(&ogre()), None, "the mist Ogre leaves his sheet");
    assert!(!combat::fighters::denizens_in(cat(), g.state(), c.at).contains(&ogre()));
}

#[test]
fn rule_4_6_6_permanent_spell_falls_inert_at_midnight() {
    let mut g = start(
        json!({"seats": [sorceror(json!({}))], "pieces": [monster("ogre")],
        "at": "sunset", "dice": dice(4, 40)}),
    );
    let mut log = Vec::new();
    cast_at(
        &mut g,
        S0,
        0,
        8,
        Some(4),
        SpellAim::Denizen { piece: ogre() },
        &mut log,
    );
    // Combat quiets down and ends; Midnight comes; a new day begins.
    drive(
        &mut g,
        &[],
        |g, _| matches!(g.state().step, Step::Birdsong { day: 2 }),
        &mut log,
    );
    let s = mist(&g);
    assert!(s.inert, "8.9: inert after Midnight");
    assert_eq!(chit(&g, S0, 8), ChitStatus::Committed, "still in effect");
    assert!(details(&log).iter().any(|d| matches!(d,
        E::SpellInert { seat: S0, spell } if spell.0 == "melt-into-mist")));
    assert!(
        !spells::mist::misted_piece(cat(), g.state(), &ogre()),
        "an inert spell does not affect its target"
    );
}

#[test]
fn rule_8_9_a_continuous_supply_of_colour_keeps_a_permanent_spell_energized() {
    // The Dragon Essence (Purple) in the clearing supplies the spell's colour all night.
    let essence = json!({"kind": "treasure", "id": "dragon-essence"});
    let mut g = start(
        json!({"seats": [sorceror(json!({"belongings": [{"piece": essence}]}))],
        "pieces": [monster("ogre")], "at": "sunset", "dice": dice(4, 40)}),
    );
    let mut log = Vec::new();
    cast_at(
        &mut g,
        S0,
        0,
        8,
        None,
        SpellAim::Denizen { piece: ogre() },
        &mut log,
    );
    drive(
        &mut g,
        &[],
        |g, _| matches!(g.state().step, Step::Birdsong { day: 2 }),
        &mut log,
    );
    assert!(!mist(&g).inert);
    assert!(!details(&log)
        .iter()
        .any(|d| matches!(d, E::SpellInert { .. })));
    assert!(spells::mist::misted_piece(cat(), g.state(), &ogre()));
}

/// The Sorceror (seat 0) with his inert Melt into Mist on the Ogre, and a Witch King
/// (seat 1) with his Magic IV chit 3 enchanted (Purple).
fn inert_mist_on_the_ogre(day: u8) -> Game {
    let wk = json!({"character": "witch-king", "at": here(), "hidden": false,
        "chits": [{"chit": 3, "status": "enchanted"}]});
    start(
        json!({"seats": [sorceror(json!({})), wk], "pieces": [monster("ogre")],
        "spells": [in_effect(0, "melt-into-mist", 0, 8, at_ogre(), true)],
        "day": day, "at": "sunset", "dice": dice(4, 60)}),
    )
}

#[test]
fn rule_4_6_6_an_inert_spell_does_not_affect_its_target() {
    let g = inert_mist_on_the_ogre(1);
    assert!(mist(&g).inert);
    assert_eq!(chit(&g, S0, 8), ChitStatus::Committed);
    assert!(!spells::mist::misted_piece(cat(), g.state(), &ogre()));
    let at = combat::current(g.state()).unwrap().at;
    assert!(combat::fighters::denizens_in(cat(), g.state(), at).contains(&ogre()));
}

#[test]
fn rule_8_3_9a_energize_with_colour_chit() {
    // The Sorceror has Fiery Blast too, and a second Purple colour chit (5).
    let wk = json!({"character": "witch-king", "at": here(), "hidden": false,
        "chits": [{"chit": 3, "status": "enchanted"}]});
    let sorc = sorceror(json!({"spells": ["melt-into-mist", "fiery-blast"],
        "chits": [{"chit": 4, "status": "enchanted"}, {"chit": 5, "status": "enchanted"}]}));
    let mut g = start(json!({"seats": [sorc, wk], "pieces": [monster("ogre")],
        "spells": [in_effect(0, "melt-into-mist", 0, 8, at_ogre(), true)],
        "at": "sunset", "dice": dice(4, 60)}));
    let mut log = Vec::new();
    let energize = |colour_chit| A::EnergizeSpell {
        caster: S0,
        spell_box: 0,
        colour_chit,
    };
    // Only on his turn to act in the Encounter Step.
    for _ in 0..20 {
        if stage(&g) == Some(CombatStage::Actions) {
            break;
        }
        for seat in [S0, Seat(1)] {
            assert!(!g.legal_actions(seat).contains(&energize(4)));
            assert!(!g.legal_actions(seat).contains(&energize(3)));
        }
        pass_once(&mut g, &mut log);
    }
    let who = g.to_act().seats()[0];
    let (mine, other) = if who == S0 {
        (energize(4), energize(3))
    } else {
        (energize(3), energize(4))
    };
    assert!(g.legal_actions(who).contains(&mine));
    log.extend(g.apply(who, mine).unwrap());
    // The colour chit fatigues; the spell is energized; playing it is not his action.
    let used = if who == S0 { 4 } else { 3 };
    assert_eq!(chit(&g, who, used), ChitStatus::Fatigued);
    assert!(!mist(&g).inert);
    assert!(details(&log).iter().any(|d| matches!(d,
        E::SpellEnergized { seat: S0, by: Some(s), .. } if *s == who)));
    assert!(spells::mist::misted_piece(cat(), g.state(), &ogre()));
    if who == S0 {
        assert_eq!(g.to_act().seats(), [S0], "still his turn");
        assert!(g
            .legal_actions(S0)
            .iter()
            .any(|a| matches!(a, A::CastSpell { spell_box: 1, .. })));
    }
    assert!(!combat::current(g.state()).unwrap().acted.contains(&who));
    assert_eq!(combat::current(g.state()).unwrap().sheet_of(&ogre()), None);
    // An energized spell is not offered again.
    assert!(!g.legal_actions(who).contains(&other));
    pass_once(&mut g, &mut log);
    let next = g.to_act().seats().first().copied();
    if let Some(next) = next {
        assert!(!g.legal_actions(next).contains(&other));
    }
}

#[test]
fn rule_8_3_9a_any_character_in_the_clearing_may_energize_another_s_spell() {
    let mut g = inert_mist_on_the_ogre(1);
    let mut log = Vec::new();
    let wk_energizes = A::EnergizeSpell {
        caster: S0,
        spell_box: 0,
        colour_chit: 3,
    };
    drive(
        &mut g,
        &[(Seat(1), wk_energizes)],
        |_, log| {
            details(log)
                .iter()
                .any(|d| matches!(d, E::SpellEnergized { .. }))
        },
        &mut log,
    );
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::SpellEnergized {
            seat: S0,
            by: Some(Seat(1)),
            ..
        }
    )));
    assert_eq!(chit(&g, Seat(1), 3), ChitStatus::Fatigued);
    assert_eq!(
        chit(&g, S0, 4),
        ChitStatus::Enchanted,
        "his own chit unused"
    );
}

#[test]
fn rule_4_6_6_the_seventh_day_energizes_permanent_spells() {
    // Day 21 supplies Purple magic everywhere.
    let g = inert_mist_on_the_ogre(21);
    assert!(!mist(&g).inert);
    assert!(spells::mist::misted_piece(cat(), g.state(), &ogre()));
    // Another day does not.
    let g = inert_mist_on_the_ogre(20);
    assert!(mist(&g).inert);
}

// ---------------------------------------------------------------------------------------
// Melt into Mist

fn swordsman(extra: Value) -> Value {
    let mut s = json!({"character": "swordsman", "at": here(), "hidden": false});
    if let (Some(s), Some(extra)) = (s.as_object_mut(), extra.as_object()) {
        for (k, v) in extra {
            s.insert(k.clone(), v.clone());
        }
    }
    s
}

#[test]
fn melt_into_mist_takes_a_character_out_of_combat() {
    // The Swordsman picks the Ogre as his target; the Sorceror's spell turns him to mist
    // before the attacks: his target is taken back and the Ogre leaves his sheet.
    let mut g = start(json!({"seats": [sorceror(json!({})), swordsman(json!({}))],
        "pieces": [monster("ogre")], "at": "sunset", "dice": dice(4, 80)}));
    let mut log = Vec::new();
    let cast = A::CastSpell {
        spell_box: 0,
        chit: 8,
        colour_chit: Some(4),
    };
    let aim = A::AimSpell {
        aim: SpellAim::Character { seat: S1 },
    };
    let target = A::SelectTarget {
        target: CombatTarget::Denizen { piece: ogre() },
    };
    drive(
        &mut g,
        &[(S0, cast), (S0, aim), (S1, target)],
        |_, log| details(log).iter().any(|d| matches!(d, E::Misted { .. })),
        &mut log,
    );
    let c = combat::current(g.state()).unwrap();
    assert!(
        !c.targets.contains_key(&S1),
        "his attention chit is taken back"
    );
    assert!(c.sheets.get(&S1).is_none_or(|v| v.is_empty()));
    assert!(!c.plays.contains_key(&S1), "he plays nothing in the melee");
    // The following rounds: nothing is assigned to him, nobody may charge or target him,
    // and he has nothing to do.
    // (4.6.9h: if the Ogre kills the Sorceror, his spell is broken and the mist ends.)
    for _ in 0..120 {
        let Some(c) = combat::current(g.state()) else {
            break;
        };
        if g.state().spells.is_empty() {
            break;
        }
        assert!(c.sheets.get(&S1).is_none_or(|v| v.is_empty()));
        let s0 = g.legal_actions(S0);
        assert!(!s0.iter().any(|a| matches!(a, A::Charge { target: S1, .. })));
        assert!(!s0.iter().any(|a| matches!(
            a,
            A::SelectTarget {
                target: CombatTarget::Character { seat: S1 }
            }
        )));
        assert!(
            g.to_act().seats().first() != Some(&S1),
            "mist has no decisions: {:?} {:?}",
            g.legal_actions(S1),
            combat::current(g.state()).map(|c| c.stage)
        );
        pass_once(&mut g, &mut log);
    }
    // Untouched by the fighting all along.
    assert_eq!(
        g.state().seats[1].fate,
        tabletop_rules::magic_realm::state::Fate::Playing
    );
    assert!(g.state().seats[1]
        .chits
        .iter()
        .all(|c| *c != ChitStatus::Wounded));
}

/// The Witch King (seat 0, Power of the Pit in box 0, Black colour chit 1) and a Swordsman
/// (seat 1) turned into mist by the Witch King's energized Melt into Mist (box 1, chit 2).
fn mist_swordsman(extra: Value, dice_value: u8) -> Game {
    let wk = json!({"character": "witch-king", "at": here(), "hidden": false,
        "spells": ["power-of-the-pit", "melt-into-mist"],
        "chits": [{"chit": 1, "status": "enchanted"}]});
    start(
        json!({"seats": [wk, swordsman(extra)], "pieces": [monster("ogre")],
        "spells": [in_effect(0, "melt-into-mist", 1, 2, at_seat(1), false)],
        "at": "sunset", "dice": dice(dice_value, 60)}),
    )
}

#[test]
fn melt_into_mist_nullifies_the_spells_and_curses_on_him() {
    let mut g = mist_swordsman(json!({"curses": ["squeak"]}), 4);
    let peace = in_effect(0, "peace", 0, 10, at_seat(1), false);
    let mut st = g.state().clone();
    st.spells
        .push(serde_json::from_value(peace).expect("a spell in effect"));
    let target = CombatTarget::Character { seat: S1 };
    assert!(!spells::bewitched_by(
        cat(),
        &st,
        &target,
        SpellEffect::Peace
    ));
    assert!(!curses::has(&st, S1, Curse::Squeak));
    assert!(
        curses::forbids(&st, S1, &tabletop_rules::magic_realm::state::Activity::Hide).is_none()
    );
    // 4.6.9d: when the mist is broken, the nullified spell and curse work again.
    let i = spells::index_of(&st, S0, 1).unwrap();
    spells::end_spell(cat(), &mut st, i, false, &mut Vec::new());
    assert!(spells::bewitched_by(
        cat(),
        &st,
        &target,
        SpellEffect::Peace
    ));
    assert!(curses::has(&st, S1, Curse::Squeak));
    // Nothing of this touched the game itself.
    let mut log = Vec::new();
    pass_once(&mut g, &mut log);
}

#[test]
fn melt_into_mist_new_spells_cannot_go_into_effect_against_him() {
    // Every die 2 would carry him away.
    let mut g = mist_swordsman(json!({}), 2);
    let mut log = Vec::new();
    cast_at(
        &mut g,
        S0,
        0,
        10,
        Some(1),
        SpellAim::Character { seat: S1 },
        &mut log,
    );
    through_targets(&mut g, &mut log);
    assert!(details(&log).iter().any(|d| matches!(d,
        E::SpellBroken { seat: S0, spell } if spell.0 == "power-of-the-pit")));
    assert!(!details(&log)
        .iter()
        .any(|d| matches!(d, E::PitRolled { .. })));
    assert!(g.state().seats[1].fate == tabletop_rules::magic_realm::state::Fate::Playing);
    // Naming him put no attention chit on him: nobody may attack him with a weapon.
    let c = combat::current(g.state()).unwrap();
    assert_ne!(
        c.targets.get(&S0),
        Some(&CombatTarget::Character { seat: S1 })
    );
    assert!(!c.plays.contains_key(&S1));
}

#[test]
fn melt_into_mist_is_immune_to_spells_aimed_at_others() {
    // Every die 3: Terror, which wounds every character's Light and Medium chits; not his.
    let mut g = mist_swordsman(json!({}), 3);
    let mut log = Vec::new();
    cast_at(
        &mut g,
        S0,
        0,
        10,
        Some(1),
        SpellAim::Denizen { piece: ogre() },
        &mut log,
    );
    through_targets(&mut g, &mut log);
    assert!(details(&log).iter().any(|d| matches!(d,
        E::Killed { victim, .. } if *victim == ogre())));
    for i in 0..12 {
        assert_eq!(chit(&g, S1, i), ChitStatus::Fresh, "chit {i}");
    }
}

/// A Swordsman turned into mist by a Sorceror's spell (the Sorceror elsewhere), in
/// Daylight with `record`, an Ogre in his clearing.
fn mist_in_daylight(record: Value) -> Game {
    let away = json!({"tile": "oak_woods", "clearing": 4});
    let sorc = json!({"character": "sorceror", "at": away, "hidden": true});
    start(
        json!({"seats": [swordsman(json!({"record": record})), sorc],
        "pieces": [monster("ogre")],
        "spells": [in_effect(1, "melt-into-mist", 0, 8, at_seat(0), false)],
        "at": "daylight", "dice": dice(1, 40)}),
    )
}

fn play_turn_of(g: &mut Game, seat: Seat) -> Vec<Event<E>> {
    let mut log = Vec::new();
    for _ in 0..20 {
        let Some(who) = g.to_act().seats().first().copied() else {
            break;
        };
        if !matches!(g.state().step, Step::Daylight { .. }) {
            break;
        }
        let legal = g.legal_actions(who);
        let a = legal.first().cloned().expect("an action");
        log.extend(g.apply(who, a).unwrap());
        if details(&log)
            .iter()
            .any(|d| matches!(d, E::TurnEnds { seat: s } if *s == seat))
        {
            break;
        }
    }
    log
}

#[test]
fn rule_4_6_8_mist_can_only_move_hide_and_follow() {
    let mut g = mist_in_daylight(json!([{"activity": "search"}, {"activity": "rest"},
        {"activity": "hide"}]));
    let log = play_turn_of(&mut g, S0);
    let cancelled = details(&log)
        .iter()
        .filter(|d| {
            matches!(d,
            E::PhaseCancelled { seat: S0, reason } if reason.contains("Melt into Mist"))
        })
        .count();
    assert_eq!(cancelled, 2, "Search and Rest are cancelled, Hide is done");
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::HideRolled { .. })));
}

#[test]
fn rule_4_6_8_mist_cannot_block_or_be_blocked() {
    let mut g = mist_in_daylight(json!([{"activity": "search"}]));
    let log = play_turn_of(&mut g, S0);
    assert!(
        !details(&log).iter().any(|d| matches!(d, E::Blocked { .. })),
        "the Ogre does not block him"
    );
}

// ---------------------------------------------------------------------------------------
// Protection from Magic

/// An Elf (seat 0) with Protection from Magic on himself, inactive (cast with his Magic
/// VII chit 3), `extra` on his sheet.
fn protected_elf(extra: Value) -> Value {
    let mut s = json!({"character": "elf", "at": here(), "hidden": false,
        "spells": ["protection-from-magic"]});
    if let (Some(s), Some(extra)) = (s.as_object_mut(), extra.as_object()) {
        for (k, v) in extra {
            s.insert(k.clone(), v.clone());
        }
    }
    s
}

fn protection() -> Value {
    in_effect(0, "protection-from-magic", 0, 3, at_seat(0), true)
}

#[test]
fn rule_4_6_6f_protection_from_magic_waits_with_his_inactive_items() {
    // He casts it on himself (Magic VII chit 3, Gold colour chit 0).
    let elf = protected_elf(json!({"chits": [{"chit": 0, "status": "enchanted"}]}));
    let mut g = start(
        json!({"seats": [elf], "pieces": [monster("ogre")], "at": "sunset",
        "dice": dice(4, 40)}),
    );
    let mut log = Vec::new();
    cast_at(
        &mut g,
        S0,
        0,
        3,
        Some(0),
        SpellAim::Character { seat: S0 },
        &mut log,
    );
    through_targets(&mut g, &mut log);
    let s = &g.state().spells[0];
    assert!(s.inert, "no effect while inactive");
    assert_eq!(s.until, SpellExpiry::Never);
    assert_eq!(chit(&g, S0, 3), ChitStatus::Committed);
    assert!(!spells::bewitched_by(
        cat(),
        g.state(),
        &CombatTarget::Character { seat: S0 },
        SpellEffect::ProtectionFromMagic
    ));
}

#[test]
fn rule_4_6_6f_activated_in_the_encounter_step_it_protects_him_for_the_round() {
    // The Witch King aims Power of the Pit at the Elf, who activates his protection as his
    // action: the spell cannot go into effect. At the end of the round it expires.
    let elf = protected_elf(json!({"curses": ["squeak"]}));
    let wk = json!({"character": "witch-king", "at": here(), "hidden": false,
        "spells": ["power-of-the-pit"], "chits": [{"chit": 1, "status": "enchanted"}]});
    let mut g = start(json!({"seats": [elf, wk], "spells": [protection()],
        "at": "sunset", "dice": dice(2, 60)}));
    let mut log = Vec::new();
    let activate = A::ActivatePhaseSpell {
        caster: S0,
        spell_box: 0,
    };
    let cast = A::CastSpell {
        spell_box: 0,
        chit: 10,
        colour_chit: Some(1),
    };
    let aim = A::AimSpell {
        aim: SpellAim::Character { seat: S0 },
    };
    assert!(curses::has(g.state(), S0, Curse::Squeak));
    drive(
        &mut g,
        &[(S0, activate), (S1, cast), (S1, aim)],
        |g, _| stage(g) == Some(CombatStage::Targets),
        &mut log,
    );
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::PhaseSpellActivated {
            seat: S0,
            caster: S0,
            ..
        }
    )));
    assert!(combat::current(g.state()).unwrap().acted.contains(&S0));
    assert!(
        !curses::has(g.state(), S0, Curse::Squeak),
        "curses nullified"
    );
    drive(
        &mut g,
        &[(
            S1,
            A::AimSpell {
                aim: SpellAim::Character { seat: S0 },
            },
        )],
        |g, _| combat::current(g.state()).is_none_or(|c| c.round >= 2),
        &mut log,
    );
    assert!(details(&log).iter().any(|d| matches!(d,
        E::SpellBroken { seat: S1, spell } if spell.0 == "power-of-the-pit")));
    assert!(!details(&log)
        .iter()
        .any(|d| matches!(d, E::PitRolled { .. })));
    assert!(details(&log).iter().any(|d| matches!(d,
        E::SpellExpired { seat: S0, spell } if spell.0 == "protection-from-magic")));
    assert_eq!(chit(&g, S0, 3), ChitStatus::Fatigued);
    assert!(
        curses::has(g.state(), S0, Curse::Squeak),
        "the curse is back"
    );
}

#[test]
fn rule_4_6_6f_activated_at_the_start_of_a_phase_it_lasts_that_phase() {
    // Eyemist forbids Search; protected for the first phase, he searches; not in the
    // second.
    let elf = protected_elf(json!({"curses": ["eyemist"],
        "record": [{"activity": "search"}, {"activity": "search"}]}));
    let mut g = start(json!({"seats": [elf], "spells": [protection()],
        "at": "daylight", "dice": dice(6, 40)}));
    let activate = A::ActivatePhaseSpell {
        caster: S0,
        spell_box: 0,
    };
    assert!(g.legal_actions(S0).contains(&activate));
    let mut log = g.apply(S0, activate).unwrap();
    let legal = g.legal_actions(S0);
    let search = legal
        .iter()
        .find(|a| matches!(a, A::Search { .. }))
        .cloned()
        .expect("he may search while protected");
    log.extend(g.apply(S0, search).unwrap());
    assert!(details(&log).iter().any(|d| matches!(d,
        E::SpellExpired { seat: S0, spell } if spell.0 == "protection-from-magic")));
    assert!(g.state().spells.is_empty());
    assert_eq!(g.legal_actions(S0), [A::Proceed], "Eyemist again");
}

// ---------------------------------------------------------------------------------------
// Spells that alter Magic chits

/// A Druid with Witch's Brew (box 0) and his Magic II chit 9 enchanted (Grey).
fn druid(extra: Value) -> Value {
    let mut s = json!({"character": "druid", "at": here(), "hidden": false,
        "spells": ["witchs-brew", "elven-grace"], "chits": [{"chit": 9, "status": "enchanted"}]});
    if let (Some(s), Some(extra)) = (s.as_object_mut(), extra.as_object()) {
        for (k, v) in extra {
            s.insert(k.clone(), v.clone());
        }
    }
    s
}

#[test]
fn rule_4_6_9c_witchs_brew_alters_the_chits_he_chooses() {
    let mut g = start(
        json!({"seats": [druid(json!({})), swordsman(json!({}))], "at": "sunset",
        "dice": dice(4, 40)}),
    );
    let day = g.state().step.day().unwrap();
    let mut log = Vec::new();
    let cast = A::CastSpell {
        spell_box: 0,
        chit: 10,
        colour_chit: Some(9),
    };
    until(&mut g, S0, &cast, &mut log);
    for _ in 0..10 {
        if g.legal_actions(S0)
            .iter()
            .any(|a| matches!(a, A::AimSpell { .. }))
        {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    // His active Magic chits of types II and VIII: not the one casting, not the colour chit.
    let offered: Vec<u8> = g
        .legal_actions(S0)
        .iter()
        .filter_map(|a| match a {
            A::AimSpell {
                aim: SpellAim::Chit { chit },
            } => Some(*chit),
            _ => None,
        })
        .collect();
    assert_eq!(offered, [6, 7, 8, 11]);
    for chit in [6, 7] {
        let aim = A::AimSpell {
            aim: SpellAim::Chit { chit },
        };
        log.extend(g.apply(S0, aim).unwrap());
    }
    log.extend(g.apply(S0, A::EndAim).unwrap());
    through_targets(&mut g, &mut log);
    let t = |c| spells::altering::magic_type(cat(), g.state(), S0, c);
    assert_eq!(t(6), Some(MagicType::IV), "II becomes IV");
    assert_eq!(t(7), Some(MagicType::III), "VIII becomes III");
    assert_eq!(t(8), Some(MagicType::VIII), "not chosen");
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::ChitsAltered { seat: S0, .. })));
    assert_eq!(
        g.state().spells[0].until,
        SpellExpiry::Sunset { day: day + 1 },
        "a Day spell"
    );
    // 4.6.6g: they revert at Sunset of the next day.
    let mut st = g.state().clone();
    spells::sunset(cat(), &mut st, day + 1, &mut Vec::new());
    assert_eq!(
        spells::altering::magic_type(cat(), &st, S0, 6),
        Some(MagicType::II)
    );
}

/// Day 28 supplies Gold everywhere: the Druid's chit 7 (VIII) altered to III casts Elven
/// Grace (III, Gold); his chit 6 (II) altered to IV and enchanted is a Purple colour chit.
fn brewed_druid() -> Game {
    let brew = json!({"caster": 0, "spell": "witchs-brew", "spellBox": 0, "chit": 10,
        "aims": [{"aim": "chit", "chit": 7}, {"aim": "chit", "chit": 6}],
        "until": {"at": "sunset", "day": 29}});
    start(
        json!({"seats": [druid(json!({"chits": [{"chit": 6, "status": "enchanted"}]})),
        swordsman(json!({}))], "spells": [brew], "day": 28, "at": "sunset", "dice": dice(4, 40)}),
    )
}

#[test]
fn rule_4_6_9c_an_altered_chit_casts_and_enchants_by_its_altered_type() {
    let mut g = brewed_druid();
    let mut log = Vec::new();
    for _ in 0..10 {
        if stage(&g) == Some(CombatStage::Actions) {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    let casts: Vec<A> = g
        .legal_actions(S0)
        .into_iter()
        .filter(|a| matches!(a, A::CastSpell { .. }))
        .collect();
    assert_eq!(
        casts,
        [A::CastSpell {
            spell_box: 1,
            chit: 7,
            colour_chit: None
        }],
        "only the chit altered to III casts Elven Grace"
    );
    // Its colour: the enchanted chit 6 (altered to IV) is Purple.
    let colour = tabletop_rules::magic_realm::day::enchanting::colour_of(
        spells::altering::magic_type(cat(), g.state(), S0, 6).unwrap(),
    );
    assert_eq!(
        colour,
        Some(tabletop_rules::magic_realm::catalog::common::MagicColor::Purple)
    );
}

#[test]
fn rule_4_6_9c_reverted_chits_break_their_spells_and_colour_chits_fatigue() {
    let mut g = brewed_druid();
    let mut log = Vec::new();
    cast_at(
        &mut g,
        S0,
        1,
        7,
        None,
        SpellAim::Character { seat: S0 },
        &mut log,
    );
    through_targets(&mut g, &mut log);
    assert_eq!(
        chit(&g, S0, 7),
        ChitStatus::Committed,
        "Elven Grace in effect"
    );
    let mut st = g.state().clone();
    let mut ev = Vec::new();
    let i = spells::index_of(&st, S0, 0).unwrap();
    spells::end_spell(cat(), &mut st, i, false, &mut ev);
    assert!(details(&ev).iter().any(|d| matches!(d,
        E::SpellBroken { seat: S0, spell } if spell.0 == "elven-grace")));
    assert!(st.spells.is_empty());
    assert_eq!(st.seats[0].chits[7], ChitStatus::Fatigued);
    assert_eq!(
        st.seats[0].chits[6],
        ChitStatus::Fatigued,
        "the colour chit"
    );
    assert_eq!(
        spells::altering::magic_type(cat(), &st, S0, 7),
        Some(MagicType::VIII)
    );
}

#[test]
fn rule_4_6_9c_an_altered_chit_records_new_spells_of_its_altered_type() {
    // The Druid has no type III chit; Witch's Brew has altered his chit 7 (VIII) to III:
    // while it lasts he may record a type III spell (Lost), as 4.6.9c says ("to record new
    // spells"). Unaltered, he may not.
    use tabletop_rules::magic_realm::catalog::magic::SpellId;
    use tabletop_rules::magic_realm::day::runes::can_learn;
    let lost = SpellId("lost".into());
    let g = brewed_druid();
    assert!(can_learn(cat(), g.state(), S0, &lost));
    let plain = start(json!({"seats": [druid(json!({})), swordsman(json!({}))],
        "day": 28, "at": "sunset", "dice": dice(4, 40)}));
    assert!(!can_learn(cat(), plain.state(), S0, &lost));
}
