//! The board declaration: its size, cells, directions, regions, tracks, zones and labels
//! become the board's tables.

use super::{Compiler, MAX_LISTED_CELLS};
use crate::board::{Region, Track};
use crate::diagnostic::{ErrorKind, Span};
use crate::syntax::ast::{self, BoardItem, CellEntry, CellItem, Item, RegionBody};
use std::collections::HashMap;

/// The most expression parts the condition of one cell list may take to work out over
/// all the cells of the board: 4096 cells of a condition of 200 parts.
const CONDITION_PARTS: usize = 4096 * 200;

impl<'a> Compiler<'a> {
    /// A board size: a number known before the game starts, not negative.
    fn board_size(&mut self, e: &'a ast::Expr) -> Option<u32> {
        let n = self.constant(e, "a board size")?;
        match u32::try_from(n) {
            Ok(n) => Some(n),
            Err(_) => {
                self.report(e.span, ErrorKind::NegativeBoardSize { found: n });
                None
            }
        }
    }

    pub(super) fn board(&mut self, file: &'a ast::File) {
        let players = self.game.players.clone();
        let mut seen = false;
        for item in &file.items {
            let Item::Board(items) = item else { continue };
            seen = true;
            for b in items {
                let result = match b {
                    BoardItem::Hex(rows, sp) => {
                        let rows: Vec<Option<u32>> =
                            rows.iter().map(|r| self.board_size(r)).collect();
                        let Some(rows) = rows.into_iter().collect::<Option<Vec<u32>>>() else {
                            continue;
                        };
                        self.game.board.add_hex(&rows).map_err(|e| (*sp, e))
                    }
                    BoardItem::Grid(w, h, sp) => {
                        let (w, h) = (self.board_size(w), self.board_size(h));
                        let (Some(w), Some(h)) = (w, h) else { continue };
                        self.game.board.add_grid(w, h).map_err(|e| (*sp, e))
                    }
                    BoardItem::Rhombus(w, h, sp) => {
                        let (w, h) = (self.board_size(w), self.board_size(h));
                        let (Some(w), Some(h)) = (w, h) else { continue };
                        self.game.board.add_rhombus(w, h).map_err(|e| (*sp, e))
                    }
                    BoardItem::Line(a, b, sp) => {
                        let (a, b) = (self.board_size(a), self.board_size(b));
                        let (Some(a), Some(b)) = (a, b) else { continue };
                        self.game.board.add_line(a, b).map_err(|e| (*sp, e))
                    }
                    BoardItem::Zone { name, per_player } => self
                        .game
                        .board
                        .add_zone(&name.text, if *per_player { Some(&players) } else { None })
                        .map_err(|e| (name.span, e)),
                    BoardItem::Points(points) => {
                        self.points(points);
                        Ok(())
                    }
                    BoardItem::Dir { .. }
                    | BoardItem::Directions { .. }
                    | BoardItem::Leap { .. }
                    | BoardItem::Adjacency(_)
                    | BoardItem::Links(_)
                    | BoardItem::NamedLine { .. } => Ok(()),
                    BoardItem::CutLinks(_) => {
                        self.game.board.cuttable = true;
                        Ok(())
                    }
                    BoardItem::Layers(n, sp) => {
                        self.board_layers(n, *sp);
                        Ok(())
                    }
                };
                if let Err((sp, e)) = result {
                    self.report(sp, e);
                }
            }
            // Leaps once the grid is there; before the relative directions, which
            // may name them.
            for b in items {
                if let BoardItem::Leap {
                    name,
                    files,
                    ranks,
                    span,
                } = b
                {
                    self.leap(name, files, ranks, *span);
                }
            }
            for b in items {
                if let BoardItem::Dir { name, map } = b {
                    self.relative_dir(name, map);
                }
            }
        }
        self.direction_sets(file);
        self.links(file);
        if !seen {
            self.report(Span::default(), ErrorKind::NoBoard);
        } else if self.game.board.cells.is_empty() && self.errors.is_empty() {
            self.report(Span::default(), ErrorKind::NoCells);
        }
        // Cell names must be unique for the file to name them.
        let mut names: HashMap<&str, usize> = HashMap::new();
        let mut dup = None;
        for (i, c) in self.game.board.cells.iter().enumerate() {
            if names.insert(c.as_str(), i).is_some() {
                dup = Some(c.clone());
            }
        }
        if let Some(d) = dup {
            self.report(Span::default(), ErrorKind::CellNamedTwice { name: d });
        }
        if self.game.board.cells.len() > 4096 {
            let max = crate::board::MAX_CELLS;
            self.report(Span::default(), ErrorKind::TooManyCells { max });
        }
        self.game.board.finish(players.len());
        for item in &file.items {
            match item {
                Item::Region(r) => {
                    let (per_player, lists) = self.cell_lists(r);
                    let n = self.game.board.cells.len();
                    let member = lists
                        .iter()
                        .map(|l| {
                            let mut m = vec![false; n];
                            for &c in l {
                                m[c as usize] = true;
                            }
                            m
                        })
                        .collect();
                    self.unique_set_name(&r.name);
                    self.game.board.regions.push(Region {
                        name: r.name.text.clone(),
                        per_player,
                        lists,
                        member,
                    });
                }
                Item::Track(r) => {
                    let (per_player, lists) = self.cell_lists(r);
                    let n = self.game.board.cells.len();
                    let pos = lists
                        .iter()
                        .map(|l| {
                            let mut p = vec![-1; n];
                            for (i, &c) in l.iter().enumerate() {
                                p[c as usize] = i as i32;
                            }
                            p
                        })
                        .collect();
                    self.unique_set_name(&r.name);
                    self.game.board.tracks.push(Track {
                        name: r.name.text.clone(),
                        per_player,
                        lists,
                        pos,
                    });
                }
                Item::Names { player, maps } => self.labels(player, maps),
                _ => {}
            }
        }
        self.named_lines(file);
    }

