//! Rule scenarios for the spells' remaining parts (List of Spells; 4.6.7a; 4.6.8; 7.12;
//! 8.4.4): pacified monsters and Daylight blocking, what Ashes and Disgust forbid.

use crate::spells_common::{dice, here, monster, piece, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::magic_realm::actions::{Gift, MagicRealmAction as A};
use tabletop_rules::magic_realm::catalog::denizens::{NativeGroup, NativeId, Trader};
use tabletop_rules::magic_realm::catalog::tables::Curse;
use tabletop_rules::magic_realm::combat::{self, CombatStage};
use tabletop_rules::magic_realm::day::birdsong;
use tabletop_rules::magic_realm::day::following::Guide;
use tabletop_rules::magic_realm::day::meeting::{MeetingAnswer, TradeChoice};
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::PieceId;

/// The Elf's Persuade on the Ogre in Oak Woods 2 (his Magic III chit 5), lasting all day.
fn persuaded_ogre() -> Value {
    json!([{"caster": 0, "spell": "persuade", "spellBox": 0, "chit": 5,
        "aims": [{"aim": "denizen", "piece": {"kind": "monster", "id": "ogre", "n": 0}}],
        "until": {"at": "sunset", "day": 2}, "inert": false}])
}

/// Plays the Daylight turns on, each seat taking its first offered action, until nobody
/// owes one or the day has moved on.
fn play_daylight(g: &mut Game) {
    for _ in 0..40 {
        let Some(seat) = g.to_act().seats().first().copied() else {
            return;
        };
        if !matches!(
            g.state().step,
            tabletop_rules::magic_realm::state::Step::Daylight { .. }
        ) {
            return;
        }
        let legal = g.legal_actions(seat);
        // Nobody rearranges or gives (7.2.1, 7.2.2): the phases go on.
        let Some(a) = legal
            .iter()
            .find(|a| !matches!(a, A::Rearrange { .. } | A::Give { .. }))
            .or(legal.first())
            .cloned()
        else {
            return;
        };
        g.apply(seat, a).unwrap();
    }
}

#[test]
fn rule_8_4_4_monsters_he_has_pacified_do_not_block_their_spellcaster() {
    // The Elf and the Amazon, unhidden beside the Ogre in Oak Woods 2, each record a Hide
    // and fail it (every die 6). The Ogre blocks them both at the end of the phase, unless
    // the Elf has persuaded it: then it blocks only the Amazon (8.4.4: pacified denizens
    // still block other characters normally).
    for persuaded in [false, true] {
        let spells = if persuaded {
            persuaded_ogre()
        } else {
            json!([])
        };
        let mut g = start(json!({"seats": [
            {"character": "elf", "at": here(), "hidden": false, "spells": ["persuade"],
             "record": [{"activity": "hide"}]},
            {"character": "amazon", "at": here(), "hidden": false,
             "record": [{"activity": "hide"}]}],
            "pieces": [monster("ogre")],
            "spells": spells, "day": 2, "at": "daylight", "dice": dice(6, 40)}));
        play_daylight(&mut g);
        let today = &g.state().today;
        assert_eq!(
            today.blocked.contains(&S0),
            !persuaded,
            "the Elf, persuaded: {persuaded}"
        );
        assert!(today.blocked.contains(&S1), "the Amazon is blocked");
        assert!(today.stopped.contains(&piece("ogre")), "the Ogre blocked");
    }
}

#[test]
fn rule_8_4_4_a_pacified_monster_does_not_block_its_spellcasters_hired_leader() {
    // The Elf's hired Company HQ, unhidden beside the Ogre, records a Hide and fails it
    // (6 and 6). The Ogre blocks him, unless the Elf (away in Oak Woods 4) persuaded it.
    for persuaded in [false, true] {
        let spells = if persuaded {
            persuaded_ogre()
        } else {
            json!([])
        };
        let g = start(json!({"seats": [
            {"character": "elf", "at": {"tile": "oak_woods", "clearing": 4}, "hidden": true,
             "spells": ["persuade"], "record": [],
             "hirelings": [{"native": "company-hq", "lastDay": 14,
                            "record": [{"activity": "hide"}]}]}],
            "pieces": [monster("ogre"),
                {"piece": {"kind": "native", "id": "company-hq"},
                 "place": {"place": "clearing", "at": here()}}],
            "spells": spells, "day": 2, "at": "daylight", "dice": dice(6, 40)}));
        let hq = NativeId("company-hq".into());
        assert!(
            !g.state().seats[0]
                .hirelings
                .iter()
                .any(|h| h.native == hq && h.hidden),
            "his Hide failed: he is unhidden"
        );
        let blocked = g.state().today.blocked_leaders.contains(&hq);
        assert_eq!(blocked, !persuaded, "persuaded: {persuaded}");
    }
}

/// The Swordsman (12 gold, under `curses`) and the Amazon in Cliff 2, both recording a
/// Hide; the Swordsman owns a sword. Returns the game at the start of his phase.
fn givers(curses: Value) -> Game {
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": {"tile": "cliff", "clearing": 2}, "gold": 12,
         "curses": curses,
         "belongings": [{"piece": {"kind": "weapon", "id": "thrusting-sword", "n": 0}}],
         "record": [{"activity": "hide"}]},
        {"character": "amazon", "at": {"tile": "cliff", "clearing": 2},
         "record": [{"activity": "hide"}]}],
        "at": "daylight", "dice": [1, 6, 6, 6, 6]}));
    if g.to_act().seats().first() == Some(&S1) {
        g.apply(S1, A::Proceed).unwrap();
    }
    g
}

