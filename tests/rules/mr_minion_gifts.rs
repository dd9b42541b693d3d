//! Rule scenarios for trading with hired leaders and controlled monsters (rules 6.2.5,
//! 7.2.1, 7.2.2, 7.3.1, 8.7, 4.5): a controlled monster carries belongings and gold for its
//! controller as a hired leader does, with its weight, and abandons them when its control
//! ends at Sunset or it is killed; a character gives to other players' hired leaders and
//! controlled monsters, and they give at the start of their own phases. Each from a
//! scenario with forced dice.

use crate::spells_common::{details, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat, Viewer};
use tabletop_rules::magic_realm::actions::{
    Gift, MagicRealmAction as A, MagicRealmEvent as E, Receiver,
};
use tabletop_rules::magic_realm::catalog::denizens::NativeId;
use tabletop_rules::magic_realm::combat::round::Who;
use tabletop_rules::magic_realm::combat::spoils;
use tabletop_rules::magic_realm::events::HirelingSpoilsTo;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::state::{Activity, GameState, Step};
use tabletop_rules::magic_realm::view::SeenPiece;

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn oak(n: u8) -> ClearingRef {
    serde_json::from_value(json!({"tile": "oak_woods", "clearing": n})).unwrap()
}

fn spider() -> PieceId {
    serde_json::from_value(json!({"kind": "monster", "id": "h-spider", "n": 0})).unwrap()
}

fn hq() -> PieceId {
    PieceId::Native {
        id: NativeId("company-hq".into()),
    }
}

fn sword() -> PieceId {
    serde_json::from_value(json!({"kind": "weapon", "id": "thrusting-sword", "n": 0})).unwrap()
}

/// Tremendous: heavier than the H Spider (Heavy) can carry.
fn bane_sword() -> PieceId {
    serde_json::from_value(json!({"kind": "weapon", "id": "bane-sword", "n": 0})).unwrap()
}

fn hoof() -> PieceId {
    serde_json::from_value(json!({"kind": "treasure", "id": "cloven-hoof"})).unwrap()
}

fn carried_by(by: PieceId) -> Place {
    Place::Carried { by }
}

fn lay(piece: &PieceId, place: &Place) -> Value {
    json!({"piece": piece, "place": place})
}

fn place_of(state: &GameState, piece: &PieceId) -> Option<Place> {
    state.piles.place_of(piece).cloned()
}

fn gold(state: &GameState, seat: Seat) -> i32 {
    state.seats[usize::from(seat.0)].gold
}

fn spider_gold(state: &GameState) -> i32 {
    state
        .carried_gold
        .iter()
        .find(|(p, _)| *p == spider())
        .map_or(0, |(_, g)| *g)
}

fn belongings_of(state: &GameState, seat: Seat) -> Place {
    Place::Belongings {
        character: state.seats[usize::from(seat.0)].character.clone().unwrap(),
    }
}

fn unchanged(g: &mut Game, seat: Seat, action: A) {
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(seat, action).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}

/// The Witch (seat 0, 12 gold, a Thrusting Sword, `witch` more) in Oak Woods 2 guiding the
/// H Spider there (Guide Spider or Octopus, until Sunset of day 2); `more_seats` after
/// her; `pieces` more pieces; the game at `at` of day 2.
fn witch_and_spider(
    at: &str,
    witch: Value,
    more_seats: Vec<Value>,
    pieces: Vec<Value>,
    dice: Value,
) -> Game {
    let mut w = json!({"character": "witch", "at": oak(2), "hidden": false, "gold": 12,
        "belongings": [{"piece": sword()}],
        "spells": ["guide-spider-or-octopus"],
        "chits": [{"chit": 5, "status": "committed"}],
        "record": [{"activity": "hide"}]});
    if let (Some(w), Some(more)) = (w.as_object_mut(), witch.as_object()) {
        for (k, v) in more {
            w.insert(k.clone(), v.clone());
        }
    }
    let mut seats = vec![w];
    seats.extend(more_seats);
    let mut all = vec![lay(&spider(), &Place::Clearing { at: oak(2) })];
    all.extend(pieces);
    start(json!({"seats": seats, "pieces": all,
        "spells": [{"caster": 0, "spell": "guide-spider-or-octopus", "spellBox": 0, "chit": 5,
            "aims": [{"aim": "denizen", "piece": spider()}],
            "until": {"at": "sunset", "day": 2}}],
        "day": 2, "at": at, "dice": dice}))
}

