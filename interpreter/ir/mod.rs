//! The checked, compiled form of a game: names resolved to indices, options folded in,
//! the board lowered to tables. The engine runs this and nothing else.

use crate::board::Board;
use crate::diagnostic::Span;

mod domain;
mod equipment;
mod expr;
mod move_def;
mod phase;
mod rules_test;
mod rules_text;
mod stmt;
mod strategy;
mod visit;

pub use domain::*;
pub use equipment::*;
pub use expr::*;
pub use move_def::*;
pub use phase::*;
pub use rules_test::*;
pub use rules_text::*;
pub use stmt::*;
pub use strategy::*;
pub(crate) use visit::*;

/// How many generator variables a move carries (its arguments).
pub const MAX_ARGS: usize = 12;
/// How many local variables an action, chance or hook may use in all.
pub(crate) const MAX_LOCALS: usize = 32;
/// The greatest playout weight of one action step (and of a whole turn's product).
pub const MAX_PLAYOUT_WEIGHT: i32 = 1_000_000;
/// The most copies one pool holds (one player's, for a pool kept per player), all its
/// values together; with `MAX_POOL_LISTS`, this bounds what a state holds and how long
/// it is written out.
pub const MAX_POOL_COPIES: i32 = 100_000;
/// The most pools a game keeps, a pool kept per player counting once per player.
pub const MAX_POOL_LISTS: usize = 32;
/// The highest value a piece may hold (`value LO..HI` up to it): a cell's word keeps
/// 12 bits for it, one value for each cell of the largest board.
pub const MAX_PIECE_VALUE: i32 = 4095;
/// The largest `scale` of a score: millionths.
pub const MAX_SCORE_SCALE: i32 = 1_000_000;
/// The most distinct sets of parts one game's `occurrences` readings compare: each is
/// recorded at every turn's start.
pub(crate) const MAX_HISTORIES: usize = 4;
/// How many `maximize` keys a phase may have.
pub(crate) const MAX_TURN_KEYS: usize = 4;

/// Fixed slots at the start of a state's data.
pub(crate) const SLOT_MOVER: usize = 0;
pub(crate) const SLOT_PHASE: usize = 1;
/// The pending chance event, or -1.
pub(crate) const SLOT_CHANCE: usize = 2;
/// 1 while the mover is in the middle of a turn (after a `continue`).
pub(crate) const SLOT_IN_TURN: usize = 3;
/// Whose turn it is; differs from the mover while a decision is handed to another player.
pub(crate) const SLOT_OWNER: usize = 4;
pub(crate) const HEADER_SLOTS: usize = 5;

/// Counters every game has, filled in by the match layer (money play: length 0).
pub(crate) const MATCH_COUNTERS: [(&str, bool); 3] = [
    ("match_length", false),
    ("match_score", true),
    ("match_score_before", true),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ty {
    Int,
    Bool,
    Cell,
    Player,
    Dir,
    Phase,
    Piece,
    /// A named line of the board (`line top = a7, d7, g7`).
    Line,
}

impl Ty {
    pub fn describe(self) -> &'static str {
        match self {
            Ty::Int => "a number",
            Ty::Bool => "true or false",
            Ty::Cell => "a cell",
            Ty::Player => "a player",
            Ty::Dir => "a direction",
            Ty::Phase => "a phase",
            Ty::Piece => "a piece type",
            Ty::Line => "a line",
        }
    }
}

/// A region `reaches` goes to, by an adjacency (`Rules::reach_guides`).
#[derive(Debug, Clone)]
pub struct ReachGuide {
    pub region: usize,
    pub adjacency: u8,
    /// `distance[list][cell]`: the fewest steps from the cell to one of the list's,
    /// `u16::MAX` for none; empty past the file's first guides (a search then goes in
    /// the board's order).
    pub distance: Vec<Vec<u16>>,
}

