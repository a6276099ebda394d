//! One function per grammar rule, each turning a `Pair` into a typed AST node.

use super::ast::*;
use crate::diagnostic::{Diagnostic, Span};
use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::{Pair, Pairs};
use pest::Parser;

#[derive(pest_derive::Parser)]
#[grammar = "grammar/rules.pest"]
struct RulesParser;

impl RulesParser {
    /// Parses fast, without pest's error detail; on a mistake parses again with it on
    /// (the tokens tried at the farthest position, for the message). The setting is
    /// the whole process's, so it is only changed under the write side of `DETAIL`,
    /// while no other thread parses: a thread cannot switch it off under another.
    fn parse(rule: Rule, text: &str) -> Result<Pairs<'_, Rule>, pest::error::Error<Rule>> {
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

/// How deep the syntax tree may nest. Everything after the parser (building the AST,
/// checking, compiling, running, and dropping the tree at the end) walks it recursively,
/// so an untrusted file nesting thousands of levels deep is refused here rather than
/// exhausting the stack later. A chain of operators counts one level per operator
/// (`a + b + c` is built as `(a + b) + c`, `- - x` as `-(-x)`). The built-in games and
/// the examples reach at most 64.
pub const MAX_NESTING: usize = 500;

fn nested_too_deep(at: usize) -> Diagnostic {
    Diagnostic::new(
        Span::new(at, at + 1),
        "the rules nest too deeply here (blocks, `else if`s or brackets inside each other)",
    )
    .with_hint("split it with `define`, `let` or smaller blocks")
}

/// Whether a token is an operator of a chain, which nests the tree one level more.
fn chains(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::or_kw
            | Rule::and_kw
            | Rule::not_op
            | Rule::cmp_op
            | Rule::sum_op
            | Rule::prod_op
            | Rule::neg_op
            | Rule::index
    )
}

/// Refuses a parse tree whose syntax tree would nest deeper than `MAX_NESTING`,
/// pointing at where it does. Measured on pest's flat token list, before any tree is
/// built: each open pair keeps its start, its deepest child and its operators so far.
fn too_deep(pairs: &pest::iterators::Pairs<Rule>) -> Result<(), Diagnostic> {
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
            Diagnostic::new(
                Span::new(at + open, at + open + 1),
                "this `{` is never closed",
            )
            .with_hint("a template writes a value as `{name}`")
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
        let mut pairs = RulesParser::parse(Rule::template_expr, expr_text)
            .map_err(|e| at_inner(syntax_error(expr_text, e)))?;
        too_deep(&pairs).map_err(at_inner)?;
        let pair = pairs.next().and_then(|p| p.into_inner().next());
        let Some(pair) = pair else {
            return Err(Diagnostic::new(
                Span::new(inner_at, inner_at),
                "expected an expression",
            ));
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

fn shift(e: &mut Expr, by: usize) {
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

fn syntax_error(text: &str, e: pest::error::Error<Rule>) -> Diagnostic {
    let (mut start, end) = match e.location {
        InputLocation::Pos(p) => (p, p),
        InputLocation::Span((a, b)) => (a, b),
    };
    let mut names: Vec<String> = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            positives.iter().flat_map(|r| token_names(*r)).collect()
        }
        // pest's own guard against deep recursion: the same limit as `too_deep`.
        ErrorVariant::CustomError { message } if message.contains("stack limit") => {
            return nested_too_deep(start);
        }
        ErrorVariant::CustomError { message } => {
            return Diagnostic::new(Span::new(start, end.max(start)), message.clone())
        }
    };
    // With error detail on, pest also records the literal tokens (`{`, `where`, ...)
    // tried at the farthest position reached, which is where the mistake usually is.
    if let Some(attempts) = e.parse_attempts() {
        if attempts.max_position >= start {
            let mut found: Vec<String> = attempts
                .call_stacks()
                .iter()
                .flat_map(|c| c.deepest.get_rule().map_or(Vec::new(), |r| token_names(*r)))
                .collect();
            if attempts.max_position == start {
                found.append(&mut names);
            }
            let tokens: Vec<String> = attempts
                .expected_tokens()
                .iter()
                .map(|t| t.to_string())
                .filter(|t| STRUCTURAL.contains(&t.as_str()))
                .map(|t| format!("`{t}`"))
                .collect();
            found.extend(tokens);
            // An expression could always go on (`(`, `[`, `and`, an operator...); name
            // that only when nothing else is expected.
            if found.iter().any(|n| !CONTINUATIONS.contains(&n.as_str())) {
                found.retain(|n| !CONTINUATIONS.contains(&n.as_str()));
            }
            // A declaration or the end of the file is what any top-level position
            // allows: name them only when nothing more precise is expected.
            let fallback =
                |n: &String| n.starts_with("a declaration") || n == "the end of the file";
            if found.iter().any(|n| !fallback(n)) {
                found.retain(|n| !fallback(n));
            } else if found.iter().any(|n| n.starts_with("a declaration")) {
                found.retain(|n| n.starts_with("a declaration"));
            }
            if !found.is_empty() {
                start = attempts.max_position;
                names = found;
            }
        }
    }
    // Point at the whole token that was found (after any white space), so the caret
    // covers it.
    start = start.min(text.len());
    start += text[start..].len() - text[start..].trim_start().len();
    let found: String = text[start.min(text.len())..]
        .chars()
        .take_while(|c| !c.is_whitespace())
        .collect();
    let end = start + found.len().min(40);
    if let Some(d) = unclosed_block(text, start) {
        return d;
    }
    names.sort();
    names.dedup();
    let expected = match names.len() {
        0 => "something else".to_string(),
        1 => names[0].clone(),
        n => format!("{} or {}", names[..n - 1].join(", "), names[n - 1]),
    };
    let message = if found.is_empty() {
        format!("expected {expected}, found the end of the file")
    } else {
        format!(
            "expected {expected}, found `{}`",
            found.chars().take(20).collect::<String>()
        )
    };
    Diagnostic::new(Span::new(start, end), message)
}

/// The words that begin a declaration.
const DECLARATIONS: &[&str] = &[
    "include", "game", "players", "option", "define", "board", "piece", "counter", "pool",
    "region", "track", "names", "layout", "setup", "score", "chance", "action", "phase", "end",
];

/// A mistake on a line that starts a declaration (at its first column) while a `{` is
/// still open: the `}` of that block is missing, whatever the parser expected.
fn unclosed_block(text: &str, at: usize) -> Option<Diagnostic> {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let word: String = text[line_start..]
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect();
    if !DECLARATIONS.contains(&word.as_str()) {
        return None;
    }
    let open = *open_braces(&text[..line_start]).last()?;
    let line = |offset: usize| text[..offset].matches('\n').count() + 1;
    // The declaration the open block belongs to: the last one begun before its `{`.
    let owner = text[..open]
        .lines()
        .rev()
        .find(|l| {
            let first = l.split_whitespace().next().unwrap_or("");
            !l.starts_with(char::is_whitespace) && DECLARATIONS.contains(&first)
        })
        .map(|l| l.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
        .map(|d| format!(" (in `{d}`)"))
        .unwrap_or_default();
    Some(
        Diagnostic::new(
            Span::new(line_start, line_start + word.len()),
            format!(
                "expected `}}` to close the block opened at line {}{owner}, found `{word}`",
                line(open)
            ),
        )
        .with_hint("every `{` needs its `}` before the next declaration"),
    )
}

/// The offsets of the `{` still open at the end of `text` (strings and comments
/// skipped), innermost last.
fn open_braces(text: &str) -> Vec<usize> {
    let mut open = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '/' if chars.peek().is_some_and(|&(_, n)| n == '/') => {
                for (_, n) in chars.by_ref() {
                    if n == '\n' {
                        break;
                    }
                }
            }
            '"' => {
                for (_, n) in chars.by_ref() {
                    if n == '"' {
                        break;
                    }
                }
            }
            '{' => open.push(i),
            '}' => {
                open.pop();
            }
            _ => {}
        }
    }
    open
}

