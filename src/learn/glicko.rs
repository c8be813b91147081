//! Glicko-2 ratings (Mark E. Glickman, "Example of the Glicko-2 system", Boston University,
//! 2013 — the paper's steps 1–8, written from it): a rating, its deviation (how sure it is)
//! and its volatility, moved by the results of a rating period. 每日练习 rates the pupil and
//! each problem this way, each answer a period of one game for both, as OGS rates its puzzles.
//!
//! Pure: numbers in, numbers out; tested against the paper's worked example.

/// The system constant τ: how much the volatility may change (the paper suggests 0.3–1.2).
pub const TAU: f64 = 0.5;

/// Glicko's scale: a Glicko-2 unit is this many rating points.
const SCALE: f64 = 173.7178;

/// The convergence tolerance of the volatility's iteration (the paper's ε).
const EPSILON: f64 = 0.000_001;

/// A rating on the Glicko scale (1500 the default), its deviation and its volatility.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Rating {
    /// A new rating: `rating` with the deviation of someone unknown (350) and the usual
    /// volatility (0.06).
    pub fn new(rating: f64) -> Rating {
        Rating {
            rating,
            deviation: 350.0,
            volatility: 0.06,
        }
    }

    fn mu(self) -> f64 {
        (self.rating - 1500.0) / SCALE
    }

    fn phi(self) -> f64 {
        self.deviation / SCALE
    }

    /// The expected score of this rating against `other` (0–1).
    pub fn expected(self, other: Rating) -> f64 {
        e(self.mu(), other.mu(), other.phi())
    }
}

/// The result of one game: the opponent's rating and the score (1 a win, 0 a loss, ½ a draw).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Game {
    pub opponent: Rating,
    pub score: f64,
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn e(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// The paper's intermediate quantities of a period: the estimated variance `v` and the
/// estimated improvement `delta` (steps 3 and 4).
pub fn variance_and_delta(r: Rating, games: &[Game]) -> (f64, f64) {
    let mu = r.mu();
    let mut inv_v = 0.0;
    let mut sum = 0.0;
    for game in games {
        let (mu_j, phi_j) = (game.opponent.mu(), game.opponent.phi());
        let gj = g(phi_j);
        let ej = e(mu, mu_j, phi_j);
        inv_v += gj * gj * ej * (1.0 - ej);
        sum += gj * (game.score - ej);
    }
    let v = 1.0 / inv_v;
    (v, v * sum)
}

/// The rating after a period with these games (steps 2–8); with none, only the deviation
/// grows (step 6 alone).
pub fn update(r: Rating, games: &[Game]) -> Rating {
    let phi = r.phi();
    let sigma = r.volatility;
    if games.is_empty() {
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        return Rating {
            deviation: phi_star * SCALE,
            ..r
        };
    }
    let (v, delta) = variance_and_delta(r, games);
    // Step 5: the new volatility, by the Illinois algorithm.
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    let mut steps = 0;
    while (big_b - big_a).abs() > EPSILON && steps < 200 {
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
        steps += 1;
    }
    let sigma2 = (big_a / 2.0).exp();
    // Steps 6–8.
    let phi_star = (phi * phi + sigma2 * sigma2).sqrt();
    let phi2 = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu = r.mu();
    let sum: f64 = games
        .iter()
        .map(|game| {
            let (mu_j, phi_j) = (game.opponent.mu(), game.opponent.phi());
            g(phi_j) * (game.score - e(mu, mu_j, phi_j))
        })
        .sum();
    let mu2 = mu + phi2 * phi2 * sum;
    Rating {
        rating: SCALE * mu2 + 1500.0,
        deviation: SCALE * phi2,
        volatility: sigma2,
    }
}

/// One game between `a` and `b` (`a` won when `a_won`), each moved as after a period of that
/// game alone: the pupil and the problem after an answer.
pub fn play(a: Rating, b: Rating, a_won: bool) -> (Rating, Rating) {
    let s = if a_won { 1.0 } else { 0.0 };
    (
        update(
            a,
            &[Game {
                opponent: b,
                score: s,
            }],
        ),
        update(
            b,
            &[Game {
                opponent: a,
                score: 1.0 - s,
            }],
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman's worked example (section "Example calculation" of the paper): a player rated
    /// 1500, RD 200, volatility 0.06, τ 0.5, plays three games: beats a 1400 (RD 30), loses to a
    /// 1550 (RD 100) and to a 1700 (RD 300). The paper's figures: v = 1.7785, Δ = −0.4834,
    /// σ' = 0.05999, r' = 1464.06, RD' = 151.52. The paper rounds each intermediate to four
    /// places (g, E); computed without rounding v is 1.7790 and Δ −0.4840, so those two are held
    /// to the paper's within its rounding, the results to its last place.
    #[test]
    fn the_worked_example_of_glickmans_paper() {
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opp = |rating, deviation| Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let games = [
            Game {
                opponent: opp(1400.0, 30.0),
                score: 1.0,
            },
            Game {
                opponent: opp(1550.0, 100.0),
                score: 0.0,
            },
            Game {
                opponent: opp(1700.0, 300.0),
                score: 0.0,
            },
        ];
        let (v, delta) = variance_and_delta(player, &games);
        assert!((v - 1.7785).abs() < 0.001, "v = {v}");
        assert!((delta - -0.4834).abs() < 0.001, "Δ = {delta}");
        let after = update(player, &games);
        assert!(
            (after.volatility - 0.05999).abs() < 0.00001,
            "σ' = {}",
            after.volatility
        );
        assert!(
            (after.rating - 1464.06).abs() < 0.01,
            "r' = {}",
            after.rating
        );
        assert!(
            (after.deviation - 151.52).abs() < 0.01,
            "RD' = {}",
            after.deviation
        );
    }

    #[test]
    fn a_win_raises_and_a_loss_lowers_and_both_grow_surer() {
        let pupil = Rating::new(600.0);
        let problem = Rating {
            deviation: 200.0,
            ..Rating::new(600.0)
        };
        let (p, q) = play(pupil, problem, true);
        assert!(p.rating > 600.0 && q.rating < 600.0);
        assert!(p.deviation < pupil.deviation && q.deviation < problem.deviation);
        let (p, q) = play(pupil, problem, false);
        assert!(p.rating < 600.0 && q.rating > 600.0);
        // Beating a much weaker problem moves the pupil little.
        let (easy, _) = play(pupil, Rating::new(100.0), true);
        let (fair, _) = play(pupil, Rating::new(600.0), true);
        assert!(easy.rating - 600.0 < fair.rating - 600.0);
        assert!((pupil.expected(problem) - 0.5).abs() < 1e-9);
    }

    #[test]
    fn a_period_without_games_only_widens_the_deviation() {
        let r = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let after = update(r, &[]);
        assert_eq!(after.rating, 1500.0);
        assert!(after.deviation > 200.0 && after.deviation < 201.0);
    }
}
