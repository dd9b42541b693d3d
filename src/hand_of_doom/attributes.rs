//! Attribute tests (used by every step that rolls): 2d6, passed on a total equal to or
//! below the attribute; status conditions modify attributes and opposed pairs cancel.

use crate::engine::dice::{DiceBox, Roll};
use serde::{Deserialize, Serialize};
use std::fmt;
use tsify::Tsify;

/// The six attributes.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
pub enum Attribute {
    AGI,
    CON,
    MAG,
    MRL,
    PER,
    STR,
}

impl Attribute {
    pub const ALL: [Attribute; 6] = [
        Attribute::AGI,
        Attribute::CON,
        Attribute::MAG,
        Attribute::MRL,
        Attribute::PER,
        Attribute::STR,
    ];
}

impl fmt::Display for Attribute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

/// An adventurer's printed attributes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
#[allow(clippy::upper_case_acronyms)]
pub struct Attributes {
    pub agi: u8,
    pub con: u8,
    pub mag: u8,
    pub mrl: u8,
    pub per: u8,
    pub str: u8,
}

impl Attributes {
    pub fn get(&self, a: Attribute) -> u8 {
        match a {
            Attribute::AGI => self.agi,
            Attribute::CON => self.con,
            Attribute::MAG => self.mag,
            Attribute::MRL => self.mrl,
            Attribute::PER => self.per,
            Attribute::STR => self.str,
        }
    }
}

/// Status conditions (FACTS.md). Opposed pairs cancel: gaining one removes its opposite.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
pub enum Condition {
    Blessed,
    Demoralized,
    Focused,
    Blinded,
    Invigorated,
    Weakened,
    Exalted,
    Suppressed,
    Slimed,
    Poisoned,
    /// [2] A failed Force March: AGI -1 (docs/rulings.md).
    Fatigued,
}

impl Condition {
    /// The condition that cancels this one.
    pub fn opposite(self) -> Option<Condition> {
        use Condition::*;
        match self {
            Blessed => Some(Demoralized),
            Demoralized => Some(Blessed),
            Focused => Some(Blinded),
            Blinded => Some(Focused),
            Invigorated => Some(Weakened),
            Weakened => Some(Invigorated),
            Exalted => Some(Suppressed),
            Suppressed => Some(Exalted),
            Slimed | Poisoned | Fatigued => None,
        }
    }

    /// The attribute it changes, and by how much.
    pub fn modifier(self) -> (Attribute, i8) {
        use Condition::*;
        match self {
            Blessed => (Attribute::MRL, 1),
            Demoralized => (Attribute::MRL, -1),
            Focused => (Attribute::PER, 1),
            Blinded => (Attribute::PER, -1),
            Invigorated => (Attribute::STR, 1),
            Weakened => (Attribute::STR, -1),
            Exalted => (Attribute::MAG, 1),
            Suppressed => (Attribute::MAG, -1),
            Slimed | Fatigued => (Attribute::AGI, -1),
            Poisoned => (Attribute::CON, -1),
        }
    }
}

/// Add `c` to a set of conditions: an opposed condition already held cancels both; a
/// condition already held is not doubled. Returns true when `c` was cancelled.
pub fn add_condition(conditions: &mut Vec<Condition>, c: Condition) -> bool {
    if let Some(opp) = c.opposite() {
        if let Some(pos) = conditions.iter().position(|x| *x == opp) {
            conditions.remove(pos);
            return true;
        }
    }
    if !conditions.contains(&c) {
        conditions.push(c);
        conditions.sort();
    }
    false
}

/// The sum of the conditions' modifiers to `a`.
pub fn condition_modifier(conditions: &[Condition], a: Attribute) -> i8 {
    conditions
        .iter()
        .map(|c| c.modifier())
        .filter(|(attr, _)| *attr == a)
        .map(|(_, m)| m)
        .sum()
}

/// One attribute test: the roll, the attribute tested against, and the result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
pub struct TestResult {
    pub attribute: Attribute,
    pub target: u8,
    pub roll: Roll,
    pub passed: bool,
}

impl TestResult {
    /// The highest die of the roll.
    pub fn highest(&self) -> u8 {
        self.roll.higher()
    }
}

/// Roll 2d6 against `target` (the effective attribute).
pub fn test(dice: &mut DiceBox, what: &str, attribute: Attribute, target: u8) -> TestResult {
    let roll = dice.roll(&format!("{attribute} test ({what})"), 2);
    let passed = roll.total() <= u32::from(target);
    TestResult {
        attribute,
        target,
        roll,
        passed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Seed;

    #[test]
    fn attribute_test_passes_on_total_equal_or_below() {
        let mut dice = DiceBox::new(Seed(1));
        dice.force(&[3, 4, 4, 4]).unwrap();
        assert!(test(&mut dice, "t", Attribute::AGI, 7).passed);
        assert!(!test(&mut dice, "t", Attribute::AGI, 7).passed);
    }

    #[test]
    fn opposed_conditions_cancel() {
        let mut c = vec![Condition::Blessed, Condition::Slimed];
        assert!(add_condition(&mut c, Condition::Demoralized));
        assert_eq!(c, vec![Condition::Slimed]);
        assert!(!add_condition(&mut c, Condition::Slimed));
        assert_eq!(c, vec![Condition::Slimed]);
        assert_eq!(condition_modifier(&c, Attribute::AGI), -1);
        assert_eq!(condition_modifier(&c, Attribute::MRL), 0);
    }
}
