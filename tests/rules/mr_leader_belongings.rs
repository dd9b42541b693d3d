//! Rule scenarios for what hired leaders carry (rules 7.2.1, 7.2.2, 7.6, 8.7, 8.9): their
//! employer gives them belongings and gold and takes them back at the start of his
//! phases, a leader only abandons them at the start of his own phases, and his death or
//! the end of his hire sends them where 8.7 says. Each from a scenario with forced dice.

use crate::spells_common::{details, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat};
use tabletop_rules::magic_realm::actions::{Gift, MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::denizens::{NativeGroup, NativeId};
use tabletop_rules::magic_realm::combat::round::Who;
use tabletop_rules::magic_realm::combat::spoils;
use tabletop_rules::magic_realm::day::hiring;
use tabletop_rules::magic_realm::events::HirelingSpoilsTo;
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{Facing, PieceId, Place};
use tabletop_rules::magic_realm::state::{Activity, GameState};

fn oak(n: u8) -> ClearingRef {
    serde_json::from_value(json!({"tile": "oak_woods", "clearing": n})).unwrap()
}

fn hq() -> PieceId {
    PieceId::Native {
        id: NativeId("company-hq".into()),
    }
}

fn sword() -> PieceId {
    serde_json::from_value(json!({"kind": "weapon", "id": "thrusting-sword", "n": 0})).unwrap()
}

fn hoof() -> PieceId {
    serde_json::from_value(json!({"kind": "treasure", "id": "cloven-hoof"})).unwrap()
}

fn carried_by(by: PieceId) -> Place {
    Place::Carried { by }
}

/// The piece at `place` as a scenario lays it out.
fn lay(piece: &PieceId, place: &Place) -> Value {
    json!({"piece": piece, "place": place})
}

/// The Swordsman (seat 0, 12 gold, a Thrusting Sword) at Oak Woods 2 with the Company's
/// HQ hired there (`leader_gold` recorded, `record` his turn); the Amazon (seat 1, 20
/// gold, the Cloven Hoof) in `amazon_at`. `pieces` adds more.
fn company(
    at: &str,
    record: Value,
    leader_gold: i32,
    amazon_at: ClearingRef,
    dice: Value,
    pieces: Vec<Value>,
) -> Game {
    let mut all = vec![lay(&hq(), &Place::Clearing { at: oak(2) })];
    all.extend(pieces);
    start(json!({"seats": [
        {"character": "swordsman", "at": oak(2), "hidden": false, "gold": 12,
         "belongings": [{"piece": sword()}],
         "record": [{"activity": "hide"}],
         "hirelings": [{"native": "company-hq", "lastDay": 20, "record": record,
                        "gold": leader_gold}]},
        {"character": "amazon", "at": amazon_at, "hidden": false, "gold": 20,
         "belongings": [{"piece": hoof()}],
         "record": [{"activity": "hide"}]}],
        "pieces": all, "day": 2, "at": at, "dice": dice}))
}

fn leader_gold(state: &GameState) -> i32 {
    state.seats[0].hirelings.first().map_or(0, |h| h.gold)
}

fn gold(state: &GameState, seat: Seat) -> i32 {
    state.seats[usize::from(seat.0)].gold
}

fn place_of(state: &GameState, piece: &PieceId) -> Option<Place> {
    state.piles.place_of(piece).cloned()
}

/// Plays Daylight until the Swordsman (seat 0) takes his turn.
fn to_swordsmans_turn(g: &mut Game) {
    for _ in 0..4 {
        if g.legal_actions(S0).contains(&A::Proceed)
            && g.legal_actions(S0)
                .iter()
                .any(|a| matches!(a, A::GiveToHireling { .. } | A::Give { .. }))
        {
            return;
        }
        let who = g.to_act().seats().first().copied().expect("someone acts");
        g.apply(who, A::Proceed).unwrap();
    }
    panic!("the Swordsman's turn never came");
}

#[test]
fn rule_7_2_1_a_character_gives_his_hired_leader_belongings_and_gold_and_takes_them_back() {
    let mut g = company(
        "daylight",
        json!([]),
        0,
        oak(5),
        json!([1, 6, 6, 6, 6]),
        vec![],
    );
    to_swordsmans_turn(&mut g);
    let give_sword = A::GiveToHireling {
        hireling: hq(),
        gift: Gift::Belonging { piece: sword() },
    };
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&give_sword));
    assert!(legal.contains(&A::GiveToHireling {
        hireling: hq(),
        gift: Gift::Gold { gold: 10 },
    }));
    // He carries nothing yet: nothing to take back.
    assert!(!legal
        .iter()
        .any(|a| matches!(a, A::TakeFromHireling { .. })));
    g.apply(S0, give_sword).unwrap();
    g.apply(
        S0,
        A::GiveToHireling {
            hireling: hq(),
            gift: Gift::Gold { gold: 10 },
        },
    )
    .unwrap();
    assert_eq!(place_of(g.state(), &sword()), Some(carried_by(hq())));
    assert_eq!(leader_gold(g.state()), 10);
    assert_eq!(gold(g.state(), S0), 2);
    // 7.2.2: the leader neither activates nor deactivates; his employer is offered no
    // rearranging of what the leader carries.
    assert!(!g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::Rearrange { piece, .. } if *piece == sword())));
    // He takes the sword and 5 gold back.
    let take_sword = A::TakeFromHireling {
        hireling: hq(),
        gift: Gift::Belonging { piece: sword() },
    };
    assert!(g.legal_actions(S0).contains(&take_sword));
    g.apply(S0, take_sword).unwrap();
    g.apply(
        S0,
        A::TakeFromHireling {
            hireling: hq(),
            gift: Gift::Gold { gold: 5 },
        },
    )
    .unwrap();
    assert_eq!(
        place_of(g.state(), &sword()),
        Some(Place::Belongings {
            character: g.state().seats[0].character.clone().unwrap()
        })
    );
    assert_eq!(leader_gold(g.state()), 5);
    assert_eq!(gold(g.state(), S0), 7);
    // 10 gold is more than the leader has: not offered, and refused.
    let too_much = A::TakeFromHireling {
        hireling: hq(),
        gift: Gift::Gold { gold: 10 },
    };
    assert!(!g.legal_actions(S0).contains(&too_much));
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, too_much).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}

