//! The Follow activity (rules 6.2.7, 7.11): recording a guide in Birdsong, the followers
//! revealed at Sunrise, followers choosing at the start of each of the guide's activities
//! whether to keep following, sharing his Move, Hide, Search, Rest and Alert, stopping
//! (the ex-follower's turn ends and he summons at the end of that phase), and the end of
//! the guide's turn, when every follower's turn ends and summons separately. A guide is a
//! character or (6.2.5, 6.2.7) a hired leader, and so is a follower, or (6.2.5) a
//! controlled monster whose controller recorded a Follow for it; chains of followers
//! resolve at Sunrise to the guide at their end (6.3.2), and the same sharing serves every
//! pair.

use super::underlings::{self, UnderlingGuide};
use super::{daylight, leaders, prowling, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::denizens::NativeId;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::{Activity, Discoveries, GameState, Pending};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

type Events = Vec<Event<E>>;

/// 6.2.7, 7.11: whom a Follow names, and who leads followers: a character or a hired
/// leader (anyone's). 6.2.5: a controlled monster is an individual who may follow them
/// (and search, spied on as he loots), but nobody follows it (6.2.7 names characters and
/// hired leaders as the guides).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "guide", rename_all = "camelCase")]
pub enum Guide {
    Character { seat: Seat },
    Leader { leader: NativeId },
    Monster { monster: PieceId },
}

impl Guide {
    pub fn character(seat: Seat) -> Self {
        Guide::Character { seat }
    }

    pub fn leader(leader: &NativeId) -> Self {
        Guide::Leader {
            leader: leader.clone(),
        }
    }

    /// 6.2.5: a controlled monster.
    pub fn monster(monster: &PieceId) -> Self {
        Guide::Monster {
            monster: monster.clone(),
        }
    }

    /// The clearing he is in.
    pub fn clearing(&self, state: &GameState) -> Option<ClearingRef> {
        match self {
            Guide::Character { seat } => who::clearing(state, *seat),
            Guide::Leader { leader } => leaders::clearing(state, leader),
            Guide::Monster { monster } => super::monster_turns::clearing(state, monster),
        }
    }

    /// Whether he is in the game today: a character playing, a hired leader or controlled
    /// monster on the map.
    fn present(&self, cat: &Catalog, state: &GameState) -> bool {
        match self {
            Guide::Character { seat } => who::playing(state, *seat),
            Guide::Leader { leader } => {
                leaders::employer(state, leader).is_some()
                    && leaders::clearing(state, leader).is_some()
            }
            Guide::Monster { monster } => {
                crate::magic_realm::combat::spells::controller(cat, state, monster).is_some()
                    && super::monster_turns::clearing(state, monster).is_some()
            }
        }
    }

    /// Whether he is hidden (7.4).
    pub fn hidden(&self, state: &GameState) -> bool {
        match self {
            Guide::Character { seat } => state.seat(*seat).is_some_and(|s| s.hidden),
            Guide::Leader { leader } => leaders::hidden(state, leader),
            Guide::Monster { monster } => super::monster_turns::hidden(state, monster),
        }
    }

    /// His name, for the log.
    pub fn name(&self, cat: &Catalog, state: &GameState) -> String {
        match self {
            Guide::Character { seat } => who::who(cat, state, *seat),
            Guide::Leader { leader } => leaders::name(cat, leader),
            Guide::Monster { monster } => super::monster_turns::name(cat, monster),
        }
    }

    /// 6.3.1: the same guide, as an underling's (no underling follows a monster).
    fn for_underlings(&self) -> Option<UnderlingGuide> {
        match self {
            Guide::Character { seat } => Some(UnderlingGuide::Character { seat: *seat }),
            Guide::Leader { leader } => Some(UnderlingGuide::Leader {
                leader: leader.clone(),
            }),
            Guide::Monster { .. } => None,
        }
    }

    /// 6.2.7: the Follow activity naming him (none names a controlled monster).
    pub(super) fn follow(&self) -> Option<Activity> {
        match self {
            Guide::Character { seat } => Some(Activity::Follow { guide: *seat }),
            Guide::Leader { leader } => Some(Activity::FollowLeader {
                leader: leader.clone(),
            }),
            Guide::Monster { .. } => None,
        }
    }
}

/// 6.2.7: the characters the seat could record to follow: anyone else in his clearing,
/// hidden or not.
pub fn guides(state: &GameState, seat: Seat) -> Vec<Seat> {
    let Some(here) = who::clearing(state, seat) else {
        return Vec::new();
    };
    state
        .all_seats()
        .filter(|s| *s != seat && who::playing(state, *s) && who::clearing(state, *s) == Some(here))
        .collect()
}

/// 6.2.7: the hired leaders (anyone's) the seat could record to follow: those in his
/// clearing, hidden or not.
pub fn leader_guides(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<NativeId> {
    let Some(here) = who::clearing(state, seat) else {
        return Vec::new();
    };
    hired_leaders_in(cat, state, here)
}

/// The hired leaders (anyone's) in `at`.
pub fn hired_leaders_in(cat: &Catalog, state: &GameState, at: ClearingRef) -> Vec<NativeId> {
    state
        .all_seats()
        .flat_map(|e| leaders::leaders_of(cat, state, e))
        .filter(|l| leaders::clearing(state, l) == Some(at))
        .collect()
}

/// 6.2.5, 6.2.7: the Follows a hired leader starting the day in `at` may record: behind
/// any character there, or any other hired leader there (his employer's or another's),
/// hidden or not.
pub fn leader_candidates(
    cat: &Catalog,
    state: &GameState,
    leader: &NativeId,
    at: ClearingRef,
) -> Vec<Activity> {
    let characters = state
        .all_seats()
        .filter(|s| who::clearing(state, *s) == Some(at))
        .map(Guide::character);
    let others = hired_leaders_in(cat, state, at)
        .into_iter()
        .filter(|l| l != leader)
        .map(|l| Guide::Leader { leader: l });
    characters
        .chain(others)
        .filter(|g| !misted_guide(cat, state, g))
        .filter_map(|g| g.follow())
        .collect()
}

/// Melt into Mist: whether `guide` is mist now (nobody is offered to follow him).
pub fn misted_guide(cat: &Catalog, state: &GameState, guide: &Guide) -> bool {
    use crate::magic_realm::combat::spells::mist;
    match guide {
        Guide::Character { seat } => mist::misted_seat(cat, state, *seat),
        Guide::Leader { leader } => mist::misted_piece(cat, state, &leaders::counter(leader)),
        Guide::Monster { monster } => mist::misted_piece(cat, state, monster),
    }
}

/// The guide a Follow record names (6.2.7: a Follow is recorded alone).
fn named(record: &[Activity]) -> Option<Guide> {
    match record.first()? {
        Activity::Follow { guide } => Some(Guide::character(*guide)),
        Activity::FollowLeader { leader } => Some(Guide::leader(leader)),
        _ => None,
    }
}

/// The guide `who` recorded to follow today, if he recorded a Follow.
fn recorded(state: &GameState, who: &Guide) -> Option<Guide> {
    match who {
        Guide::Character { seat } => named(&state.seat(*seat)?.record.activities),
        Guide::Leader { leader } => named(&leaders::record_of(state, leader)),
        Guide::Monster { monster } => named(&super::monster_turns::turn(state, monster)?.record),
    }
}

/// 6.3.2: the guide at the end of the chain of Follows that starts with `follower`'s
/// (following a follower is following his guide); none when the chain runs into a ring of
/// followers following each other, who do nothing that day.
fn end_of_chain(state: &GameState, follower: &Guide) -> Option<Guide> {
    let mut seen = BTreeSet::from([follower.clone()]);
    let mut at = recorded(state, follower)?;
    while let Some(next) = recorded(state, &at) {
        if !seen.insert(at.clone()) {
            return None;
        }
        at = next;
    }
    Some(at)
}

/// 6.3.2: whom `follower` follows today: the guide at the end of his chain, if he is in
/// the game and in the follower's clearing.
/// Melt into Mist: a character or hired leader turned into mist cannot be followed.
pub(super) fn guide_today(cat: &Catalog, state: &GameState, follower: &Guide) -> Option<Guide> {
    if !follower.present(cat, state) {
        return None;
    }
    let guide = end_of_chain(state, follower)?;
    let here = follower.clearing(state);
    let misted = misted_guide(cat, state, &guide);
    (guide.present(cat, state) && !misted && here.is_some() && guide.clearing(state) == here)
        .then_some(guide)
}

/// Sunrise (6.3.2): who follows whom. Each character and hired leader who recorded a
/// Follow follows the guide at the end of his chain; a ring of followers has no guide
/// (their Follow is cancelled when their turns come), and the hired leaders with no guide
/// take turns of their own.
pub fn resolve(cat: &Catalog, state: &mut GameState) -> Events {
    let mut characters: BTreeMap<Seat, Guide> = BTreeMap::new();
    for seat in state.all_seats().collect::<Vec<_>>() {
        if let Some(guide) = guide_today(cat, state, &Guide::character(seat)) {
            characters.insert(seat, guide);
        }
    }
    let mut hired: BTreeMap<NativeId, Guide> = BTreeMap::new();
    for employer in state.all_seats().collect::<Vec<_>>() {
        for leader in leaders::leaders_of(cat, state, employer) {
            if let Some(guide) = guide_today(cat, state, &Guide::leader(&leader)) {
                hired.insert(leader, guide);
            }
        }
    }
    state.today.following = characters.clone();
    state.today.leaders_following = hired.clone();
    let mut events = Vec::new();
    let mut pairs = Vec::new();
    for (seat, guide) in characters {
        match guide {
            Guide::Character { seat: g } => pairs.push((seat, g)),
            Guide::Leader { leader } => events.push(Event::public(
                "7.11",
                format!(
                    "{} follows {}.",
                    who::who(cat, state, seat),
                    leaders::name(cat, &leader)
                ),
                E::FollowsLeader { seat, leader },
            )),
            Guide::Monster { .. } => {}
        }
    }
    if !pairs.is_empty() {
        let text = pairs
            .iter()
            .map(|(f, g)| {
                format!(
                    "{} follows {}",
                    who::who(cat, state, *f),
                    who::who(cat, state, *g)
                )
            })
            .collect::<Vec<_>>()
            .join("; ");
        events.push(Event::public(
            "7.11",
            format!("Followers are revealed: {text}."),
            E::FollowersRevealed { pairs },
        ));
    }
    for (leader, guide) in hired {
        let text = format!(
            "{} follows {} today.",
            leaders::name(cat, &leader),
            guide.name(cat, state)
        );
        let event = match guide {
            Guide::Character { seat } => E::LeaderFollows {
                leader,
                guide: seat,
            },
            Guide::Leader { leader: guide } => E::LeaderFollowsLeader { leader, guide },
            Guide::Monster { .. } => continue,
        };
        events.push(Event::public("6.3.2", text, event));
    }
    events.extend(super::monster_follow::resolve(cat, state));
    events
}

/// The characters following `guide` now.
pub fn followers_of(state: &GameState, guide: &Guide) -> Vec<Seat> {
    state
        .today
        .following
        .iter()
        .filter(|(_, g)| *g == guide)
        .map(|(f, _)| *f)
        .collect()
}

/// 7.11: the hired leaders following `guide` now.
pub fn leaders_behind(state: &GameState, guide: &Guide) -> Vec<NativeId> {
    state
        .today
        .leaders_following
        .iter()
        .filter(|(_, g)| *g == guide)
        .map(|(l, _)| l.clone())
        .collect()
}

/// The guide the seat follows now, if any.
pub fn guide_of(state: &GameState, seat: Seat) -> Option<&Guide> {
    state.today.following.get(&seat)
}

/// Whether the seat follows a character or a hired leader today.
pub fn is_following(state: &GameState, seat: Seat) -> bool {
    state.today.following.contains_key(&seat)
}

/// Whether the hired leader follows a character or a hired leader today.
pub fn leader_is_following(state: &GameState, leader: &NativeId) -> bool {
    state.today.leaders_following.contains_key(leader)
}

/// 7.11: the activity `guide` is doing now (his turn under way).
fn activity_of(state: &GameState, guide: &Guide) -> Option<Activity> {
    match guide {
        Guide::Character { seat } => daylight::activity(state, *seat).cloned(),
        Guide::Leader { leader } => leaders::current_activity(state, leader),
        Guide::Monster { .. } => None,
    }
}

/// 7.11: when the guide's chit is picked, he and his followers become unhidden: the
/// characters and the hired leaders following him (and, 6.3.1, the underlings following
/// those leaders, who hide only with their guide).
pub fn unhide_followers(cat: &Catalog, state: &mut GameState, guide: &Guide, events: &mut Events) {
    for f in followers_of(state, guide) {
        if let Some(s) = state.seat_mut(f) {
            if s.hidden {
                s.hidden = false;
                events.push(Event::public(
                    "7.11",
                    format!("{} follows and becomes unhidden.", who::who(cat, state, f)),
                    E::Unhidden { seat: f },
                ));
            }
        }
    }
    for leader in leaders_behind(state, guide) {
        if leaders::hidden(state, &leader) {
            leaders::set_hidden(state, &leader, false);
            events.push(Event::public(
                "7.11",
                format!(
                    "{} follows and becomes unhidden.",
                    leaders::name(cat, &leader)
                ),
                E::LeaderUnhidden {
                    leader: leader.clone(),
                },
            ));
        }
        let theirs = UnderlingGuide::Leader { leader };
        underlings::share_hide(cat, state, &theirs, false);
    }
    // 6.2.5: the controlled monsters following him.
    if let Some(at) = guide.clearing(state) {
        for m in super::monster_follow::monsters_behind(cat, state, guide, &Place::Clearing { at })
        {
            super::monster_turns::set_hidden(state, &m, false);
        }
    }
}

/// 7.11: the guide starts the activity of a phase: it is revealed, and the characters
/// following him say whether they keep following. True when a decision is now owed.
pub fn ask(cat: &Catalog, state: &mut GameState, guide: &Guide, events: &mut Events) -> bool {
    if state.today.followers_asked {
        return false;
    }
    state.today.followers_asked = true;
    let waiting: BTreeSet<Seat> = followers_of(state, guide).into_iter().collect();
    let Some(activity) = activity_of(state, guide) else {
        return false;
    };
    if waiting.is_empty() {
        return false;
    }
    let text = format!(
        "{} starts his next activity: {}.",
        guide.name(cat, state),
        super::birdsong::describe(&activity)
    );
    let event = match guide {
        Guide::Character { seat } => E::GuideStarts {
            guide: *seat,
            activity,
        },
        Guide::Leader { leader } => E::LeaderGuideStarts {
            leader: leader.clone(),
            activity,
        },
        Guide::Monster { .. } => return false,
    };
    events.push(Event::public("7.11", text, event));
    state.today.pending = Some(Pending::FollowDecision { waiting });
    true
}

/// The seats owing a follower's decision.
pub fn waiting(state: &GameState) -> Vec<Seat> {
    match &state.today.pending {
        Some(Pending::FollowDecision { waiting }) | Some(Pending::FollowerShare { waiting }) => {
            waiting.iter().copied().collect()
        }
        _ => Vec::new(),
    }
}

/// What a follower may do while the guide waits for him.
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    match &state.today.pending {
        Some(Pending::FollowDecision { waiting }) if waiting.contains(&seat) => {
            vec![A::KeepFollowing, A::StopFollowing]
        }
        Some(Pending::FollowerShare { waiting }) if waiting.contains(&seat) => {
            let activity = guide_of(state, seat).and_then(|g| activity_of(state, g));
            let mut out = match activity {
                Some(Activity::Rest) => super::resting::options(cat, state, seat),
                Some(Activity::Alert) => super::alerting::options(cat, state, seat),
                _ => Vec::new(),
            };
            out.push(A::SkipSharing);
            out
        }
        _ => Vec::new(),
    }
}

/// Applies a follower's legal action. Returns true when the guide's phase should now end
/// (the last follower has shared his Rest or Alert).
pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
    events: &mut Events,
) -> Result<bool, RuleError> {
    let name = who::who(cat, state, seat);
    let sharing = matches!(state.today.pending, Some(Pending::FollowerShare { .. }));
    match action {
        A::KeepFollowing => {}
        A::StopFollowing => {
            state.today.following.remove(&seat);
            state.today.stopped_following.insert(seat);
            events.push(Event::public(
                "7.11",
                format!("{name} stops following: his turn ends here."),
                E::FollowerStops { seat },
            ));
            // 7.3.3: in the air, he lands (with his rider, if he is a steed).
            super::steeds::follower_stops(cat, state, seat, events)?;
        }
        A::SkipSharing => {}
        A::Rest { chit, change } => {
            super::resting::do_rest(cat, state, seat, *chit, *change, events)?
        }
        A::AlertWeapon { alerted } => {
            super::alerting::alert_weapon(cat, state, seat, *alerted, events)?
        }
        A::AlertChit { chit } => super::alerting::alert_chit(cat, state, seat, *chit, events)?,
        other => {
            return Err(RuleError::internal(format!(
                "{other:?} is not a follower's action"
            )))
        }
    }
    let done = match &mut state.today.pending {
        Some(Pending::FollowDecision { waiting }) | Some(Pending::FollowerShare { waiting }) => {
            waiting.remove(&seat);
            waiting.is_empty()
        }
        _ => false,
    };
    if done {
        state.today.pending = None;
    }
    Ok(done && sharing)
}