#[test]
fn rule_4_6_7_ashes_forbids_gifts_of_gold_and_refuses_one() {
    let gold = |g: i32| A::Give {
        to: S1,
        gift: Gift::Gold { gold: g },
    };
    let sword: PieceId =
        serde_json::from_value(json!({"kind": "weapon", "id": "thrusting-sword", "n": 0})).unwrap();
    let sword = A::Give {
        to: S1,
        gift: Gift::Belonging { piece: sword },
    };
    // Without the curse he may give 10 gold.
    let g = givers(json!([]));
    assert!(g.legal_actions(S0).contains(&gold(10)));
    // With Ashes he may still give his sword, but no gold, and a gift of gold is refused
    // and changes nothing.
    let mut g = givers(json!([Curse::Ashes]));
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&sword));
    assert!(!legal.iter().any(|a| matches!(
        a,
        A::Give {
            gift: Gift::Gold { .. },
            ..
        }
    )));
    let before = g.state().clone();
    assert!(g.apply(S0, gold(10)).is_err());
    assert_eq!(g.state(), &before);
    assert_eq!(g.state().seats[0].gold, 12);
}

fn at(tile: &str, clearing: u8) -> Value {
    json!({"tile": tile, "clearing": clearing})
}

fn native(id: &str) -> Value {
    json!({"piece": {"kind": "native", "id": id},
           "place": {"place": "clearing", "at": at("oak_woods", 2)}})
}

fn crossbow_in(group: &str) -> Value {
    json!({"piece": {"kind": "weapon", "id": "crossbow", "n": 0},
           "place": {"place": "setup_box", "target": {"NativeGroup": group}}})
}

fn buy(from: Trader) -> A {
    let item: PieceId =
        serde_json::from_value(json!({"kind": "weapon", "id": "crossbow", "n": 0})).unwrap();
    A::Trade {
        deal: TradeChoice::Buy {
            from,
            item,
            drinks: false,
        },
    }
}

fn answer(a: MeetingAnswer) -> A {
    A::AnswerMeeting { answer: a }
}

