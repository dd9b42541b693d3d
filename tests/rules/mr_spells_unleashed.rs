//! Rule scenarios for Unleash Power, World Fades, Hurricane Winds and Whistle for Monsters
//! (the List of Spells; rules 4.6.9, 7.5.7, 7.3.3, 7.13), each built from a scenario with
//! forced dice and named by its rule.

use crate::spells_common::*;
use serde_json::{json, Value};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::characters::ChitKind;
use tabletop_rules::magic_realm::catalog::common::Size;
use tabletop_rules::magic_realm::combat::spells::{self, SpellAim, SpellExpiry};
use tabletop_rules::magic_realm::combat::{self, CombatStage};
use tabletop_rules::magic_realm::day::who;
use tabletop_rules::magic_realm::state::ChitStatus;

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn merged(mut base: Value, extra: Value) -> Value {
    if let (Some(s), Some(extra)) = (base.as_object_mut(), extra.as_object()) {
        for (k, v) in extra {
            s.insert(k.clone(), v.clone());
        }
    }
    base
}

fn swordsman(extra: Value) -> Value {
    merged(
        json!({"character": "swordsman", "at": here(), "hidden": false}),
        extra,
    )
}

// ---------------------------------------------------------------------------------------
// Unleash Power

/// A Sorceror with Unleash Power recorded in box 0 and his Magic IV chit 4 enchanted (a
/// Purple colour chit); his Magic VI chit 8 (time 4) casts it.
fn sorceror(extra: Value) -> Value {
    merged(
        json!({"character": "sorceror", "at": here(), "spells": ["unleash-power"],
        "hidden": false, "chits": [{"chit": 4, "status": "enchanted"}]}),
        extra,
    )
}

/// Unleash Power in effect on the Sorceror's chits 7 (VI, time 6) and 11 (IV, time 5).
fn unleashed() -> Value {
    json!({"caster": 0, "spell": "unleash-power", "spellBox": 0, "chit": 8,
        "aims": [{"aim": "chit", "chit": 7}, {"aim": "chit", "chit": 11}],
        "until": {"at": "sunset", "day": 2}})
}

fn kind_of(g: &Game, seat: tabletop_rules::engine::Seat, chit: u8) -> ChitKind {
    who::chits(cat(), g.state(), seat)
        .find(|(i, _, _)| *i == chit)
        .map(|(_, c, _)| c.kind)
        .unwrap()
}

fn offered_chits(g: &Game) -> Vec<u8> {
    g.legal_actions(S0)
        .iter()
        .filter_map(|a| match a {
            A::AimSpell {
                aim: SpellAim::Chit { chit },
            } => Some(*chit),
            _ => None,
        })
        .collect()
}

/// Casts Unleash Power and passes until the Sorceror names its targets.
fn cast_unleash(g: &mut Game, log: &mut Vec<tabletop_rules::engine::Event<E>>) {
    let cast = A::CastSpell {
        spell_box: 0,
        chit: 8,
        colour_chit: Some(4),
    };
    until(g, S0, &cast, log);
    for _ in 0..10 {
        if !offered_chits(g).is_empty() {
            return;
        }
        pass_once(g, log);
    }
    panic!("Unleash Power is never aimed");
}

