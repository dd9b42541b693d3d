//! Rule scenarios for flying (7.3.3, 4.4.8, 4.6.6e, 7.2.3): recording the Fly activity,
//! Broomstick's Fly chit, the Flying Carpet energized by Purple magic, taking off, landing
//! by a die roll, and a landing in a cave after a Sunlight phase.

use crate::spells_common::{details, start, Game, S0};
use serde_json::{json, Value};
use tabletop_rules::engine::Event;
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::tiles::TileId;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::state::{Activity, ChitStatus};

fn catalog() -> tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::catalog::Catalog::load().unwrap()
}

fn tile(name: &str) -> TileId {
    serde_json::from_value(json!(name)).unwrap()
}

fn fly(to: TileId) -> Value {
    json!({"activity": "fly", "to": to})
}

/// The Witch (Light) at Oak Woods 2 with Broomstick cast on herself from her type V chit 4.
fn witch_with_broomstick(record: Value, dice: Value, extra: Value) -> Game {
    let mut seat = json!({"character": "witch", "at": {"tile": "oak_woods", "clearing": 2},
        "spells": ["broomstick"], "record": record});
    if let (Some(s), Some(e)) = (seat.as_object_mut(), extra.as_object()) {
        for (k, v) in e {
            s.insert(k.clone(), v.clone());
        }
    }
    let broomstick = json!({"caster": 0, "spell": "broomstick", "spellBox": 0, "chit": 4,
        "aims": [{"aim": "character", "seat": 0}], "until": {"at": "never"}});
    start(
        json!({"seats": [seat], "spells": [broomstick], "day": 2, "at": "daylight",
        "dice": dice}),
    )
}

fn place_of_witch(g: &Game) -> Place {
    g.state()
        .piles
        .place_of(&PieceId::Character {
            id: serde_json::from_value(json!("witch")).unwrap(),
        })
        .cloned()
        .unwrap()
}

/// Does the phases of seat 0's turn by proceeding, collecting the log.
fn proceed(g: &mut Game, times: usize) -> Vec<Event<E>> {
    let mut log = Vec::new();
    for _ in 0..times {
        if !g.legal_actions(S0).contains(&A::Proceed) {
            break;
        }
        log.extend(g.apply(S0, A::Proceed).unwrap());
    }
    log
}

fn a_neighbour(g: &Game, of: TileId) -> TileId {
    g.state().map.adjacent_tiles(of)[0]
}

#[test]
fn rule_7_3_3_fly_is_recorded_to_his_own_or_an_adjacent_tile_only_with_flying_values() {
    // Birdsong: the Witch with Broomstick on her may record FL to Oak Woods or a neighbour.
    let g = {
        let broomstick = json!({"caster": 0, "spell": "broomstick", "spellBox": 0, "chit": 4,
            "aims": [{"aim": "character", "seat": 0}], "until": {"at": "never"}});
        start(json!({"seats": [{"character": "witch",
            "at": {"tile": "oak_woods", "clearing": 2}, "spells": ["broomstick"]}],
            "spells": [broomstick], "day": 2}))
    };
    let oak = tile("oak_woods");
    let mut reach = g.state().map.adjacent_tiles(oak);
    reach.push(oak);
    reach.sort();
    let offered: Vec<TileId> = g
        .legal_actions(S0)
        .into_iter()
        .filter_map(|a| match a {
            A::RecordActivity {
                activity: Activity::Fly { to },
            } => Some(to),
            _ => None,
        })
        .collect();
    assert_eq!(offered, reach);
    // Without a Fly chit or a flying item, no Fly is offered.
    let plain = start(json!({"seats": [{"character": "witch",
        "at": {"tile": "oak_woods", "clearing": 2}}], "day": 2}));
    assert!(!plain.legal_actions(S0).iter().any(|a| matches!(
        a,
        A::RecordActivity {
            activity: Activity::Fly { .. }
        }
    )));
}

