//! Rule scenarios for belongings, horses and other extra phases (rules 4.3, 4.4.2 to
//! 4.4.4, 6.2.2c, 6.2.4, 7.2.2, 7.3.2, 9.3), each built from a scenario with forced dice
//! and named by its rule.

use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat, Seed, Session, Viewer};
use tabletop_rules::magic_realm::actions::{
    BelongingChange, MagicRealmAction as A, MagicRealmEvent as E,
};
use tabletop_rules::magic_realm::catalog::tiles::TileId;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::state::Activity;
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

fn at(tile: &str, clearing: u8) -> Value {
    json!({"tile": tile, "clearing": clearing})
}

fn id(p: &Value) -> PieceId {
    serde_json::from_value(p.clone()).unwrap()
}

fn weapon(name: &str) -> Value {
    json!({"kind": "weapon", "id": name, "n": 0})
}

fn horse(name: &str) -> Value {
    json!({"kind": "horse", "id": name})
}

fn treasure(name: &str) -> Value {
    json!({"kind": "treasure", "id": name})
}

fn mv(tile: &str, n: u8) -> Value {
    json!({"activity": "move", "to": at(tile, n)})
}

fn rearrange(p: &Value, change: BelongingChange) -> A {
    A::Rearrange {
        piece: id(p),
        change,
    }
}

fn details(events: &[Event<E>]) -> Vec<&E> {
    events.iter().map(|e| &e.detail).collect()
}

fn inactive(g: &Game, seat: Seat) -> Vec<PieceId> {
    g.state().seats[usize::from(seat.0)]
        .inactive
        .iter()
        .cloned()
        .collect()
}

fn place(g: &Game, p: &Value) -> Place {
    g.state().piles.place_of(&id(p)).cloned().unwrap()
}

fn records(g: &Game, seat: Seat) -> Vec<Activity> {
    g.legal_actions(seat)
        .into_iter()
        .filter_map(|a| match a {
            A::RecordActivity { activity } => Some(activity),
            _ => None,
        })
        .collect()
}

fn record(g: &mut Game, seat: Seat, acts: &[Activity]) {
    for a in acts {
        g.apply(
            seat,
            A::RecordActivity {
                activity: a.clone(),
            },
        )
        .expect("the activity can be recorded");
    }
}

fn moves(tile: TileId, a: u8, b: u8, n: usize) -> Vec<Activity> {
    (0..n)
        .map(|i| Activity::Move {
            to: ClearingRef::new(tile, if i % 2 == 0 { b } else { a }),
        })
        .collect()
}

#[test]
fn rule_4_3_6_only_one_weapon_is_active_at_a_time() {
    let broadsword = weapon("broadsword");
    let short = weapon("short-sword");
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "belongings": [{"piece": broadsword}, {"piece": short, "active": false}],
        "record": [{"activity": "hide"}]}],
        "at": "daylight", "dice": [1, 6]}),
    );
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&rearrange(&broadsword, BelongingChange::Deactivate)));
    assert!(
        !legal.contains(&rearrange(&short, BelongingChange::Activate)),
        "a second weapon cannot be activated"
    );
    assert!(g
        .apply(S0, rearrange(&short, BelongingChange::Activate))
        .is_err());
    assert_eq!(
        inactive(&g, S0),
        vec![id(&short)],
        "a refusal changes nothing"
    );
    g.apply(S0, rearrange(&broadsword, BelongingChange::Deactivate))
        .unwrap();
    assert!(g
        .legal_actions(S0)
        .contains(&rearrange(&short, BelongingChange::Activate)));
    g.apply(S0, rearrange(&short, BelongingChange::Activate))
        .unwrap();
    assert_eq!(inactive(&g, S0), vec![id(&broadsword)]);
}

#[test]
fn rule_7_2_2_rearranging_comes_before_the_activity_and_each_belonging_changes_once() {
    let broadsword = weapon("broadsword");
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "belongings": [{"piece": broadsword}],
        "record": [{"activity": "hide"}, {"activity": "hide"}]}],
        "at": "daylight", "dice": [1, 6, 6]}),
    );
    g.apply(S0, rearrange(&broadsword, BelongingChange::Deactivate))
        .unwrap();
    assert!(
        !g.legal_actions(S0)
            .contains(&rearrange(&broadsword, BelongingChange::Activate)),
        "changed once this phase"
    );
    assert_eq!(
        g.state().today.phase,
        0,
        "rearranging does not use the phase"
    );
    g.apply(S0, A::Proceed).unwrap();
    assert_eq!(g.state().today.phase, 1);
    assert!(
        g.legal_actions(S0)
            .contains(&rearrange(&broadsword, BelongingChange::Activate)),
        "a new phase, a new chance"
    );
}

