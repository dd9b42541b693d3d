//! The three dice tables of the Melee Step, looked up once per resolution so the kernel
//! never searches the catalog while it resolves: Repositioning Denizens and Change Tactics
//! (8.4.6), Missile (8.4.9).

use crate::engine::RuleError;
use crate::magic_realm::catalog::tables::{
    lookup, BoxPermutation, HarmChange, Row, TableId, TableResults, TacticsResult,
};
use crate::magic_realm::catalog::Catalog;

/// The rows of the Melee Step's tables.
#[derive(Debug, Clone, Copy)]
pub struct MeleeTables<'a> {
    repositioning: &'a [Row<BoxPermutation>],
    change_tactics: &'a [Row<TacticsResult>],
    missile: &'a [Row<HarmChange>],
}

impl<'a> MeleeTables<'a> {
    pub fn new(cat: &'a Catalog) -> Result<Self, RuleError> {
        let results = |id| {
            cat.tables
                .get(id)
                .map(|t| &t.results)
                .ok_or_else(|| RuleError::internal(format!("the catalog has no {id:?} table")))
        };
        let repositioning = match results(TableId::RepositioningDenizens)? {
            TableResults::RepositioningDenizens(rows) => rows.as_slice(),
            _ => return Err(RuleError::internal("Repositioning table of the wrong kind")),
        };
        let change_tactics = match results(TableId::ChangeTactics)? {
            TableResults::ChangeTactics(rows) => rows.as_slice(),
            _ => {
                return Err(RuleError::internal(
                    "Change Tactics table of the wrong kind",
                ))
            }
        };
        let missile = match results(TableId::Missile)? {
            TableResults::Missile(rows) => rows.as_slice(),
            _ => return Err(RuleError::internal("Missile table of the wrong kind")),
        };
        Ok(MeleeTables {
            repositioning,
            change_tactics,
            missile,
        })
    }

    /// Repositioning Denizens Table (8.4.6): where each box's contents go.
    pub fn repositioning(&self, roll: u8) -> Result<&'a BoxPermutation, RuleError> {
        lookup(self.repositioning, roll)
            .ok_or_else(|| RuleError::internal(format!("no Repositioning row for roll {roll}")))
    }

    /// Change Tactics Table (8.4.6), keyed by the higher of the two dice: a 6 on either
    /// die turns the counters over.
    pub fn turns_over(&self, dice: [u8; 2]) -> Result<bool, RuleError> {
        let higher = dice[0].max(dice[1]);
        if dice[0].min(dice[1]) < 1 {
            return Err(RuleError::internal(format!(
                "bad Change Tactics dice {dice:?}"
            )));
        }
        match lookup(self.change_tactics, higher) {
            Some(TacticsResult::TurnOver) => Ok(true),
            Some(TacticsResult::NoChange) => Ok(false),
            None => Err(RuleError::internal(format!(
                "no Change Tactics row for dice {dice:?}"
            ))),
        }
    }

    /// Missile Table (8.4.9): the harm levels a row adds (negative: removes).
    pub fn missile_levels(&self, row: u8) -> Result<i8, RuleError> {
        lookup(self.missile, row)
            .map(|r| r.harm_levels)
            .ok_or_else(|| RuleError::internal(format!("no Missile Table row {row}")))
    }
}
