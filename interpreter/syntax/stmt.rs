//! Statements and blocks, and the pool a statement names.

use super::ast::*;
use super::expr::expr;
use super::grammar::Rule;
use super::move_decl::domain;
use super::pair::{missing, missing_expr, missing_pool, name, span, string};
use pest::iterators::Pair;

pub(super) fn block(pair: Pair<Rule>) -> Block {
    pair.into_inner().map(stmt).collect()
}

pub(super) fn stmt(pair: Pair<Rule>) -> Stmt {
    let sp = span(&pair);
    let rule = pair.as_rule();
    let mut it = pair.into_inner();
    let next_expr = |it: &mut pest::iterators::Pairs<Rule>| {
        it.next().map(expr).unwrap_or_else(|| missing_expr(sp))
    };
    let kind = match rule {
        Rule::st_if => {
            let cond = next_expr(&mut it);
            let then = it.next().map(block).unwrap_or_default();
            let otherwise = match it.next() {
                Some(p) if p.as_rule() == Rule::st_if => vec![stmt(p)],
                Some(p) => block(p),
                None => Vec::new(),
            };
            StmtKind::If {
                cond,
                then,
                otherwise,
            }
        }
        Rule::st_let => {
            let var = it.next().map(name).unwrap_or_else(|| missing(sp));
            StmtKind::Let {
                var,
                value: next_expr(&mut it),
            }
        }
        Rule::st_for => {
            let var = it.next().map(name).unwrap_or_else(|| missing(sp));
            let d = it.next().map(domain).unwrap_or(Domain::Dirs(Vec::new()));
            let mut filter = None;
            let mut body = Vec::new();
            for p in it {
                if p.as_rule() == Rule::block {
                    body = block(p);
                } else {
                    filter = Some(expr(p));
                }
            }
            StmtKind::For {
                var,
                domain: d,
                filter,
                body,
            }
        }
        Rule::st_continue => {
            let mut may = false;
            let mut with = None;
            let mut stop = None;
            for p in it {
                match p.as_rule() {
                    Rule::may_go => may = true,
                    Rule::continue_with => {
                        let mut parts = p.into_inner();
                        let var = parts.next().map(name).unwrap_or_else(|| missing(sp));
                        with = Some((var, next_expr(&mut parts)));
                    }
                    _ => stop = Some(string(p)),
                }
            }
            match (may, with, stop) {
                (false, None, _) => StmtKind::Continue,
                (may, with, stop) => StmtKind::GoOn {
                    with,
                    stop: if may { stop } else { None },
                },
            }
        }
        Rule::st_move => {
            let from = next_expr(&mut it);
            StmtKind::Move {
                from,
                to: next_expr(&mut it),
            }
        }
        Rule::st_put => {
            let mut count = None;
            let mut piece = missing(sp);
            let mut owner = None;
            let mut value = None;
            let mut at = None;
            for p in it {
                match p.as_rule() {
                    Rule::put_count => count = p.into_inner().next().map(expr),
                    Rule::ident => piece = name(p),
                    Rule::put_owner => owner = p.into_inner().next().map(expr),
                    Rule::put_value => value = p.into_inner().next().map(expr),
                    _ => at = p.into_inner().next().map(expr),
                }
            }
            StmtKind::Put {
                count,
                piece,
                owner,
                value,
                at: at.unwrap_or_else(|| missing_expr(sp)),
            }
        }
        Rule::st_remove => StmtKind::Remove(next_expr(&mut it)),
        Rule::st_link => {
            let cut = it.next().is_some_and(|op| op.as_str() == "cut");
            let a = next_expr(&mut it);
            StmtKind::Link {
                cut,
                a,
                b: next_expr(&mut it),
            }
        }
        Rule::st_take => {
            let value = next_expr(&mut it);
            StmtKind::Take {
                value,
                pool: it.next().map(pool_ref).unwrap_or_else(|| missing_pool(sp)),
            }
        }
        Rule::st_add_pool => {
            let value = next_expr(&mut it);
            let mut times = None;
            let mut pool = missing_pool(sp);
            for p in it {
                if p.as_rule() == Rule::pool_ref {
                    pool = pool_ref(p);
                } else {
                    times = Some(expr(p));
                }
            }
            StmtKind::AddPool { value, times, pool }
        }
        Rule::st_clear => {
            StmtKind::Clear(it.next().map(pool_ref).unwrap_or_else(|| missing_pool(sp)))
        }
        Rule::st_set_value => {
            let cell = next_expr(&mut it);
            StmtKind::SetValue {
                cell,
                value: next_expr(&mut it),
            }
        }
        Rule::st_chance => StmtKind::Chance(it.next().map(name).unwrap_or_else(|| missing(sp))),
        Rule::st_set_mover => StmtKind::SetMover(next_expr(&mut it)),
        Rule::st_hand => match it.next() {
            Some(p) if p.as_rule() == Rule::hand_back => StmtKind::HandBack,
            Some(p) => StmtKind::HandTo(expr(p)),
            None => StmtKind::HandBack,
        },
        _ => {
            // st_assign
            let target_pair = it.next();
            let (target, index) = match target_pair {
                Some(t) => {
                    let mut t = t.into_inner();
                    let n = t.next().map(name).unwrap_or_else(|| missing(sp));
                    (n, t.next().map(expr))
                }
                None => (missing(sp), None),
            };
            let op = match it.next().map(|p| p.as_str().to_string()).as_deref() {
                Some("+=") => AssignOp::Add,
                Some("-=") => AssignOp::Sub,
                _ => AssignOp::Set,
            };
            StmtKind::Assign {
                target,
                index,
                op,
                value: next_expr(&mut it),
            }
        }
    };
    Stmt { kind, span: sp }
}

pub(super) fn pool_ref(pair: Pair<Rule>) -> PoolRef {
    let sp = span(&pair);
    let mut it = pair.into_inner();
    let n = it.next().map(name).unwrap_or_else(|| missing(sp));
    PoolRef {
        name: n,
        index: it.next().map(expr),
    }
}
