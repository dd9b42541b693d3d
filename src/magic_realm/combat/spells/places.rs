//! Spells on a place (List of Spells; 4.6.9d, 4.6.9g): a spell aimed at the spellcaster's
//! clearing (Blazing Light) or his tile (Fog, Violent Storm, Illusion) bewitches the place
//! where he was when it went into effect, and everyone there while it works, except an
//! individual turned into mist (4.6.8: spells aimed at others pass him by). A spellbreaker
//! cast in that clearing (or any clearing of that tile) releases the place from it.

use super::{SpellAim, SpellEffect, SpellInEffect};
use crate::engine::Seat;
use crate::magic_realm::catalog::tiles::TileId;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::who;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::state::GameState;

/// Whether `aim`, one of the targets of the spell in effect `s`, is in clearing `at`: an
/// individual there, the clearing itself, or the tile of that clearing (4.6.9g).
pub fn target_in(state: &GameState, s: &SpellInEffect, at: ClearingRef, aim: &SpellAim) -> bool {
    match aim {
        SpellAim::Clearing => s.at == Some(at),
        SpellAim::Tile => s.at.is_some_and(|c| c.tile == at.tile),
        other => super::aim_in(state, at, other),
    }
}

/// The working spells with `effect` on a place, each with its clearing.
fn working<'a>(
    cat: &'a Catalog,
    state: &'a GameState,
    effect: SpellEffect,
    aim: SpellAim,
) -> impl Iterator<Item = (&'a SpellInEffect, ClearingRef)> + 'a {
    state.spells.iter().filter_map(move |s| {
        let at = s.at?;
        (s.works(state) && s.aims.contains(&aim) && s.has(cat, effect)).then_some((s, at))
    })
}

/// The working spell with `effect` on `tile`, if any.
pub fn on_tile<'a>(
    cat: &'a Catalog,
    state: &'a GameState,
    tile: TileId,
    effect: SpellEffect,
) -> Option<&'a SpellInEffect> {
    working(cat, state, effect, SpellAim::Tile)
        .find(|(_, at)| at.tile == tile)
        .map(|(s, _)| s)
}

/// Whether a working spell with `effect` on a tile affects `seat` where he is (in a
/// clearing of that tile, not turned into mist).
pub fn tile_affects(cat: &Catalog, state: &GameState, seat: Seat, effect: SpellEffect) -> bool {
    who::clearing(state, seat).is_some_and(|at| on_tile(cat, state, at.tile, effect).is_some())
        && !super::mist::misted_seat(cat, state, seat)
}

/// Blazing Light: the clearings it lights.
pub fn lit(cat: &Catalog, state: &GameState) -> Vec<ClearingRef> {
    working(cat, state, SpellEffect::BlazingLight, SpellAim::Clearing)
        .map(|(_, at)| at)
        .collect()
}

/// Blazing Light: whether `seat` is in a lit clearing now (and not mist).
pub fn in_light(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    who::clearing(state, seat).is_some_and(|at| lit(cat, state).contains(&at))
        && !super::mist::misted_seat(cat, state, seat)
}
