//! The Meeting Table in Daylight (rules 7.6, 7.7, 7.12, 8.2.2): who a character can meet
//! in his clearing (unhired native leaders and visitors), the column his trading
//! relationship gives (boons owed make it one level less friendly, 7.6; buying drinks one
//! level friendlier), the roll with its Opportunity and Trouble rerolls, the answers a
//! result waits for (pay, take a boon, decline, pay or refuse an Insult's or Challenge's
//! penalty), and the block a Block/Battle result causes in Daylight (7.12). The roll, the
//! offer and the answer serve a character and a hired leader alike (a `buyer::Buyer`).

use super::buyer::Buyer;
use super::{hiring, trading, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::characters::Relationship;
use crate::magic_realm::catalog::denizens::{
    ChitFace, NativeGroup, NativeId, NativeRank, Trader, Visitor,
};
use crate::magic_realm::catalog::tables::{MeetingColumn, MeetingResult};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::points::Points;
use crate::magic_realm::state::{GameState, Pending};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

type Events = Vec<Event<E>>;

/// Meeting Table sheet, Insult: the recorded Notoriety he loses to treat it as No Deal.
pub const INSULT_NOTORIETY: i32 = 5;
/// Meeting Table sheet, Challenge: the recorded Fame he loses to treat it as No Deal.
pub const CHALLENGE_FAME: i32 = 5;
/// 7.6 (GAPS §5): buying drinks costs one gold per member of the group present.
pub const DRINKS_PER_NATIVE: u32 = 1;
/// Opportunity and Trouble reroll at most this many times in one meeting (the table has
/// no loop: Trouble leads to Unfriendly, which has neither; this only bounds the code).
const MAX_REROLLS: usize = 4;

/// 7.7: a native hired by a character, until Midnight of `last_day`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Hireling {
    pub native: NativeId,
    /// The term of hire ends at Midnight of this day.
    pub last_day: u8,
    /// 6.2.5: a hired leader's turn, recorded for him by his employer in Birdsong.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub record: Vec<crate::magic_realm::state::Activity>,
    /// 6.3.1: an underling's standing order: whom he follows each day (none: his
    /// employer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub follows: Option<crate::magic_realm::day::underlings::UnderlingGuide>,
    /// 7.4: a hired leader who hid successfully (until his next turn starts).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[tsify(optional)]
    pub hidden: bool,
    /// 7.6, 8.7: the gold a hired leader has recorded (it belongs to his employer).
    #[serde(
        default,
        skip_serializing_if = "crate::magic_realm::day::meeting::is_zero"
    )]
    #[tsify(optional)]
    pub gold: i32,
    /// 4.5.4, 7.5: the hidden paths, secret passages and treasure sites a hired leader
    /// has discovered (secret: in his employer's view only).
    #[serde(
        default,
        skip_serializing_if = "crate::magic_realm::state::Discoveries::is_empty"
    )]
    #[tsify(optional)]
    pub discoveries: crate::magic_realm::state::Discoveries,
}

/// For `skip_serializing_if`: a zero amount is left out of the JSON.
pub fn is_zero(n: &i32) -> bool {
    *n == 0
}

/// 7.6: a boon accepted from a trader and not yet repaid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Boon {
    pub trader: Trader,
    /// The basic price (or wages) of what was given, which repays it.
    pub gold: u32,
}

/// 7.12, 8.2.2: a group or visitor that blocked a character after a Meeting Table roll
/// in Daylight (the Evening's battling is rolled afresh by 8.2.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MeetingBlock {
    pub seat: Seat,
    pub trader: Trader,
    pub at: ClearingRef,
}

/// 7.6: what a Trade phase does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "deal", rename_all = "camelCase")]
pub enum TradeChoice {
    /// Roll on the Meeting Table to buy this item from the leader's or visitor's box,
    /// buying drinks first if `drinks` (native groups only).
    Buy {
        from: Trader,
        item: PieceId,
        drinks: bool,
    },
    /// Sell this belonging at its basic price.
    Sell { to: Trader, item: PieceId },
    /// Repay the boon owed to this trader.
    RepayBoon { to: Trader },
}

/// 7.7: what a Hire phase tries to hire.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "hire", rename_all = "camelCase")]
pub enum HireChoice {
    /// Every unhired member of the group in the clearing (groups hired as a whole).
    Group { group: NativeGroup, drinks: bool },
    /// One native (groups hired one native at a time).
    Native { native: NativeId, drinks: bool },
}

