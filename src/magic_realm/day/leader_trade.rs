//! A hired leader's Trade and Hire phases (rules 6.2.5, 7.6, 7.7, 7.12, 4.1.4): when his
//! Trade or Hire phase comes, his employer makes the deal for him with an unhired native
//! leader or a visitor in his clearing: buy an item (a Meeting Table roll), sell an item he
//! carries, repay a boon, or hire natives (a Meeting Table roll). The leader trades "on
//! behalf of the hiring character, using the character's trading relationships" (7.6): the
//! roll is made on the column of the employer's relationship (his boons and campaigns
//! counting), with two dice and no modifications (4.1.4); he pays the price, the drinks
//! and the wages with the gold he has recorded, what he buys he carries (`Place::Carried`)
//! and the gold he gets is recorded on his sheet, all his employer's; the boons he accepts
//! or repays are his employer's; the natives he hires become his employer's hirelings. A
//! Block/Battle result blocks him (7.12), even hidden: he is unhidden and his turn ends.
//!
//! Rulings (docs/rulings.md, "a hired leader's Trade and Hire"): he may roll with no gold
//! (a Boon may be taken free), but pays only with his own gold; an Insult's or Challenge's
//! penalty is his employer's recorded Notoriety or Fame; a Fame reward for a card he sells
//! to its group is his employer's.

