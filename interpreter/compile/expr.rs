//! Expressions and domains: name resolution and types.

use super::{Compiler, Scope};
use crate::diagnostic::Span;
use crate::ir::*;
use crate::syntax::ast::{self, AggregateOp, BinaryOp, ExprKind, UnaryOp};

/// What a name in a set position (`in X`, `for c in X`, `size(X)`) refers to.
pub(crate) enum SetRef {
    Cells,
    Players,
    Region(usize, Option<Expr>),
    Track(usize, Option<Expr>),
    Pool(usize, Option<Expr>),
    Neighbours(Expr),
    Group(Expr),
}

type Typed = Option<(Expr, Ty)>;

/// How deep an expression may nest (operations inside operations, `define`s
/// expanded); real rules stay far below it.
pub const MAX_EXPR_DEPTH: usize = 200;

/// How many expression nodes compiling a whole rules file may produce, `define`s
/// expanded at each use: a chain of defines each using the one before twice doubles at
/// each link, so a short file could otherwise ask for billions. The built-in games make
/// some 10,000.
pub const MAX_EXPR_NODES: usize = 200_000;

impl<'a> Compiler<'a> {
    /// Compiles an expression that must have type `want`.
    pub fn expect(&mut self, e: &ast::Expr, want: Ty, scope: &mut Scope) -> Option<Expr> {
        let (c, ty) = self.expr(e, scope)?;
        if ty != want {
            self.error(
                e.span,
                format!(
                    "expected {}, but this is {}",
                    want.describe(),
                    ty.describe()
                ),
            );
            return None;
        }
        Some(c)
    }

    /// Like `expect`, but `none` (a cell) may stand for no player.
    pub fn expect_assignable(
        &mut self,
        e: &ast::Expr,
        want: Ty,
        scope: &mut Scope,
    ) -> Option<Expr> {
        if want == Ty::Player && matches!(e.kind, ExprKind::None) {
            return Some(Expr::Const(-1));
        }
        self.expect(e, want, scope)
    }

    pub fn expr(&mut self, e: &ast::Expr, scope: &mut Scope) -> Typed {
        // Every later step (checks, optimiser, closures, evaluation) recurses over an
        // expression, so one nesting thousands deep would exhaust the stack.
        if self.nodes >= MAX_EXPR_NODES {
            if self.nodes == MAX_EXPR_NODES {
                self.nodes += 1;
                self.error_hint(
                    e.span,
                    format!("compiling the rules makes more than {MAX_EXPR_NODES} expression parts here, with `define`s copied at each use"),
                    "a define used twice in a define used twice ... doubles at each step: keep a value in a `let` or a counter instead",
                );
            }
            return None;
        }
        self.nodes += 1;
        if self.depth >= MAX_EXPR_DEPTH {
            if !self.too_deep {
                self.too_deep = true;
                self.error(
                    e.span,
                    format!("this expression nests more than {MAX_EXPR_DEPTH} levels deep; split it with `let` or `define`"),
                );
            }
            return None;
        }
        self.depth += 1;
        let typed = self.expr_at_depth(e, scope);
        self.depth -= 1;
        if self.depth == 0 {
            // Said once for each expression that goes too deep.
            self.too_deep = false;
        }
        typed
    }

