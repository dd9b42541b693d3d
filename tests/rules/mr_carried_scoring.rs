//! Rule scenarios for what hired leaders carry at the end of the game (rules 9.3, 7.6,
//! 4.3) and for discoveries passed between players' characters and hired leaders (7.2.1,
//! 4.5.4), built from scenarios with forced dice and named by rule.

use crate::evening_common::pass_evening;
use crate::spells_common::{details, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{Seat, ToAct};
use tabletop_rules::magic_realm::actions::{
    Gift, MagicRealmAction as A, MagicRealmEvent as E, Receiver,
};
use tabletop_rules::magic_realm::catalog::denizens::NativeId;
use tabletop_rules::magic_realm::catalog::tiles::{ClearingNumber, PathEnd, TileId, TileSide};
use tabletop_rules::magic_realm::day::scoring;
use tabletop_rules::magic_realm::game::data;
use tabletop_rules::magic_realm::map::{ClearingRef, PathRef};
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::state::{Activity, Score, Step};

fn oak(n: u8) -> ClearingRef {
    serde_json::from_value(json!({"tile": "oak_woods", "clearing": n})).unwrap()
}

fn hq() -> PieceId {
    PieceId::Native {
        id: NativeId("company-hq".into()),
    }
}

fn treasure(id: &str) -> PieceId {
    serde_json::from_value(json!({"kind": "treasure", "id": id})).unwrap()
}

/// The piece at `place` as a scenario lays it out.
fn lay(piece: &PieceId, place: &Place) -> Value {
    json!({"piece": piece, "place": place})
}

/// The Swordsman (12 gold; his card's starting Thrusting Sword costs 6) at Oak Woods 2,
/// with the Company's HQ hired there until `last_day` (25 gold recorded) carrying the
/// Cloven Hoof (Negligible, a Great Treasure: Fame -20, Notoriety 40) and the Golden Icon
/// (Tremendous, a Great Treasure: more than the HQ's Medium move strength carries).
/// His requirements: 1 Great Treasure, 2 Notoriety points (40), 2 Gold points (60).
fn employer_with_leader(days: u8, last_day: u8, curses: Value) -> Game {
    start(json!({"seats": [
        {"character": "swordsman", "at": oak(2), "gold": 12,
         "victory": {"greatTreasures": 1, "spells": 0, "fame": 0, "notoriety": 2, "gold": 2},
         "curses": curses,
         "hirelings": [{"native": "company-hq", "lastDay": last_day, "gold": 25}]}],
        "pieces": [
            lay(&hq(), &Place::Clearing { at: oak(2) }),
            lay(&treasure("cloven-hoof"), &Place::Carried { by: hq() }),
            lay(&treasure("golden-icon"), &Place::Carried { by: hq() })],
        "days": days, "dice": [1, 1, 1, 1, 1, 1, 1, 1]}))
}

/// Ends the game by everyone agreeing to (9.2.1: as at the end of the month).
fn agree_to_end(g: &mut Game) -> Vec<Score> {
    g.apply(S0, A::VoteToEnd { vote: true }).unwrap();
    g.apply(S0, A::FinishRecording).unwrap();
    match &g.state().step {
        Step::GameOver { scores } => scores.clone(),
        other => panic!("the game should be over, not at {other:?}"),
    }
}

#[test]
fn rule_9_3_2_what_his_hired_leader_carries_and_his_gold_count_for_the_employer() {
    let mut g = employer_with_leader(28, 20, json!([]));
    let cat = data().unwrap();
    // Great Treasures 1 (the Hoof; not the Icon, too heavy for the HQ), Fame -20,
    // Notoriety 40, Gold 12 + 25 (the HQ's) - 10 - 6 = 21.
    assert_eq!(scoring::earned(cat, g.state(), S0), [1, 0, -20, 40, 21]);
    let scores = agree_to_end(&mut g);
    let s = &scores[0];
    // Fame: -20 x 3 / 10 = -6; Gold: (21 - 60) x 3 / 30 = -3.9, down to -4.
    assert_eq!(s.basic, vec![0, 0, -6, 0, -4]);
    assert_eq!(s.bonus, vec![0, 0, 0, 0, -8]);
    assert_eq!(s.total, -18);
}

#[test]
fn rule_9_3_an_item_heavier_than_the_leader_carries_does_not_count() {
    let g = employer_with_leader(28, 20, json!([]));
    let cat = data().unwrap();
    let with_icon = scoring::earned(cat, g.state(), S0);
    // Without the Icon the count is the same: it never counted.
    let mut state = g.state().clone();
    state
        .piles
        .move_to(&treasure("golden-icon"), Place::OutOfPlay, None);
    assert_eq!(scoring::earned(cat, &state, S0), with_icon);
    // Without the Hoof he has no Great Treasure, and neither its Fame nor Notoriety.
    state
        .piles
        .move_to(&treasure("cloven-hoof"), Place::OutOfPlay, None);
    assert_eq!(scoring::earned(cat, &state, S0), [0, 0, 0, 0, 21]);
}

#[test]
fn rule_9_3_2_under_ashes_his_leaders_gold_does_not_count_either() {
    let mut g = employer_with_leader(28, 20, json!(["ashes"]));
    let cat = data().unwrap();
    // Ashes: his recorded gold, the HQ's included, is -1; -1 - 10 - 6 = -17.
    assert_eq!(scoring::earned(cat, g.state(), S0), [1, 0, -20, 40, -17]);
    let scores = agree_to_end(&mut g);
    // Gold: (-17 - 60) x 3 / 30 = -7.7, down to -8.
    assert_eq!(scores[0].basic[4], -8);
}

/// Plays the one-day game to its end: Birdsong (nothing recorded), Daylight, Evening.
fn play_to_the_end(g: &mut Game) -> Vec<Score> {
    for _ in 0..200 {
        match g.to_act() {
            ToAct::GameOver { .. } => break,
            ToAct::Seats { seats } => {
                let seat = seats[0];
                if matches!(g.state().step, Step::Evening { .. }) {
                    pass_evening(g);
                    continue;
                }
                let legal = g.legal_actions(seat);
                let next = [A::FinishRecording, A::Proceed]
                    .into_iter()
                    .find(|a| legal.contains(a))
                    .unwrap_or_else(|| legal[0].clone());
                g.apply(seat, next).unwrap();
            }
        }
    }
    match &g.state().step {
        Step::GameOver { scores } => scores.clone(),
        other => panic!("the game should be over, not at {other:?}"),
    }
}

#[test]
fn rule_9_3_at_the_end_of_the_month_a_leader_still_hired_counts_for_his_employer() {
    let mut g = employer_with_leader(1, 20, json!([]));
    let scores = play_to_the_end(&mut g);
    assert_eq!(scores[0].basic, vec![0, 0, -6, 0, -4]);
}

#[test]
fn rule_9_3_a_leader_whose_term_ended_at_the_last_midnight_counts_for_nobody() {
    // His term ends at Midnight of day 1, the last day: he is unhired before the score
    // and keeps the Hoof with his group (8.9); his gold vanishes with the hire.
    let mut g = employer_with_leader(1, 1, json!([]));
    let scores = play_to_the_end(&mut g);
    assert_ne!(
        g.state().piles.place_of(&treasure("cloven-hoof")),
        Some(&Place::Carried { by: hq() })
    );
    // No Great Treasure (-1 x 3 = -3), Notoriety 0 - 40 (x 3 / 20 = -6), Gold 12 - 16 -
    // 60 (x 3 / 30 = -6.4, down to -7).
    assert_eq!(scores[0].basic, vec![-3, 0, 0, -6, -7]);
}

fn cliff(n: u8) -> ClearingRef {
    serde_json::from_value(json!({"tile": "cliff", "clearing": n})).unwrap()
}

/// A hidden path leaving Cliff 2, and one that does not lie there.
fn cliff_path() -> PathRef {
    PathRef {
        tile: TileId::Cliff,
        side: TileSide::Normal,
        from: ClearingNumber(2),
        to: PathEnd::Clearing(ClearingNumber(5)),
    }
}

fn elsewhere_path() -> PathRef {
    PathRef {
        tile: TileId::Cliff,
        side: TileSide::Normal,
        from: ClearingNumber(3),
        to: PathEnd::Clearing(ClearingNumber(6)),
    }
}

fn patrol() -> PieceId {
    PieceId::Native {
        id: NativeId("patrol-hq".into()),
    }
}

/// In Cliff 2: the Swordsman (seat 0) with the Company's HQ hired (`hq_knows`: his
/// discoveries), the Amazon (seat 1, `amazon_knows`) with the Patrol's HQ hired.
fn two_employers(at: &str, hq_knows: Value, amazon_knows: Value, dice: Value) -> Game {
    start(json!({"seats": [
        {"character": "swordsman", "at": cliff(2), "hidden": false,
         "record": [{"activity": "hide"}],
         "hirelings": [{"native": "company-hq", "lastDay": 20, "discoveries": hq_knows}]},
        {"character": "amazon", "at": cliff(2), "hidden": false,
         "discoveries": amazon_knows,
         "record": [{"activity": "hide"}],
         "hirelings": [{"native": "patrol-hq", "lastDay": 20}]}],
        "pieces": [lay(&hq(), &Place::Clearing { at: cliff(2) }),
                   lay(&patrol(), &Place::Clearing { at: cliff(2) })],
        "day": 2, "at": at, "dice": dice}))
}

fn unchanged(g: &mut Game, seat: Seat, action: A) {
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(seat, action).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}

fn leader_knows(g: &Game, seat: Seat) -> Vec<PathRef> {
    g.state().seats[usize::from(seat.0)].hirelings[0]
        .discoveries
        .paths
        .iter()
        .copied()
        .collect()
}

/// From Birdsong: the Swordsman records a Hide for his HQ (the Amazon one for hers),
/// everyone finishes, and Daylight runs until the HQ's employer decides at the start of
/// the HQ's phase.
fn to_hq_phase(g: &mut Game) {
    for (seat, leader) in [(S0, "company-hq"), (S1, "patrol-hq")] {
        g.apply(
            seat,
            A::RecordLeaderActivity {
                leader: NativeId(leader.into()),
                activity: Activity::Hide,
            },
        )
        .unwrap();
    }
    for _ in 0..12 {
        if g.legal_actions(S0)
            .iter()
            .any(|a| matches!(a, A::HirelingGives { hireling, .. } if *hireling == hq()))
        {
            return;
        }
        if !crate::daylight_common::take_kept_turns(g).is_empty() {
            continue;
        }
        let who = g.to_act().seats().first().copied().expect("someone acts");
        let next = if g.legal_actions(who).contains(&A::FinishRecording) {
            A::FinishRecording
        } else {
            A::Proceed
        };
        g.apply(who, next).unwrap();
    }
    panic!("the HQ's phase never came");
}

fn hq_shows(to: Receiver, path: PathRef) -> A {
    A::HirelingGives {
        hireling: hq(),
        to,
        gift: Gift::Path { path },
    }
}

#[test]
fn rule_4_5_4_a_hired_leader_shows_another_players_character_his_discovery_at_his_phase() {
    // He carries nothing and has no gold: the discovery alone stops his phase for his
    // employer to decide.
    let mut g = two_employers(
        "birdsong",
        json!({"paths": [cliff_path()]}),
        json!({}),
        json!([1, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6]),
    );
    to_hq_phase(&mut g);
    let amazon = Receiver::Character { seat: S1 };
    assert!(g
        .legal_actions(S0)
        .contains(&hq_shows(amazon.clone(), cliff_path())));
    // A discovery he lacks, or the Amazon acting for him: refused, nothing changes.
    unchanged(&mut g, S0, hq_shows(amazon.clone(), elsewhere_path()));
    unchanged(&mut g, S1, hq_shows(amazon.clone(), cliff_path()));
    let log = g.apply(S0, hq_shows(amazon.clone(), cliff_path())).unwrap();
    assert!(details(&log).iter().any(|e| matches!(e,
        E::HirelingGave { to: Receiver::Character { seat }, gift: Gift::Path { .. }, .. }
            if *seat == S1)));
    assert!(g.state().seats[1].discoveries.paths.contains(&cliff_path()));
    // He keeps it too, and does not offer it to her again.
    assert_eq!(leader_knows(&g, S0), vec![cliff_path()]);
    assert!(!g
        .legal_actions(S0)
        .contains(&hq_shows(amazon, cliff_path())));
}

#[test]
fn rule_4_5_4_a_hired_leader_shows_another_players_hired_leader_his_discovery() {
    let mut g = two_employers(
        "birdsong",
        json!({"paths": [cliff_path()]}),
        json!({}),
        json!([1, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6]),
    );
    to_hq_phase(&mut g);
    let to_patrol = hq_shows(Receiver::Hireling { piece: patrol() }, cliff_path());
    assert!(g.legal_actions(S0).contains(&to_patrol));
    g.apply(S0, to_patrol).unwrap();
    assert_eq!(leader_knows(&g, S1), vec![cliff_path()]);
    // The Patrol's employer does not learn it by that: it is the Patrol's own (4.5.4).
    assert!(!g.state().seats[1].discoveries.paths.contains(&cliff_path()));
}

#[test]
fn rule_4_5_4_a_character_shows_another_players_hired_leader_a_discovery_but_takes_none() {
    let mut g = two_employers(
        "daylight",
        json!({"paths": [elsewhere_path()]}),
        json!({"paths": [cliff_path()]}),
        json!([1, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6]),
    );
    // Daylight: whoever goes first, the Amazon gives at the start of her own phase.
    for _ in 0..12 {
        let who = g.to_act().seats().first().copied().expect("someone acts");
        if who == S1
            && g.legal_actions(S1)
                .iter()
                .any(|a| matches!(a, A::GiveToHireling { .. }))
        {
            break;
        }
        g.apply(who, A::Proceed).unwrap();
    }
    let show = A::GiveToHireling {
        hireling: hq(),
        gift: Gift::Path { path: cliff_path() },
    };
    assert!(g.legal_actions(S1).contains(&show));
    // What another player's leader knows he shows her at his own phases, not on her asking.
    unchanged(
        &mut g,
        S1,
        A::TakeFromHireling {
            hireling: hq(),
            gift: Gift::Path {
                path: elsewhere_path(),
            },
        },
    );
    g.apply(S1, show).unwrap();
    assert!(leader_knows(&g, S0).contains(&cliff_path()));
    assert!(!g.state().seats[0].discoveries.paths.contains(&cliff_path()));
}

#[test]
fn rule_4_5_4h_at_the_end_of_combat_a_hired_leader_shows_another_players_character_a_discovery() {
    use tabletop_rules::magic_realm::combat::{self, CombatStage};
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": cliff(2), "hidden": true,
         "hirelings": [{"native": "company-hq", "lastDay": 20,
                        "discoveries": {"paths": [cliff_path()]}}]},
        {"character": "amazon", "at": cliff(2), "hidden": true}],
        "pieces": [lay(&hq(), &Place::Clearing { at: cliff(2) })],
        "at": "sunset", "dice": crate::spells_common::dice(1, 80)}));
    let mut log = Vec::new();
    for _ in 0..60 {
        match combat::current(g.state()) {
            Some(c) if c.stage == CombatStage::Trading && g.to_act().seats() == vec![S0] => break,
            Some(c) if c.stage == CombatStage::Trading => {
                let who = g.to_act().seats()[0];
                g.apply(who, A::EndTrading).unwrap();
            }
            _ => crate::spells_common::pass_once(&mut g, &mut log),
        }
    }
    let show = hq_shows(Receiver::Character { seat: S1 }, cliff_path());
    assert!(g.legal_actions(S0).contains(&show));
    // The Amazon does not decide for another player's leader.
    unchanged(&mut g, S1, show.clone());
    g.apply(S0, show).unwrap();
    assert!(g.state().seats[1].discoveries.paths.contains(&cliff_path()));
}
