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
    pub new_match: NewMatch,
}

/// How a tournament makes and starts a match of its game, for a seed and a number of
/// players: a game crate's own function (`Arc::new(new_crazy_eights_engine)`), or a
/// closure over a catalogue's entry.
pub type NewMatch =
    Arc<dyn Fn(&Arc<Game>, u64, usize) -> Result<GameEngine, EngineError> + Send + Sync>;

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

/// One win, in the units a [`TournamentTally`] counts wins in: a win shared by up to 16
/// entrants is a whole number of them (720,720 is the least common multiple of 1 to 16).
pub const WIN_UNITS: u64 = 720_720;

/// What games of a tournament add up to: each entrant's wins and scores, and the
/// games capped. Games may be played in any order and split any way (threads,
/// processes, machines): tallies merge to the same totals, bit for bit (wins are
/// counted in whole [`WIN_UNITS`]; scores are exact while they are whole numbers, as
/// the games' are).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TournamentTally {
    /// Games added.
    pub games: u64,
    /// Each entrant's wins, in [`WIN_UNITS`] (a shared best shares the win).
    pub win_units: Vec<u64>,
    /// Each entrant's summed score.
    pub scores: Vec<f64>,
    /// Games that hit the move cap.
    pub capped: u64,
}

impl TournamentTally {
    /// Nothing yet, for `entrants` entrants.
    pub fn new(entrants: usize) -> Self {
        TournamentTally {
            games: 0,
            win_units: vec![0; entrants],
            scores: vec![0.0; entrants],
            capped: 0,
        }
    }

    /// Adds another tally of the same tournament.
    pub fn merge(&mut self, other: &TournamentTally) {
        self.games += other.games;
        self.capped += other.capped;
        for (a, b) in self.win_units.iter_mut().zip(&other.win_units) {
            *a += b;
        }
        for (a, b) in self.scores.iter_mut().zip(&other.scores) {
            *a += b;
        }
    }
}

impl Tournament {
    /// Plays every game, on this thread.
    pub fn run(&self) -> Result<TournamentReport, EngineError> {
        let tally = self.play_games(0..self.games)?;
        Ok(self.report(&tally))
    }

    /// Plays games `games` (of `0..self.games`) and adds them up: game `g` is the same
    /// game whichever range plays it.
    pub fn play_games(&self, games: std::ops::Range<u64>) -> Result<TournamentTally, EngineError> {
        let mut tally = TournamentTally::new(self.entrants.len());
        for g in games {
            self.play_game(g, &mut tally)?;
        }
        Ok(tally)
    }

    /// Plays game `g` and adds it to `tally`.
    fn play_game(&self, g: u64, tally: &mut TournamentTally) -> Result<(), EngineError> {
        let seats = self.entrants.len();
        let seed = self.seed.wrapping_add(g);
        // entrant of seat s: (s + g) mod seats
        let seated: Vec<usize> = (0..seats)
            .map(|s| ((s as u64 + g) % seats.max(1) as u64) as usize)
            .collect();
        let mut bots: Vec<Box<dyn Bot>> = seated
            .iter()
            .enumerate()
            .filter_map(|(s, e)| {
                let make = &self.entrants.get(*e)?.make;
                Some(make(seed.wrapping_mul(31).wrapping_add(s as u64)))
            })
            .collect();
        let mut engine = (self.new_match)(&self.game, seed, seats)?;
        let report = play_scored(
            &mut engine,
            &mut bots,
            self.max_moves,
            self.scoring,
            &mut |_, _, _| {},
        )?;
        tally.games += 1;
        tally.capped += u64::from(report.capped);
        // the players in seat order are the engine's players in seat order
        let state = engine.state();
        let by_seat: Vec<f64> = state
            .seat_order()
            .iter()
            .filter_map(|p| state.players().position(|q| q == *p))
            .filter_map(|i| report.scores.get(i).copied())
            .collect();
        let best = by_seat.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let sharing = by_seat.iter().filter(|s| **s == best).count().max(1) as u64;
        for (s, score) in by_seat.iter().enumerate() {
            let Some(&e) = seated.get(s) else { continue };
            if let Some(total) = tally.scores.get_mut(e) {
                *total += score;
            }
            if *score == best
                && let Some(wins) = tally.win_units.get_mut(e)
            {
                *wins += WIN_UNITS / sharing;
            }
        }
        Ok(())
    }

    /// The report of a tally of all the tournament's games.
    pub fn report(&self, tally: &TournamentTally) -> TournamentReport {
        let games = tally.games;
        let standings = self
            .entrants
            .iter()
            .enumerate()
            .map(|(e, entrant)| {
                let units = tally.win_units.get(e).copied().unwrap_or(0);
                let wins = units as f64 / WIN_UNITS as f64;
                let score = tally.scores.get(e).copied().unwrap_or(0.0);
                Standing {
                    name: entrant.name.clone(),
                    wins,
                    games,
                    mean_score: score / games.max(1) as f64,
                    interval: wilson_95(wins, games as f64),
                }
            })
            .collect();
        TournamentReport {
            standings,
            capped: tally.capped,
        }
    }
}
