//! `tabula arena`: two computer players against each other, the seats alternating,
//! with the figures a reader needs to tell a real difference from luck.

use crate::error::{refused, CliError};

use crate::cli::common::{games_bar, load, runtime_error};
use crate::cli::GameArgs;
use crate::interrupt::Interrupt;
use std::sync::Arc;
use tabula::ai::arena::{play_game, sides, Arena, ArenaGame, Sides, Tally, MAX_RUN_GAMES};
use tabula::ai::stats::elo_text;
use tabula::ai::AiError;
use tabula::runner::{Job, Run, Runner};
use tabula::session::Record;

/// How `tabula arena` was asked to run.
pub struct ArenaOptions<'a> {
    pub game: &'a GameArgs,
    pub a: &'a str,
    pub b: &'a str,
    pub games: u64,
    pub seed: u64,
    pub max_decisions: usize,
    pub threads: usize,
    pub json: bool,
    pub records: Option<&'a str>,
    /// Whether side A's, B's `mcts` ignores the game's network (random games, no guide).
    pub mcts_playouts: [bool; 2],
}

/// A runner of games on `threads` threads (0: every core).
pub fn runner(threads: usize) -> Result<Runner, CliError> {
    Runner::new(threads).map_err(|e| refused!("{e}"))
}

/// Refuses a number of games no run plays, before anything is played.
pub fn check_games(games: u64) -> Result<(), CliError> {
    if games == 0 {
        return Err(refused!("play at least one game (`-n 1`)"));
    }
    if games > MAX_RUN_GAMES {
        return Err(refused!(
            "a run plays at most {MAX_RUN_GAMES} games, not {games}"
        ));
    }
    Ok(())
}

/// A playing error as the command reports it.
pub fn ai_error(game: &tabula::Game, e: AiError) -> CliError {
    match e {
        AiError::Runtime(e) => runtime_error(game, &e),
        AiError::Interrupted => refused!("interrupted"),
    }
}

/// Plays games `0..games` of a run from `seed` on `runner`, watched by `progress`, and
/// hands each one to `take` in index order, so that what is reported does not depend
/// on the threads. It stops at the first error, or when interrupted: the games started
/// are finished and taken. `started` counts the games started by earlier runs
/// (`TABULA_STOP_AFTER`); it grows by the games this run played.
#[allow(clippy::too_many_arguments)]
pub fn play_in_order<T: Send>(
    runner: &Runner,
    games: u64,
    seed: u64,
    interrupt: &Interrupt,
    started: &mut u64,
    progress: &(dyn Fn(u64) + Sync),
    play: impl Fn(Job) -> Result<T, CliError> + Sync,
    take: impl FnMut(T) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let asked = interrupt.games_to_start(games, *started);
    let run = Run::new(0..asked)
        .seed(seed)
        .stop(interrupt.flag())
        .progress(progress);
    let ran = runner.run(&run, play, take)?;
    *started += ran.played;
    interrupt.cut_short(ran.played, games);
    Ok(())
}

/// Writes game `g`'s record into `dir`.
fn write_record(
    o: &ArenaOptions,
    game: &tabula::Game,
    dir: &str,
    g: &ArenaGame,
) -> Result<(), CliError> {
    let record = Record {
        game: o.game.game.clone(),
        options: game.chosen_options().to_vec(),
        seed: g.seed,
        match_length: 0,
        start: None,
        games: Vec::new(),
        moves: g.moves.clone(),
        drawn: 0,
        computer: g
            .seats
            .iter()
            .enumerate()
            // As written on the command line, which `ai` and `load` read back
            // (`mcts:1000`, `net:FILE`), not as reports name it (`mcts:1000+net`).
            .map(|(seat, &side)| (game.players()[seat].clone(), [o.a, o.b][side].to_string()))
            .collect(),
    };
    let path = std::path::Path::new(dir).join(format!("game-{:04}.yaml", g.index + 1));
    let text = record.to_yaml().map_err(|e| refused!("{e}"))?;
    tabula::output::write(&path.to_string_lossy(), text.as_bytes())?;
    Ok(())
}

