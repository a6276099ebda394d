//! Phase items, and the result an ending gives (of an `end` rule or a phase's `stuck`).

use super::ast::*;
use super::expr::expr;
use super::grammar::Rule;
use super::pair::{missing_expr, name, span, string};
use super::stmt::block;
use pest::iterators::Pair;

pub(super) fn phase_item(pair: Pair<Rule>) -> PhaseItem {
    let sp = span(&pair);
    let rule = pair.as_rule();
    let mut it = pair.into_inner();
    match rule {
        Rule::ph_starts => {
            PhaseItem::Starts(it.next().map(expr).unwrap_or_else(|| missing_expr(sp)))
        }
        Rule::ph_actions => PhaseItem::Actions(it.map(name).collect()),
        Rule::ph_decide => {
            let turn = it.next().is_some_and(|u| u.as_str() == "turn");
            PhaseItem::DecideTurn(turn, sp, it.next().map(expr))
        }
        Rule::ph_prefer => PhaseItem::Prefer(it.map(name).collect()),
        Rule::ph_maximize => PhaseItem::Maximize(it.map(expr).collect()),
        Rule::ph_stuck => {
            let Some(s) = it.next() else {
                return PhaseItem::StuckEnd(ResultSpec::ByScore);
            };
            match s.as_rule() {
                Rule::stuck_pass => {
                    let mut s = s.into_inner();
                    let (template, span) = s.next().map(string).unwrap_or_default();
                    PhaseItem::StuckPass {
                        template,
                        span,
                        body: s.next().map(block),
                    }
                }
                _ => PhaseItem::StuckEnd(
                    s.into_inner()
                        .next()
                        .map(result)
                        .unwrap_or(ResultSpec::ByScore),
                ),
            }
        }
        Rule::ph_turn_start => PhaseItem::TurnStart(it.next().map(block).unwrap_or_default()),
        Rule::ph_turn_end => PhaseItem::TurnEnd(it.next().map(block).unwrap_or_default()),
        Rule::ph_forbid => {
            let (reason, span) = it.next().map(string).unwrap_or_default();
            let when = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            PhaseItem::Forbid { reason, span, when }
        }
        _ => PhaseItem::Until(it.next().map(expr).unwrap_or_else(|| missing_expr(sp))),
    }
}

pub(super) fn result(pair: Pair<Rule>) -> ResultSpec {
    let sp = span(&pair);
    let Some(inner) = pair.into_inner().next() else {
        return ResultSpec::ByScore;
    };
    match inner.as_rule() {
        Rule::result_winner => {
            let mut it = inner.into_inner();
            let player = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            let mut points = None;
            let mut named = None;
            for p in it {
                match p.as_rule() {
                    Rule::result_named => {
                        named = p.into_inner().next().map(|s| Box::new(string(s)))
                    }
                    _ => points = Some(expr(p)),
                }
            }
            ResultSpec::Winner {
                player,
                points,
                named,
            }
        }
        Rule::result_draw => ResultSpec::Draw,
        _ => ResultSpec::ByScore,
    }
}
