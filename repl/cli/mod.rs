//! Command-line commands: each loads a game, runs the library and prints the result,
//! as text for people or JSON for scripts.

use crate::error::CliError;
use common::{color, load, position};

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
mod chance;
pub mod common;
mod gnubg;
mod inspect;
mod playout;
mod rules;

pub use args::{Cli, Command, GameArgs, PositionArgs};
pub use gnubg::{add_gnubg_ids, gnubg_state_text};
use inspect::{check, moves, perft, state};
use playout::{playout, playout_matches};
use tabula::ai::encode::View;
use tabula::Engine;

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
        Command::Chance {
            game,
            position,
            json,
        } => chance::chance(&game, &position, json),
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
            searcher,
            simulations,
            rollouts,
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
                searcher: searcher.then(|| tabula::ai::az::train::Searching {
                    simulations,
                    rollouts,
                    ..Default::default()
                }),
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
