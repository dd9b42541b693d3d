//! Rule scenarios for the spells that act in Daylight (List of Spells): Talk to Wise Bird's
//! remote Peer, Premonition, Prophecy, and the Crystal Ball's remote Enchant, played with
//! forced dice.

use crate::spells_common::{cast_at, details, dice, here, start, through_targets, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Viewer};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::tables::TableId;
use tabletop_rules::magic_realm::catalog::tiles::TileId;
use tabletop_rules::magic_realm::combat::spells::SpellAim;
use tabletop_rules::magic_realm::map::ClearingRef;

fn at(tile: &str, clearing: u8) -> Value {
    json!({"tile": tile, "clearing": clearing})
}

// ---- Talk to Wise Bird ------------------------------------------------------------------

/// A Magician who knows Talk to Wise Bird, his Magic III chit 7 enchanted (a Gold colour
/// chit) to cast it with his Magic II chit 4.
fn magician() -> Value {
    json!({"character": "magician", "at": here(), "spells": ["talk-to-wise-bird"],
           "hidden": false, "chits": [{"chit": 7, "status": "enchanted"}]})
}

/// The Magician casts Talk to Wise Bird on himself at Sunset; the spell comes to life.
fn wise_bird(seats: Value, extra: Value, die: u8) -> (Game, Vec<Event<E>>) {
    let mut sc = json!({"seats": seats, "at": "sunset", "dice": dice(die, 40)});
    if let (Some(sc), Some(extra)) = (sc.as_object_mut(), extra.as_object()) {
        for (k, v) in extra {
            sc.insert(k.clone(), v.clone());
        }
    }
    let mut g = start(sc);
    let mut log = Vec::new();
    cast_at(
        &mut g,
        S0,
        0,
        4,
        Some(7),
        SpellAim::Character { seat: S0 },
        &mut log,
    );
    through_targets(&mut g, &mut log);
    (g, log)
}

fn bad_valley_5() -> ClearingRef {
    ClearingRef::new(TileId::BadValley, 5)
}

#[test]
fn list_of_spells_talk_to_wise_bird_peers_into_any_clearing_on_the_map() {
    // Every die 5: the Peer table's Clues.
    let (mut g, log) = wise_bird(json!([magician()]), json!({}), 5);
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::RemotePeerOwed { seat: S0 })));
    // He names any clearing: every clearing of the map, each once, in map order.
    let legal = g.legal_actions(S0);
    let clearings: Vec<ClearingRef> = legal
        .iter()
        .map(|a| match a {
            A::RemotePeer { at } => *at,
            other => panic!("only clearings are offered, not {other:?}"),
        })
        .collect();
    let mut all = g.state().map.clearings(&cat().tiles);
    all.sort();
    assert_eq!(clearings, all);
    let log = g.apply(S0, A::RemotePeer { at: bad_valley_5() }).unwrap();
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::Searched { seat: S0, table: TableId::Peer, roll: 5, at } if *at == bad_valley_5()
    )));
    // 4.5.3: what he sees is his secret.
    let clues = log
        .iter()
        .find(|e| matches!(e.detail, E::CluesSeen { .. }))
        .expect("Clues in the far clearing");
    assert!(clues.visibility.visible_to(Viewer::Seat { seat: S0 }));
    assert!(!clues.visibility.visible_to(Viewer::Seat { seat: S1 }));
    // The spell expired; combat goes on (nobody owes a Peer now).
    assert!(g.state().today.remote_peers.is_empty());
    assert!(!g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::RemotePeer { .. })));
}

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

#[test]
fn list_of_spells_talk_to_wise_bird_choice_row_waits_for_his_pick() {
    // Every die 1: the Peer table's Choice; he picks Locate 4 (Discover chits).
    let (mut g, _) = wise_bird(json!([magician()]), json!({}), 1);
    g.apply(S0, A::RemotePeer { at: bad_valley_5() }).unwrap();
    let legal = g.legal_actions(S0);
    assert!(!legal.is_empty());
    assert!(legal
        .iter()
        .all(|a| matches!(a, A::ChooseSearchResult { .. })));
    let pick = legal
        .iter()
        .find(|a| matches!(a, A::ChooseSearchResult { pick } if pick.table == TableId::Locate && pick.roll == 4))
        .cloned()
        .expect("Locate 4 is offered");
    let log = g.apply(S0, pick).unwrap();
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::ChitsDiscovered { .. })));
    assert!(g.state().today.remote_peers.is_empty());
    assert!(g.state().today.pending.is_none());
}

