//! Rule scenarios for Trade (7.6) and Hire (7.7) with the Meeting Table, Daylight blocks
//! by natives and visitors (7.12), hirelings and their terms (6.3.4, 7.7, 8.9), each built
//! from a scenario with forced dice and named by its rule.
//!
//! Dice: a scenario that starts at Daylight first rolls the Monster Roll (one die), then
//! each Meeting Table roll takes two dice (the higher counts).

use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat, Seed, Session, Viewer};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::characters::CharacterId;
use tabletop_rules::magic_realm::catalog::denizens::{NativeGroup, NativeId, Trader, Visitor};
use tabletop_rules::magic_realm::catalog::tables::{MeetingColumn, MeetingResult};
use tabletop_rules::magic_realm::catalog::tiles::TileId;
use tabletop_rules::magic_realm::day::meeting::{HireChoice, MeetingAnswer, TradeChoice};
use tabletop_rules::magic_realm::map::ClearingRef;
use tabletop_rules::magic_realm::pieces::{PieceId, Place};
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::state::{Activity, GameState, Step};
use tabletop_rules::magic_realm::MagicRealm;

type Game = Session<MagicRealm>;
const S0: Seat = Seat(0);

fn start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(11)).expect("the scenario starts");
    crate::daylight_common::take_kept_turns(&mut g);
    g
}

fn at(tile: &str, clearing: u8) -> Value {
    json!({"tile": tile, "clearing": clearing})
}

fn oak(n: u8) -> ClearingRef {
    ClearingRef::new(TileId::OakWoods, n)
}

fn native(id: &str) -> Value {
    json!({"piece": {"kind": "native", "id": id}, "place": {"place": "clearing", "at": at("oak_woods", 2)}})
}

fn native_at(id: &str, tile: &str, n: u8) -> Value {
    json!({"piece": {"kind": "native", "id": id}, "place": {"place": "clearing", "at": at(tile, n)}})
}

fn in_box(kind: &str, id: &str, n: Option<u8>, target: Value) -> Value {
    let piece = match n {
        Some(n) => json!({"kind": kind, "id": id, "n": n}),
        None => json!({"kind": kind, "id": id}),
    };
    json!({"piece": piece, "place": {"place": "setup_box", "target": target}})
}

fn weapon(id: &str, n: u8) -> PieceId {
    serde_json::from_value(json!({"kind": "weapon", "id": id, "n": n})).unwrap()
}

fn nid(id: &str) -> NativeId {
    NativeId(id.into())
}

fn belongings(character: &str) -> Place {
    Place::Belongings {
        character: CharacterId(character.into()),
    }
}

fn company_box() -> Place {
    serde_json::from_value(json!({"place": "setup_box", "target": {"NativeGroup": "Company"}}))
        .unwrap()
}

fn details(events: &[Event<E>]) -> Vec<&E> {
    events.iter().map(|e| &e.detail).collect()
}

/// 8.3 to 8.8: the Evening's combat, each seat letting every step pass (a character with
/// several hirelings has choices to make: deploying one against another is treachery).
fn through_combat(g: &mut Game) {
    while tabletop_rules::magic_realm::combat::current(g.state()).is_some() {
        let seat = g.to_act().seats()[0];
        let pass = tabletop_rules::magic_realm::combat::passing(&g.legal_actions(seat)).unwrap();
        g.apply(seat, pass).unwrap();
    }
}

fn state(g: &Game) -> &GameState {
    g.state()
}

fn snapshot(g: &Game) -> GameState {
    g.state().clone()
}

fn buy(from: Trader, item: PieceId, drinks: bool) -> A {
    A::Trade {
        deal: TradeChoice::Buy { from, item, drinks },
    }
}

fn answer(a: MeetingAnswer) -> A {
    A::AnswerMeeting { answer: a }
}

fn rolled(ev: &[Event<E>]) -> Vec<(MeetingColumn, u8, MeetingResult)> {
    details(ev)
        .into_iter()
        .filter_map(|d| match d {
            E::MeetingRolled {
                column,
                roll,
                result,
                ..
            } => Some((*column, *roll, *result)),
            _ => None,
        })
        .collect()
}

const COMPANY: Trader = Trader::Native(NativeGroup::Company);

/// The Swordsman (Friendly with the Company) in Oak Woods 2 with the Company's leader and
/// one of its men, a Crossbow (10 gold) in the Company's box.
fn swordsman_and_company(gold: i32, record: Value, dice: Value) -> Game {
    start(json!({
        "seats": [{"character": "swordsman", "at": at("oak_woods", 2), "gold": gold, "record": record}],
        "pieces": [
            native("company-hq"),
            native("company-1"),
            in_box("weapon", "crossbow", Some(0), json!({"NativeGroup": "Company"})),
        ],
        "at": "daylight", "dice": dice}))
}

// ---- Birdsong ---------------------------------------------------------------------------

