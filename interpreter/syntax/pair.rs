//! Leaves of the parse tree (spans, names, strings, numbers) and placeholders for a missing part.

use super::ast::*;
use super::grammar::Rule;
use crate::diagnostic::Span;
use pest::iterators::Pair;

/// A pair's span without the white space and comments a rule may end with.
pub(super) fn span(pair: &Pair<Rule>) -> Span {
    let s = pair.as_span();
    let mut text = s.as_str();
    loop {
        let trimmed = text.trim_end();
        // A trailing comment: drop it when its `//` starts a line's remainder.
        let without_comment = match trimmed.rfind('\n') {
            Some(nl) if trimmed[nl..].contains("//") => {
                let line = &trimmed[nl..];
                &trimmed[..nl + line.find("//").unwrap_or(line.len())]
            }
            _ => trimmed,
        };
        if without_comment.len() == text.len() {
            break;
        }
        text = without_comment;
    }
    Span::new(s.start(), s.start() + text.len())
}

pub(super) fn name(pair: Pair<Rule>) -> Name {
    Name {
        text: pair.as_str().to_string(),
        span: span(&pair),
    }
}

pub(super) fn string(pair: Pair<Rule>) -> (String, Span) {
    let inner = pair.into_inner().next();
    match inner {
        Some(p) => (p.as_str().to_string(), span(&p)),
        None => (String::new(), Span::default()),
    }
}

/// A number of a test (a depth, points): an absurdly long one saturates, and is
/// refused by the checks that follow.
pub(super) fn small_int(pair: Pair<Rule>) -> u32 {
    pair.as_str().parse().unwrap_or(u32::MAX)
}

pub(super) fn big_int(pair: Pair<Rule>) -> u64 {
    pair.as_str().parse().unwrap_or(u64::MAX)
}

pub(super) fn missing(span: Span) -> Name {
    Name {
        text: String::new(),
        span,
    }
}

pub(super) fn missing_expr(span: Span) -> Expr {
    Expr {
        kind: ExprKind::Int(0),
        span,
    }
}

pub(super) fn missing_cell(span: Span) -> CellItem {
    CellItem {
        first: missing(span),
        last: None,
    }
}

pub(super) fn missing_pool(sp: Span) -> PoolRef {
    PoolRef {
        name: missing(sp),
        index: None,
    }
}
