//! The conformance harness (DESIGN.md, testing strategy 1): generic over any game that
//! implements `Conformance`, it plays seeded random games and checks the engine contract at
//! every step. A game plugs in with one line: `conformance::run::<MyGame>(&Config::default())`.

use serde::Serialize;
use std::collections::HashSet;
use std::fmt::Debug;
use tabletop_rules::engine::conformance::Conformance;
use tabletop_rules::engine::dice::Stream;
use tabletop_rules::engine::{ErrorCode, RuleError, Seat, Seed, Session, ToAct, Viewer};

/// How much to play and check.
#[derive(Debug, Clone)]
pub struct Config {
    /// Random games to play.
    pub playouts: u32,
    /// A game must end within this many actions.
    pub max_steps: usize,
    /// The seed that drives setups, game seeds and choices.
    pub seed: u64,
    /// Run the expensive checks (apply every legal action, save/load/replay) every this many
    /// steps, and always at the start and the end.
    pub deep_every: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            playouts: 300,
            max_steps: 2_000,
            seed: 0x5EED,
            deep_every: 1,
        }
    }
}

/// The purpose number of the harness's own stream.
const HARNESS_PURPOSE: u64 = 77;

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("engine values serialize")
}

/// Play `config.playouts` random games of `R`, checking the contract at every step.
/// Returns the number of actions applied in all, so callers can assert the games did play.
pub fn run<R: Conformance>(config: &Config) -> usize
where
    R::Setup: Debug,
{
    let mut stream = Stream::new(config.seed, HARNESS_PURPOSE);
    let mut total = 0;
    for playout in 0..config.playouts {
        let setup = R::random_setup(&mut stream);
        let seed = Seed(stream.below(u64::MAX));
        let context = format!(
            "{} playout {playout}, seed {seed}, setup {setup:?}",
            R::GAME
        );
        let mut session = Session::<R>::new(setup, seed)
            .unwrap_or_else(|e| panic!("{context}: a random setup does not start: {e}"));
        let mut steps = 0;
        loop {
            let at = format!("{context}, step {steps}");
            let deep = steps % config.deep_every.max(1) == 0;
            check_state(&session, &mut stream, deep, &at);
            let seats = match session.to_act() {
                ToAct::GameOver { .. } => break,
                ToAct::Seats { seats } => seats,
            };
            let seat = seats[stream.index(seats.len())];
            let legal = session.legal_actions(seat);
            let preferred: Vec<_> = legal
                .iter()
                .filter(|a| !R::avoided_in_random_play(a))
                .cloned()
                .collect();
            let pool = if preferred.is_empty() {
                &legal
            } else {
                &preferred
            };
            let action = pool[stream.index(pool.len())].clone();
            session
                .apply(seat, action.clone())
                .unwrap_or_else(|e| panic!("{at}: legal {action:?} by {seat} refused: {e}"));
            steps += 1;
            assert!(
                steps <= config.max_steps,
                "{context}: no end within {} actions",
                config.max_steps
            );
        }
        check_save_and_replay(&session, &context);
        total += steps;
    }
    total
}

/// Everything checked at one state.
fn check_state<R: Conformance>(session: &Session<R>, stream: &mut Stream, deep: bool, at: &str) {
    if let Err(broken) = R::invariants(session.state()) {
        panic!("{at}: invariant broken: {broken}");
    }
    assert_eq!(
        &session.clone(),
        session,
        "{at}: a clone differs from the original"
    );
    let seat_count = R::seat_count(session.state());
    let all_seats: Vec<Seat> = (0..seat_count).map(|i| Seat(i as u8)).collect();
    let to_act = session.to_act();
    let acting = to_act.seats().to_vec();
    if let ToAct::Seats { seats } = &to_act {
        assert!(
            !seats.is_empty(),
            "{at}: the game is not over but no seat is to act"
        );
    }
    for seat in &all_seats {
        let legal = session.legal_actions(*seat);
        if acting.contains(seat) {
            assert!(
                !legal.is_empty(),
                "{at}: {seat} is to act but has no legal action"
            );
            let unique: HashSet<String> = legal.iter().map(json).collect();
            assert_eq!(
                unique.len(),
                legal.len(),
                "{at}: {seat} has repeated legal actions"
            );
            let again = session.legal_actions(*seat);
            assert_eq!(
                json(&legal),
                json(&again),
                "{at}: legal actions are not deterministic"
            );
            if deep {
                for action in &legal {
                    let mut trial = session.clone();
                    if let Err(e) = trial.apply(*seat, action.clone()) {
                        panic!("{at}: listed legal action {action:?} of {seat} fails: {e}");
                    }
                }
            }
        } else {
            assert!(
                legal.is_empty(),
                "{at}: {seat} is not to act but has legal actions {legal:?}"
            );
        }
    }
    check_refusals(session, stream, &all_seats, &acting, at);
    check_secrets(session, stream, &all_seats, &acting, at);
    if deep {
        check_save_and_replay(session, at);
    }
}

