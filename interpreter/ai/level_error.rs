//! Why a computer level or a search budget written as text was refused.

/// A level (`mcts:2s`, `net2`, `off`...) or a budget (`2000`, `2s`) that does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LevelError {
    #[error(
        "`{text}` is not a budget; write a number of iterations (`2000`) or a time (`2s`, `500ms`)"
    )]
    NotABudget { text: String },
    #[error("`{text}`: a time budget is more than 0 and at most an hour")]
    TimeOutOfRange { text: String },
    #[error("`{text}`: a search needs at least one iteration")]
    NoIteration { text: String },
    #[error("`{text}`: at most {max} iterations a move")]
    TooManyIterations { text: String, max: u32 },
    #[error("`{name}` is not a computer level; use random, greedy, playouts, mcts (mcts:2s, mcts:5000), net, net2, net3 (net:FILE, net2:FILE, net3:FILE) or off")]
    Unknown { name: String },
    #[error("`{text}`: only `mcts` takes a budget")]
    BudgetNotTaken { text: String },
}

/// The sentence, where the caller words its errors as sentences.
impl From<LevelError> for String {
    fn from(e: LevelError) -> String {
        e.to_string()
    }
}
