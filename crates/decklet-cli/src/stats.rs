//! Summary statistics for `simulate`.

use std::collections::BTreeMap;

/// A 95% Wilson score interval for `wins` successes in `n` trials, as fractions.
pub fn wilson_95(wins: u64, n: u64) -> (f64, f64) {
    decklet::bots::wilson_95(wins as f64, n as f64)
}

/// Counts of whole-number values (e.g. turns per game): constant memory however many
/// games a simulation plays, and two histograms merge by adding counts, so parallel
/// workers can each keep one.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Histogram {
    counts: BTreeMap<u64, u64>,
}

impl Histogram {
    /// Counts one more `value`.
    pub fn add(&mut self, value: u64) {
        *self.counts.entry(value).or_default() += 1;
    }

    /// Adds the other histogram's counts.
    pub fn merge(&mut self, other: Histogram) {
        for (value, count) in other.counts {
            *self.counts.entry(value).or_default() += count;
        }
    }

    /// Mean, median, 99th percentile and maximum of the values counted: the same as
    /// sorting them all and reading the middle (`(n - 1) / 2`), the `ceil(0.99 n)`-th
    /// and the last.
    pub fn distribution(&self) -> (f64, u64, u64, u64) {
        let n: u64 = self.counts.values().sum();
        if n == 0 {
            return (0.0, 0, 0, 0);
        }
        // summed exactly, as the sorted values' sum would be
        let total: u128 = self
            .counts
            .iter()
            .map(|(value, count)| u128::from(*value) * u128::from(*count))
            .sum();
        let p99_rank = ((n as f64 * 0.99).ceil() as u64).clamp(1, n) - 1;
        let max = self.counts.keys().next_back().copied().unwrap_or(0);
        (
            total as f64 / n as f64,
            self.at_rank((n - 1) / 2),
            self.at_rank(p99_rank),
            max,
        )
    }

    /// The value at 0-based `rank` in sorted order.
    fn at_rank(&self, rank: u64) -> u64 {
        let mut below = 0;
        for (value, count) in &self.counts {
            below += count;
            if rank < below {
                return *value;
            }
        }
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_brackets_the_rate() {
        let (lo, hi) = wilson_95(250, 1000);
        assert!(lo < 0.25 && 0.25 < hi);
        assert!((hi - lo) < 0.06);
        assert_eq!(wilson_95(0, 0), (0.0, 0.0));
    }

    fn histogram(values: &[u64]) -> Histogram {
        let mut histogram = Histogram::default();
        for &value in values {
            histogram.add(value);
        }
        histogram
    }

    /// What the histogram must equal: sort all the values, read them.
    fn sorted_distribution(values: &mut [u64]) -> (f64, u64, u64, u64) {
        values.sort_unstable();
        let n = values.len();
        let mean = values.iter().sum::<u64>() as f64 / n as f64;
        let p99 = values[((n as f64 * 0.99).ceil() as usize).clamp(1, n) - 1];
        (mean, values[(n - 1) / 2], p99, values[n - 1])
    }

    #[test]
    fn distribution_of_one_to_hundred() {
        let v: Vec<u64> = (1..=100).rev().collect();
        assert_eq!(histogram(&v).distribution(), (50.5, 50, 99, 100));
        assert_eq!(Histogram::default().distribution(), (0.0, 0, 0, 0));
    }

    #[test]
    fn a_histogram_reads_like_the_sorted_values_and_merges_in_any_split() {
        let mut x = 12_345u64;
        let mut next = |bound: u64| {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (x >> 33) % bound
        };
        for round in 0..200 {
            let len = 1 + next(300) as usize;
            let spread = 1 + next(if round % 2 == 0 { 20 } else { 5_000 });
            let mut values: Vec<u64> = (0..len).map(|_| next(spread)).collect();
            let split = next(len as u64) as usize;
            let mut merged = histogram(&values[..split]);
            merged.merge(histogram(&values[split..]));
            assert_eq!(merged, histogram(&values));
            let (mean, median, p99, max) = merged.distribution();
            let (want_mean, want_median, want_p99, want_max) = sorted_distribution(&mut values);
            assert_eq!(
                (mean, median, p99, max),
                (want_mean, want_median, want_p99, want_max),
                "round {round}"
            );
        }
    }
}
