//! The only bridge to JavaScript (DESIGN.md): one class per game over [`Session`], a thrown
//! `RuleError` class, and the panic hook. Values cross as plain JS objects through serde;
//! every parameter and result carries its exact TypeScript type (declared by the tsify
//! derives on the Rust types), so the generated `.d.ts` has no `any`.
//!
//! Nothing a caller passes can crash the module: every input is deserialized and checked,
//! and every failure is thrown as a `RuleError` with a stable `code` and an English `message`.

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
use wasm_bindgen::prelude::*;

/// Reports a panic (an engine bug) as a thrown JS error with its message, instead of an
/// opaque `unreachable` trap.
#[wasm_bindgen(start)]
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        wasm_bindgen::throw_str(&format!(
            "tabletop-rules panicked (a bug; please report it): {info}"
        ))
    }));
}

/// The error every failed call throws. `code` is stable and machine-readable; `message` is
/// English for a person; `info` is the whole error as a discriminated union on `code`.
#[wasm_bindgen(js_name = RuleError)]
pub struct JsRuleError {
    inner: RuleError,
}

#[wasm_bindgen(js_class = RuleError)]
impl JsRuleError {
    #[wasm_bindgen(getter, unchecked_return_type = "ErrorCode")]
    pub fn code(&self) -> String {
        self.inner.code().as_str().to_string()
    }

    #[wasm_bindgen(getter)]
    pub fn message(&self) -> String {
        self.inner.message().to_string()
    }

    #[wasm_bindgen(getter, unchecked_return_type = "RuleErrorInfo")]
    pub fn info(&self) -> JsValue {
        to_js(&self.inner).unwrap_or(JsValue::UNDEFINED)
    }

    /// `"code: message"`.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_string_js(&self) -> String {
        self.inner.to_string()
    }
}

impl From<RuleError> for JsRuleError {
    fn from(inner: RuleError) -> Self {
        JsRuleError { inner }
    }
}

type JsResult<T> = Result<T, JsRuleError>;

/// Rust value → plain JS value (objects, not `Map`s; `None` → `undefined`).
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, RuleError> {
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    value.serialize(&serializer).map_err(|e| {
        RuleError::internal(format!(
            "a result could not be converted for JavaScript: {e}"
        ))
    })
}

/// JS value → Rust value; `wrap` turns the reason into the right error kind.
fn from_js<T: DeserializeOwned>(
    value: JsValue,
    wrap: impl FnOnce(String) -> RuleError,
) -> Result<T, RuleError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| wrap(e.to_string()))
}

/// A JS number → a seat; anything but a small whole number is refused.
fn seat_from(seat: f64) -> Result<Seat, RuleError> {
    if seat.fract() == 0.0 && (0.0..=255.0).contains(&seat) {
        Ok(Seat(seat as u8))
    } else {
        Err(RuleError::UnknownSeat {
            message: format!("a seat is a whole number from 0, not {seat}"),
        })
    }
}

fn viewer_from(viewer: JsValue) -> Result<Viewer, RuleError> {
    from_js(viewer, |e| {
        RuleError::bad_input(format!(
            "a viewer is {{type: \"Seat\", seat: n}}, {{type: \"Spectator\"}} or {{type: \"Omniscient\"}}: {e}"
        ))
    })
}

fn seed_from(seed: Option<String>) -> Result<Seed, RuleError> {
    match seed {
        Some(text) => text.parse(),
        None => Seed::random(),
    }
}

/// The common body of every game class.
fn new_session<R: Rules>(setup: JsValue, seed: Option<String>) -> Result<Session<R>, RuleError> {
    let setup: R::Setup = from_js(setup, |e| {
        RuleError::bad_setup(format!("not a setup of {}: {e}", R::GAME))
    })?;
    Session::new(setup, seed_from(seed)?)
}

fn scenario_session<R: Rules>(
    scenario: JsValue,
    seed: Option<String>,
) -> Result<Session<R>, RuleError> {
    let scenario: R::Scenario = from_js(scenario, |e| {
        RuleError::bad_scenario(format!("not a scenario of {}: {e}", R::GAME))
    })?;
    Session::from_scenario(scenario, seed_from(seed)?)
}

use crate::engine::session::SaveOf;

fn saved_from<R: Rules>(saved: JsValue) -> Result<SaveOf<R>, RuleError> {
    from_js(saved, |e| {
        RuleError::bad_save(format!("not a saved game of {}: {e}", R::GAME))
    })
}

fn load_session<R: Rules>(saved: JsValue) -> Result<Session<R>, RuleError> {
    Session::load(saved_from::<R>(saved)?)
}

fn apply_js<R: Rules>(
    session: &mut Session<R>,
    seat: f64,
    action: JsValue,
) -> Result<JsValue, RuleError> {
    let seat = seat_from(seat)?;
    let action: R::Action = from_js(action, |e| {
        RuleError::malformed(format!("not an action of {}: {e}", R::GAME))
    })?;
    let events = session.apply(seat, action)?;
    to_js(&events)
}

