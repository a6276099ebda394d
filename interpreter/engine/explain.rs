//! Explaining the rules at work, for people: why a move is not legal (the `where`, the
//! owner test, `prefer` or `maximize` that rejects it) and a trace of the rules
//! evaluated while moves are generated. Slow on purpose: generators are re-run with
//! bookkeeping, and only when someone asks.

use super::eval::{eval, for_each_in, Locals};
use super::notation::split_ordered;
use super::{Choices, Engine, RuntimeError, State, Step, StepKind};
use crate::diagnostic::Span;
use crate::ir::*;

/// The most bindings one explanation enumerates (a rules file with huge loops is cut
/// short rather than left to run for ever).
const BUDGET: usize = 1_000_000;
/// The most complete turns a trace counts.
const TURN_BUDGET: u64 = 200_000;

/// The place in the rules file a finding is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Anchor {
    None,
    /// A `where` condition, or an action's declaration.
    Span(Span),
    /// A `where owner(x) == P` that the compiler folded into the loop over `x`
    /// (the IR keeps no span for it): the action and the loop variable's slot.
    OwnerTest {
        action: usize,
        slot: u8,
    },
    /// The `prefer` line of a phase.
    Prefer(usize),
    /// The `maximize` line of a phase.
    Maximize(usize),
    /// A phase's declaration.
    Phase(usize),
}

/// One thing the explainer found, in words, with the rule it is about.
#[derive(Debug, Clone)]
pub struct Finding {
    pub message: String,
    pub anchor: Anchor,
}

/// The answer to "why is this move (not) legal?".
#[derive(Debug, Clone)]
pub struct Why {
    pub legal: bool,
    pub findings: Vec<Finding>,
}

impl Why {
    fn rejected(message: String, anchor: Anchor) -> Why {
        Why {
            legal: false,
            findings: vec![Finding { message, anchor }],
        }
    }
}

/// How often a generator ran and how often its test was false.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GenCount {
    pub tested: u64,
    pub rejected: u64,
}

/// One action's generators run over a state.
#[derive(Debug, Clone)]
pub struct ActionTrace {
    pub action: usize,
    /// False when the action was not tried because a preferred action had moves.
    pub tried: bool,
    pub moves: u64,
    /// Per generator (same index as the action's `generators`).
    pub gens: Vec<GenCount>,
}

/// Complete turns searched for a `decide turn` phase.
#[derive(Debug, Clone)]
pub struct TurnTrace {
    /// Complete step sequences found (cut at TURN_BUDGET).
    pub complete: u64,
    /// The best `maximize` keys of the sequences that do not end the game, and how
    /// many sequences are kept: those that reach them and those that end the game.
    pub best: Vec<i32>,
    pub kept: u64,
    /// Legal turns left: the distinct positions the kept sequences lead to (a pass
    /// when there is none and the phase passes), found by the explainer's own search.
    pub distinct: usize,
    pub truncated: bool,
}

/// The rules evaluated to list the legal moves of one state.
#[derive(Debug, Clone)]
pub struct MoveTrace {
    pub phase: usize,
    pub mover: usize,
    /// The pending chance event and its number of outcomes.
    pub chance: Option<(usize, usize)>,
    pub actions: Vec<ActionTrace>,
    /// The preferred actions that had moves (so the others were skipped).
    pub preferred: Vec<usize>,
    pub turns: Option<TurnTrace>,
}

/// A complete turn found by the explainer's own turn search.
struct TurnLeaf {
    /// The phase's `maximize` keys when the turn was over (before it was settled).
    keys: Vec<i32>,
    /// Whether an end rule held when the turn was over: its keys are not weighed.
    ended: bool,
    /// How the game ended, for a turn that ends it (read once the turn is settled).
    outcome: Option<super::Outcome>,
    /// The position the turn settles into.
    data: Vec<i32>,
}

/// A move the explainer can print: its text with and without marks, where it failed.
struct Candidate {
    action: usize,
    marked: String,
    plain: String,
    /// Index of the first generator whose test was false.
    fail: Option<usize>,
    /// That generator is a `for` whose domain does not hold the value (found only by
    /// running it over a wider domain).
    outside: bool,
    locals: Locals,
}