#[test]
fn rule_4_6_7_ashes_leaves_him_no_gold_to_pay_a_price_or_buy_drinks() {
    // The Swordsman (Friendly with the Company, 40 gold) buys the Company's Crossbow:
    // Friendly roll 4 = Price x3, 30 gold. Under Ashes he cannot pay it, nor buy drinks.
    let company = Trader::Native(NativeGroup::Company);
    for ashes in [false, true] {
        let curses = if ashes {
            json!([Curse::Ashes])
        } else {
            json!([])
        };
        let mut g = start(json!({
            "seats": [{"character": "swordsman", "at": at("oak_woods", 2), "gold": 40,
                "curses": curses, "record": [{"activity": "trade"}]}],
            "pieces": [native("company-hq"), native("company-1"), crossbow_in("Company")],
            "at": "daylight", "dice": [1, 4, 1]}));
        let drinks = g.legal_actions(S0).iter().any(|a| {
            matches!(
                a,
                A::Trade {
                    deal: TradeChoice::Buy { drinks: true, .. }
                }
            )
        });
        assert_eq!(drinks, !ashes, "drinks offered, ashes: {ashes}");
        g.apply(S0, buy(company)).unwrap();
        let pay = answer(MeetingAnswer::Pay);
        assert_eq!(g.legal_actions(S0).contains(&pay), !ashes, "ashes: {ashes}");
        if ashes {
            assert_eq!(g.legal_actions(S0), vec![answer(MeetingAnswer::Decline)]);
            let before = g.state().clone();
            assert!(g.apply(S0, pay).is_err());
            assert_eq!(g.state(), &before);
        }
    }
}

#[test]
fn rule_4_6_7_disgust_leaves_him_no_fame_to_swallow_a_challenge() {
    // The Black Knight (Unfriendly with the Lancers, 8 Fame) tries to buy their Crossbow:
    // Unfriendly roll 5 = Challenge. Under Disgust he cannot pay its Fame: he may only
    // refuse it, and paying is refused and changes nothing.
    let lancers = Trader::Native(NativeGroup::Lancers);
    for disgust in [false, true] {
        let curses = if disgust {
            json!([Curse::Disgust])
        } else {
            json!([])
        };
        let mut g = start(json!({
            "seats": [{"character": "black-knight", "at": at("oak_woods", 2), "fame": 8,
                "curses": curses, "record": [{"activity": "trade"}, {"activity": "hide"}]}],
            "pieces": [native("lancer-hq"), native("lancer-1"), crossbow_in("Lancers")],
            "at": "daylight", "dice": [1, 5, 1]}));
        g.apply(S0, buy(lancers)).unwrap();
        let pay = answer(MeetingAnswer::PayPenalty);
        let refuse = answer(MeetingAnswer::RefusePenalty);
        let legal = g.legal_actions(S0);
        assert!(legal.contains(&refuse));
        assert_eq!(legal.contains(&pay), !disgust, "disgust: {disgust}");
        if disgust {
            let before = g.state().clone();
            assert!(g.apply(S0, pay).is_err());
            assert_eq!(g.state(), &before);
            assert_eq!(g.state().seats[0].fame, 8);
        }
    }
}

#[test]
fn rule_4_6_7_disgust_leaves_him_no_fame_to_swallow_an_evenings_challenge() {
    // At Sunset the Black Knight (Unfriendly with the Lancers) rolls to see whether they
    // battle him: every die 5, a Challenge (8.2.2). Under Disgust only refusing it (so
    // they battle him) is offered; paying is refused and changes nothing.
    for disgust in [false, true] {
        let curses = if disgust {
            json!([Curse::Disgust])
        } else {
            json!([])
        };
        let mut g = start(json!({
            "seats": [{"character": "black-knight", "at": at("oak_woods", 2), "fame": 8,
                "hidden": false, "curses": curses}],
            "pieces": [native("lancer-hq"), native("lancer-1")],
            "at": "sunset", "dice": dice(5, 40)}));
        for _ in 0..6 {
            let legal = g.legal_actions(S0);
            let Some(roll) = legal
                .iter()
                .find(|a| matches!(a, A::RollForBattling { drinks: false, .. }))
            else {
                break;
            };
            g.apply(S0, roll.clone()).unwrap();
        }
        let pay = A::BattlingPenalty { pay: true };
        let refuse = A::BattlingPenalty { pay: false };
        let legal = g.legal_actions(S0);
        assert!(legal.contains(&refuse), "a Challenge waits: {legal:?}");
        assert_eq!(legal.contains(&pay), !disgust, "disgust: {disgust}");
        if disgust {
            let before = g.state().clone();
            assert!(g.apply(S0, pay).is_err());
            assert_eq!(g.state(), &before);
        } else {
            g.apply(S0, pay).unwrap();
            assert_eq!(g.state().seats[0].fame, 3, "a Challenge costs 5 Fame");
        }
    }
}

