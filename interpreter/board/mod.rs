//! The board: cells and labelled adjacency built as a petgraph graph, then lowered to
//! dense tables (neighbour by direction, region membership, track positions) so that
//! move generation is array indexing.

use crate::diagnostic::ErrorKind;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;

/// No cell (off the edge, or an empty optional cell).
pub const NONE: i32 = -1;

/// The most cells a board may have; a part that would go beyond is refused before
/// any of its cells is made.
pub const MAX_CELLS: usize = 4096;

#[derive(Debug, Clone, Default)]
pub struct Board {
    /// Cell names, in board order (the order ranges like `a1..i4` follow).
    pub cells: Vec<String>,
    /// Drawing position of each cell: (column, row) in the board's own coordinates.
    pub coords: Vec<(i32, i32)>,
    /// Absolute direction names.
    pub dirs: Vec<String>,
    /// `next[cell * dirs.len() + dir]`: the neighbour in that direction, or NONE.
    pub next: Vec<i32>,
    /// The neighbours of each cell, in direction order, by the directions of one
    /// adjacency: `adjacency[ALL_DIRECTIONS]` by all of them but the leaps, `adjacency[1 + k]` by
    /// those of the direction set `sets[k]`.
    pub adjacency: Vec<Adjacency>,
    /// The named sets of directions (`directions orthogonal = n, e, s, w`).
    pub sets: Vec<DirectionSet>,
    /// The adjacency of the readings given no direction set (`adjacency NAME`, or all
    /// directions).
    pub default_adjacency: u8,
    /// Directions relative to the player: name and, per player, the absolute direction.
    pub rel_dirs: Vec<(String, Vec<u8>)>,
    pub zones: Vec<Zone>,
    pub regions: Vec<Region>,
    pub tracks: Vec<Track>,
    /// `labels[player][cell]`: how that player names the cell in notation.
    pub labels: Vec<Vec<String>>,
    /// `aliases[player]`: the other labels that player may type for a cell (`names
    /// ... as LABEL, OTHER`), with the cell; read, never printed.
    pub aliases: Vec<Vec<(String, i32)>>,
    /// Links between cells, each both ways, in the order given (`links a1 -- d1`): every
    /// adjacency holds them, after the neighbours by directions.
    pub links: Vec<(i32, i32)>,
    /// The named lines of cells (`line top = a7, d7, g7`).
    pub lines: Vec<Line>,
    /// `line_cells.of(l)`: the cells of line `l`, as written.
    pub line_cells: Adjacency,
    /// `lines_through.of(c)`: the lines through cell `c`, in declaration order.
    pub lines_through: Adjacency,
    /// The adjacency graph the tables were built from; edges are labelled with directions.
    pub(crate) graph: DiGraph<usize, usize>,
    /// Each cell by its name, once the board is finished.
    index: std::collections::HashMap<String, i32>,
    /// The board's grid, if it has one: the cells the leaps go over.
    pub grid: Option<Grid>,
    /// The cells `file(c)` and `rank(c)` read: the board's first `grid` or `rhombus`,
    /// whose cells are named alike (files a.. across, ranks 1..) and kept in the same
    /// rank-major order.
    pub places: Option<Grid>,
    /// The directions declared by an offset (`leap nne = 1, 2`): the direction, and
    /// the files and ranks one step goes.
    pub leaps: Vec<(u8, i32, i32)>,
    /// Whether the links between neighbouring cells may be cut in play (`links may be
    /// cut`); only then are the pairs below made, and the state holds a bit for each.
    pub cuttable: bool,
    /// The pairs of neighbouring cells whose link may be cut, each once: by the
    /// board's directions (not the leaps, which jump) and by its links.
    pub pairs: Vec<(i32, i32)>,
    /// `step_pair[cell * dirs.len() + dir]`: the pair of the step from the cell in the
    /// direction, or NONE (no such step, a leap, or a board whose links stay).
    pub step_pair: Vec<i32>,
}

/// A grid's cells: `files * ranks` of them from `first`, in rank-major order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grid {
    pub first: i32,
    pub files: u32,
    pub ranks: u32,
}