impl<'g> Engine<'g> {
    /// Why `text` is or is not a legal move in `state`.
    pub fn why(&mut self, state: &State, text: &str) -> Result<Why, RuntimeError> {
        let game = self.game;
        let text = text.trim();
        if let Some(o) = self.outcome(state) {
            return Ok(Why::rejected(
                format!("the game is over ({}): no move is legal", o.reason),
                Anchor::None,
            ));
        }
        let mut choices = Choices::default();
        self.legal(state, &mut choices)?;
        if let Some(c) = state.chance() {
            let legal = self.list_texts(state, &choices)?;
            let m = format!(
                "the chance event `{}` is to be resolved first; its outcomes are: {legal}",
                game.chances[c].name
            );
            return Ok(Why::rejected(m, Anchor::Span(game.chances[c].span)));
        }
        if let Some(i) = self.find_choice(state, &choices, text)? {
            let steps = choices.get(i).to_vec();
            let mut names: Vec<String> = Vec::new();
            for s in &steps {
                let n = self.step_name(state, s);
                if !names.contains(&n) {
                    names.push(n);
                }
            }
            let m = format!("`{text}` is legal ({})", names.join(", "));
            return Ok(Why {
                legal: true,
                findings: vec![Finding {
                    message: m,
                    anchor: Anchor::None,
                }],
            });
        }
        let p = state.phase();
        let phase = &game.phases[p];
        if let Stuck::Pass { template, .. } = &phase.stuck {
            if text == template && !choices.is_empty() {
                let example = self.choice_text(state, choices.get(0))?;
                let m = format!("`{text}` is allowed only when no action is possible (`stuck pass`), and here there are moves, e.g. `{example}`");
                return Ok(Why::rejected(m, Anchor::Phase(p)));
            }
        }
        // Whole turns, from their start or from the rest of a turn already begun.
        let findings = if phase.decide_turn {
            self.why_turn(state, text, &choices)?
        } else {
            let tokens = split_ordered(text);
            let mut f = self.explain_single(state, tokens.first().map_or(text, |t| t.as_str()), "");
            if tokens.len() > 1 {
                let m = format!(
                    "`{text}` is several moves; here a move is one step, e.g. `{}`",
                    tokens[0]
                );
                f.insert(
                    0,
                    Finding {
                        message: m,
                        anchor: Anchor::None,
                    },
                );
            }
            f
        };
        Ok(Why {
            legal: false,
            findings,
        })
    }

    /// The action (or chance event) a step belongs to, by name.
    fn step_name(&self, state: &State, s: &Step) -> String {
        let game = self.game;
        match s.kind {
            StepKind::Action => format!("action `{}`", game.actions[s.id as usize].name),
            StepKind::Chance => format!("chance `{}`", game.chances[s.id as usize].name),
            StepKind::Pass => format!("a pass of phase `{}`", game.phases[state.phase()].name),
        }
    }

