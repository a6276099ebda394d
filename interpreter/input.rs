//! Reading untrusted files: rules files, states and game records are read only from
//! regular files, within a size limit fixed for each kind, as UTF-8 text (a byte-order
//! mark is dropped). docs/limits.md lists the limits.

use std::io::Read;

/// What is being read, for its size limit and its wording.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A rules file: at most 1 MiB.
    Rules,
    /// A state file (JSON or YAML): at most 1 MiB.
    State,
    /// A game record: at most 2 MiB.
    Record,
}

/// The largest rules file read: the built-in games are some 15 KB.
pub(crate) const MAX_RULES_BYTES: u64 = 1 << 20;
/// The largest state file read: a state of the largest board is some 300 KB.
pub(crate) const MAX_STATE_BYTES: u64 = 1 << 20;
/// The largest game record read: a record is some 10 bytes a move.
pub(crate) const MAX_RECORD_BYTES: u64 = 2 << 20;

impl Kind {
    /// The most bytes a file of this kind may have.
    pub fn limit(self) -> u64 {
        match self {
            Kind::Rules => MAX_RULES_BYTES,
            Kind::State => MAX_STATE_BYTES,
            Kind::Record => MAX_RECORD_BYTES,
        }
    }

    fn what(self) -> &'static str {
        match self {
            Kind::Rules => "a rules file",
            Kind::State => "a state file",
            Kind::Record => "a game record",
        }
    }
}

/// Why a file was not read. Paths are quoted escaped (they may come from a record).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// The file system refused: no such file, no permission... (its message, in lower
    /// case).
    #[error("cannot read `{}`: {message}", escape(path))]
    Io {
        /// The path as given.
        path: String,
        /// The system's message, in lower case.
        message: String,
    },
    /// A directory, a device or a pipe.
    #[error("cannot read `{}`: it is not a regular file", escape(path))]
    NotAFile {
        /// The path as given.
        path: String,
    },
    /// Larger than the limit of its kind.
    #[error("cannot read `{}`: {} is at most {limit} bytes", escape(path), kind.what())]
    TooLarge {
        /// The path as given.
        path: String,
        /// What the file was read as.
        kind: Kind,
        /// The most bytes a file of that kind may have.
        limit: u64,
    },
    /// Not UTF-8 text from byte `at` on.
    #[error(
        "cannot read `{}`: it is not UTF-8 text (byte {at} is not)",
        escape(path)
    )]
    NotText {
        /// The path as given.
        path: String,
        /// The offset of the first byte that is not UTF-8 (after any byte-order mark).
        at: usize,
    },
}

fn escape(path: &str) -> String {
    crate::diagnostic::escape(path)
}

/// Reads a file of `kind`: a regular file (not a device, a pipe or a directory) of at
/// most `kind.limit()` bytes of UTF-8.
pub fn read(path: &str, kind: Kind) -> Result<String, ReadError> {
    let cannot = |e: std::io::Error| ReadError::Io {
        path: path.to_string(),
        message: e.to_string().to_lowercase(),
    };
    // Looked at before opening: opening a pipe waits for a writer.
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if !meta.is_file() {
        return Err(ReadError::NotAFile {
            path: path.to_string(),
        });
    }
    let limit = kind.limit();
    let too_big = || ReadError::TooLarge {
        path: path.to_string(),
        kind,
        limit,
    };
    if meta.len() > limit {
        return Err(too_big());
    }
    let file = std::fs::File::open(path).map_err(cannot)?;
    let mut bytes = Vec::new();
    // The file may have grown since it was looked at: read one byte past the limit.
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > limit {
        return Err(too_big());
    }
    text(bytes).map_err(|at| ReadError::NotText {
        path: path.to_string(),
        at,
    })
}

/// Bytes as text without a leading byte-order mark; the error is the offset of the first
/// byte that is not UTF-8.
pub fn text(mut bytes: Vec<u8>) -> Result<String, usize> {
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    String::from_utf8(bytes).map_err(|e| e.utf8_error().valid_up_to())
}

/// How deep brackets may nest in a JSON or YAML document (a state nests four levels,
/// a record's start state five).
pub const MAX_DOCUMENT_NESTING: usize = 64;

/// The offset of the first `[` or `{` nesting deeper than `MAX_DOCUMENT_NESTING` in a
/// JSON or YAML text, outside quoted strings. Looked for before parsing, since a YAML
/// parser takes time quadratic in the depth before refusing it.
pub(crate) fn too_deep(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut quote = None;
    let mut escaped = false;
    for (i, b) in text.bytes().enumerate() {
        match quote {
            Some(q) => {
                if escaped {
                    escaped = false;
                } else if b == b'\\' && q == b'"' {
                    escaped = true;
                } else if b == q {
                    quote = None;
                }
            }
            None => match b {
                b'"' | b'\'' => quote = Some(b),
                b'[' | b'{' => {
                    depth += 1;
                    if depth > MAX_DOCUMENT_NESTING {
                        return Some(i);
                    }
                }
                b']' | b'}' => depth = depth.saturating_sub(1),
                _ => {}
            },
        }
    }
    None
}
