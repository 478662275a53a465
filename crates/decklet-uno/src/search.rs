//! [`UnoSearchBot`]: UNO's own search, single-observer information-set Monte Carlo
//! tree search (Cowling, Powley and Whitehouse, 2012), over whatever plugins the game
//! runs: a bot of any game ([`decklet_bots::Bot`]) that plays UNO only, and what the
//! catalogue's `ismcts` is for UNO. It knows more of UNO than the search of any game
//! (`decklet_bots::IsmctsBot`) does: it plays its playouts out with the heuristic's
//! policy, cuts them short and scores the cards held, tells moves apart by what the card
//! is (two red sevens are one move), and learns from the moves it hears.
//!
//! One tree per move, of the moves made from the bot's information set. Each iteration:
//! 1. **determinize**: sample a whole game the seat cannot tell from the real one and
//!    that agrees with what it learnt from the moves it saw ([`HandKnowledge`]:
//!    a player who drew instead of playing holds no card that was playable then), with
//!    [`InfoState::determinize`] (from what the seat knows alone), and let a scratch
//!    engine adopt it;
//! 2. **select**: from the root, while every action legal in that world has a child,
//!    follow the child with the best UCB score among those legal in it (each of them
//!    counts one more *availability*: the number of iterations it could have been
//!    chosen in stands for the parent's visits);
//! 3. **expand**: add one untried legal action, chosen at random, and play it;
//! 4. **play out** with [`HeuristicBot`]'s policy ([`PlayoutPolicy`]) to the end, or, with a
//!    cutoff ([`UnoSearchConfig::cutoff`]), for that many actions: then each player's
//!    share of the win is proportional to 1.5 to the power of minus their cards;
//! 5. **back up**: every node on the path counts a visit, and a win (or its share)
//!    when the player who made its move won.
//!
//! The move played is the root's most visited child. With an iteration budget the bot is
//! deterministic for its seed; with a time budget it is not.

use std::sync::Arc;
use std::time::{Duration, Instant};

use decklet_bots::{Prior, prior_bonus, weigh_by_key};
use decklet_core::{
    AnyEvent, EngineConfig, Game, GameEngine, GameRng, InfoState, Moves, PlayerId, SeatKnowledge,
};

use crate::bluff::bluff_chance;
use crate::bots::{HeuristicBot, InWorld, Reading, choose_in_words, random_pick};
use crate::cards::UnoCard;
use crate::house::UNO_VAR_CHALLENGE_FROM;
use crate::knowledge::HandKnowledge;
use crate::legal::legal_actions_into;
use crate::legal_action::LegalAction;
use crate::state::{UnoTable, seen_uno_table, uno_table};

/// How long an [`UnoSearchBot`] thinks, and how it weighs exploring against winning.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UnoSearchConfig {
    /// Iterations per move.
    pub iterations: u32,
    /// A time limit per move, as well (`None`: the iterations alone decide, and the bot
    /// is deterministic for its seed).
    pub time: Option<Duration>,
    /// The UCB exploration constant (0.7 by default: wins are 0 or 1).
    pub exploration: f64,
    /// The longest playout, in actions (a playout that reaches it counts as nobody's
    /// win).
    pub max_playout: u32,
    /// How playouts choose their moves.
    pub playout: PlayoutPolicy,
    /// Stop a playout after this many actions (20 by default) and score the position
    /// instead: each player's share of the win is proportional to 1.5 to the power of
    /// minus the cards they hold. `None`: play every playout to the end (about twice
    /// as slow, and weaker: see `docs/bots.md`).
    pub cutoff: Option<u32>,
    /// Learn from the moves heard (`decklet_bots::Bot::hear`) that a player who drew instead of
    /// playing held no playable card ([`HandKnowledge`]), and sample only worlds that
    /// agree (on by default). That holds against players who play whenever they can
    /// (`HeuristicBot`, this bot); against one who draws at random it misleads.
    pub infer_from_draws: bool,
    /// How much a prior's weights count at the root (`decklet_bots::prior_bonus`;
    /// default 1): nothing without a prior (`decklet_bots::Bot::take_prior`).
    pub prior_weight: f64,
    /// Answer a wild draw four (accept or challenge) by the bluff model instead of the
    /// search: challenge when [`bluff_chance`] says a bluff is the
    /// likelier, the worlds weighed by how likely `HeuristicBot`'s policy was to play
    /// the card with the hand each deals (on by default): see `docs/bots.md`.
    pub model_bluffs: bool,
}

