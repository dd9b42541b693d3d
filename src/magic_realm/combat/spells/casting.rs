//! Casting a spell as the Encounter action (rule 8.3.9b): a Magic chit of the spell's type,
//! fast enough for the move times on his sheet (b.5), within the effort limit, supplied with
//! the spell's colour by the clearing or by one of his own colour chits (b.6, b.7); one
//! spell per round (b.2), from a spell box not tied up by a spell in effect (8.4.3). A chit
//! altered by a spell casts by its altered type (4.6.9c).

use super::{box_in_use, effect_of, CastStatus, Events, SpellCast, SpellEffect};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::characters::ChitKind;
use crate::magic_realm::catalog::magic::{ClearingRequirement, Spell};
use crate::magic_realm::catalog::tiles::ClearingKind;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::encounter::{free_chits, within_effort};
use crate::magic_realm::combat::fighters::move_times_on_sheet;
use crate::magic_realm::combat::{current_mut, Combat};
use crate::magic_realm::day::{enchanting, who};
use crate::magic_realm::state::{ChitStatus, GameState};

/// 8.3.9 b.4: a Magic chit's completion time: 0 when alerted.
pub fn completion_time(state: &GameState, seat: Seat, chit: u8, printed: u8) -> u8 {
    if state
        .seat(seat)
        .is_some_and(|s| s.alerted_chits.contains(&chit))
    {
        0
    } else {
        printed
    }
}

/// The spell's clearing requirement is met where the combat is.
pub(super) fn clearing_fits(
    cat: &Catalog,
    state: &GameState,
    combat: &Combat,
    spell: &Spell,
) -> bool {
    let kind = who::clearing_kind(cat, state, combat.at);
    // Whistle for Monsters: not in a tile of fewer than six clearings.
    if super::effect_of(spell) == Some(super::SpellEffect::WhistleForMonsters)
        && !super::whistle::six_clearings(cat, state, combat.at.tile)
    {
        return false;
    }
    match spell.clearing_requirement {
        None => true,
        Some(ClearingRequirement::Cave) => kind == Some(ClearingKind::Cave),
        Some(ClearingRequirement::Mountain) => kind == Some(ClearingKind::Mountain),
    }
}

/// His colour chits that can supply `spell`'s colour.
pub(super) fn colour_chits(cat: &Catalog, state: &GameState, seat: Seat, spell: &Spell) -> Vec<u8> {
    who::chits(cat, state, seat)
        .filter(|(_, _, st)| *st == ChitStatus::Enchanted)
        .filter(|(i, _, _)| {
            super::altering::magic_type(cat, state, seat, *i)
                .and_then(enchanting::colour_of)
                .is_some_and(|colour| spell.color.accepts(colour))
        })
        .map(|(i, _, _)| i)
        .collect()
}

/// 8.3.9b: the spells he may cast now, each with the chit and colour supply.
pub fn options(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> Vec<A> {
    let Some(sheet) = state.seat(seat) else {
        return Vec::new();
    };
    // Peace: a pacified character cannot name a target for a spell; 4.6.8e: nor can one
    // turned into mist.
    if super::character_bewitched_by(cat, state, seat, SpellEffect::Peace)
        || super::frozen(cat, state, seat)
    {
        return Vec::new();
    }
    let limit = move_times_on_sheet(cat, state, combat, seat)
        .into_iter()
        .min();
    let supplied = enchanting::colours_in(cat, state, combat.at);
    let free = free_chits(cat, state, combat, seat);
    let mut out = Vec::new();
    for (i, id) in sheet.secret.spells.iter().enumerate() {
        let Ok(spell_box) = u8::try_from(i) else {
            continue;
        };
        let Some(spell) = cat.spells.get(id) else {
            continue;
        };
        if effect_of(spell).is_none()
            || box_in_use(state, seat, spell_box)
            || !clearing_fits(cat, state, combat, spell)
        {
            continue;
        }
        for (chit, kind, time, effort) in &free {
            let ChitKind::Magic { .. } = kind else {
                continue;
            };
            let magic_type = super::altering::magic_type(cat, state, seat, *chit);
            let time = completion_time(state, seat, *chit, *time);
            // b.5: not stopped by a move time equal to its time.
            if magic_type != spell.magic_type
                || limit.is_some_and(|l| time > l)
                || !within_effort(cat, state, combat, seat, *effort)
            {
                continue;
            }
            if supplied.iter().any(|c| spell.color.accepts(*c)) {
                out.push(A::CastSpell {
                    spell_box,
                    chit: *chit,
                    colour_chit: None,
                });
            } else {
                for colour_chit in colour_chits(cat, state, seat, spell) {
                    out.push(A::CastSpell {
                        spell_box,
                        chit: *chit,
                        colour_chit: Some(colour_chit),
                    });
                }
            }
        }
    }
    out
}

/// 8.3.9b: plays the Magic chit in the spell's box; the colour chit used fatigues (4.6.3).
pub fn cast(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    spell_box: u8,
    chit: u8,
    colour_chit: Option<u8>,
    events: &mut Events,
) -> Result<(), RuleError> {
    let spell = state
        .seat(seat)
        .and_then(|s| s.secret.spells.get(usize::from(spell_box)))
        .cloned()
        .ok_or_else(|| RuleError::internal("no such spell box"))?;
    let printed = who::chits(cat, state, seat)
        .find(|(i, _, _)| *i == chit)
        .map(|(_, c, _)| c.time)
        .ok_or_else(|| RuleError::internal("no such chit"))?;
    let time = completion_time(state, seat, chit, printed);
    let name = who::who(cat, state, seat);
    let spell_name = cat
        .spells
        .get(&spell)
        .map_or_else(|| spell.0.clone(), |s| s.name.clone());
    if let Some(sheet) = state.seat_mut(seat) {
        sheet.alerted_chits.remove(&chit);
        if let Some(c) = colour_chit {
            if let Some(slot) = sheet.chits.get_mut(usize::from(c)) {
                *slot = ChitStatus::Fatigued;
            }
        }
    }
    let combat = current_mut(state)?;
    combat.used.entry(seat).or_default().insert(chit);
    combat.acted.insert(seat);
    combat.turn += 1;
    // 8.8: a spell cast is a consequence that keeps combat going.
    combat.eventful = true;
    combat.casts.insert(
        seat,
        SpellCast {
            spell_box,
            spell: spell.clone(),
            chit,
            time,
            aims: Vec::new(),
            status: CastStatus::Cast,
            item: None,
            toward: None,
        },
    );
    events.push(Event::reveal(
        "8.3.9",
        format!(
            "{name} casts {spell_name} with Magic chit {} (completion time {time}).",
            chit + 1
        ),
        E::SpellCast {
            seat,
            spell,
            chit,
            time,
        },
    ));
    Ok(())
}