fn give(hireling: PieceId, gift: Gift) -> A {
    A::GiveToHireling { hireling, gift }
}

fn take(hireling: PieceId, gift: Gift) -> A {
    A::TakeFromHireling { hireling, gift }
}

#[test]
fn rule_7_2_1_a_character_gives_his_controlled_monster_belongings_and_gold_and_takes_them_back() {
    // The spider has no turn of its own: it follows the Witch, whose turn is the only one.
    let mut g = witch_and_spider("daylight", json!({}), vec![], vec![], json!([6, 6]));
    let legal = g.legal_actions(S0);
    let sword_gift = Gift::Belonging { piece: sword() };
    assert!(legal.contains(&give(spider(), sword_gift.clone())));
    assert!(legal.contains(&give(spider(), Gift::Gold { gold: 10 })));
    assert!(!legal
        .iter()
        .any(|a| matches!(a, A::TakeFromHireling { .. })));
    g.apply(S0, give(spider(), sword_gift.clone())).unwrap();
    let log = g
        .apply(S0, give(spider(), Gift::Gold { gold: 10 }))
        .unwrap();
    assert!(details(&log).iter().any(|e| matches!(e,
        E::GivenToHireling { seat, hireling, gift: Gift::Gold { gold: 10 } }
            if *seat == S0 && *hireling == spider())));
    assert_eq!(place_of(g.state(), &sword()), Some(carried_by(spider())));
    assert_eq!(spider_gold(g.state()), 10);
    assert_eq!(gold(g.state(), S0), 2);
    // He takes back part of the gold and the sword.
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&take(spider(), sword_gift.clone())));
    assert!(legal.contains(&take(spider(), Gift::Gold { gold: 10 })));
    g.apply(S0, take(spider(), Gift::Gold { gold: 5 })).unwrap();
    g.apply(S0, take(spider(), sword_gift)).unwrap();
    assert_eq!(spider_gold(g.state()), 5);
    assert_eq!(gold(g.state(), S0), 7);
    assert_eq!(
        place_of(g.state(), &sword()),
        Some(belongings_of(g.state(), S0))
    );
}

#[test]
fn rule_7_2_1_a_controlled_monster_is_given_no_discoveries() {
    // 6.2.5: it has no discoveries of its own: only belongings and gold pass to it.
    let g = witch_and_spider("daylight", json!({}), vec![], vec![], json!([6, 6]));
    let to_spider: Vec<A> = g
        .legal_actions(S0)
        .into_iter()
        .filter(|a| matches!(a, A::GiveToHireling { hireling, .. } if *hireling == spider()))
        .collect();
    assert!(!to_spider.is_empty());
    assert!(to_spider.iter().all(|a| matches!(
        a,
        A::GiveToHireling {
            gift: Gift::Belonging { .. } | Gift::Gold { .. },
            ..
        }
    )));
}

/// The Swordsman (seat 0, 12 gold) with the Company's HQ hired in Oak Woods 2 (`leader` more), the
/// Amazon (seat 1, 20 gold, the Cloven Hoof) there too; `pieces` more pieces.
fn company(at: &str, leader: Value, pieces: Vec<Value>, dice: Value) -> Game {
    let mut hq_hire = json!({"native": "company-hq", "lastDay": 20});
    if let (Some(h), Some(more)) = (hq_hire.as_object_mut(), leader.as_object()) {
        for (k, v) in more {
            h.insert(k.clone(), v.clone());
        }
    }
    let mut all = vec![lay(&hq(), &Place::Clearing { at: oak(2) })];
    all.extend(pieces);
    start(json!({"seats": [
        {"character": "swordsman", "at": oak(2), "hidden": false, "gold": 12,
         "record": [{"activity": "hide"}],
         "hirelings": [hq_hire]},
        {"character": "amazon", "at": oak(2), "hidden": false, "gold": 20,
         "belongings": [{"piece": hoof()}],
         "record": [{"activity": "hide"}]}],
        "pieces": all, "day": 2, "at": at, "dice": dice}))
}

