//! Hired leaders' turns (rules 6.2.5, 6.2.7, 6.3.5, 7.1, 7.2.2, 7.3.1, 7.4, 7.11, 7.12, 7.13):
//! each hired leader on the map gets a turn of his own. His employer records it in
//! Birdsong (`leader_records`): two Basic phases and two Sunlight phases (none of the Sunlight ones if he
//! starts the day in a cave or records a Move into one), plus his own native horse's extra
//! Moves (7.3.2), each a Move along the roadways he
//! may use (a Fly as a flying creature, `leader_flight`), a Hide, a Search (`leader_search`), a Trade or Hire (`leader_trade`), or a
//! Follow behind a character or hired leader in his clearing for the whole day. At
//! Sunrise his attention chit is mixed with the characters'; when it is picked he is
//! unhidden and does his phases. Unhired monsters in his clearing block him at the end of
//! a phase if he is unhidden, which ends his turn; his turn ends with the prowling of 7.13
//! in his tile. A leader who follows a character or another hired leader moves with him,
//! and his turn ends with his guide's. A leader may guide characters and hired leaders
//! (7.11, in `following`): a Rest or Alert is recorded for them (7.11f), and his turn waits
//! for the characters' choices.

use super::{birdsong, hiring, prowling, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::denizens::{NativeId, NativeRank};
use crate::magic_realm::catalog::items::HorseKind;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::spells;
use crate::magic_realm::combat::spells::lost::{LostMove, LostMover, MinionWay};
use crate::magic_realm::day::meeting::Hireling;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::{Activity, GameState, Turner};
use serde::{Deserialize, Serialize};

pub use super::leader_records::{apply_record, record_options};

type Events = Vec<Event<E>>;

/// The leader's counter.
pub fn counter(leader: &NativeId) -> PieceId {
    PieceId::Native { id: leader.clone() }
}

/// The clearing the hired leader is in.
pub fn clearing(state: &GameState, leader: &NativeId) -> Option<ClearingRef> {
    match state.piles.place_of(&counter(leader))? {
        Place::Clearing { at } => Some(*at),
        _ => None,
    }
}

/// 1.6.13: the seat's hired leaders (the HQ of a group) on the map, in hiring order.
pub fn leaders_of(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<NativeId> {
    state
        .seat(seat)
        .into_iter()
        .flat_map(|s| s.hirelings.iter())
        .filter(|h| {
            cat.denizens
                .native(&h.native)
                .is_some_and(|n| n.rank == NativeRank::Leader)
        })
        .filter(|h| clearing(state, &h.native).is_some())
        .map(|h| h.native.clone())
        .collect()
}

pub(super) fn hireling<'a>(
    state: &'a GameState,
    seat: Seat,
    leader: &NativeId,
) -> Option<&'a Hireling> {
    state
        .seat(seat)?
        .hirelings
        .iter()
        .find(|h| &h.native == leader)
}

pub(super) fn hireling_mut<'a>(
    state: &'a mut GameState,
    seat: Seat,
    leader: &NativeId,
) -> Option<&'a mut Hireling> {
    state
        .seat_mut(seat)?
        .hirelings
        .iter_mut()
        .find(|h| &h.native == leader)
}

/// The seat that hired `leader`.
pub fn employer(state: &GameState, leader: &NativeId) -> Option<Seat> {
    hiring::employer(state, leader)
}

/// Whether the hired leader is hidden (7.4).
pub fn hidden(state: &GameState, leader: &NativeId) -> bool {
    employer(state, leader)
        .and_then(|s| hireling(state, s, leader))
        .is_some_and(|h| h.hidden)
}

/// 6.2.5: what his employer recorded for the hired leader today.
pub fn record_of(state: &GameState, leader: &NativeId) -> Vec<Activity> {
    employer(state, leader)
        .and_then(|s| hireling(state, s, leader))
        .map(|h| h.record.clone())
        .unwrap_or_default()
}

/// 7.11: the activity of the phase the hired leader is doing (his turn under way).
pub fn current_activity(state: &GameState, leader: &NativeId) -> Option<Activity> {
    let turn = state.today.leader_turn.as_ref()?;
    match state.today.order.get(state.today.turn)? {
        Turner::Leader { leader: l, .. } if l == leader => {
            record_of(state, leader).get(turn.phase).cloned()
        }
        _ => None,
    }
}

