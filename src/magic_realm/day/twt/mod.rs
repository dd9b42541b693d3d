//! Treasures Within Treasures (rules 2.3.7, 2.4.5, 4.5.4c, 4.5.5 and 7.5 Loot, as GAPS.md
//! 4 restates the missing 7.5.2 to 7.5.5): the six "P" cards hold the pieces of their boxes
//! on the Setup Card. The Remains of Thief and the Mouldy Skeleton are shown as they are
//! drawn and exchanged for their contents (with a roll on the Curses Table); the Site
//! cards (Toadstool Circle, Crypt of the Knight, Enchanted Meadow) are shown and put in the
//! clearing of the site where they were found, discovered by the finder, and looted on
//! their own tables (the Crypt only with the Lost Keys or Tremendous strength); the Chest
//! is an item that only the Lost Keys open.

use super::{belongings, looting, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E, SearchChoice};
use crate::magic_realm::catalog::chits::MapChitId;
use crate::magic_realm::catalog::items::{TreasureId, TwtInfo, TwtKind, TwtLock};
use crate::magic_realm::catalog::setup_card::SetupBox;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::state::GameState;

mod spell_tables;
mod tables;
pub use tables::{loot_card, teleport, teleport_options};
pub mod choice {
    //! The Daylight choices of a Site card's Wish or Power of the Pit.
    pub use super::spell_tables::{apply, decider, options};
}

type Events = Vec<Event<E>>;

/// The card's TWT facts, if it is a TWT card.
pub fn info(cat: &Catalog, card: &TreasureId) -> Option<TwtInfo> {
    cat.items.treasure(card).and_then(|t| t.twt)
}

fn card_of(piece: &PieceId) -> Option<&TreasureId> {
    match piece {
        PieceId::Treasure { id } => Some(id),
        _ => None,
    }
}

fn card_name(cat: &Catalog, card: &TreasureId) -> String {
    cat.items
        .treasure(card)
        .map_or_else(|| card.0.clone(), |t| t.name.clone())
}

/// Whether the piece is a Site card (2.3.7): a place, not an item.
pub fn is_site_card(cat: &Catalog, piece: &PieceId) -> bool {
    card_of(piece)
        .and_then(|c| info(cat, c))
        .is_some_and(|i| i.kind == TwtKind::SiteCard)
}

/// The pieces in a TWT card's box on the Setup Card (2.4.5), bottom to top.
fn contents(state: &GameState, card: &TreasureId) -> Vec<(PieceId, Facing)> {
    let place = Place::SetupBox {
        target: SetupBox::Treasure(card.clone()),
    };
    state
        .piles
        .pile(&place)
        .iter()
        .map(|c| (c.piece.clone(), c.facing))
        .collect()
}

/// Whether this Site card has been discovered (4.6.1c: the Toadstool Circle supplies its
/// magic once discovered): found during play (so drawn and discovered by its finder, even
/// if he has since made a fresh start), or among someone's discoveries.
pub fn discovered_by_anyone(state: &GameState, card: &TreasureId) -> bool {
    state.twt_sites.contains_key(card)
        || state
            .seats
            .iter()
            .any(|s| s.discoveries.cards.contains(card))
}

/// Whether `piece` lying in a clearing supplies its colour magic there: always for an
/// Enchanted card, only once discovered for a Site card (4.6.1c).
pub fn supplies_colour(cat: &Catalog, state: &GameState, piece: &PieceId) -> bool {
    match card_of(piece).and_then(|c| info(cat, c).map(|i| (c, i))) {
        Some((card, i)) if i.kind == TwtKind::SiteCard => discovered_by_anyone(state, card),
        _ => true,
    }
}

/// 7.5: what the seat can do with TWT cards in a Search phase: loot the Site cards he
/// has discovered in his clearing (the Crypt only if he can open it), and open a Chest he
/// holds with the Lost Keys active.
pub fn options(cat: &Catalog, state: &GameState, seat: Seat, here: ClearingRef) -> Vec<A> {
    let mut out = Vec::new();
    let found = state
        .seat(seat)
        .map(|s| s.discoveries.cards.clone())
        .unwrap_or_default();
    for c in state.piles.pile(&Place::Clearing { at: here }) {
        let Some(card) = card_of(&c.piece) else {
            continue;
        };
        let site = info(cat, card).is_some_and(|i| i.kind == TwtKind::SiteCard);
        if site && found.contains(card) && can_search(cat, state, seat, card) {
            out.push(A::Search {
                search: SearchChoice::LootCard { card: card.clone() },
            });
        }
    }
    if looting::keys_active(state, seat) {
        for piece in belongings::owned(state, seat) {
            let Some(card) = card_of(&piece) else {
                continue;
            };
            if info(cat, card).is_some_and(|i| i.lock == Some(TwtLock::LostKeys)) {
                out.push(A::Search {
                    search: SearchChoice::OpenChest {
                        chest: card.clone(),
                    },
                });
            }
        }
    }
    out
}

