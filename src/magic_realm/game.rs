//! `MagicRealm`: the engine contract ([`Rules`]) for Magic Realm, and its hooks for the
//! conformance harness. So far the game runs from setup (chapter 3) to the first Birdsong;
//! the day's rules (chapter 6 onwards) come next.

use crate::engine::conformance::Conformance;
use crate::engine::dice::Stream;
use crate::engine::{Event, Outcome, RuleError, Rules, Seat, Seed, ToAct, Viewer};
use crate::magic_realm::actions::{MagicRealmAction, MagicRealmEvent};
use crate::magic_realm::catalog::{self, Catalog};
use crate::magic_realm::pieces::all_pieces;
use crate::magic_realm::scenario::{self, MagicRealmScenario};
use crate::magic_realm::state::{
    GameState, MagicRealmSetup, MapChoice, SeatSetup, Step, DEFAULT_DAYS,
};
use crate::magic_realm::view::{self, MagicRealmView};
use crate::magic_realm::{day, setup};
use std::collections::BTreeSet;

/// Magic Realm, 3rd edition rules (implements [`Rules`]).
#[derive(Debug, Clone, Copy)]
pub struct MagicRealm;

/// The catalog, or an internal error if the compiled-in data were broken (the data tests
/// make sure they are not).
pub fn data() -> Result<&'static Catalog, RuleError> {
    catalog::get().map_err(|e| RuleError::internal(format!("the game data did not load: {e}")))
}

impl Rules for MagicRealm {
    const GAME: &'static str = "magic-realm";
    type Setup = MagicRealmSetup;
    type Scenario = MagicRealmScenario;
    type State = GameState;
    type Action = MagicRealmAction;
    type Event = MagicRealmEvent;
    type View = MagicRealmView;
    type Catalog = &'static Catalog;

    fn start(setup: &MagicRealmSetup, seed: Seed) -> Result<GameState, RuleError> {
        setup::start(data()?, setup, seed)
    }

    fn from_scenario(sc: &MagicRealmScenario, seed: Seed) -> Result<GameState, RuleError> {
        scenario::build(data()?, sc, seed)
    }

    fn seat_count(state: &GameState) -> usize {
        state.seats.len()
    }

    fn to_act(state: &GameState) -> ToAct {
        let Ok(cat) = data() else {
            return ToAct::GameOver {
                outcome: Outcome {
                    winners: Vec::new(),
                    summary: "the game data did not load".into(),
                },
            };
        };
        match &state.step {
            Step::GameOver { scores } => ToAct::GameOver {
                outcome: day::scoring::outcome(cat, state, scores),
            },
            Step::Birdsong { .. } | Step::Daylight { .. } | Step::Evening { .. } => ToAct::Seats {
                seats: day::to_act(cat, state),
            },
            _ => ToAct::Seats {
                seats: setup::to_act(state),
            },
        }
    }

    fn legal_actions(state: &GameState, seat: Seat) -> Vec<MagicRealmAction> {
        match data() {
            Ok(cat) if state.step.is_day() => day::legal_actions(cat, state, seat),
            Ok(cat) => setup::legal_actions(cat, state, seat),
            Err(_) => Vec::new(),
        }
    }

    fn apply(
        state: &mut GameState,
        seat: Seat,
        action: &MagicRealmAction,
    ) -> Result<Vec<Event<MagicRealmEvent>>, RuleError> {
        // `Session` has already checked that `action` is one of `legal_actions`.
        let cat = data()?;
        if state.step.is_day() {
            day::apply(cat, state, seat, action)
        } else {
            setup::apply(cat, state, seat, action)
        }
    }

    fn view(state: &GameState, viewer: Viewer) -> MagicRealmView {
        view::view(state, viewer)
    }

    fn catalog() -> Result<&'static Catalog, RuleError> {
        data()
    }
}

impl Conformance for MagicRealm {
    fn random_setup(stream: &mut Stream) -> MagicRealmSetup {
        let seats = 1 + stream.index(6);
        let mut characters: Vec<_> = data()
            .map(|c| {
                c.characters
                    .characters
                    .iter()
                    .map(|c| c.id.clone())
                    .collect()
            })
            .unwrap_or_default();
        let seats = (0..seats)
            .map(|_| SeatSetup {
                // About one seat in three comes with its character chosen.
                character: (stream.index(3) == 0 && !characters.is_empty())
                    .then(|| characters.swap_remove(stream.index(characters.len()))),
            })
            .collect();
        MagicRealmSetup {
            seats,
            map: if stream.index(4) == 0 {
                MapChoice::Random
            } else {
                MapChoice::Default
            },
            days: DEFAULT_DAYS,
        }
    }

