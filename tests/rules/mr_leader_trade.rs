//! Rule scenarios for a hired leader's Trade and Hire phases (6.2.5, 7.6, 7.7, 7.12,
//! 4.1.4): his employer records them, and makes the deal when the phase comes; the leader
//! rolls on the Meeting Table on his employer's column, pays with the gold he carries,
//! carries what he buys, hires for his employer, and can be blocked by a Block/Battle.
//! Each from a scenario with forced dice (the first die is the Monster Roll at Sunrise;
//! each Meeting Table roll takes two dice, the higher counting).

use crate::spells_common::{details, start, Game, S0, S1};
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Viewer};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::denizens::{NativeGroup, NativeId, Trader};
use tabletop_rules::magic_realm::catalog::tables::{MeetingColumn, MeetingResult};
use tabletop_rules::magic_realm::catalog::tiles::TileId;
use tabletop_rules::magic_realm::day::meeting::{HireChoice, MeetingAnswer, TradeChoice};
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::state::{Activity, GameState};

const COMPANY: Trader = Trader::Native(NativeGroup::Company);
const PATROL: Trader = Trader::Native(NativeGroup::Patrol);

fn oak(n: u8) -> ClearingRef {
    ClearingRef::new(TileId::OakWoods, n)
}

fn nid(id: &str) -> NativeId {
    NativeId(id.into())
}

/// The hired leader of these scenarios: the Guard's HQ.
fn guard() -> NativeId {
    nid("guard-hq")
}

fn guard_piece() -> PieceId {
    PieceId::Native { id: guard() }
}

fn carried_by_guard() -> Place {
    Place::Carried { by: guard_piece() }
}

fn weapon(id: &str) -> PieceId {
    serde_json::from_value(json!({"kind": "weapon", "id": id, "n": 0})).unwrap()
}

fn lay(piece: &PieceId, place: &Place) -> Value {
    json!({"piece": piece, "place": place})
}

fn native_here(id: &str) -> Value {
    lay(
        &PieceId::Native { id: nid(id) },
        &Place::Clearing { at: oak(2) },
    )
}

fn group_box(group: &str) -> Place {
    serde_json::from_value(json!({"place": "setup_box", "target": {"NativeGroup": group}})).unwrap()
}

/// Birdsong of day 2: the Swordsman (seat 0, 7 gold; Friendly with the Company, Enemy with
/// the Patrol) in Oak Woods 5, his hired Guard HQ (`gold` recorded) in Oak Woods 2 with
/// `pieces`; the Amazon (seat 1) in Oak Woods 4. `dice` follow the Monster Roll.
fn guard_at_oak(gold: i32, pieces: Vec<Value>, dice: &[u8]) -> Game {
    let mut all = vec![lay(&guard_piece(), &Place::Clearing { at: oak(2) })];
    all.extend(pieces);
    let mut rolls = vec![1];
    rolls.extend_from_slice(dice);
    start(json!({"seats": [
        {"character": "swordsman", "at": oak(5), "hidden": false, "gold": 7, "record": [],
         "hirelings": [{"native": "guard-hq", "lastDay": 20, "gold": gold}]},
        {"character": "amazon", "at": oak(4), "hidden": false, "record": []}],
        "pieces": all, "day": 2, "at": "birdsong", "dice": rolls}))
}

/// The Company's HQ and one of its men in the leader's clearing, a Crossbow (10 gold) in
/// the Company's box.
fn company() -> Vec<Value> {
    vec![
        native_here("company-hq"),
        native_here("company-1"),
        lay(&weapon("crossbow"), &group_box("Company")),
    ]
}

/// Birdsong: records `record` for the leader; both players finish recording, and Daylight
/// runs to the first decision.
fn play(g: &mut Game, record: &[Activity]) -> Vec<Event<E>> {
    for activity in record {
        g.apply(
            S0,
            A::RecordLeaderActivity {
                leader: guard(),
                activity: activity.clone(),
            },
        )
        .unwrap();
    }
    let mut log = g.apply(S0, A::FinishRecording).unwrap();
    log.extend(g.apply(S1, A::FinishRecording).unwrap());
    log.extend(crate::daylight_common::take_kept_turns(g));
    log
}