// ---- 8.3.8: running out after special movement -------------------------------------------

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

/// Plays on (Proceed in Daylight, passing in combat) until seat 0 may run away in the
/// first round of the Evening's combat; then the clearings he may run toward, sorted.
fn run_ends(g: &mut Game) -> Vec<ClearingRef> {
    let ends = |g: &Game| {
        let mut e: Vec<ClearingRef> = g
            .legal_actions(S0)
            .into_iter()
            .filter_map(|a| match a {
                A::RunAway { to, .. } => Some(to),
                _ => None,
            })
            .collect();
        e.sort();
        e.dedup();
        e
    };
    for _ in 0..80 {
        let e = ends(g);
        if !e.is_empty() {
            return e;
        }
        if combat::current(g.state()).is_some_and(|c| c.round > 1 || c.stage > CombatStage::Actions)
        {
            break;
        }
        let Some(who) = g.to_act().seats().first().copied() else {
            break;
        };
        let legal = g.legal_actions(who);
        let next = if legal.contains(&A::Proceed) {
            A::Proceed
        } else if let Some(p) = combat::passing(&legal) {
            p
        } else {
            break;
        };
        g.apply(who, next).unwrap();
    }
    Vec::new()
}

fn oak2() -> ClearingRef {
    serde_json::from_value(here()).unwrap()
}

#[test]
fn rule_8_3_8_having_flown_into_his_clearing_today_he_may_run_onto_any_roadway() {
    // The Witch (Broomstick on her) walks into Oak Woods 2 along one roadway, then flies
    // within the tile and lands in Oak Woods 2 again (landing roll 2). Having entered by
    // air, she may run onto any roadway she can use, not only the one she walked in by.
    let usable = birdsong::move_targets(
        cat(),
        start(json!({"seats": [{"character": "witch",
        "at": here()}], "day": 2}))
        .state(),
        S0,
        oak2(),
    );
    assert!(usable.len() > 1, "Oak Woods 2 has several roadways");
    let came_from = usable[0];
    let broomstick = json!({"caster": 0, "spell": "broomstick", "spellBox": 0, "chit": 4,
        "aims": [{"aim": "character", "seat": 0}], "until": {"at": "never"}});
    let mut g = start(json!({"seats": [{"character": "witch", "at": came_from,
            "spells": ["broomstick"], "hidden": false,
            "record": [{"activity": "move", "to": here()},
                       {"activity": "fly", "to": "oak_woods"}]}],
        "spells": [broomstick], "day": 2, "at": "daylight",
        "dice": [1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]}));
    let ends = run_ends(&mut g);
    assert_eq!(
        g.state()
            .piles
            .place_of(&tabletop_rules::magic_realm::pieces::PieceId::Character {
                id: serde_json::from_value(json!("witch")).unwrap(),
            }),
        Some(&tabletop_rules::magic_realm::pieces::Place::Clearing { at: oak2() }),
        "she landed in Oak Woods 2"
    );
    assert_eq!(ends, usable);
}