    /// A whole turn written as steps: plays them in order (or in any order that works)
    /// and says where it stops being legal.
    fn why_turn(
        &mut self,
        state: &State,
        text: &str,
        choices: &Choices,
    ) -> Result<Vec<Finding>, RuntimeError> {
        let game = self.game;
        let p = state.phase();
        let mut remaining = split_ordered(text);
        let mut done: Vec<String> = Vec::new();
        let mut work = state.clone();
        let actor = state.mover();
        // The turn's `maximize` keys once it is over, and whether it ended the game.
        let mut keys: Option<(Vec<i32>, bool)> = None;
        while !remaining.is_empty() {
            if keys.is_some() {
                let m = format!(
                    "after `{}` the turn is over, so `{}` cannot be played",
                    done.join(" "),
                    remaining.join(" ")
                );
                return Ok(vec![Finding {
                    message: m,
                    anchor: Anchor::None,
                }]);
            }
            let steps = self.single_steps(&work);
            let mut found = None;
            'outer: for (k, want) in remaining.iter().enumerate() {
                for s in &steps {
                    if &self.step_text(&work, s, true) == want
                        || &self.step_text(&work, s, false) == want
                    {
                        found = Some((k, *s));
                        break 'outer;
                    }
                }
            }
            let Some((k, step)) = found else {
                let context = if done.is_empty() {
                    String::new()
                } else {
                    format!("after `{}`, ", done.join(" "))
                };
                return Ok(self.explain_single(&work, &remaining[0].clone(), &context));
            };
            done.push(remaining.remove(k));
            let cont = self.run_step(&mut work, &step)?;
            if self.turn_goes_on(&work, actor, cont) && !self.single_steps(&work).is_empty() {
                work.data[SLOT_IN_TURN] = 1;
            } else {
                let ended = self.end_outcome(&work).is_some();
                keys = Some((self.maximize_keys(&work), ended));
            }
        }
        let Some((keys, ended)) = keys else {
            let next: Vec<String> = self
                .single_steps(&work)
                .iter()
                .map(|s| self.step_text(&work, s, true))
                .take(6)
                .collect();
            let m = format!(
                "`{text}` is only part of a turn: the same player can still move (e.g. `{}`); type it to enter the turn a step at a time, or write the whole turn",
                next.join("`, `")
            );
            return Ok(vec![Finding {
                message: m,
                anchor: Anchor::None,
            }]);
        };
        // A turn that ends the game is kept whatever its keys, as the turn search keeps
        // it; the others are weighed against the best legal turn that does not end it.
        if !ended && !game.phases[p].maximize.is_empty() {
            if let Some((best, i)) = self.best_kept_keys(state, choices)? {
                if keys < best {
                    let example = self.choice_text(state, choices.get(i))?;
                    let m = format!(
                        "`{text}` is a whole turn, but phase `{}` keeps only the turns that do best by its `maximize`: this one scores ({}), the best ({}), e.g. `{example}`",
                        game.phases[p].name,
                        join_numbers(&keys),
                        join_numbers(&best)
                    );
                    return Ok(vec![Finding {
                        message: m,
                        anchor: Anchor::Maximize(p),
                    }]);
                }
            }
        }
        let m = format!(
            "`{text}` can be played step by step, but it is not among the legal turns here"
        );
        Ok(vec![Finding {
            message: m,
            anchor: Anchor::None,
        }])
    }

    /// Whether a turn decided whole continues after a step: the turn search's own test
    /// (the step says `continue`, the same player is still to act, no chance event is
    /// pending, the game is not over and the phase's `until` does not hold).
    fn turn_goes_on(&self, work: &State, actor: usize, cont: bool) -> bool {
        let game = self.game;
        let mut locals: Locals = [0; MAX_LOCALS];
        let phase = &game.phases[work.phase()];
        let until = phase
            .until
            .as_ref()
            .is_some_and(|u| eval(game, work, u, &mut locals) != 0);
        cont && work.mover() == actor
            && work.chance().is_none()
            && self.end_outcome(work).is_none()
            && !until
    }

    /// The best `maximize` keys among the legal turns that do not end the game, and one
    /// turn that has them; each turn is replayed step by step from `state`.
    fn best_kept_keys(
        &mut self,
        state: &State,
        choices: &Choices,
    ) -> Result<Option<(Vec<i32>, usize)>, RuntimeError> {
        let mut best: Option<(Vec<i32>, usize)> = None;
        for i in 0..choices.len() {
            let steps = choices.get(i);
            if steps.iter().any(|s| s.kind != StepKind::Action) {
                continue;
            }
            let mut work = state.clone();
            for (k, s) in steps.iter().enumerate() {
                self.run_step(&mut work, s)?;
                if k + 1 < steps.len() {
                    work.data[SLOT_IN_TURN] = 1;
                }
            }
            if self.end_outcome(&work).is_some() {
                continue;
            }
            let keys = self.maximize_keys(&work);
            if best.as_ref().is_none_or(|(b, _)| keys > *b) {
                best = Some((keys, i));
            }
        }
        Ok(best)
    }

    fn maximize_keys(&self, work: &State) -> Vec<i32> {
        let game = self.game;
        let mut locals: Locals = [0; MAX_LOCALS];
        game.phases[work.phase()]
            .maximize
            .iter()
            .map(|e| eval(game, work, e, &mut locals))
            .collect()
    }

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
            counted(
                game,
                state,
                &def.generators,
                0,
                &mut locals,
                &mut gens,
                &mut |l| {
                    moves += 1;
                    out.push(Step::new(StepKind::Action, a, l));
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

    /// Explains one step that is not legal in `state`, from the moves the actions
    /// would write if their tests were ignored.
    fn explain_single(&mut self, state: &State, text: &str, context: &str) -> Vec<Finding> {
        let game = self.game;
        let p = state.phase();
        let phase = &game.phases[p];
        let mut order: Vec<usize> = phase.actions.clone();
        order.extend((0..game.actions.len()).filter(|a| !phase.actions.contains(a)));
        let mut exact: Vec<Candidate> = Vec::new();
        let mut near: Vec<(usize, Candidate)> = Vec::new();
        let mut examples: Vec<(usize, String)> = Vec::new();
        let mut budget = BUDGET;
        for &a in &order {
            let def = &game.actions[a];
            let in_phase = phase.actions.contains(&a);
            let mut locals: Locals = [0; MAX_LOCALS];
            explore(
                game,
                state,
                &def.generators,
                0,
                &mut locals,
                None,
                false,
                &mut budget,
                &mut |l, fail| {
                    let step = Step::new(StepKind::Action, a, l);
                    let marked = self.step_text(state, &step, true);
                    let plain = self.step_text(state, &step, false);
                    if in_phase && !examples.iter().any(|(x, _)| *x == a) && fail.is_none() {
                        examples.push((a, marked.clone()));
                    }
                    let candidate = Candidate {
                        action: a,
                        marked,
                        plain,
                        fail: fail.map(|f| f.gen),
                        outside: fail.is_some_and(|f| f.outside),
                        locals: *l,
                    };
                    if candidate.marked == text || candidate.plain == text {
                        exact.push(candidate);
                    } else if in_phase {
                        let d = strsim::levenshtein(&candidate.plain, text);
                        near.push((d, candidate));
                        if near.len() > 4096 {
                            near.sort_by_key(|(d, _)| *d);
                            near.truncate(64);
                        }
                    }
                },
            );
        }
        // A move no `for` reaches: run the phase's loops over every value or cell, to
        // say which `for` leaves it out ("the reserve has no 6").
        if exact.is_empty() {
            for &a in &phase.actions {
                let mut locals: Locals = [0; MAX_LOCALS];
                explore(
                    game,
                    state,
                    &game.actions[a].generators,
                    0,
                    &mut locals,
                    None,
                    true,
                    &mut budget,
                    &mut |l, fail| {
                        let step = Step::new(StepKind::Action, a, l);
                        let marked = self.step_text(state, &step, true);
                        let plain = self.step_text(state, &step, false);
                        if marked == text || plain == text {
                            exact.push(Candidate {
                                action: a,
                                marked,
                                plain,
                                fail: fail.map(|f| f.gen),
                                outside: fail.is_some_and(|f| f.outside),
                                locals: *l,
                            });
                        }
                    },
                );
            }
        }
        if !exact.is_empty() {
            return self.explain_exact(state, text, context, exact);
        }
        near.sort_by_key(|(d, c)| (*d, c.fail.is_some()));
        let limit = (text.chars().count() / 2).max(2);
        let close: Vec<&Candidate> = near
            .iter()
            .filter(|(d, _)| *d <= limit && *d == near[0].0)
            .map(|(_, c)| c)
            .take(3)
            .collect();
        if close.is_empty() {
            let looks: Vec<String> = if examples.is_empty() {
                phase
                    .actions
                    .iter()
                    .map(|&a| format!("`{}`", game.actions[a].name))
                    .collect()
            } else {
                examples
                    .iter()
                    .map(|(a, t)| format!("`{t}` ({})", game.actions[*a].name))
                    .collect()
            };
            let m = format!(
                "{context}no action of phase `{}` writes a move like `{text}`; its moves look like: {}",
                phase.name,
                looks.join(", ")
            );
            return vec![Finding {
                message: m,
                anchor: Anchor::None,
            }];
        }
        let names: Vec<String> = close
            .iter()
            .map(|c| match c.fail {
                None => format!("`{}` (legal)", c.marked),
                Some(_) => format!("`{}` (not legal)", c.marked),
            })
            .collect();
        let mut findings = vec![Finding {
            message: format!(
                "{context}no move here is written `{text}`; the nearest: {}",
                names.join(", ")
            ),
            anchor: Anchor::None,
        }];
        for c in close.iter().filter(|c| c.fail.is_some()).take(2) {
            findings.push(self.rejection(state, c, ""));
        }
        findings
    }

    fn explain_exact(
        &mut self,
        state: &State,
        text: &str,
        context: &str,
        mut exact: Vec<Candidate>,
    ) -> Vec<Finding> {
        let game = self.game;
        let p = state.phase();
        let phase = &game.phases[p];
        // The candidate that got furthest: of the phase, then passing every test, then
        // failing the latest test.
        exact.sort_by_key(|c| {
            (
                !phase.actions.contains(&c.action),
                c.fail.map_or(0, |f| usize::MAX - f),
            )
        });
        let best = &exact[0];
        let mut findings = Vec::new();
        let action = &game.actions[best.action];
        if best.fail.is_some() {
            findings.push(self.rejection(state, best, context));
            for other in exact
                .iter()
                .skip(1)
                .filter(|c| c.action != best.action && phase.actions.contains(&c.action))
                .take(1)
            {
                findings.push(self.rejection(
                    state,
                    other,
                    "it could also be read as another move: ",
                ));
            }
            return findings;
        }
        if !phase.actions.contains(&best.action) {
            let allowed = action_names(game, &phase.actions);
            let m = format!(
                "{context}`{text}` is a move of action `{}`, which phase `{}` does not allow (its actions: {})",
                action.name,
                phase.name,
                allowed.join(", ")
            );
            return vec![Finding {
                message: m,
                anchor: Anchor::Phase(p),
            }];
        }
        let steps = self.single_steps(state);
        if !phase.prefer.is_empty() && !phase.prefer.contains(&best.action) && !steps.is_empty() {
            let examples: Vec<String> = steps
                .iter()
                .take(4)
                .map(|s| self.step_text(state, s, true))
                .collect();
            let preferred = action_names(game, &phase.prefer);
            let m = format!(
                "{context}`{text}` is a move of `{}`, but phase `{}` prefers `{}`: while one is possible no other action may be played (possible now: {})",
                action.name,
                phase.name,
                preferred.join("`, `"),
                examples.join(", ")
            );
            return vec![Finding {
                message: m,
                anchor: Anchor::Prefer(p),
            }];
        }
        let m = format!(
            "{context}`{text}` is written by action `{}`, but it is not among the legal moves here",
            action.name
        );
        vec![Finding {
            message: m,
            anchor: Anchor::Span(action.span),
        }]
    }

    /// "`text` is `action` with x = .., but this test is false", at the failed test.
    fn rejection(&self, state: &State, c: &Candidate, context: &str) -> Finding {
        let game = self.game;
        let def = &game.actions[c.action];
        let fail = c.fail.unwrap_or(0);
        let bound = self.bindings(state, def, &c.locals, fail);
        let with = if bound.is_empty() {
            String::new()
        } else {
            let parts: Vec<String> = bound.iter().map(|(n, v)| format!("{n} = {v}")).collect();
            format!(" with {}", parts.join(", "))
        };
        let (test, anchor) = match def.generators.get(fail) {
            Some(Gen::For(slot, domain)) if c.outside => {
                let span = def
                    .for_spans
                    .iter()
                    .find(|(s, _)| s == slot)
                    .map_or(def.span, |(_, sp)| *sp);
                (
                    self.left_out(state, def, *slot, domain, &c.locals),
                    Anchor::Span(span),
                )
            }
            Some(Gen::For(slot, _)) => {
                let name = slot_name(def, *slot).unwrap_or("?");
                let owner = state.cell(game, c.locals[*slot as usize]).owner();
                let whose = if owner < 0 {
                    "empty".to_string()
                } else {
                    match game.players.get(owner as usize) {
                        Some(p) => format!("{p}'s"),
                        None => "neutral".to_string(),
                    }
                };
                (
                    format!("its owner test on `{name}` is false ({name} is {whose})"),
                    Anchor::OwnerTest {
                        action: c.action,
                        slot: *slot,
                    },
                )
            }
            Some(Gen::Where(_, span)) => {
                // Of `a and b and ...`, the first part that is false.
                let mut locals = c.locals;
                let part =
                    def.where_parts
                        .iter()
                        .find(|(sp, _)| sp == span)
                        .and_then(|(_, parts)| {
                            parts
                                .iter()
                                .find(|(e, _)| eval(game, state, e, &mut locals) == 0)
                        });
                match part {
                    Some((_, part)) => (
                        "this part of its `where` is false".to_string(),
                        Anchor::Span(*part),
                    ),
                    None => ("this `where` is false".to_string(), Anchor::Span(*span)),
                }
            }
            _ => ("a test is false".to_string(), Anchor::Span(def.span)),
        };
        Finding {
            message: format!(
                "{context}`{}` is action `{}`{with}, but {test}",
                c.marked, def.name
            ),
            anchor,
        }
    }

    /// Why a `for` leaves out the value a move needs, in words: "black's `reserve` has
    /// no 6", "a1 is not in black's `setup_rows`".
    fn left_out(
        &self,
        state: &State,
        def: &MoveDef,
        slot: u8,
        domain: &Domain,
        locals: &Locals,
    ) -> String {
        let game = self.game;
        let name = slot_name(def, slot).unwrap_or("?");
        let ty = local_types(def)
            .get(slot as usize)
            .copied()
            .unwrap_or(Ty::Int);
        let value = self.format_value(locals[slot as usize], ty, state.mover());
        let domain = match domain {
            Domain::Owned { inner, .. } => inner.as_ref(),
            d => d,
        };
        let whose = |player: &Option<Expr>| match player {
            Some(e) => {
                let mut l = *locals;
                let p = eval(game, state, e, &mut l);
                game.players
                    .get(p as usize)
                    .map_or(String::new(), |n| format!("{n}'s "))
            }
            None => String::new(),
        };
        match domain {
            Domain::Pool { pool, player } => {
                format!(
                    "{}`{}` has no {value}",
                    whose(player),
                    game.pools[*pool].name
                )
            }
            Domain::Region { region, player } => format!(
                "{value} is not in {}`{}`",
                whose(player),
                game.board.regions[*region].name
            ),
            Domain::Track { track, player } => format!(
                "{value} is not on {}`{}`",
                whose(player),
                game.board.tracks[*track].name
            ),
            _ => format!("`{name}` = {value} is not among the values its `for` runs over"),
        }
    }

    /// The names and printed values of the locals bound by an action's first `upto`
    /// generators.
    pub fn bindings(
        &self,
        state: &State,
        def: &MoveDef,
        locals: &Locals,
        upto: usize,
    ) -> Vec<(String, String)> {
        let types = local_types(def);
        let mut slots: Vec<usize> = def
            .generators
            .iter()
            .take(upto)
            .filter_map(|g| match g {
                Gen::For(s, _) | Gen::Let(s, _) => Some(*s as usize),
                Gen::Where(..) => None,
            })
            .collect();
        // In the order they were declared.
        slots.sort_unstable();
        let mut out = Vec::new();
        for slot in slots {
            if let Some(name) = slot_name(def, slot as u8) {
                let ty = types.get(slot).copied().unwrap_or(Ty::Int);
                out.push((
                    name.to_string(),
                    self.format_value(locals[slot], ty, state.mover()),
                ));
            }
        }
        out
    }

    /// The names and printed values of a step's arguments.
    pub fn step_bindings(&self, state: &State, step: &Step) -> Vec<(String, String)> {
        let game = self.game;
        let def = match step.kind {
            StepKind::Action => &game.actions[step.id as usize],
            StepKind::Chance => &game.chances[step.id as usize],
            StepKind::Pass => return Vec::new(),
        };
        let mut locals: Locals = [0; MAX_LOCALS];
        locals[..MAX_ARGS].copy_from_slice(&step.args);
        self.bindings(state, def, &locals, def.generators.len())
    }
}

/// Runs generators like `eval::generate`, counting every test.
fn counted(
    game: &Game,
    state: &State,
    gens: &[Gen],
    i: usize,
    locals: &mut Locals,
    counts: &mut [GenCount],
    emit: &mut dyn FnMut(&Locals),
) {
    let Some(g) = gens.get(i) else {
        emit(locals);
        return;
    };
    match g {
        Gen::Let(slot, e) => {
            locals[*slot as usize] = eval(game, state, e, locals);
            counted(game, state, gens, i + 1, locals, counts, emit);
        }
        Gen::Where(e, _) => {
            counts[i].tested += 1;
            if eval(game, state, e, locals) == 0 {
                counts[i].rejected += 1;
                return;
            }
            counted(game, state, gens, i + 1, locals, counts, emit);
        }
        Gen::For(slot, Domain::Owned { inner, owner }) => {
            let who = eval(game, state, owner, locals);
            let slot = *slot as usize;
            for_each_in(game, state, inner, locals, &mut |game, state, x, locals| {
                counts[i].tested += 1;
                if state.cell(game, x).owner() != who {
                    counts[i].rejected += 1;
                    return true;
                }
                locals[slot] = x;
                counted(game, state, gens, i + 1, locals, counts, emit);
                true
            });
        }
        Gen::For(slot, domain) => {
            let slot = *slot as usize;
            for_each_in(
                game,
                state,
                domain,
                locals,
                &mut |game, state, x, locals| {
                    locals[slot] = x;
                    counted(game, state, gens, i + 1, locals, counts, emit);
                    true
                },
            );
        }
    }
}

/// The first test a candidate failed: a generator, and whether it is a `for` whose
/// domain does not hold the value.
#[derive(Debug, Clone, Copy)]
struct Fail {
    gen: usize,
    outside: bool,
}

/// Runs generators ignoring their tests, telling `emit` the first test that failed.
/// When `wide`, a `for` over a pool, a region, a track or the neighbours of a cell runs
/// over every value or cell instead, and a value outside its own domain is a failed
/// test. Returns false once the budget is spent.
#[allow(clippy::too_many_arguments)]
fn explore(
    game: &Game,
    state: &State,
    gens: &[Gen],
    i: usize,
    locals: &mut Locals,
    fail: Option<Fail>,
    wide: bool,
    budget: &mut usize,
    emit: &mut dyn FnMut(&Locals, Option<Fail>),
) -> bool {
    if *budget == 0 {
        return false;
    }
    let Some(g) = gens.get(i) else {
        *budget -= 1;
        emit(locals, fail);
        return true;
    };
    let failed_at = |outside: bool| Fail { gen: i, outside };
    match g {
        Gen::Let(slot, e) => {
            locals[*slot as usize] = eval(game, state, e, locals);
            explore(game, state, gens, i + 1, locals, fail, wide, budget, emit)
        }
        Gen::Where(e, _) => {
            let failed = fail.or((eval(game, state, e, locals) == 0).then_some(failed_at(false)));
            explore(game, state, gens, i + 1, locals, failed, wide, budget, emit)
        }
        Gen::For(slot, domain) => {
            let slot = *slot as usize;
            let wider = if wide { widened(game, domain) } else { None };
            let (inner, owner) = match domain {
                Domain::Owned { inner, owner } => (inner.as_ref(), Some(owner)),
                d => (d, None),
            };
            let who = owner.map(|o| eval(game, state, o, locals));
            let run_over = match &wider {
                Some(Domain::Owned { inner, .. }) => inner.as_ref(),
                Some(w) => w,
                None => inner,
            };
            let bound = *locals;
            for_each_in(
                game,
                state,
                run_over,
                locals,
                &mut |game, state, x, locals| {
                    locals[slot] = x;
                    let outside = wider.is_some() && !holds(game, state, inner, &bound, x);
                    let not_owned = who.is_some_and(|w| state.cell(game, x).owner() != w);
                    let failed = fail
                        .or(outside.then_some(failed_at(true)))
                        .or(not_owned.then_some(failed_at(false)));
                    explore(game, state, gens, i + 1, locals, failed, wide, budget, emit)
                },
            )
        }
    }
}

/// The wider domain a `for` is explained over: a pool's every value, every cell for a
/// region, a track or the neighbours of a cell; none for the others.
fn widened(game: &Game, domain: &Domain) -> Option<Domain> {
    match domain {
        Domain::Pool { pool, .. } => {
            let def = &game.pools[*pool];
            Some(Domain::Range(Expr::Const(def.low), Expr::Const(def.high)))
        }
        Domain::Region { .. } | Domain::Track { .. } | Domain::Neighbours(_) => Some(Domain::Cells),
        Domain::Owned { inner, owner } => widened(game, inner).map(|w| Domain::Owned {
            inner: Box::new(w),
            owner: owner.clone(),
        }),
        _ => None,
    }
}

/// Whether the domain holds `x` (the locals bound before it as given).
fn holds(game: &Game, state: &State, domain: &Domain, bound: &Locals, x: i32) -> bool {
    let mut locals = *bound;
    let mut found = false;
    for_each_in(game, state, domain, &mut locals, &mut |_, _, y, _| {
        found = y == x;
        !found
    });
    found
}

/// The name of the generator variable in a local slot. `arg_names` lists the names in
/// the order they were declared, and slots are handed out in that order; but a slot
/// may be skipped (a `define` with an aggregate takes one) and the compiler may move a
/// `let` earlier, so names are matched to the binders' slots in increasing order.
pub fn slot_name(def: &MoveDef, slot: u8) -> Option<&str> {
    let mut slots: Vec<u8> = def
        .generators
        .iter()
        .filter_map(|g| match g {
            Gen::For(s, _) | Gen::Let(s, _) => Some(*s),
            Gen::Where(..) => None,
        })
        .collect();
    slots.sort_unstable();
    slots.dedup();
    let k = slots.iter().position(|&s| s == slot)?;
    def.arg_names.get(k).map(|n| n.as_str())
}

/// The type of each local an action's generators bind, for printing its value (the IR
/// keeps names only).
pub fn local_types(def: &MoveDef) -> Vec<Ty> {
    let mut types = vec![Ty::Int; MAX_LOCALS];
    for g in &def.generators {
        match g {
            Gen::For(slot, d) => {
                if let Some(t) = types.get_mut(*slot as usize) {
                    *t = domain_type(d);
                }
            }
            Gen::Let(slot, e) => {
                let ty = expr_type(e, &types);
                if let Some(t) = types.get_mut(*slot as usize) {
                    *t = ty;
                }
            }
            Gen::Where(..) => {}
        }
    }
    types
}

fn domain_type(d: &Domain) -> Ty {
    match d {
        Domain::Range(..) | Domain::Pool { .. } => Ty::Int,
        Domain::Players => Ty::Player,
        Domain::Dirs(_) | Domain::FixedDirs(_) => Ty::Dir,
        _ => Ty::Cell,
    }
}

fn expr_type(e: &Expr, locals: &[Ty]) -> Ty {
    let local = |s: u8| locals.get(s as usize).copied().unwrap_or(Ty::Int);
    match e {
        Expr::Compiled(c) => expr_type(&c.source, locals),
        Expr::Local(s) | Expr::Operand(Operand::Local(s)) => local(*s),
        Expr::Mover | Expr::Opponent(_) | Expr::Owner(_) => Ty::Player,
        Expr::Layer(LayerRead::Owner, ..) => Ty::Player,
        Expr::Operand(Operand::Mover | Operand::Opponent | Operand::Owner(_)) => Ty::Player,
        Expr::Step(..)
        | Expr::Slide(..)
        | Expr::TrackAt { .. }
        | Expr::ZoneCell { .. }
        | Expr::Reach(ReachOp::StepN, _)
        | Expr::Operand(Operand::Step(..)) => Ty::Cell,
        Expr::Reach(ReachOp::Connected(..), _) => Ty::Bool,
        Expr::RelDir(_) => Ty::Dir,
        Expr::Phase => Ty::Phase,
        Expr::Not(_)
        | Expr::And(..)
        | Expr::Or(..)
        | Expr::Is(..)
        | Expr::Empty(_)
        | Expr::InRegion { .. }
        | Expr::InTrack { .. }
        | Expr::PoolHas { .. }
        | Expr::Can(_)
        | Expr::Operand(Operand::Empty(_)) => Ty::Bool,
        Expr::Binary(op, ..) | Expr::Simple(op, ..) if is_comparison(*op) => Ty::Bool,
        Expr::If(_, a, b) => match expr_type(a, locals) {
            Ty::Int => expr_type(b, locals),
            t => t,
        },
        Expr::Min(a, _) | Expr::Max(a, _) => expr_type(a, locals),
        _ => Ty::Int,
    }
}

fn is_comparison(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
    )
}

/// The names of actions given by index.
fn action_names<'g>(game: &'g Game, actions: &[usize]) -> Vec<&'g str> {
    actions
        .iter()
        .map(|&a| game.actions[a].name.as_str())
        .collect()
}

fn join_numbers(v: &[i32]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
