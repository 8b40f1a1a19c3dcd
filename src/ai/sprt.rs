//! A sequential probability ratio test over game pairs, as engine testing frameworks run matches
//! (fishtest, cutechess-cli): play until the results accept one of two hypotheses about player
//! A's strength against B, H0: Elo ≤ `elo0` against H1: Elo ≥ `elo1`, with error rates α and β.
//!
//! Each pair is one game with each colour, so a colour's advantage cancels. A pair scores A 0,
//! ½, 1, 1½ or 2 points (the pentanomial counts); the log-likelihood ratio is the generalised
//! SPRT's normal approximation: with the pairs' mean score per game μ and its variance σ² over
//! `n` pairs, LLR = n (s₁ − s₀)(2μ − s₀ − s₁) / (2σ²), where sᵢ is the score per game that Elo
//! `eloᵢ` gives (logistic: 1 / (1 + 10^(−Elo/400))), counting a prior of one lost and one won
//! pair. The test stops when the LLR leaves (ln(β / (1 − α)), ln((1 − β) / α)).

use std::fmt;

/// The test's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo of H0 (A is at most this much stronger).
    pub elo0: f64,
    /// The Elo of H1 (A is at least this much stronger).
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What the test decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// H0 accepted: A is not `elo1` stronger.
    H0,
    /// H1 accepted: A is `elo1` stronger or more.
    H1,
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Decision::H0 => "H0",
            Decision::H1 => "H1",
        })
    }
}

/// Why the test's settings were refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SprtError(pub String);

impl fmt::Display for SprtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SprtError {}

/// The score per game that a logistic Elo difference gives.
#[must_use]
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// The test with these settings, checked: `elo0 < elo1`, α and β strictly between 0 and ½.
    ///
    /// # Errors
    /// Settings that make no test, named.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(SprtError(format!(
                "the Elo bounds must be two numbers, the first below the second (got {elo0}, {elo1})"
            )));
        }
        for (name, p) in [("alpha", alpha), ("beta", beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(SprtError(format!(
                    "{name} must lie strictly between 0 and 0.5 (got {p})"
                )));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The LLR's bounds: below the lower one H0 is accepted, above the upper one H1.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of the pairs played: `pairs[k]` counts the pairs in which A
    /// scored `k` half points (0 to 4). Zero before any pair.
    ///
    /// Two pseudo-pairs, one lost and one won by A, are counted with them: the spread of a few
    /// pairs that all ended alike says nothing yet, and without a prior the ratio of one won
    /// pair would already be past any bound.
    #[must_use]
    pub fn llr(&self, pairs: &[u32; 5]) -> f64 {
        if pairs.iter().all(|&c| c == 0) {
            return 0.0;
        }
        let mut counts = pairs.map(f64::from);
        counts[0] += 1.0;
        counts[4] += 1.0;
        let n: f64 = counts.iter().sum();
        let per_game = |k: usize| k as f64 / 4.0;
        let mean = (0..5).map(|k| counts[k] * per_game(k)).sum::<f64>() / n;
        let variance = (0..5)
            .map(|k| counts[k] * (per_game(k) - mean).powi(2))
            .sum::<f64>()
            / n;
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// The decision the ratio makes, if any.
    #[must_use]
    pub fn decide(&self, llr: f64) -> Option<Decision> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Decision::H1)
        } else if llr <= lower {
            Some(Decision::H0)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test() -> Sprt {
        Sprt::new(0.0, 50.0, 0.05, 0.05).unwrap()
    }

    #[test]
    fn the_bounds_follow_the_error_rates() {
        let (lower, upper) = test().bounds();
        assert!((lower + 2.944).abs() < 1e-3, "{lower}");
        assert!((upper - 2.944).abs() < 1e-3, "{upper}");
        assert!((score_of_elo(0.0) - 0.5).abs() < 1e-12);
        assert!((score_of_elo(400.0) - 10.0 / 11.0).abs() < 1e-12);
    }

    #[test]
    fn a_clearly_stronger_player_is_accepted_and_a_weaker_one_refused() {
        let t = test();
        // A wins three pairs in four and splits the fourth.
        let strong = [0, 0, 10, 0, 30];
        assert_eq!(t.decide(t.llr(&strong)), Some(Decision::H1));
        let weak = [30, 0, 10, 0, 0];
        assert_eq!(t.decide(t.llr(&weak)), Some(Decision::H0));
        // Evenly matched and few pairs: not yet.
        let early = [1, 1, 2, 1, 1];
        assert_eq!(t.decide(t.llr(&early)), None);
        assert_eq!(t.llr(&[0; 5]), 0.0);
    }

    #[test]
    fn the_ratio_grows_with_the_evidence() {
        let t = test();
        let few = t.llr(&[1, 2, 4, 3, 3]);
        let more = t.llr(&[2, 4, 8, 6, 6]);
        assert!(few > 0.0 && more > few * 1.9, "{few} {more}");
    }

    #[test]
    fn a_run_of_won_pairs_decides_only_once_it_is_long_enough() {
        let t = test();
        assert_eq!(t.decide(t.llr(&[0, 0, 0, 0, 1])), None);
        assert_eq!(t.decide(t.llr(&[0, 0, 0, 0, 4])), None);
        assert_eq!(t.decide(t.llr(&[0, 0, 0, 0, 12])), Some(Decision::H1));
        assert_eq!(t.decide(t.llr(&[12, 0, 0, 0, 0])), Some(Decision::H0));
    }

    #[test]
    fn bad_settings_are_refused_by_name() {
        assert!(
            Sprt::new(10.0, 5.0, 0.05, 0.05)
                .unwrap_err()
                .0
                .contains("first below")
        );
        assert!(
            Sprt::new(0.0, 5.0, 0.0, 0.05)
                .unwrap_err()
                .0
                .contains("alpha")
        );
        assert!(
            Sprt::new(0.0, 5.0, 0.05, 0.7)
                .unwrap_err()
                .0
                .contains("beta")
        );
    }
}
