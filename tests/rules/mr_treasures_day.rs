//! Rule scenarios for the Treasure cards used in the day (rules 4.1.2, 4.4, 4.4.3, 6.2.2c,
//! 6.2.4): extra phases, the Maps' Locate rolls, and Potions; forced dice, named by rule
//! and card.

use crate::spells_common::{details, start, Game, S0};
use serde_json::{json, Value};
use tabletop_rules::magic_realm::actions::{
    BelongingChange, MagicRealmAction as A, MagicRealmEvent as E, SearchChoice,
};
use tabletop_rules::magic_realm::catalog::denizens::NativeGroup;
use tabletop_rules::magic_realm::catalog::items::PhaseActivity;
use tabletop_rules::magic_realm::catalog::items::TreasureKind;
use tabletop_rules::magic_realm::catalog::setup_card::SetupBox;
use tabletop_rules::magic_realm::catalog::tables::{Curse, TableId};
use tabletop_rules::magic_realm::catalog::tiles::TileId;
use tabletop_rules::magic_realm::day::rolls::{mods, RollFor};
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{Facing, PieceId, Place};
use tabletop_rules::magic_realm::state::{Activity, ChitStatus, TreasurePhase};

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn at(tile: &str, clearing: u8) -> Value {
    json!({"tile": tile, "clearing": clearing})
}

fn card(id: &str, active: bool) -> Value {
    json!({"piece": {"kind": "treasure", "id": id}, "active": active})
}

fn treasure(id: &str) -> PieceId {
    serde_json::from_value(json!({"kind": "treasure", "id": id})).unwrap()
}

fn rearrange(id: &str, change: BelongingChange) -> A {
    A::Rearrange {
        piece: treasure(id),
        change,
    }
}

/// In Birdsong, with the belongings given, at `place`.
fn birdsong(character: &str, place: Value, belongings: Value) -> Game {
    start(json!({"seats": [{"character": character, "at": place, "belongings": belongings}]}))
}

/// In Daylight with the record given, and plenty of sixes to roll.
fn daylight(character: &str, place: Value, belongings: Value, record: Value) -> Game {
    start(
        json!({"seats": [{"character": character, "at": place, "hidden": false,
        "belongings": belongings, "record": record}],
        "at": "daylight", "dice": vec![6; 40]}),
    )
}

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

fn may_record(g: &Game, a: &Activity) -> bool {
    g.legal_actions(S0).contains(&A::RecordActivity {
        activity: a.clone(),
    })
}

fn acts(a: Value, n: usize) -> Value {
    json!(vec![a; n])
}

fn cancelled(ev: &[tabletop_rules::engine::Event<E>], why: &str) -> bool {
    details(ev)
        .iter()
        .any(|d| matches!(d, E::PhaseCancelled { reason, .. } if reason.contains(why)))
}

fn treasure_phases(g: &Game) -> Vec<TreasurePhase> {
    g.state().seats[0].record.treasure_phases.clone()
}

/// Records four of `activity`, then checks a fifth fits only with the card active.
fn fifth_phase_with(character: &str, id: &str, activity: Activity) {
    let oak = at("oak_woods", 2);
    for active in [true, false] {
        let mut g = birdsong(character, oak.clone(), json!([card(id, active)]));
        record(&mut g, &vec![activity.clone(); 4]);
        assert_eq!(
            may_record(&g, &activity),
            active,
            "{id} active: {active}; a fifth {activity:?}"
        );
    }
}

#[test]
fn rule_6_2_2c_cloak_of_mist_gives_an_extra_hide_phase_while_active() {
    fifth_phase_with("swordsman", "cloak-of-mist", Activity::Hide);
}

#[test]
fn rule_6_2_2c_magic_spectacles_give_an_extra_search_phase() {
    fifth_phase_with("swordsman", "magic-spectacles", Activity::Search);
}

#[test]
fn rule_6_2_2c_the_royal_sceptre_gives_an_extra_hire_phase() {
    fifth_phase_with("swordsman", "royal-sceptre", Activity::Hire);
}

#[test]
fn rule_6_2_2c_the_regent_of_jewels_gives_an_extra_trade_phase() {
    fifth_phase_with("swordsman", "regent-of-jewels", Activity::Trade);
}

