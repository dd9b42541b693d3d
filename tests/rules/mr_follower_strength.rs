//! Rule scenarios for the strength of the underlings following a guide (rule 7.11d): one
//! of Tremendous strength (move strength or harm letter, either side of his counter) lets
//! his guide open the Vault and the Crypt of the Knight, never pay the Pool's or the
//! Cairns' effort; and for underlings hiding with a hired leader who is their guide
//! (6.3.1, 7.11b). Each is built from a scenario with forced dice.

use crate::spells_common::{details, start, Game, S0};
use serde_json::{json, Value};
use tabletop_rules::magic_realm::actions::{
    MagicRealmAction as A, MagicRealmEvent as E, SearchChoice,
};
use tabletop_rules::magic_realm::catalog::chits::MapChitId;
use tabletop_rules::magic_realm::catalog::common::Size;
use tabletop_rules::magic_realm::catalog::denizens::{Native, NativeId};
use tabletop_rules::magic_realm::catalog::items::TreasureId;
use tabletop_rules::magic_realm::day::underlings::UnderlingGuide;
use tabletop_rules::magic_realm::game::data;
use tabletop_rules::magic_realm::state::{Activity, ChitStatus};

/// The clearing of `site` on the Ruins tile.
fn ruins(site: &str) -> Value {
    let cat = data().unwrap();
    let info = cat
        .map_chits
        .site_chits
        .iter()
        .find(|s| s.id.0 == site)
        .unwrap();
    json!({"tile": "ruins", "clearing": info.clearing.0})
}

/// Whether the data give `n` Tremendous strength in the sense of 7.11d: move strength
/// (his weight) or the harm letter on either side of his counter.
fn tremendous(n: &Native) -> bool {
    n.weight == Size::Tremendous
        || [n.light, n.dark]
            .iter()
            .filter_map(|s| s.attack)
            .any(|a| a.harm == Size::Tremendous)
}

fn native(id: &str) -> Native {
    data()
        .unwrap()
        .denizens
        .native(&NativeId(id.into()))
        .cloned()
        .unwrap()
}

/// Day 2, Birdsong: the Swordsman at `site`'s clearing on the Ruins tile (`pieces` add
/// the site and its treasures) has hired the underling `follower` (on day 1), who stands
/// with him and follows him unless told to `stay`. He records a Search; the game goes on
/// until his Search phase asks what he searches. `dice` follow the Monster Roll.
fn searching(
    site: &str,
    follower: &str,
    stay: bool,
    chits: Value,
    seat_extra: Value,
    pieces: Vec<Value>,
    dice: &[u8],
) -> Game {
    let mut all = vec![json!({"piece": {"kind": "native", "id": follower},
        "place": {"place": "clearing", "at": ruins(site)}})];
    all.extend(pieces);
    let mut rolls = vec![1];
    rolls.extend_from_slice(dice);
    let mut seat = json!({"character": "swordsman", "at": ruins(site), "hidden": false,
        "chits": chits,
        "hirelings": [{"native": follower, "lastDay": 14}]});
    if let (Some(s), Some(extra)) = (seat.as_object_mut(), seat_extra.as_object()) {
        s.extend(extra.clone());
    }
    let mut g = start(json!({"seats": [seat], "pieces": all, "day": 2, "dice": rolls}));
    if stay {
        g.apply(
            S0,
            A::AssignUnderling {
                underling: NativeId(follower.into()),
                guide: UnderlingGuide::Stay,
            },
        )
        .unwrap();
    }
    g.apply(
        S0,
        A::RecordActivity {
            activity: Activity::Search,
        },
    )
    .unwrap();
    g.apply(S0, A::FinishRecording).unwrap();
    crate::daylight_common::take_kept_turns(&mut g);
    for _ in 0..6 {
        let legal = g.legal_actions(S0);
        if legal.iter().any(|a| matches!(a, A::Search { .. })) {
            return g;
        }
        if !legal.contains(&A::Proceed) {
            break;
        }
        g.apply(S0, A::Proceed).unwrap();
    }
    panic!("his Search phase never came");
}

