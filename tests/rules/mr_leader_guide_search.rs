//! Rule scenario for 7.11c behind a hired leader: a character following a hired leader
//! who searches learns what he discovers and sees the map chits he sees (not his
//! treasures), as behind a character guide.

use crate::spells_common::{start, S0, S1};
use serde_json::json;
use tabletop_rules::engine::ToAct;
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, SearchChoice};
use tabletop_rules::magic_realm::catalog::chits::MapChitId;
use tabletop_rules::magic_realm::catalog::denizens::NativeId;
use tabletop_rules::magic_realm::game::data;

#[test]
fn rule_7_11c_a_character_following_a_hired_leader_shares_what_his_search_discovers() {
    // The Swordsman's hired Company HQ, in the Altar's clearing of the Ruins, records a
    // Search; the Amazon follows the HQ. The Altar chit lies face down in the Ruins.
    // Monster Roll 1; the leader's Locate roll 4 and 4: Discover chits.
    let cat = data().unwrap();
    let altar = cat
        .map_chits
        .site_chits
        .iter()
        .find(|s| s.id.0 == "altar")
        .unwrap();
    let at = json!({"tile": "ruins", "clearing": altar.clearing.0});
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": at, "hidden": false, "record": [],
         "hirelings": [{"native": "company-hq", "lastDay": 14,
                        "record": [{"activity": "search"}]}]},
        {"character": "amazon", "at": at, "hidden": false,
         "record": [{"activity": "followLeader", "leader": "company-hq"}]}],
        "pieces": [
            {"piece": {"kind": "native", "id": "company-hq"}, "place": {"place": "clearing", "at": at}},
            {"piece": {"kind": "map_chit", "id": "altar"}, "place": {"place": "tile", "tile": "ruins"}, "facing": "down"}],
        "day": 2, "at": "daylight", "dice": [1, 4, 4, 6, 6, 6, 6]}));
    let site = MapChitId("altar".into());
    assert!(!g.state().seats[1].discoveries.chits.contains(&site));
    let locate = A::LeaderSearch {
        leader: NativeId("company-hq".into()),
        search: SearchChoice::Locate,
    };
    for _ in 0..6 {
        let seats = match g.to_act() {
            ToAct::Seats { seats } => seats,
            ToAct::GameOver { .. } => panic!("the game ended"),
        };
        if g.legal_actions(S0).contains(&locate) {
            break;
        }
        assert_eq!(seats, vec![S1], "the follower decides first");
        // 7.2.2: she may rearrange as the leader begins his phase, then keeps following.
        if g.legal_actions(S1).contains(&A::KeepFollowing) {
            g.apply(S1, A::KeepFollowing).unwrap();
        } else {
            g.apply(S1, A::Proceed).unwrap();
        }
    }
    // Someone else cannot search for the leader.
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S1, locate.clone()).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    g.apply(S0, locate).unwrap();
    assert!(
        g.state().seats[1].discoveries.chits.contains(&site),
        "the Amazon, following him, crosses off the Altar he discovers"
    );
    assert!(
        !g.state().seats[0].discoveries.chits.contains(&site),
        "his employer, not following him, does not"
    );
}
