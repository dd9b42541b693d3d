//! Hired leaders' and controlled monsters' gifts to other players (rules 7.2.1, 6.2.5):
//! at the start of a phase of its own turn (or its employer's turn to trade at the end of
//! combat, 8.8) a carrier gives belongings and gold it carries to other players'
//! characters, hired leaders and controlled monsters in its clearing, its employer
//! deciding. What it carries is its employer's already: he takes it back at his own
//! phases (`carried::options`). A hired leader gives them, at the same moments, the
//! discoveries lying in that clearing that they lack (4.5.4; 4.5.4h: information passes
//! when characters and hired leaders may trade).

use super::carried::{
    add_gold, blocked, carried, carriers_of, clearing_of, describe, employer, guide, knows, learn,
    logged, name, put,
};
use super::following::Guide;
use super::gifts::GOLD_STEPS;
use super::{belongings, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{Gift, MagicRealmAction as A, MagicRealmEvent as E, Receiver};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::spells::carrying;
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::{Discoveries, GameState};

type Events = Vec<Event<E>>;

/// 7.2.1: whom the carrier may give to now, in its clearing: other players' characters
/// (not blocked, not turned into mist, not following someone else) and other players'
/// carriers (not blocked, not following anyone, not mist); none while the carrier is mist
/// (4.6.8b: mist carries nothing untransmorphized). What it carries is its employer's
/// already: he takes it back, or passes it to his other carriers, at his own phases.
/// `evening`: at the end of combat (8.8), when the day's blocks no longer stop trading.
pub(super) fn receivers(
    cat: &Catalog,
    state: &GameState,
    carrier: &PieceId,
    evening: bool,
) -> Vec<Receiver> {
    let Some(here) = clearing_of(state, carrier) else {
        return Vec::new();
    };
    let Some(boss) = employer(cat, state, carrier) else {
        return Vec::new();
    };
    if (!evening && blocked(state, carrier)) || !carrying::carrier_may_trade(cat, state, carrier) {
        return Vec::new();
    }
    let mut out: Vec<Receiver> = state
        .all_seats()
        .filter(|s| *s != boss)
        .filter(|s| who::playing(state, *s) && who::clearing(state, *s) == Some(here))
        .filter(|s| evening || !state.today.blocked.contains(s))
        .filter(|s| carrying::may_trade(cat, state, *s))
        .filter(|s| match carrier {
            PieceId::Native { id } if state.today.following.get(s) == Some(&Guide::leader(id)) => {
                true
            }
            _ => !super::following::is_following(state, *s),
        })
        .map(|seat| Receiver::Character { seat })
        .collect();
    out.extend(
        state
            .all_seats()
            .filter(|s| *s != boss)
            .flat_map(|s| carriers_of(cat, state, s))
            .filter(|c| c != carrier && clearing_of(state, c) == Some(here))
            .filter(|c| evening || !blocked(state, c))
            .filter(|c| guide(cat, state, c).is_none())
            .filter(|c| carrying::carrier_may_trade(cat, state, c))
            .map(|piece| Receiver::Hireling { piece }),
    );
    out
}

/// 7.2.1: the gifts the carrier may make now (its belongings and gold, in steps of 1, 5
/// and 10; 4.6.8b: not those transmorphized with it), to each receiver in its clearing.
pub fn give_options(cat: &Catalog, state: &GameState, carrier: &PieceId, evening: bool) -> Vec<A> {
    let mut gifts: Vec<Gift> = carrying::unfrozen_carried(cat, state, carrier)
        .into_iter()
        .map(|piece| Gift::Belonging { piece })
        .collect();
    let gold = carrying::spendable_carrier_gold(cat, state, carrier);
    gifts.extend(
        GOLD_STEPS
            .iter()
            .filter(|g| **g <= gold)
            .map(|g| Gift::Gold { gold: *g }),
    );
    let mut out = Vec::new();
    for to in receivers(cat, state, carrier, evening) {
        for gift in &gifts {
            out.push(A::HirelingGives {
                hireling: carrier.clone(),
                to: to.clone(),
                gift: gift.clone(),
            });
        }
    }
    out.extend(
        discovery_gifts(cat, state, carrier, evening)
            .into_iter()
            .map(|(to, gift)| A::HirelingGives {
                hireling: carrier.clone(),
                to,
                gift,
            }),
    );
    out
}

/// The discoveries `receiver` has (4.5.4): a character's, a hired leader's own; `None`
/// for a controlled monster, which has none of its own.
fn receiver_discoveries(
    cat: &Catalog,
    state: &GameState,
    receiver: &Receiver,
) -> Option<Discoveries> {
    match receiver {
        Receiver::Character { seat } => state.seat(*seat).map(|s| s.discoveries.clone()),
        Receiver::Hireling { piece } => super::carried::hired_leader(cat, state, piece)
            .map(|leader| super::leader_search::discoveries(state, &leader)),
    }
}

/// 4.5.4, 7.2.1: the discoveries a hired leader may show now, to each receiver in his
/// clearing (other players' characters and hired leaders, see [`receivers`]): those of
/// his own lying in that clearing (4.5.4a) that the receiver lacks. A controlled monster
/// has none to give, and none are given to one.
pub(super) fn discovery_gifts(
    cat: &Catalog,
    state: &GameState,
    carrier: &PieceId,
    evening: bool,
) -> Vec<(Receiver, Gift)> {
    let (Some(leader), Some(here)) = (
        super::carried::hired_leader(cat, state, carrier),
        clearing_of(state, carrier),
    ) else {
        return Vec::new();
    };
    let his = super::leader_search::discoveries(state, &leader);
    let lying = super::gifts::discoveries_in(cat, state, &his, here);
    if lying.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for to in receivers(cat, state, carrier, evening) {
        let Some(theirs) = receiver_discoveries(cat, state, &to) else {
            continue;
        };
        out.extend(
            lying
                .iter()
                .filter(|g| !knows(&theirs, g))
                .map(|g| (to.clone(), g.clone())),
        );
    }
    out
}

/// 8.8: at the end of combat, in his turn to trade, the gifts the seat's carriers in his
/// clearing may make.
pub fn evening_give_options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    let Some(here) = who::clearing(state, seat) else {
        return Vec::new();
    };
    carriers_of(cat, state, seat)
        .iter()
        .filter(|c| clearing_of(state, c) == Some(here))
        .flat_map(|c| give_options(cat, state, c, true))
        .collect()
}

