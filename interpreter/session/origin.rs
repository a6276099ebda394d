//! Where the rules of a session came from: a built-in game or a rules file.

use super::SessionError;
use crate::Source;

/// Where the rules came from, for `reload` and for records.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// A built-in game by name (reloading re-reads its embedded text).
    BuiltIn(String),
    /// A rules file on disk.
    Path(String),
}

impl Origin {
    /// The built-in game's name, or the path.
    pub fn name(&self) -> &str {
        match self {
            Origin::BuiltIn(n) | Origin::Path(n) => n,
        }
    }

    pub(super) fn read(&self) -> Result<Source, SessionError> {
        match self {
            Origin::BuiltIn(n) => crate::games::built_in(n)
                .map(|t| Source::new(format!("games/{n}.tabula"), t))
                .ok_or_else(|| refused!("`{n}` is not a built-in game")),
            Origin::Path(p) => Ok(Source::new(
                p.clone(),
                crate::input::read(p, crate::input::Kind::Rules)?,
            )),
        }
    }

    /// The game a record names: a built-in game, or a rules file by a path ending in
    /// `.tabula` (so that a record cannot have any other file read and quoted).
    pub fn of_record(name_or_path: &str) -> Result<Origin, SessionError> {
        match Origin::of(name_or_path) {
            Origin::Path(p) if !p.ends_with(".tabula") => Err(refused!(
                "the record's game `{}` is neither a built-in game nor a rules file (a path ending in .tabula)",
                crate::diagnostic::escape(&p)
            )),
            origin => Ok(origin),
        }
    }

    /// A built-in game by name, or a path.
    pub fn of(name_or_path: &str) -> Origin {
        if crate::games::built_in(name_or_path).is_some() {
            Origin::BuiltIn(name_or_path.to_string())
        } else {
            Origin::Path(name_or_path.to_string())
        }
    }
}
