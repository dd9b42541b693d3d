//! Saved games: the start (setup or scenario), the seed and every action in order. Loading
//! replays them, so a saved game is small, readable and checks itself.
//!
//! A save written by this build also says how many actions it holds and carries a digest of
//! the position they reach, so that a truncated or edited save, or one whose replay no
//! longer reaches the saved position under this engine's rules, is refused by `load`
//! (`bad_save`, saying what differs) instead of silently becoming another game. The actions
//! are stored compactly by default (`moves`: each action as its place in that moment's legal
//! actions); the readable form (`actions`, every action in full) is still written on request
//! and always accepted.

use crate::engine::error::RuleError;
use crate::engine::event::Event;
use crate::engine::seat::Seat;
use crate::engine::seed::Seed;
use base64::Engine as _;
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// The version of the saved-game format this build writes. A save with a higher version is
/// refused (`bad_save`), never guessed at. Version 1 had only `actions`; version 2 added
/// `moves`, `actionCount` and `stateDigest`. Both load.
pub const SCHEMA_VERSION: u32 = 2;

/// The most actions a save may hold (a 112-day game of six characters stays far below).
pub const MAX_SAVED_ACTIONS: usize = 1_000_000;

/// What a game started from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "from", rename_all = "camelCase", deny_unknown_fields)]
pub enum GameStart<S, C> {
    /// A new game from a setup.
    Setup { setup: S },
    /// A game from a scenario.
    Scenario { scenario: C },
}

/// One action as it was applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct RecordedAction<A> {
    pub seat: Seat,
    pub action: A,
}

/// A whole game as a replayable record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SavedGame<S, C, A> {
    /// The format version ([`SCHEMA_VERSION`] when written by this build).
    pub schema_version: u32,
    /// Which game (`Rules::GAME`).
    pub game: String,
    /// What the game started from.
    pub setup: GameStart<S, C>,
    /// The seed of its dice.
    pub seed: Seed,
    /// Every action in full, in the order applied (the readable form). Empty when `moves`
    /// holds them.
    #[serde(default = "Vec::new", skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub actions: Vec<RecordedAction<A>>,
    /// The compact form of the actions: for each, its place in the legal actions of its seat
    /// at that moment (and the seat, where more than one seat owed an action), as unpadded
    /// URL-safe base64 of variable-length integers. Only a save without `actions` has it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub moves: Option<String>,
    /// How many actions the game had when saved; a save that holds another number of
    /// actions is refused (a truncated or extended save). Absent in version 1 saves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub action_count: Option<usize>,
    /// A digest of the whole position the actions reach (16 hex digits); `load` refuses a
    /// save whose replay reaches another position. Absent in version 1 saves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub state_digest: Option<String>,
}

/// The digest of a state: FNV-1a (64 bits) of its JSON form, as 16 hex digits.
///
/// It guards against accidents (a truncated file, an edited number, a rule change that
/// makes the same actions reach another position), not against forgery: a save carries no
/// secret, so whoever edits a save can recompute any digest, cryptographic or not. FNV-1a is
/// a few lines, the same on every platform (the state holds no hash maps, so its JSON is
/// deterministic), and streams, so the state's JSON is never held whole in memory.
pub fn state_digest<T: Serialize>(state: &T) -> Result<String, RuleError> {
    let mut hasher = Fnv1a(0xcbf2_9ce4_8422_2325);
    serde_json::to_writer(&mut hasher, state)
        .map_err(|e| RuleError::internal(format!("the position could not be digested: {e}")))?;
    Ok(format!("{:016x}", hasher.0))
}

struct Fnv1a(u64);

impl std::io::Write for Fnv1a {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// One action of the compact form: its place among the legal actions of `seat`, and
/// whether the seat must be written (more than one seat, or another seat, owed an action).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub seat: Seat,
    pub index: usize,
    pub seat_written: bool,
}

/// Encode moves as the `moves` string.
pub fn encode_moves(moves: &[Move]) -> String {
    let mut bytes = Vec::with_capacity(moves.len() * 2);
    for m in moves {
        push_varint(
            &mut bytes,
            ((m.index as u64) << 1) | u64::from(m.seat_written),
        );
        if m.seat_written {
            push_varint(&mut bytes, m.seat.index() as u64);
        }
    }
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// One decoded move: its index, and its seat when the save wrote one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DecodedMove {
    pub index: usize,
    pub seat: Option<Seat>,
}