/// The answer to a Meeting Table result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub enum MeetingAnswer {
    /// Pay the price (Boon: the price times one).
    Pay,
    /// Boon: take it free; the trader is one level less friendly until it is repaid.
    TakeBoon,
    /// Pay nothing and get nothing.
    Decline,
    /// Insult or Challenge: lose the recorded points and treat it as No Deal.
    PayPenalty,
    /// Insult or Challenge: keep the points; the result is Block/Battle.
    RefusePenalty,
}

/// What is on offer after the roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "deal", rename_all = "camelCase")]
pub enum Deal {
    Buy { item: PieceId },
    Hire { natives: Vec<NativeId> },
}

/// A Meeting Table result that waits for an answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Offer {
    pub trader: Trader,
    pub deal: Deal,
    pub result: MeetingResult,
    /// The basic price (or the sum of the wages).
    pub basic: u32,
    /// The final price the result names.
    pub price: u32,
}

/// A trader's name for the log.
pub fn trader_name(t: Trader) -> String {
    match t {
        Trader::Native(g) => format!("the {g:?}"),
        Trader::Visitor(v) => format!("the {v:?}"),
    }
}

/// The visitor a visitor/mission chit shows, if its face up side is a visitor.
pub fn visitor_on(cat: &Catalog, piece: &PieceId, facing: Facing) -> Option<Visitor> {
    let PieceId::VisitorChit { id } = piece else {
        return None;
    };
    let chit = cat.denizens.chits.iter().find(|c| c.id == id.0)?;
    match chit.sides.get(usize::from(facing == Facing::Dark))? {
        ChitFace::Visitor(v) => Some(*v),
        _ => None,
    }
}

/// The natives of `group` in clearing `at` that no one has hired.
pub fn unhired_members(
    cat: &Catalog,
    state: &GameState,
    at: ClearingRef,
    group: NativeGroup,
) -> Vec<NativeId> {
    state
        .piles
        .pile(&Place::Clearing { at })
        .iter()
        .filter_map(|c| match &c.piece {
            PieceId::Native { id } => cat.denizens.native(id).filter(|n| n.group == group),
            _ => None,
        })
        .filter(|n| !hiring::is_hired_native(state, &n.id))
        .map(|n| n.id.clone())
        .collect()
}

/// The native groups with unhired members in clearing `at`, in catalog order.
pub fn groups_here(cat: &Catalog, state: &GameState, at: ClearingRef) -> Vec<NativeGroup> {
    cat.denizens
        .groups
        .iter()
        .map(|g| g.group)
        .filter(|g| !unhired_members(cat, state, at, *g).is_empty())
        .collect()
}

/// 7.6: who a character in clearing `at` can trade with: the groups whose leader is here
/// and unhired, and the visitors whose chits are here visitor side up.
pub fn traders_here(cat: &Catalog, state: &GameState, at: ClearingRef) -> Vec<Trader> {
    let mut out: Vec<Trader> = groups_here(cat, state, at)
        .into_iter()
        .filter(|g| {
            unhired_members(cat, state, at, *g).iter().any(|n| {
                cat.denizens
                    .native(n)
                    .is_some_and(|x| x.rank == NativeRank::Leader)
            })
        })
        .map(Trader::Native)
        .collect();
    for c in state.piles.pile(&Place::Clearing { at }) {
        if let Some(v) = visitor_on(cat, &c.piece, c.facing) {
            out.push(Trader::Visitor(v));
        }
    }
    out
}

/// The counters of a trader in a clearing (his group's unhired natives, or the visitor's
/// chit).
pub fn trader_pieces(
    cat: &Catalog,
    state: &GameState,
    at: ClearingRef,
    trader: Trader,
) -> Vec<PieceId> {
    match trader {
        Trader::Native(g) => unhired_members(cat, state, at, g)
            .into_iter()
            .map(|id| PieceId::Native { id })
            .collect(),
        Trader::Visitor(v) => state
            .piles
            .pile(&Place::Clearing { at })
            .iter()
            .filter(|c| visitor_on(cat, &c.piece, c.facing) == Some(v))
            .map(|c| c.piece.clone())
            .collect(),
    }
}

fn level(r: Relationship) -> i32 {
    match r {
        Relationship::Enemy => 0,
        Relationship::Unfriendly => 1,
        Relationship::Neutral => 2,
        Relationship::Friendly => 3,
        Relationship::Ally => 4,
    }
}