fn buy(item: PieceId, drinks: bool) -> A {
    A::LeaderTrade {
        leader: guard(),
        deal: TradeChoice::Buy {
            from: COMPANY,
            item,
            drinks,
        },
    }
}

fn answer(answer: MeetingAnswer) -> A {
    A::AnswerLeaderMeeting {
        leader: guard(),
        answer,
    }
}

fn leader_gold(state: &GameState) -> i32 {
    state.seats[0]
        .hirelings
        .iter()
        .find(|h| h.native == guard())
        .map_or(0, |h| h.gold)
}

fn rolled(log: &[Event<E>]) -> Vec<(MeetingColumn, u8, MeetingResult)> {
    details(log)
        .into_iter()
        .filter_map(|d| match d {
            E::LeaderMeetingRolled {
                leader,
                column,
                roll,
                result,
                ..
            } if *leader == guard() => Some((*column, *roll, *result)),
            _ => None,
        })
        .collect()
}

#[test]
fn rule_6_2_5_a_hired_leaders_trade_and_hire_are_recorded_by_his_employer() {
    let mut g = guard_at_oak(0, company(), &[]);
    let legal = g.legal_actions(S0);
    for activity in [Activity::Trade, Activity::Hire] {
        let record = A::RecordLeaderActivity {
            leader: guard(),
            activity: activity.clone(),
        };
        assert!(legal.contains(&record), "{activity:?} is offered");
        assert!(
            !g.legal_actions(S1).contains(&record),
            "not to another seat"
        );
    }
    g.apply(
        S0,
        A::RecordLeaderActivity {
            leader: guard(),
            activity: Activity::Trade,
        },
    )
    .unwrap();
    assert_eq!(
        g.state().seats[0].hirelings[0].record,
        vec![Activity::Trade]
    );
}

#[test]
fn rule_7_6_a_hired_leader_buys_on_his_employers_column_with_his_own_gold() {
    // The Swordsman is Friendly with the Company: roll 4 is Price x3, 30 gold.
    let mut g = guard_at_oak(40, company(), &[4, 1]);
    play(&mut g, &[Activity::Trade]);
    // The employer makes the deal; the other seat has nothing to do.
    assert_eq!(g.to_act().seats(), &[S0]);
    assert!(g.legal_actions(S1).is_empty());
    let crossbow = weapon("crossbow");
    let offered = g.legal_actions(S0);
    assert!(offered.contains(&buy(crossbow.clone(), false)));
    assert!(
        offered.contains(&buy(crossbow.clone(), true)),
        "drinks: 2 gold"
    );
    assert_eq!(offered.last(), Some(&A::Proceed));
    let log = g.apply(S0, buy(crossbow.clone(), false)).unwrap();
    // 4.1.4: two dice, unmodified, on the employer's Friendly column.
    assert_eq!(
        rolled(&log),
        vec![(MeetingColumn::Friendly, 4, MeetingResult::Price(3))]
    );
    assert_eq!(
        g.legal_actions(S0),
        vec![answer(MeetingAnswer::Pay), answer(MeetingAnswer::Decline)]
    );
    let own = g.view(Viewer::Seat { seat: S0 }).unwrap().own;
    assert_eq!(own[0].meeting.as_ref().map(|o| o.price), Some(30));
    let other = g.view(Viewer::Seat { seat: S1 }).unwrap().own;
    assert!(
        other.iter().all(|o| o.meeting.is_none()),
        "4.5: only the employer sees the offer"
    );
    let log = g.apply(S0, answer(MeetingAnswer::Pay)).unwrap();
    assert!(details(&log).iter().any(|d| matches!(d,
        E::LeaderItemBought { leader, price: 30, boon: false, .. } if *leader == guard())));
    assert_eq!(leader_gold(g.state()), 10, "he pays from his own gold");
    assert_eq!(
        g.state().seats[0].gold,
        7,
        "his employer's gold is untouched"
    );
    assert_eq!(
        g.state().piles.place_of(&crossbow),
        Some(&carried_by_guard())
    );
    assert!(g.state().seats[0].known.contains(&crossbow));
    // The phase is done: his turn goes on to its end.
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::LeaderTurnEnds { leader } if *leader == guard())));
}