#[test]
fn rule_4_6_9c_unleash_power_turns_the_chosen_magic_chits_into_move_fight_chits() {
    let mut g = start(json!({"seats": [sorceror(json!({})), swordsman(json!({}))],
        "at": "sunset", "dice": dice(4, 40)}));
    let day = g.state().step.day().unwrap();
    let mut log = Vec::new();
    cast_unleash(&mut g, &mut log);
    // His active Magic chits: not the one casting it, nor the colour chit.
    assert_eq!(offered_chits(&g), [3, 5, 6, 7, 9, 10, 11]);
    for chit in [7, 9, 11] {
        let aim = A::AimSpell {
            aim: SpellAim::Chit { chit },
        };
        log.extend(g.apply(S0, aim).unwrap());
    }
    log.extend(g.apply(S0, A::EndAim).unwrap());
    through_targets(&mut g, &mut log);
    // Strength by printed time: 6 Tremendous, 3 Light, 5 Heavy.
    let mf = |strength| ChitKind::MoveFight { strength };
    assert_eq!(kind_of(&g, S0, 7), mf(Size::Tremendous));
    assert_eq!(kind_of(&g, S0, 9), mf(Size::Light));
    assert_eq!(kind_of(&g, S0, 11), mf(Size::Heavy));
    assert!(
        matches!(kind_of(&g, S0, 6), ChitKind::Magic { .. }),
        "not chosen"
    );
    assert!(details(&log).iter().any(|d| matches!(d,
        E::ChitsUnleashed { seat: S0, chits } if chits.len() == 3)));
    assert_eq!(chit(&g, S0, 8), ChitStatus::Committed);
    // Every seat sees which chits are Move/Fight chits now.
    let view = tabletop_rules::magic_realm::view::view(
        g.state(),
        tabletop_rules::engine::Viewer::Seat { seat: S1 },
    );
    assert_eq!(
        view.seats[0].move_fight,
        [(7, Size::Tremendous), (9, Size::Light), (11, Size::Heavy)]
    );
    assert_eq!(
        g.state().spells[0].until,
        SpellExpiry::Sunset { day: day + 1 },
        "a Day spell"
    );
    // 4.6.6g: they are Magic chits again at Sunset of the next day.
    let mut st = g.state().clone();
    let mut ev = Vec::new();
    spells::sunset(cat(), &mut st, day + 1, &mut ev);
    assert!(details(&ev).iter().any(|d| matches!(d,
        E::UnleashedChitsRevert { seat: S0, chits } if *chits == vec![7, 9, 11])));
    assert!(matches!(
        who::chits(cat(), &st, S0)
            .find(|(i, _, _)| *i == 7)
            .map(|(_, c, _)| c.kind),
        Some(ChitKind::Magic { .. })
    ));
}

#[test]
fn rule_4_6_9c_unleash_power_refuses_a_chit_that_is_not_an_active_magic_chit() {
    let mut g = start(json!({"seats": [sorceror(json!({})), swordsman(json!({}))],
        "at": "sunset", "dice": dice(4, 40)}));
    let mut log = Vec::new();
    cast_unleash(&mut g, &mut log);
    let before = serde_json::to_string(g.state()).unwrap();
    // A Move chit, the colour chit, the chit casting the spell.
    for chit in [0, 4, 8] {
        let aim = A::AimSpell {
            aim: SpellAim::Chit { chit },
        };
        assert!(g.apply(S0, aim).is_err(), "chit {chit} is refused");
    }
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}

/// The Sorceror, unleashed, meets the Swordsman at Sunset of day 1.
fn unleashed_sorceror() -> Game {
    start(
        json!({"seats": [sorceror(json!({})), swordsman(json!({}))], "spells": [unleashed()],
        "at": "sunset", "dice": dice(4, 80)}),
    )
}

