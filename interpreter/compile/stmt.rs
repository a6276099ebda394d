//! Effects: statements of setup, moves, chance events and turn hooks.

use super::{Compiler, Scope};
use crate::diagnostic::ErrorKind;
use crate::ir::*;
use crate::syntax::ast::{self, StmtKind as K};

impl<'a> Compiler<'a> {
    pub fn block(&mut self, b: &[ast::Stmt], scope: &mut Scope) -> Vec<Stmt> {
        let mark = scope.names.len();
        let out = b.iter().filter_map(|s| self.stmt(s, scope)).collect();
        scope.names.truncate(mark);
        out
    }

    fn pool_player(
        &mut self,
        pool: &ast::PoolRef,
        scope: &mut Scope,
    ) -> Option<(usize, Option<Expr>)> {
        let e = ast::Expr {
            kind: match &pool.index {
                Some(i) => ast::ExprKind::Index(
                    Box::new(ast::Expr {
                        kind: ast::ExprKind::Name(pool.name.text.clone()),
                        span: pool.name.span,
                    }),
                    Box::new(i.clone()),
                ),
                None => ast::ExprKind::Name(pool.name.text.clone()),
            },
            span: pool.name.span,
        };
        if !self.game.pools.iter().any(|p| p.name == pool.name.text) {
            let pools: Vec<String> = self.game.pools.iter().map(|p| p.name.clone()).collect();
            self.report_with(pool.name.span, |c| ErrorKind::UnknownPool {
                name: pool.name.text.clone(),
                close: c.close_name(&pool.name.text, pools.iter().map(String::as_str)),
                pools,
            });
            return None;
        }
        match self.set_ref(&e, scope)? {
            super::domain::SetRef::Pool(p, player) => Some((p, player)),
            _ => None,
        }
    }

