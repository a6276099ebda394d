//! The pest grammar (grammar/rules.pest): the rule type every builder matches on, and
//! parsing a text as one rule with the message for a mistake. Below the builders, so
//! they import it without importing the entry point that imports them.

use super::expected::expected;
use super::syntax_error::syntax_error;
use crate::diagnostic::Diagnostic;
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
