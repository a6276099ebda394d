//! The symbol index through effects and expressions: the names a block binds, in the
//! scope the checker gives them, and every name they use.

use super::{Builder, SymbolKind};
use crate::diagnostic::Span;
use crate::syntax::ast::*;

impl Builder<'_> {
    pub(super) fn block(&mut self, block: &Block) {
        let mark = self.scope.len();
        let end = block.last().map_or(0, |s| s.span.end);
        for s in block {
            self.stmt(s, end);
        }
        self.unbind(mark);
    }

    pub(super) fn stmt(&mut self, s: &Stmt, block_end: usize) {
        match &s.kind {
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                self.expr(cond);
                self.block(then);
                self.block(otherwise);
            }
            StmtKind::Let { var, value } => {
                self.expr(value);
                self.bind(var, Span::new(var.span.start, block_end));
            }
            StmtKind::For {
                var,
                domain,
                filter,
                body,
            } => {
                self.domain(domain);
                let mark = self.scope.len();
                self.bind(var, Span::new(var.span.start, s.span.end));
                if let Some(f) = filter {
                    self.expr(f);
                }
                self.block(body);
                self.unbind(mark);
            }
            StmtKind::Continue | StmtKind::HandBack => {}
            StmtKind::GoOn { with, .. } => {
                if let Some((var, value)) = with {
                    self.name(&var.text, var.span);
                    self.expr(value);
                }
            }
            StmtKind::Move { from, to } | StmtKind::Link { a: from, b: to, .. } => {
                self.expr(from);
                self.expr(to);
            }
            StmtKind::Put {
                count,
                piece,
                owner,
                value,
                at,
            } => {
                if let Some(c) = count {
                    self.expr(c);
                }
                self.use_kind(piece, SymbolKind::Piece);
                for e in [owner, value].into_iter().flatten() {
                    self.expr(e);
                }
                self.expr(at);
            }
            StmtKind::Remove(e) | StmtKind::SetMover(e) | StmtKind::HandTo(e) => self.expr(e),
            StmtKind::Take { value, pool } => {
                self.expr(value);
                self.pool(pool);
            }
            StmtKind::AddPool { value, times, pool } => {
                self.expr(value);
                if let Some(t) = times {
                    self.expr(t);
                }
                self.pool(pool);
            }
            StmtKind::Clear(pool) => self.pool(pool),
            StmtKind::SetValue { cell, value } => {
                self.expr(cell);
                self.expr(value);
            }
            StmtKind::Chance(name) => self.use_kind(name, SymbolKind::Chance),
            StmtKind::Assign {
                target,
                index,
                value,
                ..
            } => {
                self.name(&target.text, target.span);
                if let Some(i) = index {
                    self.expr(i);
                }
                self.expr(value);
            }
        }
    }

    pub(super) fn pool(&mut self, pool: &PoolRef) {
        self.name(&pool.name.text, pool.name.span);
        if let Some(i) = &pool.index {
            self.expr(i);
        }
    }

    pub(super) fn domain(&mut self, d: &Domain) {
        match d {
            Domain::Range(a, b) => {
                self.expr(a);
                self.expr(b);
            }
            Domain::Dirs(names) => names
                .iter()
                .for_each(|n| self.use_kind(n, SymbolKind::Direction)),
            Domain::Expr(e) => self.expr(e),
        }
    }

    pub(super) fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::None => {}
            ExprKind::Cell(name) => {
                self.cell(name, Span::new(e.span.start + 1, e.span.end));
            }
            ExprKind::Name(name) => self.name(name, e.span),
            ExprKind::Index(a, b) => {
                self.expr(a);
                self.expr(b);
            }
            ExprKind::Call(f, args) => {
                // `option(NAME)` and `can(NAME)` name an option and an action.
                let by_name = match f.text.as_str() {
                    "option" => Some(SymbolKind::Option),
                    "can" => Some(SymbolKind::Action),
                    _ => None,
                };
                match (by_name, args.as_slice()) {
                    (Some(kind), [arg]) if matches!(arg.kind, ExprKind::Name(_)) => {
                        if let ExprKind::Name(n) = &arg.kind {
                            if let Some(id) = self.find(n, &[kind]) {
                                self.used(id, arg.span);
                            }
                        }
                    }
                    _ => {
                        if let Some(id) = self.find(&f.text, &[SymbolKind::Define]) {
                            self.used(id, f.span);
                        }
                        args.iter().for_each(|a| self.expr(a));
                    }
                }
            }
            ExprKind::Let(name, value, body) => {
                self.expr(value);
                let mark = self.scope.len();
                self.bind(name, Span::new(name.span.start, e.span.end));
                self.expr(body);
                self.unbind(mark);
            }
            ExprKind::Dirs(names) => names
                .iter()
                .for_each(|n| self.use_kind(n, SymbolKind::Direction)),
            ExprKind::Unary(_, a) => self.expr(a),
            ExprKind::Binary(_, a, b) => {
                self.expr(a);
                self.expr(b);
            }
            ExprKind::If(a, b, c) => {
                self.expr(a);
                self.expr(b);
                self.expr(c);
            }
            ExprKind::Aggregate {
                var,
                domain,
                filter,
                value,
                ..
            } => {
                self.domain(domain);
                let mark = self.scope.len();
                self.bind(var, Span::new(var.span.start, e.span.end));
                if let Some(f) = filter {
                    self.expr(f);
                }
                if let Some(v) = value {
                    self.expr(v);
                }
                self.unbind(mark);
            }
        }
    }
}
