//! `tabula.Game`: a compiled rules file with its options, and the runs over many games
//! from its initial state (random playouts).

use crate::state::State;
use crate::{playing_error, RulesError, StateError, TabulaError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::{Arc, OnceLock};
use tabula::ai::encode::{Encoding, TooManyEntries, View};
use tabula::ai::net::Net;
use tabula::engine::rng::Rng;
use tabula::{Choices, Engine, Source};

/// A compiled game and where it came from (to load it again in another process).
pub struct Loaded {
    pub game: tabula::Game,
    /// The built-in name or path it was loaded from, or the name given to its text.
    pub source: String,
    /// The rules text, when it was given as text rather than by name or path.
    pub text: Option<String>,
    pub options: Vec<String>,
    encoding: OnceLock<Result<Encoding, TooManyEntries>>,
    mover_encoding: OnceLock<Result<Encoding, TooManyEntries>>,
    default_net: OnceLock<Result<Option<Arc<Net>>, String>>,
}

impl Loaded {
    /// The generic encoding of the game's states, made at its first use.
    pub fn encoding(&self) -> PyResult<&Encoding> {
        self.encoding
            .get_or_init(|| Encoding::new(&self.game))
            .as_ref()
            .map_err(|e| crate::safe_err::<TabulaError>(format!("error: {e}")))
    }

    /// The encoding in a view named `board` or `mover` (`tabula encode --view`).
    pub fn encoding_in(&self, view: &str) -> PyResult<&Encoding> {
        match View::parse(view) {
            Some(View::Board) => self.encoding(),
            Some(View::Mover) => self
                .mover_encoding
                .get_or_init(|| Encoding::with_view(&self.game, View::Mover))
                .as_ref()
                .map_err(|e| crate::safe_err::<TabulaError>(format!("error: {e}"))),
            None => Err(crate::safe_err::<pyo3::exceptions::PyValueError>(format!(
                "a view is \"board\" or \"mover\", not {view:?}"
            ))),
        }
    }

    /// The game's own network, read at its first use: a built-in game's, or the `.net`
    /// file beside a rules file (none for a game given as text).
    pub fn default_net(&self) -> Result<Option<Arc<Net>>, String> {
        self.default_net
            .get_or_init(|| match &self.text {
                Some(_) => Ok(None),
                None => tabula::ai::default_net(&self.source, &self.game)
                    .map(|net| net.map(Arc::new))
                    .map_err(|e| format!("error: {e}")),
            })
            .clone()
    }
}

/// A game compiled from its rules file with the chosen options.
///
/// Made by `tabula.load("backgammon")`, `tabula.load("my-game.tabula", options=[...])`
/// or `tabula.load_text(text)`. A game is immutable and may be shared between threads;
/// `new_initial_state()` starts a game.
#[pyclass(module = "tabula", name = "Game", frozen)]
pub struct Game {
    pub inner: Arc<Loaded>,
}

fn compile(py: Python<'_>, source: Source, options: Vec<String>) -> PyResult<tabula::Game> {
    py.detach(|| tabula::compile(&source, &options))
        .map_err(|e| crate::safe_err::<RulesError>(e.render(false).trim_end().to_string()))
}

/// Loads a game: a built-in game by name (`"backgammon"`, `"invictus"`,
/// `"naytin-six"`) or a rules file by path, compiled with the options given (names the
/// file declares with `option`).
///
/// Raises `RulesError` with the command line's message (file:line:col, the line and a
/// caret) when the file cannot be read or compiled, or an option is unknown.
#[pyfunction]
#[pyo3(signature = (name_or_path, options = None))]
pub fn load(py: Python<'_>, name_or_path: &str, options: Option<Vec<String>>) -> PyResult<Game> {
    let options = options.unwrap_or_default();
    let source = tabula::games::load_source(name_or_path)
        .map_err(|e| crate::safe_err::<RulesError>(format!("error: {e}")))?;
    let game = compile(py, source, options.clone())?;
    Ok(Game::new(game, name_or_path.to_string(), None, options))
}

/// Compiles a game from the text of a rules file; `name` is the file name its errors
/// show. A rules text can `include` a built-in game but reads no file.
#[pyfunction]
#[pyo3(signature = (text, name = "<text>", options = None))]
pub fn load_text(
    py: Python<'_>,
    text: &str,
    name: &str,
    options: Option<Vec<String>>,
) -> PyResult<Game> {
    let options = options.unwrap_or_default();
    let game = compile(py, Source::new(name, text), options.clone())?;
    Ok(Game::new(
        game,
        name.to_string(),
        Some(text.to_string()),
        options,
    ))
}

impl Game {
    fn new(game: tabula::Game, source: String, text: Option<String>, options: Vec<String>) -> Game {
        Game {
            inner: Arc::new(Loaded {
                game,
                source,
                text,
                options,
                encoding: OnceLock::new(),
                mover_encoding: OnceLock::new(),
                default_net: OnceLock::new(),
            }),
        }
    }
}

#[pymethods]
impl Game {
    /// The game's title, as its rules file declares it (`"Backgammon"`).
    #[getter]
    fn name(&self) -> &str {
        self.inner.game.name()
    }

    /// What the game was loaded from: a built-in name, a path, or the name of a text.
    #[getter]
    fn source(&self) -> &str {
        &self.inner.source
    }

    /// The score's `scale N`: its whole numbers are Nths (1 without it).
    #[getter]
    fn score_scale(&self) -> i32 {
        self.inner.game.score_scale()
    }

    /// The players' names, in the order of their numbers.
    #[getter]
    fn players(&self) -> Vec<String> {
        self.inner.game.players().to_vec()
    }

    /// The number of players.
    #[getter]
    fn num_players(&self) -> usize {
        self.inner.game.players().len()
    }

    /// The options the game was compiled with, sorted.
    #[getter]
    fn options(&self) -> Vec<String> {
        self.inner.game.chosen_options().to_vec()
    }

    /// Every option the rules file declares: (name, description).
    #[getter]
    fn declared_options(&self) -> Vec<(String, String)> {
        self.inner.game.options().to_vec()
    }

    /// The options that are numbers: {name: (value, low, high, default)}, the value
    /// being this game's (`tabula.load("pig", options=["target=50"])`).
    #[getter]
    fn number_options(&self) -> std::collections::BTreeMap<String, (i32, i32, i32, i32)> {
        self.inner
            .game
            .number_options()
            .iter()
            .map(|o| (o.name.clone(), (o.value, o.low, o.high, o.default)))
            .collect()
    }

    /// The rules in plain words, as `tabula rules` prints them: the game's text, the
    /// paragraph of each option compiled in and the options off; reflowed to `width`
    /// columns (at most 80) when one is given, else with the lines the file writes.
    /// None when the rules file gives no text. Control characters are escaped.
    #[pyo3(signature = (width = None))]
    fn rules(&self, width: Option<usize>) -> Option<String> {
        let game = &self.inner.game;
        game.rules_text().as_ref()?;
        Some(tabula::rules_text::render(game, width))
    }

    /// Whether the game has chance events (dice).
    #[getter]
    fn has_chance(&self) -> bool {
        self.inner.game.chances().len() > 0
    }

    /// The most outcomes one chance event can have, when every chance event lists
    /// outcomes that do not depend on the state (a roll of dice); None otherwise, or 0
    /// for a game without chance.
    #[getter]
    fn max_chance_outcomes(&self) -> Option<usize> {
        let mut most = 0;
        for fixed in self.inner.game.chance_outcomes() {
            most = most.max(fixed.as_ref()?.len());
        }
        Some(most)
    }

    /// The length of `State.observation()`.
    #[getter]
    fn observation_size(&self) -> PyResult<usize> {
        Ok(self.inner.encoding()?.len())
    }

    /// What each entry of `State.observation()` means, as `tabula encode` names it.
    #[getter]
    fn observation_names(&self) -> PyResult<Vec<String>> {
        Ok(self.inner.encoding()?.names().to_vec())
    }

    /// What each entry of `State.observation(view)` means in a view: "board" (as
    /// `observation_names`) or "mover" (the players counted from the one to move, the
    /// board turned to his side where the rules say how; `tabula encode --view mover`).
    #[pyo3(signature = (view = "board"))]
    fn observation_names_in(&self, view: &str) -> PyResult<Vec<String>> {
        Ok(self.inner.encoding_in(view)?.names().to_vec())
    }

    /// Whether the game's states can be written as GNU Backgammon IDs (`gnubg_id()`):
    /// two players, one kind of piece, and a race over 24 cells in opposite directions
    /// from a bar to a tray.
    #[getter]
    fn has_gnubg_ids(&self) -> bool {
        crate::gnubg::fits(&self.inner.game)
    }

    /// The state before the first decision.
    fn new_initial_state(&self) -> PyResult<State> {
        let game = &self.inner.game;
        let state = Engine::new(game)
            .initial_state()
            .map_err(|e| playing_error(game, &e))?;
        Ok(State::new(self.inner.clone(), state))
    }

    /// Reads a state written as JSON (or YAML), as `to_json()` and `tabula state` write
    /// it (docs/state-format.md). Raises `StateError` with every problem and its place.
    fn state_from_json(&self, text: &str) -> PyResult<State> {
        let game = &self.inner.game;
        // A JSON state is an object, `{...}`; anything else is read as YAML.
        let name = if text.trim_start().starts_with('{') {
            "<state>"
        } else {
            "<state>.yaml"
        };
        let source = Source::new(name, text);
        let state = tabula::json::state_from_text(game, &source)
            .map_err(|d| crate::safe_err::<StateError>(d.render(false).trim_end().to_string()))?;
        Ok(State::new(self.inner.clone(), state))
    }

    /// The state of GNU Backgammon's IDs, `"POSITION"` or `"POSITION:MATCH"`, for a
    /// game with backgammon's board (`has_gnubg_ids`).
    fn state_from_gnubg_id(&self, id: &str) -> PyResult<State> {
        let text = crate::gnubg::state_text(&self.inner.game, id)
            .map_err(crate::safe_err::<StateError>)?;
        self.state_from_json(&text)
    }

    /// Plays `games` random games from the initial state, game i from seed `seed + i`,
    /// as `tabula playout` does (the same games for the same seeds, however many
    /// `threads` play them), with the GIL released. Returns the figures of `tabula
    /// playout --json`'s summary: games, wins (by player name), draws, unfinished (still
    /// going after `max_decisions`), mean_decisions, max_decisions, seconds,
    /// games_per_second.
    #[pyo3(signature = (games = 1000, seed = 1, max_decisions = 10_000, threads = 1))]
    fn playouts<'py>(
        &self,
        py: Python<'py>,
        games: u64,
        seed: u64,
        max_decisions: usize,
        threads: usize,
    ) -> PyResult<Bound<'py, PyDict>> {
        let game = &self.inner.game;
        let start = std::time::Instant::now();
        let mut wins = vec![0u64; game.players().len()];
        let (mut draws, mut unfinished, mut total, mut longest) = (0u64, 0u64, 0u64, 0usize);
        crate::run::play_range(
            py,
            game,
            0..games,
            seed,
            threads,
            || (Engine::new(game), Choices::default()),
            |(engine, choices), job, _| {
                let mut rng = Rng::new(job.seed);
                Ok(engine.playout(&mut rng, max_decisions, choices)?)
            },
            |record| {
                match record.outcome.as_ref().map(|o| o.winner) {
                    Some(Some(w)) => wins[w.index()] += 1,
                    Some(None) => draws += 1,
                    None => unfinished += 1,
                }
                total += record.decisions as u64;
                longest = longest.max(record.decisions);
            },
        )?;
        let secs = start.elapsed().as_secs_f64().max(1e-9);
        let out = PyDict::new(py);
        let by_name = PyDict::new(py);
        for (p, n) in game.players().iter().zip(&wins) {
            by_name.set_item(p, n)?;
        }
        out.set_item("games", games)?;
        out.set_item("wins", by_name)?;
        out.set_item("draws", draws)?;
        out.set_item("unfinished", unfinished)?;
        let mean = if games > 0 {
            total as f64 / games as f64
        } else {
            0.0
        };
        out.set_item("mean_decisions", mean)?;
        out.set_item("max_decisions", longest)?;
        out.set_item("seconds", secs)?;
        out.set_item("games_per_second", games as f64 / secs)?;
        Ok(out)
    }

    fn __repr__(&self) -> String {
        let options = &self.inner.game.chosen_options();
        if options.is_empty() {
            format!("tabula.load({:?})", self.inner.source)
        } else {
            format!("tabula.load({:?}, options={options:?})", self.inner.source)
        }
    }

    /// The same rules compiled with other options (a built-in game or a rules file is
    /// read again from its name or path; a text is compiled again).
    fn with_options(&self, py: Python<'_>, options: Vec<String>) -> PyResult<Game> {
        let inner = &self.inner;
        match &inner.text {
            Some(text) => load_text(py, text, &inner.source, Some(options)),
            None => load(py, &inner.source, Some(options)),
        }
    }

    /// Pickled as the way to load it again (for Ray and multiprocessing): by name or
    /// path, or with its text.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Py<PyAny>)> {
        let module = py.import("tabula._tabula")?;
        let inner = &self.inner;
        match &inner.text {
            Some(text) => Ok((
                module.getattr("load_text")?,
                (text.clone(), inner.source.clone(), inner.options.clone())
                    .into_pyobject(py)?
                    .into_any()
                    .unbind(),
            )),
            None => Ok((
                module.getattr("load")?,
                (inner.source.clone(), inner.options.clone())
                    .into_pyobject(py)?
                    .into_any()
                    .unbind(),
            )),
        }
    }
}
