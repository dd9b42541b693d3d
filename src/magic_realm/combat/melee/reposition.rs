//! Repositioning denizens and changing tactics (8.4.6).
//!
//! Each group of counters rolls once on the Repositioning Denizens Table: every counter in
//! box (circle, square) `i` moves to `moves_to[i]`. Then each box of the group that holds a
//! counter able to change tactics rolls two dice: if either is a 6, every such counter in
//! that box turns over. Native horses and Tremendous monster bodies never change tactics
//! (their heads and clubs do); a steady group (a hireling defender on its own sheet)
//! neither moves nor changes tactics.
//!
//! The groups roll in a fixed order (see [`super::chance`]): sheet by sheet; a character's
//! red boxes; on a denizen's sheet the target, the circles, then the defender. A group
//! with no counter, or a steady one, rolls nothing; a box with no counter that can change
//! tactics rolls nothing.

use super::chance::{Chance, SheetPart};
use super::tables::MeleeTables;
use super::{Denizen, DenizenKind, FighterId, Lane, MeleeFighter, Sheet, Situation};
use crate::engine::RuleError;
use crate::magic_realm::catalog::common::Side;

/// Where a denizen stands after repositioning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Spot {
    pub sheet: usize,
    pub part: SheetPart,
    pub lane: Lane,
}

/// Every fighter's spot and side once the denizens have been randomized.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// By fighter index: the denizen's spot, `None` for characters and denizens on no
    /// sheet.
    pub spots: Vec<Option<Spot>>,
    /// By fighter index: the side up (characters: `Light`, unused).
    pub sides: Vec<Side>,
    /// The denizens in the order the sheets list them (for `MeleeOutcome::placed`).
    pub order: Vec<FighterId>,
}

impl Board {
    pub fn spot(&self, id: FighterId) -> Option<Spot> {
        self.spots.get(usize::from(id.0)).copied().flatten()
    }

    pub fn side(&self, id: FighterId) -> Side {
        self.sides
            .get(usize::from(id.0))
            .copied()
            .unwrap_or(Side::Light)
    }
}

/// Whether a counter ever changes tactics (8.4.6, 8.4.7).
pub fn changes_tactics(d: &Denizen) -> bool {
    !d.steady
        && !matches!(
            d.kind,
            DenizenKind::NativeHorse { .. } | DenizenKind::Monster { tremendous: true }
        )
}

fn flip(side: Side) -> Side {
    match side {
        Side::Light => Side::Dark,
        Side::Dark => Side::Light,
    }
}

/// The denizen with index `id` in the situation.
pub fn denizen(sit: &Situation, id: FighterId) -> Result<&Denizen, RuleError> {
    match sit.fighters.get(usize::from(id.0)) {
        Some(MeleeFighter::Denizen(d)) => Ok(d),
        Some(MeleeFighter::Character(_)) => Err(RuleError::internal(format!(
            "fighter {} is a character, placed where only denizens go",
            id.0
        ))),
        None => Err(RuleError::internal(format!("no fighter {}", id.0))),
    }
}

/// Places every denizen as the sheets list it, then rolls to reposition and change
/// tactics group by group (8.4.6).
pub fn randomize(
    tables: &MeleeTables,
    sit: &Situation,
    chance: &mut dyn Chance,
) -> Result<Board, RuleError> {
    let n = sit.fighters.len();
    let mut board = Board {
        spots: vec![None; n],
        sides: sit
            .fighters
            .iter()
            .map(|f| match f {
                MeleeFighter::Denizen(d) => d.side,
                MeleeFighter::Character(_) => Side::Light,
            })
            .collect(),
        order: Vec::with_capacity(n),
    };
    for (sheet, s) in sit.sheets.iter().enumerate() {
        match s {
            Sheet::Character { boxes, .. } => {
                place(sit, &mut board, sheet, SheetPart::RedBoxes, boxes)?;
                roll_group(
                    tables,
                    sit,
                    &mut board,
                    (sheet, SheetPart::RedBoxes),
                    boxes,
                    chance,
                )?;
            }
            Sheet::Denizen {
                defender,
                target,
                circles,
                ..
            } => {
                place(sit, &mut board, sheet, SheetPart::Defender, defender)?;
                place(sit, &mut board, sheet, SheetPart::Target, target)?;
                place(sit, &mut board, sheet, SheetPart::Circles, circles)?;
                for (part, list) in [
                    (SheetPart::Target, target),
                    (SheetPart::Circles, circles),
                    (SheetPart::Defender, defender),
                ] {
                    roll_group(tables, sit, &mut board, (sheet, part), list, chance)?;
                }
            }
        }
    }
    Ok(board)
}

/// Puts a group's counters where the sheet lists them.
fn place(
    sit: &Situation,
    board: &mut Board,
    sheet: usize,
    part: SheetPart,
    entries: &[(FighterId, Lane)],
) -> Result<(), RuleError> {
    for &(id, lane) in entries {
        denizen(sit, id)?;
        let slot = board
            .spots
            .get_mut(usize::from(id.0))
            .ok_or_else(|| RuleError::internal(format!("no fighter {}", id.0)))?;
        if slot.is_some() {
            return Err(RuleError::internal(format!(
                "fighter {} is placed twice in the melee",
                id.0
            )));
        }
        *slot = Some(Spot { sheet, part, lane });
        board.order.push(id);
    }
    Ok(())
}

/// One group's Repositioning roll, then its Change Tactics rolls box by box.
fn roll_group(
    tables: &MeleeTables,
    sit: &Situation,
    board: &mut Board,
    (sheet, part): (usize, SheetPart),
    entries: &[(FighterId, Lane)],
    chance: &mut dyn Chance,
) -> Result<(), RuleError> {
    let mut steady = false;
    for &(id, _) in entries {
        steady |= denizen(sit, id)?.steady;
    }
    if entries.is_empty() || steady {
        return Ok(());
    }
    let perm = tables.repositioning(chance.reposition(sheet, part))?;
    for &(id, _) in entries {
        if let Some(spot) = board.spots[usize::from(id.0)].as_mut() {
            spot.lane = perm
                .destination(spot.lane.number())
                .and_then(Lane::from_number)
                .ok_or_else(|| RuleError::internal("a Repositioning row names no box"))?;
        }
    }
    for lane in Lane::ALL {
        let mut any = false;
        for &(id, _) in entries {
            let here = board.spot(id).is_some_and(|s| s.lane == lane);
            any |= here && changes_tactics(denizen(sit, id)?);
        }
        if !any || !tables.turns_over(chance.change_tactics(sheet, part, lane))? {
            continue;
        }
        for &(id, _) in entries {
            let here = board.spot(id).is_some_and(|s| s.lane == lane);
            if here && changes_tactics(denizen(sit, id)?) {
                let side = &mut board.sides[usize::from(id.0)];
                *side = flip(*side);
            }
        }
    }
    Ok(())
}
