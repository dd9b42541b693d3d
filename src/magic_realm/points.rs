//! Recorded Fame and Notoriety (rules 4.5.3, 8.7, 9.3.2): whole points, except that
//! characters sharing a kill "divide the bounty points equally, retaining fractions"
//! (8.7), so a record holds any fraction exactly.

use crate::engine::RuleError;
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use std::cmp::Ordering;
use std::fmt;
use tsify::Tsify;

/// The largest numerator or denominator a record holds: JavaScript's largest safe integer
/// (2^53 - 1), so that both read exactly in the web app.
pub const MAX_PART: i64 = 9_007_199_254_740_991;

/// Recorded Fame or Notoriety points, held exactly as the fraction `num / den` (8.7: a
/// shared kill divides its bounty "retaining fractions").
///
/// A fraction rather than fixed units (sixtieths, say): a kill may be shared by any number
/// of attackers at once (characters and their hirelings), and a seventh or an eleventh
/// must stay exact as surely as a half or a third.
///
/// On the wire (JSON, JavaScript) it is `{ "num": 3, "den": 2 }` (one and a half): two
/// whole numbers, always in lowest terms, `den` at least 1 (`den` is 1 for whole points),
/// both within JavaScript's safe integers. The value is `num / den`. Reading, a bare whole
/// number (`7`) is accepted as well, as scenarios and saves written before fractions were
/// kept give it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Tsify)]
pub struct Points {
    num: i64,
    den: i64,
}

impl Points {
    pub const ZERO: Points = Points { num: 0, den: 1 };

    /// Whole points.
    pub const fn whole(n: i32) -> Points {
        Points {
            num: n as i64,
            den: 1,
        }
    }

    /// `num / den` in lowest terms; `None` if `den` is 0 or a part is out of range.
    pub fn new(num: i64, den: i64) -> Option<Points> {
        Points::reduced(i128::from(num), i128::from(den))
    }

    fn reduced(num: i128, den: i128) -> Option<Points> {
        if den == 0 {
            return None;
        }
        let g = gcd(num.unsigned_abs(), den.unsigned_abs()).max(1);
        let g = i128::try_from(g).ok()?;
        let sign = if den < 0 { -1 } else { 1 };
        let (num, den) = (sign * num / g, sign * den / g);
        let max = i128::from(MAX_PART);
        if num.abs() > max || den > max {
            return None;
        }
        Some(Points {
            num: i64::try_from(num).ok()?,
            den: i64::try_from(den).ok()?,
        })
    }

    /// The numerator (in lowest terms; negative for negative points).
    pub fn num(self) -> i64 {
        self.num
    }

    /// The denominator (in lowest terms; 1 for whole points).
    pub fn den(self) -> i64 {
        self.den
    }

    pub fn is_whole(self) -> bool {
        self.den == 1
    }

    pub fn is_negative(self) -> bool {
        self.num < 0
    }

    pub fn checked_add(self, other: Points) -> Option<Points> {
        let (a, b) = (i128::from(self.den), i128::from(other.den));
        Points::reduced(i128::from(self.num) * b + i128::from(other.num) * a, a * b)
    }

    pub fn checked_sub(self, other: Points) -> Option<Points> {
        self.checked_add(Points::reduced(
            -i128::from(other.num),
            i128::from(other.den),
        )?)
    }

    /// The points `n` times over.
    pub fn checked_mul(self, n: i64) -> Option<Points> {
        Points::reduced(i128::from(self.num) * i128::from(n), i128::from(self.den))
    }

    /// The points divided into `n` equal shares (8.7), one share; `None` for `n` = 0.
    pub fn checked_div(self, n: i64) -> Option<Points> {
        Points::reduced(i128::from(self.num), i128::from(self.den) * i128::from(n))
    }

