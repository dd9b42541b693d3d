//! Rule scenarios for a controlled monster's Search and Follow (6.2.5, 7.5, 7.5.1, 7.11,
//! 7.11b, 7.12, 6.3.2, 4.6.8c): its controller records a Search and picks its table (and
//! any Choice row) when it comes; what it finds is its controller's, what it loots it
//! carries; hidden enemies it finds let it block a hidden character; as mist it cannot
//! search; its controller may record a Follow of another character or of a hired leader
//! in its clearing, and it moves and hides with that guide; a Follow that runs into a ring
//! is cancelled. Each from a scenario with forced dice.

use crate::spells_common::{details, pass_once, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::Event;
use tabletop_rules::magic_realm::actions::{
    MagicRealmAction as A, MagicRealmEvent as E, SearchChoice,
};
use tabletop_rules::magic_realm::catalog::chits::MapChitId;
use tabletop_rules::magic_realm::catalog::denizens::NativeId;
use tabletop_rules::magic_realm::catalog::tables::{SearchPick, TableId};
use tabletop_rules::magic_realm::day::following::Guide;
use tabletop_rules::magic_realm::game::data;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::state::{Activity, BlockOrder, Individual, Step};

fn ruins(n: u8) -> ClearingRef {
    serde_json::from_value(json!({"tile": "ruins", "clearing": n})).unwrap()
}

fn cliff(n: u8) -> ClearingRef {
    serde_json::from_value(json!({"tile": "cliff", "clearing": n})).unwrap()
}

fn oak(n: u8) -> ClearingRef {
    serde_json::from_value(json!({"tile": "oak_woods", "clearing": n})).unwrap()
}

fn spider() -> PieceId {
    serde_json::from_value(json!({"kind": "monster", "id": "h-spider", "n": 0})).unwrap()
}

fn in_clearing(piece: &PieceId, at: ClearingRef) -> Value {
    json!({"piece": piece, "place": {"place": "clearing", "at": at}})
}

/// The Witch's control of the H Spider (Guide Spider or Octopus), until Sunset of `day`.
fn guide_spider(day: u8) -> Value {
    json!({"caster": 0, "spell": "guide-spider-or-octopus", "spellBox": 0, "chit": 5,
        "aims": [{"aim": "denizen", "piece": spider()}],
        "until": {"at": "sunset", "day": day}})
}

fn witch(at: ClearingRef) -> Value {
    json!({"character": "witch", "at": at, "hidden": false, "record": [],
        "spells": ["guide-spider-or-octopus"],
        "chits": [{"chit": 5, "status": "committed"}]})
}

fn altar_clearing() -> ClearingRef {
    let info = data()
        .unwrap()
        .map_chits
        .site_chits
        .iter()
        .find(|s| s.id.0 == "altar")
        .unwrap();
    ruins(info.clearing.0)
}

/// The first treasure (no TWT card).
fn treasure() -> PieceId {
    let t = data()
        .unwrap()
        .items
        .treasures
        .iter()
        .find(|t| t.twt.is_none())
        .unwrap();
    PieceId::Treasure { id: t.id.clone() }
}

/// Birdsong of day 2: the Witch (seat 0) with the H Spider she controls in the clearing of
/// the Altar on the Ruins (its chit face down in the tile, one treasure in its box); the
/// Amazon (seat 1) on the Cliff. `more_spells`: other spells in play; `dice` after the
/// Monster Roll (1).
fn at_altar(more_spells: Vec<Value>, dice: &[u8]) -> Game {
    at_altar_with(cliff(1), more_spells, dice)
}

/// As [`at_altar`], the Amazon in `amazon_at`.
fn at_altar_with(amazon_at: ClearingRef, more_spells: Vec<Value>, dice: &[u8]) -> Game {
    let cat = data().unwrap();
    let kind = cat
        .map_chits
        .site_chits
        .iter()
        .find(|s| s.id.0 == "altar")
        .map(|s| serde_json::to_value(s.site).unwrap())
        .unwrap();
    let at = altar_clearing();
    let mut all = vec![1];
    all.extend_from_slice(dice);
    let PieceId::Treasure { id } = treasure() else {
        unreachable!()
    };
    // Controlled until the next day's Sunset, so that what it loots stays with it
    // through this day's Evening.
    let mut spells = vec![guide_spider(3)];
    spells.extend(more_spells);
    start(json!({"seats": [
        witch(at),
        {"character": "amazon", "at": amazon_at, "hidden": false, "record": []}],
        "pieces": [
            in_clearing(&spider(), at),
            {"piece": {"kind": "map_chit", "id": "altar"}, "place": {"place": "tile", "tile": "ruins"}, "facing": "down"},
            {"piece": {"kind": "treasure", "id": id.0}, "place": {"place": "setup_box", "target": {"Site": kind}}, "facing": "down"}
        ],
        "spells": spells,
        "day": 2, "at": "birdsong", "dice": all}))
}

/// Birdsong: the Witch records `record` for her spider; both players finish recording.
fn play(g: &mut Game, record: &[Activity]) -> Vec<Event<E>> {
    for activity in record {
        g.apply(
            S0,
            A::RecordMonsterActivity {
                monster: spider(),
                activity: activity.clone(),
            },
        )
        .unwrap();
    }
    let mut log = g.apply(S0, A::FinishRecording).unwrap();
    log.extend(g.apply(S1, A::FinishRecording).unwrap());
    log
}

fn search(search: SearchChoice) -> A {
    A::MonsterSearch {
        monster: spider(),
        search,
    }
}

fn loot_altar() -> A {
    search(SearchChoice::LootSite {
        site: MapChitId("altar".into()),
    })
}

/// What the spider has discovered today.
fn spider_found(g: &Game) -> Vec<MapChitId> {
    g.state()
        .today
        .monster_turns
        .iter()
        .find(|t| t.monster == spider())
        .map(|t| t.discoveries.chits.iter().cloned().collect())
        .unwrap_or_default()
}

/// What `seat` may record for the spider.
fn offered(g: &Game, seat: tabletop_rules::engine::Seat) -> Vec<Activity> {
    g.legal_actions(seat)
        .into_iter()
        .filter_map(|a| match a {
            A::RecordMonsterActivity { monster, activity } if monster == spider() => Some(activity),
            _ => None,
        })
        .collect()
}

#[test]
fn rule_6_2_5_and_7_5_a_controlled_monster_locates_a_site_then_loots_it_for_its_controller() {
    // Locate: 4 and 4 (Discover chits); Loot: 1 and 1 (the top treasure).
    let mut g = at_altar(vec![], &[4, 4, 1, 1]);
    assert!(offered(&g, S0).contains(&Activity::Search));
    play(&mut g, &[Activity::Search, Activity::Search]);
    // Its controller picks the table at its Search phase.
    assert_eq!(g.to_act().seats(), &[S0]);
    let options = g.legal_actions(S0);
    assert!(options.contains(&search(SearchChoice::Locate)));
    assert!(options.contains(&search(SearchChoice::Peer {
        at: altar_clearing()
    })));
    assert!(!options.contains(&loot_altar()), "not yet discovered");
    let log = g.apply(S0, search(SearchChoice::Locate)).unwrap();
    assert!(details(&log).iter().any(|e| matches!(
        e,
        E::MonsterSearched {
            monster,
            table: TableId::Locate,
            roll: 4,
            ..
        } if *monster == spider()
    )));
    assert_eq!(spider_found(&g), vec![MapChitId("altar".into())]);
    assert!(
        g.state().seats[0].discoveries.chits.is_empty(),
        "the discovery is the monster's, not its controller's"
    );
    // Its second Search: Loot the site it discovered; the treasure is carried by it, for
    // the Witch.
    assert!(g.legal_actions(S0).contains(&loot_altar()));
    let log = g.apply(S0, loot_altar()).unwrap();
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::MonsterLooted { monster, .. } if *monster == spider())));
    assert_eq!(
        g.state().piles.place_of(&treasure()),
        Some(&Place::Carried { by: spider() })
    );
    assert!(g.state().seats[0].known.contains(&treasure()));
    assert!(!g.state().seats[1].known.contains(&treasure()));
}

