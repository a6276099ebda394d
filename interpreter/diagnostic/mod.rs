//! Diagnostics: what went wrong, where (a byte span in a source), and how to say it.

mod code;
mod json;
mod kind;
mod render;
mod state_kind;
mod wording;

pub use kind::{ErrorKind, NameHelp};
pub use render::MAX_QUOTED_LINE;
pub use state_kind::StateErrorKind;
use std::fmt;
pub(crate) use wording::in_included_game;
pub use wording::RelatedLabel;

/// The known name closest to a misspelt one, if one is close enough to be what was
/// meant: the one measure of every "did you mean".
pub(crate) fn closest_name<'n>(
    name: &str,
    candidates: impl IntoIterator<Item = &'n str>,
) -> Option<&'n str> {
    candidates
        .into_iter()
        .map(|c| (strsim::jaro_winkler(name, c), c))
        .filter(|(score, c)| *score > 0.8 && *c != name)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// A byte range in one source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    /// The byte offset of the first byte.
    pub start: usize,
    /// The byte offset just past the last byte (`start` for an empty span).
    pub end: usize,
}

impl Span {
    /// The bytes `start..end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
}

/// One problem found in a source text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The sentence shown after `error:` or `warning:`: the kind's wording when there
    /// is a kind.
    pub message: String,
    /// What the problem is, as data; `None` for the problems of texts other than the
    /// compiler's (syntax, state documents, the session's inputs), which have no kind yet.
    /// (Boxed, as are the lists: a diagnostic is the error of many a `Result`.)
    pub kind: Option<Box<ErrorKind>>,
    /// Where the problem is: the caret goes under it.
    pub span: Span,
    /// A sentence of advice, shown as `hint: ...` under the source line.
    pub hint: Option<String>,
    /// Other places the problem is about, each shown as a secondary label.
    pub related: Box<[Related]>,
    /// Edits that would put the problem right.
    pub suggestions: Box<[Edit]>,
    /// A warning: the file is accepted, but probably does not say what was meant.
    pub warning: bool,
}

/// Another place a problem is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Related {
    /// The place, in the diagnostic's source unless `game` names another.
    pub span: Span,
    /// What the place is to the problem (the label shown under it).
    pub label: RelatedLabel,
    /// The built-in game whose text `span` is in, when it is not the diagnostic's own
    /// source (an included game).
    pub game: Option<String>,
}

/// A change to the source: `replacement` in place of the text of `span`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// The text replaced (empty to insert).
    pub span: Span,
    /// The text put there.
    pub replacement: String,
}

impl Diagnostic {
    /// An error at `span` with its sentence and nothing else: no kind, hint, related
    /// place or edit.
    pub fn new(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            message: message.into(),
            kind: None,
            span,
            hint: None,
            related: Box::default(),
            suggestions: Box::default(),
            warning: false,
        }
    }

    /// A problem of a kind at a span: its wording, hint, severity and suggested edit are
    /// the kind's.
    pub fn of(span: Span, kind: ErrorKind) -> Diagnostic {
        Diagnostic {
            message: kind.to_string(),
            hint: kind.hint(),
            suggestions: kind
                .replacement()
                .map(|replacement| Edit { span, replacement })
                .into_iter()
                .collect(),
            warning: kind.is_warning(),
            related: Box::default(),
            kind: Some(Box::new(kind)),
            span,
        }
    }

    /// The kind's stable code, if the problem has a kind.
    pub fn code(&self) -> Option<&'static str> {
        self.kind.as_deref().map(ErrorKind::code)
    }

    /// The same, with another place of the same source it is about.
    pub(crate) fn with_related(mut self, span: Span, label: RelatedLabel) -> Diagnostic {
        self.add_related(Related {
            span,
            label,
            game: None,
        });
        self
    }

    pub(crate) fn add_related(&mut self, related: Related) {
        let mut all = std::mem::take(&mut self.related).into_vec();
        all.push(related);
        self.related = all.into();
    }
}

/// A named source text, so diagnostics can show `file:line:col` and the line itself.
#[derive(Debug, Clone)]
pub struct Source {
    /// The name shown before `:line:col`: a path, or a built-in game's file name.
    pub name: String,
    /// The whole text; spans are byte offsets into it.
    pub text: String,
}

impl Source {
    /// The text `text`, called `name` in messages.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Source {
        Source {
            name: name.into(),
            text: text.into(),
        }
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..floor_char_boundary(&self.text, offset)];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }
}

pub(crate) fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// Diagnostics of one source, rendered like a compiler's: `error: ...`, `--> file:line:col`,
/// the source line and a caret under the span (diagnostic/render.rs).
#[derive(Debug, Clone)]
pub struct Diagnostics {
    /// The text the spans point into.
    pub source: Source,
    /// The problems, in the order they are shown.
    pub list: Vec<Diagnostic>,
}

/// Text from an untrusted file made safe to print on a terminal: every control
/// character is written as an escape (`\u{1b}`), except new lines, tabs and the colour
/// codes (`ESC [ digits ; ... m`) that diagnostics and the session draw with.
pub fn terminal_safe(text: &str) -> std::borrow::Cow<'_, str> {
    let unsafe_char = |c: char| c.is_control() && c != '\n' && c != '\t';
    if !text.chars().any(unsafe_char) {
        return text.into();
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '\u{1b}' {
            if let Some(code) = colour_code(rest) {
                out.push_str(code);
                rest = &rest[code.len()..];
                continue;
            }
        }
        if unsafe_char(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    out.into()
}

/// A colour code at the start of `text`: ESC `[`, digits and `;`, then `m`.
fn colour_code(text: &str) -> Option<&str> {
    let body = text.strip_prefix("\u{1b}[")?;
    let len = body
        .bytes()
        .take_while(|b| b.is_ascii_digit() || *b == b';')
        .count();
    (body.as_bytes().get(len) == Some(&b'm')).then(|| &text[..2 + len + 1])
}

/// A name or value from an untrusted file, escaped for a message: control characters
/// are written as escapes, and a long one is cut to 60 characters.
pub fn escape(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(60)
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() {
                c.escape_unicode().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect();
    if text.chars().nth(60).is_some() {
        out.push_str("...");
    }
    out
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(false))
    }
}

impl std::error::Error for Diagnostics {}
