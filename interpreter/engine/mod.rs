//! The generic engine: initial state, legal choices (single actions or whole turns),
//! applying them, chance, the end and the scores. It runs a compiled `Game` and knows
//! no game.

pub(crate) mod budget;
mod census;
mod choice;
pub(crate) mod closure;
mod cursor;
mod declarations;
pub(crate) use declarations::scaled_text;
pub(crate) mod eval;
mod exec;
pub(crate) mod explain;
pub(crate) mod forbid;
mod game;
mod generate;
mod hash_slots;
mod layers;
pub(crate) mod loops;
pub mod matchplay;
pub(crate) mod notation;
pub mod play;
pub(crate) mod reach;
pub(crate) use reach::memo as reach_memo;
mod reaches;
mod reads;
pub mod rng;
mod run_errors;
mod runtime_error;
mod search_hash;
pub(crate) mod state;
mod turn_end;
mod turns;

use crate::ids::PlayerId;
use crate::ir::*;
pub use choice::{Choices, Outcome, Shown, Status, Step, StepKind};
pub use cursor::{LegalTurns, TurnCursor};
use eval::eval;
pub(crate) use eval::Locals;
pub(crate) use exec::{Fallible, Flow};
pub use game::Game;
pub use runtime_error::{RuntimeError, RuntimeErrorKind, Work};
pub use state::{CellWord, State};

/// Runs one compiled game. Holds scratch buffers so that generating moves does not
/// allocate once warm.
pub struct Engine<'g> {
    pub(crate) game: &'g Game,
    pub(crate) search: turns::Search,
    /// Limits a rules file whose turns never end.
    pub(crate) max_turn_steps: usize,
    /// The match the next initial state belongs to.
    pub(crate) match_info: Option<matchplay::Match>,
    /// The counters reset at each turn's start: first slot, slots, starting value.
    per_turn: Vec<(usize, usize, Option<&'g Expr>)>,
    /// The move whose generation ran last, to name it when the loop budget runs out.
    generating: std::cell::Cell<Option<(StepKind, usize)>>,
    /// Whether a generation stopped at `MAX_CHOICES` steps.
    overflow: std::cell::Cell<bool>,
    /// The loop steps one call into the engine may take (`budget::STEPS` unless set).
    pub(crate) loop_steps: u64,
    /// The state words the end rules read, when they can be told (`reads`).
    end_reads: Option<Vec<usize>>,
    /// What ending a turn reads and writes, by phase, where it can be told.
    turn_end_plans: Vec<Option<turn_end::TurnEndPlan>>,
    /// Whether the last `settle` left the turn going after checking the end rules on
    /// the state it left, which none held: a playout need not check them again.
    pub(crate) settled_ongoing: bool,
    /// What is left of the loop budget of the open run (see `budget`).
    pub(crate) meter: std::sync::Arc<budget::Meter>,
}

/// The most steps (actions or chance outcomes) listed at one decision, and so the
/// memory a list of legal moves takes (some 60 bytes a step).
pub const MAX_CHOICES: usize = 1_000_000;

/// The most chance outcomes in a row, with no decision between them, that playing goes
/// through: a chance event whose outcome starts it again would otherwise never settle.
pub const MAX_CHANCE_RUN: usize = 1000;

impl<'g> Engine<'g> {
    /// An engine to play `game`, with the default loop budget. It holds the working
    /// memory of its searches, so one engine a thread plays any number of positions.
    pub fn new(game: &'g Game) -> Engine<'g> {
        let per_turn: Vec<_> = game
            .rules
            .counters
            .iter()
            .filter(|c| c.per_turn)
            .map(|c| {
                let n = if c.per_player {
                    game.rules.players.len()
                } else {
                    1
                };
                (c.base, n, c.init.as_ref())
            })
            .collect();
        Engine {
            game,
            search: turns::Search::default(),
            max_turn_steps: 64,
            match_info: None,
            turn_end_plans: turn_end::plans(game, &per_turn),
            per_turn,
            generating: std::cell::Cell::new(None),
            overflow: std::cell::Cell::new(false),
            loop_steps: budget::STEPS,
            end_reads: reads::end_rules_read(game),
            settled_ongoing: false,
            meter: budget::Meter::new(),
        }
    }

    /// The game this engine plays.
    pub fn game(&self) -> &'g Game {
        self.game
    }

    /// The loop steps one call into the engine may take: every step of a `for`, an
    /// aggregate or a search counts, and a call that would take more stops with
    /// [`RuntimeErrorKind::BudgetExhausted`] (50,000,000 unless set).
    pub fn loop_steps(&self) -> u64 {
        self.loop_steps
    }

