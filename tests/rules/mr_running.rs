//! Rule scenarios for running away (rules 8.3.7 and 8.3.8) and for the next day of a
//! character between clearings, each built from a scenario with forced dice and named by
//! its rule.

use crate::spells_common::{dice, here, monster, pass_once, piece, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat, Seed, Session};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::tiles::ClearingKind;
use tabletop_rules::magic_realm::combat::{self, CombatStage, ManeuverPlay};
use tabletop_rules::magic_realm::day::birdsong;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::Place;
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::state::{Activity, ChitStatus};
use tabletop_rules::magic_realm::MagicRealm;

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn at(v: Value) -> ClearingRef {
    serde_json::from_value(v).unwrap()
}

/// The clearings one roadway away from `c` (any roadway).
fn neighbours(g: &Game, c: ClearingRef) -> Vec<ClearingRef> {
    let mut n: Vec<ClearingRef> = g
        .state()
        .map
        .routes(&cat().tiles, c)
        .into_iter()
        .map(|r| r.to)
        .collect();
    n.sort();
    n.dedup();
    n
}

/// The Swordsman, unhidden in Oak Woods 2 at Sunset, with `pieces` there.
fn swordsman(pieces: Vec<Value>, belongings: Value) -> Game {
    start(
        json!({"seats": [{"character": "swordsman", "at": here(), "hidden": false,
        "belongings": belongings}],
        "pieces": pieces, "at": "sunset", "dice": dice(1, 40)}),
    )
}

fn runs(g: &Game, seat: Seat) -> Vec<A> {
    g.legal_actions(seat)
        .into_iter()
        .filter(|a| matches!(a, A::RunAway { .. }))
        .collect()
}

/// Passes (Proceed in Daylight, the passing combat action otherwise) until `seat` may run
/// away in the first round of combat; false if he may not.
fn until_runs(g: &mut Game, seat: Seat, log: &mut Vec<Event<E>>) -> bool {
    let mut fought = false;
    for _ in 0..80 {
        if !runs(g, seat).is_empty() {
            return true;
        }
        // The first round's Encounter Step is over: no run now.
        match combat::current(g.state()) {
            Some(c) if c.round > 1 || c.stage > CombatStage::Actions => return false,
            Some(_) => fought = true,
            None if fought => return false,
            None => {}
        }
        let Some(who) = g.to_act().seats().first().copied() else {
            return false;
        };
        let legal = g.legal_actions(who);
        let next = if legal.contains(&A::Proceed) {
            A::Proceed
        } else if let Some(p) = combat::passing(&legal) {
            p
        } else {
            return false;
        };
        log.extend(g.apply(who, next).unwrap());
    }
    false
}

fn run_chits(actions: &[A]) -> Vec<u8> {
    let mut chits: Vec<u8> = actions
        .iter()
        .filter_map(|a| match a {
            A::RunAway {
                with: ManeuverPlay::Chit { chit },
                ..
            } => Some(*chit),
            _ => None,
        })
        .collect();
    chits.sort();
    chits.dedup();
    chits
}

/// The time of the Swordsman's chit `i`.
fn chit_time(i: u8) -> u8 {
    let id = serde_json::from_value(json!("swordsman")).unwrap();
    let sw = cat().characters.get(&id).unwrap();
    sw.chits[usize::from(i)].time
}

#[test]
fn rule_8_3_8_running_away_leaves_the_denizens_on_his_sheet_behind_unassigned() {
    let mut g = swordsman(vec![monster("giant")], json!([]));
    let mut log = Vec::new();
    g.apply(
        S0,
        A::Lure {
            denizen: piece("giant"),
        },
    )
    .unwrap();
    assert!(until_runs(&mut g, S0, &mut log), "the Swordsman may run");
    let run = runs(&g, S0)[0].clone();
    let A::RunAway { to, .. } = run else {
        unreachable!()
    };
    let events = g.apply(S0, run).unwrap();
    let left = events.iter().find_map(|e| match &e.detail {
        E::RanAway { left, .. } => Some(left.clone()),
        _ => None,
    });
    assert_eq!(left, Some(vec![piece("giant")]));
    let counter = tabletop_rules::magic_realm::pieces::PieceId::Character {
        id: g.state().seats[0].character.clone().unwrap(),
    };
    assert_eq!(
        g.state().piles.place_of(&counter),
        Some(&Place::Roadway {
            from: at(here()),
            to
        })
    );
    // He takes no further part; the Giant stays in the clearing; combat ends.
    let mut log = Vec::new();
    for _ in 0..20 {
        if combat::current(g.state()).is_none() {
            break;
        }
        assert!(
            !g.to_act().seats().contains(&S0) || combat::current(g.state()).is_none(),
            "the runner does nothing more in this combat"
        );
        pass_once(&mut g, &mut log);
    }
    assert!(combat::current(g.state()).is_none());
    assert_eq!(
        g.state().piles.place_of(&piece("giant")),
        Some(&Place::Clearing { at: at(here()) })
    );
}

