//! Why a network file was refused: unreadable, damaged, or made for another game.

/// A network file that cannot be read or does not fit the game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NetError {
    #[error("cannot read `{path}`: {reason}")]
    Unreadable { path: String, reason: String },
    #[error("`{path}` is not a regular file")]
    NotAFile { path: String },
    #[error("`{path}` is larger than a network file may be ({mb} MB)")]
    FileTooLarge { path: String, mb: usize },
    #[error("a network file is at most {mb} MB; this one is larger")]
    TooLarge { mb: usize },
    #[error("this is not a tabula network file")]
    NotANetwork,
    #[error("this network file has format {found}; this tabula reads format {reads}")]
    Format { found: String, reads: u32 },
    #[error("the network file's header is damaged: {reason}")]
    DamagedHeader { reason: String },
    #[error("this network was trained for {trained}, not for {game}")]
    OtherGame { trained: String, game: String },
    #[error("this network was trained for another version of {game} (its encoding differs: the rules changed since); train it again")]
    OtherEncoding { game: String },
    #[error("the network file's sizes do not fit the game")]
    Sizes,
    #[error("the network file's points scale is not a positive number")]
    PointsScale,
    #[error("the network file holds {found} bytes of weights; its sizes call for {want}")]
    WeightBytes { found: usize, want: usize },
    #[error("the network file holds a weight that is not a number")]
    NotANumber,
    #[error("the network file holds a weight larger than {} (a damaged file, or training that diverged)", super::net::MAX_WEIGHT)]
    WeightTooLarge,
    #[error("{0}")]
    Encoding(#[from] super::encode::TooManyEntries),
    #[error("a network of {hidden} hidden units over this game's {inputs} inputs would hold more than {max} weights (what a network file may hold); at most {fits} hidden units fit")]
    TooManyWeights {
        inputs: usize,
        hidden: usize,
        max: usize,
        fits: usize,
    },
    #[error("the network file has no checksum line after its header (a damaged file)")]
    NoChecksum,
    #[error("the network file is damaged: its checksum does not match its contents")]
    Checksum,
    #[error("this network rates positions per unit of the counter `{counter}`, which is no longer the stake of every result in {game}; train it again")]
    Stake { counter: String, game: String },
}

/// The sentence, where the caller words its errors as sentences.
impl From<NetError> for String {
    fn from(e: NetError) -> String {
        e.to_string()
    }
}
