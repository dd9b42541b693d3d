//! Spoils of combat (rule 8.7): fame, notoriety and gold for kills, multiplied by the
//! day's kills and shared between simultaneous killers (fractions kept); a killed
//! character's belongings and gold going to his killer, to the clearing, or to the native
//! group that killed him.

use super::round::Who;
use super::{current_mut, Events};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::denizens::NativeRank;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::{belongings, carried, quitting, who};
use crate::magic_realm::events::HirelingSpoilsTo;
use crate::magic_realm::pieces::{Facing, PieceId, PieceKind, Place};
use crate::magic_realm::points::Points;
use crate::magic_realm::state::GameState;
use std::collections::BTreeMap;

/// 8.7: the characters' recorded Notoriety as it stood before the harm of one moment of a
/// round: what a character killed at that moment is worth to those who kill him. Two
/// characters who kill each other at the same moment each take the other's Notoriety as
/// it stood, not what the other gains by killing him. A seat not listed is worth his
/// Notoriety as recorded now.
pub type Standing = BTreeMap<Seat, Points>;

/// 8.7: the character counts one more kill today; returns his kills (this one included).
pub(in crate::magic_realm::combat) fn count_kill(state: &mut GameState, seat: Seat) -> u32 {
    let k = state.today.kills.entry(seat).or_insert(0);
    *k = k.saturating_add(1);
    u32::from(*k)
}

/// Adds to the character's recorded Fame, Notoriety and gold; refused (the action
/// changing nothing) if a record cannot hold the sum.
pub(in crate::magic_realm::combat) fn add_points(
    state: &mut GameState,
    seat: Seat,
    fame: Points,
    notoriety: Points,
    gold: i32,
) -> Result<(), RuleError> {
    if let Some(s) = state.seat_mut(seat) {
        s.fame.gain(fame)?;
        s.notoriety.gain(notoriety)?;
        s.gold = s.gold.checked_add(gold).ok_or_else(|| {
            RuleError::illegal("that would take gold beyond what can be recorded")
        })?;
    }
    Ok(())
}

/// A victim character's worth to his killers (8.7): his Notoriety as it stood.
fn standing_notoriety(state: &GameState, standing: &Standing, seat: Seat) -> Points {
    standing
        .get(&seat)
        .copied()
        .unwrap_or_else(|| state.seat(seat).map_or(Points::ZERO, |s| s.notoriety))
}

/// Takes a killed denizen (with its head, club or horse) out of play until it regenerates
/// (8.7, 6.3.4), and out of the combat.
fn remove_denizen(
    cat: &Catalog,
    state: &mut GameState,
    piece: &PieceId,
    hired: bool,
    events: &mut Events,
) -> Result<(), RuleError> {
    let companion = super::fighters::companion(cat, state, piece);
    let at = match state.piles.place_of(piece) {
        Some(Place::Clearing { at }) => Some(*at),
        _ => None,
    };
    for p in std::iter::once(piece.clone()).chain(companion) {
        state.piles.move_to(&p, Place::Killed, Some(Facing::Light));
        // Killed out of combat (the Toadstool Circle's Power of the Pit), it leaves none.
        if let Ok(combat) = current_mut(state) {
            combat.release(&p);
            combat.unassign(&p);
        }
    }
    // 8.4.7: when its target is killed, a Tremendous monster turns red side down again.
    if let Ok(combat) = current_mut(state) {
        let holders = combat.release_holders_of(&super::CombatTarget::Denizen {
            piece: piece.clone(),
        });
        super::holding::let_go(state, &holders, "8.4.7", events);
        // So does a character transmorphized into one.
        super::holding::release_character_holds(cat, state, events)?;
    }
    // 8.7: when an unhired leader is killed, his group's belongings are abandoned in his
    // clearing, in the order they lie in the group's box (a hired leader's stay there).
    if let (PieceId::Native { id }, Some(at), false) = (piece, at, hired) {
        if let Some(n) = cat
            .denizens
            .native(id)
            .filter(|n| n.rank == NativeRank::Leader)
        {
            let boxed = Place::Natives { group: n.group };
            let items: Vec<(PieceId, Facing)> = state
                .piles
                .pile(&boxed)
                .iter()
                .filter(|c| !matches!(c.piece.kind(), PieceKind::Native | PieceKind::NativeHorse))
                .map(|c| (c.piece.clone(), c.facing))
                .collect();
            for (item, facing) in items {
                state.piles.take(&item);
                state.piles.put_bottom(Place::Clearing { at }, item, facing);
            }
        }
    }
    Ok(())
}