#[test]
fn rule_6_2_2c_the_toadstool_ring_gives_an_extra_enchant_phase() {
    fifth_phase_with("magician", "toadstool-ring", Activity::Enchant);
}

#[test]
fn rule_6_2_2c_seven_league_boots_give_an_extra_move_phase() {
    let mut g = birdsong(
        "swordsman",
        at("oak_woods", 2),
        json!([card("seven-league-boots", true)]),
    );
    let there = |n| Activity::Move {
        to: ClearingRef::new(TileId::OakWoods, n),
    };
    record(&mut g, &[there(4), there(2), there(4), there(2)]);
    assert!(may_record(&g, &there(4)));
    record(&mut g, &[there(4)]);
    assert!(!may_record(&g, &there(2)), "one extra Move, not two");
    assert!(
        !may_record(&g, &Activity::Hide),
        "the extra phase is a Move"
    );
}

#[test]
fn rule_6_2_2c_the_cards_giving_extra_phases_say_so_in_the_data() {
    let mut with: Vec<(&str, Option<PhaseActivity>)> = cat()
        .items
        .treasures
        .iter()
        .filter_map(|t| Some((t.id.0.as_str(), t.extra_phase.as_ref()?.activity)))
        .collect();
    with.sort_by_key(|(id, _)| *id);
    assert_eq!(
        with,
        vec![
            ("ancient-telescope", Some(PhaseActivity::Search)),
            ("cloak-of-mist", Some(PhaseActivity::Hide)),
            ("magic-spectacles", Some(PhaseActivity::Search)),
            ("regent-of-jewels", Some(PhaseActivity::Trade)),
            ("royal-sceptre", Some(PhaseActivity::Hire)),
            ("seven-league-boots", Some(PhaseActivity::Move)),
            ("shielded-lantern", None),
            ("toadstool-ring", Some(PhaseActivity::Enchant)),
        ]
    );
}

#[test]
fn rule_6_2_4_a_cards_extra_phase_is_cancelled_unless_the_card_is_active_when_it_starts() {
    let mut g = daylight(
        "swordsman",
        at("oak_woods", 2),
        json!([card("cloak-of-mist", true)]),
        acts(json!({"activity": "hide"}), 5),
    );
    assert_eq!(
        treasure_phases(&g),
        vec![TreasurePhase {
            phase: 4,
            item: treasure_id("cloak-of-mist")
        }],
        "the card's phase is the one beyond the Basic and Sunlight phases"
    );
    for _ in 0..4 {
        let ev = g.apply(S0, A::Proceed).unwrap();
        assert!(
            !cancelled(&ev, "6.2.4"),
            "the other phases are not the card's"
        );
    }
    g.apply(S0, rearrange("cloak-of-mist", BelongingChange::Deactivate))
        .unwrap();
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(cancelled(&ev, "Cloak of Mist"));
}

fn treasure_id(id: &str) -> tabletop_rules::magic_realm::catalog::items::TreasureId {
    tabletop_rules::magic_realm::catalog::items::TreasureId(id.into())
}

#[test]
fn rule_6_2_4_he_is_committed_to_keep_the_card_until_its_phase_is_done() {
    let g = daylight(
        "swordsman",
        at("oak_woods", 2),
        json!([card("cloak-of-mist", true)]),
        json!([{"activity": "hide"}, {"activity": "hide"}, {"activity": "hide"},
               {"activity": "hide"}, {"activity": "hide"}]),
    );
    let legal = g.legal_actions(S0);
    assert!(!legal.contains(&rearrange("cloak-of-mist", BelongingChange::Abandon)));
    assert!(
        legal.contains(&rearrange("cloak-of-mist", BelongingChange::Deactivate)),
        "he may deactivate it"
    );
    // Without a phase to give, the card can be abandoned.
    let g = daylight(
        "swordsman",
        at("oak_woods", 2),
        json!([card("cloak-of-mist", true)]),
        json!([{"activity": "hide"}]),
    );
    assert!(g
        .legal_actions(S0)
        .contains(&rearrange("cloak-of-mist", BelongingChange::Abandon)));
}

