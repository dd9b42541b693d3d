//! Rule scenarios for flying steeds (7.3.3, 7.11, 8.3.6 b.4, 8.3.8e): a character rides a
//! controlled Bat following him, or a character transmorphized into a flying creature
//! following him, when its flying strength carries him; the steed flies and lands with him;
//! a steed not following him, or too weak for him, is no flying strength; and a steed is
//! ridden neither to charge nor to fly away.

use crate::spells_common::{details, dice, here, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::tiles::TileId;
use tabletop_rules::magic_realm::combat::{self, CombatStage};
use tabletop_rules::magic_realm::day::flying::{self, FlySource};
use tabletop_rules::magic_realm::day::{birdsong, steeds};
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::state::Activity;

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn bat() -> PieceId {
    serde_json::from_value(json!({"kind": "monster", "id": "giant-bat", "n": 0})).unwrap()
}

fn oak(clearing: u8) -> Value {
    json!({"tile": "oak_woods", "clearing": clearing})
}

fn oak_woods() -> TileId {
    serde_json::from_value(json!("oak_woods")).unwrap()
}

/// The Giant Bat in Oak Woods `clearing`.
fn bat_in(clearing: u8) -> Value {
    json!({"piece": bat(), "place": {"place": "clearing", "at": oak(clearing)}})
}

/// The Elf's Control Bats (her Magic chit 3), holding the Giant Bat until Sunset of `day`.
fn control_bats_until(day: u8) -> Value {
    json!({"caster": 0, "spell": "control-bats", "spellBox": 0, "chit": 3,
        "aims": [{"aim": "denizen", "piece": bat()}],
        "until": {"at": "sunset", "day": day}, "inert": false})
}

/// Control Bats cast in the last Evening: it holds the Bat through day 2.
fn control_bats() -> Value {
    control_bats_until(2)
}

/// The Elf (Light) in Oak Woods 2 with `record`; the Giant Bat in Oak Woods `bat_at`,
/// controlled by her when `controlled`.
fn elf_and_bat(controlled: bool, bat_at: u8, record: Value, at: &str, dice: Value) -> Game {
    let (spells, chits) = if controlled {
        (
            json!([control_bats()]),
            json!([{"chit": 3, "status": "committed"}]),
        )
    } else {
        (json!([]), json!([]))
    };
    start(
        json!({"seats": [{"character": "elf", "at": here(), "hidden": false,
        "spells": ["control-bats"], "chits": chits, "record": record}],
        "pieces": [bat_in(bat_at)], "spells": spells, "day": 2, "at": at, "dice": dice}),
    )
}

fn fly(to: TileId) -> Value {
    json!([{"activity": "fly", "to": to}])
}

fn a_neighbour(g: &Game) -> TileId {
    g.state().map.adjacent_tiles(oak_woods())[0]
}

fn fly_offered(g: &Game, seat: Seat) -> bool {
    g.legal_actions(seat).iter().any(|a| {
        matches!(
            a,
            A::RecordActivity {
                activity: Activity::Fly { .. }
            }
        )
    })
}

fn place_of(g: &Game, piece: &PieceId) -> Option<Place> {
    g.state().piles.place_of(piece).cloned()
}

fn character(id: &str) -> PieceId {
    serde_json::from_value(json!({"kind": "character", "id": id})).unwrap()
}

/// Plays Daylight on: followers keep following, everyone else proceeds, until nobody can.
fn play_daylight(g: &mut Game) -> Vec<Event<E>> {
    let mut log = Vec::new();
    for _ in 0..20 {
        let Some(who) = g.to_act().seats().first().copied() else {
            break;
        };
        let legal = g.legal_actions(who);
        let next = if legal.contains(&A::KeepFollowing) {
            A::KeepFollowing
        } else if legal.contains(&A::Proceed) && g.state().step.is_day() {
            A::Proceed
        } else {
            break;
        };
        log.extend(g.apply(who, next).unwrap());
        if details(&log)
            .iter()
            .any(|d| matches!(d, E::TurnEnds { seat } if *seat == S0))
        {
            break;
        }
    }
    log
}

fn cancelled(log: &[Event<E>], seat: Seat) -> bool {
    details(log)
        .iter()
        .any(|d| matches!(d, E::PhaseCancelled { seat: s, .. } if *s == seat))
}

#[test]
fn rule_7_3_3_she_flies_on_a_following_controlled_bat_and_it_lands_with_her() {
    // Birdsong: with her controlled Bat in her clearing she may record FL; with the Bat
    // uncontrolled she has no flying source.
    let probe = elf_and_bat(true, 2, json!([]), "birdsong", json!([]));
    assert!(fly_offered(&probe, S0));
    assert!(!fly_offered(
        &elf_and_bat(false, 2, json!([]), "birdsong", json!([])),
        S0
    ));
    let next = a_neighbour(&probe);
    // Monster Roll 1, then landing rolls: the first die naming a clearing of the tile.
    let mut g = elf_and_bat(true, 2, fly(next), "daylight", json!([1, 1, 2, 3, 4, 5, 6]));
    assert!(
        g.state().today.monsters_following.contains(&bat()),
        "the controlled Bat follows her from Sunrise"
    );
    let rides = steeds::flights(cat(), g.state(), S0);
    assert_eq!(rides.len(), 1);
    assert_eq!(rides[0].source, FlySource::Steed { piece: bat() });
    assert_eq!(
        rides[0].values.time, 3,
        "the Bat's move time on its light side"
    );
    let log = play_daylight(&mut g);
    assert!(details(&log).iter().any(|d| matches!(d,
        E::Flew { seat: S0, to, with: Some(FlySource::Steed { piece }) }
            if *to == next && *piece == bat())));
    let landed = details(&log)
        .iter()
        .find_map(|d| match d {
            E::Landed { seat: S0, at } => Some(*at),
            _ => None,
        })
        .expect("she lands");
    assert_eq!(landed.tile, next);
    assert_eq!(
        place_of(&g, &character("elf")),
        Some(Place::Clearing { at: landed })
    );
    assert_eq!(
        place_of(&g, &bat()),
        Some(Place::Clearing { at: landed }),
        "the Bat flew and landed with her"
    );
}

#[test]
fn rule_7_3_3_a_controlled_bat_not_following_her_is_no_steed() {
    // The controlled Bat is in Oak Woods 4 at Sunrise, not with her: it does not follow
    // her, so she has no flying strength and her recorded Fly is forfeited.
    let probe = elf_and_bat(true, 4, json!([]), "birdsong", json!([]));
    assert!(!fly_offered(&probe, S0), "no steed in her clearing");
    let next = a_neighbour(&probe);
    let mut g = elf_and_bat(true, 4, fly(next), "daylight", json!([1, 1, 2, 3, 4, 5, 6]));
    assert!(!g.state().today.monsters_following.contains(&bat()));
    assert!(steeds::flights(cat(), g.state(), S0).is_empty());
    let log = play_daylight(&mut g);
    assert!(cancelled(&log, S0));
    assert!(!details(&log).iter().any(|d| matches!(d, E::Flew { .. })));
    assert_eq!(
        place_of(&g, &character("elf")),
        Some(Place::Clearing {
            at: serde_json::from_value(here()).unwrap()
        })
    );
    assert_eq!(
        place_of(&g, &bat()),
        Some(Place::Clearing {
            at: serde_json::from_value(oak(4)).unwrap()
        })
    );
}

#[test]
fn rule_6_2_5_a_bat_with_a_turn_of_its_own_recorded_is_no_steed_to_record_a_fly_on() {
    // Birdsong: she records a turn for her controlled Bat (a Fly of its own); it will not
    // follow her, so a Fly of hers on it is no longer offered (and is refused).
    let mut g = elf_and_bat(true, 2, json!([]), "birdsong", json!([]));
    assert!(fly_offered(&g, S0));
    let to = a_neighbour(&g);
    g.apply(
        S0,
        A::RecordMonsterActivity {
            monster: bat(),
            activity: Activity::Fly { to },
        },
    )
    .unwrap();
    assert!(!fly_offered(&g, S0));
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g
        .apply(
            S0,
            A::RecordActivity {
                activity: Activity::Fly { to },
            },
        )
        .is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    // Taking its turn back makes it her steed again.
    g.apply(S0, A::TakeBackMonsterActivity { monster: bat() })
        .unwrap();
    assert!(fly_offered(&g, S0));
}

#[test]
fn rule_7_3_3_a_fly_record_with_no_steed_is_refused_and_changes_nothing() {
    // Her Bat is uncontrolled: recording FL is refused, and the state is byte-identical.
    let mut g = elf_and_bat(false, 2, json!([]), "birdsong", json!([]));
    let to = a_neighbour(&g);
    let before = serde_json::to_string(g.state()).unwrap();
    let refused = g.apply(
        S0,
        A::RecordActivity {
            activity: Activity::Fly { to },
        },
    );
    assert!(refused.is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}

#[test]
fn rule_7_11_a_controlled_bat_following_her_moves_with_her() {
    // 7.3.3: a controlled flying monster moves normally by following a guide who moves
    // normally.
    let probe = elf_and_bat(true, 2, json!([]), "birdsong", json!([]));
    let from: ClearingRef = serde_json::from_value(here()).unwrap();
    let to = birdsong::move_targets(cat(), probe.state(), S0, from)[0];
    let mut g = elf_and_bat(
        true,
        2,
        json!([{"activity": "move", "to": to}]),
        "daylight",
        dice(1, 10),
    );
    let log = play_daylight(&mut g);
    assert!(details(&log).iter().any(|d| matches!(d,
        E::HirelingsMoved { seat: S0, pieces, to: t } if pieces.contains(&bat()) && *t == to)));
    assert_eq!(place_of(&g, &bat()), Some(Place::Clearing { at: to }));
}

/// The Amazon (Medium, seat 0) records `record`; the Sorceror (Medium, seat 1),
/// transformed by his own spell into the creature of `roll` (3 Eagle M2, 4 Bird L1),
/// follows her.
fn amazon_and_creature(roll: u8, record: Value, at: &str, dice: Value) -> Game {
    start(json!({"seats": [
        {"character": "amazon", "at": here(), "hidden": false, "record": record},
        {"character": "sorceror", "at": here(), "hidden": false, "spells": ["transform"],
         "record": [{"activity": "follow", "guide": 0}]}],
        "spells": [{"caster": 1, "spell": "transform", "spellBox": 0, "chit": 8,
            "aims": [{"aim": "character", "seat": 1}], "until": {"at": "never"},
            "value": roll}],
        "day": 2, "at": at, "dice": dice}))
}

#[test]
fn rule_7_3_3_she_rides_a_following_eagle_but_a_bird_too_weak_for_her_is_no_steed() {
    // Birdsong: a flying creature in her clearing may carry her (whom it follows is
    // secret), so FL is offered.
    let probe = amazon_and_creature(3, json!([]), "birdsong", json!([]));
    assert!(fly_offered(&probe, S0));
    assert!(flying::may_record(cat(), probe.state(), S0));
    let next = a_neighbour(&probe);
    // The Eagle (M2) carries the Medium Amazon: she rides it; it flies and lands with her.
    let mut g = amazon_and_creature(3, fly(next), "daylight", json!([1, 1, 2, 3, 4, 5, 6]));
    let log = play_daylight(&mut g);
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::Flew {
            seat: S0,
            with: Some(FlySource::Mount { seat: S1 }),
            ..
        }
    )));
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::Flew {
            seat: S1,
            with: Some(FlySource::Creature),
            ..
        }
    )));
    let amazon = place_of(&g, &character("amazon"));
    assert!(matches!(amazon, Some(Place::Clearing { at }) if at.tile == next));
    assert_eq!(place_of(&g, &character("sorceror")), amazon);
    // The Bird (L1) cannot carry her: she has no flying strength and the Fly is forfeited.
    let mut g = amazon_and_creature(4, fly(next), "daylight", json!([1, 1, 2, 3, 4, 5, 6]));
    assert!(flying::best_flight(cat(), g.state(), S0).is_none());
    let log = play_daylight(&mut g);
    assert!(cancelled(&log, S0));
    assert!(!details(&log)
        .iter()
        .any(|d| matches!(d, E::Flew { seat: S0, .. })));
    assert_eq!(
        place_of(&g, &character("amazon")),
        Some(Place::Clearing {
            at: serde_json::from_value(here()).unwrap()
        })
    );
}