/// 8.7: `victim` is killed by `killer`'s hit; `sharers` are every attacker whose hit of the
/// same moment killed it too (the killer among them). Called once per victim: the sharers
/// divide its bounty, each counting one kill.
pub fn killed(
    cat: &Catalog,
    state: &mut GameState,
    victim: Option<Who>,
    killer: Option<Who>,
    sharers: &[Who],
    events: &mut Events,
) -> Result<(), RuleError> {
    killed_at(
        cat,
        state,
        victim,
        killer,
        sharers,
        &Standing::new(),
        events,
    )
}

/// [`killed`] at a moment of a melee: a victim character is worth his Notoriety as it
/// stood before the moment's harm (`standing`).
pub fn killed_at(
    cat: &Catalog,
    state: &mut GameState,
    victim: Option<Who>,
    killer: Option<Who>,
    sharers: &[Who],
    standing: &Standing,
    events: &mut Events,
) -> Result<(), RuleError> {
    let characters: Vec<Seat> = sharers
        .iter()
        .filter_map(|w| match w {
            Who::Character(s) => Some(*s),
            Who::Denizen(_) => None,
        })
        .collect();
    // 8.7: simultaneous killers divide the bounty equally, retaining fractions.
    let share = sharers.len().max(1);
    // 8.7: what a controlled monster carried is abandoned where it falls (8.7 passes only
    // a character's or a hired leader's belongings to the killer), its gold vanishing;
    // before its control spell ends with it.
    if let Some(Who::Denizen(piece @ PieceId::Monster { .. })) = &victim {
        if carried::is_carrier(cat, state, piece) {
            carried::dispose(cat, state, piece, HirelingSpoilsTo::Abandoned, events);
        }
    }
    // 4.6.9h: a killed denizen is released from the spells that name it.
    if let Some(Who::Denizen(piece)) = &victim {
        let target = super::CombatTarget::Denizen {
            piece: piece.clone(),
        };
        super::spells::killed(cat, state, &target, events);
    }
    // 8.7: a hireling's kill earns its employer the basic bounty, shared like a kill.
    let employers: Vec<Seat> = sharers
        .iter()
        .filter_map(|w| match w {
            Who::Denizen(p) => super::hirelings::employer(cat, state, p),
            Who::Character(_) => None,
        })
        .collect();
    for seat in employers {
        hireling_kill(cat, state, seat, victim.as_ref(), share, standing, events)?;
    }
    match victim {
        Some(Who::Denizen(piece)) => {
            // 8.7: what a hired leader carried goes to his killer, or is lost.
            if carried::hired_leader(cat, state, &piece).is_some() {
                let to = leader_spoils_to(cat, state, killer.as_ref(), &characters);
                carried::dispose(cat, state, &piece, to, events);
            }
            // 8.7: a hired native killed becomes unhired; his employer loses his
            // Notoriety bounty.
            let hired = super::hirelings::employer(cat, state, &piece);
            if let (Some(seat), PieceId::Native { id }) = (hired, &piece) {
                let notoriety = cat.denizens.native(id).map_or(0, |n| n.notoriety);
                if let Some(s) = state.seat_mut(seat) {
                    s.hirelings.retain(|h| &h.native != id);
                    s.notoriety.lose(Points::whole(notoriety))?;
                }
                events.push(Event::public(
                    "8.7",
                    format!(
                        "{}'s hireling {piece} is killed: he loses {notoriety} notoriety.",
                        who::who(cat, state, seat)
                    ),
                    E::HirelingKilled {
                        seat,
                        native: piece.clone(),
                        notoriety,
                    },
                ));
            }
            // Each killing character gains his share, multiplied by his kills today.
            let (fame, notoriety, gold) = match &piece {
                PieceId::Monster { id, .. } => cat
                    .denizens
                    .monster(id)
                    .map_or((0, 0, 0), |m| (m.fame, m.notoriety, 0)),
                PieceId::Native { id } => cat.denizens.native(id).map_or((0, 0, 0), |n| {
                    (0, n.notoriety, i32::try_from(n.wage).unwrap_or(0))
                }),
                _ => (0, 0, 0),
            };
            // 8.7: a hired leader or controlled monster killing a native adds its Gold
            // bounty to its gold.
            let carriers: Vec<PieceId> = sharers
                .iter()
                .filter_map(|w| match w {
                    Who::Denizen(p) if carried::is_carrier(cat, state, p) => Some(p.clone()),
                    _ => None,
                })
                .collect();
            // 8.7 (our ruling): recorded gold is whole: a shared Gold bounty is rounded down.
            let gold_share = gold / i32::try_from(share).unwrap_or(i32::MAX);
            for carrier in carriers {
                carried::gain_carrier_gold(state, &carrier, gold_share);
            }
            for seat in &characters {
                // His share, multiplied by his kills today (the shared one counting one).
                let kills = count_kill(state, *seat);
                let (f, n, g) = (
                    Points::whole(fame).share(share)?.times(kills)?,
                    Points::whole(notoriety).share(share)?.times(kills)?,
                    gold_share,
                );
                add_points(state, *seat, f, n, g)?;
                events.push(Event::public(
                    "8.7",
                    format!(
                        "{} kills {piece} (kill {kills} today): {f} fame, {n} notoriety, {g} gold.",
                        who::who(cat, state, *seat)
                    ),
                    E::Killed {
                        victim: piece.clone(),
                        by: Some(*seat),
                        fame: f,
                        notoriety: n,
                        gold: g,
                    },
                ));
            }
            if characters.is_empty() {
                events.push(Event::public(
                    "8.7",
                    format!("{piece} is killed."),
                    E::Killed {
                        victim: piece.clone(),
                        by: None,
                        fame: Points::ZERO,
                        notoriety: Points::ZERO,
                        gold: 0,
                    },
                ));
            }
            remove_denizen(cat, state, &piece, hired.is_some(), events)
        }
        Some(Who::Character(seat)) => {
            let worth = standing_notoriety(state, standing, seat).share(share)?;
            killed_character(cat, state, seat, killer, &characters, worth, events)
        }
        None => Ok(()),
    }
}

