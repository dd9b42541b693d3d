//! The Power of the Pit (rules 4.6.7b, 8.4.7; Power of the Pit Table): the spell of that
//! name, and the attack of a Demon or Winged Demon light side up. One roll (two dice, the
//! higher, with the roller's die-roll modifications, 4.1.2) picks one result; the
//! spellcaster rolls for his spell (the card: "The spellcaster rolls"), the target of a
//! Demon's attack for himself, the looter of the Toadstool Circle for himself: a fiery chasm kills every unhidden character,
//! monster and native in the clearing; the target is carried away (killed); terror wounds
//! every character's Light and Medium Move and Fight chits and kills the Light and Medium
//! monsters, natives and horses there; blight wounds the target's active asterisk chits;
//! forget fatigues his active Magic chits; rust damages his active armor counters (damaged
//! ones are destroyed).
//!
//! Kills made by the spell are its caster's (8.7), counted from the most valuable victim
//! down; kills made by a Demon are nobody's.

use super::Events;
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::characters::ChitKind;
use crate::magic_realm::catalog::common::Size;
use crate::magic_realm::catalog::tables::PitResult;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::fighters::denizens_in;
use crate::magic_realm::combat::round::Who;
use crate::magic_realm::combat::{current, spoils, CombatTarget};
use crate::magic_realm::day::{belongings, who};
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::points::Points;
use crate::magic_realm::state::{ChitStatus, GameState};

/// The points a victim is worth (8.7: several kills at once count from the most valuable).
fn worth(cat: &Catalog, state: &GameState, victim: &Who) -> Points {
    match victim {
        Who::Character(seat) => state.seat(*seat).map_or(Points::ZERO, |s| s.notoriety),
        Who::Denizen(PieceId::Monster { id, .. }) => {
            cat.denizens.monster(id).map_or(Points::ZERO, |m| {
                Points::whole(m.fame.saturating_add(m.notoriety))
            })
        }
        Who::Denizen(PieceId::Native { id }) => cat.denizens.native(id).map_or(Points::ZERO, |n| {
            Points::whole(
                n.notoriety
                    .saturating_add(i32::try_from(n.wage).unwrap_or(i32::MAX)),
            )
        }),
        Who::Denizen(_) => Points::ZERO,
    }
}

fn size_of(cat: &Catalog, piece: &PieceId) -> Option<Size> {
    match piece {
        PieceId::Monster { id, .. } => cat.denizens.monster(id).map(|m| m.size),
        PieceId::Native { id } => cat.denizens.native(id).map(|n| n.vulnerability),
        _ => None,
    }
}

/// Kills `victims` at once, as `killer`'s kills.
pub fn kill_all(
    cat: &Catalog,
    state: &mut GameState,
    victims: Vec<Who>,
    killer: &Who,
    events: &mut Events,
) -> Result<(), RuleError> {
    kill_all_by(cat, state, victims, Some(killer), events)
}

/// Kills `victims` at once, as `killer`'s kills (nobody's without one).
fn kill_all_by(
    cat: &Catalog,
    state: &mut GameState,
    mut victims: Vec<Who>,
    killer: Option<&Who>,
    events: &mut Events,
) -> Result<(), RuleError> {
    victims.sort_by_key(|v| std::cmp::Reverse(worth(cat, state, v)));
    let sharers: Vec<Who> = killer.cloned().into_iter().collect();
    for victim in victims {
        if victim.alive(state) {
            spoils::killed(cat, state, Some(victim), killer.cloned(), &sharers, events)?;
        }
    }
    Ok(())
}

/// Sets every chit of `seat` that `pick` accepts (and that is active) to `to`.
fn set_chits(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    pick: impl Fn(ChitKind, u8) -> bool,
    to: ChitStatus,
) {
    let chosen: Vec<u8> = who::chits(cat, state, seat)
        .filter(|(_, c, st)| *st == ChitStatus::Fresh && pick(c.kind, c.effort))
        .map(|(i, _, _)| i)
        .collect();
    if let Some(sheet) = state.seat_mut(seat) {
        for i in chosen {
            if let Some(slot) = sheet.chits.get_mut(usize::from(i)) {
                *slot = to;
            }
        }
    }
}