use super::meeting::{self, Boon, Deal, HireChoice, MeetingAnswer, MeetingFor, Offer, TradeChoice};
use super::rolls::RollMods;
use super::{carried, hiring, leaders, trading, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::denizens::{NativeId, Trader};
use crate::magic_realm::catalog::tables::MeetingResult;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::{Activity, GameState};

type Events = Vec<Event<E>>;

fn leader_of(action: &A) -> Option<&NativeId> {
    match action {
        A::LeaderTrade { leader, .. }
        | A::LeaderHire { leader, .. }
        | A::AnswerLeaderMeeting { leader, .. } => Some(leader),
        _ => None,
    }
}

/// 7.6: the items the hired leader carries that natives and visitors buy, with their basic
/// prices.
pub fn sellable(cat: &Catalog, state: &GameState, leader: &NativeId) -> Vec<(PieceId, u32)> {
    state
        .piles
        .pile(&carried::place(&leaders::counter(leader)))
        .iter()
        .filter_map(|c| trading::basic_price(cat, &c.piece, c.facing).map(|p| (c.piece.clone(), p)))
        .collect()
}

/// 7.6: whether the hired leader can buy drinks for a trader in his clearing with his own
/// gold (none for visitors, none for his employer's campaign foes, 7.2.4).
fn can_buy_drinks(
    cat: &Catalog,
    state: &GameState,
    employer: Seat,
    leader: &NativeId,
    trader: Trader,
) -> bool {
    let Some(at) = leaders::clearing(state, leader) else {
        return false;
    };
    if let Trader::Native(g) = trader {
        if super::missions::stance(cat, state, employer, g)
            == Some(super::missions::CampaignStance::Foe)
        {
            return false;
        }
    }
    let gold = carried::gold(state, leader);
    meeting::drinks_cost(cat, state, at, trader)
        .is_some_and(|cost| cost > 0 && i64::from(gold) >= i64::from(cost))
}

/// 6.2.5, 7.6, 7.7: the deals the hired leader can make in his clearing in a Trade or Hire
/// phase (`activity`), in a fixed order; empty when there is no one to deal with.
pub fn deals(cat: &Catalog, state: &GameState, leader: &NativeId, activity: &Activity) -> Vec<A> {
    let (Some(here), Some(employer)) = (
        leaders::clearing(state, leader),
        leaders::employer(state, leader),
    ) else {
        return Vec::new();
    };
    let gold = carried::gold(state, leader);
    let mut out = Vec::new();
    match activity {
        Activity::Trade => {
            let trade = |deal| A::LeaderTrade {
                leader: leader.clone(),
                deal,
            };
            for t in meeting::traders_here(cat, state, here) {
                let drinks = can_buy_drinks(cat, state, employer, leader, t);
                for (item, _) in trading::for_sale(cat, state, t) {
                    out.push(trade(TradeChoice::Buy {
                        from: t,
                        item: item.clone(),
                        drinks: false,
                    }));
                    if drinks {
                        out.push(trade(TradeChoice::Buy {
                            from: t,
                            item,
                            drinks: true,
                        }));
                    }
                }
                for (item, _) in sellable(cat, state, leader) {
                    out.push(trade(TradeChoice::Sell { to: t, item }));
                }
                let owed = state
                    .seat(employer)
                    .and_then(|s| s.boons.iter().find(|b| b.trader == t))
                    .map(|b| b.gold);
                if owed.is_some_and(|g| i64::from(gold) >= i64::from(g)) {
                    out.push(trade(TradeChoice::RepayBoon { to: t }));
                }
            }
        }
        Activity::Hire => {
            let drinks = |g| can_buy_drinks(cat, state, employer, leader, Trader::Native(g));
            out.extend(
                hiring::choices(cat, state, here, drinks)
                    .into_iter()
                    .map(|hire| A::LeaderHire {
                        leader: leader.clone(),
                        hire,
                    }),
            );
        }
        _ => {}
    }
    out
}

/// 7.6, 7.7: what the employer may do at his leader's Trade or Hire phase: a deal, or
/// `Proceed` to make none.
pub fn options(cat: &Catalog, state: &GameState, leader: &NativeId) -> Vec<A> {
    let Some(activity) = leaders::current_activity(state, leader) else {
        return Vec::new();
    };
    let mut out = deals(cat, state, leader, &activity);
    if !out.is_empty() {
        out.push(A::Proceed);
    }
    out
}

/// 7.6, 7.7: the answers to the Meeting Table result the leader rolled: he pays only with
/// the gold he has recorded.
pub fn answers(state: &GameState, leader: &NativeId) -> Vec<A> {
    let Some(offer) = state
        .today
        .leader_turn
        .as_ref()
        .and_then(|t| t.offer.as_ref())
    else {
        return Vec::new();
    };
    meeting::answer_list(
        offer,
        carried::gold(state, leader),
        // 4.6.7a: the penalty is his employer's to pay (Disgust forbids the Fame).
        leaders::employer(state, leader)
            .is_some_and(|e| meeting::may_pay_penalty(state, e, offer.result)),
    )
    .into_iter()
    .map(|answer| A::AnswerLeaderMeeting {
        leader: leader.clone(),
        answer,
    })
    .collect()
}

/// Takes `gold` from what the leader has recorded (never below what he has: the options
/// only offer what he can pay).
fn spend(state: &mut GameState, leader: &NativeId, gold: u32) {
    carried::gain_gold(state, leader, -i32::try_from(gold).unwrap_or(i32::MAX));
}

fn earn(state: &mut GameState, leader: &NativeId, gold: u32) {
    carried::gain_gold(state, leader, i32::try_from(gold).unwrap_or(i32::MAX));
}

/// Applies the employer's decision at his leader's Trade or Hire phase (a deal, `Proceed`,
/// or the answer to a Meeting Table result). The phase is done when nothing more waits.
pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    employer: Seat,
    leader: &NativeId,
    action: &A,
    events: &mut Events,
) -> Result<(), RuleError> {
    let answering = state
        .today
        .leader_turn
        .as_ref()
        .is_some_and(|t| t.offer.is_some());
    let offered = if answering {
        answers(state, leader)
    } else {
        options(cat, state, leader)
    };
    if !offered.contains(action) {
        return Err(RuleError::illegal(format!(
            "{action:?}: not a deal or answer the hired leader can make now (7.6, 7.7)"
        )));
    }
    if leader_of(action).is_some_and(|l| l != leader) {
        return Err(RuleError::illegal("another hired leader is dealing now"));
    }
    let who = leaders::name(cat, leader);
    match action {
        A::Proceed => {
            events.push(Event::public(
                "7.6",
                format!("{who} makes no deal in his phase."),
                E::LeaderPhaseCancelled {
                    leader: leader.clone(),
                },
            ));
        }
        A::LeaderTrade { deal, .. } => trade(cat, state, employer, leader, deal, events)?,
        A::LeaderHire { hire, .. } => hire_natives(cat, state, employer, leader, hire, events)?,
        A::AnswerLeaderMeeting { answer, .. } => {
            let offer = state
                .today
                .leader_turn
                .as_mut()
                .and_then(|t| t.offer.take())
                .ok_or_else(|| RuleError::internal("no Meeting Table result waits"))?;
            answer_offer(cat, state, employer, leader, offer, *answer, events)?;
        }
        other => {
            return Err(RuleError::internal(format!(
                "{other:?} is not a hired leader's deal"
            )))
        }
    }
    if let Some(t) = state.today.leader_turn.as_mut() {
        t.dealing = false;
        t.dealt = t.offer.is_none();
    }
    Ok(())
}

