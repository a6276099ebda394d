//! AST to IR: resolves every name to an index, checks types and arity, folds the chosen
//! options in, lays out the state, and collects every error before giving up.

mod binary;
mod board;
mod call;
mod constant;
mod define;
mod domain;
mod end_rule;
mod expr;
mod go_on;
mod history;
pub(crate) mod include;
mod index;
mod layers;
mod limits;
mod move_def;
mod name;
mod once;
mod optimize;
mod options;
mod phase;
mod points;
mod reach;
mod rules_text;
mod state_layout;
mod stmt;
mod strategy;
mod test_block;

/// The names of the built-in functions the checker knows.
#[cfg(test)]
pub(crate) use call::FUNCTIONS as FUNCTION_NAMES;

use crate::board::Board;
use crate::diagnostic::{Diagnostic, Diagnostics, ErrorKind, RelatedLabel, Source, Span};
use crate::ir::{self, *};
use crate::syntax::ast::{self, Item};
use crate::syntax::parse;
use std::collections::HashMap;

/// Why a game could not be built.
#[derive(Debug, Clone, thiserror::Error)]
pub enum CompileError {
    /// The rules file does not parse, check or compile: every problem found, each with
    /// its place in the file.
    #[error("{0}")]
    Rules(Diagnostics),
    /// An option was asked for that the file does not declare: the sentence, with the
    /// options it does declare (or the closest).
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
pub fn rules(source: &Source, options: &[String]) -> Result<Rules, CompileError> {
    rules_with(source, options, Rewrites::On)
}

/// Whether the compiler rewrites the rules for speed (compile/optimize.rs): folding
/// constants, merging leaf reads, splitting `and`s, owner-filtered loops and hoisting.
/// `Off` is the program as written, for the tests that check each rewrite keeps its
/// meaning (tests/rewrites.rs, tests/differential.rs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rewrites {
    /// The rewrites made, as [`compile`](crate::compile()) makes them.
    On,
    /// The rules compiled as written.
    Off,
}

/// `rules`, with the rewrites on or off.
pub fn rules_with(
    source: &Source,
    options: &[String],
    rewrites: Rewrites,
) -> Result<Rules, CompileError> {
    let fail = |list: Vec<Diagnostic>| {
        CompileError::Rules(Diagnostics {
            source: source.clone(),
            list,
        })
    };
    let limit = crate::input::MAX_RULES_BYTES;
    if source.text.len() as u64 > limit {
        let kind = ErrorKind::RulesTooLong {
            limit,
            size: source.text.len(),
        };
        return Err(fail(vec![Diagnostic::of(Span::default(), kind)]));
    }
    let file = parse(&source.text).map_err(|d| fail(vec![d]))?;
    rules_of_file(source, file, options, rewrites)
}

/// `rules_with` of a text already parsed into `file`, and no longer than a rules file may
/// be.
pub(crate) fn rules_of_file(
    source: &Source,
    file: ast::File,
    options: &[String],
    rewrites: Rewrites,
) -> Result<Rules, CompileError> {
    let fail = |list: Vec<Diagnostic>| {
        CompileError::Rules(Diagnostics {
            source: source.clone(),
            list,
        })
    };
    let (file, included_at, warnings) = include::resolve(file, &source.text).map_err(fail)?;
    let file = go_on::desugar(file);
    limits::too_many(&file).map_err(fail)?;
    let chosen = options::choose(&file, options, &source.name)?;
    let mut c = Compiler::new(&file, chosen, source.name.clone());
    c.game.source_text = source.text.clone();
    c.game.included = included_at
        .iter()
        .map(|(name, at, _)| {
            let text = crate::games::built_in(name).unwrap_or("");
            (*at, Source::new(format!("games/{name}.tabula"), text))
        })
        .collect();
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
            d.message = crate::diagnostic::in_included_game(name, line, &d.message);
            d.add_related(crate::diagnostic::Related {
                span: Span::new(d.span.start - at, d.span.end.max(d.span.start) - at),
                label: RelatedLabel::InIncludedGame,
                game: Some(name.clone()),
            });
            // The edits are in the included game's text, which the file does not hold.
            d.suggestions = Box::default();
            d.span = *span;
        }
        // A place it is about in an included game is shown in that game's text.
        for r in d.related.iter_mut() {
            if let Some((name, at, _)) = included_at
                .iter()
                .rev()
                .find(|(_, at, _)| r.game.is_none() && r.span.start >= *at)
            {
                r.span = Span::new(r.span.start - at, r.span.end.max(r.span.start) - at);
                r.game = Some(name.clone());
            }
        }
    }
    if c.unreported > 0 {
        let kind = ErrorKind::MoreProblems {
            count: c.unreported,
        };
        c.errors
            .push(Diagnostic::of(Span::new(usize::MAX, usize::MAX), kind));
    }
    if c.errors.is_empty() {
        let mut warnings = warnings;
        // An included game's options are its own business: a variant that leaves one
        // unread has replaced the rule that read it on purpose.
        let own_text = included_at.first().map_or(usize::MAX, |(_, at, _)| *at);
        warnings.extend(unread_options(&file, &c.options_read, own_text));
        warnings.sort_by_key(|d| d.span.start);
        let mut game = c.game;
        game.warnings = warnings;
        if rewrites == Rewrites::On {
            optimize::game(&mut game);
        }
        phase::mark_weighted(&mut game);
        Ok(game)
    } else {
        c.errors.sort_by_key(|d| d.span.start);
        Err(fail(c.errors))
    }
}

