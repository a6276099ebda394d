//! The session's seeded generator, with its position: how many 32-bit numbers it has
//! drawn since it was seeded. A record keeps the position, so a loaded session goes on
//! drawing where the saved one was, whatever was drawn and taken back before.
//!
//! Numbers are drawn by the engine's documented method (`engine/rng.rs`, ChaCha8 seeded
//! with `seed_from_u64(seed)`), so a seed rolls the same dice here as in `tabula
//! playout`; a test below checks that both give the same numbers.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

#[derive(Debug, Clone)]
pub struct Dice(ChaCha8Rng);

impl Dice {
    pub fn new(seed: u64) -> Dice {
        Dice(ChaCha8Rng::seed_from_u64(seed))
    }

    /// The generator of `seed` after `drawn` numbers were drawn from it.
    pub fn at(seed: u64, drawn: u64) -> Dice {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_word_pos(u128::from(drawn));
        Dice(rng)
    }

    /// How many 32-bit numbers were drawn since the generator was seeded.
    pub fn drawn(&self) -> u64 {
        u64::try_from(self.0.get_word_pos()).unwrap_or(u64::MAX)
    }

    /// A uniform integer in `0..n` (0 when n is 0), as `engine::rng::Rng::below`.
    pub fn below(&mut self, n: u32) -> u32 {
        if n <= 1 {
            return 0;
        }
        let zone = u64::from(u32::MAX) + 1 - ((u64::from(u32::MAX) + 1) % u64::from(n));
        loop {
            let x = self.0.next_u32();
            if u64::from(x) < zone {
                return x % n;
            }
        }
    }

    /// An index drawn with the given weights (uniform when all are 0), as
    /// `engine::rng::Rng::weighted`.
    pub fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
        if total == 0 || total > u64::from(u32::MAX) {
            return self.below(weights.len() as u32) as usize;
        }
        let r = u64::from(self.below(total as u32));
        let mut acc = 0u64;
        for (i, &w) in weights.iter().enumerate() {
            acc += u64::from(w);
            if r < acc {
                return i;
            }
        }
        weights.len() - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::Rng;

    #[test]
    fn draws_the_same_numbers_as_the_engine() {
        for seed in [0, 1, 42, u64::MAX] {
            let mut a = Dice::new(seed);
            let mut b = Rng::new(seed);
            // Ranges that are often rejected exercise the redraws too.
            for n in (0..60).chain([3 << 30, (1 << 31) + 1, u32::MAX]) {
                assert_eq!(a.below(n), b.below(n), "seed {seed}, n {n}");
            }
            for w in [&[1, 2, 3][..], &[0, 0], &[5], &[1; 36], &[u32::MAX, 1]] {
                assert_eq!(a.weighted(w), b.weighted(w), "seed {seed}, {w:?}");
            }
        }
    }

    #[test]
    fn a_generator_restored_at_its_position_draws_on_the_same() {
        let mut a = Dice::new(9);
        for n in [36, 3 << 30, 7, 3 << 30, 2] {
            a.below(n);
        }
        let mut b = Dice::at(9, a.drawn());
        assert!(a.drawn() >= 5);
        for n in 1..100 {
            assert_eq!(a.below(n), b.below(n));
        }
        assert_eq!(Dice::at(9, 0).below(1000), Dice::new(9).below(1000));
    }
}
