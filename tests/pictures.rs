//! `tabula draw` and `tabula graph`: each picture is well-formed SVG (every tag closed
//! in order, text escaped) and holds what the position or board has, counted from the
//! rules: cells, pieces, dice, the last move, cut links, directions, regions and tracks.

use std::process::Command;

fn tabula(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// Checks that every element is closed in order and that no text holds a raw `<` or
/// `&` outside an entity; returns the element names in document order.
fn well_formed(svg: &str) -> Vec<String> {
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    let mut open: Vec<String> = Vec::new();
    let mut names = Vec::new();
    let mut rest = svg;
    while let Some(lt) = rest.find('<') {
        let text = &rest[..lt];
        for (i, _) in text.match_indices('&') {
            let entity = &text[i..];
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                    .iter()
                    .any(|e| entity.starts_with(e)),
                "a raw & in {text:?}"
            );
        }
        let gt = rest[lt..].find('>').expect("a tag ends") + lt;
        let tag = &rest[lt + 1..gt];
        assert!(!tag.contains('<'), "a tag holds `<`: {tag}");
        assert_eq!(
            tag.matches('"').count() % 2,
            0,
            "an attribute is not closed: {tag}"
        );
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(
                open.pop().as_deref(),
                Some(name),
                "</{name}> closes the wrong element"
            );
        } else {
            let name = tag
                .split_whitespace()
                .next()
                .unwrap_or("")
                .trim_end_matches('/')
                .to_string();
            names.push(name.clone());
            if !tag.ends_with('/') {
                open.push(name);
            }
        }
        rest = &rest[gt + 1..];
    }
    assert!(open.is_empty(), "left open: {open:?}");
    assert!(rest.trim().is_empty());
    names
}

/// The part of the document inside the first group of this class.
fn group<'a>(svg: &'a str, class: &str) -> &'a str {
    let start = svg
        .find(&format!("<g class=\"{class}\">"))
        .unwrap_or_else(|| panic!("no group {class}"));
    let body = &svg[start..];
    // Groups of cells, pieces and directions hold no group of the same depth after
    // them: cut at the next top-level group.
    let end = body[1..]
        .find("\n<g class=\"")
        .map_or(body.len(), |e| e + 1);
    &body[..end]
}

#[test]
fn the_backgammon_start_after_an_opening_move() {
    let svg = tabula(&["draw", "backgammon", "--moves", "3-1,8/5 6/5", "--svg", "-"]);
    well_formed(&svg);
    // 24 points and 4 zones (bars and trays).
    assert_eq!(group(&svg, "cells").matches("<polygon").count(), 28);
    // After 8/5 6/5 the checkers stand on 24, 13, 8, 6, 5 (White) and 1, 12, 17, 19
    // (Black): nine stacks.
    assert_eq!(
        svg.matches("<g class=\"piece checker\" data-cell=").count(),
        9
    );
    assert!(
        svg.contains("<title>white checker x2 on 5</title>"),
        "{svg}"
    );
    assert!(svg.contains("<title>white checker x2 on 8</title>"));
    // A click on a piece or a cell tells the cell: the pile on 5 is marked with the
    // number of the cell whose outline is named 5.
    let cell_before = |at: usize| {
        let tag = &svg[..at];
        let start = tag.rfind("data-cell=\"").expect("a data-cell") + "data-cell=\"".len();
        tag[start..]
            .split('"')
            .next()
            .unwrap_or_default()
            .to_string()
    };
    let named_5 = cell_before(svg.find(" data-name=\"5\" ").expect("a cell named 5"));
    let pile = cell_before(
        svg.find("<title>white checker x2 on 5</title>")
            .expect("the pile on 5"),
    );
    assert_eq!(named_5, pile);
    assert_eq!(
        group(&svg, "cells")
            .matches("<polygon class=\"cell\" data-cell=")
            .count(),
        28
    );
    // The move changed 8, 6 and 5: three ringed cells.
    assert_eq!(group(&svg, "last-move").matches("<polyline").count(), 3);
    assert!(svg.contains("black to move; last move 8/5 6/5"));
}

