//! Rule scenarios for transmorphizing (rule 4.6.8, 7.3.3, 7.3.4, 8.3.8; the Transform and
//! Absorb Essence spells): the Transform Table, a creature's values in combat, what a
//! transmorphized character can and cannot do by day, walking the woods and flying with
//! his own transmorphized flying values; each built from a scenario with forced dice.

use crate::melee_common::{self, ch, hero, run, sheet, situation, THRUST};
use crate::spells_common::*;
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::common::{Side, Size};
use tabletop_rules::magic_realm::catalog::tables::Creature;
use tabletop_rules::magic_realm::combat::melee::{Lane, MeleeEffect};
use tabletop_rules::magic_realm::combat::spells::{self, transform, SpellAim};
use tabletop_rules::magic_realm::combat::{self, fighters, CombatTarget, ManeuverPlay};
use tabletop_rules::magic_realm::day::{birdsong, creatures, flying};
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::state::{Activity, ChitStatus};

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn ogre() -> PieceId {
    piece("ogre")
}

fn oak(clearing: u8) -> Value {
    json!({"tile": "oak_woods", "clearing": clearing})
}

/// A Transform in effect, cast by seat 0 from box 0 with his Magic chit 8, on `aim`, that
/// rolled `roll` on the Transform Table (1 Dragon, 2 Lion, 3 Eagle, 4 Bird, 5 Squirrel,
/// 6 Frog).
fn transform_on(aim: Value, roll: u8) -> Value {
    json!({"caster": 0, "spell": "transform", "spellBox": 0, "chit": 8, "aims": [aim],
           "until": {"at": "never"}, "value": roll})
}

fn at_seat(seat: u8) -> Value {
    json!({"aim": "character", "seat": seat})
}

/// The Sorceror at Oak Woods 2 with Transform recorded in box 0, his Magic IV chit 4
/// enchanted (Purple) and his Magic VI chit 8 to cast it, plus `extra`.
fn sorceror(extra: Value) -> Value {
    let mut s = json!({"character": "sorceror", "at": here(), "spells": ["transform"],
        "hidden": false, "chits": [{"chit": 4, "status": "enchanted"}]});
    if let (Some(s), Some(extra)) = (s.as_object_mut(), extra.as_object()) {
        for (k, v) in extra {
            s.insert(k.clone(), v.clone());
        }
    }
    s
}

/// The Sorceror transformed (by his own Transform) into the creature of `roll`, at the
/// point of the day `at`, with `pieces` and `record`.
fn sorceror_as(roll: u8, at: &str, pieces: Vec<Value>, record: Value, dice: Value) -> Game {
    start(
        json!({"seats": [sorceror(json!({"record": record}))], "pieces": pieces,
        "spells": [transform_on(at_seat(0), roll)], "day": 2, "at": at, "dice": dice}),
    )
}

/// Plays on: whoever acts takes the first of `wants` legal for him (each once), else
/// passes; until `done`.
fn drive(
    g: &mut Game,
    wants: &[(Seat, A)],
    done: impl Fn(&Game, &[Event<E>]) -> bool,
    log: &mut Vec<Event<E>>,
) {
    let mut wants: Vec<(Seat, A)> = wants.to_vec();
    for _ in 0..300 {
        if done(g, log) {
            return;
        }
        let Some(who) = g.to_act().seats().first().copied() else {
            return;
        };
        let legal = g.legal_actions(who);
        if let Some(i) = wants
            .iter()
            .position(|(s, a)| *s == who && legal.contains(a))
        {
            let (_, a) = wants.remove(i);
            log.extend(g.apply(who, a).unwrap());
        } else {
            let pass = combat::passing(&legal).expect("an action");
            log.extend(g.apply(who, pass).unwrap());
        }
    }
    panic!("never done; still wanted {wants:?}");
}

fn killed(log: &[Event<E>], who: &PieceId) -> bool {
    details(log)
        .iter()
        .any(|d| matches!(d, E::Killed { victim, .. } if victim == who))
}

// ---------------------------------------------------------------------------------------
// Transform: the Transform Table

