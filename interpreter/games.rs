//! Rules files built into the binary, so a built-in game is named rather than found on
//! disk. The list is made by build.rs from the files in games/: this code names none.

// Name and text of each built-in rules file (`BUILT_IN`), sorted by name.
include!(concat!(env!("OUT_DIR"), "/built_in.rs"));

/// The names of the built-in games, sorted.
pub fn names() -> Vec<&'static str> {
    BUILT_IN.iter().map(|(n, _)| *n).collect()
}

/// The text of a built-in game.
pub fn built_in(name: &str) -> Option<&'static str> {
    BUILT_IN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The trained network shipped with a built-in game (`games/NAME.net`), if any.
pub fn built_in_net(name: &str) -> Option<&'static [u8]> {
    BUILT_IN_NETS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, b)| *b)
}

/// Why `load_source` found no rules: the name is no built-in game, and the file of
/// that name could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// The name is close to a built-in game's.
    #[error("{read}; did you mean the built-in game `{near}`?")]
    Misspelt {
        /// Why the file of that name could not be read.
        read: crate::input::ReadError,
        /// The built-in game meant, most likely.
        near: &'static str,
    },
    /// The name is close to none.
    #[error("{read}; it is not a built-in game either (those are: {})", names().join(", "))]
    Unknown {
        /// Why the file of that name could not be read.
        read: crate::input::ReadError,
    },
}

/// Reads a rules file: a built-in game by name, or a path.
pub fn load_source(name_or_path: &str) -> Result<crate::Source, LoadError> {
    if let Some(text) = built_in(name_or_path) {
        return Ok(crate::Source::new(
            format!("games/{name_or_path}.tabula"),
            text,
        ));
    }
    match crate::input::read(name_or_path, crate::input::Kind::Rules) {
        Ok(text) => Ok(crate::Source::new(name_or_path, text)),
        Err(read) => Err(match closest_built_in(name_or_path) {
            Some(near) => LoadError::Misspelt { read, near },
            None => LoadError::Unknown { read },
        }),
    }
}

/// The built-in game whose name is closest to a misspelt one, if one is close (the
/// same measure as the checker's "did you mean" for names in a rules file).
fn closest_built_in(name: &str) -> Option<&'static str> {
    BUILT_IN
        .iter()
        .map(|(n, _)| (strsim::jaro_winkler(name, n), *n))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, n)| n)
}
