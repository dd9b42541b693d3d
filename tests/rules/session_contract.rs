//! The session contract (DESIGN.md "The engine contract"), shown on the example game:
//! undo and its refusals, saved games and their refusals, scenarios with forced dice, and
//! events scoped to who may see them.

use tabletop_rules::bidding_race::{
    BiddingRace, PhaseView, RaceAction, RaceEvent, RaceScenario, RaceSetup, RacerStart,
};
use tabletop_rules::engine::{ErrorCode, Seat, Seed, Session, ToAct, Viewer, SCHEMA_VERSION};

type Race = Session<BiddingRace>;

fn two_player_race() -> Race {
    Race::new(
        RaceSetup {
            players: 2,
            goal: 10,
            max_rounds: 5,
        },
        Seed(9),
    )
    .unwrap()
}

fn scenario(forced: Vec<u8>) -> Race {
    Race::from_scenario(
        RaceScenario {
            goal: 12,
            max_rounds: 3,
            round: 2,
            racers: vec![
                RacerStart {
                    position: 4,
                    energy: 5,
                },
                RacerStart {
                    position: 1,
                    energy: 1,
                },
            ],
            forced_dice: forced,
        },
        Seed(1),
    )
    .unwrap()
}

const A: Seat = Seat(0);
const B: Seat = Seat(1);

#[test]
fn simultaneous_bids_both_seats_are_to_act() {
    let race = two_player_race();
    assert_eq!(race.to_act(), ToAct::Seats { seats: vec![A, B] });
    assert_eq!(race.legal_actions(A).len(), 4, "bids 0 to 3");
}

#[test]
fn undo_takes_back_a_secret_bid() {
    let mut race = two_player_race();
    let fresh = race.clone();
    race.apply(A, RaceAction::Bid { amount: 2 }).unwrap();
    assert_eq!(race.to_act(), ToAct::Seats { seats: vec![B] });
    race.undo().unwrap();
    assert_eq!(race, fresh);
}

#[test]
fn undo_is_refused_past_a_reveal_and_with_nothing_to_undo() {
    let mut race = two_player_race();
    let err = race.undo().unwrap_err();
    assert_eq!(err.code(), ErrorCode::UndoRefused);
    assert!(err.message().contains("nothing to undo"));
    race.apply(A, RaceAction::Bid { amount: 1 }).unwrap();
    race.apply(B, RaceAction::Bid { amount: 2 }).unwrap(); // the bids are revealed
    let before = race.clone();
    let err = race.undo().unwrap_err();
    assert_eq!(err.code(), ErrorCode::UndoRefused);
    assert!(err.message().contains("revealed"), "{err}");
    assert_eq!(race, before, "a refused undo changes nothing");
}

#[test]
fn undo_is_refused_after_a_die_roll() {
    let mut race = scenario(vec![5]);
    race.apply(A, RaceAction::Bid { amount: 3 }).unwrap();
    race.apply(B, RaceAction::Bid { amount: 1 }).unwrap();
    race.apply(A, RaceAction::Roll).unwrap();
    assert_eq!(race.undo().unwrap_err().code(), ErrorCode::UndoRefused);
}

#[test]
fn br_4_forced_die_decides_the_sprint() {
    let mut race = scenario(vec![5]);
    race.apply(A, RaceAction::Bid { amount: 3 }).unwrap();
    race.apply(B, RaceAction::Bid { amount: 1 }).unwrap();
    assert_eq!(
        race.view(Viewer::Spectator).unwrap().phase,
        PhaseView::Sprint { seat: A }
    );
    let events = race.apply(A, RaceAction::Roll).unwrap();
    let rolled = events
        .iter()
        .find_map(|e| match &e.detail {
            RaceEvent::SprintRolled { roll, .. } => Some(roll.clone()),
            _ => None,
        })
        .expect("a sprint roll event");
    assert_eq!(rolled.dice, vec![5]);
    assert_eq!(rolled.table, "sprint");
    // 4 + bid 3 + roll 5 = 12 reaches the goal: the race ends with seat 0 winning.
    assert_eq!(
        race.view(Viewer::Omniscient).unwrap().racers[0].position,
        12
    );
    match race.to_act() {
        ToAct::GameOver { outcome } => assert_eq!(outcome.winners, vec![A]),
        other => panic!("expected the end, got {other:?}"),
    }
    assert_eq!(
        race.apply(A, RaceAction::Roll).unwrap_err().code(),
        ErrorCode::GameOver
    );
}

