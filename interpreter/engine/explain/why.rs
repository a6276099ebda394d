//! Why a move or a whole turn is (not) legal: the answer, and for a turn written as
//! steps, the step where it stops being legal or the `maximize` that beats it.

use super::{Anchor, Finding, Why};
use crate::engine::notation::split_ordered;
use crate::engine::{Choices, Engine, RuntimeError, State, Step, StepKind, TurnCursor};
use crate::ir::*;

impl<'g> Engine<'g> {
    /// Why `text` is or is not a legal move in `state`.
    pub fn why(&mut self, state: &State, text: &str) -> Result<Why, RuntimeError> {
        let _run = self.run();
        let game = self.game;
        let text = text.trim();
        if let Some(o) = self.outcome(state)? {
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
                game.rules.chances[c.index()].name
            );
            return Ok(Why::rejected(
                m,
                Anchor::Span(game.rules.chances[c.index()].span),
            ));
        }
        if let Some(i) = self.find_choice(state, &choices, text)? {
            let steps = choices[i].to_vec();
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
        // Explained as the notation prints it: other labels a player may type for a
        // cell read as the cell's label.
        let unaliased = self.unalias(text, state.mover().index());
        let text = unaliased.as_deref().unwrap_or(text);
        let p = state.phase().index();
        let phase = &game.rules.phases[p];
        if let Stuck::Pass { template, .. } = &phase.stuck {
            if text == template && !choices.is_empty() {
                let example = self.choice_text(state, &choices[0])?;
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
        // Candidates cut short by the loop budget would give a wrong reason.
        if self.meter.spent_out() {
            return Err(self.budget_error());
        }
        Ok(Why {
            legal: false,
            findings,
        })
    }

    /// The action (or chance event) a step belongs to, by name.
    fn step_name(&self, state: &State, s: &Step) -> String {
        let game = self.game;
        match s.kind {
            StepKind::Action => format!("action `{}`", game.rules.actions[s.id as usize].name),
            StepKind::Chance => format!("chance `{}`", game.rules.chances[s.id as usize].name),
            StepKind::Pass => format!(
                "a pass of phase `{}`",
                game.rules.phases[state.phase().index()].name
            ),
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
        let p = state.phase().index();
        let mut remaining = split_ordered(text);
        let mut done: Vec<String> = Vec::new();
        let mut cursor = TurnCursor::new(self, state)?;
        while !remaining.is_empty() {
            if cursor.is_over() {
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
            let work = cursor.position();
            let mut found = None;
            'outer: for (k, want) in remaining.iter().enumerate() {
                for s in cursor.next_steps() {
                    if &self.step_text(work, s, true) == want
                        || &self.step_text(work, s, false) == want
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
                let work = work.clone();
                return Ok(self.explain_single(&work, &remaining[0].clone(), &context));
            };
            done.push(remaining.remove(k));
            cursor.play(self, &step)?;
        }
        if !cursor.is_over() {
            let work = cursor.position();
            let next: Vec<String> = cursor
                .next_steps()
                .iter()
                .map(|s| self.step_text(work, s, true))
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
        }
        // A turn that ends the game is kept whatever its keys, as the turn search keeps
        // it; the others are weighed against the best legal turn that does not end it.
        if let (Some(keys), false) = (cursor.keys(), game.rules.phases[p].maximize.is_empty()) {
            if let Some((best, i)) = self.best_kept_keys(state, choices)? {
                if keys < &best[..] {
                    let example = self.choice_text(state, &choices[i])?;
                    let m = format!(
                        "`{text}` is a whole turn, but phase `{}` keeps only the turns that do best by its `maximize`: this one scores ({}), the best ({}), e.g. `{example}`",
                        game.rules.phases[p].name,
                        join_numbers(keys),
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

    /// The best `maximize` keys among the legal turns that do not end the game, and one
    /// turn that has them; each turn is replayed step by step from `state`.
    fn best_kept_keys(
        &mut self,
        state: &State,
        choices: &Choices,
    ) -> Result<Option<(Vec<i32>, usize)>, RuntimeError> {
        let mut best: Option<(Vec<i32>, usize)> = None;
        for i in 0..choices.len() {
            let steps = &choices[i];
            if steps.iter().any(|s| s.kind != StepKind::Action) {
                continue;
            }
            let mut cursor = TurnCursor::new(self, state)?;
            for s in steps {
                cursor.play(self, s)?;
            }
            let Some(keys) = cursor.keys() else {
                continue;
            };
            if best.as_ref().is_none_or(|(b, _)| keys > &b[..]) {
                best = Some((keys.to_vec(), i));
            }
        }
        Ok(best)
    }
}

fn join_numbers(v: &[i32]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
