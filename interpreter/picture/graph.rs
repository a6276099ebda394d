//! The board graph: every cell, an arrow for each direction from it (labelled with the
//! direction's name), a plain line for each link, each region's cells haloed in its
//! colour, each track drawn as a path through its cells. As SVG over the board's layout, or as Graphviz DOT.

use super::layout::{Layout, MARGIN};
use crate::engine::Game;
use crate::svg::{escape, Svg, PALETTE};
use std::fmt::Write as _;

/// A region's or track's lists, each named with its player when it has one per player.
fn named_lists<'a>(
    game: &Game,
    name: &str,
    per_player: bool,
    lists: &'a [Vec<i32>],
) -> Vec<(String, &'a [i32])> {
    lists
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let label = if per_player {
                format!(
                    "{name} ({})",
                    game.rules.players.get(i).map_or("?", String::as_str)
                )
            } else {
                name.to_string()
            };
            (label, l.as_slice())
        })
        .collect()
}

fn cells_of(list: &[i32]) -> impl Iterator<Item = usize> + '_ {
    list.iter().filter(|&&c| c >= 0).map(|&c| c as usize)
}

/// The board graph as SVG.
pub fn graph_svg(game: &Game) -> String {
    let scale = if game.rules.layout.kind == "points" {
        1.0
    } else {
        1.8
    };
    let layout = Layout::scaled(game, scale);
    let board = &game.rules.board;
    let regions: Vec<(String, &[i32])> = board
        .regions
        .iter()
        .flat_map(|r| named_lists(game, &r.name, r.per_player, &r.lists))
        .collect();
    let tracks: Vec<(String, &[i32])> = board
        .tracks
        .iter()
        .flat_map(|t| named_lists(game, &t.name, t.per_player, &t.lists))
        .collect();
    let legend_h = 18.0 * (regions.len() + tracks.len()) as f64 + 10.0;
    let title = format!("{}: the board graph", game.rules.name);
    let dir_names = if board.dirs.is_empty() {
        "none".to_string()
    } else {
        board.dirs.join(" ")
    };
    let mut subtitle = format!("{} cells; directions {dir_names}", board.cells.len());
    if !board.links.is_empty() {
        let _ = write!(subtitle, "; {} links", board.links.len());
    }
    let dirs = board.dirs.len();
    let relative: Vec<String> = board
        .rel_dirs
        .iter()
        .map(|(name, per)| {
            let each: Vec<String> = per
                .iter()
                .enumerate()
                .map(|(p, &d)| {
                    format!(
                        "{} {}",
                        game.rules.players.get(p).map_or("?", String::as_str),
                        board.dirs.get(d as usize).map_or("?", String::as_str)
                    )
                })
                .collect();
            format!("{name} = {}", each.join(", "))
        })
        .collect();
    let relative = format!("relative: {}", relative.join("; "));
    // The lines above the board set the width too, so that none is cut off at the
    // picture's edge.
    let lines = [(&title, 16.0), (&subtitle, 12.0), (&relative, 11.0)];
    let text_w = lines
        .iter()
        .map(|(text, size)| 2.0 * MARGIN + text_width(text, *size))
        .fold(0.0, f64::max);
    let mut svg = Svg::new(
        layout.width.max(420.0).max(text_w.ceil()),
        layout.height + legend_h,
    );
    svg.title(&title);
    svg.text(MARGIN, 24.0, 16.0, "start", &title);
    svg.text(MARGIN, 40.0, 12.0, "start", &subtitle);
    if !board.rel_dirs.is_empty() {
        svg.text(MARGIN, 56.0, 11.0, "start", &relative);
    }
    for (k, (name, list)) in regions.iter().enumerate() {
        let colour = PALETTE[(k + 2) % PALETTE.len()];
        svg.group(&format!("region {}", escape(name)));
        svg.title(&format!("region {name}"));
        // Nested halos, so a cell in several regions shows each.
        let r = layout.unit * 0.5 - 3.0 * (k % 4) as f64;
        for c in cells_of(list) {
            let (x, y) = layout.centres[c];
            svg.circle(x, y, r.max(6.0), "none", colour);
        }
        svg.end_group();
    }
    svg.group("links");
    for &(a, b) in &board.links {
        let ((x1, y1), (x2, y2)) = (layout.centres[a as usize], layout.centres[b as usize]);
        svg.line(x1, y1, x2, y2, "#777777", 1.5);
    }
    svg.end_group();
    svg.group("directions");
    for c in 0..board.cells.len() {
        let (x1, y1) = layout.centres[c];
        for d in 0..dirs {
            let to = board.next.get(c * dirs + d).copied().unwrap_or(-1);
            if to < 0 {
                continue;
            }
            let (x2, y2) = layout.centres[to as usize];
            // From the edge of one cell's disc to the other's, the label near the start.
            let (dx, dy) = (x2 - x1, y2 - y1);
            let len = (dx * dx + dy * dy).sqrt().max(1e-9);
            let (ux, uy) = (dx / len, dy / len);
            let gap = layout.unit * 0.22;
            // Two arrows between a pair, one each way, side by side.
            let (sx, sy) = (-uy * 3.0, ux * 3.0);
            svg.arrow(
                x1 + ux * gap + sx,
                y1 + uy * gap + sy,
                x2 - ux * gap + sx,
                y2 - uy * gap + sy,
                "#777777",
                1.0,
            );
            svg.text(
                x1 + ux * len * 0.3 + sx * 3.0,
                y1 + uy * len * 0.3 + sy * 3.0 + 3.0,
                8.0,
                "middle",
                &board.dirs[d],
            );
        }
    }
    svg.end_group();
    for (k, (name, list)) in tracks.iter().enumerate() {
        let colour = PALETTE[k % PALETTE.len()];
        let offset = 4.0 * (k as f64 - tracks.len() as f64 / 2.0);
        let points: Vec<(f64, f64)> = cells_of(list)
            .map(|c| {
                let (x, y) = layout.centres[c];
                (x + offset, y + offset)
            })
            .collect();
        svg.group(&format!("track {}", escape(name)));
        svg.title(&format!("track {name}"));
        if points.len() >= 2 {
            svg.polyline(&points[..points.len() - 1], colour, 2.0);
            let (a, b) = (points[points.len() - 2], points[points.len() - 1]);
            svg.arrow(a.0, a.1, b.0, b.1, colour, 2.0);
        }
        svg.end_group();
    }
    svg.group("cells");
    for c in 0..board.cells.len() {
        let (x, y) = layout.centres[c];
        svg.circle(x, y, layout.unit * 0.2, "white", "#333333");
        svg.text(x, y + 3.0, 9.0, "middle", &board.cells[c]);
    }
    svg.end_group();
    svg.group("legend");
    let mut y = layout.height + 4.0;
    for (k, (name, _)) in regions.iter().enumerate() {
        let colour = PALETTE[(k + 2) % PALETTE.len()];
        svg.circle(MARGIN + 6.0, y - 4.0, 6.0, "none", colour);
        svg.text(MARGIN + 18.0, y, 12.0, "start", &format!("region {name}"));
        y += 18.0;
    }
    for (k, (name, _)) in tracks.iter().enumerate() {
        let colour = PALETTE[k % PALETTE.len()];
        svg.line(MARGIN, y - 4.0, MARGIN + 12.0, y - 4.0, colour, 2.0);
        svg.text(MARGIN + 18.0, y, 12.0, "start", &format!("track {name}"));
        y += 18.0;
    }
    svg.end_group();
    svg.finish()
}

