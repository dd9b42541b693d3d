//! Potions drunk outside combat (rule 4.4.3): what the Vial of Healing, the Poultice of
//! Health and the Withered Claw do, from their data (`drink`). A Potion is activated, kept
//! until Midnight (or, if it acts at once, sent back at once) and returned to its box by
//! `combat::potions`; this module only adds the effects of drinking it: some act when it
//! is activated (the Vial of Healing; the Withered Claw's Wish and Curse), some while it
//! is in use today (the Poultice of Health).

use super::who;
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::characters::SpecialAdvantage;
use crate::magic_realm::catalog::items::{PotionEffect, Treasure};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::potions::potion;
use crate::magic_realm::combat::spells::choices::SpellChoice;
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::{ChitStatus, GameState, Pending};

type Events = Vec<Event<E>>;

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
    if card.drink != Some(PotionEffect::WoundsToFatigue) {
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

/// The Withered Claw (`wish_and_curse`), when activated: one roll on the Wishes Table,
/// then one on the Curses Table (4.6.7; the card's "Roll to get WISH and CURSE"). Neither
/// roll is made for a spell, so the Magic Wand does not set their red die. The choice the
/// Wish asks for, if any, is returned.
pub fn wish_and_curse(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    piece: &PieceId,
    events: &mut Events,
) -> Result<Option<SpellChoice>, RuleError> {
    let Some(card) = potion(cat, piece) else {
        return Ok(None);
    };
    if card.drink != Some(PotionEffect::WishAndCurse) {
        return Ok(None);
    }
    events.push(Event::public(
        "4.4.3",
        format!(
            "{} uses the {}: he rolls for a Wish and a Curse.",
            who::who(cat, state, seat),
            card.name
        ),
        E::WishAndCurse {
            seat,
            item: card.id.clone(),
        },
    ));
    let choice =
        crate::magic_realm::combat::spells::wishes::grant_rolled(cat, state, seat, None, events)?;
    super::curses::inflict(cat, state, seat, events)?;
    Ok(choice)
}

/// Whether the seat is using a Potion with this effect today (4.4.3c).
pub fn working(cat: &Catalog, state: &GameState, seat: Seat, effect: PotionEffect) -> bool {
    state
        .today
        .potions
        .iter()
        .filter(|p| p.seat == seat)
        .filter_map(|p| potion(cat, &p.potion))
        .any(|t: &Treasure| t.drink == Some(effect))
}

/// The Poultice of Health, and the Dwarf's Short Legs (List of Characters: "Each REST
/// action is worth double"): after the rest of a Rest phase, whether he rests again in the
/// same phase (the phase counts as two Rest phases; with both, still two). True when a
/// second rest is owed now; false when the phase's resting is over.
pub fn rest_again(cat: &Catalog, state: &mut GameState, seat: Seat, events: &mut Events) -> bool {
    if matches!(state.today.pending, Some(Pending::SecondRest)) {
        state.today.pending = None;
        return false;
    }
    let poultice = working(cat, state, seat, PotionEffect::RestDouble);
    let short_legs = who::has(cat, state, seat, SpecialAdvantage::ShortLegs);
    if !(poultice || short_legs) || super::resting::options(cat, state, seat).is_empty() {
        return false;
    }
    state.today.pending = Some(Pending::SecondRest);
    let (rule, why) = if poultice {
        ("4.4.3", "Poultice of Health")
    } else {
        ("2.5.2", "Short Legs")
    };
    events.push(Event::public(
        rule,
        format!(
            "{}'s Rest counts double ({why}): he rests again.",
            who::who(cat, state, seat)
        ),
        E::RestCountsDouble { seat },
    ));
    true
}
