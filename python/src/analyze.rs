//! Analyses from Python: games `start..stop` of an analysis, each as the plain dict of
//! its facts, and the figures of whole option sets from those facts, so that batches
//! played apart (on Ray) give the very figures `tabula analyze --json` prints.

use crate::arena::{arena_of, check_listed};
use crate::convert::to_py;
use crate::game::Game;
use crate::run::play_range;
use crate::TabulaError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use tabula::analysis::figures::Tally;
use tabula::analysis::{compare, Figures, GameFacts};

/// The two sides of an analysis: one player for every seat, or two (A, B) whose seats
/// alternate from game to game.
pub(crate) fn two(players: &[String]) -> PyResult<[&str; 2]> {
    match players {
        [one] => Ok([one, one]),
        [a, b] => Ok([a, b]),
        _ => Err(crate::safe_err::<TabulaError>(
            "error: players are one or two computer players, e.g. `random` or `mcts:200,random`",
        )),
    }
}

/// A value serialized to JSON (`serde_json::to_value(...)`), as a Python object.
pub(crate) fn json_py(
    py: Python<'_>,
    value: serde_json::Result<serde_json::Value>,
) -> PyResult<Py<PyAny>> {
    let value = value.map_err(|e| crate::safe_err::<TabulaError>(e.to_string()))?;
    to_py(py, &value)
}

pub(crate) fn facts_from_dict(d: &Bound<'_, PyAny>) -> PyResult<GameFacts> {
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
        g,
        start..stop,
        seed,
        threads,
        || (),
        |_, job, stop| GameFacts::play(g, &arena, job.index, Some(stop)),
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
    check_early(early)?;
    let [a, b] = two(&players)?;
    let mut names = [String::new(), String::new()];
    let mut seats = Vec::new();
    let mut figures = Vec::new();
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
            g.players().len(),
            arena.sides[0] != arena.sides[1],
            early / 100.0,
        );
        names = sides;
        seats = g.players().to_vec();
        figures.push(SetFigures {
            options: game.inner.options.clone(),
            figures: f,
            seconds: None,
        });
    }
    report(py, &names, &seats, &figures)
}

/// The figures of one option set, and the time its games took when they were played here.
pub(crate) struct SetFigures {
    pub options: Vec<String>,
    pub figures: Figures,
    pub seconds: Option<f64>,
}

/// Refuses a share of the game that is not one.
pub(crate) fn check_early(early: f64) -> PyResult<()> {
    if !(0.0..=100.0).contains(&early) {
        return Err(crate::safe_err::<TabulaError>(
            "error: early is a share of the game in percent, from 0 to 100",
        ));
    }
    Ok(())
}

/// The dict of `analyze_figures`: the players' names, each set's options and figures
/// (and seconds, when timed), and each later set compared with the first.
pub(crate) fn report<'py>(
    py: Python<'py>,
    names: &[String; 2],
    seats: &[String],
    sets: &[SetFigures],
) -> PyResult<Bound<'py, PyDict>> {
    let out_sets = PyList::empty(py);
    for s in sets {
        let set = PyDict::new(py);
        set.set_item("options", s.options.clone())?;
        set.set_item("figures", json_py(py, serde_json::to_value(&s.figures))?)?;
        if let Some(seconds) = s.seconds {
            set.set_item("seconds", seconds)?;
        }
        out_sets.append(set)?;
    }
    let comparisons = PyList::empty(py);
    if let Some((first, rest)) = sets.split_first() {
        for s in rest {
            let c = PyDict::new(py);
            c.set_item("first", first.options.clone())?;
            c.set_item("second", s.options.clone())?;
            c.set_item(
                "rows",
                json_py(
                    py,
                    serde_json::to_value(compare(&first.figures, &s.figures, seats)),
                )?,
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

/// The analysis `tabula analyze --json` makes of `games` games of each option set (each
/// a game loaded with the set's options), game i from seed `seed + i`, on `threads`
/// threads (0: every core; the figures do not depend on it), with the GIL released:
/// each game's facts are added to its set's figures as it finishes, so what is kept
/// does not grow with the games asked. Returns the dict of `analyze_figures`, each set
/// with its `seconds`, and `threads`.
#[pyfunction]
#[pyo3(signature = (sets, players, games, seed = 1, max_decisions = 10_000, threads = 0, early = 50.0))]
#[allow(clippy::too_many_arguments)]
pub fn analyze_run<'py>(
    py: Python<'py>,
    sets: Vec<PyRef<'py, Game>>,
    players: Vec<String>,
    games: u64,
    seed: u64,
    max_decisions: usize,
    threads: usize,
    early: f64,
) -> PyResult<Bound<'py, PyDict>> {
    check_early(early)?;
    crate::arena::check_games(games)?;
    let [a, b] = two(&players)?;
    let mut names = [String::new(), String::new()];
    let mut seats = Vec::new();
    let mut figures = Vec::new();
    let mut threads_used = 0;
    for game in &sets {
        let (arena, sides) = arena_of(game, a, b, seed, max_decisions, false)?;
        let g = &game.inner.game;
        let mut tally = Tally::new(
            g.players().len(),
            arena.sides[0] != arena.sides[1],
            early / 100.0,
        );
        let start = std::time::Instant::now();
        threads_used = play_range(
            py,
            g,
            0..games,
            seed,
            threads,
            || (),
            |_, job, stop| GameFacts::play(g, &arena, job.index, Some(stop)),
            |f| tally.add(&f),
        )?;
        names = sides;
        seats = g.players().to_vec();
        figures.push(SetFigures {
            options: game.inner.options.clone(),
            figures: tally.figures(),
            seconds: Some(start.elapsed().as_secs_f64()),
        });
    }
    let out = report(py, &names, &seats, &figures)?;
    out.set_item("threads", threads_used)?;
    Ok(out)
}
