//! Rule scenarios for the Follow activity (rules 6.2.7, 7.11, and 7.12 for followers), each
//! built from a scenario with forced dice and named by its rule.

use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat, Seed, Session, ToAct};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
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

fn where_is(g: &Game, character: &str) -> Place {
    let id: PieceId =
        serde_json::from_value(json!({"kind": "character", "id": character})).unwrap();
    g.state().piles.place_of(&id).cloned().unwrap()
}

fn clearing(tile: TileId, n: u8) -> Place {
    Place::Clearing {
        at: ClearingRef::new(tile, n),
    }
}

fn to_act(g: &Game) -> Vec<Seat> {
    match g.to_act() {
        ToAct::Seats { seats } => seats,
        ToAct::GameOver { .. } => Vec::new(),
    }
}

fn details(events: &[Event<E>]) -> Vec<&E> {
    events.iter().map(|e| &e.detail).collect()
}

/// The Swordsman (seat 1) follows the Amazon (seat 0) in Oak Woods 2.
fn pair(guide_record: Value, pieces: Value, dice: Value) -> Game {
    start(json!({"seats": [
        {"character": "amazon", "at": at("oak_woods", 2), "record": guide_record},
        {"character": "swordsman", "at": at("oak_woods", 2),
         "record": [{"activity": "follow", "guide": 0}]}],
        "pieces": pieces, "at": "daylight", "dice": dice}))
}

#[test]
fn rule_6_2_7_follow_is_recorded_alone_behind_a_character_in_his_clearing() {
    let mut g = start(json!({"seats": [
        {"character": "amazon", "at": at("oak_woods", 2)},
        {"character": "swordsman", "at": at("oak_woods", 2)},
        {"character": "dwarf", "at": at("oak_woods", 4)}]}));
    let follow = Activity::Follow { guide: S0 };
    let legal = g.legal_actions(S1);
    assert!(legal.contains(&A::RecordActivity {
        activity: follow.clone()
    }));
    assert!(
        !legal.contains(&A::RecordActivity {
            activity: Activity::Follow { guide: Seat(2) }
        }),
        "the Dwarf is in another clearing"
    );
    g.apply(S1, A::RecordActivity { activity: follow }).unwrap();
    assert!(
        !g.legal_actions(S1)
            .iter()
            .any(|a| matches!(a, A::RecordActivity { .. })),
        "nothing else is recorded with a Follow"
    );
    g.apply(S1, A::TakeBackActivity).unwrap();
    g.apply(
        S1,
        A::RecordActivity {
            activity: Activity::Hide,
        },
    )
    .unwrap();
    assert!(
        !g.legal_actions(S1).contains(&A::RecordActivity {
            activity: Activity::Follow { guide: S0 }
        }),
        "no Follow after another activity"
    );
}

#[test]
fn rule_7_11_followers_are_revealed_and_take_no_turn_of_their_own() {
    let g = pair(json!([{"activity": "hide"}]), json!([]), json!([1, 6, 6]));
    assert_eq!(
        g.state().today.order,
        vec![tabletop_rules::magic_realm::state::Turner::Character(S0)]
    );
    assert_eq!(
        g.state().today.following.get(&S1),
        Some(&tabletop_rules::magic_realm::day::following::Guide::character(S0))
    );
}

#[test]
fn rule_6_3_2_a_followers_counter_is_off_the_map_with_his_guides_belongings() {
    use tabletop_rules::engine::Viewer;
    use tabletop_rules::magic_realm::view::SeenPiece;
    let swordsman: PieceId =
        serde_json::from_value(json!({"kind": "character", "id": "swordsman"})).unwrap();
    let is_swordsman =
        |s: &SeenPiece| matches!(s, SeenPiece::Known { piece, .. } if *piece == swordsman);
    let mut g = pair(
        json!([{"activity": "move", "to": at("oak_woods", 4)}]),
        json!([]),
        json!([1]),
    );
    for viewer in [
        Viewer::Omniscient,
        Viewer::Seat { seat: S0 },
        Viewer::Spectator,
    ] {
        let v = g.view(viewer).unwrap();
        let with: Vec<&Place> = v
            .piles
            .iter()
            .filter(|p| p.pieces.iter().any(is_swordsman))
            .map(|p| &p.place)
            .collect();
        let amazon = serde_json::from_value(json!("amazon")).unwrap();
        assert_eq!(
            with,
            vec![&Place::Belongings { character: amazon }],
            "6.3.2: removed from the map, put with the Amazon's belongings"
        );
    }
    // Once he stops following, his counter is back in the clearing.
    g.apply(S1, A::StopFollowing).unwrap();
    let v = g.view(Viewer::Omniscient).unwrap();
    assert!(v
        .piles
        .iter()
        .any(|p| p.place == clearing(TileId::OakWoods, 2) && p.pieces.iter().any(is_swordsman)));
}

