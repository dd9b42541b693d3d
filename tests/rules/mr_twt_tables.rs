//! Rule scenarios for the Site card results that roll on a spell's table in Daylight
//! (7.5; 4.6.7b): the Enchanted Meadow Table's 3 (a Wish) and the Toadstool Circle
//! Table's 5 (the Power of the Pit on the looter), with the Magic Wand's red die.

use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat, Seed, Session};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::items::TreasureId;
use tabletop_rules::magic_realm::catalog::tables::{PitResult, Wish};
use tabletop_rules::magic_realm::combat::CombatTarget;
use tabletop_rules::magic_realm::game::data;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::state::ChitStatus;
use tabletop_rules::magic_realm::MagicRealm;

type Game = Session<MagicRealm>;
const S0: Seat = Seat(0);
const S1: Seat = Seat(1);

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

fn far() -> ClearingRef {
    serde_json::from_value(json!({"tile": "oak_woods", "clearing": 4})).unwrap()
}

/// The Swordsman (with `held` belongings, recording two Searches) and `others` in the
/// Hoard's clearing, where he has discovered `card`; `pieces` besides; `dice` after the
/// Monster Roll.
fn at_card(card: &str, held: Value, others: Vec<Value>, pieces: Vec<Value>, dice: &[u8]) -> Game {
    let mut seats = vec![
        json!({"character": "swordsman", "at": hoard_at(), "hidden": false,
        "belongings": held, "discoveries": {"cards": [card]},
        "record": [{"activity": "search"}, {"activity": "search"}]}),
    ];
    seats.extend(others);
    let mut all_pieces = vec![json!({"piece": {"kind": "treasure", "id": card},
        "place": {"place": "clearing", "at": hoard_at()}, "facing": "up"})];
    all_pieces.extend(pieces);
    let mut all = vec![1];
    all.extend_from_slice(dice);
    let sc: MagicRealmScenario = serde_json::from_value(json!({"seats": seats,
        "pieces": all_pieces, "at": "daylight", "dice": all}))
    .expect("a well-formed scenario");
    let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(11)).expect("the scenario starts");
    crate::daylight_common::take_kept_turns(&mut g);
    g
}

fn loot(card: &str) -> A {
    A::Search {
        search: tabletop_rules::magic_realm::actions::SearchChoice::LootCard {
            card: TreasureId(card.into()),
        },
    }
}

fn wishes(log: &[Event<E>]) -> Vec<Wish> {
    log.iter()
        .filter_map(|e| match &e.detail {
            E::WishGranted { wish, .. } => Some(*wish),
            _ => None,
        })
        .collect()
}

fn pits(log: &[Event<E>]) -> Vec<PitResult> {
    log.iter()
        .filter_map(|e| match &e.detail {
            E::PitRolled { result, .. } => Some(*result),
            _ => None,
        })
        .collect()
}

fn counter(id: &str) -> PieceId {
    PieceId::Character {
        id: tabletop_rules::magic_realm::catalog::characters::CharacterId(id.into()),
    }
}

fn place_of(g: &Game, piece: &PieceId) -> Option<Place> {
    g.state().piles.place_of(piece).cloned()
}

fn unchanged_refusal(g: &mut Game, seat: Seat, action: A) {
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(seat, action).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}

#[test]
fn rule_7_5_enchanted_meadow_3_gives_the_looter_a_wish_for_strength() {
    let mut g = at_card("enchanted-meadow", json!([]), vec![], vec![], &[3, 3, 6, 6]);
    let log = g.apply(S0, loot("enchanted-meadow")).unwrap();
    assert_eq!(wishes(&log), vec![Wish::Strength]);
    assert!(
        g.state().seats[0].strength_wish,
        "ready for his next Fight chit"
    );
    assert_eq!(g.state().today.pending, None);
    assert_eq!(g.state().today.phase, 1, "the phase is over");
}

