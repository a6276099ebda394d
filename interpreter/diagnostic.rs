//! Diagnostics: what went wrong, where (a byte span in a source), and how to say it.

use codespan_reporting::diagnostic::{Diagnostic as Report, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, Chars, Config};
use std::fmt;

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
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
}

/// One problem found in a source text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub message: String,
    pub span: Span,
    pub hint: Option<String>,
    /// A warning: the file is accepted, but probably does not say what was meant.
    pub warning: bool,
}

impl Diagnostic {
    pub fn new(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            message: message.into(),
            span,
            hint: None,
            warning: false,
        }
    }

    /// The same, as a warning.
    pub(crate) fn into_warning(mut self) -> Diagnostic {
        self.warning = true;
        self
    }

    pub(crate) fn with_hint(mut self, hint: impl Into<String>) -> Diagnostic {
        self.hint = Some(hint.into());
        self
    }
}

/// A named source text, so diagnostics can show `file:line:col` and the line itself.
#[derive(Debug, Clone)]
pub struct Source {
    pub name: String,
    pub text: String,
}

impl Source {
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

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// Diagnostics of one source, rendered like a compiler's: `error: ...`, `--> file:line:col`,
/// the source line and a caret under the span.
#[derive(Debug, Clone)]
pub struct Diagnostics {
    pub source: Source,
    pub list: Vec<Diagnostic>,
}

impl Diagnostics {
    pub fn render(&self, color: bool) -> String {
        let config = Config {
            chars: Chars::ascii(),
            ..Config::default()
        };
        let mut out = if color {
            term::termcolor::Buffer::ansi()
        } else {
            term::termcolor::Buffer::no_color()
        };
        for d in &self.list {
            let text = self.source.text.as_str();
            let end = floor_char_boundary(text, d.span.end.max(d.span.start).min(text.len()));
            let start = floor_char_boundary(text, d.span.start.min(end));
            let (shown, range) = quoted(text, start..end);
            let file = SimpleFile::new(self.source.name.as_str(), shown.as_ref());
            let report = if d.warning {
                Report::warning()
            } else {
                Report::error()
            };
            let mut report = report
                .with_message(&d.message)
                .with_labels(vec![Label::primary((), range.clone())]);
            if let Some(hint) = &d.hint {
                report = report.with_notes(vec![format!("hint: {hint}")]);
            }
            // Writing into a memory buffer cannot fail for a span inside the text.
            if shown.len() == text.len() {
                let _ = term::emit(&mut out, &config, &file, &report);
            } else {
                // The window's column is not the line's: put the true one in the header.
                let mut part = term::termcolor::Buffer::no_color();
                let _ = term::emit(&mut part, &config, &file, &report);
                let part = String::from_utf8_lossy(part.as_slice()).into_owned();
                let source = Source::new(self.source.name.as_str(), shown.as_ref());
                let (line, shown_col) = source.line_col(range.start);
                let (_, col) = self.source.line_col(start);
                let name = &self.source.name;
                let part = part.replacen(
                    &format!("{name}:{line}:{shown_col}"),
                    &format!("{name}:{line}:{col}"),
                    1,
                );
                use std::io::Write as _;
                let _ = out.write_all(part.as_bytes());
            }
        }
        String::from_utf8_lossy(out.as_slice()).into_owned()
    }
}

/// The most of a source line an error quotes: a longer line (a state written on one
/// line, a file of one huge line) is quoted as a window around the error's place.
pub const MAX_QUOTED_LINE: usize = 160;

/// The source an error is shown against: the text itself, or, when the line the error
/// is on is longer than `MAX_QUOTED_LINE`, a copy in which that line is cut down to a
/// window around the span (the other lines are not shown), with the span moved along.
fn quoted(
    text: &str,
    span: std::ops::Range<usize>,
) -> (std::borrow::Cow<'_, str>, std::ops::Range<usize>) {
    let line_start = text[..span.start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[span.start..]
        .find('\n')
        .map_or(text.len(), |i| span.start + i);
    if line_end - line_start <= MAX_QUOTED_LINE {
        return (text.into(), span);
    }
    let from = floor_char_boundary(
        text,
        span.start
            .saturating_sub(MAX_QUOTED_LINE / 2)
            .max(line_start),
    );
    let to = floor_char_boundary(text, (from + MAX_QUOTED_LINE).min(line_end));
    // The lines before are kept as empty lines, so the line number stays right.
    let lines_before = text[..line_start].matches('\n').count();
    let mut cut = "\n".repeat(lines_before);
    let marker = if from > line_start { "..." } else { "" };
    cut.push_str(marker);
    let at = cut.len() + span.start - from;
    cut.push_str(&text[from..to]);
    if to < line_end {
        cut.push_str("...");
    }
    let end = (at + span.end - span.start).min(cut.len());
    (cut.into(), at..end)
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