/// Plays Daylight (everyone proceeding) until `seat` may give at the start of his phase.
fn to_turn_of(g: &mut Game, seat: Seat) {
    for _ in 0..8 {
        let who = g.to_act().seats().first().copied().expect("someone acts");
        if who == seat
            && g.legal_actions(seat)
                .iter()
                .any(|a| matches!(a, A::GiveToHireling { .. } | A::Give { .. }))
        {
            return;
        }
        g.apply(who, A::Proceed).unwrap();
    }
    panic!("seat {seat:?}'s turn never came");
}

#[test]
fn rule_7_2_1_a_character_gives_another_players_hired_leader_but_takes_nothing_from_him() {
    let mut g = company(
        "daylight",
        json!({"gold": 6}),
        vec![lay(&sword(), &carried_by(hq()))],
        json!([1, 6, 6, 6, 6, 6, 6]),
    );
    to_turn_of(&mut g, S1);
    let legal = g.legal_actions(S1);
    let hoof_gift = give(hq(), Gift::Belonging { piece: hoof() });
    assert!(legal.contains(&hoof_gift));
    assert!(legal.contains(&give(hq(), Gift::Gold { gold: 10 })));
    // 7.2.1: what the leader carries is his employer's: she cannot take it; he gives it
    // at the start of one of his own phases.
    assert!(!legal
        .iter()
        .any(|a| matches!(a, A::TakeFromHireling { .. })));
    unchanged(&mut g, S1, take(hq(), Gift::Belonging { piece: sword() }));
    unchanged(&mut g, S1, take(hq(), Gift::Gold { gold: 5 }));
    g.apply(S1, hoof_gift).unwrap();
    g.apply(S1, give(hq(), Gift::Gold { gold: 5 })).unwrap();
    assert_eq!(place_of(g.state(), &hoof()), Some(carried_by(hq())));
    assert_eq!(g.state().seats[0].hirelings[0].gold, 11);
    assert_eq!(gold(g.state(), S1), 15);
    // The leader's employer knows what he now carries.
    assert!(g.state().seats[0].known.contains(&hoof()));
}

/// From Birdsong: the Swordsman records a Hide for his leader, everyone finishes, and
/// Daylight runs until the leader's employer decides at the start of his phase.
fn to_leader_phase(g: &mut Game) {
    g.apply(
        S0,
        A::RecordLeaderActivity {
            leader: NativeId("company-hq".into()),
            activity: Activity::Hide,
        },
    )
    .unwrap();
    for _ in 0..8 {
        if g.legal_actions(S0)
            .iter()
            .any(|a| matches!(a, A::HirelingGives { .. } | A::HirelingAbandons { .. }))
        {
            return;
        }
        if !crate::daylight_common::take_kept_turns(g).is_empty() {
            continue;
        }
        let who = g.to_act().seats().first().copied().expect("someone acts");
        let next = if g.legal_actions(who).contains(&A::FinishRecording) {
            A::FinishRecording
        } else {
            A::Proceed
        };
        g.apply(who, next).unwrap();
    }
    panic!("the leader's phase never came");
}

