//! Choices a spell's result asks for in combat (4.6.7b Wishes; Ask Demon; the Magic Wand's
//! red die): held in the combat, first first, and made by their seats once all of the
//! round's spells have come to life, before the Melee Step (`combat::targets` waits for
//! them).

use super::{wishes, Events};
use crate::engine::{RuleError, Seat};
use crate::magic_realm::actions::MagicRealmAction as A;
use crate::magic_realm::catalog::tables::TableId;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::{current, current_mut, CombatTarget};
use crate::magic_realm::day::who;
use crate::magic_realm::state::GameState;
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// A spell's result waiting for its seat's choice: a Wish's (4.6.7b), the question Ask
/// Demon lets him ask ([`super::ask_demon`]), or the red die of his roll (the Magic Wand).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "choice", rename_all = "camelCase")]
pub enum SpellChoice {
    /// I Wish I Were Elsewhere, or named by You Were Elsewhere: `seat` picks the clearing
    /// he teleports to.
    Teleport { seat: Seat },
    /// You Were Elsewhere: `seat` names the individual in his clearing who teleports.
    Elsewhere { seat: Seat },
    /// Vision: `seat` picks the Setup Card pile whose Treasure cards he looks at.
    Vision { seat: Seat },
    /// Ask Demon: `seat` asks his question.
    AskDemon { seat: Seat },
    /// The Magic Wand: `seat` chooses the red die before rolling on the Wishes Table.
    WishRedDie { seat: Seat },
    /// The Magic Wand: `seat` chooses the red die before another spell's roll.
    RedDie { seat: Seat, roll: RedDieRoll },
    /// The Amulet (4.6.7a): `seat` names the spell or curse it cancels.
    Amulet { seat: Seat },
}

/// The Magic Wand: a spell's roll waiting for its owner to set the red die.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "table", rename_all = "camelCase")]
pub enum RedDieRoll {
    /// He cast the Curse spell on `target`: he rolls on the Curses Table for him (the
    /// card: "The spellcaster rolls on the Curses table"; 4.6.7a).
    Curse { target: Seat },
    /// He cast Power of the Pit on `target`: he rolls on the Power of the Pit Table for it
    /// (the card: "The spellcaster rolls"; 4.6.7b).
    Pit { target: CombatTarget },
    /// He rolls on the Violent Storm Table for the storm he cast from `spell_box`.
    Storm { spell_box: u8 },
    /// He rolls on the Missile Table for his Attack spell's hits this round (8.4.9).
    Missile,
    /// He rolls on the Transform Table for the Transform he cast from `spell_box` (4.6.8).
    Transform { spell_box: u8 },
    /// He rolls on the Power of the Pit Table for looting the Toadstool Circle (7.5), in
    /// Daylight.
    SitePit,
    /// He rolls on the Power of the Pit Table if a Demon's or Winged Demon's attack strikes
    /// him this round (8.4.7): set before the Melee Step ([`super::wand_strikes`]).
    PitStrike,
    /// He rolls on the Curses Table if the Imp's attack strikes him this round (8.4.7).
    CurseStrike,
}

impl SpellChoice {
    /// The seat who decides.
    pub fn seat(&self) -> Seat {
        match self {
            SpellChoice::Teleport { seat }
            | SpellChoice::Elsewhere { seat }
            | SpellChoice::Vision { seat }
            | SpellChoice::AskDemon { seat }
            | SpellChoice::WishRedDie { seat }
            | SpellChoice::RedDie { seat, .. }
            | SpellChoice::Amulet { seat } => *seat,
        }
    }
}

/// The Magic Wand (`rolls::controls_red_die`): when `seat` sets the red die of his roll on
/// `table`, the roll `roll` waits for his choice, queued in the combat. True if it waits.
pub fn red_die_first(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    table: TableId,
    roll: RedDieRoll,
) -> Result<bool, RuleError> {
    if !crate::magic_realm::day::rolls::controls_red_die(cat, state, seat, table) {
        return Ok(false);
    }
    current_mut(state)?
        .spell_choices
        .push(SpellChoice::RedDie { seat, roll });
    Ok(true)
}

/// The choices owed by characters no longer playing (killed this round) are dropped, and
/// an Amulet's with nothing left in the clearing to cancel.
pub fn tidy(state: &mut GameState) {
    let playing: Vec<bool> = current(state)
        .map(|c| {
            c.spell_choices
                .iter()
                .map(|ch| {
                    who::playing(state, ch.seat())
                        && !matches!(ch, SpellChoice::Amulet { seat }
                            if super::amulet::candidates(state, *seat).is_empty())
                })
                .collect()
        })
        .unwrap_or_default();
    if let Some(c) = state.today.evening.combat.as_mut() {
        let mut keep = playing.into_iter();
        c.spell_choices.retain(|_| keep.next().unwrap_or(false));
    }
}

