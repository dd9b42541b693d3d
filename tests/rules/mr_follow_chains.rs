//! Rule scenarios for chains of followers through hired leaders (rules 6.2.5, 6.2.7, 6.3.2,
//! 7.11) and for hired leaders spying (4.5.5): a hired leader may record a Follow behind
//! another hired leader in his clearing; every chain resolves at Sunrise to the guide at
//! its end, and each follower moves, hides and learns with that guide; a hired leader in
//! the clearing spies on whoever uses a discovery there. Each from a scenario with forced
//! dice.

use crate::spells_common::{details, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Viewer};
use tabletop_rules::magic_realm::actions::{
    MagicRealmAction as A, MagicRealmEvent as E, SearchChoice,
};
use tabletop_rules::magic_realm::catalog::chits::MapChitId;
use tabletop_rules::magic_realm::catalog::denizens::NativeId;
use tabletop_rules::magic_realm::day::following::Guide;
use tabletop_rules::magic_realm::game::data;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::state::{Activity, Turner};

fn at(tile: &str, n: u8) -> ClearingRef {
    serde_json::from_value(json!({"tile": tile, "clearing": n})).unwrap()
}

fn oak(n: u8) -> ClearingRef {
    at("oak_woods", n)
}

fn cliff(n: u8) -> ClearingRef {
    at("cliff", n)
}

fn hq() -> NativeId {
    NativeId("company-hq".into())
}

fn guard() -> NativeId {
    NativeId("guard-hq".into())
}

fn native_at(id: &str, c: ClearingRef) -> Value {
    json!({"piece": {"kind": "native", "id": id}, "place": {"place": "clearing", "at": c}})
}

fn place_of(g: &Game, id: &str) -> Option<Place> {
    g.state()
        .piles
        .place_of(&PieceId::Native {
            id: NativeId(id.into()),
        })
        .cloned()
}

/// Birdsong of day 2 in `c`: the Swordsman (seat 0) with the Company's HQ (hidden when
/// `hidden`) and Company 1, who follows the HQ; the Amazon (seat 1) with the Guard's HQ.
/// `more`: further pieces; `dice` from the Monster Roll on.
fn two_leaders(c: ClearingRef, hidden: bool, more: Vec<Value>, dice: Value) -> Game {
    let mut pieces = vec![
        native_at("company-hq", c),
        native_at("company-1", c),
        native_at("guard-hq", c),
    ];
    pieces.extend(more);
    start(json!({"seats": [
        {"character": "swordsman", "at": c, "hidden": false, "record": [],
         "hirelings": [{"native": "company-hq", "lastDay": 14, "hidden": hidden},
                       {"native": "company-1", "lastDay": 14,
                        "follows": {"guide": "leader", "leader": "company-hq"}}]},
        {"character": "amazon", "at": c, "hidden": false, "record": [],
         "hirelings": [{"native": "guard-hq", "lastDay": 14}]}],
        "pieces": pieces, "day": 2, "at": "birdsong", "dice": dice}))
}

fn record_leader(g: &mut Game, seat: tabletop_rules::engine::Seat, leader: NativeId, a: Activity) {
    g.apply(
        seat,
        A::RecordLeaderActivity {
            leader,
            activity: a,
        },
    )
    .unwrap();
}

/// Both players finish recording: the log of Sunrise and of Daylight until a decision.
fn finish(g: &mut Game) -> Vec<Event<E>> {
    let mut log = g.apply(S0, A::FinishRecording).unwrap();
    log.extend(g.apply(S1, A::FinishRecording).unwrap());
    log.extend(crate::daylight_common::take_kept_turns(g));
    log
}

/// The clearings one open roadway away from Oak Woods 2.
fn next_to_oak2(g: &Game) -> ClearingRef {
    let cat = data().unwrap();
    g.state()
        .map
        .moves(&cat.tiles, oak(2), &Default::default())
        .into_iter()
        .map(|r| r.to)
        .next()
        .unwrap()
}

