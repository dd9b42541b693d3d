//! Rule scenarios for Absorb Essence cast by an Artifact or Spell Book that no character
//! holds (List of Spells, Absorb Essence 4; 4.6.6h; 6.3.4; 8.3.9 c.5): the item itself is
//! the monster while the spell is energized, a normal monster until it is killed (the
//! spell breaks, the item reappears where it stood) or the spell falls inert (the two
//! swap back).
//!
//! The Black Book's Absorb Essence (played earlier, from the place 100 on seat 0's sheet)
//! holds the Ogre in its box; the book lies in Oak Woods 2 unless a test says otherwise.

use crate::evening_common::pass_evening;
use crate::spells_common::{details, dice, here, start, Game, S0};
use serde_json::{json, Value};
use tabletop_rules::magic_realm::actions::{
    BelongingChange, MagicRealmAction as A, MagicRealmEvent as E,
};
use tabletop_rules::magic_realm::catalog::denizens::NativeId;
use tabletop_rules::magic_realm::catalog::items::TreasureId;
use tabletop_rules::magic_realm::combat::spells::{item_monster, transform, SpellAim};
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{Facing, PieceId, Place};

const BOOK: &str = "black-book";

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn book() -> PieceId {
    PieceId::Treasure {
        id: TreasureId(BOOK.into()),
    }
}

fn ogre() -> PieceId {
    serde_json::from_value(json!({"kind": "monster", "id": "ogre", "n": 0})).unwrap()
}

fn oak(n: u8) -> ClearingRef {
    serde_json::from_value(json!({"tile": "oak_woods", "clearing": n})).unwrap()
}

fn at_here() -> Place {
    Place::Clearing { at: oak(2) }
}

/// The Black Book's Absorb Essence holding the Ogre, energized unless `inert`.
fn absorb(inert: bool) -> Value {
    json!({"caster": 0, "spell": "absorb-essence", "spellBox": 100, "chit": 0,
        "item": BOOK, "aims": [{"aim": "denizen", "piece": ogre()}],
        "until": {"at": "never"}, "inert": inert})
}

fn ogre_aside() -> Value {
    json!({"piece": ogre(), "place": {"place": "aside"}})
}

fn book_at(place: Place) -> Value {
    json!({"piece": book(), "place": place})
}

/// The Swordsman (seat 0) hidden in Oak Woods 4, `book` placed, the spell energized
/// unless `inert`, on `day` at `at`.
fn lying(book: Value, inert: bool, day: u8, at: &str) -> Game {
    start(
        json!({"seats": [{"character": "swordsman", "at": oak(4), "hidden": true,
            "record": [{"activity": "hide"}]}],
        "pieces": [ogre_aside(), book],
        "spells": [absorb(inert)], "day": day, "at": at, "dice": dice(1, 20)}),
    )
}

/// Piece conservation (the conformance harness's check): the item set aside and the
/// monster on the map are each in exactly one pile.
fn assert_conserved(g: &Game) {
    use tabletop_rules::engine::conformance::Conformance;
    assert_eq!(
        tabletop_rules::magic_realm::MagicRealm::invariants(g.state()),
        Ok(())
    );
}

fn place_of(g: &Game, piece: &PieceId) -> Option<Place> {
    g.state().piles.place_of(piece).cloned()
}

fn facing_of(g: &Game, piece: &PieceId) -> Option<Facing> {
    g.state().piles.find(piece).map(|(_, c)| c.facing)
}

#[test]
fn rule_absorb_essence_4_an_item_lying_in_a_clearing_is_its_energized_spell_s_monster() {
    // The book lies in Oak Woods 2: the Ogre stands there light side up, the book is set
    // aside with the spell, and nobody is transmorphized.
    let g = lying(book_at(at_here()), false, 2, "daylight");
    assert_eq!(place_of(&g, &ogre()), Some(at_here()));
    assert_eq!(facing_of(&g, &ogre()), Some(Facing::Light));
    assert_eq!(place_of(&g, &book()), Some(Place::Aside));
    let s = g.state().spells.first().expect("still in effect");
    assert_eq!(item_monster::monster_at(cat(), g.state(), s), Some(oak(2)));
    assert!(!transform::transmorphized_seat(cat(), g.state(), S0));
    assert_conserved(&g);
}

