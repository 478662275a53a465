//! Exact yardsticks for small games: [`GameTree`] holds a whole game, built by making
//! every listed move from each chance outcome the game enumerates (its deals);
//! [`Cfr`] runs CFR+ on it towards an equilibrium; [`exploitability`] measures any
//! policy of it exactly (two players, zero-sum), as OpenSpiel's `exploitability` does:
//! the mean of what a best response to the policy wins, over the two seats.
//!
//! A decision's information set is what its seat knows there: the seat's
//! [`InfoState`](decklet_core::InfoState) as JSON, and every event of the moves since
//! the deal as the seat heard it (its view). The tree checks that the game
//! remembers (perfect recall: every history of an information set has the seat make
//! the same moves before it, from the same information sets) and that the two players'
//! results add up to nothing; a game that fails either is refused, named.
//!
//! A game gives its deals through its catalogue entry (`GameDef::deals`); the Kuhn
//! poker crate's documentation solves that game this way: its deals are the roots,
//! `GameTree::build` holds its 54 positions and 12 information sets, `Cfr::run`
//! iterates and `exploitability` measures the average policy.

use std::collections::HashMap;

use decklet_core::{GameEngine, GameStatus, Moves};

use crate::play::Scoring;

/// One chance outcome of a game (a deal): a started engine, and its probability.
pub struct ChanceRoot {
    /// How likely the outcome is (the roots of a game sum to 1).
    pub probability: f64,
    /// The game, dealt this way, before anyone moves.
    pub engine: GameEngine,
}

/// Why a game's tree cannot be built.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum TreeError {
    /// More nodes than the limit.
    #[error("the game has more than {0} positions: too large to hold whole")]
    TooLarge(usize),
    /// Not a game of two players.
    #[error("the game seats {0} players: the solver takes two")]
    Players(usize),
    /// A seat may move when it is not its turn.
    #[error("a seat may move out of turn: the solver takes games of turns alone")]
    OutOfTurn,
    /// The results do not add up to nothing.
    #[error("the results {0:?} do not add up to 0: the solver takes zero-sum games")]
    NotZeroSum(Vec<f64>),
    /// An information set's histories disagree.
    #[error("the information state does not remember: {0}")]
    Recall(String),
    /// A move could not be made, or a game not listed.
    #[error("{0}")]
    Engine(String),
    /// No chance outcome, a probability below 0 or not a number, or probabilities
    /// that do not sum to 1.
    #[error("the chance outcomes' probabilities sum to {0}, not 1, or one is below 0")]
    Chance(f64),
    /// A seat to move with no move listed.
    #[error("a seat is to move but has no move: the game would stand still")]
    NoMove,
    /// A policy that is not one of this tree's: a set missing, a set's probabilities
    /// of another number than its moves, below 0, or not summing to 1.
    #[error("not a policy of this tree: {0}")]
    Policy(String),
    /// A seat other than 0 or 1.
    #[error("seat {0}: the tree's seats are 0 and 1")]
    Seat(usize),
}

/// A node of the tree.
#[derive(Clone, Debug)]
enum Node {
    /// A seat (0 or 1) chooses among the children, in its listed moves' order.
    Decision {
        seat: usize,
        infoset: usize,
        children: Vec<usize>,
    },
    /// The game is over: each seat's result.
    Terminal { results: [f64; 2] },
}

/// One information set: whose it is, and its moves in words (the actions as JSON).
#[derive(Clone, Debug, PartialEq)]
pub struct Infoset {
    /// The seat (0 or 1) that moves in it.
    pub seat: usize,
    /// What the seat knows there (its information state, as JSON).
    pub key: String,
    /// Its moves, as JSON, in listed order.
    pub moves: Vec<String>,
    /// The seat's own earlier decisions, (information set, move) each: the same for
    /// every history of the set (perfect recall).
    recall: Vec<(usize, usize)>,
}