#[test]
fn rule_8_3_6_unleash_power_move_fight_chit_charges_but_casts_no_spell() {
    let mut g = unleashed_sorceror();
    let mut log = Vec::new();
    for _ in 0..20 {
        if combat::current(g.state()).is_some_and(|c| c.stage == CombatStage::Deployment)
            && g.to_act().seats().contains(&S0)
        {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    let legal = g.legal_actions(S0);
    // 8.3.6: it charges like a Move chit.
    assert!(legal.contains(&A::Charge {
        target: S1,
        chit: 7
    }));
    // It is no Magic chit while transformed.
    assert!(!legal
        .iter()
        .any(|a| matches!(a, A::CastSpell { chit: 7 | 11, .. })));
}

#[test]
fn rule_8_4_5_unleash_power_move_fight_chit_plays_as_attack_or_maneuver_not_both() {
    let mut g = unleashed_sorceror();
    let mut log = Vec::new();
    // Each names the other as his target: both play attacks and maneuvers.
    for _ in 0..60 {
        if combat::current(g.state()).is_some_and(|c| c.stage == CombatStage::Plays)
            && g.to_act().seats().contains(&S0)
        {
            break;
        }
        let who = g.to_act().seats()[0];
        let other = if who == S0 { S1 } else { S0 };
        let select = A::SelectTarget {
            target: combat::CombatTarget::Character { seat: other },
        };
        if g.legal_actions(who).contains(&select) {
            log.extend(g.apply(who, select).unwrap());
        } else {
            pass_once(&mut g, &mut log);
        }
    }
    let legal = g.legal_actions(S0);
    let maneuver = |chit| {
        legal.iter().any(|a| {
            matches!(a, A::PlayManeuver { with: combat::ManeuverPlay::Chit { chit: c }, .. }
            if *c == chit)
        })
    };
    assert!(maneuver(7), "a Move chit in a Maneuver square");
    let lane = tabletop_rules::magic_realm::combat::melee::Lane::ALL[0];
    assert!(
        legal.contains(&A::PlayAttack { chit: 7, lane }),
        "a Fight chit"
    );
    log.extend(g.apply(S0, A::PlayAttack { chit: 7, lane }).unwrap());
    let legal = g.legal_actions(S0);
    assert!(
        !legal.iter().any(|a| matches!(
            a,
            A::PlayManeuver {
                with: combat::ManeuverPlay::Chit { chit: 7 },
                ..
            }
        )),
        "not both at once"
    );
    // It attacks (with his dagger) at the time printed on it.
    let values =
        tabletop_rules::magic_realm::combat::fighters::attack_values(cat(), g.state(), S0, 7)
            .unwrap();
    assert_eq!(values.time, 6);
}

#[test]
fn rule_8_5_1_move_fight_asterisks_are_both_fight_and_move_asterisks() {
    let mut g = unleashed_sorceror();
    let mut log = Vec::new();
    while combat::current(g.state()).is_none() {
        pass_once(&mut g, &mut log);
    }
    // He played the Move/Fight chit 7 and his Fight chit 1: two asterisks, one owed.
    let mut st = g.state().clone();
    if let Some(c) = st.today.evening.combat.as_mut() {
        c.used.insert(S0, [1u8, 7].into_iter().collect());
    }
    combat::fatigue::begin(cat(), &mut st).unwrap();
    let owed = combat::current(&st).unwrap().owed[&S0];
    assert_eq!((owed.fatigue, owed.fight, owed.moves), (1, true, true));
    // Any active Fight, Move or Move/Fight chit with an asterisk pays it (his Move chit 2
    // only because the Move/Fight chit was played); his Magic chits do not.
    let payers: Vec<u8> = combat::fatigue::options(cat(), &st, S0)
        .into_iter()
        .filter_map(|a| match a {
            A::FatigueChit { chit } => Some(chit),
            _ => None,
        })
        .collect();
    assert_eq!(payers, [1, 2, 7, 11]);
}

#[test]
fn rule_7_3_1_unleash_power_move_fight_chit_carries_like_a_move_chit() {
    let g = start(
        json!({"seats": [sorceror(json!({}))], "spells": [unleashed()],
        "at": "daylight"}),
    );
    assert_eq!(
        who::carry_strength(cat(), g.state(), S0),
        Size::Tremendous,
        "7.3.1: his strongest Move chit in play"
    );
}

// ---------------------------------------------------------------------------------------
// World Fades

/// World Fades cast by the Sorceror (seat 1, his chit 7) on the Swordsman (seat 0).
fn world_fades(inert: bool) -> Value {
    json!({"caster": 1, "spell": "world-fades", "spellBox": 0, "chit": 7,
        "aims": [{"aim": "character", "seat": 0}], "until": {"at": "never"}, "inert": inert})
}

fn fades_sorceror() -> Value {
    json!({"character": "sorceror", "at": here(), "spells": ["world-fades"], "hidden": false})
}

/// Passes until the first round of combat is over (a second begins, or combat ends).
fn first_round(g: &mut Game) -> Vec<tabletop_rules::engine::Event<E>> {
    let mut log = Vec::new();
    for _ in 0..80 {
        match combat::current(g.state()) {
            Some(c) if c.round > 1 || c.stage == CombatStage::Trading => return log,
            None if !log.is_empty() => return log,
            _ => pass_once(g, &mut log),
        }
    }
    log
}

fn hide_rolls(
    log: &[tabletop_rules::engine::Event<E>],
) -> Vec<(tabletop_rules::engine::Seat, bool)> {
    log.iter()
        .filter_map(|e| match e.detail {
            E::HideRolled { seat, success } => Some((seat, success)),
            _ => None,
        })
        .collect()
}

#[test]
fn list_of_spells_world_fades_target_rolls_to_hide_at_the_end_of_a_round() {
    let mut g = start(json!({"seats": [swordsman(json!({})), fades_sorceror()],
        "spells": [world_fades(false)], "at": "sunset", "dice": dice(2, 80)}));
    let log = first_round(&mut g);
    // Only the faded Swordsman rolls; a 2 hides him.
    assert_eq!(hide_rolls(&log), [(S0, true)]);
    assert!(g.state().seats[0].hidden);
    assert!(!g.state().seats[1].hidden);
}

#[test]
fn list_of_spells_world_fades_does_nothing_while_inert() {
    let mut g = start(json!({"seats": [swordsman(json!({})), fades_sorceror()],
        "spells": [world_fades(true)], "at": "sunset", "dice": dice(2, 80)}));
    let log = first_round(&mut g);
    assert!(hide_rolls(&log).is_empty());
    assert!(!g.state().seats[0].hidden);
}

#[test]
fn list_of_spells_world_fades_no_roll_with_a_denizen_on_his_melee_section() {
    let mut g = start(
        json!({"seats": [swordsman(json!({})), fades_sorceror()], "pieces": [monster("ogre")],
        "spells": [world_fades(false)], "at": "sunset", "dice": dice(2, 80)}),
    );
    let mut log = Vec::new();
    until(
        &mut g,
        S0,
        &A::Lure {
            denizen: piece("ogre"),
        },
        &mut log,
    );
    // The round ending now: with the Ogre on his sheet he does not roll to hide.
    let mut st = g.state().clone();
    let mut ev = Vec::new();
    spells::fades::end_of_round(cat(), &mut st, &mut ev).unwrap();
    assert!(hide_rolls(&ev).is_empty());
    // With his sheet empty he would.
    if let Some(c) = st.today.evening.combat.as_mut() {
        c.sheets.clear();
    }
    spells::fades::end_of_round(cat(), &mut st, &mut ev).unwrap();
    assert_eq!(hide_rolls(&ev), [(S0, true)]);
}

fn faded_searcher() -> Game {
    let searcher = json!({"character": "swordsman", "at": here(),
        "record": [{"activity": "search"}]});
    let sorc = json!({"character": "sorceror", "at": {"tile": "bad_valley", "clearing": 1},
        "spells": ["world-fades"]});
    start(
        json!({"seats": [searcher, sorc], "spells": [world_fades(false)],
        "day": 2, "at": "daylight", "dice": dice(1, 20)}),
    )
}

#[test]
fn rule_7_5_7_world_fades_target_searches_only_on_the_magic_sight_table() {
    use tabletop_rules::magic_realm::actions::SearchChoice;
    use tabletop_rules::magic_realm::catalog::tables::TableId;
    let mut g = faded_searcher();
    let searches: Vec<A> = g
        .legal_actions(S0)
        .into_iter()
        .filter(|a| matches!(a, A::Search { .. }))
        .collect();
    let sight = A::Search {
        search: SearchChoice::MagicSight,
    };
    assert_eq!(searches, std::slice::from_ref(&sight));
    let log = g.apply(S0, sight).unwrap();
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::Searched {
            table: TableId::MagicSight,
            roll: 1,
            ..
        }
    )));
    // A 1 on Magic Sight is a Choice.
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::SearchChoiceOffered { seat: S0 })));
}

