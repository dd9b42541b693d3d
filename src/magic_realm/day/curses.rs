//! Curses (rule 4.6.7a; Curses Table): the caster of the Curse spell rolls on the Curses
//! Table for his target; the Imp's attack, Reading Runes, the Withered Claw and some
//! Site cards make a character roll for himself. The roll is two dice, the higher, with
//! the roller's die-roll modifications (4.1.2). A curse lasts until it is removed: Eyemist
//! cancels his Search phases, Squeak keeps him from hiding, Wither fatigues his active
//! asterisk chits and keeps them from being rested back, Ill Health cancels his Rest
//! phases, Ashes and Disgust make his recorded gold and fame count as -1. The Chapel
//! removes every curse in its clearing at Midnight, and Exorcise every curse in its
//! clearing; Make Whole breaks Wither; Remedy removes one curse. Curses have no effect on
//! monsters and natives.

use super::who;
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::chits::DwellingId;
use crate::magic_realm::catalog::tables::Curse;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::{Activity, ChitStatus, GameState};

type Events = Vec<Event<E>>;

/// Whether `seat` has `curse` and it affects him (Pentangle, Melt into Mist and Protection
/// from Magic nullify curses while they work).
pub fn has(state: &GameState, seat: Seat, curse: Curse) -> bool {
    state.seat(seat).is_some_and(|s| s.curses.contains(&curse))
        && !crate::magic_realm::combat::spells::curses_nullified(state, seat)
}

/// 4.6.7a: the curse that cancels this activity when he does it, if any.
pub fn forbids(state: &GameState, seat: Seat, activity: &Activity) -> Option<Curse> {
    let curse = match activity {
        Activity::Search => Curse::Eyemist,
        Activity::Hide => Curse::Squeak,
        Activity::Rest => Curse::IllHealth,
        _ => return None,
    };
    has(state, seat, curse).then_some(curse)
}

/// 4.6.7a: the character rolls on the Curses Table for himself and gets the curse rolled
/// (a curse he already has does nothing more).
pub fn inflict(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    events: &mut Events,
) -> Result<(), RuleError> {
    inflict_by(cat, state, seat, seat, None, events)
}

/// 4.6.7a, 4.1.2: `roller` rolls on the Curses Table with his die-roll modifications (Lucky
/// Charm, Cloven Hoof, Bad Luck...), the red die set to `red` (the Magic Wand,
/// `day::rolls::roll_with_red`), and `target` gets the curse rolled.
pub fn inflict_by(
    cat: &Catalog,
    state: &mut GameState,
    roller: Seat,
    target: Seat,
    red: Option<u8>,
    events: &mut Events,
) -> Result<(), RuleError> {
    use super::rolls::{mods, roll_with_red, RollFor};
    use crate::magic_realm::catalog::tables::TableId;
    let m = mods(cat, state, roller, RollFor::Table(TableId::Curses));
    let roll = roll_with_red(state, "curses", m, red);
    let curse = cat
        .tables
        .curse(m.result(&roll))
        .copied()
        .ok_or_else(|| RuleError::internal("the Curses Table has no such row"))?;
    let text = if roller == target {
        format!(
            "Curses Table for {}: {curse:?}",
            who::who(cat, state, target)
        )
    } else {
        format!(
            "{} rolls on the Curses Table for {}: {curse:?}",
            who::who(cat, state, roller),
            who::who(cat, state, target)
        )
    };
    events.push(Event::roll(
        "4.6.7",
        &roll,
        text,
        E::Cursed {
            seat: target,
            curse,
        },
    ));
    add(cat, state, target, curse, events);
    Ok(())
}

