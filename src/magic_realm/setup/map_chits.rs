//! Rules 3.5 and 3.6: placing the map chits face down by the Map Chits Table, then turning up
//! the Valley Warning chits and putting the Dwellings, Ghosts, garrisons and characters on
//! the map.

use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::characters::StartLocation;
use crate::magic_realm::catalog::chits::{DwellingId, ExchangeResult, ExchangeTiming};
use crate::magic_realm::catalog::tiles::{ClearingNumber, TileId};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::setup::setup_card::shuffle;
use crate::magic_realm::state::{ChitStatus, GameState};

type Events = Vec<Event<E>>;

/// 3.5.2-3.5.5: the Site and Sound chits are mixed; five go to each of the Lost City and
/// Lost Castle sections; each tile group gets its Warning chits and, for caves and
/// mountains, four Site/Sound chits mixed with the Lost City or Lost Castle chit.
pub fn place(cat: &Catalog, state: &mut GameState) -> Result<Events, RuleError> {
    let chits = &cat.map_chits;
    let mut pool: Vec<PieceId> = chits
        .site_chits
        .iter()
        .map(|c| c.id.clone())
        .chain(chits.sound_chits.iter().map(|c| c.id.clone()))
        .map(|id| PieceId::MapChit { id })
        .collect();
    shuffle(&mut pool, &mut state.draws);
    for section in &chits.placement.appearance_chart_sections {
        for _ in 0..section.site_or_sound_chits {
            let chit = pool
                .pop()
                .ok_or_else(|| RuleError::internal("rule 3.5.2: too few Site and Sound chits"))?;
            state.piles.move_to(
                &chit,
                Place::Section {
                    special: section.special,
                },
                Some(Facing::Down),
            );
        }
    }
    for g in &chits.placement.tile_groups {
        let tiles: Vec<TileId> = cat.tiles.in_group(g.group).map(|t| t.id).collect();
        let mut warnings: Vec<PieceId> = chits
            .warning_chits
            .iter()
            .filter(|w| w.group == g.group)
            .map(|w| PieceId::MapChit { id: w.id.clone() })
            .collect();
        shuffle(&mut warnings, &mut state.draws);
        deal(state, &tiles, warnings, &g.rule)?;
        if g.site_or_sound_chits > 0 {
            let mut mixed: Vec<PieceId> = Vec::new();
            for _ in 0..g.site_or_sound_chits {
                mixed.push(pool.pop().ok_or_else(|| {
                    RuleError::internal(format!("rule {}: too few Site and Sound chits", g.rule))
                })?);
            }
            if let Some(special) = g.special {
                let special = chits
                    .special_chits
                    .iter()
                    .find(|c| c.special == special)
                    .ok_or_else(|| RuleError::internal(format!("no {special:?} chit")))?;
                mixed.push(PieceId::MapChit {
                    id: special.id.clone(),
                });
            }
            shuffle(&mut mixed, &mut state.draws);
            deal(state, &tiles, mixed, &g.rule)?;
        }
    }
    state.map_chits_placed = true;
    Ok(vec![Event::public(
        "3.5.5",
        "The map chits are placed face down: a Warning chit in every tile, and a Site or Sound chit, the Lost City or the Lost Castle in each cave and mountain tile.",
        E::MapChitsPlaced,
    )])
}

/// One chit per tile, in tile order.
fn deal(
    state: &mut GameState,
    tiles: &[TileId],
    chits: Vec<PieceId>,
    rule: &str,
) -> Result<(), RuleError> {
    if chits.len() != tiles.len() {
        return Err(RuleError::internal(format!(
            "rule {rule}: {} chits for {} tiles",
            chits.len(),
            tiles.len()
        )));
    }
    for (tile, chit) in tiles.iter().zip(chits) {
        state
            .piles
            .move_to(&chit, Place::Tile { tile: *tile }, Some(Facing::Down));
    }
    Ok(())
}