#[test]
fn rule_7_5_7_world_fades_target_is_refused_the_locate_table() {
    use tabletop_rules::magic_realm::actions::SearchChoice;
    let mut g = faded_searcher();
    let before = serde_json::to_string(g.state()).unwrap();
    let locate = A::Search {
        search: SearchChoice::Locate,
    };
    assert!(g.apply(S0, locate).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}

// ---------------------------------------------------------------------------------------
// Whistle for Monsters

/// The Magician (seat 0) with Whistle for Monsters in box 0 and his Magic IV chit 11
/// enchanted (Purple); his Magic VIII chit 6 casts it. The Swordsman shares his clearing.
fn whistler(at: Value, chits: Value) -> Game {
    let magician = json!({"character": "magician", "at": at.clone(), "hidden": false,
        "spells": ["whistle-for-monsters"], "chits": [{"chit": 11, "status": "enchanted"}]});
    let swordsman = json!({"character": "swordsman", "at": at, "hidden": false});
    start(
        json!({"seats": [magician, swordsman], "pieces": chits, "at": "sunset",
        "dice": dice(4, 60)}),
    )
}

fn sound(id: &str, tile: &str, clearing: u8, facing: &str) -> Value {
    json!({"piece": {"kind": "map_chit", "id": id},
        "place": {"place": "clearing", "at": {"tile": tile, "clearing": clearing}},
        "facing": facing})
}

fn cliff(clearing: u8) -> Value {
    json!({"tile": "cliff", "clearing": clearing})
}

fn chit_place(g: &Game, id: &str) -> Option<tabletop_rules::magic_realm::pieces::Place> {
    let piece: tabletop_rules::magic_realm::pieces::PieceId =
        serde_json::from_value(json!({"kind": "map_chit", "id": id})).unwrap();
    g.state().piles.place_of(&piece).cloned()
}

fn whistle_aims(g: &Game) -> Vec<SpellAim> {
    g.legal_actions(S0)
        .into_iter()
        .filter_map(|a| match a {
            A::AimSpell {
                aim: aim @ SpellAim::SoundChit { .. },
            } => Some(aim),
            _ => None,
        })
        .collect()
}

fn cast_whistle(g: &mut Game, log: &mut Vec<tabletop_rules::engine::Event<E>>) {
    let cast = A::CastSpell {
        spell_box: 0,
        chit: 6,
        colour_chit: Some(11),
    };
    until(g, S0, &cast, log);
    for _ in 0..10 {
        if g.legal_actions(S0)
            .iter()
            .any(|a| matches!(a, A::AimSpell { .. } | A::NoTarget))
        {
            return;
        }
        pass_once(g, log);
    }
    panic!("Whistle for Monsters is never aimed");
}

fn place_at(tile: &str, clearing: u8) -> tabletop_rules::magic_realm::pieces::Place {
    serde_json::from_value(json!({"place": "clearing", "at": {"tile": tile, "clearing": clearing}}))
        .unwrap()
}

#[test]
fn list_of_spells_whistle_for_monsters_brings_a_face_up_sound_chit_to_his_tile() {
    let mut g = whistler(
        cliff(1),
        json!([
            sound("flutter_1", "borderland", 1, "up"),
            sound("patter_2", "ruins", 2, "down")
        ]),
    );
    let mut log = Vec::new();
    cast_whistle(&mut g, &mut log);
    // Only the face-up chit, anywhere on the map; a chit elsewhere has no tile to name.
    let aim = SpellAim::SoundChit {
        chit: tabletop_rules::magic_realm::catalog::chits::MapChitId("flutter_1".into()),
        to: None,
    };
    assert_eq!(whistle_aims(&g), std::slice::from_ref(&aim));
    log.extend(g.apply(S0, A::AimSpell { aim }).unwrap());
    through_targets(&mut g, &mut log);
    // It keeps its clearing number in his tile, face up: it summons there now.
    assert_eq!(chit_place(&g, "flutter_1"), Some(place_at("cliff", 1)));
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::SoundChitMoved { .. })));
    assert_eq!(chit(&g, S0, 6), ChitStatus::Fatigued, "an Instant spell");
    assert_eq!(chit_place(&g, "patter_2"), Some(place_at("ruins", 2)));
}

