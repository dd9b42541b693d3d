//! What looting a treasure site asks of the searcher (rule 7.5 Loot with 4.2.4d, as
//! GAPS.md restates the missing 7.5.2): effort fatigued at the Cairns for each search and
//! at the Pool for each item taken, and the Vault opened first by the Lost Keys or
//! Tremendous strength (his own, or a following underling's, 7.11d), after which it stays
//! open. The Crypt of the Knight is opened the same way for every search ([`open`]).

use super::who;
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::characters::ChitKind;
use crate::magic_realm::catalog::chits::{LootTerms, MapChitId};
use crate::magic_realm::catalog::common::Size;
use crate::magic_realm::catalog::denizens::{Native, NativeId};
use crate::magic_realm::catalog::items::TreasureId;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::{ChitStatus, GameState};

type Events = Vec<Event<E>>;

/// The Treasure card that opens locked sites.
const LOST_KEYS: &str = "lost-keys";

pub fn terms(cat: &Catalog, site: &MapChitId) -> LootTerms {
    cat.map_chits
        .site_chits
        .iter()
        .find(|s| &s.id == site)
        .map(|s| s.loot)
        .unwrap_or_default()
}

/// A fresh chit of one effort asterisk, to pay one asterisk of fatigue.
fn one_asterisk(cat: &Catalog, state: &GameState, seat: Seat) -> Option<u8> {
    who::chits(cat, state, seat)
        .find(|(_, c, st)| *st == ChitStatus::Fresh && c.effort == 1)
        .map(|(i, _, _)| i)
}

/// A fresh Fight or Move chit of Tremendous strength.
pub fn tremendous(cat: &Catalog, state: &GameState, seat: Seat) -> Option<u8> {
    who::chits(cat, state, seat)
        .find(|(_, c, st)| {
            *st == ChitStatus::Fresh
                && matches!(c.kind, ChitKind::Fight { strength } | ChitKind::Move { strength } | ChitKind::MoveFight { strength } if strength == Size::Tremendous)
        })
        .map(|(i, _, _)| i)
}

/// Whether the seat has the Lost Keys active.
pub fn keys_active(state: &GameState, seat: Seat) -> bool {
    let keys = PieceId::Treasure {
        id: TreasureId(LOST_KEYS.into()),
    };
    super::belongings::is_active(state, seat, &keys)
}

/// 7.11d: a native's strength is Tremendous if his move strength (2.2) or the harm letter
/// on either side of his counter is.
fn tremendous_native(n: &Native) -> bool {
    n.move_strength() == Size::Tremendous
        || [n.light, n.dark]
            .iter()
            .filter_map(|side| side.attack)
            .any(|a| a.harm == Size::Tremendous)
}

/// 7.11d: a hired underling of Tremendous strength following the seat in his clearing.
pub fn tremendous_follower(cat: &Catalog, state: &GameState, seat: Seat) -> Option<NativeId> {
    let at = who::clearing(state, seat)?;
    let guide = super::underlings::UnderlingGuide::Character { seat };
    tremendous_follower_of(cat, state, &guide, at)
}

/// 7.11d: a hired underling of Tremendous strength following `guide` in `at`.
fn tremendous_follower_of(
    cat: &Catalog,
    state: &GameState,
    guide: &super::underlings::UnderlingGuide,
    at: crate::magic_realm::map::ClearingRef,
) -> Option<NativeId> {
    super::underlings::following_in(cat, state, guide, at)
        .into_iter()
        .find_map(|p| match p {
            PieceId::Native { id } if cat.denizens.native(&id).is_some_and(tremendous_native) => {
                Some(id)
            }
            _ => None,
        })
}

/// What opens a site that must be opened (the Vault, the Crypt of the Knight), in the
/// order they are used: what costs nothing first.
enum Opener {
    /// 7.11d: a hired leader's own Tremendous move strength or harm.
    Own,
    /// The Lost Keys, active (7.5).
    LostKeys,
    /// A following underling's Tremendous strength (7.11d).
    Follower(NativeId),
    /// A fresh Tremendous Fight or Move chit, which fatigues (7.5).
    Chit(u8),
    /// The Wish for Strength, used up (4.6.7b).
    Wish,
}

