//! Blocks of statements as closures, running the effects of `exec::effect`.

use super::{compile, slot};
use super::{BlockFn, ExprFn};
use crate::diagnostic::Span;
use crate::engine::eval::Locals;
use crate::engine::exec::effect;
use crate::engine::state::State;
use crate::engine::Game;
use crate::ir::*;

/// One statement as a closure.
type StmtFn = BlockFn;

/// A block of statements as one closure running each in turn: the only way effects
/// are run (setup, actions, chance outcomes, turn hooks, passes). After each statement
/// the loop budget is looked at, so that a statement whose loops ran out of it is an
/// error naming that statement, not a loop silently cut short.
pub(crate) fn compile_block(stmts: &[Stmt]) -> BlockFn {
    let mut fns: Vec<(StmtFn, Span)> = stmts.iter().map(|s| (compile_stmt(s), s.span)).collect();
    match fns.len() {
        0 => Box::new(|_, _, _, _| Ok(())),
        1 => {
            let (f, span) = fns.remove(0);
            Box::new(move |g, st, l, flow| {
                f(g, st, l, flow)?;
                within_budget(l, span)
            })
        }
        _ => Box::new(move |g, st, l, flow| {
            for (f, span) in &fns {
                f(g, st, l, flow)?;
                within_budget(l, *span)?;
            }
            Ok(())
        }),
    }
}

/// An error naming the statement at `span` if the loop budget has run out.
#[inline(always)]
fn within_budget(l: &Locals, span: Span) -> crate::engine::Fallible {
    let meter = l.meter();
    if meter.spent_out() {
        return Err(meter.exceeded(span, crate::engine::Work::Statement).into());
    }
    Ok(())
}

/// A player operand of a statement: `None` when it names none.
fn opt(e: &Option<Expr>) -> Option<Arg> {
    e.as_ref().map(arg)
}

/// Evaluates an optional player operand.
#[inline(always)]
fn opt_value(f: &Option<Arg>, g: &Game, st: &State, l: &mut Locals) -> Option<i32> {
    f.as_ref().map(|f| f.get(g, st, l))
}

/// An operand of a statement: a constant or a local is read in place (a statement's
/// effect costs far more than the test), anything else is a call.
enum Arg {
    Const(i32),
    Local(usize),
    Call(ExprFn),
}

impl Arg {
    #[inline(always)]
    fn get(&self, g: &Game, st: &State, l: &mut Locals) -> i32 {
        match self {
            Arg::Const(c) => *c,
            Arg::Local(s) => l[*s],
            Arg::Call(f) => f(g, st, l),
        }
    }
}

fn arg(e: &Expr) -> Arg {
    match e {
        Expr::Const(c) | Expr::Operand(Operand::Const(c)) => Arg::Const(*c),
        Expr::Local(s) | Expr::Operand(Operand::Local(s)) => Arg::Local(slot(*s)),
        _ => Arg::Call(compile(e)),
    }
}

