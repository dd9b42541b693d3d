//! Writes the omniscient view of a seeded Magic Realm setup, played with the first legal
//! action each time, to `target/mr-golden.json`: the Node tests replay the same game in
//! WASM and compare (issue 3: "the same map and setup every time, natively and in WASM").

use tabletop_rules::engine::{Seed, Session, ToAct, Viewer};
use tabletop_rules::magic_realm::state::{MagicRealmSetup, MapChoice, SeatSetup};
use tabletop_rules::magic_realm::MagicRealm;

#[test]
fn seeded_setup_golden_for_the_wasm_comparison() {
    let setup = MagicRealmSetup {
        seats: vec![
            SeatSetup::default(),
            SeatSetup::default(),
            SeatSetup::default(),
        ],
        map: MapChoice::Random,
        days: 28,
    };
    let seed = Seed(31_415_926_535);
    let mut game = Session::<MagicRealm>::new(setup.clone(), seed).unwrap();
    // Setup only: stop at the first Birdsong.
    while let (false, ToAct::Seats { seats }) = (game.state().step.is_day(), game.to_act()) {
        let a = game.legal_actions(seats[0])[0].clone();
        game.apply(seats[0], a).unwrap();
    }
    let view = game.view(Viewer::Omniscient).unwrap();
    let again = Session::<MagicRealm>::replay(&game).unwrap();
    assert_eq!(again.view(Viewer::Omniscient).unwrap(), view);
    let golden = serde_json::json!({
        "setup": setup,
        "seed": seed.to_string(),
        "view": view,
    });
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("mr-golden.json"), golden.to_string()).unwrap();
}
