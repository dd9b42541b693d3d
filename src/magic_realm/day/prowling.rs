//! End of turn, prowling denizens (rule 7.13, seed 000): prowling monsters in the tile
//! move to the individual's clearing, the tile's map chits turn face up and substitutes are
//! exchanged, the chits summon prowling denizens from the Appearance Chart (Warning chits
//! first, then Sound and Site chits by rising number), Dwellings summon natives, leaders and
//! sites summon row-6 visitors, and monsters that move or appear block unhidden
//! individuals, while the individuals there ordered to block the monsters block them
//! (7.12).

use super::summoning::{
    acting_cards, chit_info, summon_monsters, summon_natives, summon_visitors, summoning_order,
    ChitInfo,
};
use super::who;
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::characters::SpecialAdvantage;
use crate::magic_realm::catalog::chits::{ExchangeResult, ExchangeTiming, MapChitId};
use crate::magic_realm::catalog::denizens::NativeGroup;
use crate::magic_realm::catalog::tiles::TileId;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{part_of, Facing, PieceId, Place};
use crate::magic_realm::setup::map_chits::{exchange_clearing, place_dwelling};
use crate::magic_realm::state::GameState;
use std::collections::{BTreeMap, BTreeSet};

type Events = Vec<Event<E>>;

/// 7.13: a monster (or its head or club) prowls when its starting box is in the prowling
/// row; the Ghosts prowl every day.
pub fn monster_prowls(cat: &Catalog, state: &GameState, piece: &PieceId, row: u8) -> bool {
    // A controlled monster goes where its controller takes it.
    if super::hiring::is_hired(cat, state, piece) {
        return false;
    }
    if let PieceId::Monster { id, .. } = piece {
        if cat
            .setup_card
            .chart
            .always_prowling
            .iter()
            .any(|m| &m.monster == id)
        {
            return true;
        }
    }
    matches!(state.homes.of(piece), Some(Place::ChartBox { row: r, .. }) if *r == row)
}

/// 6.3.4: garrison natives go home with the natives or visitor chits of their colour.
const GARRISON_PROWLS_WITH: [(NativeGroup, u8); 4] = [
    (NativeGroup::Rogues, 5),
    (NativeGroup::Soldiers, 3),
    (NativeGroup::Guard, 6),
    (NativeGroup::Order, 6),
];

/// The native group of a native or of a native's horse.
pub fn group_of(cat: &Catalog, piece: &PieceId) -> Option<NativeGroup> {
    match piece {
        PieceId::Native { id } => cat.denizens.native(id).map(|n| n.group),
        PieceId::NativeHorse { id } => cat
            .denizens
            .natives
            .iter()
            .find(|n| n.horse.as_ref() == Some(id))
            .map(|n| n.group),
        _ => None,
    }
}

/// 6.3.4: whether an (unhired) native or native horse returns home this end of the week.
pub fn native_prowls_this_week(cat: &Catalog, piece: &PieceId, row: u8) -> bool {
    let Some(group) = group_of(cat, piece) else {
        return false;
    };
    let by_row = cat
        .denizens
        .group(group)
        .and_then(|g| g.appearance_row)
        .is_some_and(|r| r == row);
    by_row || GARRISON_PROWLS_WITH.contains(&(group, row))
}

/// Everything that happens when `seat`'s turn ends in his clearing (7.13).
pub fn end_of_turn(cat: &Catalog, state: &mut GameState, seat: Seat) -> Result<Events, RuleError> {
    let Some(here) = who::clearing(state, seat) else {
        return Ok(Vec::new());
    };
    let peace = at_peace(cat, state, seat);
    end_of_turn_at(cat, state, here, peace)
}

