//! Hand of Doom, the Fight and its end ([10]-[13]) with forced dice. Dice order of a
//! combat turn: an Escape's AGI test, then (if targeted) the defence test, the power dice,
//! then 2d6 per attack.

use serde_json::{json, Value};
use tabletop_rules::engine::{Seat, Seed, Session, ToAct, Viewer};
use tabletop_rules::hand_of_doom::actions::{AttackWith, HodAction, HodEvent};
use tabletop_rules::hand_of_doom::attributes::Condition;
use tabletop_rules::hand_of_doom::content::Level;
use tabletop_rules::hand_of_doom::fight::CombatStance;
use tabletop_rules::hand_of_doom::state::LevelKey;
use tabletop_rules::hand_of_doom::view::HodView;
use tabletop_rules::hand_of_doom::HandOfDoom;

type Game = Session<HandOfDoom>;

fn fight(adventurers: Value, monsters: &[&str], dice: &[u8], extra: Value) -> Game {
    let mut sc = json!({"adventurers": adventurers, "start": {"type": "Fight", "monsters": monsters},
        "forcedDice": dice});
    if let (Some(o), Some(e)) = (sc.as_object_mut(), extra.as_object()) {
        for (k, v) in e {
            o.insert(k.clone(), v.clone());
        }
    }
    Session::from_scenario(serde_json::from_value(sc).expect("a scenario"), Seed(3))
        .expect("the scenario starts")
}

fn view(g: &Game) -> HodView {
    g.view(Viewer::Omniscient).expect("a view")
}

fn actor(g: &Game) -> Seat {
    match g.to_act() {
        ToAct::Seats { seats } => seats[0],
        ToAct::GameOver { outcome } => panic!("game over: {}", outcome.summary),
    }
}

fn act(g: &mut Game, action: HodAction) {
    let seat = actor(g);
    g.apply(seat, action.clone())
        .unwrap_or_else(|e| panic!("{action:?}: {e}"));
}

fn stance(g: &mut Game, s: CombatStance) {
    act(g, HodAction::ChooseCombatStance { stance: s });
}

fn hit(item: &str, target: u8) -> HodAction {
    HodAction::Attack {
        with: AttackWith::Item { item: item.into() },
        target,
    }
}

fn level(v: &HodView, key: &str) -> Level {
    v.levels
        .iter()
        .find(|e| match &e.key {
            LevelKey::Space { space } => space.0 == key,
            LevelKey::Territory { territory } => territory.0 == key,
        })
        .map(|e| e.level)
        .expect("a level")
}

fn foe_wounds(v: &HodView, slot: u8) -> u8 {
    v.fight
        .as_ref()
        .expect("a fight")
        .foes
        .iter()
        .find(|f| f.slot == slot)
        .expect("the foe")
        .wounds
}

fn vesper(space: &str) -> Value {
    json!({"adventurer": "vesper-quill", "space": space})
}

#[test]
fn step_10_targets_by_high_and_low_attribute_all_and_none_then_ambush_on_arrival() {
    let g = fight(
        json!([vesper("reedway-1"), {"adventurer": "brom-tallow", "space": "reedway-1"},
            {"adventurer": "nettle-grue", "space": "reedway-1"}]),
        &["cinder-hound", "bog-lurker", "leech-swarm", "ash-moth"],
        &[],
        json!({}),
    );
    let v = view(&g);
    let f = v.fight.expect("a fight");
    let targets: Vec<Vec<Seat>> = f.foes.iter().map(|x| x.targets.clone()).collect();
    assert_eq!(targets[0], vec![Seat(1)], "High STR: Brom");
    assert_eq!(targets[1], vec![Seat(1)], "Low AGI: Brom");
    assert_eq!(targets[2].len(), 3, "All");
    assert!(targets[3].is_empty(), "None");
    assert_eq!(
        v.adventurers[1].wounds, 1,
        "the Bog Lurker's Ambush on arrival"
    );
}

#[test]
fn step_10_terrify_on_arrival_and_adventurers_act_in_per_order() {
    let g = fight(
        json!([{"adventurer": "brom-tallow", "space": "reedway-1"}, vesper("reedway-1"),
            {"adventurer": "nettle-grue", "space": "reedway-1"}]),
        &["mire-hag"],
        &[],
        json!({}),
    );
    let v = view(&g);
    assert_eq!(
        v.adventurers[2].conditions,
        vec![Condition::Demoralized],
        "Low MRL: Nettle"
    );
    assert_eq!(
        v.fight.expect("a fight").order,
        vec![Seat(1), Seat(2), Seat(0)],
        "PER 8, 7, 5"
    );
}

