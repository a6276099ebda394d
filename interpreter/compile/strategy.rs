//! Strategies: each rule compiled once for every action it names, in that action's
//! scope, so a name in it means what that action binds.

use super::{Compiler, Scope};
use crate::diagnostic::ErrorKind;
use crate::ir::*;
use crate::syntax::ast;

impl<'a> Compiler<'a> {
    pub(super) fn strategy(&mut self, s: &'a ast::StrategyDecl) -> Strategy {
        self.declared_once("strategy", &s.name);
        if names_a_level(&s.name.text) {
            let name = s.name.text.clone();
            self.report(s.name.span, ErrorKind::StrategyNamedAsLevel { name });
        }
        if s.rules.is_empty() {
            let name = s.name.text.clone();
            self.report(s.name.span, ErrorKind::StrategyWithoutRules { name });
        }
        let rules = s.rules.iter().map(|r| self.strategy_rule(r)).collect();
        Strategy {
            name: s.name.text.clone(),
            description: s.description.clone(),
            span: s.name.span,
            rules,
        }
    }

    fn strategy_rule(&mut self, r: &'a ast::StrategyRule) -> StrategyRule {
        let mut actions = Vec::new();
        for (k, n) in r.actions.iter().enumerate() {
            if r.actions[..k].iter().any(|m| m.text == n.text) {
                let action = n.text.clone();
                self.report(n.span, ErrorKind::StrategyActionTwice { action });
                continue;
            }
            let Some(a) = self.action_index(n) else {
                continue;
            };
            // The same mistake would be found once for each action: it is told once.
            let before = self.errors.len();
            let compiled = self.rule_for_action(r, a);
            let mut i = before;
            while i < self.errors.len() {
                let d = &self.errors[i];
                let seen = self.errors[..before]
                    .iter()
                    .any(|e| e.span == d.span && e.message == d.message);
                if seen {
                    self.errors.remove(i);
                } else {
                    i += 1;
                }
            }
            actions.push(compiled);
        }
        StrategyRule {
            span: r.span,
            actions,
        }
    }

    /// The rule in the scope of action `a`: its bound names in the first slots, as the
    /// engine lays out a move's values.
    fn rule_for_action(&mut self, r: &'a ast::StrategyRule, a: usize) -> RuleForAction {
        let mut scope = Scope::default();
        if let Some(def) = self.game.actions.get(a) {
            for (slot, (name, ty)) in def.arg_names.iter().zip(&def.arg_types).enumerate() {
                scope.names.push((name.clone(), slot as u8, *ty));
            }
            scope.next = def.arg_names.len();
            scope.max = scope.next;
        }
        let mut tests = Vec::new();
        for t in &r.tests {
            match t {
                ast::Generator::Let { var, value } => {
                    let compiled = self.expr(value, &mut scope);
                    let ty = compiled.as_ref().map_or(Ty::Int, |(_, t)| *t);
                    let slot = self.bind(&mut scope, var, ty);
                    if let Some((e, _)) = compiled {
                        tests.push(Gen::Let(slot, e));
                    }
                }
                ast::Generator::Where(e) => {
                    if let Some(c) = self.expect(e, Ty::Bool, &mut scope) {
                        tests.push(Gen::Where(c, e.span));
                    }
                }
                // The grammar gives a rule no `for`.
                ast::Generator::For { .. } => {}
            }
        }
        let avoid = r
            .avoid
            .as_ref()
            .and_then(|e| self.expect(e, Ty::Bool, &mut scope));
        let by =
            r.by.iter()
                .filter_map(|e| self.expect(e, Ty::Int, &mut scope))
                .collect();
        RuleForAction {
            action: a,
            tests,
            avoid,
            by,
            locals: scope.max,
        }
    }
}