/// The character gets `curse`, with its immediate effects.
pub fn add(cat: &Catalog, state: &mut GameState, seat: Seat, curse: Curse, events: &mut Events) {
    let Some(sheet) = state.seat_mut(seat) else {
        return;
    };
    if !sheet.curses.insert(curse) {
        return;
    }
    match curse {
        // Wither: every active chit with an effort asterisk (colour chits too) fatigues.
        Curse::Wither => {
            let withered: Vec<u8> = who::chits(cat, state, seat)
                .filter(|(_, c, st)| {
                    c.effort > 0 && matches!(st, ChitStatus::Fresh | ChitStatus::Enchanted)
                })
                .map(|(i, _, _)| i)
                .collect();
            if let Some(sheet) = state.seat_mut(seat) {
                for i in withered {
                    if let Some(slot) = sheet.chits.get_mut(usize::from(i)) {
                        *slot = ChitStatus::Fatigued;
                    }
                }
            }
        }
        // Squeak: he cannot be hidden.
        Curse::Squeak => super::hiding::unhide(
            cat,
            state,
            seat,
            "4.6.7",
            "cannot stay hidden (Squeak).",
            events,
        ),
        _ => {}
    }
}

/// The curse is removed (Remedy; Make Whole for Wither).
pub fn remove(cat: &Catalog, state: &mut GameState, seat: Seat, curse: Curse, events: &mut Events) {
    if state
        .seat_mut(seat)
        .is_some_and(|s| s.curses.remove(&curse))
    {
        events.push(Event::public(
            "4.6.7",
            format!(
                "{}'s {curse:?} curse is removed.",
                who::who(cat, state, seat)
            ),
            E::CurseRemoved { seat, curse },
        ));
    }
}

/// 4.6.7a: at Midnight the Chapel removes every curse in its clearing.
pub fn midnight(cat: &Catalog, state: &mut GameState, events: &mut Events) {
    let chapel = PieceId::Dwelling {
        id: DwellingId::Chapel,
    };
    let Some(Place::Clearing { at }) = state.piles.place_of(&chapel).cloned() else {
        return;
    };
    remove_all_in(cat, state, at, events);
}

/// Every curse on the characters in clearing `at` is removed (the Chapel at Midnight;
/// Exorcise breaks "every spell and Curse that is in effect in the clearing").
pub fn remove_all_in(
    cat: &Catalog,
    state: &mut GameState,
    at: crate::magic_realm::map::ClearingRef,
    events: &mut Events,
) {
    for seat in state.all_seats().collect::<Vec<_>>() {
        if who::clearing(state, seat) != Some(at) {
            continue;
        }
        let curses: Vec<Curse> = state
            .seat(seat)
            .map(|s| s.curses.iter().copied().collect())
            .unwrap_or_default();
        for curse in curses {
            remove(cat, state, seat, curse, events);
        }
    }
}

/// 4.6.7a (Ashes): the recorded gold he may spend or give away. While his gold is ashes
/// he gains gold normally but can pay none of it out (buying, drinks, hiring, repaying a
/// boon, gifts of gold).
pub fn spendable_gold(state: &GameState, seat: Seat) -> i32 {
    state.seat(seat).map_or(0, |s| {
        if s.curses.contains(&Curse::Ashes) {
            0
        } else {
            s.gold
        }
    })
}

/// 4.6.7a (Disgust): whether he may pay recorded Fame (swallowing a Challenge, 7.6,
/// 8.2.2). While his Fame is disgust he gains Fame normally but can pay none of it.
pub fn may_pay_fame(state: &GameState, seat: Seat) -> bool {
    state
        .seat(seat)
        .is_some_and(|s| !s.curses.contains(&Curse::Disgust))
}

/// 4.6.7a: whether the character has the Curse of Ashes.
pub fn has_ashes(state: &GameState, seat: Seat) -> bool {
    state
        .seat(seat)
        .is_some_and(|s| s.curses.contains(&Curse::Ashes))
}

/// 4.6.7a (Ashes, Disgust): the recorded gold and fame that count for him.
pub fn counted_gold_and_fame(
    state: &GameState,
    seat: Seat,
) -> (i32, crate::magic_realm::points::Points) {
    use crate::magic_realm::points::Points;
    let Some(s) = state.seat(seat) else {
        return (0, Points::ZERO);
    };
    let gold = if s.curses.contains(&Curse::Ashes) {
        -1
    } else {
        s.gold
    };
    let fame = if s.curses.contains(&Curse::Disgust) {
        Points::whole(-1)
    } else {
        s.fame
    };
    (gold, fame)
}
