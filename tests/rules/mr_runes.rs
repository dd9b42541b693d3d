//! Rule scenarios for Reading Runes (rule 7.5, as GAPS.md 4 and the Reading Runes table
//! restate the missing 7.5.3; 4.6.5c; 8.3.9 c.3; 3.3.6g and 9.3 for the spells learned),
//! each built from a scenario with forced dice and named by its rule.

use crate::spells_common::{details, here, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{ErrorCode, Seed, Session, Viewer};
use tabletop_rules::magic_realm::actions::{
    MagicRealmAction as A, MagicRealmEvent as E, SearchChoice,
};
use tabletop_rules::magic_realm::catalog::chits::MapChitId;
use tabletop_rules::magic_realm::catalog::items::TreasureId;
use tabletop_rules::magic_realm::catalog::magic::SpellId;
use tabletop_rules::magic_realm::catalog::setup_card::SetupBox;
use tabletop_rules::magic_realm::catalog::tables::Curse;
use tabletop_rules::magic_realm::day::scoring;
use tabletop_rules::magic_realm::game::data;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::view::{view, SeenPiece};
use tabletop_rules::magic_realm::MagicRealm;

const BOOK: &str = "book-of-lore";

fn spell(id: &str) -> PieceId {
    PieceId::Spell {
        id: SpellId(id.into()),
    }
}

fn item(id: &str) -> TreasureId {
    TreasureId(id.into())
}

/// `id`'s Spell card in the Setup Card box of the Book of Lore.
fn in_book_box(id: &str) -> Value {
    json!({"piece": {"kind": "spell", "id": id},
           "place": {"place": "setup_box", "target": {"Treasure": BOOK}}, "facing": "down"})
}

/// `character` owns the Book of Lore and searches in Daylight; `dice` come after the
/// Monster Roll.
fn reader(character: &str, awakened: &[&str], pieces: Value, dice: &[u8]) -> Game {
    let mut all = vec![1];
    all.extend_from_slice(dice);
    start(
        json!({"seats": [{"character": character, "at": here(), "hidden": false,
        "belongings": [{"piece": {"kind": "treasure", "id": BOOK}, "awakened": awakened}],
        "record": [{"activity": "search"}]}],
        "pieces": pieces, "at": "daylight", "dice": all}),
    )
}

fn read_book(spell: Option<&str>) -> A {
    A::Search {
        search: SearchChoice::ReadRunesItem {
            item: item(BOOK),
            spell: spell.map(|s| SpellId(s.into())),
        },
    }
}

fn place_of(g: &Game, piece: &PieceId) -> Place {
    g.state().piles.place_of(piece).cloned().expect("somewhere")
}

fn learned(g: &Game) -> Vec<SpellId> {
    g.state().seats[0].secret.learned.clone()
}

#[test]
fn rule_7_5_reading_runes_on_a_spell_book_learns_and_awakens_its_top_spell() {
    // The Sorceror (Magic IV chits) reads the Book of Lore: its top card is Fiery Blast.
    let mut g = reader(
        "sorceror",
        &[],
        json!([in_book_box("lightning-bolt"), in_book_box("fiery-blast")]),
        &[1, 2],
    );
    assert!(g.legal_actions(S0).contains(&read_book(None)));
    let log = g.apply(S0, read_book(None)).unwrap();
    assert_eq!(
        place_of(&g, &spell("fiery-blast")),
        Place::WithItem { item: item(BOOK) },
        "4.6.5c: off the Setup Card, with its item"
    );
    assert!(matches!(
        place_of(&g, &spell("lightning-bolt")),
        Place::SetupBox {
            target: SetupBox::Treasure(_)
        }
    ));
    assert_eq!(learned(&g), [SpellId("fiery-blast".into())]);
    assert!(g.state().seats[0]
        .secret
        .spells
        .contains(&SpellId("fiery-blast".into())));
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::SpellLearned { seat: S0, .. })));
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::SpellAwakened { seat: S0, .. })));
}

