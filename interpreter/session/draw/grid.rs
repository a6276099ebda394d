//! `layout grid`: a square grid, files lettered along the top and bottom, ranks
//! numbered on both sides, the first rank at the bottom.

use super::{on_board, word, Marks};
use crate::engine::Game;
use crate::session::style::{pad, pad_left, Paint, Style};
use crate::State;

pub fn draw(game: &Game, state: &State, style: &Style, marks: &Marks) -> Vec<String> {
    let cells = on_board(game);
    let coords = &game.rules.board.coords;
    let files = cells.iter().map(|&c| coords[c].0).max().unwrap_or(0) + 1;
    let ranks = cells.iter().map(|&c| coords[c].1).max().unwrap_or(0) + 1;
    let mut at = vec![None; (files * ranks) as usize];
    let mut width = marks.widest(game);
    for &c in &cells {
        let (x, y) = coords[c];
        let (token, paint) = marks.token(game, word(game, state, c), true);
        width = width.max(token.chars().count());
        at[(y * files + x) as usize] = Some((c, token, paint));
    }
    let file_name = |x: i32| {
        if x < 26 {
            ((b'a' + x as u8) as char).to_string()
        } else {
            (x + 1).to_string()
        }
    };
    width = width.max((0..files).map(|x| file_name(x).len()).max().unwrap_or(1));
    let label_width = ranks.to_string().len();
    let header: Vec<String> = (0..files).map(|x| pad(&file_name(x), width)).collect();
    let header = format!("{}  {}", " ".repeat(label_width), header.join(" "));
    let mut lines = vec![style.paint(Paint::Dim, &header)];
    for y in (0..ranks).rev() {
        let row: Vec<String> = (0..files)
            .map(|x| match &at[(y * files + x) as usize] {
                Some((c, token, paint)) if !token.is_empty() => {
                    marks.paint(style, *c, *paint, &pad(token, width))
                }
                Some((c, _, _)) => {
                    marks.paint(style, *c, Paint::Dim, &pad(style.empty_mark(), width))
                }
                None => " ".repeat(width),
            })
            .collect();
        let rank = (y + 1).to_string();
        lines.push(format!(
            "{}  {}  {}",
            style.paint(Paint::Dim, &pad_left(&rank, label_width)),
            row.join(" "),
            style.paint(Paint::Dim, &rank)
        ));
    }
    lines.push(style.paint(Paint::Dim, &header));
    lines
}