pub fn run(o: ArenaOptions) -> Result<(), CliError> {
    let game = load(o.game)?;
    let Sides {
        levels: sides,
        nets,
        names,
    } = tabula::ai::default_net(&o.game.game, &game)
        .and_then(|net| sides(&game, [o.a, o.b], net.map(Arc::new), o.mcts_playouts))
        .map_err(|e| refused!("{e}"))?;
    check_games(o.games)?;
    if let Some(dir) = o.records {
        std::fs::create_dir_all(dir)
            .map_err(|e| refused!("cannot make `{dir}`: {}", e.to_string().to_lowercase()))?;
    }
    let arena = Arena {
        sides,
        games: o.games,
        seed: o.seed,
        max_decisions: o.max_decisions,
        keep_moves: o.records.is_some(),
        nets,
    };
    let runner = runner(o.threads)?;
    let threads = runner.threads();
    let bar = games_bar(o.games, true);
    let start = std::time::Instant::now();
    let interrupt = Interrupt::install("the games under way");
    let players = game.players().len();
    let mut tally = Tally::new(players);
    let progress = |_| {
        if let Some(b) = &bar {
            b.inc(1);
        }
    };
    let play = |job: Job| play_game(&game, &arena, job.index, None).map_err(|e| ai_error(&game, e));
    let take = |g: ArenaGame| {
        tally.add(&g);
        if let Some(b) = &bar {
            let s = tally.summary();
            b.set_message(format!("A {} – B {}", s.wins[0], s.wins[1]));
        }
        match o.records {
            Some(dir) => write_record(&o, &game, dir, &g),
            None => Ok(()),
        }
    };
    let run = play_in_order(
        &runner, o.games, o.seed, &interrupt, &mut 0, &progress, play, take,
    );
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    run?;
    let elapsed = start.elapsed().as_secs_f64();
    if tally.games() == 0 {
        return Err(refused!("interrupted before any game was played"));
    }
    let s = tally.summary();
    let interrupted = (s.games as u64) < o.games;
    let per_sec = s.games as f64 / elapsed.max(1e-9);
    if o.json {
        let out = serde_json::json!({
            "game": game.name(),
            "options": game.chosen_options(),
            "a": names[0],
            "b": names[1],
            "seed": o.seed,
            "threads": threads,
            "seconds": elapsed,
            "games_per_second": per_sec,
            "games_asked": o.games,
            "interrupted": interrupted,
            "summary": s,
        });
        println!("{out}");
        return Ok(());
    }
    let (a, b) = (names[0].clone(), names[1].clone());
    let w = a.len().max(b.len());
    let pct = |x: f64| format!("{:.1} %", 100.0 * x);
    println!(
        "{}: A {a} against B {b}, {} games, seats alternating (seeds {}..{})",
        game.name(),
        s.games,
        o.seed,
        o.seed.wrapping_add(o.games - 1)
    );
    if interrupted {
        println!(
            "  interrupted: {} of the {} games asked were played",
            s.games, o.games
        );
    }
    for (side, name) in [(0, &a), (1, &b)] {
        let (rate, lo, hi) = s.win_rate[side];
        println!(
            "  {} {name:<w$}  won {:>5}  {:>7}  (95 % interval {} to {})",
            ["A", "B"][side],
            s.wins[side],
            pct(rate),
            pct(lo),
            pct(hi)
        );
    }
    println!("  draws {}, unfinished {}", s.draws, s.unfinished);
    println!(
        "  A's score {} (95 % interval {} to {}): Elo difference {} ({} to {})",
        pct(s.score),
        pct(s.score_low),
        pct(s.score_high),
        elo_text(s.elo),
        elo_text(s.elo_low),
        elo_text(s.elo_high)
    );
    println!(
        "  A's points a game {:+.3} ± {:.3}",
        s.points, s.points_half
    );
    let seats: Vec<String> = s
        .by_seat
        .iter()
        .enumerate()
        .map(|(seat, (n, won))| format!("{} {won} of {n}", game.players()[seat]))
        .collect();
    println!("  A won as {}", seats.join(", "));
    let significant = s.score_low > 0.5 || s.score_high < 0.5;
    println!(
        "  {}",
        if significant {
            format!(
                "the difference is significant: {} is the stronger here",
                if s.score > 0.5 { &a } else { &b }
            )
        } else {
            "the difference is not significant at 95 %: play more games to tell them apart".into()
        }
    );
    println!(
        "  {:.1} s, {:.2} games/s on {threads} thread{}, {:.1} decisions a game",
        elapsed,
        per_sec,
        if threads == 1 { "" } else { "s" },
        s.decisions as f64 / s.games.max(1) as f64
    );
    Ok(())
}
