//! A match: rounds of UNO with scoring, the first seat moving on each round, until a
//! player's points reach the target (500 by default). One seed gives every round's
//! seed, and one [`MatchLog`] (every round's game log) reproduces the whole match.
//!
//! ```
//! use decklet_bots::Bot;
//! use decklet_uno::{HeuristicBot, MatchConfig, play_match, replay_match};
//! let config = MatchConfig::new(7, 3).with_target(200);
//! let mut bots: Vec<Box<dyn Bot>> =
//!     (0..3).map(|i| Box::new(HeuristicBot::new(i)) as Box<dyn Bot>).collect();
//! let (report, log) = play_match(&config, &mut bots, 100_000)?;
//! assert!(report.scores.iter().any(|s| *s >= 200));
//! assert_eq!(replay_match(&log)?, report);
//! # Ok::<(), decklet_core::EngineError>(())
//! ```

use decklet_core::{
    EngineConfig, EngineError, GameEngine, GameLog, GameState, Player, Verify, derive_seed,
    echo as shown,
};
use serde::{Deserialize, Serialize};

use decklet_bots::{Bot, play_game};

use crate::house::{HouseRule, UNO_VAR_ROUND_POINTS};
use crate::sim::{UNO_GAME_ID, default_players, uno_game};
use crate::state::{UNO_MAX_PLAYERS, UNO_MIN_PLAYERS};

/// The format of a match log.
pub const MATCH_LOG_FORMAT: &str = "decklet-uno-match/1";
/// The points a match is played to unless told otherwise.
pub const DEFAULT_MATCH_TARGET: u32 = 500;
/// The most rounds a match plays: one that has not ended by then is capped.
pub const MAX_MATCH_ROUNDS: u32 = 1_000;

/// What a match plays: its seed, players, rules and target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchConfig {
    /// The match's seed: every round's seed comes from it ([`round_seed`]).
    pub seed: u64,
    /// How many players (default players `p1`…`pN`).
    pub players: usize,
    /// The optional rules; scoring is always added (a match is scored).
    pub rules: Vec<HouseRule>,
    /// The points that win.
    pub target: u32,
}

impl MatchConfig {
    /// A match to [`DEFAULT_MATCH_TARGET`] of `players` players, with scoring only.
    pub fn new(seed: u64, players: usize) -> MatchConfig {
        MatchConfig {
            seed,
            players,
            rules: Vec::new(),
            target: DEFAULT_MATCH_TARGET,
        }
    }

    /// The same match to `target` points.
    pub fn with_target(mut self, target: u32) -> MatchConfig {
        self.target = target;
        self
    }

    /// The same match with these optional rules (scoring is added).
    pub fn with_rules(mut self, rules: &[HouseRule]) -> MatchConfig {
        self.rules = rules.to_vec();
        self
    }

    /// The rules every round plays: the configured ones and scoring, each once, in
    /// [`HouseRule::ALL`]'s order.
    pub fn rules_in_play(&self) -> Vec<HouseRule> {
        HouseRule::ALL
            .into_iter()
            .filter(|r| *r == HouseRule::Scoring || self.rules.contains(r))
            .collect()
    }
}

/// The seed of round `round` (from 0) of the match seeded `seed`.
pub fn round_seed(seed: u64, round: u32) -> u64 {
    derive_seed(seed, u64::from(round))
}

/// The players of round `round`: `p1`…`pN` in that order, seated so that the first
/// seat moves on by one each round (round 0: `p1` first, round 1: `p2`, …). Play goes
/// round the table in the same order every round. They are named `Player 1`…; a
/// match's log may name them otherwise (its replay compares everything else).
pub fn round_players(count: usize, round: u32) -> Vec<Player> {
    let shift = (round as usize) % count.max(1);
    default_players(count)
        .into_iter()
        .enumerate()
        .map(|(i, mut player)| {
            player.seat = ((i + count - shift) % count.max(1)) as u32 + 1;
            player
        })
        .collect()
}

/// How a match went. Players are counted by their index in `p1`…`pN` (0 for `p1`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchReport {
    /// Who reached the target (`None`: the match was capped).
    pub winner: Option<usize>,
    /// Each player's points.
    pub scores: Vec<u32>,
    /// Who won each round (`None`: a round capped before anyone won it).
    pub round_winners: Vec<Option<usize>>,
    /// The match reached [`MAX_MATCH_ROUNDS`] before anyone reached the target.
    pub capped: bool,
}

