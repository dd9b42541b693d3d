//! Saved games: the start (setup or scenario), the seed and every action in order. Loading
//! replays them, so a saved game is small, readable and checks itself.

use crate::engine::seat::Seat;
use crate::engine::seed::Seed;
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// The version of the saved-game format this build writes. A save with a higher version is
/// refused (`bad_save`), never guessed at.
pub const SCHEMA_VERSION: u32 = 1;

/// What a game started from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "from", rename_all = "camelCase")]
pub enum GameStart<S, C> {
    /// A new game from a setup.
    Setup { setup: S },
    /// A game from a scenario.
    Scenario { scenario: C },
}

/// One action as it was applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
pub struct RecordedAction<A> {
    pub seat: Seat,
    pub action: A,
}

/// A whole game as a replayable record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct SavedGame<S, C, A> {
    /// The format version ([`SCHEMA_VERSION`] when written by this build).
    pub schema_version: u32,
    /// Which game (`Rules::GAME`).
    pub game: String,
    /// What the game started from.
    pub setup: GameStart<S, C>,
    /// The seed of its dice.
    pub seed: Seed,
    /// Every action, in the order applied.
    pub actions: Vec<RecordedAction<A>>,
}