#[test]
fn rule_6_2_2c_the_ancient_telescope_peers_only_from_a_mountain() {
    let search = acts(json!({"activity": "search"}), 5);
    let peer_only = |g: &Game| {
        let searches: Vec<A> = g
            .legal_actions(S0)
            .into_iter()
            .filter(|a| matches!(a, A::Search { .. }))
            .collect();
        !searches.is_empty()
            && searches.iter().all(|a| {
                matches!(
                    a,
                    A::Search {
                        search: SearchChoice::Peer { .. }
                    }
                )
            })
    };
    // From a mountain clearing: the Search beyond the four phases is the Telescope's, and
    // it is the first Search begun in a mountain clearing.
    let mut record = vec![json!({"activity": "search"})];
    record.extend(vec![json!({"activity": "hide"}); 3]);
    record.push(json!({"activity": "search"}));
    let mut g = daylight(
        "swordsman",
        at("cliff", 1),
        json!([card("ancient-telescope", true)]),
        json!(record),
    );
    assert_eq!(treasure_phases(&g).first().map(|t| t.phase), Some(0));
    assert!(peer_only(&g));
    let peer = g
        .legal_actions(S0)
        .into_iter()
        .find(|a| matches!(a, A::Search { .. }))
        .unwrap();
    g.apply(S0, peer).unwrap();
    for _ in 0..3 {
        g.apply(S0, A::Proceed).unwrap();
    }
    assert!(
        g.legal_actions(S0).contains(&A::Search {
            search: SearchChoice::Locate
        }),
        "the last Search is a general phase"
    );
    // In a woods clearing the Telescope's phase is cancelled.
    let mut g = daylight(
        "swordsman",
        at("cliff", 2),
        json!([card("ancient-telescope", true)]),
        search,
    );
    assert_eq!(treasure_phases(&g).first().map(|t| t.phase), Some(4));
    for _ in 0..4 {
        let locate = A::Search {
            search: SearchChoice::Locate,
        };
        assert!(g.legal_actions(S0).contains(&locate));
        g.apply(S0, locate).unwrap();
        while g
            .legal_actions(S0)
            .iter()
            .any(|a| matches!(a, A::ChooseSearchResult { .. }))
        {
            let pick = g.legal_actions(S0)[0].clone();
            g.apply(S0, pick).unwrap();
        }
    }
    assert!(!g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::Search { .. })));
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(cancelled(&ev, "Mountain"));
}

#[test]
fn rule_6_2_4_the_shielded_lantern_gives_an_extra_phase_begun_in_a_cave() {
    let cave = Activity::Move {
        to: ClearingRef::new(TileId::Borderland, 6),
    };
    // Entering a cave leaves two Basic phases; the Lantern adds a third.
    for (active, phases) in [(true, 3), (false, 2)] {
        let mut g = birdsong(
            "swordsman",
            at("borderland", 1),
            json!([card("shielded-lantern", active)]),
        );
        record(&mut g, std::slice::from_ref(&cave));
        record(&mut g, &vec![Activity::Hide; phases - 1]);
        assert!(!may_record(&g, &Activity::Hide), "lantern {active}");
    }
    // The Lantern's phase is the first one begun in the cave.
    let mut g = daylight(
        "swordsman",
        at("borderland", 1),
        json!([card("shielded-lantern", true)]),
        json!([{"activity": "move", "to": at("borderland", 6)},
               {"activity": "hide"}, {"activity": "hide"}]),
    );
    assert_eq!(
        treasure_phases(&g),
        vec![TreasurePhase {
            phase: 1,
            item: treasure_id("shielded-lantern")
        }]
    );
    for _ in 0..3 {
        let ev = g.apply(S0, A::Proceed).unwrap();
        assert!(!cancelled(&ev, "6.2.4"));
    }
    // Recorded outside the caves, it is cancelled there.
    let mut g = daylight(
        "swordsman",
        at("oak_woods", 2),
        json!([card("shielded-lantern", true)]),
        acts(json!({"activity": "hide"}), 5),
    );
    assert_eq!(treasure_phases(&g).first().map(|t| t.phase), Some(4));
    let mut seen = false;
    for _ in 0..5 {
        let ev = g.apply(S0, A::Proceed).unwrap();
        seen |= cancelled(&ev, "Cave");
    }
    assert!(seen);
}