impl MatchReport {
    /// How many rounds were played.
    pub fn rounds(&self) -> usize {
        self.round_winners.len()
    }

    /// Adds a round: its winner and the points they scored (`None`: nobody won it, see
    /// [`round_score`]); returns whether the match is over (someone reached `target`,
    /// or [`MAX_MATCH_ROUNDS`] were played).
    pub fn add_round(&mut self, score: Option<(usize, u32)>, target: u32) -> bool {
        let (winner, points) = score.map_or((None, 0), |(w, p)| (Some(w), p));
        self.round_winners.push(winner);
        if let Some(score) = winner.and_then(|w| self.scores.get_mut(w)) {
            *score = score.saturating_add(points);
            if *score >= target {
                self.winner = winner;
                return true;
            }
        }
        if self.rounds() >= MAX_MATCH_ROUNDS as usize {
            self.capped = true;
            return true;
        }
        false
    }
}

/// A match's log: what it played and every round's game log, in order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MatchLog {
    /// Always [`MATCH_LOG_FORMAT`].
    pub format: String,
    /// The match's seed.
    pub seed: u64,
    /// How many players.
    pub players: usize,
    /// The points that win.
    pub target: u32,
    /// The plugin ids of the optional rules in play (scoring included).
    pub rules: Vec<String>,
    /// Each player's points at the end, by player index.
    pub scores: Vec<u32>,
    /// The winner's player id (`None`: capped).
    pub winner: Option<String>,
    /// Every round's game log.
    pub rounds: Vec<GameLog>,
}

impl MatchLog {
    /// The log of a match played as `config` says, as far as `report` and `rounds` (its
    /// rounds' game logs, in order) go: the scores and winner are the report's.
    pub fn new(config: &MatchConfig, report: &MatchReport, rounds: Vec<GameLog>) -> MatchLog {
        MatchLog {
            format: MATCH_LOG_FORMAT.to_string(),
            seed: config.seed,
            players: config.players,
            target: config.target,
            rules: (config.rules_in_play().iter())
                .map(|r| r.plugin_id().to_string())
                .collect(),
            scores: report.scores.clone(),
            winner: report.winner.map(|w| format!("p{}", w + 1)),
            rounds,
        }
    }
}

/// What a finished round gives: its sole winner's index among the players (in the
/// order given) and the points they scored (0 without scoring); `None` when nobody, or
/// more than one player, won it (a capped round).
pub fn round_score(state: &GameState) -> Option<(usize, u32)> {
    let [winner] = state.winners() else {
        return None;
    };
    let index = state.players().position(|p| p == *winner)?;
    let points = state
        .variable(&UNO_VAR_ROUND_POINTS)
        .and_then(|p| u32::try_from(p).ok())
        .unwrap_or(0);
    Some((index, points))
}

/// An engine of the match's game.
fn match_engine(rules: &[HouseRule]) -> Result<GameEngine, EngineError> {
    Ok(GameEngine::new(&uno_game(rules)?, EngineConfig::default()))
}

/// Creates and starts round `round` on `engine`.
fn start_round(
    engine: &mut GameEngine,
    config: &MatchConfig,
    round: u32,
) -> Result<(), EngineError> {
    engine.set_config(EngineConfig {
        seed: round_seed(config.seed, round),
        game_id: UNO_GAME_ID.to_string(),
        ..engine.config().clone()
    });
    engine.create_game(round_players(config.players, round))?;
    engine.start().map(|_| ())
}

/// Plays a match: `bots[i]` plays player `p{i+1}` wherever they sit; each round is
/// played by the game loop of any game (`decklet_bots::play_game`, capped at
/// `max_dispatches` moves). Returns the report and the
/// log that [`replay_match`] checks.
pub fn play_match(
    config: &MatchConfig,
    bots: &mut [Box<dyn Bot>],
    max_dispatches: u64,
) -> Result<(MatchReport, MatchLog), EngineError> {
    let count = config.players;
    if bots.len() != count || count == 0 {
        return Err(EngineError::InvalidState {
            message: format!("{} bots for {count} players", bots.len()),
        });
    }
    let rules = config.rules_in_play();
    let mut engine = match_engine(&rules)?;
    let mut report = MatchReport {
        scores: vec![0; count],
        ..MatchReport::default()
    };
    let mut rounds = Vec::new();
    for round in 0..MAX_MATCH_ROUNDS {
        start_round(&mut engine, config, round)?;
        // seat k holds player (round + k) mod count: the bots in seat order
        let shift = round as usize % count;
        bots.rotate_left(shift);
        let played = play_game(&mut engine, bots, max_dispatches);
        bots.rotate_right(shift);
        played?;
        rounds.push(engine.log());
        if report.add_round(round_score(engine.state()), config.target) {
            break;
        }
    }
    let log = MatchLog::new(config, &report, rounds);
    Ok((report, log))
}

