//! A small neural network that estimates, from a state's encoding, each player's
//! chance to win and the points he may expect: one hidden layer of sigmoid units, a
//! sigmoid output per player for winning and a linear one for points (in units of the
//! network's points scale). A few thousand weights: plain loops over slices are as fast
//! as a numerics crate at this size, and the sparse input (most entries are 0) is read
//! entry by entry.
//!
//! The file: the line `tabula-net 2`, a line of JSON (the game, its options, the hash
//! and length of the encoding, the layer sizes, how it was trained), the line `crc32 `
//! and eight hex digits (the CRC-32 of the header line, its newline and the weights),
//! then the weights as little-endian 32-bit floats. A file is read only if it was made
//! for the same encoding of the same game, its checksum holds, and every weight is a
//! number no larger than `MAX_WEIGHT`. Files of format 1 (no checksum line) are still
//! read.

use super::encode::{Encoding, View};
pub use super::net_error::NetError;
use crate::{Game, State};

/// The file format's version.
pub(crate) const FORMAT: u32 = 2;
/// The largest weight (in absolute value) a network file may hold: trained networks
/// stay far below it (the shipped ones below 15), and a weight beyond it rates every
/// position alike, at certainty (a damaged file, or training that diverged).
pub const MAX_WEIGHT: f32 = 1000.0;
const MAGIC: &str = "tabula-net";
/// The largest network file read: far above any network `train` makes.
pub(crate) const MAX_FILE: usize = 64 << 20;
/// The most hidden units.
pub(crate) const MAX_HIDDEN: usize = 4096;

/// What a network file says about itself.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Header {
    /// The format of the file it was read from or will be written as.
    pub format: u32,
    /// The name of the game it was trained for (`game "..."`).
    pub game: String,
    /// The options the game was compiled with when it was trained.
    pub options: Vec<String>,
    /// `Encoding::hash`, as hex.
    pub encoding: String,
    /// The entries of the game's encoding: the network's inputs.
    pub inputs: usize,
    /// The hidden units, 1 to 4096.
    pub hidden: usize,
    /// The game's players; the network has two outputs for each: a win chance and
    /// the points expected.
    pub players: usize,
    /// Points outputs are in these units.
    pub points_scale: f32,
    /// Games of self-play behind it.
    pub games: u64,
    /// How it was made (the command).
    #[serde(default)]
    pub trained_by: String,
    /// The game's stake (a counter every result's points are multiplied by, such as a
    /// stake that doubles), when the points outputs are per unit of it; empty when they are
    /// in points whatever the stake (networks made before stakes were learnt).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub stake: String,
    /// Whether `mcts` rates the new positions of its tree by this network when it is the
    /// game's own (false: by random games, as without a network), for a network that
    /// plays better than it guides a search (`tabula train --mcts-leaf playouts`).
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub mcts_leaf: bool,
    /// Whether `mcts`, keeping its random games (`mcts_leaf` false), is guided by this
    /// network when it is the game's own: a decision's choices tried first and favoured
    /// by their rating (`tabula train --mcts-leaf guide`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub mcts_guide: bool,
    /// How the encoding places the players (`encode::View`): the board as it stands
    /// (networks made before views), or the mover's side. In the mover's view the
    /// outputs are the mover's, the next player's, and so on.
    #[serde(default, skip_serializing_if = "View::is_board")]
    pub view: View,
    /// The rows of the policy head's table of choice features (`ai::policy`), for the
    /// searcher it guides (`az`); 0 for a network without one. Its weights follow the
    /// outputs' in the file: a row of `hidden` weights for each feature, then a bias
    /// for each.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub policy: usize,
    /// The share of a random game's result in the searcher's rating of a new position
    /// (`az`), the rest the value head's, as AlphaGo blended its rollouts with its value
    /// network; 0 (the value head alone) unless the training said otherwise.
    #[serde(default, skip_serializing_if = "is_no_share")]
    pub az_rollouts: f32,
}

