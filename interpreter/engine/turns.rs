//! Whole-turn decisions: every sequence of actions a player can make in one turn is
//! tried (apply, recurse, go back); the complete turns are filtered by the phase's
//! `maximize` keys and told apart by the position they produce.

use super::census::Census;
use super::cursor::{endless_turn, AfterStep};
use super::eval::eval;
use super::hash_slots::HashSlots;
use super::search_hash::SearchHash;
use super::Game;
use super::{Choices, Engine, Outcome, RuntimeError, RuntimeErrorKind, State, Step, StepKind};
use crate::ir::*;

const MAX_KEYS: usize = MAX_TURN_KEYS;

/// The most words of positions a turn search keeps (those reached, and the complete
/// turns): 64 MiB. Far more than any real turn needs; a turn of a thousand choices at
/// each of sixty steps would otherwise fill the memory before its loop budget ran out.
pub(crate) const MAX_SEARCH_WORDS: usize = 1 << 24;

#[derive(Debug, Clone, Copy)]
struct Leaf {
    steps: (u32, u32),
    hash: u64,
    data: u32,
    /// The product of the steps' playout weights (0 when the phase declares none).
    weight: u32,
    /// For a turn that ends the game: its outcome, in `Search::outcomes`.
    ended: Option<u32>,
    /// Whether an end rule held before the turn's end, so the `maximize` keys did not
    /// weigh it (a turn better on the keys found later keeps it).
    unweighed: bool,
}

/// One depth of the turn search: the steps tried there, and the position to go back
/// to after each.
#[derive(Debug, Default)]
struct Level {
    steps: Vec<Step>,
    saved: Vec<i32>,
}

/// Scratch space for turn search, reused from call to call.
#[derive(Debug, Default)]
pub(crate) struct Search {
    /// Scratch space of each depth of the search.
    levels: Vec<Level>,
    path: Vec<Step>,
    /// The playout weight of the path so far (products, one per depth), when the phase
    /// declares playout weights.
    path_weight: Vec<u32>,
    leaves: Vec<Leaf>,
    leaf_steps: Vec<Step>,
    leaf_data: Vec<i32>,
    work: Option<State>,
    kept: Vec<usize>,
    /// The kept turns by the hash of the position each leads to (index in `kept`).
    kept_by_hash: HashSlots,
    /// The greatest `maximize` keys of the turns found so far (`None` before the first).
    best: Option<[i32; MAX_KEYS]>,
    /// The outcomes of the turns found that end the game.
    outcomes: Vec<Outcome>,
    /// For each of those outcomes, in order, the state that tells the turn apart (one
    /// position's words each): the state it reached, once its turn has ended.
    ended_keys: Vec<i32>,
    /// Scratch space for ending a turn that ended the game before its turn did.
    ended_work: Option<State>,
    /// Scratch space for the words the end rules read, before a turn settles.
    end_words: Vec<i32>,
    /// Positions already reached within this turn (by hash, their offset in
    /// `seen_data`): two orders of the same moves lead to the same subtree, which is
    /// searched once.
    seen: HashSlots,
    seen_data: Vec<i32>,
    /// The last turn this search ended by running the rules.
    turn_end: super::turn_end::TurnEndMemo,
    /// How positions are hashed: without the words ending a turn writes.
    pub(crate) hash: SearchHash,
    /// The count of every complete sequence, kept only when `trace` asks for it.
    pub(crate) census: Option<Census>,
}

impl Search {
    /// The census, in a search that counts (`COUNT` is known when the search is
    /// compiled, so one that does not count pays nothing).
    #[inline]
    fn census<const COUNT: bool>(&mut self) -> Option<&mut Census> {
        if COUNT {
            self.census.as_mut()
        } else {
            None
        }
    }

    /// The hash of a position in this search.
    #[inline]
    fn hash(&self, state: &State) -> u64 {
        self.hash.hash(&state.data)
    }

    /// The hash of this position if it was not reached before in this turn (it is
    /// remembered), `None` if it was.
    fn visit(&mut self, state: &State) -> Option<u64> {
        let h = self.hash(state);
        let width = state.data.len();
        let fresh = self.seen_data.len() as u32;
        let data = &self.seen_data;
        let same = |off: u32| data[off as usize..off as usize + width] == state.data[..];
        if self.seen.find_or_insert(h, fresh, same).is_some() {
            return None;
        }
        self.seen_data.extend_from_slice(&state.data);
        Some(h)
    }
}