    /// Sets the loop steps one call into the engine may take (see [`Engine::loop_steps`]).
    pub fn set_loop_steps(&mut self, steps: u64) {
        self.loop_steps = steps;
    }

    /// Opens a run of the loop budget for a call into the engine; a call made inside
    /// another spends from that one's budget (see `budget`).
    pub(crate) fn run(&self) -> budget::Run {
        self.meter.open(self.loop_steps)
    }

    /// For each chance event, its outcomes and weights if they read no state (a roll of
    /// dice): the last step of compiling lists them once for the game
    /// when the game is made (`Game::new`).
    pub(crate) fn fixed_chance_outcomes(game: &Game) -> Vec<game::FixedOutcomes> {
        let engine = Engine::new(game);
        let blank = State::new(game);
        (0..game.rules.chances.len())
            .map(|c| {
                if game.rules.chances[c].outcomes_read_state() {
                    return None;
                }
                let _run = engine.run();
                let mut outcomes = Choices::default();
                let complete = engine.live_chance_steps(&blank, c, &mut outcomes);
                let listed = outcomes.ranges.iter().zip(&outcomes.weights);
                complete.then(|| {
                    listed
                        .map(|(&(a, _), &w)| (outcomes.steps[a as usize], w))
                        .collect()
                })
            })
            .collect()
    }

    /// The state before the first decision: counters, setup, the first phase.
    pub fn initial_state(&mut self) -> Result<State, RuntimeError> {
        let game = self.game;
        let run = self.run();
        self.generating.set(None);
        let mut state = State::new(game);
        self.write_match(&mut state);
        self.start_counters(&mut state)?;
        let mut locals = run.locals();
        let mut flow = Flow::default();
        self.run_block(&mut state, &game.code.setup, &mut locals, &mut flow)?;
        self.enter_phase(&mut state, 0)?;
        if self.meter.spent_out() {
            return Err(self.budget_error());
        }
        Ok(state)
    }

    /// Sets each counter that declares a starting value to it, on a state with nothing
    /// else set yet but the match: the one place starting values are worked out, for a
    /// new game and for the counters a state document leaves out (json/read.rs).
    pub(crate) fn start_counters(&self, state: &mut State) -> Result<(), RuntimeError> {
        let run = self.run();
        let game = self.game;
        let mut locals = run.locals();
        for c in &game.rules.counters {
            if let Some(init) = &c.init {
                let v = eval(game, state, init, &mut locals);
                if self.meter.spent_out() {
                    let work = Work::CounterStart(c.name.clone());
                    return Err(self.meter.exceeded(c.span, work));
                }
                let n = if c.per_player {
                    game.rules.players.len()
                } else {
                    1
                };
                for p in 0..n {
                    state.data[c.base + p] = v;
                }
            }
        }
        Ok(())
    }

    /// Enters phase `p`, skipping phases whose `until` already holds.
    fn enter_phase(&mut self, state: &mut State, mut p: usize) -> Result<(), RuntimeError> {
        let game = self.game;
        let run = self.run();
        let mut locals = run.locals();
        loop {
            state.data[SLOT_PHASE] = p as i32;
            let done = game.rules.phases[p]
                .until
                .as_ref()
                .is_some_and(|u| eval(game, state, u, &mut locals) != 0);
            if done && p + 1 < game.rules.phases.len() {
                p += 1;
                continue;
            }
            break;
        }
        if let Some(starts) = &game.rules.phases[p].starts {
            let m = eval(game, state, starts, &mut locals);
            if m >= 0 && (m as usize) < game.rules.players.len() {
                state.data[SLOT_MOVER] = m;
            }
        }
        self.begin_turn(state)
    }

    fn begin_turn(&mut self, state: &mut State) -> Result<(), RuntimeError> {
        let game = self.game;
        let run = self.run();
        let mut locals = run.locals();
        for &(base, n, init) in &self.per_turn {
            let start = init.map_or(0, |e| eval(game, state, e, &mut locals));
            state.data[base..base + n].fill(start);
        }
        state.data[SLOT_IN_TURN] = 0;
        state.data[SLOT_OWNER] = state.data[SLOT_MOVER];
        let mut locals = run.locals();
        let mut flow = Flow::default();
        let code = &game.code.phases[state.phase().index()];
        self.run_block(state, &code.turn_start, &mut locals, &mut flow)?;
        state.record_history(game);
        Ok(())
    }

