//! A game in progress: the state, every action applied, and the log. The session enforces
//! the engine contract the same way for every game (DESIGN.md): the seat must owe an
//! action, the action must be one `legal_actions` lists, a refused action changes nothing,
//! and undo replays a shorter prefix but never goes back past revealed information.

use crate::engine::error::RuleError;
use crate::engine::event::Event;
use crate::engine::rules::{Rules, ToAct};
use crate::engine::saved::{
    decode_moves, encode_moves, state_digest, too_many, GameStart, Move, RecordedAction, SavedGame,
    Snapshot, SnapshotStep, MAX_SAVED_ACTIONS, SCHEMA_VERSION, SNAPSHOT_VERSION,
};
use crate::engine::seat::{Seat, Viewer};
use crate::engine::seed::Seed;
use std::fmt;

/// One applied action, with whether it revealed information and where it stood among the
/// legal actions of its moment (the compact save form).
#[derive(Clone, PartialEq)]
struct Step<A> {
    seat: Seat,
    action: A,
    reveals: bool,
    index: usize,
    seat_written: bool,
}

/// An action checked by [`Session::prepare`], with the state after it and its events, ready
/// for [`Session::commit`].
pub struct Prepared<R: Rules> {
    seat: Seat,
    action: R::Action,
    next: R::State,
    events: Vec<Event<R::Event>>,
    index: usize,
    seat_written: bool,
}

/// A game in progress. See the module documentation.
pub struct Session<R: Rules> {
    start: GameStart<R::Setup, R::Scenario>,
    seed: Seed,
    state: R::State,
    history: Vec<Step<R::Action>>,
    log: Vec<Event<R::Event>>,
}

impl<R: Rules> Clone for Session<R> {
    fn clone(&self) -> Self {
        Session {
            start: self.start.clone(),
            seed: self.seed,
            state: self.state.clone(),
            history: self.history.clone(),
            log: self.log.clone(),
        }
    }
}

impl<R: Rules> PartialEq for Session<R> {
    fn eq(&self, other: &Self) -> bool {
        self.start == other.start
            && self.seed == other.seed
            && self.state == other.state
            && self.history == other.history
            && self.log == other.log
    }
}

impl<R: Rules> fmt::Debug for Session<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Session")
            .field("game", &R::GAME)
            .field("seed", &self.seed)
            .field("actions", &self.history.len())
            .field("state", &self.state)
            .finish()
    }
}

/// Where a saved game's replay stopped ([`Session::load_prefix`]).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, tsify::Tsify)]
pub struct ReplayStop {
    /// How many of the saved actions replayed (the game stands after them).
    pub replayed: usize,
    /// Why the next one did not (`bad_save`, naming the action).
    #[tsify(type = "RuleErrorInfo")]
    pub error: RuleError,
}

/// The saved-game type of the rules `R`.
pub type SaveOf<R> = SavedGame<<R as Rules>::Setup, <R as Rules>::Scenario, <R as Rules>::Action>;

/// The snapshot type of the rules `R`.
pub type SnapshotOf<R> = Snapshot<
    <R as Rules>::Setup,
    <R as Rules>::Scenario,
    <R as Rules>::Action,
    <R as Rules>::Event,
>;

/// How many allowed actions an `illegal_action` message lists.
const ALLOWED_IN_MESSAGE: usize = 8;

impl<R: Rules> Session<R> {
    /// A new game from `setup`.
    pub fn new(setup: R::Setup, seed: Seed) -> Result<Self, RuleError> {
        Self::fresh(GameStart::Setup { setup }, seed)
    }

    /// A game from a scenario.
    pub fn from_scenario(scenario: R::Scenario, seed: Seed) -> Result<Self, RuleError> {
        Self::fresh(GameStart::Scenario { scenario }, seed)
    }

    fn fresh(start: GameStart<R::Setup, R::Scenario>, seed: Seed) -> Result<Self, RuleError> {
        let state = match &start {
            GameStart::Setup { setup } => R::start(setup, seed)?,
            GameStart::Scenario { scenario } => R::from_scenario(scenario, seed)?,
        };
        Ok(Session {
            start,
            seed,
            state,
            history: Vec::new(),
            log: Vec::new(),
        })
    }

    /// Load a saved game by replaying it. Refused with `bad_save` if the save is from a newer
    /// format, another game, or does not replay.
    pub fn load(saved: SavedGame<R::Setup, R::Scenario, R::Action>) -> Result<Self, RuleError> {
        let (session, stop) = Self::load_prefix(saved)?;
        match stop {
            None => Ok(session),
            Some(stop) => Err(stop.error),
        }
    }