/// 7.6: buy (a Meeting Table roll), sell or repay a boon.
fn trade(
    cat: &Catalog,
    state: &mut GameState,
    employer: Seat,
    leader: &NativeId,
    deal: &TradeChoice,
    events: &mut Events,
) -> Result<(), RuleError> {
    match deal {
        TradeChoice::Buy { from, item, drinks } => {
            let basic = trading::for_sale(cat, state, *from)
                .into_iter()
                .find(|(p, _)| p == item)
                .map(|(_, p)| p)
                .ok_or_else(|| RuleError::illegal("the trader does not hold that item"))?;
            // 7.6 (rulings): the cards of the box are seen, by the employer.
            let seen: Vec<PieceId> = state
                .piles
                .pile(&trading::holdings(*from))
                .iter()
                .map(|c| c.piece.clone())
                .collect();
            if let Some(s) = state.seat_mut(employer) {
                s.known.extend(seen);
            }
            let result = meet(
                cat,
                state,
                employer,
                leader,
                *from,
                *drinks,
                MeetingFor::Trade,
                events,
            )?;
            let offer = Offer {
                trader: *from,
                deal: Deal::Buy { item: item.clone() },
                result,
                basic,
                price: 0,
            };
            open_offer(cat, state, employer, leader, offer, events)
        }
        TradeChoice::Sell { to, item } => sell(cat, state, employer, leader, *to, item, events),
        TradeChoice::RepayBoon { to } => repay(cat, state, employer, leader, *to, events),
    }
}

/// 7.7: the natives the choice names, hired with a Meeting Table roll.
fn hire_natives(
    cat: &Catalog,
    state: &mut GameState,
    employer: Seat,
    leader: &NativeId,
    hire: &HireChoice,
    events: &mut Events,
) -> Result<(), RuleError> {
    let here = leaders::clearing(state, leader)
        .ok_or_else(|| RuleError::internal("the hiring leader is not on the map"))?;
    let natives = hiring::targets(cat, state, here, hire);
    let group = hiring::group_of_choice(cat, hire)
        .filter(|_| !natives.is_empty())
        .ok_or_else(|| RuleError::illegal(format!("{hire:?} names no natives to hire here")))?;
    let drinks = match hire {
        HireChoice::Group { drinks, .. } | HireChoice::Native { drinks, .. } => *drinks,
    };
    let wages: u32 = natives
        .iter()
        .filter_map(|n| cat.denizens.native(n))
        .map(|n| n.wage)
        .sum();
    let trader = Trader::Native(group);
    let result = meet(
        cat,
        state,
        employer,
        leader,
        trader,
        drinks,
        MeetingFor::Hire,
        events,
    )?;
    let offer = Offer {
        trader,
        deal: Deal::Hire { natives },
        result,
        basic: wages,
        price: 0,
    };
    open_offer(cat, state, employer, leader, offer, events)
}

/// 7.6, 7.7, 4.1.4: the leader buys drinks (if asked) with his gold and rolls on the
/// Meeting Table, on the column of his employer's relationship with the trader, two dice
/// unmodified, rerolling Opportunity and Trouble.
#[allow(clippy::too_many_arguments)]
fn meet(
    cat: &Catalog,
    state: &mut GameState,
    employer: Seat,
    leader: &NativeId,
    trader: Trader,
    drinks: bool,
    purpose: MeetingFor,
    events: &mut Events,
) -> Result<MeetingResult, RuleError> {
    let rule = purpose.rule();
    let at = leaders::clearing(state, leader)
        .ok_or_else(|| RuleError::internal("the dealing leader is not on the map"))?;
    let who = leaders::name(cat, leader);
    let mut column = meeting::column_of(meeting::relationship_level(cat, state, employer, trader));
    if drinks {
        let (Trader::Native(group), Some(cost)) =
            (trader, meeting::drinks_cost(cat, state, at, trader))
        else {
            return Err(RuleError::illegal(
                "drinks are bought only for native groups (7.6)",
            ));
        };
        spend(state, leader, cost);
        column = column.friendlier();
        events.push(Event::public(
            rule,
            format!(
                "{who} buys drinks for {} for {cost} gold: the roll is one column friendlier.",
                meeting::trader_name(trader)
            ),
            E::LeaderDrinksBought {
                leader: leader.clone(),
                group,
                gold: cost,
            },
        ));
    }
    let rolled = |column, roll, result| {
        (
            format!(
                "{who} meets {} for his employer on the {column:?} column of the Meeting Table: {}",
                meeting::trader_name(trader),
                meeting::describe(result)
            ),
            E::LeaderMeetingRolled {
                leader: leader.clone(),
                trader,
                column,
                roll,
                result,
            },
        )
    };
    meeting::roll_from(cat, state, column, RollMods::NONE, rule, rolled, events)
}

