//! Wishes (rule 4.6.7b; Wishes Table): the Small Blessing spell makes its target roll on
//! the Wishes Table (two dice, the higher, with his modifications) and get a one-time
//! effect: I Wish I Were Elsewhere (he teleports to the clearing of his choice), You Were
//! Elsewhere (he names someone in his clearing who teleports: a character to the clearing
//! of that character's choice, a denizen to where it started the game, unhired), Vision
//! (he looks at the Treasure cards of one Setup Card pile), Peace (combat ends in his
//! clearing, the spells not yet in effect are cancelled), Health (his action chits are
//! active again; Wither and Ill Health are removed) and Tremendous Strength (the next
//! Fight chit or Gloves card he plays inflicts Tremendous harm, whatever else is played;
//! or it opens the Vault or the Crypt of the Knight; never more than one ready).
//!
//! [`grant`] rolls the table and applies what needs no choice; a result that asks for a
//! choice is returned as a [`SpellChoice`], which combat holds until its seat decides
//! ([`super::choices`]): once all of the round's spells have come to life.

use super::Events;
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::tables::{Curse, TableId, Wish};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::melee::{AttackValues, MeleeStrike};
use crate::magic_realm::combat::{current, current_mut, fighters, hirelings, CombatTarget};
use crate::magic_realm::day::rolls::{controls_red_die, mods, roll_with_red, RollFor};
use crate::magic_realm::day::who;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::state::{ChitStatus, GameState};

pub use super::choices::SpellChoice;

/// 4.6.7b: `seat` rolls on the Wishes Table and gets the Wish rolled. What needs no
/// choice is done; a choice still owed is returned (with the Magic Wand active, first the
/// red die's value).
pub fn grant(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    events: &mut Events,
) -> Result<Option<SpellChoice>, RuleError> {
    if controls_red_die(cat, state, seat, TableId::Wishes) {
        return Ok(Some(SpellChoice::WishRedDie { seat }));
    }
    grant_rolled(cat, state, seat, None, events)
}

/// The Wishes Table roll, the red die `red` if he chose it (the Magic Wand).
pub fn grant_rolled(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    red: Option<u8>,
    events: &mut Events,
) -> Result<Option<SpellChoice>, RuleError> {
    let m = mods(cat, state, seat, RollFor::Table(TableId::Wishes));
    let roll = roll_with_red(state, "wishes", m, red);
    let wish = cat
        .tables
        .wish(m.result(&roll))
        .copied()
        .ok_or_else(|| RuleError::internal("the Wishes Table has no such row"))?;
    let name = who::who(cat, state, seat);
    events.push(Event::roll(
        "4.6.7",
        &roll,
        format!("Wishes Table for {name}: {}", words(wish)),
        E::WishGranted { seat, wish },
    ));
    let choice = match wish {
        Wish::IWereElsewhere => Some(SpellChoice::Teleport { seat }),
        Wish::YouWereElsewhere => (!elsewhere_candidates(cat, state, seat).is_empty())
            .then_some(SpellChoice::Elsewhere { seat }),
        Wish::Vision => (!vision_piles(state).is_empty()).then_some(SpellChoice::Vision { seat }),
        Wish::Peace => {
            peace(cat, state, seat, events)?;
            None
        }
        Wish::Health => {
            health(cat, state, seat, events);
            None
        }
        Wish::Strength => {
            if let Some(s) = state.seat_mut(seat) {
                // 4.6.7b: never more than one ready.
                s.strength_wish = true;
            }
            None
        }
    };
    Ok(choice)
}

fn words(wish: Wish) -> &'static str {
    match wish {
        Wish::IWereElsewhere => "I Wish I Were Elsewhere (he teleports where he chooses)",
        Wish::YouWereElsewhere => "I Wish You Were Elsewhere (he names someone who teleports)",
        Wish::Vision => "Wish for a Vision (he looks at one pile of Treasure cards)",
        Wish::Peace => "Wish for Peace (combat ends in his clearing)",
        Wish::Health => "Wish for Health (his action chits are active again)",
        Wish::Strength => {
            "Wish for Strength (his next Fight chit or Gloves inflict Tremendous harm)"
        }
    }
}

