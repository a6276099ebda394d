//! The checked, compiled form of a game: names resolved to indices, options folded in,
//! the board lowered to tables. The engine runs this and nothing else.

use crate::board::Board;
use crate::diagnostic::Span;

/// How many generator variables a move carries (its arguments).
pub const MAX_ARGS: usize = 12;
/// How many local variables an action, chance or hook may use in all.
pub const MAX_LOCALS: usize = 32;
/// The greatest playout weight of one action step (and of a whole turn's product).
pub const MAX_PLAYOUT_WEIGHT: i32 = 1_000_000;
/// The most copies one pool holds (one player's, for a pool kept per player), all its
/// values together; with `MAX_POOL_LISTS`, this bounds what a state holds and how long
/// it is written out.
pub const MAX_POOL_COPIES: i32 = 100_000;
/// The most pools a game keeps, a pool kept per player counting once per player.
pub const MAX_POOL_LISTS: usize = 32;
/// How many `maximize` keys a phase may have.
pub const MAX_TURN_KEYS: usize = 4;

/// Fixed slots at the start of a state's data.
pub const SLOT_MOVER: usize = 0;
pub const SLOT_PHASE: usize = 1;
/// The pending chance event, or -1.
pub const SLOT_CHANCE: usize = 2;
/// 1 while the mover is in the middle of a turn (after a `continue`).
pub const SLOT_IN_TURN: usize = 3;
/// Whose turn it is; differs from the mover while a decision is handed to another player.
pub const SLOT_OWNER: usize = 4;
pub const HEADER_SLOTS: usize = 5;

/// Counters every game has, filled in by the match layer (money play: length 0).
pub const MATCH_COUNTERS: [(&str, bool); 3] = [
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
        }
    }
}

#[derive(Debug, Clone)]
pub struct Game {
    pub name: String,
    pub source_name: String,
    /// The rules text the game was compiled from, to show a runtime error's line from
    /// the very text that was played (not a file read again).
    pub source_text: String,
    /// What the checker found suspicious in a file it accepted.
    pub warnings: Vec<crate::diagnostic::Diagnostic>,
    pub players: Vec<String>,
    /// Every option the file declares: name and description.
    pub options: Vec<(String, String)>,
    /// The options this game was compiled with (sorted names).
    pub chosen: Vec<String>,
    pub board: Board,
    pub pieces: Vec<PieceDef>,
    pub counters: Vec<CounterDef>,
    pub pools: Vec<PoolDef>,
    pub cells_base: usize,
    /// How many layers a cell's stack may hold (`layers N` in the board; 1 without).
    /// The top layers are the cell words at `cells_base`; the ones under them follow
    /// the cells, `stack_layers - 1` words per cell (engine/layers.rs).
    pub stack_layers: usize,
    pub data_len: usize,
    pub setup: Vec<Stmt>,
    pub setup_locals: usize,
    /// `setup` compiled to closures.
    pub compiled_setup: Option<std::sync::Arc<CompiledBlock>>,
    /// For each chance event whose outcomes read no state (a roll of dice), its
    /// outcomes and weights, listed once by the last step of compiling.
    pub chance_outcomes: Vec<Option<Vec<(crate::engine::Step, u32)>>>,
    pub chances: Vec<MoveDef>,
    pub actions: Vec<MoveDef>,
    pub phases: Vec<PhaseDef>,
    pub ends: Vec<EndRule>,
    pub score: Option<Expr>,
    /// The local slot the score expression reads its player from.
    pub score_player: u8,
    /// The values shown with the board, in the order declared.
    pub shows: Vec<ShowDef>,
    pub layout: Layout,
    /// The file's own tests (`test "name" { ... }`), run by `tabula test`; play
    /// ignores them.
    pub tests: Vec<RulesTest>,
}

/// A test of the rules: the options it needs, then steps run in order.
#[derive(Debug, Clone)]
pub struct RulesTest {
    pub name: String,
    pub span: Span,
    pub options: Vec<String>,
    pub steps: Vec<TestStep>,
}

/// One step of a test, with the span a failure points at.
#[derive(Debug, Clone)]
pub struct TestStep {
    pub check: TestCheck,
    pub span: Span,
}