#[test]
fn rule_4_6_8_transform_rolls_on_the_transform_table_and_the_target_becomes_that_creature() {
    let mut g = start(
        json!({"seats": [sorceror(json!({}))], "pieces": [monster("ogre")],
        "at": "sunset", "dice": dice(2, 40)}),
    );
    let mut log = Vec::new();
    cast_at(
        &mut g,
        S0,
        0,
        8,
        Some(4),
        SpellAim::Denizen { piece: ogre() },
        &mut log,
    );
    through_targets(&mut g, &mut log);
    // The higher die is 2: a Lion.
    assert!(details(&log).iter().any(|d| matches!(d,
        E::Transformed { target: CombatTarget::Denizen { piece }, creature: Creature::Lion }
            if *piece == ogre())));
    let s = g
        .state()
        .spells
        .iter()
        .find(|s| s.spell.0 == "transform")
        .expect("Transform in effect");
    assert_eq!(
        s.value,
        Some(2),
        "the roll is kept: energized again, same creature"
    );
    assert!(!s.inert, "a Permanent spell is energized when cast");
    assert_eq!(chit(&g, S0, 8), ChitStatus::Committed);
    // 4.6.8d: the Ogre fights as a Lion: H3 attack, move 4, Heavy vulnerability.
    let d = fighters::denizen(cat(), g.state(), &ogre(), None).unwrap();
    assert_eq!(d.vulnerability, Size::Heavy);
    assert_eq!(d.light.move_time, 4);
    let attack = d.light.attack.expect("a Lion attacks");
    assert_eq!(attack.time, 3);
    assert_eq!(d.light, d.dark, "a beast has the same values on both sides");
}

#[test]
fn rule_4_6_9e_a_second_transform_cannot_go_into_effect_against_a_transformed_target() {
    let mut g = start(
        json!({"seats": [sorceror(json!({"spells": ["transform", "transform"]}))],
        "pieces": [monster("ogre")],
        "spells": [{"caster": 0, "spell": "transform", "spellBox": 1, "chit": 7,
            "aims": [{"aim": "denizen", "piece": {"kind": "monster", "id": "ogre", "n": 0}}],
            "until": {"at": "never"}, "value": 2}],
        "at": "sunset", "dice": dice(6, 40)}),
    );
    let mut log = Vec::new();
    cast_at(
        &mut g,
        S0,
        0,
        8,
        Some(4),
        SpellAim::Denizen { piece: ogre() },
        &mut log,
    );
    through_targets(&mut g, &mut log);
    assert!(!details(&log)
        .iter()
        .any(|d| matches!(d, E::Transformed { .. })));
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::SpellBroken { seat: S0, .. })));
    let form = transform::form_of_piece(cat(), g.state(), &ogre()).unwrap();
    assert_eq!(form.body.vulnerability, Size::Heavy, "still the Lion");
}

// ---------------------------------------------------------------------------------------
// In combat

#[test]
fn rule_4_6_8_transformed_character_fights_with_the_beasts_values() {
    let mut g = sorceror_as(2, "sunset", vec![monster("ogre")], json!([]), dice(4, 60));
    let mut log = Vec::new();
    let target = A::SelectTarget {
        target: CombatTarget::Denizen { piece: ogre() },
    };
    until(&mut g, S0, &target, &mut log);
    // Let the plays begin.
    for _ in 0..20 {
        if g.legal_actions(S0)
            .iter()
            .any(|a| matches!(a, A::PlayManeuver { .. }))
        {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&A::PlayCreatureAttack { lane: THRUST }));
    assert!(legal.contains(&A::PlayManeuver {
        with: ManeuverPlay::Creature,
        lane: Lane::DodgeSwing
    }));
    assert!(
        !legal
            .iter()
            .any(|a| matches!(a, A::PlayAttack { .. } | A::PlayGloves { .. })),
        "4.6.8e: his action chits are frozen"
    );
    assert!(!legal.iter().any(|a| matches!(
        a,
        A::PlayManeuver {
            with: ManeuverPlay::Chit { .. },
            ..
        }
    )));
    drive(
        &mut g,
        &[
            (S0, A::PlayCreatureAttack { lane: THRUST }),
            (
                S0,
                A::PlayManeuver {
                    with: ManeuverPlay::Creature,
                    lane: Lane::DodgeSwing,
                },
            ),
        ],
        |_, log| killed(log, &ogre()),
        &mut log,
    );
    // The Lion's H3 undercuts the Ogre's move time 5 and kills it (Medium).
    assert_eq!(g.state().piles.place_of(&ogre()), Some(&Place::Killed));
    assert!(!details(&log).iter().any(|d| matches!(d, E::Wounded { .. })));
}

