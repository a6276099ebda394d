//! Command-line commands: each loads a game, runs the library and prints the result,
//! as text for people or JSON for scripts.

use crate::error::{refused, CliError};

/// Prints a line to standard output; when the reader has gone (`tabula moves | head`),
/// stops quietly instead of failing. Control characters from the files are escaped.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let text = format!($($arg)*);
        let text = tabula::diagnostic::terminal_safe(&text);
        if writeln!(std::io::stdout(), "{text}").is_err() {
            std::process::exit(0);
        }
    }};
}

// Declared after `out!`, which the commands use.
mod args;
mod gnubg;
mod inspect;
mod playout;
mod rules;

pub use args::{Cli, Command, GameArgs, PositionArgs};
use gnubg::gnubg_position;
pub use gnubg::{add_gnubg_ids, gnubg_state_text};
use inspect::{check, moves, perft, state};
use playout::{playout, playout_matches};
use std::io::IsTerminal;
use tabula::ai::encode::View;
use tabula::engine::play::PlayError;
use tabula::engine::rng::Rng;
use tabula::{compile, json, Engine, Game, Source, State};

pub fn run(cli: Cli, places: crate::analyze::Places) -> Result<(), CliError> {
    let Some(command) = cli.command else {
        return crate::play::run(crate::play::PlayOptions {
            game: None,
            options: Vec::new(),
            seed: None,
            ascii: false,
            match_length: None,
            state: None,
            gnubg_id: None,
            threads: 0,
            vs: None,
            computers: Vec::new(),
        });
    };
    match command {
        Command::Play {
            game,
            options,
            seed,
            ascii,
            match_length,
            state,
            gnubg_id,
            threads,
            vs,
            computers,
        } => crate::play::run(crate::play::PlayOptions {
            game,
            options,
            seed,
            ascii,
            match_length,
            state,
            gnubg_id,
            threads: threads as usize,
            vs,
            computers,
        }),
        Command::Check { game, json } => check(&game, json),
        Command::Rules { game, json } => rules::rules(&game, json),
        Command::Moves {
            game,
            position,
            json,
            probabilities,
        } => moves(&game, &position, json, probabilities),
        Command::Perft {
            game,
            position,
            depth,
            exact,
        } => perft(&game, &position, depth, exact),
        Command::Playout {
            game,
            seed,
            games,
            max_decisions,
            json,
            match_length,
            threads,
        } => match match_length {
            Some(n) => playout_matches(
                &game,
                seed,
                games,
                n,
                max_decisions,
                json,
                usize::from(threads),
            ),
            None => playout(
                &game,
                seed,
                games,
                max_decisions,
                json,
                usize::from(threads),
            ),
        },
        Command::Arena {
            game,
            a,
            b,
            games,
            seed,
            max_decisions,
            threads,
            json,
            records,
            mcts_playouts,
        } => crate::arena::run(crate::arena::ArenaOptions {
            game: &game,
            a: &a,
            b: &b,
            games,
            seed,
            max_decisions,
            threads: usize::from(threads),
            json,
            records: records.as_deref(),
            mcts_playouts: match mcts_playouts.as_deref() {
                None => [false, false],
                Some("a") => [true, false],
                Some("b") => [false, true],
                Some(_) => [true, true],
            },
        }),
        Command::Analyze(args) => crate::analyze::run_args(args, places),
        Command::Draw {
            game,
            position,
            svg,
            force,
        } => crate::picture::draw(&game, &position, &svg, force),
        Command::Graph {
            game,
            dot,
            svg,
            force,
        } => crate::picture::graph(&game, dot, svg.as_deref(), force),
        Command::Test { games, options } => crate::test_cmd::run(&games, &options, color()),
        Command::Fmt { files, check } => crate::fmt_cmd::run(&files, check),
        Command::Serve { port, dir } => crate::serve::run(&dir, port),
        Command::Lsp => crate::lsp::run(),
        Command::Encode {
            game,
            position: p,
            all,
            json,
            view,
        } => {
            let g = load(&game)?;
            let mut engine = Engine::new(&g);
            let state = position(&mut engine, &p)?;
            let view = View::parse(&view).unwrap_or_default();
            crate::learn::encode(&g, &state, view, all, json)
        }
        Command::Train {
            game,
            games,
            out,
            force,
            hidden,
            seed,
            threads,
            from,
            lambda,
            rate,
            final_rate,
            explore,
            self_play,
            probe_games,
            probe_every,
            mcts_leaf,
            view,
            keep,
            lookahead,
        } => crate::learn::train(crate::learn::TrainOptions {
            game: &game,
            out: &out,
            force,
            from: from.as_deref(),
            mcts_leaf: mcts_leaf.as_deref(),
            keep: keep.as_deref(),
            training: tabula::ai::train::Training {
                games,
                hidden: hidden.map_or(if from.is_some() { 0 } else { 40 }, |h| h as usize),
                seed,
                threads: usize::from(threads),
                lambda,
                rate,
                final_rate,
                explore,
                self_play: crate::learn::self_play_level(&self_play)?,
                max_decisions: 2000,
                probe_every,
                probe_games,
                view: view.as_deref().and_then(View::parse),
                keep: 0,
                lookahead,
            },
        }),
        Command::State {
            game,
            position,
            yaml,
        } => state(&game, &position, yaml),
        Command::Export(args) => crate::export::run(&args),
    }
}

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
    runtime(game, e)
}

fn runtime(game: &Game, e: &tabula::RuntimeError) -> CliError {
    CliError::Runtime(e.render(game, color()))
}

fn play_error(game: &Game, e: PlayError) -> CliError {
    match e {
        PlayError::Runtime(r) => runtime(game, &r),
        other => refused!("{other}"),
    }
}

/// The state a command starts from: --state or the initial state, then --moves,
/// resolving chance with --dice or the seed.
pub fn position(engine: &mut Engine, p: &PositionArgs) -> Result<State, CliError> {
    if let Some(id) = &p.gnubg_id {
        return gnubg_position(engine, p, id);
    }
    let game = engine.game;
    let mut state = match &p.state {
        Some(path) => {
            let text = tabula::input::read(path, tabula::input::Kind::State)?;
            json::state_from_text(game, &Source::new(path.clone(), text))
                .map_err(CliError::State)?
        }
        None => engine.initial_state().map_err(|e| runtime(game, &e))?,
    };
    play_moves(engine, p, &mut state)?;
    Ok(state)
}

/// Plays --moves from a state, resolving chance the moves do not fix with the seed, then
/// fixes the next chance outcome with --dice.
fn play_moves(engine: &mut Engine, p: &PositionArgs, state: &mut State) -> Result<(), CliError> {
    let game = engine.game;
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
