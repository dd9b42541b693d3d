//! Bidding Race: a small example game for embedders that shows every part of the engine
//! contract (simultaneous secret decisions, a reveal, dice, a sequential choice, a winner).
//! Magic Realm and Hand of Doom implement the same [`Rules`] trait.
//!
//! The rules, cited as `BR n` in events:
//! - **BR 1** Each racer starts at 0 with 5 energy.
//! - **BR 2** Each round every racer secretly bids 0 to 3, at most its energy.
//! - **BR 3** When all have bid, the bids are revealed; each racer advances by its bid and
//!   spends that much energy; a racer that bid 0 rests and regains 2 energy (at most 5).
//! - **BR 4** The one highest bidder (no tie, bid above 0) sprints: rolls a die and advances
//!   that far, or stands and advances 1.
//! - **BR 5** The race ends after a round in which someone reached the goal, or after the
//!   last round; the racers furthest ahead win.

use crate::engine::conformance::Conformance;
use crate::engine::dice::{DiceBox, Roll, Stream};
use crate::engine::{Event, Outcome, RuleError, Rules, Seat, Seed, ToAct, Viewer};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// The highest bid (BR 2).
pub const MAX_BID: u8 = 3;
/// Energy at the start, and the most a racer can hold (BR 1, BR 3).
pub const MAX_ENERGY: u8 = 5;
/// Energy regained by resting (BR 3).
pub const REST_GAIN: u8 = 2;
/// Steps a sprinter who stands advances (BR 4).
pub const STAND_STEPS: u8 = 1;

const MIN_PLAYERS: u8 = 2;
const MAX_PLAYERS: u8 = 6;

/// The game (implements [`Rules`]).
#[derive(Debug, Clone, Copy)]
pub struct BiddingRace;

/// A new race.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RaceSetup {
    /// 2 to 6 racers.
    pub players: u8,
    /// The position that ends the race, 5 to 50.
    pub goal: u8,
    /// The most rounds, 1 to 30.
    pub max_rounds: u8,
}

/// A race from any position (test fixture).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RaceScenario {
    pub goal: u8,
    pub max_rounds: u8,
    /// The round to start in (bidding), 1 to `maxRounds`.
    pub round: u8,
    /// Each racer's position (below the goal) and energy (0 to 5).
    pub racers: Vec<RacerStart>,
    /// Die results to use before the seeded dice.
    #[serde(default)]
    pub forced_dice: Vec<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct RacerStart {
    pub position: u8,
    pub energy: u8,
}

/// One step of a decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(tag = "type")]
pub enum RaceAction {
    /// Secretly bid (BR 2).
    Bid { amount: u8 },
    /// Sprint: roll a die (BR 4).
    Roll,
    /// Sprint: advance 1 (BR 4).
    Stand,
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "type")]
pub enum RaceEvent {
    /// A racer recorded a bid (public: not the amount).
    BidRecorded {
        seat: Seat,
    },
    /// A racer's own bid (private to that racer).
    BidChosen {
        seat: Seat,
        amount: u8,
    },
    /// All bids, in seat order.
    BidsRevealed {
        bids: Vec<u8>,
    },
    Advanced {
        seat: Seat,
        steps: u8,
        position: u8,
    },
    Rested {
        seat: Seat,
        energy: u8,
    },
    Sprinter {
        seat: Seat,
    },
    SprintRolled {
        seat: Seat,
        roll: Roll,
    },
    RoundStarted {
        round: u8,
    },
    RaceOver {
        winners: Vec<Seat>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Racer {
    position: u8,
    energy: u8,
    /// The secret bid this round, once recorded.
    bid: Option<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
enum Phase {
    Bidding,
    Sprint(Seat),
    Over,
}

/// The whole race, secrets and dice included.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaceState {
    goal: u8,
    max_rounds: u8,
    round: u8,
    racers: Vec<Racer>,
    phase: Phase,
    dice: DiceBox,
}

/// What one viewer sees.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct RaceView {
    pub round: u8,
    pub max_rounds: u8,
    pub goal: u8,
    pub phase: PhaseView,
    pub racers: Vec<RacerView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "type")]
pub enum PhaseView {
    Bidding,
    Sprint { seat: Seat },
    Over { winners: Vec<Seat> },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct RacerView {
    pub position: u8,
    pub energy: u8,
    pub has_bid: bool,
    /// The bid, only for its own racer (or an omniscient viewer).
    pub bid: Option<u8>,
}

/// The game's static facts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct RaceCatalog {
    pub name: String,
    pub max_bid: u8,
    pub max_energy: u8,
    pub rest_gain: u8,
    pub stand_steps: u8,
    /// The rules in one sentence each, by id.
    pub rules: Vec<String>,
}