#[test]
fn rule_4_6_8d_transformed_character_is_hit_as_the_creature_with_no_armor_or_horse() {
    let armor = json!({"kind": "armor", "id": "suit-of-armor", "n": 0});
    let sword = json!({"kind": "weapon", "id": "thrusting-sword", "n": 0});
    let g = start(json!({"seats": [sorceror(json!({
            "belongings": [{"piece": armor}, {"piece": sword}]}))],
        "pieces": [monster("ogre")], "spells": [transform_on(at_seat(0), 1)],
        "day": 2, "at": "sunset", "dice": dice(4, 40)}));
    let (fighter, armor) = fighters::character(cat(), g.state(), S0, None);
    assert_eq!(fighter.vulnerability, Size::Tremendous, "a Dragon");
    assert!(fighter.armored, "the Dragon is armored");
    assert!(fighter.woundless, "4.6.8e: he cannot be wounded");
    assert!(
        fighter.armor.is_empty() && armor.is_empty(),
        "his armor is frozen"
    );
    assert!(fighter.horse.is_none());
    assert!(fighters::active_weapon(cat(), g.state(), S0).is_none());
    assert!(spells::frozen(cat(), g.state(), S0));
}

#[test]
fn rule_4_6_8e_a_transformed_character_cannot_be_wounded() {
    // A Wolf (L4 light side) hits a character who played no maneuver: Light harm on a
    // Heavy body is a wound, but not on a transmorphized one.
    let mut plain = hero(Size::Heavy, None);
    let wolf = melee_common::monster("wolf-l4", Side::Light);
    let sit = |c| {
        situation(
            false,
            vec![ch(c), wolf.clone()],
            vec![sheet(0, &[(1, THRUST)])],
            vec![],
        )
    };
    let (out, _) = run(&sit(plain.clone()), &melee_common::calm(1));
    assert_eq!(
        out.hits[0].effects,
        vec![MeleeEffect::Wound {
            fighter: melee_common::id(0)
        }]
    );
    plain.woundless = true;
    let (out, _) = run(&sit(plain), &melee_common::calm(1));
    assert_eq!(out.hits[0].effects, vec![MeleeEffect::NoEffect]);
}

#[test]
fn rule_4_6_8d_an_armored_creature_loses_a_star_of_each_hit() {
    // Another character's Medium attack with one star is Heavy: it kills a Heavy creature,
    // unless the creature is armored (then Medium: nothing, as he cannot be wounded).
    let strike = melee_common::harm(Size::Medium, 1);
    let sit = |armored| {
        let mut c = hero(Size::Heavy, None);
        c.armored = armored;
        c.woundless = true;
        situation(
            false,
            vec![ch(c), ch(hero(Size::Medium, None))],
            vec![],
            vec![melee_common::attack(1, 0, THRUST, 3, 0, strike)],
        )
    };
    let (out, _) = run(&sit(false), &[]);
    assert_eq!(
        out.hits[0].effects,
        vec![MeleeEffect::Killed {
            fighter: melee_common::id(0)
        }]
    );
    let (out, _) = run(&sit(true), &[]);
    assert_eq!(out.hits[0].effects, vec![MeleeEffect::NoEffect]);
}

