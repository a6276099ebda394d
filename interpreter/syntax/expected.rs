//! What the parser expected where it stopped, for the message of a syntax error.
//!
//! pest reports the grammar rules tried at the farthest position it reached, but not
//! the literal tokens (`{`, `where`, `->`, ...); those it records only with its error
//! detail on, a setting of the whole process. So a failed file is parsed a second time
//! by pest's grammar machine (`pest_vm`) with a copy of the grammar in which each
//! literal is a rule of its own, named after the rule it is in: the tokens tried are
//! then rules tried, and pest reports them like any other, with no setting touched.
//! Only the message costs the second parse; a file that parses is parsed once.

use super::grammar::Rule;
use super::syntax_error::STRUCTURAL;
use pest::error::{ErrorVariant, InputLocation};
use pest_meta::ast::RuleType;
use pest_meta::optimizer::{OptimizedExpr, OptimizedRule};
use std::sync::OnceLock;

/// The rules that stand for literal tokens in the copy of the grammar are named
/// `token RULE TEXT`: the literal TEXT where rule RULE tries it.
const TOKEN: &str = "token ";

/// What the second parse found: the offset of the farthest position reached, and what
/// was tried there.
pub(super) struct Expected {
    pub at: usize,
    pub tried: Vec<Tried>,
}

/// One thing tried where the parse stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Tried {
    /// A rule of the grammar, or the rule in which a literal token was tried.
    Rule(Rule),
    /// A literal token worth naming (one of `STRUCTURAL`).
    Token(&'static str),
}

/// The grammar machine, made on the first syntax error.
fn machine() -> &'static pest_vm::Vm {
    static VM: OnceLock<pest_vm::Vm> = OnceLock::new();
    VM.get_or_init(|| {
        let grammar = include_str!("../../grammar/rules.pest");
        // The grammar is the one pest_derive compiled into the parser, so it is valid.
        let rules = pest_meta::parse_and_optimize(grammar)
            .map(|(_, rules)| rules)
            .unwrap_or_default();
        pest_vm::Vm::new(with_token_rules(rules))
    })
}

/// The grammar with each literal replaced by a rule that matches it and is named after
/// the rule it is in (white space and comments aside: pest skips them unreported).
fn with_token_rules(rules: Vec<OptimizedRule>) -> Vec<OptimizedRule> {
    let mut tokens = std::collections::BTreeSet::new();
    let mut out: Vec<OptimizedRule> = rules
        .into_iter()
        .map(|r| {
            if r.name == "WHITESPACE" || r.name == "COMMENT" {
                return r;
            }
            let expr = r.expr.map_top_down(|e| match e {
                OptimizedExpr::Str(s) => {
                    let name = format!("{TOKEN}{} {s}", r.name);
                    tokens.insert((name.clone(), s));
                    OptimizedExpr::Ident(name)
                }
                e => e,
            });
            OptimizedRule { expr, ..r }
        })
        .collect();
    out.extend(tokens.into_iter().map(|(name, s)| OptimizedRule {
        name,
        ty: RuleType::Normal,
        expr: OptimizedExpr::Str(s),
    }));
    out
}

/// Parses `text` as `rule` again, to learn what was tried where the parse stopped;
/// None if it does not fail as a parse.
pub(super) fn expected(rule: Rule, text: &str) -> Option<Expected> {
    let name = format!("{rule:?}");
    let e = machine().parse(&name, text).err()?;
    let at = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((a, _)) => a,
    };
    // pest's own messages (its guard against deep recursion) are the first parse's.
    let ErrorVariant::ParsingError { positives, .. } = e.variant else {
        return None;
    };
    let tried = positives.iter().flat_map(|name| tried(name)).collect();
    Some(Expected { at, tried })
}

/// What a rule name of the grammar machine stands for: a rule of the grammar; for a
/// literal token, the token itself when it is one of `STRUCTURAL`, else the rule it was
/// tried in (`per turn`, not `turn`).
fn tried(name: &str) -> Vec<Tried> {
    let rule = |name: &str| {
        Rule::all_rules()
            .iter()
            .find(|r| format!("{r:?}") == name)
            .map(|r| Tried::Rule(*r))
    };
    let Some(token) = name.strip_prefix(TOKEN) else {
        return rule(name).into_iter().collect();
    };
    let (within, text) = token.split_once(' ').unwrap_or((token, ""));
    match STRUCTURAL.iter().find(|s| **s == text) {
        Some(s) => vec![Tried::Token(s)],
        None => rule(within).into_iter().collect(),
    }
}