/// `site` discovered on the Ruins tile, two treasures in its box.
fn site_pieces(site: &str) -> (Value, Vec<Value>) {
    let cat = data().unwrap();
    let info = cat
        .map_chits
        .site_chits
        .iter()
        .find(|s| s.id.0 == site)
        .unwrap();
    let kind = serde_json::to_value(info.site).unwrap();
    let t: Vec<String> = cat
        .items
        .treasures
        .iter()
        .filter(|t| t.twt.is_none())
        .take(2)
        .map(|t| t.id.0.clone())
        .collect();
    let pieces = vec![
        json!({"piece": {"kind": "map_chit", "id": site}, "place": {"place": "tile", "tile": "ruins"}, "facing": "down"}),
        json!({"piece": {"kind": "treasure", "id": t[0]}, "place": {"place": "setup_box", "target": {"Site": kind}}, "facing": "down"}),
        json!({"piece": {"kind": "treasure", "id": t[1]}, "place": {"place": "setup_box", "target": {"Site": kind}}, "facing": "down"}),
    ];
    (json!({"discoveries": {"chits": [site]}}), pieces)
}

fn at_site(site: &str, follower: &str, stay: bool, chits: Value) -> Game {
    let (seat, pieces) = site_pieces(site);
    searching(site, follower, stay, chits, seat, pieces, &[1, 1])
}

fn loot(site: &str) -> A {
    A::Search {
        search: SearchChoice::LootSite {
            site: MapChitId(site.into()),
        },
    }
}

fn fatigued(g: &Game) -> usize {
    g.state().seats[0]
        .chits
        .iter()
        .filter(|c| **c == ChitStatus::Fatigued)
        .count()
}

/// Every one-asterisk chit of the Swordsman, fatigued.
fn no_asterisk_to_pay() -> Value {
    let cat = data().unwrap();
    let c = cat
        .characters
        .get(&tabletop_rules::magic_realm::catalog::characters::CharacterId("swordsman".into()))
        .unwrap();
    let tired: Vec<Value> = c
        .chits
        .iter()
        .enumerate()
        .filter(|(_, ch)| ch.effort == 1)
        .map(|(i, _)| json!({"chit": i, "status": "fatigued"}))
        .collect();
    json!(tired)
}

#[test]
fn rule_7_11d_the_data_give_tremendous_strength_to_underlings_by_either_side() {
    // Company 5 is Tremendous on its light side only, Guard 1 on its dark side only;
    // Company 1 is Tremendous on neither: the scenarios below use them for that reason.
    let light = native("company-5");
    let dark = native("guard-1");
    assert_eq!(light.light.attack.map(|a| a.harm), Some(Size::Tremendous));
    assert_ne!(light.dark.attack.map(|a| a.harm), Some(Size::Tremendous));
    assert_eq!(dark.dark.attack.map(|a| a.harm), Some(Size::Tremendous));
    assert_ne!(dark.light.attack.map(|a| a.harm), Some(Size::Tremendous));
    assert!(tremendous(&light) && tremendous(&dark));
    assert!(!tremendous(&native("company-1")));
}

