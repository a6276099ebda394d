//! The nesting limit: refusing a parse tree too deep for the recursive passes after it.

use super::grammar::Rule;
use crate::diagnostic::{Diagnostic, ErrorKind, Span};

/// How deep the syntax tree may nest. Everything after the parser (building the AST,
/// checking, compiling, running, and dropping the tree at the end) walks it recursively,
/// so an untrusted file nesting thousands of levels deep is refused here rather than
/// exhausting the stack later. A chain of operators counts one level per operator
/// (`a + b + c` is built as `(a + b) + c`, `- - x` as `-(-x)`). The built-in games and
/// the examples reach at most 64.
pub const MAX_NESTING: usize = 500;

pub(super) fn nested_too_deep(at: usize) -> Diagnostic {
    Diagnostic::of(Span::new(at, at + 1), ErrorKind::NestedTooDeep)
}

/// Whether a token is an operator of a chain, which nests the tree one level more.
pub(super) fn chains(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::or_kw
            | Rule::and_kw
            | Rule::not_op
            | Rule::cmp_op
            | Rule::value_cmp_op
            | Rule::sum_op
            | Rule::prod_op
            | Rule::neg_op
            | Rule::index
    )
}

/// Refuses a parse tree whose syntax tree would nest deeper than `MAX_NESTING`,
/// pointing at where it does. Measured on pest's flat token list, before any tree is
/// built: each open pair keeps its start, its deepest child and its operators so far.
pub(super) fn too_deep(pairs: &pest::iterators::Pairs<Rule>) -> Result<(), Diagnostic> {
    let mut open: Vec<(usize, usize, usize)> = Vec::new();
    for token in pairs.clone().tokens() {
        match token {
            pest::Token::Start { rule, pos } => {
                if let Some(parent) = open.last_mut() {
                    if chains(rule) {
                        parent.2 += 1;
                        if parent.1 + parent.2 >= MAX_NESTING {
                            return Err(nested_too_deep(pos.pos()));
                        }
                    }
                }
                open.push((pos.pos(), 0, 0));
                if open.len() > MAX_NESTING {
                    return Err(nested_too_deep(pos.pos()));
                }
            }
            pest::Token::End { .. } => {
                let Some((start, child, ops)) = open.pop() else {
                    continue;
                };
                let depth = 1 + child + ops;
                if depth > MAX_NESTING {
                    return Err(nested_too_deep(start));
                }
                if let Some(parent) = open.last_mut() {
                    parent.1 = parent.1.max(depth);
                }
            }
        }
    }
    Ok(())
}