#[test]
fn dice_waiting_to_be_played_are_drawn() {
    let svg = tabula(&["draw", "backgammon", "--moves", "3-1", "--svg", "-"]);
    well_formed(&svg);
    assert_eq!(svg.matches("<g class=\"die\">").count(), 2);
    assert!(svg.contains(">dice</text>"));
}

#[test]
fn a_hex_board_with_obstacles_and_dice() {
    let svg = tabula(&[
        "draw",
        "naytin-six",
        "--moves",
        "X@a1,X@c3,X@e3,6@c2",
        "--svg",
        "-",
    ]);
    well_formed(&svg);
    let cells = group(&svg, "cells");
    assert_eq!(cells.matches("<polygon").count(), 19);
    // Hexagons: six corners each.
    let first = cells.split(" points=\"").nth(1).unwrap();
    assert_eq!(first.split('"').next().unwrap().split(' ').count(), 6);
    assert_eq!(
        svg.matches("<g class=\"piece obstacle\" data-cell=")
            .count(),
        3
    );
    assert_eq!(svg.matches("<g class=\"piece die\" data-cell=").count(), 1);
    assert!(svg.contains("<title>red die x1 on c2</title>"));
    // Red has seven dice left to place, Blue eight.
    assert!(svg.contains(">reserve (red)</text>"));
    assert_eq!(svg.matches("<g class=\"die\">").count(), 15);
}

#[test]
fn a_grid_from_a_state_file() {
    let svg = tabula(&[
        "draw",
        "invictus",
        "--state",
        "examples/rules/invictus-endgame.json",
        "--svg",
        "-",
    ]);
    well_formed(&svg);
    assert_eq!(group(&svg, "cells").matches("<polygon").count(), 81);
    assert_eq!(svg.matches("<g class=\"piece die\" data-cell=").count(), 3);
    assert!(!svg.contains("class=\"last-move\""));
}