    /// Adds `by` to the record; refused, changing nothing, if the record cannot hold the
    /// sum.
    pub fn gain(&mut self, by: Points) -> Result<(), RuleError> {
        *self = self.checked_add(by).ok_or_else(beyond)?;
        Ok(())
    }

    /// Takes `by` from the record (it may go negative, 8.7); refused, changing nothing, if
    /// the record cannot hold the difference.
    pub fn lose(&mut self, by: Points) -> Result<(), RuleError> {
        *self = self.checked_sub(by).ok_or_else(beyond)?;
        Ok(())
    }

    /// One of `n` equal shares (8.7), refused for no sharers or out of range.
    pub fn share(self, n: usize) -> Result<Points, RuleError> {
        i64::try_from(n)
            .ok()
            .and_then(|n| self.checked_div(n))
            .ok_or_else(beyond)
    }

    /// The points `n` times over (8.7: multiplied by the day's kills), refused out of range.
    pub fn times(self, n: u32) -> Result<Points, RuleError> {
        self.checked_mul(i64::from(n)).ok_or_else(beyond)
    }

    /// `self + other` for a reading that cannot be refused (9.3's score): beyond what a
    /// record holds, rounded down to whole points and held at ±[`MAX_PART`].
    pub fn saturating_add(self, other: Points) -> Points {
        self.checked_add(other).unwrap_or_else(|| {
            let (a, b) = (i128::from(self.den), i128::from(other.den));
            let sum = i128::from(self.num) * b + i128::from(other.num) * a;
            // Rounded down (9.3.2 rounds fractions to his disfavor) and held in range.
            let max = i128::from(MAX_PART);
            let floor = sum.div_euclid(a * b).clamp(-max, max);
            Points {
                num: i64::try_from(floor).unwrap_or(0),
                den: 1,
            }
        })
    }

    /// The whole number at or below the points (9.3.2: "round fractions down, including
    /// negative fractions").
    pub fn floor(self) -> i64 {
        self.num.div_euclid(self.den)
    }
}

impl Default for Points {
    fn default() -> Self {
        Points::ZERO
    }
}

impl From<i32> for Points {
    fn from(n: i32) -> Self {
        Points::whole(n)
    }
}

impl PartialEq<i32> for Points {
    fn eq(&self, other: &i32) -> bool {
        self.den == 1 && self.num == i64::from(*other)
    }
}

impl Ord for Points {
    fn cmp(&self, other: &Self) -> Ordering {
        // Both denominators are positive: compare the cross products.
        (i128::from(self.num) * i128::from(other.den))
            .cmp(&(i128::from(other.num) * i128::from(self.den)))
    }
}

impl PartialOrd for Points {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialOrd<i32> for Points {
    fn partial_cmp(&self, other: &i32) -> Option<Ordering> {
        Some(self.cmp(&Points::whole(*other)))
    }
}

/// The refusal of a sum no record can hold.
fn beyond() -> RuleError {
    RuleError::illegal("that would take Fame or Notoriety beyond what can be recorded")
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// As a player writes it: "3", "1½", "-⅔", "2 3/7".
impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.num < 0 { "-" } else { "" };
        let abs = self.num.unsigned_abs();
        let den = self.den.unsigned_abs();
        let (whole, rest) = (abs / den, abs % den);
        if rest == 0 {
            return write!(f, "{sign}{whole}");
        }
        let glyph = match (rest, den) {
            (1, 2) => Some('½'),
            (1, 3) => Some('⅓'),
            (2, 3) => Some('⅔'),
            (1, 4) => Some('¼'),
            (3, 4) => Some('¾'),
            (1, 5) => Some('⅕'),
            (2, 5) => Some('⅖'),
            (3, 5) => Some('⅗'),
            (4, 5) => Some('⅘'),
            (1, 6) => Some('⅙'),
            (5, 6) => Some('⅚'),
            (1, 8) => Some('⅛'),
            (3, 8) => Some('⅜'),
            (5, 8) => Some('⅝'),
            (7, 8) => Some('⅞'),
            _ => None,
        };
        match (whole, glyph) {
            (0, Some(g)) => write!(f, "{sign}{g}"),
            (w, Some(g)) => write!(f, "{sign}{w}{g}"),
            (0, None) => write!(f, "{sign}{rest}/{den}"),
            (w, None) => write!(f, "{sign}{w} {rest}/{den}"),
        }
    }
}