/// 7.11f: after the guide rests or alerts (6.2.5: a hired leader does it only for them),
/// the characters following him may do it too. True when they owe a decision.
pub fn share_rest_or_alert(state: &mut GameState, guide: &Guide) -> bool {
    let waiting: BTreeSet<Seat> = followers_of(state, guide).into_iter().collect();
    if waiting.is_empty() {
        return false;
    }
    state.today.pending = Some(Pending::FollowerShare { waiting });
    true
}

/// 7.11a: the followers move with the guide: the characters, each leaving behind what he
/// cannot carry and taking his own hirelings along, and (behind a hired leader; a
/// character takes them along with his hirelings, `hiring::accompany`) the hired leaders,
/// with their horses and the underlings following them.
pub fn share_move(
    cat: &Catalog,
    state: &mut GameState,
    guide: &Guide,
    from: ClearingRef,
    to: ClearingRef,
    events: &mut Events,
) -> Result<(), RuleError> {
    let name = guide.name(cat, state);
    if matches!(guide, Guide::Leader { .. }) {
        let mut pieces = super::hiring::leaders_along(cat, state, guide, from, events);
        // 6.2.5, 7.11a: the controlled monsters following him (a character's go with his
        // hirelings, `hiring::accompany`).
        for m in
            super::monster_follow::monsters_behind(cat, state, guide, &Place::Clearing { at: from })
        {
            // 7.3.1: what it cannot carry stays behind.
            super::carried::leave_heavy(cat, state, &m, from, events);
            events.push(Event::public(
                "7.11",
                format!(
                    "{} follows {name} from {} to {}.",
                    super::monster_turns::name(cat, &m),
                    who::name(cat, from),
                    who::name(cat, to)
                ),
                E::MonsterMoved {
                    monster: m.clone(),
                    from,
                    to,
                },
            ));
            pieces.extend(super::steeds::with_part(cat, state, &m));
        }
        for p in &pieces {
            state.piles.move_to(p, Place::Clearing { at: to }, None);
        }
        for l in leaders_behind(state, guide) {
            if leaders::clearing(state, &l) == Some(to) {
                events.push(Event::public(
                    "7.11",
                    format!(
                        "{} follows {name} from {} to {}.",
                        leaders::name(cat, &l),
                        who::name(cat, from),
                        who::name(cat, to)
                    ),
                    E::LeaderMoved {
                        leader: l.clone(),
                        from,
                        to,
                    },
                ));
            }
        }
    }
    // Witch, Familiar: a familiar behind a character goes with him.
    if let Guide::Character { seat } = guide {
        super::phantasm::familiars_follow(cat, state, *seat, from, to, events);
    }
    for f in followers_of(state, guide) {
        super::phantasm::familiars_follow(cat, state, f, from, to, events);
        super::moving::leave_heavy_items(cat, state, f, from, events)?;
        if let Some(counter) = who::counter(state, f) {
            state
                .piles
                .move_to(&counter, Place::Clearing { at: to }, None);
        }
        state.today.entered_from.insert(f, from);
        events.push(Event::public(
            "7.11",
            format!(
                "{} follows {name} from {} to {}.",
                who::who(cat, state, f),
                who::name(cat, from),
                who::name(cat, to)
            ),
            E::Moved { seat: f, from, to },
        ));
        super::hiring::accompany(cat, state, f, from, to, events);
        events.extend(super::belongings::entered_clearing(cat, state, f));
        super::missions::arrived(cat, state, f, events)?;
    }
    Ok(())
}

