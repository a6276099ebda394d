//! Where the mover's view of a state (`encode::View::Mover`) places each cell: the
//! board seen from the side of the player to move, worked out from what the rules say
//! about the players' ways over it (a track of each player's, or directions named per
//! player). Nothing here knows a game.

use crate::engine::Game;

/// The mover's view of the cells: `read[m][c]` is the cell read for entry cell `c`
/// when player `m` moves, and `shown[m][c]` the entry cell where cell `c` is shown.
#[derive(Debug, Clone)]
pub(crate) struct CellView {
    pub(crate) read: Vec<Vec<u32>>,
    pub(crate) shown: Vec<Vec<u32>>,
}

/// Candidates tried for the first cell of a board mapped by directions; a board whose
/// mapping is not found among them is read as it stands.
const MAX_CANDIDATES: usize = 256;

/// Steps of growing a map of cells by directions before the board is read as it
/// stands: a few milliseconds' work, far above what a sensible board needs.
const MAX_WORK: usize = 1 << 22;

/// The cells as each player sees them, where the board says how:
/// - by tracks kept per player, all of one length (`by_track`);
/// - else by directions named per player (`by_directions`).
///
/// Cells left by both (off-board zones) go to the same zone's cell of the player their
/// owner stands for, if the zone is kept per player, or stay where they are. `None`
/// when the board says nothing of the kind, or what it says does not map the cells one
/// to one.
pub(crate) fn cells_seen_by_mover(game: &Game) -> Option<CellView> {
    let n = game.rules.players.len();
    if n < 2 {
        return None;
    }
    let partial: Vec<Vec<Option<u32>>> = match by_track(game) {
        Some(p) => p,
        None => (0..n)
            .map(|m| by_directions(game, m))
            .collect::<Option<_>>()?,
    };
    let cells = game.rules.board.cells.len();
    let mut read = Vec::with_capacity(n);
    let mut shown = Vec::with_capacity(n);
    for (m, mut part) in partial.into_iter().enumerate() {
        for zone in game.rules.board.zones.iter().filter(|z| z.per_player) {
            for (p, &c) in zone.cells.iter().enumerate() {
                let to = zone.cells.get((p + n - m) % n).copied();
                if let (Ok(c), Some(Ok(to))) = (usize::try_from(c), to.map(u32::try_from)) {
                    if c < cells && part[c].is_none() {
                        part[c] = Some(to);
                    }
                }
            }
        }
        let shown_m: Vec<u32> = part
            .iter()
            .enumerate()
            .map(|(c, s)| s.unwrap_or(c as u32))
            .collect();
        let mut read_m = vec![u32::MAX; cells];
        for (c, &s) in shown_m.iter().enumerate() {
            let slot = read_m.get_mut(s as usize)?;
            if *slot != u32::MAX {
                return None;
            }
            *slot = c as u32;
        }
        read.push(read_m);
        shown.push(shown_m);
    }
    Some(CellView { read, shown })
}

/// From the game's tracks kept per player: where every player's path has the same
/// length, the cell at step i of one player's path is shown, in player m's view, as the
/// cell at step i of the path of the player he stands for there, (p − m) mod n: the
/// first player's path for the mover's cells, and so on round the table. `None` when
/// the game has no such track or its tracks show a cell in two places.
fn by_track(game: &Game) -> Option<Vec<Vec<Option<u32>>>> {
    let n = game.rules.players.len();
    let cells = game.rules.board.cells.len();
    let tracks: Vec<_> = game
        .rules
        .board
        .tracks
        .iter()
        .filter(|t| {
            t.per_player
                && t.lists.len() == n
                && t.lists.iter().all(|l| l.len() == t.lists[0].len())
        })
        .collect();
    if tracks.is_empty() {
        return None;
    }
    let mut all = Vec::with_capacity(n);
    for m in 0..n {
        let mut shown: Vec<Option<u32>> = vec![None; cells];
        for t in &tracks {
            for (p, list) in t.lists.iter().enumerate() {
                let q = (p + n - m) % n;
                for (i, &c) in list.iter().enumerate() {
                    let to = u32::try_from(t.lists[q][i]).ok()?;
                    let c = usize::try_from(c).ok().filter(|&c| c < cells)?;
                    match shown[c] {
                        Some(seen) if seen != to => return None,
                        _ => shown[c] = Some(to),
                    }
                }
            }
        }
        all.push(shown);
    }
    Some(all)
}

