//! Closed sets shared by every kind of component (rules 1.6, 2.2, 2.3, 4.6).

use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// Weight / harm / vulnerability letters (rule 1.6 and 2.2): Negligible, Light, Medium,
/// Heavy, Tremendous. Ordered from lightest to heaviest.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
pub enum Size {
    Negligible,
    Light,
    Medium,
    Heavy,
    Tremendous,
}

/// The five colours of magic (rule 4.6).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
pub enum MagicColor {
    White,
    Grey,
    Gold,
    Purple,
    Black,
}

/// The two sides of a double-sided counter or tile where the rules name no better pair.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
pub enum Side {
    Light,
    Dark,
}
