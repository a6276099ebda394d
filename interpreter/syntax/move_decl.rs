//! Action declarations: their generators and the domains a generator ranges over.

use super::ast::*;
use super::expr::expr;
use super::grammar::Rule;
use super::pair::{missing, missing_expr, name, span, string};
use super::stmt::block;
use crate::diagnostic::Span;
use pest::iterators::Pair;

pub(super) fn move_decl(mut it: pest::iterators::Pairs<Rule>, sp: Span) -> MoveDecl {
    let n = it.next().map(name).unwrap_or_else(|| missing(sp));
    let (template, template_span) = it.next().map(string).unwrap_or_default();
    let mut generators = Vec::new();
    let mut weight = None;
    let mut playout_weight = None;
    let mut says = None;
    let mut body = Vec::new();
    for p in it {
        match p.as_rule() {
            Rule::says => says = p.into_inner().next().map(string),
            Rule::weight => weight = p.into_inner().next().map(expr),
            Rule::playout_weight => playout_weight = p.into_inner().next().map(expr),
            Rule::block => body = block(p),
            _ => generators.push(generator(p)),
        }
    }
    MoveDecl {
        name: n,
        template,
        template_span,
        says,
        generators,
        weight,
        playout_weight,
        body,
    }
}

pub(super) fn generator(pair: Pair<Rule>) -> Generator {
    let sp = span(&pair);
    let rule = pair.as_rule();
    let mut it = pair.into_inner();
    match rule {
        Rule::gen_for => {
            let var = it.next().map(name).unwrap_or_else(|| missing(sp));
            let d = it.next().map(domain).unwrap_or(Domain::Dirs(Vec::new()));
            Generator::For { var, domain: d }
        }
        Rule::gen_let => {
            let var = it.next().map(name).unwrap_or_else(|| missing(sp));
            Generator::Let {
                var,
                value: it.next().map(expr).unwrap_or_else(|| missing_expr(sp)),
            }
        }
        _ => Generator::Where(it.next().map(expr).unwrap_or_else(|| missing_expr(sp))),
    }
}

pub(super) fn domain(pair: Pair<Rule>) -> Domain {
    let sp = span(&pair);
    let Some(inner) = pair.into_inner().next() else {
        return Domain::Dirs(Vec::new());
    };
    match inner.as_rule() {
        Rule::range_domain => {
            let mut it = inner.into_inner();
            let a = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            let b = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            Domain::Range(a, b)
        }
        Rule::dir_list => Domain::Dirs(inner.into_inner().map(name).collect()),
        _ => Domain::Expr(expr(inner)),
    }
}
