//! Spying (rule 4.5.5): when a character or hired leader uses a discovery, everyone
//! spying on him (characters and hired leaders) learns it. An unhidden individual is spied
//! on by everyone in his clearing; a hidden one by those who have found hidden enemies
//! today. He is spied on where he uses a hidden path or
//! secret passage (in the clearing he leaves and the one he enters) and where he loots a
//! treasure site. A face-down Site chit whose location is given or looted is shown to all
//! (4.5.4d).

use super::following::Guide;
use super::who;
use crate::engine::{Event, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::chits::MapChitId;
use crate::magic_realm::catalog::denizens::NativeId;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::{ClearingRef, PathRef};
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::state::{Discoveries, GameState};

type Events = Vec<Event<E>>;

/// 4.5.5a: those spying on an individual: characters and hired leaders.
#[derive(Debug, Clone, Default)]
pub struct Spies {
    pub characters: Vec<Seat>,
    pub leaders: Vec<NativeId>,
}

impl Spies {
    /// Each spy once, the characters first.
    fn each(self) -> Vec<Spy> {
        self.characters
            .into_iter()
            .map(Spy::Character)
            .chain(self.leaders.into_iter().map(Spy::Leader))
            .collect()
    }
}

/// 4.5.5b: one spy: a character learns for himself; a hired leader learns for himself
/// and his employer is told (4.5.4).
enum Spy {
    Character(Seat),
    Leader(NativeId),
}

impl Spy {
    /// Who is told (the character, or the leader's employer) and where the spy's
    /// discoveries are recorded.
    fn discoveries_mut<'a>(&self, state: &'a mut GameState) -> Option<(Seat, &'a mut Discoveries)> {
        match self {
            Spy::Character(seat) => state.seat_mut(*seat).map(|s| (*seat, &mut s.discoveries)),
            Spy::Leader(leader) => {
                let employer = super::leaders::employer(state, leader)?;
                super::leader_search::discoveries_mut(state, leader).map(|d| (employer, d))
            }
        }
    }

    /// "you discover" / "<leader> discovers", for the log line told to the viewer.
    fn discovers(&self, cat: &Catalog) -> String {
        match self {
            Spy::Character(_) => "you discover".to_string(),
            Spy::Leader(l) => format!("{} discovers", super::leaders::name(cat, l)),
        }
    }

    fn paths_discovered(&self, paths: Vec<PathRef>) -> E {
        match self {
            Spy::Character(_) => E::PathsDiscovered { paths },
            Spy::Leader(leader) => E::LeaderPathsDiscovered {
                leader: leader.clone(),
                paths,
            },
        }
    }

    fn chits_discovered(&self, chits: Vec<MapChitId>) -> E {
        match self {
            Spy::Character(_) => E::ChitsDiscovered { chits },
            Spy::Leader(leader) => E::LeaderChitsDiscovered {
                leader: leader.clone(),
                chits,
            },
        }
    }
}

/// 4.5.5a: the characters and hired leaders (anyone's) in `at` spying on `target` now:
/// all of them while he is unhidden, those who have found hidden enemies today while he
/// is hidden. Nobody spies on himself.
pub fn spies_on(cat: &Catalog, state: &GameState, target: &Guide, at: ClearingRef) -> Spies {
    let hidden = target.hidden(state);
    let characters = state
        .all_seats()
        .filter(|s| *target != Guide::character(*s))
        .filter(|s| who::playing(state, *s) && who::clearing(state, *s) == Some(at))
        .filter(|s| !hidden || state.today.found_enemies.contains(s))
        .collect();
    let leaders = super::following::hired_leaders_in(cat, state, at)
        .into_iter()
        .filter(|l| *target != Guide::leader(l))
        .filter(|l| !hidden || state.today.leaders_found_enemies.contains(l))
        .collect();
    Spies {
        characters,
        leaders,
    }
}