/// 3.6.2: the first of the exchange clearings (5, then 4) that connects to the Borderland
/// along roadways; the last one if none does.
pub(crate) fn exchange_clearing(
    cat: &Catalog,
    state: &GameState,
    tile: TileId,
    timing: ExchangeTiming,
) -> Result<ClearingRef, RuleError> {
    let order: &[ClearingNumber] = cat.map_chits.exchange_clearings(timing).unwrap_or(&[]);
    let candidates: Vec<ClearingRef> = order
        .iter()
        .map(|n| ClearingRef { tile, clearing: *n })
        .filter(|c| state.map.clearing_kind(&cat.tiles, *c).is_some())
        .collect();
    candidates
        .iter()
        .find(|c| state.map.connects_to_borderland(&cat.tiles, **c))
        .or(candidates.last())
        .copied()
        .ok_or_else(|| RuleError::internal(format!("rule 3.6.2: {tile:?} has no clearing 5 or 4")))
}

/// 3.6: turn up the Valley chits, put what they stand for on the map with the garrisons,
/// then put each character at his recorded Dwelling, hidden, with his enchanted chits shown.
pub fn reveal_dwellings(cat: &Catalog, state: &mut GameState) -> Result<Events, RuleError> {
    let mut events = reveal_valley_chits(cat, state)?;
    for seat in state.all_seats().collect::<Vec<Seat>>() {
        place_character(cat, state, seat, &mut events)?;
    }
    Ok(events)
}

/// 3.6.1-3.6.3: the Valley chits turn face up and are exchanged for what they stand for.
pub fn reveal_valley_chits(cat: &Catalog, state: &mut GameState) -> Result<Events, RuleError> {
    let mut events = Vec::new();
    for group in &cat.map_chits.placement.face_up_at_setup {
        for tile in cat.tiles.in_group(*group).map(|t| t.id).collect::<Vec<_>>() {
            reveal_tile(cat, state, tile, &mut events)?;
        }
    }
    Ok(events)
}

fn reveal_tile(
    cat: &Catalog,
    state: &mut GameState,
    tile: TileId,
    events: &mut Events,
) -> Result<(), RuleError> {
    let here = Place::Tile { tile };
    let chits: Vec<PieceId> = state
        .piles
        .pile(&here)
        .iter()
        .map(|c| c.piece.clone())
        .collect();
    for piece in chits {
        let PieceId::MapChit { id } = &piece else {
            continue;
        };
        let Some(exchange) = cat.map_chits.exchange_for(id) else {
            continue;
        };
        if exchange.timing != ExchangeTiming::Setup {
            continue;
        }
        events.push(Event::reveal(
            "3.6.1",
            format!("The {} chit in {tile:?} turns face up.", id.0),
            E::ChitRevealed {
                tile,
                chit: id.clone(),
            },
        ));
        state
            .piles
            .move_to(&piece, Place::OutOfPlay, Some(Facing::Up));
        let at = exchange_clearing(cat, state, tile, ExchangeTiming::Setup)?;
        match &exchange.becomes {
            ExchangeResult::Dwelling(d) => place_dwelling(cat, state, *d, at, events),
            ExchangeResult::Monsters(group) => {
                let monster = cat.denizens.monster_named(&group.monster).ok_or_else(|| {
                    RuleError::internal(format!("rule 3.6.2: no monster {}", group.monster))
                })?;
                let mut count = 0;
                for n in 0..group.count {
                    let p = PieceId::Monster {
                        id: monster.id.clone(),
                        n,
                    };
                    if state
                        .piles
                        .move_to(&p, Place::Clearing { at }, Some(Facing::Light))
                    {
                        count += 1;
                    }
                }
                events.push(Event::public(
                    "3.6.2",
                    format!(
                        "{count} {}s appear in {tile:?} {}.",
                        monster.name, at.clearing.0
                    ),
                    E::GhostsPlaced { at, count },
                ));
            }
        }
    }
    Ok(())
}