fn opener(cat: &Catalog, state: &GameState, seat: Seat) -> Option<Opener> {
    if keys_active(state, seat) {
        Some(Opener::LostKeys)
    } else if let Some(u) = tremendous_follower(cat, state, seat) {
        Some(Opener::Follower(u))
    } else if let Some(chit) = tremendous(cat, state, seat) {
        Some(Opener::Chit(chit))
    } else if crate::magic_realm::combat::spells::wishes::strength_ready(state, seat) {
        Some(Opener::Wish)
    } else {
        None
    }
}

/// 7.5, 7.11d, 4.6.7b: whether the seat can open a site that must be opened.
pub fn can_open(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    opener(cat, state, seat).is_some()
}

/// 7.5, 7.11d, 4.6.7b: opens `what` (the Vault, the Crypt of the Knight) for the seat with
/// the Lost Keys, else a following underling's Tremendous strength, else a fresh
/// Tremendous chit (fatigued), else his Wish for Strength (used up). Returns how, for the
/// log.
pub fn open(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    what: &str,
    events: &mut Events,
) -> Result<String, RuleError> {
    let name = who::who(cat, state, seat);
    match opener(cat, state, seat) {
        Some(Opener::LostKeys) => Ok("with the Lost Keys".to_string()),
        Some(Opener::Follower(underling)) => {
            let his = cat
                .denizens
                .native(&underling)
                .map_or_else(|| underling.0.clone(), |n| n.name.clone());
            events.push(Event::public(
                "7.11",
                format!("{name} uses the Tremendous strength of {his}, who follows him, to open the {what}."),
                E::UnderlingStrengthUsed { seat, underling },
            ));
            Ok(format!("with the strength of {his}"))
        }
        Some(Opener::Chit(chit)) => {
            who::set_chit(state, seat, chit, ChitStatus::Fatigued);
            events.push(Event::public(
                "7.5",
                format!("{name} fatigues chit {chit} to open the {what} with Tremendous strength."),
                E::ChitFatigued { seat, chit },
            ));
            Ok(format!("with Tremendous strength (chit {chit} fatigues)"))
        }
        Some(Opener::Wish) => {
            crate::magic_realm::combat::spells::wishes::open_site(cat, state, seat, events)
        }
        Some(Opener::Own) => Err(RuleError::internal("a character opens nothing as a leader")),
        None => Err(RuleError::illegal(format!(
            "only the Lost Keys or Tremendous strength open the {what}"
        ))),
    }
}

/// Whether the seat can loot the site now. The effort of the Cairns and the Pool is his
/// own: a following underling's strength does not pay it (7.11d).
pub fn can_loot(cat: &Catalog, state: &GameState, seat: Seat, site: &MapChitId) -> bool {
    let t = terms(cat, site);
    let pays = (t.effort_per_search == 0 && t.effort_per_item == 0)
        || one_asterisk(cat, state, seat).is_some();
    let opens = !t.must_open || state.opened_sites.contains(site) || can_open(cat, state, seat);
    pays && opens
}

/// Before the Loot roll: opens the site if it must be, and pays the effort of a search.
pub fn before(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    site: &MapChitId,
    events: &mut Events,
) -> Result<(), RuleError> {
    let t = terms(cat, site);
    let name = who::who(cat, state, seat);
    if t.must_open && !state.opened_sites.contains(site) {
        let how = open(cat, state, seat, &site.0, events)?;
        state.opened_sites.insert(site.clone());
        events.push(Event::public(
            "7.5",
            format!("{name} opens the {} {how}; it stays open.", site.0),
            E::SiteOpened {
                seat,
                site: site.clone(),
            },
        ));
    }
    if t.effort_per_search > 0 {
        pay(cat, state, seat, site, events)?;
    }
    Ok(())
}

/// After the Loot roll took an item: the Pool's effort for it.
pub fn after_item(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    site: &MapChitId,
    events: &mut Events,
) -> Result<(), RuleError> {
    if terms(cat, site).effort_per_item > 0 && one_asterisk(cat, state, seat).is_some() {
        pay(cat, state, seat, site, events)?;
    }
    Ok(())
}

