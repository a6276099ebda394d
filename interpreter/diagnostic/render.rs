//! Diagnostics drawn for a terminal: `error: ...`, `--> file:line:col`, the source line
//! with a caret under the primary span and the related spans as secondary labels.

use super::{floor_char_boundary, Diagnostic, Diagnostics, Source};
use codespan_reporting::diagnostic::{Diagnostic as Report, Label};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, Chars, Config};
use std::borrow::Cow;
use std::ops::Range;

impl Diagnostics {
    /// Every diagnostic drawn as the command line prints it, one after another;
    /// `color` adds terminal colours.
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
            let (start, end) = clamp(text, d.span.start..d.span.end);
            let (shown, range) = quoted(text, start..end);
            let whole = shown.len() == text.len();
            let mut files = SimpleFiles::new();
            let own = files.add(self.source.name.clone(), shown.clone());
            let mut labels = vec![Label::primary(own, range.clone())];
            for r in &d.related {
                let label = match &r.game {
                    None if whole => {
                        let (start, end) = clamp(text, r.span.start..r.span.end);
                        Label::secondary(own, start..end)
                    }
                    // A window cut out of a long line shows no other place of it.
                    None => continue,
                    Some(game) => {
                        let Some(game_text) = crate::games::built_in(game) else {
                            continue;
                        };
                        let (start, end) = clamp(game_text, r.span.start..r.span.end);
                        let id = files.add(format!("games/{game}.tabula"), game_text.into());
                        Label::secondary(id, start..end)
                    }
                };
                labels.push(label.with_message(r.label.to_string()));
            }
            let report = report(d).with_labels(labels);
            // Writing into a memory buffer cannot fail for a span inside the text.
            if whole {
                let _ = term::emit(&mut out, &config, &files, &report);
            } else {
                // The window's column is not the line's: put the true one in the header.
                let mut part = term::termcolor::Buffer::no_color();
                let _ = term::emit(&mut part, &config, &files, &report);
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

/// A report of the diagnostic's severity, sentence and hint, without its labels.
fn report(d: &Diagnostic) -> Report<usize> {
    let report = if d.warning {
        Report::warning()
    } else {
        Report::error()
    };
    let report = report.with_message(&d.message);
    match &d.hint {
        Some(hint) => report.with_notes(vec![format!("hint: {hint}")]),
        None => report,
    }
}

/// A span made to lie inside `text`, on character boundaries.
fn clamp(text: &str, span: Range<usize>) -> (usize, usize) {
    let end = floor_char_boundary(text, span.end.max(span.start).min(text.len()));
    let start = floor_char_boundary(text, span.start.min(end));
    (start, end)
}

/// The most of a source line an error quotes: a longer line (a state written on one
/// line, a file of one huge line) is quoted as a window around the error's place.
pub const MAX_QUOTED_LINE: usize = 160;

/// The source an error is shown against: the text itself, or, when the line the error
/// is on is longer than `MAX_QUOTED_LINE`, a copy in which that line is cut down to a
/// window around the span (the other lines are not shown), with the span moved along.
fn quoted(text: &str, span: Range<usize>) -> (Cow<'_, str>, Range<usize>) {
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
