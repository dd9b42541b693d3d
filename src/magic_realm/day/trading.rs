//! The Trade activity (rule 7.6, with GAPS §5): buying an item from the box of an unhired
//! native leader or a visitor in the clearing with a Meeting Table roll (drinks for native
//! groups), selling a belonging at its basic price, and repaying a boon.

use super::buyer::Buyer;
use super::meeting;
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::denizens::Trader;
use crate::magic_realm::catalog::setup_card::SetupBox;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::state::GameState;

use meeting::{Deal, TradeChoice};

type Events = Vec<Event<E>>;

/// The box on the Setup Card that holds a trader's belongings (7.6).
pub fn holdings(trader: Trader) -> Place {
    Place::SetupBox {
        target: match trader {
            Trader::Native(g) => SetupBox::NativeGroup(g),
            Trader::Visitor(v) => SetupBox::Visitor(v),
        },
    }
}

/// An item's basic price (armor by its state), from the catalog; `None` for what is not
/// bought or sold (Spell cards, Treasures-Within-Treasures, destroyed armor).
pub fn basic_price(cat: &Catalog, piece: &PieceId, facing: Facing) -> Option<u32> {
    match piece {
        PieceId::Weapon { id, .. } => cat.items.weapon(id).map(|w| w.price),
        PieceId::Armor { id, .. } => cat.items.armor_piece(id).map(|a| {
            if facing == Facing::Damaged {
                a.price_damaged
            } else {
                a.price_intact
            }
        }),
        PieceId::Horse { id } => cat.items.horse(id).map(|h| h.price),
        PieceId::Treasure { id } => cat.items.treasure(id).and_then(|t| t.price),
        _ => None,
    }
}

/// The items in a trader's box that can be bought, bottom to top, with their prices.
pub fn for_sale(cat: &Catalog, state: &GameState, trader: Trader) -> Vec<(PieceId, u32)> {
    state
        .piles
        .pile(&holdings(trader))
        .iter()
        .filter_map(|c| basic_price(cat, &c.piece, c.facing).map(|p| (c.piece.clone(), p)))
        .collect()
}

/// The buyer's belongings (a hired leader's carried items) that natives and visitors buy,
/// with their basic prices.
pub fn sellable(cat: &Catalog, state: &GameState, buyer: &Buyer) -> Vec<(PieceId, u32)> {
    let Some(place) = buyer.belongings(state) else {
        return Vec::new();
    };
    state
        .piles
        .pile(&place)
        .iter()
        // 6.2.4: not a Treasure card he is committed to keep.
        .filter(|c| !buyer.keeps(state, &c.piece))
        .filter_map(|c| basic_price(cat, &c.piece, c.facing).map(|p| (c.piece.clone(), p)))
        .collect()
}

/// 7.6: the deals the buyer can make with the traders in his clearing, in a fixed order:
/// for each trader, each item bought without then with drinks (if he can pay them), each
/// item sold, the boon repaid (if he has the gold).
pub fn deals(cat: &Catalog, state: &GameState, buyer: &Buyer) -> Vec<TradeChoice> {
    let Some(here) = buyer.clearing(state) else {
        return Vec::new();
    };
    let gold = buyer.gold(state);
    let mut out = Vec::new();
    for t in meeting::traders_here(cat, state, here) {
        let drinks = meeting::can_buy_drinks(cat, state, buyer, t);
        for (item, _) in for_sale(cat, state, t) {
            out.push(TradeChoice::Buy {
                from: t,
                item: item.clone(),
                drinks: false,
            });
            if drinks {
                out.push(TradeChoice::Buy {
                    from: t,
                    item,
                    drinks: true,
                });
            }
        }
        for (item, _) in sellable(cat, state, buyer) {
            out.push(TradeChoice::Sell { to: t, item });
        }
        let owed = state
            .seat(buyer.seat())
            .and_then(|s| s.boons.iter().find(|b| b.trader == t))
            .map(|b| b.gold);
        if owed.is_some_and(|g| i64::from(gold) >= i64::from(g)) {
            out.push(TradeChoice::RepayBoon { to: t });
        }
    }
    out
}

/// The deals the seat can make in his Trade phase, then `Proceed` to trade nothing.
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    meeting::with_proceed(
        deals(cat, state, &Buyer::character(seat))
            .into_iter()
            .map(|deal| A::Trade { deal })
            .collect(),
    )
}

