//! Reading Runes (rule 7.5, whose 7.5.3 our rulebook lacks: GAPS.md 4 and the Reading Runes
//! table; 4.6.5c; 8.3.9 c.3). A character (never a hireling) reads the runes of the top
//! Spell card at a treasure site he has discovered in his clearing, or of the top Spell
//! card still on the Setup Card for an Artifact or Spell Book he owns. The table's Learn
//! and Awaken rows awaken the card and teach him its spell if he has a Magic chit of its
//! type; Awaken only awakens it; Curse sends him to the Curses table. An item's awakened
//! card leaves the Setup Card and goes with the item (4.6.5c); a site's card is put under
//! the site's other Spell cards. An item's awakened cards can still be learned (c.3).

use super::{spying, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E, SearchChoice};
use crate::magic_realm::catalog::characters::ChitKind;
use crate::magic_realm::catalog::chits::MapChitId;
use crate::magic_realm::catalog::items::TreasureId;
use crate::magic_realm::catalog::magic::SpellId;
use crate::magic_realm::catalog::setup_card::SetupBox;
use crate::magic_realm::catalog::tables::{ReadingRunesResult, TableId};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::spells::{items, spell_name};
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::state::GameState;

type Events = Vec<Event<E>>;

/// The Setup Card box of a treasure site.
pub(super) fn site_box(cat: &Catalog, site: &MapChitId) -> Option<Place> {
    cat.map_chits
        .site_chits
        .iter()
        .find(|s| &s.id == site)
        .map(|s| Place::SetupBox {
            target: SetupBox::Site(s.site),
        })
}

/// The Setup Card box of an Artifact or Spell Book (2.4.4).
pub(super) fn item_box(item: &TreasureId) -> Place {
    Place::SetupBox {
        target: SetupBox::Treasure(item.clone()),
    }
}

/// The top Spell card in a box, if any.
fn top_card(state: &GameState, place: &Place) -> Option<SpellId> {
    state
        .piles
        .pile(place)
        .iter()
        .rev()
        .find_map(|c| match &c.piece {
            PieceId::Spell { id } => Some(id.clone()),
            _ => None,
        })
}

/// 7.5 (the Reading Runes table's Learn rows): whether the character can learn `spell`:
/// he has a Magic chit of its type (or, Absorb Essence 2.2, is an absorbed monster of
/// that type) and has not learned it from a Spell card already.
pub fn can_learn(cat: &Catalog, state: &GameState, seat: Seat, spell: &SpellId) -> bool {
    let Some(magic_type) = cat.spells.get(spell).and_then(|s| s.magic_type) else {
        return false;
    };
    // The types of his Magic chits (a chit Unleash Power transforms still counts), as
    // altered (4.6.9c: an altered chit records new spells of its altered type only).
    let has_chit = who::card(cat, state, seat).is_some_and(|c| {
        c.chits.iter().enumerate().any(|(i, c)| match c.kind {
            ChitKind::Magic {
                magic_type: printed,
            } => {
                let now = u8::try_from(i).ok().and_then(|i| {
                    crate::magic_realm::combat::spells::altering::magic_type(cat, state, seat, i)
                });
                now.unwrap_or(printed) == magic_type
            }
            _ => false,
        })
    });
    // Absorb Essence 2.2: or he is an absorbed monster of that Magic type.
    let has_chit = has_chit
        || crate::magic_realm::combat::spells::transform::recording_type(cat, state, seat)
            == Some(magic_type);
    has_chit
        && !state
            .seat(seat)
            .is_some_and(|s| s.secret.learned.contains(spell))
}

/// 7.5: where the character may read runes now: the discovered sites in his clearing that
/// hold Spell cards, and his Artifacts and Spell Books (the top card still on the Setup
/// Card, and each awakened card he could learn).
pub fn options(cat: &Catalog, state: &GameState, seat: Seat, sites: &[MapChitId]) -> Vec<A> {
    let mut out = Vec::new();
    for site in sites {
        if site_box(cat, site).is_some_and(|b| top_card(state, &b).is_some()) {
            out.push(A::Search {
                search: SearchChoice::ReadRunesSite { site: site.clone() },
            });
        }
    }
    for piece in super::belongings::owned(state, seat) {
        let PieceId::Treasure { id: item } = piece else {
            continue;
        };
        if !items::is_magic_item(cat, &item) {
            continue;
        }
        if top_card(state, &item_box(&item)).is_some() {
            out.push(A::Search {
                search: SearchChoice::ReadRunesItem {
                    item: item.clone(),
                    spell: None,
                },
            });
        }
        // Enchant Artifact: the spells added to it can be read too.
        let mut spells = items::awakened(state, &item);
        for added in
            crate::magic_realm::combat::spells::enchant_artifact::readable(cat, state, &item)
        {
            if !spells.contains(&added) {
                spells.push(added);
            }
        }
        for spell in spells {
            if can_learn(cat, state, seat, &spell) {
                out.push(A::Search {
                    search: SearchChoice::ReadRunesItem {
                        item: item.clone(),
                        spell: Some(spell),
                    },
                });
            }
        }
    }
    out
}

