//! The Magic Sight table (rule 7.5, whose text our rulebook lacks: GAPS.md 4 and the Magic
//! Sight table). Who uses it: the Witch King (Disembodied), the target of World Fades and
//! the owner of an active card whose `search_tables` name it (the Phantom Glass) search on
//! it alone, but for a Site card's own table ([`uses_magic_sight`]); hired leaders and
//! controlled monsters never use it (7.5). Its rows 2 to 4:
//! Counters and Treasure Cards find hidden enemies and take the top weapon, armor or horse
//! counter (or the top Treasure card) of a treasure site he has discovered in his clearing
//! or of the belongings abandoned there, as looting that pile would; Perceive Spell finds
//! hidden enemies and shows him every Spell card of a discovered site in his clearing or of
//! an active Artifact or Spell Book he owns, and he learns one he can learn, as Reading
//! Runes teaches ([`super::runes`]). Where he has several piles (or several spells) to
//! choose from, he picks one (`Pending::MagicSight`).

use super::{looting, runes, search, spying, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E, SightPick};
use crate::magic_realm::catalog::characters::SpecialAdvantage;
use crate::magic_realm::catalog::chits::MapChitId;
use crate::magic_realm::catalog::magic::SpellId;
use crate::magic_realm::catalog::tables::{MagicSightResult, SearchEffect, TableId};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::spells::{enchant_artifact, fades, items, spell_name};
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, PieceKind, Place};
use crate::magic_realm::state::{GameState, Pending};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

type Events = Vec<Event<E>>;

/// The Magic Sight rows that take or teach something (2, 3 and 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub enum SightRow {
    /// 2: the top weapon, armor or horse counter of a pile.
    Counters,
    /// 3: the top Treasure card of a pile.
    TreasureCards,
    /// 4: the spells of one site or item, one of them learned.
    PerceiveSpell,
}

impl SightRow {
    fn of(result: &MagicSightResult) -> Option<SightRow> {
        match result {
            MagicSightResult::Counters => Some(SightRow::Counters),
            MagicSightResult::TreasureCards => Some(SightRow::TreasureCards),
            MagicSightResult::PerceiveSpell => Some(SightRow::PerceiveSpell),
            _ => None,
        }
    }

    /// The kinds of piece the row takes (none for Perceive Spell).
    fn kinds(self) -> &'static [PieceKind] {
        match self {
            SightRow::Counters => &[PieceKind::Weapon, PieceKind::Armor, PieceKind::Horse],
            SightRow::TreasureCards => &[PieceKind::Treasure],
            SightRow::PerceiveSpell => &[],
        }
    }
}

/// 7.5: whether the seat searches with Magic Sight: the Magic Sight table is then his only
/// table (beside looting a Site card on its own table). What gives it: the Witch King's
/// Disembodied, World Fades on him, each active card whose `search_tables` name the table
/// (the Phantom Glass). Magic Sight is self-cancelling (RealmSpeak, after the second
/// edition's rule 43.6): with two of these he searches as usual, with three he has it.
pub fn uses_magic_sight(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    let cards = super::belongings::active(state, seat)
        .iter()
        .filter(|p| match p {
            PieceId::Treasure { id } => cat
                .items
                .treasure(id)
                .is_some_and(|t| t.search_tables.contains(&TableId::MagicSight)),
            _ => false,
        })
        .count();
    let sources = cards
        + usize::from(fades::faded(cat, state, seat))
        + usize::from(who::has(cat, state, seat, SpecialAdvantage::Disembodied));
    sources % 2 == 1
}

/// The pieces of a treasure site's box on the Setup Card, bottom to top.
fn site_pile(cat: &Catalog, state: &GameState, site: &MapChitId) -> Vec<PieceId> {
    runes::site_box(cat, site)
        .map(|b| {
            state
                .piles
                .pile(&b)
                .iter()
                .map(|c| c.piece.clone())
                .collect()
        })
        .unwrap_or_default()
}

