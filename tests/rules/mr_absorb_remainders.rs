//! Rule scenarios for Absorb Essence's remaining parts (List of Spells, the card's 2.2 and
//! 4; 4.6.8; 7.5; 8.3.9 c.5): a character who is an absorbed Demon, Winged Demon or Imp
//! records spells with its Magic type, and an Absorb Essence cast by an Artifact or Spell
//! Book transmorphizes the character who holds the item.
//!
//! The Swordsman (seat 0, no Magic chits) holds the Black Book (a type V Spell Book) whose
//! Absorb Essence holds a monster in its box.

use crate::spells_common::{details, here, start, through_targets, until, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::magic_realm::actions::{
    MagicRealmAction as A, MagicRealmEvent as E, SearchChoice,
};
use tabletop_rules::magic_realm::catalog::items::TreasureId;
use tabletop_rules::magic_realm::catalog::magic::{MagicType, SpellId};
use tabletop_rules::magic_realm::combat::spells::{transform, SpellAim};
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};

const BOOK: &str = "black-book";

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn monster_piece(id: &str) -> Value {
    json!({"kind": "monster", "id": id, "n": 0})
}

fn monster(id: &str) -> PieceId {
    serde_json::from_value(monster_piece(id)).unwrap()
}

/// The Black Book's Absorb Essence, played by `caster`, holding `absorbed`.
fn absorb(caster: u8, absorbed: &str, inert: bool) -> Value {
    json!({"caster": caster, "spell": "absorb-essence", "spellBox": 100, "chit": 0,
        "item": BOOK, "aims": [{"aim": "denizen", "piece": monster_piece(absorbed)}],
        "until": {"at": "never"}, "inert": inert})
}

/// The Swordsman holds the Black Book, Curse (type V) awakened in it, and is the
/// `absorbed` monster (unless its spell is `inert`); he searches in Daylight, the dice
/// after the Monster Roll being `dice`.
fn reader(absorbed: &str, inert: bool, dice: &[u8]) -> Game {
    let mut all = vec![1];
    all.extend_from_slice(dice);
    start(
        json!({"seats": [{"character": "swordsman", "at": here(), "hidden": false,
        "belongings": [{"piece": {"kind": "treasure", "id": BOOK}, "awakened": ["curse"]}],
        "record": [{"activity": "search"}]}],
        "pieces": [{"piece": monster_piece(absorbed), "place": {"place": "aside"}}],
        "spells": [absorb(0, absorbed, inert)], "day": 2, "at": "daylight", "dice": all}),
    )
}

fn read_curse() -> A {
    A::Search {
        search: SearchChoice::ReadRunesItem {
            item: TreasureId(BOOK.into()),
            spell: Some(SpellId("curse".into())),
        },
    }
}

fn learned(g: &Game) -> Vec<SpellId> {
    g.state().seats[0].secret.learned.clone()
}

#[test]
fn rule_absorb_essence_2_2_an_absorbed_demon_records_spells_of_its_magic_type() {
    // The Swordsman has no Magic chit; as the Demon (Power of the Pit, type V) he may read
    // the Black Book's Curse (type V), and a 2 teaches it to him.
    let mut g = reader("demon", false, &[2, 1]);
    assert_eq!(
        transform::recording_type(cat(), g.state(), S0),
        Some(MagicType::V)
    );
    assert!(g.legal_actions(S0).contains(&read_curse()));
    let log = g.apply(S0, read_curse()).unwrap();
    assert_eq!(learned(&g), [SpellId("curse".into())]);
    assert!(g.state().seats[0]
        .secret
        .spells
        .contains(&SpellId("curse".into())));
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::SpellLearned { seat: S0, .. })));
}

#[test]
fn rule_absorb_essence_2_2_the_imp_and_winged_demon_give_their_type_too() {
    for absorbed in ["imp", "winged-demon"] {
        let g = reader(absorbed, false, &[2, 1]);
        assert_eq!(
            transform::recording_type(cat(), g.state(), S0),
            Some(MagicType::V),
            "{absorbed}"
        );
        assert!(g.legal_actions(S0).contains(&read_curse()), "{absorbed}");
    }
}

