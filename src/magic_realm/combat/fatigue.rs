//! The Fatigue Step (rules 8.5, 4.2.5), disengagement (8.6) and the end of combat in a
//! clearing (8.8): each character fatigues one asterisk less than he played and wounds
//! one chit per wound, dying when every chit is wounded; then denizens disengage, and
//! combat ends after two consecutive rounds without consequence.

use super::fighters;
use super::{current, current_mut, CombatStage, Events, Owed};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::characters::ChitKind;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::who;
use crate::magic_realm::pieces::Facing;
use crate::magic_realm::state::{ChitStatus, GameState};

/// Fight asterisks: a Fight or Berserk chit's, and a Move/Fight chit's (Unleash Power: it
/// is both a Move chit and a Fight chit).
fn is_fight(kind: ChitKind) -> bool {
    matches!(
        kind,
        ChitKind::Fight { .. } | ChitKind::Berserk { .. } | ChitKind::MoveFight { .. }
    )
}

/// Move asterisks: a Move or Duck chit's, and a Move/Fight chit's.
fn is_move(kind: ChitKind) -> bool {
    matches!(
        kind,
        ChitKind::Move { .. } | ChitKind::Duck { .. } | ChitKind::MoveFight { .. }
    )
}

/// 8.5.1: the Fatigue Step begins: each character owes one asterisk less than the Fight
/// and Move asterisks he played (Magic chits pay their own way, 8.5.2).
pub fn begin(cat: &Catalog, state: &mut GameState) -> Result<(), RuleError> {
    let combat = current(state).ok_or_else(|| RuleError::internal("no combat"))?;
    let mut owed = combat.owed.clone();
    for seat in combat.paying().collect::<Vec<_>>() {
        let mut total = 0u8;
        let (mut fight, mut moves) = (false, false);
        for chit in combat.used.get(&seat).into_iter().flatten() {
            let Some((kind, _, effort)) = fighters::chit_values(cat, state, seat, *chit) else {
                continue;
            };
            if effort == 0 || !(is_fight(kind) || is_move(kind)) {
                continue;
            }
            total += effort;
            fight |= is_fight(kind);
            moves |= is_move(kind);
        }
        if total >= 2 {
            let o = owed.entry(seat).or_insert(Owed::default());
            o.fatigue = total - 1;
            o.fight = fight;
            o.moves = moves;
        }
    }
    let combat = current_mut(state)?;
    combat.owed = owed;
    combat.stage = CombatStage::Fatigue;
    Ok(())
}