/// 7.4, 7.11: the hired leader becomes hidden (or unhidden).
pub fn set_hidden(state: &mut GameState, leader: &NativeId, hidden: bool) {
    if let Some(h) = employer(state, leader).and_then(|s| hireling_mut(state, s, leader)) {
        h.hidden = hidden;
    }
}

/// The leader's name, for the log.
pub fn name(cat: &Catalog, leader: &NativeId) -> String {
    cat.denizens
        .native(leader)
        .map_or_else(|| leader.0.clone(), |n| format!("the hired {}", n.name))
}

/// 7.3.1: the clearings one Move away for a hired leader: along open roadways and the
/// hidden paths and secret passages he has discovered (4.5.4); Melt into Mist, card rule
/// 1: as mist, along those he has not discovered too (`hoping`: with the spell on him,
/// energized or inert, as he is recorded in Birdsong).
pub(super) fn move_targets(
    cat: &Catalog,
    state: &GameState,
    leader: &NativeId,
    from: ClearingRef,
    hoping: bool,
) -> Vec<ClearingRef> {
    let known = super::leader_search::discoveries(state, leader).paths;
    super::creatures::denizen_moves(cat, state, &counter(leader), from, &known, hoping)
}

/// 4.6.8: the creature the leader is transmorphized into now, if any.
fn form(cat: &Catalog, state: &GameState, leader: &NativeId) -> Option<spells::transform::Form> {
    spells::transform::form_of_piece(cat, state, &counter(leader))
}

/// 4.6.8b: whether the leader's belongings are frozen (and weigh nothing): he is mist or
/// transmorphized.
fn frozen(cat: &Catalog, state: &GameState, leader: &NativeId) -> bool {
    super::creatures::frozen_denizen(cat, state, &counter(leader))
}

/// 7.3.2: the kind of the leader's own native horse when he can ride it in `at` (it is
/// with him, he is not mist or a creature, and not in a cave); hired natives ride only
/// their own native horses.
pub(super) fn ridden_horse(
    cat: &Catalog,
    state: &GameState,
    leader: &NativeId,
    at: ClearingRef,
) -> Option<HorseKind> {
    // 4.6.8b, 7.3.2: as mist or a creature his horse is frozen (he cannot ride it).
    if who::is_cave(cat, state, at) || frozen(cat, state, leader) {
        return None;
    }
    let id = cat.denizens.native(leader)?.horse.clone()?;
    let horse = PieceId::NativeHorse { id: id.clone() };
    (state.piles.place_of(&horse) == Some(&Place::Clearing { at }))
        .then(|| cat.denizens.native_horse(&id).map(|h| h.kind))
        .flatten()
}

/// 6.3.2, 6.3.5: at Sunrise, the hired leaders who follow a guide today (see
/// `following::resolve`) go with him; the others take turns of their own.
pub fn sunrise(cat: &Catalog, state: &GameState) -> Vec<Turner> {
    let mut turners = Vec::new();
    for employer in state.all_seats() {
        for leader in leaders_of(cat, state, employer) {
            if !super::following::leader_is_following(state, &leader) {
                turners.push(Turner::Leader { employer, leader });
            }
        }
    }
    turners
}

/// 7.11, 7.13: the guide's turn ends: the hired leaders following him stop, and each one's
/// turn ends in his clearing, with its own prowling and summoning.
pub fn end_of_guide_turn(
    cat: &Catalog,
    state: &mut GameState,
    guide: &super::following::Guide,
    took_turn: bool,
) -> Result<Events, RuleError> {
    let mut events = Vec::new();
    for leader in super::following::leaders_behind(state, guide) {
        state.today.leaders_following.remove(&leader);
        if took_turn {
            end_of_turn(cat, state, &leader, &mut events)?;
        }
    }
    Ok(events)
}

