//! What is wrong with a state document (JSON or YAML, docs/state-format.md), as data:
//! one variant per kind of problem, its code and its words.

use std::fmt;

/// A kind of problem in a state document, with its particulars (values from the
/// document as a message quotes them: escaped and cut short).
///
/// Each variant has a stable code ([`StateErrorKind::code`], which
/// [`ErrorKind::code`](super::ErrorKind::code) passes on); docs/errors.md documents
/// every one under its code, with a document that gives it and the message it prints.
#[derive(Debug, Clone, PartialEq, Eq)]
// Every variant is documented in docs/errors.md, under its code.
#[allow(missing_docs)]
pub enum StateErrorKind {
    TooLong {
        limit: u64,
        size: usize,
    },
    TooDeep {
        max: usize,
    },
    NotYaml {
        reason: String,
    },
    NotJson {
        reason: String,
    },
    CountersNotWorkedOut {
        reason: String,
    },
    NotAnObject,
    UnknownField {
        field: String,
        fields: Vec<String>,
        close: Option<String>,
    },
    UnknownCellField {
        cell: String,
        field: String,
        fields: Vec<String>,
        close: Option<String>,
    },
    UnknownLayerField {
        cell: String,
        field: String,
        fields: Vec<String>,
        close: Option<String>,
    },
    /// A field of the document (`cell` is `None`), or of a cell or a layer under it
    /// (`cell` names the cell), given again.
    FieldTwice {
        cell: Option<String>,
        field: String,
    },
    Unreadable {
        reason: String,
    },
    OptionsNotList {
        chosen: Vec<String>,
        found: String,
    },
    OptionNotName {
        found: String,
    },
    /// `cut` in a state of a game whose board's links are never cut.
    LinksNeverCut,
    /// `cut` given something else than a list.
    CutNotList {
        found: String,
    },
    /// An entry of `cut` that names no link between two neighbouring cells.
    NotALink {
        found: String,
    },
    OtherOptions {
        given: Vec<String>,
        chosen: Vec<String>,
    },
    NotAPhase {
        found: String,
        phases: Vec<String>,
        close: Option<String>,
    },
    NoPhase,
    NoToMove,
    NotAChance {
        found: String,
        close: Option<String>,
    },
    InTurnNotBool {
        found: String,
    },
    OtherGame {
        found: String,
        game: String,
    },
    CellsNotMap {
        found: String,
    },
    CellTwice {
        cell: String,
    },
    NotACell {
        name: String,
        first: String,
        last: String,
        close: Option<String>,
    },
    EmptyUnderLayer {
        cell: String,
    },
    NothingUnder {
        cell: String,
    },
    TooManyUnder {
        cell: String,
        max: usize,
    },
    UnderEmptyCell {
        cell: String,
    },
    CellNotObject {
        cell: String,
        found: String,
    },
    LayerNotObject {
        cell: String,
        found: String,
    },
    NotAPiece {
        cell: String,
        found: String,
        pieces: Vec<String>,
        close: Option<String>,
    },
    CellNeedsPiece {
        cell: String,
    },
    NeutralOwned {
        cell: String,
        piece: String,
    },
    CellNeedsOwner {
        cell: String,
    },
    ValueOutOfRange {
        cell: String,
        piece: String,
        low: i32,
        high: i32,
        found: i32,
    },
    CountOutOfRange {
        cell: String,
        found: i32,
    },
    PoolsNotMap {
        found: String,
    },
    PoolTwice {
        name: String,
    },
    NotAPool {
        name: String,
        close: Option<String>,
    },
    PoolPerPlayer {
        name: String,
        player: String,
    },
    PoolNotList {
        name: String,
        found: String,
    },
    PoolTooMany {
        name: String,
        max: i32,
        found: usize,
    },
    PoolValueOutOfRange {
        name: String,
        low: i32,
        high: i32,
        found: i32,
    },
    CountersNotMap {
        found: String,
    },
    CounterTwice {
        name: String,
    },
    NotACounter {
        name: String,
        close: Option<String>,
    },
    CounterPerPlayer {
        name: String,
        player: String,
    },
    CounterNotACell {
        name: String,
        found: String,
        close: Option<String>,
    },
    CounterNotBool {
        name: String,
        found: String,
    },
    /// A player's key given again in an object kept per player (`what` names it:
    /// "pool `hand`").
    PlayerTwice {
        what: String,
        player: String,
    },
    NotAPlayer {
        what: String,
        found: String,
        players: Vec<String>,
        close: Option<String>,
    },
    NotWholeNumber {
        what: String,
        found: String,
    },
    /// A whole number a state keeps in 32 bits that does not fit them.
    NumberOutOfRange {
        what: String,
        found: i128,
    },
}

