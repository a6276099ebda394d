//! The rules in plain words as a player reads them (`tabula rules`, the `rules` command,
//! `Game.rules()` in Python): the game's text, the paragraph of each option that is on,
//! the options that are off; escaped, and reflowed to a terminal's width.

use crate::engine::Game;
pub use crate::ir::RulesText;
use crate::session::style::wrap;

/// The widest a reflowed text is, however wide the terminal: longer lines are hard to
/// follow from one to the next.
pub const MAX_WIDTH: usize = 80;

/// The rules of a game with the options it was compiled with, in words (`render_with`).
pub fn render(game: &Game, width: Option<usize>) -> String {
    render_with(game, game.chosen_options(), width)
}

/// The rules of a game with the options `on`, in words: its name, its text, a heading
/// and the paragraph of each option on (in the order the options are declared), and
/// the names of the options off. With a `width` (a terminal's) the paragraphs are
/// reflowed to it, at most `MAX_WIDTH` columns; without one, every line of the file's
/// text is as written, and the lines made here fit `MAX_WIDTH`.
/// A game whose file gives no text says so in a sentence.
pub fn render_with(game: &Game, on: &[String], width: Option<usize>) -> String {
    let name = safe(game.name());
    let Some(words) = game.rules_text() else {
        return format!(
            "{name} has no rules text: its rules file does not say its rules in words.\n"
        );
    };
    let mut parts = vec![name, words.text.clone()];
    let mut off = Vec::new();
    for (option, description) in game.options() {
        // A number option always has a value, so its paragraph is always shown.
        let number = game.number_option(option);
        if number.is_none() && !on.contains(option) {
            off.push(option.as_str());
            continue;
        }
        let stop = if description.ends_with(['.', '!', '?']) {
            ""
        } else {
            "."
        };
        let with = match number {
            Some(n) => format!("With {option} = {}", n.value),
            None => format!("With {option}"),
        };
        let heading = wrap(&format!("{with}: {description}{stop}"), MAX_WIDTH, 0);
        parts.push(match words.option(option) {
            Some(text) => format!("{heading}\n{text}"),
            None => heading,
        });
    }
    if !off.is_empty() {
        let line = format!("Options off: {}.", off.join(", "));
        parts.push(wrap(&line, MAX_WIDTH, 0));
    }
    let text = safe(&parts.join("\n\n"));
    let mut out = match width {
        Some(w) => reflow(&text, w.clamp(1, MAX_WIDTH)),
        None => text,
    };
    out.push('\n');
    out
}

/// The rules text as data, for `--json`: the game's name, its text (null without one),
/// and each option with its description, whether it is on (a number option always
/// is), its range and value (`number`, null for an option on or off) and its paragraph
/// (null without one). Strings are as written; JSON escapes what needs it.
pub fn to_json(game: &Game) -> serde_json::Value {
    let words = game.rules_text();
    let options: Vec<serde_json::Value> = game
        .options()
        .iter()
        .map(|(name, description)| {
            serde_json::json!({
                "name": name,
                "description": description,
                "on": game.chosen_options().contains(name) || game.number_option(name).is_some(),
                "number": game.number_option(name),
                "text": words.and_then(|w| w.option(name)),
            })
        })
        .collect();
    serde_json::json!({
        "game": game.name(),
        "text": words.map(|w| w.text.as_str()),
        "options": options,
    })
}