/// Names in scope in a block or a move: local slots with their types.
#[derive(Debug, Default, Clone)]
pub(crate) struct Scope {
    pub names: Vec<(String, u8, Ty)>,
    /// In the value of a define with parameters, each parameter whose argument needs no
    /// slot (a number, a local of the place of use, `mover`): the argument itself.
    pub params: Vec<(String, Expr, Ty)>,
    pub next: usize,
    pub max: usize,
}

impl Scope {
    pub(crate) fn lookup(&self, name: &str) -> Option<(u8, Ty)> {
        self.names
            .iter()
            .rev()
            .find(|(n, _, _)| n == name)
            .map(|(_, s, t)| (*s, *t))
    }

    /// A parameter that stands for its argument, if `name` is one.
    pub(crate) fn param(&self, name: &str) -> Option<(Expr, Ty)> {
        self.params
            .iter()
            .find(|(n, _, _)| n == name)
            .map(|(_, e, t)| (e.clone(), *t))
    }

    /// Whether `name` is a local name here: a slot or a parameter.
    pub(crate) fn has(&self, name: &str) -> bool {
        self.lookup(name).is_some() || self.params.iter().any(|(n, _, _)| n == name)
    }
}

pub(crate) struct Compiler<'a> {
    pub game: Rules,
    pub errors: Vec<Diagnostic>,
    pub defines: HashMap<String, define::Define<'a>>,
    /// The defines being expanded, the outermost first: a problem found in one is
    /// shown at its use (`define::Expansion`).
    pub expanding: Vec<define::Expansion>,
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
    /// Whether the condition of a cell list is being worked out (`c in cells where
    /// ...`), and the names bound there with their values, the innermost last: the
    /// cell it is worked out for, `let`s, and the parameters of a define.
    pub in_cell_condition: bool,
    pub known_locals: Vec<(&'a str, constant::Known)>,
    /// The names the file gives what the board's tables come before: counters, pools,
    /// regions and tracks, read in a cell list's condition as known too late.
    pub later_names: std::collections::HashSet<&'a str>,
    /// Errors found past `MAX_REPORTED`, counted only.
    unreported: usize,
    /// The options some `option(...)` names, whichever are chosen.
    pub options_read: std::collections::HashSet<String>,
    /// Where each name of a kind (`"action"`, `"piece"`, ...) is first declared.
    first_declared: HashMap<(&'static str, String), Span>,
    /// Where `occurrences` is first read, if it is.
    pub history_use: Option<Span>,
    /// While an action's effects are compiled: its place among the actions and how many
    /// local slots its generators bind (for `continue with`).
    go_on_action: Option<(usize, usize)>,
}

/// A warning at each option declared before `own_text` ends that no rule reads: choosing
/// it would change nothing, which is surely not what its declaration means.
fn unread_options(
    file: &ast::File,
    read: &std::collections::HashSet<String>,
    own_text: usize,
) -> Vec<Diagnostic> {
    file.items
        .iter()
        .filter_map(|item| match item {
            Item::Option { name, .. }
                if name.span.start < own_text && !read.contains(&name.text) =>
            {
                let kind = ErrorKind::UnreadOption {
                    name: name.text.clone(),
                };
                Some(Diagnostic::of(name.span, kind))
            }
            _ => None,
        })
        .collect()
}

/// The most errors reported for one rules file; the others are counted.
pub const MAX_REPORTED: usize = 100;

/// The most cells the cell lists of a rules file (regions, tracks, `names`) may name in
/// all, ranges expanded.
pub const MAX_LISTED_CELLS: usize = 1_000_000;

impl<'a> Compiler<'a> {
    fn new(_file: &'a ast::File, chosen: Vec<String>, source_name: String) -> Compiler<'a> {
        Compiler {
            game: Rules {
                name: String::new(),
                source_name,
                source_text: String::new(),
                included: Vec::new(),
                warnings: Vec::new(),
                players: Vec::new(),
                options: Vec::new(),
                chosen,
                numbers: Vec::new(),
                board: Board::default(),
                pieces: Vec::new(),
                counters: Vec::new(),
                pools: Vec::new(),
                cells_base: HEADER_SLOTS,
                stack_layers: 1,
                cut_base: HEADER_SLOTS,
                cut_words: 0,
                data_len: HEADER_SLOTS,
                setup: Vec::new(),
                setup_locals: 0,
                chances: Vec::new(),
                actions: Vec::new(),
                phases: Vec::new(),
                ends: Vec::new(),
                score: None,
                score_span: Span::default(),
                score_player: 0,
                score_scale: 1,
                go_on_at: None,
                stop_actions: Vec::new(),
                shows: Vec::new(),
                layout: Layout::default(),
                tests: Vec::new(),
                rules_text: None,
                history: Vec::new(),
                reach_guides: Vec::new(),
                has_forbids: false,
                strategies: Vec::new(),
            },
            errors: Vec::new(),
            defines: HashMap::new(),
            expanding: Vec::new(),
            action_names: Vec::new(),
            chance_names: Vec::new(),
            phase_names: Vec::new(),
            depth: 0,
            too_deep: false,
            nodes: 0,
            listed: 0,
            go_on_action: None,
            in_cell_condition: false,
            known_locals: Vec::new(),
            later_names: Default::default(),
            unreported: 0,
            options_read: Default::default(),
            first_declared: HashMap::new(),
            history_use: None,
        }
    }

    /// Reports a problem of a kind at a span.
    pub(crate) fn report(&mut self, span: Span, kind: ErrorKind) {
        self.push(Diagnostic::of(span, kind));
    }

    /// Reports a problem whose kind `kind` makes. The functions that recurse over
    /// expressions and blocks report this way: a kind is made in the closure's stack
    /// frame, not in theirs, so their frames stay small and rules may nest as deep as
    /// the limits allow.
    #[inline(never)]
    pub(crate) fn report_with(&mut self, span: Span, kind: impl FnOnce(&Self) -> ErrorKind) {
        let kind = kind(self);
        self.report(span, kind);
    }

    /// Reports a problem, unless `MAX_REPORTED` have been: then it is only counted. A
    /// problem found in a define being expanded is shown at its use.
    pub(crate) fn push(&mut self, d: Diagnostic) {
        if self.errors.len() >= MAX_REPORTED {
            self.unreported += 1;
            return;
        }
        let d = self.at_the_use(d);
        self.errors.push(d);
    }

    /// The place a name was first declared, for a name declared again.
    pub(crate) fn twice(&mut self, span: Span, kind: ErrorKind, first: Option<Span>) {
        let d = Diagnostic::of(span, kind);
        self.push(match first {
            Some(first) => d.with_related(first, RelatedLabel::FirstDeclared),
            None => d,
        });
    }

    /// The known name closest to a misspelt one, if any is close.
    pub(crate) fn suggest_any<'n>(
        name: &str,
        candidates: impl IntoIterator<Item = &'n str>,
    ) -> Option<String> {
        crate::diagnostic::closest_name(name, candidates).map(|c| format!("did you mean `{c}`?"))
    }

    /// The known name closest to a misspelt one, while errors are still reported.
    pub(crate) fn close_name<'n>(
        &self,
        name: &str,
        candidates: impl IntoIterator<Item = &'n str>,
    ) -> Option<String> {
        if self.errors.len() >= MAX_REPORTED {
            return None;
        }
        crate::diagnostic::closest_name(name, candidates).map(str::to_string)
    }

    /// Every name an expression could mean here.
    pub(crate) fn names_in_scope(&self, scope: &Scope) -> Vec<String> {
        let g = &self.game;
        let mut out: Vec<String> = scope.names.iter().map(|(n, _, _)| n.clone()).collect();
        out.extend(scope.params.iter().map(|(n, _, _)| n.clone()));
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
                        let zone = value.clone();
                        self.report(key.span, ErrorKind::MiddleZoneNotPerPlayer { zone });
                    }
                    None => {
                        let zones: Vec<String> = zones.iter().map(|z| z.name.clone()).collect();
                        let kind = if zones.is_empty() {
                            ErrorKind::MiddleWithoutZones
                        } else {
                            ErrorKind::MiddleNotAZone {
                                zone: value.clone(),
                                zones,
                            }
                        };
                        self.report(key.span, kind);
                    }
                }
            }
        }
    }

    fn run(&mut self, file: &'a ast::File) {
        self.declarations(file);
        self.rules_text(file);
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
        self.define_params(file);
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
                    if def.name.starts_with(go_on::STOP_ACTION) {
                        self.game.stop_actions.push(self.game.actions.len());
                    }
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
                            span: *span,
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
                        span: *span,
                    });
                }
                Item::Score {
                    player,
                    value,
                    scale,
                } => {
                    let mut scope = Scope::default();
                    self.bind(&mut scope, player, Ty::Player);
                    self.game.score_player = 0;
                    self.game.score_span = value.span;
                    self.game.score = self.expect(value, Ty::Int, &mut scope);
                    if let Some(scale) = scale {
                        match self.constant(scale, "a score's scale") {
                            Some(n) if (1..=ir::MAX_SCORE_SCALE).contains(&n) => {
                                self.game.score_scale = n
                            }
                            Some(_) => {
                                let kind = ErrorKind::ScoreScale {
                                    max: ir::MAX_SCORE_SCALE,
                                };
                                self.report(scale.span, kind);
                            }
                            None => {}
                        }
                    }
                }
                _ => {}
            }
        }
        for item in &file.items {
            match item {
                Item::Test(t) => {
                    let test = self.rules_test(t);
                    self.game.tests.push(test);
                }
                Item::Strategy(s) => {
                    let strategy = self.strategy(s);
                    self.game.strategies.push(strategy);
                }
                _ => {}
            }
        }
        if self.game.phases.is_empty() && self.errors.is_empty() {
            self.report(Span::default(), ErrorKind::NoPhase);
        }
        self.history_checks();
        self.game.has_forbids = self.game.phases.iter().any(|p| !p.forbids.is_empty());
    }

    fn declarations(&mut self, file: &'a ast::File) {
        let mut players_seen = false;
        for item in &file.items {
            match item {
                Item::Game(name, _) => self.game.name = name.clone(),
                Item::Players(names) => {
                    if players_seen {
                        self.report(names[0].span, ErrorKind::PlayersTwice);
                    }
                    players_seen = true;
                    for n in names {
                        if self.game.players.contains(&n.text) {
                            let first = self.first_declared.get(&("player", n.text.clone()));
                            let first = first.copied();
                            let name = n.text.clone();
                            self.twice(n.span, ErrorKind::PlayerNamedTwice { name }, first);
                        } else {
                            self.first_declared
                                .insert(("player", n.text.clone()), n.span);
                        }
                        self.game.players.push(n.text.clone());
                    }
                    if names.len() > 8 {
                        self.report(names[0].span, ErrorKind::TooManyPlayers);
                    }
                }
                Item::Option {
                    name,
                    description,
                    number,
                } => {
                    self.declared_once("option", name);
                    self.game
                        .options
                        .push((name.text.clone(), description.clone()));
                    if let Some(range) = number {
                        self.number_option(name, range);
                    }
                }
                Item::Define {
                    name,
                    params,
                    value,
                } => {
                    let def = define::Define {
                        name,
                        params,
                        value,
                    };
                    self.defines.insert(name.text.clone(), def);
                }
                Item::Counter(ast::CounterDecl { name, .. })
                | Item::Pool(ast::PoolDecl { name, .. })
                | Item::Region(ast::RegionDecl { name, .. })
                | Item::Track(ast::RegionDecl { name, .. }) => {
                    self.later_names.insert(&name.text);
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
            self.report(Span::default(), ErrorKind::NoPlayers);
        }
        if self.game.pieces.len() > 250 {
            self.report(Span::default(), ErrorKind::TooManyPieceTypes);
        }
    }

    fn piece(&mut self, p: &'a ast::PieceDecl) {
        self.declared_once("piece", &p.name);
        let values = p.values.as_ref().and_then(|(lo, hi)| {
            let lo = self.constant(lo, "a piece's lowest value");
            let hi = self.constant(hi, "a piece's highest value");
            Some((lo?, hi?))
        });
        if let Some((lo, hi)) = values {
            if lo < 0 {
                self.report(p.name.span, ErrorKind::NegativePieceValues);
            } else if lo > hi || hi > crate::ir::MAX_PIECE_VALUE {
                self.report(p.name.span, ErrorKind::PieceValueOrder);
            }
        }
        self.game.pieces.push(PieceDef {
            name: p.name.text.clone(),
            neutral: p.neutral,
            values,
        });
    }

    pub fn bind(&mut self, scope: &mut Scope, name: &ast::Name, ty: Ty) -> u8 {
        let slot = scope.next;
        if slot >= MAX_LOCALS {
            let kind = ErrorKind::TooManyLocals { max: MAX_LOCALS };
            self.report(name.span, kind);
        }
        scope
            .names
            .push((name.text.clone(), slot.min(MAX_LOCALS - 1) as u8, ty));
        scope.next += 1;
        scope.max = scope.max.max(scope.next);
        slot.min(MAX_LOCALS - 1) as u8
    }
}