#[test]
fn rule_7_2_1_a_hired_leader_gives_another_players_character_at_the_start_of_his_phase() {
    let mut g = company(
        "birdsong",
        json!({"gold": 6}),
        vec![lay(&sword(), &carried_by(hq()))],
        json!([1, 6, 6, 6, 6, 6, 6, 6, 6]),
    );
    to_leader_phase(&mut g);
    let amazon = Receiver::Character { seat: S1 };
    let to_amazon = |gift: Gift| A::HirelingGives {
        hireling: hq(),
        to: amazon.clone(),
        gift,
    };
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&to_amazon(Gift::Belonging { piece: sword() })));
    assert!(legal.contains(&to_amazon(Gift::Gold { gold: 5 })));
    // He has 6 gold: 10 is not his to give.
    assert!(!legal.contains(&to_amazon(Gift::Gold { gold: 10 })));
    unchanged(&mut g, S0, to_amazon(Gift::Gold { gold: 10 }));
    // The Amazon does not act for him.
    unchanged(&mut g, S1, to_amazon(Gift::Gold { gold: 5 }));
    let log = g
        .apply(S0, to_amazon(Gift::Belonging { piece: sword() }))
        .unwrap();
    assert!(details(&log).iter().any(|e| matches!(e,
        E::HirelingGave { hireling, to: Receiver::Character { seat }, .. }
            if *hireling == hq() && *seat == S1)));
    g.apply(S0, to_amazon(Gift::Gold { gold: 5 })).unwrap();
    assert_eq!(
        place_of(g.state(), &sword()),
        Some(belongings_of(g.state(), S1))
    );
    assert!(g.state().seats[1].known.contains(&sword()));
    assert_eq!(gold(g.state(), S1), 25);
    assert_eq!(g.state().seats[0].hirelings[0].gold, 1);
}

#[test]
fn rule_6_2_5_a_controlled_monster_follows_its_controller_and_trades_only_at_his_phases() {
    // The spider follows the Witch (6.3.2: it is with her, off the map): the Amazon in the
    // clearing cannot give to it at her own phases.
    let mut g = witch_and_spider(
        "daylight",
        json!({}),
        vec![
            json!({"character": "amazon", "at": oak(2), "hidden": false, "gold": 20,
            "belongings": [{"piece": hoof()}], "record": [{"activity": "hide"}]}),
        ],
        vec![],
        json!([1, 6, 6, 6, 6, 6, 6]),
    );
    to_turn_of(&mut g, S1);
    let legal = g.legal_actions(S1);
    assert!(legal.contains(&A::Give {
        to: S0,
        gift: Gift::Gold { gold: 10 }
    }));
    assert!(!legal
        .iter()
        .any(|a| matches!(a, A::GiveToHireling { hireling, .. } if *hireling == spider())));
    unchanged(&mut g, S1, give(spider(), Gift::Gold { gold: 5 }));
}

/// From Birdsong: the Witch records the spider's `record`, then everyone finishes and
/// proceeds until the spider's turn is over (its `MonsterTurnEnds`). Returns the log.
fn spider_turn(g: &mut Game, record: &[Activity]) -> Vec<Event<E>> {
    for activity in record {
        g.apply(
            S0,
            A::RecordMonsterActivity {
                monster: spider(),
                activity: activity.clone(),
            },
        )
        .unwrap();
    }
    let mut log = Vec::new();
    for _ in 0..8 {
        if details(&log)
            .iter()
            .any(|e| matches!(e, E::MonsterTurnEnds { .. }))
        {
            return log;
        }
        if !crate::daylight_common::take_kept_turns(g).is_empty() {
            continue;
        }
        let who = g.to_act().seats().first().copied().expect("someone acts");
        let next = if g.legal_actions(who).contains(&A::FinishRecording) {
            A::FinishRecording
        } else {
            A::Proceed
        };
        log.extend(g.apply(who, next).unwrap());
    }
    panic!("the spider's turn never ended");
}