/// Acts on the final result: a price, a boon, an Insult or a Challenge waits for the
/// employer's answer; No Deal ends the phase; Block/Battle blocks the leader (7.12).
fn open_offer(
    cat: &Catalog,
    state: &mut GameState,
    employer: Seat,
    leader: &NativeId,
    mut offer: Offer,
    events: &mut Events,
) -> Result<(), RuleError> {
    let rule = rule_of(&offer);
    offer.price = match offer.result {
        MeetingResult::Price(n) => offer.basic.saturating_mul(u32::from(n)),
        MeetingResult::Boon => offer.basic,
        MeetingResult::Insult | MeetingResult::Challenge => 0,
        MeetingResult::NoDeal | MeetingResult::Opportunity | MeetingResult::Trouble => {
            events.push(Event::public(
                rule,
                format!(
                    "No deal between {} and {}.",
                    leaders::name(cat, leader),
                    meeting::trader_name(offer.trader)
                ),
                E::DealDeclined { seat: employer },
            ));
            return Ok(());
        }
        MeetingResult::BlockBattle => return block(cat, state, leader, offer.trader, events),
    };
    if let Some(t) = state.today.leader_turn.as_mut() {
        t.offer = Some(offer);
    }
    Ok(())
}

fn rule_of(offer: &Offer) -> &'static str {
    match offer.deal {
        Deal::Buy { .. } => "7.6",
        Deal::Hire { .. } => "7.7",
    }
}

/// Does the employer's answer to the result his leader rolled.
fn answer_offer(
    cat: &Catalog,
    state: &mut GameState,
    employer: Seat,
    leader: &NativeId,
    offer: Offer,
    answer: MeetingAnswer,
    events: &mut Events,
) -> Result<(), RuleError> {
    let rule = rule_of(&offer);
    let who = leaders::name(cat, leader);
    match answer {
        MeetingAnswer::Pay | MeetingAnswer::TakeBoon => {
            let boon = answer == MeetingAnswer::TakeBoon;
            let paid = if boon { 0 } else { offer.price };
            spend(state, leader, paid);
            if boon {
                // 7.6: the boons he accepts are his employer's.
                if let Some(s) = state.seat_mut(employer) {
                    s.boons.push(Boon {
                        trader: offer.trader,
                        gold: offer.basic,
                    });
                }
            }
            match &offer.deal {
                Deal::Buy { item } => take_item(
                    cat,
                    state,
                    employer,
                    leader,
                    offer.trader,
                    item,
                    paid,
                    boon,
                    events,
                )?,
                Deal::Hire { natives } => {
                    hiring::take_hirelings(cat, state, employer, natives, paid, events)?
                }
            }
        }
        MeetingAnswer::Decline => events.push(Event::public(
            rule,
            format!(
                "{who} declines the price of {} gold and pays nothing.",
                offer.price
            ),
            E::DealDeclined { seat: employer },
        )),
        MeetingAnswer::PayPenalty => {
            let (fame, notoriety) = meeting::pay_penalty(state, employer, offer.result);
            events.push(Event::public(
                rule,
                format!(
                    "{} swallows the {} made to {who}: he loses {} recorded {}; no deal.",
                    who::who(cat, state, employer),
                    meeting::describe(offer.result),
                    fame + notoriety,
                    if fame > 0 { "Fame" } else { "Notoriety" }
                ),
                E::PenaltyPaid {
                    seat: employer,
                    fame,
                    notoriety,
                },
            ));
        }
        MeetingAnswer::RefusePenalty => block(cat, state, leader, offer.trader, events)?,
    }
    Ok(())
}