#[test]
fn rule_absorb_essence_4_the_item_abandoned_by_its_holder_becomes_the_monster() {
    // The Swordsman, holding the book, is the Ogre; he abandons the book (it is not
    // transmorphized with him): it lies in his clearing and at once becomes the Ogre there.
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": here(), "hidden": false,
            "belongings": [{"piece": book(), "active": false}],
            "record": [{"activity": "hide"}]}],
        "pieces": [ogre_aside()], "spells": [absorb(false)],
        "day": 2, "at": "daylight", "dice": [1, 6]}),
    );
    assert!(transform::transmorphized_seat(cat(), g.state(), S0));
    let abandon = A::Rearrange {
        piece: book(),
        change: BelongingChange::Abandon,
    };
    assert!(g.legal_actions(S0).contains(&abandon));
    let log = g.apply(S0, abandon).unwrap();
    assert!(details(&log).iter().any(|d| matches!(d,
        E::ItemBecameMonster { monster, at, .. } if *monster == ogre() && *at == oak(2))));
    assert_eq!(place_of(&g, &ogre()), Some(at_here()));
    assert_eq!(place_of(&g, &book()), Some(Place::Aside));
    assert!(!transform::transmorphized_seat(cat(), g.state(), S0));
}

#[test]
fn rule_absorb_essence_4_an_item_a_hired_leader_carries_becomes_the_monster_in_his_clearing() {
    // The Company's HQ, hired by the Swordsman, carries the book in Oak Woods 5: the book
    // leaves what he carries and the Ogre stands in his clearing.
    let hq = PieceId::Native {
        id: NativeId("company-hq".into()),
    };
    let g = start(
        json!({"seats": [{"character": "swordsman", "at": here(), "hidden": false,
            "record": [{"activity": "hide"}],
            "hirelings": [{"native": "company-hq", "lastDay": 20}]}],
        "pieces": [ogre_aside(),
            {"piece": hq, "place": {"place": "clearing", "at": oak(5)}},
            book_at(Place::Carried { by: hq.clone() })],
        "spells": [absorb(false)], "day": 2, "at": "daylight", "dice": [1, 6]}),
    );
    assert_eq!(place_of(&g, &ogre()), Some(Place::Clearing { at: oak(5) }));
    assert_eq!(place_of(&g, &book()), Some(Place::Aside));
    assert!(!g
        .state()
        .piles
        .pile(&Place::Carried { by: hq })
        .iter()
        .any(|c| c.piece == book()));
}

#[test]
fn rule_absorb_essence_4_an_item_in_a_native_group_s_box_stays_nullified() {
    // Off the map (a native group's box) the item is no monster: the Ogre stays in the
    // spell's box and the spell is nullified (8.3.9 c.5).
    let g = lying(
        book_at(Place::Natives {
            group: serde_json::from_value(json!("Lancers")).unwrap(),
        }),
        false,
        2,
        "daylight",
    );
    assert_eq!(place_of(&g, &ogre()), Some(Place::Aside));
    assert!(matches!(place_of(&g, &book()), Some(Place::Natives { .. })));
    let s = g.state().spells.first().expect("still in effect");
    assert!(!s.works(g.state()));
    assert_eq!(item_monster::monster_at(cat(), g.state(), s), None);
}

#[test]
fn rule_absorb_essence_4_at_midnight_the_inert_spell_turns_the_monster_back_into_the_item() {
    // No colour keeps the spell energized at Midnight: it falls inert, the Ogre goes back
    // to the spell's box and the book reappears in Oak Woods 2.
    let mut g = lying(book_at(at_here()), false, 2, "sunset");
    assert_eq!(place_of(&g, &ogre()), Some(at_here()));
    let log = pass_evening(&mut g);
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::SpellInert { seat: S0, .. })));
    assert!(details(&log).iter().any(|d| matches!(d,
        E::MonsterBecameItem { monster, at, .. } if *monster == ogre() && *at == oak(2))));
    assert_eq!(place_of(&g, &ogre()), Some(Place::Aside));
    assert_eq!(place_of(&g, &book()), Some(at_here()));
    assert!(
        g.state().spells.first().is_some_and(|s| s.inert),
        "inert, not broken"
    );
    assert_conserved(&g);
}

