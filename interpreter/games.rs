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

/// The network that goes with a game by default: a built-in game's own, or the `.net`
/// file beside a rules file (`my-game.tabula` → `my-game.net`). `None` when there is
/// none; an error when there is one that does not fit the game.
pub fn default_net(
    name_or_path: &str,
    game: &crate::Game,
) -> Result<Option<crate::ai::net::Net>, String> {
    let bytes = match built_in_net(name_or_path) {
        Some(b) => b.to_vec(),
        None if built_in(name_or_path).is_some() => return Ok(None),
        None => {
            let path = std::path::Path::new(name_or_path).with_extension("net");
            if !path.is_file() {
                return Ok(None);
            }
            read_net_file(&path.display().to_string())?
        }
    };
    crate::ai::net::Net::from_bytes(game, &bytes)
        .map(Some)
        .map_err(|e| format!("the network of `{name_or_path}`: {e}"))
}

/// A network file's bytes, refusing anything but a regular file of a sane size.
pub fn read_net_file(path: &str) -> Result<Vec<u8>, crate::ai::net::NetError> {
    use crate::ai::net::NetError;
    let unreadable = |e: std::io::Error| NetError::Unreadable {
        path: path.to_string(),
        reason: e.to_string().to_lowercase(),
    };
    let meta = std::fs::metadata(path).map_err(unreadable)?;
    if !meta.is_file() {
        return Err(NetError::NotAFile {
            path: path.to_string(),
        });
    }
    if meta.len() > crate::ai::net::MAX_FILE as u64 {
        return Err(NetError::FileTooLarge {
            path: path.to_string(),
            mb: crate::ai::net::MAX_FILE >> 20,
        });
    }
    // Read one byte past the limit at most: a file whose size the system does not
    // tell (such as those under /proc, which say 0) is refused when it is too long,
    // not read until memory runs out.
    // Read in whole blocks, which files of records (as some under /proc) need.
    use std::io::Read;
    let mut file = std::fs::File::open(path).map_err(unreadable)?;
    let mut bytes = Vec::new();
    let mut block = vec![0u8; 1 << 16];
    loop {
        let n = match file.read(&mut block) {
            Ok(0) => return Ok(bytes),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(unreadable(e)),
        };
        bytes.extend_from_slice(&block[..n]);
        if bytes.len() > crate::ai::net::MAX_FILE {
            return Err(NetError::FileTooLarge {
                path: path.to_string(),
                mb: crate::ai::net::MAX_FILE >> 20,
            });
        }
    }
}

/// Why `load_source` found no rules: the name is no built-in game, and the file of
/// that name could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// The name is close to a built-in game's.
    #[error("{read}; did you mean the built-in game `{near}`?")]
    Misspelt {
        read: crate::input::ReadError,
        near: &'static str,
    },
    /// The name is close to none.
    #[error("{read}; it is not a built-in game either (those are: {})", names().join(", "))]
    Unknown { read: crate::input::ReadError },
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
