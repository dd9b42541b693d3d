//! Rule scenarios for the Magic Sight table (rule 7.5, as GAPS.md 4 and the Magic Sight
//! table restate the missing text): who may search on it (the Witch King's Disembodied,
//! the Phantom Glass) and its rows 2 (Counters), 3 (Treasure Cards) and 4 (Perceive
//! Spell), each built from a scenario with forced dice and named by its rule.

use crate::spells_common::{details, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::Viewer;
use tabletop_rules::magic_realm::actions::{
    MagicRealmAction as A, MagicRealmEvent as E, SearchChoice, SightPick,
};
use tabletop_rules::magic_realm::catalog::chits::MapChitId;
use tabletop_rules::magic_realm::catalog::magic::SpellId;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};

const SIGHT: A = A::Search {
    search: SearchChoice::MagicSight,
};

fn altar_clearing() -> Value {
    json!({"tile": "ruins", "clearing": 1})
}

/// A piece in the Altar's box on the Setup Card (listed bottom to top).
fn at_altar(piece: Value) -> Value {
    json!({"piece": piece, "place": {"place": "setup_box", "target": {"Site": "altar"}},
        "facing": "down"})
}

/// A piece abandoned in the Altar's clearing (listed bottom to top).
fn abandoned(piece: Value) -> Value {
    json!({"piece": piece, "place": {"place": "clearing", "at": altar_clearing()}})
}

fn weapon(id: &str) -> Value {
    json!({"kind": "weapon", "id": id, "n": 0})
}

fn treasure(id: &str) -> Value {
    json!({"kind": "treasure", "id": id})
}

fn spell(id: &str) -> Value {
    json!({"kind": "spell", "id": id})
}

fn piece(v: Value) -> PieceId {
    serde_json::from_value(v).unwrap()
}

fn altar() -> MapChitId {
    MapChitId("altar".into())
}

/// `seat` (a character of `character` with `extra` fields) at the Ruins 1, the Altar's
/// clearing, with the Altar discovered, recording a Search. The Altar chit lies face down
/// in the tile; `pieces` are added. `dice` come after the first die of the day.
fn searcher(character: &str, extra: Value, pieces: Value, dice: &[u8]) -> Game {
    let mut seat = json!({"character": character, "at": altar_clearing(), "hidden": false,
        "discoveries": {"chits": ["altar"]}, "record": [{"activity": "search"}]});
    if let (Some(s), Some(extra)) = (seat.as_object_mut(), extra.as_object()) {
        for (k, v) in extra {
            s.insert(k.clone(), v.clone());
        }
    }
    let mut all = vec![json!({"piece": {"kind": "map_chit", "id": "altar"},
            "place": {"place": "tile", "tile": "ruins"}, "facing": "down"})];
    all.extend(pieces.as_array().cloned().unwrap_or_default());
    let mut d = vec![1];
    d.extend_from_slice(dice);
    start(json!({"seats": [seat], "pieces": all, "at": "daylight", "dice": d}))
}

fn searches(g: &Game) -> Vec<A> {
    g.legal_actions(S0)
        .into_iter()
        .filter(|a| matches!(a, A::Search { .. }))
        .collect()
}

fn owner_of(g: &Game, p: &PieceId) -> Option<Place> {
    g.state().piles.place_of(p).cloned()
}

fn belongs_to_witch_king(g: &Game, p: &PieceId) -> bool {
    matches!(owner_of(g, p), Some(Place::Belongings { .. }))
}

fn pick(pick: SightPick) -> A {
    A::ChooseMagicSight { pick }
}

#[test]
fn rule_7_5_magic_sight_the_disembodied_witch_king_searches_only_on_it() {
    let g = searcher("witch-king", json!({}), json!([]), &[6, 6]);
    assert_eq!(searches(&g), [SIGHT]);
    // Another character there has Locate, Loot and no Magic Sight.
    let g = searcher("swordsman", json!({}), json!([]), &[6, 6]);
    let s = searches(&g);
    assert!(s.contains(&A::Search {
        search: SearchChoice::Locate
    }));
    assert!(!s.contains(&SIGHT));
}

fn glass(active: bool) -> Value {
    json!({"belongings": [{"piece": treasure("phantom-glass"), "active": active}]})
}

#[test]
fn rule_7_5_magic_sight_the_active_phantom_glass_gives_magic_sight() {
    let g = searcher("swordsman", glass(true), json!([]), &[6, 6]);
    assert_eq!(
        searches(&g),
        [SIGHT],
        "its only table while the card is active"
    );
    let g = searcher("swordsman", glass(false), json!([]), &[6, 6]);
    let s = searches(&g);
    assert!(!s.contains(&SIGHT), "inactive, it does nothing");
    assert!(s.contains(&A::Search {
        search: SearchChoice::Locate
    }));
}