#[test]
fn rule_7_6_and_7_7_trade_and_hire_are_recorded_in_birdsong() {
    let g = start(json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2)}]}));
    let legal = g.legal_actions(S0);
    for a in [Activity::Trade, Activity::Hire] {
        assert!(legal.contains(&A::RecordActivity { activity: a }));
    }
}

// ---- 7.6 Trade --------------------------------------------------------------------------

#[test]
fn rule_7_6_trade_phase_with_no_trader_here_is_cancelled() {
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "record": [{"activity": "trade"}]}], "at": "daylight", "dice": [1]}),
    );
    assert_eq!(g.legal_actions(S0), vec![A::Proceed]);
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&ev).iter().any(|d| matches!(d,
        E::PhaseCancelled { seat, reason } if *seat == S0 && reason.contains("7.6"))));
}

#[test]
fn rule_7_6_only_the_leader_trades() {
    // A Company man without his leader: nothing to buy, but he can still be hired.
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "record": [{"activity": "trade"}, {"activity": "hire"}]}],
        "pieces": [native("company-1"),
            in_box("weapon", "crossbow", Some(0), json!({"NativeGroup": "Company"}))],
        "at": "daylight", "dice": [1]}),
    );
    assert_eq!(g.legal_actions(S0), vec![A::Proceed]);
    g.apply(S0, A::Proceed).unwrap();
    assert!(g.legal_actions(S0).contains(&A::Hire {
        hire: HireChoice::Group {
            group: NativeGroup::Company,
            drinks: false
        }
    }));
}

#[test]
fn rule_7_6_price_result_lets_buyer_pay_or_refuse() {
    // Friendly column, roll 4: Price x3 = 30 gold for the 10-gold Crossbow.
    let crossbow = weapon("crossbow", 0);
    let mut g = swordsman_and_company(40, json!([{"activity": "trade"}]), json!([1, 4, 1]));
    let ev = g.apply(S0, buy(COMPANY, crossbow.clone(), false)).unwrap();
    assert_eq!(
        rolled(&ev),
        vec![(MeetingColumn::Friendly, 4, MeetingResult::Price(3))]
    );
    assert_eq!(
        g.legal_actions(S0),
        vec![answer(MeetingAnswer::Pay), answer(MeetingAnswer::Decline)]
    );
    let own = g.view(Viewer::Seat { seat: S0 }).unwrap().own;
    assert_eq!(own[0].meeting.as_ref().map(|o| o.price), Some(30));
    g.apply(S0, answer(MeetingAnswer::Pay)).unwrap();
    assert_eq!(state(&g).seats[0].gold, 10);
    assert_eq!(
        state(&g).piles.place_of(&crossbow),
        Some(&belongings("swordsman"))
    );
}

#[test]
fn rule_7_6_price_result_refused_costs_nothing() {
    let crossbow = weapon("crossbow", 0);
    let mut g = swordsman_and_company(40, json!([{"activity": "trade"}]), json!([1, 4, 1]));
    g.apply(S0, buy(COMPANY, crossbow.clone(), false)).unwrap();
    let ev = g.apply(S0, answer(MeetingAnswer::Decline)).unwrap();
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::DealDeclined { .. })));
    assert_eq!(state(&g).seats[0].gold, 40);
    assert_eq!(state(&g).piles.place_of(&crossbow), Some(&company_box()));
}

#[test]
fn rule_7_6_he_cannot_pay_more_gold_than_he_has() {
    // Price x3 = 30 gold with 10 gold: only declining is offered; paying is refused and
    // changes nothing.
    let mut g = swordsman_and_company(10, json!([{"activity": "trade"}]), json!([1, 4, 1]));
    g.apply(S0, buy(COMPANY, weapon("crossbow", 0), false))
        .unwrap();
    assert_eq!(g.legal_actions(S0), vec![answer(MeetingAnswer::Decline)]);
    let before = snapshot(&g);
    assert!(g.apply(S0, answer(MeetingAnswer::Pay)).is_err());
    assert_eq!(snapshot(&g), before);
}

#[test]
fn rule_7_6_a_deal_not_offered_is_refused_and_changes_nothing() {
    let mut g = swordsman_and_company(40, json!([{"activity": "trade"}]), json!([1, 4, 1]));
    let before = snapshot(&g);
    // The Company does not hold the Staff; the Warlock is not here.
    assert!(g
        .apply(S0, buy(COMPANY, weapon("staff", 0), false))
        .is_err());
    assert!(g
        .apply(
            S0,
            buy(
                Trader::Visitor(Visitor::Warlock),
                weapon("crossbow", 0),
                false
            )
        )
        .is_err());
    assert!(g.apply(S0, answer(MeetingAnswer::Pay)).is_err());
    assert_eq!(snapshot(&g), before);
}