/// A checked game as plain data: what the compiler makes of a rules file and what
/// the engine compiles to closures (`engine::Game`).
#[derive(Debug, Clone)]
pub struct Rules {
    pub name: String,
    pub source_name: String,
    /// The rules text the game was compiled from, to show a runtime error's line from
    /// the very text that was played (not a file read again).
    pub source_text: String,
    /// Each included game's text, named as a built-in game is (`games/NAME.tabula`),
    /// with the offset its spans start at: a span at or past it lies in that text.
    pub included: Vec<(usize, crate::diagnostic::Source)>,
    /// What the checker found suspicious in a file it accepted.
    pub warnings: Vec<crate::diagnostic::Diagnostic>,
    pub players: Vec<String>,
    /// Every option the file declares: name and description.
    pub options: Vec<(String, String)>,
    /// The options this game was compiled with (sorted): the names of those on, and
    /// `NAME=VALUE` for each number option given a value.
    pub chosen: Vec<String>,
    /// The options that are numbers, in the file's order, each with its value here.
    pub numbers: Vec<NumberOption>,
    pub board: Board,
    pub pieces: Vec<PieceDef>,
    pub counters: Vec<CounterDef>,
    pub pools: Vec<PoolDef>,
    pub cells_base: usize,
    /// How many layers a cell's stack may hold (`layers N` in the board; 1 without).
    /// The top layers are the cell words at `cells_base`; the ones under them follow
    /// the cells, `stack_layers - 1` words per cell (engine/layers.rs).
    pub stack_layers: usize,
    /// Where the bits of the cut links start (`links may be cut`): one bit for each of
    /// the board's pairs of neighbours (`Board::pairs`), 32 a word, set when cut.
    pub cut_base: usize,
    /// How many words they take: none on a board whose links stay.
    pub cut_words: usize,
    pub data_len: usize,
    pub setup: Vec<Stmt>,
    pub setup_locals: usize,
    pub chances: Vec<MoveDef>,
    pub actions: Vec<MoveDef>,
    pub phases: Vec<PhaseDef>,
    pub ends: Vec<EndRule>,
    pub score: Option<Expr>,
    /// Where the score is declared, for an error while it is worked out.
    pub score_span: Span,
    /// The local slot the score expression reads its player from.
    pub score_player: u8,
    /// `scale N`: the score's whole numbers are Nths (1 without it).
    pub score_scale: i32,
    /// The word of the action a turn goes on with (`continue with`), when the rules
    /// say `continue with`: 0, or the action × 16 + its held name's slot + 1; the value
    /// held is in the next word.
    pub go_on_at: Option<usize>,
    /// The actions that stop a turn that may go on (`may continue ... else "TEXT"`).
    pub stop_actions: Vec<usize>,
    /// The values shown with the board, in the order declared.
    pub shows: Vec<ShowDef>,
    pub layout: Layout,
    /// The file's own tests (`test "name" { ... }`), run by `tabula test`; play
    /// ignores them.
    pub tests: Vec<RulesTest>,
    /// The rules in plain words, when the file gives them (`rules """ ... """`).
    pub rules_text: Option<RulesText>,
    /// The sets of state words whose earlier values `occurrences(...)` compares, one
    /// a distinct set of parts the rules name, as runs of neighbouring words; the
    /// engine records each at every turn's start. Empty for a game that reads no
    /// history.
    pub history: Vec<Vec<std::ops::Range<usize>>>,
    /// The regions `reaches` goes to, each with the adjacency it goes by and, for each
    /// of the region's lists, every cell's distance to it on the board with no link
    /// cut: the order a search tries the neighbours in (`engine::reach::reaches`).
    pub reach_guides: Vec<ReachGuide>,
    /// Whether some phase has a `forbid` rule (so listing moves tries each one).
    pub has_forbids: bool,
    /// The file's strategies (`strategy NAME "..." { ... }`), each a computer level.
    pub strategies: Vec<Strategy>,
}

impl Rules {
    /// The included game a span lies in, and the span within that game's text; none
    /// for a span of the file's own text (`source_text`).
    pub fn included_source(&self, span: Span) -> Option<(&crate::diagnostic::Source, Span)> {
        let (at, source) = self
            .included
            .iter()
            .rev()
            .find(|(at, _)| span.start >= *at)?;
        let shift = |x: usize| x.saturating_sub(*at).min(source.text.len());
        Some((source, Span::new(shift(span.start), shift(span.end))))
    }

    /// The text a span lies in and the span within it: an included game's, or `own`,
    /// the file's own text.
    pub fn source_of<'s>(
        &'s self,
        own: &'s crate::diagnostic::Source,
        span: Span,
    ) -> (&'s crate::diagnostic::Source, Span) {
        self.included_source(span).unwrap_or((own, span))
    }
}

/// An option that is a whole number (`option target = 100 in 20..200 "..."`): chosen
/// with `-o target=50`, read by `option(target)`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct NumberOption {
    /// The option's name.
    pub name: String,
    /// Its value when none is chosen.
    pub default: i32,
    /// The least value it may be given.
    pub low: i32,
    /// The greatest value it may be given.
    pub high: i32,
    /// Its value in this game: the chosen one, else the default.
    pub value: i32,
}
