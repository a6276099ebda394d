//! The canonical layout of a rules file (`tabula fmt`): the same tokens and comments,
//! the lines broken where the author broke them, and everything else decided here —
//! two spaces of indentation a level, one space between tokens except where a mark is
//! written against its neighbour (`f(x)`, `a[i]`, `1..24`, `#a1`, `x,`), at most one
//! blank line, no trailing spaces. Only white space changes, so the formatted file is
//! the same game; formatting twice changes nothing more.

use crate::diagnostic::Diagnostic;
use crate::syntax::tokens::{tokens, Context, Token, TokenKind};

/// `text` in the canonical layout; the syntax error if it does not parse.
pub fn format(text: &str) -> Result<String, Diagnostic> {
    Ok(layout(text, &tokens(text)?))
}

/// `text` in the canonical layout, from its tokens (`tokens(text)`).
pub fn layout(text: &str, list: &[Token]) -> String {
    let src = |t: &Token| &text[t.span.start..t.span.end];
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut depth: usize = 0;
    // The last token that is not a comment, for the spacing and the continuation.
    let mut last: Option<Token> = None;
    let mut end = 0;
    for (i, t) in list.iter().enumerate() {
        let breaks = text[end..t.span.start].matches('\n').count();
        if i > 0 && breaks > 0 {
            out.push('\n');
            if breaks > 1 {
                out.push('\n');
            }
            // A comment alone on its line is indented as the code after it, or as
            // the inside of a block it ends.
            let code = if t.kind == TokenKind::Comment {
                list[i..].iter().find(|n| n.kind != TokenKind::Comment)
            } else {
                Some(t)
            };
            let level = match code {
                Some(c) if t.kind == TokenKind::Comment && closes(src(c)) => depth,
                Some(c) => indent(c, src(c), last.map(|l| (l, src(&l))), depth),
                None => 0,
            };
            out.extend(std::iter::repeat_n("  ", level));
        } else if i > 0 {
            let spaced = match (t.kind, last) {
                (TokenKind::Comment, _) | (_, None) => true,
                (_, Some(l)) => space(&l, src(&l), t, src(t)),
            };
            if spaced {
                out.push(' ');
            }
        }
        out.push_str(src(t));
        end = t.span.end;
        if t.kind == TokenKind::Punct {
            let mark = src(t);
            if opens(mark) {
                depth += 1;
            } else if closes(mark) {
                depth = depth.saturating_sub(1);
            }
        }
        if t.kind != TokenKind::Comment {
            last = Some(*t);
        }
    }
    if !list.is_empty() {
        out.push('\n');
    }
    out
}

fn opens(mark: &str) -> bool {
    matches!(mark, "{" | "(" | "[")
}

fn closes(mark: &str) -> bool {
    matches!(mark, "}" | ")" | "]")
}

/// The indentation, in levels, of a line starting with `t` at bracket depth `depth`:
/// one level more when it goes on with what the line before began.
fn indent(t: &Token, text: &str, last: Option<(Token, &str)>, depth: usize) -> usize {
    if t.kind == TokenKind::Punct && closes(text) {
        return depth.saturating_sub(1);
    }
    let after_separator = last.is_none_or(|(l, lt)| {
        l.kind == TokenKind::Punct && matches!(lt, "{" | "(" | "[" | ";" | ",")
    });
    let opens_effects = t.kind == TokenKind::Punct && text == "{";
    let goes_on = !(t.starts_unit || after_separator || opens_effects);
    depth + usize::from(goes_on)
}

/// Whether one space is written between `a` and `b` on one line.
fn space(a: &Token, at: &str, b: &Token, bt: &str) -> bool {
    let punct =
        |t: &Token, s: &str, marks: &[&str]| t.kind == TokenKind::Punct && marks.contains(&s);
    if punct(b, bt, &[",", ";", ")", "]", ".."]) || punct(a, at, &["(", "[", "#", ".."]) {
        return false;
    }
    if b.kind == TokenKind::Punct && bt == ":" {
        return b.context == Context::AggregateValue;
    }
    if b.kind == TokenKind::Punct && matches!(bt, "(" | "[") {
        return !matches!(b.context, Context::Call | Context::Index);
    }
    a.kind != TokenKind::Minus
}

#[cfg(test)]
mod tests {
    use super::format;

    #[test]
    fn a_messy_file_is_laid_out_by_its_structure() {
        let messy = "game   \"t\"\nplayers a ,b\n\n\n\nboard {\n      grid 3 x 3\n}\n// pieces\npiece p\ncounter n : player hidden\ndefine far = exists( c in cells where owner (c)==mover and c != #a1 :1)\n   and  far2\ndefine far2 = true\naction go \"{to}\"\nfor to in cells\n        where empty( to )  and n [mover]   != - 1 // none yet\n{\n put p of mover at to\n   if true {\n// nothing\n}\n}\n";
        let want = "game \"t\"\nplayers a, b\n\nboard {\n  grid 3 x 3\n}\n// pieces\npiece p\ncounter n: player hidden\ndefine far = exists(c in cells where owner(c) == mover and c != #a1 : 1)\n  and far2\ndefine far2 = true\naction go \"{to}\"\n  for to in cells\n  where empty(to) and n[mover] != -1 // none yet\n{\n  put p of mover at to\n  if true {\n    // nothing\n  }\n}\n";
        let got = format(messy).unwrap();
        assert_eq!(got, want);
        assert_eq!(
            format(&got).unwrap(),
            got,
            "formatting twice changes nothing"
        );
    }
}