#[test]
fn rule_8_3_8_having_walked_the_woods_into_his_clearing_today_he_may_run_onto_any_roadway() {
    // The Sorceror, a Squirrel (Transform roll 5) that walks the woods, moves from Oak
    // Woods 2 to a clearing of the tile no roadway joins it to; at Sunset he may run
    // onto any roadway out of it (and into the forest), not only back.
    let transform = json!({"caster": 0, "spell": "transform", "spellBox": 0, "chit": 8,
        "aims": [{"aim": "character", "seat": 0}], "until": {"at": "never"}, "value": 5});
    let sorceror = |record: Value| {
        json!({"character": "sorceror", "at": here(), "spells": ["transform"],
            "hidden": false, "chits": [{"chit": 4, "status": "enchanted"}], "record": record})
    };
    let probe = start(
        json!({"seats": [sorceror(json!([]))], "spells": [transform.clone()],
        "day": 2, "at": "birdsong"}),
    );
    let plain = start(json!({"seats": [{"character": "sorceror", "at": here()}], "day": 2}));
    let roads = birdsong::move_targets(cat(), plain.state(), S0, oak2());
    let woods = birdsong::move_targets(cat(), probe.state(), S0, oak2());
    let Some(to) = woods
        .iter()
        .copied()
        .find(|c| !roads.contains(c) && *c != oak2())
    else {
        panic!("Oak Woods 2 has a clearing no roadway joins it to: {woods:?}");
    };
    let mut g = start(
        json!({"seats": [sorceror(json!([{"activity": "move", "to": to}]))],
        "spells": [transform], "day": 2, "at": "daylight", "dice": dice(1, 40)}),
    );
    let ends = run_ends(&mut g);
    let from_there = birdsong::move_targets(cat(), g.state(), S0, to);
    assert!(from_there.len() > 1);
    assert!(ends.contains(&oak2()), "back where he came from: {ends:?}");
    assert_eq!(ends, from_there);
}

// ---- 8.3.9 c.3: the committed item stays face up -----------------------------------------

#[test]
fn rule_8_3_9c3_the_committed_item_stays_face_up_when_abandoned() {
    use crate::spells_common::{through_targets, until};
    use tabletop_rules::engine::Viewer;
    use tabletop_rules::magic_realm::actions::BelongingChange;
    use tabletop_rules::magic_realm::catalog::items::TreasureId;
    use tabletop_rules::magic_realm::catalog::magic::SpellId;
    use tabletop_rules::magic_realm::combat::spells::SpellAim;
    use tabletop_rules::magic_realm::pieces::{Facing, Place};
    use tabletop_rules::magic_realm::view::SeenPiece;
    // The Elf (his Magic III chit 0 enchanted: Gold) plays the Glowing Gem, Control Bats
    // awakened in it, on the Giant Bat; the Swordsman watches from the same clearing. In
    // round 2 the Elf abandons the Gem: it lies face up in the clearing, the spell still in
    // effect (nullified, with no owner), and the Swordsman sees which card it is.
    let gem = PieceId::Treasure {
        id: TreasureId("glowing-gem".into()),
    };
    let mut g = start(json!({"seats": [
        {"character": "elf", "at": here(), "hidden": false,
         "chits": [{"chit": 0, "status": "enchanted"}],
         "belongings": [{"piece": {"kind": "treasure", "id": "glowing-gem"}, "active": true,
                         "awakened": ["control-bats"]}]},
        {"character": "swordsman", "at": here(), "hidden": true}],
        "pieces": [monster("giant-bat")], "at": "sunset", "dice": dice(1, 80)}));
    let facing = |g: &Game| g.state().piles.find(&gem).map(|(_, c)| c.facing);
    let mut log = Vec::new();
    let cast = A::CastFromItem {
        item: TreasureId("glowing-gem".into()),
        spell: SpellId("control-bats".into()),
        colour_chit: Some(0),
    };
    until(&mut g, S0, &cast, &mut log);
    let aim = A::AimSpell {
        aim: SpellAim::Kind {
            kind: tabletop_rules::magic_realm::catalog::denizens::MonsterKind::Bat,
        },
    };
    until(&mut g, S0, &aim, &mut log);
    through_targets(&mut g, &mut log);
    assert_eq!(g.state().spells.len(), 1, "Control Bats is in effect");
    assert_eq!(facing(&g), Some(Facing::Up), "played face up");
    let abandon = A::EncounterItem {
        piece: gem.clone(),
        change: BelongingChange::Abandon,
    };
    until(&mut g, S0, &abandon, &mut log);
    assert!(matches!(
        g.state().piles.place_of(&gem),
        Some(Place::Clearing { .. })
    ));
    assert_eq!(facing(&g), Some(Facing::Up), "still face up, abandoned");
    assert_eq!(g.state().spells.len(), 1, "the spell is still in effect");
    // The Swordsman sees which card lies there.
    let view = g.view(Viewer::Seat { seat: S1 }).unwrap();
    assert!(view.piles.iter().any(|p| p
        .pieces
        .iter()
        .any(|s| matches!(s, SeenPiece::Known { piece, .. } if *piece == gem))));
}