/// 6.2.5, 7.2.2: a hired leader's turn under way.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LeaderTurn {
    /// Index into his record of the phase to do next.
    pub phase: usize,
    /// 7.3.1: the first of two Moves into a mountain clearing is done.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub climbing: bool,
    /// 7.3.2: the phases of his record his horse gives (read as his turn starts).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub horse_phases: Vec<usize>,
    /// 7.2.2: his employer is done with the start of this phase.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ready: bool,
    /// 7.5: his Search phase waits for his employer to pick the table.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub searching: bool,
    /// 7.5: the Choice rows his employer may pick from (and where he searched).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub picks: Vec<crate::magic_realm::catalog::tables::SearchPick>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search_at: Option<ClearingRef>,
    /// 7.5: the search of this phase is done.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub searched: bool,
    /// Lost (card rule 2): his Lost Move under way.
    #[serde(default, skip_serializing_if = "LostMove::is_idle")]
    pub lost: LostMove,
    /// 7.6, 7.7: his Trade or Hire phase waits for his employer to make the deal.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dealing: bool,
    /// 7.6, 7.7: the Meeting Table result his employer answers for him.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offer: Option<super::meeting::Offer>,
    /// 7.6, 7.7: the deal of this phase is done.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dealt: bool,
}

impl LeaderTurn {
    /// 7.5: the leader's search waits for his employer's decision.
    fn deciding_search(&self) -> bool {
        self.searching || !self.picks.is_empty()
    }

    /// Lost (card rule 2): his employer picks where his Lost Move goes.
    fn deciding_lost_way(&self) -> bool {
        self.lost.choosing()
    }

    /// 7.6, 7.7: the leader's Trade or Hire phase waits for his employer's decision.
    fn deciding_deal(&self) -> bool {
        self.dealing || self.offer.is_some()
    }
}

/// 7.2.2: the employer and hired leader waiting at the start of one of the leader's
/// phases: the leader carries belongings, which he may abandon. 7.5: or waiting for the
/// employer to pick the table (or a Choice row) of the leader's Search phase.
pub fn awaiting(state: &GameState) -> Option<(Seat, NativeId)> {
    let turn = state.today.leader_turn.as_ref()?;
    match state.today.order.get(state.today.turn)? {
        Turner::Leader { employer, leader }
            if turn.deciding_search()
                || turn.deciding_lost_way()
                || turn.deciding_deal()
                || (!turn.ready
                    && super::carried::may_abandon(state, leader)
                    && hireling(state, *employer, leader)
                        .is_some_and(|h| turn.phase < h.record.len())) =>
        {
            Some((*employer, leader.clone()))
        }
        _ => None,
    }
}

/// 7.2.2: what the employer may do at the start of his leader's phase; 7.5: or in his
/// Search phase.
pub fn phase_start_options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    let turn = state.today.leader_turn.as_ref();
    match awaiting(state) {
        Some((employer, leader)) if employer == seat => {
            if let Some(t) = turn.filter(|t| t.deciding_lost_way()) {
                t.lost.options()
            } else if turn.is_some_and(|t| t.offer.is_some()) {
                super::leader_trade::answers(state, &leader)
            } else if turn.is_some_and(|t| t.dealing) {
                super::leader_trade::options(cat, state, &leader)
            } else if turn.is_some_and(|t| !t.picks.is_empty()) {
                super::leader_search::pick_options(
                    state,
                    &super::leader_search::Searcher::Leader(leader),
                )
            } else if turn.is_some_and(|t| t.searching) {
                super::leader_search::options(
                    cat,
                    state,
                    &super::leader_search::Searcher::Leader(leader),
                )
            } else {
                super::carried::abandon_options(state, &leader)
            }
        }
        _ => Vec::new(),
    }
}