#[test]
fn rule_7_11d_a_following_tremendous_underling_opens_the_vault_for_his_guide() {
    // The Swordsman has no Tremendous chit; Company 5 (Tremendous harm on its light side)
    // follows him: he opens the Vault with its strength, fatiguing nothing, and it stays
    // open.
    let mut g = at_site("vault", "company-5", false, json!([]));
    assert!(g.legal_actions(S0).contains(&loot("vault")));
    let log = g.apply(S0, loot("vault")).unwrap();
    assert!(details(&log).iter().any(|e| matches!(e,
        E::UnderlingStrengthUsed { seat: S0, underling } if underling.0 == "company-5")));
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::SiteOpened { seat: S0, .. })));
    assert!(g.state().opened_sites.contains(&MapChitId("vault".into())));
    assert_eq!(fatigued(&g), 0, "his strength costs the guide nothing");
    // The Berserker, who has a Tremendous chit of his own, uses the follower's strength
    // first: it costs nothing, the chit would fatigue.
    let (mut seat, pieces) = site_pieces("vault");
    seat["character"] = json!("berserker");
    let mut g = searching(
        "vault",
        "company-5",
        false,
        json!([]),
        seat,
        pieces,
        &[1, 1],
    );
    let log = g.apply(S0, loot("vault")).unwrap();
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::UnderlingStrengthUsed { seat: S0, .. })));
    assert_eq!(fatigued(&g), 0, "his Tremendous chit stays fresh");
}

#[test]
fn rule_7_11d_no_vault_without_a_following_tremendous_underling() {
    // Company 5 told to stay does not follow him; Company 1 follows but is not
    // Tremendous. Either way the Vault is not offered, and looting it is refused and
    // changes nothing.
    for (follower, stay) in [("company-5", true), ("company-1", false)] {
        let mut g = at_site("vault", follower, stay, json!([]));
        assert!(!g.legal_actions(S0).contains(&loot("vault")), "{follower}");
        let before = g.state().clone();
        assert!(g.apply(S0, loot("vault")).is_err(), "{follower}");
        assert_eq!(*g.state(), before, "a refused action changes nothing");
    }
}

#[test]
fn rule_7_11d_a_following_tremendous_underling_does_not_loot_the_pool_or_the_cairns() {
    // With a one-asterisk chit fresh he loots the Cairns and the Pool; with all of them
    // fatigued, Company 5 following him does not pay the effort: neither site is offered,
    // and looting the Cairns is refused and changes nothing.
    for site in ["cairns", "pool"] {
        let g = at_site(site, "company-5", false, json!([]));
        assert!(g.legal_actions(S0).contains(&loot(site)), "{site}: fresh");
        let mut g = at_site(site, "company-5", false, no_asterisk_to_pay());
        assert!(!g.legal_actions(S0).contains(&loot(site)), "{site}");
        let before = g.state().clone();
        assert!(g.apply(S0, loot(site)).is_err(), "{site}");
        assert_eq!(*g.state(), before, "a refused action changes nothing");
    }
}

/// The Hoard's clearing on the Ruins tile, with the Crypt of the Knight discovered there
/// and its box holding the Sacred Statue, a warhorse, T armor and the Bane Sword.
fn at_crypt(follower: &str, stay: bool, dice: &[u8]) -> Game {
    let card = json!({"kind": "treasure", "id": "crypt-of-the-knight"});
    let boxed = |piece: Value| json!({"piece": piece, "place": {"place": "setup_box", "target": {"Treasure": "crypt-of-the-knight"}}});
    let pieces = vec![
        json!({"piece": card, "place": {"place": "clearing", "at": ruins("hoard")}, "facing": "up"}),
        boxed(json!({"kind": "treasure", "id": "sacred-statue"})),
        boxed(json!({"kind": "horse", "id": "warhorse-t5-t3"})),
        boxed(json!({"kind": "armor", "id": "t-armor", "n": 0})),
        boxed(json!({"kind": "weapon", "id": "bane-sword", "n": 0})),
    ];
    let seat = json!({"discoveries": {"cards": ["crypt-of-the-knight"]}});
    searching("hoard", follower, stay, json!([]), seat, pieces, dice)
}

fn loot_crypt() -> A {
    A::Search {
        search: SearchChoice::LootCard {
            card: TreasureId("crypt-of-the-knight".into()),
        },
    }
}

