//! A hired leader flying as his creature (rules 7.3.3, 4.6.8, 6.2.5, 7.11): transmorphized
//! into a flying creature, he is recorded the Fly activity instead of Move, to the tile his
//! record leaves him in or an adjacent one, and does it with the creature's flying values
//! (its strength carries him: his weight is the creature's, and his frozen belongings weigh
//! nothing). Taking off unhides him; the characters following him fly with him if they can
//! fly and are left behind otherwise ([`super::flying::followers_fly`]); he lands at the end
//! of his last consecutive Fly phase (and of his turn) by one die, as a character does, and
//! those flying with him land with him. In the air he neither blocks nor is blocked (he is
//! in no clearing). A hired leader following a flying guide flies with him if he is a
//! flying creature, and lands with him; a character may ride him ([`super::steeds`]). The
//! controlled monsters following him fly with him if they fly (a Bat, a Flying Dragon, or
//! one transmorphized into a flying creature) and land with him; one that cannot fly is left
//! behind and stops following him ([`super::steeds::fly_along`]).

use super::following::{self, Guide};
use super::{birdsong, flying, leaders, who};
use crate::engine::{Event, RuleError};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::denizens::NativeId;
use crate::magic_realm::catalog::magic::FlyValues;
use crate::magic_realm::catalog::tiles::TileId;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::{Activity, GameState};

type Events = Vec<Event<E>>;

/// 7.3.3, 4.6.8: the hired leader's flying values: those of the flying creature he is
/// transmorphized into, if he is one.
pub fn flying_values(cat: &Catalog, state: &GameState, leader: &NativeId) -> Option<FlyValues> {
    super::creatures::denizen_flying_values(cat, state, &leaders::counter(leader))
}

/// 7.3.3: whether the hired leader is a flying creature (he must Fly instead of Move).
pub fn flies(cat: &Catalog, state: &GameState, leader: &NativeId) -> bool {
    flying_values(cat, state, leader).is_some()
}

/// 7.3.3: the tile the hired leader flies over now, between Fly phases.
pub fn flying_over(state: &GameState, leader: &NativeId) -> Option<TileId> {
    match state.piles.place_of(&leaders::counter(leader))? {
        Place::Flying { tile } => Some(*tile),
        _ => None,
    }
}

/// 6.2.5, 7.3.3: the Fly activities his employer may record next for a flying leader who
/// starts the day in `start`: to the tile the record leaves him in, or an adjacent one.
pub fn record_options(state: &GameState, start: ClearingRef, record: &[Activity]) -> Vec<Activity> {
    let tile = birdsong::flown_tile(record).unwrap_or(start.tile);
    flying::in_reach(state, tile)
        .into_iter()
        .map(|to| Activity::Fly { to })
        .collect()
}

/// The leader's counter and his horse, where they are together.
fn with_horse(cat: &Catalog, state: &GameState, leader: &NativeId) -> Vec<PieceId> {
    let counter = leaders::counter(leader);
    let at = state.piles.place_of(&counter).cloned();
    super::hiring::with_horse(cat, leader)
        .into_iter()
        .filter(|p| at.is_some() && state.piles.place_of(p).cloned() == at)
        .collect()
}

/// 7.3.3: the leader and (4.6.8b: frozen with him, it is no horse he must abandon) his
/// horse go up to, or on over, `to`.
fn go_up(cat: &Catalog, state: &mut GameState, leader: &NativeId, to: TileId) {
    for p in with_horse(cat, state, leader) {
        state.piles.move_to(&p, Place::Flying { tile: to }, None);
    }
}

/// 7.3.3: the leader takes off from `from` for `to`: he becomes unhidden, and (4.6.8b)
/// what he carries untransmorphized that his flying strength cannot carry stays behind.
fn take_off(
    cat: &Catalog,
    state: &mut GameState,
    leader: &NativeId,
    from: Option<&Place>,
    to: TileId,
    events: &mut Events,
) {
    leaders::set_hidden(state, leader, false);
    if let Some(Place::Clearing { at }) = from {
        super::carried::leave_heavy_flying(cat, state, leader, *at, events);
    }
    go_up(cat, state, leader, to);
}

/// 7.3.3: does a Fly phase of the hired leader's own turn, to `to`: cancelled unless he is
/// a flying creature in `to` or a tile adjacent to it. Taking off unhides him; the
/// characters and hired leaders following him fly with him if they can.
pub fn fly(
    cat: &Catalog,
    state: &mut GameState,
    leader: &NativeId,
    to: TileId,
    phase: usize,
    events: &mut Events,
) -> Result<(), RuleError> {
    let who = leaders::name(cat, leader);
    let here = state.piles.place_of(&leaders::counter(leader)).cloned();
    let from = match &here {
        Some(Place::Clearing { at }) => Some(at.tile),
        Some(Place::Flying { tile }) => Some(*tile),
        _ => None,
    };
    let reason = if !flies(cat, state, leader) {
        Some("he has no flying strength that can carry him")
    } else if !from.is_some_and(|t| flying::in_reach(state, t).contains(&to)) {
        Some("the tile is neither his own nor adjacent to it")
    } else {
        None
    };
    if let Some(reason) = reason {
        events.push(Event::public(
            "7.3.3",
            format!("Phase {phase}: {who} cannot fly to {to:?}: {reason}; the phase is blank."),
            E::LeaderPhaseCancelled {
                leader: leader.clone(),
            },
        ));
        return Ok(());
    }
    let guide = Guide::leader(leader);
    // 7.11: the controlled monsters following him where he was.
    let along = here.as_ref().map_or_else(Vec::new, |at| {
        super::monster_follow::monsters_behind(cat, state, &guide, at)
    });
    take_off(cat, state, leader, here.as_ref(), to, events);
    events.push(Event::public(
        "7.3.3",
        format!("Phase {phase}: {who} flies to {to:?}."),
        E::LeaderFlew {
            leader: leader.clone(),
            to,
        },
    ));
    flying::followers_fly(cat, state, &guide, to, events)?;
    leaders_fly(cat, state, &guide, here.as_ref(), to, events)?;
    super::steeds::fly_along(cat, state, &guide, along, to, events);
    Ok(())
}

