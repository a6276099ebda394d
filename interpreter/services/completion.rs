//! What may be written at a place of a rules text being typed: the words of the language
//! valid there, the names in scope with their kind (the locals bound above by `for` and
//! `let` among them), the built-in functions with their signatures, and only option
//! names inside `option(`. The file need not parse: the place is read from the words
//! before it, and the names from the rest of the file.

use super::lexical::{in_comment_or_text, pieces, pieces_from, Lexeme, Piece};
use super::reference::{self, Place as Where, BUILT_IN_NAMES, FUNCTIONS, KEYWORDS};
use super::symbols::{line_at, SymbolIndex, SymbolKind};

/// One thing that may be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Completion {
    /// The text written, when it is chosen.
    pub label: String,
    /// What it is.
    pub kind: CompletionKind,
    /// A line about it: a signature, or the line that declares a name.
    pub detail: String,
    /// More about it, in Markdown.
    pub documentation: Option<String>,
}

/// What a completion is, for an editor's icon.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompletionKind {
    /// A word of the language.
    Keyword,
    /// A built-in function or aggregate.
    Function,
    /// A name every game has (`mover`, `cells`).
    BuiltIn,
    /// A name the file declares (or binds above the place), by what it stands for.
    Symbol(SymbolKind),
}

/// What the place is, read from the words before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Context {
    /// Where a declaration may start; `head` is the declaration before, whose
    /// generators may go on there when it is an action or a chance event.
    TopLevel { generators: bool },
    /// Where a part of a board, an item of a phase or a statement of a test may start.
    Unit(Where),
    /// Where a statement of a block may start.
    Statement,
    /// Inside an expression or a declaration.
    Expression,
    /// Only names of one kind: options in `option(`, actions in `can(` and `actions`.
    Only(SymbolKind),
}

/// Where the word being typed at byte `offset` of `text` starts: what a completion
/// replaces. `offset` itself after anything but a letter, digit, `_` or `-`.
pub fn word_start(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let word = text[..offset]
        .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .next()
        .unwrap_or("");
    offset - word.len()
}

/// What may be written at byte `offset` of `text`, in this order: the locals, the other
/// names, the built-in names and functions, the words of the language.
pub fn completions(text: &str, offset: usize) -> Vec<Completion> {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    if in_comment_or_text(text, offset) {
        return Vec::new();
    }
    // The words before the place, from the declaration it is in when the text parses.
    let read = super::analysis::analysis(text);
    let from = match &*read {
        Ok(a) => {
            let after = a.extents.partition_point(|e| e.start <= offset);
            after.checked_sub(1).map_or(0, |i| a.extents[i].start)
        }
        Err(_) => 0,
    };
    let mut before = pieces_from(text, from, offset);
    // The word being typed is not part of the place.
    if before
        .last()
        .is_some_and(|p| p.kind == Lexeme::Word && p.span.end == offset)
    {
        before.pop();
    }
    let start = declaration_start(text, &before);
    let context = context(text, &before, start, offset);
    let mut out = Vec::new();
    let names = |out: &mut Vec<Completion>, kinds: &[SymbolKind]| {
        let mut seen: std::collections::HashSet<String> =
            out.iter().map(|c| c.label.clone()).collect();
        for (name, kind, line) in globals(text, &before, start) {
            if kinds.contains(&kind) && seen.insert(name.clone()) {
                out.push(Completion {
                    label: name,
                    kind: CompletionKind::Symbol(kind),
                    detail: line,
                    documentation: Some(kind.word().to_string()),
                });
            }
        }
    };
    let keywords = |out: &mut Vec<Completion>, place: Where| {
        for k in KEYWORDS.iter().filter(|k| k.place == place) {
            out.push(Completion {
                label: k.word.to_string(),
                kind: CompletionKind::Keyword,
                detail: "keyword".to_string(),
                documentation: Some(k.text.to_string()),
            });
        }
    };
    let typed = &text[word_start(text, offset)..offset];
    complete(&mut out, context, &names, &keywords, text, &before[start..]);
    if out.len() > MAX_COMPLETIONS {
        // The names that go on the word typed first, then the others, to the most.
        out.sort_by_key(|c| !c.label.starts_with(typed));
        out.truncate(MAX_COMPLETIONS);
    }
    out
}

