//! What is wrong with a rules file, as data: one variant per kind of problem with what
//! it is about, one `Display` holding every wording, a hint and a stable code for each.

use std::fmt;

/// A kind of problem the compiler finds in a rules file, with its particulars.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorKind {
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
    TooManyLocals {
        max: usize,
    },
    UnreadOption {
        name: String,
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

impl ErrorKind {
    /// The kind's stable name, for editors and for looking it up in docs/errors.md.
    pub fn code(&self) -> &'static str {
        use ErrorKind::*;
        match self {
            RulesTooLong { .. } => "rules-too-long",
            TooManyDeclarations { .. } => "too-many-declarations",
            TooManyPlayers => "too-many-players",
            TooManyPieceTypes => "too-many-piece-types",
            MoreProblems { .. } => "more-problems",
            NoPlayers => "no-players",
            NoPhase => "no-phase",
            PlayersTwice => "players-twice",
            PlayerNamedTwice { .. } => "player-named-twice",
            DeclaredTwice { .. } => "declared-twice",
            NameClash { .. } => "name-clash",
            NegativePieceValues => "negative-piece-values",
            PieceValueOrder => "piece-value-order",
            TooManyLocals { .. } => "too-many-locals",
            UnreadOption { .. } => "unread-option",
            ShowWithoutLabel => "show-without-label",
            ShowTwice { .. } => "show-twice",
            MiddleZoneNotPerPlayer { .. } => "middle-zone-not-per-player",
            MiddleWithoutZones => "middle-without-zones",
            MiddleNotAZone { .. } => "middle-not-a-zone",
            LayerCount { .. } => "layer-count",
            LayersTwice => "layers-twice",
            NeedsLayers { .. } => "needs-layers",
            LayerOutOfRange { .. } => "layer-out-of-range",
            RulesTextTwice => "rules-text-twice",
            EmptyRulesText => "empty-rules-text",
            NotAnOption { .. } => "not-an-option",
            OptionRulesTextTwice { .. } => "option-rules-text-twice",
            OptionRulesWithoutGameRules => "option-rules-without-game-rules",
            ReplaceWithoutInclude => "replace-without-include",
            IncludedTwice { .. } => "included-twice",
            NotBuiltIn { .. } => "not-built-in",
            NestedInclude { .. } => "nested-include",
            ReplaceSetupWithoutSetup => "replace-setup-without-setup",
            SetupOverIncludedSetup => "setup-over-included-setup",
            NothingToReplace => "nothing-to-replace",
            ReplaceFindsNone { .. } => "replace-finds-none",
            TooManyTurnKeys { .. } => "too-many-turn-keys",
            PrefersNonAction { .. } => "prefers-non-action",
            MaximizeWithoutDecideTurn => "maximize-without-decide-turn",
            SpaceInNotation => "space-in-notation",
            UnknownAction { .. } => "unknown-action",
            DefinedInTermsOfItself { .. } => "defined-in-terms-of-itself",
            KeptPerPlayer { .. } => "kept-per-player",
            ZonePerPlayer { .. } => "zone-per-player",
            SetAsValue { .. } => "set-as-value",
            UnknownName { .. } => "unknown-name",
            SharedIndexed { .. } => "shared-indexed",
            NotIndexable => "not-indexable",
            IndexedSetAsValue { .. } => "indexed-set-as-value",
            ArgumentCount { .. } => "argument-count",
            SetArgumentCount { .. } => "set-argument-count",
            IsTakesPieceName => "is-takes-piece-name",
            OptionTakesOneName => "option-takes-one-name",
            OptionTakesName => "option-takes-name",
            UnknownOption { .. } => "unknown-option",
            CanTakesActionName => "can-takes-action-name",
            CanTakesOneAction => "can-takes-one-action",
            NeighboursAsValue => "neighbours-as-value",
            GroupAsValue => "group-as-value",
            UnknownFunction { .. } => "unknown-function",
            SizeOfNonPool => "size-of-non-pool",
            HasOnNonPool => "has-on-non-pool",
            TakesTrack { .. } => "takes-track",
        }
    }

    /// What to do about it, printed after `= hint:`.
    pub fn hint(&self) -> Option<String> {
        use ErrorKind::*;
        let did_you_mean = |c: &str| format!("did you mean `{c}`?");
        Some(match self {
            LayerCount { .. } => "without `layers` a cell holds one stack of alike pieces".into(),
            NeedsLayers { .. } => "give the board `layers N` (a cell holds up to N layers, each a stack of alike pieces)".into(),
            NameClash { .. } => "give one of them another name".into(),
            UnreadOption { name } => format!("read it with `option({name})` in a rule, or remove it"),
            ShowWithoutLabel => "write it as `show \"pip count\" p = ...`".into(),
            RulesTextTwice => "a game has one rules text; give an option's paragraph as `rules with OPTION \"\"\" ... \"\"\"`".into(),
            EmptyRulesText => "write the rules between the quotes, or leave the declaration out".into(),
            NotAnOption { close, options, .. } => match (close, options.is_empty()) {
                (_, true) => "this game declares no options".into(),
                (Some(c), _) => did_you_mean(c),
                (None, _) => format!("its options are: {}", options.join(", ")),
            },
            OptionRulesWithoutGameRules => "write the game's rules as `rules \"\"\" ... \"\"\"`; the option's paragraph is shown after them".into(),
            ReplaceWithoutInclude => "start the file with `include \"GAME\"`, or leave out `replace`".into(),
            IncludedTwice { .. } => "a game is included once".into(),
            NotBuiltIn { games, .. } => format!("`include` takes one of: {}", games.join(", ")),
            SetupOverIncludedSetup => "write `replace setup { ... }` to set the board up in place of the included game's setup".into(),
            ReplaceFindsNone { kind, declared, .. } => match declared.as_slice() {
                _ if *kind == "rules" => return None,
                [] => format!("the included game has no {kind}: leave out `replace` to add one"),
                [n] if n.is_empty() => return None,
                _ => format!("its {kind} declarations are: {}", declared.join(", ")),
            },
            MaximizeWithoutDecideTurn => "add `decide turn` to the phase".into(),
            SpaceInNotation => "moves typed together are separated by spaces; write `a-b` or `a_b`".into(),
            UnknownAction { close, actions, .. } => match close {
                Some(c) => did_you_mean(c),
                None => format!("the actions are: {}", actions.join(", ")),
            },
            KeptPerPlayer { name } | ZonePerPlayer { name } => {
                format!("write `{name}[mover]` or `{name}[p]`")
            }
            SetAsValue { name } => {
                format!("use it as `x in {name}`, `for x in {name}` or `size({name})`")
            }
            UnknownName { name, help } => match help {
                NameHelp::Nothing => return None,
                NameHelp::Subtraction => format!(
                    "for a subtraction, put spaces around the minus: `{}`",
                    subtraction(name)
                ),
                NameHelp::Close(c) => did_you_mean(c),
                NameHelp::Kinds => "a name is a local variable, counter, player, phase, direction, piece, zone or cell".into(),
            },
            IndexedSetAsValue { name } => {
                format!("use it as `x in {name}[p]`, `for x in {name}[p]` or `size({name}[p])`")
            }
            UnknownOption { name, close, options } => match close {
                Some(c) => did_you_mean(c),
                None => format!(
                    "declare it with `option {name} \"...\"`; the options are: {}",
                    options.join(", ")
                ),
            },
            NeighboursAsValue => "use it as `for n in neighbours(c)` or `exists(n in neighbours(c) where ...)`".into(),
            GroupAsValue => "use it as `for g in group(c)`, `count(g in group(c))` or `x in group(c)`".into(),
            UnknownFunction { close, functions, .. } => match close {
                Some(c) => did_you_mean(c),
                None => format!("the functions are {}", functions.join(", ")),
            },
            SizeOfNonPool => "to count cells write `count(c in region where ...)`".into(),
            _ => return None,
        })
    }

    /// The text that would put the problem right in place of the primary span: the
    /// close name a misspelt one probably meant, or a subtraction spaced out.
    pub fn replacement(&self) -> Option<String> {
        use ErrorKind::*;
        match self {
            NotAnOption { close, .. }
            | UnknownAction { close, .. }
            | UnknownOption { close, .. }
            | UnknownFunction { close, .. } => close.clone(),
            UnknownName { help, name } => match help {
                NameHelp::Close(c) => Some(c.clone()),
                NameHelp::Subtraction => Some(subtraction(name)),
                NameHelp::Nothing | NameHelp::Kinds => None,
            },
            _ => None,
        }
    }

    /// Whether the file is still accepted: the problem is a warning.
    pub fn is_warning(&self) -> bool {
        matches!(
            self,
            ErrorKind::UnreadOption { .. } | ErrorKind::SetupOverIncludedSetup
        )
    }
}

