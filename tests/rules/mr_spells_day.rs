//! Rule scenarios for the spells that work in the day (List of Spells): Illusion, Blazing
//! Light, Peace with Nature, Violent Storm and Fog, each put into effect by the scenario
//! (or cast in the Evening) and played with forced dice.

use crate::spells_common::{cast_at, chit, dice, here, start, through_targets, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat};
use tabletop_rules::magic_realm::actions::{
    MagicRealmAction as A, MagicRealmEvent as E, SearchChoice,
};
use tabletop_rules::magic_realm::catalog::tables::TableId;
use tabletop_rules::magic_realm::catalog::tiles::TileId;
use tabletop_rules::magic_realm::combat::spells::SpellAim;
use tabletop_rules::magic_realm::day::rolls::{mods, RollFor};
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{Facing, PieceId};
use tabletop_rules::magic_realm::state::{Activity, ChitStatus};

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn at(tile: &str, clearing: u8) -> Value {
    json!({"tile": tile, "clearing": clearing})
}

/// A spell in effect cast by seat 1 (chit 7 of his) on `aims`, bewitching the place `at`
/// when it is aimed at a clearing or tile.
fn spell(name: &str, aims: Value, place: Option<Value>, until: Value) -> Value {
    let mut s = json!({"caster": 1, "spell": name, "spellBox": 0, "chit": 7,
        "aims": aims, "until": until});
    if let Some(p) = place {
        s["at"] = p;
    }
    s
}

fn on_seat_0() -> Value {
    json!([{"aim": "character", "seat": 0}])
}

fn tile() -> Value {
    json!([{"aim": "tile"}])
}

fn never() -> Value {
    json!({"at": "never"})
}

fn sunset(day: u8) -> Value {
    json!({"at": "sunset", "day": day})
}

/// The Druid who cast the spells (seat 1), out of the way in the Bad Valley.
fn druid(spell: &str) -> Value {
    json!({"character": "druid", "at": at("bad_valley", 1), "spells": [spell]})
}

fn details(events: &[Event<E>]) -> Vec<&E> {
    events.iter().map(|e| &e.detail).collect()
}

fn searched(events: &[Event<E>]) -> Vec<(TableId, u8)> {
    events
        .iter()
        .filter_map(|e| match &e.detail {
            E::Searched { table, roll, .. } => Some((*table, *roll)),
            _ => None,
        })
        .collect()
}

fn cancelled(events: &[Event<E>]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e.detail, E::PhaseCancelled { .. }))
        .count()
}

/// Plays the seat's phases, each with `how` (the first legal action of that kind, else
/// Proceed), until his turn is over; returns the log.
fn play_turn(g: &mut Game, seat: Seat, how: &A) -> Vec<Event<E>> {
    let mut log = Vec::new();
    for _ in 0..12 {
        let legal = g.legal_actions(seat);
        if legal.is_empty() {
            break;
        }
        let action = if legal.contains(how) {
            how.clone()
        } else if legal.contains(&A::Proceed) {
            A::Proceed
        } else {
            break;
        };
        log.extend(g.apply(seat, action).unwrap());
    }
    log
}

fn locate() -> A {
    A::Search {
        search: SearchChoice::Locate,
    }
}

// ---- Illusion ---------------------------------------------------------------------------

#[test]
fn list_of_spells_illusion_adds_one_to_search_rolls() {
    let g = start(json!({"seats": [
        {"character": "amazon", "at": here()}, druid("illusion")],
        "spells": [spell("illusion", on_seat_0(), None, never())]}));
    for table in [
        TableId::Peer,
        TableId::Locate,
        TableId::Loot,
        TableId::MagicSight,
        TableId::ReadingRunes,
    ] {
        assert_eq!(
            mods(cat(), g.state(), S0, RollFor::Table(table)).add,
            1,
            "{table:?}"
        );
        assert_eq!(
            mods(cat(), g.state(), S1, RollFor::Table(table)).add,
            0,
            "only its target"
        );
    }
    assert_eq!(
        mods(cat(), g.state(), S0, RollFor::Table(TableId::Hide)).add,
        0,
        "Hide is not a Search table"
    );
    // In play: a Locate rolled 3 and 2 reads as 4 (Discover chits, not Clues).
    for (spells, result) in [
        (json!([spell("illusion", on_seat_0(), None, never())]), 4),
        (json!([]), 3),
    ] {
        let mut g = start(json!({"seats": [
            {"character": "amazon", "at": here(), "record": [{"activity": "search"}]},
            druid("illusion")],
            "spells": spells, "at": "daylight", "dice": [1, 3, 2]}));
        let log = play_turn(&mut g, S0, &locate());
        assert_eq!(searched(&log), [(TableId::Locate, result)]);
    }
}