/// 7.5: the Reading Runes roll `n` on the card the search names.
pub fn read(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    search: &SearchChoice,
    n: u8,
    events: &mut Events,
) -> Result<(), RuleError> {
    let name = who::who(cat, state, seat);
    let (card, awakened) = match search {
        SearchChoice::ReadRunesSite { site } => {
            // 4.5.5: reading the runes of a site uses the discovery, as looting it does.
            spying::looted_site(cat, state, seat, site, events);
            let place = site_box(cat, site)
                .ok_or_else(|| RuleError::internal(format!("{} is not a site", site.0)))?;
            (top_card(state, &place), false)
        }
        SearchChoice::ReadRunesItem { item, spell: None } => {
            (top_card(state, &item_box(item)), false)
        }
        SearchChoice::ReadRunesItem {
            spell: Some(spell), ..
        } => (Some(spell.clone()), true),
        _ => return Err(RuleError::internal("not a Reading Runes search")),
    };
    let result = cat
        .tables
        .reading_runes(n)
        .copied()
        .ok_or_else(|| RuleError::internal("the Reading Runes table has no such row"))?;
    let Some(card) = card else {
        events.push(Event::public(
            "7.5",
            format!("{name} finds no runes to read."),
            E::FoundNothing { seat },
        ));
        return Ok(());
    };
    let learns = match result {
        ReadingRunesResult::LearnAndAwaken => true,
        ReadingRunesResult::Awaken => false,
        ReadingRunesResult::RollOn(TableId::Curses) => {
            return super::curses::inflict(cat, state, seat, events);
        }
        ReadingRunesResult::RollOn(other) => {
            return Err(RuleError::internal(format!(
                "the Reading Runes table sends to the {other:?} table, which it cannot use"
            )))
        }
        ReadingRunesResult::Nothing => {
            events.push(Event::public(
                "7.5",
                "The runes stay silent.",
                E::FoundNothing { seat },
            ));
            return Ok(());
        }
    };
    let piece = PieceId::Spell { id: card.clone() };
    if let Some(s) = state.seat_mut(seat) {
        s.known.insert(piece.clone());
    }
    events.push(Event::private(
        "7.5",
        seat,
        format!("You read the runes of {}.", spell_name(cat, &card)),
        E::RunesRead {
            spell: card.clone(),
        },
    ));
    if !awakened {
        awaken(cat, state, seat, search, &piece, events);
    }
    if learns {
        learn(cat, state, seat, &card, events);
    } else if awakened {
        events.push(Event::public(
            "7.5",
            "The runes teach nothing new.",
            E::FoundNothing { seat },
        ));
    }
    Ok(())
}

/// 4.6.5c: an item's card leaves the Setup Card and goes with the item; a site's card goes
/// under the site's other Spell cards.
fn awaken(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    search: &SearchChoice,
    piece: &PieceId,
    events: &mut Events,
) {
    let name = who::who(cat, state, seat);
    match search {
        SearchChoice::ReadRunesItem { item, .. } => {
            state
                .piles
                .move_to(piece, Place::WithItem { item: item.clone() }, None);
            let item_name = cat
                .items
                .treasure(item)
                .map_or_else(|| item.0.clone(), |t| t.name.clone());
            events.push(Event::public(
                "4.6.5",
                format!("{name} awakens a Spell card of the {item_name}: it goes with the item."),
                E::SpellAwakened {
                    seat,
                    item: item.clone(),
                },
            ));
        }
        SearchChoice::ReadRunesSite { site } => {
            if let Some((place, counter)) = state.piles.take(piece) {
                state.piles.put_bottom(place, counter.piece, Facing::Down);
            }
            events.push(Event::public(
                "7.5",
                format!("{name} puts the Spell card he read under the others at the site."),
                E::SpellPutUnder {
                    seat,
                    site: site.clone(),
                },
            ));
        }
        _ => {}
    }
}

/// 7.5, 9.3: he learns the spell if he can, and records it on his sheet.
pub(super) fn learn(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    spell: &SpellId,
    events: &mut Events,
) {
    let spell_text = spell_name(cat, spell);
    if !can_learn(cat, state, seat, spell) {
        events.push(Event::private(
            "7.5",
            seat,
            format!("You cannot learn {spell_text}: you have no Magic chit of its type, or know it from a Spell card already."),
            E::FoundNothing { seat },
        ));
        return;
    }
    if let Some(s) = state.seat_mut(seat) {
        s.secret.spells.push(spell.clone());
        s.secret.learned.push(spell.clone());
    }
    events.push(Event::private(
        "7.5",
        seat,
        format!("You learn {spell_text} and record it on your sheet."),
        E::SpellLearned {
            seat,
            spell: spell.clone(),
        },
    ));
}
