//! The turn search's hash of a position: the words that ending a turn does not write
//! (when the phase's turn end has a plan, `turn_end`), so that a complete turn settled
//! by the plan has the hash of the position it was settled from and is not hashed
//! again. Leaving words out is safe: positions of one hash are compared word by word.

/// The words hashed for one phase: the whole chunks of eight words of the longest run
/// of consecutive words a turn's end does not write, mixed two at a time into four
/// lanes, and the other such words one at a time.
#[derive(Debug, Default)]
pub(crate) struct SearchHash {
    /// `[start, end)`, a whole number of chunks.
    run: (usize, usize),
    extra: Vec<usize>,
    /// The phase the words were chosen for, and whether its turn end has a plan (else
    /// every word is in the run).
    phase: Option<(usize, bool)>,
}

const K: u64 = 0x9e37_79b9_7f4a_7c15;

#[inline(always)]
fn mix(lane: u64, w: u64) -> u64 {
    (lane ^ w).wrapping_mul(K).rotate_left(29)
}

impl SearchHash {
    /// Whether the words are those of `phase`.
    #[inline]
    pub(crate) fn is_for(&self, phase: usize) -> bool {
        self.phase.is_some_and(|(p, _)| p == phase)
    }

    /// Whether the words leave out what a plan for ending a turn of `phase` writes.
    #[inline]
    pub(crate) fn planned(&self, phase: usize) -> bool {
        self.phase == Some((phase, true))
    }

    /// Hashes the words of a position of `len` words but `left_out` (the words a plan
    /// writes; `None`: no plan, every word), for `phase`.
    pub(crate) fn make(&mut self, phase: usize, len: usize, left_out: Option<&[usize]>) {
        let mut hashed = vec![true; len];
        for &w in left_out.unwrap_or(&[]) {
            if let Some(h) = hashed.get_mut(w) {
                *h = false;
            }
        }
        // The longest run of hashed words; the others are mixed one at a time.
        let (mut run, mut start) = ((0, 0), 0);
        // A word past the last one ends the last run.
        for (w, &h) in hashed.iter().chain([&false]).enumerate() {
            if !h {
                if w - start > run.1 - run.0 {
                    run = (start, w);
                }
                start = w + 1;
            }
        }
        let run = (run.0, run.0 + (run.1 - run.0) / 8 * 8);
        self.run = run;
        self.extra = (0..len)
            .filter(|&w| hashed[w] && !(run.0..run.1).contains(&w))
            .collect();
        self.phase = Some((phase, left_out.is_some()));
    }

    /// The hash of `data`.
    #[inline]
    pub(crate) fn hash(&self, data: &[i32]) -> u64 {
        let mut lanes = self.run_lanes(data, usize::MAX);
        let mut other = 0u64;
        for &w in &self.extra {
            let v = data.get(w).copied().unwrap_or(0);
            other = (other ^ v as u32 as u64).wrapping_mul(K);
        }
        lanes[0] ^= other;
        let mut h = (data.len() as u64).wrapping_mul(K);
        for l in lanes {
            h = (h.rotate_left(23) ^ l).wrapping_mul(K);
        }
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^ (h >> 29)
    }