    pub(super) fn unique_set_name(&mut self, name: &ast::Name) {
        let b = &self.game.board;
        if b.regions.iter().any(|r| r.name == name.text)
            || b.tracks.iter().any(|t| t.name == name.text)
            || b.zones.iter().any(|z| z.name == name.text)
            || b.direction_set(&name.text).is_some()
            || b.line(&name.text).is_some()
        {
            let name_taken = ErrorKind::SetNameTaken {
                name: name.text.clone(),
            };
            self.report(name.span, name_taken);
        }
    }

    /// The board's direction sets and its adjacency, once all its directions are known.
    fn direction_sets(&mut self, file: &'a ast::File) {
        let items = file.items.iter().filter_map(|item| match item {
            Item::Board(items) => Some(items),
            _ => None,
        });
        let items: Vec<&BoardItem> = items.flatten().collect();
        for b in &items {
            if let BoardItem::Directions { name, dirs } = b {
                self.direction_set(name, dirs);
            }
        }
        let mut given: Option<&ast::Name> = None;
        for b in &items {
            let BoardItem::Adjacency(name) = b else {
                continue;
            };
            if given.is_some() {
                self.report(name.span, ErrorKind::AdjacencyTwice);
                continue;
            }
            given = Some(name);
            if let Some(a) = self.direction_set_named(name) {
                self.game.board.default_adjacency = a;
            }
        }
    }