/// Applies a legal action at the start of a hired leader's phase.
pub fn apply_phase_start(
    cat: &Catalog,
    state: &mut GameState,
    action: &A,
    events: &mut Events,
) -> Result<(), RuleError> {
    let searching = state
        .today
        .leader_turn
        .as_ref()
        .is_some_and(LeaderTurn::deciding_search);
    let dealing = state
        .today
        .leader_turn
        .as_ref()
        .is_some_and(LeaderTurn::deciding_deal);
    let awaited = awaiting(state);
    let employer = awaited.as_ref().map(|(e, _)| *e);
    if let Some(turn) = state
        .today
        .leader_turn
        .as_mut()
        .filter(|t| t.deciding_lost_way())
    {
        return turn.lost.apply(action);
    }
    match action {
        _ if dealing => {
            let (employer, leader) =
                awaited.ok_or_else(|| RuleError::illegal("no hired leader is dealing"))?;
            super::leader_trade::apply(cat, state, employer, &leader, action, events)
        }
        A::LeaderSearch { leader, search } if searching => {
            let employer = employer.ok_or_else(|| RuleError::illegal("no leader is searching"))?;
            let who = super::leader_search::Searcher::Leader(leader.clone());
            super::leader_search::search(cat, state, employer, &who, search, events)
        }
        A::ChooseLeaderSearchResult { leader, pick } if searching => {
            let employer = employer.ok_or_else(|| RuleError::illegal("no leader is searching"))?;
            let who = super::leader_search::Searcher::Leader(leader.clone());
            super::leader_search::pick(cat, state, employer, &who, *pick, events)
        }
        _ if searching => Err(RuleError::illegal(format!(
            "{action:?}: the hired leader's search waits for its table or result (7.5)"
        ))),
        A::HirelingAbandons { .. } | A::HirelingGives { .. } => {
            let (_, leader) =
                awaited.ok_or_else(|| RuleError::illegal("no hired leader is starting a phase"))?;
            super::carried::apply_decision(cat, state, &counter(&leader), action, events)
                .unwrap_or_else(|| Err(RuleError::illegal("not the hired leader starting a phase")))
        }
        A::Proceed => {
            if let Some(t) = state.today.leader_turn.as_mut() {
                t.ready = true;
            }
            Ok(())
        }
        other => Err(RuleError::illegal(format!(
            "{other:?}: at the start of his phase a hired leader may only abandon belongings (7.2.2)"
        ))),
    }
}

