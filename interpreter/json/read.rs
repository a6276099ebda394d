//! Reading a state document: the text parsed into the document's shape (document.rs),
//! then every name and number looked up in the game, each problem placed at the key or
//! value its path leads to (locate.rs).

use super::document::*;
use super::locate::{locate, Seg, Target};
use crate::diagnostic::{closest_name, escape, Diagnostic, Diagnostics, ErrorKind, Source, Span};
use crate::diagnostic::{floor_char_boundary, StateErrorKind};
use crate::engine::state::State;
use crate::engine::Game;
use crate::ir::*;
use serde::Deserialize;

/// Reads a state written as JSON, or as YAML when `source.name` ends in `.yaml` or
/// `.yml` (in any case). Every problem is reported with its place in the text, in the
/// order of the text.
pub fn state_from_text(game: &Game, source: &Source) -> Result<State, Diagnostics> {
    let fail = |list: Vec<Diagnostic>| Diagnostics {
        source: source.clone(),
        list,
    };
    let text = source.text.as_str();
    let limit = crate::input::MAX_STATE_BYTES;
    if text.len() as u64 > limit {
        let size = text.len();
        let kind = StateErrorKind::TooLong { limit, size };
        return Err(fail(vec![state_error(Span::default(), kind)]));
    }
    if let Some(at) = crate::input::too_deep(text) {
        let max = crate::input::MAX_DOCUMENT_NESTING;
        let kind = StateErrorKind::TooDeep { max };
        return Err(fail(vec![state_error(Span::new(at, at + 1), kind)]));
    }
    let yaml = is_yaml(&source.name);
    let root = parse(text, yaml).map_err(|d| fail(vec![d]))?;
    let mut reader = Reader {
        game,
        text,
        yaml,
        errors: Vec::new(),
        unreported: 0,
    };
    let mut state = reader.state(root);
    // The turns before the position read are not known: its record of positions
    // starts with it.
    state.record_history(game);
    let mut errors = reader.errors;
    // Stable: problems at one place stay in the order they were found.
    errors.sort_by_key(|d| d.span.start);
    if reader.unreported > 0 {
        let kind = ErrorKind::MoreProblems {
            count: reader.unreported,
        };
        errors.push(Diagnostic::of(Span::default(), kind));
    }
    if errors.is_empty() {
        Ok(state)
    } else {
        Err(fail(errors))
    }
}

/// Whether a state file is YAML: its name ends in `.yaml` or `.yml`, in any case.
fn is_yaml(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    name.ends_with(".yaml") || name.ends_with(".yml")
}

/// The document's shape, or the one problem that stops it being read: text that is not
/// JSON (or YAML), or a value no state has (a YAML tag, a key that is a list).
fn parse(text: &str, yaml: bool) -> Result<Given<Root>, Diagnostic> {
    // The syntax first, so that its errors are the parser's whatever the shape.
    let at = |offset: usize| {
        let at = floor_char_boundary(text, offset.min(text.len()));
        Span::new(at, at + 1)
    };
    if yaml {
        let yaml_place = |e: &serde_yaml_ng::Error| at(e.location().map_or(0, |l| l.index()));
        serde_yaml_ng::from_str::<serde::de::IgnoredAny>(text).map_err(|e| {
            let reason = e.to_string();
            state_error(yaml_place(&e), StateErrorKind::NotYaml { reason })
        })?;
        let de = serde_yaml_ng::Deserializer::from_str(text);
        serde_path_to_error::deserialize(de).map_err(|e| {
            let place = yaml_place(e.inner());
            let mut reason = e.inner().to_string();
            if let Some(l) = e.inner().location() {
                let at = format!(" at line {} column {}", l.line(), l.column());
                reason = reason.strip_suffix(&at).unwrap_or(&reason).to_string();
            }
            // The parser puts the path before its message; the caret shows the place.
            let path = format!("{}: ", e.path());
            let reason = reason.strip_prefix(&path).unwrap_or(&reason).to_string();
            state_error(place, StateErrorKind::Unreadable { reason })
        })
    } else {
        let json_place = |e: &serde_json::Error| at(offset_of(text, e.line(), e.column()));
        // Read as a value, whose messages are the more precise ("trailing comma").
        serde_json::from_str::<serde_json::Value>(text).map_err(|e| {
            let reason = without_place(&e);
            state_error(json_place(&e), StateErrorKind::NotJson { reason })
        })?;
        let mut de = serde_json::Deserializer::from_str(text);
        Given::deserialize(&mut de).map_err(|e| {
            let reason = without_place(&e);
            state_error(json_place(&e), StateErrorKind::Unreadable { reason })
        })
    }
}