/// What could follow a complete expression.
const CONTINUATIONS: &[&str] = &[
    "`(`",
    "`[`",
    "`in`",
    "`and`",
    "`or`",
    "a comparison",
    "an operator",
];

/// Literal tokens worth naming in "expected ..." (not the pieces of names or numbers).
const STRUCTURAL: &[&str] = &[
    "{", "}", "(", ")", "[", "]", ",", ";", ":", "=", "->", "..", "as", "of", "at", "to", "from",
    "then", "else", "when", "by", "x", "in", "weight", "for", "let", "where", "winner", "points",
    "draw", "start", "pass", "back", "value", "per",
];

/// What a grammar rule stands for in "expected ...": an operator rule as its tokens,
/// so each is named once beside the same token tried alone.
fn token_names(rule: Rule) -> Vec<String> {
    match rule {
        Rule::assign_op => ["`=`", "`+=`", "`-=`"].map(String::from).to_vec(),
        r => token_name(r).into_iter().collect(),
    }
}

/// Readable names of grammar rules for messages ("expected `{`", not `block`).
fn token_name(rule: Rule) -> Option<String> {
    let s = match rule {
        Rule::EOI => "the end of the file",
        Rule::ident => "a name",
        Rule::cell_name => "a cell name",
        Rule::int => "a number",
        Rule::string => "a quoted string",
        Rule::block => "`{`",
        Rule::expr
        | Rule::or_expr
        | Rule::and_expr
        | Rule::not_expr
        | Rule::cmp
        | Rule::sum
        | Rule::product
        | Rule::unary
        | Rule::postfix
        | Rule::if_expr
        | Rule::paren
        | Rule::call
        | Rule::aggregate
        | Rule::bool_lit
        | Rule::none_lit
        | Rule::cell_lit => "an expression",
        Rule::put_count => "an expression",
        Rule::cmp_op => "a comparison",
        Rule::sum_op | Rule::prod_op => "an operator",
        Rule::include_decl
        | Rule::replace_decl
        | Rule::replace_kw
        | Rule::game_decl
        | Rule::players_decl
        | Rule::option_decl
        | Rule::board_decl
        | Rule::piece_decl
        | Rule::counter_decl
        | Rule::pool_decl
        | Rule::region_decl
        | Rule::track_decl
        | Rule::names_decl
        | Rule::setup_decl
        | Rule::chance_decl
        | Rule::action_decl
        | Rule::phase_decl
        | Rule::end_decl
        | Rule::score_decl
        | Rule::show_decl
        | Rule::define_decl
        | Rule::layout_decl
        | Rule::test_decl => "a declaration (`game`, `board`, `action`, `phase`, ...)",
        Rule::test_with => "`with`",
        Rule::test_from | Rule::test_play | Rule::test_expect => {
            "a test statement (`from state`, `play`, `expect`)"
        }
        Rule::expect_moves
        | Rule::expect_count
        | Rule::expect_perft
        | Rule::expect_winner
        | Rule::expect_draw
        | Rule::expect_ongoing
        | Rule::expect_illegal
        | Rule::expect_score
        | Rule::expect_to_move => {
            "an expectation (`moves`, `count`, `perft`, `winner`, `draw`, `ongoing`, `illegal`, `score`, `to move`)"
        }
        Rule::moves_mode => "`include`, `exclude` or `[`",
        Rule::signed_int => "a number",
        Rule::board_hex
        | Rule::board_rhombus
        | Rule::board_grid
        | Rule::board_line
        | Rule::board_zone
        | Rule::board_dir => "a board item (`hex`, `rhombus`, `grid`, `line`, `zone`, `dir`)",
        Rule::gen_for => "`for`",
        Rule::gen_let => "`let`",
        Rule::gen_where => "`where`",
        Rule::weight => "`weight`",
        Rule::says => "`says`",
        Rule::playout_weight => "`playout weight`",
        Rule::domain | Rule::range_domain | Rule::dir_list => {
            "a domain (`a..b`, `[dirs]` or a set)"
        }
        Rule::st_if
        | Rule::st_let
        | Rule::st_for
        | Rule::st_continue
        | Rule::st_move
        | Rule::st_put
        | Rule::st_remove
        | Rule::st_take
        | Rule::st_add_pool
        | Rule::st_clear
        | Rule::st_set_value
        | Rule::st_chance
        | Rule::st_set_mover
        | Rule::st_assign
        | Rule::st_hand
        | Rule::counter_ref => "a statement",
        Rule::counter_type => "`: type`",
        Rule::ph_starts
        | Rule::ph_actions
        | Rule::ph_decide
        | Rule::ph_prefer
        | Rule::ph_maximize
        | Rule::ph_stuck
        | Rule::ph_turn_start
        | Rule::ph_turn_end
        | Rule::ph_until => {
            "a phase item (`starts`, `actions`, `prefer`, `stuck`, `turn start`, `until`, ...)"
        }
        Rule::result | Rule::result_winner | Rule::result_draw | Rule::result_scores => {
            "a result (`winner P`, `draw` or `by score`)"
        }
        Rule::per_player => "`per player`",
        Rule::turn_local => "`per turn`",
        Rule::piece_value | Rule::piece_neutral => "`value` or `neutral`",
        Rule::player_cells | Rule::cell_list | Rule::cell_item | Rule::region_body => "a cell name",
        Rule::name_map | Rule::label_item => "a cell name",
        Rule::layout_hint => "a layout hint `name = value`",
        Rule::index => "`[`",
        Rule::player_map => "`player: direction`",
        Rule::decide_unit => "`turn` or `action`",
        Rule::stuck_pass | Rule::stuck_end => "`pass` or `end`",
        // Both start an expression.
        Rule::not_op | Rule::neg_op => "an expression",
        Rule::and_kw => "`and`",
        Rule::or_kw => "`or`",
        _ => return None,
    };
    Some(s.to_string())
}

