//! Drawing a state as text, chosen by the rules file's `layout`: a square grid, a hex
//! board, a two-sided board of points, or a plain list; then the zones, pools,
//! counters and scores.

mod grid;
mod hex;
mod points;

use super::style::{pad, wrap_lines, Paint, Style};
use crate::engine::state::{CellWord, NEUTRAL};
use crate::engine::Game;
use crate::ids::CellId;
use crate::ir::MATCH_COUNTERS;
use crate::{Engine, State};

/// The letters that stand for players and piece types on a board.
pub struct Marks {
    players: Vec<char>,
    pieces: Vec<char>,
    /// Whether an owned piece shows its type (more than one owned type exists).
    show_piece: bool,
    /// The cells the last move changed, by cell index (empty: none marked).
    changed: Vec<bool>,
    /// The game's only piece is a neutral one without values (seeds, counters): a
    /// cell shows how many it holds, nothing else.
    count_only: bool,
}

impl Marks {
    /// The marks of `game`: each player's letter (the first letter of the name that
    /// no earlier player took, in upper case), each piece's (in lower case), and no
    /// cell marked as changed.
    pub fn new(game: &Game) -> Marks {
        let mut players: Vec<char> = Vec::new();
        for (i, name) in game.rules.players.iter().enumerate() {
            let letter = name
                .chars()
                .filter(|c| c.is_alphanumeric())
                .map(|c| c.to_ascii_uppercase())
                .find(|c| !players.contains(c))
                .unwrap_or_else(|| char::from_digit(i as u32 + 1, 10).unwrap_or('?'));
            players.push(letter);
        }
        let mut pieces: Vec<char> = Vec::new();
        for p in &game.rules.pieces {
            let letter = p
                .name
                .chars()
                .filter(|c| c.is_alphanumeric())
                .map(|c| c.to_ascii_lowercase())
                .find(|c| !pieces.contains(c))
                .unwrap_or('?');
            pieces.push(letter);
        }
        let show_piece = game.rules.pieces.iter().filter(|p| !p.neutral).count() > 1;
        let count_only =
            matches!(game.rules.pieces.as_slice(), [p] if p.neutral && p.values.is_none());
        Marks {
            players,
            pieces,
            show_piece,
            changed: Vec::new(),
            count_only,
        }
    }

    /// Whether the last move changed `cell`.
    pub fn changed(&self, cell: usize) -> bool {
        self.changed.get(cell).copied().unwrap_or(false)
    }

    /// `text` painted as a cell's contents: in reverse video where the last move
    /// changed the cell.
    pub fn paint(&self, style: &Style, cell: usize, paint: Paint, text: &str) -> String {
        let painted = style.paint(paint, text);
        if self.changed(cell) {
            style.paint(Paint::Last, &painted)
        } else {
            painted
        }
    }

    /// A cell's contents as a short token (`R5`, `Wk`, `o`, `B3x2`) and its colour;
    /// empty text for an empty cell. `count` adds `xN` for more than one piece.
    pub fn token(&self, game: &Game, w: CellWord, count: bool) -> (String, Paint) {
        if w.count() == 0 {
            return (String::new(), Paint::Dim);
        }
        if self.count_only && count {
            return (w.count().to_string(), Paint::Neutral);
        }
        let piece = w.piece() as usize;
        let def = game.rules.pieces.get(piece);
        let mut text = String::new();
        let paint = if w.owner() == NEUTRAL || w.owner() < 0 {
            text.push(self.pieces.get(piece).copied().unwrap_or('?'));
            Paint::Neutral
        } else {
            let o = w.owner() as usize;
            text.push(self.players.get(o).copied().unwrap_or('?'));
            if self.show_piece {
                text.push(self.pieces.get(piece).copied().unwrap_or('?'));
            }
            Paint::player(o, game.rules.players.get(o).map_or("", |s| s.as_str()))
        };
        if def.is_some_and(|d| d.values.is_some()) {
            text.push_str(&w.value().to_string());
        }
        if count && w.count() > 1 {
            text.push_str(&format!("x{}", w.count()));
        }
        (text, paint)
    }

    /// The widest token a single piece can have (owner, type, largest value).
    pub(crate) fn widest(&self, game: &Game) -> usize {
        let value = game
            .rules
            .pieces
            .iter()
            .filter_map(|p| p.values)
            .map(|(_, hi)| hi.to_string().len())
            .max()
            .unwrap_or(0);
        1 + usize::from(self.show_piece) + value
    }

    /// What the letters mean, on one line.
    pub fn legend(&self, game: &Game, style: &Style) -> String {
        let mut parts: Vec<String> = Vec::new();
        for (i, name) in game.rules.players.iter().enumerate() {
            let letter = self.players[i].to_string();
            parts.push(format!(
                "{} {name}",
                style.paint(Paint::player(i, name), &letter)
            ));
        }
        for (i, p) in game.rules.pieces.iter().enumerate() {
            if self.count_only {
                parts.push(format!("a number counts the {} pieces on a cell", p.name));
            } else if p.neutral || self.show_piece {
                let paint = if p.neutral {
                    Paint::Neutral
                } else {
                    Paint::Bold
                };
                parts.push(format!(
                    "{} {}",
                    style.paint(paint, &self.pieces[i].to_string()),
                    p.name
                ));
            }
        }
        let values: Vec<&str> = game
            .rules
            .pieces
            .iter()
            .filter(|p| p.values.is_some())
            .map(|p| p.name.as_str())
            .collect();
        let mut line = parts.join(style.dot());
        if !values.is_empty() {
            line.push_str(&format!(
                "   (a number is the value of a {})",
                values.join(" or ")
            ));
        }
        line
    }
}