/// What a test step does or expects; players are indices.
#[derive(Debug, Clone)]
pub enum TestCheck {
    /// Start from a state document (YAML or JSON).
    FromState(String),
    /// Moves and chance outcomes in the game's notation, each with its span.
    Play(Vec<(String, Span)>),
    /// The legal moves: exactly these, or including or excluding them.
    Moves(MovesCheck, Vec<(String, Span)>),
    Count(u64),
    Perft(usize, u64),
    /// The game is over, won by this player (for so many points).
    Winner(usize, Option<i32>),
    Draw,
    Ongoing,
    /// A move that is not legal, and a piece of the rule that forbids it.
    Illegal(String, Option<String>),
    Score(usize, i64),
    ToMove(usize),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MovesCheck {
    Exactly,
    Include,
    Exclude,
}

#[derive(Debug, Clone, Default)]
pub struct Layout {
    pub kind: String,
    pub hints: Vec<(String, String)>,
}

#[derive(Debug, Clone)]
pub struct PieceDef {
    pub name: String,
    pub neutral: bool,
    pub values: Option<(i32, i32)>,
}

#[derive(Debug, Clone)]
pub struct CounterDef {
    pub name: String,
    /// What the counter holds: a number, a player (or none), a cell (or none), true/false.
    pub ty: Ty,
    pub per_player: bool,
    pub per_turn: bool,
    pub base: usize,
    pub init: Option<Expr>,
    /// Declared `hidden`: not drawn with the board.
    pub hidden: bool,
}

/// `show "label" ...`: a line drawn with the board.
#[derive(Debug, Clone)]
pub struct ShowDef {
    pub label: String,
    pub what: Shows,
}

#[derive(Debug, Clone)]
pub enum Shows {
    /// A number per player; `player` is the local slot bound to each.
    PerPlayer { player: u8, value: Expr },
    /// A line of text, while `when` holds (no line when it comes out empty).
    Text {
        when: Option<Expr>,
        parts: Vec<TemplatePart>,
    },
}

#[derive(Debug, Clone)]
pub struct PoolDef {
    pub name: String,
    pub per_player: bool,
    pub low: i32,
    pub high: i32,
    pub base: usize,
}

impl PoolDef {
    pub fn width(&self) -> usize {
        (self.high - self.low + 1) as usize
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveKind {
    Action,
    Chance,
}

/// An action or a chance event: generators that bind its arguments, then effects.
#[derive(Debug, Clone)]
pub struct MoveDef {
    pub name: String,
    pub kind: MoveKind,
    pub template: Vec<TemplatePart>,
    /// A chance event's `says`: what an outcome means (empty when not given).
    pub says: Vec<TemplatePart>,
    pub generators: Vec<Gen>,
    pub weight: Option<Expr>,
    /// An action's `playout weight`: how often playouts pick it (see `PhaseDef::weighted`).
    pub playout_weight: Option<Expr>,
    pub body: Vec<Stmt>,
    /// Names of the generator variables, by local slot.
    pub arg_names: Vec<String>,
    pub span: Span,
    /// Where each `for` is written, by the slot it binds (for explanations).
    pub for_spans: Vec<(u8, Span)>,
    /// The parts of each `where` written as `a and b and ...`, by the `where`'s span,
    /// each compiled alone, so an explanation can name the part that is false.
    pub where_parts: Vec<(Span, Vec<(Expr, Span)>)>,
    /// The generators compiled to closures (the last step of compiling).
    pub compiled: Option<std::sync::Arc<CompiledGens>>,
    /// The body compiled to closures.
    pub compiled_body: Option<std::sync::Arc<CompiledBlock>>,
}

impl MoveDef {
    /// Whether the outcomes (bindings and weights) may depend on the state; a chance
    /// event that does not, like a roll of dice, has the same outcomes everywhere.
    pub fn outcomes_read_state(&self) -> bool {
        self.weight.as_ref().is_some_and(Expr::reads_state)
            || self.generators.iter().any(|g| match g {
                Gen::For(_, d) => d.reads_state(),
                Gen::Let(_, e) | Gen::Where(e, _) => e.reads_state(),
            })
    }
}

/// A block of statements as one function (see `engine::closure`).
pub type BlockFn = Box<
    dyn Fn(
            &Game,
            &mut crate::engine::State,
            &mut [i32; MAX_LOCALS],
            &mut crate::engine::Flow,
        ) -> crate::engine::Fallible
        + Send
        + Sync,
>;

/// A block of statements compiled to closures.
pub struct CompiledBlock(pub BlockFn);

impl std::fmt::Debug for CompiledBlock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CompiledBlock")
    }
}

/// Receives each complete binding of a move's generators; returns false to stop.
pub type EmitFn<'a> = crate::engine::closure::Emit<'a>;

/// A move's generators as one function; returns false when `emit` stopped it.
pub type GensFn = Box<
    dyn Fn(&Game, &crate::engine::State, &mut [i32; MAX_LOCALS], &mut EmitFn<'_>) -> bool
        + Send
        + Sync,
>;

/// A move's generators compiled to closures (see `engine::closure`).
pub struct CompiledGens(pub GensFn);

impl std::fmt::Debug for CompiledGens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CompiledGens")
    }
}

