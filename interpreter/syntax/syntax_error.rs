//! The message for a syntax error: what was expected, named as a reader would say it.

use super::ast::AGGREGATES;
use super::expected::{Expected, Tried};
use super::grammar::Rule;
use super::nesting::nested_too_deep;
use crate::diagnostic::{closest_name, Diagnostic, ErrorKind, Span};
use pest::error::{ErrorVariant, InputLocation};

/// `end_name` names the end of `text` as the reader sees it: "the end of the file", or the
/// `}` that closes a template's value.
pub(super) fn syntax_error(
    text: &str,
    e: pest::error::Error<Rule>,
    expected: Option<Expected>,
    end_name: &str,
) -> Diagnostic {
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
            let kind = ErrorKind::ParserRefused {
                message: message.clone(),
            };
            return Diagnostic::of(Span::new(start, end.max(start)), kind);
        }
    };
    // The second parse names the literal tokens (`{`, `where`, ...) tried at the
    // farthest position reached too, which is where the mistake usually is.
    if let Some(Expected { at, tried }) = expected {
        if at >= start {
            let mut found: Vec<String> = tried
                .iter()
                .flat_map(|t| match t {
                    Tried::Rule(r) => token_names(*r),
                    Tried::Token(t) => vec![format!("`{t}`")],
                })
                .collect();
            if at == start {
                found.append(&mut names);
            }
            // An expression could always go on (`(`, `[`, `and`, an operator...); name
            // that only when nothing else is expected.
            if found.iter().any(|n| !CONTINUATIONS.contains(&n.as_str())) {
                found.retain(|n| !CONTINUATIONS.contains(&n.as_str()));
            }
            // A declaration or the end of the file is what any top-level position
            // allows: name them only when nothing more precise is expected.
            let fallback = |n: &String| n.starts_with("a declaration") || n == EOI_NAME;
            if found.iter().any(|n| !fallback(n)) {
                found.retain(|n| !fallback(n));
            } else if found.iter().any(|n| n.starts_with("a declaration")) {
                found.retain(|n| n.starts_with("a declaration"));
            }
            if !found.is_empty() {
                start = at;
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
    if let Some(d) = unclosed_text(text, start) {
        return d;
    }
    if let Some(d) = unclosed_block(text, start) {
        return d;
    }
    if let Some(d) = text_in_block(text, start, &found) {
        return d;
    }
    if let Some(d) = misspelt_aggregate(text, start) {
        return d;
    }
    names.sort();
    names.dedup();
    // A token that a longer name lists already (`winner` beside "an expectation
    // (`moves`, ..., `winner`, ...)") is named once, there.
    let all = names.clone();
    names.retain(|n| !(n.starts_with('`') && all.iter().any(|m| m != n && m.contains(n.as_str()))));
    for n in &mut names {
        if n == EOI_NAME {
            *n = end_name.to_string();
        }
    }
    let kind = ErrorKind::Syntax {
        expected: names,
        found: (!found.is_empty()).then(|| found.chars().take(20).collect()),
        end: end_name.to_string(),
    };
    Diagnostic::of(Span::new(start, end), kind)
}

/// The end of the text parsed, in "expected ...".
pub(super) const EOI_NAME: &str = "the end of the file";

/// The words that begin a declaration.
pub(super) const DECLARATIONS: &[&str] = &[
    "include", "game", "players", "option", "define", "board", "piece", "counter", "pool",
    "region", "track", "names", "layout", "setup", "score", "chance", "action", "phase", "end",
    "rules",
];

/// A mistake on a line that starts a declaration (at its first column) while a `{` is
/// still open: the `}` of that block is missing, whatever the parser expected.
pub(super) fn unclosed_block(text: &str, at: usize) -> Option<Diagnostic> {
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
        .map(|l| l.split_whitespace().take(2).collect::<Vec<_>>().join(" "));
    let span = Span::new(line_start, line_start + word.len());
    let kind = ErrorKind::UnclosedBlock {
        line: line(open),
        owner,
        word,
    };
    Some(Diagnostic::of(span, kind))
}

/// A mistake inside `NAME(x in ...` where NAME is close to an aggregate's word but is
/// none: the parser read a call, and stopped at the aggregate's `where` or `:`, which
/// no call takes; the misspelt name is the mistake.
fn misspelt_aggregate(text: &str, at: usize) -> Option<Diagnostic> {
    let before = &text[..at];
    let mut depth = 0usize;
    let open = before.char_indices().rev().find_map(|(i, c)| {
        match c {
            ')' => depth += 1,
            '(' if depth == 0 => return Some(i),
            '(' => depth -= 1,
            _ => {}
        }
        None
    })?;
    let is_name_char = |c: char| c.is_alphanumeric() || c == '_';
    let head = before[..open].trim_end();
    let name_start = head.rfind(|c: char| !is_name_char(c)).map_or(0, |i| i + 1);
    let name = &head[name_start..];
    let mut words = before[open + 1..].split_whitespace();
    let (Some(var), Some("in")) = (words.next(), words.next()) else {
        return None;
    };
    if name.is_empty() || AGGREGATES.contains(&name) || !var.chars().all(is_name_char) {
        return None;
    }
    let near = closest_name(name, AGGREGATES)?;
    let kind = ErrorKind::UnknownFunction {
        name: name.to_string(),
        close: Some(near.to_string()),
        functions: Vec::new(),
    };
    Some(Diagnostic::of(
        Span::new(name_start, name_start + name.len()),
        kind,
    ))
}

/// A rules text opened before `at` and never closed: it took the rest of the file, so
/// its opening quotes are the mistake, wherever the parser stopped.
fn unclosed_text(text: &str, at: usize) -> Option<Diagnostic> {
    let open = texts(text).into_iter().find(|&(_, end)| end.is_none())?.0;
    (open <= at).then(|| {
        Diagnostic::of(
            Span::new(open, open + TRIPLE.len()),
            ErrorKind::UnclosedText,
        )
    })
}

/// A rules text (the word `rules`, then `with` or `"""`) inside a `{ ... }` block: the
/// parser stops at the word, or, where a statement may begin with a name, at the quotes.
fn text_in_block(text: &str, at: usize, found: &str) -> Option<Diagnostic> {
    let before = text[..at].trim_end();
    let word = if found == "rules" {
        let after = text[at + found.len()..].trim_start();
        (after.starts_with(TRIPLE) || after.starts_with("with")).then_some(at)?
    } else {
        let starts_word = |w: usize| {
            !before[..w].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '-')
        };
        let w = before.len().checked_sub("rules".len())?;
        (found.starts_with(TRIPLE) && before.ends_with("rules") && starts_word(w)).then_some(w)?
    };
    open_braces(&text[..word]).last()?;
    Some(Diagnostic::of(
        Span::new(word, word + "rules".len()),
        ErrorKind::TextInBlock,
    ))
}

/// The rules texts of `text` (comments and strings skipped): where each opens, and
/// where it closes (past its closing quotes), if it does.
fn texts(text: &str) -> Vec<(usize, Option<usize>)> {
    let mut out = Vec::new();
    scan(text, |_, _| {}, |open, end| out.push((open, end)));
    out
}

/// The quotes that open and close a rules text.
const TRIPLE: &str = "\"\"\"";

/// The offsets of the `{` still open at the end of `text` (strings and comments
/// skipped), innermost last.
pub(super) fn open_braces(text: &str) -> Vec<usize> {
    let mut open = Vec::new();
    scan(
        text,
        |i, c| {
            if c == '{' {
                open.push(i);
            } else {
                open.pop();
            }
        },
        |_, _| {},
    );
    open
}

/// Goes through `text` past comments, strings and rules texts, telling `brace` each `{`
/// and `}` (with its offset) and `text_found` each rules text: where it opens, and
/// where it ends past its closing quotes (none when it is not closed).
fn scan(
    text: &str,
    mut brace: impl FnMut(usize, char),
    mut text_found: impl FnMut(usize, Option<usize>),
) {
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
            // A rules text runs to the next `"""` and may hold braces and quotes.
            '"' if text[i..].starts_with(TRIPLE) => {
                let body = i + TRIPLE.len();
                let end = text[body..].find(TRIPLE).map(|at| body + at + TRIPLE.len());
                text_found(i, end);
                let past = end.unwrap_or(text.len());
                while chars.peek().is_some_and(|&(j, _)| j < past) {
                    chars.next();
                }
            }
            '"' => {
                for (_, n) in chars.by_ref() {
                    if n == '"' {
                        break;
                    }
                }
            }
            '{' | '}' => brace(i, c),
            _ => {}
        }
    }
}

