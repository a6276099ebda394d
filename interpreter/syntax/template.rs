//! A move's notation template: literal text and `{expr}` parts, parsed on their own.

use super::ast::*;
use super::expr::expr;
use super::grammar::{Rule, RulesParser};
use super::nesting::too_deep;
use crate::diagnostic::{Diagnostic, ErrorKind, Span};

/// A piece of a move's notation template: literal text, `{expr}` or `{expr ? text}`.
#[derive(Debug, Clone)]
pub enum TemplatePart {
    Text(String),
    Value(Expr),
    Mark(Expr, String),
}

/// Parses a notation template; `offset` is where its text starts in the file.
pub fn parse_template(text: &str, offset: usize) -> Result<Vec<TemplatePart>, Diagnostic> {
    let mut parts = Vec::new();
    let mut rest = text;
    let mut at = offset;
    while let Some(open) = rest.find('{') {
        if open > 0 {
            parts.push(TemplatePart::Text(rest[..open].to_string()));
        }
        let close = rest[open..].find('}').ok_or_else(|| {
            Diagnostic::of(
                Span::new(at + open, at + open + 1),
                ErrorKind::UnclosedTemplateValue,
            )
        })? + open;
        let inner = &rest[open + 1..close];
        let inner_at = at + open + 1;
        let (expr_text, mark) = match inner.find('?') {
            Some(q) => (&inner[..q], Some(inner[q + 1..].trim().to_string())),
            None => (inner, None),
        };
        let at_inner = |mut d: Diagnostic| {
            d.span = Span::new(d.span.start + inner_at, d.span.end + inner_at);
            d
        };
        // The value ends at its `?` when it has a mark, else at its `}`.
        let end = if mark.is_some() { "`?`" } else { "`}`" };
        let mut pairs =
            RulesParser::parse_or_explain(Rule::template_expr, expr_text, end).map_err(at_inner)?;
        too_deep(&pairs).map_err(at_inner)?;
        let pair = pairs.next().and_then(|p| p.into_inner().next());
        let Some(pair) = pair else {
            let at = Span::new(inner_at, inner_at);
            return Err(Diagnostic::of(at, ErrorKind::TemplateWithoutExpression));
        };
        let mut e = expr(pair);
        shift(&mut e, inner_at);
        parts.push(match mark {
            Some(m) => TemplatePart::Mark(e, m),
            None => TemplatePart::Value(e),
        });
        at += close + 1;
        rest = &rest[close + 1..];
    }
    if !rest.is_empty() {
        parts.push(TemplatePart::Text(rest.to_string()));
    }
    Ok(parts)
}

pub(super) fn shift(e: &mut Expr, by: usize) {
    e.span = Span::new(e.span.start + by, e.span.end + by);
    match &mut e.kind {
        ExprKind::Index(a, b) => {
            shift(a, by);
            shift(b, by);
        }
        ExprKind::Call(n, args) => {
            n.span = Span::new(n.span.start + by, n.span.end + by);
            args.iter_mut().for_each(|a| shift(a, by));
        }
        ExprKind::Unary(_, a) => shift(a, by),
        ExprKind::Binary(_, a, b) => {
            shift(a, by);
            shift(b, by);
        }
        ExprKind::If(a, b, c) => {
            shift(a, by);
            shift(b, by);
            shift(c, by);
        }
        ExprKind::Let(n, value, body) => {
            n.span = Span::new(n.span.start + by, n.span.end + by);
            shift(value, by);
            shift(body, by);
        }
        ExprKind::Dirs(names) => {
            for n in names {
                n.span = Span::new(n.span.start + by, n.span.end + by);
            }
        }
        ExprKind::Aggregate {
            var,
            domain,
            filter,
            value,
            ..
        } => {
            var.span = Span::new(var.span.start + by, var.span.end + by);
            match domain.as_mut() {
                Domain::Range(a, b) => {
                    shift(a, by);
                    shift(b, by);
                }
                Domain::Dirs(names) => {
                    for n in names {
                        n.span = Span::new(n.span.start + by, n.span.end + by);
                    }
                }
                Domain::Expr(a) => shift(a, by),
            }
            if let Some(f) = filter {
                shift(f, by);
            }
            if let Some(v) = value {
                shift(v, by);
            }
        }
        ExprKind::Int(_)
        | ExprKind::Bool(_)
        | ExprKind::None
        | ExprKind::Cell(_)
        | ExprKind::Name(_) => {}
    }
}
