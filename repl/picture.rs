//! `tabula draw` (a position as SVG) and `tabula graph` (the board graph as SVG or DOT).

use crate::error::{refused, CliError};

use crate::cli::{load, position, GameArgs, PositionArgs};
use tabula::Engine;

fn write(path: &str, text: &str) -> Result<(), CliError> {
    if path == "-" {
        print!("{text}");
        return Ok(());
    }
    std::fs::write(path, text)
        .map_err(|e| refused!("cannot write `{path}`: {}", e.to_string().to_lowercase()))
}

/// Draws the position of --state / --moves into `svg`; the last move's cells ringed.
pub fn draw(g: &GameArgs, p: &PositionArgs, svg: &str) -> Result<(), CliError> {
    let game = load(g)?;
    let mut engine = Engine::new(&game);
    let state = position(&mut engine, p)?;
    let moves: Vec<&String> = p.moves.iter().filter(|m| !m.trim().is_empty()).collect();
    let before = match moves.last() {
        Some(last) if p.dice.is_empty() => {
            let earlier = PositionArgs {
                moves: p.moves[..p.moves.len() - 1].to_vec(),
                dice: Vec::new(),
                state: p.state.clone(),
                gnubg_id: p.gnubg_id.clone(),
                seed: p.seed,
            };
            let _ = last;
            Some(position(&mut engine, &earlier)?)
        }
        _ => None,
    };
    let caption = match engine.outcome(&state) {
        Some(o) => format!("over: {}", tabula::session::describe(&game, &o)),
        None => {
            let who = &game.players[state.mover().index()];
            let mut text = match state.chance() {
                Some(c) => format!("{who} to move, {} to come", game.chances[c.index()].name),
                None => format!("{who} to move"),
            };
            if let Some(last) = moves.last() {
                text.push_str(&format!("; last move {}", last.trim()));
            }
            text
        }
    };
    let text = tabula::picture::position_svg(&game, &state, before.as_ref(), &caption);
    write(svg, &text)
}

/// The board graph as DOT (to standard output, or a file) or SVG.
pub fn graph(g: &GameArgs, dot: bool, svg: Option<&str>) -> Result<(), CliError> {
    let game = load(g)?;
    match (dot, svg) {
        (_, Some(path)) => write(path, &tabula::picture::graph_svg(&game)),
        (true, None) => write("-", &tabula::picture::graph_dot(&game)),
        (false, None) => Err(refused!(
            "say what to write: `--dot` (to standard output) or `--svg FILE`"
        )),
    }
}
