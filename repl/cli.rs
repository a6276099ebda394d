//! Command-line commands: each loads a game, runs the library and prints the result,
//! as text for people or JSON for scripts.

use crate::error::{refused, CliError};

use clap::{Args, Parser, Subcommand};

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
use std::io::IsTerminal;
use tabula::engine::play::PlayError;
use tabula::engine::rng::Rng;
use tabula::{compile, json, Choices, Engine, Game, Source, State};

#[derive(Parser, Debug)]
#[command(
    name = "tabula",
    version,
    about = "Play, check and analyse board games written as rules files."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play a game interactively (against a friend or the computer), or debug a rules file.
    Play {
        /// A built-in game (e.g. naytin-six) or the path of a rules file; without it, choose one.
        game: Option<String>,
        /// Turn on an option of the game (repeat for several).
        #[arg(short = 'o', long = "option")]
        options: Vec<String>,
        /// Seed for the dice and the computer players (default: from the clock; printed at start).
        #[arg(long)]
        seed: Option<u64>,
        /// Plain ASCII without colour (also when NO_COLOR is set or the output is not a terminal).
        #[arg(long)]
        ascii: bool,
        /// Play a match to this many points (default: a single game).
        #[arg(long = "match", value_name = "POINTS", value_parser = clap::value_parser!(i32).range(1..))]
        match_length: Option<i32>,
        /// Start from this state file (JSON, or YAML when named .yaml/.yml).
        #[arg(long)]
        state: Option<String>,
        /// Start from GNU Backgammon's IDs, `POSITION` or `POSITION:MATCH` (a game with
        /// backgammon's shape).
        #[arg(
            long = "gnubg-id",
            value_name = "POSITION[:MATCH]",
            conflicts_with = "state"
        )]
        gnubg_id: Option<String>,
        /// Threads of the computer's search (0: every core).
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=256))]
        threads: u32,
    },
    /// Check a rules file and summarise it.
    Check(GameArgs),
    /// List the legal moves of the player to move (or the chance outcomes).
    Moves {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        position: PositionArgs,
        /// One JSON object per move, with the state it leads to.
        #[arg(long)]
        json: bool,
    },
    /// Count the leaves of the decision tree to a depth.
    Perft {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        position: PositionArgs,
        /// Levels to search; every choice and every chance outcome is one level.
        #[arg(long, short)]
        depth: usize,
    },
    /// Play random games and summarise them.
    Playout {
        #[command(flatten)]
        game: GameArgs,
        /// Seed of the first game; game i uses seed + i.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Number of games.
        #[arg(short = 'n', long = "games", default_value_t = 1000)]
        games: u64,
        /// A game still going after this many decisions is counted unfinished.
        #[arg(long, default_value_t = 10_000)]
        max_decisions: usize,
        /// One JSON line per game, then a summary line.
        #[arg(long)]
        json: bool,
        /// Play matches to this many points instead of single games (a drawn game gives
        /// no point and the match goes on; an unfinished game leaves it undecided).
        #[arg(long = "match")]
        match_length: Option<i32>,
        /// Threads to play on (0: every core; at most 256). Each game is played from its
        /// own seed, so the results do not depend on the number of threads.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(0..=256))]
        threads: u16,
    },
    /// Play two computer players against each other, seats alternating, and compare
    /// them with 95 % intervals.
    Arena {
        #[command(flatten)]
        game: GameArgs,
        /// Player A: random, greedy, playouts, mcts, mcts:2s, mcts:5000...
        a: String,
        /// Player B, written the same way.
        b: String,
        /// Number of games.
        #[arg(short = 'n', long = "games", default_value_t = 100)]
        games: u64,
        /// Seed of the first game; game i uses seed + i (dice and the players' choices).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// A game still going after this many decisions is counted unfinished.
        #[arg(long, default_value_t = 10_000)]
        max_decisions: usize,
        /// Games played at once (0: every core); the results do not depend on it.
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// One JSON object with every figure.
        #[arg(long)]
        json: bool,
        /// Write each game's record (the REPL's YAML, `load` replays it) into this folder.
        #[arg(long, value_name = "DIR")]
        records: Option<String>,
        /// Let `mcts` rate positions by random games even when the game has a network.
        #[arg(long)]
        mcts_playouts: bool,
    },
    /// Play many games with computer players and measure the game: wins by seat, length,
    /// choices, forced moves, how early it is decided, each with its 95 % interval;
    /// `--vs -o ...` compares option sets.
    #[command(after_help = crate::analyze::EXAMPLES)]
    Analyze(crate::analyze::AnalyzeArgs),
    /// Run the tests written in rules files (`test "name" { ... }`); fails when one fails.
    #[command(
        after_help = "Examples:\n  tabula test backgammon\n  tabula test games/*.tabula examples/rules/*.tabula\n  tabula test naytin-six -o slide"
    )]
    Test {
        /// Built-in games or paths of rules files.
        #[arg(required = true)]
        games: Vec<String>,
        /// Turn on an option for every test, besides the test's own (repeat for several).
        #[arg(short = 'o', long = "option")]
        options: Vec<String>,
    },
    /// Draw a position as SVG: the board, its pieces and stacks, the dice and other
    /// pools, the last of --moves ringed.
    #[command(
        after_help = "Examples:\n  tabula draw backgammon --moves 3-1,\"8/5 6/5\" --svg opening.svg\n  tabula draw invictus --state examples/rules/invictus-endgame.json --svg endgame.svg"
    )]
    Draw {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        position: PositionArgs,
        /// The file to write (`-` for standard output).
        #[arg(long, value_name = "FILE")]
        svg: String,
    },
    /// Draw the board graph: cells, an arrow per direction, regions and tracks, as DOT
    /// (Graphviz) or SVG.
    #[command(
        after_help = "Examples:\n  tabula graph naytin-six --svg board.svg\n  tabula graph backgammon --dot | neato -n -Tpng > board.png"
    )]
    Graph {
        #[command(flatten)]
        game: GameArgs,
        /// Write Graphviz DOT to standard output.
        #[arg(long)]
        dot: bool,
        /// Write SVG to this file (`-` for standard output).
        #[arg(long, value_name = "FILE")]
        svg: Option<String>,
    },
    /// Print a state's encoding: the numbers the learned evaluator reads, with their meaning.
    Encode {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        position: PositionArgs,
        /// All entries, not only those that are not 0.
        #[arg(long)]
        all: bool,
        /// One JSON object: the entries and their names.
        #[arg(long)]
        json: bool,
    },
    /// Teach a network to play the game by playing itself (TD(λ)).
    Train {
        #[command(flatten)]
        game: GameArgs,
        /// Games of self-play.
        #[arg(long, default_value_t = 10_000)]
        games: u64,
        /// Where to write the network.
        #[arg(long, value_name = "FILE")]
        out: String,
        /// Hidden units.
        #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u32).range(1..=4096))]
        hidden: u32,
        /// Seed of the first game; game i uses seed + i.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads playing games (0: every core); the network does not depend on it.
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Go on training this network instead of starting from random weights.
        #[arg(long, value_name = "FILE")]
        from: Option<String>,
        /// TD(λ)'s λ.
        #[arg(long, default_value_t = 0.7)]
        lambda: f32,
        /// Learning rate.
        #[arg(long, default_value_t = 0.002)]
        rate: f32,
        /// The learning rate at the last game: the rate falls from --rate to it
        /// geometrically over the games (without it, the rate stays).
        #[arg(long, value_name = "RATE")]
        final_rate: Option<f32>,
        /// Share of self-play decisions made at random, to explore.
        #[arg(long, default_value_t = 0.05)]
        explore: f32,
        /// How self-play chooses its other moves: net (the network being trained), net2,
        /// or a level that searches with random games (mcts:300, playouts, greedy)
        #[arg(long, value_name = "LEVEL", default_value = "net")]
        self_play: String,
        /// Play this many games against `random` every --probe-every games (0: none).
        #[arg(long, default_value_t = 100)]
        probe_games: u64,
        #[arg(long, default_value_t = 2000)]
        probe_every: u64,
    },
    /// Print the state after some moves.
    State {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        position: PositionArgs,
        /// Print YAML instead of JSON.
        #[arg(long)]
        yaml: bool,
    },
    /// Write game records in another program's format (--mat: GNU Backgammon's
    /// `import mat`).
    Export(crate::export::ExportArgs),
}

