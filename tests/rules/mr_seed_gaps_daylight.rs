//! Rule scenarios for Birdsong, Sunrise and Daylight (rulebook 6 and 7) that
//! `docs/coverage.md` found without a test (issue 4): phases (the Dwarf, a warhorse, extra
//! phases adding up, the phase order, a blank phase), the end of the week, Peering from a
//! mountain, colour chits in Daylight, pack horses and hired natives' horses. Each is built
//! from a scenario with forced dice.

use crate::mr_seed_gaps::{here, start, Game, S0};
use crate::mr_seed_gaps_day::{at, day_piece, day_start, place_of};
use serde_json::{json, Value};
use tabletop_rules::magic_realm::actions::MagicRealmAction as A;
use tabletop_rules::magic_realm::catalog::tiles::TileId;
use tabletop_rules::magic_realm::combat;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{Facing, PieceId, Place};
use tabletop_rules::magic_realm::state::{Activity, Step};

// ---- 6.2.2, 7.3.2: phases -------------------------------------------------------------------

fn record(g: &mut Game, acts: &[Activity]) {
    for a in acts {
        g.apply(
            S0,
            A::RecordActivity {
                activity: a.clone(),
            },
        )
        .expect("the activity can be recorded");
    }
}

fn recordable(g: &Game) -> Vec<Activity> {
    g.legal_actions(S0)
        .into_iter()
        .filter_map(|a| match a {
            A::RecordActivity { activity } => Some(activity),
            _ => None,
        })
        .collect()
}

#[test]
fn rule_6_2_2b_the_dwarf_gets_only_his_two_basic_phases() {
    // Short Legs: no Sunlight phases, even outside the caves (the Black Knight gets four,
    // mr_day.rs).
    let mut g = day_start(json!({"seats": [{"character": "dwarf", "at": at("oak_woods", 2)}]}));
    record(&mut g, &[Activity::Hide, Activity::Hide]);
    assert!(recordable(&g).is_empty(), "no third phase");
    assert!(g.legal_actions(S0).contains(&A::FinishRecording));
}

#[test]
fn rule_7_3_2_a_warhorse_gives_no_extra_move_phase() {
    // A ridden workhorse gives a fifth phase, for a Move (mr_belongings.rs); a warhorse
    // none.
    let mut g = day_start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "belongings": [{"piece": {"kind": "horse", "id": "warhorse-h6-h4"}}]}]}),
    );
    record(&mut g, &vec![Activity::Hide; 4]);
    assert!(recordable(&g).is_empty());
}

// ---- 6.3.4: the end of the week ---------------------------------------------------------------

#[test]
fn rule_6_3_4_killed_prowling_monsters_regenerate_on_the_seventh_day() {
    // The Swordsman kills the wolf in the Evening of day 6 (Fight M4* Thrust, as in
    // mr_seed_gaps.rs). At Sunrise of day 7 the Monster Roll is 3, the wolf's row: it comes
    // back to its box; on a roll of 2 it stays dead.
    use crate::mr_seed_gaps::{lure_target_and_place_the_wolf, maneuver, sword, wolf, wolf_here};
    use tabletop_rules::magic_realm::combat::melee::Lane;
    for (roll, home) in [
        (3u8, Place::ChartBox { row: 3, number: 1 }),
        (2, Place::Killed),
    ] {
        let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
            "belongings": [{"piece": sword()}]}],
            "pieces": [wolf_here()], "day": 6, "at": "sunset", "dice": [4, 1, 1, roll]}));
        lure_target_and_place_the_wolf(&mut g);
        g.apply(
            S0,
            A::PlayAttack {
                chit: 7,
                lane: Lane::ChargeThrust,
            },
        )
        .unwrap();
        g.apply(S0, maneuver(0, Lane::DuckSmash)).unwrap();
        g.apply(S0, A::EndPlays).unwrap();
        assert_eq!(g.state().piles.place_of(&wolf()), Some(&Place::Killed));
        for _ in 0..100 {
            if matches!(g.state().step, Step::Birdsong { day: 7 }) {
                break;
            }
            let Some(seat) = g.to_act().seats().first().copied() else {
                break;
            };
            let action = combat::passing(&g.legal_actions(seat)).expect("an action");
            g.apply(seat, action).unwrap();
        }
        assert!(matches!(g.state().step, Step::Birdsong { day: 7 }));
        g.apply(S0, A::FinishRecording).unwrap();
        assert_eq!(
            g.state().piles.place_of(&wolf()),
            Some(&home),
            "Monster Roll {roll}"
        );
    }
}