impl Grid {
    /// The file and rank of a cell counted from 1 (`a1` is file 1, rank 1); none for a
    /// cell not on the grid.
    #[inline]
    pub fn place(&self, cell: i32) -> Option<(i32, i32)> {
        let i = cell.checked_sub(self.first)?;
        if i < 0 || i as u32 >= self.files * self.ranks {
            return None;
        }
        Some((i % self.files as i32 + 1, i / self.files as i32 + 1))
    }
}

/// The most directions a board may declare by their offsets.
pub const MAX_LEAPS: usize = 64;

/// The adjacency of all of a board's directions (`Board::adjacency`): a board's default
/// (`Default` makes it so) until `adjacency SET` names another.
pub const ALL_DIRECTIONS: u8 = 0;

/// The most direction sets a board may name: each is a table as large as the board's.
pub const MAX_DIRECTION_SETS: usize = 16;

/// A named set of the board's directions.
#[derive(Debug, Clone)]
pub struct DirectionSet {
    pub name: String,
    /// Absolute directions, each once, in the order written.
    pub dirs: Vec<u8>,
}

/// The neighbours of every cell by some of the board's directions, as one dense table:
/// the neighbours of cell `c` are `cells[start[c]..start[c + 1]]`.
#[derive(Debug, Clone, Default)]
pub struct Adjacency {
    start: Vec<u32>,
    cells: Vec<i32>,
    /// On a board whose links may be cut, the pair (`Board::pairs`) of each entry of
    /// `cells`; empty otherwise.
    pairs: Vec<u32>,
}

impl Adjacency {
    /// The table of `next` (`next[cell * dirs + dir]`) read in the directions `dirs`,
    /// each cell's links (`linked[cell]`) after them.
    fn new(next: &[i32], cells: usize, nd: usize, dirs: &[u8], linked: &[Vec<i32>]) -> Adjacency {
        let mut table = Adjacency {
            start: Vec::with_capacity(cells + 1),
            cells: Vec::new(),
            pairs: Vec::new(),
        };
        for c in 0..cells {
            table.start.push(table.cells.len() as u32);
            for &d in dirs {
                let n = next[c * nd + d as usize];
                if n != NONE {
                    table.cells.push(n);
                }
            }
            table
                .cells
                .extend(linked.get(c).map_or(&[][..], Vec::as_slice));
        }
        table.start.push(table.cells.len() as u32);
        table
    }

    /// The table of lists: entry `i` holds `lists[i]`.
    pub(crate) fn from_lists(lists: &[Vec<i32>]) -> Adjacency {
        let mut table = Adjacency {
            start: Vec::with_capacity(lists.len() + 1),
            cells: Vec::new(),
            pairs: Vec::new(),
        };
        for l in lists {
            table.start.push(table.cells.len() as u32);
            table.cells.extend(l);
        }
        table.start.push(table.cells.len() as u32);
        table
    }

    /// The pairs of the neighbours of `cell` (`Board::pairs`), one for each of
    /// `of(cell)`, on a board whose links may be cut; none otherwise.
    #[inline]
    pub fn pairs_of(&self, cell: i32) -> &[u32] {
        let Ok(c) = usize::try_from(cell) else {
            return &[];
        };
        match (self.start.get(c), self.start.get(c + 1)) {
            (Some(&a), Some(&b)) => self.pairs.get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }

    /// How many entries the table has.
    pub fn len(&self) -> usize {
        self.start.len().saturating_sub(1)
    }

    /// Whether the table has no entries.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The neighbours of `cell`; none for a cell not on the board.
    #[inline]
    pub fn of(&self, cell: i32) -> &[i32] {
        let Ok(c) = usize::try_from(cell) else {
            return &[];
        };
        match (self.start.get(c), self.start.get(c + 1)) {
            (Some(&a), Some(&b)) => &self.cells[a as usize..b as usize],
            _ => &[],
        }
    }
}

/// A named line of cells (`line top = a7, d7, g7`).
#[derive(Debug, Clone)]
pub struct Line {
    pub name: String,
    pub cells: Vec<i32>,
}

/// Off-board cells: one, or one per player (named `zone-player`).
#[derive(Debug, Clone)]
pub struct Zone {
    pub name: String,
    pub per_player: bool,
    pub cells: Vec<i32>,
}

/// A named set of cells, one or one per player.
#[derive(Debug, Clone)]
pub struct Region {
    pub name: String,
    pub per_player: bool,
    pub lists: Vec<Vec<i32>>,
    /// `member[list][cell]`.
    pub member: Vec<Vec<bool>>,
}

/// An ordered path of cells, one or one per player; `pos[list][cell]` is a cell's index
/// on the path or -1.
#[derive(Debug, Clone)]
pub struct Track {
    pub name: String,
    pub per_player: bool,
    pub lists: Vec<Vec<i32>>,
    pub pos: Vec<Vec<i32>>,
}

impl Board {
    /// The number of cells of a race run by two players in opposite directions: a
    /// track kept per player, of two players, that runs for each from a zone of his
    /// own, over cells of the board that both cross, each in the other's order, to
    /// another zone of his own. `None` when the board has no such track. Programs that
    /// read or write another program's positions use it to tell whether a game has the
    /// board those positions describe, by its structure rather than its title.
    pub fn opposed_race(&self) -> Option<usize> {
        let zone_of = |cell: i32| self.zones.iter().any(|z| z.cells.contains(&cell));
        self.tracks.iter().find_map(|t| {
            let [a, b] = t.lists.as_slice() else {
                return None;
            };
            let n = a.len();
            let ends_in_zones = |l: &Vec<i32>| {
                l.len() == n && n >= 3 && zone_of(l[0]) && zone_of(l[n - 1]) && l[0] != l[n - 1]
            };
            let shared = t.per_player
                && ends_in_zones(a)
                && ends_in_zones(b)
                && a[1..n - 1].iter().rev().eq(b[1..n - 1].iter())
                && a[1..n - 1].iter().all(|&c| !zone_of(c));
            shared.then_some(n - 2)
        })
    }