    /// Load as much of a saved game as replays: its start, then its actions until the first
    /// one this engine refuses (a save made before a rule was corrected may hold an action
    /// the corrected rules no longer allow). Returns the game at that point and, when the
    /// replay stopped early, where and why. Refused with `bad_save` only when the game
    /// itself cannot start (newer format, another game, a setup that does not start).
    pub fn load_prefix(
        saved: SavedGame<R::Setup, R::Scenario, R::Action>,
    ) -> Result<(Self, Option<ReplayStop>), RuleError> {
        if saved.schema_version > SCHEMA_VERSION {
            return Err(RuleError::bad_save(format!(
                "this save has format version {}, newer than this engine's {}; update the engine to load it",
                saved.schema_version, SCHEMA_VERSION
            )));
        }
        if saved.schema_version == 0 {
            return Err(RuleError::bad_save("format version 0 does not exist"));
        }
        if saved.game != R::GAME {
            return Err(RuleError::bad_save(format!(
                "this save is a game of {:?}, not {:?}",
                saved.game,
                R::GAME
            )));
        }
        let SavedGame {
            setup,
            seed,
            actions,
            moves,
            action_count,
            state_digest: digest,
            ..
        } = saved;
        if moves.is_some() && !actions.is_empty() {
            return Err(RuleError::bad_save(
                "it holds both `actions` and `moves`; a save holds its actions in one form",
            ));
        }
        if actions.len() > MAX_SAVED_ACTIONS {
            return Err(too_many(actions.len()));
        }
        let mut session = Self::fresh(setup, seed).map_err(|e| {
            RuleError::bad_save(format!("the saved setup does not start a game: {e}"))
        })?;
        let stopped = |replayed: usize, error: RuleError| Some(ReplayStop { replayed, error });
        let held = match moves {
            None => {
                let held = actions.len();
                for (index, recorded) in actions.into_iter().enumerate() {
                    if let Err(e) = session.apply(recorded.seat, recorded.action) {
                        let error = RuleError::bad_save(format!(
                            "action {} (by {}) does not replay: {e}",
                            index + 1,
                            recorded.seat
                        ));
                        return Ok((session, stopped(index, error)));
                    }
                }
                held
            }
            Some(text) => {
                let (decoded, broken) = decode_moves(&text);
                let held = decoded.len();
                for (index, m) in decoded.into_iter().enumerate() {
                    if let Err(e) = session.apply_move(m.seat, m.index) {
                        let error = RuleError::bad_save(format!(
                            "action {} does not replay: {e}",
                            index + 1
                        ));
                        return Ok((session, stopped(index, error)));
                    }
                }
                if let Some(error) = broken {
                    return Ok((session, stopped(held, error)));
                }
                held
            }
        };
        if let Some(count) = action_count {
            if count != held {
                let error = RuleError::bad_save(format!(
                    "it holds {held} actions but was saved after {count}: it was cut short or added to"
                ));
                return Ok((session, stopped(held, error)));
            }
        }
        if let Some(saved_digest) = digest {
            let reached = state_digest(&session.state)?;
            if reached != saved_digest {
                let error = RuleError::bad_save(format!(
                    "its {held} actions replay to another position than the one saved (digest {reached}, saved {saved_digest}): the save was edited, or it was made under rules this engine has since corrected"
                ));
                return Ok((session, stopped(held, error)));
            }
        }
        Ok((session, None))
    }

    /// Load a saved game from its JSON text.
    pub fn load_json(text: &str) -> Result<Self, RuleError> {
        let saved: SavedGame<R::Setup, R::Scenario, R::Action> = serde_json::from_str(text)
            .map_err(|e| RuleError::bad_save(format!("not a saved game of this engine: {e}")))?;
        Self::load(saved)
    }

    /// The game as a replayable record, in the compact form (`moves`), with its action
    /// count and the digest of its position.
    pub fn save(&self) -> Result<SaveOf<R>, RuleError> {
        let moves: Vec<Move> = self
            .history
            .iter()
            .map(|step| Move {
                seat: step.seat,
                index: step.index,
                seat_written: step.seat_written,
            })
            .collect();
        let mut saved = self.save_readable()?;
        saved.actions.clear();
        saved.moves = Some(encode_moves(&moves));
        Ok(saved)
    }

