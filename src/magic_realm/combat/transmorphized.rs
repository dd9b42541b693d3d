//! Transmorphized individuals in combat (rules 4.6.8d, 4.6.8e, 8.3.8, 8.4.5; the Transform
//! and Absorb Essence spells): a character transmorphized into a creature plays "dummy
//! chits" with the creature's values instead of his own action chits, which are frozen: an
//! attack with the creature's attack (harm letter and time, on its side up) in an Attack
//! circle, if the creature has one, and a maneuver with its move time in a Maneuver square;
//! an absorbed monster's head or club attacks from another Attack circle (8.4.7), and he
//! may turn the absorbed counters over as he plays (Absorb Essence, 2 and 2.1); an
//! absorbed Demon or Imp red side down casts its spell as an attack (2.2). He is hit as
//! the creature (its vulnerability; an armored creature's hits lose a star), with no armor
//! or horse (his belongings are frozen), and he cannot be wounded. He may run away with the
//! creature's move time (a flying creature flies away instead). A transmorphized denizen
//! is assigned as before, with the creature's values.

use super::holding::tremendous_form;
use super::melee::{
    AttackValues, CharacterAttack, CharacterFighter, Denizen, DenizenKind, Lane, Maneuver,
};
use super::round::{target_fighter, Built, Scope, Who};
use super::spells::transform::{form_of_seat, part_values, Form};
use super::{Combat, CombatTarget, Events, ManeuverPlay, Plays};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::common::{Side, Size};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::pieces::{Facing, PieceId};
use crate::magic_realm::state::GameState;
use std::collections::BTreeMap;

/// 4.6.8d: a transmorphized denizen's counter values: its own kind and side, the
/// creature's attacks, move times, vulnerability and armor (a Tremendous monster is
/// Tremendous only as a Tremendous creature).
pub fn as_denizen(own: Denizen, form: &Form) -> Denizen {
    let kind = match own.kind {
        DenizenKind::Monster { .. } => DenizenKind::Monster {
            tremendous: form.body.vulnerability == Size::Tremendous,
        },
        other => other,
    };
    Denizen {
        kind,
        light: form.body.light,
        dark: form.body.dark,
        side: own.side,
        vulnerability: form.body.vulnerability,
        armored: form.body.armored,
        steady: own.steady,
    }
}

/// 4.6.8d, e: the transmorphized character in the melee kernel's terms: the creature's
/// vulnerability and armor, its move time for the maneuver he played, no horse or armor,
/// and no wounds.
pub fn fighter(form: &Form, plays: Option<&Plays>) -> CharacterFighter {
    let maneuver = plays
        .and_then(|p| p.maneuver)
        .and_then(|(play, lane)| match play {
            ManeuverPlay::Creature => Some(Maneuver {
                lane,
                time: form.tactic().move_time,
            }),
            _ => None,
        });
    CharacterFighter {
        vulnerability: form.body.vulnerability,
        maneuver,
        horse: None,
        armor: Vec::new(),
        armored: form.body.armored,
        woundless: true,
        // His cards are frozen while he is transmorphized (4.6.8b).
        armor_stops_wounds: false,
        shift_maneuver: None,
    }
}

/// The other side of a counter.
fn other(side: Side) -> Side {
    match side {
        Side::Light => Side::Dark,
        Side::Dark => Side::Light,
    }
}

/// Absorb Essence, 2 and 2.1: `form` with the sides he chose in his secret `plays`: the
/// monster he turned over (Medium or Heavy) has its other side's values, and the head or
/// club he turned over attacks with its other side's.
pub fn as_played(cat: &Catalog, mut form: Form, plays: Option<&Plays>) -> Form {
    let Some(plays) = plays else {
        return form;
    };
    if form
        .monster
        .as_ref()
        .is_some_and(|m| plays.flipped.contains(m))
    {
        form.body.side = other(form.body.side);
    }
    if let Some((part, side)) = form.part.clone() {
        if plays.flipped.contains(&part) {
            form.part = Some((part.clone(), other(side)));
            form.part_attack = part_values(cat, &part, other(side));
        }
    }
    form
}