/// 7.11b: the guide's Hide result applies to his followers, characters and hired leaders,
/// with no roll of their own, and (6.3.1) to the underlings following him or them.
pub fn share_hide(cat: &Catalog, state: &mut GameState, guide: &Guide, events: &mut Events) {
    let hidden = guide.hidden(state);
    for f in followers_of(state, guide) {
        if let Some(s) = state.seat_mut(f) {
            s.hidden = hidden;
        }
        events.push(Event::public(
            "7.11",
            format!(
                "{} shares the guide's result: {}.",
                who::who(cat, state, f),
                if hidden { "hidden" } else { "not hidden" }
            ),
            E::HideRolled {
                seat: f,
                success: hidden,
            },
        ));
    }
    for leader in leaders_behind(state, guide) {
        leaders::set_hidden(state, &leader, hidden);
        events.push(Event::public(
            "7.11",
            format!(
                "{} shares the guide's result: {}.",
                leaders::name(cat, &leader),
                if hidden { "hidden" } else { "not hidden" }
            ),
            E::LeaderHideRolled {
                leader: leader.clone(),
                success: hidden,
            },
        ));
        underlings::share_hide(cat, state, &UnderlingGuide::Leader { leader }, hidden);
    }
    // 6.2.5: the controlled monsters following him by a recorded Follow (7.4: a monster
    // with no turn of its own is never hidden).
    if let Some(at) = guide.clearing(state) {
        for m in super::monster_follow::monsters_behind(cat, state, guide, &Place::Clearing { at })
        {
            super::monster_turns::set_hidden(state, &m, hidden);
        }
    }
    if let Some(theirs) = guide.for_underlings() {
        underlings::share_hide(cat, state, &theirs, hidden);
    }
}

