//! Rule scenarios for curses (rule 4.6.7a; Curses Table): the Curse spell, the activities
//! each curse forbids, Wither, Ashes and Disgust.

use crate::spells_common::*;
use serde_json::{json, Value};
use tabletop_rules::engine::Event;
use tabletop_rules::magic_realm::actions::MagicRealmEvent as E;
use tabletop_rules::magic_realm::catalog::tables::Curse;
use tabletop_rules::magic_realm::combat::spells::SpellAim;
use tabletop_rules::magic_realm::state::ChitStatus;

#[test]
fn rule_4_6_7_the_curse_spell_rolls_on_the_curses_table() {
    // The Witch (Magic V chit 9, Grey colour chit 5) curses the Swordsman; every die 4:
    // Ill Health.
    let witch = json!({"character": "witch", "at": here(), "spells": ["curse"],
        "hidden": false, "chits": [{"chit": 5, "status": "enchanted"}]});
    let swordsman = json!({"character": "swordsman", "at": here(), "hidden": false});
    let mut g = start(json!({"seats": [witch, swordsman], "at": "sunset", "dice": dice(4, 40)}));
    let mut log = Vec::new();
    let aim = SpellAim::Character { seat: S1 };
    cast_at(&mut g, S0, 0, 9, Some(5), aim, &mut log);
    through_targets(&mut g, &mut log);
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::Cursed {
            seat: S1,
            curse: Curse::IllHealth
        }
    )));
    assert!(g.state().seats[1].curses.contains(&Curse::IllHealth));
    let view = g
        .view(tabletop_rules::engine::Viewer::Seat { seat: S0 })
        .unwrap();
    assert_eq!(
        view.seats[1].curses,
        vec![Curse::IllHealth],
        "curses are public"
    );
}

fn daylight(curses: Value, record: Value, pieces: Value) -> Game {
    start(
        json!({"seats": [{"character": "swordsman", "at": here(), "hidden": false,
        "curses": curses, "record": record,
        "chits": [{"chit": 0, "status": "fatigued"}]}],
        "pieces": pieces, "at": "daylight", "dice": dice(1, 20)}),
    )
}

fn play_turn(g: &mut Game) -> Vec<Event<E>> {
    let mut log = Vec::new();
    for _ in 0..10 {
        let Some(seat) = g.to_act().seats().first().copied() else {
            break;
        };
        let legal = g.legal_actions(seat);
        let Some(a) = legal.first().cloned() else {
            break;
        };
        log.extend(g.apply(seat, a).unwrap());
        if details(&log)
            .iter()
            .any(|d| matches!(d, E::PhaseCancelled { .. } | E::TurnEnds { .. }))
        {
            break;
        }
    }
    log
}

#[test]
fn rule_4_6_7_curses_cancel_the_activities_they_forbid() {
    for (curse, activity) in [
        (Curse::IllHealth, json!({"activity": "rest"})),
        (Curse::Squeak, json!({"activity": "hide"})),
        (Curse::Eyemist, json!({"activity": "search"})),
    ] {
        let mut g = daylight(json!([curse]), json!([activity]), json!([]));
        let log = play_turn(&mut g);
        assert!(
            details(&log)
                .iter()
                .any(|d| matches!(d, E::PhaseCancelled { .. })),
            "{curse:?} cancels {activity}"
        );
        assert!(!g.state().seats[0].hidden || curse != Curse::Squeak);
    }
    // Without a curse the Rest phase rests the fatigued chit.
    let mut g = daylight(json!([]), json!([{"activity": "rest"}]), json!([]));
    let log = play_turn(&mut g);
    assert!(!details(&log)
        .iter()
        .any(|d| matches!(d, E::PhaseCancelled { .. })));
}

#[test]
fn rule_4_6_7_ashes_and_disgust_count_as_minus_one() {
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let start_with = |curses: Value| {
        start(
            json!({"seats": [{"character": "swordsman", "at": here(), "gold": 50,
            "fame": 20, "curses": curses}], "at": "birdsong"}),
        )
    };
    let plain = start_with(json!([]));
    let cursed = start_with(json!([Curse::Ashes, Curse::Disgust]));
    let p = tabletop_rules::magic_realm::day::scoring::earned(cat, plain.state(), S0);
    let c = tabletop_rules::magic_realm::day::scoring::earned(cat, cursed.state(), S0);
    assert_eq!(p[4].checked_sub(c[4]).unwrap(), 51, "gold 50 counts as -1");
    assert_eq!(p[2].checked_sub(c[2]).unwrap(), 21, "fame 20 counts as -1");
}

#[test]
fn rule_4_6_7_wither_fatigues_active_asterisk_chits_and_keeps_them_from_resting() {
    let witch = json!({"character": "witch", "at": here(), "spells": ["curse"],
        "hidden": false, "chits": [{"chit": 5, "status": "enchanted"}]});
    let swordsman = json!({"character": "swordsman", "at": here(), "hidden": false});
    let mut g = start(json!({"seats": [witch, swordsman], "at": "sunset", "dice": dice(3, 40)}));
    let mut log = Vec::new();
    let aim = SpellAim::Character { seat: S1 };
    cast_at(&mut g, S0, 0, 9, Some(5), aim, &mut log);
    through_targets(&mut g, &mut log);
    assert!(g.state().seats[1].curses.contains(&Curse::Wither));
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let card = cat
        .characters
        .characters
        .iter()
        .find(|c| c.id.0 == "swordsman")
        .unwrap();
    for (i, c) in card.chits.iter().enumerate() {
        let expected = if c.effort > 0 {
            ChitStatus::Fatigued
        } else {
            ChitStatus::Fresh
        };
        assert_eq!(chit(&g, S1, i), expected, "chit {i}");
    }
    // Resting cannot bring a withered asterisk chit back.
    let starred = card.chits.iter().position(|c| c.effort == 1).unwrap();
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "hidden": false, "curses": [Curse::Wither], "record": [{"activity": "rest"}],
        "chits": [{"chit": starred, "status": "fatigued"}]}], "at": "daylight"}));
    let log = play_turn(&mut g);
    assert_eq!(chit(&g, S0, starred), ChitStatus::Fatigued);
    assert!(!details(&log).iter().any(|d| matches!(d, E::Rested { .. })));
}
