//! Rule scenarios for the Lost spell on a tile (List of Spells, Lost, card rule 2): it
//! affects every hired leader, controlled monster and phantasm that starts a Move in one
//! of the tile's clearings: its roll on the Lost Table (unmodified) sends the Move to the
//! adjacent clearing bearing the number, its owner picking when several do; a Lost Move
//! toward a mountain clearing begins a climb its next Move completes; a Lost spell on a
//! character spares his hirelings.

use crate::spells_common::{details, dice, here, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::denizens::NativeId;
use tabletop_rules::magic_realm::catalog::tiles::ClearingKind;
use tabletop_rules::magic_realm::combat::spells::lost::LostMover;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::state::Activity;

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn at(tile: &str, clearing: u8) -> ClearingRef {
    serde_json::from_value(json!({"tile": tile, "clearing": clearing})).unwrap()
}

fn oak2() -> ClearingRef {
    serde_json::from_value(here()).unwrap()
}

fn hq() -> NativeId {
    serde_json::from_value(json!("company-hq")).unwrap()
}

fn spider() -> PieceId {
    serde_json::from_value(json!({"kind": "monster", "id": "h-spider", "n": 0})).unwrap()
}

/// A Lost spell on the tile of `on`, cast by seat 1.
fn lost_on_tile(on: ClearingRef) -> Value {
    json!({"caster": 1, "spell": "lost", "spellBox": 0, "chit": 1,
        "aims": [{"aim": "tile"}], "at": on, "until": {"at": "never"}, "inert": false})
}

/// A Lost spell on the Swordsman (seat 0), cast by seat 1.
fn lost_on_seat_0() -> Value {
    json!({"caster": 1, "spell": "lost", "spellBox": 0, "chit": 1,
        "aims": [{"aim": "character", "seat": 0}], "until": {"at": "never"}, "inert": false})
}

/// Seat 1: the Elf, who cast the Lost spells, far away in Bad Valley 1.
fn elf() -> Value {
    json!({"character": "elf", "at": at("bad_valley", 1), "spells": ["lost"]})
}

/// The Swordsman at `from` with the Company's HQ hired there, its record `record`, at
/// Birdsong; every die `die`.
fn company(from: ClearingRef, record: &[Activity], spells: Value, die: u8) -> Game {
    start(json!({"seats": [
        {"character": "swordsman", "at": from, "hidden": false,
         "hirelings": [{"native": "company-hq", "lastDay": 20, "record": record}]},
        elf()],
        "pieces": [{"piece": {"kind": "native", "id": "company-hq"},
            "place": {"place": "clearing", "at": from}}],
        "spells": spells, "day": 2, "at": "birdsong", "dice": dice(die, 40)}))
}

/// The Witch at `from` guiding the H Spider there (Guide Spider or Octopus), at Birdsong;
/// every die `die`.
fn witch_and_spider(from: ClearingRef, spells: Vec<Value>, die: u8) -> Game {
    let mut all = vec![
        json!({"caster": 0, "spell": "guide-spider-or-octopus", "spellBox": 0,
        "chit": 5, "aims": [{"aim": "denizen", "piece": spider()}],
        "until": {"at": "sunset", "day": 2}}),
    ];
    all.extend(spells);
    start(json!({"seats": [
        {"character": "witch", "at": from, "hidden": false,
         "spells": ["guide-spider-or-octopus"], "chits": [{"chit": 5, "status": "committed"}]},
        elf()],
        "pieces": [{"piece": spider(), "place": {"place": "clearing", "at": from}}],
        "spells": all, "day": 2, "at": "birdsong", "dice": dice(die, 40)}))
}

/// Both seats finish recording; then the first legal action of whoever acts is taken
/// until `stop` holds (or 40 steps): the log.
fn play_until(g: &mut Game, stop: impl Fn(&Game) -> bool) -> Vec<Event<E>> {
    let mut log = Vec::new();
    for seat in [S0, S1] {
        if g.legal_actions(seat).contains(&A::FinishRecording) {
            log.extend(g.apply(seat, A::FinishRecording).unwrap());
        }
    }
    for _ in 0..40 {
        if stop(g) {
            break;
        }
        let Some(seat) = g.to_act().seats().first().copied() else {
            break;
        };
        let Some(action) = g.legal_actions(seat).first().cloned() else {
            break;
        };
        log.extend(g.apply(seat, action).unwrap());
    }
    log
}

fn lost_ways(g: &Game, seat: Seat) -> Vec<ClearingRef> {
    g.legal_actions(seat)
        .into_iter()
        .filter_map(|a| match a {
            A::LostWay { to } => Some(to),
            _ => None,
        })
        .collect()
}

fn rolled_for(log: &[Event<E>], mover: &LostMover) -> Option<u8> {
    details(log).into_iter().find_map(|d| match d {
        E::MinionLostRolled { mover: m, clearing } if m == mover => Some(*clearing),
        _ => None,
    })
}

fn hq_mover() -> LostMover {
    LostMover::Denizen {
        piece: PieceId::Native { id: hq() },
    }
}

fn place_of(g: &Game, piece: &PieceId) -> Option<Place> {
    g.state().piles.place_of(piece).cloned()
}

/// The clearings one open roadway from `from`.
fn next_to(g: &Game, from: ClearingRef) -> Vec<ClearingRef> {
    let mut to: Vec<ClearingRef> = g
        .state()
        .map
        .moves(&cat().tiles, from, &Default::default())
        .into_iter()
        .map(|r| r.to)
        .collect();
    to.sort();
    to.dedup();
    to
}

fn kind(g: &Game, c: ClearingRef) -> Option<ClearingKind> {
    g.state().map.clearing_kind(&cat().tiles, c)
}

/// A non-mountain clearing from which open roadways lead to two clearings bearing the
/// same number: the clearing, the number, and those two clearings.
fn forked(g: &Game) -> (ClearingRef, u8, Vec<ClearingRef>) {
    for from in g.state().map.clearings(&cat().tiles) {
        if kind(g, from) == Some(ClearingKind::Mountain) {
            continue;
        }
        let targets = next_to(g, from);
        for n in 1..=6u8 {
            let same: Vec<ClearingRef> = targets
                .iter()
                .copied()
                .filter(|c| c.clearing.0 == n)
                .collect();
            if same.len() > 1
                && same
                    .iter()
                    .all(|c| kind(g, *c) != Some(ClearingKind::Mountain))
            {
                return (from, n, same);
            }
        }
    }
    panic!("the default map has no forked clearing");
}

/// A non-mountain clearing, one open roadway from a mountain clearing whose number no
/// other clearing a roadway leads to bears: the clearing and that mountain clearing.
fn below_a_mountain(g: &Game) -> (ClearingRef, ClearingRef) {
    for from in g.state().map.clearings(&cat().tiles) {
        if kind(g, from) == Some(ClearingKind::Mountain) {
            continue;
        }
        let targets = next_to(g, from);
        for m in &targets {
            let unique = targets.iter().filter(|c| c.clearing == m.clearing).count() == 1;
            if unique && kind(g, *m) == Some(ClearingKind::Mountain) {
                return (from, *m);
            }
        }
    }
    panic!("the default map has no clearing below a mountain clearing");
}

#[test]
fn list_of_spells_lost_rule_2_a_lost_tile_sends_a_hired_leaders_move_to_the_clearing_rolled() {
    // From Oak Woods 2 open roadways lead to Dark Valley 1 and Oak Woods 4. Recorded to
    // Oak Woods 4; every die 1: the Lost Table sends him to clearing 1, Dark Valley 1.
    let record = [Activity::Move {
        to: at("oak_woods", 4),
    }];
    let mut g = company(
        oak2(),
        &record,
        json!([lost_on_tile(at("oak_woods", 5))]),
        1,
    );
    let log = play_until(&mut g, |g| {
        place_of(g, &PieceId::Native { id: hq() }) != Some(Place::Clearing { at: oak2() })
    });
    assert_eq!(rolled_for(&log, &hq_mover()), Some(1));
    assert!(details(&log).iter().any(|d| matches!(d,
        E::LeaderMoved { to, .. } if *to == at("dark_valley", 1))));
    assert_eq!(
        place_of(&g, &PieceId::Native { id: hq() }),
        Some(Place::Clearing {
            at: at("dark_valley", 1)
        })
    );
}

#[test]
fn list_of_spells_lost_rule_2_spares_moves_from_other_tiles_and_a_lost_character_s_hirelings() {
    let record = [Activity::Move {
        to: at("oak_woods", 4),
    }];
    for spells in [
        json!([lost_on_tile(at("bad_valley", 1))]),
        // Rule 2 names the tile only: a Lost spell on his employer spares him.
        json!([lost_on_seat_0()]),
    ] {
        let mut g = company(oak2(), &record, spells, 1);
        let log = play_until(&mut g, |g| {
            place_of(g, &PieceId::Native { id: hq() }) != Some(Place::Clearing { at: oak2() })
        });
        assert_eq!(rolled_for(&log, &hq_mover()), None);
        assert_eq!(
            place_of(&g, &PieceId::Native { id: hq() }),
            Some(Place::Clearing {
                at: at("oak_woods", 4)
            })
        );
    }
}

#[test]
fn list_of_spells_lost_rule_2_a_lost_leader_with_no_clearing_of_that_number_stays() {
    // Every die 3: no clearing 3 adjoins Oak Woods 2; his phase is blank.
    let record = [Activity::Move {
        to: at("oak_woods", 4),
    }];
    let mut g = company(
        oak2(),
        &record,
        json!([lost_on_tile(at("oak_woods", 5))]),
        3,
    );
    // Play the whole day's turns (the stop never holds).
    let log = play_until(&mut g, |_| false);
    assert_eq!(rolled_for(&log, &hq_mover()), Some(3));
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::LeaderPhaseCancelled { .. })));
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::LeaderTurnEnds { .. })));
    assert_eq!(
        place_of(&g, &PieceId::Native { id: hq() }),
        Some(Place::Clearing { at: oak2() })
    );
}

