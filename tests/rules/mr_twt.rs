//! Rule scenarios for the Treasures Within Treasures cards (rules 2.3.7, 2.4.5, 4.5.5,
//! 4.6.1c and 7.5 Loot as GAPS.md 4 restates it): the Remains of Thief and the Mouldy
//! Skeleton exchanged as they are drawn, the Site cards put in their clearings and looted
//! on their own tables, the Crypt of the Knight's Tremendous strength, the Chest and the
//! Lost Keys, and the Toadstool Circle's Black magic.

use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat, Seed, Session, Viewer};
use tabletop_rules::magic_realm::actions::{
    MagicRealmAction as A, MagicRealmEvent as E, SearchChoice,
};
use tabletop_rules::magic_realm::catalog::chits::MapChitId;
use tabletop_rules::magic_realm::catalog::common::MagicColor;
use tabletop_rules::magic_realm::catalog::items::TreasureId;
use tabletop_rules::magic_realm::catalog::tables::SiteCardResult;
use tabletop_rules::magic_realm::day::enchanting::colours_in;
use tabletop_rules::magic_realm::game::data;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::state::ChitStatus;
use tabletop_rules::magic_realm::view::SeenPiece;
use tabletop_rules::magic_realm::MagicRealm;

type Game = Session<MagicRealm>;
const S0: Seat = Seat(0);
const S1: Seat = Seat(1);

fn start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(11)).expect("the scenario starts");
    crate::daylight_common::take_kept_turns(&mut g);
    g
}

/// The Hoard's clearing on the Ruins tile.
fn hoard_at() -> Value {
    let cat = data().unwrap();
    let info = cat
        .map_chits
        .site_chits
        .iter()
        .find(|s| s.id.0 == "hoard")
        .unwrap();
    json!({"tile": "ruins", "clearing": info.clearing.0})
}

fn at(v: Value) -> ClearingRef {
    serde_json::from_value(v).unwrap()
}

fn treasure(id: &str) -> PieceId {
    PieceId::Treasure {
        id: TreasureId(id.into()),
    }
}

fn in_box(card: &str) -> Value {
    json!({"place": "setup_box", "target": {"Treasure": card}})
}

/// A piece in a TWT card's box.
fn boxed(piece: Value, card: &str) -> Value {
    json!({"piece": piece, "place": in_box(card)})
}

fn card_piece(id: &str) -> Value {
    json!({"kind": "treasure", "id": id})
}

/// `character` at the discovered Hoard recording a Search, with `card` the top card of
/// the Hoard's box and `extra` pieces; a second character (`other`, unhidden) may share
/// the clearing. `dice` follow the Monster Roll.
fn at_hoard(character: &str, card: &str, extra: Vec<Value>, other: bool, dice: &[u8]) -> Game {
    let mut pieces = vec![
        json!({"piece": {"kind": "map_chit", "id": "hoard"}, "place": {"place": "tile", "tile": "ruins"}, "facing": "down"}),
        json!({"piece": card_piece(card), "place": {"place": "setup_box", "target": {"Site": "hoard"}}, "facing": "down"}),
    ];
    pieces.extend(extra);
    let mut seats = vec![
        json!({"character": character, "at": hoard_at(), "hidden": false,
        "discoveries": {"chits": ["hoard"]}, "record": [{"activity": "search"}]}),
    ];
    if other {
        seats.push(
            json!({"character": "amazon", "at": hoard_at(), "record": [{"activity": "rest"}]}),
        );
    }
    let mut all = vec![1];
    all.extend_from_slice(dice);
    start(json!({"seats": seats, "pieces": pieces, "at": "daylight", "dice": all}))
}

fn loot_hoard() -> A {
    A::Search {
        search: SearchChoice::LootSite {
            site: MapChitId("hoard".into()),
        },
    }
}

fn loot_card(card: &str) -> A {
    A::Search {
        search: SearchChoice::LootCard {
            card: TreasureId(card.into()),
        },
    }
}

fn open_chest() -> A {
    A::Search {
        search: SearchChoice::OpenChest {
            chest: TreasureId("chest".into()),
        },
    }
}

fn place_of(g: &Game, piece: &PieceId) -> Option<Place> {
    g.state().piles.place_of(piece).cloned()
}

fn belongings(character: &str) -> Place {
    Place::Belongings {
        character: tabletop_rules::magic_realm::catalog::characters::CharacterId(character.into()),
    }
}

fn details(events: &[Event<E>]) -> Vec<&E> {
    events.iter().map(|e| &e.detail).collect()
}

fn weapon(id: &str) -> PieceId {
    serde_json::from_value(json!({"kind": "weapon", "id": id, "n": 0})).unwrap()
}