fn seat_of(index: usize) -> Seat {
    Seat(u8::try_from(index).unwrap_or(u8::MAX))
}

impl RaceState {
    fn racer(&self, seat: Seat) -> Option<&Racer> {
        self.racers.get(seat.index())
    }

    fn winners(&self) -> Vec<Seat> {
        let best = self.racers.iter().map(|r| r.position).max().unwrap_or(0);
        (0..self.racers.len())
            .filter(|i| self.racers.get(*i).is_some_and(|r| r.position == best))
            .map(seat_of)
            .collect()
    }

    /// BR 3 and BR 4: reveal, advance, rest, and find the sprinter.
    fn resolve_bids(&mut self, events: &mut Vec<Event<RaceEvent>>) {
        let bids: Vec<u8> = self.racers.iter().map(|r| r.bid.unwrap_or(0)).collect();
        let text = bids
            .iter()
            .enumerate()
            .map(|(i, b)| format!("{} {b}", seat_of(i)))
            .collect::<Vec<_>>()
            .join(", ");
        events.push(Event::reveal(
            "BR 3",
            format!("The bids are revealed: {text}."),
            RaceEvent::BidsRevealed { bids: bids.clone() },
        ));
        for (i, bid) in bids.iter().copied().enumerate() {
            let seat = seat_of(i);
            let Some(racer) = self.racers.get_mut(i) else {
                continue;
            };
            racer.bid = None;
            if bid == 0 {
                racer.energy = (racer.energy + REST_GAIN).min(MAX_ENERGY);
                events.push(Event::public(
                    "BR 3",
                    format!("{seat} rests and has {} energy.", racer.energy),
                    RaceEvent::Rested {
                        seat,
                        energy: racer.energy,
                    },
                ));
            } else {
                racer.energy = racer.energy.saturating_sub(bid);
                self.advance("BR 3", seat, bid, events);
            }
        }
        let top = bids.iter().copied().max().unwrap_or(0);
        let leaders: Vec<usize> = (0..bids.len())
            .filter(|i| bids.get(*i) == Some(&top))
            .collect();
        match leaders.as_slice() {
            [only] if top > 0 => {
                let seat = seat_of(*only);
                self.phase = Phase::Sprint(seat);
                events.push(Event::public(
                    "BR 4",
                    format!("{seat} bid highest and sprints."),
                    RaceEvent::Sprinter { seat },
                ));
            }
            _ => self.end_round(events),
        }
    }

    /// BR 5: end the race, or start the next round.
    fn end_round(&mut self, events: &mut Vec<Event<RaceEvent>>) {
        let reached = self.racers.iter().any(|r| r.position >= self.goal);
        if reached || self.round >= self.max_rounds {
            self.phase = Phase::Over;
            let winners = self.winners();
            let names = winners
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(" and ");
            events.push(Event::public(
                "BR 5",
                format!("The race is over after round {}: {names} won.", self.round),
                RaceEvent::RaceOver { winners },
            ));
        } else {
            self.round += 1;
            self.phase = Phase::Bidding;
            events.push(Event::public(
                "BR 2",
                format!("Round {} begins.", self.round),
                RaceEvent::RoundStarted { round: self.round },
            ));
        }
    }

    /// Move `seat` forward `steps`, under `rule` (BR 3 for a bid, BR 4 for a sprint).
    fn advance(&mut self, rule: &str, seat: Seat, steps: u8, events: &mut Vec<Event<RaceEvent>>) {
        if let Some(racer) = self.racers.get_mut(seat.index()) {
            racer.position = racer.position.saturating_add(steps);
            events.push(Event::public(
                rule,
                format!("{seat} advances {steps} to {}.", racer.position),
                RaceEvent::Advanced {
                    seat,
                    steps,
                    position: racer.position,
                },
            ));
        }
    }
}

fn check_range(what: &str, value: u8, low: u8, high: u8) -> Result<(), String> {
    if (low..=high).contains(&value) {
        Ok(())
    } else {
        Err(format!("{what} must be {low} to {high}, not {value}"))
    }
}

impl Rules for BiddingRace {
    const GAME: &'static str = "bidding-race";
    type Setup = RaceSetup;
    type Scenario = RaceScenario;
    type State = RaceState;
    type Action = RaceAction;
    type Event = RaceEvent;
    type View = RaceView;
    type Catalog = RaceCatalog;