#[test]
fn step_10_escape_is_an_agi_test_and_automatic_when_not_targeted() {
    let mut g = fight(
        json!([vesper("reedway-1")]),
        &["reed-wisp"],
        &[1, 1],
        json!({}),
    );
    stance(&mut g, CombatStance::Guard);
    act(&mut g, HodAction::Escape);
    let v = view(&g);
    assert!(v.fight.is_none());
    assert_eq!(
        level(&v, "reedway"),
        Level::Danger { level: 3 },
        "[13] Monster Victory raises the level"
    );
    assert_eq!(v.adventurers[0].wounds, 0);
    let mut g = fight(json!([vesper("reedway-1")]), &["ash-moth"], &[], json!({}));
    stance(&mut g, CombatStance::Guard);
    act(&mut g, HodAction::Escape);
    assert!(
        view(&g).fight.is_none(),
        "not targeted: escaped without a roll"
    );
}

#[test]
fn step_10_a_failed_escape_still_suffers_the_attacks() {
    let mut g = fight(
        json!([vesper("reedway-1")]),
        &["reed-wisp"],
        &[6, 6, 6, 6, 1],
        json!({}),
    );
    stance(&mut g, CombatStance::Assault);
    act(&mut g, HodAction::Escape);
    assert_eq!(view(&g).adventurers[0].wounds, 2);
}

#[test]
fn step_11_defence_test_highest_die_reduces_wounds() {
    let mut g = fight(
        json!([vesper("reedway-1")]),
        &["slag-troll"],
        &[1, 3, 1, 6, 6],
        json!({}),
    );
    stance(&mut g, CombatStance::Assault);
    act(&mut g, hit("rusty-quillknife", 0));
    assert_eq!(
        view(&g).adventurers[0].wounds,
        1,
        "4 damage less the highest defence die 3"
    );
}

#[test]
fn step_11_guard_reduces_wounds_by_the_highest_power_die() {
    let mut g = fight(
        json!([vesper("reedway-1")]),
        &["slag-troll"],
        &[6, 6, 3, 6, 6],
        json!({}),
    );
    stance(&mut g, CombatStance::Guard);
    act(&mut g, hit("rusty-quillknife", 0));
    assert_eq!(
        view(&g).adventurers[0].wounds,
        1,
        "4 damage less power die 3"
    );
}

#[test]
fn rule_hod_11_armour_always_reduces_every_wound_an_adventurer_suffers() {
    let mut g = fight(
        json!([{"adventurer": "brom-tallow", "space": "reedway-1"}]),
        &["bog-lurker"],
        &[6, 6, 1, 1, 6, 6],
        json!({}),
    );
    stance(&mut g, CombatStance::Assault);
    act(&mut g, hit("tallow-maul", 0));
    assert_eq!(
        view(&g).adventurers[0].wounds,
        1 + 1,
        "Ambush 1, then 3 less ARM 2"
    );
    let mut g = fight(
        json!([{"adventurer": "brom-tallow", "space": "reedway-1"}]),
        &["cinder-hound"],
        &[6, 6, 1, 1, 6, 6],
        json!({}),
    );
    stance(&mut g, CombatStance::Assault);
    act(&mut g, hit("tallow-maul", 0));
    assert_eq!(
        view(&g).adventurers[0].wounds,
        1,
        "[11] always: the Cinder Hound's 3 less ARM 2 (no monster ignores ARM)"
    );
}

#[test]
fn step_11_a_passed_attack_deals_the_highest_die_less_monster_arm() {
    let mut g = fight(
        json!([vesper("reedway-1")]),
        &["slag-troll"],
        &[6, 6, 1, 1, 5],
        json!({}),
    );
    stance(&mut g, CombatStance::Guard);
    act(&mut g, hit("rusty-quillknife", 0));
    // 5 less ARM 2 = 3; Regenerate heals 1 at the end of the round ([12] 4).
    assert_eq!(foe_wounds(&view(&g), 0), 2);
}

#[test]
fn step_11_assault_may_use_the_highest_power_die() {
    let mut g = fight(
        json!([vesper("reedway-1")]),
        &["slag-troll"],
        &[6, 6, 6, 1, 2],
        json!({}),
    );
    stance(&mut g, CombatStance::Assault);
    act(&mut g, hit("rusty-quillknife", 0));
    assert_eq!(
        foe_wounds(&view(&g), 0),
        6 - 2 - 1,
        "power 6 less ARM 2, then Regenerate 1"
    );
}

#[test]
fn step_11_piercing_weapons_ignore_monster_arm() {
    let mut g = fight(
        json!([{"adventurer": "brom-tallow", "space": "reedway-1",
        "items": ["serrated-cleaver"]}]),
        &["slag-troll"],
        &[6, 6, 1, 1, 1, 5],
        json!({}),
    );
    stance(&mut g, CombatStance::Guard);
    act(&mut g, hit("serrated-cleaver", 0));
    assert_eq!(foe_wounds(&view(&g), 0), 5 - 1);
}

