//! `HandOfDoom`: the engine contract ([`Rules`]) over the chart's steps [1]-[13], and its
//! hooks for the conformance harness.

use crate::engine::conformance::Conformance;
use crate::engine::dice::Stream;
use crate::engine::GameStart;
use crate::engine::{Event, Outcome, RuleError, Rules, Seat, Seed, ToAct, Viewer};
use crate::hand_of_doom::actions::{AttackWith, HodAction, HodEvent};
use crate::hand_of_doom::choices;
use crate::hand_of_doom::content::{Content, LootId, SkillId, SpaceId};
use crate::hand_of_doom::fight::{self, CombatStance};
use crate::hand_of_doom::map_phase;
use crate::hand_of_doom::scenario::{self, HodScenario, HodSetup, ScenarioAdventurer};
use crate::hand_of_doom::state::{HodState, MapStance, Step};
use crate::hand_of_doom::turn;
use crate::hand_of_doom::validate;
use crate::hand_of_doom::view::{self, HodView};

/// Dungeon Degenerates: Hand of Doom (implements [`Rules`]).
#[derive(Debug, Clone, Copy)]
pub struct HandOfDoom;

fn setup_scenario(setup: &HodSetup) -> HodScenario {
    HodScenario {
        content: setup.content.clone(),
        adventurers: setup
            .adventurers
            .iter()
            .map(|a| ScenarioAdventurer {
                adventurer: a.clone(),
                space: None,
                attributes: None,
                arm: None,
                power_dice: None,
                wounds: 0,
                conditions: Vec::new(),
                gp: None,
                xp: None,
                items: None,
                skills: Vec::new(),
                stance: None,
            })
            .collect(),
        ..HodScenario::default()
    }
}

/// The seats owing a decision now.
fn actors(state: &HodState) -> Vec<Seat> {
    let seat = match &state.step {
        Step::Over { .. } => None,
        Step::Stance { party }
        | Step::LeaverStance { party }
        | Step::DangerRoll { party }
        | Step::Dispel { party }
        | Step::Bribe { party }
        | Step::PayBribe { party } => state.leader(*party),
        Step::MapAction { seat } | Step::Rest { seat } | Step::Trading { seat } => Some(*seat),
        Step::Fight { .. } => state.fight.as_ref().and_then(|f| f.current()),
    };
    seat.into_iter().collect()
}

impl Rules for HandOfDoom {
    const GAME: &'static str = "hand-of-doom";
    type Setup = HodSetup;
    type Scenario = HodScenario;
    type State = HodState;
    type Action = HodAction;
    type Event = HodEvent;
    type View = HodView;
    type Catalog = Content;

    fn start(setup: &HodSetup, seed: Seed) -> Result<HodState, RuleError> {
        let content = scenario::load_content(setup.content.as_deref())?;
        scenario::build(content, &setup_scenario(setup), seed, true).map_err(|e| match e {
            RuleError::BadScenario { message } => RuleError::bad_setup(message),
            other => other,
        })
    }

    fn from_scenario(sc: &HodScenario, seed: Seed) -> Result<HodState, RuleError> {
        let content = scenario::load_content(sc.content.as_deref())
            .map_err(|e| RuleError::bad_scenario(e.message().to_string()))?;
        scenario::build(content, sc, seed, false)
    }

    fn seat_count(state: &HodState) -> usize {
        state.adventurers.len()
    }

    fn to_act(state: &HodState) -> ToAct {
        match state.step {
            Step::Over { won } => ToAct::GameOver {
                outcome: Outcome {
                    winners: if won {
                        state.alive().map(|a| a.seat).collect()
                    } else {
                        Vec::new()
                    },
                    summary: if won {
                        format!(
                            "The Hand of Doom was dispelled on game turn {}.",
                            state.turn
                        )
                    } else {
                        format!("The mission was lost on game turn {}.", state.turn)
                    },
                },
            },
            _ => ToAct::Seats {
                seats: actors(state),
            },
        }
    }

    fn legal_actions(state: &HodState, seat: Seat) -> Vec<HodAction> {
        if !actors(state).contains(&seat) {
            return Vec::new();
        }
        match &state.step {
            Step::Stance { .. } | Step::LeaverStance { .. } => MapStance::ALL
                .into_iter()
                .map(|stance| HodAction::ChooseStance { stance })
                .collect(),
            Step::MapAction { .. } => map_phase::map_actions(state, seat),
            Step::Rest { .. } => map_phase::rest_actions(state, seat),
            Step::Trading { .. } => map_phase::trading_actions(state, seat),
            Step::DangerRoll { party }
            | Step::Dispel { party }
            | Step::Bribe { party }
            | Step::PayBribe { party } => choices::party_actions(state, *party),
            Step::Fight { .. } => fight::fight_actions(state, seat),
            Step::Over { .. } => Vec::new(),
        }
    }

