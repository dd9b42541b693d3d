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
    let compact: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(compact["moves"].is_string(), "the compact form: {compact}");
    assert!(compact.get("actions").is_none());
    assert_eq!(compact["actionCount"], 1);
    let value = serde_json::to_value(race.save_readable().unwrap()).unwrap();
    assert_eq!(Race::load_json(&value.to_string()).unwrap(), race);
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
    let mut saved = race.save_readable().unwrap();
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
    let (whole, none) = Race::load_prefix(race.save().unwrap()).unwrap();
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

/// A save says how many actions it holds and digests the position they reach, so a save
/// that was cut short, added to or edited is refused by `load` and recovered by `loadPrefix`.
#[test]
fn a_cut_or_edited_save_is_refused_and_what_replays_is_recovered() {
    let mut race = two_player_race();
    race.apply(A, RaceAction::Bid { amount: 1 }).unwrap();
    race.apply(B, RaceAction::Bid { amount: 2 }).unwrap();
    let after_one = {
        let mut r = two_player_race();
        r.apply(A, RaceAction::Bid { amount: 1 }).unwrap();
        r
    };

    // One action dropped.
    let mut cut = race.save_readable().unwrap();
    cut.actions.pop();
    let err = Race::load(cut.clone()).unwrap_err();
    assert_eq!(err.code(), ErrorCode::BadSave);
    assert!(err.message().contains("cut short"), "{err}");
    let (loaded, stop) = Race::load_prefix(cut).unwrap();
    assert_eq!(loaded, after_one, "what the save holds still replays");
    assert_eq!(stop.unwrap().replayed, 1);

    // Every action dropped, from the compact form too.
    let mut none = race.save().unwrap();
    none.moves = Some(String::new());
    assert!(Race::load(none)
        .unwrap_err()
        .message()
        .contains("cut short"));

    // The setup changed: the same actions reach another position.
    let mut other = serde_json::to_value(race.save().unwrap()).unwrap();
    other["setup"]["setup"]["goal"] = serde_json::json!(11);
    let err = Race::load_json(&other.to_string()).unwrap_err();
    assert_eq!(err.code(), ErrorCode::BadSave);
    assert!(err.message().contains("another position"), "{err}");

    // Unknown fields, at the top and inside, are refused.
    let mut extra = serde_json::to_value(race.save().unwrap()).unwrap();
    extra["cheat"] = serde_json::json!(true);
    assert_eq!(
        Race::load_json(&extra.to_string()).unwrap_err().code(),
        ErrorCode::BadSave
    );
    let mut inner = serde_json::to_value(race.save_readable().unwrap()).unwrap();
    inner["actions"][0]["note"] = serde_json::json!("x");
    assert_eq!(
        Race::load_json(&inner.to_string()).unwrap_err().code(),
        ErrorCode::BadSave
    );

    // Both forms at once are refused.
    let mut both = race.save().unwrap();
    both.actions = race.save_readable().unwrap().actions;
    assert!(Race::load(both).unwrap_err().message().contains("both"));

    // A broken compact form replays what it can.
    let mut broken = race.save().unwrap();
    broken.moves = Some(format!("{}!", broken.moves.unwrap_or_default()));
    assert_eq!(Race::load(broken).unwrap_err().code(), ErrorCode::BadSave);
}

/// A version 1 save (every action in full, no count, no digest) still loads.
#[test]
fn a_version_1_save_still_loads() {
    let mut race = two_player_race();
    race.apply(A, RaceAction::Bid { amount: 1 }).unwrap();
    let mut old = serde_json::to_value(race.save_readable().unwrap()).unwrap();
    old["schemaVersion"] = serde_json::json!(1);
    let map = old.as_object_mut().unwrap();
    map.remove("actionCount");
    map.remove("stateDigest");
    assert_eq!(Race::load_json(&old.to_string()).unwrap(), race);
}

/// An action may be applied by its place in the legal actions; the seat may be left out
/// when only one seat owes an action.
#[test]
fn an_action_applies_by_its_index() {
    let mut race = two_player_race();
    let mut by_value = race.clone();
    let action = race.legal_actions(A)[2];
    by_value.apply(A, action).unwrap();
    assert_eq!(
        race.apply_move(None, 0).unwrap_err().code(),
        ErrorCode::BadInput,
        "two seats bid at once: the move must name its seat"
    );
    race.apply_move(Some(A), 2).unwrap();
    assert_eq!(race, by_value);
    assert_eq!(
        race.apply_move(Some(B), 99).unwrap_err().code(),
        ErrorCode::IllegalAction
    );
}

