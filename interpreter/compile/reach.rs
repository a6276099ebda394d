//! Compiling the readings along lines and through groups: `step(c, d, n)`,
//! `run(c, d, p)`, `first(c, d)`, `liberties(c)`, `connected(p, A, B)` (the domain `group(c)` is a set,
//! resolved with the others in `expr`).

use super::domain::SetRef;
use super::{Compiler, Scope};
use crate::diagnostic::{ErrorKind, Span};
use crate::ir::*;
use crate::syntax::ast;

/// The guides of `reaches` given distances (`Compiler::reach_guide`): at most some 4 MB
/// of tables on the largest board.
const MAX_REACH_GUIDES: usize = 64;

impl<'a> Compiler<'a> {
    /// Compiles a call of one of the readings, or None when `name` is none of them.
    pub(super) fn reach_call(
        &mut self,
        name: &ast::Name,
        args: &[ast::Expr],
        span: Span,
        scope: &mut Scope,
    ) -> Option<Option<(Expr, Ty)>> {
        let out = match name.text.as_str() {
            "step" if args.len() == 3 => {
                let v = self.args(name, args, &[Ty::Cell, Ty::Dir, Ty::Int], span, scope);
                let op = if self.game.board.cuttable {
                    ReachOp::StepOpen
                } else {
                    ReachOp::StepN
                };
                v.map(|v| (Expr::Reach(op, v), Ty::Cell))
            }
            "step" if args.len() != 2 => {
                let found = args.len();
                self.report_with(span, |_| ErrorKind::StepArgumentCount { found });
                None
            }
            "run" => self.run_call(name, args, span, scope),
            "file" | "rank" => {
                if self.game.board.places.is_none() {
                    let function = name.text.clone();
                    self.report_with(name.span, |_| ErrorKind::NeedsGrid { function });
                    return Some(None);
                }
                let op = if name.text == "file" {
                    ReachOp::File
                } else {
                    ReachOp::Rank
                };
                let v = self.args(name, args, &[Ty::Cell], span, scope);
                v.map(|v| (Expr::Reach(op, v), Ty::Int))
            }
            "first" => {
                let v = self.args(name, args, &[Ty::Cell, Ty::Dir], span, scope);
                v.map(|v| (Expr::Reach(ReachOp::First, v), Ty::Cell))
            }
            "liberties" => self
                .cell_and_set(&name.text, args, span, scope)
                .map(|(c, a)| {
                    (
                        Expr::Reach(ReachOp::Liberties(a, i32::MAX), vec![c]),
                        Ty::Int,
                    )
                }),
            "connected" => self.connected(name, args, span, scope),
            "cut" => {
                if !self.game.board.cuttable {
                    let what = "cut(...)".to_string();
                    self.report_with(name.span, |_| ErrorKind::LinksNeverCut { what });
                    return Some(None);
                }
                let v = self.args(name, args, &[Ty::Cell, Ty::Cell], span, scope);
                v.map(|v| (Expr::Reach(ReachOp::Cut, v), Ty::Bool))
            }
            "reaches" => self.reaches(name, args, span, scope),
            _ => return None,
        };
        Some(out)
    }

    /// `run(c, d, p)`, where `p` may be `none` (a run of empty cells).
    fn run_call(
        &mut self,
        name: &ast::Name,
        args: &[ast::Expr],
        span: Span,
        scope: &mut Scope,
    ) -> Option<(Expr, Ty)> {
        let [c, d, p] = args else {
            self.report_with(span, |_| ErrorKind::ThreeArguments {
                function: name.text.clone(),
                found: args.len(),
            });
            return None;
        };
        let c = self.expect(c, Ty::Cell, scope);
        let d = self.expect(d, Ty::Dir, scope);
        let p = self.expect_assignable(p, Ty::Player, scope);
        Some((Expr::Reach(ReachOp::Run, vec![c?, d?, p?]), Ty::Int))
    }

    /// `connected(p, A, B)` or `connected(p, A, B, SET)`: A and B are regions (`edge[p]`
    /// for one kept per player).
    fn connected(
        &mut self,
        name: &ast::Name,
        args: &[ast::Expr],
        span: Span,
        scope: &mut Scope,
    ) -> Option<(Expr, Ty)> {
        let (p, a, b, set) = match args {
            [p, a, b] => (p, a, b, None),
            [p, a, b, set] => (p, a, b, Some(set)),
            _ => {
                self.report_with(span, |_| ErrorKind::ConnectedArguments {
                    function: name.text.clone(),
                    found: args.len(),
                });
                return None;
            }
        };
        let adjacency = match set {
            None => Some(self.game.board.default_adjacency),
            Some(set) => self.adjacency_arg(set, scope),
        };
        let p = self.expect(p, Ty::Player, scope);
        let a = self.region_arg(a, scope, ErrorKind::ConnectedTakesRegions);
        let b = self.region_arg(b, scope, ErrorKind::ConnectedTakesRegions);
        let ((a, pa), (b, pb)) = (a?, b?);
        let op = ReachOp::Connected(a as u16, b as u16, adjacency?);
        Some((Expr::Reach(op, vec![p?, pa, pb]), Ty::Bool))
    }

    /// `reaches(c, R)` or `reaches(c, R, SET)`: R is a region (`goal[p]` for one kept
    /// per player).
    fn reaches(
        &mut self,
        name: &ast::Name,
        args: &[ast::Expr],
        span: Span,
        scope: &mut Scope,
    ) -> Option<(Expr, Ty)> {
        let (c, r, set) = match args {
            [c, r] => (c, r, None),
            [c, r, set] => (c, r, Some(set)),
            _ => {
                self.report_with(span, |_| ErrorKind::ReachesArguments {
                    function: name.text.clone(),
                    found: args.len(),
                });
                return None;
            }
        };
        let adjacency = match set {
            None => Some(self.game.board.default_adjacency),
            Some(set) => self.adjacency_arg(set, scope),
        };
        let c = self.expect(c, Ty::Cell, scope);
        let (r, pr) = self.region_arg(r, scope, ErrorKind::ReachesTakesRegion)?;
        let guide = self.reach_guide(r, adjacency?);
        Some((Expr::Reach(ReachOp::Reaches(guide), vec![c?, pr]), Ty::Bool))
    }

    /// The guide of `reaches` to region `r` by `adjacency`, made the first time it is
    /// asked for: one for each region and adjacency. Only the first `MAX_REACH_GUIDES`
    /// have distances, so that a file of many regions cannot make the tables large.
    fn reach_guide(&mut self, r: usize, adjacency: u8) -> u16 {
        let guides = &mut self.game.reach_guides;
        if let Some(i) = guides
            .iter()
            .position(|g| g.region == r && g.adjacency == adjacency)
        {
            return i as u16;
        }
        let board = &self.game.board;
        let distance = if guides.len() < MAX_REACH_GUIDES {
            let lists = board.regions[r].lists.iter();
            lists.map(|l| board.distances_to(l, adjacency)).collect()
        } else {
            Vec::new()
        };
        guides.push(ReachGuide {
            region: r,
            adjacency,
            distance,
        });
        (guides.len() - 1) as u16
    }

    /// A region named as an argument, with the player it is read for (0 when shared).
    fn region_arg(
        &mut self,
        e: &ast::Expr,
        scope: &mut Scope,
        not_one: ErrorKind,
    ) -> Option<(usize, Expr)> {
        match self.set_ref(e, scope)? {
            SetRef::Region(r, p) => Some((r, p.unwrap_or(Expr::Const(0)))),
            _ => {
                self.report_with(e.span, |_| not_one);
                None
            }
        }
    }
}
