//! A game state: one flat array of integers (header, cells, pools, counters), cheap to
//! clone and to hash. Its layout is the compiled game's.

use super::Game;
use crate::board::NONE;
use crate::ids::{CellId, ChanceId, Holder, PhaseId, PlayerId};
use crate::ir::*;

/// The position of a game, including whose turn it is and any pending chance event.
/// Two states are equal (and hash alike) when their positions are: the record of
/// earlier positions a game reading `occurrences` keeps is not compared.
#[derive(Debug, Clone)]
pub struct State {
    /// Read by callers through `words`; written only by the engine and the state
    /// reader, which keep it a position of the game.
    pub(crate) data: Vec<i32>,
    /// The positions recorded at each turn's start, for a game whose rules read them
    /// (`occurrences`): for each turn, one key per set of parts (`Rules::history`), a
    /// 128-bit hash of those words. Shared by copies until one of them records.
    pub(crate) history: Option<std::sync::Arc<Vec<u128>>>,
}

impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.data == other.data
    }
}

impl Eq for State {}

impl std::hash::Hash for State {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.data.hash(h);
    }
}

/// One cell's contents, packed in one word: count (bits 0-7), piece kind (8-15), value
/// (16-27), owner + 2 (28-31; 1 = neutral). An empty cell is 0. The owner needs only 4
/// bits (at most 8 players), which leaves the value 12 bits at no cost to any game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellWord(pub i32);

pub const NEUTRAL: i32 = -2;

pub use crate::ir::MAX_PIECE_VALUE;
const VALUE_SHIFT: u32 = 16;
/// Where the owner + 2 sits in a cell's word: `word >> OWNER_SHIFT` is it.
pub(crate) const OWNER_SHIFT: u32 = 28;

impl CellWord {
    /// The word of `count` pieces of kind `piece` with value `value` held by `owner`
    /// (a player's index, or -2 for no player); the count clamped to 0..=255 and the
    /// value to 0..=MAX_PIECE_VALUE.
    #[inline]
    pub fn new(owner: i32, piece: u8, value: i32, count: i32) -> CellWord {
        let o = (owner + 2).clamp(0, 15) as u32;
        let w = (count.clamp(0, 255) as u32)
            | ((piece as u32) << 8)
            | ((value.clamp(0, MAX_PIECE_VALUE) as u32) << VALUE_SHIFT)
            | (o << OWNER_SHIFT);
        CellWord(w as i32)
    }
    /// How many pieces stand on the cell, 0 to 255 (0: empty).
    #[inline]
    pub fn count(self) -> i32 {
        (self.0 as u32 & 0xff) as i32
    }
    /// The pieces' value, 0 to MAX_PIECE_VALUE.
    #[inline]
    pub fn value(self) -> i32 {
        ((self.0 as u32 >> VALUE_SHIFT) & MAX_PIECE_VALUE as u32) as i32
    }
    /// The kind of piece, by its place among the rules' pieces.
    #[inline]
    pub fn piece(self) -> u8 {
        ((self.0 as u32 >> 8) & 0xff) as u8
    }
    /// Who holds the cell: nobody, no player, or a player.
    #[inline]
    pub fn holder(self) -> Holder {
        match self.owner() {
            NONE => Holder::Empty,
            o if o < 0 => Holder::Neutral,
            o => Holder::Player(PlayerId::new(o as usize)),
        }
    }
    /// The owning player, NEUTRAL, or NONE for an empty cell.
    #[inline]
    pub(crate) fn owner(self) -> i32 {
        if self.count() == 0 {
            NONE
        } else {
            (self.0 as u32 >> OWNER_SHIFT) as i32 - 2
        }
    }
}

impl State {
    /// The state's words as the game's layout places them (header, cells, pools,
    /// counters): for hashing, comparing and printing.
    #[inline]
    pub fn words(&self) -> &[i32] {
        &self.data
    }

