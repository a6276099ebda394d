//! Random games of Naytïn Six (all 32 combinations of its five options), checked at
//! every single step against a small independent model of RULES.md written here: at each decision the engine's legal moves must be
//! exactly the model's, the engine's state after the chosen move must be exactly the
//! model's, and the end (winner, scores, reason) must agree, and the game's invariants
//! hold at every step. The other game's random games are in `random_invictus.rs`.
//!
//! `cargo test` plays 20 games per game and option combination. With the environment
//! variable `TABULA_LONG=1` each plays 10,000 instead; run that in release:
//! `TABULA_LONG=1 cargo test --release --test random_naytin`.

mod common;
mod random_support;
use common::*;
use random_support::*;
use tabula::engine::rng::Rng;

// =======================================================================================
// Naytïn Six

#[derive(Clone, Copy, Debug, PartialEq)]
enum Cell {
    Empty,
    Obstacle,
    Die(usize, i32),
}

#[derive(Clone, Copy, Debug, Default)]
struct Opts {
    cross: bool,
    random: bool,
    pips: bool,
    no_obstacles: bool,
    slide: bool,
}

#[derive(Clone, Debug, PartialEq)]
struct Nay {
    /// 0 obstacles, 1 dice, 2 play.
    phase: u8,
    mover: usize,
    in_turn: bool,
    chance: bool,
    board: Vec<Cell>,
    reserve: [Vec<i32>; 2],
    obstacles_left: i32,
    rolled: i32,
    last_was_move: bool,
}

struct Hex {
    names: Vec<String>,
    next: Vec<[Option<usize>; 6]>,
}

impl Hex {
    fn new() -> Hex {
        let b = naytin_board();
        Hex {
            names: b.iter().map(|(n, _)| n.clone()).collect(),
            next: b.iter().map(|(_, n)| *n).collect(),
        }
    }
    fn index(&self, name: &str) -> usize {
        self.names
            .iter()
            .position(|n| n == name)
            .unwrap_or_else(|| panic!("cell {name}"))
    }
    fn neighbours(&self, c: usize) -> impl Iterator<Item = usize> + '_ {
        self.next[c].iter().flatten().copied()
    }
}

fn beats(a: i32, d: i32) -> bool {
    (a > d && !(a == 6 && d == 1)) || (a == 1 && d == 6)
}

impl Nay {
    fn read(view: &View, cells: &[tabula::CellId], state: &State) -> Nay {
        let board = cells
            .iter()
            .map(|&c| match view.at(state, c) {
                None => Cell::Empty,
                Some((None, "obstacle", _)) => Cell::Obstacle,
                Some((Some(o), "die", v)) => Cell::Die(o, v),
                Some(other) => panic!("cell holds {other:?}"),
            })
            .collect();
        Nay {
            phase: match view.phase(state) {
                "obstacles" => 0,
                "dice" => 1,
                "play" => 2,
                other => panic!("phase {other}"),
            },
            mover: state.mover().index(),
            in_turn: state.in_turn(),
            chance: state.chance().is_some(),
            board,
            reserve: [
                view.pool(state, "reserve", 0),
                view.pool(state, "reserve", 1),
            ],
            obstacles_left: view.counter(state, "obstacles_left", 0),
            rolled: view.counter(state, "rolled", 0),
            last_was_move: view.counter(state, "last_was_move", 0) != 0,
        }
    }

    fn count(&self, p: usize) -> usize {
        self.board
            .iter()
            .filter(|c| matches!(c, Cell::Die(o, _) if *o == p))
            .count()
    }

    fn attacks(&self, hex: &Hex, p: usize) -> Vec<String> {
        let mut out = Vec::new();
        for c in 0..19 {
            let Cell::Die(o, a) = self.board[c] else {
                continue;
            };
            if o != p {
                continue;
            }
            for n in hex.neighbours(c) {
                if matches!(self.board[n], Cell::Die(q, d) if q != p && beats(a, d)) {
                    out.push(format!("{}x{}", hex.names[c], hex.names[n]));
                }
            }
        }
        out
    }

    fn moves(&self, hex: &Hex, opts: Opts, p: usize) -> Vec<String> {
        let mut out = Vec::new();
        for c in 0..19 {
            if !matches!(self.board[c], Cell::Die(o, _) if o == p) {
                continue;
            }
            for d in 0..6 {
                let mut at = None;
                let mut next = hex.next[c][d];
                while let Some(n) = next {
                    if self.board[n] != Cell::Empty {
                        break;
                    }
                    at = Some(n);
                    next = if opts.slide { hex.next[n][d] } else { None };
                }
                if let Some(t) = at {
                    out.push(format!("{}-{}", hex.names[c], hex.names[t]));
                }
            }
        }
        out
    }