#[test]
fn on_a_grid_a_piece_covers_neither_its_cell_s_name_nor_sits_off_its_value() {
    let svg = tabula(&[
        "draw",
        "invictus",
        "--state",
        "examples/rules/invictus-endgame.json",
        "--svg",
        "-",
    ]);
    // The die on e4, a disc of radius 17 round (256, 336) in a 48-wide square: the
    // name goes in the square's top left corner, outside the disc.
    assert!(
        svg.contains(r#"<circle cx="256.0" cy="336.0" r="17.0""#),
        "{svg}"
    );
    assert!(
        svg.contains(r#"<text x="235.0" y="322.0" font-size="8" text-anchor="start">e4</text>"#),
        "{svg}"
    );
    // Its value's baseline is half a digit's height below the centre.
    assert!(
        svg.contains(r##"<text x="256.0" y="340.9" font-size="14" text-anchor="middle" fill="#ffffff" font-weight="bold">3</text>"##),
        "{svg}"
    );
}

#[test]
fn the_graph_is_wide_enough_for_the_lines_over_it() {
    let svg = tabula(&["graph", "invictus", "--svg", "-"]);
    let relative = "relative: forward = black n, white s; left = black w, white e; right = black e, white w; forward-left = black nw, white se; forward-right = black ne, white sw";
    assert!(svg.contains(&format!(">{relative}</text>")), "{svg}");
    // 158 characters of 11 px at 0.6 of their size each, and the margins: 1123 wide,
    // where the board alone needs 890.
    assert_eq!(relative.chars().count(), 158);
    assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="1123" "#));
}

#[test]
fn the_hex_graph_has_an_arrow_for_every_direction_between_neighbours() {
    let svg = tabula(&["graph", "naytin-six", "--svg", "-"]);
    well_formed(&svg);
    // 42 pairs of neighbours (the board's table: 6 corners of 3, 6 edges of 4, 7 inner
    // cells of 6 neighbours: 84 ends), an arrow each way.
    let arrows = group(&svg, "directions").matches("<polygon").count();
    assert_eq!(arrows, 84);
    assert_eq!(group(&svg, "cells").matches("<circle").count(), 19);
}

#[test]
fn the_graph_shows_regions_and_tracks() {
    let svg = tabula(&["graph", "backgammon", "--svg", "-"]);
    well_formed(&svg);
    for name in [
        "region home (white)",
        "region home (black)",
        "track path (white)",
        "track path (black)",
    ] {
        assert!(svg.contains(&format!("<title>{name}</title>")), "{name}");
    }
    let svg = tabula(&["graph", "invictus", "--svg", "-"]);
    assert!(svg.contains("relative: forward = black n, white s"));
}

#[test]
fn the_graph_as_dot() {
    let dot = tabula(&["graph", "naytin-six", "--dot"]);
    assert!(dot.starts_with("digraph \"Naytïn Six\" {"));
    assert!(dot.trim_end().ends_with('}'));
    assert_eq!(dot.matches("[label=").count(), 84);
    assert!(dot.contains("\"c3\" -> \"c4\" [label=\"e\"];"));
    let dot = tabula(&["graph", "backgammon", "--dot"]);
    // Each player's path: bar, 24 points, tray: 25 steps.
    assert_eq!(dot.matches("label=\"track path (white)\"").count(), 25);
    assert!(dot.contains("subgraph \"region home (black)\""));
}

#[test]
fn the_graph_draws_a_line_for_every_link() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/rules/nine-mens-morris.tabula"
    );
    let svg = tabula(&["graph", file, "--svg", "-"]);
    well_formed(&svg);
    // 8 lines across of two links each, 8 up and down: 32 links, no directions.
    assert_eq!(group(&svg, "links").matches("<line").count(), 32);
    assert_eq!(group(&svg, "directions").matches("<polygon").count(), 0);
    assert_eq!(group(&svg, "cells").matches("<circle").count(), 24);
    assert!(svg.contains("24 cells; directions none; 32 links"));
    let dot = tabula(&["graph", file, "--dot"]);
    assert_eq!(dot.matches("[dir=none, label=\"link\"]").count(), 32);
    assert!(dot.contains("\"a7\" -> \"d7\" [dir=none, label=\"link\"];"));
}

#[test]
fn graph_asks_what_to_write() {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["graph", "naytin-six"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--dot"));
}

#[test]
fn a_cut_link_is_drawn_as_a_bar_across_the_edge_its_cells_share() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/rules/quoridor.tabula"
    );
    // At the start no link is cut: no bar.
    let svg = tabula(&["draw", file, "--svg", "-"]);
    well_formed(&svg);
    assert!(!svg.contains("cut-link"), "{svg}");
    // `a1h` cuts a1 -- a2 and b1 -- b2, and the diagonals a1 -- b2 and b1 -- a2 (so
    // that no other cut crosses it): a bar across the edge between the ranks for each
    // side, a square's side long (a1's square spans x 40 to 88; ranks 1 and 2 meet at
    // y 456), and a shorter, thinner one across the corner for each diagonal.
    let svg = tabula(&["draw", file, "--moves", "a1h", "--svg", "-"]);
    well_formed(&svg);
    let bars = group(&svg, "cut-links");
    assert_eq!(bars.matches("<line class=\"cut-link\"").count(), 4, "{svg}");
    assert!(
        bars.contains(r##"data-link="a1 -- a2" x1="40.0" y1="456.0" x2="88.0" y2="456.0" stroke="#3b2a1a" stroke-width="6.0""##),
        "{bars}"
    );
    assert!(bars.contains(r#"data-link="b1 -- b2""#), "{bars}");
    assert!(
        bars.contains(r##"data-link="a1 -- b2" x1="79.5" y1="447.5" x2="96.5" y2="464.5" stroke="#3b2a1a" stroke-width="3.0""##),
        "{bars}"
    );
}
