//! Backgammon positions in the oracle's 28-int "neutral" encoding, converted to and from
//! tabula states of games/backgammon.tabula, and the oracle comparison itself.
//!
//! Shared by `examples/bg-oracle.rs` (through `#[path]`) and by the backgammon tests
//! (`mod backgammon_support;`). It lives in a folder so that cargo does not build it as
//! a test of its own.
//!
//! The neutral encoding (see tools/bg-oracle/README.md) is from the point of
//! view of the player to move ("mover"): index k-1 is the mover's point k (the mover
//! moves 24 -> 1), a positive value counts mover checkers, a negative one opponent
//! checkers; then mover bar, opponent bar, mover off, opponent off.
//! Tabula's board names points in White's numbering, so the mover's point k is cell k
//! when the mover is White, and cell 25-k when the mover is Black.

#![allow(dead_code)]

use std::collections::BTreeSet;
use std::fmt::Write as _;

use serde_json::{json, Map, Value};
use tabula::{Choices, Engine, Game, Source, State, Status};

/// A position from the mover's point of view (the oracle's 28 ints).
pub type Neutral = [i32; 28];

pub const MOVER_BAR: usize = 24;
pub const OPPONENT_BAR: usize = 25;
pub const MOVER_OFF: usize = 26;
pub const OPPONENT_OFF: usize = 27;

/// The standard start, the mover to play.
pub const START: Neutral = [
    -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0, 0, 0, 0,
];

/// Which of tabula's players the mover is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    pub const BOTH: [Colour; 2] = [Colour::White, Colour::Black];

    pub fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
        }
    }

    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// Tabula's cell name of this player's own point `k` (1..24).
    pub fn cell_of_point(self, k: usize) -> String {
        match self {
            Colour::White => k.to_string(),
            Colour::Black => (25 - k).to_string(),
        }
    }
}

/// The position seen from the other player's side (the README's `flip`).
pub fn flip(e: &Neutral) -> Neutral {
    let mut f = [0; 28];
    for i in 0..24 {
        f[i] = -e[23 - i];
    }
    f[MOVER_BAR] = e[OPPONENT_BAR];
    f[OPPONENT_BAR] = e[MOVER_BAR];
    f[MOVER_OFF] = e[OPPONENT_OFF];
    f[OPPONENT_OFF] = e[MOVER_OFF];
    f
}

/// Checkers of (mover, opponent) on the points, bar and tray together.
pub fn totals(e: &Neutral) -> (i32, i32) {
    let mover = e[..24].iter().filter(|&&v| v > 0).sum::<i32>() + e[MOVER_BAR] + e[MOVER_OFF];
    let opponent =
        -e[..24].iter().filter(|&&v| v < 0).sum::<i32>() + e[OPPONENT_BAR] + e[OPPONENT_OFF];
    (mover, opponent)
}

/// Builds a neutral position from lists of (mover's point, count): mover's checkers,
/// opponent's checkers (points in the MOVER's numbering), then bar and off counts.
pub fn neutral(
    mover: &[(usize, i32)],
    opponent: &[(usize, i32)],
    bar: (i32, i32),
    off: (i32, i32),
) -> Neutral {
    let mut e = [0; 28];
    for &(k, n) in mover {
        e[k - 1] += n;
    }
    for &(k, n) in opponent {
        e[k - 1] -= n;
    }
    e[MOVER_BAR] = bar.0;
    e[OPPONENT_BAR] = bar.1;
    e[MOVER_OFF] = off.0;
    e[OPPONENT_OFF] = off.1;
    e
}