#[test]
fn rule_4_6_8d_a_transformed_denizen_uses_the_creatures_values() {
    // The Ogre transformed into a Frog: no attack, move 3, Light vulnerability.
    let g = start(
        json!({"seats": [sorceror(json!({}))], "pieces": [monster("ogre")],
        "spells": [transform_on(json!({"aim": "denizen",
            "piece": {"kind": "monster", "id": "ogre", "n": 0}}), 6)],
        "day": 2, "at": "sunset", "dice": dice(4, 40)}),
    );
    let d = fighters::denizen(cat(), g.state(), &ogre(), None).unwrap();
    assert_eq!(d.vulnerability, Size::Light);
    assert!(
        d.light.attack.is_none() && d.dark.attack.is_none(),
        "8.4.7: a Frog does not attack"
    );
    assert_eq!(d.light.move_time, 3);
}

#[test]
fn rule_8_3_8_a_transformed_beast_runs_away_with_its_move_time() {
    // A Squirrel (move 2) is faster than the Ogre (move 5) on his sheet.
    let mut g = sorceror_as(5, "sunset", vec![monster("ogre")], json!([]), dice(4, 60));
    let mut log = Vec::new();
    for _ in 0..30 {
        if g.legal_actions(S0)
            .iter()
            .any(|a| matches!(a, A::RunAway { .. }))
        {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    let runs: Vec<A> = g
        .legal_actions(S0)
        .into_iter()
        .filter(|a| matches!(a, A::RunAway { .. }))
        .collect();
    assert!(!runs.is_empty(), "he may run away");
    // 8.3.8: a beast that walks the woods may run "into the forest": to any clearing of
    // his tile, not only along a roadway.
    let from: ClearingRef = serde_json::from_value(here()).unwrap();
    let plain = start(json!({"seats": [sorceror(json!({}))], "day": 2}));
    let roads = birdsong::move_targets(cat(), plain.state(), S0, from);
    assert!(runs.iter().any(|a| matches!(a,
        A::RunAway { to, .. } if to.tile == from.tile && !roads.contains(to))));
    assert!(runs.iter().all(|a| matches!(
        a,
        A::RunAway {
            with: ManeuverPlay::Creature,
            ..
        }
    )));
    // 4.6.8b: no belongings to activate, deactivate or abandon; no spell to cast.
    assert!(!g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::CastSpell { .. } | A::EncounterItem { .. })));
}

// ---------------------------------------------------------------------------------------
// By day

#[test]
fn rule_4_6_8c_a_transformed_character_cannot_trade_hire_rest_alert_or_enchant() {
    let g = sorceror_as(2, "birdsong", vec![], json!([]), json!([]));
    for a in [
        Activity::Trade,
        Activity::Hire,
        Activity::Rest,
        Activity::Alert,
        Activity::Enchant,
    ] {
        assert!(creatures::forbids(cat(), g.state(), S0, &a), "{a:?}");
    }
    for a in [
        Activity::Hide,
        Activity::Search,
        Activity::Move {
            to: serde_json::from_value(oak(4)).unwrap(),
        },
    ] {
        assert!(!creatures::forbids(cat(), g.state(), S0, &a), "{a:?}");
    }
}

#[test]
fn rule_4_6_8c_a_recorded_rest_is_cancelled_when_he_comes_to_do_it() {
    let mut g = sorceror_as(
        2,
        "daylight",
        vec![],
        json!([{"activity": "rest"}]),
        json!([]),
    );
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&A::Proceed));
    assert!(!legal.iter().any(|a| matches!(a, A::Rest { .. })));
    let log = g.apply(S0, A::Proceed).unwrap();
    assert!(log.iter().any(
        |e| e.rule == "4.6.8".into() && matches!(e.detail, E::PhaseCancelled { seat: S0, .. })
    ));
}

