//! Rule scenarios for what looting a site asks (rule 7.5 Loot and 4.2.4d, as GAPS.md
//! restates them): the Cairns' effort per search, the Pool's per item, the Vault opened
//! first.

use serde_json::{json, Value};
use tabletop_rules::engine::{Seat, Seed, Session};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, SearchChoice};
use tabletop_rules::magic_realm::catalog::characters::CharacterId;
use tabletop_rules::magic_realm::catalog::chits::MapChitId;
use tabletop_rules::magic_realm::game::data;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::state::ChitStatus;
use tabletop_rules::magic_realm::MagicRealm;

type Game = Session<MagicRealm>;
const S0: Seat = Seat(0);

fn start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(11)).expect("the scenario starts");
    crate::daylight_common::take_kept_turns(&mut g);
    g
}

/// The Swordsman at a discovered site (on the Ruins tile), its Setup Card box holding two
/// treasures, with `chits` and `belongings`, rolling `dice` after the Monster Roll.
fn at_site(site: &str, chits: Value, belongings: Value, dice: &[u8]) -> Game {
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
    let mut all = vec![1];
    all.extend_from_slice(dice);
    start(json!({"seats": [{"character": "swordsman",
        "at": {"tile": "ruins", "clearing": info.clearing.0},
        "chits": chits, "belongings": belongings,
        "discoveries": {"chits": [site]},
        "record": [{"activity": "search"}]}],
        "pieces": [
            {"piece": {"kind": "map_chit", "id": site}, "place": {"place": "tile", "tile": "ruins"}, "facing": "down"},
            {"piece": {"kind": "treasure", "id": t[0]}, "place": {"place": "setup_box", "target": {"Site": kind}}, "facing": "down"},
            {"piece": {"kind": "treasure", "id": t[1]}, "place": {"place": "setup_box", "target": {"Site": kind}}, "facing": "down"}
        ],
        "at": "daylight", "dice": all}))
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

/// Every chit of one effort asterisk, by index, for the Swordsman.
fn one_star_chits() -> Vec<u8> {
    let cat = data().unwrap();
    let c = cat
        .characters
        .get(&tabletop_rules::magic_realm::catalog::characters::CharacterId("swordsman".into()))
        .unwrap();
    c.chits
        .iter()
        .enumerate()
        .filter(|(_, ch)| ch.effort == 1)
        .map(|(i, _)| i as u8)
        .collect()
}

#[test]
fn rule_7_5_the_cairns_fatigue_one_asterisk_for_each_search() {
    let mut g = at_site("cairns", json!([]), json!([]), &[6, 6]);
    g.apply(S0, loot("cairns")).unwrap();
    assert_eq!(fatigued(&g), 1, "paid even when the roll finds nothing");
}

#[test]
fn rule_7_5_no_cairns_search_without_an_asterisk_to_pay() {
    let tired: Vec<Value> = one_star_chits()
        .into_iter()
        .map(|i| json!({"chit": i, "status": "fatigued"}))
        .collect();
    let g = at_site("cairns", json!(tired), json!([]), &[1, 1]);
    assert!(!g.legal_actions(S0).contains(&loot("cairns")));
}

#[test]
fn rule_7_5_the_pool_fatigues_one_asterisk_for_each_item_taken() {
    let mut g = at_site("pool", json!([]), json!([]), &[6, 6]);
    g.apply(S0, loot("pool")).unwrap();
    assert_eq!(fatigued(&g), 0, "nothing taken, nothing paid");
    let mut g = at_site("pool", json!([]), json!([]), &[1, 1]);
    g.apply(S0, loot("pool")).unwrap();
    assert_eq!(fatigued(&g), 1);
}

#[test]
fn rule_7_5_the_vault_opens_only_with_the_lost_keys_or_tremendous_strength() {
    let g = at_site("vault", json!([]), json!([]), &[1, 1]);
    assert!(
        !g.legal_actions(S0).contains(&loot("vault")),
        "the Swordsman has no Tremendous chit"
    );
    let keys = json!([{"piece": {"kind": "treasure", "id": "lost-keys"}, "facing": "up"}]);
    let mut g = at_site("vault", json!([]), keys, &[1, 1]);
    g.apply(S0, loot("vault")).unwrap();
    assert!(
        g.state().opened_sites.contains(&MapChitId("vault".into())),
        "it stays open"
    );
    assert_eq!(fatigued(&g), 0, "the keys cost nothing");
}

#[test]
fn rule_8_3_9c_looting_a_site_never_takes_its_spell_cards() {
    // The Altar's box: two treasures under a Spell card. A Loot roll of 1 takes the top
    // treasure: the Spell card can only be learned by Reading Runes.
    let cat = data().unwrap();
    // Ordinary cards (a TWT card drawn is shown, and some are exchanged, 2.3.7).
    let plain: Vec<_> = cat
        .items
        .treasures
        .iter()
        .filter(|t| t.twt.is_none())
        .collect();
    let (under, top) = (&plain[0].id, &plain[1].id);
    let in_box = json!({"place": "setup_box", "target": {"Site": "altar"}});
    let mut g = start(json!({"seats": [{"character": "swordsman",
        "at": {"tile": "ruins", "clearing": 1},
        "discoveries": {"chits": ["altar"]},
        "record": [{"activity": "search"}]}],
        "pieces": [
            {"piece": {"kind": "map_chit", "id": "altar"}, "place": {"place": "tile", "tile": "ruins"}, "facing": "down"},
            {"piece": {"kind": "treasure", "id": under.0}, "place": in_box, "facing": "down"},
            {"piece": {"kind": "treasure", "id": top.0}, "place": in_box, "facing": "down"},
            {"piece": {"kind": "spell", "id": "peace"}, "place": in_box, "facing": "down"}
        ],
        "at": "daylight", "dice": [1, 1, 1]}));
    g.apply(S0, loot("altar")).unwrap();
    let belongings = Place::Belongings {
        character: CharacterId("swordsman".into()),
    };
    let got: Vec<PieceId> = g
        .state()
        .piles
        .pile(&belongings)
        .iter()
        .map(|c| c.piece.clone())
        .collect();
    assert_eq!(got, [PieceId::Treasure { id: top.clone() }]);
}
