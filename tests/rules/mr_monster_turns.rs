//! Rule scenarios for controlled monsters' turns (6.2.5, 6.3.5, 7.3.1, 7.3.3, 7.4, 7.12,
//! 7.13, 4.5): the controller records a turn for his controlled monster in Birdsong, in
//! secret; its attention chit is mixed with the others and it does its phases when picked;
//! a monster that flies must Fly and lands by a die roll; a monster with a recorded turn
//! does not follow its controller; illegal records are refused and change nothing.

use crate::spells_common::{details, here, pass_once, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat, Viewer};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::tiles::{ClearingKind, TileId};
use tabletop_rules::magic_realm::day::flying;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::state::{Activity, Step, Turner};

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn oak2() -> ClearingRef {
    serde_json::from_value(here()).unwrap()
}

fn spider() -> PieceId {
    serde_json::from_value(json!({"kind": "monster", "id": "h-spider", "n": 0})).unwrap()
}

fn bat() -> PieceId {
    serde_json::from_value(json!({"kind": "monster", "id": "giant-bat", "n": 0})).unwrap()
}

fn in_clearing(piece: &PieceId, at: ClearingRef) -> Value {
    json!({"piece": piece, "place": {"place": "clearing", "at": at}})
}

/// The Witch in Oak Woods 2 guiding the H Spider (Guide Spider or Octopus, until Sunset of
/// day 2), which stands in `spider_at`; `more`: other pieces on the map.
fn witch_and_spider(spider_at: ClearingRef, more: Vec<Value>, dice: Value) -> Game {
    let mut pieces = vec![in_clearing(&spider(), spider_at)];
    pieces.extend(more);
    start(
        json!({"seats": [{"character": "witch", "at": here(), "hidden": false,
        "spells": ["guide-spider-or-octopus"],
        "chits": [{"chit": 5, "status": "committed"}]}],
        "pieces": pieces,
        "spells": [{"caster": 0, "spell": "guide-spider-or-octopus", "spellBox": 0, "chit": 5,
            "aims": [{"aim": "denizen", "piece": spider()}],
            "until": {"at": "sunset", "day": 2}}],
        "day": 2, "at": "birdsong", "dice": dice}),
    )
}

/// The Elf in Oak Woods 2 controlling the Giant Bat there (Control Bats, until Sunset of
/// day 2); `others`: more seats, in Oak Woods 2 too.
fn elf_and_bat(others: &[&str], dice: Value) -> Game {
    let mut seats = vec![json!({"character": "elf", "at": here(), "hidden": false,
        "spells": ["control-bats"], "chits": [{"chit": 3, "status": "committed"}]})];
    seats.extend(
        others
            .iter()
            .map(|c| json!({"character": c, "at": here(), "hidden": false})),
    );
    start(json!({"seats": seats,
        "pieces": [in_clearing(&bat(), oak2())],
        "spells": [{"caster": 0, "spell": "control-bats", "spellBox": 0, "chit": 3,
            "aims": [{"aim": "denizen", "piece": bat()}],
            "until": {"at": "sunset", "day": 2}, "inert": false}],
        "day": 2, "at": "birdsong", "dice": dice}))
}

/// The clearings one open roadway from Oak Woods 2 that are not mountain clearings.
fn walks_from_oak2(g: &Game) -> Vec<ClearingRef> {
    let mut to: Vec<ClearingRef> = g
        .state()
        .map
        .moves(&cat().tiles, oak2(), &Default::default())
        .into_iter()
        .map(|r| r.to)
        .filter(|c| g.state().map.clearing_kind(&cat().tiles, *c) != Some(ClearingKind::Mountain))
        .collect();
    to.sort();
    to.dedup();
    to
}

/// A clearing of the map neither Oak Woods 2 nor one Move from it.
fn far_clearing(g: &Game) -> ClearingRef {
    let near: Vec<ClearingRef> = g
        .state()
        .map
        .moves(&cat().tiles, oak2(), &Default::default())
        .into_iter()
        .map(|r| r.to)
        .collect();
    (1..=6)
        .map(|n| serde_json::from_value(json!({"tile": "oak_woods", "clearing": n})))
        .filter_map(Result::ok)
        .find(|c: &ClearingRef| {
            *c != oak2()
                && !near.contains(c)
                && g.state().map.clearing_kind(&cat().tiles, *c).is_some()
        })
        .expect("a clearing of Oak Woods not next to clearing 2")
}

/// What `seat` may record for `monster`.
fn offered(g: &Game, seat: Seat, monster: &PieceId) -> Vec<Activity> {
    g.legal_actions(seat)
        .into_iter()
        .filter_map(|a| match a {
            A::RecordMonsterActivity {
                monster: m,
                activity,
            } if m == *monster => Some(activity),
            _ => None,
        })
        .collect()
}