#[test]
fn rule_7_5_a_choice_result_of_a_controlled_monsters_search_is_picked_by_its_controller() {
    // Locate: 1 and 1 (Choice); the Witch picks Locate 4 (Discover chits).
    let mut g = at_altar(vec![], &[1, 1]);
    play(&mut g, &[Activity::Search]);
    let log = g.apply(S0, search(SearchChoice::Locate)).unwrap();
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::MonsterSearchChoiceOffered { monster } if *monster == spider())));
    let pick = SearchPick {
        table: TableId::Locate,
        roll: 4,
    };
    let choose = A::ChooseMonsterSearchResult {
        monster: spider(),
        pick,
    };
    assert_eq!(g.to_act().seats(), &[S0]);
    assert!(g.legal_actions(S0).contains(&choose));
    assert!(spider_found(&g).is_empty());
    g.apply(S0, choose).unwrap();
    assert_eq!(spider_found(&g), vec![MapChitId("altar".into())]);
}

#[test]
fn rule_7_5_a_controlled_monster_cannot_loot_a_site_it_has_not_discovered() {
    let mut g = at_altar(vec![], &[1, 1]);
    play(&mut g, &[Activity::Search]);
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, loot_altar()).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    // Nor may another seat search for it, nor pick a row no Choice offered.
    assert!(g.apply(S1, search(SearchChoice::Locate)).is_err());
    assert!(g
        .apply(
            S0,
            A::ChooseMonsterSearchResult {
                monster: spider(),
                pick: SearchPick {
                    table: TableId::Locate,
                    roll: 4
                },
            },
        )
        .is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}