/// The cells whose contents differ between two states of one game: what a move
/// changed, marked on the board.
pub(crate) fn changed_cells(game: &Game, before: &State, after: &State) -> Vec<bool> {
    (0..game.rules.board.cells.len())
        .map(|c| word(game, before, c) != word(game, after, c))
        .collect()
}

/// The board, as the player `viewer` names its cells, with the cells the last move
/// changed (`changed`, by cell index; empty for none) marked.
pub fn board(
    game: &Game,
    state: &State,
    style: &Style,
    viewer: usize,
    changed: Vec<bool>,
) -> String {
    let mut marks = Marks::new(game);
    marks.changed = changed;
    let middle = game
        .rules
        .layout
        .hints
        .iter()
        .find(|(k, _)| k == "middle")
        .and_then(|(_, v)| game.rules.board.zones.iter().position(|z| &z.name == v))
        .filter(|_| game.rules.layout.kind == "points");
    let zones = zone_lines(game, state, style, &marks, middle);
    let hint = |key: &str| {
        game.rules
            .layout
            .hints
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    let mut lines = match game.rules.layout.kind.as_str() {
        "grid" => with_zones_below(grid::draw(game, state, style, &marks), zones),
        "hex" => with_zones_below(hex::draw(game, state, style, &marks, viewer), zones),
        "points" => {
            let stack = hint("stack")
                .and_then(|v| v.parse().ok())
                .unwrap_or(5usize)
                .clamp(1, 15);
            let middle = middle.map(|z| &game.rules.board.zones[z]);
            points::draw(game, state, style, &marks, viewer, stack, middle, zones)
        }
        _ => with_zones_below(list(game, state, style, &marks, viewer), zones),
    };
    lines.push(marks.legend(game, style));
    let mut out = String::new();
    for l in lines {
        out.push_str(l.trim_end());
        out.push('\n');
    }
    out
}

fn with_zones_below(mut lines: Vec<String>, zones: Vec<String>) -> Vec<String> {
    lines.extend(zones);
    lines
}

/// The cells drawn on the board proper (zones sit at coordinates (-1, -1)).
pub(crate) fn on_board(game: &Game) -> Vec<usize> {
    (0..game.rules.board.cells.len())
        .filter(|&c| game.rules.board.coords[c].0 >= 0 && game.rules.board.coords[c].1 >= 0)
        .collect()
}

/// How the viewer names a cell.
pub(crate) fn label(game: &Game, viewer: usize, cell: usize) -> &str {
    game.rules
        .board
        .labels
        .get(viewer)
        .and_then(|l| l.get(cell))
        .unwrap_or(&game.rules.board.cells[cell])
}

pub(crate) fn word(game: &Game, state: &State, cell: usize) -> CellWord {
    state.cell(game, CellId::new(cell))
}

/// One line per zone (but the one drawn in the board's middle): its name and what
/// each of its cells holds.
fn zone_lines(
    game: &Game,
    state: &State,
    style: &Style,
    marks: &Marks,
    middle: Option<usize>,
) -> Vec<String> {
    let width = game
        .rules
        .board
        .zones
        .iter()
        .map(|z| z.name.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = Vec::new();
    for (k, z) in game.rules.board.zones.iter().enumerate() {
        if Some(k) == middle {
            continue;
        }
        let mut parts = Vec::new();
        for (i, &c) in z.cells.iter().enumerate() {
            if c < 0 {
                continue;
            }
            let w = word(game, state, c as usize);
            let who = if z.per_player {
                game.rules.players.get(i).cloned().unwrap_or_default()
            } else {
                String::new()
            };
            let content = if w.count() == 0 {
                "0".to_string()
            } else {
                let (token, paint) = marks.token(game, w, false);
                let own = z.per_player && w.owner() == i as i32;
                // A player's own pieces in his zone are simply counted.
                if own
                    && game
                        .rules
                        .pieces
                        .get(w.piece() as usize)
                        .is_some_and(|p| p.values.is_none())
                {
                    marks.paint(style, c as usize, paint, &w.count().to_string())
                } else {
                    marks.paint(style, c as usize, paint, &format!("{token} x{}", w.count()))
                }
            };
            let name = if who.is_empty() {
                String::new()
            } else {
                format!("{} ", style.paint(Paint::player(i, &who), &who))
            };
            parts.push(format!("{name}{content}"));
        }
        out.push(format!(
            "{}  {}",
            pad(&z.name, width),
            parts.join(style.dot())
        ));
    }
    out
}

/// Any board: the occupied cells by name, eight to a line.
fn list(game: &Game, state: &State, style: &Style, marks: &Marks, viewer: usize) -> Vec<String> {
    let cells = on_board(game);
    let mut items = Vec::new();
    for &c in &cells {
        let w = word(game, state, c);
        if w.count() > 0 {
            let (token, paint) = marks.token(game, w, true);
            items.push(format!(
                "{} {}",
                label(game, viewer, c),
                style.paint(paint, &token)
            ));
        }
    }
    let empty = cells.len() - items.len();
    let mut lines: Vec<String> = items.chunks(8).map(|c| c.join("  ")).collect();
    if lines.is_empty() {
        lines.push("(no pieces on the board)".to_string());
    }
    lines.push(format!("{empty} of {} cells empty", cells.len()));
    lines
}

/// The pools, counters and scores, one line each, names aligned.
pub(crate) fn equipment(
    game: &Game,
    state: &State,
    shown: &[(String, crate::engine::Shown)],
    scores: &[i32],
    style: &Style,
) -> String {
    let mut rows: Vec<(String, String)> = Vec::new();
    for pool in &game.rules.pools {
        let list = |player: usize| {
            let base = pool.base + player * pool.width();
            let mut values = Vec::new();
            for i in 0..pool.width() {
                let n = state.data.get(base + i).copied().unwrap_or(0).max(0) as usize;
                let v = pool.low + i as i32;
                if n > 4 {
                    values.push(format!("{v}x{n}"));
                } else {
                    values.extend(std::iter::repeat_n(v.to_string(), n));
                }
            }
            if values.is_empty() {
                "-".to_string()
            } else {
                values.join(" ")
            }
        };
        let text = if pool.per_player {
            let parts: Vec<String> = game
                .rules
                .players
                .iter()
                .enumerate()
                .map(|(i, p)| format!("{} {}", style.paint(Paint::player(i, p), p), list(i)))
                .collect();
            parts.join(&format!(" {} ", style.vline()))
        } else {
            list(0)
        };
        rows.push((pool.name.clone(), text));
    }
    let engine = Engine::new(game);
    let viewer = state.mover().index();
    let match_play = game
        .rules
        .counters
        .iter()
        .filter(|c| MATCH_COUNTERS.iter().any(|(n, _)| *n == c.name))
        .any(|c| state.data[c.base] != 0);
    let parts: Vec<String> = game
        .rules
        .counters
        .iter()
        // The match counters every game has are shown only in match play.
        .filter(|c| match_play || !MATCH_COUNTERS.iter().any(|(n, _)| *n == c.name))
        // A counter the rules file declares `hidden` is internal bookkeeping.
        .filter(|c| !c.hidden)
        .map(|c| {
            let value = |i: usize| engine.format_value(state.data[c.base + i], c.ty, viewer);
            if c.per_player {
                let each: Vec<String> = game
                    .rules
                    .players
                    .iter()
                    .enumerate()
                    .map(|(i, p)| format!("{p} {}", value(i)))
                    .collect();
                format!("{} ({})", c.name, each.join(", "))
            } else {
                format!("{} {}", c.name, value(0))
            }
        })
        .collect();
    // Long lists of counters wrap (64 columns after the label, as on an 80-column
    // terminal, unless the terminal's width is known).
    let room = style.width.map_or(64, |w| w.saturating_sub(16).max(20));
    let mut line = String::new();
    let mut first = true;
    for part in parts {
        if !line.is_empty() && line.chars().count() + part.chars().count() > room {
            let name = if first { "counters" } else { "" };
            rows.push((name.to_string(), std::mem::take(&mut line)));
            first = false;
        }
        if !line.is_empty() {
            line.push_str(style.dot());
        }
        line.push_str(&part);
    }
    if !line.is_empty() {
        rows.push((if first { "counters" } else { "" }.to_string(), line));
    }
    // The rules file's `show` values, one row each: `pips  white 167, black 167`.
    for (label, shown) in shown {
        let values = match shown {
            crate::engine::Shown::Text(text) => {
                rows.push((label.clone(), text.clone()));
                continue;
            }
            crate::engine::Shown::PerPlayer(values) => values,
        };
        let parts: Vec<String> = game
            .rules
            .players
            .iter()
            .zip(values)
            .enumerate()
            .map(|(i, (p, v))| format!("{} {v}", style.paint(Paint::player(i, p), p)))
            .collect();
        rows.push((label.clone(), parts.join(style.dot())));
    }
    if game.rules.score.is_some() {
        let parts: Vec<String> = game
            .rules
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                format!(
                    "{} {}",
                    style.paint(Paint::player(i, p), p),
                    game.score_text(scores.get(i).copied().unwrap_or(0))
                )
            })
            .collect();
        rows.push(("score".to_string(), parts.join(style.dot())));
    }
    let width = rows
        .iter()
        .map(|(n, _)| n.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for (name, text) in rows {
        let row = format!("{}  {text}", pad(&name, width));
        out.push_str(&wrap_lines(&row, style.width, width + 2));
        out.push('\n');
    }
    out
}