#[test]
fn rule_absorb_essence_4_killing_the_items_monster_breaks_the_spell_and_the_item_reappears() {
    // The Witch King's Power of the Pit carries the Ogre away (every die 2): the Ogre is
    // killed (his kill), the book's spell is broken and the book reappears in Oak Woods 2.
    let mut g = start(
        json!({"seats": [{"character": "witch-king", "at": here(), "spells": ["power-of-the-pit"],
            "hidden": false, "chits": [{"chit": 1, "status": "enchanted"}]}],
        "pieces": [ogre_aside(), book_at(at_here())], "spells": [absorb(false)],
        "at": "sunset", "dice": dice(2, 20)}),
    );
    assert_eq!(place_of(&g, &ogre()), Some(at_here()));
    let mut log = Vec::new();
    let aim = SpellAim::Denizen { piece: ogre() };
    crate::spells_common::cast_at(&mut g, S0, 0, 10, Some(1), aim, &mut log);
    assert!(details(&log).iter().any(|d| matches!(d,
        E::Killed { victim, by: Some(S0), .. } if *victim == ogre())));
    assert!(details(&log).iter().any(|d| matches!(d,
        E::SpellBroken { spell, .. } if spell.0 == "absorb-essence")));
    assert!(details(&log).iter().any(|d| matches!(d,
        E::MonsterBecameItem { at, .. } if *at == oak(2))));
    assert_eq!(place_of(&g, &ogre()), Some(Place::Killed));
    assert_eq!(place_of(&g, &book()), Some(at_here()));
    assert!(g.state().spells.is_empty());
    assert_conserved(&g);
}

#[test]
fn rule_absorb_essence_1_2_broken_otherwise_the_item_reappears_and_the_monster_stays_free() {
    // The spell is broken while the book is the Ogre: the book reappears where the Ogre
    // stands, and the Ogre stays there, freed (the card's 1.2: in the spellcaster's
    // clearing, the item's).
    let g = lying(book_at(at_here()), false, 2, "daylight");
    let mut state = g.state().clone();
    let mut events = Vec::new();
    tabletop_rules::magic_realm::combat::spells::end_spell(
        cat(),
        &mut state,
        0,
        false,
        &mut events,
    );
    assert_eq!(state.piles.place_of(&book()), Some(&at_here()));
    assert_eq!(state.piles.place_of(&ogre()), Some(&at_here()));
    assert!(events.iter().any(|e| matches!(&e.detail,
        E::MonsterBecameItem { monster, .. } if *monster == ogre())));
}

#[test]
fn rule_4_6_6h_the_seventh_day_s_colour_energizes_an_item_s_spell_on_the_ground() {
    // Day 7 supplies Black everywhere: the inert spell of the book lying in Oak Woods 2 is
    // energized and the book becomes the Ogre. Day 6 supplies nothing: it stays inert.
    let g = lying(book_at(at_here()), true, 7, "daylight");
    assert!(g.state().spells.first().is_some_and(|s| !s.inert));
    assert_eq!(place_of(&g, &ogre()), Some(at_here()));
    assert_eq!(place_of(&g, &book()), Some(Place::Aside));
    let g = lying(book_at(at_here()), true, 6, "daylight");
    assert!(g.state().spells.first().is_some_and(|s| s.inert));
    assert_eq!(place_of(&g, &ogre()), Some(Place::Aside));
    assert_eq!(place_of(&g, &book()), Some(at_here()));
}

#[test]
fn rule_4_6_6h_no_colour_chit_energizes_an_item_s_spell_no_character_holds() {
    // The Witch (her Magic V chit 4 enchanted: Black) stands by the book whose spell is
    // inert: she is offered no way to energize it, and asking is refused, changing nothing.
    let mut g = start(
        json!({"seats": [{"character": "witch", "at": here(), "hidden": false,
            "chits": [{"chit": 4, "status": "enchanted"}], "record": [{"activity": "hide"}]}],
        "pieces": [ogre_aside(), book_at(at_here())], "spells": [absorb(true)],
        "day": 2, "at": "daylight", "dice": [1, 6]}),
    );
    let energize = A::EnergizeSpell {
        caster: S0,
        spell_box: 100,
        colour_chit: 4,
    };
    assert!(g
        .legal_actions(S0)
        .contains(&A::PlayColourChit { colour_chit: 4 }));
    assert!(!g.legal_actions(S0).contains(&energize));
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, energize).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    assert_eq!(place_of(&g, &book()), Some(at_here()));
}

/// Birdsong of day 7, the book is the Ogre (its home the Lost Castle's box 2 of row 3)
/// in Oak Woods 2; the Swordsman finishes recording and Sunrise comes, its Monster Roll
/// `row`. Returns the log.
fn seventh_sunrise(row: u8) -> (Game, Vec<tabletop_rules::engine::Event<E>>) {
    let ogre_aside = json!({"piece": ogre(), "place": {"place": "aside"},
        "home": {"place": "chart_box", "row": 3, "number": 2}});
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": oak(4), "hidden": true,
            "record": [{"activity": "hide"}]}],
        "pieces": [ogre_aside, book_at(at_here())],
        "spells": [absorb(false)], "day": 7, "at": "birdsong", "dice": dice(row, 20)}),
    );
    assert_eq!(place_of(&g, &ogre()), Some(at_here()));
    let mut log = Vec::new();
    for _ in 0..6 {
        if !matches!(
            g.state().step,
            tabletop_rules::magic_realm::state::Step::Birdsong { .. }
        ) {
            break;
        }
        let legal = g.legal_actions(S0);
        let next = [A::FinishRecording, A::Proceed]
            .into_iter()
            .find(|a| legal.contains(a))
            .unwrap_or_else(|| panic!("{legal:?}"));
        log.extend(g.apply(S0, next).unwrap());
    }
    (g, log)
}

