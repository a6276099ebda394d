//! The words of every kind of problem: its sentence (`Display`), its hint, and the
//! labels of related places.

use super::kind::{ErrorKind, NameHelp};
use std::fmt;

impl ErrorKind {
    /// What to do about it, printed after `= hint:`.
    pub fn hint(&self) -> Option<String> {
        use ErrorKind::*;
        let did_you_mean = |c: &str| format!("did you mean `{c}`?");
        Some(match self {
            State(kind) => return kind.hint(),
            NoCells => "add `grid W x H`, `hex ROWS...`, `line A..B` or a `zone`".into(),
            UnknownDirection { directions, .. } => {
                format!("this board's directions are {}", directions.join(", "))
            }
            SetDirectionUnknown { close, directions, .. } => match close {
                Some(c) => did_you_mean(c),
                None => format!("this board's directions are {}", directions.join(", ")),
            },
            RelativeDirectionInSet { .. } => "a set holds the board's own directions, the same for every player; loop over relative ones with `for d in [forward, left]`".into(),
            UnknownDirectionSet { close, sets, .. } => match (close, sets.is_empty()) {
                (Some(c), _) => did_you_mean(c),
                (None, true) => "name one in the board: `directions orthogonal = n, e, s, w`".into(),
                (None, false) => format!("this board's direction sets are {}", sets.join(", ")),
            },
            ExpectedDirectionSet { sets } => match sets.as_slice() {
                [] => "name one in the board: `directions orthogonal = n, e, s, w`".into(),
                _ => format!("this board's direction sets are {}", sets.join(", ")),
            },
            DirectionSetAsValue { name } => {
                format!("use it as `for d in {name}`, `d in {name}` or `neighbours(c, {name})`")
            }
            CellAndDirectionSet { function } => format!("write `{function}(c)` or `{function}(c, SET)` with a set of `directions`"),
            UnknownCell { close, cells, .. } => match (close, cells) {
                (Some(c), _) => did_you_mean(c),
                (None, Some((a, b))) => format!("this board's cells run from `{a}` to `{b}`"),
                (None, None) => "this board has no cells".into(),
            },
            SameText { action, .. } => {
                format!("make the template of `{action}` show what tells them apart")
            }
            NestedTooDeep => "split it with `define`, `let` or smaller blocks".into(),
            DefineArgumentCount { name, want: 0, .. } => format!("write `{name}` alone, without brackets"),
            DefineNeedsArguments { name, params } => format!("write `{name}({})`", params.join(", ")),
            ParameterHidesName { .. } => "inside the define the parameter would hide it: give the parameter another name".into(),
            NotAParameter { name, define } => format!("a define with parameters sees only them and the game's names: add a parameter to `{define}` and pass `{name}` to it"),
            DirectionListAsValue { name } => format!("go through it: `for d in {name}`, `exists(d in {name} where ...)`"),
            UnclosedBlock { .. } => "every `{` needs its `}` before the next declaration".into(),
            UnclosedText => "a rules text runs from `\"\"\"` to the next `\"\"\"`".into(),
            TextInBlock => "`rules \"\"\" ... \"\"\"` is a declaration of its own: move it out of the `{ ... }`".into(),
            UnclosedTemplateValue => "a template writes a value as `{name}`".into(),
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
            StrategyNamedAsLevel { .. } => format!(
                "a strategy is played as a level by its name; the built-in levels are {}: name it otherwise",
                crate::ir::LEVEL_NAMES.join(", ")
            ),
            StrategyWithoutRules { .. } => "write its rules in order, each `play ACTION ...`; the first that matches a legal move decides".into(),
            StrategyActionTwice { .. } => "name it once".into(),
            HistoryWithWholeTurns { .. } => "earlier positions are kept at each turn's start, which a search of whole turns passes over: decide the phase one action at a time (leave out `decide turn`)".into(),
            OccurrencesWithoutParts | UnknownHistoryPart { close: None, .. } => "name what two positions must share to count as one: `cells`, a region, `mover`, a counter or a pool, e.g. `occurrences(cells, mover)`".into(),
            UnknownHistoryPart { close: Some(c), .. } => did_you_mean(c),
            TooManyHistories { .. } => "compare the same parts everywhere, e.g. with a `define`".into(),
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
            LinesAsValue => "use it as `for l in lines(c)` or `exists(l in lines(c) where ...)`".into(),
            UnknownFunction { close, functions, .. } => match close {
                Some(c) => did_you_mean(c),
                None => format!("the functions are {}", functions.join(", ")),
            },
            SizeOfNonPool => "to count cells write `count(c in region where ...)`".into(),
            TooManyExprParts { .. } => "a define used twice in a define used twice ... doubles at each step: keep a value in a `let` or a counter instead".into(),
            AggregateNeedsValue => "write `sum(c in cells where ... : value(c))`".into(),
            NotKnownBeforeStart { .. } => "use numbers, `define`s of them, `option(NAME)`, `+ - * / %`, `min`, `max`, `abs` and `if ... then ... else`".into(),
            CellConditionNotKnown { .. } => "the cells are chosen when the rules are read: use numbers, `define`s, `option(NAME)`, `file(c)`, `rank(c)`, `step(c, d)`, cells, `none` and regions declared above, not what changes in play".into(),
            CellConditionNotTruth { .. } => "compare it: `rank(c) == size`".into(),
            TemplatePrintsTruth => "write `{cond ? text}` to print text when cond holds".into(),
            ConnectedTakesRegions => "declare the cells it joins as a `region`: `region edge { a1..a5 }`".into(),
            ReachesTakesRegion => "declare the cells to reach as a `region`: `region goal { a9..i9 }`".into(),
            UnknownCounterType { .. } => "a counter holds an `int` (the default), a `player`, a `cell` or a `bool`".into(),
            TestNotAPlayer { close, players, .. } => match close {
                Some(c) => did_you_mean(c),
                None => format!("the players are {}", players.join(", ")),
            },
            TestWithoutName => "write it as `test \"bearing off\" { ... }`".into(),
            TestNotAnOption { close, options, .. } => match (close, options.is_empty()) {
                (Some(c), _) => did_you_mean(c),
                (None, true) => "the game declares no options".into(),
                (None, false) => format!("the options are {}", options.join(", ")),
            },
            TestPerftTooDeep { .. } => "count deeper with `tabula perft`".into(),
            UnknownPool { close, pools, .. } => match close {
                Some(c) => did_you_mean(c),
                None => format!("the pools are: {}", pools.join(", ")),
            },
            UnknownPiece { close, pieces, .. } => match close {
                Some(c) => did_you_mean(c),
                None => format!("the pieces are: {}", pieces.join(", ")),
            },
            WhosePiece { piece } => format!("write `put {piece} of mover at ...`"),
            UnknownChance { close, chances, .. } => match close {
                Some(c) => did_you_mean(c),
                None => format!("the chance events are: {}", chances.join(", ")),
            },
            AssignToPool { close, .. } | UnknownCounter { close, .. } => match close {
                Some(c) => did_you_mean(c),
                None => "declare a counter with `counter NAME`".into(),
            },
            AssignKeptPerPlayer { name } => format!("write `{name}[mover]`"),
            _ => return None,
        })
    }
}

