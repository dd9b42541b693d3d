//! Permanent spells (rules 4.6.6h, 8.3.9a, 8.9): a Permanent spell never expires; it is
//! energized when cast and stays energized until Midnight, when it falls inert (it stays
//! in effect, its chit committed, but has no effect) unless a continuous source of colour
//! (an enchanted tile, an Enchanted card) supplies its target with a colour it needs. It
//! is energized again at once whenever its target is supplied with that colour by the
//! tile, an Enchanted card or the seventh day of the week; and, on his turn in the
//! Encounter Step, any character may energize one whose target is in his clearing by
//! playing one of his colour chits of that colour (the chit fatigues). Playing colour
//! chits is not his action and is not limited by what is on his sheet.

use super::{spell_name, Events, SpellAim, SpellEffect, SpellInEffect};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::common::MagicColor;
use crate::magic_realm::catalog::magic::SpellDuration;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::{current_mut, Combat};
use crate::magic_realm::day::{enchanting, flying, who};
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::Place;
use crate::magic_realm::state::{ChitStatus, GameState};
use std::collections::BTreeSet;

/// Whether the spell in effect is a Permanent spell.
pub fn is_permanent(cat: &Catalog, s: &SpellInEffect) -> bool {
    cat.spells
        .get(&s.spell)
        .is_some_and(|x| x.duration == SpellDuration::Permanent)
}

/// Absorb Essence 1: the spellcaster and the monster he absorbed are one entity even while
/// the spell is inert, so the monster in the spell's box is reached through the character
/// who is it (its spellcaster, or the item's holder: [`super::transform::holder`]): magic
/// supplied to him energizes the spell. Any other aim is itself.
fn through_absorber(
    cat: &Catalog,
    state: &GameState,
    s: &SpellInEffect,
    aim: &SpellAim,
) -> SpellAim {
    if let SpellAim::Denizen { piece } = aim {
        if s.has(cat, super::SpellEffect::AbsorbEssence)
            && state.piles.place_of(piece) == Some(&Place::Aside)
        {
            if let Some(seat) = super::transform::holder(state, s) {
                return SpellAim::Character { seat };
            }
        }
    }
    aim.clone()
}

