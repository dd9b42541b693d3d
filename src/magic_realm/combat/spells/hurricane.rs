//! Hurricane Winds (List of Spells; rules 4.6.6e, 7.3.3, 8.3.8e): a Fly spell cast only
//! in a mountain clearing on one character, monster or native. It makes a Fly chit of
//! Tremendous strength and time 1 that its target must use to fly away, toward the
//! adjacent tile the spellcaster named, just before the next Encounter Step begins. A
//! red-side-up Tremendous monster that is its target, or holds its target, lets go at once
//! and turns red side down. The target takes all his belongings along, horses included.
//! A character is then between the two tiles and lands in his next turn, as after flying
//! away (8.3.8 e.2); a denizen lands at the start of the next Daylight, before the first
//! attention chit is picked, in the tile it was blown to (a die roll for the clearing, as
//! a character lands, 7.3.3).

use super::{Events, SpellAim, SpellCast, SpellEffect, SpellExpiry};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::tiles::TileId;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::{current, current_mut, hirelings, holding, CombatTarget};
use crate::magic_realm::day::flying::{self, FlySource};
use crate::magic_realm::day::{hiding, who};
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::GameState;

/// The spell comes to life: its Fly chit goes with its target until he flies; a
/// red-side-up Tremendous monster that is its target, or holds it, lets go at once.
pub fn rise(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    cast: &SpellCast,
    events: &mut Events,
) -> Result<(), RuleError> {
    super::effects::bewitch(cat, state, seat, cast);
    let Some(target) = cast.aims.first().and_then(SpellAim::individual) else {
        return Ok(());
    };
    let combat = current_mut(state)?;
    let mut released = combat.release_holders_of(&target);
    if let CombatTarget::Denizen { piece } = &target {
        if combat.release(piece) {
            released.push(piece.clone());
        }
    }
    holding::let_go(state, &released, "4.6.9", events);
    let text = target.name(cat, state);
    events.push(Event::public(
        "4.6.6",
        format!(
            "Hurricane Winds: {text} must fly away toward {:?} before the next Encounter Step.",
            cast.toward
        ),
        E::SpellWorks {
            seat,
            spell: cast.spell.clone(),
        },
    ));
    Ok(())
}

/// The Hurricane Winds spells whose Fly chit is still to be used: (caster, spell box,
/// target, tile).
fn pending(cat: &Catalog, state: &GameState) -> Vec<(Seat, u8, CombatTarget, TileId)> {
    state
        .spells
        .iter()
        .filter(|s| s.has(cat, SpellEffect::HurricaneWinds) && s.works(state))
        .filter(|s| s.until != SpellExpiry::OnLanding)
        .filter_map(|s| {
            let target = s.aims.first().and_then(SpellAim::individual)?;
            Some((s.caster, s.spell_box, target, s.toward?))
        })
        .collect()
}

/// Just before an Encounter Step: each target of Hurricane Winds in the combat's clearing
/// flies away toward its tile.
pub fn blow(cat: &Catalog, state: &mut GameState, events: &mut Events) -> Result<(), RuleError> {
    let Some(at) = current(state).map(|c| c.at) else {
        return Ok(());
    };
    for (caster, spell_box, target, to) in pending(cat, state) {
        let here = match &target {
            CombatTarget::Character { seat } => who::clearing(state, *seat) == Some(at),
            CombatTarget::Denizen { piece } => {
                state.piles.place_of(piece) == Some(&Place::Clearing { at })
            }
        };
        if !here || !state.map.adjacent_tiles(at.tile).contains(&to) {
            continue;
        }
        // 4.6.6e: the Fly chit used expires when its target lands.
        if let Some(s) =
            super::index_of(state, caster, spell_box).and_then(|i| state.spells.get_mut(i))
        {
            s.until = SpellExpiry::OnLanding;
        }
        let combat = current_mut(state)?;
        let released = combat.release_holders_of(&target);
        holding::let_go(state, &released, "8.4.7", events);
        match target {
            CombatTarget::Character { seat } => {
                let chit = FlySource::Chit { caster, spell_box };
                blow_character(cat, state, seat, (at, to), chit, events)?
            }
            CombatTarget::Denizen { piece } => blow_denizen(cat, state, &piece, at, to, events)?,
        }
    }
    Ok(())
}