impl<'g> Engine<'g> {
    pub(crate) fn whole_turns(
        &mut self,
        state: &State,
        out: &mut Choices,
    ) -> Result<(), RuntimeError> {
        let game = self.game;
        let mut work = self.search.work.take().unwrap_or_else(|| state.clone());
        work.data.clear();
        work.data.extend_from_slice(&state.data);
        self.search.leaves.clear();
        self.search.leaf_steps.clear();
        self.search.leaf_data.clear();
        self.search.path.clear();
        self.search.path_weight.clear();
        self.search.seen.clear();
        self.search.seen_data.clear();
        self.search.outcomes.clear();
        self.search.ended_keys.clear();
        self.search.turn_end.clear();
        self.search.best = None;
        self.search_hash_for(state);
        // Counting every sequence (for `trace`) is a search of its own, so the search
        // of `legal` pays nothing for it.
        let result = match self.search.census {
            Some(_) => self.dfs::<true>(&mut work, 0),
            None => self.dfs::<false>(&mut work, 0),
        };
        self.search.work = Some(work);
        result?;
        if self.search.leaves.is_empty() {
            if let (Stuck::Pass { .. }, false) = (
                &game.rules.phases[state.phase().index()].stuck,
                state.in_turn(),
            ) {
                let a = out.steps.len() as u32;
                out.steps.push(Step {
                    kind: StepKind::Pass,
                    id: 0,
                    args: [0; MAX_ARGS],
                });
                out.ranges.push((a, a + 1));
                out.weights.push(0);
            }
            return Ok(());
        }
        let width = state.data.len();
        let mut kept = std::mem::take(&mut self.search.kept);
        kept.clear();
        let mut by_hash = std::mem::take(&mut self.search.kept_by_hash);
        by_hash.clear();
        for (i, leaf) in self.search.leaves.iter().enumerate() {
            let s = &self.search;
            let data = &s.leaf_data[leaf.data as usize..leaf.data as usize + width];
            let same_as = |&k: &usize| {
                let o = &s.leaves[k];
                let other = &s.leaf_data[o.data as usize..o.data as usize + width];
                o.hash == leaf.hash
                    && match (leaf.ended, o.ended) {
                        (None, None) => other == data,
                        // Two turns that end the game are one when they reach the same
                        // state once their turn has ended, every word of it (a counter
                        // may hold part of the position), with the same result.
                        (Some(x), Some(y)) => {
                            s.ended_key(x, width) == s.ended_key(y, width)
                                && s.outcomes[x as usize] == s.outcomes[y as usize]
                        }
                        _ => false,
                    }
            };
            let same = by_hash
                .find_or_insert(leaf.hash, kept.len() as u32, |k| same_as(&kept[k as usize]))
                .map(|k| k as usize);
            let (a, b) = leaf.steps;
            let steps = &s.leaf_steps[a as usize..b as usize];
            let start = out.steps.len() as u32;
            out.steps.extend_from_slice(steps);
            let end = out.steps.len() as u32;
            match same {
                Some(k) => out.alternatives.push((start, end, k as u32)),
                None => {
                    kept.push(i);
                    out.ranges.push((start, end));
                    out.weights.push(leaf.weight);
                    out.results.extend_from_slice(data);
                }
            }
        }
        self.search.kept = kept;
        self.search.kept_by_hash = by_hash;
        Ok(())
    }

