//! Rule scenarios for hired leaders flying as their creatures and for riding transmorphized
//! followers (7.3.3, 4.6.8, 6.2.5, 7.11): a hired leader transmorphized into a flying
//! creature is recorded Fly instead of Move and does it with the creature's flying values,
//! lands by a die roll, neither blocks nor is blocked in the air, and takes along the
//! followers who can fly; a character rides a hired leader or controlled monster
//! transmorphized into a flying creature following him, if its strength carries him, and
//! a transmorphized rider rides flying monsters only. Each from a scenario with forced
//! dice.

use crate::spells_common::{details, start, Game, S0};
use serde_json::{json, Value};
use tabletop_rules::engine::Event;
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::common::Size;
use tabletop_rules::magic_realm::catalog::denizens::NativeId;
use tabletop_rules::magic_realm::catalog::tiles::TileId;
use tabletop_rules::magic_realm::day::flying::{self, FlySource};
use tabletop_rules::magic_realm::day::steeds;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::state::{Activity, Step};

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn hq() -> NativeId {
    NativeId("company-hq".into())
}

fn hq_piece() -> PieceId {
    PieceId::Native { id: hq() }
}

fn oak(n: u8) -> ClearingRef {
    serde_json::from_value(json!({"tile": "oak_woods", "clearing": n})).unwrap()
}

fn oak_woods() -> TileId {
    oak(2).tile
}

fn bat() -> PieceId {
    serde_json::from_value(json!({"kind": "monster", "id": "giant-bat", "n": 0})).unwrap()
}

fn character(id: &str) -> PieceId {
    serde_json::from_value(json!({"kind": "character", "id": id})).unwrap()
}

/// A Transform on `piece` cast by seat 1 from box `spell_box` that rolled `roll` on the
/// Transform Table (2 Lion, 3 Eagle M2, 4 Bird L1).
fn transform(piece: &PieceId, roll: u8, spell_box: u8) -> Value {
    json!({"caster": 1, "spell": "transform", "spellBox": spell_box, "chit": 8,
        "aims": [{"aim": "denizen", "piece": piece}],
        "until": {"at": "never"}, "value": roll})
}

/// The Swordsman (seat 0, `record`) with the Company's HQ hired (his record `hq`), both
/// in Oak Woods 2, the HQ transformed by the Sorceror (seat 1, in Oak Woods 4, `sorceror`
/// his record) into the creature of `roll`; `more` adds spells, `pieces` pieces.
#[allow(clippy::too_many_arguments)]
fn company(
    roll: u8,
    record: Value,
    hq: Value,
    sorceror: Value,
    more: Vec<Value>,
    pieces: Vec<Value>,
    step: &str,
    dice: Value,
) -> Game {
    let mut all = vec![json!({"piece": hq_piece(), "place": {"place": "clearing", "at": oak(2)}})];
    all.extend(pieces);
    let mut spells = vec![transform(&hq_piece(), roll, 0)];
    spells.extend(more);
    start(json!({"seats": [
        {"character": "swordsman", "at": oak(2), "hidden": false, "record": record,
         "hirelings": [{"native": "company-hq", "lastDay": 20, "record": hq}]},
        {"character": "sorceror", "at": oak(4), "hidden": true, "record": sorceror,
         "spells": ["transform"]}],
        "pieces": all, "spells": spells, "day": 2, "at": step, "dice": dice}))
}

/// An Eagle HQ recorded `hq` at the start of Daylight; the Swordsman records `record`.
fn eagle(record: Value, hq: Value, dice: Value) -> Game {
    company(3, record, hq, json!([]), vec![], vec![], "birdsong", dice)
}

fn neighbours(g: &Game, tile: TileId) -> Vec<TileId> {
    g.state().map.adjacent_tiles(tile)
}

fn place_of(g: &Game, piece: &PieceId) -> Option<Place> {
    g.state().piles.place_of(piece).cloned()
}

