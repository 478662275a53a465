//! [`IsmctsBot`]: single-observer information-set Monte Carlo tree search (Cowling,
//! Powley and Whitehouse, 2012), the one search of every game.
//!
//! Each iteration samples a world from what the seat knows
//! ([`InfoState::determinize`], narrowed by what the game's [`Hints`] learnt), adopts
//! it on a scratch engine of the same [`Game`], walks the tree by UCB over the moves
//! that world allows (a move's availability counted each time it could have been
//! chosen), expands one untried move, plays the rest out ([`PlayoutPolicy`]: at random,
//! or by the game's policy) and credits each node's mover with its result ([`Scoring`];
//! a playout cut short after [`IsmctsConfig::cutoff`] moves is scored by the game's
//! [`Evaluation`]). The move made is the root's most visited. With a [`Prior`] (a learnt
//! policy), the root's moves gain its weights in their scores ([`prior_bonus`]).
//!
//! What a game may add, all optional ([`Hints`]): what the seat learnt of the other
//! hands from the moves it heard (UNO: a player who drew instead of playing held no
//! playable card), which moves are one to the tree (UNO: two red sevens), a decision it
//! answers by a model rather than by search (UNO: a wild draw four, by a model of its
//! player), its playout policy and how a cut playout scores, and a bot for the moves out
//! of turn (the tree follows the player to move).

use std::sync::Arc;
use std::time::{Duration, Instant};

use decklet_core::{
    ActionRef, AnyEvent, EngineConfig, Game, GameEngine, GameRng, GameState, GameStatus, InfoState,
    MoveKind, Moves, PlayerId, SeatKnowledge,
};

use crate::bot::Bot;
use crate::play::{Scoring, winners_score};
use crate::prior::{Prior, prior_bonus, weigh_by_key};

/// What a game tells its search beyond its rules (every method has a default: a game
/// that says nothing is searched on the worlds its seat's information state allows).
pub trait Hints: Send {
    /// What the seat knows now beyond what it sees (learnt from the moves it heard),
    /// for the worlds of this decision.
    fn knowledge(&mut self, info: &InfoState) -> SeatKnowledge {
        let _ = info;
        SeatKnowledge::default()
    }
    /// Whether the hints learn from every move ([`hear`](Self::hear)). Default: no.
    fn hears(&self) -> bool {
        false
    }
    /// Learns from a move, as [`Bot::hear`] hears it: what the seat knew before, and
    /// the move's events as the seat hears them. Default: nothing.
    fn hear(&mut self, before: &InfoState, events: &[AnyEvent]) {
        let _ = (before, events);
    }
    /// Forgets what it learnt, for a new game (the search bot is seeded afresh,
    /// [`Bot::reseed`]). Default: nothing to forget.
    fn reset(&mut self) {}
    /// What the move at `index` of `moves` (listed in the world `state`) is to the
    /// tree, within its kind: moves of one kind and one key share a node (UNO: a play
    /// of a red seven, whichever red seven). `None` (the default): the move itself.
    fn key(&self, state: &GameState, moves: &Moves, index: usize) -> Option<u64> {
        let _ = (state, moves, index);
        None
    }
    /// A decision the game answers by a model of its own instead of by search (UNO: a
    /// wild draw four, challenged when a model of its player says a bluff is the
    /// likelier): the index in `moves`, or `None` to search. `knowledge` is what
    /// [`knowledge`](Self::knowledge) said for this decision. Default: search.
    fn answer(
        &mut self,
        info: &InfoState,
        moves: &Moves,
        knowledge: &SeatKnowledge,
        rng: &mut GameRng,
    ) -> Option<usize> {
        let _ = (info, moves, knowledge, rng);
        None
    }
}

/// No hint: every world the seat's information state allows.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoHints;

impl Hints for NoHints {}

/// A playout policy: in a sampled world, the index of the move the player to move
/// makes among `moves` (`None`: one at random), with the search's RNG for its own
/// chances. A game whose uniformly random play rarely ends (UNO: drawing is always
/// listed) needs one.
pub type Playout = fn(&GameState, PlayerId, &Moves, &mut GameRng) -> Option<usize>;