#[test]
fn list_of_spells_whistle_for_monsters_sends_a_chit_in_his_tile_to_another_six_clearing_tile() {
    use tabletop_rules::magic_realm::catalog::tiles::TileId;
    let mut g = whistler(cliff(1), json!([sound("flutter_1", "cliff", 1, "up")]));
    let mut log = Vec::new();
    cast_whistle(&mut g, &mut log);
    let aims = whistle_aims(&g);
    let tiles: Vec<Option<TileId>> = aims
        .iter()
        .filter_map(|a| match a {
            SpellAim::SoundChit { to, .. } => Some(*to),
            _ => None,
        })
        .collect();
    // Left where it is, or sent to each other tile of six clearings (none of fewer).
    assert_eq!(tiles.first(), Some(&None));
    assert!(tiles.contains(&Some(TileId::Borderland)));
    assert!(!tiles.contains(&Some(TileId::Cliff)));
    assert!(!tiles.contains(&Some(TileId::OakWoods)));
    assert!(!tiles.contains(&Some(TileId::BadValley)));
    let aim = SpellAim::SoundChit {
        chit: tabletop_rules::magic_realm::catalog::chits::MapChitId("flutter_1".into()),
        to: Some(TileId::Borderland),
    };
    log.extend(g.apply(S0, A::AimSpell { aim }).unwrap());
    through_targets(&mut g, &mut log);
    assert_eq!(chit_place(&g, "flutter_1"), Some(place_at("borderland", 1)));
}