/// A random game of `R`: `steps` random legal actions from a random setup.
fn random_game<R: tabletop_rules::engine::conformance::Conformance>(
    seed: u64,
    steps: usize,
) -> Session<R> {
    use tabletop_rules::engine::dice::Stream;
    let mut stream = Stream::new(seed, 77);
    let setup = R::random_setup(&mut stream);
    let mut session = Session::<R>::new(setup, Seed(seed)).unwrap();
    for _ in 0..steps {
        let ToAct::Seats { seats } = session.to_act() else {
            break;
        };
        let seat = seats[stream.index(seats.len())];
        let legal = session.legal_actions(seat);
        let action = legal[stream.index(legal.len())].clone();
        session.apply(seat, action).unwrap();
    }
    session
}

/// A snapshot read back (through its JSON text, as a host stores it) is the same game as
/// the one a replay of its save loads: state, steps, log, views, legal actions and save.
fn snapshot_round_trips<R: tabletop_rules::engine::conformance::Conformance>(game: Session<R>) {
    let text = serde_json::to_string(&game.snapshot().unwrap()).unwrap();
    let loaded = Session::<R>::from_snapshot(serde_json::from_str(&text).unwrap()).unwrap();
    let replayed = Session::<R>::load(game.save().unwrap()).unwrap();
    assert_eq!(loaded, game);
    assert_eq!(loaded, replayed);
    for viewer in [
        Viewer::Omniscient,
        Viewer::Spectator,
        Viewer::Seat { seat: A },
    ] {
        assert_eq!(loaded.view(viewer).unwrap(), replayed.view(viewer).unwrap());
        assert_eq!(loaded.log(viewer).unwrap(), replayed.log(viewer).unwrap());
    }
    assert_eq!(loaded.legal_actions(A), replayed.legal_actions(A));
    assert_eq!(loaded.to_act(), replayed.to_act());
    assert_eq!(loaded.save().unwrap(), replayed.save().unwrap());
    assert_eq!(loaded.undo_refusal(), replayed.undo_refusal());
}

#[test]
fn a_snapshot_of_a_random_game_loads_as_its_replay_does() {
    use tabletop_rules::hand_of_doom::HandOfDoom;
    use tabletop_rules::magic_realm::MagicRealm;
    for seed in 1..4 {
        snapshot_round_trips(random_game::<tabletop_rules::bidding_race::BiddingRace>(
            seed, 30,
        ));
        snapshot_round_trips(random_game::<HandOfDoom>(seed, 150));
        snapshot_round_trips(random_game::<MagicRealm>(seed, 150));
    }
}

#[test]
fn a_damaged_or_foreign_snapshot_is_refused() {
    let mut race = two_player_race();
    race.apply(A, RaceAction::Bid { amount: 1 }).unwrap();
    let good = serde_json::to_value(race.snapshot().unwrap()).unwrap();
    let refused = |value: &serde_json::Value| {
        serde_json::from_value(value.clone())
            .map_err(|e| e.to_string())
            .and_then(|s| Race::from_snapshot(s).map_err(|e| format!("{:?}", e.code())))
            .unwrap_err()
    };
    let mut edited = good.clone();
    let state = edited["state"]
        .as_str()
        .unwrap()
        .replacen("\"goal\":10", "\"goal\":11", 1);
    assert_ne!(
        state,
        edited["state"].as_str().unwrap(),
        "the goal is in the state"
    );
    edited["state"] = serde_json::Value::String(state);
    assert_eq!(
        refused(&edited),
        "BadSave",
        "an edited state fails its digest"
    );
    let mut other = good.clone();
    other["game"] = "magic-realm".into();
    assert_eq!(refused(&other), "BadSave");
    let mut newer = good.clone();
    newer["snapshotVersion"] = 2.into();
    assert_eq!(refused(&newer), "BadSave");
    let mut garbled = good.clone();
    garbled["state"] = "{\"goal\":".into();
    assert_eq!(refused(&garbled), "BadSave");
    let mut extra = good.clone();
    extra["extra"] = 1.into();
    assert!(
        refused(&extra).contains("unknown field"),
        "unknown fields are refused"
    );
    let loaded = Race::from_snapshot(serde_json::from_value(good).unwrap()).unwrap();
    assert_eq!(loaded, race);
}