#[test]
fn rule_4_6_8c_a_controlled_monster_of_mist_cannot_search() {
    // The Amazon's Melt into Mist on the spider, energized: its Search phase is blank.
    let mist = json!({"caster": 1, "spell": "melt-into-mist", "spellBox": 0, "chit": 8,
        "aims": [{"aim": "denizen", "piece": spider()}],
        "until": {"at": "never"}, "inert": false});
    let mut g = at_altar(vec![mist], &[4, 4]);
    let log = play(&mut g, &[Activity::Search]);
    assert!(!g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::MonsterSearch { .. })));
    let d = details(&log);
    assert!(d
        .iter()
        .any(|e| matches!(e, E::MonsterPhaseCancelled { monster } if *monster == spider())));
    assert!(!d.iter().any(|e| matches!(e, E::MonsterSearched { .. })));
    assert!(d
        .iter()
        .any(|e| matches!(e, E::MonsterTurnEnds { monster } if *monster == spider())));
    assert!(spider_found(&g).is_empty());
}

/// Birdsong of day 2 in Oak Woods 2: the Witch (seat 0) controlling the H Spider there,
/// and the Swordsman (seat 1) with the Company's HQ hired.
fn oak_company(dice: Value) -> Game {
    start(json!({"seats": [
        witch(oak(2)),
        {"character": "swordsman", "at": oak(2), "hidden": false, "record": [],
         "hirelings": [{"native": "company-hq", "lastDay": 14}]}],
        "pieces": [in_clearing(&spider(), oak(2)),
            {"piece": {"kind": "native", "id": "company-hq"},
             "place": {"place": "clearing", "at": oak(2)}}],
        "spells": [guide_spider(2)],
        "day": 2, "at": "birdsong", "dice": dice}))
}

/// A clearing one open roadway from Oak Woods 2 that is not a mountain clearing.
fn walk_from_oak2(g: &Game) -> ClearingRef {
    let cat = data().unwrap();
    g.state()
        .map
        .moves(&cat.tiles, oak(2), &Default::default())
        .into_iter()
        .map(|r| r.to)
        .find(|c| {
            g.state().map.clearing_kind(&cat.tiles, *c)
                != Some(tabletop_rules::magic_realm::catalog::tiles::ClearingKind::Mountain)
        })
        .unwrap()
}

