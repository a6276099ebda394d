//! Seeded chance. ChaCha8 is specified bit for bit, and numbers are drawn from its raw
//! 32-bit output by the method below (not by a library helper that could change), so a
//! seed replays the same game on every platform and version.
//!
//! Method: to draw an integer in `0..n`, take the next `u32` `x` from ChaCha8 seeded with
//! `seed_from_u64(seed)`; accept it when `x < 2^32 - (2^32 mod n)` and return `x mod n`,
//! otherwise draw again. A chance event with outcomes of weights `w1..wk` draws `r` in
//! `0..(w1+..+wk)` and takes the first outcome whose running total exceeds `r`; a random
//! player draws an index in `0..(number of legal choices)`.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// The seeded generator of chance outcomes and random choices: the same seed draws the
/// same numbers everywhere (the method is above).
#[derive(Debug, Clone)]
pub struct Rng(ChaCha8Rng);

impl Rng {
    /// The generator of `seed`, nothing drawn yet.
    pub fn new(seed: u64) -> Rng {
        Rng(ChaCha8Rng::seed_from_u64(seed))
    }

    /// The generator of `seed` after `drawn` numbers were drawn from it (to resume a
    /// saved game where it stopped).
    pub fn at(seed: u64, drawn: u64) -> Rng {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_word_pos(u128::from(drawn));
        Rng(rng)
    }

    /// How many 32-bit numbers were drawn since the generator was seeded.
    pub fn drawn(&self) -> u64 {
        u64::try_from(self.0.get_word_pos()).unwrap_or(u64::MAX)
    }

    /// A uniform integer in `0..n` (0 when n is 0).
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

    /// An index drawn with the given weights (uniform when all are 0).
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

    #[test]
    fn below_stays_in_range_and_is_reproducible() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for n in 1..50 {
            let x = a.below(n);
            assert!(x < n);
            assert_eq!(x, b.below(n));
        }
    }

    #[test]
    fn a_generator_resumes_where_it_stopped() {
        let mut a = Rng::new(9);
        for n in [6, 36, 3 << 30] {
            a.below(n);
        }
        let mut b = Rng::at(9, a.drawn());
        for n in 1..20 {
            assert_eq!(a.below(n), b.below(n));
        }
    }

    #[test]
    fn weighted_follows_weights() {
        let mut r = Rng::new(1);
        let mut hits = [0u32; 3];
        for _ in 0..30_000 {
            hits[r.weighted(&[1, 0, 2])] += 1;
        }
        assert_eq!(hits[1], 0);
        // Expected 10,000 and 20,000; allow five standard deviations.
        assert!((hits[0] as i32 - 10_000).abs() < 420, "{hits:?}");
    }
}
