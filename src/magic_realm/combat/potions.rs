//! Potions that fight (rule 4.4.3; the List of Treasures): a Potion with a combat effect is
//! activated like any belonging (at the start of a phase, 7.2.2, or as the Encounter
//! action, 8.3.7), is turned face up (4.4.1b) and stays active until Midnight, when it goes
//! face down to the box named on the card (`discard_to`). How it is used up is the card's
//! data (`potion`): used up by the character who activates it (4.4.3c: its effect stays
//! with him), or applied to the weapon he has active, his dagger if none (4.4.3d: its
//! effect stays with that weapon).

use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::items::PotionEffect;
use crate::magic_realm::catalog::items::{CombatEffect, PotionUse, Treasure, TreasureKind};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::who;
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::state::{GameState, Pending};
use serde::{Deserialize, Serialize};

type Events = Vec<Event<E>>;

/// A Potion activated today (4.4.3): who activated it and, for one applied to a weapon,
/// the weapon (`None`: his dagger).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ActivePotion {
    pub potion: PieceId,
    pub seat: Seat,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<PieceId>,
}

/// The Treasure card a piece is, if it is a Potion (4.4.3).
pub fn potion<'a>(cat: &'a Catalog, piece: &PieceId) -> Option<&'a Treasure> {
    match piece {
        PieceId::Treasure { id } => cat
            .items
            .treasure(id)
            .filter(|t| t.is(TreasureKind::Potion)),
        _ => None,
    }
}

/// Whether the Potion can be activated in this game: its use is known (`potion`).
pub fn activatable(cat: &Catalog, piece: &PieceId) -> bool {
    potion(cat, piece).is_some_and(|t| t.potion.is_some())
}

/// Whether the Potion was activated today (4.4.3: once a day; it stays active).
pub fn activated_today(state: &GameState, piece: &PieceId) -> bool {
    state.today.potions.iter().any(|p| &p.potion == piece)
}

/// Why the seat may not activate this Potion now, if it may not.
pub fn refusal(cat: &Catalog, state: &GameState, seat: Seat, piece: &PieceId) -> Option<String> {
    if !activatable(cat, piece) {
        return Some("this Potion's effect is not in play yet (4.4.3)".into());
    }
    let drink = potion(cat, piece).and_then(|t| t.drink);
    // The Withered Claw's Wish (and the Amulet's choice) is made in Daylight or in a
    // round of combat, not while trading after the last round.
    let chooses = matches!(
        drink,
        Some(PotionEffect::WishAndCurse | PotionEffect::CancelSpell)
    );
    if chooses && current_stage(state) == Some(super::CombatStage::Trading) {
        return Some("its choice cannot be made while trading after combat".into());
    }
    // The Amulet: only with a spell or curse in his clearing to cancel (4.6.7a).
    if drink == Some(PotionEffect::CancelSpell)
        && super::spells::amulet::candidates(state, seat).is_empty()
    {
        return Some("there is no spell or curse in his clearing for it to cancel".into());
    }
    activated_today(state, piece).then(|| "it was used today (4.4.3)".into())
}

fn current_stage(state: &GameState) -> Option<super::CombatStage> {
    super::current(state).map(|c| c.stage)
}