#[test]
fn rule_4_1_2_the_map_of_the_lost_city_subtracts_one_from_locate_rolls_in_its_tile() {
    let lost_city = json!({"piece": {"kind": "map_chit", "id": "lost_city"},
        "place": {"place": "tile", "tile": "cliff"}, "facing": "down"});
    let g = start(
        json!({"seats": [{"character": "swordsman", "at": at("cliff", 2),
        "belongings": [card("map-of-lost-city", true)]}], "pieces": [lost_city]}),
    );
    let locate = |g: &Game| mods(cat(), g.state(), S0, RollFor::Table(TableId::Locate)).add;
    assert_eq!(locate(&g), -1);
    assert_eq!(
        mods(cat(), g.state(), S0, RollFor::Table(TableId::Peer)).add,
        0,
        "only Locate rolls"
    );
    let g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "belongings": [card("map-of-lost-city", true)]}], "pieces": [lost_city]}),
    );
    assert_eq!(locate(&g), 0, "elsewhere");
    let g = start(
        json!({"seats": [{"character": "swordsman", "at": at("cliff", 2),
        "belongings": [card("map-of-lost-castle", true)]}], "pieces": [lost_city]}),
    );
    assert_eq!(locate(&g), 0, "the other Map");
}

#[test]
fn rule_4_1_2_the_map_of_ruins_subtracts_one_in_the_ruins_and_where_a_ruins_chit_lies() {
    let ruins_m = json!({"piece": {"kind": "map_chit", "id": "ruins_m"},
        "place": {"place": "tile", "tile": "cliff"}, "facing": "down"});
    let locate = |place: Value| {
        let g = start(json!({"seats": [{"character": "swordsman", "at": place,
            "belongings": [card("map-of-ruins", true)]}], "pieces": [ruins_m]}));
        mods(cat(), g.state(), S0, RollFor::Table(TableId::Locate)).add
    };
    assert_eq!(locate(at("ruins", 1)), -1);
    assert_eq!(locate(at("cliff", 5)), -1);
    assert_eq!(locate(at("oak_woods", 2)), 0);
}

fn chits_of(g: &Game) -> Vec<ChitStatus> {
    g.state().seats[0].chits.clone()
}

fn order_box() -> Place {
    Place::SetupBox {
        target: SetupBox::NativeGroup(NativeGroup::Order),
    }
}

#[test]
fn rule_4_4_3_the_vial_of_healing_turns_every_wound_into_fatigue_and_goes_to_the_order() {
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "hidden": false, "belongings": [card("vial-of-healing", false)],
        "chits": [{"chit": 0, "status": "fatigued"}, {"chit": 1, "status": "wounded"},
                  {"chit": 4, "status": "wounded"}],
        "record": [{"activity": "hide"}]}],
        "at": "daylight", "dice": vec![6; 10]}),
    );
    let drink = rearrange("vial-of-healing", BelongingChange::Activate);
    assert!(g.legal_actions(S0).contains(&drink));
    let ev = g.apply(S0, drink).unwrap();
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::WoundsHealed { chits: 2, .. })));
    let chits = chits_of(&g);
    assert_eq!(
        (chits[0], chits[1], chits[4]),
        (
            ChitStatus::Fatigued,
            ChitStatus::Fatigued,
            ChitStatus::Fatigued
        )
    );
    // 4.4.3b: it acts at once and goes back to its box at once.
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::PotionDiscarded { .. })));
    let (place, counter) = g.state().piles.find(&treasure("vial-of-healing")).unwrap();
    assert_eq!(
        place,
        &order_box(),
        "discarded to the Order (errata 2.7.13)"
    );
    assert_eq!(counter.facing, Facing::Down);
}

