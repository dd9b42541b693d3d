//! The Amulet ("Cancels one spell or curse", rules 4.6.7a and 4.6.9g; data `drink:
//! cancel_spell`): a Potion used at once when activated (4.4.3b, back to the Shaman's box).
//! Its owner then names one spell in effect whose spellcaster or target is in his clearing,
//! or one curse of a character in his clearing (himself included). The spell is broken
//! as a spellbreaking spell breaks one spell (only the one cast by one Magic chit: broken
//! if its spellcaster is there, else its targets there are released); the curse is
//! removed. It is activated like the other Potions: at the start of a phase (7.2.2) or as
//! the Encounter action (8.3.7), the choice made at once in Daylight, or with the round's
//! spell choices in combat.

use super::{Events, SpellAim};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::who;
use crate::magic_realm::state::GameState;

/// What the Amulet of `seat` can cancel now: each spell in effect whose spellcaster or a
/// target is in his clearing, and each curse of a character there.
pub fn candidates(state: &GameState, seat: Seat) -> Vec<SpellAim> {
    let Some(at) = who::clearing(state, seat) else {
        return Vec::new();
    };
    let mut out: Vec<SpellAim> = state
        .spells
        .iter()
        .filter(|s| {
            super::items::spellcaster_at(state, s) == Some(at)
                || s.aims
                    .iter()
                    .any(|a| super::places::target_in(state, s, at, a))
        })
        .map(|s| SpellAim::Spell {
            caster: s.caster,
            spell_box: s.spell_box,
        })
        .collect();
    for other in state.all_seats() {
        if !who::playing(state, other) || who::clearing(state, other) != Some(at) {
            continue;
        }
        for curse in state.seat(other).into_iter().flat_map(|s| s.curses.iter()) {
            out.push(SpellAim::Curse {
                seat: other,
                curse: *curse,
            });
        }
    }
    out
}

/// The Amulet of `seat` cancels `aim`, one of its [`candidates`].
pub fn cancel(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    aim: &SpellAim,
    events: &mut Events,
) -> Result<(), RuleError> {
    if !candidates(state, seat).contains(aim) {
        return Err(RuleError::illegal(
            "the Amulet cancels a spell or curse in its owner's clearing",
        ));
    }
    let at = who::clearing_or_err(state, seat)?;
    let what = match aim {
        SpellAim::Spell { caster, spell_box } => state
            .spells
            .iter()
            .find(|s| s.caster == *caster && s.spell_box == *spell_box)
            .map(|s| super::whose(cat, state, s.caster, &s.spell))
            .unwrap_or_else(|| "a spell".into()),
        SpellAim::Curse {
            seat: cursed,
            curse,
        } => {
            format!("{}'s {curse:?} curse", who::who(cat, state, *cursed))
        }
        _ => "nothing".into(),
    };
    events.push(Event::public(
        "4.6.7",
        format!("{}'s Amulet cancels {what}.", who::who(cat, state, seat)),
        E::AmuletCancelled {
            seat,
            aim: aim.clone(),
        },
    ));
    match aim {
        SpellAim::Spell { caster, spell_box } => {
            super::breaking::break_one(cat, state, at, *caster, *spell_box, events)
        }
        SpellAim::Curse {
            seat: cursed,
            curse,
        } => crate::magic_realm::day::curses::remove(cat, state, *cursed, *curse, events),
        _ => {}
    }
    Ok(())
}
