//! Network files: reading one safely, and finding the network that goes with a game
//! (the one shipped with a built-in game, or the `.net` file beside a rules file).

use super::net::{Net, NetError, MAX_FILE};
use crate::games;

/// The network that goes with a game by default: a built-in game's own, or the `.net`
/// file beside a rules file (`my-game.tabula` → `my-game.net`), else the network of a
/// built-in game it includes, if that fits it. `None` when there is none; an error when
/// the file beside it does not fit the game.
pub fn default_net(name_or_path: &str, game: &crate::Game) -> Result<Option<Net>, String> {
    let bytes = match games::built_in_net(name_or_path) {
        Some(b) => b.to_vec(),
        None if games::built_in(name_or_path).is_some() => return Ok(None),
        None => {
            let path = std::path::Path::new(name_or_path).with_extension("net");
            if !path.is_file() {
                return Ok(included_net(game));
            }
            read_net_file(&path.display().to_string())?
        }
    };
    Net::from_bytes(game, &bytes)
        .map(Some)
        .map_err(|e| format!("the network of `{name_or_path}`: {e}"))
}

/// The network of a built-in game the rules file includes, when it fits the game as
/// compiled (the same name and encoding: a file that adds a strategy, a test or a
/// display to the game); none when the file changed what the network reads.
fn included_net(game: &crate::Game) -> Option<Net> {
    game.rules.included.iter().find_map(|(_, source)| {
        let name = source
            .name
            .strip_prefix("games/")?
            .strip_suffix(".tabula")?;
        Net::from_bytes(game, games::built_in_net(name)?).ok()
    })
}

/// A network file's bytes, refusing anything but a regular file of a sane size.
pub fn read_net_file(path: &str) -> Result<Vec<u8>, NetError> {
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
    if meta.len() > MAX_FILE as u64 {
        return Err(NetError::FileTooLarge {
            path: path.to_string(),
            mb: MAX_FILE >> 20,
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
        if bytes.len() > MAX_FILE {
            return Err(NetError::FileTooLarge {
                path: path.to_string(),
                mb: MAX_FILE >> 20,
            });
        }
    }
}
