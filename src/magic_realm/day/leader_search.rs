//! A hired leader's Search phase (rules 6.2.5, 7.5, 4.1.4, 4.5.5, 7.11c, 7.11d): when his
//! Search phase comes, his employer picks the table (Peer in his clearing or, from a
//! mountain, a nearby one; Locate; Loot of a treasure site he has discovered in his
//! clearing, or of the abandoned items there) and, on a Choice row, the result. The leader
//! rolls two dice, unmodified (4.1.4: die-roll modifications never apply to hirelings).
//! What he finds is his: his discoveries (4.5.4), his hidden enemies; what he loots he
//! carries (`Place::Carried`), for his employer. The characters spying on him learn the
//! sites he loots (4.5.5b).
//!
//! Rulings (docs/rulings.md, "a hired leader's Search"): he has no chits, so he cannot pay
//! the effort of the Cairns or the Pool; he opens the Vault with his own Tremendous
//! strength or a following Tremendous underling's (7.11d); Clues are seen by his employer;
//! he does not loot Treasures-Within-Treasures Site cards, read runes or use Magic Sight.

use super::search::{abandoned_items, peer_targets, sites_in, table_name};
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

/// The treasure sites in his clearing the leader has discovered.
fn discovered_sites_here(
    cat: &Catalog,
    state: &GameState,
    leader: &NativeId,
    here: ClearingRef,
) -> Vec<MapChitId> {
    let found = discoveries(state, leader).chits;
    sites_in(cat, state, here)
        .into_iter()
        .filter(|id| found.contains(id))
        .collect()
}

/// 7.5: the searches the leader can make in his clearing now, in a fixed order.
pub fn options(cat: &Catalog, state: &GameState, leader: &NativeId) -> Vec<A> {
    let Some(here) = leaders::clearing(state, leader) else {
        return Vec::new();
    };
    let offer = |search| A::LeaderSearch {
        leader: leader.clone(),
        search,
    };
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
    for site in discovered_sites_here(cat, state, leader, here) {
        if super::looting::leader_can_loot(cat, state, leader, &site) {
            out.push(offer(SearchChoice::LootSite { site }));
        }
    }
    if !abandoned_items(cat, state, here).is_empty() {
        out.push(offer(SearchChoice::LootPile));
    }
    out
}

/// 7.5: the rows of a Choice result the employer may pick for his leader.
pub fn pick_options(state: &GameState, leader: &NativeId) -> Vec<A> {
    state
        .today
        .leader_turn
        .iter()
        .flat_map(|t| t.picks.iter())
        .map(|pick| A::ChooseLeaderSearchResult {
            leader: leader.clone(),
            pick: *pick,
        })
        .collect()
}

/// 7.5: the leader searches as his employer chose: two dice, unmodified (4.1.4).
pub fn search(
    cat: &Catalog,
    state: &mut GameState,
    employer: Seat,
    leader: &NativeId,
    search: &SearchChoice,
    events: &mut Events,
) -> Result<(), RuleError> {
    let offered = A::LeaderSearch {
        leader: leader.clone(),
        search: search.clone(),
    };
    if !options(cat, state, leader).contains(&offered) {
        return Err(RuleError::illegal(format!(
            "{search:?}: the hired leader cannot search that way here (7.5)"
        )));
    }
    let here = leaders::clearing(state, leader)
        .ok_or_else(|| RuleError::internal("the searching leader is not on the map"))?;
    let before = super::following::snapshot(state, &super::following::Guide::leader(leader));
    if let SearchChoice::LootSite { site } = search {
        super::looting::leader_before(cat, state, leader, site, events)?;
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
            leaders::name(cat, leader),
            who::name(cat, at),
            table_name(table)
        ),
        E::LeaderSearched {
            leader: leader.clone(),
            table,
            roll: n,
            at,
        },
    ));
    set_stage(state, |t| t.searching = false);
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
            loot(cat, state, employer, leader, n, &pile, events);
            spied(cat, state, leader, site, events);
            super::spying::show_site(cat, state, site, "7.5", events);
        }
        SearchChoice::LootPile => {
            let pile = abandoned_items(cat, state, here);
            loot(cat, state, employer, leader, n, &pile, events);
        }
        _ => resolve(cat, state, employer, leader, table, n, at, events),
    }
    super::following::share_search(state, &super::following::Guide::leader(leader), &before);
    done_unless_choosing(state);
    Ok(())
}

/// 7.5: the employer picks a row of his leader's Choice result.
pub fn pick(
    cat: &Catalog,
    state: &mut GameState,
    employer: Seat,
    leader: &NativeId,
    pick: SearchPick,
    events: &mut Events,
) -> Result<(), RuleError> {
    let turn = state
        .today
        .leader_turn
        .as_ref()
        .ok_or_else(|| RuleError::illegal("no hired leader is searching"))?;
    if !turn.picks.contains(&pick) {
        return Err(RuleError::illegal(format!(
            "{pick:?} is not a result the hired leader may pick (7.5)"
        )));
    }
    let at = turn
        .search_at
        .or_else(|| leaders::clearing(state, leader))
        .ok_or_else(|| RuleError::internal("the searching leader is not on the map"))?;
    set_stage(state, |t| {
        t.picks.clear();
        t.search_at = None;
    });
    events.push(Event::public(
        "7.5",
        format!(
            "The leader's employer picks {:?} {}.",
            pick.table, pick.roll
        ),
        E::SearchPicked {
            seat: employer,
            pick,
        },
    ));
    let before = super::following::snapshot(state, &super::following::Guide::leader(leader));
    resolve(
        cat, state, employer, leader, pick.table, pick.roll, at, events,
    );
    super::following::share_search(state, &super::following::Guide::leader(leader), &before);
    done_unless_choosing(state);
    Ok(())
}