/// What a Search can teach: the guide's discoveries, the map chits he has seen (a hired
/// leader's, for his employer) and whether he has found hidden enemies.
#[derive(Debug, Clone)]
pub struct SearchSnapshot {
    discoveries: Discoveries,
    known: BTreeSet<PieceId>,
    found: bool,
}

pub fn snapshot(state: &GameState, guide: &Guide) -> SearchSnapshot {
    match guide {
        Guide::Character { seat } => {
            let s = state.seat(*seat);
            SearchSnapshot {
                discoveries: s.map(|s| s.discoveries.clone()).unwrap_or_default(),
                known: s.map(|s| s.known.clone()).unwrap_or_default(),
                found: state.today.found_enemies.contains(seat),
            }
        }
        Guide::Leader { leader } => SearchSnapshot {
            discoveries: super::leader_search::discoveries(state, leader),
            known: leaders::employer(state, leader)
                .and_then(|e| state.seat(e))
                .map(|s| s.known.clone())
                .unwrap_or_default(),
            found: state.today.leaders_found_enemies.contains(leader),
        },
        Guide::Monster { monster } => {
            let turn = super::monster_turns::turn(state, monster);
            SearchSnapshot {
                discoveries: turn.map(|t| t.discoveries.clone()).unwrap_or_default(),
                known: turn
                    .and_then(|t| state.seat(t.controller))
                    .map(|s| s.known.clone())
                    .unwrap_or_default(),
                found: turn.is_some_and(|t| t.found_enemies),
            }
        }
    }
}

