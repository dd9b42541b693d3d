//! Chapter 3, preparing for play, as a sequence the players act through: the Treasure Setup
//! Card (3.1) and the map (3.2) are made when the game starts; then characters are chosen in
//! seat order (3.3.1, 3.3.2), the visitor/mission chits placed in turn (3.4), the map chits
//! placed (3.5), secret choices made by every seat at once (3.3.3 to 3.3.6), and the
//! Dwellings revealed with the characters at them (3.6).

pub mod characters;
pub mod map_chits;
pub mod setup_card;
pub mod visitors;

use crate::engine::dice::{DiceBox, Stream};
use crate::engine::{Event, RuleError, Seat, Seed};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::RealmMap;
use crate::magic_realm::pieces::Piles;
use crate::magic_realm::state::{
    GameState, MagicRealmSetup, MapChoice, SeatState, Step, DRAWS_PURPOSE, MAX_SEATS, MIN_SEATS,
};
use std::collections::BTreeSet;

type Events = Vec<Event<E>>;

/// Builds the map for a new game (3.2).
pub fn build_map(
    cat: &Catalog,
    choice: MapChoice,
    draws: &mut Stream,
) -> Result<RealmMap, RuleError> {
    let map = match choice {
        MapChoice::Default => RealmMap::default_map(&cat.tiles),
        MapChoice::Random => RealmMap::random(&cat.tiles, draws),
    };
    map.map_err(|e| RuleError::internal(format!("rule 3.2: {e}")))
}

/// A new game: checks the setup, fills the Setup Card, builds the map, gives preassigned
/// characters to their seats, and stops at the first choice a player makes.
pub fn start(cat: &Catalog, setup: &MagicRealmSetup, seed: Seed) -> Result<GameState, RuleError> {
    let n = setup.seats.len();
    if !(MIN_SEATS..=MAX_SEATS).contains(&n) {
        return Err(RuleError::bad_setup(format!(
            "a game has {MIN_SEATS} to {MAX_SEATS} seats, not {n}"
        )));
    }
    if setup.days == 0 || setup.days > 112 {
        return Err(RuleError::bad_setup(format!(
            "a game lasts 1 to 112 days, not {}",
            setup.days
        )));
    }
    let mut taken = BTreeSet::new();
    for (i, s) in setup.seats.iter().enumerate() {
        if let Some(c) = &s.character {
            if cat.characters.get(c).is_none() {
                return Err(RuleError::bad_setup(format!(
                    "seat {} names an unknown character {:?}",
                    i + 1,
                    c.0
                )));
            }
            if !taken.insert(c.clone()) {
                return Err(RuleError::bad_setup(format!(
                    "the character {:?} is named twice (rule 3.3.1: each player plays a different character)",
                    c.0
                )));
            }
        }
    }
    let mut draws = Stream::new(seed.0, DRAWS_PURPOSE);
    let mut piles = Piles::default();
    setup_card::fill(cat, &mut piles, &mut draws)?;
    let map = build_map(cat, setup.map, &mut draws)?;
    let mut state = GameState {
        seed,
        days: setup.days,
        map,
        piles,
        seats: vec![SeatState::empty(); n],
        step: Step::SecretChoices,
        dice: DiceBox::new(seed),
        draws,
        visitor_chits_placed: 0,
        map_chits_placed: false,
        today: Default::default(),
        homes: Default::default(),
        opened_sites: Default::default(),
        twt_sites: Default::default(),
        spells: Vec::new(),
        carried_gold: Vec::new(),
        carriers_transmorphized: Vec::new(),
        familiars: Default::default(),
    };
    let mut ignored = Vec::new();
    for (i, s) in setup.seats.iter().enumerate() {
        let seat = Seat(u8::try_from(i).unwrap_or(u8::MAX));
        if let Some(c) = s.character.as_ref().and_then(|c| cat.characters.get(c)) {
            characters::take_character(&mut state, seat, c, &mut ignored)?;
        }
    }
    advance(cat, &mut state)?;
    Ok(state)
}

/// Runs the automatic steps and moves to the next stage that needs a player.
pub fn advance(cat: &Catalog, state: &mut GameState) -> Result<Events, RuleError> {
    let mut events = Vec::new();
    let seats: Vec<Seat> = state.all_seats().collect();
    for seat in &seats {
        let Some(sheet) = state.seat(*seat) else {
            continue;
        };
        if sheet.character.is_none() {
            state.step = Step::ChooseCharacter { seat: *seat };
            return Ok(events);
        }
        if !sheet.equipment_pending.is_empty() {
            characters::settle_equipment(state, *seat, &mut events)?;
            if state
                .seat(*seat)
                .is_some_and(|s| !s.equipment_pending.is_empty())
            {
                state.step = Step::TakeEquipment { seat: *seat };
                return Ok(events);
            }
        }
    }
    if !visitors::unplaced(cat, state).is_empty() {
        let count = seats.len().max(1);
        let turn = usize::from(state.visitor_chits_placed) % count;
        state.step = Step::PlaceVisitorChit {
            seat: seats.get(turn).copied().unwrap_or(Seat(0)),
        };
        return Ok(events);
    }
    if !state.map_chits_placed {
        events.extend(map_chits::place(cat, state)?);
    }
    if state.seats.iter().any(|s| !s.secret.done) {
        state.step = Step::SecretChoices;
        return Ok(events);
    }
    events.extend(map_chits::reveal_dwellings(cat, state)?);
    events.push(Event::public(
        "3.6.4",
        "The realm is set up; the first day begins.",
        E::SetupComplete,
    ));
    events.extend(crate::magic_realm::day::begin_play(cat, state, 1)?);
    Ok(events)
}

/// The seats that owe a setup action now.
pub fn to_act(state: &GameState) -> Vec<Seat> {
    match &state.step {
        Step::ChooseCharacter { seat }
        | Step::TakeEquipment { seat }
        | Step::PlaceVisitorChit { seat } => vec![*seat],
        Step::SecretChoices => state
            .all_seats()
            .filter(|s| state.seat(*s).is_some_and(|x| !x.secret.done))
            .collect(),
        _ => Vec::new(),
    }
}

/// Every legal setup action of `seat`, in a fixed order.
pub fn legal_actions(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    if !to_act(state).contains(&seat) {
        return Vec::new();
    }
    match &state.step {
        Step::ChooseCharacter { .. } => characters::free_characters(cat, state)
            .into_iter()
            .map(|c| A::ChooseCharacter {
                character: c.id.clone(),
            })
            .collect(),
        Step::TakeEquipment { .. } => characters::equipment_choices(state, seat),
        Step::PlaceVisitorChit { .. } => visitors::choices(cat, state),
        Step::SecretChoices => characters::secret_choices(cat, state, seat),
        _ => Vec::new(),
    }
}

/// Applies a setup action already checked to be legal.
pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
) -> Result<Events, RuleError> {
    let mut events = match action {
        A::ChooseCharacter { character } => {
            let c = cat
                .characters
                .get(character)
                .ok_or_else(|| RuleError::illegal(format!("no character {:?}", character.0)))?;
            let mut ev = Vec::new();
            characters::take_character(state, seat, c, &mut ev)?;
            ev
        }
        A::TakeEquipment { item, from } => {
            let mut ev = Vec::new();
            characters::take_item(state, seat, item, *from, &mut ev)?;
            ev
        }
        A::PlaceVisitorChit {
            chit,
            facing,
            box_number,
        } => visitors::place(cat, state, seat, chit, *facing, *box_number)?,
        secret => characters::record_secret(state, seat, secret)?,
    };
    events.extend(advance(cat, state)?);
    Ok(events)
}
