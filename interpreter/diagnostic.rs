//! Diagnostics: what went wrong, where (a byte span in a source), and how to say it.

use codespan_reporting::diagnostic::{Diagnostic as Report, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, Chars, Config};
use std::fmt;

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
}

impl Diagnostic {
    pub fn new(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            message: message.into(),
            span,
            hint: None,
        }
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Diagnostic {
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
        let file = SimpleFile::new(self.source.name.as_str(), self.source.text.as_str());
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
            let end = d.span.end.max(d.span.start).min(self.source.text.len());
            let start = d.span.start.min(end);
            let mut report = Report::error()
                .with_message(&d.message)
                .with_labels(vec![Label::primary((), start..end)]);
            if let Some(hint) = &d.hint {
                report = report.with_notes(vec![format!("hint: {hint}")]);
            }
            // Writing into a memory buffer cannot fail for a span inside the text.
            let _ = term::emit(&mut out, &config, &file, &report);
        }
        String::from_utf8_lossy(out.as_slice()).into_owned()
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(false))
    }
}

impl std::error::Error for Diagnostics {}
