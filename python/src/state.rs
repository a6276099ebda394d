//! `tabula.State`: a position of a game, its legal actions as integers, playing them,
//! the result, and the computer players' searches from it.
//!
//! Actions are numbered by the position alone: at a player's decision, action `i` is
//! the i-th legal choice in the order `tabula moves` lists them (a whole turn where the
//! phase decides whole turns); at a chance node, the i-th outcome in the order the
//! chance event lists them. The same position always gives the same numbers.

use crate::convert::to_py;
use crate::game::{Game, Loaded};
use crate::{playing_error, IllegalActionError, StateError, TabulaError, CHANCE, TERMINAL};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::{Arc, Mutex};
use tabula::ai::{self, AiError, Decision, Level, Thinker};
use tabula::engine::rng::Rng;
use tabula::session::Style;
use tabula::{Choices, Engine, Outcome};

/// The choices of a position and, when it has none, how the game ended.
struct Node {
    choices: Choices,
    outcome: Option<Outcome>,
}

/// A position of a game: whose decision it is (or chance's), the legal actions, and the
/// result once it is over. Made by `Game.new_initial_state()`, `Game.state_from_json()`
/// or `clone()`.
#[pyclass(module = "tabula", name = "State")]
pub struct State {
    game: Arc<Loaded>,
    state: tabula::State,
    /// The listed choices, shared by clones until one of them plays; behind a lock so
    /// that reading a state (which lists its choices the first time) borrows it shared,
    /// and threads may read one state at once.
    node: Mutex<Option<Arc<Node>>>,
}

impl State {
    pub fn new(game: Arc<Loaded>, state: tabula::State) -> State {
        State {
            game,
            state,
            node: Mutex::new(None),
        }
    }

    fn node(&self) -> PyResult<Arc<Node>> {
        if let Some(node) = self.cached() {
            return Ok(node);
        }
        let game = &self.game.game;
        let mut engine = Engine::new(game);
        let mut choices = Choices::default();
        engine
            .legal(&self.state, &mut choices)
            .map_err(|e| playing_error(game, &e))?;
        let outcome = if choices.is_empty() {
            engine
                .outcome(&self.state)
                .map_err(|e| playing_error(game, &e))?
        } else {
            None
        };
        let node = Arc::new(Node { choices, outcome });
        *self.node.lock().unwrap_or_else(|e| e.into_inner()) = Some(node.clone());
        Ok(node)
    }

    /// The choices listed before, if any.
    fn cached(&self) -> Option<Arc<Node>> {
        self.node.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn checked_action(&self, action: i64) -> PyResult<(Arc<Node>, usize)> {
        let node = self.node()?;
        let n = node.choices.len();
        if n == 0 {
            return Err(crate::safe_err::<IllegalActionError>(format!(
                "action {action} is not legal: the game is over"
            )));
        }
        match usize::try_from(action) {
            Ok(i) if i < n => Ok((node, i)),
            _ => Err(crate::safe_err::<IllegalActionError>(format!(
                "action {action} is not legal here: the legal actions are 0 to {}",
                n - 1
            ))),
        }
    }

    /// The level's network: a file's (`net:FILE`), else the game's own for `net` and,
    /// unless `mcts_playouts`, for `mcts`.
    fn level(
        &self,
        text: &str,
        mcts_playouts: bool,
    ) -> PyResult<(Level, Option<Arc<ai::net::Net>>)> {
        let game = &self.game.game;
        ai::memory_bound().map_err(crate::safe_err::<pyo3::exceptions::PyValueError>)?;
        let default_net = self
            .game
            .default_net()
            .map_err(crate::safe_err::<TabulaError>)?;
        let sides = ai::arena::sides(game, [text, "random"], default_net, [mcts_playouts; 2])
            .map_err(|e| crate::safe_err::<TabulaError>(format!("error: {e}")))?;
        let [net, _] = sides.nets;
        Ok((sides.levels[0], net))
    }

    fn ai_error(&self, e: AiError) -> PyErr {
        match e {
            AiError::Runtime(e) => playing_error(&self.game.game, &e),
            AiError::Interrupted => crate::safe_err::<TabulaError>("error: interrupted"),
        }
    }
}

#[pymethods]
impl State {
    /// The game this state belongs to.
    #[getter]
    fn game(&self) -> Game {
        Game {
            inner: self.game.clone(),
        }
    }

