//! The Alert activity (rule 7.9): turn the active weapon either side up, or alert a Magic
//! chit (time 0 until it fatigues at Midnight), or (BERSERK, [`super::berserk`]) the
//! Berserk chit, which makes the Berserker berserk until it fatigues at Midnight.

use super::who;
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::characters::ChitKind;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::pieces::{Facing, PieceId};
use crate::magic_realm::state::{ChitStatus, GameState};

type Events = Vec<Event<E>>;

/// 4.3.6: the character's active weapon (his one weapon counter or card in belongings).
pub fn active_weapon(state: &GameState, seat: Seat) -> Option<(PieceId, Facing)> {
    let place = who::belongings_place(state, seat)?;
    state
        .piles
        .pile(&place)
        .iter()
        .find(|c| {
            matches!(c.piece, PieceId::Weapon { .. })
                && super::belongings::is_active(state, seat, &c.piece)
        })
        .map(|c| (c.piece.clone(), c.facing))
}

pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    let mut out = Vec::new();
    if active_weapon(state, seat).is_some() {
        out.push(A::AlertWeapon { alerted: true });
        out.push(A::AlertWeapon { alerted: false });
    }
    let alerted = state
        .seat(seat)
        .map(|s| s.alerted_chits.clone())
        .unwrap_or_default();
    for (i, chit, st) in who::chits(cat, state, seat) {
        if matches!(chit.kind, ChitKind::Magic { .. })
            && st == ChitStatus::Fresh
            && !alerted.contains(&i)
        {
            out.push(A::AlertChit { chit: i });
        }
    }
    if let Some(chit) = super::berserk::may_alert(cat, state, seat) {
        out.push(A::AlertChit { chit });
    }
    out
}

pub fn alert_weapon(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    alerted: bool,
    events: &mut Events,
) -> Result<(), RuleError> {
    let (weapon, _) =
        active_weapon(state, seat).ok_or_else(|| RuleError::illegal("no active weapon"))?;
    let facing = if alerted {
        Facing::Alerted
    } else {
        Facing::Unalerted
    };
    state.piles.set_facing(&weapon, facing);
    events.push(Event::public(
        "7.9",
        format!(
            "{} turns his weapon {}.",
            who::who(cat, state, seat),
            if alerted { "alerted" } else { "unalerted" }
        ),
        E::WeaponAlerted {
            seat,
            weapon,
            alerted,
        },
    ));
    Ok(())
}

pub fn alert_chit(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    chit: u8,
    events: &mut Events,
) -> Result<(), RuleError> {
    let name = who::who(cat, state, seat);
    let berserk = super::berserk::may_alert(cat, state, seat) == Some(chit);
    let sheet = state
        .seat_mut(seat)
        .ok_or_else(|| RuleError::internal("no such seat"))?;
    sheet.alerted_chits.insert(chit);
    let text = if berserk {
        format!("{name} alerts his Berserk chit: he is berserk, his vulnerability Tremendous.")
    } else {
        format!("{name} alerts Magic chit {}.", chit + 1)
    };
    events.push(Event::public("7.9", text, E::ChitAlerted { seat, chit }));
    Ok(())
}
