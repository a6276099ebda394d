//! `playout`: random games of a rules file, one after the other or on several threads,
//! and matches played to a number of points.

use super::common::{games_bar, load, runtime_error};
use super::GameArgs;
use crate::arena::{check_games, runner};
use crate::error::{refused, CliError};
use tabula::ai::arena::MAX_RUN_GAMES;
use tabula::engine::matchplay::Match;
use tabula::engine::play::PlayoutRecord;
use tabula::engine::rng::Rng;
use tabula::runner::{Job, Run};
use tabula::{json, Choices, Engine};

pub(super) fn playout(
    g: &GameArgs,
    seed: u64,
    games: u64,
    max_decisions: usize,
    as_json: bool,
    threads: usize,
) -> Result<(), CliError> {
    check_games(games)?;
    let game = load(g)?;
    let runner = runner(threads)?;
    let mut wins = vec![0u64; game.players().len()];
    let (mut draws, mut unfinished, mut total, mut longest) = (0u64, 0u64, 0u64, 0usize);
    let bar = games_bar(games, !as_json && games >= 1000);
    let progress = |_| {
        if let Some(b) = &bar {
            b.inc(1);
        }
    };
    let start = std::time::Instant::now();
    let run = Run::new(0..games).seed(seed).progress(&progress);
    let scratch = || (Engine::new(&game), Choices::default());
    let play = |(engine, choices): &mut (Engine, Choices), job: Job| {
        let mut rng = Rng::new(job.seed);
        engine
            .playout(&mut rng, max_decisions, choices)
            .map(|record| (job.seed, record))
            .map_err(|e| runtime_error(&game, &e))
    };
    let take = |(game_seed, record): (u64, PlayoutRecord)| {
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
                .map(|w| game.players()[w.index()].clone());
            out!(
                "{}",
                serde_json::json!({ "seed": game_seed, "winner": winner, "outcome": record.outcome.as_ref().map(|o| json::outcome_to_json(&game, o)), "decisions": record.decisions, "chance_events": record.chance_events })
            );
        }
        Ok(())
    };
    let ran = runner.run_with(&run, scratch, play, take);
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    ran?;
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let rate = games as f64 / secs;
    let mean = total as f64 / games as f64;
    if as_json {
        let w: serde_json::Map<String, serde_json::Value> = game
            .players()
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
            game.name()
        );
        for (p, n) in game.players().iter().zip(&wins) {
            out!(
                "  {p:<8} wins {n:>8} ({:.1}%)",
                100.0 * *n as f64 / games as f64
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
    threads: usize,
) -> Result<(), CliError> {
    if matches == 0 {
        return Err(refused!("play at least one match (`-n 1`)"));
    }
    if matches > MAX_RUN_GAMES {
        return Err(refused!(
            "a run plays at most {MAX_RUN_GAMES} matches, not {matches}"
        ));
    }
    let game = load(g)?;
    let runner = runner(threads)?;
    let mut wins = vec![0u64; game.players().len()];
    let (mut undecided, mut total_games) = (0u64, 0usize);
    let start = std::time::Instant::now();
    let run = Run::new(0..matches).seed(seed);
    let scratch = || (Engine::new(&game), Choices::default());
    let play = |(engine, choices): &mut (Engine, Choices), job: Job| {
        let mut rng = Rng::new(job.seed);
        engine
            .playout_match(length, &mut rng, max_decisions, choices)
            .map(|(games, m)| (job.seed, games.len(), m))
            .map_err(|e| runtime_error(&game, &e))
    };
    let take = |(match_seed, games, m): (u64, usize, Match)| {
        total_games += games;
        match m.winner() {
            Some(w) => wins[w] += 1,
            None => undecided += 1,
        }
        if as_json {
            let winner = m.winner().map(|w| game.players()[w].clone());
            out!(
                "{}",
                serde_json::json!({ "seed": match_seed, "winner": winner, "scores": m.scores, "games": games })
            );
        }
        Ok(())
    };
    runner.run_with(&run, scratch, play, take)?;
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    if !as_json {
        out!(
            "{matches} matches to {length} of {} in {secs:.2} s ({total_games} games)",
            game.name()
        );
        for (p, n) in game.players().iter().zip(&wins) {
            out!("  {p:<8} wins {n:>8}");
        }
        if undecided > 0 {
            out!("  undecided    {undecided:>8}");
        }
    }
    Ok(())
}
