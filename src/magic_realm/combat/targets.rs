//! Selection of targets (rule 8.4.1, 8.4.2): native horses turn over, the attention chits
//! of the characters in the clearing are picked at random, and each character in turn
//! picks his target (or none).

use super::fighters::denizens_in;
use super::{current, current_mut, spells, Combat, CombatStage, CombatTarget, Events};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::{hiding, who};
use crate::magic_realm::pieces::{Facing, PieceId};
use crate::magic_realm::setup::setup_card::shuffle;
use crate::magic_realm::state::GameState;

/// 8.4.1 (seed 004): the characters' horses played galloping side up in the Encounter
/// Step turn over, walking side up for the rest of the round.
fn turn_galloping_horses(
    cat: &Catalog,
    state: &mut GameState,
    events: &mut Events,
) -> Result<(), RuleError> {
    let combat = current_mut(state)?;
    let galloped: Vec<Seat> = combat
        .horse_sides
        .iter()
        .filter(|(_, galloping)| **galloping)
        .map(|(s, _)| *s)
        .collect();
    for seat in &galloped {
        combat.horse_sides.insert(*seat, false);
    }
    for seat in galloped {
        let horse = crate::magic_realm::day::belongings::active(state, seat)
            .into_iter()
            .find(|p| matches!(p, PieceId::Horse { .. }));
        if let Some(horse) = horse {
            events.push(Event::public(
                "8.4.1",
                format!(
                    "{}'s horse, played galloping, turns over: it is walking side up.",
                    who::who(cat, state, seat)
                ),
                E::HorseTurnedOver { seat, horse },
            ));
        }
    }
    Ok(())
}

