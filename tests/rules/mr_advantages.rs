//! Rule scenarios for characters' Special Advantages (2.5.2; the List of Characters, which
//! our copy lacks, read from the Character cards) that no other file covers. Each is built
//! from a scenario with forced dice and named by its rule.

use crate::spells_common::{details, start, S0};
use serde_json::json;
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::tables::TableId;
use tabletop_rules::magic_realm::day::rolls::{mods, RollFor};
use tabletop_rules::magic_realm::state::{Activity, ChitStatus};

type Game = crate::spells_common::Game;

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

#[test]
fn rule_2_5_2_the_dwarfs_short_legs_make_each_rest_count_double() {
    // The Dwarf with two fatigued one-asterisk chits (Duck T3*, Fight H5*) rests once.
    let g = || {
        start(
            json!({"seats": [{"character": "dwarf", "at": {"tile": "oak_woods", "clearing": 2},
            "hidden": false,
            "chits": [{"chit": 0, "status": "fatigued"}, {"chit": 2, "status": "fatigued"}],
            "record": [{"activity": "rest"}, {"activity": "hide"}]}],
            "at": "daylight", "dice": vec![6; 10]}),
        )
    };
    let rest = |chit| A::Rest { chit, change: None };
    let mut g = g();
    let ev = g.apply(S0, rest(0)).unwrap();
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::RestCountsDouble { .. })));
    assert_eq!(g.state().today.phase, 0, "the Rest phase is not over");
    assert_eq!(g.legal_actions(S0), vec![rest(2)]);
    g.apply(S0, rest(2)).unwrap();
    assert_eq!(g.state().today.phase, 1);
    let chits = &g.state().seats[0].chits;
    assert_eq!((chits[0], chits[2]), (ChitStatus::Fresh, ChitStatus::Fresh));
}

/// In Birdsong in Oak Woods 2: whether `character` may record a fifth `activity` after
/// four.
fn fifth(character: &str, activity: Activity) -> bool {
    let mut g = start(json!({"seats": [{"character": character,
        "at": {"tile": "oak_woods", "clearing": 2}}]}));
    for _ in 0..4 {
        g.apply(
            S0,
            A::RecordActivity {
                activity: activity.clone(),
            },
        )
        .expect("the activity can be recorded");
    }
    g.legal_actions(S0)
        .contains(&A::RecordActivity { activity })
}

#[test]
fn rule_6_2_2c_robust_health_elusiveness_and_magical_paraphernalia_give_an_extra_phase() {
    for (character, activity) in [
        ("berserker", Activity::Rest),
        ("white-knight", Activity::Rest),
        ("elf", Activity::Hide),
        ("magician", Activity::Alert),
    ] {
        assert!(
            fifth(character, activity.clone()),
            "{character}: {activity:?}"
        );
        // The Swordsman has none of these advantages.
        assert!(!fifth("swordsman", activity.clone()), "{activity:?}");
    }
}

fn at(character: &str, tile: &str, clearing: u8) -> Game {
    start(json!({"seats": [{"character": character,
        "at": {"tile": tile, "clearing": clearing}}]}))
}

fn one_die(g: &Game, what: RollFor) -> bool {
    mods(cat(), g.state(), S0, what).one_die
}

#[test]
fn rule_4_1_2_cave_knowledge_and_tracking_skills_roll_one_die_where_they_apply() {
    let searchlike = [
        RollFor::Table(TableId::Hide),
        RollFor::Table(TableId::Locate),
        RollFor::Table(TableId::Loot),
        RollFor::Meeting { trading: false },
    ];
    for what in searchlike {
        // The Dwarf in a cave clearing, not in the woods.
        assert!(one_die(&at("dwarf", "cavern", 1), what), "{what:?}");
        assert!(!one_die(&at("dwarf", "oak_woods", 2), what), "{what:?}");
        // The Woods Girl on a Woods tile, not in a cave.
        assert!(one_die(&at("woods-girl", "oak_woods", 2), what), "{what:?}");
        assert!(!one_die(&at("woods-girl", "cavern", 1), what), "{what:?}");
    }
    // Neither changes a combat roll.
    assert!(!one_die(
        &at("dwarf", "cavern", 1),
        RollFor::Table(TableId::Missile)
    ));
}

