//! What goes wrong in a session, by kind; the wording of each kind in one place.

use super::record::RecordError;
use crate::ai::net::NetError;
use crate::ai::LevelError;
use crate::games::LoadError;
use crate::input::ReadError;
use crate::output::WriteError;

/// An error of a session: a line refused, a file unreadable, rules that do not
/// compile or fail while playing, a state that is not one of the game. The REPL shows
/// it after `error:`, or as it is when it is a drawn diagnostic (`is_drawn`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// A sentence for the person: a command misused, a move or a setting refused, a
    /// record that does not fit its game.
    #[error("{0}")]
    Refused(String),
    /// A file could not be read.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A file could not be written, or was not, being one the session reads.
    #[error(transparent)]
    Write(#[from] WriteError),
    /// A game record could not be read or written.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The rules named are neither a built-in game nor a readable file.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// A computer level or search budget that does not read.
    #[error(transparent)]
    Level(#[from] LevelError),
    /// A network file that cannot be read or does not fit the game.
    #[error(transparent)]
    Net(#[from] NetError),
    /// The rules do not compile: their diagnostics, drawn (file:line:col, the line and
    /// a caret).
    #[error("{0}")]
    Rules(String),
    /// An option the game does not have, or options that do not go together.
    #[error("{0}")]
    Option(String),
    /// The rules did something impossible while playing: drawn at the statement.
    #[error("{0}")]
    Runtime(String),
    /// A state document is not a state of the game: its diagnostics, drawn.
    #[error("{0}")]
    State(String),
}

impl SessionError {
    /// Whether the text is a drawn diagnostic, which opens with its own `error:` line.
    pub fn is_drawn(&self) -> bool {
        matches!(
            self,
            SessionError::Rules(_) | SessionError::Runtime(_) | SessionError::State(_)
        )
    }

    /// The error as the command line prints it, without colour.
    pub fn shown(&self) -> String {
        if self.is_drawn() {
            self.to_string()
        } else {
            format!("error: {self}")
        }
    }
}

impl From<String> for SessionError {
    fn from(sentence: String) -> SessionError {
        SessionError::Refused(sentence)
    }
}

impl From<&str> for SessionError {
    fn from(sentence: &str) -> SessionError {
        SessionError::Refused(sentence.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sentence_is_marked_and_a_drawn_diagnostic_is_shown_as_it_is() {
        let refused = SessionError::from("`frob` is not a setting");
        assert!(!refused.is_drawn());
        assert_eq!(refused.shown(), "error: `frob` is not a setting");
        // A sentence that happens to begin with the word is still a sentence.
        let refused = SessionError::from("errors.json: no such record");
        assert_eq!(refused.shown(), "error: errors.json: no such record");
        let drawn = "error: while playing: `move` from `b1`, which is empty\n  --> t.tabula:8:3";
        let runtime = SessionError::Runtime(drawn.to_string());
        assert!(runtime.is_drawn());
        assert_eq!(runtime.shown(), drawn);
    }
}
