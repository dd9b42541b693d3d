//! Game seeds: a `u64`, written in JSON and TypeScript as a decimal string so that no
//! JavaScript number ever rounds it.

use crate::engine::error::RuleError;
use serde::{de, Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;
use tsify::Tsify;

/// The seed of a game's dice (and of anything else random in its setup).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Tsify)]
#[tsify(type = "string")]
pub struct Seed(pub u64);

impl Seed {
    /// A fresh seed from the operating system (or `crypto.getRandomValues` in a browser).
    pub fn random() -> Result<Seed, RuleError> {
        getrandom::u64()
            .map(Seed)
            .map_err(|e| RuleError::bad_input(format!("no random seed available: {e}")))
    }
}

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Seed {
    type Err = RuleError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let trimmed = s.trim();
        if trimmed.is_empty() || !trimmed.bytes().all(|b| b.is_ascii_digit()) {
            return Err(RuleError::bad_input(format!(
                "a seed is a decimal string of an unsigned 64-bit integer, not {s:?}"
            )));
        }
        trimmed.parse::<u64>().map(Seed).map_err(|_| {
            RuleError::bad_input(format!(
                "a seed must be at most 18446744073709551615, not {s:?}"
            ))
        })
    }
}

impl Serialize for Seed {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0.to_string())
    }
}

impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse::<Seed>()
            .map_err(|e| de::Error::custom(e.message().to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_round_trips_as_a_decimal_string() {
        let seed = Seed(u64::MAX);
        let json = serde_json::to_string(&seed).unwrap();
        assert_eq!(json, "\"18446744073709551615\"");
        assert_eq!(serde_json::from_str::<Seed>(&json).unwrap(), seed);
    }

    #[test]
    fn seed_rejects_non_decimal_text() {
        for bad in ["", "-1", "0x10", "1e3", "18446744073709551616", "12 34"] {
            let err = bad.parse::<Seed>().unwrap_err();
            assert_eq!(err.code(), crate::engine::ErrorCode::BadInput, "{bad}");
        }
        assert!(
            serde_json::from_str::<Seed>("42").is_err(),
            "a bare number is refused"
        );
    }
}
