//! Rule scenarios for taking a turn differently in Daylight: Prophecy (List of Spells: the
//! activities chosen phase by phase) and the Crystal Ball's remote Enchant (7.10, 6.2.1b),
//! played with forced dice.

use crate::spells_common::{details, dice, here, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::Event;
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::tiles::TileId;
use tabletop_rules::magic_realm::map::ClearingRef;

fn at(tile: &str, clearing: u8) -> Value {
    json!({"tile": tile, "clearing": clearing})
}

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn bad_valley_5() -> ClearingRef {
    ClearingRef::new(TileId::BadValley, 5)
}

/// A Day spell in effect until Sunset of day 1, cast by seat 1 (the Druid, chit 7) on
/// `seat`.
fn day_spell(name: &str, seat: u8) -> Value {
    json!({"caster": 1, "spell": name, "spellBox": 0, "chit": 7,
        "aims": [{"aim": "character", "seat": seat}], "until": {"at": "sunset", "day": 1}})
}

fn druid(spell: &str) -> Value {
    json!({"character": "druid", "at": at("bad_valley", 1), "spells": [spell]})
}

// ---- Prophecy ---------------------------------------------------------------------------

/// The Black Knight (two Basic and two Sunlight phases, no extra ones) bewitched by a
/// Prophecy, nothing recorded, at `point` of day 1; the Druid's turn recorded empty.
fn prophecy(point: &str) -> Game {
    start(
        json!({"seats": [{"character": "black-knight", "at": here()}, druid("prophecy")],
        "spells": [day_spell("prophecy", 0)], "at": point, "dice": dice(6, 40)}),
    )
}

fn hide() -> A {
    A::ChooseActivity {
        activity: tabletop_rules::magic_realm::state::Activity::Hide,
    }
}

fn chosen(log: &[Event<E>]) -> usize {
    log.iter()
        .filter(|e| matches!(e.detail, E::ActivityChosen { .. }))
        .count()
}

#[test]
fn list_of_spells_prophecy_he_records_no_turn_in_birdsong() {
    let g = prophecy("birdsong");
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&A::FinishRecording));
    assert!(!legal
        .iter()
        .any(|a| matches!(a, A::RecordActivity { .. } | A::TakeBackActivity)));
    // The Druid records as usual.
    assert!(g
        .legal_actions(S1)
        .iter()
        .any(|a| matches!(a, A::RecordActivity { .. })));
}

#[test]
fn list_of_spells_prophecy_he_chooses_each_phase_as_he_does_it() {
    let mut g = prophecy("daylight");
    // Whoever goes first, play on until his turn waits for his choice.
    for _ in 0..4 {
        if g.legal_actions(S0).contains(&hide()) {
            break;
        }
        let seat = g.to_act().seats().first().copied().expect("someone acts");
        let pass = g.legal_actions(seat).first().cloned().expect("an action");
        g.apply(seat, pass).unwrap();
    }
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&A::EndProphecyTurn));
    assert!(legal.iter().any(|a| matches!(
        a,
        A::ChooseActivity {
            activity: tabletop_rules::magic_realm::state::Activity::Move { .. }
        }
    )));
    assert!(
        !legal.iter().any(|a| matches!(
            a,
            A::ChooseActivity {
                activity: tabletop_rules::magic_realm::state::Activity::Follow { .. }
            }
        )),
        "Follow is a whole turn's recording"
    );
    // Four phases, each chosen as it is done (every Hide roll a 6: he stays unhidden).
    let mut log = Vec::new();
    for _ in 0..4 {
        log.extend(g.apply(S0, hide()).unwrap());
        assert_eq!(g.legal_actions(S0), [A::Proceed], "then he does it");
        log.extend(g.apply(S0, A::Proceed).unwrap());
    }
    assert_eq!(chosen(&log), 4);
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::TurnEnds { seat: S0 })));
    assert!(!g.legal_actions(S0).contains(&hide()), "no fifth phase");
    assert_eq!(
        g.state().seats[0].record.activities.len(),
        4,
        "his phases are noted as he does them"
    );
}

#[test]
fn list_of_spells_prophecy_refuses_an_activity_he_cannot_do_and_may_end_early() {
    let mut g = prophecy("daylight");
    for _ in 0..4 {
        if g.legal_actions(S0).contains(&hide()) {
            break;
        }
        let seat = g.to_act().seats().first().copied().expect("someone acts");
        let pass = g.legal_actions(seat).first().cloned().expect("an action");
        g.apply(seat, pass).unwrap();
    }
    let before = g.state().clone();
    let far = A::ChooseActivity {
        activity: tabletop_rules::magic_realm::state::Activity::Move { to: bad_valley_5() },
    };
    assert!(g.apply(S0, far).is_err(), "not one Move away");
    assert!(g.apply(S1, hide()).is_err(), "not his Prophecy");
    assert_eq!(*g.state(), before, "a refused action changes nothing");
    g.apply(S0, hide()).unwrap();
    g.apply(S0, A::Proceed).unwrap();
    let log = g.apply(S0, A::EndProphecyTurn).unwrap();
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::ProphecyTurnEnded { seat: S0 })));
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::TurnEnds { seat: S0 })));
    assert_eq!(g.state().seats[0].record.activities.len(), 1);
}

