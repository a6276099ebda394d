//! Numbers known before the game starts: board sizes, the value range of a piece, the
//! range of a pool. They may be written as expressions over literals, `define`s and
//! `option(...)` (the chosen options are fixed by then), so a variant can say
//! `grid size x size` or `pool dice of 1..faces`.

use super::expr::{MAX_EXPR_DEPTH, MAX_EXPR_NODES};
use super::Compiler;
use crate::diagnostic::ErrorKind;
use crate::ir::Ty;
use crate::syntax::ast::{self, BinaryOp, ExprKind, UnaryOp};

/// A value computed before the game starts.
#[derive(Debug, Clone, Copy)]
enum Known {
    Number(i32),
    Truth(bool),
}

impl<'a> Compiler<'a> {
    /// The value of `e`, which must be a number known before the game starts; `what`
    /// names the place in messages ("a board size"). Reports and gives `None` otherwise.
    pub fn constant(&mut self, e: &'a ast::Expr, what: &str) -> Option<i32> {
        match self.known(e, what)? {
            Known::Number(n) => Some(n),
            Known::Truth(_) => {
                let what = what.to_string();
                self.report_with(e.span, |_| ErrorKind::ConstantIsTruth { what });
                None
            }
        }
    }

    /// The truth of `e`, which must be a condition known before the game starts.
    pub fn constant_truth(&mut self, e: &'a ast::Expr, what: &str) -> Option<bool> {
        self.known_truth(e, what)
    }

    fn known(&mut self, e: &'a ast::Expr, what: &str) -> Option<Known> {
        if self.nodes >= MAX_EXPR_NODES || self.depth >= MAX_EXPR_DEPTH {
            let what = what.to_string();
            self.report_with(e.span, |_| ErrorKind::ConstantTooComplex { what });
            return None;
        }
        self.nodes += 1;
        self.depth += 1;
        let k = self.known_at_depth(e, what);
        self.depth -= 1;
        k
    }

    fn known_number(&mut self, e: &'a ast::Expr, what: &str) -> Option<i32> {
        match self.known(e, what)? {
            Known::Number(n) => Some(n),
            Known::Truth(_) => {
                self.report_with(e.span, |_| ErrorKind::TypeMismatch {
                    want: Ty::Int,
                    found: Ty::Bool,
                });
                None
            }
        }
    }

    fn known_truth(&mut self, e: &'a ast::Expr, what: &str) -> Option<bool> {
        match self.known(e, what)? {
            Known::Truth(b) => Some(b),
            Known::Number(_) => {
                self.report_with(e.span, |_| ErrorKind::TypeMismatch {
                    want: Ty::Bool,
                    found: Ty::Int,
                });
                None
            }
        }
    }

    fn known_at_depth(&mut self, e: &'a ast::Expr, what: &str) -> Option<Known> {
        use Known::*;
        Some(match &e.kind {
            ExprKind::Int(n) => match i32::try_from(*n) {
                Ok(n) => Number(n),
                Err(_) => {
                    self.report_with(e.span, |_| ErrorKind::NumberTooLarge);
                    return None;
                }
            },
            ExprKind::Bool(b) => Truth(*b),
            ExprKind::Unary(UnaryOp::Neg, a) => Number(self.known_number(a, what)?.wrapping_neg()),
            ExprKind::Unary(UnaryOp::Not, a) => Truth(!self.known_truth(a, what)?),
            ExprKind::Binary(op, a, b) => return self.known_binary(*op, a, b, what),
            ExprKind::If(c, a, b) => {
                let c = self.known_truth(c, what)?;
                return self.known(if c { a } else { b }, what);
            }
            ExprKind::Name(name) => {
                let Some(def) = self.defines.get(name.as_str()).copied() else {
                    return self.not_known(e, what);
                };
                if !def.params.is_empty() || def.dirs().is_some() {
                    return self.not_known(e, what);
                }
                if !self.enter(def, e.span, Vec::new(), Vec::new()) {
                    return None;
                }
                let k = self.known(def.value, what);
                self.expanding.pop();
                return k;
            }
            ExprKind::Call(f, args) => return self.known_call(e, f, args, what),
            _ => return self.not_known(e, what),
        })
    }

    fn known_binary(
        &mut self,
        op: BinaryOp,
        a: &'a ast::Expr,
        b: &'a ast::Expr,
        what: &str,
    ) -> Option<Known> {
        use BinaryOp::*;
        match op {
            And | Or => {
                let x = self.known_truth(a, what)?;
                let y = self.known_truth(b, what)?;
                Some(Known::Truth(if op == And { x && y } else { x || y }))
            }
            In => self.not_known(a, what),
            _ => {
                let x = self.known_number(a, what)?;
                let y = self.known_number(b, what)?;
                Some(match op {
                    Eq => Known::Truth(x == y),
                    Ne => Known::Truth(x != y),
                    Lt => Known::Truth(x < y),
                    Le => Known::Truth(x <= y),
                    Gt => Known::Truth(x > y),
                    Ge => Known::Truth(x >= y),
                    Add => Known::Number(x.wrapping_add(y)),
                    Sub => Known::Number(x.wrapping_sub(y)),
                    Mul => Known::Number(x.wrapping_mul(y)),
                    // As in play: dividing by zero gives 0.
                    Div => Known::Number(x.checked_div(y).unwrap_or(0)),
                    _ => Known::Number(x.checked_rem(y).unwrap_or(0)),
                })
            }
        }
    }

    fn known_call(
        &mut self,
        e: &'a ast::Expr,
        f: &ast::Name,
        args: &'a [ast::Expr],
        what: &str,
    ) -> Option<Known> {
        match (f.text.as_str(), args) {
            ("option", [arg]) => {
                let ExprKind::Name(o) = &arg.kind else {
                    self.report_with(arg.span, |_| ErrorKind::OptionTakesName);
                    return None;
                };
                if !self.game.options.iter().any(|(n, _)| n == o) {
                    let name = o.clone();
                    self.report_with(arg.span, |_| ErrorKind::UnknownOptionInConstant { name });
                    return None;
                }
                self.options_read.insert(o.clone());
                Some(match self.option_number(o) {
                    Some(value) => Known::Number(value),
                    None => Known::Truth(self.game.chosen.contains(o)),
                })
            }
            ("abs", [a]) => Some(Known::Number(self.known_number(a, what)?.wrapping_abs())),
            ("min" | "max", [a, b]) => {
                let x = self.known_number(a, what)?;
                let y = self.known_number(b, what)?;
                Some(Known::Number(if f.text == "min" {
                    x.min(y)
                } else {
                    x.max(y)
                }))
            }
            _ => self.not_known(e, what),
        }
    }

    fn not_known(&mut self, e: &ast::Expr, what: &str) -> Option<Known> {
        let text = self
            .game
            .source_text
            .get(e.span.start..e.span.end)
            .filter(|t| !t.is_empty() && t.len() <= 40 && !t.contains('\n'))
            .map(str::to_string);
        let what = what.to_string();
        self.report_with(e.span, |_| ErrorKind::NotKnownBeforeStart { what, text });
        None
    }
}