/// How a playout plays: one move of the player to move in the world an engine holds.
pub trait PlayoutPolicy: Send {
    /// Makes the move of `seat` (the player to move) on `engine`, a sampled world
    /// (`moves`: room to list into); `false` when it makes none (the playout ends).
    fn play(
        &mut self,
        engine: &mut GameEngine,
        seat: PlayerId,
        moves: &mut Moves,
        rng: &mut GameRng,
    ) -> bool;
    /// Seeds its own chances afresh, for a new game. Default: it has none.
    fn reseed(&mut self, seed: u64) {
        let _ = seed;
    }
}

/// A [`Playout`] function plays the move it picks among the listed moves (one at
/// random when it picks none).
impl PlayoutPolicy for Playout {
    fn play(
        &mut self,
        engine: &mut GameEngine,
        seat: PlayerId,
        moves: &mut Moves,
        rng: &mut GameRng,
    ) -> bool {
        random_or(Some(*self), engine, seat, moves, rng)
    }
}

/// Plays `policy`'s pick among `seat`'s listed moves, or one at random.
fn random_or(
    policy: Option<Playout>,
    engine: &mut GameEngine,
    seat: PlayerId,
    moves: &mut Moves,
    rng: &mut GameRng,
) -> bool {
    engine.list_moves(seat, moves);
    if moves.is_empty() {
        return false;
    }
    let pick = policy
        .and_then(|p| p(engine.state(), seat, moves, rng))
        .filter(|i| *i < moves.len())
        .unwrap_or_else(|| rng.index(moves.len()));
    engine.dispatch_move(moves, pick).is_ok()
}

/// How a playout cut short scores a position: each player's share of a win (in player
/// order; normalised by the search).
pub type Evaluation = fn(&GameState) -> Vec<f64>;

/// The search's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IsmctsConfig {
    /// Iterations a decision (default 1,000).
    pub iterations: u32,
    /// A time limit a decision as well (`None`, the default: the iterations alone
    /// decide, and the bot is deterministic for its seed).
    pub time: Option<Duration>,
    /// The UCB exploration constant (default 0.7).
    pub exploration: f64,
    /// The longest playout, in moves (default 2,000): a game not over by then scores
    /// as it stands.
    pub max_playout: u32,
    /// Stop a playout after this many moves and score the position by the game's
    /// [`Evaluation`] (`None`, the default, or no evaluation: play it to the end).
    pub cutoff: Option<u32>,
    /// How much a [`Prior`]'s weights count at the root ([`prior_bonus`]; default 1):
    /// nothing without a prior.
    pub prior_weight: f64,
}

impl Default for IsmctsConfig {
    fn default() -> Self {
        IsmctsConfig {
            iterations: 1_000,
            time: None,
            exploration: 0.7,
            max_playout: 2_000,
            cutoff: None,
            prior_weight: 1.0,
        }
    }
}

/// What a move is to the tree: its kind and its code (or the game's key of it), or,
/// for a move kept whole, its text.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Key {
    Code(MoveKind, u64),
    Text(Box<str>),
}

/// One node of the tree: the move that leads to it, who made it, and its counts.
#[derive(Clone, Debug)]
struct Node {
    key: Option<Key>,
    mover: PlayerId,
    visits: u32,
    available: u32,
    score: f64,
    children: Vec<u32>,
}

impl Node {
    fn new(key: Option<Key>, mover: PlayerId) -> Node {
        Node {
            key,
            mover,
            visits: 0,
            available: 0,
            score: 0.0,
            children: Vec::new(),
        }
    }
}

/// The search bot of any game.
pub struct IsmctsBot {
    game: Arc<Game>,
    config: IsmctsConfig,
    seed: u64,
    rng: GameRng,
    /// The playouts' own RNG.
    random: GameRng,
    hints: Box<dyn Hints>,
    scoring: Scoring,
    /// Credit a finished playout each player's score within this range instead of a
    /// win ([`with_score_range`](Self::with_score_range)).
    score_range: Option<(f64, f64)>,
    evaluation: Option<Evaluation>,
    playout: Option<Box<dyn PlayoutPolicy>>,
    out_of_turn: Option<Box<dyn Bot>>,
    engine: Option<GameEngine>,
    nodes: Vec<Node>,
    prior: Option<Box<dyn Prior>>,
    /// The prior's weight of each root move, by its key (empty without a prior).
    root_prior: Vec<(Key, f64)>,
    /// The keys of the moves listed last, which of them the tree has tried, those it
    /// has not, and the nodes' path of an iteration.
    keys: Vec<Key>,
    tried: Vec<bool>,
    untried: Vec<usize>,
    path: Vec<u32>,
    /// Iterations run by the last decision.
    last_iterations: u32,
    /// The last decision's visits of each listed move (empty when it did not search).
    last_visits: Vec<u32>,
}

