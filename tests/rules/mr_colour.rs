//! Rule scenarios for the sources of colour magic (rule 4.6.1): the Chapel, and enchanted
//! tiles supplying a character between clearings.

use crate::spells_common::{here, start};
use serde_json::json;
use tabletop_rules::magic_realm::catalog::common::MagicColor;
use tabletop_rules::magic_realm::catalog::tiles::TileSide;
use tabletop_rules::magic_realm::day::enchanting::{colours_in, colours_on_roadway};
use tabletop_rules::magic_realm::map::ClearingRef;

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

#[test]
fn rule_4_6_1c_the_chapel_supplies_white_magic_in_its_clearing() {
    let chapel = json!({"piece": {"kind": "dwelling", "id": "chapel"},
        "place": {"place": "clearing", "at": here()}});
    let g = start(json!({"seats": [{"character": "amazon", "at": here()}], "pieces": [chapel]}));
    let at: ClearingRef = serde_json::from_value(here()).unwrap();
    assert!(colours_in(cat(), g.state(), at).contains(&MagicColor::White));
    let elsewhere: ClearingRef =
        serde_json::from_value(json!({"tile": "oak_woods", "clearing": 4})).unwrap();
    assert!(!colours_in(cat(), g.state(), elsewhere).contains(&MagicColor::White));
}

#[test]
fn rule_4_6_1d_between_clearings_he_is_supplied_by_both_clearings_enchanted_tiles() {
    let probe = start(json!({"seats": [{"character": "amazon", "at": here()}]}));
    // A clearing whose tile supplies colour enchanted side up, and a roadway into it.
    let (tile, clearing, colour) = probe
        .state()
        .map
        .tiles()
        .iter()
        .find_map(|p| {
            let t = cat().tiles.get(p.tile)?;
            t.clearings(TileSide::Enchanted)
                .iter()
                .find(|c| !c.magic.is_empty())
                .map(|c| (p.tile, c.number, c.magic[0]))
        })
        .expect("an enchanted tile with colour");
    let mut tiles = serde_json::to_value(probe.state().map.tiles()).unwrap();
    for t in tiles.as_array_mut().unwrap() {
        if t["tile"] == serde_json::to_value(tile).unwrap() {
            t["side"] = json!("enchanted");
        }
    }
    let g = start(
        json!({"map": {"type": "tiles", "tiles": tiles}, "seats": [{"character": "amazon", "at": here()}]}),
    );
    let lit = ClearingRef { tile, clearing };
    let next = g
        .state()
        .map
        .routes(&cat().tiles, lit)
        .first()
        .map(|r| r.to)
        .expect("a roadway out of it");
    let supplied = colours_on_roadway(cat(), g.state(), (next, lit), true);
    assert!(supplied.contains(&colour), "{supplied:?} lacks {colour:?}");
}

#[test]
fn rule_4_4_2b_an_enchanted_card_a_hired_leader_carries_radiates_in_his_clearing() {
    // The Company's HQ, hired by the Amazon, carries the Dragon Essence (Purple) in her
    // clearing: it supplies Purple there (even a hired leader's belongings radiate), and
    // nowhere else.
    let hq = json!({"kind": "native", "id": "company-hq"});
    let g = start(json!({"seats": [{"character": "amazon", "at": here(),
            "hirelings": [{"native": "company-hq", "lastDay": 14}]}],
        "pieces": [{"piece": hq, "place": {"place": "clearing", "at": here()}},
            {"piece": {"kind": "treasure", "id": "dragon-essence"},
             "place": {"place": "carried", "by": hq}}]}));
    let at: ClearingRef = serde_json::from_value(here()).unwrap();
    assert!(colours_in(cat(), g.state(), at).contains(&MagicColor::Purple));
    let elsewhere: ClearingRef =
        serde_json::from_value(json!({"tile": "oak_woods", "clearing": 4})).unwrap();
    assert!(!colours_in(cat(), g.state(), elsewhere).contains(&MagicColor::Purple));
}
