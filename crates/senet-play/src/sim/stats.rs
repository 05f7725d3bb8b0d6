//! Intervals and tests for the figures of simulations, from integer totals alone (so that
//! shards merged give the same figures as one run). docs/metrics.md says which applies where.
//!
//! - A proportion: the Wilson score interval.
//! - A mean per game: the t interval from the sum and the sum of squares of the per-game values.
//! - A ratio of two sums over games (moves per decision, say): the ratio estimator with its
//!   delta-method (linearisation) standard error and a normal interval.
//! - Differences: the two-proportion z test (pooled), Welch's t test, a z test for ratios, and
//!   Holm's adjustment of the p-values of a table.
//!
//! The distributions are computed here (no statistics library): the normal through the
//! regularised incomplete gamma function, Student's t through the regularised incomplete beta
//! function, both by the classical series and continued fractions, and quantiles by bisection.

use serde::{Deserialize, Serialize};

/// The 97.5th percentile of the standard normal distribution: a 95 % two-sided interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A figure with its 95 % interval and the standard error the tests use.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub value: f64,
    pub low: f64,
    pub high: f64,
    /// The standard error of `value` (0 where none can be told, as with a single game).
    pub se: f64,
    /// The degrees of freedom of a t interval (`None`: a normal or score interval).
    pub df: Option<f64>,
}

/// A proportion `successes / n` with its 95 % Wilson score interval; the standard error is
/// the plain one, `sqrt(p (1 - p) / n)`. All zero for `n = 0`.
pub fn wilson(successes: u64, n: u64) -> Estimate {
    if n == 0 {
        return Estimate {
            value: 0.0,
            low: 0.0,
            high: 0.0,
            se: 0.0,
            df: None,
        };
    }
    let z = Z95;
    let (k, n) = (successes as f64, n as f64);
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    // At 0 or n successes the bound is 0 or 1 exactly (the formula leaves a rounding error).
    let low = if successes == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if k == n {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    Estimate {
        value: p,
        low,
        high,
        se: (p * (1.0 - p) / n).sqrt(),
        df: None,
    }
}

/// The per-game values of a figure, summed: how many games, the sum and the sum of squares (in
/// JSON a string of digits: a number past 2^53 does not survive every reader).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moments {
    pub n: u64,
    pub sum: u64,
    #[serde(with = "digits")]
    pub sq: u128,
}

/// A 128-bit count as a JSON string of decimal digits.
mod digits {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(x: &u128, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(x)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u128, D::Error> {
        let text = String::deserialize(d)?;
        text.parse()
            .map_err(|_| D::Error::custom(format!("`{text}` is not a whole number")))
    }
}

impl Moments {
    pub fn add(&mut self, x: u64) {
        self.n += 1;
        self.sum += x;
        self.sq += u128::from(x) * u128::from(x);
    }

    pub fn merge(&mut self, o: &Moments) {
        self.n += o.n;
        self.sum += o.sum;
        self.sq += o.sq;
    }

    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum as f64 / self.n as f64
        }
    }

    /// The sample variance (divisor `n - 1`), from the exact integer `n sq - sum^2`.
    pub fn variance(&self) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        let n = u128::from(self.n);
        let s = u128::from(self.sum);
        // n * sq >= sum^2 (Cauchy-Schwarz); saturating keeps an overflow from wrapping.
        let num = n.saturating_mul(self.sq).saturating_sub(s * s);
        num as f64 / (self.n as f64 * (self.n - 1) as f64)
    }

    /// The mean with its 95 % t interval (`n - 1` degrees of freedom).
    pub fn estimate(&self) -> Estimate {
        let mean = self.mean();
        if self.n < 2 {
            return Estimate {
                value: mean,
                low: mean,
                high: mean,
                se: 0.0,
                df: None,
            };
        }
        let se = (self.variance() / self.n as f64).sqrt();
        let df = (self.n - 1) as f64;
        let t = t_quantile(0.975, df);
        Estimate {
            value: mean,
            low: mean - t * se,
            high: mean + t * se,
            se,
            df: Some(df),
        }
    }
}

/// Two per-game values summed together, for the ratio of their sums: `y` over `x`, with the
/// sum of their products.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatioMoments {
    pub y: Moments,
    pub x: Moments,
    #[serde(with = "digits")]
    pub xy: u128,
}

