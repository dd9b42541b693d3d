//! The Rest activity (rule 7.8, with the fatigue rules of 4.2.4): bring one fatigued or
//! wounded chit back, or turn a wound into fatigue, making change where the rules say.

use super::who;
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::state::{ChitStatus, GameState};

type Events = Vec<Event<E>>;

/// Every way to rest now: which chit, and the one-asterisk chit that makes change.
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    let chits: Vec<_> = who::chits(cat, state, seat)
        .map(|(i, c, st)| (i, c.effort, st))
        .collect();
    let changers: Vec<u8> = chits
        .iter()
        .filter(|(_, effort, st)| *effort == 1 && *st == ChitStatus::Fresh)
        .map(|(i, _, _)| *i)
        .collect();
    // 4.6.7a: Wither keeps his fatigued asterisk chits from being activated.
    let withered = super::curses::has(
        state,
        seat,
        crate::magic_realm::catalog::tables::Curse::Wither,
    );
    let mut out = Vec::new();
    for (i, effort, st) in &chits {
        if withered && *st == ChitStatus::Fatigued && *effort > 0 {
            continue;
        }
        match (st, effort) {
            (ChitStatus::Fatigued, 0 | 1) | (ChitStatus::Wounded, 0) | (ChitStatus::Wounded, 1) => {
                out.push(A::Rest {
                    chit: *i,
                    change: None,
                })
            }
            (ChitStatus::Fatigued, _) | (ChitStatus::Wounded, _) => {
                for j in &changers {
                    out.push(A::Rest {
                        chit: *i,
                        change: Some(*j),
                    });
                }
            }
            _ => {}
        }
    }
    out
}

pub fn do_rest(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    chit: u8,
    change: Option<u8>,
    events: &mut Events,
) -> Result<(), RuleError> {
    let name = who::who(cat, state, seat);
    let sheet = state
        .seat_mut(seat)
        .ok_or_else(|| RuleError::internal("no such seat"))?;
    let from = *sheet
        .chits
        .get(usize::from(chit))
        .ok_or_else(|| RuleError::illegal(format!("the character has no chit {chit}")))?;
    let to = match from {
        ChitStatus::Wounded => {
            // A wound with no asterisks comes straight back into play.
            let effort = cat
                .characters
                .get(
                    sheet
                        .character
                        .as_ref()
                        .ok_or_else(|| RuleError::internal("no character"))?,
                )
                .and_then(|c| c.chits.get(usize::from(chit)))
                .map_or(0, |c| c.effort);
            if effort == 0 {
                ChitStatus::Fresh
            } else {
                ChitStatus::Fatigued
            }
        }
        _ => ChitStatus::Fresh,
    };
    if let Some(slot) = sheet.chits.get_mut(usize::from(chit)) {
        *slot = to;
    }
    if let Some(j) = change {
        if let Some(slot) = sheet.chits.get_mut(usize::from(j)) {
            *slot = ChitStatus::Fatigued;
        }
    }
    events.push(Event::public(
        "7.8",
        format!(
            "{name} rests: chit {} goes from {from:?} to {to:?}{}.",
            chit + 1,
            change.map_or_else(String::new, |j| format!(
                ", making change with chit {}",
                j + 1
            ))
        ),
        E::Rested {
            seat,
            chit,
            to,
            change,
        },
    ));
    Ok(())
}
