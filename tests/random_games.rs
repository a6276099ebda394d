//! Random games of Invictus (base game) and of Naytïn Six (all 32 combinations of its five
//! options), checked at every single step against a small independent model of RULES.md
//! written here: at each decision the engine's legal moves must be exactly the model's,
//! the engine's state after the chosen move must be exactly the model's, and the end
//! (winner, scores, reason) must agree. On top of that the invariants of each game are
//! checked (dice conserved, values 1..6, no die moving backward, obstacles 3 or 0...).
//!
//! `cargo test` plays 20 games per game and option combination. With the environment
//! variable `TABULA_LONG=1` each plays 10,000 instead; run that in release:
//! `TABULA_LONG=1 cargo test --release --test random_games`.

mod common;
use common::*;
use tabula::engine::rng::Rng;

/// A game that runs past this many decisions fails the test (neither game comes near it:
/// Invictus needs a few hundred, Naytïn Six a few dozen).
const MAX_DECISIONS: usize = 20_000;

/// The legal choices as text (in the engine's order) with their chance weights.
fn choices_text(engine: &mut Engine, state: &State, choices: &mut Choices) -> Vec<String> {
    engine.legal(state, choices).expect("legal");
    (0..choices.len())
        .map(|i| {
            engine
                .choice_text(state, choices.get(i))
                .expect("choice_text")
        })
        .collect()
}

fn winner_by_score(scores: &[i32; 2]) -> Option<usize> {
    match scores[0].cmp(&scores[1]) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    }
}

/// Compares the engine's end with the model's: (winner, scores, reason).
fn check_end(
    engine: &mut Engine,
    state: &State,
    want: &Option<(Option<usize>, [i32; 2], &str)>,
    at: &str,
) {
    let got = engine
        .outcome(state)
        .map(|o| (o.winner, o.scores.clone(), o.reason.clone()));
    let want = want
        .as_ref()
        .map(|(w, s, r)| (*w, s.to_vec(), r.to_string()));
    assert_eq!(got, want, "{at}: the end");
}

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

fn distinct(v: &[i32]) -> Vec<i32> {
    let mut d = v.to_vec();
    d.sort();
    d.dedup();
    d
}

fn take(v: &mut Vec<i32>, x: i32) {
    let k = v
        .iter()
        .position(|&y| y == x)
        .unwrap_or_else(|| panic!("no {x} in {v:?}"));
    v.remove(k);
}

impl Inv {
    fn read(view: &View, cells: &[i32], state: &State) -> Inv {
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
            mover: state.mover(),
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
    cells: &[i32],
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
        let steps = choices.get(i).to_vec();
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
    let cells: Vec<i32> = (0..81).map(|i| view.index(&inv_name(i))).collect();
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
    fn read(view: &View, cells: &[i32], state: &State) -> Nay {
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
            mover: state.mover(),
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
    cells: &[i32],
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
        let steps = choices.get(i).to_vec();
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
        let cells: Vec<i32> = hex.names.iter().map(|c| view.index(c)).collect();
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