/// A whole game, from its chance outcomes to every end.
#[derive(Debug)]
pub struct GameTree {
    nodes: Vec<Node>,
    roots: Vec<(f64, usize)>,
    infosets: Vec<Infoset>,
    /// A position of each information set (its first history): what a bot is asked
    /// there ([`bot_policy`]).
    positions: Vec<GameEngine>,
}

/// A policy over a tree's information sets: for each (by index), a probability for each
/// of its moves.
pub type TabularPolicy = Vec<Vec<f64>>;

impl GameTree {
    /// The tree of the game dealt as `roots`, its ends scored by `scoring` (each
    /// player's result, in player order; a seat's is its player's): at most `limit`
    /// nodes.
    pub fn build(
        roots: Vec<ChanceRoot>,
        scoring: Scoring,
        limit: usize,
    ) -> Result<GameTree, TreeError> {
        let total: f64 = roots.iter().map(|r| r.probability).sum();
        let negative = (roots.iter()).any(|r| r.probability.is_nan() || r.probability < 0.0);
        if roots.is_empty() || negative || total.is_nan() || (total - 1.0).abs() > 1e-9 {
            return Err(TreeError::Chance(total));
        }
        let mut tree = GameTree {
            nodes: Vec::new(),
            roots: Vec::new(),
            infosets: Vec::new(),
            positions: Vec::new(),
        };
        let mut keys: HashMap<String, usize> = HashMap::new();
        for root in roots {
            let players = root.engine.state().player_count();
            if players != 2 {
                return Err(TreeError::Players(players));
            }
            let mut recall = [Vec::new(), Vec::new()];
            let mut heard = [String::new(), String::new()];
            let at = tree.grow(
                root.engine,
                scoring,
                limit,
                &mut keys,
                &mut recall,
                &mut heard,
            )?;
            tree.roots.push((root.probability, at));
        }
        Ok(tree)
    }