#[test]
fn rule_7_5_reading_runes_a_four_awakens_without_teaching() {
    let mut g = reader(
        "sorceror",
        &[],
        json!([in_book_box("fiery-blast")]),
        &[4, 2],
    );
    g.apply(S0, read_book(None)).unwrap();
    assert_eq!(
        place_of(&g, &spell("fiery-blast")),
        Place::WithItem { item: item(BOOK) }
    );
    assert!(learned(&g).is_empty());
}

#[test]
fn rule_7_5_reading_runes_teaches_only_with_a_magic_chit_of_the_spells_type() {
    // The Swordsman has no Magic chits: the spell is awakened for his book, not learned.
    let mut g = reader(
        "swordsman",
        &[],
        json!([in_book_box("fiery-blast")]),
        &[1, 1],
    );
    g.apply(S0, read_book(None)).unwrap();
    assert_eq!(
        place_of(&g, &spell("fiery-blast")),
        Place::WithItem { item: item(BOOK) }
    );
    assert!(learned(&g).is_empty());
    assert!(g.state().seats[0].secret.spells.is_empty());
}

#[test]
fn rule_7_5_reading_runes_a_five_is_a_curse_and_a_six_nothing() {
    // 5 (the Sorceror's Lore rolls one die, 4.1.2), then the Curses table: 1 is Eyemist.
    // The card stays on the Setup Card.
    let mut g = reader(
        "sorceror",
        &[],
        json!([in_book_box("fiery-blast")]),
        &[5, 1, 1],
    );
    g.apply(S0, read_book(None)).unwrap();
    assert!(g.state().seats[0].curses.contains(&Curse::Eyemist));
    assert!(matches!(
        place_of(&g, &spell("fiery-blast")),
        Place::SetupBox { .. }
    ));
    let mut g = reader(
        "sorceror",
        &[],
        json!([in_book_box("fiery-blast")]),
        &[6, 6],
    );
    let log = g.apply(S0, read_book(None)).unwrap();
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::FoundNothing { seat: S0 })));
    assert!(g.state().seats[0].curses.is_empty() && learned(&g).is_empty());
}

#[test]
fn rule_7_5_reading_runes_at_a_site_teaches_its_top_spell_and_puts_it_under() {
    // The Magician (a Magic III chit) at the Altar he has discovered: Persuade on top of
    // Elven Grace. He learns Persuade; it goes under Elven Grace, which is on top now.
    let in_box = json!({"place": "setup_box", "target": {"Site": "altar"}});
    let mut g = start(json!({"seats": [{"character": "magician",
        "at": {"tile": "ruins", "clearing": 1}, "hidden": false,
        "discoveries": {"chits": ["altar"]}, "record": [{"activity": "search"}]}],
        "pieces": [
            {"piece": {"kind": "map_chit", "id": "altar"}, "place": {"place": "tile", "tile": "ruins"}, "facing": "down"},
            {"piece": {"kind": "spell", "id": "elven-grace"}, "place": in_box, "facing": "down"},
            {"piece": {"kind": "spell", "id": "persuade"}, "place": in_box, "facing": "down"}
        ],
        "at": "daylight", "dice": [1, 1, 1]}));
    let read = A::Search {
        search: SearchChoice::ReadRunesSite {
            site: MapChitId("altar".into()),
        },
    };
    assert!(g.legal_actions(S0).contains(&read));
    g.apply(S0, read).unwrap();
    assert_eq!(learned(&g), [SpellId("persuade".into())]);
    let order: Vec<PieceId> = g
        .state()
        .piles
        .pile(&Place::SetupBox {
            target: SetupBox::Site(serde_json::from_value(json!("altar")).unwrap()),
        })
        .iter()
        .map(|c| c.piece.clone())
        .collect();
    assert_eq!(
        order,
        [spell("persuade"), spell("elven-grace")],
        "bottom to top"
    );
}