#[test]
fn list_of_spells_talk_to_wise_bird_refuses_a_peer_by_another_seat_or_a_second_one() {
    let other = json!({"character": "amazon", "at": here(), "hidden": false});
    let (mut g, _) = wise_bird(json!([magician(), other]), json!({}), 5);
    // Only the target acts while he owes the Peer.
    assert_eq!(g.to_act().seats(), [S0]);
    assert!(g.legal_actions(S1).is_empty());
    let before = g.state().clone();
    assert!(g.apply(S1, A::RemotePeer { at: bad_valley_5() }).is_err());
    assert!(g.apply(S0, A::EndPlays).is_err());
    assert_eq!(*g.state(), before, "a refused action changes nothing");
    g.apply(S0, A::RemotePeer { at: bad_valley_5() }).unwrap();
    let before = g.state().clone();
    assert!(g.apply(S0, A::RemotePeer { at: bad_valley_5() }).is_err());
    assert_eq!(*g.state(), before);
}

#[test]
fn list_of_spells_talk_to_wise_bird_is_no_peer_into_a_fogged_tile() {
    let fog = json!({"caster": 1, "spell": "fog", "spellBox": 0, "chit": 7,
        "aims": [{"aim": "tile"}], "until": {"at": "sunset", "day": 9},
        "at": at("bad_valley", 1)});
    let druid = json!({"character": "druid", "at": at("bad_valley", 1), "spells": ["fog"]});
    let (g, _) = wise_bird(json!([magician(), druid]), json!({"spells": [fog]}), 5);
    let legal = g.legal_actions(S0);
    assert!(!legal.is_empty());
    assert!(!legal
        .iter()
        .any(|a| matches!(a, A::RemotePeer { at } if at.tile == TileId::BadValley)));
    assert!(legal
        .iter()
        .any(|a| matches!(a, A::RemotePeer { at } if at.tile == TileId::OakWoods)));
}

// ---- Premonition ------------------------------------------------------------------------

/// A Day spell in effect until Sunset of day 1, cast by seat 1 (the Druid, chit 7) on
/// `seat`.
fn day_spell(name: &str, seat: u8) -> Value {
    json!({"caster": 1, "spell": name, "spellBox": 0, "chit": 7,
        "aims": [{"aim": "character", "seat": seat}], "until": {"at": "sunset", "day": 1}})
}

fn druid(spell: &str) -> Value {
    json!({"character": "druid", "at": at("bad_valley", 1), "spells": [spell]})
}

/// Seats with nothing recorded (their turns end at once), the Premonition on `targets`, at
/// Daylight of day 1.
fn premonition(n: usize, targets: &[u8]) -> Game {
    let mut seats = vec![
        json!({"character": "amazon", "at": here()}),
        druid("premonition"),
    ];
    if n > 2 {
        seats.push(json!({"character": "captain", "at": at("bad_valley", 4)}));
    }
    let spells: Vec<Value> = targets
        .iter()
        .map(|t| {
            let mut s = day_spell("premonition", *t);
            s["spellBox"] = json!(t);
            s["chit"] = json!(6 + t);
            s
        })
        .collect();
    start(json!({"seats": seats, "spells": spells, "at": "daylight", "dice": dice(2, 20)}))
}

fn turns_begun(log: &[Event<E>]) -> Vec<tabletop_rules::engine::Seat> {
    log.iter()
        .filter_map(|e| match e.detail {
            E::TurnBegins { seat } => Some(seat),
            _ => None,
        })
        .collect()
}

#[test]
fn list_of_spells_premonition_keeps_his_chit_out_and_he_may_preempt_before_a_pick() {
    let mut g = premonition(2, &[0]);
    let order = &g.state().today.order;
    assert!(
        !order.iter().any(|t| t.character() == Some(S0)),
        "his chit is not mixed"
    );
    assert_eq!(g.state().today.preempting, [S0]);
    assert_eq!(g.to_act().seats(), [S0]);
    assert_eq!(g.legal_actions(S0), [A::Preempt, A::PassPreempt]);
    assert!(g.legal_actions(S1).is_empty());
    let log = g.apply(S0, A::Preempt).unwrap();
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::Preempted { seat: S0 })));
    // He takes his turn first; then the Druid's chit is picked.
    assert_eq!(turns_begun(&log), [S0, S1]);
    assert!(g.state().today.preempting.is_empty());
}