/// The most completions listed at one place: a file of thousands of names lists those
/// that go on the word typed, up to this many.
pub const MAX_COMPLETIONS: usize = 1000;

fn complete(
    out: &mut Vec<Completion>,
    context: Context,
    names: &dyn Fn(&mut Vec<Completion>, &[SymbolKind]),
    keywords: &dyn Fn(&mut Vec<Completion>, Where),
    text: &str,
    own: &[Piece],
) {
    match context {
        Context::Only(kind) => names(out, &[kind]),
        Context::TopLevel { generators } => {
            keywords(out, Where::Declaration);
            if generators {
                for word in ["for", "let", "where", "weight", "playout"] {
                    out.extend(reference::keyword(word).map(|k| Completion {
                        label: k.word.to_string(),
                        kind: CompletionKind::Keyword,
                        detail: "keyword".to_string(),
                        documentation: Some(k.text.to_string()),
                    }));
                }
            }
        }
        Context::Unit(place) => keywords(out, place),
        Context::Statement | Context::Expression => {
            for (name, line) in locals(text, own) {
                out.push(Completion {
                    label: name,
                    kind: CompletionKind::Symbol(SymbolKind::Local),
                    detail: line,
                    documentation: Some(SymbolKind::Local.word().to_string()),
                });
            }
            names(out, &VALUES);
            for n in BUILT_IN_NAMES {
                if !out.iter().any(|c| c.label == n.name) {
                    out.push(Completion {
                        label: n.name.to_string(),
                        kind: CompletionKind::BuiltIn,
                        detail: n.kind.to_string(),
                        documentation: Some(n.text.to_string()),
                    });
                }
            }
            for f in FUNCTIONS {
                out.push(Completion {
                    label: f.name.to_string(),
                    kind: CompletionKind::Function,
                    detail: f.signature.to_string(),
                    documentation: Some(f.text.to_string()),
                });
            }
            if context == Context::Statement {
                keywords(out, Where::Statement);
            }
            keywords(out, Where::Expression);
        }
    }
}

/// The kinds of names an expression may read.
const VALUES: [SymbolKind; 11] = [
    SymbolKind::Define,
    SymbolKind::Counter,
    SymbolKind::Player,
    SymbolKind::Phase,
    SymbolKind::Direction,
    SymbolKind::Piece,
    SymbolKind::Zone,
    SymbolKind::Region,
    SymbolKind::Track,
    SymbolKind::Pool,
    SymbolKind::DirectionSet,
];

fn word<'t>(text: &'t str, p: &Piece) -> &'t str {
    &text[p.span.start..p.span.end]
}

/// Whether a piece starts a declaration: a word that may start one, first on its line
/// and outside every bracket.
fn starts_declaration(text: &str, p: &Piece, depth: usize) -> bool {
    depth == 0
        && p.line_start
        && p.kind == Lexeme::Word
        && reference::keyword(word(text, p)).is_some_and(|k| k.place == Where::Declaration)
}

/// Where the declaration the place is in starts, among `before`.
fn declaration_start(text: &str, before: &[Piece]) -> usize {
    let mut depth = 0usize;
    let mut start = 0;
    for (i, p) in before.iter().enumerate() {
        if starts_declaration(text, p, depth) {
            start = i;
        }
        depth = bracket(text, p, depth);
    }
    start
}

/// The depth after a piece, counting open brackets.
fn bracket(text: &str, p: &Piece, depth: usize) -> usize {
    if p.kind != Lexeme::Mark {
        return depth;
    }
    match word(text, p) {
        "{" | "(" | "[" => depth + 1,
        "}" | ")" | "]" => depth.saturating_sub(1),
        _ => depth,
    }
}

