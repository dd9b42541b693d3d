//! Rule scenarios for casting with Artifacts and Spell Books (rules 4.6.5, 8.3.7 a.2,
//! 8.3.9c, 8.4.3, 8.4.4h; 4.4.8 for the Dragonfang Necklace), each built from a scenario
//! with forced dice and named by its rule.

use crate::spells_common::*;
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::items::TreasureId;
use tabletop_rules::magic_realm::catalog::magic::SpellId;
use tabletop_rules::magic_realm::combat::spells::{self, SpellAim};
use tabletop_rules::magic_realm::combat::{self, CombatStage, CombatTarget};
use tabletop_rules::magic_realm::game::data;
use tabletop_rules::magic_realm::pieces::{Facing, PieceId};
use tabletop_rules::magic_realm::state::ChitStatus;

const SKULL: &str = "enchanters-skull";
const GOOD_BOOK: &str = "good-book";
const GEM: &str = "glowing-gem";

fn item(id: &str) -> TreasureId {
    TreasureId(id.into())
}

fn cast(item_id: &str, spell: &str, colour_chit: Option<u8>) -> A {
    A::CastFromItem {
        item: item(item_id),
        spell: SpellId(spell.into()),
        colour_chit,
    }
}

fn item_casts(g: &Game, seat: Seat) -> Vec<A> {
    g.legal_actions(seat)
        .into_iter()
        .filter(|a| matches!(a, A::CastFromItem { .. }))
        .collect()
}

/// An item among his belongings, active or not, with Spell cards awakened in it.
fn owning(id: &str, active: bool, awakened: &[&str]) -> Value {
    json!({"piece": {"kind": "treasure", "id": id}, "active": active, "awakened": awakened})
}

/// The Sorceror with his Magic IV chit 4 enchanted (a Purple colour chit).
fn sorceror(belongings: Value, spells: &[&str]) -> Value {
    json!({"character": "sorceror", "at": here(), "hidden": false, "spells": spells,
           "chits": [{"chit": 4, "status": "enchanted"}], "belongings": belongings})
}

/// The Pilgrim with his Magic I chit 6 enchanted (a White colour chit).
fn pilgrim(belongings: Value) -> Value {
    json!({"character": "pilgrim", "at": here(), "hidden": false,
           "chits": [{"chit": 6, "status": "enchanted"}], "belongings": belongings})
}

/// The Elf with his Magic III chit 0 enchanted (a Gold colour chit).
fn elf(belongings: Value) -> Value {
    json!({"character": "elf", "at": here(), "hidden": false,
           "chits": [{"chit": 0, "status": "enchanted"}], "belongings": belongings})
}

/// Passes until `seat` is to act in the Actions stage of combat round `round`.
fn to_actions(g: &mut Game, seat: Seat, round: u16, log: &mut Vec<Event<E>>) {
    for _ in 0..120 {
        let here = combat::current(g.state())
            .is_some_and(|c| c.round == round && c.stage == CombatStage::Actions);
        if here && g.to_act().seats().contains(&seat) {
            return;
        }
        pass_once(g, log);
    }
    panic!("{seat} never acted in round {round}'s Encounter actions");
}

#[test]
fn rule_8_3_9c_an_artifact_casts_its_awakened_spell_at_time_zero() {
    let mut g = start(
        json!({"seats": [sorceror(json!([owning(SKULL, true, &["fiery-blast"])]), &[])],
        "pieces": [monster("ogre")], "at": "sunset", "dice": dice(1, 40)}),
    );
    let mut log = Vec::new();
    until(&mut g, S0, &cast(SKULL, "fiery-blast", Some(4)), &mut log);
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::ItemSpellCast { seat: S0, item: i, .. } if i.0 == SKULL
    )));
    let c = combat::current(g.state()).unwrap().casts[&S0].clone();
    assert_eq!(
        (c.time, c.item.clone(), c.magic_chit()),
        (0, Some(item(SKULL)), None)
    );
    assert_eq!(
        chit(&g, S0, 4),
        ChitStatus::Fatigued,
        "8.3.9 c.2: its colour"
    );
    let skull = PieceId::Treasure { id: item(SKULL) };
    assert_eq!(
        g.state().piles.find(&skull).map(|(_, c)| c.facing),
        Some(Facing::Up),
        "c.3: played face up"
    );
    let aim = A::AimSpell {
        aim: SpellAim::Denizen {
            piece: piece("ogre"),
        },
    };
    until(&mut g, S0, &aim, &mut log);
    until(&mut g, S0, &A::EndAim, &mut log);
    through_targets(&mut g, &mut log);
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::SpellWorks { seat: S0, .. })));
}