/// 7.3.3, 7.11: the hired leaders following `guide` where he was (`from`) fly with him to
/// `to` if they are flying creatures; one that cannot fly is left behind where he is: he
/// stops following and his turn ends there (7.11a), summoning and blocking as a follower
/// who stops does.
pub(super) fn leaders_fly(
    cat: &Catalog,
    state: &mut GameState,
    guide: &Guide,
    from: Option<&Place>,
    to: TileId,
    events: &mut Events,
) -> Result<(), RuleError> {
    let Some(from) = from else {
        return Ok(());
    };
    for l in following::leaders_behind(state, guide) {
        if state.piles.place_of(&leaders::counter(&l)) != Some(from) {
            continue;
        }
        if !flies(cat, state, &l) {
            state.today.leaders_following.remove(&l);
            events.push(Event::public(
                "7.3.3",
                format!(
                    "{} cannot fly and is left behind by {}: he stops following.",
                    leaders::name(cat, &l),
                    guide.name(cat, state)
                ),
                E::LeaderLeftBehind { leader: l.clone() },
            ));
            leaders::left_behind(cat, state, &l, events)?;
            continue;
        }
        take_off(cat, state, &l, Some(from), to, events);
        events.push(Event::public(
            "7.11",
            format!(
                "{} flies with {} to {to:?}.",
                leaders::name(cat, &l),
                guide.name(cat, state)
            ),
            E::LeaderFlew { leader: l, to },
        ));
    }
    Ok(())
}

/// 7.3.3: the hired leader lands at the end of his last consecutive Fly phase (or of his
/// turn): one die, unmodified, for the clearing of that number in the last tile he flew to
/// (rolled again until one matches); the characters and hired leaders flying with him land
/// with him. Returns where he landed, if he was in the air.
pub fn land(
    cat: &Catalog,
    state: &mut GameState,
    leader: &NativeId,
    events: &mut Events,
) -> Result<Option<ClearingRef>, RuleError> {
    let Some(tile) = flying_over(state, leader) else {
        return Ok(None);
    };
    let who = leaders::name(cat, leader);
    let guide = Guide::leader(leader);
    let along = super::steeds::aloft_behind(cat, state, &guide, &Place::Flying { tile });
    let at = flying::roll_landing(
        cat,
        state,
        tile,
        "7.3.3",
        |_, hit| flying::landing_text(&who, "he", tile, hit),
        || E::LeaderLandingRolled {
            leader: leader.clone(),
            tile,
        },
        events,
    )?;
    set_down(cat, state, leader, at, events);
    flying::land_followers(cat, state, &guide, at, events)?;
    monsters_land(cat, state, along, at, events);
    Ok(Some(at))
}

/// 7.3.3, 7.11: the controlled monsters in the air with a hired leader (`along`, found
/// before he landed) land with him in `at`.
fn monsters_land(
    cat: &Catalog,
    state: &mut GameState,
    along: Vec<PieceId>,
    at: ClearingRef,
    events: &mut Events,
) {
    for monster in along {
        for p in super::steeds::with_part(cat, state, &monster) {
            state.piles.move_to(&p, Place::Clearing { at }, None);
        }
        events.push(Event::public(
            "7.3.3",
            format!(
                "{} lands with him in {}.",
                super::monster_turns::name(cat, &monster),
                who::name(cat, at)
            ),
            E::MonsterLanded { monster, at },
        ));
    }
}

/// Puts the flying leader (and his horse) down in `at`.
fn set_down(
    cat: &Catalog,
    state: &mut GameState,
    leader: &NativeId,
    at: ClearingRef,
    events: &mut Events,
) {
    for p in with_horse(cat, state, leader) {
        state.piles.move_to(&p, Place::Clearing { at }, None);
    }
    events.push(Event::public(
        "7.3.3",
        format!(
            "{} lands in {}.",
            leaders::name(cat, leader),
            who::name(cat, at)
        ),
        E::LeaderLanded {
            leader: leader.clone(),
            at,
        },
    ));
}

/// 7.3.3: the hired leaders in the air following `guide`, who lands in `at`, land with him.
pub(super) fn leaders_land(
    cat: &Catalog,
    state: &mut GameState,
    guide: &Guide,
    at: ClearingRef,
    events: &mut Events,
) {
    for l in following::leaders_behind(state, guide) {
        if flying_over(state, &l).is_some() {
            set_down(cat, state, &l, at, events);
        }
    }
}