#[test]
fn rule_7_11a_a_follower_moves_with_the_guide() {
    let mut g = pair(
        json!([{"activity": "move", "to": at("oak_woods", 4)}]),
        json!([]),
        json!([1]),
    );
    assert_eq!(
        to_act(&g),
        vec![S1],
        "the follower decides as the guide starts"
    );
    assert_eq!(
        g.legal_actions(S1),
        vec![A::KeepFollowing, A::StopFollowing]
    );
    assert!(g.legal_actions(S0).is_empty());
    g.apply(S1, A::KeepFollowing).unwrap();
    // 7.2.2: he may rearrange as his guide begins the phase.
    g.apply(S1, A::Proceed).unwrap();
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert_eq!(where_is(&g, "amazon"), clearing(TileId::OakWoods, 4));
    assert_eq!(where_is(&g, "swordsman"), clearing(TileId::OakWoods, 4));
    assert!(
        details(&ev)
            .iter()
            .any(|d| matches!(d, E::TurnEnds { seat } if *seat == S1)),
        "the follower's turn ends with the guide's"
    );
}

#[test]
fn rule_7_11_a_follower_who_stops_stays_where_the_phase_began_and_his_turn_ends() {
    let mut g = pair(
        json!([{"activity": "move", "to": at("oak_woods", 4)}]),
        json!([]),
        json!([1]),
    );
    g.apply(S1, A::StopFollowing).unwrap();
    assert!(g.state().today.following.is_empty());
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert_eq!(where_is(&g, "swordsman"), clearing(TileId::OakWoods, 2));
    assert_eq!(where_is(&g, "amazon"), clearing(TileId::OakWoods, 4));
    let ends: Vec<Seat> = details(&ev)
        .iter()
        .filter_map(|d| match d {
            E::TurnEnds { seat } => Some(*seat),
            _ => None,
        })
        .collect();
    assert_eq!(
        ends,
        vec![S1, S0],
        "the ex-follower ends at the end of that phase"
    );
}

#[test]
fn rule_7_11b_the_guides_hide_result_applies_to_his_followers() {
    let mut g = pair(json!([{"activity": "hide"}]), json!([]), json!([1, 5, 2]));
    g.apply(S1, A::KeepFollowing).unwrap();
    g.apply(S1, A::Proceed).unwrap();
    g.apply(S0, A::Proceed).unwrap();
    assert!(g.state().seats[0].hidden);
    assert!(
        g.state().seats[1].hidden,
        "no roll of his own: the guide's result"
    );
}

#[test]
fn rule_7_11f_a_following_character_may_share_the_guides_rest() {
    let mut g = start(json!({"seats": [
        {"character": "amazon", "at": at("oak_woods", 2), "record": [{"activity": "rest"}],
         "chits": [{"chit": 0, "status": "fatigued"}]},
        {"character": "swordsman", "at": at("oak_woods", 2),
         "chits": [{"chit": 0, "status": "fatigued"}],
         "record": [{"activity": "follow", "guide": 0}]}],
        "at": "daylight", "dice": [1]}));
    g.apply(S1, A::KeepFollowing).unwrap();
    g.apply(S1, A::Proceed).unwrap();
    let rest = g
        .legal_actions(S0)
        .into_iter()
        .find(|a| matches!(a, A::Rest { .. }))
        .expect("the guide rests");
    g.apply(S0, rest).unwrap();
    assert_eq!(to_act(&g), vec![S1], "the follower may rest too");
    let legal = g.legal_actions(S1);
    assert!(legal.contains(&A::SkipSharing));
    let rest = legal
        .into_iter()
        .find(|a| matches!(a, A::Rest { .. }))
        .expect("a Rest is offered");
    g.apply(S1, rest).unwrap();
    assert_ne!(
        g.state().seats[1].chits[0],
        tabletop_rules::magic_realm::state::ChitStatus::Fatigued,
        "his fatigued chit is rested"
    );
}

#[test]
fn rule_7_12_individuals_cannot_be_blocked_while_following() {
    let bat = json!({"piece": {"kind": "monster", "id": "giant-bat", "n": 0},
        "place": {"place": "clearing", "at": at("oak_woods", 2)}});
    let mut g = start(json!({"seats": [
        {"character": "amazon", "at": at("oak_woods", 2), "hidden": false,
         "record": [{"activity": "hide"}, {"activity": "hide"}]},
        {"character": "swordsman", "at": at("oak_woods", 2), "hidden": false,
         "record": [{"activity": "follow", "guide": 0}]}],
        "pieces": [bat], "at": "daylight", "dice": [1, 6, 6]}));
    g.apply(S1, A::KeepFollowing).unwrap();
    g.apply(S1, A::Proceed).unwrap();
    let ev = g.apply(S0, A::Proceed).unwrap();
    let blocked: Vec<Seat> = details(&ev)
        .iter()
        .filter_map(|d| match d {
            E::Blocked { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect();
    assert_eq!(
        blocked,
        vec![S0],
        "the unhidden guide is blocked, his follower is not"
    );
}
