//! Hirelings in combat (rules 8.1.4, 8.3.4c, 8.3.5 a.3, 8.3.6a, 8.4.1, 8.4.2, 8.4.6, 8.6):
//! hired natives fight as their hiring character directs. Each denizen fighting another
//! denizen sits on a Melee Section of its own (a [`Duel`]): the defender in a red box, the
//! attackers stacked in the Thrust circle, the last on top.
//!
//! Rulings (docs/rulings.md, "Hirelings in combat"): a hireling's hiding is read by
//! random assignment and luring only (8.3.5, 8.3.4 c.3; [`hidden`]). A character away from the clearing directs
//! his hirelings there (8.1.2: `Combat::absent`) but neither attacks nor is attacked.

pub mod encounter;
pub mod melee;
pub mod rebels;

use super::Combat;
use crate::engine::Event;
use crate::engine::Seat;
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::{hiring, leaders, monster_turns};
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::GameState;
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// 8.3.4c, 8.3.6a: a denizen on its own Melee Section and the denizens attacking it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Duel {
    pub defender: PieceId,
    /// In the order they were put on the sheet: the last is on top (8.3.6 a.3).
    pub attackers: Vec<PieceId>,
    /// 8.4.2: the attacker the defender attacks this round, once picked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub target: Option<PieceId>,
}

/// The character who directs this denizen in combat, if anyone does: the employer of a
/// hired native, the controller of a monster under a control spell (8.3.4 c.1: controlled
/// monsters act like hired natives).
pub fn employer(cat: &Catalog, state: &GameState, piece: &PieceId) -> Option<Seat> {
    match piece {
        PieceId::Native { id } => hiring::employer(state, id),
        PieceId::Monster { .. } => super::spells::controller(cat, state, piece),
        _ => None,
    }
}

/// 7.4, 7.11b, 6.3.1: whether the hireling is hidden: a hired native's own status (a
/// leader's or an underling's, `Hireling::hidden`), a controlled monster's from the turn it
/// took today. The one reading of a hireling's hiding in combat.
pub fn hidden(state: &GameState, piece: &PieceId) -> bool {
    match piece {
        PieceId::Native { id } => leaders::hidden(state, id),
        PieceId::Monster { .. } => monster_turns::hidden(state, piece),
        _ => false,
    }
}

/// 8.3.4 c.3: the hidden hireling becomes unhidden (logged under `rule`); no effect if it
/// is not hidden.
pub fn unhide(
    state: &mut GameState,
    seat: Seat,
    piece: &PieceId,
    rule: &str,
    events: &mut super::Events,
) {
    if !hidden(state, piece) {
        return;
    }
    match piece {
        PieceId::Native { id } => leaders::set_hidden(state, id, false),
        _ => monster_turns::set_hidden(state, piece, false),
    }
    events.push(Event::public(
        rule,
        format!("{piece} is no longer hidden."),
        E::HirelingUnhidden {
            seat,
            hireling: piece.clone(),
        },
    ));
}

/// 8.3.5 a.1, a.3: `seat`'s unhidden hirelings in the clearing `at`.
pub fn unhidden_of(cat: &Catalog, state: &GameState, seat: Seat, at: ClearingRef) -> Vec<PieceId> {
    of(cat, state, seat, at)
        .into_iter()
        .filter(|h| !hidden(state, h))
        .collect()
}

/// Whether `piece` is a hireling (a hired native or controlled monster) of anyone.
pub fn is_hireling(cat: &Catalog, state: &GameState, piece: &PieceId) -> bool {
    employer(cat, state, piece).is_some()
}

/// 8.1.3: `seat`'s hired natives in the clearing `at`, in the order he hired them, then the
/// monsters he controls there.
pub fn of(cat: &Catalog, state: &GameState, seat: Seat, at: ClearingRef) -> Vec<PieceId> {
    let here = Place::Clearing { at };
    let natives = state.seat(seat).into_iter().flat_map(|s| {
        s.hirelings.iter().map(|h| PieceId::Native {
            id: h.native.clone(),
        })
    });
    let monsters = state
        .piles
        .pile(&here)
        .iter()
        .map(|c| c.piece.clone())
        .filter(|p| matches!(p, PieceId::Monster { .. }))
        .filter(|p| super::spells::controller(cat, state, p) == Some(seat))
        .collect::<Vec<_>>();
    natives
        .filter(|p| state.piles.place_of(p) == Some(&here))
        .chain(monsters)
        .collect()
}

/// Every hireling taking part in the combat: those of the characters fighting there, and
/// of those away who direct them (8.1.2).
pub fn in_combat(cat: &Catalog, state: &GameState, combat: &Combat) -> Vec<PieceId> {
    combat
        .directing()
        .flat_map(|s| of(cat, state, s, combat.at))
        .collect()
}

