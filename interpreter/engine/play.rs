//! Driving a game: resolving chance with a seeded generator or a fixed outcome, playing
//! moves given as text, random playouts and perft.

use super::rng::Rng;
use super::{Choices, Engine, Outcome, RuntimeError, RuntimeErrorKind, State, Step, StepKind};

/// Why a move given as text could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The text names no legal choice of the position (or no outcome of the chance
    /// event pending).
    #[error("`{text}` is not a legal move here; the legal moves are: {legal}")]
    Illegal {
        /// The text as given, escaped for printing.
        text: String,
        /// The texts of the legal choices, separated by commas.
        legal: String,
    },
    /// The game has ended: there is nothing to play.
    #[error("the game is over")]
    Over,
    /// The rules failed while the move was listed or played.
    #[error("{0}")]
    Runtime(#[from] RuntimeError),
}

/// How a playout picks a player's choice: `choose` is given the player to choose, his
/// legal choices (with their playout weights, `Choices::weights`) and the playout's
/// generator, and returns the index of the choice to play.
pub trait PlayoutPolicy {
    /// The index in `choices` of the choice `player` plays.
    fn choose(&mut self, player: usize, choices: &Choices, rng: &mut Rng) -> usize;

    /// Whether `choose` is a draw by the playout weights (`Rng::weighted`) and nothing
    /// else: the playout may then draw among steps its `forbid` rules have not judged
    /// yet, judging only what it draws (`Engine::pick_allowed`).
    fn draws_by_weight(&self) -> bool {
        false
    }
}

/// The random playout's policy: by the actions' playout weights, uniform (the same
/// draw as `Rng::below`) when the phase declares none.
#[derive(Debug, Clone, Copy, Default)]
pub struct Weighted;

impl PlayoutPolicy for Weighted {
    #[inline]
    fn choose(&mut self, _player: usize, choices: &Choices, rng: &mut Rng) -> usize {
        rng.weighted(&choices.weights)
    }

    fn draws_by_weight(&self) -> bool {
        true
    }
}

/// The result of one random game.
#[derive(Debug, Clone, serde::Serialize)]
pub struct PlayoutRecord {
    /// None when the game reached the decision limit unfinished.
    pub outcome: Option<Outcome>,
    /// Player decisions made (a whole turn counts once).
    pub decisions: usize,
    /// Chance events resolved.
    pub chance_events: usize,
}

impl<'g> Engine<'g> {
    /// Resolves the pending chance event (if any) by the generator, or with the outcome
    /// whose text is `fixed`.
    pub fn resolve_chance(
        &mut self,
        state: &mut State,
        rng: &mut Rng,
        fixed: Option<&str>,
    ) -> Result<Option<Step>, PlayError> {
        if state.chance().is_none() {
            return Ok(None);
        }
        let mut choices = Choices::default();
        let _run = self.run();
        self.chance_steps(state, &mut choices)?;
        if choices.is_empty() {
            return Ok(None);
        }
        let i = match fixed {
            Some(text) => match self.find_chance(state, &choices, text)? {
                Some(i) => i,
                None => {
                    let legal = self.list_texts(state, &choices)?;
                    return Err(PlayError::Illegal {
                        text: crate::diagnostic::escape(text),
                        legal,
                    });
                }
            },
            None => rng.weighted(&choices.weights),
        };
        let step = choices[i][0];
        self.apply_step(state, &step)?;
        Ok(Some(step))
    }

