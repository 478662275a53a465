//! Bradley–Terry ratings from a tournament's games, on the Elo scale.
//!
//! Each game counts as every entry beating each entry at its table with a worse result
//! (a multi-player game is read as its pairwise results; equal results count for
//! neither). Strengths `γ` are fitted by the
//! minorization–maximization iteration of Hunter (2004); each entry also gets one win
//! and one loss against a virtual opponent of strength 1, so that an entry that never
//! (or always) wins still has a finite rating. A rating is `400 · log10(γ)`, shifted so
//! the entries average 0; its 95% interval is ±1.96 standard errors from the diagonal
//! of the fit's information (pairwise results of one game are not independent, so
//! read the interval as approximate).

/// Pairwise results: `wins[i][j]` is how often entry `i` beat entry `j` (whole
/// numbers, so results added in any order are the same bits).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Pairwise {
    wins: Vec<Vec<f64>>,
}

impl Pairwise {
    /// No results yet among `entries` entries.
    pub fn new(entries: usize) -> Self {
        Pairwise {
            wins: vec![vec![0.0; entries]; entries],
        }
    }

    /// How many entries, if the results are square (`n` rows of `n`): results read
    /// from outside may not be.
    pub fn entries(&self) -> Option<usize> {
        let n = self.wins.len();
        self.wins.iter().all(|row| row.len() == n).then_some(n)
    }

    /// Counts one game in which entry `winner` did better than entry `loser`.
    pub fn add_win(&mut self, winner: usize, loser: usize) {
        if winner != loser
            && let Some(cell) = self.wins.get_mut(winner).and_then(|row| row.get_mut(loser))
        {
            *cell += 1.0;
        }
    }

    /// Adds another set of results over the same entries.
    pub fn merge(&mut self, other: &Pairwise) {
        for (row, more) in self.wins.iter_mut().zip(&other.wins) {
            for (cell, add) in row.iter_mut().zip(more) {
                *cell += add;
            }
        }
    }

    /// Each entry's rating and the half-width of its 95% interval, Elo scale.
    pub fn ratings(&self) -> Vec<(f64, f64)> {
        let n = self.wins.len();
        let games = |i: usize, j: usize| self.wins[i][j] + self.wins[j][i];
        let mut gamma = vec![1.0f64; n];
        for _ in 0..10_000 {
            let mut next = gamma.clone();
            for i in 0..n {
                // the virtual opponent: one win and one loss at strength 1
                let won: f64 = self.wins[i].iter().sum::<f64>() + 1.0;
                let mut denominator = 2.0 / (gamma[i] + 1.0);
                for j in (0..n).filter(|&j| j != i) {
                    denominator += games(i, j) / (gamma[i] + gamma[j]);
                }
                next[i] = won / denominator;
            }
            let change = next
                .iter()
                .zip(&gamma)
                .map(|(a, b)| (a.ln() - b.ln()).abs())
                .fold(0.0, f64::max);
            gamma = next;
            if change < 1e-10 {
                break;
            }
        }
        let scale = 400.0 / std::f64::consts::LN_10;
        let mean = gamma.iter().map(|g| g.ln()).sum::<f64>() / n.max(1) as f64;
        (0..n)
            .map(|i| {
                let mut information = 2.0 * gamma[i] / (gamma[i] + 1.0).powi(2);
                for j in (0..n).filter(|&j| j != i) {
                    let p = gamma[i] / (gamma[i] + gamma[j]);
                    information += games(i, j) * p * (1.0 - p);
                }
                let se = 1.0 / information.sqrt();
                ((gamma[i].ln() - mean) * scale, 1.96 * se * scale)
            })
            .collect()
    }
}

/// The format of a [`RatingPool`] file.
pub const RATING_POOL_FORMAT: &str = "decklet-ratings/1";

/// The most entries a pool keeps.
pub const MAX_POOL_ENTRIES: usize = 1_000;

/// Pairwise results by entry name at one game, kept across tournaments: what `decklet
/// tournament --ratings FILE` reads, adds its run to and writes back, so that ratings
/// carry across runs (an entry is its name: `heuristic` in one run and the next is one
/// entry; `random#2` is the second `random` of a run).
///
/// ```
/// use decklet_env::rating::{Pairwise, RatingPool};
/// let mut pool = RatingPool::new("uno");
/// let mut run = Pairwise::new(2);
/// run.add_win(0, 1);
/// pool.add(&["heuristic".into(), "random".into()], &run, 1)?;
/// let mut next = Pairwise::new(2);
/// next.add_win(0, 1);
/// pool.add(&["ismcts".into(), "heuristic".into()], &next, 1)?;
/// let ratings = pool.ratings();
/// let names: Vec<&str> = ratings.iter().map(|(n, _, _)| n.as_str()).collect();
/// assert_eq!(names, ["heuristic", "random", "ismcts"]);
/// // ismcts beat the heuristic that beat random
/// assert!(ratings[2].1 > ratings[0].1 && ratings[0].1 > ratings[1].1);
/// let text = pool.to_json();
/// assert_eq!(RatingPool::from_json(&text)?, pool);
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RatingPool {
    /// [`RATING_POOL_FORMAT`].
    format: String,
    /// The game's canonical game string.
    game: String,
    /// The entries, in the order first met.
    bots: Vec<String>,
    /// Games added.
    games: u64,
    /// `wins[i][j]`: how often `bots[i]` beat `bots[j]`.
    wins: Vec<Vec<f64>>,
}