/// 4.6.7b: a roll on the Power of the Pit Table against `target`, made by `roller` (the
/// spellcaster, or the character a Demon's attack strikes; none for a denizen struck, whose
/// roll is unmodified, 4.1.4) with his modifications, the red die set to `red` (the Magic
/// Wand); `killer` is the spellcaster (or the Demon) whose kills they are.
pub fn power_of_the_pit_with_red(
    cat: &Catalog,
    state: &mut GameState,
    target: &CombatTarget,
    killer: &Who,
    roller: Option<Seat>,
    red: Option<u8>,
    events: &mut Events,
) -> Result<(), RuleError> {
    let Some(at) = current(state).map(|c| c.at) else {
        return Ok(());
    };
    // Every character fighting there, every monster and native in the clearing, hirelings
    // (hired or controlled) included.
    let characters: Vec<Seat> = current(state)
        .map(|c| c.fighting().collect::<Vec<_>>())
        .unwrap_or_default();
    let hired = current(state)
        .map(|c| crate::magic_realm::combat::hirelings::in_combat(cat, state, c))
        .unwrap_or_default();
    let present = Present {
        at,
        characters,
        hired,
    };
    let roll = Roller { roller, red };
    roll_and_resolve(cat, state, target, Some(killer), &present, roll, events)?;
    if let Ok(c) = crate::magic_realm::combat::current_mut(state) {
        c.eventful = true;
    }
    Ok(())
}

/// Who the Power of the Pit can reach: the clearing, the characters there and the
/// hirelings besides its monsters and natives.
pub struct Present {
    pub at: crate::magic_realm::map::ClearingRef,
    pub characters: Vec<Seat>,
    pub hired: Vec<PieceId>,
}

/// The Toadstool Circle Table's 5 (7.5): the looter rolls on the Power of the Pit Table in
/// Daylight (docs/rulings.md): its results reach the characters, monsters and natives in
/// his clearing; its kills are nobody's.
pub fn in_daylight(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    red: Option<u8>,
    events: &mut Events,
) -> Result<(), RuleError> {
    let at = who::clearing_or_err(state, seat)?;
    let characters: Vec<Seat> = state
        .all_seats()
        .filter(|s| who::playing(state, *s) && who::clearing(state, *s) == Some(at))
        .collect();
    let present = Present {
        at,
        characters,
        hired: Vec::new(),
    };
    let target = CombatTarget::Character { seat };
    let roll = Roller {
        roller: Some(seat),
        red,
    };
    roll_and_resolve(cat, state, &target, None, &present, roll, events)
}

/// Who rolls on the table (his modifications apply; nobody's for a denizen), and the red
/// die if the Magic Wand set it.
struct Roller {
    roller: Option<Seat>,
    red: Option<u8>,
}

