//! The Lost spell (List of Spells, Lost; Lost Table): while energized, an affected
//! character who uses the Move activity to leave a clearing rolls on the Lost Table (two
//! dice, the higher, with his modifications, 4.1.1) and moves to the adjacent clearing
//! with that number instead of the one he recorded. A character targeted is affected
//! wherever he is; a tile targeted affects every character who starts a Move in one of its
//! clearings. Running (8.3.8), flying (7.3.3) and a Move that starts between clearings are
//! not affected.
//!
//! The Daylight Move (`day::daylight`) asks [`way`] where a Move phase goes; when several
//! adjacent clearings bear the number rolled, he picks one ([`options`], [`choose`]).
//!
//! Card rule 2: a tile targeted also affects every hired leader, controlled monster and
//! phantasm that starts a Move in one of its clearings. Their turns ask [`minion_way`];
//! their owner picks among several clearings ([`choose_for`]).

use super::{places, Events, SpellEffect};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::tables::TableId;
use crate::magic_realm::catalog::tiles::ClearingKind;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::rolls::{controls_red_die, mods, roll_with_red, RollFor};
use crate::magic_realm::day::{birdsong, who};
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::{GameState, Pending};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// Whether a working Lost spell affects `seat` where he is: aimed at him, or at the tile
/// of his clearing (not while he is mist).
pub fn affected(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    super::character_bewitched_by(cat, state, seat, SpellEffect::Lost)
        || places::tile_affects(cat, state, seat, SpellEffect::Lost)
}

/// Where his Move phase recorded to `recorded` takes him: the recorded clearing if he is
/// not Lost (or starts between clearings); else the adjacent clearing the Lost Table
/// picks. None when the phase goes nowhere: no adjacent clearing bears the number rolled
/// (the phase is forfeited), or he must pick among several (`Pending::LostWay`).
pub fn way(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    recorded: ClearingRef,
    events: &mut Events,
) -> Result<Option<ClearingRef>, RuleError> {
    way_with_red(cat, state, seat, recorded, None, events)
}

/// [`way`], the red die set to `red` (the Magic Wand). Without a value chosen, an owner
/// of an active Magic Wand is first asked for it (`Pending::LostRedDie`).
pub fn way_with_red(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    recorded: ClearingRef,
    red: Option<u8>,
    events: &mut Events,
) -> Result<Option<ClearingRef>, RuleError> {
    let climbing = state.today.climbing;
    let climb_to = std::mem::take(&mut state.today.lost_climb);
    if who::roadway(state, seat).is_some() || !affected(cat, state, seat) {
        return Ok(Some(recorded));
    }
    let Some(from) = who::clearing(state, seat) else {
        return Ok(Some(recorded));
    };
    // The second Move phase of a climb the Lost Table began completes it.
    if let Some(to) = climb_to.filter(|_| climbing) {
        return Ok(Some(to));
    }
    if red.is_none() && controls_red_die(cat, state, seat, TableId::Lost) {
        // Ask again when he has chosen.
        state.today.lost_climb = climb_to;
        state.today.pending = Some(Pending::LostRedDie { seat });
        return Ok(None);
    }
    let m = mods(cat, state, seat, RollFor::Table(TableId::Lost));
    let roll = roll_with_red(state, "lost", m, red);
    let number = cat
        .tables
        .lost(m.result(&roll))
        .map(|r| r.move_to_clearing.0)
        .ok_or_else(|| RuleError::internal("the Lost Table has no such row"))?;
    let mut choices: Vec<ClearingRef> = birdsong::move_targets(cat, state, seat, from)
        .into_iter()
        .filter(|c| c.clearing.0 == number)
        .collect();
    choices.sort();
    choices.dedup();
    let name = who::who(cat, state, seat);
    events.push(Event::roll(
        "4.6.8",
        &roll,
        format!(
            "{name} is Lost: instead of {}, he moves to the adjacent clearing {number}",
            who::name(cat, recorded)
        ),
        E::LostRolled {
            seat,
            clearing: number,
        },
    ));
    match choices.as_slice() {
        [] => {
            state.today.climbing = false;
            events.push(Event::public(
                "4.6.8",
                format!(
                    "No clearing {number} adjoins {}: {name} goes nowhere; the phase is forfeited.",
                    who::name(cat, from)
                ),
                E::PhaseCancelled {
                    seat,
                    reason: "Lost: no adjacent clearing bears the number rolled".into(),
                },
            ));
            Ok(None)
        }
        [to] => Ok(Some(heading(cat, state, *to))),
        _ => {
            state.today.pending = Some(Pending::LostWay { seat, choices });
            Ok(None)
        }
    }
}