#[test]
fn rule_absorb_essence_2_2_a_monster_without_magic_type_records_nothing() {
    // An absorbed Ogre has no Magic type: he still has no way to record Curse.
    let g = reader("ogre", false, &[2, 1]);
    assert!(transform::transmorphized_seat(cat(), g.state(), S0));
    assert_eq!(transform::recording_type(cat(), g.state(), S0), None);
    assert!(!g.legal_actions(S0).contains(&read_curse()));
}

#[test]
fn rule_absorb_essence_2_2_only_while_energized_an_inert_spell_records_nothing() {
    // Inert, the spell gives him nothing: the reading is not offered, and refused if
    // asked, changing nothing.
    let mut g = reader("demon", true, &[2, 1]);
    assert_eq!(transform::recording_type(cat(), g.state(), S0), None);
    assert!(!g.legal_actions(S0).contains(&read_curse()));
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, read_curse()).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    assert!(learned(&g).is_empty());
}

/// The Amazon (seat 1, in another clearing of the tile) played the Black Book to absorb
/// the Ogre; the book is now `book` (a placement of the Black Book).
fn passed_on(book: Value) -> Game {
    start(json!({"seats": [
            {"character": "swordsman", "at": here(), "hidden": false},
            {"character": "amazon", "at": {"tile": "oak_woods", "clearing": 4}, "hidden": false}],
        "pieces": [{"piece": monster_piece("ogre"), "place": {"place": "aside"}}, book],
        "spells": [absorb(1, "ogre", false)], "day": 2, "at": "daylight", "dice": [1, 2, 3]}))
}

#[test]
fn rule_absorb_essence_4_the_character_holding_the_item_is_the_monster() {
    // The Amazon cast it with the Black Book, which the Swordsman now holds: he is the
    // Ogre, she is herself.
    let g = passed_on(json!({"piece": {"kind": "treasure", "id": BOOK},
        "place": {"place": "belongings", "character": "swordsman"}}));
    let form = transform::form_of_seat(cat(), g.state(), S0).expect("he is the Ogre");
    assert_eq!(form.monster, Some(monster("ogre")));
    assert!(!transform::transmorphized_seat(cat(), g.state(), S1));
}

#[test]
fn rule_absorb_essence_4_with_nobody_holding_the_item_nobody_is_the_monster() {
    // The Black Book lies in the clearing: no character is the Ogre (8.3.9 c.5), the book
    // itself is (the card's 4: the Ogre stands there, the book set aside with the spell).
    let g = passed_on(json!({"piece": {"kind": "treasure", "id": BOOK},
        "place": {"place": "clearing", "at": here()}}));
    assert!(!transform::transmorphized_seat(cat(), g.state(), S0));
    assert!(!transform::transmorphized_seat(cat(), g.state(), S1));
    let at: ClearingRef = serde_json::from_value(here()).unwrap();
    assert_eq!(
        g.state().piles.place_of(&monster("ogre")),
        Some(&Place::Clearing { at })
    );
}

#[test]
fn rule_absorb_essence_4_the_items_monster_dies_with_its_holder_and_the_spell_breaks() {
    // The Swordsman, holding the Black Book, is killed by the Amazon: the Ogre dies with
    // him (1.1: she gets its bounty), and the item's spell is broken, so the book's next
    // holder is nobody's monster.
    let g = passed_on(json!({"piece": {"kind": "treasure", "id": BOOK},
        "place": {"place": "belongings", "character": "swordsman"}}));
    let mut state = g.state().clone();
    let notoriety = state.seats[1].notoriety;
    let mut events = Vec::new();
    transform::caster_killed(cat(), &mut state, S0, &[S1], &mut events).unwrap();
    assert_eq!(state.piles.place_of(&monster("ogre")), Some(&Place::Killed));
    assert!(state.seats[1].notoriety > notoriety, "the Ogre's bounty");
    assert!(state.spells.is_empty(), "the Black Book's spell is broken");
    assert!(events.iter().any(|e| matches!(&e.detail,
        E::Killed { victim, by: Some(S1), .. } if *victim == monster("ogre"))));
    assert!(!transform::transmorphized_seat(cat(), &state, S1));
}

