//! A turn played a step at a time: the one test of whether a turn decided whole goes on
//! after a step (`Engine::after_step`), which the turn search makes at every step it
//! tries, and `TurnCursor`, which plays a turn through that test for `why`, the notation
//! reader and a person entering a turn step by step.

use super::eval::eval;
use super::{Choices, Engine, Outcome, RuntimeError, RuntimeErrorKind, State, Step};
use super::{Game, StepKind};
use crate::ir::*;
use std::collections::HashMap;

/// What a step leaves of a turn decided whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AfterStep {
    /// The same player acts on in the same turn, if an action is left to him.
    GoesOn,
    /// The turn is over; `ended`: an end rule holds on the position the step left.
    Over { ended: bool },
}

impl<'g> Engine<'g> {
    /// What a step played on `work` by `actor` leaves of a turn decided whole (`cont`:
    /// the step said `continue`). The turn goes on when the step said `continue`, the
    /// same player is still to act, no chance event is pending, no end rule holds and
    /// the phase's `until` does not: a chance event, a hand-over or the end is the next
    /// decision's, not this one's. `before`: the position the step was played from,
    /// when the turn reached it (so it was not over): if the step left every word the
    /// end rules read as it was, none holds.
    #[inline(always)]
    pub(crate) fn after_step(
        &self,
        work: &State,
        actor: usize,
        cont: bool,
        before: Option<&[i32]>,
    ) -> Result<AfterStep, RuntimeError> {
        let game = self.game;
        let unchanged = before.is_some_and(|saved| {
            !self.meter.spent_out()
                && self
                    .end_reads
                    .as_ref()
                    .is_some_and(|w| w.iter().all(|&i| work.data[i] == saved[i]))
        });
        let ended = !unchanged && self.end_checked(work)?.is_some();
        let goes_on = cont
            && work.mover().index() == actor
            && work.chance().is_none()
            && !ended
            && game.rules.phases[work.phase().index()]
                .until
                .as_ref()
                .is_none_or(|u| {
                    let run = self.run();
                    let mut locals = run.locals();
                    eval(game, work, u, &mut locals) == 0
                });
        Ok(if goes_on {
            AfterStep::GoesOn
        } else {
            AfterStep::Over { ended }
        })
    }

    /// Settles a turn decided whole that is over after its last step: `cont`, the step
    /// said `continue`; `stuck`, the turn went on after it and no action was left.
    /// `KNOWN`: ending the turn may copy what ending an earlier turn of the same search
    /// wrote (`end_turn_known`).
    #[inline]
    pub(crate) fn close_turn<const KNOWN: bool>(
        &mut self,
        work: &mut State,
        cont: bool,
        stuck: bool,
    ) -> Result<(), RuntimeError> {
        if stuck {
            // The turn went on from here, so no chance is pending, no end rule holds
            // and `until` does not: with no action left, the turn ends.
            work.data[SLOT_IN_TURN] = 1;
        } else if cont {
            return self.settle_known(work, true, false);
        }
        if KNOWN {
            self.end_turn_known(work)
        } else {
            self.end_turn(work)
        }
    }

    /// The phase's `maximize` keys of a complete turn, on the position its last step
    /// left (before the turn settles).
    pub(crate) fn maximize_keys(&self, work: &State) -> Vec<i32> {
        let game = self.game;
        let run = self.run();
        let mut locals = run.locals();
        game.rules.phases[work.phase().index()]
            .maximize
            .iter()
            .map(|e| eval(game, work, e, &mut locals))
            .collect()
    }

    /// Makes `ended`, a copy of `work` (where a turn ended the game), the state once the
    /// turn has ended, as every other turn is told apart (`turn end` run and the next
    /// turn begun); left as `work` when the turn is over already or its end fails (its
    /// loop budget spent), so that it is never taken for another.
    pub(crate) fn end_for_key(&mut self, ended: &mut State, work: &State) {
        if !work.in_turn() {
            return;
        }
        if self.end_turn(ended).is_err() || ended.data.len() != work.data.len() {
            ended.data.clear();
            ended.data.extend_from_slice(&work.data);
        }
    }

    /// What tells apart the turn that settled in `settled`, as the turn search tells its
    /// turns apart.
    fn turn_key(&mut self, settled: &State) -> Result<TurnKey, RuntimeError> {
        Ok(match self.end_checked(settled)? {
            None => TurnKey {
                words: settled.data.clone(),
                outcome: None,
            },
            Some(outcome) => {
                let mut ended = settled.clone();
                self.end_for_key(&mut ended, settled);
                TurnKey {
                    words: ended.data,
                    outcome: Some(outcome),
                }
            }
        })
    }

    /// The steps the player can take next in `state`, `prefer` applied; an error when
    /// they are too many or the loop budget ran out.
    fn next_steps_into(&self, state: &State, out: &mut Vec<Step>) -> Result<(), RuntimeError> {
        self.overflow.set(false);
        self.action_steps(state, out);
        if self.overflow.get() {
            out.clear();
            return Err(self.overflow_error());
        }
        if self.meter.spent_out() {
            out.clear();
            return Err(self.budget_error());
        }
        Ok(())
    }
}

/// What tells one complete turn from another, as the turn search tells them: the
/// position it leads to; for a turn that ends the game, the state once its turn has
/// ended (so its unplayed dice and per-turn counters do not count) and its result.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct TurnKey {
    words: Vec<i32>,
    outcome: Option<Outcome>,
}

/// The legal turns of a decision by what tells them apart, to say which one a turn
/// played step by step reaches.
#[derive(Debug, Clone, Default)]
pub struct LegalTurns {
    by_key: HashMap<TurnKey, usize>,
}

