//! Where the Melee Step's die rolls come from (8.4.6, 8.4.9). The game rolls its dice and
//! logs them; tests script them ([`Scripted`]); simulations draw them from a seeded
//! stream ([`Seeded`]); the odds query enumerates every result with its probability
//! (`odds::Enumerator`). The kernel asks for each roll through this trait, in a fixed
//! order, so all of them see the same rules:
//!
//! 1. for each sheet in `Situation::sheets` order: a character's sheet rolls once for its
//!    red boxes, then Change Tactics for each occupied box in lane order; a denizen's
//!    sheet rolls the same way for its target (Maneuver squares), then its other
//!    attackers (Attack circles), then its defender (red boxes) unless the defender is
//!    steady (a hireling);
//! 2. one Missile Table roll for each missile hit, as the hit takes effect (8.4.9); a
//!    cancelled hit rolls nothing.

use super::{FighterId, Lane, MissileDice};
use crate::engine::dice::Stream;

/// Which group of counters on a sheet a roll moves or turns over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SheetPart {
    /// A character's red boxes (one Repositioning roll for all of them).
    RedBoxes,
    /// An uncontrolled defender on its own sheet.
    Defender,
    /// The defender's target, in the Maneuver squares.
    Target,
    /// The other attackers, in the Attack circles.
    Circles,
}

/// The die rolls of a Melee Step.
pub trait Chance {
    /// One die on the Repositioning Denizens Table (8.4.6), for `part` of sheet `sheet`
    /// (an index into `Situation::sheets`). Returns 1 to 6.
    fn reposition(&mut self, sheet: usize, part: SheetPart) -> u8;
    /// Two dice on the Change Tactics Table (8.4.6) for the counters in one lane of a
    /// part of a sheet; they turn over if either die is a 6. Returns both dice.
    fn change_tactics(&mut self, sheet: usize, part: SheetPart, lane: Lane) -> [u8; 2];
    /// A roll on the Missile Table (8.4.9) for `attacker`'s hit: the table row 1 to 6
    /// after any modifier.
    fn missile(&mut self, attacker: FighterId, dice: MissileDice) -> u8;
}

/// The Missile Table row for a roll: one die as it fell, or the higher of two dice plus
/// the modifier, clamped into the table's rows 1 to 6 (4.1.2).
pub fn missile_row(dice: MissileDice, first: u8, second: u8) -> u8 {
    match dice {
        MissileDice::OneDie => first.clamp(1, 6),
        MissileDice::OneDiePlus { modifier } => {
            let modified = i16::from(first) + i16::from(modifier);
            u8::try_from(modified.clamp(1, 6)).unwrap_or(1)
        }
        MissileDice::TwoDice { modifier } => {
            let modified = i16::from(first.max(second)) + i16::from(modifier);
            // In 1..=6 after the clamp, so the conversion cannot fail.
            u8::try_from(modified.clamp(1, 6)).unwrap_or(1)
        }
    }
}

/// One roll a [`Scripted`] chance answered, for tests that check the order of rolls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RollAsked {
    Reposition {
        sheet: usize,
        part: SheetPart,
    },
    ChangeTactics {
        sheet: usize,
        part: SheetPart,
        lane: Lane,
    },
    Missile {
        attacker: FighterId,
        dice: MissileDice,
    },
}

/// A chance that answers from a list of numbers, in order: a Repositioning roll takes one
/// number, a Change Tactics roll two (the two dice), a Missile Table roll one (the table
/// row, already modified). Once the list runs out it answers the "nothing happens"
/// results — Repositioning 4 (every counter stays), Change Tactics 1 and 1 (no change),
/// Missile row 3 (harm unchanged) — and notes that it ran out, so a test can check it
/// scripted exactly the rolls it meant to.
#[derive(Debug, Clone, Default)]
pub struct Scripted {
    numbers: Vec<u8>,
    next: usize,
    ran_out: bool,
    /// Every roll asked for, in order.
    pub asked: Vec<RollAsked>,
}

impl Scripted {
    /// Repositioning result that leaves every counter where it is (row 4: 1-2-3).
    pub const STAY: u8 = 4;
    /// Missile Table row that leaves the harm unchanged.
    pub const MISSILE_SAME: u8 = 3;

    pub fn new(numbers: impl Into<Vec<u8>>) -> Self {
        Scripted {
            numbers: numbers.into(),
            ..Scripted::default()
        }
    }

    /// Whether a roll was asked after the list ran out.
    pub fn ran_out(&self) -> bool {
        self.ran_out
    }

    /// Numbers not used yet.
    pub fn left(&self) -> usize {
        self.numbers.len().saturating_sub(self.next)
    }

    fn take(&mut self, default: u8) -> u8 {
        match self.numbers.get(self.next) {
            Some(&n) => {
                self.next += 1;
                n
            }
            None => {
                self.ran_out = true;
                default
            }
        }
    }
}

impl Chance for Scripted {
    fn reposition(&mut self, sheet: usize, part: SheetPart) -> u8 {
        self.asked.push(RollAsked::Reposition { sheet, part });
        self.take(Scripted::STAY)
    }

    fn change_tactics(&mut self, sheet: usize, part: SheetPart, lane: Lane) -> [u8; 2] {
        self.asked
            .push(RollAsked::ChangeTactics { sheet, part, lane });
        [self.take(1), self.take(1)]
    }

    fn missile(&mut self, attacker: FighterId, dice: MissileDice) -> u8 {
        self.asked.push(RollAsked::Missile { attacker, dice });
        self.take(Scripted::MISSILE_SAME)
    }
}

/// Fair dice from the crate's value-stable random stream, for simulations.
#[derive(Debug, Clone)]
pub struct Seeded {
    stream: Stream,
}

impl Seeded {
    pub fn new(seed: u64) -> Self {
        Seeded {
            stream: Stream::new(seed, 0x004D_454C_4545),
        }
    }

    fn die(&mut self) -> u8 {
        // below(6) is 0..=5.
        u8::try_from(self.stream.below(6)).unwrap_or(0) + 1
    }
}

impl Chance for Seeded {
    fn reposition(&mut self, _sheet: usize, _part: SheetPart) -> u8 {
        self.die()
    }

    fn change_tactics(&mut self, _sheet: usize, _part: SheetPart, _lane: Lane) -> [u8; 2] {
        [self.die(), self.die()]
    }

    fn missile(&mut self, _attacker: FighterId, dice: MissileDice) -> u8 {
        let first = self.die();
        let second = match dice {
            MissileDice::OneDie | MissileDice::OneDiePlus { .. } => 0,
            MissileDice::TwoDice { .. } => self.die(),
        };
        missile_row(dice, first, second)
    }
}