    fn direction_set(&mut self, name: &ast::Name, dirs: &[ast::Name]) {
        let board = &self.game.board;
        if board.sets.len() == crate::board::MAX_DIRECTION_SETS {
            let max = crate::board::MAX_DIRECTION_SETS;
            self.report(name.span, ErrorKind::TooManyDirectionSets { max });
            return;
        }
        if board.dir(&name.text).is_some()
            || board.rel_dirs.iter().any(|(r, _)| r == &name.text)
            || board.direction_set(&name.text).is_some()
        {
            let kind = ErrorKind::DeclaredTwice {
                what: "direction",
                name: name.text.clone(),
            };
            self.report(name.span, kind);
            return;
        }
        let mut ids: Vec<u8> = Vec::new();
        for d in dirs {
            let board = &self.game.board;
            match board.dir(&d.text) {
                Some(id) if !ids.contains(&id) => ids.push(id),
                Some(_) => {}
                None => {
                    let relative = board.rel_dirs.iter().any(|(r, _)| r == &d.text);
                    let kind = if relative {
                        ErrorKind::RelativeDirectionInSet {
                            set: name.text.clone(),
                            name: d.text.clone(),
                        }
                    } else {
                        ErrorKind::SetDirectionUnknown {
                            set: name.text.clone(),
                            name: d.text.clone(),
                            close: self.close_name(&d.text, board.dirs.iter().map(String::as_str)),
                            directions: board.dirs.clone(),
                        }
                    };
                    self.report(d.span, kind);
                }
            }
        }
        self.game.board.sets.push(crate::board::DirectionSet {
            name: name.text.clone(),
            dirs: ids,
        });
    }

    /// The adjacency of a direction set named by the rules; reported when there is none.
    pub(super) fn direction_set_named(&mut self, name: &ast::Name) -> Option<u8> {
        let found = self.game.board.direction_set(&name.text);
        if found.is_none() {
            let sets = &self.game.board.sets;
            let kind = ErrorKind::UnknownDirectionSet {
                name: name.text.clone(),
                close: self.close_name(&name.text, sets.iter().map(|s| s.name.as_str())),
                sets: sets.iter().map(|s| s.name.clone()).collect(),
            };
            self.report(name.span, kind);
        }
        found
    }

    /// `leap NAME = FILES, RANKS`: a direction of the grid by its offset.
    fn leap(&mut self, name: &ast::Name, files: &'a ast::Expr, ranks: &'a ast::Expr, span: Span) {
        let (files, ranks) = (
            self.constant(files, "a leap's offset"),
            self.constant(ranks, "a leap's offset"),
        );
        let (Some(files), Some(ranks)) = (files, ranks) else {
            return;
        };
        let board = &self.game.board;
        if board.dir(&name.text).is_some() || board.direction_set(&name.text).is_some() {
            let kind = ErrorKind::DeclaredTwice {
                what: "direction",
                name: name.text.clone(),
            };
            self.report(name.span, kind);
            return;
        }
        if let Err(e) = self
            .game
            .board
            .add_leap(&name.text, files.into(), ranks.into())
        {
            self.report(span, e);
        }
    }

    fn relative_dir(&mut self, name: &ast::Name, map: &[(ast::Name, ast::Name)]) {
        let n = self.game.players.len();
        let mut per_player = vec![u8::MAX; n];
        let errors_before = self.errors.len();
        for (p, d) in map {
            let Some(pi) = self.player(&p.text) else {
                let name = p.text.clone();
                self.report(p.span, ErrorKind::UnknownPlayer { name });
                continue;
            };
            match self.game.board.dir(&d.text) {
                Some(di) => per_player[pi] = di,
                None => {
                    let kind = ErrorKind::UnknownDirection {
                        name: d.text.clone(),
                        directions: self.game.board.dirs.clone(),
                    };
                    self.report(d.span, kind);
                }
            }
        }
        if let (Some(missing), true) = (
            per_player.iter().position(|&d| d == u8::MAX),
            self.errors.len() == errors_before,
        ) {
            if map.len() == n || !map.is_empty() {
                let kind = ErrorKind::DirectionMissingPlayer {
                    direction: name.text.clone(),
                    player: self.game.players[missing].clone(),
                };
                self.report(name.span, kind);
            }
        }
        if self.game.board.dir(&name.text).is_some()
            || self
                .game
                .board
                .rel_dirs
                .iter()
                .any(|(r, _)| r == &name.text)
        {
            let kind = ErrorKind::DeclaredTwice {
                what: "direction",
                name: name.text.clone(),
            };
            self.report(name.span, kind);
        }
        self.game
            .board
            .rel_dirs
            .push((name.text.clone(), per_player));
    }

