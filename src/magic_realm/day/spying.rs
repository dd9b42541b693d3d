//! Spying (rule 4.5.5): when a character uses a discovery, everyone spying on him learns
//! it. An unhidden character is spied on by everyone in his clearing; a hidden one by those
//! who have found hidden enemies today. He is spied on where he uses a hidden path or
//! secret passage (in the clearing he leaves and the one he enters) and where he loots a
//! treasure site. A face-down Site chit whose location is given or looted is shown to all
//! (4.5.4d).

use super::who;
use crate::engine::{Event, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::chits::MapChitId;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::{ClearingRef, PathRef};
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::state::GameState;

type Events = Vec<Event<E>>;

/// The characters in `at` spying on the seat now (4.5.5a).
pub fn spies(state: &GameState, seat: Seat, at: ClearingRef) -> Vec<Seat> {
    let hidden = state.seat(seat).is_some_and(|s| s.hidden);
    state
        .all_seats()
        .filter(|s| *s != seat && who::playing(state, *s) && who::clearing(state, *s) == Some(at))
        .filter(|s| !hidden || state.today.found_enemies.contains(s))
        .collect()
}

/// 4.5.5b: a move along hidden paths or secret passages teaches them to the spies in both
/// clearings. `spies_before` were taken in the clearing he left, before he moved.
pub fn used_roadways(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    spies_before: &[Seat],
    paths: &[PathRef],
    events: &mut Events,
) {
    let secret = secret_roadways(cat, paths);
    if secret.is_empty() {
        return;
    }
    let mut watchers: Vec<Seat> = spies_before.to_vec();
    if let Some(here) = who::clearing(state, seat) {
        watchers.extend(spies(state, seat, here));
    }
    let name = who::who(cat, state, seat);
    teach_roadways(state, &name, watchers, &secret, events);
}

/// 4.5.5b: the hidden paths and secret passages among `paths`.
fn secret_roadways(cat: &Catalog, paths: &[PathRef]) -> Vec<PathRef> {
    paths
        .iter()
        .filter(|p| {
            cat.tiles
                .get(p.tile)
                .and_then(|t| {
                    t.face(p.side)
                        .paths
                        .iter()
                        .find(|x| x.from == p.from && x.to == p.to)
                })
                .is_some_and(|x| x.kind.needs_discovery())
        })
        .copied()
        .collect()
}

/// 4.5.5a, 6.2.5: the characters in `at` spying on a hired leader: all of them while he is
/// unhidden, those who found hidden enemies today while he is hidden.
pub fn leader_spies(
    state: &GameState,
    leader: &crate::magic_realm::catalog::denizens::NativeId,
    at: ClearingRef,
) -> Vec<Seat> {
    let hidden = super::leaders::hidden(state, leader);
    state
        .all_seats()
        .filter(|s| who::playing(state, *s) && who::clearing(state, *s) == Some(at))
        .filter(|s| !hidden || state.today.found_enemies.contains(s))
        .collect()
}

/// 4.5.5b: a hired leader's Move along hidden paths or secret passages teaches them to the
/// characters spying on him in both clearings. `spies_before` were taken in the clearing
/// he left, before he moved.
pub fn leader_used_roadways(
    cat: &Catalog,
    state: &mut GameState,
    leader: &crate::magic_realm::catalog::denizens::NativeId,
    spies_before: &[Seat],
    paths: &[PathRef],
    events: &mut Events,
) {
    let secret = secret_roadways(cat, paths);
    if secret.is_empty() {
        return;
    }
    let mut watchers: Vec<Seat> = spies_before.to_vec();
    if let Some(here) = super::leaders::clearing(state, leader) {
        watchers.extend(leader_spies(state, leader, here));
    }
    let name = super::leaders::name(cat, leader);
    teach_roadways(state, &name, watchers, &secret, events);
}

fn teach_roadways(
    state: &mut GameState,
    name: &str,
    mut watchers: Vec<Seat>,
    secret: &[PathRef],
    events: &mut Events,
) {
    watchers.sort();
    watchers.dedup();
    for spy in watchers {
        let Some(s) = state.seat_mut(spy) else {
            continue;
        };
        let new: Vec<PathRef> = secret
            .iter()
            .filter(|p| s.discoveries.paths.insert(**p))
            .copied()
            .collect();
        if !new.is_empty() {
            events.push(Event::private(
                "4.5.5",
                spy,
                format!(
                    "Spying on {name}, you discover {} roadway(s) he uses.",
                    new.len()
                ),
                E::PathsDiscovered { paths: new },
            ));
        }
    }
}

/// 4.5.5b: looting a treasure site teaches its place to everyone spying on him.
pub fn looted_site(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    site: &MapChitId,
    events: &mut Events,
) {
    let Some(here) = who::clearing(state, seat) else {
        return;
    };
    for spy in spies(state, seat, here) {
        if let Some(s) = state.seat_mut(spy) {
            if s.discoveries.chits.insert(site.clone()) {
                events.push(Event::private(
                    "4.5.5",
                    spy,
                    format!(
                        "Spying on {}, you discover the {} he loots.",
                        who::who(cat, state, seat),
                        site.0
                    ),
                    E::ChitsDiscovered {
                        chits: vec![site.clone()],
                    },
                ));
            }
        }
    }
}

/// 4.5.4d: when the location of a face-down Site chit is given (or its site is looted,
/// GAPS §4), the chit is turned face up for all to see, then put in its clearing face
/// down. Face down again, it still summons when it next turns up at an end of turn (7.13).
/// A chit face up already, or not yet on the map, is left as it is.
pub fn show_site(
    cat: &Catalog,
    state: &mut GameState,
    site: &MapChitId,
    rule: &'static str,
    events: &mut Events,
) {
    let piece = PieceId::MapChit { id: site.clone() };
    let tile = match state.piles.find(&piece) {
        Some((Place::Tile { tile }, c)) if c.facing == Facing::Down => *tile,
        Some((Place::Clearing { at }, c)) if c.facing == Facing::Down => at.tile,
        _ => return,
    };
    let Some(clearing) = cat
        .map_chits
        .site_chits
        .iter()
        .find(|s| &s.id == site)
        .map(|s| s.clearing)
    else {
        return;
    };
    state.piles.move_to(
        &piece,
        Place::Clearing {
            at: ClearingRef { tile, clearing },
        },
        Some(Facing::Down),
    );
    for s in state.seats.iter_mut() {
        s.known.insert(piece.clone());
    }
    events.push(Event::reveal(
        rule,
        format!(
            "The {} chit is shown to all and put in its clearing, face down.",
            site.0
        ),
        E::ChitRevealed {
            tile,
            chit: site.clone(),
        },
    ));
}
