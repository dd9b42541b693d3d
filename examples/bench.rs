//! `make bench`, native half: random playouts per second and actions per second for every
//! game. Prints one JSON line per game (read by scripts/bench.mjs); measures, asserts nothing.

use std::time::{Duration, Instant};
use tabletop_rules::bidding_race::BiddingRace;
use tabletop_rules::engine::conformance::Conformance;
use tabletop_rules::engine::playout::random_playouts;
use tabletop_rules::magic_realm::MagicRealm;

const MAX_ACTIONS: u32 = 100_000;
const MIN_TIME: Duration = Duration::from_secs(2);

fn bench<R: Conformance>(name: &str, batch_size: u32) -> Result<(), Box<dyn std::error::Error>> {
    let start = Instant::now();
    let (mut playouts, mut actions, mut batch) = (0u64, 0u64, 0u64);
    while start.elapsed() < MIN_TIME {
        let stats = random_playouts::<R>(batch_size, batch, MAX_ACTIONS, |s| R::random_setup(s))?;
        playouts += u64::from(stats.playouts);
        actions += u64::from(stats.actions);
        batch += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{{\"game\":\"{name}\",\"playouts_per_sec\":{:.1},\"actions_per_sec\":{:.1}}}",
        playouts as f64 / secs,
        actions as f64 / secs
    );
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    bench::<BiddingRace>("bidding-race", 200)?;
    bench::<MagicRealm>("magic-realm", 10)
}
