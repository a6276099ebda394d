//! The words of the language and its built-in functions, each with a short text: the one
//! table hover and completion read. docs/language.md is the long form; a test checks
//! that every word and function here is documented there and that every one there is
//! here.

/// A word of the language (a declaration, a statement, an operator, a part of one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Keyword {
    /// The word as it is written.
    pub word: &'static str,
    /// What it means, in Markdown.
    pub text: &'static str,
    /// Where it can start something: a declaration, a statement in a block, a part of a
    /// board or of a phase, or anywhere else (inside an expression or a declaration).
    pub place: Place,
}

/// Where a word can start something, for completion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Starts a declaration at the top of a file.
    Declaration,
    /// Starts an effect inside `{ ... }`.
    Statement,
    /// Starts a part of `board { ... }`.
    Board,
    /// Starts an item of `phase NAME { ... }`.
    Phase,
    /// Starts a statement of a test's `{ ... }`.
    Test,
    /// Inside an expression.
    Expression,
    /// Inside a declaration or statement, after its first word.
    Within,
}

/// A built-in function or aggregate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Function {
    /// The name it is called by.
    pub name: &'static str,
    /// How it is called and what it gives, as in docs/language.md.
    pub signature: &'static str,
    /// What it gives, in Markdown.
    pub text: &'static str,
}

/// A name the language gives a meaning to without a declaration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuiltInName {
    /// The name as it is written (`mover`, `cells`).
    pub name: &'static str,
    /// What kind of thing it is: `player`, `phase`, `set of cells`, ...
    pub kind: &'static str,
    /// What it means, in Markdown.
    pub text: &'static str,
}

/// The word of the language spelt `word`, if it is one.
pub fn keyword(word: &str) -> Option<&'static Keyword> {
    KEYWORDS.iter().find(|k| k.word == word)
}

/// The built-in function or aggregate named `name`, if it is one.
pub fn function(name: &str) -> Option<&'static Function> {
    FUNCTIONS.iter().find(|f| f.name == name)
}

/// The built-in name `name`, if it is one.
pub fn built_in_name(name: &str) -> Option<&'static BuiltInName> {
    BUILT_IN_NAMES.iter().find(|n| n.name == name)
}

use Place::*;

const fn kw(word: &'static str, place: Place, text: &'static str) -> Keyword {
    Keyword { word, text, place }
}