/// The top piece of `pile` of one of `kinds`.
fn top_of(pile: &[PieceId], kinds: &[PieceKind]) -> Option<PieceId> {
    pile.iter()
        .rev()
        .find(|p| kinds.contains(&p.kind()))
        .cloned()
}

/// Every Spell card of a site, or of an Artifact or Spell Book (on the Setup Card, awakened
/// with it, or added by Enchant Artifact), each once.
fn spells_of(cat: &Catalog, state: &GameState, pick: &SightPick) -> Vec<SpellId> {
    let boxed = |place: Option<Place>| -> Vec<SpellId> {
        place
            .map(|b| {
                state
                    .piles
                    .pile(&b)
                    .iter()
                    .filter_map(|c| match &c.piece {
                        PieceId::Spell { id } => Some(id.clone()),
                        _ => None,
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    let mut out = match pick {
        SightPick::Site { site } => boxed(runes::site_box(cat, site)),
        SightPick::Item { item } => {
            let mut v = boxed(Some(runes::item_box(item)));
            v.extend(items::awakened(state, item));
            v.extend(enchant_artifact::readable(cat, state, item));
            v
        }
        SightPick::Pile | SightPick::Spell { .. } => Vec::new(),
    };
    let mut seen = std::collections::BTreeSet::new();
    out.retain(|s| seen.insert(s.clone()));
    out
}

/// Where the row lets him take from (or look), in a fixed order: the discovered sites in
/// his clearing, then the abandoned belongings there (2, 3) or his active Artifacts and
/// Spell Books (4).
fn sources(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    row: SightRow,
    at: ClearingRef,
) -> Vec<SightPick> {
    let mut out = Vec::new();
    for site in search::discovered_sites_here(cat, state, seat, at) {
        let pick = SightPick::Site { site: site.clone() };
        let usable = match row {
            SightRow::PerceiveSpell => !spells_of(cat, state, &pick).is_empty(),
            _ => {
                looting::can_loot(cat, state, seat, &site)
                    && top_of(&site_pile(cat, state, &site), row.kinds()).is_some()
            }
        };
        if usable {
            out.push(pick);
        }
    }
    match row {
        SightRow::PerceiveSpell => {
            for piece in super::belongings::active(state, seat) {
                let PieceId::Treasure { id: item } = piece else {
                    continue;
                };
                let pick = SightPick::Item { item: item.clone() };
                if items::is_magic_item(cat, &item) && !spells_of(cat, state, &pick).is_empty() {
                    out.push(pick);
                }
            }
        }
        _ => {
            if top_of(&search::abandoned_items(cat, state, at), row.kinds()).is_some() {
                out.push(SightPick::Pile);
            }
        }
    }
    out
}

/// 7.5: the Magic Sight table's 2, 3 or 4 for the seat searching `at`: hidden enemies are
/// found; then he takes (or perceives) from the one place he can, or picks among several.
/// Other rows are not this module's (false).
pub fn row(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    result: &MagicSightResult,
    at: ClearingRef,
    events: &mut Events,
) -> Result<bool, RuleError> {
    let Some(row) = SightRow::of(result) else {
        return Ok(false);
    };
    search::apply_effect(cat, state, seat, SearchEffect::HiddenEnemies, at, events);
    let picks = sources(cat, state, seat, row, at);
    match picks.as_slice() {
        [] => events.push(Event::public(
            "7.5",
            format!(
                "{} finds nothing there to {}.",
                who::who(cat, state, seat),
                if row == SightRow::PerceiveSpell {
                    "perceive"
                } else {
                    "take"
                }
            ),
            E::FoundNothing { seat },
        )),
        [one] => {
            let one = one.clone();
            take_from(cat, state, seat, row, &one, at, events)?;
        }
        _ => {
            events.push(Event::public(
                "7.5",
                "Magic Sight: the searcher picks where he looks.",
                E::SearchChoiceOffered { seat },
            ));
            state.today.pending = Some(Pending::MagicSight { row, picks });
        }
    }
    Ok(true)
}

/// The seat's choices while a Magic Sight pick is owed.
pub fn options(state: &GameState) -> Vec<A> {
    match &state.today.pending {
        Some(Pending::MagicSight { picks, .. }) => picks
            .iter()
            .map(|p| A::ChooseMagicSight { pick: p.clone() })
            .collect(),
        _ => Vec::new(),
    }
}

/// The seat picks where he takes from or looks, or the spell he learns.
pub fn choose(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    pick: &SightPick,
    events: &mut Events,
) -> Result<(), RuleError> {
    let row = match &state.today.pending {
        Some(Pending::MagicSight { row, picks }) if picks.contains(pick) => *row,
        Some(Pending::MagicSight { .. }) => {
            return Err(RuleError::illegal(
                "that is not one of the Magic Sight choices",
            ))
        }
        _ => return Err(RuleError::illegal("no Magic Sight choice is owed")),
    };
    let at = who::clearing_or_err(state, seat)?;
    state.today.pending = None;
    take_from(cat, state, seat, row, pick, at, events)
}

/// Takes the row's top piece from `pick`, perceives its spells, or learns the spell.
fn take_from(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    row: SightRow,
    pick: &SightPick,
    at: ClearingRef,
    events: &mut Events,
) -> Result<(), RuleError> {
    match (row, pick) {
        (SightRow::PerceiveSpell, SightPick::Spell { spell }) => {
            runes::learn(cat, state, seat, spell, events);
            Ok(())
        }
        (SightRow::PerceiveSpell, _) => perceive(cat, state, seat, pick, events),
        (_, SightPick::Site { site }) => {
            // Taking from a site is looting it: its terms apply (4.2.4d), and it is seen.
            looting::before(cat, state, seat, site, events)?;
            let piece = top_of(&site_pile(cat, state, site), row.kinds())
                .ok_or_else(|| RuleError::internal("the site has nothing of that kind"))?;
            search::take(cat, state, seat, &piece, Some(site), events)?;
            looting::after_item(cat, state, seat, site, events)?;
            spying::looted_site(cat, state, seat, site, events);
            Ok(())
        }
        (_, SightPick::Pile) => {
            let piece = top_of(&search::abandoned_items(cat, state, at), row.kinds())
                .ok_or_else(|| RuleError::internal("the pile has nothing of that kind"))?;
            search::take(cat, state, seat, &piece, None, events)
        }
        _ => Err(RuleError::internal("not a choice of this Magic Sight row")),
    }
}

/// Perceive Spell: he looks at every Spell card of the site or item (secretly) and learns
/// one he can learn: the only one, or the one he picks.
fn perceive(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    pick: &SightPick,
    events: &mut Events,
) -> Result<(), RuleError> {
    if let SightPick::Site { site } = pick {
        // Looking at a site's spells uses the discovery, as Reading Runes there does.
        spying::looted_site(cat, state, seat, site, events);
    }
    let spells = spells_of(cat, state, pick);
    if let Some(s) = state.seat_mut(seat) {
        for spell in &spells {
            s.known.insert(PieceId::Spell { id: spell.clone() });
        }
    }
    let names: Vec<String> = spells.iter().map(|s| spell_name(cat, s)).collect();
    events.push(Event::private(
        "7.5",
        seat,
        format!("Magic Sight: you perceive {}.", names.join(", ")),
        E::SpellsPerceived {
            spells: spells.clone(),
        },
    ));
    let learnable: Vec<SpellId> = spells
        .into_iter()
        .filter(|s| runes::can_learn(cat, state, seat, s))
        .collect();
    match learnable.as_slice() {
        [] => events.push(Event::private(
            "7.5",
            seat,
            "You can learn none of them.",
            E::FoundNothing { seat },
        )),
        [one] => {
            let one = one.clone();
            runes::learn(cat, state, seat, &one, events);
        }
        _ => {
            state.today.pending = Some(Pending::MagicSight {
                row: SightRow::PerceiveSpell,
                picks: learnable
                    .into_iter()
                    .map(|spell| SightPick::Spell { spell })
                    .collect(),
            });
        }
    }
    Ok(())
}
