//! From a name to its declaration, to its uses, and to a new name for all of them.

use super::reference::built_in_name;
use super::symbols::{Location, Place, Symbol, SymbolIndex, SymbolKind};
use crate::diagnostic::Span;

/// Where the name at byte `offset` is declared (for a cell or a direction a board part
/// makes, the part); none for a place that is no declared name, or a text that does not
/// parse.
pub fn definition(text: &str, offset: usize) -> Option<Location> {
    let read = super::analysis::analysis(text);
    let index = &read.as_ref().as_ref().ok()?.index;
    index.symbol_at(offset).map(|s| s.declaration)
}

/// Every use of the name at byte `offset`, in the file and in the game it includes, in
/// order, with its declaration first when `declaration` is asked for.
pub fn references(text: &str, offset: usize, declaration: bool) -> Vec<Location> {
    let read = super::analysis::analysis(text);
    let Ok(a) = &*read else {
        return Vec::new();
    };
    let index = &a.index;
    let Some(symbol) = index.symbol_at(offset) else {
        return Vec::new();
    };
    let mut out = Vec::with_capacity(symbol.uses.len() + 1);
    if declaration {
        out.push(symbol.declaration);
    }
    out.extend(symbol.uses.iter().copied());
    out
}

/// A change of the text: the span replaced and what replaces it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// The bytes replaced.
    pub span: Span,
    /// The text put in their place.
    pub text: String,
}

/// Why a name cannot be changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RenameError {
    /// The text does not parse, so its names are not known (the first error's
    /// sentence).
    #[error("the rules do not parse: {0}")]
    Syntax(String),
    /// The offset is on no declared name.
    #[error("there is no declared name here")]
    NoName,
    /// A cell or a direction a board part makes: its name comes from the board.
    #[error("`{name}` is a {kind} the board makes; change the board to change it")]
    MadeByBoard {
        /// The name asked about.
        name: String,
        /// What it names, as a word (`cell`, `direction`).
        kind: &'static str,
    },
    /// The name is declared by an included game, whose text the file does not hold.
    #[error("`{name}` is declared by the included game `{game}`, which cannot be changed")]
    Included {
        /// The name asked about.
        name: String,
        /// The included built-in game.
        game: &'static str,
    },
    /// An included game uses the name, and would no longer find it.
    #[error("the included game `{game}` uses `{name}` by this name")]
    UsedByIncluded {
        /// The name asked about.
        name: String,
        /// The included built-in game.
        game: &'static str,
    },
    /// A `define` reads the name without declaring it, so renaming would change what
    /// it means where it is used (the old or the new name).
    #[error(
        "`{name}` is also read by a `define`, which reads the names of the place it is used in"
    )]
    ReadByDefine {
        /// The name the define reads.
        name: String,
    },
    /// The new name is not a name of the grammar (escaped for printing).
    #[error("`{0}` is not a name: a name starts with a letter or `_` and goes on with letters, digits, `_` and hyphens between letters")]
    Invalid(String),
    /// The new name is a keyword (`for`, `none`...).
    #[error("`{0}` is a word of the language")]
    Reserved(String),
    /// The new name already names something: a built-in, a declared name or a cell.
    #[error("`{name}` is taken: it names a {kind}")]
    Taken {
        /// The new name.
        name: String,
        /// What it names already, as a word (`counter`, `set of cells`).
        kind: &'static str,
    },
}

/// The edits that give the name at byte `offset` the name `new` at its declaration and
/// at every use, and change nothing else.
pub fn rename(text: &str, offset: usize, new: &str) -> Result<Vec<Edit>, RenameError> {
    let read = super::analysis::analysis(text);
    let index = &read
        .as_ref()
        .as_ref()
        .map_err(|d| RenameError::Syntax(d.message.clone()))?
        .index;
    let symbol = index.symbol_at(offset).ok_or(RenameError::NoName)?;
    may_rename(index, symbol)?;
    if symbol.name == new {
        return Ok(Vec::new());
    }
    check_name(index, new)?;
    let mut edits: Vec<Edit> = std::iter::once(&symbol.declaration)
        .chain(&symbol.uses)
        .map(|l| Edit {
            span: l.span,
            text: new.to_string(),
        })
        .collect();
    edits.sort_by_key(|e| e.span.start);
    edits.dedup();
    Ok(edits)
}

