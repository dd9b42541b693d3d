//! placeholder: see melee/mod.rs
