//! The names of a rules text: every declared name, its kind, where it is declared and
//! where it is used, from the syntax tree. Locals are scoped as the checker scopes them,
//! and names declared by an included built-in game are found in that game's text.

use crate::diagnostic::Span;

/// What a name stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SymbolKind {
    /// A named expression (`define NAME = EXPR`).
    Define,
    /// A kind of piece (`piece`).
    Piece,
    /// A number the state keeps (`counter`).
    Counter,
    /// A bag of whole numbers, shared or one per player (`pool`).
    Pool,
    /// A named set of cells, one for all or one per player (`region`).
    Region,
    /// A named sequence of cells, one for all or one per player (`track`).
    Track,
    /// A cell off the board, or one per player (`zone`).
    Zone,
    /// A direction: one a board part gives (`n`, `next`) or one declared with `dir`.
    Direction,
    /// A named set of directions (`directions orthogonal = n, e, s, w`).
    DirectionSet,
    /// A kind of move a player makes (`action`).
    Action,
    /// A chance event (`chance`).
    Chance,
    /// A phase of the game (`phase`).
    Phase,
    /// An option of the game, on or off (`option`).
    Option,
    /// A player, declared by `players`.
    Player,
    /// A cell of the board; its declaration is the board part that makes it.
    Cell,
    /// A name bound by `for` or `let`, an aggregate, `end ... for p`, `score p` or
    /// `show ... p`.
    Local,
}

impl SymbolKind {
    /// The kind as a word in a sentence: `counter`, `local name`, ...
    pub fn word(self) -> &'static str {
        match self {
            SymbolKind::Define => "define",
            SymbolKind::Piece => "piece",
            SymbolKind::Counter => "counter",
            SymbolKind::Pool => "pool",
            SymbolKind::Region => "region",
            SymbolKind::Track => "track",
            SymbolKind::Zone => "zone",
            SymbolKind::Direction => "direction",
            SymbolKind::DirectionSet => "direction set",
            SymbolKind::Action => "action",
            SymbolKind::Chance => "chance event",
            SymbolKind::Phase => "phase",
            SymbolKind::Option => "option",
            SymbolKind::Player => "player",
            SymbolKind::Cell => "cell",
            SymbolKind::Local => "local name",
        }
    }
}

/// The text a span lies in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    /// The rules text asked about.
    Own,
    /// The text of the built-in game it includes, by name.
    Game(&'static str),
}

/// A span in a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Location {
    /// The text it lies in: the file's own, or an included game's.
    pub place: Place,
    /// Its bytes, in that text.
    pub span: Span,
}

/// A declared name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    /// The name as written.
    pub name: String,
    /// What it stands for.
    pub kind: SymbolKind,
    /// The name where it is declared (for a cell or a direction a board part makes, the
    /// board part).
    pub declaration: Location,
    /// The line that declares it, trimmed (`counter stake = 1 hidden`).
    pub line: String,
    /// Where it is used, in order, in the file and in the game it includes.
    pub uses: Vec<Location>,
    /// Whether the file may change its name: false for a cell or a direction a board
    /// part makes, and for a name the included game declares.
    pub declared_by_name: bool,
    /// For a local, the text where it is visible.
    pub scope: Option<Span>,
}

/// One place of the file's own text where a symbol is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Occurrence {
    /// Where the name is written.
    pub span: Span,
    /// The symbol, by its index in [`SymbolIndex::symbols`].
    pub symbol: usize,
    /// Whether this is where the symbol is declared, rather than a use.
    pub declaration: bool,
}

/// The symbols of a rules text and where each is written in it.
#[derive(Debug, Clone, Default)]
pub struct SymbolIndex {
    /// Every declared name, of the file and of the games it includes.
    pub symbols: Vec<Symbol>,
    /// The occurrences in the file's own text, by position.
    pub occurrences: Vec<Occurrence>,
    /// The built-in games the file includes, with the span of each name in its `include`.
    pub included: Vec<(&'static str, Span)>,
    /// Names a `define` reads that it does not declare: they are the names of the place
    /// it is used in.
    pub free_in_defines: Vec<(String, Span)>,
    /// The board parts that make cells, and the text each is in.
    pub(crate) parts: Vec<(super::board_names::BoardPart, Place)>,
}

impl SymbolIndex {
    /// The index of a rules text; the syntax error when it does not parse.
    pub fn of(text: &str) -> Result<SymbolIndex, crate::Diagnostic> {
        super::refuse_long(text)?;
        let (file, _) = crate::syntax::parse_with_extents(text)?;
        Ok(super::resolve::index(&file, text))
    }

    /// The occurrence at byte `offset` of the file's own text: one whose span holds it
    /// or ends at it.
    pub fn at(&self, offset: usize) -> Option<&Occurrence> {
        let after = self.occurrences.partition_point(|o| o.span.start <= offset);
        let found = self.occurrences[..after].last()?;
        (found.span.end >= offset).then_some(found)
    }

    /// The symbol written at byte `offset`.
    pub fn symbol_at(&self, offset: usize) -> Option<&Symbol> {
        self.at(offset).map(|o| &self.symbols[o.symbol])
    }

    /// The symbols named `name` that are not locals.
    pub fn globals<'s>(&'s self, name: &'s str) -> impl Iterator<Item = &'s Symbol> + 's {
        self.symbols
            .iter()
            .filter(move |s| s.kind != SymbolKind::Local && s.name == name)
    }
}

/// A line of `text` that holds `offset`, trimmed and cut to a readable length.
pub(crate) fn line_at(text: &str, offset: usize) -> String {
    let offset = offset.min(text.len());
    let mut start = offset;
    while start > 0 && !text.is_char_boundary(start) {
        start -= 1;
    }
    let start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let line = text[start..end].trim();
    let cut: String = line.chars().take(200).collect();
    if cut.len() < line.len() {
        format!("{cut}...")
    } else {
        cut
    }
}
