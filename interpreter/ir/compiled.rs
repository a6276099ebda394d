//! The compiled form of blocks, generators and expressions: closures the engine
//! runs (see `engine::closure`).

use super::*;

/// A block of statements as one function (see `engine::closure`).
pub type BlockFn = Box<
    dyn Fn(
            &Game,
            &mut crate::engine::State,
            &mut [i32; MAX_LOCALS],
            &mut crate::engine::Flow,
        ) -> crate::engine::Fallible
        + Send
        + Sync,
>;

/// A block of statements compiled to closures.
pub struct CompiledBlock(pub BlockFn);

impl std::fmt::Debug for CompiledBlock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CompiledBlock")
    }
}

/// Receives each complete binding of a move's generators; returns false to stop.
pub type EmitFn<'a> = crate::engine::closure::Emit<'a>;

/// A move's generators as one function; returns false when `emit` stopped it.
pub type GensFn = Box<
    dyn Fn(&Game, &crate::engine::State, &mut [i32; MAX_LOCALS], &mut EmitFn<'_>) -> bool
        + Send
        + Sync,
>;

/// A move's generators compiled to closures (see `engine::closure`).
pub struct CompiledGens(pub GensFn);

impl std::fmt::Debug for CompiledGens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CompiledGens")
    }
}

/// An expression as a function of the state and the locals.
pub type ExprFn =
    Box<dyn Fn(&Game, &crate::engine::State, &mut [i32; MAX_LOCALS]) -> i32 + Send + Sync>;

/// An expression compiled to closures, each node a small function calling its
/// children (see `engine::closure`), with the tree it came from.
pub struct Compiled {
    pub f: ExprFn,
    /// The expression before compiling, for tools that look at its shape.
    pub source: Expr,
}

impl std::fmt::Debug for Compiled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Compiled").field(&self.source).finish()
    }
}
