//! `include "GAME"`: a rules file starts from a built-in game and replaces or adds
//! declarations. Only built-in games can be included, so a rules file reads no file.
//! `replace DECLARATION` says a declaration takes the place of an included one.

use crate::diagnostic::{Diagnostic, ErrorKind, Span};
use crate::syntax::ast::{Block, File, Item, StmtKind};
use crate::syntax::parse;

/// An included game: its name, the offset its spans start at, and the `include`'s span.
pub type Included = (String, usize, Span);

/// What a declaration is, for telling which one replaces which: kind and name.
pub(crate) fn key(item: &Item) -> Option<(&'static str, String)> {
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
        Item::Strategy(s) => ("strategy", s.name.text.clone()),
        Item::Score { .. } => ("score", String::new()),
        Item::Show { label, .. } | Item::ShowText { label, .. } => ("show", label.clone()),
        // The game's text, or one option's paragraph.
        Item::Rules(r) => (
            "rules",
            r.option
                .as_ref()
                .map(|o| o.text.clone())
                .unwrap_or_default(),
        ),
        // Setup blocks add up; includes and replacements are resolved here; tests are
        // the file's own.
        Item::Setup(..) | Item::Include(..) | Item::Replace(..) | Item::Test(_) => return None,
    })
}

/// The file with its includes resolved, what was included, and warnings about it.
pub type Resolved = (File, Vec<Included>, Vec<Diagnostic>);

/// Resolves the file's includes. The included games' texts are parsed at offsets after
/// the file's own text, so every span stays distinct; returns the merged file, for
/// each included game its name, its offset and the span of its `include`, and the
/// warnings (a setup that puts pieces on top of an included one that does too).
pub fn resolve(file: File, text: &str) -> Result<Resolved, Vec<Diagnostic>> {
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
        let misplaced: Vec<Diagnostic> = file
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Replace(_, word) => {
                    Some(Diagnostic::of(*word, ErrorKind::ReplaceWithoutInclude))
                }
                _ => None,
            })
            .collect();
        return if misplaced.is_empty() {
            Ok((file, Vec::new(), Vec::new()))
        } else {
            Err(misplaced)
        };
    }
    let mut base: Vec<Item> = Vec::new();
    let mut offsets = Vec::new();
    let mut at = text.len() + 1;
    for (k, (name, span)) in includes.iter().enumerate() {
        // Including a game twice adds nothing but copies: refused, so that a file of
        // repeated includes cannot make compiling re-read ever more text.
        if includes[..k].iter().any(|(n, _)| n == name) {
            let game = name.clone();
            return Err(vec![Diagnostic::of(
                *span,
                ErrorKind::IncludedTwice { game },
            )]);
        }
        let Some(included) = crate::games::built_in(name) else {
            let kind = ErrorKind::NotBuiltIn {
                game: name.clone(),
                games: crate::games::BUILT_IN
                    .iter()
                    .map(|(n, _)| n.to_string())
                    .collect(),
            };
            return Err(vec![Diagnostic::of(*span, kind)]);
        };
        // Parsed behind `at` bytes of blank, so its spans lie past the including text.
        let padded = format!("{}{included}", " ".repeat(at));
        let parsed = parse(&padded).map_err(|d| vec![d])?;
        if parsed.items.iter().any(|i| matches!(i, Item::Include(..))) {
            let game = name.clone();
            return Err(vec![Diagnostic::of(
                *span,
                ErrorKind::NestedInclude { game },
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
    let included_puts = base
        .iter()
        .any(|b| matches!(b, Item::Setup(block, _) if puts(block)));
    let mut rest = Vec::new();
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    let mut setup_replaced = false;
    // Which included declarations an own one has taken the place of.
    let mut own = vec![false; base.len()];
    for item in file.items {
        match item {
            Item::Include(..) => {}
            Item::Replace(inner, word) => match *inner {
                setup @ Item::Setup(..) if !setup_replaced => {
                    setup_replaced = true;
                    let included: Vec<usize> = (0..base.len())
                        .filter(|&i| matches!(base[i], Item::Setup(..)))
                        .collect();
                    let Some(&first) = included.first() else {
                        errors.push(Diagnostic::of(word, ErrorKind::ReplaceSetupWithoutSetup));
                        continue;
                    };
                    base[first] = setup;
                    for &i in included[1..].iter().rev() {
                        base.remove(i);
                        own.remove(i);
                    }
                }
                inner => {
                    let k = key(&inner);
                    match k
                        .as_ref()
                        .and_then(|k| base.iter().position(|b| key(b).as_ref() == Some(k)))
                    {
                        Some(i) if !own[i] => {
                            own[i] = true;
                            base[i] = inner;
                        }
                        Some(_) => rest.push(inner),
                        None if matches!(inner, Item::Setup(..)) => rest.push(inner),
                        None => errors.push(nothing_to_replace(word, k, &base)),
                    }
                }
            },
            Item::Setup(block, span) if included_puts && !setup_replaced && puts(&block) => {
                warnings.push(Diagnostic::of(span, ErrorKind::SetupOverIncludedSetup));
                rest.push(Item::Setup(block, span));
            }
            // A second own declaration of the same kind and name follows the rest, so
            // the checker finds it declared twice, as in a file that includes nothing.
            item => match key(&item)
                .and_then(|k| base.iter().position(|b| key(b).as_ref() == Some(&k)))
            {
                Some(i) if !own[i] => {
                    own[i] = true;
                    base[i] = item;
                }
                _ => rest.push(item),
            },
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    base.extend(rest);
    Ok((File { items: base }, offsets, warnings))
}

/// A `replace` whose declaration matches none of the included game's.
fn nothing_to_replace(
    word: Span,
    wanted: Option<(&'static str, String)>,
    base: &[Item],
) -> Diagnostic {
    let Some((kind, name)) = wanted else {
        return Diagnostic::of(word, ErrorKind::NothingToReplace);
    };
    let declared = base
        .iter()
        .filter_map(|b| key(b).filter(|(k, _)| *k == kind).map(|(_, n)| n))
        .collect();
    let kind = ErrorKind::ReplaceFindsNone {
        kind,
        name,
        declared,
    };
    Diagnostic::of(word, kind)
}

/// Whether a block puts pieces on the board, anywhere in it.
fn puts(block: &Block) -> bool {
    block.iter().any(|s| match &s.kind {
        StmtKind::Put { .. } => true,
        StmtKind::If {
            then, otherwise, ..
        } => puts(then) || puts(otherwise),
        StmtKind::For { body, .. } => puts(body),
        _ => false,
    })
}
