//! A Connect Four solver of its own, written apart from tabula, as the yardstick of
//! perfect play: negamax with alpha-beta pruning over a bitboard, a transposition
//! table, moves that hand the opponent a win left out, the rest tried by the threats
//! they make, and the score found by null windows closing in on it (the method of
//! Pascal Pons' solver, which publishes positions with their scores).
//!
//! The board is 7 columns of 6, each column 7 bits (bit 0 the bottom row, bit 6 empty
//! above the column), so that a shift by 1, 6, 7 or 8 follows a line. A score is that
//! of the player to move: 0 a draw; a win n > 0 when he wins with his (22 - n)th disc
//! at the latest; a loss -n when his opponent does.

pub const WIDTH: usize = 7;
pub const HEIGHT: usize = 6;
const H1: usize = HEIGHT + 1;
const CELLS: i32 = (WIDTH * HEIGHT) as i32;
const MIN_SCORE: i32 = -(CELLS) / 2 + 3;
const MAX_SCORE: i32 = (CELLS + 1) / 2 - 3;

const fn bottom_mask() -> u64 {
    let mut m = 0;
    let mut c = 0;
    while c < WIDTH {
        m |= 1 << (c * H1);
        c += 1;
    }
    m
}
const BOTTOM: u64 = bottom_mask();
const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);

fn column_mask(col: usize) -> u64 {
    ((1 << HEIGHT) - 1) << (col * H1)
}
fn top_mask(col: usize) -> u64 {
    1 << (HEIGHT - 1 + col * H1)
}
fn bottom_of(col: usize) -> u64 {
    1 << (col * H1)
}

/// A position: the discs of the player to move, all discs, and how many.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    current: u64,
    mask: u64,
    moves: i32,
}

impl Position {
    pub fn new() -> Position {
        Position {
            current: 0,
            mask: 0,
            moves: 0,
        }
    }

    /// The position after `columns` (0 for the first column), or None if a move does
    /// not fit or the game ends before the last.
    pub fn after(columns: &[usize]) -> Option<Position> {
        let mut p = Position::new();
        for &c in columns {
            if c >= WIDTH || !p.can_play(c) || p.is_winning_move(c) {
                return None;
            }
            p.play_column(c);
        }
        Some(p)
    }

    /// The position after Pons' notation: columns counted from 1 (`4453`).
    pub fn from_digits(digits: &str) -> Option<Position> {
        let columns: Option<Vec<usize>> = digits
            .chars()
            .map(|ch| ch.to_digit(10).and_then(|d| (d as usize).checked_sub(1)))
            .collect();
        Position::after(&columns?)
    }

    pub fn can_play(&self, col: usize) -> bool {
        self.mask & top_mask(col) == 0
    }

    pub fn play_column(&mut self, col: usize) {
        self.play((self.mask + bottom_of(col)) & column_mask(col));
    }

    fn play(&mut self, mv: u64) {
        self.current ^= self.mask;
        self.mask |= mv;
        self.moves += 1;
    }

    pub fn is_winning_move(&self, col: usize) -> bool {
        self.winning_position() & self.possible() & column_mask(col) != 0
    }

    fn key(&self) -> u64 {
        self.current + self.mask
    }

    fn possible(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    fn winning_position(&self) -> u64 {
        winning_cells(self.current, self.mask)
    }

    fn opponent_winning_position(&self) -> u64 {
        winning_cells(self.current ^ self.mask, self.mask)
    }

    fn can_win_next(&self) -> bool {
        self.winning_position() & self.possible() != 0
    }

    /// The moves that do not hand the opponent a win at once (none when he has two).
    fn non_losing_moves(&self) -> u64 {
        let mut possible = self.possible();
        let threats = self.opponent_winning_position();
        let forced = possible & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(threats >> 1)
    }

    fn move_score(&self, mv: u64) -> u32 {
        winning_cells(self.current | mv, self.mask).count_ones()
    }
}

/// The empty cells where the discs `position` would complete a line of four.
fn winning_cells(position: u64, mask: u64) -> u64 {
    let p0 = position;
    // Vertical: three below.
    let mut r = (p0 << 1) & (p0 << 2) & (p0 << 3);
    for shift in [H1, HEIGHT, H1 + 1] {
        let mut p = (p0 << shift) & (p0 << (2 * shift));
        r |= p & (p0 << (3 * shift));
        r |= p & (p0 >> shift);
        p = (p0 >> shift) & (p0 >> (2 * shift));
        r |= p & (p0 << shift);
        r |= p & (p0 >> (3 * shift));
    }
    r & (BOARD ^ mask)
}

/// The order columns are tried in, the centre first.
const ORDER: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];