/// Plays on, each seat passing, until Daylight is over.
fn through_daylight(g: &mut Game) -> Vec<Event<E>> {
    let mut log = Vec::new();
    for _ in 0..60 {
        if !matches!(g.state().step, Step::Daylight { .. }) {
            break;
        }
        pass_once(g, &mut log);
    }
    log
}

#[test]
fn rule_6_2_5_and_7_11_a_controlled_monster_may_follow_another_character() {
    let mut g = oak_company(json!([1, 6, 6, 6, 6, 6, 6]));
    let to = walk_from_oak2(&g);
    // Behind the Swordsman (not behind the Witch: with no record it follows her), or his
    // hired leader; never Trade, Hire, Rest, Alert nor Enchant.
    let options = offered(&g, S0);
    assert!(options.contains(&Activity::Follow { guide: S1 }));
    assert!(!options.contains(&Activity::Follow { guide: S0 }));
    assert!(options.contains(&Activity::FollowLeader {
        leader: NativeId("company-hq".into())
    }));
    assert!(options.iter().all(|a| matches!(
        a,
        Activity::Move { .. }
            | Activity::Hide
            | Activity::Search
            | Activity::Follow { .. }
            | Activity::FollowLeader { .. }
    )));
    g.apply(
        S0,
        A::RecordMonsterActivity {
            monster: spider(),
            activity: Activity::Follow { guide: S1 },
        },
    )
    .unwrap();
    // 6.2.7: a Follow is the whole turn.
    assert!(offered(&g, S0).is_empty());
    g.apply(
        S1,
        A::RecordActivity {
            activity: Activity::Move { to },
        },
    )
    .unwrap();
    let mut log = g.apply(S0, A::FinishRecording).unwrap();
    log.extend(g.apply(S1, A::FinishRecording).unwrap());
    // Sunrise: it follows the Swordsman, and takes no turn of its own.
    assert!(details(&log).iter().any(|e| matches!(e,
        E::MonstersFollow { seat: S1, monsters } if *monsters == vec![spider()])));
    assert_eq!(
        g.state().today.monster_guides.get(&spider()),
        Some(&Guide::character(S1))
    );
    log.extend(through_daylight(&mut g));
    let d = details(&log);
    assert!(!d
        .iter()
        .any(|e| matches!(e, E::MonsterTurnBegins { monster, .. } if *monster == spider())));
    // It moves with him.
    assert!(d.iter().any(|e| matches!(e,
        E::HirelingsMoved { seat: S1, pieces, to: t } if pieces.contains(&spider()) && *t == to)));
    assert_eq!(
        g.state().piles.place_of(&spider()),
        Some(&Place::Clearing { at: to })
    );
    assert_eq!(
        g.state().piles.place_of(&PieceId::Native {
            id: NativeId("company-hq".into())
        }),
        Some(&Place::Clearing { at: oak(2) }),
        "the Swordsman's leader, with no record, took a blank turn of his own"
    );
}

#[test]
fn rule_6_2_7_a_controlled_monster_may_follow_a_hired_leader() {
    let mut g = oak_company(json!([1, 6, 6, 6, 6, 6, 6]));
    let to = walk_from_oak2(&g);
    let hq = NativeId("company-hq".into());
    g.apply(
        S0,
        A::RecordMonsterActivity {
            monster: spider(),
            activity: Activity::FollowLeader { leader: hq.clone() },
        },
    )
    .unwrap();
    g.apply(
        S1,
        A::RecordLeaderActivity {
            leader: hq.clone(),
            activity: Activity::Move { to },
        },
    )
    .unwrap();
    let mut log = g.apply(S0, A::FinishRecording).unwrap();
    log.extend(g.apply(S1, A::FinishRecording).unwrap());
    assert!(details(&log).iter().any(|e| matches!(e,
        E::MonsterFollowsLeader { monster, leader } if *monster == spider() && *leader == hq)));
    log.extend(through_daylight(&mut g));
    let d = details(&log);
    assert!(d.iter().any(|e| matches!(e,
        E::MonsterMoved { monster, from, to: t } if *monster == spider() && *from == oak(2) && *t == to)));
    assert_eq!(
        g.state().piles.place_of(&spider()),
        Some(&Place::Clearing { at: to })
    );
    // The Witch stayed where she was: the spider no longer follows her.
    assert_eq!(
        tabletop_rules::magic_realm::day::who::clearing(g.state(), S0),
        Some(oak(2))
    );
}