/// Absorb Essence, 2 and 2.1: the counters he may turn over as he plays (`form` as it lies,
/// before his plays): the monster he is, if Medium or Heavy ("it does not change tactics"),
/// or Tremendous and red side up (he turns it red side down), until he has played its
/// dummy chits; its head or club until he has played its attack.
fn turn_options(form: &Form, plays: &Plays) -> Vec<A> {
    let mut out = Vec::new();
    if let Some(monster) = &form.monster {
        let turnable = !tremendous_form(form) || form.body.side == Side::Dark;
        if turnable && plays.creature_attack.is_none() && plays.maneuver.is_none() {
            out.push(A::TurnAbsorbed {
                piece: monster.clone(),
            });
        }
    }
    if let Some((part, _)) = &form.part {
        if plays.part_attack.is_none() {
            out.push(A::TurnAbsorbed {
                piece: part.clone(),
            });
        }
    }
    out
}

/// Pentangle: the Demon, Winged Demon or Imp he is cannot attack the target he named, a
/// Pentangle protecting it.
fn kept_off(cat: &Catalog, state: &GameState, form: &Form, combat: &Combat, seat: Seat) -> bool {
    form.monster
        .as_ref()
        .is_some_and(|m| super::spells::is_demon(cat, m))
        && combat
            .targets
            .get(&seat)
            .is_some_and(|t| super::spells::pentangled(cat, state, t))
}

/// 8.4.5: the plays a transmorphized character may make with his creature's values: an
/// attack against the target he named (if the creature attacks on its side up and is not
/// `kept_off` it), and a maneuver.
pub fn play_options(
    form: &Form,
    combat: &Combat,
    seat: Seat,
    plays: &Plays,
    kept_off: bool,
) -> Vec<A> {
    let mut out = Vec::new();
    let targeting = combat.targets.contains_key(&seat) && !kept_off;
    if targeting && plays.creature_attack.is_none() && form.tactic().attack.is_some() {
        out.extend(
            Lane::ALL
                .into_iter()
                .filter(|l| plays.part_attack != Some(*l))
                .map(|lane| A::PlayCreatureAttack { lane }),
        );
    }
    // 8.4.7: his head or club attacks separately, never from his creature's circle.
    if targeting && plays.part_attack.is_none() && form.part_attack.is_some() {
        out.extend(
            Lane::ALL
                .into_iter()
                .filter(|l| plays.creature_attack != Some(*l))
                .map(|lane| A::PlayPartAttack { lane }),
        );
    }
    if plays.maneuver.is_none() {
        out.extend(Lane::ALL.map(|lane| A::PlayManeuver {
            with: ManeuverPlay::Creature,
            lane,
        }));
    }
    out
}

