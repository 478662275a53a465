//! [`Policy`]: a learnt policy as a small network in a file, and [`PolicyBot`], which
//! plays it wherever a bot plays (simulations, tournaments, the terminal table, the
//! server's seats, the Python `Bot`).
//!
//! A policy file (format `decklet-policy/1`, JSON) names the encoding it was learnt
//! with (its name, version, observation length and number of actions: a policy is
//! refused by an encoding that differs in any of them) and its layers, applied in
//! order to the observation: `clip` (each value at most `max`), `scale` (each value
//! times `factor`), `dense` (`inputs`×`outputs` weights, row-major as numpy's
//! `x @ w` reads them, then `bias`), `relu`. The last layer gives one logit an action
//! index, the environments' index of *wait* included (`action_count + 1` in all). The
//! bot plays the legal move of highest logit, as the environments index its moves;
//! out of turn, it waits when *wait* scores highest.
//!
//! ```
//! use decklet_bots::Policy;
//! let text = r#"{"format": "decklet-policy/1",
//!   "encoding": {"name": "toy", "version": 1, "observationLen": 2, "actionCount": 1},
//!   "layers": [{"op": "dense", "inputs": 2, "outputs": 2,
//!               "weights": [1, 0, 0, 1], "bias": [0, 0.5]}, {"op": "relu"}]}"#;
//! let policy = Policy::from_json(text)?;
//! let mut scratch = Default::default();
//! assert_eq!(policy.logits(&[2.0, -3.0], &mut scratch), [2.0, 0.0]);
//! # Ok::<(), decklet_bots::PolicyError>(())
//! ```

use std::sync::Arc;

use decklet_core::{AnyEvent, InfoState, Moves, PlayerId, echo};
use serde::{Deserialize, Serialize};

use crate::bot::Bot;
use crate::encoding::{Encoding, LastMoves};
use crate::prior::{Prior, uniform};

/// The format of a policy file.
pub const POLICY_FORMAT: &str = "decklet-policy/1";
/// The most weights a policy may have (16 MB of numbers): a larger file is refused.
pub const MAX_POLICY_WEIGHTS: usize = 4_000_000;
/// The most layers a policy may have.
pub const MAX_POLICY_LAYERS: usize = 64;

/// Why a policy file is refused.
#[derive(Debug, thiserror::Error)]
pub enum PolicyError {
    /// Not JSON of a policy.
    #[error("not a policy file: {0}")]
    Json(String),
    /// A policy, but not one that can be evaluated (its shapes, its numbers).
    #[error("the policy does not hold together: {0}")]
    Shape(String),
    /// Learnt with another encoding than the game's.
    #[error(
        "the policy was learnt with encoding {wanted}, and this game's is {found}: it is refused"
    )]
    Encoding {
        /// The encoding the policy names (`uno` v1, 199 observations, 82 actions).
        wanted: String,
        /// The game's.
        found: String,
    },
}

/// The encoding a policy was learnt with, as its file names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EncodingRef {
    /// Its name ([`Encoding::name`]).
    pub name: String,
    /// Its version ([`Encoding::version`]).
    pub version: u32,
    /// The length of an observation.
    pub observation_len: usize,
    /// The number of the game's actions (without *wait*).
    pub action_count: usize,
}

impl EncodingRef {
    /// What `encoding` is, to be named in a policy file.
    pub fn of(encoding: &dyn Encoding) -> EncodingRef {
        EncodingRef {
            name: encoding.name().to_string(),
            version: encoding.version(),
            observation_len: encoding.observation_len(),
            action_count: encoding.action_count(),
        }
    }
}

impl std::fmt::Display for EncodingRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "`{}` v{} ({} observations, {} actions)",
            echo(&self.name),
            self.version,
            self.observation_len,
            self.action_count
        )
    }
}

