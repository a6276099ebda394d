//! `layout points`: a line of points folded into a two-sided board, the second half
//! across the top (left to right), the first half across the bottom (right to left),
//! each side split in two quarters; pieces are stacked from the edge towards the
//! middle, a tall stack ending in its count; a stack of layers is drawn from its
//! bottom layer (a pinned piece nearest the edge). A per-player zone named by the hint
//! `middle` is drawn between the quarters (the first player's cell at the top, the
//! second's at the bottom); the other zones are shown beside the board. The points the
//! last move changed are marked `v` above the top row and `^` below the bottom one.

use super::{label, on_board, word, Marks};
use crate::board::Zone;
use crate::engine::state::CellWord;
use crate::engine::Game;
use crate::session::style::{pad, pad_left, Paint, Style};
use crate::State;

/// A column of the board: a point, the middle zone's cell, or nothing.
#[derive(Clone, Copy)]
enum Column {
    Point(usize),
    Middle(usize),
    Blank,
}

#[allow(clippy::too_many_arguments)]
pub fn draw(
    game: &Game,
    state: &State,
    style: &Style,
    marks: &Marks,
    viewer: usize,
    stack: usize,
    middle: Option<&Zone>,
    zones: Vec<String>,
) -> Vec<String> {
    let mut cells = on_board(game);
    cells.sort_by_key(|&c| (game.rules.board.coords[c].1, game.rules.board.coords[c].0));
    let half = cells.len().div_ceil(2);
    let mut bottom: Vec<usize> = cells[..half].to_vec();
    bottom.reverse();
    let top: Vec<usize> = cells[half..].to_vec();
    let middle_cell = |side: usize| -> Option<usize> {
        middle
            .and_then(|z| z.cells.get(side))
            .and_then(|&c| usize::try_from(c).ok())
    };
    let mut width = 2;
    for &c in &cells {
        width = width.max(label(game, viewer, c).chars().count());
    }
    // The middle zone is drawn without its cells' names.
    for c in cells.iter().copied().chain((0..2).filter_map(middle_cell)) {
        let (token, _) = marks.token(game, word(game, state, c), false);
        width = width.max(token.chars().count());
        width = width.max(pile(game, state, c).len().to_string().len());
    }
    let columns = half.max(1);
    // Each row is split in two quarters after this many points.
    let quarter = columns.div_ceil(2);
    let side_columns = |side: &[usize], which: usize| -> Vec<Column> {
        let mut out: Vec<Column> = (0..columns)
            .map(|i| side.get(i).map_or(Column::Blank, |&c| Column::Point(c)))
            .collect();
        if middle.is_some() {
            let m = middle_cell(which).map_or(Column::Blank, Column::Middle);
            out.insert(quarter, m);
        }
        out
    };
    let top_columns = side_columns(&top, 0);
    let bottom_columns = side_columns(&bottom, 1);
    let row = |items: Vec<String>| -> String {
        let mut line = String::new();
        for (i, item) in items.into_iter().enumerate() {
            let split = i == quarter || (middle.is_some() && i == quarter + 1);
            if split {
                line.push_str(&format!(" {}", style.paint(Paint::Dim, style.vline())));
            }
            line.push(' ');
            line.push_str(&item);
        }
        line
    };
    let labels = |side: &[Column]| -> String {
        let items = side
            .iter()
            .map(|col| match *col {
                Column::Point(c) => {
                    style.paint(Paint::Dim, &pad_left(label(game, viewer, c), width))
                }
                _ => " ".repeat(width),
            })
            .collect();
        row(items)
    };
    // A row of marks over (or under) the points the last move changed.
    let changes = |side: &[Column], mark: &str| -> Option<String> {
        let mut any = false;
        let items = side
            .iter()
            .map(|col| match *col {
                Column::Point(c) | Column::Middle(c) if marks.changed(c) => {
                    any = true;
                    style.paint(Paint::Bold, &pad_left(mark, width))
                }
                _ => " ".repeat(width),
            })
            .collect();
        let line = row(items);
        any.then_some(line)
    };
    let level = |side: &[Column], h: usize| -> String {
        let items = side
            .iter()
            .map(|col| {
                let (c, point) = match *col {
                    Column::Point(c) => (c, true),
                    Column::Middle(c) => (c, false),
                    Column::Blank => return " ".repeat(width),
                };
                let pile = pile(game, state, c);
                let n = pile.len();
                if n > h {
                    let (token, paint) = marks.token(game, pile[h], false);
                    let text = if h + 1 == stack && n > stack {
                        n.to_string()
                    } else {
                        token
                    };
                    marks.paint(style, c, paint, &pad_left(&text, width))
                } else if h == 0 && point {
                    marks.paint(style, c, Paint::Dim, &pad_left(style.empty_mark(), width))
                } else {
                    " ".repeat(width)
                }
            })
            .collect();
        row(items)
    };
    let mut lines = Vec::new();
    lines.extend(changes(&top_columns, "v"));
    let first = lines.len();
    lines.push(labels(&top_columns));
    for h in 0..stack {
        lines.push(level(&top_columns, h));
    }
    let middle_line = lines.len();
    lines.push(String::new());
    for h in (0..stack).rev() {
        lines.push(level(&bottom_columns, h));
    }
    lines.push(labels(&bottom_columns));
    lines.extend(changes(&bottom_columns, "^"));
    // The zones go beside the middle of the board.
    let board_width = lines
        .iter()
        .map(|l| crate::session::style::width(l))
        .max()
        .unwrap_or(0);
    let start = middle_line.saturating_sub(zones.len() / 2).max(first + 1);
    for (k, z) in zones.into_iter().enumerate() {
        let i = (start + k).min(lines.len() - 1);
        let l = pad(&lines[i], board_width);
        lines[i] = format!("{l}    {z}");
    }
    lines
}

/// A point's pieces from the edge of the board: the bottom layer's first, so that a
/// piece pinned under others is drawn nearest the edge and the top piece last.
fn pile(game: &Game, state: &State, c: usize) -> Vec<CellWord> {
    let mut out = Vec::new();
    for k in (0..game.rules.stack_layers as i32).rev() {
        let w = state.layer(game, c as i32, k);
        out.extend(std::iter::repeat_n(w, w.count() as usize));
    }
    out
}