#[test]
fn rule_7_5_magic_sight_is_self_cancelling_the_witch_king_with_the_phantom_glass() {
    // Two sources of Magic Sight cancel out: he searches on the usual tables.
    let g = searcher("witch-king", glass(true), json!([]), &[6, 6]);
    let s = searches(&g);
    assert!(!s.contains(&SIGHT));
    assert!(s.contains(&A::Search {
        search: SearchChoice::Locate
    }));
}

#[test]
fn rule_7_5_magic_sight_without_the_table_the_search_is_refused() {
    let mut g = searcher("swordsman", json!({}), json!([]), &[2, 1]);
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, SIGHT).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}

#[test]
fn rule_7_5_magic_sight_2_takes_the_top_counter_of_a_discovered_site() {
    // The Altar's box: a Treasure card, the Short Sword, a Treasure card on top. A 2: the
    // top counter is the Short Sword (the card above it is not a counter).
    let mut g = searcher(
        "witch-king",
        json!({}),
        json!([
            at_altar(treasure("eye-of-the-idol")),
            at_altar(weapon("short-sword")),
            at_altar(treasure("ancient-telescope"))
        ]),
        &[2, 1],
    );
    let log = g.apply(S0, SIGHT).unwrap();
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::HiddenEnemiesFound { seat: S0 })));
    assert!(belongs_to_witch_king(&g, &piece(weapon("short-sword"))));
    assert!(!belongs_to_witch_king(
        &g,
        &piece(treasure("ancient-telescope"))
    ));
    assert!(g.state().today.pending.is_none(), "one source: no choice");
}

#[test]
fn rule_7_5_magic_sight_2_takes_the_top_counter_of_the_abandoned_belongings() {
    // No counter at the Altar: the abandoned Mace (under a card) is the top counter here.
    let mut g = searcher(
        "witch-king",
        json!({}),
        json!([
            at_altar(treasure("eye-of-the-idol")),
            abandoned(weapon("axe")),
            abandoned(weapon("mace")),
            abandoned(treasure("ancient-telescope"))
        ]),
        &[2, 2],
    );
    g.apply(S0, SIGHT).unwrap();
    assert!(belongs_to_witch_king(&g, &piece(weapon("mace"))));
    assert!(!belongs_to_witch_king(&g, &piece(weapon("axe"))));
    assert!(!belongs_to_witch_king(
        &g,
        &piece(treasure("ancient-telescope"))
    ));
}

fn two_piles_of_cards() -> Game {
    searcher(
        "witch-king",
        json!({}),
        json!([
            at_altar(treasure("eye-of-the-idol")),
            at_altar(weapon("short-sword")),
            abandoned(treasure("ancient-telescope")),
            abandoned(weapon("mace"))
        ]),
        &[3, 1],
    )
}

#[test]
fn rule_7_5_magic_sight_3_picks_between_a_discovered_site_and_the_abandoned_pile() {
    let mut g = two_piles_of_cards();
    g.apply(S0, SIGHT).unwrap();
    assert_eq!(
        g.legal_actions(S0),
        [
            pick(SightPick::Site { site: altar() }),
            pick(SightPick::Pile)
        ]
    );
    let log = g.apply(S0, pick(SightPick::Pile)).unwrap();
    // The top Treasure card of the pile (the Mace above it is no card).
    assert!(belongs_to_witch_king(
        &g,
        &piece(treasure("ancient-telescope"))
    ));
    assert!(!belongs_to_witch_king(
        &g,
        &piece(treasure("eye-of-the-idol"))
    ));
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::LootedPiece { .. })));
    assert!(g.state().today.pending.is_none());
}

#[test]
fn rule_7_5_magic_sight_3_from_the_site_takes_its_top_treasure_card() {
    let mut g = two_piles_of_cards();
    g.apply(S0, SIGHT).unwrap();
    g.apply(S0, pick(SightPick::Site { site: altar() }))
        .unwrap();
    assert!(belongs_to_witch_king(
        &g,
        &piece(treasure("eye-of-the-idol"))
    ));
    assert!(!belongs_to_witch_king(&g, &piece(weapon("short-sword"))));
    assert!(!belongs_to_witch_king(
        &g,
        &piece(treasure("ancient-telescope"))
    ));
}

#[test]
fn rule_7_5_magic_sight_a_pick_not_offered_is_refused_and_changes_nothing() {
    let mut g = two_piles_of_cards();
    g.apply(S0, SIGHT).unwrap();
    let before = serde_json::to_string(g.state()).unwrap();
    let other = pick(SightPick::Site {
        site: MapChitId("hoard".into()),
    });
    assert!(g.apply(S0, other).is_err());
    assert!(g
        .apply(
            S0,
            pick(SightPick::Spell {
                spell: SpellId("curse".into())
            })
        )
        .is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}

#[test]
fn rule_7_5_magic_sight_2_with_nothing_to_take_finds_nothing() {
    let mut g = searcher(
        "witch-king",
        json!({}),
        json!([at_altar(treasure("eye-of-the-idol"))]),
        &[2, 1],
    );
    let log = g.apply(S0, SIGHT).unwrap();
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::FoundNothing { seat: S0 })));
    assert!(!belongs_to_witch_king(
        &g,
        &piece(treasure("eye-of-the-idol"))
    ));
}

