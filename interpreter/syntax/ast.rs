//! The spanned abstract syntax tree of a rules file, as the parser builds it.

use crate::diagnostic::Span;

/// A name as written, with where it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

#[derive(Debug, Clone, Default)]
pub struct File {
    pub items: Vec<Item>,
}

#[derive(Debug, Clone)]
pub enum Item {
    Include(String, Span),
    /// `replace DECLARATION`: the span is the word `replace`.
    Replace(Box<Item>, Span),
    Game(String, Span),
    Players(Vec<Name>),
    Option {
        name: Name,
        description: String,
        /// `= DEFAULT in LOW..HIGH`: a number option; `None` for one on or off.
        number: Option<OptionNumber>,
    },
    /// `define NAME = EXPR`, `define NAME(a, b) = EXPR` or `define NAME = [n, e]` (its
    /// value then an `ExprKind::Dirs`).
    Define {
        name: Name,
        params: Vec<Name>,
        value: Expr,
    },
    Board(Vec<BoardItem>),
    Piece(PieceDecl),
    Counter(CounterDecl),
    Pool(PoolDecl),
    Region(RegionDecl),
    Track(RegionDecl),
    Names {
        player: Name,
        /// Cells and their labels: the first is printed, every one is read.
        maps: Vec<(CellItem, Vec<CellItem>)>,
    },
    Layout {
        kind: Name,
        hints: Vec<(Name, String)>,
    },
    /// A setup block and the span of its word `setup`.
    Setup(Block, Span),
    Chance(MoveDecl),
    Action(MoveDecl),
    Phase(PhaseDecl),
    End(EndDecl),
    Score {
        player: Name,
        value: Expr,
        /// `scale N`: the scores are counted in Nths.
        scale: Option<Expr>,
    },
    /// `show "label" p = value`: a value per player drawn with the board.
    Show {
        label: String,
        span: Span,
        player: Name,
        value: Expr,
    },
    /// `show "label" "template"`: a line of text drawn with the board.
    ShowText {
        label: String,
        span: Span,
        /// `when EXPR`: shown only while it holds.
        when: Option<Expr>,
        text: String,
        text_span: Span,
    },
    /// `test "name" { ... }`: a test of the rules, ignored by play.
    Test(TestDecl),
    /// `rules [with OPTION] """ ... """`: the rules in plain words, or the paragraph
    /// shown when an option is on.
    Rules(RulesDecl),
    /// `strategy NAME "description" { play ... }`: a named way of playing, a computer
    /// level of its own.
    Strategy(StrategyDecl),
}

/// A strategy as written: its name, what it says of itself and its rules in order.
#[derive(Debug, Clone)]
pub struct StrategyDecl {
    pub name: Name,
    pub description: String,
    /// The span of the whole declaration.
    pub span: Span,
    pub rules: Vec<StrategyRule>,
}

/// One `play ACTIONS ...` of a strategy.
#[derive(Debug, Clone)]
pub struct StrategyRule {
    /// The word `play`.
    pub span: Span,
    pub actions: Vec<Name>,
    /// `let` and `where`, in order, judged before the move with its bindings.
    pub tests: Vec<Generator>,
    /// `avoid EXPR`: judged on the position the move leads to.
    pub avoid: Option<Expr>,
    /// `by EXPR then EXPR ...`: the keys that rank the moves, highest first.
    pub by: Vec<Expr>,
}

/// A rules text as written: the span of the word `rules`, the option it belongs to, and
/// the text between the triple quotes (not yet dedented) with its span.
#[derive(Debug, Clone)]
pub struct RulesDecl {
    pub span: Span,
    pub option: Option<Name>,
    pub text: String,
    pub text_span: Span,
}

/// A test of the rules: its name, the options it needs and its statements in order.
#[derive(Debug, Clone)]
pub struct TestDecl {
    pub name: String,
    pub span: Span,
    /// The options of `with`: each a name, with a value for a number option.
    pub options: Vec<(Name, Option<String>)>,
    pub stmts: Vec<TestStmt>,
}

