//! Monsters, natives and the Appearance Chart (rules 2.2, 2.4).
//!
//! Not yet written: see issue 3.
