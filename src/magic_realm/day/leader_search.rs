//! A hired leader's or controlled monster's Search phase (rules 6.2.5, 7.5, 4.1.4, 4.5.5,
//! 7.11c, 7.11d, 4.6.8c): when his Search phase comes, his employer (a monster's
//! controller) picks the table (Peer in his clearing or, from a mountain, a nearby one;
//! Locate; Loot of a treasure site he has discovered in his clearing, or of the abandoned
//! items there) and, on a Choice row, the result. He rolls two dice, unmodified (4.1.4:
//! die-roll modifications never apply to hirelings). What he finds is his: his discoveries
//! (4.5.4; a controlled monster's last with its turn, the day), his hidden enemies; what
//! he loots he carries (`Place::Carried`), for his employer. The characters spying on him
//! learn the sites he loots (4.5.5b). A monster of mist does not search (4.6.8c: its
//! Search phase is blank, `monster_turns`).
//!
//! Rulings (docs/rulings.md, "a hired leader's Search"): he has no chits, so he cannot pay
//! the effort of the Cairns or the Pool; he opens the Vault with his own Tremendous
//! strength or a following Tremendous underling's (7.11d); Clues are seen by his employer;
//! he does not loot Treasures-Within-Treasures Site cards, read runes or use Magic Sight.

use super::search::{abandoned_items, peer_targets, sites_in, table_name};
pub use super::searcher::Searcher;
use super::{leaders, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E, SearchChoice};
use crate::magic_realm::catalog::chits::MapChitId;
use crate::magic_realm::catalog::denizens::NativeId;
use crate::magic_realm::catalog::setup_card::SetupBox;
use crate::magic_realm::catalog::tables::{
    LocateResult, PeerResult, SearchEffect, SearchPick, TableId,
};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, PieceKind, Place};
use crate::magic_realm::state::{Discoveries, GameState};

type Events = Vec<Event<E>>;

/// 4.5.4: what the hired leader has discovered.
pub fn discoveries(state: &GameState, leader: &NativeId) -> Discoveries {
    leaders::employer(state, leader)
        .and_then(|s| state.seat(s))
        .and_then(|s| s.hirelings.iter().find(|h| &h.native == leader))
        .map(|h| h.discoveries.clone())
        .unwrap_or_default()
}

pub(super) fn discoveries_mut<'a>(
    state: &'a mut GameState,
    leader: &NativeId,
) -> Option<&'a mut Discoveries> {
    let seat = leaders::employer(state, leader)?;
    state
        .seat_mut(seat)?
        .hirelings
        .iter_mut()
        .find(|h| &h.native == leader)
        .map(|h| &mut h.discoveries)
}

/// The treasure sites in his clearing the searcher has discovered.
fn discovered_sites_here(
    cat: &Catalog,
    state: &GameState,
    who: &Searcher,
    here: ClearingRef,
) -> Vec<MapChitId> {
    let found = who.discoveries(state).chits;
    sites_in(cat, state, here)
        .into_iter()
        .filter(|id| found.contains(id))
        .collect()
}

/// 7.5: the searches the searcher can make in his clearing now, in a fixed order.
pub fn options(cat: &Catalog, state: &GameState, who: &Searcher) -> Vec<A> {
    let Some(here) = who.clearing(state) else {
        return Vec::new();
    };
    let offer = |search| who.offer(search);
    let mut out = Vec::new();
    // Fog: nobody in a fogged tile uses the Peer table, nor peers into one.
    if !super::search::fog_on(cat, state, here.tile) {
        for at in peer_targets(cat, state, here) {
            if !super::search::fog_on(cat, state, at.tile) {
                out.push(offer(SearchChoice::Peer { at }));
            }
        }
    }
    out.push(offer(SearchChoice::Locate));
    for site in discovered_sites_here(cat, state, who, here) {
        if super::looting::searcher_can_loot(cat, state, who, &site) {
            out.push(offer(SearchChoice::LootSite { site }));
        }
    }
    if !abandoned_items(cat, state, here).is_empty() {
        out.push(offer(SearchChoice::LootPile));
    }
    out
}

/// 7.5: the rows of a Choice result the master may pick for his searcher.
pub fn pick_options(state: &GameState, who: &Searcher) -> Vec<A> {
    who.stage(state)
        .map(|t| t.picks)
        .unwrap_or_default()
        .into_iter()
        .map(|pick| who.offer_pick(pick))
        .collect()
}

