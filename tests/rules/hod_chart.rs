//! Hand of Doom, the rest of the chart's lines (seed 003) not covered by `hod_steps.rs` and
//! `hod_fight.rs`: the Skill class requirement ([3]), reshuffle cards ([4]), Towns and
//! trait-dependent values ([5]), the Epic and Law Epic Monster counters ([5]/[6]), an
//! escaped adventurer returning ([10]), Drain and Regenerate and a new round ([12]), and the
//! Monster Victory consequences of [13]. Forced dice and stacked decks throughout.

use serde_json::{json, Value};
use tabletop_rules::engine::{Seat, Seed, Session, ToAct, Viewer};
use tabletop_rules::hand_of_doom::actions::{AttackWith, HodAction, HodEvent};
use tabletop_rules::hand_of_doom::content::Level;
use tabletop_rules::hand_of_doom::fight::{CombatStance, FighterStatus, FoeCard};
use tabletop_rules::hand_of_doom::state::{LevelKey, MapStance, Step};
use tabletop_rules::hand_of_doom::view::HodView;
use tabletop_rules::hand_of_doom::HandOfDoom;

type Game = Session<HandOfDoom>;

fn game(mut sc: Value, extra: Value) -> Game {
    if let (Some(o), Some(e)) = (sc.as_object_mut(), extra.as_object()) {
        for (k, v) in e {
            o.insert(k.clone(), v.clone());
        }
    }
    Session::from_scenario(serde_json::from_value(sc).expect("a scenario"), Seed(7))
        .expect("the scenario starts")
}

fn danger_game(adventurers: Value, extra: Value) -> Game {
    game(
        json!({"adventurers": adventurers, "start": {"type": "Danger"}}),
        extra,
    )
}

