//! Magic Realm inside the conformance harness: random setups with random seeds play whole
//! games (setup, every day to the last, the final score) with the contract checked at every
//! step, piece conservation included.
mod conformance;

use tabletop_rules::engine::conformance::Conformance;
use tabletop_rules::engine::dice::Stream;
use tabletop_rules::engine::{Seed, Session, ToAct};
use tabletop_rules::magic_realm::state::{MagicRealmSetup, SeatSetup, Step};
use tabletop_rules::magic_realm::MagicRealm;

/// Deep checks on every step of whole games are minutes in a debug build, so this suite
/// runs in release (`make test-rust` does: `cargo test --release --test conformance_magic_realm`).
#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug: run with --release")]
fn magic_realm_whole_games_conform_on_random_play() {
    let config = conformance::Config {
        playouts: 4,
        max_steps: 20_000,
        seed: 0x3A61C,
        deep_every: 64,
    };
    let actions = conformance::run::<MagicRealm>(&config);
    assert!(
        actions > 4 * 200,
        "the random games played only {actions} actions"
    );
}

/// Done-when of the day issue: a whole 28-day game with four characters plays to its final
/// score through the API with random legal actions.
#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug: run with --release")]
fn a_28_day_game_with_four_characters_reaches_its_final_score() {
    for seed in 0..1u64 {
        let setup = MagicRealmSetup {
            seats: vec![SeatSetup::default(); 4],
            map: Default::default(),
            days: 28,
        };
        let mut g = Session::<MagicRealm>::new(setup, Seed(seed)).unwrap();
        let mut pick = Stream::new(seed, 77);
        let mut days_seen = 0;
        for _ in 0..50_000 {
            if let Some(d) = g.state().step.day() {
                days_seen = days_seen.max(d);
            }
            let seats = match g.to_act() {
                ToAct::GameOver { .. } => break,
                ToAct::Seats { seats } => seats,
            };
            let seat = seats[pick.index(seats.len())];
            let legal: Vec<_> = g
                .legal_actions(seat)
                .into_iter()
                .filter(|a| !<MagicRealm as Conformance>::avoided_in_random_play(a))
                .collect();
            let a = legal[pick.index(legal.len())].clone();
            g.apply(seat, a).unwrap();
        }
        let Step::GameOver { scores } = &g.state().step else {
            panic!("seed {seed}: the game did not end");
        };
        assert_eq!(days_seen, 28, "seed {seed}: every day was played");
        assert_eq!(scores.len(), 4);
        for s in scores {
            // 9.3.1: a character who is dead at the end scores -100; the others score
            // their basic and bonus points.
            let expected = if s.fate == tabletop_rules::magic_realm::state::Fate::Dead {
                -100
            } else {
                s.basic.iter().sum::<i32>() + s.bonus.iter().sum::<i32>()
            };
            assert_eq!(s.total, expected);
        }
    }
}