/// Rolls the Power of the Pit Table for `target` and does the result among those
/// `present`.
fn roll_and_resolve(
    cat: &Catalog,
    state: &mut GameState,
    target: &CombatTarget,
    killer: Option<&Who>,
    present: &Present,
    by: Roller,
    events: &mut Events,
) -> Result<(), RuleError> {
    use crate::magic_realm::catalog::tables::TableId;
    use crate::magic_realm::day::rolls::{mods, roll_with_red, RollFor, RollMods};
    let at = present.at;
    let m = by.roller.map_or(RollMods::NONE, |s| {
        mods(cat, state, s, RollFor::Table(TableId::PowerOfThePit))
    });
    let roll = roll_with_red(state, "power_of_the_pit", m, by.red);
    let result = cat
        .tables
        .power_of_the_pit(m.result(&roll))
        .copied()
        .ok_or_else(|| RuleError::internal("the Power of the Pit Table has no such row"))?;
    let name = target.name(cat, state);
    events.push(Event::roll(
        "4.6.7",
        &roll,
        format!("Power of the Pit against {name}: {result:?}"),
        E::PitRolled {
            target: target.clone(),
            result,
        },
    ));
    let seat = match target {
        CombatTarget::Character { seat } => Some(*seat),
        CombatTarget::Denizen { .. } => None,
    };
    // Melt into Mist: a character turned into mist is immune to the results.
    let characters: Vec<Seat> = present
        .characters
        .iter()
        .copied()
        .filter(|s| !super::mist::misted_seat(cat, state, *s))
        .collect();
    // Every monster and native in the clearing, hirelings (hired or controlled) included.
    let denizens = |state: &GameState| -> Vec<PieceId> {
        denizens_in(cat, state, at)
            .into_iter()
            .chain(present.hired.iter().cloned())
            .collect()
    };
    match result {
        PitResult::FieryChasmOpens => {
            let mut victims: Vec<Who> = characters
                .iter()
                .filter(|s| !state.seat(**s).is_some_and(|x| x.hidden))
                .map(|s| Who::Character(*s))
                .collect();
            victims.extend(denizens(state).into_iter().map(Who::Denizen));
            kill_all_by(cat, state, victims, killer, events)?;
        }
        PitResult::CarriedAway => {
            kill_all_by(cat, state, vec![Who::of(target)], killer, events)?;
        }
        PitResult::Terror => {
            let light_or_medium = |s: Size| matches!(s, Size::Light | Size::Medium);
            for s in &characters {
                set_chits(
                    cat,
                    state,
                    *s,
                    |kind, _| match kind {
                        ChitKind::Move { strength }
                        | ChitKind::Fight { strength }
                        | ChitKind::MoveFight { strength } => light_or_medium(strength),
                        _ => false,
                    },
                    ChitStatus::Wounded,
                );
                // Their Light and Medium horses die.
                let horses: Vec<PieceId> = belongings::owned(state, *s)
                    .into_iter()
                    .filter(|p| match p {
                        PieceId::Horse { id } => cat
                            .items
                            .horse(id)
                            .is_some_and(|h| light_or_medium(h.vulnerability)),
                        _ => false,
                    })
                    .collect();
                for horse in horses {
                    state.piles.move_to(&horse, Place::OutOfPlay, None);
                    events.push(Event::public(
                        "4.6.7",
                        format!("{horse} is killed."),
                        E::HorseKilled { horse },
                    ));
                }
            }
            let victims: Vec<Who> = denizens(state)
                .into_iter()
                .filter(|p| size_of(cat, p).is_some_and(light_or_medium))
                .map(Who::Denizen)
                .collect();
            kill_all_by(cat, state, victims, killer, events)?;
        }
        PitResult::Blight => {
            if let Some(s) = seat {
                set_chits(cat, state, s, |_, effort| effort > 0, ChitStatus::Wounded);
            }
        }
        PitResult::Forget => {
            if let Some(s) = seat {
                set_chits(
                    cat,
                    state,
                    s,
                    |kind, _| matches!(kind, ChitKind::Magic { .. }),
                    ChitStatus::Fatigued,
                );
            }
        }
        PitResult::Rust => {
            if let Some(s) = seat {
                let armor: Vec<(PieceId, Option<Facing>)> = belongings::owned(state, s)
                    .into_iter()
                    .filter(|p| {
                        matches!(p, PieceId::Armor { .. }) && belongings::is_active(state, s, p)
                    })
                    .map(|p| {
                        let facing = state.piles.find(&p).map(|(_, c)| c.facing);
                        (p, facing)
                    })
                    .collect();
                for (piece, facing) in armor {
                    let destroyed = facing == Some(Facing::Damaged);
                    if destroyed {
                        state.piles.move_to(&piece, Place::OutOfPlay, None);
                    } else {
                        state.piles.set_facing(&piece, Facing::Damaged);
                    }
                    events.push(Event::public(
                        "4.6.7",
                        format!(
                            "Rust: {piece} is {}.",
                            if destroyed { "destroyed" } else { "damaged" }
                        ),
                        E::ArmorHit { piece, destroyed },
                    ));
                }
            }
        }
    }
    Ok(())
}
