//! The only bridge to JavaScript (DESIGN.md): one class per game over [`Session`], the
//! thrown `RuleError`, and the panic hook. Its JavaScript half is `src/wasm.js`.
//!
//! Every parameter and result carries its exact TypeScript type (declared by the tsify
//! derives on the Rust types), so the generated `.d.ts` has no `any`; at run time every
//! parameter is taken as any JS value and checked here.
//!
//! Nothing a caller passes can crash the module or a game object:
//! - structured arguments (setups, scenarios, saves, actions, viewers, plays) cross as JSON
//!   text made by `toJson` in `src/wasm.js`, which reads the caller's getters and Proxies
//!   before the engine runs, and refuses cycles, values deeper or larger than its `LIMITS`,
//!   and what JSON cannot carry; `serde_json` then reads the text (with its own recursion
//!   limit). Whatever the caller's code throws is caught there and refused with `bad_input`,
//!   so no JS exception ever unwinds through WebAssembly frames;
//! - scalars (seats, seeds, counts) are checked for their JS type here and refused with
//!   `bad_input` when they have another;
//! - a game's session sits behind an `Rc` that no call borrows while the rules run, and the
//!   exported methods all take `&self`: a panic (an engine bug; WebAssembly cannot unwind)
//!   leaves the object as it was before the call, usable. What a panic still costs: its
//!   abandoned frames' stack space (a few hundred bytes; thousands of panics exhaust the
//!   stack), and Rust, counting the first panic as never finished, aborts later ones at
//!   once (`RuntimeError: unreachable`, without the hook's message).
//!
//! Every failure is thrown as a `RuleError` (a JS `Error`) with a stable `code` and an
//! English `message`.

use crate::bidding_race::BiddingRace;
use crate::engine::conformance::Conformance;
use crate::engine::dice::Stream;
use crate::engine::playout::{self, PlayoutStats};
use crate::engine::{ErrorCode, ReplayStop, RuleError, Rules, Seat, Seed, Session, Viewer};
use crate::hand_of_doom::HandOfDoom;
use crate::magic_realm::combat::odds_query::play_odds;
use crate::magic_realm::combat::Plays;
use crate::magic_realm::MagicRealm;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/src/wasm.js")]
extern "C" {
    /// The JSON text of a caller's value, or (thrown, caught here) why it has none.
    #[wasm_bindgen(catch, js_name = toJson)]
    fn to_json(value: &JsValue) -> Result<String, JsValue>;

    /// A JS `RuleError` from its code, message and info.
    #[wasm_bindgen(js_name = ruleError)]
    fn rule_error(code: &str, message: &str, info: JsValue) -> JsValue;

    /// Throws the error of a panic.
    fn panicked(message: &str);

    /// A deep copy of a plain value (`structuredClone`).
    #[wasm_bindgen(catch, js_name = copyOf)]
    fn copy_of(value: &JsValue) -> Result<JsValue, JsValue>;
}

/// Reports a panic (an engine bug) as a thrown JS error with its message, instead of an
/// opaque `unreachable` trap.
#[wasm_bindgen(start)]
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        panicked(&format!(
            "tabletop-rules panicked (a bug; please report it): {info}"
        ))
    }));
}

#[wasm_bindgen(typescript_custom_section)]
const RULE_ERROR_TS: &'static str = r#"
/**
 * The error every refused call throws (a JS `Error`). `code` is stable and machine-readable;
 * `message` is English for a person; `info` is the whole error as a discriminated union on
 * `code`. `JSON.stringify(error)` gives `{code, message, info}`.
 */
export class RuleError extends Error {
  constructor(info: RuleErrorInfo);
  readonly name: "RuleError";
  readonly code: ErrorCode;
  readonly info: RuleErrorInfo;
  toJSON(): { code: ErrorCode; message: string; info: RuleErrorInfo };
}
"#;

/// What every failed call throws: a JS `RuleError`.
fn thrown(error: RuleError) -> JsValue {
    let info = to_js(&error).unwrap_or(JsValue::UNDEFINED);
    rule_error(error.code().as_str(), error.message(), info)
}

