//! Calls of the built-in functions: their arguments checked and typed, and the ones over sets.

use super::domain::SetRef;
use super::expr::Typed;
use super::{Compiler, Scope};
use crate::diagnostic::Span;
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
            let what = match tys.len() {
                1 => "one argument".to_string(),
                n => format!("{n} arguments"),
            };
            self.error(
                span,
                format!("`{}` takes {what}, not {}", name.text, args.len()),
            );
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
                let Expr::Const(p) = v[1] else {
                    self.error(args[1].span, "`is` takes a piece type by name");
                    return None;
                };
                (Expr::Is(b(v[0].clone()), p as u8), Ty::Bool)
            }
            "step" | "slide" => {
                let mut v = self.args(name, args, &[Ty::Cell, Ty::Dir], span, scope)?;
                let d = v.pop()?;
                let c = v.pop()?;
                if name.text == "step" {
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
                    self.error(span, "`option` takes one option name");
                    return None;
                };
                let ExprKind::Name(o) = &arg.kind else {
                    self.error(arg.span, "`option` takes an option name");
                    return None;
                };
                if !self.game.options.iter().any(|(n, _)| n == o) {
                    let known: Vec<&str> =
                        self.game.options.iter().map(|(n, _)| n.as_str()).collect();
                    self.error_hint(
                        arg.span,
                        format!("unknown option `{o}`"),
                        self.suggest(o, known.iter().copied()).unwrap_or_else(|| {
                            format!(
                                "declare it with `option {o} \"...\"`; the options are: {}",
                                known.join(", ")
                            )
                        }),
                    );
                    return None;
                }
                self.options_read.insert(o.clone());
                (Expr::Const(self.game.chosen.contains(o) as i32), Ty::Bool)
            }
            "can" => match args {
                [] => (Expr::Can(None), Ty::Bool),
                [a] => {
                    let ExprKind::Name(n) = &a.kind else {
                        self.error(a.span, "`can` takes an action name");
                        return None;
                    };
                    let n = ast::Name {
                        text: n.clone(),
                        span: a.span,
                    };
                    (Expr::Can(Some(self.action_index(&n)?)), Ty::Bool)
                }
                _ => {
                    self.error(span, "`can` takes at most one action name");
                    return None;
                }
            },
            "size" | "pos" | "at" | "length" | "has" => {
                return self.set_call(name, args, span, scope)
            }
            "neighbours" | "neighbors" => {
                self.error_hint(
                    span,
                    "`neighbours(c)` is a set of cells",
                    "use it as `for n in neighbours(c)` or `exists(n in neighbours(c) where ...)`",
                );
                return None;
            }
            "group" => {
                self.error_hint(
                    span,
                    "`group(c)` is a set of cells",
                    "use it as `for g in group(c)`, `count(g in group(c))` or `x in group(c)`",
                );
                return None;
            }
            other => {
                self.error_hint(
                    name.span,
                    format!("unknown function `{other}`"),
                    self.suggest(other, FUNCTIONS.into_iter().chain(AGGREGATES))
                        .unwrap_or_else(|| format!("the functions are {}", FUNCTIONS.join(", "))),
                );
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
            self.error(
                span,
                format!(
                    "`{}` takes {want} argument{}",
                    name.text,
                    if want == 1 { "" } else { "s" }
                ),
            );
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
                self.error_hint(
                    args[0].span,
                    "`size` counts the values in a pool",
                    "to count cells write `count(c in region where ...)`",
                );
                None
            }
            ("has", _) => {
                self.error(args[0].span, "`has` looks in a pool");
                None
            }
            _ => {
                self.error(args[0].span, format!("`{}` takes a track", name.text));
                None
            }
        }
    }
}

pub(crate) const FUNCTIONS: [&str; 25] = [
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
    "group",
    "liberties",
    "connected",
];
