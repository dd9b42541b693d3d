//! Sunrise (rules 6.3.3 to 6.3.5): the Monster Roll, the end-of-week return of prowling
//! denizens to where they started, and the attention chits mixed for Daylight.

use super::{hiring, prowling, who};
use crate::engine::{Event, RuleError};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::setup::setup_card::{initial_facing, shuffle};
use crate::magic_realm::state::{GameState, Turner};

type Events = Vec<Event<E>>;

/// 6.1.2: the seventh day of each week.
pub fn seventh_day(day: u8) -> bool {
    day.is_multiple_of(7)
}

/// Runs Sunrise: no player decides anything here yet (hirelings and Follow arrive later).
pub fn sunrise(cat: &Catalog, state: &mut GameState, day: u8) -> Result<Events, RuleError> {
    let mut events = Vec::new();
    // 6.3.3: a game roll, one die, unmodified (4.1.3).
    let roll = state.dice.roll("monster_roll", 1);
    let row = roll.higher();
    state.today.monster_roll = row;
    events.push(Event::roll(
        "6.3.3",
        &roll,
        format!("Monster Roll: row {row} of the Appearance Chart prowls today"),
        E::MonsterRoll { row },
    ));
    if seventh_day(day) {
        events.extend(regenerate(cat, state, row)?);
    }
    // 7.11: the followers are revealed; they take no turns of their own.
    // 6.3.1: underlings join their guides before anyone declares whom he follows.
    super::underlings::sunrise(cat, state, day, &mut events);
    // 7.3.3, 7.11: controlled monsters follow their controllers.
    super::steeds::sunrise(cat, state, &mut events);
    events.extend(super::following::resolve(cat, state));
    // 6.3.5: the attention chits of those taking turns are mixed.
    let mut order: Vec<Turner> = state
        .all_seats()
        .filter(|s| who::playing(state, *s) && !super::following::is_following(state, *s))
        .map(Turner::Character)
        .collect();
    // 6.2.5, 6.3.5: the hired leaders who take turns of their own.
    order.extend(super::leaders::sunrise(cat, state));
    // 6.2.5, 6.3.5: the controlled monsters who take turns of their own.
    order.extend(super::monster_turns::sunrise(cat, state));
    // Premonition: its targets keep their chits out of the mix.
    super::premonition::sunrise(cat, state, &mut order, &mut events);
    shuffle(&mut order, &mut state.draws);
    state.today.order = order;
    events.push(Event::public(
        "6.3.5",
        "The attention chits are mixed, blank side up.",
        E::AttentionChitsMixed,
    ));
    Ok(events)
}

/// 6.3.4: on the seventh day, the prowling monsters and unhired natives (with their horses)
/// on the map go back to where they started; the Ghosts to their clearing; on row 6 the
/// visitor/mission chits turn over wherever they are (not those a character holds).
fn regenerate(cat: &Catalog, state: &mut GameState, row: u8) -> Result<Events, RuleError> {
    let mut events = Vec::new();
    // 6.3.4, Absorb Essence 4 (ruling): an item's monster is not returned: its spell
    // breaks and the item reappears in the clearing it leaves.
    crate::magic_realm::combat::spells::item_monster::week_ends(cat, state, row, &mut events);
    let mut back: Vec<PieceId> = Vec::new();
    for (place, pile) in state.piles.iter() {
        if !matches!(
            place,
            Place::Clearing { .. } | Place::Tile { .. } | Place::Killed
        ) {
            continue;
        }
        for c in pile {
            let prowls = match &c.piece {
                PieceId::Monster { .. } | PieceId::MonsterPart { .. } => {
                    prowling::monster_prowls(cat, state, &c.piece, row)
                }
                PieceId::Native { .. } | PieceId::NativeHorse { .. } => {
                    prowling::native_prowls_this_week(cat, &c.piece, row)
                }
                _ => false,
            };
            // 6.3.4: hired natives and their horses do not regenerate.
            let prowls = prowls && !hiring::is_hired(cat, state, &c.piece);
            if prowls && state.homes.of(&c.piece).is_some_and(|h| h != place) {
                back.push(c.piece.clone());
            }
        }
    }
    for piece in &back {
        if let Some(home) = state.homes.of(piece).cloned() {
            let facing = initial_facing(piece);
            state.piles.move_to(piece, home, Some(facing));
        }
    }
    if !back.is_empty() {
        events.push(Event::public(
            "6.3.4",
            format!(
                "End of the week: {} prowling denizens return to where they started.",
                back.len()
            ),
            E::DenizensRegenerated {
                pieces: back.clone(),
            },
        ));
    }
    // 6.3.4: denizens who regenerate are released from all spells.
    crate::magic_realm::combat::spells::regenerated(cat, state, &back, &mut events);
    if row == 6 {
        let mut flipped = Vec::new();
        let chits: Vec<(PieceId, Facing)> = state
            .piles
            .iter()
            .filter(|(place, _)| !matches!(place, Place::Belongings { .. }))
            .flat_map(|(_, pile)| pile.iter())
            .filter(|c| matches!(c.piece, PieceId::VisitorChit { .. }))
            .map(|c| (c.piece.clone(), c.facing))
            .collect();
        for (piece, facing) in chits {
            let other = if facing == Facing::Dark {
                Facing::Light
            } else {
                Facing::Dark
            };
            state.piles.set_facing(&piece, other);
            flipped.push(piece);
        }
        if !flipped.is_empty() {
            events.push(Event::public(
                "6.3.4",
                "End of the week on row 6: the visitor/mission chits turn over.",
                E::VisitorChitsTurned { pieces: flipped },
            ));
        }
    }
    Ok(events)
}
