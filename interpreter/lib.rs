//! tabula: a rules-definition interpreter for board games. A game is a rules file;
//! this library parses it (syntax), checks and compiles it (compile) over a board
//! (board), and plays it (engine). It knows no game.

pub mod ai;
pub mod analysis;
pub mod board;
pub mod compile;
pub mod diagnostic;
pub mod engine;
pub mod games;
pub mod input;
pub mod ir;
pub mod json;
pub mod picture;
pub mod session;
pub mod svg;
pub mod syntax;
pub mod testing;

pub use compile::CompileError;
pub use diagnostic::{Diagnostic, Diagnostics, Source};
pub use engine::Game;
pub use engine::{
    Choices, Engine, Outcome, RuntimeError, RuntimeErrorKind, State, Status, Step, StepKind,
};

/// Parses, checks and compiles a rules file with the chosen options into a game ready
/// to play: the rules as plain data (`compile::rules`), then compiled by the engine
/// (`Game::new`).
pub fn compile(source: &Source, options: &[String]) -> Result<Game, CompileError> {
    compile::rules(source, options).map(Game::new)
}
