//! The Follow activity (rules 6.2.7, 7.11): recording a guide in Birdsong, the followers
//! revealed at Sunrise, followers choosing at the start of each of the guide's activities
//! whether to keep following, sharing his Move, Hide, Search, Rest and Alert, stopping
//! (the ex-follower's turn ends and he summons at the end of that phase), and the end of
//! the guide's turn, when every follower's turn ends and summons separately. The guide is
//! a character or (6.2.5, 6.2.7) a hired leader: the same sharing serves both.

use super::underlings::{self, UnderlingGuide};
use super::{daylight, leaders, prowling, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::denizens::NativeId;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::{Activity, Discoveries, GameState, Pending};
use std::collections::{BTreeMap, BTreeSet};

type Events = Vec<Event<E>>;

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
    state
        .all_seats()
        .flat_map(|e| leaders::leaders_of(cat, state, e))
        .filter(|l| leaders::clearing(state, l) == Some(here))
        .collect()
}

/// Whom a recorded Follow names.
enum Named {
    Character(Seat),
    Leader(NativeId),
}

/// The guide the seat recorded, if its record is a Follow. A hired leader who himself
/// follows a character in his clearing names that character (6.2.7: following a follower
/// is following his guide).
fn recorded_guide(state: &GameState, seat: Seat) -> Option<Named> {
    match state.seat(seat)?.record.activities.first() {
        Some(Activity::Follow { guide }) => Some(Named::Character(*guide)),
        Some(Activity::FollowLeader { leader }) => match leaders::record_of(state, leader)[..] {
            [Activity::Follow { guide }]
                if who::clearing(state, guide) == leaders::clearing(state, leader) =>
            {
                Some(Named::Character(guide))
            }
            _ => Some(Named::Leader(leader.clone())),
        },
        _ => None,
    }
}

/// Sunrise: who follows whom. A follower of a follower follows the same guide; a ring of
/// followers has no guide (their Follow is cancelled when their turns come).
pub fn resolve(cat: &Catalog, state: &mut GameState) -> Events {
    let mut pairs: BTreeMap<Seat, Seat> = BTreeMap::new();
    let mut behind_leaders: BTreeMap<Seat, NativeId> = BTreeMap::new();
    for seat in state.all_seats().collect::<Vec<_>>() {
        let Some(mut named) = recorded_guide(state, seat) else {
            continue;
        };
        let mut seen = BTreeSet::from([seat]);
        let mut ring = false;
        while let Named::Character(guide) = named {
            let Some(next) = recorded_guide(state, guide) else {
                break;
            };
            if !seen.insert(guide) {
                ring = true;
                break;
            }
            named = next;
        }
        if ring || !who::playing(state, seat) {
            continue;
        }
        match named {
            Named::Character(guide) => {
                // Melt into Mist: a character turned into mist cannot be followed.
                if who::playing(state, guide)
                    && who::clearing(state, guide) == who::clearing(state, seat)
                    && !crate::magic_realm::combat::spells::mist::misted_seat(cat, state, guide)
                {
                    pairs.insert(seat, guide);
                }
            }
            Named::Leader(leader) => {
                let here = leaders::clearing(state, &leader);
                if here.is_some()
                    && here == who::clearing(state, seat)
                    && leaders::employer(state, &leader).is_some()
                {
                    behind_leaders.insert(seat, leader);
                }
            }
        }
    }
    state.today.following = pairs.clone();
    state.today.following_leaders = behind_leaders.clone();
    let mut events = Vec::new();
    for (seat, leader) in behind_leaders {
        events.push(Event::public(
            "7.11",
            format!(
                "{} follows {}.",
                who::who(cat, state, seat),
                leaders::name(cat, &leader)
            ),
            E::FollowsLeader { seat, leader },
        ));
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
            E::FollowersRevealed {
                pairs: pairs.into_iter().collect(),
            },
        ));
    }
    events
}