/// Takes the hired leader's turn: unhidden as it starts (7.1.2), each recorded phase in
/// order, blocking at the end of each phase (7.12), and the end of his turn (7.13). A
/// leader blocked before his turn loses it. It needs no decision from his employer, except
/// (7.2.2) whether the leader abandons belongings he carries at the start of a phase: then
/// it stops, and returns false. True when his turn is over.
pub fn take_turn(
    cat: &Catalog,
    state: &mut GameState,
    employer: Seat,
    leader: &NativeId,
    events: &mut Events,
) -> Result<bool, RuleError> {
    let who = name(cat, leader);
    let guide = super::following::Guide::leader(leader);
    if state.today.leader_turn.is_none() {
        if state.today.blocked_leaders.contains(leader) || clearing(state, leader).is_none() {
            events.push(Event::public(
                "7.12",
                format!("{who} loses his turn today."),
                E::LeaderTurnLost {
                    leader: leader.clone(),
                },
            ));
            // 7.11: the characters and hired leaders following him lose theirs.
            events.extend(super::following::end_of_guide_turn(
                cat, state, &guide, false,
            )?);
            return Ok(true);
        }
        events.push(Event::public(
            "7.1.1",
            format!("{who}'s attention chit is picked: his turn begins."),
            E::LeaderTurnBegins {
                seat: employer,
                leader: leader.clone(),
            },
        ));
        if let Some(h) = hireling_mut(state, employer, leader) {
            h.hidden = false;
        }
        // 7.11: and so are the characters and hired leaders following him.
        super::following::unhide_followers(cat, state, &guide, events);
        let record = hireling(state, employer, leader)
            .map(|h| h.record.clone())
            .unwrap_or_default();
        state.today.turn_started = true;
        state.today.leader_turn = Some(LeaderTurn {
            horse_phases: horse_phases(cat, state, leader, &record),
            ..LeaderTurn::default()
        });
    }
    let record = hireling(state, employer, leader)
        .map(|h| h.record.clone())
        .unwrap_or_default();
    loop {
        let Some(mut turn) = state.today.leader_turn.clone() else {
            return Ok(true);
        };
        let activity = record.get(turn.phase);
        let Some(activity) = activity.filter(|_| !state.today.blocked_leaders.contains(leader))
        else {
            state.today.leader_turn = None;
            end_of_turn(cat, state, leader, events)?;
            return Ok(true);
        };
        // 7.2.2: at the start of the phase he may abandon what he carries (4.6.8b: not
        // what is transmorphized with him; as mist, nothing).
        if !turn.ready && super::carried::may_abandon(state, leader) {
            return Ok(false);
        }
        // 7.2.1, 7.2.2: and so may the hired leaders following him.
        if super::guide_gifts::awaiting(cat, state).is_some() {
            return Ok(false);
        }
        // 7.11: the characters following him may stop as he starts the activity.
        if super::following::ask(cat, state, &guide, events) {
            return Ok(false);
        }
        let phase = turn.phase + 1;
        if turn.horse_phases.contains(&turn.phase) && !rides_now(cat, state, leader) {
            turn.climbing = false;
            events.push(Event::public(
                "7.3.2",
                format!("Phase {phase}: {who} is not riding his horse; the phase is blank."),
                E::LeaderPhaseCancelled {
                    leader: leader.clone(),
                },
            ));
        } else if spells::mist::forbids_piece(cat, state, &counter(leader), activity) {
            // Melt into Mist, card rule 1: mist can only Move, Hide and Follow.
            turn.climbing = false;
            events.push(Event::public(
                "4.6.8",
                format!(
                    "Phase {phase}: {who} is mist and can only move, hide or follow; {} is cancelled.",
                    birdsong::describe(activity)
                ),
                E::LeaderPhaseCancelled {
                    leader: leader.clone(),
                },
            ));
        } else if form(cat, state, leader)
            .is_some_and(|f| super::creatures::forbidden(&f, activity))
        {
            // 4.6.8c, 7.3.3: a creature cannot Trade, Hire, Rest or Alert; a flying one
            // cannot Move (he must fly).
            turn.climbing = false;
            events.push(Event::public(
                "4.6.8",
                format!(
                    "Phase {phase}: {who} is transmorphized and cannot do {}; the phase is blank.",
                    birdsong::describe(activity)
                ),
                E::LeaderPhaseCancelled {
                    leader: leader.clone(),
                },
            ));
        } else {
            match activity {
                // 7.3.3: a flying creature flies, and lands after his last consecutive Fly
                // phase; landing in a cave after a Sunlight phase (more than his two Basic
                // phases done) cancels the rest of his turn.
                Activity::Fly { to } if super::leader_flight::flies(cat, state, leader) => {
                    turn.climbing = false;
                    super::leader_flight::fly(cat, state, leader, *to, phase, events)?;
                    if !matches!(record.get(turn.phase + 1), Some(Activity::Fly { .. })) {
                        let at = super::leader_flight::land(cat, state, leader, events)?;
                        if at.is_some_and(|c| who::is_cave(cat, state, c))
                            && phase > 2
                            && phase < record.len()
                        {
                            events.push(Event::public(
                                "7.3.3",
                                format!("{who} landed in a cave after a Sunlight phase: the rest of his turn is cancelled."),
                                E::LeaderPhaseCancelled {
                                    leader: leader.clone(),
                                },
                            ));
                            turn.phase = record.len().saturating_sub(1);
                        }
                    }
                }
                Activity::Move { to } => {
                    let from = clearing(state, leader);
                    // Lost, card rule 2: a Lost spell on his tile sends him elsewhere.
                    let way = match from {
                        Some(f) => {
                            let targets = move_targets(cat, state, leader, f, false);
                            spells::lost::minion_way(
                                cat,
                                state,
                                &mut turn.lost,
                                &LostMover::Denizen {
                                    piece: counter(leader),
                                },
                                (f, *to),
                                &targets,
                                turn.climbing,
                                events,
                            )?
                        }
                        None => MinionWay::To(*to),
                    };
                    match way {
                        MinionWay::Choose => {
                            state.today.leader_turn = Some(turn);
                            return Ok(false);
                        }
                        MinionWay::Nowhere => {
                            turn.climbing = false;
                            events.push(Event::public(
                                "4.6.8",
                                format!("Phase {phase}: {who} is Lost and goes nowhere; the phase is blank."),
                                E::LeaderPhaseCancelled {
                                    leader: leader.clone(),
                                },
                            ));
                        }
                        MinionWay::To(to) => {
                            turn.climbing =
                                do_move(cat, state, leader, to, turn.climbing, phase, events);
                        }
                    }
                    // 7.11a: the characters following him move with him.
                    if let (Some(from), Some(now)) = (from, clearing(state, leader)) {
                        if from != now {
                            super::following::share_move(cat, state, &guide, from, now, events)?;
                        }
                    }
                }
                Activity::Hide => {
                    turn.climbing = false;
                    hide(cat, state, employer, leader, events)?;
                    super::following::share_hide(cat, state, &guide, events);
                }
                // 6.2.5, 7.11f: he rests or alerts only for the characters following him.
                Activity::Rest | Activity::Alert => {
                    turn.climbing = false;
                    events.push(Event::public(
                        "7.11",
                        format!(
                            "Phase {phase}: {who} does {} for the characters following him.",
                            birdsong::describe(activity)
                        ),
                        E::LeaderPhaseCancelled {
                            leader: leader.clone(),
                        },
                    ));
                    if super::following::share_rest_or_alert(state, &guide) {
                        state.today.leader_turn = Some(turn);
                        return Ok(false);
                    }
                }
                // 7.5: his employer picks the table (and any Choice row) for him.
                Activity::Search if !turn.searched => {
                    turn.ready = true;
                    turn.searching = turn.picks.is_empty();
                    state.today.leader_turn = Some(turn);
                    return Ok(false);
                }
                Activity::Search => turn.climbing = false,
                // 7.6, 7.7: his employer makes the deal for him, if there is anyone here
                // to deal with.
                Activity::Trade | Activity::Hire if !turn.dealt => {
                    turn.climbing = false;
                    if super::leader_trade::deals(cat, state, leader, activity).is_empty() {
                        events.push(Event::public(
                            if *activity == Activity::Trade {
                                "7.6"
                            } else {
                                "7.7"
                            },
                            format!(
                                "Phase {phase}: {who} finds no one here to {}; the phase is blank.",
                                if *activity == Activity::Trade {
                                    "trade with"
                                } else {
                                    "hire"
                                }
                            ),
                            E::LeaderPhaseCancelled {
                                leader: leader.clone(),
                            },
                        ));
                    } else {
                        turn.ready = true;
                        turn.dealing = true;
                        state.today.leader_turn = Some(turn);
                        return Ok(false);
                    }
                }
                Activity::Trade | Activity::Hire => turn.climbing = false,
                other => {
                    turn.climbing = false;
                    events.push(Event::public(
                        "6.2.5",
                        format!(
                            "Phase {phase}: {who} cannot do {}; the phase is blank.",
                            birdsong::describe(other)
                        ),
                        E::LeaderPhaseCancelled {
                            leader: leader.clone(),
                        },
                    ));
                }
            }
        }
        state.today.leader_turn = Some(turn);
        end_phase(cat, state, leader, events)?;
    }
}