/// The seat's trading relationship with a trader, as a level (0 Enemy to 4 Ally; beyond
/// those while boons are owed): the character card's, one level less friendly for each
/// boon he owes that trader (7.6).
pub fn relationship_level(cat: &Catalog, state: &GameState, seat: Seat, trader: Trader) -> i32 {
    let base = who::card(cat, state, seat).map_or(Relationship::Neutral, |c| match trader {
        Trader::Native(g) => c.relationships.with_group(g),
        Trader::Visitor(v) => c.relationships.with_visitor(v),
    });
    let owed = state
        .seat(seat)
        .map_or(0, |s| s.boons.iter().filter(|b| b.trader == trader).count());
    // 7.2.4: a campaign makes partners two levels friendlier and foes always Enemy.
    let campaign = match trader {
        Trader::Native(g) => super::missions::stance(cat, state, seat, g),
        Trader::Visitor(_) => None,
    };
    // Persuade: the group meets him as Friendly at least while the spell lasts.
    if let Trader::Native(g) = trader {
        if crate::magic_realm::combat::spells::persuaded(cat, state, seat, g) {
            let level = match campaign {
                Some(super::missions::CampaignStance::Foe) => 0,
                Some(super::missions::CampaignStance::Partner) => {
                    level(base) + 2 - i32::try_from(owed).unwrap_or(i32::MAX)
                }
                None => level(base) - i32::try_from(owed).unwrap_or(i32::MAX),
            };
            return level.max(self::level(Relationship::Friendly));
        }
    }
    match campaign {
        Some(super::missions::CampaignStance::Foe) => 0,
        Some(super::missions::CampaignStance::Partner) => {
            level(base) + 2 - i32::try_from(owed).unwrap_or(i32::MAX)
        }
        None => level(base) - i32::try_from(owed).unwrap_or(i32::MAX),
    }
}

/// The Meeting Table column for a relationship level: beyond Ally uses Ally, below Enemy
/// uses Enemy (10.B.6's reading, which 7.6's boons need too).
pub fn column_of(level: i32) -> MeetingColumn {
    match level {
        i32::MIN..=0 => MeetingColumn::Enemy,
        1 => MeetingColumn::Unfriendly,
        2 => MeetingColumn::Neutral,
        3 => MeetingColumn::Friendly,
        _ => MeetingColumn::Ally,
    }
}

/// 7.6: what drinks for a native group cost here (one gold per member present); none for
/// visitors.
pub fn drinks_cost(
    cat: &Catalog,
    state: &GameState,
    at: ClearingRef,
    trader: Trader,
) -> Option<u32> {
    match trader {
        Trader::Native(g) => {
            let n = u32::try_from(unhired_members(cat, state, at, g).len()).unwrap_or(u32::MAX);
            Some(n.saturating_mul(DRINKS_PER_NATIVE))
        }
        Trader::Visitor(_) => None,
    }
}

/// Whether the buyer can buy drinks for a trader here with his gold (7.6).
pub fn can_buy_drinks(cat: &Catalog, state: &GameState, buyer: &Buyer, trader: Trader) -> bool {
    let Some(at) = buyer.clearing(state) else {
        return false;
    };
    // 7.2.4: no drinks for a campaign's foes.
    if let Trader::Native(g) = trader {
        if super::missions::stance(cat, state, buyer.seat(), g)
            == Some(super::missions::CampaignStance::Foe)
        {
            return false;
        }
    }
    let gold = buyer.gold(state);
    drinks_cost(cat, state, at, trader)
        .is_some_and(|cost| i64::from(gold) >= i64::from(cost) && cost > 0)
}

/// Why a character rolls on the Meeting Table: to trade (7.6), to hire (7.7), or for a
/// native group that may battle him (8.2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeetingFor {
    Trade,
    Hire,
    Battling,
}

impl MeetingFor {
    /// The rule the roll is made under.
    pub fn rule(self) -> &'static str {
        match self {
            MeetingFor::Trade => "7.6",
            MeetingFor::Hire => "7.7",
            MeetingFor::Battling => "8.2.2",
        }
    }
}

/// The deals of a Trade or Hire phase, then `Proceed` to make none (nothing when there is
/// no deal to make).
pub fn with_proceed(mut deals: Vec<A>) -> Vec<A> {
    if !deals.is_empty() {
        deals.push(A::Proceed);
    }
    deals
}

