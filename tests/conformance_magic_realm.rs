//! Magic Realm inside the conformance harness: random setups with random seeds play through
//! chapter 3 with the contract checked at every step, piece conservation included.
mod conformance;

use tabletop_rules::magic_realm::MagicRealm;

/// Hundreds of full setups with deep checks are minutes in a debug build, so this suite runs
/// in release (`make test-rust` does: `cargo test --release --test conformance_magic_realm`).
#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug: run with --release")]
fn magic_realm_setup_conforms_on_random_games() {
    let config = conformance::Config {
        playouts: 40,
        max_steps: 400,
        seed: 0x3A61C,
        deep_every: 4,
    };
    let actions = conformance::run::<MagicRealm>(&config);
    assert!(
        actions > 40 * 10,
        "the random setups played only {actions} actions"
    );
}
