//! Where each cell is drawn, in pixels, by the rules file's `layout`: squares for a
//! grid, hexagons for a hex board, triangles folded into two rows for points, boxes in
//! a row otherwise; off-board zones in a column at the right.

use crate::engine::Game;

/// A cell's shape on the picture.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Shape {
    /// A cell of a grid (`layout grid`).
    Square,
    /// A cell of a hex board (`layout hex`), its points up and down.
    Hexagon,
    /// A point: a triangle whose tip points down (top row) or up (bottom row).
    Point {
        /// Whether the tip points down, as on the top row.
        down: bool,
    },
    /// An off-board zone: a box.
    Zone,
}

/// The centre and shape of every cell, and the picture's size.
#[derive(Debug, Clone)]
pub struct Layout {
    /// Each cell's centre (x to the right, y down), by cell index.
    pub centres: Vec<(f64, f64)>,
    /// Each cell's shape, by cell index.
    pub shapes: Vec<Shape>,
    /// The size of a cell (a square's side, a hexagon's width, a point's width).
    pub unit: f64,
    /// The whole picture's width, margins included.
    pub width: f64,
    /// The whole picture's height, the title's room and margins included.
    pub height: f64,
}

pub(crate) const MARGIN: f64 = 40.0;
/// Room above the board for the title.
pub(crate) const TOP: f64 = 72.0;

impl Layout {
    /// Where `game`'s `layout` puts each of its cells.
    pub fn of(game: &Game) -> Layout {
        let board = &game.rules.board;
        let n = board.cells.len();
        let on_board: Vec<usize> = (0..n)
            .filter(|&c| board.coords[c].0 >= 0 && board.coords[c].1 >= 0)
            .collect();
        let mut centres = vec![(0.0, 0.0); n];
        let mut shapes = vec![Shape::Zone; n];
        let max_x = on_board
            .iter()
            .map(|&c| board.coords[c].0)
            .max()
            .unwrap_or(0) as f64;
        let max_y = on_board
            .iter()
            .map(|&c| board.coords[c].1)
            .max()
            .unwrap_or(0) as f64;
        let (unit, board_w, board_h) = match game.rules.layout.kind.as_str() {
            "grid" => {
                let s = 48.0;
                for &c in &on_board {
                    let (x, y) = board.coords[c];
                    centres[c] = (
                        MARGIN + s * (x as f64 + 0.5),
                        TOP + s * (max_y - y as f64 + 0.5),
                    );
                    shapes[c] = Shape::Square;
                }
                (s, s * (max_x + 1.0), s * (max_y + 1.0))
            }
            "hex" => {
                let w = 52.0;
                let row_h = w * 0.866;
                for &c in &on_board {
                    let (x, y) = board.coords[c];
                    centres[c] = (
                        MARGIN + w / 2.0 * (x as f64 + 1.0),
                        TOP + row_h * y as f64 + w / 2.0,
                    );
                    shapes[c] = Shape::Hexagon;
                }
                (w, w / 2.0 * (max_x + 2.0), row_h * max_y + w)
            }
            "points" => {
                let w = 36.0;
                let h = 5.0 * w;
                let mut cells = on_board.clone();
                cells.sort_by_key(|&c| (board.coords[c].1, board.coords[c].0));
                let half = cells.len().div_ceil(2);
                let columns = half.max(1);
                // A gap between the two quarters of each row, as on a real board.
                let x_of = |i: usize| {
                    MARGIN + w * (i as f64 + 0.5) + if i >= columns.div_ceil(2) { w } else { 0.0 }
                };
                for (i, &c) in cells.iter().enumerate() {
                    if i < half {
                        // The first half runs along the bottom, right to left.
                        centres[c] = (x_of(columns - 1 - i), TOP + 2.0 * h + w - h / 2.0);
                        shapes[c] = Shape::Point { down: false };
                    } else {
                        centres[c] = (x_of(i - half), TOP + h / 2.0);
                        shapes[c] = Shape::Point { down: true };
                    }
                }
                (w, w * (columns as f64 + 1.0), 2.0 * h + w)
            }
            _ => {
                let s = 48.0;
                for (i, &c) in on_board.iter().enumerate() {
                    centres[c] = (MARGIN + s * (i as f64 + 0.5), TOP + s / 2.0);
                    shapes[c] = Shape::Square;
                }
                (s, s * on_board.len() as f64, s)
            }
        };
        // Zones: a column of boxes at the right.
        let zones: Vec<usize> = (0..n).filter(|c| !on_board.contains(c)).collect();
        let zone_x = MARGIN + board_w + 30.0 + 40.0;
        for (i, &c) in zones.iter().enumerate() {
            centres[c] = (zone_x, TOP + 30.0 + 64.0 * i as f64);
            shapes[c] = Shape::Zone;
        }
        let width = if zones.is_empty() {
            2.0 * MARGIN + board_w
        } else {
            zone_x + 40.0 + MARGIN
        };
        let height = TOP + board_h.max(64.0 * zones.len() as f64) + MARGIN;
        Layout {
            centres,
            shapes,
            unit,
            width,
            height,
        }
    }

    /// The same layout spread `scale` times wider (the graph needs room for its
    /// arrows and their names).
    pub(crate) fn scaled(game: &Game, scale: f64) -> Layout {
        let mut l = Layout::of(game);
        for c in &mut l.centres {
            *c = (MARGIN + (c.0 - MARGIN) * scale, TOP + (c.1 - TOP) * scale);
        }
        l.unit *= scale;
        l.width = MARGIN + (l.width - MARGIN) * scale;
        l.height = TOP + (l.height - TOP) * scale;
        l
    }

    /// The outline of a cell as polygon points (a zone's box included).
    pub(crate) fn outline(&self, cell: usize) -> Vec<(f64, f64)> {
        let (cx, cy) = self.centres[cell];
        let u = self.unit;
        match self.shapes[cell] {
            Shape::Square => {
                let h = u / 2.0;
                vec![
                    (cx - h, cy - h),
                    (cx + h, cy - h),
                    (cx + h, cy + h),
                    (cx - h, cy + h),
                ]
            }
            Shape::Hexagon => {
                // Pointy-top: rows interlock, offset by half a cell.
                let r = u / 3f64.sqrt();
                (0..6)
                    .map(|k| {
                        let a = std::f64::consts::PI / 3.0 * k as f64 + std::f64::consts::PI / 6.0;
                        (cx + r * a.cos(), cy + r * a.sin())
                    })
                    .collect()
            }
            Shape::Point { down } => {
                let h = 2.5 * u;
                let (base, tip) = if down {
                    (cy - h, cy + h)
                } else {
                    (cy + h, cy - h)
                };
                vec![(cx - u / 2.0, base), (cx + u / 2.0, base), (cx, tip)]
            }
            Shape::Zone => {
                vec![
                    (cx - 40.0, cy - 26.0),
                    (cx + 40.0, cy - 26.0),
                    (cx + 40.0, cy + 26.0),
                    (cx - 40.0, cy + 26.0),
                ]
            }
        }
    }
}