    fn expr_at_depth(&mut self, e: &ast::Expr, scope: &mut Scope) -> Typed {
        match &e.kind {
            ExprKind::Int(n) => {
                if *n > i32::MAX as i64 {
                    self.error(e.span, "this number is too large");
                    return None;
                }
                Some((Expr::Const(*n as i32), Ty::Int))
            }
            ExprKind::Bool(b) => Some((Expr::Const(*b as i32), Ty::Bool)),
            ExprKind::None => Some((Expr::Const(-1), Ty::Cell)),
            ExprKind::Cell(name) => match self.game.board.cell(name) {
                Some(c) => Some((Expr::Const(c), Ty::Cell)),
                None => {
                    let hint = self
                        .suggest(name, self.game.board.cells.iter().map(String::as_str))
                        .unwrap_or_else(|| self.cell_hint());
                    self.error_hint(e.span, format!("unknown cell `{name}`"), hint);
                    None
                }
            },
            ExprKind::Name(name) => self.name(name, e.span, scope),
            ExprKind::Index(base, index) => self.index(base, index, e.span, scope),
            ExprKind::Call(name, args) => self.call(name, args, e.span, scope),
            ExprKind::Unary(UnaryOp::Not, a) => Some((
                Expr::Not(Box::new(self.expect(a, Ty::Bool, scope)?)),
                Ty::Bool,
            )),
            ExprKind::Unary(UnaryOp::Neg, a) => Some((
                Expr::Neg(Box::new(self.expect(a, Ty::Int, scope)?)),
                Ty::Int,
            )),
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, scope),
            ExprKind::If(c, a, b) => {
                let c = self.expect(c, Ty::Bool, scope);
                let a2 = self.expr(a, scope);
                let b2 = self.expr(b, scope);
                let ((a2, ta), (b2, tb)) = (a2?, b2?);
                if ta != tb {
                    self.error(
                        b.span,
                        format!(
                            "both branches must have one type: the first is {}, this one is {}",
                            ta.describe(),
                            tb.describe()
                        ),
                    );
                    return None;
                }
                Some((Expr::If(Box::new(c?), Box::new(a2), Box::new(b2)), ta))
            }
            ExprKind::Aggregate {
                op,
                var,
                domain,
                filter,
                value,
            } => {
                let (d, ty) = self.domain(domain, scope)?;
                let mark = scope.names.len();
                let slot = self.bind(scope, var, ty);
                let f = match filter {
                    Some(f) => Some(Box::new(self.expect(f, Ty::Bool, scope)?)),
                    None => None,
                };
                let (v, out) = match (op, value) {
                    (AggregateOp::Count | AggregateOp::Exists | AggregateOp::All, Some(v)) => {
                        self.error(v.span, "`count`, `exists` and `all` take no `: value`");
                        (None, Ty::Int)
                    }
                    (AggregateOp::Count, None) => (None, Ty::Int),
                    (AggregateOp::Exists | AggregateOp::All, None) => (None, Ty::Bool),
                    (_, Some(v)) => (Some(Box::new(self.expect(v, Ty::Int, scope)?)), Ty::Int),
                    (_, None) => {
                        if ty != Ty::Int {
                            self.error_hint(
                                e.span,
                                "this needs a value to add up or compare",
                                "write `sum(c in cells where ... : value(c))`",
                            );
                            return None;
                        }
                        (Some(Box::new(Expr::Local(slot))), Ty::Int)
                    }
                };
                scope.names.truncate(mark);
                let op = match op {
                    AggregateOp::Count => AggOp::Count,
                    AggregateOp::Sum => AggOp::Sum,
                    AggregateOp::Exists => AggOp::Exists,
                    AggregateOp::All => AggOp::All,
                    AggregateOp::Min => AggOp::Min,
                    AggregateOp::Max => AggOp::Max,
                };
                Some((
                    Expr::Aggregate {
                        op,
                        slot,
                        domain: Box::new(d),
                        filter: f,
                        value: v,
                    },
                    out,
                ))
            }
        }
    }

    fn name(&mut self, name: &str, span: Span, scope: &mut Scope) -> Typed {
        if let Some((slot, ty)) = scope.lookup(name) {
            return Some((Expr::Local(slot), ty));
        }
        match name {
            "mover" => return Some((Expr::Mover, Ty::Player)),
            "opponent" => return Some((Expr::Opponent(Box::new(Expr::Mover)), Ty::Player)),
            "phase" => return Some((Expr::Phase, Ty::Phase)),
            _ => {}
        }
        if let Some(def) = self.defines.get(name).copied() {
            if self.defining.iter().any(|d| d == name) {
                self.error(span, format!("`{name}` is defined in terms of itself"));
                return None;
            }
            self.defining.push(name.to_string());
            let out = self.expr(def, scope);
            self.defining.pop();
            return out;
        }
        if let Some(c) = self.game.counters.iter().find(|c| c.name == name) {
            if c.per_player {
                self.error_hint(
                    span,
                    format!("`{name}` is kept per player"),
                    format!("write `{name}[mover]` or `{name}[p]`"),
                );
                return None;
            }
            return Some((
                Expr::Counter {
                    base: c.base,
                    player: None,
                },
                c.ty,
            ));
        }
        if let Some(p) = self.player(name) {
            return Some((Expr::Const(p as i32), Ty::Player));
        }
        if let Some(p) = self.phase_names.iter().position(|p| p == name) {
            return Some((Expr::Const(p as i32), Ty::Phase));
        }
        if let Some(d) = self.game.board.rel_dirs.iter().position(|(r, _)| r == name) {
            return Some((Expr::RelDir(d as u8), Ty::Dir));
        }
        if let Some(d) = self.game.board.dir(name) {
            return Some((Expr::Const(d as i32), Ty::Dir));
        }
        if let Some(p) = self.game.pieces.iter().position(|p| p.name == name) {
            return Some((Expr::Const(p as i32), Ty::Piece));
        }
        if let Some(z) = self.game.board.zones.iter().find(|z| z.name == name) {
            if z.per_player {
                self.error_hint(
                    span,
                    format!("the zone `{name}` has one cell per player"),
                    format!("write `{name}[mover]` or `{name}[p]`"),
                );
                return None;
            }
            return Some((Expr::Const(z.cells[0]), Ty::Cell));
        }
        if let Some(c) = self.game.board.cell(name) {
            return Some((Expr::Const(c), Ty::Cell));
        }
        if self.is_set_name(name) {
            self.error_hint(
                span,
                format!("`{name}` is a set of cells or values, not one value"),
                format!("use it as `x in {name}`, `for x in {name}` or `size({name})`"),
            );
            return None;
        }
        let known = self.names_in_scope(scope);
        // `a-b` where `a` is a name is most likely a subtraction written without spaces.
        let subtraction = name
            .split_once('-')
            .is_some_and(|(a, _)| known.iter().any(|k| k == a));
        let hint = if subtraction {
            format!(
                "for a subtraction, put spaces around the minus: `{}`",
                name.replacen('-', " - ", 1)
            )
        } else if let Some(s) = self.suggest(name, known.iter().map(String::as_str)) {
            s
        } else if name.contains('-') {
            format!(
                "for a subtraction, put spaces around the minus: `{}`",
                name.replacen('-', " - ", 1)
            )
        } else {
            "a name is a local variable, counter, player, phase, direction, piece, zone or cell"
                .to_string()
        };
        self.error_hint(span, format!("unknown name `{name}`"), hint);
        None
    }

    fn is_set_name(&self, name: &str) -> bool {
        let b = &self.game.board;
        name == "cells"
            || name == "players"
            || b.regions.iter().any(|r| r.name == name)
            || b.tracks.iter().any(|t| t.name == name)
            || self.game.pools.iter().any(|p| p.name == name)
    }

    fn player_index(
        &mut self,
        index: Option<&ast::Expr>,
        per_player: bool,
        what: &str,
        span: Span,
        scope: &mut Scope,
    ) -> Option<Option<Expr>> {
        match (index, per_player) {
            (Some(i), true) => Some(Some(self.expect(i, Ty::Player, scope)?)),
            (None, false) => Some(None),
            (Some(i), false) => {
                self.error(
                    i.span,
                    format!("`{what}` is shared, not kept per player: drop the `[...]`"),
                );
                None
            }
            (None, true) => {
                self.error_hint(
                    span,
                    format!("`{what}` is kept per player"),
                    format!("write `{what}[mover]` or `{what}[p]`"),
                );
                None
            }
        }
    }

    /// Resolves `cells`, `players`, `region[p]`, `track[p]`, `pool[p]`, `neighbours(c)`.
    pub(crate) fn set_ref(&mut self, e: &ast::Expr, scope: &mut Scope) -> Option<SetRef> {
        let (name, index) = match &e.kind {
            ExprKind::Name(n) => (n.as_str(), None),
            ExprKind::Index(base, i) => match &base.kind {
                ExprKind::Name(n) => (n.as_str(), Some(i.as_ref())),
                _ => {
                    self.error(e.span, "expected a set: `cells`, `players`, a region, a track, a pool, `neighbours(c)` or `group(c)`");
                    return None;
                }
            },
            ExprKind::Call(n, args) if n.text == "neighbours" || n.text == "neighbors" => {
                if args.len() != 1 {
                    self.error(e.span, "`neighbours` takes one cell");
                    return None;
                }
                return Some(SetRef::Neighbours(self.expect(
                    &args[0],
                    Ty::Cell,
                    scope,
                )?));
            }
            ExprKind::Call(n, args) if n.text == "group" => {
                if args.len() != 1 {
                    self.error(e.span, "`group` takes one cell");
                    return None;
                }
                return Some(SetRef::Group(self.expect(&args[0], Ty::Cell, scope)?));
            }
            _ => {
                self.error(e.span, "expected a set: `cells`, `players`, a region, a track, a pool, `neighbours(c)` or `group(c)`");
                return None;
            }
        };
        if scope.lookup(name).is_none() {
            if name == "cells" && index.is_none() {
                return Some(SetRef::Cells);
            }
            if name == "players" && index.is_none() {
                return Some(SetRef::Players);
            }
            if let Some(r) = self.game.board.regions.iter().position(|r| r.name == name) {
                let pp = self.game.board.regions[r].per_player;
                let p = self.player_index(index, pp, name, e.span, scope)?;
                return Some(SetRef::Region(r, p));
            }
            if let Some(t) = self.game.board.tracks.iter().position(|t| t.name == name) {
                let pp = self.game.board.tracks[t].per_player;
                let p = self.player_index(index, pp, name, e.span, scope)?;
                return Some(SetRef::Track(t, p));
            }
            if let Some(pl) = self.game.pools.iter().position(|p| p.name == name) {
                let pp = self.game.pools[pl].per_player;
                let p = self.player_index(index, pp, name, e.span, scope)?;
                return Some(SetRef::Pool(pl, p));
            }
        }
        self.error(e.span, format!("`{name}` is not a set: expected `cells`, `players`, a region, a track, a pool, `neighbours(c)` or `group(c)`"));
        None
    }

    pub fn domain(&mut self, d: &ast::Domain, scope: &mut Scope) -> Option<(Domain, Ty)> {
        match d {
            ast::Domain::Range(a, b) => self.range(a, b, scope),
            ast::Domain::Dirs(names) => {
                let mut out = Vec::new();
                for n in names {
                    let e = ast::Expr {
                        kind: ExprKind::Name(n.text.clone()),
                        span: n.span,
                    };
                    if let Some(c) = self.expect(&e, Ty::Dir, scope) {
                        out.push(c);
                    }
                }
                // Directions fixed when compiling become a table by player.
                let fixed: Option<Vec<Vec<i32>>> = (0..self.game.players.len().max(1))
                    .map(|p| {
                        out.iter()
                            .map(|e| match e {
                                Expr::Const(d) => Some(*d),
                                Expr::RelDir(r) => self.game.board.rel_dirs[*r as usize]
                                    .1
                                    .get(p)
                                    .map(|&d| d as i32),
                                _ => None,
                            })
                            .collect()
                    })
                    .collect();
                match fixed {
                    Some(table) if out.len() == names.len() => {
                        Some((Domain::FixedDirs(table), Ty::Dir))
                    }
                    _ => Some((Domain::Dirs(out), Ty::Dir)),
                }
            }
            ast::Domain::Expr(e) => Some(match self.set_ref(e, scope)? {
                SetRef::Cells => (Domain::Cells, Ty::Cell),
                SetRef::Players => (Domain::Players, Ty::Player),
                SetRef::Region(region, player) => (Domain::Region { region, player }, Ty::Cell),
                SetRef::Track(track, player) => (Domain::Track { track, player }, Ty::Cell),
                SetRef::Pool(pool, player) => (Domain::Pool { pool, player }, Ty::Int),
                SetRef::Neighbours(c) => (Domain::Neighbours(c), Ty::Cell),
                SetRef::Group(c) => (Domain::Group(c), Ty::Cell),
            }),
        }
    }

    /// `A..B`: the numbers from A to B, or the cells from A to B in board order (as in
    /// a region: backwards when written so).
    fn range(&mut self, a: &ast::Expr, b: &ast::Expr, scope: &mut Scope) -> Option<(Domain, Ty)> {
        let first = self.expr(a, scope);
        let last = self.expr(b, scope);
        let ((first, t1), (last, t2)) = (first?, last?);
        match (t1, t2) {
            (Ty::Int, Ty::Int) => Some((Domain::Range(first, last), Ty::Int)),
            (Ty::Cell, Ty::Cell) => Some((Domain::CellRange(first, last), Ty::Cell)),
            (Ty::Int | Ty::Cell, _) => {
                let m = format!(
                    "this range starts at {} and ends at {}: it runs between two numbers or two cells",
                    t1.describe(),
                    t2.describe()
                );
                self.error(b.span, m);
                None
            }
            _ => {
                let m = format!(
                    "a range runs between two numbers or two cells, but this is {}",
                    t1.describe()
                );
                self.error(a.span, m);
                None
            }
        }
    }

    fn index(
        &mut self,
        base: &ast::Expr,
        index: &ast::Expr,
        span: Span,
        scope: &mut Scope,
    ) -> Typed {
        let ExprKind::Name(name) = &base.kind else {
            self.error(
                span,
                "only a counter, pool, zone, region or track can be indexed",
            );
            return None;
        };
        if let Some(c) = self.game.counters.iter().position(|c| &c.name == name) {
            let (b, pp, ty) = (
                self.game.counters[c].base,
                self.game.counters[c].per_player,
                self.game.counters[c].ty,
            );
            let p = self.player_index(Some(index), pp, name, span, scope)?;
            return Some((
                Expr::Counter {
                    base: b,
                    player: p.map(Box::new),
                },
                ty,
            ));
        }
        if let Some(z) = self.game.board.zones.iter().position(|z| &z.name == name) {
            let pp = self.game.board.zones[z].per_player;
            let p = self.player_index(Some(index), pp, name, span, scope)?;
            return Some((
                Expr::ZoneCell {
                    zone: z,
                    player: Box::new(p.unwrap_or(Expr::Const(0))),
                },
                Ty::Cell,
            ));
        }
        if self.is_set_name(name) {
            self.error_hint(
                span,
                format!("`{name}[...]` is a set, not one value"),
                format!("use it as `x in {name}[p]`, `for x in {name}[p]` or `size({name}[p])`"),
            );
            return None;
        }
        self.error(base.span, format!("unknown name `{name}`"));
        None
    }

    pub(super) fn args(
        &mut self,
        name: &ast::Name,
        args: &[ast::Expr],
        tys: &[Ty],
        span: Span,
        scope: &mut Scope,
    ) -> Option<Vec<Expr>> {
        if args.len() != tys.len() {
            let what = match tys.len() {
                1 => "one argument".to_string(),
                n => format!("{n} arguments"),
            };
            self.error(
                span,
                format!("`{}` takes {what}, not {}", name.text, args.len()),
            );
            return None;
        }
        let mut out = Vec::new();
        let mut ok = true;
        for (a, t) in args.iter().zip(tys) {
            match self.expect(a, *t, scope) {
                Some(c) => out.push(c),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    fn call(
        &mut self,
        name: &ast::Name,
        args: &[ast::Expr],
        span: Span,
        scope: &mut Scope,
    ) -> Typed {
        if let Some(reading) = self.reach_call(name, args, span, scope) {
            return reading;
        }
        let b = Box::new;
        let one = |c: &mut Self, scope: &mut Scope, t: Ty| -> Option<Expr> {
            c.args(name, args, &[t], span, scope)
                .map(|mut v| v.remove(0))
        };
        let out = match name.text.as_str() {
            "owner" => (Expr::Owner(b(one(self, scope, Ty::Cell)?)), Ty::Player),
            "value" => (Expr::Value(b(one(self, scope, Ty::Cell)?)), Ty::Int),
            "count" => (Expr::Count(b(one(self, scope, Ty::Cell)?)), Ty::Int),
            "empty" => (Expr::Empty(b(one(self, scope, Ty::Cell)?)), Ty::Bool),
            "opponent" => (Expr::Opponent(b(one(self, scope, Ty::Player)?)), Ty::Player),
            "abs" => (Expr::Abs(b(one(self, scope, Ty::Int)?)), Ty::Int),
            "is" => {
                let v = self.args(name, args, &[Ty::Cell, Ty::Piece], span, scope)?;
                let Expr::Const(p) = v[1] else {
                    self.error(args[1].span, "`is` takes a piece type by name");
                    return None;
                };
                (Expr::Is(b(v[0].clone()), p as u8), Ty::Bool)
            }
            "step" | "slide" => {
                let mut v = self.args(name, args, &[Ty::Cell, Ty::Dir], span, scope)?;
                let d = v.pop()?;
                let c = v.pop()?;
                if name.text == "step" {
                    (Expr::Step(b(c), b(d)), Ty::Cell)
                } else {
                    (Expr::Slide(b(c), b(d)), Ty::Cell)
                }
            }
            "min" | "max" => {
                let mut v = self.args(name, args, &[Ty::Int, Ty::Int], span, scope)?;
                let y = v.pop()?;
                let x = v.pop()?;
                if name.text == "min" {
                    (Expr::Min(b(x), b(y)), Ty::Int)
                } else {
                    (Expr::Max(b(x), b(y)), Ty::Int)
                }
            }
            "option" => {
                let [arg] = args else {
                    self.error(span, "`option` takes one option name");
                    return None;
                };
                let ExprKind::Name(o) = &arg.kind else {
                    self.error(arg.span, "`option` takes an option name");
                    return None;
                };
                if !self.game.options.iter().any(|(n, _)| n == o) {
                    let known: Vec<&str> =
                        self.game.options.iter().map(|(n, _)| n.as_str()).collect();
                    self.error_hint(
                        arg.span,
                        format!("unknown option `{o}`"),
                        self.suggest(o, known.iter().copied()).unwrap_or_else(|| {
                            format!(
                                "declare it with `option {o} \"...\"`; the options are: {}",
                                known.join(", ")
                            )
                        }),
                    );
                    return None;
                }
                (Expr::Const(self.game.chosen.contains(o) as i32), Ty::Bool)
            }
            "can" => match args {
                [] => (Expr::Can(None), Ty::Bool),
                [a] => {
                    let ExprKind::Name(n) = &a.kind else {
                        self.error(a.span, "`can` takes an action name");
                        return None;
                    };
                    let n = ast::Name {
                        text: n.clone(),
                        span: a.span,
                    };
                    (Expr::Can(Some(self.action_index(&n)?)), Ty::Bool)
                }
                _ => {
                    self.error(span, "`can` takes at most one action name");
                    return None;
                }
            },
            "size" | "pos" | "at" | "length" | "has" => {
                return self.set_call(name, args, span, scope)
            }
            "neighbours" | "neighbors" => {
                self.error_hint(
                    span,
                    "`neighbours(c)` is a set of cells",
                    "use it as `for n in neighbours(c)` or `exists(n in neighbours(c) where ...)`",
                );
                return None;
            }
            "group" => {
                self.error_hint(
                    span,
                    "`group(c)` is a set of cells",
                    "use it as `for g in group(c)`, `count(g in group(c))` or `x in group(c)`",
                );
                return None;
            }
            other => {
                self.error_hint(
                    name.span,
                    format!("unknown function `{other}`"),
                    self.suggest(other, FUNCTIONS)
                        .unwrap_or_else(|| format!("the functions are {}", FUNCTIONS.join(", "))),
                );
                return None;
            }
        };
        Some(out)
    }

    fn set_call(
        &mut self,
        name: &ast::Name,
        args: &[ast::Expr],
        span: Span,
        scope: &mut Scope,
    ) -> Typed {
        let want = match name.text.as_str() {
            "size" | "length" => 1,
            _ => 2,
        };
        if args.len() != want {
            self.error(
                span,
                format!(
                    "`{}` takes {want} argument{}",
                    name.text,
                    if want == 1 { "" } else { "s" }
                ),
            );
            return None;
        }
        let set = self.set_ref(&args[0], scope)?;
        let b = Box::new;
        match (name.text.as_str(), set) {
            ("size", SetRef::Pool(pool, player)) => Some((
                Expr::PoolSize {
                    pool,
                    player: player.map(b),
                },
                Ty::Int,
            )),
            ("has", SetRef::Pool(pool, player)) => {
                let v = self.expect(&args[1], Ty::Int, scope)?;
                Some((
                    Expr::PoolHas {
                        pool,
                        player: player.map(b),
                        value: b(v),
                    },
                    Ty::Bool,
                ))
            }
            ("length", SetRef::Track(track, player)) => Some((
                Expr::TrackLen {
                    track,
                    player: player.map(b),
                },
                Ty::Int,
            )),
            ("pos", SetRef::Track(track, player)) => {
                let c = self.expect(&args[1], Ty::Cell, scope)?;
                Some((
                    Expr::TrackPos {
                        track,
                        player: player.map(b),
                        cell: b(c),
                    },
                    Ty::Int,
                ))
            }
            ("at", SetRef::Track(track, player)) => {
                let i = self.expect(&args[1], Ty::Int, scope)?;
                Some((
                    Expr::TrackAt {
                        track,
                        player: player.map(b),
                        index: b(i),
                    },
                    Ty::Cell,
                ))
            }
            ("size", _) => {
                self.error_hint(
                    args[0].span,
                    "`size` counts the values in a pool",
                    "to count cells write `count(c in region where ...)`",
                );
                None
            }
            ("has", _) => {
                self.error(args[0].span, "`has` looks in a pool");
                None
            }
            _ => {
                self.error(args[0].span, format!("`{}` takes a track", name.text));
                None
            }
        }
    }

    fn binary(&mut self, op: BinaryOp, a: &ast::Expr, b: &ast::Expr, scope: &mut Scope) -> Typed {
        let bx = Box::new;
        match op {
            BinaryOp::And | BinaryOp::Or => {
                let x = self.expect(a, Ty::Bool, scope);
                let y = self.expect(b, Ty::Bool, scope);
                let (x, y) = (x?, y?);
                Some((
                    if op == BinaryOp::And {
                        Expr::And(bx(x), bx(y))
                    } else {
                        Expr::Or(bx(x), bx(y))
                    },
                    Ty::Bool,
                ))
            }
            BinaryOp::In => {
                let set = self.set_ref(b, scope);
                let x = self.expr(a, scope)?;
                let set = set?;
                let want = match &set {
                    SetRef::Pool(..) => Ty::Int,
                    SetRef::Players => Ty::Player,
                    _ => Ty::Cell,
                };
                if x.1 != want {
                    self.error(
                        a.span,
                        format!(
                            "expected {} here, but this is {}",
                            want.describe(),
                            x.1.describe()
                        ),
                    );
                    return None;
                }
                let universe = match &set {
                    SetRef::Players => self.game.players.len(),
                    _ => self.game.board.cells.len(),
                };
                let e = match set {
                    // In range: not none, not a neutral owner.
                    SetRef::Cells | SetRef::Players => {
                        let n = universe;
                        Expr::And(
                            bx(Expr::Binary(BinOp::Ge, bx(x.0.clone()), bx(Expr::Const(0)))),
                            bx(Expr::Binary(BinOp::Lt, bx(x.0), bx(Expr::Const(n as i32)))),
                        )
                    }
                    SetRef::Region(region, player) => Expr::InRegion {
                        region,
                        player: player.map(bx),
                        cell: bx(x.0),
                    },
                    SetRef::Track(track, player) => Expr::InTrack {
                        track,
                        player: player.map(bx),
                        cell: bx(x.0),
                    },
                    SetRef::Pool(pool, player) => Expr::PoolHas {
                        pool,
                        player: player.map(bx),
                        value: bx(x.0),
                    },
                    SetRef::Neighbours(c) => Self::exists_equal(scope, Domain::Neighbours(c), x.0),
                    SetRef::Group(c) => Self::exists_equal(scope, Domain::Group(c), x.0),
                };
                Some((e, Ty::Bool))
            }
            _ => {
                let x = self.expr(a, scope);
                let y = self.expr(b, scope);
                let ((x, tx), (y, ty)) = (x?, y?);
                let bin = match op {
                    BinaryOp::Eq => BinOp::Eq,
                    BinaryOp::Ne => BinOp::Ne,
                    BinaryOp::Lt => BinOp::Lt,
                    BinaryOp::Le => BinOp::Le,
                    BinaryOp::Gt => BinOp::Gt,
                    BinaryOp::Ge => BinOp::Ge,
                    BinaryOp::Add => BinOp::Add,
                    BinaryOp::Sub => BinOp::Sub,
                    BinaryOp::Mul => BinOp::Mul,
                    BinaryOp::Div => BinOp::Div,
                    _ => BinOp::Rem,
                };
                let equality = matches!(bin, BinOp::Eq | BinOp::Ne);
                let arithmetic = matches!(
                    bin,
                    BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Rem
                );
                // `none` is a cell; an owner may also be none: let players compare with it.
                let compatible = tx == ty
                    || (equality
                        && matches!((tx, ty), (Ty::Player, Ty::Cell) | (Ty::Cell, Ty::Player))
                        && (is_none(&x) || is_none(&y)));
                if equality {
                    if !compatible {
                        self.error(
                            b.span,
                            format!("cannot compare {} with {}", tx.describe(), ty.describe()),
                        );
                        return None;
                    }
                } else {
                    if tx != Ty::Int {
                        self.error(
                            a.span,
                            format!("expected a number, but this is {}", tx.describe()),
                        );
                        return None;
                    }
                    if ty != Ty::Int {
                        self.error(
                            b.span,
                            format!("expected a number, but this is {}", ty.describe()),
                        );
                        return None;
                    }
                }
                Some((
                    Expr::Binary(bin, bx(x), bx(y)),
                    if arithmetic { Ty::Int } else { Ty::Bool },
                ))
            }
        }
    }
}

impl Compiler<'_> {
    /// `x in D` for a domain of cells found while playing: whether some element is x.
    fn exists_equal(scope: &mut Scope, domain: Domain, x: Expr) -> Expr {
        let slot = scope.next.min(MAX_LOCALS - 1) as u8;
        scope.next += 1;
        scope.max = scope.max.max(scope.next);
        let is_x = Expr::Binary(BinOp::Eq, Box::new(Expr::Local(slot)), Box::new(x));
        Expr::Aggregate {
            op: AggOp::Exists,
            slot,
            domain: Box::new(domain),
            filter: Some(Box::new(is_x)),
            value: None,
        }
    }
}

const FUNCTIONS: [&str; 23] = [
    "owner",
    "value",
    "count",
    "empty",
    "is",
    "step",
    "slide",
    "opponent",
    "pos",
    "at",
    "length",
    "size",
    "has",
    "min",
    "max",
    "abs",
    "option",
    "can",
    "neighbours",
    "run",
    "group",
    "liberties",
    "connected",
];

fn is_none(e: &Expr) -> bool {
    matches!(e, Expr::Const(-1))
}