    /// Ends the mover's turn: the phase's `turn end`, then the next phase or player.
    pub(crate) fn end_turn(&mut self, state: &mut State) -> Result<(), RuntimeError> {
        let game = self.game;
        let phase_index = state.phase().index();
        let phase = &game.rules.phases[phase_index];
        let run = self.run();
        let mut locals = run.locals();
        let mut flow = Flow::default();
        let code = &game.code.phases[phase_index];
        self.run_block(state, &code.turn_end, &mut locals, &mut flow)?;
        state.data[SLOT_IN_TURN] = 0;
        let done = phase
            .until
            .as_ref()
            .is_some_and(|u| eval(game, state, u, &mut locals) != 0);
        if done && phase_index + 1 < game.rules.phases.len() {
            return self.enter_phase(state, phase_index + 1);
        }
        // The next turn is the opponent's of the player whose turn this was, whoever
        // made its last decision.
        let next = eval::opponent(game, state.data[SLOT_OWNER]);
        state.data[SLOT_MOVER] = next;
        self.begin_turn(state)
    }

    /// Runs one step's effects; returns whether the turn continues.
    pub(crate) fn run_step(
        &mut self,
        state: &mut State,
        step: &Step,
    ) -> Result<bool, RuntimeError> {
        let game = self.game;
        let run = self.run();
        let mut locals = run.locals();
        locals.slots_mut()[..MAX_ARGS].copy_from_slice(&step.args);
        let mut flow = Flow::default();
        match step.kind {
            StepKind::Chance => {
                state.data[SLOT_CHANCE] = -1;
                let code = &game.code.chances[step.id as usize];
                self.run_block(state, &code.body, &mut locals, &mut flow)?;
                // A chance event never ends a turn.
                Ok(true)
            }
            StepKind::Action => {
                let code = &game.code.actions[step.id as usize];
                self.run_block(state, &code.body, &mut locals, &mut flow)?;
                Ok(flow.cont)
            }
            StepKind::Pass => {
                let phase = state.phase().index();
                if let Stuck::Pass { .. } = &game.rules.phases[phase].stuck {
                    let code = &game.code.phases[phase];
                    self.run_block(state, &code.pass, &mut locals, &mut flow)?;
                }
                Ok(false)
            }
        }
    }

    /// Applies one step and settles the turn: a turn that continues with no action left
    /// ends; a phase whose `until` holds gives way to the next.
    pub fn apply_step(&mut self, state: &mut State, step: &Step) -> Result<(), RuntimeError> {
        let _run = self.run();
        self.generating.set(None);
        let cont = self.run_step(state, step)?;
        if step.kind == StepKind::Chance {
            // In the middle of a turn, chance that leaves the mover nothing to do ends it.
            if state.in_turn() {
                self.settle(state, true)?;
            }
        } else {
            self.settle(state, cont)?;
        }
        if self.meter.spent_out() {
            return Err(self.budget_error());
        }
        Ok(())
    }

    pub(crate) fn settle(&mut self, state: &mut State, cont: bool) -> Result<(), RuntimeError> {
        self.settle_known(state, cont, false)
    }

    /// `settle`, told whether the mover is already known to have no action.
    pub(crate) fn settle_known(
        &mut self,
        state: &mut State,
        cont: bool,
        stuck: bool,
    ) -> Result<(), RuntimeError> {
        self.settled_ongoing = false;
        if !cont {
            return self.end_turn(state);
        }
        state.data[SLOT_IN_TURN] = 1;
        if state.chance().is_some() || self.end_checked(state)?.is_some() {
            return Ok(());
        }
        let game = self.game;
        let phase = &game.rules.phases[state.phase().index()];
        let run = self.run();
        let mut locals = run.locals();
        let until = phase
            .until
            .as_ref()
            .is_some_and(|u| eval(game, state, u, &mut locals) != 0);
        if until || stuck || !self.can_act(state) {
            return self.end_turn(state);
        }
        self.settled_ongoing = true;
        Ok(())
    }

    /// Applies a whole choice (one step or a turn).
    pub fn apply(&mut self, state: &mut State, steps: &[Step]) -> Result<(), RuntimeError> {
        for s in steps {
            self.apply_step(state, s)?;
        }
        Ok(())
    }

    /// Plays choice `i` of `choices`, which were listed for `state`: a whole turn takes
    /// the position its search kept, anything else plays its steps.
    pub fn play_choice(
        &mut self,
        state: &mut State,
        choices: &Choices,
        i: usize,
    ) -> Result<(), RuntimeError> {
        match choices.result(i) {
            Some(result) if result.len() == state.data.len() => {
                state.data.copy_from_slice(result);
                Ok(())
            }
            _ => self.apply(state, &choices[i]),
        }
    }

