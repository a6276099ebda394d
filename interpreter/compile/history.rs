//! `occurrences(parts)`: the parts of the position a repetition compares, resolved to
//! the state words the engine records at each turn's start (`Rules::history`).

use super::expr::Typed;
use super::Compiler;
use crate::diagnostic::{ErrorKind, Span};
use crate::ir::*;
use crate::syntax::ast::{self, ExprKind};

impl<'a> Compiler<'a> {
    /// `occurrences(PART, ...)`: each part a name of what two positions must share to
    /// count as one.
    pub(super) fn occurrences_call(&mut self, args: &[ast::Expr], span: Span) -> Typed {
        if args.is_empty() {
            self.report(span, ErrorKind::OccurrencesWithoutParts);
            return None;
        }
        let mut words = Vec::new();
        let mut ok = true;
        for a in args {
            match &a.kind {
                ExprKind::Name(n) if self.history_part(n, &mut words) => {}
                other => {
                    let name = match other {
                        ExprKind::Name(n) => n.clone(),
                        _ => self.text_of(a.span),
                    };
                    let parts = self.history_parts();
                    self.report_with(a.span, |c| ErrorKind::UnknownHistoryPart {
                        close: c.close_name(&name, parts.iter().map(String::as_str)),
                        name,
                    });
                    ok = false;
                }
            }
        }
        if !ok {
            return None;
        }
        words.sort_unstable();
        words.dedup();
        // Runs of neighbouring words, which the engine hashes a slice at a time.
        let mut runs: Vec<std::ops::Range<usize>> = Vec::new();
        for w in words {
            match runs.last_mut() {
                Some(r) if r.end == w => r.end += 1,
                _ => runs.push(w..w + 1),
            }
        }
        let words = runs;
        self.history_use.get_or_insert(span);
        let sets = &mut self.game.history;
        let set = match sets.iter().position(|s| *s == words) {
            Some(i) => i,
            None if sets.len() >= MAX_HISTORIES => {
                self.report(span, ErrorKind::TooManyHistories { max: MAX_HISTORIES });
                return None;
            }
            None => {
                sets.push(words);
                sets.len() - 1
            }
        };
        Some((Expr::Occurrences(set as u8), Ty::Int))
    }

    /// Adds the state words of part `name` to `words`; false when it names no part.
    fn history_part(&self, name: &str, words: &mut Vec<usize>) -> bool {
        let g = &self.game;
        let cells = g.board.cells.len();
        let layers = g.stack_layers;
        let cell_words = |c: usize, words: &mut Vec<usize>| {
            words.push(g.cells_base + c);
            let below = g.cells_base + cells + c * (layers - 1);
            words.extend(below..below + layers - 1);
        };
        let players = g.players.len();
        match name {
            // The cut links are the board's as the pieces on it are: a position with a
            // link cut is not one with it joined.
            "cells" => {
                (0..cells).for_each(|c| cell_words(c, words));
                words.extend(g.cut_base..g.cut_base + g.cut_words);
            }
            "mover" => words.push(SLOT_MOVER),
            "phase" => words.push(SLOT_PHASE),
            _ => {
                if let Some(r) = g.board.regions.iter().find(|r| r.name == name) {
                    for list in &r.lists {
                        list.iter().for_each(|&c| cell_words(c as usize, words));
                    }
                } else if let Some(c) = g.counters.iter().find(|c| c.name == name) {
                    let n = if c.per_player { players } else { 1 };
                    words.extend(c.base..c.base + n);
                } else if let Some(p) = g.pools.iter().find(|p| p.name == name) {
                    let n = if p.per_player { players } else { 1 };
                    words.extend(p.base..p.base + n * p.width());
                } else {
                    return false;
                }
            }
        }
        true
    }

    /// Every name `occurrences` takes as a part.
    fn history_parts(&self) -> Vec<String> {
        let g = &self.game;
        let mut out: Vec<String> = ["cells", "mover", "phase"].map(String::from).to_vec();
        out.extend(g.board.regions.iter().map(|r| r.name.clone()));
        out.extend(g.counters.iter().map(|c| c.name.clone()));
        out.extend(g.pools.iter().map(|p| p.name.clone()));
        out
    }

    /// The source text of a span of the file being compiled.
    fn text_of(&self, span: Span) -> String {
        self.game
            .source_text
            .get(span.start..span.end)
            .unwrap_or("?")
            .to_string()
    }

    /// A game whose rules read earlier positions records them at each turn's start,
    /// which the search of whole turns does not pass through: such a phase is refused.
    pub(super) fn history_checks(&mut self) {
        let Some(at) = self.history_use else {
            return;
        };
        if let Some(p) = self.game.phases.iter().find(|p| p.decide_turn) {
            let phase = p.name.clone();
            self.report(at, ErrorKind::HistoryWithWholeTurns { phase });
        }
    }
}