/// A pair's span without the white space and comments a rule may end with.
fn span(pair: &Pair<Rule>) -> Span {
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

fn name(pair: Pair<Rule>) -> Name {
    Name {
        text: pair.as_str().to_string(),
        span: span(&pair),
    }
}

fn string(pair: Pair<Rule>) -> (String, Span) {
    let inner = pair.into_inner().next();
    match inner {
        Some(p) => (p.as_str().to_string(), span(&p)),
        None => (String::new(), Span::default()),
    }
}

fn item(pair: Pair<Rule>) -> Item {
    let rule = pair.as_rule();
    let pair_span = span(&pair);
    let mut it = pair.into_inner();
    match rule {
        Rule::game_decl => {
            let (s, sp) = it.next().map(string).unwrap_or_default();
            Item::Game(s, sp)
        }
        Rule::include_decl => {
            let (s, sp) = it.next().map(string).unwrap_or_default();
            Item::Include(s, sp)
        }
        Rule::players_decl => Item::Players(it.map(name).collect()),
        Rule::option_decl => {
            let n = it.next().map(name).unwrap_or_else(|| missing(pair_span));
            let (description, _) = it.next().map(string).unwrap_or_default();
            Item::Option {
                name: n,
                description,
            }
        }
        Rule::define_decl => {
            let n = it.next().map(name).unwrap_or_else(|| missing(pair_span));
            let value = it
                .next()
                .map(expr)
                .unwrap_or_else(|| missing_expr(pair_span));
            Item::Define { name: n, value }
        }
        Rule::board_decl => Item::Board(it.map(board_item).collect()),
        Rule::piece_decl => {
            let n = it.next().map(name).unwrap_or_else(|| missing(pair_span));
            let mut p = PieceDecl {
                name: n,
                values: None,
                neutral: false,
            };
            for attr in it {
                match attr.as_rule() {
                    Rule::piece_value => {
                        let sp = span(&attr);
                        let mut r = attr.into_inner();
                        let lo = r.next().map(expr).unwrap_or_else(|| missing_expr(sp));
                        let hi = r.next().map(expr).unwrap_or_else(|| missing_expr(sp));
                        p.values = Some((lo, hi));
                    }
                    _ => p.neutral = true,
                }
            }
            Item::Piece(p)
        }
        Rule::counter_decl => {
            let n = it.next().map(name).unwrap_or_else(|| missing(pair_span));
            let mut c = CounterDecl {
                name: n,
                ty: None,
                per_player: false,
                init: None,
                per_turn: false,
                hidden: false,
            };
            for p in it {
                match p.as_rule() {
                    Rule::counter_type => c.ty = p.into_inner().next().map(name),
                    Rule::per_player => c.per_player = true,
                    Rule::turn_local => c.per_turn = true,
                    Rule::hidden => c.hidden = true,
                    _ => c.init = Some(expr(p)),
                }
            }
            Item::Counter(c)
        }
        Rule::pool_decl => {
            let n = it.next().map(name).unwrap_or_else(|| missing(pair_span));
            let mut per_player = false;
            let mut nums = Vec::new();
            for p in it {
                match p.as_rule() {
                    Rule::per_player => per_player = true,
                    _ => nums.push(expr(p)),
                }
            }
            let mut nums = nums.into_iter();
            Item::Pool(PoolDecl {
                name: n,
                per_player,
                low: nums.next().unwrap_or_else(|| missing_expr(pair_span)),
                high: nums.next().unwrap_or_else(|| missing_expr(pair_span)),
                span: pair_span,
            })
        }
        Rule::region_decl | Rule::track_decl => {
            let n = it.next().map(name).unwrap_or_else(|| missing(pair_span));
            let body = it
                .next()
                .map(region_body)
                .unwrap_or(RegionBody::Shared(Vec::new()));
            let decl = RegionDecl { name: n, body };
            if rule == Rule::region_decl {
                Item::Region(decl)
            } else {
                Item::Track(decl)
            }
        }
        Rule::names_decl => {
            let player = it.next().map(name).unwrap_or_else(|| missing(pair_span));
            let maps = it
                .map(|m| {
                    let mut m = m.into_inner();
                    let a = m
                        .next()
                        .map(cell_item)
                        .unwrap_or_else(|| missing_cell(pair_span));
                    let b = m
                        .next()
                        .map(cell_item)
                        .unwrap_or_else(|| missing_cell(pair_span));
                    (a, b)
                })
                .collect();
            Item::Names { player, maps }
        }
        Rule::layout_decl => {
            let kind = it.next().map(name).unwrap_or_else(|| missing(pair_span));
            let hints = it
                .map(|h| {
                    let mut h = h.into_inner();
                    let k = h.next().map(name).unwrap_or_else(|| missing(pair_span));
                    let v = h
                        .next()
                        .map(|v| {
                            if v.as_rule() == Rule::string {
                                string(v).0
                            } else {
                                v.as_str().to_string()
                            }
                        })
                        .unwrap_or_default();
                    (k, v)
                })
                .collect();
            Item::Layout { kind, hints }
        }
        Rule::setup_decl => Item::Setup(
            it.next().map(block).unwrap_or_default(),
            Span::new(pair_span.start, pair_span.start + "setup".len()),
        ),
        Rule::replace_decl => {
            let word = it.next().map(|w| span(&w)).unwrap_or(pair_span);
            match it.next() {
                Some(inner) => Item::Replace(Box::new(item(inner)), word),
                None => Item::Game(String::new(), pair_span),
            }
        }
        Rule::chance_decl => Item::Chance(move_decl(it, pair_span)),
        Rule::action_decl => Item::Action(move_decl(it, pair_span)),
        Rule::phase_decl => {
            let n = it.next().map(name).unwrap_or_else(|| missing(pair_span));
            Item::Phase(PhaseDecl {
                name: n,
                items: it.map(phase_item).collect(),
            })
        }
        Rule::end_decl => {
            let (n, sp) = it.next().map(string).unwrap_or_default();
            let mut quantifier = None;
            let mut when = None;
            let mut result_spec = ResultSpec::ByScore;
            for p in it {
                match p.as_rule() {
                    Rule::ident => quantifier = Some(name(p)),
                    Rule::result => result_spec = result(p),
                    _ => when = Some(expr(p)),
                }
            }
            Item::End(EndDecl {
                name: n,
                span: sp,
                quantifier,
                when: when.unwrap_or_else(|| missing_expr(pair_span)),
                result: result_spec,
            })
        }
        Rule::show_decl => {
            let (label, span) = it.next().map(string).unwrap_or_default();
            if let Some(shown) = it.peek().filter(|p| p.as_rule() == Rule::show_text) {
                let mut when = None;
                let (mut text, mut text_span) = (String::new(), Span::default());
                for p in shown.into_inner() {
                    match p.as_rule() {
                        Rule::string => (text, text_span) = string(p),
                        _ => when = Some(expr(p)),
                    }
                }
                return Item::ShowText {
                    label,
                    span,
                    when,
                    text,
                    text_span,
                };
            }
            let player = it.next().map(name).unwrap_or_else(|| missing(pair_span));
            let value = it
                .next()
                .map(expr)
                .unwrap_or_else(|| missing_expr(pair_span));
            Item::Show {
                label,
                span,
                player,
                value,
            }
        }
        Rule::score_decl => {
            let player = it.next().map(name).unwrap_or_else(|| missing(pair_span));
            let value = it
                .next()
                .map(expr)
                .unwrap_or_else(|| missing_expr(pair_span));
            Item::Score { player, value }
        }
        Rule::test_decl => Item::Test(test_decl(it, pair_span)),
        _ => Item::Game(String::new(), pair_span),
    }
}

/// A number of a test (a depth, points): an absurdly long one saturates, and is
/// refused by the checks that follow.
fn small_int(pair: Pair<Rule>) -> u32 {
    pair.as_str().parse().unwrap_or(u32::MAX)
}

fn big_int(pair: Pair<Rule>) -> u64 {
    pair.as_str().parse().unwrap_or(u64::MAX)
}

fn test_decl(mut it: pest::iterators::Pairs<Rule>, decl_span: Span) -> TestDecl {
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
                decl.options.extend(inner.map(name));
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
                        let v = parts
                            .next()
                            .and_then(|p| p.as_str().parse().ok())
                            .unwrap_or(i64::MAX);
                        TestKind::Score(who, v)
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

fn missing(span: Span) -> Name {
    Name {
        text: String::new(),
        span,
    }
}

fn missing_expr(span: Span) -> Expr {
    Expr {
        kind: ExprKind::Int(0),
        span,
    }
}

fn missing_cell(span: Span) -> CellItem {
    CellItem {
        first: missing(span),
        last: None,
    }
}

fn board_item(pair: Pair<Rule>) -> BoardItem {
    let sp = span(&pair);
    let rule = pair.as_rule();
    let mut it = pair.into_inner();
    match rule {
        Rule::board_hex => BoardItem::Hex(it.map(expr).collect(), sp),
        Rule::board_grid => {
            let w = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            let h = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            BoardItem::Grid(w, h, sp)
        }
        Rule::board_rhombus => {
            let w = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            let h = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            BoardItem::Rhombus(w, h, sp)
        }
        Rule::board_line => {
            let a = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            let b = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            BoardItem::Line(a, b, sp)
        }
        Rule::board_layers => {
            BoardItem::Layers(it.next().map(expr).unwrap_or_else(|| missing_expr(sp)), sp)
        }
        Rule::board_zone => {
            let n = it.next().map(name).unwrap_or_else(|| missing(sp));
            BoardItem::Zone {
                name: n,
                per_player: it.next().is_some(),
            }
        }
        _ => {
            let n = it.next().map(name).unwrap_or_else(|| missing(sp));
            let mut map = Vec::new();
            if let Some(m) = it.next() {
                let names: Vec<Name> = m.into_inner().map(name).collect();
                for pair in names.chunks(2) {
                    if let [p, d] = pair {
                        map.push((p.clone(), d.clone()));
                    }
                }
            }
            BoardItem::Dir { name: n, map }
        }
    }
}

fn region_body(pair: Pair<Rule>) -> RegionBody {
    let mut it = pair.into_inner().peekable();
    match it.peek().map(|p| p.as_rule()) {
        Some(Rule::player_cells) => RegionBody::PerPlayer(
            it.map(|pc| {
                let sp = span(&pc);
                let mut pc = pc.into_inner();
                let p = pc.next().map(name).unwrap_or_else(|| missing(sp));
                let cells = pc.next().map(cell_list).unwrap_or_default();
                (p, cells)
            })
            .collect(),
        ),
        _ => RegionBody::Shared(it.next().map(cell_list).unwrap_or_default()),
    }
}

fn cell_list(pair: Pair<Rule>) -> Vec<CellItem> {
    pair.into_inner().map(cell_item).collect()
}

fn cell_item(pair: Pair<Rule>) -> CellItem {
    let sp = span(&pair);
    let mut it = pair.into_inner();
    let first = it.next().map(name).unwrap_or_else(|| missing(sp));
    CellItem {
        first,
        last: it.next().map(name),
    }
}

fn move_decl(mut it: pest::iterators::Pairs<Rule>, sp: Span) -> MoveDecl {
    let n = it.next().map(name).unwrap_or_else(|| missing(sp));
    let (template, template_span) = it.next().map(string).unwrap_or_default();
    let mut generators = Vec::new();
    let mut weight = None;
    let mut playout_weight = None;
    let mut says = None;
    let mut body = Vec::new();
    for p in it {
        match p.as_rule() {
            Rule::says => says = p.into_inner().next().map(string),
            Rule::weight => weight = p.into_inner().next().map(expr),
            Rule::playout_weight => playout_weight = p.into_inner().next().map(expr),
            Rule::block => body = block(p),
            _ => generators.push(generator(p)),
        }
    }
    MoveDecl {
        name: n,
        template,
        template_span,
        says,
        generators,
        weight,
        playout_weight,
        body,
    }
}

fn generator(pair: Pair<Rule>) -> Generator {
    let sp = span(&pair);
    let rule = pair.as_rule();
    let mut it = pair.into_inner();
    match rule {
        Rule::gen_for => {
            let var = it.next().map(name).unwrap_or_else(|| missing(sp));
            let d = it.next().map(domain).unwrap_or(Domain::Dirs(Vec::new()));
            Generator::For { var, domain: d }
        }
        Rule::gen_let => {
            let var = it.next().map(name).unwrap_or_else(|| missing(sp));
            Generator::Let {
                var,
                value: it.next().map(expr).unwrap_or_else(|| missing_expr(sp)),
            }
        }
        _ => Generator::Where(it.next().map(expr).unwrap_or_else(|| missing_expr(sp))),
    }
}

fn domain(pair: Pair<Rule>) -> Domain {
    let sp = span(&pair);
    let Some(inner) = pair.into_inner().next() else {
        return Domain::Dirs(Vec::new());
    };
    match inner.as_rule() {
        Rule::range_domain => {
            let mut it = inner.into_inner();
            let a = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            let b = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            Domain::Range(a, b)
        }
        Rule::dir_list => Domain::Dirs(inner.into_inner().map(name).collect()),
        _ => Domain::Expr(expr(inner)),
    }
}

fn phase_item(pair: Pair<Rule>) -> PhaseItem {
    let sp = span(&pair);
    let rule = pair.as_rule();
    let mut it = pair.into_inner();
    match rule {
        Rule::ph_starts => {
            PhaseItem::Starts(it.next().map(expr).unwrap_or_else(|| missing_expr(sp)))
        }
        Rule::ph_actions => PhaseItem::Actions(it.map(name).collect()),
        Rule::ph_decide => {
            PhaseItem::DecideTurn(it.next().is_some_and(|u| u.as_str() == "turn"), sp)
        }
        Rule::ph_prefer => PhaseItem::Prefer(it.map(name).collect()),
        Rule::ph_maximize => PhaseItem::Maximize(it.map(expr).collect()),
        Rule::ph_stuck => {
            let Some(s) = it.next() else {
                return PhaseItem::StuckEnd(ResultSpec::ByScore);
            };
            match s.as_rule() {
                Rule::stuck_pass => {
                    let mut s = s.into_inner();
                    let (template, span) = s.next().map(string).unwrap_or_default();
                    PhaseItem::StuckPass {
                        template,
                        span,
                        body: s.next().map(block),
                    }
                }
                _ => PhaseItem::StuckEnd(
                    s.into_inner()
                        .next()
                        .map(result)
                        .unwrap_or(ResultSpec::ByScore),
                ),
            }
        }
        Rule::ph_turn_start => PhaseItem::TurnStart(it.next().map(block).unwrap_or_default()),
        Rule::ph_turn_end => PhaseItem::TurnEnd(it.next().map(block).unwrap_or_default()),
        _ => PhaseItem::Until(it.next().map(expr).unwrap_or_else(|| missing_expr(sp))),
    }
}

fn result(pair: Pair<Rule>) -> ResultSpec {
    let sp = span(&pair);
    let Some(inner) = pair.into_inner().next() else {
        return ResultSpec::ByScore;
    };
    match inner.as_rule() {
        Rule::result_winner => {
            let mut it = inner.into_inner();
            let player = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            let mut points = None;
            let mut named = None;
            for p in it {
                match p.as_rule() {
                    Rule::result_named => {
                        named = p.into_inner().next().map(|s| Box::new(string(s)))
                    }
                    _ => points = Some(expr(p)),
                }
            }
            ResultSpec::Winner {
                player,
                points,
                named,
            }
        }
        Rule::result_draw => ResultSpec::Draw,
        _ => ResultSpec::ByScore,
    }
}

fn block(pair: Pair<Rule>) -> Block {
    pair.into_inner().map(stmt).collect()
}

fn stmt(pair: Pair<Rule>) -> Stmt {
    let sp = span(&pair);
    let rule = pair.as_rule();
    let mut it = pair.into_inner();
    let next_expr = |it: &mut pest::iterators::Pairs<Rule>| {
        it.next().map(expr).unwrap_or_else(|| missing_expr(sp))
    };
    let kind = match rule {
        Rule::st_if => {
            let cond = next_expr(&mut it);
            let then = it.next().map(block).unwrap_or_default();
            let otherwise = match it.next() {
                Some(p) if p.as_rule() == Rule::st_if => vec![stmt(p)],
                Some(p) => block(p),
                None => Vec::new(),
            };
            StmtKind::If {
                cond,
                then,
                otherwise,
            }
        }
        Rule::st_let => {
            let var = it.next().map(name).unwrap_or_else(|| missing(sp));
            StmtKind::Let {
                var,
                value: next_expr(&mut it),
            }
        }
        Rule::st_for => {
            let var = it.next().map(name).unwrap_or_else(|| missing(sp));
            let d = it.next().map(domain).unwrap_or(Domain::Dirs(Vec::new()));
            let mut filter = None;
            let mut body = Vec::new();
            for p in it {
                if p.as_rule() == Rule::block {
                    body = block(p);
                } else {
                    filter = Some(expr(p));
                }
            }
            StmtKind::For {
                var,
                domain: d,
                filter,
                body,
            }
        }
        Rule::st_continue => StmtKind::Continue,
        Rule::st_move => {
            let from = next_expr(&mut it);
            StmtKind::Move {
                from,
                to: next_expr(&mut it),
            }
        }
        Rule::st_put => {
            let mut count = None;
            let mut piece = missing(sp);
            let mut owner = None;
            let mut value = None;
            let mut at = None;
            for p in it {
                match p.as_rule() {
                    Rule::put_count => count = p.into_inner().next().map(expr),
                    Rule::ident => piece = name(p),
                    Rule::put_owner => owner = p.into_inner().next().map(expr),
                    Rule::put_value => value = p.into_inner().next().map(expr),
                    _ => at = p.into_inner().next().map(expr),
                }
            }
            StmtKind::Put {
                count,
                piece,
                owner,
                value,
                at: at.unwrap_or_else(|| missing_expr(sp)),
            }
        }
        Rule::st_remove => StmtKind::Remove(next_expr(&mut it)),
        Rule::st_take => {
            let value = next_expr(&mut it);
            StmtKind::Take {
                value,
                pool: it.next().map(pool_ref).unwrap_or_else(|| missing_pool(sp)),
            }
        }
        Rule::st_add_pool => {
            let value = next_expr(&mut it);
            let mut times = None;
            let mut pool = missing_pool(sp);
            for p in it {
                if p.as_rule() == Rule::pool_ref {
                    pool = pool_ref(p);
                } else {
                    times = Some(expr(p));
                }
            }
            StmtKind::AddPool { value, times, pool }
        }
        Rule::st_clear => {
            StmtKind::Clear(it.next().map(pool_ref).unwrap_or_else(|| missing_pool(sp)))
        }
        Rule::st_set_value => {
            let cell = next_expr(&mut it);
            StmtKind::SetValue {
                cell,
                value: next_expr(&mut it),
            }
        }
        Rule::st_chance => StmtKind::Chance(it.next().map(name).unwrap_or_else(|| missing(sp))),
        Rule::st_set_mover => StmtKind::SetMover(next_expr(&mut it)),
        Rule::st_hand => match it.next() {
            Some(p) if p.as_rule() == Rule::hand_back => StmtKind::HandBack,
            Some(p) => StmtKind::HandTo(expr(p)),
            None => StmtKind::HandBack,
        },
        _ => {
            // st_assign
            let target_pair = it.next();
            let (target, index) = match target_pair {
                Some(t) => {
                    let mut t = t.into_inner();
                    let n = t.next().map(name).unwrap_or_else(|| missing(sp));
                    (n, t.next().map(expr))
                }
                None => (missing(sp), None),
            };
            let op = match it.next().map(|p| p.as_str().to_string()).as_deref() {
                Some("+=") => AssignOp::Add,
                Some("-=") => AssignOp::Sub,
                _ => AssignOp::Set,
            };
            StmtKind::Assign {
                target,
                index,
                op,
                value: next_expr(&mut it),
            }
        }
    };
    Stmt { kind, span: sp }
}

fn missing_pool(sp: Span) -> PoolRef {
    PoolRef {
        name: missing(sp),
        index: None,
    }
}

fn pool_ref(pair: Pair<Rule>) -> PoolRef {
    let sp = span(&pair);
    let mut it = pair.into_inner();
    let n = it.next().map(name).unwrap_or_else(|| missing(sp));
    PoolRef {
        name: n,
        index: it.next().map(expr),
    }
}

fn expr(pair: Pair<Rule>) -> Expr {
    let sp = span(&pair);
    match pair.as_rule() {
        Rule::expr | Rule::template_expr => match pair.into_inner().next() {
            Some(p) => expr(p),
            None => missing_expr(sp),
        },
        Rule::if_expr => {
            let mut it = pair.into_inner().map(expr);
            let c = it.next().unwrap_or_else(|| missing_expr(sp));
            let a = it.next().unwrap_or_else(|| missing_expr(sp));
            let b = it.next().unwrap_or_else(|| missing_expr(sp));
            Expr {
                kind: ExprKind::If(Box::new(c), Box::new(a), Box::new(b)),
                span: sp,
            }
        }
        Rule::or_expr => fold_same(pair, BinaryOp::Or),
        Rule::and_expr => fold_same(pair, BinaryOp::And),
        Rule::not_expr => {
            let mut nots = 0;
            let mut inner = None;
            for p in pair.into_inner() {
                if p.as_rule() == Rule::not_op {
                    nots += 1;
                } else {
                    inner = Some(expr(p));
                }
            }
            let mut e = inner.unwrap_or_else(|| missing_expr(sp));
            for _ in 0..nots {
                e = Expr {
                    kind: ExprKind::Unary(UnaryOp::Not, Box::new(e)),
                    span: sp,
                };
            }
            e
        }
        Rule::unary => {
            let mut negs = 0;
            let mut inner = None;
            for p in pair.into_inner() {
                if p.as_rule() == Rule::neg_op {
                    negs += 1;
                } else {
                    inner = Some(expr(p));
                }
            }
            let mut e = inner.unwrap_or_else(|| missing_expr(sp));
            for _ in 0..negs {
                e = Expr {
                    kind: ExprKind::Unary(UnaryOp::Neg, Box::new(e)),
                    span: sp,
                };
            }
            e
        }
        Rule::cmp | Rule::sum | Rule::product => {
            let mut it = pair.into_inner();
            let mut left = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            while let Some(op) = it.next() {
                let right = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
                let op = match op.as_str().trim() {
                    "==" => BinaryOp::Eq,
                    "!=" => BinaryOp::Ne,
                    "<" => BinaryOp::Lt,
                    "<=" => BinaryOp::Le,
                    ">" => BinaryOp::Gt,
                    ">=" => BinaryOp::Ge,
                    "in" => BinaryOp::In,
                    "+" => BinaryOp::Add,
                    "-" => BinaryOp::Sub,
                    "*" => BinaryOp::Mul,
                    "/" => BinaryOp::Div,
                    _ => BinaryOp::Rem,
                };
                let span = Span::new(left.span.start, right.span.end);
                left = Expr {
                    kind: ExprKind::Binary(op, Box::new(left), Box::new(right)),
                    span,
                };
            }
            left
        }
        Rule::postfix => {
            let mut it = pair.into_inner();
            let mut e = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            for idx in it {
                let i = idx
                    .into_inner()
                    .next()
                    .map(expr)
                    .unwrap_or_else(|| missing_expr(sp));
                let span = Span::new(e.span.start, i.span.end + 1);
                e = Expr {
                    kind: ExprKind::Index(Box::new(e), Box::new(i)),
                    span,
                };
            }
            e
        }
        Rule::paren => pair
            .into_inner()
            .next()
            .map(expr)
            .unwrap_or_else(|| missing_expr(sp)),
        Rule::int => Expr {
            kind: ExprKind::Int(pair.as_str().parse().unwrap_or(i64::MAX)),
            span: sp,
        },
        Rule::bool_lit => Expr {
            kind: ExprKind::Bool(pair.as_str() == "true"),
            span: sp,
        },
        Rule::none_lit => Expr {
            kind: ExprKind::None,
            span: sp,
        },
        Rule::cell_lit => {
            let text = pair.as_str().trim_start_matches('#').to_string();
            Expr {
                kind: ExprKind::Cell(text),
                span: sp,
            }
        }
        Rule::ident => Expr {
            kind: ExprKind::Name(pair.as_str().to_string()),
            span: sp,
        },
        Rule::call => {
            let mut it = pair.into_inner();
            let n = it.next().map(name).unwrap_or_else(|| missing(sp));
            Expr {
                kind: ExprKind::Call(n, it.map(expr).collect()),
                span: sp,
            }
        }
        Rule::aggregate => {
            let mut it = pair.into_inner();
            let op = match it.next().map(|p| p.as_str().to_string()).as_deref() {
                Some("count") => AggregateOp::Count,
                Some("sum") => AggregateOp::Sum,
                Some("exists") => AggregateOp::Exists,
                Some("all") => AggregateOp::All,
                Some("min") => AggregateOp::Min,
                _ => AggregateOp::Max,
            };
            let var = it.next().map(name).unwrap_or_else(|| missing(sp));
            let d = it.next().map(domain).unwrap_or(Domain::Dirs(Vec::new()));
            let mut filter = None;
            let mut value = None;
            for p in it {
                match p.as_rule() {
                    Rule::agg_where => filter = p.into_inner().next().map(|e| Box::new(expr(e))),
                    _ => value = p.into_inner().next().map(|e| Box::new(expr(e))),
                }
            }
            Expr {
                kind: ExprKind::Aggregate {
                    op,
                    var,
                    domain: Box::new(d),
                    filter,
                    value,
                },
                span: sp,
            }
        }
        _ => missing_expr(sp),
    }
}

fn fold_same(pair: Pair<Rule>, op: BinaryOp) -> Expr {
    let sp = span(&pair);
    let mut it = pair
        .into_inner()
        .filter(|p| !matches!(p.as_rule(), Rule::and_kw | Rule::or_kw))
        .map(expr);
    let mut left = it.next().unwrap_or_else(|| missing_expr(sp));
    for right in it {
        let span = Span::new(left.span.start, right.span.end);
        left = Expr {
            kind: ExprKind::Binary(op, Box::new(left), Box::new(right)),
            span,
        };
    }
    left
}
