//! Rule scenarios for a hired leader's Search phases and discoveries (6.2.5, 7.5, 7.5.1,
//! 4.1.4, 4.5.4, 4.5.5, 7.11d), each from a scenario with forced dice.

use crate::spells_common::{details, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::Viewer;
use tabletop_rules::magic_realm::actions::{
    MagicRealmAction as A, MagicRealmEvent as E, SearchChoice,
};
use tabletop_rules::magic_realm::catalog::chits::MapChitId;
use tabletop_rules::magic_realm::catalog::denizens::NativeId;
use tabletop_rules::magic_realm::catalog::tables::{SearchPick, TableId};
use tabletop_rules::magic_realm::catalog::tiles::TileId;
use tabletop_rules::magic_realm::game::data;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::state::Activity;

fn ruins(n: u8) -> ClearingRef {
    serde_json::from_value(json!({"tile": "ruins", "clearing": n})).unwrap()
}

fn cliff(n: u8) -> ClearingRef {
    serde_json::from_value(json!({"tile": "cliff", "clearing": n})).unwrap()
}

fn leader(id: &str) -> NativeId {
    NativeId(id.into())
}

fn site_clearing(site: &str) -> ClearingRef {
    let cat = data().unwrap();
    let info = cat
        .map_chits
        .site_chits
        .iter()
        .find(|s| s.id.0 == site)
        .unwrap();
    ruins(info.clearing.0)
}

/// The first treasure (no TWT card) in the site's Setup Card box.
fn treasure() -> PieceId {
    let cat = data().unwrap();
    let t = cat
        .items
        .treasures
        .iter()
        .find(|t| t.twt.is_none())
        .unwrap();
    PieceId::Treasure { id: t.id.clone() }
}

/// Birdsong: the Swordsman (seat 0) with the hired `hq` in the clearing of `site` on the
/// Ruins (its chit face down in the tile, one treasure in its box); the Amazon (seat 1)
/// elsewhere. `found`: the leader's discoveries; `dice` after the Monster Roll.
fn at_ruins(hq: &str, site: &str, found: Value, dice: &[u8]) -> Game {
    let cat = data().unwrap();
    let kind = cat
        .map_chits
        .site_chits
        .iter()
        .find(|s| s.id.0 == site)
        .map(|s| serde_json::to_value(s.site).unwrap())
        .unwrap();
    let at = site_clearing(site);
    let mut all = vec![1];
    all.extend_from_slice(dice);
    let PieceId::Treasure { id } = treasure() else {
        unreachable!()
    };
    start(json!({"seats": [
        {"character": "swordsman", "at": at, "hidden": false, "record": [],
         "hirelings": [{"native": hq, "lastDay": 20, "discoveries": found}]},
        {"character": "amazon", "at": cliff(1), "hidden": false, "record": []}],
        "pieces": [
            {"piece": {"kind": "native", "id": hq}, "place": {"place": "clearing", "at": at}},
            {"piece": {"kind": "map_chit", "id": site}, "place": {"place": "tile", "tile": "ruins"}, "facing": "down"},
            {"piece": {"kind": "treasure", "id": id.0}, "place": {"place": "setup_box", "target": {"Site": kind}}, "facing": "down"}
        ],
        "day": 2, "at": "birdsong", "dice": all}))
}

/// Birdsong: records `record` for the leader, and both players finish recording.
fn play(g: &mut Game, hq: &str, record: &[Activity]) -> Vec<tabletop_rules::engine::Event<E>> {
    for activity in record {
        g.apply(
            S0,
            A::RecordLeaderActivity {
                leader: leader(hq),
                activity: activity.clone(),
            },
        )
        .unwrap();
    }
    let mut log = g.apply(S0, A::FinishRecording).unwrap();
    log.extend(g.apply(S1, A::FinishRecording).unwrap());
    log.extend(crate::daylight_common::take_kept_turns(g));
    // 4.5.4: at the start of his phases he may show his discoveries to the other
    // character there; his employer goes on.
    while g.legal_actions(S0).iter().any(|a| {
        matches!(a, A::HirelingGives { gift, .. } if !matches!(
            gift,
            tabletop_rules::magic_realm::actions::Gift::Belonging { .. }
                | tabletop_rules::magic_realm::actions::Gift::Gold { .. }
        ))
    }) {
        log.extend(g.apply(S0, A::Proceed).unwrap());
    }
    log
}

fn search(hq: &str, search: SearchChoice) -> A {
    A::LeaderSearch {
        leader: leader(hq),
        search,
    }
}

fn loot(hq: &str, site: &str) -> A {
    search(
        hq,
        SearchChoice::LootSite {
            site: MapChitId(site.into()),
        },
    )
}

fn leader_found(g: &Game, hq: &str) -> Vec<MapChitId> {
    g.state().seats[0]
        .hirelings
        .iter()
        .find(|h| h.native == leader(hq))
        .map(|h| h.discoveries.chits.iter().cloned().collect())
        .unwrap_or_default()
}

#[test]
fn rule_6_2_5_and_7_5_a_hired_leader_locates_a_site_then_loots_it_for_his_employer() {
    // Locate: 4 and 4 (Discover chits); Loot: 1 and 1 (the top treasure).
    let mut g = at_ruins("company-hq", "altar", json!({}), &[4, 4, 1, 1]);
    assert!(g.legal_actions(S0).contains(&A::RecordLeaderActivity {
        leader: leader("company-hq"),
        activity: Activity::Search,
    }));
    play(&mut g, "company-hq", &[Activity::Search, Activity::Search]);
    // His employer picks the table at the leader's Search phase.
    assert_eq!(g.to_act().seats(), &[S0]);
    let offered = g.legal_actions(S0);
    assert!(offered.contains(&search("company-hq", SearchChoice::Locate)));
    assert!(offered.contains(&search(
        "company-hq",
        SearchChoice::Peer {
            at: site_clearing("altar")
        }
    )));
    assert!(
        !offered.contains(&loot("company-hq", "altar")),
        "not yet discovered"
    );
    let log = g
        .apply(S0, search("company-hq", SearchChoice::Locate))
        .unwrap();
    let d = details(&log);
    assert!(d.iter().any(|e| matches!(
        e,
        E::LeaderSearched {
            table: TableId::Locate,
            roll: 4,
            ..
        }
    )));
    assert_eq!(
        leader_found(&g, "company-hq"),
        vec![MapChitId("altar".into())]
    );
    assert!(
        g.state().seats[0].discoveries.chits.is_empty(),
        "the discovery is the leader's, not his employer's"
    );
    // His second Search: Loot the site he discovered; the treasure is carried by him.
    assert!(g.legal_actions(S0).contains(&loot("company-hq", "altar")));
    let log = g.apply(S0, loot("company-hq", "altar")).unwrap();
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::LeaderLooted { .. })));
    let by = PieceId::Native {
        id: leader("company-hq"),
    };
    assert_eq!(
        g.state().piles.place_of(&treasure()),
        Some(&Place::Carried { by })
    );
    assert!(g.state().seats[0].known.contains(&treasure()));
}