#[test]
fn rule_6_3_4_on_the_seventh_day_the_items_monster_is_not_returned_its_spell_breaks() {
    // Monster Roll 3: the Ogre would go back to its box. Its spell breaks instead and the
    // book reappears in Oak Woods 2, where the Ogre stood; the Ogre, freed, goes back
    // like any other prowling monster.
    let (g, log) = seventh_sunrise(3);
    assert!(details(&log).iter().any(|d| matches!(d,
        E::SpellBroken { spell, .. } if spell.0 == "absorb-essence")));
    assert!(details(&log).iter().any(|d| matches!(d,
        E::MonsterBecameItem { at, .. } if *at == oak(2))));
    assert!(g.state().spells.is_empty());
    assert_eq!(place_of(&g, &book()), Some(at_here()));
    assert_eq!(
        place_of(&g, &ogre()),
        Some(Place::ChartBox { row: 3, number: 2 })
    );
}

#[test]
fn rule_6_3_4_on_the_seventh_day_an_items_monster_that_does_not_prowl_stays() {
    // Monster Roll 1: the Ogre's row does not prowl; the book is still the Ogre.
    let (g, log) = seventh_sunrise(1);
    assert!(!details(&log)
        .iter()
        .any(|d| matches!(d, E::MonsterBecameItem { .. })));
    assert_eq!(g.state().spells.len(), 1);
    assert_eq!(place_of(&g, &ogre()), Some(at_here()));
    assert_eq!(place_of(&g, &book()), Some(Place::Aside));
}

#[test]
fn rule_absorb_essence_4_the_item_dropped_in_combat_is_the_monster_there_at_once() {
    // The Swordsman, the book's Ogre, meets the other Ogre at Sunset; in the Encounter Step he
    // abandons the book: it becomes the Ogre in the clearing, and he is himself again.
    // The evening plays on to Midnight, when the spell falls inert and the book
    // reappears there.
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": here(), "hidden": false,
            "belongings": [{"piece": book(), "active": false}]}],
        "pieces": [ogre_aside(), {"piece": {"kind": "monster", "id": "ogre", "n": 1},
            "place": {"place": "clearing", "at": here()}}],
        "spells": [absorb(false)], "at": "sunset", "dice": dice(6, 200)}),
    );
    let drop = A::EncounterItem {
        piece: book(),
        change: BelongingChange::Abandon,
    };
    let mut log = Vec::new();
    crate::spells_common::until(&mut g, S0, &drop, &mut log);
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::ItemBecameMonster { .. })));
    assert_eq!(place_of(&g, &ogre()), Some(at_here()));
    assert!(!transform::transmorphized_seat(cat(), g.state(), S0));
    log.extend(pass_evening(&mut g));
    assert!(!matches!(
        g.state().step,
        tabletop_rules::magic_realm::state::Step::Evening { .. }
    ));
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::MonsterBecameItem { .. })));
    assert_eq!(place_of(&g, &book()), Some(at_here()));
}

#[test]
fn rule_absorb_essence_4_a_saved_game_keeps_the_item_as_its_monster() {
    // Nothing new is stored: the item set aside and the monster on the map are the state,
    // and a save loads back to the same game (the book still the Ogre).
    let g = lying(book_at(at_here()), false, 2, "daylight");
    let saved = serde_json::to_string(g.state()).unwrap();
    let loaded: tabletop_rules::magic_realm::state::GameState =
        serde_json::from_str(&saved).unwrap();
    assert_eq!(&loaded, g.state());
    assert_eq!(loaded.piles.place_of(&book()), Some(&Place::Aside));
    let s = loaded.spells.first().expect("in effect");
    assert_eq!(item_monster::monster_at(cat(), &loaded, s), Some(oak(2)));
}

