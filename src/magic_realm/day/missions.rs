//! Mission and campaign chits (rule 7.2.4): taking one at the start of a phase and paying
//! its cost, delivering a mission to its Dwelling for the reward, completing a campaign
//! when all its foes are gone, abandoning a campaign, and the penalty for a task that runs
//! out of time or is unfinished when the game ends.

use super::who;
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::chits::DwellingId;
use crate::magic_realm::catalog::denizens::{
    Campaign, CampaignInfo, ChitCost, ChitFace, Mission, MissionInfo, NativeGroup, TimeLimit,
};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{Facing, PieceId, Place, VisitorChitId};
use crate::magic_realm::points::Points;
use crate::magic_realm::state::{GameState, Task};
use std::collections::{BTreeSet, VecDeque};

type Events = Vec<Event<E>>;

/// 7.2.4: gold paid when no route to the Dwelling existed as the chit was taken.
pub const NO_ROUTE_REWARD: u32 = 30;
/// 7.2.4: gold per clearing counted along the shortest route.
pub const GOLD_PER_CLEARING: u32 = 2;
/// 7.2.4: in a game longer than a month, an end-of-game limit is 28 days.
pub const MONTH: u8 = 28;

/// The face a visitor/mission chit shows.
pub fn face(cat: &Catalog, piece: &PieceId, facing: Facing) -> Option<ChitFace> {
    let PieceId::VisitorChit { id } = piece else {
        return None;
    };
    let chit = cat.denizens.chits.iter().find(|c| c.id == id.0)?;
    match facing {
        Facing::Dark => Some(chit.sides[1]),
        _ => Some(chit.sides[0]),
    }
}

fn mission(cat: &Catalog, m: Mission) -> Option<&MissionInfo> {
    cat.denizens.missions.iter().find(|x| x.mission == m)
}

fn campaign(cat: &Catalog, c: Campaign) -> Option<&CampaignInfo> {
    cat.denizens.campaigns.iter().find(|x| x.campaign == c)
}

fn cost_of(cat: &Catalog, f: ChitFace) -> Option<ChitCost> {
    match f {
        ChitFace::Mission(m) => mission(cat, m).map(|x| x.cost),
        ChitFace::Campaign(c) => campaign(cat, c).map(|x| x.cost),
        ChitFace::Visitor(_) => None,
    }
}

fn limit_of(cat: &Catalog, f: ChitFace) -> Option<TimeLimit> {
    match f {
        ChitFace::Mission(m) => mission(cat, m).map(|x| x.time_limit),
        ChitFace::Campaign(c) => campaign(cat, c).map(|x| x.time_limit),
        ChitFace::Visitor(_) => None,
    }
}

/// The clearing of a Dwelling, if it is on the map.
fn dwelling_at(state: &GameState, d: DwellingId) -> Option<ClearingRef> {
    match state.piles.place_of(&PieceId::Dwelling { id: d })? {
        Place::Clearing { at } => Some(*at),
        _ => None,
    }
}

/// Moves along the shortest route between two clearings, any roadways counted.
fn route_length(
    cat: &Catalog,
    state: &GameState,
    from: ClearingRef,
    to: ClearingRef,
) -> Option<u32> {
    let mut seen = BTreeSet::from([from]);
    let mut queue = VecDeque::from([(from, 0u32)]);
    while let Some((c, n)) = queue.pop_front() {
        if c == to {
            return Some(n);
        }
        for r in state.map.routes(&cat.tiles, c) {
            if seen.insert(r.to) {
                queue.push_back((r.to, n + 1));
            }
        }
    }
    None
}

/// Whether a native group has members on the map or on the Setup Card (garrisons count as
/// on the map).
fn group_present(state: &GameState, cat: &Catalog, g: NativeGroup) -> (bool, bool) {
    let mut on_map = false;
    let mut on_card = false;
    for (place, pile) in state.piles.iter() {
        for c in pile {
            let PieceId::Native { id } = &c.piece else {
                continue;
            };
            if cat.denizens.native(id).map(|n| n.group) != Some(g) {
                continue;
            }
            match place {
                Place::Clearing { .. } | Place::Tile { .. } => on_map = true,
                Place::Natives { .. } | Place::SetupBox { .. } => on_card = true,
                _ => {}
            }
        }
    }
    (on_map, on_card)
}

