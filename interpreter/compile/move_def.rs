//! Actions and chance events: their generators, weights, text and effects.

use super::{Compiler, Scope};
use crate::diagnostic::{ErrorKind, Span};
use crate::ir::{self, *};
use crate::syntax::ast;

impl<'a> Compiler<'a> {
    pub(super) fn move_def(&mut self, m: &'a ast::MoveDecl, kind: MoveKind) -> MoveDef {
        let mut scope = Scope::default();
        let mut generators = Vec::new();
        let mut for_spans = Vec::new();
        let mut where_parts = Vec::new();
        let mut loop_tests = Vec::new();
        // The slot of the `for` just compiled, while no other generator has followed it.
        let mut after_for = None;
        for g in &m.generators {
            let last_for = after_for.take();
            match g {
                ast::Generator::For { var, domain } => {
                    if let Some((d, ty)) = self.domain(domain, &mut scope) {
                        let slot = self.bind(&mut scope, var, ty);
                        let end = match domain {
                            ast::Domain::Range(_, b) => b.span.end,
                            ast::Domain::Dirs(names) => {
                                names.last().map_or(var.span.end, |n| n.span.end)
                            }
                            ast::Domain::Expr(e) => e.span.end,
                        };
                        for_spans.push((slot, Span::new(var.span.start, end)));
                        generators.push(Gen::For(slot, d));
                        after_for = Some(slot);
                    } else {
                        self.bind(&mut scope, var, Ty::Int);
                    }
                }
                ast::Generator::Let { var, value } => {
                    let compiled = self.expr(value, &mut scope);
                    let ty = compiled.as_ref().map_or(Ty::Int, |(_, t)| *t);
                    let slot = self.bind(&mut scope, var, ty);
                    if let Some((e, _)) = compiled {
                        generators.push(Gen::Let(slot, e));
                    }
                }
                ast::Generator::Where(e) => {
                    if let Some(slot) = last_for {
                        loop_tests.push((slot, e.span));
                    }
                    if let Some(c) = self.expect(e, Ty::Bool, &mut scope) {
                        generators.push(Gen::Where(c, e.span));
                        let mut parts = Vec::new();
                        conjuncts(e, &mut parts);
                        if parts.len() > 1 {
                            let compiled: Vec<(Expr, Span)> = parts
                                .iter()
                                .filter_map(|p| {
                                    self.expect(p, Ty::Bool, &mut scope).map(|c| (c, p.span))
                                })
                                .collect();
                            where_parts.push((e.span, compiled));
                        }
                    }
                }
            }
        }
        if scope.next > MAX_ARGS {
            self.report_with(m.name.span, |_| ErrorKind::TooManyArgs {
                action: m.name.text.clone(),
                bound: scope.next,
                max: MAX_ARGS,
            });
        }
        let arg_names = scope.names.iter().map(|(n, _, _)| n.clone()).collect();
        let arg_types = scope.names.iter().map(|(_, _, t)| *t).collect();
        self.no_spaces(&m.template, m.template_span);
        let template = self.template(&m.template, m.template_span, &mut scope);
        // Read, not typed back: a meaning may have spaces.
        let says = match &m.says {
            Some((text, span)) => self.template(text, *span, &mut scope),
            None => Vec::new(),
        };
        let weight = m
            .weight
            .as_ref()
            .and_then(|w| self.expect(w, Ty::Int, &mut scope));
        if kind == MoveKind::Action && m.weight.is_some() {
            self.report_with(m.name.span, |_| ErrorKind::WeightOnAction);
        }
        let playout_weight = m
            .playout_weight
            .as_ref()
            .and_then(|w| self.expect(w, Ty::Int, &mut scope));
        if kind == MoveKind::Action {
            self.go_on_action = Some((self.game.actions.len(), scope.next));
        }
        let body = self.block(&m.body, &mut scope);
        self.go_on_action = None;
        MoveDef {
            name: m.name.text.clone(),
            kind,
            template,
            says,
            generators,
            weight,
            playout_weight,
            body,
            arg_names,
            arg_types,
            span: m.name.span,
            for_spans,
            loop_tests,
            where_parts,
        }
    }

    pub fn template(&mut self, text: &str, span: Span, scope: &mut Scope) -> Vec<ir::TemplatePart> {
        let parts = match crate::syntax::parse_template(text, span.start) {
            Ok(p) => p,
            Err(d) => {
                self.push(d);
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for p in parts {
            match p {
                crate::syntax::TemplatePart::Text(t) => out.push(ir::TemplatePart::Text(t)),
                crate::syntax::TemplatePart::Value(e) => {
                    if let Some((c, ty)) = self.expr(&e, scope) {
                        if ty == Ty::Bool {
                            self.report_with(e.span, |_| ErrorKind::TemplatePrintsTruth);
                        }
                        out.push(ir::TemplatePart::Value(c, ty));
                    }
                }
                crate::syntax::TemplatePart::Mark(e, text) => {
                    if let Some(c) = self.expect(&e, Ty::Bool, scope) {
                        out.push(ir::TemplatePart::Mark(c, text));
                    }
                }
            }
        }
        out
    }
}

/// The parts of `a and b and ...` (the expression itself when it is no `and`).
fn conjuncts<'e>(e: &'e ast::Expr, out: &mut Vec<&'e ast::Expr>) {
    match &e.kind {
        ast::ExprKind::Binary(ast::BinaryOp::And, a, b) => {
            conjuncts(a, out);
            conjuncts(b, out);
        }
        _ => out.push(e),
    }
}