impl RatioMoments {
    pub fn add(&mut self, y: u64, x: u64) {
        self.y.add(y);
        self.x.add(x);
        self.xy += u128::from(x) * u128::from(y);
    }

    pub fn merge(&mut self, o: &RatioMoments) {
        self.y.merge(&o.y);
        self.x.merge(&o.x);
        self.xy += o.xy;
    }

    /// `sum y / sum x` with its delta-method standard error and a 95 % normal interval: with
    /// `R = Y / X` and the games' residuals `z_i = y_i - R x_i` (which sum to 0),
    /// `var R = s_z^2 / (n xbar^2)`, `s_z^2 = (sum y^2 - 2 R sum xy + R^2 sum x^2) / (n - 1)`
    /// (Cochran, *Sampling Techniques*, the ratio estimator).
    pub fn estimate(&self) -> Estimate {
        let n = self.y.n;
        let (sy, sx) = (self.y.sum as f64, self.x.sum as f64);
        if self.x.sum == 0 {
            return Estimate {
                value: 0.0,
                low: 0.0,
                high: 0.0,
                se: 0.0,
                df: None,
            };
        }
        let r = sy / sx;
        if n < 2 {
            return Estimate {
                value: r,
                low: r,
                high: r,
                se: 0.0,
                df: None,
            };
        }
        let nf = n as f64;
        let ss = self.y.sq as f64 - 2.0 * r * self.xy as f64 + r * r * self.x.sq as f64;
        let sz2 = ss.max(0.0) / (nf - 1.0);
        let xbar = sx / nf;
        let se = (sz2 / (nf * xbar * xbar)).sqrt();
        Estimate {
            value: r,
            low: r - Z95 * se,
            high: r + Z95 * se,
            se,
            df: None,
        }
    }
}

/// The balance of two sides that won `a` and `b` of `n` games: `1 - |a - b| / n`, as the
/// Ludii project measures it. Its interval comes from the normal interval of the signed
/// difference `d = (a - b) / n`, whose variance is `(p_a + p_b - d^2) / n` (the two counts
/// come from one multinomial), folded by the absolute value: where that interval holds 0 the
/// balance may be 1. `se` is the signed difference's, for tests.
pub fn balance(a: u64, b: u64, n: u64) -> Estimate {
    if n == 0 {
        return Estimate {
            value: 0.0,
            low: 0.0,
            high: 0.0,
            se: 0.0,
            df: None,
        };
    }
    let nf = n as f64;
    let (pa, pb) = (a as f64 / nf, b as f64 / nf);
    let d = pa - pb;
    let se = ((pa + pb - d * d).max(0.0) / nf).sqrt();
    let (lo, hi) = (d - Z95 * se, d + Z95 * se);
    let far = lo.abs().max(hi.abs()).min(1.0);
    let near = if lo <= 0.0 && hi >= 0.0 {
        0.0
    } else {
        lo.abs().min(hi.abs())
    };
    Estimate {
        value: 1.0 - d.abs(),
        low: 1.0 - far,
        high: 1.0 - near,
        se,
        df: None,
    }
}

/// The two-sided p-value of the pooled two-proportion z test of `k1 / n1` against `k2 / n2`
/// (1 where the pooled proportion is 0 or 1: nothing differs).
pub fn two_proportion_p(k1: u64, n1: u64, k2: u64, n2: u64) -> f64 {
    if n1 == 0 || n2 == 0 {
        return 1.0;
    }
    let (n1f, n2f) = (n1 as f64, n2 as f64);
    let pooled = (k1 + k2) as f64 / (n1f + n2f);
    let se = (pooled * (1.0 - pooled) * (1.0 / n1f + 1.0 / n2f)).sqrt();
    if se == 0.0 {
        return 1.0;
    }
    let z = (k1 as f64 / n1f - k2 as f64 / n2f) / se;
    two_sided_normal(z)
}

/// The two-sided p-value of Welch's t test of two means, each with its sample variance and
/// number of games; the degrees of freedom are Welch-Satterthwaite's.
pub fn welch_p(m1: f64, v1: f64, n1: u64, m2: f64, v2: f64, n2: u64) -> f64 {
    if n1 < 2 || n2 < 2 {
        return 1.0;
    }
    let (a, b) = (v1 / n1 as f64, v2 / n2 as f64);
    let se2 = a + b;
    if se2 == 0.0 {
        return if m1 == m2 { 1.0 } else { 0.0 };
    }
    let t = (m1 - m2) / se2.sqrt();
    let df = se2 * se2 / (a * a / (n1 - 1) as f64 + b * b / (n2 - 1) as f64);
    two_sided_t(t, df)
}