fn armor(id: &str) -> PieceId {
    serde_json::from_value(json!({"kind": "armor", "id": id, "n": 0})).unwrap()
}

fn horse(id: &str) -> PieceId {
    serde_json::from_value(json!({"kind": "horse", "id": id})).unwrap()
}

#[test]
fn rule_2_3_7_the_remains_of_thief_is_exchanged_for_its_gold_and_treasures_when_drawn() {
    // Loot 1 takes the Remains; the Curses roll (6, 6) follows.
    let extra = vec![
        boxed(
            json!({"kind": "weapon", "id": "living-sword", "n": 0}),
            "remains-of-thief",
        ),
        boxed(card_piece("sacred-statue"), "remains-of-thief"),
    ];
    let mut g = at_hoard("swordsman", "remains-of-thief", extra, false, &[1, 1, 6, 6]);
    let gold = g.state().seats[0].gold;
    let log = g.apply(S0, loot_hoard()).unwrap();
    assert_eq!(
        place_of(&g, &treasure("remains-of-thief")),
        Some(Place::OutOfPlay)
    );
    assert_eq!(g.state().seats[0].gold, gold + 20, "the card's 20 gold");
    let mine = belongings("swordsman");
    assert_eq!(place_of(&g, &weapon("living-sword")), Some(mine.clone()));
    assert_eq!(place_of(&g, &treasure("sacred-statue")), Some(mine));
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::TwtCardShown { seat: S0, card } if card.0 == "remains-of-thief")));
    assert!(
        details(&log)
            .iter()
            .any(|d| matches!(d, E::Cursed { seat: S0, .. })),
        "\"Get CURSE\": he rolls on the Curses Table"
    );
}

#[test]
fn rule_2_3_7_the_mouldy_skeleton_is_exchanged_for_its_armor_when_drawn() {
    let extra = ["gold-helmet", "silver-breastplate", "jade-shield"]
        .iter()
        .map(|a| boxed(json!({"kind": "armor", "id": a, "n": 0}), "mouldy-skeleton"))
        .collect();
    let mut g = at_hoard("swordsman", "mouldy-skeleton", extra, false, &[1, 1, 6, 6]);
    g.apply(S0, loot_hoard()).unwrap();
    assert_eq!(
        place_of(&g, &treasure("mouldy-skeleton")),
        Some(Place::OutOfPlay)
    );
    for a in ["gold-helmet", "silver-breastplate", "jade-shield"] {
        assert_eq!(
            place_of(&g, &armor(a)),
            Some(belongings("swordsman")),
            "{a}"
        );
    }
}

#[test]
fn rule_2_3_7_a_site_card_drawn_is_shown_and_put_in_the_clearing_discovered_by_its_finder() {
    let extra = vec![boxed(
        json!({"kind": "weapon", "id": "devil-sword", "n": 0}),
        "toadstool-circle",
    )];
    let mut g = at_hoard("swordsman", "toadstool-circle", extra, true, &[1, 1]);
    let log = g.apply(S0, loot_hoard()).unwrap();
    let here = at(hoard_at());
    assert_eq!(
        place_of(&g, &treasure("toadstool-circle")),
        Some(Place::Clearing { at: here })
    );
    let card = TreasureId("toadstool-circle".into());
    assert!(g.state().seats[0].discoveries.cards.contains(&card));
    assert!(
        !g.state().seats[1].discoveries.cards.contains(&card),
        "the Amazon sees the card but has not discovered it (rulings)"
    );
    assert_eq!(
        g.state().twt_sites.get(&card),
        Some(&MapChitId("hoard".into()))
    );
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::SiteCardPlaced { at, .. } if *at == here)));
    // Its box stays on the Setup Card, to be looted.
    assert_eq!(
        place_of(&g, &weapon("devil-sword")),
        Some(Place::SetupBox {
            target: serde_json::from_value(json!({"Treasure": "toadstool-circle"})).unwrap()
        })
    );
}

/// Whether `viewer` sees `piece` (face up, or known) anywhere in its view.
fn sees(g: &Game, viewer: Seat, piece: &PieceId) -> bool {
    let v = g.view(Viewer::Seat { seat: viewer }).unwrap();
    v.piles.iter().any(|p| {
        p.pieces
            .iter()
            .any(|s| matches!(s, SeenPiece::Known { piece: x, .. } if x == piece))
    })
}

