//! Random playouts: every seat that owes an action picks uniformly among its legal actions.
//! The conformance harness, the benchmarks and hosts that want a random opponent use it.

use crate::engine::dice::Stream;
use crate::engine::error::RuleError;
use crate::engine::rules::{Rules, ToAct};
use crate::engine::session::Session;
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// The purpose number of a playout's choice stream (see [`Stream::new`]).
pub const PLAYOUT_PURPOSE: u64 = 2;

/// What a batch of random playouts did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Tsify)]
pub struct PlayoutStats {
    /// Playouts run.
    pub playouts: u32,
    /// Actions applied in all of them.
    pub actions: u32,
    /// Playouts that reached the end of the game (the others hit the action bound).
    pub finished: u32,
}

/// One random legal step: a random seat among those to act, a random legal action.
/// Returns `Ok(false)` when the game is over.
pub fn random_step<R: Rules>(
    session: &mut Session<R>,
    chooser: &mut Stream,
) -> Result<bool, RuleError> {
    let seats = match session.to_act() {
        ToAct::GameOver { .. } => return Ok(false),
        ToAct::Seats { seats } => seats,
    };
    let seat = match seats.get(chooser.index(seats.len())) {
        Some(seat) => *seat,
        None => {
            return Err(RuleError::internal(
                "a game that is not over has no seat to act",
            ))
        }
    };
    let mut legal = session.legal_actions(seat);
    if legal.is_empty() {
        return Err(RuleError::internal(format!(
            "{seat} is to act but has no legal action"
        )));
    }
    let action = legal.swap_remove(chooser.index(legal.len()));
    session.apply(seat, action)?;
    Ok(true)
}

/// Play random legal actions until the game ends or `max_actions` have been applied.
/// Returns the number of actions applied.
pub fn random_playout<R: Rules>(
    session: &mut Session<R>,
    chooser: &mut Stream,
    max_actions: u32,
) -> Result<u32, RuleError> {
    let mut applied = 0;
    while applied < max_actions && random_step(session, chooser)? {
        applied += 1;
    }
    Ok(applied)
}

/// Run `count` random playouts from the setups `setup_for(i)`, seeds derived from `seed`.
pub fn random_playouts<R: Rules>(
    count: u32,
    seed: u64,
    max_actions: u32,
    mut setup_for: impl FnMut(&mut Stream) -> R::Setup,
) -> Result<PlayoutStats, RuleError> {
    let mut chooser = Stream::new(seed, PLAYOUT_PURPOSE);
    let mut stats = PlayoutStats::default();
    for _ in 0..count {
        let setup = setup_for(&mut chooser);
        let game_seed = crate::engine::Seed(chooser.below(u64::MAX));
        let mut session = Session::<R>::new(setup, game_seed)?;
        let applied = random_playout(&mut session, &mut chooser, max_actions)?;
        stats.playouts += 1;
        stats.actions += applied;
        if matches!(session.to_act(), ToAct::GameOver { .. }) {
            stats.finished += 1;
        }
    }
    Ok(stats)
}