/// A campaign's foes: (some on the map, some on the Setup Card).
fn foes_present(cat: &Catalog, state: &GameState, c: &CampaignInfo) -> (bool, bool) {
    let mut on_map = false;
    let mut on_card = false;
    for g in &c.foes {
        let (m, s) = group_present(state, cat, *g);
        on_map |= m;
        on_card |= s;
    }
    for (place, pile) in state.piles.iter() {
        for p in pile {
            if let PieceId::Monster { id, .. } = &p.piece {
                if c.foe_monsters.contains(id) {
                    match place {
                        Place::Clearing { .. } | Place::Tile { .. } => on_map = true,
                        Place::ChartBox { .. } | Place::SetupBox { .. } => on_card = true,
                        _ => {}
                    }
                }
            }
        }
    }
    (on_map, on_card)
}

fn tasks(state: &GameState, seat: Seat) -> Vec<Task> {
    state
        .seat(seat)
        .map(|s| s.tasks.clone())
        .unwrap_or_default()
}

/// Why the seat may not take the chit now, if it may not (7.2.4).
fn refusal(cat: &Catalog, state: &GameState, seat: Seat, f: ChitFace) -> Option<&'static str> {
    let sheet = state.seat(seat)?;
    let cost = cost_of(cat, f)?;
    if sheet.fame.is_negative() || sheet.notoriety.is_negative() {
        return Some("he has negative Fame or Notoriety");
    }
    let affords = |have: Points, cost: u32| {
        i64::from(cost)
            .checked_neg()
            .and_then(|c| Points::new(c, 1))
            .and_then(|c| have.checked_add(c))
            .is_some_and(|left| !left.is_negative())
    };
    if !affords(sheet.fame, cost.fame) || !affords(sheet.notoriety, cost.notoriety) {
        return Some("he cannot pay its cost");
    }
    if let ChitFace::Campaign(c) = f {
        if tasks(state, seat)
            .iter()
            .any(|t| matches!(t.face, ChitFace::Campaign(_)))
        {
            return Some("he already has a campaign chit");
        }
        let info = campaign(cat, c)?;
        if !foes_present(cat, state, info).0 {
            return Some("none of its foes is on the map");
        }
    }
    None
}

/// 7.2.4: the chits he can take and the campaign he can abandon at the start of a phase.
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    if !super::belongings::may_rearrange(state, seat) {
        return Vec::new();
    }
    let Some(here) = who::clearing(state, seat) else {
        return Vec::new();
    };
    let mut out: Vec<A> = state
        .piles
        .pile(&Place::Clearing { at: here })
        .iter()
        .filter_map(|c| match (&c.piece, face(cat, &c.piece, c.facing)) {
            (
                PieceId::VisitorChit { id },
                Some(f @ (ChitFace::Mission(_) | ChitFace::Campaign(_))),
            ) => refusal(cat, state, seat, f)
                .is_none()
                .then(|| A::TakeChit { chit: id.clone() }),
            _ => None,
        })
        .collect();
    for t in tasks(state, seat) {
        if let ChitFace::Campaign(c) = t.face {
            if campaign(cat, c).is_some_and(|info| !foes_present(cat, state, info).0) {
                out.push(A::AbandonCampaign);
            }
        }
    }
    out
}

/// Pays the chit's cost (`back`: returns it) in recorded Fame and Notoriety.
fn pay(state: &mut GameState, seat: Seat, cost: ChitCost, back: bool) -> Result<(), RuleError> {
    let points = |n: u32| Points::new(i64::from(n), 1).ok_or_else(|| RuleError::internal("cost"));
    let (fame, notoriety) = (points(cost.fame)?, points(cost.notoriety)?);
    if let Some(s) = state.seat_mut(seat) {
        if back {
            s.fame.gain(fame)?;
            s.notoriety.gain(notoriety)?;
        } else {
            s.fame.lose(fame)?;
            s.notoriety.lose(notoriety)?;
        }
    }
    Ok(())
}