fn playouts_js<R: Conformance>(
    count: u32,
    seed: String,
    max_actions: u32,
) -> Result<JsValue, RuleError> {
    let seed: Seed = seed.parse()?;
    let stats: PlayoutStats =
        playout::random_playouts::<R>(count, seed.0, max_actions, |s: &mut Stream| {
            R::random_setup(s)
        })?;
    to_js(&stats)
}

/// Defines a JS class over `Session<$rules>`. Attribute values are passed as `tt` so the
/// proc macro sees plain literals.
macro_rules! game_class {
    (
        $class:ident, $js:tt, $rules:ty,
        setup: $setup:tt, scenario: $scenario:tt, action: $action:tt, action_list: $actions:tt,
        events: $events:tt, view: $view:tt, catalog: $catalog:tt, save: $save:tt
    ) => {
        #[wasm_bindgen(js_name = $js)]
        pub struct $class {
            session: Session<$rules>,
            /// Where `loadPrefix` stopped replaying, if it stopped early.
            stop: Option<ReplayStop>,
        }

        #[wasm_bindgen(js_class = $js)]
        impl $class {
            /// A new game. `seed` is a decimal string; a random one is drawn when omitted.
            #[wasm_bindgen(constructor)]
            pub fn new(
                #[wasm_bindgen(unchecked_param_type = $setup)] setup: JsValue,
                seed: Option<String>,
            ) -> JsResult<$class> {
                Ok($class {
                    session: new_session::<$rules>(setup, seed)?,
                    stop: None,
                })
            }

            /// A game from a scenario (any position, forced dice).
            #[wasm_bindgen(js_name = fromScenario)]
            pub fn from_scenario(
                #[wasm_bindgen(unchecked_param_type = $scenario)] scenario: JsValue,
                seed: Option<String>,
            ) -> JsResult<$class> {
                Ok($class {
                    session: scenario_session::<$rules>(scenario, seed)?,
                    stop: None,
                })
            }

            /// Load a saved game (replays it; throws `bad_save` if it cannot).
            pub fn load(
                #[wasm_bindgen(unchecked_param_type = $save)] saved: JsValue,
            ) -> JsResult<$class> {
                Ok($class {
                    session: load_session::<$rules>(saved)?,
                    stop: None,
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
                let (session, stop) =
                    Session::<$rules>::load_prefix(saved_from::<$rules>(saved)?)?;
                Ok($class { session, stop })
            }

            /// Where `loadPrefix` stopped replaying the save, or `undefined` when the whole
            /// save replayed (and for a game not made by `loadPrefix`).
            #[wasm_bindgen(getter, js_name = replayStop, unchecked_return_type = "ReplayStop | undefined")]
            pub fn replay_stop(&self) -> JsResult<JsValue> {
                Ok(to_js(&self.stop)?)
            }

            /// The static data a board needs.
            #[wasm_bindgen(unchecked_return_type = $catalog)]
            pub fn catalog() -> JsResult<JsValue> {
                Ok(to_js(&<$rules as Rules>::catalog()?)?)
            }

            /// Run random playouts inside WASM (for benchmarks and smoke tests).
            #[wasm_bindgen(js_name = randomPlayouts, unchecked_return_type = "PlayoutStats")]
            pub fn random_playouts(
                count: u32,
                seed: String,
                max_actions: u32,
            ) -> JsResult<JsValue> {
                Ok(playouts_js::<$rules>(count, seed, max_actions)?)
            }

            /// The seed of this game's dice (decimal string).
            #[wasm_bindgen(getter)]
            pub fn seed(&self) -> String {
                self.session.seed().to_string()
            }

            /// How many actions have been applied.
            #[wasm_bindgen(getter, js_name = actionsApplied)]
            pub fn actions_applied(&self) -> u32 {
                u32::try_from(self.session.actions_applied()).unwrap_or(u32::MAX)
            }

            /// The seats that owe an action now, or the outcome.
            #[wasm_bindgen(js_name = toAct, unchecked_return_type = "ToAct")]
            pub fn to_act(&self) -> JsResult<JsValue> {
                Ok(to_js(&self.session.to_act())?)
            }

            /// Every action `seat` may take now (empty when it owes none).
            #[wasm_bindgen(js_name = legalActions, unchecked_return_type = $actions)]
            pub fn legal_actions(&self, seat: f64) -> JsResult<JsValue> {
                let seat = seat_from(seat)?;
                Ok(to_js(&self.session.legal_actions(seat))?)
            }

            /// Apply `seat`'s action; returns the events `seat` may see. Throws and changes
            /// nothing when refused.
            #[wasm_bindgen(unchecked_return_type = $events)]
            pub fn apply(
                &mut self,
                seat: f64,
                #[wasm_bindgen(unchecked_param_type = $action)] action: JsValue,
            ) -> JsResult<JsValue> {
                Ok(apply_js(&mut self.session, seat, action)?)
            }

            /// What `viewer` may see of the game.
            #[wasm_bindgen(unchecked_return_type = $view)]
            pub fn view(
                &self,
                #[wasm_bindgen(unchecked_param_type = "Viewer")] viewer: JsValue,
            ) -> JsResult<JsValue> {
                Ok(to_js(&self.session.view(viewer_from(viewer)?)?)?)
            }

            /// The log as `viewer` may see it.
            #[wasm_bindgen(unchecked_return_type = $events)]
            pub fn log(
                &self,
                #[wasm_bindgen(unchecked_param_type = "Viewer")] viewer: JsValue,
            ) -> JsResult<JsValue> {
                Ok(to_js(&self.session.log(viewer_from(viewer)?)?)?)
            }

            /// The game as a replayable record (plain JSON-able object) in the compact
            /// form: each action as its place among that moment's legal actions (`moves`),
            /// with the action count and a digest of the position, which `load` checks.
            #[wasm_bindgen(unchecked_return_type = $save)]
            pub fn save(&self) -> JsResult<JsValue> {
                Ok(to_js(&self.session.save()?)?)
            }

            /// The game as a replayable record with every action in full (`actions`):
            /// longer than `save()`, for reading the actions. `load` takes either form.
            #[wasm_bindgen(js_name = saveReadable, unchecked_return_type = $save)]
            pub fn save_readable(&self) -> JsResult<JsValue> {
                Ok(to_js(&self.session.save_readable()?)?)
            }

            /// The seat that took the last action, or `undefined` before the first.
            #[wasm_bindgen(getter, js_name = lastActor)]
            pub fn last_actor(&self) -> Option<u8> {
                self.session.last_actor().map(|seat| seat.0)
            }

            /// Take back the last action; throws `undo_refused` past revealed information.
            pub fn undo(&mut self) -> JsResult<()> {
                Ok(self.session.undo()?)
            }

            /// Why undo is refused now, or `undefined` when it is allowed.
            #[wasm_bindgen(js_name = undoRefusal)]
            pub fn undo_refusal(&self) -> Option<String> {
                self.session.undo_refusal()
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
"#;

game_class!(
    JsBiddingRace, "BiddingRace", BiddingRace,
    setup: "RaceSetup", scenario: "RaceScenario", action: "RaceAction", action_list: "RaceAction[]",
    events: "RaceLogEntry[]", view: "RaceView", catalog: "RaceCatalog", save: "RaceSave"
);

#[wasm_bindgen(typescript_custom_section)]
const MAGIC_REALM_TS: &'static str = r#"
/** A log entry of Magic Realm. */
export type MagicRealmLogEntry = GameEvent<MagicRealmEvent>;
/** A saved game of Magic Realm. */
export type MagicRealmSave = SavedGame<MagicRealmSetup, MagicRealmScenario, MagicRealmAction>;
"#;

game_class!(
    JsMagicRealm, "MagicRealm", MagicRealm,
    setup: "MagicRealmSetup", scenario: "MagicRealmScenario", action: "MagicRealmAction",
    action_list: "MagicRealmAction[]", events: "MagicRealmLogEntry[]", view: "MagicRealmView",
    catalog: "Catalog", save: "MagicRealmSave"
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
        seat: f64,
        #[wasm_bindgen(unchecked_param_type = "Plays")] plays: JsValue,
    ) -> JsResult<JsValue> {
        let seat = seat_from(seat)?;
        let plays: Plays = from_js(plays, |e| {
            RuleError::malformed(format!("not the plays of a Melee Step: {e}"))
        })?;
        let cat = crate::magic_realm::game::data()?;
        Ok(to_js(&play_odds(cat, self.session.state(), seat, &plays)?)?)
    }
}

#[wasm_bindgen(typescript_custom_section)]
const HAND_OF_DOOM_TS: &'static str = r#"
/** A log entry of Hand of Doom. */
export type HodLogEntry = GameEvent<HodEvent>;
/** A saved game of Hand of Doom. */
export type HodSave = SavedGame<HodSetup, HodScenario, HodAction>;
"#;

game_class!(
    JsHandOfDoom, "HandOfDoom", HandOfDoom,
    setup: "HodSetup", scenario: "HodScenario", action: "HodAction", action_list: "HodAction[]",
    events: "HodLogEntry[]", view: "HodView", catalog: "Content", save: "HodSave"
);

/// Every error code, for hosts that want to list them.
#[wasm_bindgen(js_name = errorCodes, unchecked_return_type = "ErrorCode[]")]
pub fn error_codes() -> JsResult<JsValue> {
    Ok(to_js(&ErrorCode::ALL)?)
}