#[test]
fn rule_8_3_7_a1_a_run_needs_a_chit_faster_than_every_move_time_on_his_sheet() {
    // The wolf moves at 3: only his Move chit of time 2 is fast enough.
    let mut g = swordsman(vec![monster("wolf-l4")], json!([]));
    let mut log = Vec::new();
    g.apply(
        S0,
        A::Lure {
            denizen: piece("wolf-l4"),
        },
    )
    .unwrap();
    assert!(until_runs(&mut g, S0, &mut log));
    let chits = run_chits(&runs(&g, S0));
    assert!(!chits.is_empty());
    assert!(chits.iter().all(|c| chit_time(*c) < 3), "{chits:?}");
    // The octopus moves at 2: no Move chit of his is faster.
    let mut g = swordsman(vec![monster("octopus")], json!([]));
    g.apply(
        S0,
        A::Lure {
            denizen: piece("octopus"),
        },
    )
    .unwrap();
    let mut log = Vec::new();
    assert!(!until_runs(&mut g, S0, &mut log), "no run is offered");
    let c = combat::current(g.state()).expect("the first round goes on");
    assert!(c.stage > CombatStage::Actions, "past his Encounter action");
    assert_eq!(c.sheets.get(&S0), Some(&vec![piece("octopus")]));
}

#[test]
fn rule_8_3_7_a4_the_runner_must_carry_himself_and_everything_he_carries() {
    // A Heavy suit of armor is too heavy for the Swordsman's Light Move chits.
    let armor = json!({"kind": "armor", "id": "suit-of-armor", "n": 0});
    let mut g = swordsman(vec![], json!([{"piece": armor}]));
    let mut log = Vec::new();
    assert!(
        !until_runs(&mut g, S0, &mut log),
        "the armor is too heavy to run with"
    );
    // Inactive, on a led workhorse that can carry Heavy: he can run.
    let horse = json!({"kind": "horse", "id": "workhorse-h7-h6"});
    let mut g = swordsman(
        vec![],
        json!([{"piece": armor, "active": false}, {"piece": horse, "active": false}]),
    );
    let mut log = Vec::new();
    assert!(
        until_runs(&mut g, S0, &mut log),
        "the packhorse carries the armor"
    );
}

#[test]
fn rule_8_3_8_having_started_the_day_there_he_may_run_onto_any_roadway_he_can_use() {
    let mut g = swordsman(vec![], json!([]));
    let mut log = Vec::new();
    assert!(until_runs(&mut g, S0, &mut log));
    let mut ends: Vec<ClearingRef> = runs(&g, S0)
        .iter()
        .filter_map(|a| match a {
            A::RunAway { to, .. } => Some(*to),
            _ => None,
        })
        .collect();
    ends.sort();
    ends.dedup();
    let usable = birdsong::move_targets(cat(), g.state(), S0, at(here()));
    assert_eq!(ends, usable);
    assert!(!usable.is_empty());
}