    /// The game as a replayable record with every action in full (`actions`): longer than
    /// [`Session::save`], for people and tools that read the actions.
    pub fn save_readable(&self) -> Result<SaveOf<R>, RuleError> {
        Ok(SavedGame {
            schema_version: SCHEMA_VERSION,
            game: R::GAME.to_string(),
            setup: self.start.clone(),
            seed: self.seed,
            actions: self
                .history
                .iter()
                .map(|step| RecordedAction {
                    seat: step.seat,
                    action: step.action.clone(),
                })
                .collect(),
            moves: None,
            action_count: Some(self.history.len()),
            state_digest: Some(state_digest(&self.state)?),
        })
    }

    /// The saved game as JSON text.
    pub fn save_json(&self) -> Result<String, RuleError> {
        serde_json::to_string(&self.save()?)
            .map_err(|e| RuleError::internal(format!("the game could not be saved: {e}")))
    }

    /// The whole game as data ([`Snapshot`]): loaded by [`Session::from_snapshot`] without
    /// replaying. Like a save, it holds every secret and the seed.
    pub fn snapshot(&self) -> Result<SnapshotOf<R>, RuleError> {
        let state = serde_json::to_string(&self.state)
            .map_err(|e| RuleError::internal(format!("the position could not be written: {e}")))?;
        Ok(Snapshot {
            snapshot_version: SNAPSHOT_VERSION,
            game: R::GAME.to_string(),
            start: self.start.clone(),
            seed: self.seed,
            state_digest: state_digest(&self.state)?,
            state,
            history: self
                .history
                .iter()
                .map(|step| SnapshotStep {
                    seat: step.seat,
                    action: step.action.clone(),
                    reveals: step.reveals,
                    index: step.index,
                    seat_written: step.seat_written,
                })
                .collect(),
            log: self.log.clone(),
        })
    }

    /// The game a [`Snapshot`] holds, without replaying it. Refused with `bad_save` when
    /// the snapshot has another format version or game, too many steps, a state that does
    /// not read or whose digest differs from the one it carries. A snapshot is trusted
    /// host data: its steps and log are taken as they are, not replayed.
    pub fn from_snapshot(snapshot: SnapshotOf<R>) -> Result<Self, RuleError> {
        let Snapshot {
            snapshot_version,
            game,
            start,
            seed,
            state,
            state_digest: digest,
            history,
            log,
        } = snapshot;
        if snapshot_version != SNAPSHOT_VERSION {
            return Err(RuleError::bad_save(format!(
                "this snapshot has format version {snapshot_version}; this engine reads version {SNAPSHOT_VERSION} (load the game's save instead)"
            )));
        }
        if game != R::GAME {
            return Err(RuleError::bad_save(format!(
                "this snapshot is a game of {game:?}, not {:?}",
                R::GAME
            )));
        }
        if history.len() > MAX_SAVED_ACTIONS {
            return Err(too_many(history.len()));
        }
        let mut state: R::State = serde_json::from_str(&state).map_err(|e| {
            RuleError::bad_save(format!("its state is not a position of {}: {e}", R::GAME))
        })?;
        let reached = state_digest(&state)?;
        if reached != digest {
            return Err(RuleError::bad_save(format!(
                "its state has digest {reached}, not the {digest} it carries: the snapshot was edited or damaged"
            )));
        }
        R::restore(&mut state, &start)
            .map_err(|e| RuleError::bad_save(format!("its start cannot be restored: {e}")))?;
        Ok(Session {
            start,
            seed,
            state,
            history: history
                .into_iter()
                .map(|step| Step {
                    seat: step.seat,
                    action: step.action,
                    reveals: step.reveals,
                    index: step.index,
                    seat_written: step.seat_written,
                })
                .collect(),
            log,
        })
    }

    /// A fresh replay of this game's record: must equal `self` (the harness checks it).
    pub fn replay(&self) -> Result<Self, RuleError> {
        Self::load(self.save()?)
    }

    pub fn state(&self) -> &R::State {
        &self.state
    }

    pub fn seed(&self) -> Seed {
        self.seed
    }

    /// How many actions have been applied.
    pub fn actions_applied(&self) -> usize {
        self.history.len()
    }

    /// The seat that took the last action, if any.
    pub fn last_actor(&self) -> Option<Seat> {
        self.history.last().map(|step| step.seat)
    }

    /// How many events the whole (omniscient) log holds: a cursor for `log_since`.
    pub fn log_len(&self) -> usize {
        self.log.len()
    }

