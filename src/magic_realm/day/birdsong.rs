//! Birdsong (rules 6.2.1 to 6.2.4): how many phases a character gets, and recording his
//! activities one phase at a time, in secret, with take-back until he is done.

use super::who;
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::characters::SpecialAdvantage as Adv;
use crate::magic_realm::catalog::tiles::ClearingKind;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::state::{Activity, GameState};

type Events = Vec<Event<E>>;

/// The kinds of activity, for extra phases that allow only one kind (6.2.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Move,
    Hide,
    Search,
    Rest,
    Alert,
    Trade,
    Hire,
}

pub fn kind(a: &Activity) -> Kind {
    match a {
        Activity::Move { .. } => Kind::Move,
        Activity::Hide => Kind::Hide,
        Activity::Search => Kind::Search,
        Activity::Rest => Kind::Rest,
        Activity::Alert => Kind::Alert,
        Activity::Trade => Kind::Trade,
        Activity::Hire => Kind::Hire,
    }
}

/// 6.2.2: the phases a character is entitled to today.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entitlement {
    /// 6.2.2a: two Basic phases.
    pub basic: usize,
    /// 6.2.2b: two Sunlight phases, unless the day starts in a cave (or the Dwarf's Short
    /// Legs); recording a Move into a cave gives them up too.
    pub sunlight: usize,
    /// 6.2.2c: extra phases, each for one kind of activity (Special Advantages).
    pub extra: Vec<Kind>,
}

pub fn entitlement(cat: &Catalog, state: &GameState, seat: Seat) -> Entitlement {
    let in_cave = who::clearing(state, seat).is_some_and(|c| who::is_cave(cat, state, c));
    let short_legs = who::has(cat, state, seat, Adv::ShortLegs);
    let mut extra = Vec::new();
    for (adv, k) in [
        (Adv::Stamina, Kind::Move),
        (Adv::Robust, Kind::Rest),
        (Adv::Health, Kind::Rest),
        (Adv::Elusiveness, Kind::Hide),
        (Adv::MagicalParaphernalia, Kind::Alert),
    ] {
        if who::has(cat, state, seat, adv) {
            extra.push(k);
        }
    }
    Entitlement {
        basic: 2,
        sunlight: if in_cave || short_legs { 0 } else { 2 },
        extra,
    }
}

/// Where the record leaves the character, and whether it climbs into a mountain with only
/// the first of its two Move phases recorded (7.3.1).
pub fn planned_position(
    cat: &Catalog,
    state: &GameState,
    start: ClearingRef,
    record: &[Activity],
) -> (ClearingRef, Option<ClearingRef>) {
    let mut at = start;
    let mut half: Option<ClearingRef> = None;
    for a in record {
        match a {
            Activity::Move { to } => {
                let mountain =
                    state.map.clearing_kind(&cat.tiles, *to) == Some(ClearingKind::Mountain);
                if !mountain || half == Some(*to) {
                    at = *to;
                    half = None;
                } else {
                    half = Some(*to);
                }
            }
            _ => half = None,
        }
    }
    (at, half)
}

/// Whether a record fits the phases (6.2.2, 6.2.4): extra phases take the activities they
/// allow, everything else takes Basic and Sunlight phases; a record that enters a cave has
/// no Sunlight phases (6.2.2b, 7.3.1).
pub fn fits(cat: &Catalog, state: &GameState, ent: &Entitlement, record: &[Activity]) -> bool {
    let enters_cave = record.iter().any(|a| match a {
        Activity::Move { to } => who::is_cave(cat, state, *to),
        _ => false,
    });
    let general_cap = ent.basic + if enters_cave { 0 } else { ent.sunlight };
    let mut extra = ent.extra.clone();
    let mut general = 0;
    for a in record {
        let k = kind(a);
        if let Some(i) = extra.iter().position(|e| *e == k) {
            extra.remove(i);
        } else {
            general += 1;
        }
    }
    general <= general_cap
}