/// Plays Daylight on: followers keep following, everyone else takes the first legal
/// action, while it is Daylight.
/// (From Birdsong, every seat first finishes recording.)
fn play_daylight(g: &mut Game) -> Vec<Event<E>> {
    let mut log = Vec::new();
    for _ in 0..60 {
        if matches!(g.state().step, Step::Birdsong { .. }) {
            let Some(seat) = g.to_act().seats().first().copied() else {
                break;
            };
            log.extend(g.apply(seat, A::FinishRecording).unwrap());
            continue;
        }
        if !matches!(g.state().step, Step::Daylight { .. }) {
            break;
        }
        let Some(seat) = g.to_act().seats().first().copied() else {
            break;
        };
        let legal = g.legal_actions(seat);
        // 4.6.8b: a creature may be given (and give) untransmorphized gold: no gifts.
        let gift = |a: &&A| {
            matches!(
                a,
                A::GiveToHireling { .. } | A::TakeFromHireling { .. } | A::HirelingGives { .. }
            )
        };
        let next = if legal.contains(&A::KeepFollowing) {
            A::KeepFollowing
        } else if let Some(a) = legal.iter().find(|a| !gift(a)) {
            a.clone()
        } else {
            break;
        };
        log.extend(g.apply(seat, next).unwrap());
    }
    log
}

/// The Fly and Move activities the Swordsman may record next for his HQ.
fn hq_options(g: &Game) -> (Vec<TileId>, usize) {
    let mut flies = Vec::new();
    let mut moves = 0;
    for a in g.legal_actions(S0) {
        if let A::RecordLeaderActivity { activity, .. } = a {
            match activity {
                Activity::Fly { to } => flies.push(to),
                Activity::Move { .. } => moves += 1,
                _ => {}
            }
        }
    }
    (flies, moves)
}

#[test]
fn rule_7_3_3_a_hired_leader_transformed_into_an_eagle_is_recorded_fly_instead_of_move() {
    let mut g = company(
        3,
        json!([]),
        json!([]),
        json!([]),
        vec![],
        vec![],
        "birdsong",
        json!([]),
    );
    // His own tile and each adjacent one; no Move.
    let (flies, moves) = hq_options(&g);
    let mut want = neighbours(&g, oak_woods());
    want.push(oak_woods());
    want.sort();
    let mut got = flies.clone();
    got.sort();
    assert_eq!(got, want);
    assert_eq!(moves, 0);
    // After a Fly to a neighbour, the next Fly is from there.
    let next = neighbours(&g, oak_woods())[0];
    g.apply(
        S0,
        A::RecordLeaderActivity {
            leader: hq(),
            activity: Activity::Fly { to: next },
        },
    )
    .unwrap();
    let (flies, _) = hq_options(&g);
    let mut from_next = neighbours(&g, next);
    from_next.push(next);
    from_next.sort();
    let mut got = flies;
    got.sort();
    assert_eq!(got, from_next);
    // As a Lion (he walks the woods) he is recorded Moves and no Fly.
    let lion = company(
        2,
        json!([]),
        json!([]),
        json!([]),
        vec![],
        vec![],
        "birdsong",
        json!([]),
    );
    let (flies, moves) = hq_options(&lion);
    assert!(flies.is_empty());
    assert!(moves > 0);
}

#[test]
fn rule_7_3_3_a_fly_beyond_an_adjacent_tile_is_refused_and_changes_nothing() {
    let mut g = company(
        3,
        json!([]),
        json!([]),
        json!([]),
        vec![],
        vec![],
        "birdsong",
        json!([]),
    );
    let mut near = neighbours(&g, oak_woods());
    near.push(oak_woods());
    let far = neighbours(&g, near[0])
        .into_iter()
        .chain(neighbours(&g, near[1]))
        .find(|t| !near.contains(t))
        .expect("a tile two tiles away");
    let before = serde_json::to_string(g.state()).unwrap();
    for activity in [Activity::Fly { to: far }, Activity::Move { to: oak(4) }] {
        let err = g.apply(
            S0,
            A::RecordLeaderActivity {
                leader: hq(),
                activity,
            },
        );
        assert!(err.is_err());
        assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    }
}

