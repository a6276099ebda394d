//! Why a network file was refused: unreadable, damaged, or made for another game.

/// A network file that cannot be read or does not fit the game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NetError {
    /// The system would not open or read the file.
    #[error("cannot read `{path}`: {reason}")]
    Unreadable {
        /// The path as given.
        path: String,
        /// The system's reason, in lower case.
        reason: String,
    },
    /// The path names a directory, a device or anything else but a regular file.
    #[error("`{path}` is not a regular file")]
    NotAFile {
        /// The path as given.
        path: String,
    },
    /// The file on disk is larger than a network file may be, so it is not read.
    #[error("`{path}` is larger than a network file may be ({mb} MB)")]
    FileTooLarge {
        /// The path as given.
        path: String,
        /// The largest network file, in megabytes.
        mb: usize,
    },
    /// Bytes handed over as a network (not read from a path) are too many.
    #[error("a network file is at most {mb} MB; this one is larger")]
    TooLarge {
        /// The largest network file, in megabytes.
        mb: usize,
    },
    /// The first line is not the network file's mark.
    #[error("this is not a tabula network file")]
    NotANetwork,
    /// The file is of a format this version does not read.
    #[error("this network file has format {found}; this tabula reads format {reads}")]
    Format {
        /// The format the file's first line names, as written.
        found: String,
        /// The format this version writes (it also reads format 1, which has no checksum).
        reads: u32,
    },
    /// The header line is not the JSON a network file's header is.
    #[error("the network file's header is damaged: {reason}")]
    DamagedHeader {
        /// The JSON reader's reason.
        reason: String,
    },
    /// The network was trained for a game of another name.
    #[error("this network was trained for {trained}, not for {game}")]
    OtherGame {
        /// The name of the game the file was trained for.
        trained: String,
        /// The name of the game it was offered to.
        game: String,
    },
    /// The game has the same name but its rules encode positions otherwise (or into
    /// another number of inputs) than when the network was trained.
    #[error("this network was trained for another version of {game} (its encoding differs: the rules changed since); train it again")]
    OtherEncoding {
        /// The game's name.
        game: String,
    },
    /// The header's number of players differs from the game's, or its number of
    /// hidden units is 0 or more than a network may have.
    #[error("the network file's sizes do not fit the game")]
    Sizes,
    /// The header's scale of points is 0, negative or not a number.
    #[error("the network file's points scale is not a positive number")]
    PointsScale,
    /// The file is cut short or has bytes left over after the weights.
    #[error("the network file holds {found} bytes of weights; its sizes call for {want}")]
    WeightBytes {
        /// The bytes after the header.
        found: usize,
        /// The bytes the header's sizes call for (four a weight).
        want: usize,
    },
    /// A weight is infinite or NaN.
    #[error("the network file holds a weight that is not a number")]
    NotANumber,
    /// A weight is larger in size than any training makes.
    #[error("the network file holds a weight larger than {} (a damaged file, or training that diverged)", super::net::MAX_WEIGHT)]
    WeightTooLarge,
    /// The game's positions cannot be encoded for a network at all.
    #[error("{0}")]
    Encoding(#[from] super::encode::TooManyEntries),
    /// A network of the asked size would be larger than a network file may hold;
    /// refused before its weights are allocated.
    #[error("a network of {hidden} hidden units over this game's {inputs} inputs would hold more than {max} weights (what a network file may hold); at most {fits} hidden units fit")]
    TooManyWeights {
        /// The game's inputs (the length of its encoding).
        inputs: usize,
        /// The hidden units asked for.
        hidden: usize,
        /// The most weights a network holds ([`MAX_WEIGHTS`](super::net::MAX_WEIGHTS)).
        max: usize,
        /// The most hidden units that fit over these inputs.
        fits: usize,
    },
    /// A file of the current format lacks the checksum line that follows its header.
    #[error("the network file has no checksum line after its header (a damaged file)")]
    NoChecksum,
    /// The header and weights do not give the checksum the file records.
    #[error("the network file is damaged: its checksum does not match its contents")]
    Checksum,
    /// The network rates positions in units of a counter that is no longer the stake
    /// of every result of the game (or the game has no such counter any more).
    #[error("this network rates positions per unit of the counter `{counter}`, which is no longer the stake of every result in {game}; train it again")]
    Stake {
        /// The counter the network was trained on.
        counter: String,
        /// The game's name.
        game: String,
    },
}

/// The sentence, where the caller words its errors as sentences.
impl From<NetError> for String {
    fn from(e: NetError) -> String {
        e.to_string()
    }
}