    /// The four lanes after mixing the run's chunks that end by word `upto`.
    #[inline(always)]
    fn run_lanes(&self, data: &[i32], upto: usize) -> [u64; 4] {
        let pair = |a: i32, b: i32| (a as u32 as u64) | ((b as u32 as u64) << 32);
        let mut lanes = [1u64, 2, 3, 4];
        let (a, b) = self.run;
        let run = data.get(a..b.min(upto).max(a)).unwrap_or(&[]);
        for c in run.chunks_exact(8) {
            lanes[0] = mix(lanes[0], pair(c[0], c[1]));
            lanes[1] = mix(lanes[1], pair(c[2], c[3]));
            lanes[2] = mix(lanes[2], pair(c[4], c[5]));
            lanes[3] = mix(lanes[3], pair(c[6], c[7]));
        }
        lanes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game;
    use crate::engine::{Choices, Engine};

    fn compile(text: &str) -> Game {
        crate::compile(&crate::Source::new("t.tabula", text.to_string()), &[]).expect("compiles")
    }

    #[test]
    fn words_left_out_change_nothing() {
        let mut h = SearchHash::default();
        h.make(0, 20, Some(&[19, 0, 7, 8]));
        assert_eq!(
            (h.run, &h.extra[..]),
            ((9, 17), &[1, 2, 3, 4, 5, 6, 17, 18][..])
        );
        let a: Vec<i32> = (0..20).collect();
        let mut b = a.clone();
        for w in [0, 7, 8, 19] {
            b[w] = -5;
        }
        assert_eq!(h.hash(&a), h.hash(&b));
        b[3] = 99;
        assert_ne!(h.hash(&a), h.hash(&b));
    }

    /// A rules file of two one-step turns over `n` counters: `left` sets `c{d}` to 1,
    /// `right` sets it to 2 and writes `pair` into `c{j}` and `c{j + 1}`.
    fn twins(n: usize, d: usize, j: usize, pair: (i32, i32)) -> String {
        let counters: String = (0..n).map(|i| format!("counter c{i}\n")).collect();
        let literal = |v: i32| match v {
            i32::MIN => "-2147483647 - 1".to_string(),
            v => v.to_string(),
        };
        format!(
            "game \"Twins\"\nplayers north, south\nboard {{\n  line 1..2\n}}\npiece stone\n\
             {counters}action left \"left\" {{\n  c{d} = 1\n}}\n\
             action right \"right\" {{\n  c{d} = 2\n  c{j} = {}\n  c{} = {}\n}}\n\
             phase play {{\n  starts north\n  decide turn\n  actions left, right\n}}\n",
            literal(pair.0),
            j + 1,
            literal(pair.1)
        )
    }

    /// The two turns of a game made by `twins`, and the engine's search hash.
    fn turns(game: &Game) -> (Choices, SearchHash) {
        let mut engine = Engine::new(game);
        let start = engine.initial_state().expect("start");
        let mut choices = Choices::default();
        engine.legal(&start, &mut choices).expect("legal");
        (choices, std::mem::take(&mut engine.search.hash))
    }

    #[test]
    fn two_turns_whose_positions_share_the_search_hash_stay_two() {
        // The positions after `left` and `right` differ in one counter word (1 or 2)
        // and, in a later chunk of the same run and lane, in a pair of counter words
        // chosen so that the lane comes out the same: the search reaches two positions
        // of one hash, and settles them into two turns of one hash.
        let n = 24;
        let template = compile(&twins(n, 0, 1, (0, 0)));
        let (_, h) = turns(&template);
        let base = |i: usize| {
            template
                .rules
                .counters
                .iter()
                .find(|c| c.name == format!("c{i}"))
                .expect("counter")
                .base
        };
        // (run start, chunk, lane) of a word of the run.
        let place = |w: usize| {
            let (a, b) = h.run;
            (a..b)
                .contains(&w)
                .then_some((a, (w - a) / 8, (w - a) % 8 / 2))
        };
        let (d, j) = (0..n)
            .flat_map(|d| (0..n - 1).map(move |j| (d, j)))
            .find(|&(d, j)| {
                let (wd, wj) = (base(d), base(j));
                match (place(wd), place(wj), place(wj + 1)) {
                    (Some((rd, cd, ld)), Some((rj, cj, lj)), Some(next)) => {
                        rd == rj
                            && ld == lj
                            && cd < cj
                            && (wj - rj) % 2 == 0
                            && next == (rj, cj, lj)
                            && base(j + 1) == wj + 1
                    }
                    _ => false,
                }
            })
            .expect("a counter and a pair of counters in one lane of one run");
        let (wd, wj) = (base(d), base(j));
        let (run, chunk, lane) = place(wj).expect("placed");
        let (choices, _) = turns(&compile(&twins(n, d, j, (0, 0))));
        let x = choices.result(0).expect("left's position").to_vec();
        let y = choices.result(1).expect("right's position").to_vec();
        assert_eq!((x[wd], y[wd]), (1, 2));
        let upto = run + chunk * 8;
        let want = h.run_lanes(&x, upto)[lane] ^ h.run_lanes(&y, upto)[lane];
        let pair = (want as u32 as i32, (want >> 32) as u32 as i32);
        let (choices, h) = turns(&compile(&twins(n, d, j, pair)));
        assert_eq!(
            choices.len(),
            2,
            "two positions with one hash are two turns"
        );
        let (x, y) = (choices.result(0), choices.result(1));
        let (x, y) = (x.expect("left"), y.expect("right"));
        assert_ne!(x, y);
        assert_eq!((y[wj], y[wj + 1]), pair);
        assert_eq!(h.hash(x), h.hash(y), "the construction no longer collides");
    }
}
