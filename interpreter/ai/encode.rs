//! A state as a fixed-length vector of numbers, derived from the compiled game alone:
//! what stands on each cell for each owner and piece kind (a thermometer of the stack
//! height, the value), the pools, the counters, the player to move, the phase, pending
//! chance. The learned evaluator reads it; `tabula encode` prints it with the meaning
//! of each entry. Nothing here knows a game.

use crate::engine::Game;
use crate::ir::*;
use crate::State;

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
    Pool { slot: usize },
    /// A number: sign · ln(1 + |v|) / 4.
    Number { slot: usize },
    /// A truth value.
    Flag { slot: usize },
    /// One entry for each value in `0..n`, and one for none (−1).
    OneHot { slot: usize, n: usize },
}

/// Value ranges up to this size are one-hot; larger ones are one scaled entry.
const ONE_HOT_VALUES: i32 = 8;

/// The encoding of one compiled game.
#[derive(Debug, Clone)]
pub struct Encoding {
    parts: Vec<(Part, usize)>,
    names: Vec<String>,
    len: usize,
}

impl Encoding {
    pub fn new(game: &Game) -> Encoding {
        let mut e = Encoding {
            parts: Vec::new(),
            names: Vec::new(),
            len: 0,
        };
        let players = game.players.len();
        e.one_hot(SLOT_MOVER, players, "to move", |i| game.players[i].clone());
        e.one_hot(SLOT_OWNER, players, "turn of", |i| game.players[i].clone());
        e.one_hot(SLOT_PHASE, game.phases.len(), "phase", |i| {
            game.phases[i].name.clone()
        });
        e.one_hot(SLOT_CHANCE, game.chances.len(), "pending chance", |i| {
            game.chances[i].name.clone()
        });
        e.push(
            Part::Flag { slot: SLOT_IN_TURN },
            vec!["in the middle of a turn".into()],
        );
        let any_neutral = game.pieces.iter().any(|p| p.neutral);
        for (cell, name) in game.board.cells.iter().enumerate() {
            let mut owners: Vec<(i32, String)> = (0..players)
                .map(|p| (p as i32, game.players[p].clone()))
                .collect();
            if any_neutral {
                owners.push((crate::engine::state::NEUTRAL, "neutral".into()));
            }
            for (owner, who) in &owners {
                for (k, piece) in game.pieces.iter().enumerate() {
                    if piece.neutral != (*owner == crate::engine::state::NEUTRAL) {
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
        for pool in &game.pools {
            let owners = if pool.per_player { players } else { 1 };
            for o in 0..owners {
                let who = if pool.per_player {
                    format!("[{}]", game.players[o])
                } else {
                    String::new()
                };
                for (i, v) in (pool.low..=pool.high).enumerate() {
                    let what = format!("pool {}{who} {v}", pool.name);
                    e.push(
                        Part::Pool {
                            slot: pool.base + o * pool.width() + i,
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
        for c in &game.counters {
            let owners = if c.per_player { players } else { 1 };
            for o in 0..owners {
                let who = if c.per_player {
                    format!("[{}]", game.players[o])
                } else {
                    String::new()
                };
                let what = format!("counter {}{who}", c.name);
                let slot = c.base + o;
                match c.ty {
                    Ty::Bool => e.push(Part::Flag { slot }, vec![what]),
                    Ty::Player => e.one_hot(slot, players, &what, |i| game.players[i].clone()),
                    Ty::Cell => e.one_hot(slot, game.board.cells.len(), &what, |i| {
                        game.board.cells[i].clone()
                    }),
                    Ty::Phase => e.one_hot(slot, game.phases.len(), &what, |i| {
                        game.phases[i].name.clone()
                    }),
                    Ty::Piece => e.one_hot(slot, game.pieces.len(), &what, |i| {
                        game.pieces[i].name.clone()
                    }),
                    Ty::Dir => e.one_hot(slot, game.board.dirs.len(), &what, |i| {
                        game.board.dirs[i].clone()
                    }),
                    Ty::Int => e.push(
                        Part::Number { slot },
                        vec![format!("{what}: sign · ln(1 + |v|) / 4")],
                    ),
                }
            }
        }
        e
    }

    fn push(&mut self, part: Part, names: Vec<String>) {
        self.parts.push((part, self.len));
        self.len += names.len();
        self.names.extend(names);
    }

    fn one_hot(&mut self, slot: usize, n: usize, what: &str, name: impl Fn(usize) -> String) {
        let mut names: Vec<String> = (0..n).map(|i| format!("{what}: {}", name(i))).collect();
        names.push(format!("{what}: none"));
        self.push(Part::OneHot { slot, n }, names);
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.len
    }

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

    /// The entries of `state` that are not 0, as (index, value), into `out`.
    pub(crate) fn sparse(&self, game: &Game, state: &State, out: &mut Vec<(u32, f32)>) {
        out.clear();
        let data = &state.data;
        let get = |slot: usize| data.get(slot).copied().unwrap_or(0);
        for &(ref part, at) in &self.parts {
            let at = at as u32;
            match *part {
                Part::Stack {
                    cell,
                    owner,
                    piece,
                    values,
                } => {
                    let w = crate::engine::state::CellWord(get(game.cells_base + cell));
                    let count = w.count();
                    if count == 0 || w.owner() != owner || w.piece() != piece {
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
                    let c = get(slot);
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
                    let v = get(slot);
                    if v != 0 {
                        let x = (1.0 + f64::from(v).abs()).ln() / 4.0;
                        out.push((at, (x * f64::from(v.signum())) as f32));
                    }
                }
                Part::Flag { slot } => {
                    if get(slot) != 0 {
                        out.push((at, 1.0));
                    }
                }
                Part::OneHot { slot, n } => {
                    let v = get(slot);
                    let i = if v >= 0 && (v as usize) < n {
                        v as usize
                    } else {
                        n
                    };
                    out.push((at + i as u32, 1.0));
                }
            }
        }
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
