//! The 20 map tiles, both sides (rules 2.1, 3.2).
//!
//! Not yet written: see issue 3.
