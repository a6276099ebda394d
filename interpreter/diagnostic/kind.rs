//! What is wrong with a rules file, as data: one variant per kind of problem with what
//! it is about and a stable code for each (their words are in wording.rs).

use crate::ir::Ty;

/// A kind of problem the compiler finds in a rules file, with its particulars.
///
/// Each variant has a stable code ([`ErrorKind::code`]); docs/errors.md documents
/// every one under its code, with a rules file that gives it and the message it
/// prints. A variant's own comment, where it has one, says what its fields hold.
#[derive(Debug, Clone, PartialEq, Eq)]
// Every variant is documented in docs/errors.md, under its code.
#[allow(missing_docs)]
pub enum ErrorKind {
    /// A problem of a state document rather than of a rules file.
    State(super::StateErrorKind),
    // Syntax.
    /// What the grammar expected where the parser stopped, each named as a reader says
    /// it (`` `{` ``, "an expression"), and the token found there, or `None` at the end
    /// of the text, which `end` names ("the end of the file", the `}` of a template).
    Syntax {
        expected: Vec<String>,
        found: Option<String>,
        end: String,
    },
    /// The parser library's own refusal, in its words.
    ParserRefused {
        message: String,
    },
    EmptyRules,
    NestedTooDeep,
    UnclosedBlock {
        line: usize,
        owner: Option<String>,
        word: String,
    },
    UnclosedText,
    TextInBlock,
    UnclosedTemplateValue,
    TemplateWithoutExpression,
    // The file as a whole.
    RulesTooLong {
        limit: u64,
        size: usize,
    },
    TooManyDeclarations {
        max: usize,
        kind: &'static str,
    },
    TooManyPlayers,
    TooManyPieceTypes,
    MoreProblems {
        count: usize,
    },
    NoPlayers,
    NoPhase,
    // Declarations.
    PlayersTwice,
    PlayerNamedTwice {
        name: String,
    },
    DeclaredTwice {
        what: &'static str,
        name: String,
    },
    NameClash {
        name: String,
        first: &'static str,
        second: &'static str,
    },
    NegativePieceValues,
    PieceValueOrder,
    ContinueWithOutsideAction,
    ContinueWithName {
        name: String,
        action: String,
    },
    ScoreScale {
        max: i32,
    },
    TooManyLocals {
        max: usize,
    },
    UnreadOption {
        name: String,
    },
    /// A number option whose range is empty, or whose default lies outside it.
    OptionRange {
        name: String,
        default: i64,
        low: i64,
        high: i64,
    },
    /// A number option's number beyond what a value may be.
    OptionNumberTooLarge {
        limit: i64,
    },
    ShowWithoutLabel,
    ShowTwice {
        label: String,
    },
    MiddleZoneNotPerPlayer {
        zone: String,
    },
    MiddleWithoutZones,
    MiddleNotAZone {
        zone: String,
        zones: Vec<String>,
    },
    // The board.
    NegativeBoardSize {
        found: i32,
    },
    NoBoard,
    NoCells,
    CellNamedTwice {
        name: String,
    },
    TooManyCells {
        max: usize,
    },
    HexSize,
    RhombusSize,
    GridSize,
    LineSize,
    SetNameTaken {
        name: String,
    },
    UnknownPlayer {
        name: String,
    },
    UnknownDirection {
        name: String,
        directions: Vec<String>,
    },
    DirectionMissingPlayer {
        direction: String,
        player: String,
    },
    SetDirectionUnknown {
        set: String,
        name: String,
        close: Option<String>,
        directions: Vec<String>,
    },
    RelativeDirectionInSet {
        set: String,
        name: String,
    },
    UnknownDirectionSet {
        name: String,
        close: Option<String>,
        sets: Vec<String>,
    },
    ExpectedDirectionSet {
        sets: Vec<String>,
    },
    TooManyDirectionSets {
        max: usize,
    },
    AdjacencyTwice,
    LeapNeedsGrid,
    LeapGoesNowhere,
    TooManyLeaps {
        max: usize,
    },
    /// `file(c)` or `rank(c)` on a board without a grid: the function.
    NeedsGrid {
        function: String,
    },
    /// `cut a -- b`, `join a -- b` or `cut(a, b)` on a board without `links may be
    /// cut`: the effect or reading.
    LinksNeverCut {
        what: String,
    },
    /// A point placed beyond the columns and rows a board may have.
    PointPlace {
        max: i32,
    },
    /// A link from a point to the same point.
    LinkToItself {
        point: String,
    },
    /// The same two points linked twice (either way round).
    LinkTwice {
        from: String,
        to: String,
    },
    /// A named line that names one of its cells twice.
    LineCellTwice {
        line: String,
        cell: String,
    },
    DirectionSetAsValue {
        name: String,
    },
    CellListTooLong {
        max: usize,
    },
    TooManyListedCells {
        max: usize,
    },
    UnknownCell {
        name: String,
        close: Option<String>,
        cells: Option<(String, String)>,
    },
    NoCellsForPlayer {
        set: String,
        player: String,
    },
    LabelNamesTwoCells {
        label: String,
        cell: String,
        player: String,
    },
    NameCount {
        cells: usize,
        names: u64,
    },
    NameRangeNotNumbers,
    // Layers.
    LayerCount {
        max: i32,
        found: i32,
    },
    LayersTwice,
    NeedsLayers {
        function: String,
    },
    LayerOutOfRange {
        last: i32,
        found: i32,
    },
    // The rules text.
    RulesTextTwice,
    EmptyRulesText,
    NotAnOption {
        name: String,
        close: Option<String>,
        options: Vec<String>,
    },
    OptionRulesTextTwice {
        option: String,
    },
    OptionRulesWithoutGameRules,
    // Includes.
    ReplaceWithoutInclude,
    IncludedTwice {
        game: String,
    },
    NotBuiltIn {
        game: String,
        games: Vec<String>,
    },
    NestedInclude {
        game: String,
    },
    ReplaceSetupWithoutSetup,
    SetupOverIncludedSetup,
    NothingToReplace,
    ReplaceFindsNone {
        kind: &'static str,
        name: String,
        declared: Vec<String>,
    },
    // Phases and actions.
    TooManyTurnKeys {
        max: usize,
    },
    PrefersNonAction {
        phase: String,
        action: String,
    },
    MaximizeWithoutDecideTurn,
    /// `occurrences` in a game with a phase that decides whole turns (`phase`).
    HistoryWithWholeTurns {
        phase: String,
    },
    /// `occurrences()` without the parts it compares.
    OccurrencesWithoutParts,
    /// An argument of `occurrences` that is no part of the position; `close` is the
    /// closest part's name.
    UnknownHistoryPart {
        name: String,
        close: Option<String>,
    },
    /// More distinct sets of parts read by `occurrences` than the engine records.
    TooManyHistories {
        max: usize,
    },
    SpaceInNotation,
    UnknownAction {
        name: String,
        close: Option<String>,
        actions: Vec<String>,
    },
    // Names.
    DefinedInTermsOfItself {
        name: String,
    },
    DefineArgumentCount {
        name: String,
        want: usize,
        found: usize,
    },
    DefineNeedsArguments {
        name: String,
        params: Vec<String>,
    },
    /// A parameter named like something of the game, which it would hide in the body.
    ParameterHidesName {
        name: String,
        kind: &'static str,
    },
    DefineNamedLikeFunction {
        name: String,
    },
    /// A define with parameters reading a local name of the place it is used in.
    NotAParameter {
        name: String,
        define: String,
    },
    DirectionListAsValue {
        name: String,
    },
    KeptPerPlayer {
        name: String,
    },
    ZonePerPlayer {
        name: String,
    },
    SetAsValue {
        name: String,
    },
    UnknownName {
        name: String,
        help: NameHelp,
    },
    SharedIndexed {
        name: String,
    },
    NotIndexable,
    IndexedSetAsValue {
        name: String,
    },
    // Functions.
    ArgumentCount {
        function: String,
        want: usize,
        found: usize,
    },
    SetArgumentCount {
        function: String,
        want: usize,
    },
    IsTakesPieceName,
    OptionTakesOneName,
    OptionTakesName,
    UnknownOption {
        name: String,
        close: Option<String>,
        options: Vec<String>,
    },
    CanTakesActionName,
    CanTakesOneAction,
    NeighboursAsValue,
    GroupAsValue,
    /// `lines(c)` where one value is wanted.
    LinesAsValue,
    UnknownFunction {
        name: String,
        close: Option<String>,
        functions: Vec<String>,
    },
    SizeOfNonPool,
    HasOnNonPool,
    TakesTrack {
        function: String,
    },
    // Moves printed alike (found by playing, as `tabula check` does).
    /// Two moves printed `text` at a decision reached after the moves `after` (the
    /// first few, `more` if there are others); `action` is the first one's action.
    SameText {
        text: String,
        after: Vec<String>,
        more: bool,
        action: String,
    },
    SameTextOther {
        text: String,
        action: String,
    },
    // Expressions, statements, state and tests.
    TypeMismatch {
        want: Ty,
        found: Ty,
    },
    TypeMismatchHere {
        want: Ty,
        found: Ty,
    },
    CannotCompare {
        left: Ty,
        right: Ty,
    },
    BranchTypes {
        first: Ty,
        second: Ty,
    },
    TooManyExprParts {
        max: usize,
    },
    TooDeep {
        max: usize,
    },
    NumberTooLarge,
    AggregateTakesNoValue,
    AggregateNeedsValue,
    ConstantIsTruth {
        what: String,
    },
    ConstantTooComplex {
        what: String,
    },
    UnknownOptionInConstant {
        name: String,
    },
    NotKnownBeforeStart {
        what: String,
        text: Option<String>,
    },
    CellConditionNotKnown {
        text: Option<String>,
    },
    CellConditionNotTruth {
        found: Ty,
    },
    ExpectedSet,
    /// `neighbours`, `group` or `liberties` given other than a cell and maybe a set.
    CellAndDirectionSet {
        function: String,
    },
    NotASet {
        name: String,
    },
    RangeEndType {
        first: Ty,
        last: Ty,
    },
    RangeType {
        found: Ty,
    },
    TooManyArgs {
        action: String,
        bound: usize,
        max: usize,
    },
    WeightOnAction,
    TemplatePrintsTruth,
    StepArgumentCount {
        found: usize,
    },
    ThreeArguments {
        function: String,
        found: usize,
    },
    ConnectedArguments {
        function: String,
        found: usize,
    },
    ConnectedTakesRegions,
    /// `reaches` given other than a cell, a region and maybe a direction set.
    ReachesArguments {
        function: String,
        found: usize,
    },
    /// `reaches` given something else than a region to reach.
    ReachesTakesRegion,
    PoolRange,
    MatchCounterDeclared {
        name: String,
    },
    UnknownCounterType {
        name: String,
    },
    TooManyPools {
        max: usize,
        lists: usize,
    },
    StateNameTaken {
        name: String,
    },
    TestNotAPlayer {
        name: String,
        close: Option<String>,
        players: Vec<String>,
    },
    TestWithoutName,
    TestNotAnOption {
        name: String,
        close: Option<String>,
        options: Vec<String>,
    },
    FromStateNotFirst,
    TestPerftTooDeep {
        max: u32,
    },
    UnknownPool {
        name: String,
        close: Option<String>,
        pools: Vec<String>,
    },
    UnknownPiece {
        name: String,
        close: Option<String>,
        pieces: Vec<String>,
    },
    NeutralHasNoOwner {
        piece: String,
    },
    WhosePiece {
        piece: String,
    },
    PutCount,
    UnknownChance {
        name: String,
        close: Option<String>,
        chances: Vec<String>,
    },
    AssignToPool {
        name: String,
        close: Option<String>,
    },
    UnknownCounter {
        name: String,
        close: Option<String>,
    },
    AssignKeptPerPlayer {
        name: String,
    },
    MatchCounterAssigned {
        name: String,
    },
    NonNumberAssigned {
        name: String,
        ty: Ty,
    },
    // Strategies.
    /// A strategy named as a built-in computer level: the level's name would mean two
    /// players.
    StrategyNamedAsLevel {
        name: String,
    },
    /// A strategy with no `play` rule: it would never choose.
    StrategyWithoutRules {
        name: String,
    },
    /// A rule naming an action twice.
    StrategyActionTwice {
        action: String,
    },
}

/// What an unknown name probably meant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NameHelp {
    /// Nothing is said.
    Nothing,
    /// `a-b` where `a` is a name: a subtraction written without spaces.
    Subtraction,
    /// A known name close to it.
    Close(String),
    /// Nothing close: what a name can be.
    Kinds,
}