#[test]
fn list_of_spells_prophecy_broken_during_his_turn_blocks_him() {
    let mut g = prophecy("daylight");
    for _ in 0..4 {
        if g.legal_actions(S0).contains(&hide()) {
            break;
        }
        let seat = g.to_act().seats().first().copied().expect("someone acts");
        let pass = g.legal_actions(seat).first().cloned().expect("an action");
        g.apply(seat, pass).unwrap();
    }
    g.apply(S0, hide()).unwrap();
    g.apply(S0, A::Proceed).unwrap();
    // Between his first and second phases the spell is broken.
    let mut state = g.state().clone();
    let mut events = Vec::new();
    tabletop_rules::magic_realm::combat::spells::end_spell(
        cat(),
        &mut state,
        0,
        false,
        &mut events,
    );
    assert!(state.today.blocked.contains(&S0));
    assert!(details(&events)
        .iter()
        .any(|d| matches!(d, E::ProphecyBroken { seat: S0 })));
    assert!(tabletop_rules::magic_realm::day::daylight::options(cat(), &state, S0).is_empty());
}

#[test]
fn list_of_spells_prophecy_a_belonging_gives_its_extra_phase_as_soon_as_activated() {
    let cloak = json!({"kind": "treasure", "id": "cloak-of-mist"});
    let mut g = start(json!({"seats": [{"character": "black-knight", "at": here(),
            "belongings": [{"piece": cloak, "active": false}]}, druid("prophecy")],
        "spells": [day_spell("prophecy", 0)], "at": "daylight", "dice": dice(6, 40)}));
    for _ in 0..4 {
        if g.legal_actions(S0).contains(&hide()) {
            break;
        }
        let seat = g.to_act().seats().first().copied().expect("someone acts");
        let pass = g.legal_actions(seat).first().cloned().expect("an action");
        g.apply(seat, pass).unwrap();
    }
    let activate = A::Rearrange {
        piece: serde_json::from_value(cloak).unwrap(),
        change: tabletop_rules::magic_realm::actions::BelongingChange::Activate,
    };
    let mut log = Vec::new();
    for phase in 0..5 {
        if phase == 3 {
            // Between his third and fourth phases he activates the Cloak of Mist.
            assert!(g.legal_actions(S0).contains(&activate));
            g.apply(S0, activate.clone()).unwrap();
        }
        log.extend(g.apply(S0, hide()).unwrap());
        log.extend(g.apply(S0, A::Proceed).unwrap());
    }
    assert_eq!(chosen(&log), 5, "four phases and the Cloak's extra Hide");
    assert!(!g.legal_actions(S0).contains(&hide()));
    let rec = &g.state().seats[0].record;
    assert_eq!(rec.activities.len(), 5);
    assert_eq!(rec.treasure_phases.len(), 1, "the Cloak's phase is noted");
}

#[test]
fn list_of_spells_prophecy_only_one_horse_a_day_gives_him_extra_phases() {
    let horse = |id: &str| json!({"kind": "horse", "id": id});
    let g = start(json!({"seats": [{"character": "black-knight", "at": here(),
            "belongings": [{"piece": horse("workhorse-t8-h6"), "active": true}]},
            druid("prophecy")],
        "spells": [day_spell("prophecy", 0)], "at": "daylight", "dice": dice(6, 40)}));
    use tabletop_rules::magic_realm::day::birdsong::{entitlement, Kind, Source};
    let horse_move = (Kind::Move, Source::Horse);
    assert!(entitlement(cat(), g.state(), S0)
        .extra
        .contains(&horse_move));
    // Another horse gave him an extra phase earlier today: this one gives none.
    let mut state = g.state().clone();
    state.today.prophecy_horses.insert(
        S0,
        serde_json::from_value(horse("workhorse-l5-l4")).unwrap(),
    );
    assert!(!entitlement(cat(), &state, S0).extra.contains(&horse_move));
    // The same horse still does.
    state.today.prophecy_horses.insert(
        S0,
        serde_json::from_value(horse("workhorse-t8-h6")).unwrap(),
    );
    assert!(entitlement(cat(), &state, S0).extra.contains(&horse_move));
}

// ---- The Crystal Ball's remote Enchant --------------------------------------------------

fn crystal_ball(active: bool) -> Value {
    json!({"piece": {"kind": "treasure", "id": "crystal-ball"}, "active": active})
}