fn learned(g: &Game) -> Vec<SpellId> {
    g.state().seats[0].secret.learned.clone()
}

fn sid(id: &str) -> SpellId {
    SpellId(id.into())
}

#[test]
fn rule_7_5_magic_sight_4_perceives_every_spell_of_the_site_and_learns_the_one_picked() {
    // The Altar holds Make Whole (I: no chit of his type), Ask Demon (V) and Fiery Blast
    // (IV, on top). The Witch King (IV, V, VI) sees all three and learns the one he picks.
    let mut g = searcher(
        "witch-king",
        json!({}),
        json!([
            at_altar(spell("make-whole")),
            at_altar(spell("ask-demon")),
            at_altar(spell("fiery-blast"))
        ]),
        &[4, 1],
    );
    let log = g.apply(S0, SIGHT).unwrap();
    let perceived = log
        .iter()
        .find(|e| matches!(e.detail, E::SpellsPerceived { .. }))
        .expect("he perceives the spells");
    assert_eq!(
        perceived.detail,
        E::SpellsPerceived {
            spells: vec![sid("make-whole"), sid("ask-demon"), sid("fiery-blast")]
        }
    );
    assert!(perceived.visibility.visible_to(Viewer::Seat { seat: S0 }));
    assert!(!perceived.visibility.visible_to(Viewer::Seat { seat: S1 }));
    assert_eq!(
        g.legal_actions(S0),
        [
            pick(SightPick::Spell {
                spell: sid("ask-demon")
            }),
            pick(SightPick::Spell {
                spell: sid("fiery-blast")
            })
        ]
    );
    g.apply(
        S0,
        pick(SightPick::Spell {
            spell: sid("ask-demon"),
        }),
    )
    .unwrap();
    assert_eq!(learned(&g), [sid("ask-demon")]);
    assert!(g.state().seats[0].secret.spells.contains(&sid("ask-demon")));
    // Perceiving moves no card: Ask Demon is still at the Altar, under Fiery Blast.
    let in_box = Place::SetupBox {
        target: tabletop_rules::magic_realm::catalog::setup_card::SetupBox::Site(
            tabletop_rules::magic_realm::catalog::chits::SiteKind::Altar,
        ),
    };
    assert_eq!(owner_of(&g, &piece(spell("ask-demon"))), Some(in_box));
    assert!(g.state().today.pending.is_none());
}

#[test]
fn rule_7_5_magic_sight_4_with_one_learnable_spell_learns_it_at_once() {
    let mut g = searcher(
        "witch-king",
        json!({}),
        json!([at_altar(spell("make-whole")), at_altar(spell("curse"))]),
        &[4, 4],
    );
    g.apply(S0, SIGHT).unwrap();
    assert_eq!(learned(&g), [sid("curse")]);
    assert!(g.state().today.pending.is_none());
}

#[test]
fn rule_7_5_magic_sight_4_perceives_an_active_spell_book() {
    // No discovered site holds spells; his active Book of Lore does (its Setup Card box).
    let book = "book-of-lore";
    let mut g = searcher(
        "witch-king",
        json!({"belongings": [{"piece": treasure(book), "active": true}]}),
        json!([{"piece": spell("lightning-bolt"),
            "place": {"place": "setup_box", "target": {"Treasure": book}}, "facing": "down"}]),
        &[4, 2],
    );
    g.apply(S0, SIGHT).unwrap();
    assert_eq!(learned(&g), [sid("lightning-bolt")]);
}

#[test]
fn rule_7_5_magic_sight_4_with_two_sources_he_picks_where_he_looks() {
    let book = "book-of-lore";
    let mut g = searcher(
        "witch-king",
        json!({"belongings": [{"piece": treasure(book), "active": true}]}),
        json!([
            {"piece": spell("lightning-bolt"),
             "place": {"place": "setup_box", "target": {"Treasure": book}}, "facing": "down"},
            at_altar(spell("curse"))
        ]),
        &[4, 2],
    );
    let log = g.apply(S0, SIGHT).unwrap();
    assert!(!details(&log)
        .iter()
        .any(|d| matches!(d, E::SpellsPerceived { .. })));
    assert_eq!(
        g.legal_actions(S0),
        [
            pick(SightPick::Site { site: altar() }),
            pick(SightPick::Item {
                item: tabletop_rules::magic_realm::catalog::items::TreasureId(book.into())
            })
        ]
    );
    g.apply(S0, pick(SightPick::Site { site: altar() }))
        .unwrap();
    assert_eq!(learned(&g), [sid("curse")]);
}
