//! Melt into Mist (rule 4.6.8; List of Spells): a Permanent spell on one character, native
//! or monster. While it is energized the target is mist: he takes no part in combat (he
//! cannot lure, charge, attack, cast or be lured, assigned, charged or attacked), is not
//! affected by spells (those on him are nullified, new ones cannot go into effect against
//! him, and spells aimed at others pass him by), cannot block or be blocked, and a
//! character can do only the Move, Hide and Follow activities. The spell itself can be
//! broken, energized or inert.

use super::{CastStatus, Ending, Events, SpellEffect};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::{current, current_mut, CombatTarget};
use crate::magic_realm::day::who;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::{Activity, GameState};

/// Whether `target` is mist now (an energized Melt into Mist that is not nullified).
pub fn misted(cat: &Catalog, state: &GameState, target: &CombatTarget) -> bool {
    !state.spells.is_empty() && super::bewitched_by(cat, state, target, SpellEffect::MeltIntoMist)
}

/// Whether the character of `seat` is mist now.
pub fn misted_seat(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    misted(cat, state, &CombatTarget::Character { seat })
}

/// Whether a Melt into Mist is in effect on the character of `seat`, energized or inert: he
/// may record Moves along hidden paths and secret passages he has not discovered, in hope
/// of being mist when he does them (card rule 1).
pub fn mist_spell_on(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    let aim = super::SpellAim::Character { seat };
    state
        .spells
        .iter()
        .any(|s| s.aims.contains(&aim) && s.has(cat, SpellEffect::MeltIntoMist))
}

/// Whether the denizen `piece` is mist now.
pub fn misted_piece(cat: &Catalog, state: &GameState, piece: &PieceId) -> bool {
    misted(
        cat,
        state,
        &CombatTarget::Denizen {
            piece: piece.clone(),
        },
    )
}

/// Whether a Melt into Mist is in effect on the denizen `piece`, energized or inert: his
/// employer may record Moves for him along hidden paths and secret passages he has not
/// discovered, in hope of his being mist when he does them (card rule 1).
pub fn mist_spell_on_piece(cat: &Catalog, state: &GameState, piece: &PieceId) -> bool {
    let aim = super::SpellAim::Denizen {
        piece: piece.clone(),
    };
    state
        .spells
        .iter()
        .any(|s| s.aims.contains(&aim) && s.has(cat, SpellEffect::MeltIntoMist))
}

/// Melt into Mist, card rule 1: a hired or controlled denizen turned into mist can do only
/// the Move, Hide and Follow activities; any other is cancelled when he comes to do it.
pub fn forbids_piece(
    cat: &Catalog,
    state: &GameState,
    piece: &PieceId,
    activity: &Activity,
) -> bool {
    !mist_may(activity) && misted_piece(cat, state, piece)
}

/// 4.6.8c: the activities mist may do: Move (leaving the map too), Hide and Follow.
fn mist_may(activity: &Activity) -> bool {
    matches!(
        activity,
        Activity::Move { .. }
            | Activity::LeaveMap
            | Activity::Hide
            | Activity::Follow { .. }
            | Activity::FollowLeader { .. }
    )
}

/// Melt into Mist (List of Spells, 3): the values of the Move chit a character turned
/// into mist may use only to run away, from the data of the spell that made him mist.
pub fn run_away_values(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
) -> Option<crate::magic_realm::catalog::magic::FlyValues> {
    if !misted_seat(cat, state, seat) {
        return None;
    }
    let him = super::SpellAim::of(&CombatTarget::Character { seat });
    state
        .spells
        .iter()
        .filter(|s| s.has(cat, SpellEffect::MeltIntoMist) && s.works(state))
        .filter(|s| s.aims.contains(&him))
        .find_map(|s| cat.spells.get(&s.spell).and_then(|sp| sp.run_away))
}

/// 4.6.8c: a character turned into mist can do only Move (leaving the map too), Hide and
/// Follow; any other activity is cancelled when he comes to do it.
pub fn forbids(cat: &Catalog, state: &GameState, seat: Seat, activity: &Activity) -> bool {
    !mist_may(activity) && misted_seat(cat, state, seat)
}

/// 4.6.9a: the target turning into mist leaves the fighting in his clearing at once: the
/// denizens on his sheet are unassigned, charges by or against him and attention chits on
/// him are taken back, a denizen leaves the sheet it was on, and a character's spell that
/// has not yet come to life (or his Attack spell) is cancelled.
pub fn vanish(
    cat: &Catalog,
    state: &mut GameState,
    target: &CombatTarget,
    events: &mut Events,
) -> Result<(), RuleError> {
    let Some(combat) = current(state) else {
        return Ok(());
    };
    let here = match target {
        CombatTarget::Character { seat } => combat.fighting().any(|s| s == *seat),
        CombatTarget::Denizen { piece } => {
            state.piles.place_of(piece) == Some(&Place::Clearing { at: combat.at })
        }
    };
    if !here {
        return Ok(());
    }
    let cast = match target {
        CombatTarget::Character { seat } => combat
            .casts
            .get(seat)
            .filter(|c| match c.status {
                CastStatus::Cast | CastStatus::Aimed => true,
                CastStatus::Working => {
                    super::effect_named(cat, &c.spell) == Some(SpellEffect::Attack)
                }
                _ => false,
            })
            .map(|c| (*seat, c.clone())),
        CombatTarget::Denizen { .. } => None,
    };
    let combat = current_mut(state)?;
    let its = |s: &Seat| CombatTarget::Character { seat: *s } == *target;
    combat.targets.retain(|s, t| !its(s) && t != target);
    combat.drop_charges(|s, t| its(&s) || its(&t));
    // 8.4.7: the Tremendous monsters holding the mist let go of it.
    let mut freed = combat.release_holders_of(target);
    match target {
        CombatTarget::Character { seat } => {
            combat.sheets.remove(seat);
            combat.plays.remove(seat);
        }
        CombatTarget::Denizen { piece } => {
            combat.unassign(piece);
            if combat.release(piece) {
                freed.push(piece.clone());
            }
        }
    }
    crate::magic_realm::combat::holding::let_go(state, &freed, "4.6.8", events);
    if let Some((seat, cast)) = cast {
        let text = format!(
            "{} turns into mist: his {} is cancelled.",
            who::who(cat, state, seat),
            super::spell_name(cat, &cast.spell)
        );
        super::end_cast(state, seat, &cast, Ending::Cancelled, "4.6.9", text, events);
    }
    let text = target.name(cat, state);
    events.push(Event::public(
        "4.6.8",
        format!("{text} is mist: he takes no part in combat."),
        E::Misted {
            target: target.clone(),
        },
    ));
    Ok(())
}