#[test]
fn rule_6_3_4_on_row_6_at_the_end_of_the_week_the_visitor_chits_turn_over() {
    // On day 7 with row 6 prowling the Crone/Raid chit on the map turns over; one a
    // character carries does not. Another row: nothing turns.
    let crone = day_piece("visitor_chit", "crone-raid", None);
    let warlock = day_piece("visitor_chit", "warlock-food-ale", None);
    let scenario = |roll: u8| {
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
            "record": [{"activity": "hide"}],
            "belongings": [{"piece": warlock, "facing": "light"}]}],
            "pieces": [{"piece": crone, "place": {"place": "clearing", "at": at("oak_woods", 4)},
                "facing": "light"}],
            "day": 7, "at": "daylight", "dice": [roll]})
    };
    let facing = |g: &Game, p: &Value| {
        let id: PieceId = serde_json::from_value(p.clone()).unwrap();
        g.state().piles.find(&id).map(|(_, c)| c.facing)
    };
    let g = day_start(scenario(6));
    assert_eq!(facing(&g, &crone), Some(Facing::Dark));
    assert_eq!(
        facing(&g, &warlock),
        Some(Facing::Light),
        "carried: it stays"
    );
    let g = day_start(scenario(3));
    assert_eq!(facing(&g, &crone), Some(Facing::Light));
}

#[test]
fn rule_6_2_2c_extra_phases_are_cumulative() {
    // 6.2.2 example: riding a workhorse, the Amazon gets two Basic and two Sunlight phases,
    // her own extra Move and one for the horse: two Moves after four Hides, then nothing.
    let mut g = day_start(
        json!({"seats": [{"character": "amazon", "at": at("oak_woods", 2),
        "belongings": [{"piece": {"kind": "horse", "id": "workhorse-t8-h6"}}]}]}),
    );
    record(&mut g, &vec![Activity::Hide; 4]);
    for n in 5..=6 {
        let moves: Vec<Activity> = recordable(&g)
            .into_iter()
            .filter(|a| matches!(a, Activity::Move { .. }))
            .collect();
        assert!(!moves.is_empty(), "phase {n}: a Move");
        assert!(
            !recordable(&g).contains(&Activity::Hide),
            "phase {n}: only a Move"
        );
        record(&mut g, &moves[..1]);
    }
    assert!(recordable(&g).is_empty(), "no seventh phase");
}

#[test]
fn rule_6_3_4_regenerated_denizens_go_on_prowling_that_day() {
    // Day 7, row 6: the Bat on the Mountain goes back to its box at Sunrise; when the
    // Swordsman ends his turn in the Cavern, Flutter 1 summons it again that same day.
    let bat = day_piece("monster", "giant-bat", Some(0));
    let mut g = day_start(
        json!({"seats": [{"character": "swordsman", "at": at("cavern", 2),
        "hidden": true, "record": [{"activity": "hide"}]}],
        "pieces": [
            {"piece": bat, "place": {"place": "clearing", "at": at("mountain", 5)}},
            {"piece": day_piece("map_chit", "flutter_1", None),
             "place": {"place": "tile", "tile": "cavern"}, "facing": "down"}],
        "day": 7, "at": "daylight", "dice": [6, 1, 1]}),
    );
    assert_eq!(place_of(&g, &bat), Place::ChartBox { row: 6, number: 1 });
    g.apply(S0, A::Proceed).unwrap();
    assert_eq!(
        place_of(&g, &bat),
        Place::Clearing {
            at: ClearingRef::new(TileId::Cavern, 1)
        }
    );
}

