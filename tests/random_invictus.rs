//! Random games of Invictus (base game), checked at every single step against a small
//! independent model of RULES.md written here: at each decision the engine's legal moves
//! must be exactly the model's, the engine's state after the chosen move must be exactly
//! the model's, and the end (winner, scores, reason) must agree, and the game's invariants
//! hold at every step. The other game's random games are in `random_naytin.rs`.
//!
//! `cargo test` plays 20 games per game and option combination. With the environment
//! variable `TABULA_LONG=1` each plays 10,000 instead; run that in release:
//! `TABULA_LONG=1 cargo test --release --test random_invictus`.

mod common;
mod random_support;
use common::*;
use random_support::*;
use tabula::engine::rng::Rng;

// =======================================================================================
// Invictus

const FILES: &[u8] = b"abcdefghi";

#[derive(Clone, Debug, PartialEq)]
struct Inv {
    setup: bool,
    mover: usize,
    in_turn: bool,
    /// Index file + 9 * (rank - 1): (owner, value).
    board: Vec<Option<(usize, i32)>>,
    reserve: [Vec<i32>; 2],
    hand: [Vec<i32>; 2],
    arrived: [i32; 2],
    ones: [i32; 2],
    no_progress: i32,
    last_was_pass: bool,
}

fn inv_name(i: usize) -> String {
    format!("{}{}", FILES[i % 9] as char, i / 9 + 1)
}

fn inv_index(name: &str) -> usize {
    let b = name.as_bytes();
    let f = FILES
        .iter()
        .position(|&x| x == b[0])
        .unwrap_or_else(|| panic!("cell {name}"));
    let r: usize = name[1..].parse().unwrap_or_else(|_| panic!("cell {name}"));
    assert!((1..=9).contains(&r), "cell {name}");
    f + 9 * (r - 1)
}

/// Black moves up the ranks (+1 row), White down (-1).
fn forward(p: usize) -> i32 {
    if p == 0 {
        1
    } else {
        -1
    }
}

/// The cell `df` files and `dr` ranks away, if on the board.
fn offset(i: usize, df: i32, dr: i32) -> Option<usize> {
    let f = (i % 9) as i32 + df;
    let r = (i / 9) as i32 + dr;
    ((0..9).contains(&f) && (0..9).contains(&r)).then(|| (f + 9 * r) as usize)
}

fn in_territory(p: usize, i: usize) -> bool {
    let r = i / 9;
    if p == 0 {
        r <= 3
    } else {
        r >= 5
    }
}

fn far_row(p: usize, i: usize) -> bool {
    i / 9 == if p == 0 { 8 } else { 0 }
}

impl Inv {
    fn read(view: &View, cells: &[tabula::CellId], state: &State) -> Inv {
        let board = cells
            .iter()
            .map(|&c| {
                view.at(state, c).map(|(o, piece, v)| {
                    assert_eq!(piece, "die");
                    (o.expect("a die has an owner"), v)
                })
            })
            .collect();
        let pool = |name: &str| [view.pool(state, name, 0), view.pool(state, name, 1)];
        let counter = |name: &str| [view.counter(state, name, 0), view.counter(state, name, 1)];
        assert!(state.chance().is_none(), "Invictus has no chance");
        assert_eq!(
            view.counter(state, "progress", 0),
            0,
            "progress is reset at each turn"
        );
        Inv {
            setup: match view.phase(state) {
                "setup" => true,
                "play" => false,
                other => panic!("phase {other}"),
            },
            mover: state.mover().index(),
            in_turn: state.in_turn(),
            board,
            reserve: pool("reserve"),
            hand: pool("hand"),
            arrived: counter("arrived"),
            ones: counter("captured_ones"),
            no_progress: view.counter(state, "no_progress", 0),
            last_was_pass: view.counter(state, "last_was_pass", 0) != 0,
        }
    }

    fn count(&self, p: usize) -> usize {
        self.board
            .iter()
            .filter(|c| matches!(c, Some((o, _)) if *o == p))
            .count()
    }

    fn returns(&self, p: usize) -> Vec<String> {
        let mut out = Vec::new();
        for v in distinct(&self.hand[p]) {
            for i in 0..81 {
                if self.board[i].is_none() && in_territory(p, i) {
                    out.push(format!("{v}@{}", inv_name(i)));
                }
            }
        }
        out
    }

    /// Steps and captures of player p.
    fn actions(&self, p: usize) -> Vec<String> {
        let mut out = Vec::new();
        let fwd = forward(p);
        for i in 0..81 {
            let Some((o, v)) = self.board[i] else {
                continue;
            };
            if o != p {
                continue;
            }
            for (df, dr) in [(0, fwd), (-1, 0), (1, 0), (-1, fwd), (1, fwd)] {
                if let Some(t) = offset(i, df, dr) {
                    if self.board[t].is_none() {
                        out.push(format!("{}-{}", inv_name(i), inv_name(t)));
                    }
                }
            }
            for df in [-1, 1] {
                if let Some(t) = offset(i, df, fwd) {
                    if matches!(self.board[t], Some((q, d)) if q != p && d <= v) {
                        out.push(format!("{}x{}", inv_name(i), inv_name(t)));
                    }
                }
            }
        }
        out
    }