/// 8.3.8 e: the character flies away with all his belongings, horses too: he takes no
/// further part in this combat and is between the two tiles until he lands.
fn blow_character(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    (at, to): (ClearingRef, TileId),
    chit: FlySource,
    events: &mut Events,
) -> Result<(), RuleError> {
    let counter =
        who::counter(state, seat).ok_or_else(|| RuleError::internal("a flier has no counter"))?;
    hiding::unhide(
        cat,
        state,
        seat,
        "7.3.3",
        "takes off and is unhidden.",
        events,
    );
    let hired = hirelings::of(cat, state, seat, at);
    let combat = current_mut(state)?;
    let left = combat.sheets.remove(&seat).unwrap_or_default();
    combat.drop_charges(|a, b| a == seat || b == seat);
    combat.targets.remove(&seat);
    if hired.is_empty() {
        combat.gone.insert(seat);
    } else {
        combat.absent.insert(seat);
    }
    combat.eventful = true;
    state
        .piles
        .move_to(&counter, Place::FlownAway { from: at.tile, to }, None);
    events.push(Event::public(
        "8.3.8",
        format!(
            "Hurricane Winds: {} flies away toward {to:?} with all his belongings.",
            who::who(cat, state, seat)
        ),
        E::FlewAway {
            seat,
            with: chit,
            from: at,
            to,
            left,
        },
    ));
    Ok(())
}

/// The denizen (with its head, club or horse) leaves the combat and is in the air toward
/// `to` until the next Daylight.
fn blow_denizen(
    cat: &Catalog,
    state: &mut GameState,
    piece: &PieceId,
    at: ClearingRef,
    to: TileId,
    events: &mut Events,
) -> Result<(), RuleError> {
    let companion = crate::magic_realm::combat::fighters::companion(cat, state, piece);
    let combat = current_mut(state)?;
    combat.unassign(piece);
    let mut released = Vec::new();
    if combat.release(piece) {
        released.push(piece.clone());
    }
    if let Some(c) = &companion {
        combat.unassign(c);
    }
    combat
        .targets
        .retain(|_, t| !matches!(t, CombatTarget::Denizen { piece: p } if p == piece));
    combat.eventful = true;
    holding::let_go(state, &released, "8.4.7", events);
    let place = Place::FlownAway { from: at.tile, to };
    state.piles.move_to(piece, place.clone(), None);
    if let Some(c) = &companion {
        state.piles.move_to(c, place, None);
    }
    events.push(Event::public(
        "8.3.8",
        format!("Hurricane Winds: {piece} flies away toward {to:?}."),
        E::DenizenBlownAway {
            piece: piece.clone(),
            from: at,
            to,
        },
    ));
    Ok(())
}

/// At the start of Daylight, before the first attention chit is picked: each denizen
/// Hurricane Winds blew away lands in the tile it flew to (one die for the clearing,
/// rolled again until a clearing matches); its spell expires.
pub fn land_denizens(
    cat: &Catalog,
    state: &mut GameState,
    events: &mut Events,
) -> Result<(), RuleError> {
    loop {
        let found = state.spells.iter().enumerate().find_map(|(i, s)| {
            if !s.has(cat, SpellEffect::HurricaneWinds) || s.until != SpellExpiry::OnLanding {
                return None;
            }
            match s.aims.first() {
                Some(SpellAim::Denizen { piece }) => match state.piles.place_of(piece) {
                    Some(Place::FlownAway { to, .. }) => Some((i, piece.clone(), *to)),
                    _ => None,
                },
                _ => None,
            }
        });
        let Some((index, piece, tile)) = found else {
            return Ok(());
        };
        let at = flying::roll_landing(
            cat,
            state,
            tile,
            "7.3.3",
            |_, hit| flying::landing_text(&piece.to_string(), "it", tile, hit),
            || E::DenizenLandingRolled {
                piece: piece.clone(),
                tile,
            },
            events,
        )?;
        let flown = state.piles.place_of(&piece).cloned();
        state.piles.move_to(&piece, Place::Clearing { at }, None);
        if let Some(c) = partner(cat, &piece)
            .filter(|c| flown.is_some() && state.piles.place_of(c) == flown.as_ref())
        {
            state.piles.move_to(&c, Place::Clearing { at }, None);
        }
        events.push(Event::public(
            "7.3.3",
            format!("{piece} lands in {}.", who::name(cat, at)),
            E::DenizenLanded {
                piece: piece.clone(),
                at,
            },
        ));
        super::end_spell(cat, state, index, true, events);
    }
}

/// The head or club of a monster, the horse of a native (that flew along with it).
fn partner(cat: &Catalog, piece: &PieceId) -> Option<PieceId> {
    match piece {
        PieceId::Monster { id, n } => crate::magic_realm::pieces::part_of(cat, id, *n),
        PieceId::Native { id } => cat
            .denizens
            .native(id)
            .and_then(|n| n.horse.clone())
            .map(|horse| PieceId::NativeHorse { id: horse }),
        _ => None,
    }
}
