//! Analyses from Python: games `start..stop` of an analysis, each as the plain dict of
//! its facts, and the figures of whole option sets from those facts, so that batches
//! played apart (on Ray) give the very figures `tabula analyze --json` prints.

use crate::arena::{arena_of, check_listed, play_range};
use crate::convert::to_py;
use crate::game::Game;
use crate::TabulaError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use tabula::analysis::{compare, Figures, GameFacts};

/// The two sides of an analysis: one player for every seat, or two (A, B) whose seats
/// alternate from game to game.
fn two(players: &[String]) -> PyResult<[&str; 2]> {
    match players {
        [one] => Ok([one, one]),
        [a, b] => Ok([a, b]),
        _ => Err(crate::safe_err::<TabulaError>(
            "error: players are one or two computer players, e.g. `random` or `mcts:200,random`",
        )),
    }
}

/// A value serialized to JSON (`serde_json::to_value(...)`), as a Python object.
fn json_py(py: Python<'_>, value: serde_json::Result<serde_json::Value>) -> PyResult<Py<PyAny>> {
    let value = value.map_err(|e| crate::safe_err::<TabulaError>(e.to_string()))?;
    to_py(py, &value)
}

fn facts_from_dict(d: &Bound<'_, PyAny>) -> PyResult<GameFacts> {
    Ok(GameFacts {
        index: d.get_item("index")?.extract()?,
        seats: d.get_item("seats")?.extract()?,
        finished: d.get_item("finished")?.extract()?,
        winner: d.get_item("winner")?.extract()?,
        points: d.get_item("points")?.extract()?,
        decisions: d.get_item("decisions")?.extract()?,
        turns: d.get_item("turns")?.extract()?,
        branching: d.get_item("branching")?.extract()?,
        leaders: d.get_item("leaders")?.extract()?,
    })
}

/// Games `start..stop` of the analysis `tabula analyze GAME --players P --seed SEED`
/// would play, each as a dict of its facts (index, seats, finished, winner, points,
/// decisions, turns, branching, leaders): a batch of a run split over many machines,
/// of at most 100,000 games.
/// `analyze_figures` turns them into figures.
#[pyfunction]
#[pyo3(signature = (game, players, start, stop, seed = 1, max_decisions = 10_000, threads = 1))]
#[allow(clippy::too_many_arguments)]
pub fn analyze_games<'py>(
    py: Python<'py>,
    game: &Game,
    players: Vec<String>,
    start: u64,
    stop: u64,
    seed: u64,
    max_decisions: usize,
    threads: usize,
) -> PyResult<Bound<'py, PyList>> {
    let [a, b] = two(&players)?;
    check_listed(start, stop)?;
    let (arena, _) = arena_of(game, a, b, seed, max_decisions, false)?;
    let g = &game.inner.game;
    let mut played = Vec::new();
    play_range(
        py,
        game,
        start,
        stop,
        threads,
        |i, stop| GameFacts::play(g, &arena, i, stop),
        |f| played.push(f),
    )?;
    let list = PyList::empty(py);
    for f in &played {
        list.append(json_py(py, serde_json::to_value(f))?)?;
    }
    Ok(list)
}

/// The figures of option sets, each a pair (game loaded with the set's options, its
/// games' facts from `analyze_games`, in any order), as `tabula analyze --json` reports
/// them: a dict with `players` (the two players' names), `sets` (each set's options and
/// figures) and `comparisons` (each later set against the first). A won game counts as
/// decided early when its winner led by the score from `early` percent of it on.
#[pyfunction]
#[pyo3(signature = (sets, players, early = 50.0))]
pub fn analyze_figures<'py>(
    py: Python<'py>,
    sets: Vec<(PyRef<'py, Game>, Bound<'py, PyAny>)>,
    players: Vec<String>,
    early: f64,
) -> PyResult<Bound<'py, PyDict>> {
    if !(0.0..=100.0).contains(&early) {
        return Err(crate::safe_err::<TabulaError>(
            "error: early is a share of the game in percent, from 0 to 100",
        ));
    }
    let [a, b] = two(&players)?;
    let mut names = [String::new(), String::new()];
    let mut seats = Vec::new();
    let mut figures = Vec::new();
    let out_sets = PyList::empty(py);
    for (game, facts) in &sets {
        let (arena, sides) = arena_of(game, a, b, 1, 0, false)?;
        let mut all = Vec::new();
        for item in facts.try_iter()? {
            all.push(facts_from_dict(&item?)?);
        }
        all.sort_by_key(|f| f.index);
        let g = &game.inner.game;
        let f = Figures::of(
            &all,
            g.players.len(),
            arena.sides[0] != arena.sides[1],
            early / 100.0,
        );
        let set = PyDict::new(py);
        set.set_item("options", game.inner.options.clone())?;
        set.set_item("figures", json_py(py, serde_json::to_value(&f))?)?;
        out_sets.append(set)?;
        names = sides;
        seats = g.players.clone();
        figures.push((game.inner.options.clone(), f));
    }
    let comparisons = PyList::empty(py);
    if let Some(((first_options, first), rest)) = figures.split_first() {
        for (options, f) in rest {
            let c = PyDict::new(py);
            c.set_item("first", first_options.clone())?;
            c.set_item("second", options.clone())?;
            c.set_item(
                "rows",
                json_py(py, serde_json::to_value(compare(first, f, &seats)))?,
            )?;
            comparisons.append(c)?;
        }
    }
    let out = PyDict::new(py);
    out.set_item("players", names.to_vec())?;
    out.set_item("sets", out_sets)?;
    out.set_item("comparisons", comparisons)?;
    Ok(out)
}