    /// Expands `a1..i4` into cells in board order (descending when written so), and
    /// `c in cells where COND` into the cells it holds, in board order.
    /// A list holds at most `MAX_CELLS` cells, and all lists together at most
    /// `MAX_LISTED_CELLS`: a short file of ranges could otherwise name billions.
    pub(super) fn cell_items(&mut self, items: &'a [CellEntry]) -> Vec<i32> {
        let mut out = Vec::new();
        for it in items {
            let span = match it {
                CellEntry::Cells(c) => c.first.span,
                CellEntry::Where { span, .. } => *span,
            };
            if !self.room_in_list(out.len(), span) {
                return Vec::new();
            }
            let before = out.len();
            match it {
                CellEntry::Cells(c) => self.cell_range(c, &mut out),
                CellEntry::Where { var, cond, .. } => self.cells_where(var, cond, &mut out),
            }
            self.listed += out.len() - before;
        }
        out
    }

    /// Whether a list of `len` cells may take more; reported at `span` when not.
    fn room_in_list(&mut self, len: usize, span: Span) -> bool {
        let max = crate::board::MAX_CELLS;
        if len <= max && self.listed <= MAX_LISTED_CELLS {
            return true;
        }
        let kind = if len > max {
            ErrorKind::CellListTooLong { max }
        } else {
            ErrorKind::TooManyListedCells {
                max: MAX_LISTED_CELLS,
            }
        };
        self.report(span, kind);
        false
    }

    /// The cells of one name or range, added to `out`.
    fn cell_range(&mut self, it: &CellItem, out: &mut Vec<i32>) {
        let Some(a) = self.cell_by_name(&it.first) else {
            return;
        };
        match &it.last {
            None => out.push(a),
            Some(last) => {
                let Some(b) = self.cell_by_name(last) else {
                    return;
                };
                if a <= b {
                    out.extend(a..=b);
                } else {
                    out.extend((b..=a).rev());
                }
            }
        }
    }

    /// The cells for which `cond` holds, in board order, added to `out`. The condition
    /// is worked out once for each cell, each time within the bound on an expression's
    /// parts, and all of them within `CONDITION_PARTS`; the first problem stops it.
    fn cells_where(&mut self, var: &'a ast::Name, cond: &'a ast::Expr, out: &mut Vec<i32>) {
        let nodes = self.nodes;
        let (mut most, mut spent) = (0, 0);
        for c in 0..self.game.board.cells.len() as i32 {
            self.nodes = 0;
            let holds = self.cell_condition(&var.text, c, cond);
            (most, spent) = (most.max(self.nodes), spent + self.nodes);
            match holds {
                Some(true) => out.push(c),
                Some(false) => {}
                None => break,
            }
            if spent > CONDITION_PARTS {
                let what = "the condition of a cell list".to_string();
                self.report_with(cond.span, |_| ErrorKind::ConstantTooComplex { what });
                break;
            }
        }
        // Counted once towards the file's expression parts, as if written once.
        self.nodes = nodes + most;
    }

    pub(super) fn cell_by_name(&mut self, name: &ast::Name) -> Option<i32> {
        let found = self.game.board.cell(&name.text);
        if found.is_none() {
            let kind = self.unknown_cell(&name.text);
            self.report(name.span, kind);
        }
        found
    }

    /// A name that is no cell of the board, with the cell it may mean.
    pub(super) fn unknown_cell(&self, name: &str) -> ErrorKind {
        let cells = &self.game.board.cells;
        ErrorKind::UnknownCell {
            name: name.to_string(),
            close: self.close_name(name, cells.iter().map(String::as_str)),
            cells: cells
                .first()
                .zip(cells.last())
                .map(|(a, b)| (a.clone(), b.clone())),
        }
    }