fn record(g: &mut Game, seat: Seat, monster: &PieceId, activity: Activity) -> Vec<Event<E>> {
    g.apply(
        seat,
        A::RecordMonsterActivity {
            monster: monster.clone(),
            activity,
        },
    )
    .unwrap()
}

fn place_of(g: &Game, piece: &PieceId) -> Option<Place> {
    g.state().piles.place_of(piece).cloned()
}

#[test]
fn rule_6_2_5_the_controller_records_a_move_for_his_controlled_monster_and_it_moves_on_its_turn() {
    let mut g = witch_and_spider(oak2(), vec![], json!([1, 6, 6, 6, 6, 6]));
    let to = walks_from_oak2(&g)[0];
    let options = offered(&g, S0, &spider());
    assert!(options.contains(&Activity::Move { to }));
    assert!(options.contains(&Activity::Hide));
    // 6.2.5: no Trade, Hire, Rest, Alert or Enchant (nor a Fly: it cannot fly); a Search
    // (see mr_monster_activities.rs).
    assert!(options
        .iter()
        .all(|a| matches!(a, Activity::Move { .. } | Activity::Hide | Activity::Search)));
    record(&mut g, S0, &spider(), Activity::Move { to });
    assert!(g
        .legal_actions(S0)
        .contains(&A::TakeBackMonsterActivity { monster: spider() }));
    let log = g.apply(S0, A::FinishRecording).unwrap();
    let d = details(&log);
    // 6.3.5: its attention chit was mixed with hers; it does not follow her.
    assert!(!d.iter().any(|e| matches!(e, E::MonstersFollow { .. })));
    assert!(d
        .iter()
        .any(|e| matches!(e, E::MonsterTurnBegins { seat: S0, monster } if *monster == spider())));
    assert!(d.iter().any(|e| matches!(e,
        E::MonsterMoved { monster, from, to: t } if *monster == spider() && *from == oak2() && *t == to)));
    assert!(d
        .iter()
        .any(|e| matches!(e, E::MonsterTurnEnds { monster } if *monster == spider())));
    assert_eq!(place_of(&g, &spider()), Some(Place::Clearing { at: to }));
    // Its control spell expires at Sunset: on the next day it is nobody's to record.
    let mut rest = Vec::new();
    for _ in 0..60 {
        if matches!(g.state().step, Step::Birdsong { .. }) {
            break;
        }
        pass_once(&mut g, &mut rest);
    }
    assert_eq!(g.state().step, Step::Birdsong { day: 3 });
    assert!(offered(&g, S0, &spider()).is_empty());
}

#[test]
fn rule_6_2_5_a_controlled_monster_has_two_basic_and_two_sunlight_phases() {
    let mut g = witch_and_spider(oak2(), vec![], json!([]));
    for _ in 0..4 {
        record(&mut g, S0, &spider(), Activity::Hide);
    }
    assert!(
        offered(&g, S0, &spider()).is_empty(),
        "two Basic and two Sunlight phases only"
    );
    // Taking back the last phase makes room for one more.
    g.apply(S0, A::TakeBackMonsterActivity { monster: spider() })
        .unwrap();
    assert!(offered(&g, S0, &spider()).contains(&Activity::Hide));
}

#[test]
fn rule_7_3_3_a_flying_controlled_monster_must_fly_and_lands_by_a_die_roll() {
    // Monster Roll 1, then one die a landing roll.
    let mut g = elf_and_bat(&[], json!([1, 1, 2, 3, 4, 5, 6]));
    let options = offered(&g, S0, &bat());
    assert!(
        !options.iter().any(|a| matches!(a, Activity::Move { .. })),
        "a monster that flies may not Move (7.3.3)"
    );
    let oak: TileId = oak2().tile;
    let next = g.state().map.adjacent_tiles(oak)[0];
    assert!(options.contains(&Activity::Fly { to: next }));
    assert!(options.contains(&Activity::Fly { to: oak }));
    // A Move is refused, and changes nothing.
    let before = g.state().clone();
    let to = walks_from_oak2(&g)[0];
    assert!(g
        .apply(
            S0,
            A::RecordMonsterActivity {
                monster: bat(),
                activity: Activity::Move { to },
            },
        )
        .is_err());
    assert!(*g.state() == before, "the state is unchanged");
    record(&mut g, S0, &bat(), Activity::Fly { to: next });
    let log = g.apply(S0, A::FinishRecording).unwrap();
    let d = details(&log);
    assert!(d
        .iter()
        .any(|e| matches!(e, E::MonsterFlew { monster, to } if *monster == bat() && *to == next)));
    // The landing die: the first of 1, 2, 3... that names a clearing of the tile.
    let numbers = flying::clearings_of(cat(), g.state(), next);
    let expected = (1..=6u8)
        .find(|n| numbers.iter().any(|c| c.0 == *n))
        .unwrap();
    assert!(log.iter().any(|e| matches!(&e.detail,
        E::MonsterLandingRolled { monster, tile } if *monster == bat() && *tile == next)
        && e.rule.0 == "7.3.3"));
    let landed = d
        .iter()
        .find_map(|e| match e {
            E::MonsterLanded { monster, at } if *monster == bat() => Some(*at),
            _ => None,
        })
        .expect("the Bat lands");
    assert_eq!(landed.tile, next);
    assert_eq!(landed.clearing.0, expected);
    assert_eq!(place_of(&g, &bat()), Some(Place::Clearing { at: landed }));
}