#[test]
fn rule_7_5_a_drawn_chest_stays_secret_while_a_drawn_site_card_is_shown() {
    let mut g = at_hoard("swordsman", "chest", vec![], true, &[1, 1]);
    g.apply(S0, loot_hoard()).unwrap();
    assert_eq!(
        place_of(&g, &treasure("chest")),
        Some(belongings("swordsman"))
    );
    assert!(sees(&g, S0, &treasure("chest")));
    assert!(!sees(&g, S1, &treasure("chest")), "other cards stay secret");
    let log = g.log(Viewer::Seat { seat: S1 }).unwrap();
    assert!(!details(&log)
        .iter()
        .any(|d| matches!(d, E::LootedPiece { .. })));

    let mut g = at_hoard("swordsman", "enchanted-meadow", vec![], true, &[1, 1]);
    g.apply(S0, loot_hoard()).unwrap();
    assert!(
        sees(&g, S1, &treasure("enchanted-meadow")),
        "Site cards are shown"
    );
    let log = g.log(Viewer::Seat { seat: S1 }).unwrap();
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::TwtCardShown { card, .. } if card.0 == "enchanted-meadow")));
}

/// `character` holding the Chest (its box: two treasures), with `keys`, recording a Search.
fn with_chest(keys: bool) -> Game {
    let mut held = vec![json!({"piece": card_piece("chest"), "active": false})];
    if keys {
        held.push(json!({"piece": card_piece("lost-keys"), "facing": "up"}));
    }
    start(
        json!({"seats": [{"character": "swordsman", "at": hoard_at(),
            "belongings": held, "record": [{"activity": "search"}]}],
        "pieces": [boxed(card_piece("sacred-statue"), "chest"), boxed(card_piece("golden-icon"), "chest")],
        "at": "daylight", "dice": [1]}),
    )
}

#[test]
fn rule_2_3_7_the_chest_is_refused_without_the_lost_keys_and_nothing_changes() {
    let mut g = with_chest(false);
    assert!(!g.legal_actions(S0).contains(&open_chest()));
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, open_chest()).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}

#[test]
fn rule_2_3_7_the_lost_keys_open_the_chest_for_its_gold_and_treasures() {
    let mut g = with_chest(true);
    let gold = g.state().seats[0].gold;
    let log = g.apply(S0, open_chest()).unwrap();
    assert_eq!(place_of(&g, &treasure("chest")), Some(Place::OutOfPlay));
    assert_eq!(g.state().seats[0].gold, gold + 50);
    for t in ["sacred-statue", "golden-icon"] {
        assert_eq!(
            place_of(&g, &treasure(t)),
            Some(belongings("swordsman")),
            "{t}"
        );
    }
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::ChestOpened { gold: 50, .. })));
}

/// `character` in the Hoard's clearing with `card` there, discovered or not, with `held`
/// belongings and `dice` after the Monster Roll, and the card's box as `extra`.
fn at_card(
    character: &str,
    card: &str,
    discovered: bool,
    held: Value,
    extra: Vec<Value>,
    dice: &[u8],
) -> Game {
    let mut pieces = vec![
        json!({"piece": card_piece(card), "place": {"place": "clearing", "at": hoard_at()}, "facing": "up"}),
    ];
    pieces.extend(extra);
    let cards: Vec<&str> = if discovered { vec![card] } else { vec![] };
    let mut all = vec![1];
    all.extend_from_slice(dice);
    start(
        json!({"seats": [{"character": character, "at": hoard_at(), "hidden": false,
            "belongings": held, "discoveries": {"cards": cards},
            "record": [{"activity": "search"}]}],
        "pieces": pieces, "at": "daylight", "dice": all}),
    )
}

fn crypt_box() -> Vec<Value> {
    vec![
        boxed(card_piece("sacred-statue"), "crypt-of-the-knight"),
        boxed(
            json!({"kind": "horse", "id": "warhorse-t5-t3"}),
            "crypt-of-the-knight",
        ),
        boxed(
            json!({"kind": "armor", "id": "t-armor", "n": 0}),
            "crypt-of-the-knight",
        ),
        boxed(
            json!({"kind": "weapon", "id": "bane-sword", "n": 0}),
            "crypt-of-the-knight",
        ),
    ]
}

