//! A state as a fixed-length vector of numbers, derived from the compiled game alone:
//! what stands on each cell for each owner and piece kind (a thermometer of the stack
//! height, the value), which links are cut (on a board whose links may be cut), the
//! pools, the counters, the player to move, the phase, pending chance. The learned evaluator reads it; `tabula encode` prints it with the meaning
//! of each entry. Nothing here knows a game.
//!
//! Two views of the same state: the board as it stands (each player's pieces as his
//! own), or the mover's (`View::Mover`): the players counted from the one to move, and
//! the board turned to his side where the rules say how (ai/view.rs: each player's
//! track, or directions named per player), so that a position and its mirror for the
//! other side read alike; a cut link turns with its two cells.

use super::view::{cells_seen_by_mover, CellView};
use crate::engine::state::NEUTRAL;
use crate::engine::Game;
use crate::ir::*;
use crate::State;

/// How the encoding places the players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum View {
    /// The board as it stands: each player's pieces under his own name.
    #[default]
    Board,
    /// From the mover's side: the players counted from the one to move (the mover, the
    /// next, ...), and the board turned to his side where the rules say how.
    Mover,
}

impl View {
    /// Whether it is the board's view (the one a header leaves out).
    pub fn is_board(&self) -> bool {
        *self == View::Board
    }

    /// `board` or `mover`.
    pub fn parse(text: &str) -> Option<View> {
        match text {
            "board" => Some(View::Board),
            "mover" => Some(View::Mover),
            _ => None,
        }
    }
}

impl std::fmt::Display for View {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            View::Board => "board",
            View::Mover => "mover",
        })
    }
}

/// A slot of the state, one or one per player: `base` is the first player's, and view
/// player `owner`'s is `stride` further for each player he stands after the first.
#[derive(Debug, Clone, Copy)]
struct Slot {
    base: usize,
    owner: usize,
    stride: usize,
}

impl Slot {
    fn one(base: usize) -> Slot {
        Slot {
            base,
            owner: 0,
            stride: 0,
        }
    }

    /// The state's slot for mover `m` of `n` players.
    fn at(self, m: usize, n: usize) -> usize {
        self.base + (self.owner + m) % n * self.stride
    }
}

/// What an entry reads, in the board's terms: a stack's (cell, owner, piece, entry),
/// or a slot's (slot, entry).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Key {
    Stack(usize, i32, u8, usize),
    Slot(usize, usize),
    /// A link's pair (`Board::pairs`); `u32::MAX` for an entry whose cells are no
    /// link in the board's terms.
    Cut(u32),
}

/// What the values of a one-hot slot are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Of {
    Player,
    Cell,
    Other,
}

/// How one group of entries reads the state.
#[derive(Debug, Clone)]
enum Part {
    /// The stack on `cell` if it is `owner`'s (NEUTRAL for neutral pieces) and of
    /// `piece`: four thermometer entries (at least 1, 2, 3, and (count − 3) / 4), then
    /// the value, one-hot over a small range or scaled over a large one.
    Stack {
        cell: usize,
        owner: i32,
        piece: u8,
        values: Option<(i32, i32)>,
    },
    /// A pool slot's copies: at least 1, at least 2, and (count − 2) / 2.
    Pool { slot: Slot },
    /// A number: sign · ln(1 + |v|) / 4.
    Number { slot: Slot },
    /// A truth value.
    Flag { slot: Slot },
    /// One entry for each value in `0..n`, and one for none (−1).
    OneHot { slot: Slot, n: usize, of: Of },
    /// One entry for each link that may be cut (`Board::pairs`, in their order): 1 when
    /// it is cut.
    Cuts,
}

/// Value ranges up to this size are one-hot; larger ones are one scaled entry.
const ONE_HOT_VALUES: i32 = 8;

/// The most entries an encoding has: some 60 MB with their names, far above any game a
/// network is trained for (the shipped ones have a few thousand), and within reach of
/// the largest boards the rules allow (4,096 cells, 8 players, 250 kinds of piece would
/// make about a hundred million).
pub const MAX_ENTRIES: usize = 1_000_000;

/// A game whose encoding would have more than `MAX_ENTRIES` entries.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("this game's encoding would have more than {max} entries (one for each kind of piece each player may have on each cell, and more): too many for a network; the board, the players or the kinds of piece are too many", max = MAX_ENTRIES)]
pub struct TooManyEntries;

