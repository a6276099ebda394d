//! The names a board part gives without declaring them one by one: its cells (`a1`,
//! `24`) and its directions (`n`, `next`), so that a use of one can point at the part.

use crate::diagnostic::Span;
use crate::syntax::ast::{BinaryOp, BoardItem, Expr, ExprKind};
use std::collections::HashMap;

/// The shape of a board part, its sizes when they are plain enough to be known from
/// the text (numbers, `define`s of numbers and arithmetic on them).
#[derive(Debug, Clone)]
enum Shape {
    /// `grid` and `rhombus`: files a.., ranks 1...
    Files(Option<u32>, Option<u32>),
    /// `hex`: rows a.., each of its own length.
    Rows(Vec<Option<u32>>),
    /// `line`: cells named by the numbers first..=last.
    Numbers(Option<u32>, Option<u32>),
}

/// A board part that makes cells.
#[derive(Debug, Clone)]
pub(crate) struct BoardPart {
    shape: Shape,
    /// The part as written (`grid 3 x 3`).
    pub span: Span,
}

impl BoardPart {
    /// The part a board item is, with the directions it gives; none for a zone, a
    /// `dir` or `layers`.
    pub fn of(
        item: &BoardItem,
        defines: &HashMap<&str, &Expr>,
    ) -> Option<(BoardPart, &'static [&'static str])> {
        let size = |e: &Expr| constant(e, defines, 0).and_then(|n| u32::try_from(n).ok());
        const SQUARE: &[&str] = &["n", "s", "e", "w", "ne", "nw", "se", "sw"];
        const HEX: &[&str] = &["e", "w", "ne", "nw", "se", "sw"];
        let (shape, span, dirs) = match item {
            BoardItem::Grid(w, h, span) => (Shape::Files(size(w), size(h)), *span, SQUARE),
            BoardItem::Rhombus(w, h, span) => (Shape::Files(size(w), size(h)), *span, HEX),
            BoardItem::Hex(rows, span) => {
                (Shape::Rows(rows.iter().map(size).collect()), *span, HEX)
            }
            BoardItem::Line(a, b, span) => (
                Shape::Numbers(size(a), size(b)),
                *span,
                &["next", "prev"][..],
            ),
            _ => return None,
        };
        Some((BoardPart { shape, span }, dirs))
    }

    /// Whether the part makes a cell of that name.
    pub fn makes(&self, name: &str) -> bool {
        let within = |n: u32, most: Option<u32>| n >= 1 && most.is_none_or(|m| n <= m);
        match &self.shape {
            Shape::Numbers(first, last) => {
                let Some(n) = number(name) else { return false };
                first.is_none_or(|f| n >= f) && last.is_none_or(|l| n <= l)
            }
            Shape::Files(files, ranks) => match letter_number(name) {
                Some((file, rank)) => within(file + 1, *files) && within(rank, *ranks),
                None => false,
            },
            Shape::Rows(rows) => match letter_number(name) {
                Some((row, col)) => match rows.get(row as usize) {
                    Some(len) => within(col, *len),
                    None => false,
                },
                None => false,
            },
        }
    }
}

/// A name of digits only, as a number.
fn number(name: &str) -> Option<u32> {
    if name.is_empty() || name.len() > 9 || !name.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    name.parse().ok()
}

/// A name like `c12`: the letter's place (a is 0) and the number.
fn letter_number(name: &str) -> Option<(u32, u32)> {
    let first = *name.as_bytes().first()?;
    if !first.is_ascii_lowercase() {
        return None;
    }
    Some(((first - b'a') as u32, number(&name[1..])?))
}

/// The value of a size written with numbers, `define`s of them and `+ - *`; none for
/// anything else (an option, a division), or past a few levels of defines.
fn constant(e: &Expr, defines: &HashMap<&str, &Expr>, depth: usize) -> Option<i64> {
    if depth > 16 {
        return None;
    }
    match &e.kind {
        ExprKind::Int(n) => Some(*n),
        ExprKind::Name(n) => constant(defines.get(n.as_str())?, defines, depth + 1),
        ExprKind::Binary(op, a, b) => {
            let (a, b) = (
                constant(a, defines, depth + 1)?,
                constant(b, defines, depth + 1)?,
            );
            match op {
                BinaryOp::Add => a.checked_add(b),
                BinaryOp::Sub => a.checked_sub(b),
                BinaryOp::Mul => a.checked_mul(b),
                _ => None,
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::ast::Item;

    fn parts(text: &str) -> Vec<BoardPart> {
        let file = crate::syntax::parse(text).expect("parses");
        let mut defines = HashMap::new();
        for item in &file.items {
            if let Item::Define {
                name,
                params,
                value,
            } = item
            {
                if params.is_empty() {
                    defines.insert(name.text.as_str(), value);
                }
            }
        }
        let mut out = Vec::new();
        for item in &file.items {
            if let Item::Board(items) = item {
                out.extend(
                    items
                        .iter()
                        .filter_map(|b| BoardPart::of(b, &defines))
                        .map(|p| p.0),
                );
            }
        }
        out
    }

    #[test]
    fn a_grid_makes_its_files_and_ranks_and_no_other() {
        let p = parts("define size = 2 + 1\nboard { grid size x 4 }");
        assert!(p[0].makes("a1") && p[0].makes("c4"));
        assert!(!p[0].makes("d1") && !p[0].makes("a5") && !p[0].makes("a0"));
        assert!(!p[0].makes("a") && !p[0].makes("1") && !p[0].makes("A1"));
    }

    #[test]
    fn a_hex_row_has_its_own_length_and_a_line_its_numbers() {
        let p = parts("board { hex 2 3 line 5..24 }");
        assert!(p[0].makes("a2") && !p[0].makes("a3") && p[0].makes("b3"));
        assert!(!p[0].makes("c1"));
        assert!(p[1].makes("5") && p[1].makes("24") && !p[1].makes("4"));
    }

    #[test]
    fn a_size_not_known_from_the_text_takes_any_number() {
        let p = parts("option big \"\"\nboard { grid (if option(big) then 9 else 5) x 5 }");
        assert!(p[0].makes("z5") && !p[0].makes("a6"));
    }
}