    fn start(setup: &RaceSetup, seed: Seed) -> Result<RaceState, RuleError> {
        check_range("players", setup.players, MIN_PLAYERS, MAX_PLAYERS)
            .and(check_range("goal", setup.goal, 5, 50))
            .and(check_range("maxRounds", setup.max_rounds, 1, 30))
            .map_err(RuleError::bad_setup)?;
        Ok(RaceState {
            goal: setup.goal,
            max_rounds: setup.max_rounds,
            round: 1,
            racers: (0..setup.players)
                .map(|_| Racer {
                    position: 0,
                    energy: MAX_ENERGY,
                    bid: None,
                })
                .collect(),
            phase: Phase::Bidding,
            dice: DiceBox::new(seed),
        })
    }

    fn from_scenario(scenario: &RaceScenario, seed: Seed) -> Result<RaceState, RuleError> {
        let count = u8::try_from(scenario.racers.len()).unwrap_or(u8::MAX);
        check_range("the number of racers", count, MIN_PLAYERS, MAX_PLAYERS)
            .and(check_range("goal", scenario.goal, 5, 50))
            .and(check_range("maxRounds", scenario.max_rounds, 1, 30))
            .and(check_range("round", scenario.round, 1, scenario.max_rounds))
            .map_err(RuleError::bad_scenario)?;
        for (i, r) in scenario.racers.iter().enumerate() {
            check_range(
                &format!("racer {i}'s position"),
                r.position,
                0,
                scenario.goal - 1,
            )
            .and(check_range(
                &format!("racer {i}'s energy"),
                r.energy,
                0,
                MAX_ENERGY,
            ))
            .map_err(RuleError::bad_scenario)?;
        }
        let mut dice = DiceBox::new(seed);
        dice.force(&scenario.forced_dice)?;
        Ok(RaceState {
            goal: scenario.goal,
            max_rounds: scenario.max_rounds,
            round: scenario.round,
            racers: scenario
                .racers
                .iter()
                .map(|r| Racer {
                    position: r.position,
                    energy: r.energy,
                    bid: None,
                })
                .collect(),
            phase: Phase::Bidding,
            dice,
        })
    }

    fn seat_count(state: &RaceState) -> usize {
        state.racers.len()
    }

    fn to_act(state: &RaceState) -> ToAct {
        match state.phase {
            Phase::Bidding => ToAct::Seats {
                seats: (0..state.racers.len())
                    .filter(|i| state.racers.get(*i).is_some_and(|r| r.bid.is_none()))
                    .map(seat_of)
                    .collect(),
            },
            Phase::Sprint(seat) => ToAct::Seats { seats: vec![seat] },
            Phase::Over => {
                let winners = state.winners();
                let scores = state
                    .racers
                    .iter()
                    .enumerate()
                    .map(|(i, r)| format!("{} at {}", seat_of(i), r.position))
                    .collect::<Vec<_>>()
                    .join(", ");
                ToAct::GameOver {
                    outcome: Outcome {
                        winners,
                        summary: format!("final positions: {scores}"),
                    },
                }
            }
        }
    }

    fn legal_actions(state: &RaceState, seat: Seat) -> Vec<RaceAction> {
        match (state.phase, state.racer(seat)) {
            (Phase::Bidding, Some(racer)) if racer.bid.is_none() => (0..=MAX_BID.min(racer.energy))
                .map(|amount| RaceAction::Bid { amount })
                .collect(),
            (Phase::Sprint(sprinter), Some(_)) if sprinter == seat => {
                vec![RaceAction::Roll, RaceAction::Stand]
            }
            _ => Vec::new(),
        }
    }

