//! A position as SVG: cells by the layout, pieces as discs in their players' colours
//! (a value inside, a stack as a count or a pile on points), neutral pieces grey, the
//! pools (dice, reserves) as small dice below, the last move's cells ringed, each cut
//! link a thick bar across the edge its two cells share. Each
//! cell's outline and each piece carry the cell's number (`data-cell`), so that a page
//! showing the picture can map a click to a cell.

use super::layout::{Layout, Shape, MARGIN};
use super::player_colour;
use crate::engine::state::CellWord;
use crate::engine::Game;
use crate::ids::CellId;
use crate::svg::Svg;
use crate::State;

/// The colour of the ring round the cells the last move changed.
const LAST_MOVE: &str = "#D55E00";

fn is_neutral(w: CellWord) -> bool {
    w.owner() < 0
}

/// Draws `state`; the cells that differ from `before` (the position before the last
/// move) are ringed. `caption` is written under the title.
pub fn position_svg(game: &Game, state: &State, before: Option<&State>, caption: &str) -> String {
    let changed: Vec<bool> = match before {
        Some(before) => (0..game.rules.board.cells.len())
            .map(|c| before.cell(game, CellId::new(c)) != state.cell(game, CellId::new(c)))
            .collect(),
        None => Vec::new(),
    };
    position_svg_marked(game, state, &changed, caption)
}

/// Draws `state` with the cells marked true in `changed` ringed (none when it is
/// empty).
pub fn position_svg_marked(game: &Game, state: &State, changed: &[bool], caption: &str) -> String {
    let layout = Layout::of(game);
    let pools = pool_rows(game, state);
    let height = layout.height + 28.0 * pools.len() as f64;
    let mut svg = Svg::new(layout.width.max(360.0), height);
    svg.title(&format!("{}: {caption}", game.rules.name));
    svg.text(MARGIN, 24.0, 16.0, "start", &game.rules.name);
    svg.text(MARGIN, 40.0, 12.0, "start", caption);
    let n = game.rules.board.cells.len();
    svg.group("cells");
    for c in 0..n {
        let fill = match layout.shapes[c] {
            Shape::Point { .. } if c % 2 == 0 => "#c9a27a",
            Shape::Point { .. } => "#8a5a3b",
            Shape::Zone => "#f3f3f3",
            _ => "#efe6d2",
        };
        let name = &game.rules.board.cells[c];
        svg.cell_polygon(&layout.outline(c), fill, "#555555", c, name);
        let (cx, cy) = layout.centres[c];
        match layout.shapes[c] {
            Shape::Zone => svg.text(cx, cy - 30.0, 10.0, "middle", name),
            Shape::Point { down } => {
                let y = if down {
                    cy - 2.5 * layout.unit - 6.0
                } else {
                    cy + 2.5 * layout.unit + 14.0
                };
                svg.text(cx, y, 10.0, "middle", name);
            }
            // In a square's corner, which a piece (a disc in the middle) leaves free.
            Shape::Square => {
                let corner = layout.unit / 2.0;
                svg.text(cx - corner + 3.0, cy - corner + 10.0, 8.0, "start", name)
            }
            _ => svg.text(cx, cy + layout.unit / 2.0 - 4.0, 8.0, "middle", name),
        }
    }
    svg.end_group();
    cut_links(&mut svg, game, state, &layout);
    if !changed.is_empty() {
        svg.group("last-move");
        for c in 0..n {
            if changed.get(c) == Some(&true) {
                let points = layout.outline(c);
                svg.polyline(&[points.clone(), vec![points[0]]].concat(), LAST_MOVE, 4.0);
            }
        }
        svg.end_group();
    }
    svg.group("pieces");
    for c in 0..n {
        let w = state.cell(game, CellId::new(c));
        if w.count() > 0 {
            piece(&mut svg, game, &layout, c, w);
        }
    }
    svg.end_group();
    let mut y = layout.height - 8.0;
    for (label, values) in pools {
        svg.group("pool");
        svg.text(MARGIN, y + 4.0, 12.0, "start", &label);
        for (i, v) in values.iter().enumerate() {
            let x = MARGIN + 130.0 + 24.0 * i as f64;
            svg.group("die");
            svg.rect(x - 10.0, y - 10.0, 20.0, 20.0, "white", "#333333");
            svg.text(x, y + 4.0, 12.0, "middle", &v.to_string());
            svg.end_group();
        }
        svg.end_group();
        y += 28.0;
    }
    svg.finish()
}

/// The colour of a cut link's bar.
const CUT_LINK: &str = "#3b2a1a";

