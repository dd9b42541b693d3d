//! Sunset and Evening (rules 8.1.1 to 8.1.3): one attention chit per clearing holding a
//! character, picked in random order; each clearing's combat is handed to the combat rules
//! (8.3 to 8.8) at [`combat_in`].

use super::who;
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::setup::setup_card::shuffle;
use crate::magic_realm::state::GameState;

type Events = Vec<Event<E>>;

/// Sunset (8.1.1, 8.1.2) then Evening (8.1.3) in every clearing that has a character.
pub fn sunset_and_evening(cat: &Catalog, state: &mut GameState) -> Result<Events, RuleError> {
    let mut events = Vec::new();
    let mut clearings: Vec<ClearingRef> = state
        .all_seats()
        .filter(|s| who::playing(state, *s))
        .filter_map(|s| who::clearing(state, s))
        .collect();
    clearings.sort();
    clearings.dedup();
    shuffle(&mut clearings, &mut state.draws);
    events.push(Event::public(
        "8.1.2",
        format!(
            "Sunset: {} clearing(s) with characters take an attention chit each.",
            clearings.len()
        ),
        E::Sunset {
            clearings: clearings.len() as u32,
        },
    ));
    for at in clearings {
        events.extend(combat_in(cat, state, at)?);
    }
    Ok(events)
}

/// 8.1.3: the clearing's turn in the Evening. The hand-over point to the combat rules
/// (8.3 to 8.8, the next issue): until they land, the clearing's combatants are logged and
/// no round of combat is fought, so a clearing with combat is never passed over silently.
pub fn combat_in(
    cat: &Catalog,
    state: &mut GameState,
    at: ClearingRef,
) -> Result<Events, RuleError> {
    let pile = state.piles.pile(&Place::Clearing { at });
    let characters: Vec<Seat> = pile
        .iter()
        .filter_map(|c| who::seat_of_counter(state, &c.piece))
        .collect();
    let denizens: Vec<PieceId> = pile
        .iter()
        .filter(|c| matches!(c.piece, PieceId::Monster { .. } | PieceId::Native { .. }))
        .map(|c| c.piece.clone())
        .collect();
    let monsters = denizens
        .iter()
        .filter(|p| matches!(p, PieceId::Monster { .. }))
        .count();
    let fight_possible = monsters > 0 || characters.len() > 1;
    let text = if fight_possible {
        format!(
            "Evening in {}: combat between {} character(s) and {} monster(s) is due; the rounds of combat (8.3 to 8.8) are not implemented yet, so none is fought.",
            who::name(cat, at),
            characters.len(),
            monsters
        )
    } else {
        format!(
            "Evening in {}: no monsters or other characters here; nothing happens.",
            who::name(cat, at)
        )
    };
    Ok(vec![Event::public(
        "8.1.3",
        text,
        E::EveningInClearing {
            at,
            characters,
            denizens,
            combat_due: fight_possible,
        },
    )])
}
