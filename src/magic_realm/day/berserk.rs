//! The Berserker's BERSERK advantage (List of Characters; rules 2.5.5, 4.2.2, 4.2.4a, 7.9):
//! "Playing the Berserk chit raises his vulnerability to Tremendous". He plays it during
//! Daylight (4.2.2) by alerting it with the Alert activity (7.9c, as a Magic chit is
//! alerted); while it stays alerted and in play, until it fatigues at Midnight, he is
//! berserk: his vulnerability is Tremendous instead of his card's, so only Tremendous harm
//! kills him and lesser harm wounds him (8.4.9). His weight is unchanged. The Berserk chit
//! is not a Fight chit in combat: it neither attacks nor turns a weapon (2.5.5, 4.2.2); it
//! counts as a Fight chit only for making change (4.2.4a). See docs/rulings.md.

use super::who;
use crate::engine::Seat;
use crate::magic_realm::catalog::characters::{ChitKind, SpecialAdvantage};
use crate::magic_realm::catalog::common::Size;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::state::{ChitStatus, GameState};

/// His Berserk chit, if his character has the BERSERK advantage.
pub fn chit(cat: &Catalog, state: &GameState, seat: Seat) -> Option<(u8, ChitStatus)> {
    if !who::has(cat, state, seat, SpecialAdvantage::Berserk) {
        return None;
    }
    who::chits(cat, state, seat)
        .find(|(_, c, _)| matches!(c.kind, ChitKind::Berserk { .. }))
        .map(|(i, _, st)| (i, st))
}

fn alerted(state: &GameState, seat: Seat, chit: u8) -> bool {
    state
        .seat(seat)
        .is_some_and(|s| s.alerted_chits.contains(&chit))
}

/// 7.9: the Berserk chit he may alert now: in play and not alerted yet.
pub fn may_alert(cat: &Catalog, state: &GameState, seat: Seat) -> Option<u8> {
    chit(cat, state, seat)
        .filter(|(i, st)| *st == ChitStatus::Fresh && !alerted(state, seat, *i))
        .map(|(i, _)| i)
}

/// Whether he is berserk: his Berserk chit is alerted and still in play.
pub fn is_berserk(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    chit(cat, state, seat).is_some_and(|(i, st)| st == ChitStatus::Fresh && alerted(state, seat, i))
}

/// 8.4.9: the vulnerability a hit on his body is compared with: Tremendous while he is
/// berserk, otherwise his card's weight/vulnerability letter.
pub fn vulnerability(cat: &Catalog, state: &GameState, seat: Seat) -> Size {
    if is_berserk(cat, state, seat) {
        return Size::Tremendous;
    }
    who::card(cat, state, seat).map_or(Size::Medium, |c| c.weight)
}