#[test]
fn rule_7_5_the_crypt_of_the_knight_needs_tremendous_strength_for_every_search() {
    let g = at_card(
        "swordsman",
        "crypt-of-the-knight",
        true,
        json!([]),
        crypt_box(),
        &[5, 5],
    );
    assert!(
        !g.legal_actions(S0)
            .contains(&loot_card("crypt-of-the-knight")),
        "the Swordsman has neither Tremendous strength nor the Lost Keys"
    );
    // The Berserker fatigues a Tremendous chit each time; roll 5: one gold.
    let mut g = at_card(
        "berserker",
        "crypt-of-the-knight",
        true,
        json!([]),
        crypt_box(),
        &[5, 5],
    );
    let gold = g.state().seats[0].gold;
    let log = g.apply(S0, loot_card("crypt-of-the-knight")).unwrap();
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::ChitFatigued { seat: S0, .. })));
    assert!(g.state().seats[0].chits.contains(&ChitStatus::Fatigued));
    assert_eq!(g.state().seats[0].gold, gold + 1);
    // With the Lost Keys active he pays nothing.
    let keys = json!([{"piece": card_piece("lost-keys"), "facing": "up"}]);
    let mut g = at_card(
        "swordsman",
        "crypt-of-the-knight",
        true,
        keys,
        crypt_box(),
        &[3, 3],
    );
    g.apply(S0, loot_card("crypt-of-the-knight")).unwrap();
    assert!(!g.state().seats[0].chits.contains(&ChitStatus::Fatigued));
    assert_eq!(
        place_of(&g, &weapon("bane-sword")),
        Some(belongings("swordsman")),
        "Crypt of the Knight Table 3: the Bane Sword"
    );
}

#[test]
fn rule_7_5_a_site_card_is_looted_on_its_own_table() {
    let meadow = || {
        vec![
            boxed(
                json!({"kind": "horse", "id": "pony-l4-l2"}),
                "enchanted-meadow",
            ),
            boxed(
                json!({"kind": "weapon", "id": "truesteel-sword", "n": 0}),
                "enchanted-meadow",
            ),
        ]
    };
    // Enchanted Meadow Table 1: the pony.
    let mut g = at_card(
        "swordsman",
        "enchanted-meadow",
        true,
        json!([]),
        meadow(),
        &[1, 1],
    );
    let log = g.apply(S0, loot_card("enchanted-meadow")).unwrap();
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::SiteCardSearched {
            roll: 1,
            result: SiteCardResult::TakeHorse,
            ..
        }
    )));
    assert_eq!(
        place_of(&g, &horse("pony-l4-l2")),
        Some(belongings("swordsman"))
    );
    assert_eq!(
        place_of(&g, &weapon("truesteel-sword")),
        Some(Place::SetupBox {
            target: serde_json::from_value(json!({"Treasure": "enchanted-meadow"})).unwrap()
        })
    );
    // 4: Heal: his fatigued and wounded chits are fresh again.
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": hoard_at(),
            "chits": [{"chit": 0, "status": "fatigued"}, {"chit": 1, "status": "wounded"}],
            "discoveries": {"cards": ["enchanted-meadow"]}, "record": [{"activity": "search"}]}],
        "pieces": [{"piece": card_piece("enchanted-meadow"), "place": {"place": "clearing", "at": hoard_at()}, "facing": "up"}],
        "at": "daylight", "dice": [1, 4, 4]}),
    );
    g.apply(S0, loot_card("enchanted-meadow")).unwrap();
    assert!(g.state().seats[0]
        .chits
        .iter()
        .all(|c| *c == ChitStatus::Fresh));
}

#[test]
fn rule_7_5_an_undiscovered_site_card_cannot_be_looted_and_the_refusal_changes_nothing() {
    let mut g = at_card(
        "swordsman",
        "enchanted-meadow",
        false,
        json!([]),
        vec![],
        &[1, 1],
    );
    assert!(!g.legal_actions(S0).contains(&loot_card("enchanted-meadow")));
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, loot_card("enchanted-meadow")).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}

#[test]
fn rule_4_5_5_spies_discover_a_looted_site_card_and_the_site_it_came_from() {
    // The Toadstool Circle, found at the Hoard, lies in the clearing. The Swordsman loots
    // it (6: a curse) while the Amazon watches him.
    let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": hoard_at(), "hidden": false,
             "discoveries": {"cards": ["toadstool-circle"]},
             "record": [{"activity": "search"}]},
            {"character": "amazon", "at": hoard_at(), "record": [{"activity": "rest"}]}],
        "pieces": [
            {"piece": card_piece("toadstool-circle"), "place": {"place": "clearing", "at": hoard_at()}, "facing": "up"}],
        "twtSites": {"toadstool-circle": "hoard"},
        "at": "daylight", "dice": [1, 6, 6, 6, 6]}));
    let card = TreasureId("toadstool-circle".into());
    let hoard = MapChitId("hoard".into());
    assert!(!g.state().seats[1].discoveries.cards.contains(&card));
    // The turn order is drawn: play on until the Swordsman can loot.
    let mut guard = 0;
    while !g.legal_actions(S0).contains(&loot_card("toadstool-circle")) {
        let who = g.to_act().seats().first().copied().unwrap();
        let a = g.legal_actions(who).first().cloned().unwrap();
        g.apply(who, a).unwrap();
        guard += 1;
        assert!(guard < 20);
    }
    assert!(!g.state().seats[1].discoveries.chits.contains(&hoard));
    let log = g.apply(S0, loot_card("toadstool-circle")).unwrap();
    let amazon = &g.state().seats[1].discoveries;
    assert!(amazon.cards.contains(&card));
    assert!(
        amazon.chits.contains(&hoard),
        "and the site it was found at"
    );
    // The discovery is the Amazon's secret.
    assert!(!details(&log)
        .iter()
        .any(|d| matches!(d, E::SiteCardsDiscovered { .. })));
    let amazon_log = g.log(Viewer::Seat { seat: S1 }).unwrap();
    assert!(details(&amazon_log)
        .iter()
        .any(|d| matches!(d, E::SiteCardsDiscovered { .. })));
}