fn follow_leader(leader: NativeId, behind: NativeId) -> A {
    A::RecordLeaderActivity {
        leader,
        activity: Activity::FollowLeader { leader: behind },
    }
}

fn index_of(log: &[Event<E>], want: impl Fn(&E) -> bool) -> Option<usize> {
    details(log).into_iter().position(want)
}

#[test]
fn rule_6_2_7_a_hired_leader_may_record_a_follow_behind_another_hired_leader_in_his_clearing() {
    // The Patrol's HQ, also the Amazon's, stands in another clearing.
    let g = start(json!({"seats": [
        {"character": "swordsman", "at": oak(2), "hidden": false, "record": [],
         "hirelings": [{"native": "company-hq", "lastDay": 14}]},
        {"character": "amazon", "at": oak(2), "hidden": false, "record": [],
         "hirelings": [{"native": "guard-hq", "lastDay": 14},
                       {"native": "patrol-hq", "lastDay": 14}]}],
        "pieces": [native_at("company-hq", oak(2)), native_at("guard-hq", oak(2)),
                   native_at("patrol-hq", oak(4))],
        "day": 2, "at": "birdsong", "dice": [1]}));
    // 6.2.5, 6.2.7: another player's leader, either way round.
    assert!(g.legal_actions(S0).contains(&follow_leader(hq(), guard())));
    assert!(g.legal_actions(S1).contains(&follow_leader(guard(), hq())));
    // Not himself, and not a leader in another clearing.
    assert!(!g.legal_actions(S0).contains(&follow_leader(hq(), hq())));
    let patrol = NativeId("patrol-hq".into());
    assert!(!g
        .legal_actions(S0)
        .contains(&follow_leader(hq(), patrol.clone())));
    assert!(!g
        .legal_actions(S1)
        .contains(&follow_leader(guard(), patrol)));
}

#[test]
fn rule_6_2_7_an_illegal_follow_for_a_hired_leader_is_refused_and_changes_nothing() {
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": oak(2), "hidden": false, "record": [],
         "hirelings": [{"native": "company-hq", "lastDay": 14}]},
        {"character": "amazon", "at": oak(4), "hidden": false, "record": [],
         "hirelings": [{"native": "guard-hq", "lastDay": 14}]}],
        "pieces": [native_at("company-hq", oak(2)), native_at("guard-hq", oak(4))],
        "day": 2, "at": "birdsong", "dice": [1]}));
    let before = serde_json::to_string(g.state()).unwrap();
    // Behind himself, behind a leader in another clearing, and for another's leader.
    for (seat, action) in [
        (S0, follow_leader(hq(), hq())),
        (S0, follow_leader(hq(), guard())),
        (S1, follow_leader(hq(), guard())),
    ] {
        assert!(g.apply(seat, action).is_err());
        assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    }
    // A Follow recorded after another activity is refused too (6.2.7: it is the whole turn).
    g.apply(
        S0,
        A::RecordLeaderActivity {
            leader: hq(),
            activity: Activity::Hide,
        },
    )
    .unwrap();
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g
        .apply(
            S0,
            A::RecordLeaderActivity {
                leader: hq(),
                activity: Activity::Follow { guide: S0 },
            },
        )
        .is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}