#[test]
fn rule_8_3_6_b4_she_cannot_ride_a_flying_steed_to_charge_or_fly_away() {
    // The Elf's controlled Bat (cast today, it lasts until tomorrow's Sunset) follows her
    // into the Evening, next to the Amazon. Her steed would carry her by day, but in
    // combat no charge or flight away is offered on it.
    let mut g = start(json!({"seats": [
        {"character": "elf", "at": here(), "hidden": false, "spells": ["control-bats"],
         "chits": [{"chit": 3, "status": "committed"}]},
        {"character": "amazon", "at": here(), "hidden": false,
         "belongings": [{"piece": {"kind": "treasure", "id": "lucky-charm"}}]}],
        "pieces": [bat_in(2)], "spells": [control_bats_until(3)],
        "day": 2, "at": "daylight", "dice": dice(1, 80)}));
    assert!(g.state().today.monsters_following.contains(&bat()));
    assert!(!steeds::flights(cat(), g.state(), S0).is_empty());
    let mut log = Vec::new();
    let mut asked = false;
    let mut fought = false;
    for _ in 0..120 {
        let Some(c) = combat::current(g.state()) else {
            assert!(!fought, "the first round ended");
            crate::spells_common::pass_once(&mut g, &mut log);
            continue;
        };
        fought = true;
        if c.round > 1 {
            break;
        }
        let legal = g.legal_actions(S0);
        assert!(!legal
            .iter()
            .any(|a| matches!(a, A::ChargeFlying { .. } | A::FlyAway { .. })));
        // She was offered the encounter's ways to move: a charge or running away.
        asked |= legal
            .iter()
            .any(|a| matches!(a, A::Charge { .. } | A::RunAway { .. }));
        if c.stage > CombatStage::Actions {
            break;
        }
        crate::spells_common::pass_once(&mut g, &mut log);
    }
    assert!(asked, "she took part in the Encounter Step");
}

