//! Fresh starts (rule 9.1.2): a player whose character died takes any character not in use
//! (the one just killed included) at the start of a later day: a new character, with new
//! spells, enchanted chits and victory requirements, his starting weapons and armor from
//! the natives (else from abandoned items on the map, else their price in gold), starting
//! hidden at the Inn. After a suicide he sits out one whole day first (9.2.2).
//!
//! The player's choices are made in Birdsong, before he records his turn; the choice of
//! character, the items he takes and his arrival are public, the rest secret.

use super::who;
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::characters::StartLocation;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::setup::{characters, map_chits};
use crate::magic_realm::state::{EquipmentNeed, Fate, GameState, SeatState};

type Events = Vec<Event<E>>;

/// 9.1.2: a fresh start is made at the Inn, so none can be made while the Inn is not on
/// the map (a scenario's partial map).
pub fn possible(cat: &Catalog, state: &GameState) -> bool {
    map_chits::start_clearing(cat, state, StartLocation::Inn).is_some()
}

/// Whether the seat may make (or is making) a fresh start today.
pub fn eligible(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    let (Some(s), Some(day)) = (state.seat(seat), state.step.day()) else {
        return false;
    };
    s.fate == Fate::Dead
        && s.rejoin_on.is_some_and(|d| d <= day)
        && s.stay_out_day != Some(day)
        && possible(cat, state)
}

/// The characters no one living (or restarting) plays.
fn free(
    cat: &Catalog,
    state: &GameState,
) -> Vec<crate::magic_realm::catalog::characters::CharacterId> {
    cat.characters
        .characters
        .iter()
        .filter(|c| {
            !state.seats.iter().any(|s| {
                s.character.as_ref() == Some(&c.id) && (s.fate == Fate::Playing || s.restarting)
            })
        })
        .map(|c| c.id.clone())
        .collect()
}

pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    if !eligible(cat, state, seat) {
        return Vec::new();
    }
    let restarting = state.seat(seat).is_some_and(|s| s.restarting);
    if !restarting {
        let mut out: Vec<A> = free(cat, state)
            .into_iter()
            .map(|character| A::FreshStart { character })
            .collect();
        out.push(A::StayOut);
        return out;
    }
    let equipment = characters::equipment_choices(state, seat);
    if !equipment.is_empty() {
        return equipment;
    }
    characters::secret_choices(cat, state, seat)
}

/// The actions a fresh start uses.
pub fn is_restart_action(a: &A) -> bool {
    matches!(
        a,
        A::FreshStart { .. }
            | A::StayOut
            | A::TakeEquipment { .. }
            | A::RecordSpell { .. }
            | A::EnchantChit { .. }
            | A::FinishEnchanting
            | A::AssignVictoryPoint { .. }
            | A::ReviseChoices
            | A::ConfirmChoices
    )
}

/// 9.1.2: starting items no native holds come from the abandoned items on the map, else
/// their gold price is paid to him.
fn settle(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    events: &mut Events,
) -> Result<(), RuleError> {
    let mut ev = Vec::new();
    characters::settle_equipment_with(state, seat, &mut ev, |state, need| {
        let abandoned = state.piles.iter().find_map(|(place, pile)| {
            matches!(place, Place::Clearing { .. })
                .then(|| pile.iter().find(|c| matches_need(&c.piece, need)))
                .flatten()
                .map(|c| c.piece.clone())
        });
        match abandoned {
            Some(piece) => {
                let character = state.seat(seat).and_then(|s| s.character.clone())?;
                let facing = match need {
                    EquipmentNeed::Weapon { .. } => Facing::Unalerted,
                    EquipmentNeed::Armor { .. } => Facing::Intact,
                };
                state
                    .piles
                    .move_to(&piece, Place::Belongings { character }, Some(facing));
                Some(format!("takes the abandoned {piece} instead (9.1.2)"))
            }
            None => {
                let price = match need {
                    EquipmentNeed::Weapon { id } => cat.items.weapon(id).map(|w| w.price),
                    EquipmentNeed::Armor { id } => {
                        cat.items.armor_piece(id).map(|a| a.price_intact)
                    }
                }
                .unwrap_or(0);
                if let Some(s) = state.seat_mut(seat) {
                    s.gold += i32::try_from(price).unwrap_or(0);
                }
                Some(format!("collects its price, {price} gold, instead (9.1.2)"))
            }
        }
    })?;
    // Everything a fresh start shows the others is revealed at once.
    events.extend(ev.into_iter().map(revealed));
    Ok(())
}

/// A fresh start's public events reveal what the player chose (for the secret-decision
/// rule of Birdsong: what others see of his choices is his to show).
fn revealed(mut e: Event<E>) -> Event<E> {
    e.reveals = true;
    e
}

fn matches_need(piece: &PieceId, need: &EquipmentNeed) -> bool {
    match (piece, need) {
        (PieceId::Weapon { id, .. }, EquipmentNeed::Weapon { id: want }) => id == want,
        (PieceId::Armor { id, .. }, EquipmentNeed::Armor { id: want }) => id == want,
        _ => false,
    }
}

pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
) -> Result<Events, RuleError> {
    let mut events = Vec::new();
    match action {
        A::StayOut => {
            let day = state.step.day();
            if let Some(s) = state.seat_mut(seat) {
                s.stay_out_day = day;
            }
            events.push(Event::reveal(
                "9.1.2",
                format!("Seat {} stays out of the game today.", seat.0 + 1),
                E::StaysOut { seat },
            ));
        }
        A::FreshStart { character } => {
            let chosen = cat
                .characters
                .get(character)
                .ok_or_else(|| RuleError::illegal(format!("no character {:?}", character.0)))?;
            // A dead player's old character is free again: he no longer holds it.
            for s in state.seats.iter_mut() {
                if s.character.as_ref() == Some(character) && s.fate != Fate::Playing {
                    s.character = None;
                }
            }
            let rejoin_on = state.seat(seat).and_then(|s| s.rejoin_on);
            if let Some(s) = state.seat_mut(seat) {
                *s = SeatState::empty();
                s.fate = Fate::Dead;
                s.rejoin_on = rejoin_on;
                s.restarting = true;
                s.secret.start = Some(StartLocation::Inn);
            }
            let mut ev = Vec::new();
            characters::take_character(state, seat, chosen, &mut ev)?;
            events.extend(ev.into_iter().map(revealed));
            settle(cat, state, seat, &mut events)?;
        }
        A::TakeEquipment { item, from } => {
            let mut ev = Vec::new();
            characters::take_item(state, seat, item, *from, &mut ev)?;
            events.extend(ev.into_iter().map(revealed));
            settle(cat, state, seat, &mut events)?;
        }
        A::ConfirmChoices => {
            if let Some(s) = state.seat_mut(seat) {
                s.secret.done = true;
            }
            let mut ev = Vec::new();
            map_chits::place_character(cat, state, seat, &mut ev)?;
            events.extend(ev);
            if let Some(s) = state.seat_mut(seat) {
                s.fate = Fate::Playing;
                s.restarting = false;
                s.rejoin_on = None;
            }
            events.push(Event::reveal(
                "9.1.2",
                format!(
                    "{} makes a fresh start at the Inn.",
                    who::who(cat, state, seat)
                ),
                E::FreshStartMade { seat },
            ));
        }
        secret => {
            events.extend(characters::record_secret(state, seat, secret)?);
            // He starts at the Inn whatever he revises.
            if let Some(s) = state.seat_mut(seat) {
                s.secret.start = Some(StartLocation::Inn);
            }
        }
    }
    Ok(events)
}
