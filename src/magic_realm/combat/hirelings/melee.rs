//! Hirelings in the Melee Step (rules 8.4.1, 8.4.2, 8.4.5, 8.4.6): an uncontrolled defender
//! attacks the attacker last put on its sheet; a hireling defender attacks the attacker its
//! employer picks; each character positions his hirelings' sheets and his hirelings on
//! uncontrolled denizens' sheets, and turns his defending hirelings either side up in
//! secret with his plays; then the denizens' sheets join the situation the kernel
//! resolves (a hireling defender stays as placed).

use super::super::fighters::companion;
use super::super::melee::{FighterId, Lane, MeleeFighter, Sheet};
use super::super::round::{add_denizen, Built, Who};
use super::super::{current, current_mut, Combat, CombatTarget, Events};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::who;
use crate::magic_realm::pieces::{Facing, PieceId};
use crate::magic_realm::state::GameState;
use std::collections::BTreeMap;

/// 8.4.1, 8.4.2: as the Melee Step begins, the horses of hired natives turn over, and each
/// uncontrolled defender (and each hireling with a single attacker) takes its target.
pub fn start(cat: &Catalog, state: &mut GameState) -> Result<(), RuleError> {
    let Some(combat) = current(state) else {
        return Ok(());
    };
    let horses: Vec<PieceId> = super::in_combat(cat, state, combat)
        .iter()
        .filter_map(|h| companion(cat, state, h))
        .collect();
    let hired: Vec<bool> = combat
        .duels
        .iter()
        .map(|d| super::is_hireling(cat, state, &d.defender))
        .collect();
    for horse in horses {
        let dark = state.piles.find(&horse).map(|(_, c)| c.facing) == Some(Facing::Dark);
        state
            .piles
            .set_facing(&horse, if dark { Facing::Light } else { Facing::Dark });
    }
    let combat = current_mut(state)?;
    let holds: Vec<Option<CombatTarget>> = combat
        .duels
        .iter()
        .map(|d| combat.held_by(&d.defender))
        .collect();
    for ((duel, hired), held) in combat.duels.iter_mut().zip(hired).zip(holds) {
        match held {
            // 8.3.6 a.8: holding a character, it picks no target here.
            Some(CombatTarget::Character { .. }) => duel.target = None,
            // 8.6: holding a native, the native is automatically its target.
            Some(CombatTarget::Denizen { piece }) if duel.attackers.contains(&piece) => {
                duel.target = Some(piece);
            }
            _ if !hired || duel.attackers.len() == 1 => {
                duel.target = duel.attackers.last().cloned();
            }
            _ => {}
        }
    }
    Ok(())
}

/// 8.4.2: a hireling of `seat` defending on its own sheet still needs its target.
pub fn target_options(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> Vec<A> {
    let mut out = Vec::new();
    for duel in combat.duels.iter().filter(|d| d.target.is_none()) {
        // 8.3.6 a.8, 8.6: a Tremendous monster holding its target picks no other.
        if super::employer(cat, state, &duel.defender) != Some(seat)
            || combat.held_by(&duel.defender).is_some()
        {
            continue;
        }
        for attacker in &duel.attackers {
            out.push(A::HirelingTarget {
                hireling: duel.defender.clone(),
                target: attacker.clone(),
            });
        }
    }
    out
}

/// 8.4.2: the hireling attacks `target`, one of the attackers on its sheet.
pub fn apply_target(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    hireling: &PieceId,
    target: &PieceId,
    events: &mut Events,
) -> Result<(), RuleError> {
    let combat = current_mut(state)?;
    let duel = combat
        .duel_of(hireling)
        .and_then(|i| combat.duels.get_mut(i))
        .ok_or_else(|| RuleError::internal("the hireling is not defending"))?;
    duel.target = Some(target.clone());
    events.push(Event::public(
        "8.4.2",
        format!(
            "{}'s {hireling} attacks {target}.",
            who::who(cat, state, seat)
        ),
        E::HirelingTargets {
            hireling: hireling.clone(),
            target: target.clone(),
        },
    ));
    Ok(())
}

/// Where a counter goes on a denizen's Melee Section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spot {
    /// A red box: the defender and its horse, head or club.
    RedBox,
    /// A Maneuver square: the defender's target (and its horse).
    Square,
    /// An Attack circle: the other attackers.
    Circle,
}

/// A counter with its horse, head or club.
fn with_companion(cat: &Catalog, state: &GameState, piece: &PieceId) -> Vec<PieceId> {
    std::iter::once(piece.clone())
        .chain(companion(cat, state, piece))
        .collect()
}

/// 8.4.2, 8.4.5: the counters `seat` positions on denizens' sheets: everything on his
/// hirelings' own sheets, and his hirelings attacking uncontrolled defenders.
pub fn placeable(
    cat: &Catalog,
    state: &GameState,
    combat: &Combat,
    seat: Seat,
) -> Vec<(PieceId, Spot)> {
    let mut out = Vec::new();
    for duel in &combat.duels {
        let mine = super::employer(cat, state, &duel.defender) == Some(seat);
        if mine {
            for p in with_companion(cat, state, &duel.defender) {
                out.push((p, Spot::RedBox));
            }
        } else if super::is_hireling(cat, state, &duel.defender) {
            // Another character's hireling's sheet: he positions it.
            continue;
        }
        for attacker in &duel.attackers {
            if !mine && super::employer(cat, state, attacker) != Some(seat) {
                continue;
            }
            let spot = if duel.target.as_ref() == Some(attacker) {
                Spot::Square
            } else {
                Spot::Circle
            };
            for p in with_companion(cat, state, attacker) {
                out.push((p, spot));
            }
        }
    }
    out
}