/// GAPS.md 4: every search of the Crypt of the Knight needs the Lost Keys active or
/// Tremendous strength (his own or a following underling's, 7.11d): [`looting::can_open`].
fn can_search(cat: &Catalog, state: &GameState, seat: Seat, card: &TreasureId) -> bool {
    match info(cat, card).and_then(|i| i.lock) {
        Some(TwtLock::TremendousOrLostKeys) => looting::can_open(cat, state, seat),
        Some(TwtLock::LostKeys) => looting::keys_active(state, seat),
        None => true,
    }
}

/// 7.5 (GAPS.md 4): a TWT card the seat has just drawn into his belongings while looting
/// `site`. The cards that must be shown at once are: the Remains of Thief and the Mouldy
/// Skeleton are exchanged for their contents; a Site card goes to the clearing. Returns
/// whether the card was one of these (the Chest, like other cards, stays secret).
pub fn drawn(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    piece: &PieceId,
    site: Option<&MapChitId>,
    events: &mut Events,
) -> Result<bool, RuleError> {
    let Some(card) = card_of(piece) else {
        return Ok(false);
    };
    let Some(twt) = info(cat, card) else {
        return Ok(false);
    };
    let name = who::who(cat, state, seat);
    let shown = |events: &mut Events| {
        events.push(Event::public(
            "7.5",
            format!(
                "{name} draws the {} and shows it at once.",
                card_name(cat, card)
            ),
            E::TwtCardShown {
                seat,
                card: card.clone(),
            },
        ))
    };
    match twt.kind {
        TwtKind::Item => Ok(false),
        TwtKind::ExchangedForItems => {
            shown(events);
            state
                .piles
                .move_to(piece, Place::OutOfPlay, Some(Facing::Up));
            if twt.curse {
                super::curses::inflict(cat, state, seat, events)?;
            }
            let gold = cat.items.treasure(card).and_then(|t| t.gold).unwrap_or(0);
            let pieces = hand_over(cat, state, seat, card, gold, events)?;
            events.push(Event::public(
                "2.3.7",
                format!(
                    "The {} goes out of play: {name} takes {gold} gold and what it held.",
                    card_name(cat, card)
                ),
                E::TwtExchanged {
                    seat,
                    card: card.clone(),
                    gold,
                    pieces,
                },
            ));
            Ok(true)
        }
        TwtKind::SiteCard => {
            shown(events);
            let here = who::clearing_or_err(state, seat)?;
            state
                .piles
                .move_to(piece, Place::Clearing { at: here }, Some(Facing::Up));
            if let Some(s) = state.seat_mut(seat) {
                s.inactive.remove(piece);
            }
            if let Some(site) = site {
                state.twt_sites.insert(card.clone(), site.clone());
            }
            events.push(Event::public(
                "2.3.7",
                format!(
                    "The {} is put in {}: a treasure site of its own.",
                    card_name(cat, card),
                    who::name(cat, here)
                ),
                E::SiteCardPlaced {
                    card: card.clone(),
                    at: here,
                },
            ));
            discover(cat, state, seat, card, None, events);
            Ok(true)
        }
    }
}

/// The seat discovers the Site card (and, 4.5.5b, the site where it was found), with a
/// private event for what is new to him. `spied`: the character he spies on.
pub fn discover(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    card: &TreasureId,
    spied: Option<Seat>,
    events: &mut Events,
) {
    let site = state.twt_sites.get(card).cloned();
    let whom = spied.map(|s| who::who(cat, state, s));
    let Some(s) = state.seat_mut(seat) else {
        return;
    };
    let new_card = s.discoveries.cards.insert(card.clone());
    let new_site = match &site {
        Some(site) if spied.is_some() => s.discoveries.chits.insert(site.clone()),
        _ => false,
    };
    let text = match &whom {
        Some(w) => format!(
            "Spying on {w}, you discover the {} he loots.",
            card_name(cat, card)
        ),
        None => format!("You discover the {}.", card_name(cat, card)),
    };
    if new_card {
        events.push(Event::private(
            "4.5.5",
            seat,
            text,
            E::SiteCardsDiscovered {
                cards: vec![card.clone()],
            },
        ));
    }
    if let (true, Some(site)) = (new_site, site) {
        events.push(Event::private(
            "4.5.5",
            seat,
            format!("You also discover the {} where it was found.", site.0),
            E::ChitsDiscovered { chits: vec![site] },
        ));
    }
}