/// The choice the combat waits for, if any.
pub fn waiting(state: &GameState) -> Option<SpellChoice> {
    current(state).and_then(|c| c.spell_choices.first().cloned())
}

/// The seat's options for the choice he owes.
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    match waiting(state) {
        Some(choice) if choice.seat() == seat => options_for(cat, state, choice),
        _ => Vec::new(),
    }
}

/// The options of `choice`, for its seat (in combat or, for a Site card's result, in
/// Daylight).
pub fn options_for(cat: &Catalog, state: &GameState, choice: SpellChoice) -> Vec<A> {
    match choice {
        SpellChoice::Teleport { .. } => state
            .map
            .clearings(&cat.tiles)
            .into_iter()
            .map(|to| A::WishTeleport { to })
            .collect(),
        SpellChoice::Elsewhere { seat } => wishes::elsewhere_candidates(cat, state, seat)
            .into_iter()
            .map(|target| A::WishAway { target })
            .collect(),
        SpellChoice::Vision { .. } => wishes::vision_piles(state)
            .into_iter()
            .map(|pile| A::WishVision { pile })
            .collect(),
        SpellChoice::WishRedDie { .. } | SpellChoice::RedDie { .. } => {
            (1..=6).map(|value| A::ChooseRedDie { value }).collect()
        }
        SpellChoice::AskDemon { seat } => super::ask_demon::questions(cat, state, seat)
            .into_iter()
            .map(|question| A::AskDemon { question })
            .collect(),
        SpellChoice::Amulet { seat } => super::amulet::candidates(state, seat)
            .into_iter()
            .map(|aim| A::AmuletCancels { aim })
            .collect(),
    }
}

/// Applies the seat's choice.
pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
) -> Result<Events, RuleError> {
    if !options(cat, state, seat).contains(action) {
        return Err(RuleError::illegal(format!(
            "{action:?} is not a choice this spell offers"
        )));
    }
    let mut events = Vec::new();
    let owed = current_mut(state)?.spell_choices.remove(0);
    match action {
        A::WishTeleport { to } => wishes::teleport(cat, state, seat, *to, &mut events)?,
        A::WishAway { target } => {
            if let Some(next) = wishes::name_elsewhere(cat, state, seat, target, &mut events)? {
                current_mut(state)?.spell_choices.insert(0, next);
            }
        }
        A::WishVision { pile } => wishes::vision(cat, state, seat, pile, &mut events),
        A::ChooseRedDie { value } => {
            events.push(crate::magic_realm::day::rolls::red_die_chosen(
                cat, state, seat, *value,
            ));
            let red = Some(*value);
            match owed {
                SpellChoice::RedDie {
                    roll: RedDieRoll::Curse { target },
                    ..
                } => crate::magic_realm::day::curses::inflict_by(
                    cat,
                    state,
                    seat,
                    target,
                    red,
                    &mut events,
                )?,
                SpellChoice::RedDie {
                    roll: RedDieRoll::Pit { target },
                    ..
                } => super::pit::power_of_the_pit_with_red(
                    cat,
                    state,
                    &target,
                    &crate::magic_realm::combat::round::Who::Character(seat),
                    Some(seat),
                    red,
                    &mut events,
                )?,
                SpellChoice::RedDie {
                    roll: RedDieRoll::Storm { spell_box },
                    ..
                } => super::storm::roll_storm(cat, state, seat, spell_box, red, &mut events)?,
                SpellChoice::RedDie {
                    roll: RedDieRoll::Transform { spell_box },
                    ..
                } => {
                    super::transform::roll_transform(cat, state, seat, spell_box, red, &mut events)?
                }
                SpellChoice::RedDie {
                    roll: RedDieRoll::SitePit,
                    ..
                } => super::pit::in_daylight(cat, state, seat, red, &mut events)?,
                SpellChoice::RedDie {
                    roll: RedDieRoll::Missile,
                    ..
                } => {
                    current_mut(state)?.red_missile.insert(seat, *value);
                }
                SpellChoice::RedDie {
                    roll: roll @ (RedDieRoll::PitStrike | RedDieRoll::CurseStrike),
                    ..
                } => super::wand_strikes::chosen(state, seat, roll, *value)?,
                _ => {
                    if let Some(next) = wishes::grant_rolled(cat, state, seat, red, &mut events)? {
                        current_mut(state)?.spell_choices.insert(0, next);
                    }
                }
            }
        }
        A::AskDemon { question } => {
            super::ask_demon::ask(cat, state, seat, question, &mut events);
        }
        A::AmuletCancels { aim } => super::amulet::cancel(cat, state, seat, aim, &mut events)?,
        other => {
            return Err(RuleError::internal(format!(
                "{other:?} is not a spell's choice"
            )));
        }
    }
    Ok(events)
}
