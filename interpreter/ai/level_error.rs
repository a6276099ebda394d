//! Why a computer level or a search budget written as text was refused.

/// A level (`mcts:2s`, `net2`, `off`...) or a budget (`2000`, `2s`) that does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LevelError {
    #[error(
        "`{text}` is not a budget; write a number of iterations (`2000`), a time of the processor (`2s`, `500ms`) or of the wall clock (`2s:wall`)"
    )]
    /// A budget that is neither a whole number nor a time.
    NotABudget {
        /// The budget as written.
        text: String,
    },
    #[error("`{text}`: a time budget is more than 0 and at most an hour")]
    /// A time of 0 or less, or of more than an hour.
    TimeOutOfRange {
        /// The budget as written.
        text: String,
    },
    #[error("`{text}`: a search needs at least one iteration")]
    /// A budget of 0 iterations.
    NoIteration {
        /// The budget as written.
        text: String,
    },
    #[error("`{text}`: at most {max} iterations a move")]
    /// More iterations than one move may be given.
    TooManyIterations {
        /// The budget as written.
        text: String,
        /// The most iterations a move may be given.
        max: u32,
    },
    #[error("`{name}` is not a computer level; use random, greedy, playouts, mcts (mcts:2s, mcts:2s:wall, mcts:5000), net, net2, net3 (net3:1s, net:FILE, net2:FILE, net3:FILE), az (az:2s, az:800, az:FILE) or off")]
    /// A word that names no level.
    Unknown {
        /// The word before any `:` or space.
        name: String,
    },
    #[error("`{name}` is not a computer level; use random, greedy, playouts, mcts (mcts:2s, mcts:2s:wall, mcts:5000), net, net2, net3 (net3:1s, net:FILE, net2:FILE, net3:FILE), az (az:2s, az:800, az:FILE), off, or a strategy of the file: {strategies}")]
    /// A word that names no level, in a game with strategies.
    UnknownHere {
        /// The word before any `:` or space.
        name: String,
        /// The file's strategies, by name, in order.
        strategies: String,
    },
    #[error("`{text}`: only `mcts`, `net2` and `net3` take a budget")]
    /// A budget after a level that takes none (`random:2s`, `playouts:500`).
    BudgetNotTaken {
        /// The level as written.
        text: String,
    },
    #[error("`{text}`: `net` looks one choice ahead at once; only `net2` and `net3` take a time (`net3:1s`)")]
    /// A budget after `net`, which does not search.
    NetBudget {
        /// The level as written.
        text: String,
    },
    #[error("`{text}`: `net2` and `net3` take a time (`net3:1s`, `net3:500ms`), not a number of iterations")]
    /// A number of iterations after `net2` or `net3`, which take only a time.
    NetIterations {
        /// The level as written.
        text: String,
    },
    #[error("`{text}`: the wall clock keeps a time (`2s:wall`), not a number of iterations")]
    /// A number of iterations put on the wall clock (`2000:wall`).
    WallIterations {
        /// The budget as written.
        text: String,
    },
}

/// The sentence, where the caller words its errors as sentences.
impl From<LevelError> for String {
    fn from(e: LevelError) -> String {
        e.to_string()
    }
}
