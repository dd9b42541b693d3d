//! What looting a treasure site asks of the searcher (rule 7.5 Loot with 4.2.4d, as
//! GAPS.md restates the missing 7.5.2): effort fatigued at the Cairns for each search and
//! at the Pool for each item taken, and the Vault opened first by the Lost Keys or
//! Tremendous strength, after which it stays open.

use super::who;
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::characters::ChitKind;
use crate::magic_realm::catalog::chits::{LootTerms, MapChitId};
use crate::magic_realm::catalog::common::Size;
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

/// Whether the seat can loot the site now.
pub fn can_loot(cat: &Catalog, state: &GameState, seat: Seat, site: &MapChitId) -> bool {
    let t = terms(cat, site);
    let pays = (t.effort_per_search == 0 && t.effort_per_item == 0)
        || one_asterisk(cat, state, seat).is_some();
    let opens = !t.must_open
        || state.opened_sites.contains(site)
        || keys_active(state, seat)
        || tremendous(cat, state, seat).is_some()
        || crate::magic_realm::combat::spells::wishes::strength_ready(state, seat);
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
        let how = if keys_active(state, seat) {
            "with the Lost Keys".to_string()
        } else if let Some(chit) = tremendous(cat, state, seat) {
            who::set_chit(state, seat, chit, ChitStatus::Fatigued);
            format!("with Tremendous strength (chit {chit} fatigues)")
        } else {
            crate::magic_realm::combat::spells::wishes::open_site(cat, state, seat, events)?
        };
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
