//! `continue with NAME = EXPR` and `may continue ... else "TEXT"`: a step that may be
//! repeated within one turn, by the same action from where the last one ended, and a
//! turn that may stop there.
//!
//! Both are written in the language's own terms before the rules are compiled, so that
//! every reader of a state (its file, its hash, the searches) sees them as it sees any
//! counter: two hidden counters kept per turn hold the action to go on with and the
//! value its name is held to, and `may` sets a third, true or false, that a stop action
//! (one for each text, written TEXT, with no effects) requires. Every action starts by
//! clearing them, so they speak of the next decision only.

use super::{Compiler, Scope};
use crate::diagnostic::{ErrorKind, Span};
use crate::ir::{StmtKind, MAX_ARGS};
use crate::syntax::ast::{self, Expr, ExprKind, Item, Name, Stmt};

/// The counter holding the action to go on with (its code, 0: none). Its name cannot
/// be written in a rules file, so it takes no name from the designer.
pub(crate) const WITH: &str = "#continue-with";
/// The counter holding the value the action's name is held to; declared right after
/// `WITH`, so it lies in the next word.
const WITH_VALUE: &str = "#continue-with-value";
/// Whether the mover may stop now (`may continue`).
const MAY_STOP: &str = "#may-stop";
/// The stop actions are named this, then their number.
pub(crate) const STOP_ACTION: &str = "#stop-";

/// `file` with its `continue with` and `may continue` written out: the counters, the
/// stop actions and the clearing at the start of every action. A file without them is
/// returned as it is.
pub(crate) fn desugar(mut file: ast::File) -> ast::File {
    let mut stops: Vec<String> = Vec::new();
    // For each stop text, the actions whose `may continue` gives it.
    let mut stopping: Vec<Vec<String>> = Vec::new();
    let mut any = false;
    for item in &mut file.items {
        if let Item::Action(m) = item {
            let mut found = Vec::new();
            any |= rewrite_block(&mut m.body, &mut found);
            for text in found {
                let k = match stops.iter().position(|t| *t == text) {
                    Some(k) => k,
                    None => {
                        stops.push(text);
                        stopping.push(Vec::new());
                        stops.len() - 1
                    }
                };
                stopping[k].push(m.name.text.clone());
            }
        }
    }
    if !any {
        return file;
    }
    let may = !stops.is_empty();
    for item in &mut file.items {
        if let Item::Action(m) = item {
            let mut start = vec![assign(WITH, int(0))];
            if may {
                start.push(assign(MAY_STOP, bool_expr(false)));
            }
            start.append(&mut m.body);
            m.body = start;
        }
    }
    // The phases that list an action with a `may continue` list its stop action too.
    for item in &mut file.items {
        if let Item::Phase(p) = item {
            for pi in &mut p.items {
                if let ast::PhaseItem::Actions(names) = pi {
                    for (k, actions) in stopping.iter().enumerate() {
                        if names.iter().any(|n| actions.contains(&n.text)) {
                            names.push(name(&format!("{STOP_ACTION}{k}")));
                        }
                    }
                }
            }
        }
    }
    let mut added = vec![counter(WITH, None), counter(WITH_VALUE, None)];
    if may {
        added.push(counter(MAY_STOP, Some("bool")));
    }
    for (k, text) in stops.into_iter().enumerate() {
        added.push(Item::Action(ast::MoveDecl {
            name: name(&format!("{STOP_ACTION}{k}")),
            template: text,
            template_span: Span::default(),
            says: None,
            generators: vec![ast::Generator::Where(Expr {
                kind: ExprKind::Name(MAY_STOP.to_string()),
                span: Span::default(),
            })],
            weight: None,
            playout_weight: None,
            // It ends the turn, and clears what the turn was going on with as every
            // action does: a whole turn that stops reaches a position of its own.
            body: vec![assign(WITH, int(0)), assign(MAY_STOP, bool_expr(false))],
        }));
    }
    // Counters first, so that the actions' effects find them.
    added.append(&mut file.items);
    file.items = added;
    file
}

/// Rewrites the `may continue`s of `block` (and of the blocks inside it), each into
/// setting the may-stop counter and going on; the texts they give go to `stops`.
/// Whether the block holds any `continue with` or `may continue`.
fn rewrite_block(block: &mut Vec<Stmt>, stops: &mut Vec<String>) -> bool {
    let mut any = false;
    let mut out = Vec::with_capacity(block.len());
    for mut s in block.drain(..) {
        match &mut s.kind {
            ast::StmtKind::If {
                then, otherwise, ..
            } => {
                any |= rewrite_block(then, stops);
                any |= rewrite_block(otherwise, stops);
            }
            ast::StmtKind::For { body, .. } => any |= rewrite_block(body, stops),
            ast::StmtKind::GoOn { stop, .. } => {
                any = true;
                if let Some((text, _)) = stop.take() {
                    stops.push(text);
                    out.push(Stmt {
                        kind: assign(MAY_STOP, bool_expr(true)).kind,
                        span: s.span,
                    });
                }
            }
            _ => {}
        }
        out.push(s);
    }
    *block = out;
    any
}

fn name(text: &str) -> Name {
    Name {
        text: text.to_string(),
        span: Span::default(),
    }
}

fn int(n: i64) -> Expr {
    Expr {
        kind: ExprKind::Int(n),
        span: Span::default(),
    }
}

fn bool_expr(b: bool) -> Expr {
    Expr {
        kind: ExprKind::Bool(b),
        span: Span::default(),
    }
}

fn assign(counter: &str, value: Expr) -> Stmt {
    Stmt {
        kind: ast::StmtKind::Assign {
            target: name(counter),
            index: None,
            op: ast::AssignOp::Set,
            value,
        },
        span: Span::default(),
    }
}

fn counter(text: &str, ty: Option<&str>) -> Item {
    Item::Counter(ast::CounterDecl {
        name: name(text),
        ty: ty.map(name),
        per_player: false,
        init: None,
        per_turn: true,
        hidden: true,
    })
}

impl<'a> Compiler<'a> {
    /// `continue with NAME = EXPR` in the effects of action `action`, whose generators
    /// bind the first `bound` local slots.
    pub(super) fn continue_with(
        &mut self,
        s: &ast::Stmt,
        var: &Name,
        value: &ast::Expr,
        scope: &mut Scope,
    ) -> Option<StmtKind> {
        let Some((action, bound)) = self.go_on_action else {
            self.report(s.span, ErrorKind::ContinueWithOutsideAction);
            return None;
        };
        let found = scope
            .lookup(&var.text)
            .filter(|&(slot, _)| usize::from(slot) < bound && usize::from(slot) < MAX_ARGS);
        let Some((slot, ty)) = found else {
            let kind = ErrorKind::ContinueWithName {
                name: var.text.clone(),
                action: self.action_names.get(action).cloned().unwrap_or_default(),
            };
            self.report(var.span, kind);
            return None;
        };
        let value = self.expect_assignable(value, ty, scope)?;
        let at = self.game.counters.iter().find(|c| c.name == WITH)?.base;
        let code = action as i32 * 16 + i32::from(slot) + 1;
        Some(StmtKind::ContinueWith { at, code, value })
    }
}