#[test]
fn rule_8_3_8_having_moved_in_today_he_runs_only_onto_the_roadway_he_entered_by() {
    let probe = swordsman(vec![], json!([]));
    let usable = birdsong::move_targets(cat(), probe.state(), S0, at(here()));
    assert!(usable.len() > 1, "Oak Woods 2 has several roadways");
    let came_from = usable[0];
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": came_from,
        "hidden": false, "record": [{"activity": "move", "to": here()}]}],
        "at": "daylight", "dice": dice(1, 40)}));
    let mut log = Vec::new();
    assert!(until_runs(&mut g, S0, &mut log));
    assert_eq!(
        g.state().piles.place_of(&swordsman_counter(&g)),
        Some(&Place::Clearing { at: at(here()) })
    );
    let ends: Vec<ClearingRef> = runs(&g, S0)
        .iter()
        .filter_map(|a| match a {
            A::RunAway { to, .. } => Some(*to),
            _ => None,
        })
        .collect();
    assert!(!ends.is_empty());
    assert!(ends.iter().all(|c| *c == came_from), "{ends:?}");
}

fn swordsman_counter(g: &Game) -> tabletop_rules::magic_realm::pieces::PieceId {
    tabletop_rules::magic_realm::pieces::PieceId::Character {
        id: g.state().seats[0].character.clone().unwrap(),
    }
}

#[test]
fn rule_8_3_8_a_two_asterisk_move_chit_fatigues_at_the_end_of_the_round() {
    let mut g = swordsman(vec![monster("wolf-l4")], json!([]));
    let mut log = Vec::new();
    g.apply(
        S0,
        A::Lure {
            denizen: piece("wolf-l4"),
        },
    )
    .unwrap();
    assert!(until_runs(&mut g, S0, &mut log));
    let run = runs(&g, S0)
        .into_iter()
        .find(|a| matches!(a, A::RunAway { with: ManeuverPlay::Chit { chit }, .. } if chit_time(*chit) == 2))
        .expect("his Move chit of time 2 (two asterisks)");
    g.apply(S0, run).unwrap();
    // The round runs on to its Fatigue Step, where he owes one asterisk.
    let mut owed = false;
    for _ in 0..20 {
        let Some(c) = combat::current(g.state()) else {
            break;
        };
        if c.stage == CombatStage::Fatigue && g.to_act().seats().contains(&S0) {
            owed = true;
            break;
        }
        pass_once(&mut g, &mut log);
    }
    assert!(owed, "he pays his fatigue although he ran");
    let fatigue = g
        .legal_actions(S0)
        .into_iter()
        .find(|a| matches!(a, A::FatigueChit { .. }))
        .expect("a chit to fatigue");
    let A::FatigueChit { chit } = fatigue else {
        unreachable!()
    };
    g.apply(S0, fatigue).unwrap();
    assert_ne!(
        g.state().seats[0].chits[usize::from(chit)],
        ChitStatus::Fresh
    );
}

#[test]
fn rule_8_3_8_the_others_fight_on_without_him() {
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": here(), "hidden": false},
        {"character": "amazon", "at": here(), "hidden": false}],
        "pieces": [monster("giant")], "at": "sunset", "dice": dice(1, 80)}));
    let mut log = Vec::new();
    assert!(until_runs(&mut g, S0, &mut log));
    let run = runs(&g, S0)[0].clone();
    g.apply(S0, run).unwrap();
    let c = combat::current(g.state()).expect("combat goes on");
    assert!(c.gone.contains(&S0));
    assert!(c.fighting().any(|s| s == S1));
    for _ in 0..30 {
        if combat::current(g.state()).is_none() {
            break;
        }
        assert!(!g.to_act().seats().contains(&S0) || fatigue_step(&g));
        pass_once(&mut g, &mut log);
    }
}

fn fatigue_step(g: &Game) -> bool {
    combat::current(g.state()).is_some_and(|c| c.stage == CombatStage::Fatigue)
}

#[test]
fn rule_8_3_8_hirelings_never_run_away() {
    let company = json!({"piece": {"kind": "native", "id": "company-1"},
        "place": {"place": "clearing", "at": here()}});
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "hidden": false, "hirelings": [{"native": "company-1", "lastDay": 10}]}],
        "pieces": [company], "at": "sunset", "dice": dice(1, 40)}));
    let mut log = Vec::new();
    assert!(until_runs(&mut g, S0, &mut log));
    let run = runs(&g, S0)[0].clone();
    g.apply(S0, run).unwrap();
    let hireling: tabletop_rules::magic_realm::pieces::PieceId =
        serde_json::from_value(json!({"kind": "native", "id": "company-1"})).unwrap();
    assert_eq!(
        g.state().piles.place_of(&hireling),
        Some(&Place::Clearing { at: at(here()) })
    );
}

