//! Why one step is not legal: the moves the actions would write if their tests were
//! ignored, and the test (a `where`, an owner test, a `for` that leaves the value
//! out, `prefer`) that rejects the one asked about.

use std::cell::Cell;

use super::explore::{Explorer, Fail};
use super::{local_types, slot_name, Anchor, Finding, BUDGET};
use crate::engine::budget::Run;
use crate::engine::closure::Emit;
use crate::engine::eval::{eval, Locals};
use crate::engine::Game;
use crate::engine::{Engine, State, Step, StepKind};
use crate::ir::*;

/// A move the explainer can print: its text with and without marks, where it failed.
struct Candidate<'r> {
    action: usize,
    marked: String,
    plain: String,
    /// Index of the first generator whose test was false.
    fail: Option<usize>,
    /// That generator is a `for` whose domain does not hold the value (found only by
    /// running it over a wider domain).
    outside: bool,
    locals: Locals<'r>,
}

impl<'g> Engine<'g> {
    /// Explains one step that is not legal in `state`, from the moves the actions
    /// would write if their tests were ignored.
    pub(super) fn explain_single(
        &mut self,
        state: &State,
        text: &str,
        context: &str,
    ) -> Vec<Finding> {
        let game = self.game;
        let p = state.phase().index();
        let phase = &game.rules.phases[p];
        let mut order: Vec<usize> = phase.actions.clone();
        order.extend((0..game.rules.actions.len()).filter(|a| !phase.actions.contains(a)));
        let mut exact: Vec<Candidate> = Vec::new();
        let mut near: Vec<(usize, Candidate)> = Vec::new();
        let mut examples: Vec<(usize, String)> = Vec::new();
        let mut budget = BUDGET;
        let run = self.run();
        for &a in &order {
            let in_phase = phase.actions.contains(&a);
            self.explore(&run, state, a, false, &mut budget, &mut |candidate| {
                if in_phase && candidate.fail.is_none() && !examples.iter().any(|(x, _)| *x == a) {
                    examples.push((a, candidate.marked.clone()));
                }
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
            });
        }
        // A move no `for` reaches: run the phase's loops over every value or cell, to
        // say which `for` leaves it out ("the reserve has no 6").
        if exact.is_empty() {
            for &a in &phase.actions {
                self.explore(&run, state, a, true, &mut budget, &mut |candidate| {
                    if candidate.marked == text || candidate.plain == text {
                        exact.push(candidate);
                    }
                });
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
                    .map(|&a| format!("`{}`", game.rules.actions[a].name))
                    .collect()
            } else {
                examples
                    .iter()
                    .map(|(a, t)| format!("`{t}` ({})", game.rules.actions[*a].name))
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
            findings.push(self.rejection(state, c, &c.marked, ""));
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
        let p = state.phase().index();
        let phase = &game.rules.phases[p];
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
        let action = &game.rules.actions[best.action];
        if best.fail.is_some() {
            findings.push(self.rejection(state, best, text, context));
            for other in exact
                .iter()
                .skip(1)
                .filter(|c| c.action != best.action && phase.actions.contains(&c.action))
                .take(1)
            {
                findings.push(self.rejection(
                    state,
                    other,
                    text,
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
        if let Some(f) = crate::engine::forbid::refused(game, state, &best.locals, best.action) {
            let rule = &phase.forbids[f];
            let m = format!(
                "{context}`{text}` is a move of action `{}`, but phase `{}` forbids the position it leads to: {}",
                action.name, phase.name, rule.reason
            );
            return vec![Finding {
                message: m,
                anchor: Anchor::Span(rule.span),
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
    /// `text` is the move as it was typed (or the candidate's own text, for a move
    /// near it); the values shown are those of the names the failed test reads, so
    /// that the message speaks of what decides it.
    fn rejection(&self, state: &State, c: &Candidate, text: &str, context: &str) -> Finding {
        let game = self.game;
        let def = &game.rules.actions[c.action];
        let fail = c.fail.unwrap_or(0);
        let mut read = [false; MAX_LOCALS];
        let (test, anchor) = match def.generators.get(fail) {
            Some(Gen::For(slot, domain)) if c.outside => {
                domain.exprs(&mut |e| e.locals_read(&mut read));
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
                let owner = state.cell_at(game, c.locals[*slot as usize]).owner();
                let whose = if owner < 0 {
                    "empty".to_string()
                } else {
                    match game.rules.players.get(owner as usize) {
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
                    Some((e, _)) => e.locals_read(&mut read),
                    None => {
                        if let Some(Gen::Where(e, _)) = def.generators.get(fail) {
                            e.locals_read(&mut read);
                        }
                    }
                }
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
        let bound: Vec<String> = self
            .bindings(state, def, &c.locals, fail)
            .into_iter()
            .filter(|(slot, _, _)| read[*slot])
            .map(|(_, n, v)| format!("{n} = {v}"))
            .collect();
        let with = if bound.is_empty() {
            String::new()
        } else {
            format!(" with {}", bound.join(", "))
        };
        Finding {
            message: format!(
                "{context}`{text}` is action `{}`{with}, but {test}",
                def.name
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
        let value = self.format_value(locals[slot as usize], ty, state.mover().index());
        let domain = match domain {
            Domain::Owned { inner, .. } => inner.as_ref(),
            d => d,
        };
        let whose = |player: &Option<Expr>| match player {
            Some(e) => {
                let mut l = *locals;
                let p = eval(game, state, e, &mut l);
                game.rules
                    .players
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
                    game.rules.pools[*pool].name
                )
            }
            Domain::Region { region, player } => format!(
                "{value} is not in {}`{}`",
                whose(player),
                game.rules.board.regions[*region].name
            ),
            Domain::Track { track, player } => format!(
                "{value} is not on {}`{}`",
                whose(player),
                game.rules.board.tracks[*track].name
            ),
            _ => format!("`{name}` = {value} is not among the values its `for` runs over"),
        }
    }
}

/// The names of actions given by index.
fn action_names<'g>(game: &'g Game, actions: &[usize]) -> Vec<&'g str> {
    actions
        .iter()
        .map(|&a| game.rules.actions[a].name.as_str())
        .collect()
}

impl Engine<'_> {
    /// Runs action `a`'s generators past their failed tests (see `Explorer`), calling
    /// `f` with each binding as a candidate, while `budget` lasts: each spends one.
    fn explore<'r>(
        &self,
        run: &'r Run,
        state: &State,
        a: usize,
        wide: bool,
        budget: &mut usize,
        f: &mut dyn FnMut(Candidate<'r>),
    ) {
        let game = self.game;
        self.generating.set(Some((StepKind::Action, a)));
        let fail: Cell<Option<Fail>> = Cell::new(None);
        let mut explorer = Explorer::new(wide, &fail);
        let mut each = |_: &Game, _: &State, l: &Locals| {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            let step = Step::new(StepKind::Action, a, l, &game.code.actions[a].bound);
            let fail = fail.get();
            f(Candidate {
                action: a,
                marked: self.step_text(state, &step, true),
                plain: self.step_text(state, &step, false),
                fail: fail.map(|f| f.gen),
                outside: fail.is_some_and(|f| f.outside),
                locals: run.locals_from(l),
            });
            true
        };
        let mut emit = Emit::watched(&mut explorer, &mut each);
        let mut locals = run.locals();
        game.watchable(a)(game, state, &mut locals, &mut emit);
    }
}