    /// Adds the subtree of `engine`'s position; `recall` holds each seat's decisions
    /// on the way here. Returns the subtree's node.
    fn grow(
        &mut self,
        engine: GameEngine,
        scoring: Scoring,
        limit: usize,
        keys: &mut HashMap<String, usize>,
        recall: &mut [Vec<(usize, usize)>; 2],
        heard: &mut [String; 2],
    ) -> Result<usize, TreeError> {
        if self.nodes.len() >= limit {
            return Err(TreeError::TooLarge(limit));
        }
        let state = engine.state();
        let seats = state.seat_order().to_vec();
        let mover = state
            .current_player()
            .filter(|_| state.status() == GameStatus::Playing);
        let Some(mover) = mover else {
            // results in player order, read by seat
            let results = scoring(state);
            if results.len() != state.player_count() {
                return Err(TreeError::Engine(format!(
                    "the scoring gave {} results for {} players",
                    results.len(),
                    state.player_count()
                )));
            }
            let of = |seat: usize| {
                let player = seats.get(seat).copied();
                let at = player.and_then(|p| state.players().position(|q| q == p));
                at.and_then(|i| results.get(i)).copied().unwrap_or(0.0)
            };
            let results = [of(0), of(1)];
            if (results[0] + results[1]).abs() > 1e-9 {
                return Err(TreeError::NotZeroSum(results.to_vec()));
            }
            self.nodes.push(Node::Terminal { results });
            return Ok(self.nodes.len() - 1);
        };
        let game = engine.game();
        if game.moves_out_of_turn(state) {
            return Err(TreeError::OutOfTurn);
        }
        let seat = seats.iter().position(|p| *p == mover).unwrap_or(0).min(1);
        let mut moves = Moves::new();
        game.legal_moves(state, mover, &mut moves);
        if moves.is_empty() {
            return Err(TreeError::NoMove);
        }
        let named: Vec<String> = (0..moves.len())
            .map(|i| {
                let action = moves.to_any(i);
                let json = action.and_then(|a| state.json_of(&a).ok());
                json.map_or_else(|| format!("move {i}"), |j| j.to_string())
            })
            .collect();
        let known = serde_json::to_string(&state.info_state(mover))
            .map_err(|e| TreeError::Engine(e.to_string()))?;
        // what the seat knows: its information state, and every event of the moves so
        // far as it heard them
        let key = format!("{known}\n{}", heard.get(seat).map_or("", String::as_str));
        let own = recall.get(seat).cloned().unwrap_or_default();
        let infoset = match keys.get(&key) {
            Some(&at) => {
                let known = self.infosets.get(at).ok_or(TreeError::TooLarge(limit))?;
                if known.moves != named || known.recall != own || known.seat != seat {
                    return Err(TreeError::Recall(format!(
                        "two positions its seat cannot tell apart differ in its moves or in its own earlier moves ({key})"
                    )));
                }
                at
            }
            None => {
                self.infosets.push(Infoset {
                    seat,
                    key: key.clone(),
                    moves: named,
                    recall: own,
                });
                self.positions.push(engine.fork());
                keys.insert(key, self.infosets.len() - 1);
                self.infosets.len() - 1
            }
        };
        let at = self.nodes.len();
        self.nodes.push(Node::Decision {
            seat,
            infoset,
            children: Vec::new(),
        });
        let mut children = Vec::with_capacity(moves.len());
        for index in 0..moves.len() {
            let mut next = engine.fork();
            let outcome = (next.dispatch_move(&moves, index))
                .map_err(|e| TreeError::Engine(e.to_string()))?;
            if let Some(mine) = recall.get_mut(seat) {
                mine.push((infoset, index));
            }
            let lengths = [heard[0].len(), heard[1].len()];
            for (at, text) in heard.iter_mut().enumerate() {
                if let Some(listener) = seats.get(at) {
                    for event in &outcome.events {
                        let json = event.view_for(*listener).to_json();
                        let json = json.map_err(|e| TreeError::Engine(e.to_string()))?;
                        text.push_str(&json.to_string());
                        text.push('\n');
                    }
                }
            }
            let child = self.grow(next, scoring, limit, keys, recall, heard);
            for (text, len) in heard.iter_mut().zip(lengths) {
                text.truncate(len);
            }
            if let Some(mine) = recall.get_mut(seat) {
                mine.pop();
            }
            children.push(child?);
        }
        if let Some(Node::Decision { children: slot, .. }) = self.nodes.get_mut(at) {
            *slot = children;
        }
        Ok(at)
    }

    /// How many nodes it has (decisions and ends).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether it has no node (never, once built).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Its information sets, by index (a [`TabularPolicy`]'s order).
    pub fn infosets(&self) -> &[Infoset] {
        &self.infosets
    }

    /// The policy that plays every move of every information set alike.
    pub fn uniform(&self) -> TabularPolicy {
        (self.infosets.iter())
            .map(|i| vec![1.0 / i.moves.len().max(1) as f64; i.moves.len()])
            .collect()
    }

    /// What `policy`, played by both seats, gives seat 0 on average; an error for a
    /// policy that is not one of this tree's ([`check`](Self::check)).
    pub fn value(&self, policy: &TabularPolicy) -> Result<f64, TreeError> {
        self.check(policy)?;
        Ok((self.roots.iter())
            .map(|(p, root)| p * self.value_at(*root, policy))
            .sum())
    }

    /// Checks that `policy` is one of this tree's: a row an information set, each with
    /// a probability a move, none below 0, summing to 1.
    pub fn check(&self, policy: &TabularPolicy) -> Result<(), TreeError> {
        if policy.len() != self.infosets.len() {
            return Err(TreeError::Policy(format!(
                "{} rows for {} information sets",
                policy.len(),
                self.infosets.len()
            )));
        }
        for (at, (row, set)) in policy.iter().zip(&self.infosets).enumerate() {
            let sum: f64 = row.iter().sum();
            if row.len() != set.moves.len()
                || row.iter().any(|p| p.is_nan() || *p < 0.0)
                || sum.is_nan()
                || (sum - 1.0).abs() > 1e-9
            {
                return Err(TreeError::Policy(format!(
                    "information set {at}: {row:?} for {} moves",
                    set.moves.len()
                )));
            }
        }
        Ok(())
    }

