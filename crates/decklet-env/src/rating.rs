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