/// The activities the seat may record next (a deterministic order).
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    let Some(sheet) = state.seat(seat) else {
        return Vec::new();
    };
    if sheet.record.done || !who::playing(state, seat) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let record = &sheet.record.activities;
    let ent = entitlement(cat, state, seat);
    let mut candidates: Vec<Activity> = Vec::new();
    if !who::exhausted(cat, state, seat) {
        if let Some(start) = who::clearing(state, seat) {
            let (at, half) = planned_position(cat, state, start, record);
            match half {
                Some(mountain) => candidates.push(Activity::Move { to: mountain }),
                None => {
                    for to in move_targets(cat, state, seat, at) {
                        candidates.push(Activity::Move { to });
                    }
                }
            }
        }
        candidates.extend([Activity::Hide, Activity::Search]);
        candidates.extend([Activity::Trade, Activity::Hire]);
    }
    candidates.push(Activity::Rest);
    if !who::exhausted(cat, state, seat) {
        candidates.push(Activity::Alert);
    }
    for a in candidates {
        let mut longer = record.clone();
        longer.push(a.clone());
        if fits(cat, state, &ent, &longer) {
            out.push(A::RecordActivity { activity: a });
        }
    }
    if !record.is_empty() {
        out.push(A::TakeBackActivity);
    }
    out.push(A::FinishRecording);
    out
}

/// 7.3.1: the clearings one Move away along roadways the seat may use: open roads,
/// tunnels, and hidden paths and secret passages he has discovered (all of them for the
/// Wizard's Experience).
pub fn move_targets(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    from: ClearingRef,
) -> Vec<ClearingRef> {
    let routes = if who::has(cat, state, seat, Adv::Experience) {
        state.map.routes(&cat.tiles, from)
    } else {
        let discovered = state
            .seat(seat)
            .map(|s| s.discoveries.paths.clone())
            .unwrap_or_default();
        state.map.moves(&cat.tiles, from, &discovered)
    };
    let mut to: Vec<ClearingRef> = routes.into_iter().map(|r| r.to).collect();
    to.sort();
    to.dedup();
    to
}

/// Applies a recording action (already known to be legal).
pub fn apply(state: &mut GameState, seat: Seat, action: &A) -> Result<Events, RuleError> {
    let sheet = state
        .seat_mut(seat)
        .ok_or_else(|| RuleError::internal("no such seat"))?;
    let rec = &mut sheet.record;
    Ok(match action {
        A::RecordActivity { activity } => {
            rec.activities.push(activity.clone());
            vec![Event::private(
                "6.2.3",
                seat,
                format!(
                    "Phase {} recorded: {}.",
                    rec.activities.len(),
                    describe(activity)
                ),
                E::ActivityRecorded {
                    activity: activity.clone(),
                },
            )]
        }
        A::TakeBackActivity => {
            let gone = rec.activities.pop();
            vec![Event::private(
                "6.2.4",
                seat,
                "The last recorded phase is taken back.",
                E::ActivityTakenBack { activity: gone },
            )]
        }
        A::FinishRecording => {
            rec.done = true;
            vec![Event::private(
                "6.2.3",
                seat,
                "Your turn is recorded.",
                E::TurnRecorded { seat },
            )]
        }
        other => {
            return Err(RuleError::internal(format!(
                "{other:?} is not a Birdsong action"
            )))
        }
    })
}

/// An activity in words.
pub fn describe(a: &Activity) -> String {
    match a {
        Activity::Move { to } => format!("Move to {:?} {}", to.tile, to.clearing.0),
        Activity::Hide => "Hide".into(),
        Activity::Search => "Search".into(),
        Activity::Rest => "Rest".into(),
        Activity::Alert => "Alert".into(),
        Activity::Trade => "Trade".into(),
        Activity::Hire => "Hire".into(),
    }
}