impl std::fmt::Debug for IsmctsBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IsmctsBot")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

/// The key of the move at `index` of `moves`, listed in the world `state`.
fn key_of(hints: &dyn Hints, state: &GameState, moves: &Moves, index: usize) -> Option<Key> {
    match moves.move_kind(index) {
        Some(kind) => {
            let code = match hints.key(state, moves, index) {
                Some(code) => code,
                None => moves.code(index)?,
            };
            Some(Key::Code(kind, code))
        }
        None => moves.with(index, |a: ActionRef<'_>| {
            Key::Text(format!("{a:?}").into_boxed_str())
        }),
    }
}

impl IsmctsBot {
    /// A search bot for `game`, seeded, with no hints, the winners' scoring and random
    /// playouts.
    pub fn new(game: &Arc<Game>, config: IsmctsConfig, seed: u64) -> Self {
        let mut bot = IsmctsBot {
            game: Arc::clone(game),
            config,
            seed,
            rng: GameRng::seed_from(seed),
            random: GameRng::seed_from(seed),
            hints: Box::new(NoHints),
            scoring: winners_score,
            score_range: None,
            evaluation: None,
            playout: None,
            out_of_turn: None,
            engine: None,
            nodes: Vec::new(),
            prior: None,
            root_prior: Vec::new(),
            keys: Vec::new(),
            tried: Vec::new(),
            untried: Vec::new(),
            path: Vec::new(),
            last_iterations: 0,
            last_visits: Vec::new(),
        };
        bot.seed_rngs(seed);
        bot
    }

    /// The search's RNG and the playouts' from `seed`.
    fn seed_rngs(&mut self, seed: u64) {
        self.seed = seed;
        self.rng = GameRng::seed_from(seed);
        self.random = GameRng::seed_from(self.rng.next_u64());
    }

    /// The same bot, sampling worlds narrowed by the game's `hints` (and keying,
    /// answering, learning as they say).
    pub fn with_hints(mut self, hints: impl Hints + 'static) -> Self {
        self.hints = Box::new(hints);
        self
    }

    /// The same bot, playing for the best score by the game's own scoring (Crazy
    /// Eights' penalties, say) instead of for a win. Whatever the scale, a playout
    /// credits 1 to the best score (shared among equals) and 0 to the others.
    pub fn with_scoring(mut self, scoring: Scoring) -> Self {
        self.scoring = scoring;
        self
    }

    /// The same bot, playing for the most score on average rather than for a win: a
    /// finished playout credits each player their score by the game's scoring, placed
    /// in `low..=high` (`low` 0, `high` 1, clamped), as OpenSpiel's search credits its
    /// returns. For a game whose scores are what counts across many deals (Hearts'
    /// points), where a win of one deal is not. A range with `high` not above `low`
    /// leaves the bot playing for a win.
    pub fn with_score_range(mut self, low: f64, high: f64) -> Self {
        self.score_range =
            (high > low && low.is_finite() && high.is_finite()).then_some((low, high));
        self
    }

    /// The same bot, scoring a playout cut short ([`IsmctsConfig::cutoff`]) by
    /// `evaluation` (each player's share of a win).
    pub fn with_evaluation(mut self, evaluation: Evaluation) -> Self {
        self.evaluation = Some(evaluation);
        self
    }

    /// The same bot, its root's moves weighed by `prior` ([`prior_bonus`]).
    pub fn with_prior(mut self, prior: impl Prior + 'static) -> Self {
        self.prior = Some(Box::new(prior));
        self
    }

    /// The same bot, playing its playouts with a game's own policy instead of at
    /// random (it sees the sampled world whole: that world is the bot's guess).
    pub fn with_playout(self, policy: Playout) -> Self {
        self.with_playout_policy(policy)
    }