/// 7.13: the end of a turn in `here` (a character's, or a hired leader's, 6.2.5); `peace`:
/// Warning and Sound chits summon no monsters (Peace with Nature).
pub fn end_of_turn_at(
    cat: &Catalog,
    state: &mut GameState,
    here: ClearingRef,
    peace: bool,
) -> Result<Events, RuleError> {
    let mut events = Vec::new();
    let row = state.today.monster_roll;
    let tile = here.tile;
    // The monsters that move or appear, by clearing.
    let mut arrived: BTreeMap<ClearingRef, Vec<PieceId>> = BTreeMap::new();

    // 1. Prowling monsters already in the tile, not blocked, move to his clearing.
    let mut moving: Vec<PieceId> = Vec::new();
    for (place, pile) in state.piles.iter() {
        let Place::Clearing { at } = place else {
            continue;
        };
        if at.tile != tile || *at == here {
            continue;
        }
        for c in pile {
            if let PieceId::Monster { id, n } = &c.piece {
                if monster_prowls(cat, state, &c.piece, row)
                    && !state.today.stopped.contains(&c.piece)
                {
                    moving.push(c.piece.clone());
                    // A head or club goes with its monster.
                    moving.extend(part_of(cat, id, *n));
                }
            }
        }
    }
    for p in &moving {
        state.piles.move_to(p, Place::Clearing { at: here }, None);
    }
    if !moving.is_empty() {
        arrived
            .entry(here)
            .or_default()
            .extend(moving.iter().cloned());
        events.push(Event::public(
            "7.13",
            format!(
                "{} prowling monster counters move to {}.",
                moving.len(),
                who::name(cat, here)
            ),
            E::MonstersMoved {
                pieces: moving,
                to: here,
            },
        ));
    }

    // 2. The map chits in the tile turn face up; substitutes are exchanged.
    let newly_up = turn_up_tile(cat, state, tile, &mut events)?;

    // 3. Summoning by the chits that just turned up, one box per chit.
    let before = monsters_in_tile(state, tile);
    let mut summoned_to: BTreeSet<ClearingRef> = BTreeSet::new();
    for chit in summoning_order(cat, &newly_up) {
        if peace && !matches!(chit_info(cat, &chit), ChitInfo::Site { .. }) {
            calm(cat, state, tile, &chit, &mut events);
            continue;
        }
        if let Some(to) = summon_monsters(cat, state, &chit, here, row, &mut events)? {
            summoned_to.insert(to);
        }
    }
    // 4.4.2b: a card in his clearing that acts as a Warning chit (the Dragon Essence:
    // Smoke) summons as that chit, once a day; not to a character at peace with nature.
    for (card, chit) in acting_cards(cat, state, here) {
        state.today.cards_summoned.insert(card);
        if peace {
            continue;
        }
        if let Some(to) = summon_monsters(cat, state, &chit, here, row, &mut events)? {
            summoned_to.insert(to);
        }
    }
    for to in summoned_to {
        let new: Vec<PieceId> = monsters_in(state, to)
            .into_iter()
            .filter(|m| !before.contains(m))
            .collect();
        arrived.entry(to).or_default().extend(new);
    }

    // 4. Natives summoned by a Dwelling in his clearing; 5. row-6 visitor chits.
    summon_natives(cat, state, here, row, &mut events);
    if row == 6 {
        summon_visitors(cat, state, here, &mut events);
    }

    // 6. Monsters that moved or appeared block the unhidden individuals there, and at the
    // same time those there who were ordered to block the monsters block them (7.12).
    for (at, pieces) in arrived {
        super::blocking::monsters_arrive(cat, state, at, &pieces, &mut events);
        block_in(cat, state, at, &mut events);
    }
    Ok(events)
}

/// The monster counters in `at`.
fn monsters_in(state: &GameState, at: ClearingRef) -> Vec<PieceId> {
    state
        .piles
        .pile(&Place::Clearing { at })
        .iter()
        .filter(|c| matches!(c.piece, PieceId::Monster { .. }))
        .map(|c| c.piece.clone())
        .collect()
}

/// The monster counters in the clearings of `tile`.
fn monsters_in_tile(state: &GameState, tile: TileId) -> BTreeSet<PieceId> {
    state
        .piles
        .iter()
        .filter(|(place, _)| matches!(place, Place::Clearing { at } if at.tile == tile))
        .flat_map(|(_, pile)| pile.iter())
        .filter(|c| matches!(c.piece, PieceId::Monster { .. }))
        .map(|c| c.piece.clone())
        .collect()
}

/// The Druid's Peace with Nature, or the spell of that name on him: Warning and Sound chits
/// do not summon monsters when he ends his turn.
fn at_peace(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    use crate::magic_realm::combat::spells::{character_bewitched_by, SpellEffect};
    who::has(cat, state, seat, SpecialAdvantage::PeaceWithNature)
        || character_bewitched_by(cat, state, seat, SpellEffect::PeaceWithNature)
}

