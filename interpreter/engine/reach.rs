//! Readings along lines and through groups of cells: `step(c, d, n)`, `run(c, d, p)`,
//! `first(c, d)`,
//! the domain `group(c)`, `liberties(c)` and `connected(p, A, B)`. A group is found by
//! a flood fill over the board's neighbour tables into fixed-size buffers, so nothing
//! is allocated while moves are generated.

use super::budget::Meter;
use super::eval::{in_region, Locals};
use super::state::{CellWord, State};
use crate::board::{Adjacency, MAX_CELLS, NONE};
use crate::engine::Game;
use crate::ir::ReachOp;

/// The value of a reading, from its evaluated operands (as `ReachOp` lists them). A
/// reading that fills a group spends the board's size from the loop budget, as a loop
/// over every cell would (0 or false once it is gone; the engine then reports it).
pub(crate) fn reach(game: &Game, state: &State, op: ReachOp, args: &[i32], meter: &Meter) -> i32 {
    let arg = |i: usize| args.get(i).copied().unwrap_or(NONE);
    let fills = matches!(
        op,
        ReachOp::Liberties(..) | ReachOp::Connected(..) | ReachOp::Reaches(..)
    );
    if fills && !meter.spend(game.rules.board.cells.len() as u64) {
        return 0;
    }
    match op {
        ReachOp::StepN => step_n(game, arg(0), arg(1), arg(2)),
        ReachOp::StepOpen => open_step_n(game, state, arg(0), arg(1), arg(2)),
        ReachOp::SlideOpen => open_slide(game, state, arg(0), arg(1)),
        ReachOp::Cut => {
            let pair = game.rules.board.pair(arg(0), arg(1));
            pair.is_some_and(|p| state.is_cut(game, p)) as i32
        }
        ReachOp::Reaches(guide) => {
            super::reaches::reaches(game, state, arg(0), usize::from(guide), arg(1)) as i32
        }
        ReachOp::Run => run(game, state, arg(0), arg(1), arg(2)),
        ReachOp::First => first(game, state, arg(0), arg(1)),
        ReachOp::File | ReachOp::Rank => {
            let place = game.rules.board.places.and_then(|g| g.place(arg(0)));
            place.map_or(0, |(f, r)| if op == ReachOp::File { f } else { r })
        }
        ReachOp::Liberties(adjacency, cap) => liberties(game, state, arg(0), adjacency, cap),
        ReachOp::Connected(a, b, adjacency) => {
            let (a, b) = (usize::from(a), usize::from(b));
            connected(game, state, arg(0), (a, arg(1)), (b, arg(2)), adjacency) as i32
        }
    }
}

/// The cell `n` steps from `cell` in `dir` (the cell itself for 0); none when a step
/// leaves the board or `n` is negative.
pub(crate) fn step_n(game: &Game, cell: i32, dir: i32, n: i32) -> i32 {
    if n < 0 {
        return NONE;
    }
    // A direction that comes back round (a ring) is cut after one lap of the board.
    let n = (n as usize).min(game.rules.board.cells.len());
    let mut c = cell;
    for _ in 0..n {
        c = game.rules.board.step(c, dir);
        if c == NONE {
            break;
        }
    }
    c
}

/// The neighbour of `cell` in `dir`, none when the link to it is cut (on a board whose
/// links may be cut) or there is none.
#[inline]
pub(crate) fn open_step(game: &Game, state: &State, cell: i32, dir: i32) -> i32 {
    let board = &game.rules.board;
    let n = board.step(cell, dir);
    if board.cuttable && n != NONE {
        // `step` gave a neighbour: the cell and the direction are the board's.
        let at = cell as usize * board.dirs.len() + dir as usize;
        let pair = board.step_pair.get(at).copied().unwrap_or(NONE);
        if pair >= 0 && state.is_cut(game, pair as usize) {
            return NONE;
        }
    }
    n
}