/// One layer of a policy.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Layer {
    /// Each value at most `max`.
    Clip {
        /// The largest value let through.
        max: f32,
    },
    /// Each value times `factor`.
    Scale {
        /// The factor.
        factor: f32,
    },
    /// `outputs` values, each the bias plus the weighted sum of the `inputs` values.
    Dense {
        /// How many values it reads.
        inputs: usize,
        /// How many it writes.
        outputs: usize,
        /// `inputs × outputs` weights, row-major: the weight of input `i` in output `j`
        /// is at `i × outputs + j`.
        weights: Vec<f32>,
        /// One a output.
        bias: Vec<f32>,
    },
    /// Each value at least 0.
    Relu,
}

/// A policy file's contents.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct PolicyFile {
    format: String,
    encoding: EncodingRef,
    layers: Vec<Layer>,
}

/// A learnt policy: a network from an encoding's observation to a logit an action
/// index, checked to hold together when read.
#[derive(Clone, Debug, PartialEq)]
pub struct Policy {
    file: PolicyFile,
}

/// A policy file's shapes, read without its numbers: what [`Policy::from_json`] checks
/// before it reads the file whole.
mod shapes {
    use std::fmt;

    use serde::Deserialize;
    use serde::de::{IgnoredAny, SeqAccess, Visitor};

    use super::{MAX_POLICY_LAYERS, MAX_POLICY_WEIGHTS, PolicyError};

    /// The file, its layers' numbers counted.
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub(super) struct Outline {
        #[serde(rename = "layers")]
        layers: Layers,
    }

    /// The layers, at most [`MAX_POLICY_LAYERS`].
    struct Layers(Vec<LayerOutline>);

    /// A layer's sizes and how many numbers it holds.
    #[derive(Deserialize)]
    struct LayerOutline {
        #[serde(default)]
        inputs: Option<usize>,
        #[serde(default)]
        outputs: Option<usize>,
        #[serde(default)]
        weights: Option<Count>,
        #[serde(default)]
        bias: Option<Count>,
    }

    /// How many items a list holds (refused past [`MAX_POLICY_WEIGHTS`]).
    struct Count(usize);

    impl<'de> Deserialize<'de> for Count {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Count, D::Error> {
            struct Counting;
            impl<'de> Visitor<'de> for Counting {
                type Value = Count;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a list of numbers")
                }
                fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Count, A::Error> {
                    let mut n = 0usize;
                    while seq.next_element::<IgnoredAny>()?.is_some() {
                        n += 1;
                        if n > MAX_POLICY_WEIGHTS {
                            return Err(serde::de::Error::custom(format!(
                                "a list of more than {MAX_POLICY_WEIGHTS} numbers"
                            )));
                        }
                    }
                    Ok(Count(n))
                }
            }
            d.deserialize_seq(Counting)
        }
    }

    impl<'de> Deserialize<'de> for Layers {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Layers, D::Error> {
            struct Listing;
            impl<'de> Visitor<'de> for Listing {
                type Value = Layers;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a list of layers")
                }
                fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Layers, A::Error> {
                    let mut layers = Vec::new();
                    while let Some(layer) = seq.next_element::<LayerOutline>()? {
                        if layers.len() == MAX_POLICY_LAYERS {
                            return Err(serde::de::Error::custom(format!(
                                "more than {MAX_POLICY_LAYERS} layers"
                            )));
                        }
                        layers.push(layer);
                    }
                    Ok(Layers(layers))
                }
            }
            d.deserialize_seq(Listing)
        }
    }

    impl Outline {
        /// Refuses more weights in all than [`MAX_POLICY_WEIGHTS`], or a layer whose
        /// numbers are not its sizes'.
        pub(super) fn check(&self) -> Result<(), PolicyError> {
            let mut total = 0usize;
            for (i, layer) in self.layers.0.iter().enumerate() {
                let held = layer.weights.as_ref().map_or(0, |c| c.0);
                let biases = layer.bias.as_ref().map_or(0, |c| c.0);
                total = total.saturating_add(held).saturating_add(biases);
                if total > MAX_POLICY_WEIGHTS {
                    return Err(PolicyError::Shape(format!(
                        "more than {MAX_POLICY_WEIGHTS} weights"
                    )));
                }
                if let (Some(inputs), Some(outputs)) = (layer.inputs, layer.outputs) {
                    let wanted = inputs.checked_mul(outputs);
                    if wanted != Some(held) || biases != outputs {
                        return Err(PolicyError::Shape(format!(
                            "layer {i}: {held} weights and {biases} biases for {inputs}×{outputs}"
                        )));
                    }
                }
            }
            Ok(())
        }
    }
}

