//! The legal choices of the position a person faces, read the ways a person may write
//! them: a move, a whole turn with its steps in any order, or a turn step by step, each
//! step accepted while some legal turn goes on from the steps entered so far. A turn is
//! told by the position it reaches, so any playable order of its steps is that turn.

use crate::engine::Game;
use crate::{Choices, Engine, RuntimeError, State, Step, StepKind};
use std::collections::{BTreeSet, HashMap};

/// The most steps tried when looking ahead for a turn entered in part.
const LOOKAHEAD: usize = 200_000;

/// What written steps amount to in a whole-turn decision.
pub enum Path {
    /// A legal turn: the choice it reaches.
    Complete(usize),
    /// The first steps of a legal turn, as the game writes them.
    Partial(Vec<String>),
    /// Not a legal turn nor the start of one.
    Invalid,
}

pub struct Decision {
    pub choices: Choices,
    /// The choices are whole turns of several steps that may be entered one by one.
    pub whole_turns: bool,
    texts: Option<Vec<String>>,
    /// The position each legal turn reaches.
    finals: Option<HashMap<State, usize>>,
}

/// Whether the only choice is a pass (a player stuck at the start of his turn).
pub(crate) fn only_a_pass(choices: &Choices) -> bool {
    choices.len() == 1 && matches!(choices.get(0), [s] if s.kind == StepKind::Pass)
}

/// Whether the mover's turn is over in `s` (or interrupted by chance or the end).
fn ended(engine: &Engine, s: &State) -> bool {
    !s.in_turn() || s.chance().is_some() || engine.end_outcome(s).is_some()
}

impl Decision {
    pub fn new(engine: &mut Engine, state: &State) -> Result<Decision, RuntimeError> {
        let game: &Game = engine.game;
        let mut choices = Choices::default();
        engine.legal(state, &mut choices)?;
        let phase = &game.phases[state.phase().index()];
        // The rest of a turn already begun (after a roll that is an action of its own)
        // is decided whole too.
        let whole_turns = phase.decide_turn
            && state.chance().is_none()
            && choices.steps.iter().all(|s| s.kind == StepKind::Action);
        Ok(Decision {
            choices,
            whole_turns,
            texts: None,
            finals: None,
        })
    }

    /// Each choice as the game writes it.
    pub fn texts(
        &mut self,
        engine: &mut Engine,
        state: &State,
    ) -> Result<Vec<String>, RuntimeError> {
        if self.texts.is_none() {
            let mut texts = Vec::with_capacity(self.choices.len());
            for i in 0..self.choices.len() {
                texts.push(engine.choice_text(state, self.choices.get(i))?);
            }
            self.texts = Some(texts);
        }
        Ok(self.texts.clone().unwrap_or_default())
    }

    fn finals(
        &mut self,
        engine: &mut Engine,
        state: &State,
    ) -> Result<HashMap<State, usize>, RuntimeError> {
        if self.finals.is_none() {
            let mut finals = HashMap::new();
            for i in 0..self.choices.len() {
                let mut s = state.clone();
                engine.play_choice(&mut s, &self.choices, i)?;
                finals.entry(s).or_insert(i);
            }
            self.finals = Some(finals);
        }
        Ok(self.finals.clone().unwrap_or_default())
    }

    /// Plays written steps one at a time, in order: the position reached, the steps as
    /// the game writes them, and whether the turn is over. None when a step is not legal
    /// at its point or comes after the turn is over.
    fn walk(
        engine: &mut Engine,
        state: &State,
        tokens: &[String],
    ) -> Result<Option<(State, Vec<String>, bool)>, RuntimeError> {
        let mut work = state.clone();
        let mut written = Vec::new();
        for (k, token) in tokens.iter().enumerate() {
            if k > 0 && ended(engine, &work) {
                return Ok(None);
            }
            let steps = engine.single_steps(&work);
            let found = steps
                .iter()
                .find(|s| &engine.step_text(&work, s, true) == token)
                .or_else(|| {
                    steps
                        .iter()
                        .find(|s| &engine.step_text(&work, s, false) == token)
                });
            let Some(step) = found.copied() else {
                return Ok(None);
            };
            written.push(engine.step_text(&work, &step, true));
            engine.apply_step(&mut work, &step)?;
        }
        let over = !tokens.is_empty() && ended(engine, &work);
        Ok(Some((work, written, over)))
    }