/// What could follow a complete expression.
pub(super) const CONTINUATIONS: &[&str] = &[
    "`(`",
    "`[`",
    "`in`",
    "`and`",
    "`or`",
    "a comparison",
    "an operator",
];

/// Literal tokens worth naming in "expected ..." (not the pieces of names or numbers).
pub(super) const STRUCTURAL: &[&str] = &[
    "{", "}", "(", ")", "[", "]", ",", ";", ":", "=", "->", "..", "as", "of", "at", "to", "from",
    "then", "else", "when", "by", "x", "in", "weight", "for", "let", "where", "winner", "points",
    "draw", "start", "pass", "back", "value", "because",
];

/// What a grammar rule stands for in "expected ...": an operator rule as its tokens,
/// so each is named once beside the same token tried alone.
pub(super) fn token_names(rule: Rule) -> Vec<String> {
    match rule {
        Rule::assign_op => ["`=`", "`+=`", "`-=`"].map(String::from).to_vec(),
        r => token_name(r).into_iter().collect(),
    }
}

/// Readable names of grammar rules for messages ("expected `{`", not `block`).
pub(super) fn token_name(rule: Rule) -> Option<String> {
    let s = match rule {
        Rule::EOI => EOI_NAME,
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
        | Rule::let_expr
        | Rule::let_kw
        | Rule::let_value
        | Rule::if_value
        | Rule::or_value
        | Rule::and_value
        | Rule::not_value
        | Rule::cmp_value
        | Rule::paren
        | Rule::call
        | Rule::aggregate
        | Rule::bool_lit
        | Rule::none_lit
        | Rule::cell_lit => "an expression",
        Rule::put_count => "an expression",
        Rule::cmp_op | Rule::value_cmp_op => "a comparison",
        Rule::in_kw => "`in`",
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
        | Rule::test_decl
        | Rule::rules_decl
        | Rule::strategy_decl
        | Rule::strategy_kw => "a declaration (`game`, `board`, `action`, `phase`, ...)",
        Rule::strategy_rule | Rule::play_kw => "a strategy's rule (`play ACTION ...`)",
        Rule::strategy_avoid | Rule::avoid_kw => "`avoid`",
        Rule::strategy_by => "`by`",
        Rule::test_with | Rule::rules_with => "`with`",
        Rule::test_option => "an option",
        Rule::option_number => "`=` (a number option: `= 100 in 20..200`)",
        Rule::text_block => "a text in triple quotes (`\"\"\"`)",
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
        Rule::signed_int | Rule::signed_decimal => "a number",
        Rule::board_hex
        | Rule::board_rhombus
        | Rule::board_grid
        | Rule::board_line
        | Rule::board_zone
        | Rule::board_directions
        | Rule::board_adjacency
        | Rule::board_leap
        | Rule::board_named_line
        | Rule::board_points
        | Rule::board_links
        | Rule::board_cut_links
        | Rule::board_dir => "a board item (`hex`, `rhombus`, `grid`, `line`, `zone`, `dir`, `leap`, `directions`, `adjacency`, `points`, `links`)",
        Rule::leap_one => "a leap (`nne = 1, 2`)",
        Rule::may_kw => "`may`",
        Rule::directions_kw => "`directions`",
        Rule::line_kw => "`line`",
        Rule::points_kw => "`points`",
        Rule::links_kw => "`links`",
        Rule::point => "a point's name",
        Rule::point_at => "`(` (a point's column and row)",
        Rule::link_chain => "a link (`a1 -- d1`)",
        Rule::adjacency_kw => "`adjacency`",
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
        | Rule::may_go
        | Rule::continue_with
        | Rule::st_move
        | Rule::st_put
        | Rule::st_remove
        | Rule::st_link
        | Rule::link_op
        | Rule::st_take
        | Rule::st_add_pool
        | Rule::st_clear
        | Rule::st_set_value
        | Rule::st_chance
        | Rule::st_set_mover
        | Rule::st_assign
        | Rule::st_hand
        | Rule::counter_ref => "a statement",
        Rule::counter_type => "`:`",
        Rule::hidden => "`hidden`",
        Rule::ph_starts
        | Rule::ph_actions
        | Rule::ph_decide
        | Rule::ph_prefer
        | Rule::ph_maximize
        | Rule::ph_stuck
        | Rule::ph_turn_start
        | Rule::ph_turn_end
        | Rule::ph_until
        | Rule::ph_forbid => {
            "a phase item (`starts`, `actions`, `prefer`, `stuck`, `turn start`, `until`, ...)"
        }
        Rule::result | Rule::result_winner | Rule::result_draw | Rule::result_scores => {
            "a result (`winner P`, `draw` or `by score`)"
        }
        Rule::per_player => "`per player`",
        Rule::turn_local => "`per turn`",
        Rule::piece_value => "`value`",
        Rule::piece_neutral => "`neutral`",
        Rule::player_cells | Rule::cell_list | Rule::cell_item | Rule::region_body => "a cell name",
        Rule::cell_where => "a cell name or `c in cells where ...`",
        Rule::cells_kw => "`cells`",
        Rule::name_map | Rule::label_item => "a cell name",
        Rule::layout_hint => "a layout hint `name = value`",
        Rule::index => "`[`",
        Rule::player_map => "`player: direction`",
        Rule::decide_unit => "`turn` or `action`",
        Rule::stuck_pass => "`pass`",
        Rule::stuck_end => "`end`",
        // Both start an expression.
        Rule::not_op | Rule::neg_op => "an expression",
        Rule::and_kw => "`and`",
        Rule::or_kw => "`or`",
        _ => return None,
    };
    Some(s.to_string())
}