/// 4.4.3: the Potion has just been activated by `seat`: it turns face up and its use is
/// recorded until Midnight (applied to his active weapon, or his dagger, 4.4.3d). The
/// Withered Claw's Wish, if it asks for a choice, is owed at once: in combat with the
/// round's spell choices, in Daylight before his phase.
pub fn activated(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    piece: &PieceId,
) -> Result<Events, RuleError> {
    let mut events = Vec::new();
    let Some(card) = potion(cat, piece) else {
        return Ok(events);
    };
    let Some(usage) = card.potion else {
        return Ok(events);
    };
    state.piles.set_facing(piece, Facing::Up);
    let weapon = match usage {
        PotionUse::AppliedToWeapon => {
            super::fighters::active_weapon(cat, state, seat).map(|(w, _)| w)
        }
        _ => None,
    };
    // Gripping Dust: the weapon it is applied to turns alerted side up, and stays so.
    if let Some(w) = &weapon {
        if card.combat.contains(&CombatEffect::StaysAlerted) {
            state.piles.set_facing(w, Facing::Alerted);
        }
    }
    let on = match (usage, &weapon) {
        (PotionUse::AppliedToWeapon, Some(w)) => format!(" on {w}"),
        (PotionUse::AppliedToWeapon, None) => " on his dagger".into(),
        _ => String::new(),
    };
    events.push(Event::public(
        "4.4.3",
        format!(
            "{} uses {}{on} until Midnight.",
            who::who(cat, state, seat),
            card.name
        ),
        E::PotionUsed {
            seat,
            potion: piece.clone(),
            weapon: weapon.clone(),
        },
    ));
    state.today.potions.push(ActivePotion {
        potion: piece.clone(),
        seat,
        weapon,
    });
    // What drinking it does outside combat (the Vial of Healing).
    crate::magic_realm::day::potions::activated(cat, state, seat, piece, &mut events);
    let wish =
        crate::magic_realm::day::potions::wish_and_curse(cat, state, seat, piece, &mut events)?;
    // The Amulet: he names the spell or curse it cancels (4.6.7a).
    let amulet = (card.drink == Some(PotionEffect::CancelSpell))
        .then_some(super::spells::choices::SpellChoice::Amulet { seat });
    if let Some(choice) = wish.or(amulet) {
        match state.today.evening.combat.as_mut() {
            Some(combat) => combat.spell_choices.push(choice),
            None => {
                state.today.pending = Some(Pending::SpellChoice {
                    choice,
                    before_phase: true,
                })
            }
        }
    }
    if usage == PotionUse::ExpiresWhenActivated {
        discard(cat, state, piece, &mut events);
    }
    Ok(events)
}

/// 4.4.3c: the combat effects of the Potions `seat` used up on himself today.
pub fn seat_effects(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<CombatEffect> {
    state
        .today
        .potions
        .iter()
        .filter(|p| p.seat == seat)
        .filter_map(|p| potion(cat, &p.potion))
        .filter(|t| t.potion == Some(PotionUse::ConsumedByActivation))
        .flat_map(|t| t.combat.iter().copied())
        .collect()
}

/// 4.4.3d: the combat effects on a weapon today (`None`: `seat`'s dagger).
pub fn weapon_effects(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    weapon: Option<&PieceId>,
) -> Vec<CombatEffect> {
    state
        .today
        .potions
        .iter()
        .filter(|p| match weapon {
            Some(w) => p.weapon.as_ref() == Some(w),
            None => p.weapon.is_none() && p.seat == seat,
        })
        .filter_map(|p| potion(cat, &p.potion))
        .filter(|t| t.potion == Some(PotionUse::AppliedToWeapon))
        .flat_map(|t| t.combat.iter().copied())
        .collect()
}

/// Where a used Potion goes: face down to the box named on the card (4.4.3).
pub fn discard_place(cat: &Catalog, piece: &PieceId) -> Option<Place> {
    potion(cat, piece)
        .and_then(|t| t.discard_to)
        .map(crate::magic_realm::day::trading::holdings)
}

fn discard(cat: &Catalog, state: &mut GameState, piece: &PieceId, events: &mut Events) {
    let Some(to) = discard_place(cat, piece) else {
        return;
    };
    if state.piles.place_of(piece) == Some(&to) {
        return;
    }
    if state.piles.move_to(piece, to.clone(), Some(Facing::Down)) {
        let name = potion(cat, piece).map_or_else(|| piece.to_string(), |t| t.name.clone());
        events.push(Event::public(
            "4.4.3",
            format!("{name} is used up: it goes back to the Setup Card."),
            E::PotionDiscarded {
                potion: piece.clone(),
                to,
            },
        ));
    }
}

/// 4.4.6: a Potion that is a weapon (the Alchemist's Mixture) has made its one attack: it
/// goes back to its box at once.
pub fn used_up(cat: &Catalog, state: &mut GameState, piece: &PieceId, events: &mut Events) {
    if potion(cat, piece).is_some() {
        discard(cat, state, piece, events);
    }
}

/// 4.4.3: at Midnight every Potion used today stops and goes face down to its box.
pub fn midnight(cat: &Catalog, state: &mut GameState, events: &mut Events) {
    for used in std::mem::take(&mut state.today.potions) {
        discard(cat, state, &used.potion, events);
    }
}