/// 7.5: the searcher searches as his master chose: two dice, unmodified (4.1.4).
pub fn search(
    cat: &Catalog,
    state: &mut GameState,
    master: Seat,
    who: &Searcher,
    search: &SearchChoice,
    events: &mut Events,
) -> Result<(), RuleError> {
    if !who.stage(state).is_some_and(|t| t.searching)
        || !options(cat, state, who).contains(&who.offer(search.clone()))
    {
        return Err(RuleError::illegal(format!(
            "{search:?}: {} cannot search that way here (7.5)",
            who.name(cat, state)
        )));
    }
    let here = who
        .clearing(state)
        .ok_or_else(|| RuleError::internal("the searcher is not on the map"))?;
    let guide = who.guide();
    let before = super::following::snapshot(state, &guide);
    if let SearchChoice::LootSite { site } = search {
        super::looting::searcher_before(cat, state, who, site, events)?;
    }
    let table = match search {
        SearchChoice::Peer { .. } => TableId::Peer,
        SearchChoice::Locate => TableId::Locate,
        _ => TableId::Loot,
    };
    let at = match search {
        SearchChoice::Peer { at } => *at,
        _ => here,
    };
    let roll = state.dice.roll(table_name(table), 2);
    let n = roll.higher();
    events.push(Event::roll(
        "7.5",
        &roll,
        format!(
            "{} searches {} on the {} table (two dice, unmodified)",
            who.name(cat, state),
            who::name(cat, at),
            table_name(table)
        ),
        who.searched_event(table, n, at),
    ));
    who.set_stage(state, |t| t.searching = false);
    match search {
        SearchChoice::LootSite { site } => {
            let kind = cat
                .map_chits
                .site_chits
                .iter()
                .find(|s| &s.id == site)
                .map(|s| s.site)
                .ok_or_else(|| RuleError::illegal(format!("{} is not a site", site.0)))?;
            // 8.3.9c: the Spell cards of a treasure site cannot be taken.
            let pile: Vec<PieceId> = state
                .piles
                .pile(&Place::SetupBox {
                    target: SetupBox::Site(kind),
                })
                .iter()
                .filter(|c| c.piece.kind() != PieceKind::Spell)
                .map(|c| c.piece.clone())
                .collect();
            loot(cat, state, master, who, n, &pile, events);
            super::spying::site_looted_by(cat, state, &guide, site, events);
            super::spying::show_site(cat, state, site, "7.5", events);
        }
        SearchChoice::LootPile => {
            let pile = abandoned_items(cat, state, here);
            loot(cat, state, master, who, n, &pile, events);
        }
        _ => resolve(cat, state, master, who, (table, n), at, events),
    }
    super::following::share_search(cat, state, &guide, &before);
    done_unless_choosing(state, who);
    Ok(())
}

/// 7.5: the master picks a row of his searcher's Choice result.
pub fn pick(
    cat: &Catalog,
    state: &mut GameState,
    master: Seat,
    who: &Searcher,
    pick: SearchPick,
    events: &mut Events,
) -> Result<(), RuleError> {
    let stage = who
        .stage(state)
        .ok_or_else(|| RuleError::illegal("nobody is searching"))?;
    if !stage.picks.contains(&pick) {
        return Err(RuleError::illegal(format!(
            "{pick:?} is not a result {} may pick (7.5)",
            who.name(cat, state)
        )));
    }
    let at = stage
        .search_at
        .or_else(|| who.clearing(state))
        .ok_or_else(|| RuleError::internal("the searcher is not on the map"))?;
    who.set_stage(state, |t| {
        t.picks.clear();
        t.search_at = None;
    });
    events.push(Event::public(
        "7.5",
        format!(
            "The master of {} picks {:?} {}.",
            who.name(cat, state),
            pick.table,
            pick.roll
        ),
        E::SearchPicked { seat: master, pick },
    ));
    let guide = who.guide();
    let before = super::following::snapshot(state, &guide);
    resolve(cat, state, master, who, (pick.table, pick.roll), at, events);
    super::following::share_search(cat, state, &guide, &before);
    done_unless_choosing(state, who);
    Ok(())
}

/// The search of this phase is done unless a Choice waits for the master's pick.
fn done_unless_choosing(state: &mut GameState, who: &Searcher) {
    who.set_stage(state, |t| t.searched = t.picks.is_empty());
}