#[test]
fn rule_7_3_4_a_beast_that_walks_the_woods_moves_to_any_clearing_of_its_tile() {
    let from: ClearingRef = serde_json::from_value(here()).unwrap();
    let plain = start(json!({"seats": [sorceror(json!({}))], "day": 2}));
    let roads = birdsong::move_targets(cat(), plain.state(), S0, from);
    let lion = sorceror_as(2, "birdsong", vec![], json!([]), json!([]));
    let woods = birdsong::move_targets(cat(), lion.state(), S0, from);
    let clearings = flying::clearings_of(cat(), lion.state(), from.tile);
    // Every other clearing of Oak Woods, and still the roadways out of the tile.
    for n in &clearings {
        let c = ClearingRef::new(from.tile, n.0);
        assert_eq!(woods.contains(&c), c != from, "{c:?}");
    }
    assert!(roads.iter().all(|c| woods.contains(c)));
    let off_road = woods
        .iter()
        .copied()
        .find(|c| !roads.contains(c))
        .expect("a clearing of the tile no roadway joins");
    // He records it in Birdsong and does it by day.
    assert!(lion.legal_actions(S0).contains(&A::RecordActivity {
        activity: Activity::Move { to: off_road }
    }));
    let mut g = sorceror_as(
        2,
        "daylight",
        vec![],
        json!([{"activity": "move", "to": off_road}]),
        json!([]),
    );
    let log = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::Moved { seat: S0, to, .. } if *to == off_road)));
    assert_eq!(
        tabletop_rules::magic_realm::day::who::clearing(g.state(), S0),
        Some(off_road)
    );
}

#[test]
fn rule_7_3_4_only_a_beast_that_walks_the_woods_leaves_the_roadways() {
    let from: ClearingRef = serde_json::from_value(here()).unwrap();
    let plain = start(json!({"seats": [sorceror(json!({}))], "day": 2}));
    let eagle = sorceror_as(3, "birdsong", vec![], json!([]), json!([]));
    assert_eq!(
        birdsong::move_targets(cat(), plain.state(), S0, from),
        birdsong::move_targets(cat(), eagle.state(), S0, from),
        "an Eagle does not walk the woods"
    );
    assert!(!creatures::walks_woods(cat(), eagle.state(), S0));
}

#[test]
fn rule_7_3_3_a_flying_creature_flies_with_its_own_flying_values_and_cannot_move() {
    let g = sorceror_as(3, "birdsong", vec![], json!([]), json!([]));
    let flights = flying::flights(cat(), g.state(), S0);
    assert_eq!(flights.len(), 1);
    assert_eq!(flights[0].source, flying::FlySource::Creature);
    assert_eq!(flights[0].values.strength, Size::Medium, "the Eagle's M2");
    assert_eq!(flights[0].values.time, 2);
    assert!(flying::may_record(cat(), g.state(), S0));
    assert!(g.legal_actions(S0).iter().any(|a| matches!(
        a,
        A::RecordActivity {
            activity: Activity::Fly { .. }
        }
    )));
    let to = serde_json::from_value(oak(4)).unwrap();
    assert!(creatures::forbids(
        cat(),
        g.state(),
        S0,
        &Activity::Move { to }
    ));
}

#[test]
fn rule_7_3_3_a_bird_carries_the_character_and_his_frozen_belongings_when_it_flies() {
    // The Sorceror (Medium) as a Bird (L1) flies to Oak Woods with his armor.
    let armor = json!({"kind": "armor", "id": "suit-of-armor", "n": 0});
    let g0 = sorceror_as(4, "birdsong", vec![], json!([]), json!([]));
    let to = g0
        .state()
        .map
        .adjacent_tiles(serde_json::from_value::<ClearingRef>(here()).unwrap().tile)[0];
    let mut g = start(json!({"seats": [sorceror(json!({
            "record": [{"activity": "fly", "to": to}],
            "belongings": [{"piece": armor.clone()}]}))],
        "spells": [transform_on(at_seat(0), 4)], "day": 2, "at": "daylight",
        "dice": [1, 2, 3, 4, 5, 6]}));
    let log = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::Flew {
            seat: S0,
            with: Some(flying::FlySource::Creature),
            ..
        }
    )));
    assert!(!details(&log)
        .iter()
        .any(|d| matches!(d, E::ItemsAbandoned { .. })));
    let armor: PieceId = serde_json::from_value(armor).unwrap();
    assert!(tabletop_rules::magic_realm::day::belongings::owned(g.state(), S0).contains(&armor));
}

// ---------------------------------------------------------------------------------------
// Strength of the transmorphizing spells