#[test]
fn rule_4_3_4_an_abandoned_belonging_goes_under_the_pile_in_his_clearing() {
    let broadsword = weapon("broadsword");
    let short = weapon("short-sword");
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "belongings": [{"piece": broadsword}, {"piece": short, "active": false}],
        "record": [{"activity": "hide"}]}],
        "at": "daylight", "dice": [1, 6]}),
    );
    g.apply(S0, rearrange(&broadsword, BelongingChange::Abandon))
        .unwrap();
    g.apply(S0, rearrange(&short, BelongingChange::Abandon))
        .unwrap();
    let here = Place::Clearing {
        at: ClearingRef::new(TileId::OakWoods, 2),
    };
    let pile: Vec<PieceId> = g
        .state()
        .piles
        .pile(&here)
        .iter()
        .map(|c| c.piece.clone())
        .collect();
    assert_eq!(
        &pile[..2],
        &[id(&short), id(&broadsword)],
        "the later one goes under"
    );
    assert!(inactive(&g, S0).is_empty(), "nothing owned stays listed");
}

#[test]
fn rule_4_4_2_an_enchanted_card_cannot_be_deactivated() {
    let hoof = treasure("cloven-hoof");
    let g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "belongings": [{"piece": hoof, "facing": "up"}],
        "record": [{"activity": "hide"}]}],
        "at": "daylight", "dice": [1, 6]}),
    );
    let legal = g.legal_actions(S0);
    assert!(!legal.contains(&rearrange(&hoof, BelongingChange::Deactivate)));
    assert!(legal.contains(&rearrange(&hoof, BelongingChange::Abandon)));
}

#[test]
fn rule_4_4_4_boots_must_carry_him_and_everything_he_owns() {
    // The Swordsman is Light; Elven Slippers (L) cannot carry a Medium broadsword too.
    let slippers = treasure("elven-slippers");
    let g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "belongings": [{"piece": weapon("broadsword")}, {"piece": slippers, "active": false, "facing": "up"}],
        "record": [{"activity": "hide"}]}],
        "at": "daylight", "dice": [1, 6]}),
    );
    assert!(!g
        .legal_actions(S0)
        .contains(&rearrange(&slippers, BelongingChange::Activate)));
}

#[test]
fn rule_4_3_5_an_inactive_treasure_stays_secret_from_other_seats() {
    let g = start(json!({"seats": [
        {"character": "swordsman", "at": at("oak_woods", 2),
         "belongings": [{"piece": treasure("elven-slippers"), "active": false, "facing": "down"}]},
        {"character": "amazon", "at": at("oak_woods", 2)}]}));
    let other = g.view(Viewer::Seat { seat: S1 }).unwrap();
    assert!(
        other.seats[0].inactive.is_empty(),
        "the other seat cannot tell"
    );
    let own = g.view(Viewer::Seat { seat: S0 }).unwrap();
    assert_eq!(own.seats[0].inactive, vec![id(&treasure("elven-slippers"))]);
}

#[test]
fn rule_4_3_8_a_horse_cannot_be_activated_in_a_cave() {
    let h = horse("workhorse-t8-h6");
    let g = start(
        json!({"seats": [{"character": "swordsman", "at": at("cavern", 2),
        "belongings": [{"piece": h, "active": false}],
        "record": [{"activity": "hide"}]}],
        "at": "daylight", "dice": [1, 6]}),
    );
    assert!(!g
        .legal_actions(S0)
        .contains(&rearrange(&h, BelongingChange::Activate)));
}

#[test]
fn rule_4_3_8_a_horse_must_carry_its_rider_and_his_items() {
    // A Light workhorse cannot carry a rider who owns a Heavy suit of armor.
    let h = horse("workhorse-l5-l4");
    let g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "belongings": [{"piece": h, "active": false}, {"piece": {"kind": "armor", "id": "suit-of-armor", "n": 0}}],
        "record": [{"activity": "hide"}]}],
        "at": "daylight", "dice": [1, 6]}),
    );
    assert!(!g
        .legal_actions(S0)
        .contains(&rearrange(&h, BelongingChange::Activate)));
}

#[test]
fn rule_6_2_2_a_ridden_workhorse_gives_one_extra_move() {
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "belongings": [{"piece": horse("workhorse-t8-h6")}]}]}),
    );
    record(&mut g, S0, &vec![Activity::Hide; 4]);
    assert!(!records(&g, S0).contains(&Activity::Hide));
    let extra = records(&g, S0);
    assert!(
        extra.iter().any(|a| matches!(a, Activity::Move { .. })),
        "a fifth phase, for a Move only"
    );
}

#[test]
fn rule_6_2_2_a_led_horse_gives_no_extra_phase() {
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "belongings": [{"piece": horse("workhorse-t8-h6"), "active": false}]}]}),
    );
    record(&mut g, S0, &vec![Activity::Hide; 4]);
    assert!(records(&g, S0).is_empty());
}