    /// Whether chance outcome `step`, resolved in `before` in the middle of a turn, left
    /// the mover nothing to do, so that it ended his turn (a roll that cannot be played).
    pub(crate) fn chance_left_mover_stuck(
        &mut self,
        before: &State,
        step: &Step,
    ) -> Result<bool, RuntimeError> {
        let _run = self.run();
        if !before.in_turn() || step.kind != StepKind::Chance {
            return Ok(false);
        }
        let mut after = before.clone();
        self.run_step(&mut after, step)?;
        if after.chance().is_some() || self.end_checked(&after)?.is_some() {
            return Ok(false);
        }
        let game = self.game;
        let until = game.rules.phases[after.phase().index()]
            .until
            .as_ref()
            .is_some_and(|u| {
                let run = self.run();
                let mut locals = run.locals();
                super::eval::eval(game, &after, u, &mut locals) != 0
            });
        let stuck = !until && !self.can_act(&after);
        if self.meter.spent_out() {
            return Err(self.budget_error());
        }
        Ok(stuck)
    }

    /// A chance outcome by its text, or by its numbers in any order (`3,1` for `1-3`).
    fn find_chance(
        &mut self,
        state: &State,
        choices: &Choices,
        text: &str,
    ) -> Result<Option<usize>, RuntimeError> {
        if let Some(i) = self.find_choice(state, choices, text)? {
            return Ok(Some(i));
        }
        let want = outcome_numbers(text);
        for i in 0..choices.len() {
            if outcome_numbers(&self.step_text(state, &choices[i][0], true)) == want {
                return Ok(Some(i));
            }
        }
        Ok(None)
    }

    /// Whether `text` may name an outcome of some chance event of the game, by its text
    /// or its numbers: false only when every chance event lists fixed outcomes (a roll
    /// of dice) and none is it, so that an outcome set for later can be refused at once.
    pub(crate) fn may_be_outcome(&self, state: &State, text: &str) -> bool {
        let want = outcome_numbers(text);
        self.game.chance_outcomes.iter().any(|fixed| match fixed {
            Some(list) => list.iter().any(|(step, _)| {
                let written = self.step_text(state, step, true);
                written == text || outcome_numbers(&written) == want
            }),
            None => true,
        })
    }

    /// All choices as text, separated by commas.
    pub fn list_texts(&mut self, state: &State, choices: &Choices) -> Result<String, RuntimeError> {
        let mut out = Vec::new();
        for i in 0..choices.len() {
            out.push(self.choice_text(state, &choices[i])?);
        }
        Ok(if out.is_empty() {
            "none".to_string()
        } else {
            out.join(", ")
        })
    }

    /// Plays a move given as text (a chance outcome when chance is pending).
    pub fn play_text(&mut self, state: &mut State, text: &str) -> Result<(), PlayError> {
        let mut choices = Choices::default();
        self.legal(state, &mut choices)?;
        if choices.is_empty() {
            return Err(PlayError::Over);
        }
        if state.chance().is_some() {
            let mut rng = Rng::new(0);
            self.resolve_chance(state, &mut rng, Some(text))?;
            return Ok(());
        }
        match self.find_choice(state, &choices, text)? {
            Some(i) => {
                let steps: Vec<Step> = choices[i].to_vec();
                self.apply(state, &steps)?;
                Ok(())
            }
            None => {
                let legal = self.list_texts(state, &choices)?;
                Err(PlayError::Illegal {
                    text: crate::diagnostic::escape(text),
                    legal,
                })
            }
        }
    }

    /// The outcome when the game is over (by an end rule or a stuck player); an error
    /// when the rules that tell run out of loop budget.
    pub fn outcome(&mut self, state: &State) -> Result<Option<Outcome>, RuntimeError> {
        let _run = self.run();
        if let Some(o) = self.end_checked(state)? {
            return Ok(Some(o));
        }
        if state.chance().is_some() {
            return Ok(None);
        }
        self.stuck_outcome(state)
    }

    /// One game of random choices (by the actions' playout weights, uniform without
    /// them; chance by its weights), from the initial
    /// state, stopping unfinished after `max_decisions`.
    pub fn playout(
        &mut self,
        rng: &mut Rng,
        max_decisions: usize,
        choices: &mut Choices,
    ) -> Result<PlayoutRecord, RuntimeError> {
        let state = self.initial_state()?;
        self.playout_from(state, rng, max_decisions, choices)
    }