#[test]
fn rule_7_6_a_hired_leader_buying_drinks_pays_for_them_and_rolls_one_column_friendlier() {
    // Drinks for two Company natives: 2 gold; Friendly becomes Ally, roll 2 is Price x1.
    let mut g = guard_at_oak(20, company(), &[2, 1]);
    play(&mut g, &[Activity::Trade]);
    let log = g.apply(S0, buy(weapon("crossbow"), true)).unwrap();
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::LeaderDrinksBought {
            gold: 2,
            group: NativeGroup::Company,
            ..
        }
    )));
    assert_eq!(
        rolled(&log),
        vec![(MeetingColumn::Ally, 2, MeetingResult::Price(1))]
    );
    assert_eq!(leader_gold(g.state()), 18);
    g.apply(S0, answer(MeetingAnswer::Pay)).unwrap();
    assert_eq!(leader_gold(g.state()), 8);
}

#[test]
fn rule_7_6_a_hired_leader_sells_what_he_carries_and_records_the_gold() {
    let spear = weapon("spear");
    let mut pieces = company();
    pieces.push(lay(&spear, &carried_by_guard()));
    let mut g = guard_at_oak(3, pieces, &[]);
    play(&mut g, &[Activity::Trade]);
    // 7.2.2: first, he may abandon what he carries; he keeps it.
    assert!(g
        .legal_actions(S0)
        .iter()
        .any(|a| matches!(a, A::HirelingAbandons { .. })));
    g.apply(S0, A::Proceed).unwrap();
    let sell = A::LeaderTrade {
        leader: guard(),
        deal: TradeChoice::Sell {
            to: COMPANY,
            item: spear.clone(),
        },
    };
    assert!(g.legal_actions(S0).contains(&sell));
    let log = g.apply(S0, sell).unwrap();
    let price = details(&log)
        .iter()
        .find_map(|d| match d {
            E::LeaderItemSold { price, .. } => Some(*price),
            _ => None,
        })
        .expect("the sale is logged");
    assert!(price > 0);
    assert_eq!(
        i64::from(leader_gold(g.state())),
        3 + i64::from(price),
        "the gold is recorded on his sheet"
    );
    assert_eq!(g.state().seats[0].gold, 7);
    assert_eq!(
        g.state().piles.place_of(&spear),
        Some(&group_box("Company"))
    );
}

#[test]
fn rule_7_6_a_card_the_leader_sells_to_its_group_gives_its_fame_reward_to_his_employer() {
    // The Sacred Statue sold to the Order: its price to the leader's gold, its Fame
    // reward (3.3.6f) to his employer, who owned it.
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let statue = cat
        .items
        .treasure(&tabletop_rules::magic_realm::catalog::items::TreasureId(
            "sacred-statue".into(),
        ))
        .unwrap();
    let reward = i32::try_from(statue.fame_reward.unwrap().fame).unwrap();
    let price = i32::try_from(statue.price.unwrap()).unwrap();
    let card: PieceId =
        serde_json::from_value(json!({"kind": "treasure", "id": "sacred-statue"})).unwrap();
    let pieces = vec![native_here("order-hq"), lay(&card, &carried_by_guard())];
    let mut g = guard_at_oak(0, pieces, &[]);
    play(&mut g, &[Activity::Trade]);
    g.apply(S0, A::Proceed).unwrap(); // 7.2.2: he keeps what he carries.
    let fame = g.state().seats[0].fame;
    g.apply(
        S0,
        A::LeaderTrade {
            leader: guard(),
            deal: TradeChoice::Sell {
                to: Trader::Native(NativeGroup::Order),
                item: card,
            },
        },
    )
    .unwrap();
    assert_eq!(leader_gold(g.state()), price);
    assert_eq!(
        g.state().seats[0].fame,
        fame.checked_add(reward.into()).unwrap()
    );
    assert_eq!(g.state().seats[0].gold, 7);
}

