//! The game-agnostic contract every game implements (DESIGN.md, "The engine contract"):
//! the [`Rules`] trait, seats and viewers, dice, the event log, errors, saved games, undo,
//! and random playouts.
//!
//! A game implements [`Rules`]; a host drives it through a [`Session`], which enforces the
//! contract for every game alike: only listed legal actions apply, a failed action leaves
//! the state unchanged, every action is recorded for save/replay, and undo never goes back
//! past revealed information.

pub mod conformance;
pub mod dice;
pub mod error;
pub mod event;
pub mod playout;
pub mod rules;
pub mod saved;
pub mod seat;
pub mod seed;
pub mod session;

pub use dice::{DiceBox, Roll};
pub use error::{ErrorCode, RuleError};
pub use event::{Event, RuleId, Visibility};
pub use rules::{Outcome, Rules, ToAct};
pub use saved::{
    GameStart, RecordedAction, SavedGame, Snapshot, SnapshotStep, SCHEMA_VERSION, SNAPSHOT_VERSION,
};
pub use seat::{Seat, Viewer};
pub use seed::Seed;
pub use session::{ReplayStop, SaveOf, Session, SnapshotOf};
