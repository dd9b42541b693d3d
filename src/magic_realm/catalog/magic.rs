//! Spells as facts (rules 2.3.5, 4.6).
//!
//! Not yet written: see issue 3.