#[test]
fn rule_7_5_a_choice_result_is_picked_by_the_leaders_employer() {
    // Locate: 1 and 1 (Choice); the employer picks Locate 4 (Discover chits).
    let mut g = at_ruins("company-hq", "altar", json!({}), &[1, 1]);
    play(&mut g, "company-hq", &[Activity::Search]);
    g.apply(S0, search("company-hq", SearchChoice::Locate))
        .unwrap();
    let pick = SearchPick {
        table: TableId::Locate,
        roll: 4,
    };
    let choose = A::ChooseLeaderSearchResult {
        leader: leader("company-hq"),
        pick,
    };
    assert!(g.legal_actions(S0).contains(&choose));
    assert!(leader_found(&g, "company-hq").is_empty());
    g.apply(S0, choose).unwrap();
    assert_eq!(
        leader_found(&g, "company-hq"),
        vec![MapChitId("altar".into())]
    );
}

#[test]
fn rule_7_5_a_hired_leader_cannot_loot_a_site_he_has_not_discovered() {
    let mut g = at_ruins("company-hq", "altar", json!({}), &[1, 1]);
    play(&mut g, "company-hq", &[Activity::Search]);
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, loot("company-hq", "altar")).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    // Nor may another seat search for him.
    assert!(g
        .apply(S1, search("company-hq", SearchChoice::Locate))
        .is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}

