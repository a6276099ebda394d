//! `reaches(c, R)`: whether a piece on `c` could go to region `R` through links that
//! are not cut, whatever stands in its way. A path rule asks it once for each wall a
//! position may get (Quoridor), so it is made cheap twice over: the search goes first
//! toward the region, and the way it found last is tried again first, a few cells to
//! check instead of a search when the new position did not cut it.

use super::state::State;
use crate::engine::Game;
use crate::ir::ReachGuide;

/// The ways kept: one for each of a few searches (a player's piece and goal each).
const KEPT: usize = 4;

/// The memory of `reaches`, kept between calls so that a search allocates nothing once
/// warm: a cell is seen in a search when its stamp is the search's, so nothing is
/// cleared between searches.
#[derive(Default)]
struct Reach {
    stamp: u32,
    seen: Vec<u32>,
    /// The cell each cell seen was reached from.
    from: Vec<u16>,
    stack: Vec<u16>,
    /// The last ways found, from their first cell to the region's, with the guide and
    /// player slot they were found for; the oldest is replaced.
    kept: Vec<(usize, i32, Vec<u16>)>,
    next_kept: usize,
}

thread_local! {
    static REACH: std::cell::RefCell<Reach> = std::cell::RefCell::new(Reach::default());
}

/// What a search reads of the game and the state.
struct Ground<'a> {
    table: &'a crate::board::Adjacency,
    member: &'a [bool],
    distance: &'a [u16],
    cut: &'a [i32],
}

impl Ground<'_> {
    #[inline]
    fn is_cut(&self, pair: u32) -> bool {
        self.cut
            .get(pair as usize / 32)
            .is_some_and(|&w| (w as u32 >> (pair % 32)) & 1 != 0)
    }

    /// Whether `way` is still a way: its cells each a neighbour of the one before
    /// through a link not cut, the first `cell` and the last in the region. Whatever
    /// search kept it, this proves it on the position as it is.
    fn holds(&self, way: &[u16], cell: i32) -> bool {
        let (Some(&first), Some(&last)) = (way.first(), way.last()) else {
            return false;
        };
        if i32::from(first) != cell || !self.member.get(last as usize).copied().unwrap_or(false) {
            return false;
        }
        way.windows(2).all(|w| {
            let a = i32::from(w[0]);
            let next = self.table.of(a);
            let pairs = self.table.pairs_of(a);
            next.iter()
                .position(|&n| n == i32::from(w[1]))
                .is_some_and(|k| pairs.get(k).is_none_or(|&p| !self.is_cut(p)))
        })
    }
}

/// Whether a chain of neighbouring cells joined by links that are not cut goes from
/// `cell` to a cell of the region of guide `guide` (`Rules::reach_guides`, for player
/// slot `pr`), by the guide's adjacency, whatever stands on the cells: a path a piece
/// could take if nothing were in its way. The way found last for the same guide and
/// player is tried first; else the search goes depth first, trying first the neighbour
/// nearest the region on the board uncut, so that a way that a few cuts bend is found
/// without filling the board. Any order finds the same answer.
#[inline(never)]
pub fn reaches(game: &Game, state: &State, cell: i32, guide: usize, pr: i32) -> bool {
    let rules = &game.rules;
    let board = &rules.board;
    let cells = board.cells.len();
    let Some(ReachGuide {
        region,
        adjacency,
        distance,
    }) = rules.reach_guides.get(guide)
    else {
        return false;
    };
    let list = usize::try_from(pr).ok();
    let (Some(table), Some(member)) = (
        board.adjacency.get(*adjacency as usize),
        list.and_then(|p| board.regions.get(*region)?.member.get(p)),
    ) else {
        return false;
    };
    // A guide past the file's first ones has no distances: its searches go in the
    // board's order.
    let distance = list
        .and_then(|p| distance.get(p))
        .map_or(&[][..], Vec::as_slice);
    if cell < 0 || cell as usize >= cells {
        return false;
    }
    let cut = state
        .data
        .get(rules.cut_base..rules.cut_base + rules.cut_words)
        .unwrap_or(&[]);
    let ground = Ground {
        table,
        member,
        distance,
        cut,
    };
    // A search while another runs on this thread (none does today) gets its own memory.
    let mut own = None;
    REACH.with(|shared| {
        let mut guard = shared.try_borrow_mut().ok();
        let reach = match guard.as_deref_mut() {
            Some(r) => r,
            None => own.insert(Reach::default()),
        };
        let kept = reach.kept.iter().find(|(g, p, _)| *g == guide && *p == pr);
        if kept.is_some_and(|(_, _, way)| ground.holds(way, cell)) {
            return true;
        }
        search(reach, &ground, cell, cells, (guide, pr))
    })
}

/// The search of `reaches`, which keeps the way it finds.
fn search(reach: &mut Reach, ground: &Ground, cell: i32, cells: usize, key: (usize, i32)) -> bool {
    if reach.seen.len() < cells {
        reach.seen = vec![0; cells];
        reach.from = vec![0; cells];
    }
    reach.stamp = reach.stamp.wrapping_add(1);
    if reach.stamp == 0 {
        reach.seen.iter_mut().for_each(|s| *s = 0);
        reach.stamp = 1;
    }
    let stamp = reach.stamp;
    let far = |c: i32| ground.distance.get(c as usize).copied().unwrap_or(u16::MAX);
    reach.stack.clear();
    reach.stack.push(cell as u16);
    reach.seen[cell as usize] = stamp;
    while let Some(c) = reach.stack.pop() {
        // Tested as reached, so a chain stops at the first cell of the region.
        if ground.member.get(c as usize).copied().unwrap_or(false) {
            keep(reach, key, cell, c);
            return true;
        }
        let at = i32::from(c);
        let (next, pairs) = (ground.table.of(at), ground.table.pairs_of(at));
        // The open neighbours not seen go on the stack, the nearest last: it is the
        // one tried next.
        let mut nearest: Option<(u16, i32)> = None;
        for (k, &n) in next.iter().enumerate() {
            let open = pairs.get(k).is_none_or(|&p| !ground.is_cut(p));
            if open && reach.seen[n as usize] != stamp {
                reach.seen[n as usize] = stamp;
                reach.from[n as usize] = c;
                let d = far(n);
                match nearest {
                    Some((best, _)) if best <= d => reach.stack.push(n as u16),
                    Some((_, b)) => {
                        reach.stack.push(b as u16);
                        nearest = Some((d, n));
                    }
                    None => nearest = Some((d, n)),
                }
            }
        }
        if let Some((_, n)) = nearest {
            reach.stack.push(n as u16);
        }
    }
    false
}

/// Keeps the way the search found from `cell` to `end`, read back through `from`.
fn keep(reach: &mut Reach, key: (usize, i32), cell: i32, end: u16) {
    let slot = match reach.kept.iter().position(|(g, p, _)| (*g, *p) == key) {
        Some(i) => i,
        None if reach.kept.len() < KEPT => {
            reach.kept.push((key.0, key.1, Vec::new()));
            reach.kept.len() - 1
        }
        None => {
            reach.next_kept = (reach.next_kept + 1) % KEPT;
            reach.next_kept
        }
    };
    let (from, kept) = (&reach.from, &mut reach.kept[slot]);
    kept.0 = key.0;
    kept.1 = key.1;
    let way = &mut kept.2;
    way.clear();
    let mut c = end;
    way.push(c);
    // At most the board's cells: each was reached once, from one seen before it.
    while i32::from(c) != cell && way.len() <= from.len() {
        c = from[c as usize];
        way.push(c);
    }
    way.reverse();
}
