//! The session as data, for a program that draws the game and takes clicks (a page):
//! whose decision it is, the steps a person may enter next with the cells each names,
//! the moves so far, and the position as a picture. It says what the engine knows; the
//! program that shows it knows no rule.

use super::{describe, draw, turn, By, Session, SessionError};
use crate::ai::Level;
use crate::engine::rng::Rng;
use crate::{ai, Choices, Engine, Source, State, Status};
use serde::Serialize;

/// Where a session stands, and what may be done next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct View {
    /// The game's name (`game "..."`).
    pub game: String,
    /// The players' names, in the order the rules declare them.
    pub players: Vec<String>,
    /// `player` (a player decides), `chance` (an outcome is to be drawn) or `over`.
    pub status: &'static str,
    /// The player who decides now, when one does.
    pub player: Option<String>,
    /// How the game ended, in words (as `describe` gives it), once it is over.
    pub result: Option<String>,
    /// The prompt the REPL shows (the player to move and a turn entered so far).
    pub prompt: String,
    /// The steps of a turn entered so far, one by one.
    pub partial: Vec<String>,
    /// Whether the legal choices are whole turns of several steps, entered one by one.
    pub whole_turns: bool,
    /// What a person may enter next: a step of the turn under way, or a move.
    pub next: Vec<NextStep>,
    /// Every legal choice, whole, as the game writes it (`moves` at the prompt).
    pub choices: Vec<String>,
    /// The steps played so far (chance outcomes included).
    pub played: Vec<Played>,
    /// How many steps taken back may be played again (`redo`).
    pub redo: usize,
    /// The pools, counters, scores and lines the rules file shows, as text.
    pub equipment: String,
    /// The caption of the picture: whose move, or how the game ended.
    pub caption: String,
}

/// A step a person may enter next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NextStep {
    /// The step as the game writes it; entering this text plays it.
    pub text: String,
    /// The cells it names, in the order its rule binds them (a move's `from` before
    /// its `to`), as cell numbers (`data-cell` in the picture); none for a step such as
    /// a roll or an offer.
    pub cells: Vec<usize>,
}

/// A step of the game so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Played {
    /// The step as the game writes it, as a record keeps it.
    pub text: String,
    /// The player who made it; None for a chance outcome.
    pub player: Option<String>,
}

/// One layer of a cell in words: its count (when not 1), owner, piece and value.
fn layer_words(game: &crate::Game, w: crate::engine::state::CellWord) -> String {
    let piece = game.rules.pieces.get(w.piece() as usize);
    let mut words = Vec::new();
    if w.count() != 1 {
        words.push(format!("{} ×", w.count()));
    }
    if let Some(owner) = usize::try_from(w.owner())
        .ok()
        .and_then(|o| game.rules.players.get(o))
    {
        words.push(owner.clone());
    }
    words.push(piece.map_or_else(|| "piece".to_string(), |p| p.name.clone()));
    if piece.is_some_and(|p| p.values.is_some()) {
        words.push(w.value().to_string());
    }
    words.join(" ")
}

