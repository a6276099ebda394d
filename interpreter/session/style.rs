//! How text is drawn: Unicode with colour for a terminal, or plain ASCII.

/// What the output may use. `plain()` is for files, pipes and tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// Whether text is coloured with ANSI codes.
    pub color: bool,
    /// Whether the board and the lines use Unicode marks (`·`, `│`) rather than ASCII.
    pub unicode: bool,
    /// The terminal's width in columns: `help`, `moves` and the text beside and under
    /// the board wrap to it, between words. `None` (files, pipes, tests) keeps each
    /// line as it is written.
    pub width: Option<usize>,
}

/// Colours by meaning; the ANSI code is chosen in one place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paint {
    /// A player's colour (see `Paint::player`).
    Ansi(&'static str),
    /// A piece no player owns, and a count of pieces.
    Neutral,
    /// What frames the board: coordinates, lines, empty cells.
    Dim,
    /// What stands out without meaning good or bad.
    Bold,
    /// The word `error:`.
    Error,
    /// A result, a winner, a move that is legal.
    Good,
    /// A cell the last move changed: reverse video, over the piece's own colour.
    Last,
}

impl Style {
    /// ASCII without colour, lines as they are written.
    pub fn plain() -> Style {
        Style {
            color: false,
            unicode: false,
            width: None,
        }
    }

    /// Unicode with colour, lines as they are written (set `width` to wrap them).
    pub fn fancy() -> Style {
        Style {
            color: true,
            unicode: true,
            width: None,
        }
    }

    /// `text` in a colour (unchanged without colour).
    pub fn paint(&self, paint: Paint, text: &str) -> String {
        if !self.color || text.is_empty() {
            return text.to_string();
        }
        let code = match paint {
            Paint::Ansi(code) => code,
            Paint::Neutral => "33",
            Paint::Dim => "2",
            Paint::Bold => "1",
            Paint::Error => "1;31",
            Paint::Good => "1;32",
            Paint::Last => "7",
        };
        format!("\x1b[{code}m{text}\x1b[0m")
    }

    /// An empty cell.
    pub(crate) fn empty_mark(&self) -> &'static str {
        if self.unicode {
            "·"
        } else {
            "."
        }
    }

    /// A vertical line between parts of a line or a board.
    pub(crate) fn vline(&self) -> &'static str {
        if self.unicode {
            "│"
        } else {
            "|"
        }
    }

    /// The separator between items on one line.
    pub fn dot(&self) -> &'static str {
        if self.unicode {
            " · "
        } else {
            ", "
        }
    }
}

impl Paint {
    /// A player's pieces and name, by seat and name.
    pub fn player(index: usize, name: &str) -> Paint {
        Paint::Ansi(player_colour(index, name))
    }
}

/// A player named after a colour is drawn in it, readable on a dark and on a light
/// background: white as the terminal's own text colour in bold (bright white would
/// vanish on a light background), black as grey (black would vanish on a dark one);
/// others get colours by seat.
fn player_colour(index: usize, name: &str) -> &'static str {
    match name {
        "red" => "1;31",
        "green" => "1;32",
        "yellow" => "1;33",
        "blue" => "1;34",
        "magenta" | "purple" => "1;35",
        "cyan" => "1;36",
        "white" => "1",
        "black" => "1;90",
        _ => ["1;31", "1;34", "1;32", "1;33", "1;35", "1;36", "1", "1;90"][index % 8],
    }
}

/// The number of columns a text takes (ANSI colour codes take none).
pub fn width(text: &str) -> usize {
    let mut n = 0;
    let mut escape = false;
    for c in text.chars() {
        if escape {
            if c == 'm' {
                escape = false;
            }
        } else if c == '\x1b' {
            escape = true;
        } else {
            n += 1;
        }
    }
    n
}

/// `text` without its ANSI colour codes.
pub fn strip(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut escape = false;
    for c in text.chars() {
        if escape {
            if c == 'm' {
                escape = false;
            }
        } else if c == '\x1b' {
            escape = true;
        } else {
            out.push(c);
        }
    }
    out
}

