//! How text is drawn: Unicode with colour for a terminal, or plain ASCII.

/// What the output may use. `plain()` is for files, pipes and tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    pub color: bool,
    pub unicode: bool,
}

/// Colours by meaning; the ANSI code is chosen in one place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paint {
    /// A player's colour (see `Paint::player`).
    Ansi(&'static str),
    Neutral,
    Dim,
    Bold,
    Error,
    Good,
}

impl Style {
    pub fn plain() -> Style {
        Style {
            color: false,
            unicode: false,
        }
    }

    pub fn fancy() -> Style {
        Style {
            color: true,
            unicode: true,
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
        };
        format!("\x1b[{code}m{text}\x1b[0m")
    }

    /// An empty cell.
    pub fn empty_mark(&self) -> &'static str {
        if self.unicode {
            "·"
        } else {
            "."
        }
    }

    /// A vertical line between parts of a line or a board.
    pub fn vline(&self) -> &'static str {
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

/// A player named after a colour is drawn in it (black as grey, so it shows on a dark
/// terminal); others get colours by seat.
fn player_colour(index: usize, name: &str) -> &'static str {
    match name {
        "red" => "1;31",
        "green" => "1;32",
        "yellow" => "1;33",
        "blue" => "1;34",
        "magenta" | "purple" => "1;35",
        "cyan" => "1;36",
        "white" => "1;97",
        "black" => "1;90",
        _ => [
            "1;31", "1;34", "1;32", "1;33", "1;35", "1;36", "1;97", "1;90",
        ][index % 8],
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
pub fn pad_left(text: &str, w: usize) -> String {
    let n = width(text);
    format!("{}{text}", " ".repeat(w.saturating_sub(n)))
}
