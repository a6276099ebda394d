//! Cells as bit masks, one word for each run of 32 cells: how the loops over the empty
//! cells and over the mover's cells find their cells, and the masks one generation of
//! moves keeps so that its loops make each of them once.

use crate::engine::state::{CellWord, OWNER_SHIFT};

/// The runs of 32 cells a generation keeps masks of; the loops of a larger board make
/// their masks each time.
const RUNS: usize = 8;

/// A mask of each run of 32 cells, for a board of at most `RUNS * 32` cells.
pub(super) type Runs = [u32; RUNS];

/// The masks of one generation of moves, each made on first use: the state does not
/// change while the moves of a position are generated, so that every loop over the
/// empty cells, or over the mover's cells, of that generation visits the same cells.
#[derive(Default)]
pub(super) struct CellMasks {
    empty: Option<Runs>,
    /// The player the owned cells are of, and their masks.
    owned: Option<(i32, Runs)>,
}

impl CellMasks {
    /// The masks of the empty cells (count 0) of the packed `cells`, if the board is
    /// small enough to keep them.
    #[inline(always)]
    pub(super) fn empty(&mut self, cells: &[i32]) -> Option<Runs> {
        if let Some(runs) = self.empty {
            return Some(runs);
        }
        let runs = runs_of(cells, |w| w & 0xff == 0)?;
        self.empty = Some(runs);
        Some(runs)
    }

    /// The masks of the cells of player `who` (0 to 253) among the packed `cells`, if
    /// the board is small enough to keep them.
    #[inline(always)]
    pub(super) fn owned(&mut self, cells: &[i32], who: i32) -> Option<Runs> {
        match self.owned {
            Some((p, runs)) if p == who => Some(runs),
            _ => {
                let target = (who + 2) as u32;
                let runs = runs_of(cells, |w| {
                    ((w & 0xff) != 0) & ((w >> OWNER_SHIFT) == target)
                })?;
                self.owned = Some((who, runs));
                Some(runs)
            }
        }
    }
}

/// The masks of the cells whose word `keep` accepts, if there are at most `RUNS` runs.
#[inline(always)]
fn runs_of(cells: &[i32], keep: impl Fn(u32) -> bool) -> Option<Runs> {
    if cells.len() > RUNS * 32 {
        return None;
    }
    let mut runs = [0; RUNS];
    for (mask, chunk) in runs.iter_mut().zip(cells.chunks(32)) {
        *mask = mask_of(chunk, &keep);
    }
    Some(runs)
}

/// The mask of the cells of one run of at most 32 whose word `keep` accepts.
#[inline(always)]
fn mask_of(chunk: &[i32], keep: &impl Fn(u32) -> bool) -> u32 {
    // A run of exactly 32 as an array, so that the compiler knows its length and makes
    // the loop wide; the last, shorter run copied into one, the cells past its end
    // left out of the mask.
    match <&[i32; 32]>::try_from(chunk) {
        Ok(run) => mask_of_32(run, keep),
        Err(_) => {
            let mut run = [0; 32];
            for (to, &w) in run.iter_mut().zip(chunk) {
                *to = w;
            }
            let within = (1u32 << (chunk.len() % 32)).wrapping_sub(1);
            mask_of_32(&run, keep) & within
        }
    }
}

#[inline(always)]
fn mask_of_32(run: &[i32; 32], keep: &impl Fn(u32) -> bool) -> u32 {
    let mut mask = 0u32;
    for (i, &w) in run.iter().enumerate() {
        mask |= (keep(w as u32) as u32) << i;
    }
    mask
}

/// Calls `f` with each cell (in board order) of the masks `runs` of a board of `cells`
/// cells, until it returns false; returns false then.
#[inline(always)]
pub(super) fn for_each_set(runs: &Runs, cells: usize, mut f: impl FnMut(i32) -> bool) -> bool {
    for (k, &run) in (0..).zip(runs.iter().take(cells.div_ceil(32))) {
        let mut mask = run;
        while mask != 0 {
            let i = mask.trailing_zeros() as i32;
            mask &= mask - 1;
            if !f(k * 32 + i) {
                return false;
            }
        }
    }
    true
}

/// Calls `f` with each cell (in board order) of the packed `cells` whose owner is
/// `who`, until it returns false; returns false then. For a player, each run of 32
/// cells is first turned into a mask of the owned ones, a loop without branches the
/// compiler makes wide, so that the cells of the other players cost almost nothing.
#[inline(always)]
pub(super) fn for_each_owned(cells: &[i32], who: i32, f: impl FnMut(i32) -> bool) -> bool {
    if !(0..=253).contains(&who) {
        // None (empty cells) or neutral: rare, one cell at a time.
        let mut f = f;
        return (0..)
            .zip(cells)
            .all(|(c, &w)| CellWord(w).owner() != who || f(c));
    }
    // A cell is the player's when it holds a piece (count, bits 0-7) and its owner
    // field (bits 24-31) is the player + 2 (`CellWord`).
    let target = (who + 2) as u32;
    for_each_kept(
        cells,
        |w| ((w & 0xff) != 0) & ((w >> OWNER_SHIFT) == target),
        f,
    )
}

/// Calls `f` with each cell (in board order) of the packed `cells` whose word `keep`
/// accepts, until it returns false; returns false then. Each run of 32 cells is first
/// turned into a mask of the kept ones, so that the cells left out cost almost nothing.
#[inline(always)]
pub(super) fn for_each_kept(
    cells: &[i32],
    keep: impl Fn(u32) -> bool,
    mut f: impl FnMut(i32) -> bool,
) -> bool {
    for (k, chunk) in (0..).zip(cells.chunks(32)) {
        let mut mask = mask_of(chunk, &keep);
        while mask != 0 {
            let i = mask.trailing_zeros() as i32;
            mask &= mask - 1;
            if !f(k * 32 + i) {
                return false;
            }
        }
    }
    true
}