/// The clearing a spell's target is in, if it is a character or a counter on the map.
fn aim_clearing(state: &GameState, aim: &SpellAim) -> Option<ClearingRef> {
    match aim {
        SpellAim::Character { seat } => who::clearing(state, *seat),
        SpellAim::Denizen { piece } | SpellAim::Weapon { piece } => {
            match state.piles.place_of(piece)? {
                Place::Clearing { at } => Some(*at),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The colour magic supplied to a spell's target: in its clearing, or (4.6.1d) to a
/// character between clearings by both clearings' tiles; to a tile (Illusion), by its
/// enchanted side; only what the place supplies when `lasting` (not the seventh day's).
fn supplied_to(
    cat: &Catalog,
    state: &GameState,
    s: &SpellInEffect,
    aim: &SpellAim,
    lasting: bool,
) -> BTreeSet<MagicColor> {
    if let (SpellAim::Tile, Some(at)) = (aim, s.at) {
        let mut out: BTreeSet<MagicColor> = state
            .map
            .clearings(&cat.tiles)
            .into_iter()
            .filter(|c| c.tile == at.tile)
            .flat_map(|c| enchanting::tile_colours_in(cat, state, c))
            .collect();
        if !lasting {
            out.extend(enchanting::seventh_day(cat, state));
        }
        return out;
    }
    if let SpellAim::Character { seat } = through_absorber(cat, state, s, aim) {
        return enchanting::colours_for(cat, state, seat, lasting);
    }
    // 4.6.6h, Absorb Essence 4 (ruling): an item's spell whose item lies on the map held
    // by no character takes the colour of the item's clearing.
    let at = aim_clearing(state, aim).or_else(|| super::item_monster::energized_at(cat, state, s));
    match at {
        Some(at) if lasting => enchanting::lasting_colours_in(cat, state, at),
        Some(at) => enchanting::colours_in(cat, state, at),
        None => BTreeSet::new(),
    }
}

/// Whether magic of one of `colours` energizes the spell (the colour needed to cast it).
fn fed_by(cat: &Catalog, s: &SpellInEffect, colours: &BTreeSet<MagicColor>) -> bool {
    cat.spells
        .get(&s.spell)
        .is_some_and(|spell| colours.iter().any(|c| spell.color.accepts(*c)))
}

/// The colour of `seat`'s colour chit `chit` (its type's colour, 4.6.3; 4.6.9c).
fn chit_colour(cat: &Catalog, state: &GameState, seat: Seat, chit: u8) -> Option<MagicColor> {
    super::altering::magic_type(cat, state, seat, chit).and_then(enchanting::colour_of)
}

/// 8.3.9a.1: the inert Permanent spells `seat` may energize now, each with each of his
/// colour chits of a colour it needs (an energized spell gains nothing from another chit);
/// 8.3.9 a.3: or any colour chit played for nothing.
pub fn options(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> Vec<A> {
    let colour_chits: Vec<(u8, MagicColor)> = who::chits(cat, state, seat)
        .filter(|(_, _, st)| *st == ChitStatus::Enchanted)
        .filter_map(|(i, _, _)| chit_colour(cat, state, seat, i).map(|c| (i, c)))
        .collect();
    let mut out = Vec::new();
    for s in &state.spells {
        if !s.inert
            || !is_permanent(cat, s)
            || !s.aims.iter().any(|a| {
                super::places::target_in(state, s, combat.at, &through_absorber(cat, state, s, a))
            })
        {
            continue;
        }
        for (chit, colour) in &colour_chits {
            if fed_by(cat, s, &BTreeSet::from([*colour])) {
                out.push(A::EnergizeSpell {
                    caster: s.caster,
                    spell_box: s.spell_box,
                    colour_chit: *chit,
                });
            }
        }
    }
    // 8.3.9 a.3: or he plays a colour chit for nothing.
    out.extend(
        colour_chits
            .iter()
            .map(|(chit, _)| A::PlayColourChit { colour_chit: *chit }),
    );
    out
}

/// 7.2.3: at the start of a phase of his turn (not on a roadway, nor in the air, 7.2.3f),
/// the character may play a colour chit to energize an inert Permanent spell whose target
/// is in his clearing, or the Permanent spell of his Treasure card (the Flying Carpet) for
/// the rest of the day, or (7.2.3e) for nothing.
pub fn day_options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    let Some(at) = who::clearing(state, seat) else {
        return Vec::new();
    };
    let colour_chits: Vec<(u8, MagicColor)> = who::chits(cat, state, seat)
        .filter(|(_, _, st)| *st == ChitStatus::Enchanted)
        .filter_map(|(i, _, _)| chit_colour(cat, state, seat, i).map(|c| (i, c)))
        .collect();
    let mut out = Vec::new();
    for s in state
        .spells
        .iter()
        .filter(|s| s.inert && is_permanent(cat, s))
    {
        if !s
            .aims
            .iter()
            .any(|a| super::places::target_in(state, s, at, &through_absorber(cat, state, s, a)))
        {
            continue;
        }
        for (chit, colour) in &colour_chits {
            if fed_by(cat, s, &BTreeSet::from([*colour])) {
                out.push(A::EnergizeSpell {
                    caster: s.caster,
                    spell_box: s.spell_box,
                    colour_chit: *chit,
                });
            }
        }
    }
    for item in flying::flying_items(cat, state, seat) {
        if flying::energized(cat, state, seat, &item) {
            continue;
        }
        let Some(spell) = flying::item_spell(cat, &item) else {
            continue;
        };
        for (chit, colour) in &colour_chits {
            if spell.color.accepts(*colour) {
                out.push(A::EnergizeItem {
                    item: item.clone(),
                    colour_chit: *chit,
                });
            }
        }
    }
    // 7.2.3e: or he plays a colour chit for nothing.
    out.extend(
        colour_chits
            .iter()
            .map(|(chit, _)| A::PlayColourChit { colour_chit: *chit }),
    );
    out
}

/// 7.2.3e (at the start of a phase), 8.3.9 a.3 (in the Encounter Step, not his action):
/// `seat` plays his colour chit without energizing anything: it reverts to a magic chit
/// and fatigues.
pub fn play_for_nothing(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    colour_chit: u8,
    events: &mut Events,
) -> Result<(), RuleError> {
    let colour = chit_colour(cat, state, seat, colour_chit)
        .ok_or_else(|| RuleError::internal("not a colour chit"))?;
    super::fatigue_chit(state, seat, colour_chit);
    // 8.8: in combat, a fatigued chit is an eventful consequence.
    let rule = match current_mut(state) {
        Ok(combat) => {
            combat.eventful = true;
            "8.3.9"
        }
        Err(_) => "7.2.3",
    };
    events.push(Event::public(
        rule,
        format!(
            "{} plays a {colour:?} colour chit for nothing: it fatigues.",
            who::who(cat, state, seat)
        ),
        E::ColourChitUsed {
            seat,
            chit: colour_chit,
            colour,
        },
    ));
    Ok(())
}

/// 7.2.3, 4.4.8: `seat` plays his colour chit to energize his Treasure card's Permanent
/// spell: it stays energized until Midnight, however often he lands; the chit fatigues.
pub fn energize_item(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    item: &crate::magic_realm::catalog::items::TreasureId,
    colour_chit: u8,
    events: &mut Events,
) -> Result<(), RuleError> {
    let colour = chit_colour(cat, state, seat, colour_chit)
        .ok_or_else(|| RuleError::internal("not a colour chit"))?;
    super::fatigue_chit(state, seat, colour_chit);
    state.today.energized_items.insert(item.clone());
    let name = cat
        .items
        .treasure(item)
        .map_or_else(|| item.0.clone(), |t| t.name.clone());
    events.push(Event::public(
        "7.2.3",
        format!(
            "{} plays a {colour:?} colour chit to energize the {name} for the day: it fatigues.",
            who::who(cat, state, seat)
        ),
        E::ItemEnergized {
            seat,
            item: item.clone(),
            chit: colour_chit,
            colour,
        },
    ));
    Ok(())
}

/// 8.3.9a: `seat` plays his colour chit to energize the spell `caster` cast from
/// `spell_box`; the chit fatigues (an eventful consequence, 8.8).
pub fn energize_with_chit(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    caster: Seat,
    spell_box: u8,
    colour_chit: u8,
    events: &mut Events,
) -> Result<(), RuleError> {
    let index = super::index_of(state, caster, spell_box)
        .ok_or_else(|| RuleError::internal("no such spell in effect"))?;
    let colour = chit_colour(cat, state, seat, colour_chit)
        .ok_or_else(|| RuleError::internal("not a colour chit"))?;
    super::fatigue_chit(state, seat, colour_chit);
    events.push(Event::public(
        "8.3.9",
        format!(
            "{} plays a {colour:?} colour chit: it fatigues.",
            who::who(cat, state, seat)
        ),
        E::ColourChitUsed {
            seat,
            chit: colour_chit,
            colour,
        },
    ));
    // 8.8: in combat, an eventful consequence.
    if let Ok(combat) = current_mut(state) {
        combat.eventful = true;
    }
    energize(cat, state, index, Some(seat), events)
}

/// 4.6.6h: the spell in effect at `index` is energized, by `by`'s colour chit or (none)
/// by the colour magic supplied to its target; an energized Melt into Mist takes its
/// target out of the fighting at once (4.6.9a).
fn energize(
    cat: &Catalog,
    state: &mut GameState,
    index: usize,
    by: Option<Seat>,
    events: &mut Events,
) -> Result<(), RuleError> {
    let Some(s) = state.spells.get_mut(index) else {
        return Ok(());
    };
    s.inert = false;
    let s = s.clone();
    let how = match by {
        Some(other) => format!("by {}'s colour chit", who::who(cat, state, other)),
        None => "by the colour magic supplied to its target".to_string(),
    };
    events.push(Event::public(
        "4.6.6",
        format!(
            "{}'s {} is energized {how}.",
            who::who(cat, state, s.caster),
            spell_name(cat, &s.spell)
        ),
        E::SpellEnergized {
            seat: s.caster,
            spell: s.spell.clone(),
            by,
        },
    ));
    if s.has(cat, SpellEffect::MeltIntoMist) {
        for target in s.aims.iter().filter_map(SpellAim::individual) {
            super::mist::vanish(cat, state, &target, events)?;
        }
    }
    Ok(())
}

/// 4.6.6h: every inert Permanent spell whose target is supplied with a colour it needs (by
/// the tile, an Enchanted card or the seventh day) is energized at once.
pub fn supply(cat: &Catalog, state: &mut GameState, events: &mut Events) -> Result<(), RuleError> {
    if state.spells.iter().all(|s| !s.inert) {
        return Ok(());
    }
    let fed: Vec<(Seat, u8)> = state
        .spells
        .iter()
        .filter(|s| s.inert && is_permanent(cat, s))
        .filter(|s| {
            s.aims
                .iter()
                .any(|a| fed_by(cat, s, &supplied_to(cat, state, s, a, false)))
        })
        .map(|s| (s.caster, s.spell_box))
        .collect();
    for (caster, spell_box) in fed {
        if let Some(i) = super::index_of(state, caster, spell_box) {
            energize(cat, state, i, None, events)?;
        }
    }
    Ok(())
}

/// 8.9: at Midnight every energized Permanent spell falls inert, unless its target is
/// supplied with a colour it needs by its place (the seventh day's colour ends with the
/// day).
pub fn midnight(cat: &Catalog, state: &mut GameState, events: &mut Events) {
    let falling: Vec<usize> = state
        .spells
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.inert && is_permanent(cat, s))
        .filter(|(_, s)| {
            !s.aims
                .iter()
                .any(|a| fed_by(cat, s, &supplied_to(cat, state, s, a, true)))
        })
        .map(|(i, _)| i)
        .collect();
    for i in falling {
        let Some(s) = state.spells.get_mut(i) else {
            continue;
        };
        s.inert = true;
        let (caster, spell) = (s.caster, s.spell.clone());
        events.push(Event::public(
            "8.9",
            format!(
                "Midnight: {}'s {} falls inert.",
                who::who(cat, state, caster),
                spell_name(cat, &spell)
            ),
            E::SpellInert {
                seat: caster,
                spell,
            },
        ));
    }
}