    fn legal(&self, hex: &Hex, opts: Opts) -> Vec<String> {
        let p = self.mover;
        if self.chance {
            return (1..=6).map(|v| format!("roll:{v}")).collect();
        }
        let empty = (0..19).filter(|&c| self.board[c] == Cell::Empty);
        match self.phase {
            0 => empty
                .filter(|&c| !hex.neighbours(c).any(|n| self.board[n] == Cell::Obstacle))
                .map(|c| format!("X@{}", hex.names[c]))
                .collect(),
            1 => {
                let owner = if opts.cross { 1 - p } else { p };
                let cells: Vec<usize> = empty.collect();
                let mut out = Vec::new();
                for v in distinct(&self.reserve[owner]) {
                    let shown = if opts.random { self.rolled } else { v };
                    out.extend(cells.iter().map(|&c| format!("{shown}@{}", hex.names[c])));
                }
                out
            }
            _ => {
                let a = self.attacks(hex, p);
                if a.is_empty() {
                    self.moves(hex, opts, p)
                } else {
                    a
                }
            }
        }
    }

    fn scores(&self, opts: Opts) -> [i32; 2] {
        let mut s = [0; 2];
        for c in &self.board {
            if let Cell::Die(o, v) = c {
                s[*o] += v + if opts.pips { 0 } else { 1 };
            }
        }
        s
    }

    fn outcome(&self, hex: &Hex, opts: Opts) -> Option<(Option<usize>, [i32; 2], &'static str)> {
        if self.phase != 2 {
            return None;
        }
        let s = self.scores(opts);
        if let Some(p) = (0..2).find(|&p| self.count(p) == 0) {
            return Some((Some(1 - p), s, "no dice left"));
        }
        let attacks = self.attacks(hex, self.mover);
        if self.last_was_move && attacks.is_empty() {
            return Some((winner_by_score(&s), s, "no attack after a move"));
        }
        if attacks.is_empty() && self.moves(hex, opts, self.mover).is_empty() {
            return Some((winner_by_score(&s), s, "no legal move"));
        }
        None
    }

    /// The state after move `m`; also whether it was an attack.
    fn apply(&self, hex: &Hex, opts: Opts, m: &str) -> (Nay, bool) {
        let mut n = self.clone();
        let p = self.mover;
        if let Some(v) = m.strip_prefix("roll:") {
            n.chance = false;
            n.rolled = v.parse().unwrap();
            return (n, false);
        }
        if let Some(c) = m.strip_prefix("X@") {
            n.board[hex.index(c)] = Cell::Obstacle;
            n.obstacles_left -= 1;
            if n.obstacles_left > 0 {
                n.in_turn = true;
            } else {
                n.phase = 1;
                n.mover = 0;
                n.in_turn = false;
                n.chance = opts.random;
            }
            return (n, false);
        }
        if let Some((v, c)) = m.split_once('@') {
            let shown: i32 = v.parse().unwrap();
            let owner = if opts.cross { 1 - p } else { p };
            take(&mut n.reserve[owner], if opts.random { 0 } else { shown });
            n.board[hex.index(c)] = Cell::Die(owner, shown);
            if n.reserve[0].is_empty() && n.reserve[1].is_empty() {
                n.phase = 2;
                n.mover = 0;
            } else {
                n.mover = 1 - p;
                n.chance = opts.random;
            }
            return (n, false);
        }
        let attack = m.contains('x');
        let (a, b) = m.split_once(if attack { 'x' } else { '-' }).unwrap();
        let (a, b) = (hex.index(a), hex.index(b));
        let Cell::Die(_, v) = n.board[a] else {
            panic!("{m}: no die")
        };
        let value = match n.board[b] {
            Cell::Die(_, d) => d,
            _ => v,
        };
        n.board[b] = Cell::Die(p, value);
        n.board[a] = Cell::Empty;
        n.last_was_move = !attack;
        n.mover = 1 - p;
        (n, attack)
    }
}

