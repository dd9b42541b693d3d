//! Random assignment (rule 8.3.5): after luring, each unassigned monster and battling
//! native goes to an unhidden character (or a hidden one's unhidden hireling, a.3) by the
//! highest roll, with the characters' die-roll modifications (a.2).

use super::encounter::{assign, pacified_denizen};
use super::fighters::{attacks, denizens_in};
use super::{current, current_mut, hirelings, Events};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::rolls::{self, RollFor, RollMods};
use crate::magic_realm::day::who;
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::GameState;

/// 8.3.5: random assignment of the unassigned monsters and battling natives to unhidden
/// characters and hirelings: each eligible character rolls two dice (the higher counts);
/// ties roll again. The winner takes the denizen himself if he is unhidden; else one of
/// his hirelings does (his choice when he has several: assignment waits for it).
pub(super) fn run(
    cat: &Catalog,
    state: &mut GameState,
    events: &mut Events,
) -> Result<(), RuleError> {
    let Some(combat) = current(state) else {
        return Ok(());
    };
    let at = combat.at;
    let unassigned: Vec<PieceId> = denizens_in(cat, state, at)
        .into_iter()
        .filter(|p| !combat.engaged(p))
        .filter(|p| !pacified_denizen(cat, state, p))
        .collect();
    for piece in unassigned {
        let Some(combat) = current(state) else {
            return Ok(());
        };
        if combat.assigning.is_some() {
            return Ok(());
        }
        // 8.3.5 a.1: he rolls if he is unhidden and in the clearing, or has an unhidden
        // hireling there (a.3: a character hidden or away gives what he wins to one); a
        // denizen with no unhidden target stays unassigned.
        let unhidden = |state: &GameState, s: &Seat| {
            !state.seat(*s).is_some_and(|x| x.hidden)
                && current(state).is_some_and(|c| !c.absent.contains(s))
        };
        let mut eligible: Vec<Seat> = combat
            .directing()
            .filter(|s| {
                unhidden(state, s) || !hirelings::unhidden_of(cat, state, *s, at).is_empty()
            })
            .filter(|s| attacks(cat, state, &piece, *s))
            .collect();
        if eligible.is_empty() {
            continue;
        }
        while eligible.len() > 1 {
            let mut best = 0;
            let mut rolls = Vec::new();
            for seat in &eligible {
                // 8.3.5 a.2: his modifications count (results above 6 too), unless he is
                // away from the clearing.
                let away = current(state).is_some_and(|c| c.absent.contains(seat));
                let mods = if away {
                    RollMods::NONE
                } else {
                    rolls::mods(cat, state, *seat, RollFor::Assignment)
                };
                let roll = state.dice.roll("random_assignment", mods.dice());
                let result = mods.unclamped(&roll);
                best = best.max(result);
                rolls.push((*seat, roll, result));
            }
            let names: Vec<String> = rolls
                .iter()
                .map(|(s, _, n)| format!("{} {n}", who::who(cat, state, *s)))
                .collect();
            events.push(Event::reveal(
                "8.3.5",
                format!("Random assignment of {piece}: {}.", names.join(", ")),
                E::AssignmentRolled {
                    denizen: piece.clone(),
                    rolls: rolls.iter().map(|(s, r, _)| (*s, r.dice.clone())).collect(),
                },
            ));
            eligible = rolls
                .into_iter()
                .filter(|(_, _, n)| *n == best)
                .map(|(s, _, _)| s)
                .collect();
        }
        let Some(seat) = eligible.first().copied() else {
            continue;
        };
        if !unhidden(state, &seat) {
            // 8.3.5 a.3: to one of his unhidden hirelings.
            // 8.6: not to a native a Tremendous monster holds.
            let mine: Vec<PieceId> = hirelings::unhidden_of(cat, state, seat, at)
                .into_iter()
                .filter(|h| !current(state).is_some_and(|c| c.is_held(h)))
                .collect();
            if mine.is_empty() {
                continue;
            }
            if let [only] = mine.as_slice() {
                let only = only.clone();
                hirelings::encounter::apply(
                    cat,
                    state,
                    seat,
                    &A::AssignToHireling {
                        denizen: piece.clone(),
                        hireling: only,
                    },
                    events,
                )?;
            } else {
                current_mut(state)?.assigning = Some((piece.clone(), seat));
                return Ok(());
            }
            continue;
        }
        assign(cat, state, seat, &piece, events)?;
        events.push(Event::public(
            "8.3.5",
            format!(
                "{piece} is assigned to attack {}.",
                who::who(cat, state, seat)
            ),
            E::Assigned {
                seat,
                denizen: piece.clone(),
            },
        ));
    }
    Ok(())
}