#[test]
fn rule_7_2_1_no_trading_with_a_hired_leader_in_another_clearing() {
    // The leader (5 gold) stands in Oak Woods 5, away from his employer.
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": oak(2), "hidden": false, "gold": 12,
         "belongings": [{"piece": sword()}], "record": [{"activity": "hide"}],
         "hirelings": [{"native": "company-hq", "lastDay": 20, "gold": 5}]}],
        "pieces": [lay(&hq(), &Place::Clearing { at: oak(5) })],
        "day": 2, "at": "daylight", "dice": [1, 6, 6, 6, 6]}));
    for _ in 0..4 {
        if g.legal_actions(S0).contains(&A::Proceed) {
            break;
        }
        let who = g.to_act().seats().first().copied().unwrap();
        g.apply(who, A::Proceed).unwrap();
    }
    assert!(g.legal_actions(S0).contains(&A::Proceed));
    assert!(!g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::GiveToHireling { .. } | A::TakeFromHireling { .. })));
    let take = A::TakeFromHireling {
        hireling: hq(),
        gift: Gift::Gold { gold: 5 },
    };
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, take).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}

/// From Birdsong: the Swordsman records nothing more and the leader `record`; returns the
/// log until someone must act.
fn leader_turn(g: &mut Game, record: &[Activity]) -> Vec<Event<E>> {
    let leader = NativeId("company-hq".into());
    for activity in record {
        g.apply(
            S0,
            A::RecordLeaderActivity {
                leader: leader.clone(),
                activity: activity.clone(),
            },
        )
        .unwrap();
    }
    let mut log = Vec::new();
    for _ in 0..4 {
        let legal = g.legal_actions(S0);
        if legal
            .iter()
            .any(|a| matches!(a, A::HirelingAbandons { .. }))
        {
            return log;
        }
        let kept = crate::daylight_common::take_kept_turns(g);
        if !kept.is_empty() {
            log.extend(kept);
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
    log
}

#[test]
fn rule_7_2_2b_a_hired_leader_may_only_abandon_his_belongings() {
    // The leader carries the sword and the Cloven Hoof; the Amazon is away.
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": oak(2), "hidden": false, "gold": 12,
         "hirelings": [{"native": "company-hq", "lastDay": 20}]}],
        "pieces": [lay(&hq(), &Place::Clearing { at: oak(2) }),
                   lay(&sword(), &carried_by(hq())), lay(&hoof(), &carried_by(hq()))],
        "day": 2, "at": "birdsong", "dice": [1, 6, 6, 6, 6, 6, 6]}));
    leader_turn(&mut g, &[Activity::Hide, Activity::Hide]);
    // At the start of his first phase his employer decides, and may only abandon.
    assert_eq!(g.to_act().seats(), vec![S0]);
    let mut legal = g.legal_actions(S0);
    legal.sort_by_key(|a| format!("{a:?}"));
    let mut want = vec![
        A::HirelingAbandons {
            hireling: hq(),
            piece: sword(),
        },
        A::HirelingAbandons {
            hireling: hq(),
            piece: hoof(),
        },
        A::Proceed,
    ];
    want.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(legal, want);
    // Activating or deactivating for him is refused, and changes nothing.
    let before = serde_json::to_string(g.state()).unwrap();
    for change in ["activate", "deactivate"] {
        let a: A = serde_json::from_value(
            json!({"type": "Rearrange", "piece": sword(), "change": change}),
        )
        .unwrap();
        assert!(g.apply(S0, a).is_err());
    }
    assert!(g
        .apply(
            S0,
            A::GiveToHireling {
                hireling: hq(),
                gift: Gift::Gold { gold: 1 }
            }
        )
        .is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    // He abandons the sword in his clearing.
    let log = g
        .apply(
            S0,
            A::HirelingAbandons {
                hireling: hq(),
                piece: sword(),
            },
        )
        .unwrap();
    assert!(details(&log).iter().any(|e| matches!(e,
        E::HirelingAbandoned { piece: Some(p), .. } if *p == sword())));
    assert_eq!(
        place_of(g.state(), &sword()),
        Some(Place::Clearing { at: oak(2) })
    );
    // He still carries the Hoof: the phase waits; Proceed does it (a Hide).
    assert!(g.legal_actions(S0).contains(&A::Proceed));
    let log = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::LeaderHideRolled { .. })));
    // His second phase starts with the same choice.
    assert!(g.legal_actions(S0).contains(&A::HirelingAbandons {
        hireling: hq(),
        piece: hoof(),
    }));
    let log = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&log)
        .iter()
        .any(|e| matches!(e, E::LeaderTurnEnds { .. })));
    assert_eq!(place_of(g.state(), &hoof()), Some(carried_by(hq())));
}

