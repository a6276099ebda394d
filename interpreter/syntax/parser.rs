//! The entry point that parses a whole rules file: the grammar's pairs handed to the
//! builders, one per item.

use super::ast::*;
use super::grammar::{Rule, RulesParser};
use super::item;
use super::nesting::too_deep;
use super::pair::span;
use super::syntax_error::EOI_NAME;
use super::tokens::Token;
use crate::diagnostic::{Diagnostic, ErrorKind, Span};

/// Parses a whole rules file.
pub fn parse(text: &str) -> Result<File, Diagnostic> {
    parse_with_extents(text).map(|(file, _)| file)
}

/// Parses a whole rules file, with the span of each item from its first word to its
/// last (an editor's outline shows them).
pub fn parse_with_extents(text: &str) -> Result<(File, Vec<Span>), Diagnostic> {
    parse_all(text, false).map(|(file, extents, _)| (file, extents))
}

/// A rules file parsed once into its syntax tree, the extent of each item and, when
/// `with_tokens`, its tokens (`tokens::tokens`).
pub fn parse_all(
    text: &str,
    with_tokens: bool,
) -> Result<(File, Vec<Span>, Vec<Token>), Diagnostic> {
    let mut pairs = RulesParser::parse_or_explain(Rule::file, text, EOI_NAME)?;
    too_deep(&pairs)?;
    let tokens = if with_tokens {
        super::tokens::list(text, &pairs)
    } else {
        Vec::new()
    };
    let file = pairs
        .next()
        .ok_or_else(|| Diagnostic::of(Span::default(), ErrorKind::EmptyRules))?;
    let mut items = Vec::new();
    let mut extents = Vec::new();
    for pair in file.into_inner() {
        if pair.as_rule() != Rule::EOI {
            let extent = span(&pair);
            for one in item::items(pair) {
                extents.push(extent);
                items.push(one);
            }
        }
    }
    Ok((File { items }, extents, tokens))
}
