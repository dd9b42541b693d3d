//! Seats (the players at the table) and viewers (who is looking: rule 4.5 in Magic Realm).

use serde::{Deserialize, Serialize};
use std::fmt;
use tsify::Tsify;

/// A seat at the table, numbered from 0 in the order of the setup. In English text (its
/// `Display`, log sentences) seats are counted from 1, as people count them: `Seat(0)` is
/// "seat 1".
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", u16::from(self.0) + 1)
    }
}

impl Seat {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// For error messages to programmers, who pass 0-based indexes: `"seat 2 (index 1)"`.
    pub fn label(self) -> String {
        format!("{self} (index {})", self.0)
    }
}

/// Who is looking at the game: one seat (sees its own secrets), a spectator (sees only
/// what is public), or an omniscient observer (sees everything: tests and debugging).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(tag = "type")]
pub enum Viewer {
    Seat { seat: Seat },
    Spectator,
    Omniscient,
}

impl Viewer {
    /// True when this viewer may see what belongs to `owner`.
    pub fn sees_secrets_of(self, owner: Seat) -> bool {
        match self {
            Viewer::Seat { seat } => seat == owner,
            Viewer::Spectator => false,
            Viewer::Omniscient => true,
        }
    }
}
