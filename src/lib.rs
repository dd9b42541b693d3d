pub mod engine;
pub mod magic_realm;
