//! Hand of Doom, one test per behaviour of the turn-flow chart (seed 003), named by step,
//! each built from a scenario with forced dice and stacked decks.

use serde_json::{json, Value};
use tabletop_rules::engine::{Seat, Seed, Session, ToAct, Viewer};
use tabletop_rules::hand_of_doom::actions::{AttackWith, HodAction, HodEvent};
use tabletop_rules::hand_of_doom::attributes::Condition;
use tabletop_rules::hand_of_doom::content::Level;
use tabletop_rules::hand_of_doom::fight::CombatStance;
use tabletop_rules::hand_of_doom::state::{LevelKey, MapStance, Step};
use tabletop_rules::hand_of_doom::view::HodView;
use tabletop_rules::hand_of_doom::HandOfDoom;

type Game = Session<HandOfDoom>;

fn game(scenario: Value) -> Game {
    let sc = serde_json::from_value(scenario).expect("a scenario");
    Session::from_scenario(sc, Seed(1)).expect("the scenario starts")
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

fn legal(g: &Game) -> Vec<HodAction> {
    g.legal_actions(actor(g))
}

fn danger_of(v: &HodView, space: &str) -> Level {
    v.levels
        .iter()
        .find(|e| match &e.key {
            LevelKey::Space { space: s } => s.0 == space,
            LevelKey::Territory { territory } => territory.0 == space,
        })
        .map(|e| e.level)
        .expect("a level")
}

fn adv(v: &HodView, seat: u8) -> &tabletop_rules::hand_of_doom::state::Adventurer {
    &v.adventurers[usize::from(seat)]
}

/// The last Danger value and whether it was safe, from the log.
fn last_danger(g: &Game) -> (u8, bool) {
    g.log(Viewer::Omniscient)
        .expect("a log")
        .iter()
        .rev()
        .find_map(|e| match e.detail {
            HodEvent::DangerValue { value, safe } => Some((value, safe)),
            _ => None,
        })
        .expect("a Danger value")
}

fn stance(s: MapStance) -> HodAction {
    HodAction::ChooseStance { stance: s }
}

fn attack(item: &str, target: u8) -> HodAction {
    HodAction::Attack {
        with: AttackWith::Item { item: item.into() },
        target,
    }
}

fn guard() -> HodAction {
    HodAction::ChooseCombatStance {
        stance: CombatStance::Guard,
    }
}

// ---------- [1]-[3] Map Action phase ----------

#[test]
fn step_1_parties_choose_stance_in_mrl_order() {
    // Seat 0 is Nettle (MRL 5), seat 1 Vesper (MRL 7): Vesper's party goes first.
    let mut g = game(json!({"adventurers": [
        {"adventurer": "nettle-grue", "space": "reedway-1"},
        {"adventurer": "vesper-quill", "space": "gallowgate"}]}));
    assert_eq!(actor(&g), Seat(1));
    assert_eq!(legal(&g).len(), 3);
    act(&mut g, stance(MapStance::Hunt));
    assert_eq!(actor(&g), Seat(0));
    act(&mut g, stance(MapStance::Stealth));
    assert_eq!(view(&g).step, Step::MapAction { seat: Seat(1) });
}

#[test]
fn step_1_joining_parties_become_bold_if_anyone_was_bold() {
    let mut g = game(json!({"adventurers": [
        {"adventurer": "vesper-quill", "space": "gallowgate"},
        {"adventurer": "nettle-grue", "space": "reedway-1"}],
        "decks": {"danger": ["dead-calm"]}}));
    act(&mut g, stance(MapStance::Stealth));
    act(&mut g, stance(MapStance::Bold));
    act(&mut g, HodAction::Rest);
    act(
        &mut g,
        HodAction::FootTravel {
            to: "gallowgate".into(),
        },
    );
    let v = view(&g);
    assert_eq!(v.parties.len(), 1);
    assert_eq!(v.parties[0].stance, MapStance::Bold);
}

#[test]
fn step_2_an_adventurer_leaving_the_party_may_change_stance() {
    let mut g = game(json!({"adventurers": [
        {"adventurer": "vesper-quill", "space": "gallowgate"},
        {"adventurer": "nettle-grue", "space": "gallowgate"}]}));
    act(&mut g, stance(MapStance::Stealth));
    act(&mut g, HodAction::Rest);
    act(
        &mut g,
        HodAction::FootTravel {
            to: "reedway-1".into(),
        },
    );
    assert!(matches!(view(&g).step, Step::LeaverStance { .. }));
    act(&mut g, stance(MapStance::Hunt));
    let v = view(&g);
    assert_eq!(v.parties.len(), 2);
    assert!(v.parties.iter().any(|p| p.stance == MapStance::Hunt));
    assert!(v.parties.iter().any(|p| p.stance == MapStance::Stealth));
}

#[test]
fn step_2_force_march_needs_road_or_explored_path_and_a_con_test() {
    let g = game(json!({"adventurers": [{"adventurer": "brom-tallow", "space": "gallowgate"}]}));
    let mut g2 = game(
        json!({"adventurers": [{"adventurer": "brom-tallow", "space": "gallowgate"}],
        "explored": ["eelmarket"], "forcedDice": [6, 6]}),
    );
    let mut g = g;
    act(&mut g, stance(MapStance::Bold));
    let marches: Vec<_> = legal(&g)
        .into_iter()
        .filter(|a| matches!(a, HodAction::ForceMarch { .. }))
        .collect();
    assert_eq!(
        marches,
        vec![HodAction::ForceMarch {
            to: "reedway-2".into()
        }]
    );
    act(&mut g2, stance(MapStance::Bold));
    assert!(legal(&g2).contains(&HodAction::ForceMarch {
        to: "reedway-3".into()
    }));
    act(
        &mut g2,
        HodAction::ForceMarch {
            to: "reedway-3".into(),
        },
    );
    let v = view(&g2);
    assert_eq!(adv(&v, 0).space.0, "reedway-3");
    assert_eq!(
        adv(&v, 0).conditions,
        vec![Condition::Fatigued],
        "12 > CON 8: Fatigued"
    );
}

#[test]
fn step_2_river_port_travel_goes_downriver_for_2_gp() {
    let mut g = game(
        json!({"adventurers": [{"adventurer": "vesper-quill", "space": "gallowgate"}],
        "decks": {"danger": ["dead-calm"]}}),
    );
    act(&mut g, stance(MapStance::Bold));
    act(
        &mut g,
        HodAction::RiverPortTravel {
            to: "eelmarket".into(),
        },
    );
    let v = view(&g);
    assert_eq!(adv(&v, 0).space.0, "eelmarket");
    assert_eq!(adv(&v, 0).gp, 18);
    act(&mut g, stance(MapStance::Bold));
    assert!(
        !legal(&g)
            .iter()
            .any(|a| matches!(a, HodAction::RiverPortTravel { .. })),
        "no port downriver of Eelmarket"
    );
}

#[test]
fn step_2_lake_port_and_void_travel() {
    let mut g = game(
        json!({"adventurers": [{"adventurer": "vesper-quill", "space": "glasswater-landing"}]}),
    );
    act(&mut g, stance(MapStance::Bold));
    assert!(legal(&g).contains(&HodAction::LakePortTravel {
        to: "far-shore".into()
    }));
    let mut g =
        game(json!({"adventurers": [{"adventurer": "vesper-quill", "space": "hollow-spire"}]}));
    act(&mut g, stance(MapStance::Bold));
    assert!(legal(&g).contains(&HodAction::VoidTravel {
        to: "the-maze".into()
    }));
    let mut g = game(json!({"adventurers": [{"adventurer": "vesper-quill", "space": "the-maze"}]}));
    act(&mut g, stance(MapStance::Bold));
    assert!(legal(&g).contains(&HodAction::VoidTravel {
        to: "hollow-spire".into()
    }));
}

fn resting_in(space: &str, extra: Value) -> Game {
    let mut sc = json!({"adventurers": [{"adventurer": "vesper-quill", "space": space, "wounds": 4,
        "conditions": ["Poisoned", "Blinded"]}], "decks": {"danger": ["dead-calm"]}});
    if let (Some(o), Some(e)) = (sc.as_object_mut(), extra.as_object()) {
        for (k, v) in e {
            o.insert(k.clone(), v.clone());
        }
    }
    let mut g = game(sc);
    act(&mut g, stance(MapStance::Bold));
    act(&mut g, HodAction::Rest);
    g
}

#[test]
fn step_3_recover_comes_first_and_a_pass_removes_wounds_then_conditions() {
    let mut g = resting_in("gallowgate", json!({"forcedDice": [2, 3]}));
    assert_eq!(legal(&g), vec![HodAction::Recover]);
    act(&mut g, HodAction::Recover);
    let v = view(&g);
    assert_eq!(adv(&v, 0).wounds, 1, "4 Wounds less the highest die 3");
    assert!(adv(&v, 0).conditions.is_empty());
    assert!(legal(&g).contains(&HodAction::Trade));
    assert!(!legal(&g).contains(&HodAction::Recover));
}

#[test]
fn step_3_a_failed_recover_removes_nothing() {
    let mut g = resting_in("gallowgate", json!({"forcedDice": [6, 5]}));
    act(&mut g, HodAction::Recover);
    let v = view(&g);
    assert_eq!(adv(&v, 0).wounds, 4);
    assert_eq!(adv(&v, 0).conditions.len(), 2);
}

#[test]
fn step_3_explore_places_an_explored_counter_once() {
    let mut g = resting_in("reedway-1", json!({"forcedDice": [6, 6, 1, 1]}));
    act(&mut g, HodAction::Recover);
    act(&mut g, HodAction::Explore);
    assert_eq!(view(&g).explored, vec!["reedway-1".into()]);
    assert!(!legal(&g).contains(&HodAction::Explore));
}

#[test]
fn step_3_invest_in_a_lowlands_settlement_raises_town_and_lowers_bounty() {
    let mut g = resting_in(
        "eelmarket",
        json!({"forcedDice": [6, 6], "bounty": 3,
        "levels": [{"space": "eelmarket", "level": {"type": "Town", "level": 1}}]}),
    );
    act(&mut g, HodAction::Recover);
    act(&mut g, HodAction::Invest);
    let v = view(&g);
    assert_eq!(danger_of(&v, "eelmarket"), Level::Town { level: 2 });
    assert_eq!(v.bounty, 2);
    assert_eq!(adv(&v, 0).gp, 0);
    assert!(
        !legal(&g).contains(&HodAction::Invest),
        "each Rest Action once"
    );
}

#[test]
fn step_3_improve_spends_xp_on_a_skill_then_its_mastery() {
    let mut g = resting_in("reedway-1", json!({"forcedDice": [6, 6]}));
    act(&mut g, HodAction::Recover);
    assert!(legal(&g).contains(&HodAction::Improve {
        skill: "keen-eye".into()
    }));
    act(
        &mut g,
        HodAction::Improve {
            skill: "keen-eye".into(),
        },
    );
    let v = view(&g);
    assert_eq!(adv(&v, 0).xp, 1);
    assert_eq!(adv(&v, 0).skills.len(), 1);
    assert!(!v.skills.contains(&"keen-eye".into()));
}

#[test]
fn step_3_trade_draws_loot_equal_to_town_level_and_lurkers_attack_in_town() {
    let mut g = resting_in(
        "gallowgate",
        json!({"forcedDice": [6, 6],
        "decks": {"danger": ["dead-calm"], "loot": ["chain-shirt", "chest-mimic", "bitter-draught"]}}),
    );
    act(&mut g, HodAction::Recover);
    act(&mut g, HodAction::Trade);
    let v = view(&g);
    assert_eq!(
        v.market,
        vec!["chain-shirt".into(), "bitter-draught".into()],
        "Town Level 3: three cards"
    );
    act(
        &mut g,
        HodAction::Buy {
            item: "chain-shirt".into(),
        },
    );
    assert_eq!(adv(&view(&g), 0).gp, 6);
    act(&mut g, HodAction::DoneTrading);
    act(&mut g, HodAction::EndRest);
    // [5] A Town is safe, but the monster from the Loot deck attacks.
    let v = view(&g);
    let fight = v.fight.expect("the Chest Mimic attacks");
    assert!(fight.law_or_loot);
    assert_eq!(fight.foes[0].name, "Chest Mimic");
}

// ---------- [4]-[6] Danger phase ----------

fn danger_game(adventurers: Value, danger: &[&str], extra: Value) -> Game {
    let mut sc = json!({"adventurers": adventurers, "start": {"type": "Danger"},
        "decks": {"danger": danger}});
    if let (Some(o), Some(e)) = (sc.as_object_mut(), extra.as_object()) {
        for (k, v) in e {
            o.insert(k.clone(), v.clone());
        }
    }
    game(sc)
}

#[test]
fn step_4_first_card_raises_danger_level_and_moves_the_hand() {
    let g = danger_game(
        json!([{"adventurer": "vesper-quill", "space": "gallowgate"}]),
        &["cinder-wind"],
        json!({}),
    );
    let v = view(&g);
    assert_eq!(danger_of(&v, "ember-road"), Level::Danger { level: 4 });
    assert_eq!(v.hand, Some("ember-road-1".into()));
}

#[test]
fn step_4_only_the_first_partys_card_raises_a_level() {
    let g = danger_game(
        json!([{"adventurer": "vesper-quill", "space": "gallowgate"},
        {"adventurer": "nettle-grue", "space": "cinder-market"}]),
        &["dead-calm", "cinder-wind"],
        json!({}),
    );
    let v = view(&g);
    assert_eq!(
        danger_of(&v, "ember-road"),
        Level::Danger { level: 3 },
        "the second card changes nothing"
    );
    assert_eq!(v.hand, Some("ember-road-2".into()));
}

#[test]
fn step_5_a_value_above_the_danger_level_is_safe() {
    let g = danger_game(
        json!([{"adventurer": "vesper-quill", "space": "reedway-1"}]),
        &["dead-calm"],
        json!({}),
    );
    let v = view(&g);
    assert_eq!(v.turn, 2, "safe: no Encounter phase, the next turn");
    assert!(v.fight.is_none());
}

#[test]
fn step_5_a_value_at_or_below_the_level_draws_the_icons() {
    let g = danger_game(
        json!([{"adventurer": "vesper-quill", "space": "reedway-1"}]),
        &["stirring-reeds"],
        json!({"decks": {"danger": ["stirring-reeds"], "encounters": ["drowned-purse"], "monsters": ["reed-wisp"]}}),
    );
    let v = view(&g);
    assert_eq!(
        adv(&v, 0).gp,
        25,
        "the Encounter icon: Drowned Purse resolved at once"
    );
    assert_eq!(v.fight.expect("a fight").foes[0].name, "Reed Wisp");
}

#[test]
fn step_6_hunt_majority_pass_lowers_the_value() {
    let mut g = danger_game(
        json!([{"adventurer": "vesper-quill", "space": "reedway-1", "stance": "Hunt"},
        {"adventurer": "nettle-grue", "space": "reedway-1"}]),
        &["gnawing-hunger"],
        json!({"forcedDice": [1, 1, 6, 6], "decks": {"danger": ["gnawing-hunger"], "monsters": ["reed-wisp", "bog-lurker"]}}),
    );
    assert_eq!(
        legal(&g),
        vec![HodAction::RollForStance, HodAction::KeepDangerValue]
    );
    act(&mut g, HodAction::RollForStance);
    assert_eq!(last_danger(&g), (4, true), "1 of 2 passed: no majority");
    assert!(view(&g).fight.is_none());
    let mut g = danger_game(
        json!([{"adventurer": "vesper-quill", "space": "reedway-1", "stance": "Hunt"}]),
        &["gnawing-hunger"],
        json!({"forcedDice": [1, 1], "decks": {"danger": ["gnawing-hunger"], "monsters": ["reed-wisp", "bog-lurker"]}}),
    );
    act(&mut g, HodAction::RollForStance);
    let v = view(&g);
    assert_eq!(v.dangers[0].as_ref().map(|d| d.value), Some(3));
    assert_eq!(
        v.fight.expect("unsafe now").foes.len(),
        2,
        "Monster 2 for a party of 1"
    );
}

#[test]
fn step_6_stealth_all_pass_raises_the_value() {
    let mut g = danger_game(
        json!([{"adventurer": "vesper-quill", "space": "reedway-1", "stance": "Stealth"}]),
        &["jaws-in-the-dark"],
        json!({"forcedDice": [1, 1]}),
    );
    act(&mut g, HodAction::RollForStance);
    assert_eq!(danger_of(&view(&g), "reedway"), Level::Danger { level: 3 });
    assert_eq!(last_danger(&g), (4, true), "all passed: 3 + 1");
}

#[test]
fn step_6_the_maze_gives_void_shock_instead_of_icons() {
    let g = danger_game(
        json!([{"adventurer": "vesper-quill", "space": "the-maze"}]),
        &["jaws-in-the-dark"],
        json!({}),
    );
    let v = view(&g);
    assert_eq!(adv(&v, 0).wounds, 1);
    assert!(v.fight.is_none());
}

#[test]
fn step_6_in_the_hands_space_a_sign_of_power_is_drawn() {
    let g = danger_game(
        json!([{"adventurer": "vesper-quill", "space": "ember-road-2"}]),
        &["dead-calm"],
        json!({"decks": {"danger": ["dead-calm"], "signs": ["pale-eye"]}}),
    );
    let v = view(&g);
    assert_eq!(v.bounty, 3);
    assert_eq!(adv(&v, 0).conditions, vec![Condition::Suppressed]);
}

#[test]
fn step_6_no_sign_of_power_when_the_card_moved_the_hand_away() {
    let g = danger_game(
        json!([{"adventurer": "vesper-quill", "space": "ember-road-2"}]),
        &["spire-omen"],
        json!({"decks": {"danger": ["spire-omen"], "signs": ["pale-eye"]}}),
    );
    let v = view(&g);
    assert_eq!(v.hand, Some("hollow-spire".into()));
    assert_eq!(v.bounty, 2);
}

// ---------- [7]-[9] Encounter phase ----------

#[test]
fn step_7_in_the_hands_space_a_dispel_replaces_the_encounter() {
    // Cinder Wind moves the Hand to the Ember Road's first space, the party's: a Sign of
    // Power (Rift Song: an MRL test), then the dispel instead of the Encounter.
    let mut g2 = danger_game(
        json!([{"adventurer": "vesper-quill", "space": "ember-road-1"}]),
        &["cinder-wind"],
        json!({"forcedDice": [2, 2, 2, 2], "decks": {"danger": ["cinder-wind"], "signs": ["rift-song"]}}),
    );
    assert_eq!(view(&g2).hand, Some("ember-road-1".into()));
    assert!(
        matches!(view(&g2).step, Step::Dispel { .. }),
        "{:?}",
        view(&g2).step
    );
    act(&mut g2, HodAction::AttemptDispel { by: Seat(0) });
    match g2.to_act() {
        ToAct::GameOver { outcome } => assert_eq!(outcome.winners, vec![Seat(0)]),
        other => panic!("{other:?}"),
    }
}

#[test]
fn step_7_a_voidgate_dispel_removes_the_counter() {
    let mut g = danger_game(
        json!([{"adventurer": "vesper-quill", "space": "hollow-spire"}]),
        &["stirring-reeds"],
        json!({"forcedDice": [2, 2], "decks": {"danger": ["stirring-reeds"], "monsters": ["ash-moth"]}}),
    );
    assert!(matches!(view(&g).step, Step::Dispel { .. }));
    act(&mut g, HodAction::AttemptDispel { by: Seat(0) });
    let v = view(&g);
    assert!(!v.voidgates.contains(&"hollow-spire".into()));
    assert_eq!(v.fight.expect("then the monsters").foes[0].name, "Ash Moth");
}

#[test]
fn step_7_a_clue_counter_resolves_its_mission_encounter_even_when_safe() {
    let g = danger_game(
        json!([{"adventurer": "vesper-quill", "space": "far-shore"}]),
        &["dead-calm"],
        json!({}),
    );
    let v = view(&g);
    assert!(v.clues.is_empty());
    assert_eq!(adv(&v, 0).xp, 7);
    assert_eq!(adv(&v, 0).conditions, vec![Condition::Focused]);
}

#[test]
fn step_7_a_destroyed_counter_means_no_random_encounter() {
    let g = danger_game(
        json!([{"adventurer": "vesper-quill", "space": "reedway-3"}]),
        &["stirring-reeds"],
        json!({"decks": {"danger": ["stirring-reeds"], "encounters": ["drowned-purse"], "monsters": ["reed-wisp"]}}),
    );
    let v = view(&g);
    assert_eq!(adv(&v, 0).gp, 20, "no Drowned Purse");
    assert!(v.fight.is_some());
}

#[test]
fn step_8_a_held_encounter_resolves_after_the_monsters_are_beaten() {
    let mut g = danger_game(
        json!([{"adventurer": "brom-tallow", "space": "reedway-1"}]),
        &["stirring-reeds"],
        json!({"forcedDice": [6, 6, 1, 1, 1, 4, 6], "decks": {"danger": ["stirring-reeds"], "encounters": ["lost-pilgrim"], "monsters": ["reed-wisp"], "loot": ["mud-tonic"]}}),
    );
    assert_eq!(view(&g).held, Some("lost-pilgrim".into()));
    act(&mut g, guard());
    act(&mut g, attack("tallow-maul", 0));
    let v = view(&g);
    assert!(v.fight.is_none());
    assert_eq!(
        adv(&v, 0).xp,
        2 + 1 + 2,
        "reward 1 XP, then the pilgrim's 2"
    );
    assert!(adv(&v, 0).items.contains(&"mud-tonic".into()));
}

#[test]
fn step_8_epic_icon_draws_the_epic_monster_of_the_lair() {
    let g = danger_game(
        json!([{"adventurer": "brom-tallow", "space": "reedway-2"}]),
        &["jaws-in-the-dark"],
        json!({"decks": {"danger": ["jaws-in-the-dark"], "monsters": ["reed-wisp"]}}),
    );
    let v = view(&g);
    let names: Vec<_> = v
        .fight
        .expect("a fight")
        .foes
        .iter()
        .map(|f| f.name.clone())
        .collect();
    assert_eq!(names, vec!["Reed Wisp", "The Reed Mother"]);
}

fn law_game(dice: &[u8]) -> Game {
    danger_game(
        json!([{"adventurer": "vesper-quill", "space": "gallowgate"}]),
        &["tolling-bells"],
        json!({"forcedDice": dice, "decks": {"danger": ["tolling-bells"], "monsters": ["bailiff"]}}),
    )
}

#[test]
fn step_9_law_in_a_law_town_may_be_bribed() {
    let mut g = law_game(&[1, 1]);
    assert!(matches!(view(&g).step, Step::Bribe { .. }));
    act(&mut g, HodAction::AttemptBribe { by: Seat(0) });
    assert!(matches!(view(&g).step, Step::PayBribe { .. }));
    act(&mut g, HodAction::PayBribe);
    let v = view(&g);
    assert_eq!(
        adv(&v, 0).gp,
        20 - (2 + 2),
        "Bounty Level 2 + the Bailiff's 2 XP"
    );
    assert!(v.fight.is_none());
    assert_eq!(v.turn, 2);
}

#[test]
fn rule_hod_6_stealth_in_a_law_town_may_avoid_the_law() {
    // Tolling Bells (value 1, Law) in Gallowgate, a Law Town with no Danger Level; Bounty
    // Level 1. A Stealth party that all pass raises the value to 2, above the Bounty Level.
    let mut g = danger_game(
        json!([{"adventurer": "vesper-quill", "space": "gallowgate", "stance": "Stealth"}]),
        &["tolling-bells"],
        json!({"bounty": 1, "forcedDice": [1, 1], "decks": {"danger": ["tolling-bells"], "monsters": ["bailiff"]}}),
    );
    assert_eq!(
        legal(&g),
        vec![HodAction::RollForStance, HodAction::KeepDangerValue],
        "[6] has no exception for Towns"
    );
    act(&mut g, HodAction::RollForStance);
    assert_eq!(last_danger(&g).0, 2);
    let v = view(&g);
    assert!(!matches!(v.step, Step::Bribe { .. }), "{:?}", v.step);
    assert!(v.fight.is_none(), "2 is above the Bounty Level: no Law");
    assert!(
        !g.log(Viewer::Omniscient)
            .expect("a log")
            .iter()
            .any(|e| matches!(e.detail, HodEvent::FoeJoined { .. })),
        "the Law never came"
    );
}

#[test]
fn rule_hod_6_hunt_in_a_law_town_may_bring_the_law_on() {
    // Wardens' Patrol (value 3, Law) in Gallowgate with the Bounty Level at 2: Hunt lowers
    // the value to 2, and [7] then finds it at or below the Bounty Level.
    let mut g = danger_game(
        json!([{"adventurer": "vesper-quill", "space": "gallowgate", "stance": "Hunt"}]),
        &["wardens-patrol"],
        json!({"forcedDice": [1, 1], "decks": {"danger": ["wardens-patrol"], "monsters": ["bailiff"],
            "encounters": ["lost-pilgrim"]}}),
    );
    act(&mut g, HodAction::RollForStance);
    let v = view(&g);
    assert_eq!(v.dangers[0].as_ref().map(|d| d.value), Some(2));
    assert!(matches!(v.step, Step::Bribe { .. }), "{:?}", v.step);
}

#[test]
fn rule_hod_6_no_stance_roll_in_a_town_without_law() {
    // Eelmarket made a Town: no Danger Level, no Law: the value decides nothing.
    let g = danger_game(
        json!([{"adventurer": "vesper-quill", "space": "eelmarket", "stance": "Hunt"}]),
        &["dead-calm"],
        json!({"levels": [{"space": "eelmarket", "level": {"type": "Town", "level": 1}}]}),
    );
    assert!(!legal(&g).contains(&HodAction::RollForStance));
}

#[test]
fn step_9_a_failed_bribe_raises_the_bounty_and_the_party_fights() {
    let mut g = law_game(&[6, 6]);
    act(&mut g, HodAction::AttemptBribe { by: Seat(0) });
    let v = view(&g);
    assert_eq!(v.bounty, 3);
    assert!(v.fight.is_some());
}

#[test]
fn step_9_surrender_ends_the_mission() {
    let mut g = law_game(&[]);
    act(&mut g, HodAction::Surrender);
    match g.to_act() {
        ToAct::GameOver { outcome } => assert!(outcome.winners.is_empty()),
        other => panic!("{other:?}"),
    }
}