/// The encoding of one compiled game.
#[derive(Debug, Clone)]
pub struct Encoding {
    parts: Vec<(Part, usize)>,
    names: Vec<String>,
    len: usize,
    view: View,
    players: usize,
    /// The mover's view of the cells, where the board's tracks or directions give one.
    cells: Option<CellView>,
    /// With `cells`, on a board whose links may be cut: `links[m][p]`, the link (pair)
    /// of the state that entry link `p` reads when player `m` moves, the link between
    /// the cells its two cells read; `u32::MAX` where those cells are no link.
    links: Option<Vec<Vec<u32>>>,
}

impl Encoding {
    /// The board as it stands.
    pub fn new(game: &Game) -> Result<Encoding, TooManyEntries> {
        Encoding::build(game, View::Board, None)
    }

    /// The encoding in `view`. The mover's view counts the players from the mover in
    /// any game; it places the cells from his side too where the board says how
    /// (`view::cells_seen_by_mover`: each player's track, or directions of each
    /// player's).
    pub fn with_view(game: &Game, view: View) -> Result<Encoding, TooManyEntries> {
        match view {
            View::Board => Encoding::new(game),
            View::Mover => Encoding::build(game, view, cells_seen_by_mover(game)),
        }
    }

    /// Whether the mover's view also places the cells from the mover's side.
    pub fn turns_cells(&self) -> bool {
        self.cells.is_some()
    }