/// The buffers an evaluation writes into (kept between calls, so that none allocates).
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    a: Vec<f32>,
    b: Vec<f32>,
}

impl Policy {
    /// A policy of `encoding` from its layers; refused as [`from_json`](Self::from_json)
    /// refuses one.
    pub fn new(encoding: EncodingRef, layers: Vec<Layer>) -> Result<Policy, PolicyError> {
        let policy = Policy {
            file: PolicyFile {
                format: POLICY_FORMAT.to_string(),
                encoding,
                layers,
            },
        };
        policy.check_shapes()?;
        Ok(policy)
    }

    /// Reads a policy file's text; refused when it is not a policy, when its layers do
    /// not chain from the observation to one logit an action index (*wait* included),
    /// when a number is not finite, or past [`MAX_POLICY_LAYERS`] or
    /// [`MAX_POLICY_WEIGHTS`].
    ///
    /// The file is read twice: first its shapes alone (each layer's sizes, its numbers
    /// counted and dropped, the layers and weights counted against those limits as
    /// they are read), then, if they hold together, whole; so a file of too many
    /// numbers is refused before any of them is kept.
    pub fn from_json(text: &str) -> Result<Policy, PolicyError> {
        let json = |e: serde_json::Error| PolicyError::Json(decklet_core::echo(&e.to_string()));
        let outline: shapes::Outline = serde_json::from_str(text).map_err(json)?;
        outline.check()?;
        let file: PolicyFile = serde_json::from_str(text)
            .map_err(|e| PolicyError::Json(decklet_core::echo(&e.to_string())))?;
        if file.format != POLICY_FORMAT {
            return Err(PolicyError::Json(format!(
                "format `{}`, not `{POLICY_FORMAT}`",
                echo(&file.format)
            )));
        }
        let policy = Policy { file };
        policy.check_shapes()?;
        Ok(policy)
    }