impl Combat {
    /// The duel in which `piece` is the defender.
    pub fn duel_of(&self, piece: &PieceId) -> Option<usize> {
        self.duels.iter().position(|d| &d.defender == piece)
    }

    /// The duel in which `piece` is an attacker.
    pub fn attacking_in(&self, piece: &PieceId) -> Option<usize> {
        self.duels.iter().position(|d| d.attackers.contains(piece))
    }

    /// Whether `piece` is on any Melee Section this round: a character's, or a denizen's
    /// as attacker or defender (a duel always has an attacker).
    pub fn engaged(&self, piece: &PieceId) -> bool {
        self.sheet_of(piece).is_some()
            || self.attacking_in(piece).is_some()
            || self.duel_of(piece).is_some()
    }

    /// 8.3.6 a.3, a.5, a.6: `attacker` attacks the denizen `defender`: an attacking
    /// defender leaves the sheet it was on (and a defender left alone there becomes the
    /// newest attacker on its ex-attacker's sheet, unless it is a red-side-up Tremendous
    /// monster holding a character: it returns to his sheet, a.8); the attacker goes on
    /// top of the defender's attackers. A red-side-up Tremendous monster attacked on a
    /// character's sheet goes onto its own, still holding him (a.8).
    pub fn attack_denizen(&mut self, attacker: &PieceId, defender: &PieceId) {
        let mut lone = None;
        if let Some(i) = self.attacking_in(defender) {
            if let Some(d) = self.duels.get_mut(i) {
                d.attackers.retain(|p| p != defender);
                if d.attackers.is_empty() {
                    lone = Some(self.duels.remove(i).defender);
                }
            }
        }
        for v in self.sheets.values_mut() {
            v.retain(|p| p != defender);
        }
        let i = match self.duel_of(defender) {
            Some(i) => i,
            None => {
                self.duels.push(Duel {
                    defender: defender.clone(),
                    attackers: Vec::new(),
                    target: None,
                });
                self.duels.len() - 1
            }
        };
        let lone = lone
            .filter(|l| l != attacker)
            .and_then(|l| self.back_to_held(vec![l]).pop());
        if let Some(d) = self.duels.get_mut(i) {
            d.attackers.push(attacker.clone());
            if let Some(lone) = lone {
                d.attackers.push(lone);
            }
        }
    }

    /// Takes `piece` off every denizen's sheet: as an attacker, or as a defender (its
    /// attackers are left unassigned).
    /// A red-side-up Tremendous monster left alone on its own sheet returns to the sheet
    /// of the character it holds (8.3.6 a.8).
    pub(in crate::magic_realm::combat) fn leave_duels(&mut self, piece: &PieceId) {
        self.duels.retain(|d| &d.defender != piece);
        for d in &mut self.duels {
            d.attackers.retain(|p| p != piece);
            if d.target.as_ref() == Some(piece) {
                d.target = None;
            }
        }
        self.drop_empty_duels();
    }

    /// Ends the duels left without attackers; a red-side-up Tremendous defender holding a
    /// character returns to his sheet (8.3.6 a.8).
    pub(in crate::magic_realm::combat) fn drop_empty_duels(&mut self) {
        let alone: Vec<PieceId> = self
            .duels
            .iter()
            .filter(|d| d.attackers.is_empty())
            .map(|d| d.defender.clone())
            .collect();
        self.duels.retain(|d| !d.attackers.is_empty());
        self.back_to_held(alone);
    }
}

/// 8.4.2: unhired natives and monsters do not fight each other: once a control spell ends,
/// the monsters it controlled leave the Melee Sections where they fought uncontrolled
/// denizens, and a Tremendous one lets go of an unhired denizen it held (it turns red
/// side down).
pub fn part_unhired(cat: &Catalog, state: &mut GameState, events: &mut super::Events) {
    let Some(combat) = super::current(state) else {
        return;
    };
    let hired = in_combat(cat, state, combat);
    let Ok(combat) = super::current_mut(state) else {
        return;
    };
    for d in &mut combat.duels {
        if !hired.contains(&d.defender) {
            d.attackers.retain(|a| hired.contains(a));
            if d.target.as_ref().is_some_and(|t| !d.attackers.contains(t)) {
                d.target = None;
            }
        }
    }
    let freed: Vec<PieceId> = combat
        .holding_denizens
        .iter()
        .filter(|(m, d)| !hired.contains(m) && !hired.contains(d))
        .map(|(m, _)| m.clone())
        .collect();
    for m in &freed {
        combat.release(m);
    }
    combat.drop_empty_duels();
    super::holding::let_go(state, &freed, "8.4.2", events);
}
