//! A reading of a rules text that needs no parse, for a file being typed: the word at a
//! place, whether a place is in a comment or a string, and the words and marks before a
//! place with the brackets still open there.

use crate::diagnostic::Span;

/// A character a name may hold (a hyphen too, when a letter follows it).
fn name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The name or word at byte `offset` (holding it or ending at it), with its span.
pub(super) fn word_at(text: &str, offset: usize) -> Option<(Span, &str)> {
    let bytes = text.as_bytes();
    let offset = offset.min(text.len());
    let mut start = offset;
    while start > 0 {
        let b = bytes[start - 1];
        let joins = b == b'-' && start < bytes.len() && bytes[start].is_ascii_alphabetic();
        if name_byte(b) || (joins && start >= 2 && name_byte(bytes[start - 2])) {
            start -= 1;
        } else {
            break;
        }
    }
    let mut end = offset;
    while end < bytes.len() {
        let b = bytes[end];
        let joins = b == b'-' && end + 1 < bytes.len() && bytes[end + 1].is_ascii_alphabetic();
        if name_byte(b) || (joins && end > start) {
            end += 1;
        } else {
            break;
        }
    }
    (start < end).then(|| (Span::new(start, end), &text[start..end]))
}

/// Whether byte `offset` is inside a comment or a quoted text of its line.
pub(super) fn in_comment_or_text(text: &str, offset: usize) -> bool {
    let offset = offset.min(text.len());
    let line_start = text.as_bytes()[..offset]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let mut quoted = false;
    let bytes = text.as_bytes();
    let mut i = line_start;
    while i < offset {
        match bytes[i] {
            b'"' => quoted = !quoted,
            b'/' if !quoted && bytes.get(i + 1) == Some(&b'/') => return true,
            _ => {}
        }
        i += 1;
    }
    quoted
}

/// What a token of the reading is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Lexeme {
    /// A name, a word of the language or a number.
    Word,
    /// A quoted text.
    Text,
    /// A mark: a bracket, an operator, a comma.
    Mark,
}

/// A token of the reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Piece {
    pub kind: Lexeme,
    pub span: Span,
    /// Whether it is the first token of its line.
    pub line_start: bool,
}

/// The tokens of `text` up to `end`, comments left out.
pub(super) fn pieces(text: &str, end: usize) -> Vec<Piece> {
    pieces_from(text, 0, end)
}

/// The tokens of `text` from `from` (the start of a token) up to `end`.
pub(super) fn pieces_from(text: &str, from: usize, end: usize) -> Vec<Piece> {
    let bytes = text.as_bytes();
    let end = end.min(text.len());
    let mut out = Vec::new();
    let mut i = from.min(end);
    let mut line_start = bytes[..i]
        .iter()
        .rev()
        .take_while(|&&b| b != b'\n')
        .all(u8::is_ascii_whitespace);
    while i < end {
        let b = bytes[i];
        if b == b'\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if b.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let kind = if b == b'/' && bytes.get(i + 1) == Some(&b'/') {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        } else if b == b'"' {
            i += 1;
            while i < bytes.len() && bytes[i] != b'"' {
                i += 1;
            }
            i = (i + 1).min(bytes.len());
            Lexeme::Text
        } else if name_byte(b) {
            while i < bytes.len()
                && (name_byte(bytes[i])
                    || (bytes[i] == b'-'
                        && bytes.get(i + 1).is_some_and(|c| c.is_ascii_alphabetic())))
            {
                i += 1;
            }
            Lexeme::Word
        } else {
            const PAIRS: [&str; 9] = ["..", "->", "--", "==", "!=", "<=", ">=", "+=", "-="];
            let two = PAIRS.iter().find(|p| text[i..].starts_with(**p));
            i += two.map_or_else(
                || text[i..].chars().next().map_or(1, char::len_utf8),
                |p| p.len(),
            );
            Lexeme::Mark
        };
        out.push(Piece {
            kind,
            span: Span::new(start, i.min(text.len())),
            line_start,
        });
        line_start = false;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_is_found_from_any_of_its_places_and_a_hyphen_joins_only_before_a_letter() {
        let text = "x = pen-white + n-1";
        assert_eq!(word_at(text, 4).map(|w| w.1), Some("pen-white"));
        assert_eq!(word_at(text, 13).map(|w| w.1), Some("pen-white"));
        assert_eq!(word_at(text, 16).map(|w| w.1), Some("n"));
        assert_eq!(word_at(text, 2), None);
    }

    #[test]
    fn comments_and_texts_are_told_apart_from_code() {
        let text = "action a \"a // b\" // where\nwhere";
        assert!(in_comment_or_text(text, 12));
        assert!(!in_comment_or_text(text, 8));
        assert!(in_comment_or_text(text, 22));
        assert!(!in_comment_or_text(text, 30));
        let p = pieces(text, text.len());
        let kinds: Vec<Lexeme> = p.iter().map(|p| p.kind).collect();
        assert_eq!(
            kinds,
            [Lexeme::Word, Lexeme::Word, Lexeme::Text, Lexeme::Word]
        );
        assert!(p[3].line_start && !p[1].line_start);
    }
}