/// Applies a legal `HirelingGives`: the carrier gives `to` a belonging or gold it carries.
pub fn carrier_gives(
    cat: &Catalog,
    state: &mut GameState,
    carrier: &PieceId,
    to: &Receiver,
    gift: &Gift,
    events: &mut Events,
) -> Result<(), RuleError> {
    let shown = logged(state, gift);
    let what = describe(state, gift);
    match (gift, to) {
        (Gift::Belonging { piece }, _) if !carried(state, carrier).contains(piece) => {
            return Err(RuleError::illegal(format!(
                "{carrier} does not carry {piece}"
            )));
        }
        (Gift::Belonging { piece }, _) if carrying::carried_frozen(cat, state, carrier, piece) => {
            return Err(RuleError::illegal(format!(
                "{piece} is transmorphized with {carrier}: it cannot be given (4.6.8b)"
            )));
        }
        (Gift::Belonging { piece }, Receiver::Character { seat }) => {
            let place = who::belongings_place(state, *seat)
                .ok_or_else(|| RuleError::illegal("the receiver has no character"))?;
            state.piles.move_to(piece, place, None);
            if let Some(s) = state.seat_mut(*seat) {
                s.known.insert(piece.clone());
            }
            events.extend(belongings::obtained(cat, state, *seat, piece));
        }
        (Gift::Belonging { piece }, Receiver::Hireling { piece: keeper }) => {
            put(cat, state, keeper, piece);
        }
        (Gift::Gold { gold }, _)
            if *gold <= 0 || *gold > carrying::spendable_carrier_gold(cat, state, carrier) =>
        {
            return Err(RuleError::illegal(format!(
                "{carrier} has not {gold} gold to give"
            )));
        }
        (Gift::Gold { gold }, Receiver::Character { seat }) => {
            add_gold(state, carrier, -gold);
            if let Some(s) = state.seat_mut(*seat) {
                s.gold += gold;
            }
        }
        (Gift::Gold { gold }, Receiver::Hireling { piece: keeper }) => {
            add_gold(state, carrier, -gold);
            add_gold(state, keeper, *gold);
        }
        (Gift::Path { .. } | Gift::Site { .. } | Gift::SiteCard { .. }, _)
            if !discovery_gifts(cat, state, carrier, true)
                .iter()
                .any(|(r, g)| r == to && g == gift) =>
        {
            return Err(RuleError::illegal(format!(
                "{carrier} cannot show that discovery to {to:?} here (4.5.4)"
            )));
        }
        (
            Gift::Path { .. } | Gift::Site { .. } | Gift::SiteCard { .. },
            Receiver::Character { seat },
        ) => {
            learn(
                cat,
                state,
                |st| st.seat_mut(*seat).map(|s| &mut s.discoveries),
                gift,
                events,
            );
        }
        (
            Gift::Path { .. } | Gift::Site { .. } | Gift::SiteCard { .. },
            Receiver::Hireling { piece },
        ) => {
            let leader = super::carried::hired_leader(cat, state, piece)
                .ok_or_else(|| RuleError::illegal("a controlled monster has no discoveries"))?;
            learn(
                cat,
                state,
                |st| super::leader_search::discoveries_mut(st, &leader),
                gift,
                events,
            );
        }
        _ => {
            return Err(RuleError::illegal(
                "a hired leader or controlled monster gives only belongings, gold and discoveries",
            ))
        }
    }
    let receiver = match to {
        Receiver::Character { seat } => who::who(cat, state, *seat),
        Receiver::Hireling { piece } => name(cat, piece),
    };
    let discovery = matches!(
        gift,
        Gift::Path { .. } | Gift::Site { .. } | Gift::SiteCard { .. }
    );
    events.push(Event::public(
        if discovery { "4.5.4" } else { "7.2.1" },
        if discovery {
            format!("{} shows {receiver} {what}.", name(cat, carrier))
        } else {
            format!("{} gives {receiver} {what}.", name(cat, carrier))
        },
        E::HirelingGave {
            hireling: carrier.clone(),
            to: to.clone(),
            gift: shown,
        },
    ));
    Ok(())
}

/// 7.2.1, 7.2.2: at the start of a phase of the character's turn, each hired leader and
/// controlled monster of his following him (with him, 6.3.2) may abandon what it carries
/// or give it to other players there, as at the start of its own phases.
pub fn following_options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    let Some(here) = who::clearing(state, seat) else {
        return Vec::new();
    };
    if !belongings::may_rearrange(state, seat) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for carrier in carriers_of(cat, state, seat) {
        if guide(cat, state, &carrier) != Some(Guide::character(seat))
            || clearing_of(state, &carrier) != Some(here)
            || blocked(state, &carrier)
        {
            continue;
        }
        // 4.6.8b: not what is transmorphized with it.
        out.extend(
            carrying::unfrozen_carried(cat, state, &carrier)
                .into_iter()
                .map(|piece| A::HirelingAbandons {
                    hireling: carrier.clone(),
                    piece,
                }),
        );
        out.extend(give_options(cat, state, &carrier, false));
    }
    out
}
