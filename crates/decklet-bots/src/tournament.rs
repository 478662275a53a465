//! [`Tournament`]: entrants play many games of one game, the seats rotating so that
//! each entrant plays each seat equally often; each entrant's results with a Wilson
//! interval.

use std::sync::Arc;

use decklet_core::{EngineError, Game, GameEngine};

use crate::bot::Bot;
use crate::play::{Scoring, play_scored};

/// A Wilson score interval (95%) for `wins` out of `n`.
///
/// ```
/// let (low, high) = decklet_bots::wilson_95(60.0, 100.0);
/// assert!(low > 0.5 && high < 0.7);
/// ```
pub fn wilson_95(wins: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 0.0);
    }
    let z = 1.959_964f64;
    let p = wins / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// An entrant: a name and how to make its bot for a game (from a seed).
pub struct Entrant {
    /// The entrant's name in the report.
    pub name: String,
    /// Makes a new bot for one game.
    pub make: Box<dyn Fn(u64) -> Box<dyn Bot> + Send + Sync>,
}

impl Entrant {
    /// An entrant called `name`.
    pub fn new(
        name: impl Into<String>,
        make: impl Fn(u64) -> Box<dyn Bot> + Send + Sync + 'static,
    ) -> Self {
        Entrant {
            name: name.into(),
            make: Box::new(make),
        }
    }
}

/// A tournament: `games` games of `game` between the entrants, one a seat (as many
/// seats as entrants), the seating rotated every game.
pub struct Tournament {
    /// The game.
    pub game: Arc<Game>,
    /// The entrants, one a seat.
    pub entrants: Vec<Entrant>,
    /// How many games.
    pub games: u64,
    /// The tournament's seed: game `g` is dealt from `seed + g`, and its bots seeded
    /// from it.
    pub seed: u64,
    /// The most moves a game (a game not over by then scores as it stands).
    pub max_moves: u64,
    /// How a game is scored (the winners', by default).
    pub scoring: Scoring,
    /// Makes and starts a match of the game for a seed and a number of players.
    pub new_match: fn(&Arc<Game>, u64, usize) -> Result<GameEngine, EngineError>,
}

/// One entrant's results.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The entrant.
    pub name: String,
    /// Games won: the best score of its game (a shared best shares the win).
    pub wins: f64,
    /// Games played.
    pub games: u64,
    /// Its mean score.
    pub mean_score: f64,
    /// The 95% Wilson interval of its win rate.
    pub interval: (f64, f64),
}

impl Standing {
    /// Its win rate.
    pub fn win_rate(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.wins / self.games as f64
        }
    }
}

/// What a tournament gave.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentReport {
    /// Each entrant's results, in entrant order.
    pub standings: Vec<Standing>,
    /// Games that hit the move cap.
    pub capped: u64,
}

impl Tournament {
    /// Plays every game, on this thread.
    pub fn run(&self) -> Result<TournamentReport, EngineError> {
        let seats = self.entrants.len();
        let mut wins = vec![0.0; seats];
        let mut scores = vec![0.0; seats];
        let mut capped = 0;
        for g in 0..self.games {
            let seed = self.seed.wrapping_add(g);
            // entrant of seat s: (s + g) mod seats
            let seated: Vec<usize> = (0..seats).map(|s| (s + g as usize) % seats).collect();
            let mut bots: Vec<Box<dyn Bot>> = seated
                .iter()
                .enumerate()
                .filter_map(|(s, e)| {
                    let make = &self.entrants.get(*e)?.make;
                    Some(make(seed.wrapping_mul(31).wrapping_add(s as u64)))
                })
                .collect();
            let mut engine = (self.new_match)(&self.game, seed, seats)?;
            let report = play_scored(&mut engine, &mut bots, self.max_moves, self.scoring)?;
            capped += u64::from(report.capped);
            // the players in seat order are the engine's players in seat order
            let state = engine.state();
            let by_seat: Vec<f64> = state
                .seat_order()
                .iter()
                .filter_map(|p| state.players().position(|q| q == *p))
                .filter_map(|i| report.scores.get(i).copied())
                .collect();
            let best = by_seat.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let sharing = by_seat.iter().filter(|s| **s == best).count().max(1) as f64;
            for (s, score) in by_seat.iter().enumerate() {
                let Some(&e) = seated.get(s) else { continue };
                scores[e] += score;
                if *score == best {
                    wins[e] += 1.0 / sharing;
                }
            }
        }
        let standings = self
            .entrants
            .iter()
            .enumerate()
            .map(|(e, entrant)| Standing {
                name: entrant.name.clone(),
                wins: wins[e],
                games: self.games,
                mean_score: scores[e] / self.games.max(1) as f64,
                interval: wilson_95(wins[e], self.games as f64),
            })
            .collect();
        Ok(TournamentReport { standings, capped })
    }
}
