//! [`IsmctsBot`]: single-observer information-set Monte Carlo tree search for any game.
//!
//! Each iteration samples a world from what the seat knows
//! ([`InfoState::determinize`], narrowed by the game's [`Hints`]), adopts it on a
//! scratch engine of the same [`Game`], walks the tree by UCB over the moves that world
//! allows (a move's availability counted each time it could have been chosen), expands
//! one untried move, plays the rest at random and credits each node's mover with its
//! result ([`Scoring`]). The move made is the root's most visited. With a [`Prior`]
//! (a learnt policy), the root's moves gain its weights in their scores
//! ([`prior_bonus`]).

use std::sync::Arc;

use decklet_core::{
    ActionRef, AnyEvent, EngineConfig, Game, GameEngine, GameRng, GameState, GameStatus, InfoState,
    Moves, PlayerId, SeatKnowledge,
};

use crate::bot::Bot;
use crate::play::{Scoring, winners_score};
use crate::prior::{Prior, prior_bonus, weigh_by_key};

/// What a game knows of a seat's opponents beyond what the seat sees, learnt from the
/// moves it saw (UNO: who drew instead of playing holds nothing that played): the
/// worlds a search samples obey it.
pub trait Hints: Send {
    /// What the seat knows now, for the worlds of this decision.
    fn knowledge(&mut self, info: &InfoState) -> SeatKnowledge;
    /// Whether the hints learn from every move ([`hear`](Self::hear)). Default: no.
    fn hears(&self) -> bool {
        false
    }
    /// Learns from a move, as [`Bot::hear`] hears it: what the seat knew before, and
    /// the move's events as the seat hears them. Default: nothing.
    fn hear(&mut self, before: &InfoState, events: &[AnyEvent]) {
        let _ = (before, events);
    }
}

/// No hint: every world the seat's information state allows.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoHints;

impl Hints for NoHints {
    fn knowledge(&mut self, _info: &InfoState) -> SeatKnowledge {
        SeatKnowledge::default()
    }
}

/// A playout policy: in a sampled world, the index of the move the player to move
/// makes among `moves` (`None`: one at random), with the search's RNG for its own
/// chances. A game whose uniformly random play rarely ends (UNO: drawing is always
/// listed) needs one.
pub type Playout = fn(&GameState, PlayerId, &Moves, &mut GameRng) -> Option<usize>;

/// The search's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IsmctsConfig {
    /// Iterations a decision (default 1,000).
    pub iterations: u32,
    /// The UCB exploration constant (default 0.7).
    pub exploration: f64,
    /// The longest playout, in moves (default 2,000): a game not over by then scores
    /// as it stands.
    pub max_playout: u32,
    /// How much a [`Prior`]'s weights count at the root ([`prior_bonus`]; default 1):
    /// nothing without a prior.
    pub prior_weight: f64,
}

impl Default for IsmctsConfig {
    fn default() -> Self {
        IsmctsConfig {
            iterations: 1_000,
            exploration: 0.7,
            max_playout: 2_000,
            prior_weight: 1.0,
        }
    }
}

/// One node of the tree: the move that leads to it, who made it, and its counts.
#[derive(Clone, Debug)]
struct Node {
    key: String,
    mover: PlayerId,
    visits: u32,
    available: u32,
    score: f64,
    children: Vec<u32>,
}

/// The search bot of any game.
pub struct IsmctsBot {
    game: Arc<Game>,
    config: IsmctsConfig,
    rng: GameRng,
    hints: Box<dyn Hints>,
    scoring: Scoring,
    playout: Option<Playout>,
    engine: Option<GameEngine>,
    nodes: Vec<Node>,
    prior: Option<Box<dyn Prior>>,
    /// The prior's weight of each root move, by its key (empty without a prior).
    root_prior: Vec<(String, f64)>,
}

impl std::fmt::Debug for IsmctsBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IsmctsBot")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

/// A move's identity across the sampled worlds (they share the game's tables, so a
/// handle means the same card in each).
fn key(action: ActionRef<'_>) -> String {
    format!("{action:?}")
}

impl IsmctsBot {
    /// A search bot for `game`, seeded, with no hints and the winners' scoring.
    pub fn new(game: &Arc<Game>, config: IsmctsConfig, seed: u64) -> Self {
        IsmctsBot {
            game: Arc::clone(game),
            config,
            rng: GameRng::seed_from(seed),
            hints: Box::new(NoHints),
            scoring: winners_score,
            playout: None,
            engine: None,
            nodes: Vec::new(),
            prior: None,
            root_prior: Vec::new(),
        }
    }

    /// The same bot, sampling worlds that obey `hints`.
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

    /// The same bot, its root's moves weighed by `prior` ([`prior_bonus`]).
    pub fn with_prior(mut self, prior: impl Prior + 'static) -> Self {
        self.prior = Some(Box::new(prior));
        self
    }

    /// The same bot, playing its playouts with a game's own policy instead of at
    /// random (it sees the sampled world whole: that world is the bot's guess).
    pub fn with_playout(mut self, policy: Playout) -> Self {
        self.playout = Some(policy);
        self
    }

    /// Adopts a world on the scratch engine; the information state the next worlds
    /// are sampled from (it shares the scratch engine's tables, so each later world is
    /// only validated).
    fn adopt(&mut self, from: &InfoState, knowledge: &SeatKnowledge) -> Option<InfoState> {
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
        engine.load_state(world).ok()?;
        Some(engine.state().info_state(from.seat()))
    }