/// The Swordsman between Oak Woods 2 and `to`, at Birdsong of day 2.
fn on_roadway(to: ClearingRef, from: ClearingRef) -> Game {
    start(
        json!({"seats": [{"character": "swordsman", "at": from, "roadway": to}],
        "day": 2, "dice": dice(1, 40)}),
    )
}

fn recordable(g: &Game) -> Vec<Activity> {
    g.legal_actions(S0)
        .into_iter()
        .filter_map(|a| match a {
            A::RecordActivity { activity } => Some(activity),
            _ => None,
        })
        .collect()
}

#[test]
fn rule_8_3_8_d1_his_next_turn_starts_with_a_move_to_an_end_of_the_roadway() {
    let probe = swordsman(vec![], json!([]));
    let to = neighbours(&probe, at(here()))
        .into_iter()
        .find(|c| probe.state().map.clearing_kind(&cat().tiles, *c) != Some(ClearingKind::Mountain))
        .expect("a neighbour that is not a mountain");
    let mut g = on_roadway(to, at(here()));
    let mut first = recordable(&g);
    first.sort_by_key(|a| format!("{a:?}"));
    let mut want = vec![Activity::Move { to: at(here()) }, Activity::Move { to }];
    want.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(first, want, "only a Move to either end");
    assert!(!g.legal_actions(S0).contains(&A::FinishRecording));
    g.apply(
        S0,
        A::RecordActivity {
            activity: Activity::Move { to },
        },
    )
    .unwrap();
    assert!(recordable(&g).contains(&Activity::Hide));
    assert!(g.legal_actions(S0).contains(&A::FinishRecording));
    g.apply(S0, A::FinishRecording).unwrap();
    // Daylight: his first phase takes him off the roadway.
    let mut log = Vec::new();
    for _ in 0..20 {
        if g.state().piles.place_of(&swordsman_counter(&g)) == Some(&Place::Clearing { at: to }) {
            break;
        }
        let Some(who) = g.to_act().seats().first().copied() else {
            break;
        };
        let legal = g.legal_actions(who);
        let next = if legal.contains(&A::Proceed) {
            A::Proceed
        } else {
            legal[0].clone()
        };
        log.extend(g.apply(who, next).unwrap());
    }
    assert_eq!(
        g.state().piles.place_of(&swordsman_counter(&g)),
        Some(&Place::Clearing { at: to })
    );
    assert!(log
        .iter()
        .any(|e| e.rule.0 == "8.3.8" && matches!(e.detail, E::Moved { .. })));
}

/// Some roadway of the default map between a clearing of kind `a` and one of kind `b`.
fn roadway_between(a: ClearingKind, b: ClearingKind) -> (ClearingRef, ClearingRef) {
    let probe = swordsman(vec![], json!([]));
    let map = &probe.state().map;
    for c in map.clearings(&cat().tiles) {
        if map.clearing_kind(&cat().tiles, c) != Some(a) {
            continue;
        }
        for r in map.routes(&cat().tiles, c) {
            if map.clearing_kind(&cat().tiles, r.to) == Some(b) && !r.kind.needs_discovery() {
                return (c, r.to);
            }
        }
    }
    panic!("no roadway from {a:?} to {b:?}");
}

#[test]
fn rule_8_3_8_d1_a_mountain_end_takes_two_move_phases() {
    let (mountain, other) = roadway_between(ClearingKind::Mountain, ClearingKind::Woods);
    let mut g = on_roadway(mountain, other);
    let climb = Activity::Move { to: mountain };
    assert!(recordable(&g).contains(&climb));
    g.apply(
        S0,
        A::RecordActivity {
            activity: climb.clone(),
        },
    )
    .unwrap();
    assert_eq!(recordable(&g), vec![climb.clone()], "the climb goes on");
    assert!(!g.legal_actions(S0).contains(&A::FinishRecording));
    g.apply(S0, A::RecordActivity { activity: climb }).unwrap();
    assert!(g.legal_actions(S0).contains(&A::FinishRecording));
}