#[test]
fn rule_absorb_essence_4_the_items_monster_prowls_and_blocks_like_a_normal_monster() {
    // Monster Roll 3 (the Ogre's row, its home the Lost Castle's box 2 of row 3): the
    // Swordsman, unhidden in Oak Woods 4, fails his Hide (6s); at the end of his turn the
    // book's Ogre prowls from Oak Woods 2 to his clearing and blocks him.
    let ogre_aside = json!({"piece": ogre(), "place": {"place": "aside"},
        "home": {"place": "chart_box", "row": 3, "number": 2}});
    let mut all = vec![3];
    all.extend([6; 20]);
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": oak(4),
            "hidden": false, "record": [{"activity": "hide"}]}],
        "pieces": [ogre_aside, book_at(at_here())],
        "spells": [absorb(false)], "day": 2, "at": "daylight", "dice": all}));
    let mut log = Vec::new();
    for _ in 0..10 {
        if !matches!(
            g.state().step,
            tabletop_rules::magic_realm::state::Step::Daylight { .. }
        ) || !g.legal_actions(S0).contains(&A::Proceed)
        {
            break;
        }
        log.extend(g.apply(S0, A::Proceed).unwrap());
    }
    assert!(details(&log).iter().any(|d| matches!(d,
        E::MonstersMoved { pieces, to } if pieces.contains(&ogre()) && *to == oak(4))));
    assert!(details(&log).iter().any(|d| matches!(d,
        E::Blocked { seat: S0, by } if by.contains(&ogre()))));
    assert_eq!(place_of(&g, &ogre()), Some(Place::Clearing { at: oak(4) }));
    assert_eq!(
        place_of(&g, &book()),
        Some(Place::Aside),
        "the book is still the Ogre"
    );
}

#[test]
fn rule_absorb_essence_4_an_absorbed_giant_comes_and_goes_with_its_club() {
    // The book holds a Giant (4.6.8b: its club is transmorphized with it): lying in Oak
    // Woods 2 the book is the Giant, club and all, light side up; at Midnight both go back
    // to the spell's box and the book reappears.
    let giant: PieceId =
        serde_json::from_value(json!({"kind": "monster", "id": "giant", "n": 0})).unwrap();
    let club: PieceId =
        serde_json::from_value(json!({"kind": "monster_part", "id": "giant-club", "n": 0}))
            .unwrap();
    let spell = json!({"caster": 0, "spell": "absorb-essence", "spellBox": 100, "chit": 0,
        "item": BOOK, "aims": [{"aim": "denizen", "piece": giant}],
        "until": {"at": "never"}, "inert": false});
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": oak(4), "hidden": true,
            "record": [{"activity": "hide"}]}],
        "pieces": [{"piece": giant, "place": {"place": "aside"}},
            {"piece": club, "place": {"place": "aside"}}, book_at(at_here())],
        "spells": [spell], "day": 2, "at": "sunset", "dice": dice(1, 20)}),
    );
    for piece in [&giant, &club] {
        assert_eq!(place_of(&g, piece), Some(at_here()));
        assert_eq!(facing_of(&g, piece), Some(Facing::Light));
    }
    assert_conserved(&g);
    pass_evening(&mut g);
    for piece in [&giant, &club] {
        assert_eq!(place_of(&g, piece), Some(Place::Aside));
    }
    assert_eq!(place_of(&g, &book()), Some(at_here()));
    assert_conserved(&g);
}

#[test]
fn rule_absorb_essence_1_back_in_the_spells_box_the_monster_is_released_from_other_spells() {
    // A Melt into Mist bewitches the Ogre that the book became. At Midnight the Ogre goes
    // back into the Absorb Essence's box, released from the spells bewitching it (the
    // card's 1): the Melt into Mist, left with no target, ends; the book's own spell stays.
    let mist = json!({"caster": 0, "spell": "melt-into-mist", "spellBox": 101, "chit": 1,
        "item": BOOK, "aims": [{"aim": "denizen", "piece": ogre()}],
        "until": {"at": "never"}, "inert": false});
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": oak(4), "hidden": true,
            "record": [{"activity": "hide"}]}],
        "pieces": [ogre_aside(), book_at(at_here())],
        "spells": [absorb(false), mist], "day": 2, "at": "sunset", "dice": dice(1, 20)}),
    );
    assert_eq!(place_of(&g, &ogre()), Some(at_here()));
    assert_eq!(g.state().spells.len(), 2);
    pass_evening(&mut g);
    assert_eq!(place_of(&g, &ogre()), Some(Place::Aside));
    assert_eq!(g.state().spells.len(), 1, "{:?}", g.state().spells);
    assert_eq!(
        g.state().spells[0].spell.0,
        "absorb-essence",
        "the book's own spell stays, inert"
    );
}
