//! Calls of the built-in functions: their arguments checked and typed, and the ones over sets.

use super::domain::SetRef;
use super::expr::Typed;
use super::{Compiler, Scope};
use crate::diagnostic::{ErrorKind, Span};
use crate::ir::*;
use crate::syntax::ast::{self, ExprKind, AGGREGATES};

impl<'a> Compiler<'a> {
    pub(super) fn args(
        &mut self,
        name: &ast::Name,
        args: &[ast::Expr],
        tys: &[Ty],
        span: Span,
        scope: &mut Scope,
    ) -> Option<Vec<Expr>> {
        if args.len() != tys.len() {
            self.report_with(span, |_| ErrorKind::ArgumentCount {
                function: name.text.clone(),
                want: tys.len(),
                found: args.len(),
            });
            return None;
        }
        let mut out = Vec::new();
        let mut ok = true;
        for (a, t) in args.iter().zip(tys) {
            match self.expect(a, *t, scope) {
                Some(c) => out.push(c),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    pub(super) fn call(
        &mut self,
        name: &ast::Name,
        args: &[ast::Expr],
        span: Span,
        scope: &mut Scope,
    ) -> Typed {
        // A define named like a built-in function is refused where it is declared.
        let builtin =
            FUNCTIONS.contains(&name.text.as_str()) || AGGREGATES.contains(&name.text.as_str());
        if let Some(def) = self.defines.get(name.text.as_str()).copied() {
            if !builtin {
                return self.define_call(def, args, span, scope);
            }
        }
        if let Some(reading) = self.reach_call(name, args, span, scope) {
            return reading;
        }
        let b = Box::new;
        let one = |c: &mut Self, scope: &mut Scope, t: Ty| -> Option<Expr> {
            c.args(name, args, &[t], span, scope)
                .map(|mut v| v.remove(0))
        };
        let out = match name.text.as_str() {
            "owner" | "value" | "count" if args.len() == 2 => {
                return self.layer_read(name, args, span, scope)
            }
            "layers" => {
                self.needs_layers(name, span)?;
                (Expr::Layers(b(one(self, scope, Ty::Cell)?)), Ty::Int)
            }
            "pieces" => {
                let mut v = self.args(name, args, &[Ty::Cell, Ty::Player], span, scope)?;
                let p = v.pop()?;
                let c = v.pop()?;
                (Expr::Pieces(b(c), b(p)), Ty::Int)
            }
            "owner" => (Expr::Owner(b(one(self, scope, Ty::Cell)?)), Ty::Player),
            "value" => (Expr::Value(b(one(self, scope, Ty::Cell)?)), Ty::Int),
            "count" => (Expr::Count(b(one(self, scope, Ty::Cell)?)), Ty::Int),
            "empty" => (Expr::Empty(b(one(self, scope, Ty::Cell)?)), Ty::Bool),
            "opponent" => (Expr::Opponent(b(one(self, scope, Ty::Player)?)), Ty::Player),
            "abs" => (Expr::Abs(b(one(self, scope, Ty::Int)?)), Ty::Int),
            "is" => {
                let v = self.args(name, args, &[Ty::Cell, Ty::Piece], span, scope)?;
                match &v[1] {
                    Expr::Const(p) => (Expr::Is(b(v[0].clone()), *p as u8), Ty::Bool),
                    // A kind chosen in play: a local of a list of kinds.
                    Expr::Local(_) => (Expr::IsKind(b(v[0].clone()), b(v[1].clone())), Ty::Bool),
                    _ => {
                        self.report_with(args[1].span, |_| ErrorKind::IsTakesPieceName);
                        return None;
                    }
                }
            }
            "step" | "slide" => {
                let mut v = self.args(name, args, &[Ty::Cell, Ty::Dir], span, scope)?;
                let d = v.pop()?;
                let c = v.pop()?;
                if self.game.board.cuttable {
                    // A step reads the state when a link may be cut in its way.
                    let (op, v) = if name.text == "step" {
                        (ReachOp::StepOpen, vec![c, d, Expr::Const(1)])
                    } else {
                        (ReachOp::SlideOpen, vec![c, d])
                    };
                    (Expr::Reach(op, v), Ty::Cell)
                } else if name.text == "step" {
                    (Expr::Step(b(c), b(d)), Ty::Cell)
                } else {
                    (Expr::Slide(b(c), b(d)), Ty::Cell)
                }
            }
            "min" | "max" => {
                let mut v = self.args(name, args, &[Ty::Int, Ty::Int], span, scope)?;
                let y = v.pop()?;
                let x = v.pop()?;
                if name.text == "min" {
                    (Expr::Min(b(x), b(y)), Ty::Int)
                } else {
                    (Expr::Max(b(x), b(y)), Ty::Int)
                }
            }
            "option" => {
                let [arg] = args else {
                    self.report_with(span, |_| ErrorKind::OptionTakesOneName);
                    return None;
                };
                let ExprKind::Name(o) = &arg.kind else {
                    self.report_with(arg.span, |_| ErrorKind::OptionTakesName);
                    return None;
                };
                if !self.game.options.iter().any(|(n, _)| n == o) {
                    let options: Vec<String> =
                        self.game.options.iter().map(|(n, _)| n.clone()).collect();
                    self.report_with(arg.span, |c| ErrorKind::UnknownOption {
                        name: o.clone(),
                        close: c.close_name(o, options.iter().map(String::as_str)),
                        options,
                    });
                    return None;
                }
                self.options_read.insert(o.clone());
                match self.option_number(o) {
                    Some(value) => (Expr::Const(value), Ty::Int),
                    None => (Expr::Const(self.game.chosen.contains(o) as i32), Ty::Bool),
                }
            }
            "can" => match args {
                [] => (Expr::Can(None), Ty::Bool),
                [a] => {
                    let ExprKind::Name(n) = &a.kind else {
                        self.report_with(a.span, |_| ErrorKind::CanTakesActionName);
                        return None;
                    };
                    let n = ast::Name {
                        text: n.clone(),
                        span: a.span,
                    };
                    (Expr::Can(Some(self.action_index(&n)?)), Ty::Bool)
                }
                _ => {
                    self.report_with(span, |_| ErrorKind::CanTakesOneAction);
                    return None;
                }
            },
            "size" | "pos" | "at" | "length" | "has" => {
                return self.set_call(name, args, span, scope)
            }
            "occurrences" => return self.occurrences_call(args, span),
            "neighbours" | "neighbors" => {
                self.report_with(span, |_| ErrorKind::NeighboursAsValue);
                return None;
            }
            "group" => {
                self.report_with(span, |_| ErrorKind::GroupAsValue);
                return None;
            }
            "lines" => {
                self.report_with(span, |_| ErrorKind::LinesAsValue);
                return None;
            }
            other => {
                self.report_with(name.span, |c| ErrorKind::UnknownFunction {
                    name: other.to_string(),
                    close: c.close_name(other, FUNCTIONS.into_iter().chain(AGGREGATES)),
                    functions: FUNCTIONS.map(str::to_string).to_vec(),
                });
                return None;
            }
        };
        Some(out)
    }

    pub(super) fn set_call(
        &mut self,
        name: &ast::Name,
        args: &[ast::Expr],
        span: Span,
        scope: &mut Scope,
    ) -> Typed {
        let want = match name.text.as_str() {
            "size" | "length" => 1,
            _ => 2,
        };
        if args.len() != want {
            self.report_with(span, |_| ErrorKind::SetArgumentCount {
                function: name.text.clone(),
                want,
            });
            return None;
        }
        let set = self.set_ref(&args[0], scope)?;
        let b = Box::new;
        match (name.text.as_str(), set) {
            ("size", SetRef::Pool(pool, player)) => Some((
                Expr::PoolSize {
                    pool,
                    player: player.map(b),
                },
                Ty::Int,
            )),
            ("has", SetRef::Pool(pool, player)) => {
                let v = self.expect(&args[1], Ty::Int, scope)?;
                Some((
                    Expr::PoolHas {
                        pool,
                        player: player.map(b),
                        value: b(v),
                    },
                    Ty::Bool,
                ))
            }
            ("length", SetRef::Track(track, player)) => Some((
                Expr::TrackLen {
                    track,
                    player: player.map(b),
                },
                Ty::Int,
            )),
            ("pos", SetRef::Track(track, player)) => {
                let c = self.expect(&args[1], Ty::Cell, scope)?;
                Some((
                    Expr::TrackPos {
                        track,
                        player: player.map(b),
                        cell: b(c),
                    },
                    Ty::Int,
                ))
            }
            ("at", SetRef::Track(track, player)) => {
                let i = self.expect(&args[1], Ty::Int, scope)?;
                Some((
                    Expr::TrackAt {
                        track,
                        player: player.map(b),
                        index: b(i),
                    },
                    Ty::Cell,
                ))
            }
            ("size", _) => {
                self.report_with(args[0].span, |_| ErrorKind::SizeOfNonPool);
                None
            }
            ("has", _) => {
                self.report_with(args[0].span, |_| ErrorKind::HasOnNonPool);
                None
            }
            _ => {
                let function = name.text.clone();
                self.report_with(args[0].span, |_| ErrorKind::TakesTrack { function });
                None
            }
        }
    }
}

pub(crate) const FUNCTIONS: [&str; 32] = [
    "owner",
    "layers",
    "pieces",
    "value",
    "count",
    "empty",
    "is",
    "step",
    "slide",
    "opponent",
    "pos",
    "at",
    "length",
    "size",
    "has",
    "min",
    "max",
    "abs",
    "option",
    "can",
    "neighbours",
    "run",
    "first",
    "file",
    "rank",
    "group",
    "lines",
    "liberties",
    "connected",
    "occurrences",
    "cut",
    "reaches",
];