#[test]
fn rule_7_5_1_from_a_mountain_he_may_peer_into_another_clearing() {
    // 7.5.1: "If he is in a mountain clearing, he can use the Peer Table to search any woods
    // or mountain clearing in his tile or any adjacent tile"; elsewhere only his own.
    use tabletop_rules::magic_realm::actions::SearchChoice;
    let peers = |tile: &str, n: u8| -> Vec<ClearingRef> {
        let g = day_start(
            json!({"seats": [{"character": "swordsman", "at": at(tile, n),
            "record": [{"activity": "search"}]}], "at": "daylight", "dice": [1]}),
        );
        g.legal_actions(S0)
            .into_iter()
            .filter_map(|a| match a {
                A::Search {
                    search: SearchChoice::Peer { at },
                } => Some(at),
                _ => None,
            })
            .collect()
    };
    // Mountain 2 is a woods clearing, Mountain 1 a mountain clearing.
    let from_woods = peers("mountain", 2);
    assert_eq!(from_woods, vec![ClearingRef::new(TileId::Mountain, 2)]);
    let from_mountain = peers("mountain", 1);
    assert!(from_mountain.contains(&ClearingRef::new(TileId::Mountain, 1)));
    assert!(from_mountain.contains(&ClearingRef::new(TileId::Mountain, 2)));
    assert!(
        from_mountain.iter().any(|c| c.tile != TileId::Mountain),
        "an adjacent tile's clearing: {from_mountain:?}"
    );
}

// ---- 7.2.3: colour chits at the start of a phase --------------------------------------------

#[test]
fn rule_7_2_3_a_colour_chit_energizes_a_permanent_spell_at_the_start_of_a_phase() {
    // The Sorceror's Melt into Mist (box 0, chit 8) lies inert on the Ogre. At the start of
    // his Daylight phase he plays his Purple colour chit 4: the spell is energized and the
    // chit fatigues.
    use tabletop_rules::magic_realm::state::ChitStatus;
    let ogre = json!({"piece": {"kind": "monster", "id": "ogre", "n": 0},
        "place": {"place": "clearing", "at": here()}});
    let mut g = start(json!({"seats": [{"character": "sorceror", "at": here(),
            "spells": ["melt-into-mist"], "hidden": false,
            "chits": [{"chit": 4, "status": "enchanted"}, {"chit": 8, "status": "committed"}],
            "record": [{"activity": "hide"}]}],
        "pieces": [ogre],
        "spells": [{"caster": 0, "spell": "melt-into-mist", "spellBox": 0, "chit": 8,
            "aims": [{"aim": "denizen", "piece": {"kind": "monster", "id": "ogre", "n": 0}}],
            "until": {"at": "never"}, "inert": true}],
        "at": "daylight", "dice": [1, 1, 1]}));
    let energize = A::EnergizeSpell {
        caster: S0,
        spell_box: 0,
        colour_chit: 4,
    };
    assert!(g.legal_actions(S0).contains(&energize));
    g.apply(S0, energize).unwrap();
    assert_eq!(g.state().seats[0].chits[4], ChitStatus::Fatigued);
    assert!(g.state().spells.iter().all(|s| !s.inert));
}

#[test]
fn rule_6_2_4_the_phases_are_done_in_the_order_recorded() {
    // Recorded: Move to Oak Woods 4, then Move back to 2. Done in that order he ends where
    // he began, with neither phase cancelled (in the other order the first Move, to his
    // own clearing, would be impossible).
    use tabletop_rules::magic_realm::actions::MagicRealmEvent as E;
    let mut g = day_start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "record": [{"activity": "move", "to": at("oak_woods", 4)},
                   {"activity": "move", "to": at("oak_woods", 2)}]}],
        "at": "daylight", "dice": [1]}),
    );
    let mut events = Vec::new();
    let me: PieceId =
        serde_json::from_value(json!({"kind": "character", "id": "swordsman"})).unwrap();
    for _ in 0..4 {
        if !g.legal_actions(S0).contains(&A::Proceed) {
            break;
        }
        events.extend(g.apply(S0, A::Proceed).unwrap());
    }
    assert!(!events
        .iter()
        .any(|e| matches!(e.detail, E::PhaseCancelled { .. })));
    let oak = |n| {
        Some(Place::Clearing {
            at: ClearingRef::new(TileId::OakWoods, n),
        })
    };
    assert_eq!(g.state().piles.place_of(&me).cloned(), oak(2));
    assert!(events
        .iter()
        .any(|e| matches!(e.detail, E::TurnEnds { .. })));
}