    /// Whether the mover has any action of the phase; an error at the phase when the
    /// loop budget ran out before one was found.
    pub fn any_action(&self, state: &State) -> Result<bool, RuntimeError> {
        let _run = self.run();
        let any = self.can_act(state);
        if self.meter.spent_out() {
            let phase = &self.game.rules.phases[state.phase().index()];
            return Err(self.meter.exceeded(phase.span, Work::LegalMoves));
        }
        Ok(any)
    }

    /// `any_action` inside a run, which says when its budget ran out: false also when
    /// it ran out before an action was found.
    pub(crate) fn can_act(&self, state: &State) -> bool {
        let run = self.run();
        let mut locals = run.locals();
        eval(self.game, state, &Expr::Can(None), &mut locals) != 0
    }

    /// The outcome if an end rule holds now (not counting a player stuck with no move);
    /// an end rule that ran out of loop budget is an error naming it.
    pub fn end_outcome(&self, state: &State) -> Result<Option<Outcome>, RuntimeError> {
        self.end_checked(state)
    }

    /// `end_outcome` for the engine's own use.
    pub(crate) fn end_checked(&self, state: &State) -> Result<Option<Outcome>, RuntimeError> {
        let run = self.run();
        let game = self.game;
        let mut locals = run.locals();
        let exceeded = |rule: &EndRule| {
            self.meter
                .exceeded(rule.span, Work::EndRule(rule.name.clone()))
        };
        for rule in &game.rules.ends {
            let players = match rule.quantifier {
                Some(_) => game.rules.players.len(),
                None => 1,
            };
            for p in 0..players {
                if let Some(slot) = rule.quantifier {
                    locals[slot as usize] = p as i32;
                }
                let holds = eval(game, state, &rule.when, &mut locals) != 0;
                if self.meter.spent_out() {
                    return Err(exceeded(rule));
                }
                if holds {
                    let outcome = self.result(state, &rule.result, &mut locals, &rule.name);
                    if self.meter.spent_out() {
                        return Err(exceeded(rule));
                    }
                    return Ok(Some(outcome));
                }
            }
        }
        Ok(None)
    }

    fn result(
        &self,
        state: &State,
        spec: &ResultSpec,
        locals: &mut Locals,
        reason: &str,
    ) -> Outcome {
        let game = self.game;
        let scores = self.score_values(state);
        let mut named = None;
        let (winner, points) = match spec {
            ResultSpec::Winner {
                player,
                points,
                named: name,
            } => {
                if !name.is_empty() {
                    named = Some(self.render_named(state, name, locals))
                        .filter(|n: &String| !n.trim().is_empty());
                }
                let w = eval(game, state, player, locals);
                let pts = points.as_ref().map_or(1, |p| eval(game, state, p, locals));
                (
                    (w >= 0 && (w as usize) < game.rules.players.len()).then_some(w as usize),
                    pts,
                )
            }
            ResultSpec::Draw => (None, 0),
            ResultSpec::ByScore => {
                let best = scores.iter().copied().max().unwrap_or(0);
                let leaders: Vec<usize> =
                    (0..scores.len()).filter(|&i| scores[i] == best).collect();
                match leaders.as_slice() {
                    [only] => (Some(*only), 1),
                    _ => (None, 0),
                }
            }
        };
        Outcome {
            winner: winner.map(PlayerId::new),
            points,
            scores,
            reason: reason.to_string(),
            named,
        }
    }

    /// Each player's score now (0 when the game declares no score); an error when the
    /// loop budget ran out.
    pub fn scores(&self, state: &State) -> Result<Vec<i32>, RuntimeError> {
        let _run = self.run();
        let scores = self.score_values(state);
        if self.meter.spent_out() {
            return Err(self.meter.exceeded(self.game.rules.score_span, Work::Score));
        }
        Ok(scores)
    }

    /// `scores` inside a run, which says when its budget ran out.
    fn score_values(&self, state: &State) -> Vec<i32> {
        let game = self.game;
        let run = self.run();
        let mut locals = run.locals();
        (0..game.rules.players.len())
            .map(|p| match &game.rules.score {
                Some(e) => {
                    locals[game.rules.score_player as usize] = p as i32;
                    eval(game, state, e, &mut locals)
                }
                None => 0,
            })
            .collect()
    }