    /// A random game from a given state.
    pub fn playout_from(
        &mut self,
        state: State,
        rng: &mut Rng,
        max_decisions: usize,
        choices: &mut Choices,
    ) -> Result<PlayoutRecord, RuntimeError> {
        self.playout_with(state, rng, max_decisions, choices, &mut Weighted)
    }

    /// A game from a given state whose players' choices `policy` picks (chance by its
    /// weights), stopping unfinished after `max_decisions`.
    pub fn playout_with<P: PlayoutPolicy>(
        &mut self,
        mut state: State,
        rng: &mut Rng,
        max_decisions: usize,
        choices: &mut Choices,
        policy: &mut P,
    ) -> Result<PlayoutRecord, RuntimeError> {
        let mut decisions = 0;
        let mut chance_events = 0;
        let mut chance_run = 0;
        // Whether a choice may be drawn before the `forbid` rules judged every step.
        let lazy = policy.draws_by_weight() && self.game.rules.has_forbids;
        // Whether the end rules were checked on `state` as it is, and none held: when
        // the last step left the turn going, settling it checked them.
        let mut ongoing = false;
        loop {
            let _run = self.run();
            if !ongoing {
                if let Some(o) = self.end_checked(&state)? {
                    return Ok(PlayoutRecord {
                        outcome: Some(o),
                        decisions,
                        chance_events,
                    });
                }
            }
            if let Some(c) = state.chance() {
                chance_run += 1;
                if chance_run > super::MAX_CHANCE_RUN {
                    return Err(self.endless_chance(c.index()));
                }
                choices.clear();
                self.chance_steps(&state, choices)?;
                if choices.is_empty() {
                    return Err(RuntimeError::of_game(RuntimeErrorKind::NoChanceOutcome));
                }
                let i = rng.weighted(&choices.weights);
                let step = choices[i][0];
                self.settled_ongoing = false;
                self.apply_step(&mut state, &step)?;
                ongoing = self.settled_ongoing;
                chance_events += 1;
                continue;
            }
            if decisions >= max_decisions {
                return Ok(PlayoutRecord {
                    outcome: None,
                    decisions,
                    chance_events,
                });
            }
            if lazy {
                if let Some(i) = self.pick_allowed(&state, choices, rng) {
                    self.settled_ongoing = false;
                    self.play_choice(&mut state, choices, i)?;
                    ongoing = self.settled_ongoing;
                    decisions += 1;
                    chance_run = 0;
                    continue;
                }
            }
            self.legal_unchecked(&state, choices)?;
            if choices.is_empty() {
                let o = self.stuck_outcome(&state)?;
                return Ok(PlayoutRecord {
                    outcome: o,
                    decisions,
                    chance_events,
                });
            }
            let i = policy
                .choose(state.mover().index(), choices, rng)
                .min(choices.len() - 1);
            self.settled_ongoing = false;
            self.play_choice(&mut state, choices, i)?;
            ongoing = self.settled_ongoing;
            decisions += 1;
            chance_run = 0;
        }
    }

    /// A random match to `length` points (0: one game); the record of each game and
    /// the match. A drawn game gives no point and the next begins; the match stops
    /// undecided only at a game left unfinished, or after 10,000 games.
    pub fn playout_match(
        &mut self,
        length: i32,
        rng: &mut Rng,
        max_decisions: usize,
        choices: &mut Choices,
    ) -> Result<(Vec<PlayoutRecord>, super::matchplay::Match), RuntimeError> {
        let mut m = super::matchplay::Match::new(length, self.game.rules.players.len());
        let mut games = Vec::new();
        while !m.is_over() {
            let state = self.initial_state_in(&m)?;
            let record = self.playout_from(state, rng, max_decisions, choices)?;
            match &record.outcome {
                // A drawn game gives no point and the match goes on, as at the prompt.
                Some(o) => m.record(o),
                // An unfinished game (over the decision limit) leaves the match undecided.
                None => {
                    games.push(record);
                    break;
                }
            }
            games.push(record);
            if games.len() >= 10_000 {
                break;
            }
        }
        Ok((games, m))
    }

