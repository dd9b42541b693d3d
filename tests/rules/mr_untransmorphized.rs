//! Rule scenarios for what a transmorphized character carries (rule 4.6.8b; the Transform
//! and Absorb Essence cards): the gold and belongings transmorphized with him are frozen,
//! what he gets later (and all his own under Absorb Essence) is untransmorphized: kept
//! inactive, given and abandoned, and carried with the creature's move strength or an
//! untransmorphized horse. Each built from a scenario with forced dice.

use crate::spells_common::*;
use serde_json::{json, Value};
use tabletop_rules::engine::Seat;
use tabletop_rules::magic_realm::actions::{
    BelongingChange, Gift, MagicRealmAction as A, MagicRealmEvent as E,
};
use tabletop_rules::magic_realm::combat::spells::{self, carrying, SpellAim};
use tabletop_rules::magic_realm::day::belongings;
use tabletop_rules::magic_realm::pieces::PieceId;

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn item(kind: &str, id: &str) -> Value {
    json!({"kind": kind, "id": id, "n": 0})
}

fn pid(v: &Value) -> PieceId {
    serde_json::from_value(v.clone()).unwrap()
}

fn sword() -> Value {
    item("weapon", "short-sword")
}

fn axe() -> Value {
    item("weapon", "great-axe")
}

fn armor() -> Value {
    item("armor", "suit-of-armor")
}

fn workhorse() -> Value {
    json!({"kind": "horse", "id": "workhorse-t8-h6"})
}

/// A Transform in effect, cast by seat 0 from box 0 with his Magic chit 8, on the
/// character of `seat`, that rolled `roll` (2 Lion, 5 Squirrel).
fn transform_on(seat: u8, roll: u8) -> Value {
    json!({"caster": 0, "spell": "transform", "spellBox": 0, "chit": 8,
           "aims": [{"aim": "character", "seat": seat}], "until": {"at": "never"},
           "value": roll})
}

/// The Sorceror at Oak Woods 2 with Transform in box 0 (Magic IV chit 4 enchanted, Magic
/// VI chit 8 to cast it), plus `extra`.
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

/// The Sorceror, a creature by his own Transform (`roll`), at Daylight with `belongings`
/// and `gold`, and the Amazon beside him with a short sword and 12 gold; both recorded a
/// Hide. The dice make the Sorceror go first.
fn with_amazon(roll: u8, belongings: Value, gold: i32) -> Game {
    start(json!({"seats": [
        sorceror(json!({"belongings": belongings, "gold": gold,
                        "record": [{"activity": "hide"}]})),
        {"character": "amazon", "at": here(), "gold": 12, "hidden": false,
         "belongings": [{"piece": sword()}], "record": [{"activity": "hide"}]}],
        "spells": [transform_on(0, roll)], "day": 2, "at": "daylight",
        "dice": dice(6, 20)}))
}

/// The seat whose turn it is.
fn turn(g: &Game) -> Seat {
    g.to_act().seats().first().copied().expect("someone acts")
}

/// Plays the other seat's turn (its Hide) first if it goes first: `seat` is to act.
fn turn_of(g: &mut Game, seat: Seat) {
    if turn(g) != seat {
        let other = turn(g);
        g.apply(other, A::Proceed).unwrap();
    }
    assert_eq!(turn(g), seat);
}

#[test]
fn rule_4_6_8b_transform_transmorphizes_the_gold_and_belongings_he_has_with_him() {
    let mut g = start(json!({"seats": [sorceror(json!({"gold": 7,
        "belongings": [{"piece": sword()}]}))], "pieces": [monster("ogre")],
        "at": "sunset", "dice": dice(2, 40)}));
    let mut log = Vec::new();
    cast_at(
        &mut g,
        S0,
        0,
        8,
        Some(4),
        SpellAim::Character { seat: S0 },
        &mut log,
    );
    through_targets(&mut g, &mut log);
    assert!(carrying::creature(cat(), g.state(), S0), "he is a Lion");
    let mark = g.state().seats[0]
        .transmorphized
        .clone()
        .expect("what went with him is recorded");
    assert!(mark.transform);
    assert!(mark.belongings.contains(&pid(&sword())));
    assert_eq!(mark.gold, 7);
    assert!(carrying::belonging_frozen(
        cat(),
        g.state(),
        S0,
        &pid(&sword())
    ));
    assert_eq!(carrying::spendable_gold(cat(), g.state(), S0), 0);
    assert!(
        belongings::is_active(g.state(), S0, &pid(&sword())),
        "an active belonging stays active, to no effect"
    );
}

