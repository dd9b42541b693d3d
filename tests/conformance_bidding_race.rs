//! The example game inside the conformance harness.
mod conformance;

use tabletop_rules::bidding_race::BiddingRace;

#[test]
fn bidding_race_conforms_on_300_random_games() {
    let actions = conformance::run::<BiddingRace>(&conformance::Config::default());
    assert!(
        actions > 300 * 4,
        "the random games played only {actions} actions"
    );
}