/// 8.7, 9.1.1: a character is killed, by a character, a denizen or his wounds (`None`).
pub fn character_killed(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    killer: Option<Who>,
    killers: &[Seat],
    events: &mut Events,
) -> Result<(), RuleError> {
    let share = killers.len().max(1);
    let worth = state
        .seat(seat)
        .map_or(Points::ZERO, |s| s.notoriety)
        .share(share)?;
    killed_character(cat, state, seat, killer, killers, worth, events)
}

/// [`character_killed`], each killing character taking `worth`: his share of the
/// victim's Notoriety as it stood.
fn killed_character(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    killer: Option<Who>,
    killers: &[Seat],
    worth: Points,
    events: &mut Events,
) -> Result<(), RuleError> {
    // Absorb Essence: the monsters he absorbed die with him.
    let by: Vec<Seat> = match &killer {
        Some(Who::Character(_)) => killers.to_vec(),
        _ => Vec::new(),
    };
    super::spells::transform::caster_killed(cat, state, seat, &by, events)?;
    // 4.6.9h: his spells cast by Magic chits break, and he is released from spells.
    super::spells::killed(cat, state, &super::CombatTarget::Character { seat }, events);
    let gold = state.seat(seat).map_or(0, |s| s.gold);
    match &killer {
        Some(Who::Character(_)) => {
            // Each killing character takes his share of the victim's Notoriety (without
            // multiplication) and counts a kill.
            for k in killers {
                count_kill(state, *k);
                add_points(state, *k, Points::ZERO, worth, 0)?;
            }
            // The first of them still alive takes his belongings and gold; a killer who
            // died at the same moment takes nothing: they lie where he fell.
            let taker = killers.iter().copied().find(|k| who::playing(state, *k));
            if let (Some(k), Some(to)) =
                (taker, taker.and_then(|k| who::belongings_place(state, k)))
            {
                for piece in belongings::owned(state, seat) {
                    let facing = state.piles.find(&piece).map(|(_, c)| c.facing);
                    state.piles.move_to(&piece, to.clone(), facing);
                    belongings::obtained(cat, state, k, &piece);
                }
                add_points(state, k, Points::ZERO, Points::ZERO, gold)?;
            }
        }
        // 8.7: killed by a hired leader or controlled monster: it keeps the victim's
        // belongings and gold for its employer (who took his notoriety with the kill's
        // spoils, `hireling_kill`).
        Some(Who::Denizen(piece)) if carried::is_carrier(cat, state, piece) => {
            let items = belongings::owned(state, seat);
            for item in &items {
                carried::keep(cat, state, piece, item);
            }
            carried::gain_carrier_gold(state, piece, gold);
            events.push(Event::public(
                "8.7",
                format!(
                    "{} keeps {}'s {} belonging(s) and {gold} gold for his employer.",
                    carried::name(cat, piece),
                    who::who(cat, state, seat),
                    items.len()
                ),
                E::HirelingSpoils {
                    hireling: piece.clone(),
                    to: HirelingSpoilsTo::Hireling {
                        hireling: piece.clone(),
                    },
                    items: u32::try_from(items.len()).unwrap_or(u32::MAX),
                    gold,
                },
            ));
        }
        // 8.7: killed by another hireling (an underling): his belongings stay to be
        // abandoned where he fell, as `quitting::kill` does.
        Some(Who::Denizen(piece)) if super::hirelings::is_hireling(cat, state, piece) => {}
        Some(Who::Denizen(piece)) => {
            // 8.7: a native's group box receives the belongings; a monster leaves them.
            if let Some(group) = super::fighters::group_of(cat, piece) {
                for item in belongings::owned(state, seat) {
                    let facing = state.piles.find(&item).map(|(_, c)| c.facing);
                    state.piles.move_to(&item, Place::Natives { group }, facing);
                }
            }
        }
        None => {}
    }
    if let Some(s) = state.seat_mut(seat) {
        s.gold = 0;
    }
    if let Ok(combat) = current_mut(state) {
        combat.gone.insert(seat);
        combat.sheets.remove(&seat);
        let released = combat.release_holders_of(&super::CombatTarget::Character { seat });
        super::holding::let_go(state, &released, "8.4.7", events);
        // So do the transmorphized characters holding him, or he his target.
        super::holding::release_character_holds(cat, state, events)?;
    }
    quitting::kill(cat, state, seat, "8.4.9", events);
    Ok(())
}

