use tabletop_rules::engine::conformance::Conformance;
use tabletop_rules::engine::dice::Stream;
use tabletop_rules::engine::{Seed, Session, ToAct};
use tabletop_rules::magic_realm::state::{MagicRealmSetup, SeatSetup, Step};
use tabletop_rules::magic_realm::MagicRealm;

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let start: u64 = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(0);
    for seed in start..start + n {
        let setup = MagicRealmSetup { seats: vec![SeatSetup::default(); 4], map: Default::default(), days: 28 };
        let mut g = Session::<MagicRealm>::new(setup, Seed(seed)).unwrap();
        let mut pick = Stream::new(seed, 91);
        let mut steps = 0;
        let mut outcome = "limit";
        for _ in 0..80_000 {
            steps += 1;
            let seats = match g.to_act() {
                ToAct::GameOver { .. } => { outcome = "over"; break }
                ToAct::Seats { seats } => seats,
            };
            if seats.is_empty() {
                outcome = "STALL";
                println!("seed {seed}: stall at step {:?}", g.state().step);
                break;
            }
            let seat = seats[pick.index(seats.len())];
            let legal: Vec<_> = g.legal_actions(seat).into_iter()
                .filter(|a| !<MagicRealm as Conformance>::avoided_in_random_play(a)).collect();
            if legal.is_empty() { outcome = "NOLEGAL"; println!("seed {seed}: no legal for {seat:?} at {:?}", g.state().step); break; }
            let a = legal[pick.index(legal.len())].clone();
            if let Err(e) = g.apply(seat, a.clone()) { outcome = "REFUSED"; println!("seed {seed}: refused {a:?}: {e:?}"); break; }
        }
        let over = matches!(g.state().step, Step::GameOver { .. });
        println!("seed {seed}: {outcome} over={over} steps={steps}");
    }
}
