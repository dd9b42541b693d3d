//! Dice (Magic Realm rule 4.1; Hand of Doom's 2d6 tests): a seeded, value-stable random
//! stream kept in the game state, plus a queue of forced results that scenarios and tests
//! script so that they can state exact outcomes.
//!
//! The sampling is written here rather than taken from `rand`'s distributions, so a
//! dependency upgrade can never change the rolls an old saved game replays.

use crate::engine::error::RuleError;
use crate::engine::seed::Seed;
use rand::Rng as _;
use rand_pcg::Pcg64;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::fmt;
use tsify::Tsify;

/// A value-stable uniform random stream (PCG XSL RR 128/64).
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stream {
    pcg: Pcg64,
}

impl fmt::Debug for Stream {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Stream(..)")
    }
}

/// One step of SplitMix64, used only to spread a 64-bit seed over PCG's 128-bit state.
fn splitmix64(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Stream {
    /// The stream for `seed`; `purpose` separates independent streams of one seed (the
    /// game's dice, a playout's choices...).
    pub fn new(seed: u64, purpose: u64) -> Self {
        let mut x = seed;
        let hi = u128::from(splitmix64(&mut x));
        let lo = u128::from(splitmix64(&mut x));
        let stream = u128::from(purpose)
            .wrapping_mul(2)
            .wrapping_add(0xDA3E_39CB_94B9_5BDB);
        Stream {
            pcg: Pcg64::new((hi << 64) | lo, stream),
        }
    }

    /// A uniform number in `0..n` (unbiased, by rejection); 0 when `n` is 0.
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let x = self.pcg.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// A uniform index into a slice of length `len`.
    pub fn index(&mut self, len: usize) -> usize {
        // usize is at most 64 bits on every target we build for.
        self.below(len as u64) as usize
    }
}

/// The dice of one game: the seeded stream and the forced results still to come.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceBox {
    stream: Stream,
    forced: VecDeque<u8>,
}

/// The purpose number of a game's dice stream (see [`Stream::new`]).
const DICE_PURPOSE: u64 = 1;

impl DiceBox {
    pub fn new(seed: Seed) -> Self {
        DiceBox {
            stream: Stream::new(seed.0, DICE_PURPOSE),
            forced: VecDeque::new(),
        }
    }

    /// Script the next die results (each 1 to 6); they are used, in order, before the
    /// seeded stream.
    pub fn force(&mut self, results: &[u8]) -> Result<(), RuleError> {
        if let Some(bad) = results.iter().find(|r| !(1..=6).contains(*r)) {
            return Err(RuleError::bad_scenario(format!(
                "a forced die result must be 1 to 6, not {bad}"
            )));
        }
        self.forced.extend(results.iter().copied());
        Ok(())
    }

    /// How many forced results are still waiting.
    pub fn forced_left(&self) -> usize {
        self.forced.len()
    }

    /// One six-sided die.
    pub fn die(&mut self) -> u8 {
        match self.forced.pop_front() {
            Some(forced) => forced,
            // below(6) < 6, so the sum fits in a u8.
            None => (self.stream.below(6) as u8) + 1,
        }
    }

    /// Roll `count` dice for `table`; the game decides what the dice mean.
    pub fn roll(&mut self, table: &str, count: usize) -> Roll {
        Roll {
            table: table.to_string(),
            dice: (0..count).map(|_| self.die()).collect(),
        }
    }
}

/// A roll of one or more dice on a named table, as it appears in events.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
pub struct Roll {
    /// The table (or test) the dice were rolled for, e.g. `"hide"` or `"monster_roll"`.
    pub table: String,
    /// Each die's result, in the order rolled.
    pub dice: Vec<u8>,
}

impl Roll {
    /// The higher die (Magic Realm table rolls, rule 4.1.1).
    pub fn higher(&self) -> u8 {
        self.dice.iter().copied().max().unwrap_or(0)
    }
    /// The sum of the dice (Hand of Doom tests).
    pub fn total(&self) -> u32 {
        self.dice.iter().map(|d| u32::from(*d)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_stream_is_value_stable() {
        // Golden values: if this fails, old saved games would replay differently.
        let mut dice = DiceBox::new(Seed(42));
        let rolls: Vec<u8> = (0..12).map(|_| dice.die()).collect();
        assert_eq!(rolls, GOLDEN_SEED_42);
    }

    const GOLDEN_SEED_42: [u8; 12] = [4, 2, 2, 6, 4, 4, 2, 3, 2, 1, 1, 2];

    #[test]
    fn forced_results_come_first_then_the_stream() {
        let mut plain = DiceBox::new(Seed(7));
        let expected: Vec<u8> = (0..3).map(|_| plain.die()).collect();
        let mut dice = DiceBox::new(Seed(7));
        dice.force(&[6, 1]).unwrap();
        assert_eq!(dice.forced_left(), 2);
        assert_eq!(dice.die(), 6);
        assert_eq!(dice.die(), 1);
        let rest: Vec<u8> = (0..3).map(|_| dice.die()).collect();
        assert_eq!(rest, expected);
    }

    #[test]
    fn forced_results_outside_1_to_6_are_refused() {
        let mut dice = DiceBox::new(Seed(7));
        assert!(dice.force(&[0]).is_err());
        assert!(dice.force(&[7]).is_err());
        assert_eq!(dice.forced_left(), 0, "a refused script adds nothing");
    }

    #[test]
    fn dice_are_roughly_uniform() {
        let mut dice = DiceBox::new(Seed(1));
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[usize::from(dice.die() - 1)] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn below_stays_in_range_and_handles_zero() {
        let mut s = Stream::new(3, 9);
        assert_eq!(s.below(0), 0);
        for n in 1..50u64 {
            assert!(s.below(n) < n);
        }
    }

    #[test]
    fn roll_higher_and_total() {
        let roll = Roll {
            table: "hide".into(),
            dice: vec![2, 5],
        };
        assert_eq!(roll.higher(), 5);
        assert_eq!(roll.total(), 7);
    }
}
