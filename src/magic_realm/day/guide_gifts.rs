//! A hired leader (or controlled monster) following another player's character, or a
//! hired leader (rules 7.2.1, 7.2.2, 7.11): "characters, hired leaders, or controlled
//! monsters that are following may also trade ... whenever the guide they are following
//! begins a phase", and "may also rearrange their belongings whenever the guide they are
//! following begins a phase". As the guide begins each phase of his turn, before he does
//! anything (a hired leader guide: once his own employer has decided for him), the
//! employer of each such carrier in his clearing (in seat order, then hiring order) may
//! have it abandon what it carries or give it (its belongings, gold and, a leader, the
//! discoveries lying there) to the others there, exactly as at the carrier's own phases
//! ([`super::carried::apply_decision`]); then `Proceed`, and the guide's turn goes on. A
//! carrier following its own employer decides inside its employer's turn instead
//! ([`super::carrier_gifts::following_options`]).

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

/// 7.2.1, 7.2.2: the carriers whose employers have decided at the start of the guide's
/// current phase (the turn and phase of `today` it was).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GuidePhaseGifts {
    pub turn: usize,
    pub phase: usize,
    pub done: BTreeSet<PieceId>,
}

/// The carriers that have decided at the start of the guide's current phase `phase`.
fn decided(state: &GameState, phase: usize) -> BTreeSet<PieceId> {
    state
        .today
        .guide_phase_gifts
        .as_ref()
        .filter(|g| g.turn == state.today.turn && g.phase == phase)
        .map(|g| g.done.clone())
        .unwrap_or_default()
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

/// 7.11: the carriers following `guide` with him in his clearing (6.3.2), in seat order,
/// then each seat's hiring order; not a character guide's own (they decide within his
/// turn, [`super::carrier_gifts::following_options`]).
fn followers(
    cat: &Catalog,
    state: &GameState,
    guide_now: &Guide,
    here: ClearingRef,
) -> Vec<PieceId> {
    let own = match guide_now {
        Guide::Character { seat } => Some(*seat),
        Guide::Leader { .. } | Guide::Monster { .. } => None,
    };
    state
        .all_seats()
        .filter(|s| Some(*s) != own)
        .flat_map(|s| carriers_of(cat, state, s))
        .filter(|c| guide(cat, state, c).as_ref() == Some(guide_now))
        .filter(|c| clearing_of(state, c) == Some(here))
        .collect()
}

/// 7.2.1, 7.2.2: the employer and carrier whose decision the guide's phase waits for: a
/// guide has begun a phase ([`guide_now`]), and a carrier following him has not decided
/// yet and has something to decide (4.6.8b: what is transmorphized with it is frozen; as
/// mist, everything).
pub fn awaiting(cat: &Catalog, state: &GameState) -> Option<(Seat, PieceId)> {
    let (guide_now, here, phase) = guide_now(state)?;
    let done = decided(state, phase);
    followers(cat, state, &guide_now, here)
        .into_iter()
        .filter(|c| !done.contains(c))
        .filter(|c| carried::may_decide(cat, state, c))
        .find_map(|c| employer(cat, state, &c).map(|e| (e, c)))
}

/// What the employer of the carrier awaited may do: abandon one of its belongings, give
/// one (or gold, or a discovery) to someone in its clearing, or `Proceed`.
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    match awaiting(cat, state) {
        Some((employer, carrier)) if employer == seat => {
            carried::phase_start_options(cat, state, &carrier)
        }
        _ => Vec::new(),
    }
}

/// Applies the employer's decision for the carrier awaited; after `Proceed` the next
/// follower's employer decides, or the guide goes on with his phase.
pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
    events: &mut Events,
) -> Result<(), RuleError> {
    let (boss, carrier) = awaiting(cat, state)
        .ok_or_else(|| RuleError::illegal("no follower's employer is deciding"))?;
    if boss != seat {
        return Err(RuleError::illegal(format!(
            "{} follows another player's character: its own employer decides (7.2.1)",
            carried::name(cat, &carrier)
        )));
    }
    if let Some(done) = carried::apply_decision(cat, state, &carrier, action, events) {
        return done;
    }
    match action {
        A::Proceed => {
            let phase = guide_now(state).map_or(state.today.phase, |(_, _, p)| p);
            let mut done = decided(state, phase);
            done.insert(carrier);
            state.today.guide_phase_gifts = Some(GuidePhaseGifts {
                turn: state.today.turn,
                phase,
                done,
            });
            Ok(())
        }
        other => Err(RuleError::illegal(format!(
            "{other:?}: as his guide begins a phase, a follower may only abandon or give what \
             he carries (7.2.1, 7.2.2)"
        ))),
    }
}