/// 7.6, 7.7: the character makes no deal in his Trade or Hire phase: with no one in his
/// clearing to trade with (or to hire) the phase is cancelled; else he chose to make none.
pub fn pass_phase(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    purpose: MeetingFor,
    events: &mut Events,
) -> Result<(), RuleError> {
    let name = who::who(cat, state, seat);
    let here = who::clearing_or_err(state, seat)?;
    let place = who::name(cat, here);
    let rule = purpose.rule();
    let (text, reason) = if purpose == MeetingFor::Hire {
        if groups_here(cat, state, here).is_empty() {
            (
                format!("{name} finds no unhired natives in {place} to hire; the Hire phase is cancelled."),
                "no unhired natives to hire (7.7)",
            )
        } else {
            (
                format!("{name} hires no one in his Hire phase."),
                "the character chose to hire no one (7.7)",
            )
        }
    } else if traders_here(cat, state, here).is_empty() {
        (
            format!("{name} finds no unhired native leader or visitor in {place} to trade with; the Trade phase is cancelled."),
            "no native leader or visitor to trade with (7.6)",
        )
    } else {
        (
            format!("{name} makes no deal in his Trade phase."),
            "the character chose to trade nothing (7.6)",
        )
    };
    events.push(Event::public(
        rule,
        text,
        E::PhaseCancelled {
            seat,
            reason: reason.into(),
        },
    ));
    Ok(())
}

/// Buys drinks (if asked) and rolls on the Meeting Table, on the column of the buyer's
/// (a hired leader's employer's, 7.6) relationship with the trader, rerolling Opportunity
/// and Trouble; returns the final result.
pub fn meet(
    cat: &Catalog,
    state: &mut GameState,
    buyer: &Buyer,
    trader: Trader,
    drinks: bool,
    purpose: MeetingFor,
    events: &mut Events,
) -> Result<MeetingResult, RuleError> {
    let rule = purpose.rule();
    let at = buyer.clearing_or_err(state)?;
    let name = buyer.name(cat, state);
    let mut column = column_of(relationship_level(cat, state, buyer.seat(), trader));
    if drinks {
        let (Trader::Native(group), Some(cost)) = (trader, drinks_cost(cat, state, at, trader))
        else {
            return Err(RuleError::illegal(
                "drinks are bought only for native groups (7.6)",
            ));
        };
        buyer.spend(state, cost);
        column = column.friendlier();
        events.push(Event::public(
            rule,
            format!(
                "{name} buys drinks for {} for {cost} gold: the roll is one column friendlier.",
                trader_name(trader)
            ),
            buyer.drinks_bought(group, cost),
        ));
    }
    let mods = buyer.meeting_mods(cat, state, purpose);
    let rolled = |column, roll, result| {
        (
            format!(
                "{name} meets {}{} on the {column:?} column of the Meeting Table: {}",
                trader_name(trader),
                buyer.for_employer(),
                describe(result)
            ),
            buyer.meeting_rolled(trader, column, roll, result),
        )
    };
    roll_from(cat, state, column, mods, rule, rolled, events)
}

/// The Meeting Table rolls from `column` with `mods`, rerolling Opportunity (one column
/// friendlier) and Trouble (the Unfriendly column); each roll is logged as `logged`
/// words it (from the column, the result read and the table's result). Returns the final
/// result.
pub fn roll_from(
    cat: &Catalog,
    state: &mut GameState,
    mut column: MeetingColumn,
    mods: super::rolls::RollMods,
    rule: &str,
    logged: impl Fn(MeetingColumn, u8, MeetingResult) -> (String, E),
    events: &mut Events,
) -> Result<MeetingResult, RuleError> {
    for _ in 0..MAX_REROLLS {
        let roll = state.dice.roll("meeting", mods.dice());
        let n = mods.result(&roll);
        let result = cat
            .tables
            .meeting(column, n)
            .copied()
            .ok_or_else(|| RuleError::internal(format!("no Meeting Table row {n}")))?;
        let (text, detail) = logged(column, n, result);
        events.push(Event::roll(rule, &roll, text, detail));
        column = match result {
            MeetingResult::Opportunity => column.friendlier(),
            MeetingResult::Trouble => MeetingColumn::Unfriendly,
            other => return Ok(other),
        };
    }
    Ok(MeetingResult::NoDeal)
}

/// 4.6.7a: whether he may swallow an Insult or Challenge: a Challenge costs recorded Fame,
/// which Disgust forbids him to pay.
pub fn may_pay_penalty(state: &GameState, seat: Seat, result: MeetingResult) -> bool {
    result != MeetingResult::Challenge || super::curses::may_pay_fame(state, seat)
}