type JsResult<T> = Result<T, JsValue>;

/// Rust value → plain JS value (objects, not `Map`s; `None` → `undefined`).
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, RuleError> {
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    value.serialize(&serializer).map_err(|e| {
        RuleError::internal(format!(
            "a result could not be converted for JavaScript: {e}"
        ))
    })
}

/// A caller's value as JSON text; refused with `bad_input` when it cannot be read whole.
fn json_of(value: &JsValue, what: &str) -> Result<String, RuleError> {
    to_json(value).map_err(|reason| {
        let reason = reason
            .as_string()
            .unwrap_or_else(|| "it could not be read".to_string());
        RuleError::bad_input(format!("{what} is refused: {reason}"))
    })
}

/// JS value → Rust value. A value that cannot be read (cyclic, too deep or large, throwing)
/// is refused with `bad_input`; one that reads but is not a `what`, with the error `wrap`
/// makes of the reason.
fn from_js<T: DeserializeOwned>(
    value: &JsValue,
    what: &str,
    wrap: impl FnOnce(String) -> RuleError,
) -> Result<T, RuleError> {
    let text = json_of(value, what)?;
    serde_json::from_str(&text).map_err(|e| wrap(brief(&e)))
}

/// A serde error said briefly: without the JSON position (the caller passed an object, not
/// text) and, for an unknown variant, naming a few of the expected ones instead of all.
fn brief(error: &serde_json::Error) -> String {
    let text = error.to_string();
    let text = match text.rfind(" at line ") {
        Some(at) => &text[..at],
        None => text.as_str(),
    };
    const LIST: &str = ", expected one of ";
    match text.find(LIST) {
        Some(at) => {
            let names: Vec<&str> = text[at + LIST.len()..].split(", ").collect();
            if names.len() <= 4 {
                return text.to_string();
            }
            format!(
                "{}; expected one of {} names such as {}",
                &text[..at],
                names.len(),
                names[..3].join(", ")
            )
        }
        None => text.to_string(),
    }
}

/// What JS calls the type of `value` (`typeof`), for messages.
fn js_type(value: &JsValue) -> String {
    if value.is_null() {
        return "null".to_string();
    }
    value
        .js_typeof()
        .as_string()
        .unwrap_or_else(|| "value".to_string())
}

/// A JS number → a seat; another type is `bad_input`, a number that is no seat `unknown_seat`.
fn seat_from(seat: &JsValue) -> Result<Seat, RuleError> {
    let Some(number) = seat.as_f64() else {
        return Err(RuleError::bad_input(format!(
            "a seat is a number (0, 1...), not a {}",
            js_type(seat)
        )));
    };
    if number.fract() == 0.0 && (0.0..=255.0).contains(&number) {
        Ok(Seat(number as u8))
    } else {
        Err(RuleError::UnknownSeat {
            message: format!("a seat is a whole number from 0, not {number}"),
        })
    }
}

fn viewer_from(viewer: &JsValue) -> Result<Viewer, RuleError> {
    from_js(viewer, "the viewer", |e| {
        RuleError::bad_input(format!(
            "a viewer is {{type: \"Seat\", seat: n}}, {{type: \"Spectator\"}} or {{type: \"Omniscient\"}}: {e}"
        ))
    })
}

/// A seed: a decimal string, or `undefined`/`null` (`None`) for a random one.
fn seed_from(seed: Option<&JsValue>) -> Result<Seed, RuleError> {
    let Some(seed) = seed else {
        return Seed::random();
    };
    match seed.as_string() {
        Some(text) => text.parse(),
        None => Err(RuleError::bad_input(format!(
            "a seed is a decimal string such as \"42\", not a {}",
            js_type(seed)
        ))),
    }
}

/// The most playouts one `randomPlayouts` call runs.
pub const MAX_PLAYOUTS: u32 = 10_000;
/// The most actions one random playout may take before it is cut off.
pub const MAX_PLAYOUT_ACTIONS: u32 = 1_000_000;