#[test]
fn rule_7_6_no_deal_ends_the_phase() {
    // Friendly column, roll 6: No Deal.
    let mut g = swordsman_and_company(40, json!([{"activity": "trade"}]), json!([1, 6, 2]));
    let ev = g
        .apply(S0, buy(COMPANY, weapon("crossbow", 0), false))
        .unwrap();
    assert_eq!(
        rolled(&ev),
        vec![(MeetingColumn::Friendly, 6, MeetingResult::NoDeal)]
    );
    assert!(state(&g).today.pending.is_none());
    assert_eq!(state(&g).seats[0].gold, 40);
}

#[test]
fn rule_7_6_opportunity_rolls_again_one_column_friendlier() {
    // Friendly 1 = Opportunity, then Ally 2 = Price x1 (his Barter rolls one die, 4.1.2).
    let mut g = swordsman_and_company(40, json!([{"activity": "trade"}]), json!([1, 1, 2]));
    let ev = g
        .apply(S0, buy(COMPANY, weapon("crossbow", 0), false))
        .unwrap();
    assert_eq!(
        rolled(&ev),
        vec![
            (MeetingColumn::Friendly, 1, MeetingResult::Opportunity),
            (MeetingColumn::Ally, 2, MeetingResult::Price(1)),
        ]
    );
    g.apply(S0, answer(MeetingAnswer::Pay)).unwrap();
    assert_eq!(state(&g).seats[0].gold, 30);
}

#[test]
fn rule_7_6_trouble_rolls_again_on_the_unfriendly_column() {
    // The Swordsman is Neutral to the Woodfolk: 6 = Trouble, then Unfriendly 1 = Price x4
    // (his Barter rolls one die for Trade rolls, 4.1.2).
    let mut g = start(json!({
        "seats": [{"character": "swordsman", "at": at("oak_woods", 2), "gold": 50, "record": [{"activity": "trade"}]}],
        "pieces": [native("woodfolk-hq"),
            in_box("weapon", "crossbow", Some(0), json!({"NativeGroup": "Woodfolk"}))],
        "at": "daylight", "dice": [1, 6, 1]}));
    let ev = g
        .apply(
            S0,
            buy(
                Trader::Native(NativeGroup::Woodfolk),
                weapon("crossbow", 0),
                false,
            ),
        )
        .unwrap();
    assert_eq!(
        rolled(&ev),
        vec![
            (MeetingColumn::Neutral, 6, MeetingResult::Trouble),
            (MeetingColumn::Unfriendly, 1, MeetingResult::Price(4)),
        ]
    );
    g.apply(S0, answer(MeetingAnswer::Pay)).unwrap();
    assert_eq!(state(&g).seats[0].gold, 10);
}

#[test]
fn rule_7_6_drinks_make_the_roll_one_column_friendlier() {
    // Drinks for the two Company men cost 2 gold; Friendly becomes Ally: roll 2 = Price x1.
    let mut g = swordsman_and_company(40, json!([{"activity": "trade"}]), json!([1, 2, 1]));
    let ev = g
        .apply(S0, buy(COMPANY, weapon("crossbow", 0), true))
        .unwrap();
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::DrinksBought { gold: 2, .. })));
    assert_eq!(
        rolled(&ev),
        vec![(MeetingColumn::Ally, 2, MeetingResult::Price(1))]
    );
    g.apply(S0, answer(MeetingAnswer::Pay)).unwrap();
    assert_eq!(state(&g).seats[0].gold, 40 - 2 - 10);
}

#[test]
fn rule_7_6_a_visitor_trades_from_his_box_but_takes_no_drinks() {
    // The Warlock's chit visitor side up; the Swordsman is Friendly to him: roll 2 = x2.
    let mut g = start(json!({
        "seats": [{"character": "swordsman", "at": at("oak_woods", 2), "gold": 30, "record": [{"activity": "trade"}]}],
        "pieces": [
            {"piece": {"kind": "visitor_chit", "id": "warlock-food-ale"}, "place": {"place": "clearing", "at": at("oak_woods", 2)}, "facing": "light"},
            in_box("weapon", "crossbow", Some(0), json!({"Visitor": "Warlock"}))],
        "at": "daylight", "dice": [1, 2, 2]}));
    let warlock = Trader::Visitor(Visitor::Warlock);
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&buy(warlock, weapon("crossbow", 0), false)));
    assert!(!legal.contains(&buy(warlock, weapon("crossbow", 0), true)));
    g.apply(S0, buy(warlock, weapon("crossbow", 0), false))
        .unwrap();
    g.apply(S0, answer(MeetingAnswer::Pay)).unwrap();
    assert_eq!(state(&g).seats[0].gold, 10);
    assert_eq!(
        state(&g).piles.place_of(&weapon("crossbow", 0)),
        Some(&belongings("swordsman"))
    );
}