    /// The cell of this name, as a typed id.
    pub fn cell_id(&self, name: &str) -> Option<crate::ids::CellId> {
        self.cell(name).map(|c| crate::ids::CellId::new(c as usize))
    }

    pub fn cell(&self, name: &str) -> Option<i32> {
        if self.index.len() == self.cells.len() {
            return self.index.get(name).copied();
        }
        self.cells.iter().position(|c| c == name).map(|i| i as i32)
    }

    /// Refuses a part of `n` more cells that would take the board beyond `MAX_CELLS`.
    fn room_for(&self, n: usize) -> Result<(), ErrorKind> {
        if self.cells.len() + n > MAX_CELLS {
            return Err(ErrorKind::TooManyCells { max: MAX_CELLS });
        }
        Ok(())
    }

    /// The neighbours of `cell` by the directions of adjacency `adjacency` (see
    /// `Board::adjacency`).
    #[inline]
    pub fn neighbours(&self, adjacency: u8, cell: i32) -> &[i32] {
        match self.adjacency.get(adjacency as usize) {
            Some(table) => table.of(cell),
            None => &[],
        }
    }

    /// The adjacency of the direction set of this name (see `Board::adjacency`).
    pub fn direction_set(&self, name: &str) -> Option<u8> {
        let k = self.sets.iter().position(|s| s.name == name)?;
        Some(1 + k as u8)
    }

    pub fn dir(&self, name: &str) -> Option<u8> {
        self.dirs.iter().position(|d| d == name).map(|i| i as u8)
    }

    #[inline]
    pub fn step(&self, cell: i32, dir: i32) -> i32 {
        if cell < 0 || dir < 0 || dir as usize >= self.dirs.len() {
            return NONE;
        }
        self.next[cell as usize * self.dirs.len() + dir as usize]
    }

    /// A point: a cell of the board's own, drawn at `coord` (column, row).
    pub(crate) fn add_point(&mut self, name: &str, coord: (i32, i32)) -> Result<i32, ErrorKind> {
        self.room_for(1)?;
        Ok(self.add_cell(name.to_string(), coord))
    }

    /// The lines through each cell and the cells of each line, from `lines`; call
    /// once the lines are all there.
    pub(crate) fn index_lines(&mut self) {
        let mut through = vec![Vec::new(); self.cells.len()];
        for (l, line) in self.lines.iter().enumerate() {
            for &c in &line.cells {
                through[c as usize].push(l as i32);
            }
        }
        let cells: Vec<Vec<i32>> = self.lines.iter().map(|l| l.cells.clone()).collect();
        self.line_cells = Adjacency::from_lists(&cells);
        self.lines_through = Adjacency::from_lists(&through);
    }

