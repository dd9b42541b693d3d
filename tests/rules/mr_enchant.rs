//! Rule scenarios for the Enchant activity (rule 7.10, with the colour magic of 4.6.1 to
//! 4.6.3 and 6.1.2), each built from a scenario and named by its rule.

use serde_json::{json, Value};
use tabletop_rules::engine::{Seat, Seed, Session};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::tiles::{TileId, TileSide};
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::state::{Activity, ChitStatus};
use tabletop_rules::magic_realm::MagicRealm;

type Game = Session<MagicRealm>;
const S0: Seat = Seat(0);
/// The Sorceror's first Type IV (Purple) Magic chit.
const PURPLE: u8 = 3;
/// Another of his Type IV chits.
const SPARE: u8 = 4;

fn start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(11)).expect("the scenario starts");
    crate::daylight_common::take_kept_turns(&mut g);
    g
}

fn sorceror(day: u8, chits: Value) -> Game {
    start(json!({"seats": [{"character": "sorceror",
        "at": {"tile": "oak_woods", "clearing": 2}, "chits": chits,
        "record": [{"activity": "enchant"}, {"activity": "enchant"}]}],
        "day": day, "at": "daylight", "dice": [1]}))
}

fn tile_side(g: &Game) -> TileSide {
    g.state().map.side(TileId::OakWoods).unwrap()
}

#[test]
fn rule_7_10_the_first_enchant_phase_of_the_day_is_meditation() {
    let mut g = sorceror(1, json!([]));
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&A::Proceed));
    assert!(!legal.iter().any(|a| matches!(a, A::Enchant { .. })));
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(ev.iter().any(|e| matches!(e.detail, E::Meditated { .. })));
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&A::Enchant {
        chit: PURPLE,
        tile: false
    }));
    assert!(
        !legal.contains(&A::Proceed),
        "with a chit in play he cannot cancel the activity"
    );
}

#[test]
fn rule_6_2_3_enchant_is_recordable_only_with_magic_chits_of_type_i_to_v() {
    let g = start(
        json!({"seats": [{"character": "swordsman", "at": {"tile": "oak_woods", "clearing": 2}}]}),
    );
    assert!(!g.legal_actions(S0).contains(&A::RecordActivity {
        activity: Activity::Enchant
    }));
    let g = start(
        json!({"seats": [{"character": "sorceror", "at": {"tile": "oak_woods", "clearing": 2}}]}),
    );
    assert!(g.legal_actions(S0).contains(&A::RecordActivity {
        activity: Activity::Enchant
    }));
}

#[test]
fn rule_7_10_enchanting_a_magic_chit_makes_it_a_colour_chit() {
    let mut g = sorceror(1, json!([]));
    g.apply(S0, A::Proceed).unwrap();
    g.apply(
        S0,
        A::Enchant {
            chit: PURPLE,
            tile: false,
        },
    )
    .unwrap();
    assert_eq!(
        g.state().seats[0].chits[usize::from(PURPLE)],
        ChitStatus::Enchanted
    );
    assert_eq!(tile_side(&g), TileSide::Normal);
}

#[test]
fn rule_7_10_without_the_chits_colour_the_tile_cannot_be_enchanted() {
    let mut g = sorceror(1, json!([]));
    g.apply(S0, A::Proceed).unwrap();
    assert!(!g.legal_actions(S0).contains(&A::Enchant {
        chit: PURPLE,
        tile: true
    }));
    assert!(g
        .apply(
            S0,
            A::Enchant {
                chit: PURPLE,
                tile: true
            }
        )
        .is_err());
    assert_eq!(tile_side(&g), TileSide::Normal, "a refusal changes nothing");
}

#[test]
fn rule_6_1_2_and_7_10_on_day_21_purple_magic_turns_the_tile_and_pieces_keep_their_clearings() {
    let mut g = sorceror(21, json!([]));
    g.apply(S0, A::Proceed).unwrap();
    g.apply(
        S0,
        A::Enchant {
            chit: PURPLE,
            tile: true,
        },
    )
    .unwrap();
    assert_eq!(tile_side(&g), TileSide::Enchanted);
    assert_eq!(
        g.state().seats[0].chits[usize::from(PURPLE)],
        ChitStatus::Fresh,
        "the chit that enchants a tile stays in play"
    );
    let me: PieceId =
        serde_json::from_value(json!({"kind": "character", "id": "sorceror"})).unwrap();
    assert_eq!(
        g.state().piles.place_of(&me),
        Some(&Place::Clearing {
            at: ClearingRef::new(TileId::OakWoods, 2)
        })
    );
}

#[test]
fn rule_4_6_3_a_colour_chit_supplies_the_colour_then_fatigues() {
    let mut g = sorceror(1, json!([{"chit": SPARE, "status": "enchanted"}]));
    g.apply(S0, A::Proceed).unwrap();
    g.apply(
        S0,
        A::Enchant {
            chit: PURPLE,
            tile: true,
        },
    )
    .unwrap();
    assert_eq!(tile_side(&g), TileSide::Enchanted);
    assert_eq!(
        g.state().seats[0].chits[usize::from(SPARE)],
        ChitStatus::Fatigued
    );
}

#[test]
fn rule_6_1_2_day_7_supplies_white_and_black_only() {
    let mut g = sorceror(7, json!([]));
    g.apply(S0, A::Proceed).unwrap();
    assert!(
        !g.legal_actions(S0).contains(&A::Enchant {
            chit: PURPLE,
            tile: true
        }),
        "no Purple magic on day 7"
    );
}

#[test]
fn rule_6_1_2_the_daily_record_colours() {
    use tabletop_rules::magic_realm::catalog::common::MagicColor::*;
    let setup = &tabletop_rules::magic_realm::game::data()
        .unwrap()
        .setup_card
        .setup;
    assert_eq!(setup.seventh_day_colours(7, 28), vec![White, Black]);
    assert_eq!(setup.seventh_day_colours(14, 28), vec![Grey]);
    assert_eq!(setup.seventh_day_colours(21, 28), vec![Purple]);
    assert_eq!(setup.seventh_day_colours(28, 28), vec![Gold]);
    assert!(setup.seventh_day_colours(6, 28).is_empty());
    // Longer games: White on day 7 of the first month, Black on day 7 of the second.
    assert_eq!(setup.seventh_day_colours(7, 56), vec![White]);
    assert_eq!(setup.seventh_day_colours(35, 56), vec![Black]);
    assert_eq!(setup.seventh_day_colours(42, 56), vec![Grey]);
}