/// 8.7: where a hired leader's belongings and gold go when he is killed: to the
/// character who killed him (the first of those whose hits killed him at once), to the
/// hired leader or controlled monster who killed him (kept for its employer), to the box
/// of the unhired native who killed him; killed by a monster, an underling or by no one,
/// they are abandoned and the gold vanishes.
fn leader_spoils_to(
    cat: &Catalog,
    state: &GameState,
    killer: Option<&Who>,
    characters: &[Seat],
) -> HirelingSpoilsTo {
    match killer {
        Some(Who::Character(_)) => characters
            .first()
            .map_or(HirelingSpoilsTo::Abandoned, |seat| {
                HirelingSpoilsTo::Character { seat: *seat }
            }),
        Some(Who::Denizen(k)) if carried::is_carrier(cat, state, k) => HirelingSpoilsTo::Hireling {
            hireling: k.clone(),
        },
        Some(Who::Denizen(k)) if super::hirelings::is_hireling(cat, state, k) => {
            HirelingSpoilsTo::Abandoned
        }
        Some(Who::Denizen(k)) => super::fighters::group_of(cat, k)
            .map_or(HirelingSpoilsTo::Abandoned, |group| {
                HirelingSpoilsTo::NativeBox { group }
            }),
        None => HirelingSpoilsTo::Abandoned,
    }
}

/// 8.7: `seat`'s hireling killed `victim` (with `share` attackers in all): he gets its
/// basic bounty, without multiplication and without counting a kill: a monster's Fame and
/// Notoriety, a native's Notoriety, a character's recorded Notoriety (as it stood).
fn hireling_kill(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    victim: Option<&Who>,
    share: usize,
    standing: &Standing,
    events: &mut Events,
) -> Result<(), RuleError> {
    let (fame, notoriety) = match victim {
        Some(Who::Denizen(PieceId::Monster { id, .. })) => cat
            .denizens
            .monster(id)
            .map_or((Points::ZERO, Points::ZERO), |m| {
                (Points::whole(m.fame), Points::whole(m.notoriety))
            }),
        Some(Who::Denizen(PieceId::Native { id })) => cat
            .denizens
            .native(id)
            .map_or((Points::ZERO, Points::ZERO), |n| {
                (Points::ZERO, Points::whole(n.notoriety))
            }),
        Some(Who::Character(s)) => (Points::ZERO, standing_notoriety(state, standing, *s)),
        _ => return Ok(()),
    };
    let (fame, notoriety) = (fame.share(share)?, notoriety.share(share)?);
    add_points(state, seat, fame, notoriety, 0)?;
    let Some(victim) = victim.map(Who::target) else {
        return Ok(());
    };
    events.push(Event::public(
        "8.7",
        format!(
            "{}'s hireling kills {}: {fame} fame, {notoriety} notoriety.",
            who::who(cat, state, seat),
            victim.name(cat, state)
        ),
        E::HirelingKill {
            seat,
            victim,
            fame,
            notoriety,
        },
    ));
    Ok(())
}