/// Each cut link as a thick bar across the link at its midpoint, in a group
/// `cut-links` (none when no link is cut), each bar `class="cut-link"` with its two
/// cells' names (`data-link="a1 -- a2"`). Between squares side by side the bar covers
/// the edge they share, between hexagons the side they share; across a square's corner
/// (a diagonal link) and between other cells it is shorter and thinner, so that it
/// reads as a mark on the link rather than a cell's side, and a diagonal cut with the
/// two sides beside it (as a rule that stops crossing cuts does) leaves those sides
/// the bolder.
fn cut_links(svg: &mut Svg, game: &Game, state: &State, layout: &Layout) {
    let board = &game.rules.board;
    if !board.cuttable {
        return;
    }
    let cut: Vec<(usize, usize)> = (board.pairs.iter().enumerate())
        .filter(|&(p, _)| state.is_cut(game, p))
        .map(|(_, &(a, b))| (a as usize, b as usize))
        .collect();
    if cut.is_empty() {
        return;
    }
    let u = layout.unit;
    svg.group("cut-links");
    for (a, b) in cut {
        let ((xa, ya), (xb, yb)) = (layout.centres[a], layout.centres[b]);
        let (dx, dy) = (xb - xa, yb - ya);
        let len = (dx * dx + dy * dy).sqrt();
        if len < 1e-9 {
            continue;
        }
        // The side the two cells share, if they share one.
        let side = |shape| match shape {
            Shape::Square if (len - u).abs() < 0.01 * u => Some(u),
            Shape::Hexagon if (len - u).abs() < 0.01 * u => Some(u / 3f64.sqrt()),
            _ => None,
        };
        let (long, width) = match (side(layout.shapes[a]), side(layout.shapes[b])) {
            (Some(x), Some(y)) => (x.min(y), (u / 8.0).max(3.0)),
            _ => (0.5 * u.min(len), (u / 16.0).max(2.0)),
        };
        let half = long / 2.0;
        // The bar runs perpendicular to the link, through its midpoint.
        let (mx, my) = ((xa + xb) / 2.0, (ya + yb) / 2.0);
        let (px, py) = (-dy / len * half, dx / len * half);
        let link = format!("{} -- {}", board.cells[a], board.cells[b]);
        svg.bar(
            "cut-link",
            &link,
            (mx - px, my - py),
            (mx + px, my + py),
            CUT_LINK,
            width,
        );
    }
    svg.end_group();
}

fn piece(svg: &mut Svg, game: &Game, layout: &Layout, c: usize, w: CellWord) {
    let (cx, cy) = layout.centres[c];
    let r = (layout.unit * 0.38).min(17.0);
    let def = game.rules.pieces.get(w.piece() as usize);
    let valued = def.is_some_and(|d| d.values.is_some());
    let (fill, ink) = if is_neutral(w) {
        ("#8c8c8c", "#ffffff")
    } else {
        let o = w.owner() as usize;
        player_colour(game.rules.players.get(o).map_or("", String::as_str), o)
    };
    let kind = def.map_or("piece", |d| d.name.as_str());
    svg.group_on_cell(&format!("piece {kind}"), c);
    let owner = if is_neutral(w) {
        "neutral".to_string()
    } else {
        game.rules
            .players
            .get(w.owner() as usize)
            .cloned()
            .unwrap_or_default()
    };
    svg.title(&format!(
        "{} {kind} x{} on {}",
        owner,
        w.count(),
        game.rules.board.cells[c]
    ));
    match layout.shapes[c] {
        Shape::Point { down } => {
            // A pile from the edge towards the middle; five discs, the last with a count.
            let shown = w.count().min(5);
            let step = 2.0 * r;
            let base = if down {
                cy - 2.5 * layout.unit + r
            } else {
                cy + 2.5 * layout.unit - r
            };
            for k in 0..shown {
                let y = if down {
                    base + step * k as f64
                } else {
                    base - step * k as f64
                };
                svg.circle(cx, y, r - 1.0, fill, "#333333");
                if k + 1 == shown && w.count() > 5 {
                    svg.text_styled(cx, y, 12.0, ink, true, &w.count().to_string());
                }
            }
        }
        _ if is_neutral(w) && !valued => {
            svg.rect(cx - r, cy - r, 2.0 * r, 2.0 * r, fill, "#333333");
        }
        _ => {
            svg.circle(cx, cy, r, fill, "#333333");
            if valued {
                svg.text_styled(cx, cy, 14.0, ink, true, &w.value().to_string());
            }
            if w.count() > 1 {
                svg.text_styled(
                    cx + r,
                    cy - r,
                    11.0,
                    "#000000",
                    true,
                    &format!("x{}", w.count()),
                );
            }
        }
    }
    svg.end_group();
}

/// Each pool's contents, by player where the pool is per player: label and values.
fn pool_rows(game: &Game, state: &State) -> Vec<(String, Vec<i64>)> {
    let json = crate::json::state_to_json(game, state);
    let mut rows = Vec::new();
    let Some(pools) = json.get("pools").and_then(|p| p.as_object()) else {
        return rows;
    };
    let values = |v: &serde_json::Value| -> Vec<i64> {
        v.as_array()
            .map(|a| a.iter().filter_map(|x| x.as_i64()).collect())
            .unwrap_or_default()
    };
    for (name, v) in pools {
        match v.as_object() {
            Some(per_player) => {
                for (player, list) in per_player {
                    let list = values(list);
                    if !list.is_empty() {
                        rows.push((format!("{name} ({player})"), list));
                    }
                }
            }
            None => {
                let list = values(v);
                if !list.is_empty() {
                    rows.push((name.clone(), list));
                }
            }
        }
    }
    rows
}
