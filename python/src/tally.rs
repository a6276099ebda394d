//! Figures made as games come in: the games of a run played apart (batches on Ray) are
//! added in index order, a batch at a time, and dropped, so that what is kept does not
//! grow with the games of the run. Games are added in index order because the figures
//! are running sums, whose last digits depend on the order: in that order they are the
//! figures of the whole run on one machine, digit for digit.

use crate::analyze::{check_early, facts_from_dict, json_py, report, two, SetFigures};
use crate::arena::{arena_of, game_from_dict, summary_py};
use crate::game::{Game, Loaded};
use crate::TabulaError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Arc;
use tabula::ai::arena;
use tabula::analysis::figures;

/// Refuses game `index` after game `last`: games are added in index order.
fn check_order(last: Option<u64>, index: u64) -> PyResult<()> {
    match last {
        Some(last) if index <= last => Err(crate::safe_err::<TabulaError>(format!(
            "error: game {index} comes after game {last}; add games in index order"
        ))),
        _ => Ok(()),
    }
}

/// The summary of arena games (dicts from `arena_games`) added in index order, as
/// `arena_summary` makes it of them all.
#[pyclass(module = "tabula", name = "ArenaTally")]
pub struct ArenaTally {
    players: usize,
    tally: arena::Tally,
    last: Option<u64>,
}

#[pymethods]
impl ArenaTally {
    #[new]
    fn new(game: &Game) -> ArenaTally {
        let players = game.inner.game.players().len();
        ArenaTally {
            players,
            tally: arena::Tally::new(players),
            last: None,
        }
    }

    /// Adds games (dicts from `arena_games`), each after the last one added in index
    /// order; raises `TabulaError` for one out of order or that could not be played,
    /// and then adds none of them.
    fn add(&mut self, games: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut batch = Vec::new();
        let mut last = self.last;
        for item in games.try_iter()? {
            let g = game_from_dict(&item?, self.players)?;
            check_order(last, g.index)?;
            last = Some(g.index);
            batch.push(g);
        }
        batch.iter().for_each(|g| self.tally.add(g));
        self.last = last;
        Ok(())
    }

    /// The games added.
    #[getter]
    fn games(&self) -> usize {
        self.tally.games()
    }

    /// The figures of the games added, as `arena_summary` gives them.
    fn summary(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        summary_py(py, &self.tally.summary())
    }
}

/// The figures of one option set's games (dicts of facts from `analyze_games`) added
/// in index order, as `analyze_figures` makes them of them all.
#[pyclass(module = "tabula", name = "AnalysisTally")]
pub struct AnalysisTally {
    game: Arc<Loaded>,
    names: [String; 2],
    tally: figures::Tally,
    last: Option<u64>,
}

#[pymethods]
impl AnalysisTally {
    /// For the games of `game` (loaded with the set's options) by `players` (one or
    /// two computer players); a won game counts as decided early when its winner led
    /// by the score from `early` percent of it on.
    #[new]
    #[pyo3(signature = (game, players, early = 50.0))]
    fn new(game: &Game, players: Vec<String>, early: f64) -> PyResult<AnalysisTally> {
        check_early(early)?;
        let [a, b] = two(&players)?;
        let (arena, names) = arena_of(game, a, b, 1, 0, false)?;
        let tally = figures::Tally::new(
            game.inner.game.players().len(),
            arena.sides[0] != arena.sides[1],
            early / 100.0,
        );
        Ok(AnalysisTally {
            game: game.inner.clone(),
            names,
            tally,
            last: None,
        })
    }

    /// Adds games' facts (dicts from `analyze_games`), each after the last one added in
    /// index order; raises `TabulaError` for one out of order, and then adds none.
    fn add(&mut self, facts: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut batch = Vec::new();
        let mut last = self.last;
        for item in facts.try_iter()? {
            let f = facts_from_dict(&item?)?;
            check_order(last, f.index)?;
            last = Some(f.index);
            batch.push(f);
        }
        batch.iter().for_each(|f| self.tally.add(f));
        self.last = last;
        Ok(())
    }

    /// The games added.
    #[getter]
    fn games(&self) -> usize {
        self.tally.games()
    }

    /// The figures of the games added, as `analyze_figures` gives a set's.
    fn figures(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json_py(py, serde_json::to_value(self.tally.figures()))
    }
}

/// The figures of option sets, one tally each, the first compared with each later one:
/// the dict `analyze_figures` makes (players, sets, comparisons).
#[pyfunction]
pub fn analyze_tallies<'py>(
    py: Python<'py>,
    tallies: Vec<PyRef<'py, AnalysisTally>>,
) -> PyResult<Bound<'py, PyDict>> {
    let mut sets = Vec::new();
    let (mut names, mut seats) = ([String::new(), String::new()], Vec::new());
    for t in &tallies {
        if !sets.is_empty() && t.names != names {
            return Err(crate::safe_err::<TabulaError>(
                "error: the tallies compared are of the same players",
            ));
        }
        names = t.names.clone();
        seats = t.game.game.players().to_vec();
        sets.push(SetFigures {
            options: t.game.options.clone(),
            figures: t.tally.figures(),
            seconds: None,
        });
    }
    report(py, &names, &seats, &sets)
}