#[test]
fn rule_4_6_8b_absorb_essence_transmorphizes_none_of_his_belongings_and_keeps_them_inactive() {
    let mut g = start(json!({"seats": [{"character": "witch-king", "at": here(),
        "spells": ["absorb-essence"], "hidden": false, "gold": 9,
        "chits": [{"chit": 1, "status": "enchanted"}],
        "belongings": [{"piece": sword()}]}],
        "pieces": [monster("ogre")], "at": "sunset", "dice": dice(4, 40)}));
    let mut log = Vec::new();
    cast_at(
        &mut g,
        S0,
        0,
        4,
        Some(1),
        SpellAim::Denizen {
            piece: piece("ogre"),
        },
        &mut log,
    );
    through_targets(&mut g, &mut log);
    assert!(carrying::creature(cat(), g.state(), S0), "he is the Ogre");
    let mark = g.state().seats[0].transmorphized.clone().expect("marked");
    assert!(!mark.transform);
    assert!(
        mark.belongings.is_empty(),
        "his items are not transmorphized"
    );
    assert!(!carrying::belonging_frozen(
        cat(),
        g.state(),
        S0,
        &pid(&sword())
    ));
    assert_eq!(carrying::spendable_gold(cat(), g.state(), S0), 9);
    assert!(
        !belongings::is_active(g.state(), S0, &pid(&sword())),
        "he keeps his untransmorphized sword inactive"
    );
    assert!(log.iter().any(|e| e.rule == "4.6.8".into()
        && matches!(
            &e.detail,
            E::BelongingRearranged {
                seat: S0,
                change: BelongingChange::Deactivate,
                ..
            }
        )));
}

#[test]
fn rule_4_6_8b_a_creature_gives_only_untransmorphized_gold_and_belongings() {
    // The armor went with him; the great axe he got after, with 5 more gold.
    let mut g = with_amazon(
        2,
        json!([{"piece": armor()},
               {"piece": axe(), "untransmorphized": true, "active": false}]),
        10,
    );
    let mark = g.state().seats[0].transmorphized.clone().expect("marked");
    assert_eq!(mark.gold, 10);
    assert!(!mark.belongings.contains(&pid(&axe())));
    turn_of(&mut g, S0);
    let legal = g.legal_actions(S0);
    let give = |v: &Value| A::Give {
        to: S1,
        gift: Gift::Belonging { piece: pid(v) },
    };
    assert!(legal.contains(&give(&axe())), "the axe is untransmorphized");
    assert!(!legal.contains(&give(&armor())), "the armor is frozen");
    assert!(
        !legal.iter().any(|a| matches!(
            a,
            A::Give {
                gift: Gift::Gold { .. },
                ..
            }
        )),
        "all his gold is transmorphized"
    );
    g.apply(S0, give(&axe())).unwrap();
    assert!(belongings::owned(g.state(), S1).contains(&pid(&axe())));
}

#[test]
fn rule_4_6_8b_a_creature_takes_gifts_untransmorphized_and_keeps_them_inactive() {
    let mut g = with_amazon(2, json!([{"piece": armor()}]), 10);
    // The Amazon gives him her sword and gold at the start of her phase.
    turn_of(&mut g, S1);
    let sword_gift = A::Give {
        to: S0,
        gift: Gift::Belonging {
            piece: pid(&sword()),
        },
    };
    assert!(
        g.legal_actions(S1).contains(&sword_gift),
        "a creature may be given things"
    );
    let log = g.apply(S1, sword_gift).unwrap();
    g.apply(
        S1,
        A::Give {
            to: S0,
            gift: Gift::Gold { gold: 10 },
        },
    )
    .unwrap();
    let state = g.state();
    assert!(belongings::owned(state, S0).contains(&pid(&sword())));
    assert!(!carrying::belonging_frozen(
        cat(),
        state,
        S0,
        &pid(&sword())
    ));
    assert!(carrying::belonging_frozen(cat(), state, S0, &pid(&armor())));
    assert!(
        !belongings::is_active(state, S0, &pid(&sword())),
        "kept inactive while he is a creature"
    );
    assert!(log.iter().any(|e| e.rule == "4.6.8".into()
        && matches!(
            &e.detail,
            E::BelongingRearranged {
                seat: S0,
                change: BelongingChange::Deactivate,
                ..
            }
        )));
    assert_eq!(state.seats[0].gold, 20);
    assert_eq!(
        carrying::spendable_gold(cat(), state, S0),
        10,
        "the gold he was given is his to give again; his own is frozen"
    );
}

