//! Combat in a clearing (rules 5.2, 5.3, 8.2 to 8.8; seeds 004 and 002).

pub mod melee;