#[test]
fn rule_7_6_boon_gives_the_item_free_and_costs_a_level_until_repaid() {
    // The Black Knight is the Company's Ally: roll 1 = Boon. Taken free, he owes it; the
    // next meeting is on the Friendly column; a Trade phase repays it for the basic price.
    // His Fear rolls one die on the Meeting Table (4.1.2).
    let mut g = start(json!({
        "seats": [{"character": "black-knight", "at": at("oak_woods", 2), "gold": 30,
            "record": [{"activity": "trade"}, {"activity": "trade"}, {"activity": "trade"}]}],
        "pieces": [native("company-hq"),
            in_box("weapon", "crossbow", Some(0), json!({"NativeGroup": "Company"})),
            in_box("weapon", "light-bow", Some(0), json!({"NativeGroup": "Company"}))],
        "at": "daylight", "dice": [1, 1, 6]}));
    let ev = g
        .apply(S0, buy(COMPANY, weapon("crossbow", 0), false))
        .unwrap();
    assert_eq!(
        rolled(&ev),
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
    assert_eq!(state(&g).seats[0].gold, 30);
    assert_eq!(
        state(&g).piles.place_of(&weapon("crossbow", 0)),
        Some(&belongings("black-knight"))
    );
    assert_eq!(state(&g).seats[0].boons.len(), 1);
    // Second phase: one level less friendly (Friendly 6 = No Deal).
    let ev = g
        .apply(S0, buy(COMPANY, weapon("light-bow", 0), false))
        .unwrap();
    assert_eq!(
        rolled(&ev),
        vec![(MeetingColumn::Friendly, 6, MeetingResult::NoDeal)]
    );
    // Third phase: repay the boon with the Crossbow's basic price.
    let repay = A::Trade {
        deal: TradeChoice::RepayBoon { to: COMPANY },
    };
    assert!(g.legal_actions(S0).contains(&repay));
    g.apply(S0, repay).unwrap();
    assert_eq!(state(&g).seats[0].gold, 20);
    assert!(state(&g).seats[0].boons.is_empty());
}

#[test]
fn rule_7_6_selling_pays_the_basic_price_by_the_armor_s_state() {
    // A damaged Helmet sells for its damaged price, no roll; it goes to the Company's box.
    let mut g = start(json!({
        "seats": [{"character": "swordsman", "at": at("oak_woods", 2), "gold": 0,
            "belongings": [{"piece": {"kind": "armor", "id": "helmet", "n": 0}, "facing": "damaged"}],
            "record": [{"activity": "trade"}]}],
        "pieces": [native("company-hq")],
        "at": "daylight", "dice": [1]}));
    let helmet: PieceId =
        serde_json::from_value(json!({"kind": "armor", "id": "helmet", "n": 0})).unwrap();
    let ev = g
        .apply(
            S0,
            A::Trade {
                deal: TradeChoice::Sell {
                    to: COMPANY,
                    item: helmet.clone(),
                },
            },
        )
        .unwrap();
    assert!(rolled(&ev).is_empty(), "selling rolls nothing");
    let damaged = tabletop_rules::magic_realm::game::data()
        .unwrap()
        .items
        .armor_piece(&tabletop_rules::magic_realm::catalog::items::ArmorId(
            "helmet".into(),
        ))
        .unwrap()
        .price_damaged;
    assert_eq!(state(&g).seats[0].gold, i32::try_from(damaged).unwrap());
    assert_eq!(state(&g).piles.place_of(&helmet), Some(&company_box()));
}

#[test]
fn rule_7_6_selling_a_card_to_its_group_gives_its_fame_reward() {
    // The Sacred Statue sold to the Order: its price in gold and its Fame reward (3.3.6f).
    let cat = tabletop_rules::magic_realm::game::data().unwrap();
    let statue = cat
        .items
        .treasure(&tabletop_rules::magic_realm::catalog::items::TreasureId(
            "sacred-statue".into(),
        ))
        .unwrap();
    let reward = statue.fame_reward.unwrap().fame;
    let mut g = start(json!({
        "seats": [{"character": "swordsman", "at": at("oak_woods", 2), "gold": 0,
            "belongings": [{"piece": {"kind": "treasure", "id": "sacred-statue"}}],
            "record": [{"activity": "trade"}]}],
        "pieces": [native("order-hq")],
        "at": "daylight", "dice": [1]}));
    g.apply(
        S0,
        A::Trade {
            deal: TradeChoice::Sell {
                to: Trader::Native(NativeGroup::Order),
                item: serde_json::from_value(json!({"kind": "treasure", "id": "sacred-statue"}))
                    .unwrap(),
            },
        },
    )
    .unwrap();
    assert_eq!(
        state(&g).seats[0].gold,
        i32::try_from(statue.price.unwrap()).unwrap()
    );
    assert_eq!(state(&g).seats[0].fame, i32::try_from(reward).unwrap());
}

#[test]
fn rule_7_6_insult_paid_in_notoriety_is_no_deal() {
    // The Black Knight is Unfriendly to the Lancers: roll 4 = Insult.
    let mut g = start(json!({
        "seats": [{"character": "black-knight", "at": at("oak_woods", 2), "notoriety": 8,
            "record": [{"activity": "trade"}, {"activity": "hide"}]}],
        "pieces": [native("lancer-hq"),
            in_box("weapon", "crossbow", Some(0), json!({"NativeGroup": "Lancers"}))],
        "at": "daylight", "dice": [1, 4, 1]}));
    g.apply(
        S0,
        buy(
            Trader::Native(NativeGroup::Lancers),
            weapon("crossbow", 0),
            false,
        ),
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
    assert_eq!(state(&g).seats[0].notoriety, 3);
    assert!(state(&g).today.blocked.is_empty());
    // His turn goes on to the Hide phase.
    assert_eq!(state(&g).today.phase, 1);
}

#[test]
fn rule_7_6_refused_challenge_blocks_him() {
    // Unfriendly roll 5 = Challenge; he keeps his Fame, so it is Block/Battle (7.12).
    let mut g = start(json!({
        "seats": [{"character": "black-knight", "at": at("oak_woods", 2), "fame": 8,
            "record": [{"activity": "trade"}, {"activity": "hide"}]}],
        "pieces": [native("lancer-hq"), native("lancer-1"),
            in_box("weapon", "crossbow", Some(0), json!({"NativeGroup": "Lancers"}))],
        "at": "daylight", "dice": [1, 5, 1]}));
    let lancers = Trader::Native(NativeGroup::Lancers);
    g.apply(S0, buy(lancers, weapon("crossbow", 0), false))
        .unwrap();
    let ev = g.apply(S0, answer(MeetingAnswer::RefusePenalty)).unwrap();
    assert_eq!(state(&g).seats[0].fame, 8);
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::BlockedByTrader { by, .. } if *by == lancers)));
    // His turn ended at once: the Hide phase was never done.
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::TurnEnds { seat } if *seat == S0)));
    assert!(!details(&ev)
        .iter()
        .any(|d| matches!(d, E::HideRolled { .. })));
}