#[derive(Debug, Clone)]
pub enum TemplatePart {
    Text(String),
    Value(Expr, Ty),
    Mark(Expr, String),
}

#[derive(Debug, Clone)]
pub enum Gen {
    For(u8, Domain),
    Let(u8, Expr),
    Where(Expr, Span),
}

#[derive(Debug, Clone)]
pub enum Domain {
    Range(Expr, Expr),
    /// The cells from the first to the last in board order, backwards when the first
    /// comes later; none when either is `none`.
    CellRange(Expr, Expr),
    Dirs(Vec<Expr>),
    /// Directions known when compiling: `per_player[mover]` lists them.
    FixedDirs(Vec<Vec<i32>>),
    Cells,
    Players,
    Region {
        region: usize,
        player: Option<Expr>,
    },
    Track {
        track: usize,
        player: Option<Expr>,
    },
    Neighbours(Expr),
    /// The group of the cell: it and the cells joined to it through neighbours of the
    /// same owner (see `engine::reach`).
    Group(Expr),
    Pool {
        pool: usize,
        player: Option<Expr>,
    },
    /// The cells of `inner` holding a piece of `owner` (a filter the compiler folds in
    /// from `where owner(c) == ...`, so generation skips other cells without evaluating).
    Owned {
        inner: Box<Domain>,
        owner: Expr,
    },
}

/// The body of `Domain::exprs` and `Domain::exprs_mut`, which differ only in `&`/`&mut`.
macro_rules! domain_exprs {
    ($domain:expr, $f:expr, $recurse:ident) => {
        match $domain {
            Domain::Range(a, b) | Domain::CellRange(a, b) => {
                $f(a);
                $f(b);
            }
            Domain::Dirs(ds) => {
                for d in ds {
                    $f(d);
                }
            }
            Domain::Neighbours(c) | Domain::Group(c) => $f(c),
            Domain::Owned { inner, owner } => {
                inner.$recurse($f);
                $f(owner);
            }
            Domain::Region { player, .. }
            | Domain::Track { player, .. }
            | Domain::Pool { player, .. } => {
                if let Some(p) = player {
                    $f(p);
                }
            }
            Domain::FixedDirs(_) | Domain::Cells | Domain::Players => {}
        }
    };
}

impl Domain {
    /// Calls `f` on each expression the domain holds (those of an inner domain too).
    pub fn exprs(&self, f: &mut impl FnMut(&Expr)) {
        domain_exprs!(self, f, exprs)
    }

    /// `exprs`, to change them.
    pub fn exprs_mut(&mut self, f: &mut impl FnMut(&mut Expr)) {
        domain_exprs!(self, f, exprs_mut)
    }

    /// Whether the elements may depend on the state (see `Expr::reads_state`).
    pub fn reads_state(&self) -> bool {
        let own = match self {
            Domain::Range(..)
            | Domain::CellRange(..)
            | Domain::Dirs(_)
            | Domain::Cells
            | Domain::Players
            | Domain::Region { .. }
            | Domain::Track { .. }
            | Domain::Neighbours(_) => false,
            Domain::FixedDirs(_)
            | Domain::Pool { .. }
            | Domain::Owned { .. }
            | Domain::Group(_) => true,
        };
        let mut exprs = false;
        self.exprs(&mut |e| exprs |= e.reads_state());
        own || exprs
    }
}

