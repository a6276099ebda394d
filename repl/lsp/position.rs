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

    /// The ranges of many spans, the text read once from start to end however long
    /// its lines (a line of a hundred thousand names is converted in one pass, not
    /// once per name).
    pub fn ranges(&self, spans: &[Span]) -> Vec<Range> {
        let mut ends: Vec<(usize, usize)> = Vec::with_capacity(spans.len() * 2);
        for (i, s) in spans.iter().enumerate() {
            ends.push((s.start, 2 * i));
            ends.push((s.end.max(s.start), 2 * i + 1));
        }
        ends.sort_unstable();
        let mut at = vec![Position::new(0, 0); ends.len()];
        // The place reached: a byte offset and its position.
        let (mut offset, mut line, mut character) = (0usize, 0usize, 0usize);
        for (wanted, slot) in ends {
            let mut wanted = wanted.min(self.text.len());
            while !self.text.is_char_boundary(wanted) {
                wanted -= 1;
            }
            let next_line = self.starts.partition_point(|&s| s <= wanted) - 1;
            if next_line != line {
                (line, offset, character) = (next_line, self.starts[next_line], 0);
            }
            character += self.text[offset..wanted]
                .chars()
                .map(char::len_utf16)
                .sum::<usize>();
            offset = wanted;
            at[slot] = Position::new(line as u32, character as u32);
        }
        at.chunks(2).map(|p| Range::new(p[0], p[1])).collect()
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

    #[test]
    fn many_ranges_at_once_are_those_of_one_at_a_time() {
        let text = "é𝄞x y\nab 𝄞c\n\nlast";
        let lines = Lines::new(text);
        let spans: Vec<Span> = (0..=text.len())
            .flat_map(|a| (a..=text.len()).map(move |b| Span::new(a, b)))
            .filter(|s| text.is_char_boundary(s.start) && text.is_char_boundary(s.end))
            .rev()
            .collect();
        let one_by_one: Vec<Range> = spans.iter().map(|s| lines.range(*s)).collect();
        assert_eq!(lines.ranges(&spans), one_by_one);
    }
}