// ---- Melt into Mist: undiscovered paths, no followers ------------------------------------

/// Melt into Mist in effect on seat 0 (his Magic VI chit 8), energized or inert.
fn mist_on_seat_0(inert: bool) -> Value {
    json!({"caster": 0, "spell": "melt-into-mist", "spellBox": 0, "chit": 8,
        "aims": [{"aim": "character", "seat": 0}], "until": {"at": "never"}, "inert": inert})
}

fn cliff(n: u8) -> ClearingRef {
    ClearingRef::new(
        tabletop_rules::magic_realm::catalog::tiles::TileId::Cliff,
        n,
    )
}

fn sorceror_at_cliff_2(record: Value) -> Value {
    json!({"character": "sorceror", "at": {"tile": "cliff", "clearing": 2}, "hidden": false,
        "spells": ["melt-into-mist"], "record": record})
}

#[test]
fn rule_4_6_8_mist_moves_along_a_hidden_path_he_has_not_discovered_without_discovering_it() {
    use tabletop_rules::magic_realm::pieces::Place;
    // Cliff 2 and 5 are joined only by a hidden path the Sorceror has not discovered. He
    // records a Move to Cliff 5: as mist he goes along it (and still has not discovered
    // it); not mist, the Move is cancelled and he stays.
    let me = PieceId::Character {
        id: serde_json::from_value(json!("sorceror")).unwrap(),
    };
    for misted in [false, true] {
        let spells = if misted {
            json!([mist_on_seat_0(false)])
        } else {
            json!([])
        };
        let mut g = start(json!({"seats": [sorceror_at_cliff_2(json!([
                {"activity": "move", "to": {"tile": "cliff", "clearing": 5}}]))],
            "spells": spells, "day": 2, "at": "daylight", "dice": dice(1, 20)}));
        play_daylight(&mut g);
        let want = if misted { cliff(5) } else { cliff(2) };
        assert_eq!(
            g.state().piles.place_of(&me),
            Some(&Place::Clearing { at: want }),
            "misted: {misted}"
        );
        assert!(
            g.state().seats[0].discoveries.paths.is_empty(),
            "he discovers no path"
        );
    }
}

#[test]
fn rule_4_6_8_with_melt_into_mist_on_him_he_may_record_a_move_along_an_undiscovered_path() {
    // At Birdsong his Melt into Mist is inert (it may be energized when he moves): he may
    // record the Move to Cliff 5 along the hidden path. (Without the spell he may record it
    // too, in hope of discovering the path first, 6.2.4; as mist he will not need to.)
    let move_5 = A::RecordActivity {
        activity: tabletop_rules::magic_realm::state::Activity::Move { to: cliff(5) },
    };
    let with = start(json!({"seats": [sorceror_at_cliff_2(json!([]))],
        "spells": [mist_on_seat_0(true)], "day": 2}));
    assert!(with.legal_actions(S0).contains(&move_5));
    let without = start(json!({"seats": [sorceror_at_cliff_2(json!([]))], "day": 2}));
    assert!(without.legal_actions(S0).contains(&move_5));
}

