//! Each name means one thing and is declared once: a name of two kinds, a declaration
//! made twice, a `show` label given twice.

use super::Compiler;
use crate::diagnostic::{ErrorKind, Span};
use crate::syntax::ast::{self, BoardItem, Item};
use std::collections::HashMap;

impl<'a> Compiler<'a> {
    /// A `show`'s label: given, and once.
    pub(super) fn show_label(&mut self, label: &str, span: Span) {
        if label.trim().is_empty() {
            self.report(span, ErrorKind::ShowWithoutLabel);
        } else if self.game.shows.iter().any(|s| s.label == label) {
            let label = label.to_string();
            self.report(span, ErrorKind::ShowTwice { label });
        }
    }

    /// A name means one thing: a player, phase, counter, pool, region, track, zone, piece,
    /// direction, definition or cell, never two of them.
    pub(super) fn name_clashes(&mut self, file: &'a ast::File) {
        let mut seen: HashMap<String, (&'static str, Option<Span>)> = HashMap::new();
        for c in &self.game.board.cells {
            // A shared zone's one cell bears the zone's name: that is one thing.
            if !self
                .game
                .board
                .zones
                .iter()
                .any(|z| !z.per_player && &z.name == c)
            {
                seen.insert(c.clone(), ("a cell", None));
            }
        }
        for d in &self.game.board.dirs {
            seen.insert(d.clone(), ("a direction", None));
        }
        let mut declared: Vec<(&ast::Name, &'static str)> = Vec::new();
        for item in &file.items {
            match item {
                Item::Players(ns) => declared.extend(ns.iter().map(|n| (n, "a player"))),
                Item::Phase(p) => declared.push((&p.name, "a phase")),
                Item::Counter(c) => declared.push((&c.name, "a counter")),
                Item::Pool(p) => declared.push((&p.name, "a pool")),
                Item::Region(r) => declared.push((&r.name, "a region")),
                Item::Track(t) => declared.push((&t.name, "a track")),
                Item::Piece(p) => declared.push((&p.name, "a piece")),
                Item::Define { name, .. } => declared.push((name, "a definition")),
                Item::Board(items) => {
                    for b in items {
                        match b {
                            BoardItem::Zone { name, .. } => declared.push((name, "a zone")),
                            BoardItem::Dir { name, .. } => declared.push((name, "a direction")),
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
        // Players and zones come first whatever the order in the file (directions and
        // cells are named after them), then the rest in file order.
        declared.sort_by_key(|(_, kind)| !matches!(*kind, "a player" | "a zone"));
        for (name, kind) in declared {
            match seen.get(name.text.as_str()) {
                Some(&(other, first)) if other != kind => {
                    let clash = ErrorKind::NameClash {
                        name: name.text.clone(),
                        first: other,
                        second: kind,
                    };
                    self.twice(name.span, clash, first);
                }
                _ => {
                    seen.insert(name.text.clone(), (kind, Some(name.span)));
                }
            }
        }
    }

    pub(super) fn declare_unique(&mut self, name: &ast::Name, what: &'static str) {
        let list = match what {
            "action" => &mut self.action_names,
            "chance" => &mut self.chance_names,
            _ => &mut self.phase_names,
        };
        list.push(name.text.clone());
        self.declared_once(what, name);
    }

    /// Notes where a name of a kind is declared, and reports a second declaration.
    pub(super) fn declared_once(&mut self, what: &'static str, name: &ast::Name) {
        let key = (what, name.text.clone());
        if let Some(&first) = self.first_declared.get(&key) {
            let kind = ErrorKind::DeclaredTwice {
                what,
                name: name.text.clone(),
            };
            self.twice(name.span, kind, Some(first));
        } else {
            self.first_declared.insert(key, name.span);
        }
    }
}