#[test]
fn rule_7_3_3_broomstick_flies_her_to_an_adjacent_tile_and_she_lands_by_a_die_roll() {
    let oak = tile("oak_woods");
    let probe = witch_with_broomstick(json!([]), json!([1]), json!({}));
    let next = a_neighbour(&probe, oak);
    let numbers: Vec<u8> = {
        let cat = catalog();
        let t = &cat.tiles;
        let side = probe.state().map.side(next).unwrap();
        t.get(next)
            .unwrap()
            .clearings(side)
            .iter()
            .map(|c| c.number.0)
            .collect()
    };
    // A number with no clearing there is rolled again (7.3.3).
    let missing = (1..=6).find(|n| !numbers.contains(n)).unwrap_or(6);
    let landing = *numbers.last().unwrap();
    // Monster Roll, then the landing rolls.
    let mut g = witch_with_broomstick(
        json!([fly(next)]),
        json!([1, missing, landing]),
        json!({"hidden": true, "belongings": [{"piece": {"kind": "horse", "id": "pony-m5-m4"}}]}),
    );
    let log = proceed(&mut g, 1);
    let d = details(&log);
    assert!(d
        .iter()
        .any(|e| matches!(e, E::Flew { to, .. } if *to == next)));
    let rolls = d
        .iter()
        .filter(|e| matches!(e, E::LandingRolled { .. }))
        .count();
    assert_eq!(rolls, if numbers.contains(&missing) { 1 } else { 2 });
    let at = ClearingRef::new(next, landing);
    assert!(d
        .iter()
        .any(|e| matches!(e, E::Landed { at: a, .. } if *a == at)));
    assert_eq!(place_of_witch(&g), Place::Clearing { at });
    // 7.3.3: taking off unhid her and left her pony behind in Oak Woods 2.
    assert!(!g.state().seats[0].hidden);
    let pony: PieceId =
        serde_json::from_value(json!({"kind": "horse", "id": "pony-m5-m4"})).unwrap();
    assert_eq!(
        g.state().piles.place_of(&pony),
        Some(&Place::Clearing {
            at: ClearingRef::new(oak, 2)
        })
    );
    // 4.6.6e: the Fly chit expired as she landed; its Magic chit fatigues.
    assert!(g.state().spells.is_empty());
    assert_eq!(g.state().seats[0].chits[4], ChitStatus::Fatigued);
}

#[test]
fn rule_7_3_3_consecutive_fly_phases_land_only_after_the_last() {
    let oak = tile("oak_woods");
    let probe = witch_with_broomstick(json!([]), json!([1]), json!({}));
    let first = a_neighbour(&probe, oak);
    let second = a_neighbour(&probe, first);
    let mut g = witch_with_broomstick(
        json!([fly(first), fly(second), {"activity": "hide"}]),
        json!([1, 2, 2, 2, 2, 2, 2, 2, 2]),
        json!({}),
    );
    let log = proceed(&mut g, 1);
    assert!(!details(&log).iter().any(|e| matches!(e, E::Landed { .. })));
    assert_eq!(place_of_witch(&g), Place::Flying { tile: first });
    let log = proceed(&mut g, 1);
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::Landed { at, .. } if at.tile == second)));
}

#[test]
fn rule_7_3_3_a_fly_out_of_reach_or_without_flying_strength_is_cancelled() {
    let oak = tile("oak_woods");
    let probe = witch_with_broomstick(json!([]), json!([1]), json!({}));
    let cat = catalog();
    let far = cat
        .tiles
        .iter()
        .map(|t| t.id)
        .find(|t| *t != oak && !probe.state().map.adjacent_tiles(oak).contains(t))
        .unwrap();
    let mut g = witch_with_broomstick(json!([fly(far)]), json!([1]), json!({}));
    let log = proceed(&mut g, 1);
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::PhaseCancelled { reason, .. } if reason.contains("7.3.3"))));
    assert_eq!(
        place_of_witch(&g),
        Place::Clearing {
            at: ClearingRef::new(oak, 2)
        }
    );
    // The Amazon (Medium) recorded a Fly with no flying values: cancelled.
    let next = a_neighbour(&probe, oak);
    let mut g = start(json!({"seats": [{"character": "amazon",
        "at": {"tile": "oak_woods", "clearing": 2}, "record": [fly(next)]}],
        "day": 2, "at": "daylight", "dice": [1]}));
    let log = proceed(&mut g, 1);
    assert!(details(&log).iter().any(
        |e| matches!(e, E::PhaseCancelled { reason, .. } if reason.contains("flying strength"))
    ));
}