/// 7.6: the bought item goes to what the leader carries, his employer's.
#[allow(clippy::too_many_arguments)]
fn take_item(
    cat: &Catalog,
    state: &mut GameState,
    employer: Seat,
    leader: &NativeId,
    from: Trader,
    item: &PieceId,
    paid: u32,
    boon: bool,
    events: &mut Events,
) -> Result<(), RuleError> {
    if state.piles.place_of(item) != Some(&trading::holdings(from)) {
        return Err(RuleError::internal("the item left the trader's box"));
    }
    carried::keep(cat, state, &leaders::counter(leader), item);
    let how = if boon {
        "as a boon".to_string()
    } else {
        format!("for {paid} gold")
    };
    events.push(Event::public(
        "7.6",
        format!(
            "{} buys an item ({:?}) from {} {how}, and carries it for his employer.",
            leaders::name(cat, leader),
            item.kind(),
            meeting::trader_name(from)
        ),
        E::LeaderItemBought {
            leader: leader.clone(),
            from,
            kind: item.kind(),
            price: paid,
            boon,
        },
    ));
    events.push(Event::private(
        "7.6",
        employer,
        format!("Your {} buys {item}.", leaders::name(cat, leader)),
        E::BoughtPiece {
            piece: item.clone(),
        },
    ));
    Ok(())
}

/// 7.6 (GAPS §5): the leader sells an item he carries at its basic price, the gold
/// recorded on his sheet; a card's Fame reward from its group goes to his employer.
fn sell(
    cat: &Catalog,
    state: &mut GameState,
    employer: Seat,
    leader: &NativeId,
    to: Trader,
    item: &PieceId,
    events: &mut Events,
) -> Result<(), RuleError> {
    let price = sellable(cat, state, leader)
        .into_iter()
        .find(|(p, _)| p == item)
        .map(|(_, p)| p)
        .ok_or_else(|| RuleError::illegal("he does not carry that item"))?;
    let fame = trading::fame_reward(cat, item, to);
    state.piles.move_to(item, trading::holdings(to), None);
    earn(state, leader, price);
    if let Some(s) = state.seat_mut(employer) {
        s.fame = s
            .fame
            .saturating_add(i32::try_from(fame).unwrap_or(i32::MAX));
    }
    let reward = if fame > 0 {
        format!(" (his employer gains {fame} Fame)")
    } else {
        String::new()
    };
    events.push(Event::public(
        "7.6",
        format!(
            "{} sells an item ({:?}) to {} for {price} gold{reward}.",
            leaders::name(cat, leader),
            item.kind(),
            meeting::trader_name(to)
        ),
        E::LeaderItemSold {
            leader: leader.clone(),
            to,
            kind: item.kind(),
            price,
            fame,
        },
    ));
    events.push(Event::private(
        "7.6",
        employer,
        format!("Your {} sells {item}.", leaders::name(cat, leader)),
        E::SoldPiece {
            piece: item.clone(),
        },
    ));
    Ok(())
}

/// 7.6: the leader repays his employer's boon with his gold; the level comes back.
fn repay(
    cat: &Catalog,
    state: &mut GameState,
    employer: Seat,
    leader: &NativeId,
    to: Trader,
    events: &mut Events,
) -> Result<(), RuleError> {
    let gold = trading::settle_boon(state, employer, to)?;
    spend(state, leader, gold);
    events.push(Event::public(
        "7.6",
        format!(
            "{} repays his employer's boon to {} with {gold} gold.",
            leaders::name(cat, leader),
            meeting::trader_name(to)
        ),
        E::BoonRepaid {
            seat: employer,
            to,
            gold,
        },
    ));
    Ok(())
}

/// 7.12: a Block/Battle result (or a refused penalty) in the leader's phase: the trader
/// blocks him even if he is hidden; he is unhidden and the rest of his turn is cancelled;
/// the trader's counters stop prowling.
fn block(
    cat: &Catalog,
    state: &mut GameState,
    leader: &NativeId,
    trader: Trader,
    events: &mut Events,
) -> Result<(), RuleError> {
    let at = leaders::clearing(state, leader)
        .ok_or_else(|| RuleError::internal("the blocked leader is not on the map"))?;
    let pieces = meeting::trader_pieces(cat, state, at, trader);
    state.today.blocked_leaders.insert(leader.clone());
    state.today.stopped.extend(pieces.iter().cloned());
    leaders::set_hidden(state, leader, false);
    events.push(Event::public(
        "7.12",
        format!(
            "Block/Battle: {} block {}, who is unhidden and whose turn ends.",
            meeting::trader_name(trader),
            leaders::name(cat, leader)
        ),
        E::LeaderBlockedByTrader {
            leader: leader.clone(),
            by: trader,
            pieces,
        },
    ));
    Ok(())
}