/// Takes a chit (a legal `TakeChit`).
pub fn take(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    chit: &VisitorChitId,
    events: &mut Events,
) -> Result<(), RuleError> {
    let here = who::clearing_or_err(state, seat)?;
    let piece = PieceId::VisitorChit { id: chit.clone() };
    let facing = state
        .piles
        .find(&piece)
        .map(|(_, c)| c.facing)
        .ok_or_else(|| RuleError::internal("the chit is nowhere"))?;
    let f = face(cat, &piece, facing).ok_or_else(|| RuleError::illegal("not a chit"))?;
    let cost = cost_of(cat, f).ok_or_else(|| RuleError::illegal("a visitor cannot be taken"))?;
    let day = state.step.day().unwrap_or(1);
    let until = match limit_of(cat, f) {
        Some(TimeLimit::Days(n)) => Some(day.saturating_add(n).saturating_sub(1)),
        Some(TimeLimit::EndOfGame) if state.days > MONTH => {
            Some(day.saturating_add(MONTH).saturating_sub(1))
        }
        _ => None,
    };
    let (destination, reward) = match f {
        ChitFace::Mission(m) => {
            let info = mission(cat, m).ok_or_else(|| RuleError::internal("unknown mission"))?;
            let at_start = dwelling_at(state, info.destination) == Some(here);
            let dest = if at_start {
                info.destination_if_taken_there
            } else {
                info.destination
            };
            let reward = dwelling_at(state, dest)
                .and_then(|to| route_length(cat, state, here, to))
                .map_or(NO_ROUTE_REWARD, |n| n * GOLD_PER_CLEARING);
            (Some(dest), reward)
        }
        _ => (None, 0),
    };
    pay(state, seat, cost, false)?;
    let place =
        who::belongings_place(state, seat).ok_or_else(|| RuleError::internal("no character"))?;
    state.piles.move_to(&piece, place, None);
    if let Some(s) = state.seat_mut(seat) {
        s.tasks.push(Task {
            chit: chit.clone(),
            face: f,
            until,
            destination,
            reward,
        });
    }
    events.push(Event::public(
        "7.2.4",
        format!(
            "{} takes the {f:?} chit, paying {} Fame and {} Notoriety.",
            who::who(cat, state, seat),
            cost.fame,
            cost.notoriety
        ),
        E::ChitTaken {
            seat,
            chit: chit.clone(),
            face: f,
        },
    ));
    Ok(())
}

/// Puts a task's chit in the character's clearing (or a Dwelling's) and drops the task.
fn put_down(state: &mut GameState, seat: Seat, chit: &VisitorChitId, at: Option<ClearingRef>) {
    let piece = PieceId::VisitorChit { id: chit.clone() };
    if let Some(at) = at.or_else(|| who::clearing(state, seat)) {
        state.piles.move_to(&piece, Place::Clearing { at }, None);
    }
    if let Some(s) = state.seat_mut(seat) {
        s.tasks.retain(|t| &t.chit != chit);
    }
}

/// 7.2.4: abandons his campaign (no refund, no penalty).
pub fn abandon_campaign(cat: &Catalog, state: &mut GameState, seat: Seat, events: &mut Events) {
    for t in tasks(state, seat) {
        if matches!(t.face, ChitFace::Campaign(_)) {
            put_down(state, seat, &t.chit, None);
            events.push(Event::public(
                "7.2.4",
                format!(
                    "{} abandons his campaign; the chit stays in his clearing.",
                    who::who(cat, state, seat)
                ),
                E::TaskEnded {
                    seat,
                    chit: t.chit,
                    completed: false,
                },
            ));
        }
    }
}

