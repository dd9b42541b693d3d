pub mod bidding_race;
pub mod engine;
pub mod hand_of_doom;
pub mod magic_realm;
pub mod wasm;