/// The `{ num, den }` form.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Fraction {
    num: i64,
    den: i64,
}

struct PointsVisitor;

impl PointsVisitor {
    fn whole<E: de::Error>(n: i128) -> Result<Points, E> {
        Points::reduced(n, 1)
            .ok_or_else(|| E::custom(format!("{n} points are more than can be recorded")))
    }
}

impl<'de> Visitor<'de> for PointsVisitor {
    type Value = Points;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a whole number of points or { num, den } with den at least 1")
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Points, E> {
        PointsVisitor::whole(i128::from(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Points, E> {
        PointsVisitor::whole(i128::from(v))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Points, E> {
        // JavaScript gives every number as a float: only a whole one is points.
        let max = MAX_PART as f64;
        if v.is_finite() && v.fract() == 0.0 && v.abs() <= max {
            PointsVisitor::whole(v as i128)
        } else {
            Err(E::custom(format!("{v} is not a whole number of points")))
        }
    }

    fn visit_map<M: MapAccess<'de>>(self, map: M) -> Result<Points, M::Error> {
        let Fraction { num, den } =
            Fraction::deserialize(de::value::MapAccessDeserializer::new(map))?;
        if den < 1 {
            return Err(de::Error::custom(format!(
                "points {num}/{den}: the denominator must be at least 1"
            )));
        }
        Points::new(num, den).ok_or_else(|| {
            de::Error::custom(format!("points {num}/{den} are more than can be recorded"))
        })
    }
}

impl<'de> Deserialize<'de> for Points {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(PointsVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_reduce_and_read_as_written() {
        let half = Points::new(3, 6).unwrap();
        assert_eq!((half.num(), half.den()), (1, 2));
        assert_eq!(Points::new(4, -6).unwrap(), Points::new(-2, 3).unwrap());
        assert_eq!(Points::new(1, 0), None);
        assert_eq!(Points::whole(3).checked_div(2).unwrap().to_string(), "1½");
        assert_eq!(Points::new(-2, 3).unwrap().to_string(), "-⅔");
        assert_eq!(Points::new(17, 7).unwrap().to_string(), "2 3/7");
        assert_eq!(Points::new(-7, 2).unwrap().floor(), -4);
        assert!(Points::new(1, 3).unwrap() < Points::new(1, 2).unwrap());
    }

    #[test]
    fn sums_stay_exact_and_overflow_is_refused() {
        let third = Points::new(1, 3).unwrap();
        let sum = third
            .checked_add(third)
            .and_then(|s| s.checked_add(third))
            .unwrap();
        assert_eq!(sum, 1);
        assert_eq!(Points::new(MAX_PART, 1).unwrap().checked_add(sum), None);
    }

    #[test]
    fn reads_whole_numbers_and_fractions() {
        let p: Points = serde_json::from_str("7").unwrap();
        assert_eq!(p, 7);
        let p: Points = serde_json::from_str("-2.0").unwrap();
        assert_eq!(p, -2);
        let p: Points = serde_json::from_str(r#"{"num": 6, "den": 4}"#).unwrap();
        assert_eq!(p, Points::new(3, 2).unwrap());
        assert_eq!(serde_json::to_string(&p).unwrap(), r#"{"num":3,"den":2}"#);
        for bad in ["1.5", r#"{"num": 1, "den": 0}"#, r#"{"num": 1}"#, "1e300"] {
            assert!(serde_json::from_str::<Points>(bad).is_err(), "{bad}");
        }
    }
}