    fn apply(
        state: &mut RaceState,
        seat: Seat,
        action: &RaceAction,
    ) -> Result<Vec<Event<RaceEvent>>, RuleError> {
        let mut events = Vec::new();
        match (*action, state.phase) {
            (RaceAction::Bid { amount }, Phase::Bidding) => {
                let racer = state
                    .racers
                    .get_mut(seat.index())
                    .ok_or_else(|| RuleError::illegal(format!("{seat} is not racing")))?;
                racer.bid = Some(amount);
                events.push(Event::private(
                    "BR 2",
                    seat,
                    format!("You ({seat}) bid {amount}."),
                    RaceEvent::BidChosen { seat, amount },
                ));
                events.push(Event::public(
                    "BR 2",
                    format!("{seat} has recorded a bid."),
                    RaceEvent::BidRecorded { seat },
                ));
                if state.racers.iter().all(|r| r.bid.is_some()) {
                    state.resolve_bids(&mut events);
                }
            }
            (RaceAction::Roll, Phase::Sprint(_)) => {
                let roll = state.dice.roll("sprint", 1);
                let steps = roll.higher();
                events.push(Event::roll(
                    "BR 4",
                    &roll,
                    format!("{seat} sprints and rolls {steps}"),
                    RaceEvent::SprintRolled {
                        seat,
                        roll: roll.clone(),
                    },
                ));
                state.advance("BR 4", seat, steps, &mut events);
                state.end_round(&mut events);
            }
            (RaceAction::Stand, Phase::Sprint(_)) => {
                state.advance("BR 4", seat, STAND_STEPS, &mut events);
                state.end_round(&mut events);
            }
            _ => return Err(RuleError::illegal("that action does not fit this phase")),
        }
        Ok(events)
    }

    fn view(state: &RaceState, viewer: Viewer) -> RaceView {
        RaceView {
            round: state.round,
            max_rounds: state.max_rounds,
            goal: state.goal,
            phase: match state.phase {
                Phase::Bidding => PhaseView::Bidding,
                Phase::Sprint(seat) => PhaseView::Sprint { seat },
                Phase::Over => PhaseView::Over {
                    winners: state.winners(),
                },
            },
            racers: state
                .racers
                .iter()
                .enumerate()
                .map(|(i, r)| RacerView {
                    position: r.position,
                    energy: r.energy,
                    has_bid: r.bid.is_some(),
                    bid: if viewer.sees_secrets_of(seat_of(i)) {
                        r.bid
                    } else {
                        None
                    },
                })
                .collect(),
        }
    }

    fn catalog() -> Result<RaceCatalog, RuleError> {
        Ok(RaceCatalog {
            name: "Bidding Race".to_string(),
            max_bid: MAX_BID,
            max_energy: MAX_ENERGY,
            rest_gain: REST_GAIN,
            stand_steps: STAND_STEPS,
            rules: vec![
                "BR 1: each racer starts at 0 with 5 energy.".into(),
                "BR 2: each round every racer secretly bids 0 to 3, at most its energy.".into(),
                "BR 3: bids are revealed; each racer advances by its bid and spends it; a bid of 0 rests and regains 2 energy.".into(),
                "BR 4: the one highest bidder sprints: roll a die and advance that far, or stand and advance 1.".into(),
                "BR 5: the race ends after a round in which someone reached the goal, or after the last round; the furthest win.".into(),
            ],
        })
    }
}

impl Conformance for BiddingRace {
    fn random_setup(stream: &mut Stream) -> RaceSetup {
        RaceSetup {
            players: 2 + stream.below(3) as u8,
            goal: 8 + stream.below(13) as u8,
            max_rounds: 4 + stream.below(9) as u8,
        }
    }

    fn arbitrary_action(_state: &RaceState, stream: &mut Stream) -> RaceAction {
        match stream.below(3) {
            0 => RaceAction::Bid {
                amount: stream.below(7) as u8,
            },
            1 => RaceAction::Roll,
            _ => RaceAction::Stand,
        }
    }

    fn perturb_secrets(state: &RaceState, owner: Seat, stream: &mut Stream) -> Option<RaceState> {
        let racer = state.racer(owner)?;
        let bid = racer.bid?;
        let others: Vec<u8> = (0..=MAX_BID.min(racer.energy))
            .filter(|b| *b != bid)
            .collect();
        let other = *others.get(stream.index(others.len()))?;
        let mut changed = state.clone();
        changed.racers.get_mut(owner.index())?.bid = Some(other);
        Some(changed)
    }

    fn secret_decision(state: &RaceState, _seat: Seat) -> bool {
        state.phase == Phase::Bidding
    }

    fn invariants(state: &RaceState) -> Result<(), String> {
        if state.round == 0 || state.round > state.max_rounds {
            return Err(format!(
                "round {} outside 1..={}",
                state.round, state.max_rounds
            ));
        }
        if let Some(r) = state.racers.iter().find(|r| r.energy > MAX_ENERGY) {
            return Err(format!("a racer has {} energy", r.energy));
        }
        if state.phase != Phase::Bidding && state.racers.iter().any(|r| r.bid.is_some()) {
            return Err("a bid outlived its round".into());
        }
        Ok(())
    }
}
