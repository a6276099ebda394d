//! The designer's figures over many games played by computer players: what each game
//! showed (facts), the figures of a set of games with their intervals (figures), two
//! sets side by side (compare), and plots of them as SVG (plot).

pub mod compare;
pub mod facts;
pub mod figures;
pub mod plot;

pub use compare::{compare, Row};
pub use facts::GameFacts;
pub use figures::Figures;