fn set_stage(state: &mut GameState, f: impl FnOnce(&mut leaders::LeaderTurn)) {
    if let Some(t) = state.today.leader_turn.as_mut() {
        f(t);
    }
}

/// The search of this phase is done unless a Choice waits for the employer's pick.
fn done_unless_choosing(state: &mut GameState) {
    set_stage(state, |t| t.searched = t.picks.is_empty());
}

/// A Peer or Locate row: a Choice waits for the employer's pick; other rows take effect.
#[allow(clippy::too_many_arguments)]
fn resolve(
    cat: &Catalog,
    state: &mut GameState,
    employer: Seat,
    leader: &NativeId,
    table: TableId,
    n: u8,
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
            "Choice: the leader's employer picks one of the table's results.",
            E::LeaderSearchChoiceOffered {
                leader: leader.clone(),
            },
        ));
        set_stage(state, |t| {
            t.picks = picks;
            t.search_at = Some(at);
        });
        return;
    }
    if effects.is_empty() {
        events.push(Event::public(
            "7.5",
            format!("{}'s search finds nothing.", leaders::name(cat, leader)),
            E::LeaderFoundNothing {
                leader: leader.clone(),
            },
        ));
    }
    for e in effects {
        apply_effect(cat, state, employer, leader, e, at, events);
    }
}

/// 7.5.1: a search result applied to the leader: his discoveries, his hidden enemies;
/// Clues are seen by his employer.
fn apply_effect(
    cat: &Catalog,
    state: &mut GameState,
    employer: Seat,
    leader: &NativeId,
    effect: SearchEffect,
    at: ClearingRef,
    events: &mut Events,
) {
    let who = leaders::name(cat, leader);
    match effect {
        SearchEffect::Clues => {
            let seen = super::search::face_down_chits(state, at.tile);
            if let Some(s) = state.seat_mut(employer) {
                s.known.extend(seen.iter().cloned());
            }
            events.push(Event::private(
                "7.5.1",
                employer,
                format!(
                    "Clues: {who} looks secretly at {} map chit(s) in the tile, for you.",
                    seen.len()
                ),
                E::CluesSeen { pieces: seen },
            ));
        }
        SearchEffect::Paths | SearchEffect::Passages => {
            let (kind, found) = super::search::roadways_found(cat, state, at, effect);
            if let Some(d) = discoveries_mut(state, leader) {
                d.paths.extend(found.iter().cloned());
            }
            events.push(Event::private(
                "7.5.1",
                employer,
                format!("{who} discovers {} {kind:?} roadway(s).", found.len()),
                E::LeaderPathsDiscovered {
                    leader: leader.clone(),
                    paths: found,
                },
            ));
        }
        SearchEffect::HiddenEnemies => {
            state.today.leaders_found_enemies.insert(leader.clone());
            events.push(Event::public(
                "7.5.1",
                format!("{who} finds hidden enemies until Midnight."),
                E::LeaderFoundHiddenEnemies {
                    leader: leader.clone(),
                },
            ));
        }
        SearchEffect::DiscoverChits => {
            let sites = sites_in(cat, state, at);
            if let Some(d) = discoveries_mut(state, leader) {
                d.chits.extend(sites.iter().cloned());
            }
            events.push(Event::private(
                "7.5.1",
                employer,
                format!("{who} discovers {} treasure site(s) here.", sites.len()),
                E::LeaderChitsDiscovered {
                    leader: leader.clone(),
                    chits: sites,
                },
            ));
        }
    }
}

/// 7.5: Loot takes the item `n` places from the top of the pile, if there is one, into
/// what the leader carries (his employer's; 7.2.2: inactive, known to his employer). A
/// Treasures-Within-Treasures card that is not an item (a Site card, or one exchanged for
/// what it holds) stays where it is: he takes nothing (our ruling).
fn loot(
    cat: &Catalog,
    state: &mut GameState,
    employer: Seat,
    leader: &NativeId,
    n: u8,
    pile: &[PieceId],
    events: &mut Events,
) {
    let who = leaders::name(cat, leader);
    let index = pile.len().checked_sub(usize::from(n));
    let piece = index.and_then(|i| pile.get(i)).cloned().filter(|p| {
        !matches!(p, PieceId::Treasure { id }
            if super::twt::info(cat, id).is_some_and(|i| i.kind != crate::magic_realm::catalog::items::TwtKind::Item))
    });
    let Some(piece) = piece else {
        events.push(Event::public(
            "7.5",
            format!("{who} finds nothing he can take."),
            E::LeaderFoundNothing {
                leader: leader.clone(),
            },
        ));
        return;
    };
    super::carried::keep(cat, state, &leaders::counter(leader), &piece);
    events.push(Event::public(
        "7.5",
        format!("{who} takes an item ({:?}).", piece.kind()),
        E::LeaderLooted {
            leader: leader.clone(),
            kind: piece.kind(),
        },
    ));
    events.push(Event::private(
        "7.5",
        employer,
        format!("{who} takes {piece} for you."),
        E::LootedPiece { piece },
    ));
}

/// 4.5.5: those in his clearing spying on the leader as he loots a site learn where it
/// is: the characters and the other hired leaders there if he is unhidden, those who found
/// hidden enemies today if he is hidden. His employer's own character, if there, learns it
/// too.
fn spied(
    cat: &Catalog,
    state: &mut GameState,
    leader: &NativeId,
    site: &MapChitId,
    events: &mut Events,
) {
    let looter = super::following::Guide::leader(leader);
    super::spying::site_looted_by(cat, state, &looter, site, events);
}
