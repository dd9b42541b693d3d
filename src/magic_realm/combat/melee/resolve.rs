//! Resolving attacks (8.4.8) and inflicting harm in order (8.4.9).

use super::{Chance, Outcome, Situation};
use crate::engine::RuleError;
use crate::magic_realm::catalog::Catalog;

/// Resolves a Melee Step: repositions and changes tactics (8.4.6), matches attacks with
/// maneuvers (8.4.8) and inflicts harm in order (8.4.9).
pub fn resolve(
    _cat: &Catalog,
    _situation: &Situation,
    _chance: &mut dyn Chance,
) -> Result<Outcome, RuleError> {
    Err(RuleError::internal("melee resolution is being written"))
}