/// A whole number from `min` to `max`, or `bad_input` naming `what`.
fn count_from(value: &JsValue, what: &str, min: u32, max: u32) -> Result<u32, RuleError> {
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (f64::from(min)..=f64::from(max)).contains(&n) => {
            Ok(n as u32)
        }
        Some(n) => Err(RuleError::bad_input(format!(
            "{what} is a whole number from {min} to {max}, not {n}"
        ))),
        None => Err(RuleError::bad_input(format!(
            "{what} is a number, not a {}",
            js_type(value)
        ))),
    }
}

use crate::engine::session::{SaveOf, SnapshotOf};

fn saved_from<R: Rules>(saved: &JsValue) -> Result<SaveOf<R>, RuleError> {
    from_js(saved, "the saved game", |e| {
        RuleError::bad_save(format!("not a saved game of {}: {e}", R::GAME))
    })
}

fn playouts_js<R: Conformance>(
    count: &JsValue,
    seed: &JsValue,
    max_actions: &JsValue,
) -> Result<JsValue, RuleError> {
    let count = count_from(count, "the number of playouts", 0, MAX_PLAYOUTS)?;
    let seed = match seed.as_string() {
        Some(text) => text.parse::<Seed>()?,
        None => {
            return Err(RuleError::bad_input(format!(
                "a seed is a decimal string such as \"42\", not a {}",
                js_type(seed)
            )))
        }
    };
    let max_actions = count_from(max_actions, "maxActions", 1, MAX_PLAYOUT_ACTIONS)?;
    let stats: PlayoutStats =
        playout::random_playouts::<R>(count, seed.0, max_actions, |s: &mut Stream| {
            R::random_setup(s)
        })?;
    to_js(&stats)
}

/// The Rust side of every game class: the session behind an `Rc` that is only borrowed to
/// be cloned or replaced, never while the rules run (see the module documentation).
struct Game<R: Rules> {
    session: RefCell<Rc<Session<R>>>,
    /// Where `loadPrefix` stopped replaying, if it stopped early.
    stop: Option<ReplayStop>,
}

impl<R: Rules> Game<R> {
    fn of(session: Session<R>, stop: Option<ReplayStop>) -> Self {
        Game {
            session: RefCell::new(Rc::new(session)),
            stop,
        }
    }

    fn new(setup: &JsValue, seed: Option<&JsValue>) -> Result<Self, RuleError> {
        let seed = seed_from(seed)?;
        let setup: R::Setup = from_js(setup, "the setup", |e| {
            RuleError::bad_setup(format!("not a setup of {}: {e}", R::GAME))
        })?;
        Ok(Self::of(Session::new(setup, seed)?, None))
    }

    fn from_scenario(scenario: &JsValue, seed: Option<&JsValue>) -> Result<Self, RuleError> {
        let seed = seed_from(seed)?;
        let scenario: R::Scenario = from_js(scenario, "the scenario", |e| {
            RuleError::bad_scenario(format!("not a scenario of {}: {e}", R::GAME))
        })?;
        Ok(Self::of(Session::from_scenario(scenario, seed)?, None))
    }

    fn load(saved: &JsValue) -> Result<Self, RuleError> {
        Ok(Self::of(Session::load(saved_from::<R>(saved)?)?, None))
    }

    fn load_prefix(saved: &JsValue) -> Result<Self, RuleError> {
        let (session, stop) = Session::load_prefix(saved_from::<R>(saved)?)?;
        Ok(Self::of(session, stop))
    }

    /// The session now (a shared handle; no borrow outlives this call).
    fn now(&self) -> Result<Rc<Session<R>>, RuleError> {
        self.session
            .try_borrow()
            .map(|s| Rc::clone(&s))
            .map_err(|_| RuleError::internal("the game is being changed by another call"))
    }

    /// Puts `next` in place of the session.
    fn replace(&self, next: Session<R>) -> Result<(), RuleError> {
        let mut slot = self
            .session
            .try_borrow_mut()
            .map_err(|_| RuleError::internal("the game is being read by another call"))?;
        *slot = Rc::new(next);
        Ok(())
    }

