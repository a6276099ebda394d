//! AST to IR: resolves every name to an index, checks types and arity, folds the chosen
//! options in, lays out the state, and collects every error before giving up.

mod constant;
mod expr;
mod include;
mod layers;
mod lower;
mod optimize;
mod reach;
mod stmt;
mod test_block;

use crate::board::{Board, Region, Track};
use crate::diagnostic::{Diagnostic, Diagnostics, Source, Span};
use crate::ir::{self, *};
use crate::syntax::ast::{self, BoardItem, CellItem, Item, RegionBody};
use crate::syntax::parse;
use std::collections::HashMap;

/// Why a game could not be built.
#[derive(Debug, Clone, thiserror::Error)]
pub enum CompileError {
    #[error("{0}")]
    Rules(Diagnostics),
    #[error("{0}")]
    Option(String),
}

impl CompileError {
    /// The error as the command line shows it: the rules' diagnostics with their lines
    /// and carets, or `error: ...` for an option the file does not declare. `color`
    /// adds terminal colours.
    pub fn render(&self, color: bool) -> String {
        match self {
            CompileError::Rules(d) => d.render(color),
            CompileError::Option(m) => format!("error: {m}"),
        }
    }
}

/// Parses, checks and compiles a rules file with the chosen options.
pub fn compile(source: &Source, options: &[String]) -> Result<Game, CompileError> {
    let fail = |list: Vec<Diagnostic>| {
        CompileError::Rules(Diagnostics {
            source: source.clone(),
            list,
        })
    };
    let limit = crate::input::MAX_RULES_BYTES;
    if source.text.len() as u64 > limit {
        let m = format!(
            "a rules file is at most {limit} bytes; this one has {}",
            source.text.len()
        );
        return Err(fail(vec![Diagnostic::new(Span::default(), m)]));
    }
    let file = parse(&source.text).map_err(|d| fail(vec![d]))?;
    let (file, included_at, warnings) = include::resolve(file, &source.text).map_err(fail)?;
    too_many(&file).map_err(fail)?;
    let declared: Vec<String> = file
        .items
        .iter()
        .filter_map(|i| {
            if let Item::Option { name, .. } = i {
                Some(name.text.clone())
            } else {
                None
            }
        })
        .collect();
    let mut chosen: Vec<String> = Vec::new();
    for o in options {
        if !declared.contains(o) {
            let list = if declared.is_empty() {
                "this game has no options".to_string()
            } else if let Some(s) = Compiler::suggest_any(o, declared.iter().map(String::as_str)) {
                s
            } else {
                format!("its options are: {}", declared.join(", "))
            };
            return Err(CompileError::Option(format!(
                "unknown option `{o}` for {}; {list}",
                source.name
            )));
        }
        if !chosen.contains(o) {
            chosen.push(o.clone());
        }
    }
    chosen.sort();
    let mut c = Compiler::new(&file, chosen, source.name.clone());
    c.game.source_text = source.text.clone();
    c.run(&file);
    // A mistake found in an included game is shown at the `include` line.
    for d in &mut c.errors {
        if let Some((name, at, span)) = included_at
            .iter()
            .rev()
            .find(|(_, at, _)| d.span.start >= *at)
        {
            let text = crate::games::built_in(name).unwrap_or("");
            let (line, _) = Source::new("", text).line_col(d.span.start - at);
            d.message = format!("in the included game `{name}` (line {line}): {}", d.message);
            d.span = *span;
        }
    }
    if c.unreported > 0 {
        let m = format!("and {} more problems", c.unreported);
        c.errors
            .push(Diagnostic::new(Span::new(usize::MAX, usize::MAX), m));
    }
    if c.errors.is_empty() {
        let mut game = c.game;
        game.warnings = warnings;
        optimize::game(&mut game);
        lower::game(&mut game);
        Ok(game)
    } else {
        c.errors.sort_by_key(|d| d.span.start);
        Err(fail(c.errors))
    }
}

/// How many declarations of one kind (actions, counters, zones, ...) a game may have.
/// Counted before anything else, so that the checks for names declared twice, which
/// compare names pairwise, only ever see a bounded number.
pub const MAX_DECLARATIONS: usize = 1000;