#[test]
fn list_of_spells_lost_rule_2_the_employer_picks_among_clearings_of_the_number_rolled() {
    let probe = company(oak2(), &[], json!([]), 1);
    let (from, n, same) = forked(&probe);
    let record = [Activity::Move { to: same[0] }];
    let mut g = company(from, &record, json!([lost_on_tile(from)]), n);
    let log = play_until(&mut g, |g| !lost_ways(g, S0).is_empty());
    assert_eq!(rolled_for(&log, &hq_mover()), Some(n));
    let mut offered = lost_ways(&g, S0);
    offered.sort();
    assert_eq!(offered, same, "exactly the clearings bearing the number");
    assert!(g.legal_actions(S1).is_empty(), "only his employer decides");
    // A clearing not offered, or another action, is refused and changes nothing.
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, A::LostWay { to: from }).is_err());
    assert!(g.apply(S0, A::Proceed).is_err());
    assert!(g.apply(S1, A::LostWay { to: same[1] }).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    let log = g.apply(S0, A::LostWay { to: same[1] }).unwrap();
    assert!(details(&log).iter().any(|d| matches!(d,
        E::LeaderMoved { to, .. } if *to == same[1])));
    assert_eq!(
        place_of(&g, &PieceId::Native { id: hq() }),
        Some(Place::Clearing { at: same[1] })
    );
}