#[test]
fn rule_7_12_block_battle_in_daylight_blocks_him_even_when_hidden() {
    // He hides first (Hide roll 2), then meets the Patrol, his enemies: roll 3 =
    // Block/Battle. He is unhidden, his turn ends, and the Patrol stops prowling; the block
    // is recorded for the Evening's rules.
    let mut g = start(json!({
        "seats": [{"character": "swordsman", "at": at("oak_woods", 2),
            "record": [{"activity": "hide"}, {"activity": "trade"}, {"activity": "hide"}]}],
        "pieces": [native("patrol-hq"), native("patrol-1"),
            in_box("weapon", "crossbow", Some(0), json!({"NativeGroup": "Patrol"}))],
        "at": "daylight", "dice": [1, 2, 1, 3, 1]}));
    g.apply(S0, A::Proceed).unwrap();
    assert!(state(&g).seats[0].hidden);
    let patrol = Trader::Native(NativeGroup::Patrol);
    let ev = g
        .apply(S0, buy(patrol, weapon("crossbow", 0), false))
        .unwrap();
    assert_eq!(
        rolled(&ev),
        vec![(MeetingColumn::Enemy, 3, MeetingResult::BlockBattle)]
    );
    assert!(!state(&g).seats[0].hidden);
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::TurnEnds { seat } if *seat == S0)));
    // The day has moved on past Midnight; the log keeps the block, and the Patrol stayed.
    let log = g.log(Viewer::Omniscient).unwrap();
    assert!(log.iter().any(|e| matches!(&e.detail,
        E::BlockedByTrader { seat, by, pieces } if *seat == S0 && *by == patrol && pieces.len() == 2)));
}

#[test]
fn rule_7_12_meeting_block_is_recorded_for_the_day() {
    // Two characters: the day is not over when the Swordsman is blocked, so the record of
    // the block (today.meeting_blocks) and the stopped natives can be read.
    let mut g = start(json!({
        "seats": [
            {"character": "swordsman", "at": at("oak_woods", 2), "record": [{"activity": "trade"}]},
            {"character": "dwarf", "at": at("oak_woods", 4), "record": [{"activity": "hide"}]}],
        "pieces": [native("patrol-hq"),
            in_box("weapon", "crossbow", Some(0), json!({"NativeGroup": "Patrol"}))],
        "at": "daylight", "dice": [1, 3, 1, 1, 1]}));
    let patrol = Trader::Native(NativeGroup::Patrol);
    // Whoever goes first, play until the Swordsman's Trade phase.
    while g.legal_actions(S0).is_empty() {
        g.apply(Seat(1), A::Proceed).unwrap();
    }
    g.apply(S0, buy(patrol, weapon("crossbow", 0), false))
        .unwrap();
    assert_eq!(state(&g).step, Step::Daylight { day: 1 });
    let blocks = &state(&g).today.meeting_blocks;
    assert_eq!(blocks.len(), 1);
    assert_eq!((blocks[0].seat, blocks[0].trader), (S0, patrol));
    assert!(state(&g).today.stopped.contains(&PieceId::Native {
        id: nid("patrol-hq")
    }));
    assert!(state(&g).today.blocked.contains(&S0));
}

// ---- 7.7 Hire ---------------------------------------------------------------------------