    /// The line of this name.
    pub fn line(&self, name: &str) -> Option<usize> {
        self.lines.iter().position(|l| l.name == name)
    }

    fn add_cell(&mut self, name: String, coord: (i32, i32)) -> i32 {
        self.cells.push(name);
        self.coords.push(coord);
        (self.cells.len() - 1) as i32
    }

    fn add_dirs(&mut self, names: &[&str]) -> Result<Vec<u8>, ErrorKind> {
        let mut ids = Vec::new();
        for n in names {
            let id = match self.dir(n) {
                Some(d) => d,
                None => {
                    self.dirs.push((*n).to_string());
                    (self.dirs.len() - 1) as u8
                }
            };
            ids.push(id);
        }
        Ok(ids)
    }

    /// A hexagon-like board of rows named a, b, c, ... with the given cell counts; rows
    /// are offset by half a cell, six directions e, w, ne, nw, se, sw.
    pub(crate) fn add_hex(&mut self, rows: &[u32]) -> Result<(), ErrorKind> {
        if rows.is_empty() || rows.len() > 26 || rows.iter().any(|&n| n == 0 || n > 99) {
            return Err(ErrorKind::HexSize);
        }
        self.room_for(rows.iter().map(|&n| n as usize).sum())?;
        let widest = rows.iter().copied().max().unwrap_or(0) as i32;
        let dirs = self.add_dirs(&["e", "w", "ne", "nw", "se", "sw"])?;
        let deltas = [(2, 0), (-2, 0), (1, -1), (-1, -1), (1, 1), (-1, 1)];
        let mut placed = Vec::new();
        for (r, &n) in rows.iter().enumerate() {
            for c in 0..n as i32 {
                let x = 2 * c + (widest - n as i32);
                let name = format!("{}{}", (b'a' + r as u8) as char, c + 1);
                let id = self.add_cell(name, (x, r as i32));
                placed.push((id, x, r as i32));
            }
        }
        self.link(&placed, &dirs, &deltas);
        Ok(())
    }

    /// Hexagons in a rhombus: files a.. across, ranks 1.. from the
    /// top, each rank half a cell to the right of the one above; rank-major order; the
    /// six directions of `hex`.
    pub(crate) fn add_rhombus(&mut self, files: u32, ranks: u32) -> Result<(), ErrorKind> {
        if files == 0 || files > 26 || ranks == 0 || ranks > 99 {
            return Err(ErrorKind::RhombusSize);
        }
        self.room_for(files as usize * ranks as usize)?;
        let dirs = self.add_dirs(&["e", "w", "ne", "nw", "se", "sw"])?;
        let deltas = [(2, 0), (-2, 0), (1, -1), (-1, -1), (1, 1), (-1, 1)];
        if self.places.is_none() {
            self.places = Some(Grid {
                first: self.cells.len() as i32,
                files,
                ranks,
            });
        }
        let mut placed = Vec::new();
        for r in 0..ranks as i32 {
            for f in 0..files as i32 {
                let name = format!("{}{}", (b'a' + f as u8) as char, r + 1);
                let x = 2 * f + r;
                let id = self.add_cell(name, (x, r));
                placed.push((id, x, r));
            }
        }
        self.link(&placed, &dirs, &deltas);
        Ok(())
    }

    /// A rectangular grid: files a.. (columns), ranks 1.. (rows), in rank-major order,
    /// eight directions n (rank up), s, e (file up), w, ne, nw, se, sw.
    pub(crate) fn add_grid(&mut self, files: u32, ranks: u32) -> Result<(), ErrorKind> {
        if files == 0 || files > 26 || ranks == 0 || ranks > 99 {
            return Err(ErrorKind::GridSize);
        }
        self.room_for(files as usize * ranks as usize)?;
        let dirs = self.add_dirs(&["n", "s", "e", "w", "ne", "nw", "se", "sw"])?;
        let deltas = [
            (0, 1),
            (0, -1),
            (1, 0),
            (-1, 0),
            (1, 1),
            (-1, 1),
            (1, -1),
            (-1, -1),
        ];
        if self.grid.is_none() {
            self.grid = Some(Grid {
                first: self.cells.len() as i32,
                files,
                ranks,
            });
        }
        if self.places.is_none() {
            self.places = self.grid;
        }
        let mut placed = Vec::new();
        for r in 0..ranks as i32 {
            for f in 0..files as i32 {
                let name = format!("{}{}", (b'a' + f as u8) as char, r + 1);
                let id = self.add_cell(name, (f, r));
                placed.push((id, f, r));
            }
        }
        self.link(&placed, &dirs, &deltas);
        Ok(())
    }