impl LegalTurns {
    /// The turns of `choices`, the legal choices of `state`.
    pub fn new(
        engine: &mut Engine,
        state: &State,
        choices: &Choices,
    ) -> Result<LegalTurns, RuntimeError> {
        let _run = engine.run();
        let mut by_key = HashMap::with_capacity(choices.len());
        for i in 0..choices.len() {
            let mut reached = state.clone();
            engine.play_choice(&mut reached, choices, i)?;
            by_key.entry(engine.turn_key(&reached)?).or_insert(i);
        }
        Ok(LegalTurns { by_key })
    }
}

/// The `maximize` keys of a complete turn, and what tells it apart.
#[derive(Debug, Clone)]
struct Complete {
    /// None when an end rule held before the turn's end: the keys do not weigh it.
    keys: Option<Vec<i32>>,
    key: TurnKey,
}

/// The turn of the player to act, played a step at a time from a decision. It offers
/// the steps the rules allow next (`next_steps`), plays one (`play`) and says whether
/// the turn goes on, by the turn search's own test (`Engine::after_step`); once the turn
/// is over, which of the decision's legal turns it is (`turn`), if any: `maximize` may
/// have beaten it. In a phase that does not decide turns whole, each step is a turn.
#[derive(Debug, Clone)]
pub struct TurnCursor {
    /// The position the steps played so far left: settled once the turn is over.
    work: State,
    actor: usize,
    /// Whether the phase decides turns whole.
    whole: bool,
    played: Vec<Step>,
    next: Vec<Step>,
    complete: Option<Complete>,
}

impl TurnCursor {
    /// A turn from `state`, with no step played; it offers nothing when the game is
    /// over or a chance event is to be resolved.
    pub fn new(engine: &mut Engine, state: &State) -> Result<TurnCursor, RuntimeError> {
        let _run = engine.run();
        engine.generating.set(None);
        let game = engine.game;
        let phase = &game.rules.phases[state.phase().index()];
        let mut cursor = TurnCursor {
            work: state.clone(),
            actor: state.mover().index(),
            whole: phase.decide_turn,
            played: Vec::new(),
            next: Vec::new(),
            complete: None,
        };
        if state.chance().is_some() || engine.end_checked(state)?.is_some() {
            return Ok(cursor);
        }
        engine.next_steps_into(state, &mut cursor.next)?;
        if cursor.next.is_empty() && !state.in_turn() && matches!(phase.stuck, Stuck::Pass { .. }) {
            cursor.next.push(Step {
                kind: StepKind::Pass,
                id: 0,
                args: [0; MAX_ARGS],
            });
        }
        Ok(cursor)
    }

    /// The steps that may be played next: none once the turn is over.
    pub fn next_steps(&self) -> &[Step] {
        &self.next
    }

    /// The steps played so far.
    pub fn played(&self) -> &[Step] {
        &self.played
    }

    /// The position the steps played so far left; once the turn is over, the position
    /// it settled in (the next decision's).
    pub fn position(&self) -> &State {
        &self.work
    }

    /// Whether the turn is over (a step was played and the turn does not go on).
    pub fn is_over(&self) -> bool {
        self.complete.is_some()
    }

    /// The `maximize` keys of the turn once it is over, worked out on the position its
    /// last step left; None while it goes on, and for a turn that ended the game before
    /// its end, which the keys do not weigh.
    pub fn keys(&self) -> Option<&[i32]> {
        self.complete.as_ref()?.keys.as_deref()
    }

    /// The legal turn (an index in the decision's choices) this one is, once it is over;
    /// None while it goes on, or when it is not legal (beaten on `maximize`).
    pub fn turn(&self, legal: &LegalTurns) -> Option<usize> {
        let complete = self.complete.as_ref()?;
        legal.by_key.get(&complete.key).copied()
    }

    /// Plays `step`, one of `next_steps`; returns whether the turn goes on. Once the
    /// turn is over, the position is settled and nothing more is played.
    pub fn play(&mut self, engine: &mut Engine, step: &Step) -> Result<bool, RuntimeError> {
        if self.complete.is_some() {
            return Ok(false);
        }
        let _run = engine.run();
        engine.generating.set(None);
        let before = (!self.played.is_empty()).then(|| self.work.data.clone());
        let cont = engine.run_step(&mut self.work, step)?;
        self.played.push(*step);
        self.next.clear();
        let after = if self.whole && step.kind == StepKind::Action {
            engine.after_step(&self.work, self.actor, cont, before.as_deref())?
        } else {
            AfterStep::Over {
                ended: engine.end_checked(&self.work)?.is_some(),
            }
        };
        let stuck = match after {
            AfterStep::GoesOn => {
                let max = engine.max_turn_steps;
                if self.played.len() >= max {
                    return Err(endless_turn(engine.game, step, max));
                }
                self.work.data[SLOT_IN_TURN] = 1;
                engine.next_steps_into(&self.work, &mut self.next)?;
                if !self.next.is_empty() {
                    return Ok(true);
                }
                true
            }
            AfterStep::Over { .. } => false,
        };
        let ended = after == AfterStep::Over { ended: true };
        let keys = (!ended).then(|| engine.maximize_keys(&self.work));
        engine.close_turn::<false>(&mut self.work, cont, stuck)?;
        let key = engine.turn_key(&self.work)?;
        if engine.meter.spent_out() {
            return Err(engine.budget_error());
        }
        self.complete = Some(Complete { keys, key });
        Ok(false)
    }
}

/// The error of a turn that never stops: built out of the search's hot loop.
#[cold]
#[inline(never)]
pub(crate) fn endless_turn(game: &Game, step: &Step, max: usize) -> RuntimeError {
    RuntimeError::new(
        game.rules.actions[step.id as usize].span,
        RuntimeErrorKind::EndlessTurn { max },
    )
}
