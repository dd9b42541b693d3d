//! Prophecy (List of Spells; II/Purple, Day, one character): its target records no turn
//! in Birdsong (6.2.3); in Daylight he chooses each phase's activity as he does it, with
//! the same number and kinds of phases he could have recorded (6.2.2, 6.2.4), counting
//! the extra and enhanced activities of the belongings active when he chooses; only one
//! horse a day gives him extra phases. If the spell is broken before he finishes his turn,
//! he is blocked at once (7.12). His hired leaders still do the turns recorded for them.

use super::birdsong::{self, Source};
use super::{belongings, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::spells::{self, SpellAim, SpellEffect, SpellInEffect};
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::{Activity, GameState, Step, TreasurePhase};

type Events = Vec<Event<E>>;

/// Whether a working Prophecy bewitches `seat` now.
pub fn prophet(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    spells::character_bewitched_by(cat, state, seat, SpellEffect::Prophecy)
}

/// Whether `seat` takes his turn unrecorded, phase by phase: a working Prophecy bewitches
/// him, or he has an active card whose data say so (the Timeless Jewel, "Don't write
/// move"; the rulebook's beginners play "as if he had the Timeless Jewel").
pub fn unrecorded(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    prophet(cat, state, seat)
        || belongings::active(state, seat).iter().any(|p| match p {
            PieceId::Treasure { id } => cat.items.treasure(id).is_some_and(|t| t.unrecorded_turn),
            _ => false,
        })
}

/// At the end of Birdsong: the characters a Prophecy bewitches (or the Timeless Jewel
/// frees) take today's turn phase by phase.
pub fn seal(cat: &Catalog, state: &mut GameState) {
    let prophets = state
        .all_seats()
        .filter(|s| unrecorded(cat, state, *s))
        .collect();
    state.today.prophets = prophets;
}

/// Whether `seat`, taking his turn by Prophecy, is between phases: his next activity is
/// not chosen yet and he has not ended his turn.
pub fn between_phases(state: &GameState, seat: Seat) -> bool {
    state.today.prophets.contains(&seat)
        && !state.today.prophecy_ended.contains(&seat)
        && super::daylight::turn_of(state) == Some(seat)
        && super::daylight::activity(state, seat).is_none()
}

/// The activities he may do in his next phase: those he could record next after the
/// phases done today, from where he is now (6.2.7: Follow is a whole turn's recording,
/// so not this).
fn choices(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<Activity> {
    let done = state
        .seat(seat)
        .map(|s| s.record.activities.clone())
        .unwrap_or_default();
    birdsong::next_activities(cat, state, seat, &[], &done, false)
        .activities
        .into_iter()
        .filter(|a| !matches!(a, Activity::Follow { .. } | Activity::FollowLeader { .. }))
        .collect()
}

/// Whether Daylight waits for him to choose his next phase (he has a phase left to do).
pub fn choosing(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    between_phases(state, seat)
        && !state.today.blocked.contains(&seat)
        && !choices(cat, state, seat).is_empty()
}

/// Between phases: rearranging his belongings (7.2.2), then choosing the activity, or
/// ending his turn with the phases left blank.
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    if !choosing(cat, state, seat) {
        return Vec::new();
    }
    let mut out = belongings::options(cat, state, seat);
    out.extend(
        choices(cat, state, seat)
            .into_iter()
            .map(|activity| A::ChooseActivity { activity }),
    );
    out.push(A::EndProphecyTurn);
    out
}

/// Applies `ChooseActivity` (the activity becomes his next phase, with what entitles it
/// noted as at Birdsong, 6.2.4) or `EndProphecyTurn`.
pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
    events: &mut Events,
) -> Result<(), RuleError> {
    if !options(cat, state, seat).contains(action) {
        return Err(RuleError::illegal("not an activity he can choose now"));
    }
    let name = who::who(cat, state, seat);
    let activity = match action {
        A::ChooseActivity { activity } => activity.clone(),
        _ => {
            state.today.prophecy_ended.insert(seat);
            events.push(Event::public(
                "6.2.3",
                format!("{name} does no more phases today (Prophecy)."),
                E::ProphecyTurnEnded { seat },
            ));
            return Ok(());
        }
    };
    let ent = birdsong::entitlement(cat, state, seat);
    let mut record = state
        .seat(seat)
        .map(|s| s.record.activities.clone())
        .unwrap_or_default();
    record.push(activity.clone());
    let phase = record.len() - 1;
    let sources = birdsong::assign(cat, state, &ent, &record)
        .ok_or_else(|| RuleError::internal("a chosen activity does not fit his phases"))?;
    let source = sources.get(phase).copied();
    let horse = active_horse(state, seat);
    let card = match source {
        Some(Source::Treasure(c)) => ent.cards.get(c).map(|c| c.item.clone()),
        _ => None,
    };
    let sheet = state
        .seat_mut(seat)
        .ok_or_else(|| RuleError::internal("no such seat"))?;
    sheet.record.activities = record;
    match source {
        Some(Source::Horse) => sheet.record.horse_phases.push(phase),
        Some(Source::Dwelling) => sheet.record.dwelling_phase = Some(phase),
        Some(Source::Lit) => sheet.record.lit_phase = Some(phase),
        _ => {}
    }
    if let Some(item) = card {
        sheet
            .record
            .treasure_phases
            .push(TreasurePhase { phase, item });
    }
    // Only one horse a day gives him extra phases.
    if let (Some(Source::Horse), Some(horse)) = (source, horse) {
        state.today.prophecy_horses.entry(seat).or_insert(horse);
    }
    events.push(Event::public(
        "6.2.3",
        format!(
            "Phase {}: {name} chooses to {} (Prophecy).",
            phase + 1,
            birdsong::describe(&activity)
        ),
        E::ActivityChosen { seat, activity },
    ));
    Ok(())
}

/// His active horse's counter, if any.
fn active_horse(state: &GameState, seat: Seat) -> Option<PieceId> {
    belongings::active(state, seat)
        .into_iter()
        .find(|p| matches!(p, PieceId::Horse { .. }))
}

/// Whether a horse's extra phases are barred to him today: under Prophecy another horse
/// has already given him one.
pub fn other_horse(state: &GameState, seat: Seat) -> bool {
    state
        .today
        .prophecy_horses
        .get(&seat)
        .is_some_and(|h| active_horse(state, seat).as_ref() != Some(h))
}

/// The Prophecy `s` is broken during Daylight before its target has finished his turn: he
/// is blocked at once (his turn ends, or is lost).
pub fn released(cat: &Catalog, state: &mut GameState, s: &SpellInEffect, events: &mut Events) {
    if !s.has(cat, SpellEffect::Prophecy) || !matches!(state.step, Step::Daylight { .. }) {
        return;
    }
    for aim in &s.aims {
        let SpellAim::Character { seat } = aim else {
            continue;
        };
        if !state.today.prophets.contains(seat)
            || unrecorded(cat, state, *seat)
            || finished(state, *seat)
            || !state.today.blocked.insert(*seat)
        {
            continue;
        }
        events.push(Event::public(
            "7.12",
            format!(
                "{}'s Prophecy is broken before he finishes his turn: he is blocked.",
                who::who(cat, state, *seat)
            ),
            E::ProphecyBroken { seat: *seat },
        ));
    }
}

/// Whether his turn today is over.
fn finished(state: &GameState, seat: Seat) -> bool {
    let mine = crate::magic_realm::state::Turner::Character(seat);
    match state.today.order.iter().position(|t| *t == mine) {
        Some(p) => p < state.today.turn,
        // Not picked yet: his chit is still to come (or kept out by a Premonition).
        None => false,
    }
}
