//! Helpers shared by the rules tests (tests/invictus_rules.rs, tests/naytin_rules.rs,
//! tests/random_games.rs): compiling a built-in game, building a position from a state
//! document (the format of interpreter/json/), listing the legal moves as sorted text,
//! playing moves, and reading cells, pools and counters back.
#![allow(dead_code)]

pub use serde_json::{json, Value};
pub use tabula::{CellId, Choices, Engine, Game, Holder, State, Status};

/// A rules file of the repository (an example), compiled without options.
pub fn example_game(path: &str) -> Game {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    tabula::compile(&tabula::Source::new(path, text), &[])
        .unwrap_or_else(|e| panic!("{path} does not compile:\n{e}"))
}

/// The value of the encoding's entry named `name`, in `view`.
pub fn entry_in(game: &Game, state: &State, view: tabula::ai::encode::View, name: &str) -> f32 {
    let e = tabula::ai::encode::Encoding::with_view(game, view).expect("an encoding");
    let i = e
        .names()
        .iter()
        .position(|n| n == name)
        .unwrap_or_else(|| panic!("no entry `{name}`"));
    e.dense(game, state)[i]
}

/// A built-in game compiled with the given options.
pub fn game(name: &str, options: &[&str]) -> Game {
    let text = tabula::games::built_in(name).unwrap_or_else(|| panic!("no built-in game `{name}`"));
    let source = tabula::Source::new(format!("games/{name}.tabula"), text);
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    match tabula::compile(&source, &options) {
        Ok(g) => g,
        Err(e) => panic!("{name} {options:?} does not compile:\n{e}"),
    }
}

/// A state read from a state document (fields left out are empty or 0).
pub fn state(game: &Game, doc: Value) -> State {
    let source = tabula::Source::new("test.json", doc.to_string());
    tabula::json::state_from_text(game, &source)
        .unwrap_or_else(|d| panic!("bad state document:\n{}\n{doc}", d.render(false)))
}

/// The `cells` object of a state document: (cell, owner, value) for each die.
pub fn dice(list: &[(&str, &str, i32)]) -> Value {
    let mut cells = serde_json::Map::new();
    for (cell, owner, value) in list {
        let old = cells.insert(
            cell.to_string(),
            json!({"owner": owner, "piece": "die", "value": value}),
        );
        assert!(old.is_none(), "cell {cell} given twice");
    }
    Value::Object(cells)
}

/// Sorted owned strings, for comparing with `moves`.
pub fn sorted<S: AsRef<str>>(list: &[S]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.as_ref().to_string()).collect();
    v.sort();
    v
}

/// The legal choices at this point as text, sorted (empty when the game is over).
pub fn moves(engine: &mut Engine, state: &State) -> Vec<String> {
    let mut choices = Choices::default();
    engine.legal(state, &mut choices).expect("legal");
    let mut out: Vec<String> = (0..choices.len())
        .map(|i| engine.choice_text(state, &choices[i]).expect("choice_text"))
        .collect();
    out.sort();
    let mut dedup = out.clone();
    dedup.dedup();
    assert_eq!(out, dedup, "two legal choices print the same");
    out
}

/// Plays one move given as text; panics when it is not legal.
pub fn play(engine: &mut Engine, state: &mut State, text: &str) {
    engine
        .play_text(state, text)
        .unwrap_or_else(|e| panic!("playing `{text}`: {e}"));
}

/// Plays moves in order.
pub fn play_all(engine: &mut Engine, state: &mut State, texts: &[&str]) {
    for t in texts {
        play(engine, state, t);
    }
}

/// Whether a move given as text is refused (the state is left unchanged).
pub fn refused(engine: &mut Engine, state: &State, text: &str) -> bool {
    let mut copy = state.clone();
    let refused = engine.play_text(&mut copy, text).is_err();
    if refused {
        assert_eq!(&copy, state, "a refused move changed the state");
    }
    refused
}

/// The state as a document, for reading fields back.
pub fn doc(game: &Game, state: &State) -> Value {
    tabula::json::state_to_json(game, state)
}

pub fn to_move(game: &Game, state: &State) -> String {
    game.players()[state.mover().index()].clone()
}

pub fn phase(game: &Game, state: &State) -> String {
    game.rules().phases[state.phase().index()].name.clone()
}

/// A counter kept once for the game.
pub fn counter(game: &Game, state: &State, name: &str) -> i64 {
    let d = doc(game, state);
    d["counters"][name]
        .as_i64()
        .unwrap_or_else(|| panic!("no counter {name} in {}", d["counters"]))
}

/// A counter kept per player.
pub fn counter_of(game: &Game, state: &State, name: &str, player: &str) -> i64 {
    let d = doc(game, state);
    d["counters"][name][player]
        .as_i64()
        .unwrap_or_else(|| panic!("no counter {name}[{player}] in {}", d["counters"]))
}

/// The values in a player's pool, ascending.
pub fn pool_of(game: &Game, state: &State, name: &str, player: &str) -> Vec<i64> {
    let d = doc(game, state);
    d["pools"][name][player]
        .as_array()
        .unwrap_or_else(|| panic!("no pool {name}[{player}]"))
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect()
}

/// A cell's contents as (owner or "", piece, value); None when empty.
pub fn cell(game: &Game, state: &State, name: &str) -> Option<(String, String, i64)> {
    assert!(game.rules().board.cell(name).is_some(), "no cell {name}");
    let d = doc(game, state);
    let c = d["cells"].get(name)?;
    Some((
        c["owner"].as_str().unwrap_or("").to_string(),
        c["piece"].as_str().unwrap_or("").to_string(),
        c["value"].as_i64().unwrap_or(0),
    ))
}