/// Text from an untrusted file made safe to print: every control character but the line
/// end and the tab is written as an escape (`\u{1b}`), colour codes included.
fn safe(text: &str) -> String {
    let unsafe_char = |c: char| c.is_control() && c != '\n' && c != '\t';
    text.chars()
        .flat_map(|c| {
            let escaped: Vec<char> = if unsafe_char(c) {
                c.escape_unicode().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect()
}

/// The text reflowed to `width` columns. Paragraphs are separated by blank lines; a
/// line that begins `- `, `* ` or a number and `. ` begins a list item, and the lines
/// indented as far as its text go on with it; a line at the left margin after an item
/// begins a paragraph. Any other line that begins with a space is kept as written (a
/// picture, a table). A line at the margin goes on the paragraph before it.
pub fn reflow(text: &str, width: usize) -> String {
    let mut out: Vec<String> = Vec::new();
    // The paragraph or list item being gathered: its words so far and the indentation
    // its lines go on at.
    let mut gathered: Option<(String, usize)> = None;
    let flush = |gathered: &mut Option<(String, usize)>, out: &mut Vec<String>| {
        if let Some((words, hang)) = gathered.take() {
            out.push(wrap(&words, width, hang));
        }
    };
    for line in text.split('\n') {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let words = line.trim();
        if words.is_empty() {
            flush(&mut gathered, &mut out);
            out.push(String::new());
        } else if let Some(marker) = list_marker(line).filter(|m| {
            // Only `1.` begins a numbered list inside a paragraph: "... ranks 6 to"
            // followed by "8. Black" is a sentence broken at a number.
            m.first || !matches!(gathered, Some((_, 0)))
        }) {
            flush(&mut gathered, &mut out);
            gathered = Some((line.trim_end().to_string(), marker.hang));
        } else if let Some((text, _)) = gathered.as_mut().filter(|(_, hang)| indent == *hang) {
            text.push(' ');
            text.push_str(words);
        } else if indent > 0 {
            flush(&mut gathered, &mut out);
            out.push(line.to_string());
        } else {
            flush(&mut gathered, &mut out);
            gathered = Some((words.to_string(), 0));
        }
    }
    flush(&mut gathered, &mut out);
    out.join("\n")
}

/// The marker that begins a list item (`- `, `* `, `12. `).
struct Marker {
    /// How far the item's text is indented, past the marker and the spaces around it.
    hang: usize,
    /// Whether it may begin a list inside a paragraph: a bullet, or the number 1.
    first: bool,
}

/// The list marker a line begins with, if any.
fn list_marker(line: &str) -> Option<Marker> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    let rest = &line[indent..];
    let (marker, first) = if rest.starts_with("- ") || rest.starts_with("* ") {
        (2, true)
    } else {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits > 3 || !rest[digits..].starts_with(". ") {
            return None;
        }
        (digits + 2, &rest[..digits] == "1")
    };
    let spaces = rest[marker..].len() - rest[marker..].trim_start_matches(' ').len();
    Some(Marker {
        hang: indent + marker + spaces,
        first,
    })
}

#[cfg(test)]
mod tests {
    use super::{list_marker, reflow, safe};

    #[test]
    fn paragraphs_are_reflowed_and_pictures_kept() {
        let text = "One two three\nfour five.\n\n  a b\n  c d\nSix seven eight nine.";
        assert_eq!(
            reflow(text, 10),
            "One two\nthree four\nfive.\n\n  a b\n  c d\nSix seven\neight\nnine."
        );
        // Wide enough, a paragraph's lines are joined.
        assert_eq!(reflow("a b\nc d", 80), "a b c d");
    }

    #[test]
    fn list_items_go_on_under_their_text() {
        let text = "Moves:\n- one two three\n  four\n- five\n12. six seven";
        assert_eq!(
            reflow(text, 9),
            "Moves:\n- one two\n  three\n  four\n- five\n12. six\n    seven"
        );
        assert_eq!(list_marker("  -  x").map(|m| m.hang), Some(5));
        assert!(list_marker("-x").is_none());
        assert!(list_marker("2024. a").is_none());
        // A number other than 1 goes on a paragraph; it goes on a list.
        assert_eq!(reflow("to 6 to\n8. Black", 80), "to 6 to 8. Black");
        assert_eq!(reflow("1. a\n2. b", 80), "1. a\n2. b");
        // A line indented past an item's text is a picture of its own.
        assert_eq!(reflow("- a\n     b c", 80), "- a\n     b c");
        // A line at the margin after an item begins a paragraph.
        assert_eq!(reflow("- a\nb\nc", 80), "- a\nb c");
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(safe("a\u{1b}[31mb\tc\nd\re"), "a\\u{1b}[31mb\tc\nd\\u{d}e");
    }
}
