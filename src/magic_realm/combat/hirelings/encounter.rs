//! Hirelings in the Encounter Step (rules 8.3.4c, 8.3.5 a.3, 8.3.6a): luring with
//! hirelings, denizens randomly assigned to a hidden character's hirelings, and deploying
//! hirelings against characters and denizens, turned either side up.

use super::super::fighters::{companion, denizens_in};
use super::super::{current_mut, Combat, CombatTarget, Events};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::who;
use crate::magic_realm::pieces::{Facing, PieceId};
use crate::magic_realm::state::GameState;

/// The seat's hirelings in the combat that are on no Melee Section yet.
fn free(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> Vec<PieceId> {
    super::of(cat, state, seat, combat.at)
        .into_iter()
        .filter(|h| !combat.engaged(h))
        .filter(|h| !super::super::spells::mist::misted(cat, state, &denizen(h)))
        .collect()
}

/// 8.3.4c: the denizens a hireling may lure: unhired denizens not assigned to a hireling
/// and not red side up. (A spell restricting the character does not restrict his
/// hirelings.)
fn lurable(cat: &Catalog, state: &GameState, combat: &Combat) -> Vec<PieceId> {
    denizens_in(cat, state, combat.at)
        .into_iter()
        .filter(|p| combat.held_by(p).is_none())
        .filter(|p| combat.attacking_in(p).is_none() && combat.duel_of(p).is_none())
        .filter(|p| !super::super::encounter::pacified(cat, state, &denizen(p)))
        .collect()
}

fn denizen(piece: &PieceId) -> CombatTarget {
    CombatTarget::Denizen {
        piece: piece.clone(),
    }
}

/// 8.3.4c: each of his free hirelings may lure one denizen.
pub fn luring_options(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> Vec<A> {
    let targets = lurable(cat, state, combat);
    let mut out = Vec::new();
    for hireling in free(cat, state, combat, seat) {
        for d in &targets {
            out.push(A::HirelingLure {
                hireling: hireling.clone(),
                denizen: d.clone(),
            });
        }
    }
    out
}

/// 8.3.6a: the targets a hireling may be deployed against: an unhidden character in the
/// clearing other than its employer (a hireling is no hired leader who found hidden
/// enemies), or any monster or native there other than itself, a red-side-up Tremendous
/// monster included (a.8), except a native a Tremendous monster holds (8.6). (Deploying
/// against his own hireling is treachery, 8.4.2g.)
fn deploy_targets(
    cat: &Catalog,
    state: &GameState,
    combat: &Combat,
    seat: Seat,
    hireling: &PieceId,
) -> Vec<CombatTarget> {
    let mut out: Vec<CombatTarget> = combat
        .fighting()
        .filter(|s| *s != seat && !state.seat(*s).is_some_and(|x| x.hidden))
        .map(|s| CombatTarget::Character { seat: s })
        .collect();
    let denizens = denizens_in(cat, state, combat.at)
        .into_iter()
        .chain(super::in_combat(cat, state, combat))
        .filter(|p| p != hireling && !combat.is_held(p));
    out.extend(denizens.map(|p| denizen(&p)));
    // Melt into Mist: nobody attacks mist.
    out.retain(|t| !super::super::spells::mist::misted(cat, state, t));
    out
}

/// 8.3.6a: deploying his free hirelings, and turning those he has deployed either side
/// up (a.4).
pub fn deployment_options(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> Vec<A> {
    let mut out = Vec::new();
    for hireling in free(cat, state, combat, seat) {
        for target in deploy_targets(cat, state, combat, seat, &hireling) {
            out.push(A::Deploy {
                hireling: hireling.clone(),
                target,
            });
        }
    }
    for hireling in super::of(cat, state, seat, combat.at) {
        let attacking =
            combat.attacking_in(&hireling).is_some() || combat.sheet_of(&hireling).is_some();
        if attacking {
            // 8.4.7: a controlled Tremendous monster is played red side down (its head
            // or club either side up).
            out.extend(
                std::iter::once(hireling.clone())
                    .chain(companion(cat, state, &hireling))
                    .filter(|p| !super::super::fighters::is_tremendous(cat, p))
                    .map(|hireling| A::TurnHireling { hireling }),
            );
        }
    }
    out
}

/// 8.3.5 a.3: the hirelings to which the denizen waiting for assignment may go.
pub fn assignment_options(cat: &Catalog, state: &GameState, combat: &Combat) -> Vec<A> {
    let Some((denizen, seat)) = &combat.assigning else {
        return Vec::new();
    };
    super::unhidden_of(cat, state, *seat, combat.at)
        .into_iter()
        // 8.6: no other denizen attacks a native a Tremendous monster holds.
        .filter(|h| !combat.is_held(h))
        .map(|hireling| A::AssignToHireling {
            denizen: denizen.clone(),
            hireling,
        })
        .collect()
}

/// 8.3.4c.2, 8.3.5 a.3: `denizen` attacks the hireling, which defends on its own sheet.
pub fn put_on_hireling(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    hireling: &PieceId,
    denizen: &PieceId,
    events: &mut Events,
) -> Result<(), RuleError> {
    let combat = current_mut(state)?;
    combat.unassign(denizen);
    combat.attack_denizen(denizen, hireling);
    // 8.2.3: luring an unhired native sets his group battling the employer.
    super::super::fighters::provoke(cat, state, seat, denizen, events);
    Ok(())
}

pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
    events: &mut Events,
) -> Result<(), RuleError> {
    let name = who::who(cat, state, seat);
    match action {
        A::HirelingLure { hireling, denizen } => {
            // 8.3.4: luring a denizen he pacified breaks the spell.
            let lured = CombatTarget::Denizen {
                piece: denizen.clone(),
            };
            super::super::spells::break_pacification(cat, state, seat, &lured, events);
            // 8.3.4 c.3: a hidden hireling that lures becomes unhidden.
            super::unhide(state, seat, hireling, "8.3.4", events);
            put_on_hireling(cat, state, seat, hireling, denizen, events)?;
            events.push(Event::public(
                "8.3.4",
                format!("{name}'s {hireling} lures {denizen}."),
                E::HirelingLured {
                    seat,
                    hireling: hireling.clone(),
                    denizen: denizen.clone(),
                },
            ));
        }
        A::AssignToHireling { denizen, hireling } => {
            current_mut(state)?.assigning = None;
            put_on_hireling(cat, state, seat, hireling, denizen, events)?;
            events.push(Event::public(
                "8.3.5",
                format!("{denizen} is assigned to attack {name}'s {hireling}."),
                E::AssignedToHireling {
                    seat,
                    hireling: hireling.clone(),
                    denizen: denizen.clone(),
                },
            ));
        }
        A::Deploy { hireling, target } => {
            events.push(Event::public(
                "8.3.6",
                format!(
                    "{name} deploys {hireling} against {}.",
                    target.name(cat, state)
                ),
                E::Deployed {
                    seat,
                    hireling: hireling.clone(),
                    target: target.clone(),
                },
            ));
            match target {
                CombatTarget::Character { seat: t } => {
                    current_mut(state)?
                        .sheets
                        .entry(*t)
                        .or_default()
                        .push(hireling.clone());
                }
                CombatTarget::Denizen { piece } => {
                    // 8.4.2g: deployed against one of his own hirelings: treachery.
                    if super::employer(cat, state, piece) == Some(seat) {
                        super::rebels::treachery(cat, state, seat, piece, events)?;
                    }
                    // 8.4.2: assigning his hireling against a target of his pacifying or
                    // controlling spell breaks it; a monster it controlled reverts to
                    // normal behavior and attacks nobody.
                    super::super::spells::break_pacification(cat, state, seat, target, events);
                    if super::employer(cat, state, hireling) != Some(seat) {
                        return Ok(());
                    }
                    current_mut(state)?.attack_denizen(hireling, piece);
                    super::super::holding::attacked_while_holding(cat, state, piece, events);
                    // 8.3.6 a.9: so does attacking one.
                    super::super::fighters::provoke(cat, state, seat, piece, events);
                }
            }
        }
        A::TurnHireling { hireling } => {
            let dark = state.piles.find(hireling).map(|(_, c)| c.facing) != Some(Facing::Dark);
            state
                .piles
                .set_facing(hireling, if dark { Facing::Dark } else { Facing::Light });
            events.push(Event::public(
                "8.3.6",
                format!(
                    "{name} turns {hireling} {} side up.",
                    if dark { "dark" } else { "light" }
                ),
                E::HirelingTurned {
                    hireling: hireling.clone(),
                    dark,
                },
            ));
        }
        other => {
            return Err(RuleError::internal(format!(
                "{other:?} is not a hireling's Encounter action"
            )))
        }
    }
    Ok(())
}
