//! The trace of the rules evaluated while moves are listed: each action's generators
//! counted, and for a turn decided whole, the explainer's own search of its turns.

use super::{ActionTrace, GenCount, MoveTrace, TurnTrace, TURN_BUDGET};
use crate::engine::eval::Locals;
use crate::engine::generate::{generate_watched, GenWatcher};
use crate::engine::{Choices, Engine, RuntimeError, State, Step, StepKind};
use crate::ir::*;

/// A complete turn found by the explainer's own turn search.
struct TurnLeaf {
    /// The phase's `maximize` keys when the turn was over (before it was settled).
    keys: Vec<i32>,
    /// Whether an end rule held when the turn was over: its keys are not weighed.
    ended: bool,
    /// How the game ended, for a turn that ends it (read once the turn is settled).
    outcome: Option<crate::engine::Outcome>,
    /// The position the turn settles into.
    data: Vec<i32>,
}

impl<'g> Engine<'g> {
    /// The single steps of the phase's actions in `state`, `prefer` applied.
    pub fn single_steps(&self, state: &State) -> Vec<Step> {
        let mut out = Vec::new();
        self.trace_actions(state, &mut out);
        out
    }

    /// Runs the phase's actions as the engine does (preferred ones first), counting
    /// each generator's tests; pushes the steps found.
    fn trace_actions(&self, state: &State, out: &mut Vec<Step>) -> (Vec<ActionTrace>, Vec<usize>) {
        let game = self.game;
        let phase = &game.phases[state.phase()];
        let mut traces = Vec::new();
        let run = |a: usize, out: &mut Vec<Step>| {
            let def = &game.actions[a];
            let mut gens = vec![GenCount::default(); def.generators.len()];
            let mut locals: Locals = [0; MAX_LOCALS];
            let mut moves = 0;
            generate_watched(
                game,
                state,
                &def.generators,
                0,
                &mut locals,
                &mut Counter(&mut gens),
                &mut |_, _, l| {
                    moves += 1;
                    out.push(Step::new(StepKind::Action, a, l));
                    true
                },
            );
            ActionTrace {
                action: a,
                tried: true,
                moves,
                gens,
            }
        };
        let mut preferred = Vec::new();
        for &a in &phase.prefer {
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
            if preferred.is_empty() {
                traces.push(run(a, out));
            } else {
                let n = game.actions[a].generators.len();
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
        let game = self.game;
        let mut trace = MoveTrace {
            phase: state.phase(),
            mover: state.mover(),
            chance: None,
            actions: Vec::new(),
            preferred: Vec::new(),
            turns: None,
        };
        if let Some(c) = state.chance() {
            let mut choices = Choices::default();
            self.chance_steps(state, &mut choices);
            trace.chance = Some((c, choices.len()));
            return Ok(trace);
        }
        let mut steps = Vec::new();
        let (actions, preferred) = self.trace_actions(state, &mut steps);
        trace.actions = actions;
        trace.preferred = preferred;
        let phase = &game.phases[state.phase()];
        // From a turn's start, or from the rest of a turn already begun (a decision
        // handed to another player mid-turn), as `legal` lists them.
        if phase.decide_turn {
            let mut leaves: Vec<TurnLeaf> = Vec::new();
            let mut truncated = false;
            self.count_turns(state, state.mover(), 0, &mut leaves, &mut truncated)?;
            trace.turns = Some(self.weigh_turns(state, &leaves, truncated));
        }
        Ok(trace)
    }

    /// The turns found by `count_turns` as the turn search weighs them: a turn that
    /// ends the game is kept whatever its keys; of the others, those with the best
    /// `maximize` keys; kept turns that reach the same position are one.
    fn weigh_turns(&self, state: &State, leaves: &[TurnLeaf], truncated: bool) -> TurnTrace {
        let game = self.game;
        let best = leaves
            .iter()
            .filter(|l| !l.ended)
            .map(|l| &l.keys)
            .max()
            .cloned()
            .unwrap_or_default();
        let kept: Vec<&TurnLeaf> = leaves
            .iter()
            .filter(|l| l.ended || l.keys == best)
            .collect();
        let cells = game.board_words();
        let mut distinct: Vec<&TurnLeaf> = Vec::new();
        for leaf in &kept {
            let same = |o: &&TurnLeaf| match (&leaf.outcome, &o.outcome) {
                (None, None) => o.data == leaf.data,
                // Past the end of the game only the board and the result count.
                (Some(x), Some(y)) => o.data[cells.clone()] == leaf.data[cells.clone()] && x == y,
                _ => false,
            };
            if !distinct.iter().any(same) {
                distinct.push(leaf);
            }
        }
        // No turn at all: the player passes, if the phase lets him.
        let pass = leaves.is_empty()
            && !truncated
            && !state.in_turn()
            && matches!(game.phases[state.phase()].stuck, Stuck::Pass { .. });
        TurnTrace {
            complete: leaves.len() as u64,
            best,
            kept: kept.len() as u64,
            distinct: distinct.len() + usize::from(pass),
            truncated,
        }
    }

    /// Every step sequence of a turn decided whole from `work`, each with its keys and
    /// the position it settles into, as the turn search (engine/turns.rs) plays them.
    fn count_turns(
        &mut self,
        work: &State,
        actor: usize,
        depth: usize,
        leaves: &mut Vec<TurnLeaf>,
        truncated: &mut bool,
    ) -> Result<(), RuntimeError> {
        for s in self.single_steps(work) {
            if leaves.len() as u64 >= TURN_BUDGET || depth >= self.max_turn_steps {
                *truncated = true;
                return Ok(());
            }
            let mut next = work.clone();
            let cont = self.run_step(&mut next, &s)?;
            if self.turn_goes_on(&next, actor, cont) {
                next.data[SLOT_IN_TURN] = 1;
                if !self.single_steps(&next).is_empty() {
                    self.count_turns(&next, actor, depth + 1, leaves, truncated)?;
                    continue;
                }
                // No action follows: the turn ends here.
                let keys = self.maximize_keys(&next);
                self.settle_known(&mut next, true, true)?;
                leaves.push(TurnLeaf {
                    keys,
                    ended: false,
                    outcome: None,
                    data: next.data,
                });
            } else {
                let ended = self.end_outcome(&next).is_some();
                let keys = self.maximize_keys(&next);
                self.settle_known(&mut next, cont, false)?;
                let outcome = if ended { self.end_outcome(&next) } else { None };
                leaves.push(TurnLeaf {
                    keys,
                    ended,
                    outcome,
                    data: next.data,
                });
            }
        }
        Ok(())
    }
}

/// Counts each generator's tests as the tree walker runs them.
struct Counter<'c>(&'c mut [GenCount]);

impl GenWatcher for Counter<'_> {
    const WATCHES: bool = true;
    fn test(&mut self, gen: usize, passed: bool) {
        if let Some(c) = self.0.get_mut(gen) {
            c.tested += 1;
            c.rejected += u64::from(!passed);
        }
    }
}