    /// A direction of the grid by its offset: `files` east and `ranks` north (west and
    /// south when negative). The name is checked by the caller.
    pub(crate) fn add_leap(&mut self, name: &str, files: i64, ranks: i64) -> Result<(), ErrorKind> {
        if self.grid.is_none() {
            return Err(ErrorKind::LeapNeedsGrid);
        }
        if files == 0 && ranks == 0 {
            return Err(ErrorKind::LeapGoesNowhere);
        }
        if self.leaps.len() == MAX_LEAPS {
            return Err(ErrorKind::TooManyLeaps { max: MAX_LEAPS });
        }
        // Beyond the largest grid, an offset only leaves the board.
        let clamp = |n: i64| n.clamp(-100, 100) as i32;
        self.dirs.push(name.to_string());
        let d = (self.dirs.len() - 1) as u8;
        self.leaps.push((d, clamp(files), clamp(ranks)));
        Ok(())
    }

    /// Cells named by the numbers first..=last, linked `next` (up) and `prev` (down).
    pub(crate) fn add_line(&mut self, first: u32, last: u32) -> Result<(), ErrorKind> {
        if first > last || last - first > 998 {
            return Err(ErrorKind::LineSize);
        }
        self.room_for((last - first) as usize + 1)?;
        let dirs = self.add_dirs(&["next", "prev"])?;
        let mut placed = Vec::new();
        for (i, n) in (first..=last).enumerate() {
            let id = self.add_cell(n.to_string(), (i as i32, 0));
            placed.push((id, i as i32, 0));
        }
        self.link(&placed, &dirs, &[(1, 0), (-1, 0)]);
        Ok(())
    }

    /// Off-board cells, one or one per player.
    pub(crate) fn add_zone(
        &mut self,
        name: &str,
        players: Option<&[String]>,
    ) -> Result<(), ErrorKind> {
        self.room_for(players.map_or(1, <[String]>::len))?;
        let mut cells = Vec::new();
        match players {
            Some(ps) => {
                for p in ps {
                    cells.push(self.add_cell(format!("{name}-{p}"), (-1, -1)));
                }
            }
            None => cells.push(self.add_cell(name.to_string(), (-1, -1))),
        }
        self.zones.push(Zone {
            name: name.to_string(),
            per_player: players.is_some(),
            cells,
        });
        Ok(())
    }

    fn link(&mut self, placed: &[(i32, i32, i32)], dirs: &[u8], deltas: &[(i32, i32)]) {
        let mut nodes: Vec<NodeIndex> = Vec::new();
        for &(id, _, _) in placed {
            nodes.push(self.graph.add_node(id as usize));
        }
        let at: std::collections::HashMap<(i32, i32), usize> = placed
            .iter()
            .enumerate()
            .map(|(i, &(_, x, y))| ((x, y), i))
            .collect();
        for (i, &(_, x, y)) in placed.iter().enumerate() {
            for (k, &(dx, dy)) in deltas.iter().enumerate() {
                if let Some(&j) = at.get(&(x + dx, y + dy)) {
                    self.graph.add_edge(nodes[i], nodes[j], dirs[k] as usize);
                }
            }
        }
    }