#[test]
fn rule_7_3_2_a_pony_move_must_follow_a_move_of_another_source() {
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "belongings": [{"piece": horse("pony-m5-m4")}]}]}),
    );
    record(&mut g, S0, &vec![Activity::Hide; 3]);
    record(&mut g, S0, &moves(TileId::OakWoods, 2, 4, 2));
    assert!(
        records(&g, S0).is_empty(),
        "the pony's Move followed the fourth phase; a third Move has no source"
    );
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "belongings": [{"piece": horse("pony-m5-m4")}]}]}),
    );
    record(&mut g, S0, &moves(TileId::OakWoods, 2, 4, 8));
    assert!(
        records(&g, S0).is_empty(),
        "eight Moves: four phases, each doubled"
    );
}

#[test]
fn rule_7_3_2_the_horses_move_needs_the_horse_active_since_the_phase_began() {
    let h = horse("workhorse-t8-h6");
    let five: Vec<Value> = (0..5)
        .map(|i| {
            if i % 2 == 0 {
                mv("oak_woods", 4)
            } else {
                mv("oak_woods", 2)
            }
        })
        .collect();
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "hidden": false, "belongings": [{"piece": h}], "record": five}],
        "at": "daylight", "dice": [1]}),
    );
    for _ in 0..4 {
        g.apply(S0, A::Proceed).unwrap();
    }
    assert_eq!(g.state().seats[0].record.horse_phases, vec![4]);
    g.apply(S0, rearrange(&h, BelongingChange::Deactivate))
        .unwrap();
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::PhaseCancelled { reason, .. } if reason.contains("7.3.2"))));
    assert_eq!(
        place(&g, &json!({"kind": "character", "id": "swordsman"})),
        Place::Clearing {
            at: ClearingRef::new(TileId::OakWoods, 2)
        },
        "the fifth Move did not happen"
    );
}

#[test]
fn rule_7_3_2_an_active_horse_entering_a_cave_is_deactivated() {
    let h = horse("workhorse-t8-h6");
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("borderland", 1),
        "hidden": false, "belongings": [{"piece": h}], "record": [mv("borderland", 6)]}],
        "at": "daylight", "dice": [1]}),
    );
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&ev).iter().any(|d| matches!(
        d,
        E::BelongingRearranged {
            change: BelongingChange::Deactivate,
            ..
        }
    )));
    assert_eq!(inactive(&g, S0), vec![id(&h)]);
}

#[test]
fn rule_7_3_2_a_horse_carries_items_too_heavy_for_his_move_chits() {
    let armor = json!({"kind": "armor", "id": "suit-of-armor", "n": 0});
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "belongings": [{"piece": horse("workhorse-t8-h6"), "active": false}, {"piece": armor}],
        "record": [mv("oak_woods", 4)]}],
        "at": "daylight", "dice": [1]}),
    );
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(!details(&ev)
        .iter()
        .any(|d| matches!(d, E::ItemsAbandoned { .. })));
    assert!(
        matches!(place(&g, &armor), Place::Belongings { .. }),
        "a pack horse carries it"
    );
}

fn hides(n: usize) -> Value {
    json!(vec![json!({"activity": "hide"}); n])
}

#[test]
fn rule_6_2_2_the_captains_reputation_gives_a_fifth_phase() {
    let mut g = start(json!({"seats": [{"character": "captain", "at": at("oak_woods", 2)}]}));
    record(&mut g, S0, &vec![Activity::Hide; 5]);
    assert!(records(&g, S0).is_empty());
}

#[test]
fn rule_6_2_4_the_reputation_phase_must_begin_at_a_dwelling() {
    // Away from any Dwelling, the fifth Hide is cancelled.
    let mut g = start(
        json!({"seats": [{"character": "captain", "at": at("oak_woods", 2),
        "record": hides(5)}], "at": "daylight", "dice": [1, 6, 6, 6, 6, 6, 6, 6, 6]}),
    );
    assert_eq!(g.state().seats[0].record.dwelling_phase, Some(4));
    let mut cancelled = false;
    for _ in 0..5 {
        let ev = g.apply(S0, A::Proceed).unwrap();
        cancelled |= details(&ev).iter().any(
            |d| matches!(d, E::PhaseCancelled { reason, .. } if reason.contains("Reputation")),
        );
    }
    assert!(cancelled);
    // At the Inn, the first phase is the Reputation's and nothing is cancelled.
    let mut g = start(
        json!({"seats": [{"character": "captain", "at": at("oak_woods", 2),
        "record": hides(5)}],
        "pieces": [{"piece": {"kind": "dwelling", "id": "inn"},
                    "place": {"place": "clearing", "at": at("oak_woods", 2)}}],
        "at": "daylight", "dice": [1, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6]}),
    );
    assert_eq!(g.state().seats[0].record.dwelling_phase, Some(0));
    for _ in 0..5 {
        let ev = g.apply(S0, A::Proceed).unwrap();
        assert!(!details(&ev)
            .iter()
            .any(|d| matches!(d, E::PhaseCancelled { .. })));
    }
}