    /// One iteration from the world on the scratch engine.
    fn iterate(&mut self, moves: &mut Moves) -> Option<()> {
        let exploration = self.config.exploration;
        let mut node = 0u32;
        let mut path = vec![0u32];
        let engine = self.engine.as_mut()?;
        let game = Arc::clone(&self.game);
        // selection and expansion
        loop {
            let state = engine.state();
            if state.status() != GameStatus::Playing {
                break;
            }
            let current = state.current_player()?;
            game.legal_moves(state, current, moves);
            if moves.is_empty() {
                break;
            }
            let keys: Vec<String> = moves.each(key).collect();
            let count = self.nodes.get(node as usize)?.children.len();
            let mut best: Option<(f64, u32)> = None;
            let mut tried = vec![false; keys.len()];
            for c in 0..count {
                let child = *self.nodes.get(node as usize)?.children.get(c)?;
                let n = self.nodes.get_mut(child as usize)?;
                if n.mover != current {
                    continue;
                }
                let Some(at) = keys.iter().position(|k| *k == n.key) else {
                    continue;
                };
                tried[at] = true;
                n.available += 1;
                let visits = f64::from(n.visits.max(1));
                let mut ucb =
                    n.score / visits + exploration * (f64::from(n.available).ln() / visits).sqrt();
                if node == 0
                    && let Some((_, p)) = self.root_prior.iter().find(|(k, _)| *k == n.key)
                {
                    ucb += prior_bonus(self.config.prior_weight, *p, n.available, n.visits);
                }
                if best.is_none_or(|(top, _)| ucb > top) {
                    best = Some((ucb, child));
                }
            }
            let untried: Vec<usize> = (0..keys.len()).filter(|i| !tried[*i]).collect();
            if !untried.is_empty() {
                let at = *untried.get(self.rng.index(untried.len()))?;
                let child = self.nodes.len() as u32;
                self.nodes.push(Node {
                    key: keys.get(at)?.clone(),
                    mover: current,
                    visits: 0,
                    available: 1,
                    score: 0.0,
                    children: Vec::new(),
                });
                self.nodes.get_mut(node as usize)?.children.push(child);
                engine.dispatch_move(moves, at).ok()?;
                path.push(child);
                break;
            }
            let (_, child) = best?;
            let at = keys
                .iter()
                .position(|k| *k == self.nodes[child as usize].key)?;
            engine.dispatch_move(moves, at).ok()?;
            path.push(child);
            node = child;
        }
        // playout
        for _ in 0..self.config.max_playout {
            let state = engine.state();
            if state.status() != GameStatus::Playing {
                break;
            }
            let current = state.current_player()?;
            game.legal_moves(state, current, moves);
            if moves.is_empty() {
                break;
            }
            let pick = match self.playout {
                Some(policy) => {
                    policy(state, current, moves, &mut self.rng).filter(|i| *i < moves.len())
                }
                None => None,
            }
            .unwrap_or_else(|| self.rng.index(moves.len()));
            engine.dispatch_move(moves, pick).ok()?;
        }
        // backpropagation: 1 to the best score (shared among equals), 0 to the others,
        // whatever the scale of the game's scores
        let state = engine.state();
        let scores = (self.scoring)(state);
        let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let sharing = scores.iter().filter(|s| **s == best).count().max(1) as f64;
        let players: Vec<PlayerId> = state.players().collect();
        for &n in path.iter().skip(1) {
            let node = self.nodes.get_mut(n as usize)?;
            let at = players.iter().position(|p| *p == node.mover)?;
            node.visits += 1;
            if scores.get(at).is_some_and(|s| *s == best) {
                node.score += 1.0 / sharing;
            }
        }
        Some(())
    }
}

impl Bot for IsmctsBot {
    fn name(&self) -> &str {
        "ismcts"
    }

    fn hears(&self) -> bool {
        self.hints.hears() || self.prior.as_ref().is_some_and(|p| p.follows())
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
        self.hints.hear(before, events);
    }

    fn take_prior(&mut self, prior: Box<dyn Prior>) -> Result<(), Box<dyn Prior>> {
        self.prior = Some(prior);
        Ok(())
    }

    fn choose(&mut self, info: &InfoState, moves: &Moves) -> Option<usize> {
        if moves.len() <= 1 {
            return (!moves.is_empty()).then_some(0);
        }
        let knowledge = self.hints.knowledge(info);
        self.root_prior.clear();
        if let Some(prior) = self.prior.as_deref_mut() {
            let key_of = |at: usize| moves.with(at, key);
            weigh_by_key(prior, info, moves, key_of, &mut self.root_prior);
        }
        self.nodes.clear();
        self.nodes.push(Node {
            key: String::new(),
            mover: info.seat(),
            visits: 0,
            available: 0,
            score: 0.0,
            children: Vec::new(),
        });
        let mut scratch = Moves::new();
        let Some(known) = self.adopt(info, &knowledge) else {
            return Some(self.rng.index(moves.len()));
        };
        for i in 0..self.config.iterations {
            if i > 0 && self.adopt(&known, &knowledge).is_none() {
                break;
            }
            if self.iterate(&mut scratch).is_none() {
                break;
            }
        }
        let keys: Vec<String> = moves.each(key).collect();
        let root = self.nodes.first()?;
        let best = root
            .children
            .iter()
            .filter_map(|c| self.nodes.get(*c as usize))
            .filter(|n| n.mover == info.seat())
            .filter_map(|n| Some((n.visits, keys.iter().position(|k| *k == n.key)?)))
            .max_by_key(|(visits, _)| *visits);
        best.map(|(_, at)| at).or(Some(0))
    }
}
