//! `include "GAME"`: a rules file starts from a built-in game and replaces or adds
//! declarations. Only built-in games can be included, so a rules file reads no file.

use crate::diagnostic::{Diagnostic, Span};
use crate::syntax::ast::{File, Item};
use crate::syntax::parse;

/// An included game: its name, the offset its spans start at, and the `include`'s span.
pub type Included = (String, usize, Span);

/// What a declaration is, for telling which one replaces which: kind and name.
pub(super) fn key(item: &Item) -> Option<(&'static str, String)> {
    Some(match item {
        Item::Game(..) => ("game", String::new()),
        Item::Players(_) => ("players", String::new()),
        Item::Option { name, .. } => ("option", name.text.clone()),
        Item::Define { name, .. } => ("define", name.text.clone()),
        Item::Board(_) => ("board", String::new()),
        Item::Piece(p) => ("piece", p.name.text.clone()),
        Item::Counter(c) => ("counter", c.name.text.clone()),
        Item::Pool(p) => ("pool", p.name.text.clone()),
        Item::Region(r) => ("region", r.name.text.clone()),
        Item::Track(t) => ("track", t.name.text.clone()),
        Item::Names { player, .. } => ("names", player.text.clone()),
        Item::Layout { .. } => ("layout", String::new()),
        Item::Chance(m) => ("chance", m.name.text.clone()),
        Item::Action(m) => ("action", m.name.text.clone()),
        Item::Phase(p) => ("phase", p.name.text.clone()),
        Item::End(e) => ("end", e.name.clone()),
        Item::Score { .. } => ("score", String::new()),
        Item::Show { label, .. } | Item::ShowText { label, .. } => ("show", label.clone()),
        // Setup blocks add up; includes are resolved here; tests are the file's own.
        Item::Setup(_) | Item::Include(..) | Item::Test(_) => return None,
    })
}

/// Resolves the file's includes. The included games' texts are parsed at offsets after
/// the file's own text, so every span stays distinct; returns the merged file and, for
/// each included game, its name, its offset and the span of its `include`.
pub fn resolve(file: File, text: &str) -> Result<(File, Vec<Included>), Vec<Diagnostic>> {
    let includes: Vec<(String, Span)> = file
        .items
        .iter()
        .filter_map(|i| {
            if let Item::Include(name, span) = i {
                Some((name.clone(), *span))
            } else {
                None
            }
        })
        .collect();
    if includes.is_empty() {
        return Ok((file, Vec::new()));
    }
    let mut base: Vec<Item> = Vec::new();
    let mut offsets = Vec::new();
    let mut at = text.len() + 1;
    for (k, (name, span)) in includes.iter().enumerate() {
        // Including a game twice adds nothing but copies: refused, so that a file of
        // repeated includes cannot make compiling re-read ever more text.
        if includes[..k].iter().any(|(n, _)| n == name) {
            return Err(vec![Diagnostic::new(
                *span,
                format!("`{name}` is already included"),
            )
            .with_hint("a game is included once")]);
        }
        let Some(included) = crate::games::built_in(name) else {
            let names: Vec<&str> = crate::games::BUILT_IN.iter().map(|(n, _)| *n).collect();
            return Err(vec![Diagnostic::new(
                *span,
                format!("`{name}` is not a built-in game"),
            )
            .with_hint(format!("`include` takes one of: {}", names.join(", ")))]);
        };
        // Parsed behind `at` bytes of blank, so its spans lie past the including text.
        let padded = format!("{}{included}", " ".repeat(at));
        let parsed = parse(&padded).map_err(|d| vec![d])?;
        if parsed.items.iter().any(|i| matches!(i, Item::Include(..))) {
            return Err(vec![Diagnostic::new(
                *span,
                format!("`{name}` includes another game; includes do not nest"),
            )]);
        }
        // An included game's tests are about its own rules, not the variant's.
        base.extend(
            parsed
                .items
                .into_iter()
                .filter(|i| !matches!(i, Item::Test(_))),
        );
        offsets.push((name.clone(), at, *span));
        at += included.len() + 1;
    }
    // Each own declaration replaces the included one of the same kind and name, in its
    // place; the others follow the included ones.
    let mut rest = Vec::new();
    for item in file.items {
        if matches!(item, Item::Include(..)) {
            continue;
        }
        match key(&item).and_then(|k| base.iter().position(|b| key(b).as_ref() == Some(&k))) {
            Some(i) => base[i] = item,
            None => rest.push(item),
        }
    }
    base.extend(rest);
    Ok((File { items: base }, offsets))
}