/// A die's (owner, value) on a cell; None when the cell is empty.
pub fn die(game: &Game, state: &State, name: &str) -> Option<(String, i64)> {
    cell(game, state, name).map(|(o, p, v)| {
        assert_eq!(p, "die", "{name} holds a {p}");
        (o, v)
    })
}

/// The outcome as (winner name or "draw", scores, reason); None while the game goes on.
pub fn result(engine: &mut Engine, state: &State) -> Option<(String, Vec<i32>, String)> {
    let game = engine.game();
    engine.outcome(state).unwrap().map(|o| {
        (
            o.winner
                .map_or("draw".to_string(), |w| game.players()[w.index()].clone()),
            o.scores,
            o.reason,
        )
    })
}

/// Whether the game is over, checked three ways that must agree.
pub fn is_over(engine: &mut Engine, state: &State) -> bool {
    let by_outcome = engine.outcome(state).unwrap().is_some();
    let by_status = matches!(engine.status(state).unwrap(), Status::Over(_));
    assert_eq!(by_outcome, by_status, "outcome and status disagree");
    if by_outcome {
        assert!(
            moves(engine, state).is_empty(),
            "a finished game has legal moves"
        );
    }
    by_outcome
}

/// Reads engine states without going through JSON, for the long random-game runs.
pub struct View<'g> {
    pub game: &'g Game,
}

impl<'g> View<'g> {
    pub fn new(game: &'g Game) -> View<'g> {
        View { game }
    }

    /// The engine's id of a named cell.
    pub fn index(&self, name: &str) -> CellId {
        self.game
            .rules()
            .board
            .cell_id(name)
            .unwrap_or_else(|| panic!("no cell {name}"))
    }

    /// (owner, piece name, value) of a cell; owner None for a neutral piece.
    pub fn at(&self, state: &State, cell: CellId) -> Option<(Option<usize>, &'g str, i32)> {
        let w = state.cell(self.game, cell);
        let owner = match w.holder() {
            Holder::Empty => return None,
            Holder::Neutral => None,
            Holder::Player(p) => Some(p.index()),
        };
        Some((
            owner,
            self.game.rules().pieces[w.piece() as usize].name.as_str(),
            w.value(),
        ))
    }

    pub fn counter(&self, state: &State, name: &str, player: usize) -> i32 {
        let c = self
            .game
            .rules()
            .counters
            .iter()
            .find(|c| c.name == name)
            .unwrap_or_else(|| panic!("no counter {name}"));
        state.words()[c.base + if c.per_player { player } else { 0 }]
    }

    /// The values in a pool, ascending.
    pub fn pool(&self, state: &State, name: &str, player: usize) -> Vec<i32> {
        let p = self
            .game
            .rules()
            .pools
            .iter()
            .find(|p| p.name == name)
            .unwrap_or_else(|| panic!("no pool {name}"));
        let base = p.base + if p.per_player { player * p.width() } else { 0 };
        let mut out = Vec::new();
        for i in 0..p.width() {
            for _ in 0..state.words()[base + i].max(0) {
                out.push(p.low + i as i32);
            }
        }
        out
    }

    pub fn phase(&self, state: &State) -> &'g str {
        self.game.rules().phases[state.phase().index()]
            .name
            .as_str()
    }
}

/// How many random games each random-game test plays: `TABULA_LONG=1` asks for
/// 10,000, otherwise `short`.
pub fn random_game_count(short: u64) -> u64 {
    match std::env::var("TABULA_LONG") {
        Ok(v) if v == "1" => 10_000,
        _ => short,
    }
}

/// The Naytïn Six board as RULES.md §3 draws it: for each cell, its neighbour to the E,
/// W, NE, NW, SE and SW ("-" at the edge). Copied from the table in RULES.md.
pub const NAYTIN_NEIGHBOURS: &str = "
    a1    a2  -   -   -   b2  b1
    a2    a3  a1  -   -   b3  b2
    a3    -   a2  -   -   b4  b3
    b1    b2  -   a1  -   c2  c1
    b2    b3  b1  a2  a1  c3  c2
    b3    b4  b2  a3  a2  c4  c3
    b4    -   b3  -   a3  c5  c4
    c1    c2  -   b1  -   d1  -
    c2    c3  c1  b2  b1  d2  d1
    c3    c4  c2  b3  b2  d3  d2
    c4    c5  c3  b4  b3  d4  d3
    c5    -   c4  -   b4  -   d4
    d1    d2  -   c2  c1  e1  -
    d2    d3  d1  c3  c2  e2  e1
    d3    d4  d2  c4  c3  e3  e2
    d4    -   d3  c5  c4  -   e3
    e1    e2  -   d2  d1  -   -
    e2    e3  e1  d3  d2  -   -
    e3    -   e2  d4  d3  -   -
";

/// The Naytïn Six directions, in the order of `NAYTIN_NEIGHBOURS`' columns.
pub const NAYTIN_DIRECTIONS: [&str; 6] = ["e", "w", "ne", "nw", "se", "sw"];

/// The 19 cells in order, each with its neighbour in each direction (index into the list).
pub fn naytin_board() -> Vec<(String, [Option<usize>; 6])> {
    let rows: Vec<Vec<&str>> = NAYTIN_NEIGHBOURS
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    let names: Vec<&str> = rows.iter().map(|r| r[0]).collect();
    rows.iter()
        .map(|r| {
            let mut n = [None; 6];
            for (d, slot) in n.iter_mut().enumerate() {
                *slot = names.iter().position(|x| *x == r[d + 1]);
            }
            (r[0].to_string(), n)
        })
        .collect()
}