/// Insult or Challenge swallowed (7.6, 8.2.2): the recorded points are lost. Returns the
/// (Fame, Notoriety) paid.
pub fn pay_penalty(
    state: &mut GameState,
    seat: Seat,
    result: MeetingResult,
) -> Result<(i32, i32), RuleError> {
    let (fame, notoriety) = match result {
        MeetingResult::Challenge => (CHALLENGE_FAME, 0),
        _ => (0, INSULT_NOTORIETY),
    };
    if let Some(s) = state.seat_mut(seat) {
        s.fame.lose(Points::whole(fame))?;
        s.notoriety.lose(Points::whole(notoriety))?;
    }
    Ok((fame, notoriety))
}

/// A Meeting Table result in words.
pub fn describe(r: MeetingResult) -> String {
    match r {
        MeetingResult::Price(n) => format!("Price x{n}"),
        MeetingResult::Boon => "Boon".into(),
        MeetingResult::Opportunity => "Opportunity (roll again one column friendlier)".into(),
        MeetingResult::Trouble => "Trouble (roll again on the Unfriendly column)".into(),
        MeetingResult::NoDeal => "No Deal".into(),
        MeetingResult::Insult => "Insult".into(),
        MeetingResult::Challenge => "Challenge".into(),
        MeetingResult::BlockBattle => "Block/Battle".into(),
    }
}

/// 7.6, 7.7: the rule a deal is made under.
pub fn rule_of(offer: &Offer) -> &'static str {
    match offer.deal {
        Deal::Buy { .. } => "7.6",
        Deal::Hire { .. } => "7.7",
    }
}

/// Acts on the final result of a meeting for `offer.deal`: a price, a boon, an Insult or a
/// Challenge waits for the answer; No Deal ends the phase; Block/Battle blocks (7.12).
/// `offer.price` is set here from the result.
pub fn open_offer(
    cat: &Catalog,
    state: &mut GameState,
    buyer: &Buyer,
    mut offer: Offer,
    events: &mut Events,
) -> Result<(), RuleError> {
    let (trader, basic) = (offer.trader, offer.basic);
    offer.price = match offer.result {
        MeetingResult::Price(n) => basic.saturating_mul(u32::from(n)),
        MeetingResult::Boon => basic,
        MeetingResult::Insult | MeetingResult::Challenge => 0,
        MeetingResult::NoDeal | MeetingResult::Opportunity | MeetingResult::Trouble => {
            let text = match buyer {
                Buyer::Character { .. } => format!("No deal with {}.", trader_name(trader)),
                Buyer::Leader { .. } => format!(
                    "No deal between {} and {}.",
                    buyer.name(cat, state),
                    trader_name(trader)
                ),
            };
            events.push(Event::public(
                rule_of(&offer),
                text,
                E::DealDeclined { seat: buyer.seat() },
            ));
            return Ok(());
        }
        MeetingResult::BlockBattle => return block(cat, state, buyer, trader, events),
    };
    buyer.wait_for_answer(state, offer);
    Ok(())
}

/// The answers the pending offer allows.
pub fn answers(state: &GameState, seat: Seat) -> Vec<A> {
    let Some(Pending::Meeting { offer }) = &state.today.pending else {
        return Vec::new();
    };
    answers_for(state, &Buyer::character(seat), offer)
        .into_iter()
        .map(|answer| A::AnswerMeeting { answer })
        .collect()
}

/// The answers the buyer may give to `offer`: 4.6.7a, he pays with the gold he can spend
/// (Ashes leaves a character none); the penalty is his (a leader's employer's) to pay,
/// Disgust forbidding the Fame.
pub fn answers_for(state: &GameState, buyer: &Buyer, offer: &Offer) -> Vec<MeetingAnswer> {
    answer_list(
        offer,
        buyer.gold(state),
        may_pay_penalty(state, buyer.seat(), offer.result),
    )
}

/// 7.6: the answers a Meeting Table result allows whoever has `gold` to pay with: the
/// price or a Boon (paid only if he has the gold), or the penalty of an Insult or
/// Challenge (swallowed only if he `may_pay_penalty`, 4.6.7a); else he declines.
pub fn answer_list(offer: &Offer, gold: i32, may_pay_penalty: bool) -> Vec<MeetingAnswer> {
    let affordable = i64::from(gold) >= i64::from(offer.price);
    match offer.result {
        MeetingResult::Price(_) if affordable => vec![MeetingAnswer::Pay, MeetingAnswer::Decline],
        MeetingResult::Boon if affordable => vec![
            MeetingAnswer::Pay,
            MeetingAnswer::TakeBoon,
            MeetingAnswer::Decline,
        ],
        MeetingResult::Boon => vec![MeetingAnswer::TakeBoon, MeetingAnswer::Decline],
        MeetingResult::Insult | MeetingResult::Challenge if may_pay_penalty => {
            vec![MeetingAnswer::PayPenalty, MeetingAnswer::RefusePenalty]
        }
        MeetingResult::Insult | MeetingResult::Challenge => vec![MeetingAnswer::RefusePenalty],
        _ => vec![MeetingAnswer::Decline],
    }
}

