//! The pest grammar (grammar/rules.pest) and the entry point that parses a whole rules file.

use super::ast::*;
use super::expected::expected;
use super::item::item;
use super::nesting::too_deep;
use super::pair::span;
use super::syntax_error::{syntax_error, EOI_NAME};
use super::tokens::Token;
use crate::diagnostic::{Diagnostic, ErrorKind, Span};
use pest::iterators::Pairs;
use pest::Parser;

#[derive(pest_derive::Parser)]
#[grammar = "grammar/rules.pest"]
pub(super) struct RulesParser;

impl RulesParser {
    /// Parses `text` as `rule`; on a mistake, the message for it, which calls the end
    /// of `text` `end`.
    pub(super) fn parse_or_explain<'t>(
        rule: Rule,
        text: &'t str,
        end: &str,
    ) -> Result<Pairs<'t, Rule>, Diagnostic> {
        <RulesParser as Parser<Rule>>::parse(rule, text)
            .map_err(|e| syntax_error(text, e, expected(rule, text), end))
    }
}

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
            extents.push(span(&pair));
            items.push(item(pair));
        }
    }
    Ok((File { items }, extents, tokens))
}