#[test]
fn rule_7_13_the_druids_peace_with_nature_keeps_warning_and_sound_chits_from_summoning() {
    // The example of 7.13 (row 6: Ruins M, Flutter 1, Howl 5 would summon Bats), the
    // Druid (or the Amazon, who has no such advantage) ending his turn in the Mountain.
    let mut pieces = Vec::new();
    for (b, ns) in [(1, 0..1), (2, 1..3), (3, 3..6)] {
        for n in ns {
            pieces.push(
                json!({"piece": {"kind": "monster", "id": "giant-bat", "n": n},
                "place": {"place": "chart_box", "row": 6, "number": b}}),
            );
        }
    }
    for chit in ["ruins_m", "flutter_1", "howl_5"] {
        pieces.push(json!({"piece": {"kind": "map_chit", "id": chit},
            "place": {"place": "tile", "tile": "mountain"}, "facing": "down"}));
    }
    for (character, summons) in [("druid", 0), ("amazon", 3)] {
        let mut g = start(json!({"seats": [
            {"character": character, "at": {"tile": "mountain", "clearing": 2},
             "hidden": true, "record": [{"activity": "hide"}]}],
            "pieces": pieces.clone(), "day": 2, "at": "daylight", "dice": vec![6; 10]}));
        let mut log = Vec::new();
        for _ in 0..12 {
            let legal = g.legal_actions(S0);
            if !legal.contains(&A::Proceed) {
                break;
            }
            log.extend(g.apply(S0, A::Proceed).unwrap());
        }
        let summoned = details(&log)
            .iter()
            .filter(|d| matches!(d, E::MonstersSummoned { .. }))
            .count();
        assert_eq!(summoned, summons, "{character}");
    }
}

#[test]
fn rule_2_5_2_the_pilgrims_heavenly_protection_keeps_demons_and_the_imp_off_him() {
    use crate::spells_common::{here, pass_once};
    use tabletop_rules::magic_realm::combat;
    for (character, kept_off) in [("pilgrim", true), ("swordsman", false)] {
        for demon in ["demon", "imp"] {
            let mut g = start(json!({"seats": [{"character": character, "at": here(),
                "hidden": false}],
                "pieces": [crate::spells_common::monster(demon)],
                "at": "sunset", "dice": vec![5; 80]}));
            let mut log = Vec::new();
            let mut assigned = false;
            for _ in 0..40 {
                let Some(c) = combat::current(g.state()) else {
                    break;
                };
                assigned |= c.sheet_of(&crate::spells_common::piece(demon)).is_some();
                pass_once(&mut g, &mut log);
            }
            assert_eq!(assigned, !kept_off, "{character}, {demon}");
            if kept_off {
                assert!(
                    !details(&log)
                        .iter()
                        .any(|d| matches!(d, E::PitRolled { .. } | E::Cursed { .. })),
                    "{demon}"
                );
            }
        }
    }
}

#[test]
fn rule_3_3_2_and_3_3_3_every_character_starts_with_his_stage_items_and_spells() {
    use tabletop_rules::engine::{Seed, Session, ToAct};
    use tabletop_rules::magic_realm::catalog::characters::CharacterId;
    use tabletop_rules::magic_realm::pieces::{PieceId, Place};
    use tabletop_rules::magic_realm::state::{MagicRealmSetup, MapChoice, SeatSetup};
    use tabletop_rules::magic_realm::MagicRealm;
    assert_eq!(cat().characters.characters.len(), 16);
    for ch in &cat().characters.characters {
        let setup = MagicRealmSetup {
            seats: vec![SeatSetup {
                character: Some(ch.id.clone()),
            }],
            map: MapChoice::Default,
            days: 28,
        };
        let mut game = Session::<MagicRealm>::new(setup, Seed(3)).expect("a valid setup");
        // Every setup choice: the first offered.
        for _ in 0..2_000 {
            if game.state().step.is_day() {
                break;
            }
            let ToAct::Seats { seats } = game.to_act() else {
                break;
            };
            let seat = seats[0];
            let first = game.legal_actions(seat)[0].clone();
            game.apply(seat, first).expect("a legal action applies");
        }
        assert!(game.state().step.is_day(), "{}", ch.id.0);
        let mine = Place::Belongings {
            character: CharacterId(ch.id.0.clone()),
        };
        let mut weapons = Vec::new();
        let mut armor = Vec::new();
        for c in game.state().piles.pile(&mine) {
            match &c.piece {
                PieceId::Weapon { id, .. } => weapons.push(id.clone()),
                PieceId::Armor { id, .. } => armor.push(id.clone()),
                _ => {}
            }
        }
        let sorted = |mut v: Vec<String>| {
            v.sort();
            v
        };
        assert_eq!(
            sorted(weapons.iter().map(|w| w.0.clone()).collect()),
            sorted(ch.starting_weapons().iter().map(|w| w.0.clone()).collect()),
            "{}",
            ch.id.0
        );
        assert_eq!(
            sorted(armor.iter().map(|a| a.0.clone()).collect()),
            sorted(ch.starting_armor().iter().map(|a| a.0.clone()).collect()),
            "{}",
            ch.id.0
        );
        let spells = &game.state().seats[0].secret.spells;
        let count = ch.starting_spells().map_or(0, |s| usize::from(s.count));
        assert_eq!(spells.len(), count, "{}", ch.id.0);
        for spell in spells {
            let t = cat().spells.get(spell).and_then(|s| s.magic_type);
            let types = ch
                .starting_spells()
                .map(|s| s.types.clone())
                .unwrap_or_default();
            assert!(
                t.is_some_and(|t| types.contains(&t)),
                "{}: {spell:?}",
                ch.id.0
            );
        }
    }
}