/// 7.11c: what the guide learnt between `before` and `after`: the discoveries he crossed
/// off, added to `into`, and the map chits he saw, added to `seen`.
fn learn(
    before: &SearchSnapshot,
    after: &SearchSnapshot,
    into: &mut Discoveries,
    seen: Option<&mut BTreeSet<PieceId>>,
) {
    let (b, a) = (&before.discoveries, &after.discoveries);
    into.paths.extend(a.paths.difference(&b.paths));
    into.chits.extend(a.chits.difference(&b.chits).cloned());
    into.cards.extend(a.cards.difference(&b.cards).cloned());
    if let Some(seen) = seen {
        seen.extend(
            after
                .known
                .difference(&before.known)
                .filter(|k| matches!(k, PieceId::MapChit { .. }))
                .cloned(),
        );
    }
}

/// 7.11c: the followers learn what the guide's Search taught him (not his treasures): the
/// characters cross off what he discovered, see the map chits he saw and find the hidden
/// enemies he found; the hired leaders likewise, their discoveries their own and the map
/// chits seen for their employers; and (6.2.5) the controlled monsters following him by a
/// recorded Follow, for the day, the map chits seen for their controllers.
pub fn share_search(cat: &Catalog, state: &mut GameState, guide: &Guide, before: &SearchSnapshot) {
    let after = snapshot(state, guide);
    let found = !before.found && after.found;
    for f in followers_of(state, guide) {
        if found {
            state.today.found_enemies.insert(f);
        }
        if let Some(s) = state.seat_mut(f) {
            learn(before, &after, &mut s.discoveries, Some(&mut s.known));
        }
    }
    for leader in leaders_behind(state, guide) {
        if found {
            state.today.leaders_found_enemies.insert(leader.clone());
        }
        if let Some(d) = super::leader_search::discoveries_mut(state, &leader) {
            learn(before, &after, d, None);
        }
        if let Some(s) = leaders::employer(state, &leader).and_then(|e| state.seat_mut(e)) {
            let mut none = Discoveries::default();
            learn(before, &after, &mut none, Some(&mut s.known));
        }
    }
    let Some(at) = guide.clearing(state) else {
        return;
    };
    for monster in
        super::monster_follow::monsters_behind(cat, state, guide, &Place::Clearing { at })
    {
        let Some(t) = super::monster_turns::turn_mut(state, &monster) else {
            continue;
        };
        t.found_enemies |= found;
        learn(before, &after, &mut t.discoveries, None);
        let controller = t.controller;
        if let Some(s) = state.seat_mut(controller) {
            let mut none = Discoveries::default();
            learn(before, &after, &mut none, Some(&mut s.known));
        }
    }
}