    /// The policy as a file's text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.file).unwrap_or_default()
    }

    /// The encoding it was learnt with.
    pub fn encoding(&self) -> &EncodingRef {
        &self.file.encoding
    }

    /// Its layers.
    pub fn layers(&self) -> &[Layer] {
        &self.file.layers
    }

    /// Refuses `encoding` unless it is the one the policy was learnt with.
    pub fn check(&self, encoding: &dyn Encoding) -> Result<(), PolicyError> {
        let found = EncodingRef::of(encoding);
        match found == self.file.encoding {
            true => Ok(()),
            false => Err(PolicyError::Encoding {
                wanted: self.file.encoding.to_string(),
                found: found.to_string(),
            }),
        }
    }

    fn check_shapes(&self) -> Result<(), PolicyError> {
        let shape = |message: String| Err(PolicyError::Shape(message));
        let layers = &self.file.layers;
        if layers.len() > MAX_POLICY_LAYERS {
            return shape(format!(
                "{} layers (at most {MAX_POLICY_LAYERS})",
                layers.len()
            ));
        }
        let mut width = self.file.encoding.observation_len;
        let mut weights = 0usize;
        for (i, layer) in layers.iter().enumerate() {
            match layer {
                Layer::Clip { max } if !max.is_finite() => {
                    return shape(format!("layer {i}: clip to {max}"));
                }
                Layer::Scale { factor } if !factor.is_finite() => {
                    return shape(format!("layer {i}: scale by {factor}"));
                }
                Layer::Dense {
                    inputs,
                    outputs,
                    weights: w,
                    bias,
                } => {
                    if *inputs != width {
                        return shape(format!("layer {i} reads {inputs} values, given {width}"));
                    }
                    let count = inputs.checked_mul(*outputs);
                    weights = weights.saturating_add(count.unwrap_or(usize::MAX));
                    if weights > MAX_POLICY_WEIGHTS {
                        return shape(format!("more than {MAX_POLICY_WEIGHTS} weights"));
                    }
                    if Some(w.len()) != count || bias.len() != *outputs {
                        return shape(format!(
                            "layer {i}: {} weights and {} biases for {inputs}×{outputs}",
                            w.len(),
                            bias.len()
                        ));
                    }
                    if !w.iter().chain(bias).all(|x| x.is_finite()) {
                        return shape(format!("layer {i}: a weight is not a finite number"));
                    }
                    width = *outputs;
                }
                _ => {}
            }
        }
        let wanted = self.file.encoding.action_count.saturating_add(1);
        if width != wanted {
            return shape(format!(
                "it gives {width} logits, and its encoding has {wanted} action indices (wait included)"
            ));
        }
        Ok(())
    }

    /// The logits of observation `obs` (one an action index, *wait* last), computed in
    /// `scratch`. An observation of another length gives what its first values give
    /// (the policy reads as many as it was learnt with).
    pub fn logits<'s>(&self, obs: &[f32], scratch: &'s mut Scratch) -> &'s [f32] {
        let Scratch { a, b } = scratch;
        a.clear();
        a.extend_from_slice(obs);
        a.resize(self.file.encoding.observation_len, 0.0);
        for layer in &self.file.layers {
            match layer {
                Layer::Clip { max } => a.iter_mut().for_each(|x| *x = x.min(*max)),
                Layer::Scale { factor } => a.iter_mut().for_each(|x| *x *= factor),
                Layer::Relu => a.iter_mut().for_each(|x| *x = x.max(0.0)),
                Layer::Dense {
                    outputs,
                    weights,
                    bias,
                    ..
                } => {
                    b.clear();
                    b.extend_from_slice(bias);
                    for (x, row) in a.iter().zip(weights.chunks_exact(*outputs)) {
                        if *x != 0.0 {
                            for (y, w) in b.iter_mut().zip(row) {
                                *y += x * w;
                            }
                        }
                    }
                    std::mem::swap(a, b);
                }
            }
        }
        a
    }
}

/// A bot that plays a [`Policy`]: it keeps each seat's last kind of move from what it
/// hears (as the environments do), encodes its seat's observation with the game's
/// encoding, and plays the legal move of highest logit. Deterministic: the same game,
/// the same moves.
pub struct PolicyBot {
    policy: Arc<Policy>,
    encoding: Arc<dyn Encoding>,
    /// Each seat's last kind of move.
    last: LastMoves,
    obs: Vec<f32>,
    scratch: Scratch,
}

impl PolicyBot {
    /// A bot playing `policy` with `encoding`, refused unless the policy was learnt
    /// with it.
    pub fn new(policy: Arc<Policy>, encoding: Arc<dyn Encoding>) -> Result<PolicyBot, PolicyError> {
        policy.check(&*encoding)?;
        Ok(PolicyBot {
            obs: vec![0.0; encoding.observation_len()],
            policy,
            encoding,
            last: LastMoves::new(),
            scratch: Scratch::default(),
        })
    }

    /// Whether its encoding encodes a game of `info`'s number of players.
    fn encodes(&self, info: &InfoState) -> bool {
        self.encoding
            .players()
            .is_none_or(|players| players == info.player_count())
    }

    /// Encodes `info` and evaluates the policy: the logits, and the seat's known
    /// state for indexing its moves.
    fn evaluate(&mut self, info: &InfoState) -> &[f32] {
        let last = self.last.classes(info.player_count());
        self.encoding.encode(info, last, &mut self.obs);
        self.policy.logits(&self.obs, &mut self.scratch)
    }