fn is_no_share(x: &f32) -> bool {
    *x == 0.0
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

fn yes() -> bool {
    true
}

fn is_yes(b: &bool) -> bool {
    *b
}

/// A network and the game it reads.
#[derive(Debug, Clone)]
pub struct Net {
    /// What the file says about the network.
    pub header: Header,
    /// Input-major: the hidden weights of input i are `w1[i * hidden..][..hidden]`.
    pub(crate) w1: Vec<f32>,
    pub(crate) b1: Vec<f32>,
    /// Output-major: `w2[o * hidden..][..hidden]`.
    pub(crate) w2: Vec<f32>,
    pub(crate) b2: Vec<f32>,
    /// The policy head, feature-major: `wp[f * hidden..][..hidden]`, and a bias per
    /// feature; empty without one.
    pub(crate) wp: Vec<f32>,
    pub(crate) bp: Vec<f32>,
    encoding: Encoding,
    /// The stake counter (`Header::stake`) resolved in the game.
    stake: Option<usize>,
}

/// Scratch space for one evaluation, reused.
#[derive(Debug, Default, Clone)]
pub struct Scratch {
    /// Rate a position where chance is to move by the average over its outcomes (one
    /// evaluation per outcome) rather than by one evaluation of the position itself.
    pub average_chance: bool,
    pub(crate) input: Vec<(u32, f32)>,
    pub(crate) hidden: Vec<f32>,
    pub(crate) out: Vec<f32>,
}

impl Scratch {
    /// The last evaluation: each player's win chance, then each player's points.
    pub fn outputs(&self) -> &[f32] {
        &self.out
    }
}

pub(crate) fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Outputs in the view of player `viewer` (the mover's first) put in the players'
/// order: each player's win chance, then each player's points.
pub(crate) fn to_board<T>(out: &mut [T], players: usize, viewer: usize) {
    if viewer != 0 {
        out[..players].rotate_right(viewer);
        out[players..2 * players].rotate_right(viewer);
    }
}

/// Outputs in the players' order put in the view of player `viewer`: `to_board` undone.
pub(crate) fn to_view<T>(out: &mut [T], players: usize, viewer: usize) {
    if viewer != 0 {
        out[..players].rotate_left(viewer);
        out[players..2 * players].rotate_left(viewer);
    }
}

/// A small deterministic generator for the first weights (SplitMix64).
fn splitmix(state: &mut u64) -> f32 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    (z >> 40) as f32 / (1u64 << 24) as f32
}

/// The most weights a network holds: as many as a network file may (`MAX_FILE`).
pub const MAX_WEIGHTS: usize = MAX_FILE / 4;

/// Refuses a network of `inputs`, `hidden` and `outputs` units whose weights would be
/// more than `MAX_WEIGHTS`, before they are allocated.
pub(crate) fn check_weights(inputs: usize, hidden: usize, outputs: usize) -> Result<(), NetError> {
    let weights = inputs
        .checked_add(outputs)
        .and_then(|n| n.checked_add(1))
        .and_then(|n| n.checked_mul(hidden))
        .and_then(|n| n.checked_add(outputs));
    match weights {
        Some(n) if n <= MAX_WEIGHTS => Ok(()),
        _ => Err(NetError::TooManyWeights {
            inputs,
            hidden,
            max: MAX_WEIGHTS,
            fits: (MAX_WEIGHTS.saturating_sub(outputs) / (inputs + outputs + 1)).min(MAX_HIDDEN),
        }),
    }
}

impl Net {
    /// A network with small random weights for `game`; refused, before anything is
    /// allocated for the weights, when the game's encoding is too large or the weights
    /// would not fit in a network file.
    pub fn new(game: &Game, hidden: usize, points_scale: f32, seed: u64) -> Result<Net, NetError> {
        let encoding = Encoding::new(game)?;
        let inputs = encoding.len();
        let players = game.rules.players.len();
        let outputs = 2 * players;
        check_weights(inputs, hidden, outputs)?;
        let mut s = seed ^ 0x5eed_0f7a_b01a;
        let mut r = |scale: f32| (splitmix(&mut s) * 2.0 - 1.0) * scale;
        let s1 = 1.0 / (inputs.max(1) as f32).sqrt();
        let s2 = 1.0 / (hidden.max(1) as f32).sqrt();
        Ok(Net {
            header: Header {
                format: FORMAT,
                game: game.rules.name.clone(),
                options: game.rules.chosen.clone(),
                encoding: format!("{:016x}", encoding.hash()),
                inputs,
                hidden,
                players,
                points_scale,
                games: 0,
                trained_by: String::new(),
                stake: String::new(),
                mcts_leaf: true,
                mcts_guide: false,
                view: View::Board,
                policy: 0,
                az_rollouts: 0.0,
            },
            w1: (0..inputs * hidden).map(|_| r(s1)).collect(),
            b1: vec![0.0; hidden],
            w2: (0..outputs * hidden).map(|_| r(s2)).collect(),
            b2: vec![0.0; outputs],
            wp: Vec::new(),
            bp: Vec::new(),
            encoding,
            stake: None,
        }
        .with_stake(game))
    }

    /// The network with its points outputs per unit of the game's stake, if the game
    /// has one (`ai::stake`); a network trained further this way learns it.
    pub(crate) fn with_stake(mut self, game: &Game) -> Net {
        self.stake = super::stake::stake_counter(game);
        self.header.stake = self
            .stake
            .map(|c| game.rules.counters[c].name.clone())
            .unwrap_or_default();
        self
    }

    /// What a unit of the points outputs is worth in `state`: the stake's value for a
    /// network that learns per unit of the stake, else 1.
    pub fn stake_of(&self, game: &Game, state: &State) -> f32 {
        self.stake
            .map_or(1.0, |c| super::stake::stake_of(game, c, state))
    }

    /// How the network reads a state of its game.
    pub fn encoding(&self) -> &Encoding {
        &self.encoding
    }

    /// The same network reading states in `view`. From the board's view to the
    /// mover's, it keeps its ratings of the states whose viewer is player `keep` (the
    /// mover, or at chance the player whose turn it is): their entries and outputs are
    /// carried to where the mover's view reads them, and every other player's states
    /// are rated as their mirror for `keep`. Otherwise the weights stay as they are (in
    /// the mover's view the first player's states read as the board does).
    pub fn with_view(mut self, game: &Game, view: View, keep: usize) -> Net {
        let Ok(encoding) = Encoding::with_view(game, view) else {
            return self;
        };
        if encoding.len() != self.encoding.len() {
            return self;
        }
        if let Some(from) = encoding.entries_from(&self.encoding, keep) {
            let h = self.header.hidden;
            let old = std::mem::take(&mut self.w1);
            self.w1 = from
                .iter()
                .flat_map(|&i| old[i * h..(i + 1) * h].iter().copied())
                .collect();
            // Output q of the view is the player q places after `keep`.
            let n = self.header.players;
            let mut rows: Vec<usize> = (0..2 * n).collect();
            to_view(&mut rows, n, keep);
            let (w2, b2) = (self.w2.clone(), self.b2.clone());
            for (o, &r) in rows.iter().enumerate() {
                self.w2[o * h..(o + 1) * h].copy_from_slice(&w2[r * h..(r + 1) * h]);
                self.b2[o] = b2[r];
            }
        }
        self.header.view = view;
        self.header.encoding = format!("{:016x}", encoding.hash());
        self.encoding = encoding;
        self
    }

    /// The same network with `hidden` hidden units, if that is more: the new units start
    /// with small random weights from the inputs and none to the outputs, so the
    /// network rates every state as before, and training gives them a part.
    /// Refused, before anything is allocated, when the weights would not fit in a
    /// network file.
    pub fn widen(mut self, hidden: usize, seed: u64) -> Result<Net, NetError> {
        let h = self.header.hidden;
        if hidden <= h || hidden > MAX_HIDDEN {
            return Ok(self);
        }
        let inputs = self.header.inputs;
        check_weights(inputs, hidden, self.b2.len())?;
        let mut s = seed ^ 0x71de_5eed_0f7a_b01a;
        let s1 = 1.0 / (inputs.max(1) as f32).sqrt();
        let mut w1 = Vec::with_capacity(inputs * hidden);
        for i in 0..inputs {
            w1.extend_from_slice(&self.w1[i * h..(i + 1) * h]);
            w1.extend((h..hidden).map(|_| (splitmix(&mut s) * 2.0 - 1.0) * s1));
        }
        let outputs = self.b2.len();
        let mut w2 = Vec::with_capacity(outputs * hidden);
        for o in 0..outputs {
            w2.extend_from_slice(&self.w2[o * h..(o + 1) * h]);
            w2.extend(std::iter::repeat_n(0.0, hidden - h));
        }
        let mut wp = Vec::with_capacity(self.bp.len() * hidden);
        for f in 0..self.bp.len() {
            wp.extend_from_slice(&self.wp[f * h..(f + 1) * h]);
            wp.extend(std::iter::repeat_n(0.0, hidden - h));
        }
        self.b1.resize(hidden, 0.0);
        self.w1 = w1;
        self.w2 = w2;
        self.wp = wp;
        self.header.hidden = hidden;
        Ok(self)
    }

    /// The same network with a policy head of `features` rows (`ai::policy`), if it has
    /// none: small random weights, so that at first every choice is about as likely.
    /// Refused when the weights would not fit in a network file.
    pub fn with_policy(mut self, features: usize, seed: u64) -> Result<Net, NetError> {
        if self.has_policy() {
            return Ok(self);
        }
        let features = features
            .clamp(1, super::policy::MAX_FEATURES)
            .next_power_of_two();
        let h = self.header.hidden;
        let total = self.w1.len() + self.b1.len() + self.w2.len() + self.b2.len();
        if total + features * (h + 1) > MAX_WEIGHTS {
            return Err(NetError::TooManyWeights {
                inputs: self.header.inputs + features,
                hidden: h,
                max: MAX_WEIGHTS,
                fits: (MAX_WEIGHTS / (self.header.inputs + features + 1)).min(MAX_HIDDEN),
            });
        }
        let mut s = seed ^ 0x0a1f_a5e1_ec70_5eed;
        let scale = 0.1 / (h.max(1) as f32).sqrt();
        self.wp = (0..features * h)
            .map(|_| (splitmix(&mut s) * 2.0 - 1.0) * scale)
            .collect();
        self.bp = vec![0.0; features];
        self.header.policy = features;
        Ok(self)
    }

    /// Evaluates `state`: afterwards `scratch.out` holds each player's win chance, then
    /// each player's points (in points, scale applied).
    pub fn evaluate(&self, game: &Game, state: &State, scratch: &mut Scratch) {
        let viewer = self.encoding.sparse(game, state, &mut scratch.input);
        self.forward(scratch);
        let n = self.header.players;
        to_board(&mut scratch.out, n, viewer);
        let scale = self.header.points_scale * self.stake_of(game, state);
        for p in 0..n {
            scratch.out[n + p] *= scale;
        }
    }

    /// The forward pass over `scratch.input`; outputs raw (points unscaled).
    pub(crate) fn forward(&self, scratch: &mut Scratch) {
        let h = self.header.hidden;
        scratch.hidden.clear();
        scratch.hidden.extend_from_slice(&self.b1);
        for &(i, x) in &scratch.input {
            let row = &self.w1[i as usize * h..(i as usize + 1) * h];
            for (a, w) in scratch.hidden.iter_mut().zip(row) {
                *a += x * w;
            }
        }
        for a in scratch.hidden.iter_mut() {
            *a = sigmoid(*a);
        }
        let n = self.header.players;
        scratch.out.clear();
        for o in 0..2 * n {
            let row = &self.w2[o * h..(o + 1) * h];
            let mut z = self.b2[o];
            for (a, w) in scratch.hidden.iter().zip(row) {
                z += a * w;
            }
            scratch.out.push(if o < n { sigmoid(z) } else { z });
        }
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let header = Header {
            format: FORMAT,
            ..self.header.clone()
        };
        let header = serde_json::to_string(&header).unwrap_or_default();
        let mut checked = format!("{header}\n").into_bytes();
        for w in self
            .w1
            .iter()
            .chain(&self.b1)
            .chain(&self.w2)
            .chain(&self.b2)
            .chain(&self.wp)
            .chain(&self.bp)
        {
            checked.extend_from_slice(&w.to_le_bytes());
        }
        let (header_line, weights) = checked.split_at(header.len() + 1);
        let crc = crc32fast::hash(&checked);
        let mut out = format!("{MAGIC} {FORMAT}\n").into_bytes();
        out.extend_from_slice(header_line);
        out.extend_from_slice(format!("crc32 {crc:08x}\n").as_bytes());
        out.extend_from_slice(weights);
        out
    }

    /// Reads a network file made for `game`; refuses, saying why, one made for another
    /// game, another encoding, or a damaged file.
    pub fn from_bytes(game: &Game, bytes: &[u8]) -> Result<Net, NetError> {
        if bytes.len() > MAX_FILE {
            return Err(NetError::TooLarge { mb: MAX_FILE >> 20 });
        }
        let not = || NetError::NotANetwork;
        let first = bytes.iter().position(|&b| b == b'\n').ok_or_else(not)?;
        let magic = std::str::from_utf8(&bytes[..first]).map_err(|_| not())?;
        let version = magic.strip_prefix(MAGIC).ok_or_else(not)?.trim();
        let checksummed = match version {
            "1" => false,
            v if v == FORMAT.to_string() => true,
            _ => {
                return Err(NetError::Format {
                    found: version.to_string(),
                    reads: FORMAT,
                })
            }
        };
        let rest = &bytes[first + 1..];
        let second = rest.iter().position(|&b| b == b'\n').ok_or_else(not)?;
        let header_line = &rest[..second + 1];
        let mut weights = &rest[second + 1..];
        // `crc32 ` and eight hex digits, then the weights; compared once the sizes are
        // known, so that a cut file says so.
        let mut checksum = None;
        if checksummed {
            let line = weights
                .get(..15)
                .filter(|l| l.starts_with(b"crc32 ") && l[14] == b'\n')
                .and_then(|l| std::str::from_utf8(&l[6..14]).ok())
                .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                .ok_or(NetError::NoChecksum)?;
            weights = &weights[15..];
            checksum = Some(line);
        }
        let header: Header =
            serde_json::from_slice(&rest[..second]).map_err(|e| NetError::DamagedHeader {
                reason: e.to_string(),
            })?;
        if header.game != game.rules.name {
            return Err(NetError::OtherGame {
                trained: header.game,
                game: game.rules.name.clone(),
            });
        }
        let encoding = Encoding::with_view(game, header.view)?;
        let hash = format!("{:016x}", encoding.hash());
        if header.encoding != hash || header.inputs != encoding.len() {
            return Err(NetError::OtherEncoding {
                game: game.rules.name.clone(),
            });
        }
        if header.players != game.rules.players.len()
            || header.hidden == 0
            || header.hidden > MAX_HIDDEN
        {
            return Err(NetError::Sizes);
        }
        if !(header.points_scale.is_finite() && header.points_scale > 0.0) {
            return Err(NetError::PointsScale);
        }
        if !(0.0..=1.0).contains(&header.az_rollouts) {
            return Err(NetError::Sizes);
        }
        let (i, h, o) = (header.inputs, header.hidden, 2 * header.players);
        let f = header.policy;
        if f > super::policy::MAX_FEATURES || !f.is_power_of_two() && f != 0 {
            return Err(NetError::Sizes);
        }
        let want = i * h + h + o * h + o + f * h + f;
        if weights.len() != want * 4 {
            return Err(NetError::WeightBytes {
                found: weights.len(),
                want: want * 4,
            });
        }
        if let Some(crc) = checksum {
            let mut hasher = crc32fast::Hasher::new();
            hasher.update(header_line);
            hasher.update(weights);
            if hasher.finalize() != crc {
                return Err(NetError::Checksum);
            }
        }
        let mut all: Vec<f32> = weights
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        if all.iter().any(|w| !w.is_finite()) {
            return Err(NetError::NotANumber);
        }
        if all.iter().any(|w| w.abs() > MAX_WEIGHT) {
            return Err(NetError::WeightTooLarge);
        }
        let bp = all.split_off(i * h + h + o * h + o + f * h);
        let wp = all.split_off(i * h + h + o * h + o);
        let b2 = all.split_off(i * h + h + o * h);
        let w2 = all.split_off(i * h + h);
        let b1 = all.split_off(i * h);
        let stake = if header.stake.is_empty() {
            None
        } else {
            match super::stake::stake_counter(game) {
                Some(c) if game.rules.counters[c].name == header.stake => Some(c),
                _ => {
                    return Err(NetError::Stake {
                        counter: header.stake,
                        game: game.rules.name.clone(),
                    })
                }
            }
        };
        Ok(Net {
            header,
            w1: all,
            b1,
            w2,
            b2,
            wp,
            bp,
            encoding,
            stake,
        })
    }
}