#[test]
fn step_11_unarmed_strike_deals_the_lowest_die_or_half_the_power_die() {
    let mut g = fight(
        json!([vesper("reedway-1")]),
        &["leech-swarm"],
        &[6, 6, 5, 1, 3],
        json!({}),
    );
    stance(&mut g, CombatStance::Assault);
    act(
        &mut g,
        HodAction::Attack {
            with: AttackWith::UnarmedAgi,
            target: 0,
        },
    );
    // Lowest die 1, half of power 5 = 2: 2 Wounds. Drain heals what it dealt (2).
    let v = view(&g);
    assert_eq!(v.adventurers[0].wounds, 2);
    assert_eq!(foe_wounds(&v, 0), 0);
    let log = g.log(Viewer::Omniscient).expect("a log");
    assert!(log
        .iter()
        .any(|e| matches!(e.detail, HodEvent::FoeWounded { wounds: 2, .. })));
}

#[test]
fn step_12_items_first_then_skirmishers_run() {
    let mut g = fight(
        json!([vesper("reedway-1")]),
        &["reed-wisp"],
        &[6, 6, 1],
        json!({}),
    );
    stance(&mut g, CombatStance::Assault);
    act(
        &mut g,
        HodAction::UseItem {
            item: "stink-flask".into(),
        },
    );
    let log = g.log(Viewer::Omniscient).expect("a log");
    let wounded = log
        .iter()
        .position(|e| matches!(e.detail, HodEvent::FoeWounded { .. }));
    let left = log
        .iter()
        .position(|e| matches!(e.detail, HodEvent::FoeLeft { .. }));
    assert!(
        wounded.is_some() && wounded < left,
        "the bomb bursts, then the wounded Skirmisher runs"
    );
    assert!(view(&g).fight.is_none());
}

#[test]
fn step_12_summoners_call_reinforcements_once() {
    let mut g = fight(
        json!([vesper("ember-road-1")]),
        &["spire-cultist"],
        &[6, 6, 1, 6, 6],
        json!({"decks": {"monsters": ["ash-moth"]}}),
    );
    stance(&mut g, CombatStance::Guard);
    act(&mut g, hit("rusty-quillknife", 0));
    let v = view(&g);
    let names: Vec<_> = v
        .fight
        .expect("a fight")
        .foes
        .iter()
        .map(|f| f.name.clone())
        .collect();
    assert_eq!(names, vec!["Spire Cultist", "Ash Moth"]);
}

#[test]
fn step_12_thieves_steal_and_run() {
    let mut g = fight(
        json!([vesper("reedway-1")]),
        &["frog-cutpurse"],
        &[6, 6, 1, 6, 6],
        json!({}),
    );
    stance(&mut g, CombatStance::Assault);
    act(&mut g, hit("rusty-quillknife", 0));
    let v = view(&g);
    assert_eq!(v.adventurers[0].gp, 18);
    assert!(v.fight.is_none());
}

#[test]
fn step_13_party_victory_lowers_danger_and_pays_rewards() {
    let mut g = fight(
        json!([{"adventurer": "brom-tallow", "space": "reedway-1"}]),
        &["ash-moth"],
        &[1, 1, 1, 1],
        json!({}),
    );
    stance(&mut g, CombatStance::Assault);
    act(&mut g, hit("tallow-maul", 0));
    let v = view(&g);
    assert_eq!(level(&v, "reedway"), Level::Danger { level: 1 });
    assert_eq!(v.adventurers[0].xp, 3);
}

#[test]
fn step_13_a_settlement_at_danger_1_becomes_town_level_1() {
    let mut g = fight(
        json!([{"adventurer": "brom-tallow", "space": "eelmarket"}]),
        &["ash-moth"],
        &[1, 1, 1, 1],
        json!({}),
    );
    stance(&mut g, CombatStance::Assault);
    act(&mut g, hit("tallow-maul", 0));
    assert_eq!(level(&view(&g), "eelmarket"), Level::Town { level: 1 });
}

#[test]
fn step_13_no_level_change_after_a_law_fight() {
    let mut g = fight(
        json!([{"adventurer": "brom-tallow", "space": "reedway-1", "items": ["serrated-cleaver"]}]),
        &["bailiff"],
        &[2, 3, 1, 1, 3, 6],
        json!({}),
    );
    stance(&mut g, CombatStance::Assault);
    act(&mut g, hit("serrated-cleaver", 0));
    let v = view(&g);
    assert!(v.fight.is_none());
    assert_eq!(level(&v, "reedway"), Level::Danger { level: 2 });
}