#[test]
fn rule_7_3_3_a_hired_leader_eagle_flies_and_lands_by_one_die_in_the_tile() {
    let probe = eagle(json!([]), json!([]), json!([]));
    let next = neighbours(&probe, oak_woods())[0];
    let numbers = flying::clearings_of(cat(), probe.state(), next);
    let n = numbers[0].0;
    // Every die is `n` (the day's monster roll, then his landing die): he lands in the
    // clearing `n` of the tile he flew to.
    let mut g = eagle(
        json!([]),
        json!([{"activity": "fly", "to": next}]),
        json!([n, n, n, n]),
    );
    let log = play_daylight(&mut g);
    let d = details(&log);
    assert!(d
        .iter()
        .any(|e| matches!(e, E::LeaderFlew { leader, to } if *leader == hq() && *to == next)));
    assert!(d.iter().any(
        |e| matches!(e, E::LeaderLandingRolled { leader, tile } if *leader == hq() && *tile == next)
    ));
    let landed = ClearingRef::new(next, n);
    assert!(d
        .iter()
        .any(|e| matches!(e, E::LeaderLanded { leader, at } if *leader == hq() && *at == landed)));
    assert_eq!(
        place_of(&g, &hq_piece()),
        Some(Place::Clearing { at: landed })
    );
    // No phase of his was blank.
    assert!(!d
        .iter()
        .any(|e| matches!(e, E::LeaderPhaseCancelled { .. })));
}

#[test]
fn rule_7_3_3_he_lands_only_after_his_last_consecutive_fly_phase() {
    let probe = eagle(json!([]), json!([]), json!([]));
    let next = neighbours(&probe, oak_woods())[0];
    let n = flying::clearings_of(cat(), probe.state(), oak_woods())[0].0;
    // Out to the neighbour and back home, then a Hide: one landing, in Oak Woods, before
    // the Hide.
    let mut g = eagle(
        json!([]),
        json!([{"activity": "fly", "to": next}, {"activity": "fly", "to": oak_woods()},
               {"activity": "hide"}]),
        crate::spells_common::dice(n, 12),
    );
    let log = play_daylight(&mut g);
    let d = details(&log);
    let flew: Vec<usize> = (0..d.len())
        .filter(|i| matches!(d[*i], E::LeaderFlew { .. }))
        .collect();
    let landed: Vec<usize> = (0..d.len())
        .filter(|i| matches!(d[*i], E::LeaderLanded { .. }))
        .collect();
    let hid = d
        .iter()
        .position(|e| matches!(e, E::LeaderHideRolled { .. }))
        .expect("he hides");
    assert_eq!(flew.len(), 2);
    assert_eq!(landed.len(), 1);
    assert!(flew[1] < landed[0] && landed[0] < hid);
    assert_eq!(
        place_of(&g, &hq_piece()),
        Some(Place::Clearing {
            at: ClearingRef::new(oak_woods(), n)
        })
    );
}