/// 4.5.5b: a hired leader spying on the seat as he loots the Site card discovers it and the
/// site where it was found: his own discoveries, told to his employer only.
pub fn leader_discovers(
    cat: &Catalog,
    state: &mut GameState,
    leader: &crate::magic_realm::catalog::denizens::NativeId,
    card: &TreasureId,
    spied: Seat,
    events: &mut Events,
) {
    let site = state.twt_sites.get(card).cloned();
    let whom = who::who(cat, state, spied);
    let name = super::leaders::name(cat, leader);
    let (Some(employer), Some(d)) = (
        super::leaders::employer(state, leader),
        super::leader_search::discoveries_mut(state, leader),
    ) else {
        return;
    };
    let new_card = d.cards.insert(card.clone());
    let new_site = site.filter(|s| d.chits.insert(s.clone()));
    if new_card {
        events.push(Event::private(
            "4.5.5",
            employer,
            format!(
                "Spying on {whom}, {name} discovers the {} he loots.",
                card_name(cat, card)
            ),
            E::LeaderSiteCardsDiscovered {
                leader: leader.clone(),
                cards: vec![card.clone()],
            },
        ));
    }
    if let Some(site) = new_site {
        events.push(Event::private(
            "4.5.5",
            employer,
            format!("{name} also discovers the {} where it was found.", site.0),
            E::LeaderChitsDiscovered {
                leader: leader.clone(),
                chits: vec![site],
            },
        ));
    }
}

/// Gives the seat `gold` and every piece in the card's box: the face-up ones openly, the
/// face-down ones in secret. Returns the face-up pieces.
fn hand_over(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    card: &TreasureId,
    gold: u32,
    events: &mut Events,
) -> Result<Vec<PieceId>, RuleError> {
    if let Some(s) = state.seat_mut(seat) {
        s.gold += i32::try_from(gold).unwrap_or(0);
    }
    let place = who::belongings_place(state, seat)
        .ok_or_else(|| RuleError::internal("a seat without a character takes a treasure"))?;
    let mut open = Vec::new();
    for (piece, facing) in contents(state, card) {
        state.piles.move_to(&piece, place.clone(), None);
        if let Some(s) = state.seat_mut(seat) {
            s.known.insert(piece.clone());
        }
        if facing.is_secret() {
            events.push(Event::private(
                "2.3.7",
                seat,
                format!("You take {piece}."),
                E::LootedPiece {
                    piece: piece.clone(),
                },
            ));
        } else {
            open.push(piece.clone());
        }
        events.extend(belongings::obtained(cat, state, seat, &piece));
    }
    Ok(open)
}

/// 2.3.7 (GAPS.md 4; rulings): the seat opens the Chest he holds with the Lost Keys
/// active: the Chest goes out of play, and he takes its gold and the treasures inside.
pub fn open_chest(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    chest: &TreasureId,
    events: &mut Events,
) -> Result<(), RuleError> {
    let piece = PieceId::Treasure { id: chest.clone() };
    let locked = info(cat, chest).is_some_and(|i| i.lock == Some(TwtLock::LostKeys));
    if !locked || !belongings::owned(state, seat).contains(&piece) {
        return Err(RuleError::illegal(format!(
            "he holds no {} to open",
            card_name(cat, chest)
        )));
    }
    if !looting::keys_active(state, seat) {
        return Err(RuleError::illegal("only the Lost Keys open the Chest"));
    }
    let name = who::who(cat, state, seat);
    state
        .piles
        .move_to(&piece, Place::OutOfPlay, Some(Facing::Up));
    if let Some(s) = state.seat_mut(seat) {
        s.inactive.remove(&piece);
    }
    let gold = cat.items.treasure(chest).and_then(|t| t.gold).unwrap_or(0);
    let pieces = hand_over(cat, state, seat, chest, gold, events)?;
    events.push(Event::public(
        "2.3.7",
        format!(
            "{name} opens the {} with the Lost Keys: it goes out of play; he takes {gold} gold and what was inside.",
            card_name(cat, chest)
        ),
        E::ChestOpened {
            seat,
            chest: chest.clone(),
            gold,
            pieces,
        },
    ));
    Ok(())
}