#[test]
fn rule_6_2_4_a_cancelled_phase_is_a_blank_phase_that_still_ends_in_blocking() {
    // His recorded Move has no roadway (to the Cavern): the phase is cancelled and treated
    // as blank, and at its end the wolf in his clearing blocks him (7.12), ending his turn
    // before his Hide.
    use tabletop_rules::magic_realm::actions::MagicRealmEvent as E;
    let wolf = json!({"piece": {"kind": "monster", "id": "wolf-l4", "n": 0},
        "place": {"place": "clearing", "at": at("oak_woods", 2)}});
    let mut g = day_start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "hidden": false,
        "record": [{"activity": "move", "to": at("cavern", 1)}, {"activity": "hide"}]}],
        "pieces": [wolf], "at": "daylight", "dice": [1, 1, 1]}),
    );
    let ev = g.apply(S0, A::Proceed).unwrap();
    let kinds: Vec<&str> = ev
        .iter()
        .filter_map(|e| match e.detail {
            E::PhaseCancelled { .. } => Some("cancelled"),
            E::Blocked { .. } => Some("blocked"),
            E::TurnEnds { .. } => Some("ends"),
            _ => None,
        })
        .collect();
    assert_eq!(kinds, vec!["cancelled", "blocked", "ends"]);
    assert!(!g.state().seats[0].hidden, "no Hide phase was done");
}

#[test]
fn rule_7_3_1_a_pack_horse_carries_the_inactive_items() {
    // 7.3.1 Pack Horses: the Swordsman's inactive Workhorse (T8/H6) carries his inactive
    // Heavy suit of armor, too heavy for his Move chits: he moves to Oak Woods 4 with both,
    // abandoning nothing; without the horse the armor stays behind.
    use tabletop_rules::magic_realm::actions::MagicRealmEvent as E;
    let armor = day_piece("armor", "suit-of-armor", Some(0));
    let horse = json!({"piece": {"kind": "horse", "id": "workhorse-t8-h6"}, "active": false});
    let moving = |belongings: Value| {
        day_start(
            json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
            "belongings": belongings,
            "record": [{"activity": "move", "to": at("oak_woods", 4)}]}],
            "at": "daylight", "dice": [1]}),
        )
    };
    let abandons = |ev: &[tabletop_rules::engine::Event<E>]| {
        ev.iter()
            .any(|e| matches!(e.detail, E::ItemsAbandoned { .. }))
    };
    // Without the horse, the inactive armor is abandoned.
    let mut g = moving(json!([{"piece": armor, "active": false}]));
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(abandons(&ev));
    let mut g = moving(json!([{"piece": armor, "active": false}, horse]));
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(!abandons(&ev));
    let me = day_piece("character", "swordsman", None);
    assert_eq!(
        place_of(&g, &me),
        Place::Clearing {
            at: ClearingRef::new(TileId::OakWoods, 4)
        }
    );
    assert!(matches!(place_of(&g, &armor), Place::Belongings { .. }));
}

#[test]
fn rule_6_3_4_a_spell_whose_targets_all_regenerate_is_broken() {
    // Day 7: the Sorceror's Melt into Mist (chit 8) lies on a Bat in the Mountain. On a
    // Monster Roll of 6 the Bat regenerates, freed from the spell, which breaks; on a 3 it
    // stays bewitched.
    use tabletop_rules::magic_realm::state::ChitStatus;
    let bat = day_piece("monster", "giant-bat", Some(0));
    for (roll, broken) in [(6u8, true), (3, false)] {
        let g = day_start(
            json!({"seats": [{"character": "sorceror", "at": at("oak_woods", 2),
                "spells": ["melt-into-mist"],
                "chits": [{"chit": 8, "status": "committed"}],
                "record": [{"activity": "hide"}]}],
            "pieces": [{"piece": bat, "place": {"place": "clearing", "at": at("mountain", 5)}}],
            "spells": [{"caster": 0, "spell": "melt-into-mist", "spellBox": 0, "chit": 8,
                "aims": [{"aim": "denizen", "piece": bat}],
                "until": {"at": "never"}, "inert": true}],
            "day": 7, "at": "daylight", "dice": [roll]}),
        );
        assert_eq!(g.state().spells.is_empty(), broken, "roll {roll}");
        let chit = g.state().seats[0].chits[8];
        let want = if broken {
            ChitStatus::Fatigued
        } else {
            ChitStatus::Committed
        };
        assert_eq!(chit, want, "roll {roll}");
    }
}