#[test]
fn list_of_spells_premonition_when_no_chits_are_left_he_must_take_his_turn() {
    let mut g = premonition(2, &[0]);
    let log = g.apply(S0, A::PassPreempt).unwrap();
    assert_eq!(turns_begun(&log), [S1], "the Druid's chit is picked");
    // No chit is left: he cannot pass.
    assert_eq!(g.legal_actions(S0), [A::Preempt]);
    let before = g.state().clone();
    assert!(g.apply(S0, A::PassPreempt).is_err());
    assert!(g.apply(S1, A::Preempt).is_err());
    assert_eq!(*g.state(), before, "a refused action changes nothing");
    let log = g.apply(S0, A::Preempt).unwrap();
    assert_eq!(turns_begun(&log), [S0], "one turn a day, his");
    assert!(!matches!(
        g.state().step,
        tabletop_rules::magic_realm::state::Step::Daylight { .. }
    ));
}

#[test]
fn list_of_spells_premonition_several_preemptors_decide_clockwise_from_the_last_turn() {
    // Seats 0 and 2 keep their chits out; seat 1's chit is mixed.
    let mut g = premonition(3, &[0, 2]);
    let s2 = tabletop_rules::engine::Seat(2);
    // At the start of the day, clockwise from the first seat: seat 0, then seat 2.
    assert_eq!(g.to_act().seats(), [S0]);
    g.apply(S0, A::PassPreempt).unwrap();
    assert_eq!(g.to_act().seats(), [s2]);
    let log = g.apply(s2, A::PassPreempt).unwrap();
    assert_eq!(turns_begun(&log), [S1]);
    // The last turn was seat 1's: clockwise from him, seat 2 decides first now.
    assert_eq!(g.to_act().seats(), [s2]);
    assert_eq!(g.legal_actions(s2), [A::Preempt]);
    let log = g.apply(s2, A::Preempt).unwrap();
    assert_eq!(turns_begun(&log), [s2]);
    assert_eq!(g.to_act().seats(), [S0]);
}

#[test]
fn list_of_spells_premonition_broken_before_he_preempts_mixes_his_chit_in() {
    let g = premonition(2, &[0]);
    let mut state = g.state().clone();
    let mut events = Vec::new();
    tabletop_rules::magic_realm::combat::spells::end_spell(
        cat(),
        &mut state,
        0,
        false,
        &mut events,
    );
    assert!(state.today.preempting.is_empty());
    assert_eq!(
        state
            .today
            .order
            .iter()
            .filter(|t| t.character() == Some(S0))
            .count(),
        1,
        "his chit is among those to be picked"
    );
    assert!(details(&events)
        .iter()
        .any(|d| matches!(d, E::ChitMixedIn { seat: S0 })));
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

#[test]
fn list_of_spells_talk_to_wise_bird_its_target_does_the_peer_not_the_caster() {
    let amazon = json!({"character": "amazon", "at": here(), "hidden": false});
    let mut g = start(json!({"seats": [magician(), amazon], "at": "sunset",
        "dice": dice(5, 40)}));
    let mut log = Vec::new();
    cast_at(
        &mut g,
        S0,
        0,
        4,
        Some(7),
        SpellAim::Character { seat: S1 },
        &mut log,
    );
    through_targets(&mut g, &mut log);
    assert_eq!(g.to_act().seats(), [S1]);
    assert!(g.legal_actions(S0).is_empty());
    let log = g.apply(S1, A::RemotePeer { at: bad_valley_5() }).unwrap();
    let clues = log
        .iter()
        .find(|e| matches!(e.detail, E::CluesSeen { .. }))
        .expect("Clues");
    assert!(clues.visibility.visible_to(Viewer::Seat { seat: S1 }));
    assert!(
        !clues.visibility.visible_to(Viewer::Seat { seat: S0 }),
        "not the caster's"
    );
}