impl Default for UnoSearchConfig {
    fn default() -> Self {
        UnoSearchConfig {
            iterations: 1000,
            time: None,
            exploration: 0.7,
            max_playout: 2000,
            playout: PlayoutPolicy::default(),
            cutoff: Some(20),
            infer_from_draws: true,
            prior_weight: 1.0,
            model_bluffs: true,
        }
    }
}

/// How a cut playout is scored: a player's chance of winning is taken as proportional
/// to `CUTOFF_ODDS` to the power of minus the cards they hold (each card fewer makes
/// them 1.5 times as likely to win). Chosen by measurement: see `docs/bots.md`.
const CUTOFF_ODDS: f64 = 1.5;

/// How many worlds [`bluff_chance`] weighs to answer a wild draw four.
const BLUFF_WORLDS: u32 = 1_000;

/// One node of the tree: a move, by whom, and what came of it.
#[derive(Clone, Debug)]
struct Node {
    /// The move that leads here (none at the root).
    action: Option<Move>,
    /// Who made it.
    mover: Option<PlayerId>,
    children: Vec<u32>,
    visits: u32,
    /// Iterations in which this node's move was legal when its parent was reached.
    available: u32,
    wins: f64,
}

impl Node {
    fn new(action: Option<Move>, mover: Option<PlayerId>) -> Node {
        Node {
            action,
            mover,
            children: Vec::new(),
            visits: 0,
            available: 0,
            wins: 0.0,
        }
    }
}

/// A move as the tree tells moves apart: playing a card is playing what the card is
/// (two red sevens are one move), anything else is itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Move {
    /// Play a card that is this.
    Card(UnoCard),
    /// Any other action (a card UNO does not know is played by its handle).
    Other(LegalAction),
}

impl Move {
    fn of(table: Option<&UnoTable>, action: LegalAction) -> Move {
        match action {
            LegalAction::Play(card) => match table.and_then(|t| t.card(card)) {
                Some(view) => Move::Card(view),
                None => Move::Other(action),
            },
            other => Move::Other(other),
        }
    }
}

/// How playouts choose their moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PlayoutPolicy {
    /// [`UnoRandomBot`](crate::UnoRandomBot)'s policy: fast.
    Random,
    /// [`HeuristicBot`]'s policy: slower, and the searches it feeds play better.
    #[default]
    Heuristic,
}

/// A search bot: single-observer information-set MCTS. It is handed only its seat's
/// information state: every world it searches is sampled from it.
///
/// ```
/// use decklet_bots::ask;
/// use decklet_core::Moves;
/// use decklet_uno::{new_uno_engine, uno_game, UnoSearchBot, UnoSearchConfig};
/// let game = uno_game(&[])?;
/// let engine = new_uno_engine(&game, 3, 2)?;
/// let player = engine.state().current_player().ok_or("nobody's turn")?;
/// let config = UnoSearchConfig { iterations: 50, ..UnoSearchConfig::default() };
/// let mut moves = Moves::new();
/// let choice = ask(&mut UnoSearchBot::new(&game, config, 1), &engine, player, &mut moves);
/// assert!(choice.is_some_and(|i| i < moves.len()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct UnoSearchBot {
    config: UnoSearchConfig,
    game: Arc<Game>,
    rng: GameRng,
    /// The random playouts' own RNG.
    random: GameRng,
    heuristic: HeuristicBot,
    reading: Reading,
    /// The engine the worlds are played in (made at the first move).
    engine: Option<GameEngine>,
    nodes: Vec<Node>,
    legal: Vec<LegalAction>,
    /// The distinct moves among `legal`, each with one action that makes it.
    moves: Vec<(Move, LegalAction)>,
    path: Vec<u32>,
    /// Iterations run by the last move.
    last_iterations: u32,
    /// What the moves seen taught of the other hands.
    knowledge: HandKnowledge,
    /// What it knows beyond what it sees, for the worlds of the move being searched.
    known: SeatKnowledge,
    /// What weighs the root's moves, if anything.
    prior: Option<Box<dyn Prior>>,

    /// The prior's weight of each of the root's moves (empty without a prior).
    root_prior: Vec<(Move, f64)>,
}

impl std::fmt::Debug for UnoSearchBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UnoSearchBot")
            .field("config", &self.config)
            .field("game", &self.game)
            .finish_non_exhaustive()
    }
}