/// Wish for Health: his fatigued and wounded action chits become active (colour chits and
/// chits committed to spells stay as they are); Wither and Ill Health are removed.
fn health(cat: &Catalog, state: &mut GameState, seat: Seat, events: &mut Events) {
    if let Some(sheet) = state.seat_mut(seat) {
        for slot in &mut sheet.chits {
            if matches!(*slot, ChitStatus::Fatigued | ChitStatus::Wounded) {
                *slot = ChitStatus::Fresh;
            }
        }
    }
    for curse in [Curse::Wither, Curse::IllHealth] {
        crate::magic_realm::day::curses::remove(cat, state, seat, curse, events);
    }
}

/// Wish for Peace: combat ends for the day in his clearing: the spells not yet in effect
/// are cancelled, nobody attacks, and the round ends after its Fatigue Step.
fn peace(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    events: &mut Events,
) -> Result<(), RuleError> {
    let Some(combat) = current(state) else {
        return Ok(());
    };
    let waiting: Vec<(Seat, super::SpellCast)> = combat
        .casts
        .iter()
        .filter(|(_, c)| matches!(c.status, super::CastStatus::Cast | super::CastStatus::Aimed))
        .map(|(s, c)| (*s, c.clone()))
        .collect();
    let at = combat.at;
    let c = current_mut(state)?;
    c.wished_peace = true;
    c.eventful = true;
    events.push(Event::public(
        "4.6.7",
        format!(
            "{}'s Wish for Peace: combat in {} ends for the day.",
            who::who(cat, state, seat),
            who::name(cat, at)
        ),
        E::PeaceWished { at },
    ));
    for (caster, cast) in waiting {
        let text = format!(
            "Peace cancels {}.",
            super::whose(cat, state, caster, &cast.spell)
        );
        super::end_cast(
            state,
            caster,
            &cast,
            super::Ending::Cancelled,
            "4.6.7",
            text,
            events,
        );
    }
    Ok(())
}

/// Whether a Wish for Peace ended the combat being fought.
pub fn peace_here(state: &GameState) -> bool {
    current(state).is_some_and(|c| c.wished_peace)
}