/// 4.5.5a: those in `at` spying on the seat now.
pub fn spies(cat: &Catalog, state: &GameState, seat: Seat, at: ClearingRef) -> Spies {
    spies_on(cat, state, &Guide::character(seat), at)
}

/// 4.5.5a, 6.2.5: those in `at` spying on a hired leader now.
pub fn leader_spies(cat: &Catalog, state: &GameState, leader: &NativeId, at: ClearingRef) -> Spies {
    spies_on(cat, state, &Guide::leader(leader), at)
}

/// 4.5.5b: a move along hidden paths or secret passages teaches them to the spies in both
/// clearings. `spies_before` were taken in the clearing he left, before he moved.
pub fn used_roadways(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    spies_before: &Spies,
    paths: &[PathRef],
    events: &mut Events,
) {
    roadways_used_by(
        cat,
        state,
        &Guide::character(seat),
        spies_before,
        paths,
        events,
    );
}

/// 4.5.5b: a hired leader's Move along hidden paths or secret passages teaches them to
/// those spying on him in both clearings. `spies_before` were taken in the clearing he
/// left, before he moved.
pub fn leader_used_roadways(
    cat: &Catalog,
    state: &mut GameState,
    leader: &NativeId,
    spies_before: &Spies,
    paths: &[PathRef],
    events: &mut Events,
) {
    roadways_used_by(
        cat,
        state,
        &Guide::leader(leader),
        spies_before,
        paths,
        events,
    );
}

fn roadways_used_by(
    cat: &Catalog,
    state: &mut GameState,
    mover: &Guide,
    spies_before: &Spies,
    paths: &[PathRef],
    events: &mut Events,
) {
    let secret = secret_roadways(cat, paths);
    if secret.is_empty() {
        return;
    }
    let mut watchers = spies_before.clone();
    if let Some(here) = mover.clearing(state) {
        let now = spies_on(cat, state, mover, here);
        watchers.characters.extend(now.characters);
        watchers.leaders.extend(now.leaders);
    }
    let name = mover.name(cat, state);
    teach_roadways(cat, state, &name, watchers, &secret, events);
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

/// 4.5.5b: the spies discover the roadways: a character's discoveries are his, a hired
/// leader's his own (told to his employer).
fn teach_roadways(
    cat: &Catalog,
    state: &mut GameState,
    name: &str,
    mut watchers: Spies,
    secret: &[PathRef],
    events: &mut Events,
) {
    watchers.characters.sort();
    watchers.characters.dedup();
    watchers.leaders.sort();
    watchers.leaders.dedup();
    for spy in watchers.each() {
        let Some((viewer, d)) = spy.discoveries_mut(state) else {
            continue;
        };
        let new: Vec<PathRef> = secret
            .iter()
            .filter(|p| d.paths.insert(**p))
            .copied()
            .collect();
        if !new.is_empty() {
            events.push(Event::private(
                "4.5.5",
                viewer,
                format!(
                    "Spying on {name}, {} {} roadway(s) he uses.",
                    spy.discovers(cat),
                    new.len()
                ),
                spy.paths_discovered(new),
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
    site_looted_by(cat, state, &Guide::character(seat), site, events);
}

/// 4.5.5b: `looter` (a character or a hired leader) loots a treasure site: the characters
/// and hired leaders spying on him discover it.
pub fn site_looted_by(
    cat: &Catalog,
    state: &mut GameState,
    looter: &Guide,
    site: &MapChitId,
    events: &mut Events,
) {
    let Some(here) = looter.clearing(state) else {
        return;
    };
    let spies = spies_on(cat, state, looter, here);
    let name = looter.name(cat, state);
    for spy in spies.each() {
        let Some((viewer, d)) = spy.discoveries_mut(state) else {
            continue;
        };
        if d.chits.insert(site.clone()) {
            events.push(Event::private(
                "4.5.5",
                viewer,
                format!(
                    "Spying on {name}, {} the {} he loots.",
                    spy.discovers(cat),
                    site.0
                ),
                spy.chits_discovered(vec![site.clone()]),
            ));
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