fn fight(adventurers: Value, monsters: &[&str], dice: &[u8]) -> Game {
    game(
        json!({"adventurers": adventurers, "start": {"type": "Fight", "monsters": monsters},
            "forcedDice": dice}),
        json!({}),
    )
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

fn foe_names(v: &HodView) -> Vec<String> {
    v.fight
        .as_ref()
        .expect("a fight")
        .foes
        .iter()
        .map(|f| f.name.clone())
        .collect()
}

/// The first party's Danger value and whether it was safe ([5]).
fn last_danger(g: &Game) -> (u8, bool) {
    let d = view(g).dangers[0].clone().expect("a Danger card");
    (d.value, d.safe)
}

fn combat_stance(g: &mut Game, stance: CombatStance) {
    act(g, HodAction::ChooseCombatStance { stance });
}

fn hit(item: &str, target: u8) -> HodAction {
    HodAction::Attack {
        with: AttackWith::Item { item: item.into() },
        target,
    }
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

// ---------- [3] ----------

#[test]
fn step_3_improve_needs_the_skills_class() {
    let margin_notes = HodAction::Improve {
        skill: "margin-notes".into(),
    };
    for (who, allowed) in [("vesper-quill", true), ("brom-tallow", false)] {
        let mut g = game(
            json!({"adventurers": [{"adventurer": who, "space": "reedway-1", "xp": 10}],
                "forcedDice": [6, 6]}),
            json!({}),
        );
        act(
            &mut g,
            HodAction::ChooseStance {
                stance: MapStance::Bold,
            },
        );
        act(&mut g, HodAction::Rest);
        act(&mut g, HodAction::Recover);
        assert_eq!(
            legal(&g).contains(&margin_notes),
            allowed,
            "{who}: Margin Notes needs the Scholar class"
        );
        if !allowed {
            let seat = actor(&g);
            let before = view(&g);
            assert!(g.apply(seat, margin_notes.clone()).is_err());
            assert_eq!(view(&g), before, "a refused Improve changes nothing");
        }
    }
}

// ---------- [4]-[6] ----------

#[test]
fn step_4_a_reshuffle_card_shuffles_the_danger_discard_back() {
    let g = danger_game(
        json!([{"adventurer": "vesper-quill", "space": "gallowgate"},
            {"adventurer": "nettle-grue", "space": "cinder-market"}]),
        json!({"decks": {"danger": ["dead-calm", "turning-tide"]}}),
    );
    let v = view(&g);
    let cards = tabletop_rules::hand_of_doom::scenario::load_content(None)
        .expect("the sample")
        .danger
        .len();
    assert!(v.danger.discard.is_empty(), "both cards went back");
    assert_eq!(v.danger.left as usize, cards);
}

#[test]
fn step_5_a_town_is_safe() {
    // Gnawing Hunger (value 4, Monster 2) in Cinder Market, a Town that is not a Law town.
    let g = danger_game(
        json!([{"adventurer": "vesper-quill", "space": "cinder-market"}]),
        json!({"decks": {"danger": ["gnawing-hunger"]}}),
    );
    let v = view(&g);
    assert_eq!(v.danger.discard, vec!["gnawing-hunger".to_string()]);
    assert!(v.fight.is_none());
    assert_eq!(v.turn, 2, "the Encounter phase is skipped");
}

#[test]
fn step_5_a_trait_dependent_value_is_compared_with_the_level() {
    // Lantern Eyes: 4, 2 in a Woodland space, 5 in an Inside space.
    let g = danger_game(
        json!([{"adventurer": "brom-tallow", "space": "reedway-2"}]),
        json!({"decks": {"danger": ["lantern-eyes"], "monsters": ["reed-wisp"]}}),
    );
    assert_eq!(last_danger(&g), (2, false), "Woodland: 2, Reedway at 3");
    assert_eq!(foe_names(&view(&g)), vec!["Reed Wisp"]);
    let g = danger_game(
        json!([{"adventurer": "brom-tallow", "space": "hollow-spire"}]),
        json!({"decks": {"danger": ["lantern-eyes"]}}),
    );
    assert_eq!(
        last_danger(&g),
        (5, false),
        "Inside: 5, the Hollow Spire at 4 + 1"
    );
}

#[test]
fn step_5_a_safe_party_still_fights_an_epic_monster_counter() {
    let g = danger_game(
        json!([{"adventurer": "brom-tallow", "space": "reedway-1"}]),
        json!({"decks": {"danger": ["dead-calm"]},
            "epicCounters": [{"space": "reedway-1", "monster": "hollow-king"}]}),
    );
    assert!(last_danger(&g).1, "Dead Calm (6) is safe");
    let v = view(&g);
    assert_eq!(foe_names(&v), vec!["The Hollow King"]);
    assert!(
        v.epic_counters.is_empty(),
        "the counter's monster is in the fight"
    );
}

#[test]
fn step_6_an_epic_counter_counts_the_party_one_smaller_and_ignores_the_epic_icon() {
    // Jaws in the Dark: Monster 1/2/3 and the Epic icon, in a Woodland space (the Reed
    // Mother's lair). With the Hollow King's counter there, a party of 2 draws 1 monster.
    let g = danger_game(
        json!([{"adventurer": "brom-tallow", "space": "reedway-2"},
            {"adventurer": "nettle-grue", "space": "reedway-2"}]),
        json!({"decks": {"danger": ["jaws-in-the-dark"], "monsters": ["reed-wisp"]},
            "levels": [{"space": "reedway-2", "level": {"type": "Danger", "level": 4}}],
            "epicCounters": [{"space": "reedway-2", "monster": "hollow-king"}]}),
    );
    assert_eq!(foe_names(&view(&g)), vec!["Reed Wisp", "The Hollow King"]);
}

#[test]
fn step_6_a_law_epic_counter_draws_law_monsters_for_a_party_one_smaller() {
    // Stirring Reeds (value 2, Monster 1/1/2) outside any Law space: the Hanging Judge's
    // counter makes it a Law card; Bounty 3: one Law monster for a party of 2 - 1.
    let g = danger_game(
        json!([{"adventurer": "brom-tallow", "space": "reedway-1"},
            {"adventurer": "nettle-grue", "space": "reedway-1"}]),
        json!({"bounty": 3, "decks": {"danger": ["stirring-reeds"], "monsters": ["bailiff", "reed-wisp"],
                "encounters": ["lost-pilgrim"]},
            "epicCounters": [{"space": "reedway-1", "monster": "hanging-judge"}]}),
    );
    let v = view(&g);
    assert!(matches!(v.step, Step::Bribe { .. }), "{:?}", v.step);
    assert_eq!(
        v.waiting_foes,
        vec![
            FoeCard::Monster {
                card: "bailiff".into()
            },
            FoeCard::Monster {
                card: "hanging-judge".into()
            }
        ],
        "a Law monster, no Reed Wisp, and the Judge"
    );
}

#[test]
fn step_6_a_law_epic_counter_above_the_bounty_draws_no_random_monsters() {
    let g = danger_game(
        json!([{"adventurer": "brom-tallow", "space": "reedway-1"},
            {"adventurer": "nettle-grue", "space": "reedway-1"}]),
        json!({"bounty": 1, "decks": {"danger": ["stirring-reeds"], "monsters": ["bailiff", "reed-wisp"],
                "encounters": ["lost-pilgrim"]},
            "epicCounters": [{"space": "reedway-1", "monster": "hanging-judge"}]}),
    );
    assert_eq!(
        foe_names(&view(&g)),
        vec!["The Hanging Judge"],
        "value 2 > Bounty 1: only the Epic, fought at once"
    );
    // Alone, even at or below the Bounty Level, no random monsters.
    let g = danger_game(
        json!([{"adventurer": "brom-tallow", "space": "reedway-1"}]),
        json!({"bounty": 4, "decks": {"danger": ["stirring-reeds"], "monsters": ["bailiff"],
                "encounters": ["lost-pilgrim"]},
            "epicCounters": [{"space": "reedway-1", "monster": "hanging-judge"}]}),
    );
    assert_eq!(foe_names(&view(&g)), vec!["The Hanging Judge"]);
}

// ---------- [10]-[12] ----------

#[test]
fn step_10_an_escaped_adventurer_may_return_on_a_later_turn() {
    // The Slag Troll targets the highest CON (Brom); Vesper is not targeted and escapes
    // at once. Brom: defence 6+6 fails, power 1+1, the maul's attack 6+6 fails.
    let mut g = fight(
        json!([{"adventurer": "vesper-quill", "space": "reedway-1"},
            {"adventurer": "brom-tallow", "space": "reedway-1"}]),
        &["slag-troll"],
        &[6, 6, 1, 1, 6, 6],
    );
    combat_stance(&mut g, CombatStance::Guard);
    act(&mut g, HodAction::Escape);
    combat_stance(&mut g, CombatStance::Guard);
    act(&mut g, hit("tallow-maul", 0));
    let v = view(&g);
    let f = v.fight.as_ref().expect("round 2");
    assert_eq!(f.round, 2);
    assert_eq!(actor(&g), Seat(0));
    assert_eq!(
        legal(&g),
        vec![HodAction::ReturnToFight, HodAction::StayOut]
    );
    act(&mut g, HodAction::ReturnToFight);
    let v = view(&g);
    let me = v.fight.as_ref().and_then(|f| f.fighter(Seat(0)).cloned());
    assert_eq!(me.map(|f| f.status), Some(FighterStatus::Fighting));
    assert!(legal(&g).contains(&HodAction::ChooseCombatStance {
        stance: CombatStance::Assault
    }));
}

#[test]
fn step_10_an_escaped_adventurer_may_stay_out() {
    let mut g = fight(
        json!([{"adventurer": "vesper-quill", "space": "reedway-1"},
            {"adventurer": "brom-tallow", "space": "reedway-1"}]),
        &["slag-troll"],
        &[6, 6, 1, 1, 6, 6],
    );
    combat_stance(&mut g, CombatStance::Guard);
    act(&mut g, HodAction::Escape);
    combat_stance(&mut g, CombatStance::Guard);
    act(&mut g, hit("tallow-maul", 0));
    act(&mut g, HodAction::StayOut);
    assert_eq!(actor(&g), Seat(1), "Brom's turn in round 2");
}

#[test]
fn step_12_drain_and_regenerate_heal_the_monsters_last() {
    // Brom's piercing cleaver: defence 1+1, power 1+1, attack 5+4 (STR 9): 5 Wounds on
    // the Slag Troll, which regenerates 1 at the end of the round.
    let mut g = fight(
        json!([{"adventurer": "brom-tallow", "space": "ember-road-1", "items": ["serrated-cleaver"]}]),
        &["slag-troll"],
        &[1, 1, 1, 1, 5, 4],
    );
    combat_stance(&mut g, CombatStance::Guard);
    act(&mut g, hit("serrated-cleaver", 0));
    assert_eq!(foe_wounds(&view(&g), 0), 4, "5 Wounds, 1 regenerated");
    // Vesper against the Leech Swarm: defence 6+6 fails, power 1, attack 1+2 passes (2
    // Wounds); the swarm deals 2 and drains them back.
    let mut g = fight(
        json!([{"adventurer": "vesper-quill", "space": "reedway-1"}]),
        &["leech-swarm"],
        &[6, 6, 1, 1, 2],
    );
    combat_stance(&mut g, CombatStance::Assault);
    act(&mut g, hit("rusty-quillknife", 0));
    let v = view(&g);
    assert_eq!(v.adventurers[0].wounds, 2);
    assert_eq!(foe_wounds(&v, 0), 0, "Drain heals the 2 Wounds it dealt");
    let log = g.log(Viewer::Omniscient).expect("a log");
    let wounded = log
        .iter()
        .position(|e| matches!(e.detail, HodEvent::FoeWounded { .. }));
    let healed = log
        .iter()
        .position(|e| matches!(e.detail, HodEvent::FoeHealed { .. }));
    assert!(wounded < healed, "healing comes at the end of the round");
}

// ---------- [13] ----------

#[test]
fn step_13_an_escaped_adventurer_discards_trophies_without_reward() {
    // Round 1: Vesper destroys the Ash Moth (defence 6+6 fails, power 1, attack 1+1: 1
    // Wound) and suffers the Reed Wisp's 2. Round 2: she escapes (AGI 1+1): a Monster Victory.
    let mut g = fight(
        json!([{"adventurer": "vesper-quill", "space": "reedway-1"}]),
        &["ash-moth", "reed-wisp"],
        &[6, 6, 1, 1, 1, 1, 1],
    );
    combat_stance(&mut g, CombatStance::Assault);
    act(&mut g, hit("rusty-quillknife", 0));
    let v = view(&g);
    let f = v
        .fight
        .as_ref()
        .expect("a new round while both sides remain");
    assert_eq!(f.round, 2);
    assert_eq!(f.fighters[0].trophies.len(), 1);
    combat_stance(&mut g, CombatStance::Guard);
    act(&mut g, HodAction::Escape);
    let v = view(&g);
    assert!(v.fight.is_none());
    assert_eq!(v.adventurers[0].xp, 4, "no reward for the Ash Moth");
    assert_eq!(v.adventurers[0].gp, 20);
    assert!(v.adventurers[0].alive);
    assert_eq!(
        level(&v, "reedway"),
        Level::Danger { level: 3 },
        "Monster Victory"
    );
}

#[test]
fn step_13_monster_victory_shuffles_survivors_back_and_discards_the_held_encounter() {
    // Stirring Reeds: the Lost Pilgrim is held, the Reed Wisp attacks; Brom escapes (AGI 1+1).
    let mut g = danger_game(
        json!([{"adventurer": "brom-tallow", "space": "reedway-1"}]),
        json!({"forcedDice": [1, 1],
            "decks": {"danger": ["stirring-reeds"], "encounters": ["lost-pilgrim"], "monsters": ["reed-wisp"]}}),
    );
    let fens_left = |v: &HodView| {
        v.regions
            .iter()
            .find(|r| r.region.0 == "fens")
            .expect("the fens")
            .clone()
    };
    let before = fens_left(&view(&g)).monsters.left;
    assert_eq!(view(&g).held, Some("lost-pilgrim".into()));
    combat_stance(&mut g, CombatStance::Guard);
    act(&mut g, HodAction::Escape);
    let v = view(&g);
    let fens = fens_left(&v);
    assert_eq!(
        fens.monsters.left,
        before + 1,
        "the Reed Wisp is back in its deck"
    );
    assert!(fens.monsters.discard.is_empty());
    assert_eq!(v.held, None);
    assert!(fens
        .encounters
        .discard
        .contains(&"lost-pilgrim".to_string()));
    assert_eq!(v.adventurers[0].xp, 2, "the Pilgrim's XP is not gained");
    assert_eq!(level(&v, "reedway"), Level::Danger { level: 4 }, "3 + 1");
}

#[test]
fn step_13_a_party_victory_lowers_a_level_only_once_per_turn_per_space() {
    // Two parties in the Reedway (one territory, one Danger Level 5 -> 6 by the first card).
    // Brom kills the Reed Wisp (defence 1+1, power 1+1, cleaver 5+4); Nettle kills the
    // Frog Cutpurse (defence 1+1, power 1, bow 3+4, a second attack 1+1).
    let mut g = danger_game(
        json!([{"adventurer": "brom-tallow", "space": "reedway-1", "items": ["serrated-cleaver"]},
            {"adventurer": "nettle-grue", "space": "reedway-3"}]),
        json!({"forcedDice": [1, 1, 1, 1, 5, 4, 1, 1, 1, 3, 4, 1, 1],
            "levels": [{"space": "reedway-1", "level": {"type": "Danger", "level": 5}}],
            "decks": {"danger": ["stirring-reeds", "lantern-eyes"], "encounters": ["lost-pilgrim"],
                "monsters": ["reed-wisp", "frog-cutpurse"]}}),
    );
    assert_eq!(level(&view(&g), "reedway"), Level::Danger { level: 6 });
    assert_eq!(foe_names(&view(&g)), vec!["Reed Wisp"]);
    combat_stance(&mut g, CombatStance::Guard);
    act(&mut g, hit("serrated-cleaver", 0));
    assert_eq!(level(&view(&g), "reedway"), Level::Danger { level: 5 });
    assert_eq!(foe_names(&view(&g)), vec!["Frog Cutpurse"]);
    combat_stance(&mut g, CombatStance::Guard);
    act(&mut g, hit("fen-bow", 0));
    let v = view(&g);
    assert!(v.fight.is_none());
    assert_eq!(v.adventurers[1].xp, 3 + 1, "Nettle's reward");
    assert_eq!(
        level(&v, "reedway"),
        Level::Danger { level: 5 },
        "lowered once this turn"
    );
}