#[test]
fn list_of_spells_whistle_for_monsters_is_refused_in_a_tile_of_fewer_than_six_clearings() {
    let mut g = whistler(here(), json!([sound("flutter_1", "borderland", 1, "up")]));
    let mut log = Vec::new();
    for _ in 0..20 {
        if combat::current(g.state()).is_some_and(|c| c.stage == CombatStage::Actions)
            && g.to_act().seats().contains(&S0)
        {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    assert!(combat::current(g.state()).is_some_and(|c| c.stage == CombatStage::Actions));
    let cast = A::CastSpell {
        spell_box: 0,
        chit: 6,
        colour_chit: Some(11),
    };
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, cast).is_err(), "Oak Woods has three clearings");
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}

// ---------------------------------------------------------------------------------------
// Hurricane Winds

/// The Sorceror (seat 0) with Hurricane Winds in box 0 and his Magic IV chit 4 enchanted
/// (Purple); his Magic IV chit 10 (time 3) casts it. The Swordsman (seat 1), on a pony, shares his
/// clearing: Mountain 1 (a mountain clearing) unless `at` says otherwise.
fn windy(at: Value, pieces: Value) -> Game {
    windy_hidden(at, pieces, false)
}

/// [`windy`], the Sorceror hidden or not.
fn windy_hidden(at: Value, pieces: Value, hidden: bool) -> Game {
    let sorc = json!({"character": "sorceror", "at": at.clone(), "hidden": hidden,
        "spells": ["hurricane-winds"], "chits": [{"chit": 4, "status": "enchanted"}]});
    let swordsman = json!({"character": "swordsman", "at": at, "hidden": false,
        "belongings": [{"piece": {"kind": "horse", "id": "pony-m5-m4"}}]});
    start(
        json!({"seats": [sorc, swordsman], "pieces": pieces, "at": "sunset",
        "dice": dice(3, 80)}),
    )
}