/// A Lost Move toward a mountain clearing begins a climb that his next Move phase
/// completes toward the same clearing.
fn heading(cat: &Catalog, state: &mut GameState, to: ClearingRef) -> ClearingRef {
    if who::clearing_kind(cat, state, to) == Some(ClearingKind::Mountain) && !state.today.climbing {
        state.today.lost_climb = Some(to);
    }
    to
}

/// The clearings he may pick among, when several bear the number rolled; or the red
/// die's values (the Magic Wand).
pub fn options(state: &GameState, seat: Seat) -> Vec<A> {
    match &state.today.pending {
        Some(Pending::LostRedDie { seat: s }) if *s == seat => {
            (1..=6).map(|value| A::ChooseRedDie { value }).collect()
        }
        Some(Pending::LostWay { seat: s, choices }) if *s == seat => {
            choices.iter().map(|to| A::LostWay { to: *to }).collect()
        }
        _ => Vec::new(),
    }
}

/// He picks `to` among the clearings offered: the Move goes there.
pub fn choose(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    to: ClearingRef,
) -> Result<ClearingRef, RuleError> {
    if !options(state, seat).contains(&A::LostWay { to }) {
        return Err(RuleError::illegal(
            "not one of the adjacent clearings the Lost Table offers",
        ));
    }
    state.today.pending = None;
    Ok(heading(cat, state, to))
}

/// The Magic Wand: he sets the red die to `value` for the Lost roll of his Move phase to
/// `recorded`; where the Move goes then, as [`way`].
pub fn choose_red_die(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    recorded: ClearingRef,
    value: u8,
    events: &mut Events,
) -> Result<Option<ClearingRef>, RuleError> {
    if !options(state, seat).contains(&A::ChooseRedDie { value }) {
        return Err(RuleError::illegal(
            "not a value of the red die he may choose now",
        ));
    }
    state.today.pending = None;
    events.push(crate::magic_realm::day::rolls::red_die_chosen(
        cat, state, seat, value,
    ));
    way_with_red(cat, state, seat, recorded, Some(value), events)
}

/// Lost, card rule 2: who other than a character is Lost: a hired leader or controlled
/// monster (by its counter), or a character's phantasm.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "mover", rename_all = "camelCase")]
pub enum LostMover {
    Denizen {
        piece: PieceId,
    },
    Phantasm {
        seat: Seat,
    },
    /// Witch, Familiar: her familiar.
    Familiar {
        seat: Seat,
    },
}

/// Lost, card rule 2: a hired leader's, controlled monster's or phantasm's Lost Move
/// under way, kept with its turn.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LostMove {
    /// The adjacent clearings bearing the number rolled, among which its owner picks.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<ClearingRef>,
    /// The clearing its owner picked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<ClearingRef>,
    /// A Lost Move toward a mountain clearing: the climb its next Move phase completes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub climb: Option<ClearingRef>,
}

impl LostMove {
    /// Whether its owner must pick among the clearings rolled.
    pub fn choosing(&self) -> bool {
        !self.choices.is_empty()
    }

    /// The choices offered to its owner.
    pub fn options(&self) -> Vec<A> {
        self.choices
            .iter()
            .map(|to| A::LostWay { to: *to })
            .collect()
    }

    /// Its owner's pick (`LostWay`) while he must choose; any other action is refused.
    pub fn apply(&mut self, action: &A) -> Result<(), RuleError> {
        match action {
            A::LostWay { to } => choose_for(self, *to),
            other => Err(RuleError::illegal(format!(
                "{other:?}: its owner must first pick where its Lost Move goes (Lost)"
            ))),
        }
    }

    /// Whether nothing is under way (for `skip_serializing_if`).
    pub fn is_idle(&self) -> bool {
        self == &LostMove::default()
    }
}

/// Where a minion's Move phase goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MinionWay {
    /// To this clearing (the recorded one, unless Lost).
    To(ClearingRef),
    /// No adjacent clearing bears the number rolled: the phase is forfeited.
    Nowhere,
    /// Its owner must pick first ([`LostMove::options`]).
    Choose,
}

