//! Where a move's generators send each complete binding: straight into a list of steps
//! (the legal moves), or to a callback (anything else), maybe with a watcher that sees
//! every test on the way.

use super::masks::CellMasks;
use super::watched::GenWatcher;
use crate::engine::eval::Locals;
use crate::engine::state::State;
use crate::engine::Game;
use crate::engine::{Step, StepKind, MAX_CHOICES};

/// Receives each complete binding of a move's generators. Listing steps is the frequent
/// case, and is done here without a call through a trait object, inlined into the
/// loops that find the bindings.
pub struct Emit<'a> {
    sink: Sink<'a>,
    /// What the loops of this generation keep of the state, which does not change.
    pub(super) masks: CellMasks,
    /// Sees each test of a chain compiled to be watched (`compile_watchable`).
    pub(super) watcher: Option<&'a mut dyn GenWatcher>,
}

enum Sink<'a> {
    /// Each binding becomes a step of action `id`, up to `MAX_CHOICES` steps in `out`.
    Steps {
        out: &'a mut Vec<Step>,
        id: usize,
        overflow: bool,
        /// Whether a step the phase's `forbid` rules refuse is left out.
        forbids: bool,
    },
    Call(&'a mut dyn FnMut(&Game, &State, &Locals) -> bool),
}

impl<'a> Emit<'a> {
    /// Lists each binding in `out` as a step of action `id`.
    pub fn steps(out: &'a mut Vec<Step>, id: usize) -> Emit<'a> {
        Emit {
            sink: Sink::Steps {
                out,
                id,
                overflow: false,
                forbids: true,
            },
            masks: CellMasks::default(),
            watcher: None,
        }
    }

    /// Lists the steps the phase's `forbid` rules refuse too, for a caller that judges
    /// the one it plays (a random game trying its picks one at a time).
    pub(crate) fn skip_forbids(&mut self) {
        if let Sink::Steps { forbids, .. } = &mut self.sink {
            *forbids = false;
        }
    }

    /// Calls `f` with each binding; `f` returns false to stop the generation.
    pub fn call(f: &'a mut dyn FnMut(&Game, &State, &Locals) -> bool) -> Emit<'a> {
        Emit {
            sink: Sink::Call(f),
            masks: CellMasks::default(),
            watcher: None,
        }
    }

    /// Calls `f` with each binding, and tells `watcher` each test a chain compiled to
    /// be watched makes.
    pub(crate) fn watched(
        watcher: &'a mut dyn GenWatcher,
        f: &'a mut dyn FnMut(&Game, &State, &Locals) -> bool,
    ) -> Emit<'a> {
        Emit {
            sink: Sink::Call(f),
            masks: CellMasks::default(),
            watcher: Some(watcher),
        }
    }

    /// Generator `gen` made a test; whether the binding goes on (it passed, or the
    /// watcher follows failed bindings too).
    #[inline]
    pub(super) fn test(&mut self, gen: usize, passed: bool, outside: bool) -> bool {
        match self.watcher.as_deref_mut() {
            None => passed,
            Some(w) => {
                w.test(gen, passed, outside);
                passed || !w.prunes()
            }
        }
    }

    /// Lists the next bindings as steps of action `a`, in the same list: the actions
    /// of one position share what their loops keep of it.
    pub(crate) fn set_action(&mut self, a: usize) {
        if let Sink::Steps { id, .. } = &mut self.sink {
            *id = a;
        }
    }

    /// How many steps are listed (0 for a callback).
    pub fn listed(&self) -> usize {
        match &self.sink {
            Sink::Steps { out, .. } => out.len(),
            Sink::Call(_) => 0,
        }
    }

    /// Whether listing stopped because `MAX_CHOICES` steps were listed.
    pub(crate) fn overflowed(&self) -> bool {
        matches!(self.sink, Sink::Steps { overflow: true, .. })
    }

    /// Takes one complete binding; false stops the generation.
    #[inline(always)]
    pub(crate) fn emit(&mut self, game: &Game, state: &State, locals: &Locals) -> bool {
        match &mut self.sink {
            Sink::Steps {
                out,
                id,
                overflow,
                forbids,
            } => {
                if out.len() >= MAX_CHOICES {
                    *overflow = true;
                    return false;
                }
                if !crate::engine::generate::goes_on_with(game, state, *id, locals) {
                    return true;
                }
                if *forbids
                    && game.rules.has_forbids
                    && crate::engine::forbid::refused(game, state, locals, *id).is_some()
                {
                    return true;
                }
                out.push(Step::new(
                    StepKind::Action,
                    *id,
                    locals,
                    &game.code.actions[*id].bound,
                ));
                true
            }
            Sink::Call(f) => f(game, state, locals),
        }
    }
}
