//! Hand of Doom content files: the sample content is valid; a file naming an unknown space
//! or card is refused with a typed error; a setup may bring its own content.

use tabletop_rules::engine::{ErrorCode, Rules, Seed};
use tabletop_rules::hand_of_doom::content::{Content, SAMPLE_JSON};
use tabletop_rules::hand_of_doom::scenario::HodSetup;
use tabletop_rules::hand_of_doom::validate::ContentError;
use tabletop_rules::hand_of_doom::HandOfDoom;

fn sample() -> serde_json::Value {
    serde_json::from_str(SAMPLE_JSON).expect("JSON")
}

#[test]
fn the_sample_content_is_valid_and_covers_every_monster_ability() {
    let c = Content::parse(SAMPLE_JSON).expect("valid");
    assert_eq!(c.spaces.len(), 12);
    assert_eq!(c.regions.len(), 2);
    assert_eq!(c.adventurers.len(), 3);
    let abilities: std::collections::BTreeSet<_> = c
        .monsters
        .iter()
        .flat_map(|m| m.stats.abilities.iter().copied())
        .collect();
    assert_eq!(
        abilities.len(),
        7,
        "Ambush, Terrify, Summon, Skirmish, Thief, Drain, Regenerate"
    );
}

#[test]
fn rule_hod_11_no_monster_ability_ignores_the_adventurers_arm() {
    // [11]: wounds suffered are always reduced by ARM; Piercing is the adventurer's.
    let mut c = sample();
    c["monsters"][0]["stats"]["abilities"] = serde_json::json!(["Piercing"]);
    assert!(Content::parse(&c.to_string()).is_err());
}

#[test]
fn a_link_to_an_unknown_space_is_refused() {
    let mut c = sample();
    c["links"][0]["b"] = "atlantis".into();
    let err = Content::parse(&c.to_string()).expect_err("refused");
    assert_eq!(
        err,
        ContentError::Unknown {
            kind: "space".into(),
            id: "atlantis".into(),
            at: "link gallowgate-atlantis".into()
        }
    );
}

#[test]
fn an_unknown_starting_item_and_a_duplicate_card_are_refused() {
    let mut c = sample();
    c["adventurers"][0]["items"][0] = "excalibur".into();
    assert!(
        matches!(Content::parse(&c.to_string()), Err(ContentError::Unknown { kind, .. }) if kind == "Loot card")
    );
    let mut c = sample();
    let first = c["danger"][0].clone();
    c["danger"].as_array_mut().expect("array").push(first);
    assert!(matches!(
        Content::parse(&c.to_string()),
        Err(ContentError::Duplicate { .. })
    ));
    assert!(matches!(
        Content::parse("{}"),
        Err(ContentError::Schema { .. })
    ));
}

#[test]
fn a_setup_loads_its_own_content_or_refuses_it_with_bad_setup() {
    let mut c = sample();
    c["settings"]["turnLimit"] = 2.into();
    let setup = HodSetup {
        adventurers: vec!["nettle-grue".into()],
        content: Some(c.to_string()),
    };
    let state = HandOfDoom::start(&setup, Seed(5)).expect("starts");
    assert_eq!(state.content.settings.turn_limit, 2);
    c["mission"]["handStart"] = "nowhere".into();
    let setup = HodSetup {
        adventurers: vec!["nettle-grue".into()],
        content: Some(c.to_string()),
    };
    let err = HandOfDoom::start(&setup, Seed(5)).expect_err("refused");
    assert_eq!(err.code(), ErrorCode::BadSetup);
    assert!(err.message().contains("nowhere"), "{err}");
}

#[test]
fn views_never_show_the_order_of_a_deck() {
    use tabletop_rules::engine::Viewer;
    // Two games that differ only in how their decks were shuffled look the same to anyone.
    let setup = HodSetup {
        adventurers: vec!["vesper-quill".into()],
        content: None,
    };
    let a = HandOfDoom::start(&setup, Seed(1)).expect("starts");
    let b = HandOfDoom::start(&setup, Seed(2)).expect("starts");
    assert_ne!(
        a.decks.danger.draw, b.decks.danger.draw,
        "the decks were shuffled differently"
    );
    for viewer in [Viewer::Spectator, Viewer::Omniscient] {
        let (va, vb) = (HandOfDoom::view(&a, viewer), HandOfDoom::view(&b, viewer));
        assert_eq!(
            serde_json::to_string(&va).ok(),
            serde_json::to_string(&vb).ok()
        );
    }
}
