//! Hand of Doom inside the conformance harness: random parties of the sample content play
//! whole missions ([1]-[13], game end included) with the contract checked at every step,
//! card conservation included (`HandOfDoom::invariants`).
mod conformance;

use tabletop_rules::hand_of_doom::HandOfDoom;

/// Deep checks on every step of hundreds of games: run in release
/// (`make test-rust` does: `cargo test --release --test conformance_hand_of_doom`).
#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug: run with --release")]
fn hand_of_doom_conforms_on_random_games() {
    let config = conformance::Config {
        playouts: 200,
        max_steps: 3_000,
        seed: 0x40D,
        deep_every: 4,
    };
    let actions = conformance::run::<HandOfDoom>(&config);
    assert!(
        actions > 200 * 20,
        "the random games played only {actions} actions"
    );
}

/// A few games with every check on every step, in any build.
#[test]
fn hand_of_doom_conforms_on_a_few_games() {
    let config = conformance::Config {
        playouts: 6,
        max_steps: 3_000,
        seed: 0xD00,
        deep_every: 1,
    };
    let actions = conformance::run::<HandOfDoom>(&config);
    assert!(
        actions > 6 * 10,
        "the random games played only {actions} actions"
    );
}