/// The body of `Expr::children` and `Expr::children_mut`.
macro_rules! expr_children {
    ($e:expr, $f:expr, $domain:ident) => {
        match $e {
            Expr::Opponent(a)
            | Expr::Owner(a)
            | Expr::Value(a)
            | Expr::Count(a)
            | Expr::Empty(a)
            | Expr::Layers(a)
            | Expr::Is(a, _)
            | Expr::Not(a)
            | Expr::Neg(a)
            | Expr::Abs(a)
            | Expr::ZoneCell { player: a, .. } => $f(a),
            Expr::Step(a, b)
            | Expr::Layer(_, a, b)
            | Expr::Pieces(a, b)
            | Expr::Slide(a, b)
            | Expr::Binary(_, a, b)
            | Expr::And(a, b)
            | Expr::Or(a, b)
            | Expr::Min(a, b)
            | Expr::Max(a, b) => {
                $f(a);
                $f(b);
            }
            Expr::If(a, b, c) => {
                $f(a);
                $f(b);
                $f(c);
            }
            Expr::Reach(_, args) => {
                for a in args {
                    $f(a);
                }
            }
            Expr::Counter { player, .. }
            | Expr::TrackLen { player, .. }
            | Expr::PoolSize { player, .. } => {
                if let Some(p) = player {
                    $f(p);
                }
            }
            Expr::TrackPos {
                player, cell: x, ..
            }
            | Expr::InRegion {
                player, cell: x, ..
            }
            | Expr::InTrack {
                player, cell: x, ..
            }
            | Expr::TrackAt {
                player, index: x, ..
            }
            | Expr::PoolHas {
                player, value: x, ..
            } => {
                if let Some(p) = player {
                    $f(p);
                }
                $f(x);
            }
            Expr::Aggregate {
                domain,
                filter,
                value,
                ..
            } => {
                domain.$domain($f);
                if let Some(x) = filter {
                    $f(x);
                }
                if let Some(x) = value {
                    $f(x);
                }
            }
            Expr::Const(_)
            | Expr::Local(_)
            | Expr::Mover
            | Expr::Phase
            | Expr::RelDir(_)
            | Expr::Can(_)
            | Expr::Operand(_)
            | Expr::Simple(..)
            | Expr::Compiled(_) => {}
        }
    };
}

impl Expr {
    /// Calls `f` on each direct subexpression, those of an aggregate's domain included
    /// (not a compiled expression's source).
    pub fn children(&self, f: &mut impl FnMut(&Expr)) {
        expr_children!(self, f, exprs)
    }

    /// `children`, to change them.
    pub fn children_mut(&mut self, f: &mut impl FnMut(&mut Expr)) {
        expr_children!(self, f, exprs_mut)
    }

    /// Whether the value may depend on the state (the mover included), and not only on
    /// the locals and the board. Every kind is named, so a new one must be decided.
    pub fn reads_state(&self) -> bool {
        let own = match self {
            Expr::Reach(op, _) => op.reads_state(),
            Expr::Const(_)
            | Expr::Local(_)
            | Expr::Opponent(_)
            | Expr::Step(..)
            | Expr::TrackPos { .. }
            | Expr::TrackAt { .. }
            | Expr::TrackLen { .. }
            | Expr::InRegion { .. }
            | Expr::InTrack { .. }
            | Expr::ZoneCell { .. }
            | Expr::Not(_)
            | Expr::Neg(_)
            | Expr::Binary(..)
            | Expr::And(..)
            | Expr::Or(..)
            | Expr::If(..)
            | Expr::Min(..)
            | Expr::Max(..)
            | Expr::Abs(_) => false,
            Expr::Aggregate { domain, .. } => domain.reads_state(),
            Expr::Mover
            | Expr::Phase
            | Expr::Counter { .. }
            | Expr::Owner(_)
            | Expr::Value(_)
            | Expr::Count(_)
            | Expr::Empty(_)
            | Expr::Is(..)
            | Expr::Layer(..)
            | Expr::Layers(_)
            | Expr::Pieces(..)
            | Expr::Slide(..)
            | Expr::RelDir(_)
            | Expr::PoolSize { .. }
            | Expr::PoolHas { .. }
            | Expr::Can(_) => true,
            Expr::Operand(o) => o.reads_state(),
            Expr::Simple(_, a, b) => a.reads_state() || b.reads_state(),
            Expr::Compiled(c) => c.source.reads_state(),
        };
        let mut children = false;
        self.children(&mut |e| children |= e.reads_state());
        own || children
    }
}

