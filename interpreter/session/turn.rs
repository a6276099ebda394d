//! The legal choices of the position a person faces, read the ways a person may write
//! them: a move, a whole turn with its steps in any order, or a turn step by step, each
//! step accepted while some legal turn goes on from the steps entered so far. A turn is
//! told by the position it reaches, so any playable order of its steps is that turn.

use crate::engine::Game;
use crate::engine::{LegalTurns, TurnCursor};
use crate::{Choices, Engine, RuntimeError, State, Step, StepKind};
use std::collections::BTreeSet;

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
    /// The legal turns, to tell which one a turn entered step by step reaches.
    finals: Option<LegalTurns>,
}

/// Whether the only choice is a pass (a player stuck at the start of his turn).
pub(crate) fn only_a_pass(choices: &Choices) -> bool {
    choices.len() == 1 && matches!(&choices[0], [s] if s.kind == StepKind::Pass)
}

impl Decision {
    pub fn new(engine: &mut Engine, state: &State) -> Result<Decision, RuntimeError> {
        let game: &Game = engine.game;
        let mut choices = Choices::default();
        engine.legal(state, &mut choices)?;
        let phase = &game.rules.phases[state.phase().index()];
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
                texts.push(engine.choice_text(state, &self.choices[i])?);
            }
            self.texts = Some(texts);
        }
        Ok(self.texts.clone().unwrap_or_default())
    }

    fn finals(&mut self, engine: &mut Engine, state: &State) -> Result<LegalTurns, RuntimeError> {
        if self.finals.is_none() {
            self.finals = Some(LegalTurns::new(engine, state, &self.choices)?);
        }
        Ok(self.finals.clone().unwrap_or_default())
    }

    /// Plays written steps one at a time, in order: the turn so far and the steps as
    /// the game writes them. None when a step is not legal at its point or comes after
    /// the turn is over.
    fn walk(
        engine: &mut Engine,
        state: &State,
        tokens: &[String],
    ) -> Result<Option<(TurnCursor, Vec<String>)>, RuntimeError> {
        let mut cursor = TurnCursor::new(engine, state)?;
        let mut written = Vec::new();
        for token in tokens {
            let work = cursor.position();
            let steps = cursor.next_steps();
            let found = steps
                .iter()
                .find(|s| &engine.step_text(work, s, true) == token)
                .or_else(|| {
                    steps
                        .iter()
                        .find(|s| &engine.step_text(work, s, false) == token)
                });
            let Some(step) = found.copied() else {
                return Ok(None);
            };
            written.push(engine.step_text(work, &step, true));
            cursor.play(engine, &step)?;
        }
        Ok(Some((cursor, written)))
    }

    /// The legal turns reachable from a turn entered in part (stopping at the first
    /// when `first`); false when the look-ahead was cut short.
    fn reachable(
        engine: &mut Engine,
        cursor: &TurnCursor,
        finals: &LegalTurns,
        found: &mut BTreeSet<usize>,
        first: bool,
        budget: &mut usize,
    ) -> Result<bool, RuntimeError> {
        if let Some(i) = cursor.turn(finals) {
            found.insert(i);
            return Ok(true);
        }
        for step in cursor.next_steps() {
            if *budget == 0 {
                return Ok(false);
            }
            *budget -= 1;
            let mut next = cursor.clone();
            next.play(engine, step)?;
            if !Decision::reachable(engine, &next, finals, found, first, budget)? {
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
        let Some((cursor, written)) = Decision::walk(engine, state, tokens)? else {
            return Ok(Path::Invalid);
        };
        let finals = self.finals(engine, state)?;
        if cursor.is_over() {
            return Ok(cursor.turn(&finals).map_or(Path::Invalid, Path::Complete));
        }
        let mut found = BTreeSet::new();
        let mut budget = LOOKAHEAD;
        let complete =
            Decision::reachable(engine, &cursor, &finals, &mut found, true, &mut budget)?;
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
        let Some((cursor, _)) = Decision::walk(engine, state, partial)? else {
            return Ok(Vec::new());
        };
        let finals = self.finals(engine, state)?;
        let mut found = BTreeSet::new();
        let mut budget = LOOKAHEAD;
        Decision::reachable(engine, &cursor, &finals, &mut found, false, &mut budget)?;
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
        let Some((cursor, _)) = Decision::walk(engine, state, prefix)? else {
            return Ok(Vec::new());
        };
        let finals = self.finals(engine, state)?;
        let mut out = Vec::new();
        let mut budget = LOOKAHEAD;
        let work = cursor.position();
        for step in cursor.next_steps() {
            let mut next = cursor.clone();
            next.play(engine, step)?;
            let mut found = BTreeSet::new();
            let complete =
                Decision::reachable(engine, &next, &finals, &mut found, true, &mut budget)?;
            // A look-ahead cut short gives the step the benefit of the doubt.
            if !complete || !found.is_empty() {
                out.push((engine.step_text(work, step, true), *step));
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
            .map(|(cursor, _)| cursor.position().clone())
    }
}