    /// Searches the turns going on from `work`; returns whether any action was possible
    /// there (its subtrees may all have been searched before, from another order).
    fn dfs<const COUNT: bool>(
        &mut self,
        work: &mut State,
        depth: usize,
    ) -> Result<bool, RuntimeError> {
        let game = self.game;
        if self.search.levels.len() <= depth {
            self.search.levels.push(Level::default());
        }
        let Level {
            mut steps,
            mut saved,
        } = std::mem::take(&mut self.search.levels[depth]);
        steps.clear();
        self.action_steps(work, &mut steps);
        if self.overflow.get() {
            self.search.levels[depth] = Level { steps, saved };
            return Err(self.overflow_error());
        }
        // Going back is one copy of the position: cheaper than recording and undoing
        // each of the dozen or so writes a step and the settling of a turn make.
        saved.clear();
        saved.extend_from_slice(&work.data);
        let actor = work.mover().index();
        let weighted = game.rules.phases[work.phase().index()].weighted;
        let result = (|| {
            for s in &steps {
                if weighted {
                    let before = match depth {
                        0 => 1,
                        d => self.search.path_weight.get(d - 1).copied().unwrap_or(1),
                    };
                    let w = self.playout_weight(work, s);
                    let product =
                        (u64::from(before) * u64::from(w)).min(MAX_PLAYOUT_WEIGHT as u64) as u32;
                    self.search.path_weight.truncate(depth);
                    self.search.path_weight.push(product);
                }
                let cont = self.run_step(work, s)?;
                let Some(hash) = self.search.visit(work) else {
                    if let Some(c) = self.search.census::<COUNT>() {
                        c.reached_again(&work.data);
                    }
                    work.data.copy_from_slice(&saved);
                    continue;
                };
                if let Some(c) = self.search.census::<COUNT>() {
                    c.enter(&work.data);
                }
                if self.search.seen_data.len() + self.search.leaf_data.len() > MAX_SEARCH_WORDS {
                    return Err(search_too_big(game, s));
                }
                self.search.path.push(*s);
                // Below the root, the position the step was made from is not over.
                let before = (depth > 0).then_some(&saved[..]);
                match self.after_step(work, actor, cont, before)? {
                    AfterStep::GoesOn => {
                        if depth + 1 >= self.max_turn_steps {
                            return Err(endless_turn(game, s, self.max_turn_steps));
                        }
                        work.data[SLOT_IN_TURN] = 1;
                        let had_actions = self.dfs::<COUNT>(work, depth + 1)?;
                        if !had_actions {
                            // No action follows: the turn ends here.
                            self.leaf::<COUNT>(work, true, true, false, hash)?;
                        }
                    }
                    AfterStep::Over { ended } => {
                        self.leaf::<COUNT>(work, cont, false, ended, hash)?
                    }
                }
                if let Some(c) = self.search.census::<COUNT>() {
                    c.leave();
                }
                self.search.path.pop();
                work.data.copy_from_slice(&saved);
            }
            Ok(())
        })();
        let had_actions = !steps.is_empty();
        self.search.levels[depth] = Level { steps, saved };
        result.map(|()| had_actions)
    }

    /// Records the current path as a complete turn, settling `work` (the caller puts
    /// it back); `stuck`: the search went on from here and found no action. A turn that
    /// `ended` the game is complete however few steps it took:
    /// the phase's `maximize` keys do not weigh it against turns that go on. `reached`:
    /// the search's hash of `work` as the step left it.
    fn leaf<const COUNT: bool>(
        &mut self,
        work: &mut State,
        cont: bool,
        stuck: bool,
        ended: bool,
        reached: u64,
    ) -> Result<(), RuntimeError> {
        let game = self.game;
        let phase = &game.rules.phases[work.phase().index()];
        // The words the end rules read, before the turn settles: if settling leaves
        // them as they were, the game is no more over than before (`ended`).
        let mut end_words = std::mem::take(&mut self.search.end_words);
        end_words.clear();
        if let Some(w) = self.end_reads.as_ref().filter(|_| !ended) {
            end_words.extend(w.iter().map(|&i| work.data[i]));
        }
        // Ending the turn by a plan writes only words the hash leaves out.
        let planned = self.search.hash.planned(work.phase().index());
        if ended {
            if let Some(c) = self.search.census::<COUNT>() {
                c.complete(None);
            }
        } else {
            let mut keys = [0; MAX_KEYS];
            let run = self.run();
            let mut locals = run.locals();
            for (k, e) in phase.maximize.iter().take(MAX_KEYS).enumerate() {
                keys[k] = eval(game, work, e, &mut locals);
            }
            if let Some(c) = self.search.census::<COUNT>() {
                c.complete(Some(keys));
            }
            // A turn beaten on the keys is never offered: it need not be settled or
            // kept, and a better one makes every turn found before it useless (but
            // those that end the game).
            let s = &mut self.search;
            match s.best {
                Some(b) if keys < b => return Ok(()),
                Some(b) if keys == b => {}
                _ => {
                    s.best = Some(keys);
                    s.keep_only_ended(work.data.len());
                }
            }
        }
        self.close_turn::<true>(work, cont, stuck)?;
        let mut hash = if planned && (stuck || !cont) {
            reached
        } else {
            self.search.hash(work)
        };
        // Whether the turn ends the game is judged on the state it settles in, whatever
        // held before its `turn end` ran, so that two turns reaching one state are alike
        // in this too. An end rule that runs out of loop budget here is an error, as in
        // `dfs`.
        let unweighed = ended;
        let unchanged = !ended
            && !self.meter.spent_out()
            && self.end_reads.as_ref().is_some_and(|w| {
                w.iter()
                    .zip(&end_words)
                    .all(|(&i, &before)| work.data[i] == before)
            });
        self.search.end_words = end_words;
        let outcome = if unchanged {
            None
        } else {
            self.end_checked(work)?
        };
        let ended = match outcome {
            Some(outcome) => {
                self.push_ended_key(work);
                let width = work.data.len();
                let x = self.search.outcomes.len() as u32;
                hash = ended_hash(self.search.ended_key(x, width), &outcome);
                self.search.outcomes.push(outcome);
                Some(self.search.outcomes.len() as u32 - 1)
            }
            None => None,
        };
        let s = &mut self.search;
        let a = s.leaf_steps.len() as u32;
        s.leaf_steps.extend_from_slice(&s.path);
        let b = s.leaf_steps.len() as u32;
        let data = s.leaf_data.len() as u32;
        s.leaf_data.extend_from_slice(&work.data);
        let weight = s
            .path_weight
            .get(s.path.len().wrapping_sub(1))
            .copied()
            .unwrap_or(0);
        s.leaves.push(Leaf {
            steps: (a, b),
            hash,
            data,
            weight,
            ended,
            unweighed,
        });
        Ok(())
    }
}