/// Every word of the language, in alphabetical order.
pub const KEYWORDS: &[Keyword] = &[
    kw("action", Declaration, "`action NAME \"TEMPLATE\" GENERATORS { EFFECTS }`: a kind of move. Its generators (`for`, `let`, `where`) list the moves; the template prints and reads each one; the effects play it."),
    kw("actions", Phase, "`actions A, B, ...` in a phase: the actions a player may take in it."),
    kw("add", Statement, "`add V [x N] to POOL`: adds the value V (N times) to a pool."),
    kw("adjacency", Board, "`adjacency SET` in a board: the direction set `neighbours(c)`, `group(c)`, `liberties(c)` and `connected(p, A, B)` use when given none (all directions without it)."),
    kw("and", Expression, "`A and B`: both true; B is only evaluated when A is true."),
    kw("as", Within, "`names PLAYER { CELL as LABEL, OTHER }`: the label a player writes for a cell; the first is printed, every one is read."),
    kw("at", Within, "`put ... at CELL`: the cell a piece is put on."),
    kw("avoid", Within, "`play ACTIONS ... avoid COND` in a strategy: a move is left out of the rule when the position it leads to (the same mover, before the turn ends, before any chance it starts) makes COND hold."),
    kw("back", Within, "`hand back`: the next decision of the turn is the turn owner's again."),
    kw("be", Within, "`links may be cut` in a board: its links may be cut and joined again in play (`cut A -- B`, `join A -- B`)."),
    kw("because", Within, "`expect illegal \"MOVE\" because \"TEXT\"`: the rule that forbids the move, as `why` words it."),
    kw("board", Declaration, "`board { PARTS }`: the cells and their directions: `grid`, `hex`, `rhombus`, `line`, `zone`, `dir`, `directions`, `adjacency`, `layers`. Several boards add up."),
    kw("by", Within, "`by score`: the game ends and the scores decide the winner. In a strategy, `play ACTIONS ... by KEY [then KEY]...`: the moves of the rule with the highest keys."),
    kw("chance", Declaration, "`chance NAME \"TEMPLATE\" [says \"MEANING\"] GENERATORS [weight W] { EFFECTS }`: a random event and its outcomes. As an effect, `chance NAME` makes the event pending."),
    kw("clear", Statement, "`clear POOL`: empties a pool."),
    kw("continue", Statement, "`continue`: the mover's turn goes on after this action. `continue with NAME = EXPR`: it goes on with this action alone, its generator name NAME held to EXPR (a piece that jumps again from where it landed); `may continue [with NAME = EXPR] else \"TEXT\"`: or the mover stops, a choice written TEXT."),
    kw("counter", Declaration, "`counter NAME [: TYPE] [per player] [= EXPR] [per turn] [hidden]`: a number, player, cell or true/false kept in the state."),
    kw("cut", Statement, "`cut A -- B`: cuts the link between two neighbouring cells, both ways: `step`, `neighbours`, `group`, `liberties`, `connected` and `reaches` no longer go through it. `cut(A, B)` reads whether it is cut. On a board whose `links may be cut`."),
    kw("decide", Phase, "`decide turn` or `decide action` in a phase: whether a player chooses a whole turn at once or one action at a time."),
    kw("define", Declaration, "`define NAME = EXPR`: a named expression, copied where it is used (it sees the names of that place). `define NAME(a, b) = EXPR` takes parameters and is called `NAME(x, y)` (it sees its parameters and the game's names); `define NAME = [n, e]` names a list of directions."),
    kw("dir", Board, "`dir NAME = PLAYER: DIR, ...` in a board: a direction relative to the player."),
    kw("directions", Board, "`directions NAME = DIR, ...` in a board: a named set of its directions, read by `neighbours(c, NAME)`, `group`, `liberties`, `connected` and `for d in NAME`."),
    kw("draw", Within, "`draw`: the game ends drawn (an end rule's result, `stuck end draw`, `expect draw`)."),
    kw("else", Expression, "`if C then A else B`, `if C { ... } else { ... }`: what happens when C is false."),
    kw("end", Declaration, "`end \"REASON\" [for p in players] when COND RESULT`: how the game ends; end rules are tried in file order. In a phase, `turn end { ... }` and `stuck end RESULT`."),
    kw("exclude", Within, "`expect moves exclude [...]`: none of these moves is legal."),
    kw("expect", Test, "`expect ...` in a test: what must hold (`moves`, `count`, `perft`, `winner`, `draw`, `ongoing`, `illegal`, `score`, `to move`)."),
    kw("false", Expression, "The value false."),
    kw("for", Within, "`for X in DOMAIN`: a generator trying every element of the domain; as an effect, `for X in DOMAIN [where C] { ... }` runs the block for each."),
    kw("forbid", Phase, "`forbid \"REASON\" when COND` in a phase: a move is not legal when the position it leads to (the same mover, before the turn ends) makes COND hold."),
    kw("from", Within, "`take V from POOL`: the pool a value is taken from; in a test, `from state \"FILE\"`."),
    kw("game", Declaration, "`game \"TITLE\"`: the game's title."),
    kw("grid", Board, "`grid FILES x RANKS` in a board: a rectangle of cells a1.., with the eight directions n, s, e, w, ne, nw, se, sw."),
    kw("hand", Statement, "`hand to PLAYER`: the next decision of this turn is that player's; `hand back` gives it back."),
    kw("hex", Board, "`hex N N ...` in a board: rows of hexagons a1.., with the six directions e, w, ne, nw, se, sw."),
    kw("hidden", Within, "`counter ... hidden`: a counter kept out of the display."),
    kw("if", Expression, "`if C then A else B` in an expression; `if C { ... } [else ...]` as an effect."),
    kw("illegal", Within, "`expect illegal \"MOVE\" [because \"TEXT\"]`: the move is not legal."),
    kw("in", Expression, "`X in SET`: whether a cell or a number is in a set; `for X in DOMAIN`; `let X = V in BODY`."),
    kw("include", Declaration, "`include \"GAME\"`: start from a built-in game; a later declaration of the same kind and name replaces the included one. In a test, `expect moves include [...]`."),
    kw("join", Statement, "`join A -- B`: joins again the link between two neighbouring cells that `cut A -- B` cut."),
    kw("layers", Board, "`layers N` in a board: a cell holds a stack of up to N layers of alike pieces."),
    kw("layout", Declaration, "`layout KIND { HINTS }`: how the board is drawn."),
    kw("leap", Board, "`leap NAME = FILES, RANKS` in a grid board: a direction by its offset, FILES east (west when negative) and RANKS north (south); `step` jumps it, `slide`, `first` and `run` repeat it. Not a neighbour: a direction set names it."),
    kw("let", Within, "`let X = EXPR`: names a value, in a move's generators or in a block (until its end). In an expression, `let X = V in BODY` names it in BODY only."),
    kw("line", Board, "`line FIRST..LAST` in a board: cells named by numbers, with the directions next and prev. `line NAME = CELLS`: a named line of cells, read by `lines(c)` and `for x in NAME`."),
    kw("links", Board, "`links A -- B -- C, ...` in a board: links between cells, each both ways; every adjacency (`neighbours`, `group`, `liberties`, `connected`) follows them."),
    kw("maximize", Phase, "`maximize EXPR [then EXPR]...` in a phase: of the whole turns, only those with the largest values may be played."),
    kw("may", Within, "`links may be cut` in a board: its links may be cut and joined again in play (`cut A -- B`, `join A -- B`). `may continue ... else \"TEXT\"` in effects: the turn may go on, or the mover stops (TEXT)."),
    kw("move", Statement, "`move A -> B`: moves one piece from cell A to cell B. In a test, `expect to move PLAYER`."),
    kw("moves", Within, "`expect moves [include|exclude] [\"MOVE\", ...]`: the legal moves."),
    kw("named", Within, "`winner P named \"TEMPLATE\"`: what the result is called."),
    kw("names", Declaration, "`names PLAYER { CELL as LABEL; ... }`: how a player writes cell names in moves."),
    kw("neutral", Within, "`piece NAME neutral`: a piece that belongs to no player."),
    kw("none", Expression, "No cell, or no player: off the board, the owner of an empty cell."),
    kw("not", Expression, "`not A`: true when A is false."),
    kw("of", Within, "`put KIND of PLAYER ...`: whose piece; `pool NAME of LO..HI`: the values a pool holds."),
    kw("ongoing", Within, "`expect ongoing`: the game is not over."),
    kw("option", Declaration, "`option NAME \"DESCRIPTION\"`: a variant that can be switched on; read with `option(NAME)`."),
    kw("or", Expression, "`A or B`: either true; B is only evaluated when A is false."),
    kw("pass", Within, "`stuck pass \"TEMPLATE\" [{ EFFECTS }]`: a player with no move passes."),
    kw("per", Within, "`per player`: one for each player; `per turn`: set back at the start of each turn."),
    kw("perft", Within, "`expect perft DEPTH = COUNT`: the leaves of the decision tree DEPTH levels deep."),
    kw("phase", Declaration, "`phase NAME { ITEMS }`: a stage of the game; phases are played in file order. In an expression, `phase` is the current phase."),
    kw("piece", Declaration, "`piece NAME [value LO..HI] [neutral]`: a kind of piece."),
    kw("play", Test, "`play \"MOVE\", ...` in a test: moves and chance outcomes, in the game's notation. In a strategy, `play ACTIONS [where C | let X = E]... [avoid C] [by KEY [then KEY]...]`: a rule of moves of these actions."),
    kw("player", Within, "`per player`: one for each player; `counter NAME: player` holds a player."),
    kw("players", Declaration, "`players A, B, ...`: the players, in turn order. In an expression, `players` is the set of them."),
    kw("playout", Within, "`playout weight EXPR`: how often random playouts pick this action."),
    kw("points", Board, "`points NAME [(COL, ROW)], ...` in a board: cells of its own, placed at a column and a row (by the name, `d7`, when not given). In a result, `winner P points N`: how many points the win is worth."),
    kw("pool", Declaration, "`pool NAME [per player] of LO..HI`: a bag of numbers (dice to play, pieces in hand)."),
    kw("prefer", Phase, "`prefer A, B` in a phase: when one of these actions is legal, only they are."),
    kw("put", Statement, "`put [N] KIND [of P] [value V] at CELL`: puts N pieces on a cell. KIND is a piece name, or a local holding a kind (`for k in [k1, k2]`)."),
    kw("region", Declaration, "`region NAME { CELLS }` or `{ PLAYER: CELLS; ... }`: a named set of cells."),
    kw("remove", Statement, "`remove CELL`: empties a cell (the whole stack, or its top layer)."),
    kw("replace", Declaration, "`replace DECLARATION`: takes the place of the included game's declaration of the same kind and name."),
    kw("rhombus", Board, "`rhombus FILES x RANKS` in a board: hexagons in a rhombus, with the six directions of `hex`."),
    kw("rules", Declaration, "`rules \"\"\" TEXT \"\"\"`: the game's rules in plain words, shown by `tabula rules` and the `rules` command; `rules with OPTION \"\"\" TEXT \"\"\"` adds a paragraph shown when that option is on."),
    kw("says", Within, "`chance NAME \"TEMPLATE\" says \"MEANING\"`: what an outcome means, printed after it."),
    kw("scale", Within, "`score p = EXPR scale N`: the score is counted in Nths; its whole numbers are shown as Nths (7.5 is 15 with `scale 2`)."),
    kw("score", Declaration, "`score p = EXPR [scale N]`: each player's score, in Nths with `scale N`. `by score` ends a game by the scores; `expect score PLAYER = N` (a decimal allowed) in a test."),
    kw("set", Statement, "`set value(CELL) = V`: gives every piece on a cell the value V."),
    kw("setup", Declaration, "`setup { EFFECTS }`: what happens before the first turn."),
    kw("show", Declaration, "`show \"LABEL\" p = EXPR` or `show \"LABEL\" [when COND] \"TEMPLATE\"`: a value or a line of text drawn with the board."),
    kw("start", Within, "`turn start { EFFECTS }` in a phase: run at the start of each turn."),
    kw("starts", Phase, "`starts PLAYER` in a phase: who moves first in it."),
    kw("state", Within, "`from state \"FILE\"` in a test: start from a state document instead of the setup."),
    kw("strategy", Declaration, "`strategy NAME \"DESCRIPTION\" { play ... }`: a named way of playing, a computer level by its name (`tabula arena FILE NAME mcts`, `ai white NAME`). Its rules are tried in order; the first that matches a legal move decides."),
    kw("stuck", Phase, "`stuck pass \"TEMPLATE\"` or `stuck end RESULT` in a phase: what happens to a player with no legal move."),
    kw("take", Statement, "`take V from POOL`: takes one V out of a pool."),
    kw("test", Declaration, "`test \"NAME\" [with OPTIONS] { ... }`: a test of the rules, run by `tabula test`."),
    kw("then", Expression, "`if C then A else B`; `maximize A then B`; a strategy's `by A then B`."),
    kw("to", Within, "`add V to POOL`; `hand to PLAYER`; `expect to move PLAYER`."),
    kw("track", Declaration, "`track NAME { CELLS }` or `{ PLAYER: CELLS; ... }`: a named ordered path of cells."),
    kw("true", Expression, "The value true."),
    kw("turn", Phase, "`turn start { ... }`, `turn end { ... }` in a phase; `decide turn`; `per turn`."),
    kw("until", Phase, "`until COND` in a phase: the phase ends when the condition holds."),
    kw("value", Within, "`piece NAME value LO..HI`: the values a piece may have; `put ... value V`; `set value(CELL) = V`."),
    kw("weight", Within, "`weight EXPR`: how likely a chance outcome is; `playout weight EXPR` for an action."),
    kw("when", Within, "`end \"REASON\" when COND RESULT`: the condition that ends the game; `show \"LABEL\" when COND \"TEMPLATE\"`."),
    kw("where", Within, "`where COND`: a generator that goes on only if COND holds; `for X in D where C { ... }`; `count(X in D where C)`."),
    kw("winner", Within, "`winner PLAYER [points N] [named \"TEMPLATE\"]`: the game ends won. In a test, `expect winner PLAYER [points N]`."),
    kw("with", Within, "`continue with NAME = EXPR`: the turn goes on with this action, NAME held to EXPR. `test \"NAME\" with OPTION, ...`: the options a test is played with; `rules with OPTION \"\"\"...\"\"\"`: the paragraph of the rules shown when that option is on."),
    kw("x", Within, "`grid FILES x RANKS`, `rhombus FILES x RANKS`; `add V x N to POOL`."),
    kw("zone", Board, "`zone NAME [per player]` in a board: a cell off the board (a place to wait, a home), or one per player (`NAME-PLAYER`)."),
];

