pub mod bidding_race;
pub mod engine;
pub mod magic_realm;
pub mod wasm;