#[test]
fn rule_4_6_8b_a_creature_may_abandon_but_not_activate_untransmorphized_belongings() {
    let mut g = with_amazon(
        2,
        json!([{"piece": armor()},
               {"piece": axe(), "untransmorphized": true, "active": false}]),
        10,
    );
    turn_of(&mut g, S0);
    let legal = g.legal_actions(S0);
    let rearrange = |v: &Value, change| A::Rearrange {
        piece: pid(v),
        change,
    };
    assert!(legal.contains(&rearrange(&axe(), BelongingChange::Abandon)));
    assert!(!legal.contains(&rearrange(&armor(), BelongingChange::Abandon)));
    assert!(!legal.contains(&rearrange(&armor(), BelongingChange::Deactivate)));
    // 4.6.8b: he must keep it inactive: activating it is refused and changes nothing.
    let activate = rearrange(&axe(), BelongingChange::Activate);
    assert!(!legal.contains(&activate));
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, activate).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    g.apply(S0, rearrange(&axe(), BelongingChange::Abandon))
        .unwrap();
    assert!(!belongings::owned(g.state(), S0).contains(&pid(&axe())));
}

/// The Sorceror as a Squirrel (move strength Light) at Daylight, recording a Move to Oak
/// Woods 4, with `belongings`.
fn squirrel_moving(belongings: Value) -> Game {
    start(json!({"seats": [sorceror(json!({"belongings": belongings,
        "record": [{"activity": "move", "to": {"tile": "oak_woods", "clearing": 4}}]}))],
        "spells": [transform_on(0, 5)], "day": 2, "at": "daylight", "dice": dice(6, 20)}))
}

#[test]
fn rule_4_6_8b_a_creature_carries_untransmorphized_items_with_its_move_strength() {
    // The armor went with him (Negligible weight); the Heavy great axe he got after is too
    // heavy for a Squirrel's Light move strength, and stays behind as he moves.
    let mut g = squirrel_moving(json!([{"piece": armor()},
        {"piece": axe(), "untransmorphized": true, "active": false},
        {"piece": sword(), "untransmorphized": true, "active": false}]));
    let log = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::Moved { seat: S0, .. })));
    assert!(details(&log).iter().any(|d| matches!(d,
        E::ItemsAbandoned { seat: S0, pieces, .. } if *pieces == vec![pid(&axe())])));
    let owned = belongings::owned(g.state(), S0);
    assert!(
        owned.contains(&pid(&armor())),
        "transmorphized, it weighs nothing"
    );
    assert!(
        owned.contains(&pid(&sword())),
        "Light: the Squirrel carries it"
    );
    assert!(!owned.contains(&pid(&axe())));
}

#[test]
fn rule_4_6_8b_an_untransmorphized_horse_carries_his_items() {
    let mut g = squirrel_moving(json!([
        {"piece": axe(), "untransmorphized": true, "active": false},
        {"piece": workhorse(), "untransmorphized": true, "active": false}]));
    let log = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::Moved { seat: S0, .. })));
    assert!(!details(&log)
        .iter()
        .any(|d| matches!(d, E::ItemsAbandoned { .. })));
    assert!(belongings::owned(g.state(), S0).contains(&pid(&axe())));
    // A transmorphized horse carries nothing.
    let mut g = squirrel_moving(json!([
        {"piece": axe(), "untransmorphized": true, "active": false},
        {"piece": workhorse(), "active": false}]));
    let log = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&log).iter().any(|d| matches!(d,
        E::ItemsAbandoned { seat: S0, pieces, .. } if *pieces == vec![pid(&axe())])));
}