    /// The encoding, given up at the first entry past `MAX_ENTRIES` (the cells' part,
    /// which grows fastest, is counted before any of its names is made).
    fn build(game: &Game, view: View, cells: Option<CellView>) -> Result<Encoding, TooManyEntries> {
        let players = game.rules.players.len();
        let mut e = Encoding {
            parts: Vec::new(),
            names: Vec::new(),
            len: 0,
            view,
            players,
            cells,
            links: None,
        };
        let player_name = |i: usize| match view {
            View::Board => game.rules.players[i].clone(),
            View::Mover if i == 0 => "mover".to_string(),
            View::Mover => format!("mover+{i}"),
        };
        let player_name = &player_name;
        let one = Slot::one;
        e.one_hot(one(SLOT_MOVER), players, Of::Player, "to move", player_name);
        e.one_hot(one(SLOT_OWNER), players, Of::Player, "turn of", player_name);
        e.one_hot(
            one(SLOT_PHASE),
            game.rules.phases.len(),
            Of::Other,
            "phase",
            |i| game.rules.phases[i].name.clone(),
        );
        e.one_hot(
            one(SLOT_CHANCE),
            game.rules.chances.len(),
            Of::Other,
            "pending chance",
            |i| game.rules.chances[i].name.clone(),
        );
        e.push(
            Part::Flag {
                slot: one(SLOT_IN_TURN),
            },
            vec!["in the middle of a turn".into()],
        );
        let any_neutral = game.rules.pieces.iter().any(|p| p.neutral);
        // Each cell's entries: for each owner, each kind it may own, 4 counts and the
        // values.
        let kind_entries = |neutral: bool| -> usize {
            game.rules
                .pieces
                .iter()
                .filter(|p| p.neutral == neutral)
                .map(|p| {
                    4 + match p.values {
                        Some((lo, hi)) if hi - lo < ONE_HOT_VALUES => (hi - lo + 1) as usize,
                        Some(_) => 1,
                        None => 0,
                    }
                })
                .sum()
        };
        let per_cell =
            players * kind_entries(false) + usize::from(any_neutral) * kind_entries(true);
        if per_cell
            .checked_mul(game.rules.board.cells.len())
            .and_then(|n| n.checked_add(e.len))
            .is_none_or(|n| n > MAX_ENTRIES)
        {
            return Err(TooManyEntries);
        }
        for (cell, name) in game.rules.board.cells.iter().enumerate() {
            let mut owners: Vec<(i32, String)> =
                (0..players).map(|p| (p as i32, player_name(p))).collect();
            if any_neutral {
                owners.push((NEUTRAL, "neutral".into()));
            }
            for (owner, who) in &owners {
                for (k, piece) in game.rules.pieces.iter().enumerate() {
                    if piece.neutral != (*owner == NEUTRAL) {
                        continue;
                    }
                    let what = format!("{name} {who} {}", piece.name);
                    let mut names = vec![
                        format!("{what}: at least 1"),
                        format!("{what}: at least 2"),
                        format!("{what}: at least 3"),
                        format!("{what}: (count - 3) / 4"),
                    ];
                    match piece.values {
                        Some((lo, hi)) if hi - lo < ONE_HOT_VALUES => {
                            names.extend((lo..=hi).map(|v| format!("{what}: value {v}")))
                        }
                        Some((lo, hi)) => {
                            names.push(format!("{what}: (value - {lo}) / {}", hi - lo))
                        }
                        None => {}
                    }
                    e.push(
                        Part::Stack {
                            cell,
                            owner: *owner,
                            piece: k as u8,
                            values: piece.values,
                        },
                        names,
                    );
                }
            }
        }
        // Which links are cut, one entry each, where the rules may cut them: a board
        // whose links stay has none, so its encoding, hash included, is what it was
        // before cut links were read, and the networks trained on it still load.
        let board = &game.rules.board;
        if board.cuttable && !board.pairs.is_empty() {
            if board
                .pairs
                .len()
                .checked_add(e.len)
                .is_none_or(|n| n > MAX_ENTRIES)
            {
                return Err(TooManyEntries);
            }
            let names = (board.pairs.iter())
                .map(|&(a, b)| {
                    let name = |c: i32| board.cells[c as usize].as_str();
                    format!("link {} -- {}: cut", name(a), name(b))
                })
                .collect();
            e.push(Part::Cuts, names);
            e.links = e.cells.as_ref().map(|v| links_seen(board, v));
        }
        for pool in &game.rules.pools {
            let owners = if pool.per_player { players } else { 1 };
            for o in 0..owners {
                let who = if pool.per_player {
                    format!("[{}]", player_name(o))
                } else {
                    String::new()
                };
                for (i, v) in (pool.low..=pool.high).enumerate() {
                    let what = format!("pool {}{who} {v}", pool.name);
                    e.push(
                        Part::Pool {
                            slot: Slot {
                                base: pool.base + i,
                                owner: o,
                                stride: if pool.per_player { pool.width() } else { 0 },
                            },
                        },
                        vec![
                            format!("{what}: at least 1"),
                            format!("{what}: at least 2"),
                            format!("{what}: (copies - 2) / 2"),
                        ],
                    );
                }
            }
        }
        for c in &game.rules.counters {
            let owners = if c.per_player { players } else { 1 };
            for o in 0..owners {
                let who = if c.per_player {
                    format!("[{}]", player_name(o))
                } else {
                    String::new()
                };
                let what = format!("counter {}{who}", c.name);
                let slot = Slot {
                    base: c.base,
                    owner: o,
                    stride: usize::from(c.per_player),
                };
                match c.ty {
                    Ty::Bool => e.push(Part::Flag { slot }, vec![what]),
                    Ty::Player => e.one_hot(slot, players, Of::Player, &what, player_name),
                    Ty::Cell => {
                        e.one_hot(slot, game.rules.board.cells.len(), Of::Cell, &what, |i| {
                            game.rules.board.cells[i].clone()
                        })
                    }
                    Ty::Phase => e.one_hot(slot, game.rules.phases.len(), Of::Other, &what, |i| {
                        game.rules.phases[i].name.clone()
                    }),
                    Ty::Piece => e.one_hot(slot, game.rules.pieces.len(), Of::Other, &what, |i| {
                        game.rules.pieces[i].name.clone()
                    }),
                    Ty::Line => {
                        e.one_hot(slot, game.rules.board.lines.len(), Of::Other, &what, |i| {
                            game.rules.board.lines[i].name.clone()
                        })
                    }
                    Ty::Dir => {
                        e.one_hot(slot, game.rules.board.dirs.len(), Of::Other, &what, |i| {
                            game.rules.board.dirs[i].clone()
                        })
                    }
                    Ty::Int => e.push(
                        Part::Number { slot },
                        vec![format!("{what}: sign · ln(1 + |v|) / 4")],
                    ),
                }
                if e.len > MAX_ENTRIES {
                    return Err(TooManyEntries);
                }
            }
        }
        if e.len > MAX_ENTRIES {
            return Err(TooManyEntries);
        }
        Ok(e)
    }