/// The JSON state document of a position with `mover` to play `dice` (already rolled,
/// doubles given four times), phase `play`, past the opening roll (`turns` = 1).
/// Everything else (the cube, match counters...) is as in the game's initial state, so
/// counters the rules file adds later keep their declared starting values.
pub fn state_document(
    game: &Game,
    e: &Neutral,
    mover: Colour,
    dice: &[i32],
) -> Result<Value, String> {
    let initial = Engine::new(game)
        .initial_state()
        .map_err(|e| e.to_string())?;
    let mut doc = tabula::json::state_to_json(game, &initial);
    let opponent = mover.other();
    let mut cells = Map::new();
    let checker = |owner: Colour, count: i32| json!({"owner": owner.name(), "piece": "checker", "count": count});
    for k in 1..=24 {
        let v = e[k - 1];
        if v != 0 {
            let owner = if v > 0 { mover } else { opponent };
            cells.insert(mover.cell_of_point(k), checker(owner, v.abs()));
        }
    }
    let zones = [
        (MOVER_BAR, "bar", mover),
        (OPPONENT_BAR, "bar", opponent),
        (MOVER_OFF, "off", mover),
        (OPPONENT_OFF, "off", opponent),
    ];
    for (i, zone, owner) in zones {
        if e[i] != 0 {
            cells.insert(format!("{zone}-{}", owner.name()), checker(owner, e[i]));
        }
    }
    let obj = doc.as_object_mut().ok_or("a state document is an object")?;
    obj.insert("phase".into(), json!("play"));
    obj.insert("to_move".into(), json!(mover.name()));
    if obj.contains_key("turn_of") {
        obj.insert("turn_of".into(), json!(mover.name()));
    }
    obj.insert("chance".into(), Value::Null);
    obj.insert("in_turn".into(), json!(false));
    obj.insert("cells".into(), Value::Object(cells));
    obj.entry("pools").or_insert_with(|| json!({}))["dice"] = json!(dice);
    let counters = obj.entry("counters").or_insert_with(|| json!({}));
    counters["turns"] = json!(1);
    counters["used"] = json!(0);
    counters["pips"] = json!(0);
    Ok(doc)
}

/// The dice pool for a roll: doubles are played four times.
pub fn dice_pool(high: i32, low: i32) -> Vec<i32> {
    if high == low {
        vec![high; 4]
    } else {
        vec![high, low]
    }
}

/// A tabula state of the position, `mover` to play the dice (see `state_document`).
pub fn to_state(game: &Game, e: &Neutral, mover: Colour, dice: &[i32]) -> Result<State, String> {
    let doc = state_document(game, e, mover, dice)?;
    tabula::json::state_from_text(game, &Source::new("position.json", doc.to_string()))
        .map_err(|d| format!("{d}\n{doc}"))
}

/// Reads a tabula state back as a neutral position from `mover`'s point of view (through
/// the documented state format, so it does not depend on the engine's internals).
pub fn from_state(game: &Game, state: &State, mover: Colour) -> Result<Neutral, String> {
    let doc = tabula::json::state_to_json(game, state);
    let cells = doc["cells"].as_object().ok_or("the state has no cells")?;
    let mut e = [0; 28];
    for (name, c) in cells {
        let owner = match c["owner"].as_str() {
            Some(o) if o == mover.name() => 1,
            Some(o) if o == mover.other().name() => -1,
            _ => return Err(format!("cell {name}: no owner in {c}")),
        };
        if c["piece"] != "checker" {
            return Err(format!("cell {name}: not a checker: {c}"));
        }
        let count = c
            .get("count")
            .map_or(Some(1), Value::as_i64)
            .ok_or_else(|| format!("cell {name}: bad count"))? as i32;
        let index = match name.as_str() {
            "bar-white" | "bar-black" | "off-white" | "off-black" => {
                let zone_owner = if name.ends_with(mover.name()) { 1 } else { -1 };
                if zone_owner != owner {
                    return Err(format!("cell {name} holds the other player's checkers"));
                }
                match (name.starts_with("bar"), owner > 0) {
                    (true, true) => MOVER_BAR,
                    (true, false) => OPPONENT_BAR,
                    (false, true) => MOVER_OFF,
                    (false, false) => OPPONENT_OFF,
                }
            }
            _ => {
                let cell: usize = name
                    .parse()
                    .map_err(|_| format!("unexpected cell {name}"))?;
                if !(1..=24).contains(&cell) {
                    return Err(format!("unexpected cell {name}"));
                }
                let k = match mover {
                    Colour::White => cell,
                    Colour::Black => 25 - cell,
                };
                e[k - 1] = owner * count;
                continue;
            }
        };
        e[index] = count;
    }
    Ok(e)
}