    /// The rules file's `show` lines: each label with its value for every player, or
    /// its text (a text that comes out empty is left out); an error when the loop
    /// budget ran out.
    pub fn shown(&self, state: &State) -> Result<Vec<(String, Shown)>, RuntimeError> {
        let run = self.run();
        let game = self.game;
        let mut locals = run.locals();
        let mut out = Vec::with_capacity(game.rules.shows.len());
        for s in &game.rules.shows {
            let line = (|| {
                let shown = match &s.what {
                    Shows::PerPlayer { player, value } => Shown::PerPlayer(
                        (0..game.rules.players.len())
                            .map(|p| {
                                locals[*player as usize] = p as i32;
                                eval(game, state, value, &mut locals)
                            })
                            .collect(),
                    ),
                    Shows::Text { when, parts } => {
                        if when
                            .as_ref()
                            .is_some_and(|w| eval(game, state, w, &mut locals) == 0)
                        {
                            return None;
                        }
                        let text = self.render_named(state, parts, &mut locals);
                        if text.trim().is_empty() {
                            return None;
                        }
                        Shown::Text(text)
                    }
                };
                Some((s.label.clone(), shown))
            })();
            if self.meter.spent_out() {
                return Err(self.meter.exceeded(s.span, Work::Shown(s.label.clone())));
            }
            out.extend(line);
        }
        Ok(out)
    }

    /// Where the state stands: over, waiting for chance, or a player to act; an error
    /// when the rules that tell (the end rules, whether the player to act has a move,
    /// the result of being stuck) run out of loop budget.
    pub fn status(&mut self, state: &State) -> Result<Status, RuntimeError> {
        let _run = self.run();
        if let Some(o) = self.end_checked(state)? {
            return Ok(Status::Over(o));
        }
        if let Some(c) = state.chance() {
            return Ok(Status::Chance(c));
        }
        if let Some(o) = self.stuck_outcome(state)? {
            return Ok(Status::Over(o));
        }
        Ok(Status::Player(state.mover()))
    }

    /// The result when the player to act has no action and the phase says `stuck end`.
    /// No action found because the loop budget ran out is not "no legal move": that is
    /// an error.
    pub(crate) fn stuck_outcome(&self, state: &State) -> Result<Option<Outcome>, RuntimeError> {
        let run = self.run();
        let game = self.game;
        let Stuck::End(spec) = &game.rules.phases[state.phase().index()].stuck else {
            return Ok(None);
        };
        if state.in_turn() || self.any_action(state)? {
            return Ok(None);
        }
        let mut locals = run.locals();
        let outcome = self.result(state, spec, &mut locals, "no legal move");
        if self.meter.spent_out() {
            return Err(self.meter.exceeded(
                game.rules.phases[state.phase().index()].span,
                Work::Settling,
            ));
        }
        Ok(Some(outcome))
    }

    /// The legal choices at this decision point: chance outcomes, single actions, or
    /// whole turns (distinct by the position they produce, filtered by `maximize`).
    /// Empty when the game is over.
    pub fn legal(&mut self, state: &State, out: &mut Choices) -> Result<(), RuntimeError> {
        out.clear();
        let _run = self.run();
        if self.end_checked(state)?.is_some() {
            return Ok(());
        }
        self.legal_unchecked(state, out)
    }

    /// `legal` for a state already known not to be over.
    pub(crate) fn legal_unchecked(
        &mut self,
        state: &State,
        out: &mut Choices,
    ) -> Result<(), RuntimeError> {
        let _run = self.run();
        self.generating.set(None);
        self.overflow.set(false);
        let result = self.legal_within_budget(state, out);
        if result.is_err() || self.meter.spent_out() {
            out.clear();
        }
        // An effect run by the turn search names its own statement.
        result?;
        if self.meter.spent_out() {
            return Err(self.budget_error());
        }
        if self.overflow.get() {
            out.clear();
            return Err(self.overflow_error());
        }
        Ok(())
    }

    fn legal_within_budget(
        &mut self,
        state: &State,
        out: &mut Choices,
    ) -> Result<(), RuntimeError> {
        out.clear();
        if state.chance().is_some() {
            return self.chance_steps(state, out);
        }
        let game = self.game;
        let phase = &game.rules.phases[state.phase().index()];
        if phase.decide_turn {
            return self.whole_turns(state, out);
        }
        // Single actions: generated straight into the choices, one step each.
        self.single_action_choices(state, out, true);
        if out.is_empty() && !state.in_turn() {
            if let Stuck::Pass { .. } = phase.stuck {
                out.push_one(
                    Step {
                        kind: StepKind::Pass,
                        id: 0,
                        args: [0; MAX_ARGS],
                    },
                    0,
                );
            }
        }
        Ok(())
    }
}
