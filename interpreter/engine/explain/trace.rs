//! The trace of the rules evaluated while moves are listed: each action's generators
//! counted, and for a turn decided whole, the engine's turn search with its sequences
//! counted.

use super::{ActionTrace, GenCount, MoveTrace, TurnTrace};
use crate::engine::census::Census;
use crate::engine::closure::{Emit, GenWatcher};
use crate::engine::eval::Locals;
use crate::engine::{Choices, Engine, Game, RuntimeError, State, Step, StepKind};
use crate::ir::*;

impl<'g> Engine<'g> {
    /// The single steps of the phase's actions in `state`, `prefer` applied.
    pub fn single_steps(&self, state: &State) -> Vec<Step> {
        let _run = self.run();
        let mut out = Vec::new();
        self.trace_actions(state, &mut out);
        out
    }

    /// Runs the phase's actions as the engine does (preferred ones first), counting
    /// each generator's tests; pushes the steps found.
    fn trace_actions(&self, state: &State, out: &mut Vec<Step>) -> (Vec<ActionTrace>, Vec<usize>) {
        let game = self.game;
        let phase = &game.rules.phases[state.phase().index()];
        let mut traces = Vec::new();
        let run = |a: usize, out: &mut Vec<Step>| {
            let def = &game.rules.actions[a];
            let mut gens = vec![GenCount::default(); def.generators.len()];
            let run = self.run();
            let mut locals = run.locals();
            let mut moves = 0;
            let mut counter = Counter(&mut gens);
            let mut each = |g: &Game, s: &State, l: &Locals| {
                // A move whose reached position a `forbid` refuses is not listed.
                if g.rules.has_forbids && crate::engine::forbid::refused(g, s, l, a).is_some() {
                    return true;
                }
                moves += 1;
                out.push(Step::new(
                    StepKind::Action,
                    a,
                    l,
                    &game.code.actions[a].bound,
                ));
                true
            };
            self.generating.set(Some((StepKind::Action, a)));
            let mut emit = Emit::watched(&mut counter, &mut each);
            game.watchable(a)(game, state, &mut locals, &mut emit);
            ActionTrace {
                action: a,
                tried: true,
                moves,
                gens,
            }
        };
        let mut preferred = Vec::new();
        // An action whose loops ran out of budget is the last one run, so that the
        // error names it.
        let spent_out = || self.meter.spent_out();
        for &a in &phase.prefer {
            if spent_out() {
                break;
            }
            let t = run(a, out);
            if t.moves > 0 {
                preferred.push(a);
            }
            traces.push(t);
        }
        for &a in &phase.actions {
            if phase.prefer.contains(&a) {
                continue;
            }
            if spent_out() {
                break;
            }
            if preferred.is_empty() {
                traces.push(run(a, out));
            } else {
                let n = game.rules.actions[a].generators.len();
                traces.push(ActionTrace {
                    action: a,
                    tried: false,
                    moves: 0,
                    gens: vec![GenCount::default(); n],
                });
            }
        }
        (traces, preferred)
    }

    /// The rules evaluated to list the legal moves of `state`.
    pub fn trace_moves(&mut self, state: &State) -> Result<MoveTrace, RuntimeError> {
        let _run = self.run();
        let game = self.game;
        let mut trace = MoveTrace {
            phase: state.phase().index(),
            mover: state.mover().index(),
            chance: None,
            actions: Vec::new(),
            preferred: Vec::new(),
            turns: None,
        };
        if let Some(c) = state.chance() {
            let mut choices = Choices::default();
            self.chance_steps(state, &mut choices)?;
            trace.chance = Some((c.index(), choices.len()));
            return Ok(trace);
        }
        let mut steps = Vec::new();
        let (actions, preferred) = self.trace_actions(state, &mut steps);
        if self.meter.spent_out() {
            return Err(self.budget_error());
        }
        trace.actions = actions;
        trace.preferred = preferred;
        // From a turn's start, or from the rest of a turn already begun (a decision
        // handed to another player mid-turn): the engine's own turn search, counting.
        if game.rules.phases[state.phase().index()].decide_turn {
            trace.turns = Some(self.count_turns(state)?);
        }
        Ok(trace)
    }

    /// The turns of a phase decided whole, as `legal` searches them, with every
    /// complete sequence counted: also those below a position reached before by another
    /// order, which the search does not go through again.
    fn count_turns(&mut self, state: &State) -> Result<TurnTrace, RuntimeError> {
        let keys = self.game.rules.phases[state.phase().index()]
            .maximize
            .len()
            .min(MAX_TURN_KEYS);
        let mut choices = Choices::default();
        self.search.census = Some(Census::default());
        let listed = self.legal(state, &mut choices);
        let tally = self.search.census.take().unwrap_or_default().total();
        listed?;
        let (best, kept) = tally.kept();
        Ok(TurnTrace {
            complete: tally.complete,
            best: best.map_or_else(Vec::new, |b| b[..keys].to_vec()),
            kept,
            distinct: choices.len(),
        })
    }
}

/// Counts each generator's tests as its watchable chain runs them.
struct Counter<'c>(&'c mut [GenCount]);

impl GenWatcher for Counter<'_> {
    fn test(&mut self, gen: usize, passed: bool, _outside: bool) {
        if let Some(c) = self.0.get_mut(gen) {
            c.tested += 1;
            c.rejected += u64::from(!passed);
        }
    }
}
