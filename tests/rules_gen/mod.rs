//! Rules files written at random for the tests that compare two ways of running the
//! same rules (tests/rewrites.rs): small boards (grids, hexes, lines, a zone), two
//! piece kinds, a region, a track, counters of each type, a pool, an option, a chance
//! event, two to four actions made of random generators (`for`, `let`, `where`) with
//! random effects and playout weights, a phase deciding actions or whole turns (with
//! `continue`, `prefer`, `maximize`, `stuck`), end rules, a score and `show` lines,
//! all over random
//! expressions. The shapes the compiler rewrites are written often on purpose: a
//! loop over cells followed by an owner test, the same inside every kind of aggregate
//! (`all` among them), `and`s to split, conditions that read only outer loops (to be
//! hoisted), constants and options to fold.
//!
//! Every file is meant to pass the checker; the test fails on one that does not, so
//! a mistake here is seen.
#![allow(dead_code)]

use tabula::engine::rng::Rng;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ty {
    Cell,
    Int,
    Player,
}

struct Writer {
    rng: Rng,
    cells: Vec<String>,
    dirs: Vec<&'static str>,
    /// Names in scope with their types.
    scope: Vec<(String, Ty)>,
    fresh: usize,
    /// The names bound so far by the move being written: its `for`s and `let`s and the
    /// variables of the aggregates in its conditions (a move binds at most 12).
    binders: usize,
    /// Whether `can()` may be used (not inside a move's own generators).
    may_ask_can: bool,
}

