//! The clock and the cores the computer's searches may use, the same on every platform
//! the library is built for: a page's WebAssembly has neither std's clock nor threads.

#[cfg(not(target_arch = "wasm32"))]
pub(crate) use std::time::Instant;
#[cfg(target_arch = "wasm32")]
pub(crate) use web_time::Instant;

/// The threads a search asked to run on (0: every core) may have: one where there are
/// no threads.
pub(crate) fn threads(asked: usize) -> usize {
    if cfg!(target_arch = "wasm32") {
        return 1;
    }
    match asked {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
}