/// Every legal complete turn of `state`: (tabula's text of the turn, resulting position
/// from `mover`'s point of view), in tabula's order. Checks on the way that each result
/// keeps 15 checkers a side and hands the turn over (or ends the game).
pub fn turn_results(
    engine: &mut Engine,
    state: &State,
    mover: Colour,
) -> Result<Vec<(String, Neutral)>, String> {
    let game = engine.game();
    let mut choices = Choices::default();
    engine
        .legal(state, &mut choices)
        .map_err(|e| e.to_string())?;
    let mut out = Vec::with_capacity(choices.len());
    for i in 0..choices.len() {
        let steps = choices[i].to_vec();
        let text = engine
            .choice_text(state, &steps)
            .map_err(|e| e.to_string())?;
        let mut child = state.clone();
        engine
            .apply(&mut child, &steps)
            .map_err(|e| format!("{text}: {e}"))?;
        let e = from_state(game, &child, mover)?;
        if totals(&e) != (15, 15) {
            return Err(format!(
                "{text}: checkers (mover, opponent) = {:?}, not 15 each",
                totals(&e)
            ));
        }
        // The turn is over: the game has ended, or the opponent is to roll (or to
        // decide first whether to double).
        let over = matches!(engine.status(&child).unwrap(), Status::Over(_));
        if !over && game.players()[child.mover().index()] != mover.other().name() {
            return Err(format!(
                "{text}: after the turn {} is to move, not the opponent",
                game.players()[child.mover().index()]
            ));
        }
        out.push((text, e));
    }
    Ok(out)
}

/// One oracle line: a position, the roll, every distinct legal result.
#[derive(Debug, Clone)]
pub struct OracleCase {
    pub line: usize,
    pub position: Neutral,
    pub dice: (i32, i32),
    pub results: BTreeSet<Neutral>,
    pub tags: Vec<String>,
}

fn neutral_of(v: &Value) -> Result<Neutral, String> {
    let list = v.as_array().ok_or_else(|| format!("not a list: {v}"))?;
    if list.len() != 28 {
        return Err(format!("{} ints, not 28", list.len()));
    }
    let mut e = [0; 28];
    for (slot, x) in e.iter_mut().zip(list) {
        *slot = x.as_i64().ok_or_else(|| format!("not an int: {x}"))? as i32;
    }
    Ok(e)
}

/// Parses the oracle's JSON lines (blank lines skipped).
pub fn parse_oracle(text: &str) -> Result<Vec<OracleCase>, String> {
    let mut cases = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = |m: String| format!("line {}: {m}", n + 1);
        let v: Value = serde_json::from_str(line).map_err(|e| at(e.to_string()))?;
        let position = neutral_of(&v["position"]).map_err(at)?;
        let dice = v["dice"]
            .as_array()
            .filter(|d| d.len() == 2)
            .ok_or_else(|| at("dice: expected [high, low]".into()))?;
        let die = |x: &Value| x.as_i64().filter(|d| (1..=6).contains(d)).map(|d| d as i32);
        let (Some(high), Some(low)) = (die(&dice[0]), die(&dice[1])) else {
            return Err(at(format!("bad dice {:?}", dice)));
        };
        let results = v["results"]
            .as_array()
            .ok_or_else(|| at("no results".into()))?;
        let results = results
            .iter()
            .map(neutral_of)
            .collect::<Result<BTreeSet<_>, _>>()
            .map_err(at)?;
        let tags = v["tags"].as_array().map_or(Vec::new(), |t| {
            t.iter()
                .filter_map(|x| x.as_str().map(String::from))
                .collect()
        });
        cases.push(OracleCase {
            line: n + 1,
            position,
            dice: (high, low),
            results,
            tags,
        });
    }
    Ok(cases)
}

/// How tabula and the oracle disagree on one position for one colour of the mover.
#[derive(Debug, Clone)]
pub struct Mismatch {
    pub line: usize,
    pub mover: Colour,
    pub position: Neutral,
    pub dice: (i32, i32),
    pub tags: Vec<String>,
    /// Results the oracle has and tabula lacks.
    pub missing: Vec<Neutral>,
    /// Results tabula has and the oracle lacks, with tabula's move text.
    pub extra: Vec<(String, Neutral)>,
    /// Tabula turns that reach the same position as another (should be merged).
    pub duplicates: Vec<String>,
    /// Tabula failed outright.
    pub error: Option<String>,
}