impl Operand {
    /// Whether the value may depend on the state (see `Expr::reads_state`).
    pub fn reads_state(self) -> bool {
        match self {
            Operand::Const(_) | Operand::Local(_) | Operand::Step(..) => false,
            Operand::Mover
            | Operand::Opponent
            | Operand::Owner(_)
            | Operand::Value(_)
            | Operand::Count(_)
            | Operand::Empty(_)
            | Operand::Counter(_)
            | Operand::ZoneMover(_)
            | Operand::CounterMover(_)
            | Operand::TrackPosMover(..) => true,
        }
    }
}

#[derive(Debug, Clone)]
pub struct PhaseDef {
    pub name: String,
    pub starts: Option<Expr>,
    pub actions: Vec<usize>,
    pub decide_turn: bool,
    pub prefer: Vec<usize>,
    pub maximize: Vec<Expr>,
    pub stuck: Stuck,
    pub turn_start: Vec<Stmt>,
    pub turn_end: Vec<Stmt>,
    pub until: Option<Expr>,
    /// Whether any action of the phase has a `playout weight`: then each listed choice
    /// carries its playout weight (an action without one weighs 1), else all weigh 0
    /// and playouts pick uniformly.
    pub weighted: bool,
    pub locals: usize,
    /// `turn_start`, `turn_end` and the body of a `stuck pass` compiled to closures.
    pub compiled_hooks: Option<std::sync::Arc<PhaseBlocks>>,
}

/// A phase's blocks of effects, compiled.
#[derive(Debug)]
pub struct PhaseBlocks {
    pub turn_start: CompiledBlock,
    pub turn_end: CompiledBlock,
    /// The effects of a pass (none when the phase ends the game instead).
    pub pass: CompiledBlock,
}

#[derive(Debug, Clone)]
pub enum Stuck {
    /// A player with no action at the start of his turn passes (with this notation and effects).
    Pass { template: String, body: Vec<Stmt> },
    /// The game ends with this result.
    End(ResultSpec),
}

