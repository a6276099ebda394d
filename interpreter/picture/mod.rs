//! Pictures as SVG: a position (the board by its layout, pieces and stacks, the pools
//! such as dice, the cells the last move changed) and the board graph (directions,
//! regions and tracks, also as Graphviz DOT).

pub mod graph;
pub mod layout;
pub mod position;

pub use graph::{graph_dot, graph_svg};
pub use position::position_svg;

/// A player's colour: the colour his name says (white, black, red, blue...), else one
/// of the palette (Okabe and Ito's). Two players of one game stay apart for every kind
/// of colour vision (the playground's web/tests/colours.test.mjs measures them): the
/// green is a light one, which red-green colour blindness tells from red, ruby and the
/// neutral grey by its lightness.
pub(crate) fn player_colour(name: &str, index: usize) -> (&'static str, &'static str) {
    match name.to_ascii_lowercase().as_str() {
        "white" => ("#f4f1e8", "#000000"),
        "black" => ("#262626", "#ffffff"),
        "red" => ("#d03030", "#ffffff"),
        "blue" => ("#2f62c4", "#ffffff"),
        "green" | "jade" => ("#90e888", "#000000"),
        "yellow" | "amber" => ("#e8b418", "#000000"),
        "ruby" => ("#a3123a", "#ffffff"),
        _ => (
            crate::svg::PALETTE[index % crate::svg::PALETTE.len()],
            "#ffffff",
        ),
    }
}
