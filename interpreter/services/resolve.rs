//! Builds the symbol index: declares the names of the included games and of the file
//! (a declaration of the file takes the place of the included one of the same kind and
//! name, as the compiler does), then walks every declaration, binding locals as the
//! checker scopes them and resolving each name written to what it stands for, in the
//! order of docs/language.md §7.

use super::board_names::BoardPart;
use super::symbols::{line_at, Location, Occurrence, Place, Symbol, SymbolIndex, SymbolKind};
use crate::compile::include::key;
use crate::diagnostic::Span;
use crate::syntax::ast::*;
use std::collections::{HashMap, HashSet};

mod body;

/// The index of a parsed rules file and its text.
pub(super) fn index(file: &File, text: &str) -> SymbolIndex {
    let mut b = Builder {
        index: SymbolIndex::default(),
        globals: HashMap::new(),
        cells: HashMap::new(),
        parts: Vec::new(),
        scope: Vec::new(),
        place: Place::Own,
        text,
        own_text: text,
        in_define: false,
    };
    let own_keys: HashSet<(&'static str, String)> = file
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Replace(inner, _) => key(inner),
            other => key(other),
        })
        .collect();
    // Each included game once, parsed on its own: its spans are its text's.
    let mut games: Vec<(&'static str, &'static str, File)> = Vec::new();
    for item in &file.items {
        let Item::Include(name, span) = item else {
            continue;
        };
        let Some(&(game, game_text)) = crate::games::BUILT_IN.iter().find(|(n, _)| n == name)
        else {
            continue;
        };
        b.index.included.push((game, *span));
        if games.iter().any(|(g, _, _)| *g == game) {
            continue;
        }
        if let Ok(parsed) = crate::syntax::parse(game_text) {
            let kept = parsed
                .items
                .into_iter()
                .filter(|i| !matches!(i, Item::Test(_) | Item::Include(..)))
                .filter(|i| key(i).is_none_or(|k| !own_keys.contains(&k)))
                .collect();
            games.push((game, game_text, File { items: kept }));
        }
    }
    let mut defines: HashMap<&str, &Expr> = HashMap::new();
    for items in games.iter().map(|g| &g.2.items).chain([&file.items]) {
        for item in items {
            if let Item::Define {
                name,
                params,
                value,
            } = unreplaced(item)
            {
                if params.is_empty() {
                    defines.insert(name.text.as_str(), value);
                }
            }
        }
    }
    for (game, game_text, parsed) in &games {
        b.place = Place::Game(game);
        b.text = game_text;
        for item in &parsed.items {
            b.declare(item, &defines);
        }
    }
    b.place = Place::Own;
    b.text = text;
    for item in &file.items {
        b.declare(item, &defines);
    }
    for (game, game_text, parsed) in &games {
        b.place = Place::Game(game);
        b.text = game_text;
        for item in &parsed.items {
            b.item(item);
        }
    }
    b.place = Place::Own;
    b.text = text;
    for item in &file.items {
        b.item(item);
    }
    b.index
        .occurrences
        .sort_by_key(|o| (o.span.start, o.span.end));
    b.index.parts = std::mem::take(&mut b.parts);
    b.index
}

/// The declaration a `replace` holds, or the item itself.
fn unreplaced(item: &Item) -> &Item {
    match item {
        Item::Replace(inner, _) => inner,
        other => other,
    }
}

/// The order names of an expression are looked up in, after locals and the built-in
/// names; cells come between zones and the sets.
const VALUE_ORDER: [SymbolKind; 7] = [
    SymbolKind::Define,
    SymbolKind::Counter,
    SymbolKind::Player,
    SymbolKind::Phase,
    SymbolKind::Direction,
    SymbolKind::Piece,
    SymbolKind::Zone,
];
const SET_ORDER: [SymbolKind; 4] = [
    SymbolKind::Region,
    SymbolKind::Track,
    SymbolKind::Pool,
    SymbolKind::DirectionSet,
];