/// Peace with Nature: a Warning or Sound chit revealed at his turn's end turns face down
/// again, not having summoned (a chit is face up only once it has had its chance to
/// summon): it summons normally when anyone else ends his turn in the tile.
fn calm(cat: &Catalog, state: &mut GameState, tile: TileId, chit: &MapChitId, events: &mut Events) {
    if matches!(chit_info(cat, chit), ChitInfo::Other) {
        return;
    }
    state
        .piles
        .set_facing(&PieceId::MapChit { id: chit.clone() }, Facing::Down);
    events.push(Event::public(
        "7.13",
        format!(
            "Peace with Nature: the {} chit in {} summons nothing and turns face down again.",
            chit.0,
            tile_name(cat, tile)
        ),
        E::ChitTurnedDown {
            tile,
            chit: chit.clone(),
        },
    ));
}

/// 7.12: the monsters in `at` block every unhidden character (and hired leader and
/// controlled monster) there; blocked characters lose the rest of their turn, and blocking
/// monsters stop prowling for the day. Nobody is blocked while he follows, or is mist.
pub fn block_in(cat: &Catalog, state: &mut GameState, at: ClearingRef, events: &mut Events) {
    // 6.2.5, 7.12: unhidden hired leaders there are blocked as characters are (not while
    // they follow a guide).
    let leaders: Vec<crate::magic_realm::catalog::denizens::NativeId> = state
        .piles
        .pile(&Place::Clearing { at })
        .iter()
        .filter_map(|c| match &c.piece {
            PieceId::Native { id } => Some(id.clone()),
            _ => None,
        })
        .filter(|id| {
            super::hiring::employer(state, id)
                .is_some_and(|s| super::leaders::leaders_of(cat, state, s).contains(id))
        })
        .filter(|id| !state.today.leaders_following.contains_key(id))
        .collect();
    for leader in &leaders {
        super::leaders::block(cat, state, leader, events);
    }
    // 6.2.5, 7.12: and so are unhidden controlled monsters taking turns of their own.
    super::monster_turns::block_in(cat, state, at, events);
    let seats: Vec<Seat> = state
        .piles
        .pile(&Place::Clearing { at })
        .iter()
        .filter_map(|c| who::seat_of_counter(state, &c.piece))
        .collect();
    for seat in seats {
        block_character(cat, state, seat, events);
    }
}

/// 7.12: the monsters in his clearing block the character `seat` if he is unhidden (not
/// while he follows, or is mist, or is already blocked): at the end of a phase of his turn,
/// only he is blocked, not the others in his clearing ("if he starts his turn in the same
/// clearing with a monster, he can use his first phase to hide or move away").
pub fn block_character(cat: &Catalog, state: &mut GameState, seat: Seat, events: &mut Events) {
    let Some(at) = who::clearing(state, seat) else {
        return;
    };
    // 8.4.4: the monsters he has pacified do not block him.
    let monsters = blocking_monsters_toward(cat, state, at, seat);
    let blockable = !monsters.is_empty()
        && state.seat(seat).is_some_and(|x| !x.hidden)
        // 4.6.8c: mist neither blocks nor is blocked.
        && !crate::magic_realm::combat::spells::mist::misted_seat(cat, state, seat)
        && !state.today.blocked.contains(&seat)
        && !super::following::is_following(state, seat);
    if blockable {
        state.today.blocked.insert(seat);
        state.today.stopped.extend(monsters.iter().cloned());
        events.push(Event::public(
            "7.12",
            format!(
                "{} is blocked by the monsters in {}.",
                who::who(cat, state, seat),
                who::name(cat, at)
            ),
            E::Blocked { seat, by: monsters },
        ));
    }
}

/// 7.12: the monsters in `at` that block an unhidden individual there: neither hired nor
/// controlled, and not mist (4.6.8c: mist neither blocks nor is blocked).
pub fn blocking_monsters(cat: &Catalog, state: &GameState, at: ClearingRef) -> Vec<PieceId> {
    use crate::magic_realm::combat::spells::mist;
    state
        .piles
        .pile(&Place::Clearing { at })
        .iter()
        .filter(|c| matches!(c.piece, PieceId::Monster { .. }))
        .filter(|c| !super::hiring::is_hired(cat, state, &c.piece))
        .map(|c| c.piece.clone())
        .filter(|m| !mist::misted_piece(cat, state, m))
        .collect()
}

