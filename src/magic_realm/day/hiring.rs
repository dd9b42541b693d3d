//! The Hire activity (rule 7.7, with GAPS §6): hiring the unhired natives of a group in
//! the clearing with a Meeting Table roll (a whole group for the sum of its members' wages,
//! or the Order and the Rogues one native at a time), the 14-day term of hire and its end
//! at Midnight (8.9), hirelings moving with the character who hired them, and hired
//! natives staying where they are at the end of the week (6.3.4). A hired leader hires for
//! his employer with the same steps (a `buyer::Buyer`); his phase's options are in
//! `leader_trade`.
//!
//! Elsewhere: hired leaders' own turns (6.2.5) in `leaders` and `leader_records`; the
//! underlings following a guide (6.3.1) in `underlings`; the Evening's battling rolls
//! (8.2.2) in `evening`; hirelings freed when the hiring character dies (9.1.1, `quitting`)
//! or leaves the map (9.2.2, `leaving`) through [`release_all`].

use super::buyer::Buyer;
use super::{meeting, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::denizens::{HireUnit, NativeGroup, NativeId, Trader};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::GameState;

use meeting::{Deal, HireChoice, Hireling};

type Events = Vec<Event<E>>;

/// 7.7 (GAPS §6): the term of hire, in days, counting the day of hire.
pub const TERM_OF_HIRE: u8 = 14;

/// The seat that has hired this native, if any.
pub fn employer(state: &GameState, native: &NativeId) -> Option<Seat> {
    state.all_seats().find(|s| {
        state
            .seat(*s)
            .is_some_and(|x| x.hirelings.iter().any(|h| &h.native == native))
    })
}

pub fn is_hired_native(state: &GameState, native: &NativeId) -> bool {
    employer(state, native).is_some()
}

/// Whether a piece is a hired native or the horse of one (6.3.4: they do not regenerate),
/// or a monster under a control spell (it neither prowls nor blocks nor fights as an
/// uncontrolled monster while it lasts).
pub fn is_hired(cat: &Catalog, state: &GameState, piece: &PieceId) -> bool {
    match piece {
        PieceId::Monster { .. } => {
            crate::magic_realm::combat::spells::controller(cat, state, piece).is_some()
        }
        PieceId::Native { id } => is_hired_native(state, id),
        PieceId::NativeHorse { id } => cat
            .denizens
            .native_horse(id)
            .is_some_and(|h| is_hired_native(state, &h.rider)),
        _ => false,
    }
}

/// A native's counter with his horse's, if he has one.
pub(super) fn with_horse(cat: &Catalog, native: &NativeId) -> Vec<PieceId> {
    let mut out = vec![PieceId::Native { id: native.clone() }];
    if let Some(h) = cat.denizens.native(native).and_then(|n| n.horse.clone()) {
        out.push(PieceId::NativeHorse { id: h });
    }
    out
}

/// The natives a choice names, if they can be hired here now.
pub fn targets(
    cat: &Catalog,
    state: &GameState,
    at: ClearingRef,
    hire: &HireChoice,
) -> Vec<NativeId> {
    match hire {
        HireChoice::Group { group, .. } => {
            let single = cat
                .denizens
                .group(*group)
                .is_some_and(|g| g.hire == HireUnit::Single);
            if single {
                Vec::new()
            } else {
                meeting::unhired_members(cat, state, at, *group)
            }
        }
        HireChoice::Native { native, .. } => {
            let ok = cat.denizens.native(native).is_some_and(|n| {
                cat.denizens
                    .group(n.group)
                    .is_some_and(|g| g.hire == HireUnit::Single)
                    && meeting::unhired_members(cat, state, at, n.group).contains(native)
            });
            if ok {
                vec![native.clone()]
            } else {
                Vec::new()
            }
        }
    }
}

pub fn group_of_choice(cat: &Catalog, hire: &HireChoice) -> Option<NativeGroup> {
    match hire {
        HireChoice::Group { group, .. } => Some(*group),
        HireChoice::Native { native, .. } => cat.denizens.native(native).map(|n| n.group),
    }
}

/// 7.7: the hires the buyer can attempt in his clearing (see [`choices`]).
pub fn hires(cat: &Catalog, state: &GameState, buyer: &Buyer) -> Vec<HireChoice> {
    let Some(here) = buyer.clearing(state) else {
        return Vec::new();
    };
    let drinks = |group| meeting::can_buy_drinks(cat, state, buyer, Trader::Native(group));
    choices(cat, state, here, drinks)
}

/// The hires the seat can attempt in his Hire phase, then `Proceed` to hire no one.
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    meeting::with_proceed(
        hires(cat, state, &Buyer::character(seat))
            .into_iter()
            .map(|hire| A::Hire { hire })
            .collect(),
    )
}