/// DOT's quoting of a name.
/// About how wide a line of sans-serif text is drawn: its characters at 0.6 of the
/// font size each, a little over the average, so the estimate errs wide.
fn text_width(text: &str, size: f64) -> f64 {
    0.6 * size * text.chars().count() as f64
}

fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The board graph in Graphviz's DOT: cells pinned at their layout positions (for
/// `neato -n`), an edge per direction, an undirected edge per link, a subgraph per
/// region, and each track as a chain of coloured edges.
pub fn graph_dot(game: &Game) -> String {
    let layout = Layout::of(game);
    let board = &game.rules.board;
    let mut out = String::new();
    let _ = writeln!(out, "digraph {} {{", quoted(&game.rules.name));
    let _ = writeln!(out, "  node [shape=circle, fontsize=10];");
    for (c, name) in board.cells.iter().enumerate() {
        let (x, y) = layout.centres[c];
        let _ = writeln!(
            out,
            "  {} [pos=\"{x:.0},{:.0}!\"];",
            quoted(name),
            layout.height - y
        );
    }
    let dirs = board.dirs.len();
    for c in 0..board.cells.len() {
        for d in 0..dirs {
            let to = board.next.get(c * dirs + d).copied().unwrap_or(-1);
            if to >= 0 {
                let _ = writeln!(
                    out,
                    "  {} -> {} [label={}];",
                    quoted(&board.cells[c]),
                    quoted(&board.cells[to as usize]),
                    quoted(&board.dirs[d])
                );
            }
        }
    }
    for &(a, b) in &board.links {
        let _ = writeln!(
            out,
            "  {} -> {} [dir=none, label=\"link\"];",
            quoted(&board.cells[a as usize]),
            quoted(&board.cells[b as usize])
        );
    }
    for r in &board.regions {
        for (label, list) in named_lists(game, &r.name, r.per_player, &r.lists) {
            let members: Vec<String> = cells_of(list).map(|c| quoted(&board.cells[c])).collect();
            let _ = writeln!(
                out,
                "  subgraph {} {{ {} }}",
                quoted(&format!("region {label}")),
                members.join("; ")
            );
        }
    }
    for (k, t) in board.tracks.iter().enumerate() {
        for (label, list) in named_lists(game, &t.name, t.per_player, &t.lists) {
            let cells: Vec<usize> = cells_of(list).collect();
            for pair in cells.windows(2) {
                let _ = writeln!(
                    out,
                    "  {} -> {} [color={}, style=bold, label={}];",
                    quoted(&board.cells[pair[0]]),
                    quoted(&board.cells[pair[1]]),
                    quoted(PALETTE[k % PALETTE.len()]),
                    quoted(&format!("track {label}"))
                );
            }
        }
    }
    out.push_str("}\n");
    out
}