#[test]
fn rule_7_7_hire_phase_with_no_natives_here_is_cancelled() {
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2),
        "record": [{"activity": "hire"}]}], "at": "daylight", "dice": [1]}),
    );
    assert_eq!(g.legal_actions(S0), vec![A::Proceed]);
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&ev).iter().any(|d| matches!(d,
        E::PhaseCancelled { reason, .. } if reason.contains("7.7"))));
}

#[test]
fn rule_7_7_a_group_is_hired_for_its_wages_times_the_price() {
    // The Company leader (2), Company 1 (2) and Company 5 (4): wages 8; Friendly roll 2 =
    // Price x2 = 16. Hired on day 1, their term ends at Midnight of day 14.
    let mut g = start(json!({
        "seats": [{"character": "swordsman", "at": at("oak_woods", 2), "gold": 20,
            "record": [{"activity": "hire"}]}],
        "pieces": [native("company-hq"), native("company-1"), native("company-5")],
        "at": "daylight", "days": 28, "dice": [1, 2, 1]}));
    let hire = A::Hire {
        hire: HireChoice::Group {
            group: NativeGroup::Company,
            drinks: false,
        },
    };
    assert!(g.legal_actions(S0).contains(&hire));
    g.apply(S0, hire).unwrap();
    let own = g.view(Viewer::Seat { seat: S0 }).unwrap().own;
    assert_eq!(own[0].meeting.as_ref().map(|o| o.price), Some(16));
    g.apply(S0, answer(MeetingAnswer::Pay)).unwrap();
    let s = &state(&g).seats[0];
    assert_eq!(s.gold, 4);
    let hired: Vec<(&str, u8)> = s
        .hirelings
        .iter()
        .map(|h| (h.native.0.as_str(), h.last_day))
        .collect();
    assert_eq!(
        hired,
        vec![("company-1", 14), ("company-5", 14), ("company-hq", 14)]
    );
}

#[test]
fn rule_7_7_a_declined_hire_hires_no_one() {
    let mut g = start(json!({
        "seats": [{"character": "swordsman", "at": at("oak_woods", 2), "gold": 20,
            "record": [{"activity": "hire"}]}],
        "pieces": [native("company-hq"), native("company-1")],
        "at": "daylight", "dice": [1, 2, 1]}));
    g.apply(
        S0,
        A::Hire {
            hire: HireChoice::Group {
                group: NativeGroup::Company,
                drinks: false,
            },
        },
    )
    .unwrap();
    g.apply(S0, answer(MeetingAnswer::Decline)).unwrap();
    assert_eq!(state(&g).seats[0].gold, 20);
    assert!(state(&g).seats[0].hirelings.is_empty());
}

#[test]
fn rule_7_7_the_rogues_are_hired_one_at_a_time() {
    let g = start(json!({
        "seats": [{"character": "swordsman", "at": at("oak_woods", 2), "gold": 0,
            "record": [{"activity": "hire"}]}],
        "pieces": [native("rogue-hq"), native("rogue-1")],
        "at": "daylight", "dice": [1]}));
    let legal = g.legal_actions(S0);
    assert!(!legal.iter().any(|a| matches!(
        a,
        A::Hire {
            hire: HireChoice::Group { .. }
        }
    )));
    for id in ["rogue-hq", "rogue-1"] {
        assert!(legal.contains(&A::Hire {
            hire: HireChoice::Native {
                native: nid(id),
                drinks: false
            }
        }));
    }
}

#[test]
fn rule_7_7_hired_natives_cannot_be_traded_with_nor_hired_again() {
    // The Company leader hired by the Swordsman: no Trade or Hire with the Company here.
    let mut g = start(json!({
        "seats": [{"character": "swordsman", "at": at("oak_woods", 2),
            "hirelings": [{"native": "company-hq", "lastDay": 10}],
            "record": [{"activity": "trade"}, {"activity": "hire"}]}],
        "pieces": [native("company-hq"),
            in_box("weapon", "crossbow", Some(0), json!({"NativeGroup": "Company"}))],
        "at": "daylight", "dice": [1]}));
    // (7.2.1: he may still give his hired leader things to carry.)
    let deals = |g: &Game| -> Vec<A> {
        g.legal_actions(S0)
            .into_iter()
            .filter(|a| !matches!(a, A::GiveToHireling { .. }))
            .collect()
    };
    assert_eq!(deals(&g), vec![A::Proceed]);
    g.apply(S0, A::Proceed).unwrap();
    assert_eq!(deals(&g), vec![A::Proceed]);
}