/// Whether the file may change this symbol's name everywhere it is written.
fn may_rename(index: &SymbolIndex, symbol: &Symbol) -> Result<(), RenameError> {
    let name = symbol.name.clone();
    if let Place::Game(game) = symbol.declaration.place {
        return Err(RenameError::Included { name, game });
    }
    if !symbol.declared_by_name {
        return Err(RenameError::MadeByBoard {
            name,
            kind: symbol.kind.word(),
        });
    }
    if let Some(game) = symbol.uses.iter().find_map(|u| match u.place {
        Place::Game(g) => Some(g),
        Place::Own => None,
    }) {
        return Err(RenameError::UsedByIncluded { name, game });
    }
    if index.free_in_defines.iter().any(|(n, _)| *n == name) {
        return Err(RenameError::ReadByDefine { name });
    }
    Ok(())
}

/// Whether `new` may name something: a name of the grammar, no word of the language,
/// and the name of nothing else in the file.
fn check_name(index: &SymbolIndex, new: &str) -> Result<(), RenameError> {
    let bytes = new.as_bytes();
    let valid = bytes
        .first()
        .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'_')
        && bytes.iter().enumerate().all(|(i, &b)| {
            b.is_ascii_alphanumeric()
                || b == b'_'
                || (b == b'-' && bytes.get(i + 1).is_some_and(|c| c.is_ascii_alphabetic()))
        });
    if !valid {
        return Err(RenameError::Invalid(crate::diagnostic::escape(new)));
    }
    const RESERVED: [&str; 13] = [
        "for", "in", "where", "let", "if", "then", "else", "and", "or", "not", "true", "false",
        "none",
    ];
    if RESERVED.contains(&new) {
        return Err(RenameError::Reserved(new.to_string()));
    }
    if let Some(b) = built_in_name(new) {
        return Err(RenameError::Taken {
            name: new.to_string(),
            kind: b.kind,
        });
    }
    if let Some(s) = index.symbols.iter().find(|s| s.name == new) {
        return Err(RenameError::Taken {
            name: new.to_string(),
            kind: s.kind.word(),
        });
    }
    if index.parts.iter().any(|(p, _)| p.makes(new)) {
        return Err(RenameError::Taken {
            name: new.to_string(),
            kind: SymbolKind::Cell.word(),
        });
    }
    if index.free_in_defines.iter().any(|(n, _)| n == new) {
        return Err(RenameError::ReadByDefine {
            name: new.to_string(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "players a, b\nboard { grid 3 x 3 zone pen per player }\npiece p\n\
        counter moves = 0\n\
        action go \"{to}\" for to in cells where empty(to) and moves < 9 {\n\
          put p of mover at to\n  moves += 1\n  let moves = 2\n  put p of a at pen-a\n}\n\
        end \"full\" when moves == 9 draw\n";

    fn spans(text: &str, locations: &[Location]) -> Vec<String> {
        locations
            .iter()
            .map(|l| format!("{}@{}", &text[l.span.start..l.span.end], l.span.start))
            .collect()
    }

    /// A direction set is a name like the others: its uses (the board's adjacency, a
    /// reading's last argument, a domain) lead to its declaration, it is hovered as
    /// what it is, and listed under the board.
    #[test]
    fn a_direction_set_is_declared_used_hovered_and_listed() {
        let text = "players a, b\nboard {\n  grid 3 x 3\n  directions rook = n, e, s, w\n  \
            adjacency rook\n}\npiece p\naction go \"{to}\" for to in cells\n  \
            where exists(n in neighbours(to, rook) where empty(n))\n{\n  \
            for d in rook { put p of mover at to }\n}\n";
        let at = text.find("rook =").unwrap();
        let found = references(text, at, true);
        assert_eq!(spans(text, &found).len(), 4, "{:?}", spans(text, &found));
        let last = text.rfind("rook").unwrap();
        assert_eq!(definition(text, last).map(|l| l.span.start), Some(at));
        let h = crate::services::hover(text, last).expect("a hover");
        assert_eq!(
            h.text,
            "```tabula\ndirections rook = n, e, s, w\n```\ndirection set `rook`"
        );
        // A direction it names leads to the board part that makes it.
        let east = text.find("e, s").unwrap();
        assert!(definition(text, east).is_some());
        let items = crate::services::outline(text).expect("parses");
        let board = items.iter().find(|i| i.name == "board").expect("the board");
        assert_eq!(board.children[0].name, "rook");
        // Offered where a name may be written, as a direction set.
        let at = text.find("rook) where").unwrap();
        let offered = crate::services::completions(text, at);
        let rook = offered.iter().find(|c| c.label == "rook").expect("offered");
        assert_eq!(
            rook.kind,
            crate::services::CompletionKind::Symbol(SymbolKind::DirectionSet)
        );
    }

    #[test]
    fn a_counter_s_uses_are_its_own_and_not_those_of_a_local_shadowing_it() {
        let at = TEXT.find("moves =").unwrap();
        let found = references(TEXT, at, true);
        let texts = spans(TEXT, &found);
        assert_eq!(texts.len(), 4, "{texts:?}");
        let shadow = TEXT.find("let moves").unwrap() + 4;
        assert!(found.iter().all(|l| l.span.start != shadow), "{texts:?}");
        let last = TEXT.rfind("moves").unwrap();
        assert_eq!(definition(TEXT, last).map(|l| l.span.start), Some(at));
    }

    #[test]
    fn a_rename_changes_the_declaration_and_every_use_and_nothing_else() {
        let at = TEXT.find("{to}").unwrap() + 1;
        let edits = rename(TEXT, at, "dest").expect("renamed");
        let mut out = TEXT.to_string();
        for e in edits.iter().rev() {
            out.replace_range(e.span.start..e.span.end, &e.text);
        }
        assert_eq!(out.matches("dest").count(), 4, "{out}");
        assert!(!out.contains(" to ") && out.contains("\"{dest}\""), "{out}");
    }

    #[test]
    fn a_player_and_a_zone_are_renamed_in_the_cells_of_a_zone_kept_per_player() {
        let at = TEXT.find("pen").unwrap();
        let edits = rename(TEXT, at, "rail").expect("renamed");
        assert_eq!(edits.len(), 2);
        let at = TEXT.find("a,").unwrap();
        let edits = rename(TEXT, at, "red").expect("renamed");
        assert_eq!(edits.len(), 3, "{edits:?}");
    }

    #[test]
    fn a_rename_to_a_name_that_is_taken_or_is_no_name_is_refused() {
        let at = TEXT.find("moves =").unwrap();
        let refused = |new: &str| rename(TEXT, at, new).unwrap_err().to_string();
        assert_eq!(refused("p"), "`p` is taken: it names a piece");
        assert_eq!(refused("b2"), "`b2` is taken: it names a cell");
        assert_eq!(refused("mover"), "`mover` is taken: it names a player");
        assert_eq!(refused("where"), "`where` is a word of the language");
        assert!(refused("2x").starts_with("`2x` is not a name"));
        assert!(refused("a-").starts_with("`a-` is not a name"));
        let cell = TEXT.find("cells").unwrap();
        assert_eq!(rename(TEXT, cell, "x"), Err(RenameError::NoName));
    }
}