#[derive(Args, Debug)]
pub struct GameArgs {
    /// A built-in game (e.g. naytin-six) or the path of a rules file.
    pub game: String,
    /// Turn on an option of the game (repeat for several).
    #[arg(short = 'o', long = "option")]
    pub options: Vec<String>,
}

#[derive(Args, Debug)]
pub struct PositionArgs {
    /// Start from this state file (JSON, or YAML when named .yaml/.yml).
    #[arg(long)]
    pub state: Option<String>,
    /// Start from GNU Backgammon's IDs, `POSITION` or `POSITION:MATCH` (a game with
    /// backgammon's shape).
    #[arg(
        long = "gnubg-id",
        value_name = "POSITION[:MATCH]",
        conflicts_with = "state"
    )]
    pub gnubg_id: Option<String>,
    /// Seed for chance events that the moves do not fix.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Moves to play first, separated by commas (a chance outcome by its text, e.g. roll:3).
    #[arg(long, value_delimiter = ',')]
    pub moves: Vec<String>,
    /// Fix the next chance outcome by its numbers, e.g. `--dice 3,1`.
    #[arg(long, value_delimiter = ',')]
    pub dice: Vec<u32>,
}

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
        } => crate::play::run(crate::play::PlayOptions {
            game,
            options,
            seed,
            ascii,
            match_length,
            state,
            gnubg_id,
            threads: threads as usize,
        }),
        Command::Check(g) => check(&g),
        Command::Moves {
            game,
            position,
            json,
        } => moves(&game, &position, json),
        Command::Perft {
            game,
            position,
            depth,
        } => perft(&game, &position, depth),
        Command::Playout {
            game,
            seed,
            games,
            max_decisions,
            json,
            match_length,
            threads,
        } => match match_length {
            Some(n) => playout_matches(&game, seed, games, n, max_decisions, json),
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
            threads,
            json,
            records: records.as_deref(),
            mcts_playouts,
        }),
        Command::Analyze(args) => crate::analyze::run_args(args, places),
        Command::Draw {
            game,
            position,
            svg,
        } => crate::picture::draw(&game, &position, &svg),
        Command::Graph { game, dot, svg } => crate::picture::graph(&game, dot, svg.as_deref()),
        Command::Test { games, options } => crate::test_cmd::run(&games, &options, color()),
        Command::Encode {
            game,
            position: p,
            all,
            json,
        } => {
            let g = load(&game)?;
            let mut engine = Engine::new(&g);
            let state = position(&mut engine, &p)?;
            crate::learn::encode(&g, &state, all, json)
        }
        Command::Train {
            game,
            games,
            out,
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
        } => crate::learn::train(crate::learn::TrainOptions {
            game: &game,
            out: &out,
            from: from.as_deref(),
            training: tabula::ai::train::Training {
                games,
                hidden: hidden as usize,
                seed,
                threads,
                lambda,
                rate,
                final_rate,
                explore,
                self_play: crate::learn::self_play_level(&self_play)?,
                max_decisions: 2000,
                probe_every,
                probe_games,
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

fn check(g: &GameArgs) -> Result<(), CliError> {
    let game = load(g)?;
    let mut engine = Engine::new(&game);
    engine.initial_state().map_err(|e| runtime(&game, &e))?;
    if !game.warnings.is_empty() {
        let warnings = tabula::Diagnostics {
            source: Source::new(game.source_name.as_str(), game.source_text.as_str()),
            list: game.warnings.clone(),
        };
        eprint!("{}", warnings.render(color()));
    }
    out!("{}: ok", game.source_name);
    out!("  game     {}", game.name);
    out!("  players  {}", game.players.join(", "));
    out!(
        "  board    {} cells, directions {}",
        game.board.cells.len(),
        game.board.dirs.join(" ")
    );
    let phases: Vec<&str> = game.phases.iter().map(|p| p.name.as_str()).collect();
    out!("  phases   {}", phases.join(" -> "));
    let actions: Vec<&str> = game.actions.iter().map(|a| a.name.as_str()).collect();
    out!("  actions  {}", actions.join(", "));
    if !game.chances.is_empty() {
        let chances: Vec<&str> = game.chances.iter().map(|a| a.name.as_str()).collect();
        out!("  chance   {}", chances.join(", "));
    }
    if game.options.is_empty() {
        out!("  options  none");
    } else {
        out!("  options");
        for (name, description) in &game.options {
            let on = if game.chosen.contains(name) {
                " (on)"
            } else {
                ""
            };
            out!("    {name:<20} {description}{on}");
        }
    }
    Ok(())
}

fn moves(g: &GameArgs, p: &PositionArgs, as_json: bool) -> Result<(), CliError> {
    let game = load(g)?;
    let mut engine = Engine::new(&game);
    let state = position(&mut engine, p)?;
    let mut choices = Choices::default();
    engine
        .legal(&state, &mut choices)
        .map_err(|e| runtime(&game, &e))?;
    if choices.is_empty() {
        let outcome = engine.outcome(&state);
        if as_json {
            out!(
                "{}",
                serde_json::json!({ "over": outcome.as_ref().map(|o| json::outcome_to_json(&game, o)) })
            );
        } else {
            match outcome {
                Some(o) => out!("the game is over: {}", tabula::session::describe(&game, &o)),
                None => out!("no legal moves"),
            }
        }
        return Ok(());
    }
    for i in 0..choices.len() {
        let steps = choices.get(i).to_vec();
        let text = engine
            .choice_text(&state, &steps)
            .map_err(|e| runtime(&game, &e))?;
        if as_json {
            let mut child = state.clone();
            engine
                .apply(&mut child, &steps)
                .map_err(|e| runtime(&game, &e))?;
            let mut child_json = json::state_to_json(&game, &child);
            add_gnubg_ids(&game, &mut child_json);
            let mut line = serde_json::json!({ "move": text, "state": child_json });
            if state.chance().is_some() && choices.weights[i] > 0 {
                line["weight"] = serde_json::json!(choices.weights[i]);
            } else if game.phases[state.phase()].weighted {
                line["playout_weight"] = serde_json::json!(choices.weights[i]);
            }
            out!("{line}");
        } else {
            out!("{text}");
        }
    }
    Ok(())
}

fn perft(g: &GameArgs, p: &PositionArgs, depth: usize) -> Result<(), CliError> {
    let game = load(g)?;
    let mut engine = Engine::new(&game);
    let state = position(&mut engine, p)?;
    let start = std::time::Instant::now();
    // Progress by the choices at the root, on a terminal only, once a count has taken
    // long enough to wonder about (a short one shows nothing).
    let on_terminal = std::io::stderr().is_terminal();
    let mut bar: Option<indicatif::ProgressBar> = None;
    let mut report = |done: usize, of: usize| {
        if !on_terminal || start.elapsed().as_millis() < 500 {
            return;
        }
        let b = bar.get_or_insert_with(|| {
            let b = indicatif::ProgressBar::new(of as u64);
            b.set_style(
                indicatif::ProgressStyle::with_template(
                    "perft {msg}: {bar:40} {pos}/{len} first choices, eta {eta}",
                )
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            b.set_message(depth.to_string());
            b
        });
        b.set_position(done as u64);
    };
    let n = engine.perft_reporting(&state, depth, &mut report);
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let n = n.map_err(|e| runtime(&game, &e))?;
    let secs = start.elapsed().as_secs_f64();
    out!("{n}");
    eprintln!("perft {depth}: {n} leaves in {secs:.3} s");
    Ok(())
}

fn playout(
    g: &GameArgs,
    seed: u64,
    games: u64,
    max_decisions: usize,
    as_json: bool,
    threads: usize,
) -> Result<(), CliError> {
    let game = load(g)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| refused!("cannot start {threads} threads: {e}"))?;
    let mut wins = vec![0u64; game.players.len()];
    let (mut draws, mut unfinished, mut total, mut longest) = (0u64, 0u64, 0u64, 0usize);
    let bar = games_bar(games, !as_json && games >= 1000);
    let start = std::time::Instant::now();
    // Games are played in batches, in parallel within a batch, and counted in order.
    const BATCH: u64 = 4096;
    let mut records = Vec::new();
    for i in 0..games {
        if i % BATCH == 0 {
            use rayon::prelude::*;
            let end = games.min(i + BATCH);
            let play = || {
                (i..end)
                    .into_par_iter()
                    .map_init(
                        || (Engine::new(&game), Choices::default()),
                        |(engine, choices), k| {
                            let mut rng = Rng::new(seed.wrapping_add(k));
                            engine.playout(&mut rng, max_decisions, choices)
                        },
                    )
                    .collect::<Vec<_>>()
            };
            records = pool.install(play);
            records.reverse();
        }
        let record = records
            .pop()
            .unwrap_or_else(|| {
                Err(tabula::RuntimeError::new(
                    Default::default(),
                    "a game was not played",
                ))
            })
            .map_err(|e| runtime(&game, &e))?;
        match &record.outcome {
            Some(o) => match o.winner {
                Some(w) => wins[w] += 1,
                None => draws += 1,
            },
            None => unfinished += 1,
        }
        total += record.decisions as u64;
        longest = longest.max(record.decisions);
        if as_json {
            let winner = record
                .outcome
                .as_ref()
                .and_then(|o| o.winner)
                .map(|w| game.players[w].clone());
            out!(
                "{}",
                serde_json::json!({ "seed": seed.wrapping_add(i), "winner": winner, "outcome": record.outcome.as_ref().map(|o| json::outcome_to_json(&game, o)), "decisions": record.decisions, "chance_events": record.chance_events })
            );
        }
        if let Some(b) = &bar {
            if i % 256 == 0 {
                b.set_position(i);
            }
        }
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let rate = games as f64 / secs;
    let mean = if games > 0 {
        total as f64 / games as f64
    } else {
        0.0
    };
    if as_json {
        let w: serde_json::Map<String, serde_json::Value> = game
            .players
            .iter()
            .zip(&wins)
            .map(|(p, n)| (p.clone(), serde_json::json!(n)))
            .collect();
        out!(
            "{}",
            serde_json::json!({ "summary": { "games": games, "wins": w, "draws": draws, "unfinished": unfinished, "mean_decisions": mean, "max_decisions": longest, "seconds": secs, "games_per_second": rate } })
        );
    } else {
        out!(
            "{games} games of {} in {secs:.2} s: {rate:.0} games/s",
            game.name
        );
        for (p, n) in game.players.iter().zip(&wins) {
            out!(
                "  {p:<8} wins {n:>8} ({:.1}%)",
                100.0 * *n as f64 / games.max(1) as f64
            );
        }
        out!("  draws        {draws:>8}");
        if unfinished > 0 {
            out!("  unfinished   {unfinished:>8} (over {max_decisions} decisions)");
        }
        out!("  length       mean {mean:.1}, max {longest} decisions");
    }
    Ok(())
}

fn playout_matches(
    g: &GameArgs,
    seed: u64,
    matches: u64,
    length: i32,
    max_decisions: usize,
    as_json: bool,
) -> Result<(), CliError> {
    let game = load(g)?;
    let mut engine = Engine::new(&game);
    let mut choices = Choices::default();
    let mut wins = vec![0u64; game.players.len()];
    let (mut undecided, mut total_games) = (0u64, 0usize);
    let start = std::time::Instant::now();
    for i in 0..matches {
        let mut rng = Rng::new(seed.wrapping_add(i));
        let (games, m) = engine
            .playout_match(length, &mut rng, max_decisions, &mut choices)
            .map_err(|e| runtime(&game, &e))?;
        total_games += games.len();
        match m.winner() {
            Some(Some(w)) => wins[w] += 1,
            _ => undecided += 1,
        }
        if as_json {
            let winner = m.winner().flatten().map(|w| game.players[w].clone());
            out!(
                "{}",
                serde_json::json!({ "seed": seed.wrapping_add(i), "winner": winner, "scores": m.scores, "games": games.len() })
            );
        }
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    if !as_json {
        out!(
            "{matches} matches to {length} of {} in {secs:.2} s ({total_games} games)",
            game.name
        );
        for (p, n) in game.players.iter().zip(&wins) {
            out!("  {p:<8} wins {n:>8}");
        }
        if undecided > 0 {
            out!("  undecided    {undecided:>8}");
        }
    }
    Ok(())
}

fn state(g: &GameArgs, p: &PositionArgs, yaml: bool) -> Result<(), CliError> {
    let game = load(g)?;
    let mut engine = Engine::new(&game);
    let state = position(&mut engine, p)?;
    let mut value = json::state_report(&game, &mut engine, &state);
    add_gnubg_ids(&game, &mut value);
    if yaml {
        let text = serde_yaml_ng::to_string(&value).map_err(|e| refused!("{e}"))?;
        out!("{}", text.trim_end());
    } else {
        out!(
            "{}",
            serde_json::to_string_pretty(&value).map_err(|e| refused!("{e}"))?
        );
    }
    Ok(())
}

/// Whether a game has backgammon's shape, so that its states have GNU Backgammon IDs:
/// two players; one kind of piece; a track that runs, for each player, from a zone of
/// his own (the bar) over the same 24 cells, each in the other's order, to another zone
/// of his own (the tray). Decided by the game's structure, not by its title, so a
/// variant written on backgammon's board has IDs too.
pub fn backgammon_shape(game: &Game) -> bool {
    game.players.len() == 2
        && game.pieces.iter().filter(|p| !p.neutral).count() == 1
        && game.board.opposed_race() == Some(24)
}

/// `state --gnubg-id POSITION[:MATCH]`: the state of the IDs (validated like a state
/// file), then --moves and --dice as for any starting state.
fn gnubg_position(engine: &mut Engine, p: &PositionArgs, id: &str) -> Result<State, CliError> {
    let game = engine.game;
    let text = gnubg_state_text(game, id)?;
    let source = Source::new("--gnubg-id".to_string(), text);
    let mut state = json::state_from_text(game, &source).map_err(CliError::State)?;
    play_moves(engine, p, &mut state)?;
    Ok(state)
}

/// The state document of GNU Backgammon's IDs (`POSITION` or `POSITION:MATCH`) for a
/// game with backgammon's shape.
pub fn gnubg_state_text(game: &Game, id: &str) -> Result<String, CliError> {
    if !backgammon_shape(game) {
        return Err(refused!(
            "--gnubg-id reads GNU Backgammon IDs, but {} does not have backgammon's board (two players, one kind of piece, a bar, 24 points and a tray on a track)",
            game.name
        ));
    }
    let (position_id, match_id) = match id.trim().split_once(':') {
        Some((position_id, match_id)) => (position_id, Some(match_id)),
        None => (id.trim(), None),
    };
    let mut value = tabula_gnubg::state_from_ids_with_options(position_id, match_id, &game.chosen)
        .map_err(|e| refused!("{e}"))?;
    // The IDs hold no title: the state is this game's.
    value["game"] = serde_json::json!(game.name);
    Ok(value.to_string())
}

/// Adds `"formats": {"gnubg": {"position": ..., "match": ...}}` to a backgammon state's
/// JSON (a field state readers skip), when
/// the state can be written as GNU Backgammon IDs (not while dice are partly played).
pub fn add_gnubg_ids(game: &Game, value: &mut serde_json::Value) {
    if !backgammon_shape(game) {
        return;
    }
    if let Ok((position, match_id)) = tabula_gnubg::ids_from_state(value) {
        value["formats"] =
            serde_json::json!({ "gnubg": { "position": position, "match": match_id } });
    }
}