/// A JSON error's message without the " at line L column C" it ends with.
fn without_place(e: &serde_json::Error) -> String {
    let message = e.to_string();
    let place = format!(" at line {} column {}", e.line(), e.column());
    match message.strip_suffix(&place) {
        Some(m) => m.to_string(),
        None => message,
    }
}

/// The byte offset of a 1-based line and column (the column counted in bytes).
fn offset_of(text: &str, line: usize, col: usize) -> usize {
    let mut off = 0;
    for (i, l) in text.split('\n').enumerate() {
        if i + 1 == line {
            return (off + col.saturating_sub(1)).min(text.len());
        }
        off += l.len() + 1;
    }
    text.len().saturating_sub(1)
}

/// A problem of a state document at a span.
fn state_error(span: Span, kind: StateErrorKind) -> Diagnostic {
    Diagnostic::of(span, ErrorKind::State(kind))
}

/// The most problems reported of one state; the rest are counted.
const MAX_REPORTED: usize = 50;

/// Looks the document's names and numbers up in the game and builds the state,
/// collecting every problem.
pub(super) struct Reader<'a> {
    pub(super) game: &'a Game,
    text: &'a str,
    yaml: bool,
    errors: Vec<Diagnostic>,
    unreported: usize,
}

impl Reader<'_> {
    /// Whether another problem is still reported in full (past `MAX_REPORTED` they are
    /// only counted: placing and suggesting read the text and the names).
    pub(super) fn reporting(&mut self) -> bool {
        if self.errors.len() < MAX_REPORTED {
            true
        } else {
            self.unreported += 1;
            false
        }
    }

    /// Reports a problem at the key or value `at` leads to.
    pub(super) fn error(&mut self, at: &[Seg], target: Target, kind: StateErrorKind) {
        if !self.reporting() {
            return;
        }
        self.place(at, target, kind);
    }

    /// Reports a problem that is already counted as reported (`reporting` said so).
    pub(super) fn place(&mut self, at: &[Seg], target: Target, kind: StateErrorKind) {
        let span = locate(self.text, self.yaml, at, target).unwrap_or_default();
        self.errors.push(state_error(span, kind));
    }

    /// The player a name at `at` names, reported as `what` if none.
    pub(super) fn player(
        &mut self,
        name: &Given<Name>,
        what: &str,
        at: &[Seg],
        target: Target,
    ) -> Option<usize> {
        let game = self.game;
        if let Ok(Name(n)) = &name.0 {
            if let Some(p) = game.rules.players.iter().position(|p| p == n) {
                return Some(p);
            }
        }
        if self.reporting() {
            let given = given_text(name);
            let kind = StateErrorKind::NotAPlayer {
                what: what.to_string(),
                found: escape(&given),
                players: game.rules.players.clone(),
                close: close(&given, game.rules.players.iter().map(String::as_str)),
            };
            self.place(at, target, kind);
        }
        None
    }

    /// The player an object's key names.
    pub(super) fn player_key(&mut self, key: &str, what: &str, at: &[Seg]) -> Option<usize> {
        self.player(&Given(Ok(Name(key.to_string()))), what, at, Target::Key)
    }

    /// Reports the keys of an object of fixed fields at `at` that were not read: each
    /// unknown one as `unknown` words it, given the key and the closest field, and each
    /// given again as a field of `cell` (of the document when `None`).
    pub(super) fn strays(
        &mut self,
        strays: &[Stray],
        at: &[Seg],
        fields: &[&str],
        cell: Option<&str>,
        unknown: impl Fn(String, Option<String>) -> StateErrorKind,
    ) {
        for stray in strays {
            if !self.reporting() {
                continue;
            }
            let (key, nth) = match stray {
                Stray::Unknown { key } => (key, 0),
                Stray::Twice { key, nth } => (key, *nth),
            };
            let mut path = at.to_vec();
            path.push(Seg::Key(key, nth));
            let kind = match stray {
                Stray::Unknown { key } => unknown(escape(key), close(key, fields.iter().copied())),
                Stray::Twice { key, .. } => StateErrorKind::FieldTwice {
                    cell: cell.map(str::to_string),
                    field: escape(key),
                },
            };
            self.place(&path, Target::Key, kind);
        }
    }

    fn state(&mut self, root: Given<Root>) -> State {
        let game = self.game;
        let mut state = State::new(game);
        // A counter the document leaves out has its declared starting value, worked
        // out by the engine as for a new game.
        if let Err(e) = crate::engine::Engine::new(game).start_counters(&mut state) {
            let reason = e.to_string();
            let kind = StateErrorKind::CountersNotWorkedOut { reason };
            self.errors.push(state_error(Span::new(0, 1), kind));
        }
        let doc = match root.0 {
            Ok(Root(doc)) => doc,
            Err(_) => {
                self.error(&[], Target::Value, StateErrorKind::NotAnObject);
                return state;
            }
        };
        let listed: Vec<&str> = if game.rules.board.cuttable {
            DOCUMENT_FIELDS[..READ_FIELDS]
                .iter()
                .chain(DOCUMENT_FIELDS.last())
                .copied()
                .collect()
        } else {
            DOCUMENT_FIELDS[..READ_FIELDS].to_vec()
        };
        let listed = &listed[..];
        self.strays(&doc.strays, &[], listed, None, |field, close| {
            StateErrorKind::UnknownField {
                field,
                fields: listed.iter().map(|f| f.to_string()).collect(),
                close,
            }
        });
        if let Some(options) = &doc.options {
            self.options(options);
        }
        match &doc.phase {
            Some(p) => {
                let found = match &p.0 {
                    Ok(Name(n)) => game.rules.phases.iter().position(|ph| &ph.name == n),
                    Err(_) => None,
                };
                match found {
                    Some(i) => state.data[SLOT_PHASE] = i as i32,
                    None if self.reporting() => {
                        let given = given_text(p);
                        let names = game.rules.phases.iter().map(|p| p.name.as_str());
                        let kind = StateErrorKind::NotAPhase {
                            found: escape(&given),
                            phases: names.clone().map(str::to_string).collect(),
                            close: close(&given, names),
                        };
                        self.place(&[Seg::Key("phase", 0)], Target::Value, kind);
                    }
                    None => {}
                }
            }
            None => self.error(&[], Target::Value, StateErrorKind::NoPhase),
        }
        match &doc.to_move {
            Some(p) => {
                let at = [Seg::Key("to_move", 0)];
                if let Some(i) = self.player(p, "to_move", &at, Target::Value) {
                    state.data[SLOT_MOVER] = i as i32;
                    state.data[SLOT_OWNER] = i as i32;
                }
            }
            None => self.error(&[], Target::Value, StateErrorKind::NoToMove),
        }
        if let Some(c) = &doc.chance {
            let found = match &c.0 {
                Ok(Name(n)) => game.rules.chances.iter().position(|ch| &ch.name == n),
                Err(_) => None,
            };
            match found {
                Some(i) => state.data[SLOT_CHANCE] = i as i32,
                None if self.reporting() => {
                    let given = given_text(c);
                    let names = game.rules.chances.iter().map(|c| c.name.as_str());
                    let kind = StateErrorKind::NotAChance {
                        found: escape(&given),
                        close: close(&given, names),
                    };
                    self.place(&[Seg::Key("chance", 0)], Target::Value, kind);
                }
                None => {}
            }
        }
        if let Some(p) = &doc.turn_of {
            let at = [Seg::Key("turn_of", 0)];
            if let Some(i) = self.player(p, "turn_of", &at, Target::Value) {
                state.data[SLOT_OWNER] = i as i32;
            }
        }
        if let Some(t) = &doc.in_turn {
            match &t.0 {
                Ok(Flag(b)) => state.data[SLOT_IN_TURN] = *b as i32,
                Err(found) => {
                    let found = found.to_string();
                    let kind = StateErrorKind::InTurnNotBool { found };
                    self.error(&[Seg::Key("in_turn", 0)], Target::Value, kind);
                }
            }
        }
        if let Some(g) = &doc.game {
            if !matches!(&g.0, Ok(Name(n)) if *n == game.rules.name) {
                let kind = StateErrorKind::OtherGame {
                    found: escape(&given_text(g)),
                    game: game.rules.name.clone(),
                };
                self.error(&[Seg::Key("game", 0)], Target::Value, kind);
            }
        }
        if let Some(cells) = &doc.cells {
            self.cells(cells, &mut state);
        }
        if let Some(pools) = &doc.pools {
            self.pools(pools, &mut state);
        }
        if let Some(counters) = &doc.counters {
            self.counters(counters, &mut state);
        }
        if let Some(cut) = &doc.cut {
            self.cut_links(cut, &mut state);
        }
        state
    }

    /// `cut`: the links cut in play, each `A -- B`, cut in the state.
    fn cut_links(&mut self, cut: &Given<List<Given<Name>>>, state: &mut State) {
        let game = self.game;
        let at = [Seg::Key("cut", 0)];
        if !game.rules.board.cuttable {
            self.error(&at, Target::Key, StateErrorKind::LinksNeverCut);
            return;
        }
        let list = match &cut.0 {
            Ok(List(list)) => list,
            Err(found) => {
                let found = found.to_string();
                self.error(&at, Target::Value, StateErrorKind::CutNotList { found });
                return;
            }
        };
        let board = &game.rules.board;
        for (i, link) in list.iter().enumerate() {
            let pair = match &link.0 {
                Ok(Name(text)) => text.split_once("--").and_then(|(a, b)| {
                    let (a, b) = (board.cell(a.trim())?, board.cell(b.trim())?);
                    board.pair(a, b)
                }),
                Err(_) => None,
            };
            match pair {
                Some(p) => state.set_cut(game, p, true),
                None => {
                    let found = escape(&given_text(link));
                    let kind = StateErrorKind::NotALink { found };
                    self.error(&[at[0], Seg::Index(i)], Target::Value, kind);
                }
            }
        }
    }

    fn options(&mut self, options: &Given<List<Given<Name>>>) {
        let game = self.game;
        let at = [Seg::Key("options", 0)];
        let list = match &options.0 {
            Ok(List(list)) => list,
            Err(found) => {
                let kind = StateErrorKind::OptionsNotList {
                    chosen: game.rules.chosen.clone(),
                    found: found.to_string(),
                };
                self.error(&at, Target::Value, kind);
                return;
            }
        };
        let mut given: Vec<String> = Vec::new();
        for (i, o) in list.iter().enumerate() {
            match &o.0 {
                Ok(Name(n)) => given.push(n.clone()),
                Err(found) => {
                    let found = found.to_string();
                    let kind = StateErrorKind::OptionNotName { found };
                    self.error(&[at[0], Seg::Index(i)], Target::Value, kind);
                    return;
                }
            }
        }
        given.sort();
        if given != game.rules.chosen {
            let kind = StateErrorKind::OtherOptions {
                given: given.iter().map(|o| escape(o)).collect(),
                chosen: game.rules.chosen.clone(),
            };
            self.error(&at, Target::Value, kind);
        }
    }
}

/// The one of `names` closest to `given`, if one is close enough to be what was meant.
pub(super) fn close<'n>(given: &str, names: impl IntoIterator<Item = &'n str>) -> Option<String> {
    closest_name(given, names).map(str::to_string)
}

/// A name as given, or the value found where a name was expected, as a message quotes
/// it (unescaped).
pub(super) fn given_text(name: &Given<Name>) -> String {
    match &name.0 {
        Ok(Name(n)) => n.clone(),
        Err(found) => found.to_string(),
    }
}
