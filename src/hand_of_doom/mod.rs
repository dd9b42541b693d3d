//! Dungeon Degenerates: Hand of Doom, the turn-flow chart (seed 003, steps [1]-[13]) as a
//! data-driven rules engine with original sample content.
//!
//! `content` and `validate`: the content schema; `attributes`: tests and status
//! conditions; `turn`: the game turn and parties; `map_phase` and `rest`: [1]-[3];
//! `danger`: [4]-[6]; `encounter`, `effects` and `choices`: [7]-[9]; `fight`, `combat_turn`:
//! [10]-[11]; `round_end`: [12]; `aftermath`: [13]; `scenario`, `view`, `game`.

pub mod actions;
pub mod aftermath;
pub mod attributes;
pub mod choices;
pub mod combat_turn;
pub mod content;
pub mod danger;
pub mod effects;
pub mod encounter;
pub mod fight;
pub mod game;
pub mod map_phase;
pub mod rest;
pub mod round_end;
pub mod scenario;
pub mod state;
pub mod turn;
pub mod validate;
pub mod view;

pub use game::HandOfDoom;