/// 8.4.7: each monster among `pieces` with its head or club, both ways: they never share
/// a box.
fn partners(
    cat: &Catalog,
    state: &GameState,
    pieces: &[(PieceId, Spot)],
) -> BTreeMap<PieceId, PieceId> {
    let mut out = BTreeMap::new();
    for (p, _) in pieces {
        if let (PieceId::Monster { .. }, Some(part @ PieceId::MonsterPart { .. })) =
            (p, companion(cat, state, p))
        {
            out.insert(part.clone(), p.clone());
            out.insert(p.clone(), part);
        }
    }
    out
}

/// 8.4.5: the placements on denizens' sheets `seat` may still make, and his defending
/// hirelings he may turn over.
pub fn play_options(
    cat: &Catalog,
    state: &GameState,
    combat: &Combat,
    seat: Seat,
    placed: &BTreeMap<PieceId, Lane>,
) -> Vec<A> {
    let mut out = Vec::new();
    let pieces = placeable(cat, state, combat, seat);
    let partners = partners(cat, state, &pieces);
    for (piece, _) in pieces {
        if placed.contains_key(&piece) {
            continue;
        }
        let avoid = partners.get(&piece).and_then(|q| placed.get(q).copied());
        for lane in Lane::ALL.into_iter().filter(|l| Some(*l) != avoid) {
            out.push(A::PlaceDenizen {
                denizen: piece.clone(),
                lane,
            });
        }
    }
    for duel in &combat.duels {
        if super::employer(cat, state, &duel.defender) == Some(seat)
            && !super::super::fighters::is_tremendous(cat, &duel.defender)
        {
            out.push(A::TurnHireling {
                hireling: duel.defender.clone(),
            });
        }
    }
    out
}

/// 8.4.5: as the plays are revealed, each defending hireling lies on the side its employer
/// chose.
pub fn reveal(state: &mut GameState) -> Result<(), RuleError> {
    let combat = current(state).ok_or_else(|| RuleError::internal("no combat"))?;
    let flips: Vec<PieceId> = combat
        .plays
        .values()
        .flat_map(|p| p.flipped.iter().cloned())
        .filter(|p| combat.duel_of(p).is_some())
        .collect();
    for piece in flips {
        let dark = state.piles.find(&piece).map(|(_, c)| c.facing) != Some(Facing::Dark);
        state
            .piles
            .set_facing(&piece, if dark { Facing::Dark } else { Facing::Light });
    }
    Ok(())
}

/// 8.4.2, 8.4.6: adds each denizen's Melee Section to the situation, with the counters
/// where the characters positioned them: a defender in the Charge-and-Thrust box (its
/// horse, head or club in Dodge-and-Swing), the others as placed or in the Thrust circle
/// and the Charge square.
pub fn add_duels(
    cat: &Catalog,
    state: &GameState,
    combat: &Combat,
    built: &mut Built,
) -> Result<(), RuleError> {
    let placed: BTreeMap<PieceId, Lane> = combat
        .plays
        .values()
        .flat_map(|p| p.placed.iter().map(|(k, v)| (k.clone(), *v)))
        .collect();
    for duel in &combat.duels {
        let steady = super::is_hireling(cat, state, &duel.defender);
        let lanes = |built: &mut Built, piece: &PieceId, first: Lane, second: Lane| {
            let mut out: Vec<(FighterId, Lane)> = Vec::new();
            if let Some((id, comp)) = add_denizen(cat, state, built, piece) {
                out.push((id, placed.get(piece).copied().unwrap_or(first)));
                if let Some((cid, c)) = comp {
                    out.push((cid, placed.get(&c).copied().unwrap_or(second)));
                }
            }
            out
        };
        let defender = lanes(built, &duel.defender, Lane::ChargeThrust, Lane::DodgeSwing);
        if steady {
            for (id, _) in &defender {
                if let Some(MeleeFighter::Denizen(d)) =
                    built.situation.fighters.get_mut(usize::from(id.0))
                {
                    d.steady = true;
                }
            }
        }
        let mut target = Vec::new();
        let mut circles = Vec::new();
        for attacker in &duel.attackers {
            let entries = lanes(built, attacker, Lane::ChargeThrust, Lane::ChargeThrust);
            if duel.target.as_ref() == Some(attacker) {
                target = entries;
            } else {
                circles.extend(entries);
            }
        }
        if defender.is_empty() {
            continue;
        }
        // 8.3.6 a.8: a monster holding a character attacks him from its red box here.
        let holds = match combat.held_by(&duel.defender) {
            Some(CombatTarget::Character { seat }) => built.id_of(&Who::Character(seat)),
            _ => None,
        };
        built.situation.sheets.push(Sheet::Denizen {
            defender,
            target,
            circles,
            holds,
        });
    }
    Ok(())
}
