//! Binary operators: arithmetic, comparison, logic and membership `x in D`.

use super::domain::SetRef;
use super::expr::{is_none, Typed};
use super::{Compiler, Scope};
use crate::diagnostic::ErrorKind;
use crate::ir::*;
use crate::syntax::ast::{self, BinaryOp};

impl<'a> Compiler<'a> {
    pub(super) fn binary(
        &mut self,
        op: BinaryOp,
        a: &ast::Expr,
        b: &ast::Expr,
        scope: &mut Scope,
    ) -> Typed {
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
                    SetRef::Directions(_) => Ty::Dir,
                    SetRef::LinesThrough(_) => Ty::Line,
                    _ => Ty::Cell,
                };
                if x.1 != want {
                    self.report_with(a.span, |_| ErrorKind::TypeMismatchHere { want, found: x.1 });
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
                    SetRef::Neighbours(c, a) => {
                        Self::exists_equal(scope, Domain::Neighbours(c, a), x.0)
                    }
                    SetRef::Group(c, a) => Self::exists_equal(scope, Domain::Group(c, a), x.0),
                    SetRef::Directions(a) => self.dir_in(scope, a, x.0),
                    SetRef::Line(l) => Self::exists_equal(scope, Domain::LineCells(l), x.0),
                    SetRef::LinesThrough(c) => {
                        Self::exists_equal(scope, Domain::LinesThrough(c), x.0)
                    }
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
                        self.report_with(b.span, |_| ErrorKind::CannotCompare {
                            left: tx,
                            right: ty,
                        });
                        return None;
                    }
                } else {
                    if tx != Ty::Int {
                        self.report_with(a.span, |_| ErrorKind::TypeMismatch {
                            want: Ty::Int,
                            found: tx,
                        });
                        return None;
                    }
                    if ty != Ty::Int {
                        self.report_with(b.span, |_| ErrorKind::TypeMismatch {
                            want: Ty::Int,
                            found: ty,
                        });
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

    /// `x in SET` for a direction set of the board: one test of a bit mask when its
    /// directions are numbered under 64 (the grid's and the first leaps), where a list
    /// would be a loop.
    fn dir_in(&self, scope: &mut Scope, set: u8, x: Expr) -> Expr {
        let dirs = &self.game.board.sets[set as usize - 1].dirs;
        if dirs.iter().all(|&d| d < 64) {
            let mask = dirs.iter().fold(0u64, |m, &d| m | 1 << d);
            Expr::DirIn(Box::new(x), mask)
        } else {
            let domain = self.directions_domain(set);
            Self::exists_equal(scope, domain, x)
        }
    }
}