/// The two-sided p-value of a z test of the difference of two independent estimates.
pub fn z_p(a: &Estimate, b: &Estimate) -> f64 {
    let se = (a.se * a.se + b.se * b.se).sqrt();
    if se == 0.0 {
        return if a.value == b.value { 1.0 } else { 0.0 };
    }
    two_sided_normal((a.value - b.value) / se)
}

/// Holm's step-down adjustment of `p` (in the same order): a difference is significant at
/// level `alpha` for the whole table when its adjusted p-value is below `alpha`, which keeps
/// the chance of any false mark in the table at most `alpha`.
pub fn holm(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]).then(a.cmp(&b)));
    let mut adjusted = vec![0.0; m];
    let mut running: f64 = 0.0;
    for (rank, &i) in order.iter().enumerate() {
        let scaled = ((m - rank) as f64 * p[i]).min(1.0);
        running = running.max(scaled);
        adjusted[i] = running;
    }
    adjusted
}

/// `P(|Z| >= |z|)` for a standard normal `Z`.
pub fn two_sided_normal(z: f64) -> f64 {
    erfc(z.abs() / std::f64::consts::SQRT_2)
}

/// `P(|T| >= |t|)` for Student's t with `df` degrees of freedom: `I_x(df / 2, 1 / 2)` with
/// `x = df / (df + t^2)`.
pub fn two_sided_t(t: f64, df: f64) -> f64 {
    if !t.is_finite() {
        return 0.0;
    }
    beta_regularized(df / (df + t * t), df / 2.0, 0.5)
}

/// The standard normal distribution function.
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * erfc(-x / std::f64::consts::SQRT_2)
}

/// Student's t distribution function with `df` degrees of freedom.
pub fn t_cdf(t: f64, df: f64) -> f64 {
    let tail = 0.5 * two_sided_t(t, df);
    if t >= 0.0 { 1.0 - tail } else { tail }
}

/// The `p`-quantile of the standard normal distribution (bisection on [`normal_cdf`]).
pub fn normal_quantile(p: f64) -> f64 {
    bisect(normal_cdf, p, -40.0, 40.0)
}

/// The `p`-quantile of Student's t with `df` degrees of freedom (bisection on [`t_cdf`]).
pub fn t_quantile(p: f64, df: f64) -> f64 {
    bisect(|t| t_cdf(t, df), p, -1.0e7, 1.0e7)
}

/// The `x` in `lo..hi` where the increasing `f` reaches `p`.
fn bisect(f: impl Fn(f64) -> f64, p: f64, mut lo: f64, mut hi: f64) -> f64 {
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if f(mid) < p {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo <= f64::EPSILON * mid.abs().max(1e-300) {
            break;
        }
    }
    0.5 * (lo + hi)
}

/// The complementary error function: `erfc(x) = Q(1/2, x^2)` for `x >= 0` (the regularised
/// upper incomplete gamma function), `2 - erfc(-x)` below.
pub fn erfc(x: f64) -> f64 {
    if x < 0.0 {
        2.0 - erfc(-x)
    } else {
        gamma_q(0.5, x * x)
    }
}

/// `ln Γ(x)` for `x > 0`: Lanczos' approximation (g = 7, nine coefficients), with the
/// reflection formula below 1/2.
pub fn ln_gamma(x: f64) -> f64 {
    const G: f64 = 7.0;
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut a = C[0];
    let t = x + G + 0.5;
    for (i, &c) in C.iter().enumerate().skip(1) {
        a += c / (x + i as f64);
    }
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln()
}