/// The plays module's options for `seat` when he is transmorphized (none otherwise).
pub fn options(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> Vec<A> {
    match (form_of_seat(cat, state, seat), combat.plays.get(&seat)) {
        (Some(form), Some(plays)) => {
            let mut out = turn_options(&form, plays);
            let kept_off = kept_off(cat, state, &form, combat, seat);
            out.extend(play_options(
                &as_played(cat, form, Some(plays)),
                combat,
                seat,
                plays,
                kept_off,
            ));
            out
        }
        _ => Vec::new(),
    }
}

/// 4.6.8d: the creature attacks of the transmorphized characters, against the targets
/// they named.
pub fn add_attacks(cat: &Catalog, state: &GameState, built: &mut Built, scope: Scope) {
    let Some(combat) = super::current(state) else {
        return;
    };
    for (seat, target) in combat.targets.iter().filter(|(s, _)| scope.includes(**s)) {
        let (Some(plays), Some(form)) = (
            scope.plays_of(combat, *seat),
            form_of_seat(cat, state, *seat),
        ) else {
            continue;
        };
        if kept_off(cat, state, &form, combat, *seat) {
            continue;
        }
        let form = as_played(cat, form, Some(plays));
        // The creature's attack, and (8.4.7) its head's or club's.
        let attacks: Vec<(Lane, AttackValues)> = [
            plays.creature_attack.zip(form.tactic().attack),
            plays.part_attack.zip(form.part_attack),
        ]
        .into_iter()
        .flatten()
        .collect();
        if attacks.is_empty() {
            continue;
        }
        let Some(attacker) = built.id_of(&Who::Character(*seat)) else {
            continue;
        };
        if let CombatTarget::Denizen { piece } = target {
            if built.id_of(&Who::Denizen(piece.clone())).is_none()
                && !scope.stands_alone(combat, piece)
            {
                continue;
            }
        }
        let Some(target) = target_fighter(cat, state, built, target) else {
            continue;
        };
        for (lane, values) in attacks {
            built.situation.attacks.push(CharacterAttack {
                attacker,
                target,
                lane,
                values,
                extras: Default::default(),
            });
        }
    }
}

/// 8.4.5, Absorb Essence 2 and 2.1: as the plays are revealed, the absorbed monsters and
/// heads and clubs their characters turned over lie on their new sides (they stay so, and
/// no longer count as turned in the plays); a Tremendous one turned red side down lets go
/// of the target it holds.
pub fn reveal(cat: &Catalog, state: &mut GameState, events: &mut Events) -> Result<(), RuleError> {
    let Some(combat) = super::current(state) else {
        return Ok(());
    };
    let mut turned: Vec<(Seat, PieceId, Side)> = Vec::new();
    for (seat, plays) in &combat.plays {
        let Some(form) = form_of_seat(cat, state, *seat) else {
            continue;
        };
        let body = form.monster.map(|m| (m, form.body.side));
        for (piece, side) in body.into_iter().chain(form.part) {
            if plays.flipped.contains(&piece) {
                turned.push((*seat, piece, side));
            }
        }
    }
    for (seat, piece, side) in turned {
        let facing = match other(side) {
            Side::Dark => Facing::Dark,
            Side::Light => Facing::Light,
        };
        state.piles.set_facing(&piece, facing);
        let combat = super::current_mut(state)?;
        if let Some(plays) = combat.plays.get_mut(&seat) {
            plays.flipped.remove(&piece);
        }
        if matches!(piece, PieceId::Monster { .. })
            && combat.character_holds.remove(&seat).is_some()
        {
            events.push(Event::public(
                "8.4.7",
                format!(
                    "{} turns red side down and lets go.",
                    crate::magic_realm::day::who::who(cat, state, seat)
                ),
                E::CharacterLetGo { seat },
            ));
        }
    }
    Ok(())
}

/// Absorb Essence, 2.2: the monster each character fighting in `built` has absorbed and
/// is now: a Demon or Imp red side down casts its spell as an attack, like the monster.
pub fn essences(cat: &Catalog, state: &GameState, built: &Built) -> BTreeMap<Seat, PieceId> {
    built
        .who
        .iter()
        .filter_map(|w| match w {
            Who::Character(seat) => Some((*seat, form_of_seat(cat, state, *seat)?.monster?)),
            Who::Denizen(_) => None,
        })
        .collect()
}

/// 8.3.7, 8.3.8: a transmorphized character runs away with his creature's move time, if it
/// is faster than every move time on his sheet (it carries him and his frozen belongings;
/// a flying creature flies away instead, 7.3.3).
pub fn runs(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> bool {
    let Some(form) = form_of_seat(cat, state, seat) else {
        return false;
    };
    let limit = super::fighters::move_times_on_sheet(cat, state, combat, seat)
        .into_iter()
        .min();
    !form.flies && limit.is_none_or(|l| form.tactic().move_time < l)
}