fn compile_stmt(s: &Stmt) -> StmtFn {
    let span = s.span;
    match &s.kind {
        StmtKind::If(c, a, b) => {
            let (c, a, b) = (arg(c), compile_block(a), compile_block(b));
            Box::new(move |g, st, l, flow| {
                if c.get(g, st, l) != 0 {
                    a(g, st, l, flow)
                } else {
                    b(g, st, l, flow)
                }
            })
        }
        StmtKind::Let(s, e) => {
            let (s, e) = (slot(*s), arg(e));
            Box::new(move |g, st, l, _| {
                l[s] = e.get(g, st, l);
                Ok(())
            })
        }
        StmtKind::For(s, domain, filter, body) => {
            let (s, body) = (slot(*s), compile_block(body));
            let filter = opt(filter);
            let domain = domain.clone();
            Box::new(move |g, st, l, flow| {
                let items = effect::domain_items(g, st, &domain, l);
                // The loop is not run on a list the budget cut short.
                within_budget(l, span)?;
                for x in items {
                    l[s] = x;
                    if let Some(f) = &filter {
                        if f.get(g, st, l) == 0 {
                            continue;
                        }
                    }
                    body(g, st, l, flow)?;
                }
                Ok(())
            })
        }
        StmtKind::Continue => Box::new(|_, _, _, flow| {
            flow.cont = true;
            Ok(())
        }),
        StmtKind::ContinueWith { at, code, value } => {
            let (at, code, value) = (*at, *code, arg(value));
            Box::new(move |g, st, l, flow| {
                let v = value.get(g, st, l);
                st.data[at] = code;
                st.data[at + 1] = v;
                flow.cont = true;
                Ok(())
            })
        }
        StmtKind::Move(from, to) => {
            let (from, to) = (arg(from), arg(to));
            Box::new(move |g, st, l, _| {
                let a = from.get(g, st, l);
                let b = to.get(g, st, l);
                effect::move_piece(g, st, a, b, span)
            })
        }
        StmtKind::Put {
            count,
            piece,
            owner,
            value,
            at,
        } => {
            let (count, piece) = (arg(count), arg(piece));
            let (owner, value, at) = (opt(owner), opt(value), arg(at));
            Box::new(move |g, st, l, _| {
                let count = count.get(g, st, l);
                let piece = piece.get(g, st, l);
                let c = at.get(g, st, l);
                let o = opt_value(&owner, g, st, l);
                let v = opt_value(&value, g, st, l);
                effect::put(g, st, c, count, piece, o, v, span)
            })
        }
        StmtKind::Remove(c) => {
            let c = arg(c);
            Box::new(move |g, st, l, _| {
                let c = c.get(g, st, l);
                effect::remove(g, st, c, span)
            })
        }
        StmtKind::Link(cut, a, b) => {
            let (cut, a, b) = (*cut, arg(a), arg(b));
            Box::new(move |g, st, l, _| {
                let a = a.get(g, st, l);
                let b = b.get(g, st, l);
                effect::link(g, st, cut, a, b, span)
            })
        }
        StmtKind::Take {
            pool,
            player,
            value,
        } => {
            let (pool, player, value) = (*pool, opt(player), arg(value));
            Box::new(move |g, st, l, _| {
                let p = opt_value(&player, g, st, l);
                let v = value.get(g, st, l);
                effect::take(g, st, pool, p, v, span)
            })
        }
        StmtKind::AddPool {
            pool,
            player,
            value,
            times,
        } => {
            let (pool, player, value, times) = (*pool, opt(player), arg(value), opt(times));
            Box::new(move |g, st, l, _| {
                let p = opt_value(&player, g, st, l);
                let v = value.get(g, st, l);
                let n = opt_value(&times, g, st, l).unwrap_or(1);
                effect::add_pool(g, st, pool, p, v, n, span)
            })
        }
        StmtKind::Clear { pool, player } => {
            let (pool, player) = (*pool, opt(player));
            Box::new(move |g, st, l, _| {
                let p = opt_value(&player, g, st, l);
                effect::clear(g, st, pool, p, span)
            })
        }
        StmtKind::SetValue(c, v) => {
            let (c, v) = (arg(c), arg(v));
            Box::new(move |g, st, l, _| {
                let c = c.get(g, st, l);
                let v = v.get(g, st, l);
                effect::set_value(g, st, c, v, span)
            })
        }
        StmtKind::Chance(c) => {
            let c = i32::from(*c);
            Box::new(move |_, st, _, _| {
                st.data[SLOT_CHANCE] = c;
                Ok(())
            })
        }
        StmtKind::SetMover(p) => {
            let p = arg(p);
            Box::new(move |g, st, l, _| {
                let p = p.get(g, st, l);
                effect::set_mover(g, st, p, span)
            })
        }
        StmtKind::HandTo(p) => {
            let p = arg(p);
            Box::new(move |g, st, l, flow| {
                let p = p.get(g, st, l);
                effect::hand_to(g, st, p, flow, span)
            })
        }
        StmtKind::HandBack => Box::new(|_, st, _, flow| {
            effect::hand_back(st, flow);
            Ok(())
        }),
        StmtKind::Assign {
            counter,
            player,
            op,
            value,
        } => {
            let (counter, player, op, value) = (*counter, opt(player), *op, arg(value));
            Box::new(move |g, st, l, _| {
                let p = opt_value(&player, g, st, l);
                let v = value.get(g, st, l);
                effect::assign(g, st, counter, p, op, v, span)
            })
        }
    }
}