#[test]
fn rule_7_2_2_an_enchanted_card_given_to_a_hired_leader_stays_active_the_rest_inactive() {
    // The Swordsman holds the Cloven Hoof too.
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": oak(2), "hidden": false, "gold": 12,
         "belongings": [{"piece": sword()}, {"piece": hoof()}],
         "record": [{"activity": "hide"}],
         "hirelings": [{"native": "company-hq", "lastDay": 20}]}],
        "pieces": [lay(&hq(), &Place::Clearing { at: oak(2) })],
        "day": 2, "at": "daylight", "dice": [1, 6, 6, 6, 6]}));
    to_swordsmans_turn(&mut g);
    for piece in [sword(), hoof()] {
        g.apply(
            S0,
            A::GiveToHireling {
                hireling: hq(),
                gift: Gift::Belonging { piece },
            },
        )
        .unwrap();
    }
    let pile = g.state().piles.pile(&carried_by(hq())).to_vec();
    assert_eq!(pile.len(), 2);
    // The Enchanted card is face up (active, 4.4.2); the sword is no belonging of the
    // Swordsman any more, so nothing of his marks it inactive or active.
    let hoof_facing = pile.iter().find(|c| c.piece == hoof()).map(|c| c.facing);
    assert_eq!(hoof_facing, Some(Facing::Up));
    assert!(g.state().seats[0].inactive.is_empty());
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    assert!(tabletop_rules::magic_realm::day::carried::is_active(
        cat,
        &hoof()
    ));
    assert!(!tabletop_rules::magic_realm::day::carried::is_active(
        cat,
        &sword()
    ));
}

