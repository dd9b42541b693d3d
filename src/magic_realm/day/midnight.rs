//! Midnight (rule 8.9): weapons unalerted, alerted Magic chits fatigued, the day's search
//! results expire, map chits turn face down (not the Lost City and Lost Castle), and on
//! the last day the game ends.

use crate::engine::{Event, RuleError};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::state::{ChitStatus, GameState, Today};

type Events = Vec<Event<E>>;

pub fn midnight(cat: &Catalog, state: &mut GameState, day: u8) -> Result<Events, RuleError> {
    let mut events = Vec::new();
    // Weapon counters turn unalerted side up.
    let weapons: Vec<PieceId> = state
        .piles
        .iter()
        .flat_map(|(_, pile)| pile.iter())
        .filter(|c| matches!(c.piece, PieceId::Weapon { .. }) && c.facing == Facing::Alerted)
        .map(|c| c.piece.clone())
        .collect();
    for w in &weapons {
        state.piles.set_facing(w, Facing::Unalerted);
    }
    // 6.2.5: the hired leaders' records are wiped for the next day.
    super::leaders::midnight(state);
    // Alerted Magic chits fatigue.
    for seat in state.all_seats().collect::<Vec<_>>() {
        if let Some(s) = state.seat_mut(seat) {
            for i in std::mem::take(&mut s.alerted_chits) {
                if let Some(slot) = s.chits.get_mut(usize::from(i)) {
                    if *slot == ChitStatus::Fresh {
                        *slot = ChitStatus::Fatigued;
                    }
                }
            }
        }
    }
    // Face-up map chits turn face down, except the Lost City and Lost Castle.
    let up: Vec<PieceId> = state
        .piles
        .iter()
        .filter(|(p, _)| matches!(p, Place::Tile { .. } | Place::Clearing { .. }))
        .flat_map(|(_, pile)| pile.iter())
        .filter(|c| c.facing == Facing::Up)
        .filter_map(|c| match &c.piece {
            PieceId::MapChit { id } if !cat.map_chits.special_chits.iter().any(|s| &s.id == id) => {
                Some(c.piece.clone())
            }
            _ => None,
        })
        .collect();
    for p in &up {
        state.piles.set_facing(p, Facing::Down);
    }
    // 4.6.7a: the Chapel removes the curses in its clearing.
    super::curses::midnight(cat, state, &mut events);
    // 4.6.6g: the Combat spells expire.
    crate::magic_realm::combat::spells::midnight(cat, state, &mut events);
    // 4.4.3: the Potions used today go back to their boxes.
    crate::magic_realm::combat::potions::midnight(cat, state, &mut events);
    super::missions::midnight(cat, state, day, &mut events)?;
    super::quitting::midnight(cat, state, &mut events);
    // 4.4.3: the day's Potions go back to their boxes.
    super::belongings::tidy(state);
    // 7.7: terms of hire that end today.
    events.extend(super::hiring::midnight(cat, state, day));
    // The day's records, blocks and "hidden enemies" end.
    state.today = Today::default();
    for seat in state.all_seats().collect::<Vec<_>>() {
        if let Some(s) = state.seat_mut(seat) {
            s.record = Default::default();
        }
    }
    events.push(Event::public(
        "8.9",
        format!(
            "Midnight of day {day}: weapons unalerted, alerted Magic chits fatigued, {} map chit(s) turned face down.",
            up.len()
        ),
        E::Midnight { day },
    ));
    Ok(events)
}