/// `step_n` over links not cut.
fn open_step_n(game: &Game, state: &State, cell: i32, dir: i32, n: i32) -> i32 {
    if n < 0 {
        return NONE;
    }
    let n = (n as usize).min(game.rules.board.cells.len());
    let mut c = cell;
    for _ in 0..n {
        c = open_step(game, state, c, dir);
        if c == NONE {
            break;
        }
    }
    c
}

/// `Board::slide` over links not cut.
fn open_slide(game: &Game, state: &State, cell: i32, dir: i32) -> i32 {
    let mut at = NONE;
    let mut c = open_step(game, state, cell, dir);
    for _ in 0..game.rules.board.cells.len() {
        if c == NONE || state.cell_at(game, c).count() > 0 {
            break;
        }
        at = c;
        c = open_step(game, state, c, dir);
    }
    at
}

/// How many cells in a row after `cell`, going in `dir`, hold pieces of `player` (are
/// empty for NONE).
pub fn run(game: &Game, state: &State, cell: i32, dir: i32, player: i32) -> i32 {
    let mut n = 0;
    let mut c = open_step(game, state, cell, dir);
    while c != NONE
        && state.cell_at(game, c).owner() == player
        && (n as usize) < game.rules.board.cells.len()
    {
        n += 1;
        c = open_step(game, state, c, dir);
    }
    n
}

/// The first cell after `cell`, going in `dir`, that is not empty; none when the way
/// leaves the board (or meets a cut link) first.
pub fn first(game: &Game, state: &State, cell: i32, dir: i32) -> i32 {
    let board = &game.rules.board;
    let mut c = open_step(game, state, cell, dir);
    // A direction that comes back round (a ring) is cut after one lap of the board.
    for _ in 0..board.cells.len() {
        if c == NONE || state.cell_at(game, c).count() > 0 {
            return c;
        }
        c = open_step(game, state, c, dir);
    }
    NONE
}

/// Whether the `i`-th neighbour of `cell` in `table` is behind a cut link; false on a
/// board whose links stay, which has no pairs to look up.
#[inline]
pub(crate) fn cut_at(game: &Game, state: &State, table: &Adjacency, cell: i32, i: usize) -> bool {
    game.rules.board.cuttable
        && table
            .pairs_of(cell)
            .get(i)
            .is_some_and(|&p| state.is_cut(game, p as usize))
}

/// Calls `f` with each neighbour of `cell` by `adjacency` whose link is not cut, until
/// it returns false; false then.
#[inline]
pub(crate) fn each_open_neighbour(
    game: &Game,
    state: &State,
    adjacency: u8,
    cell: i32,
    mut f: impl FnMut(i32) -> bool,
) -> bool {
    let Some(table) = game.rules.board.adjacency.get(adjacency as usize) else {
        return true;
    };
    let neighbours = table.of(cell);
    // A board whose links are never cut reads its table as it is: the test of each
    // link is left out of the loop, not made and found false for every neighbour.
    if !game.rules.board.cuttable {
        return neighbours.iter().all(|&n| f(n));
    }
    for (i, &n) in neighbours.iter().enumerate() {
        if !cut_at(game, state, table, cell, i) && !f(n) {
            return false;
        }
    }
    true
}

/// The most cells of a board whose fills use the small buffers: a 19x19 board fits, and
/// clearing them costs a tenth of the full size.
const SMALL: usize = 512;
const SMALL_WORDS: usize = SMALL / 64;
const WORDS: usize = MAX_CELLS / 64;

/// A set of cells filled from seed cells through neighbours with one owner; the cells
/// in the order they were reached. Sized for boards of up to `CELLS` cells (`W` words
/// of 64 bits), so that a small board clears small buffers.
pub(crate) struct Fill<const CELLS: usize, const W: usize> {
    seen: [u64; W],
    order: [u16; CELLS],
    len: usize,
}

