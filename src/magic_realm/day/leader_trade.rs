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
//!
//! The buying, selling, repaying, hiring and answering are a character's steps
//! (`trading`, `hiring`, `meeting`) made by a `buyer::Buyer::Leader`; this module offers
//! and applies the employer's choices in his leader's phase.

use super::buyer::Buyer;
use super::meeting::{self, MeetingAnswer};
use super::{hiring, leaders, trading};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::denizens::NativeId;
use crate::magic_realm::catalog::Catalog;
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

/// The hired leader as a buyer for his employer; `None` when he has no employer.
fn buyer(state: &GameState, leader: &NativeId) -> Option<Buyer> {
    leaders::employer(state, leader).map(|e| Buyer::leader(leader, e))
}

/// 6.2.5, 7.6, 7.7: the deals the hired leader can make in his clearing in a Trade or Hire
/// phase (`activity`), in a fixed order; empty when there is no one to deal with.
pub fn deals(cat: &Catalog, state: &GameState, leader: &NativeId, activity: &Activity) -> Vec<A> {
    let Some(buyer) = buyer(state, leader) else {
        return Vec::new();
    };
    match activity {
        Activity::Trade => trading::deals(cat, state, &buyer)
            .into_iter()
            .map(|deal| A::LeaderTrade {
                leader: leader.clone(),
                deal,
            })
            .collect(),
        Activity::Hire => hiring::hires(cat, state, &buyer)
            .into_iter()
            .map(|hire| A::LeaderHire {
                leader: leader.clone(),
                hire,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// 7.6, 7.7: what the employer may do at his leader's Trade or Hire phase: a deal, or
/// `Proceed` to make none.
pub fn options(cat: &Catalog, state: &GameState, leader: &NativeId) -> Vec<A> {
    let Some(activity) = leaders::current_activity(state, leader) else {
        return Vec::new();
    };
    meeting::with_proceed(deals(cat, state, leader, &activity))
}

/// 7.6, 7.7: the answers to the Meeting Table result the leader rolled: he pays only with
/// the gold he has recorded; the penalty is his employer's to pay.
pub fn answers(state: &GameState, leader: &NativeId) -> Vec<A> {
    let (Some(offer), Some(buyer)) = (
        state
            .today
            .leader_turn
            .as_ref()
            .and_then(|t| t.offer.as_ref()),
        buyer(state, leader),
    ) else {
        return Vec::new();
    };
    meeting::answers_for(state, &buyer, offer)
        .into_iter()
        .map(|answer: MeetingAnswer| A::AnswerLeaderMeeting {
            leader: leader.clone(),
            answer,
        })
        .collect()
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
    let buyer = Buyer::leader(leader, employer);
    match action {
        A::Proceed => {
            events.push(Event::public(
                "7.6",
                format!("{} makes no deal in his phase.", leaders::name(cat, leader)),
                E::LeaderPhaseCancelled {
                    leader: leader.clone(),
                },
            ));
        }
        A::LeaderTrade { deal, .. } => trading::trade(cat, state, &buyer, deal, events)?,
        A::LeaderHire { hire, .. } => hiring::hire_natives(cat, state, &buyer, hire, events)?,
        A::AnswerLeaderMeeting { answer, .. } => {
            let offer = state
                .today
                .leader_turn
                .as_mut()
                .and_then(|t| t.offer.take())
                .ok_or_else(|| RuleError::internal("no Meeting Table result waits"))?;
            meeting::answer_offer(cat, state, &buyer, offer, *answer, events)?;
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