#[test]
fn rule_7_7_a_hired_leader_hires_natives_for_his_employer_with_his_gold() {
    // The Company's two men here: wages 2 + 2; Friendly roll 2 is Price x2, 8 gold.
    let mut g = guard_at_oak(10, company(), &[2, 1]);
    play(&mut g, &[Activity::Hire]);
    let hire = A::LeaderHire {
        leader: guard(),
        hire: HireChoice::Group {
            group: NativeGroup::Company,
            drinks: false,
        },
    };
    assert!(g.legal_actions(S0).contains(&hire));
    let log = g.apply(S0, hire).unwrap();
    assert_eq!(
        rolled(&log),
        vec![(MeetingColumn::Friendly, 2, MeetingResult::Price(2))]
    );
    let log = g.apply(S0, answer(MeetingAnswer::Pay)).unwrap();
    assert!(details(&log).iter().any(|d| matches!(d,
        E::NativesHired { seat, price: 8, .. } if *seat == S0)));
    assert_eq!(leader_gold(g.state()), 2);
    assert_eq!(g.state().seats[0].gold, 7);
    let hired: Vec<NativeId> = g.state().seats[0]
        .hirelings
        .iter()
        .map(|h| h.native.clone())
        .collect();
    assert!(hired.contains(&nid("company-hq")) && hired.contains(&nid("company-1")));
}

#[test]
fn rule_7_6_a_hired_leader_without_gold_cannot_pay_with_his_employers() {
    // He has no gold; his employer has 7. Price x3 (30): only declining is offered, no
    // drinks either; paying is refused and changes nothing.
    let mut g = guard_at_oak(0, company(), &[4, 1]);
    play(&mut g, &[Activity::Trade]);
    let crossbow = weapon("crossbow");
    assert!(!g.legal_actions(S0).contains(&buy(crossbow.clone(), true)));
    g.apply(S0, buy(crossbow.clone(), false)).unwrap();
    assert_eq!(g.legal_actions(S0), vec![answer(MeetingAnswer::Decline)]);
    let before = g.state().clone();
    assert!(g.apply(S0, answer(MeetingAnswer::Pay)).is_err());
    assert_eq!(g.state(), &before);
    g.apply(S0, answer(MeetingAnswer::Decline)).unwrap();
    assert_eq!(
        g.state().piles.place_of(&crossbow),
        Some(&group_box("Company"))
    );
    assert_eq!(g.state().seats[0].gold, 7);
}

#[test]
fn rule_7_6_a_deal_the_leader_cannot_make_is_refused_and_changes_nothing() {
    let mut g = guard_at_oak(40, company(), &[4, 1]);
    play(&mut g, &[Activity::Trade]);
    let before = g.state().clone();
    // An item not in the trader's box; a hire in a Trade phase; the character's own
    // Trade action; and the other seat.
    let bad = [
        buy(weapon("spear"), false),
        A::LeaderHire {
            leader: guard(),
            hire: HireChoice::Group {
                group: NativeGroup::Company,
                drinks: false,
            },
        },
        A::Trade {
            deal: TradeChoice::Buy {
                from: COMPANY,
                item: weapon("crossbow"),
                drinks: false,
            },
        },
        answer(MeetingAnswer::Pay),
    ];
    for action in bad {
        assert!(
            g.apply(S0, action.clone()).is_err(),
            "{action:?} is refused"
        );
        assert_eq!(g.state(), &before, "{action:?} changed nothing");
    }
    assert!(g.apply(S1, buy(weapon("crossbow"), false)).is_err());
    assert_eq!(g.state(), &before);
}

#[test]
fn rule_7_6_with_no_one_to_trade_with_the_leaders_phase_is_blank() {
    let mut g = guard_at_oak(10, vec![], &[]);
    let log = play(&mut g, &[Activity::Trade, Activity::Hire]);
    let blanks = details(&log)
        .iter()
        .filter(|d| matches!(d, E::LeaderPhaseCancelled { leader } if *leader == guard()))
        .count();
    assert_eq!(blanks, 2);
    assert!(details(&log)
        .iter()
        .any(|d| matches!(d, E::LeaderTurnEnds { leader } if *leader == guard())));
}