#[test]
fn list_of_spells_illusion_on_a_tile_affects_everyone_in_the_tile_while_energized() {
    let on_tile = |inert: bool| {
        let mut s = spell("illusion", tile(), Some(here()), never());
        s["inert"] = json!(inert);
        start(json!({"seats": [
            {"character": "amazon", "at": at("oak_woods", 4)}, druid("illusion")],
            "spells": [s]}))
    };
    let g = on_tile(false);
    let locate = RollFor::Table(TableId::Locate);
    assert_eq!(
        mods(cat(), g.state(), S0, locate).add,
        1,
        "another clearing of the tile"
    );
    assert_eq!(
        mods(cat(), g.state(), S1, locate).add,
        0,
        "the caster is in another tile"
    );
    // 4.6.6h: an inert Permanent spell affects nobody.
    assert_eq!(mods(cat(), on_tile(true).state(), S0, locate).add, 0);
}

// ---- Casting on the tile ----------------------------------------------------------------

/// A Sorceror with `spells` recorded and his Magic IV chit 4 enchanted (a Purple colour
/// chit).
fn sorceror(spells: &[&str]) -> Value {
    json!({"character": "sorceror", "at": here(), "spells": spells, "hidden": false,
           "chits": [{"chit": 4, "status": "enchanted"}]})
}

#[test]
fn rule_8_4_2_violent_storm_is_aimed_at_the_tile_and_its_caster_rolls_for_the_phases_lost() {
    // Every die 4: the Violent Storm Table gives 2 phases.
    let mut g = start(json!({"seats": [sorceror(&["violent-storm"])],
        "at": "sunset", "dice": dice(4, 40)}));
    let mut log = Vec::new();
    cast_at(&mut g, S0, 0, 9, Some(4), SpellAim::Tile, &mut log);
    through_targets(&mut g, &mut log);
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::StormBrews {
            seat: S0,
            phases_lost: 2
        }
    )));
    let s = g
        .state()
        .spells
        .first()
        .expect("the storm is in effect")
        .clone();
    assert_eq!(s.aims, [SpellAim::Tile]);
    assert_eq!(s.at, Some(ClearingRef::new(TileId::OakWoods, 2)));
    assert_eq!(s.value, Some(2));
    assert_eq!(chit(&g, S0, 9), ChitStatus::Committed);
}

// ---- Violent Storm ----------------------------------------------------------------------

fn storm(phases: u8) -> Value {
    let mut s = spell("violent-storm", tile(), Some(at("mountain", 1)), sunset(2));
    s["value"] = json!(phases);
    s
}

fn hides(n: usize) -> Value {
    json!(vec![json!({"activity": "hide"}); n])
}

fn hide_rolls(events: &[Event<E>]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e.detail, E::HideRolled { .. }))
        .count()
}

#[test]
fn list_of_spells_violent_storm_costs_the_phases_he_chooses_once_a_turn() {
    // Mountain 2 is a woods clearing of the stormy tile.
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": at("mountain", 2), "record": hides(4)},
        druid("violent-storm")],
        "spells": [storm(2)], "day": 2, "at": "daylight", "dice": dice(6, 20)}));
    let mut log = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::StormStrikes {
            seat: S0,
            phases_lost: 2
        }
    )));
    // He chooses two of his three remaining phases.
    let offered: Vec<A> = g.legal_actions(S0);
    assert_eq!(
        offered,
        (1..4)
            .map(|phase| A::LoseToStorm { phase })
            .collect::<Vec<_>>()
    );
    log.extend(g.apply(S0, A::LoseToStorm { phase: 1 }).unwrap());
    log.extend(g.apply(S0, A::LoseToStorm { phase: 3 }).unwrap());
    log.extend(play_turn(&mut g, S0, &A::Proceed));
    assert_eq!(hide_rolls(&log), 2, "phases 1 and 3 are done");
    assert_eq!(cancelled(&log), 2, "phases 2 and 4 are lost");
    assert_eq!(
        details(&log)
            .iter()
            .filter(|d| matches!(d, E::StormStrikes { .. }))
            .count(),
        1,
        "he pays once a turn"
    );
}

