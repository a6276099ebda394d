//! Test blocks written in the rules file.

use super::ast::*;
use super::grammar::Rule;
use super::pair::{big_int, missing, name, small_int, span, string};
use crate::diagnostic::Span;

pub(super) fn test_decl(mut it: pest::iterators::Pairs<Rule>, decl_span: Span) -> TestDecl {
    let (title, _) = it.next().map(string).unwrap_or_default();
    let mut decl = TestDecl {
        name: title,
        span: decl_span,
        options: Vec::new(),
        stmts: Vec::new(),
    };
    for p in it {
        let sp = span(&p);
        let rule = p.as_rule();
        let mut inner = p.into_inner();
        let kind = match rule {
            Rule::test_with => {
                decl.options.extend(inner.map(|o| {
                    let mut parts = o.into_inner();
                    let option = parts.next().map(name).unwrap_or_else(|| missing(sp));
                    (option, parts.next().map(|v| v.as_str().to_string()))
                }));
                continue;
            }
            Rule::test_from => TestKind::FromState(inner.next().map(string).unwrap_or_default().0),
            Rule::test_play => TestKind::Play(inner.map(string).collect()),
            Rule::test_expect => {
                let Some(e) = inner.next() else { continue };
                let rule = e.as_rule();
                let mut parts = e.into_inner().peekable();
                match rule {
                    Rule::expect_moves => {
                        let mode = parts.next_if(|m| m.as_rule() == Rule::moves_mode).map(|m| {
                            match m.as_str().trim() {
                                "include" => MovesMode::Include,
                                _ => MovesMode::Exclude,
                            }
                        });
                        TestKind::Moves(mode, parts.map(string).collect())
                    }
                    Rule::expect_count => TestKind::Count(parts.next().map_or(0, big_int)),
                    Rule::expect_perft => {
                        let depth = parts.next().map_or(0, small_int);
                        TestKind::Perft(depth, parts.next().map_or(0, big_int))
                    }
                    Rule::expect_winner => {
                        let who = parts.next().map(name).unwrap_or_else(|| missing(sp));
                        TestKind::Winner(who, parts.next().map(small_int))
                    }
                    Rule::expect_draw => TestKind::Draw,
                    Rule::expect_ongoing => TestKind::Ongoing,
                    Rule::expect_illegal => {
                        let (text, _) = parts.next().map(string).unwrap_or_default();
                        TestKind::Illegal(text, parts.next().map(|p| string(p).0))
                    }
                    Rule::expect_score => {
                        let who = parts.next().map(name).unwrap_or_else(|| missing(sp));
                        let (v, per) = parts
                            .next()
                            .and_then(|p| decimal(p.as_str()))
                            .unwrap_or((i64::MAX, 1));
                        TestKind::Score(who, v, per)
                    }
                    _ => TestKind::ToMove(parts.next().map(name).unwrap_or_else(|| missing(sp))),
                }
            }
            _ => continue,
        };
        decl.stmts.push(TestStmt { kind, span: sp });
    }
    decl
}

/// A decimal as a whole number of units and the units in one: `-7.25` is (-725, 100).
/// None when it does not fit.
fn decimal(text: &str) -> Option<(i64, i64)> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let per = 10i64.checked_pow(u32::try_from(fraction.len()).ok()?)?;
    let units: i64 = format!("{whole}{fraction}").parse().ok()?;
    Some((units, per))
}
