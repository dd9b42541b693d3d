//! Map chits and dwellings (rules 2.1.3, 2.1.4, 3.5, 3.6).
//!
//! Not yet written: see issue 3.
