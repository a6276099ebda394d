//! Stacks of several layers (`layers N` in the board): each layer is a stack of alike
//! pieces (kind, owner, value) in one `CellWord`. A cell's top layer is its word in the
//! cells area, so every reading of the top is as fast as on a board of one layer; the
//! layers under it follow the cells, `stack_layers - 1` words per cell, nearest first,
//! the empty ones last.

use super::state::{CellWord, State};
use crate::board::NONE;
use crate::engine::Game;

impl Game {
    /// The state words that hold the board: every cell's top layer, then the layers
    /// under them.
    #[cfg(test)]
    pub(crate) fn board_words(&self) -> std::ops::Range<usize> {
        self.rules().cells_base
            ..self.rules().cells_base + self.rules().board.cells.len() * self.rules().stack_layers
    }

    /// Where the layers under a cell's top one start.
    #[inline]
    fn under_base(&self, cell: usize) -> usize {
        self.rules.cells_base + self.rules.board.cells.len() + cell * (self.rules.stack_layers - 1)
    }
}

impl State {
    /// The layer `k` from the top of a cell's stack (0 the top); empty when there is
    /// none.
    #[inline]
    pub fn layer(&self, game: &Game, cell: i32, k: i32) -> CellWord {
        if k == 0 {
            return self.cell_at(game, cell);
        }
        if cell < 0 || cell as usize >= game.rules.board.cells.len() || k < 0 {
            return CellWord(0);
        }
        if k as usize >= game.rules.stack_layers {
            return CellWord(0);
        }
        CellWord(self.data[game.under_base(cell as usize) + k as usize - 1])
    }

    /// How many layers a cell's stack holds (0 when the cell is empty).
    pub(crate) fn layer_count(&self, game: &Game, cell: i32) -> i32 {
        (0..game.rules.stack_layers as i32)
            .take_while(|&k| self.layer(game, cell, k).count() > 0)
            .count() as i32
    }

    /// How many of a player's pieces a cell holds, in all its layers.
    pub(crate) fn pieces_of(&self, game: &Game, cell: i32, player: i32) -> i32 {
        if player == NONE {
            return 0;
        }
        (0..game.rules.stack_layers as i32)
            .map(|k| self.layer(game, cell, k))
            .take_while(|w| w.count() > 0)
            .filter(|w| w.owner() == player)
            .map(|w| w.count())
            .sum()
    }

    /// Puts a new layer on top of a cell's stack; false when the stack already holds
    /// as many layers as the board allows.
    pub(crate) fn push_layer(&mut self, game: &Game, cell: usize, top: CellWord) -> bool {
        if self.data[game.rules.cells_base + cell] == 0 {
            self.data[game.rules.cells_base + cell] = top.0;
            return true;
        }
        let under = game.under_base(cell);
        let depth = game.rules.stack_layers - 1;
        if depth == 0 || self.data[under + depth - 1] != 0 {
            return false;
        }
        self.data.copy_within(under..under + depth - 1, under + 1);
        self.data[under] = self.data[game.rules.cells_base + cell];
        self.data[game.rules.cells_base + cell] = top.0;
        true
    }

    /// Takes the top layer off a cell's stack, uncovering the one under it.
    pub(crate) fn pop_layer(&mut self, game: &Game, cell: usize) {
        let depth = game.rules.stack_layers - 1;
        if depth == 0 {
            self.data[game.rules.cells_base + cell] = 0;
            return;
        }
        let under = game.under_base(cell);
        self.data[game.rules.cells_base + cell] = self.data[under];
        self.data.copy_within(under + 1..under + depth, under);
        self.data[under + depth - 1] = 0;
    }

    /// After the top layer changed its value: joins it to the layer under it when the
    /// two are now alike, so that one stack is always written one way.
    pub(crate) fn join_top(&mut self, game: &Game, cell: usize) {
        if game.rules.stack_layers < 2 {
            return;
        }
        let top = CellWord(self.data[game.rules.cells_base + cell]);
        let below = CellWord(self.data[game.under_base(cell)]);
        let sum = top.count() + below.count();
        if below.count() > 0 && (top.0 ^ below.0) & !0xff == 0 && sum <= 255 {
            self.pop_layer(game, cell);
            self.data[game.rules.cells_base + cell] = (below.0 & !0xff) | sum;
        }
    }
}