    /// Lowers the graph to the dense tables; call once all cells exist.
    pub fn finish(&mut self, players: usize) {
        let nd = self.dirs.len();
        self.next = vec![NONE; self.cells.len() * nd];
        for edge in self.graph.edge_references() {
            let from = self.graph[edge.source()];
            let to = self.graph[edge.target()];
            self.next[from * nd + *edge.weight()] = to as i32;
        }
        if let Some(g) = self.grid {
            let (files, ranks) = (g.files as i32, g.ranks as i32);
            for &(d, df, dr) in &self.leaps {
                for r in 0..ranks {
                    for f in 0..files {
                        let (tf, tr) = (f + df, r + dr);
                        let to = if (0..files).contains(&tf) && (0..ranks).contains(&tr) {
                            g.first + tr * files + tf
                        } else {
                            NONE
                        };
                        self.next[(g.first + r * files + f) as usize * nd + d as usize] = to;
                    }
                }
            }
        }
        // A leap goes to a cell that is not next to its own: the neighbours read
        // without a direction set are those of the board's other directions.
        let all: Vec<u8> = (0..nd as u8)
            .filter(|d| !self.leaps.iter().any(|l| l.0 == *d))
            .collect();
        let n = self.cells.len();
        let mut linked = vec![Vec::new(); n];
        for &(a, b) in &self.links {
            linked[a as usize].push(b);
            linked[b as usize].push(a);
        }
        self.adjacency = std::iter::once(&all[..])
            .chain(self.sets.iter().map(|s| &s.dirs[..]))
            .map(|dirs| Adjacency::new(&self.next, n, nd, dirs, &linked))
            .collect();
        if self.cuttable {
            self.number_pairs(&all);
        }
        self.index_lines();
        if self.labels.len() != players {
            self.labels = vec![self.cells.clone(); players];
        }
        if self.aliases.len() != players {
            self.aliases = vec![Vec::new(); players];
        }
        // A name given twice keeps its first cell, as the scan did.
        self.index.clear();
        for (i, c) in self.cells.iter().enumerate().rev() {
            self.index.insert(c.clone(), i as i32);
        }
    }

    /// Numbers the pairs of neighbouring cells, by the directions `dirs` (all but the
    /// leaps) and the links, and gives each entry of the adjacency tables its pair.
    fn number_pairs(&mut self, dirs: &[u8]) {
        let nd = self.dirs.len();
        let mut ids: std::collections::HashMap<(i32, i32), u32> = Default::default();
        let mut pairs = Vec::new();
        let mut id = |a: i32, b: i32| {
            *ids.entry((a.min(b), a.max(b))).or_insert_with(|| {
                pairs.push((a.min(b), a.max(b)));
                (pairs.len() - 1) as u32
            })
        };
        self.step_pair = vec![NONE; self.next.len()];
        for c in 0..self.cells.len() {
            for &d in dirs {
                let n = self.next[c * nd + d as usize];
                if n != NONE {
                    self.step_pair[c * nd + d as usize] = id(c as i32, n) as i32;
                }
            }
        }
        for &(a, b) in &self.links {
            id(a, b);
        }
        for table in &mut self.adjacency {
            let mut of = Vec::with_capacity(table.cells.len());
            for c in 0..table.len() {
                of.extend(table.of(c as i32).iter().map(|&n| id(c as i32, n)));
            }
            table.pairs = of;
        }
        self.pairs = pairs;
    }

    /// Every cell's fewest steps by `adjacency` to one of `cells` (`u16::MAX` for none),
    /// with no link cut.
    pub fn distances_to(&self, cells: &[i32], adjacency: u8) -> Vec<u16> {
        let mut distance = vec![u16::MAX; self.cells.len()];
        let mut queue = std::collections::VecDeque::new();
        for &c in cells {
            if let Some(d) = distance.get_mut(c as usize) {
                *d = 0;
                queue.push_back(c);
            }
        }
        while let Some(c) = queue.pop_front() {
            let next = distance[c as usize].saturating_add(1);
            // Both ways: a search goes from a cell towards the region.
            for &n in self.neighbours(adjacency, c) {
                if distance[n as usize] == u16::MAX {
                    distance[n as usize] = next;
                    queue.push_back(n);
                }
            }
        }
        distance
    }

    /// The pair of the link between `a` and `b` (`Board::pairs`), if they are
    /// neighbours on a board whose links may be cut.
    pub fn pair(&self, a: i32, b: i32) -> Option<usize> {
        let table = self.adjacency.get(ALL_DIRECTIONS as usize)?;
        let at = table.of(a).iter().position(|&n| n == b)?;
        table.pairs_of(a).get(at).map(|&p| p as usize)
    }

    /// The farthest cell reachable from `cell` in `dir` over empty cells; NONE when the
    /// first one is not empty or off the board.
    #[inline]
    pub fn slide(&self, cell: i32, dir: i32, empty: impl Fn(i32) -> bool) -> i32 {
        let mut at = NONE;
        let mut c = self.step(cell, dir);
        while c != NONE && empty(c) {
            at = c;
            c = self.step(c, dir);
        }
        at
    }
}
