//! Potions (rule 4.4.3): a character activates a Potion when he may rearrange his
//! belongings (7.2.2, 4.3.3); it stays active until the end of the day (it cannot be
//! deactivated, so it is used once), and at Midnight it goes face down to the Setup Card
//! box named on it (`discard_to`), to be bought and used again. What each one does is its
//! data (`potion`): some act when activated (the Vial of Healing), some while active (the
//! Poultice of Health). A Potion whose effect is not in play yet cannot be activated.

use super::{belongings, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::items::{PotionEffect, Treasure, TreasureKind};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::pieces::{Facing, PieceId};
use crate::magic_realm::state::{ChitStatus, GameState, Pending};

type Events = Vec<Event<E>>;

/// The Potion card `piece` is, if it is one.
fn potion<'a>(cat: &'a Catalog, piece: &PieceId) -> Option<&'a Treasure> {
    match piece {
        PieceId::Treasure { id } => cat
            .items
            .treasure(id)
            .filter(|t| t.is(TreasureKind::Potion)),
        _ => None,
    }
}

/// Whether `piece` is a Potion card (4.4.3).
pub fn is_potion(cat: &Catalog, piece: &PieceId) -> bool {
    potion(cat, piece).is_some()
}

/// Why a Potion cannot be activated: its effect is not in play yet.
pub fn activation_refusal(cat: &Catalog, piece: &PieceId) -> Option<String> {
    let card = potion(cat, piece)?;
    card.potion
        .is_none()
        .then(|| format!("the {}'s effect is not in play yet", card.name))
}

/// 4.4.3: an active Potion stays active until Midnight.
pub fn stays_active(cat: &Catalog, piece: &PieceId) -> bool {
    is_potion(cat, piece)
}

/// 4.4.3: what happens when the character activates a Potion: the effects that act at
/// once (the Vial of Healing turns every wounded chit into a fatigued one).
pub fn activated(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    piece: &PieceId,
    events: &mut Events,
) {
    let Some(card) = potion(cat, piece) else {
        return;
    };
    if card.potion != Some(PotionEffect::WoundsToFatigue) {
        return;
    }
    let name = who::who(cat, state, seat);
    let mut healed = 0;
    if let Some(s) = state.seat_mut(seat) {
        for slot in s.chits.iter_mut().filter(|c| **c == ChitStatus::Wounded) {
            *slot = ChitStatus::Fatigued;
            healed += 1;
        }
    }
    events.push(Event::public(
        "4.4.3",
        format!(
            "{name} drinks the {}: {healed} wounded chit(s) become fatigued.",
            card.name
        ),
        E::WoundsHealed {
            seat,
            item: card.id.clone(),
            chits: healed,
        },
    ));
}

/// Whether the seat has an active Potion with this effect.
pub fn working(cat: &Catalog, state: &GameState, seat: Seat, effect: PotionEffect) -> bool {
    belongings::active(state, seat)
        .iter()
        .filter_map(|p| potion(cat, p))
        .any(|t| t.potion == Some(effect))
}

/// The Poultice of Health: after the rest of a Rest phase, whether he rests again in the
/// same phase (the phase counts as two Rest phases). True when a second rest is owed now;
/// false when the phase's resting is over.
pub fn rest_again(cat: &Catalog, state: &mut GameState, seat: Seat, events: &mut Events) -> bool {
    if matches!(state.today.pending, Some(Pending::SecondRest)) {
        state.today.pending = None;
        return false;
    }
    if !working(cat, state, seat, PotionEffect::RestDouble)
        || super::resting::options(cat, state, seat).is_empty()
    {
        return false;
    }
    state.today.pending = Some(Pending::SecondRest);
    events.push(Event::public(
        "4.4.3",
        format!(
            "{}'s Rest counts double (Poultice of Health): he rests again.",
            who::who(cat, state, seat)
        ),
        E::RestCountsDouble { seat },
    ));
    true
}

/// 4.4.3: at Midnight each active Potion stops and goes face down to the box named on it.
pub fn midnight(
    cat: &Catalog,
    state: &mut GameState,
    events: &mut Events,
) -> Result<(), RuleError> {
    for seat in state.all_seats().collect::<Vec<_>>() {
        for piece in belongings::active(state, seat) {
            let Some(card) = potion(cat, &piece) else {
                continue;
            };
            let Some(to) = card.discard_to else {
                continue;
            };
            state.piles.take(&piece);
            state
                .piles
                .put(super::trading::holdings(to), piece.clone(), Facing::Down);
            belongings::set_inactive(state, seat, &piece, false);
            events.push(Event::public(
                "4.4.3",
                format!(
                    "Midnight: {}'s {} is used up and goes to the {to:?}'s box.",
                    who::who(cat, state, seat),
                    card.name
                ),
                E::PotionDiscarded {
                    seat,
                    item: card.id.clone(),
                    to,
                },
            ));
        }
    }
    Ok(())
}