impl Session {
    /// The session as data: what a page shows and what it may offer a person.
    pub fn view(&mut self) -> Result<View, SessionError> {
        let game = self.game.clone();
        let mut engine = Engine::new(&game);
        let state = self.timeline.current().clone();
        let status = engine.status(&state).map_err(|e| self.runtime(&e))?;
        let (kind, player, result) = match &status {
            Status::Over(o) => ("over", None, Some(describe(&game, o))),
            Status::Chance(_) => ("chance", None, None),
            Status::Player(p) => ("player", Some(game.rules.players[p.index()].clone()), None),
        };
        let (mut next, mut choices, mut whole_turns) = (Vec::new(), Vec::new(), false);
        if let Status::Player(_) = status {
            let mut decision = self.take_decision(&mut engine, &state)?;
            whole_turns = decision.whole_turns;
            let listed = self.next_steps_of(&mut engine, &state, &mut decision);
            let texts = decision.texts(&mut engine, &state);
            self.decision = Some(decision);
            next = listed.map_err(|e| self.runtime(&e))?;
            choices = texts.map_err(|e| self.runtime(&e))?;
        }
        let played = self
            .timeline
            .played()
            .iter()
            .map(|e| Played {
                text: e.text.clone(),
                player: match e.by {
                    By::Player(p) => Some(game.rules.players[p].clone()),
                    By::Chance => None,
                },
            })
            .collect();
        let shown = self.shown_state();
        let lines = engine.shown(&shown).map_err(|e| self.runtime(&e))?;
        let scores = engine.scores(&shown).map_err(|e| self.runtime(&e))?;
        let equipment = draw::equipment(&game, &shown, &lines, &scores, &super::Style::plain());
        Ok(View {
            game: game.rules.name.clone(),
            players: game.rules.players.clone(),
            status: kind,
            player,
            result,
            prompt: self.prompt().trim_end().to_string(),
            partial: self.partial.clone(),
            whole_turns,
            next,
            choices,
            played,
            redo: self.timeline.entries.len() - self.timeline.cursor,
            equipment,
            caption: super::caption(&game, &state).map_err(|e| self.runtime(&e))?,
        })
    }

    /// The steps a person may enter next, each text once.
    fn next_steps_of(
        &self,
        engine: &mut Engine,
        state: &State,
        decision: &mut turn::Decision,
    ) -> Result<Vec<NextStep>, crate::RuntimeError> {
        let mut next: Vec<NextStep> = Vec::new();
        if decision.whole_turns {
            for (text, step) in decision.steps_on(engine, state, &self.partial)? {
                if !next.iter().any(|n| n.text == text) {
                    let cells = engine.step_cells(&step).iter().map(|c| c.index()).collect();
                    next.push(NextStep { text, cells });
                }
            }
            return Ok(next);
        }
        let texts = decision.texts(engine, state)?;
        for (i, text) in texts.into_iter().enumerate() {
            let mut cells: Vec<usize> = Vec::new();
            for step in &decision.choices[i] {
                for c in engine.step_cells(step) {
                    if !cells.contains(&c.index()) {
                        cells.push(c.index());
                    }
                }
            }
            if !next.iter().any(|n| n.text == text) {
                next.push(NextStep { text, cells });
            }
        }
        Ok(next)
    }

    /// The position as SVG (a turn entered in part applied), its cells numbered
    /// (`data-cell`) and the cells of the last move that changed the board ringed.
    pub fn picture(&mut self) -> Result<String, SessionError> {
        let game = self.game.clone();
        let state = self.shown_state();
        let changed = self.marked_cells(&state);
        let caption =
            super::caption(&game, self.timeline.current()).map_err(|e| self.runtime(&e))?;
        Ok(crate::picture::position::position_svg_marked(
            &game, &state, &changed, &caption,
        ))
    }

    /// Each cell of the position drawn, in words for a screen reader: its name and
    /// what stands on it, top first, as `CELL: COUNT × PLAYER PIECE` (the count left
    /// out for one piece, the value after a piece that shows one, a neutral piece
    /// without a player, a lower layer after `, over `) or `CELL: empty`; indexed by
    /// cell number.
    pub fn cell_labels(&mut self) -> Vec<String> {
        let game = self.game.clone();
        let state = self.shown_state();
        (0..game.rules.board.cells.len())
            .map(|c| {
                let layers: Vec<String> = (0..game.rules.stack_layers.max(1) as i32)
                    .map(|k| state.layer(&game, c as i32, k))
                    .take_while(|w| w.count() > 0)
                    .map(|w| layer_words(&game, w))
                    .collect();
                let on = if layers.is_empty() {
                    "empty".to_string()
                } else {
                    layers.join(", over ")
                };
                format!("{}: {on}", game.rules.board.cells[c])
            })
            .collect()
    }

