//! The level of a file's strategy (`strategy NAME "..." { play ... }`): a fixed way of
//! playing written in the rules, for any seat. Its rules are tried in order; the first
//! that matches a legal choice decides among the choices it matches, by its `by` keys,
//! highest first, the seeded generator breaking ties. No rule matching, the choice is
//! drawn as `random` draws it. Playouts and the searches never read a strategy.

use super::{AiError, Decision};
use crate::engine::eval::{eval, Locals};
use crate::engine::rng::Rng;
use crate::ir::{Gen, RuleForAction, StrategyRule, MAX_ARGS, SLOT_IN_TURN};
use crate::{Engine, RuntimeError, State, Step, StepKind};

/// The index of the choice strategy `index` of the game plays.
pub(crate) fn choose(d: Decision, index: usize, rng: &mut Rng) -> Result<usize, AiError> {
    let game = d.engine.game;
    let Some(strategy) = game.rules.strategies.get(index) else {
        return Ok(rng.weighted(&d.choices.weights));
    };
    for rule in &strategy.rules {
        let mut best: Vec<usize> = Vec::new();
        let mut best_keys: Vec<i64> = Vec::new();
        for i in 0..d.choices.len() {
            let Some(keys) = judge(d.engine, d.state, &d.choices[i], rule)? else {
                continue;
            };
            match keys.cmp(&best_keys) {
                _ if best.is_empty() => {
                    best = vec![i];
                    best_keys = keys;
                }
                std::cmp::Ordering::Greater => {
                    best = vec![i];
                    best_keys = keys;
                }
                std::cmp::Ordering::Equal => best.push(i),
                std::cmp::Ordering::Less => {}
            }
        }
        if !best.is_empty() {
            return Ok(best[rng.below(best.len() as u32) as usize]);
        }
    }
    Ok(rng.weighted(&d.choices.weights))
}

/// The rule's keys for a choice it matches, None for one it does not. A choice of
/// several steps (a whole turn) matches when each step does, each judged on the
/// position the steps before it left; its keys are the sums of its steps' keys.
fn judge(
    engine: &mut Engine,
    state: &State,
    steps: &[Step],
    rule: &StrategyRule,
) -> Result<Option<Vec<i64>>, AiError> {
    let mut work: Option<State> = None;
    let mut total: Vec<i64> = Vec::new();
    for (k, step) in steps.iter().enumerate() {
        if step.kind != StepKind::Action {
            return Ok(None);
        }
        let Some(r) = rule.actions.iter().find(|r| r.action == step.id as usize) else {
            return Ok(None);
        };
        let last = k + 1 == steps.len();
        let here = work.as_ref().unwrap_or(state);
        let Some((keys, slots)) = before(engine, here, step, r)? else {
            return Ok(None);
        };
        if total.is_empty() {
            total = keys;
        } else {
            total.iter_mut().zip(&keys).for_each(|(t, k)| *t += k);
        }
        if r.avoid.is_none() && last {
            break;
        }
        let after = work.get_or_insert_with(|| state.clone());
        engine.run_step(after, step)?;
        if let Some(avoid) = &r.avoid {
            if holds(engine, after, avoid, &slots)? {
                return Ok(None);
            }
        }
        after.data[SLOT_IN_TURN] = 1;
    }
    Ok(Some(total))
}

/// The rule's `let`s, `where`s and keys for one step on the position before it: None
/// when a `where` fails; else the keys and the slots (the step's values and the lets),
/// for `avoid`.
#[allow(clippy::type_complexity)]
fn before(
    engine: &Engine,
    state: &State,
    step: &Step,
    r: &RuleForAction,
) -> Result<Option<(Vec<i64>, [i32; crate::ir::MAX_LOCALS])>, RuntimeError> {
    let game = engine.game;
    let run = engine.run();
    let mut locals = run.locals();
    locals.slots_mut()[..MAX_ARGS].copy_from_slice(&step.args);
    for t in &r.tests {
        match t {
            Gen::Let(slot, e) => {
                let v = eval(game, state, e, &mut locals);
                locals.slots_mut()[*slot as usize] = v;
            }
            Gen::Where(e, _) => {
                if eval(game, state, e, &mut locals) == 0 {
                    return spent(engine).map(|()| None);
                }
            }
            // A rule has no `for` (compile/strategy.rs).
            Gen::For(..) => {}
        }
    }
    let slots = *locals.slots();
    let keys =
        r.by.iter()
            .map(|e| {
                // Each key from the rule's own values: a key's loops use slots past them.
                let mut l = run.locals();
                l.slots_mut().copy_from_slice(&slots);
                i64::from(eval(game, state, e, &mut l))
            })
            .collect();
    spent(engine)?;
    Ok(Some((keys, slots)))
}

/// Whether `avoid` holds on the position a step led to, with the rule's values.
fn holds(
    engine: &Engine,
    state: &State,
    avoid: &crate::ir::Expr,
    slots: &[i32; crate::ir::MAX_LOCALS],
) -> Result<bool, RuntimeError> {
    let run = engine.run();
    let mut locals: Locals = run.locals();
    locals.slots_mut().copy_from_slice(slots);
    let v = eval(engine.game, state, avoid, &mut locals) != 0;
    spent(engine)?;
    Ok(v)
}

/// The loop budget's error once it ran out.
fn spent(engine: &Engine) -> Result<(), RuntimeError> {
    if engine.meter.spent_out() {
        return Err(engine.budget_error());
    }
    Ok(())
}