const fn f(name: &'static str, signature: &'static str, text: &'static str) -> Function {
    Function {
        name,
        signature,
        text,
    }
}

/// Every built-in function and aggregate, in the order of docs/language.md.
pub const FUNCTIONS: &[Function] = &[
    f("owner", "owner(c) -> player, owner(c, k) -> player", "The owner of the pieces on cell `c`; none when it is empty (or `c` is none). With `k`, of the layer `k` from the top."),
    f("value", "value(c) -> number, value(c, k) -> number", "The value of the pieces on `c`; 0 when empty. With `k`, of the layer `k` from the top."),
    f("count", "count(c) -> number, count(c, k) -> number, count(X in DOMAIN [where COND]) -> number", "How many pieces are on `c` (with `k`, in the layer `k` from the top); with `X in DOMAIN`, how many elements of the domain are kept by the condition."),
    f("empty", "empty(c) -> true/false", "`c` is a cell and holds nothing (false for none)."),
    f("is", "is(c, KIND) -> true/false", "`c` holds pieces of that kind; KIND is written by name, or is a local holding a kind (`for k in [k1, k2]`)."),
    f("layers", "layers(c) -> number", "How many layers the stack on `c` holds; only on a board with `layers`."),
    f("pieces", "pieces(c, p) -> number", "How many of player `p`'s pieces are on `c`, in all its layers."),
    f("step", "step(c, d) -> cell, step(c, d, n) -> cell", "The neighbour of `c` in direction `d`, or none; with `n`, the cell `n` steps away (`c` itself for 0)."),
    f("slide", "slide(c, d) -> cell", "Going from `c` in direction `d` over empty cells, the last empty one; none when the first is not empty or is off the board."),
    f("opponent", "opponent(p) -> player", "The player after `p` in `players` (none for none); `opponent` alone is `opponent(mover)`."),
    f("pos", "pos(T, c) -> number", "The place of cell `c` on track `T` (0 for the first), -1 if it is not on it."),
    f("at", "at(T, i) -> cell", "The cell at place `i` of track `T`, none outside."),
    f("length", "length(T) -> number", "The number of cells of track `T`."),
    f("size", "size(P) -> number", "How many numbers pool `P` holds, counting repeats."),
    f("has", "has(P, v) -> true/false", "Pool `P` holds `v` at least once (the same as `v in P`)."),
    f("min", "min(a, b) -> number, min(X in DOMAIN [where COND] [: VALUE]) -> number", "The smaller of two numbers; with `X in DOMAIN`, the least value over the kept elements (0 when none is kept)."),
    f("max", "max(a, b) -> number, max(X in DOMAIN [where COND] [: VALUE]) -> number", "The larger of two numbers; with `X in DOMAIN`, the greatest value over the kept elements (0 when none is kept)."),
    f("abs", "abs(a) -> number", "The absolute value."),
    f("option", "option(NAME) -> true/false", "Whether the option is on in this game."),
    f("can", "can() -> true/false, can(ACTION) -> true/false", "The mover has a legal action in the current phase (of that action, when one is named)."),
    f("neighbours", "neighbours(c[, SET]) -> set of cells", "The neighbours of `c`, by the board's adjacency or the directions of `SET`; a set, so only after `in` or in `for`."),
    f("neighbors", "neighbors(c[, SET]) -> set of cells", "The same as `neighbours(c)`."),
    f("lines", "lines(c) -> set of lines", "The board's named lines through `c`, in the order declared; a set, so only after `in` or in `for`. A line is itself a set of its cells: `all(x in l where owner(x) == mover)`."),
    f("run", "run(c, d, p) -> number", "How many cells in a row after `c`, going in direction `d`, hold pieces of player `p`; with `none` for `p`, how many are empty."),
    f("file", "file(c) -> number", "The file of `c` on the board's grid, counted from 1 as its name reads (`a1` is file 1); 0 for a cell off the grid (a zone's) and for none. Only on a board with a `grid`."),
    f("rank", "rank(c) -> number", "The rank of `c` on the board's grid, counted from 1 as its name reads (`a1` is rank 1); 0 for a cell off the grid (a zone's) and for none. Only on a board with a `grid`."),
    f("first", "first(c, d) -> cell", "The first cell that is not empty going from `c` in direction `d` (`c` itself left out); none when the way reaches the edge first: what a line of sight from `c` meets."),
    f("group", "group(c[, SET]) -> set of cells", "`c` and every cell joined to it through neighbours (by `SET`, if given) with the same owner; a set, like `neighbours(c)`."),
    f("liberties", "liberties(c[, SET]) -> number", "How many empty cells touch the group of `c` (neighbours by `SET`, if given); 0 when `c` is empty."),
    f("connected", "connected(p, A, B[, SET]) -> true/false", "A chain of neighbouring cells (by `SET`, if given) of player `p` joins a cell of region `A` to a cell of region `B`."),
    f("cut", "cut(a, b) -> true/false", "Whether the link between the neighbouring cells `a` and `b` is cut (`cut a -- b`); false for cells that are not neighbours. Only on a board whose `links may be cut`."),
    f("reaches", "reaches(c, R[, SET]) -> true/false", "A chain of neighbouring cells (by `SET`, if given) joined by links that are not cut goes from `c` to a cell of region `R`, whatever stands on the cells."),
    f("occurrences", "occurrences(PART, ...) -> number", "How many turns began with the position as it stands, judged by the parts named (`cells`, a region, `mover`, `phase`, a counter, a pool), the current turn included once it has begun."),
    f("sum", "sum(X in DOMAIN [where COND] [: VALUE]) -> number", "The sum of VALUE over the elements kept by the condition (the elements themselves for a range or a pool); 0 when none is kept."),
    f("exists", "exists(X in DOMAIN [where COND]) -> true/false", "Whether any element of the domain is kept by the condition; stops at the first."),
    f("all", "all(X in DOMAIN [where COND]) -> true/false", "Whether every element of the domain satisfies the condition; true for an empty domain."),
];

