//! A phase's `forbid` rules: a move is tried on a copy of the position, and it is not
//! legal when the position it leads to (the same mover, before the turn ends) makes a
//! rule hold. Listing moves, `can`, the whole-turn search and the explanations all ask
//! here, so they agree on what is legal.

use super::budget::Meter;
use super::eval::{eval, Locals};
use super::{Flow, Game, State, Step, StepKind};
use crate::ir::MAX_ARGS;
use std::cell::RefCell;

thread_local! {
    /// A state to try moves on, kept between calls so that trying one allocates
    /// nothing once warm. Taken while in use, so a nested call makes its own.
    static SCRATCH: RefCell<Option<State>> = const { RefCell::new(None) };
}

/// The index of the first `forbid` rule of the phase of `state` that the move of action
/// `action` bound as `locals` holds would break, if any.
#[inline(never)]
pub(crate) fn refused(game: &Game, state: &State, locals: &Locals, action: usize) -> Option<usize> {
    let phase = &game.rules.phases[state.phase().index()];
    if phase.forbids.is_empty() {
        return None;
    }
    let step = Step::new(
        StepKind::Action,
        action,
        locals,
        &game.code.actions[action].bound,
    );
    refused_step(game, state, &step, locals.meter())
}

/// `refused` for a step already made. A move whose effects fail is not refused here:
/// playing it shows the error.
pub(crate) fn refused_step(
    game: &Game,
    state: &State,
    step: &Step,
    meter: &Meter,
) -> Option<usize> {
    if step.kind != StepKind::Action {
        return None;
    }
    let phase = &game.rules.phases[state.phase().index()];
    if phase.forbids.is_empty() {
        return None;
    }
    let mut after = SCRATCH
        .with(|s| s.borrow_mut().take())
        .unwrap_or_else(|| state.clone());
    after.clone_from(state);
    let mut locals = Locals::new(meter);
    locals.slots_mut()[..MAX_ARGS].copy_from_slice(&step.args);
    let mut flow = Flow::default();
    let body = &game.code.actions[step.id as usize].body;
    let broken = match body(game, &mut after, &mut locals, &mut flow) {
        Err(_) => None,
        Ok(()) => phase.forbids.iter().position(|f| {
            let mut locals = Locals::new(meter);
            eval(game, &after, &f.when, &mut locals) != 0
        }),
    };
    SCRATCH.with(|s| *s.borrow_mut() = Some(after));
    broken
}

impl super::Engine<'_> {
    /// For a random game in a phase with `forbid` rules: a choice drawn by the playout
    /// weights from the steps listed without judging them, each draw judged and, when
    /// refused, struck off and drawn again. The choice is distributed as a draw among
    /// the legal steps would be (the first legal step of a draw without replacement is
    /// drawn by its weight among the legal ones), while a position judges one or two
    /// steps instead of all of them. None when the phase is not such a phase (whole
    /// turns, `prefer`, chance pending), when every step is refused or the listing
    /// stopped: the caller then lists the legal choices as usual, which says what
    /// happens (a pass, the end, an error).
    pub(crate) fn pick_allowed(
        &mut self,
        state: &State,
        choices: &mut super::Choices,
        rng: &mut super::rng::Rng,
    ) -> Option<usize> {
        let game = self.game;
        let phase = &game.rules.phases[state.phase().index()];
        if phase.forbids.is_empty()
            || !phase.prefer.is_empty()
            || phase.decide_turn
            || state.chance().is_some()
        {
            return None;
        }
        let _run = self.run();
        self.generating.set(None);
        self.overflow.set(false);
        choices.clear();
        self.single_action_choices(state, choices, false);
        if self.overflow.get() || self.meter.spent_out() {
            choices.clear();
            return None;
        }
        while !choices.is_empty() {
            let i = rng.weighted(&choices.weights);
            if refused_step(game, state, &choices[i][0], &self.meter).is_none() {
                return Some(i);
            }
            choices.ranges.swap_remove(i);
            choices.weights.swap_remove(i);
        }
        None
    }
}

#[cfg(test)]
#[path = "forbid_tests.rs"]
mod tests;