    fn push(&mut self, part: Part, names: Vec<String>) {
        self.parts.push((part, self.len));
        self.len += names.len();
        self.names.extend(names);
    }

    fn one_hot(
        &mut self,
        slot: Slot,
        n: usize,
        of: Of,
        what: &str,
        name: impl Fn(usize) -> String,
    ) {
        let mut names: Vec<String> = (0..n).map(|i| format!("{what}: {}", name(i))).collect();
        names.push(format!("{what}: none"));
        self.push(Part::OneHot { slot, n, of }, names);
    }

    /// The player whose view `state` is read from: the mover, else the player whose
    /// turn it is, else the first; always the first in the board's view.
    pub fn viewer(&self, state: &State) -> usize {
        if self.view == View::Board {
            return 0;
        }
        let n = self.players as i32;
        let get = |slot: usize| state.data.get(slot).copied().unwrap_or(-1);
        [get(SLOT_MOVER), get(SLOT_OWNER)]
            .into_iter()
            .find(|p| (0..n).contains(p))
            .map_or(0, |p| p as usize)
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the encoding has no entry.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// What each entry means.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// A hash of the entries' meanings: two games with the same hash read states the
    /// same way (FNV-1a over the names).
    pub fn hash(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for n in &self.names {
            for b in n.bytes().chain(std::iter::once(0)) {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        }
        h
    }

    /// For each entry of this encoding, the entry of `board` (the board's view of the
    /// same game) that holds the same number in every state whose viewer is player `k`;
    /// `None` if `board` is not that. A network moved from the board's view to the
    /// mover's keeps its ratings of player `k`'s positions by taking its weights this way.
    pub(crate) fn entries_from(&self, board: &Encoding, k: usize) -> Option<Vec<usize>> {
        let n = self.players;
        if board.view != View::Board || board.players != n || board.len != self.len || k >= n {
            return None;
        }
        let mut at: std::collections::HashMap<Key, usize> = std::collections::HashMap::new();
        for (i, key) in board.keys(0).into_iter().enumerate() {
            at.insert(key, i);
        }
        self.keys(k)
            .into_iter()
            .map(|key| at.get(&key).copied())
            .collect()
    }

    /// What each entry reads when player `k` is the viewer, in the board's terms.
    fn keys(&self, k: usize) -> Vec<Key> {
        let n = self.players;
        let read = |c: usize| self.cells.as_ref().map_or(c, |v| v.read[k][c] as usize);
        let actual = |q: i32| {
            if q < 0 || k == 0 {
                q
            } else {
                ((q as usize + k) % n) as i32
            }
        };
        let mut keys = Vec::with_capacity(self.len);
        for (j, &(ref part, start)) in self.parts.iter().enumerate() {
            let end = self.parts.get(j + 1).map_or(self.len, |&(_, at)| at);
            for sub in 0..end - start {
                keys.push(match *part {
                    Part::Stack {
                        cell, owner, piece, ..
                    } => Key::Stack(read(cell), actual(owner), piece, sub),
                    Part::Pool { slot } | Part::Number { slot } | Part::Flag { slot } => {
                        Key::Slot(slot.at(k, n), sub)
                    }
                    Part::OneHot { slot, n: len, of } => {
                        let v = match of {
                            _ if sub == len => sub,
                            Of::Player => actual(sub as i32) as usize,
                            Of::Cell => read(sub),
                            Of::Other => sub,
                        };
                        Key::Slot(slot.at(k, n), v)
                    }
                    Part::Cuts => Key::Cut(self.link_read(k, sub)),
                });
            }
        }
        keys
    }

    /// The entries of `state` that are not 0, as (index, value), into `out`; returns
    /// the player whose view they are (`viewer`).
    pub(crate) fn sparse(&self, game: &Game, state: &State, out: &mut Vec<(u32, f32)>) -> usize {
        out.clear();
        let data = &state.data;
        let get = |slot: usize| data.get(slot).copied().unwrap_or(0);
        let (m, n) = (self.viewer(state), self.players);
        let read = self.cells.as_ref().map(|c| (&c.read[m], &c.shown[m]));
        // A player as the view counts him: the mover is 0.
        let relabel = |p: i32| {
            if m == 0 || p < 0 || p as usize >= n {
                p
            } else {
                ((p as usize + n - m) % n) as i32
            }
        };
        for &(ref part, at) in &self.parts {
            let at = at as u32;
            match *part {
                Part::Stack {
                    cell,
                    owner,
                    piece,
                    values,
                } => {
                    let cell = read.map_or(cell, |(read, _)| read[cell] as usize);
                    let w = crate::engine::state::CellWord(get(game.rules.cells_base + cell));
                    let count = w.count();
                    if count == 0 || relabel(w.owner()) != owner || w.piece() != piece {
                        continue;
                    }
                    out.push((at, 1.0));
                    if count >= 2 {
                        out.push((at + 1, 1.0));
                    }
                    if count >= 3 {
                        out.push((at + 2, 1.0));
                    }
                    if count > 3 {
                        out.push((at + 3, (count - 3) as f32 / 4.0));
                    }
                    match values {
                        Some((lo, hi)) if hi - lo < ONE_HOT_VALUES => {
                            let v = w.value();
                            if (lo..=hi).contains(&v) {
                                out.push((at + 4 + (v - lo) as u32, 1.0));
                            }
                        }
                        Some((lo, hi)) => {
                            let x = (w.value() - lo) as f32 / (hi - lo) as f32;
                            if x != 0.0 {
                                out.push((at + 4, x));
                            }
                        }
                        None => {}
                    }
                }
                Part::Pool { slot } => {
                    let c = get(slot.at(m, n));
                    if c >= 1 {
                        out.push((at, 1.0));
                    }
                    if c >= 2 {
                        out.push((at + 1, 1.0));
                    }
                    if c > 2 {
                        out.push((at + 2, (c - 2) as f32 / 2.0));
                    }
                }
                Part::Number { slot } => {
                    let v = get(slot.at(m, n));
                    if v != 0 {
                        let x = (1.0 + f64::from(v).abs()).ln() / 4.0;
                        out.push((at, (x * f64::from(v.signum())) as f32));
                    }
                }
                Part::Flag { slot } => {
                    if get(slot.at(m, n)) != 0 {
                        out.push((at, 1.0));
                    }
                }
                Part::OneHot { slot, n: len, of } => {
                    let v = get(slot.at(m, n));
                    let i = if v >= 0 && (v as usize) < len {
                        match (of, read) {
                            (Of::Player, _) => relabel(v) as usize,
                            (Of::Cell, Some((_, shown))) => shown[v as usize] as usize,
                            _ => v as usize,
                        }
                    } else {
                        len
                    };
                    out.push((at + i as u32, 1.0));
                }
                Part::Cuts => {
                    for p in 0..game.rules.board.pairs.len() {
                        let q = self.link_read(m, p);
                        if q != u32::MAX && state.is_cut(game, q as usize) {
                            out.push((at + p as u32, 1.0));
                        }
                    }
                }
            }
        }
        m
    }

    /// The link of the state that entry link `p` reads when player `m` moves: `p`
    /// itself unless the view turns the cells.
    fn link_read(&self, m: usize, p: usize) -> u32 {
        self.links.as_ref().map_or(p as u32, |l| l[m][p])
    }

    /// The whole vector of `state`.
    pub fn dense(&self, game: &Game, state: &State) -> Vec<f32> {
        let mut sparse = Vec::new();
        self.sparse(game, state, &mut sparse);
        let mut v = vec![0.0; self.len];
        for (i, x) in sparse {
            v[i as usize] = x;
        }
        v
    }
}

/// For each player `m` and each link `p` of `board` (`Board::pairs`), the link between
/// the cells that `p`'s two cells read in `m`'s view: the mover sees the link (a, b) of
/// the state as the link (view(a), view(b)). `u32::MAX` where those cells are no link
/// (a view that does not carry every link onto one): that entry reads as never cut.
fn links_seen(board: &crate::board::Board, view: &CellView) -> Vec<Vec<u32>> {
    (view.read.iter())
        .map(|read| {
            (board.pairs.iter())
                .map(|&(a, b)| {
                    let cell = |c: i32| read.get(c as usize).map(|&r| r as i32);
                    match (cell(a), cell(b)) {
                        (Some(a), Some(b)) => board.pair(a, b).map_or(u32::MAX, |q| q as u32),
                        _ => u32::MAX,
                    }
                })
                .collect()
        })
        .collect()
}