#[test]
fn br_3_a_racer_limited_by_energy_and_resting() {
    let mut race = scenario(vec![]);
    assert_eq!(
        race.legal_actions(B),
        vec![RaceAction::Bid { amount: 0 }, RaceAction::Bid { amount: 1 }]
    );
    let err = race.apply(B, RaceAction::Bid { amount: 2 }).unwrap_err();
    assert_eq!(err.code(), ErrorCode::IllegalAction);
    assert!(
        err.message().contains("allowed"),
        "the message lists what is allowed: {err}"
    );
    race.apply(B, RaceAction::Bid { amount: 0 }).unwrap();
    race.apply(A, RaceAction::Bid { amount: 2 }).unwrap();
    race.apply(A, RaceAction::Stand).unwrap();
    let view = race.view(Viewer::Spectator).unwrap();
    assert_eq!(view.racers[1].energy, 3, "resting regains 2 energy");
    assert_eq!(view.racers[0].position, 4 + 2 + 1);
    assert_eq!(view.round, 3);
}

#[test]
fn events_returned_by_apply_are_those_the_actor_may_see() {
    let mut race = two_player_race();
    let events = race.apply(A, RaceAction::Bid { amount: 3 }).unwrap();
    assert!(events
        .iter()
        .any(|e| e.detail == RaceEvent::BidChosen { seat: A, amount: 3 }));
    let b_log = race.log(Viewer::Seat { seat: B }).unwrap();
    assert!(
        b_log
            .iter()
            .all(|e| !matches!(e.detail, RaceEvent::BidChosen { .. })),
        "seat 1 never sees seat 0's bid before the reveal"
    );
    assert!(b_log
        .iter()
        .any(|e| e.detail == RaceEvent::BidRecorded { seat: A }));
    assert!(b_log.iter().all(|e| e.rule.0 == "BR 2"));
    assert_eq!(
        race.view(Viewer::Seat { seat: B }).unwrap().racers[0].bid,
        None
    );
    assert_eq!(
        race.view(Viewer::Seat { seat: A }).unwrap().racers[0].bid,
        Some(3)
    );
}

#[test]
fn log_since_a_cursor_gives_the_later_entries_each_viewer_may_see() {
    let mut race = two_player_race();
    race.apply(A, RaceAction::Bid { amount: 3 }).unwrap();
    let cursor = race.log_len();
    assert_eq!(cursor, race.log(Viewer::Omniscient).unwrap().len());
    race.apply(B, RaceAction::Bid { amount: 1 }).unwrap();
    assert!(race.log_len() > cursor, "the reveal adds entries");
    for viewer in [
        Viewer::Seat { seat: A },
        Viewer::Seat { seat: B },
        Viewer::Spectator,
        Viewer::Omniscient,
    ] {
        let expected: Vec<_> = race.log(Viewer::Omniscient).unwrap()[cursor..]
            .iter()
            .filter(|e| e.visibility.visible_to(viewer))
            .cloned()
            .collect();
        assert!(!expected.is_empty());
        assert_eq!(
            race.log_since(viewer, cursor).unwrap(),
            expected,
            "{viewer:?}: the entries after the cursor, filtered for the viewer"
        );
    }
    assert!(
        race.log_since(Viewer::Seat { seat: B }, 0)
            .unwrap()
            .iter()
            .all(|e| !matches!(e.detail, RaceEvent::BidChosen { seat: A, .. })),
        "a cursor of 0 is the whole log, with the same hiding"
    );
    assert_eq!(race.log_since(Viewer::Omniscient, 999).unwrap(), vec![]);
    assert_eq!(
        race.log_since(Viewer::Seat { seat: Seat(7) }, 0)
            .unwrap_err()
            .code(),
        ErrorCode::UnknownSeat
    );
}

#[test]
fn save_load_round_trip_and_refusals() {
    let mut race = two_player_race();
    race.apply(A, RaceAction::Bid { amount: 1 }).unwrap();
    let text = race.save_json().unwrap();
    assert_eq!(Race::load_json(&text).unwrap(), race);
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["schemaVersion"], SCHEMA_VERSION);
    assert_eq!(value["game"], "bidding-race");
    assert_eq!(value["seed"], "9");
    assert_eq!(value["setup"]["from"], "setup");
    assert_eq!(value["actions"][0]["action"]["type"], "Bid");

    let mut newer = value.clone();
    newer["schemaVersion"] = serde_json::json!(SCHEMA_VERSION + 1);
    let err = Race::load_json(&newer.to_string()).unwrap_err();
    assert_eq!(err.code(), ErrorCode::BadSave);
    assert!(err.message().contains("newer"), "{err}");

    let mut other = value.clone();
    other["game"] = serde_json::json!("magic-realm");
    assert_eq!(
        Race::load_json(&other.to_string()).unwrap_err().code(),
        ErrorCode::BadSave
    );

    // Seat 0 bidding twice in one round: the second action does not replay.
    let mut twice = value.clone();
    let first = value["actions"][0].clone();
    twice["actions"] = serde_json::json!([first.clone(), first]);
    let err = Race::load_json(&twice.to_string()).unwrap_err();
    assert_eq!(err.code(), ErrorCode::BadSave);
    assert!(
        err.message().contains("action 2"),
        "names the action that fails: {err}"
    );

    for garbage in ["", "{}", "[1,2", "{\"schemaVersion\":1}"] {
        assert_eq!(
            Race::load_json(garbage).unwrap_err().code(),
            ErrorCode::BadSave,
            "{garbage}"
        );
    }
}

