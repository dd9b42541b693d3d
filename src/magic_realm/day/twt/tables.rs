//! The Site cards' own tables (7.5, 2.4.5; `tables.json` `twt_*`): looting a Site card
//! rolls on its table instead of the Loot table. Take results take the card's own piece
//! of that kind from its box; the Crypt of the Knight's Gold, the Enchanted Meadow's Heal,
//! the Toadstool Circle's teleport to a cave and Peer into any clearing, the Curses
//! Table, and the Wishes and Power of the Pit Tables ([`super::spell_tables`]).

use super::{card_name, contents, discover, info, Events};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::items::{TreasureId, TwtKind, TwtLock};
use crate::magic_realm::catalog::tables::{Curse, SiteCardResult, TableId};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::{belongings, looting, who};
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, PieceKind, Place};
use crate::magic_realm::state::{ChitStatus, GameState, Pending};

/// 7.5: the seat searches a Site card in his clearing on its own table.
pub fn loot_card(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    card: &TreasureId,
    events: &mut Events,
) -> Result<(), RuleError> {
    let here = who::clearing_or_err(state, seat)?;
    let piece = PieceId::Treasure { id: card.clone() };
    let twt = info(cat, card)
        .filter(|i| i.kind == TwtKind::SiteCard)
        .ok_or_else(|| RuleError::illegal(format!("{} is not a Site card", card.0)))?;
    let table = twt
        .table
        .ok_or_else(|| RuleError::internal(format!("the {} has no table", card.0)))?;
    let in_clearing = state.piles.place_of(&piece) == Some(&Place::Clearing { at: here });
    let found = state
        .seat(seat)
        .is_some_and(|s| s.discoveries.cards.contains(card));
    if !in_clearing || !found {
        return Err(RuleError::illegal(format!(
            "he has not discovered the {} in his clearing",
            card_name(cat, card)
        )));
    }
    let name = who::who(cat, state, seat);
    if twt.lock == Some(TwtLock::TremendousOrLostKeys) {
        looting::open(cat, state, seat, &card_name(cat, card), events)?;
    }
    let mods = crate::magic_realm::day::rolls::mods(
        cat,
        state,
        seat,
        crate::magic_realm::day::rolls::RollFor::Table(table),
    );
    let dice_name = table_name(table);
    let roll = state.dice.roll(dice_name, mods.dice());
    let n = mods.result(&roll);
    let result = cat
        .tables
        .site_card(table, n)
        .copied()
        .unwrap_or(SiteCardResult::Nothing);
    events.push(Event::roll(
        "7.5",
        &roll,
        format!(
            "{name} loots the {} on its own table: {result:?}",
            card_name(cat, card)
        ),
        E::SiteCardSearched {
            seat,
            card: card.clone(),
            table,
            roll: n,
            result,
        },
    ));
    resolve(cat, state, seat, card, result, events)?;
    // 4.5.5b: everyone spying on him discovers the card and the site where it was found.
    let spies = crate::magic_realm::day::spying::spies(cat, state, seat, here);
    for spy in spies.characters {
        discover(cat, state, spy, card, Some(seat), events);
    }
    for spy in spies.leaders {
        super::leader_discovers(cat, state, &spy, card, seat, events);
    }
    Ok(())
}

fn table_name(t: TableId) -> &'static str {
    match t {
        TableId::TwtToadstoolCircle => "twt_toadstool_circle",
        TableId::TwtEnchantedMeadow => "twt_enchanted_meadow",
        TableId::TwtCryptOfTheKnight => "twt_crypt_of_the_knight",
        _ => "site_card",
    }
}

