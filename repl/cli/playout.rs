//! `playout`: random games of a rules file, one after the other or on several threads,
//! and matches played to a number of points.

use super::{games_bar, load, runtime, GameArgs};
use crate::error::{refused, CliError};
use tabula::engine::rng::Rng;
use tabula::{json, Choices, Engine};

pub(super) fn playout(
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
                Err(tabula::RuntimeError::of_game(
                    tabula::RuntimeErrorKind::NotPlayed,
                ))
            })
            .map_err(|e| runtime(&game, &e))?;
        match &record.outcome {
            Some(o) => match o.winner {
                Some(w) => wins[w.index()] += 1,
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
                .map(|w| game.players[w.index()].clone());
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

pub(super) fn playout_matches(
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
            Some(w) => wins[w] += 1,
            None => undecided += 1,
        }
        if as_json {
            let winner = m.winner().map(|w| game.players[w].clone());
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