impl StateErrorKind {
    /// The kind's stable name (docs/errors.md).
    pub fn code(&self) -> &'static str {
        use StateErrorKind::*;
        match self {
            TooLong { .. } => "state-too-long",
            TooDeep { .. } => "state-too-deep",
            NotYaml { .. } => "state-not-yaml",
            NotJson { .. } => "state-not-json",
            CountersNotWorkedOut { .. } => "state-counters-not-worked-out",
            NotAnObject => "state-not-an-object",
            UnknownField { .. } => "state-unknown-field",
            UnknownCellField { .. } => "state-unknown-cell-field",
            UnknownLayerField { .. } => "state-unknown-layer-field",
            FieldTwice { .. } => "state-field-twice",
            Unreadable { .. } => "state-unreadable",
            OptionsNotList { .. } => "state-options-not-list",
            OptionNotName { .. } => "state-option-not-name",
            LinksNeverCut => "state-links-never-cut",
            CutNotList { .. } => "state-cut-not-list",
            NotALink { .. } => "state-not-a-link",
            OtherOptions { .. } => "state-other-options",
            NotAPhase { .. } => "state-not-a-phase",
            NoPhase => "state-no-phase",
            NoToMove => "state-no-to-move",
            NotAChance { .. } => "state-not-a-chance",
            InTurnNotBool { .. } => "state-in-turn-not-bool",
            OtherGame { .. } => "state-other-game",
            CellsNotMap { .. } => "state-cells-not-map",
            CellTwice { .. } => "state-cell-twice",
            NotACell { .. } => "state-not-a-cell",
            EmptyUnderLayer { .. } => "state-empty-under-layer",
            NothingUnder { .. } => "state-nothing-under",
            TooManyUnder { .. } => "state-too-many-under",
            UnderEmptyCell { .. } => "state-under-empty-cell",
            CellNotObject { .. } => "state-cell-not-object",
            LayerNotObject { .. } => "state-layer-not-object",
            NotAPiece { .. } => "state-not-a-piece",
            CellNeedsPiece { .. } => "state-cell-needs-piece",
            NeutralOwned { .. } => "state-neutral-owned",
            CellNeedsOwner { .. } => "state-cell-needs-owner",
            ValueOutOfRange { .. } => "state-value-out-of-range",
            CountOutOfRange { .. } => "state-count-out-of-range",
            PoolsNotMap { .. } => "state-pools-not-map",
            PoolTwice { .. } => "state-pool-twice",
            NotAPool { .. } => "state-not-a-pool",
            PoolPerPlayer { .. } => "state-pool-per-player",
            PoolNotList { .. } => "state-pool-not-list",
            PoolTooMany { .. } => "state-pool-too-many",
            PoolValueOutOfRange { .. } => "state-pool-value-out-of-range",
            CountersNotMap { .. } => "state-counters-not-map",
            CounterTwice { .. } => "state-counter-twice",
            NotACounter { .. } => "state-not-a-counter",
            CounterPerPlayer { .. } => "state-counter-per-player",
            CounterNotACell { .. } => "state-counter-not-a-cell",
            CounterNotBool { .. } => "state-counter-not-bool",
            PlayerTwice { .. } => "state-player-twice",
            NotAPlayer { .. } => "state-not-a-player",
            NotWholeNumber { .. } => "state-not-whole-number",
            NumberOutOfRange { .. } => "state-number-out-of-range",
        }
    }
}

impl StateErrorKind {
    /// What to do about it: the name the document probably meant, when one is close.
    pub fn hint(&self) -> Option<String> {
        use StateErrorKind::*;
        match self {
            UnknownField { close, .. }
            | UnknownCellField { close, .. }
            | UnknownLayerField { close, .. }
            | NotAPhase { close, .. }
            | NotAChance { close, .. }
            | NotACell { close, .. }
            | NotAPiece { close, .. }
            | NotAPool { close, .. }
            | NotACounter { close, .. }
            | CounterNotACell { close, .. }
            | NotAPlayer { close, .. } => close.as_ref().map(|c| format!("did you mean `{c}`?")),
            _ => None,
        }
    }
}