    /// The legal turns reachable from a position in the middle of a turn (stopping at
    /// the first when `first`); false when the look-ahead was cut short.
    fn reachable(
        engine: &mut Engine,
        work: &State,
        finals: &HashMap<State, usize>,
        found: &mut BTreeSet<usize>,
        first: bool,
        budget: &mut usize,
    ) -> Result<bool, RuntimeError> {
        for step in engine.single_steps(work) {
            if *budget == 0 {
                return Ok(false);
            }
            *budget -= 1;
            let mut next = work.clone();
            engine.apply_step(&mut next, &step)?;
            if ended(engine, &next) {
                if let Some(&i) = finals.get(&next) {
                    found.insert(i);
                }
            } else if !Decision::reachable(engine, &next, finals, found, first, budget)? {
                return Ok(false);
            }
            if first && !found.is_empty() {
                return Ok(true);
            }
        }
        Ok(true)
    }

    /// What written steps amount to: a legal turn, the start of one, or neither.
    pub fn path(
        &mut self,
        engine: &mut Engine,
        state: &State,
        tokens: &[String],
    ) -> Result<Path, RuntimeError> {
        if tokens.is_empty() {
            return Ok(Path::Invalid);
        }
        let Some((work, written, over)) = Decision::walk(engine, state, tokens)? else {
            return Ok(Path::Invalid);
        };
        let finals = self.finals(engine, state)?;
        if over {
            return Ok(finals
                .get(&work)
                .map_or(Path::Invalid, |&i| Path::Complete(i)));
        }
        let mut found = BTreeSet::new();
        let mut budget = LOOKAHEAD;
        let complete = Decision::reachable(engine, &work, &finals, &mut found, true, &mut budget)?;
        // A look-ahead cut short gives the steps the benefit of the doubt.
        Ok(if !found.is_empty() || !complete {
            Path::Partial(written)
        } else {
            Path::Invalid
        })
    }

    /// The choices that go on from a turn entered in part (all when none is).
    pub(crate) fn extending(
        &mut self,
        engine: &mut Engine,
        state: &State,
        partial: &[String],
    ) -> Result<Vec<usize>, RuntimeError> {
        if partial.is_empty() {
            return Ok((0..self.choices.len()).collect());
        }
        let Some((work, _, _)) = Decision::walk(engine, state, partial)? else {
            return Ok(Vec::new());
        };
        let finals = self.finals(engine, state)?;
        let mut found = BTreeSet::new();
        let mut budget = LOOKAHEAD;
        Decision::reachable(engine, &work, &finals, &mut found, false, &mut budget)?;
        Ok(found.into_iter().collect())
    }

    /// What may be written next after `prefix`: the next step of a turn, or any move.
    pub(crate) fn next_steps(
        &mut self,
        engine: &mut Engine,
        state: &State,
        prefix: &[String],
    ) -> Result<Vec<String>, RuntimeError> {
        if !self.whole_turns {
            if !prefix.is_empty() {
                return Ok(Vec::new());
            }
            return self.texts(engine, state);
        }
        let mut out: Vec<String> = self
            .steps_on(engine, state, prefix)?
            .into_iter()
            .map(|(text, _)| text)
            .collect();
        out.sort();
        out.dedup();
        Ok(out)
    }

    /// In a turn decided whole, the single steps some legal turn goes on with after
    /// `prefix`, each with its text, in the order the engine lists them (a text may
    /// come more than once, for steps that differ only in what the text leaves out).
    pub(crate) fn steps_on(
        &mut self,
        engine: &mut Engine,
        state: &State,
        prefix: &[String],
    ) -> Result<Vec<(String, Step)>, RuntimeError> {
        let Some((work, _, over)) = Decision::walk(engine, state, prefix)? else {
            return Ok(Vec::new());
        };
        if over {
            return Ok(Vec::new());
        }
        let finals = self.finals(engine, state)?;
        let mut out = Vec::new();
        let mut budget = LOOKAHEAD;
        for step in engine.single_steps(&work) {
            let mut next = work.clone();
            engine.apply_step(&mut next, &step)?;
            // A step may reach a legal choice's position while the turn goes on (a
            // decision handed to another player): it is that choice.
            let goes_on = if finals.contains_key(&next) {
                true
            } else if ended(engine, &next) {
                false
            } else {
                let mut found = BTreeSet::new();
                !Decision::reachable(engine, &next, &finals, &mut found, true, &mut budget)?
                    || !found.is_empty()
            };
            if goes_on {
                out.push((engine.step_text(&work, &step, true), step));
            }
        }
        Ok(out)
    }

    /// The position after a turn entered in part.
    pub(crate) fn partial_state(
        engine: &mut Engine,
        state: &State,
        partial: &[String],
    ) -> Option<State> {
        Decision::walk(engine, state, partial)
            .ok()
            .flatten()
            .map(|(work, _, _)| work)
    }
}