#[test]
fn rule_7_7_hirelings_move_with_the_character_who_hired_them() {
    let start_at = oak(2);
    let g0 = start(json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2)}]}));
    let to = g0
        .legal_actions(S0)
        .into_iter()
        .find_map(|a| match a {
            A::RecordActivity {
                activity: Activity::Move { to },
            } if to.tile == TileId::OakWoods => Some(to),
            _ => None,
        })
        .expect("a move within Oak Woods");
    let mut g = start(json!({
        "seats": [{"character": "swordsman", "at": at("oak_woods", 2),
            "hirelings": [{"native": "patrol-1", "lastDay": 10}, {"native": "patrol-2", "lastDay": 10}],
            "record": [{"activity": "move", "to": to}]}],
        "pieces": [native("patrol-1"), native_at("patrol-2", "oak_woods", 5),
            {"piece": {"kind": "native_horse", "id": "patrol-workhorse-1"}, "place": {"place": "clearing", "at": at("oak_woods", 2)}},
            native("patrol-hq")],
        "at": "daylight", "dice": [1]}));
    let ev = g.apply(S0, A::Proceed).unwrap();
    assert!(details(&ev)
        .iter()
        .any(|d| matches!(d, E::HirelingsMoved { .. })));
    let place = |id: &str| {
        state(&g)
            .piles
            .place_of(&PieceId::Native { id: nid(id) })
            .cloned()
    };
    assert_eq!(place("patrol-1"), Some(Place::Clearing { at: to }));
    let horse: PieceId =
        serde_json::from_value(json!({"kind": "native_horse", "id": "patrol-workhorse-1"}))
            .unwrap();
    assert_eq!(
        state(&g).piles.place_of(&horse),
        Some(&Place::Clearing { at: to })
    );
    // A hireling elsewhere and an unhired native stay where they are.
    assert_eq!(place("patrol-2"), Some(Place::Clearing { at: oak(5) }));
    assert_eq!(place("patrol-hq"), Some(Place::Clearing { at: start_at }));
}

#[test]
fn rule_8_9_the_term_of_hire_ends_at_midnight_of_its_last_day() {
    // Day 3 runs through to Midnight (nothing recorded): the term ending on day 3 ends,
    // the one ending on day 4 goes on; the native stays where he stands.
    let mut g = start(json!({
        "seats": [{"character": "swordsman", "at": at("oak_woods", 2),
            "hirelings": [{"native": "company-1", "lastDay": 3}, {"native": "company-2", "lastDay": 4}]}],
        "pieces": [native("company-1"), native("company-2")],
        "day": 3, "at": "daylight", "dice": [1]}));
    through_combat(&mut g);
    assert_eq!(state(&g).step, Step::Birdsong { day: 4 });
    let hired: Vec<&str> = state(&g).seats[0]
        .hirelings
        .iter()
        .map(|h| h.native.0.as_str())
        .collect();
    assert_eq!(hired, vec!["company-2"]);
    assert_eq!(
        state(&g).piles.place_of(&PieceId::Native {
            id: nid("company-1")
        }),
        Some(&Place::Clearing { at: oak(2) })
    );
}

#[test]
fn rule_6_3_4_hired_natives_do_not_regenerate() {
    // Day 6: he hires the Company (Friendly 2 = x2) and moves on to another clearing.
    // Day 7, Monster Roll 1 (the Company's row): the hired natives stay where they are.
    let g0 = start(json!({"seats": [{"character": "swordsman", "at": at("oak_woods", 2)}]}));
    let to = g0
        .legal_actions(S0)
        .into_iter()
        .find_map(|a| match a {
            A::RecordActivity {
                activity: Activity::Move { to },
            } => Some(to),
            _ => None,
        })
        .unwrap();
    let mut g = start(json!({
        "seats": [{"character": "swordsman", "at": at("oak_woods", 2), "gold": 20,
            "record": [{"activity": "hire"}, {"activity": "move", "to": to}]}],
        "pieces": [native("company-hq"), native("company-1")],
        "day": 6, "at": "daylight", "dice": [2, 2, 1, 1]}));
    g.apply(
        S0,
        A::Hire {
            hire: HireChoice::Group {
                group: NativeGroup::Company,
                drinks: false,
            },
        },
    )
    .unwrap();
    g.apply(S0, answer(MeetingAnswer::Pay)).unwrap();
    g.apply(S0, A::Proceed).unwrap();
    through_combat(&mut g);
    assert_eq!(state(&g).step, Step::Birdsong { day: 7 });
    g.apply(S0, A::FinishRecording).unwrap();
    let log = g.log(Viewer::Omniscient).unwrap();
    assert!(log
        .iter()
        .any(|e| matches!(e.detail, E::MonsterRoll { row: 1 })));
    assert!(!log.iter().any(|e| matches!(&e.detail,
        E::DenizensRegenerated { pieces } if pieces.iter().any(|p| matches!(p, PieceId::Native { .. })))));
    // Hirelings do not follow on the day they are hired (7.11), and the hired leader takes
    // turns of his own (6.2.5): both stayed where they were hired. Neither regenerates.
    let hired_at: ClearingRef = serde_json::from_value(at("oak_woods", 2)).unwrap();
    for (id, here) in [("company-hq", hired_at), ("company-1", hired_at)] {
        assert_eq!(
            state(&g).piles.place_of(&PieceId::Native { id: nid(id) }),
            Some(&Place::Clearing { at: here }),
            "{id} stays where he is"
        );
    }
}

