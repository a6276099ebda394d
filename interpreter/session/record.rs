//! A game record: the game, its options and seed, and every step as the game writes
//! it (chance outcomes included), so that loading it replays the identical game; in a
//! match, every game of it; and where the seeded generator stands, so that the dice
//! rolled after loading are the ones the saved session would have rolled.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The most moves a record holds, all its games together (replaying one takes some
/// 35 µs and 750 bytes).
pub(crate) const MAX_RECORD_MOVES: usize = 100_000;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Record {
    /// A built-in game's name or a rules file's path.
    pub game: String,
    #[serde(default)]
    pub options: Vec<String>,
    #[serde(default)]
    pub seed: u64,
    /// Points to win the match; 0 (left out) for a single game.
    #[serde(default, rename = "match", skip_serializing_if = "is_zero")]
    pub match_length: i32,
    /// The state the first game started from, when it was not the initial one (its
    /// match counters then give the match).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<serde_json::Value>,
    /// The moves of each game of the match before the one in progress.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub games: Vec<Vec<String>>,
    /// The moves of the game in progress (the last game of a match).
    #[serde(default)]
    pub moves: Vec<String>,
    /// How many 32-bit numbers were drawn from the seeded generator (dice, the
    /// computer's choices); loading goes on from there. 0: from the seed.
    #[serde(default)]
    pub drawn: u64,
    /// Players the computer plays, with its level.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub computer: BTreeMap<String, String>,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

/// Why a game record could not be read or written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("a game record is at most {limit} bytes; this one has {size}")]
    TooLarge { limit: u64, size: usize },
    #[error("this is not a game record: brackets nest more than {max} deep at byte {at}")]
    TooDeep { max: usize, at: usize },
    /// The YAML reader's message, cut short (it may quote a whole value of the file).
    #[error("this is not a game record: {0}")]
    NotARecord(String),
    /// YAML aliases let a short text repeat a list of moves many times over.
    #[error("this is not a game record: it holds {moves} moves, and a record holds at most {MAX_RECORD_MOVES}")]
    TooManyMoves { moves: usize },
    #[error("cannot write the record: {0}")]
    NotWritten(String),
}

impl Record {
    pub fn to_yaml(&self) -> Result<String, RecordError> {
        serde_yaml_ng::to_string(self).map_err(|e| RecordError::NotWritten(e.to_string()))
    }

    pub fn from_yaml(text: &str) -> Result<Record, RecordError> {
        let limit = crate::input::MAX_RECORD_BYTES;
        if text.len() as u64 > limit {
            return Err(RecordError::TooLarge {
                limit,
                size: text.len(),
            });
        }
        if let Some(at) = crate::input::too_deep(text) {
            let max = crate::input::MAX_DOCUMENT_NESTING;
            return Err(RecordError::TooDeep { max, at });
        }
        let record: Record = serde_yaml_ng::from_str(text).map_err(|e| {
            let e = e.to_string();
            let short: String = e.chars().take(300).collect();
            let more = if short.len() < e.len() { "..." } else { "" };
            RecordError::NotARecord(format!("{short}{more}"))
        })?;
        let moves = record.moves.len() + record.games.iter().map(Vec::len).sum::<usize>();
        if moves > MAX_RECORD_MOVES {
            return Err(RecordError::TooManyMoves { moves });
        }
        Ok(record)
    }
}
