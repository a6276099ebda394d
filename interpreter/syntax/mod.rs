//! Text to spanned AST: the pest grammar (grammar/rules.pest) and one function per rule,
//! each turning a `Pair` into a typed AST node, grouped by what they build.
//! pest's `Pair`s never leave this folder.

pub mod ast;
mod board;
mod expected;
mod expr;
mod grammar;
mod item;
mod move_decl;
mod nesting;
mod pair;
mod parser;
mod phase;
mod stmt;
mod syntax_error;
mod template;
mod test_decl;
pub mod tokens;

pub use parser::{parse, parse_all, parse_with_extents};
pub use template::parse_template;
pub use template::TemplatePart;
