//! Rule scenarios for the Lost spell (List of Spells, Lost; Lost Table): a Lost character's
//! Daylight Move goes to the adjacent clearing the Lost Table numbers, on him or on a tile,
//! with the choice when several clearings bear the number, and the cases it spares.

use crate::spells_common::{cast_at, dice, here, start, through_targets, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::combat::spells::SpellAim;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn at(tile: &str, clearing: u8) -> Value {
    json!({"tile": tile, "clearing": clearing})
}

fn cref(v: Value) -> ClearingRef {
    serde_json::from_value(v).unwrap()
}

/// Lost, cast by seat 1 (the Elf, chit 1), on `aims`; `inert` as given.
fn lost(aims: Value, place: Option<Value>, inert: bool) -> Value {
    let mut s = json!({"caster": 1, "spell": "lost", "spellBox": 0, "chit": 1,
        "aims": aims, "until": {"at": "never"}, "inert": inert});
    if let Some(p) = place {
        s["at"] = p;
    }
    s
}

fn on_seat_0() -> Value {
    json!([{"aim": "character", "seat": 0}])
}

/// The Swordsman (seat 0) at `from` records one Move to `to`; the Elf (seat 1), who cast
/// the spells, is out of the way; every die is `die`.
fn mover(from: Value, to: Value, spells: Value, die: u8) -> Game {
    start(json!({"seats": [
        {"character": "swordsman", "at": from, "hidden": false,
         "record": [{"activity": "move", "to": to}]},
        {"character": "elf", "at": at("bad_valley", 1), "spells": ["lost"]}],
        "spells": spells, "day": 2, "at": "daylight", "dice": dice(die, 20)}))
}

fn where_is(g: &Game, seat: Seat) -> Option<Place> {
    let id = g.state().seats[usize::from(seat.0)].character.clone()?;
    g.state()
        .piles
        .place_of(&PieceId::Character { id })
        .cloned()
}

fn details(events: &[Event<E>]) -> Vec<&E> {
    events.iter().map(|e| &e.detail).collect()
}

fn rolled(log: &[Event<E>]) -> Option<u8> {
    details(log).into_iter().find_map(|d| match d {
        E::LostRolled { clearing, .. } => Some(*clearing),
        _ => None,
    })
}

#[test]
fn list_of_spells_lost_sends_his_move_to_the_adjacent_clearing_rolled() {
    // From Oak Woods 2 the roadways lead to Dark Valley 1, Oak Woods 4 and Borderland 2.
    // He records Oak Woods 4; every die 1: he goes to Dark Valley 1 instead.
    let mut g = mover(
        here(),
        at("oak_woods", 4),
        json!([lost(on_seat_0(), None, false)]),
        1,
    );
    let log = g.apply(S0, A::Proceed).unwrap();
    assert_eq!(rolled(&log), Some(1));
    assert_eq!(
        where_is(&g, S0),
        Some(Place::Clearing {
            at: cref(at("dark_valley", 1))
        })
    );
}

#[test]
fn list_of_spells_lost_with_no_adjacent_clearing_of_that_number_forfeits_the_phase() {
    // Every die 3: no clearing 3 adjoins Oak Woods 2; he stays.
    let mut g = mover(
        here(),
        at("oak_woods", 4),
        json!([lost(on_seat_0(), None, false)]),
        3,
    );
    let log = g.apply(S0, A::Proceed).unwrap();
    assert_eq!(rolled(&log), Some(3));
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::PhaseCancelled { seat: S0, .. })));
    assert_eq!(where_is(&g, S0), Some(Place::Clearing { at: cref(here()) }));
}