    /// The same bot, playing its playouts with `policy` (a policy with a state of its
    /// own, or one that plays through the game's own list of moves).
    pub fn with_playout_policy(mut self, policy: impl PlayoutPolicy + 'static) -> Self {
        self.playout = Some(Box::new(policy));
        self
    }

    /// The same bot, answering out of turn (where its game lists moves then: UNO's
    /// jump-in, calls and catches) with `bot`: the tree follows the player to move.
    pub fn with_out_of_turn(mut self, bot: Box<dyn Bot>) -> Self {
        self.out_of_turn = Some(bot);
        self
    }

    /// The seed of the bot that answers out of turn for a search seeded `seed` (so
    /// that a search seeded afresh, [`Bot::reseed`], is the search made with that seed).
    pub fn out_of_turn_seed(seed: u64) -> u64 {
        decklet_core::derive_seed(seed, 1)
    }

    /// The seed of a playout policy's own chances for a search seeded `seed`.
    pub fn playout_seed(seed: u64) -> u64 {
        decklet_core::derive_seed(seed, 2)
    }

    /// Its settings.
    pub fn config(&self) -> &IsmctsConfig {
        &self.config
    }

    /// How many iterations the last decision ran (fewer than configured when its time
    /// ran out, or a world could not be adopted).
    pub fn last_iterations(&self) -> u32 {
        self.last_iterations
    }

    /// Adopts a world sampled from `from` on the scratch engine.
    fn adopt(&mut self, from: &InfoState, knowledge: &SeatKnowledge) -> Option<()> {
        let world = from
            .determinize(knowledge, &mut self.rng)
            .or_else(|_| from.determinize(&SeatKnowledge::default(), &mut self.rng))
            .ok()?;
        let game = &self.game;
        let engine = self.engine.get_or_insert_with(|| {
            let quiet = EngineConfig {
                collect_events: false,
                ..EngineConfig::default()
            };
            GameEngine::new(game, quiet)
        });
        engine.load_state(world).ok()
    }

    /// Lists the moves of `current` in the world on the scratch engine into `moves`,
    /// and their keys.
    fn list(&mut self, current: PlayerId, moves: &mut Moves) -> Option<()> {
        let engine = self.engine.as_ref()?;
        let state = engine.state();
        engine.list_moves(current, moves);
        self.keys.clear();
        for i in 0..moves.len() {
            self.keys.push(key_of(&*self.hints, state, moves, i)?);
        }
        Some(())
    }