#[derive(Debug, Clone)]
pub struct EndRule {
    pub name: String,
    /// The local slot bound to each player in turn, when the rule says `for p in players`.
    pub quantifier: Option<u8>,
    pub when: Expr,
    pub result: ResultSpec,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub enum ResultSpec {
    Winner {
        player: Expr,
        points: Option<Expr>,
        /// What the result is called (empty when not named).
        named: Vec<TemplatePart>,
    },
    Draw,
    ByScore,
}

#[derive(Debug, Clone)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub enum StmtKind {
    If(Expr, Vec<Stmt>, Vec<Stmt>),
    Let(u8, Expr),
    For(u8, Domain, Option<Expr>, Vec<Stmt>),
    Continue,
    Move(Expr, Expr),
    Put {
        /// How many pieces: 0 to 255 in play.
        count: Expr,
        piece: u8,
        owner: Option<Expr>,
        value: Option<Expr>,
        at: Expr,
    },
    Remove(Expr),
    Take {
        pool: usize,
        player: Option<Expr>,
        value: Expr,
    },
    AddPool {
        pool: usize,
        player: Option<Expr>,
        value: Expr,
        times: Option<Expr>,
    },
    Clear {
        pool: usize,
        player: Option<Expr>,
    },
    SetValue(Expr, Expr),
    Chance(u16),
    SetMover(Expr),
    /// The next decision of this turn is this player's (the turn goes on).
    HandTo(Expr),
    /// The next decision of this turn is the turn owner's again.
    HandBack,
    Assign {
        counter: usize,
        player: Option<Expr>,
        op: AssignOp,
        value: Expr,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AssignOp {
    Set,
    Add,
    Sub,
}

#[derive(Debug, Clone)]
pub enum Expr {
    Const(i32),
    Local(u8),
    Mover,
    Phase,
    Opponent(Box<Expr>),
    Counter {
        base: usize,
        player: Option<Box<Expr>>,
    },
    Owner(Box<Expr>),
    Value(Box<Expr>),
    Count(Box<Expr>),
    Empty(Box<Expr>),
    Is(Box<Expr>, u8),
    /// `owner(c, k)`, `count(c, k)`, `value(c, k)`: the layer `k` from the top of a
    /// cell's stack (0 the top one).
    Layer(LayerRead, Box<Expr>, Box<Expr>),
    /// `layers(c)`: how many layers the cell's stack holds.
    Layers(Box<Expr>),
    /// `pieces(c, p)`: how many of player p's pieces the cell holds, in all its layers.
    Pieces(Box<Expr>, Box<Expr>),
    Step(Box<Expr>, Box<Expr>),
    Slide(Box<Expr>, Box<Expr>),
    /// A reading along lines and through groups of cells, of its evaluated operands
    /// (see `engine::reach`).
    Reach(ReachOp, Vec<Expr>),
    RelDir(u8),
    TrackPos {
        track: usize,
        player: Option<Box<Expr>>,
        cell: Box<Expr>,
    },
    TrackAt {
        track: usize,
        player: Option<Box<Expr>>,
        index: Box<Expr>,
    },
    TrackLen {
        track: usize,
        player: Option<Box<Expr>>,
    },
    InRegion {
        region: usize,
        player: Option<Box<Expr>>,
        cell: Box<Expr>,
    },
    InTrack {
        track: usize,
        player: Option<Box<Expr>>,
        cell: Box<Expr>,
    },
    ZoneCell {
        zone: usize,
        player: Box<Expr>,
    },
    PoolSize {
        pool: usize,
        player: Option<Box<Expr>>,
    },
    PoolHas {
        pool: usize,
        player: Option<Box<Expr>>,
        value: Box<Expr>,
    },
    Not(Box<Expr>),
    Neg(Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    Min(Box<Expr>, Box<Expr>),
    Max(Box<Expr>, Box<Expr>),
    Abs(Box<Expr>),
    Aggregate {
        op: AggOp,
        slot: u8,
        domain: Box<Domain>,
        filter: Option<Box<Expr>>,
        value: Option<Box<Expr>>,
    },
    /// Whether the mover has a legal action (of this one, or of any in the phase).
    Can(Option<usize>),
    /// A leaf read in one step (the compiler folds simple shapes into these).
    Operand(Operand),
    /// A comparison or arithmetic of two leaves, without recursion.
    Simple(BinOp, Operand, Operand),
    /// A compound expression compiled to closures (the last step of compiling).
    Compiled(std::sync::Arc<Compiled>),
}

/// An expression as a function of the state and the locals.
pub type ExprFn =
    Box<dyn Fn(&Game, &crate::engine::State, &mut [i32; MAX_LOCALS]) -> i32 + Send + Sync>;

/// An expression compiled to closures, each node a small function calling its
/// children (see `engine::closure`), with the tree it came from.
pub struct Compiled {
    pub f: ExprFn,
    /// The expression before compiling, for tools that look at its shape.
    pub source: Expr,
}

impl std::fmt::Debug for Compiled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Compiled").field(&self.source).finish()
    }
}

/// A value read without evaluating a subexpression.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operand {
    Const(i32),
    Local(u8),
    Mover,
    Opponent,
    Owner(u8),
    Value(u8),
    Count(u8),
    Empty(u8),
    Counter(usize),
    /// The neighbour of the cell in local `.0` in the direction in local `.1`.
    Step(u8, u8),
    /// The mover's cell of a zone kept per player.
    ZoneMover(u16),
    /// The mover's entry of a per-player counter.
    CounterMover(usize),
    /// The position on the mover's track `.0` of the cell in local `.1`.
    TrackPosMover(u16, u8),
}

/// What `Expr::Layer` reads of a layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LayerRead {
    Owner,
    Count,
    Value,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

/// What an `Expr::Reach` reads; its operands are listed with each kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReachOp {
    /// `step(c, d, n)`: [cell, direction, steps] -> the cell n steps away, or none.
    StepN,
    /// `run(c, d, p)`: [cell, direction, player] -> how many cells in a row after the
    /// cell, in the direction, hold pieces of the player (are empty, for none).
    Run,
    /// `liberties(c)`: [cell] -> the empty cells next to the cell's group.
    Liberties,
    /// `connected(p, A, B)`: [player, A's player, B's player] -> whether a chain of
    /// neighbouring cells of the player joins a cell of region A to one of region B.
    Connected(u16, u16),
}

impl ReachOp {
    /// Whether the value depends on the state, and not only on the operands.
    pub fn reads_state(self) -> bool {
        !matches!(self, ReachOp::StepN)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AggOp {
    Count,
    Sum,
    Exists,
    All,
    Min,
    Max,
}
