//! The pest grammar (grammar/rules.pest) and the entry point that parses a whole rules file.

use super::ast::*;
use super::item::item;
use super::nesting::too_deep;
use super::syntax_error::syntax_error;
use crate::diagnostic::{Diagnostic, Span};
use pest::iterators::Pairs;
use pest::Parser;

#[derive(pest_derive::Parser)]
#[grammar = "grammar/rules.pest"]
pub(super) struct RulesParser;

impl RulesParser {
    /// Parses fast, without pest's error detail; on a mistake parses again with it on
    /// (the tokens tried at the farthest position, for the message). The setting is
    /// the whole process's, so it is only changed under the write side of `DETAIL`,
    /// while no other thread parses: a thread cannot switch it off under another.
    pub(super) fn parse(
        rule: Rule,
        text: &str,
    ) -> Result<Pairs<'_, Rule>, pest::error::Error<Rule>> {
        static DETAIL: std::sync::RwLock<()> = std::sync::RwLock::new(());
        let fast = {
            let _parsing = DETAIL.read().unwrap_or_else(|e| e.into_inner());
            <RulesParser as Parser<Rule>>::parse(rule, text)
        };
        if fast.is_ok() {
            return fast;
        }
        let _alone = DETAIL.write().unwrap_or_else(|e| e.into_inner());
        pest::set_error_detail(true);
        let detailed = <RulesParser as Parser<Rule>>::parse(rule, text);
        pest::set_error_detail(false);
        detailed
    }
}

/// Parses a whole rules file.
pub fn parse(text: &str) -> Result<File, Diagnostic> {
    let mut pairs = match RulesParser::parse(Rule::file, text) {
        Ok(p) => p,
        Err(e) => return Err(syntax_error(text, e)),
    };
    too_deep(&pairs)?;
    let file = pairs
        .next()
        .ok_or_else(|| Diagnostic::new(Span::default(), "empty rules file"))?;
    let mut items = Vec::new();
    for pair in file.into_inner() {
        if pair.as_rule() != Rule::EOI {
            items.push(item(pair));
        }
    }
    Ok(File { items })
}
