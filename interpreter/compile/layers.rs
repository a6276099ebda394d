//! Stacks of layers: the board's `layers N`, and the expressions that read below a
//! stack's top (`owner(c, k)`, `count(c, k)`, `value(c, k)`, `layers(c)`).

use super::Compiler;
use crate::diagnostic::{ErrorKind, Span};
use crate::ir::*;
use crate::syntax::ast;

/// The most layers a cell may hold: each is a state word per cell.
pub(crate) const MAX_LAYERS: i32 = 16;

impl<'a> Compiler<'a> {
    /// `layers N` in the board: how many layers a cell's stack may hold.
    pub(super) fn board_layers(&mut self, n: &'a ast::Expr, span: Span) {
        let Some(v) = self.constant(n, "a number of layers") else {
            return;
        };
        if !(2..=MAX_LAYERS).contains(&v) {
            self.report_with(n.span, |_| ErrorKind::LayerCount {
                max: MAX_LAYERS,
                found: v,
            });
            return;
        }
        if self.game.stack_layers > 1 {
            self.report_with(span, |_| ErrorKind::LayersTwice);
            return;
        }
        self.game.stack_layers = v as usize;
    }

    /// Reading below the top needs a board whose cells hold layers.
    pub(super) fn needs_layers(&mut self, name: &ast::Name, span: Span) -> Option<()> {
        if self.game.stack_layers > 1 {
            return Some(());
        }
        let function = name.text.clone();
        self.report_with(span, |_| ErrorKind::NeedsLayers { function });
        None
    }

    /// `owner(c, k)`, `count(c, k)`, `value(c, k)`: the layer k from the top.
    pub(super) fn layer_read(
        &mut self,
        name: &ast::Name,
        args: &[ast::Expr],
        span: Span,
        scope: &mut super::Scope,
    ) -> Option<(Expr, Ty)> {
        self.needs_layers(name, span)?;
        let mut v = self.args(name, args, &[Ty::Cell, Ty::Int], span, scope)?;
        let k = v.pop()?;
        let c = v.pop()?;
        if let Expr::Const(k) = k {
            let most = self.game.stack_layers as i32;
            if !(0..most).contains(&k) {
                self.report_with(args[1].span, |_| ErrorKind::LayerOutOfRange {
                    last: most - 1,
                    found: k,
                });
                return None;
            }
        }
        let (read, ty) = match name.text.as_str() {
            "owner" => (LayerRead::Owner, Ty::Player),
            "count" => (LayerRead::Count, Ty::Int),
            _ => (LayerRead::Value, Ty::Int),
        };
        Some((Expr::Layer(read, Box::new(c), Box::new(k)), ty))
    }
}