impl<const CELLS: usize, const W: usize> Fill<CELLS, W> {
    fn new() -> Self {
        Fill {
            seen: [0; W],
            order: [0; CELLS],
            len: 0,
        }
    }

    #[inline]
    fn contains(&self, c: usize) -> bool {
        self.seen[c / 64] & (1 << (c % 64)) != 0
    }

    /// Adds `c` if not there yet.
    #[inline]
    fn add(&mut self, c: usize) {
        if !self.contains(c) && self.len < CELLS {
            self.seen[c / 64] |= 1 << (c % 64);
            self.order[self.len] = c as u16;
            self.len += 1;
        }
    }

    /// The cells, in the order they were reached.
    fn cells(&self) -> impl Iterator<Item = i32> + '_ {
        self.order[..self.len].iter().map(|&c| c as i32)
    }

    /// Grows the set from its cells through neighbours (by `adjacency`) whose owner is
    /// `owner` (NONE: empty cells).
    fn spread(&mut self, game: &Game, state: &State, owner: i32, adjacency: u8) {
        let table = &game.rules.board.adjacency[adjacency as usize];
        let mut i = 0;
        while i < self.len {
            let c = self.order[i] as i32;
            for (k, &n) in table.of(c).iter().enumerate() {
                if state.cell_at(game, n).owner() == owner && !cut_at(game, state, table, c, k) {
                    self.add(n as usize);
                }
            }
            i += 1;
        }
    }

    /// The group of `cell`: the cell and every cell joined to it by a chain of
    /// neighbouring cells with the same owner (empty cells for an empty cell),
    /// neighbours by `adjacency` (`Board::adjacency`); nothing for none.
    fn group(&mut self, game: &Game, state: &State, cell: i32, adjacency: u8) {
        self.len = 0;
        if cell < 0 || cell as usize >= game.rules.board.cells.len() {
            return;
        }
        self.add(cell as usize);
        self.spread(game, state, state.cell_at(game, cell).owner(), adjacency);
    }
}

/// Whether the board's fills fit the small buffers.
fn small(game: &Game) -> bool {
    game.rules.board.cells.len() <= SMALL
}

/// Calls `f` with each cell of the group of `cell` until it returns false; false then.
#[inline(never)]
pub(crate) fn for_each_in_group(
    game: &Game,
    state: &State,
    cell: i32,
    adjacency: u8,
    locals: &mut Locals,
    f: &mut dyn FnMut(&Game, &State, i32, &mut Locals) -> bool,
) -> bool {
    if small(game) {
        each_in_group::<SMALL, SMALL_WORDS>(game, state, cell, adjacency, locals, f)
    } else {
        each_in_group::<MAX_CELLS, WORDS>(game, state, cell, adjacency, locals, f)
    }
}

fn each_in_group<const C: usize, const W: usize>(
    game: &Game,
    state: &State,
    cell: i32,
    adjacency: u8,
    locals: &mut Locals,
    f: &mut dyn FnMut(&Game, &State, i32, &mut Locals) -> bool,
) -> bool {
    let mut fill = Fill::<C, W>::new();
    fill.group(game, state, cell, adjacency);
    let all = fill.cells().all(|g| f(game, state, g, locals));
    all
}

/// The number of empty cells next to the group of `cell`, counted up to `cap` (the
/// count once it reaches `cap`, which is all a comparison with a number needs to know);
/// 0 when the cell is empty. (Never inlined, here and below: the fill's buffers must
/// not enlarge the frames of the recursive evaluator that calls them.)
#[inline(never)]
pub fn liberties(game: &Game, state: &State, cell: i32, adjacency: u8, cap: i32) -> i32 {
    if let Some(n) = memo::known(state, cell, adjacency, cap) {
        return n;
    }
    if small(game) {
        liberties_in::<SMALL, SMALL_WORDS>(game, state, cell, adjacency, cap)
    } else {
        liberties_in::<MAX_CELLS, WORDS>(game, state, cell, adjacency, cap)
    }
}