#[test]
fn list_of_spells_lost_rule_2_a_lost_move_toward_a_mountain_is_a_climb_his_next_move_completes() {
    let probe = company(oak2(), &[], json!([]), 1);
    let (from, mountain) = below_a_mountain(&probe);
    let other = next_to(&probe, from)
        .into_iter()
        .find(|c| c.clearing != mountain.clearing)
        .expect("another roadway");
    // Recorded twice to another clearing; every die rolls the mountain clearing's number.
    let record = [Activity::Move { to: other }, Activity::Move { to: other }];
    let mut g = company(
        from,
        &record,
        json!([lost_on_tile(from)]),
        mountain.clearing.0,
    );
    let log = play_until(&mut g, |g| {
        place_of(g, &PieceId::Native { id: hq() }) != Some(Place::Clearing { at: from })
    });
    let d = details(&log);
    assert!(d.iter().any(|e| matches!(e,
        E::LeaderClimbBegun { to, .. } if *to == mountain)));
    assert_eq!(
        d.iter()
            .filter(|e| matches!(e, E::MinionLostRolled { .. }))
            .count(),
        1,
        "the climb's second Move needs no roll"
    );
    assert_eq!(
        place_of(&g, &PieceId::Native { id: hq() }),
        Some(Place::Clearing { at: mountain })
    );
}

