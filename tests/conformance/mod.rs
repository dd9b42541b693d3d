//! The conformance harness (DESIGN.md, testing strategy 1): generic over any game that
//! implements `Conformance`, it plays seeded random games and checks the engine contract at
//! every step. A game plugs in with one line: `conformance::run::<MyGame>(&Config::default())`.

use serde::Serialize;
use std::collections::HashSet;
use std::fmt::Debug;
use tabletop_rules::engine::conformance::Conformance;
use tabletop_rules::engine::dice::Stream;
use tabletop_rules::engine::{
    ErrorCode, Event, RuleError, Rules, Seat, Seed, Session, ToAct, Viewer,
};

/// How much to play and check.
#[derive(Debug, Clone)]
pub struct Config {
    /// Random games to play.
    pub playouts: u32,
    /// A game must end within this many actions.
    pub max_steps: usize,
    /// The seed that drives setups, game seeds and choices.
    pub seed: u64,
    /// Run the expensive checks (apply every legal action, compare whole sessions) every
    /// this many steps; save/load/replay runs on those of them at a power-of-two step, and
    /// always at the start and the end.
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
            check_state(&mut session, &mut stream, deep, &at);
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

/// The state after a trial action, and the events it made.
type Trial<R> = (<R as Rules>::State, Vec<Event<<R as Rules>::Event>>);

/// A legal action applied to a copy of the state alone, as `Session::apply` does after its
/// checks: the history and the log, which grow with the game, are not copied, so checks
/// made at every step stay cheap in long games.
fn trial<R: Conformance>(
    session: &Session<R>,
    seat: Seat,
    action: &R::Action,
) -> Result<Trial<R>, RuleError> {
    let mut state = session.state().clone();
    let events = R::apply(&mut state, seat, action)?;
    Ok((state, events))
}

/// Everything checked at one state. The checks whose cost grows with the game's length
/// (whole-session clones, comparisons, save and replay) run on deep steps only.
fn check_state<R: Conformance>(
    session: &mut Session<R>,
    stream: &mut Stream,
    deep: bool,
    at: &str,
) {
    if let Err(broken) = R::invariants(session.state()) {
        panic!("{at}: invariant broken: {broken}");
    }
    if deep {
        assert_eq!(
            &session.clone(),
            &*session,
            "{at}: a clone differs from the original"
        );
    }
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
            assert_eq!(legal, again, "{at}: legal actions are not deterministic");
            if deep {
                for action in &legal {
                    if let Err(e) = trial(session, *seat, action) {
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
    check_refusals(session, stream, &all_seats, &acting, deep, at);
    check_secrets(session, stream, &all_seats, &acting, at);
    // A replay costs the whole history, so it runs at steps 0, 1, 2, 4, 8... (and at the
    // end of every game): checking it at every deep step would make long games quadratic.
    let steps = session.actions_applied();
    if deep && (steps == 0 || steps.is_power_of_two()) {
        check_save_and_replay(session, at);
    }
}

/// What a refused call must leave as it was.
struct Before<R: Conformance> {
    /// The whole session, copied on deep steps only (its history and log grow).
    whole: Option<Session<R>>,
    state: R::State,
    /// The state's serialized form, also compared on deep steps.
    state_json: Option<String>,
    actions: usize,
    log: usize,
}

impl<R: Conformance> Before<R> {
    fn unchanged(&self, session: &Session<R>, what: &str) {
        assert!(session.state() == &self.state, "{what} changed the state");
        if let Some(text) = &self.state_json {
            assert_eq!(&json(session.state()), text, "{what} changed the state");
        }
        assert_eq!(
            (session.actions_applied(), session.log_len()),
            (self.actions, self.log),
            "{what} changed the history or the log"
        );
        if let Some(whole) = &self.whole {
            assert_eq!(session, whole, "{what} changed the session");
        }
    }
}

/// Refused calls return the right error and change nothing. They are made on the live
/// session: the state, the number of actions and the log's length must stay as they were
/// (and on deep steps the whole session is compared with a copy taken before).
fn check_refusals<R: Conformance>(
    session: &mut Session<R>,
    stream: &mut Stream,
    all_seats: &[Seat],
    acting: &[Seat],
    deep: bool,
    at: &str,
) {
    let before = Before {
        whole: deep.then(|| session.clone()),
        state: session.state().clone(),
        state_json: deep.then(|| json(session.state())),
        actions: session.actions_applied(),
        log: session.log_len(),
    };
    let expect_refused = |session: &mut Session<R>,
                          seat: Seat,
                          attempt: &dyn Fn(&mut Session<R>) -> Result<(), RuleError>,
                          code: ErrorCode,
                          what: &str| {
        match attempt(session) {
            Ok(()) => panic!("{at}: {what} by {seat} was accepted"),
            Err(e) => assert_eq!(e.code(), code, "{at}: {what} by {seat}: wrong error {e}"),
        }
        before.unchanged(session, &format!("{at}: {what}"));
    };
    for seat in acting {
        let legal: HashSet<String> = session.legal_actions(*seat).iter().map(json).collect();
        // A random action of the game's action space that is not legal now.
        for _ in 0..16 {
            let action = R::arbitrary_action(session.state(), stream);
            if !legal.contains(&json(&action)) {
                expect_refused(
                    session,
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
                session,
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
                        session,
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
                    session,
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
        session,
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
    // Every viewer's view of the unperturbed state, made once for all owners.
    let base: Vec<(Viewer, R::View)> = all_seats
        .iter()
        .map(|s| Viewer::Seat { seat: *s })
        .chain([Viewer::Spectator])
        .map(|viewer| (viewer, R::view(state, viewer)))
        .collect();
    let base_view = |viewer: Viewer| {
        &base
            .iter()
            .find(|(v, _)| *v == viewer)
            .expect("every seat and the spectator have a base view")
            .1
    };
    for owner in all_seats {
        if let Some(perturbed) = R::perturb_secrets(state, *owner, stream) {
            assert!(
                &perturbed != state,
                "{at}: perturb_secrets({owner}) changed nothing"
            );
            let own = Viewer::Seat { seat: *owner };
            assert_ne!(
                &R::view(&perturbed, own),
                base_view(own),
                "{at}: {owner}'s secret changed but {owner}'s own view did not: the perturbation is not a secret of theirs"
            );
            for viewer in others(*owner) {
                assert_eq!(
                    &R::view(&perturbed, viewer),
                    base_view(viewer),
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
        // The log before the action is the same in both trials, so the entries it adds
        // are what must match.
        let outcome = |action: &R::Action| {
            let (state, events) = trial(session, *seat, action)
                .unwrap_or_else(|e| panic!("{at}: legal {action:?} of {seat} fails: {e}"));
            let revealed = events.iter().any(|e| e.reveals);
            (state, events, revealed)
        };
        let (a, a_events, a_reveals) = outcome(&legal[i]);
        let (b, b_events, b_reveals) = outcome(&legal[j]);
        if a_reveals || b_reveals {
            continue;
        }
        let seen = |events: &[Event<R::Event>], viewer: Viewer| {
            events
                .iter()
                .filter(|e| e.visibility.visible_to(viewer))
                .cloned()
                .collect::<Vec<_>>()
        };
        for viewer in others(*seat) {
            assert_eq!(
                R::view(&a, viewer),
                R::view(&b, viewer),
                "{at}: {viewer:?}'s view shows {seat}'s secret choice"
            );
            assert_eq!(
                seen(&a_events, viewer),
                seen(&b_events, viewer),
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