    /// The choice the computer would make now at `level` (`mcts:2s`, `net3`, ...), as
    /// the game writes it, without playing it: for a program that lets the computer
    /// think elsewhere and plays the answer itself. Drawn from a generator of its own
    /// (seeded by the session's seed and the position), so the game's dice are not
    /// touched.
    pub fn computer_choice(&mut self, level: &str) -> Result<String, SessionError> {
        let game = self.game.clone();
        let mut engine = Engine::new(&game);
        let state = self.timeline.current().clone();
        let Status::Player(player) = engine.status(&state).map_err(|e| self.runtime(&e))? else {
            return Err(refused!("no player is to move"));
        };
        let Some(level) = Level::parse_in(level, &game)? else {
            return Err(refused!("`off` is no level for the computer to play at"));
        };
        let net = self.net.clone();
        if level.plays_by_net() && net.is_none() {
            return Err(refused!("{} has no trained network", game.rules.name));
        }
        let mut choices = Choices::default();
        engine
            .legal(&state, &mut choices)
            .map_err(|e| self.runtime(&e))?;
        if choices.is_empty() {
            return Err("there is no legal move here".into());
        }
        let mut rng = Rng::new(self.seed ^ state.hash64());
        let threads = self.thinkers.first().map_or(0, |t| t.threads);
        let mut thinker = ai::Thinker::with_net(threads, net);
        let decision = ai::Decision {
            engine: &mut engine,
            state: &state,
            choices: &choices,
            player,
        };
        let stop = self.stop.clone();
        let i = match ai::choose(decision, level, &mut rng, &mut thinker, Some(&stop)) {
            Ok(i) => i,
            Err(ai::AiError::Interrupted) => return Err(refused!("interrupted")),
            Err(ai::AiError::Runtime(e)) => return Err(self.runtime(&e)),
        };
        engine
            .choice_text(&state, &choices[i])
            .map_err(|e| self.runtime(&e))
    }

    /// Plays the same game under other rules (a rules text edited): a new game from
    /// the same seed and options, the moves so far replayed as long as the new rules
    /// allow them. How many moves were kept and how many were not; the game in
    /// progress stays when the text does not compile. A match goes on as one game.
    pub fn replace_rules(&mut self, source: Source) -> Result<(usize, usize), SessionError> {
        let (source, game) = self.compile_rules(source, &self.options.clone())?;
        let moves = self.moves();
        let start = super::matches::first_state(
            &mut Engine::new(&game),
            &crate::engine::matchplay::Match::new(0, game.rules.players.len()),
        )
        .map_err(|e| {
            SessionError::Runtime(super::runtime_text(&game, &source, &e, self.style.color))
        })?;
        let stop = std::sync::atomic::AtomicBool::new(false);
        let entries = match super::replay(&game, &start, &moves, &stop) {
            Ok(entries) => entries,
            // Up to the first move refused, which replays as before.
            Err((k, _)) => super::replay(&game, &start, &moves[..k], &stop).unwrap_or_default(),
        };
        let kept = entries.len();
        let mut timeline = super::Timeline::new(start);
        for e in entries {
            timeline.push(e);
        }
        self.origin = super::Origin::Path(source.name.clone());
        self.source = source;
        self.options = game.rules.chosen.clone();
        self.game = std::sync::Arc::new(game);
        self.load_net();
        self.base = crate::engine::matchplay::Match::new(0, self.game.rules.players.len());
        self.earlier.clear();
        self.timeline = timeline;
        self.start_json = None;
        self.queued = None;
        self.invalidate();
        // Chance that follows the last move kept (the first roll of a game) is drawn.
        let mut out = super::Out::default();
        if self.started {
            self.advance(&mut out);
        } else {
            self.start(&mut out);
        }
        Ok((kept, moves.len() - kept))
    }
}