/// One statement of a test, with the span a failure points at.
#[derive(Debug, Clone)]
pub struct TestStmt {
    pub kind: TestKind,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub enum TestKind {
    /// Start from a state document (YAML or JSON) instead of the setup.
    FromState(String),
    /// Moves and chance outcomes, in order, each with its span.
    Play(Vec<(String, Span)>),
    /// The legal moves: exactly these (None), or including / excluding them.
    Moves(Option<MovesMode>, Vec<(String, Span)>),
    Count(u64),
    Perft(u32, u64),
    Winner(Name, Option<u32>),
    Draw,
    Ongoing,
    /// A move that is not legal, and text of the rule that forbids it.
    Illegal(String, Option<String>),
    /// `expect score p = V`: V as a whole number of units and the units in one (7.5 is
    /// 75 tenths).
    Score(Name, i64, i64),
    ToMove(Name),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MovesMode {
    Include,
    Exclude,
}

/// A point of `points`: its name, and the column and row it is placed at (with their span).
pub type Point = (Name, Option<((i32, i32), Span)>);

#[derive(Debug, Clone)]
pub enum BoardItem {
    /// Sizes are expressions whose value must be known before the game starts.
    Hex(Vec<Expr>, Span),
    Grid(Expr, Expr, Span),
    Rhombus(Expr, Expr, Span),
    Line(Expr, Expr, Span),
    /// `layers N`: how many layers a cell's stack may hold.
    Layers(Expr, Span),
    Zone {
        name: Name,
        per_player: bool,
    },
    Dir {
        name: Name,
        map: Vec<(Name, Name)>,
    },
    /// `directions NAME = d, ...`: a named set of the board's directions.
    Directions {
        name: Name,
        dirs: Vec<Name>,
    },
    /// `adjacency NAME`: the direction set the readings use when given none.
    Adjacency(Name),
    /// `leap NAME = FILES, RANKS`: a direction of a grid by its offset, the numbers
    /// known before the game starts.
    Leap {
        name: Name,
        files: Expr,
        ranks: Expr,
        span: Span,
    },
    /// `points a1, d1 (3, 0), ...`: cells of the board's own, each maybe placed at a
    /// column and a row (with the span of the place).
    Points(Vec<Point>),
    /// `links a1 -- d1 -- g1, ...`: chains of links between cells, each both ways.
    Links(Vec<Vec<Name>>),
    /// `links may be cut`: the board's links may be cut and joined again in play.
    CutLinks(Span),
    /// `line NAME = cells`: a named line of cells.
    NamedLine {
        name: Name,
        cells: Vec<CellEntry>,
    },
}

#[derive(Debug, Clone)]
pub struct PieceDecl {
    pub name: Name,
    /// `value LO..HI`, known before the game starts.
    pub values: Option<(Expr, Expr)>,
    pub neutral: bool,
}

#[derive(Debug, Clone)]
pub struct CounterDecl {
    pub name: Name,
    /// `counter owner: player`; a number when not given.
    pub ty: Option<Name>,
    pub per_player: bool,
    pub init: Option<Expr>,
    pub per_turn: bool,
    /// `hidden`: not drawn with the board.
    pub hidden: bool,
}

#[derive(Debug, Clone)]
pub struct PoolDecl {
    pub name: Name,
    pub per_player: bool,
    /// `of LO..HI`, known before the game starts.
    pub low: Expr,
    pub high: Expr,
    pub span: Span,
}

/// A region or a track: one list of cells, or one per player.
#[derive(Debug, Clone)]
pub struct RegionDecl {
    pub name: Name,
    pub body: RegionBody,
}

#[derive(Debug, Clone)]
pub enum RegionBody {
    Shared(Vec<CellEntry>),
    PerPlayer(Vec<(Name, Vec<CellEntry>)>),
}

/// One item of a list of cells: cells by name, or by a condition.
#[derive(Debug, Clone)]
pub enum CellEntry {
    Cells(CellItem),
    /// `c in cells where COND`: the cells, in board order, for which the condition,
    /// worked out when the rules are read, holds.
    Where {
        var: Name,
        cond: Expr,
        span: Span,
    },
}

/// `a1` or a range of cells in board order `a1..i4` (descending when written so).
#[derive(Debug, Clone)]
pub struct CellItem {
    pub first: Name,
    pub last: Option<Name>,
}

/// An action (a player's move) or a chance event (nature's move).
#[derive(Debug, Clone)]
pub struct MoveDecl {
    pub name: Name,
    pub template: String,
    pub template_span: Span,
    /// A chance event's `says "..."`: what an outcome means, as a template.
    pub says: Option<(String, Span)>,
    pub generators: Vec<Generator>,
    pub weight: Option<Expr>,
    /// An action's `playout weight`.
    pub playout_weight: Option<Expr>,
    pub body: Block,
}

#[derive(Debug, Clone)]
pub enum Generator {
    For { var: Name, domain: Domain },
    Let { var: Name, value: Expr },
    Where(Expr),
}

#[derive(Debug, Clone)]
pub enum Domain {
    Range(Expr, Expr),
    Dirs(Vec<Name>),
    Expr(Expr),
}

#[derive(Debug, Clone)]
pub struct PhaseDecl {
    pub name: Name,
    pub items: Vec<PhaseItem>,
}

#[derive(Debug, Clone)]
pub enum PhaseItem {
    Starts(Expr),
    Actions(Vec<Name>),
    /// `decide turn` (true) or `decide action`, and `when COND`: the other unit
    /// when COND, known before the game starts, does not hold.
    DecideTurn(bool, Span, Option<Expr>),
    Prefer(Vec<Name>),
    Maximize(Vec<Expr>),
    StuckPass {
        template: String,
        span: Span,
        body: Option<Block>,
    },
    StuckEnd(ResultSpec),
    TurnStart(Block),
    TurnEnd(Block),
    Until(Expr),
    /// `forbid "reason" when EXPR`: a move whose reached position makes EXPR hold is
    /// not legal; the span is the reason's.
    Forbid {
        reason: String,
        span: Span,
        when: Expr,
    },
}

#[derive(Debug, Clone)]
pub struct EndDecl {
    pub name: String,
    pub span: Span,
    pub quantifier: Option<Name>,
    pub when: Expr,
    pub result: ResultSpec,
}

#[derive(Debug, Clone)]
pub enum ResultSpec {
    Winner {
        player: Expr,
        points: Option<Expr>,
        /// `named "template"`: what the result is called.
        named: Option<Box<(String, Span)>>,
    },
    Draw,
    ByScore,
}

pub type Block = Vec<Stmt>;

#[derive(Debug, Clone)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub enum StmtKind {
    If {
        cond: Expr,
        then: Block,
        otherwise: Block,
    },
    Let {
        var: Name,
        value: Expr,
    },
    For {
        var: Name,
        domain: Domain,
        filter: Option<Expr>,
        body: Block,
    },
    Continue,
    /// `[may] continue [with NAME = EXPR] [else "TEXT"]`: the turn goes on, with this
    /// action alone and NAME held to EXPR when `with` is given; with `may`, the mover
    /// may stop instead, a choice written TEXT.
    GoOn {
        with: Option<(Name, Expr)>,
        stop: Option<(String, Span)>,
    },
    Move {
        from: Expr,
        to: Expr,
    },
    Put {
        /// How many; one when not written.
        count: Option<Expr>,
        piece: Name,
        owner: Option<Expr>,
        value: Option<Expr>,
        at: Expr,
    },
    Remove(Expr),
    /// `cut a -- b` (`cut` true) or `join a -- b`: the link between two neighbouring
    /// cells, both ways.
    Link {
        cut: bool,
        a: Expr,
        b: Expr,
    },
    Take {
        value: Expr,
        pool: PoolRef,
    },
    AddPool {
        value: Expr,
        times: Option<Expr>,
        pool: PoolRef,
    },
    Clear(PoolRef),
    SetValue {
        cell: Expr,
        value: Expr,
    },
    Chance(Name),
    SetMover(Expr),
    HandTo(Expr),
    HandBack,
    Assign {
        target: Name,
        index: Option<Expr>,
        op: AssignOp,
        value: Expr,
    },
}

#[derive(Debug, Clone)]
pub struct PoolRef {
    pub name: Name,
    pub index: Option<Expr>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AssignOp {
    Set,
    Add,
    Sub,
}

#[derive(Debug, Clone)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub enum ExprKind {
    Int(i64),
    Bool(bool),
    None,
    Cell(String),
    Name(String),
    Index(Box<Expr>, Box<Expr>),
    Call(Name, Vec<Expr>),
    Unary(UnaryOp, Box<Expr>),
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `let NAME = VALUE in BODY`: the name stands for the value in the body only.
    Let(Name, Box<Expr>, Box<Expr>),
    /// `[n, ne]`: a list of directions, only ever the value of a `define`.
    Dirs(Vec<Name>),
    Aggregate {
        op: AggregateOp,
        var: Name,
        domain: Box<Domain>,
        filter: Option<Box<Expr>>,
        value: Option<Box<Expr>>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    Not,
    Neg,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    In,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

/// The words that begin an aggregate (the grammar's `agg_op`), for the "did you mean"
/// of a misspelt one.
pub const AGGREGATES: [&str; 6] = ["count", "sum", "exists", "all", "min", "max"];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AggregateOp {
    Count,
    Sum,
    Exists,
    All,
    Min,
    Max,
}

/// The range of a number option (`option target = 100 in 20..200 "..."`), as written;
/// the span covers the three numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionNumber {
    pub default: i64,
    pub low: i64,
    pub high: i64,
    pub span: Span,
}
