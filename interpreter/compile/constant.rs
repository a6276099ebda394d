//! Numbers known before the game starts: board sizes, the value range of a piece, the
//! range of a pool. They may be written as expressions over literals, `define`s and
//! `option(...)` (the chosen options are fixed by then), so a variant can say
//! `grid size x size` or `pool dice of 1..faces`.
//!
//! The condition of a cell list (`c in cells where rank(c) == size`) is worked out here
//! too, once for each cell of the board, with the cell bound to its name: it may also
//! read the board's fixed facts about that cell (its file and rank, the cells a step
//! reaches, the regions declared before), never what changes in play.

use super::expr::{MAX_EXPR_DEPTH, MAX_EXPR_NODES};
use super::Compiler;
use crate::board::NONE;
use crate::diagnostic::ErrorKind;
use crate::diagnostic::NameHelp;
use crate::ir::Ty;
use crate::syntax::ast::{self, BinaryOp, ExprKind, UnaryOp};

/// A value computed before the game starts.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Known {
    Number(i32),
    Truth(bool),
    /// A cell, or none; only in the condition of a cell list.
    Cell(i32),
}

impl Known {
    fn ty(self) -> Ty {
        match self {
            Known::Number(_) => Ty::Int,
            Known::Truth(_) => Ty::Bool,
            Known::Cell(_) => Ty::Cell,
        }
    }
}

