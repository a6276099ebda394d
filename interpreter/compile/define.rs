//! Defines: a named expression expanded at each use, a define with parameters called
//! with arguments, a named list of directions, and the problems found in one shown at
//! the place it is used.

use super::call::FUNCTIONS;
use super::expr::Typed;
use super::{Compiler, Scope};
use crate::diagnostic::{Diagnostic, ErrorKind, Related, RelatedLabel, Span};
use crate::ir::*;
use crate::syntax::ast::{self, ExprKind, Item, AGGREGATES};

/// A `define` as declared.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Define<'a> {
    pub name: &'a ast::Name,
    pub params: &'a [ast::Name],
    pub value: &'a ast::Expr,
}

impl<'a> super::Compiler<'a> {
    /// Whether a call of `def` gives it `found` arguments, one for each parameter; an
    /// error at `span` if not. `NAME()` of a define without parameters is refused too:
    /// written so, it would not read the names of the place of use, as `NAME` does.
    pub(super) fn arguments_fit(&mut self, def: &Define<'_>, found: usize, span: Span) -> bool {
        if found == def.params.len() && found > 0 {
            return true;
        }
        let (name, want) = (def.name.text.clone(), def.params.len());
        self.report_with(span, |_| ErrorKind::DefineArgumentCount {
            name,
            want,
            found,
        });
        false
    }
}

impl Define<'_> {
    /// The directions of `define NAME = [n, e]`.
    pub(crate) fn dirs(&self) -> Option<&[ast::Name]> {
        match &self.value.kind {
            ExprKind::Dirs(names) => Some(names),
            _ => None,
        }
    }
}

/// A define being expanded at one of its uses.
#[derive(Debug, Clone)]
pub(crate) struct Expansion {
    pub name: String,
    /// Where it is used: its name, or the whole call.
    pub at: Span,
    /// Its value.
    pub body: Span,
    /// Its parameters, each with the span of its argument at this use.
    pub args: Vec<(String, Span)>,
    /// The local names of the place of use, which a define with parameters does not see.
    pub hidden: Vec<String>,
}

impl<'a> Compiler<'a> {
    /// A problem found while expanding defines, moved to the place the outermost is
    /// used, with the place in each define's value as a related note. A problem with a
    /// parameter itself (an argument of the wrong type) is shown at the argument.
    pub(super) fn at_the_use(&self, mut d: Diagnostic) -> Diagnostic {
        for x in self.expanding.iter().rev() {
            let inside = x.body.start <= d.span.start && d.span.end <= x.body.end;
            if !inside {
                break;
            }
            let text = self.game.source_text.get(d.span.start..d.span.end);
            // The last of two parameters of one name is the one the value reads.
            let arg = x.args.iter().rev().find(|(p, _)| Some(p.as_str()) == text);
            d.add_related(Related {
                span: d.span,
                label: RelatedLabel::InDefine(x.name.clone()),
                game: None,
            });
            d.span = arg.map_or(x.at, |(_, at)| *at);
        }
        d
    }

    /// A name that is a define: its value, expanded here.
    pub(super) fn define_name(&mut self, def: Define<'a>, span: Span, scope: &mut Scope) -> Typed {
        let name = &def.name.text;
        if def.dirs().is_some() {
            let name = name.clone();
            self.report_with(span, |_| ErrorKind::DirectionListAsValue { name });
            return None;
        }
        if !def.params.is_empty() {
            self.report_with(span, |_| ErrorKind::DefineNeedsArguments {
                name: def.name.text.clone(),
                params: def.params.iter().map(|p| p.text.clone()).collect(),
            });
            return None;
        }
        if !self.enter(def, span, Vec::new(), Vec::new()) {
            return None;
        }
        // Without parameters a define is expanded in the scope of its use: it reads the
        // local names of that place.
        let out = self.expr(def.value, scope);
        self.expanding.pop();
        out
    }

    /// Starts expanding a define at `at`; false, with the problem reported, when it is
    /// already being expanded (it uses itself).
    pub(super) fn enter(
        &mut self,
        def: Define<'a>,
        at: Span,
        args: Vec<(String, Span)>,
        hidden: Vec<String>,
    ) -> bool {
        let name = &def.name.text;
        if self.expanding.iter().any(|x| &x.name == name) {
            let name = name.clone();
            self.report_with(at, |_| ErrorKind::DefinedInTermsOfItself { name });
            return false;
        }
        self.expanding.push(Expansion {
            name: name.clone(),
            at,
            body: def.value.span,
            args,
            hidden,
        });
        true
    }

