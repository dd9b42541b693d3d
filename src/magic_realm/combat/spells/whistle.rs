//! Whistle for Monsters (List of Spells; rule 7.13): an Instant spell on one face-up Sound
//! chit anywhere on the map, cast only in a tile of six clearings. A chit outside the
//! spellcaster's tile moves to his tile; one already there he may move to any other tile
//! of six clearings (he names that tile with the chit, when he aims the spell). The chit
//! keeps its clearing number, so it summons monsters to that clearing of its new tile.

use super::{Events, SpellAim, SpellCast};
use crate::engine::{Event, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::chits::{MapChitId, SoundChit};
use crate::magic_realm::catalog::tiles::TileId;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::{flying, who};
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::state::GameState;

/// The clearings a tile must have for the spell (cast there, or sent there).
const CLEARINGS: usize = 6;

/// Whether the tile has six clearings on its side up now.
pub fn six_clearings(cat: &Catalog, state: &GameState, tile: TileId) -> bool {
    flying::clearings_of(cat, state, tile).len() >= CLEARINGS
}

fn sound_chit<'a>(cat: &'a Catalog, id: &MapChitId) -> Option<&'a SoundChit> {
    cat.map_chits.sound_chits.iter().find(|c| &c.id == id)
}

/// The face-up Sound chits on the map, each with the tile it lies in, by id.
fn face_up(cat: &Catalog, state: &GameState) -> Vec<(MapChitId, TileId)> {
    let mut out: Vec<(MapChitId, TileId)> = state
        .piles
        .iter()
        .filter_map(|(place, pile)| match place {
            Place::Clearing { at } => Some((at.tile, pile)),
            Place::Tile { tile } => Some((*tile, pile)),
            _ => None,
        })
        .flat_map(|(tile, pile)| {
            pile.iter().filter_map(move |c| match &c.piece {
                PieceId::MapChit { id } if c.facing == Facing::Up => Some((id.clone(), tile)),
                _ => None,
            })
        })
        .filter(|(id, _)| sound_chit(cat, id).is_some())
        .collect();
    out.sort();
    out
}

/// 8.4.2: the aims the spell cast in `tile` may take: each face-up Sound chit elsewhere
/// (it comes to his tile); each one in his tile, left there or sent to each other tile of
/// six clearings.
pub fn candidates(cat: &Catalog, state: &GameState, tile: TileId) -> Vec<SpellAim> {
    let mut others: Vec<TileId> = state
        .map
        .tiles()
        .iter()
        .map(|p| p.tile)
        .filter(|t| *t != tile && six_clearings(cat, state, *t))
        .collect();
    others.sort();
    let mut out = Vec::new();
    for (chit, at) in face_up(cat, state) {
        if at != tile {
            out.push(SpellAim::SoundChit { chit, to: None });
            continue;
        }
        out.push(SpellAim::SoundChit {
            chit: chit.clone(),
            to: None,
        });
        for to in &others {
            out.push(SpellAim::SoundChit {
                chit: chit.clone(),
                to: Some(*to),
            });
        }
    }
    out
}

/// The spell comes to life: the Sound chit moves (still face up) to the same clearing
/// number of its new tile.
pub fn whistle(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    cast: &SpellCast,
    events: &mut Events,
) {
    let Some(here) = who::clearing(state, seat).map(|c| c.tile) else {
        return;
    };
    for aim in &cast.aims {
        let SpellAim::SoundChit { chit, to } = aim else {
            continue;
        };
        let Some(from) = face_up(cat, state)
            .into_iter()
            .find(|(id, _)| id == chit)
            .map(|(_, t)| t)
        else {
            continue;
        };
        let dest = if from != here {
            here
        } else {
            match to {
                Some(t) if *t != here && six_clearings(cat, state, *t) => *t,
                _ => continue,
            }
        };
        let Some(number) = sound_chit(cat, chit).map(|c| c.clearing) else {
            continue;
        };
        let at = ClearingRef {
            tile: dest,
            clearing: number,
        };
        state.piles.move_to(
            &PieceId::MapChit { id: chit.clone() },
            Place::Clearing { at },
            Some(Facing::Up),
        );
        events.push(Event::public(
            "7.13",
            format!(
                "Whistle for Monsters: the {} chit moves to {}.",
                chit.0,
                who::name(cat, at)
            ),
            E::SoundChitMoved {
                chit: chit.clone(),
                from,
                to: at,
            },
        ));
    }
}