    fn has_action(&self, p: usize) -> bool {
        !self.returns(p).is_empty() || !self.actions(p).is_empty()
    }

    fn legal(&self) -> Vec<String> {
        let p = self.mover;
        if self.setup {
            let rows = if p == 0 { [1, 2] } else { [6, 7] };
            let mut out = Vec::new();
            for v in distinct(&self.reserve[p]) {
                for i in 0..81 {
                    if self.board[i].is_none() && rows.contains(&(i / 9)) {
                        out.push(format!("{v}@{}", inv_name(i)));
                    }
                }
            }
            return out;
        }
        let r = self.returns(p);
        if !r.is_empty() {
            return r;
        }
        let a = self.actions(p);
        if a.is_empty() && !self.in_turn {
            return vec!["pass".to_string()];
        }
        a
    }

    fn scores(&self) -> [i32; 2] {
        let mut s = [
            self.arrived[0] + self.ones[0],
            self.arrived[1] + self.ones[1],
        ];
        for (i, c) in self.board.iter().enumerate() {
            if let Some((o, v)) = c {
                if in_territory(1 - o, i) {
                    s[*o] += v;
                }
            }
        }
        s
    }

    fn outcome(&self) -> Option<(Option<usize>, [i32; 2], &'static str)> {
        if self.setup {
            return None;
        }
        let reason = if (0..2).any(|p| self.count(p) + self.hand[p].len() == 0) {
            "no dice left"
        } else if self.last_was_pass && !self.has_action(self.mover) {
            "two passes"
        } else if self.no_progress >= 50 {
            "no progress"
        } else {
            return None;
        };
        let s = self.scores();
        Some((winner_by_score(&s), s, reason))
    }

    fn end_turn(&mut self, progress: bool) {
        self.no_progress = if progress { 0 } else { self.no_progress + 1 };
        self.in_turn = false;
        self.mover = 1 - self.mover;
    }

    /// The state after move `m`, and whether a die reached the far row.
    fn apply(&self, m: &str) -> (Inv, bool) {
        let mut n = self.clone();
        let p = self.mover;
        if m == "pass" {
            n.last_was_pass = true;
            n.end_turn(false);
            return (n, false);
        }
        if let Some((v, c)) = m.split_once('@') {
            let v: i32 = v.parse().unwrap();
            let c = inv_index(c);
            n.board[c] = Some((p, v));
            if n.setup {
                take(&mut n.reserve[p], v);
                if !n.reserve[p].is_empty() {
                    n.in_turn = true;
                } else if n.reserve[1 - p].is_empty() {
                    n.setup = false;
                    n.mover = 0;
                    n.in_turn = false;
                } else {
                    n.mover = 1 - p;
                    n.in_turn = false;
                }
            } else {
                take(&mut n.hand[p], v);
                n.last_was_pass = false;
                if n.has_action(p) {
                    n.in_turn = true;
                } else {
                    n.end_turn(false);
                }
            }
            return (n, false);
        }
        let capture = m.contains('x');
        let (a, b) = m.split_once(if capture { 'x' } else { '-' }).unwrap();
        let (a, b) = (inv_index(a), inv_index(b));
        let (_, v) = n.board[a].unwrap();
        if capture {
            let (_, d) = n.board[b].unwrap();
            if d > 1 {
                n.hand[1 - p].push(d - 1);
                n.hand[1 - p].sort();
            } else {
                n.ones[p] += 1;
            }
        }
        n.board[b] = n.board[a].take();
        let arrived = far_row(p, b);
        if arrived {
            n.board[b] = None;
            n.arrived[p] += v;
        }
        n.last_was_pass = false;
        n.end_turn(a / 9 != b / 9);
        (n, arrived)
    }
}