    fn stmt(&mut self, s: &ast::Stmt, scope: &mut Scope) -> Option<Stmt> {
        let kind = match &s.kind {
            K::If {
                cond,
                then,
                otherwise,
            } => {
                let c = self.expect(cond, Ty::Bool, scope);
                let t = self.block(then, scope);
                let o = self.block(otherwise, scope);
                StmtKind::If(c?, t, o)
            }
            K::Let { var, value } => {
                let v = self.expr(value, scope);
                let ty = v.as_ref().map_or(Ty::Int, |(_, t)| *t);
                let slot = self.bind(scope, var, ty);
                StmtKind::Let(slot, v?.0)
            }
            K::For {
                var,
                domain,
                filter,
                body,
            } => {
                let d = self.domain(domain, scope);
                let mark = scope.names.len();
                let ty = d.as_ref().map_or(Ty::Int, |(_, t)| *t);
                let slot = self.bind(scope, var, ty);
                let f = filter.as_ref().map(|f| self.expect(f, Ty::Bool, scope));
                let body = self.block(body, scope);
                scope.names.truncate(mark);
                let f = match f {
                    Some(f) => Some(f?),
                    None => None,
                };
                StmtKind::For(slot, d?.0, f, body)
            }
            K::Continue => StmtKind::Continue,
            K::GoOn { with: None, .. } => StmtKind::Continue,
            K::GoOn {
                with: Some((var, value)),
                ..
            } => self.continue_with(s, var, value, scope)?,
            K::Move { from, to } => {
                let a = self.expect(from, Ty::Cell, scope);
                let b = self.expect(to, Ty::Cell, scope);
                StmtKind::Move(a?, b?)
            }
            K::Put {
                count,
                piece,
                owner,
                value,
                at,
            } => self.put(
                s,
                count.as_ref(),
                piece,
                owner.as_ref(),
                value.as_ref(),
                at,
                scope,
            )?,
            K::Remove(c) => StmtKind::Remove(self.expect(c, Ty::Cell, scope)?),
            K::Link { cut, a, b } => {
                if !self.game.board.cuttable {
                    let effect = if *cut { "cut" } else { "join" }.to_string();
                    self.report(s.span, ErrorKind::LinksNeverCut { what: effect });
                }
                let a = self.expect(a, Ty::Cell, scope);
                let b = self.expect(b, Ty::Cell, scope);
                StmtKind::Link(*cut, a?, b?)
            }
            K::Take { value, pool } => {
                let v = self.expect(value, Ty::Int, scope);
                let (p, player) = self.pool_player(pool, scope)?;
                StmtKind::Take {
                    pool: p,
                    player,
                    value: v?,
                }
            }
            K::AddPool { value, times, pool } => {
                let v = self.expect(value, Ty::Int, scope);
                let t = times.as_ref().map(|t| self.expect(t, Ty::Int, scope));
                let (p, player) = self.pool_player(pool, scope)?;
                StmtKind::AddPool {
                    pool: p,
                    player,
                    value: v?,
                    times: match t {
                        Some(t) => Some(t?),
                        None => None,
                    },
                }
            }
            K::Clear(pool) => {
                let (p, player) = self.pool_player(pool, scope)?;
                StmtKind::Clear { pool: p, player }
            }
            K::SetValue { cell, value } => {
                let c = self.expect(cell, Ty::Cell, scope);
                let v = self.expect(value, Ty::Int, scope);
                StmtKind::SetValue(c?, v?)
            }
            K::Chance(name) => match self.chance_names.iter().position(|c| c == &name.text) {
                Some(c) => StmtKind::Chance(c as u16),
                None => {
                    self.report_with(name.span, |c| ErrorKind::UnknownChance {
                        name: name.text.clone(),
                        close: c.close_name(&name.text, c.chance_names.iter().map(String::as_str)),
                        chances: c.chance_names.clone(),
                    });
                    return None;
                }
            },
            K::SetMover(p) => StmtKind::SetMover(self.expect(p, Ty::Player, scope)?),
            K::HandTo(p) => StmtKind::HandTo(self.expect(p, Ty::Player, scope)?),
            K::HandBack => StmtKind::HandBack,
            K::Assign {
                target,
                index,
                op,
                value,
            } => {
                let Some(c) = self
                    .game
                    .counters
                    .iter()
                    .position(|c| c.name == target.text)
                else {
                    self.report_with(target.span, |c| {
                        let name = target.text.clone();
                        let counters = c.game.counters.iter().map(|c| c.name.as_str());
                        let close = c.close_name(&target.text, counters);
                        if c.game.pools.iter().any(|p| p.name == target.text) {
                            ErrorKind::AssignToPool { name, close }
                        } else {
                            ErrorKind::UnknownCounter { name, close }
                        }
                    });
                    return None;
                };
                let per_player = self.game.counters[c].per_player;
                let player = match (index, per_player) {
                    (Some(i), true) => Some(self.expect(i, Ty::Player, scope)?),
                    (None, false) => None,
                    (Some(i), false) => {
                        let name = target.text.clone();
                        self.report_with(i.span, |_| ErrorKind::SharedIndexed { name });
                        return None;
                    }
                    (None, true) => {
                        let name = target.text.clone();
                        self.report_with(target.span, |_| ErrorKind::AssignKeptPerPlayer { name });
                        return None;
                    }
                };
                if MATCH_COUNTERS.iter().any(|(m, _)| *m == target.text) {
                    let name = target.text.clone();
                    self.report_with(target.span, |_| ErrorKind::MatchCounterAssigned { name });
                    return None;
                }
                let ty = self.game.counters[c].ty;
                if ty != Ty::Int && *op != ast::AssignOp::Set {
                    let name = target.text.clone();
                    self.report_with(s.span, |_| ErrorKind::NonNumberAssigned { name, ty });
                    return None;
                }
                let v = self.expect_assignable(value, ty, scope)?;
                let op = match op {
                    ast::AssignOp::Set => AssignOp::Set,
                    ast::AssignOp::Add => AssignOp::Add,
                    ast::AssignOp::Sub => AssignOp::Sub,
                };
                StmtKind::Assign {
                    counter: c,
                    player,
                    op,
                    value: v,
                }
            }
        };
        Some(Stmt { kind, span: s.span })
    }