/// 8.5.3, 4.2.5: the chits a wound may fall on: those in play, else colour chits, else
/// fatigued chits.
fn wound_candidates(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<u8> {
    for wanted in [
        ChitStatus::Fresh,
        ChitStatus::Enchanted,
        ChitStatus::Fatigued,
    ] {
        let found: Vec<u8> = who::chits(cat, state, seat)
            .filter(|(_, _, st)| *st == wanted)
            .map(|(i, _, _)| i)
            .collect();
        if !found.is_empty() {
            return found;
        }
    }
    Vec::new()
}

/// 8.5.1, 4.2.4a: the chits in play with asterisks of a type he played that may pay what
/// he owes. Owing one asterisk, he fatigues a one-asterisk chit or a two-asterisk chit that
/// makes change; only if he can do neither may a two-asterisk chit pay without change
/// (losing the extra asterisk). Owing two or more, any of them (4.2.4b).
fn fatigue_candidates(cat: &Catalog, state: &GameState, seat: Seat, o: &Owed) -> Vec<u8> {
    let in_play: Vec<(u8, ChitKind, u8)> = who::chits(cat, state, seat)
        .filter(|(_, c, st)| {
            *st == ChitStatus::Fresh
                && c.effort > 0
                && ((o.fight && is_fight(c.kind)) || (o.moves && is_move(c.kind)))
        })
        .map(|(i, c, _)| (i, c.kind, c.effort))
        .collect();
    if o.fatigue >= 2 {
        return in_play.into_iter().map(|(i, _, _)| i).collect();
    }
    let paying: Vec<u8> = in_play
        .iter()
        .filter(|(_, kind, effort)| *effort == 1 || change_for(cat, state, seat, *kind).is_some())
        .map(|(i, _, _)| *i)
        .collect();
    if paying.is_empty() {
        in_play.into_iter().map(|(i, _, _)| i).collect()
    } else {
        paying
    }
}

/// 4.2.4a: the fatigued one-asterisk chit of the same type (the Berserk chit counting as a
/// Fight chit, the Duck chit as a Move chit) that a two-asterisk chit brings back as change.
fn change_for(cat: &Catalog, state: &GameState, seat: Seat, kind: ChitKind) -> Option<u8> {
    who::chits(cat, state, seat)
        .find(|(_, c, st)| {
            *st == ChitStatus::Fatigued
                && c.effort == 1
                && (is_fight(c.kind) == is_fight(kind))
                && (is_move(c.kind) == is_move(kind))
        })
        .map(|(i, _, _)| i)
}

/// Whether the seat still owes fatigue or wounds it can pay.
pub fn owes(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    let Some(o) = current(state).and_then(|c| c.owed.get(&seat)) else {
        return false;
    };
    o.wounds > 0 || (o.fatigue > 0 && !fatigue_candidates(cat, state, seat, o).is_empty())
}

pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    let Some(o) = current(state).and_then(|c| c.owed.get(&seat)).copied() else {
        return Vec::new();
    };
    if o.wounds > 0 {
        return wound_candidates(cat, state, seat)
            .into_iter()
            .map(|chit| A::WoundChit { chit })
            .collect();
    }
    if o.fatigue > 0 {
        return fatigue_candidates(cat, state, seat, &o)
            .into_iter()
            .map(|chit| A::FatigueChit { chit })
            .collect();
    }
    Vec::new()
}

/// 4.2.5b: every chit wounded: the character is dead.
fn all_wounded(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    who::chits(cat, state, seat).all(|(_, _, st)| st == ChitStatus::Wounded)
}

pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
) -> Result<Events, RuleError> {
    let mut events = Vec::new();
    let name = who::who(cat, state, seat);
    match action {
        A::WoundChit { chit } => {
            who::set_chit(state, seat, *chit, ChitStatus::Wounded);
            let combat = current_mut(state)?;
            combat.eventful = true;
            if let Some(o) = combat.owed.get_mut(&seat) {
                o.wounds = o.wounds.saturating_sub(1);
            }
            events.push(Event::public(
                "8.5.3",
                format!("{name} wounds an action chit."),
                E::ChitWounded { seat, chit: *chit },
            ));
            if all_wounded(cat, state, seat) {
                events.push(Event::public(
                    "4.2.5",
                    format!("{name} has every chit wounded: he dies."),
                    E::DiedOfWounds { seat },
                ));
                super::spoils::character_killed(cat, state, seat, None, &[], &mut events)?;
            }
        }
        A::FatigueChit { chit } => {
            let (kind, _, effort) = fighters::chit_values(cat, state, seat, *chit)
                .ok_or_else(|| RuleError::internal("no such chit"))?;
            who::set_chit(state, seat, *chit, ChitStatus::Fatigued);
            let combat = current_mut(state)?;
            combat.eventful = true;
            let owed = combat.owed.get(&seat).map_or(0, |o| o.fatigue);
            if let Some(o) = combat.owed.get_mut(&seat) {
                o.fatigue = o.fatigue.saturating_sub(effort);
            }
            events.push(Event::public(
                "8.5.1",
                format!("{name} fatigues an action chit."),
                E::ChitFatigued { seat, chit: *chit },
            ));
            // 8.5.1, 4.2.5: a double asterisk paying one brings back a single-asterisk chit
            // of the same type ("making change").
            if effort > owed {
                let change = change_for(cat, state, seat, kind);
                if let Some(back) = change {
                    who::set_chit(state, seat, back, ChitStatus::Fresh);
                    events.push(Event::public(
                        "4.2.5",
                        format!("{name} makes change: a one-asterisk chit comes back into play."),
                        E::ChitRefreshed { seat, chit: back },
                    ));
                }
            }
        }
        other => {
            return Err(RuleError::internal(format!(
                "{other:?} is not a Fatigue Step action"
            )))
        }
    }
    Ok(events)
}

