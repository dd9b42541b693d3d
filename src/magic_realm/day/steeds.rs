//! Flying steeds (rules 7.3.3, 6.2.5, 7.11, 8.3.6 b.4): the controlled monsters that
//! follow their controller through the day (moving when he moves, flying when he flies if
//! they can, left behind if they cannot), and riding one: a controlled Bat or Flying
//! Dragon, or a character, hired leader or controlled monster transmorphized into a flying
//! creature, following him, whose flying strength carries him. A steed is ridden only to fly from tile to tile in
//! Daylight: never to charge (8.3.6 b.4) nor to fly away (8.3.8e, see docs/rulings.md).

use super::flying::{Flight, FlySource};
use super::{following, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::denizens::Monster;
use crate::magic_realm::catalog::magic::FlyValues;
use crate::magic_realm::catalog::tiles::TileId;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::spells;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{part_of, Facing, PieceId, Place};
use crate::magic_realm::state::GameState;

type Events = Vec<Event<E>>;

/// The monster counter's data, if the piece is a monster.
fn monster<'a>(cat: &'a Catalog, piece: &PieceId) -> Option<&'a Monster> {
    match piece {
        PieceId::Monster { id, .. } => cat.denizens.monster(id),
        _ => None,
    }
}

/// 7.3.3: a monster that can be ridden: the Bats and Flying Dragons (the data's `steed`),
/// flying monsters all, untransmorphized.
fn rideable<'a>(cat: &'a Catalog, state: &GameState, piece: &PieceId) -> Option<&'a Monster> {
    monster(cat, piece)
        .filter(|m| m.steed && m.flying)
        .filter(|_| spells::transform::form_of_piece(cat, state, piece).is_none())
}

/// 7.3.3: the flying values a controlled monster carries a rider with: a Bat's or Flying
/// Dragon's own; transmorphized into a flying creature ("a transmorphized character or
/// denizen who is following him"), the creature's (a Bat turned into a Lion carries
/// nobody).
fn steed_values(cat: &Catalog, state: &GameState, piece: &PieceId) -> Option<FlyValues> {
    if let Some(m) = rideable(cat, state, piece) {
        return Some(monster_flying_values(state, piece, m));
    }
    monster(cat, piece)?;
    super::creatures::denizen_flying_values(cat, state, piece)
}

/// 7.3.3: a monster's flying values: its weight for strength, and the move time on the
/// side of its counter face up now.
fn monster_flying_values(state: &GameState, piece: &PieceId, m: &Monster) -> FlyValues {
    let dark = state.piles.find(piece).map(|(_, c)| c.facing) == Some(Facing::Dark);
    FlyValues {
        strength: m.size,
        time: if dark {
            m.dark.move_time
        } else {
            m.light.move_time
        },
    }
}

/// A monster with its head or club, where that lies with it (3.1.1a: they move together).
pub fn with_part(cat: &Catalog, state: &GameState, piece: &PieceId) -> Vec<PieceId> {
    let mut out = vec![piece.clone()];
    if let PieceId::Monster { id, n } = piece {
        if let Some(part) = part_of(cat, id, *n) {
            if state.piles.place_of(&part).is_some()
                && state.piles.place_of(&part) == state.piles.place_of(piece)
            {
                out.push(part);
            }
        }
    }
    out
}

/// Where the character's counter is.
fn place_of(state: &GameState, seat: Seat) -> Option<Place> {
    let counter = who::counter(state, seat)?;
    state.piles.place_of(&counter).cloned()
}

/// 6.2.5, 7.11: the controlled monsters following `seat` today that are at `at`: his own
/// with no record, and any (his or another's) whose controller recorded a Follow of him (a
/// broken or expired control spell ends their following).
pub fn following_at(cat: &Catalog, state: &GameState, seat: Seat, at: &Place) -> Vec<PieceId> {
    super::monster_follow::monsters_behind(cat, state, &following::Guide::character(seat), at)
}

/// 7.3.3: whether the character can ride a flying monster: untransmorphized, or
/// transmorphized into a monster that can (a Goblin, Ogre, Imp or Heavy Troll absorbed by
/// Absorb Essence); not as mist.
pub fn can_ride(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    if !spells::frozen(cat, state, seat) {
        return true;
    }
    spells::transform::form_of_seat(cat, state, seat)
        .and_then(|f| f.monster)
        .and_then(|p| monster(cat, &p))
        .is_some_and(|m| m.rides_steeds)
}