/// Birdsong of day 2 in Oak Woods 2: the Witch (seat 0) with the H Spider she controls,
/// ordered to block the hidden Amazon (seat 1) there; the Witch records two Searches for
/// it, the Amazon a Hide (her turn comes first: she is unhidden as it begins, 7.1.2, and
/// hides again). Plays on to the spider's Search.
fn spider_hunts_amazon(dice: Value) -> Game {
    let mut g = start(json!({"seats": [
        witch(oak(2)),
        {"character": "amazon", "at": oak(2), "hidden": true, "record": []}],
        "pieces": [in_clearing(&spider(), oak(2))],
        "spells": [guide_spider(2)],
        "day": 2, "at": "birdsong", "dice": dice}));
    g.apply(
        S0,
        A::GiveBlockOrder {
            order: BlockOrder::Individual {
                blocker: Individual::Denizen { piece: spider() },
                target: Individual::Character { seat: S1 },
            },
        },
    )
    .unwrap();
    g.apply(
        S1,
        A::RecordActivity {
            activity: Activity::Hide,
        },
    )
    .unwrap();
    let mut all = play(&mut g, &[Activity::Search, Activity::Search]);
    for _ in 0..10 {
        if g.legal_actions(S0)
            .iter()
            .any(|a| matches!(a, A::MonsterSearch { .. }))
        {
            break;
        }
        all.extend(g.apply(S1, A::Proceed).unwrap());
    }
    assert!(
        details(&all).iter().any(|e| matches!(
            e,
            E::HideRolled {
                seat: S1,
                success: true
            }
        )),
        "the Amazon hid again"
    );
    assert!(g.state().seats[1].hidden);
    g
}

fn spider_blocks_amazon(e: &E) -> bool {
    matches!(e, E::IndividualBlocks { blocker, target }
        if *blocker == (Individual::Denizen { piece: spider() })
            && *target == Individual::Character { seat: S1 })
}

#[test]
fn rule_7_5_1_and_7_12_a_controlled_monster_that_found_hidden_enemies_blocks_a_hidden_character() {
    // Monster Roll 1; the Amazon's Hide 1 and 1; Peer 4 and 4: hidden enemies. At the end
    // of that phase its order is carried out on the hidden Amazon.
    let mut g = spider_hunts_amazon(json!([1, 1, 1, 4, 4]));
    let log = g
        .apply(S0, search(SearchChoice::Peer { at: oak(2) }))
        .unwrap();
    let d = details(&log);
    assert!(d
        .iter()
        .any(|e| matches!(e, E::MonsterFoundHiddenEnemies { monster } if *monster == spider())));
    assert!(d.iter().any(|e| spider_blocks_amazon(e)), "{d:#?}");
    assert!(g.state().today.blocked.contains(&S1));
    assert!(!g.state().seats[1].hidden, "blocking unhides her");
    // Peer 6 and 6 (nothing): it has not found hidden enemies, and she stays hidden.
    let mut g = spider_hunts_amazon(json!([1, 1, 1, 6, 6, 6, 6]));
    let log = g
        .apply(S0, search(SearchChoice::Peer { at: oak(2) }))
        .unwrap();
    assert!(!details(&log).iter().any(|e| spider_blocks_amazon(e)));
    assert!(g.state().seats[1].hidden);
}

/// Records `activity` for `seat`'s character.
fn record_own(g: &mut Game, seat: tabletop_rules::engine::Seat, activity: Activity) {
    g.apply(seat, A::RecordActivity { activity }).unwrap();
}