    fn apply(&self, seat: &JsValue, action: &JsValue) -> Result<JsValue, RuleError> {
        let seat = seat_from(seat)?;
        let action: R::Action = from_js(action, "the action", |e| {
            RuleError::malformed(format!(
                "not an action of {} (an action is an object {{type: ..., ...}} as legalActions lists them): {e}",
                R::GAME
            ))
        })?;
        let prepared = self.now()?.prepare(seat, action)?;
        let events = {
            let mut slot = self
                .session
                .try_borrow_mut()
                .map_err(|_| RuleError::internal("the game is being read by another call"))?;
            // A copy is made only if a panic in an earlier call left a handle behind.
            Rc::make_mut(&mut slot).commit(prepared)
        };
        to_js(&events)
    }

    fn undo(&self) -> Result<(), RuleError> {
        let mut shorter = Session::clone(&*self.now()?);
        shorter.undo()?;
        self.replace(shorter)
    }

    fn view(&self, viewer: &JsValue) -> Result<JsValue, RuleError> {
        let viewer = viewer_from(viewer)?;
        to_js(&self.now()?.view(viewer)?)
    }

    fn log(&self, viewer: &JsValue) -> Result<JsValue, RuleError> {
        let viewer = viewer_from(viewer)?;
        to_js(&self.now()?.log(viewer)?)
    }

    /// An independent copy: the session is copied, so changing one leaves the other.
    fn copy(&self) -> Result<Self, RuleError> {
        Ok(Game {
            session: RefCell::new(Rc::new(Session::clone(&*self.now()?))),
            stop: self.stop.clone(),
        })
    }

    fn log_since(&self, viewer: &JsValue, cursor: &JsValue) -> Result<JsValue, RuleError> {
        let viewer = viewer_from(viewer)?;
        let session = self.now()?;
        let length = u32::try_from(session.log_len()).unwrap_or(u32::MAX);
        let cursor = count_from(cursor, "the log cursor", 0, u32::MAX)?;
        if cursor > length {
            return Err(RuleError::bad_input(format!(
                "the log cursor {cursor} is past the log's end ({length} entries); an undo shortens the log"
            )));
        }
        to_js(&session.log_since(viewer, cursor as usize)?)
    }

    fn snapshot(&self) -> Result<JsValue, RuleError> {
        to_js(&self.now()?.snapshot()?)
    }

    fn from_snapshot(snapshot: &JsValue) -> Result<Self, RuleError> {
        let snapshot: SnapshotOf<R> = from_js(snapshot, "the snapshot", |e| {
            RuleError::bad_save(format!("not a snapshot of {}: {e}", R::GAME))
        })?;
        Ok(Self::of(Session::from_snapshot(snapshot)?, None))
    }

    fn legal_actions(&self, seat: &JsValue) -> Result<JsValue, RuleError> {
        let seat = seat_from(seat)?;
        to_js(&self.now()?.legal_actions(seat))
    }
}