#[test]
fn rule_7_3_3_a_flying_leader_is_not_blocked_in_the_air_but_is_once_he_lands() {
    // A wolf in Oak Woods 2 with him: he flies up (no block at the end of his first
    // phase, in the air), and lands back in its clearing at the end of the second: blocked.
    let wolf = json!({"piece": {"kind": "monster", "id": "wolf-l4", "n": 0},
        "place": {"place": "clearing", "at": oak(2)}});
    let mut g = company(
        3,
        json!([]),
        json!([{"activity": "fly", "to": oak_woods()}, {"activity": "fly", "to": oak_woods()},
               {"activity": "hide"}]),
        json!([]),
        vec![],
        vec![wolf],
        "birdsong",
        json!([2, 2, 2, 2]),
    );
    let log = play_daylight(&mut g);
    let d = details(&log);
    let landed = d
        .iter()
        .position(|e| matches!(e, E::LeaderLanded { .. }))
        .expect("he lands");
    let blocked = d
        .iter()
        .position(|e| matches!(e, E::LeaderBlocked { leader } if *leader == hq()))
        .expect("blocked once down");
    assert!(landed < blocked);
    // Blocked, his Hide is never done.
    assert!(!d.iter().any(|e| matches!(e, E::LeaderHideRolled { .. })));
}

#[test]
fn rule_7_3_3_a_character_following_a_flying_leader_flies_only_if_he_can_fly() {
    let probe = eagle(json!([]), json!([]), json!([]));
    let next = neighbours(&probe, oak_woods())[0];
    let n = flying::clearings_of(cat(), probe.state(), next)[0].0;
    let follow = json!([{"activity": "followLeader", "leader": "company-hq"}]);
    // The Swordsman cannot fly: he is left behind and stops following.
    let mut g = company(
        3,
        follow.clone(),
        json!([{"activity": "fly", "to": next}]),
        json!([]),
        vec![],
        vec![],
        "daylight",
        json!([n, n, n, n]),
    );
    let log = play_daylight(&mut g);
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::FollowerStops { seat } if *seat == S0)));
    assert_eq!(
        place_of(&g, &character("swordsman")),
        Some(Place::Clearing { at: oak(2) })
    );
    // The Swordsman as an Eagle too (a second Transform) flies with him, out and back
    // home, and lands with him, once.
    let home = flying::clearings_of(cat(), g.state(), oak_woods())[0].0;
    let sword_eagle = json!({"caster": 1, "spell": "transform", "spellBox": 1, "chit": 8,
        "aims": [{"aim": "character", "seat": 0}], "until": {"at": "never"}, "value": 3});
    let mut g = company(
        3,
        follow,
        json!([{"activity": "fly", "to": next}, {"activity": "fly", "to": oak_woods()}]),
        json!([]),
        vec![sword_eagle],
        vec![],
        "daylight",
        crate::spells_common::dice(home, 12),
    );
    let log = play_daylight(&mut g);
    let d = details(&log);
    let flights = d
        .iter()
        .filter(|e| {
            matches!(
                e,
                E::Flew {
                    seat: S0,
                    with: Some(FlySource::Creature),
                    ..
                }
            )
        })
        .count();
    assert_eq!(flights, 2);
    assert_eq!(
        d.iter()
            .filter(|e| matches!(e, E::Landed { seat: S0, .. }))
            .count(),
        1
    );
    let landed = Some(Place::Clearing {
        at: ClearingRef::new(oak_woods(), home),
    });
    assert_eq!(place_of(&g, &hq_piece()), landed);
    assert_eq!(place_of(&g, &character("swordsman")), landed);
}

/// The Amazon (Medium, seat 0, `record`) in Oak Woods 2 with the Sorceror's HQ there,
/// transformed by the Sorceror into the creature of `roll`, following her today.
fn amazon_and_hq(roll: u8, record: Value, step: &str, dice: Value) -> Game {
    start(json!({"seats": [
        {"character": "amazon", "at": oak(2), "hidden": false, "record": record},
        {"character": "sorceror", "at": oak(4), "hidden": false, "record": [],
         "spells": ["transform"], "hirelings": [{"native": "company-hq", "lastDay": 20,
            "record": [{"activity": "follow", "guide": 0}]}]}],
        "pieces": [{"piece": hq_piece(), "place": {"place": "clearing", "at": oak(2)}}],
        "spells": [transform(&hq_piece(), roll, 0)],
        "day": 2, "at": step, "dice": dice}))
}

