#![forbid(unsafe_code)]
#![warn(missing_docs)]
//! tabula: a rules-definition interpreter for board games. A game is a rules file;
//! this library parses it, checks and compiles it over a board, and plays it. It knows
//! no game.
//!
//! The way in: [`compile()`] a rules file into a [`Game`] (what it declares is read
//! through [`Game::players`], [`Game::cells`], [`Game::options`] and their kin), then
//! let an [`Engine`] play it: [`Engine::initial_state`], [`Engine::legal`] lists the
//! [`Choices`] of a position, [`Engine::play_choice`] plays one, [`Engine::status`]
//! tells whose decision it is, a chance event's, or how the game ended. Players,
//! cells, chance events and phases are typed ids ([`PlayerId`], [`CellId`],
//! [`ChanceId`], [`PhaseId`]), and what stands on a cell says who holds it
//! ([`Holder`]). Above the engine, [`session::Session`] is a game in progress driven a
//! line at a time (the REPL's), [`ai`] holds the computer players, [`runner`] plays
//! runs of seeded games on threads, [`json`] writes and reads states, and
//! [`services`] answers an editor's questions about a rules text.
//!
//! ```
//! use tabula::{compile, Choices, Engine, Source, Status};
//!
//! let rules = r#"
//! game "fill"
//! players a, b
//! board { grid 3 x 3 }
//! piece stone
//! action place "{to}"
//!   for to in cells
//!   where empty(to)
//! {
//!   put stone of mover at to
//! }
//! phase play {
//!   starts a
//!   actions place
//!   stuck end draw
//! }
//! "#;
//! let game = compile(&Source::new("fill.tabula", rules), &[]).expect("the rules compile");
//! let mut engine = Engine::new(&game);
//! let mut state = engine.initial_state().expect("the game sets up");
//! let mut choices = Choices::default();
//! engine.legal(&state, &mut choices).expect("the moves list");
//! assert_eq!(choices.len(), 9);
//! // Always the first choice listed, until the board is full and no one can move.
//! let outcome = loop {
//!     match engine.status(&state).expect("the rules tell") {
//!         Status::Over(outcome) => break outcome,
//!         _ => {
//!             engine.legal(&state, &mut choices).expect("the moves list");
//!             engine.play_choice(&mut state, &choices, 0).expect("the move plays");
//!         }
//!     }
//! };
//! assert_eq!((outcome.winner, outcome.reason.as_str()), (None, "no legal move"));
//! ```

pub mod ai;
pub mod analysis;
pub(crate) mod board;
pub(crate) mod clock;
pub(crate) mod compile;
pub mod diagnostic;
pub mod engine;
pub mod format;
pub mod games;
pub(crate) mod ids;
pub mod input;
// The rules as data are the library's own; only `internals` lets the white-box tests in.
#[allow(missing_docs)]
pub(crate) mod ir;
pub mod json;
pub mod output;
pub mod picture;
pub mod rules_text;
pub mod runner;
pub mod services;
pub mod session;
pub(crate) mod svg;
pub(crate) mod syntax;
pub mod testing;

pub use compile::CompileError;

/// Not part of the API: what the white-box tests reach into (the rules as data, the
/// compiler with its rewrites off, the parser). Hidden from the documentation and free
/// to change.
#[doc(hidden)]
#[allow(missing_docs)]
pub mod internals {
    pub use crate::compile::{rules, rules_with, Rewrites};
    /// The rules as data.
    pub mod ir {
        pub use crate::ir::*;
    }
    /// `liberties` remembered while a position's moves are generated, on or off on
    /// this thread (on by default).
    pub use crate::engine::reach_memo::set_enabled as set_liberty_memo;
    pub use crate::syntax::parse;
}
pub use diagnostic::{Diagnostic, Diagnostics, Source};
pub use engine::Game;
pub use engine::{
    Choices, Engine, LegalTurns, Outcome, RuntimeError, RuntimeErrorKind, State, Status, Step,
    StepKind, TurnCursor,
};
pub use ids::{CellId, ChanceId, Holder, PhaseId, PlayerId};
pub use ir::NumberOption;

/// Parses, checks and compiles a rules file with the chosen options into a game ready
/// to play. A file that does not compile gives every problem found, each with its
/// place ([`CompileError::render`] draws them as the command line does).
///
/// ```
/// use tabula::{compile, CompileError, Source};
///
/// // The piece is misspelt on line 6 (the text starts with a new line).
/// let rules = r#"
/// players a, b
/// board { grid 3 x 3 }
/// piece stone
/// action place "{to}" for to in cells where empty(to) {
///   put stnoe of mover at to
/// }
/// phase play { starts a actions place stuck end draw }
/// "#;
/// let Err(CompileError::Rules(found)) = compile(&Source::new("fill.tabula", rules), &[]) else {
///     panic!("a misspelt piece does not compile");
/// };
/// let problem = &found.list[0];
/// assert_eq!(&rules[problem.span.start..problem.span.end], "stnoe");
/// assert_eq!(found.source.line_col(problem.span.start), (6, 7));
/// assert!(found.render(false).contains("--> fill.tabula:6:7"));
///
/// // An option the file does not declare.
/// let fixed = Source::new("fill.tabula", rules.replace("stnoe", "stone"));
/// let wrong = compile(&fixed, &["fast".to_string()]);
/// assert!(matches!(wrong, Err(CompileError::Option(_))));
/// ```
pub fn compile(source: &Source, options: &[String]) -> Result<Game, CompileError> {
    compile::rules(source, options).map(Game::new)
}
