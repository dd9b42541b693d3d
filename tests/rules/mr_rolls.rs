//! Rule scenarios for die-roll modifications (rules 4.1.2 to 4.1.4, 8.3.5 a.2): Special
//! Advantages and active Treasure cards that roll one die or add to the roll.

use crate::spells_common::{dice, here, monster, pass_once, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::dice::Roll;
use tabletop_rules::magic_realm::actions::MagicRealmEvent as E;
use tabletop_rules::magic_realm::catalog::tables::TableId;
use tabletop_rules::magic_realm::combat::fighters::missile_dice;
use tabletop_rules::magic_realm::combat::melee::MissileDice;
use tabletop_rules::magic_realm::day::rolls::{mods, RollFor, RollMods};

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn card(id: &str, active: bool) -> Value {
    json!({"piece": {"kind": "treasure", "id": id}, "active": active})
}

fn with(character: &str, belongings: Value) -> Game {
    start(json!({"seats": [{"character": character, "at": here(), "belongings": belongings}]}))
}

fn roll(dice: &[u8]) -> Roll {
    Roll {
        table: "test".into(),
        dice: dice.to_vec(),
    }
}

#[test]
fn rule_4_1_2_the_lucky_charm_rolls_one_die_while_it_is_active() {
    let g = with("amazon", json!([card("lucky-charm", true)]));
    let hide = mods(cat(), g.state(), S0, RollFor::Table(TableId::Hide));
    assert!(hide.one_die);
    assert_eq!(hide.dice(), 1);
    let g = with("amazon", json!([card("lucky-charm", false)]));
    assert_eq!(
        mods(cat(), g.state(), S0, RollFor::Table(TableId::Hide)),
        RollMods::NONE
    );
}

#[test]
fn rule_4_1_2_the_cloven_hoof_adds_one_and_results_convert_into_1_to_6() {
    let g = with("amazon", json!([card("cloven-hoof", true)]));
    let m = mods(cat(), g.state(), S0, RollFor::Table(TableId::Locate));
    assert_eq!(m.add, 1);
    assert_eq!(m.result(&roll(&[3, 1])), 4);
    assert_eq!(m.result(&roll(&[6, 2])), 6, "7 converts to 6");
    // 4.1.3, 8.4.6: tables that take no modifications.
    assert_eq!(
        mods(cat(), g.state(), S0, RollFor::Table(TableId::ChangeTactics)),
        RollMods::NONE
    );
}

#[test]
fn rule_4_1_2_deft_gloves_loot_and_shoes_of_stealth_hide_with_one_die() {
    let g = with(
        "amazon",
        json!([card("deft-gloves", true), card("shoes-of-stealth", true)]),
    );
    assert!(mods(cat(), g.state(), S0, RollFor::Table(TableId::Loot)).one_die);
    assert!(mods(cat(), g.state(), S0, RollFor::Table(TableId::Hide)).one_die);
    assert!(!mods(cat(), g.state(), S0, RollFor::Table(TableId::Locate)).one_die);
}

#[test]
fn rule_4_1_2_barter_rolls_one_die_to_trade_fear_and_honor_for_every_meeting() {
    let g = with("swordsman", json!([]));
    assert!(mods(cat(), g.state(), S0, RollFor::Meeting { trading: true }).one_die);
    assert!(!mods(cat(), g.state(), S0, RollFor::Meeting { trading: false }).one_die);
    let g = with("black-knight", json!([]));
    assert!(mods(cat(), g.state(), S0, RollFor::Meeting { trading: false }).one_die);
    let g = with("white-knight", json!([]));
    assert_eq!(
        mods(cat(), g.state(), S0, RollFor::Meeting { trading: false }).add,
        -1
    );
}

#[test]
fn rule_4_1_2_aim_subtracts_one_and_archers_roll_one_die_on_the_missile_table() {
    let g = with("amazon", json!([]));
    assert_eq!(
        missile_dice(cat(), g.state(), S0),
        MissileDice::TwoDice { modifier: -1 }
    );
    let g = with("elf", json!([]));
    assert_eq!(missile_dice(cat(), g.state(), S0), MissileDice::OneDie);
    let g = with("elf", json!([card("cloven-hoof", true)]));
    assert_eq!(
        missile_dice(cat(), g.state(), S0),
        MissileDice::OneDiePlus { modifier: 1 }
    );
}

#[test]
fn rule_4_1_2_a_hide_with_shoes_of_stealth_rolls_one_die() {
    let mut g = start(
        json!({"seats": [{"character": "amazon", "at": here(), "hidden": false,
        "belongings": [card("shoes-of-stealth", true)], "record": [{"activity": "hide"}]}],
        "at": "daylight", "dice": dice(1, 10)}),
    );
    let events = g
        .apply(
            S0,
            tabletop_rules::magic_realm::actions::MagicRealmAction::Proceed,
        )
        .unwrap();
    let hide = events
        .iter()
        .find(|e| matches!(e.detail, E::HideRolled { .. }))
        .expect("he rolls to hide");
    assert!(
        hide.text.contains("(rolled [1] on hide)"),
        "one die, logged with its table: {}",
        hide.text
    );
    // Without the shoes, two dice.
    let mut g = start(
        json!({"seats": [{"character": "amazon", "at": here(), "hidden": false,
        "record": [{"activity": "hide"}]}], "at": "daylight", "dice": dice(1, 10)}),
    );
    let events = g
        .apply(
            S0,
            tabletop_rules::magic_realm::actions::MagicRealmAction::Proceed,
        )
        .unwrap();
    assert!(events
        .iter()
        .any(|e| e.text.contains("(rolled [1, 1] on hide)")));
}

#[test]
fn rule_8_3_5_a2_modifications_count_in_random_assignment_and_may_pass_6() {
    // Both roll 6; the Cloven Hoof makes the Amazon's 7: she takes the wolf, no reroll.
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": here(), "hidden": false},
        {"character": "amazon", "at": here(), "hidden": false,
         "belongings": [card("cloven-hoof", true)]}],
        "pieces": [monster("wolf-l4")], "at": "sunset", "dice": dice(6, 60)}));
    let mut log = Vec::new();
    for _ in 0..10 {
        if log
            .iter()
            .any(|e: &tabletop_rules::engine::Event<E>| matches!(e.detail, E::Assigned { .. }))
        {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    let rolled: Vec<_> = log
        .iter()
        .filter(|e| matches!(e.detail, E::AssignmentRolled { .. }))
        .collect();
    assert_eq!(rolled.len(), 1, "no tie to roll again");
    assert!(rolled[0].text.contains("Amazon 7"), "{}", rolled[0].text);
    assert!(log
        .iter()
        .any(|e| matches!(e.detail, E::Assigned { seat, .. } if seat == S1)));
}

#[test]
fn rule_4_1_2_the_treasure_cards_that_change_rolls_say_so_in_the_data() {
    let mut with_rolls: Vec<&str> = cat()
        .items
        .treasures
        .iter()
        .filter(|t| !t.rolls.is_empty())
        .map(|t| t.id.0.as_str())
        .collect();
    with_rolls.sort();
    assert_eq!(
        with_rolls,
        vec![
            "cloven-hoof",
            "deft-gloves",
            "lucky-charm",
            "map-of-lost-castle",
            "map-of-lost-city",
            "map-of-ruins",
            "shoes-of-stealth"
        ]
    );
}

#[test]
fn rule_4_1_2_lore_and_learning_roll_one_die_and_knowledge_subtracts_one_reading_runes() {
    let runes = RollFor::Table(TableId::ReadingRunes);
    for character in ["sorceror", "wizard", "pilgrim"] {
        let g = with(character, json!([]));
        assert!(mods(cat(), g.state(), S0, runes).one_die, "{character}");
    }
    for character in ["magician", "witch"] {
        let g = with(character, json!([]));
        assert_eq!(mods(cat(), g.state(), S0, runes).add, -1, "{character}");
    }
}

#[test]
fn rule_4_1_2_bad_luck_adds_one_to_all_of_its_targets_rolls() {
    let bad_luck = json!({"caster": 1, "spell": "bad-luck", "spellBox": 0, "chit": 7,
        "aims": [{"aim": "character", "seat": 0}], "until": {"at": "never"}});
    let g = start(json!({"seats": [
        {"character": "amazon", "at": here()},
        {"character": "druid", "at": here(), "spells": ["bad-luck"]}],
        "spells": [bad_luck]}));
    assert_eq!(
        mods(cat(), g.state(), S0, RollFor::Table(TableId::Hide)).add,
        1
    );
    assert_eq!(
        mods(cat(), g.state(), S1, RollFor::Table(TableId::Hide)).add,
        0,
        "only its target"
    );
}