/// Defines the methods of a JS class over [`Game`]`<$rules>` (the struct is declared at
/// each call, so that its doc comment reaches the `.d.ts` as written: a doc passed through
/// the macro would arrive quoted). Attribute values are passed as `tt` so the proc macro
/// sees plain literals. Every method takes `&self` (see the module documentation)
/// and every parameter any JS value.
macro_rules! game_class {
    (
        $class:ident, $js:tt, $rules:ty,
        setup: $setup:tt, scenario: $scenario:tt, action: $action:tt, action_list: $actions:tt,
        events: $events:tt, view: $view:tt, catalog: $catalog:tt, save: $save:tt,
        snapshot: $snapshot:tt
    ) => {
        #[wasm_bindgen(js_class = $js)]
        impl $class {
            /// A new game. `seed` is a decimal string; a random one is drawn when omitted.
            #[wasm_bindgen(constructor)]
            pub fn new(
                #[wasm_bindgen(unchecked_param_type = $setup)] setup: JsValue,
                #[wasm_bindgen(unchecked_optional_param_type = "string | null")]
                seed: Option<JsValue>,
            ) -> JsResult<$class> {
                Ok($class {
                    game: Game::new(&setup, seed.as_ref()).map_err(thrown)?,
                })
            }

            /// A game from a scenario (any position, forced dice).
            #[wasm_bindgen(js_name = fromScenario)]
            pub fn from_scenario(
                #[wasm_bindgen(unchecked_param_type = $scenario)] scenario: JsValue,
                #[wasm_bindgen(unchecked_optional_param_type = "string | null")]
                seed: Option<JsValue>,
            ) -> JsResult<$class> {
                Ok($class {
                    game: Game::from_scenario(&scenario, seed.as_ref()).map_err(thrown)?,
                })
            }

            /// Load a saved game (replays it; throws `bad_save` if it cannot).
            pub fn load(
                #[wasm_bindgen(unchecked_param_type = $save)] saved: JsValue,
            ) -> JsResult<$class> {
                Ok($class {
                    game: Game::load(&saved).map_err(thrown)?,
                })
            }

            /// Load as much of a saved game as replays: the game stands after the last
            /// action that replays (`replayStop` then says where and why it stopped). For a
            /// save made by an older engine whose later actions the corrected rules refuse.
            /// Throws `bad_save` only when the game cannot start at all.
            #[wasm_bindgen(js_name = loadPrefix)]
            pub fn load_prefix(
                #[wasm_bindgen(unchecked_param_type = $save)] saved: JsValue,
            ) -> JsResult<$class> {
                Ok($class {
                    game: Game::load_prefix(&saved).map_err(thrown)?,
                })
            }

            /// Where `loadPrefix` stopped replaying the save, or `undefined` when the whole
            /// save replayed (and for a game not made by `loadPrefix`).
            #[wasm_bindgen(getter, js_name = replayStop, unchecked_return_type = "ReplayStop | undefined")]
            pub fn replay_stop(&self) -> JsResult<JsValue> {
                to_js(&self.game.stop).map_err(thrown)
            }

            /// The static data a board needs. Worked out on the first call only; every
            /// call returns a fresh copy, which the caller may change freely.
            #[wasm_bindgen(unchecked_return_type = $catalog)]
            pub fn catalog() -> JsResult<JsValue> {
                thread_local! {
                    static CATALOG: RefCell<Option<JsValue>> = const { RefCell::new(None) };
                }
                let cached = CATALOG.with(|c| c.borrow().clone());
                let value = match cached {
                    Some(value) => value,
                    None => {
                        let value = <$rules as Rules>::catalog()
                            .and_then(|c| to_js(&c))
                            .map_err(thrown)?;
                        CATALOG.with(|c| *c.borrow_mut() = Some(value.clone()));
                        value
                    }
                };
                copy_of(&value).map_err(|_| {
                    thrown(RuleError::internal("the catalog could not be copied"))
                })
            }

            /// An independent copy of this game: applying, undoing or loading on one leaves
            /// the other as it was.
            #[wasm_bindgen(js_name = clone)]
            pub fn clone_game(&self) -> JsResult<$class> {
                Ok($class {
                    game: self.game.copy().map_err(thrown)?,
                })
            }

            /// How many entries the whole (omniscient) log holds: the cursor to pass to
            /// `logSince` next time. An undo can make it smaller.
            #[wasm_bindgen(getter, js_name = logLength)]
            pub fn log_length(&self) -> JsResult<u32> {
                let length = self.game.now().map_err(thrown)?.log_len();
                Ok(u32::try_from(length).unwrap_or(u32::MAX))
            }

            /// The log entries added since `cursor` (an earlier `logLength`), as `viewer`
            /// may see them: send a seat only its new entries. Throws `bad_input` for a
            /// cursor past the log's end (after an undo, start again from 0).
            #[wasm_bindgen(js_name = logSince, unchecked_return_type = $events)]
            pub fn log_since(
                &self,
                #[wasm_bindgen(unchecked_param_type = "Viewer")] viewer: JsValue,
                #[wasm_bindgen(unchecked_param_type = "number")] cursor: JsValue,
            ) -> JsResult<JsValue> {
                self.game.log_since(&viewer, &cursor).map_err(thrown)
            }

            /// The whole game as a plain JSON-able object (start, seed, position, every
            /// step and the log, with a format version and a digest of the position), which
            /// `fromSnapshot` loads without replaying: for a host that keeps games between
            /// requests. Like a save, it holds every secret and the seed (every future roll
            /// and draw): keep it on the host, never send it to a player.
            #[wasm_bindgen(unchecked_return_type = $snapshot)]
            pub fn snapshot(&self) -> JsResult<JsValue> {
                self.game.snapshot().map_err(thrown)
            }

            /// Load a game from `snapshot()` without replaying it. Throws `bad_save` for a
            /// snapshot of another format version or game, with unknown fields, or whose
            /// position is damaged (its digest differs). The snapshot is trusted host data:
            /// its steps and log are not replayed (use `load` on a save to check a game).
            #[wasm_bindgen(js_name = fromSnapshot)]
            pub fn from_snapshot(
                #[wasm_bindgen(unchecked_param_type = $snapshot)] snapshot: JsValue,
            ) -> JsResult<$class> {
                Ok($class {
                    game: Game::from_snapshot(&snapshot).map_err(thrown)?,
                })
            }

            /// Run random playouts inside WASM (for benchmarks and smoke tests): `count`
            /// games (at most 10,000) from `seed` (a decimal string), each cut off after
            /// `maxActions` actions (1 to 1,000,000).
            #[wasm_bindgen(js_name = randomPlayouts, unchecked_return_type = "PlayoutStats")]
            pub fn random_playouts(
                #[wasm_bindgen(unchecked_param_type = "number")] count: JsValue,
                #[wasm_bindgen(unchecked_param_type = "string")] seed: JsValue,
                #[wasm_bindgen(js_name = maxActions, unchecked_param_type = "number")]
                max_actions: JsValue,
            ) -> JsResult<JsValue> {
                playouts_js::<$rules>(&count, &seed, &max_actions).map_err(thrown)
            }

            /// The seed of this game's dice (decimal string).
            #[wasm_bindgen(getter)]
            pub fn seed(&self) -> JsResult<String> {
                Ok(self.game.now().map_err(thrown)?.seed().to_string())
            }

            /// How many actions have been applied.
            #[wasm_bindgen(getter, js_name = actionsApplied)]
            pub fn actions_applied(&self) -> JsResult<u32> {
                let applied = self.game.now().map_err(thrown)?.actions_applied();
                Ok(u32::try_from(applied).unwrap_or(u32::MAX))
            }

            /// The seats that owe an action now, or the outcome.
            #[wasm_bindgen(js_name = toAct, unchecked_return_type = "ToAct")]
            pub fn to_act(&self) -> JsResult<JsValue> {
                self.game
                    .now()
                    .and_then(|s| to_js(&s.to_act()))
                    .map_err(thrown)
            }

            /// Every action `seat` may take now (empty when it owes none).
            #[wasm_bindgen(js_name = legalActions, unchecked_return_type = $actions)]
            pub fn legal_actions(
                &self,
                #[wasm_bindgen(unchecked_param_type = "number")] seat: JsValue,
            ) -> JsResult<JsValue> {
                self.game.legal_actions(&seat).map_err(thrown)
            }

            /// Apply `seat`'s action; returns the events `seat` may see. Throws and changes
            /// nothing when refused.
            #[wasm_bindgen(unchecked_return_type = $events)]
            pub fn apply(
                &self,
                #[wasm_bindgen(unchecked_param_type = "number")] seat: JsValue,
                #[wasm_bindgen(unchecked_param_type = $action)] action: JsValue,
            ) -> JsResult<JsValue> {
                self.game.apply(&seat, &action).map_err(thrown)
            }

            /// What `viewer` may see of the game.
            #[wasm_bindgen(unchecked_return_type = $view)]
            pub fn view(
                &self,
                #[wasm_bindgen(unchecked_param_type = "Viewer")] viewer: JsValue,
            ) -> JsResult<JsValue> {
                self.game.view(&viewer).map_err(thrown)
            }

            /// The log as `viewer` may see it.
            #[wasm_bindgen(unchecked_return_type = $events)]
            pub fn log(
                &self,
                #[wasm_bindgen(unchecked_param_type = "Viewer")] viewer: JsValue,
            ) -> JsResult<JsValue> {
                self.game.log(&viewer).map_err(thrown)
            }

            /// The game as a replayable record (plain JSON-able object) in the compact
            /// form: each action as its place among that moment's legal actions (`moves`),
            /// with the action count and a digest of the position, which `load` checks.
            #[wasm_bindgen(unchecked_return_type = $save)]
            pub fn save(&self) -> JsResult<JsValue> {
                self.game
                    .now()
                    .and_then(|s| to_js(&s.save()?))
                    .map_err(thrown)
            }

            /// The game as a replayable record with every action in full (`actions`):
            /// longer than `save()`, for reading the actions. `load` takes either form.
            #[wasm_bindgen(js_name = saveReadable, unchecked_return_type = $save)]
            pub fn save_readable(&self) -> JsResult<JsValue> {
                self.game
                    .now()
                    .and_then(|s| to_js(&s.save_readable()?))
                    .map_err(thrown)
            }

            /// The seat that took the last action, or `undefined` before the first.
            #[wasm_bindgen(getter, js_name = lastActor)]
            pub fn last_actor(&self) -> JsResult<Option<u8>> {
                let session = self.game.now().map_err(thrown)?;
                Ok(session.last_actor().map(|seat| seat.0))
            }

            /// Take back the last action; throws `undo_refused` past revealed information.
            pub fn undo(&self) -> JsResult<()> {
                self.game.undo().map_err(thrown)
            }

            /// Why undo is refused now, or `undefined` when it is allowed.
            #[wasm_bindgen(js_name = undoRefusal)]
            pub fn undo_refusal(&self) -> JsResult<Option<String>> {
                Ok(self.game.now().map_err(thrown)?.undo_refusal())
            }
        }
    };
}