/// Compares tabula with one oracle line, the mover playing `mover`.
pub fn check_case(engine: &mut Engine, case: &OracleCase, mover: Colour) -> Option<Mismatch> {
    let mut m = Mismatch {
        line: case.line,
        mover,
        position: case.position,
        dice: case.dice,
        tags: case.tags.clone(),
        missing: Vec::new(),
        extra: Vec::new(),
        duplicates: Vec::new(),
        error: None,
    };
    let dice = dice_pool(case.dice.0, case.dice.1);
    let ours = to_state(engine.game(), &case.position, mover, &dice)
        .and_then(|s| turn_results(engine, &s, mover));
    let ours = match ours {
        Ok(r) => r,
        Err(e) => {
            m.error = Some(e);
            return Some(m);
        }
    };
    let mut seen = BTreeSet::new();
    for (text, e) in &ours {
        if !seen.insert(*e) {
            m.duplicates.push(text.clone());
        }
        if !case.results.contains(e) {
            m.extra.push((text.clone(), *e));
        }
    }
    m.missing = case
        .results
        .iter()
        .filter(|r| !seen.contains(*r))
        .copied()
        .collect();
    if m.missing.is_empty() && m.extra.is_empty() && m.duplicates.is_empty() {
        None
    } else {
        Some(m)
    }
}

/// Checks every case with the mover as White and as Black.
pub fn check_all(engine: &mut Engine, cases: &[OracleCase]) -> Vec<Mismatch> {
    let mut out = Vec::new();
    for case in cases {
        for colour in Colour::BOTH {
            out.extend(check_case(engine, case, colour));
        }
    }
    out
}

/// A position as a small board, from the mover's side: points 13..24 on top, 12..1
/// below; `+n` mover's checkers, `-n` the opponent's.
pub fn board_text(e: &Neutral) -> String {
    let cell = |v: i32| {
        if v == 0 {
            "  .".to_string()
        } else {
            format!("{v:+3}")
        }
    };
    let row = |points: &mut dyn Iterator<Item = usize>| {
        let (mut head, mut body) = (String::new(), String::new());
        for (i, k) in points.enumerate() {
            if i == 6 {
                head.push_str(" |");
                body.push_str(" |");
            }
            let _ = write!(head, "{k:>3}");
            body.push_str(&cell(e[k - 1]));
        }
        (head, body)
    };
    let (h1, b1) = row(&mut (13..=24));
    let (h2, b2) = row(&mut (1..=12).rev());
    format!(
        "    {h1}\n    {b1}\n    {b2}\n    {h2}\n    bar: mover {}, opponent {}; off: mover {}, opponent {}",
        e[MOVER_BAR], e[OPPONENT_BAR], e[MOVER_OFF], e[OPPONENT_OFF]
    )
}

/// What a result changed from the position, point by point (`13: 5 -> 4`).
pub fn change_text(from: &Neutral, to: &Neutral) -> String {
    let name = |i: usize| match i {
        MOVER_BAR => "bar".to_string(),
        OPPONENT_BAR => "opp-bar".to_string(),
        MOVER_OFF => "off".to_string(),
        OPPONENT_OFF => "opp-off".to_string(),
        k => (k + 1).to_string(),
    };
    let parts: Vec<String> = (0..28)
        .rev()
        .filter(|&i| from[i] != to[i])
        .map(|i| format!("{}: {} -> {}", name(i), from[i], to[i]))
        .collect();
    if parts.is_empty() {
        "no change".into()
    } else {
        parts.join(", ")
    }
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "line {}: mover as {}, dice {}-{}, tags [{}]",
            self.line,
            self.mover.name(),
            self.dice.0,
            self.dice.1,
            self.tags.join(", ")
        )?;
        writeln!(f, "{}", board_text(&self.position))?;
        if let Some(e) = &self.error {
            writeln!(f, "  tabula failed: {e}")?;
        }
        for r in &self.missing {
            writeln!(
                f,
                "  missing (oracle only): {}",
                change_text(&self.position, r)
            )?;
        }
        for (text, r) in &self.extra {
            writeln!(
                f,
                "  extra (tabula only):   {text:<24} {}",
                change_text(&self.position, r)
            )?;
        }
        for text in &self.duplicates {
            writeln!(f, "  duplicate result:      {text}")?;
        }
        Ok(())
    }
}

/// The backgammon game compiled with `options`.
pub fn game(options: &[&str]) -> Game {
    let text = tabula::games::built_in("backgammon").expect("backgammon is built in");
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    match tabula::compile(&Source::new("games/backgammon.tabula", text), &options) {
        Ok(g) => g,
        Err(e) => panic!("games/backgammon.tabula does not compile: {e}"),
    }
}