#[test]
fn rule_7_3_3_if_her_steed_stops_following_she_and_the_steed_land_in_the_same_clearing() {
    // The Amazon records two Fly phases riding the Sorceror as an Eagle; at the start of
    // her second he stops following: both land at once, by one roll, in one clearing.
    let probe = amazon_and_creature(3, json!([]), "birdsong", json!([]));
    let next = a_neighbour(&probe);
    let record = json!([{"activity": "fly", "to": next}, {"activity": "fly", "to": next}]);
    let mut g = amazon_and_creature(3, record, "daylight", json!([1, 1, 2, 3, 4, 5, 6]));
    let mut log = Vec::new();
    let mut decisions = 0;
    for _ in 0..20 {
        let Some(who) = g.to_act().seats().first().copied() else {
            break;
        };
        let legal = g.legal_actions(who);
        let next_action = if legal.contains(&A::KeepFollowing) {
            decisions += 1;
            if decisions == 1 {
                A::KeepFollowing
            } else {
                A::StopFollowing
            }
        } else if legal.contains(&A::Proceed) {
            A::Proceed
        } else {
            break;
        };
        let stopping = next_action == A::StopFollowing;
        log.extend(g.apply(who, next_action).unwrap());
        if stopping {
            break;
        }
    }
    assert_eq!(decisions, 2, "he stopped at the start of her second phase");
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::Flew {
            seat: S0,
            with: Some(FlySource::Mount { seat: S1 }),
            ..
        }
    )));
    let landings: Vec<(Seat, ClearingRef)> = details(&log)
        .iter()
        .filter_map(|d| match d {
            E::Landed { seat, at } => Some((*seat, *at)),
            _ => None,
        })
        .collect();
    assert_eq!(landings.len(), 2, "both land: {landings:?}");
    assert_eq!(landings[0].1, landings[1].1, "in the same clearing");
    // Her roll sets them both down: the steed rolls no landing of its own.
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::LandingRolled { seat: S0, .. })));
    assert!(!details(&log)
        .iter()
        .any(|d| matches!(d, E::LandingRolled { seat: S1, .. })));
    let amazon = place_of(&g, &character("amazon"));
    assert_eq!(amazon, Some(Place::Clearing { at: landings[0].1 }));
    assert_eq!(place_of(&g, &character("sorceror")), amazon);
    assert!(g.state().today.riding.is_empty());
}

