//! The bounds a rules file is held to before it is compiled: how many declarations of
//! one kind, and how many players.

use super::include;
use crate::diagnostic::{Diagnostic, ErrorKind, Span};
use crate::syntax::ast::{self, BoardItem, Item};
use std::collections::HashMap;

/// How many declarations of one kind (actions, counters, zones, ...) a game may have.
/// Counted before anything else, so that the checks for names declared twice, which
/// compare names pairwise, only ever see a bounded number.
pub const MAX_DECLARATIONS: usize = 1000;

/// Refuses a file with more than `MAX_DECLARATIONS` of a kind, or more than 8 players,
/// at the first one too many.
pub(super) fn too_many(file: &ast::File) -> Result<(), Vec<Diagnostic>> {
    let mut counts: HashMap<&'static str, usize> = HashMap::new();
    let mut errors = Vec::new();
    let mut count = |kind: &'static str, span: Span, errors: &mut Vec<Diagnostic>| {
        let n = counts.entry(kind).or_insert(0);
        *n += 1;
        if *n == MAX_DECLARATIONS + 1 {
            let kind = ErrorKind::TooManyDeclarations {
                max: MAX_DECLARATIONS,
                kind,
            };
            errors.push(Diagnostic::of(span, kind));
        }
    };
    for item in &file.items {
        let span = match item {
            Item::Option { name, .. } | Item::Define { name, .. } => name.span,
            Item::Piece(p) => p.name.span,
            Item::Counter(c) => c.name.span,
            Item::Pool(p) => p.span,
            Item::Region(r) | Item::Track(r) => r.name.span,
            Item::Chance(m) | Item::Action(m) => m.name.span,
            Item::Phase(p) => p.name.span,
            Item::End(e) => e.span,
            Item::Names { player, .. } => player.span,
            Item::Rules(r) => r.span,
            Item::Players(names) => {
                if let Some(ninth) = names.get(8) {
                    errors.push(Diagnostic::of(ninth.span, ErrorKind::TooManyPlayers));
                }
                continue;
            }
            Item::Board(items) => {
                for b in items {
                    match b {
                        BoardItem::Zone { name, .. } => count("zone", name.span, &mut errors),
                        BoardItem::Dir { name, .. } => count("dir", name.span, &mut errors),
                        BoardItem::Leap { name, .. } => count("leap", name.span, &mut errors),
                        BoardItem::Hex(_, sp)
                        | BoardItem::Grid(_, _, sp)
                        | BoardItem::Rhombus(_, _, sp)
                        | BoardItem::Line(_, _, sp) => count("board part", *sp, &mut errors),
                        BoardItem::Directions { name, .. } => {
                            count("directions", name.span, &mut errors)
                        }
                        BoardItem::NamedLine { name, .. } => count("line", name.span, &mut errors),
                        BoardItem::Layers(..)
                        | BoardItem::Adjacency(_)
                        | BoardItem::Points(_)
                        | BoardItem::Links(_)
                        | BoardItem::CutLinks(_) => {}
                    }
                }
                continue;
            }
            _ => continue,
        };
        if let Some((kind, _)) = include::key(item) {
            count(kind, span, &mut errors);
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