#[test]
fn rule_8_3_7_a2_nothing_on_his_sheet_stops_an_artifact() {
    // The Octopus moves in 2: faster than every Magic chit of his, not than the skull.
    let mut g = start(json!({"seats": [sorceror(
            json!([owning(SKULL, true, &["fiery-blast"])]), &["fiery-blast"])],
        "pieces": [monster("octopus")], "at": "sunset", "dice": dice(2, 40)}));
    let mut log = Vec::new();
    to_actions(&mut g, S0, 1, &mut log);
    let options = g.legal_actions(S0);
    assert!(!options.iter().any(|a| matches!(a, A::CastSpell { .. })));
    assert_eq!(item_casts(&g, S0), [cast(SKULL, "fiery-blast", Some(4))]);
}

#[test]
fn rule_8_3_9c1_only_an_active_item_casts_its_awakened_spells_of_its_own_type() {
    // The Good Book (Type I) holds Peace (I) and Control Bats (VII), both awakened: only
    // Peace can be cast with it (4.6.5b).
    let actions_of = |belongings: Value, pieces: Value| {
        let mut g = start(json!({"seats": [pilgrim(belongings)],
            "pieces": pieces, "at": "sunset", "dice": dice(2, 40)}));
        let mut log = Vec::new();
        to_actions(&mut g, S0, 1, &mut log);
        item_casts(&g, S0)
    };
    let ogre = json!([monster("ogre")]);
    assert_eq!(
        actions_of(
            json!([owning(GOOD_BOOK, true, &["peace", "control-bats"])]),
            ogre.clone()
        ),
        [cast(GOOD_BOOK, "peace", Some(6))]
    );
    // Inactive: nothing.
    assert!(actions_of(
        json!([owning(GOOD_BOOK, false, &["peace", "control-bats"])]),
        ogre.clone()
    )
    .is_empty());
    // Not awakened (still on the Setup Card): nothing.
    let pieces = json!([monster("ogre"),
        {"piece": {"kind": "spell", "id": "peace"},
         "place": {"place": "setup_box", "target": {"Treasure": GOOD_BOOK}}}]);
    assert!(actions_of(json!([owning(GOOD_BOOK, true, &[])]), pieces).is_empty());
}

#[test]
fn rule_8_3_9c4_an_item_is_played_only_once_per_evening() {
    // Make Whole (Instant) from the Good Book in round 1: it is over at once, but the book
    // cannot be played again this Evening, though the seventh day still supplies White.
    let mut g = start(
        json!({"seats": [pilgrim(json!([owning(GOOD_BOOK, true, &["make-whole"])]))],
        "day": 7, "at": "sunset", "dice": dice(2, 40)}),
    );
    let mut log = Vec::new();
    until(&mut g, S0, &cast(GOOD_BOOK, "make-whole", None), &mut log);
    let me = A::AimSpell {
        aim: SpellAim::Character { seat: S0 },
    };
    until(&mut g, S0, &me, &mut log);
    through_targets(&mut g, &mut log);
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::SpellExpired { seat: S0, .. })));
    to_actions(&mut g, S0, 2, &mut log);
    assert!(item_casts(&g, S0).is_empty());
    assert!(g.state().today.items_spent.contains(&item(GOOD_BOOK)));
}

/// Protection from Magic, cast by the Glowing Gem, in effect on the Elf.
fn gem_protection() -> Value {
    json!({"caster": 0, "spell": "protection-from-magic", "spellBox": 100, "chit": 0,
           "aims": [{"aim": "character", "seat": 0}], "until": {"at": "never"},
           "inert": true, "item": GEM})
}

#[test]
fn rule_8_3_9c4_an_item_whose_spell_ends_during_the_evening_waits_for_the_next() {
    // The Gem's spell is in effect: the Gem is committed (c.3). The Sorceror dissolves the
    // spell in round 1; in round 2 the Gem still cannot be played (c.4).
    let mut g = start(json!({"seats": [
            elf(json!([owning(GEM, true, &["protection-from-magic"])])),
            sorceror(json!([]), &["dissolve-spell"])],
        "spells": [gem_protection()], "at": "sunset", "dice": dice(2, 40)}));
    let mut log = Vec::new();
    to_actions(&mut g, S0, 1, &mut log);
    assert!(item_casts(&g, S0).is_empty(), "c.3: committed to its spell");
    let dissolve = A::CastSpell {
        spell_box: 0,
        chit: 6,
        colour_chit: Some(4),
    };
    until(&mut g, S1, &dissolve, &mut log);
    let at_gem = A::AimSpell {
        aim: SpellAim::Spell {
            caster: S0,
            spell_box: 100,
        },
    };
    until(&mut g, S1, &at_gem, &mut log);
    through_targets(&mut g, &mut log);
    assert!(g.state().spells.is_empty(), "the Gem's spell is broken");
    assert!(g.state().today.items_spent.contains(&item(GEM)));
    to_actions(&mut g, S0, 2, &mut log);
    assert!(item_casts(&g, S0).is_empty());
}