fn context(text: &str, before: &[Piece], start: usize, offset: usize) -> Context {
    let own = &before[start..];
    // The brackets open at the place, each with the piece before it.
    let mut open: Vec<usize> = Vec::new();
    for (i, p) in own.iter().enumerate() {
        if p.kind == Lexeme::Mark {
            match word(text, p) {
                "{" | "(" | "[" => open.push(i),
                "}" | ")" | "]" => {
                    open.pop();
                }
                _ => {}
            }
        }
    }
    let head = own.first().map(|p| word(text, p)).unwrap_or("");
    let head = if head == "replace" {
        own.get(1).map(|p| word(text, p)).unwrap_or("")
    } else {
        head
    };
    let prev = own.last().map(|p| word(text, p));
    // Whether the place is the first word of its line, or follows a brace.
    let line_start = text[..offset].rsplit('\n').next().is_some_and(|l| {
        l.trim_start()
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    });
    let unit_start = line_start || matches!(prev, Some("{" | "}")) || prev.is_none();
    if let Some(&i) = open.last() {
        if word(text, &own[i]) == "(" {
            match i.checked_sub(1).map(|j| word(text, &own[j])) {
                Some("option") => return Context::Only(SymbolKind::Option),
                Some("can") => return Context::Only(SymbolKind::Action),
                _ => {}
            }
        }
    }
    // The word that starts the unit the place is in, inside the innermost brace.
    let unit_word = {
        let from = open.last().map_or(0, |&i| i + 1);
        let mut depth = 0usize;
        let mut first = None;
        for p in &own[from..] {
            if depth == 0 && p.line_start && p.kind == Lexeme::Word {
                first = Some(word(text, p));
            }
            depth = bracket(text, p, depth);
        }
        first
    };
    match prev {
        Some("actions" | "prefer") => return Context::Only(SymbolKind::Action),
        Some(",") if matches!(unit_word, Some("actions" | "prefer")) => {
            return Context::Only(SymbolKind::Action)
        }
        Some("put") => return Context::Only(SymbolKind::Piece),
        Some("chance") if !open.is_empty() => return Context::Only(SymbolKind::Chance),
        Some("from" | "clear") if !open.is_empty() => return Context::Only(SymbolKind::Pool),
        _ => {}
    }
    let Some(&innermost) = open.last() else {
        if unit_start && !continues(prev) {
            return Context::TopLevel {
                generators: matches!(head, "action" | "chance"),
            };
        }
        return Context::Expression;
    };
    if word(text, &own[innermost]) != "{" {
        return Context::Expression;
    }
    if !unit_start || continues(prev) {
        return Context::Expression;
    }
    // The first brace of a declaration holds its units; a deeper one is a block.
    if open.iter().filter(|&&i| word(text, &own[i]) == "{").count() == 1 {
        match head {
            "board" => return Context::Unit(Where::Board),
            "phase" => return Context::Unit(Where::Phase),
            "test" => return Context::Unit(Where::Test),
            "region" | "track" | "names" | "layout" => return Context::Expression,
            _ => {}
        }
    }
    Context::Statement
}

/// Whether the piece before a new line leaves an expression open (`where`, `and`, `=`).
fn continues(prev: Option<&str>) -> bool {
    matches!(
        prev,
        Some(
            "where"
                | "and"
                | "or"
                | "not"
                | "="
                | "=="
                | "!="
                | "<"
                | ">"
                | "<="
                | ">="
                | "+"
                | "-"
                | "*"
                | "/"
                | "%"
                | "+="
                | "-="
                | "in"
                | "if"
                | "then"
                | "else"
                | ","
                | "->"
                | ".."
                | "at"
                | "of"
                | "when"
                | "to"
                | "value"
                | ":"
        )
    )
}