/// 7.12, 7.11: the end of the hired leader's phase: blocking, and the followers who stopped
/// during it end their turns; on to his next phase.
fn end_phase(
    cat: &Catalog,
    state: &mut GameState,
    leader: &NativeId,
    events: &mut Events,
) -> Result<(), RuleError> {
    block(cat, state, leader, events);
    super::blocking::end_of_denizen_phase(cat, state, &counter(leader), events);
    let stopped: Vec<Seat> = state.today.stopped_following.iter().copied().collect();
    events.extend(super::following::end_of_phase(cat, state)?);
    for f in stopped {
        prowling::block_character(cat, state, f, events);
    }
    if let Some(turn) = state.today.leader_turn.as_mut() {
        turn.phase += 1;
        turn.ready = false;
        turn.searched = false;
        turn.dealt = false;
    }
    Ok(())
}

/// 7.11f: the characters following the hired leader have shared his Rest or Alert: his
/// phase ends (his turn then goes on).
pub fn shared_phase_ends(
    cat: &Catalog,
    state: &mut GameState,
    events: &mut Events,
) -> Result<(), RuleError> {
    let Some(Turner::Leader { leader, .. }) = state.today.order.get(state.today.turn).cloned()
    else {
        return Ok(());
    };
    if state.today.leader_turn.is_none() {
        return Ok(());
    }
    end_phase(cat, state, &leader, events)
}

