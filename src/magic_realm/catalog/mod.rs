//! Magic Realm components as data (rules 2.0 to 2.7): each module loads one group of the
//! JSON files in `src/magic_realm/data/` into typed structs and validates it.
//!
//! The JSON files are this project's own schema, written from the facts in the 3.1 rulebook
//! and the reference tables; they are compiled into the crate with `include_str!`, so the
//! loaders never touch the file system. A loader returns `DataError` rather than panicking:
//! the data tests make sure that never happens for the shipped files.

pub mod characters;
pub mod chits;
pub mod common;
pub mod denizens;
pub mod items;
pub mod magic;
pub mod setup_card;
pub mod tables;
pub mod tiles;
pub mod treasure_effects;

use serde::de::DeserializeOwned;
use std::collections::BTreeSet;
use std::fmt;
use tsify::Tsify;

/// A data file that failed to parse or validate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataError {
    /// The data file (e.g. `"tiles.json"`).
    pub file: &'static str,
    /// What is wrong, in English.
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.file, self.message)
    }
}

impl std::error::Error for DataError {}

impl DataError {
    pub fn new(file: &'static str, message: impl Into<String>) -> Self {
        DataError {
            file,
            message: message.into(),
        }
    }
}

/// Parses one embedded JSON data file.
pub(crate) fn parse_json<T: DeserializeOwned>(
    file: &'static str,
    text: &str,
) -> Result<T, DataError> {
    serde_json::from_str(text).map_err(|e| DataError::new(file, e.to_string()))
}

/// Fails if an id appears twice (shared by every catalog loader).
pub(crate) fn ensure_unique<'a>(
    file: &'static str,
    ids: impl Iterator<Item = &'a str>,
) -> Result<(), DataError> {
    let mut seen = BTreeSet::new();
    for id in ids {
        if !seen.insert(id) {
            return Err(DataError::new(file, format!("duplicate id {id}")));
        }
    }
    Ok(())
}

/// Every component of the base game, loaded and cross-checked once (rule chapter 2).
#[derive(Debug, Clone, PartialEq, serde::Serialize, Tsify)]
pub struct Catalog {
    pub tiles: tiles::Tiles,
    pub map_chits: chits::MapChits,
    pub tables: tables::Tables,
    pub denizens: denizens::Denizens,
    pub items: items::Items,
    pub characters: characters::Characters,
    pub spells: magic::Spells,
    pub setup_card: setup_card::SetupCard,
}

impl Catalog {
    /// Loads and validates every data file.
    pub fn load() -> Result<Catalog, DataError> {
        Ok(Catalog {
            tiles: tiles::load()?,
            map_chits: chits::load()?,
            tables: tables::load()?,
            denizens: denizens::load()?,
            items: items::load()?,
            characters: characters::load()?,
            spells: magic::load()?,
            setup_card: setup_card::load()?,
        })
    }
}

/// The catalog, loaded on first use and shared for the life of the program (the data is
/// compiled in, so it never changes).
pub fn get() -> Result<&'static Catalog, DataError> {
    static CATALOG: std::sync::OnceLock<Result<Catalog, DataError>> = std::sync::OnceLock::new();
    CATALOG
        .get_or_init(Catalog::load)
        .as_ref()
        .map_err(Clone::clone)
}