#[test]
fn rule_8_3_9_c3_an_items_awakened_spell_can_still_be_learned() {
    // Fiery Blast is awakened already and no card is left on the Setup Card: he may read
    // the awakened card; a 2 teaches it to him.
    let mut g = reader("sorceror", &["fiery-blast"], json!([]), &[2, 1]);
    let options = g.legal_actions(S0);
    assert!(!options.contains(&read_book(None)));
    assert!(options.contains(&read_book(Some("fiery-blast"))));
    g.apply(S0, read_book(Some("fiery-blast"))).unwrap();
    assert_eq!(learned(&g), [SpellId("fiery-blast".into())]);
    assert_eq!(
        place_of(&g, &spell("fiery-blast")),
        Place::WithItem { item: item(BOOK) }
    );
}

#[test]
fn rule_7_5_runes_are_read_only_on_items_he_owns() {
    // The Book of Lore lies in his clearing, not among his belongings.
    let g = start(
        json!({"seats": [{"character": "sorceror", "at": here(), "hidden": false,
        "record": [{"activity": "search"}]}],
        "pieces": [in_book_box("fiery-blast"),
            {"piece": {"kind": "treasure", "id": BOOK}, "place": {"place": "clearing", "at": here()}}],
        "at": "daylight", "dice": [1]}),
    );
    assert!(!g.legal_actions(S0).contains(&read_book(None)));
}

#[test]
fn rule_4_6_5c_the_owner_sees_the_awakened_cards_others_do_not() {
    let g = start(json!({"seats": [
            {"character": "sorceror", "at": here(),
             "belongings": [{"piece": {"kind": "treasure", "id": BOOK}, "awakened": ["fiery-blast"]}]},
            {"character": "swordsman", "at": here()}]}));
    let seen = |seat| {
        view(g.state(), Viewer::Seat { seat })
            .piles
            .into_iter()
            .find(|p| p.place == Place::WithItem { item: item(BOOK) })
            .expect("the awakened card lies with the book")
            .pieces
    };
    assert!(matches!(seen(S0).as_slice(), [SeenPiece::Known { .. }]));
    assert!(matches!(seen(S1).as_slice(), [SeenPiece::Hidden { .. }]));
}

#[test]
fn rule_9_3_spells_learned_from_spell_cards_count_toward_the_spells_category() {
    // Two starting spells do not count; one learned spell does (3.3.6g).
    let g = start(json!({"seats": [{"character": "sorceror", "at": here(),
        "spells": ["fiery-blast", "lightning-bolt"], "learned": ["roof-collapses"]}]}));
    let cat = data().unwrap();
    assert_eq!(scoring::earned(cat, g.state(), S0)[1], 1);
    assert_eq!(g.state().seats[0].secret.spells.len(), 3);
}

#[test]
fn rule_4_6_5c_a_scenario_awakens_spell_cards_only_in_artifacts_and_spell_books() {
    let refused = |belonging: Value, why: &str| {
        let sc: MagicRealmScenario = serde_json::from_value(json!({"seats": [
            {"character": "sorceror", "at": here(), "belongings": [belonging]}]}))
        .unwrap();
        let err = Session::<MagicRealm>::from_scenario(sc, Seed(3)).unwrap_err();
        assert_eq!(err.code(), ErrorCode::BadScenario, "{why}");
        assert!(err.to_string().contains(why), "{why}: {err}");
    };
    refused(
        json!({"piece": {"kind": "treasure", "id": "lost-keys"}, "awakened": ["peace"]}),
        "not an Artifact or Spell Book",
    );
    refused(
        json!({"piece": {"kind": "treasure", "id": "enchanters-skull"},
               "awakened": ["fiery-blast", "lightning-bolt"]}),
        "holds 1 Spell card",
    );
    refused(
        json!({"piece": {"kind": "treasure", "id": BOOK}, "awakened": ["control-dragon"]}),
        "not a Spell card",
    );
}