/// What `liberties` found while one position's moves are generated: the position does
/// not change then, and the groups next to one empty cell are mostly next to others
/// too, so each group is filled once a generation instead of once for each empty cell
/// beside it. A count is kept for every stone of the group (a group's liberties are
/// the same from any of its stones): exact when the fill ended before the cap, else at
/// least the cap. Only the position being generated from is remembered (a copy made on
/// the way, to judge a move, is another position), and a new generation forgets all
/// (tests/liberty_memo.rs holds the moves to those found without it).
pub(crate) mod memo {
    use super::State;
    use std::cell::{Cell, RefCell};

    #[derive(Clone, Copy, Default)]
    struct Entry {
        generation: u32,
        adjacency: u8,
        exact: bool,
        count: i32,
    }

    thread_local! {
        /// The position being generated from (its words' address; 0: none) and the
        /// generation's number.
        static ROOT: Cell<(usize, u32)> = const { Cell::new((0, 0)) };
        static NEXT: Cell<u32> = const { Cell::new(1) };
        static ON: Cell<bool> = const { Cell::new(true) };
        static ENTRIES: RefCell<Vec<Entry>> = const { RefCell::new(Vec::new()) };
    }

    /// While it lives, liberties read in `state` are remembered; it puts back the
    /// generation it interrupted (a move judged on a copy may generate moves itself).
    pub(crate) struct Generating {
        previous: (usize, u32),
    }

    impl Drop for Generating {
        fn drop(&mut self) {
            ROOT.with(|r| r.set(self.previous));
        }
    }

    /// Opens a generation of `state`'s moves.
    #[inline]
    pub(crate) fn generating(state: &State) -> Generating {
        let n = NEXT.with(|n| {
            let v = n.get();
            n.set(v.wrapping_add(1).max(1));
            v
        });
        let root = if ON.with(Cell::get) {
            state.data.as_ptr() as usize
        } else {
            0
        };
        Generating {
            previous: ROOT.with(|r| r.replace((root, n))),
        }
    }

    /// Turns the memo on or off on this thread (for the test that compares the two).
    pub fn set_enabled(on: bool) {
        ON.with(|o| o.set(on));
    }

    /// The generation remembering `state`, if one does.
    #[inline(always)]
    fn generation_of(state: &State) -> Option<u32> {
        let (root, generation) = ROOT.with(Cell::get);
        (root != 0 && root == state.data.as_ptr() as usize).then_some(generation)
    }

    /// The count `liberties` gives for `cell` with `cap`, if it is known.
    #[inline]
    pub(super) fn known(state: &State, cell: i32, adjacency: u8, cap: i32) -> Option<i32> {
        let generation = generation_of(state)?;
        ENTRIES.with(|e| {
            let e = e.borrow();
            let x = e.get(cell as usize)?;
            if x.generation != generation || x.adjacency != adjacency {
                return None;
            }
            if x.exact {
                Some(x.count.min(cap))
            } else if x.count >= cap {
                Some(cap)
            } else {
                None
            }
        })
    }

    /// Keeps `count` for the stones `group` (exact, or at least `count`).
    #[inline]
    pub(super) fn keep(
        state: &State,
        cells: usize,
        group: impl Iterator<Item = i32>,
        adjacency: u8,
        exact: bool,
        count: i32,
    ) {
        let Some(generation) = generation_of(state) else {
            return;
        };
        ENTRIES.with(|e| {
            let mut e = e.borrow_mut();
            if e.len() < cells {
                e.resize(cells, Entry::default());
            }
            for c in group {
                if let Some(x) = e.get_mut(c as usize) {
                    *x = Entry {
                        generation,
                        adjacency,
                        exact,
                        count,
                    };
                }
            }
        });
    }
}