#[test]
fn rule_4_6_1c_the_toadstool_circle_supplies_black_magic_in_its_clearing_once_discovered() {
    let cat = data().unwrap();
    let here = at(hoard_at());
    let g = at_card(
        "swordsman",
        "toadstool-circle",
        false,
        json!([]),
        vec![],
        &[],
    );
    assert!(!colours_in(cat, g.state(), here).contains(&MagicColor::Black));
    let g = at_card(
        "swordsman",
        "toadstool-circle",
        true,
        json!([]),
        vec![],
        &[],
    );
    assert!(colours_in(cat, g.state(), here).contains(&MagicColor::Black));
    let elsewhere = at(json!({"tile": "oak_woods", "clearing": 4}));
    assert!(!colours_in(cat, g.state(), elsewhere).contains(&MagicColor::Black));
}

#[test]
fn rule_4_6_1c_the_toadstool_circle_s_black_magic_lets_a_black_spell_be_cast() {
    // A Witch King with Power of the Pit and no Black colour chit, an Ogre in the clearing.
    let setup = |discovered: bool| {
        let cards: Vec<&str> = if discovered {
            vec!["toadstool-circle"]
        } else {
            vec![]
        };
        start(
            json!({"seats": [{"character": "witch-king", "at": hoard_at(),
                "spells": ["power-of-the-pit"], "hidden": false,
                "discoveries": {"cards": cards}}],
            "pieces": [
                {"piece": card_piece("toadstool-circle"), "place": {"place": "clearing", "at": hoard_at()}, "facing": "up"},
                {"piece": {"kind": "monster", "id": "ogre", "n": 0}, "place": {"place": "clearing", "at": hoard_at()}}],
            "at": "sunset", "dice": vec![2; 20]}),
        )
    };
    let cast = A::CastSpell {
        spell_box: 0,
        chit: 10,
        colour_chit: None,
    };
    let step = |g: &mut Game| {
        let who = g.to_act().seats().first().copied().expect("someone acts");
        let pass = tabletop_rules::magic_realm::combat::passing(&g.legal_actions(who))
            .expect("a passing action");
        g.apply(who, pass).unwrap();
    };
    let mut lit = setup(true);
    let mut dark = setup(false);
    let mut steps = 0;
    while !lit.legal_actions(S0).contains(&cast) {
        assert!(
            !dark.legal_actions(S0).contains(&cast),
            "no Black magic before the circle is discovered"
        );
        step(&mut lit);
        step(&mut dark);
        steps += 1;
        assert!(steps < 40, "the cast never became legal");
    }
    assert!(!dark.legal_actions(S0).contains(&cast));
}

#[test]
fn rule_7_13_a_site_card_on_the_map_summons_its_row_6_visitor() {
    // Monster Roll 6; the Swordsman hides (1, 1) and ends his turn at the Toadstool Circle,
    // which summons the chit in the Shrine's box (box 10).
    let summons = |card: Value| {
        let mut pieces = vec![
            json!({"piece": {"kind": "visitor_chit", "id": "crone-raid"},
            "place": {"place": "chart_box", "row": 6, "number": 10}}),
        ];
        pieces.push(card);
        let mut g = start(
            json!({"seats": [{"character": "swordsman", "at": hoard_at(),
                "record": [{"activity": "hide"}]}],
            "pieces": pieces, "at": "daylight", "dice": [6, 1, 1]}),
        );
        let ev = g.apply(S0, A::Proceed).unwrap();
        details(&ev)
            .iter()
            .any(|d| matches!(d, E::VisitorAppeared { .. }))
    };
    let on_map = json!({"piece": card_piece("toadstool-circle"),
        "place": {"place": "clearing", "at": hoard_at()}, "facing": "up"});
    let in_deck = json!({"piece": card_piece("toadstool-circle"),
        "place": {"place": "setup_box", "target": {"Site": "hoard"}}});
    assert!(summons(on_map));
    assert!(!summons(in_deck), "a card not yet found summons nothing");
}