fn naytin_game(
    engine: &mut Engine,
    view: &View,
    cells: &[tabula::CellId],
    hex: &Hex,
    opts: Opts,
    seed: u64,
) -> (Option<usize>, usize) {
    let mut rng = Rng::new(seed);
    let mut state = engine.initial_state().unwrap();
    let mut snap = Nay::read(view, cells, &state);
    let mut lost = [0usize; 2];
    let mut choices = Choices::default();
    let mut decisions = 0;
    let obstacles = if opts.no_obstacles { 0 } else { 3 };
    loop {
        let at = format!("Naytïn Six {opts:?} seed {seed}, step {decisions}");
        // Invariants.
        for (p, lost) in lost.iter().enumerate() {
            assert_eq!(
                snap.count(p) + snap.reserve[p].len() + lost,
                8,
                "{at}: player {p}'s dice"
            );
            let unrolled = |v: &i32| {
                if opts.random {
                    *v == 0
                } else {
                    (1..=6).contains(v)
                }
            };
            assert!(
                snap.reserve[p].iter().all(unrolled),
                "{at}: reserve {:?}",
                snap.reserve[p]
            );
        }
        assert!(
            snap.board
                .iter()
                .all(|c| !matches!(c, Cell::Die(_, v) if !(1..=6).contains(v))),
            "{at}: a value out of 1..6"
        );
        let placed = snap.board.iter().filter(|c| **c == Cell::Obstacle).count();
        if snap.phase == 0 {
            assert!(placed < 3, "{at}");
        } else {
            assert_eq!(placed, obstacles, "{at}: obstacles");
        }
        for c in 0..19 {
            if snap.board[c] == Cell::Obstacle {
                assert!(
                    hex.neighbours(c).all(|n| snap.board[n] != Cell::Obstacle),
                    "{at}: two obstacles side by side"
                );
            }
        }

        let want = snap.outcome(hex, opts);
        check_end(engine, &state, &want, &at);
        let texts = choices_text(engine, &state, &mut choices);
        if let Some((w, _, _)) = want {
            assert!(texts.is_empty(), "{at}: moves after the end");
            return (w, decisions);
        }
        assert_eq!(
            sorted(&texts),
            sorted(&snap.legal(hex, opts)),
            "{at}: legal moves\n{snap:?}"
        );
        assert!(decisions < MAX_DECISIONS, "{at}: the game does not end");

        let i = if snap.chance {
            assert!(
                choices
                    .weights
                    .iter()
                    .all(|&w| w == choices.weights[0] && w > 0),
                "{at}: the six rolls are equally likely"
            );
            rng.weighted(&choices.weights)
        } else {
            rng.below(texts.len() as u32) as usize
        };
        let steps = choices[i].to_vec();
        engine
            .apply(&mut state, &steps)
            .unwrap_or_else(|e| panic!("{at}: {} failed: {e}", texts[i]));
        let next = Nay::read(view, cells, &state);
        let (expect, attack) = snap.apply(hex, opts, &texts[i]);
        assert_eq!(next, expect, "{at}: after {}", texts[i]);
        if attack {
            lost[1 - snap.mover] += 1;
        }
        // Play starts on a board with no empty cell, or three without obstacles.
        if snap.phase == 1 && next.phase == 2 {
            let empty = next.board.iter().filter(|c| **c == Cell::Empty).count();
            assert_eq!(empty, 3 - obstacles, "{at}: empty cells when play starts");
        }
        snap = next;
        decisions += 1;
    }
}

#[test]
fn naytin_random_games_with_every_combination_of_options() {
    let names = [
        "cross-placement",
        "random-values",
        "pips-only",
        "no-obstacles",
        "slide",
    ];
    let hex = Hex::new();
    let n = random_game_count(20);
    for mask in 0u32..32 {
        let chosen: Vec<&str> = (0..5)
            .filter(|b| mask & (1 << b) != 0)
            .map(|b| names[b])
            .collect();
        let opts = Opts {
            cross: mask & 1 != 0,
            random: mask & 2 != 0,
            pips: mask & 4 != 0,
            no_obstacles: mask & 8 != 0,
            slide: mask & 16 != 0,
        };
        let g = game("naytin-six", &chosen);
        let mut engine = Engine::new(&g);
        let view = View::new(&g);
        let cells: Vec<tabula::CellId> = hex.names.iter().map(|c| view.index(c)).collect();
        let (mut wins, mut longest) = ([0u64; 3], 0);
        for i in 0..n {
            let (w, d) = naytin_game(
                &mut engine,
                &view,
                &cells,
                &hex,
                opts,
                u64::from(mask) * 1_000_000 + i,
            );
            wins[w.unwrap_or(2)] += 1;
            longest = longest.max(d);
        }
        eprintln!(
            "Naytïn Six {chosen:?}: {n} games, red {} blue {} draws {}, longest {longest} steps",
            wins[0], wins[1], wins[2]
        );
    }
}
