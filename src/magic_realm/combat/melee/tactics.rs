//! Changing tactics after the plays are revealed (List of Treasures: Elusive Cloak and
//! Battle Bracelets; 8.4.8): once the denizens have repositioned,
//!
//! * a character with the Elusive Cloak whose attackers all attack slower than the card's
//!   time moves his maneuver to any Maneuver square: the engine moves it to the square the
//!   fewest of those attacks intercept (his own square if it is one of them, else the
//!   lowest-numbered);
//! * a character with the Battle Bracelets whose target maneuvers slower than the card's
//!   time moves his attack to any Attack circle: the engine moves it to the circle that
//!   intercepts the target.
//!
//! Maneuvers move first; the Bracelets then aim at the square the target ends in.

use super::reposition::Board;
use super::resolve::{maneuver_of, Attack};
use super::{FighterId, Lane, MeleeFighter, Situation};
use crate::engine::RuleError;

/// The situation with the Elusive Cloaks' maneuvers moved, if any moved.
pub fn shift_maneuvers(
    sit: &Situation,
    board: &Board,
    horses: &[Option<FighterId>],
    attacks: &[Attack],
) -> Result<Option<Situation>, RuleError> {
    let mut out: Option<Situation> = None;
    for (i, f) in sit.fighters.iter().enumerate() {
        let MeleeFighter::Character(c) = f else {
            continue;
        };
        let Some(limit) = c.shift_maneuver else {
            continue;
        };
        let id = FighterId(u16::try_from(i).map_err(|_| RuleError::internal("too many fighters"))?);
        let Some(mine) = maneuver_of(sit, board, horses, id)? else {
            continue;
        };
        let incoming: Vec<&Attack> = attacks.iter().filter(|a| a.target == id).collect();
        if incoming.is_empty() || incoming.iter().any(|a| a.values.time <= limit) {
            continue;
        }
        // Attacks that undercut him hit wherever he goes; count the ones a square meets.
        let meets = |lane: Lane| {
            incoming
                .iter()
                .filter(|a| a.values.time >= mine.time && a.lane == lane)
                .count()
        };
        let best = Lane::ALL.iter().map(|l| meets(*l)).min().unwrap_or(0);
        let lane = if meets(mine.lane) == best {
            mine.lane
        } else {
            Lane::ALL
                .into_iter()
                .find(|l| meets(*l) == best)
                .unwrap_or(mine.lane)
        };
        if lane == mine.lane {
            continue;
        }
        let copy = out.get_or_insert_with(|| sit.clone());
        if let Some(MeleeFighter::Character(c)) = copy.fighters.get_mut(i) {
            match (&mut c.horse, &mut c.maneuver) {
                (Some(h), _) => h.maneuver.lane = lane,
                (None, Some(m)) => m.lane = lane,
                (None, None) => {}
            }
        }
    }
    Ok(out)
}

/// The attacks, with the Battle Bracelets' attacks moved to intercept their targets.
pub fn shift_attacks(
    sit: &Situation,
    board: &Board,
    horses: &[Option<FighterId>],
    mut attacks: Vec<Attack>,
) -> Result<Vec<Attack>, RuleError> {
    for a in &mut attacks {
        let Some(limit) = a.extras.shift_attack else {
            continue;
        };
        if let Some(m) = maneuver_of(sit, board, horses, a.target)? {
            if m.time > limit {
                a.lane = m.lane;
            }
        }
    }
    Ok(attacks)
}
