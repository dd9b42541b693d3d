//! Followers at their guide's phases (rules 7.2.1, 7.2.2, 7.11): "characters, hired
//! leaders, or controlled monsters that are following may also trade ... whenever the
//! guide they are following begins a phase", and "may also rearrange their belongings
//! whenever the guide they are following begins a phase". As the guide (a character or a
//! hired leader) begins each phase of his turn, before he does anything (a hired leader
//! guide: once his own employer has decided for him), each follower in his clearing
//! decides in turn (in seat order: a seat's character, then its carriers in hiring order):
//! a character following him rearranges his belongings and gives to those with him, as at
//! the start of his own phase ([`super::belongings::ground_options`],
//! [`super::gifts::follower_options`]); another player's carrier abandons what it carries
//! or gives it, exactly as at its own phases ([`super::carried::apply_decision`]); then
//! `Proceed`, and the guide's turn goes on. A carrier following its own employer decides
//! inside its employer's turn instead ([`super::carrier_gifts::following_options`]).

use super::carried::{self, carriers_of, clearing_of, employer, guide};
use super::following::Guide;
use super::{belongings, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::{GameState, Turner};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

type Events = Vec<Event<E>>;

/// 7.2.1, 7.2.2: the followers who have decided at the start of the guide's current phase
/// (the turn and phase of `today` it was), and the belongings the characters among them
/// have rearranged then (each changed once, as at his own phase).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GuidePhaseGifts {
    pub turn: usize,
    pub phase: usize,
    pub done: BTreeSet<PieceId>,
    /// The characters following him who have decided.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub seats: BTreeSet<Seat>,
    /// The belongings those characters have rearranged.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub rearranged: BTreeSet<PieceId>,
}

/// A follower deciding as his guide begins a phase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Follower {
    /// A character following him.
    Character { seat: Seat },
    /// Another player's hired leader or controlled monster following him.
    Carrier { piece: PieceId },
}

/// What has been decided at the start of the guide's current phase `phase`.
fn decided(state: &GameState, phase: usize) -> GuidePhaseGifts {
    state
        .today
        .guide_phase_gifts
        .as_ref()
        .filter(|g| g.turn == state.today.turn && g.phase == phase)
        .cloned()
        .unwrap_or(GuidePhaseGifts {
            turn: state.today.turn,
            phase,
            ..GuidePhaseGifts::default()
        })
}

/// 7.2.1, 7.2.2: the guide beginning a phase now, where, and the index of that phase: the
/// character taking his turn (his activity not done yet, and he may rearrange: in a
/// clearing, not blocked, nothing pending), or the hired leader taking his (once his
/// employer has decided for him at the start of it; in a clearing, not blocked).
fn guide_now(state: &GameState) -> Option<(Guide, ClearingRef, usize)> {
    if state.today.pending.is_some() {
        return None;
    }
    if let Some(seat) = super::daylight::turn_of(state) {
        if super::phantasm::in_turn(state, seat)
            || super::daylight::activity(state, seat).is_none()
            || !belongings::may_rearrange(state, seat)
        {
            return None;
        }
        let here = who::clearing(state, seat)?;
        return Some((Guide::character(seat), here, state.today.phase));
    }
    let Some(Turner::Leader { employer, leader }) = state.today.order.get(state.today.turn) else {
        return None;
    };
    let turn = state.today.leader_turn.as_ref()?;
    let phases = super::leaders::hireling(state, *employer, leader)?
        .record
        .len();
    if turn.phase >= phases
        || state.today.blocked_leaders.contains(leader)
        || super::leaders::awaiting(state).is_some()
    {
        return None;
    }
    let here = super::leaders::clearing(state, leader)?;
    Some((Guide::leader(leader), here, turn.phase))
}

/// 7.11: the followers of `guide` with him in his clearing (6.3.2), in seat order: each
/// seat's character, then its carriers in hiring order; not a character guide's own
/// carriers (they decide within his turn, [`super::carrier_gifts::following_options`]).
fn followers(
    cat: &Catalog,
    state: &GameState,
    guide_now: &Guide,
    here: ClearingRef,
) -> Vec<Follower> {
    let own = match guide_now {
        Guide::Character { seat } => Some(*seat),
        Guide::Leader { .. } | Guide::Monster { .. } => None,
    };
    let mut out = Vec::new();
    for s in state.all_seats().filter(|s| Some(*s) != own) {
        if super::following::guide_of(state, s) == Some(guide_now)
            && who::clearing(state, s) == Some(here)
        {
            out.push(Follower::Character { seat: s });
        }
        out.extend(
            carriers_of(cat, state, s)
                .into_iter()
                .filter(|c| guide(cat, state, c).as_ref() == Some(guide_now))
                .filter(|c| clearing_of(state, c) == Some(here))
                .map(|piece| Follower::Carrier { piece }),
        );
    }
    out
}