/// The state of the scenario with the leader carrying the sword and 7 gold, and the
/// Amazon in his clearing.
fn loaded(pieces: Vec<Value>) -> GameState {
    let mut all = vec![lay(&sword(), &carried_by(hq()))];
    all.extend(pieces);
    let g = start(json!({"seats": [
        {"character": "swordsman", "at": oak(2), "hidden": false, "gold": 12,
         "record": [{"activity": "hide"}],
         "hirelings": [{"native": "company-hq", "lastDay": 20, "gold": 7}]},
        {"character": "amazon", "at": oak(2), "hidden": false, "gold": 20,
         "belongings": [{"piece": hoof()}],
         "record": [{"activity": "hide"}]}],
        "pieces": std::iter::once(lay(&hq(), &Place::Clearing { at: oak(2) }))
            .chain(all).collect::<Vec<_>>(),
        "day": 2, "at": "daylight", "dice": [1, 6, 6, 6, 6]}));
    g.state().clone()
}

fn kill(state: &mut GameState, victim: Who, killer: Who) -> Vec<Event<E>> {
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let mut events = Vec::new();
    let sharers = vec![killer.clone()];
    spoils::killed(
        cat,
        state,
        Some(victim),
        Some(killer),
        &sharers,
        &mut events,
    )
    .unwrap();
    events
}

fn amazon_belongings(state: &GameState) -> Place {
    Place::Belongings {
        character: state.seats[1].character.clone().unwrap(),
    }
}

#[test]
fn rule_8_7_a_character_killing_a_hired_leader_takes_his_belongings_and_gold() {
    let mut st = loaded(vec![]);
    let log = kill(&mut st, Who::Denizen(hq()), Who::Character(S1));
    assert_eq!(place_of(&st, &sword()), Some(amazon_belongings(&st)));
    // 20 gold of his own, 7 the leader recorded, 2 the leader's Gold bounty.
    assert_eq!(gold(&st, S1), 29);
    assert!(st.seats[0].hirelings.is_empty());
    assert!(details(&log).iter().any(|e| matches!(e,
        E::HirelingSpoils { to: HirelingSpoilsTo::Character { seat }, items: 1, gold: 7, .. }
            if *seat == S1)));
}

#[test]
fn rule_8_7_a_hired_leader_killing_a_character_keeps_his_belongings_and_gold_for_his_employer() {
    let mut st = loaded(vec![]);
    kill(&mut st, Who::Character(S1), Who::Denizen(hq()));
    assert_eq!(place_of(&st, &hoof()), Some(carried_by(hq())));
    assert_eq!(leader_gold(&st), 27);
    assert_eq!(
        gold(&st, S0),
        12,
        "kept by the leader, not given to his employer"
    );
    assert!(st.seats[0].known.contains(&hoof()));
}

#[test]
fn rule_8_7_a_hired_leader_killing_a_native_records_its_gold_bounty() {
    let patrol = PieceId::Native {
        id: NativeId("patrol-hq".into()),
    };
    let mut st = loaded(vec![lay(&patrol, &Place::Clearing { at: oak(2) })]);
    kill(&mut st, Who::Denizen(patrol), Who::Denizen(hq()));
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let wage = cat
        .denizens
        .native(&NativeId("patrol-hq".into()))
        .map(|n| i32::try_from(n.wage).unwrap())
        .unwrap();
    assert!(wage > 0);
    assert_eq!(leader_gold(&st), 7 + wage);
    assert_eq!(gold(&st, S0), 12);
}

#[test]
fn rule_8_7_a_monster_killing_a_hired_leader_leaves_his_belongings_and_his_gold_vanishes() {
    let wolf: PieceId =
        serde_json::from_value(json!({"kind": "monster", "id": "wolf-l4", "n": 0})).unwrap();
    let mut st = loaded(vec![lay(&wolf, &Place::Clearing { at: oak(2) })]);
    let total = gold(&st, S0) + gold(&st, S1);
    kill(&mut st, Who::Denizen(hq()), Who::Denizen(wolf));
    assert_eq!(
        place_of(&st, &sword()),
        Some(Place::Clearing { at: oak(2) })
    );
    assert_eq!(gold(&st, S0) + gold(&st, S1), total);
    assert!(st.seats[0].hirelings.is_empty());
}