impl<'g> Engine<'g> {
    /// Keeps what tells apart a turn that ended the game in `work`: the state once its
    /// turn has ended, as every other turn is told apart (`turn end` run and the next
    /// turn begun), so the dice it left unplayed and its per-turn counters do not count,
    /// while a counter that keeps part of the position does. A turn whose end fails (its
    /// loop budget spent) keeps the state as reached: it is never taken for another.
    fn push_ended_key(&mut self, work: &State) {
        let mut ended = self
            .search
            .ended_work
            .take()
            .unwrap_or_else(|| work.clone());
        ended.data.clear();
        ended.data.extend_from_slice(&work.data);
        self.end_for_key(&mut ended, work);
        self.search.ended_keys.extend_from_slice(&ended.data);
        self.search.ended_work = Some(ended);
    }

    /// Makes the search's hash for the phase of `state`, unless it has it.
    fn search_hash_for(&mut self, state: &State) {
        let phase = state.phase().index();
        if self.search.hash.is_for(phase) {
            return;
        }
        let plan = self.turn_end_plans.get(phase).and_then(|p| p.as_ref());
        let left_out = plan.map(|p| p.writes());
        self.search.hash.make(phase, state.data.len(), left_out);
    }

    /// `end_turn`, or a copy of what it wrote for an earlier complete turn of this
    /// search that read the same words (`turn_end`).
    pub(super) fn end_turn_known(&mut self, work: &mut State) -> Result<(), RuntimeError> {
        let phase = work.phase().index();
        let Some(Some(plan)) = self.turn_end_plans.get(phase) else {
            return self.end_turn(work);
        };
        if self.search.turn_end.patch(plan, phase, &mut work.data) {
            return Ok(());
        }
        self.search.turn_end.before(plan, &work.data);
        self.end_turn(work)?;
        if let Some(Some(plan)) = self.turn_end_plans.get(phase) {
            self.search.turn_end.after(plan, phase, &work.data);
        }
        Ok(())
    }
}

impl Search {
    /// What tells apart the turn that ended the game with outcome `x` (`ended_keys`).
    fn ended_key(&self, x: u32, width: usize) -> &[i32] {
        let at = x as usize * width;
        &self.ended_keys[at..at + width]
    }

    /// Drops the complete turns found so far, but those the keys do not weigh (an end
    /// rule held before their turn's end), when a turn better on the `maximize` keys is
    /// found; `width` is the length of a position.
    fn keep_only_ended(&mut self, width: usize) {
        let (mut steps_at, mut data_at) = (0, 0);
        let mut leaves = std::mem::take(&mut self.leaves);
        leaves.retain(|l| l.unweighed);
        // The kept ones move to the front, in order: each only ever moves down.
        for l in &mut leaves {
            let (a, b) = (l.steps.0 as usize, l.steps.1 as usize);
            self.leaf_steps.copy_within(a..b, steps_at);
            l.steps = (steps_at as u32, (steps_at + b - a) as u32);
            steps_at += b - a;
            let d = l.data as usize;
            self.leaf_data.copy_within(d..d + width, data_at);
            l.data = data_at as u32;
            data_at += width;
        }
        self.leaf_steps.truncate(steps_at);
        self.leaf_data.truncate(data_at);
        self.leaves = leaves;
    }
}

/// The hash of a turn that ends the game: of what tells it apart and of its result.
fn ended_hash(key: &[i32], outcome: &Outcome) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    key.hash(&mut h);
    outcome.winner.hash(&mut h);
    outcome.points.hash(&mut h);
    outcome.scores.hash(&mut h);
    outcome.reason.hash(&mut h);
    h.finish()
}

/// The error of a turn with too many positions to keep: built out of the hot loop.
#[cold]
#[inline(never)]
fn search_too_big(game: &Game, step: &Step) -> RuntimeError {
    RuntimeError::new(
        game.rules.actions[step.id as usize].span,
        RuntimeErrorKind::SearchTooBig {
            words: MAX_SEARCH_WORDS,
        },
    )
}