impl RatingPool {
    /// No results yet at `game` (its canonical game string).
    pub fn new(game: &str) -> Self {
        RatingPool {
            format: RATING_POOL_FORMAT.to_string(),
            game: game.to_string(),
            bots: Vec::new(),
            games: 0,
            wins: Vec::new(),
        }
    }

    /// A pool read back from its JSON, checked: the format, square results of whole,
    /// non-negative counts, one row a named entry, each name once, at most
    /// [`MAX_POOL_ENTRIES`].
    pub fn from_json(text: &str) -> Result<RatingPool, String> {
        let pool: RatingPool =
            serde_json::from_str(text).map_err(|e| format!("not a ratings file: {e}"))?;
        if pool.format != RATING_POOL_FORMAT {
            return Err(format!(
                "a ratings file of format {}, not {RATING_POOL_FORMAT}",
                decklet_core::echo(&pool.format)
            ));
        }
        let n = pool.bots.len();
        if n > MAX_POOL_ENTRIES {
            return Err(format!(
                "{n} entries in a ratings file (at most {MAX_POOL_ENTRIES})"
            ));
        }
        if pool.wins.len() != n || pool.wins.iter().any(|row| row.len() != n) {
            return Err("a ratings file whose results are not one row and column an entry".into());
        }
        let whole = |x: &f64| x.is_finite() && *x >= 0.0 && x.fract() == 0.0 && *x < 1e15;
        if !pool.wins.iter().flatten().all(whole) {
            return Err("a ratings file with a count that is not a whole number".into());
        }
        let mut names = pool.bots.clone();
        names.sort();
        names.dedup();
        if names.len() != n {
            return Err("a ratings file that names an entry twice".into());
        }
        Ok(pool)
    }

    /// The pool as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The game it rates.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// Games added.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Adds a run's `results` among the entries `bots` (in the results' order; new
    /// names join the pool) and its `games`.
    pub fn add(&mut self, bots: &[String], results: &Pairwise, games: u64) -> Result<(), String> {
        if results.entries() != Some(bots.len()) {
            return Err("results of another number of entries".into());
        }
        let mut at = Vec::with_capacity(bots.len());
        for name in bots {
            let i = match self.bots.iter().position(|b| b == name) {
                Some(i) => i,
                None if self.bots.len() >= MAX_POOL_ENTRIES => {
                    return Err(format!(
                        "a ratings file holds at most {MAX_POOL_ENTRIES} entries"
                    ));
                }
                None => {
                    self.bots.push(name.clone());
                    self.wins.iter_mut().for_each(|row| row.push(0.0));
                    self.wins.push(vec![0.0; self.bots.len()]);
                    self.bots.len() - 1
                }
            };
            at.push(i);
        }
        for (a, row) in results.wins.iter().enumerate() {
            for (b, won) in row.iter().enumerate() {
                if let (Some(&i), Some(&j)) = (at.get(a), at.get(b))
                    && let Some(cell) = self.wins.get_mut(i).and_then(|r| r.get_mut(j))
                {
                    *cell += won;
                }
            }
        }
        self.games += games;
        Ok(())
    }

    /// Every entry's rating over every game added, Elo scale, with its 95% interval's
    /// half-width ([`Pairwise::ratings`]), in the pool's order.
    pub fn ratings(&self) -> Vec<(String, f64, f64)> {
        let results = Pairwise {
            wins: self.wins.clone(),
        };
        self.bots
            .iter()
            .zip(results.ratings())
            .map(|(name, (rating, half))| (name.clone(), rating, half))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_results_give_equal_ratings() {
        let mut results = Pairwise::new(2);
        for _ in 0..50 {
            results.add_win(0, 1);
            results.add_win(1, 0);
        }
        let ratings = results.ratings();
        assert!(ratings[0].0.abs() < 1e-6 && ratings[1].0.abs() < 1e-6);
        assert!(ratings[0].1 > 50.0 && ratings[0].1 < 200.0);
    }

    #[test]
    fn three_to_one_is_about_190_elo_apart() {
        let mut results = Pairwise::new(2);
        for game in 0..4000 {
            let winner = usize::from(game % 4 == 0);
            results.add_win(winner, 1 - winner);
        }
        let ratings = results.ratings();
        let gap = ratings[0].0 - ratings[1].0;
        // 400 log10(3) = 190.8
        assert!((gap - 190.8).abs() < 3.0, "{gap}");
        assert!(ratings[0].1 < 40.0);
    }

    #[test]
    fn a_multi_player_win_beats_everyone_at_the_table() {
        let mut results = Pairwise::new(3);
        results.add_win(2, 0);
        results.add_win(2, 1);
        assert_eq!(results.wins[2], vec![1.0, 1.0, 0.0]);
        let ratings = results.ratings();
        assert!(ratings[2].0 > ratings[0].0);
        assert!((ratings[0].0 - ratings[1].0).abs() < 1e-6);
        assert!(ratings.iter().all(|(r, e)| r.is_finite() && e.is_finite()));
    }
}
