//! Expressions: one compiled to a typed IR expression by its kind, within the size limits.

use super::{Compiler, Scope};
use crate::diagnostic::ErrorKind;
use crate::ir::*;
use crate::syntax::ast::{self, AggregateOp, ExprKind, UnaryOp};

pub(super) type Typed = Option<(Expr, Ty)>;

/// How deep an expression may nest (operations inside operations, `define`s
/// expanded); real rules stay far below it.
pub(crate) const MAX_EXPR_DEPTH: usize = 200;

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
            self.report_with(e.span, |_| ErrorKind::TypeMismatch { want, found: ty });
            return None;
        }
        Some(c)
    }

    /// Like `expect`, but `none` (a cell) may stand for no player.
    pub(crate) fn expect_assignable(
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

    pub(crate) fn expr(&mut self, e: &ast::Expr, scope: &mut Scope) -> Typed {
        // Every later step (checks, optimiser, closures, evaluation) recurses over an
        // expression, so one nesting thousands deep would exhaust the stack.
        if self.nodes >= MAX_EXPR_NODES {
            if self.nodes == MAX_EXPR_NODES {
                self.nodes += 1;
                self.report_with(e.span, |_| ErrorKind::TooManyExprParts {
                    max: MAX_EXPR_NODES,
                });
            }
            return None;
        }
        self.nodes += 1;
        if self.depth >= MAX_EXPR_DEPTH {
            if !self.too_deep {
                self.too_deep = true;
                self.report_with(e.span, |_| ErrorKind::TooDeep {
                    max: MAX_EXPR_DEPTH,
                });
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

    pub(super) fn expr_at_depth(&mut self, e: &ast::Expr, scope: &mut Scope) -> Typed {
        match &e.kind {
            ExprKind::Int(n) => {
                if *n > i32::MAX as i64 {
                    self.report_with(e.span, |_| ErrorKind::NumberTooLarge);
                    return None;
                }
                Some((Expr::Const(*n as i32), Ty::Int))
            }
            ExprKind::Bool(b) => Some((Expr::Const(*b as i32), Ty::Bool)),
            ExprKind::None => Some((Expr::Const(-1), Ty::Cell)),
            ExprKind::Cell(name) => match self.game.board.cell(name) {
                Some(c) => Some((Expr::Const(c), Ty::Cell)),
                None => {
                    self.report_with(e.span, |c| c.unknown_cell(name));
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
                let ((a2, mut ta), (b2, mut tb)) = (a2?, b2?);
                // `none` is no cell and no player alike: a branch of `none` takes the
                // other branch's type (`if c then opponent else none`).
                let is_none = |x: &ast::Expr| matches!(x.kind, ExprKind::None);
                if is_none(a) && tb == Ty::Player {
                    ta = Ty::Player;
                }
                if is_none(b) && ta == Ty::Player {
                    tb = Ty::Player;
                }
                if ta != tb {
                    self.report_with(b.span, |_| ErrorKind::BranchTypes {
                        first: ta,
                        second: tb,
                    });
                    return None;
                }
                Some((Expr::If(Box::new(c?), Box::new(a2), Box::new(b2)), ta))
            }
            ExprKind::Let(name, value, body) => self.let_expr(name, value, body, scope),
            ExprKind::Dirs(_) => {
                let name = self
                    .expanding
                    .last()
                    .map_or(String::new(), |x| x.name.clone());
                self.report_with(e.span, |_| ErrorKind::DirectionListAsValue { name });
                None
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
                let free = scope.next;
                let slot = self.bind(scope, var, ty);
                let f = match filter {
                    Some(f) => Some(Box::new(self.expect(f, Ty::Bool, scope)?)),
                    None => None,
                };
                let (v, out) = match (op, value) {
                    (AggregateOp::Count | AggregateOp::Exists | AggregateOp::All, Some(v)) => {
                        self.report_with(v.span, |_| ErrorKind::AggregateTakesNoValue);
                        (None, Ty::Int)
                    }
                    (AggregateOp::Count, None) => (None, Ty::Int),
                    (AggregateOp::Exists | AggregateOp::All, None) => (None, Ty::Bool),
                    (_, Some(v)) => (Some(Box::new(self.expect(v, Ty::Int, scope)?)), Ty::Int),
                    (_, None) => {
                        if ty != Ty::Int {
                            self.report_with(e.span, |_| ErrorKind::AggregateNeedsValue);
                            return None;
                        }
                        (Some(Box::new(Expr::Local(slot))), Ty::Int)
                    }
                };
                scope.names.truncate(mark);
                // The loop's slot, and those of what it nests, are free again once
                // it is over: an expression uses as many slots as it nests deep.
                scope.next = free;
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
}

pub(super) fn is_none(e: &Expr) -> bool {
    matches!(e, Expr::Const(-1))
}