#[test]
fn rule_4_4_3_the_poultice_of_health_makes_a_rest_phase_count_double() {
    let scenario = || {
        start(
            json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
            "hidden": false, "belongings": [card("poultice-of-health", false)],
            "chits": [{"chit": 1, "status": "fatigued"}, {"chit": 2, "status": "fatigued"}],
            "record": [{"activity": "rest"}, {"activity": "hide"}]}],
            "at": "daylight", "dice": vec![6; 10]}),
        )
    };
    let rest = |chit| A::Rest { chit, change: None };
    // Drunk at the start of the phase: two rests in the one phase.
    let mut g = scenario();
    g.apply(
        S0,
        rearrange("poultice-of-health", BelongingChange::Activate),
    )
    .unwrap();
    let ev = g.apply(S0, rest(1)).unwrap();
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::RestCountsDouble { .. })));
    assert_eq!(g.state().today.phase, 0, "the phase is not over");
    assert_eq!(g.legal_actions(S0), vec![rest(2)]);
    g.apply(S0, rest(2)).unwrap();
    assert_eq!(g.state().today.phase, 1);
    assert_eq!(chits_of(&g)[1], ChitStatus::Fresh);
    assert_eq!(chits_of(&g)[2], ChitStatus::Fresh);
    // Not drunk: one rest.
    let mut g = scenario();
    g.apply(S0, rest(1)).unwrap();
    assert_eq!(g.state().today.phase, 1);
    assert_eq!(chits_of(&g)[2], ChitStatus::Fatigued);
}

#[test]
fn rule_4_4_3_a_potion_whose_effect_is_not_in_play_cannot_be_drunk() {
    // The Amulet with no spell or curse in his clearing to cancel is not offered.
    let g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "hidden": false, "belongings": [card("amulet", false)],
        "record": [{"activity": "hide"}]}],
        "at": "daylight", "dice": vec![6; 10]}),
    );
    assert!(!g
        .legal_actions(S0)
        .contains(&rearrange("amulet", BelongingChange::Activate)));
    // Every Potion has its use in play.
    assert!(cat()
        .items
        .treasures
        .iter()
        .filter(|t| t.kinds.contains(&TreasureKind::Potion))
        .all(|t| t.potion.is_some()));
    let mut with: Vec<&str> = cat()
        .items
        .treasures
        .iter()
        .filter(|t| t.drink.is_some())
        .map(|t| t.id.0.as_str())
        .collect();
    with.sort();
    assert_eq!(
        with,
        vec![
            "amulet",
            "poultice-of-health",
            "vial-of-healing",
            "withered-claw"
        ]
    );
}

/// The Swordsman (seat 0) holds the Amulet, inactive, in Oak Woods 2 with `curses`, at
/// the start of his Hide phase; the Sorceror (seat 1) is there too, with `spells` in
/// effect.
fn amulet_holder(curses: Value, spells: Value) -> Game {
    start(json!({"seats": [
        {"character": "swordsman", "at": at("oak_woods", 2), "hidden": false,
         "belongings": [card("amulet", false)], "curses": curses,
         "record": [{"activity": "hide"}]},
        {"character": "sorceror", "at": at("oak_woods", 2), "hidden": false,
         "spells": ["lost"], "record": []}],
        "spells": spells, "day": 2, "at": "daylight", "dice": vec![6; 20]}))
}

fn amulet_cancels(aim: Value) -> A {
    A::AmuletCancels {
        aim: serde_json::from_value(aim).unwrap(),
    }
}

#[test]
fn rule_4_6_7a_the_amulet_removes_a_curse_and_goes_to_the_shamans_box() {
    let mut g = amulet_holder(json!(["ashes", "squeak"]), json!([]));
    g.apply(S0, rearrange("amulet", BelongingChange::Activate))
        .unwrap();
    // He names one curse (or none other: nothing else is in effect in his clearing).
    let mut offered = g.legal_actions(S0);
    offered.sort_by_key(|a| format!("{a:?}"));
    let ashes = amulet_cancels(json!({"aim": "curse", "seat": 0, "curse": "ashes"}));
    let squeak = amulet_cancels(json!({"aim": "curse", "seat": 0, "curse": "squeak"}));
    assert_eq!(offered, vec![ashes.clone(), squeak]);
    let ev = g.apply(S0, ashes).unwrap();
    assert!(details(&ev).iter().any(|d| matches!(
        d,
        E::CurseRemoved {
            curse: Curse::Ashes,
            ..
        }
    )));
    let curses: Vec<Curse> = g.state().seats[0].curses.iter().copied().collect();
    assert_eq!(curses, vec![Curse::Squeak], "one curse only");
    // Used at once (4.4.3b): face down in the Shaman's box; his phase is still to do.
    let (place, counter) = g.state().piles.find(&treasure("amulet")).unwrap();
    assert_eq!(
        Some(place.clone()),
        tabletop_rules::magic_realm::combat::potions::discard_place(cat(), &treasure("amulet"))
    );
    assert_eq!(counter.facing, Facing::Down);
    assert_eq!(g.state().today.phase, 0, "his Hide phase is still to do");
    assert!(!g.legal_actions(S0).is_empty());
}

