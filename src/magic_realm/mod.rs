//! Magic Realm, 3rd edition ("3.1") rules.
//!
//! `catalog` holds the game's components as data (rules chapter 2); the rules modules
//! that play the game build on it.

pub mod catalog;
pub mod map;
