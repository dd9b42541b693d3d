//! Spells that alter Magic chits (rule 4.6.9c; List of Spells): Witch's Brew (II to IV,
//! VIII to III), Faerie Lights (III to II, VII to VI) and Elemental Spirit (IV to VIII, VI
//! to V) are Day spells whose targets are the spellcaster's own active Magic chits, chosen
//! by him. While the spell lasts each altered chit has only its altered type, for casting
//! spells and for enchanting; altered chits can be altered again. When the spell ends the
//! chits revert: a spell a reverted chit is committed to is broken, and a reverted colour
//! chit fatigues.

use super::{CastStatus, Events, SpellAim, SpellEffect, SpellInEffect};
use crate::engine::{Event, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::characters::ChitKind;
use crate::magic_realm::catalog::magic::{MagicType, SpellId};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::who;
use crate::magic_realm::state::{ChitStatus, GameState};

/// The type changes a chit-altering spell makes (4.6.9c; List of Spells).
pub fn changes(spell: &SpellId) -> &'static [(MagicType, MagicType)] {
    use MagicType::*;
    match spell.0.as_str() {
        "witchs-brew" => &[(II, IV), (VIII, III)],
        "faerie-lights" => &[(III, II), (VII, VI)],
        "elemental-spirit" => &[(IV, VIII), (VI, V)],
        _ => &[],
    }
}

/// The type printed on `seat`'s Magic chit `chit`.
fn printed(cat: &Catalog, state: &GameState, seat: Seat, chit: u8) -> Option<MagicType> {
    who::chits(cat, state, seat)
        .find(|(i, _, _)| *i == chit)
        .and_then(|(_, c, _)| match c.kind {
            ChitKind::Magic { magic_type } => Some(magic_type),
            _ => None,
        })
}

/// Folds the alterations of `spells` (in the order they went into effect) over `chit`.
fn fold<'a>(
    spells: impl Iterator<Item = &'a SpellInEffect>,
    seat: Seat,
    chit: u8,
    start: MagicType,
) -> MagicType {
    let aim = SpellAim::Chit { chit };
    spells
        .filter(|s| s.caster == seat && s.aims.contains(&aim))
        .fold(start, |t, s| {
            changes(&s.spell)
                .iter()
                .find(|(from, _)| *from == t)
                .map_or(t, |(_, to)| *to)
        })
}

/// 4.6.9c: the type `seat`'s Magic chit `chit` has now: the printed one, changed by each
/// chit-altering spell on it in turn. None for a chit that is not a Magic chit.
pub fn magic_type(cat: &Catalog, state: &GameState, seat: Seat, chit: u8) -> Option<MagicType> {
    printed(cat, state, seat, chit).map(|t| fold(state.spells.iter(), seat, chit, t))
}

/// 8.4.2, 4.6.9c: the chits the spell cast by `seat` with `casting` (none: an item cast
/// it) may still alter: his active Magic chits (not enchanted, committed or the one
/// casting it) of a type it changes.
pub fn candidates(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    spell: &SpellId,
    casting: Option<u8>,
) -> Vec<SpellAim> {
    let from: Vec<MagicType> = changes(spell).iter().map(|(f, _)| *f).collect();
    who::chits(cat, state, seat)
        .filter(|(i, _, st)| *st == ChitStatus::Fresh && Some(*i) != casting)
        .filter(|(i, _, _)| magic_type(cat, state, seat, *i).is_some_and(|t| from.contains(&t)))
        .map(|(chit, _, _)| SpellAim::Chit { chit })
        .collect()
}

/// The chits a spell in effect alters, with the type each has now (before it ends).
pub fn altered_by(cat: &Catalog, state: &GameState, s: &SpellInEffect) -> Vec<(u8, MagicType)> {
    if !s.has(cat, SpellEffect::AlterChits) {
        return Vec::new();
    }
    s.aims
        .iter()
        .filter_map(|a| match a {
            SpellAim::Chit { chit } => magic_type(cat, state, s.caster, *chit).map(|t| (*chit, t)),
            _ => None,
        })
        .collect()
}

