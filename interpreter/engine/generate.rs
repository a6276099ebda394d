//! Listing what may happen in a position: the steps of the phase's actions, their
//! playout weights, and the outcomes of a pending chance event.

use super::eval::{eval, Locals};
use super::{closure, Choices, Engine, Game, RuntimeError, State, Step, StepKind, MAX_CHOICES};
use crate::ir::{MAX_ARGS, MAX_PLAYOUT_WEIGHT};

impl Engine<'_> {
    /// How often playouts pick an action step generated in `state`, relative to the
    /// other choices: its action's `playout weight` (at most `MAX_PLAYOUT_WEIGHT`), or 1
    /// when it declares none.
    pub(crate) fn playout_weight(&self, state: &State, step: &Step) -> u32 {
        if step.kind != StepKind::Action {
            return 1;
        }
        match &self.game.rules.actions[step.id as usize].playout_weight {
            None => 1,
            Some(e) => {
                let run = self.run();
                let mut locals = run.locals();
                locals.slots_mut()[..MAX_ARGS].copy_from_slice(&step.args);
                eval(self.game, state, e, &mut locals).clamp(0, MAX_PLAYOUT_WEIGHT) as u32
            }
        }
    }

    /// The steps of the phase's actions added to `out` as choices of one step each,
    /// with their playout weights (all 0 when the phase declares none); `forbids` as
    /// for `action_steps_judged`.
    pub(crate) fn single_action_choices(&self, state: &State, out: &mut Choices, forbids: bool) {
        let phase = &self.game.rules.phases[state.phase().index()];
        let start = out.steps.len();
        self.action_steps_judged(state, &mut out.steps, forbids);
        let (a, n) = (start as u32, out.steps.len() as u32);
        out.ranges.extend((a..n).map(|i| (i, i + 1)));
        if phase.weighted {
            for i in start..n as usize {
                let w = self.playout_weight(state, &out.steps[i]);
                out.weights.push(w);
            }
        } else {
            out.weights.resize(out.weights.len() + (n - a) as usize, 0);
        }
    }

    /// Generates the steps of the phase's actions into `out`, with `prefer` applied.
    pub(crate) fn action_steps(&self, state: &State, out: &mut Vec<Step>) {
        self.action_steps_judged(state, out, true);
    }

    /// `action_steps`, with the phase's `forbid` rules judged on each step (`forbids`)
    /// or not: then a step may be one they refuse, and whoever plays it judges it.
    pub(crate) fn action_steps_judged(&self, state: &State, out: &mut Vec<Step>, forbids: bool) {
        let game = self.game;
        let phase = &game.rules.phases[state.phase().index()];
        let start = out.len();
        let _memo = super::reach::memo::generating(state);
        let run = self.run();
        let mut locals = run.locals();
        let mut emit = closure::Emit::steps(out, 0);
        if !forbids {
            emit.skip_forbids();
        }
        // Whether the action's generators ran to the end; when they were stopped (too
        // many steps, or the loop budget gone) no other action runs, so that the error
        // names the action that was being generated.
        let mut steps_of = |a: usize, emit: &mut closure::Emit<'_>| -> bool {
            // Each action starts from fresh arguments: a step keeps the first
            // `MAX_ARGS` slots, and those an action does not bind would else hold what
            // the action generated before it left there. The slots after them are
            // never read before they are written (the checker sees to it).
            locals.slots_mut()[..MAX_ARGS].fill(0);
            // A turn going on with another action (`continue with`) lists none of this one.
            if let Some(at) = game.rules.go_on_at {
                let code = state.data[at];
                if code != 0 && (code - 1) / 16 != a as i32 && !game.rules.stop_actions.contains(&a)
                {
                    return true;
                }
            }
            self.generating.set(Some((StepKind::Action, a)));
            emit.set_action(a);
            (game.code.actions[a].generators)(game, state, &mut locals, emit)
        };
        let preferred_ran = phase.prefer.iter().all(|&a| steps_of(a, &mut emit));
        if preferred_ran && emit.listed() == start {
            for &a in phase.actions.iter().filter(|a| !phase.prefer.contains(a)) {
                if !steps_of(a, &mut emit) {
                    break;
                }
            }
        }
        if emit.overflowed() {
            self.overflow.set(true);
        }
    }

    /// The outcomes of the pending chance event with their weights, added to `out`;
    /// an error when they are too many or the loop budget ran out.
    pub fn chance_steps(&self, state: &State, out: &mut Choices) -> Result<(), RuntimeError> {
        let _run = self.run();
        let Some(c) = state.chance() else {
            return Ok(());
        };
        match self.game.chance_outcomes.get(c.index()) {
            Some(Some(fixed)) => {
                for &(s, w) in fixed {
                    out.push_one(s, w);
                }
            }
            _ => {
                self.overflow.set(false);
                self.live_chance_steps(state, c.index(), out);
                if self.overflow.get() {
                    return Err(self.overflow_error());
                }
                if self.meter.spent_out() {
                    return Err(self.budget_error());
                }
            }
        }
        Ok(())
    }

    /// Generates the outcomes of chance event `c`; returns false if the loop budget
    /// stopped the generation early.
    pub(super) fn live_chance_steps(&self, state: &State, c: usize, out: &mut Choices) -> bool {
        let game = self.game;
        let def = &game.rules.chances[c];
        self.generating.set(Some((StepKind::Chance, c)));
        let run = self.run();
        let mut locals = run.locals();
        let mut each = |game: &Game, state: &State, l: &Locals| {
            let w = match &def.weight {
                Some(w) => {
                    let mut l2 = *l;
                    eval(game, state, w, &mut l2).max(0) as u32
                }
                None => 1,
            };
            if out.len() >= MAX_CHOICES {
                self.overflow.set(true);
                return false;
            }
            if w > 0 {
                out.push_one(
                    Step::new(StepKind::Chance, c, l, &game.code.chances[c].bound),
                    w,
                );
            }
            true
        };
        (game.code.chances[c].generators)(
            game,
            state,
            &mut locals,
            &mut closure::Emit::call(&mut each),
        )
    }
}

/// Whether a move of `action` with the bindings of `locals` may be made in a turn that
/// goes on (`continue with`): any move when the turn goes on with no action; else only
/// that action's moves whose held name has the value held, and the stop actions'.
#[inline(always)]
pub(crate) fn goes_on_with(game: &Game, state: &State, action: usize, locals: &Locals) -> bool {
    let Some(at) = game.rules.go_on_at else {
        return true;
    };
    let code = state.data[at];
    if code == 0 {
        return true;
    }
    let (with, slot) = ((code - 1) / 16, ((code - 1) % 16) as usize);
    if action as i32 == with {
        locals.slots()[slot] == state.data[at + 1]
    } else {
        game.rules.stop_actions.contains(&action)
    }
}