/// The regularised upper incomplete gamma function `Q(a, x)`: its series below `x = a + 1`,
/// its continued fraction (modified Lentz) above.
fn gamma_q(a: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    let front = (a * x.ln() - x - ln_gamma(a)).exp();
    if x < a + 1.0 {
        // P(a, x) = e^-x x^a / Γ(a) * sum x^n / (a (a + 1) ... (a + n)).
        let (mut term, mut sum, mut ap) = (1.0 / a, 1.0 / a, a);
        for _ in 0..10_000 {
            ap += 1.0;
            term *= x / ap;
            sum += term;
            if term.abs() < sum.abs() * 1e-17 {
                break;
            }
        }
        1.0 - front * sum
    } else {
        // Q(a, x) = e^-x x^a / Γ(a) * 1 / (x + 1 - a - 1 (1 - a) / (x + 3 - a - ...)).
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..10_000 {
            let an = -f64::from(i) * (f64::from(i) - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let delta = d * c;
            h *= delta;
            if (delta - 1.0).abs() < 1e-16 {
                break;
            }
        }
        front * h
    }
}

/// The regularised incomplete beta function `I_x(a, b)`, by its continued fraction (modified
/// Lentz), on the side of `(a + 1) / (a + b + 2)` where it converges fast.
pub fn beta_regularized(x: f64, a: f64, b: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let ln_front = ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * x.ln() + b * (1.0 - x).ln();
    if x < (a + 1.0) / (a + b + 2.0) {
        ln_front.exp() * beta_fraction(x, a, b) / a
    } else {
        1.0 - ln_front.exp() * beta_fraction(1.0 - x, b, a) / b
    }
}

/// The continued fraction of the incomplete beta function (its terms `d_2m` and `d_2m+1`).
fn beta_fraction(x: f64, a: f64, b: f64) -> f64 {
    let tiny = 1e-300;
    let (qab, qap, qam) = (a + b, a + 1.0, a - 1.0);
    let mut c = 1.0;
    let mut d = 1.0 - qab * x / qap;
    if d.abs() < tiny {
        d = tiny;
    }
    d = 1.0 / d;
    let mut h = d;
    for m in 1..100_000 {
        let m = f64::from(m);
        let m2 = 2.0 * m;
        let even = m * (b - m) * x / ((qam + m2) * (a + m2));
        for aa in [even, -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))] {
            d = 1.0 + aa * d;
            if d.abs() < tiny {
                d = tiny;
            }
            c = 1.0 + aa / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            h *= d * c;
        }
        let last = d * c;
        if (last - 1.0).abs() < 1e-16 {
            break;
        }
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64, what: &str) {
        assert!(
            (a - b).abs() <= tol,
            "{what}: {a} is not {b} (within {tol})"
        );
    }

    /// Values of the standard normal distribution as printed in every table (and to more
    /// places by mpmath 1.3, `ncdf`).
    #[test]
    fn normal_distribution() {
        close(normal_cdf(1.96), 0.975_002_104_851_779_6, 1e-12, "Φ(1.96)");
        close(normal_cdf(-1.0), 0.158_655_253_931_457_05, 1e-12, "Φ(-1)");
        close(normal_cdf(3.0), 0.998_650_101_968_369_9, 1e-12, "Φ(3)");
        close(normal_cdf(0.0), 0.5, 1e-15, "Φ(0)");
        close(normal_quantile(0.975), Z95, 1e-9, "z 0.975");
        close(normal_quantile(0.5), 0.0, 1e-12, "z 0.5");
        close(
            two_sided_normal(1.96),
            0.049_995_790_296_440_87,
            1e-12,
            "P(|Z| > 1.96)",
        );
    }

    /// Student's t: the quantiles of the tables (to more places by mpmath 1.3), and the two
    /// distributions known in closed form, 1 degree of freedom (Cauchy: `F(t) = 1/2 +
    /// atan(t) / π`) and 2 (`F(t) = 1/2 + t / (2 sqrt(2 + t^2))`).
    #[test]
    fn t_distribution() {
        close(t_quantile(0.975, 10.0), 2.228_138_851_986_274, 1e-9, "t 10");
        close(t_quantile(0.975, 30.0), 2.042_272_456_301_238, 1e-9, "t 30");
        close(t_quantile(0.975, 7.0), 2.364_624_251_592_785, 1e-9, "t 7");
        close(
            t_quantile(0.995, 5.0),
            4.032_142_983_555_227,
            1e-9,
            "t 5, 0.995",
        );
        // tan(0.475 π) and 0.95 sqrt(2 / (1 - 0.95^2)).
        close(t_quantile(0.975, 1.0), 12.706_204_736_174_693, 1e-7, "t 1");
        close(t_quantile(0.975, 2.0), 4.302_652_729_749_462, 1e-9, "t 2");
        for t in [-3.0, -0.5, 0.0, 0.7, 2.0, 10.0f64] {
            let cauchy = 0.5 + t.atan() / std::f64::consts::PI;
            close(t_cdf(t, 1.0), cauchy, 1e-12, "t 1 cdf");
            let two = 0.5 + t / (2.0 * (2.0 + t * t).sqrt());
            close(t_cdf(t, 2.0), two, 1e-12, "t 2 cdf");
        }
        // Many degrees of freedom: the normal.
        close(t_quantile(0.975, 1.0e6), Z95, 1e-5, "t 10^6");
    }

    /// Newcombe (1998), "Two-sided confidence intervals for the single proportion", Statistics
    /// in Medicine 17, table I, the score method without continuity correction: 81/263 gives
    /// 0.2553-0.3662, 15/148 0.0624-0.1605, 0/20 0-0.1611, 1/29 0.0061-0.1718.
    #[test]
    fn wilson_as_newcombe_gives_it() {
        for (k, n, lo, hi) in [
            (81, 263, 0.2553, 0.3662),
            (15, 148, 0.0624, 0.1605),
            (0, 20, 0.0, 0.1611),
            (1, 29, 0.0061, 0.1718),
        ] {
            let e = wilson(k, n);
            close(e.value, k as f64 / n as f64, 1e-15, "p");
            close(e.low, lo, 5e-5, &format!("{k}/{n} low"));
            close(e.high, hi, 5e-5, &format!("{k}/{n} high"));
        }
        // No success, all successes: the ends are 0 and 1 exactly.
        assert_eq!(wilson(0, 20).low, 0.0);
        assert_eq!(wilson(29, 29).high, 1.0);
    }

    /// By hand: 2, 4, 4, 4, 5, 5, 7, 9 has mean 5 and sample variance 32 / 7; the standard
    /// error is sqrt(32 / 56) = 0.755929 and t(0.975, 7) = 2.364624, so the interval is
    /// 5 -+ 1.787488.
    #[test]
    fn mean_with_a_t_interval() {
        let mut m = Moments::default();
        for x in [2, 4, 4, 4, 5, 5, 7, 9] {
            m.add(x);
        }
        assert_eq!((m.n, m.sum, m.sq), (8, 40, 232));
        close(m.variance(), 32.0 / 7.0, 1e-12, "variance");
        let e = m.estimate();
        close(e.value, 5.0, 1e-15, "mean");
        close(e.se, (32.0f64 / 56.0).sqrt(), 1e-12, "se");
        close(e.low, 5.0 - 1.787_488, 1e-6, "low");
        close(e.high, 5.0 + 1.787_488, 1e-6, "high");
        assert_eq!(e.df, Some(7.0));
        // Merged halves are the whole.
        let (mut a, mut b) = (Moments::default(), Moments::default());
        [2, 4, 4, 4].into_iter().for_each(|x| a.add(x));
        [5, 5, 7, 9].into_iter().for_each(|x| b.add(x));
        a.merge(&b);
        assert_eq!(a, m);
    }

    /// By hand: y = 2, 3, 6 over x = 1, 2, 2 gives R = 11 / 5 = 2.2, residuals -0.2, -1.4,
    /// 1.6 (squares summing to 4.56, so s_z^2 = 2.28), xbar = 5 / 3, var R = 2.28 / (3 (5/3)^2)
    /// = 0.2736, se = 0.523068, and the interval 2.2 -+ 1.959964 x 0.523068 = 1.174806 to
    /// 3.225194.
    #[test]
    fn ratio_with_its_delta_method_interval() {
        let mut r = RatioMoments::default();
        for (y, x) in [(2, 1), (3, 2), (6, 2)] {
            r.add(y, x);
        }
        let e = r.estimate();
        close(e.value, 2.2, 1e-15, "R");
        close(e.se, 0.2736f64.sqrt(), 1e-12, "se");
        close(e.low, 1.174_806, 1e-6, "low");
        close(e.high, 3.225_194, 1e-6, "high");
    }

    /// By hand: 60 and 30 wins of 100 games: d = 0.3, var d = (0.9 - 0.09) / 100 = 0.0081,
    /// se 0.09, d in 0.3 -+ 0.176397; balance 0.7 in 0.523603 to 0.876397. With 48 and 46 the
    /// difference's interval holds 0, and the balance's reaches 1.
    #[test]
    fn balance_of_two_sides() {
        let e = balance(60, 30, 100);
        close(e.value, 0.7, 1e-12, "balance");
        close(e.se, 0.09, 1e-12, "se");
        close(e.low, 1.0 - 0.3 - 0.176_397, 1e-6, "low");
        close(e.high, 1.0 - 0.3 + 0.176_397, 1e-6, "high");
        let even = balance(48, 46, 100);
        assert_eq!(even.high, 1.0);
        close(even.value, 0.98, 1e-12, "even");
    }

    /// By hand: 60/100 against 45/100: pooled p = 0.525, se = sqrt(0.525 x 0.475 x 0.02) =
    /// 0.0706222, z = 2.123977, two-sided p = 0.0336721 (erfc by mpmath 1.3).
    #[test]
    fn two_proportions() {
        close(
            two_proportion_p(60, 100, 45, 100),
            0.033_672_068_856,
            1e-10,
            "p",
        );
        close(
            two_proportion_p(45, 100, 60, 100),
            0.033_672_068_856,
            1e-10,
            "p swapped",
        );
        assert_eq!(two_proportion_p(0, 50, 0, 70), 1.0);
        assert_eq!(two_proportion_p(30, 60, 15, 30), two_sided_normal(0.0));
    }

    /// By hand: 19, 22, 16, 29, 24 (mean 22, variance 24.5) against 20, 11, 17, 12 (mean 15,
    /// variance 18): se^2 = 4.9 + 4.5 = 9.4, t = 7 / sqrt(9.4) = 2.283148, Welch-Satterthwaite
    /// df = 9.4^2 / (4.9^2 / 4 + 4.5^2 / 3) = 6.928837, and the two-sided p-value of t there is
    /// 0.0567509 (Student's t by mpmath 1.3, `betainc`).
    #[test]
    fn welch() {
        close(
            welch_p(22.0, 24.5, 5, 15.0, 18.0, 4),
            0.056_750_925_921_875_73,
            1e-10,
            "p",
        );
        assert_eq!(welch_p(3.0, 1.0, 10, 3.0, 2.0, 20), 1.0);
    }

    /// Two estimates 0.30 (se 0.03) and 0.20 (se 0.04): z = 0.1 / 0.05 = 2, p = 0.0455003
    /// (the normal table's two-sided 2 sigma).
    #[test]
    fn z_test_of_two_estimates() {
        let e = |value, se| Estimate {
            value,
            low: 0.0,
            high: 0.0,
            se,
            df: None,
        };
        close(
            z_p(&e(0.30, 0.03), &e(0.20, 0.04)),
            0.045_500_263_896_358_4,
            1e-9,
            "p",
        );
    }

    /// Holm (1979) by hand: p = 0.01, 0.04, 0.03, 0.005 of four tests, in order 0.005, 0.01,
    /// 0.03, 0.04, scaled by 4, 3, 2, 1 to 0.02, 0.03, 0.06, 0.04, made non-decreasing: 0.02,
    /// 0.03, 0.06, 0.06.
    #[test]
    fn holm_adjusts_a_table() {
        let adjusted = holm(&[0.01, 0.04, 0.03, 0.005]);
        for (a, b) in adjusted.iter().zip([0.03, 0.06, 0.06, 0.02]) {
            close(*a, b, 1e-15, "adjusted");
        }
        assert_eq!(holm(&[0.9, 0.8]), vec![1.0, 1.0]);
        assert!(holm(&[]).is_empty());
    }

    /// Γ(5) = 24, Γ(1/2) = sqrt(π), Γ(10.5) = 1133278.3889487856 (from Γ(1/2) by the recurrence).
    #[test]
    fn log_gamma() {
        close(ln_gamma(5.0), 24f64.ln(), 1e-13, "Γ(5)");
        close(
            ln_gamma(0.5),
            std::f64::consts::PI.sqrt().ln(),
            1e-13,
            "Γ(1/2)",
        );
        close(
            ln_gamma(10.5),
            1_133_278.388_948_785_6f64.ln(),
            1e-12,
            "Γ(10.5)",
        );
    }
}