#[test]
fn list_of_spells_violent_storm_ignores_excess_losses_and_spares_dwellings_and_other_tiles() {
    // Four phases lost with one left: that one goes, without a choice.
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": at("mountain", 2), "record": hides(2)},
        druid("violent-storm")],
        "spells": [storm(4)], "day": 2, "at": "daylight", "dice": dice(6, 20)}));
    let log = play_turn(&mut g, S0, &A::Proceed);
    assert_eq!((hide_rolls(&log), cancelled(&log)), (1, 1));
    // An Inn shelters its clearing; another tile is out of the storm.
    let inn = json!({"piece": {"kind": "dwelling", "id": "inn"},
        "place": {"place": "clearing", "at": at("mountain", 2)}});
    for (at, pieces) in [
        (at("mountain", 2), json!([inn])),
        (at("oak_woods", 2), json!([])),
    ] {
        let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": at, "record": hides(2)},
            druid("violent-storm")],
            "pieces": pieces, "spells": [storm(4)], "day": 2, "at": "daylight",
            "dice": dice(6, 20)}));
        let log = play_turn(&mut g, S0, &A::Proceed);
        assert_eq!((hide_rolls(&log), cancelled(&log)), (2, 0), "{at}");
    }
}

// ---- Fog --------------------------------------------------------------------------------

fn peers(g: &Game) -> Vec<ClearingRef> {
    g.legal_actions(S0)
        .into_iter()
        .filter_map(|a| match a {
            A::Search {
                search: SearchChoice::Peer { at },
            } => Some(at),
            _ => None,
        })
        .collect()
}

#[test]
fn list_of_spells_fog_stops_the_peer_table_in_and_into_its_tile() {
    let searcher = json!({"character": "swordsman", "at": at("mountain", 1), "record": [{"activity": "search"}]});
    let fog_on = |tile: Value| {
        start(json!({"seats": [searcher.clone(), druid("fog")],
            "spells": [spell("fog", json!([{"aim": "tile"}]), Some(tile), sunset(2))],
            "day": 2, "at": "daylight", "dice": [1]}))
    };
    // In the fogged tile: no Peer at all, even into the tiles around; Locate still.
    let g = fog_on(at("mountain", 3));
    assert!(peers(&g).is_empty());
    assert!(g.legal_actions(S0).contains(&locate()));
    // Fog on a neighbouring tile: from his mountain he peers anywhere but there.
    let clear = start(json!({"seats": [searcher.clone(), druid("fog")],
        "day": 2, "at": "daylight", "dice": [1]}));
    let all = peers(&clear);
    let next = g.state().map.adjacent_tiles(TileId::Mountain)[0];
    assert!(all.iter().any(|c| c.tile == next));
    let name = serde_json::to_value(next).unwrap();
    let g = fog_on(json!({"tile": name, "clearing": 1}));
    let left = peers(&g);
    assert!(left.contains(&ClearingRef::new(TileId::Mountain, 1)));
    assert_eq!(
        left,
        all.into_iter()
            .filter(|c| c.tile != next)
            .collect::<Vec<_>>()
    );
}

// ---- Peace with Nature ------------------------------------------------------------------

fn bats_in_row_6() -> Vec<Value> {
    let mut out = Vec::new();
    for (b, ns) in [(1, 0..1), (2, 1..3), (3, 3..6)] {
        for n in ns {
            out.push(
                json!({"piece": {"kind": "monster", "id": "giant-bat", "n": n},
                "place": {"place": "chart_box", "row": 6, "number": b}}),
            );
        }
    }
    out
}

fn chit_piece(id: &str) -> PieceId {
    serde_json::from_value(json!({"kind": "map_chit", "id": id})).unwrap()
}