#[test]
fn list_of_spells_lost_rule_2_a_lost_controlled_monster_goes_where_its_controller_picks() {
    // Every die 1 from Oak Woods 2: the Spider goes to Dark Valley 1.
    let mut g = witch_and_spider(oak2(), vec![lost_on_tile(at("oak_woods", 5))], 1);
    g.apply(
        S0,
        A::RecordMonsterActivity {
            monster: spider(),
            activity: Activity::Move {
                to: at("oak_woods", 4),
            },
        },
    )
    .unwrap();
    let log = play_until(&mut g, |g| {
        place_of(g, &spider()) != Some(Place::Clearing { at: oak2() })
    });
    let spider_mover = LostMover::Denizen { piece: spider() };
    assert_eq!(rolled_for(&log, &spider_mover), Some(1));
    assert_eq!(
        place_of(&g, &spider()),
        Some(Place::Clearing {
            at: at("dark_valley", 1)
        })
    );
    // Where several clearings bear the number, its controller picks, mid-turn.
    let probe = witch_and_spider(oak2(), vec![], 1);
    let (from, n, same) = forked(&probe);
    let mut g = witch_and_spider(from, vec![lost_on_tile(from)], n);
    g.apply(
        S0,
        A::RecordMonsterActivity {
            monster: spider(),
            activity: Activity::Move { to: same[0] },
        },
    )
    .unwrap();
    g.apply(
        S0,
        A::RecordMonsterActivity {
            monster: spider(),
            activity: Activity::Hide,
        },
    )
    .unwrap();
    let log = play_until(&mut g, |g| !lost_ways(g, S0).is_empty());
    assert_eq!(rolled_for(&log, &spider_mover), Some(n));
    let mut offered = lost_ways(&g, S0);
    offered.sort();
    assert_eq!(offered, same);
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, A::LostWay { to: from }).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    let log = g.apply(S0, A::LostWay { to: same[1] }).unwrap();
    let d = details(&log);
    assert!(d.iter().any(|e| matches!(e,
        E::MonsterMoved { to, .. } if *to == same[1])));
    // Its turn goes on with its Hide phase, then ends.
    assert!(d
        .iter()
        .any(|e| matches!(e, E::MonsterTurnEnds { monster } if *monster == spider())));
    assert!(
        !d.iter().any(|e| matches!(e, E::MonsterTurnBegins { .. })),
        "its turn began only once"
    );
    assert_eq!(
        place_of(&g, &spider()),
        Some(Place::Clearing { at: same[1] })
    );
}

#[test]
fn list_of_spells_lost_rule_2_a_phantasm_starting_a_move_on_a_lost_tile_is_lost() {
    let spell = json!({"caster": 1, "spell": "phantasm", "spellBox": 0, "chit": 7,
        "aims": [{"aim": "character", "seat": 0}], "until": {"at": "sunset", "day": 1}});
    let mut lost = lost_on_tile(at("oak_woods", 5));
    lost["chit"] = json!(8);
    let mut g = start(json!({"seats": [
        {"character": "magician", "at": here(), "hidden": false},
        {"character": "druid", "at": at("bad_valley", 1), "spells": ["phantasm", "lost"]}],
        "spells": [spell, lost], "dice": dice(1, 40)}));
    g.apply(
        S0,
        A::RecordPhantasmActivity {
            activity: Activity::Move {
                to: at("oak_woods", 4),
            },
        },
    )
    .unwrap();
    let mut log = play_until(&mut g, |g| {
        tabletop_rules::magic_realm::day::phantasm::in_turn(g.state(), S0)
    });
    log.extend(g.apply(S0, A::Proceed).unwrap());
    assert_eq!(rolled_for(&log, &LostMover::Phantasm { seat: S0 }), Some(1));
    assert!(details(&log).iter().any(|d| matches!(d,
        E::PhantasmMoved { seat: S0, at: to } if *to == at("dark_valley", 1))));
}