/// Does the seat's answer to the pending offer.
pub fn answer(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    answer: MeetingAnswer,
    events: &mut Events,
) -> Result<(), RuleError> {
    if !answers(state, seat).contains(&A::AnswerMeeting { answer }) {
        return Err(RuleError::illegal(format!(
            "{answer:?} does not answer the Meeting Table result waiting now"
        )));
    }
    let Some(Pending::Meeting { offer }) = state.today.pending.take() else {
        return Err(RuleError::internal("no Meeting Table result waits"));
    };
    answer_offer(cat, state, &Buyer::character(seat), offer, answer, events)
}

/// Does the buyer's answer to the result he rolled (a hired leader's is his employer's):
/// the price or boon buys or hires, a declined price buys nothing, a swallowed Insult or
/// Challenge costs the recorded points, a refused one is Block/Battle.
pub fn answer_offer(
    cat: &Catalog,
    state: &mut GameState,
    buyer: &Buyer,
    offer: Offer,
    answer: MeetingAnswer,
    events: &mut Events,
) -> Result<(), RuleError> {
    let rule = rule_of(&offer);
    let seat = buyer.seat();
    let name = buyer.name(cat, state);
    match answer {
        MeetingAnswer::Pay | MeetingAnswer::TakeBoon => {
            let boon = answer == MeetingAnswer::TakeBoon;
            let paid = if boon { 0 } else { offer.price };
            buyer.spend(state, paid);
            if boon {
                // 7.6: a hired leader's boons are his employer's.
                if let Some(s) = state.seat_mut(seat) {
                    s.boons.push(Boon {
                        trader: offer.trader,
                        gold: offer.basic,
                    });
                }
            }
            match &offer.deal {
                Deal::Buy { item } => {
                    let pay = if boon { None } else { Some(paid) };
                    trading::take_item(cat, state, buyer, offer.trader, item, pay, events)?
                }
                Deal::Hire { natives } => {
                    hiring::take_hirelings(cat, state, seat, natives, paid, events)?
                }
            }
        }
        MeetingAnswer::Decline => events.push(Event::public(
            rule,
            format!(
                "{name} declines the price of {} gold and pays nothing.",
                offer.price
            ),
            E::DealDeclined { seat },
        )),
        MeetingAnswer::PayPenalty => {
            let (fame, notoriety) = pay_penalty(state, seat, offer.result)?;
            let made_to = match buyer {
                Buyer::Character { .. } => String::new(),
                Buyer::Leader { .. } => format!(" made to {name}"),
            };
            events.push(Event::public(
                rule,
                format!(
                    "{} swallows the {}{made_to}: he loses {} recorded {}; no deal.",
                    who::who(cat, state, seat),
                    describe(offer.result),
                    fame + notoriety,
                    if fame > 0 { "Fame" } else { "Notoriety" }
                ),
                E::PenaltyPaid {
                    seat,
                    fame,
                    notoriety,
                },
            ));
        }
        MeetingAnswer::RefusePenalty => block(cat, state, buyer, offer.trader, events)?,
    }
    Ok(())
}

/// 7.12: a Block/Battle result (or a refused penalty) in Daylight: the trader blocks the
/// buyer, who becomes unhidden (even if he was hidden) and whose turn ends; the trader's
/// counters stop prowling.
pub fn block(
    cat: &Catalog,
    state: &mut GameState,
    buyer: &Buyer,
    trader: Trader,
    events: &mut Events,
) -> Result<(), RuleError> {
    let at = buyer.clearing_or_err(state)?;
    let pieces = trader_pieces(cat, state, at, trader);
    state.today.stopped.extend(pieces.iter().cloned());
    let blocked = buyer.blocked_by(state, trader, at, pieces);
    events.push(Event::public(
        "7.12",
        format!(
            "Block/Battle: {} block {}, who is unhidden and whose turn ends.",
            trader_name(trader),
            buyer.name(cat, state)
        ),
        blocked,
    ));
    Ok(())
}
