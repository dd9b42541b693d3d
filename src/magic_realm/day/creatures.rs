//! A transmorphized character's day (rules 4.6.8c, 7.3.3, 7.3.4): he still records and does
//! activities, but he can never Trade, Hire, Rest, Alert or Enchant (the "Spell" activity;
//! his action chits are frozen), and any of those he recorded is cancelled when he comes to
//! do it; as a creature he can Move, Hide, Follow and Search. A flying creature must Fly
//! instead of Move (his own transmorphized flying values, [`super::flying`]); a beast that
//! walks the woods can Move to any clearing of his tile without following the roadways
//! (7.3.4), and must follow them from one tile to another.

use crate::engine::{Event, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::magic::FlyValues;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::spells;
use crate::magic_realm::combat::spells::transform::{form_of_piece, form_of_seat, Form};
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::{Activity, GameState};

/// 4.6.8c, 7.3.3: whether the creature cannot do `activity`.
pub fn forbidden(form: &Form, activity: &Activity) -> bool {
    match activity {
        Activity::Trade
        | Activity::Hire
        | Activity::Rest
        | Activity::Alert
        | Activity::Enchant
        | Activity::RemoteEnchant { .. } => true,
        // 7.3.3: a flying creature must fly instead of moving.
        Activity::Move { .. } | Activity::LeaveMap => form.flies,
        Activity::Hide
        | Activity::Search
        | Activity::Follow { .. }
        | Activity::FollowLeader { .. }
        | Activity::Fly { .. } => false,
    }
}

/// 4.6.8c, 7.3.3: whether the character of `seat` is a creature that cannot do `activity`
/// (it is cancelled when he comes to do it).
pub fn forbids(cat: &Catalog, state: &GameState, seat: Seat, activity: &Activity) -> bool {
    form_of_seat(cat, state, seat).is_some_and(|f| forbidden(&f, activity))
}

/// 4.6.8c: the activity is cancelled: the event saying so.
pub fn cancelled(cat: &Catalog, state: &GameState, seat: Seat, phase: usize) -> Event<E> {
    let flies = form_of_seat(cat, state, seat).is_some_and(|f| f.flies);
    let why = if flies {
        "a transmorphized flying creature can only fly, hide, search or follow"
    } else {
        "a transmorphized character can only move, hide, search or follow"
    };
    Event::public(
        "4.6.8",
        format!(
            "Phase {phase}: {} is transmorphized; {why}: the activity is cancelled.",
            super::who::who(cat, state, seat)
        ),
        E::PhaseCancelled {
            seat,
            reason: format!("{why} (4.6.8)"),
        },
    )
}

/// 7.3.4: whether the character of `seat` is a beast that walks the woods.
pub fn walks_woods(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    form_of_seat(cat, state, seat).is_some_and(|f| f.walks_woods)
}

/// 4.6.8: whether the denizen `piece` (a hired leader or controlled monster) is mist or
/// transmorphized (4.6.8b: what it carries is frozen as `carrying::carried_frozen` says).
pub fn frozen_denizen(cat: &Catalog, state: &GameState, piece: &PieceId) -> bool {
    spells::mist::misted_piece(cat, state, piece) || form_of_piece(cat, state, piece).is_some()
}

/// 7.3.1: the clearings one Move away for a hired leader or controlled monster taking its
/// own turn: along open roadways and the hidden ones in `known` (its own discoveries), and
/// the [`denizen_targets`] its form or mist allows (`hoping`: as it is recorded).
pub fn denizen_moves(
    cat: &Catalog,
    state: &GameState,
    piece: &PieceId,
    from: ClearingRef,
    known: &std::collections::BTreeSet<crate::magic_realm::map::PathRef>,
    hoping: bool,
) -> Vec<ClearingRef> {
    let mut to = super::moving::one_move_away(cat, state, from, known);
    to.extend(denizen_targets(cat, state, piece, from, hoping));
    to.sort();
    to.dedup();
    to
}

/// 7.3.4, Melt into Mist card rule 1: the clearings the denizen `piece` may Move to from
/// `from` besides those along the roadways it may use: every other clearing of the tile
/// for a beast that walks the woods; every clearing along a hidden path or secret passage
/// while it is mist (or, `hoping`, with a Melt into Mist on it, energized or inert, as it
/// is recorded).
pub fn denizen_targets(
    cat: &Catalog,
    state: &GameState,
    piece: &PieceId,
    from: ClearingRef,
    hoping: bool,
) -> Vec<ClearingRef> {
    let mut to = Vec::new();
    let mist = if hoping {
        spells::mist::mist_spell_on_piece(cat, state, piece)
    } else {
        spells::mist::misted_piece(cat, state, piece)
    };
    if mist {
        to.extend(state.map.routes(&cat.tiles, from).into_iter().map(|r| r.to));
    }
    if form_of_piece(cat, state, piece).is_some_and(|f| f.walks_woods) {
        to.extend(woods_of(cat, state, from));
    }
    to
}

/// 7.3.4: every other clearing of `from`'s tile.
fn woods_of(cat: &Catalog, state: &GameState, from: ClearingRef) -> Vec<ClearingRef> {
    super::flying::clearings_of(cat, state, from.tile)
        .into_iter()
        .map(|n| ClearingRef::new(from.tile, n.0))
        .filter(|c| *c != from)
        .collect()
}

/// 7.3.4: the clearings of `from`'s tile a beast that walks the woods can Move to without a
/// roadway (every other clearing of the tile); none for anyone else.
pub fn woods_targets(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    from: ClearingRef,
) -> Vec<ClearingRef> {
    if !walks_woods(cat, state, seat) {
        return Vec::new();
    }
    woods_of(cat, state, from)
}

/// 7.3.3, 4.6.8: a flying creature's own flying values: its strength and its move time.
fn form_flying_values(form: &Form) -> Option<FlyValues> {
    form.flies.then(|| FlyValues {
        strength: form.strength,
        time: form.tactic().move_time,
    })
}

/// 7.3.3, 4.6.8: the flying values of the character of `seat` transmorphized into a flying
/// creature.
pub fn flying_values(cat: &Catalog, state: &GameState, seat: Seat) -> Option<FlyValues> {
    form_flying_values(&form_of_seat(cat, state, seat)?)
}

/// 7.3.3, 4.6.8: the flying values of the denizen `piece` (a hired leader or controlled
/// monster) transmorphized into a flying creature.
pub fn denizen_flying_values(
    cat: &Catalog,
    state: &GameState,
    piece: &PieceId,
) -> Option<FlyValues> {
    form_flying_values(&form_of_piece(cat, state, piece)?)
}
