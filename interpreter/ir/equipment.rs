//! The equipment of a game: its layout, pieces, counters, pools and the lines shown
//! with the board.

use super::*;

#[derive(Debug, Clone, Default)]
pub struct Layout {
    pub kind: String,
    pub hints: Vec<(String, String)>,
}

#[derive(Debug, Clone)]
pub struct PieceDef {
    pub name: String,
    pub neutral: bool,
    pub values: Option<(i32, i32)>,
}

#[derive(Debug, Clone)]
pub struct CounterDef {
    pub name: String,
    /// What the counter holds: a number, a player (or none), a cell (or none), true/false.
    pub ty: Ty,
    pub per_player: bool,
    pub per_turn: bool,
    pub base: usize,
    pub init: Option<Expr>,
    /// Declared `hidden`: not drawn with the board.
    pub hidden: bool,
    /// Where the counter is declared, for an error in its starting value.
    pub span: Span,
}

/// `show "label" ...`: a line drawn with the board.
#[derive(Debug, Clone)]
pub struct ShowDef {
    pub label: String,
    pub what: Shows,
    /// Where the line is declared, for an error while it is worked out.
    pub span: Span,
}

#[derive(Debug, Clone)]
pub enum Shows {
    /// A number per player; `player` is the local slot bound to each.
    PerPlayer { player: u8, value: Expr },
    /// A line of text, while `when` holds (no line when it comes out empty).
    Text {
        when: Option<Expr>,
        parts: Vec<TemplatePart>,
    },
}

#[derive(Debug, Clone)]
pub struct PoolDef {
    pub name: String,
    pub per_player: bool,
    pub low: i32,
    pub high: i32,
    pub base: usize,
}

impl PoolDef {
    pub fn width(&self) -> usize {
        (self.high - self.low + 1) as usize
    }
}
