//! What can go wrong while a rules file is played: the kinds as data, their wording in
//! one `Display` match, and the error that points a kind at its statement.

use super::play::PlayError;
use super::{Game, MAX_CHANCE_RUN, MAX_CHOICES};
use crate::diagnostic::Span;
use crate::ir::MAX_POOL_COPIES;
use std::fmt;

/// A rules file did something impossible while playing (moved from an empty cell, took
/// from an empty pool...). Points at the statement; a default span is a limit of the
/// whole game, which no one statement broke.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct RuntimeError {
    /// Boxed, so that the results the engine returns on its hot paths stay small.
    pub kind: Box<RuntimeErrorKind>,
    /// The statement (or action, chance event, end rule) that failed, in the text the
    /// game was compiled from; the default span for a limit of the whole game.
    pub span: Span,
}

/// What went wrong. Names of cells, pieces, pools and chance events are kept as text,
/// so that the error reads without the game at hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuntimeErrorKind {
    /// An effect (`effect` is its wording, "`move` from") was given `none` for a cell.
    NoCell {
        /// The effect's wording, with the place it was given (`` `move` from ``).
        effect: &'static str,
    },
    /// A statement named a player by a value that is none (the owner of an empty cell).
    NoPlayer,
    /// `move` from an empty cell.
    MoveFromEmpty {
        /// The cell's name.
        cell: String,
    },
    /// `cut a -- b` or `join a -- b` of two cells that are not neighbours.
    NotNeighbours {
        /// The effect's wording (`` `cut` ``, `` `join` ``).
        effect: &'static str,
        /// The first cell's name.
        a: String,
        /// The second cell's name.
        b: String,
    },
    /// `set value` of an empty cell.
    SetValueOfEmpty {
        /// The cell's name.
        cell: String,
    },
    /// A new layer onto a cell that already holds as many as the board allows.
    StackFull {
        /// The effect's wording (`` `put` ``, `` `move` ``).
        effect: &'static str,
        /// The cell's name.
        cell: String,
        /// The layers the board allows (its `layers N`).
        layers: usize,
    },
    /// Pieces onto a stack of the same kind and owner but another value.
    UnlikeValue {
        /// The effect's wording (`` `put` ``, `` `move` ``).
        effect: &'static str,
        /// The cell's name.
        cell: String,
        /// The value of the pieces on the cell.
        there: i32,
        /// The value of the pieces arriving.
        arriving: i32,
    },
    /// Pieces onto a stack of another kind or owner, on a board without layers.
    Occupied {
        /// The effect's wording (`` `put` ``, `` `move` ``).
        effect: &'static str,
        /// The cell's name.
        cell: String,
    },
    /// More than 255 pieces in one cell.
    CellOverflow,
    /// A piece given a value outside the range its definition declares.
    PieceValue {
        /// The kind of piece.
        piece: String,
        /// The least value the piece's definition allows.
        low: i32,
        /// The greatest value it allows.
        high: i32,
        /// The value it was given.
        value: i32,
    },
    /// `put` of a negative count or of more than 255 pieces.
    PutCount {
        /// The count asked for.
        count: i32,
    },
    /// `take` of a value the pool holds none of.
    TakeFromEmpty {
        /// The pool's name.
        pool: String,
        /// The value asked for.
        value: i32,
    },
    /// A value outside the range a pool holds.
    PoolValue {
        /// The pool's name.
        pool: String,
        /// The least value the pool holds.
        low: i32,
        /// The greatest value it holds.
        high: i32,
        /// The value asked for.
        value: i32,
    },
    /// Copies added to a pool beyond `MAX_POOL_COPIES` (or a negative number of them).
    PoolOverflow {
        /// The pool's name.
        pool: String,
        /// The copies it holds, of all its values.
        held: i32,
        /// The copies that were to be added (negative for a negative count).
        adding: i32,
    },
    /// A chance event resolved `MAX_CHANCE_RUN` times with no decision between.
    EndlessChance {
        /// The chance event's name.
        event: String,
    },
    /// A chance event with no outcome to draw.
    NoChanceOutcome,
    /// More than `MAX_CHOICES` moves listed at once.
    TooManyChoices,
    /// The loop budget of a call ran out while the engine did `work`.
    BudgetExhausted {
        /// What the engine was doing.
        work: Work,
        /// The budget: the loop steps one call may take.
        steps: u64,
    },
    /// A whole turn reaching more positions than the turn search keeps.
    SearchTooBig {
        /// What the turn search keeps, in 64-bit words.
        words: usize,
    },
    /// A turn of more than `max` actions.
    EndlessTurn {
        /// The most actions a turn may have.
        max: usize,
    },
    /// A game played by the computer in which chance went on with no decision.
    ChanceWithoutDecision,
    /// A move the computer played was refused.
    Refused(Box<PlayError>),
    /// A computer player that needs a trained network has none.
    NoNetwork {
        /// The game's name.
        game: String,
    },
    /// The searcher (`az`) was asked to play by a network without a policy head.
    NoPolicy {
        /// The game's name.
        game: String,
    },
    /// The threads to play on could not be started.
    Threads {
        /// How many threads were to be started.
        threads: usize,
        /// The system's reason.
        reason: String,
    },
    /// A network could not be made for the game (its encoding or weights too many).
    Network(Box<crate::ai::net::NetError>),
    /// Training made a weight infinite or not a number.
    Diverged {
        /// The games of training played when the weights were checked.
        games: u64,
    },
    /// A move typed (or read from a record) that is the text of two different legal
    /// choices: the rules print them alike.
    SameText {
        /// The text both choices print.
        text: String,
    },
    /// A batch of games returned fewer games than it was asked for.
    NotPlayed,
}