#[test]
fn list_of_spells_lost_on_a_tile_affects_whoever_moves_from_its_clearings_only() {
    let on_tile = |g_at: Value| json!([lost(json!([{"aim": "tile"}]), Some(g_at), false)]);
    // The tile of Oak Woods (cast from Oak Woods 5): his Move from Oak Woods 2 is Lost.
    let mut g = mover(here(), at("oak_woods", 4), on_tile(at("oak_woods", 5)), 1);
    let log = g.apply(S0, A::Proceed).unwrap();
    assert_eq!(rolled(&log), Some(1));
    // Another tile's Lost spell leaves him alone.
    let mut g = mover(here(), at("oak_woods", 4), on_tile(at("bad_valley", 1)), 1);
    let log = g.apply(S0, A::Proceed).unwrap();
    assert_eq!(rolled(&log), None);
    assert_eq!(
        where_is(&g, S0),
        Some(Place::Clearing {
            at: cref(at("oak_woods", 4))
        })
    );
}

#[test]
fn list_of_spells_lost_inert_does_nothing() {
    let mut g = mover(
        here(),
        at("oak_woods", 4),
        json!([lost(on_seat_0(), None, true)]),
        1,
    );
    let log = g.apply(S0, A::Proceed).unwrap();
    assert_eq!(rolled(&log), None);
    assert_eq!(
        where_is(&g, S0),
        Some(Place::Clearing {
            at: cref(at("oak_woods", 4))
        })
    );
}

/// A clearing of the default map from which two roadways lead to clearings bearing the
/// same number, with that number and every clearing a roadway leads to from it.
fn forked_clearing() -> (ClearingRef, u8, Vec<ClearingRef>) {
    let g = mover(here(), at("oak_woods", 4), json!([]), 1);
    let state = g.state();
    for from in state.map.clearings(&cat().tiles) {
        let targets =
            tabletop_rules::magic_realm::day::birdsong::move_targets(cat(), state, S0, from);
        for n in 1..=6u8 {
            if targets.iter().filter(|c| c.clearing.0 == n).count() > 1 {
                return (from, n, targets);
            }
        }
    }
    panic!("the default map has no forked clearing");
}

#[test]
fn list_of_spells_lost_lets_him_pick_among_adjacent_clearings_of_that_number() {
    let (from, n, targets) = forked_clearing();
    let recorded = *targets.first().expect("a roadway out");
    let mut g = mover(
        serde_json::to_value(from).unwrap(),
        serde_json::to_value(recorded).unwrap(),
        json!([lost(on_seat_0(), None, false)]),
        n,
    );
    let log = g.apply(S0, A::Proceed).unwrap();
    assert_eq!(rolled(&log), Some(n));
    let legal = g.legal_actions(S0);
    let mut expected: Vec<A> = targets
        .iter()
        .filter(|c| c.clearing.0 == n)
        .map(|to| A::LostWay { to: *to })
        .collect();
    expected.sort_by_key(|a| format!("{a:?}"));
    let mut offered = legal.clone();
    offered.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(offered, expected);
    // A clearing not offered is refused and changes nothing.
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, A::LostWay { to: from }).is_err());
    assert!(g.apply(S0, A::Proceed).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    let A::LostWay { to } = legal[legal.len() - 1] else {
        panic!("a Lost choice")
    };
    let log = g.apply(S0, A::LostWay { to }).unwrap();
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::Moved { seat: S0, to: t, .. } | E::ClimbBegun { seat: S0, to: t } if *t == to
    )));
}

#[test]
fn list_of_spells_lost_is_cast_on_a_character_and_stays_energized() {
    // The Elf (Magic III chits 0 and 1; chit 0 enchanted Gold) casts Lost at the
    // Swordsman in combat.
    let elf = json!({"character": "elf", "at": here(), "spells": ["lost"], "hidden": false,
        "chits": [{"chit": 0, "status": "enchanted"}]});
    let sw = json!({"character": "swordsman", "at": here(), "hidden": false});
    let mut g = start(json!({"seats": [elf, sw], "at": "sunset", "dice": dice(4, 40)}));
    let mut log = Vec::new();
    cast_at(
        &mut g,
        S0,
        0,
        1,
        Some(0),
        SpellAim::Character { seat: S1 },
        &mut log,
    );
    through_targets(&mut g, &mut log);
    let s = g
        .state()
        .spells
        .iter()
        .find(|s| s.spell.0 == "lost")
        .expect("Lost is in effect");
    assert!(!s.inert);
    assert!(tabletop_rules::magic_realm::combat::spells::lost::affected(
        cat(),
        g.state(),
        S1
    ));
    assert!(!tabletop_rules::magic_realm::combat::spells::lost::affected(cat(), g.state(), S0));
}