impl fmt::Display for StateErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use StateErrorKind::*;
        match self {
            TooLong { limit, size } => write!(f, "a state is at most {limit} bytes; this one has {size}"),
            TooDeep { max } => write!(f, "brackets nest more than {max} deep here; a state nests four"),
            NotYaml { reason } => write!(f, "this is not valid YAML: {reason}"),
            NotJson { reason } => write!(f, "this is not valid JSON: {reason}"),
            CountersNotWorkedOut { reason } => write!(f, "the counters' starting values cannot be worked out: {reason}"),
            NotAnObject => write!(f, "a state is an object with `phase`, `to_move`, `cells`, ..."),
            UnknownField { field, fields, .. } => write!(f, "unknown field `{field}`; a state has {}", fields.join(", ")),
            UnknownCellField { cell, field, fields, .. } => write!(f, "cell `{cell}`: unknown field `{field}`; a cell has {}", fields.join(", ")),
            UnknownLayerField { cell, field, fields, .. } => write!(f, "cell `{cell}`: unknown field `{field}`; a layer under the top has {}", fields.join(", ")),
            FieldTwice { cell: None, field } => write!(f, "`{field}` is given twice"),
            FieldTwice { cell: Some(cell), field } => write!(f, "cell `{cell}`: `{field}` is given twice"),
            Unreadable { reason } => write!(f, "this value cannot be read: {reason}"),
            OptionsNotList { chosen, found } => write!(f, "`options` is a list of option names, like [{}], not {found}", chosen.join(", ")),
            OptionNotName { found } => write!(f, "`options` lists option names, not {found}"),
            LinksNeverCut => write!(f, "`cut` lists links cut in play, and this game's board has none that may be cut"),
            CutNotList { found } => write!(f, "`cut` is a list of links, like [\"a1 -- a2\"], not {found}"),
            NotALink { found } => write!(f, "`{found}` is not a link between two neighbouring cells, like `a1 -- a2`"),
            OtherOptions { given, chosen } => write!(f, "this state is for options [{}], but the game was started with [{}]", given.join(", "), chosen.join(", ")),
            NotAPhase { found, phases, .. } => write!(f, "`{found}` is not a phase; the phases are {}", phases.join(", ")),
            NoPhase => write!(f, "a state needs a `phase`"),
            NoToMove => write!(f, "a state needs `to_move`"),
            NotAChance { found, .. } => write!(f, "`{found}` is not a chance event of this game"),
            InTurnNotBool { found } => write!(f, "`in_turn` is true or false, not {found}"),
            OtherGame { found, game } => write!(f, "this state is of `{found}`, not of `{game}`"),
            CellsNotMap { found } => write!(f, "`cells` maps cell names to their contents, not {found}"),
            CellTwice { cell } => write!(f, "cell `{cell}` is given twice"),
            NotACell { name, first, last, .. } => write!(f, "`{name}` is not a cell of this board (cells run from `{first}` to `{last}`)"),
            EmptyUnderLayer { cell } => write!(f, "cell `{cell}`: a layer under the top holds at least one piece"),
            NothingUnder { cell } => write!(f, "cell `{cell}`: this board's cells hold one layer (the board has no `layers N`), so nothing is `under`"),
            TooManyUnder { cell, max: 1 } => write!(f, "cell `{cell}`: `under` lists at most 1 layer, nearest first"),
            TooManyUnder { cell, max } => write!(f, "cell `{cell}`: `under` lists at most {max} layers, nearest first"),
            UnderEmptyCell { cell } => write!(f, "cell `{cell}`: an empty cell has nothing under it"),
            CellNotObject { cell, found } => write!(f, "cell `{cell}`: expected an object like {{\"owner\": ..., \"piece\": ..., \"value\": ...}}, not {found}"),
            LayerNotObject { cell, found } => write!(f, "cell `{cell}`: a layer under the top is an object like {{\"owner\": ..., \"piece\": ...}}, not {found}"),
            NotAPiece { cell, found, pieces, .. } => write!(f, "cell `{cell}`: `{found}` is not a piece; the pieces are {}", pieces.join(", ")),
            CellNeedsPiece { cell } => write!(f, "cell `{cell}` needs a `piece`"),
            NeutralOwned { cell, piece } => write!(f, "cell `{cell}`: a `{piece}` has no owner"),
            CellNeedsOwner { cell } => write!(f, "cell `{cell}` needs an `owner`"),
            ValueOutOfRange { cell, piece, low, high, found } => write!(f, "cell `{cell}`: a `{piece}` shows {low} to {high}, not {found}"),
            CountOutOfRange { cell, found } => write!(f, "cell `{cell}`: a cell holds 0 to 255 pieces, not {found}"),
            PoolsNotMap { found } => write!(f, "`pools` maps pool names to their copies, not {found}"),
            PoolTwice { name } => write!(f, "pool `{name}` is given twice"),
            NotAPool { name, .. } => write!(f, "`{name}` is not a pool of this game"),
            PoolPerPlayer { name, player } => write!(f, "pool `{name}` is kept per player: {{\"{player}\": [...], ...}}"),
            PoolNotList { name, found } => write!(f, "pool `{name}`: expected a list of values, not {found}"),
            PoolTooMany { name, max, found } => write!(f, "pool `{name}` holds at most {max} copies, not {found}"),
            PoolValueOutOfRange { name, low, high, found } => write!(f, "pool `{name}` holds values {low} to {high}, not {found}"),
            CountersNotMap { found } => write!(f, "`counters` maps counter names to their values, not {found}"),
            CounterTwice { name } => write!(f, "counter `{name}` is given twice"),
            NotACounter { name, .. } => write!(f, "`{name}` is not a counter of this game"),
            CounterPerPlayer { name, player } => write!(f, "counter `{name}` is kept per player: {{\"{player}\": 0, ...}}"),
            CounterNotACell { name, found, .. } => write!(f, "counter `{name}`: `{found}` is not a cell"),
            CounterNotBool { name, found } => write!(f, "counter `{name}` is true or false, not {found}"),
            PlayerTwice { what, player } => write!(f, "{what}: `{player}` is given twice"),
            NotAPlayer { what, found, players, .. } => write!(f, "{what}: `{found}` is not a player; the players are {}", players.join(", ")),
            NotWholeNumber { what, found } => write!(f, "{what} must be a whole number, not {found}"),
            NumberOutOfRange { what, found } => write!(f, "{what} must be a number from {} to {}, not {found}", i32::MIN, i32::MAX),
        }
    }
}