#[test]
fn rule_7_11d_a_following_tremendous_underling_opens_the_crypt_of_the_knight() {
    // Guard 1 (Tremendous harm on its dark side) follows the Swordsman: he searches the
    // Crypt with its strength, fatiguing nothing; roll 5: one gold.
    let mut g = at_crypt("guard-1", false, &[5, 5]);
    assert!(g.legal_actions(S0).contains(&loot_crypt()));
    let gold = g.state().seats[0].gold;
    let log = g.apply(S0, loot_crypt()).unwrap();
    assert!(details(&log).iter().any(|e| matches!(e,
        E::UnderlingStrengthUsed { seat: S0, underling } if underling.0 == "guard-1")));
    assert_eq!(fatigued(&g), 0, "his strength costs the guide nothing");
    assert_eq!(g.state().seats[0].gold, gold + 1);
    // Told to stay, Guard 1 lends nothing: the Crypt is not offered, and searching it is
    // refused and changes nothing.
    let mut g = at_crypt("guard-1", true, &[5, 5]);
    assert!(!g.legal_actions(S0).contains(&loot_crypt()));
    let before = g.state().clone();
    assert!(g.apply(S0, loot_crypt()).is_err());
    assert_eq!(*g.state(), before, "a refused action changes nothing");
}

#[test]
fn rule_7_11b_underlings_following_a_hired_leader_hide_with_him() {
    // Day 2: the Swordsman in Oak Woods 2 has hired the Company's HQ and Company 1, who
    // is told to follow the HQ. The HQ records Hide: Monster Roll 1, the Hide roll 1 and
    // 2 hides him and Company 1 with him; a 6 fails for both. Telling Company 1 to
    // follow a leader nobody hired is refused and changes nothing.
    let oak = json!({"tile": "oak_woods", "clearing": 2});
    let hq = NativeId("company-hq".into());
    for (dice, hides) in [(json!([1, 1, 2]), true), (json!([1, 6, 6]), false)] {
        let mut g = start(json!({"seats": [{"character": "swordsman", "at": oak,
                "hidden": false,
                "hirelings": [{"native": "company-hq", "lastDay": 20},
                    {"native": "company-1", "lastDay": 14}]}],
            "pieces": [{"piece": {"kind": "native", "id": "company-hq"},
                    "place": {"place": "clearing", "at": oak}},
                {"piece": {"kind": "native", "id": "company-1"},
                    "place": {"place": "clearing", "at": oak}}],
            "day": 2, "dice": dice}));
        let wrong = A::AssignUnderling {
            underling: NativeId("company-1".into()),
            guide: UnderlingGuide::Leader {
                leader: NativeId("guard-hq".into()),
            },
        };
        let before = g.state().clone();
        assert!(g.apply(S0, wrong).is_err());
        assert_eq!(*g.state(), before, "a refused action changes nothing");
        g.apply(
            S0,
            A::AssignUnderling {
                underling: NativeId("company-1".into()),
                guide: UnderlingGuide::Leader { leader: hq.clone() },
            },
        )
        .unwrap();
        g.apply(
            S0,
            A::RecordLeaderActivity {
                leader: hq.clone(),
                activity: Activity::Hide,
            },
        )
        .unwrap();
        let mut log = g.apply(S0, A::FinishRecording).unwrap();
        log.extend(crate::daylight_common::take_kept_turns(&mut g));
        for _ in 0..4 {
            if !g.legal_actions(S0).contains(&A::Proceed) {
                break;
            }
            log.extend(g.apply(S0, A::Proceed).unwrap());
        }
        assert!(details(&log)
            .iter()
            .any(|e| matches!(e, E::LeaderHideRolled { success, .. } if *success == hides)));
        let hirelings = &g.state().seats[0].hirelings;
        let of = |id: &str| hirelings.iter().find(|h| h.native.0 == id).unwrap();
        assert_eq!(of("company-hq").hidden, hides, "the HQ's own roll");
        assert_eq!(of("company-1").hidden, hides, "Company 1 shares his result");
    }
}
