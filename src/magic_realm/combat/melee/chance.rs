//! Where the Melee Step's die rolls come from (8.4.6, 8.4.9). The game rolls its dice and
//! logs them; tests script them; the odds query enumerates every result with its
//! probability. The kernel asks for each roll through this trait, in a fixed order, so
//! all three see the same rules.

use super::{FighterId, Lane, MissileDice};

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