/// Lost, card rule 2: where the Move phase recorded to `recorded` of `mover`, in `from`,
/// goes. If a Lost spell works on `from`'s tile, it rolls on the Lost Table, two dice, the
/// higher, unmodified (4.1.4: die-roll modifications never apply to hirelings; a
/// phantasm has none of its own), and goes to the one of `targets` (its clearings one
/// Move away) bearing the number; a climb a Lost Move began is completed without a roll.
/// A denizen of mist is not Lost (4.6.8c).
#[allow(clippy::too_many_arguments)]
pub fn minion_way(
    cat: &Catalog,
    state: &mut GameState,
    lost: &mut LostMove,
    mover: &LostMover,
    (from, recorded): (ClearingRef, ClearingRef),
    targets: &[ClearingRef],
    climbing: bool,
    events: &mut Events,
) -> Result<MinionWay, RuleError> {
    let climb = lost.climb.take();
    if let Some(to) = lost.to.take() {
        return Ok(MinionWay::To(minion_heading(
            cat, state, lost, to, climbing,
        )));
    }
    if let Some(to) = climb.filter(|_| climbing) {
        return Ok(MinionWay::To(to));
    }
    // 4.6.8c: mist is not affected by a spell on its tile.
    let misted = match mover {
        LostMover::Denizen { piece } => super::mist::misted_piece(cat, state, piece),
        LostMover::Phantasm { .. } | LostMover::Familiar { .. } => false,
    };
    if misted || places::on_tile(cat, state, from.tile, SpellEffect::Lost).is_none() {
        return Ok(MinionWay::To(recorded));
    }
    let m = crate::magic_realm::day::rolls::RollMods::NONE;
    let roll = roll_with_red(state, "lost", m, None);
    let number = cat
        .tables
        .lost(m.result(&roll))
        .map(|r| r.move_to_clearing.0)
        .ok_or_else(|| RuleError::internal("the Lost Table has no such row"))?;
    let mut choices: Vec<ClearingRef> = targets
        .iter()
        .copied()
        .filter(|c| c.clearing.0 == number)
        .collect();
    choices.sort();
    choices.dedup();
    events.push(Event::roll(
        "4.6.8",
        &roll,
        format!(
            "{} is Lost: instead of {}, it moves to the adjacent clearing {number}",
            mover_name(cat, state, mover),
            who::name(cat, recorded)
        ),
        E::MinionLostRolled {
            mover: mover.clone(),
            clearing: number,
        },
    ));
    match choices.as_slice() {
        [] => Ok(MinionWay::Nowhere),
        [to] => Ok(MinionWay::To(minion_heading(
            cat, state, lost, *to, climbing,
        ))),
        _ => {
            lost.choices = choices;
            Ok(MinionWay::Choose)
        }
    }
}

/// A minion's Lost Move toward a mountain clearing begins a climb its next Move completes.
fn minion_heading(
    cat: &Catalog,
    state: &GameState,
    lost: &mut LostMove,
    to: ClearingRef,
    climbing: bool,
) -> ClearingRef {
    if who::clearing_kind(cat, state, to) == Some(ClearingKind::Mountain) && !climbing {
        lost.climb = Some(to);
    }
    to
}

/// Its owner picks `to` among the clearings the Lost Table offers its minion.
pub fn choose_for(lost: &mut LostMove, to: ClearingRef) -> Result<(), RuleError> {
    if !lost.choices.contains(&to) {
        return Err(RuleError::illegal(
            "not one of the adjacent clearings the Lost Table offers",
        ));
    }
    lost.choices.clear();
    lost.to = Some(to);
    Ok(())
}

/// The minion's name, for the log.
fn mover_name(cat: &Catalog, state: &GameState, mover: &LostMover) -> String {
    match mover {
        LostMover::Denizen {
            piece: PieceId::Native { id },
        } => crate::magic_realm::day::leaders::name(cat, id),
        LostMover::Denizen { piece } => crate::magic_realm::day::monster_turns::name(cat, piece),
        LostMover::Phantasm { seat } => format!("{}'s phantasm", who::who(cat, state, *seat)),
        LostMover::Familiar { seat } => format!("{}'s familiar", who::who(cat, state, *seat)),
    }
}