#[test]
fn rule_7_5_enchanted_meadow_3_wish_i_were_elsewhere_waits_for_his_clearing() {
    let mut g = at_card("enchanted-meadow", json!([]), vec![], vec![], &[3, 3, 1, 1]);
    let log = g.apply(S0, loot("enchanted-meadow")).unwrap();
    assert_eq!(wishes(&log), vec![Wish::IWereElsewhere]);
    let legal = g.legal_actions(S0);
    let cat = data().unwrap();
    assert_eq!(legal.len(), g.state().map.clearings(&cat.tiles).len());
    assert!(legal.iter().all(|a| matches!(a, A::WishTeleport { .. })));
    assert_eq!(g.state().today.phase, 0, "the phase waits for his choice");
    // Another action (the Toadstool Circle's teleport, a red die) is refused: nothing
    // changes.
    unchanged_refusal(&mut g, S0, A::Teleport { to: far() });
    unchanged_refusal(&mut g, S0, A::ChooseRedDie { value: 3 });
    g.apply(S0, A::WishTeleport { to: far() }).unwrap();
    assert_eq!(
        place_of(&g, &counter("swordsman")),
        Some(Place::Clearing { at: far() })
    );
    assert_eq!(g.state().today.pending, None);
    assert_eq!(g.state().today.phase, 1, "then the phase ends");
}

#[test]
fn rule_4_6_7_wish_you_were_elsewhere_in_daylight_names_someone_in_his_clearing() {
    let amazon = json!({"character": "amazon", "at": hoard_at(), "hidden": false,
        "record": [{"activity": "hide"}]});
    let mut g = at_card(
        "enchanted-meadow",
        json!([]),
        vec![amazon],
        vec![],
        &[3, 3, 2, 2],
    );
    let log = g.apply(S0, loot("enchanted-meadow")).unwrap();
    assert_eq!(wishes(&log), vec![Wish::YouWereElsewhere]);
    assert_eq!(
        g.legal_actions(S0),
        vec![A::WishAway {
            target: CombatTarget::Character { seat: S1 }
        }]
    );
    assert!(g.legal_actions(S1).is_empty());
    unchanged_refusal(
        &mut g,
        S0,
        A::WishAway {
            target: CombatTarget::Character { seat: S0 },
        },
    );
    g.apply(
        S0,
        A::WishAway {
            target: CombatTarget::Character { seat: S1 },
        },
    )
    .unwrap();
    // The Amazon chooses where she goes.
    assert!(g.legal_actions(S0).is_empty());
    assert!(g.legal_actions(S1).contains(&A::WishTeleport { to: far() }));
    g.apply(S1, A::WishTeleport { to: far() }).unwrap();
    assert_eq!(
        place_of(&g, &counter("amazon")),
        Some(Place::Clearing { at: far() })
    );
    assert_eq!(g.state().today.phase, 1, "the Swordsman's phase ends");
}

#[test]
fn rule_4_6_7_a_wish_for_peace_in_daylight_has_no_combat_to_end() {
    let mut g = at_card("enchanted-meadow", json!([]), vec![], vec![], &[3, 3, 4, 4]);
    let log = g.apply(S0, loot("enchanted-meadow")).unwrap();
    assert_eq!(wishes(&log), vec![Wish::Peace]);
    assert!(!log
        .iter()
        .any(|e| matches!(e.detail, E::PeaceWished { .. })));
    assert_eq!(g.state().today.pending, None);
    assert_eq!(g.state().today.phase, 1);
}

#[test]
fn rule_7_5_toadstool_circle_5_blights_the_looter_s_asterisk_chits() {
    let mut g = at_card("toadstool-circle", json!([]), vec![], vec![], &[5, 5, 4, 4]);
    let log = g.apply(S0, loot("toadstool-circle")).unwrap();
    assert_eq!(pits(&log), vec![PitResult::Blight]);
    let cat = data().unwrap();
    let chits: Vec<_> = tabletop_rules::magic_realm::day::who::chits(cat, g.state(), S0).collect();
    assert!(chits.iter().any(|(_, c, _)| c.effort > 0));
    for (i, c, st) in chits {
        let want = if c.effort > 0 {
            ChitStatus::Wounded
        } else {
            ChitStatus::Fresh
        };
        assert_eq!(st, want, "chit {i}");
    }
}