    /// The player to decide (0, 1, ...), `tabula.CHANCE` (-1) at a chance node, or
    /// `tabula.TERMINAL` (-4) when the game is over (OpenSpiel's numbers).
    fn current_player(&self) -> PyResult<i64> {
        let node = self.node()?;
        Ok(if node.choices.is_empty() {
            TERMINAL
        } else if self.state.chance().is_some() {
            CHANCE
        } else {
            self.state.mover().index() as i64
        })
    }

    /// Whether a chance event (a roll of dice) is to be resolved.
    fn is_chance_node(&self) -> PyResult<bool> {
        Ok(self.current_player()? == CHANCE)
    }

    /// Whether the game is over: an end rule holds, or no one has anything left to do.
    fn is_terminal(&self) -> PyResult<bool> {
        Ok(self.node()?.choices.is_empty())
    }

    /// The legal actions, `0..n`: the n legal choices of the player to decide, in the
    /// order `tabula moves` lists them, or the n outcomes of a chance node. Empty when
    /// the game is over.
    fn legal_actions(&self) -> PyResult<Vec<i64>> {
        let n = self.node()?.choices.len();
        Ok((0..n as i64).collect())
    }

    /// The chance node's outcomes as (action, probability); empty elsewhere.
    fn chance_outcomes(&self) -> PyResult<Vec<(i64, f64)>> {
        let node = self.node()?;
        if self.state.chance().is_none() {
            return Ok(Vec::new());
        }
        let weights = &node.choices.weights;
        let total: f64 = weights.iter().map(|&w| f64::from(w)).sum();
        Ok(weights
            .iter()
            .enumerate()
            .map(|(i, &w)| (i as i64, f64::from(w) / total.max(f64::MIN_POSITIVE)))
            .collect())
    }

    /// How often random playouts pick each legal action, relative to the others: the
    /// actions' `playout weight`s (0: never in playouts), all 1 where the game declares
    /// none; at a chance node, the outcomes' weights. Picking by these weights plays
    /// as `tabula playout` plays.
    fn playout_weights(&self) -> PyResult<Vec<u32>> {
        let node = self.node()?;
        let w = &node.choices.weights;
        Ok(if w.iter().all(|&x| x == 0) {
            vec![1; w.len()]
        } else {
            w.clone()
        })
    }

    /// An action in the game's notation (`8/5 6/5`, `e4xd5`, `3-1`), as `tabula moves`
    /// writes it.
    fn action_to_string(&self, action: i64) -> PyResult<String> {
        let (node, i) = self.checked_action(action)?;
        let game = &self.game.game;
        Engine::new(game)
            .choice_text(&self.state, &node.choices[i])
            .map_err(|e| playing_error(game, &e))
    }

    /// Every legal action's text, in action order.
    fn legal_action_strings(&self) -> PyResult<Vec<String>> {
        let node = self.node()?;
        let game = &self.game.game;
        let mut engine = Engine::new(game);
        (0..node.choices.len())
            .map(|i| {
                engine
                    .choice_text(&self.state, &node.choices[i])
                    .map_err(|e| playing_error(game, &e))
            })
            .collect()
    }

