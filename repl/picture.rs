//! `tabula draw` (a position as SVG) and `tabula graph` (the board graph as SVG or DOT).

use crate::error::{refused, CliError};

use crate::cli::common::{load, position};
use crate::cli::{GameArgs, PositionArgs};
use tabula::output::Input;
use tabula::Engine;

/// Writes `text` to `path` (`-`: standard output), unless `path` is one of `inputs`
/// and `force` is not given.
fn write(path: &str, text: &str, inputs: &[Input], force: bool) -> Result<(), CliError> {
    if path == "-" {
        print!("{text}");
        return Ok(());
    }
    if !force {
        tabula::output::refuse_inputs(path, inputs, "`--force`")?;
    }
    Ok(tabula::output::write(path, text.as_bytes())?)
}

/// The files a command of a game and a position reads.
fn inputs<'a>(g: &'a GameArgs, p: Option<&'a PositionArgs>) -> Vec<Input<'a>> {
    let mut inputs = vec![Input {
        path: &g.game,
        what: "the rules file being read",
    }];
    if let Some(state) = p.and_then(|p| p.state.as_deref()) {
        inputs.push(Input {
            path: state,
            what: "the state file being read",
        });
    }
    inputs
}

/// Draws the position of --state / --moves into `svg`; the last move's cells ringed.
pub fn draw(g: &GameArgs, p: &PositionArgs, svg: &str, force: bool) -> Result<(), CliError> {
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
    let runtime = |e: tabula::RuntimeError| crate::cli::common::runtime_error(&game, &e);
    let mut caption = tabula::session::caption(&game, &state).map_err(runtime)?;
    let over = engine.outcome(&state).map_err(runtime)?.is_some();
    if let Some(last) = moves.last().filter(|_| !over) {
        caption.push_str(&format!("; last move {}", last.trim()));
    }
    let text = tabula::picture::position_svg(&game, &state, before.as_ref(), &caption);
    write(svg, &text, &inputs(g, Some(p)), force)
}

/// The board graph as DOT (to standard output, or a file) or SVG.
pub fn graph(g: &GameArgs, dot: bool, svg: Option<&str>, force: bool) -> Result<(), CliError> {
    let game = load(g)?;
    let inputs = inputs(g, None);
    match (dot, svg) {
        (_, Some(path)) => write(path, &tabula::picture::graph_svg(&game), &inputs, force),
        (true, None) => write("-", &tabula::picture::graph_dot(&game), &inputs, force),
        (false, None) => Err(refused!(
            "say what to write: `--dot` (to standard output) or `--svg FILE`"
        )),
    }
}