    /// A state from words as `words` gives them, unchecked: the engine may fail or stop
    /// on words that are no position of the game. For tools and tests that build a
    /// position word by word; a position from a user goes through the state reader
    /// (`json::state_from_text`), which checks it.
    #[doc(hidden)]
    pub fn from_words_unchecked(words: Vec<i32>) -> State {
        State {
            data: words,
            history: None,
        }
    }

    /// A blank state of `game`'s size: every cell empty, no chance pending, every
    /// counter 0. It is what a state is built on, not where a game starts:
    /// [`Engine::initial_state`](crate::Engine::initial_state) runs the setup.
    pub fn new(game: &Game) -> State {
        let mut data = vec![0; game.rules.data_len];
        data[SLOT_CHANCE] = -1;
        let history = (!game.rules.history.is_empty()).then(Default::default);
        State { data, history }
    }

    /// The player to act (or who acted last, once the game is over).
    #[inline]
    pub fn mover(&self) -> PlayerId {
        PlayerId::new(self.data[SLOT_MOVER] as usize)
    }
    /// The phase the game is in.
    #[inline]
    pub fn phase(&self) -> PhaseId {
        PhaseId::new(self.data[SLOT_PHASE] as usize)
    }
    /// The chance event waiting to be resolved, if any.
    #[inline]
    pub fn chance(&self) -> Option<ChanceId> {
        let c = self.data[SLOT_CHANCE];
        (c >= 0).then_some(ChanceId::new(c as usize))
    }
    /// Whether a turn is under way: an action said `continue`, so the mover acts again
    /// before the turn passes.
    #[inline]
    pub fn in_turn(&self) -> bool {
        self.data[SLOT_IN_TURN] != 0
    }
    /// The player whose turn it is, who may differ from the mover while another
    /// player decides something within it (`hand to`).
    #[inline]
    pub fn turn_of(&self) -> PlayerId {
        PlayerId::new(self.data[SLOT_OWNER].max(0) as usize)
    }
    /// What stands on cell `cell`, an index the engine computed (empty for none).
    #[inline]
    pub(crate) fn cell_at(&self, game: &Game, cell: i32) -> CellWord {
        if cell < 0 || cell as usize >= game.rules.board.cells.len() {
            return CellWord(0);
        }
        CellWord(self.data[game.rules.cells_base + cell as usize])
    }
    /// What stands on a cell (empty for a cell the game's board does not have).
    #[inline]
    pub fn cell(&self, game: &Game, cell: CellId) -> CellWord {
        i32::try_from(cell.index()).map_or(CellWord(0), |c| self.cell_at(game, c))
    }

    /// Whether the link of pair `pair` (`Board::pairs`) is cut.
    #[inline]
    pub(crate) fn is_cut(&self, game: &Game, pair: usize) -> bool {
        let at = game.rules.cut_base + pair / 32;
        at < game.rules.cut_base + game.rules.cut_words
            && self
                .data
                .get(at)
                .is_some_and(|&w| (w as u32) & (1 << (pair % 32)) != 0)
    }

    /// Cuts the link of pair `pair` (`cut`) or joins it again.
    #[inline]
    pub(crate) fn set_cut(&mut self, game: &Game, pair: usize, cut: bool) {
        let at = game.rules.cut_base + pair / 32;
        if at >= game.rules.cut_base + game.rules.cut_words {
            return;
        }
        let bit = 1u32 << (pair % 32);
        if let Some(w) = self.data.get_mut(at) {
            let v = *w as u32;
            *w = if cut { v | bit } else { v & !bit } as i32;
        }
    }

