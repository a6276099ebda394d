//! Domains and sets: what `in X`, `for c in X`, `size(X)` and `A..B` range over.

use super::{Compiler, Scope};
use crate::diagnostic::ErrorKind;
use crate::ir::*;
use crate::syntax::ast::{self, ExprKind};

/// What a name in a set position (`in X`, `for c in X`, `size(X)`) refers to.
pub(crate) enum SetRef {
    Cells,
    Players,
    Region(usize, Option<Expr>),
    Track(usize, Option<Expr>),
    Pool(usize, Option<Expr>),
    Neighbours(Expr, u8),
    Group(Expr, u8),
    /// A direction set: the adjacency it is (`Board::adjacency`).
    Directions(u8),
    /// The cells of a line: a line's name or a value that is a line.
    Line(Expr),
    /// The lines through a cell (`lines(c)`).
    LinesThrough(Expr),
}

impl<'a> Compiler<'a> {
    /// Resolves `cells`, `players`, `region[p]`, `track[p]`, `pool[p]`, `neighbours(c)`.
    pub(crate) fn set_ref(&mut self, e: &ast::Expr, scope: &mut Scope) -> Option<SetRef> {
        let (name, index) = match &e.kind {
            ExprKind::Name(n) => (n.as_str(), None),
            ExprKind::Index(base, i) => match &base.kind {
                ExprKind::Name(n) => (n.as_str(), Some(i.as_ref())),
                _ => {
                    self.report_with(e.span, |_| ErrorKind::ExpectedSet);
                    return None;
                }
            },
            ExprKind::Call(n, args)
                if n.text == "neighbours" || n.text == "neighbors" || n.text == "group" =>
            {
                let (c, adjacency) = self.cell_and_set(&n.text, args, e.span, scope)?;
                return Some(if n.text == "group" {
                    SetRef::Group(c, adjacency)
                } else {
                    SetRef::Neighbours(c, adjacency)
                });
            }
            ExprKind::Call(n, args) if n.text == "lines" => {
                let [c] = args.as_slice() else {
                    let function = n.text.clone();
                    self.report_with(e.span, |_| ErrorKind::SetArgumentCount {
                        function,
                        want: 1,
                    });
                    return None;
                };
                return Some(SetRef::LinesThrough(self.expect(c, Ty::Cell, scope)?));
            }
            _ => {
                self.report_with(e.span, |_| ErrorKind::ExpectedSet);
                return None;
            }
        };
        if let (Some((slot, Ty::Line)), None) = (scope.lookup(name), index) {
            return Some(SetRef::Line(Expr::Local(slot)));
        }
        if let (Some((line, Ty::Line)), None) = (scope.param(name), index) {
            return Some(SetRef::Line(line));
        }
        if scope.lookup(name).is_none() {
            if let (Some(l), None) = (self.game.board.line(name), index) {
                return Some(SetRef::Line(Expr::Const(l as i32)));
            }
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
            if let (Some(a), None) = (self.game.board.direction_set(name), index) {
                return Some(SetRef::Directions(a));
            }
            if let Some(pl) = self.game.pools.iter().position(|p| p.name == name) {
                let pp = self.game.pools[pl].per_player;
                let p = self.player_index(index, pp, name, e.span, scope)?;
                return Some(SetRef::Pool(pl, p));
            }
        }
        let name = name.to_string();
        self.report_with(e.span, |_| ErrorKind::NotASet { name });
        None
    }

    pub(crate) fn domain(&mut self, d: &ast::Domain, scope: &mut Scope) -> Option<(Domain, Ty)> {
        match d {
            ast::Domain::Range(a, b) => self.range(a, b, scope),
            ast::Domain::Dirs(names) => self.dirs(names, scope),
            ast::Domain::Expr(e) => {
                if let Some(list) = self.named_dirs(e, scope) {
                    return list;
                }
                // `for k in pieces`: every piece kind, in the order declared.
                if matches!(&e.kind, ExprKind::Name(n) if n == "pieces" && !scope.has(n)) {
                    let row: Vec<i32> = (0..self.game.pieces.len() as i32).collect();
                    let players = self.game.players.len().max(1);
                    return Some((Domain::FixedDirs(vec![row; players]), Ty::Piece));
                }
                self.set_domain(e, scope)
            }
        }
    }

    /// `for d in diagonals` of `define diagonals = [ne, nw, se, sw]`: the list, its
    /// problems shown here.
    fn named_dirs(&mut self, e: &ast::Expr, scope: &Scope) -> Option<Option<(Domain, Ty)>> {
        let ExprKind::Name(name) = &e.kind else {
            return None;
        };
        if scope.has(name) {
            return None;
        }
        let def = self.defines.get(name.as_str()).copied()?;
        let names = def.dirs()?;
        if !self.enter(def, e.span, Vec::new(), Vec::new()) {
            return Some(None);
        }
        // The list names directions of the board, whatever the place of use.
        let list = self.dirs(names, &mut Scope::default());
        self.expanding.pop();
        Some(list)
    }