    /// The log entries from omniscient position `from` on, as `viewer` may see them: a
    /// long game's log fetched a piece at a time instead of whole after every action.
    pub fn log_since(
        &self,
        viewer: Viewer,
        from: usize,
    ) -> Result<Vec<Event<R::Event>>, RuleError> {
        self.check_viewer(viewer)?;
        Ok(self
            .log
            .iter()
            .skip(from)
            .filter(|e| e.visibility.visible_to(viewer))
            .cloned()
            .collect())
    }

    pub fn to_act(&self) -> ToAct {
        R::to_act(&self.state)
    }

    /// The legal actions of `seat` now (empty for a seat that does not owe one, or a seat
    /// that does not exist).
    pub fn legal_actions(&self, seat: Seat) -> Vec<R::Action> {
        if seat.index() >= R::seat_count(&self.state) {
            return Vec::new();
        }
        R::legal_actions(&self.state, seat)
    }

    fn check_seat(&self, seat: Seat) -> Result<(), RuleError> {
        let count = R::seat_count(&self.state);
        if seat.index() >= count {
            return Err(RuleError::UnknownSeat {
                message: format!(
                    "{seat} does not exist: this game has seats 0 to {}",
                    count.saturating_sub(1)
                ),
            });
        }
        Ok(())
    }

    /// Check that `seat` exists and owes an action now; returns how many seats owe one.
    fn check_owes(&self, seat: Seat) -> Result<usize, RuleError> {
        self.check_seat(seat)?;
        match R::to_act(&self.state) {
            ToAct::GameOver { outcome } => Err(RuleError::GameOver {
                message: format!("the game is over: {}", outcome.summary),
            }),
            ToAct::Seats { seats } if !seats.contains(&seat) => {
                let owing = seats
                    .iter()
                    .map(|s| s.label())
                    .collect::<Vec<_>>()
                    .join(", ");
                Err(RuleError::NotYourTurn {
                    message: format!(
                        "{} does not owe an action now; to act: {owing}",
                        seat.label()
                    ),
                    seat,
                    to_act: seats,
                })
            }
            ToAct::Seats { seats } => Ok(seats.len()),
        }
    }

    /// Apply `seat`'s action. Returns the events `seat` may see. On error nothing changes.
    pub fn apply(
        &mut self,
        seat: Seat,
        action: R::Action,
    ) -> Result<Vec<Event<R::Event>>, RuleError> {
        let prepared = self.prepare(seat, action)?;
        Ok(self.commit(prepared))
    }

    /// The first half of [`Session::apply`]: checks `seat`'s action and works out the state
    /// after it, reading the game only. The WASM bridge calls the halves apart so that a
    /// fault inside the rules (a panic, which cannot unwind in WebAssembly) happens while
    /// nothing is borrowed mutably, and leaves the game as it was.
    pub fn prepare(&self, seat: Seat, action: R::Action) -> Result<Prepared<R>, RuleError> {
        let seats_owing = self.check_owes(seat)?;
        let legal = R::legal_actions(&self.state, seat);
        let Some(index) = legal.iter().position(|a| *a == action) else {
            return Err(RuleError::illegal(illegal_message(&action, &legal)));
        };
        self.prepare_listed(seat, action, index, seats_owing)
    }

    /// Apply the action at `index` of `seat`'s legal actions now. `seat` may be left out
    /// when exactly one seat owes an action (a compact save writes it only otherwise).
    pub fn apply_move(
        &mut self,
        seat: Option<Seat>,
        index: usize,
    ) -> Result<Vec<Event<R::Event>>, RuleError> {
        let prepared = self.prepare_move(seat, index)?;
        Ok(self.commit(prepared))
    }

    /// The first half of [`Session::apply_move`], as [`Session::prepare`] is of `apply`.
    pub fn prepare_move(&self, seat: Option<Seat>, index: usize) -> Result<Prepared<R>, RuleError> {
        let seat = match (seat, R::to_act(&self.state)) {
            (Some(seat), _) => seat,
            (None, ToAct::Seats { seats }) if seats.len() == 1 => seats[0],
            (None, ToAct::Seats { seats }) => {
                return Err(RuleError::bad_input(format!(
                    "the move names no seat, but {} seats owe an action",
                    seats.len()
                )))
            }
            (None, ToAct::GameOver { outcome }) => {
                return Err(RuleError::GameOver {
                    message: format!("the game is over: {}", outcome.summary),
                })
            }
        };
        let seats_owing = self.check_owes(seat)?;
        let legal = R::legal_actions(&self.state, seat);
        let Some(action) = legal.get(index).cloned() else {
            return Err(RuleError::illegal(format!(
                "{} has {} legal actions now, numbered from 0; there is no action {index}",
                seat.label(),
                legal.len()
            )));
        };
        self.prepare_listed(seat, action, index, seats_owing)
    }