/// What the messages call the condition of a cell list.
const CONDITION: &str = "the condition of a cell list";

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
            Known::Cell(_) => {
                self.report_with(e.span, |_| ErrorKind::TypeMismatch {
                    want: Ty::Int,
                    found: Ty::Cell,
                });
                None
            }
        }
    }

    /// Whether the condition of a cell list holds for `cell`, bound to `var`.
    pub(super) fn cell_condition(
        &mut self,
        var: &'a str,
        cell: i32,
        cond: &'a ast::Expr,
    ) -> Option<bool> {
        let outer = self.in_cell_condition;
        self.in_cell_condition = true;
        let locals = std::mem::replace(&mut self.known_locals, vec![(var, Known::Cell(cell))]);
        let k = self.known(cond, CONDITION);
        self.in_cell_condition = outer;
        self.known_locals = locals;
        match k? {
            Known::Truth(b) => Some(b),
            other => {
                let found = other.ty();
                self.report_with(cond.span, |_| ErrorKind::CellConditionNotTruth { found });
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
            other => {
                let found = other.ty();
                self.report_with(e.span, |_| ErrorKind::TypeMismatch {
                    want: Ty::Int,
                    found,
                });
                None
            }
        }
    }

    fn known_truth(&mut self, e: &'a ast::Expr, what: &str) -> Option<bool> {
        match self.known(e, what)? {
            Known::Truth(b) => Some(b),
            other => {
                let found = other.ty();
                self.report_with(e.span, |_| ErrorKind::TypeMismatch {
                    want: Ty::Bool,
                    found,
                });
                None
            }
        }
    }

    /// A cell of the condition of a cell list, or none.
    fn known_cell(&mut self, e: &'a ast::Expr, what: &str) -> Option<i32> {
        match self.known(e, what)? {
            Known::Cell(c) => Some(c),
            other => {
                let found = other.ty();
                self.report_with(e.span, |_| ErrorKind::TypeMismatch {
                    want: Ty::Cell,
                    found,
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
            ExprKind::None if self.in_cell_condition => Cell(NONE),
            ExprKind::Cell(name) if self.in_cell_condition => match self.game.board.cell(name) {
                Some(c) => Cell(c),
                None => {
                    let kind = self.unknown_cell(name);
                    self.report(e.span, kind);
                    return None;
                }
            },
            ExprKind::Let(name, value, body) if self.in_cell_condition => {
                let v = self.known(value, what)?;
                self.known_locals.push((&name.text, v));
                let k = self.known(body, what);
                self.known_locals.pop();
                return k;
            }
            ExprKind::Name(name) => {
                if let Some(&(_, k)) = self.known_locals.iter().rev().find(|(v, _)| v == name) {
                    return Some(k);
                }
                let Some(def) = self.defines.get(name.as_str()).copied() else {
                    return self.known_board_name(e, name, what);
                };
                if !def.params.is_empty() || def.dirs().is_some() {
                    return self.not_known(e, what);
                }
                if !self.enter(def, e.span, Vec::new(), Vec::new()) {
                    return None;
                }
                // As in play, a define without parameters reads the names of the place
                // of its use.
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
            In if self.in_cell_condition => self.known_in(a, b, what),
            In => self.not_known(a, what),
            Eq | Ne if self.in_cell_condition => {
                let x = self.known(a, what)?;
                let y = self.known(b, what)?;
                let same = match (x, y) {
                    (Known::Number(x), Known::Number(y)) | (Known::Cell(x), Known::Cell(y)) => {
                        x == y
                    }
                    (Known::Truth(x), Known::Truth(y)) => x == y,
                    _ => {
                        let (left, right) = (x.ty(), y.ty());
                        self.report_with(b.span, |_| ErrorKind::CannotCompare { left, right });
                        return None;
                    }
                };
                Some(Known::Truth(same == (op == Eq)))
            }
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
        if self.in_cell_condition {
            if let Some(def) = self.defines.get(f.text.as_str()).copied() {
                return self.known_define_call(e, def, args, what);
            }
        }
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
            ("file" | "rank", [a]) if self.in_cell_condition => {
                let c = self.known_cell(a, what)?;
                let Some(places) = self.game.board.places else {
                    let function = f.text.clone();
                    self.report_with(f.span, |_| ErrorKind::NeedsGrid { function });
                    return None;
                };
                let (file, rank) = places.place(c).unwrap_or((0, 0));
                Some(Known::Number(if f.text == "file" { file } else { rank }))
            }
            ("step", [a, d]) | ("step", [a, d, _]) if self.in_cell_condition => {
                let c = self.known_cell(a, what)?;
                let dir = self.known_dir(d, what)?;
                let n = match args.get(2) {
                    Some(n) => self.known_number(n, what)?,
                    None => 1,
                };
                if n < 0 {
                    return Some(Known::Cell(NONE));
                }
                // A direction that comes back round (a ring) is cut after one lap.
                let board = &self.game.board;
                let mut at = c;
                for _ in 0..(n as usize).min(board.cells.len()) {
                    at = board.step(at, i32::from(dir));
                    if at == NONE {
                        break;
                    }
                }
                Some(Known::Cell(at))
            }
            _ => self.not_known(e, what),
        }
    }

    /// `NAME(a, b)` of a define in a cell list's condition: each argument worked out,
    /// then the define's value with each parameter standing for its argument; the value
    /// sees its parameters, not the names of the place of the call.
    fn known_define_call(
        &mut self,
        e: &'a ast::Expr,
        def: super::define::Define<'a>,
        args: &'a [ast::Expr],
        what: &str,
    ) -> Option<Known> {
        if def.dirs().is_some() {
            return self.not_known(e, what);
        }
        if !self.arguments_fit(&def, args.len(), e.span) {
            return None;
        }
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            values.push(self.known(a, what)?);
        }
        let params = def.params.iter().map(|p| p.text.clone());
        let spans = params.zip(args.iter().map(|a| a.span)).collect();
        let hidden = self
            .known_locals
            .iter()
            .map(|(n, _)| n.to_string())
            .collect();
        if !self.enter(def, e.span, spans, hidden) {
            return None;
        }
        let inner = def.params.iter().map(|p| p.text.as_str()).zip(values);
        let outer = std::mem::replace(&mut self.known_locals, inner.collect());
        let k = self.known(def.value, what);
        self.known_locals = outer;
        self.expanding.pop();
        k
    }

    /// A direction of the board, by its name, in a `step` of a cell list's condition.
    fn known_dir(&mut self, d: &'a ast::Expr, what: &str) -> Option<u8> {
        let ExprKind::Name(name) = &d.kind else {
            self.report_with(d.span, |_| ErrorKind::TypeMismatch {
                want: Ty::Dir,
                found: Ty::Int,
            });
            return None;
        };
        if let Some(dir) = self.game.board.dir(name) {
            return Some(dir);
        }
        if self.defines.contains_key(name.as_str())
            || self.game.board.rel_dirs.iter().any(|(r, _)| r == name)
        {
            self.not_known(d, what);
            return None;
        }
        let kind = ErrorKind::UnknownDirection {
            name: name.clone(),
            directions: self.game.board.dirs.clone(),
        };
        self.report(d.span, kind);
        None
    }

    /// `c in SET` in a cell list's condition: the set is `cells`, or a region or track
    /// declared before, of one player when it is kept per player (`home[red]`).
    fn known_in(&mut self, a: &'a ast::Expr, b: &'a ast::Expr, what: &str) -> Option<Known> {
        let c = self.known_cell(a, what)?;
        let (set, player) = match &b.kind {
            ExprKind::Name(set) => (set, None),
            ExprKind::Index(base, p) => match (&base.kind, &p.kind) {
                (ExprKind::Name(set), ExprKind::Name(p)) => (set, Some(p)),
                _ => return self.not_known(b, what),
            },
            _ => return self.not_known(b, what),
        };
        if set == "cells" && player.is_none() {
            return Some(Known::Truth(c != NONE));
        }
        let pi = match player {
            Some(p) => match self.player(p) {
                Some(pi) => Some(pi),
                None => return self.not_known(b, what),
            },
            None => None,
        };
        let board = &self.game.board;
        let lists = if let Some(r) = board.regions.iter().find(|r| &r.name == set) {
            (r.per_player, &r.lists)
        } else if let Some(t) = board.tracks.iter().find(|t| &t.name == set) {
            (t.per_player, &t.lists)
        } else {
            return self.not_known(b, what);
        };
        let list = match (lists.0, pi) {
            (false, None) => &lists.1[0],
            (true, Some(pi)) => &lists.1[pi],
            _ => return self.not_known(b, what),
        };
        Some(Known::Truth(list.contains(&c)))
    }

    /// A name that is no `define` in a size or a cell list's condition: in a condition,
    /// a cell of the board, or a name of the game that is not known before it starts,
    /// or no name at all.
    fn known_board_name(&mut self, e: &'a ast::Expr, name: &str, what: &str) -> Option<Known> {
        if !self.in_cell_condition {
            return self.not_known(e, what);
        }
        if let Some(c) = self.game.board.cell(name) {
            return Some(Known::Cell(c));
        }
        let mut known = self.names_in_scope(&super::Scope::default());
        if known.iter().any(|k| k == name)
            || self.is_set_name(name)
            || self.later_names.contains(name)
        {
            return self.not_known(e, what);
        }
        known.extend(self.known_locals.iter().map(|(n, _)| n.to_string()));
        let help = match self.close_name(name, known.iter().map(String::as_str)) {
            Some(c) => NameHelp::Close(c),
            None => NameHelp::Kinds,
        };
        let name = name.to_string();
        self.report_with(e.span, |_| ErrorKind::UnknownName { name, help });
        None
    }

    fn not_known(&mut self, e: &ast::Expr, what: &str) -> Option<Known> {
        let text = self
            .game
            .source_text
            .get(e.span.start..e.span.end)
            .filter(|t| !t.is_empty() && t.len() <= 40 && !t.contains('\n'))
            .map(str::to_string);
        if self.in_cell_condition {
            self.report_with(e.span, |_| ErrorKind::CellConditionNotKnown { text });
            return None;
        }
        let what = what.to_string();
        self.report_with(e.span, |_| ErrorKind::NotKnownBeforeStart { what, text });
        None
    }
}