#[wasm_bindgen(typescript_custom_section)]
const BIDDING_RACE_TS: &'static str = r#"
/** A log entry of Bidding Race. */
export type RaceLogEntry = GameEvent<RaceEvent>;
/** A saved game of Bidding Race. */
export type RaceSave = SavedGame<RaceSetup, RaceScenario, RaceAction>;
/** A snapshot of a game of Bidding Race (secret: it holds the seed). */
export type RaceSnapshot = Snapshot<RaceSetup, RaceScenario, RaceAction, RaceEvent>;
"#;

/// Bidding Race, a small example game for embedders: 2 to 6 racers secretly bid energy each
/// round to advance, the one highest bidder may sprint with a die, and the racers furthest
/// ahead at the end win. A game in progress: ask it who is to act (`toAct`), what each seat
/// may do (`legalActions`), apply an action (`apply`), and show each viewer what it may see
/// (`view`, `log`). Every refused call throws a `RuleError` and changes nothing.
#[wasm_bindgen(js_name = "BiddingRace")]
pub struct JsBiddingRace {
    game: Game<BiddingRace>,
}

game_class!(
    JsBiddingRace, "BiddingRace", BiddingRace,
    setup: "RaceSetup", scenario: "RaceScenario", action: "RaceAction", action_list: "RaceAction[]",
    events: "RaceLogEntry[]", view: "RaceView", catalog: "RaceCatalog", save: "RaceSave",
    snapshot: "RaceSnapshot"
);