/// 7.7: the hires that can be attempted in clearing `at`, each group (or, for groups hired
/// one at a time, each native) without drinks, then with drinks when `drinks` says the
/// hirer can buy them for that group.
pub fn choices(
    cat: &Catalog,
    state: &GameState,
    at: ClearingRef,
    drinks: impl Fn(NativeGroup) -> bool,
) -> Vec<HireChoice> {
    let mut out = Vec::new();
    for group in meeting::groups_here(cat, state, at) {
        let drinks = drinks(group);
        let single = cat
            .denizens
            .group(group)
            .is_some_and(|g| g.hire == HireUnit::Single);
        let bases: Vec<HireChoice> = if single {
            meeting::unhired_members(cat, state, at, group)
                .into_iter()
                .map(|native| HireChoice::Native {
                    native,
                    drinks: false,
                })
                .collect()
        } else {
            vec![HireChoice::Group {
                group,
                drinks: false,
            }]
        };
        for base in bases {
            if drinks {
                let with = match &base {
                    HireChoice::Group { group, .. } => HireChoice::Group {
                        group: *group,
                        drinks: true,
                    },
                    HireChoice::Native { native, .. } => HireChoice::Native {
                        native: native.clone(),
                        drinks: true,
                    },
                };
                out.push(base);
                out.push(with);
            } else {
                out.push(base);
            }
        }
    }
    out
}

/// Does the Hire phase as the action says.
pub fn do_hire(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
    events: &mut Events,
) -> Result<(), RuleError> {
    let hire = match action {
        A::Hire { hire } => hire,
        A::Proceed => {
            return meeting::pass_phase(cat, state, seat, meeting::MeetingFor::Hire, events)
        }
        other => {
            return Err(RuleError::illegal(format!(
                "{other:?} does not do a Hire phase"
            )))
        }
    };
    hire_natives(cat, state, &Buyer::character(seat), hire, events)
}

/// 7.7: the buyer tries to hire the natives the choice names, with a Meeting Table roll
/// (a hired leader hires for his employer).
pub fn hire_natives(
    cat: &Catalog,
    state: &mut GameState,
    buyer: &Buyer,
    hire: &HireChoice,
    events: &mut Events,
) -> Result<(), RuleError> {
    let here = buyer.clearing_or_err(state)?;
    let natives = targets(cat, state, here, hire);
    let group = group_of_choice(cat, hire);
    let (Some(group), false) = (group, natives.is_empty()) else {
        return Err(RuleError::illegal(format!(
            "{hire:?} names no natives he can hire here"
        )));
    };
    let drinks = match hire {
        HireChoice::Group { drinks, .. } | HireChoice::Native { drinks, .. } => *drinks,
    };
    if drinks && !meeting::can_buy_drinks(cat, state, buyer, Trader::Native(group)) {
        return Err(RuleError::illegal("he cannot pay for the drinks"));
    }
    let wages: u32 = natives
        .iter()
        .filter_map(|n| cat.denizens.native(n))
        .map(|n| n.wage)
        .sum();
    let trader = Trader::Native(group);
    let result = meeting::meet(
        cat,
        state,
        buyer,
        trader,
        drinks,
        meeting::MeetingFor::Hire,
        events,
    )?;
    let offer = meeting::Offer {
        trader,
        deal: Deal::Hire { natives },
        result,
        basic: wages,
        price: 0,
    };
    meeting::open_offer(cat, state, buyer, offer, events)
}

/// The natives become the seat's hirelings for the term of hire (after he paid `paid`,
/// or as a boon).
pub fn take_hirelings(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    natives: &[NativeId],
    paid: u32,
    events: &mut Events,
) -> Result<(), RuleError> {
    let day = state.step.day().unwrap_or(1);
    let last_day = day.saturating_add(TERM_OF_HIRE - 1);
    if natives.iter().any(|n| is_hired_native(state, n)) {
        return Err(RuleError::internal("a native is hired already"));
    }
    let group = natives
        .first()
        .and_then(|n| cat.denizens.native(n))
        .map(|n| n.group)
        .ok_or_else(|| RuleError::internal("no natives to hire"))?;
    let sheet = state
        .seat_mut(seat)
        .ok_or_else(|| RuleError::internal("no such seat"))?;
    for n in natives {
        sheet.hirelings.push(Hireling {
            native: n.clone(),
            last_day,
            record: Vec::new(),
            hidden: false,
            follows: None,
            gold: 0,
            discoveries: Default::default(),
        });
    }
    sheet.hirelings.sort();
    let pieces: Vec<PieceId> = natives
        .iter()
        .map(|id| PieceId::Native { id: id.clone() })
        .collect();
    let name = who::who(cat, state, seat);
    events.push(Event::public(
        "7.7",
        format!(
            "{name} hires {} of the {group:?} for {paid} gold, until Midnight of day {last_day}.",
            pieces.len()
        ),
        E::NativesHired {
            seat,
            group,
            natives: pieces,
            price: paid,
            last_day,
        },
    ));
    Ok(())
}