    fn cell_lists(&mut self, r: &'a ast::RegionDecl) -> (bool, Vec<Vec<i32>>) {
        match &r.body {
            RegionBody::Shared(items) => (false, vec![self.cell_items(items)]),
            RegionBody::PerPlayer(lists) => {
                let n = self.game.players.len();
                let mut out = vec![Vec::new(); n];
                let mut given = vec![false; n];
                for (p, items) in lists {
                    let cells = self.cell_items(items);
                    match self.player(&p.text) {
                        Some(pi) => {
                            out[pi] = cells;
                            given[pi] = true;
                        }
                        None => {
                            let name = p.text.clone();
                            self.report(p.span, ErrorKind::UnknownPlayer { name });
                        }
                    }
                }
                if let Some(missing) = given.iter().position(|g| !g) {
                    let kind = ErrorKind::NoCellsForPlayer {
                        set: r.name.text.clone(),
                        player: self.game.players[missing].clone(),
                    };
                    self.report(r.name.span, kind);
                }
                (true, out)
            }
        }
    }

    fn labels(&mut self, player: &ast::Name, maps: &[(CellItem, Vec<CellItem>)]) {
        let Some(pi) = self.player(&player.text) else {
            let name = player.text.clone();
            self.report(player.span, ErrorKind::UnknownPlayer { name });
            return;
        };
        let mut read: Vec<(String, i32, Span)> = Vec::new();
        for (cells, label_items) in maps {
            let mut targets = Vec::new();
            if self.room_in_list(0, cells.first.span) {
                self.cell_range(cells, &mut targets);
                self.listed += targets.len();
            }
            for (k, labels) in label_items.iter().enumerate() {
                let Some(names) = self.label_names(labels, targets.len()) else {
                    continue;
                };
                for (i, &c) in targets.iter().enumerate() {
                    let label = names.get(i).unwrap_or(&names[0]).clone();
                    if k == 0 {
                        self.game.board.labels[pi][c as usize] = label;
                    } else {
                        read.push((label, c, labels.first.span));
                    }
                }
            }
        }
        // A label typed must name one cell: another label read for a different cell,
        // or the printed label of one, makes a move's text mean two things.
        for (i, (label, cell, span)) in read.iter().enumerate() {
            let printed = self.game.board.labels[pi]
                .iter()
                .position(|l| l == label)
                .filter(|&c| c as i32 != *cell);
            let earlier = read[..i]
                .iter()
                .find(|(l, c, _)| l == label && c != cell)
                .map(|(_, c, _)| *c as usize);
            if let Some(other) = printed.or(earlier) {
                let kind = ErrorKind::LabelNamesTwoCells {
                    label: label.clone(),
                    cell: self.game.board.cells[other].clone(),
                    player: self.game.players[pi].clone(),
                };
                self.report(*span, kind);
            }
        }
        let aliases = read.into_iter().map(|(l, c, _)| (l, c));
        self.game.board.aliases[pi].extend(aliases);
    }

    /// The labels a label item gives `cells` cells: one, or a range of numbers as long
    /// as the cells.
    fn label_names(&mut self, labels: &CellItem, cells: usize) -> Option<Vec<String>> {
        let names: Vec<String> = match &labels.last {
            None => vec![labels.first.text.clone()],
            Some(last) => {
                let (a, b) = (labels.first.text.parse::<i64>(), last.text.parse::<i64>());
                // Checked before the names are made: a range may be huge.
                if let (Ok(a), Ok(b)) = (&a, &b) {
                    let n = a.abs_diff(*b).saturating_add(1);
                    if n != cells as u64 && n != 1 {
                        let kind = ErrorKind::NameCount { cells, names: n };
                        self.report(labels.first.span, kind);
                        return None;
                    }
                }
                match (a, b) {
                    (Ok(a), Ok(b)) if a <= b => (a..=b).map(|n| n.to_string()).collect(),
                    (Ok(a), Ok(b)) => (b..=a).rev().map(|n| n.to_string()).collect(),
                    _ => {
                        self.report(labels.first.span, ErrorKind::NameRangeNotNumbers);
                        return None;
                    }
                }
            }
        };
        if names.len() != cells && names.len() != 1 {
            let kind = ErrorKind::NameCount {
                cells,
                names: names.len() as u64,
            };
            self.report(labels.first.span, kind);
            return None;
        }
        Some(names)
    }
}