fn pay(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    site: &MapChitId,
    events: &mut Events,
) -> Result<(), RuleError> {
    let chit = one_asterisk(cat, state, seat)
        .ok_or_else(|| RuleError::illegal("he has no effort to pay"))?;
    who::set_chit(state, seat, chit, ChitStatus::Fatigued);
    events.push(Event::public(
        "4.2.4",
        format!(
            "{} pays one effort asterisk at the {}: chit {chit} fatigues.",
            who::who(cat, state, seat),
            site.0
        ),
        E::ChitFatigued { seat, chit },
    ));
    Ok(())
}

/// 7.5, 7.11d: what opens a site for a hired leader: his own Tremendous strength (move
/// strength or harm), else a Tremendous underling following him. What he carries is
/// inactive (no Lost Keys), and he has no chits and no Wish.
fn leader_opener(cat: &Catalog, state: &GameState, leader: &NativeId) -> Option<Opener> {
    if cat.denizens.native(leader).is_some_and(tremendous_native) {
        return Some(Opener::Own);
    }
    let at = super::leaders::clearing(state, leader)?;
    let guide = super::underlings::UnderlingGuide::Leader {
        leader: leader.clone(),
    };
    tremendous_follower_of(cat, state, &guide, at).map(Opener::Follower)
}

/// 7.5 (our ruling): what opens a site for a controlled monster: its own Tremendous
/// strength (its weight or the harm on either side of its counter). What it carries is
/// inactive, and nobody follows it.
fn monster_opener(cat: &Catalog, piece: &PieceId) -> Option<Opener> {
    let PieceId::Monster { id, .. } = piece else {
        return None;
    };
    let m = cat.denizens.monster(id)?;
    let harm = [&m.light, &m.dark]
        .iter()
        .filter_map(|side| side.attack.as_ref())
        .any(|a| a.strike == crate::magic_realm::catalog::denizens::Strike::Harm(Size::Tremendous));
    (m.size == Size::Tremendous || harm).then_some(Opener::Own)
}

/// What opens a site for a hired leader or a controlled monster searching.
fn searcher_opener(
    cat: &Catalog,
    state: &GameState,
    who: &super::leader_search::Searcher,
) -> Option<Opener> {
    match who {
        super::leader_search::Searcher::Leader(l) => leader_opener(cat, state, l),
        super::leader_search::Searcher::Monster(m) => monster_opener(cat, m),
    }
}

/// 6.2.5, 7.5 (our ruling): whether a hired leader or controlled monster can loot the site
/// now. He has no chits, so he cannot pay the effort of the Cairns or the Pool; the Vault
/// he opens with his own (or a following underling's) Tremendous strength.
pub fn searcher_can_loot(
    cat: &Catalog,
    state: &GameState,
    who: &super::leader_search::Searcher,
    site: &MapChitId,
) -> bool {
    let t = terms(cat, site);
    let pays = t.effort_per_search == 0 && t.effort_per_item == 0;
    let opens = !t.must_open
        || state.opened_sites.contains(site)
        || searcher_opener(cat, state, who).is_some();
    pays && opens
}

/// Before a hired leader's or controlled monster's Loot roll: opens the site if it must
/// be (the Vault; it stays open for everyone).
pub fn searcher_before(
    cat: &Catalog,
    state: &mut GameState,
    who: &super::leader_search::Searcher,
    site: &MapChitId,
    events: &mut Events,
) -> Result<(), RuleError> {
    let t = terms(cat, site);
    if !t.must_open || state.opened_sites.contains(site) {
        return Ok(());
    }
    let name = who.guide().name(cat, state);
    let how = match searcher_opener(cat, state, who) {
        Some(Opener::Own) => "with its own Tremendous strength".to_string(),
        Some(Opener::Follower(underling)) => {
            let his = cat
                .denizens
                .native(&underling)
                .map_or_else(|| underling.0.clone(), |n| n.name.clone());
            format!("with the strength of {his}, who follows him")
        }
        _ => {
            return Err(RuleError::illegal(format!(
                "only Tremendous strength opens the {} for a hired leader or controlled monster",
                site.0
            )))
        }
    };
    state.opened_sites.insert(site.clone());
    events.push(Event::public(
        "7.11",
        format!("{name} opens the {} {how}.", site.0),
        who.opened_event(site.clone()),
    ));
    Ok(())
}