/// Does the Trade phase as the action says.
pub fn do_trade(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
    events: &mut Events,
) -> Result<(), RuleError> {
    let deal = match action {
        A::Trade { deal } => deal,
        A::Proceed => {
            return meeting::pass_phase(cat, state, seat, meeting::MeetingFor::Trade, events)
        }
        other => {
            return Err(RuleError::illegal(format!(
                "{other:?} does not do a Trade phase"
            )))
        }
    };
    if !options(cat, state, seat).contains(action) {
        return Err(RuleError::illegal(format!(
            "{deal:?} is not a deal he can make here"
        )));
    }
    trade(cat, state, &Buyer::character(seat), deal, events)
}

/// 7.6: the buyer buys (a Meeting Table roll), sells or repays a boon.
pub fn trade(
    cat: &Catalog,
    state: &mut GameState,
    buyer: &Buyer,
    deal: &TradeChoice,
    events: &mut Events,
) -> Result<(), RuleError> {
    match deal {
        TradeChoice::Buy { from, item, drinks } => {
            let basic = for_sale(cat, state, *from)
                .into_iter()
                .find(|(p, _)| p == item)
                .map(|(_, p)| p)
                .ok_or_else(|| RuleError::illegal("the trader does not hold that item"))?;
            // He looks at the trader's cards as he trades (rulings: 7.6); a hired
            // leader's employer sees them.
            let seen: Vec<PieceId> = state
                .piles
                .pile(&holdings(*from))
                .iter()
                .map(|c| c.piece.clone())
                .collect();
            if let Some(s) = state.seat_mut(buyer.seat()) {
                s.known.extend(seen);
            }
            let result = meeting::meet(
                cat,
                state,
                buyer,
                *from,
                *drinks,
                meeting::MeetingFor::Trade,
                events,
            )?;
            let offer = meeting::Offer {
                trader: *from,
                deal: Deal::Buy { item: item.clone() },
                result,
                basic,
                price: 0,
            };
            meeting::open_offer(cat, state, buyer, offer, events)
        }
        TradeChoice::Sell { to, item } => sell(cat, state, buyer, *to, item, events),
        TradeChoice::RepayBoon { to } => repay(cat, state, buyer, *to, events),
    }
}

/// Moves a bought item to the buyer (after he paid `paid`; `None` for a boon): to a
/// character's belongings, or to what a hired leader carries for his employer.
pub fn take_item(
    cat: &Catalog,
    state: &mut GameState,
    buyer: &Buyer,
    from: Trader,
    item: &PieceId,
    paid: Option<u32>,
    events: &mut Events,
) -> Result<(), RuleError> {
    let boon = paid.is_none();
    let paid = paid.unwrap_or(0);
    let seat = buyer.seat();
    if state.piles.place_of(item) != Some(&holdings(from)) {
        return Err(RuleError::internal("the item left the trader's box"));
    }
    let mut activation = Vec::new();
    match buyer {
        Buyer::Character { .. } => {
            let place = buyer
                .belongings(state)
                .ok_or_else(|| RuleError::internal("a buying seat has no character"))?;
            state.piles.move_to(item, place, None);
            if let Some(s) = state.seat_mut(seat) {
                s.known.insert(item.clone());
            }
            activation = super::belongings::obtained(cat, state, seat, item);
        }
        Buyer::Leader { leader, .. } => {
            super::carried::keep(cat, state, &super::leaders::counter(leader), item)
        }
    }
    let name = buyer.name(cat, state);
    let how = if boon {
        "as a boon".to_string()
    } else {
        format!("for {paid} gold")
    };
    let kind = item.kind();
    let (text, bought, told) = match buyer {
        Buyer::Character { .. } => (
            format!(
                "{name} buys an item ({kind:?}) from {} {how}.",
                meeting::trader_name(from)
            ),
            E::ItemBought {
                seat,
                from,
                kind,
                price: paid,
                boon,
            },
            format!("You buy {item}."),
        ),
        Buyer::Leader { leader, .. } => (
            format!(
                "{name} buys an item ({kind:?}) from {} {how}, and carries it for his employer.",
                meeting::trader_name(from)
            ),
            E::LeaderItemBought {
                leader: leader.clone(),
                from,
                kind,
                price: paid,
                boon,
            },
            format!("Your {name} buys {item}."),
        ),
    };
    events.push(Event::public("7.6", text, bought));
    events.push(Event::private(
        "7.6",
        seat,
        told,
        E::BoughtPiece {
            piece: item.clone(),
        },
    ));
    events.extend(activation);
    Ok(())
}