    /// One iteration from the world on the scratch engine.
    fn iterate(&mut self, moves: &mut Moves) -> Option<()> {
        let exploration = self.config.exploration;
        let mut node = 0u32;
        self.path.clear();
        self.path.push(0);
        // selection and expansion
        loop {
            let state = self.engine.as_ref()?.state();
            if state.status() != GameStatus::Playing || !state.winners().is_empty() {
                break;
            }
            let current = state.current_player()?;
            self.list(current, moves)?;
            if moves.is_empty() {
                break;
            }
            let count = self.nodes.get(node as usize)?.children.len();
            let mut best: Option<(f64, u32)> = None;
            self.tried.clear();
            self.tried.resize(self.keys.len(), false);
            for c in 0..count {
                let child = *self.nodes.get(node as usize)?.children.get(c)?;
                let n = self.nodes.get_mut(child as usize)?;
                if n.mover != current {
                    continue;
                }
                let Some(at) = self.keys.iter().position(|k| Some(k) == n.key.as_ref()) else {
                    continue;
                };
                // moves of one key are one move: each counted once
                let Some(seen) = self.tried.get_mut(at) else {
                    continue;
                };
                if std::mem::replace(seen, true) {
                    continue;
                }
                n.available += 1;
                let visits = f64::from(n.visits.max(1));
                let mut ucb =
                    n.score / visits + exploration * (f64::from(n.available).ln() / visits).sqrt();
                if node == 0
                    && let Some((_, p)) = self
                        .root_prior
                        .iter()
                        .find(|(k, _)| Some(k) == n.key.as_ref())
                {
                    ucb += prior_bonus(self.config.prior_weight, *p, n.available, n.visits);
                }
                if best.is_none_or(|(top, _)| ucb > top) {
                    best = Some((ucb, child));
                }
            }
            // the untried moves, each key once
            self.untried.clear();
            for (i, key) in self.keys.iter().enumerate() {
                let seen = self.tried.get(i).copied().unwrap_or(true)
                    || self
                        .keys
                        .get(..i)
                        .is_some_and(|before| before.contains(key));
                if !seen {
                    self.untried.push(i);
                }
            }
            let engine = self.engine.as_mut()?;
            if !self.untried.is_empty() {
                let at = *self.untried.get(self.rng.index(self.untried.len()))?;
                let child = u32::try_from(self.nodes.len()).ok()?;
                let mut fresh = Node::new(self.keys.get(at).cloned(), current);
                fresh.available = 1;
                self.nodes.push(fresh);
                self.nodes.get_mut(node as usize)?.children.push(child);
                engine.dispatch_move(moves, at).ok()?;
                self.path.push(child);
                break;
            }
            let (_, child) = best?;
            let wanted = self.nodes.get(child as usize)?.key.as_ref();
            let at = self.keys.iter().position(|k| Some(k) == wanted)?;
            engine.dispatch_move(moves, at).ok()?;
            self.path.push(child);
            node = child;
        }
        // playout
        let limit = match (self.config.cutoff, self.evaluation) {
            (Some(cut), Some(_)) => cut.min(self.config.max_playout),
            _ => self.config.max_playout,
        };
        let engine = self.engine.as_mut()?;
        for _ in 0..limit {
            let state = engine.state();
            if state.status() != GameStatus::Playing || !state.winners().is_empty() {
                break;
            }
            let Some(current) = state.current_player() else {
                break;
            };
            let played = match self.playout.as_mut() {
                Some(policy) => policy.play(engine, current, moves, &mut self.random),
                None => random_or(None, engine, current, moves, &mut self.random),
            };
            if !played {
                break;
            }
        }
        // backpropagation: a finished game credits 1 to the best score (shared among
        // equals) and 0 to the others, whatever the scale of the game's scores, or each
        // player's score placed in the bot's score range; one cut short, each player's
        // share by the game's evaluation
        let state = engine.state();
        let over = state.status() != GameStatus::Playing || !state.winners().is_empty();
        let credit: Vec<f64> = match (over, self.evaluation) {
            (false, Some(evaluate)) if self.config.cutoff.is_some() => {
                let shares = evaluate(state);
                let total: f64 = shares.iter().filter(|s| s.is_finite() && **s > 0.0).sum();
                match total > 0.0 {
                    true => shares.iter().map(|s| s.max(0.0) / total).collect(),
                    false => vec![0.0; shares.len()],
                }
            }
            _ => {
                let scores = (self.scoring)(state);
                match self.score_range {
                    Some((low, high)) => (scores.iter())
                        .map(|s| match s.is_finite() {
                            true => ((s - low) / (high - low)).clamp(0.0, 1.0),
                            false => 0.0,
                        })
                        .collect(),
                    None => {
                        let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                        let sharing = scores.iter().filter(|s| **s == best).count().max(1) as f64;
                        scores
                            .iter()
                            .map(|s| if *s == best { 1.0 / sharing } else { 0.0 })
                            .collect()
                    }
                }
            }
        };
        for &n in self.path.iter().skip(1) {
            let node = self.nodes.get_mut(n as usize)?;
            node.visits += 1;
            node.score += credit.get(node.mover.index()).copied().unwrap_or(0.0);
        }
        Some(())
    }
}

impl Bot for IsmctsBot {
    fn name(&self) -> &str {
        "ismcts"
    }

    fn hears(&self) -> bool {
        self.hints.hears()
            || self.prior.as_ref().is_some_and(|p| p.follows())
            || self.out_of_turn.as_ref().is_some_and(|b| b.hears())
    }

    fn hear(&mut self, before: &InfoState, events: &[AnyEvent]) {
        self.hints.hear(before, events);
    }

    fn hear_move(
        &mut self,
        before: &InfoState,
        mover: PlayerId,
        kind: &'static str,
        events: &[AnyEvent],
    ) {
        if let Some(prior) = self.prior.as_mut() {
            prior.follow_move(before, mover, kind, events);
        }
        if let Some(bot) = self.out_of_turn.as_mut()
            && bot.hears()
        {
            bot.hear_move(before, mover, kind, events);
        }
        self.hints.hear(before, events);
    }