    /// The action a text names, read as the prompt reads moves: a whole turn's steps in
    /// any order, `8/5(2)` for a step twice, with or without `*`. Raises
    /// `IllegalActionError` listing the legal moves when none matches.
    fn string_to_action(&self, text: &str) -> PyResult<i64> {
        let node = self.node()?;
        let game = &self.game.game;
        let mut engine = Engine::new(game);
        let found = engine
            .find_choice(&self.state, &node.choices, text)
            .map_err(|e| playing_error(game, &e))?;
        match found {
            Some(i) => Ok(i as i64),
            None if node.choices.is_empty() => Err(crate::safe_err::<IllegalActionError>(
                "error: the game is over",
            )),
            None => {
                let legal = engine
                    .list_texts(&self.state, &node.choices)
                    .map_err(|e| playing_error(game, &e))?;
                Err(crate::safe_err::<IllegalActionError>(format!(
                    "error: `{}` is not a legal move here; the legal moves are: {legal}",
                    tabula::diagnostic::escape(text)
                )))
            }
        }
    }

    /// Plays a legal action (a chance outcome at a chance node). The state is left as
    /// it was when the action is not legal or the rules fail.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        let (node, i) = self.checked_action(action)?;
        let game = &self.game.game;
        let mut next = self.state.clone();
        Engine::new(game)
            .play_choice(&mut next, &node.choices, i)
            .map_err(|e| playing_error(game, &e))?;
        self.state = next;
        *self.node.get_mut().unwrap_or_else(|e| e.into_inner()) = None;
        Ok(())
    }

    /// Each player's result: the winner gains the points the game is worth (at least
    /// 1), the others share the loss equally; all 0 for a draw, an unfinished game, or
    /// a game not over.
    fn returns(&self) -> PyResult<Vec<f64>> {
        let node = self.node()?;
        let n = self.game.game.players().len();
        let (mut points, mut wins) = (vec![0.0; n], vec![0.0; n]);
        if node.choices.is_empty() {
            ai::rewards(node.outcome.as_ref(), &mut points, &mut wins);
        }
        Ok(points)
    }

    /// How the game ended, as `tabula state` writes it: winner (a name, None for a
    /// draw), points, scores by player, reason (the end rule) and, when the rule names
    /// it, named. None while the game goes on, or when it stopped with no result.
    fn outcome(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let node = self.node()?;
        match &node.outcome {
            Some(o) => Ok(Some(to_py(
                py,
                &tabula::json::outcome_to_json(&self.game.game, o),
            )?)),
            None => Ok(None),
        }
    }

    /// Each player's score now, by the rules' `score` (0 where they declare none).
    /// An int each, or a float where the rules count the score in Nths (`scale N`).
    fn scores(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let game = &self.game.game;
        let scores = Engine::new(game)
            .scores(&self.state)
            .map_err(|e| playing_error(game, &e))?;
        crate::convert::to_py(py, &tabula::json::scores_json(game, &scores))
    }