#[test]
fn rule_7_3_3_she_rides_a_following_hired_leader_eagle_but_not_a_bird_too_weak_for_her() {
    // Birdsong: a hired leader who flies is in her clearing: FL may be recorded.
    let probe = amazon_and_hq(3, json!([]), "birdsong", json!([]));
    assert!(flying::may_record(cat(), probe.state(), S0));
    let next = neighbours(&probe, oak_woods())[0];
    let n = flying::clearings_of(cat(), probe.state(), next)[0].0;
    let fly = json!([{"activity": "fly", "to": next}]);
    // The Eagle (M2) carries the Medium Amazon: they fly and land together.
    let mut g = amazon_and_hq(3, fly.clone(), "daylight", json!([n, n, n, n]));
    let log = play_daylight(&mut g);
    let d = details(&log);
    assert!(d.iter().any(|e| matches!(
        e,
        E::Flew { seat: S0, with: Some(FlySource::Leader { leader }), .. } if *leader == hq()
    )));
    assert!(d
        .iter()
        .any(|e| matches!(e, E::LeaderFlew { leader, to } if *leader == hq() && *to == next)));
    let landed = Some(Place::Clearing {
        at: ClearingRef::new(next, n),
    });
    assert_eq!(place_of(&g, &character("amazon")), landed);
    assert_eq!(place_of(&g, &hq_piece()), landed);
    // The Bird (L1) cannot carry her: her Fly is forfeited, and they stay.
    let mut g = amazon_and_hq(4, fly, "daylight", json!([n, n, n, n]));
    assert!(flying::best_flight(cat(), g.state(), S0).is_none());
    let log = play_daylight(&mut g);
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::PhaseCancelled { seat, .. } if *seat == S0)));
    assert_eq!(
        place_of(&g, &character("amazon")),
        Some(Place::Clearing { at: oak(2) })
    );
    assert_eq!(
        place_of(&g, &hq_piece()),
        Some(Place::Clearing { at: oak(2) })
    );
}

/// The Elf (Light, seat 0, `record`) in Oak Woods 2 with the Giant Bat there under her
/// Control Bats, transformed by the Sorceror (seat 1) into the creature of `roll`.
fn elf_and_transformed_bat(roll: u8, record: Value) -> Game {
    start(json!({"seats": [
        {"character": "elf", "at": oak(2), "hidden": false, "spells": ["control-bats"],
         "chits": [{"chit": 3, "status": "committed"}], "record": record},
        {"character": "sorceror", "at": oak(4), "hidden": true, "record": [],
         "spells": ["transform"]}],
        "pieces": [{"piece": bat(), "place": {"place": "clearing", "at": oak(2)}}],
        "spells": [
            {"caster": 0, "spell": "control-bats", "spellBox": 0, "chit": 3,
             "aims": [{"aim": "denizen", "piece": bat()}],
             "until": {"at": "sunset", "day": 2}, "inert": false},
            transform(&bat(), roll, 0)],
        "day": 2, "at": "daylight", "dice": [1, 1, 2, 3, 4, 5, 6]}))
}

#[test]
fn rule_7_3_3_a_controlled_monster_transformed_carries_her_with_its_creatures_values() {
    let probe = elf_and_transformed_bat(3, json!([]));
    let next = neighbours(&probe, oak_woods())[0];
    // As an Eagle the Bat flies with the Eagle's values (Medium, not its Heavy weight).
    let mut g = elf_and_transformed_bat(3, json!([{"activity": "fly", "to": next}]));
    let flight = flying::best_flight(cat(), g.state(), S0).expect("the Eagle carries her");
    assert_eq!(flight.source, FlySource::Steed { piece: bat() });
    assert_eq!(flight.values.strength, Size::Medium);
    let log = play_daylight(&mut g);
    assert!(details(&log).iter().any(|e| matches!(
        e,
        E::Flew { seat: S0, with: Some(FlySource::Steed { piece }), .. } if *piece == bat()
    )));
    assert!(matches!(place_of(&g, &bat()), Some(Place::Clearing { at }) if at.tile == next));
    // As a Lion it walks: no steed, and her Fly is forfeited.
    let mut g = elf_and_transformed_bat(2, json!([{"activity": "fly", "to": next}]));
    assert!(steeds::flights(cat(), g.state(), S0).is_empty());
    let log = play_daylight(&mut g);
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::PhaseCancelled { seat, .. } if *seat == S0)));
    assert_eq!(place_of(&g, &bat()), Some(Place::Clearing { at: oak(2) }));
}