#[test]
fn rule_8_7_an_unhired_native_killing_a_hired_leader_puts_his_belongings_in_the_natives_box() {
    let patrol = PieceId::Native {
        id: NativeId("patrol-hq".into()),
    };
    let mut st = loaded(vec![lay(&patrol, &Place::Clearing { at: oak(2) })]);
    kill(&mut st, Who::Denizen(hq()), Who::Denizen(patrol));
    assert_eq!(
        place_of(&st, &sword()),
        Some(Place::Natives {
            group: NativeGroup::Patrol
        })
    );
}

#[test]
fn rule_8_7_a_dead_employers_hired_leader_keeps_his_belongings_with_his_group() {
    let mut st = loaded(vec![]);
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let mut events = Vec::new();
    spoils::character_killed(cat, &mut st, S0, None, &[], &mut events).unwrap();
    assert_eq!(
        place_of(&st, &sword()),
        Some(Place::Natives {
            group: NativeGroup::Company
        })
    );
    // He stays on the map, unhired.
    assert_eq!(place_of(&st, &hq()), Some(Place::Clearing { at: oak(2) }));
}

#[test]
fn rule_8_9_a_hired_leader_whose_term_ends_keeps_his_belongings_with_his_group() {
    let mut st = loaded(vec![]);
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    // Not yet: his term runs to day 20.
    hiring::midnight(cat, &mut st, 19);
    assert_eq!(place_of(&st, &sword()), Some(carried_by(hq())));
    let log = hiring::midnight(cat, &mut st, 20);
    assert_eq!(
        place_of(&st, &sword()),
        Some(Place::Natives {
            group: NativeGroup::Company
        })
    );
    assert!(details(&log).iter().any(|e| matches!(
        e,
        E::HirelingSpoils {
            to: HirelingSpoilsTo::NativeBox { .. },
            ..
        }
    )));
}

fn axe() -> PieceId {
    serde_json::from_value(json!({"kind": "weapon", "id": "great-axe", "n": 0})).unwrap()
}

/// From Birdsong: the Company's HQ (Medium) carries the Great Axe (Heavy) and the
/// Thrusting Sword (Light) and moves one clearing; `follower`: a hired Company underling
/// told to follow him. Returns the clearing he moved to.
fn leader_moves_loaded(follower: Option<&str>) -> (Game, ClearingRef) {
    let mut hirelings = vec![json!({"native": "company-hq", "lastDay": 14})];
    let mut pieces = vec![
        lay(&hq(), &Place::Clearing { at: oak(2) }),
        lay(&axe(), &carried_by(hq())),
        lay(&sword(), &carried_by(hq())),
    ];
    if let Some(id) = follower {
        hirelings.push(json!({"native": id, "lastDay": 14}));
        let p = PieceId::Native {
            id: NativeId(id.into()),
        };
        pieces.push(lay(&p, &Place::Clearing { at: oak(2) }));
    }
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": oak(2), "hidden": false, "hirelings": hirelings}],
        "pieces": pieces, "day": 2, "at": "birdsong", "dice": [1, 6, 6, 6, 6, 6, 6]}));
    if let Some(id) = follower {
        g.apply(
            S0,
            A::AssignUnderling {
                underling: NativeId(id.into()),
                guide: tabletop_rules::magic_realm::day::underlings::UnderlingGuide::Leader {
                    leader: NativeId("company-hq".into()),
                },
            },
        )
        .unwrap();
    }
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let mut to: Vec<ClearingRef> = g
        .state()
        .map
        .moves(&cat.tiles, oak(2), &Default::default())
        .into_iter()
        .map(|r| r.to)
        .collect();
    to.sort();
    let to = to[0];
    leader_turn(&mut g, &[Activity::Move { to }]);
    // His employer lets him keep everything at the start of the phase.
    g.apply(S0, A::Proceed).unwrap();
    assert_eq!(place_of(g.state(), &hq()), Some(Place::Clearing { at: to }));
    (g, to)
}