    /// An independent copy.
    fn clone(&self) -> State {
        State {
            game: self.game.clone(),
            state: self.state.clone(),
            node: Mutex::new(self.cached()),
        }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// The state as JSON (docs/state-format.md), as `tabula state` writes it;
    /// `Game.state_from_json` reads it back.
    fn to_json(&self) -> String {
        tabula::json::state_to_json(&self.game.game, &self.state).to_string()
    }

    /// Reads a state of `game` written as JSON or YAML.
    #[staticmethod]
    fn from_json(game: &Game, text: &str) -> PyResult<State> {
        let loaded = &game.inner;
        let source = tabula::Source::new("<state>", text);
        let state = tabula::json::state_from_text(&loaded.game, &source)
            .map_err(|d| crate::safe_err::<StateError>(d.render(false).trim_end().to_string()))?;
        Ok(State::new(loaded.clone(), state))
    }

    /// The state as the generic encoding the learned evaluator reads (`tabula
    /// encode`): a float32 array of `Game.observation_size` entries, named by
    /// `Game.observation_names`; with `view="mover"`, from the side of the player to
    /// move (named by `Game.observation_names_in("mover")`).
    #[pyo3(signature = (view = "board"))]
    fn observation<'py>(&self, py: Python<'py>, view: &str) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let v = self
            .game
            .encoding_in(view)?
            .dense(&self.game.game, &self.state);
        Ok(PyArray1::from_vec(py, v))
    }

    /// GNU Backgammon's `POSITION:MATCH` IDs of the state, for a game with
    /// backgammon's board (`Game.has_gnubg_ids`); not while a roll is partly played.
    fn gnubg_id(&self) -> PyResult<String> {
        crate::gnubg::ids(&self.game.game, &self.state).map_err(crate::safe_err::<StateError>)
    }

    /// One random game from here (choices by the actions' playout weights, chance by
    /// its weights) from `seed`, as `tabula playout` plays, with the GIL released.
    /// Returns the winner (a player number, None for a draw or an unfinished game), the
    /// returns, the decisions and chance events played, and the outcome as `outcome()`
    /// writes it.
    #[pyo3(signature = (seed = 1, max_decisions = 10_000))]
    fn playout<'py>(
        &self,
        py: Python<'py>,
        seed: u64,
        max_decisions: usize,
    ) -> PyResult<Bound<'py, PyDict>> {
        let game = &self.game.game;
        let start = self.state.clone();
        let record = py
            .detach(|| {
                let mut rng = Rng::new(seed);
                let mut choices = Choices::default();
                Engine::new(game).playout_from(start, &mut rng, max_decisions, &mut choices)
            })
            .map_err(|e| playing_error(game, &e))?;
        let n = game.players().len();
        let (mut points, mut wins) = (vec![0.0; n], vec![0.0; n]);
        ai::rewards(record.outcome.as_ref(), &mut points, &mut wins);
        let out = PyDict::new(py);
        out.set_item(
            "winner",
            record
                .outcome
                .as_ref()
                .and_then(|o| o.winner)
                .map(|w| w.index()),
        )?;
        out.set_item("returns", points)?;
        out.set_item("decisions", record.decisions)?;
        out.set_item("chance_events", record.chance_events)?;
        let outcome = match &record.outcome {
            Some(o) => to_py(py, &tabula::json::outcome_to_json(game, o))?,
            None => py.None(),
        };
        out.set_item("outcome", outcome)?;
        Ok(out)
    }

    /// The action a computer player of `level` plays here (`random`, `greedy`,
    /// `playouts`, `mcts`, `mcts:2000`, `mcts:2s` (processor time), `mcts:2s:wall`,
    /// `net`, `net:FILE`, `net3:1s`), thinking with the GIL released. A level given in iterations is reproducible from `seed`.
    /// `mcts` rates positions by the game's network when it has one, unless
    /// `mcts_playouts`.
    #[pyo3(signature = (level = "mcts:1000", seed = 1, threads = 1, mcts_playouts = false))]
    fn best_action(
        &self,
        py: Python<'_>,
        level: &str,
        seed: u64,
        threads: usize,
        mcts_playouts: bool,
    ) -> PyResult<i64> {
        let (level, net) = self.level(level, mcts_playouts)?;
        let node = self.node()?;
        if node.choices.is_empty() {
            return Err(crate::safe_err::<IllegalActionError>(
                "error: the game is over",
            ));
        }
        let game = &self.game.game;
        let state = &self.state;
        let player = state.mover();
        let stop = std::sync::atomic::AtomicBool::new(false);
        let chosen = crate::interruptible(py, &stop, || {
            let mut engine = Engine::new(game);
            let mut thinker = Thinker::with_net(threads, net);
            let mut rng = Rng::new(seed);
            let d = Decision {
                engine: &mut engine,
                state,
                choices: &node.choices,
                player,
            };
            ai::choose(d, level, &mut rng, &mut thinker, Some(&stop))
        })?;
        chosen.map(|i| i as i64).map_err(|e| self.ai_error(e))
    }

    /// What a computer player of `level` thinks of each action, best first, with the
    /// GIL released: dicts of action, text, visits (games behind the figures), win (the
    /// share won by the player deciding, a draw a half) and points (expected).
    #[pyo3(signature = (level = "mcts:1000", seed = 1, threads = 1, mcts_playouts = false))]
    fn analyze<'py>(
        &self,
        py: Python<'py>,
        level: &str,
        seed: u64,
        threads: usize,
        mcts_playouts: bool,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let (level, net) = self.level(level, mcts_playouts)?;
        let node = self.node()?;
        if node.choices.is_empty() || self.state.chance().is_some() {
            return Err(crate::safe_err::<IllegalActionError>(
                "error: analyze() rates a player's choices; this is not a player's decision",
            ));
        }
        let game = &self.game.game;
        let state = &self.state;
        let player = state.mover();
        let stop = std::sync::atomic::AtomicBool::new(false);
        let estimates = crate::interruptible(py, &stop, || {
            let mut engine = Engine::new(game);
            let mut thinker = Thinker::with_net(threads, net);
            let mut rng = Rng::new(seed);
            let d = Decision {
                engine: &mut engine,
                state,
                choices: &node.choices,
                player,
            };
            ai::estimates(d, level, &mut rng, &mut thinker, Some(&stop))
        })?;
        let estimates = estimates.map_err(|e| self.ai_error(e))?;
        let mut engine = Engine::new(game);
        let mut out = Vec::with_capacity(estimates.len());
        for e in estimates {
            let d = PyDict::new(py);
            let text = engine
                .choice_text(state, &node.choices[e.choice])
                .map_err(|err| playing_error(game, &err))?;
            d.set_item("action", e.choice)?;
            d.set_item("text", text)?;
            d.set_item("visits", e.visits)?;
            d.set_item("win", e.win)?;
            d.set_item("points", e.points)?;
            out.push(d);
        }
        Ok(out)
    }

    /// The same position of the same game: the game compiled from the same text with
    /// the same options (an unpickled state has a game of its own, equal to the first).
    fn __eq__(&self, other: &State) -> bool {
        let (a, b) = (&self.game.game, &other.game.game);
        let same_game = Arc::ptr_eq(&self.game, &other.game)
            || (a.name() == b.name()
                && a.source_text() == b.source_text()
                && a.chosen_options() == b.chosen_options());
        same_game && self.state == other.state
    }

    fn __hash__(&self) -> u64 {
        self.state.hash64()
    }

    /// The position drawn as text, as the prompt draws it: the board, the pools,
    /// counters and scores, and whose turn it is or how the game ended.
    #[pyo3(signature = (unicode = false))]
    fn text(&self, unicode: bool) -> PyResult<String> {
        let style = Style {
            unicode,
            ..Style::plain()
        };
        tabula::session::position_text(&self.game.game, &self.state, &style)
            .map_err(|e| playing_error(&self.game.game, &e))
    }

    /// The position drawn as SVG, as `tabula draw --svg` draws it.
    fn svg(&self) -> PyResult<String> {
        let game = &self.game.game;
        let caption =
            tabula::session::caption(game, &self.state).map_err(|e| playing_error(game, &e))?;
        Ok(tabula::picture::position_svg(
            game,
            &self.state,
            None,
            &caption,
        ))
    }

    /// Jupyter and IPython show a state as its picture.
    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg()
    }

    fn __str__(&self) -> PyResult<String> {
        self.text(false)
    }

    fn __repr__(&self) -> String {
        let loaded = self.game.clone();
        let game = &loaded.game;
        let who = match self.current_player() {
            Ok(TERMINAL) => "over".to_string(),
            Ok(CHANCE) => "chance to resolve".to_string(),
            Ok(p) => format!("{} to play", game.players()[p as usize]),
            Err(_) => "the rules fail here".to_string(),
        };
        format!("<tabula.State of {}: {who}>", game.name())
    }

    /// Pickled as its JSON with its game (for Ray and multiprocessing).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Py<PyAny>)> {
        let module = py.import("tabula._tabula")?;
        let from_json = module.getattr("State")?.getattr("from_json")?;
        let game = Game {
            inner: self.game.clone(),
        };
        Ok((
            from_json,
            (game, self.to_json())
                .into_pyobject(py)?
                .into_any()
                .unbind(),
        ))
    }
}