    fn apply(
        state: &mut HodState,
        seat: Seat,
        action: &HodAction,
    ) -> Result<Vec<Event<HodEvent>>, RuleError> {
        let mut log = Vec::new();
        match (state.step.clone(), action) {
            (
                Step::Stance { party } | Step::LeaverStance { party },
                HodAction::ChooseStance { stance },
            ) => {
                let members = state.members(party);
                if let Some(p) = state.parties.get_mut(party) {
                    p.stance = *stance;
                }
                log.push(Event::public(
                    "[1]",
                    format!(
                        "{} chooses the {stance:?} stance for the party.",
                        state.name(seat)
                    ),
                    HodEvent::StanceChosen {
                        members,
                        stance: *stance,
                    },
                ));
                if matches!(state.step, Step::Stance { .. }) {
                    turn::after_stance(state, party, &mut log);
                } else {
                    turn::after_leaver(state, &mut log);
                }
            }
            (Step::MapAction { .. }, _) => {
                map_phase::apply_map_action(state, seat, action, &mut log)?
            }
            (Step::Rest { .. } | Step::Trading { .. }, _) => {
                map_phase::apply_rest(state, seat, action, &mut log)?
            }
            (
                Step::DangerRoll { party }
                | Step::Dispel { party }
                | Step::Bribe { party }
                | Step::PayBribe { party },
                _,
            ) => choices::apply_party(state, party, action, &mut log)?,
            (Step::Fight { .. }, _) => fight::apply_fight(state, seat, action, &mut log)?,
            _ => return Err(RuleError::illegal("no such action now")),
        }
        Ok(log)
    }

    fn view(state: &HodState, viewer: Viewer) -> HodView {
        view::view(state, viewer)
    }

    fn catalog() -> Result<Content, RuleError> {
        scenario::load_content(None)
            .map(|c| (*c).clone())
            .map_err(|e| RuleError::internal(format!("the sample content did not load: {e}")))
    }

    /// The content is not in the serialized state: a snapshot's state gets the content its
    /// game started with.
    fn restore(
        state: &mut HodState,
        start: &GameStart<HodSetup, HodScenario>,
    ) -> Result<(), RuleError> {
        let content = match start {
            GameStart::Setup { setup } => setup.content.as_deref(),
            GameStart::Scenario { scenario } => scenario.content.as_deref(),
        };
        state.content = scenario::load_content(content)?;
        Ok(())
    }
}

impl Conformance for HandOfDoom {
    fn random_setup(stream: &mut Stream) -> HodSetup {
        let mut ids: Vec<_> = scenario::load_content(None)
            .map(|c| c.adventurers.iter().map(|a| a.id.clone()).collect())
            .unwrap_or_default();
        let count = 1 + stream.index(ids.len().max(1));
        let mut adventurers = Vec::new();
        for _ in 0..count {
            if ids.is_empty() {
                break;
            }
            adventurers.push(ids.remove(stream.index(ids.len())));
        }
        HodSetup {
            adventurers,
            content: None,
        }
    }

    fn arbitrary_action(state: &HodState, stream: &mut Stream) -> HodAction {
        let space = |s: &mut Stream| {
            let spaces = &state.content.spaces;
            spaces
                .get(s.index(spaces.len()))
                .map_or_else(|| SpaceId::from("nowhere"), |x| x.id.clone())
        };
        let loot = |s: &mut Stream| {
            let l = &state.content.loot;
            l.get(s.index(l.len()))
                .map_or_else(|| LootId::from("nothing"), |x| x.id.clone())
        };
        let seat = Seat(u8::try_from(stream.index(4)).unwrap_or(0));
        match stream.index(16) {
            0 => HodAction::ChooseStance {
                stance: MapStance::ALL[stream.index(3)],
            },
            1 => HodAction::FootTravel { to: space(stream) },
            2 => HodAction::ForceMarch { to: space(stream) },
            3 => HodAction::VoidTravel { to: space(stream) },
            4 => HodAction::Rest,
            5 => HodAction::Recover,
            6 => HodAction::Improve {
                skill: SkillId::from("no-such-skill"),
            },
            7 => HodAction::Buy { item: loot(stream) },
            8 => HodAction::Invest,
            9 => HodAction::RollForStance,
            10 => HodAction::AttemptDispel { by: seat },
            11 => HodAction::AttemptBribe { by: seat },
            12 => HodAction::PayBribe,
            13 => HodAction::ChooseCombatStance {
                stance: if stream.index(2) == 0 {
                    CombatStance::Assault
                } else {
                    CombatStance::Guard
                },
            },
            14 => HodAction::Attack {
                with: AttackWith::UnarmedAgi,
                target: u8::try_from(stream.index(6)).unwrap_or(0),
            },
            _ => HodAction::UseItem { item: loot(stream) },
        }
    }

    fn perturb_secrets(_state: &HodState, _owner: Seat, _stream: &mut Stream) -> Option<HodState> {
        // Co-operative: no seat holds a secret; deck order is hidden from every viewer alike.
        None
    }

    fn secret_decision(_state: &HodState, _seat: Seat) -> bool {
        false
    }

    fn invariants(state: &HodState) -> Result<(), String> {
        validate::check_state(state)
    }
}