const fn n(name: &'static str, kind: &'static str, text: &'static str) -> BuiltInName {
    BuiltInName { name, kind, text }
}

/// The names every game has.
pub const BUILT_IN_NAMES: &[BuiltInName] = &[
    n("mover", "player", "The player making the current decision. As an effect, `mover = P` makes P the player to move and the owner of the turn."),
    n("opponent", "player", "The player after the mover in `players` (with two players, the other one); `opponent(p)` is the player after `p`."),
    n("phase", "phase", "The current phase: `phase == play`."),
    n("cells", "set of cells", "Every cell of the board, in board order: `for c in cells`."),
    n("players", "set of players", "Every player, in turn order: `for p in players`."),
    n("pieces", "set of piece kinds", "Every piece kind, in the order declared: `for k in pieces`."),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_function_the_checker_knows_has_a_text_and_no_other() {
        let known: Vec<&str> = crate::compile::FUNCTION_NAMES
            .iter()
            .chain(crate::syntax::ast::AGGREGATES.iter())
            .copied()
            .chain(["neighbors"])
            .collect();
        for name in &known {
            assert!(function(name).is_some(), "`{name}` has no text");
        }
        for f in FUNCTIONS {
            assert!(known.contains(&f.name), "`{}` is no function", f.name);
            assert!(f.signature.starts_with(&format!("{}(", f.name)), "{f:?}");
        }
    }

    #[test]
    fn every_word_of_the_grammar_has_a_text() {
        let grammar = include_str!("../../grammar/rules.pest");
        let mut words: Vec<&str> = Vec::new();
        for line in grammar
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
        {
            for quoted in line.split('"').skip(1).step_by(2) {
                let word = quoted.starts_with(|c: char| c.is_ascii_lowercase())
                    && quoted.chars().all(|c| c.is_ascii_lowercase() || c == '_');
                if word && !quoted.is_empty() {
                    words.push(quoted);
                }
            }
        }
        assert!(words.contains(&"maximize"), "{words:?}");
        for word in words {
            assert!(
                keyword(word).is_some()
                    || function(word).is_some()
                    || built_in_name(word).is_some(),
                "`{word}` has no text"
            );
        }
        for k in KEYWORDS {
            assert!(
                grammar.contains(&format!("\"{}\"", k.word)),
                "`{}` is no word of the grammar",
                k.word
            );
        }
        let sorted: Vec<&str> = KEYWORDS.iter().map(|k| k.word).collect();
        let mut want = sorted.clone();
        want.sort();
        assert_eq!(sorted, want);
    }
}