/// From the directions named per player (`dir forward = black: n, white: s`): player
/// m's view shows the board so that each such direction of his runs as the first
/// player's does. That is a map of the cells with, for every named direction and cell
/// c, the step from c in m's direction shown as the step from c's place in the first
/// player's (and no step where there is none). It is grown from one cell, tried at each
/// place that has the same steps, over the steps forward and back, and so for each part
/// of the board the directions connect; `None` when no place gives a map of every cell
/// those directions reach, one to one (or the search grows past `MAX_WORK`).
fn by_directions(game: &Game, m: usize) -> Option<Vec<Option<u32>>> {
    let b = &game.rules.board;
    let cells = b.cells.len();
    let dirs = b.dirs.len();
    let pairs: Vec<(usize, usize)> = b
        .rel_dirs
        .iter()
        .map(|(_, per)| Some((usize::from(*per.get(m)?), usize::from(*per.first()?))))
        .collect::<Option<_>>()?;
    if pairs.is_empty() || dirs == 0 {
        return None;
    }
    let next = |c: usize, d: usize| -> Option<usize> {
        let x = *b.next.get(c * dirs + d)?;
        usize::try_from(x).ok().filter(|&x| x < cells)
    };
    // prev[d][c]: the one cell whose step in d is c; None if none, or several (then
    // the step back says nothing).
    let mut prev: Vec<Vec<Option<usize>>> = vec![vec![None; cells]; dirs];
    let mut many: Vec<Vec<bool>> = vec![vec![false; cells]; dirs];
    for d in 0..dirs {
        for c in 0..cells {
            if let Some(x) = next(c, d) {
                if prev[d][x].is_some() {
                    many[d][x] = true;
                }
                prev[d][x] = Some(c);
            }
        }
    }
    let back = |c: usize, d: usize| match (prev[d][c], many[d][c]) {
        (_, true) => Back::Many,
        (Some(x), false) => Back::One(x),
        (None, false) => Back::No,
    };
    // Which named directions lead somewhere from c, for player m's and the first's.
    let steps = |c: usize, mine: bool| -> u64 {
        pairs.iter().enumerate().fold(0, |acc, (i, &(dm, d0))| {
            let d = if mine { dm } else { d0 };
            acc | (u64::from(next(c, d).is_some()) << (i % 64))
        })
    };
    let reached: Vec<bool> = (0..cells)
        .map(|c| {
            pairs.iter().any(|&(dm, _)| next(c, dm).is_some())
                || pairs.iter().any(|&(dm, _)| prev[dm][c].is_some())
        })
        .collect();
    // Each part of the board the directions connect (the dark squares and the light
    // where they run diagonally) is grown from its first cell.
    let mut map = Map {
        shown: vec![None; cells],
        used: vec![false; cells],
        work: 0,
    };
    while let Some(start) = (0..cells).find(|&c| reached[c] && map.shown[c].is_none()) {
        let want = steps(start, true);
        let candidates = (0..cells).filter(|&t| !map.used[t] && steps(t, false) == want);
        let mut grown = None;
        for t in candidates.take(MAX_CANDIDATES) {
            let mut trial = map.clone();
            if trial.grow(start, t, &pairs, &next, &back).is_some() {
                grown = Some(trial);
                break;
            }
            map.work = trial.work;
            if map.work > MAX_WORK {
                return None;
            }
        }
        map = grown?;
    }
    Some(map.shown)
}

/// A map of cells being grown, and the steps it took (`MAX_WORK`).
#[derive(Clone)]
struct Map {
    shown: Vec<Option<u32>>,
    used: Vec<bool>,
    work: usize,
}

/// The cells whose step in a direction leads to a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Back {
    No,
    One(usize),
    Many,
}

impl Back {
    /// The cells to map onto each other, if the two sides agree: `Some(None)` where
    /// they agree there is nothing to map, `None` where they disagree.
    fn pair(self, other: Back) -> Option<Option<(usize, usize)>> {
        match (self, other) {
            (Back::One(a), Back::One(z)) => Some(Some((a, z))),
            (Back::No, Back::No) | (Back::Many, Back::Many) => Some(None),
            _ => None,
        }
    }
}

impl Map {
    /// Grows the map from `start` shown at `t`, step by step in every named direction
    /// and back; `None` at the first contradiction.
    fn grow(
        &mut self,
        start: usize,
        t: usize,
        pairs: &[(usize, usize)],
        next: &impl Fn(usize, usize) -> Option<usize>,
        back: &impl Fn(usize, usize) -> Back,
    ) -> Option<()> {
        let mut queue = vec![start];
        self.shown[start] = Some(t as u32);
        self.used[t] = true;
        while let Some(c) = queue.pop() {
            let s = self.shown[c]? as usize;
            for &(dm, d0) in pairs {
                self.work += 1;
                if self.work > MAX_WORK {
                    return None;
                }
                let forward = match (next(c, dm), next(s, d0)) {
                    (Some(a), Some(z)) => Back::One(a).pair(Back::One(z)),
                    (None, None) => Some(None),
                    _ => None,
                };
                for step in [forward, back(c, dm).pair(back(s, d0))] {
                    // A step one side has and the other has not: no such map.
                    let Some((a, z)) = step? else {
                        continue;
                    };
                    match self.shown[a] {
                        Some(seen) if seen as usize == z => {}
                        Some(_) => return None,
                        None if self.used[z] => return None,
                        None => {
                            self.shown[a] = Some(z as u32);
                            self.used[z] = true;
                            queue.push(a);
                        }
                    }
                }
            }
        }
        Some(())
    }
}
