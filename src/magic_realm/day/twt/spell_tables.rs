//! The Site card results that roll on a spell's table in Daylight (7.5; 4.6.7b): the
//! Enchanted Meadow Table's 3 (the looter gets a Wish, as Small Blessing gives one) and the
//! Toadstool Circle Table's 5 (the Power of the Pit on the looter). The tables' results
//! are the spells' own ([`spells::wishes`], [`spells::pit`]); a result that asks for a
//! choice (or the Magic Wand's red die) waits as [`Pending::SpellChoice`] for its seat,
//! and the phase ends once it is made. The Withered Claw's Wish, made at the start of a
//! phase ([`crate::magic_realm::day::potions`]), waits the same way, before the phase.

use super::Events;
use crate::engine::{RuleError, Seat};
use crate::magic_realm::actions::MagicRealmAction as A;
use crate::magic_realm::catalog::tables::TableId;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::spells;
use crate::magic_realm::combat::spells::choices::{RedDieRoll, SpellChoice};
use crate::magic_realm::day::rolls::controls_red_die;
use crate::magic_realm::day::who;
use crate::magic_realm::state::{GameState, Pending};

/// The Enchanted Meadow Table's 3: the looter rolls on the Wishes Table (4.6.7b).
pub fn wish(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    events: &mut Events,
) -> Result<(), RuleError> {
    let next = spells::wishes::grant(cat, state, seat, events)?;
    state.today.pending = next.map(|choice| Pending::SpellChoice {
        choice,
        before_phase: false,
    });
    Ok(())
}

/// The Toadstool Circle Table's 5: the looter rolls on the Power of the Pit Table
/// (4.6.7b); with the Magic Wand he sets the red die first.
pub fn pit(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    events: &mut Events,
) -> Result<(), RuleError> {
    if controls_red_die(cat, state, seat, TableId::PowerOfThePit) {
        state.today.pending = Some(Pending::SpellChoice {
            choice: SpellChoice::RedDie {
                seat,
                roll: RedDieRoll::SitePit,
            },
            before_phase: false,
        });
        return Ok(());
    }
    spells::pit::in_daylight(cat, state, seat, None, events)
}

/// The seat owing the Daylight spell-table choice, if one is owed.
pub fn decider(state: &GameState) -> Option<Seat> {
    match &state.today.pending {
        Some(Pending::SpellChoice { choice, .. }) => Some(choice.seat()),
        _ => None,
    }
}

/// The seat's options for the choice he owes.
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    match &state.today.pending {
        Some(Pending::SpellChoice { choice, .. }) if choice.seat() == seat => {
            spells::choices::options_for(cat, state, choice.clone())
        }
        _ => Vec::new(),
    }
}

/// Applies the seat's choice; the next choice it leads to (if any) is owed in turn.
pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
    events: &mut Events,
) -> Result<(), RuleError> {
    if !options(cat, state, seat).contains(action) {
        return Err(RuleError::illegal(format!(
            "{action:?} is not a choice this result offers"
        )));
    }
    let Some(Pending::SpellChoice {
        choice,
        before_phase,
    }) = state.today.pending.take()
    else {
        return Err(RuleError::internal("no spell-table choice is owed"));
    };
    let next = match action {
        A::WishTeleport { to } => {
            let from = who::clearing(state, seat);
            spells::wishes::teleport(cat, state, seat, *to, events)?;
            if from.is_some_and(|f| f != *to) {
                // 7.11: a follower wished away is no longer with his guide.
                if state.today.following.remove(&seat).is_some() {
                    state.today.stopped_following.insert(seat);
                }
                super::tables::teleported(cat, state, seat, events)?;
            }
            None
        }
        A::WishAway { target } => spells::wishes::name_elsewhere(cat, state, seat, target, events)?,
        A::WishVision { pile } => {
            spells::wishes::vision(cat, state, seat, pile, events);
            None
        }
        A::AmuletCancels { aim } => {
            spells::amulet::cancel(cat, state, seat, aim, events)?;
            None
        }
        A::ChooseRedDie { value } => {
            events.push(crate::magic_realm::day::rolls::red_die_chosen(
                cat, state, seat, *value,
            ));
            match choice {
                SpellChoice::RedDie {
                    roll: RedDieRoll::SitePit,
                    ..
                } => {
                    spells::pit::in_daylight(cat, state, seat, Some(*value), events)?;
                    None
                }
                _ => spells::wishes::grant_rolled(cat, state, seat, Some(*value), events)?,
            }
        }
        other => {
            return Err(RuleError::internal(format!(
                "{other:?} is not a spell-table choice"
            )))
        }
    };
    state.today.pending = next.map(|choice| Pending::SpellChoice {
        choice,
        before_phase,
    });
    Ok(())
}