#[test]
fn rule_7_3_2_a_hired_native_gets_the_extra_move_of_his_own_workhorse() {
    // The Patrol's HQ rides his workhorse: his employer may record a fifth phase for him,
    // a Move only (the Company's HQ, on foot, gets four: mr_leaders.rs).
    use tabletop_rules::magic_realm::catalog::denizens::NativeId;
    let oak2 = at("oak_woods", 2);
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": oak2, "hidden": false,
            "hirelings": [{"native": "patrol-hq", "lastDay": 20}]}],
        "pieces": [
            {"piece": {"kind": "native", "id": "patrol-hq"},
             "place": {"place": "clearing", "at": oak2}},
            {"piece": {"kind": "native_horse", "id": "patrol-workhorse-hq"},
             "place": {"place": "clearing", "at": oak2}}],
        "day": 2, "at": "birdsong"}),
    );
    let leader = NativeId("patrol-hq".into());
    let offered = |g: &crate::mr_seed_gaps::Game| -> Vec<Activity> {
        g.legal_actions(S0)
            .into_iter()
            .filter_map(|a| match a {
                A::RecordLeaderActivity {
                    leader: l,
                    activity,
                } if l == leader => Some(activity),
                _ => None,
            })
            .collect()
    };
    for _ in 0..4 {
        g.apply(
            S0,
            A::RecordLeaderActivity {
                leader: leader.clone(),
                activity: Activity::Hide,
            },
        )
        .unwrap();
    }
    let fifth = offered(&g);
    assert!(!fifth.is_empty(), "a fifth phase");
    assert!(
        fifth.iter().all(|a| matches!(a, Activity::Move { .. })),
        "{fifth:?}"
    );
}

#[test]
fn rule_7_2_4_a_campaign_makes_partners_two_levels_friendlier_and_foes_enemies() {
    // The Swordsman takes the Conquer chit (partners: Soldiers, Guard, Patrol, Company;
    // foes: Woodfolk, Lancers, Bashkars, Rogues; a Bashkar is on the map). The Company
    // (Friendly on his card) becomes two levels friendlier, met on the Ally column; the
    // Bashkars are met on the Enemy column.
    use tabletop_rules::magic_realm::catalog::denizens::{NativeGroup, Trader};
    use tabletop_rules::magic_realm::day::meeting::{column_of, relationship_level};
    use tabletop_rules::magic_realm::pieces::VisitorChitId;
    let oak2 = at("oak_woods", 2);
    let mut g = day_start(json!({"seats": [{"character": "swordsman", "at": oak2,
            "notoriety": 40, "record": [{"activity": "hide"}]}],
        "pieces": [
            {"piece": {"kind": "visitor_chit", "id": "conquer-war"},
             "place": {"place": "clearing", "at": oak2}, "facing": "light"},
            {"piece": {"kind": "native", "id": "bashkar-1"},
             "place": {"place": "clearing", "at": at("cavern", 1)}}],
        "at": "daylight", "dice": [1, 6, 6]}));
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let level = |g: &crate::mr_seed_gaps::Game, group| {
        relationship_level(cat, g.state(), S0, Trader::Native(group))
    };
    let company = level(&g, NativeGroup::Company);
    let bashkars = level(&g, NativeGroup::Bashkars);
    let woodfolk = level(&g, NativeGroup::Woodfolk);
    g.apply(
        S0,
        A::TakeChit {
            chit: VisitorChitId("conquer-war".into()),
        },
    )
    .unwrap();
    assert_eq!(level(&g, NativeGroup::Company), company + 2);
    assert_eq!(
        column_of(level(&g, NativeGroup::Company)),
        column_of(i32::MAX),
        "the Ally column"
    );
    assert_eq!(level(&g, NativeGroup::Bashkars), 0);
    assert_eq!(level(&g, NativeGroup::Woodfolk), 0);
    assert!(bashkars > 0 || woodfolk > 0, "not enemies before");
}