/// Seat 0 (`character`, with `spells` learned) transmorphized by `form_spell` (a spell in
/// effect, cast by him from box 0), with the Giant Bat in his clearing under his Control
/// Bats (box 1, Magic chit 3); the Ogre, if absorbed, aside.
fn creature_and_bat(character: &str, learned: Value, form_spell: Value, record: Value) -> Game {
    let control = json!({"caster": 0, "spell": "control-bats", "spellBox": 1, "chit": 3,
        "aims": [{"aim": "denizen", "piece": bat()}],
        "until": {"at": "sunset", "day": 2}, "inert": false});
    start(
        json!({"seats": [{"character": character, "at": here(), "hidden": false,
        "spells": learned, "record": record}],
        "pieces": [bat_in(2), {"piece": {"kind": "monster", "id": "ogre", "n": 0},
            "place": {"place": "aside"}}],
        "spells": [form_spell, control], "day": 2, "at": "daylight",
        "dice": [1, 1, 2, 3, 4, 5, 6]}),
    )
}

#[test]
fn rule_7_3_3_as_an_absorbed_ogre_he_rides_his_bat_but_not_as_a_lion() {
    let probe = elf_and_bat(true, 2, json!([]), "birdsong", json!([]));
    let next = a_neighbour(&probe);
    // The Witch King, his essence an Ogre's, may ride flying monsters.
    let absorb = json!({"caster": 0, "spell": "absorb-essence", "spellBox": 0, "chit": 4,
        "aims": [{"aim": "denizen", "piece": {"kind": "monster", "id": "ogre", "n": 0}}],
        "until": {"at": "never"}});
    let mut g = creature_and_bat(
        "witch-king",
        json!(["absorb-essence", "control-bats"]),
        absorb,
        fly(next),
    );
    assert!(steeds::can_ride(cat(), g.state(), S0));
    let log = play_daylight(&mut g);
    assert!(details(&log).iter().any(|d| matches!(d,
        E::Flew { seat: S0, with: Some(FlySource::Steed { piece }), .. } if *piece == bat())));
    assert!(matches!(place_of(&g, &bat()), Some(Place::Clearing { at }) if at.tile == next));
    // The Sorceror as a Lion (Transform row 2) cannot ride it: his Fly is forfeited.
    let lion = json!({"caster": 0, "spell": "transform", "spellBox": 0, "chit": 8,
        "aims": [{"aim": "character", "seat": 0}], "until": {"at": "never"}, "value": 2});
    let mut g = creature_and_bat(
        "sorceror",
        json!(["transform", "control-bats"]),
        lion,
        fly(next),
    );
    assert!(g.state().today.monsters_following.contains(&bat()));
    assert!(!steeds::can_ride(cat(), g.state(), S0));
    assert!(!flying::may_record(cat(), g.state(), S0));
    let log = play_daylight(&mut g);
    assert!(cancelled(&log, S0));
    assert_eq!(
        place_of(&g, &bat()),
        Some(Place::Clearing {
            at: serde_json::from_value(here()).unwrap()
        })
    );
}