#[test]
fn rule_7_12_a_block_battle_result_blocks_the_hidden_leader_and_ends_his_turn() {
    // He hides (1, 1), then meets the Patrol, his employer's Enemies: roll 3 is
    // Block/Battle. He is unhidden, blocked, and his recorded Move is not done.
    let pieces = vec![
        native_here("patrol-hq"),
        lay(&weapon("spear"), &group_box("Patrol")),
    ];
    let mut g = guard_at_oak(10, pieces, &[1, 1, 3, 3]);
    play(
        &mut g,
        &[
            Activity::Hide,
            Activity::Trade,
            Activity::Move { to: oak(4) },
        ],
    );
    assert!(g.state().seats[0].hirelings[0].hidden);
    let deal = A::LeaderTrade {
        leader: guard(),
        deal: TradeChoice::Buy {
            from: PATROL,
            item: weapon("spear"),
            drinks: false,
        },
    };
    let log = g.apply(S0, deal).unwrap();
    assert_eq!(
        rolled(&log),
        vec![(MeetingColumn::Enemy, 3, MeetingResult::BlockBattle)]
    );
    assert!(details(&log).iter().any(|d| matches!(d,
        E::LeaderBlockedByTrader { leader, by, .. } if *leader == guard() && *by == PATROL)));
    let st = g.state();
    assert!(!st.seats[0].hirelings[0].hidden, "blocked: unhidden");
    assert!(st.today.blocked_leaders.contains(&guard()));
    assert!(st.today.stopped.contains(&PieceId::Native {
        id: nid("patrol-hq")
    }));
    assert_eq!(
        st.piles.place_of(&guard_piece()),
        Some(&Place::Clearing { at: oak(2) }),
        "the rest of his turn is cancelled"
    );
}

#[test]
fn rule_7_6_an_insult_to_a_hired_leader_costs_his_employers_notoriety() {
    // The Patrol, Enemy: roll 1 is an Insult; swallowed, his employer loses 5 Notoriety.
    let pieces = vec![
        native_here("patrol-hq"),
        lay(&weapon("spear"), &group_box("Patrol")),
    ];
    let mut g = guard_at_oak(10, pieces, &[1, 1]);
    play(&mut g, &[Activity::Trade]);
    let notoriety = g.state().seats[0].notoriety;
    g.apply(
        S0,
        A::LeaderTrade {
            leader: guard(),
            deal: TradeChoice::Buy {
                from: PATROL,
                item: weapon("spear"),
                drinks: false,
            },
        },
    )
    .unwrap();
    assert_eq!(
        g.legal_actions(S0),
        vec![
            answer(MeetingAnswer::PayPenalty),
            answer(MeetingAnswer::RefusePenalty)
        ]
    );
    g.apply(S0, answer(MeetingAnswer::PayPenalty)).unwrap();
    assert_eq!(
        g.state().seats[0].notoriety,
        notoriety.checked_sub(5.into()).unwrap()
    );
    assert!(!g.state().today.blocked_leaders.contains(&guard()));
}

#[test]
fn rule_7_6_a_boon_the_leader_accepts_is_owed_by_his_employer_and_he_may_repay_it() {
    // The Black Knight is the Company's Ally: roll 1 is a Boon, taken free. In his next
    // Trade phase the leader repays it (10 gold) with his own gold.
    let mut pieces = company();
    pieces.push(lay(&guard_piece(), &Place::Clearing { at: oak(2) }));
    let mut g = start(json!({"seats": [
        {"character": "black-knight", "at": oak(5), "hidden": false, "gold": 4, "record": [],
         "hirelings": [{"native": "guard-hq", "lastDay": 20, "gold": 10}]},
        {"character": "amazon", "at": oak(4), "hidden": false, "record": []}],
        "pieces": pieces, "day": 2, "at": "birdsong", "dice": [1, 1, 1]}));
    play(&mut g, &[Activity::Trade, Activity::Trade]);
    let crossbow = weapon("crossbow");
    let log = g.apply(S0, buy(crossbow.clone(), false)).unwrap();
    assert_eq!(
        rolled(&log),
        vec![(MeetingColumn::Ally, 1, MeetingResult::Boon)]
    );
    assert_eq!(
        g.legal_actions(S0),
        vec![
            answer(MeetingAnswer::Pay),
            answer(MeetingAnswer::TakeBoon),
            answer(MeetingAnswer::Decline)
        ]
    );
    g.apply(S0, answer(MeetingAnswer::TakeBoon)).unwrap();
    assert_eq!(
        g.state().piles.place_of(&crossbow),
        Some(&carried_by_guard())
    );
    assert_eq!(leader_gold(g.state()), 10, "a boon costs nothing now");
    let boons = &g.state().seats[0].boons;
    assert_eq!(boons.len(), 1);
    assert_eq!(boons[0].trader, COMPANY);
    assert_eq!(boons[0].gold, 10);
    // 7.2.2: he now carries the Crossbow: he keeps it.
    g.apply(S0, A::Proceed).unwrap();
    let repay = A::LeaderTrade {
        leader: guard(),
        deal: TradeChoice::RepayBoon { to: COMPANY },
    };
    assert!(g.legal_actions(S0).contains(&repay));
    let log = g.apply(S0, repay).unwrap();
    assert!(details(&log).iter().any(|d| matches!(d,
        E::BoonRepaid { seat, gold: 10, .. } if *seat == S0)));
    assert!(g.state().seats[0].boons.is_empty());
    assert_eq!(leader_gold(g.state()), 0);
    assert_eq!(
        g.state().seats[0].gold,
        4,
        "his employer's gold is untouched"
    );
}