impl Writer {
    fn below(&mut self, n: usize) -> usize {
        self.rng.below(n as u32) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<T: Clone>(&mut self, list: &[T]) -> T {
        let i = self.below(list.len());
        list[i].clone()
    }

    fn fresh(&mut self, stem: &str) -> String {
        self.fresh += 1;
        format!("{stem}{}", self.fresh)
    }

    fn locals(&self, ty: Ty) -> Vec<String> {
        self.scope
            .iter()
            .filter(|(_, t)| *t == ty)
            .map(|(n, _)| n.clone())
            .collect()
    }

    fn cell_const(&mut self) -> String {
        let c = self.pick(&self.cells.clone());
        format!("#{c}")
    }

    fn cell(&mut self, depth: usize) -> String {
        let locals = self.locals(Ty::Cell);
        if !locals.is_empty() && self.chance(60) {
            return self.pick(&locals);
        }
        if depth == 0 {
            return match self.below(4) {
                0 => "none".into(),
                1 => "last".into(),
                _ => self.cell_const(),
            };
        }
        let d = depth - 1;
        match self.below(8) {
            6 => format!("bin[{}]", self.some_player()),
            7 => format!("at(u[{}], {})", self.some_player(), self.int(d)),
            0 => format!("step({}, {})", self.cell(d), self.dir()),
            1 => format!("slide({}, {})", self.cell(d), self.dir()),
            2 => format!("at(t, {})", self.int(d)),
            3 => format!("step({}, {}, {})", self.cell(d), self.dir(), self.int(d)),
            _ => self.cell(0),
        }
    }

    fn dir(&mut self) -> String {
        let dirs = self.dirs.clone();
        self.pick(&dirs).to_string()
    }

    fn player(&mut self, depth: usize) -> String {
        let locals = self.locals(Ty::Player);
        if !locals.is_empty() && self.chance(50) {
            return self.pick(&locals);
        }
        match self.below(if depth == 0 { 5 } else { 7 }) {
            0 => "mover".into(),
            1 => "opponent".into(),
            2 => "a".into(),
            3 => "b".into(),
            4 => "none".into(),
            5 => format!("owner({})", self.cell(depth - 1)),
            _ => format!("opponent({})", self.some_player()),
        }
    }

    /// A player that has counters: never `none`.
    fn some_player(&mut self) -> String {
        let mut options = vec![
            "mover".to_string(),
            "opponent".into(),
            "a".into(),
            "b".into(),
        ];
        options.extend(self.locals(Ty::Player));
        self.pick(&options)
    }

    fn int_leaf(&mut self) -> String {
        let locals = self.locals(Ty::Int);
        if !locals.is_empty() && self.chance(40) {
            return self.pick(&locals);
        }
        match self.below(12) {
            0 => format!("count({})", self.cell(1)),
            1 => format!("value({})", self.cell(1)),
            2 => format!("k[{}]", self.some_player()),
            3 => "m".into(),
            4 => "size(bag)".into(),
            5 => format!("pos(t, {})", self.cell(1)),
            6 => "length(t)".into(),
            11 => format!("pos(u[{}], {})", self.some_player(), self.cell(1)),
            7 => "(if option(o) then 2 else 1)".into(),
            _ => format!("{}", self.below(7) as i32 - 2),
        }
    }

    fn int(&mut self, depth: usize) -> String {
        if depth == 0 || self.chance(30) {
            return self.int_leaf();
        }
        let d = depth - 1;
        match self.below(15) {
            0 => format!("({} + {})", self.int(d), self.int(d)),
            1 => format!("({} - {})", self.int(d), self.int(d)),
            2 => format!("({} * {})", self.int(d), self.int(d)),
            3 => format!("({} / {})", self.int(d), self.int(d)),
            4 => format!("({} % {})", self.int(d), self.int(d)),
            5 => format!("-({})", self.int(d)),
            6 => format!("abs({})", self.int(d)),
            7 => format!("min({}, {})", self.int(d), self.int(d)),
            8 => format!("max({}, {})", self.int(d), self.int(d)),
            9 => format!(
                "(if {} then {} else {})",
                self.bool(d),
                self.int(d),
                self.int(d)
            ),
            10 => format!("run({}, {}, {})", self.cell(d), self.dir(), self.player(d)),
            11 => format!("liberties({})", self.cell(d)),
            _ => self.aggregate(d, ["count", "sum", "min", "max"]),
        }
    }

    /// A domain for a variable of type `ty` (cells most often).
    fn domain(&mut self, depth: usize) -> (String, Ty) {
        match self.below(10) {
            0 => ("players".into(), Ty::Player),
            1 => ("1..3".into(), Ty::Int),
            2 => ("bag".into(), Ty::Int),
            3 => (format!("0..{}", self.int(depth.min(1))), Ty::Int),
            4 => (format!("neighbours({})", self.cell(depth.min(1))), Ty::Cell),
            5 => ("r".into(), Ty::Cell),
            6 if self.chance(50) => ("t".into(), Ty::Cell),
            6 => (format!("u[{}]", self.some_player()), Ty::Cell),
            7 => (
                format!("{}..{}", self.cell_const(), self.cell_const()),
                Ty::Cell,
            ),
            8 if self.chance(50) => (format!("group({})", self.cell(depth.min(1))), Ty::Cell),
            _ => ("cells".into(), Ty::Cell),
        }
    }

    /// A condition on a new variable `x` of type `ty`: often an owner test first.
    fn condition_on(&mut self, x: &str, ty: Ty, depth: usize) -> String {
        if ty == Ty::Cell && self.chance(50) {
            let p = self.player(1);
            let owner = if self.chance(50) {
                format!("owner({x}) == {p}")
            } else {
                format!("{p} == owner({x})")
            };
            return match self.below(3) {
                0 => owner,
                _ => format!("{owner} and {}", self.bool(depth)),
            };
        }
        self.bool(depth)
    }

    fn aggregate<const N: usize>(&mut self, depth: usize, ops: [&str; N]) -> String {
        let op = self.pick(&ops);
        let (domain, ty) = self.domain(depth);
        let x = self.fresh("c");
        // The variable, and the slot the checker keeps for the loop itself.
        self.binders += 2;
        self.scope.push((x.clone(), ty));
        let filter = if self.chance(85) {
            format!(" where {}", self.condition_on(&x, ty, depth))
        } else {
            String::new()
        };
        let value = match op {
            "sum" | "min" | "max" if ty != Ty::Int || self.chance(60) => {
                format!(" : {}", self.int(depth))
            }
            _ => String::new(),
        };
        self.scope.pop();
        format!("{op}({x} in {domain}{filter}{value})")
    }

    fn bool(&mut self, depth: usize) -> String {
        if depth == 0 || self.chance(25) {
            return self.bool_leaf();
        }
        let d = depth - 1;
        match self.below(9) {
            0 => format!("({} and {})", self.bool(d), self.bool(d)),
            1 => format!("({} or {})", self.bool(d), self.bool(d)),
            2 => format!("not ({})", self.bool(d)),
            3 | 4 => self.aggregate(d, ["exists", "all"]),
            5 => format!(
                "({} and {} and {})",
                self.bool(d),
                self.bool(d),
                self.bool(d)
            ),
            6 => format!(
                "(if {} then {} else {})",
                self.bool(d),
                self.bool(d),
                self.bool(d)
            ),
            7 if self.may_ask_can => "can()".into(),
            _ => {
                let cmp = self.pick(&["==", "!=", "<", "<=", ">", ">="]);
                format!("{} {cmp} {}", self.int(d), self.int(d))
            }
        }
    }

    fn bool_leaf(&mut self) -> String {
        match self.below(12) {
            0 => format!("empty({})", self.cell(1)),
            1 => format!("owner({}) == {}", self.cell(1), self.player(0)),
            2 => format!("owner({}) != {}", self.cell(1), self.player(0)),
            3 => format!("is({}, p)", self.cell(1)),
            4 => format!("is({}, q)", self.cell(1)),
            5 => format!("{} in r", self.cell(1)),
            6 if self.chance(50) => format!("{} in t", self.cell(1)),
            6 => format!("{} in u[{}]", self.cell(1), self.some_player()),
            7 => format!("has(bag, {})", self.int_leaf()),
            8 => "option(o)".into(),
            9 => format!("{} != none", self.cell(1)),
            10 => {
                let cmp = self.pick(&["==", "!=", "<", ">="]);
                format!("{} {cmp} {}", self.int_leaf(), self.int_leaf())
            }
            _ => self
                .pick(&["true", "false", "(1 < 2)", "(not option(o) or true)"])
                .into(),
        }
    }

    /// A few random effects that cannot fail.
    fn effects(&mut self, out: &mut String, indent: &str, depth: usize) {
        for _ in 0..1 + self.below(3) {
            match self.below(8) {
                0 => {
                    let v = self.int(2);
                    out.push_str(&format!("{indent}m = {v}\n"));
                }
                1 => {
                    let v = self.int(2);
                    out.push_str(&format!("{indent}m += {v}\n"));
                }
                2 => {
                    let p = self.some_player();
                    let v = self.int(2);
                    out.push_str(&format!("{indent}k[{p}] += {v}\n"));
                }
                3 => {
                    let c = self.cell(1);
                    out.push_str(&format!("{indent}last = {c}\n"));
                }
                4 => {
                    let c = self.bool(2);
                    out.push_str(&format!("{indent}add (if {c} then 1 else 4) to bag\n"));
                }
                5 if depth > 0 => {
                    let c = self.bool(2);
                    out.push_str(&format!("{indent}if {c} {{\n"));
                    self.effects(out, &format!("{indent}  "), depth - 1);
                    out.push_str(&format!("{indent}}} else {{\n"));
                    self.effects(out, &format!("{indent}  "), depth - 1);
                    out.push_str(&format!("{indent}}}\n"));
                }
                6 => {
                    let c = self.bool(1);
                    out.push_str(&format!("{indent}flag = {c}\n"));
                }
                _ => {
                    let p = self.player(1);
                    out.push_str(&format!("{indent}who = {p}\n"));
                }
            }
        }
    }

    /// A `where` over what is bound, sometimes split by `and`, sometimes reading only
    /// the outer names (hoisted by the compiler).
    fn where_line(&mut self, out: &mut String) {
        let saved = self.scope.clone();
        if self.scope.len() > 1 && self.chance(40) {
            // Only the outer names: the condition is hoisted above the inner loops.
            let keep = 1 + self.below(self.scope.len() - 1);
            self.scope.truncate(keep);
        }
        let c = if self.chance(40) {
            format!("{} and {}", self.bool(2), self.bool(2))
        } else {
            self.bool(2)
        };
        self.scope = saved;
        out.push_str(&format!("  where {c}\n"));
    }
}

/// The board: its items, cell names and directions.
fn board(w: &mut Writer) -> String {
    let (item, cells, dirs): (String, Vec<String>, Vec<&'static str>) = match w.below(4) {
        0 | 1 => {
            let files = 1 + w.below(4);
            let ranks = 1 + w.below(3);
            let mut cells = Vec::new();
            for r in 1..=ranks {
                for f in 0..files {
                    cells.push(format!("{}{r}", (b'a' + f as u8) as char));
                }
            }
            (
                format!("grid {files} x {ranks}"),
                cells,
                vec!["n", "s", "e", "w", "ne", "nw", "se", "sw"],
            )
        }
        2 => {
            let rows = [2, 3, 2];
            let mut cells = Vec::new();
            for (i, n) in rows.iter().enumerate() {
                for k in 1..=*n {
                    cells.push(format!("{}{k}", (b'a' + i as u8) as char));
                }
            }
            (
                "hex 2 3 2".into(),
                cells,
                vec!["e", "w", "ne", "nw", "se", "sw"],
            )
        }
        _ => {
            let n = 2 + w.below(6);
            (
                format!("line 1..{n}"),
                (1..=n).map(|i| i.to_string()).collect(),
                vec!["next", "prev"],
            )
        }
    };
    let mut cells = cells;
    let zone = w.chance(30);
    if zone {
        cells.push("pot".into());
    }
    w.cells = cells;
    w.dirs = dirs;
    let mut text = format!("board {{\n  {item}\n  zone bin per player\n");
    if zone {
        text.push_str("  zone pot\n");
    }
    // A direction relative to the mover.
    let (x, y) = (w.pick(&w.dirs.clone()), w.pick(&w.dirs.clone()));
    text.push_str(&format!("  dir fwd = a: {x}, b: {y}\n"));
    w.dirs.push("fwd");
    text.push_str("}\n");
    text
}

/// A random list of distinct cells (at least one), in random order.
fn some_cells(w: &mut Writer) -> Vec<String> {
    let mut cells = w.cells.clone();
    let n = 1 + w.below(cells.len());
    let mut out = Vec::new();
    for _ in 0..n {
        let i = w.below(cells.len());
        out.push(cells.remove(i));
    }
    out
}

/// One action, of one of a few shapes, with random generators and effects, written
/// again while it would bind more names than a move may (12, aggregates included).
fn action(w: &mut Writer, name: &str, whole_turns: bool, out: &mut String) {
    loop {
        let mut text = String::new();
        w.binders = 0;
        one_action(w, name, whole_turns, &mut text);
        let gens = text.split("\n{\n").next().unwrap_or("");
        let loops = gens.matches("\n  for ").count() + gens.matches("\n  let ").count();
        // A membership test (`c in r`) may keep a slot too.
        let tests = gens.matches(" in r").count()
            + gens.matches(" in t").count()
            + gens.matches(" in u[").count();
        if loops + w.binders + tests <= 12 {
            out.push_str(&text);
            return;
        }
    }
}

fn one_action(w: &mut Writer, name: &str, whole_turns: bool, out: &mut String) {
    w.scope.clear();
    let mut gens = String::new();
    let mut body = String::new();
    let template;
    match w.below(5) {
        // Put a piece on an empty cell.
        0 => {
            let (domain, _) = match w.below(3) {
                0 => ("r".to_string(), Ty::Cell),
                1 => ("t".to_string(), Ty::Cell),
                _ => ("cells".to_string(), Ty::Cell),
            };
            gens.push_str(&format!("  for to in {domain}\n  where empty(to)\n"));
            w.scope.push(("to".into(), Ty::Cell));
            template = "\"{to}\"".to_string();
            let piece = if w.chance(50) {
                format!("p of mover value {}", 1 + w.below(3))
            } else {
                "q of mover".into()
            };
            body.push_str(&format!("  put {piece} at to\n"));
        }
        // Move a piece of the mover to an empty neighbour.
        1 => {
            let owner = if w.chance(70) {
                "owner(from) == mover".to_string()
            } else {
                "mover == owner(from)".to_string()
            };
            let more = if w.chance(50) {
                format!(" and {}", {
                    w.scope.push(("from".into(), Ty::Cell));
                    let b = w.bool(1);
                    w.scope.pop();
                    b
                })
            } else {
                String::new()
            };
            gens.push_str(&format!("  for from in cells\n  where {owner}{more}\n"));
            w.scope.push(("from".into(), Ty::Cell));
            gens.push_str("  for to in neighbours(from)\n  where empty(to)\n");
            w.scope.push(("to".into(), Ty::Cell));
            template = "\"{from}-{to}\"".to_string();
            body.push_str("  move from -> to\n");
        }
        // Take an opponent's piece next to one of the mover's.
        2 => {
            gens.push_str("  for from in cells\n  where owner(from) == mover\n");
            w.scope.push(("from".into(), Ty::Cell));
            gens.push_str("  for to in neighbours(from)\n  where owner(to) == opponent\n");
            w.scope.push(("to".into(), Ty::Cell));
            template = "\"{from}x{to}\"".to_string();
            body.push_str("  remove to\n  move from -> to\n");
        }
        // Draw a number from the pool.
        3 => {
            gens.push_str("  for v in bag\n");
            w.scope.push(("v".into(), Ty::Int));
            template = "\"pick{v}\"".to_string();
            body.push_str("  take v from bag\n  k[mover] += v\n");
        }
        // Choose a number and a cell.
        _ => {
            gens.push_str("  for num in 1..3\n");
            w.scope.push(("num".into(), Ty::Int));
            let (domain, ty) = w.domain(1);
            gens.push_str(&format!("  for y in {domain}\n"));
            w.scope.push(("y".into(), ty));
            let shown = match ty {
                Ty::Cell => "{y}",
                _ => "{y}",
            };
            template = format!("\"{name}{{num}}:{shown}\"");
            // Often the effects ignore a name bound: moves that differ in it alone
            // reach one state, and a turn search must merge them.
            body.push_str(if w.chance(50) {
                "  m += num\n"
            } else {
                "  m += 1\n"
            });
        }
    }
    for _ in 0..w.below(3) {
        if w.chance(40) {
            let x = w.fresh("x");
            let v = w.int(2);
            gens.push_str(&format!("  let {x} = {v}\n"));
            w.scope.push((x, Ty::Int));
        } else {
            w.where_line(&mut gens);
        }
    }
    // A playout weight (constant, to be folded, or read from the position).
    let weight = match w.below(4) {
        0 => format!("  playout weight {}\n", w.below(3)),
        1 => format!("  playout weight {}\n", w.int(1)),
        _ => String::new(),
    };
    gens.push_str(&weight);
    w.effects(&mut body, "  ", 1);
    if whole_turns && w.chance(50) {
        body.push_str("  steps += 1\n  if steps < 2 {\n    continue\n  }\n");
    }
    if w.chance(15) {
        body.push_str("  chance coin\n");
    }
    out.push_str(&format!("action {name} {template}\n{gens}{{\n{body}}}\n\n"));
    w.scope.clear();
}

/// A rules file written from `seed`, and the options to compile it with.
pub fn rules_file(seed: u64) -> String {
    rules_file_and_options(seed).0
}

/// A rules file written from `seed`, and the options it is meant to be compiled with.
pub fn rules_file_and_options(seed: u64) -> (String, Vec<String>) {
    let mut w = Writer {
        rng: Rng::new(seed),
        cells: Vec::new(),
        dirs: Vec::new(),
        scope: Vec::new(),
        fresh: 0,
        binders: 0,
        may_ask_can: false,
    };
    let mut out = String::from("game \"Generated\"\nplayers a, b\noption o \"an option\"\n");
    out.push_str(&board(&mut w));
    out.push_str("piece p value 1..3\npiece q\n");
    let region = some_cells(&mut w).join(", ");
    let track = some_cells(&mut w).join(", ");
    out.push_str(&format!("region r {{ {region} }}\ntrack t {{ {track} }}\n"));
    let (ua, ub) = (some_cells(&mut w).join(", "), some_cells(&mut w).join(", "));
    out.push_str(&format!("track u {{ a: bin-a, {ua}; b: bin-b, {ub} }}\n"));
    out.push_str(
        "counter k per player\ncounter m\ncounter last: cell\ncounter flag: bool\n\
         counter who: player\ncounter steps per turn hidden\npool bag of 1..4\n\n",
    );
    // The setup: pieces on some cells, numbers in the pool.
    out.push_str("setup {\n");
    for c in w.cells.clone() {
        if w.chance(40) {
            let owner = w.pick(&["a", "b"]);
            if w.chance(60) {
                let v = 1 + w.below(3);
                out.push_str(&format!("  put p of {owner} value {v} at #{c}\n"));
            } else {
                out.push_str(&format!("  put q of {owner} at #{c}\n"));
            }
        }
    }
    for _ in 0..w.below(4) {
        let v = 1 + w.below(4);
        out.push_str(&format!("  add {v} to bag\n"));
    }
    out.push_str(&format!("  m = {}\n}}\n\n", w.below(5)));
    // A chance event, started by some actions and maybe by every turn's start.
    out.push_str("chance coin \"coin:{side}\" for side in 1..2 weight side {\n");
    w.effects(&mut out, "  ", 0);
    out.push_str("}\n\n");
    let whole_turns = w.chance(50);
    let names = ["alpha", "beta", "gamma", "delta"];
    let count = 2 + w.below(3);
    for name in &names[..count] {
        action(&mut w, name, whole_turns, &mut out);
    }
    w.may_ask_can = true;
    out.push_str("phase play {\n  starts a\n");
    out.push_str(if whole_turns {
        "  decide turn\n"
    } else {
        "  decide action\n"
    });
    out.push_str(&format!("  actions {}\n", names[..count].join(", ")));
    if w.chance(25) {
        let preferred = w.pick(&names[..count]);
        out.push_str(&format!("  prefer {preferred}\n"));
    }
    if whole_turns && w.chance(40) {
        let key = w.int(2);
        out.push_str(&format!("  maximize {key}\n"));
    }
    match w.below(3) {
        0 => out.push_str("  stuck pass \"pass\"\n"),
        1 => out.push_str("  stuck end draw\n"),
        _ => {}
    }
    if w.chance(30) {
        out.push_str("  turn start {\n    chance coin\n  }\n");
    }
    if w.chance(40) {
        out.push_str("  turn end {\n");
        w.effects(&mut out, "    ", 1);
        out.push_str("  }\n");
    }
    out.push_str("}\n\n");
    for i in 0..1 + w.below(3) {
        let when = w.bool(3);
        let result = match w.below(4) {
            0 => "draw".to_string(),
            1 => "by score".to_string(),
            _ => format!("winner {}", w.some_player()),
        };
        if w.chance(30) {
            w.scope.push(("z".into(), Ty::Player));
            let when = w.bool(3);
            w.scope.pop();
            out.push_str(&format!(
                "end \"e{i}\" for z in players when {when} winner z\n"
            ));
        } else {
            out.push_str(&format!("end \"e{i}\" when {when} {result}\n"));
        }
    }
    // Games that go on too long end.
    out.push_str("end \"long\" when m > 60 or m < -60 draw\n\n");
    w.scope.push(("pl".into(), Ty::Player));
    let score = w.int(3);
    let shown = w.int(3);
    w.scope.pop();
    out.push_str(&format!("score pl = {score}\nshow \"v\" pl = {shown}\n"));
    let when = w.bool(3);
    let value = w.int(2);
    out.push_str(&format!("show \"w\" when {when} \"m is {{{value}}}\"\n"));
    let options = if seed % 2 == 1 {
        vec!["o".to_string()]
    } else {
        Vec::new()
    };
    (out, options)
}