/// Seat 0 plays `item` to cast `spell` at the Ogre in his clearing, the colour from his
/// chit `colour_chit`; the spell comes to life.
fn cast_from_item_at_ogre(g: &mut Game, item: &str, spell: &str, colour_chit: u8) -> Vec<E> {
    let mut log = Vec::new();
    let cast = A::CastFromItem {
        item: TreasureId(item.into()),
        spell: SpellId(spell.into()),
        colour_chit: Some(colour_chit),
    };
    until(g, S0, &cast, &mut log);
    let aim = A::AimSpell {
        aim: SpellAim::Denizen {
            piece: monster("ogre"),
        },
    };
    until(g, S0, &aim, &mut log);
    if g.legal_actions(S0).contains(&A::EndAim) {
        log.extend(g.apply(S0, A::EndAim).unwrap());
    }
    through_targets(g, &mut log);
    log.into_iter().map(|e| e.detail).collect()
}

#[test]
fn rule_absorb_essence_4_an_item_s_absorb_essence_transmorphizes_the_character_playing_it() {
    // The Witch plays the Black Book (its Absorb Essence awakened), her Magic V chit 4
    // supplying black: she becomes the Ogre, which leaves play.
    let mut g = start(
        json!({"seats": [{"character": "witch", "at": here(), "hidden": false,
            "chits": [{"chit": 4, "status": "enchanted"}],
            "belongings": [{"piece": {"kind": "treasure", "id": BOOK}, "active": true,
                "awakened": ["absorb-essence"]}]}],
        "pieces": [crate::spells_common::monster("ogre")], "at": "sunset",
        "dice": crate::spells_common::dice(4, 60)}),
    );
    let log = cast_from_item_at_ogre(&mut g, BOOK, "absorb-essence", 4);
    assert!(log.iter().any(|d| matches!(d,
        E::EssenceAbsorbed { seat: S0, monster: m } if *m == monster("ogre"))));
    assert_eq!(
        g.state().piles.place_of(&monster("ogre")),
        Some(&Place::Aside)
    );
    let s = g.state().spells.first().expect("in effect");
    assert_eq!(s.item, Some(TreasureId(BOOK.into())));
    let form = transform::form_of_seat(cat(), g.state(), S0).expect("she is the Ogre");
    assert_eq!(form.monster, Some(monster("ogre")));
}

#[test]
fn rule_4_6_8_a_transform_cast_by_an_item_transforms_its_target() {
    // The Sorceror plays the Scroll of Alchemy (type VI, Transform awakened), his Magic IV
    // chit 4 supplying purple: the Ogre rolls on the Transform Table (every die 4).
    let mut g = start(
        json!({"seats": [{"character": "sorceror", "at": here(), "hidden": false,
            "chits": [{"chit": 4, "status": "enchanted"}],
            "belongings": [{"piece": {"kind": "treasure", "id": "scroll-of-alchemy"},
                "active": true, "awakened": ["transform"]}]}],
        "pieces": [crate::spells_common::monster("ogre")], "at": "sunset",
        "dice": crate::spells_common::dice(4, 60)}),
    );
    let log = cast_from_item_at_ogre(&mut g, "scroll-of-alchemy", "transform", 4);
    assert!(log.iter().any(|d| matches!(d, E::Transformed { .. })));
    assert!(transform::form_of_piece(cat(), g.state(), &monster("ogre")).is_some());
    assert_eq!(
        g.state().spells.first().and_then(|s| s.item.clone()),
        Some(TreasureId("scroll-of-alchemy".into()))
    );
}

#[test]
fn rule_absorb_essence_1_2_an_item_s_spell_broken_puts_the_monster_with_the_item() {
    // The Black Book's spell is broken while the Swordsman holds the book: the Ogre
    // appears in his clearing, not in the Amazon's who played it.
    let g = passed_on(json!({"piece": {"kind": "treasure", "id": BOOK},
        "place": {"place": "belongings", "character": "swordsman"}}));
    let mut state = g.state().clone();
    let mut events = Vec::new();
    tabletop_rules::magic_realm::combat::spells::end_spell(
        cat(),
        &mut state,
        0,
        false,
        &mut events,
    );
    let at: ClearingRef = serde_json::from_value(here()).unwrap();
    assert_eq!(
        state.piles.place_of(&monster("ogre")),
        Some(&Place::Clearing { at })
    );
    assert!(!transform::transmorphized_seat(cat(), &state, S0));
}