#[test]
fn random_leader_trading_days_apply_every_offered_action_keep_every_piece_and_reload() {
    use tabletop_rules::engine::conformance::Conformance;
    use tabletop_rules::engine::{Seed, Session};
    use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
    use tabletop_rules::magic_realm::state::Step;
    use tabletop_rules::magic_realm::MagicRealm;
    let mut rng: u64 = 0x1EAD;
    let mut next = |n: usize| {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        usize::try_from(rng >> 33).unwrap_or(0) % n.max(1)
    };
    let mut met = 0;
    for game in 0..40u64 {
        let mut pieces = company();
        pieces.extend([
            native_here("patrol-hq"),
            lay(&weapon("spear"), &group_box("Patrol")),
            lay(&guard_piece(), &Place::Clearing { at: oak(2) }),
        ]);
        if game % 2 == 0 {
            pieces.push(lay(&weapon("short-sword"), &carried_by_guard()));
        }
        let gold = [0, 3, 12, 40][usize::try_from(game % 4).unwrap_or(0)];
        let sc: MagicRealmScenario = serde_json::from_value(json!({"seats": [
            {"character": "swordsman", "at": oak(2), "hidden": false, "gold": 5, "record": [],
             "hirelings": [{"native": "guard-hq", "lastDay": 20, "gold": gold}]},
            {"character": "amazon", "at": oak(2), "hidden": false, "record": []}],
            "pieces": pieces, "day": 2, "at": "birdsong"}))
        .unwrap();
        let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(game)).unwrap();
        let record = [
            Activity::Trade,
            Activity::Hire,
            Activity::Trade,
            Activity::Hire,
        ];
        for activity in record {
            g.apply(
                S0,
                A::RecordLeaderActivity {
                    leader: guard(),
                    activity,
                },
            )
            .unwrap();
        }
        for step in 0..400 {
            if !matches!(
                g.state().step,
                Step::Birdsong { .. } | Step::Daylight { .. }
            ) {
                break;
            }
            MagicRealm::invariants(g.state())
                .unwrap_or_else(|e| panic!("game {game} step {step}: {e}"));
            let Some(seat) = g.to_act().seats().first().copied() else {
                break;
            };
            let legal = g.legal_actions(seat);
            assert!(!legal.is_empty(), "game {game} step {step}: nothing legal");
            let a = legal[next(legal.len())].clone();
            let log = g
                .apply(seat, a.clone())
                .unwrap_or_else(|e| panic!("game {game} step {step}: {a:?} offered but {e:?}"));
            met += details(&log)
                .iter()
                .filter(|d| matches!(d, E::LeaderMeetingRolled { .. }))
                .count();
            // A save taken mid-deal loads to the same state (the offer, the gold).
            if step % 7 == 0 {
                let json = g.save_json().unwrap();
                let loaded = Session::<MagicRealm>::load_json(&json).unwrap();
                assert!(
                    loaded.state() == g.state(),
                    "game {game} step {step}: save/load"
                );
            }
        }
    }
    assert!(met > 10, "the leaders met traders only {met} times");
}
