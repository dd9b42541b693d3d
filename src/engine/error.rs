//! Errors are values (DESIGN.md): every refused call returns a [`RuleError`] with a stable
//! machine-readable code and an English message, and changes nothing.

use crate::engine::seat::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;
use tsify::Tsify;

/// Why a call was refused. Serialized with its `code` as the tag, so hosts can switch on
/// `error.code` and show `error.message` to a person.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "code", rename_all = "snake_case")]
#[tsify(rename = "RuleErrorInfo")]
pub enum RuleError {
    /// The seat does not owe an action now; `toAct` lists the seats that do.
    NotYourTurn {
        message: String,
        seat: Seat,
        #[serde(rename = "toAct")]
        to_act: Vec<Seat>,
    },
    /// The seat number is not a seat of this game.
    UnknownSeat { message: String },
    /// A well-formed action that the rules do not allow now.
    IllegalAction { message: String },
    /// Input that is not an action of this game at all.
    MalformedAction { message: String },
    /// The game is over; nothing more can be done.
    GameOver { message: String },
    /// A setup the game cannot start from.
    BadSetup { message: String },
    /// A scenario the game cannot start from (names something unknown, places a piece twice...).
    BadScenario { message: String },
    /// A saved game that cannot be loaded: newer schema, another game, or actions that do not replay.
    BadSave { message: String },
    /// Undo refused: nothing to undo, or the last action revealed information.
    UndoRefused { message: String },
    /// Any other argument that is not of the expected form (a seed, a viewer...).
    BadInput { message: String },
    /// A fault inside the engine: a bug to report, never the caller's fault.
    Internal { message: String },
}

/// The stable machine-readable codes of [`RuleError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    NotYourTurn,
    UnknownSeat,
    IllegalAction,
    MalformedAction,
    GameOver,
    BadSetup,
    BadScenario,
    BadSave,
    UndoRefused,
    BadInput,
    Internal,
}

impl ErrorCode {
    /// Every code, in declaration order.
    pub const ALL: [ErrorCode; 11] = [
        ErrorCode::NotYourTurn,
        ErrorCode::UnknownSeat,
        ErrorCode::IllegalAction,
        ErrorCode::MalformedAction,
        ErrorCode::GameOver,
        ErrorCode::BadSetup,
        ErrorCode::BadScenario,
        ErrorCode::BadSave,
        ErrorCode::UndoRefused,
        ErrorCode::BadInput,
        ErrorCode::Internal,
    ];

    /// The code as it appears in JSON and TypeScript (`"not_your_turn"`).
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::UnknownSeat => "unknown_seat",
            ErrorCode::IllegalAction => "illegal_action",
            ErrorCode::MalformedAction => "malformed_action",
            ErrorCode::GameOver => "game_over",
            ErrorCode::BadSetup => "bad_setup",
            ErrorCode::BadScenario => "bad_scenario",
            ErrorCode::BadSave => "bad_save",
            ErrorCode::UndoRefused => "undo_refused",
            ErrorCode::BadInput => "bad_input",
            ErrorCode::Internal => "internal",
        }
    }
}

impl RuleError {
    pub fn code(&self) -> ErrorCode {
        match self {
            RuleError::NotYourTurn { .. } => ErrorCode::NotYourTurn,
            RuleError::UnknownSeat { .. } => ErrorCode::UnknownSeat,
            RuleError::IllegalAction { .. } => ErrorCode::IllegalAction,
            RuleError::MalformedAction { .. } => ErrorCode::MalformedAction,
            RuleError::GameOver { .. } => ErrorCode::GameOver,
            RuleError::BadSetup { .. } => ErrorCode::BadSetup,
            RuleError::BadScenario { .. } => ErrorCode::BadScenario,
            RuleError::BadSave { .. } => ErrorCode::BadSave,
            RuleError::UndoRefused { .. } => ErrorCode::UndoRefused,
            RuleError::BadInput { .. } => ErrorCode::BadInput,
            RuleError::Internal { .. } => ErrorCode::Internal,
        }
    }

    pub fn message(&self) -> &str {
        match self {
            RuleError::NotYourTurn { message, .. }
            | RuleError::UnknownSeat { message }
            | RuleError::IllegalAction { message }
            | RuleError::MalformedAction { message }
            | RuleError::GameOver { message }
            | RuleError::BadSetup { message }
            | RuleError::BadScenario { message }
            | RuleError::BadSave { message }
            | RuleError::UndoRefused { message }
            | RuleError::BadInput { message }
            | RuleError::Internal { message } => message,
        }
    }

    pub fn illegal(message: impl Into<String>) -> Self {
        RuleError::IllegalAction {
            message: message.into(),
        }
    }
    pub fn malformed(message: impl Into<String>) -> Self {
        RuleError::MalformedAction {
            message: message.into(),
        }
    }
    pub fn bad_setup(message: impl Into<String>) -> Self {
        RuleError::BadSetup {
            message: message.into(),
        }
    }
    pub fn bad_scenario(message: impl Into<String>) -> Self {
        RuleError::BadScenario {
            message: message.into(),
        }
    }
    pub fn bad_save(message: impl Into<String>) -> Self {
        RuleError::BadSave {
            message: message.into(),
        }
    }
    pub fn bad_input(message: impl Into<String>) -> Self {
        RuleError::BadInput {
            message: message.into(),
        }
    }
    pub fn internal(message: impl Into<String>) -> Self {
        RuleError::Internal {
            message: message.into(),
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code().as_str(), self.message())
    }
}

impl std::error::Error for RuleError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_serializes_with_its_code_as_tag() {
        let err = RuleError::NotYourTurn {
            message: "seat 1 is not to act".into(),
            seat: Seat(1),
            to_act: vec![Seat(0)],
        };
        let json = serde_json::to_value(&err).unwrap();
        assert_eq!(json["code"], "not_your_turn");
        assert_eq!(json["toAct"][0], 0);
        assert_eq!(err.to_string(), "not_your_turn: seat 1 is not to act");
    }

    #[test]
    fn every_code_string_matches_its_serde_name() {
        let errors = [
            RuleError::UnknownSeat {
                message: "m".into(),
            },
            RuleError::illegal("m"),
            RuleError::malformed("m"),
            RuleError::GameOver {
                message: "m".into(),
            },
            RuleError::bad_setup("m"),
            RuleError::bad_scenario("m"),
            RuleError::bad_save("m"),
            RuleError::UndoRefused {
                message: "m".into(),
            },
            RuleError::bad_input("m"),
            RuleError::internal("m"),
        ];
        for err in errors {
            let json = serde_json::to_value(&err).unwrap();
            assert_eq!(json["code"], err.code().as_str());
            let code_json = serde_json::to_value(err.code()).unwrap();
            assert_eq!(code_json, err.code().as_str());
        }
    }
}