#[test]
fn rule_6_3_2_a_hired_leader_following_a_hired_leader_moves_with_him_and_takes_no_turn() {
    let probe = two_leaders(oak(2), false, vec![], json!([1]));
    let to = next_to_oak2(&probe);
    let mut g = two_leaders(oak(2), false, vec![], json!([1]));
    record_leader(&mut g, S1, guard(), Activity::Move { to });
    g.apply(S0, follow_leader(hq(), guard())).unwrap();
    let log = finish(&mut g);
    assert!(details(&log).iter().any(
        |e| matches!(e, E::LeaderFollowsLeader { leader, guide } if *leader == hq() && *guide == guard())
    ));
    // 6.3.2: he takes no turn of his own.
    assert!(!details(&log)
        .iter()
        .any(|e| matches!(e, E::LeaderTurnBegins { leader, .. } if *leader == hq())));
    // 7.11a: he moves with his guide, and (6.3.1) so does the underling following him.
    assert_eq!(place_of(&g, "guard-hq"), Some(Place::Clearing { at: to }));
    assert_eq!(place_of(&g, "company-hq"), Some(Place::Clearing { at: to }));
    assert_eq!(place_of(&g, "company-1"), Some(Place::Clearing { at: to }));
    // 7.11: his turn ends with his guide's, after it.
    let guide_ends = index_of(
        &log,
        |e| matches!(e, E::LeaderTurnEnds { leader } if *leader == guard()),
    )
    .unwrap();
    let his_end = index_of(
        &log,
        |e| matches!(e, E::LeaderTurnEnds { leader } if *leader == hq()),
    )
    .unwrap();
    assert!(guide_ends < his_end);
    assert!(g.state().today.leaders_following.is_empty());
}

#[test]
fn rule_7_11b_a_hired_leader_following_a_hired_leader_is_unhidden_and_hides_with_him() {
    // Monster Roll 1; the Guard HQ's Hide roll 1 and 2: hidden. Nobody else rolls.
    let mut g = two_leaders(oak(2), true, vec![], json!([1, 1, 2]));
    record_leader(&mut g, S1, guard(), Activity::Hide);
    g.apply(S0, follow_leader(hq(), guard())).unwrap();
    let log = finish(&mut g);
    // 7.11: unhidden as his guide's turn starts.
    let unhidden = index_of(
        &log,
        |e| matches!(e, E::LeaderUnhidden { leader } if *leader == hq()),
    );
    let shared = index_of(
        &log,
        |e| matches!(e, E::LeaderHideRolled { leader, success: true } if *leader == hq()),
    );
    assert!(unhidden.is_some() && unhidden < shared);
    // 7.11b: the guide's result is his, with no roll of his own, and his underling's.
    let rolls = log
        .iter()
        .filter(|e| matches!(&e.detail, E::LeaderHideRolled { .. }))
        .count();
    assert_eq!(rolls, 2, "the guide's roll and the follower's share");
    assert!(g.state().seats[0].hirelings[0].hidden);
    assert!(g.state().seats[0].hirelings[1].hidden);
    assert!(g.state().seats[1].hirelings[0].hidden);
}

#[test]
fn rule_6_3_2_a_hired_leader_behind_a_character_behind_a_hired_leader_follows_that_leader() {
    let probe = two_leaders(oak(2), false, vec![], json!([1]));
    let to = next_to_oak2(&probe);
    let mut g = two_leaders(oak(2), false, vec![], json!([1]));
    // The Company HQ follows the Amazon, who follows the Guard HQ, who moves.
    record_leader(&mut g, S0, hq(), Activity::Follow { guide: S1 });
    g.apply(
        S1,
        A::RecordActivity {
            activity: Activity::FollowLeader { leader: guard() },
        },
    )
    .unwrap();
    record_leader(&mut g, S1, guard(), Activity::Move { to });
    finish(&mut g);
    assert_eq!(
        g.state().today.leaders_following.get(&hq()),
        Some(&Guide::leader(&guard()))
    );
    assert_eq!(
        g.state().today.following.get(&S1),
        Some(&Guide::leader(&guard()))
    );
    let order = &g.state().today.order;
    assert!(!order.contains(&Turner::Character(S1)));
    assert!(!order
        .iter()
        .any(|t| matches!(t, Turner::Leader { leader, .. } if *leader == hq())));
    // The guide begins his phase: the Amazon may rearrange (7.2.2), then keeps following
    // as he starts his Move; everyone goes with him.
    g.apply(S1, A::Proceed).unwrap();
    g.apply(S1, A::KeepFollowing).unwrap();
    assert_eq!(place_of(&g, "guard-hq"), Some(Place::Clearing { at: to }));
    assert_eq!(place_of(&g, "company-hq"), Some(Place::Clearing { at: to }));
    assert_eq!(place_of(&g, "company-1"), Some(Place::Clearing { at: to }));
    let amazon = g
        .state()
        .piles
        .iter()
        .find(|(_, pile)| {
            pile.iter()
                .any(|c| matches!(&c.piece, PieceId::Character { id } if id.0 == "amazon"))
        })
        .map(|(p, _)| p.clone());
    assert_eq!(amazon, Some(Place::Clearing { at: to }));
}

