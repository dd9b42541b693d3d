//! Treachery and rebels (rule 8.4.2g): when a character names one of his own hired
//! natives as a target, for himself or one of his hirelings, every member of that group
//! under hire to him rebels: they become unhired wherever they are, he loses Fame equal to
//! their Notoriety bounties, their attacks on monsters and unhired natives (and those on
//! them) are cancelled, and they battle him.

use super::super::fighters::{group_of, start_battling};
use super::super::{current, current_mut, Events};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::who;
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::points::Points;
use crate::magic_realm::state::GameState;

/// 8.4.2g: `seat` has named his own hireling `piece` as a target.
pub fn treachery(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    piece: &PieceId,
    events: &mut Events,
) -> Result<(), RuleError> {
    let Some(group) = group_of(cat, piece) else {
        return Ok(());
    };
    let Some(sheet) = state.seat_mut(seat) else {
        return Ok(());
    };
    let (rebels, kept) = std::mem::take(&mut sheet.hirelings)
        .into_iter()
        .partition::<Vec<_>, _>(|h| {
            cat.denizens
                .native(&h.native)
                .is_some_and(|n| n.group == group)
        });
    sheet.hirelings = kept;
    let lost: i32 = rebels
        .iter()
        .filter_map(|h| cat.denizens.native(&h.native))
        .map(|n| n.notoriety)
        .sum();
    sheet.fame.lose(Points::whole(lost))?;
    let rebels: Vec<PieceId> = rebels
        .into_iter()
        .map(|h| PieceId::Native { id: h.native })
        .collect();
    // Rebels neither attack nor are attacked by monsters and unhired natives.
    let hired: Vec<PieceId> = current(state)
        .map(|c| super::in_combat(cat, state, c))
        .unwrap_or_default();
    let combat = current_mut(state)?;
    for duel in &mut combat.duels {
        if rebels.contains(&duel.defender) {
            duel.attackers.retain(|a| hired.contains(a));
        } else if !hired.contains(&duel.defender) {
            duel.attackers.retain(|a| !rebels.contains(a));
        }
        if duel
            .target
            .as_ref()
            .is_some_and(|t| !duel.attackers.contains(t))
        {
            duel.target = None;
        }
    }
    combat.drop_empty_duels();
    // A Tremendous monster that is no hireling lets go of a rebel it holds (its attack
    // is cancelled).
    let freed: Vec<PieceId> = combat
        .holding_denizens
        .iter()
        .filter(|(m, d)| rebels.contains(d) && !hired.contains(m))
        .map(|(m, _)| m.clone())
        .collect();
    for m in &freed {
        combat.release(m);
    }
    crate::magic_realm::combat::holding::let_go(state, &freed, "8.4.2", events);
    start_battling(state, seat, group);
    events.push(Event::public(
        "8.4.2",
        format!(
            "Treachery: {}'s {group:?} rebel ({} native(s)); he loses {lost} Fame.",
            who::who(cat, state, seat),
            rebels.len()
        ),
        E::Rebelled {
            seat,
            natives: rebels,
            fame: lost,
        },
    ));
    Ok(())
}