#[test]
fn rule_4_5_4_a_hired_leaders_discoveries_are_shown_to_his_employer_only() {
    let mut g = at_ruins("company-hq", "altar", json!({}), &[4, 4]);
    play(&mut g, "company-hq", &[Activity::Search]);
    g.apply(S0, search("company-hq", SearchChoice::Locate))
        .unwrap();
    assert_eq!(
        leader_found(&g, "company-hq"),
        vec![MapChitId("altar".into())]
    );
    let mine = serde_json::to_value(g.view(Viewer::Seat { seat: S0 }).unwrap()).unwrap();
    let theirs = serde_json::to_value(g.view(Viewer::Seat { seat: S1 }).unwrap()).unwrap();
    let his = |v: &Value| -> Vec<Value> {
        v["own"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|o| o["hirelings"].as_array().cloned().unwrap_or_default())
            .filter(|h| h["native"] == "company-hq")
            .collect()
    };
    assert_eq!(his(&mine).len(), 1);
    assert_eq!(his(&mine)[0]["discoveries"]["chits"], json!(["altar"]));
    assert!(his(&theirs).is_empty());
    assert!(!serde_json::to_string(&theirs)
        .unwrap()
        .contains("\"discoveries\":{\"chits\":[\"altar\"]"));
}

#[test]
fn rule_7_5_a_hired_leader_pays_no_effort_so_cannot_loot_the_cairns() {
    let mut g = at_ruins(
        "company-hq",
        "cairns",
        json!({"chits": ["cairns"]}),
        &[1, 1],
    );
    play(&mut g, "company-hq", &[Activity::Search]);
    assert!(!g.legal_actions(S0).contains(&loot("company-hq", "cairns")));
    assert!(g
        .legal_actions(S0)
        .contains(&search("company-hq", SearchChoice::Locate)));
}

#[test]
fn rule_7_11d_a_hired_leader_of_tremendous_strength_opens_the_vault() {
    // The Order's HQ: Tremendous move strength. Loot: 1 and 1.
    let mut g = at_ruins("order-hq", "vault", json!({"chits": ["vault"]}), &[1, 1]);
    play(&mut g, "order-hq", &[Activity::Search]);
    assert!(g.legal_actions(S0).contains(&loot("order-hq", "vault")));
    let log = g.apply(S0, loot("order-hq", "vault")).unwrap();
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::LeaderOpenedSite { .. })));
    assert!(g.state().opened_sites.contains(&MapChitId("vault".into())));
    assert_eq!(
        g.state().piles.place_of(&treasure()),
        Some(&Place::Carried {
            by: PieceId::Native {
                id: leader("order-hq")
            }
        })
    );
    // The Company's HQ is not Tremendous, and nobody Tremendous follows him.
    let mut g = at_ruins("company-hq", "vault", json!({"chits": ["vault"]}), &[1, 1]);
    play(&mut g, "company-hq", &[Activity::Search]);
    assert!(!g.legal_actions(S0).contains(&loot("company-hq", "vault")));
}

#[test]
fn rule_4_5_5_the_characters_in_his_clearing_learn_the_site_an_unhidden_leader_loots() {
    let mut g = at_ruins("company-hq", "altar", json!({"chits": ["altar"]}), &[1, 1]);
    play(&mut g, "company-hq", &[Activity::Search]);
    assert!(g.state().seats[0].discoveries.chits.is_empty());
    g.apply(S0, loot("company-hq", "altar")).unwrap();
    // His employer's character stands in the clearing and sees him loot there.
    assert!(g.state().seats[0]
        .discoveries
        .chits
        .contains(&MapChitId("altar".into())));
    assert!(
        g.state().seats[1].discoveries.chits.is_empty(),
        "the Amazon is elsewhere"
    );
}