#[test]
fn rule_4_6_8b_mist_carries_nothing_untransmorphized() {
    let mist = json!({"caster": 0, "spell": "melt-into-mist", "spellBox": 0, "chit": 8,
        "aims": [{"aim": "character", "seat": 0}], "until": {"at": "never"}});
    let mut g = start(json!({"seats": [
        {"character": "sorceror", "at": here(), "spells": ["melt-into-mist"], "hidden": false,
         "gold": 10, "belongings": [{"piece": armor()}], "record": [{"activity": "hide"}]},
        {"character": "amazon", "at": here(), "gold": 12, "hidden": false,
         "belongings": [{"piece": sword()}], "record": [{"activity": "hide"}]}],
        "spells": [mist], "day": 2, "at": "daylight", "dice": dice(6, 20)}));
    assert!(spells::mist::misted_seat(cat(), g.state(), S0));
    assert!(g.state().seats[0].transmorphized.is_none());
    assert!(carrying::belonging_frozen(
        cat(),
        g.state(),
        S0,
        &pid(&armor())
    ));
    // Each in his turn: the mist neither gives nor rearranges; nobody gives him anything.
    for _ in 0..2 {
        let t = turn(&g);
        let legal = g.legal_actions(t);
        assert!(
            legal.contains(&A::Proceed),
            "{t} is at the start of his phase"
        );
        if t == S0 {
            assert!(!legal
                .iter()
                .any(|a| matches!(a, A::Give { .. } | A::Rearrange { .. })));
        } else {
            assert!(legal.iter().any(|a| matches!(a, A::Rearrange { .. })));
            assert!(
                !legal.iter().any(|a| matches!(a, A::Give { to: S0, .. })),
                "nobody gives mist anything"
            );
        }
        g.apply(t, A::Proceed).unwrap();
    }
}

#[test]
fn rule_4_6_8b_when_the_spell_ends_the_two_groups_merge_and_all_is_normal() {
    let g = with_amazon(
        2,
        json!([{"piece": armor()},
               {"piece": axe(), "untransmorphized": true, "active": false}]),
        10,
    );
    let mut state = g.state().clone();
    let mut events = Vec::new();
    spells::end_spell(cat(), &mut state, 0, false, &mut events);
    carrying::sync(cat(), &mut state, &mut events);
    assert!(state.seats[0].transmorphized.is_none(), "the mark goes");
    for p in [armor(), axe()] {
        assert!(!carrying::belonging_frozen(cat(), &state, S0, &pid(&p)));
    }
    assert_eq!(carrying::spendable_gold(cat(), &state, S0), 10);
    assert!(
        belongings::is_active(&state, S0, &pid(&armor())),
        "it reappears as it was"
    );
    assert!(!belongings::is_active(&state, S0, &pid(&axe())));
}

#[test]
fn rule_4_6_8b_a_flying_creature_leaves_behind_untransmorphized_items_too_heavy_for_it() {
    // An Eagle (flying strength Medium) flies with his transmorphized armor, leaving the
    // Heavy great axe and the horse he got after (horses cannot fly, 7.3.3).
    let to = {
        let g = start(json!({"seats": [sorceror(json!({}))], "day": 2}));
        let from: tabletop_rules::magic_realm::map::ClearingRef =
            serde_json::from_value(here()).unwrap();
        g.state().map.adjacent_tiles(from.tile)[0]
    };
    let mut g = start(json!({"seats": [sorceror(json!({
            "record": [{"activity": "fly", "to": to}],
            "belongings": [{"piece": armor()},
                {"piece": axe(), "untransmorphized": true, "active": false},
                {"piece": sword(), "untransmorphized": true, "active": false},
                {"piece": workhorse(), "untransmorphized": true, "active": false}]}))],
        "spells": [transform_on(0, 3)], "day": 2, "at": "daylight", "dice": dice(6, 20)}));
    let log = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::Flew { seat: S0, .. })));
    let owned = belongings::owned(g.state(), S0);
    assert!(owned.contains(&pid(&armor())));
    assert!(
        owned.contains(&pid(&sword())),
        "Light: the Eagle carries it"
    );
    assert!(!owned.contains(&pid(&axe())));
    assert!(!owned.contains(&pid(&workhorse())));
}