fn record_spider(g: &mut Game, activity: Activity) {
    g.apply(
        S0,
        A::RecordMonsterActivity {
            monster: spider(),
            activity,
        },
    )
    .unwrap();
}

#[test]
fn rule_7_11b_a_controlled_monster_following_a_character_hides_with_him() {
    // Monster Roll 1; the Swordsman's Hide 1 and 1: hidden. The spider rolls nothing.
    let mut g = oak_company(json!([1, 1, 1, 6, 6, 6, 6]));
    record_spider(&mut g, Activity::Follow { guide: S1 });
    record_own(&mut g, S1, Activity::Hide);
    let mut log = g.apply(S0, A::FinishRecording).unwrap();
    log.extend(g.apply(S1, A::FinishRecording).unwrap());
    log.extend(crate::daylight_common::take_kept_turns(&mut g));
    for _ in 0..10 {
        if g.state().seats[1].hidden || !g.legal_actions(S1).contains(&A::Proceed) {
            break;
        }
        log.extend(g.apply(S1, A::Proceed).unwrap());
    }
    assert!(g.state().seats[1].hidden, "the Swordsman hid");
    assert!(!details(&log)
        .iter()
        .any(|e| matches!(e, E::MonsterHideRolled { .. })));
    let spider_hidden = |g: &Game| {
        g.state()
            .today
            .monster_turns
            .iter()
            .any(|t| t.monster == spider() && t.hidden)
    };
    assert!(spider_hidden(&g), "it shares his result");
}

#[test]
fn rule_6_3_2_a_controlled_monster_whose_follow_runs_into_a_ring_has_its_follow_cancelled() {
    // The Witch follows the Swordsman, who follows her: a ring, with no guide at its end;
    // the spider, recorded to follow the Swordsman, takes its own turn, and its Follow is
    // cancelled.
    let mut g = oak_company(json!([1, 6, 6, 6, 6, 6, 6]));
    record_spider(&mut g, Activity::Follow { guide: S1 });
    record_own(&mut g, S0, Activity::Follow { guide: S1 });
    record_own(&mut g, S1, Activity::Follow { guide: S0 });
    let mut log = g.apply(S0, A::FinishRecording).unwrap();
    log.extend(g.apply(S1, A::FinishRecording).unwrap());
    log.extend(through_daylight(&mut g));
    let d = details(&log);
    assert!(!d.iter().any(|e| matches!(e, E::MonstersFollow { .. })));
    assert!(g.state().today.monster_guides.is_empty());
    assert!(d
        .iter()
        .any(|e| matches!(e, E::MonsterTurnBegins { monster, .. } if *monster == spider())));
    assert!(d
        .iter()
        .any(|e| matches!(e, E::MonsterPhaseCancelled { monster } if *monster == spider())));
    assert_eq!(
        g.state().piles.place_of(&spider()),
        Some(&Place::Clearing { at: oak(2) })
    );
}

#[test]
fn rule_7_11c_a_controlled_monster_following_a_character_shares_what_his_search_discovers() {
    // Monster Roll 1; the Amazon's Locate 4 and 4 (Discover chits) in the Altar's clearing.
    let mut g = at_altar_with(altar_clearing(), vec![], &[4, 4]);
    record_spider(&mut g, Activity::Follow { guide: S1 });
    record_own(&mut g, S1, Activity::Search);
    g.apply(S0, A::FinishRecording).unwrap();
    g.apply(S1, A::FinishRecording).unwrap();
    let locate = A::Search {
        search: SearchChoice::Locate,
    };
    for _ in 0..10 {
        if g.legal_actions(S1).contains(&locate) {
            break;
        }
        g.apply(S1, A::Proceed).unwrap();
    }
    assert!(spider_found(&g).is_empty());
    g.apply(S1, locate).unwrap();
    assert!(g.state().seats[1]
        .discoveries
        .chits
        .contains(&MapChitId("altar".into())));
    assert_eq!(spider_found(&g), vec![MapChitId("altar".into())]);
    assert!(
        g.state().seats[0].discoveries.chits.is_empty(),
        "the discovery is the monster's, not its controller's"
    );
}
