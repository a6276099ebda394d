//! The texts the editor has open, and the documents of the built-in games a file
//! includes: the real `games/NAME.tabula` when one with the same text is found above
//! the file or in a workspace folder, else a read-only `tabula:games/NAME.tabula` the
//! server serves (request `tabula/gameText`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The scheme of the documents the server serves itself.
pub const GAME_SCHEME: &str = "tabula:games/";

/// One open text.
pub struct Document {
    pub text: String,
}

#[derive(Default)]
pub struct Documents {
    pub open: HashMap<String, Document>,
    /// The workspace folders, where `games/` is looked for too.
    pub roots: Vec<PathBuf>,
}

impl Documents {
    /// The text of a document: an open one, or a built-in game's served document.
    pub fn text(&self, uri: &str) -> Option<&str> {
        if let Some(d) = self.open.get(uri) {
            return Some(d.text.as_str());
        }
        game_of_uri(uri).and_then(tabula::games::built_in)
    }

    /// The document of a built-in game, as seen from the file at `from`.
    pub fn game_uri(&self, from: &str, game: &str) -> String {
        let Some(text) = tabula::games::built_in(game) else {
            return format!("{GAME_SCHEME}{game}.tabula");
        };
        let file = format!("{game}.tabula");
        let above = path_of_uri(from)
            .and_then(|p| p.parent().map(Path::to_path_buf))
            .into_iter()
            .flat_map(|dir| dir.ancestors().map(Path::to_path_buf).collect::<Vec<_>>());
        for dir in above.chain(self.roots.iter().cloned()) {
            let candidate = dir.join("games").join(&file);
            // A file of the game as built in, not an older or edited copy.
            let same = std::fs::metadata(&candidate)
                .is_ok_and(|m| m.is_file() && m.len() == text.len() as u64)
                && std::fs::read_to_string(&candidate).is_ok_and(|t| t == text);
            if same {
                return uri_of_path(&candidate);
            }
        }
        format!("{GAME_SCHEME}{file}")
    }
}

/// The built-in game a served document is.
pub fn game_of_uri(uri: &str) -> Option<&str> {
    uri.strip_prefix(GAME_SCHEME)?.strip_suffix(".tabula")
}

/// The path of a `file:` URI.
pub fn path_of_uri(uri: &str) -> Option<PathBuf> {
    let rest = uri.strip_prefix("file://")?;
    // `file://host/path`: only the local host.
    let path = rest.strip_prefix("localhost").unwrap_or(rest);
    if !path.starts_with('/') {
        return None;
    }
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (
            bytes[i],
            bytes.get(i + 1).and_then(|&b| hex(b)),
            bytes.get(i + 2).and_then(|&b| hex(b)),
        ) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    let path = String::from_utf8(out).ok()?;
    Some(PathBuf::from(path))
}

/// The `file:` URI of a path, every byte but the unreserved ones and `/` escaped.
pub fn uri_of_path(path: &Path) -> String {
    let mut out = String::from("file://");
    for &b in path.to_string_lossy().as_bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The name a file goes by in messages: its path, or the URI itself.
pub fn name_of_uri(uri: &str) -> String {
    path_of_uri(uri).map_or_else(|| uri.to_string(), |p| p.display().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_goes_to_a_uri_and_back() {
        let path = Path::new("/tmp/my rules/é#1.tabula");
        let uri = uri_of_path(path);
        assert_eq!(uri, "file:///tmp/my%20rules/%C3%A9%231.tabula");
        assert_eq!(path_of_uri(&uri).as_deref(), Some(path));
        assert_eq!(path_of_uri("untitled:1"), None);
        assert_eq!(
            game_of_uri("tabula:games/any-name.tabula"),
            Some("any-name")
        );
    }
}