#[test]
fn rule_4_6_8b_an_untransmorphized_item_weighs_on_a_creature_flying_away() {
    use tabletop_rules::magic_realm::catalog::common::Size;
    use tabletop_rules::magic_realm::combat::flying_away;
    let eagle = |axe_untransmorphized: bool| {
        start(json!({"seats": [sorceror(json!({"belongings": [
                {"piece": axe(), "untransmorphized": axe_untransmorphized, "active": false}]}))],
            "spells": [transform_on(0, 3)], "day": 2}))
    };
    assert_eq!(
        flying_away::load(cat(), eagle(false).state(), S0),
        Size::Negligible,
        "transmorphized, the axe weighs nothing"
    );
    assert_eq!(
        flying_away::load(cat(), eagle(true).state(), S0),
        Size::Heavy,
        "untransmorphized, the Eagle must carry it"
    );
}

#[test]
fn rule_4_6_8b_in_the_encounter_step_a_creature_may_abandon_untransmorphized_belongings() {
    // A Squirrel (move 2, faster than the Ogre's 5) with his transmorphized armor and a
    // great axe got after.
    let mut g = start(
        json!({"seats": [sorceror(json!({"belongings": [{"piece": armor()},
            {"piece": axe(), "untransmorphized": true, "active": false}]}))],
        "pieces": [monster("ogre")], "spells": [transform_on(0, 5)], "day": 2,
        "at": "sunset", "dice": dice(4, 60)}),
    );
    let mut log = Vec::new();
    let abandon = |v: &Value| A::EncounterItem {
        piece: pid(v),
        change: BelongingChange::Abandon,
    };
    for _ in 0..60 {
        if g.legal_actions(S0).contains(&abandon(&axe())) {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&abandon(&axe())));
    assert!(legal.iter().any(|a| matches!(a, A::RunAway { .. })));
    g.apply(S0, abandon(&axe())).unwrap();
    assert!(!belongings::owned(g.state(), S0).contains(&pid(&axe())));
    let legal = g.legal_actions(S0);
    assert!(!legal.contains(&abandon(&armor())), "the armor is frozen");
    assert!(
        !legal.iter().any(|a| matches!(a, A::RunAway { .. })),
        "abandoning was instead of his action"
    );
}

#[test]
fn rule_4_6_8g_a_transform_over_his_absorb_essence_transmorphizes_what_he_has_then() {
    // The Witch King is the Ogre by his Absorb Essence; the Sorceror's Transform (stronger)
    // makes him a Lion: his sword goes with him. When the Transform ends he is the Ogre
    // again, and nothing is transmorphized.
    let absorb = json!({"caster": 0, "spell": "absorb-essence", "spellBox": 0, "chit": 4,
        "aims": [{"aim": "denizen", "piece": {"kind": "monster", "id": "ogre", "n": 0}}],
        "until": {"at": "never"}});
    let transform = json!({"caster": 1, "spell": "transform", "spellBox": 0, "chit": 8,
        "aims": [{"aim": "character", "seat": 0}], "until": {"at": "never"}, "value": 2});
    let g = start(json!({"seats": [
            {"character": "witch-king", "at": here(), "spells": ["absorb-essence"],
             "gold": 6, "belongings": [{"piece": sword()}]},
            sorceror(json!({}))],
        "pieces": [{"piece": {"kind": "monster", "id": "ogre", "n": 0},
                    "place": {"place": "aside"}}],
        "spells": [absorb, transform], "day": 2}));
    let mark = g.state().seats[0].transmorphized.clone().expect("marked");
    assert!(mark.transform, "he is the Lion");
    assert!(mark.belongings.contains(&pid(&sword())));
    assert_eq!(mark.gold, 6);
    let mut state = g.state().clone();
    let mut events = Vec::new();
    spells::end_spell(cat(), &mut state, 1, false, &mut events);
    carrying::sync(cat(), &mut state, &mut events);
    let mark = state.seats[0]
        .transmorphized
        .clone()
        .expect("the Ogre again");
    assert!(!mark.transform);
    assert!(mark.belongings.is_empty());
    assert!(!belongings::is_active(&state, S0, &pid(&sword())));
    assert_eq!(carrying::spendable_gold(cat(), &state, S0), 6);
}