fn invictus_game(
    engine: &mut Engine,
    view: &View,
    cells: &[tabula::CellId],
    seed: u64,
) -> (Option<usize>, usize) {
    let mut rng = Rng::new(seed);
    let mut state = engine.initial_state().unwrap();
    let mut snap = Inv::read(view, cells, &state);
    let mut arrived_dice = [0usize; 2];
    let mut choices = Choices::default();
    let mut decisions = 0;
    loop {
        let at = format!("Invictus seed {seed}, decision {decisions}");
        // Invariants.
        for (p, arrived) in arrived_dice.iter().enumerate() {
            let o = 1 - p;
            let total = snap.count(p)
                + snap.hand[p].len()
                + snap.reserve[p].len()
                + arrived
                + snap.ones[o] as usize;
            assert_eq!(
                total, 18,
                "{at}: player {p}'s dice are not all accounted for"
            );
            assert!(snap.reserve[p].iter().all(|v| (1..=6).contains(v)), "{at}");
            // Returned dice were turned down from 2..6.
            assert!(snap.hand[p].iter().all(|v| (1..=5).contains(v)), "{at}");
        }
        assert!(
            snap.board
                .iter()
                .flatten()
                .all(|(_, v)| (1..=6).contains(v)),
            "{at}: a value out of 1..6"
        );
        // A die reaching the far row leaves at once.
        assert!(
            (0..81).all(|i| !matches!(snap.board[i], Some((o, _)) if far_row(o, i))),
            "{at}: a die stands on its far row"
        );
        if !snap.setup {
            // The territory always has room (36 cells, at most 35 dice on the board while
            // one is in hand), so a returned die is placed at its owner's next turn: only
            // the player to move may hold one, and never more than one.
            assert!(
                snap.hand[1 - snap.mover].is_empty(),
                "{at}: the waiting player holds a die"
            );
            assert!(snap.hand[snap.mover].len() <= 1, "{at}: two dice in hand");
        }

        let want = snap.outcome();
        check_end(engine, &state, &want, &at);
        let texts = choices_text(engine, &state, &mut choices);
        if let Some((w, _, _)) = want {
            assert!(texts.is_empty(), "{at}: moves after the end");
            return (w, decisions);
        }
        assert_eq!(
            sorted(&texts),
            sorted(&snap.legal()),
            "{at}: legal moves\n{snap:?}"
        );
        assert!(decisions < MAX_DECISIONS, "{at}: the game does not end");

        let i = rng.below(texts.len() as u32) as usize;
        let steps = choices[i].to_vec();
        engine
            .apply(&mut state, &steps)
            .unwrap_or_else(|e| panic!("{at}: {} failed: {e}", texts[i]));
        let next = Inv::read(view, cells, &state);
        let (expect, arrived) = snap.apply(&texts[i]);
        assert_eq!(next, expect, "{at}: after {}", texts[i]);

        // No die moves backward: the mover's dice before and after differ by one die that
        // went one cell sideways or forward (or left the board from the far row).
        if texts[i].contains('-') || texts[i].contains('x') {
            let p = snap.mover;
            let before: Vec<usize> = (0..81)
                .filter(|&c| matches!(snap.board[c], Some((o, _)) if o == p))
                .collect();
            let after: Vec<usize> = (0..81)
                .filter(|&c| matches!(next.board[c], Some((o, _)) if o == p))
                .collect();
            let gone: Vec<usize> = before
                .iter()
                .copied()
                .filter(|c| !after.contains(c))
                .collect();
            let new: Vec<usize> = after
                .iter()
                .copied()
                .filter(|c| !before.contains(c))
                .collect();
            assert_eq!(gone.len(), 1, "{at}: {}", texts[i]);
            if arrived {
                assert!(new.is_empty());
            } else {
                assert_eq!(new.len(), 1, "{at}: {}", texts[i]);
                let dr = (new[0] / 9) as i32 - (gone[0] / 9) as i32;
                let df = (new[0] % 9) as i32 - (gone[0] % 9) as i32;
                assert!(
                    dr == 0 || dr == forward(p),
                    "{at}: {} moved backward",
                    texts[i]
                );
                assert!(df.abs() <= 1 && (df, dr) != (0, 0), "{at}: {}", texts[i]);
            }
            arrived_dice[p] += arrived as usize;
        }
        // Setup fills exactly ranks 2-3 (Black) and 7-8 (White).
        if snap.setup && !next.setup {
            for (c, cell) in next.board.iter().enumerate() {
                let want = match c / 9 {
                    1 | 2 => Some(0),
                    6 | 7 => Some(1),
                    _ => None,
                };
                assert_eq!(
                    cell.map(|(o, _)| o),
                    want,
                    "{at}: after setup, {}",
                    inv_name(c)
                );
            }
        }
        snap = next;
        decisions += 1;
    }
}

#[test]
fn invictus_random_games() {
    let g = game("invictus", &[]);
    let mut engine = Engine::new(&g);
    let view = View::new(&g);
    let cells: Vec<tabula::CellId> = (0..81).map(|i| view.index(&inv_name(i))).collect();
    let n = random_game_count(20);
    let (mut wins, mut longest) = ([0u64; 3], 0);
    for seed in 0..n {
        let (w, d) = invictus_game(&mut engine, &view, &cells, seed);
        wins[w.unwrap_or(2)] += 1;
        longest = longest.max(d);
    }
    eprintln!(
        "Invictus: {n} games, black {} white {} draws {}, longest {longest} decisions",
        wins[0], wins[1], wins[2]
    );
}
