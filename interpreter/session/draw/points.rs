//! `layout points`: a line of points folded into a two-sided board, the second half
//! across the top (left to right), the first half across the bottom (right to left),
//! each side split in two quarters; pieces are stacked from the edge towards the
//! middle, a tall stack ending in its count. The zones are shown beside the board.

use super::{label, on_board, word, Marks};
use crate::ir::Game;
use crate::session::style::{pad, pad_left, Paint, Style};
use crate::State;

pub fn draw(
    game: &Game,
    state: &State,
    style: &Style,
    marks: &Marks,
    viewer: usize,
    stack: usize,
    zones: Vec<String>,
) -> Vec<String> {
    let mut cells = on_board(game);
    cells.sort_by_key(|&c| (game.board.coords[c].1, game.board.coords[c].0));
    let half = cells.len().div_ceil(2);
    let mut bottom: Vec<usize> = cells[..half].to_vec();
    bottom.reverse();
    let top: Vec<usize> = cells[half..].to_vec();
    let mut width = 2;
    for &c in &cells {
        width = width.max(label(game, viewer, c).chars().count());
        let (token, _) = marks.token(game, word(game, state, c), false);
        width = width.max(token.chars().count());
        width = width.max(word(game, state, c).count().to_string().len());
    }
    let columns = half.max(1);
    // Each row is split in two quarters after this many points.
    let quarter = columns.div_ceil(2);
    let row = |items: Vec<String>| -> String {
        let mut line = String::new();
        for (i, item) in items.into_iter().enumerate() {
            if i == quarter {
                line.push_str(&format!(" {}", style.paint(Paint::Dim, style.vline())));
            }
            line.push(' ');
            line.push_str(&item);
        }
        line
    };
    let labels = |side: &[usize]| -> String {
        let items = (0..columns)
            .map(|i| match side.get(i) {
                Some(&c) => style.paint(Paint::Dim, &pad_left(label(game, viewer, c), width)),
                None => " ".repeat(width),
            })
            .collect();
        row(items)
    };
    let level = |side: &[usize], h: usize| -> String {
        let items = (0..columns)
            .map(|i| {
                let Some(&c) = side.get(i) else {
                    return " ".repeat(width);
                };
                let w = word(game, state, c);
                let n = w.count() as usize;
                if n > h {
                    let (token, paint) = marks.token(game, w, false);
                    let text = if h + 1 == stack && n > stack {
                        n.to_string()
                    } else {
                        token
                    };
                    style.paint(paint, &pad_left(&text, width))
                } else if h == 0 {
                    style.paint(Paint::Dim, &pad_left(style.empty_mark(), width))
                } else {
                    " ".repeat(width)
                }
            })
            .collect();
        row(items)
    };
    let mut lines = vec![labels(&top)];
    for h in 0..stack {
        lines.push(level(&top, h));
    }
    let middle = lines.len();
    lines.push(String::new());
    for h in (0..stack).rev() {
        lines.push(level(&bottom, h));
    }
    lines.push(labels(&bottom));
    // The zones go beside the middle of the board.
    let board_width = lines
        .iter()
        .map(|l| crate::session::style::width(l))
        .max()
        .unwrap_or(0);
    let first = middle.saturating_sub(zones.len() / 2).max(1);
    for (k, z) in zones.into_iter().enumerate() {
        let i = (first + k).min(lines.len() - 1);
        let l = pad(&lines[i], board_width);
        lines[i] = format!("{l}    {z}");
    }
    lines
}