/// 3.6.2-3.6.3: the Dwelling and its garrison natives (with their horses) go to `at`.
pub(crate) fn place_dwelling(
    cat: &Catalog,
    state: &mut GameState,
    dwelling: DwellingId,
    at: ClearingRef,
    events: &mut Events,
) {
    state.piles.move_to(
        &PieceId::Dwelling { id: dwelling },
        Place::Clearing { at },
        Some(Facing::Up),
    );
    events.push(Event::public(
        "3.6.2",
        format!(
            "The {dwelling:?} is placed in {:?} {}.",
            at.tile, at.clearing.0
        ),
        E::DwellingPlaced { dwelling, at },
    ));
    for g in cat
        .denizens
        .groups
        .iter()
        .filter(|g| g.garrison == Some(dwelling))
    {
        let box_place = Place::Natives { group: g.group };
        let members: Vec<PieceId> = state
            .piles
            .pile(&box_place)
            .iter()
            .map(|c| c.piece.clone())
            .collect();
        for m in members {
            state
                .piles
                .move_to(&m, Place::Clearing { at }, Some(Facing::Light));
        }
        events.push(Event::public(
            "3.6.3",
            format!("The {:?} garrison stands at the {dwelling:?}.", g.group),
            E::GarrisonPlaced { group: g.group, at },
        ));
    }
}

/// Where a recorded start lies on the map now (3.3.5, 3.6.4).
pub(crate) fn start_clearing(
    cat: &Catalog,
    state: &GameState,
    start: StartLocation,
) -> Option<ClearingRef> {
    let piece = match start {
        StartLocation::Chapel => PieceId::Dwelling {
            id: DwellingId::Chapel,
        },
        StartLocation::Guard => PieceId::Dwelling {
            id: DwellingId::GuardHouse,
        },
        StartLocation::House => PieceId::Dwelling {
            id: DwellingId::House,
        },
        StartLocation::Inn => PieceId::Dwelling {
            id: DwellingId::Inn,
        },
        StartLocation::Ghosts => {
            // The monsters a Valley chit is exchanged for (Bones V: the Ghosts, 3.6.2a).
            let ghost = cat
                .map_chits
                .warning_exchanges
                .iter()
                .find_map(|x| match &x.becomes {
                    ExchangeResult::Monsters(group) => cat.denizens.monster_named(&group.monster),
                    ExchangeResult::Dwelling(_) => None,
                })?;
            PieceId::Monster {
                id: ghost.id.clone(),
                n: 0,
            }
        }
    };
    match state.piles.place_of(&piece) {
        Some(Place::Clearing { at }) => Some(*at),
        _ => None,
    }
}

/// 3.6.4: the character goes to his Dwelling, hidden; his enchanted chits are revealed.
pub(crate) fn place_character(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    events: &mut Events,
) -> Result<(), RuleError> {
    let sheet = state
        .seat(seat)
        .ok_or_else(|| RuleError::internal(format!("no {seat}")))?;
    let character = sheet
        .character
        .clone()
        .ok_or_else(|| RuleError::internal(format!("{seat} has no character")))?;
    let start = sheet
        .secret
        .start
        .ok_or_else(|| RuleError::internal(format!("{seat} has no starting Dwelling")))?;
    let enchanted: Vec<u8> = sheet.secret.enchant.iter().copied().collect();
    let at = start_clearing(cat, state, start).ok_or_else(|| {
        RuleError::internal(format!("rule 3.6.4: the {start:?} is not on the map"))
    })?;
    state.piles.move_to(
        &PieceId::Character {
            id: character.clone(),
        },
        Place::Clearing { at },
        Some(Facing::Up),
    );
    if let Some(s) = state.seat_mut(seat) {
        s.hidden = true;
        for i in &enchanted {
            if let Some(c) = s.chits.get_mut(usize::from(*i)) {
                *c = ChitStatus::Enchanted;
            }
        }
    }
    let name = cat
        .characters
        .get(&character)
        .map_or(character.0.as_str(), |c| c.name.as_str());
    events.push(Event::reveal(
        "3.6.4",
        format!(
            "The {name} ({seat}) starts hidden at the {start:?}, in {:?} {}.",
            at.tile, at.clearing.0
        ),
        E::CharacterPlaced {
            seat,
            character,
            at,
            enchanted,
        },
    ));
    Ok(())
}
