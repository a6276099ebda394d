//! Names in an expression resolved to what they stand for, and players given by name or index.

use super::expr::Typed;
use super::{Compiler, Scope};
use crate::diagnostic::{ErrorKind, NameHelp, Span};
use crate::ir::*;
use crate::syntax::ast;

impl<'a> Compiler<'a> {
    pub(super) fn name(&mut self, name: &str, span: Span, scope: &mut Scope) -> Typed {
        if let Some((slot, ty)) = scope.lookup(name) {
            return Some((Expr::Local(slot), ty));
        }
        if let Some(param) = scope.param(name) {
            return Some(param);
        }
        match name {
            "mover" => return Some((Expr::Mover, Ty::Player)),
            "opponent" => return Some((Expr::Opponent(Box::new(Expr::Mover)), Ty::Player)),
            "phase" => return Some((Expr::Phase, Ty::Phase)),
            _ => {}
        }
        if let Some(def) = self.defines.get(name).copied() {
            return self.define_name(def, span, scope);
        }
        if let Some(c) = self.game.counters.iter().find(|c| c.name == name) {
            if c.per_player {
                let name = name.to_string();
                self.report_with(span, |_| ErrorKind::KeptPerPlayer { name });
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
        if let Some(l) = self.game.board.line(name) {
            return Some((Expr::Const(l as i32), Ty::Line));
        }
        if let Some(z) = self.game.board.zones.iter().find(|z| z.name == name) {
            if z.per_player {
                let name = name.to_string();
                self.report_with(span, |_| ErrorKind::ZonePerPlayer { name });
                return None;
            }
            return Some((Expr::Const(z.cells[0]), Ty::Cell));
        }
        if let Some(c) = self.game.board.cell(name) {
            return Some((Expr::Const(c), Ty::Cell));
        }
        if self.game.board.direction_set(name).is_some() {
            let name = name.to_string();
            self.report_with(span, |_| ErrorKind::DirectionSetAsValue { name });
            return None;
        }
        if self.is_set_name(name) {
            let name = name.to_string();
            self.report_with(span, |_| ErrorKind::SetAsValue { name });
            return None;
        }
        if self.hidden_local(name, span) {
            return None;
        }
        let known = self.names_in_scope(scope);
        // `a-b` where `a` is a name is most likely a subtraction written without spaces.
        let subtraction = name
            .split_once('-')
            .is_some_and(|(a, _)| known.iter().any(|k| k == a));
        let help = if subtraction {
            NameHelp::Subtraction
        } else if let Some(c) = self.close_name(name, known.iter().map(String::as_str)) {
            NameHelp::Close(c)
        } else if name.contains('-') {
            NameHelp::Subtraction
        } else {
            NameHelp::Kinds
        };
        let name = name.to_string();
        self.report_with(span, |_| ErrorKind::UnknownName { name, help });
        None
    }

    pub(super) fn is_set_name(&self, name: &str) -> bool {
        let b = &self.game.board;
        name == "cells"
            || name == "players"
            || b.regions.iter().any(|r| r.name == name)
            || b.tracks.iter().any(|t| t.name == name)
            || self.game.pools.iter().any(|p| p.name == name)
    }

    pub(super) fn player_index(
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
                let name = what.to_string();
                self.report_with(i.span, |_| ErrorKind::SharedIndexed { name });
                None
            }
            (None, true) => {
                let name = what.to_string();
                self.report_with(span, |_| ErrorKind::KeptPerPlayer { name });
                None
            }
        }
    }
}