#[test]
fn rule_2_3_7_a_site_card_in_a_clearing_is_not_an_abandoned_item() {
    let g = at_card(
        "swordsman",
        "enchanted-meadow",
        true,
        json!([]),
        vec![],
        &[1, 1],
    );
    let pile = A::Search {
        search: SearchChoice::LootPile,
    };
    assert!(!g.legal_actions(S0).contains(&pile));
    assert!(g.legal_actions(S0).contains(&loot_card("enchanted-meadow")));
}

#[test]
fn rule_4_5_4c_giving_a_site_card_s_location_gives_its_site_s_too() {
    use tabletop_rules::magic_realm::actions::Gift;
    let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": hoard_at(),
             "discoveries": {"cards": ["crypt-of-the-knight"], "chits": ["hoard"]},
             "record": [{"activity": "hide"}]},
            {"character": "amazon", "at": hoard_at(), "record": [{"activity": "hide"}]}],
        "pieces": [{"piece": card_piece("crypt-of-the-knight"), "place": {"place": "clearing", "at": hoard_at()}, "facing": "up"}],
        "twtSites": {"crypt-of-the-knight": "hoard"},
        "at": "daylight", "dice": [1, 6, 6, 6, 6]}));
    let give = A::Give {
        to: S1,
        gift: Gift::SiteCard {
            card: TreasureId("crypt-of-the-knight".into()),
        },
    };
    let mut guard = 0;
    while !g.legal_actions(S0).contains(&give) {
        let who = g.to_act().seats().first().copied().unwrap();
        let a = g.legal_actions(who).last().cloned().unwrap();
        g.apply(who, a).unwrap();
        guard += 1;
        assert!(guard < 20, "the gift was never offered");
    }
    g.apply(S0, give.clone()).unwrap();
    let amazon = &g.state().seats[1].discoveries;
    assert!(amazon
        .cards
        .contains(&TreasureId("crypt-of-the-knight".into())));
    assert!(amazon.chits.contains(&MapChitId("hoard".into())));
    assert!(!g.legal_actions(S0).contains(&give), "she knows it now");
}

fn toadstool_search(dice: &[u8]) -> Game {
    let extra = vec![boxed(
        json!({"kind": "weapon", "id": "devil-sword", "n": 0}),
        "toadstool-circle",
    )];
    let mut g = at_card(
        "swordsman",
        "toadstool-circle",
        true,
        json!([]),
        extra,
        dice,
    );
    g.apply(S0, loot_card("toadstool-circle")).unwrap();
    g
}

#[test]
fn rule_7_5_toadstool_circle_3_teleports_him_to_a_cave_clearing_of_his_choice() {
    let mut g = toadstool_search(&[3, 3]);
    let legal = g.legal_actions(S0);
    assert!(!legal.is_empty());
    assert!(legal.iter().all(|a| matches!(a, A::Teleport { .. })));
    let cat = data().unwrap();
    let Some(A::Teleport { to }) = legal.last().cloned() else {
        panic!("a cave to go to")
    };
    assert!(tabletop_rules::magic_realm::day::who::is_cave(
        cat,
        g.state(),
        to
    ));
    // A clearing that is no cave is refused, and nothing changes.
    let woods = at(json!({"tile": "oak_woods", "clearing": 4}));
    assert!(!tabletop_rules::magic_realm::day::who::is_cave(
        cat,
        g.state(),
        woods
    ));
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, A::Teleport { to: woods }).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    let hidden = g.state().seats[0].hidden;
    g.apply(S0, A::Teleport { to }).unwrap();
    let counter = PieceId::Character {
        id: tabletop_rules::magic_realm::catalog::characters::CharacterId("swordsman".into()),
    };
    assert_eq!(place_of(&g, &counter), Some(Place::Clearing { at: to }));
    assert_eq!(
        g.state().seats[0].hidden,
        hidden,
        "he keeps his hidden status"
    );
}

#[test]
fn rule_7_5_toadstool_circle_4_lets_him_peer_into_any_clearing_today() {
    let far = at(json!({"tile": "oak_woods", "clearing": 4}));
    let peer = A::Search {
        search: SearchChoice::Peer { at: far },
    };
    let g = at_card(
        "swordsman",
        "toadstool-circle",
        true,
        json!([]),
        vec![],
        &[],
    );
    assert!(!g.legal_actions(S0).contains(&peer));
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": hoard_at(), "hidden": false,
            "discoveries": {"cards": ["toadstool-circle"]},
            "record": [{"activity": "search"}, {"activity": "search"}]}],
        "pieces": [{"piece": card_piece("toadstool-circle"), "place": {"place": "clearing", "at": hoard_at()}, "facing": "up"}],
        "at": "daylight", "dice": [1, 4, 4]}),
    );
    g.apply(S0, loot_card("toadstool-circle")).unwrap();
    assert!(
        g.legal_actions(S0).contains(&peer),
        "his next Search may peer there"
    );
}