#[test]
fn rule_7_3_3_he_flies_on_a_controlled_flying_dragon_and_its_head_comes_along() {
    // The Captain owns the Dragonfang Necklace; its Control Dragon holds the Tremendous
    // Flying Dragon in his clearing (its head beside it). He rides it to the next tile.
    let dragon: PieceId =
        serde_json::from_value(json!({"kind": "monster", "id": "t-flying-dragon", "n": 0}))
            .unwrap();
    let head: PieceId =
        serde_json::from_value(json!({"kind": "monster_part", "id": "flying-dragon-head", "n": 0}))
            .unwrap();
    let probe = elf_and_bat(false, 4, json!([]), "birdsong", json!([]));
    let next = a_neighbour(&probe);
    let mut g = start(
        json!({"seats": [{"character": "captain", "at": here(), "hidden": false,
        "belongings": [{"piece": {"kind": "treasure", "id": "dragonfang-necklace"}}],
        "record": fly(next)}],
        "pieces": [{"piece": dragon, "place": {"place": "clearing", "at": here()}},
                   {"piece": head, "place": {"place": "clearing", "at": here()}}],
        "spells": [{"caster": 0, "spell": "control-dragon", "spellBox": 0, "chit": 0,
            "item": "dragonfang-necklace", "aims": [{"aim": "denizen", "piece": dragon}],
            "until": {"at": "sunset", "day": 2}}],
        "day": 2, "at": "daylight", "dice": [1, 1, 2, 3, 4, 5, 6]}),
    );
    let rides = steeds::flights(cat(), g.state(), S0);
    assert_eq!(rides.len(), 1);
    assert_eq!(
        rides[0].values.strength,
        tabletop_rules::magic_realm::catalog::common::Size::Tremendous
    );
    let log = play_daylight(&mut g);
    assert!(details(&log).iter().any(|d| matches!(d,
        E::Flew { seat: S0, with: Some(FlySource::Steed { piece }), .. } if *piece == dragon)));
    let captain = place_of(&g, &character("captain"));
    assert!(matches!(captain, Some(Place::Clearing { at }) if at.tile == next));
    assert_eq!(place_of(&g, &dragon), captain);
    assert_eq!(
        place_of(&g, &head),
        captain,
        "the head goes with its dragon"
    );
}