    /// Leaves of the decision tree `depth` levels deep; every choice and every chance
    /// outcome is a branch and a level; a finished game is a leaf.
    pub fn perft(&mut self, state: &State, depth: usize) -> Result<u64, RuntimeError> {
        self.perft_reporting(state, depth, Ended::Leaf, &mut |_, _| {})
    }

    /// `perft`, calling `progress(done, of)` as each choice at the root is counted, so
    /// a long count can show how far it has gone; `ended` says what a game that ends
    /// before the depth counts.
    pub fn perft_reporting(
        &mut self,
        state: &State,
        depth: usize,
        ended: Ended,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<u64, RuntimeError> {
        if depth <= 1 {
            return self.perft_from(state, depth, ended);
        }
        let mut choices = Choices::default();
        self.legal(state, &mut choices)?;
        if choices.is_empty() {
            return Ok(ended.leaf());
        }
        let mut total = 0;
        for i in 0..choices.len() {
            let mut child = state.clone();
            self.play_choice(&mut child, &choices, i)?;
            total += self.perft_from(&child, depth - 1, ended)?;
            progress(i + 1, choices.len());
        }
        Ok(total)
    }

    /// `perft`, giving up (None) as soon as it would play more than `max_moves` moves,
    /// so that a count whose tree is far larger than asked for ends at once.
    pub fn perft_bounded(
        &mut self,
        state: &State,
        depth: usize,
        max_moves: u64,
    ) -> Result<Option<u64>, RuntimeError> {
        let mut left = max_moves;
        self.perft_within(state, depth, &mut left)
    }

    fn perft_within(
        &mut self,
        state: &State,
        depth: usize,
        left: &mut u64,
    ) -> Result<Option<u64>, RuntimeError> {
        if depth == 0 {
            return Ok(Some(1));
        }
        let mut choices = Choices::default();
        self.legal(state, &mut choices)?;
        if choices.is_empty() {
            return Ok(Some(1));
        }
        let mut total = 0;
        for i in 0..choices.len() {
            let Some(rest) = left.checked_sub(1) else {
                return Ok(None);
            };
            *left = rest;
            let mut child = state.clone();
            self.play_choice(&mut child, &choices, i)?;
            total += if depth == 1 {
                1
            } else {
                match self.perft_within(&child, depth - 1, left)? {
                    Some(n) => n,
                    None => return Ok(None),
                }
            };
        }
        Ok(Some(total))
    }

    fn perft_from(
        &mut self,
        state: &State,
        depth: usize,
        ended: Ended,
    ) -> Result<u64, RuntimeError> {
        if depth == 0 {
            return Ok(1);
        }
        let mut choices = Choices::default();
        self.legal(state, &mut choices)?;
        if choices.is_empty() {
            return Ok(ended.leaf());
        }
        let mut total = 0;
        for i in 0..choices.len() {
            let mut child = state.clone();
            self.play_choice(&mut child, &choices, i)?;
            total += if depth == 1 {
                1
            } else {
                self.perft_from(&child, depth - 1, ended)?
            };
        }
        Ok(total)
    }
}

/// What `perft` counts for a game that ends before the depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// One leaf, however far the depth goes on (the count of games of up to `depth`
    /// choices and outcomes).
    Leaf,
    /// Nothing: only positions reached at exactly the depth count, as the published
    /// counts of move generators do (a game over at depth 3 adds nothing to depth 5).
    Nothing,
}

impl Ended {
    fn leaf(self) -> u64 {
        match self {
            Ended::Leaf => 1,
            Ended::Nothing => 0,
        }
    }
}

/// The numbers of a chance outcome's text, sorted (`3,1` and `1-3` are the same roll).
fn outcome_numbers(text: &str) -> Vec<i64> {
    let mut v: Vec<i64> = text
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect();
    v.sort();
    v
}