#[test]
fn step_13_destroying_an_epic_lowers_danger_to_1() {
    let mut g = fight(
        json!([{"adventurer": "brom-tallow", "space": "reedway-2", "items": ["serrated-cleaver"]}]),
        &["reed-mother"],
        &[2, 3, 1, 1, 3, 6, 2, 3, 1, 1, 3, 6, 1, 1, 1, 1],
        json!({"levels": [{"space": "reedway-2", "level": {"type": "Danger", "level": 5}}],
            "decks": {"monsters": ["ash-moth"]}}),
    );
    for target in [0, 0, 1] {
        stance(&mut g, CombatStance::Assault);
        act(&mut g, hit("serrated-cleaver", target));
    }
    let v = view(&g);
    assert!(v.fight.is_none());
    assert_eq!(level(&v, "reedway"), Level::Danger { level: 1 });
}

#[test]
fn rule_hod_13_the_law_epic_destroyed_with_law_monsters_leaves_the_level() {
    // [13] "Do not change Level if you fought monsters from the Law deck" outranks the
    // Epic's "lower to 1": the Hanging Judge and a Bailiff destroyed together leave the
    // level at 5; the Judge fought alone lowers it to 1 as any Epic does.
    // Each turn: defence 2+3 passes, power 1+1, the cleaver's 3+6 passes for 6 (Piercing).
    let turn = [2, 3, 1, 1, 3, 6];
    let dice: Vec<u8> = turn.iter().copied().cycle().take(18).collect();
    let mut g = fight(
        json!([{"adventurer": "brom-tallow", "space": "reedway-1", "items": ["serrated-cleaver"]}]),
        &["bailiff", "hanging-judge"],
        &dice,
        json!({"levels": [{"space": "reedway-1", "level": {"type": "Danger", "level": 5}}]}),
    );
    for target in [1, 1, 0] {
        stance(&mut g, CombatStance::Assault);
        act(&mut g, hit("serrated-cleaver", target));
    }
    let v = view(&g);
    assert!(v.fight.is_none());
    assert_eq!(level(&v, "reedway"), Level::Danger { level: 5 });

    let mut g = fight(
        json!([{"adventurer": "brom-tallow", "space": "reedway-1", "items": ["serrated-cleaver"]}]),
        &["hanging-judge"],
        &dice[..12],
        json!({"levels": [{"space": "reedway-1", "level": {"type": "Danger", "level": 5}}]}),
    );
    for _ in 0..2 {
        stance(&mut g, CombatStance::Assault);
        act(&mut g, hit("serrated-cleaver", 0));
    }
    let v = view(&g);
    assert!(v.fight.is_none());
    assert_eq!(level(&v, "reedway"), Level::Danger { level: 1 });
}

#[test]
fn step_13_monster_victory_kills_the_defeated_and_leaves_an_epic_counter() {
    let mut g = fight(
        json!([{"adventurer": "vesper-quill", "space": "hollow-spire", "wounds": 5},
            {"adventurer": "brom-tallow", "space": "hollow-spire"}]),
        &["hollow-king"],
        &[6, 6, 6, 6, 1, 1, 1],
        json!({}),
    );
    stance(&mut g, CombatStance::Guard);
    act(&mut g, HodAction::Escape);
    stance(&mut g, CombatStance::Guard);
    act(&mut g, HodAction::Escape);
    let v = view(&g);
    assert!(!v.adventurers[0].alive, "defeated: killed");
    assert!(v.adventurers[0].items.is_empty());
    assert!(v.adventurers[1].alive);
    assert_eq!(level(&v, "hollow-spire"), Level::Danger { level: 5 });
    assert_eq!(v.epic_counters.len(), 1);
    assert_eq!(v.epic_counters[0].monster.0, "hollow-king");
    assert!(
        matches!(g.to_act(), ToAct::Seats { .. }),
        "one adventurer survives"
    );
}

#[test]
fn step_13_the_game_is_lost_when_no_adventurer_survives() {
    let mut g = fight(
        json!([{"adventurer": "vesper-quill", "space": "reedway-1", "wounds": 5}]),
        &["slag-troll"],
        &[6, 6, 1, 6, 6],
        json!({}),
    );
    stance(&mut g, CombatStance::Assault);
    act(&mut g, hit("rusty-quillknife", 0));
    match g.to_act() {
        ToAct::GameOver { outcome } => assert!(outcome.winners.is_empty()),
        other => panic!("{other:?}"),
    }
    let v = view(&g);
    assert!(v.fight.is_none());
    assert!(v.adventurers.iter().all(|a| !a.alive));
}