/// 7.2.1, 7.2.2: what a character following `guide_now` may do as the guide begins a
/// phase, `Proceed` aside: rearrange (not blocked, 7.2.2) and give to those with him.
fn character_options(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    guide_now: &Guide,
    done: &GuidePhaseGifts,
) -> Vec<A> {
    if !who::playing(state, seat) || state.today.blocked.contains(&seat) {
        return Vec::new();
    }
    let mut out = belongings::ground_options(cat, state, seat, &done.rearranged);
    out.extend(super::gifts::follower_options(cat, state, seat, guide_now));
    out.extend(carried::follower_options(cat, state, seat, guide_now));
    out
}

/// 7.2.1, 7.2.2: the seat and follower whose decision the guide's phase waits for: a
/// guide has begun a phase ([`guide_now`]), and a follower with him has not decided yet
/// and has something to decide (a carrier: 4.6.8b, what is transmorphized with it is
/// frozen; as mist, everything).
pub fn awaiting(cat: &Catalog, state: &GameState) -> Option<(Seat, Follower)> {
    let (guide_now, here, phase) = guide_now(state)?;
    let done = decided(state, phase);
    followers(cat, state, &guide_now, here)
        .into_iter()
        .find_map(|f| match &f {
            Follower::Character { seat } => (!done.seats.contains(seat)
                && !character_options(cat, state, *seat, &guide_now, &done).is_empty())
            .then_some((*seat, f)),
            Follower::Carrier { piece } => (!done.done.contains(piece)
                && carried::may_decide(cat, state, piece))
            .then(|| employer(cat, state, piece))
            .flatten()
            .map(|e| (e, f)),
        })
}

/// What the seat deciding for the follower awaited may do: a character rearranges or
/// gives; a carrier's employer has it abandon or give one of its belongings (or gold, or a
/// discovery); or `Proceed`.
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    match awaiting(cat, state) {
        Some((s, Follower::Carrier { piece })) if s == seat => {
            carried::phase_start_options(cat, state, &piece)
        }
        Some((s, Follower::Character { .. })) if s == seat => {
            let Some((guide_now, _, phase)) = guide_now(state) else {
                return Vec::new();
            };
            let done = decided(state, phase);
            let mut out = character_options(cat, state, seat, &guide_now, &done);
            out.push(A::Proceed);
            out
        }
        _ => Vec::new(),
    }
}

/// Applies the decision for the follower awaited; after `Proceed` the next follower
/// decides, or the guide goes on with his phase.
pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
    events: &mut Events,
) -> Result<(), RuleError> {
    let (boss, follower) =
        awaiting(cat, state).ok_or_else(|| RuleError::illegal("no follower is deciding"))?;
    if boss != seat {
        return Err(RuleError::illegal(
            "another follower decides as his guide begins a phase (7.2.1)",
        ));
    }
    let phase = guide_now(state).map_or(state.today.phase, |(_, _, p)| p);
    let mut done = decided(state, phase);
    match (&follower, action) {
        (Follower::Carrier { piece }, _) => {
            if let Some(result) = carried::apply_decision(cat, state, piece, action, events) {
                return result;
            }
        }
        (Follower::Character { .. }, A::Rearrange { piece, change }) => {
            belongings::change_belonging(cat, state, seat, piece, *change, events)?;
            done.rearranged.insert(piece.clone());
            state.today.guide_phase_gifts = Some(done);
            return Ok(());
        }
        (Follower::Character { .. }, A::Give { to, gift }) => {
            return super::gifts::give(cat, state, seat, *to, gift, events);
        }
        (Follower::Character { .. }, A::GiveToHireling { hireling, gift }) => {
            return carried::trade(cat, state, seat, hireling, gift, false, events);
        }
        (Follower::Character { .. }, A::TakeFromHireling { hireling, gift }) => {
            return carried::trade(cat, state, seat, hireling, gift, true, events);
        }
        (Follower::Character { .. }, _) => {}
    }
    match action {
        A::Proceed => {
            match follower {
                Follower::Carrier { piece } => done.done.insert(piece),
                Follower::Character { seat } => done.seats.insert(seat),
            };
            state.today.guide_phase_gifts = Some(done);
            Ok(())
        }
        other => Err(RuleError::illegal(format!(
            "{other:?}: as his guide begins a phase, a follower may only rearrange, abandon or \
             give (7.2.1, 7.2.2)"
        ))),
    }
}