    fn value_at(&self, node: usize, policy: &TabularPolicy) -> f64 {
        match self.nodes.get(node) {
            Some(Node::Terminal { results }) => results[0],
            Some(Node::Decision {
                infoset, children, ..
            }) => children
                .iter()
                .zip(policy.get(*infoset).map_or(&[][..], Vec::as_slice))
                .map(|(child, p)| p * self.value_at(*child, policy))
                .sum(),
            None => 0.0,
        }
    }
}

/// What a best response to `policy` wins, for seat `responder`: the seat plays, in each
/// of its information sets, the move worth most against the other seat's policy and
/// chance, given what the seat knows there.
pub fn best_response_value(
    tree: &GameTree,
    policy: &TabularPolicy,
    responder: usize,
) -> Result<f64, TreeError> {
    if responder > 1 {
        return Err(TreeError::Seat(responder));
    }
    tree.check(policy)?;
    // each of the responder's information sets: its histories, with the chance and
    // opponent's reach of each
    let mut histories: Vec<Vec<(usize, f64)>> = vec![Vec::new(); tree.infosets.len()];
    for (p, root) in &tree.roots {
        collect(tree, policy, responder, *root, *p, &mut histories);
    }
    let mut best: Vec<Option<usize>> = vec![None; tree.infosets.len()];
    Ok((tree.roots.iter())
        .map(|(p, root)| p * respond(tree, policy, responder, *root, &histories, &mut best))
        .sum())
}

/// Gathers the responder's histories below `node`, reached with `reach` by chance and
/// the other seat.
fn collect(
    tree: &GameTree,
    policy: &TabularPolicy,
    responder: usize,
    node: usize,
    reach: f64,
    histories: &mut [Vec<(usize, f64)>],
) {
    let Some(Node::Decision {
        seat,
        infoset,
        children,
    }) = tree.nodes.get(node)
    else {
        return;
    };
    if *seat == responder {
        if let Some(list) = histories.get_mut(*infoset) {
            list.push((node, reach));
        }
        for child in children {
            collect(tree, policy, responder, *child, reach, histories);
        }
    } else {
        let probabilities = policy.get(*infoset).map_or(&[][..], Vec::as_slice);
        for (child, p) in children.iter().zip(probabilities) {
            collect(tree, policy, responder, *child, reach * p, histories);
        }
    }
}

/// The responder's value below `node` when it best-responds (its choices in `best`,
/// found as they are needed).
fn respond(
    tree: &GameTree,
    policy: &TabularPolicy,
    responder: usize,
    node: usize,
    histories: &[Vec<(usize, f64)>],
    best: &mut Vec<Option<usize>>,
) -> f64 {
    match tree.nodes.get(node) {
        Some(Node::Terminal { results }) => results[responder.min(1)],
        Some(Node::Decision {
            seat,
            infoset,
            children,
        }) if *seat == responder => {
            let choice = choose(tree, policy, responder, *infoset, histories, best);
            children.get(choice).map_or(0.0, |child| {
                respond(tree, policy, responder, *child, histories, best)
            })
        }
        Some(Node::Decision {
            infoset, children, ..
        }) => {
            let probabilities = policy.get(*infoset).map_or(&[][..], Vec::as_slice);
            let mut value = 0.0;
            for (child, p) in children.iter().zip(probabilities) {
                if *p > 0.0 {
                    value += p * respond(tree, policy, responder, *child, histories, best);
                }
            }
            value
        }
        None => 0.0,
    }
}

