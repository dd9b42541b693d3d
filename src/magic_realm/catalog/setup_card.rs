//! The Treasure Setup Card and visitor/mission/campaign chits (rules 2.4, 3.1, 3.4).
//!
//! Not yet written: see issue 3.