fn mountain(clearing: u8) -> Value {
    json!({"tile": "mountain", "clearing": clearing})
}

fn cast_hurricane(g: &mut Game, log: &mut Vec<tabletop_rules::engine::Event<E>>) {
    let cast = A::CastSpell {
        spell_box: 0,
        chit: 10,
        colour_chit: Some(4),
    };
    until(g, S0, &cast, log);
    for _ in 0..10 {
        if g.legal_actions(S0)
            .iter()
            .any(|a| matches!(a, A::AimSpellToward { .. } | A::NoTarget))
        {
            return;
        }
        pass_once(g, log);
    }
    panic!("Hurricane Winds is never aimed");
}

fn next_round(g: &mut Game, log: &mut Vec<tabletop_rules::engine::Event<E>>) {
    for _ in 0..80 {
        if combat::current(g.state()).is_none_or(|c| c.round > 1) {
            return;
        }
        pass_once(g, log);
    }
    panic!("the second round never begins");
}

#[test]
fn list_of_spells_hurricane_winds_blows_a_character_away_with_his_horse() {
    use tabletop_rules::magic_realm::pieces::Place;
    let mut g = windy(mountain(1), json!([]));
    let mut log = Vec::new();
    cast_hurricane(&mut g, &mut log);
    let to = g
        .state()
        .map
        .adjacent_tiles(tabletop_rules::magic_realm::catalog::tiles::TileId::Mountain);
    let mut to = to;
    to.sort();
    let aim = A::AimSpellToward {
        aim: SpellAim::Character { seat: S1 },
        to: to[0],
    };
    // The target comes with each adjacent tile; never without one.
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&aim));
    assert!(!legal.iter().any(|a| matches!(a, A::AimSpell { .. })));
    log.extend(g.apply(S0, aim).unwrap());
    through_targets(&mut g, &mut log);
    assert!(g
        .state()
        .spells
        .iter()
        .any(|s| s.spell.0 == "hurricane-winds"));
    // Just before the next Encounter Step he flies away, his pony with him.
    next_round(&mut g, &mut log);
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::FlewAway { seat: S1, .. })));
    let counter: tabletop_rules::magic_realm::pieces::PieceId =
        serde_json::from_value(json!({"kind": "character", "id": "swordsman"})).unwrap();
    assert_eq!(
        g.state().piles.place_of(&counter),
        Some(&Place::FlownAway {
            from: tabletop_rules::magic_realm::catalog::tiles::TileId::Mountain,
            to: to[0]
        })
    );
    let pony: tabletop_rules::magic_realm::pieces::PieceId =
        serde_json::from_value(json!({"kind": "horse", "id": "pony-m5-m4"})).unwrap();
    assert!(matches!(
        g.state().piles.place_of(&pony),
        Some(Place::Belongings { .. })
    ));
}

#[test]
fn list_of_spells_hurricane_winds_refuses_an_aim_without_an_adjacent_tile() {
    use tabletop_rules::magic_realm::catalog::tiles::TileId;
    let mut g = windy(mountain(1), json!([]));
    let mut log = Vec::new();
    cast_hurricane(&mut g, &mut log);
    let before = serde_json::to_string(g.state()).unwrap();
    let plain = A::AimSpell {
        aim: SpellAim::Character { seat: S1 },
    };
    assert!(g.apply(S0, plain).is_err());
    let far = A::AimSpellToward {
        aim: SpellAim::Character { seat: S1 },
        to: TileId::Mountain,
    };
    assert!(g.apply(S0, far).is_err(), "his own tile is not adjacent");
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}

