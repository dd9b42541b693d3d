//! Characters and their action chits (rules 2.5, 3.3).
//!
//! Not yet written: see issue 3.