/// 4.6.9c: the chits of `seat` that had the types in `before` revert: a spell one is
/// committed to (in effect, or cast this round) is broken; a colour chit fatigues.
pub fn reverted(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    before: &[(u8, MagicType)],
    events: &mut Events,
) {
    for (chit, was) in before {
        let Some(now) = magic_type(cat, state, seat, *chit) else {
            continue;
        };
        if now == *was {
            continue;
        }
        events.push(Event::public(
            "4.6.9",
            format!(
                "{}'s Magic chit {} reverts to type {now:?}.",
                who::who(cat, state, seat),
                chit + 1
            ),
            E::ChitsAltered {
                seat,
                chits: vec![(*chit, now)],
            },
        ));
        match state
            .seat(seat)
            .and_then(|s| s.chits.get(usize::from(*chit)))
        {
            Some(ChitStatus::Enchanted) => super::fatigue_chit(state, seat, *chit),
            Some(ChitStatus::Committed) => {
                if let Some(i) = state
                    .spells
                    .iter()
                    .position(|s| s.caster == seat && s.magic_chit() == Some(*chit))
                {
                    super::end_spell(cat, state, i, false, events);
                }
            }
            _ => break_cast(cat, state, seat, *chit, events),
        }
    }
}

/// A spell cast this round with the reverted chit, not yet come to life, is broken.
fn break_cast(cat: &Catalog, state: &mut GameState, seat: Seat, chit: u8, events: &mut Events) {
    let Ok(combat) = crate::magic_realm::combat::current_mut(state) else {
        return;
    };
    let Some(cast) = combat.casts.get_mut(&seat) else {
        return;
    };
    if cast.magic_chit() != Some(chit)
        || !matches!(cast.status, CastStatus::Cast | CastStatus::Aimed)
    {
        return;
    }
    let cast = cast.clone();
    let text = format!(
        "{} is broken: its Magic chit reverted.",
        super::whose(cat, state, seat, &cast.spell)
    );
    super::end_cast(
        state,
        seat,
        &cast,
        super::Ending::Broken,
        "4.6.9",
        text,
        events,
    );
}

/// 4.6.9: a spell on the caster's own Magic chits comes to life on the chits still named
/// in `cast`; with none left (`no_more`: what he lacks) it is broken. True if it works.
pub fn bewitch_chits(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    cast: &super::SpellCast,
    no_more: &str,
    events: &mut Events,
) -> bool {
    if cast.aims.is_empty() {
        let text = format!(
            "{} has no {no_more}: it is broken.",
            super::whose(cat, state, seat, &cast.spell)
        );
        super::spell_ends(
            state,
            cast.ended(seat),
            super::Ending::Broken,
            "4.6.9",
            text,
            events,
        );
        return false;
    }
    super::effects::bewitch(cat, state, seat, cast);
    true
}

/// 4.6.9c: the spell comes to life: each chit named still of a type it changes is altered.
pub fn alter(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    cast: &super::SpellCast,
    events: &mut Events,
) {
    let from: Vec<MagicType> = changes(&cast.spell).iter().map(|(f, _)| *f).collect();
    let aims: Vec<SpellAim> = cast
        .aims
        .iter()
        .filter(|a| match a {
            SpellAim::Chit { chit } => {
                state
                    .seat(seat)
                    .and_then(|s| s.chits.get(usize::from(*chit)))
                    == Some(&ChitStatus::Fresh)
                    && magic_type(cat, state, seat, *chit).is_some_and(|t| from.contains(&t))
            }
            _ => false,
        })
        .cloned()
        .collect();
    let mut cast = cast.clone();
    cast.aims = aims;
    if !bewitch_chits(cat, state, seat, &cast, "chit left to alter", events) {
        return;
    }
    let chits: Vec<(u8, MagicType)> = cast
        .aims
        .iter()
        .filter_map(|a| match a {
            SpellAim::Chit { chit } => magic_type(cat, state, seat, *chit).map(|t| (*chit, t)),
            _ => None,
        })
        .collect();
    let list: Vec<String> = chits
        .iter()
        .map(|(c, t)| format!("chit {} is now type {t:?}", c + 1))
        .collect();
    events.push(Event::public(
        "4.6.9",
        format!(
            "{}'s {}: {}.",
            who::who(cat, state, seat),
            super::spell_name(cat, &cast.spell),
            list.join(", ")
        ),
        E::ChitsAltered { seat, chits },
    ));
}