impl UnoSearchBot {
    /// A search bot for `game` (see [`uno_game`](crate::uno_game)), seeded: the match it
    /// is asked to play must be one of that game, whose worlds it plays on engines of
    /// it, and [`legal_actions`](crate::legal_actions) must list its moves.
    pub fn new(game: &Arc<Game>, config: UnoSearchConfig, seed: u64) -> Self {
        let mut rng = GameRng::seed_from(seed);
        let random = GameRng::seed_from(rng.next_u64());
        let heuristic = HeuristicBot::new(rng.next_u64());
        UnoSearchBot {
            config,
            game: Arc::clone(game),
            rng,
            random,
            heuristic,
            reading: Reading::default(),
            engine: None,
            nodes: Vec::new(),
            legal: Vec::new(),
            moves: Vec::new(),
            path: Vec::new(),
            last_iterations: 0,
            knowledge: HandKnowledge::default(),
            known: SeatKnowledge::default(),
            prior: None,
            root_prior: Vec::new(),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &UnoSearchConfig {
        &self.config
    }

    /// How many iterations the last move ran (fewer than configured when time ran out).
    pub fn last_iterations(&self) -> u32 {
        self.last_iterations
    }

    /// The scratch engine, holding a world of the game `info` knows of, and the seat's
    /// information state in it: the same knowledge, of the scratch engine's game (the
    /// first world of a move is adopted whole, setup and checks; the worlds sampled from
    /// the returned information state share the tables it made, so each of them is
    /// only validated).
    fn engine_for(&mut self, info: &InfoState) -> Option<InfoState> {
        let world = info.determinize(&self.known, &mut self.rng).ok()?;
        let engine = self.engine.get_or_insert_with(|| {
            let quiet = EngineConfig {
                collect_events: false,
                ..EngineConfig::default()
            };
            GameEngine::new(&self.game, quiet)
        });
        engine.load_state(world).ok()?;
        Some(engine.state().info_state(info.seat()))
    }

    /// Counts one more availability for each child of `node` whose move `current` may
    /// make now (in `moves`); returns the one with the best UCB score (at the root,
    /// with the prior's bonus: `prior` holds the root moves' weights, and `weight`).
    fn count_available(
        nodes: &mut [Node],
        moves: &[(Move, LegalAction)],
        (exploration, weight): (f64, f64),
        (node, prior): (u32, &[(Move, f64)]),
        current: PlayerId,
    ) -> Option<(f64, u32)> {
        let count = nodes.get(node as usize)?.children.len();
        let mut best: Option<(f64, u32)> = None;
        for k in 0..count {
            let child = *nodes.get(node as usize)?.children.get(k)?;
            let Some(n) = nodes.get_mut(child as usize) else {
                continue;
            };
            if n.mover != Some(current) || !moves.iter().any(|(m, _)| Some(*m) == n.action) {
                continue;
            }
            n.available += 1;
            let visits = f64::from(n.visits.max(1));
            let mut score =
                n.wins / visits + exploration * (f64::from(n.available).ln() / visits).sqrt();
            if node == 0
                && let Some((_, p)) = prior.iter().find(|(m, _)| Some(*m) == n.action)
            {
                score += prior_bonus(weight, *p, n.available, n.visits);
            }
            if best.is_none_or(|(top, _)| score > top) {
                best = Some((score, child));
            }
        }
        best
    }

    /// Whether `node` has a child for `current` making `action`.
    fn tried(nodes: &[Node], node: u32, current: PlayerId, action: Move) -> bool {
        nodes.get(node as usize).is_some_and(|parent| {
            parent.children.iter().any(|c| {
                nodes
                    .get(*c as usize)
                    .is_some_and(|n| n.mover == Some(current) && n.action == Some(action))
            })
        })
    }

    /// Runs one iteration from the information set `root`.
    fn iterate(&mut self, root: &InfoState) -> Option<()> {
        let world = root.determinize(&self.known, &mut self.rng).ok()?;
        let exploration = self.config.exploration;
        let engine = self.engine.as_mut()?;
        engine.load_state(world).ok()?;
        let table = uno_table(engine.state()).map(|t| t.into_owned());
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        // selection and expansion
        loop {
            let state = engine.state();
            if !state.winners().is_empty() {
                break;
            }
            let Some(current) = state.current_player() else {
                break;
            };
            legal_actions_into(state, current, &mut self.legal);
            self.moves.clear();
            for action in &self.legal {
                let m = Move::of(table.as_ref(), *action);
                if !self.moves.iter().any(|(seen, _)| *seen == m) {
                    self.moves.push((m, *action));
                }
            }
            if self.moves.is_empty() {
                break;
            }
            let untried = self
                .moves
                .iter()
                .filter(|(m, _)| !Self::tried(&self.nodes, node, current, *m))
                .count();
            let best = Self::count_available(
                &mut self.nodes,
                &self.moves,
                (exploration, self.config.prior_weight),
                (node, &self.root_prior),
                current,
            );
            if untried > 0 {
                let pick = self.rng.index(untried);
                let (m, action) = self
                    .moves
                    .iter()
                    .filter(|(m, _)| !Self::tried(&self.nodes, node, current, *m))
                    .nth(pick)
                    .copied()?;
                let child = u32::try_from(self.nodes.len()).ok()?;
                let mut fresh = Node::new(Some(m), Some(current));
                fresh.available = 1;
                self.nodes.push(fresh);
                self.nodes.get_mut(node as usize)?.children.push(child);
                action.dispatch(engine, current).ok()?;
                self.path.push(child);
                break;
            }
            let (_, child) = best?;
            let m = self.nodes.get(child as usize)?.action?;
            let action = self.moves.iter().find(|(seen, _)| *seen == m)?.1;
            action.dispatch(engine, current).ok()?;
            self.path.push(child);
            node = child;
        }
        // playout
        let mut steps = 0;
        let limit = self
            .config
            .cutoff
            .map_or(self.config.max_playout, |c| c.min(self.config.max_playout));
        while engine.state().winners().is_empty() && steps < limit {
            let state = engine.state();
            let Some(current) = state.current_player() else {
                break;
            };
            legal_actions_into(state, current, &mut self.legal);
            let action = match self.config.playout {
                PlayoutPolicy::Random => random_pick(&self.legal, &mut self.random),
                PlayoutPolicy::Heuristic if self.legal.len() > 1 => {
                    let seat = InWorld {
                        world: state,
                        seat: current,
                    };
                    self.heuristic.decide(&seat, &self.legal)
                }
                PlayoutPolicy::Heuristic => self.legal.first().copied(),
            };
            let Some(action) = action else {
                break;
            };
            action.dispatch(engine, current).ok()?;
            steps += 1;
        }
        // back up
        let state = engine.state();
        let winner = state.winners().first().copied();
        // a playout cut before its end: each player's chance from the cards held
        let odds = |p: PlayerId| CUTOFF_ODDS.powi(-(state.hand(p).len().min(500) as i32));
        let total: f64 = match winner {
            None if self.config.cutoff.is_some() => state.players().map(odds).sum(),
            _ => 0.0,
        };
        for &n in &self.path {
            let node = self.nodes.get_mut(n as usize)?;
            node.visits += 1;
            match (winner, node.mover) {
                (Some(w), Some(mover)) if w == mover => node.wins += 1.0,
                (None, Some(mover)) if total > 0.0 => node.wins += odds(mover) / total,
                _ => {}
            }
        }
        Some(())
    }
}

impl decklet_bots::Bot for UnoSearchBot {
    fn name(&self) -> &str {
        "ismcts"
    }

    fn choose(&mut self, info: &InfoState, moves: &Moves) -> Option<usize> {
        self.weigh_root(info, moves);
        choose_in_words(
            self,
            |b| &mut b.reading,
            moves,
            |b, legal| b.search(info, legal),
        )
    }

    fn acts_out_of_turn(&self) -> bool {
        true
    }

    /// Out of turn the search does not run (its tree follows the current player): the
    /// heuristic's choice (catch, call UNO, jump in).
    fn choose_out_of_turn(&mut self, info: &InfoState, moves: &Moves) -> Option<usize> {
        decklet_bots::Bot::choose_out_of_turn(&mut self.heuristic, info, moves)
    }

    fn hears(&self) -> bool {
        self.config.infer_from_draws || self.prior.as_ref().is_some_and(|p| p.follows())
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
        self.hear(before, events);
    }

    fn take_prior(&mut self, prior: Box<dyn Prior>) -> Result<(), Box<dyn Prior>> {
        self.prior = Some(prior);
        Ok(())
    }

    /// Learns from every move heard, as [`UnoHints`](crate::UnoHints) does.
    fn hear(&mut self, before: &InfoState, events: &[AnyEvent]) {
        if self.config.infer_from_draws
            && let Some((player, action)) = crate::heard_move(before, events)
        {
            self.knowledge.observe(before, player, action);
        }
    }
}

impl UnoSearchBot {
    /// Asks the prior, if any, to weigh the seat's listed moves: the weight of each of
    /// the tree's moves (cards alike are one move, their weights summed).
    fn weigh_root(&mut self, info: &InfoState, moves: &Moves) {
        self.root_prior.clear();
        let Some(prior) = self.prior.as_deref_mut() else {
            return;
        };
        let table = seen_uno_table(info);
        let key_of = |at: usize| {
            LegalAction::of_move(moves, at).map(|action| Move::of(table.as_deref(), action))
        };
        weigh_by_key(prior, info, moves, key_of, &mut self.root_prior);
    }

    /// The answer to a wild draw four by the bluff model: challenge when a bluff is the
    /// likelier ([`bluff_chance`], what the card itself would teach of its player's hand
    /// left out: the model weighs that instead).
    fn answer_by_model(&mut self, view: &InfoState) -> Option<LegalAction> {
        let challenged = view
            .variable(&UNO_VAR_CHALLENGE_FROM)
            .and_then(|text| view.player_id(&text))
            .and_then(|p| view.hand_zone(p));
        let mut known = self.known.clone();
        known.limits.retain(|l| Some(l.zone) != challenged);
        let chance = bluff_chance(view, &known, BLUFF_WORLDS, &mut self.rng)?;
        Some(match chance > 0.5 {
            true => LegalAction::Challenge,
            false => LegalAction::AcceptDrawFour,
        })
    }

    /// The search's move among `legal`, the seat's moves in UNO's words.
    fn search(&mut self, view: &InfoState, legal: &[LegalAction]) -> Option<LegalAction> {
        if legal.len() <= 1 {
            return legal.first().copied();
        }
        let started = Instant::now();
        self.known.limits = self.knowledge.limits(view);
        if self.config.model_bluffs
            && legal.contains(&LegalAction::Challenge)
            && let Some(answer) = self.answer_by_model(view)
        {
            return legal.iter().find(|a| **a == answer).copied();
        }
        let root = self.engine_for(view)?;
        self.nodes.clear();
        self.nodes.push(Node::new(None, None));
        self.last_iterations = 0;
        for i in 0..self.config.iterations {
            if let Some(limit) = self.config.time
                && i % 16 == 0
                && started.elapsed() >= limit
            {
                break;
            }
            if self.iterate(&root).is_none() {
                break; // a world the plugins refused: keep what was learnt
            }
            self.last_iterations += 1;
        }
        // the most visited of the root's moves (all of them the seat's, legal now)
        let table = seen_uno_table(view);
        let best = self
            .nodes
            .first()?
            .children
            .iter()
            .filter_map(|c| self.nodes.get(*c as usize))
            .max_by(|a, b| a.visits.cmp(&b.visits).then(a.wins.total_cmp(&b.wins)))
            .and_then(|n| n.action);
        legal
            .iter()
            .find(|a| Some(Move::of(table.as_deref(), **a)) == best)
            .or_else(|| legal.first())
            .copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::legal::legal_actions;
    use crate::sim::{new_uno_engine, uno_game};

    /// Cut at once, a playout is scored by the cards held: after a play the seat holds
    /// 6 cards to its opponent's 7 (a share of 1.5 / 2.5), after a draw 8 (1 / 2.5).
    #[test]
    fn a_cut_playout_is_scored_by_the_cards_held() -> Result<(), Box<dyn std::error::Error>> {
        let engine = new_uno_engine(&uno_game(&[])?, 4, 2)?;
        let state = engine.state();
        let seat = state.current_player().ok_or("no turn")?;
        let legal = legal_actions(state, seat);
        assert!(legal.len() >= 2, "a play and a draw at least");
        let table = uno_table(state).map(|t| t.into_owned());
        let mut distinct: Vec<Move> = Vec::new();
        for m in legal.iter().map(|a| Move::of(table.as_ref(), *a)) {
            if !distinct.contains(&m) {
                distinct.push(m);
            }
        }
        let config = UnoSearchConfig {
            iterations: distinct.len() as u32, // one expansion of each root move
            cutoff: Some(0),
            ..UnoSearchConfig::default()
        };
        let game = uno_game(&[]).unwrap(); // ok: a test; UNO's own plugins always build
        let mut bot = UnoSearchBot::new(&game, config, 1);
        bot.search(&state.info_state(seat), &legal);
        let root = &bot.nodes[0];
        assert_eq!(root.children.len(), distinct.len());
        for child in &root.children {
            let node = &bot.nodes[*child as usize];
            assert_eq!(node.visits, 1);
            let expected = match node.action {
                Some(Move::Other(LegalAction::Draw)) => 0.4,
                _ => 0.6,
            };
            assert!(
                (node.wins - expected).abs() < 1e-9,
                "{:?}: {}",
                node.action,
                node.wins
            );
        }
        Ok(())
    }
}