#[test]
fn rule_4_6_8g_melt_into_mist_nullifies_transform() {
    let mist = json!({"caster": 0, "spell": "melt-into-mist", "spellBox": 1, "chit": 7,
        "aims": [at_seat(0)], "until": {"at": "never"}});
    let g = start(
        json!({"seats": [sorceror(json!({"spells": ["transform", "melt-into-mist"]}))],
        "spells": [transform_on(at_seat(0), 2), mist], "day": 2}),
    );
    assert!(spells::mist::misted_seat(cat(), g.state(), S0));
    assert!(transform::form_of_seat(cat(), g.state(), S0).is_none());
}

#[test]
fn rule_4_6_8_an_inert_transform_leaves_the_character_himself() {
    let mut spell = transform_on(at_seat(0), 2);
    spell["inert"] = json!(true);
    let g = start(json!({"seats": [sorceror(json!({}))], "spells": [spell], "day": 2}));
    assert!(transform::form_of_seat(cat(), g.state(), S0).is_none());
    assert!(!spells::frozen(cat(), g.state(), S0));
}

// ---------------------------------------------------------------------------------------
// Absorb Essence

/// The Witch King with Absorb Essence in box 0, his Magic V chit 1 enchanted (Black) and
/// chit 4 (V, time 3) to cast it.
fn witch_king(extra: Value) -> Value {
    let mut s = json!({"character": "witch-king", "at": here(), "spells": ["absorb-essence"],
        "hidden": false, "chits": [{"chit": 1, "status": "enchanted"}]});
    if let (Some(s), Some(extra)) = (s.as_object_mut(), extra.as_object()) {
        for (k, v) in extra {
            s.insert(k.clone(), v.clone());
        }
    }
    s
}

#[test]
fn rule_4_6_8_absorb_essence_takes_the_monster_out_of_play_and_the_caster_becomes_it() {
    let mut g = start(
        json!({"seats": [witch_king(json!({}))], "pieces": [monster("ogre")],
        "at": "sunset", "dice": dice(4, 40)}),
    );
    let mut log = Vec::new();
    cast_at(
        &mut g,
        S0,
        0,
        4,
        Some(1),
        SpellAim::Denizen { piece: ogre() },
        &mut log,
    );
    through_targets(&mut g, &mut log);
    assert!(details(&log).iter().any(|d| matches!(d,
        E::EssenceAbsorbed { seat: S0, monster } if *monster == ogre())));
    assert_eq!(g.state().piles.place_of(&ogre()), Some(&Place::Aside));
    let c = combat::current(g.state()).unwrap();
    assert_eq!(
        c.sheet_of(&ogre()),
        None,
        "it no longer functions as a monster"
    );
    let form = transform::form_of_seat(cat(), g.state(), S0).expect("he is the Ogre");
    assert_eq!(form.monster, Some(ogre()));
    assert_eq!(form.body.vulnerability, Size::Medium);
    let (fighter, _) = fighters::character(cat(), g.state(), S0, None);
    assert_eq!(fighter.vulnerability, Size::Medium);
}

#[test]
fn rule_4_6_8_absorb_essence_broken_puts_the_monster_in_the_casters_clearing() {
    let absorb = json!({"caster": 0, "spell": "absorb-essence", "spellBox": 0, "chit": 4,
        "aims": [{"aim": "denizen", "piece": {"kind": "monster", "id": "ogre", "n": 0}}],
        "until": {"at": "never"}});
    let g = start(json!({"seats": [witch_king(json!({"at": oak(4)}))],
        "pieces": [{"piece": {"kind": "monster", "id": "ogre", "n": 0}, "place": {"place": "aside"}}],
        "spells": [absorb], "day": 2}));
    assert!(transform::transmorphized_seat(cat(), g.state(), S0));
    let mut state = g.state().clone();
    let mut events = Vec::new();
    spells::end_spell(cat(), &mut state, 0, false, &mut events);
    let at: ClearingRef = serde_json::from_value(oak(4)).unwrap();
    assert_eq!(state.piles.place_of(&ogre()), Some(&Place::Clearing { at }));
    assert!(events.iter().any(|e| matches!(&e.detail,
        E::EssenceReleased { monster, at: a } if *monster == ogre() && *a == at)));
    assert!(!transform::transmorphized_seat(cat(), &state, S0));
}