struct Builder<'t> {
    index: SymbolIndex,
    /// The symbols that are not locals, by name.
    globals: HashMap<String, Vec<usize>>,
    /// The cell symbols made so far, by name.
    cells: HashMap<String, usize>,
    /// The board parts that make cells, with where they are.
    parts: Vec<(BoardPart, Place)>,
    /// The locals visible here, innermost last.
    scope: Vec<(String, usize)>,
    place: Place,
    /// The text of `place`.
    text: &'t str,
    /// The file's own text.
    own_text: &'t str,
    /// Inside a `define`'s value, whose free names are those of the place of each use.
    in_define: bool,
}

impl Builder<'_> {
    fn location(&self, span: Span) -> Location {
        Location {
            place: self.place,
            span,
        }
    }

    fn add(&mut self, name: &str, kind: SymbolKind, span: Span, by_name: bool) -> usize {
        let id = self.index.symbols.len();
        self.index.symbols.push(Symbol {
            name: name.to_string(),
            kind,
            declaration: self.location(span),
            line: line_at(self.text, span.start),
            uses: Vec::new(),
            declared_by_name: by_name && self.place == Place::Own,
            scope: None,
        });
        // A name a board part makes is not written where it is declared.
        if self.place == Place::Own && by_name {
            self.index.occurrences.push(Occurrence {
                span,
                symbol: id,
                declaration: true,
            });
        }
        id
    }

    /// Declares a name that is not a local.
    fn global(&mut self, name: &Name, kind: SymbolKind) {
        if name.text.is_empty() {
            return;
        }
        let id = self.add(&name.text, kind, name.span, true);
        self.globals.entry(name.text.clone()).or_default().push(id);
    }

    fn used(&mut self, id: usize, span: Span) {
        let at = self.location(span);
        self.index.symbols[id].uses.push(at);
        if self.place == Place::Own {
            self.index.occurrences.push(Occurrence {
                span,
                symbol: id,
                declaration: false,
            });
        }
    }

    /// The global of one of `kinds` named `name`, the first kind first.
    fn find(&self, name: &str, kinds: &[SymbolKind]) -> Option<usize> {
        let ids = self.globals.get(name)?;
        kinds.iter().find_map(|k| {
            ids.iter()
                .copied()
                .filter(|&i| self.index.symbols[i].kind == *k)
                .min_by_key(|&i| !self.index.symbols[i].declared_by_name)
        })
    }

    /// A name that must be of one kind (an action in `actions`, a piece in `put`).
    fn use_kind(&mut self, name: &Name, kind: SymbolKind) {
        if let Some(id) = self.find(&name.text, &[kind]) {
            self.used(id, name.span);
        }
    }

    fn declare(&mut self, item: &Item, defines: &HashMap<&str, &Expr>) {
        use SymbolKind as K;
        match unreplaced(item) {
            Item::Players(names) => names.iter().for_each(|n| self.global(n, K::Player)),
            Item::Option { name, .. } => self.global(name, K::Option),
            Item::Define { name, .. } => self.global(name, K::Define),
            Item::Piece(p) => self.global(&p.name, K::Piece),
            Item::Counter(c) => self.global(&c.name, K::Counter),
            Item::Pool(p) => self.global(&p.name, K::Pool),
            Item::Region(r) => self.global(&r.name, K::Region),
            Item::Track(r) => self.global(&r.name, K::Track),
            Item::Chance(m) => self.global(&m.name, K::Chance),
            Item::Action(m) => self.global(&m.name, K::Action),
            Item::Phase(p) => self.global(&p.name, K::Phase),
            Item::Board(items) => {
                for b in items {
                    match b {
                        BoardItem::Zone { name, .. } => self.global(name, K::Zone),
                        BoardItem::Dir { name, .. } | BoardItem::Leap { name, .. } => {
                            self.global(name, K::Direction)
                        }
                        BoardItem::Directions { name, .. } => self.global(name, K::DirectionSet),
                        BoardItem::Adjacency(_) => {}
                        other => {
                            let Some((part, dirs)) = BoardPart::of(other, defines) else {
                                continue;
                            };
                            for d in dirs {
                                if self.find(d, &[K::Direction]).is_none() {
                                    let id = self.add(d, K::Direction, part.span, false);
                                    self.globals.entry(d.to_string()).or_default().push(id);
                                }
                            }
                            self.parts.push((part, self.place));
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// Binds a local until `unbind`.
    fn bind(&mut self, var: &Name, scope: Span) {
        if var.text.is_empty() {
            return;
        }
        let id = self.add(&var.text, SymbolKind::Local, var.span, true);
        self.index.symbols[id].scope = Some(scope);
        self.scope.push((var.text.clone(), id));
    }

    fn unbind(&mut self, to: usize) {
        self.scope.truncate(to);
    }

    fn item(&mut self, item: &Item) {
        match item {
            Item::Replace(inner, _) => self.item(inner),
            Item::Define { params, value, .. } => {
                // A define with parameters reads them and the game's names only.
                self.in_define = params.is_empty();
                let mark = self.scope.len();
                let scope = Span::new(params.first().map_or(0, |p| p.span.start), value.span.end);
                params.iter().for_each(|p| self.bind(p, scope));
                self.expr(value);
                self.unbind(mark);
                self.in_define = false;
            }
            Item::Board(items) => {
                for b in items {
                    match b {
                        BoardItem::Hex(rows, _) => rows.iter().for_each(|r| self.expr(r)),
                        BoardItem::Grid(a, b, _)
                        | BoardItem::Rhombus(a, b, _)
                        | BoardItem::Line(a, b, _) => {
                            self.expr(a);
                            self.expr(b);
                        }
                        BoardItem::Layers(n, _) => self.expr(n),
                        BoardItem::Leap { files, ranks, .. } => {
                            self.expr(files);
                            self.expr(ranks);
                        }
                        BoardItem::Zone { .. } | BoardItem::Points(_) | BoardItem::CutLinks(_) => {}
                        BoardItem::Links(chains) => {
                            for n in chains.iter().flatten() {
                                self.cell(&n.text, n.span);
                            }
                        }
                        BoardItem::NamedLine { cells, .. } => self.cells(cells),
                        BoardItem::Directions { dirs, .. } => dirs
                            .iter()
                            .for_each(|d| self.use_kind(d, SymbolKind::Direction)),
                        BoardItem::Adjacency(name) => self.use_kind(name, SymbolKind::DirectionSet),
                        BoardItem::Dir { map, .. } => {
                            for (player, dir) in map {
                                self.use_kind(player, SymbolKind::Player);
                                self.use_kind(dir, SymbolKind::Direction);
                            }
                        }
                    }
                }
            }
            Item::Piece(p) => {
                if let Some((lo, hi)) = &p.values {
                    self.expr(lo);
                    self.expr(hi);
                }
            }
            Item::Counter(c) => {
                if let Some(init) = &c.init {
                    self.expr(init);
                }
            }
            Item::Pool(p) => {
                self.expr(&p.low);
                self.expr(&p.high);
            }
            Item::Region(r) | Item::Track(r) => match &r.body {
                RegionBody::Shared(cells) => self.cells(cells),
                RegionBody::PerPlayer(lists) => {
                    for (player, cells) in lists {
                        self.use_kind(player, SymbolKind::Player);
                        self.cells(cells);
                    }
                }
            },
            Item::Names { player, maps } => {
                self.use_kind(player, SymbolKind::Player);
                for (cells, _) in maps {
                    self.cell_item(cells);
                }
            }
            Item::Setup(block, _) => self.block(block),
            Item::Chance(m) | Item::Action(m) => self.move_decl(m),
            Item::Phase(p) => self.phase(p),
            Item::End(e) => {
                let mark = self.scope.len();
                if let Some(p) = &e.quantifier {
                    self.bind(p, Span::new(p.span.start, self.text.len()));
                }
                self.expr(&e.when);
                self.result(&e.result);
                self.unbind(mark);
            }
            Item::Score {
                player,
                value,
                scale,
            } => {
                let mark = self.scope.len();
                self.bind(player, Span::new(player.span.start, value.span.end));
                self.expr(value);
                self.unbind(mark);
                if let Some(scale) = scale {
                    self.expr(scale);
                }
            }
            Item::Show { player, value, .. } => {
                let mark = self.scope.len();
                self.bind(player, Span::new(player.span.start, value.span.end));
                self.expr(value);
                self.unbind(mark);
            }
            Item::ShowText {
                when,
                text,
                text_span,
                ..
            } => {
                if let Some(w) = when {
                    self.expr(w);
                }
                self.template(text, *text_span);
            }
            Item::Rules(r) => {
                if let Some(o) = &r.option {
                    self.use_kind(o, SymbolKind::Option);
                }
            }
            Item::Test(t) => {
                t.options
                    .iter()
                    .for_each(|(o, _)| self.use_kind(o, SymbolKind::Option));
                for s in &t.stmts {
                    match &s.kind {
                        TestKind::Winner(p, _) | TestKind::Score(p, ..) | TestKind::ToMove(p) => {
                            self.use_kind(p, SymbolKind::Player)
                        }
                        _ => {}
                    }
                }
            }
            Item::Strategy(s) => {
                for rule in &s.rules {
                    let actions = rule.actions.iter();
                    actions.for_each(|a| self.use_kind(a, SymbolKind::Action));
                    // The names the actions bind are theirs; the rule's `let`s last to its end.
                    let mark = self.scope.len();
                    let last = rule.by.last().or(rule.avoid.as_ref());
                    self.generators(&rule.tests, last.map_or(rule.span.end, |e| e.span.end));
                    rule.avoid.iter().chain(&rule.by).for_each(|e| self.expr(e));
                    self.unbind(mark);
                }
            }
            Item::Include(..)
            | Item::Game(..)
            | Item::Players(_)
            | Item::Option { .. }
            | Item::Layout { .. } => {}
        }
    }

    /// Generators (a move's, or a strategy rule's `let`s and `where`s), each name bound
    /// until `end`.
    fn generators(&mut self, generators: &[Generator], end: usize) {
        for g in generators {
            match g {
                Generator::For { var, domain } => {
                    self.domain(domain);
                    self.bind(var, Span::new(var.span.start, end));
                }
                Generator::Let { var, value } => {
                    self.expr(value);
                    self.bind(var, Span::new(var.span.start, end));
                }
                Generator::Where(e) => self.expr(e),
            }
        }
    }

    fn move_decl(&mut self, m: &MoveDecl) {
        let mark = self.scope.len();
        let end = m
            .body
            .last()
            .map_or(m.name.span.end, |s| s.span.end)
            .max(m.template_span.end);
        self.generators(&m.generators, end);
        self.template(&m.template, m.template_span);
        if let Some((says, span)) = &m.says {
            self.template(says, *span);
        }
        if let Some(w) = &m.weight {
            self.expr(w);
        }
        if let Some(w) = &m.playout_weight {
            self.expr(w);
        }
        self.block(&m.body);
        self.unbind(mark);
    }

    fn phase(&mut self, p: &PhaseDecl) {
        for item in &p.items {
            match item {
                PhaseItem::Starts(e) | PhaseItem::Until(e) | PhaseItem::Forbid { when: e, .. } => {
                    self.expr(e)
                }
                PhaseItem::Actions(names) | PhaseItem::Prefer(names) => names
                    .iter()
                    .for_each(|n| self.use_kind(n, SymbolKind::Action)),
                PhaseItem::Maximize(keys) => keys.iter().for_each(|e| self.expr(e)),
                PhaseItem::StuckPass {
                    template,
                    span,
                    body,
                } => {
                    self.template(template, *span);
                    if let Some(b) = body {
                        self.block(b);
                    }
                }
                PhaseItem::StuckEnd(r) => self.result(r),
                PhaseItem::TurnStart(b) | PhaseItem::TurnEnd(b) => self.block(b),
                PhaseItem::DecideTurn(_, _, when) => {
                    if let Some(e) = when {
                        self.expr(e);
                    }
                }
            }
        }
    }

    fn result(&mut self, r: &ResultSpec) {
        if let ResultSpec::Winner {
            player,
            points,
            named,
        } = r
        {
            self.expr(player);
            if let Some(p) = points {
                self.expr(p);
            }
            if let Some(named) = named {
                self.template(&named.0, named.1);
            }
        }
    }

    /// The `{...}` parts of a template, read in the scope where it stands.
    fn template(&mut self, text: &str, span: Span) {
        if span == Span::default() || !text.contains('{') {
            return;
        }
        let Ok(parts) = crate::syntax::parse_template(text, span.start) else {
            return;
        };
        for part in &parts {
            match part {
                crate::syntax::TemplatePart::Value(e) | crate::syntax::TemplatePart::Mark(e, _) => {
                    self.expr(e)
                }
                crate::syntax::TemplatePart::Text(_) => {}
            }
        }
    }

    fn cells(&mut self, cells: &[CellEntry]) {
        for c in cells {
            match c {
                CellEntry::Cells(c) => self.cell_item(c),
                CellEntry::Where { var, cond, span } => {
                    let mark = self.scope.len();
                    self.bind(var, Span::new(var.span.start, span.end));
                    self.expr(cond);
                    self.unbind(mark);
                }
            }
        }
    }

    fn cell_item(&mut self, c: &CellItem) {
        self.cell(&c.first.text, c.first.span);
        if let Some(last) = &c.last {
            self.cell(&last.text, last.span);
        }
    }

    /// A name in an expression, looked up as the checker looks it up.
    fn name(&mut self, name: &str, span: Span) {
        if let Some(&(_, id)) = self.scope.iter().rev().find(|(n, _)| n == name) {
            self.used(id, span);
            return;
        }
        if matches!(name, "mover" | "opponent" | "phase" | "cells" | "players") {
            return;
        }
        if let Some(id) = self.find(name, &VALUE_ORDER) {
            self.used(id, span);
            return;
        }
        if self.cell(name, span) {
            return;
        }
        if let Some(id) = self.find(name, &SET_ORDER) {
            self.used(id, span);
            return;
        }
        if self.in_define && self.place == Place::Own {
            self.index.free_in_defines.push((name.to_string(), span));
        }
    }

    /// A cell named in a list or after `#`: a zone's, or one a board part makes. Whether
    /// it was found.
    fn cell(&mut self, name: &str, span: Span) -> bool {
        if name.is_empty() {
            return false;
        }
        if let Some(id) = self.find(name, &[SymbolKind::Zone]) {
            self.used(id, span);
            return true;
        }
        // A zone kept per player names a cell of each: `pen-white`.
        for (at, _) in name.match_indices('-') {
            let (zone, player) = (&name[..at], &name[at + 1..]);
            if let (Some(z), Some(p)) = (
                self.find(zone, &[SymbolKind::Zone]),
                self.find(player, &[SymbolKind::Player]),
            ) {
                self.used(z, Span::new(span.start, span.start + at));
                self.used(p, Span::new(span.start + at + 1, span.end));
                return true;
            }
        }
        let id = match self.cells.get(name) {
            Some(&id) => id,
            None => {
                let Some(part) = self.parts.iter().position(|(p, _)| p.makes(name)) else {
                    return false;
                };
                let (span_of_part, place) = (self.parts[part].0.span, self.parts[part].1);
                let (own_place, own_text) = (self.place, self.text);
                // The board part may be in another text than the use.
                self.place = place;
                if place != own_place {
                    self.text = match place {
                        Place::Game(g) => crate::games::built_in(g).unwrap_or(""),
                        Place::Own => self.own_text,
                    };
                }
                let id = self.add(name, SymbolKind::Cell, span_of_part, false);
                self.place = own_place;
                self.text = own_text;
                self.cells.insert(name.to_string(), id);
                id
            }
        };
        self.used(id, span);
        true
    }
}
