//! Where each counter, pool and flag of the game lives in the state's words.

use super::{Compiler, Scope};
use crate::diagnostic::{ErrorKind, Span};
use crate::ir::*;
use crate::syntax::ast::{self, Item};

impl<'a> Compiler<'a> {
    pub(super) fn state_layout(&mut self, file: &'a ast::File) {
        let n = self.game.players.len();
        let mut at = HEADER_SLOTS + self.game.board.cells.len() * self.game.stack_layers;
        // The cut links follow the cells: they are part of the position as the pieces are.
        self.game.cut_base = at;
        self.game.cut_words = self.game.board.pairs.len().div_ceil(32);
        at += self.game.cut_words;
        for (name, per_player) in MATCH_COUNTERS {
            self.game.counters.push(CounterDef {
                name: name.to_string(),
                ty: Ty::Int,
                per_player,
                per_turn: false,
                base: at,
                init: None,
                hidden: false,
                span: Span::default(),
            });
            at += if per_player { n } else { 1 };
        }
        for item in &file.items {
            match item {
                Item::Pool(p) => {
                    let low = self.constant(&p.low, "a pool's lowest value");
                    let high = self.constant(&p.high, "a pool's highest value");
                    let (Some(low), Some(high)) = (low, high) else {
                        continue;
                    };
                    if low > high || high as i64 - low as i64 > 255 {
                        self.report(p.span, ErrorKind::PoolRange);
                        continue;
                    }
                    self.unique_state_name(&p.name);
                    let def = PoolDef {
                        name: p.name.text.clone(),
                        per_player: p.per_player,
                        low,
                        high,
                        base: at,
                    };
                    at += def.width() * if p.per_player { n } else { 1 };
                    self.game.pools.push(def);
                }
                Item::Counter(c) => {
                    if MATCH_COUNTERS.iter().any(|(m, _)| *m == c.name.text) {
                        let name = c.name.text.clone();
                        self.report(c.name.span, ErrorKind::MatchCounterDeclared { name });
                    }
                    self.unique_state_name(&c.name);
                    let ty = match c.ty.as_ref().map(|t| t.text.as_str()) {
                        None | Some("int") => Ty::Int,
                        Some("player") => Ty::Player,
                        Some("cell") => Ty::Cell,
                        Some("bool") => Ty::Bool,
                        Some(other) => {
                            let span = c.ty.as_ref().map_or(c.name.span, |t| t.span);
                            let name = other.to_string();
                            self.report(span, ErrorKind::UnknownCounterType { name });
                            Ty::Int
                        }
                    };
                    let init = match &c.init {
                        Some(e) => self.expect_assignable(e, ty, &mut Scope::default()),
                        // A player or cell counter starts as none.
                        None if matches!(ty, Ty::Player | Ty::Cell) => Some(Expr::Const(-1)),
                        None => None,
                    };
                    self.game.counters.push(CounterDef {
                        name: c.name.text.clone(),
                        ty,
                        per_player: c.per_player,
                        per_turn: c.per_turn,
                        base: at,
                        init,
                        hidden: c.hidden,
                        span: c.name.span,
                    });
                    at += if c.per_player { n } else { 1 };
                }
                _ => {}
            }
        }
        let lists: usize = self
            .game
            .pools
            .iter()
            .map(|p| if p.per_player { n } else { 1 })
            .sum();
        if lists > MAX_POOL_LISTS {
            let span = file
                .items
                .iter()
                .filter_map(|i| {
                    if let Item::Pool(p) = i {
                        Some(p.span)
                    } else {
                        None
                    }
                })
                .next_back()
                .unwrap_or_default();
            let kind = ErrorKind::TooManyPools {
                max: MAX_POOL_LISTS,
                lists,
            };
            self.report(span, kind);
        }
        self.game.data_len = at;
        self.game.go_on_at = self
            .game
            .counters
            .iter()
            .find(|c| c.name == super::go_on::WITH)
            .map(|c| c.base);
    }

    fn unique_state_name(&mut self, name: &ast::Name) {
        if self.game.pools.iter().any(|p| p.name == name.text)
            || self.game.counters.iter().any(|c| c.name == name.text)
        {
            let kind = ErrorKind::StateNameTaken {
                name: name.text.clone(),
            };
            self.report(name.span, kind);
        }
    }
}