/// The responder's best move in `infoset`: the one worth most over its histories,
/// each weighed by its reach.
fn choose(
    tree: &GameTree,
    policy: &TabularPolicy,
    responder: usize,
    infoset: usize,
    histories: &[Vec<(usize, f64)>],
    best: &mut Vec<Option<usize>>,
) -> usize {
    if let Some(Some(known)) = best.get(infoset) {
        return *known;
    }
    let count = tree.infosets.get(infoset).map_or(0, |i| i.moves.len());
    let mut worth = vec![0.0; count];
    for (node, reach) in histories.get(infoset).map_or(&[][..], Vec::as_slice) {
        if let Some(Node::Decision { children, .. }) = tree.nodes.get(*node) {
            for (w, child) in worth.iter_mut().zip(children) {
                *w += reach * respond(tree, policy, responder, *child, histories, best);
            }
        }
    }
    let choice = (worth.iter().enumerate())
        .max_by(|a, b| a.1.total_cmp(b.1))
        .map_or(0, |(i, _)| i);
    if let Some(slot) = best.get_mut(infoset) {
        *slot = Some(choice);
    }
    choice
}

/// The policy a bot plays: in each information set, how often it picks each move over
/// `samples` bots made by `make` (from seeds 0, 1, …), each asked once at a position of
/// the set, with what its seat knows there and nothing heard before (a search bot's
/// answer depends on its seed: the frequencies estimate its mixed policy). A set where
/// no bot answered with one of its moves (`samples` 0, or a bot that gives none) keeps
/// the uniform policy.
pub fn bot_policy(
    tree: &GameTree,
    samples: u64,
    mut make: impl FnMut(u64) -> Box<dyn crate::Bot>,
) -> TabularPolicy {
    let mut policy = tree.uniform();
    let mut moves = Moves::new();
    for (at, engine) in tree.positions.iter().enumerate() {
        let state = engine.state();
        let Some(mover) = state.current_player() else {
            continue;
        };
        moves.clear();
        engine.game().legal_moves(state, mover, &mut moves);
        let info = state.info_state(mover);
        let mut counts = vec![0u64; moves.len()];
        for seed in 0..samples {
            let mut bot = make(seed);
            if let Some(count) = bot.choose(&info, &moves).and_then(|i| counts.get_mut(i)) {
                *count += 1;
            }
        }
        let total: u64 = counts.iter().sum();
        if let Some(slot) = policy.get_mut(at)
            && total > 0
        {
            *slot = counts.iter().map(|c| *c as f64 / total as f64).collect();
        }
    }
    policy
}

/// How far `policy` is from an equilibrium: the mean, over the two seats, of what a
/// best response to it wins (0 exactly at an equilibrium of a zero-sum game; OpenSpiel's
/// `exploitability`, NashConv over the players).
pub fn exploitability(tree: &GameTree, policy: &TabularPolicy) -> Result<f64, TreeError> {
    Ok((best_response_value(tree, policy, 0)? + best_response_value(tree, policy, 1)?) / 2.0)
}

/// CFR+ on a tree (regret matching+, alternating updates, the average weighted by the
/// iteration), as OpenSpiel's `CFRPlusSolver` runs it.
pub struct Cfr<'t> {
    tree: &'t GameTree,
    /// Where each information set's moves start in `regrets`, `sums` and a pass's
    /// policy (one more entry: the end).
    offsets: Vec<usize>,
    regrets: Vec<f64>,
    sums: Vec<f64>,
    /// The values of the children of the decisions being walked, a decision's side by
    /// side (a stack).
    values: Vec<f64>,
    iterations: u64,
}