#[test]
fn rule_7_3_1_a_controlled_monster_carries_what_its_weight_allows() {
    let mut g = witch_and_spider(
        "birdsong",
        json!({"belongings": []}),
        vec![],
        vec![
            lay(&bane_sword(), &carried_by(spider())),
            lay(&sword(), &carried_by(spider())),
        ],
        json!([1, 6, 6, 6, 6, 6, 6]),
    );
    let to = walk_from_oak2(&g);
    let log = spider_turn(&mut g, &[Activity::Move { to }]);
    assert_eq!(
        place_of(g.state(), &spider()),
        Some(Place::Clearing { at: to })
    );
    // The Bane Sword (Tremendous) is heavier than the spider's weight (Heavy): it stays.
    assert_eq!(
        place_of(g.state(), &bane_sword()),
        Some(Place::Clearing { at: oak(2) })
    );
    let turn: Vec<&E> = details(&log)
        .into_iter()
        .take_while(|e| !matches!(e, E::MonsterTurnEnds { .. }))
        .collect();
    assert!(turn.iter().any(|e| matches!(e,
        E::HirelingAbandoned { hireling, piece: Some(p) } if *hireling == spider() && *p == bane_sword())));
    // The Thrusting Sword (Light) went with it (and, its control over at Sunset, lies
    // where it went).
    assert!(!turn.iter().any(|e| matches!(e,
        E::HirelingAbandoned { piece: Some(p), .. } if *p == sword())));
    assert_ne!(
        place_of(g.state(), &sword()),
        Some(Place::Clearing { at: oak(2) })
    );
}

/// The first clearing one Move from Oak Woods 2 that is not a mountain clearing.
fn walk_from_oak2(g: &Game) -> ClearingRef {
    let mut to: Vec<ClearingRef> = g
        .state()
        .map
        .moves(&cat().tiles, oak(2), &Default::default())
        .into_iter()
        .map(|r| r.to)
        .filter(|c| {
            g.state().map.clearing_kind(&cat().tiles, *c)
                != Some(tabletop_rules::magic_realm::catalog::tiles::ClearingKind::Mountain)
        })
        .collect();
    to.sort();
    to[0]
}

#[test]
fn rule_7_3_1_a_controlled_monster_following_its_controller_carries_what_its_weight_allows() {
    let probe = witch_and_spider(
        "birdsong",
        json!({"belongings": []}),
        vec![],
        vec![],
        json!([]),
    );
    let to = walk_from_oak2(&probe);
    let mut g = witch_and_spider(
        "daylight",
        json!({"belongings": [], "record": [{"activity": "move", "to": to}]}),
        vec![],
        vec![
            lay(&bane_sword(), &carried_by(spider())),
            lay(&sword(), &carried_by(spider())),
        ],
        json!([6, 6, 6, 6]),
    );
    // The spider has no turn of its own: it follows the Witch as she moves.
    let log = g.apply(S0, A::Proceed).unwrap();
    assert_eq!(
        place_of(g.state(), &spider()),
        Some(Place::Clearing { at: to })
    );
    assert_eq!(
        place_of(g.state(), &bane_sword()),
        Some(Place::Clearing { at: oak(2) })
    );
    assert!(details(&log).iter().any(|e| matches!(e,
        E::HirelingAbandoned { hireling, piece: Some(p) } if *hireling == spider() && *p == bane_sword())));
    assert!(!details(&log).iter().any(|e| matches!(e,
        E::HirelingAbandoned { piece: Some(p), .. } if *p == sword())));
}

#[test]
fn rule_7_2_2_a_controlled_monster_abandons_what_it_carries_when_its_control_expires_at_sunset() {
    let mut g = witch_and_spider(
        "daylight",
        json!({}),
        vec![],
        vec![],
        json!([6, 6, 6, 6, 6, 6]),
    );
    g.apply(S0, give(spider(), Gift::Belonging { piece: sword() }))
        .unwrap();
    g.apply(S0, give(spider(), Gift::Gold { gold: 5 })).unwrap();
    let mut log = Vec::new();
    while matches!(g.state().step, Step::Daylight { .. }) {
        let who = g.to_act().seats().first().copied().expect("someone acts");
        log.extend(g.apply(who, A::Proceed).unwrap());
    }
    // Guide Spider is a Day spell: at Sunset the spider is no longer controlled.
    assert_eq!(
        place_of(g.state(), &sword()),
        Some(Place::Clearing { at: oak(2) })
    );
    assert_eq!(spider_gold(g.state()), 0);
    assert!(g.state().carried_gold.is_empty());
    assert_eq!(gold(g.state(), S0), 7, "the gold vanishes with its control");
    assert!(details(&log).iter().any(|e| matches!(e,
        E::HirelingSpoils { hireling, to: HirelingSpoilsTo::Abandoned, items: 1, gold: 5 }
            if *hireling == spider())));
}