#[test]
fn list_of_spells_hurricane_winds_is_cast_only_in_a_mountain_clearing() {
    let mut g = windy(mountain(2), json!([]));
    let mut log = Vec::new();
    for _ in 0..20 {
        if combat::current(g.state()).is_some_and(|c| c.stage == CombatStage::Actions)
            && g.to_act().seats().contains(&S0)
        {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    assert!(!g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::CastSpell { spell_box: 0, .. })));
}

#[test]
fn list_of_spells_hurricane_winds_blows_a_monster_away_to_land_at_daylight() {
    use tabletop_rules::magic_realm::pieces::Place;
    // The Sorceror, hidden, is not attacked by the Wolf before it is blown away.
    let wolf = json!({"piece": {"kind": "monster", "id": "wolf-l4", "n": 0},
        "place": {"place": "clearing", "at": mountain(1)}});
    let mut g = windy_hidden(mountain(1), json!([wolf]), true);
    let mut log = Vec::new();
    cast_hurricane(&mut g, &mut log);
    let mut to = g
        .state()
        .map
        .adjacent_tiles(tabletop_rules::magic_realm::catalog::tiles::TileId::Mountain);
    to.sort();
    let aim = A::AimSpellToward {
        aim: SpellAim::Denizen {
            piece: piece("wolf-l4"),
        },
        to: to[0],
    };
    log.extend(g.apply(S0, aim).unwrap());
    through_targets(&mut g, &mut log);
    next_round(&mut g, &mut log);
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::DenizenBlownAway { piece: p, .. } if *p == piece("wolf-l4"))));
    assert!(matches!(
        g.state().piles.place_of(&piece("wolf-l4")),
        Some(Place::FlownAway { .. })
    ));
    // At the start of Daylight it lands in that tile (a 3: its clearing 3 if it has one).
    let mut st = g.state().clone();
    let mut ev = Vec::new();
    spells::hurricane::land_denizens(cat(), &mut st, &mut ev).unwrap();
    match st.piles.place_of(&piece("wolf-l4")) {
        Some(Place::Clearing { at }) => assert_eq!(at.tile, to[0]),
        other => panic!("the Wolf did not land: {other:?}"),
    }
    assert!(!st.spells.iter().any(|s| s.spell.0 == "hurricane-winds"));
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::DenizenLanded { .. })));
}

#[test]
fn list_of_spells_hurricane_winds_makes_a_red_side_up_tremendous_monster_let_go() {
    use tabletop_rules::magic_realm::pieces::Facing;
    let giant = json!({"piece": {"kind": "monster", "id": "giant", "n": 0},
        "place": {"place": "clearing", "at": mountain(1)}});
    let mut g = windy_hidden(mountain(1), json!([giant]), true);
    let mut log = Vec::new();
    while combat::current(g.state()).is_none() {
        pass_once(&mut g, &mut log);
    }
    // The Giant, red side up, holds the Swordsman; Hurricane Winds names the Swordsman.
    let mut st = g.state().clone();
    st.piles.set_facing(&piece("giant"), Facing::Dark);
    if let Some(c) = st.today.evening.combat.as_mut() {
        c.holding.insert(piece("giant"), S1);
    }
    let cast: spells::SpellCast = serde_json::from_value(json!({"spellBox": 0,
        "spell": "hurricane-winds", "chit": 10, "time": 3,
        "aims": [{"aim": "character", "seat": 1}], "status": "working",
        "toward": "evil_valley"}))
    .unwrap();
    let mut ev = Vec::new();
    spells::hurricane::rise(cat(), &mut st, S0, &cast, &mut ev).unwrap();
    assert!(combat::current(&st).unwrap().holding.is_empty());
    assert_eq!(
        st.piles.find(&piece("giant")).map(|(_, c)| c.facing),
        Some(Facing::Light),
        "red side down"
    );
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::LetGo { monster } if *monster == piece("giant"))));
    assert!(st.spells.iter().any(|s| s.spell.0 == "hurricane-winds"));
}
