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

use serde::de::DeserializeOwned;
use std::collections::BTreeSet;
use std::fmt;

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