#[test]
fn list_of_spells_peace_with_nature_keeps_warning_and_sound_chits_from_summoning() {
    // The example of 7.13 (row 6: Ruins M, Flutter 1, Howl 5 would summon three boxes of
    // Bats), with Peace with Nature on the Swordsman; then the Amazon ends her turn there.
    let mut pieces = bats_in_row_6();
    for chit in ["ruins_m", "flutter_1", "howl_5"] {
        pieces.push(json!({"piece": {"kind": "map_chit", "id": chit},
            "place": {"place": "tile", "tile": "mountain"}, "facing": "down"}));
    }
    for inert in [false, true] {
        let mut peace = spell("peace-with-nature", on_seat_0(), None, never());
        peace["inert"] = json!(inert);
        let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": at("mountain", 2), "hidden": true,
             "record": [{"activity": "hide"}]},
            druid("peace-with-nature"),
            {"character": "amazon", "at": at("mountain", 4), "hidden": true,
             "record": [{"activity": "hide"}]}],
            "pieces": pieces.clone(), "spells": [peace], "day": 2, "at": "daylight",
            "dice": dice(6, 10)}));
        let log = play_turn(&mut g, S0, &A::Proceed);
        let summoned = details(&log)
            .iter()
            .filter(|d| matches!(d, E::MonstersSummoned { .. }))
            .count();
        if inert {
            assert_eq!(summoned, 3, "an inert spell does nothing");
            continue;
        }
        assert_eq!(summoned, 0);
        let calmed: Vec<String> = details(&log)
            .iter()
            .filter_map(|d| match d {
                E::ChitTurnedDown { chit, .. } => Some(chit.0.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(calmed, ["ruins_m", "flutter_1", "howl_5"]);
        for id in ["ruins_m", "flutter_1", "howl_5"] {
            let facing = g.state().piles.find(&chit_piece(id)).map(|(_, c)| c.facing);
            assert_eq!(facing, Some(Facing::Down), "{id}");
        }
        // The chits react normally when anyone else ends his turn in the tile.
        let log = play_turn(&mut g, Seat(2), &A::Proceed);
        assert_eq!(
            details(&log)
                .iter()
                .filter(|d| matches!(d, E::MonstersSummoned { .. }))
                .count(),
            3
        );
    }
}

// ---- Blazing Light ----------------------------------------------------------------------

fn lit_cavern_1(character: &str, clearing: u8) -> Game {
    start(json!({"seats": [
        {"character": character, "at": at("cavern", clearing)}, druid("blazing-light")],
        "spells": [spell("blazing-light", json!([{"aim": "clearing"}]),
            Some(at("cavern", 1)), sunset(2))],
        "day": 2, "dice": dice(6, 20)}))
}

fn record(g: &mut Game, activity: Activity) -> bool {
    let a = A::RecordActivity { activity };
    if !g.legal_actions(S0).contains(&a) {
        return false;
    }
    g.apply(S0, a).unwrap();
    true
}

#[test]
fn list_of_spells_blazing_light_gives_an_extra_phase_of_any_activity_in_its_cave_clearing() {
    // In a cave there are two Basic phases; in the lit clearing, one more.
    for (clearing, phases) in [(1, 3), (3, 2)] {
        let mut g = lit_cavern_1("swordsman", clearing);
        let mut n = 0;
        while record(&mut g, Activity::Search) {
            n += 1;
        }
        assert_eq!(n, phases, "cavern {clearing}");
    }
}

#[test]
fn list_of_spells_blazing_light_phase_is_cancelled_when_begun_outside_the_lit_clearing() {
    // The Amazon's Stamina gives her Move; then three Searches in Cavern 3: the lit phase,
    // the last, begins outside the lit clearing.
    let mut g = lit_cavern_1("amazon", 1);
    assert!(record(
        &mut g,
        Activity::Move {
            to: ClearingRef::new(TileId::Cavern, 3)
        }
    ));
    for _ in 0..3 {
        assert!(record(&mut g, Activity::Search));
    }
    g.apply(S0, A::FinishRecording).unwrap();
    g.apply(S1, A::FinishRecording).unwrap();
    assert_eq!(g.state().seats[0].record.lit_phase, Some(3));
    let log = play_turn(&mut g, S0, &locate());
    assert_eq!(searched(&log).len(), 2);
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::PhaseCancelled { seat: S0, reason } if reason.contains("Blazing Light")
    )));
}
