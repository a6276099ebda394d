//! The stake of a game: a counter by which every result's points are multiplied (a
//! stake that doubles is one), found in the end rules. A network can learn what a position
//! is worth per unit of the stake: positions that differ only in the stake then share
//! one estimate, and raising the stake scales a position's worth exactly.

use crate::engine::Game;
use crate::ir::{BinOp, EndRule, Expr, Operand, ResultSpec, Stuck, Ty};
use crate::State;

/// The counter every result's points are a multiple of: a plain number (not kept per
/// player) that starts at 1 or more, named as a factor of every `points` of the end
/// rules and of the phases' `stuck` ends. None when any result is worth a fixed number
/// of points (a `winner` without `points`, `by score`) or no counter is a factor of all.
pub fn stake_counter(game: &Game) -> Option<usize> {
    let results = game.rules.ends.iter().map(|e: &EndRule| &e.result).chain(
        game.rules.phases.iter().filter_map(|p| match &p.stuck {
            Stuck::End(r) => Some(r),
            Stuck::Pass { .. } => None,
        }),
    );
    let mut common: Option<Vec<usize>> = None;
    for r in results {
        let slots = match r {
            ResultSpec::Draw => continue,
            ResultSpec::ByScore | ResultSpec::Winner { points: None, .. } => return None,
            ResultSpec::Winner {
                points: Some(e), ..
            } => {
                let mut slots = Vec::new();
                factors(e, &mut slots);
                slots
            }
        };
        common = Some(match common {
            None => slots,
            Some(c) => c.into_iter().filter(|s| slots.contains(s)).collect(),
        });
    }
    let common = common?;
    game.rules.counters.iter().position(|c| {
        common.contains(&c.base)
            && c.ty == Ty::Int
            && !c.per_player
            && !c.per_turn
            && matches!(initial(c.init.as_ref()), Some(v) if v >= 1)
    })
}

/// The stake's value in `state`: 1 at least, so a per-unit figure always has a unit.
pub fn stake_of(game: &Game, counter: usize, state: &State) -> f32 {
    let base = game.rules.counters[counter].base;
    state.data.get(base).map_or(1.0, |&v| v.max(1) as f32)
}

/// The data slots of the counters that `e` is a product of.
fn factors(e: &Expr, out: &mut Vec<usize>) {
    match e {
        Expr::Numbered { expr, .. } => factors(expr, out),
        Expr::Counter { base, player: None } | Expr::Operand(Operand::Counter(base)) => {
            out.push(*base)
        }
        Expr::Binary(BinOp::Mul, a, b) => {
            factors(a, out);
            factors(b, out);
        }
        Expr::Simple(BinOp::Mul, a, b) => {
            for o in [a, b] {
                if let Operand::Counter(base) = o {
                    out.push(*base);
                }
            }
        }
        _ => {}
    }
}

/// A counter's starting value when it is a constant (0 without `= ...`).
fn initial(init: Option<&Expr>) -> Option<i32> {
    match init {
        None => Some(0),
        Some(Expr::Const(v)) | Some(Expr::Operand(Operand::Const(v))) => Some(*v),
        Some(Expr::Numbered { expr, .. }) => initial(Some(expr)),
        Some(_) => None,
    }
}
