//! The policy head of a network: a prior over a decision's choices, for the searcher a
//! network guides (`az`). Knowing no game, it reads what every choice has: its steps,
//! each an action (or a chance outcome, or a pass) with the values its generators
//! bound. Each step gives features, hashed into a table of the network's size: the
//! action itself, each value in its slot, and the first two values together (a move's
//! origin and destination as a pair); a whole turn has the features of all its steps.
//! A choice's logit is the sum over its features of a row of weights times the hidden
//! layer, plus the feature's bias; the prior is the softmax of the logits over the
//! decision's choices.

use super::net::Net;
use crate::{Choices, Game, Step, StepKind};

/// The largest table of features a network may have.
pub(crate) const MAX_FEATURES: usize = 1 << 16;

/// The table of a new policy head for `game`: a power of two at least four times the
/// features its single steps can have (each action with each cell in each of two
/// slots), from 256 to 16,384, so that few features of one game share a row.
pub(crate) fn table_size(game: &Game) -> usize {
    let actions = game.rules.actions.len().max(1) + 1;
    let cells = game.rules.board.cells.len().max(1);
    (4 * 2 * actions * cells)
        .next_power_of_two()
        .clamp(256, 1 << 14)
}

/// SplitMix64's finaliser: a fixed, portable hash.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Adds the features of `step` (rows of a table of `table` entries, a power of two) to
/// `out`. Slots after the last value that is not 0 are left out (a move binds its first
/// slots; the others are 0); a value of 0 in a used slot still has its feature.
pub(crate) fn step_features(step: &Step, table: usize, out: &mut Vec<u32>) {
    let kind = match step.kind {
        StepKind::Action => 1u64,
        StepKind::Chance => 2,
        StepKind::Pass => 3,
    };
    let base = mix((kind << 16 | u64::from(step.id)).wrapping_add(0x9e37_79b9_7f4a_7c15));
    let mask = table as u64 - 1;
    out.push((base & mask) as u32);
    let used = step.args.iter().rposition(|&a| a != 0).map_or(0, |k| k + 1);
    for (k, &a) in step.args[..used].iter().enumerate() {
        let f = mix(base ^ ((k as u64 + 1) << 40) ^ u64::from(a as u32));
        out.push((f & mask) as u32);
    }
    if used >= 2 {
        let pair = mix(mix(base ^ (0xff << 40) ^ u64::from(step.args[0] as u32))
            ^ u64::from(step.args[1] as u32));
        out.push((pair & mask) as u32);
    }
}

/// The features of every choice of `choices`, one list after the other, and where each
/// choice's list ends.
#[derive(Debug, Default, Clone)]
pub(crate) struct ChoiceFeatures {
    pub(crate) features: Vec<u32>,
    pub(crate) ends: Vec<u32>,
}

impl ChoiceFeatures {
    pub(crate) fn read(&mut self, choices: &Choices, table: usize) {
        self.features.clear();
        self.ends.clear();
        for i in 0..choices.len() {
            for step in &choices[i] {
                step_features(step, table, &mut self.features);
            }
            self.ends.push(self.features.len() as u32);
        }
    }

    /// The features of choice `i`.
    pub(crate) fn of(&self, i: usize) -> &[u32] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.features[start..self.ends[i] as usize]
    }

    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }
}

impl Net {
    /// Whether the network has a policy head (`az` needs one).
    pub fn has_policy(&self) -> bool {
        self.header.policy > 0
    }

    /// The logit of each choice, from the hidden layer of the last forward pass, into
    /// `out`.
    pub(crate) fn logits(&self, hidden: &[f32], features: &ChoiceFeatures, out: &mut Vec<f32>) {
        let h = self.header.hidden;
        out.clear();
        for i in 0..features.len() {
            let mut z = 0.0f32;
            for &f in features.of(i) {
                let f = f as usize;
                let row = &self.wp[f * h..(f + 1) * h];
                z += self.bp[f] + row.iter().zip(hidden).map(|(w, a)| w * a).sum::<f32>();
            }
            out.push(z);
        }
    }
}

/// The softmax of `logits`, in place.
pub(crate) fn softmax(logits: &mut [f32]) {
    let top = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let mut sum = 0.0;
    for z in logits.iter_mut() {
        *z = (*z - top).exp();
        sum += *z;
    }
    if sum > 0.0 && sum.is_finite() {
        for z in logits.iter_mut() {
            *z /= sum;
        }
    } else {
        let n = logits.len().max(1) as f32;
        logits.fill(1.0 / n);
    }
}