/// 7.12, 8.4.4: the monsters in `at` that block an individual of `seat` (the character,
/// his hired leader or his controlled monster): those of [`blocking_monsters`] that `seat`
/// has not pacified (Persuade, Deal with Goblins). Pacified monsters stop blocking their
/// spellcaster and his hirelings, but still block other characters normally.
pub fn blocking_monsters_toward(
    cat: &Catalog,
    state: &GameState,
    at: ClearingRef,
    seat: Seat,
) -> Vec<PieceId> {
    use crate::magic_realm::combat::spells::pacified_toward;
    blocking_monsters(cat, state, at)
        .into_iter()
        .filter(|m| !pacified_toward(cat, state, m, seat))
        .collect()
}

/// 7.13: turns every face-down map chit of the tile face up (Site and Sound chits go to
/// their clearings), exchanges the Lost City/Castle for its five chits and Smoke W/Stink W
/// for their campfires; returns the chits that turned up now (they summon today).
pub fn turn_up_tile(
    cat: &Catalog,
    state: &mut GameState,
    tile: TileId,
    events: &mut Events,
) -> Result<Vec<MapChitId>, RuleError> {
    let mut newly_up = Vec::new();
    let down: Vec<MapChitId> = state
        .piles
        .iter()
        .filter(|(place, _)| match place {
            Place::Tile { tile: t } => *t == tile,
            Place::Clearing { at } => at.tile == tile,
            _ => false,
        })
        .flat_map(|(_, pile)| pile.iter())
        .filter(|c| c.facing == Facing::Down)
        .filter_map(|c| match &c.piece {
            PieceId::MapChit { id } => Some(id.clone()),
            _ => None,
        })
        .collect();
    for id in down {
        turn_up(cat, state, tile, &id, &mut newly_up, events)?;
    }
    Ok(newly_up)
}

fn turn_up(
    cat: &Catalog,
    state: &mut GameState,
    tile: TileId,
    id: &MapChitId,
    newly_up: &mut Vec<MapChitId>,
    events: &mut Events,
) -> Result<(), RuleError> {
    let piece = PieceId::MapChit { id: id.clone() };
    let place = match chit_info(cat, id) {
        ChitInfo::Sound { clearing } | ChitInfo::Site { clearing } => Place::Clearing {
            at: ClearingRef { tile, clearing },
        },
        _ => Place::Tile { tile },
    };
    state.piles.move_to(&piece, place, Some(Facing::Up));
    // Everyone has seen it now (4.5): it stays known after it turns down at Midnight.
    for s in state.seats.iter_mut() {
        s.known.insert(piece.clone());
    }
    events.push(Event::reveal(
        "7.13",
        format!(
            "The {} chit in {} turns face up.",
            id.0,
            tile_name(cat, tile)
        ),
        E::ChitRevealed {
            tile,
            chit: id.clone(),
        },
    ));
    // The Lost City / Lost Castle: its five chits come to the tile, face up.
    if let Some(special) = cat.map_chits.special_chits.iter().find(|c| &c.id == id) {
        let five: Vec<MapChitId> = state
            .piles
            .pile(&Place::Section {
                special: special.special,
            })
            .iter()
            .filter_map(|c| match &c.piece {
                PieceId::MapChit { id } => Some(id.clone()),
                _ => None,
            })
            .collect();
        for inner in five {
            let p = PieceId::MapChit { id: inner.clone() };
            state
                .piles
                .move_to(&p, Place::Tile { tile }, Some(Facing::Down));
            turn_up(cat, state, tile, &inner, newly_up, events)?;
        }
        return Ok(());
    }
    // Smoke W / Stink W: exchanged for a campfire in clearing 5, else 4, else 2 (by road
    // to the Borderland on the tile's present side).
    if let Some(x) = cat.map_chits.exchange_for(id) {
        if x.timing == ExchangeTiming::WhenRevealed {
            state
                .piles
                .move_to(&piece, Place::OutOfPlay, Some(Facing::Up));
            let at = exchange_clearing(cat, state, tile, ExchangeTiming::WhenRevealed)?;
            match &x.becomes {
                ExchangeResult::Dwelling(d) => place_dwelling(cat, state, *d, at, events),
                ExchangeResult::Monsters(_) => {
                    return Err(RuleError::internal(
                        "rule 7.13: a revealed substitute stands for monsters",
                    ))
                }
            }
            return Ok(());
        }
    }
    newly_up.push(id.clone());
    Ok(())
}

fn tile_name(cat: &Catalog, tile: TileId) -> String {
    cat.tiles
        .get(tile)
        .map_or_else(|| format!("{tile:?}"), |t| t.name.clone())
}
