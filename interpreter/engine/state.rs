//! A game state: one flat array of integers (header, cells, pools, counters), cheap to
//! clone and to hash. Its layout is the compiled game's.

use crate::board::NONE;
use crate::ir::*;

/// The position of a game, including whose turn it is and any pending chance event.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct State {
    pub data: Vec<i32>,
}

/// One cell's contents, packed in one word: count (bits 0-7), value (8-15),
/// piece type (16-23), owner + 2 (24-31; 1 = neutral). An empty cell is 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellWord(pub i32);

pub const NEUTRAL: i32 = -2;

impl CellWord {
    #[inline]
    pub fn new(owner: i32, piece: u8, value: i32, count: i32) -> CellWord {
        let o = (owner + 2).clamp(0, 255) as u32;
        let w = (count.clamp(0, 255) as u32)
            | ((value.clamp(0, 255) as u32) << 8)
            | ((piece as u32) << 16)
            | (o << 24);
        CellWord(w as i32)
    }
    #[inline]
    pub fn count(self) -> i32 {
        (self.0 as u32 & 0xff) as i32
    }
    #[inline]
    pub fn value(self) -> i32 {
        ((self.0 as u32 >> 8) & 0xff) as i32
    }
    #[inline]
    pub fn piece(self) -> u8 {
        ((self.0 as u32 >> 16) & 0xff) as u8
    }
    /// The owning player, NEUTRAL, or NONE for an empty cell.
    #[inline]
    pub fn owner(self) -> i32 {
        if self.count() == 0 {
            NONE
        } else {
            (self.0 as u32 >> 24) as i32 - 2
        }
    }
}

impl State {
    pub fn new(game: &Game) -> State {
        let mut data = vec![0; game.data_len];
        data[SLOT_CHANCE] = -1;
        State { data }
    }

    #[inline]
    pub fn mover(&self) -> usize {
        self.data[SLOT_MOVER] as usize
    }
    #[inline]
    pub fn phase(&self) -> usize {
        self.data[SLOT_PHASE] as usize
    }
    /// The chance event waiting to be resolved, if any.
    #[inline]
    pub fn chance(&self) -> Option<usize> {
        let c = self.data[SLOT_CHANCE];
        (c >= 0).then_some(c as usize)
    }
    #[inline]
    pub fn in_turn(&self) -> bool {
        self.data[SLOT_IN_TURN] != 0
    }
    #[inline]
    pub fn cell(&self, game: &Game, cell: i32) -> CellWord {
        if cell < 0 || cell as usize >= game.board.cells.len() {
            return CellWord(0);
        }
        CellWord(self.data[game.cells_base + cell as usize])
    }

    /// A 64-bit hash of the whole state (FxHash-style), for telling positions apart.
    pub fn hash64(&self) -> u64 {
        let mut h: u64 = 0;
        for &w in &self.data {
            h = (h.rotate_left(5) ^ (w as u32 as u64)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
        h
    }
}
