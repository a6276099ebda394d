//! Expressions, with chains of the same operator folded to the left.

use super::ast::*;
use super::grammar::Rule;
use super::move_decl::domain;
use super::pair::{missing, missing_expr, name, span};
use crate::diagnostic::Span;
use pest::iterators::Pair;

pub(super) fn expr(pair: Pair<Rule>) -> Expr {
    let sp = span(&pair);
    match pair.as_rule() {
        Rule::expr | Rule::template_expr | Rule::let_value => match pair.into_inner().next() {
            Some(p) => expr(p),
            None => missing_expr(sp),
        },
        Rule::let_expr => {
            let mut it = pair
                .into_inner()
                .filter(|p| !matches!(p.as_rule(), Rule::let_kw | Rule::in_kw));
            let n = it.next().map(name).unwrap_or_else(|| missing(sp));
            let value = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            let body = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            Expr {
                kind: ExprKind::Let(n, Box::new(value), Box::new(body)),
                span: sp,
            }
        }
        Rule::if_expr | Rule::if_value => {
            let mut it = pair.into_inner().map(expr);
            let c = it.next().unwrap_or_else(|| missing_expr(sp));
            let a = it.next().unwrap_or_else(|| missing_expr(sp));
            let b = it.next().unwrap_or_else(|| missing_expr(sp));
            Expr {
                kind: ExprKind::If(Box::new(c), Box::new(a), Box::new(b)),
                span: sp,
            }
        }
        Rule::or_expr | Rule::or_value => fold_same(pair, BinaryOp::Or),
        Rule::and_expr | Rule::and_value => fold_same(pair, BinaryOp::And),
        Rule::not_expr | Rule::not_value => {
            let mut nots = 0;
            let mut inner = None;
            for p in pair.into_inner() {
                if p.as_rule() == Rule::not_op {
                    nots += 1;
                } else {
                    inner = Some(expr(p));
                }
            }
            let mut e = inner.unwrap_or_else(|| missing_expr(sp));
            for _ in 0..nots {
                e = Expr {
                    kind: ExprKind::Unary(UnaryOp::Not, Box::new(e)),
                    span: sp,
                };
            }
            e
        }
        Rule::unary => {
            let mut negs = 0;
            let mut inner = None;
            for p in pair.into_inner() {
                if p.as_rule() == Rule::neg_op {
                    negs += 1;
                } else {
                    inner = Some(expr(p));
                }
            }
            let mut e = inner.unwrap_or_else(|| missing_expr(sp));
            for _ in 0..negs {
                e = Expr {
                    kind: ExprKind::Unary(UnaryOp::Neg, Box::new(e)),
                    span: sp,
                };
            }
            e
        }
        Rule::cmp | Rule::cmp_value | Rule::sum | Rule::product => {
            let mut it = pair.into_inner();
            let mut left = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            while let Some(op) = it.next() {
                let right = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
                let op = match op.as_str().trim() {
                    "==" => BinaryOp::Eq,
                    "!=" => BinaryOp::Ne,
                    "<" => BinaryOp::Lt,
                    "<=" => BinaryOp::Le,
                    ">" => BinaryOp::Gt,
                    ">=" => BinaryOp::Ge,
                    "in" => BinaryOp::In,
                    "+" => BinaryOp::Add,
                    "-" => BinaryOp::Sub,
                    "*" => BinaryOp::Mul,
                    "/" => BinaryOp::Div,
                    _ => BinaryOp::Rem,
                };
                let span = Span::new(left.span.start, right.span.end);
                left = Expr {
                    kind: ExprKind::Binary(op, Box::new(left), Box::new(right)),
                    span,
                };
            }
            left
        }
        Rule::postfix => {
            let mut it = pair.into_inner();
            let mut e = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            for idx in it {
                let i = idx
                    .into_inner()
                    .next()
                    .map(expr)
                    .unwrap_or_else(|| missing_expr(sp));
                let span = Span::new(e.span.start, i.span.end + 1);
                e = Expr {
                    kind: ExprKind::Index(Box::new(e), Box::new(i)),
                    span,
                };
            }
            e
        }
        Rule::paren => pair
            .into_inner()
            .next()
            .map(expr)
            .unwrap_or_else(|| missing_expr(sp)),
        Rule::int => Expr {
            kind: ExprKind::Int(pair.as_str().parse().unwrap_or(i64::MAX)),
            span: sp,
        },
        Rule::bool_lit => Expr {
            kind: ExprKind::Bool(pair.as_str() == "true"),
            span: sp,
        },
        Rule::none_lit => Expr {
            kind: ExprKind::None,
            span: sp,
        },
        Rule::cell_lit => {
            let text = pair.as_str().trim_start_matches('#').to_string();
            Expr {
                kind: ExprKind::Cell(text),
                span: sp,
            }
        }
        Rule::ident => Expr {
            kind: ExprKind::Name(pair.as_str().to_string()),
            span: sp,
        },
        Rule::call => {
            let mut it = pair.into_inner();
            let n = it.next().map(name).unwrap_or_else(|| missing(sp));
            Expr {
                kind: ExprKind::Call(n, it.map(expr).collect()),
                span: sp,
            }
        }
        Rule::aggregate => {
            let mut it = pair.into_inner();
            let op = match it.next().map(|p| p.as_str().to_string()).as_deref() {
                Some("count") => AggregateOp::Count,
                Some("sum") => AggregateOp::Sum,
                Some("exists") => AggregateOp::Exists,
                Some("all") => AggregateOp::All,
                Some("min") => AggregateOp::Min,
                _ => AggregateOp::Max,
            };
            let var = it.next().map(name).unwrap_or_else(|| missing(sp));
            let d = it.next().map(domain).unwrap_or(Domain::Dirs(Vec::new()));
            let mut filter = None;
            let mut value = None;
            for p in it {
                match p.as_rule() {
                    Rule::agg_where => filter = p.into_inner().next().map(|e| Box::new(expr(e))),
                    _ => value = p.into_inner().next().map(|e| Box::new(expr(e))),
                }
            }
            Expr {
                kind: ExprKind::Aggregate {
                    op,
                    var,
                    domain: Box::new(d),
                    filter,
                    value,
                },
                span: sp,
            }
        }
        _ => missing_expr(sp),
    }
}

pub(super) fn fold_same(pair: Pair<Rule>, op: BinaryOp) -> Expr {
    let sp = span(&pair);
    let mut it = pair
        .into_inner()
        .filter(|p| !matches!(p.as_rule(), Rule::and_kw | Rule::or_kw))
        .map(expr);
    let mut left = it.next().unwrap_or_else(|| missing_expr(sp));
    for right in it {
        let span = Span::new(left.span.start, right.span.end);
        left = Expr {
            kind: ExprKind::Binary(op, Box::new(left), Box::new(right)),
            span,
        };
    }
    left
}