/// Runs the Fatigue Step on; when nobody owes anything, the round ends (8.6, 8.8).
pub fn progress(
    cat: &Catalog,
    state: &mut GameState,
    events: &mut Events,
) -> Result<bool, RuleError> {
    let Some(combat) = current(state) else {
        return Ok(true);
    };
    let seats: Vec<Seat> = combat.paying().collect();
    for seat in &seats {
        let o = current(state)
            .and_then(|c| c.owed.get(seat))
            .copied()
            .unwrap_or_default();
        if o.wounds > 0 && wound_candidates(cat, state, *seat).is_empty() {
            super::spoils::character_killed(cat, state, *seat, None, &[], events)?;
        }
    }
    if seats.iter().any(|s| owes(cat, state, *s)) {
        return Ok(false);
    }
    end_of_round(cat, state, events)?;
    Ok(true)
}

/// 8.6, 8.8: disengagement, and whether another round follows.
fn end_of_round(
    cat: &Catalog,
    state: &mut GameState,
    events: &mut Events,
) -> Result<(), RuleError> {
    // 4.6.6f: the Phase spells activated this round expire.
    super::spells::protection::phase_ends(cat, state, events);
    // World Fades: its unhidden target with an empty Melee Section rolls to hide.
    super::spells::fades::end_of_round(cat, state, events)?;
    // 8.8: a character away from the clearing whose hirelings there are all gone takes no
    // further part.
    let away: Vec<Seat> = current(state)
        .map(|c| c.absent.iter().copied().collect())
        .unwrap_or_default();
    for seat in away {
        let at = current_mut(state)?.at;
        if super::hirelings::of(cat, state, seat, at).is_empty() {
            current_mut(state)?.gone.insert(seat);
        }
    }
    // 8.4.7: the holds of transmorphized characters killed (or whose targets were) end.
    super::holding::release_character_holds(cat, state, events)?;
    let combat = current_mut(state)?;
    let gone: Vec<Seat> = combat.gone.iter().copied().collect();
    for seat in &gone {
        combat.sheets.remove(seat);
    }
    // 8.4.7: combat cannot end while a Tremendous monster (or a character transmorphized
    // into one) is red side up.
    let consequence = combat.eventful
        || !combat.holding.is_empty()
        || !combat.holding_denizens.is_empty()
        || !combat.character_holds.is_empty();
    combat.quiet = if consequence {
        0
    } else {
        combat.quiet.saturating_add(1)
    };
    // 8.8: combat ends at once when no character, hired native or controlled monster is
    // left in the clearing.
    let over = combat.quiet >= 2 || combat.wished_peace || combat.directing().next().is_none();
    if over {
        super::trading::begin(cat, state, events)
    } else {
        super::round::start_round(cat, state, events)
    }
}

/// 8.8: combat in the clearing ends; unhired denizens turn light side up.
pub fn end_combat(
    cat: &Catalog,
    state: &mut GameState,
    events: &mut Events,
) -> Result<(), RuleError> {
    let Some(combat) = state.today.evening.combat.take() else {
        return Ok(());
    };
    // Hirelings are unhidden in combat (see `hirelings`): they turn light side up too.
    let hired = super::hirelings::in_combat(cat, state, &combat);
    for piece in fighters::denizens_in(cat, state, combat.at)
        .into_iter()
        .chain(hired)
    {
        if let Some(c) = fighters::companion(cat, state, &piece) {
            state.piles.set_facing(&c, Facing::Light);
        }
        state.piles.set_facing(&piece, Facing::Light);
    }
    let seats: Vec<_> = combat.order.clone();
    super::spells::transform::combat_ends(cat, state, &seats);
    events.push(Event::public(
        "8.8",
        format!(
            "Combat in {} ends after {} round(s).",
            who::name(cat, combat.at),
            combat.round
        ),
        E::CombatEnds {
            at: combat.at,
            rounds: combat.round,
        },
    ));
    Ok(())
}
