//! A board's own points, the links between them and its named lines: the points become
//! cells, the links the board's adjacency, the lines dense tables (`Board::lines`).

use super::Compiler;
use crate::board::Line;
use crate::diagnostic::{ErrorKind, Span};
use crate::syntax::ast::{self, BoardItem, Item};
use std::collections::HashSet;

/// The largest column or row a point may be placed at.
pub(crate) const MAX_POINT_PLACE: i32 = 99;

/// Where a point without a place is drawn: a name like `d7` at column `d`, row 7 (as a
/// grid places its cells), any other name at the next column of row 0.
fn place_of(name: &str, next: i32) -> (i32, i32) {
    let mut chars = name.chars();
    let file = chars.next().filter(char::is_ascii_lowercase);
    let rank = chars.as_str().parse::<i32>().ok();
    match (file, rank) {
        (Some(f), Some(r)) if (1..=MAX_POINT_PLACE + 1).contains(&r) => {
            (f as i32 - 'a' as i32, r - 1)
        }
        _ => (next.min(MAX_POINT_PLACE), 0),
    }
}

impl<'a> Compiler<'a> {
    /// `points a1, d1 (3, 0), ...`: each point a new cell.
    pub(super) fn points(&mut self, points: &'a [ast::Point]) {
        for (k, (name, at)) in points.iter().enumerate() {
            if self.game.board.cell(&name.text).is_some() {
                let kind = ErrorKind::DeclaredTwice {
                    what: "point",
                    name: name.text.clone(),
                };
                self.report(name.span, kind);
                continue;
            }
            let place = match at {
                Some((xy, span)) => {
                    let range = 0..=MAX_POINT_PLACE;
                    if !range.contains(&xy.0) || !range.contains(&xy.1) {
                        let max = MAX_POINT_PLACE;
                        self.report(*span, ErrorKind::PointPlace { max });
                        continue;
                    }
                    *xy
                }
                None => place_of(&name.text, k as i32),
            };
            if let Err(e) = self.game.board.add_point(&name.text, place) {
                self.report(name.span, e);
                return;
            }
        }
    }

    /// The links of every `links` item, once all the board's cells exist.
    pub(super) fn links(&mut self, file: &'a ast::File) {
        let mut given: HashSet<(i32, i32)> = HashSet::new();
        for item in &file.items {
            let Item::Board(items) = item else { continue };
            for b in items {
                let BoardItem::Links(chains) = b else {
                    continue;
                };
                for chain in chains {
                    let cells: Vec<Option<i32>> =
                        chain.iter().map(|n| self.cell_by_name(n)).collect();
                    for (k, pair) in cells.windows(2).enumerate() {
                        let (Some(a), Some(b)) = (pair[0], pair[1]) else {
                            continue;
                        };
                        let (from, to) = (&chain[k], &chain[k + 1]);
                        let span = Span::new(from.span.start, to.span.end);
                        if a == b {
                            let point = from.text.clone();
                            self.report(span, ErrorKind::LinkToItself { point });
                            continue;
                        }
                        if !given.insert((a.min(b), a.max(b))) {
                            let kind = ErrorKind::LinkTwice {
                                from: from.text.clone(),
                                to: to.text.clone(),
                            };
                            self.report(span, kind);
                            continue;
                        }
                        self.game.board.links.push((a, b));
                    }
                }
            }
        }
    }

    /// `line NAME = cells`: the board's named lines and their tables.
    pub(super) fn named_lines(&mut self, file: &'a ast::File) {
        for item in &file.items {
            let Item::Board(items) = item else { continue };
            for b in items {
                let BoardItem::NamedLine { name, cells } = b else {
                    continue;
                };
                let list = self.cell_items(cells);
                let mut seen = HashSet::new();
                if let Some(twice) = list.iter().find(|&&c| !seen.insert(c)) {
                    let cell = self.game.board.cells[*twice as usize].clone();
                    let kind = ErrorKind::LineCellTwice {
                        line: name.text.clone(),
                        cell,
                    };
                    self.report(name.span, kind);
                    continue;
                }
                self.unique_set_name(name);
                self.game.board.lines.push(Line {
                    name: name.text.clone(),
                    cells: list,
                });
            }
        }
        self.game.board.index_lines();
    }
}
