//! Summary statistics for `simulate`.

/// A 95% Wilson score interval for `wins` successes in `n` trials, as fractions.
pub fn wilson_95(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let z = 1.959_964f64;
    let n = n as f64;
    let p = wins as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Mean, median, 99th percentile and maximum of a sample (sorted in place).
pub fn distribution(values: &mut [u64]) -> (f64, u64, u64, u64) {
    if values.is_empty() {
        return (0.0, 0, 0, 0);
    }
    values.sort_unstable();
    let n = values.len();
    let mean = values.iter().sum::<u64>() as f64 / n as f64;
    let median = values[(n - 1) / 2];
    let p99 = values[((n as f64 * 0.99).ceil() as usize).clamp(1, n) - 1];
    (mean, median, p99, values[n - 1])
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

    #[test]
    fn distribution_of_one_to_hundred() {
        let mut v: Vec<u64> = (1..=100).rev().collect();
        assert_eq!(distribution(&mut v), (50.5, 50, 99, 100));
    }
}