/// `text` padded with spaces to `w` columns.
pub fn pad(text: &str, w: usize) -> String {
    let n = width(text);
    format!("{text}{}", " ".repeat(w.saturating_sub(n)))
}

/// `text` padded on the left to `w` columns.
pub(crate) fn pad_left(text: &str, w: usize) -> String {
    let n = width(text);
    format!("{}{text}", " ".repeat(w.saturating_sub(n)))
}

/// One line of text broken between words (at a space, or after a comma) so that each
/// line fits `width` columns; the lines after the first are indented by `indent` spaces.
/// A word longer than a line is left whole on a line of its own rather than cut, since a
/// move cut in two (`8/` and `7`) no longer reads as one. The spaces between two words
/// on one line are kept as written, so text padded into columns stays in its columns.
pub fn wrap(text: &str, width: usize, indent: usize) -> String {
    if self::width(text) <= width {
        return text.to_string();
    }
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let mut has_word = false;
    for (gap, word) in words_with_gaps(text) {
        if has_word && self::width(&line) + gap.len() + self::width(word) > width {
            lines.push(std::mem::take(&mut line));
            line = " ".repeat(indent);
        } else {
            // Leading spaces belong to the first line.
            line.push_str(gap);
        }
        line.push_str(word);
        has_word = true;
    }
    lines.push(line);
    lines.join("\n")
}

/// The words of a line, each with the run of spaces before it; a comma ends a word
/// too, so `a,b` is `a,` and `b` with no space between.
fn words_with_gaps(text: &str) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let gap = rest.len() - rest.trim_start_matches(' ').len();
        let word = rest[gap..]
            .find([' ', ','])
            .map_or(rest.len(), |at| gap + at);
        // The comma stays with the word before it.
        let word = if rest[word..].starts_with(',') {
            word + 1
        } else {
            word
        };
        if word > gap {
            out.push((&rest[..gap], &rest[gap..word]));
        }
        rest = &rest[word..];
    }
    out
}

/// Every line of `text` wrapped to `width` when one is given, each continuation
/// indented like the text after its line's first `indent` columns.
pub(crate) fn wrap_lines(text: &str, width: Option<usize>, indent: usize) -> String {
    let Some(width) = width else {
        return text.to_string();
    };
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&wrap(line, width, indent));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_breaks_between_words_with_a_hanging_indent() {
        assert_eq!(wrap("one two three", 20, 2), "one two three");
        assert_eq!(wrap("one two three four", 9, 2), "one two\n  three\n  four");
        // A word longer than the width is not cut.
        assert_eq!(wrap("a abcdefghijk b", 5, 0), "a\nabcdefghijk\nb");
        // Colour codes take no columns.
        let red = "\x1b[31mred\x1b[0m";
        assert_eq!(wrap(&format!("{red} {red}"), 7, 0), format!("{red} {red}"));
        assert_eq!(wrap_lines("a b\nc d", Some(1), 0), "a\nb\nc\nd");
        assert_eq!(wrap_lines("a b c", None, 0), "a b c");
    }

    #[test]
    fn wrapping_keeps_tokens_whole_and_breaks_after_commas() {
        // A move is never cut: the break comes at the space before it.
        assert_eq!(
            wrap("legal: 13/8 24/18, 8/7 6/5", 14, 7),
            "legal: 13/8\n       24/18,\n       8/7 6/5"
        );
        // A list without spaces breaks after a comma, the comma kept on its line.
        assert_eq!(wrap("x: a1,b2,c3,d4", 9, 3), "x: a1,b2,\n   c3,d4");
        // Padding between columns is kept on the first line.
        assert_eq!(wrap("a    b c", 7, 5), "a    b\n     c");
    }

    #[test]
    fn no_player_is_drawn_in_bright_white() {
        // Bright white (97) is near invisible on a light background.
        for (i, name) in ["white", "black", "a", "b", "c", "d", "e", "f", "g", "h"]
            .iter()
            .enumerate()
        {
            let Paint::Ansi(code) = Paint::player(i, name) else {
                unreachable!("players are painted by code")
            };
            assert!(
                !code.split(';').any(|c| c == "97" || c == "37"),
                "{name}: {code}"
            );
        }
    }
}