/// The state with the Witch controlling the spider (carrying the Thrusting Sword) and the
/// Amazon (20 gold, the Cloven Hoof) in Oak Woods 2; `pieces` more pieces.
fn spider_and_amazon(pieces: Vec<Value>) -> GameState {
    let mut all = vec![lay(&sword(), &carried_by(spider()))];
    all.extend(pieces);
    let g = witch_and_spider(
        "daylight",
        json!({"belongings": []}),
        vec![
            json!({"character": "amazon", "at": oak(2), "hidden": false, "gold": 20,
            "belongings": [{"piece": hoof()}], "record": [{"activity": "hide"}]}),
        ],
        all,
        json!([1, 6, 6, 6, 6]),
    );
    g.state().clone()
}

fn kill(state: &mut GameState, victim: Who, killer: Who) -> Vec<Event<E>> {
    let mut events = Vec::new();
    let sharers = vec![killer.clone()];
    spoils::killed(
        cat(),
        state,
        Some(victim),
        Some(killer),
        &sharers,
        &mut events,
    )
    .unwrap();
    events
}

#[test]
fn rule_8_7_a_controlled_monster_killing_a_character_keeps_his_belongings_and_gold() {
    let mut st = spider_and_amazon(vec![]);
    kill(&mut st, Who::Character(S1), Who::Denizen(spider()));
    assert_eq!(place_of(&st, &hoof()), Some(carried_by(spider())));
    assert_eq!(spider_gold(&st), 20);
    assert_eq!(gold(&st, S0), 12, "kept by the monster, for its controller");
    assert!(st.seats[0].known.contains(&hoof()));
}

#[test]
fn rule_8_7_a_controlled_monster_killing_a_native_records_its_gold_bounty() {
    let patrol = PieceId::Native {
        id: NativeId("patrol-hq".into()),
    };
    let mut st = spider_and_amazon(vec![lay(&patrol, &Place::Clearing { at: oak(2) })]);
    kill(&mut st, Who::Denizen(patrol), Who::Denizen(spider()));
    let wage = cat()
        .denizens
        .native(&NativeId("patrol-hq".into()))
        .map(|n| i32::try_from(n.wage).unwrap())
        .unwrap();
    assert!(wage > 0);
    assert_eq!(spider_gold(&st), wage);
}

#[test]
fn rule_8_7_a_killed_controlled_monster_abandons_what_it_carries_and_its_gold_vanishes() {
    let mut st = spider_and_amazon(vec![]);
    st.carried_gold.push((spider(), 4));
    let log = kill(&mut st, Who::Denizen(spider()), Who::Character(S1));
    // 8.7 gives the killer only a character's or a hired leader's belongings.
    assert_eq!(
        place_of(&st, &sword()),
        Some(Place::Clearing { at: oak(2) })
    );
    assert!(st.carried_gold.is_empty());
    assert_eq!(gold(&st, S1), 20);
    assert!(details(&log).iter().any(|e| matches!(
        e,
        E::HirelingSpoils {
            to: HirelingSpoilsTo::Abandoned,
            items: 1,
            gold: 4,
            ..
        }
    )));
}