/// The locals bound before the place in its declaration (`own`), innermost last and
/// each once, with the line that binds it.
fn locals(text: &str, own: &[Piece]) -> Vec<(String, String)> {
    // Each local with the bracket depth it lives at.
    let mut bound: Vec<(String, usize, usize)> = Vec::new();
    let mut depth = 0usize;
    let head = own.first().map(|p| word(text, p));
    let mut in_params = false;
    for (i, p) in own.iter().enumerate() {
        let next = own.get(i + 1).filter(|n| n.kind == Lexeme::Word);
        match (word(text, p), next) {
            ("for", Some(var)) => {
                // A `for` of a block binds for the block that follows.
                let at = if depth == 0 { 0 } else { depth + 1 };
                bound.push((word(text, var).to_string(), at, var.span.start));
            }
            ("let", Some(var)) => bound.push((word(text, var).to_string(), depth, var.span.start)),
            ("(", Some(var))
                if own.get(i + 2).is_some_and(|n| word(text, n) == "in")
                    && i > 0
                    && super::super::syntax::ast::AGGREGATES.contains(&word(text, &own[i - 1])) =>
            {
                bound.push((word(text, var).to_string(), depth + 1, var.span.start));
            }
            _ => {}
        }
        // `define NAME(a, b) = ...`: the parameters, for the whole value.
        if i == 2 && head == Some("define") && word(text, p) == "(" {
            in_params = true;
        } else if in_params && word(text, p) == ")" {
            in_params = false;
        } else if in_params && p.kind == Lexeme::Word {
            bound.push((word(text, p).to_string(), 0, p.span.start));
        }
        if i == 1 && head == Some("score") && p.kind == Lexeme::Word {
            bound.push((word(text, p).to_string(), 0, p.span.start));
        }
        if i == 2 && head == Some("show") && p.kind == Lexeme::Word {
            bound.push((word(text, p).to_string(), 0, p.span.start));
        }
        let after = bracket(text, p, depth);
        if after < depth {
            bound.retain(|(_, d, _)| *d <= after);
        }
        depth = after;
    }
    let mut out: Vec<(String, String)> = Vec::new();
    for (name, _, at) in bound.into_iter().rev() {
        if !out.iter().any(|(n, _)| *n == name) {
            out.push((name, line_at(text, at)));
        }
    }
    out.reverse();
    out
}

/// The names the file declares, with their kind and declaring line: from the file's
/// index, or with the declaration being typed blanked out when the file does not
/// parse, or from the declarations' first words when that does not parse either.
fn globals(text: &str, before: &[Piece], start: usize) -> Vec<(String, SymbolKind, String)> {
    let from_index = |index: &SymbolIndex| {
        index
            .symbols
            .iter()
            .filter(|s| s.kind != SymbolKind::Local && s.kind != SymbolKind::Cell)
            .map(|s| (s.name.clone(), s.kind, s.line.clone()))
            .collect()
    };
    if let Ok(a) = &*super::analysis::analysis(text) {
        return from_index(&a.index);
    }
    let from = before.get(start).map_or(0, |p| p.span.start);
    let all = pieces(text, text.len());
    let mut depth = 0usize;
    let mut to = text.len();
    for p in &all {
        if p.span.start > from && starts_declaration(text, p, depth) {
            to = p.span.start;
            break;
        }
        depth = bracket(text, p, depth);
    }
    let mut blanked = text.to_string();
    blanked.replace_range(from..to, &" ".repeat(to - from));
    if let Ok(a) = &*super::analysis::analysis(&blanked) {
        return from_index(&a.index);
    }
    first_words(text, &all)
}

