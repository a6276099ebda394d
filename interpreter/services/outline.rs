//! The outline of a rules file: its declarations in order, each with its extent and the
//! span of its name, and the names a board or a `players` line declares inside it.

use super::symbols::SymbolKind;
use crate::diagnostic::{Diagnostic, Span};
use crate::syntax::ast::{BoardItem, Item, Name};

/// What a declaration of the outline is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutlineKind {
    /// A declaration of a name of this kind.
    Symbol(SymbolKind),
    /// The game's title (`game "..."`).
    Game,
    /// A built-in game the file includes (`include "..."`).
    Include,
    /// The `players` line; its children are the players.
    Players,
    /// The `board { ... }`; its children are its zones and declared directions.
    Board,
    /// A player's names of the cells in the notation (`names PLAYER { ... }`).
    Names,
    /// How the board is drawn (`layout KIND`).
    Layout,
    /// What is done before the first decision (`setup { ... }`).
    Setup,
    /// An end rule (`end "..." when ...`).
    End,
    /// The players' scores (`score p = ...`).
    Score,
    /// A line shown with the board (`show "..."`).
    Show,
    /// A test of the rules (`test "..." { ... }`).
    Test,
    /// The rules in plain words (`rules """..."""`), or an option's paragraph of them.
    Rules,
    /// A named way of playing, a computer level (`strategy NAME "..." { ... }`).
    Strategy,
}

/// One entry of the outline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutlineItem {
    /// Its name, or what it is when it has none (`setup`).
    pub name: String,
    /// What it is.
    pub kind: OutlineKind,
    /// The whole declaration.
    pub span: Span,
    /// Its name, or its first word.
    pub name_span: Span,
    /// The names declared inside it (the players of `players`, the zones of a
    /// board), each spanning its name only.
    pub children: Vec<OutlineItem>,
}

/// The declarations of `text` in order; the syntax error if it does not parse.
pub fn outline(text: &str) -> Result<Vec<OutlineItem>, Diagnostic> {
    let read = super::analysis::analysis(text);
    let a = read.as_ref().as_ref().map_err(Clone::clone)?;
    Ok(a.file
        .items
        .iter()
        .zip(a.extents.iter().copied())
        .map(|(item, span)| {
            let mut e = entry(item, span, text);
            // An empty name (`game ""`) has no place of its own: the first word stands for it.
            if e.name_span.start < span.start || e.name_span.end > span.end {
                let len = text[span.start..span.end]
                    .find(|c: char| !c.is_ascii_alphanumeric())
                    .unwrap_or(0);
                e.name_span = Span::new(span.start, span.start + len);
            }
            e
        })
        .collect())
}

fn entry(item: &Item, span: Span, text: &str) -> OutlineItem {
    use OutlineKind as O;
    use SymbolKind as K;
    let first_word = || {
        let len = text[span.start..span.end]
            .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .unwrap_or(span.end - span.start);
        Span::new(span.start, span.start + len)
    };
    let named = |name: &Name, kind: OutlineKind| OutlineItem {
        name: name.text.clone(),
        kind,
        span,
        name_span: name.span,
        children: Vec::new(),
    };
    let plain = |name: String, kind: OutlineKind, name_span: Span| OutlineItem {
        name,
        kind,
        span,
        name_span,
        children: Vec::new(),
    };
    let child = |name: &Name, kind: SymbolKind| OutlineItem {
        name: name.text.clone(),
        kind: O::Symbol(kind),
        span: name.span,
        name_span: name.span,
        children: Vec::new(),
    };
    match item {
        Item::Replace(inner, _) => {
            let mut e = entry(inner, span, text);
            e.span = span;
            e
        }
        Item::Include(game, s) => plain(format!("include \"{game}\""), O::Include, *s),
        Item::Game(title, s) => plain(title.clone(), O::Game, *s),
        Item::Players(names) => {
            let mut e = plain("players".into(), O::Players, first_word());
            e.children = names.iter().map(|n| child(n, K::Player)).collect();
            e
        }
        Item::Option { name, .. } => named(name, O::Symbol(K::Option)),
        Item::Define { name, params, .. } => {
            let mut e = named(name, O::Symbol(K::Define));
            e.children = params.iter().map(|p| child(p, K::Local)).collect();
            e
        }
        Item::Board(items) => {
            let mut e = plain("board".into(), O::Board, first_word());
            e.children = items
                .iter()
                .filter_map(|b| match b {
                    BoardItem::Zone { name, .. } => Some(child(name, K::Zone)),
                    BoardItem::Dir { name, .. } | BoardItem::Leap { name, .. } => {
                        Some(child(name, K::Direction))
                    }
                    BoardItem::Directions { name, .. } => Some(child(name, K::DirectionSet)),
                    _ => None,
                })
                .collect();
            e
        }
        Item::Piece(p) => named(&p.name, O::Symbol(K::Piece)),
        Item::Counter(c) => named(&c.name, O::Symbol(K::Counter)),
        Item::Pool(p) => named(&p.name, O::Symbol(K::Pool)),
        Item::Region(r) => named(&r.name, O::Symbol(K::Region)),
        Item::Track(r) => named(&r.name, O::Symbol(K::Track)),
        Item::Names { player, .. } => {
            plain(format!("names {}", player.text), O::Names, player.span)
        }
        Item::Layout { kind, .. } => plain(format!("layout {}", kind.text), O::Layout, kind.span),
        Item::Setup(_, s) => plain("setup".into(), O::Setup, *s),
        Item::Chance(m) => named(&m.name, O::Symbol(K::Chance)),
        Item::Action(m) => named(&m.name, O::Symbol(K::Action)),
        Item::Phase(p) => named(&p.name, O::Symbol(K::Phase)),
        Item::End(e) => plain(e.name.clone(), O::End, e.span),
        Item::Score { .. } => plain("score".into(), O::Score, first_word()),
        Item::Show { label, span: s, .. } | Item::ShowText { label, span: s, .. } => {
            plain(label.clone(), O::Show, *s)
        }
        Item::Test(t) => plain(t.name.clone(), O::Test, t.span),
        Item::Strategy(s) => {
            let mut e = plain(s.name.text.clone(), O::Strategy, s.span);
            e.name_span = s.name.span;
            e
        }
        Item::Rules(r) => match &r.option {
            Some(o) => plain(format!("rules with {}", o.text), O::Rules, r.span),
            None => plain("rules".into(), O::Rules, r.span),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_declaration_is_listed_in_order_with_its_extent() {
        let text = "game \"t\"\nplayers a, b\n// the board\nboard {\n  grid 2 x 2\n  zone pen\n}\n\
                    setup { }\naction go \"go\" { }\nend \"x\" when true draw\n";
        let items = outline(text).expect("parses");
        let names: Vec<&str> = items.iter().map(|i| i.name.as_str()).collect();
        assert_eq!(names, ["t", "players", "board", "setup", "go", "x"]);
        let board = &items[2];
        assert_eq!(
            &text[board.span.start..board.span.end],
            "board {\n  grid 2 x 2\n  zone pen\n}"
        );
        assert_eq!(board.children[0].name, "pen");
        assert_eq!(items[1].children.len(), 2);
        let go = &items[4];
        assert_eq!(&text[go.name_span.start..go.name_span.end], "go");
        assert_eq!(&text[go.span.start..go.span.end], "action go \"go\" { }");
        assert!(items
            .iter()
            .all(|i| i.span.start <= i.name_span.start && i.name_span.end <= i.span.end));
    }
}