/// The controlled monsters following `seat` where he is now.
pub fn following(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<PieceId> {
    place_of(state, seat)
        .map(|at| following_at(cat, state, seat, &at))
        .unwrap_or_default()
}

/// 7.3.3: the controlled monsters in the air with `seat`, to land with him: those
/// following him, and any that followed him and lost their controller in the air (the
/// item that cast the spell abandoned), which must land too.
pub fn aloft_with(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<PieceId> {
    let Some(at) = place_of(state, seat) else {
        return Vec::new();
    };
    aloft_behind(cat, state, &following::Guide::character(seat), &at)
}

/// 7.3.3: the controlled monsters in the air at `at` with `guide` (a character or a hired
/// leader), to land with him: those following him, and any that lost their controller in
/// the air.
pub fn aloft_behind(
    cat: &Catalog,
    state: &GameState,
    guide: &following::Guide,
    at: &Place,
) -> Vec<PieceId> {
    if !matches!(at, Place::Flying { .. }) {
        return Vec::new();
    }
    state
        .today
        .monsters_following
        .iter()
        .filter(|p| {
            super::monster_follow::monster_guide(cat, state, p).as_ref() == Some(guide)
                || spells::controller(cat, state, p).is_none()
        })
        .filter(|p| state.piles.place_of(p) == Some(at))
        .cloned()
        .collect()
}

/// 7.3.3: a follower in the air who stops following must land (his turn ends). If his
/// guide is riding him, both land, in the same clearing.
pub fn follower_stops(
    cat: &Catalog,
    state: &mut GameState,
    follower: Seat,
    events: &mut Events,
) -> Result<(), RuleError> {
    if super::flying::flying_over(state, follower).is_none() {
        return Ok(());
    }
    let mount = FlySource::Mount { seat: follower };
    let rider = state
        .today
        .riding
        .iter()
        .find(|(r, s)| **s == mount && super::flying::flying_over(state, **r).is_some())
        .map(|(r, _)| *r);
    let Some(rider) = rider else {
        super::flying::land(cat, state, follower, events)?;
        return Ok(());
    };
    super::flying::land(cat, state, rider, events)?;
    let at = who::clearing_or_err(state, rider)?;
    super::flying::set_down(cat, state, follower, at, events)
}

/// 6.2.5, 7.11, 7.3.3: at Sunrise each controlled monster in its controller's clearing
/// for which he recorded no turn of its own follows him today (see docs/rulings.md).
pub fn sunrise(cat: &Catalog, state: &mut GameState, events: &mut Events) {
    state.today.monsters_following.clear();
    let seats: Vec<Seat> = state.all_seats().collect();
    for seat in seats {
        let Some(at) = who::clearing(state, seat).filter(|_| who::playing(state, seat)) else {
            continue;
        };
        let here = Place::Clearing { at };
        let monsters: Vec<PieceId> = state
            .piles
            .pile(&here)
            .iter()
            .map(|c| c.piece.clone())
            .filter(|p| matches!(p, PieceId::Monster { .. }))
            .filter(|p| spells::controller(cat, state, p) == Some(seat))
            .filter(|p| !super::monster_turns::recorded(state, seat, p))
            .collect();
        if monsters.is_empty() {
            continue;
        }
        state
            .today
            .monsters_following
            .extend(monsters.iter().cloned());
        events.push(Event::public(
            "7.11",
            format!(
                "{} controlled monster(s) follow {} today.",
                monsters.len(),
                who::who(cat, state, seat)
            ),
            E::MonstersFollow { seat, monsters },
        ));
    }
}

/// 7.3.3: the flying steeds `seat` can ride now: each controlled Bat or Flying Dragon
/// following him (or other controlled monster transmorphized into a flying creature), and
/// each hired leader and character transmorphized into a flying creature following him
/// (not one flying with a Fly chit). Whether their strength carries him is checked by the
/// caller. A transmorphized rider rides only flying monsters, and only in the forms that
/// can ([`can_ride`]).
pub fn flights(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<Flight> {
    if !can_ride(cat, state, seat) {
        return Vec::new();
    }
    let mut out: Vec<Flight> = following(cat, state, seat)
        .into_iter()
        // He rides only a monster he controls.
        .filter(|piece| spells::controller(cat, state, piece) == Some(seat))
        .filter_map(|piece| {
            let values = steed_values(cat, state, &piece)?;
            Some(Flight {
                source: FlySource::Steed { piece },
                values,
            })
        })
        .collect();
    if spells::frozen(cat, state, seat) {
        return out;
    }
    let guide = following::Guide::character(seat);
    out.extend(
        following::leaders_behind(state, &guide)
            .into_iter()
            .filter(|l| {
                state.piles.place_of(&super::leaders::counter(l)) == place_of(state, seat).as_ref()
            })
            .filter_map(|leader| {
                let values = super::leader_flight::flying_values(cat, state, &leader)?;
                Some(Flight {
                    source: FlySource::Leader { leader },
                    values,
                })
            }),
    );
    out.extend(
        following::followers_of(state, &following::Guide::character(seat))
            .into_iter()
            .filter(|f| place_of(state, *f) == place_of(state, seat))
            .filter_map(|f| {
                let values = super::creatures::flying_values(cat, state, f)?;
                Some(Flight {
                    source: FlySource::Mount { seat: f },
                    values,
                })
            }),
    );
    out
}

/// 6.2.1a, 7.3.3: whether a steed may carry him today, for recording the Fly activity in
/// Birdsong: a controlled Bat or Flying Dragon of his in his clearing for which he has
/// recorded no turn of its own (it will follow him from Sunrise; or one transmorphized into
/// a flying creature), or a character or hired leader transmorphized into a flying creature
/// there (who may follow him: whom he follows is secret, so only the form, public, is
/// asked).
pub fn may_record(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    if !can_ride(cat, state, seat) {
        return false;
    }
    let Some(at) = who::clearing(state, seat) else {
        return false;
    };
    let here = Place::Clearing { at };
    // 6.2.5: a monster he recorded a turn for takes it, and follows nobody.
    let steed = state.piles.pile(&here).iter().any(|c| {
        steed_values(cat, state, &c.piece).is_some()
            && spells::controller(cat, state, &c.piece) == Some(seat)
            && !super::monster_turns::recorded(state, seat, &c.piece)
    });
    steed
        || !spells::frozen(cat, state, seat)
            && (state.all_seats().any(|s| {
                s != seat
                    && who::clearing(state, s) == Some(at)
                    && super::creatures::flying_values(cat, state, s).is_some()
            }) || following::hired_leaders_in(cat, state, at)
                .iter()
                .any(|l| super::leader_flight::flies(cat, state, l)))
}

/// 7.3.3, 7.11: the controlled monsters that were following `guide` (a character or a
/// hired leader; `along`, found before he took off) fly with him to `to` if they fly (a
/// Bat, a Flying Dragon, or one transmorphized into a flying creature); one that cannot fly
/// is left behind and stops following him.
pub fn fly_along(
    cat: &Catalog,
    state: &mut GameState,
    guide: &following::Guide,
    along: Vec<PieceId>,
    to: TileId,
    events: &mut Events,
) {
    for piece in along {
        // 4.6.8: transmorphized, it flies only if its creature does.
        if super::monster_turns::flies(cat, state, &piece) {
            // 7.3.1: what it cannot carry stays behind as it takes off.
            if let Some(Place::Clearing { at }) = state.piles.place_of(&piece).cloned() {
                super::carried::leave_heavy(cat, state, &piece, at, events);
            }
            for p in with_part(cat, state, &piece) {
                state.piles.move_to(&p, Place::Flying { tile: to }, None);
            }
            // A character's flight names no steed or monster flying with him; a hired
            // leader's followers are each named.
            if let following::Guide::Leader { .. } = guide {
                events.push(Event::public(
                    "7.11",
                    format!(
                        "{} flies with {} to {to:?}.",
                        super::monster_turns::name(cat, &piece),
                        guide.name(cat, state)
                    ),
                    E::MonsterFlew { monster: piece, to },
                ));
            }
            continue;
        }
        state.today.monsters_following.remove(&piece);
        let text = format!(
            "A controlled monster that cannot fly is left behind by {}: it stops following him.",
            guide.name(cat, state)
        );
        let event = match guide {
            following::Guide::Character { seat } => E::MonsterLeftBehind {
                seat: *seat,
                monster: piece,
            },
            following::Guide::Leader { leader } => E::MonsterLeftBehindByLeader {
                leader: leader.clone(),
                monster: piece,
            },
            following::Guide::Monster { .. } => continue,
        };
        events.push(Event::public("7.3.3", text, event));
    }
}

/// 7.3.3, 7.11: the controlled monsters following `seat` (`along`, found before he moved)
/// come with him to `at`.
pub fn set_down(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    along: Vec<PieceId>,
    at: ClearingRef,
    events: &mut Events,
) {
    if along.is_empty() {
        return;
    }
    let along: Vec<PieceId> = along
        .iter()
        .flat_map(|p| with_part(cat, state, p))
        .collect();
    for p in &along {
        state.piles.move_to(p, Place::Clearing { at }, None);
    }
    events.push(Event::public(
        "7.3.3",
        format!(
            "{} controlled monster(s) land with {} in {}.",
            along.len(),
            who::who(cat, state, seat),
            who::name(cat, at)
        ),
        E::HirelingsMoved {
            seat,
            pieces: along,
            to: at,
        },
    ));
}