    /// `put [N] KIND [of P] [value V] at C`.
    #[allow(clippy::too_many_arguments)]
    fn put(
        &mut self,
        s: &ast::Stmt,
        count: Option<&ast::Expr>,
        piece: &ast::Name,
        owner: Option<&ast::Expr>,
        value: Option<&ast::Expr>,
        at: &ast::Expr,
        scope: &mut Scope,
    ) -> Option<StmtKind> {
        // A local (or parameter) holding a kind chosen in play: its owner is
        // given, and dropped in play for a neutral kind.
        let chosen = scope.lookup(&piece.text).is_some() || scope.param(&piece.text).is_some();
        if chosen {
            let k = self.name(&piece.text, piece.span, scope);
            let k = match k {
                Some((k, Ty::Piece)) => Some(k),
                Some((_, found)) => {
                    self.report_with(piece.span, |_| ErrorKind::TypeMismatch {
                        want: Ty::Piece,
                        found,
                    });
                    None
                }
                None => None,
            };
            if owner.is_none() {
                let piece = piece.text.clone();
                self.report_with(s.span, |_| ErrorKind::WhosePiece { piece });
            }
            let o = owner.as_ref().map(|o| self.expect(o, Ty::Player, scope));
            let v = value.as_ref().map(|v| self.expect(v, Ty::Int, scope));
            let a = self.expect(at, Ty::Cell, scope);
            let n = self.put_count(count, scope);
            return Some(StmtKind::Put {
                count: n?,
                piece: k?,
                owner: Some(o??),
                value: match v {
                    Some(v) => Some(v?),
                    None => None,
                },
                at: a?,
            });
        }
        let pi = self.game.pieces.iter().position(|p| p.name == piece.text);
        if pi.is_none() {
            let pieces: Vec<String> = self.game.pieces.iter().map(|p| p.name.clone()).collect();
            self.report_with(piece.span, |c| ErrorKind::UnknownPiece {
                name: piece.text.clone(),
                close: c.close_name(&piece.text, pieces.iter().map(String::as_str)),
                pieces,
            });
        }
        let neutral = pi.is_some_and(|p| self.game.pieces[p].neutral);
        let o = owner.as_ref().map(|o| self.expect(o, Ty::Player, scope));
        if neutral && owner.is_some() {
            let piece = piece.text.clone();
            self.report_with(s.span, |_| ErrorKind::NeutralHasNoOwner { piece });
        }
        if !neutral && owner.is_none() && pi.is_some() {
            let piece = piece.text.clone();
            self.report_with(s.span, |_| ErrorKind::WhosePiece { piece });
        }
        let v = value.as_ref().map(|v| self.expect(v, Ty::Int, scope));
        let a = self.expect(at, Ty::Cell, scope);
        let n = self.put_count(count, scope);
        Some(StmtKind::Put {
            count: n?,
            piece: Expr::Const(pi? as i32),
            owner: match o {
                Some(o) => Some(o?),
                None => None,
            },
            value: match v {
                Some(v) => Some(v?),
                None => None,
            },
            at: a?,
        })
    }

    /// A count written as a number is checked now; a computed one in play.
    fn put_count(&mut self, count: Option<&ast::Expr>, scope: &mut Scope) -> Option<Expr> {
        match count {
            Some(c) => match c.kind {
                ast::ExprKind::Int(n) if n == 0 || n > 255 => {
                    self.report_with(c.span, |_| ErrorKind::PutCount);
                    None
                }
                _ => self.expect(c, Ty::Int, scope),
            },
            None => Some(Expr::Const(1)),
        }
    }
}
