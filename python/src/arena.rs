//! Arena games from Python: the whole run as `tabula arena --json` reports it, or games
//! `start..stop` of a run alone, each as a plain dict, so that batches played apart (on
//! Ray) merge into the very figures of the whole run.

use crate::convert::to_py;
use crate::game::Game;
use crate::run::play_range;
use crate::TabulaError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use tabula::ai::arena::{
    play_game, sides, Arena, ArenaGame, Sides, Summary, Tally, MAX_LISTED_GAMES, MAX_RUN_GAMES,
};
use tabula::Outcome;

pub(crate) fn arena_of(
    game: &Game,
    a: &str,
    b: &str,
    seed: u64,
    max_decisions: usize,
    mcts_playouts: bool,
) -> PyResult<(Arena, [String; 2])> {
    let loaded = &game.inner;
    let net = loaded
        .default_net()
        .map_err(crate::safe_err::<TabulaError>)?;
    let Sides {
        levels,
        nets,
        names,
    } = sides(&loaded.game, [a, b], net, [mcts_playouts; 2])
        .map_err(|e| crate::safe_err::<TabulaError>(format!("error: {e}")))?;
    let arena = Arena {
        sides: levels,
        games: 0,
        seed,
        max_decisions,
        keep_moves: false,
        nets,
    };
    Ok((arena, names))
}

/// Refuses a batch that would be returned as a list longer than the documented limit.
pub(crate) fn check_listed(start: u64, stop: u64) -> PyResult<()> {
    let games = stop.saturating_sub(start);
    if games > MAX_LISTED_GAMES {
        return Err(crate::safe_err::<TabulaError>(format!(
            "error: a batch returns at most {MAX_LISTED_GAMES} games, not {games}; ask for them in smaller batches"
        )));
    }
    Ok(())
}

/// Refuses a number of games no run plays, as the command line does.
pub(crate) fn check_games(games: u64) -> PyResult<()> {
    if games == 0 {
        return Err(crate::safe_err::<TabulaError>(
            "error: play at least one game (`-n 1`)",
        ));
    }
    if games > MAX_RUN_GAMES {
        return Err(crate::safe_err::<TabulaError>(format!(
            "error: a run plays at most {MAX_RUN_GAMES} games, not {games}"
        )));
    }
    Ok(())
}

fn game_dict<'py>(py: Python<'py>, g: &ArenaGame) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("index", g.index)?;
    d.set_item("seed", g.seed)?;
    d.set_item("seats", g.seats.clone())?;
    d.set_item("decisions", g.decisions)?;
    d.set_item("winner_side", g.winner())?;
    d.set_item("points_a", g.points_a())?;
    match &g.outcome {
        Some(o) => {
            let od = PyDict::new(py);
            od.set_item("winner", o.winner.map(|w| w.index()))?;
            od.set_item("points", o.points)?;
            od.set_item("scores", o.scores.clone())?;
            od.set_item("reason", &o.reason)?;
            od.set_item("named", o.named.clone())?;
            d.set_item("outcome", od)?;
        }
        None => d.set_item("outcome", py.None())?,
    }
    Ok(d)
}

/// A game of `arena_games`, read back from its dict for a game of `players`; refused
/// when it could not have been played (seats, winner or scores that do not fit).
pub(crate) fn game_from_dict(d: &Bound<'_, PyAny>, players: usize) -> PyResult<ArenaGame> {
    let g = read_game_dict(d)?;
    let index = g.index;
    let bad = |what: &str| {
        Err(crate::safe_err::<TabulaError>(format!(
            "error: game {index} is not a game of this arena: {what}"
        )))
    };
    if g.seats.len() != players || g.seats.iter().any(|&s| s > 1) {
        return bad("its seats must give each player side 0 or 1");
    }
    if let Some(o) = &g.outcome {
        if o.winner.is_some_and(|w| w.index() >= players) {
            return bad("its winner is no player");
        }
        if o.scores.len() != players {
            return bad("it must have a score for each player");
        }
    }
    Ok(g)
}

fn read_game_dict(d: &Bound<'_, PyAny>) -> PyResult<ArenaGame> {
    let outcome = d.get_item("outcome")?;
    let outcome = if outcome.is_none() {
        None
    } else {
        Some(Outcome {
            winner: outcome
                .get_item("winner")?
                .extract::<Option<usize>>()?
                .map(tabula::PlayerId::new),
            points: outcome.get_item("points")?.extract()?,
            scores: outcome.get_item("scores")?.extract()?,
            reason: outcome.get_item("reason")?.extract()?,
            named: outcome.get_item("named")?.extract()?,
        })
    };
    Ok(ArenaGame {
        index: d.get_item("index")?.extract()?,
        seed: d.get_item("seed")?.extract()?,
        seats: d.get_item("seats")?.extract()?,
        outcome,
        decisions: d.get_item("decisions")?.extract()?,
        moves: Vec::new(),
    })
}