/// You Were Elsewhere: whom `seat` may name: a character, monster or native in his
/// clearing other than himself (a hidden character only if he found hidden enemies; not
/// one turned into mist).
pub fn elsewhere_candidates(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<CombatTarget> {
    let found = state.today.found_enemies.contains(&seat);
    let Some(combat) = current(state) else {
        return elsewhere_in_daylight(cat, state, seat, found);
    };
    let mut out: Vec<CombatTarget> = combat
        .fighting()
        .filter(|s| *s != seat)
        .filter(|s| found || !state.seat(*s).is_some_and(|x| x.hidden))
        .filter(|s| !super::mist::misted_seat(cat, state, *s))
        .map(|s| CombatTarget::Character { seat: s })
        .collect();
    out.extend(
        fighters::denizens_in(cat, state, combat.at)
            .into_iter()
            .chain(hirelings::in_combat(cat, state, combat))
            // Every denizen of a game has a place it started (6.3.4).
            .filter(|piece| state.homes.of(piece).is_some())
            .map(|piece| CombatTarget::Denizen { piece }),
    );
    out.sort();
    out.dedup();
    out
}

/// You Were Elsewhere out of combat (a Site card's Wish, 7.5): the characters playing in
/// his clearing, the monsters and natives there.
fn elsewhere_in_daylight(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    found: bool,
) -> Vec<CombatTarget> {
    let Some(at) = who::clearing(state, seat) else {
        return Vec::new();
    };
    let mut out: Vec<CombatTarget> = state
        .all_seats()
        .filter(|s| *s != seat && who::playing(state, *s) && who::clearing(state, *s) == Some(at))
        .filter(|s| found || !state.seat(*s).is_some_and(|x| x.hidden))
        .filter(|s| !super::mist::misted_seat(cat, state, *s))
        .map(|s| CombatTarget::Character { seat: s })
        .collect();
    out.extend(
        fighters::denizens_in(cat, state, at)
            .into_iter()
            .filter(|piece| state.homes.of(piece).is_some())
            .map(|piece| CombatTarget::Denizen { piece }),
    );
    out.sort();
    out.dedup();
    out
}

/// Vision: the Setup Card piles that hold Treasure cards.
pub fn vision_piles(state: &GameState) -> Vec<Place> {
    state
        .piles
        .iter()
        .filter(|(place, _)| matches!(place, Place::SetupBox { .. } | Place::Natives { .. }))
        .filter(|(_, pile)| {
            pile.iter()
                .any(|c| matches!(c.piece, PieceId::Treasure { .. }))
        })
        .map(|(place, _)| place.clone())
        .collect()
}

/// You Were Elsewhere: `seat` names `target`: a character then chooses where he teleports
/// (the choice returned); a denizen goes where it started the game.
pub fn name_elsewhere(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    target: &CombatTarget,
    events: &mut Events,
) -> Result<Option<SpellChoice>, RuleError> {
    match target {
        CombatTarget::Character { seat: other } => {
            let text = format!(
                "{} wishes {} elsewhere: he teleports where he chooses.",
                who::who(cat, state, seat),
                who::who(cat, state, *other)
            );
            events.push(Event::public(
                "4.6.7",
                text,
                E::WishedAway {
                    seat,
                    target: target.clone(),
                },
            ));
            Ok(Some(SpellChoice::Teleport { seat: *other }))
        }
        CombatTarget::Denizen { piece } => {
            send_home(cat, state, seat, piece, events)?;
            Ok(None)
        }
    }
}

/// 4.6.7b: the character teleports to `to` with his horses and items (whatever their
/// weight); to his own clearing, he does not move. Leaving a combat, he takes no further
/// part in it (he still pays for the chits he played this round); the denizens on his
/// sheet stay behind.
pub fn teleport(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    to: ClearingRef,
    events: &mut Events,
) -> Result<(), RuleError> {
    let name = who::who(cat, state, seat);
    let from = who::clearing(state, seat);
    if from == Some(to) {
        events.push(Event::public(
            "4.6.7",
            format!("{name} teleports to his own clearing: he does not move."),
            E::Teleported {
                target: CombatTarget::Character { seat },
                to: Place::Clearing { at: to },
            },
        ));
        return Ok(());
    }
    let counter =
        who::counter(state, seat).ok_or_else(|| RuleError::internal("he has no counter"))?;
    state
        .piles
        .move_to(&counter, Place::Clearing { at: to }, None);
    if let Ok(combat) = current_mut(state) {
        if combat.order.contains(&seat) {
            combat.sheets.remove(&seat);
            combat.drop_charges(|s, t| s == seat || t == seat);
            combat
                .targets
                .retain(|s, t| *s != seat && *t != CombatTarget::Character { seat });
            combat.gone.insert(seat);
            combat.ran.insert(seat);
            combat.eventful = true;
        }
    }
    events.push(Event::public(
        "4.6.7",
        format!(
            "{name} teleports to {} with his horses and items.",
            who::name(cat, to)
        ),
        E::Teleported {
            target: CombatTarget::Character { seat },
            to: Place::Clearing { at: to },
        },
    ));
    Ok(())
}

/// 4.6.7b: a denizen wished elsewhere goes where it started the game (a Ghost or Garrison
/// native to its clearing, any other to its Setup Card or Appearance Chart box) with its
/// head, club or horse; a hired native becomes unhired.
pub fn send_home(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    piece: &PieceId,
    events: &mut Events,
) -> Result<(), RuleError> {
    let home = state
        .homes
        .of(piece)
        .cloned()
        .ok_or_else(|| RuleError::internal(format!("{piece} has no place it started")))?;
    let companion = fighters::companion(cat, state, piece);
    if let PieceId::Native { id } = piece {
        if let Some(employer) = crate::magic_realm::day::hiring::employer(state, id) {
            if let Some(s) = state.seat_mut(employer) {
                s.hirelings.retain(|h| &h.native != id);
            }
        }
    }
    for p in std::iter::once(piece.clone()).chain(companion) {
        let to = state.homes.of(&p).cloned().unwrap_or_else(|| home.clone());
        state.piles.move_to(&p, to, Some(Facing::Light));
        if let Ok(combat) = current_mut(state) {
            combat.unassign(&p);
            combat
                .targets
                .retain(|_, t| *t != CombatTarget::Denizen { piece: p.clone() });
            combat.holding.remove(&p);
            combat.holding_denizens.retain(|k, v| *k != p && *v != p);
            combat.eventful = true;
        }
    }
    events.push(Event::public(
        "4.6.7",
        format!(
            "{} wishes {piece} elsewhere: it goes back to where it started the game.",
            who::who(cat, state, seat)
        ),
        E::WishedAway {
            seat,
            target: CombatTarget::Denizen {
                piece: piece.clone(),
            },
        },
    ));
    events.push(Event::public(
        "4.6.7",
        format!("{piece} teleports away."),
        E::Teleported {
            target: CombatTarget::Denizen {
                piece: piece.clone(),
            },
            to: home,
        },
    ));
    Ok(())
}

/// 4.6.7b: Vision: he looks at every Treasure card in the pile, top first, and puts them
/// back as they were (none turns face up or activates, 4.4.2a). Only he sees them.
pub fn vision(cat: &Catalog, state: &GameState, seat: Seat, pile: &Place, events: &mut Events) {
    let cards: Vec<PieceId> = state
        .piles
        .pile(pile)
        .iter()
        .rev()
        .map(|c| c.piece.clone())
        .filter(|p| matches!(p, PieceId::Treasure { .. }))
        .collect();
    let names: Vec<String> = cards
        .iter()
        .map(|p| match p {
            PieceId::Treasure { id } => cat
                .items
                .treasure(id)
                .map_or_else(|| id.0.clone(), |t| t.name.clone()),
            other => other.to_string(),
        })
        .collect();
    events.push(Event::public(
        "4.6.7",
        format!(
            "{} looks at the Treasure cards of one pile.",
            who::who(cat, state, seat)
        ),
        E::VisionPile {
            seat,
            pile: pile.clone(),
        },
    ));
    events.push(Event::private(
        "4.6.7",
        seat,
        format!("Your Vision shows, top first: {}.", names.join(", ")),
        E::VisionSeen {
            pile: pile.clone(),
            cards,
        },
    ));
}

/// Whether the seat has a Tremendous Strength Wish ready to use.
pub fn strength_ready(state: &GameState, seat: Seat) -> bool {
    state.seat(seat).is_some_and(|s| s.strength_wish)
}

/// 4.6.7b: with a Tremendous Strength Wish ready, his Fight chit or Gloves attack inflicts
/// Tremendous harm if it hits, whatever the weapon and chit (no sharpness, no extra level,
/// no Missile Table roll).
pub fn with_strength(state: &GameState, seat: Seat, values: AttackValues) -> AttackValues {
    if !strength_ready(state, seat) {
        return values;
    }
    AttackValues {
        strike: MeleeStrike::Harm {
            letter: crate::magic_realm::catalog::common::Size::Tremendous,
            sharpness: 0,
            missile: None,
            extra_level: false,
        },
        ..values
    }
}

/// 4.6.7b: the Tremendous Strength Wish is used up: by the Fight chit or Gloves card he
/// played (8.4.5), or to open the Vault or the Crypt of the Knight (7.5). True if he had
/// one.
pub fn spend_strength(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    events: &mut Events,
) -> bool {
    let Some(s) = state.seat_mut(seat) else {
        return false;
    };
    if !std::mem::take(&mut s.strength_wish) {
        return false;
    }
    events.push(Event::public(
        "4.6.7",
        format!("{} uses his Wish for Strength.", who::who(cat, state, seat)),
        E::StrengthWishUsed { seat },
    ));
    true
}

/// 4.6.7b, 7.5: a site that must be opened (the Vault, the Crypt of the Knight) opened
/// with his Tremendous Strength Wish, which is used up; for the log, how it was opened.
pub fn open_site(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    events: &mut Events,
) -> Result<String, RuleError> {
    if spend_strength(cat, state, seat, events) {
        Ok("with his Wish for Strength".to_string())
    } else {
        Err(RuleError::illegal("he cannot open the site"))
    }
}