/// 7.11, 7.3.1, 6.3.1: the pieces that go with `guide` out of `from`: the hired leaders
/// following him today, with their horses and the underlings following them. Each leaves
/// behind what he cannot carry.
pub fn leaders_along(
    cat: &Catalog,
    state: &mut GameState,
    guide: &super::following::Guide,
    from: ClearingRef,
    events: &mut Events,
) -> Vec<PieceId> {
    use super::underlings::{following_in, UnderlingGuide};
    let here = Place::Clearing { at: from };
    let leaders: Vec<NativeId> = super::following::leaders_behind(state, guide)
        .into_iter()
        .filter(|l| super::leaders::clearing(state, l) == Some(from))
        .collect();
    for leader in &leaders {
        super::carried::leave_heavy_items(cat, state, leader, from, events);
    }
    let mut moving: Vec<PieceId> = leaders
        .iter()
        .flat_map(|n| with_horse(cat, n))
        .filter(|p| state.piles.place_of(p) == Some(&here))
        .collect();
    for leader in leaders {
        moving.extend(following_in(
            cat,
            state,
            &UnderlingGuide::Leader { leader },
            from,
        ));
    }
    moving
}

/// 6.3.1, 7.11: the hired underlings following the character move with him, and so do the
/// hired leaders following him today, with their own underlings.
pub fn accompany(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    from: ClearingRef,
    to: ClearingRef,
    events: &mut Events,
) {
    let here = Place::Clearing { at: from };
    // 6.2.5: his hired leaders take turns of their own; 7.11: any hired leader following
    // him today moves with him.
    // 6.3.1: the underlings following him, and those following a leader who follows him.
    use super::underlings::{following_in, UnderlingGuide};
    let guide = super::following::Guide::character(seat);
    let mut moving = leaders_along(cat, state, &guide, from, events);
    moving.extend(following_in(
        cat,
        state,
        &UnderlingGuide::Character { seat },
        from,
    ));
    // 7.3.3, 7.11: the controlled monsters following him (flying ones walk too, following
    // a guide who moves normally).
    for m in super::steeds::following_at(cat, state, seat, &here) {
        // 7.3.1: what a following controlled monster cannot carry stays behind.
        super::carried::leave_heavy(cat, state, &m, from, events);
        moving.extend(super::steeds::with_part(cat, state, &m));
    }
    if moving.is_empty() {
        return;
    }
    for p in &moving {
        state.piles.move_to(p, Place::Clearing { at: to }, None);
    }
    events.push(Event::public(
        "7.7",
        format!(
            "{} hireling counter(s) move with {} to {}.",
            moving.len(),
            who::who(cat, state, seat),
            who::name(cat, to)
        ),
        E::HirelingsMoved {
            seat,
            pieces: moving,
            to,
        },
    ));
}

/// 7.7, 8.9: at Midnight of a term's last day the natives become unhired where they are.
pub fn midnight(cat: &Catalog, state: &mut GameState, day: u8) -> Events {
    let mut events = Vec::new();
    for seat in state.all_seats().collect::<Vec<_>>() {
        let Some(sheet) = state.seat_mut(seat) else {
            continue;
        };
        let (ended, kept): (Vec<Hireling>, Vec<Hireling>) = std::mem::take(&mut sheet.hirelings)
            .into_iter()
            .partition(|h| h.last_day <= day);
        sheet.hirelings = kept;
        if ended.is_empty() {
            continue;
        }
        let natives: Vec<PieceId> = ended
            .into_iter()
            .map(|h| PieceId::Native { id: h.native })
            .collect();
        events.push(Event::public(
            "7.7",
            format!(
                "Midnight: the term of hire of {} native(s) of {} ends; they are unhired where they stand.",
                natives.len(),
                who::who(cat, state, seat)
            ),
            E::HireEnded { seat, natives },
        ));
    }
    // 8.7, 8.9: what a leader no longer hired carried goes with his group's belongings.
    events.extend(super::carried::release_unhired(cat, state));
    events
}

/// 7.7 (GAPS §6): when the hiring character is killed, his hirelings become unhired.
/// Called when he dies (9.1.1) or leaves the map (9.2.2).
pub fn release_all(cat: &Catalog, state: &mut GameState, seat: Seat) -> Events {
    let Some(sheet) = state.seat_mut(seat) else {
        return Vec::new();
    };
    let natives: Vec<PieceId> = std::mem::take(&mut sheet.hirelings)
        .into_iter()
        .map(|h| PieceId::Native { id: h.native })
        .collect();
    if natives.is_empty() {
        return Vec::new();
    }
    let mut events = vec![Event::public(
        "7.7",
        format!(
            "{}'s {} hireling(s) become unhired.",
            who::who(cat, state, seat),
            natives.len()
        ),
        E::HireEnded { seat, natives },
    )];
    // 8.7: his hired leaders keep what they carry, placed with their groups' belongings.
    events.extend(super::carried::release_unhired(cat, state));
    events
}
