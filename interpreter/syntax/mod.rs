//! Text to spanned AST: the pest grammar (grammar/rules.pest) and one function per rule.
//! pest's `Pair`s never leave this folder.

pub mod ast;
mod parser;

pub use parser::{parse, parse_template, TemplatePart};