#[test]
fn rule_7_3_1_a_hired_leader_abandons_what_his_move_strength_cannot_carry() {
    let (g, _) = leader_moves_loaded(None);
    assert_eq!(
        place_of(g.state(), &axe()),
        Some(Place::Clearing { at: oak(2) })
    );
    assert_eq!(place_of(g.state(), &sword()), Some(carried_by(hq())));
}

#[test]
fn rule_7_11d_a_hired_leader_carries_with_his_following_underlings_strength() {
    // A Heavy underling follows him: the Great Axe goes too.
    let (g, to) = leader_moves_loaded(Some("company-5"));
    assert_eq!(place_of(g.state(), &axe()), Some(carried_by(hq())));
    let underling = PieceId::Native {
        id: NativeId("company-5".into()),
    };
    assert_eq!(
        place_of(g.state(), &underling),
        Some(Place::Clearing { at: to })
    );
    // A Medium one does not help with it.
    let (g, _) = leader_moves_loaded(Some("company-1"));
    assert_eq!(
        place_of(g.state(), &axe()),
        Some(Place::Clearing { at: oak(2) })
    );
}

#[test]
fn rule_4_5_a_face_down_card_a_hired_leader_carries_shows_to_his_employer_alone() {
    use tabletop_rules::engine::Viewer;
    use tabletop_rules::magic_realm::view::SeenPiece;
    let jewel: PieceId =
        serde_json::from_value(json!({"kind": "treasure", "id": "timeless-jewel"})).unwrap();
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": oak(2), "hidden": false,
         "belongings": [{"piece": jewel, "facing": "down"}],
         "record": [{"activity": "hide"}],
         "hirelings": [{"native": "company-hq", "lastDay": 20}]},
        {"character": "amazon", "at": oak(2), "record": [{"activity": "hide"}]}],
        "pieces": [lay(&hq(), &Place::Clearing { at: oak(2) })],
        "day": 2, "at": "daylight", "dice": [1, 6, 6, 6, 6]}));
    to_swordsmans_turn(&mut g);
    let log = g
        .apply(
            S0,
            A::GiveToHireling {
                hireling: hq(),
                gift: Gift::Belonging {
                    piece: jewel.clone(),
                },
            },
        )
        .unwrap();
    // The log names no card.
    assert!(details(&log).iter().any(|e| matches!(
        e,
        E::GivenToHireling {
            gift: Gift::SecretCard,
            ..
        }
    )));
    let seen = |seat: Seat| -> Vec<SeenPiece> {
        g.view(Viewer::Seat { seat })
            .unwrap()
            .piles
            .into_iter()
            .find(|p| p.place == carried_by(hq()))
            .map(|p| p.pieces)
            .unwrap_or_default()
    };
    assert!(matches!(seen(S0).as_slice(),
        [SeenPiece::Known { piece, .. }] if *piece == jewel));
    assert!(matches!(seen(S1).as_slice(), [SeenPiece::Hidden { .. }]));
}

#[test]
fn rule_8_7_in_combat_a_monster_kills_a_hired_leader_and_his_belongings_are_abandoned() {
    use crate::spells_common::{dice, here, monster, pass_once, piece};
    let here_at: ClearingRef = serde_json::from_value(here()).unwrap();
    let mut g = start(json!({"seats": [{"character": "swordsman", "at": here(),
        "hidden": false,
        "hirelings": [{"native": "company-hq", "lastDay": 10, "gold": 4}]}],
        "pieces": [lay(&hq(), &Place::Clearing { at: here_at }),
                   lay(&sword(), &carried_by(hq())), monster("t-troll")],
        "at": "sunset", "dice": dice(1, 80)}));
    let gold = g.state().seats[0].gold;
    let mut log = Vec::new();
    log.extend(
        g.apply(
            S0,
            A::HirelingLure {
                hireling: hq(),
                denizen: piece("t-troll"),
            },
        )
        .unwrap(),
    );
    for _ in 0..40 {
        if place_of(g.state(), &hq()) == Some(Place::Killed) {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    assert_eq!(place_of(g.state(), &hq()), Some(Place::Killed));
    assert_eq!(
        place_of(g.state(), &sword()),
        Some(Place::Clearing { at: here_at })
    );
    assert_eq!(g.state().seats[0].gold, gold, "his 4 gold vanished");
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
