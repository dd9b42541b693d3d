//! Spell activation and cancellation (rule 8.4.3): once every target is named, the spells
//! come to life in the order of their completion times, equal times together. A spell
//! aimed at a character cancels his slower spell when it comes to life first; a cancelled
//! spell's Magic chit fatigues (its asterisks still count this round).

use super::{effects, spell_name, CastStatus, Ending, Events, SpellAim};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::{current, current_mut};
use crate::magic_realm::day::who;
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::GameState;
use std::collections::BTreeSet;

/// 8.4.3: a working spell faster than `time` names `seat` as a target.
fn interrupted(state: &GameState, seat: Seat, time: u8) -> bool {
    current(state).is_some_and(|c| {
        c.casts.iter().any(|(caster, cast)| {
            *caster != seat
                && cast.status == CastStatus::Working
                && cast.time < time
                && cast.aims.contains(&SpellAim::Character { seat })
        })
    })
}

/// 8.4.3: brings the round's spells to life, fastest first.
pub fn activate(
    cat: &Catalog,
    state: &mut GameState,
    events: &mut Events,
) -> Result<(), RuleError> {
    let times: BTreeSet<u8> = current(state)
        .map(|c| {
            c.casts
                .values()
                .filter(|x| x.status == CastStatus::Aimed)
                .map(|x| x.time)
                .collect()
        })
        .unwrap_or_default();
    for time in times {
        let group: Vec<Seat> = current(state)
            .map(|c| {
                c.casts
                    .iter()
                    .filter(|(s, x)| {
                        x.status == CastStatus::Aimed && x.time == time && !c.gone.contains(s)
                    })
                    .map(|(s, _)| *s)
                    .collect()
            })
            .unwrap_or_default();
        // Cancellations first: spells of the same time come to life together.
        let mut working = Vec::new();
        for seat in group {
            let Some(cast) = current(state).and_then(|c| c.casts.get(&seat)).cloned() else {
                continue;
            };
            if interrupted(state, seat, time) {
                let text = format!(
                    "A faster spell cancels {}.",
                    super::whose(cat, state, seat, &cast.spell)
                );
                super::end_cast(state, seat, &cast, Ending::Cancelled, "8.4.3", text, events);
            } else {
                working.push(seat);
            }
        }
        for seat in &working {
            if let Some(c) = current_mut(state)?.casts.get_mut(seat) {
                c.status = CastStatus::Working;
            }
        }
        for seat in working {
            let Some(cast) = current(state).and_then(|c| c.casts.get(&seat)).cloned() else {
                continue;
            };
            // An earlier spell of this group (Peace) may have cancelled it.
            if cast.status != CastStatus::Working {
                continue;
            }
            // Pentangle, Melt into Mist, Protection from Magic: no new spell goes into
            // effect against their target.
            let Some(cast) = release_shielded(cat, state, seat, cast, events)? else {
                continue;
            };
            if hirelings_attack_targets(cat, state, seat, &cast) {
                let text = format!(
                    "{}'s hirelings are assigned to attack its targets: {} is cancelled.",
                    who::who(cat, state, seat),
                    super::whose(cat, state, seat, &cast.spell)
                );
                super::end_cast(state, seat, &cast, Ending::Cancelled, "8.4.2", text, events);
                continue;
            }
            events.push(Event::public(
                "8.4.3",
                format!(
                    "{}'s {} comes to life.",
                    who::who(cat, state, seat),
                    spell_name(cat, &cast.spell)
                ),
                E::SpellWorks {
                    seat,
                    spell: cast.spell.clone(),
                },
            ));
            effects::start(cat, state, seat, &cast, events)?;
        }
    }
    Ok(())
}

/// Pentangle, Melt into Mist, Protection from Magic: the individuals they shield are
/// released from a spell coming to life (a Pentangle does not stop another); a spell left
/// with no target is broken (4.6.9d).
fn release_shielded(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    mut cast: super::SpellCast,
    events: &mut Events,
) -> Result<Option<super::SpellCast>, RuleError> {
    let Some(effect) = super::effect_named(cat, &cast.spell) else {
        return Ok(Some(cast));
    };
    let before = cast.aims.len();
    cast.aims.retain(|a| {
        a.individual()
            .is_none_or(|t| !super::shielded_from(cat, state, &t, effect))
    });
    if cast.aims.len() == before {
        return Ok(Some(cast));
    }
    if let Some(c) = current_mut(state)?.casts.get_mut(&seat) {
        c.aims = cast.aims.clone();
    }
    if !cast.aims.is_empty() {
        return Ok(Some(cast));
    }
    let text = format!(
        "Its target is shielded from {}: it is broken.",
        super::whose(cat, state, seat, &cast.spell)
    );
    super::end_cast(state, seat, &cast, Ending::Broken, "4.6.9", text, events);
    Ok(None)
}

/// 8.4.2, 8.4.4: a spell that pacifies or controls denizens is stopped from going into
/// effect if, at that moment, any of the spellcaster's hirelings is assigned to attack one
/// of its targets: attacking it on its own Melee Section, or defending on his own with it
/// as his chosen target.
fn hirelings_attack_targets(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    cast: &super::SpellCast,
) -> bool {
    if !matches!(
        super::effect_named(cat, &cast.spell),
        Some(super::SpellEffect::Pacify | super::SpellEffect::Control)
    ) {
        return false;
    }
    let Some(combat) = current(state) else {
        return false;
    };
    let named = |piece: &PieceId| {
        let group = crate::magic_realm::combat::fighters::group_of(cat, piece);
        cast.aims.iter().any(|a| match a {
            SpellAim::Denizen { piece: p } => p == piece,
            SpellAim::Group { group: g } => Some(*g) == group,
            _ => false,
        })
    };
    let mine = crate::magic_realm::combat::hirelings::of(cat, state, seat, combat.at);
    combat.duels.iter().any(|d| {
        (named(&d.defender) && d.attackers.iter().any(|a| mine.contains(a)))
            || (mine.contains(&d.defender) && d.target.as_ref().is_some_and(named))
    })
}
