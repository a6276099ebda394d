//! Indexing `x[i]`: a counter, pool, zone, region or track, by player or position.

use super::expr::Typed;
use super::{Compiler, Scope};
use crate::diagnostic::{ErrorKind, NameHelp, Span};
use crate::ir::*;
use crate::syntax::ast::{self, ExprKind};

impl<'a> Compiler<'a> {
    pub(super) fn index(
        &mut self,
        base: &ast::Expr,
        index: &ast::Expr,
        span: Span,
        scope: &mut Scope,
    ) -> Typed {
        let ExprKind::Name(name) = &base.kind else {
            self.report_with(span, |_| ErrorKind::NotIndexable);
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
            let name = name.clone();
            self.report_with(span, |_| ErrorKind::IndexedSetAsValue { name });
            return None;
        }
        self.report_with(base.span, |_| ErrorKind::UnknownName {
            name: name.clone(),
            help: NameHelp::Nothing,
        });
        None
    }
}
