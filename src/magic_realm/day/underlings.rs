//! Hired underlings and their guides (rules 6.3.1, 7.11, 1.6.23): underlings take no turns;
//! each day each one follows a guide, a character or hired leader in his clearing, or
//! spends the day where he is. His employer gives each underling a standing order in
//! Birdsong (by default, to follow the employer himself); at Sunrise each underling whose
//! guide is in his clearing follows him that day (not on the day he was hired, 7.11), and
//! moves wherever his guide moves (not into the air, 7.3.3).

use super::{leaders, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::denizens::{NativeId, NativeRank};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::meeting::Hireling;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::GameState;
use serde::{Deserialize, Serialize};
use tsify::Tsify;

type Events = Vec<Event<E>>;

/// 6.3.1: whom an underling follows.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, Tsify)]
#[serde(tag = "guide", rename_all = "camelCase")]
pub enum UnderlingGuide {
    /// Nobody: he spends the day where he is.
    Stay,
    /// A character.
    Character { seat: Seat },
    /// A hired leader (his own group's or another's).
    Leader { leader: NativeId },
}

/// The term of hire is 14 days (7.7): the day he was hired.
fn hired_on(h: &Hireling) -> u8 {
    h.last_day.saturating_sub(13)
}

fn is_underling(cat: &Catalog, native: &NativeId) -> bool {
    cat.denizens
        .native(native)
        .is_some_and(|n| matches!(n.rank, NativeRank::Underling(_)))
}

fn clearing_of(state: &GameState, native: &NativeId) -> Option<ClearingRef> {
    leaders::clearing(state, native)
}

/// The seat's standing order for `h` (none given: follow the employer).
fn order_of(h: &Hireling, employer: Seat) -> UnderlingGuide {
    h.follows
        .clone()
        .unwrap_or(UnderlingGuide::Character { seat: employer })
}

/// 6.3.1: the guides an underling in `at` may be given: any character or hired leader
/// there.
fn guides_in(cat: &Catalog, state: &GameState, at: ClearingRef) -> Vec<UnderlingGuide> {
    let mut out: Vec<UnderlingGuide> = state
        .all_seats()
        .filter(|s| who::clearing(state, *s) == Some(at))
        .map(|seat| UnderlingGuide::Character { seat })
        .collect();
    for employer in state.all_seats() {
        for leader in leaders::leaders_of(cat, state, employer) {
            if leaders::clearing(state, &leader) == Some(at) {
                out.push(UnderlingGuide::Leader { leader });
            }
        }
    }
    out
}

/// 6.3.1: the orders the seat may give his hired underlings in Birdsong.
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    let Some(sheet) = state.seat(seat) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for h in sheet
        .hirelings
        .iter()
        .filter(|h| is_underling(cat, &h.native))
    {
        let Some(at) = clearing_of(state, &h.native) else {
            continue;
        };
        let current = order_of(h, seat);
        let mut choices = vec![UnderlingGuide::Stay];
        choices.extend(guides_in(cat, state, at));
        for guide in choices.into_iter().filter(|g| *g != current) {
            out.push(A::AssignUnderling {
                underling: h.native.clone(),
                guide,
            });
        }
    }
    out
}

/// Applies a legal `AssignUnderling`.
pub fn assign(
    state: &mut GameState,
    seat: Seat,
    underling: &NativeId,
    guide: &UnderlingGuide,
) -> Result<Events, RuleError> {
    let h = state
        .seat_mut(seat)
        .and_then(|s| s.hirelings.iter_mut().find(|h| &h.native == underling))
        .ok_or_else(|| RuleError::internal("no such hired underling"))?;
    h.follows = Some(guide.clone());
    Ok(vec![Event::private(
        "6.3.1",
        seat,
        format!("{} is assigned: {guide:?}.", underling.0),
        E::UnderlingAssigned {
            underling: underling.clone(),
            guide: guide.clone(),
        },
    )])
}