/// Cliff 2 to 5 is a hidden path: its roadway.
fn cliff_hidden_path() -> Value {
    let cat = data().unwrap();
    let g = start(json!({"seats": [{"character": "swordsman", "at": cliff(2)}]}));
    let via = g
        .state()
        .map
        .routes(
            &cat.tiles,
            ClearingRef {
                tile: TileId::Cliff,
                ..cliff(2)
            },
        )
        .into_iter()
        .find(|r| r.to == cliff(5))
        .unwrap()
        .via;
    json!(via)
}

fn at_cliff(found: Value, dice: &[u8]) -> Game {
    at_cliff_with(found, dice, ruins(1))
}

/// As [`at_cliff`], the Amazon at `amazon`.
fn at_cliff_with(found: Value, dice: &[u8], amazon: ClearingRef) -> Game {
    let mut all = vec![1];
    all.extend_from_slice(dice);
    start(json!({"seats": [
        {"character": "swordsman", "at": cliff(2), "hidden": false, "record": [],
         "hirelings": [{"native": "company-hq", "lastDay": 20, "discoveries": found}]},
        {"character": "amazon", "at": amazon, "hidden": false, "record": []}],
        "pieces": [
            {"piece": {"kind": "native", "id": "company-hq"}, "place": {"place": "clearing", "at": cliff(2)}}
        ],
        "day": 2, "at": "birdsong", "dice": all}))
}

#[test]
fn rule_7_3_1_a_hired_leader_moves_along_the_hidden_path_he_has_discovered() {
    let hidden = Activity::Move { to: cliff(5) };
    let record = A::RecordLeaderActivity {
        leader: leader("company-hq"),
        activity: hidden.clone(),
    };
    // Not discovered: the Move may be recorded in hope (6.2.5, 6.2.4) but is cancelled
    // when his turn comes, and he stays.
    let mut g = at_cliff(json!({}), &[]);
    assert!(g.legal_actions(S0).contains(&record));
    let log = play(&mut g, "company-hq", std::slice::from_ref(&hidden));
    assert!(!details(&log)
        .iter()
        .any(|e| matches!(e, E::LeaderMoved { .. })));
    assert_eq!(
        g.state().piles.place_of(&PieceId::Native {
            id: leader("company-hq")
        }),
        Some(&Place::Clearing { at: cliff(2) })
    );
    let mut g = at_cliff(json!({"paths": cliff_hidden_path()}), &[]);
    assert!(g.legal_actions(S0).contains(&record));
    let log = play(&mut g, "company-hq", &[hidden]);
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::LeaderMoved { to, .. } if *to == cliff(5))));
    assert_eq!(
        g.state().piles.place_of(&PieceId::Native {
            id: leader("company-hq")
        }),
        Some(&Place::Clearing { at: cliff(5) })
    );
}

#[test]
fn rule_7_5_1_a_hired_leaders_peer_discovers_hidden_paths_for_him() {
    // Peer: 2 and 2 (Clues and Paths).
    let mut g = at_cliff(json!({}), &[2, 2]);
    play(&mut g, "company-hq", &[Activity::Search]);
    g.apply(
        S0,
        search("company-hq", SearchChoice::Peer { at: cliff(2) }),
    )
    .unwrap();
    let paths: Vec<Value> = g.state().seats[0].hirelings[0]
        .discoveries
        .paths
        .iter()
        .map(|p| serde_json::to_value(p).unwrap())
        .collect();
    let want = cliff_hidden_path();
    for p in want.as_array().unwrap() {
        assert!(paths.contains(p), "the hidden path Cliff 2-5 is his");
    }
    assert!(g.state().seats[0].discoveries.paths.is_empty());
}

