//! The typed ids a caller of the library meets: a player, a cell, a chance event, a
//! phase. Each is the index the compiled game gives the thing (its place in the rules
//! file's list), so a player id can never be passed where a cell is expected.
//!
//! ```
//! use tabula::{compile, Engine, PlayerId, Source, Status};
//!
//! let rules = "game \"g\"\nplayers a, b\nboard { grid 1 x 2 }\npiece p\n\
//!     action put \"{to}\" for to in cells where empty(to) { put p of mover at to }\n\
//!     phase main { starts b  actions put  stuck end draw }\n";
//! let game = compile(&Source::new("g.tabula", rules), &[]).expect("the rules compile");
//! let mut engine = Engine::new(&game);
//! let state = engine.initial_state().expect("the game sets up");
//! assert_eq!(engine.status(&state).unwrap(), Status::Player(PlayerId::new(1)));
//! assert_eq!(game.player_name(state.mover()), "b");
//! let cell = game.cell("a2").expect("the board has a2");
//! assert!(state.cell(&game, cell).holder().is_empty());
//! ```

use std::fmt;

macro_rules! id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
        #[serde(transparent)]
        pub struct $name(usize);

        impl $name {
            /// The id of the thing at this index in the compiled game.
            #[inline]
            pub const fn new(index: usize) -> $name {
                $name(index)
            }
            /// The index in the compiled game's list.
            #[inline]
            pub const fn index(self) -> usize {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
        }
    };
}

id!(
    /// A player: the index in the game's `players` line ([`crate::Game::players`]).
    PlayerId
);
id!(
    /// A cell of the board: the index in [`crate::Game::cells`].
    CellId
);
id!(
    /// A chance event: the index in the game's `chance` declarations ([`crate::Game::chances`]).
    ChanceId
);
id!(
    /// A phase: the index in the game's `phase` declarations ([`crate::Game::phases`]).
    PhaseId
);

/// Who holds a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Holder {
    /// Nothing stands there.
    Empty,
    /// A piece no player owns.
    Neutral,
    /// A player's piece or stack.
    Player(PlayerId),
}

impl Holder {
    /// Whether nothing stands on the cell.
    pub fn is_empty(self) -> bool {
        self == Holder::Empty
    }
    /// The player, when one holds the cell.
    pub fn player(self) -> Option<PlayerId> {
        match self {
            Holder::Player(p) => Some(p),
            _ => None,
        }
    }
}
