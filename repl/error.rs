//! What a command of the binary fails with, by kind; the wording of each kind in one
//! place. `main` prints it on standard error.

use tabula::{CompileError, Diagnostics};

/// A `CliError::Refused`, worded as by `format!`.
macro_rules! refused {
    ($($arg:tt)*) => {
        $crate::error::CliError::Refused(format!($($arg)*))
    };
}
pub(crate) use refused;

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// A sentence for the user: what the command could not do (arguments or a
    /// position that do not fit, a file it cannot write, ...) and why.
    #[error("error: {0}")]
    Refused(String),
    /// The rules named are neither a built-in game nor a readable file.
    #[error("error: {0}")]
    Load(#[from] tabula::games::LoadError),
    /// A file could not be read.
    #[error("error: {0}")]
    Read(#[from] tabula::input::ReadError),
    /// A file could not be written, or was not, being one the command reads.
    #[error("error: {0}")]
    Write(#[from] tabula::output::WriteError),
    /// The rules do not compile: their diagnostics, drawn.
    #[error("{}", .0.render(crate::cli::common::color()))]
    Rules(#[from] CompileError),
    /// A state document is not a state of the game: its diagnostics, drawn.
    #[error("{}", .0.render(crate::cli::common::color()))]
    State(Diagnostics),
    /// The rules did something impossible while playing: drawn at the statement.
    #[error("{0}")]
    Runtime(String),
    /// The interactive session could not start.
    #[error("{}", .0.shown())]
    Session(#[from] tabula::session::SessionError),
    /// The command has printed its own report of what failed (`tabula test`): a
    /// failing exit with nothing more to say.
    #[error("")]
    Reported,
}