/// A Site card table's result.
fn resolve(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    card: &TreasureId,
    result: SiteCardResult,
    events: &mut Events,
) -> Result<(), RuleError> {
    let name = who::who(cat, state, seat);
    let take = |kind: PieceKind| -> Option<PieceId> {
        contents(state, card)
            .into_iter()
            .rev()
            .map(|(p, _)| p)
            .find(|p| p.kind() == kind)
    };
    let wanted = match result {
        SiteCardResult::TakeHorse => Some(PieceKind::Horse),
        SiteCardResult::TakeWeapon => Some(PieceKind::Weapon),
        SiteCardResult::TakeArmor => Some(PieceKind::Armor),
        SiteCardResult::TakeTreasure => Some(PieceKind::Treasure),
        _ => None,
    };
    if let Some(kind) = wanted {
        match take(kind) {
            Some(piece) => {
                crate::magic_realm::day::search::take(cat, state, seat, &piece, None, events)?
            }
            None => events.push(Event::public(
                "7.5",
                format!("The card's {kind:?} is gone: {name} finds nothing."),
                E::FoundNothing { seat },
            )),
        }
        return Ok(());
    }
    match result {
        SiteCardResult::GainGold(gold) => {
            if let Some(s) = state.seat_mut(seat) {
                s.gold += i32::from(gold);
            }
            events.push(Event::public(
                "7.5",
                format!("{name} gains {gold} gold."),
                E::GoldGained {
                    seat,
                    gold: u32::from(gold),
                },
            ));
        }
        SiteCardResult::Heal => heal(cat, state, seat, events),
        SiteCardResult::RollOn(TableId::Curses) => {
            crate::magic_realm::day::curses::inflict(cat, state, seat, events)?;
        }
        SiteCardResult::Nothing => events.push(Event::public(
            "7.5",
            format!("{name} finds nothing."),
            E::FoundNothing { seat },
        )),
        SiteCardResult::TeleportToCave => {
            state.today.pending = Some(Pending::TeleportToCave);
            events.push(Event::public(
                "7.5",
                format!("{name} will teleport to a cave clearing of his choice."),
                E::SearchChoiceOffered { seat },
            ));
        }
        SiteCardResult::PeerAndEnchantAnyClearing => {
            state.today.peer_anywhere.insert(seat);
            events.push(Event::public(
                "7.5",
                format!(
                    "For the rest of the day {name}'s Peer searches and Enchant activities may target any clearing."
                ),
                E::PeerAnywhere { seat },
            ));
        }
        SiteCardResult::RollOn(TableId::Wishes) => {
            super::spell_tables::wish(cat, state, seat, events)?;
        }
        SiteCardResult::RollOn(TableId::PowerOfThePit) => {
            super::spell_tables::pit(cat, state, seat, events)?;
        }
        // No Site card rolls on another table.
        SiteCardResult::RollOn(_) => events.push(Event::public(
            "7.5",
            format!("{result:?}: this result is not played yet; nothing happens."),
            E::FoundNothing { seat },
        )),
        SiteCardResult::TakeHorse
        | SiteCardResult::TakeWeapon
        | SiteCardResult::TakeArmor
        | SiteCardResult::TakeTreasure => {}
    }
    Ok(())
}

/// The Enchanted Meadow's Heal: every fatigued and wounded chit returns to play, and the
/// Wither curse is broken.
fn heal(cat: &Catalog, state: &mut GameState, seat: Seat, events: &mut Events) {
    let chits: Vec<u8> = who::chits(cat, state, seat)
        .filter(|(_, _, st)| matches!(st, ChitStatus::Fatigued | ChitStatus::Wounded))
        .map(|(i, _, _)| i)
        .collect();
    for chit in &chits {
        who::set_chit(state, seat, *chit, ChitStatus::Fresh);
    }
    events.push(Event::public(
        "7.5",
        format!(
            "{}: {} fatigued and wounded chit(s) return to play.",
            who::who(cat, state, seat),
            chits.len()
        ),
        E::ChitsHealed { seat, chits },
    ));
    crate::magic_realm::day::curses::remove(cat, state, seat, Curse::Wither, events);
}

/// The Toadstool Circle Table's 3: every cave clearing on the map (his own too: he may
/// stay).
pub fn teleport_options(cat: &Catalog, state: &GameState) -> Vec<A> {
    state
        .map
        .clearings(&cat.tiles)
        .into_iter()
        .filter(|c| who::is_cave(cat, state, *c))
        .map(|to| A::Teleport { to })
        .collect()
}

/// The Toadstool Circle Table's 3: he teleports to the cave clearing `to`, keeping his
/// hidden status; his followers are left behind and stop following (7.11a).
pub fn teleport(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    to: ClearingRef,
    events: &mut Events,
) -> Result<(), RuleError> {
    if !matches!(state.today.pending, Some(Pending::TeleportToCave)) {
        return Err(RuleError::illegal("he has no teleport to make"));
    }
    if !who::is_cave(cat, state, to) {
        return Err(RuleError::illegal(format!(
            "{} is not a cave clearing",
            who::name(cat, to)
        )));
    }
    let from = who::clearing_or_err(state, seat)?;
    state.today.pending = None;
    let name = who::who(cat, state, seat);
    let counter =
        who::counter(state, seat).ok_or_else(|| RuleError::internal("no character to move"))?;
    state
        .piles
        .move_to(&counter, Place::Clearing { at: to }, None);
    events.push(Event::public(
        "7.5",
        format!(
            "{name} teleports from {} to {}.",
            who::name(cat, from),
            who::name(cat, to)
        ),
        E::Moved { seat, from, to },
    ));
    teleported(cat, state, seat, events)
}

/// After a teleport in Daylight: he came by no roadway (8.3.8); his followers are left
/// behind and stop following (7.11a); he meets what is in his new clearing.
pub(super) fn teleported(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    events: &mut Events,
) -> Result<(), RuleError> {
    state.today.entered_from.remove(&seat);
    for f in crate::magic_realm::day::following::followers_of(
        state,
        &crate::magic_realm::day::following::Guide::character(seat),
    ) {
        state.today.following.remove(&f);
        state.today.stopped_following.insert(f);
        events.push(Event::public(
            "7.11",
            format!(
                "{} is left behind: he stops following; his turn ends here.",
                who::who(cat, state, f)
            ),
            E::FollowerStops { seat: f },
        ));
    }
    events.extend(belongings::entered_clearing(cat, state, seat));
    crate::magic_realm::day::missions::arrived(cat, state, seat, events)
}