    /// Work out `action`, found at `index` of `seat`'s legal actions, on a copy of the state.
    fn prepare_listed(
        &self,
        seat: Seat,
        action: R::Action,
        index: usize,
        seats_owing: usize,
    ) -> Result<Prepared<R>, RuleError> {
        let mut next = self.state.clone();
        let events = R::apply(&mut next, seat, &action)?;
        Ok(Prepared {
            seat,
            action,
            next,
            events,
            index,
            seat_written: seats_owing != 1,
        })
    }

    /// The second half of [`Session::apply`]: records a prepared action (the state after it,
    /// its step and its events) and returns the events its seat may see.
    pub fn commit(&mut self, prepared: Prepared<R>) -> Vec<Event<R::Event>> {
        let Prepared {
            seat,
            action,
            next,
            events,
            index,
            seat_written,
        } = prepared;
        self.state = next;
        let viewer = Viewer::Seat { seat };
        let visible = events
            .iter()
            .filter(|e| e.visibility.visible_to(viewer))
            .cloned()
            .collect();
        self.history.push(Step {
            seat,
            action,
            reveals: events.iter().any(|e| e.reveals),
            index,
            seat_written,
        });
        self.log.extend(events);
        visible
    }

    /// Apply an action given as JSON text; text that is not an action of this game is
    /// refused with `malformed_action`.
    pub fn apply_json(
        &mut self,
        seat: Seat,
        action_json: &str,
    ) -> Result<Vec<Event<R::Event>>, RuleError> {
        let action: R::Action = serde_json::from_str(action_json)
            .map_err(|e| RuleError::malformed(format!("not an action of {}: {e}", R::GAME)))?;
        self.apply(seat, action)
    }

    fn check_viewer(&self, viewer: Viewer) -> Result<(), RuleError> {
        match viewer {
            Viewer::Seat { seat } => self.check_seat(seat),
            Viewer::Spectator | Viewer::Omniscient => Ok(()),
        }
    }

    /// What `viewer` may see of the game.
    pub fn view(&self, viewer: Viewer) -> Result<R::View, RuleError> {
        self.check_viewer(viewer)?;
        Ok(R::view(&self.state, viewer))
    }

    /// The log as `viewer` may see it.
    pub fn log(&self, viewer: Viewer) -> Result<Vec<Event<R::Event>>, RuleError> {
        self.check_viewer(viewer)?;
        Ok(self
            .log
            .iter()
            .filter(|e| e.visibility.visible_to(viewer))
            .cloned()
            .collect())
    }

    /// Why undo is refused now, or `None` if the last action can be undone.
    pub fn undo_refusal(&self) -> Option<String> {
        let last = match self.history.last() {
            None => return Some("there is nothing to undo".to_string()),
            Some(last) => last,
        };
        if last.reveals {
            return Some(format!(
                "the last action (by {}) revealed information (a die roll, a chit turned up or a secret revealed), so it cannot be taken back",
                last.seat
            ));
        }
        None
    }

    /// Take back the last action by replaying all the actions before it.
    pub fn undo(&mut self) -> Result<(), RuleError> {
        if let Some(message) = self.undo_refusal() {
            return Err(RuleError::UndoRefused { message });
        }
        let mut saved = self.save_readable()?;
        saved.actions.pop();
        saved.action_count = None;
        saved.state_digest = None;
        let shorter = Self::load(saved)
            .map_err(|e| RuleError::internal(format!("undo could not replay the game: {e}")))?;
        *self = shorter;
        Ok(())
    }
}

fn illegal_message<A: serde::Serialize>(action: &A, legal: &[A]) -> String {
    let shown = serde_json::to_string(action).unwrap_or_else(|_| "this action".to_string());
    if legal.is_empty() {
        return format!("{shown} is not allowed now, and no action is");
    }
    let mut allowed: Vec<String> = legal
        .iter()
        .take(ALLOWED_IN_MESSAGE)
        .filter_map(|a| serde_json::to_string(a).ok())
        .collect();
    if legal.len() > ALLOWED_IN_MESSAGE {
        allowed.push(format!("and {} more", legal.len() - ALLOWED_IN_MESSAGE));
    }
    format!(
        "{shown} is not allowed now; allowed: {}",
        allowed.join(", ")
    )
}
