//! Rule 3.4: placing the six visitor/mission chits, either side up, one per empty box of the
//! Appearance Chart's bottom row, by the players in turn.

use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::setup_card::BoxContents;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::pieces::{Facing, PieceId, Place, VisitorChitId};
use crate::magic_realm::state::GameState;

/// The chart row that holds the visitor/mission boxes.
pub const VISITOR_ROW: u8 = 6;

/// The visitor/mission boxes of the chart (3.4.2), by number.
pub fn slots(cat: &Catalog) -> Vec<u8> {
    cat.setup_card
        .chart
        .rows
        .iter()
        .filter(|r| r.row == VISITOR_ROW)
        .flat_map(|r| r.groups.iter().flat_map(|g| g.boxes.iter()))
        .filter(|b| b.holds == BoxContents::VisitorSlot)
        .map(|b| b.number)
        .collect()
}

/// The chits not yet placed (3.4.1), in catalog order.
pub fn unplaced(cat: &Catalog, state: &GameState) -> Vec<VisitorChitId> {
    cat.denizens
        .chits
        .iter()
        .map(|c| VisitorChitId(c.id.clone()))
        .filter(|id| {
            state
                .piles
                .place_of(&PieceId::VisitorChit { id: id.clone() })
                == Some(&Place::Aside)
        })
        .collect()
}

/// Every legal placement: any unplaced chit, either face up, in any empty box.
pub fn choices(cat: &Catalog, state: &GameState) -> Vec<A> {
    let empty: Vec<u8> = slots(cat)
        .into_iter()
        .filter(|n| {
            state
                .piles
                .pile(&Place::ChartBox {
                    row: VISITOR_ROW,
                    number: *n,
                })
                .is_empty()
        })
        .collect();
    let mut out = Vec::new();
    for chit in unplaced(cat, state) {
        for facing in [Facing::Light, Facing::Dark] {
            for n in &empty {
                out.push(A::PlaceVisitorChit {
                    chit: chit.clone(),
                    facing,
                    box_number: *n,
                });
            }
        }
    }
    out
}

/// Puts the chit in its box (3.4.2); it stays there until it moves to the map (3.4.3).
pub fn place(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    chit: &VisitorChitId,
    facing: Facing,
    box_number: u8,
) -> Result<Vec<Event<E>>, RuleError> {
    let piece = PieceId::VisitorChit { id: chit.clone() };
    state.piles.move_to(
        &piece,
        Place::ChartBox {
            row: VISITOR_ROW,
            number: box_number,
        },
        Some(facing),
    );
    state.visitor_chits_placed = state.visitor_chits_placed.saturating_add(1);
    let face = cat
        .denizens
        .chits
        .iter()
        .find(|c| c.id == chit.0)
        .and_then(|c| c.sides.get(usize::from(facing == Facing::Dark)))
        .map_or_else(|| chit.0.clone(), |f| format!("{f:?}"));
    Ok(vec![Event::public(
        "3.4.2",
        format!("{seat} puts the {face} chit in box {box_number} of row {VISITOR_ROW}."),
        E::VisitorChitPlaced {
            seat,
            chit: chit.clone(),
            facing,
            box_number,
        },
    )])
}