/// `a-b` written as the subtraction `a - b`.
pub(super) fn subtraction(name: &str) -> String {
    name.replacen('-', " - ", 1)
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ErrorKind::*;
        match self {
            Syntax {
                expected,
                found,
                end,
            } => {
                write!(f, "expected ")?;
                match expected.as_slice() {
                    [] => write!(f, "something else")?,
                    [one] => write!(f, "{one}")?,
                    [most @ .., last] => write!(f, "{} or {last}", most.join(", "))?,
                }
                match found {
                    Some(found) => write!(f, ", found `{found}`"),
                    None => write!(f, ", found {end}"),
                }
            }
            ParserRefused { message } => f.write_str(message),
            State(kind) => kind.fmt(f),
            SameText {
                text,
                after,
                more,
                ..
            } => {
                write!(f, "two different moves are printed `{text}` (")?;
                if after.is_empty() {
                    write!(f, "at the start")?;
                } else {
                    write!(f, "after {}", after.join(", "))?;
                    if *more {
                        write!(f, ", ...")?;
                    }
                }
                write!(
                    f,
                    "): a typed move or a saved game cannot tell them apart"
                )
            }
            SameTextOther { text, action } => {
                write!(f, "the other move printed `{text}` is a `{action}`")
            }
            EmptyRules => write!(f, "empty rules file"),
            NestedTooDeep => write!(
                f,
                "the rules nest too deeply here (blocks, `else if`s or brackets inside each other)"
            ),
            UnclosedBlock { line, owner, word } => {
                write!(f, "expected `}}` to close the block opened at line {line}")?;
                if let Some(owner) = owner {
                    write!(f, " (in `{owner}`)")?;
                }
                write!(f, ", found `{word}`")
            }
            UnclosedText => write!(
                f,
                "this rules text is not closed: its `\"\"\"` has no partner"
            ),
            TextInBlock => write!(f, "a rules text cannot stand inside a block"),
            UnclosedTemplateValue => write!(f, "this `{{` is never closed"),
            TemplateWithoutExpression => write!(f, "expected an expression"),
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
                "piece values run from a smaller number to a larger one, at most {}",
                crate::ir::MAX_PIECE_VALUE
            ),
            ContinueWithOutsideAction => write!(
                f,
                "`continue with` goes on with the action it is written in, so it belongs in an action's effects"
            ),
            ContinueWithName { name, action } => write!(
                f,
                "`{name}` is not a name the generators of `{action}` bind: `continue with` holds one of them"
            ),
            ScoreScale { max } => write!(
                f,
                "a score's scale counts it in Nths, N from 1 to {max}"
            ),
            TooManyLocals { max } => write!(f, "too many local names here (at most {max})"),
            UnreadOption { name } => {
                write!(f, "the option `{name}` is declared but nothing reads it")
            }
            OptionRange {
                name,
                default,
                low,
                high,
            } if low > high => write!(
                f,
                "the option `{name}` runs from {low} to {high}, which holds no number (default {default})"
            ),
            OptionRange {
                name,
                default,
                low,
                high,
            } => write!(
                f,
                "the option `{name}` is {default} unless given, outside its range {low}..{high}"
            ),
            OptionNumberTooLarge { limit } => write!(
                f,
                "an option's numbers are at most {limit} either way"
            ),
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
            NegativeBoardSize { found } => {
                write!(f, "a board size cannot be negative; this is {found}")
            }
            NoBoard => write!(f, "a game needs a `board {{ ... }}`"),
            NoCells => write!(f, "the board has no cells"),
            CellNamedTwice { name } => {
                write!(f, "two cells of the board are both named `{name}`")
            }
            TooManyCells { max } => write!(f, "a board has at most {max} cells"),
            HexSize => write!(f, "a hex board has 1 to 26 rows of 1 to 99 cells"),
            RhombusSize => write!(f, "a rhombus has 1 to 26 files and 1 to 99 ranks"),
            GridSize => write!(f, "a grid has 1 to 26 files and 1 to 99 ranks"),
            LineSize => write!(
                f,
                "a line runs from a smaller number to a larger one, at most 999 cells"
            ),
            SetNameTaken { name } => write!(
                f,
                "`{name}` is already the name of a region, track, zone, line or direction set"
            ),
            UnknownPlayer { name } => write!(f, "unknown player `{name}`"),
            UnknownDirection { name, .. } => write!(f, "unknown direction `{name}`"),
            SetDirectionUnknown { set, name, .. } => write!(
                f,
                "the direction set `{set}` names `{name}`, which is not a direction of this board"
            ),
            RelativeDirectionInSet { set, name } => write!(
                f,
                "the direction set `{set}` names `{name}`, a direction relative to the player"
            ),
            UnknownDirectionSet { name, .. } => write!(f, "unknown direction set `{name}`"),
            ExpectedDirectionSet { .. } => write!(f, "expected a direction set, by its name"),
            TooManyDirectionSets { max } => write!(f, "a board has at most {max} direction sets"),
            AdjacencyTwice => write!(f, "the board says `adjacency` twice"),
            LeapNeedsGrid => write!(f, "a leap is an offset in files and ranks: only a board with a `grid` has them"),
            LeapGoesNowhere => write!(f, "a leap of 0 files and 0 ranks goes nowhere"),
            TooManyLeaps { max } => write!(f, "a board declares at most {max} leaps"),
            NeedsGrid { function } => write!(f, "`{function}` reads a cell's place on a grid, and this board has no `grid` or `rhombus`"),
            LinksNeverCut { what } => write!(f, "`{what}` is about links cut in play, and this board's links are never cut (`links may be cut` in the board lets them be)"),
            PointPlace { max } => write!(
                f,
                "a point is placed at a column and a row, each from 0 to {max}"
            ),
            LinkToItself { point } => {
                write!(f, "a link joins two points; this one joins `{point}` to itself")
            }
            LinkTwice { from, to } => write!(f, "the link `{from} -- {to}` is given twice"),
            LineCellTwice { line, cell } => write!(f, "the line `{line}` names `{cell}` twice"),
            DirectionSetAsValue { name } => write!(f, "`{name}` is a set of directions, not one value"),
            DirectionMissingPlayer { direction, player } => write!(
                f,
                "the direction `{direction}` does not say what it is for {player}"
            ),
            CellListTooLong { max } => write!(f, "a list of cells holds at most {max} cells"),
            TooManyListedCells { max } => write!(
                f,
                "the cell lists of a rules file name at most {max} cells in all"
            ),
            UnknownCell { name, .. } => write!(f, "unknown cell `{name}`"),
            NoCellsForPlayer { set, player } => write!(f, "`{set}` gives no cells for {player}"),
            LabelNamesTwoCells {
                label,
                cell,
                player,
            } => write!(
                f,
                "`{label}` already names {cell} for {player}; a label names one cell"
            ),
            NameCount { cells, names } => write!(f, "{cells} cells are given {names} names"),
            NameRangeNotNumbers => write!(f, "a range of names runs between two numbers"),
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
            HistoryWithWholeTurns { phase } => write!(f, "`occurrences` reads earlier positions, and the phase `{phase}` decides whole turns"),
            OccurrencesWithoutParts => write!(f, "`occurrences` needs the parts of the position it compares"),
            UnknownHistoryPart { name, .. } => write!(f, "`{name}` is not a part of the position `occurrences` can compare"),
            TooManyHistories { max } => write!(f, "`occurrences` compares at most {max} different sets of parts in one game"),
            SpaceInNotation => write!(f, "a move's notation cannot contain a space"),
            UnknownAction { name, .. } => write!(f, "unknown action `{name}`"),
            DefinedInTermsOfItself { name } => write!(f, "`{name}` is defined in terms of itself"),
            DefineArgumentCount { name, want, found } => match want {
                0 => write!(f, "the define `{name}` takes no arguments"),
                1 => write!(f, "the define `{name}` takes one argument, not {found}"),
                _ => write!(f, "the define `{name}` takes {want} arguments, not {found}"),
            },
            DefineNeedsArguments { name, .. } => write!(f, "the define `{name}` takes arguments"),
            ParameterHidesName { name, kind } => {
                write!(f, "the parameter `{name}` has the name of {kind}")
            }
            DefineNamedLikeFunction { name } => write!(
                f,
                "`{name}` is a built-in function: a define with parameters cannot take its name"
            ),
            NotAParameter { name, define } => write!(
                f,
                "the define `{define}` cannot see `{name}`, a local name of the place it is used in"
            ),
            DirectionListAsValue { name } => {
                write!(f, "`{name}` is a list of directions, not one value")
            }
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
            IsTakesPieceName => write!(f, "`is` takes a piece type: its name, or a local name holding one"),
            OptionTakesOneName => write!(f, "`option` takes one option name"),
            OptionTakesName => write!(f, "`option` takes an option name"),
            UnknownOption { name, .. } => write!(f, "unknown option `{name}`"),
            CanTakesActionName => write!(f, "`can` takes an action name"),
            CanTakesOneAction => write!(f, "`can` takes at most one action name"),
            NeighboursAsValue => write!(f, "`neighbours(c)` is a set of cells"),
            GroupAsValue => write!(f, "`group(c)` is a set of cells"),
            LinesAsValue => write!(f, "`lines(c)` is a set of lines"),
            UnknownFunction { name, .. } => write!(f, "unknown function `{name}`"),
            SizeOfNonPool => write!(f, "`size` counts the values in a pool"),
            HasOnNonPool => write!(f, "`has` looks in a pool"),
            TakesTrack { function } => write!(f, "`{function}` takes a track"),
            TypeMismatch { want, found } => write!(f, "expected {}, but this is {}", want.describe(), found.describe()),
            TypeMismatchHere { want, found } => write!(f, "expected {} here, but this is {}", want.describe(), found.describe()),
            CannotCompare { left, right } => write!(f, "cannot compare {} with {}", left.describe(), right.describe()),
            BranchTypes { first, second } => write!(f, "both branches must have one type: the first is {}, this one is {}", first.describe(), second.describe()),
            TooManyExprParts { max } => write!(f, "compiling the rules makes more than {max} expression parts here, with `define`s copied at each use"),
            TooDeep { max } => write!(f, "this expression nests more than {max} levels deep; split it with `let` or `define`"),
            NumberTooLarge => write!(f, "this number is too large"),
            AggregateTakesNoValue => write!(f, "`count`, `exists` and `all` take no `: value`"),
            AggregateNeedsValue => write!(f, "this needs a value to add up or compare"),
            ConstantIsTruth { what } => write!(f, "{what} is a number, but this is true or false"),
            ConstantTooComplex { what } => write!(f, "{what} is too complex to work out"),
            UnknownOptionInConstant { name } => write!(f, "unknown option `{name}`"),
            NotKnownBeforeStart { what, text } => match text {
                Some(t) => write!(f, "{what} must be known before the game starts, and `{t}` is not"),
                None => write!(f, "{what} must be known before the game starts, and this is not"),
            },
            CellConditionNotKnown { text } => match text {
                Some(t) => write!(f, "the condition of a cell list must be known before the game starts, and `{t}` is not"),
                None => write!(f, "the condition of a cell list must be known before the game starts, and this is not"),
            },
            CellConditionNotTruth { found } => write!(f, "the condition of a cell list is true or false, but this is {}", found.describe()),
            ExpectedSet => write!(f, "expected a set: `cells`, `players`, a region, a track, a pool, `neighbours(c)` or `group(c)`"),
            CellAndDirectionSet { function } => {
                write!(f, "`{function}` takes a cell and, maybe, a direction set")
            }
            NotASet { name } => write!(f, "`{name}` is not a set: expected `cells`, `players`, a region, a track, a pool, `neighbours(c)` or `group(c)`"),
            RangeEndType { first, last } => write!(f, "this range starts at {} and ends at {}: it runs between two numbers or two cells", first.describe(), last.describe()),
            RangeType { found } => write!(f, "a range runs between two numbers or two cells, but this is {}", found.describe()),
            TooManyArgs { action, bound, max } => write!(f, "`{action}` binds {bound} names before its effects; at most {max} are allowed"),
            WeightOnAction => write!(f, "only a chance event has a `weight`; an action may have a `playout weight`"),
            TemplatePrintsTruth => write!(f, "a template cannot print true or false"),
            StepArgumentCount { found } => write!(f, "`step` takes 2 or 3 arguments, not {found}"),
            ThreeArguments { function, found } => write!(f, "`{function}` takes 3 arguments, not {found}"),
            ConnectedArguments { function, found } => write!(f, "`{function}` takes 3 arguments (a player and two regions) and maybe a direction set, not {found}"),
            ConnectedTakesRegions => write!(f, "`connected` joins two regions"),
            ReachesArguments { function, found } => write!(f, "`{function}` takes 2 arguments (a cell and a region) and maybe a direction set, not {found}"),
            ReachesTakesRegion => write!(f, "`reaches` goes from a cell to a region"),
            PoolRange => write!(f, "a pool holds values from a smaller number to a larger one, at most 256 of them"),
            MatchCounterDeclared { name } => write!(f, "`{name}` is a counter of every game, kept by the match: it cannot be declared again"),
            UnknownCounterType { name } => write!(f, "unknown counter type `{name}`"),
            TooManyPools { max, lists } => write!(f, "a game keeps at most {max} pools, a pool kept per player counting once per player; this one keeps {lists}"),
            StateNameTaken { name } => write!(f, "`{name}` is already the name of a counter or pool"),
            TestNotAPlayer { name, .. } => write!(f, "`{name}` is not a player"),
            TestWithoutName => write!(f, "a test needs a name"),
            TestNotAnOption { name, .. } => write!(f, "`{name}` is not an option of the game"),
            FromStateNotFirst => write!(f, "`from state` starts a test: put it first"),
            TestPerftTooDeep { max } => write!(f, "a test's perft goes {max} levels deep at most"),
            UnknownPool { name, .. } => write!(f, "unknown pool `{name}`"),
            UnknownPiece { name, .. } => write!(f, "unknown piece `{name}`"),
            NeutralHasNoOwner { piece } => write!(f, "`{piece}` is neutral: it has no owner"),
            WhosePiece { piece } => write!(f, "whose `{piece}` is this?"),
            PutCount => write!(f, "`put` places 1 to 255 pieces"),
            UnknownChance { name, .. } => write!(f, "unknown chance event `{name}`"),
            AssignToPool { name, .. } => write!(f, "`{name}` is a pool: change it with `add`, `take` or `clear`"),
            UnknownCounter { name, .. } => write!(f, "unknown counter `{name}`"),
            AssignKeptPerPlayer { name } => write!(f, "`{name}` is kept per player"),
            MatchCounterAssigned { name } => write!(f, "`{name}` is kept by the match: rules read it but cannot change it"),
            NonNumberAssigned { name, ty } => write!(f, "`{name}` holds {}: only `=` assigns it", ty.describe()),
            StrategyNamedAsLevel { name } => write!(f, "the strategy `{name}` has the name of a built-in computer level"),
            StrategyWithoutRules { name } => write!(f, "the strategy `{name}` has no rule"),
            StrategyActionTwice { action } => write!(f, "the rule names the action `{action}` twice"),
        }
    }
}

/// What a related span shows, as a secondary label beside the primary one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RelatedLabel {
    /// The earlier declaration of a name declared again.
    FirstDeclared,
    /// The place in an included game where the problem is.
    InIncludedGame,
    /// The place in a define's value where the problem is, for a problem shown at a
    /// use of the define.
    InDefine(String),
}

impl fmt::Display for RelatedLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RelatedLabel::FirstDeclared => f.write_str("first declared here"),
            RelatedLabel::InIncludedGame => f.write_str("the problem is here"),
            RelatedLabel::InDefine(name) => write!(f, "in the define `{name}`, declared here"),
        }
    }
}

/// The sentence of a problem found in an included game, shown at the `include` line.
pub(crate) fn in_included_game(game: &str, line: usize, message: &str) -> String {
    format!("in the included game `{game}` (line {line}): {message}")
}
