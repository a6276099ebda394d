//! A game record: the game, its options and seed, and every step as the game writes
//! it (chance outcomes included), so that loading it replays the identical game; in a
//! match, every game of it; and where the seeded generator stands, so that the dice
//! rolled after loading are the ones the saved session would have rolled.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The most moves a record holds, all its games together (replaying one takes some
/// 35 µs and 750 bytes).
pub(crate) const MAX_RECORD_MOVES: usize = 100_000;

/// A saved game (or match), as `save` writes it and `load` replays it: YAML between a
/// first and a last line of its own (docs/repl.md).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Record {
    /// A built-in game's name or a rules file's path.
    pub game: String,
    /// The options the game was played with.
    #[serde(default)]
    pub options: Vec<String>,
    /// The seed of the session's generator (0 when left out).
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
    /// The text is longer than a record may be.
    #[error("a game record is at most {limit} bytes; this one has {size}")]
    TooLarge {
        /// The most bytes a record may have.
        limit: u64,
        /// The text's bytes.
        size: usize,
    },
    /// Brackets nest deeper than a record's ever do (looked for before the YAML is
    /// read).
    #[error("this is not a game record: brackets nest more than {max} deep at byte {at}")]
    TooDeep {
        /// The deepest nesting allowed.
        max: usize,
        /// The byte offset of the bracket that nests too deep.
        at: usize,
    },
    /// The YAML reader's message, cut short (it may quote a whole value of the file).
    #[error("this is not a game record: {0}")]
    NotARecord(String),
    /// YAML aliases let a short text repeat a list of moves many times over.
    #[error("this is not a game record: it holds {moves} moves, and a record holds at most {MAX_RECORD_MOVES}")]
    TooManyMoves {
        /// The moves it holds, all its games together.
        moves: usize,
    },
    /// The record could not be written as YAML (the writer's message).
    #[error("cannot write the record: {0}")]
    NotWritten(String),
    /// A record opens with the moves it holds and closes with a line of its own; a
    /// file without that line was cut short (a full disk, a copy stopped).
    #[error("this game record is cut short: it does not end with `{END}`")]
    CutShort,
    /// The moves the record holds are not as many as its first line says.
    #[error(
        "this game record holds {holds} moves and its first line says {says}: it was cut short \
         or edited (without its first line, it is read as it is)"
    )]
    WrongLength {
        /// The moves the first line says.
        says: usize,
        /// The moves the record holds, all its games together.
        holds: usize,
    },
}

/// The first line of a record: how many moves it holds, all its games together.
const HEAD: &str = "# tabula game record: ";
/// The last line of a record.
const END: &str = "# end of record";

/// The moves of a record's first line (`# tabula game record: 12 moves`); None for a
/// record without that line, as they were written before it and as people write them.
fn said_length(text: &str) -> Result<Option<usize>, RecordError> {
    let Some(rest) = text.strip_prefix(HEAD) else {
        return Ok(None);
    };
    let line = rest.lines().next().unwrap_or_default();
    line.trim_end()
        .strip_suffix(" moves")
        .or_else(|| line.trim_end().strip_suffix(" move"))
        .and_then(|n| n.parse().ok())
        .map(Some)
        .ok_or_else(|| {
            RecordError::NotARecord(format!(
                "its first line says `{HEAD}{}` and not how many moves it holds",
                crate::diagnostic::escape(line.trim_end())
            ))
        })
}

impl Record {
    /// The record as a file: a first line saying how many moves it holds, the YAML,
    /// and a last line that shows it was not cut short.
    pub fn to_yaml(&self) -> Result<String, RecordError> {
        let yaml =
            serde_yaml_ng::to_string(self).map_err(|e| RecordError::NotWritten(e.to_string()))?;
        let moves = self.moves.len() + self.games.iter().map(Vec::len).sum::<usize>();
        let unit = if moves == 1 { "move" } else { "moves" };
        Ok(format!("{HEAD}{moves} {unit}\n{yaml}{END}\n"))
    }

    /// Reads a record written by [`Record::to_yaml`] or by hand (without its first and
    /// last lines); refuses one too large, too deep, cut short or of too many moves.
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
        // Looked at before the YAML, which a cut may have left unreadable.
        let says = said_length(text)?;
        if says.is_some()
            && text
                .lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .map(str::trim_end)
                != Some(END)
        {
            return Err(RecordError::CutShort);
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
        if let Some(says) = says {
            if says != moves {
                return Err(RecordError::WrongLength { says, holds: moves });
            }
        }
        Ok(record)
    }
}