// ---- 4.5 views --------------------------------------------------------------------------

#[test]
fn rule_4_5_hirelings_and_boons_show_in_the_seat_s_own_view() {
    let g = start(json!({
        "seats": [
            {"character": "swordsman", "at": at("oak_woods", 2),
                "hirelings": [{"native": "company-1", "lastDay": 9}]},
            {"character": "dwarf", "at": at("oak_woods", 4)}],
        "pieces": [native("company-1")]}));
    let mine = g.view(Viewer::Seat { seat: S0 }).unwrap();
    assert_eq!(mine.own.len(), 1);
    assert_eq!(mine.own[0].hirelings.len(), 1);
    assert_eq!(mine.own[0].hirelings[0].last_day, 9);
    let theirs = g.view(Viewer::Seat { seat: Seat(1) }).unwrap();
    assert!(theirs.own.iter().all(|o| o.seat == Seat(1)));
    assert!(theirs.own.iter().all(|o| o.hirelings.is_empty()));
}

#[test]
fn rule_7_6_what_he_buys_is_private_to_him() {
    // The kind of item is public; the piece bought goes to the buyer's log alone.
    let mut g = start(json!({
        "seats": [
            {"character": "swordsman", "at": at("oak_woods", 2), "gold": 40, "record": [{"activity": "trade"}]},
            {"character": "dwarf", "at": at("oak_woods", 4)}],
        "pieces": [native("company-hq"),
            in_box("treasure", "sacred-statue", None, json!({"NativeGroup": "Company"}))],
        "at": "daylight", "dice": [1, 2, 1]}));
    let statue: PieceId =
        serde_json::from_value(json!({"kind": "treasure", "id": "sacred-statue"})).unwrap();
    while g.legal_actions(S0).is_empty() {
        g.apply(Seat(1), A::Proceed).unwrap();
    }
    g.apply(S0, buy(COMPANY, statue.clone(), false)).unwrap();
    g.apply(S0, answer(MeetingAnswer::Pay)).unwrap();
    let bought = |seat: Seat| {
        g.log(Viewer::Seat { seat })
            .unwrap()
            .iter()
            .any(|e| matches!(&e.detail, E::BoughtPiece { piece } if *piece == statue))
    };
    assert!(bought(S0));
    assert!(!bought(Seat(1)));
}

// ---- 7.13 -------------------------------------------------------------------------------

fn company_leader_at_row_6_end_of_turn(hired: bool) -> Game {
    // Row 6: the unhired Company leader in his clearing summons the visitor chit in box 4
    // when a character ends his turn there; a hired one does not.
    let hirelings = if hired {
        json!([{"native": "company-hq", "lastDay": 10}])
    } else {
        json!([])
    };
    start(json!({
        "seats": [{"character": "swordsman", "at": at("oak_woods", 2), "hidden": true,
            "hirelings": hirelings, "record": [{"activity": "hide"}]}],
        "pieces": [native("company-hq"),
            {"piece": {"kind": "visitor_chit", "id": "crone-raid"}, "place": {"place": "chart_box", "row": 6, "number": 4}}],
        "at": "daylight", "dice": [6, 1, 1]}))
}

#[test]
fn rule_7_13_only_an_unhired_leader_summons_visitors() {
    let appeared = |hired: bool| {
        let mut g = company_leader_at_row_6_end_of_turn(hired);
        let ev = g.apply(S0, A::Proceed).unwrap();
        details(&ev)
            .iter()
            .any(|d| matches!(d, E::VisitorAppeared { .. }))
    };
    assert!(appeared(false), "the unhired leader summons the chit");
    assert!(!appeared(true), "a hired leader summons nothing");
}

#[test]
fn rule_7_7_a_boon_hires_them_free_and_is_owed_for_their_wages() {
    // The Black Knight buys drinks for his allies the Company (2 gold for two men): the
    // Ally column stays Ally; roll 1 = Boon, taken free: he owes their wages (2 + 4).
    let mut g = start(json!({
        "seats": [{"character": "black-knight", "at": at("oak_woods", 2), "gold": 10,
            "record": [{"activity": "hire"}]}],
        "pieces": [native("company-hq"), native("company-5")],
        "at": "daylight", "dice": [1, 1, 1]}));
    let ev = g
        .apply(
            S0,
            A::Hire {
                hire: HireChoice::Group {
                    group: NativeGroup::Company,
                    drinks: true,
                },
            },
        )
        .unwrap();
    assert_eq!(
        rolled(&ev),
        vec![(MeetingColumn::Ally, 1, MeetingResult::Boon)]
    );
    g.apply(S0, answer(MeetingAnswer::TakeBoon)).unwrap();
    let s = &state(&g).seats[0];
    assert_eq!(s.gold, 8, "only the drinks were paid");
    assert_eq!(s.hirelings.len(), 2);
    assert_eq!(s.boons.len(), 1);
    assert_eq!((s.boons[0].trader, s.boons[0].gold), (COMPANY, 6));
}