#[test]
fn rule_7_11c_a_follower_discovers_the_site_card_his_guide_draws() {
    // The Amazon follows the (hidden) Swordsman, who draws the Crypt of the Knight at the
    // Hoard: she crosses it off too, but gets no treasure.
    let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": hoard_at(), "discoveries": {"chits": ["hoard"]},
             "record": [{"activity": "search"}]},
            {"character": "amazon", "at": hoard_at(), "hidden": true,
             "record": [{"activity": "follow", "guide": 0}]}],
        "pieces": [
            {"piece": {"kind": "map_chit", "id": "hoard"}, "place": {"place": "tile", "tile": "ruins"}, "facing": "down"},
            {"piece": card_piece("crypt-of-the-knight"), "place": {"place": "setup_box", "target": {"Site": "hoard"}}, "facing": "down"}],
        "at": "daylight", "dice": [1, 1, 1]}));
    g.apply(S1, A::KeepFollowing).unwrap();
    g.apply(S1, A::Proceed).unwrap();
    g.apply(S0, loot_hoard()).unwrap();
    let card = TreasureId("crypt-of-the-knight".into());
    assert!(g.state().seats[0].discoveries.cards.contains(&card));
    assert!(g.state().seats[1].discoveries.cards.contains(&card));
}

#[test]
fn rule_7_5_random_play_among_twt_cards_applies_every_offered_action_and_keeps_every_piece() {
    use tabletop_rules::engine::conformance::Conformance;
    use tabletop_rules::engine::dice::Stream;
    use tabletop_rules::engine::ToAct;
    // Every TWT card in the Hoard with its box filled; a Berserker with the Lost Keys and
    // an Amazon search there, for five days.
    let cat = data().unwrap();
    let mut pieces = vec![
        json!({"piece": {"kind": "map_chit", "id": "hoard"}, "place": {"place": "tile", "tile": "ruins"}, "facing": "down"}),
    ];
    let cards: Vec<String> = cat
        .items
        .treasures
        .iter()
        .filter(|t| t.twt.is_some())
        .map(|t| t.id.0.clone())
        .collect();
    // 9.1.2: a dead character may start afresh at the Inn.
    pieces.push(json!({"piece": {"kind": "dwelling", "id": "inn"},
        "place": {"place": "clearing", "at": {"tile": "oak_woods", "clearing": 4}}}));
    pieces.extend(crypt_box());
    pieces.push(boxed(
        json!({"kind": "horse", "id": "pony-l4-l2"}),
        "enchanted-meadow",
    ));
    pieces.push(boxed(
        json!({"kind": "weapon", "id": "devil-sword", "n": 0}),
        "toadstool-circle",
    ));
    pieces.push(boxed(card_piece("golden-icon"), "toadstool-circle"));
    pieces.push(boxed(card_piece("golden-crown"), "chest"));
    pieces.push(boxed(
        json!({"kind": "weapon", "id": "living-sword", "n": 0}),
        "remains-of-thief",
    ));
    pieces.push(boxed(
        json!({"kind": "armor", "id": "gold-helmet", "n": 0}),
        "mouldy-skeleton",
    ));
    let searches = json!(vec![json!({"activity": "search"}); 4]);
    let expected: std::collections::BTreeSet<PieceId> =
        tabletop_rules::magic_realm::pieces::all_pieces(cat)
            .into_iter()
            .collect();
    let mut shown = 0;
    for seed in 0..16u64 {
        // Each game stacks the cards in another order.
        let mut pieces = pieces.clone();
        let turn = usize::try_from(seed).unwrap() % cards.len();
        for card in cards[turn..].iter().chain(&cards[..turn]) {
            pieces.push(json!({"piece": card_piece(card),
                "place": {"place": "setup_box", "target": {"Site": "hoard"}}}));
        }
        let mut g = start(json!({"seats": [
                {"character": "berserker", "at": hoard_at(), "discoveries": {"chits": ["hoard"]},
                 "belongings": [{"piece": card_piece("lost-keys"), "facing": "up"}], "record": searches},
                {"character": "amazon", "at": hoard_at(), "discoveries": {"chits": ["hoard"]},
                 "record": searches}],
            "pieces": pieces, "days": 5, "at": "daylight"}));
        let mut pick = Stream::new(seed, 5);
        for _ in 0..3000 {
            let ToAct::Seats { seats } = g.to_act() else {
                break;
            };
            let seat = seats[pick.index(seats.len())];
            let legal: Vec<_> = g
                .legal_actions(seat)
                .into_iter()
                .filter(|a| !<MagicRealm as Conformance>::avoided_in_random_play(a))
                .collect();
            // Prefer the TWT searches when offered.
            let twt = legal.iter().find(|a| {
                matches!(
                    a,
                    A::Search {
                        search: SearchChoice::LootCard { .. } | SearchChoice::OpenChest { .. }
                    } | A::Teleport { .. }
                )
            });
            let a = twt
                .cloned()
                .unwrap_or_else(|| legal[pick.index(legal.len())].clone());
            let ev = g
                .apply(seat, a.clone())
                .unwrap_or_else(|e| panic!("{a:?}: {e}"));
            shown += details(&ev)
                .iter()
                .filter(|d| matches!(d, E::TwtCardShown { .. }))
                .count();
            g.state().piles.check_conservation(&expected).unwrap();
        }
    }
    assert!(shown > 0, "the random games drew TWT cards");
}