/// `a-b` written as the subtraction `a - b`.
fn subtraction(name: &str) -> String {
    name.replacen('-', " - ", 1)
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ErrorKind::*;
        match self {
            RulesTooLong { limit, size } => {
                write!(f, "a rules file is at most {limit} bytes; this one has {size}")
            }
            TooManyDeclarations { max, kind } => write!(
                f,
                "a game has at most {max} declarations of one kind: this is one `{kind}` too many"
            ),
            TooManyPlayers => write!(f, "a game has at most 8 players"),
            TooManyPieceTypes => write!(f, "a game has at most 250 piece types"),
            MoreProblems { count } => write!(f, "and {count} more problems"),
            NoPlayers => write!(f, "a game needs `players`, e.g. `players white, black`"),
            NoPhase => write!(f, "a game needs at least one `phase`"),
            PlayersTwice => write!(f, "`players` is declared twice"),
            PlayerNamedTwice { name } => write!(f, "the player `{name}` is named twice"),
            DeclaredTwice { what, name } => write!(f, "the {what} `{name}` is declared twice"),
            NameClash {
                name,
                first,
                second,
            } => write!(f, "`{name}` names both {first} and {second}"),
            NegativePieceValues => write!(f, "piece values cannot be negative"),
            PieceValueOrder => write!(
                f,
                "piece values run from a smaller number to a larger one, at most 255"
            ),
            TooManyLocals { max } => write!(f, "too many local names here (at most {max})"),
            UnreadOption { name } => {
                write!(f, "the option `{name}` is declared but nothing reads it")
            }
            ShowWithoutLabel => write!(f, "a shown value needs a label"),
            ShowTwice { label } => write!(f, "`show \"{label}\"` is declared twice"),
            MiddleZoneNotPerPlayer { zone } => write!(
                f,
                "the zone `{zone}` has one cell, not one per player: \
                 only a `per player` zone can be drawn in the middle"
            ),
            MiddleWithoutZones => write!(
                f,
                "`middle` names a zone to draw in the board's middle, and this board has no zones"
            ),
            MiddleNotAZone { zone, zones } => write!(
                f,
                "`middle` names a zone to draw in the board's middle; \
                 `{zone}` is not one (the zones: {})",
                zones.join(", ")
            ),
            LayerCount { max, found } => {
                write!(f, "a cell holds 2 to {max} layers, not {found}")
            }
            LayersTwice => write!(f, "the board says `layers` twice"),
            NeedsLayers { function } => write!(
                f,
                "`{function}` reads the layers of a stack, and this board's cells hold one stack of alike pieces"
            ),
            LayerOutOfRange { last, found } => write!(
                f,
                "the layers of this board are numbered 0 (the top) to {last}, not {found}"
            ),
            RulesTextTwice => write!(f, "the game's rules text is given twice"),
            EmptyRulesText => write!(f, "this rules text is empty"),
            NotAnOption { name, .. } => write!(f, "`{name}` is not an option of this game"),
            OptionRulesTextTwice { option } => {
                write!(f, "the rules text for the option `{option}` is given twice")
            }
            OptionRulesWithoutGameRules => {
                write!(f, "an option's rules text needs the game's own rules text")
            }
            ReplaceWithoutInclude => write!(
                f,
                "`replace` takes the place of a declaration of an included game, and this file includes none"
            ),
            IncludedTwice { game } => write!(f, "`{game}` is already included"),
            NotBuiltIn { game, .. } => write!(f, "`{game}` is not a built-in game"),
            NestedInclude { game } => {
                write!(f, "`{game}` includes another game; includes do not nest")
            }
            ReplaceSetupWithoutSetup => {
                write!(f, "`replace setup` finds no setup in the included game")
            }
            SetupOverIncludedSetup => write!(
                f,
                "this setup runs after the included game's, which also puts pieces: both sets will be on the board"
            ),
            NothingToReplace => write!(f, "there is nothing to replace here"),
            ReplaceFindsNone { kind, name, .. } => {
                write!(f, "`replace` finds no ")?;
                match *kind {
                    "rules" if name.is_empty() => write!(f, "rules text")?,
                    "rules" => write!(f, "rules text for the option `{name}`")?,
                    _ if name.is_empty() => write!(f, "`{kind}`")?,
                    "end" | "show" => write!(f, "{kind} \"{name}\"")?,
                    _ => write!(f, "{kind} `{name}`")?,
                }
                write!(f, " in the included game")
            }
            TooManyTurnKeys { max } => write!(f, "`maximize` compares at most {max} keys"),
            PrefersNonAction { phase, action } => write!(
                f,
                "the phase `{phase}` prefers `{action}`, which is not one of its actions"
            ),
            MaximizeWithoutDecideTurn => write!(f, "`maximize` compares whole turns"),
            SpaceInNotation => write!(f, "a move's notation cannot contain a space"),
            UnknownAction { name, .. } => write!(f, "unknown action `{name}`"),
            DefinedInTermsOfItself { name } => write!(f, "`{name}` is defined in terms of itself"),
            KeptPerPlayer { name } => write!(f, "`{name}` is kept per player"),
            ZonePerPlayer { name } => write!(f, "the zone `{name}` has one cell per player"),
            SetAsValue { name } => {
                write!(f, "`{name}` is a set of cells or values, not one value")
            }
            UnknownName { name, .. } => write!(f, "unknown name `{name}`"),
            SharedIndexed { name } => write!(
                f,
                "`{name}` is shared, not kept per player: drop the `[...]`"
            ),
            NotIndexable => write!(f, "only a counter, pool, zone, region or track can be indexed"),
            IndexedSetAsValue { name } => write!(f, "`{name}[...]` is a set, not one value"),
            ArgumentCount {
                function,
                want,
                found,
            } => match want {
                1 => write!(f, "`{function}` takes one argument, not {found}"),
                _ => write!(f, "`{function}` takes {want} arguments, not {found}"),
            },
            SetArgumentCount { function, want } => write!(
                f,
                "`{function}` takes {want} argument{}",
                if *want == 1 { "" } else { "s" }
            ),
            IsTakesPieceName => write!(f, "`is` takes a piece type by name"),
            OptionTakesOneName => write!(f, "`option` takes one option name"),
            OptionTakesName => write!(f, "`option` takes an option name"),
            UnknownOption { name, .. } => write!(f, "unknown option `{name}`"),
            CanTakesActionName => write!(f, "`can` takes an action name"),
            CanTakesOneAction => write!(f, "`can` takes at most one action name"),
            NeighboursAsValue => write!(f, "`neighbours(c)` is a set of cells"),
            GroupAsValue => write!(f, "`group(c)` is a set of cells"),
            UnknownFunction { name, .. } => write!(f, "unknown function `{name}`"),
            SizeOfNonPool => write!(f, "`size` counts the values in a pool"),
            HasOnNonPool => write!(f, "`has` looks in a pool"),
            TakesTrack { function } => write!(f, "`{function}` takes a track"),
        }
    }
}

/// What a related span shows, as a secondary label beside the primary one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RelatedLabel {
    /// The earlier declaration of a name declared again.
    FirstDeclared,
    /// The place in an included game where the problem is.
    InIncludedGame,
}

impl fmt::Display for RelatedLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RelatedLabel::FirstDeclared => "first declared here",
            RelatedLabel::InIncludedGame => "the problem is here",
        })
    }
}

/// The sentence of a problem found in an included game, shown at the `include` line.
pub(crate) fn in_included_game(game: &str, line: usize, message: &str) -> String {
    format!("in the included game `{game}` (line {line}): {message}")
}