/// 6.2.5, 7.3.2: the phases of the leader's record that his horse gives (read from where he
/// starts his turn, as in Birdsong).
fn horse_phases(
    cat: &Catalog,
    state: &GameState,
    leader: &NativeId,
    record: &[Activity],
) -> Vec<usize> {
    let Some(start) = clearing(state, leader) else {
        return Vec::new();
    };
    let ent = super::leader_records::entitlement(cat, state, leader, start);
    birdsong::assign(cat, state, &ent, record)
        .unwrap_or_default()
        .iter()
        .enumerate()
        .filter(|(_, src)| **src == birdsong::Source::Horse)
        .map(|(i, _)| i)
        .collect()
}

/// 7.3.2: whether the leader rides his horse at the start of a phase: it is with him and
/// he is not in a cave (he cannot ride it out of one).
fn rides_now(cat: &Catalog, state: &GameState, leader: &NativeId) -> bool {
    clearing(state, leader).is_some_and(|at| ridden_horse(cat, state, leader, at).is_some())
}

/// 7.3.1: a hired leader moves along a roadway he may use (two consecutive Moves into a
/// mountain clearing), with his horse. Returns whether a climb is under way.
fn do_move(
    cat: &Catalog,
    state: &mut GameState,
    leader: &NativeId,
    to: ClearingRef,
    climbing: bool,
    phase: usize,
    events: &mut Events,
) -> bool {
    let who = name(cat, leader);
    let Some(from) = clearing(state, leader) else {
        return false;
    };
    let targets = move_targets(cat, state, leader, from, false);
    let own = (
        E::LeaderPhaseCancelled {
            leader: leader.clone(),
        },
        E::LeaderClimbBegun {
            leader: leader.clone(),
            to,
        },
    );
    match super::moving::start_move(
        cat,
        state,
        &who,
        (from, to),
        &targets,
        climbing,
        phase,
        own,
        events,
    ) {
        super::moving::MoveStart::Blank => return false,
        super::moving::MoveStart::Climbing => return true,
        super::moving::MoveStart::Moves => {}
    }
    // 4.5.5b: the roadway he takes, and who spies on him as he leaves.
    // Melt into Mist, card rule 1: mist may take one he has not discovered (and does not
    // discover it; those spying on him still learn it).
    let known = super::leader_search::discoveries(state, leader).paths;
    let misted = spells::mist::misted_piece(cat, state, &counter(leader));
    let via: Vec<_> = state
        .map
        .moves(&cat.tiles, from, &known)
        .into_iter()
        .find(|r| r.to == to)
        .or_else(|| {
            misted
                .then(|| {
                    state
                        .map
                        .routes(&cat.tiles, from)
                        .into_iter()
                        .find(|r| r.to == to)
                })
                .flatten()
        })
        .map(|r| r.via)
        .unwrap_or_default();
    let watching = super::spying::leader_spies(cat, state, leader, from);
    // 7.3.1, 7.11d: what he cannot carry stays behind (4.6.8b: what is transmorphized with
    // him weighs nothing; a creature carries the rest with its move strength).
    super::carried::leave_heavy_items(cat, state, leader, from, events);
    let mut pieces = vec![counter(leader)];
    // 6.3.1: the underlings following him go with him.
    pieces.extend(super::underlings::following_in(
        cat,
        state,
        &super::underlings::UnderlingGuide::Leader {
            leader: leader.clone(),
        },
        from,
    ));
    if let Some(h) = cat.denizens.native(leader).and_then(|n| n.horse.clone()) {
        let horse = PieceId::NativeHorse { id: h };
        if state.piles.place_of(&horse) == Some(&Place::Clearing { at: from }) {
            pieces.push(horse);
        }
    }
    for p in &pieces {
        state.piles.move_to(p, Place::Clearing { at: to }, None);
    }
    events.push(Event::public(
        "7.3.1",
        format!(
            "Phase {phase}: {who} moves from {} to {}.",
            who::name(cat, from),
            who::name(cat, to)
        ),
        E::LeaderMoved {
            leader: leader.clone(),
            from,
            to,
        },
    ));
    super::spying::leader_used_roadways(cat, state, leader, &watching, &via, events);
    false
}