#[test]
fn rule_6_3_2_hired_leaders_following_each_other_do_nothing() {
    let mut g = two_leaders(oak(2), false, vec![], json!([1]));
    g.apply(S0, follow_leader(hq(), guard())).unwrap();
    g.apply(S1, follow_leader(guard(), hq())).unwrap();
    let log = finish(&mut g);
    assert!(!details(&log)
        .iter()
        .any(|e| matches!(e, E::LeaderFollowsLeader { .. } | E::LeaderFollows { .. })));
    // Each takes his own turn, whose Follow phase is blank; neither moves.
    for l in [hq(), guard()] {
        assert!(details(&log)
            .iter()
            .any(|e| matches!(e, E::LeaderTurnBegins { leader, .. } if *leader == l)));
        assert!(details(&log)
            .iter()
            .any(|e| matches!(e, E::LeaderPhaseCancelled { leader } if *leader == l)));
    }
    assert_eq!(
        place_of(&g, "company-hq"),
        Some(Place::Clearing { at: oak(2) })
    );
}

#[test]
fn rule_7_11c_a_hired_leader_following_a_searching_hired_leader_discovers_what_he_does() {
    // The Guard HQ searches the Altar's clearing of the Ruins (the Altar chit face down in
    // the tile); the Company HQ follows him. Monster Roll 1; Locate roll 4 and 4:
    // Discover chits.
    let cat = data().unwrap();
    let altar = cat
        .map_chits
        .site_chits
        .iter()
        .find(|s| s.id.0 == "altar")
        .unwrap();
    let c = at("ruins", altar.clearing.0);
    let chit = json!({"piece": {"kind": "map_chit", "id": "altar"},
        "place": {"place": "tile", "tile": "ruins"}, "facing": "down"});
    let mut g = two_leaders(c, false, vec![chit], json!([1, 4, 4, 6, 6, 6, 6]));
    record_leader(&mut g, S1, guard(), Activity::Search);
    g.apply(S0, follow_leader(hq(), guard())).unwrap();
    finish(&mut g);
    g.apply(
        S1,
        A::LeaderSearch {
            leader: guard(),
            search: SearchChoice::Locate,
        },
    )
    .unwrap();
    let site = MapChitId("altar".into());
    assert!(g.state().seats[1].hirelings[0]
        .discoveries
        .chits
        .contains(&site));
    assert!(
        g.state().seats[0].hirelings[0]
            .discoveries
            .chits
            .contains(&site),
        "the Company HQ, following him, crosses it off"
    );
    assert!(
        !g.state().seats[1].discoveries.chits.contains(&site),
        "the Amazon, not following, learns nothing"
    );
}

/// The Cliff's hidden path from clearing 2 to 5: its roadway(s).
fn cliff_hidden_path() -> Value {
    let cat = data().unwrap();
    let g = start(json!({"seats": [{"character": "swordsman", "at": cliff(2)}]}));
    let via = g
        .state()
        .map
        .routes(&cat.tiles, cliff(2))
        .into_iter()
        .find(|r| r.to == cliff(5))
        .unwrap()
        .via;
    json!(via)
}

/// Daylight: the Swordsman (seat 0) in Cliff 2 knows the hidden path to Cliff 5 and
/// records `record`; the Amazon (seat 1) is at the Ruins, her hired Guard HQ in `guard_at`
/// and her Company HQ in Cliff 1.
fn spied_mover(record: Value, guard_at: ClearingRef, dice: Value) -> Game {
    start(json!({"seats": [
        {"character": "swordsman", "at": cliff(2), "hidden": false,
         "discoveries": {"paths": cliff_hidden_path()}, "record": record},
        {"character": "amazon", "at": at("ruins", 1), "hidden": false, "record": [],
         "hirelings": [{"native": "guard-hq", "lastDay": 14},
                       {"native": "company-hq", "lastDay": 14}]}],
        "pieces": [native_at("guard-hq", guard_at), native_at("company-hq", cliff(1))],
        "day": 2, "at": "daylight", "dice": dice}))
}