#[test]
fn rule_7_11c_a_hired_leader_following_a_searching_character_shares_his_discoveries() {
    // The Swordsman's Locate: 4 and 4 (Discover chits); his leader follows him.
    let at = site_clearing("altar");
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": at, "hidden": false, "record": [],
         "hirelings": [{"native": "company-hq", "lastDay": 20}]},
        {"character": "amazon", "at": cliff(1), "hidden": false, "record": []}],
        "pieces": [
            {"piece": {"kind": "native", "id": "company-hq"}, "place": {"place": "clearing", "at": at}},
            {"piece": {"kind": "map_chit", "id": "altar"}, "place": {"place": "tile", "tile": "ruins"}, "facing": "down"}
        ],
        "day": 2, "at": "birdsong", "dice": [1, 4, 4]}));
    g.apply(
        S0,
        A::RecordActivity {
            activity: Activity::Search,
        },
    )
    .unwrap();
    play(&mut g, "company-hq", &[Activity::Follow { guide: S0 }]);
    assert!(leader_found(&g, "company-hq").is_empty());
    let mut log = Vec::new();
    crate::spells_common::until(
        &mut g,
        S0,
        &A::Search {
            search: SearchChoice::Locate,
        },
        &mut log,
    );
    assert!(g.state().seats[0]
        .discoveries
        .chits
        .contains(&MapChitId("altar".into())));
    assert_eq!(
        leader_found(&g, "company-hq"),
        vec![MapChitId("altar".into())]
    );
}

#[test]
fn rule_4_5_4_the_employer_takes_his_leaders_discovery_in_their_clearing() {
    // Daylight: the Swordsman's turn, his leader with him at the Altar he discovered.
    let at = site_clearing("altar");
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": at, "hidden": false,
         "record": [{"activity": "hide"}],
         "hirelings": [{"native": "company-hq", "lastDay": 20,
             "discoveries": {"chits": ["altar"]}}]}],
        "pieces": [
            {"piece": {"kind": "native", "id": "company-hq"}, "place": {"place": "clearing", "at": at}},
            {"piece": {"kind": "map_chit", "id": "altar"}, "place": {"place": "tile", "tile": "ruins"}, "facing": "down"}
        ],
        "at": "daylight", "dice": [1, 6, 6]}));
    let take = A::TakeFromHireling {
        hireling: PieceId::Native {
            id: leader("company-hq"),
        },
        gift: tabletop_rules::magic_realm::actions::Gift::Site {
            site: MapChitId("altar".into()),
        },
    };
    assert!(g.legal_actions(S0).contains(&take));
    // He cannot give back what the leader already knows.
    assert!(!g.legal_actions(S0).iter().any(|a| matches!(
        a,
        A::GiveToHireling {
            gift: tabletop_rules::magic_realm::actions::Gift::Site { .. },
            ..
        }
    )));
    g.apply(S0, take.clone()).unwrap();
    assert!(g.state().seats[0]
        .discoveries
        .chits
        .contains(&MapChitId("altar".into())));
    assert_eq!(
        leader_found(&g, "company-hq"),
        vec![MapChitId("altar".into())]
    );
    // 4.5.4d: the face-down chit is shown to all and put in its clearing.
    assert_eq!(
        g.state().piles.place_of(&PieceId::MapChit {
            id: MapChitId("altar".into())
        }),
        Some(&Place::Clearing { at })
    );
    assert!(!g.legal_actions(S0).contains(&take), "he knows it now");
}

#[test]
fn rule_4_5_5_a_character_spying_on_a_hired_leader_learns_the_hidden_path_he_uses() {
    let mut g = at_cliff_with(json!({"paths": cliff_hidden_path()}), &[], cliff(2));
    assert!(g.state().seats[1].discoveries.paths.is_empty());
    play(&mut g, "company-hq", &[Activity::Move { to: cliff(5) }]);
    assert_eq!(
        g.state().piles.place_of(&PieceId::Native {
            id: leader("company-hq")
        }),
        Some(&Place::Clearing { at: cliff(5) })
    );
    let learned: Vec<Value> = g.state().seats[1]
        .discoveries
        .paths
        .iter()
        .map(|p| serde_json::to_value(p).unwrap())
        .collect();
    for p in cliff_hidden_path().as_array().unwrap() {
        assert!(learned.contains(p), "the Amazon saw him take it");
    }
    // His employer's Swordsman stood there too.
    assert!(!g.state().seats[0].discoveries.paths.is_empty());
}