impl<'t> Cfr<'t> {
    /// A solver at its start (no regret; the average is uniform).
    pub fn new(tree: &'t GameTree) -> Cfr<'t> {
        let mut offsets = vec![0];
        for infoset in &tree.infosets {
            offsets.push(offsets.last().copied().unwrap_or(0) + infoset.moves.len());
        }
        let moves = offsets.last().copied().unwrap_or(0);
        Cfr {
            tree,
            offsets,
            regrets: vec![0.0; moves],
            sums: vec![0.0; moves],
            values: Vec::new(),
            iterations: 0,
        }
    }

    /// Iterations run.
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// Where an information set's moves lie in the flat tables.
    fn range(&self, infoset: usize) -> std::ops::Range<usize> {
        let start = self.offsets.get(infoset).copied().unwrap_or(0);
        start..self.offsets.get(infoset + 1).copied().unwrap_or(start)
    }

    /// Runs `iterations` more iterations.
    pub fn run(&mut self, iterations: u64) {
        let tree = self.tree;
        for _ in 0..iterations {
            self.iterations += 1;
            for seat in 0..2 {
                // the policy of this pass: regret matching+ on the regrets before it
                let policy = self.current();
                for (p, root) in &tree.roots {
                    self.walk(*root, seat, 1.0, *p, &policy);
                }
                // regret matching+: what the pass left below nothing is forgotten
                self.regrets.iter_mut().for_each(|r| *r = r.max(0.0));
            }
        }
    }

    /// The current policy of every information set, flat (as the regrets): regret
    /// matching+.
    fn current(&self) -> Vec<f64> {
        let mut policy = vec![0.0; self.regrets.len()];
        for infoset in 0..self.offsets.len().saturating_sub(1) {
            let range = self.range(infoset);
            let share = 1.0 / range.len().max(1) as f64;
            let (Some(regrets), Some(out)) = (
                self.regrets.get(range.clone()),
                policy.get_mut(range.clone()),
            ) else {
                continue;
            };
            let positive: f64 = regrets.iter().map(|r| r.max(0.0)).sum();
            for (p, r) in out.iter_mut().zip(regrets) {
                *p = match positive > 0.0 {
                    true => r.max(0.0) / positive,
                    false => share,
                };
            }
        }
        policy
    }

    /// `seat`'s value below `node`; updates its regrets and average where it moves.
    /// `own`: its own reach; `others`: chance's and the other seat's; `pass`: the
    /// policy of this pass, flat.
    fn walk(&mut self, node: usize, seat: usize, own: f64, others: f64, pass: &[f64]) -> f64 {
        let tree = self.tree;
        let (mover, infoset, children) = match tree.nodes.get(node) {
            Some(Node::Terminal { results }) => return results[seat.min(1)],
            Some(Node::Decision {
                seat,
                infoset,
                children,
            }) => (*seat, *infoset, children.as_slice()),
            None => return 0.0,
        };
        // nothing below is reached by anyone: nothing to learn there
        if own == 0.0 && others == 0.0 {
            return 0.0;
        }
        let range = self.range(infoset);
        let policy = pass.get(range.clone()).unwrap_or(&[]);
        if mover != seat {
            // a move the other seat never makes still leads to positions of this seat,
            // whose average counts them by this seat's own reach
            let mut value = 0.0;
            for (child, p) in children.iter().zip(policy) {
                value += p * self.walk(*child, seat, own, others * p, pass);
            }
            return value;
        }
        let base = self.values.len();
        for (child, p) in children.iter().zip(policy) {
            let v = self.walk(*child, seat, own * p, others, pass);
            self.values.push(v);
        }
        let values = self.values.get(base..).unwrap_or(&[]);
        let value: f64 = values.iter().zip(policy).map(|(v, p)| v * p).sum();
        let weight = self.iterations as f64;
        if let Some(regrets) = self.regrets.get_mut(range.clone()) {
            for (r, v) in regrets.iter_mut().zip(values) {
                *r += others * (v - value);
            }
        }
        if let Some(sums) = self.sums.get_mut(range) {
            for (s, p) in sums.iter_mut().zip(policy) {
                *s += weight * own * p;
            }
        }
        self.values.truncate(base);
        value
    }

    /// The average policy so far (uniform where a set was never reached).
    pub fn average(&self) -> TabularPolicy {
        (0..self.offsets.len().saturating_sub(1))
            .map(|infoset| {
                let sums = self.sums.get(self.range(infoset)).unwrap_or(&[]);
                let total: f64 = sums.iter().sum();
                match total > 0.0 {
                    true => sums.iter().map(|s| s / total).collect(),
                    false => vec![1.0 / sums.len().max(1) as f64; sums.len()],
                }
            })
            .collect()
    }
}
