//! Magic Realm, 3rd edition ("3.1") rules.
//!
//! `catalog` holds the game's components as data (rules chapter 2); `map` the board (3.2);
//! `pieces` where every piece lies; `setup` plays chapter 3; `game` is the engine contract.

pub mod actions;
pub mod catalog;
pub mod combat;
pub mod day;
pub mod events;
pub mod game;
pub mod map;
pub mod pieces;
pub mod points;
pub mod scenario;
pub mod setup;
pub mod state;
pub mod view;

pub use game::MagicRealm;