    /// The key of part set `set` of the rules' history in this position: two 64-bit
    /// hashes of its words with different seeds, so that two positions that differ
    /// share a key with a chance of about 2^-128.
    pub(crate) fn history_key(&self, game: &Game, set: usize) -> u128 {
        const K1: u64 = 0x9e37_79b9_7f4a_7c15;
        const K2: u64 = 0xc2b2_ae3d_27d4_eb4f;
        // Four lanes of two hashes each, two words at a time: the eight
        // multiplications of a chunk of eight words do not wait on each other.
        let mut a = [0x243f_6a88_85a3_08d3u64, 1, 2, 3];
        let mut b = [0x1319_8a2e_0370_7344u64, 5, 6, 7];
        for run in &game.rules.history[set] {
            let words = &self.data[run.clone()];
            let pair = |x: i32, y: i32| (x as u32 as u64) | ((y as u32 as u64) << 32);
            let mut chunks = words.chunks_exact(8);
            for c in &mut chunks {
                for i in 0..4 {
                    let v = pair(c[2 * i], c[2 * i + 1]);
                    a[i] = (a[i] ^ v).wrapping_mul(K1).rotate_left(31);
                    b[i] = (b[i] ^ v).wrapping_mul(K2).rotate_left(27);
                }
            }
            for (i, &w) in chunks.remainder().iter().enumerate() {
                let v = pair(w, i as i32 + 1);
                a[i & 3] = (a[i & 3] ^ v).wrapping_mul(K1).rotate_left(31);
                b[i & 3] = (b[i & 3] ^ v).wrapping_mul(K2).rotate_left(27);
            }
        }
        let fin = |lanes: [u64; 4], k: u64| {
            let mut h = 0u64;
            for l in lanes {
                h = (h.rotate_left(23) ^ l).wrapping_mul(k);
            }
            h ^= h >> 33;
            h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
            h ^= h >> 33;
            h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
            h ^ (h >> 33)
        };
        ((fin(a, K1) as u128) << 64) | fin(b, K2) as u128
    }

    /// Records this position as a turn's start, when the rules read earlier ones.
    pub(crate) fn record_history(&mut self, game: &Game) {
        let sets = game.rules.history.len();
        if sets == 0 {
            return;
        }
        let keys: [u128; MAX_HISTORIES] = std::array::from_fn(|i| {
            if i < sets {
                self.history_key(game, i)
            } else {
                0
            }
        });
        let history = std::sync::Arc::make_mut(self.history.get_or_insert_with(Default::default));
        history.extend_from_slice(&keys[..sets]);
    }

    /// How many recorded turn starts had this position's words of part set `set`.
    pub(crate) fn occurrences(&self, game: &Game, set: usize) -> i32 {
        let Some(history) = &self.history else {
            return 0;
        };
        let key = self.history_key(game, set);
        let sets = game.rules.history.len().max(1);
        history
            .chunks_exact(sets)
            .filter(|turn| turn[set] == key)
            .count() as i32
    }

    /// A 64-bit hash of the whole state, for telling positions apart. Two words are
    /// mixed at a time in four independent lanes, so the multiplications overlap
    /// instead of waiting on each other (the turn search hashes every position).
    pub fn hash64(&self) -> u64 {
        const K: u64 = 0x9e37_79b9_7f4a_7c15;
        #[inline(always)]
        fn mix(lane: u64, w: u64) -> u64 {
            (lane ^ w).wrapping_mul(K).rotate_left(29)
        }
        let pair = |a: i32, b: i32| (a as u32 as u64) | ((b as u32 as u64) << 32);
        let mut lanes = [1u64, 2, 3, 4];
        let mut chunks = self.data.chunks_exact(8);
        for c in &mut chunks {
            lanes[0] = mix(lanes[0], pair(c[0], c[1]));
            lanes[1] = mix(lanes[1], pair(c[2], c[3]));
            lanes[2] = mix(lanes[2], pair(c[4], c[5]));
            lanes[3] = mix(lanes[3], pair(c[6], c[7]));
        }
        for (i, &w) in chunks.remainder().iter().enumerate() {
            lanes[i & 3] = mix(lanes[i & 3], w as u32 as u64 | ((i as u64 + 1) << 40));
        }
        let mut h = (self.data.len() as u64).wrapping_mul(K);
        for l in lanes {
            h = (h.rotate_left(23) ^ l).wrapping_mul(K);
        }
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^ (h >> 29)
    }
}
