//! A match of any game that scores its rounds ([`GameDef::matches`]): rounds dealt one
//! after another, the first seat moving on each round, until a player's points reach
//! the target. One seed gives every round's seed, and one [`MatchLog`] (every round's
//! game log, and the game string they played) reproduces the whole match.
//!
//! ```
//! use decklet_catalog::{Catalog, Match, replay_match};
//! let catalog = Catalog::standard();
//! let uno = catalog.load("uno(house=jump-in)")?;
//! let plan = Match::new(&uno, 7, 3, Some(200))?;
//! // every round plays the game with its scoring
//! assert_eq!(plan.game().string(), "uno(house=scoring+jump-in)");
//! let mut bots = (0..3)
//!     .map(|seat| catalog.bot(plan.game(), "heuristic", seat))
//!     .collect::<Result<Vec<_>, _>>()?;
//! let (report, log) = plan.play(&mut bots, 100_000)?;
//! assert!(report.scores.iter().any(|s| *s >= 200));
//! assert_eq!(replay_match(&catalog, &log)?, report);
//! # Ok::<(), decklet_catalog::CatalogError>(())
//! ```

use decklet_bots::{Bot, play_game};
use decklet_core::{
    GameEngine, GameLog, GameState, GameString, Player, Verify, derive_seed, echo as shown,
};
use serde::{Deserialize, Serialize};

use decklet_entry::MatchScoring;

use crate::catalog::{Catalog, CatalogError, LoadedGame};

/// The format of a match log.
pub const MATCH_LOG_FORMAT: &str = "decklet-match/1";
/// The format of a match log of UNO written before matches were every game's (its
/// rules given as plugin ids): still replayed.
pub const UNO_MATCH_LOG_FORMAT: &str = "decklet-uno-match/1";
/// Every format a match log may have ([`MATCH_LOG_FORMAT`] and the older
/// [`UNO_MATCH_LOG_FORMAT`]): what tells a match log from a game's.
pub const MATCH_LOG_FORMATS: [&str; 2] = [MATCH_LOG_FORMAT, UNO_MATCH_LOG_FORMAT];
/// The most rounds a match plays: one that has not ended by then is capped.
pub const MAX_MATCH_ROUNDS: u32 = 1_000;

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
    Player::numbered(count)
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
    /// Who reached the target (`None`: the match was capped, or is not over).
    pub winner: Option<usize>,
    /// Each player's points.
    pub scores: Vec<u32>,
    /// Who won each round (`None`: a round nobody won alone).
    pub round_winners: Vec<Option<usize>>,
    /// The match reached [`MAX_MATCH_ROUNDS`] before anyone reached the target.
    pub capped: bool,
}

impl MatchReport {
    /// A match of `players` players before its first round.
    pub fn new(players: usize) -> MatchReport {
        MatchReport {
            scores: vec![0; players],
            ..MatchReport::default()
        }
    }

    /// How many rounds were played.
    pub fn rounds(&self) -> usize {
        self.round_winners.len()
    }

    /// Adds a round: its winner and the points they scored (`None`: nobody won it
    /// alone, [`MatchScoring::round_score`]); returns whether the match is over
    /// (someone reached `target`, or [`MAX_MATCH_ROUNDS`] were played).
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
    /// [`MATCH_LOG_FORMAT`] ([`UNO_MATCH_LOG_FORMAT`] for an older log of UNO).
    pub format: String,
    /// The game string every round played (absent from an older log of UNO, which
    /// gives `rules` instead).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// An older log of UNO's rules: the plugin ids of its optional rules in play.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<String>,
    /// The match's seed.
    pub seed: u64,
    /// How many players.
    pub players: usize,
    /// The points that win.
    pub target: u32,
    /// Each player's points at the end, by player index.
    pub scores: Vec<u32>,
    /// The winner's player id (`None`: capped, or not over).
    pub winner: Option<String>,
    /// Every round's game log.
    pub rounds: Vec<GameLog>,
}

/// A match to play: its game (the rounds' game, [`MatchScoring::round_game`] of the
/// game asked for), seed, players and target.
#[derive(Clone, Debug)]
pub struct Match {
    game: LoadedGame,
    scoring: MatchScoring,
    seed: u64,
    players: usize,
    target: u32,
}