    fn take_prior(&mut self, prior: Box<dyn Prior>) -> Result<(), Box<dyn Prior>> {
        self.prior = Some(prior);
        Ok(())
    }

    fn search_visits(&self) -> Option<&[u32]> {
        (!self.last_visits.is_empty()).then_some(&self.last_visits[..])
    }

    fn acts_out_of_turn(&self) -> bool {
        self.out_of_turn
            .as_ref()
            .is_some_and(|b| b.acts_out_of_turn())
    }

    /// Out of turn the search does not run (its tree follows the player to move): the
    /// answer of its bot for that ([`with_out_of_turn`](IsmctsBot::with_out_of_turn)).
    fn choose_out_of_turn(&mut self, info: &InfoState, moves: &Moves) -> Option<usize> {
        self.out_of_turn.as_mut()?.choose_out_of_turn(info, moves)
    }

    fn reseed(&mut self, seed: u64) -> bool {
        let resettable =
            (self.out_of_turn.as_mut()).is_none_or(|b| b.reseed(IsmctsBot::out_of_turn_seed(seed)));
        if resettable {
            self.seed_rngs(seed);
            self.hints.reset();
            self.last_visits.clear();
            if let Some(policy) = self.playout.as_mut() {
                policy.reseed(IsmctsBot::playout_seed(seed));
            }
        }
        resettable
    }

    fn choose(&mut self, info: &InfoState, moves: &Moves) -> Option<usize> {
        self.last_iterations = 0;
        self.last_visits.clear();
        if moves.len() <= 1 {
            return (!moves.is_empty()).then_some(0);
        }
        let started = Instant::now();
        let knowledge = self.hints.knowledge(info);
        if let Some(answer) = self.hints.answer(info, moves, &knowledge, &mut self.rng)
            && answer < moves.len()
        {
            return Some(answer);
        }
        if self.adopt(info, &knowledge).is_none() {
            return Some(self.rng.index(moves.len()));
        }
        // the information state the next worlds are sampled from: it shares the
        // scratch engine's tables, so each later world is only validated
        let known = self.engine.as_ref()?.state().info_state(info.seat());
        // the seat's moves as the tree tells them apart, in the first world (the
        // moves the seat sees are the same in every world)
        let world = self.engine.as_ref()?.state();
        let root_keys: Vec<Option<Key>> = (0..moves.len())
            .map(|i| key_of(&*self.hints, world, moves, i))
            .collect();
        self.root_prior.clear();
        if let Some(prior) = self.prior.as_deref_mut() {
            let key = |at: usize| root_keys.get(at).cloned().flatten();
            weigh_by_key(prior, info, moves, key, &mut self.root_prior);
        }
        self.nodes.clear();
        self.nodes.push(Node::new(None, info.seat()));
        let mut scratch = Moves::new();
        for i in 0..self.config.iterations {
            if let Some(limit) = self.config.time
                && i % 16 == 0
                && started.elapsed() >= limit
            {
                break;
            }
            if i > 0 && self.adopt(&known, &knowledge).is_none() {
                break;
            }
            if self.iterate(&mut scratch).is_none() {
                break;
            }
            self.last_iterations += 1;
        }
        let root = self.nodes.first()?;
        // each key's visits go to the first listed move of that key (none when no
        // iteration ran: the search did not search)
        if self.last_iterations > 0 {
            self.last_visits.resize(moves.len(), 0);
            for child in root
                .children
                .iter()
                .filter_map(|c| self.nodes.get(*c as usize))
            {
                if child.mover == info.seat()
                    && let Some(at) = root_keys
                        .iter()
                        .position(|k| k.is_some() && *k == child.key)
                    && let Some(slot) = self.last_visits.get_mut(at)
                {
                    *slot = child.visits;
                }
            }
        }
        let best = root
            .children
            .iter()
            .filter_map(|c| self.nodes.get(*c as usize))
            .filter(|n| n.mover == info.seat())
            .filter_map(|n| {
                let at = root_keys.iter().position(|k| k.is_some() && *k == n.key)?;
                Some((n.visits, n.score, at))
            })
            .max_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
        best.map(|(_, _, at)| at).or(Some(0))
    }
}