/// Whether two rosters seat the same players (ids, seats, status and data alike): the
/// names are for display (`decklet play --match` names you "You"), the rest is the
/// match's.
fn same_seating(a: &[Player], b: &[Player]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(a, b)| {
            a.id == b.id && a.seat == b.seat && a.status == b.status && a.data == b.data
        })
}

/// Why a match log does not hold together.
fn diverged(message: String) -> EngineError {
    EngineError::InvalidState { message }
}

/// Replays a match log: every round must be the round its match seed, seating and
/// rules give, dealt from its seed (a round that starts from a recorded position is
/// refused), must replay to its recorded end, and the match must end where and how
/// the log says. A log of a match left unfinished (no winner recorded, its last round
/// perhaps unfinished too) replays as far as it goes: the report has no winner and is
/// not capped. Returns what the match was. Every count is checked against its limit
/// before anything is made from it.
pub fn replay_match(log: &MatchLog) -> Result<MatchReport, EngineError> {
    if log.format != MATCH_LOG_FORMAT {
        return Err(diverged(format!(
            "not a match log: format `{}`",
            shown(&log.format)
        )));
    }
    if !(UNO_MIN_PLAYERS..=UNO_MAX_PLAYERS).contains(&log.players) {
        return Err(diverged(format!(
            "a match is played by {UNO_MIN_PLAYERS} to {UNO_MAX_PLAYERS} players, not {}",
            log.players
        )));
    }
    if log.rounds.len() > MAX_MATCH_ROUNDS as usize || log.scores.len() != log.players {
        return Err(diverged(format!(
            "{} rounds and {} scores for {} players (at most {MAX_MATCH_ROUNDS} rounds)",
            log.rounds.len(),
            log.scores.len(),
            log.players
        )));
    }
    let mut rules = Vec::new();
    for id in &log.rules {
        rules.push(
            HouseRule::of_plugin(id)
                .ok_or_else(|| diverged(format!("unknown rule plugin `{}`", shown(id))))?,
        );
    }
    let config = MatchConfig {
        seed: log.seed,
        players: log.players,
        rules,
        target: log.target,
    };
    let rules = config.rules_in_play();
    if rules.len() != log.rules.len() {
        return Err(diverged("the rules are not a playable set".into()));
    }
    let mut engine = match_engine(&rules)?;
    let game = std::sync::Arc::clone(engine.game());
    let ids: Vec<&str> = game.plugins().iter().map(|p| p.id.as_str()).collect();
    let mut report = MatchReport {
        scores: vec![0; log.players],
        ..MatchReport::default()
    };
    let mut over = false;
    for (round, game) in log.rounds.iter().enumerate() {
        let round = u32::try_from(round).map_err(|_| diverged("too many rounds".into()))?;
        if over {
            return Err(diverged(format!("round {round} follows the match's end")));
        }
        if game.initial_state.is_some() {
            return Err(diverged(format!(
                "round {round} starts from a recorded position, not from its seed"
            )));
        }
        if game.seed != round_seed(log.seed, round)
            || !same_seating(&game.players, &round_players(log.players, round))
        {
            return Err(diverged(format!(
                "round {round} is not the round the match's seed and seating give"
            )));
        }
        let logged: Vec<&str> = game.plugins.iter().map(|p| p.id.as_str()).collect();
        if ids != logged {
            return Err(diverged(format!("round {round} ran other plugins")));
        }
        engine.replay(game, Verify::Required)?;
        over = report.add_round(round_score(engine.state()), log.target);
    }
    // a log may end before the match does (a match left unfinished, as `decklet play
    // --match` saves one): then it must say nobody won, and its scores be the rounds'
    let winner = report.winner.map(|w| format!("p{}", w + 1));
    if report.scores != log.scores || winner != log.winner {
        return Err(diverged(
            "the recorded scores or winner differ from the rounds".into(),
        ));
    }
    Ok(report)
}