#[test]
fn rule_4_6_8_a_character_turned_into_mist_cannot_be_followed() {
    use tabletop_rules::magic_realm::state::Activity;
    // The Sorceror (mist) and the Swordsman in Oak Woods 2: the Swordsman is not offered
    // to follow him at Birdsong, and a Follow recorded behind him has no guide at Sunrise.
    let follow = A::RecordActivity {
        activity: Activity::Follow { guide: S0 },
    };
    let sorceror = json!({"character": "sorceror", "at": here(), "spells": ["melt-into-mist"]});
    for misted in [false, true] {
        let spells = if misted {
            json!([mist_on_seat_0(false)])
        } else {
            json!([])
        };
        let g = start(json!({"seats": [sorceror.clone(),
            {"character": "swordsman", "at": here()}], "spells": spells, "day": 2}));
        assert_eq!(
            g.legal_actions(S1).contains(&follow),
            !misted,
            "misted: {misted}"
        );
        let mut g = start(json!({"seats": [
            {"character": "sorceror", "at": here(), "spells": ["melt-into-mist"],
             "record": [{"activity": "move", "to": {"tile": "oak_woods", "clearing": 4}}]},
            {"character": "swordsman", "at": here(),
             "record": [{"activity": "follow", "guide": 0}]}],
            "spells": spells, "day": 2, "at": "daylight", "dice": dice(6, 20)}));
        assert_eq!(
            g.state().today.following.get(&S1).cloned(),
            if misted {
                None
            } else {
                Some(Guide::character(S0))
            },
            "misted: {misted}"
        );
        // The Sorceror moves to Oak Woods 4; the Swordsman goes with him only if he is
        // not mist (his Follow is cancelled otherwise).
        play_daylight(&mut g);
        let swordsman = PieceId::Character {
            id: serde_json::from_value(json!("swordsman")).unwrap(),
        };
        let want: ClearingRef = if misted {
            oak2()
        } else {
            serde_json::from_value(json!({"tile": "oak_woods", "clearing": 4})).unwrap()
        };
        assert_eq!(
            g.state().piles.place_of(&swordsman),
            Some(&tabletop_rules::magic_realm::pieces::Place::Clearing { at: want }),
            "misted: {misted}"
        );
    }
}

#[test]
fn rule_8_4_4_he_does_not_block_the_monsters_he_has_pacified() {
    // The Elf, hidden beside the Ogre and ordered to block the monsters, hides (every die
    // 1) and ends his phase: he blocks the Ogre (it stops prowling; he is blocked and
    // unhidden), unless he has persuaded it: blocking is mutual, and it blocks him not.
    for persuaded in [false, true] {
        let spells = if persuaded {
            persuaded_ogre()
        } else {
            json!([])
        };
        let mut g = start(json!({"seats": [
            {"character": "elf", "at": here(), "hidden": true, "spells": ["persuade"]}],
            "pieces": [monster("ogre")],
            "spells": spells, "day": 2, "at": "birdsong", "dice": dice(1, 40)}));
        g.apply(
            S0,
            A::GiveBlockOrder {
                order: tabletop_rules::magic_realm::state::BlockOrder::Monsters,
            },
        )
        .unwrap();
        g.apply(
            S0,
            A::RecordActivity {
                activity: tabletop_rules::magic_realm::state::Activity::Hide,
            },
        )
        .unwrap();
        g.apply(S0, A::FinishRecording).unwrap();
        play_daylight(&mut g);
        let today = &g.state().today;
        assert_eq!(
            today.stopped.contains(&piece("ogre")),
            !persuaded,
            "persuaded: {persuaded}"
        );
        assert_eq!(today.blocked.contains(&S0), !persuaded);
    }
}