#[test]
fn a_save_that_stops_replaying_loads_up_to_the_action_that_fails() {
    let mut race = two_player_race();
    race.apply(A, RaceAction::Bid { amount: 1 }).unwrap();
    race.apply(B, RaceAction::Bid { amount: 2 }).unwrap();
    let after_two = race.clone();
    let next = race.to_act().seats()[0];
    let action = race.legal_actions(next)[0];
    race.apply(next, action).unwrap();
    let mut saved = race.save();
    // As if a later engine refused the third action and everything after it: the seat
    // that bid last bids again at once.
    let refused = saved.actions[1].clone();
    saved.actions.insert(2, refused);
    assert_eq!(
        Race::load(saved.clone()).unwrap_err().code(),
        ErrorCode::BadSave,
        "a strict load refuses it"
    );
    let (loaded, stop) = Race::load_prefix(saved.clone()).unwrap();
    assert_eq!(
        loaded, after_two,
        "the game as it stood before the action that fails"
    );
    let stop = stop.expect("the replay stopped early");
    assert_eq!(stop.replayed, 2);
    assert_eq!(stop.error.code(), ErrorCode::BadSave);
    assert!(stop.error.message().contains("action 3"), "{}", stop.error);

    // A save that replays whole reports no stop; one that cannot start is still refused.
    let (whole, none) = Race::load_prefix(race.save()).unwrap();
    assert_eq!(whole, race);
    assert_eq!(none, None);
    saved.schema_version = SCHEMA_VERSION + 1;
    assert_eq!(
        Race::load_prefix(saved).unwrap_err().code(),
        ErrorCode::BadSave
    );
}

#[test]
fn scenario_refusals_say_what_is_wrong() {
    let bad = RaceScenario {
        goal: 10,
        max_rounds: 3,
        round: 1,
        racers: vec![
            RacerStart {
                position: 10,
                energy: 1,
            },
            RacerStart {
                position: 0,
                energy: 1,
            },
        ],
        forced_dice: vec![],
    };
    let err = Race::from_scenario(bad.clone(), Seed(1)).unwrap_err();
    assert_eq!(err.code(), ErrorCode::BadScenario);
    assert!(err.message().contains("racer 0's position"), "{err}");
    let dice = RaceScenario {
        forced_dice: vec![7],
        racers: vec![
            RacerStart {
                position: 0,
                energy: 1
            };
            2
        ],
        ..bad
    };
    assert_eq!(
        Race::from_scenario(dice, Seed(1)).unwrap_err().code(),
        ErrorCode::BadScenario
    );
    let setup = Race::new(
        RaceSetup {
            players: 7,
            goal: 10,
            max_rounds: 3,
        },
        Seed(1),
    )
    .unwrap_err();
    assert_eq!(setup.code(), ErrorCode::BadSetup);
}

#[test]
fn a_scenario_game_saves_and_replays_with_its_forced_dice() {
    let mut race = scenario(vec![2]);
    race.apply(A, RaceAction::Bid { amount: 3 }).unwrap();
    race.apply(B, RaceAction::Bid { amount: 0 }).unwrap();
    race.apply(A, RaceAction::Roll).unwrap();
    let loaded = Race::load_json(&race.save_json().unwrap()).unwrap();
    assert_eq!(loaded, race);
    assert_eq!(
        loaded.view(Viewer::Spectator).unwrap().racers[0].position,
        4 + 3 + 2
    );
}

#[test]
fn same_seed_same_game() {
    let play = || {
        let mut race = two_player_race();
        race.apply(A, RaceAction::Bid { amount: 3 }).unwrap();
        race.apply(B, RaceAction::Bid { amount: 1 }).unwrap();
        race.apply(A, RaceAction::Roll).unwrap();
        race.log(Viewer::Omniscient).unwrap()
    };
    assert_eq!(play(), play());
}