/// A Peer or Locate row: a Choice waits for the master's pick; other rows take effect.
fn resolve(
    cat: &Catalog,
    state: &mut GameState,
    master: Seat,
    who: &Searcher,
    (table, n): (TableId, u8),
    at: ClearingRef,
    events: &mut Events,
) {
    let (choice, effects): (Option<Vec<SearchPick>>, Vec<SearchEffect>) = match table {
        TableId::Peer => match cat.tables.peer(n) {
            Some(PeerResult::Choice(p)) => (Some(p.clone()), Vec::new()),
            Some(r) => (None, r.effects().to_vec()),
            None => (None, Vec::new()),
        },
        TableId::Locate => match cat.tables.locate(n) {
            Some(LocateResult::Choice(p)) => (Some(p.clone()), Vec::new()),
            Some(r) => (None, r.effects().to_vec()),
            None => (None, Vec::new()),
        },
        _ => (None, Vec::new()),
    };
    let picks: Vec<SearchPick> = choice
        .unwrap_or_default()
        .into_iter()
        .filter(|p| matches!(p.table, TableId::Peer | TableId::Locate))
        .collect();
    if !picks.is_empty() {
        events.push(Event::public(
            "7.5",
            format!(
                "Choice: the master of {} picks one of the table's results.",
                who.name(cat, state)
            ),
            who.choice_event(),
        ));
        who.set_stage(state, |t| {
            t.picks = picks;
            t.search_at = Some(at);
        });
        return;
    }
    if effects.is_empty() {
        events.push(Event::public(
            "7.5",
            format!("{}'s search finds nothing.", who.name(cat, state)),
            who.nothing_event(),
        ));
    }
    for e in effects {
        apply_effect(cat, state, master, who, e, at, events);
    }
}

/// 7.5.1: a search result applied to the searcher: his discoveries, his hidden enemies;
/// Clues are seen by his master.
fn apply_effect(
    cat: &Catalog,
    state: &mut GameState,
    master: Seat,
    searcher: &Searcher,
    effect: SearchEffect,
    at: ClearingRef,
    events: &mut Events,
) {
    let who = searcher.name(cat, state);
    match effect {
        SearchEffect::Clues => {
            let seen = super::search::face_down_chits(state, at.tile);
            if let Some(s) = state.seat_mut(master) {
                s.known.extend(seen.iter().cloned());
            }
            events.push(Event::private(
                "7.5.1",
                master,
                format!(
                    "Clues: {who} looks secretly at {} map chit(s) in the tile, for you.",
                    seen.len()
                ),
                E::CluesSeen { pieces: seen },
            ));
        }
        SearchEffect::Paths | SearchEffect::Passages => {
            let (kind, found) = super::search::roadways_found(cat, state, at, effect);
            if let Some(d) = searcher.discoveries_mut(state) {
                d.paths.extend(found.iter().cloned());
            }
            events.push(Event::private(
                "7.5.1",
                master,
                format!("{who} discovers {} {kind:?} roadway(s).", found.len()),
                searcher.paths_event(found),
            ));
        }
        SearchEffect::HiddenEnemies => {
            searcher.find_enemies(state);
            events.push(Event::public(
                "7.5.1",
                format!("{who} finds hidden enemies until Midnight."),
                searcher.enemies_event(),
            ));
        }
        SearchEffect::DiscoverChits => {
            let sites = sites_in(cat, state, at);
            if let Some(d) = searcher.discoveries_mut(state) {
                d.chits.extend(sites.iter().cloned());
            }
            events.push(Event::private(
                "7.5.1",
                master,
                format!("{who} discovers {} treasure site(s) here.", sites.len()),
                searcher.chits_event(sites),
            ));
        }
    }
}

/// 7.5: Loot takes the item `n` places from the top of the pile, if there is one, into
/// what the searcher carries (his master's; 7.2.2: inactive, known to his master). A
/// Treasures-Within-Treasures card that is not an item (a Site card, or one exchanged for
/// what it holds) stays where it is: he takes nothing (our ruling).
fn loot(
    cat: &Catalog,
    state: &mut GameState,
    master: Seat,
    searcher: &Searcher,
    n: u8,
    pile: &[PieceId],
    events: &mut Events,
) {
    let who = searcher.name(cat, state);
    let index = pile.len().checked_sub(usize::from(n));
    let piece = index.and_then(|i| pile.get(i)).cloned().filter(|p| {
        !matches!(p, PieceId::Treasure { id }
            if super::twt::info(cat, id).is_some_and(|i| i.kind != crate::magic_realm::catalog::items::TwtKind::Item))
    });
    let Some(piece) = piece else {
        events.push(Event::public(
            "7.5",
            format!("{who} finds nothing it can take."),
            searcher.nothing_event(),
        ));
        return;
    };
    super::carried::keep(cat, state, &searcher.counter(), &piece);
    events.push(Event::public(
        "7.5",
        format!("{who} takes an item ({:?}).", piece.kind()),
        searcher.looted_event(piece.kind()),
    ));
    events.push(Event::private(
        "7.5",
        master,
        format!("{who} takes {piece} for you."),
        E::LootedPiece { piece },
    ));
}