#[test]
fn rule_6_2_5_a_controlled_monster_with_a_recorded_turn_does_not_follow_its_controller() {
    // Without a record the Bat in her clearing follows her (7.11).
    let mut g = elf_and_bat(&[], json!([1, 6, 6, 6]));
    let log = g.apply(S0, A::FinishRecording).unwrap();
    assert!(details(&log).iter().any(
        |e| matches!(e, E::MonstersFollow { seat: S0, monsters } if monsters.contains(&bat()))
    ));
    assert!(!details(&log)
        .iter()
        .any(|e| matches!(e, E::MonsterTurnBegins { .. })));
    // With a recorded Hide it takes a turn of its own: Monster Roll 1, Hide roll 1 and 2
    // (the higher, 2, hides it).
    let mut g = elf_and_bat(&[], json!([1, 1, 2]));
    record(&mut g, S0, &bat(), Activity::Hide);
    let log = g.apply(S0, A::FinishRecording).unwrap();
    let d = details(&log);
    assert!(!d.iter().any(|e| matches!(e, E::MonstersFollow { .. })));
    assert!(!g.state().today.monsters_following.contains(&bat()));
    assert!(g.state().today.order.contains(&Turner::Monster {
        controller: S0,
        monster: bat()
    }));
    assert!(d.iter().any(|e| matches!(e,
        E::MonsterHideRolled { monster, success: true } if *monster == bat())));
    assert_eq!(place_of(&g, &bat()), Some(Place::Clearing { at: oak2() }));
}

#[test]
fn rule_6_2_5_an_illegal_monster_record_is_refused_and_changes_nothing() {
    let mut g = witch_and_spider(oak2(), vec![], json!([]));
    let far = far_clearing(&g);
    let before = g.state().clone();
    for activity in [
        Activity::Trade,
        Activity::Hire,
        Activity::Rest,
        Activity::Alert,
        Activity::Enchant,
        // Its controller: with no record it follows him (mr_monster_activities.rs).
        Activity::Follow { guide: S0 },
        Activity::Move { to: far },
    ] {
        assert!(
            g.apply(
                S0,
                A::RecordMonsterActivity {
                    monster: spider(),
                    activity: activity.clone(),
                },
            )
            .is_err(),
            "{activity:?} is refused"
        );
        assert!(*g.state() == before, "the state is unchanged");
    }
    // Nor may he record for a monster he does not control, or take back an empty record.
    let wolf: PieceId =
        serde_json::from_value(json!({"kind": "monster", "id": "wolf-l4", "n": 0})).unwrap();
    let mut g = witch_and_spider(oak2(), vec![in_clearing(&wolf, oak2())], json!([]));
    let before = g.state().clone();
    assert!(g
        .apply(
            S0,
            A::RecordMonsterActivity {
                monster: wolf,
                activity: Activity::Hide,
            },
        )
        .is_err());
    assert!(g
        .apply(S0, A::TakeBackMonsterActivity { monster: spider() })
        .is_err());
    assert!(*g.state() == before, "the state is unchanged");
}

#[test]
fn rule_4_5_another_seat_does_not_see_a_controlled_monsters_record() {
    let mut g = elf_and_bat(&["swordsman"], json!([]));
    assert!(
        offered(&g, S1, &bat()).is_empty(),
        "only the controller records"
    );
    record(&mut g, S0, &bat(), Activity::Hide);
    let mine = serde_json::to_string(&g.view(Viewer::Seat { seat: S0 }).unwrap()).unwrap();
    let theirs = serde_json::to_string(&g.view(Viewer::Seat { seat: S1 }).unwrap()).unwrap();
    assert!(mine.contains("monsterTurns"));
    assert!(!theirs.contains("monsterTurns"));
    let recorded = |viewer| {
        g.log(viewer)
            .unwrap()
            .iter()
            .any(|e| matches!(&e.detail, E::MonsterActivityRecorded { .. }))
    };
    assert!(recorded(Viewer::Seat { seat: S0 }));
    assert!(!recorded(Viewer::Seat { seat: S1 }));
}

