//! Phases: who starts, which actions, what a turn is, what happens when stuck.

use super::{Compiler, Scope};
use crate::diagnostic::{ErrorKind, Span};
use crate::ir::*;
use crate::syntax::ast;

impl<'a> Compiler<'a> {
    pub(super) fn phase(&mut self, p: &'a ast::PhaseDecl) -> PhaseDef {
        let mut def = PhaseDef {
            name: p.name.text.clone(),
            span: p.name.span,
            starts: None,
            actions: Vec::new(),
            decide_turn: false,
            prefer: Vec::new(),
            prefer_span: None,
            maximize: Vec::new(),
            maximize_span: None,
            stuck: Stuck::End(ResultSpec::ByScore),
            turn_start: Vec::new(),
            turn_end: Vec::new(),
            until: None,
            forbids: Vec::new(),
            weighted: false,
            locals: 0,
        };
        let mut scope = Scope::default();
        let mut stuck_seen = false;
        for item in &p.items {
            match item {
                ast::PhaseItem::Starts(e) => def.starts = self.expect(e, Ty::Player, &mut scope),
                ast::PhaseItem::Actions(names) => {
                    for n in names {
                        if let Some(a) = self.action_index(n) {
                            def.actions.push(a);
                        }
                    }
                }
                ast::PhaseItem::DecideTurn(t, _, when) => {
                    let holds = match when {
                        Some(c) => self.constant_truth(c, "what a phase decides"),
                        None => Some(true),
                    };
                    def.decide_turn = holds.map_or(*t, |h| h == *t);
                }
                ast::PhaseItem::Prefer(names) => {
                    if let (Some(first), Some(last)) = (names.first(), names.last()) {
                        def.prefer_span = Some(Span::new(first.span.start, last.span.end));
                    }
                    for n in names {
                        if let Some(a) = self.action_index(n) {
                            def.prefer.push(a);
                        }
                    }
                }
                ast::PhaseItem::Maximize(es) => {
                    if let (Some(first), Some(last)) = (es.first(), es.last()) {
                        def.maximize_span = Some(Span::new(first.span.start, last.span.end));
                    }
                    if es.len() > MAX_TURN_KEYS {
                        self.report_with(es[MAX_TURN_KEYS].span, |_| ErrorKind::TooManyTurnKeys {
                            max: MAX_TURN_KEYS,
                        });
                    }
                    for e in es {
                        if let Some(c) = self.expect(e, Ty::Int, &mut scope) {
                            def.maximize.push(c);
                        }
                    }
                }
                ast::PhaseItem::StuckPass {
                    template,
                    body,
                    span,
                } => {
                    stuck_seen = true;
                    self.no_spaces(template, *span);
                    let body = body
                        .as_ref()
                        .map(|b| self.block(b, &mut scope))
                        .unwrap_or_default();
                    def.stuck = Stuck::Pass {
                        template: template.clone(),
                        body,
                    };
                }
                ast::PhaseItem::StuckEnd(r) => {
                    stuck_seen = true;
                    def.stuck = Stuck::End(self.result(r, &mut scope));
                }
                ast::PhaseItem::TurnStart(b) => def.turn_start = self.block(b, &mut scope),
                ast::PhaseItem::TurnEnd(b) => def.turn_end = self.block(b, &mut scope),
                ast::PhaseItem::Until(e) => def.until = self.expect(e, Ty::Bool, &mut scope),
                ast::PhaseItem::Forbid { reason, span, when } => {
                    let mut own = Scope::default();
                    if let Some(when) = self.expect(when, Ty::Bool, &mut own) {
                        def.forbids.push(Forbid {
                            reason: reason.clone(),
                            when,
                            span: *span,
                            locals: own.max,
                        });
                    }
                }
            }
        }
        let _ = stuck_seen;
        for &a in &def.prefer {
            if !def.actions.contains(&a) {
                self.report_with(p.name.span, |c| ErrorKind::PrefersNonAction {
                    phase: p.name.text.clone(),
                    action: c
                        .game
                        .actions
                        .get(a)
                        .map_or("?", |d| d.name.as_str())
                        .to_string(),
                });
            }
        }
        if !def.maximize.is_empty() && !def.decide_turn {
            self.report_with(p.name.span, |_| ErrorKind::MaximizeWithoutDecideTurn);
        }
        def.locals = scope.max;
        def
    }

    /// Typed moves are separated by spaces, so a move's own text cannot hold one.
    pub(super) fn no_spaces(&mut self, template: &str, span: Span) {
        // Only the literal text counts: `{a ? *}` may hold spaces.
        let mut depth = 0usize;
        let outside = template.char_indices().find(|&(_, ch)| {
            match ch {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            depth == 0 && ch.is_whitespace()
        });
        if let Some((i, _)) = outside {
            let at = Span::new(span.start + i, span.start + i + 1);
            self.report_with(at, |_| ErrorKind::SpaceInNotation);
        }
    }

    pub(crate) fn action_index(&mut self, n: &ast::Name) -> Option<usize> {
        let found = self.action_names.iter().position(|a| a == &n.text);
        if found.is_none() {
            self.report_with(n.span, |c| ErrorKind::UnknownAction {
                name: n.text.clone(),
                close: c.close_name(&n.text, c.action_names.iter().map(String::as_str)),
                actions: c.action_names.clone(),
            });
        }
        found
    }
}

/// Marks each phase whose actions carry playout weights (`PhaseDef::weighted`), once
/// every action is known.
pub(crate) fn mark_weighted(g: &mut Rules) {
    for p in &mut g.phases {
        p.weighted = p
            .actions
            .iter()
            .any(|&a| g.actions[a].playout_weight.is_some());
    }
}
