//! Controlled monsters following a guide (rules 6.2.5, 6.2.7, 6.3.2, 7.11): one in its
//! controller's clearing with no recorded turn follows him ([`super::steeds`]); one whose
//! controller recorded a Follow for it follows the character or hired leader it names (at
//! the end of his chain), and goes with him as [`super::following`] has his followers do.

use super::following::{guide_today, hired_leaders_in, misted_guide, Guide};
use super::who;
use crate::engine::{Event, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::spells;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::{Activity, GameState};
use std::collections::BTreeMap;

type Events = Vec<Event<E>>;

/// 6.2.5, 6.2.7: the Follows a controlled monster starting the day in `at` may record, as
/// its whole turn: behind any character there other than its controller (with no record
/// it follows him), or any hired leader there, hidden or not.
pub fn candidates(
    cat: &Catalog,
    state: &GameState,
    controller: Seat,
    at: ClearingRef,
) -> Vec<Activity> {
    let characters = state
        .all_seats()
        .filter(|s| *s != controller && who::playing(state, *s))
        .filter(|s| who::clearing(state, *s) == Some(at))
        .map(Guide::character);
    let leaders = hired_leaders_in(cat, state, at)
        .into_iter()
        .map(|l| Guide::Leader { leader: l });
    characters
        .chain(leaders)
        .filter(|g| !misted_guide(cat, state, g))
        .filter_map(|g| g.follow())
        .collect()
}

/// 6.2.5, 6.3.2: each controlled monster whose controller recorded a Follow for it follows
/// the guide at the end of its chain (in its clearing), with the monsters following
/// their controllers (`monsters_following`); one with no guide there takes its turn,
/// whose Follow is cancelled.
pub(super) fn resolve(cat: &Catalog, state: &mut GameState) -> Events {
    let mut behind: BTreeMap<PieceId, Guide> = BTreeMap::new();
    for controller in state.all_seats().collect::<Vec<_>>() {
        for monster in super::monster_turns::controlled_by(cat, state, controller) {
            if !super::monster_turns::recorded(state, controller, &monster) {
                continue;
            }
            if let Some(guide) = guide_today(cat, state, &Guide::monster(&monster)) {
                behind.insert(monster, guide);
            }
        }
    }
    let mut events = Vec::new();
    for (monster, guide) in &behind {
        state.today.monsters_following.insert(monster.clone());
        let text = format!(
            "{} follows {} today.",
            super::monster_turns::name(cat, monster),
            guide.name(cat, state)
        );
        let event = match guide {
            Guide::Character { seat } => E::MonstersFollow {
                seat: *seat,
                monsters: vec![monster.clone()],
            },
            Guide::Leader { leader } => E::MonsterFollowsLeader {
                monster: monster.clone(),
                leader: leader.clone(),
            },
            Guide::Monster { .. } => continue,
        };
        events.push(Event::public("6.3.2", text, event));
    }
    state.today.monster_guides = behind;
    events
}

/// 6.2.5, 7.11: whom the controlled monster follows today: the guide its controller
/// recorded, or its controller (with no record, in his clearing at Sunrise).
pub fn monster_guide(cat: &Catalog, state: &GameState, monster: &PieceId) -> Option<Guide> {
    if !state.today.monsters_following.contains(monster) {
        return None;
    }
    match state.today.monster_guides.get(monster) {
        Some(g) => Some(g.clone()),
        None => spells::controller(cat, state, monster).map(Guide::character),
    }
}

/// 7.11: the controlled monsters following `guide` now that are at `at`. One that follows
/// its controller stops with its control spell (it follows the controller of the moment,
/// who must be him); one following another guide, when it is no longer controlled by
/// whoever recorded its Follow.
pub fn monsters_behind(
    cat: &Catalog,
    state: &GameState,
    guide: &Guide,
    at: &Place,
) -> Vec<PieceId> {
    state
        .today
        .monsters_following
        .iter()
        .filter(|p| state.piles.place_of(p) == Some(at))
        .filter(|p| match state.today.monster_guides.get(*p) {
            Some(g) => {
                g == guide
                    && super::monster_turns::turn(state, p)
                        .is_some_and(|t| spells::controller(cat, state, p) == Some(t.controller))
            }
            None => {
                spells::controller(cat, state, p)
                    .map(Guide::character)
                    .as_ref()
                    == Some(guide)
            }
        })
        .cloned()
        .collect()
}
