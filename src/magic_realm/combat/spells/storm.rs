//! Violent Storm (List of Spells; Day, the spellcaster's tile): when it comes to life the
//! spellcaster rolls on the Violent Storm Table; the result is the number of phases each
//! character must cancel when he ends a phase in a woods or mountain clearing of that tile
//! that holds no Inn, House, Chapel or Guardhouse (campfires are no shelter). He pays once
//! a turn, choosing which of his remaining activities to cancel; losses beyond what
//! remains of his turn are ignored. Nobody is struck between clearings, in a cave or a
//! Dwelling's clearing.

use super::{Events, SpellCast, SpellEffect};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::chits::DwellingId;
use crate::magic_realm::catalog::tables::TableId;
use crate::magic_realm::catalog::tiles::ClearingKind;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::rolls::{mods, RollFor};
use crate::magic_realm::day::who;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::{GameState, Pending};

/// The spell comes to life: it bewitches the tile, and its caster rolls on the Violent
/// Storm Table for the phases it takes.
pub fn brew(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    cast: &SpellCast,
    events: &mut Events,
) -> Result<(), RuleError> {
    super::effects::bewitch(cat, state, seat, cast);
    // The Magic Wand: he sets the red die first.
    let roll = super::choices::RedDieRoll::Storm {
        spell_box: cast.spell_box,
    };
    if super::choices::red_die_first(cat, state, seat, TableId::ViolentStorm, roll)? {
        return Ok(());
    }
    roll_storm(cat, state, seat, cast.spell_box, None, events)
}

/// The caster's roll on the Violent Storm Table for the storm he cast from `spell_box`,
/// the red die set to `red` (the Magic Wand).
pub fn roll_storm(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    spell_box: u8,
    red: Option<u8>,
    events: &mut Events,
) -> Result<(), RuleError> {
    let m = mods(cat, state, seat, RollFor::Table(TableId::ViolentStorm));
    let roll = crate::magic_realm::day::rolls::roll_with_red(state, "violent_storm", m, red);
    let n = m.result(&roll);
    let phases_lost = cat
        .tables
        .violent_storm(n)
        .map(|r| r.phases_lost)
        .ok_or_else(|| RuleError::internal("the Violent Storm Table has no such row"))?;
    let index = super::index_of(state, seat, spell_box)
        .ok_or_else(|| RuleError::internal("the Violent Storm is not in effect"))?;
    if let Some(s) = state.spells.get_mut(index) {
        s.value = Some(phases_lost);
    }
    events.push(Event::roll(
        "8.4.4",
        &roll,
        format!(
            "{}'s Violent Storm breaks over the tile: {phases_lost} phase(s) lost by whoever ends a phase in its woods and mountain clearings",
            who::who(cat, state, seat)
        ),
        E::StormBrews { seat, phases_lost },
    ));
    Ok(())
}

/// Whether the storm strikes in clearing `at`: a woods or mountain clearing without an
/// Inn, House, Chapel or Guardhouse.
fn exposed(cat: &Catalog, state: &GameState, at: ClearingRef) -> bool {
    let open = matches!(
        who::clearing_kind(cat, state, at),
        Some(ClearingKind::Woods | ClearingKind::Mountain)
    );
    let sheltered = state
        .piles
        .pile(&Place::Clearing { at })
        .iter()
        .any(|c| match c.piece {
            PieceId::Dwelling { id } => {
                !matches!(id, DwellingId::SmallCampfire | DwellingId::LargeCampfire)
            }
            _ => false,
        });
    open && !sheltered
}

/// The phases a working storm takes from whoever ends a phase in `at`, if it strikes there.
fn storm_at(cat: &Catalog, state: &GameState, at: ClearingRef) -> Option<u8> {
    let s = super::places::on_tile(cat, state, at.tile, SpellEffect::ViolentStorm)?;
    exposed(cat, state, at).then_some(s.value.unwrap_or(0))
}

/// At the end of a phase of his turn, a character in a stormy clearing who has not paid
/// this turn loses phases: all that remain when there are no more than the storm takes,
/// else those he chooses (a pending decision).
pub fn phase_ended(cat: &Catalog, state: &mut GameState, seat: Seat, events: &mut Events) {
    if state.today.storm_losses.contains_key(&seat)
        || state.today.blocked.contains(&seat)
        || super::mist::misted_seat(cat, state, seat)
    {
        return;
    }
    let Some(at) = who::clearing(state, seat) else {
        return;
    };
    let Some(lost) = storm_at(cat, state, at) else {
        return;
    };
    let remaining = remaining(state, seat);
    if remaining.is_empty() {
        return;
    }
    let name = who::who(cat, state, seat);
    events.push(Event::public(
        "8.4.4",
        format!(
            "The Violent Storm strikes {name} in {}: he loses {lost} phase(s) of his turn.",
            who::name(cat, at)
        ),
        E::StormStrikes {
            seat,
            phases_lost: lost,
        },
    ));
    if remaining.len() <= usize::from(lost) {
        state
            .today
            .storm_losses
            .insert(seat, remaining.into_iter().collect());
    } else {
        state.today.storm_losses.insert(seat, Default::default());
        state.today.pending = Some(Pending::StormLosses { seat, left: lost });
    }
}

/// The phases (from 0) still to come in the seat's turn, not already lost.
fn remaining(state: &GameState, seat: Seat) -> Vec<usize> {
    let len = state.seat(seat).map_or(0, |s| s.record.activities.len());
    let lost = state.today.storm_losses.get(&seat);
    (state.today.phase..len)
        .filter(|p| !lost.is_some_and(|l| l.contains(p)))
        .collect()
}

/// The phases he may give up to the storm now.
pub fn options(state: &GameState, seat: Seat) -> Vec<A> {
    match state.today.pending {
        Some(Pending::StormLosses { seat: s, .. }) if s == seat => remaining(state, seat)
            .into_iter()
            .filter_map(|p| u8::try_from(p).ok())
            .map(|phase| A::LoseToStorm { phase })
            .collect(),
        _ => Vec::new(),
    }
}

/// He gives up `phase` to the storm (its activity will be cancelled).
pub fn lose(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    phase: u8,
    events: &mut Events,
) -> Result<(), RuleError> {
    let Some(Pending::StormLosses { seat: s, left }) = state.today.pending.clone() else {
        return Err(RuleError::illegal("no storm losses to choose"));
    };
    let index = usize::from(phase);
    if s != seat || !remaining(state, seat).contains(&index) {
        return Err(RuleError::illegal("not a phase he can give up"));
    }
    state
        .today
        .storm_losses
        .entry(seat)
        .or_default()
        .insert(index);
    let left = left.saturating_sub(1);
    state.today.pending = (left > 0).then_some(Pending::StormLosses { seat, left });
    events.push(Event::private(
        "8.4.4",
        seat,
        format!(
            "{} gives up phase {} to the storm.",
            who::who(cat, state, seat),
            index + 1
        ),
        E::PhaseLostToStorm { seat, phase },
    ));
    Ok(())
}

/// Whether the phase he is about to do was lost to the storm.
pub fn lost_now(state: &GameState, seat: Seat) -> bool {
    state
        .today
        .storm_losses
        .get(&seat)
        .is_some_and(|l| l.contains(&state.today.phase))
}