#[test]
fn rule_4_6_6h_a_discovered_toadstool_circle_energizes_a_black_permanent_spell_there() {
    // The Witch King's inert World Fades (Black) on himself, beside the Toadstool Circle.
    let inert = |discovered: bool| {
        let cards: Vec<&str> = if discovered {
            vec!["toadstool-circle"]
        } else {
            vec![]
        };
        let g = start(
            json!({"seats": [{"character": "witch-king", "at": hoard_at(),
                "spells": ["world-fades"], "discoveries": {"cards": cards}}],
            "pieces": [{"piece": card_piece("toadstool-circle"),
                "place": {"place": "clearing", "at": hoard_at()}, "facing": "up"}],
            "spells": [{"caster": 0, "spell": "world-fades", "spellBox": 0, "chit": 10,
                "aims": [{"aim": "character", "seat": 0}], "until": {"at": "never"}, "inert": true}]}),
        );
        g.state().spells[0].inert
    };
    assert!(inert(false), "an undiscovered circle supplies nothing");
    assert!(
        !inert(true),
        "energized automatically by the circle's Black"
    );
}

#[test]
fn rule_4_6_1d_the_toadstool_circle_s_black_does_not_reach_the_roadways() {
    use tabletop_rules::magic_realm::day::enchanting::colours_on_roadway;
    let cat = data().unwrap();
    let g = at_card(
        "swordsman",
        "toadstool-circle",
        true,
        json!([]),
        vec![],
        &[],
    );
    let here = at(hoard_at());
    let next = g
        .state()
        .map
        .routes(&cat.tiles, here)
        .first()
        .map(|r| r.to)
        .expect("a roadway out of the clearing");
    assert!(colours_in(cat, g.state(), here).contains(&MagicColor::Black));
    assert!(!colours_on_roadway(cat, g.state(), (here, next), true).contains(&MagicColor::Black));
}

#[test]
fn rule_7_10_toadstool_circle_4_lets_him_enchant_another_tile_today() {
    // The Witch King rolls 4 on the Toadstool Circle Table, meditates, then enchants the
    // Oak Woods from afar with his Magic V chit 1, fed by his Black colour chit 4.
    let mut g = start(
        json!({"seats": [{"character": "witch-king", "at": hoard_at(),
            "chits": [{"chit": 4, "status": "enchanted"}],
            "discoveries": {"cards": ["toadstool-circle"]},
            "record": [{"activity": "search"}, {"activity": "enchant"}, {"activity": "enchant"}]}],
        "pieces": [{"piece": card_piece("toadstool-circle"), "place": {"place": "clearing", "at": hoard_at()}, "facing": "up"}],
        "at": "daylight", "dice": [1, 4, 4]}),
    );
    let remote = |g: &Game| -> Vec<A> {
        g.legal_actions(S0)
            .into_iter()
            .filter(|a| matches!(a, A::EnchantTileAt { .. }))
            .collect()
    };
    assert!(remote(&g).is_empty(), "not before the roll");
    g.apply(S0, loot_card("toadstool-circle")).unwrap();
    g.apply(S0, A::Proceed).unwrap(); // meditation
    let oak = remote(&g)
        .into_iter()
        .find(|a| matches!(a, A::EnchantTileAt { chit: 1, at } if at.tile == tabletop_rules::magic_realm::catalog::tiles::TileId::OakWoods))
        .expect("the Oak Woods can be enchanted from afar");
    let side = |g: &Game| {
        g.state()
            .map
            .side(tabletop_rules::magic_realm::catalog::tiles::TileId::OakWoods)
    };
    let before = side(&g);
    g.apply(S0, oak).unwrap();
    assert_ne!(side(&g), before, "the Oak Woods turned over");
    assert_eq!(
        g.state().seats[0].chits[4],
        ChitStatus::Fatigued,
        "the colour chit paid for it"
    );
}