/// Refused calls return the right error and change nothing.
fn check_refusals<R: Conformance>(
    session: &Session<R>,
    stream: &mut Stream,
    all_seats: &[Seat],
    acting: &[Seat],
    at: &str,
) {
    let expect_refused = |seat: Seat,
                          attempt: &dyn Fn(&mut Session<R>) -> Result<(), RuleError>,
                          code: ErrorCode,
                          what: &str| {
        let mut trial = session.clone();
        let state_before = json(trial.state());
        match attempt(&mut trial) {
            Ok(()) => panic!("{at}: {what} by {seat} was accepted"),
            Err(e) => assert_eq!(e.code(), code, "{at}: {what} by {seat}: wrong error {e}"),
        }
        assert_eq!(
            json(trial.state()),
            state_before,
            "{at}: {what} changed the state"
        );
        assert_eq!(&trial, session, "{at}: {what} changed the session");
    };
    for seat in acting {
        let legal: HashSet<String> = session.legal_actions(*seat).iter().map(json).collect();
        // A random action of the game's action space that is not legal now.
        for _ in 0..16 {
            let action = R::arbitrary_action(session.state(), stream);
            if !legal.contains(&json(&action)) {
                expect_refused(
                    *seat,
                    &|s| s.apply(*seat, action.clone()).map(|_| ()),
                    ErrorCode::IllegalAction,
                    "an illegal action",
                );
                break;
            }
        }
        for malformed in [r#"{"type":"Nope"}"#, r#"{"type":"#, "42", "null"] {
            expect_refused(
                *seat,
                &|s| s.apply_json(*seat, malformed).map(|_| ()),
                ErrorCode::MalformedAction,
                "a malformed action",
            );
        }
    }
    // An action from a seat that does not owe one, or any action once the game is over.
    if let Some(idle) = all_seats.iter().find(|s| !acting.contains(s)) {
        match acting.first() {
            Some(first) => {
                if let Some(action) = session.legal_actions(*first).into_iter().next() {
                    expect_refused(
                        *idle,
                        &|s| s.apply(*idle, action.clone()).map(|_| ()),
                        ErrorCode::NotYourTurn,
                        "an action out of turn",
                    );
                }
            }
            None => {
                let action = R::arbitrary_action(session.state(), stream);
                expect_refused(
                    *idle,
                    &|s| s.apply(*idle, action.clone()).map(|_| ()),
                    ErrorCode::GameOver,
                    "an action after the end",
                );
            }
        }
    }
    let ghost = Seat(all_seats.len() as u8);
    let action = R::arbitrary_action(session.state(), stream);
    expect_refused(
        ghost,
        &|s| s.apply(ghost, action.clone()).map(|_| ()),
        ErrorCode::UnknownSeat,
        "an action by a seat that does not exist",
    );
    assert!(
        session.view(Viewer::Seat { seat: ghost }).is_err(),
        "{at}: a view for a seat that does not exist"
    );
}

/// Views and logs never depend on another seat's secrets (rule 4.5).
fn check_secrets<R: Conformance>(
    session: &Session<R>,
    stream: &mut Stream,
    all_seats: &[Seat],
    acting: &[Seat],
    at: &str,
) {
    let state = session.state();
    let others = |owner: Seat| {
        let mut viewers: Vec<Viewer> = all_seats
            .iter()
            .filter(|s| **s != owner)
            .map(|s| Viewer::Seat { seat: *s })
            .collect();
        viewers.push(Viewer::Spectator);
        viewers
    };
    for owner in all_seats {
        if let Some(perturbed) = R::perturb_secrets(state, *owner, stream) {
            assert!(
                &perturbed != state,
                "{at}: perturb_secrets({owner}) changed nothing"
            );
            assert_ne!(
                json(&R::view(&perturbed, Viewer::Seat { seat: *owner })),
                json(&R::view(state, Viewer::Seat { seat: *owner })),
                "{at}: {owner}'s secret changed but {owner}'s own view did not: the perturbation is not a secret of theirs"
            );
            for viewer in others(*owner) {
                assert_eq!(
                    json(&R::view(&perturbed, viewer)),
                    json(&R::view(state, viewer)),
                    "{at}: {viewer:?} sees {owner}'s secret"
                );
            }
        }
    }
    // A secret decision: which legal action is taken must not show in others' views or logs,
    // unless the action reveals something.
    for seat in acting {
        if !R::secret_decision(state, *seat) {
            continue;
        }
        let legal = session.legal_actions(*seat);
        if legal.len() < 2 {
            continue;
        }
        let i = stream.index(legal.len());
        let j = (i + 1 + stream.index(legal.len() - 1)) % legal.len();
        let outcome = |action: &R::Action| {
            let mut trial = session.clone();
            let before = trial.log(Viewer::Omniscient).map(|l| l.len()).unwrap_or(0);
            trial
                .apply(*seat, action.clone())
                .unwrap_or_else(|e| panic!("{at}: {e}"));
            let log = trial.log(Viewer::Omniscient).unwrap_or_default();
            let revealed = log.iter().skip(before).any(|e| e.reveals);
            (trial, revealed)
        };
        let (a, a_reveals) = outcome(&legal[i]);
        let (b, b_reveals) = outcome(&legal[j]);
        if a_reveals || b_reveals {
            continue;
        }
        for viewer in others(*seat) {
            assert_eq!(
                json(&a.view(viewer).ok()),
                json(&b.view(viewer).ok()),
                "{at}: {viewer:?}'s view shows {seat}'s secret choice"
            );
            assert_eq!(
                json(&a.log(viewer).ok()),
                json(&b.log(viewer).ok()),
                "{at}: {viewer:?}'s log shows {seat}'s secret choice"
            );
        }
    }
}

/// Save, load (native value and JSON text) and replay reproduce the live game.
fn check_save_and_replay<R: Conformance>(session: &Session<R>, at: &str) {
    let replayed = session
        .replay()
        .unwrap_or_else(|e| panic!("{at}: replay failed: {e}"));
    assert_eq!(
        &replayed, session,
        "{at}: replay differs from the live game"
    );
    let text = session
        .save_json()
        .unwrap_or_else(|e| panic!("{at}: save failed: {e}"));
    let loaded =
        Session::<R>::load_json(&text).unwrap_or_else(|e| panic!("{at}: load failed: {e}"));
    assert_eq!(
        &loaded, session,
        "{at}: save and load differ from the live game"
    );
    assert_eq!(
        json(loaded.state()),
        json(session.state()),
        "{at}: loaded state serializes differently"
    );
}