/// Decode the `moves` string: the moves up to the first that cannot be read, and why that
/// one could not (`bad_save`), so that what can be read still replays.
pub fn decode_moves(text: &str) -> (Vec<DecodedMove>, Option<RuleError>) {
    let bytes = match base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(text) {
        Ok(bytes) => bytes,
        Err(e) => {
            let error = RuleError::bad_save(format!("its moves are not compact moves: {e}"));
            return (Vec::new(), Some(error));
        }
    };
    let mut out = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        if out.len() >= MAX_SAVED_ACTIONS {
            return (out, Some(too_many(MAX_SAVED_ACTIONS + 1)));
        }
        match read_move(&bytes, &mut at, out.len() + 1) {
            Ok(m) => out.push(m),
            Err(error) => return (out, Some(error)),
        }
    }
    (out, None)
}

fn read_move(bytes: &[u8], at: &mut usize, number: usize) -> Result<DecodedMove, RuleError> {
    let head = read_varint(bytes, at)?;
    let seat = if head & 1 == 1 {
        let seat = read_varint(bytes, at)?;
        let seat = u8::try_from(seat)
            .map_err(|_| RuleError::bad_save(format!("move {number} names seat {seat}")))?;
        Some(Seat(seat))
    } else {
        None
    };
    let index = usize::try_from(head >> 1)
        .map_err(|_| RuleError::bad_save(format!("move {number} has an impossible index")))?;
    Ok(DecodedMove { index, seat })
}

/// The error for a save holding more than [`MAX_SAVED_ACTIONS`].
pub fn too_many(count: usize) -> RuleError {
    RuleError::bad_save(format!(
        "it holds {count} actions or more; a save holds at most {MAX_SAVED_ACTIONS}"
    ))
}

fn push_varint(bytes: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        bytes.push((value as u8) | 0x80);
        value >>= 7;
    }
    bytes.push(value as u8);
}

fn read_varint(bytes: &[u8], at: &mut usize) -> Result<u64, RuleError> {
    let mut value: u64 = 0;
    for shift in (0..64).step_by(7) {
        let Some(&b) = bytes.get(*at) else {
            return Err(RuleError::bad_save("its moves end in the middle of a move"));
        };
        *at += 1;
        value |= u64::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            return Ok(value);
        }
    }
    Err(RuleError::bad_save("its moves hold a number too large"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_round_trip() {
        let moves = [
            Move {
                seat: Seat(0),
                index: 0,
                seat_written: false,
            },
            Move {
                seat: Seat(3),
                index: 200,
                seat_written: true,
            },
            Move {
                seat: Seat(1),
                index: 70_000,
                seat_written: false,
            },
        ];
        let (decoded, broken) = decode_moves(&encode_moves(&moves));
        assert!(broken.is_none());
        assert_eq!(
            decoded,
            vec![
                DecodedMove {
                    index: 0,
                    seat: None
                },
                DecodedMove {
                    index: 200,
                    seat: Some(Seat(3))
                },
                DecodedMove {
                    index: 70_000,
                    seat: None
                },
            ]
        );
    }

    #[test]
    fn broken_moves_are_refused() {
        assert!(decode_moves("!!").1.is_some());
        // One whole move, then a continuation byte with nothing after it.
        let cut = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode([0x04u8, 0x80]);
        let (read, broken) = decode_moves(&cut);
        assert_eq!(
            read,
            vec![DecodedMove {
                index: 2,
                seat: None
            }]
        );
        assert!(broken.is_some());
    }
}

/// The version of the snapshot format this build writes and reads. A snapshot of another
/// version is refused (`bad_save`): a snapshot is a cache of a game, and its save replays.
pub const SNAPSHOT_VERSION: u32 = 1;

/// A whole game in progress as data, loaded without replaying: the start, the seed, the
/// state, every step and the log (`Session::snapshot`). Like a save, it holds every secret
/// and the seed, so it stays with the host.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Snapshot<S, C, A, E> {
    /// The snapshot format version (1 in this build).
    pub snapshot_version: u32,
    /// Which game (`Rules::GAME`).
    pub game: String,
    /// What the game started from.
    pub start: GameStart<S, C>,
    /// The seed of its dice.
    pub seed: Seed,
    /// The whole position as JSON text (opaque: it holds 128-bit numbers, which a
    /// JavaScript number cannot).
    pub state: String,
    /// The digest of the position (16 hex digits); a snapshot whose state has another is
    /// refused.
    pub state_digest: String,
    /// Every action applied, in order, with what undo and the compact save need.
    pub history: Vec<SnapshotStep<A>>,
    /// The whole (omniscient) log.
    #[tsify(type = "GameEvent<E>[]")]
    pub log: Vec<Event<E>>,
}

/// One applied action in a [`Snapshot`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SnapshotStep<A> {
    pub seat: Seat,
    pub action: A,
    /// Whether it revealed information (undo stops before it).
    pub reveals: bool,
    /// Its place among its seat's legal actions at that moment.
    pub index: usize,
    /// Whether the compact save writes its seat (more than one seat owed an action).
    pub seat_written: bool,
}