/// 6.3.1, 7.11: at Sunrise each underling whose guide is in his clearing follows him
/// today; one hired today waits for tomorrow.
pub fn sunrise(cat: &Catalog, state: &mut GameState, day: u8, events: &mut Events) {
    unhide_all(cat, state);
    let mut following = Vec::new();
    for employer in state.all_seats() {
        let Some(sheet) = state.seat(employer) else {
            continue;
        };
        for h in sheet
            .hirelings
            .iter()
            .filter(|h| is_underling(cat, &h.native))
        {
            let Some(at) = clearing_of(state, &h.native) else {
                continue;
            };
            if hired_on(h) >= day {
                continue;
            }
            let guide = order_of(h, employer);
            if guide != UnderlingGuide::Stay && guides_in(cat, state, at).contains(&guide) {
                following.push((h.native.clone(), guide));
            }
        }
    }
    if !following.is_empty() {
        events.push(Event::public(
            "6.3.1",
            format!(
                "{} hired underling(s) follow their guides today.",
                following.len()
            ),
            E::UnderlingsFollow {
                underlings: following.iter().map(|(u, _)| u.clone()).collect(),
            },
        ));
    }
    state.today.underlings_following = following.into_iter().collect();
}

/// 6.3.1: hired underlings are unhidden at the beginning of each day.
pub fn unhide_all(cat: &Catalog, state: &mut GameState) {
    for seat in state.all_seats().collect::<Vec<_>>() {
        if let Some(sheet) = state.seat_mut(seat) {
            for h in sheet.hirelings.iter_mut() {
                if is_underling(cat, &h.native) {
                    h.hidden = false;
                }
            }
        }
    }
}

/// 6.3.1, 7.11b: the only way a hired underling hides is by following a guide when he
/// hides; the guide's result (`hidden`) applies to the underlings following him, whether
/// the guide is a character or a hired leader.
pub fn share_hide(cat: &Catalog, state: &mut GameState, guide: &UnderlingGuide, hidden: bool) {
    let at = match guide {
        UnderlingGuide::Stay => None,
        UnderlingGuide::Character { seat } => who::clearing(state, *seat),
        UnderlingGuide::Leader { leader } => leaders::clearing(state, leader),
    };
    let Some(at) = at else {
        return;
    };
    let followers: Vec<NativeId> = following_in(cat, state, guide, at)
        .into_iter()
        .filter_map(|p| match p {
            PieceId::Native { id } => Some(id),
            _ => None,
        })
        .collect();
    for employer in state.all_seats().collect::<Vec<_>>() {
        if let Some(sheet) = state.seat_mut(employer) {
            for h in sheet.hirelings.iter_mut() {
                if followers.contains(&h.native) {
                    h.hidden = hidden;
                }
            }
        }
    }
}

/// 7.11d: the strongest move strength among the hired underlings following `guide` in
/// `at` (a native's move strength, 2.2), which the guide uses to carry items as he moves.
pub fn following_strength(
    cat: &Catalog,
    state: &GameState,
    guide: &UnderlingGuide,
    at: ClearingRef,
) -> Option<crate::magic_realm::catalog::common::Size> {
    following_in(cat, state, guide, at)
        .iter()
        .filter_map(|p| match p {
            PieceId::Native { id } => cat.denizens.native(id).map(|n| n.move_strength()),
            _ => None,
        })
        .max()
}

/// The underlings (with their horses) following `guide` in `from`.
pub fn following_in(
    cat: &Catalog,
    state: &GameState,
    guide: &UnderlingGuide,
    from: ClearingRef,
) -> Vec<PieceId> {
    state
        .today
        .underlings_following
        .iter()
        .filter(|(_, g)| *g == guide)
        .flat_map(|(u, _)| {
            let mut v = vec![PieceId::Native { id: u.clone() }];
            if let Some(h) = cat.denizens.native(u).and_then(|n| n.horse.clone()) {
                v.push(PieceId::NativeHorse { id: h });
            }
            v
        })
        .filter(|p| state.piles.place_of(p) == Some(&Place::Clearing { at: from }))
        .collect()
}