pub(crate) fn summary_py(py: Python<'_>, s: &Summary) -> PyResult<Py<PyAny>> {
    let value =
        serde_json::to_value(s).map_err(|e| crate::safe_err::<TabulaError>(e.to_string()))?;
    let summary = to_py(py, &value)?;
    // JSON has no infinity (the command line writes null): at a score of 0 or 100 % the
    // Elo difference is unbounded, and Python says so with an infinite float, beside the
    // interval's finite side.
    if let Ok(d) = summary.bind(py).cast::<PyDict>() {
        for (key, v) in [
            ("elo", s.elo),
            ("elo_low", s.elo_low),
            ("elo_high", s.elo_high),
        ] {
            if v.is_infinite() {
                d.set_item(key, v)?;
            }
        }
    }
    Ok(summary)
}

/// Two computer players against each other, as `tabula arena GAME A B --json`: `games`
/// games, game i from seed `seed + i` with the seats alternating, on `threads` threads
/// (0: every core; the results do not depend on it), with the GIL released. Returns the
/// same object as the command: game, options, a, b, seed, threads, seconds,
/// games_per_second and summary (wins, draws, unfinished, score with its interval, Elo,
/// points, results by seat...).
#[pyfunction]
#[pyo3(signature = (game, a, b, games = 100, seed = 1, max_decisions = 10_000, threads = 0, mcts_playouts = false))]
#[allow(clippy::too_many_arguments)]
pub fn arena<'py>(
    py: Python<'py>,
    game: &Game,
    a: &str,
    b: &str,
    games: u64,
    seed: u64,
    max_decisions: usize,
    threads: usize,
    mcts_playouts: bool,
) -> PyResult<Bound<'py, PyDict>> {
    check_games(games)?;
    let (arena, names) = arena_of(game, a, b, seed, max_decisions, mcts_playouts)?;
    let start = std::time::Instant::now();
    let g = &game.inner.game;
    let mut tally = Tally::new(g.players().len());
    let threads = play_range(
        py,
        g,
        0..games,
        seed,
        threads,
        || (),
        |_, job, stop| play_game(g, &arena, job.index, Some(stop)),
        |played| tally.add(&played),
    )?;
    let elapsed = start.elapsed().as_secs_f64();
    let s = tally.summary();
    let out = PyDict::new(py);
    out.set_item("game", g.name())?;
    out.set_item("options", g.chosen_options().to_vec())?;
    out.set_item("a", &names[0])?;
    out.set_item("b", &names[1])?;
    out.set_item("seed", seed)?;
    out.set_item("threads", threads)?;
    out.set_item("seconds", elapsed)?;
    out.set_item("games_per_second", s.games as f64 / elapsed.max(1e-9))?;
    out.set_item("summary", summary_py(py, &s)?)?;
    Ok(out)
}

/// The names of two computer players as arena reports write them (`mcts:1000+net` for a
/// search that rates positions by the game's network); raises `TabulaError` for a
/// player that is not one.
#[pyfunction]
#[pyo3(signature = (game, a, b, mcts_playouts = false))]
pub fn arena_sides(
    game: &Game,
    a: &str,
    b: &str,
    mcts_playouts: bool,
) -> PyResult<(String, String)> {
    let (_, [a, b]) = arena_of(game, a, b, 1, 0, mcts_playouts)?;
    Ok((a, b))
}

/// Games `start..stop` of the arena `tabula.arena(game, a, b, seed=...)` would play,
/// each as a dict (index, seed, seats, decisions, winner_side, points_a, outcome):
/// a batch of a run split over many machines, of at most 100,000 games. `arena_summary` merges batches.
#[pyfunction]
#[pyo3(signature = (game, a, b, start, stop, seed = 1, max_decisions = 10_000, threads = 1, mcts_playouts = false))]
#[allow(clippy::too_many_arguments)]
pub fn arena_games<'py>(
    py: Python<'py>,
    game: &Game,
    a: &str,
    b: &str,
    start: u64,
    stop: u64,
    seed: u64,
    max_decisions: usize,
    threads: usize,
    mcts_playouts: bool,
) -> PyResult<Bound<'py, PyList>> {
    check_listed(start, stop)?;
    let (arena, _) = arena_of(game, a, b, seed, max_decisions, mcts_playouts)?;
    let mut played = Vec::new();
    let g = &game.inner.game;
    play_range(
        py,
        g,
        start..stop,
        seed,
        threads,
        || (),
        |_, job, stop| play_game(g, &arena, job.index, Some(stop)),
        |g| played.push(g),
    )?;
    let list = PyList::empty(py);
    for g in &played {
        list.append(game_dict(py, g)?)?;
    }
    Ok(list)
}

/// The figures of a set of arena games (dicts from `arena_games`, in any order), as
/// `tabula arena --json` reports them in its `summary`.
#[pyfunction]
pub fn arena_summary(py: Python<'_>, game: &Game, games: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    let mut played = Vec::new();
    for item in games.try_iter()? {
        played.push(game_from_dict(&item?, game.inner.game.players().len())?);
    }
    played.sort_by_key(|g| g.index);
    summary_py(py, &Summary::of(&played, game.inner.game.players().len()))
}