#[test]
fn rule_8_3_8_d2_out_of_a_cave_toward_a_non_cave_he_keeps_his_sunlight_phases() {
    let (cave, open) = roadway_between(ClearingKind::Cave, ClearingKind::Woods);
    let g = on_roadway(open, cave);
    assert_eq!(birdsong::entitlement(cat(), g.state(), S0).sunlight, 2);
    // In the cave itself he would have none.
    let g = start(json!({"seats": [{"character": "swordsman", "at": cave}], "day": 2}));
    assert_eq!(birdsong::entitlement(cat(), g.state(), S0).sunlight, 0);
}

#[test]
fn rule_8_3_8_between_clearings_he_takes_no_part_in_the_evening() {
    let probe = swordsman(vec![], json!([]));
    let to = neighbours(&probe, at(here()))[0];
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": here(), "roadway": to,
        "hidden": false}], "pieces": [monster("giant")], "at": "sunset", "dice": dice(1, 40)}),
    );
    let mut log = Vec::new();
    for _ in 0..10 {
        assert!(combat::current(g.state()).is_none(), "no combat for him");
        let Some(who) = g.to_act().seats().first().copied() else {
            break;
        };
        if !matches!(
            g.state().step,
            tabletop_rules::magic_realm::state::Step::Evening { .. }
        ) {
            break;
        }
        let legal = g.legal_actions(who);
        log.extend(g.apply(who, legal[0].clone()).unwrap());
    }
    assert!(!log
        .iter()
        .any(|e| matches!(e.detail, E::CombatBegins { .. })));
    // Nor can anyone block him, nor he anyone, nor does he rearrange his belongings.
    assert!(tabletop_rules::magic_realm::day::who::clearing(g.state(), S0).is_none());
}

#[test]
fn rule_8_3_8_a_scenario_roadway_must_join_its_clearings() {
    let sc: MagicRealmScenario = serde_json::from_value(json!({"seats": [
        {"character": "swordsman", "at": here(), "roadway": {"tile": "cliff", "clearing": 1}}]}))
    .unwrap();
    let err = Session::<MagicRealm>::from_scenario(sc, Seed(5)).unwrap_err();
    assert!(format!("{err}").contains("no roadway joins"), "{err}");
}

#[test]
fn rule_8_3_6_and_4_4_4_a_charge_in_boots_has_the_cards_time_and_names_the_target() {
    // The Swordsman charges the Amazon in Elven Slippers (Light, time 2): her Move chits
    // (time 3 and more) are too slow to run away from him.
    let slippers = json!({"piece": {"kind": "treasure", "id": "elven-slippers"}});
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": here(), "hidden": false, "belongings": [slippers]},
        {"character": "amazon", "at": here(), "hidden": false}],
        "at": "sunset", "dice": dice(1, 80)}));
    let mut log = Vec::new();
    let charge = A::ChargeInBoots { target: S1 };
    crate::spells_common::until(&mut g, S0, &charge, &mut log);
    assert!(log.iter().any(|e| matches!(
        e.detail,
        E::ChargedInBoots {
            seat: S0,
            target: S1
        }
    )));
    let c = combat::current(g.state()).unwrap();
    assert_eq!(c.charged_by(S0), Some(S1));
    // Her Encounter actions: no run with a chit of time 2 or more.
    for _ in 0..10 {
        if combat::current(g.state()).is_some_and(|c| c.stage > CombatStage::Actions) {
            break;
        }
        assert!(
            runs(&g, S1).is_empty(),
            "no Move chit of hers beats the Slippers' time 2"
        );
        pass_once(&mut g, &mut log);
    }
    // In the Melee Step his target is the Amazon, and only she.
    for _ in 0..10 {
        let legal = g.legal_actions(S0);
        if legal.iter().any(|a| matches!(a, A::SelectTarget { .. })) {
            let targets: Vec<_> = legal
                .iter()
                .filter(|a| matches!(a, A::SelectTarget { .. }))
                .collect();
            assert_eq!(
                targets,
                vec![&A::SelectTarget {
                    target: tabletop_rules::magic_realm::combat::CombatTarget::Character {
                        seat: S1
                    }
                }]
            );
            return;
        }
        pass_once(&mut g, &mut log);
    }
    panic!("the Swordsman never named his target");
}