pub struct Solver {
    table: Vec<u64>,
    pub nodes: u64,
}

impl Solver {
    pub fn new() -> Solver {
        Solver {
            table: vec![0; 1 << 23],
            nodes: 0,
        }
    }

    fn get(&self, key: u64) -> i32 {
        let slot = self.table[(key % self.table.len() as u64) as usize];
        if slot >> 8 == key {
            (slot & 0xff) as i32
        } else {
            0
        }
    }

    fn put(&mut self, key: u64, value: i32) {
        let i = (key % self.table.len() as u64) as usize;
        self.table[i] = key << 8 | value as u64;
    }

    fn negamax(&mut self, p: &Position, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        let next = p.non_losing_moves();
        if next == 0 {
            return -(CELLS - p.moves) / 2;
        }
        if p.moves >= CELLS - 2 {
            return 0;
        }
        let min = -(CELLS - 2 - p.moves) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        let mut max = (CELLS - 1 - p.moves) / 2;
        let stored = self.get(p.key());
        if stored != 0 {
            max = stored + MIN_SCORE - 1;
        }
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        // The moves by the threats they make, the centre first among equals.
        let mut moves: Vec<(u32, u64)> = Vec::with_capacity(WIDTH);
        for &col in ORDER.iter().rev() {
            let mv = next & column_mask(col);
            if mv != 0 {
                moves.push((p.move_score(mv), mv));
            }
        }
        moves.reverse();
        moves.sort_by_key(|m| std::cmp::Reverse(m.0));
        for (_, mv) in moves {
            let mut child = *p;
            child.play(mv);
            let score = -self.negamax(&child, -beta, -alpha);
            if score >= beta {
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        self.put(p.key(), alpha - MIN_SCORE + 1);
        alpha
    }

    /// The score of `p` for the player to move (see the module's comment).
    pub fn solve(&mut self, p: &Position) -> i32 {
        if p.can_win_next() {
            return (CELLS + 1 - p.moves) / 2;
        }
        let mut min = -(CELLS - p.moves) / 2;
        let mut max = (CELLS + 1 - p.moves) / 2;
        while min < max {
            let mut med = min + (max - min) / 2;
            if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            let r = self.negamax(p, med, med + 1);
            if r <= med {
                max = r;
            } else {
                min = r;
            }
        }
        min
    }

    /// Whether `p` is won (1), drawn (0) or lost (-1) for the player to move: the
    /// score's sign, found with the narrowest window.
    pub fn value(&mut self, p: &Position) -> i32 {
        if p.can_win_next() {
            return 1;
        }
        let r = self.negamax(p, -1, 1);
        r.signum()
    }

    /// The value of each column for the player to move: won, drawn or lost after it
    /// (None where the column is full).
    pub fn values_of_moves(&mut self, p: &Position) -> [Option<i32>; WIDTH] {
        let mut out = [None; WIDTH];
        for (col, v) in out.iter_mut().enumerate() {
            if !p.can_play(col) {
                continue;
            }
            if p.is_winning_move(col) {
                *v = Some(1);
                continue;
            }
            let mut child = *p;
            child.play_column(col);
            *v = Some(-self.value(&child));
        }
        out
    }
}

#[allow(dead_code)]
const _: () = assert!(MIN_SCORE < 0 && MAX_SCORE > 0);