#[test]
fn magic_wand_sets_the_red_die_of_the_lost_roll() {
    // Every die 1 would send him to Dark Valley 1; with the Magic Wand active he sets the
    // red die to 2 (the other die 1): Borderland 2.
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": here(), "hidden": false,
         "record": [{"activity": "move", "to": at("oak_woods", 4)}],
         "belongings": [{"piece": {"kind": "treasure", "id": "magic-wand"}}]},
        {"character": "elf", "at": at("bad_valley", 1), "spells": ["lost"]}],
        "spells": [lost(on_seat_0(), None, false)], "day": 2, "at": "daylight",
        "dice": dice(1, 20)}));
    let log = g.apply(S0, A::Proceed).unwrap();
    assert_eq!(rolled(&log), None, "he sets the red die first");
    assert_eq!(
        g.legal_actions(S0),
        (1..=6)
            .map(|value| A::ChooseRedDie { value })
            .collect::<Vec<_>>()
    );
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, A::Proceed).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    let log = g.apply(S0, A::ChooseRedDie { value: 2 }).unwrap();
    assert_eq!(rolled(&log), Some(2));
    assert_eq!(
        where_is(&g, S0),
        Some(Place::Clearing {
            at: cref(at("borderland", 2))
        })
    );
}

#[test]
fn list_of_spells_lost_into_a_mountain_clearing_climbs_there_over_two_moves() {
    use tabletop_rules::magic_realm::catalog::tiles::ClearingKind;
    // A clearing with a mountain clearing among its neighbours, the only one of its
    // number, and the neighbours from there.
    let g0 = mover(here(), at("oak_woods", 4), json!([]), 1);
    let state = g0.state();
    let found = state
        .map
        .clearings(&cat().tiles)
        .into_iter()
        .find_map(|from| {
            let targets =
                tabletop_rules::magic_realm::day::birdsong::move_targets(cat(), state, S0, from);
            let from_kind = state.map.clearing_kind(&cat().tiles, from);
            targets
                .iter()
                .find(|m| {
                    state.map.clearing_kind(&cat().tiles, **m) == Some(ClearingKind::Mountain)
                        && from_kind != Some(ClearingKind::Mountain)
                        && targets.iter().filter(|c| c.clearing == m.clearing).count() == 1
                })
                .map(|m| (from, *m, targets.clone()))
        });
    let (from, mountain, targets) = found.expect("the default map has such a clearing");
    let other = *targets
        .iter()
        .find(|c| **c != mountain)
        .unwrap_or(&mountain);
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": from, "hidden": false,
         "record": [{"activity": "move", "to": other}, {"activity": "move", "to": other}]},
        {"character": "elf", "at": at("bad_valley", 1), "spells": ["lost"]}],
        "spells": [lost(on_seat_0(), None, false)], "day": 2, "at": "daylight",
        "dice": dice(mountain.clearing.0, 20)}));
    let first = g.apply(S0, A::Proceed).unwrap();
    assert_eq!(rolled(&first), Some(mountain.clearing.0));
    assert!(details(&first)
        .iter()
        .any(|d| matches!(d, E::ClimbBegun { seat: S0, to } if *to == mountain)));
    let second = g.apply(S0, A::Proceed).unwrap();
    assert_eq!(
        rolled(&second),
        None,
        "the climb is completed without a new roll"
    );
    assert_eq!(where_is(&g, S0), Some(Place::Clearing { at: mountain }));
}
