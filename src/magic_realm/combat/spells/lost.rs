//! The Lost spell (List of Spells, Lost; Lost Table): while energized, an affected
//! character who uses the Move activity to leave a clearing rolls on the Lost Table (two
//! dice, the higher, with his modifications, 4.1.1) and moves to the adjacent clearing
//! with that number instead of the one he recorded. A character targeted is affected
//! wherever he is; a tile targeted affects every character who starts a Move in one of its
//! clearings. Running (8.3.8), flying (7.3.3) and a Move that starts between clearings are
//! not affected.
//!
//! The Daylight Move (`day::daylight`) asks [`way`] where a Move phase goes; when several
//! adjacent clearings bear the number rolled, he picks one ([`options`], [`choose`]).

use super::{places, Events, SpellEffect};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::tables::TableId;
use crate::magic_realm::catalog::tiles::ClearingKind;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::rolls::{controls_red_die, mods, roll_with_red, RollFor};
use crate::magic_realm::day::{birdsong, who};
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::state::{GameState, Pending};

/// Whether a working Lost spell affects `seat` where he is: aimed at him, or at the tile
/// of his clearing (not while he is mist).
pub fn affected(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    super::character_bewitched_by(cat, state, seat, SpellEffect::Lost)
        || places::tile_affects(cat, state, seat, SpellEffect::Lost)
}

/// Where his Move phase recorded to `recorded` takes him: the recorded clearing if he is
/// not Lost (or starts between clearings); else the adjacent clearing the Lost Table
/// picks. None when the phase goes nowhere: no adjacent clearing bears the number rolled
/// (the phase is forfeited), or he must pick among several (`Pending::LostWay`).
pub fn way(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    recorded: ClearingRef,
    events: &mut Events,
) -> Result<Option<ClearingRef>, RuleError> {
    way_with_red(cat, state, seat, recorded, None, events)
}

/// [`way`], the red die set to `red` (the Magic Wand). Without a value chosen, an owner
/// of an active Magic Wand is first asked for it (`Pending::LostRedDie`).
pub fn way_with_red(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    recorded: ClearingRef,
    red: Option<u8>,
    events: &mut Events,
) -> Result<Option<ClearingRef>, RuleError> {
    let climbing = state.today.climbing;
    let climb_to = std::mem::take(&mut state.today.lost_climb);
    if who::roadway(state, seat).is_some() || !affected(cat, state, seat) {
        return Ok(Some(recorded));
    }
    let Some(from) = who::clearing(state, seat) else {
        return Ok(Some(recorded));
    };
    // The second Move phase of a climb the Lost Table began completes it.
    if let Some(to) = climb_to.filter(|_| climbing) {
        return Ok(Some(to));
    }
    if red.is_none() && controls_red_die(cat, state, seat, TableId::Lost) {
        // Ask again when he has chosen.
        state.today.lost_climb = climb_to;
        state.today.pending = Some(Pending::LostRedDie { seat });
        return Ok(None);
    }
    let m = mods(cat, state, seat, RollFor::Table(TableId::Lost));
    let roll = roll_with_red(state, "lost", m, red);
    let number = cat
        .tables
        .lost(m.result(&roll))
        .map(|r| r.move_to_clearing.0)
        .ok_or_else(|| RuleError::internal("the Lost Table has no such row"))?;
    let mut choices: Vec<ClearingRef> = birdsong::move_targets(cat, state, seat, from)
        .into_iter()
        .filter(|c| c.clearing.0 == number)
        .collect();
    choices.sort();
    choices.dedup();
    let name = who::who(cat, state, seat);
    events.push(Event::roll(
        "4.6.8",
        &roll,
        format!(
            "{name} is Lost: instead of {}, he moves to the adjacent clearing {number}",
            who::name(cat, recorded)
        ),
        E::LostRolled {
            seat,
            clearing: number,
        },
    ));
    match choices.as_slice() {
        [] => {
            state.today.climbing = false;
            events.push(Event::public(
                "4.6.8",
                format!(
                    "No clearing {number} adjoins {}: {name} goes nowhere; the phase is forfeited.",
                    who::name(cat, from)
                ),
                E::PhaseCancelled {
                    seat,
                    reason: "Lost: no adjacent clearing bears the number rolled".into(),
                },
            ));
            Ok(None)
        }
        [to] => Ok(Some(heading(cat, state, *to))),
        _ => {
            state.today.pending = Some(Pending::LostWay { seat, choices });
            Ok(None)
        }
    }
}

/// A Lost Move toward a mountain clearing begins a climb that his next Move phase
/// completes toward the same clearing.
fn heading(cat: &Catalog, state: &mut GameState, to: ClearingRef) -> ClearingRef {
    if who::clearing_kind(cat, state, to) == Some(ClearingKind::Mountain) && !state.today.climbing {
        state.today.lost_climb = Some(to);
    }
    to
}

/// The clearings he may pick among, when several bear the number rolled; or the red
/// die's values (the Magic Wand).
pub fn options(state: &GameState, seat: Seat) -> Vec<A> {
    match &state.today.pending {
        Some(Pending::LostRedDie { seat: s }) if *s == seat => {
            (1..=6).map(|value| A::ChooseRedDie { value }).collect()
        }
        Some(Pending::LostWay { seat: s, choices }) if *s == seat => {
            choices.iter().map(|to| A::LostWay { to: *to }).collect()
        }
        _ => Vec::new(),
    }
}

/// He picks `to` among the clearings offered: the Move goes there.
pub fn choose(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    to: ClearingRef,
) -> Result<ClearingRef, RuleError> {
    if !options(state, seat).contains(&A::LostWay { to }) {
        return Err(RuleError::illegal(
            "not one of the adjacent clearings the Lost Table offers",
        ));
    }
    state.today.pending = None;
    Ok(heading(cat, state, to))
}

/// The Magic Wand: he sets the red die to `value` for the Lost roll of his Move phase to
/// `recorded`; where the Move goes then, as [`way`].
pub fn choose_red_die(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    recorded: ClearingRef,
    value: u8,
    events: &mut Events,
) -> Result<Option<ClearingRef>, RuleError> {
    if !options(state, seat).contains(&A::ChooseRedDie { value }) {
        return Err(RuleError::illegal(
            "not a value of the red die he may choose now",
        ));
    }
    state.today.pending = None;
    events.push(crate::magic_realm::day::rolls::red_die_chosen(
        cat, state, seat, value,
    ));
    way_with_red(cat, state, seat, recorded, Some(value), events)
}