    fn arbitrary_action(state: &GameState, stream: &mut Stream) -> MagicRealmAction {
        let Ok(cat) = data() else {
            return MagicRealmAction::ConfirmChoices;
        };
        // A legal action of some seat (often another seat's, or another stage's).
        let any_seat = Seat(u8::try_from(stream.index(state.seats.len().max(1))).unwrap_or(0));
        let options = <MagicRealm as Rules>::legal_actions(state, any_seat);
        if !options.is_empty() && stream.index(2) == 0 {
            if let Some(a) = options.get(stream.index(options.len())) {
                return a.clone();
            }
        }
        let c = &cat.characters.characters;
        match stream.index(10) {
            6 => return MagicRealmAction::Proceed,
            7 => {
                return MagicRealmAction::Rest {
                    chit: u8::try_from(stream.index(14)).unwrap_or(0),
                    change: None,
                }
            }
            8 => return MagicRealmAction::FinishRecording,
            9 => {
                return MagicRealmAction::RecordActivity {
                    activity: crate::magic_realm::state::Activity::Move {
                        to: crate::magic_realm::map::ClearingRef::new(
                            crate::magic_realm::catalog::tiles::TileId::Borderland,
                            u8::try_from(stream.index(7)).unwrap_or(1),
                        ),
                    },
                }
            }
            _ => {}
        }
        match stream.index(6) {
            0 => MagicRealmAction::ChooseCharacter {
                character: c.get(stream.index(c.len())).map_or_else(
                    || crate::magic_realm::catalog::characters::CharacterId("nobody".into()),
                    |x| x.id.clone(),
                ),
            },
            1 => MagicRealmAction::EnchantChit {
                chit: u8::try_from(stream.index(14)).unwrap_or(0),
            },
            2 => MagicRealmAction::PlaceVisitorChit {
                chit: crate::magic_realm::pieces::VisitorChitId("no-such-chit".into()),
                facing: crate::magic_realm::pieces::Facing::Light,
                box_number: u8::try_from(stream.index(12)).unwrap_or(0),
            },
            3 => MagicRealmAction::ConfirmChoices,
            4 => MagicRealmAction::FinishEnchanting,
            _ => MagicRealmAction::ReviseChoices,
        }
    }

    fn perturb_secrets(state: &GameState, owner: Seat, stream: &mut Stream) -> Option<GameState> {
        let sheet = state.seat(owner)?;
        sheet.character.as_ref()?;
        let mut out = state.clone();
        if matches!(state.step, Step::Birdsong { .. }) && stream.index(2) == 0 {
            let record = &mut out.seat_mut(owner)?.record;
            if record.done {
                return None;
            }
            record
                .activities
                .push(crate::magic_realm::state::Activity::Hide);
            return Some(out);
        }
        let rec = &mut out.seat_mut(owner)?.secret;
        match stream.index(3) {
            0 => rec
                .victory
                .add(crate::magic_realm::state::VictoryCategory::Fame),
            1 => rec.spells.push(crate::magic_realm::catalog::magic::SpellId(
                "perturbed".into(),
            )),
            _ => rec.enchanting_done = !rec.enchanting_done,
        }
        Some(out)
    }

    fn secret_decision(state: &GameState, _seat: Seat) -> bool {
        matches!(state.step, Step::SecretChoices | Step::Birdsong { .. })
            || crate::magic_realm::combat::current(state)
                .is_some_and(|c| c.stage == crate::magic_realm::combat::CombatStage::Plays)
    }

    fn avoided_in_random_play(action: &MagicRealmAction) -> bool {
        matches!(
            action,
            MagicRealmAction::VoteToEnd { vote: true }
                | MagicRealmAction::DeclareSuicide { declare: true }
        )
    }

    fn invariants(state: &GameState) -> Result<(), String> {
        let cat = data().map_err(|e| e.to_string())?;
        let expected: BTreeSet<_> = all_pieces(cat).into_iter().collect();
        state.piles.check_conservation(&expected)
    }
}
