//! A rules text as a list of tokens, comments included, each with its kind and what
//! the layout needs to know of its place: whether it starts a declaration or a
//! statement, and what a bracket or a colon belongs to. The formatter and an editor's
//! highlighting read it; the parse tree it comes from stays in this folder.

use super::grammar::{Rule, RulesParser};
use super::nesting::too_deep;
use super::syntax_error::EOI_NAME;
use crate::diagnostic::{Diagnostic, Span};
use pest::iterators::Pairs;

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    /// A word of the language: `action`, `for`, `where`, `and`, `true`, `per player`...
    Keyword,
    /// A name the rules file declares or uses: a piece, a counter, a cell (`pen-white`,
    /// `a1`), a direction, a built-in function.
    Name,
    Number,
    /// A quoted text: a title, a template, a move in a test.
    Text,
    /// A binary operator (`+`, `==`, `in`, `+=`).
    Operator,
    /// A prefix minus.
    Minus,
    /// Brackets, commas and the other marks.
    Punct,
    /// `// ...` to the end of its line.
    Comment,
}

/// What a bracket or a colon belongs to, where it matters to the layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Context {
    Plain,
    /// The brackets of a call, `f(x)`, written against the name.
    Call,
    /// The brackets of an index, `a[i]`, written against what they index.
    Index,
    /// The colon of an aggregate's value, `sum(c in cells : count(c))`, spaced.
    AggregateValue,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Span,
    /// The first token of a declaration or of a statement, board item or phase item
    /// inside a declaration's braces: a line it starts is not the rest of the line
    /// before.
    pub starts_unit: bool,
    pub context: Context,
}

/// Rules whose whole text is one token, whatever is inside it.
fn whole(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::string | Rule::text_block | Rule::signed_int | Rule::signed_decimal
    )
}

fn kind_of(rule: Rule) -> TokenKind {
    match rule {
        // `cells` in `c in cells where ...` is the set's name, as in an aggregate.
        Rule::ident | Rule::cell_name | Rule::agg_op | Rule::cells_kw => TokenKind::Name,
        Rule::int | Rule::signed_int | Rule::signed_decimal => TokenKind::Number,
        Rule::string | Rule::string_inner | Rule::text_block | Rule::text_inner => TokenKind::Text,
        Rule::cmp_op | Rule::value_cmp_op | Rule::sum_op | Rule::prod_op | Rule::assign_op => {
            TokenKind::Operator
        }
        Rule::neg_op => TokenKind::Minus,
        _ => TokenKind::Keyword,
    }
}

fn context_of(rule: Rule, mark: &str) -> Context {
    match (rule, mark) {
        (Rule::call | Rule::aggregate | Rule::st_set_value | Rule::define_params, "(" | ")") => {
            Context::Call
        }
        (Rule::index | Rule::counter_ref | Rule::pool_ref, "[" | "]") => Context::Index,
        (Rule::agg_value, ":") => Context::AggregateValue,
        _ => Context::Plain,
    }
}

/// One open pair of the parse tree while its tokens are listed.
struct Open {
    rule: Rule,
    start: usize,
    /// Where its tokens start in the list.
    first: usize,
    starts_unit: bool,
    /// A `{` of its own has been seen: what follows inside is a list of units.
    braced: bool,
    leaf: bool,
}

/// The tokens of a rules text, in order; the syntax error if it does not parse.
pub fn tokens(text: &str) -> Result<Vec<Token>, Diagnostic> {
    let pairs = RulesParser::parse_or_explain(Rule::file, text, EOI_NAME)?;
    too_deep(&pairs)?;
    Ok(list(text, &pairs))
}

/// The tokens of a text the grammar has parsed into `pairs`.
pub(super) fn list(text: &str, pairs: &Pairs<Rule>) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::new();
    let mut open: Vec<Open> = Vec::new();
    let mut at = 0;
    // Inside a pair read whole: how many of its own pairs are still open.
    let mut skipping = 0usize;
    for token in pairs.clone().tokens() {
        match token {
            pest::Token::Start { rule, pos } => {
                let pos = pos.pos();
                if skipping > 0 {
                    skipping += 1;
                    continue;
                }
                let starts_unit = match open.last_mut() {
                    Some(p) => {
                        p.leaf = false;
                        let before = out.len();
                        lex(text, at, pos, p.rule, &mut out);
                        p.braced |= out[before..].iter().any(|t| {
                            t.kind == TokenKind::Punct && &text[t.span.start..t.span.end] == "{"
                        });
                        p.braced || p.rule == Rule::file
                    }
                    None => false,
                };
                at = pos;
                open.push(Open {
                    rule,
                    start: pos,
                    first: out.len(),
                    starts_unit,
                    braced: false,
                    leaf: true,
                });
                if whole(rule) {
                    skipping = 1;
                }
            }
            pest::Token::End { pos, .. } => {
                let pos = pos.pos();
                if skipping > 1 {
                    skipping -= 1;
                    continue;
                }
                let Some(pair) = open.pop() else { continue };
                if skipping == 1 || pair.leaf {
                    skipping = 0;
                    leaf(text, pair.start, pos, pair.rule, &mut out);
                } else {
                    lex(text, at, pos, pair.rule, &mut out);
                }
                at = pos;
                if pair.starts_unit {
                    if let Some(t) = out[pair.first..]
                        .iter_mut()
                        .find(|t| t.kind != TokenKind::Comment)
                    {
                        t.starts_unit = true;
                    }
                }
            }
        }
    }
    lex(text, at, text.len(), Rule::file, &mut out);
    out
}

/// A pair with no pairs inside: one token of its rule's kind, or, where it is words
/// the grammar spells out (`per player`), those words.
fn leaf(text: &str, start: usize, end: usize, rule: Rule, out: &mut Vec<Token>) {
    let t = &text[start..end];
    if t.is_empty() {
        return;
    }
    if whole(rule) || !(t.contains(char::is_whitespace) || t.contains("//")) {
        out.push(Token {
            kind: kind_of(rule),
            span: Span::new(start, end),
            starts_unit: false,
            context: context_of(rule, t),
        });
    } else {
        lex(text, start, end, rule, out);
    }
}

/// The keywords, marks and comments between pairs (`rule` is the pair they are in).
fn lex(text: &str, from: usize, to: usize, rule: Rule, out: &mut Vec<Token>) {
    let bytes = text.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut i = from;
    while i < to {
        let b = bytes[i];
        if b.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let kind = if text[i..to].starts_with("//") {
            while i < to && bytes[i] != b'\n' {
                i += 1;
            }
            TokenKind::Comment
        } else if word(b) {
            while i < to
                && (word(bytes[i])
                    || (bytes[i] == b'-' && i + 1 < to && bytes[i + 1].is_ascii_alphabetic()))
            {
                i += 1;
            }
            TokenKind::Keyword
        } else {
            const PAIRS: [&str; 9] = ["..", "->", "--", "==", "!=", "<=", ">=", "+=", "-="];
            let two = PAIRS.iter().find(|p| text[i..to].starts_with(**p));
            i += two.map_or_else(
                || text[i..].chars().next().map_or(1, char::len_utf8),
                |p| p.len(),
            );
            TokenKind::Punct
        };
        let mut end = i;
        if kind == TokenKind::Comment {
            end = start + text[start..i].trim_end().len();
        }
        out.push(Token {
            kind,
            span: Span::new(start, end),
            starts_unit: false,
            context: context_of(rule, &text[start..end]),
        });
    }
}