/// `liberties`, with buffers for boards of up to `C` cells. The group is grown and its
/// empty neighbours counted in one pass, so a count that reaches `cap` stops before the
/// rest of the group is found.
fn liberties_in<const C: usize, const W: usize>(
    game: &Game,
    state: &State,
    cell: i32,
    adjacency: u8,
    cap: i32,
) -> i32 {
    if cell < 0 || cell as usize >= game.rules.board.cells.len() {
        return 0;
    }
    let word = state.cell_at(game, cell);
    if word.count() == 0 {
        return 0;
    }
    let owner = word.owner();
    let table = &game.rules.board.adjacency[adjacency as usize];
    // The board's words, read once: a neighbour in the table is always a cell of it.
    let base = game.rules.cells_base;
    let cells = &state.data[base..base + game.rules.board.cells.len()];
    let cuttable = game.rules.board.cuttable;
    let mut free = [0u64; W];
    let mut n = 0;
    // The stone's own empty neighbours first: when they reach `cap`, as they mostly do
    // for a count compared with 1 or 2, the group need not be found. They are liberties
    // of the group, marked so that the fill does not count them again.
    for (k, &x) in table.of(cell).iter().enumerate() {
        let (w, bit) = (x as usize / 64, 1u64 << (x as usize % 64));
        if cells
            .get(x as usize)
            .is_some_and(|&v| CellWord(v).count() == 0)
            && free[w] & bit == 0
            && !(cuttable && cut_at(game, state, table, cell, k))
        {
            free[w] |= bit;
            n += 1;
            if n >= cap {
                return n;
            }
        }
    }
    let cells_len = cells.len();
    let mut fill = Fill::<C, W>::new();
    fill.add(cell as usize);
    let mut i = 0;
    while i < fill.len {
        let c = fill.order[i] as i32;
        for (k, &x) in table.of(c).iter().enumerate() {
            if cuttable && cut_at(game, state, table, c, k) {
                continue;
            }
            let there = CellWord(cells.get(x as usize).copied().unwrap_or(0));
            if there.owner() == owner {
                fill.add(x as usize);
            }
            let (w, bit) = (x as usize / 64, 1u64 << (x as usize % 64));
            if there.count() == 0 && free[w] & bit == 0 {
                free[w] |= bit;
                n += 1;
                if n >= cap {
                    // The stones found so far are of the group: at least `cap` each.
                    memo::keep(state, cells_len, fill.cells(), adjacency, false, n);
                    return n;
                }
            }
        }
        i += 1;
    }
    memo::keep(state, cells_len, fill.cells(), adjacency, true, n);
    n
}

/// Whether a chain of neighbouring cells of `player` joins a cell of region `a` to
/// one of region `b` (each for the player slot given with it), neighbours by `adjacency`.
#[inline(never)]
pub fn connected(
    game: &Game,
    state: &State,
    player: i32,
    (a, pa): (usize, i32),
    (b, pb): (usize, i32),
    adjacency: u8,
) -> bool {
    let players = game.rules.players.len() as i32;
    if player < 0 || !(0..players).contains(&pa) || !(0..players).contains(&pb) {
        return false;
    }
    if small(game) {
        connected_in::<SMALL, SMALL_WORDS>(game, state, player, (a, pa), (b, pb), adjacency)
    } else {
        connected_in::<MAX_CELLS, WORDS>(game, state, player, (a, pa), (b, pb), adjacency)
    }
}

fn connected_in<const C: usize, const W: usize>(
    game: &Game,
    state: &State,
    player: i32,
    (a, pa): (usize, i32),
    (b, pb): (usize, i32),
    adjacency: u8,
) -> bool {
    let mut fill = Fill::<C, W>::new();
    for &c in &game.rules.board.regions[a].lists[pa as usize] {
        if state.cell_at(game, c).owner() == player {
            fill.add(c as usize);
        }
    }
    fill.spread(game, state, player, adjacency);
    let joined = fill.cells().any(|c| in_region(game, b, pb as usize, c));
    joined
}
