//! Rule scenarios for mission and campaign chits (rule 7.2.4), built from scenarios and
//! named by rule.

use crate::evening_common::pass_evening;

use serde_json::{json, Value};
use tabletop_rules::engine::{Seat, Seed, Session};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::chits::DwellingId;
use tabletop_rules::magic_realm::catalog::tiles::TileId;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place, VisitorChitId};
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::MagicRealm;

type Game = Session<MagicRealm>;
const S0: Seat = Seat(0);

fn start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(11)).expect("the scenario starts");
    crate::daylight_common::take_kept_turns(&mut g);
    g
}

fn food_ale() -> VisitorChitId {
    VisitorChitId("warlock-food-ale".into())
}

/// The Inn in Oak Woods 4, one road from Oak Woods 2; the House in the Borderland.
fn inn_and_neighbour() -> (ClearingRef, ClearingRef) {
    (
        ClearingRef::new(TileId::OakWoods, 4),
        ClearingRef::new(TileId::OakWoods, 2),
    )
}

/// The Swordsman with the Food/Ale chit (its dark face) in his clearing `from`, recording
/// a Move to `to`.
fn carrier(from: ClearingRef, to: ClearingRef, notoriety: i32, days: u8) -> Game {
    let (inn, _) = inn_and_neighbour();
    start(
        json!({"seats": [{"character": "swordsman", "at": from, "notoriety": notoriety,
        "record": [{"activity": "move", "to": to}]}],
        "pieces": [{"piece": {"kind": "visitor_chit", "id": "warlock-food-ale"},
                    "place": {"place": "clearing", "at": from}, "facing": "dark"},
                   {"piece": {"kind": "dwelling", "id": "inn"}, "place": {"place": "clearing", "at": inn}},
                   {"piece": {"kind": "dwelling", "id": "house"},
                    "place": {"place": "clearing", "at": {"tile": "borderland", "clearing": 1}}}],
        "days": days, "at": "daylight", "dice": [1]}),
    )
}

#[test]
fn rule_7_2_4_taking_a_mission_costs_five_notoriety_and_delivering_it_pays_two_gold_a_clearing() {
    let (inn, next) = inn_and_neighbour();
    let mut g = carrier(next, inn, 7, 28);
    let take = A::TakeChit { chit: food_ale() };
    assert!(g.legal_actions(S0).contains(&take));
    g.apply(S0, take).unwrap();
    assert_eq!(g.state().seats[0].notoriety, 2);
    let task = g.state().seats[0].tasks[0].clone();
    assert_eq!(task.destination, Some(DwellingId::Inn));
    assert_eq!(task.reward, 2, "one clearing to the Inn");
    assert_eq!(task.until, Some(14), "14 days counting the day taken");
    let gold = g.state().seats[0].gold;
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e.detail,
        E::TaskEnded {
            completed: true,
            ..
        }
    )));
    assert_eq!(g.state().seats[0].gold, gold + 2);
    assert_eq!(g.state().seats[0].notoriety, 7, "the cost comes back");
    assert_eq!(
        g.state()
            .piles
            .place_of(&PieceId::VisitorChit { id: food_ale() }),
        Some(&Place::Clearing { at: inn }),
        "the chit is put at the Dwelling"
    );
}

#[test]
fn rule_7_2_4_food_ale_taken_at_the_inn_goes_to_the_house() {
    let (inn, next) = inn_and_neighbour();
    let mut g = carrier(inn, next, 5, 28);
    g.apply(S0, A::TakeChit { chit: food_ale() }).unwrap();
    assert_eq!(
        g.state().seats[0].tasks[0].destination,
        Some(DwellingId::House)
    );
}

#[test]
fn rule_7_2_4_no_chit_without_the_fame_or_notoriety_to_pay_for_it() {
    let (inn, next) = inn_and_neighbour();
    let mut g = carrier(next, inn, 4, 28);
    let take = A::TakeChit { chit: food_ale() };
    assert!(!g.legal_actions(S0).contains(&take));
    assert!(g.apply(S0, take).is_err());
    assert!(
        g.state().seats[0].tasks.is_empty(),
        "a refusal changes nothing"
    );
}

#[test]
fn rule_7_2_4_a_mission_unfinished_at_the_end_of_the_game_costs_its_price_again() {
    let (inn, next) = inn_and_neighbour();
    // A one-day game; he takes the chit and moves away from the Inn.
    let mut g = carrier(inn, next, 10, 1);
    g.apply(S0, A::TakeChit { chit: food_ale() }).unwrap();
    assert_eq!(g.state().seats[0].notoriety, 5);
    g.apply(S0, A::Proceed).unwrap();
    let ev = pass_evening(&mut g);
    assert!(ev.iter().any(|e| matches!(
        e.detail,
        E::TaskEnded {
            completed: false,
            ..
        }
    )));
    assert_eq!(g.state().seats[0].notoriety, 0, "paid twice");
}

#[test]
fn rule_7_2_4_a_mission_chit_cannot_be_abandoned_by_rearranging() {
    let (inn, next) = inn_and_neighbour();
    let mut g = carrier(next, inn, 7, 28);
    g.apply(S0, A::TakeChit { chit: food_ale() }).unwrap();
    assert!(!g.legal_actions(S0).iter().any(|a| matches!(
        a,
        A::Rearrange {
            piece: PieceId::VisitorChit { .. },
            ..
        }
    )));
}

#[test]
fn rule_7_2_4_a_campaign_needs_a_foe_on_the_map() {
    // The Quest's foes are the Dragons; with every Dragon on the Setup Card it cannot be
    // taken.
    let g = start(
        json!({"seats": [{"character": "swordsman", "at": {"tile": "oak_woods", "clearing": 2},
        "notoriety": 30, "record": [{"activity": "hide"}]}],
        "pieces": [{"piece": {"kind": "visitor_chit", "id": "revolt-quest"},
                    "place": {"place": "clearing", "at": {"tile": "oak_woods", "clearing": 2}}, "facing": "dark"}],
        "at": "daylight", "dice": [1, 6, 6]}),
    );
    assert!(!g.legal_actions(S0).contains(&A::TakeChit {
        chit: VisitorChitId("revolt-quest".into())
    }));
    let g = start(
        json!({"seats": [{"character": "swordsman", "at": {"tile": "oak_woods", "clearing": 2},
        "notoriety": 30, "record": [{"activity": "hide"}]}],
        "pieces": [{"piece": {"kind": "visitor_chit", "id": "revolt-quest"},
                    "place": {"place": "clearing", "at": {"tile": "oak_woods", "clearing": 2}}, "facing": "dark"},
                   {"piece": {"kind": "monster", "id": "t-dragon", "n": 0},
                    "place": {"place": "clearing", "at": {"tile": "cavern", "clearing": 1}}}],
        "at": "daylight", "dice": [1, 6, 6]}),
    );
    assert!(g.legal_actions(S0).contains(&A::TakeChit {
        chit: VisitorChitId("revolt-quest".into())
    }));
}