/// 7.2.4: entering the destination Dwelling's clearing with a mission completes it.
pub fn arrived(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    events: &mut Events,
) -> Result<(), RuleError> {
    let Some(here) = who::clearing(state, seat) else {
        return Ok(());
    };
    for t in tasks(state, seat) {
        let Some(dest) = t.destination else {
            continue;
        };
        if dwelling_at(state, dest) != Some(here) {
            continue;
        }
        let cost = cost_of(cat, t.face).unwrap_or(ChitCost {
            fame: 0,
            notoriety: 0,
        });
        pay(state, seat, cost, true)?;
        if let Some(s) = state.seat_mut(seat) {
            s.gold += i32::try_from(t.reward).unwrap_or(i32::MAX);
        }
        put_down(state, seat, &t.chit, Some(here));
        events.push(Event::public(
            "7.2.4",
            format!(
                "{} delivers the {:?} chit: {} gold, and his cost back.",
                who::who(cat, state, seat),
                t.face,
                t.reward
            ),
            E::TaskEnded {
                seat,
                chit: t.chit,
                completed: true,
            },
        ));
    }
    Ok(())
}

/// 7.2.4 at Midnight: a campaign whose foes are all gone is complete (cost back); a task
/// whose last day ends fails (cost paid again, chit left in his clearing).
pub fn midnight(
    cat: &Catalog,
    state: &mut GameState,
    day: u8,
    events: &mut Events,
) -> Result<(), RuleError> {
    for seat in state.all_seats().collect::<Vec<_>>() {
        for t in tasks(state, seat) {
            let cost = cost_of(cat, t.face).unwrap_or(ChitCost {
                fame: 0,
                notoriety: 0,
            });
            let done = match t.face {
                ChitFace::Campaign(c) => campaign(cat, c)
                    .is_some_and(|info| foes_present(cat, state, info) == (false, false)),
                _ => false,
            };
            let expired = t.until.is_some_and(|u| day >= u);
            if !done && !expired {
                continue;
            }
            pay(state, seat, cost, done)?;
            put_down(state, seat, &t.chit, None);
            events.push(Event::public(
                "7.2.4",
                if done {
                    format!(
                        "{} completes his campaign: his cost back.",
                        who::who(cat, state, seat)
                    )
                } else {
                    format!(
                        "{}'s {:?} task runs out of time: he pays its cost again.",
                        who::who(cat, state, seat),
                        t.face
                    )
                },
                E::TaskEnded {
                    seat,
                    chit: t.chit,
                    completed: done,
                },
            ));
        }
    }
    Ok(())
}

/// 7.2.4 at the end of the game: every unfinished task costs its price again.
pub fn game_end(
    cat: &Catalog,
    state: &mut GameState,
    events: &mut Events,
) -> Result<(), RuleError> {
    for seat in state.all_seats().collect::<Vec<_>>() {
        unfinished(cat, state, seat, events)?;
    }
    Ok(())
}

/// 7.2.4: the penalty for each of the seat's unfinished tasks as his game ends (the end
/// of the game, or 9.2.2 his leaving the map).
pub fn unfinished(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    events: &mut Events,
) -> Result<(), RuleError> {
    {
        for t in tasks(state, seat) {
            if let Some(cost) = cost_of(cat, t.face) {
                pay(state, seat, cost, false)?;
            }
            put_down(state, seat, &t.chit, None);
            events.push(Event::public(
                "7.2.4",
                format!(
                    "The game ends before {} completes his {:?} task: he pays its cost again.",
                    who::who(cat, state, seat),
                    t.face
                ),
                E::TaskEnded {
                    seat,
                    chit: t.chit,
                    completed: false,
                },
            ));
        }
    }
    Ok(())
}

/// 7.2.4: how a campaign changes his trading relationship with a group: two levels
/// friendlier for partners, always Enemy for foes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CampaignStance {
    Partner,
    Foe,
}

pub fn stance(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    g: NativeGroup,
) -> Option<CampaignStance> {
    tasks(state, seat).iter().find_map(|t| match t.face {
        ChitFace::Campaign(c) => {
            let info = campaign(cat, c)?;
            if info.partners.contains(&g) {
                Some(CampaignStance::Partner)
            } else if info.foes.contains(&g) {
                Some(CampaignStance::Foe)
            } else {
                None
            }
        }
        _ => None,
    })
}