/// The end of a phase: followers who stopped during it end their turns, summoning in
/// their tiles (7.11).
pub fn end_of_phase(cat: &Catalog, state: &mut GameState) -> Result<Events, RuleError> {
    let mut events = Vec::new();
    for f in std::mem::take(&mut state.today.stopped_following) {
        events.push(Event::public(
            "7.13",
            format!("{}'s turn ends.", who::who(cat, state, f)),
            E::TurnEnds { seat: f },
        ));
        events.extend(prowling::end_of_turn(cat, state, f)?);
    }
    state.today.followers_asked = false;
    Ok(events)
}

/// The end of the guide's turn: the following stops, and each follower's turn ends in the
/// guide's clearing, summoning separately after the guide (7.11): the characters', then
/// the hired leaders'. A guide who loses his turn takes his followers' with him.
pub fn end_of_guide_turn(
    cat: &Catalog,
    state: &mut GameState,
    guide: &Guide,
    took_turn: bool,
) -> Result<Events, RuleError> {
    let followers = followers_of(state, guide);
    for f in &followers {
        state.today.following.remove(f);
    }
    let mut events = Vec::new();
    for f in followers {
        if took_turn {
            events.push(Event::public(
                "7.13",
                format!("{}'s turn ends with his guide's.", who::who(cat, state, f)),
                E::TurnEnds { seat: f },
            ));
            events.extend(prowling::end_of_turn(cat, state, f)?);
        } else {
            events.push(Event::public(
                "7.12",
                format!(
                    "{} loses his turn with the guide he follows.",
                    who::who(cat, state, f)
                ),
                E::TurnLost { seat: f },
            ));
        }
    }
    events.extend(leaders::end_of_guide_turn(cat, state, guide, took_turn)?);
    Ok(events)
}