#[test]
fn rule_7_3_3_landing_in_a_cave_after_a_sunlight_phase_cancels_the_rest_of_the_turn() {
    // Borderland 1 is a woods clearing; clearing 4 is a cave. The third phase (a Sunlight
    // phase) flies within the tile and lands in the cave: the fourth is cancelled.
    let broomstick = json!({"caster": 0, "spell": "broomstick", "spellBox": 0, "chit": 4,
        "aims": [{"aim": "character", "seat": 0}], "until": {"at": "never"}});
    let mut g = start(json!({"seats": [{"character": "witch",
        "at": {"tile": "borderland", "clearing": 1}, "spells": ["broomstick"], "hidden": false,
        "record": [{"activity": "alert"}, {"activity": "alert"}, fly(tile("borderland")),
                   {"activity": "alert"}]}],
        "spells": [broomstick], "day": 2, "at": "daylight", "dice": [1, 4]}));
    let mut log = Vec::new();
    for _ in 0..6 {
        let acts = g.legal_actions(S0);
        let Some(a) = acts
            .iter()
            .find(|a| matches!(a, A::Proceed | A::AlertChit { .. } | A::AlertWeapon { .. }))
            .cloned()
        else {
            break;
        };
        log.extend(g.apply(S0, a).unwrap());
    }
    let d = details(&log);
    assert!(d.iter().any(
        |e| matches!(e, E::Landed { at, .. } if *at == ClearingRef::new(tile("borderland"), 4))
    ));
    assert!(d.iter().any(
        |e| matches!(e, E::PhaseCancelled { reason, .. } if reason.contains("cave after a Sunlight"))
    ));
    assert!(d.iter().any(|e| matches!(e, E::TurnEnds { .. })));
}

#[test]
fn rule_4_4_8_the_flying_carpet_flies_only_with_purple_magic_and_a_colour_chit_energizes_it() {
    let oak = tile("oak_woods");
    let carpet = json!({"piece": {"kind": "treasure", "id": "flying-carpet"}});
    let probe = witch_with_broomstick(json!([]), json!([1]), json!({}));
    let next = a_neighbour(&probe, oak);
    // The Wizard (Medium, the carpet's strength) with no Purple: the Fly is cancelled.
    let wizard = |chits: Value| {
        start(json!({"seats": [{"character": "wizard",
            "at": {"tile": "oak_woods", "clearing": 2}, "belongings": [carpet.clone()],
            "chits": chits, "record": [fly(next)]}],
            "day": 2, "at": "daylight", "dice": [1, 2, 2, 2, 2, 2, 2, 2, 2]}))
    };
    let mut g = wizard(json!([]));
    let log = proceed(&mut g, 1);
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::PhaseCancelled { .. })));
    // With his type IV chit enchanted (a Purple colour chit), he energizes the carpet at the
    // start of the phase (7.2.3) and flies.
    let mut g = wizard(json!([{"chit": 7, "status": "enchanted"}]));
    let energize = A::EnergizeItem {
        item: serde_json::from_value(json!("flying-carpet")).unwrap(),
        colour_chit: 7,
    };
    assert!(g.legal_actions(S0).contains(&energize));
    let log = g.apply(S0, energize).unwrap();
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::ItemEnergized { chit: 7, .. })));
    assert_eq!(g.state().seats[0].chits[7], ChitStatus::Fatigued);
    let log = proceed(&mut g, 1);
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::Flew { to, .. } if *to == next)));
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::Landed { at, .. } if at.tile == next)));
}