#[test]
fn rule_7_3_3_a_controlled_monster_that_cannot_fly_is_left_behind_when_she_flies() {
    // The Witch flies on her Broomstick; the H Spider she guides follows her but cannot
    // fly: it stays in Oak Woods 2 and stops following her.
    let spider: PieceId =
        serde_json::from_value(json!({"kind": "monster", "id": "h-spider", "n": 0})).unwrap();
    let probe = elf_and_bat(false, 4, json!([]), "birdsong", json!([]));
    let next = a_neighbour(&probe);
    let mut g = start(
        json!({"seats": [{"character": "witch", "at": here(), "hidden": false,
        "spells": ["broomstick", "guide-spider-or-octopus"],
        "chits": [{"chit": 5, "status": "committed"}], "record": fly(next)}],
        "pieces": [{"piece": spider, "place": {"place": "clearing", "at": here()}}],
        "spells": [
            {"caster": 0, "spell": "broomstick", "spellBox": 0, "chit": 4,
             "aims": [{"aim": "character", "seat": 0}], "until": {"at": "never"}},
            {"caster": 0, "spell": "guide-spider-or-octopus", "spellBox": 1, "chit": 5,
             "aims": [{"aim": "denizen", "piece": spider}],
             "until": {"at": "sunset", "day": 2}}],
        "day": 2, "at": "daylight", "dice": [1, 1, 2, 3, 4, 5, 6]}),
    );
    assert!(g.state().today.monsters_following.contains(&spider));
    assert!(
        steeds::flights(cat(), g.state(), S0).is_empty(),
        "a Spider is no steed"
    );
    let log = play_daylight(&mut g);
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::Flew {
            seat: S0,
            with: Some(FlySource::Chit { .. }),
            ..
        }
    )));
    assert!(details(&log).iter().any(|d| matches!(d,
        E::MonsterLeftBehind { seat: S0, monster } if *monster == spider)));
    assert!(!g.state().today.monsters_following.contains(&spider));
    assert_eq!(
        place_of(&g, &spider),
        Some(Place::Clearing {
            at: serde_json::from_value(here()).unwrap()
        })
    );
}