/// The seats following `guide` now.
pub fn followers_of(state: &GameState, guide: Seat) -> Vec<Seat> {
    state
        .today
        .following
        .iter()
        .filter(|(_, g)| **g == guide)
        .map(|(f, _)| *f)
        .collect()
}

/// The characters following the hired leader `leader` now.
pub fn followers_of_leader(state: &GameState, leader: &NativeId) -> Vec<Seat> {
    state
        .today
        .following_leaders
        .iter()
        .filter(|(_, l)| *l == leader)
        .map(|(f, _)| *f)
        .collect()
}

/// Whether the seat follows a character or a hired leader today.
pub fn is_following(state: &GameState, seat: Seat) -> bool {
    state.today.following.contains_key(&seat) || state.today.following_leaders.contains_key(&seat)
}

/// 7.11: the activity the seat's guide (character or hired leader) is doing now.
fn guide_activity(state: &GameState, seat: Seat) -> Option<Activity> {
    if let Some(g) = state.today.following.get(&seat) {
        return daylight::activity(state, *g).cloned();
    }
    let leader = state.today.following_leaders.get(&seat)?;
    leaders::current_activity(state, leader)
}

/// 7.11: when the guide's chit is picked, he and his followers become unhidden: the
/// characters and the hired leaders following him (and, 6.3.1, the underlings following
/// those leaders, who hide only with their guide).
pub fn unhide_followers(cat: &Catalog, state: &mut GameState, guide: Seat, events: &mut Events) {
    unhide(cat, state, followers_of(state, guide), events);
    for leader in leaders::following(state, guide) {
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
}

/// 7.11: when a hired leader who is a guide starts his turn, the characters following him
/// become unhidden.
pub fn unhide_leader_followers(
    cat: &Catalog,
    state: &mut GameState,
    leader: &NativeId,
    events: &mut Events,
) {
    unhide(cat, state, followers_of_leader(state, leader), events);
}

fn unhide(cat: &Catalog, state: &mut GameState, followers: Vec<Seat>, events: &mut Events) {
    for f in followers {
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
}

/// 7.11: the guide starts the activity of a phase: it is revealed, and his followers say
/// whether they keep following. True when a decision is now owed.
pub fn ask(cat: &Catalog, state: &mut GameState, guide: Seat, events: &mut Events) -> bool {
    if state.today.followers_asked {
        return false;
    }
    state.today.followers_asked = true;
    let waiting: BTreeSet<Seat> = followers_of(state, guide).into_iter().collect();
    let Some(activity) = daylight::activity(state, guide).cloned() else {
        return false;
    };
    if waiting.is_empty() {
        return false;
    }
    events.push(Event::public(
        "7.11",
        format!(
            "{} starts his next activity: {}.",
            who::who(cat, state, guide),
            super::birdsong::describe(&activity)
        ),
        E::GuideStarts { guide, activity },
    ));
    state.today.pending = Some(Pending::FollowDecision { waiting });
    true
}

/// 7.11: a hired leader who is a guide starts `activity`: as [`ask`].
pub fn ask_leader(
    cat: &Catalog,
    state: &mut GameState,
    leader: &NativeId,
    activity: &Activity,
    events: &mut Events,
) -> bool {
    if state.today.followers_asked {
        return false;
    }
    state.today.followers_asked = true;
    let waiting: BTreeSet<Seat> = followers_of_leader(state, leader).into_iter().collect();
    if waiting.is_empty() {
        return false;
    }
    events.push(Event::public(
        "7.11",
        format!(
            "{} starts his next activity: {}.",
            leaders::name(cat, leader),
            super::birdsong::describe(activity)
        ),
        E::LeaderGuideStarts {
            leader: leader.clone(),
            activity: activity.clone(),
        },
    ));
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
            let mut out = match guide_activity(state, seat) {
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
            state.today.following_leaders.remove(&seat);
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

/// 7.11f: after the guide rests or alerts, the characters following him may do it too.
/// True when they owe a decision.
pub fn share_rest_or_alert(state: &mut GameState, guide: Seat) -> bool {
    let waiting = followers_of(state, guide);
    share_with(state, waiting)
}

/// 7.11f, 6.2.5: a hired leader who is a guide does his Rest or Alert phase for the
/// characters following him; they may do it. True when they owe a decision.
pub fn share_leader_rest_or_alert(state: &mut GameState, leader: &NativeId) -> bool {
    let waiting = followers_of_leader(state, leader);
    share_with(state, waiting)
}

fn share_with(state: &mut GameState, waiting: Vec<Seat>) -> bool {
    let waiting: BTreeSet<Seat> = waiting.into_iter().collect();
    if waiting.is_empty() {
        return false;
    }
    state.today.pending = Some(Pending::FollowerShare { waiting });
    true
}

/// 7.11a: the followers move with the guide; each leaves behind what he cannot carry.
pub fn share_move(
    cat: &Catalog,
    state: &mut GameState,
    guide: Seat,
    from: ClearingRef,
    to: ClearingRef,
    events: &mut Events,
) -> Result<(), RuleError> {
    let name = who::who(cat, state, guide);
    move_with(
        cat,
        state,
        followers_of(state, guide),
        &name,
        from,
        to,
        events,
    )
}

/// 7.11a: the characters following a hired leader move with him.
pub fn share_leader_move(
    cat: &Catalog,
    state: &mut GameState,
    leader: &NativeId,
    from: ClearingRef,
    to: ClearingRef,
    events: &mut Events,
) -> Result<(), RuleError> {
    let name = leaders::name(cat, leader);
    let followers = followers_of_leader(state, leader);
    move_with(cat, state, followers, &name, from, to, events)
}

fn move_with(
    cat: &Catalog,
    state: &mut GameState,
    followers: Vec<Seat>,
    guide: &str,
    from: ClearingRef,
    to: ClearingRef,
    events: &mut Events,
) -> Result<(), RuleError> {
    for f in followers {
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
                "{} follows {guide} from {} to {}.",
                who::who(cat, state, f),
                who::name(cat, from),
                who::name(cat, to)
            ),
            E::Moved { seat: f, from, to },
        ));
        super::hiring::accompany(cat, state, f, from, to, events);
        events.extend(super::belongings::entered_clearing(cat, state, f));
        super::missions::arrived(cat, state, f, events);
    }
    Ok(())
}

/// 7.11b: the guide's Hide result applies to his followers.
pub fn share_hide(cat: &Catalog, state: &mut GameState, guide: Seat, events: &mut Events) {
    let hidden = state.seat(guide).is_some_and(|s| s.hidden);
    hide_with(cat, state, followers_of(state, guide), hidden, events);
    // 7.11b: so do the hired leaders following him, without a roll of their own.
    for leader in leaders::following(state, guide) {
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
        // 6.3.1: and the underlings following those leaders.
        underlings::share_hide(cat, state, &UnderlingGuide::Leader { leader }, hidden);
    }
    // 6.3.1: his hired underlings following him hide (or not) with him.
    let guide = UnderlingGuide::Character { seat: guide };
    underlings::share_hide(cat, state, &guide, hidden);
}

/// 7.11b: a hired leader's Hide result applies to the characters following him (his
/// underlings share it in `leaders`).
pub fn share_leader_hide(
    cat: &Catalog,
    state: &mut GameState,
    leader: &NativeId,
    events: &mut Events,
) {
    let hidden = leaders::hidden(state, leader);
    let followers = followers_of_leader(state, leader);
    hide_with(cat, state, followers, hidden, events);
}

fn hide_with(
    cat: &Catalog,
    state: &mut GameState,
    followers: Vec<Seat>,
    hidden: bool,
    events: &mut Events,
) {
    for f in followers {
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
}

/// What a Search can teach: the guide's discoveries, the map chits he has seen and
/// whether he has found hidden enemies.
#[derive(Debug, Clone)]
pub struct SearchSnapshot {
    discoveries: Discoveries,
    known: BTreeSet<PieceId>,
    found: bool,
}

pub fn snapshot(state: &GameState, guide: Seat) -> SearchSnapshot {
    let s = state.seat(guide);
    SearchSnapshot {
        discoveries: s.map(|s| s.discoveries.clone()).unwrap_or_default(),
        known: s.map(|s| s.known.clone()).unwrap_or_default(),
        found: state.today.found_enemies.contains(&guide),
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

/// 7.11c: the followers learn what the guide's Search taught him (not his treasures).
pub fn share_search(state: &mut GameState, guide: Seat, before: &SearchSnapshot) {
    let after = snapshot(state, guide);
    let found = !before.found && after.found;
    teach_characters(state, &followers_of(state, guide), before, &after);
    // 7.11c: so do the hired leaders following him: the discoveries are the leader's, the
    // map chits he sees are seen for his employer.
    for leader in super::leaders::following(state, guide) {
        if found {
            state.today.leaders_found_enemies.insert(leader.clone());
        }
        if let Some(d) = super::leader_search::discoveries_mut(state, &leader) {
            learn(before, &after, d, None);
        }
        if let Some(s) = super::leaders::employer(state, &leader).and_then(|e| state.seat_mut(e)) {
            let mut none = Discoveries::default();
            learn(before, &after, &mut none, Some(&mut s.known));
        }
    }
}

/// What a hired leader's Search can teach the characters following him: his discoveries,
/// the map chits seen for his employer, and whether he has found hidden enemies.
pub fn leader_snapshot(state: &GameState, leader: &NativeId) -> SearchSnapshot {
    SearchSnapshot {
        discoveries: super::leader_search::discoveries(state, leader),
        known: super::leaders::employer(state, leader)
            .and_then(|e| state.seat(e))
            .map(|s| s.known.clone())
            .unwrap_or_default(),
        found: state.today.leaders_found_enemies.contains(leader),
    }
}

/// 7.11c: the characters following a hired leader learn what his Search taught him (not
/// his treasures), as they do behind a character.
pub fn share_leader_search(state: &mut GameState, leader: &NativeId, before: &SearchSnapshot) {
    let after = leader_snapshot(state, leader);
    teach_characters(state, &followers_of_leader(state, leader), before, &after);
}

/// 7.11c: the following characters cross off what the guide discovered, see the map
/// chits he saw, and find the hidden enemies he found.
fn teach_characters(
    state: &mut GameState,
    followers: &[Seat],
    before: &SearchSnapshot,
    after: &SearchSnapshot,
) {
    let found = !before.found && after.found;
    for f in followers {
        if found {
            state.today.found_enemies.insert(*f);
        }
        if let Some(s) = state.seat_mut(*f) {
            learn(before, after, &mut s.discoveries, Some(&mut s.known));
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
/// guide's clearing, summoning separately after the guide (7.11). A guide who loses his
/// turn takes his followers' with him.
pub fn end_of_guide_turn(
    cat: &Catalog,
    state: &mut GameState,
    guide: Seat,
    took_turn: bool,
) -> Result<Events, RuleError> {
    let followers = followers_of(state, guide);
    for f in &followers {
        state.today.following.remove(f);
    }
    end_followers_turns(cat, state, followers, took_turn)
}

/// 7.11: a hired leader's turn ends (or is lost): so do those of the characters following
/// him, as [`end_of_guide_turn`].
pub fn end_of_leader_turn(
    cat: &Catalog,
    state: &mut GameState,
    leader: &NativeId,
    took_turn: bool,
) -> Result<Events, RuleError> {
    let followers = followers_of_leader(state, leader);
    for f in &followers {
        state.today.following_leaders.remove(f);
    }
    end_followers_turns(cat, state, followers, took_turn)
}

fn end_followers_turns(
    cat: &Catalog,
    state: &mut GameState,
    followers: Vec<Seat>,
    took_turn: bool,
) -> Result<Events, RuleError> {
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
    Ok(events)
}