#[test]
fn rule_8_3_9c4_an_item_whose_spell_ended_at_sunset_is_played_that_evening() {
    // The Gem's Control Bats (a Day spell) expires at this day's Sunset: the Gem can cast
    // again in the Evening.
    let bats = json!({"caster": 0, "spell": "control-bats", "spellBox": 100, "chit": 0,
        "aims": [], "until": {"at": "sunset", "day": 1}, "item": GEM});
    let mut g = start(
        json!({"seats": [elf(json!([owning(GEM, true, &["control-bats"])]))],
        "spells": [bats], "pieces": [monster("ogre")], "at": "sunset", "dice": dice(2, 40)}),
    );
    let mut log = Vec::new();
    to_actions(&mut g, S0, 1, &mut log);
    assert!(g.state().spells.is_empty());
    assert_eq!(item_casts(&g, S0), [cast(GEM, "control-bats", Some(0))]);
}

/// Control Bats, cast by the Glowing Gem (by seat 0), on a Giant Bat in the clearing; the
/// Gem lies `with` (a seat's belongings or the clearing).
fn bats_controlled(gem_with: Value) -> Game {
    let bats = json!({"caster": 0, "spell": "control-bats", "spellBox": 100, "chit": 0,
        "aims": [{"aim": "denizen", "piece": {"kind": "monster", "id": "giant-bat", "n": 0}}],
        "until": {"at": "sunset", "day": 2}, "item": GEM});
    let mut pieces = vec![monster("giant-bat")];
    let mut seats = vec![
        elf(json!([])),
        json!({"character": "swordsman", "at": here()}),
    ];
    match gem_with.as_u64() {
        Some(1) => seats[1]["belongings"] = json!([owning(GEM, true, &["control-bats"])]),
        _ => pieces.push(json!({"piece": {"kind": "treasure", "id": GEM},
            "place": {"place": "clearing", "at": here()}})),
    }
    start(json!({"seats": seats, "pieces": pieces, "spells": [bats]}))
}

#[test]
fn rule_8_3_9c5_the_owner_of_the_item_controls_its_spell() {
    // The Elf cast it; the Swordsman owns the Gem now: the bat is his.
    let g = bats_controlled(json!(1));
    let cat = data().unwrap();
    assert_eq!(
        spells::controller(cat, g.state(), &piece("giant-bat")),
        Some(S1)
    );
}

#[test]
fn rule_8_3_9c5_with_no_owner_the_spell_is_nullified_not_broken() {
    let g = bats_controlled(json!("clearing"));
    let cat = data().unwrap();
    assert_eq!(
        spells::controller(cat, g.state(), &piece("giant-bat")),
        None
    );
    let s = &g.state().spells;
    assert_eq!(s.len(), 1, "still in effect");
    assert!(!s[0].works(g.state()), "nullified");
}

#[test]
fn rule_8_4_4h_a_spell_cast_by_an_item_survives_its_casters_death() {
    // The Elf's Elven Grace (his Magic chit 1) is on the Swordsman; the Gem's Control Bats
    // on a Giant Bat. Killed, he loses the first, not the second (c.6).
    let grace = json!({"caster": 0, "spell": "elven-grace", "spellBox": 0, "chit": 1,
        "aims": [{"aim": "character", "seat": 1}], "until": {"at": "midnight"}});
    let bats = json!({"caster": 0, "spell": "control-bats", "spellBox": 100, "chit": 0,
        "aims": [{"aim": "denizen", "piece": {"kind": "monster", "id": "giant-bat", "n": 0}}],
        "until": {"at": "sunset", "day": 2}, "item": GEM});
    let g = start(json!({"seats": [
            {"character": "elf", "at": here(), "spells": ["elven-grace"],
             "belongings": [owning(GEM, true, &["control-bats"])]},
            {"character": "swordsman", "at": here()}],
        "pieces": [monster("giant-bat")], "spells": [grace, bats]}));
    let cat = data().unwrap();
    let mut state = g.state().clone();
    spells::killed(
        cat,
        &mut state,
        &CombatTarget::Character { seat: S0 },
        &mut Vec::new(),
    );
    let left: Vec<&str> = state.spells.iter().map(|s| s.spell.0.as_str()).collect();
    assert_eq!(left, ["control-bats"]);
}

#[test]
fn rule_4_4_8_the_dragonfang_necklace_casts_control_dragon() {
    let mut g = start(json!({"seats": [sorceror(
            json!([{"piece": {"kind": "treasure", "id": "dragonfang-necklace"}}]), &[])],
        "pieces": [monster("h-dragon")], "at": "sunset", "dice": dice(2, 40)}));
    let mut log = Vec::new();
    until(
        &mut g,
        S0,
        &cast("dragonfang-necklace", "control-dragon", Some(4)),
        &mut log,
    );
    let aim = A::AimSpell {
        aim: SpellAim::Denizen {
            piece: piece("h-dragon"),
        },
    };
    until(&mut g, S0, &aim, &mut log);
    through_targets(&mut g, &mut log);
    let cat = data().unwrap();
    assert_eq!(
        spells::controller(cat, g.state(), &piece("h-dragon")),
        Some(S0)
    );
}