/// Plays the day's turns, each seat proceeding, while someone may.
fn play_turns(g: &mut Game) {
    for _ in 0..8 {
        let Some(seat) = g.to_act().seats().first().copied() else {
            return;
        };
        if !g.legal_actions(seat).contains(&A::Proceed) {
            return;
        }
        g.apply(seat, A::Proceed).unwrap();
    }
}

fn leader_knows_path(g: &Game, i: usize) -> bool {
    let known = &g.state().seats[1].hirelings[i].discoveries.paths;
    let path = cliff_hidden_path();
    path.as_array()
        .unwrap()
        .iter()
        .all(|p| known.iter().any(|k| serde_json::to_value(k).unwrap() == *p))
        && !known.is_empty()
}

#[test]
fn rule_4_5_5_a_hired_leader_spies_on_a_character_using_a_hidden_path() {
    let mut g = spied_mover(
        json!([{"activity": "move", "to": cliff(5)}]),
        cliff(2),
        json!([1, 6, 6, 6, 6]),
    );
    assert!(!leader_knows_path(&g, 0));
    play_turns(&mut g);
    assert!(
        leader_knows_path(&g, 0),
        "the Guard HQ saw the unhidden Swordsman take it"
    );
    assert!(
        !leader_knows_path(&g, 1),
        "the Company HQ, in another clearing, did not"
    );
    assert!(
        g.state().seats[1].discoveries.paths.is_empty(),
        "what the leader learns is his own, not his employer's"
    );
}

#[test]
fn rule_4_5_5a_a_hired_leader_does_not_spy_on_a_hidden_character_unless_he_found_hidden_enemies() {
    // The Swordsman hides (roll 1 and 1), then takes the hidden path: the Guard HQ has not
    // found hidden enemies today.
    let mut g = spied_mover(
        json!([{"activity": "hide"}, {"activity": "move", "to": cliff(5)}]),
        cliff(2),
        json!([1, 1, 1, 6, 6, 6, 6]),
    );
    play_turns(&mut g);
    assert!(g.state().seats[0].hidden);
    assert_eq!(
        g.state()
            .piles
            .iter()
            .find(|(_, pile)| pile
                .iter()
                .any(|c| matches!(&c.piece, PieceId::Character { id } if id.0 == "swordsman")))
            .map(|(p, _)| p.clone()),
        Some(Place::Clearing { at: cliff(5) })
    );
    assert!(!leader_knows_path(&g, 0));
}