#[test]
fn rule_7_3_3_a_transmorphized_character_rides_no_hired_leader() {
    // The Witch King, his essence an absorbed Ogre's (a form that may ride flying
    // monsters), records a Fly with the Eagle HQ following him: a hired leader is no
    // flying monster, so he cannot ride him, and his Fly is forfeited.
    let ogre: PieceId =
        serde_json::from_value(json!({"kind": "monster", "id": "ogre", "n": 0})).unwrap();
    let witch_king = |record: Value| {
        start(json!({"seats": [
            {"character": "witch-king", "at": oak(2), "hidden": false,
             "spells": ["absorb-essence"], "record": record},
            {"character": "sorceror", "at": oak(4), "hidden": false, "record": [],
             "spells": ["transform"], "hirelings": [{"native": "company-hq", "lastDay": 20,
                "record": [{"activity": "follow", "guide": 0}]}]}],
            "pieces": [{"piece": hq_piece(), "place": {"place": "clearing", "at": oak(2)}},
                       {"piece": ogre, "place": {"place": "aside"}}],
            "spells": [
                {"caster": 0, "spell": "absorb-essence", "spellBox": 0, "chit": 4,
                 "aims": [{"aim": "denizen", "piece": ogre}], "until": {"at": "never"}},
                transform(&hq_piece(), 3, 0)],
            "day": 2, "at": "daylight", "dice": [1, 1, 2, 3, 4, 5, 6]}))
    };
    let probe = witch_king(json!([]));
    assert!(steeds::can_ride(cat(), probe.state(), S0));
    assert!(!flying::may_record(cat(), probe.state(), S0));
    let next = neighbours(&probe, oak_woods())[0];
    let mut g = witch_king(json!([{"activity": "fly", "to": next}]));
    let log = play_daylight(&mut g);
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::PhaseCancelled { seat, .. } if *seat == S0)));
    assert!(!details(&log)
        .iter()
        .any(|e| matches!(e, E::Flew { seat, .. } if *seat == S0)));
    assert_eq!(
        place_of(&g, &character("witch-king")),
        Some(Place::Clearing { at: oak(2) })
    );
    assert_eq!(
        place_of(&g, &hq_piece()),
        Some(Place::Clearing { at: oak(2) })
    );
}

/// The Sorceror (seat 0) transformed by his own spell (box 0) into an Eagle, recording
/// `record`, with his HQ following him in Oak Woods 2; the HQ an Eagle too (his Transform
/// from box 1) when `hq_flies`.
fn eagle_sorceror_and_hq(hq_flies: bool, record: Value, dice: Value) -> Game {
    let mut spells = vec![json!({"caster": 0, "spell": "transform", "spellBox": 0,
        "chit": 8, "aims": [{"aim": "character", "seat": 0}], "until": {"at": "never"},
        "value": 3})];
    if hq_flies {
        spells.push(
            json!({"caster": 0, "spell": "transform", "spellBox": 1, "chit": 8,
            "aims": [{"aim": "denizen", "piece": hq_piece()}], "until": {"at": "never"},
            "value": 3}),
        );
    }
    start(json!({"seats": [
        {"character": "sorceror", "at": oak(2), "hidden": false, "spells": ["transform"],
         "record": record, "hirelings": [{"native": "company-hq", "lastDay": 20,
            "record": [{"activity": "follow", "guide": 0}]}]}],
        "pieces": [{"piece": hq_piece(), "place": {"place": "clearing", "at": oak(2)}}],
        "spells": spells, "day": 2, "at": "daylight", "dice": dice}))
}