#[test]
fn rule_4_6_9g_the_amulet_breaks_one_spell_whose_caster_is_in_its_clearing() {
    // The Sorceror's Lost on Oak Woods (cast from his spell box 0), and a second Lost
    // (box 1): the Amulet breaks only the one it names.
    let lost = |spell_box: u8| {
        json!({"caster": 1, "spell": "lost", "spellBox": spell_box, "chit": 7 + spell_box,
            "aims": [{"aim": "tile"}], "at": at("oak_woods", 2), "until": {"at": "never"},
            "inert": false})
    };
    let mut g = amulet_holder(json!([]), json!([lost(0), lost(1)]));
    g.apply(S0, rearrange("amulet", BelongingChange::Activate))
        .unwrap();
    let first = amulet_cancels(json!({"aim": "spell", "caster": 1, "spell_box": 0}));
    assert!(g.legal_actions(S0).contains(&first));
    let ev = g.apply(S0, first).unwrap();
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::AmuletCancelled { .. })));
    let left: Vec<u8> = g.state().spells.iter().map(|s| s.spell_box).collect();
    assert_eq!(left, vec![1], "the other Lost stays in effect");
}

#[test]
fn rule_6_2_1b_the_crystal_ball_peers_into_any_clearing() {
    let far = ClearingRef::new(TileId::Cliff, 3);
    let peer_far = A::Search {
        search: SearchChoice::Peer { at: far },
    };
    for active in [true, false] {
        let mut g = daylight(
            "swordsman",
            at("oak_woods", 2),
            json!([card("crystal-ball", active)]),
            json!([{"activity": "search"}]),
        );
        assert_eq!(g.legal_actions(S0).contains(&peer_far), active);
        if active {
            let ev = g.apply(S0, peer_far.clone()).unwrap();
            assert!(details(&ev).iter().any(|d| matches!(
                d,
                E::Searched {
                    table: TableId::Peer,
                    at,
                    ..
                } if *at == far
            )));
        }
    }
}

#[test]
fn rule_4_6_7a_the_amulet_as_an_encounter_action_names_its_curse_with_the_rounds_spells() {
    use tabletop_rules::magic_realm::combat::{self, CombatStage};
    // At Sunset with a Wolf, cursed with Wither.
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "belongings": [card("amulet", false)], "curses": ["wither"]}],
        "pieces": [{"piece": {"kind": "monster", "id": "wolf-l4", "n": 0},
            "place": {"place": "clearing", "at": at("oak_woods", 2)}}],
        "at": "sunset", "dice": vec![1; 40]}),
    );
    let stage = |g: &Game| combat::current(g.state()).map(|c| c.stage);
    let use_amulet = A::EncounterItem {
        piece: treasure("amulet"),
        change: BelongingChange::Activate,
    };
    for _ in 0..20 {
        if g.legal_actions(S0).contains(&use_amulet) {
            break;
        }
        let seat = g.to_act().seats().first().copied().expect("someone acts");
        let pass = combat::passing(&g.legal_actions(seat)).expect("a passing action");
        g.apply(seat, pass).unwrap();
    }
    assert_eq!(stage(&g), Some(CombatStage::Actions));
    g.apply(S0, use_amulet).unwrap();
    for _ in 0..20 {
        if stage(&g) == Some(CombatStage::Targets) {
            break;
        }
        let seat = g.to_act().seats().first().copied().expect("someone acts");
        let pass = combat::passing(&g.legal_actions(seat)).expect("a passing action");
        g.apply(seat, pass).unwrap();
    }
    let wither = amulet_cancels(json!({"aim": "curse", "seat": 0, "curse": "wither"}));
    assert_eq!(g.legal_actions(S0), vec![wither.clone()]);
    g.apply(S0, wither).unwrap();
    assert!(g.state().seats[0].curses.is_empty());
}