    /// `[n, ne]`: a list of directions, or `[k1, k2]` of piece kinds, as its first
    /// name is; none when a name is not of that type.
    fn dirs(&mut self, names: &[ast::Name], scope: &mut Scope) -> Option<(Domain, Ty)> {
        let mut out = Vec::new();
        let mut want = None;
        for n in names {
            let e = ast::Expr {
                kind: ExprKind::Name(n.text.clone()),
                span: n.span,
            };
            let Some((c, ty)) = self.expr(&e, scope) else {
                continue;
            };
            let want = *want.get_or_insert(if ty == Ty::Piece { Ty::Piece } else { Ty::Dir });
            if ty != want {
                self.report_with(n.span, |_| ErrorKind::TypeMismatch { want, found: ty });
                continue;
            }
            out.push(c);
        }
        if out.len() != names.len() {
            return None;
        }
        if want == Some(Ty::Piece) {
            // Kinds are named, so known when compiling: the same row for every player.
            let kinds: Option<Vec<i32>> = out
                .iter()
                .map(|e| match e {
                    Expr::Const(k) => Some(*k),
                    _ => None,
                })
                .collect();
            let players = self.game.players.len().max(1);
            return Some(match kinds {
                Some(row) => (Domain::FixedDirs(vec![row; players]), Ty::Piece),
                None => (Domain::Dirs(out), Ty::Piece),
            });
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
        Some(match fixed {
            Some(table) => (Domain::FixedDirs(table), Ty::Dir),
            None => (Domain::Dirs(out), Ty::Dir),
        })
    }

    /// A domain that is a set: cells, players, a region, track or pool, neighbours, a group.
    fn set_domain(&mut self, e: &ast::Expr, scope: &mut Scope) -> Option<(Domain, Ty)> {
        Some(match self.set_ref(e, scope)? {
            SetRef::Cells => (Domain::Cells, Ty::Cell),
            SetRef::Players => (Domain::Players, Ty::Player),
            SetRef::Region(region, player) => (Domain::Region { region, player }, Ty::Cell),
            SetRef::Track(track, player) => (Domain::Track { track, player }, Ty::Cell),
            SetRef::Pool(pool, player) => (Domain::Pool { pool, player }, Ty::Int),
            SetRef::Neighbours(c, a) => (Domain::Neighbours(c, a), Ty::Cell),
            SetRef::Group(c, a) => (Domain::Group(c, a), Ty::Cell),
            SetRef::Directions(a) => (self.directions_domain(a), Ty::Dir),
            SetRef::Line(l) => (Domain::LineCells(l), Ty::Cell),
            SetRef::LinesThrough(c) => (Domain::LinesThrough(c), Ty::Line),
        })
    }

    /// `f(c)` or `f(c, SET)`: the cell and the adjacency to read it by (the board's
    /// default without a set).
    pub(super) fn cell_and_set(
        &mut self,
        function: &str,
        args: &[ast::Expr],
        span: crate::diagnostic::Span,
        scope: &mut Scope,
    ) -> Option<(Expr, u8)> {
        let (c, set) = match args {
            [c] => (c, None),
            [c, set] => (c, Some(set)),
            _ => {
                let function = function.to_string();
                self.report_with(span, |_| ErrorKind::CellAndDirectionSet { function });
                return None;
            }
        };
        let c = self.expect(c, Ty::Cell, scope);
        let adjacency = match set {
            None => Some(self.game.board.default_adjacency),
            Some(set) => self.adjacency_arg(set, scope),
        };
        Some((c?, adjacency?))
    }

    /// A direction set given to a reading, as its adjacency.
    pub(super) fn adjacency_arg(&mut self, e: &ast::Expr, scope: &Scope) -> Option<u8> {
        match &e.kind {
            ExprKind::Name(n) if scope.lookup(n).is_none() => {
                let name = ast::Name {
                    text: n.clone(),
                    span: e.span,
                };
                self.direction_set_named(&name)
            }
            _ => {
                let sets = &self.game.board.sets;
                let sets = sets.iter().map(|s| s.name.clone()).collect();
                self.report_with(e.span, |_| ErrorKind::ExpectedDirectionSet { sets });
                None
            }
        }
    }

    /// The directions of a set, as a domain (the same for every player).
    pub(super) fn directions_domain(&self, adjacency: u8) -> Domain {
        let set = &self.game.board.sets[adjacency as usize - 1];
        let dirs: Vec<i32> = set.dirs.iter().map(|&d| i32::from(d)).collect();
        Domain::FixedDirs(vec![dirs; self.game.players.len().max(1)])
    }

    /// `A..B`: the numbers from A to B, or the cells from A to B in board order (as in
    /// a region: backwards when written so).
    pub(super) fn range(
        &mut self,
        a: &ast::Expr,
        b: &ast::Expr,
        scope: &mut Scope,
    ) -> Option<(Domain, Ty)> {
        let first = self.expr(a, scope);
        let last = self.expr(b, scope);
        let ((first, t1), (last, t2)) = (first?, last?);
        match (t1, t2) {
            (Ty::Int, Ty::Int) => Some((Domain::Range(first, last), Ty::Int)),
            (Ty::Cell, Ty::Cell) => Some((Domain::CellRange(first, last), Ty::Cell)),
            (Ty::Int | Ty::Cell, _) => {
                self.report_with(b.span, |_| ErrorKind::RangeEndType {
                    first: t1,
                    last: t2,
                });
                None
            }
            _ => {
                self.report_with(a.span, |_| ErrorKind::RangeType { found: t1 });
                None
            }
        }
    }
}