#[test]
fn rule_4_5_what_a_controlled_monster_carries_shows_as_a_characters_pile() {
    let jewel: PieceId =
        serde_json::from_value(json!({"kind": "treasure", "id": "timeless-jewel"})).unwrap();
    let mut g = witch_and_spider(
        "daylight",
        json!({"belongings": [{"piece": jewel, "facing": "down"}]}),
        vec![json!({"character": "amazon", "at": oak(5), "record": [{"activity": "hide"}]})],
        vec![],
        json!([1, 6, 6, 6, 6, 6, 6]),
    );
    to_turn_of(&mut g, S0);
    let log = g
        .apply(
            S0,
            give(
                spider(),
                Gift::Belonging {
                    piece: jewel.clone(),
                },
            ),
        )
        .unwrap();
    g.apply(S0, give(spider(), Gift::Gold { gold: 5 })).unwrap();
    // The log names no card.
    assert!(details(&log).iter().any(|e| matches!(
        e,
        E::GivenToHireling {
            gift: Gift::SecretCard,
            ..
        }
    )));
    let view = |seat: Seat| g.view(Viewer::Seat { seat }).unwrap();
    let seen = |seat: Seat| -> Vec<SeenPiece> {
        view(seat)
            .piles
            .into_iter()
            .find(|p| p.place == carried_by(spider()))
            .map(|p| p.pieces)
            .unwrap_or_default()
    };
    assert!(matches!(seen(S0).as_slice(),
        [SeenPiece::Known { piece, .. }] if *piece == jewel));
    assert!(matches!(seen(S1).as_slice(), [SeenPiece::Hidden { .. }]));
    // Its gold is in its controller's own view only.
    assert_eq!(view(S0).own[0].carried_gold, vec![(spider(), 5)]);
    assert!(view(S1).own.iter().all(|o| o.carried_gold.is_empty()));
}

/// From Birdsong: the Witch records the spider's `record`, then everyone finishes and
/// proceeds until the Witch decides at the start of the spider's phase.
fn to_spider_phase(g: &mut Game, record: &[Activity]) {
    for activity in record {
        g.apply(
            S0,
            A::RecordMonsterActivity {
                monster: spider(),
                activity: activity.clone(),
            },
        )
        .unwrap();
    }
    for _ in 0..8 {
        if g.legal_actions(S0)
            .iter()
            .any(|a| matches!(a, A::HirelingAbandons { .. }))
        {
            return;
        }
        if !crate::daylight_common::take_kept_turns(g).is_empty() {
            continue;
        }
        let who = g.to_act().seats().first().copied().expect("someone acts");
        let next = if g.legal_actions(who).contains(&A::FinishRecording) {
            A::FinishRecording
        } else {
            A::Proceed
        };
        g.apply(who, next).unwrap();
    }
    panic!("the spider's phase never came");
}

#[test]
fn rule_7_2_1_a_controlled_monster_gives_another_players_character_at_the_start_of_its_phase() {
    let mut g = witch_and_spider(
        "birdsong",
        json!({"belongings": []}),
        vec![json!({"character": "amazon", "at": oak(2), "hidden": false, "gold": 20})],
        vec![
            lay(&sword(), &carried_by(spider())),
            lay(&hoof(), &carried_by(spider())),
        ],
        json!([1, 6, 6, 6, 6, 6, 6, 6, 6]),
    );
    to_spider_phase(&mut g, &[Activity::Hide, Activity::Hide]);
    assert_eq!(g.to_act().seats(), vec![S0]);
    let to_amazon = |piece: PieceId| A::HirelingGives {
        hireling: spider(),
        to: Receiver::Character { seat: S1 },
        gift: Gift::Belonging { piece },
    };
    let mut legal = g.legal_actions(S0);
    legal.sort_by_key(|a| format!("{a:?}"));
    let mut want = vec![
        A::HirelingAbandons {
            hireling: spider(),
            piece: sword(),
        },
        A::HirelingAbandons {
            hireling: spider(),
            piece: hoof(),
        },
        to_amazon(sword()),
        to_amazon(hoof()),
        A::Proceed,
    ];
    want.sort_by_key(|a| format!("{a:?}"));
    // 7.2.2: it neither activates nor deactivates; what it carries is its controller's
    // already, so it gives only to others.
    assert_eq!(legal, want);
    // The Amazon does not decide for it; nor does it give what it does not carry.
    unchanged(&mut g, S1, to_amazon(sword()));
    unchanged(
        &mut g,
        S0,
        A::HirelingGives {
            hireling: spider(),
            to: Receiver::Character { seat: S1 },
            gift: Gift::Gold { gold: 1 },
        },
    );
    g.apply(S0, to_amazon(sword())).unwrap();
    let log = g
        .apply(
            S0,
            A::HirelingAbandons {
                hireling: spider(),
                piece: hoof(),
            },
        )
        .unwrap();
    assert!(details(&log).iter().any(|e| matches!(e,
        E::HirelingAbandoned { hireling, .. } if *hireling == spider())));
    assert_eq!(
        place_of(g.state(), &sword()),
        Some(belongings_of(g.state(), S1))
    );
    assert_eq!(
        place_of(g.state(), &hoof()),
        Some(Place::Clearing { at: oak(2) })
    );
    // Carrying nothing more, it does its phases with no decision.
    assert!(!g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::HirelingAbandons { .. } | A::HirelingGives { .. })));
}