/// What the engine was doing when the loop budget ran out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Work {
    /// Running the statement the error points at.
    Statement,
    /// Listing the legal moves of the action pointed at.
    LegalMoves,
    /// Listing the outcomes of the chance event pointed at.
    ChanceOutcomes,
    /// Settling a turn outside any one move.
    Settling,
    /// Evaluating the end rule of this name.
    EndRule(String),
    /// Working out the players' scores.
    Score,
    /// Working out the `show` line of this label.
    Shown(String),
    /// Working out the starting value of the counter of this name.
    CounterStart(String),
}

impl RuntimeError {
    /// An error of `kind` at the statement of `span`.
    pub fn new(span: Span, kind: RuntimeErrorKind) -> RuntimeError {
        RuntimeError {
            kind: Box::new(kind),
            span,
        }
    }

    /// An error of the whole game, which points at no statement.
    pub fn of_game(kind: RuntimeErrorKind) -> RuntimeError {
        RuntimeError::new(Span::default(), kind)
    }

    /// The error as the command line shows it: `while playing: ...` at the statement,
    /// with its line from the text `game` was compiled from, or `error while playing:
    /// ...` alone for a limit of the whole game. `color` adds terminal colours.
    pub fn render(&self, game: &Game, color: bool) -> String {
        if self.span == Span::default() {
            return format!("error while playing: {}", self.kind);
        }
        let own = crate::Source::new(
            game.rules.source_name.as_str(),
            game.rules.source_text.as_str(),
        );
        let (source, span) = game.rules.source_of(&own, self.span);
        crate::Diagnostics {
            source: source.clone(),
            list: vec![crate::Diagnostic::new(
                span,
                format!("while playing: {}", self.kind),
            )],
        }
        .render(color)
    }
}

impl From<PlayError> for RuntimeError {
    /// A play error as a runtime error: itself when it is one, else a refused move of
    /// the whole game.
    fn from(e: PlayError) -> RuntimeError {
        match e {
            PlayError::Runtime(r) => r,
            other => RuntimeError::of_game(RuntimeErrorKind::Refused(Box::new(other))),
        }
    }
}

