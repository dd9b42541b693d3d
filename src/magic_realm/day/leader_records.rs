//! Hired leaders' records (rules 6.2.5, 6.2.2, 6.2.7): in Birdsong his employer records
//! the leader's turn, in secret, a phase at a time: two Basic phases, two Sunlight phases
//! unless he starts the day in a cave (or records a Move into one), and his own native
//! horse's extra Moves (7.3.2); a Move along the roadways he may use (two into a mountain
//! clearing), or a Fly as a flying creature (7.3.3, `leader_flight`), a Hide, a Search, a Trade or Hire, a Rest or Alert for his followers, or a
//! Follow as his whole turn. His turn itself is taken in `leaders`.

use super::leaders::{clearing, hireling, hireling_mut, leaders_of, move_targets, ridden_horse};
use super::{birdsong, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::denizens::NativeId;
use crate::magic_realm::catalog::items::HorseKind;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::state::{Activity, GameState};

type Events = Vec<Event<E>>;

/// 6.2.5, 6.2.2: a leader's phases when he starts the day in `start`: two Basic, two
/// Sunlight unless he starts in a cave, and (7.3.2) the extra Move phases his own native
/// horse gives, as a character riding it gets (none recorded in a cave).
pub(super) fn entitlement(
    cat: &Catalog,
    state: &GameState,
    leader: &NativeId,
    start: ClearingRef,
) -> birdsong::Entitlement {
    let horse = ridden_horse(cat, state, leader, start);
    birdsong::Entitlement {
        basic: 2,
        sunlight: if who::is_cave(cat, state, start) {
            0
        } else {
            2
        },
        extra: if horse == Some(HorseKind::Workhorse) {
            vec![(birdsong::Kind::Move, birdsong::Source::Horse)]
        } else {
            Vec::new()
        },
        pony: horse == Some(HorseKind::Pony),
        reputation: false,
        lit: false,
        cards: Vec::new(),
    }
}

/// 6.2.5, 6.2.2: whether a leader's record fits his phases (see [`entitlement`]); a
/// record with a Move into a cave has no Sunlight phases; a Follow is recorded alone.
fn fits(
    cat: &Catalog,
    state: &GameState,
    leader: &NativeId,
    start: ClearingRef,
    record: &[Activity],
) -> bool {
    birdsong::fits(cat, state, &entitlement(cat, state, leader, start), record)
}

/// 6.2.5: what the seat may record for each of his hired leaders in Birdsong.
pub fn record_options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    let mut out = Vec::new();
    for leader in leaders_of(cat, state, seat) {
        let (Some(start), Some(h)) = (clearing(state, &leader), hireling(state, seat, &leader))
        else {
            continue;
        };
        let record = &h.record;
        let mut candidates = Vec::new();
        let (at, half) = birdsong::planned_position(cat, state, start, record);
        match half {
            // 7.3.3: a flying creature is recorded the Fly activity instead of Move.
            _ if super::leader_flight::flies(cat, state, &leader) => {
                candidates.extend(super::leader_flight::record_options(state, start, record))
            }
            Some(mountain) => candidates.push(Activity::Move { to: mountain }),
            None => {
                // 6.2.5, 6.2.4: he may be recorded any activity a character may, a Move
                // along a hidden path or secret passage he has not discovered included, in
                // hope (Melt into Mist 1: or as mist); blank if he still may not use it then.
                let mut to = move_targets(cat, state, &leader, at, true);
                to.extend(state.map.routes(&cat.tiles, at).into_iter().map(|r| r.to));
                to.sort();
                to.dedup();
                candidates.extend(to.into_iter().map(|to| Activity::Move { to }));
            }
        }
        candidates.push(Activity::Hide);
        // 6.2.5, 7.11f: Rest and Alert, for the characters who will follow him.
        candidates.extend([Activity::Rest, Activity::Alert]);
        // 6.2.5, 7.5: a Search, whose table his employer picks when it is done.
        candidates.push(Activity::Search);
        // 6.2.5, 7.6, 7.7: a Trade or Hire, whose deal his employer makes when it is done.
        candidates.extend([Activity::Trade, Activity::Hire]);
        // 6.2.7: Follow a character or another hired leader in his clearing, as the whole
        // turn.
        if record.is_empty() {
            candidates.extend(super::following::leader_candidates(
                cat, state, &leader, start,
            ));
        }
        for activity in candidates {
            let mut longer = record.clone();
            longer.push(activity.clone());
            if fits(cat, state, &leader, start, &longer) {
                out.push(A::RecordLeaderActivity {
                    leader: leader.clone(),
                    activity,
                });
            }
        }
        if !record.is_empty() {
            out.push(A::TakeBackLeaderActivity {
                leader: leader.clone(),
            });
        }
    }
    out
}

/// Applies a legal leader-recording action.
pub fn apply_record(state: &mut GameState, seat: Seat, action: &A) -> Result<Events, RuleError> {
    let (leader, text) = match action {
        A::RecordLeaderActivity { leader, activity } => {
            let h = hireling_mut(state, seat, leader)
                .ok_or_else(|| RuleError::internal("no such hired leader"))?;
            h.record.push(activity.clone());
            (
                leader,
                format!(
                    "Phase {} recorded for {}: {}.",
                    h.record.len(),
                    leader.0,
                    birdsong::describe(activity)
                ),
            )
        }
        A::TakeBackLeaderActivity { leader } => {
            let h = hireling_mut(state, seat, leader)
                .ok_or_else(|| RuleError::internal("no such hired leader"))?;
            h.record.pop();
            (
                leader,
                format!("The last phase recorded for {} is taken back.", leader.0),
            )
        }
        other => {
            return Err(RuleError::internal(format!(
                "{other:?} is not a leader's recording"
            )))
        }
    };
    Ok(vec![Event::private(
        "6.2.5",
        seat,
        text,
        E::LeaderActivityRecorded {
            leader: leader.clone(),
        },
    )])
}