#[wasm_bindgen(typescript_custom_section)]
const MAGIC_REALM_TS: &'static str = r#"
/** A log entry of Magic Realm. */
export type MagicRealmLogEntry = GameEvent<MagicRealmEvent>;
/** A saved game of Magic Realm. */
export type MagicRealmSave = SavedGame<MagicRealmSetup, MagicRealmScenario, MagicRealmAction>;
/** A snapshot of a game of Magic Realm (secret: it holds the seed). */
export type MagicRealmSnapshot = Snapshot<MagicRealmSetup, MagicRealmScenario, MagicRealmAction, MagicRealmEvent>;
"#;

/// A game of Magic Realm (3rd edition, the 3.1 rules) for 1 to 6 characters, from setup
/// (characters, map, days) to the final score. The engine decides every rule: ask it who is
/// to act (`toAct`), what each seat may do (`legalActions`), apply an action (`apply`), and
/// show each viewer what it may see (`view`, `log`). Every refused call throws a
/// `RuleError` and changes nothing. The game object, its save, its snapshot and its seed
/// hold every secret (see the README, "Keeping secrets").
#[wasm_bindgen(js_name = "MagicRealm")]
pub struct JsMagicRealm {
    game: Game<MagicRealm>,
}

game_class!(
    JsMagicRealm, "MagicRealm", MagicRealm,
    setup: "MagicRealmSetup", scenario: "MagicRealmScenario", action: "MagicRealmAction",
    action_list: "MagicRealmAction[]", events: "MagicRealmLogEntry[]", view: "MagicRealmView",
    catalog: "Catalog", save: "MagicRealmSave", snapshot: "MagicRealmSnapshot"
);