#[test]
fn rule_7_3_3_a_hired_leader_following_a_flier_flies_with_him_only_if_he_can_fly() {
    let probe = eagle_sorceror_and_hq(false, json!([]), json!([]));
    let next = neighbours(&probe, oak_woods())[0];
    let n = flying::clearings_of(cat(), probe.state(), next)[0].0;
    let fly = json!([{"activity": "fly", "to": next}]);
    // The plain HQ cannot fly: he is left behind, stops following, and his turn ends.
    let mut g = eagle_sorceror_and_hq(false, fly.clone(), crate::spells_common::dice(n, 12));
    let log = play_daylight(&mut g);
    let d = details(&log);
    assert!(d
        .iter()
        .any(|e| matches!(e, E::LeaderLeftBehind { leader } if *leader == hq())));
    assert!(d
        .iter()
        .any(|e| matches!(e, E::LeaderTurnEnds { leader } if *leader == hq())));
    assert!(!g.state().today.leaders_following.contains_key(&hq()));
    assert_eq!(
        place_of(&g, &hq_piece()),
        Some(Place::Clearing { at: oak(2) })
    );
    assert!(matches!(
        place_of(&g, &character("sorceror")),
        Some(Place::Clearing { at }) if at.tile == next
    ));
    // An Eagle HQ flies with him and lands with him.
    let mut g = eagle_sorceror_and_hq(true, fly, crate::spells_common::dice(n, 12));
    let log = play_daylight(&mut g);
    let d = details(&log);
    assert!(d
        .iter()
        .any(|e| matches!(e, E::LeaderFlew { leader, to } if *leader == hq() && *to == next)));
    assert!(!d.iter().any(|e| matches!(e, E::LeaderLeftBehind { .. })));
    let landed = Some(Place::Clearing {
        at: ClearingRef::new(next, n),
    });
    assert_eq!(place_of(&g, &character("sorceror")), landed);
    assert_eq!(place_of(&g, &hq_piece()), landed);
}

#[test]
fn rule_7_3_3_a_flying_leader_landing_in_a_cave_after_a_sunlight_phase_ends_his_turn() {
    // Monster Roll 1; two failed Hide rolls (6, 6 each); the landing die 4 (Borderland 4, a
    // cave) at the end of his third phase, a Sunlight phase: his fourth phase is cancelled.
    let border_cave: ClearingRef =
        serde_json::from_value(json!({"tile": "borderland", "clearing": 4})).unwrap();
    let mut g = company(
        3,
        json!([]),
        json!([{"activity": "hide"}, {"activity": "hide"},
               {"activity": "fly", "to": border_cave.tile}, {"activity": "hide"}]),
        json!([]),
        vec![],
        vec![],
        "birdsong",
        json!([1, 6, 6, 6, 6, 4, 1, 1]),
    );
    assert!(neighbours(&g, oak_woods()).contains(&border_cave.tile));
    let log = play_daylight(&mut g);
    let d = details(&log);
    assert!(d.iter().any(
        |e| matches!(e, E::LeaderLanded { leader, at } if *leader == hq() && *at == border_cave)
    ));
    let hides = d
        .iter()
        .filter(|e| matches!(e, E::LeaderHideRolled { .. }))
        .count();
    assert_eq!(hides, 2, "the Hide of his fourth phase is not done");
    assert!(log.iter().any(|e| e.rule.0 == "7.3.3"
        && matches!(&e.detail, E::LeaderPhaseCancelled { leader } if *leader == hq())));
    assert_eq!(
        place_of(&g, &hq_piece()),
        Some(Place::Clearing { at: border_cave })
    );
}