    /// The listed move of highest logit, or `None` when *wait* scores higher than all
    /// of them (`may_wait`) or none has an index.
    fn best(&mut self, info: &InfoState, moves: &Moves, may_wait: bool) -> Option<usize> {
        let encoding = Arc::clone(&self.encoding);
        let logits = self.evaluate(info);
        let (seat, known) = (info.seat(), info.known());
        // the highest logit, the lowest index among equals (as an argmax over the
        // environments' mask picks), the first listed move of an index
        let mut best: Option<(usize, usize, f32)> = None;
        let indices: Vec<Option<usize>> = moves
            .each(|action| encoding.action_index(known, seat, action))
            .collect();
        for (at, index) in indices.into_iter().enumerate() {
            let Some(index) = index else {
                continue;
            };
            let Some(&logit) = logits.get(index) else {
                continue;
            };
            let better = best.is_none_or(|(_, i, top)| logit > top || (logit == top && index < i));
            if better {
                best = Some((at, index, logit));
            }
        }
        let wait = logits.get(encoding.action_count()).copied();
        match (best, wait) {
            (Some((_, _, top)), Some(wait)) if may_wait && wait > top => None,
            (best, _) => best.map(|(at, _, _)| at),
        }
    }
}

/// As a search's prior: the policy's softmax over the action indices of the listed
/// moves (*wait* left out), each index's share split evenly among the moves that have
/// it; a move with no index weighs nothing (all weigh the same when none has one).
impl Prior for PolicyBot {
    fn weigh(&mut self, info: &InfoState, moves: &Moves, out: &mut Vec<f64>) {
        let encoding = Arc::clone(&self.encoding);
        let logits = self.evaluate(info);
        let (seat, known) = (info.seat(), info.known());
        let indices: Vec<Option<usize>> = moves
            .each(|action| {
                encoding
                    .action_index(known, seat, action)
                    .filter(|i| *i < logits.len())
            })
            .collect();
        let top = indices
            .iter()
            .flatten()
            .filter_map(|i| logits.get(*i))
            .fold(f32::NEG_INFINITY, |a, b| a.max(*b));
        if !top.is_finite() {
            return uniform(moves.len(), out);
        }
        // each index's exp(logit) split among its moves: summed over the moves, each
        // index counts once
        out.clear();
        out.extend(indices.iter().map(|index| {
            let Some(index) = index else {
                return 0.0;
            };
            let sharing = indices.iter().filter(|i| *i == &Some(*index)).count();
            let weight = logits.get(*index).map_or(0.0, |l| f64::from(l - top).exp());
            weight / sharing as f64
        }));
        let total: f64 = out.iter().sum();
        out.iter_mut().for_each(|w| *w /= total);
    }

    fn follows(&self) -> bool {
        true
    }

    fn follow_move(
        &mut self,
        before: &InfoState,
        mover: PlayerId,
        kind: &'static str,
        events: &[AnyEvent],
    ) {
        Bot::hear_move(self, before, mover, kind, events);
    }
}

impl Bot for PolicyBot {
    fn name(&self) -> &str {
        "policy"
    }

    /// On its turn it moves: the best listed move, whatever wait scores. At a number of
    /// players its encoding does not encode (a policy of a generic encoding, learnt for
    /// one number) it makes none.
    fn choose(&mut self, info: &InfoState, moves: &Moves) -> Option<usize> {
        if !self.encodes(info) {
            return None;
        }
        self.best(info, moves, false).or(Some(0))
    }

    fn acts_out_of_turn(&self) -> bool {
        true
    }

    fn choose_out_of_turn(&mut self, info: &InfoState, moves: &Moves) -> Option<usize> {
        if !self.encodes(info) {
            return None;
        }
        self.best(info, moves, true)
    }

    fn hears(&self) -> bool {
        true
    }

    /// A new game: it forgets the last one's moves (it has no chances of its own).
    fn reseed(&mut self, _seed: u64) -> bool {
        self.last.clear();
        true
    }

    fn hear_move(
        &mut self,
        before: &InfoState,
        mover: PlayerId,
        kind: &'static str,
        _events: &[AnyEvent],
    ) {
        self.last.hear(&*self.encoding, before, mover, kind);
    }
}
