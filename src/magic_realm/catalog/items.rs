//! Horses, weapons, armor and treasures (rules 2.3, 4.3, 4.4).
//!
//! Not yet written: see issue 3.