/// 3.3.6f: the Fame a Treasure card with a Fame reward gives when sold to its group.
pub fn fame_reward(cat: &Catalog, item: &PieceId, to: Trader) -> u32 {
    match (item, to) {
        (PieceId::Treasure { id }, Trader::Native(g)) => cat
            .items
            .treasure(id)
            .and_then(|t| t.fame_reward)
            .filter(|r| r.group == g)
            .map_or(0, |r| r.fame),
        _ => 0,
    }
}

/// 7.6 (GAPS §5): selling without the optional Commerce table: the basic price, no roll
/// (a hired leader's gold recorded on his sheet); a card with a Fame reward sold to its
/// group also gives that Fame (3.3.6f), to a hired leader's employer.
fn sell(
    cat: &Catalog,
    state: &mut GameState,
    buyer: &Buyer,
    to: Trader,
    item: &PieceId,
    events: &mut Events,
) -> Result<(), RuleError> {
    let price = sellable(cat, state, buyer)
        .into_iter()
        .find(|(p, _)| p == item)
        .map(|(_, p)| p)
        .ok_or_else(|| RuleError::illegal("he does not carry that item"))?;
    let seat = buyer.seat();
    let fame = fame_reward(cat, item, to);
    state.piles.move_to(item, holdings(to), None);
    buyer.earn(state, price);
    if let Some(s) = state.seat_mut(seat) {
        let reward = crate::magic_realm::points::Points::new(i64::from(fame), 1)
            .ok_or_else(|| RuleError::internal("a Fame reward out of range"))?;
        s.fame.gain(reward)?;
    }
    let name = buyer.name(cat, state);
    let kind = item.kind();
    let (reward, sold, told) = match buyer {
        Buyer::Character { .. } => (
            format!(" and {fame} Fame"),
            E::ItemSold {
                seat,
                to,
                kind,
                price,
                fame,
            },
            format!("You sell {item}."),
        ),
        Buyer::Leader { leader, .. } => (
            format!(" (his employer gains {fame} Fame)"),
            E::LeaderItemSold {
                leader: leader.clone(),
                to,
                kind,
                price,
                fame,
            },
            format!("Your {name} sells {item}."),
        ),
    };
    let reward = if fame > 0 { reward } else { String::new() };
    events.push(Event::public(
        "7.6",
        format!(
            "{name} sells an item ({kind:?}) to {} for {price} gold{reward}.",
            meeting::trader_name(to)
        ),
        sold,
    ));
    events.push(Event::private(
        "7.6",
        seat,
        told,
        E::SoldPiece {
            piece: item.clone(),
        },
    ));
    Ok(())
}

/// 7.6: the boon `seat` owes `to` is settled: it comes off his sheet (the trader's
/// friendliness returns); what it was worth, for whoever repays it.
pub fn settle_boon(state: &mut GameState, seat: Seat, to: Trader) -> Result<u32, RuleError> {
    let sheet = state
        .seat_mut(seat)
        .ok_or_else(|| RuleError::internal("no such seat"))?;
    let i = sheet
        .boons
        .iter()
        .position(|b| b.trader == to)
        .ok_or_else(|| RuleError::illegal("no boon is owed to that trader"))?;
    Ok(sheet.boons.remove(i).gold)
}

/// 7.6: repaying a boon (a hired leader, his employer's, with his gold): he pays what it
/// was worth, and the trader's friendliness returns.
fn repay(
    cat: &Catalog,
    state: &mut GameState,
    buyer: &Buyer,
    to: Trader,
    events: &mut Events,
) -> Result<(), RuleError> {
    let seat = buyer.seat();
    let gold = settle_boon(state, seat, to)?;
    buyer.spend(state, gold);
    let whose = match buyer {
        Buyer::Character { .. } => "his",
        Buyer::Leader { .. } => "his employer's",
    };
    events.push(Event::public(
        "7.6",
        format!(
            "{} repays {whose} boon to {} with {gold} gold.",
            buyer.name(cat, state),
            meeting::trader_name(to)
        ),
        E::BoonRepaid { seat, to, gold },
    ));
    Ok(())
}
