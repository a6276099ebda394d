//! Why a computer level or a search budget written as text was refused.

/// A level (`mcts:2s`, `net2`, `off`...) or a budget (`2000`, `2s`) that does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LevelError {
    #[error(
        "`{text}` is not a budget; write a number of iterations (`2000`), a time of the processor (`2s`, `500ms`) or of the wall clock (`2s:wall`)"
    )]
    NotABudget { text: String },
    #[error("`{text}`: a time budget is more than 0 and at most an hour")]
    TimeOutOfRange { text: String },
    #[error("`{text}`: a search needs at least one iteration")]
    NoIteration { text: String },
    #[error("`{text}`: at most {max} iterations a move")]
    TooManyIterations { text: String, max: u32 },
    #[error("`{name}` is not a computer level; use random, greedy, playouts, mcts (mcts:2s, mcts:2s:wall, mcts:5000), net, net2, net3 (net3:1s, net:FILE, net2:FILE, net3:FILE) or off")]
    Unknown { name: String },
    #[error("`{text}`: only `mcts`, `net2` and `net3` take a budget")]
    BudgetNotTaken { text: String },
    #[error("`{text}`: `net` looks one choice ahead at once; only `net2` and `net3` take a time (`net3:1s`)")]
    NetBudget { text: String },
    #[error("`{text}`: `net2` and `net3` take a time (`net3:1s`, `net3:500ms`), not a number of iterations")]
    NetIterations { text: String },
    #[error("`{text}`: the wall clock keeps a time (`2s:wall`), not a number of iterations")]
    WallIterations { text: String },
}

/// The sentence, where the caller words its errors as sentences.
impl From<LevelError> for String {
    fn from(e: LevelError) -> String {
        e.to_string()
    }
}
