//! Places in a text as the protocol counts them: a line and a character counted in
//! UTF-16 code units, converted to and from the byte offsets the library works in.

use lsp_types::{Position, Range};
use tabula::diagnostic::Span;

/// Where each line of a text starts.
pub struct Lines<'t> {
    text: &'t str,
    starts: Vec<usize>,
}

impl<'t> Lines<'t> {
    pub fn new(text: &'t str) -> Lines<'t> {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines { text, starts }
    }

    /// The line and UTF-16 character of a byte offset (one inside a character counts as
    /// its start; one past the end, as the end).
    pub fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let character: usize = self.text[start..offset].chars().map(char::len_utf16).sum();
        Position::new(line as u32, character as u32)
    }

    /// The byte offset of a line and UTF-16 character: a character past its line's end
    /// is the line's end, a line past the last is the end of the text, and a place
    /// inside a character (the second half of a pair) is the character's start.
    pub fn offset(&self, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else {
            return self.text.len();
        };
        let line = &self.text[start..];
        let line = &line[..line.find('\n').unwrap_or(line.len())];
        let mut units = 0usize;
        for (i, c) in line.char_indices() {
            if units + c.len_utf16() > position.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        start + line.len()
    }

    pub fn range(&self, span: Span) -> Range {
        Range::new(self.position(span.start), self.position(span.end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_are_counted_in_utf16_units() {
        // `é` is two bytes and one unit; `𝄞` four bytes and two units.
        let text = "é𝄞x\nab";
        let lines = Lines::new(text);
        assert_eq!(lines.position(text.find('x').unwrap()), Position::new(0, 3));
        assert_eq!(lines.offset(Position::new(0, 3)), text.find('x').unwrap());
        assert_eq!(lines.offset(Position::new(0, 2)), 2);
        assert_eq!(lines.offset(Position::new(0, 1)), 2);
        assert_eq!(lines.position(text.find('b').unwrap()), Position::new(1, 1));
        assert_eq!(lines.offset(Position::new(0, 99)), text.find('\n').unwrap());
        assert_eq!(lines.offset(Position::new(9, 0)), text.len());
        assert_eq!(lines.position(3), Position::new(0, 1));
    }
}