/// The names declarations give by their first two words (`counter n`, `players a, b`).
fn first_words(text: &str, all: &[Piece]) -> Vec<(String, SymbolKind, String)> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    for (i, p) in all.iter().enumerate() {
        if starts_declaration(text, p, depth) {
            let kind = match word(text, p) {
                "define" => Some(SymbolKind::Define),
                "piece" => Some(SymbolKind::Piece),
                "counter" => Some(SymbolKind::Counter),
                "pool" => Some(SymbolKind::Pool),
                "region" => Some(SymbolKind::Region),
                "track" => Some(SymbolKind::Track),
                "action" => Some(SymbolKind::Action),
                "chance" => Some(SymbolKind::Chance),
                "phase" => Some(SymbolKind::Phase),
                "option" => Some(SymbolKind::Option),
                _ => None,
            };
            if let (Some(kind), Some(n)) = (kind, all.get(i + 1)) {
                if n.kind == Lexeme::Word {
                    out.push((word(text, n).to_string(), kind, line_at(text, n.span.start)));
                }
            }
            if word(text, p) == "players" {
                let names = all[i + 1..]
                    .iter()
                    .step_by(2)
                    .take_while(|n| n.kind == Lexeme::Word && !n.line_start);
                for n in names {
                    out.push((
                        word(text, n).to_string(),
                        SymbolKind::Player,
                        line_at(text, n.span.start),
                    ));
                }
            }
        }
        depth = bracket(text, p, depth);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(text: &str) -> Vec<String> {
        let at = text.find('|').expect("a place");
        let text = text.replacen('|', "", 1);
        completions(&text, at)
            .into_iter()
            .map(|c| c.label)
            .collect()
    }

    const HEAD: &str =
        "players a, b\nboard { grid 3 x 3 }\npiece stone\ncounter moves = 0\noption big \"\"\n";

    #[test]
    fn inside_a_where_the_locals_bound_above_are_offered_first() {
        let text = format!(
            "{HEAD}action go \"{{to}}\"\n  for from in cells\n  let d = 1\n  where count(c in cells where c != from) > 0 and |\n{{ }}\n"
        );
        let l = labels(&text);
        assert_eq!(&l[..2], ["from", "d"], "{l:?}");
        assert!(!l.contains(&"c".to_string()), "{l:?}");
        assert!(l.contains(&"moves".to_string()) && l.contains(&"stone".to_string()));
        assert!(l.contains(&"liberties".to_string()) && l.contains(&"not".to_string()));
        assert!(!l.contains(&"action".to_string()), "{l:?}");
    }

    #[test]
    fn the_word_being_typed_starts_after_the_last_mark() {
        let text = "put p at pen-wh";
        assert_eq!(word_start(text, text.len()), 9);
        assert_eq!(word_start(text, 10), 9);
        assert_eq!(word_start(text, 9), 9);
        assert_eq!(word_start("empty(", 6), 6);
        // Past the end, or inside a character: from the character before.
        assert_eq!(word_start("é", 1), 0);
        assert_eq!(word_start("ab", 99), 0);
    }

    #[test]
    fn a_file_being_typed_still_gets_its_names() {
        let text = format!("{HEAD}action go \"x\"\n  where mo|\n");
        let l = labels(&text);
        assert!(l.contains(&"moves".to_string()), "{l:?}");
        let text = format!("{HEAD}setup {{\n  for p in players {{\n    |\n  }}\n");
        let l = labels(&text);
        assert!(
            l.contains(&"p".to_string()) && l.contains(&"put".to_string()),
            "{l:?}"
        );
    }

    #[test]
    fn each_place_offers_the_words_that_may_start_there() {
        let l = labels(&format!("{HEAD}|"));
        assert!(l.contains(&"action".to_string()) && !l.contains(&"where".to_string()));
        let l = labels(&format!("{HEAD}action go \"x\"\n  |"));
        assert!(l.contains(&"where".to_string()) && l.contains(&"phase".to_string()));
        let l = labels("board {\n  |\n}");
        assert_eq!(
            l,
            [
                "adjacency",
                "dir",
                "directions",
                "grid",
                "hex",
                "layers",
                "leap",
                "line",
                "links",
                "points",
                "rhombus",
                "zone"
            ]
        );
        let l = labels(&format!("{HEAD}phase play {{\n  st|\n}}"));
        assert!(l.contains(&"stuck".to_string()) && l.contains(&"starts".to_string()));
        assert!(!l.contains(&"put".to_string()), "{l:?}");
    }

    #[test]
    fn a_file_of_many_names_lists_the_most_those_that_go_on_the_word_typed_first() {
        let mut text = String::new();
        for k in 0..1500 {
            text.push_str(&format!("counter n{k} = 0\n"));
        }
        text.push_str("counter other = 0\ndefine d = n14|\n");
        let l = labels(&text);
        assert_eq!(l.len(), MAX_COMPLETIONS);
        assert_eq!(&l[..3], ["n14", "n140", "n141"], "{:?}", &l[..20]);
        assert!(l[..111].iter().all(|n| n.starts_with("n14")));
    }

    #[test]
    fn only_option_names_inside_option() {
        let l = labels(&format!("{HEAD}define x = option(|)\n"));
        assert_eq!(l, ["big"]);
        assert_eq!(labels("// option(|"), Vec::<String>::new());
    }
}