/// 8.4.1, 8.4.2: the Melee Step begins.
pub fn start(cat: &Catalog, state: &mut GameState, events: &mut Events) -> Result<(), RuleError> {
    let at = current(state)
        .map(|c| c.at)
        .ok_or_else(|| RuleError::internal("no combat"))?;
    // 8.4.1: the horses of unhired natives turn dark (galloping) side up.
    for native in denizens_in(cat, state, at) {
        if let Some(horse) = super::fighters::companion(cat, state, &native) {
            if matches!(horse, PieceId::NativeHorse { .. }) {
                state.piles.set_facing(&horse, Facing::Dark);
            }
        }
    }
    turn_galloping_horses(cat, state, events)?;
    // 8.1.2: those away from the clearing pick their hirelings' targets too.
    let mut order: Vec<Seat> = current(state)
        .map(|c| c.directing().collect())
        .unwrap_or_default();
    shuffle(&mut order, &mut state.draws);
    events.push(Event::reveal(
        "8.4.2",
        "Melee Step: the attention chits are mixed and picked.",
        E::AttentionChitsPicked {
            order: order.clone(),
        },
    ));
    // 4.6.6e: a Fly chit used to charge expires at the end of the Encounter Step.
    let flown: Vec<(Seat, u8)> = current(state)
        .map(|c| {
            c.fly_charges
                .values()
                .filter_map(|(_, with)| match with {
                    crate::magic_realm::day::flying::FlySource::Chit { caster, spell_box } => {
                        Some((*caster, *spell_box))
                    }
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default();
    for (caster, spell_box) in flown {
        if let Some(i) = spells::index_of(state, caster, spell_box) {
            spells::end_spell(cat, state, i, true, events);
        }
    }
    let combat = current_mut(state)?;
    combat.attention = order;
    combat.turn = 0;
    combat.stage = CombatStage::Targets;
    super::hirelings::melee::start(cat, state)
}

/// 8.4.2: the targets a character may pick. 8.4.7: transmorphized into a Tremendous
/// monster and holding his target, only that target (he cannot change targets).
pub fn candidates(
    cat: &Catalog,
    state: &GameState,
    combat: &Combat,
    seat: Seat,
) -> Vec<CombatTarget> {
    let all = every_candidate(cat, state, combat, seat);
    match combat.character_holds.get(&seat) {
        Some(held) => all.into_iter().filter(|t| t == held).collect(),
        None => all,
    }
}

fn every_candidate(
    cat: &Catalog,
    state: &GameState,
    combat: &Combat,
    seat: Seat,
) -> Vec<CombatTarget> {
    // Peace: a pacified character cannot name a target; one away from the clearing has
    // nobody to attack (8.1.2).
    if combat.absent.contains(&seat)
        || super::encounter::pacified(cat, state, &CombatTarget::Character { seat })
    {
        return Vec::new();
    }
    if let Some(charged) = combat.charged_by(seat).as_ref() {
        // 8.3.6 b.2: a charge names his target for the round.
        return if combat.fighting().any(|s| s == *charged) {
            vec![CombatTarget::Character { seat: *charged }]
        } else {
            Vec::new()
        };
    }
    let found = state.today.found_enemies.contains(&seat);
    // Any monster or native in the clearing, hirelings included (his own: treachery).
    let mut out: Vec<CombatTarget> = denizens_in(cat, state, combat.at)
        .into_iter()
        .chain(super::hirelings::in_combat(cat, state, combat))
        .map(|piece| CombatTarget::Denizen { piece })
        .collect();
    for other in combat.fighting().filter(|s| *s != seat) {
        if (found || !state.seat(other).is_some_and(|s| s.hidden))
            && !spells::mist::misted_seat(cat, state, other)
        {
            out.push(CombatTarget::Character { seat: other });
        }
    }
    out
}

pub fn options(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> Vec<A> {
    if !combat.spell_choices.is_empty() {
        return spells::choices::options(cat, state, seat);
    }
    if spells::aiming::aiming(combat, seat) {
        return spells::aiming::options(cat, state, combat, seat);
    }
    // 8.4.2: his defending hirelings' targets first.
    let hirelings = super::hirelings::melee::target_options(cat, state, combat, seat);
    if !hirelings.is_empty() {
        return hirelings;
    }
    let mut out: Vec<A> = candidates(cat, state, combat, seat)
        .into_iter()
        .map(|target| A::SelectTarget { target })
        .collect();
    // 8.4.7: holding his target, he stays assigned to it.
    if out.is_empty() || !combat.character_holds.contains_key(&seat) {
        out.push(A::NoTarget);
    }
    out
}

pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
) -> Result<Events, RuleError> {
    if spells::choices::waiting(state).is_some() {
        return spells::choices::apply(cat, state, seat, action);
    }
    if current(state).is_some_and(|c| spells::aiming::aiming(c, seat)) {
        return spells::aiming::apply(cat, state, seat, action);
    }
    let mut events = Vec::new();
    match action {
        A::HirelingTarget { hireling, target } => {
            super::hirelings::melee::apply_target(cat, state, seat, hireling, target, &mut events)?;
        }
        A::SelectTarget { target } => {
            // 8.4.2g: naming his own hireling is treachery.
            if let CombatTarget::Denizen { piece } = target {
                if super::hirelings::employer(cat, state, piece) == Some(seat) {
                    super::hirelings::rebels::treachery(cat, state, seat, piece, &mut events)?;
                }
            }
            // Peace is broken when its target is named as the target of an attack; his own
            // pacification of it, when he names it (8.4.2).
            spells::break_on(cat, state, target, spells::SpellEffect::Peace, &mut events);
            spells::break_pacification(cat, state, seat, target, &mut events);
            // 8.4.2: naming a target unhides the character and a hidden target.
            let mut unhide = vec![seat];
            if let CombatTarget::Character { seat: other } = target {
                unhide.push(*other);
            }
            for s in unhide {
                hiding::unhide(cat, state, s, "8.4.2", "is no longer hidden.", &mut events);
            }
            if let CombatTarget::Denizen { piece } = target {
                // 8.2.3: attacking an unhired native sets his group battling.
                super::fighters::provoke(cat, state, seat, piece, &mut events);
            }
            let text = target.name(cat, state);
            events.push(Event::public(
                "8.4.2",
                format!("{} targets {text}.", who::who(cat, state, seat)),
                E::TargetSelected {
                    seat,
                    target: target.clone(),
                },
            ));
            let combat = current_mut(state)?;
            combat.targets.insert(seat, target.clone());
            combat.turn += 1;
        }
        A::NoTarget => {
            current_mut(state)?.turn += 1;
        }
        other => {
            return Err(RuleError::internal(format!(
                "{other:?} is not a target selection"
            )))
        }
    }
    Ok(events)
}

/// Runs target selection on; true when something moved on.
pub fn progress(
    cat: &Catalog,
    state: &mut GameState,
    events: &mut Events,
) -> Result<bool, RuleError> {
    let Some(combat) = current(state) else {
        return Ok(true);
    };
    if let Some(seat) = combat.attention.get(combat.turn).copied() {
        let aiming = spells::aiming::aiming(combat, seat);
        let hirelings =
            !super::hirelings::melee::target_options(cat, state, combat, seat).is_empty();
        if combat.gone.contains(&seat)
            || (!aiming && !hirelings && candidates(cat, state, combat, seat).is_empty())
        {
            current_mut(state)?.turn += 1;
            return Ok(true);
        }
        return Ok(false);
    }
    // 8.4.3: the spells come to life before the attacks and maneuvers are played.
    spells::activation::activate(cat, state, events)?;
    // 4.6.7b: a Wish's choice is made before the melee; a Wish for Peace leaves none.
    spells::choices::tidy(state);
    if spells::choices::waiting(state).is_some() {
        return Ok(false);
    }
    if spells::wishes::peace_here(state) {
        spells::attacks::expire(cat, state, events);
        super::fatigue::begin(cat, state)?;
    } else if spells::wand_strikes::ask(cat, state)? {
        // The Magic Wand: the red die of a Demon's or Imp's spell strike, set before.
        return Ok(false);
    } else {
        super::plays::start(cat, state)?;
    }
    Ok(true)
}