#[wasm_bindgen(js_class = MagicRealm)]
impl JsMagicRealm {
    /// 8.4.5 to 8.4.9: the exact odds of `seat`'s candidate `plays` against the denizens on
    /// his sheet, during the Plays stage, from what that seat may know only (other
    /// characters' attacks are not counted). Throws `illegal_action`, `not_your_turn` or
    /// `unknown_seat` when it cannot be asked; changes nothing.
    #[wasm_bindgen(js_name = playOdds, unchecked_return_type = "PlayOdds")]
    pub fn play_odds(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] seat: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Plays")] plays: JsValue,
    ) -> JsResult<JsValue> {
        self.odds(&seat, &plays).map_err(thrown)
    }
}

impl JsMagicRealm {
    fn odds(&self, seat: &JsValue, plays: &JsValue) -> Result<JsValue, RuleError> {
        let seat = seat_from(seat)?;
        let plays: Plays = from_js(plays, "the plays", |e| {
            RuleError::malformed(format!("not the plays of a Melee Step: {e}"))
        })?;
        let cat = crate::magic_realm::game::data()?;
        let session = self.game.now()?;
        to_js(&play_odds(cat, session.state(), seat, &plays)?)
    }
}

#[wasm_bindgen(typescript_custom_section)]
const HAND_OF_DOOM_TS: &'static str = r#"
/** A log entry of Hand of Doom. */
export type HodLogEntry = GameEvent<HodEvent>;
/** A saved game of Hand of Doom. */
export type HodSave = SavedGame<HodSetup, HodScenario, HodAction>;
/** A snapshot of a game of Hand of Doom (secret: it holds the seed). */
export type HodSnapshot = Snapshot<HodSetup, HodScenario, HodAction, HodEvent>;
"#;

/// A game of Dungeon Degenerates: Hand of Doom on the engine's original sample content (or
/// content of your own), for 1 adventurer or more. Ask it who is to act (`toAct`), what
/// each seat may do (`legalActions`), apply an action (`apply`), and show each viewer what
/// it may see (`view`, `log`). Every refused call throws a `RuleError` and changes nothing.
/// The game object, its save, its snapshot and its seed hold every secret.
#[wasm_bindgen(js_name = "HandOfDoom")]
pub struct JsHandOfDoom {
    game: Game<HandOfDoom>,
}

game_class!(
    JsHandOfDoom, "HandOfDoom", HandOfDoom,
    setup: "HodSetup", scenario: "HodScenario", action: "HodAction", action_list: "HodAction[]",
    events: "HodLogEntry[]", view: "HodView", catalog: "Content", save: "HodSave",
    snapshot: "HodSnapshot"
);

/// Every error code, for hosts that want to list them.
#[wasm_bindgen(js_name = errorCodes, unchecked_return_type = "ErrorCode[]")]
pub fn error_codes() -> JsResult<JsValue> {
    to_js(&ErrorCode::ALL).map_err(thrown)
}
