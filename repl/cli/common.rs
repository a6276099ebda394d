//! What the subcommands share: loading a game, the position a command starts from,
//! progress bars, colours, and errors rendered for a person.

use super::args::{GameArgs, PositionArgs};
use super::gnubg::gnubg_position;
use crate::error::{refused, CliError};
use std::io::IsTerminal;
use tabula::engine::play::PlayError;
use tabula::engine::rng::Rng;
use tabula::{compile, json, Engine, Game, Source, State};

/// Whether standard error gets colours: a terminal, and `NO_COLOR` unset.
pub fn color() -> bool {
    std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal()
}

/// A progress bar over `games` games on standard error, when `wanted` and standard error
/// is a terminal; its message shows what the run wants said as it goes.
pub fn games_bar(games: u64, wanted: bool) -> Option<indicatif::ProgressBar> {
    if !wanted || !std::io::stderr().is_terminal() {
        return None;
    }
    let b = indicatif::ProgressBar::new(games);
    b.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {per_sec}, eta {eta}  {msg}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    Some(b)
}

/// Loads and compiles a game, rendering any error for a person.
pub fn load(g: &GameArgs) -> Result<Game, CliError> {
    let source = tabula::games::load_source(&g.game)?;
    Ok(compile(&source, &g.options)?)
}

/// A runtime error of the rules file, rendered for a person.
pub fn runtime_error(game: &Game, e: &tabula::RuntimeError) -> CliError {
    CliError::Runtime(e.render(game, color()))
}

fn play_error(game: &Game, e: PlayError) -> CliError {
    match e {
        PlayError::Runtime(r) => runtime_error(game, &r),
        other => refused!("{other}"),
    }
}

/// The state a command starts from: --state or the initial state, then --moves,
/// resolving chance with --dice or the seed.
pub fn position(engine: &mut Engine, p: &PositionArgs) -> Result<State, CliError> {
    if let Some(id) = &p.gnubg_id {
        return gnubg_position(engine, p, id);
    }
    let game = engine.game();
    let mut state = match &p.state {
        Some(path) => {
            let text = tabula::input::read(path, tabula::input::Kind::State)?;
            json::state_from_text(game, &Source::new(path.clone(), text))
                .map_err(CliError::State)?
        }
        None => engine
            .initial_state()
            .map_err(|e| runtime_error(game, &e))?,
    };
    play_moves(engine, p, &mut state)?;
    Ok(state)
}

/// Plays --moves from a state, resolving chance the moves do not fix with the seed, then
/// fixes the next chance outcome with --dice.
pub(super) fn play_moves(
    engine: &mut Engine,
    p: &PositionArgs,
    state: &mut State,
) -> Result<(), CliError> {
    let game = engine.game();
    let mut rng = Rng::new(p.seed);
    for m in p.moves.iter().filter(|m| !m.trim().is_empty()) {
        if state.chance().is_some() && engine.play_text(&mut state.clone(), m).is_err() {
            // The move is not a chance outcome: roll first.
            engine
                .resolve_chance(state, &mut rng, None)
                .map_err(|e| play_error(game, e))?;
        }
        engine
            .play_text(state, m.trim())
            .map_err(|e| play_error(game, e))?;
    }
    if !p.dice.is_empty() {
        if state.chance().is_none() {
            return Err(refused!(
                "--dice fixes a chance outcome, but no chance event is pending here"
            ));
        }
        let text: Vec<String> = p.dice.iter().map(|d| d.to_string()).collect();
        engine
            .resolve_chance(state, &mut rng, Some(&text.join("-")))
            .map_err(|e| play_error(game, e))?;
    }
    Ok(())
}
