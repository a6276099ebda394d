//! The designer's figures over many games played by computer players: what each game
//! showed (facts), the figures of a set of games with their intervals (figures), two
//! sets side by side (compare), plots of them as SVG (plot), and two moves printed
//! alike, found in random games (same_text).

pub mod compare;
pub mod facts;
pub mod figures;
pub mod plot;
pub mod same_text;

pub use compare::{compare, Row};
pub use facts::GameFacts;
pub use figures::Figures;
pub use same_text::{same_text, SameText};
