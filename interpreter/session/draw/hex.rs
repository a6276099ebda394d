//! `layout hex`: rows of cells offset by half a cell, placed by the board's drawing
//! coordinates; an empty cell shows its name, so every cell can be read off the board.

use super::{label, on_board, word, Marks};
use crate::engine::Game;
use crate::session::style::{pad, Paint, Style};
use crate::State;

pub fn draw(
    game: &Game,
    state: &State,
    style: &Style,
    marks: &Marks,
    viewer: usize,
) -> Vec<String> {
    let cells = on_board(game);
    let coords = &game.rules.board.coords;
    let mut shown = Vec::new();
    let mut width = marks.widest(game);
    for &c in &cells {
        let (token, paint) = marks.token(game, word(game, state, c), true);
        let text = if token.is_empty() {
            label(game, viewer, c).to_string()
        } else {
            token.clone()
        };
        width = width.max(text.chars().count());
        shown.push((c, text, if token.is_empty() { Paint::Dim } else { paint }));
    }
    // A cell is `width` wide with two spaces between cells; one unit of x is half of that.
    let half = (width + 2).div_ceil(2);
    let rows = cells.iter().map(|&c| coords[c].1).max().unwrap_or(0) + 1;
    let mut lines = Vec::new();
    for y in 0..rows {
        let mut row: Vec<&(usize, String, Paint)> =
            shown.iter().filter(|(c, _, _)| coords[*c].1 == y).collect();
        row.sort_by_key(|(c, _, _)| coords[*c].0);
        let mut line = String::new();
        let mut column = 0;
        for (c, text, paint) in row {
            let x = coords[*c].0.max(0) as usize * half + 2;
            if x > column {
                line.push_str(&" ".repeat(x - column));
                column = x;
            }
            line.push_str(&marks.paint(style, *c, *paint, &pad(text, width)));
            column += width;
        }
        lines.push(line);
    }
    lines
}