impl fmt::Display for RuntimeErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        use RuntimeErrorKind::*;
        match self {
            NoCell { effect } => write!(f, "{effect} names no cell (the cell is `none`)"),
            NoPlayer => write!(f, "this names no player (is the cell empty?)"),
            MoveFromEmpty { cell } => write!(f, "`move` from `{cell}`, which is empty"),
            SetValueOfEmpty { cell } => write!(f, "`set value` of `{cell}`, which is empty"),
            NotNeighbours { effect, a, b } => {
                write!(f, "{effect} of `{a} -- {b}`: the cells are not next to each other")
            }
            StackFull {
                effect,
                cell,
                layers,
            } => write!(
                f,
                "{effect} onto `{cell}`, whose stack already holds {layers} layers, as many as the board's `layers {layers}` allows"
            ),
            UnlikeValue {
                effect,
                cell,
                there,
                arriving,
            } => write!(
                f,
                "{effect} onto `{cell}`, whose pieces are alike but for their value ({there} there, {arriving} arriving): a cell holds one stack of pieces of the same kind, owner and value"
            ),
            Occupied { effect, cell } => write!(
                f,
                "{effect} onto `{cell}`, which holds another piece: remove it first, or give the board `layers N` so that pieces may stack on others"
            ),
            CellOverflow => write!(f, "a cell holds at most 255 pieces"),
            PieceValue {
                piece,
                low,
                high,
                value,
            } => write!(f, "a `{piece}` shows {low} to {high}, not {value}"),
            PutCount { count } => write!(f, "`put` places 0 to 255 pieces, not {count}"),
            TakeFromEmpty { pool, value } => {
                write!(f, "`take {value}` from `{pool}`, which holds none")
            }
            PoolValue {
                pool,
                low,
                high,
                value,
            } => write!(f, "`{pool}` holds values {low} to {high}, not {value}"),
            PoolOverflow { pool, held, adding } => write!(
                f,
                "a pool holds at most {MAX_POOL_COPIES} copies in all; `{pool}` holds {held}, and {adding} cannot be added"
            ),
            EndlessChance { event } => write!(
                f,
                "`{event}` was resolved {MAX_CHANCE_RUN} times in a row with no decision between; does one of its outcomes start a chance event again?"
            ),
            NoChanceOutcome => write!(f, "a chance event has no outcome"),
            TooManyChoices => write!(
                f,
                "there are more than {MAX_CHOICES} moves to list here; does a `for` run over a huge range?"
            ),
            BudgetExhausted { work, steps } => write!(
                f,
                "{work} took more than {steps} loop steps; does a `for` run over a huge range?"
            ),
            SearchTooBig { words } => write!(
                f,
                "a whole turn reaches more positions than the turn search keeps ({words} words); do its actions choose among too many values?"
            ),
            EndlessTurn { max } => write!(
                f,
                "a turn went on for more than {max} actions; does `continue` ever stop?"
            ),
            ChanceWithoutDecision => {
                write!(f, "chance events went on and on without a decision")
            }
            Refused(e) => write!(f, "{e}"),
            NoNetwork { game } => write!(
                f,
                "no network is loaded for {game}; train one with `tabula train`, or load one with `ai PLAYER net:FILE`"
            ),
            NoPolicy { game } => write!(
                f,
                "the searcher `az` needs a network with a policy head, and {game}'s has none; train one with `tabula train GAME --searcher`, or load one with `ai PLAYER az:FILE`"
            ),
            Threads { threads, reason } => write!(f, "cannot start {threads} threads: {reason}"),
            Diverged { games } => write!(
                f,
                "training diverged after {games} games (a weight is no longer a number, or is beyond what a network file may hold); train again with a lower --rate"
            ),
            Network(e) => write!(f, "{e}"),
            SameText { text } => write!(
                f,
                "`{text}` is the text of two different moves here, so it cannot say which is meant; the rules must print each move its own way (a template showing what tells them apart)"
            ),
            NotPlayed => write!(f, "a game was not played"),
        }
    }
}

impl fmt::Display for Work {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Work::Statement => write!(f, "this statement"),
            Work::LegalMoves => write!(f, "finding the legal moves"),
            Work::ChanceOutcomes => write!(f, "finding the chance outcomes"),
            Work::Settling => write!(
                f,
                "working out the turn (a starting value, `until`, `starts` or a weight)"
            ),
            Work::EndRule(name) => write!(f, "the end rule \"{name}\""),
            Work::Score => write!(f, "working out the scores"),
            Work::Shown(label) => write!(f, "the `show` line \"{label}\""),
            Work::CounterStart(name) => write!(f, "the starting value of counter `{name}`"),
        }
    }
}