#[test]
fn rule_8_8_at_the_end_of_combat_a_hired_leader_gives_to_another_players_character() {
    use tabletop_rules::magic_realm::combat::{self, CombatStage};
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": oak(2), "hidden": true,
         "hirelings": [{"native": "company-hq", "lastDay": 20}]},
        {"character": "amazon", "at": oak(2), "hidden": true}],
        "pieces": [lay(&hq(), &Place::Clearing { at: oak(2) }), lay(&sword(), &carried_by(hq()))],
        "at": "sunset", "dice": crate::spells_common::dice(1, 80)}));
    let mut log = Vec::new();
    for _ in 0..60 {
        match combat::current(g.state()) {
            Some(c) if c.stage == CombatStage::Trading && g.to_act().seats() == vec![S0] => break,
            Some(c) if c.stage == CombatStage::Trading => {
                let who = g.to_act().seats()[0];
                g.apply(who, A::EndTrading).unwrap();
            }
            _ => crate::spells_common::pass_once(&mut g, &mut log),
        }
    }
    let gift = A::HirelingGives {
        hireling: hq(),
        to: Receiver::Character { seat: S1 },
        gift: Gift::Belonging { piece: sword() },
    };
    assert!(g.legal_actions(S0).contains(&gift));
    // The Amazon does not decide for another player's leader.
    assert!(!g.legal_actions(S1).contains(&gift));
    g.apply(S0, gift).unwrap();
    assert_eq!(
        place_of(g.state(), &sword()),
        Some(belongings_of(g.state(), S1))
    );
}

#[test]
fn rule_7_2_1_a_controlled_monster_following_its_controller_gives_at_his_phases() {
    // The spider follows the Witch: as she begins a phase it may abandon or give what it
    // carries (7.2.1, 7.2.2: followers trade and rearrange whenever their guide begins a
    // phase).
    let mut g = witch_and_spider(
        "daylight",
        json!({"belongings": []}),
        vec![
            json!({"character": "amazon", "at": oak(2), "hidden": false, "gold": 20,
            "record": [{"activity": "hide"}]}),
        ],
        vec![lay(&sword(), &carried_by(spider()))],
        json!([1, 6, 6, 6, 6, 6, 6]),
    );
    to_turn_of(&mut g, S0);
    let gift = A::HirelingGives {
        hireling: spider(),
        to: Receiver::Character { seat: S1 },
        gift: Gift::Belonging { piece: sword() },
    };
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&gift));
    assert!(legal.contains(&A::HirelingAbandons {
        hireling: spider(),
        piece: sword(),
    }));
    // Not to its own controller: he takes it back instead.
    assert!(!legal.iter().any(|a| matches!(a,
        A::HirelingGives { to: Receiver::Character { seat }, .. } if *seat == S0)));
    assert!(legal.contains(&take(spider(), Gift::Belonging { piece: sword() })));
    g.apply(S0, gift).unwrap();
    assert_eq!(
        place_of(g.state(), &sword()),
        Some(belongings_of(g.state(), S1))
    );
}