/// 7.4, 4.1.4: a hired leader hides by a roll on the Hide table with two dice, unmodified
/// (die-roll modifications never apply to hirelings); 7.11b: his result applies to the
/// underlings following him.
fn hide(
    cat: &Catalog,
    state: &mut GameState,
    employer: Seat,
    leader: &NativeId,
    events: &mut Events,
) -> Result<(), RuleError> {
    if hidden(state, leader) {
        share_hide(cat, state, leader, true);
        return Ok(());
    }
    let (roll, success) = super::hiding::unmodified_roll(cat, state);
    if let Some(h) = hireling_mut(state, employer, leader) {
        h.hidden = success;
    }
    events.push(Event::roll(
        "7.4",
        &roll,
        format!(
            "{} tries to hide: {}",
            name(cat, leader),
            if success { "hidden" } else { "not hidden" }
        ),
        E::LeaderHideRolled {
            leader: leader.clone(),
            success,
        },
    ));
    share_hide(cat, state, leader, success);
    Ok(())
}

/// 7.11b: the leader's Hide result applies to the underlings following him.
fn share_hide(cat: &Catalog, state: &mut GameState, leader: &NativeId, hidden: bool) {
    let guide = super::underlings::UnderlingGuide::Leader {
        leader: leader.clone(),
    };
    super::underlings::share_hide(cat, state, &guide, hidden);
}

/// 7.12: at the end of his phase, the unhired, uncontrolled monsters in his clearing block
/// the leader if he is unhidden: his turn ends, and they stop prowling.
pub fn block(cat: &Catalog, state: &mut GameState, leader: &NativeId, events: &mut Events) {
    let Some(at) = clearing(state, leader) else {
        return;
    };
    // 4.6.8c: mist neither blocks nor is blocked.
    if hidden(state, leader)
        || state.today.blocked_leaders.contains(leader)
        || crate::magic_realm::combat::spells::mist::misted_piece(cat, state, &counter(leader))
    {
        return;
    }
    // 8.4.4: the monsters his employer has pacified do not block him.
    let Some(employer) = super::hiring::employer(state, leader) else {
        return;
    };
    let monsters = prowling::blocking_monsters_toward(cat, state, at, employer);
    if monsters.is_empty() {
        return;
    }
    state.today.blocked_leaders.insert(leader.clone());
    state.today.stopped.extend(monsters);
    events.push(Event::public(
        "7.12",
        format!(
            "{} is blocked by the monsters in {}.",
            name(cat, leader),
            who::name(cat, at)
        ),
        E::LeaderBlocked {
            leader: leader.clone(),
        },
    ));
}

/// 7.3.3, 7.11a: a hired leader left behind by the flying guide he followed (he has
/// stopped following): his turn ends in his clearing, and the monsters there block him.
pub(super) fn left_behind(
    cat: &Catalog,
    state: &mut GameState,
    leader: &NativeId,
    events: &mut Events,
) -> Result<(), RuleError> {
    end_of_turn(cat, state, leader, events)?;
    block(cat, state, leader, events);
    Ok(())
}

/// 7.13: the end of the leader's turn: prowling monsters in his tile move to his clearing,
/// the map chits there turn up and summon; the monsters that arrive block him (and the
/// unhidden characters there) as they would a character.
fn end_of_turn(
    cat: &Catalog,
    state: &mut GameState,
    leader: &NativeId,
    events: &mut Events,
) -> Result<(), RuleError> {
    // 7.3.3: nobody stays in the air after his turn.
    super::leader_flight::land(cat, state, leader, events)?;
    events.push(Event::public(
        "7.13",
        format!("{}'s turn ends.", name(cat, leader)),
        E::LeaderTurnEnds {
            leader: leader.clone(),
        },
    ));
    // 7.13: the monsters that move or appear block him (and the unhidden individuals
    // there) as they arrive; those already there blocked him at the end of his phase, and
    // a follower put back on the map is not blocked by them (7.12: no phase of his ended).
    if let Some(at) = clearing(state, leader) {
        events.extend(prowling::end_of_turn_at(cat, state, at, false)?);
    }
    // 7.11: the characters and hired leaders following him end their turns in his
    // clearing after him.
    let guide = super::following::Guide::leader(leader);
    events.extend(super::following::end_of_guide_turn(
        cat, state, &guide, true,
    )?);
    Ok(())
}

/// 8.9: at Midnight the leaders' records are wiped for the next day.
pub fn midnight(state: &mut GameState) {
    for s in &mut state.seats {
        for h in &mut s.hirelings {
            h.record.clear();
        }
    }
}