#[test]
fn rule_7_12_an_unhidden_controlled_monster_is_blocked_by_an_uncontrolled_monster() {
    let probe = witch_and_spider(oak2(), vec![], json!([]));
    let to = walks_from_oak2(&probe)[0];
    let wolf: PieceId =
        serde_json::from_value(json!({"kind": "monster", "id": "wolf-l4", "n": 0})).unwrap();
    // It moves into the wolf's clearing and would move back: blocked, it stays.
    let mut g = witch_and_spider(
        oak2(),
        vec![in_clearing(&wolf, to)],
        json!([2, 6, 6, 6, 6, 6]),
    );
    record(&mut g, S0, &spider(), Activity::Move { to });
    record(&mut g, S0, &spider(), Activity::Move { to: oak2() });
    let log = g.apply(S0, A::FinishRecording).unwrap();
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::MonsterBlocked { monster } if *monster == spider())));
    assert_eq!(place_of(&g, &spider()), Some(Place::Clearing { at: to }));
}

#[test]
fn rule_6_3_5_a_saved_turn_order_with_a_controlled_monster_loads() {
    let order: Vec<Turner> = serde_json::from_value(json!([0,
        {"employer": 0, "leader": "company-hq"},
        {"controller": 0, "monster": {"kind": "monster", "id": "giant-bat", "n": 0}}]))
    .unwrap();
    assert_eq!(
        order.last(),
        Some(&Turner::Monster {
            controller: S0,
            monster: bat()
        })
    );
    assert!(matches!(order.get(1), Some(Turner::Leader { .. })));
    assert_eq!(
        serde_json::from_value::<Vec<Turner>>(serde_json::to_value(&order).unwrap()).unwrap(),
        order
    );
}

fn borderland(n: u8) -> ClearingRef {
    serde_json::from_value(json!({"tile": "borderland", "clearing": n})).unwrap()
}

#[test]
fn rule_6_2_5_a_controlled_monster_starting_in_a_cave_has_no_sunlight_phases() {
    // The Spider is in Borderland 4, a cave, away from the Witch.
    let mut g = witch_and_spider(borderland(4), vec![], json!([]));
    for _ in 0..2 {
        record(&mut g, S0, &spider(), Activity::Hide);
    }
    assert!(
        offered(&g, S0, &spider()).is_empty(),
        "two Basic phases only"
    );
}

#[test]
fn rule_7_3_3_a_flying_controlled_monster_landing_in_a_cave_after_a_sunlight_phase_ends_its_turn() {
    // Monster Roll 1; two failed Hide rolls (6, 6 each); the landing die 4 (Borderland 4, a
    // cave) at the end of its third phase, a Sunlight phase: its fourth phase is cancelled.
    let mut g = elf_and_bat(&[], json!([1, 6, 6, 6, 6, 4, 1, 1]));
    let border = borderland(4).tile;
    assert!(g.state().map.adjacent_tiles(oak2().tile).contains(&border));
    for activity in [
        Activity::Hide,
        Activity::Hide,
        Activity::Fly { to: border },
        Activity::Hide,
    ] {
        record(&mut g, S0, &bat(), activity);
    }
    let log = g.apply(S0, A::FinishRecording).unwrap();
    let d = details(&log);
    assert!(d.iter().any(|e| matches!(e,
        E::MonsterLanded { monster, at } if *monster == bat() && *at == borderland(4))));
    let hides = d
        .iter()
        .filter(|e| matches!(e, E::MonsterHideRolled { .. }))
        .count();
    assert_eq!(hides, 2, "the Hide of its fourth phase is not done");
    assert!(log.iter().any(|e| e.rule.0 == "7.3.3"
        && matches!(&e.detail, E::MonsterPhaseCancelled { monster } if *monster == bat())));
    assert_eq!(
        place_of(&g, &bat()),
        Some(Place::Clearing { at: borderland(4) })
    );
}

#[test]
fn rule_6_2_5_a_controlled_monster_away_from_its_controller_takes_a_turn_of_its_own() {
    // The Spider in Oak Woods 4 does not follow the Witch in Oak Woods 2: with nothing
    // recorded it still takes its (blank) turn, which ends with 7.13 in its tile.
    let oak4: ClearingRef =
        serde_json::from_value(json!({"tile": "oak_woods", "clearing": 4})).unwrap();
    let mut g = witch_and_spider(oak4, vec![], json!([1, 6, 6, 6]));
    let log = g.apply(S0, A::FinishRecording).unwrap();
    let d = details(&log);
    assert!(!d.iter().any(|e| matches!(e, E::MonstersFollow { .. })));
    assert!(d
        .iter()
        .any(|e| matches!(e, E::MonsterTurnBegins { seat: S0, monster } if *monster == spider())));
    assert!(d
        .iter()
        .any(|e| matches!(e, E::MonsterTurnEnds { monster } if *monster == spider())));
    assert_eq!(place_of(&g, &spider()), Some(Place::Clearing { at: oak4 }));
}