/// Why a match cannot be played or a match log does not hold together.
fn refused(message: String) -> CatalogError {
    CatalogError::Match { message }
}

impl Match {
    /// A match of `game` for `players` players from `seed`, to `target` points (`None`:
    /// the game's default). Refused for a game without matches, a player count it does
    /// not seat, or a target of 0.
    pub fn new(
        game: &LoadedGame,
        seed: u64,
        players: usize,
        target: Option<u32>,
    ) -> Result<Match, CatalogError> {
        let def = game.def();
        let Some(scoring) = def.matches() else {
            return Err(refused(format!(
                "{} has no matches (a game whose rounds score points has)",
                def.name()
            )));
        };
        game.check_players(players)?;
        let target = target.unwrap_or(scoring.default_target);
        if target == 0 {
            return Err(refused("a match is played to 1 point or more".into()));
        }
        let string: GameString = game.string().parse()?;
        let rounds = (scoring.round_game)(&string).map_err(|reason| CatalogError::Refused {
            game: def.name().to_string(),
            reason,
        })?;
        Ok(Match {
            game: game.with_string(&rounds)?,
            scoring,
            seed,
            players,
            target,
        })
    }

    /// The game every round plays.
    pub fn game(&self) -> &LoadedGame {
        &self.game
    }

    /// The points that win.
    pub fn target(&self) -> u32 {
        self.target
    }

    /// The match's seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// How many players.
    pub fn players(&self) -> usize {
        self.players
    }

    /// Deals round `round` with `players` (as [`round_players`] seats them, named as
    /// the caller likes) on `engine`, made at the first round.
    pub fn deal_round<'e>(
        &self,
        engine: &'e mut Option<GameEngine>,
        round: u32,
        players: Vec<Player>,
    ) -> Result<&'e mut GameEngine, CatalogError> {
        let seed = round_seed(self.seed, round);
        let engine = match engine {
            Some(engine) => {
                self.game.def().deal(engine, seed, players)?;
                engine
            }
            none => {
                let engine = none.insert(self.game.new_engine(seed, self.players)?);
                // a new engine is dealt to `p1`…`pN`: dealt again only for other players
                if players != Player::numbered(self.players) {
                    self.game.def().deal(engine, seed, players)?;
                }
                engine
            }
        };
        Ok(engine)
    }

    /// A finished round's winner and points ([`MatchScoring::round_score`]).
    pub fn round_score(&self, state: &GameState) -> Option<(usize, u32)> {
        (self.scoring.round_score)(state)
    }

    /// Plays the match: `bots[i]` plays player `p{i+1}` wherever they sit; each round
    /// is played by the game loop of any game (`decklet_bots::play_game`, capped at
    /// `max_moves` moves). Returns the report and the log that [`replay_match`] checks.
    pub fn play(
        &self,
        bots: &mut [Box<dyn Bot>],
        max_moves: u64,
    ) -> Result<(MatchReport, MatchLog), CatalogError> {
        let count = self.players;
        if bots.len() != count {
            return Err(refused(format!("{} bots for {count} players", bots.len())));
        }
        let mut engine = None;
        let mut report = MatchReport::new(count);
        let mut rounds = Vec::new();
        for round in 0..MAX_MATCH_ROUNDS {
            let engine = self.deal_round(&mut engine, round, round_players(count, round))?;
            // seat k holds player (round + k) mod count: the bots in seat order
            let shift = round as usize % count;
            bots.rotate_left(shift);
            let played = play_game(engine, bots, max_moves);
            bots.rotate_right(shift);
            played?;
            rounds.push(engine.log());
            if report.add_round(self.round_score(engine.state()), self.target) {
                break;
            }
        }
        Ok((report.clone(), self.log(&report, rounds)))
    }

    /// The log of this match as far as `report` and `rounds` (its rounds' game logs, in
    /// order) go: the scores and winner are the report's.
    pub fn log(&self, report: &MatchReport, rounds: Vec<GameLog>) -> MatchLog {
        MatchLog {
            format: MATCH_LOG_FORMAT.to_string(),
            game: Some(self.game.string().to_string()),
            rules: Vec::new(),
            seed: self.seed,
            players: self.players,
            target: self.target,
            scores: report.scores.clone(),
            winner: report.winner.map(|w| format!("p{}", w + 1)),
            rounds,
        }
    }
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