#[test]
fn rule_4_5_5_a_hired_leader_spies_on_another_hired_leader_looting_a_site() {
    // The Company HQ (the Swordsman's) has discovered the Altar and loots it (roll 1, 1);
    // the Guard HQ (the Amazon's) stands in the clearing.
    let cat = data().unwrap();
    let altar = cat
        .map_chits
        .site_chits
        .iter()
        .find(|s| s.id.0 == "altar")
        .unwrap();
    let kind = serde_json::to_value(altar.site).unwrap();
    let c = at("ruins", altar.clearing.0);
    let treasure = cat
        .items
        .treasures
        .iter()
        .find(|t| t.twt.is_none())
        .unwrap();
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": cliff(1), "hidden": false, "record": [],
         "hirelings": [{"native": "company-hq", "lastDay": 20,
                        "discoveries": {"chits": ["altar"]}}]},
        {"character": "amazon", "at": cliff(1), "hidden": false, "record": [],
         "hirelings": [{"native": "guard-hq", "lastDay": 20}]}],
        "pieces": [
            native_at("company-hq", c), native_at("guard-hq", c),
            {"piece": {"kind": "map_chit", "id": "altar"}, "place": {"place": "tile", "tile": "ruins"}, "facing": "down"},
            {"piece": {"kind": "treasure", "id": treasure.id.0}, "place": {"place": "setup_box", "target": {"Site": kind}}, "facing": "down"}
        ],
        "day": 2, "at": "birdsong", "dice": [1, 1, 1]}));
    record_leader(&mut g, S0, hq(), Activity::Search);
    finish(&mut g);
    // 4.5.4: at the start of his phase he may first show the Guard HQ the Altar; his
    // employer goes on.
    g.apply(S0, A::Proceed).unwrap();
    let from = g.log_len();
    let log = g
        .apply(
            S0,
            A::LeaderSearch {
                leader: hq(),
                search: SearchChoice::LootSite {
                    site: MapChitId("altar".into()),
                },
            },
        )
        .unwrap();
    let site = MapChitId("altar".into());
    assert!(g.state().seats[1].hirelings[0]
        .discoveries
        .chits
        .contains(&site));
    // Told to his employer only.
    let told = |e: &Event<E>| matches!(&e.detail, E::LeaderChitsDiscovered { leader, .. } if *leader == guard());
    assert!(!log.iter().any(told));
    let theirs = g.log_since(Viewer::Seat { seat: S1 }, from).unwrap();
    assert!(theirs.iter().any(told));
    assert!(
        g.state().seats[1].discoveries.chits.is_empty(),
        "the Amazon is elsewhere"
    );
}

#[test]
fn rule_4_5_5_a_hired_leader_spies_on_a_character_looting_a_site_card() {
    // The Toadstool Circle, found at the Hoard, lies in the clearing. The Swordsman loots
    // it (6: a curse) while the Amazon's Guard HQ watches him; the Amazon is elsewhere.
    let cat = data().unwrap();
    let hoard_clearing = cat
        .map_chits
        .site_chits
        .iter()
        .find(|s| s.id.0 == "hoard")
        .unwrap()
        .clearing;
    let c = at("ruins", hoard_clearing.0);
    let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": c, "hidden": false,
             "discoveries": {"cards": ["toadstool-circle"]},
             "record": [{"activity": "search"}]},
            {"character": "amazon", "at": cliff(1), "hidden": false, "record": [],
             "hirelings": [{"native": "guard-hq", "lastDay": 14}]}],
        "pieces": [
            native_at("guard-hq", c),
            {"piece": {"kind": "treasure", "id": "toadstool-circle"},
             "place": {"place": "clearing", "at": c}, "facing": "up"}],
        "twtSites": {"toadstool-circle": "hoard"},
        "day": 2, "at": "daylight", "dice": [1, 6, 6, 6, 6]}));
    let card = tabletop_rules::magic_realm::catalog::items::TreasureId("toadstool-circle".into());
    let loot = A::Search {
        search: SearchChoice::LootCard { card: card.clone() },
    };
    for _ in 0..20 {
        if g.legal_actions(S0).contains(&loot) {
            break;
        }
        let who = g.to_act().seats().first().copied().unwrap();
        let a = g.legal_actions(who).first().cloned().unwrap();
        g.apply(who, a).unwrap();
    }
    let from = g.log_len();
    let log = g.apply(S0, loot).unwrap();
    let guard_knows = &g.state().seats[1].hirelings[0].discoveries;
    assert!(guard_knows.cards.contains(&card));
    assert!(
        guard_knows.chits.contains(&MapChitId("hoard".into())),
        "and the site it was found at"
    );
    assert!(!g.state().seats[1].discoveries.cards.contains(&card));
    // Told to his employer only.
    let told = |e: &Event<E>| matches!(&e.detail, E::LeaderSiteCardsDiscovered { leader, .. } if *leader == guard());
    assert!(!log.iter().any(told));
    let theirs = g.log_since(Viewer::Seat { seat: S1 }, from).unwrap();
    assert!(theirs.iter().any(told));
}