#[test]
fn rule_7_5_toadstool_circle_5_terror_kills_the_medium_monsters_there_as_nobody_s_kills() {
    let wolf = json!({"kind": "monster", "id": "wolf-l4", "n": 0});
    let piece = json!({"piece": wolf, "place": {"place": "clearing", "at": hoard_at()}});
    let mut g = at_card(
        "toadstool-circle",
        json!([]),
        vec![],
        vec![piece],
        &[5, 5, 3, 3],
    );
    let log = g.apply(S0, loot("toadstool-circle")).unwrap();
    assert_eq!(pits(&log), vec![PitResult::Terror]);
    let wolf: PieceId = serde_json::from_value(wolf).unwrap();
    assert!(log
        .iter()
        .any(|e| matches!(&e.detail, E::Killed { victim, by: None, .. } if *victim == wolf)));
    assert_ne!(
        place_of(&g, &wolf),
        Some(Place::Clearing {
            at: serde_json::from_value(hoard_at()).unwrap()
        })
    );
    assert_eq!(g.state().seats[0].fame, 0, "the kill is nobody's");
    assert!(g.state().seats[0].chits.contains(&ChitStatus::Wounded));
}

#[test]
fn rule_7_5_the_magic_wand_sets_the_red_die_of_the_toadstool_circle_s_pit_roll() {
    // Both dice 1 would open a fiery chasm under him; he sets the red die to 6: Rust.
    let wand = json!([{"piece": {"kind": "treasure", "id": "magic-wand"}}]);
    let mut g = at_card("toadstool-circle", wand, vec![], vec![], &[5, 5, 1, 1, 1]);
    let log = g.apply(S0, loot("toadstool-circle")).unwrap();
    assert!(pits(&log).is_empty(), "he sets the red die first");
    assert_eq!(
        g.legal_actions(S0),
        (1..=6)
            .map(|value| A::ChooseRedDie { value })
            .collect::<Vec<_>>()
    );
    unchanged_refusal(&mut g, S0, A::ChooseRedDie { value: 7 });
    let log = g.apply(S0, A::ChooseRedDie { value: 6 }).unwrap();
    assert_eq!(pits(&log), vec![PitResult::Rust]);
    assert!(g.state().seats[0]
        .chits
        .iter()
        .all(|c| *c == ChitStatus::Fresh));
    assert_eq!(g.state().today.phase, 1);
}

#[test]
fn rule_7_5_the_magic_wand_sets_the_red_die_of_the_enchanted_meadow_s_wish() {
    let wand = json!([{"piece": {"kind": "treasure", "id": "magic-wand"}}]);
    let mut g = at_card("enchanted-meadow", wand, vec![], vec![], &[3, 3, 1, 1]);
    let log = g.apply(S0, loot("enchanted-meadow")).unwrap();
    assert!(wishes(&log).is_empty(), "he sets the red die first");
    let log = g.apply(S0, A::ChooseRedDie { value: 6 }).unwrap();
    assert_eq!(wishes(&log), vec![Wish::Strength]);
    assert!(g.state().seats[0].strength_wish);
}

#[test]
fn rule_7_5_toadstool_circle_5_carried_away_kills_the_looter_and_his_turn_ends() {
    let amazon = json!({"character": "amazon", "at": far(), "hidden": false,
        "record": [{"activity": "hide"}]});
    let mut g = at_card(
        "toadstool-circle",
        json!([]),
        vec![amazon],
        vec![],
        &[5, 5, 2, 2],
    );
    let log = g.apply(S0, loot("toadstool-circle")).unwrap();
    assert_eq!(pits(&log), vec![PitResult::CarriedAway]);
    assert!(!tabletop_rules::magic_realm::day::who::playing(
        g.state(),
        S0
    ));
    assert!(g.legal_actions(S0).is_empty(), "a dead man does nothing");
}