    /// `NAME(a, b)` of a define: each argument evaluated once, then the define's value
    /// with each parameter standing for its argument. The value sees its parameters and
    /// the game's names, not the local names of the place of the call.
    pub(super) fn define_call(
        &mut self,
        def: Define<'a>,
        args: &[ast::Expr],
        span: Span,
        scope: &mut Scope,
    ) -> Typed {
        if def.dirs().is_some() {
            let name = def.name.text.clone();
            self.report_with(span, |_| ErrorKind::DirectionListAsValue { name });
            return None;
        }
        if !self.arguments_fit(&def, args.len(), span) {
            return None;
        }
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            values.push(self.expr(a, scope));
        }
        let values: Vec<(Expr, Ty)> = values.into_iter().collect::<Option<_>>()?;
        let mut inner = Scope {
            next: scope.next,
            max: scope.max,
            ..Scope::default()
        };
        let mut lets = Vec::new();
        for (p, (value, ty)) in def.params.iter().zip(values) {
            match value {
                // Read where they stand: no slot, and constants stay constants.
                Expr::Const(_) | Expr::Local(_) | Expr::Mover | Expr::RelDir(_) => {
                    inner.params.push((p.text.clone(), value, ty));
                }
                value => {
                    let slot = self.bind(&mut inner, p, ty);
                    lets.push((slot, value));
                }
            }
        }
        let params = def.params.iter().map(|p| p.text.clone());
        let args = params.zip(args.iter().map(|a| a.span)).collect();
        let hidden = scope.names.iter().map(|(n, _, _)| n.clone()).collect();
        if !self.enter(def, span, args, hidden) {
            return None;
        }
        let body = self.expr(def.value, &mut inner);
        self.expanding.pop();
        // The slots of the arguments are free again after the call.
        scope.max = scope.max.max(inner.max);
        let (mut out, ty) = body?;
        for (slot, value) in lets.into_iter().rev() {
            out = Expr::Let {
                slot,
                value: Box::new(value),
                body: Box::new(out),
            };
        }
        Some((out, ty))
    }

    /// `let NAME = VALUE in BODY`.
    pub(super) fn let_expr(
        &mut self,
        name: &ast::Name,
        value: &ast::Expr,
        body: &ast::Expr,
        scope: &mut Scope,
    ) -> Typed {
        let (value, ty) = self.expr(value, scope)?;
        let mark = scope.names.len();
        let free = scope.next;
        let slot = self.bind(scope, name, ty);
        let body = self.expr(body, scope);
        scope.names.truncate(mark);
        scope.next = free;
        let (body, out) = body?;
        let let_ = Expr::Let {
            slot,
            value: Box::new(value),
            body: Box::new(body),
        };
        Some((let_, out))
    }

    /// A name the define being expanded cannot read because it is a local of the place
    /// of use: said so, rather than "unknown name".
    pub(super) fn hidden_local(&mut self, name: &str, span: Span) -> bool {
        // The nearest define with parameters: one without, inside it, reads its names.
        let Some(x) = self.expanding.iter().rev().find(|x| !x.args.is_empty()) else {
            return false;
        };
        if !x.hidden.iter().any(|h| h == name) {
            return false;
        }
        let (name, define) = (name.to_string(), x.name.clone());
        self.report_with(span, |_| ErrorKind::NotAParameter { name, define });
        true
    }

    /// The parameters of each define: named once, not like anything of the game, and
    /// not on a define named like a built-in function.
    pub(super) fn define_params(&mut self, file: &'a ast::File) {
        for item in &file.items {
            let Item::Define { name, params, .. } = item else {
                continue;
            };
            if params.is_empty() {
                continue;
            }
            let builtin = FUNCTIONS.iter().chain(AGGREGATES.iter());
            if builtin.into_iter().any(|f| *f == name.text) {
                let kind = ErrorKind::DefineNamedLikeFunction {
                    name: name.text.clone(),
                };
                self.report(name.span, kind);
            }
            for (i, p) in params.iter().enumerate() {
                if let Some(first) = params[..i].iter().find(|q| q.text == p.text) {
                    let kind = ErrorKind::DeclaredTwice {
                        what: "parameter",
                        name: p.text.clone(),
                    };
                    self.twice(p.span, kind, Some(first.span));
                } else if let Some(kind) = self.global_kind(&p.text) {
                    let name = p.text.clone();
                    self.report(p.span, ErrorKind::ParameterHidesName { name, kind });
                }
            }
        }
    }

    /// What a name means in the whole game, if anything (docs/language.md, §7).
    fn global_kind(&self, name: &str) -> Option<&'static str> {
        let g = &self.game;
        let b = &g.board;
        Some(match name {
            "mover" | "opponent" | "phase" => "a word of the language",
            "cells" | "players" => "a set",
            _ if self.defines.contains_key(name) => "a definition",
            _ if g.counters.iter().any(|c| c.name == name) => "a counter",
            _ if g.players.iter().any(|p| p == name) => "a player",
            _ if self.phase_names.iter().any(|p| p == name) => "a phase",
            _ if b.rel_dirs.iter().any(|(r, _)| r == name) || b.dir(name).is_some() => {
                "a direction"
            }
            _ if g.pieces.iter().any(|p| p.name == name) => "a piece",
            _ if b.zones.iter().any(|z| z.name == name) => "a zone",
            _ if b.cell(name).is_some() => "a cell",
            _ if self.is_set_name(name) => "a set",
            _ => return None,
        })
    }
}
