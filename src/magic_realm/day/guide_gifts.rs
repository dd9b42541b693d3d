//! A hired leader (or controlled monster) following another player's character (rules
//! 7.2.1, 7.2.2, 7.11): "characters, hired leaders, or controlled monsters that are
//! following may also trade ... whenever the guide they are following begins a phase",
//! and "may also rearrange their belongings whenever the guide they are following begins
//! a phase". As the guide begins each phase of his turn, before he does anything, the
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
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::GameState;
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

/// The carriers that have decided at the start of the current phase.
fn decided(state: &GameState) -> BTreeSet<PieceId> {
    state
        .today
        .guide_phase_gifts
        .as_ref()
        .filter(|g| g.turn == state.today.turn && g.phase == state.today.phase)
        .map(|g| g.done.clone())
        .unwrap_or_default()
}

/// 7.11: the other players' carriers following the character `guide`, with him in his
/// clearing (6.3.2), in seat order, then each seat's hiring order.
fn followers(cat: &Catalog, state: &GameState, guide_seat: Seat) -> Vec<PieceId> {
    let Some(here) = who::clearing(state, guide_seat) else {
        return Vec::new();
    };
    state
        .all_seats()
        .filter(|s| *s != guide_seat)
        .flat_map(|s| carriers_of(cat, state, s))
        .filter(|c| guide(cat, state, c) == Some(Guide::character(guide_seat)))
        .filter(|c| clearing_of(state, c) == Some(here))
        .collect()
}

/// 7.2.1, 7.2.2: the employer and carrier whose decision the guide's phase waits for: the
/// guide taking his turn has begun a phase (its activity not done yet, he may rearrange:
/// in a clearing, not blocked, nothing pending), and a carrier of another player following
/// him has not decided yet and has something to decide (4.6.8b: not while it is mist or
/// transmorphized, its belongings frozen).
pub fn awaiting(cat: &Catalog, state: &GameState) -> Option<(Seat, PieceId)> {
    let guide_seat = super::daylight::turn_of(state)?;
    if state.today.pending.is_some()
        || super::phantasm::in_turn(state, guide_seat)
        || super::daylight::activity(state, guide_seat).is_none()
        || !belongings::may_rearrange(state, guide_seat)
    {
        return None;
    }
    let done = decided(state);
    followers(cat, state, guide_seat)
        .into_iter()
        .filter(|c| !done.contains(c))
        .filter(|c| !super::creatures::frozen_denizen(cat, state, c))
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
            let mut done = decided(state);
            done.insert(carrier);
            state.today.guide_phase_gifts = Some(GuidePhaseGifts {
                turn: state.today.turn,
                phase: state.today.phase,
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