/// Starts a scenario as it is (the shared `start` takes the Swordsman's turn for him).
fn unplayed(value: serde_json::Value) -> Game {
    let sc = serde_json::from_value(value).expect("a well-formed scenario");
    tabletop_rules::engine::Session::from_scenario(sc, tabletop_rules::engine::Seed(5))
        .expect("the scenario starts")
}

fn turns_begun(log: &[tabletop_rules::engine::Event<E>]) -> Vec<tabletop_rules::engine::Seat> {
    log.iter()
        .filter_map(|e| match e.detail {
            E::TurnBegins { seat } => Some(seat),
            _ => None,
        })
        .collect()
}

#[test]
fn rule_2_5_2_the_swordsmans_clever_lets_him_choose_when_to_take_his_turn() {
    use crate::spells_common::{dice, here, S1};
    // The Swordsman (seat 0) and the Amazon (seat 1) at Daylight; neither recorded anything.
    let mut g = unplayed(json!({"seats": [
        {"character": "swordsman", "at": here()},
        {"character": "amazon", "at": here()}], "at": "daylight", "dice": dice(1, 10)}));
    assert!(
        !g.state()
            .today
            .order
            .iter()
            .any(|t| t.character() == Some(S0)),
        "his attention chit is kept out of the mix"
    );
    assert_eq!(g.state().today.preempting, [S0]);
    // Before the first chit is picked he may take his turn now, or pass.
    assert_eq!(g.to_act().seats(), [S0]);
    assert_eq!(g.legal_actions(S0), [A::Preempt, A::PassPreempt]);
    assert!(g.legal_actions(S1).is_empty());
    let log = g.apply(S0, A::PassPreempt).unwrap();
    assert_eq!(turns_begun(&log), [S1], "the Amazon's chit is picked");
    // No chit is left: he must take his turn, once.
    assert_eq!(g.legal_actions(S0), [A::Preempt]);
    let log = g.apply(S0, A::Preempt).unwrap();
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::Preempted { seat: S0 })));
    assert!(log.iter().any(|e| e.text.contains("Clever")), "{log:#?}");
    assert_eq!(turns_begun(&log), [S0]);

    // Taking it first: his turn comes before the Amazon's.
    let mut g = unplayed(json!({"seats": [
        {"character": "swordsman", "at": here()},
        {"character": "amazon", "at": here()}], "at": "daylight", "dice": dice(1, 10)}));
    let log = g.apply(S0, A::Preempt).unwrap();
    assert_eq!(turns_begun(&log), [S0, S1]);

    // The Captain and the Amazon have no Clever: their chits are mixed and picked, nobody
    // is asked.
    let g = unplayed(json!({"seats": [
        {"character": "captain", "at": here()},
        {"character": "amazon", "at": here()}], "at": "daylight", "dice": dice(1, 10)}));
    assert!(g.state().today.preempting.is_empty());
    for seat in [S0, S1] {
        assert!(!g
            .legal_actions(seat)
            .iter()
            .any(|a| matches!(a, A::Preempt | A::PassPreempt)));
    }
}
