//! Every dice table (rule 4.1 and the table sheets).
//!
//! Not yet written: see issue 3.