/// The Magician in the Oak Woods with the Crystal Ball (`active`), his turn recorded as
/// Enchant (meditation) then a remote Enchant in the Bad Valley's clearing 5, where the
/// Golden Icon lies when `icon` (it supplies Grey magic there).
fn remote_enchanter(active: bool, icon: bool) -> Game {
    let mut pieces = Vec::new();
    if icon {
        pieces.push(json!({"piece": {"kind": "treasure", "id": "golden-icon"},
            "place": {"place": "clearing", "at": at("bad_valley", 5)}}));
    }
    start(
        json!({"seats": [{"character": "magician", "at": here(), "hidden": false,
            "belongings": [crystal_ball(active)],
            "record": [{"activity": "enchant"},
                       {"activity": "remoteEnchant", "at": at("bad_valley", 5)}]}],
        "pieces": pieces, "at": "daylight", "dice": dice(6, 20)}),
    )
}

#[test]
fn rule_7_10_remote_enchant_is_recorded_with_any_clearing_while_the_crystal_ball_is_active() {
    for active in [true, false] {
        let g = start(json!({"seats": [{"character": "magician", "at": here(),
            "belongings": [crystal_ball(active)]}]}));
        let recorded: Vec<ClearingRef> = g
            .legal_actions(S0)
            .iter()
            .filter_map(|a| match a {
                A::RecordActivity {
                    activity: tabletop_rules::magic_realm::state::Activity::RemoteEnchant { at },
                } => Some(*at),
                _ => None,
            })
            .collect();
        if active {
            assert_eq!(recorded, g.state().map.clearings(&cat().tiles));
        } else {
            assert!(recorded.is_empty(), "no Crystal Ball, no remote Enchant");
        }
    }
    // A swordsman (no Magic chit of type I to V) cannot record it even with the ball.
    let g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "belongings": [crystal_ball(true)]}]}));
    assert!(!g.legal_actions(S0).iter().any(|a| matches!(
        a,
        A::RecordActivity {
            activity: tabletop_rules::magic_realm::state::Activity::RemoteEnchant { .. }
        }
    )));
}

#[test]
fn rule_7_10_remote_enchant_turns_the_recorded_clearings_tile_with_its_colour() {
    let mut g = remote_enchanter(true, true);
    // Phase 1: meditation.
    g.apply(S0, A::Proceed).unwrap();
    // Phase 2: his Type II chit 4 with the Grey magic of the recorded clearing.
    let grey = A::Enchant {
        chit: 4,
        tile: true,
    };
    assert!(g.legal_actions(S0).contains(&grey));
    let log = g.apply(S0, grey).unwrap();
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::TileTurned {
            tile: TileId::BadValley,
            ..
        }
    )));
    assert_eq!(
        g.state().map.side(TileId::BadValley),
        Some(tabletop_rules::magic_realm::catalog::tiles::TileSide::Enchanted)
    );
    assert_eq!(
        g.state().map.side(TileId::OakWoods),
        Some(tabletop_rules::magic_realm::catalog::tiles::TileSide::Normal),
        "his own tile stays"
    );
}

#[test]
fn rule_7_10_remote_enchant_refuses_a_tile_without_its_colour_but_enchants_a_chit() {
    let mut g = remote_enchanter(true, false);
    g.apply(S0, A::Proceed).unwrap();
    let legal = g.legal_actions(S0);
    let grey = A::Enchant {
        chit: 4,
        tile: true,
    };
    assert!(!legal.contains(&grey), "no Grey magic here or there");
    let before = g.state().clone();
    assert!(g.apply(S0, grey).is_err());
    assert_eq!(*g.state(), before, "a refused action changes nothing");
    let chit = A::Enchant {
        chit: 4,
        tile: false,
    };
    assert!(legal.contains(&chit));
    let log = g.apply(S0, chit).unwrap();
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::ChitEnchantedToColour {
            seat: S0,
            chit: 4,
            ..
        }
    )));
}

#[test]
fn rule_6_2_4_remote_enchant_is_cancelled_without_the_active_crystal_ball() {
    let mut g = remote_enchanter(false, true);
    g.apply(S0, A::Proceed).unwrap();
    // He could still activate it at the start of the phase (7.2.2); he does not.
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&A::Proceed));
    assert!(!legal.iter().any(|a| matches!(a, A::Enchant { .. })));
    let log = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::PhaseCancelled { seat: S0, .. })));
    assert_eq!(
        g.state().map.side(TileId::BadValley),
        Some(tabletop_rules::magic_realm::catalog::tiles::TileSide::Normal)
    );
}

#[test]
fn rule_6_2_4_he_keeps_the_crystal_ball_until_his_remote_enchant_is_done() {
    let g = remote_enchanter(true, true);
    let ball: tabletop_rules::magic_realm::pieces::PieceId =
        serde_json::from_value(json!({"kind": "treasure", "id": "crystal-ball"})).unwrap();
    let legal = g.legal_actions(S0);
    assert!(!legal.contains(&A::Rearrange {
        piece: ball.clone(),
        change: tabletop_rules::magic_realm::actions::BelongingChange::Abandon
    }));
    assert!(legal.contains(&A::Rearrange {
        piece: ball,
        change: tabletop_rules::magic_realm::actions::BelongingChange::Deactivate
    }));
}
