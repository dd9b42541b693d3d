//! Unleash Power (List of Spells; rules 4.6.9b, c): a Day spell whose targets are any of the
//! spellcaster's own active Magic chits, chosen by him. While it lasts each is a Move/Fight
//! chit ([`ChitKind::MoveFight`]): a Move chit or a Fight chit, not both at once (in combat,
//! played once a round as either), with the effort asterisks and time printed on it and a
//! strength set by that printed time (2-3 Light, 4 Medium, 5 Heavy, 6+ Tremendous; speed
//! cards change its time but not its strength; the Belt of Strength overrides it). It is
//! not a Magic chit then. When the spell ends the chits are Magic chits again, in whatever
//! state (active, fatigued, wounded) they are in.

use super::{Events, SpellAim, SpellCast, SpellEffect, SpellInEffect};
use crate::engine::{Event, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::characters::{ActionChit, ChitKind};
use crate::magic_realm::catalog::common::Size;
use crate::magic_realm::catalog::magic::strength_for_time;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::who;
use crate::magic_realm::state::{ChitStatus, GameState};

/// The chit as it is used now: a printed Magic chit that a working Unleash Power names
/// is a Move/Fight chit of the strength its printed time gives.
pub fn as_used(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    index: u8,
    printed: ActionChit,
) -> ActionChit {
    if !matches!(printed.kind, ChitKind::Magic { .. }) || state.spells.is_empty() {
        return printed;
    }
    let aim = SpellAim::Chit { chit: index };
    let strength = state
        .spells
        .iter()
        .filter(|s| s.caster == seat && s.aims.contains(&aim) && s.works(state))
        .filter(|s| s.has(cat, SpellEffect::UnleashPower))
        .find_map(|s| strength(cat, &s.spell, printed.time));
    match strength {
        Some(strength) => ActionChit {
            kind: ChitKind::MoveFight { strength },
            ..printed
        },
        None => printed,
    }
}

/// The strength the spell gives a chit of printed `time`.
fn strength(
    cat: &Catalog,
    spell: &crate::magic_realm::catalog::magic::SpellId,
    time: u8,
) -> Option<Size> {
    cat.spells
        .get(spell)
        .and_then(|s| s.move_fight.as_deref())
        .and_then(|scale| strength_for_time(scale, time))
}

/// 8.4.2, 4.6.9c: the chits the spell may still name: his active Magic chits (not
/// enchanted, committed, already unleashed, or the one casting it).
pub fn candidates(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    casting: Option<u8>,
) -> Vec<SpellAim> {
    who::chits(cat, state, seat)
        .filter(|(i, c, st)| {
            *st == ChitStatus::Fresh
                && Some(*i) != casting
                && matches!(c.kind, ChitKind::Magic { .. })
        })
        .map(|(chit, _, _)| SpellAim::Chit { chit })
        .collect()
}

/// The spell comes to life: each chit named that is still an active Magic chit becomes a
/// Move/Fight chit; with none left the spell is broken.
pub fn unleash(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    cast: &SpellCast,
    events: &mut Events,
) {
    let still = candidates(cat, state, seat, cast.magic_chit());
    let mut cast = cast.clone();
    cast.aims.retain(|a| still.contains(a));
    if !super::altering::bewitch_chits(
        cat,
        state,
        seat,
        &cast,
        "Magic chit left to unleash",
        events,
    ) {
        return;
    }
    let chits: Vec<(u8, Size)> = who::chits(cat, state, seat)
        .filter(|(i, _, _)| cast.aims.contains(&SpellAim::Chit { chit: *i }))
        .filter_map(|(i, c, _)| c.kind.strength().map(|s| (i, s)))
        .collect();
    let list: Vec<String> = chits
        .iter()
        .map(|(c, s)| format!("chit {} is a {s:?} Move/Fight chit", c + 1))
        .collect();
    events.push(Event::public(
        "4.6.9",
        format!(
            "{}'s {}: {}.",
            who::who(cat, state, seat),
            super::spell_name(cat, &cast.spell),
            list.join(", ")
        ),
        E::ChitsUnleashed { seat, chits },
    ));
}

/// The chits a spell in effect unleashes (before it ends).
pub fn unleashed_by(cat: &Catalog, s: &SpellInEffect) -> Vec<u8> {
    if !s.has(cat, SpellEffect::UnleashPower) {
        return Vec::new();
    }
    s.aims
        .iter()
        .filter_map(|a| match a {
            SpellAim::Chit { chit } => Some(*chit),
            _ => None,
        })
        .collect()
}

/// 4.6.9b: the spell has ended: the chits are Magic chits again, as they are.
pub fn reverted(cat: &Catalog, state: &GameState, seat: Seat, chits: Vec<u8>, events: &mut Events) {
    if chits.is_empty() {
        return;
    }
    let list: Vec<String> = chits.iter().map(|c| (c + 1).to_string()).collect();
    events.push(Event::public(
        "4.6.9",
        format!(
            "{}'s Move/Fight chits {} are Magic chits again.",
            who::who(cat, state, seat),
            list.join(", ")
        ),
        E::UnleashedChitsRevert { seat, chits },
    ));
}