#[test]
fn rule_6_2_4_a_blank_phase_still_allows_trading_and_rearranging() {
    // The Swordsman's recorded Move has no roadway (to the Cavern): the phase will be
    // blank. At its start he may still give gold to the Amazon beside him and rearrange
    // his belongings: he deactivates his sword, then the phase is cancelled.
    use tabletop_rules::magic_realm::actions::{BelongingChange, Gift, MagicRealmEvent as E};
    let sword = day_piece("weapon", "thrusting-sword", Some(0));
    let sword_id: PieceId = serde_json::from_value(sword.clone()).unwrap();
    let mut g = day_start(json!({"seats": [
            {"character": "swordsman", "at": at("oak_woods", 2), "hidden": false, "gold": 10,
             "belongings": [{"piece": sword}],
             "record": [{"activity": "move", "to": at("cavern", 1)}]},
            {"character": "amazon", "at": at("oak_woods", 2), "hidden": false,
             "record": [{"activity": "hide"}]}],
        "at": "daylight", "dice": [1, 1, 1, 1, 1]}));
    // Play until the Swordsman's turn begins (the Amazon may go first).
    for _ in 0..4 {
        if g.legal_actions(S0).contains(&A::Proceed) {
            break;
        }
        let Some(s) = g.to_act().seats().first().copied() else {
            break;
        };
        g.apply(s, A::Proceed).unwrap();
    }
    let give = A::Give {
        to: tabletop_rules::engine::Seat(1),
        gift: Gift::Gold { gold: 5 },
    };
    let rearrange = A::Rearrange {
        piece: sword_id,
        change: BelongingChange::Deactivate,
    };
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&give), "trading at the blank phase's start");
    assert!(legal.contains(&rearrange), "rearranging at its start");
    g.apply(S0, give).unwrap();
    g.apply(S0, rearrange).unwrap();
    assert_eq!(g.state().seats[0].gold, 5);
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(ev
        .iter()
        .any(|e| matches!(e.detail, E::PhaseCancelled { .. })));
}

#[test]
fn rule_7_10_a_recorded_move_made_illegal_by_a_turned_tile_is_cancelled() {
    // Oak Woods 2 and 4 are joined by a road on the tile's green side only. The Swordsman
    // recorded a Move from 2 to 4; by Daylight the tile lies enchanted side up: the phase
    // is cancelled and he stays. With the tile green side up he moves.
    use tabletop_rules::magic_realm::actions::MagicRealmEvent as E;
    let default: Value =
        serde_json::from_str(include_str!("../../src/magic_realm/data/default_map.json")).unwrap();
    for (side, moves) in [("enchanted", false), ("normal", true)] {
        let mut tiles = default["tiles"].clone();
        for t in tiles.as_array_mut().unwrap() {
            if t["tile"] == "oak_woods" {
                t["side"] = json!(side);
            }
        }
        let mut g = day_start(json!({"map": {"type": "tiles", "tiles": tiles},
            "seats": [{"character": "swordsman", "at": at("oak_woods", 2), "hidden": false,
                "record": [{"activity": "move", "to": at("oak_woods", 4)}]}],
            "at": "daylight", "dice": [1]}));
        let ev = g.apply(S0, A::Proceed).unwrap();
        let cancelled = ev
            .iter()
            .any(|e| matches!(e.detail, E::PhaseCancelled { .. }));
        assert_eq!(cancelled, !moves, "{side}");
        let want = if moves { 4 } else { 2 };
        assert_eq!(
            tabletop_rules::magic_realm::day::who::clearing(g.state(), S0),
            Some(ClearingRef::new(TileId::OakWoods, want)),
            "{side}"
        );
    }
}