/// Refuses a file with more than `MAX_DECLARATIONS` of a kind, or more than 8 players,
/// at the first one too many.
fn too_many(file: &ast::File) -> Result<(), Vec<Diagnostic>> {
    let mut counts: HashMap<&'static str, usize> = HashMap::new();
    let mut errors = Vec::new();
    let mut count = |kind: &'static str, span: Span, errors: &mut Vec<Diagnostic>| {
        let n = counts.entry(kind).or_insert(0);
        *n += 1;
        if *n == MAX_DECLARATIONS + 1 {
            errors.push(Diagnostic::new(
                span,
                format!("a game has at most {MAX_DECLARATIONS} declarations of one kind: this is one `{kind}` too many"),
            ));
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
            Item::Players(names) => {
                if let Some(ninth) = names.get(8) {
                    errors.push(Diagnostic::new(ninth.span, "a game has at most 8 players"));
                }
                continue;
            }
            Item::Board(items) => {
                for b in items {
                    match b {
                        BoardItem::Zone { name, .. } => count("zone", name.span, &mut errors),
                        BoardItem::Dir { name, .. } => count("dir", name.span, &mut errors),
                        BoardItem::Hex(_, sp)
                        | BoardItem::Grid(_, _, sp)
                        | BoardItem::Rhombus(_, _, sp)
                        | BoardItem::Line(_, _, sp) => count("board part", *sp, &mut errors),
                        BoardItem::Layers(..) => {}
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

/// Names in scope in a block or a move: local slots with their types.
#[derive(Debug, Default, Clone)]
pub(crate) struct Scope {
    pub names: Vec<(String, u8, Ty)>,
    pub next: usize,
    pub max: usize,
}

impl Scope {
    pub fn lookup(&self, name: &str) -> Option<(u8, Ty)> {
        self.names
            .iter()
            .rev()
            .find(|(n, _, _)| n == name)
            .map(|(_, s, t)| (*s, *t))
    }
}

pub(crate) struct Compiler<'a> {
    pub game: Game,
    pub errors: Vec<Diagnostic>,
    pub defines: HashMap<String, &'a ast::Expr>,
    pub defining: Vec<String>,
    pub action_names: Vec<String>,
    pub chance_names: Vec<String>,
    pub phase_names: Vec<String>,
    /// How deep the expression being compiled nests, to refuse one too deep to run.
    pub depth: usize,
    /// Whether the expression being compiled was already refused as too deep.
    pub too_deep: bool,
    /// Expression nodes compiled so far, `define`s expanded (`expr::MAX_EXPR_NODES`).
    pub nodes: usize,
    /// Cells named by the file's cell lists so far, ranges expanded.
    listed: usize,
    /// Errors found past `MAX_REPORTED`, counted only.
    unreported: usize,
}

/// The most errors reported for one rules file; the others are counted.
pub const MAX_REPORTED: usize = 100;

/// The most cells the cell lists of a rules file (regions, tracks, `names`) may name in
/// all, ranges expanded.
pub const MAX_LISTED_CELLS: usize = 1_000_000;

impl<'a> Compiler<'a> {
    fn new(_file: &'a ast::File, chosen: Vec<String>, source_name: String) -> Compiler<'a> {
        Compiler {
            game: Game {
                name: String::new(),
                source_name,
                source_text: String::new(),
                warnings: Vec::new(),
                players: Vec::new(),
                options: Vec::new(),
                chosen,
                board: Board::default(),
                pieces: Vec::new(),
                counters: Vec::new(),
                pools: Vec::new(),
                cells_base: HEADER_SLOTS,
                stack_layers: 1,
                data_len: HEADER_SLOTS,
                setup: Vec::new(),
                setup_locals: 0,
                compiled_setup: None,
                chance_outcomes: Vec::new(),
                chances: Vec::new(),
                actions: Vec::new(),
                phases: Vec::new(),
                ends: Vec::new(),
                score: None,
                score_player: 0,
                shows: Vec::new(),
                layout: Layout::default(),
                tests: Vec::new(),
            },
            errors: Vec::new(),
            defines: HashMap::new(),
            defining: Vec::new(),
            action_names: Vec::new(),
            chance_names: Vec::new(),
            phase_names: Vec::new(),
            depth: 0,
            too_deep: false,
            nodes: 0,
            listed: 0,
            unreported: 0,
        }
    }

    pub fn error(&mut self, span: Span, message: impl Into<String>) {
        if self.errors.len() >= MAX_REPORTED {
            self.unreported += 1;
            return;
        }
        self.errors.push(Diagnostic::new(span, message));
    }

    pub fn error_hint(&mut self, span: Span, message: impl Into<String>, hint: impl Into<String>) {
        if self.errors.len() >= MAX_REPORTED {
            self.unreported += 1;
            return;
        }
        self.errors
            .push(Diagnostic::new(span, message).with_hint(hint));
    }

    /// The known name closest to a misspelt one, while errors are still reported (a
    /// suggestion compares the name with every candidate).
    pub fn suggest<'n>(
        &self,
        name: &str,
        candidates: impl IntoIterator<Item = &'n str>,
    ) -> Option<String> {
        if self.errors.len() >= MAX_REPORTED {
            return None;
        }
        Self::suggest_any(name, candidates)
    }

    /// The known name closest to a misspelt one, if any is close.
    pub fn suggest_any<'n>(
        name: &str,
        candidates: impl IntoIterator<Item = &'n str>,
    ) -> Option<String> {
        candidates
            .into_iter()
            .map(|c| (strsim::jaro_winkler(name, c), c))
            .filter(|(score, c)| *score > 0.8 && *c != name)
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, c)| format!("did you mean `{c}`?"))
    }

    /// Every name an expression could mean here.
    pub fn names_in_scope(&self, scope: &Scope) -> Vec<String> {
        let g = &self.game;
        let mut out: Vec<String> = scope.names.iter().map(|(n, _, _)| n.clone()).collect();
        out.extend(["mover", "opponent", "phase"].map(String::from));
        out.extend(self.defines.keys().cloned());
        out.extend(g.counters.iter().map(|c| c.name.clone()));
        out.extend(g.players.iter().cloned());
        out.extend(self.phase_names.iter().cloned());
        out.extend(g.board.rel_dirs.iter().map(|(n, _)| n.clone()));
        out.extend(g.board.dirs.iter().cloned());
        out.extend(g.pieces.iter().map(|p| p.name.clone()));
        out.extend(g.board.zones.iter().map(|z| z.name.clone()));
        out
    }

    pub fn player(&self, name: &str) -> Option<usize> {
        self.game.players.iter().position(|p| p == name)
    }

    /// The layout hints that name something of the game: `middle` names a per-player
    /// zone of a `points` board.
    fn layout_hints(&mut self, file: &'a ast::File) {
        for item in &file.items {
            let Item::Layout { hints, .. } = item else {
                continue;
            };
            for (key, value) in hints {
                if key.text != "middle" {
                    continue;
                }
                let zones = &self.game.board.zones;
                match zones.iter().find(|z| &z.name == value) {
                    Some(z) if z.per_player => {}
                    Some(_) => {
                        let m = format!(
                            "the zone `{value}` has one cell, not one per player: \
                             only a `per player` zone can be drawn in the middle"
                        );
                        self.error(key.span, m);
                    }
                    None => {
                        let names: Vec<&str> = zones.iter().map(|z| z.name.as_str()).collect();
                        let m = if names.is_empty() {
                            "`middle` names a zone to draw in the board's middle, \
                             and this board has no zones"
                                .to_string()
                        } else {
                            format!(
                                "`middle` names a zone to draw in the board's middle; \
                                 `{value}` is not one (the zones: {})",
                                names.join(", ")
                            )
                        };
                        self.error(key.span, m);
                    }
                }
            }
        }
    }

    fn run(&mut self, file: &'a ast::File) {
        self.declarations(file);
        self.board(file);
        self.layout_hints(file);
        self.state_layout(file);
        self.name_clashes(file);
        // Names of moves and phases first, so bodies can refer to any of them.
        for item in &file.items {
            match item {
                Item::Action(m) => self.declare_unique(&m.name, "action"),
                Item::Chance(m) => self.declare_unique(&m.name, "chance"),
                Item::Phase(p) => self.declare_unique(&p.name, "phase"),
                _ => {}
            }
        }
        for item in &file.items {
            match item {
                Item::Setup(b, _) => {
                    let mut scope = Scope::default();
                    let body = self.block(b, &mut scope);
                    self.game.setup.extend(body);
                    self.game.setup_locals = self.game.setup_locals.max(scope.max);
                }
                Item::Chance(m) => {
                    let def = self.move_def(m, MoveKind::Chance);
                    self.game.chances.push(def);
                }
                Item::Action(m) => {
                    let def = self.move_def(m, MoveKind::Action);
                    self.game.actions.push(def);
                }
                _ => {}
            }
        }
        for item in &file.items {
            match item {
                Item::Phase(p) => {
                    let def = self.phase(p);
                    self.game.phases.push(def);
                }
                Item::End(e) => {
                    let rule = self.end_rule(e);
                    self.game.ends.push(rule);
                }
                Item::Show {
                    label,
                    span,
                    player,
                    value,
                } => {
                    self.show_label(label, *span);
                    let mut scope = Scope::default();
                    self.bind(&mut scope, player, Ty::Player);
                    if let Some(value) = self.expect(value, Ty::Int, &mut scope) {
                        self.game.shows.push(ir::ShowDef {
                            label: label.clone(),
                            what: ir::Shows::PerPlayer { player: 0, value },
                        });
                    }
                }
                Item::ShowText {
                    label,
                    span,
                    when,
                    text,
                    text_span,
                } => {
                    self.show_label(label, *span);
                    let mut scope = Scope::default();
                    let when = when
                        .as_ref()
                        .and_then(|w| self.expect(w, Ty::Bool, &mut scope));
                    let parts = self.template(text, *text_span, &mut scope);
                    self.game.shows.push(ir::ShowDef {
                        label: label.clone(),
                        what: ir::Shows::Text { when, parts },
                    });
                }
                Item::Score { player, value } => {
                    let mut scope = Scope::default();
                    self.bind(&mut scope, player, Ty::Player);
                    self.game.score_player = 0;
                    self.game.score = self.expect(value, Ty::Int, &mut scope);
                }
                _ => {}
            }
        }
        for item in &file.items {
            if let Item::Test(t) = item {
                let test = self.rules_test(t);
                self.game.tests.push(test);
            }
        }
        if self.game.phases.is_empty() && self.errors.is_empty() {
            self.error(Span::default(), "a game needs at least one `phase`");
        }
    }

    /// A `show`'s label: given, and once.
    fn show_label(&mut self, label: &str, span: Span) {
        if label.trim().is_empty() {
            self.error_hint(
                span,
                "a shown value needs a label",
                "write it as `show \"pip count\" p = ...`",
            );
        } else if self.game.shows.iter().any(|s| s.label == label) {
            self.error(span, format!("`show \"{label}\"` is declared twice"));
        }
    }

    /// A name means one thing: a player, phase, counter, pool, region, track, zone, piece,
    /// direction, definition or cell, never two of them.
    fn name_clashes(&mut self, file: &'a ast::File) {
        let mut seen: HashMap<String, &'static str> = HashMap::new();
        for c in &self.game.board.cells {
            // A shared zone's one cell bears the zone's name: that is one thing.
            if !self
                .game
                .board
                .zones
                .iter()
                .any(|z| !z.per_player && &z.name == c)
            {
                seen.insert(c.clone(), "a cell");
            }
        }
        for d in &self.game.board.dirs {
            seen.insert(d.clone(), "a direction");
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
                Some(other) if *other != kind => {
                    let m = format!("`{}` names both {other} and {kind}", name.text);
                    self.error_hint(name.span, m, "give one of them another name");
                }
                _ => {
                    seen.insert(name.text.clone(), kind);
                }
            }
        }
    }

    fn declare_unique(&mut self, name: &ast::Name, what: &str) {
        let list = match what {
            "action" => &mut self.action_names,
            "chance" => &mut self.chance_names,
            _ => &mut self.phase_names,
        };
        let twice = list.contains(&name.text);
        list.push(name.text.clone());
        if twice {
            let msg = format!("the {what} `{}` is declared twice", name.text);
            self.error(name.span, msg);
        }
    }

    fn declarations(&mut self, file: &'a ast::File) {
        let mut players_seen = false;
        for item in &file.items {
            match item {
                Item::Game(name, _) => self.game.name = name.clone(),
                Item::Players(names) => {
                    if players_seen {
                        self.error(names[0].span, "`players` is declared twice");
                    }
                    players_seen = true;
                    for n in names {
                        if self.game.players.contains(&n.text) {
                            let m = format!("the player `{}` is named twice", n.text);
                            self.error(n.span, m);
                        }
                        self.game.players.push(n.text.clone());
                    }
                    if names.len() > 8 {
                        self.error(names[0].span, "a game has at most 8 players");
                    }
                }
                Item::Option { name, description } => {
                    if self.game.options.iter().any(|(n, _)| n == &name.text) {
                        let m = format!("the option `{}` is declared twice", name.text);
                        self.error(name.span, m);
                    }
                    self.game
                        .options
                        .push((name.text.clone(), description.clone()));
                }
                Item::Define { name, value } => {
                    self.defines.insert(name.text.clone(), value);
                }
                Item::Layout { kind, hints } => {
                    self.game.layout = Layout {
                        kind: kind.text.clone(),
                        hints: hints
                            .iter()
                            .map(|(k, v)| (k.text.clone(), v.clone()))
                            .collect(),
                    };
                }
                _ => {}
            }
        }
        // After the options and defines, which a piece's value range may use.
        for item in &file.items {
            if let Item::Piece(p) = item {
                self.piece(p);
            }
        }
        if !players_seen {
            self.error(
                Span::default(),
                "a game needs `players`, e.g. `players white, black`",
            );
        }
        if self.game.pieces.len() > 250 {
            self.error(Span::default(), "a game has at most 250 piece types");
        }
    }

    fn piece(&mut self, p: &'a ast::PieceDecl) {
        if self.game.pieces.iter().any(|q| q.name == p.name.text) {
            let m = format!("the piece `{}` is declared twice", p.name.text);
            self.error(p.name.span, m);
        }
        let values = p.values.as_ref().and_then(|(lo, hi)| {
            let lo = self.constant(lo, "a piece's lowest value");
            let hi = self.constant(hi, "a piece's highest value");
            Some((lo?, hi?))
        });
        if let Some((lo, hi)) = values {
            if lo < 0 {
                self.error(p.name.span, "piece values cannot be negative");
            } else if lo > hi || hi > 255 {
                self.error(
                    p.name.span,
                    "piece values run from a smaller number to a larger one, at most 255",
                );
            }
        }
        self.game.pieces.push(PieceDef {
            name: p.name.text.clone(),
            neutral: p.neutral,
            values,
        });
    }

    /// A board size: a number known before the game starts, not negative.
    fn board_size(&mut self, e: &'a ast::Expr) -> Option<u32> {
        let n = self.constant(e, "a board size")?;
        match u32::try_from(n) {
            Ok(n) => Some(n),
            Err(_) => {
                self.error(
                    e.span,
                    format!("a board size cannot be negative; this is {n}"),
                );
                None
            }
        }
    }

    fn board(&mut self, file: &'a ast::File) {
        let players = self.game.players.clone();
        let mut seen = false;
        for item in &file.items {
            let Item::Board(items) = item else { continue };
            seen = true;
            for b in items {
                let result = match b {
                    BoardItem::Hex(rows, sp) => {
                        let rows: Vec<Option<u32>> =
                            rows.iter().map(|r| self.board_size(r)).collect();
                        let Some(rows) = rows.into_iter().collect::<Option<Vec<u32>>>() else {
                            continue;
                        };
                        self.game.board.add_hex(&rows).map_err(|e| (*sp, e))
                    }
                    BoardItem::Grid(w, h, sp) => {
                        let (w, h) = (self.board_size(w), self.board_size(h));
                        let (Some(w), Some(h)) = (w, h) else { continue };
                        self.game.board.add_grid(w, h).map_err(|e| (*sp, e))
                    }
                    BoardItem::Rhombus(w, h, sp) => {
                        let (w, h) = (self.board_size(w), self.board_size(h));
                        let (Some(w), Some(h)) = (w, h) else { continue };
                        self.game.board.add_rhombus(w, h).map_err(|e| (*sp, e))
                    }
                    BoardItem::Line(a, b, sp) => {
                        let (a, b) = (self.board_size(a), self.board_size(b));
                        let (Some(a), Some(b)) = (a, b) else { continue };
                        self.game.board.add_line(a, b).map_err(|e| (*sp, e))
                    }
                    BoardItem::Zone { name, per_player } => self
                        .game
                        .board
                        .add_zone(&name.text, if *per_player { Some(&players) } else { None })
                        .map_err(|e| (name.span, e)),
                    BoardItem::Dir { .. } => Ok(()),
                    BoardItem::Layers(n, sp) => {
                        self.board_layers(n, *sp);
                        Ok(())
                    }
                };
                if let Err((sp, e)) = result {
                    self.error(sp, e);
                }
            }
            for b in items {
                if let BoardItem::Dir { name, map } = b {
                    self.relative_dir(name, map);
                }
            }
        }
        if !seen {
            self.error(Span::default(), "a game needs a `board { ... }`");
        } else if self.game.board.cells.is_empty() && self.errors.is_empty() {
            self.error_hint(
                Span::default(),
                "the board has no cells",
                "add `grid W x H`, `hex ROWS...`, `line A..B` or a `zone`",
            );
        }
        // Cell names must be unique for the file to name them.
        let mut names: HashMap<&str, usize> = HashMap::new();
        let mut dup = None;
        for (i, c) in self.game.board.cells.iter().enumerate() {
            if names.insert(c.as_str(), i).is_some() {
                dup = Some(c.clone());
            }
        }
        if let Some(d) = dup {
            self.error(
                Span::default(),
                format!("two cells of the board are both named `{d}`"),
            );
        }
        if self.game.board.cells.len() > 4096 {
            self.error(Span::default(), "a board has at most 4096 cells");
        }
        self.game.board.finish(players.len());
        for item in &file.items {
            match item {
                Item::Region(r) => {
                    let (per_player, lists) = self.cell_lists(r);
                    let n = self.game.board.cells.len();
                    let member = lists
                        .iter()
                        .map(|l| {
                            let mut m = vec![false; n];
                            for &c in l {
                                m[c as usize] = true;
                            }
                            m
                        })
                        .collect();
                    self.unique_set_name(&r.name);
                    self.game.board.regions.push(Region {
                        name: r.name.text.clone(),
                        per_player,
                        lists,
                        member,
                    });
                }
                Item::Track(r) => {
                    let (per_player, lists) = self.cell_lists(r);
                    let n = self.game.board.cells.len();
                    let pos = lists
                        .iter()
                        .map(|l| {
                            let mut p = vec![-1; n];
                            for (i, &c) in l.iter().enumerate() {
                                p[c as usize] = i as i32;
                            }
                            p
                        })
                        .collect();
                    self.unique_set_name(&r.name);
                    self.game.board.tracks.push(Track {
                        name: r.name.text.clone(),
                        per_player,
                        lists,
                        pos,
                    });
                }
                Item::Names { player, maps } => self.labels(player, maps),
                _ => {}
            }
        }
    }

    fn unique_set_name(&mut self, name: &ast::Name) {
        let b = &self.game.board;
        if b.regions.iter().any(|r| r.name == name.text)
            || b.tracks.iter().any(|t| t.name == name.text)
            || b.zones.iter().any(|z| z.name == name.text)
        {
            let m = format!(
                "`{}` is already the name of a region, track or zone",
                name.text
            );
            self.error(name.span, m);
        }
    }

    fn relative_dir(&mut self, name: &ast::Name, map: &[(ast::Name, ast::Name)]) {
        let n = self.game.players.len();
        let mut per_player = vec![u8::MAX; n];
        let errors_before = self.errors.len();
        for (p, d) in map {
            let Some(pi) = self.player(&p.text) else {
                let m = format!("unknown player `{}`", p.text);
                self.error(p.span, m);
                continue;
            };
            match self.game.board.dir(&d.text) {
                Some(di) => per_player[pi] = di,
                None => {
                    let dirs = self.game.board.dirs.join(", ");
                    self.error_hint(
                        d.span,
                        format!("unknown direction `{}`", d.text),
                        format!("this board's directions are {dirs}"),
                    );
                }
            }
        }
        if let (Some(missing), true) = (
            per_player.iter().position(|&d| d == u8::MAX),
            self.errors.len() == errors_before,
        ) {
            if map.len() == n || !map.is_empty() {
                let m = format!(
                    "the direction `{}` does not say what it is for {}",
                    name.text, self.game.players[missing]
                );
                self.error(name.span, m);
            }
        }
        if self.game.board.dir(&name.text).is_some()
            || self
                .game
                .board
                .rel_dirs
                .iter()
                .any(|(r, _)| r == &name.text)
        {
            let m = format!("the direction `{}` is declared twice", name.text);
            self.error(name.span, m);
        }
        self.game
            .board
            .rel_dirs
            .push((name.text.clone(), per_player));
    }

    /// Expands `a1..i4` into cells in board order (descending when written so).
    /// A list holds at most `MAX_CELLS` cells, and all lists together at most
    /// `MAX_LISTED_CELLS`: a short file of ranges could otherwise name billions.
    fn cell_items(&mut self, items: &[CellItem]) -> Vec<i32> {
        let mut out = Vec::new();
        for it in items {
            let max = crate::board::MAX_CELLS;
            if out.len() > max || self.listed > MAX_LISTED_CELLS {
                let m = if out.len() > max {
                    format!("a list of cells holds at most {max} cells")
                } else {
                    format!("the cell lists of a rules file name at most {MAX_LISTED_CELLS} cells in all")
                };
                self.error(it.first.span, m);
                return Vec::new();
            }
            let before = out.len();
            let Some(a) = self.cell_by_name(&it.first) else {
                continue;
            };
            match &it.last {
                None => out.push(a),
                Some(last) => {
                    let Some(b) = self.cell_by_name(last) else {
                        continue;
                    };
                    if a <= b {
                        out.extend(a..=b);
                    } else {
                        out.extend((b..=a).rev());
                    }
                }
            }
            self.listed += out.len() - before;
        }
        out
    }

    fn cell_by_name(&mut self, name: &ast::Name) -> Option<i32> {
        let found = self.game.board.cell(&name.text);
        if found.is_none() {
            let m = format!("unknown cell `{}`", name.text);
            let hint = self
                .suggest(&name.text, self.game.board.cells.iter().map(String::as_str))
                .unwrap_or_else(|| self.cell_hint());
            self.error_hint(name.span, m, hint);
        }
        found
    }

    fn cell_hint(&self) -> String {
        let cells = &self.game.board.cells;
        match (cells.first(), cells.last()) {
            (Some(a), Some(b)) => format!("this board's cells run from `{a}` to `{b}`"),
            _ => "this board has no cells".into(),
        }
    }

    fn cell_lists(&mut self, r: &ast::RegionDecl) -> (bool, Vec<Vec<i32>>) {
        match &r.body {
            RegionBody::Shared(items) => (false, vec![self.cell_items(items)]),
            RegionBody::PerPlayer(lists) => {
                let n = self.game.players.len();
                let mut out = vec![Vec::new(); n];
                let mut given = vec![false; n];
                for (p, items) in lists {
                    let cells = self.cell_items(items);
                    match self.player(&p.text) {
                        Some(pi) => {
                            out[pi] = cells;
                            given[pi] = true;
                        }
                        None => {
                            let m = format!("unknown player `{}`", p.text);
                            self.error(p.span, m);
                        }
                    }
                }
                if let Some(missing) = given.iter().position(|g| !g) {
                    let m = format!(
                        "`{}` gives no cells for {}",
                        r.name.text, self.game.players[missing]
                    );
                    self.error(r.name.span, m);
                }
                (true, out)
            }
        }
    }

    fn labels(&mut self, player: &ast::Name, maps: &[(CellItem, CellItem)]) {
        let Some(pi) = self.player(&player.text) else {
            let m = format!("unknown player `{}`", player.text);
            self.error(player.span, m);
            return;
        };
        for (cells, labels) in maps {
            let targets = self.cell_items(std::slice::from_ref(cells));
            let names: Vec<String> = match &labels.last {
                None => vec![labels.first.text.clone()],
                Some(last) => {
                    let (a, b) = (labels.first.text.parse::<i64>(), last.text.parse::<i64>());
                    // Checked before the names are made: a range may be huge.
                    if let (Ok(a), Ok(b)) = (&a, &b) {
                        let n = a.abs_diff(*b).saturating_add(1);
                        if n != targets.len() as u64 && n != 1 {
                            let m = format!("{} cells are given {n} names", targets.len());
                            self.error(labels.first.span, m);
                            continue;
                        }
                    }
                    match (a, b) {
                        (Ok(a), Ok(b)) if a <= b => (a..=b).map(|n| n.to_string()).collect(),
                        (Ok(a), Ok(b)) => (b..=a).rev().map(|n| n.to_string()).collect(),
                        _ => {
                            self.error(
                                labels.first.span,
                                "a range of names runs between two numbers",
                            );
                            continue;
                        }
                    }
                }
            };
            if names.len() != targets.len() && names.len() != 1 {
                let m = format!("{} cells are given {} names", targets.len(), names.len());
                self.error(labels.first.span, m);
                continue;
            }
            for (i, &c) in targets.iter().enumerate() {
                let label = names.get(i).unwrap_or(&names[0]).clone();
                self.game.board.labels[pi][c as usize] = label;
            }
        }
    }

    fn state_layout(&mut self, file: &'a ast::File) {
        let n = self.game.players.len();
        let mut at = HEADER_SLOTS + self.game.board.cells.len() * self.game.stack_layers;
        for (name, per_player) in MATCH_COUNTERS {
            self.game.counters.push(CounterDef {
                name: name.to_string(),
                ty: Ty::Int,
                per_player,
                per_turn: false,
                base: at,
                init: None,
                hidden: false,
            });
            at += if per_player { n } else { 1 };
        }
        for item in &file.items {
            match item {
                Item::Pool(p) => {
                    let low = self.constant(&p.low, "a pool's lowest value");
                    let high = self.constant(&p.high, "a pool's highest value");
                    let (Some(low), Some(high)) = (low, high) else {
                        continue;
                    };
                    if low > high || high as i64 - low as i64 > 255 {
                        self.error(p.span, "a pool holds values from a smaller number to a larger one, at most 256 of them");
                        continue;
                    }
                    self.unique_state_name(&p.name);
                    let def = PoolDef {
                        name: p.name.text.clone(),
                        per_player: p.per_player,
                        low,
                        high,
                        base: at,
                    };
                    at += def.width() * if p.per_player { n } else { 1 };
                    self.game.pools.push(def);
                }
                Item::Counter(c) => {
                    if MATCH_COUNTERS.iter().any(|(m, _)| *m == c.name.text) {
                        let m = format!("`{}` is a counter of every game, kept by the match: it cannot be declared again", c.name.text);
                        self.error(c.name.span, m);
                    }
                    self.unique_state_name(&c.name);
                    let ty = match c.ty.as_ref().map(|t| t.text.as_str()) {
                        None | Some("int") => Ty::Int,
                        Some("player") => Ty::Player,
                        Some("cell") => Ty::Cell,
                        Some("bool") => Ty::Bool,
                        Some(other) => {
                            let span = c.ty.as_ref().map_or(c.name.span, |t| t.span);
                            self.error_hint(span, format!("unknown counter type `{other}`"), "a counter holds an `int` (the default), a `player`, a `cell` or a `bool`");
                            Ty::Int
                        }
                    };
                    let init = match &c.init {
                        Some(e) => self.expect_assignable(e, ty, &mut Scope::default()),
                        // A player or cell counter starts as none.
                        None if matches!(ty, Ty::Player | Ty::Cell) => Some(Expr::Const(-1)),
                        None => None,
                    };
                    self.game.counters.push(CounterDef {
                        name: c.name.text.clone(),
                        ty,
                        per_player: c.per_player,
                        per_turn: c.per_turn,
                        base: at,
                        init,
                        hidden: c.hidden,
                    });
                    at += if c.per_player { n } else { 1 };
                }
                _ => {}
            }
        }
        let lists: usize = self
            .game
            .pools
            .iter()
            .map(|p| if p.per_player { n } else { 1 })
            .sum();
        if lists > MAX_POOL_LISTS {
            let span = file
                .items
                .iter()
                .filter_map(|i| {
                    if let Item::Pool(p) = i {
                        Some(p.span)
                    } else {
                        None
                    }
                })
                .next_back()
                .unwrap_or_default();
            self.error(
                span,
                format!("a game keeps at most {MAX_POOL_LISTS} pools, a pool kept per player counting once per player; this one keeps {lists}"),
            );
        }
        self.game.data_len = at;
    }

    fn unique_state_name(&mut self, name: &ast::Name) {
        if self.game.pools.iter().any(|p| p.name == name.text)
            || self.game.counters.iter().any(|c| c.name == name.text)
        {
            let m = format!("`{}` is already the name of a counter or pool", name.text);
            self.error(name.span, m);
        }
    }

    pub fn bind(&mut self, scope: &mut Scope, name: &ast::Name, ty: Ty) -> u8 {
        let slot = scope.next;
        if slot >= MAX_LOCALS {
            self.error(
                name.span,
                format!("too many local names here (at most {MAX_LOCALS})"),
            );
        }
        scope
            .names
            .push((name.text.clone(), slot.min(MAX_LOCALS - 1) as u8, ty));
        scope.next += 1;
        scope.max = scope.max.max(scope.next);
        slot.min(MAX_LOCALS - 1) as u8
    }

    fn move_def(&mut self, m: &'a ast::MoveDecl, kind: MoveKind) -> MoveDef {
        let mut scope = Scope::default();
        let mut generators = Vec::new();
        let mut for_spans = Vec::new();
        let mut where_parts = Vec::new();
        for g in &m.generators {
            match g {
                ast::Generator::For { var, domain } => {
                    if let Some((d, ty)) = self.domain(domain, &mut scope) {
                        let slot = self.bind(&mut scope, var, ty);
                        let end = match domain {
                            ast::Domain::Range(_, b) => b.span.end,
                            ast::Domain::Dirs(names) => {
                                names.last().map_or(var.span.end, |n| n.span.end)
                            }
                            ast::Domain::Expr(e) => e.span.end,
                        };
                        for_spans.push((slot, Span::new(var.span.start, end)));
                        generators.push(Gen::For(slot, d));
                    } else {
                        self.bind(&mut scope, var, Ty::Int);
                    }
                }
                ast::Generator::Let { var, value } => {
                    let compiled = self.expr(value, &mut scope);
                    let ty = compiled.as_ref().map_or(Ty::Int, |(_, t)| *t);
                    let slot = self.bind(&mut scope, var, ty);
                    if let Some((e, _)) = compiled {
                        generators.push(Gen::Let(slot, e));
                    }
                }
                ast::Generator::Where(e) => {
                    if let Some(c) = self.expect(e, Ty::Bool, &mut scope) {
                        generators.push(Gen::Where(c, e.span));
                        let mut parts = Vec::new();
                        conjuncts(e, &mut parts);
                        if parts.len() > 1 {
                            let compiled: Vec<(Expr, Span)> = parts
                                .iter()
                                .filter_map(|p| {
                                    self.expect(p, Ty::Bool, &mut scope).map(|c| (c, p.span))
                                })
                                .collect();
                            where_parts.push((e.span, compiled));
                        }
                    }
                }
            }
        }
        if scope.next > MAX_ARGS {
            let m2 = format!(
                "`{}` binds {} names before its effects; at most {MAX_ARGS} are allowed",
                m.name.text, scope.next
            );
            self.error(m.name.span, m2);
        }
        let arg_names = scope.names.iter().map(|(n, _, _)| n.clone()).collect();
        self.no_spaces(&m.template, m.template_span);
        let template = self.template(&m.template, m.template_span, &mut scope);
        // Read, not typed back: a meaning may have spaces.
        let says = match &m.says {
            Some((text, span)) => self.template(text, *span, &mut scope),
            None => Vec::new(),
        };
        let weight = m
            .weight
            .as_ref()
            .and_then(|w| self.expect(w, Ty::Int, &mut scope));
        if kind == MoveKind::Action && m.weight.is_some() {
            self.error(
                m.name.span,
                "only a chance event has a `weight`; an action may have a `playout weight`",
            );
        }
        let playout_weight = m
            .playout_weight
            .as_ref()
            .and_then(|w| self.expect(w, Ty::Int, &mut scope));
        let body = self.block(&m.body, &mut scope);
        MoveDef {
            name: m.name.text.clone(),
            kind,
            template,
            says,
            generators,
            weight,
            playout_weight,
            body,
            arg_names,
            span: m.name.span,
            for_spans,
            where_parts,
            compiled: None,
            compiled_body: None,
        }
    }

    pub fn template(&mut self, text: &str, span: Span, scope: &mut Scope) -> Vec<ir::TemplatePart> {
        let parts = match crate::syntax::parse_template(text, span.start) {
            Ok(p) => p,
            Err(d) => {
                self.errors.push(d);
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for p in parts {
            match p {
                crate::syntax::TemplatePart::Text(t) => out.push(ir::TemplatePart::Text(t)),
                crate::syntax::TemplatePart::Value(e) => {
                    if let Some((c, ty)) = self.expr(&e, scope) {
                        if ty == Ty::Bool {
                            self.error_hint(
                                e.span,
                                "a template cannot print true or false",
                                "write `{cond ? text}` to print text when cond holds",
                            );
                        }
                        out.push(ir::TemplatePart::Value(c, ty));
                    }
                }
                crate::syntax::TemplatePart::Mark(e, text) => {
                    if let Some(c) = self.expect(&e, Ty::Bool, scope) {
                        out.push(ir::TemplatePart::Mark(c, text));
                    }
                }
            }
        }
        out
    }

    fn phase(&mut self, p: &'a ast::PhaseDecl) -> PhaseDef {
        let mut def = PhaseDef {
            name: p.name.text.clone(),
            starts: None,
            actions: Vec::new(),
            decide_turn: false,
            prefer: Vec::new(),
            maximize: Vec::new(),
            stuck: Stuck::End(ResultSpec::ByScore),
            turn_start: Vec::new(),
            turn_end: Vec::new(),
            until: None,
            weighted: false,
            locals: 0,
            compiled_hooks: None,
        };
        let mut scope = Scope::default();
        let mut stuck_seen = false;
        for item in &p.items {
            match item {
                ast::PhaseItem::Starts(e) => def.starts = self.expect(e, Ty::Player, &mut scope),
                ast::PhaseItem::Actions(names) => {
                    for n in names {
                        if let Some(a) = self.action_index(n) {
                            def.actions.push(a);
                        }
                    }
                }
                ast::PhaseItem::DecideTurn(t, _) => def.decide_turn = *t,
                ast::PhaseItem::Prefer(names) => {
                    for n in names {
                        if let Some(a) = self.action_index(n) {
                            def.prefer.push(a);
                        }
                    }
                }
                ast::PhaseItem::Maximize(es) => {
                    if es.len() > MAX_TURN_KEYS {
                        self.error(
                            es[MAX_TURN_KEYS].span,
                            format!("`maximize` compares at most {MAX_TURN_KEYS} keys"),
                        );
                    }
                    for e in es {
                        if let Some(c) = self.expect(e, Ty::Int, &mut scope) {
                            def.maximize.push(c);
                        }
                    }
                }
                ast::PhaseItem::StuckPass {
                    template,
                    body,
                    span,
                } => {
                    stuck_seen = true;
                    self.no_spaces(template, *span);
                    let body = body
                        .as_ref()
                        .map(|b| self.block(b, &mut scope))
                        .unwrap_or_default();
                    def.stuck = Stuck::Pass {
                        template: template.clone(),
                        body,
                    };
                }
                ast::PhaseItem::StuckEnd(r) => {
                    stuck_seen = true;
                    def.stuck = Stuck::End(self.result(r, &mut scope));
                }
                ast::PhaseItem::TurnStart(b) => def.turn_start = self.block(b, &mut scope),
                ast::PhaseItem::TurnEnd(b) => def.turn_end = self.block(b, &mut scope),
                ast::PhaseItem::Until(e) => def.until = self.expect(e, Ty::Bool, &mut scope),
            }
        }
        let _ = stuck_seen;
        for &a in &def.prefer {
            if !def.actions.contains(&a) {
                let m = format!(
                    "the phase `{}` prefers `{}`, which is not one of its actions",
                    p.name.text,
                    self.game.actions.get(a).map_or("?", |d| d.name.as_str())
                );
                self.error(p.name.span, m);
            }
        }
        if !def.maximize.is_empty() && !def.decide_turn {
            self.error_hint(
                p.name.span,
                "`maximize` compares whole turns",
                "add `decide turn` to the phase",
            );
        }
        def.locals = scope.max;
        def
    }

    /// Typed moves are separated by spaces, so a move's own text cannot hold one.
    fn no_spaces(&mut self, template: &str, span: Span) {
        // Only the literal text counts: `{a ? *}` may hold spaces.
        let mut depth = 0usize;
        let outside = template.char_indices().find(|&(_, ch)| {
            match ch {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            depth == 0 && ch.is_whitespace()
        });
        if let Some((i, _)) = outside {
            self.error_hint(
                Span::new(span.start + i, span.start + i + 1),
                "a move's notation cannot contain a space",
                "moves typed together are separated by spaces; write `a-b` or `a_b`",
            );
        }
    }

    pub fn action_index(&mut self, n: &ast::Name) -> Option<usize> {
        let found = self.action_names.iter().position(|a| a == &n.text);
        if found.is_none() {
            let known = self.action_names.join(", ");
            self.error_hint(
                n.span,
                format!("unknown action `{}`", n.text),
                self.suggest(&n.text, self.action_names.iter().map(String::as_str))
                    .unwrap_or_else(|| format!("the actions are: {known}")),
            );
        }
        found
    }

    fn end_rule(&mut self, e: &'a ast::EndDecl) -> EndRule {
        let mut scope = Scope::default();
        let quantifier = e
            .quantifier
            .as_ref()
            .map(|q| self.bind(&mut scope, q, Ty::Player));
        let when = self
            .expect(&e.when, Ty::Bool, &mut scope)
            .unwrap_or(Expr::Const(0));
        let result = self.result(&e.result, &mut scope);
        EndRule {
            name: e.name.clone(),
            quantifier,
            when,
            result,
            span: e.span,
        }
    }

    fn result(&mut self, r: &'a ast::ResultSpec, scope: &mut Scope) -> ResultSpec {
        match r {
            ast::ResultSpec::Winner {
                player,
                points,
                named,
            } => ResultSpec::Winner {
                player: self
                    .expect(player, Ty::Player, scope)
                    .unwrap_or(Expr::Const(0)),
                points: points.as_ref().and_then(|p| self.expect(p, Ty::Int, scope)),
                named: match named.as_deref() {
                    Some((text, span)) => self.template(text, *span, scope),
                    None => Vec::new(),
                },
            },
            ast::ResultSpec::Draw => ResultSpec::Draw,
            ast::ResultSpec::ByScore => ResultSpec::ByScore,
        }
    }
}

/// The parts of `a and b and ...` (the expression itself when it is no `and`).
fn conjuncts<'e>(e: &'e ast::Expr, out: &mut Vec<&'e ast::Expr>) {
    match &e.kind {
        ast::ExprKind::Binary(ast::BinaryOp::And, a, b) => {
            conjuncts(a, out);
            conjuncts(b, out);
        }
        _ => out.push(e),
    }
}
