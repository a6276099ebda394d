//! End rules and the results they give.

use super::{Compiler, Scope};
use crate::ir::*;
use crate::syntax::ast;

impl<'a> Compiler<'a> {
    pub(super) fn end_rule(&mut self, e: &'a ast::EndDecl) -> EndRule {
        let mut scope = Scope::default();
        let quantifier = e
            .quantifier
            .as_ref()
            .map(|q| self.bind(&mut scope, q, Ty::Player));
        let when = self
            .expect(&e.when, Ty::Bool, &mut scope)
            .unwrap_or(Expr::Const(0));
        let result = self.result(&e.result, &mut scope);
        EndRule {
            name: e.name.clone(),
            quantifier,
            when,
            result,
            span: e.span,
        }
    }

    pub(super) fn result(&mut self, r: &'a ast::ResultSpec, scope: &mut Scope) -> ResultSpec {
        match r {
            ast::ResultSpec::Winner {
                player,
                points,
                named,
            } => ResultSpec::Winner {
                // `winner none`: nobody wins, a draw.
                player: self
                    .expect_assignable(player, Ty::Player, scope)
                    .unwrap_or(Expr::Const(0)),
                points: points.as_ref().and_then(|p| self.expect(p, Ty::Int, scope)),
                named: match named.as_deref() {
                    Some((text, span)) => self.template(text, *span, scope),
                    None => Vec::new(),
                },
            },
            ast::ResultSpec::Draw => ResultSpec::Draw,
            ast::ResultSpec::ByScore => ResultSpec::ByScore,
        }
    }
}