/// The game a match log's rounds played: its game string, or an older UNO log's rules.
fn game_of(catalog: &Catalog, log: &MatchLog) -> Result<LoadedGame, CatalogError> {
    match (log.format.as_str(), &log.game) {
        (MATCH_LOG_FORMAT, Some(game)) if log.rules.is_empty() => catalog.load(game),
        (UNO_MATCH_LOG_FORMAT, None) => {
            let game = decklet_uno::uno_match_game_of_rule_plugins(&log.rules).map_err(refused)?;
            catalog.load(&game)
        }
        (MATCH_LOG_FORMAT | UNO_MATCH_LOG_FORMAT, _) => Err(refused(
            "a match log gives its game string (an older UNO log: its rules), not both".into(),
        )),
        (other, _) => Err(refused(format!(
            "not a match log: format `{}`",
            shown(other)
        ))),
    }
}

/// Replays a match log with the games of `catalog`: the game must be one that plays
/// matches and the log's game the one its rounds play; every round must be the round
/// its match seed and seating give, dealt from its seed (a round that starts from a
/// recorded position is refused), must replay to its recorded end, and the match must
/// end where and how the log says. A log of a match left unfinished (no winner
/// recorded, its last round perhaps unfinished too) replays as far as it goes: the
/// report has no winner and is not capped. Returns what the match was. Every count is
/// checked against its limit before anything is made from it.
pub fn replay_match(catalog: &Catalog, log: &MatchLog) -> Result<MatchReport, CatalogError> {
    let loaded = game_of(catalog, log)?;
    let plan = Match::new(&loaded, log.seed, log.players, Some(log.target))?;
    if plan.game.string() != loaded.string() {
        return Err(refused(format!(
            "the log's game is not a match's: its rounds play {}",
            plan.game.string()
        )));
    }
    if log.rounds.len() > MAX_MATCH_ROUNDS as usize || log.scores.len() != log.players {
        return Err(refused(format!(
            "{} rounds and {} scores for {} players (at most {MAX_MATCH_ROUNDS} rounds)",
            log.rounds.len(),
            log.scores.len(),
            log.players
        )));
    }
    let ids: Vec<&str> = (loaded.game().plugins().iter())
        .map(|p| p.id.as_str())
        .collect();
    let mut engine = GameEngine::new(loaded.game(), Default::default());
    let mut report = MatchReport::new(log.players);
    let mut over = false;
    for (round, game) in log.rounds.iter().enumerate() {
        let round = u32::try_from(round).map_err(|_| refused("too many rounds".into()))?;
        if over {
            return Err(refused(format!("round {round} follows the match's end")));
        }
        if game.initial_state.is_some() {
            return Err(refused(format!(
                "round {round} starts from a recorded position, not from its seed"
            )));
        }
        if game.seed != round_seed(log.seed, round)
            || !same_seating(&game.players, &round_players(log.players, round))
        {
            return Err(refused(format!(
                "round {round} is not the round the match's seed and seating give"
            )));
        }
        let logged: Vec<&str> = game.plugins.iter().map(|p| p.id.as_str()).collect();
        let other_game = game.game.as_deref().is_some_and(|g| g != loaded.string());
        if ids != logged || other_game {
            return Err(refused(format!("round {round} played another game")));
        }
        engine.replay(game, Verify::Required)?;
        over = report.add_round(plan.round_score(engine.state()), log.target);
    }
    // a log may end before the match does (a match left unfinished, as `decklet play
    // --match` saves one): then it must say nobody won, and its scores be the rounds'
    let winner = report.winner.map(|w| format!("p{}", w + 1));
    if report.scores != log.scores || winner != log.winner {
        return Err(refused(
            "the recorded scores or winner differ from the rounds".into(),
        ));
    }
    Ok(report)
}
