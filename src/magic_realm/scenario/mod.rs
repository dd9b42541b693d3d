//! Scenarios: a game that starts from any position (the test fixture format, and later the
//! web app's battle builder). Any piece in any place, either side up; characters with their
//! development, chits, belongings, hidden status, gold, fame, notoriety, discoveries and
//! records; spells in effect; the day and the point in the day; the next dice.
//!
//! A scenario that names something unknown, or places something twice, is refused with an
//! error that names it.

mod items;

use crate::engine::dice::{DiceBox, Stream};
use crate::engine::{RuleError, Seed};
use crate::magic_realm::catalog::characters::{CharacterId, ChitKind};
use crate::magic_realm::catalog::magic::SpellId;
use crate::magic_realm::catalog::tiles::TileSide;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day;
use crate::magic_realm::map::{ClearingRef, PlacedTile, RealmMap};
use crate::magic_realm::pieces::{all_pieces, Facing, PieceId, Piles, Place};
use crate::magic_realm::points::Points;
use crate::magic_realm::setup::{build_map, map_chits, setup_card};
use crate::magic_realm::state::{
    Activity, ChitStatus, DayPoint, Discoveries, GameState, MapChoice, SeatState, SecretRecord,
    Step, VictoryPoints, DEFAULT_DAYS, DRAWS_PURPOSE, MAX_SEATS, MIN_SEATS, STARTING_GOLD,
    VICTORY_POINTS,
};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use tsify::Tsify;

/// The map of a scenario.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, Tsify)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ScenarioMap {
    #[default]
    Default,
    /// A random legal map from the scenario's seed.
    Random,
    /// These tiles, where they lie, on the side given.
    Tiles { tiles: Vec<PlacedTile> },
}

/// Where the pieces a scenario does not name go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub enum Realm {
    /// Out of play: only the named pieces are in the game.
    #[default]
    Empty,
    /// As a normal setup leaves them: the Setup Card filled, the map chits placed and the
    /// Valley chits exchanged for Dwellings, Ghosts and garrisons (3.1, 3.5, 3.6.1-3.6.3).
    SetUp,
}

/// One named piece.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ScenarioPiece {
    pub piece: PieceId,
    pub place: Place,
    /// Which way up; the side the piece starts the game on if left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub facing: Option<Facing>,
    /// 6.3.4: where a denizen started the game (it goes back there when it regenerates);
    /// where it is placed (a monster: its first chart box) if left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub home: Option<Place>,
    /// 4.6.8b: for a piece a hired leader or controlled monster turned into a creature
    /// carries, one it was given after it was transformed (not transmorphized with it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[tsify(optional)]
    pub untransmorphized: bool,
}

/// An item a character carries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ScenarioBelonging {
    pub piece: PieceId,
    /// Which way up; the side the piece starts the game on if left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub facing: Option<Facing>,
    /// Whether the character has it active (4.3.1); active if left out.
    #[serde(default = "yes")]
    pub active: bool,
    /// 4.6.5c: for an Artifact or Spell Book, the Spell cards awakened in it (they go with
    /// the item, face down).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub awakened: Vec<SpellId>,
    /// 4.6.8b: for a character turned into a creature by Transform, a belonging he got
    /// after he was transformed (not transmorphized with him).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[tsify(optional)]
    pub untransmorphized: bool,
}

/// A chit that is not fresh.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ScenarioChit {
    /// Index into the character's 12 chits (0 to 11, in card order).
    pub chit: u8,
    pub status: ChitStatus,
}

fn four() -> u8 {
    4
}
fn yes() -> bool {
    true
}
fn starting_gold() -> i32 {
    STARTING_GOLD
}
fn first_day() -> u8 {
    1
}
fn default_days() -> u8 {
    DEFAULT_DAYS
}

/// One seat's character.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ScenarioSeat {
    pub character: CharacterId,
    /// The clearing the character counter is in.
    pub at: ClearingRef,
    /// 8.3.8: he ran out of `at` onto the roadway toward this clearing, and is between
    /// the two.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub roadway: Option<ClearingRef>,
    /// 8.3.8 e.2: he flew away from `at` toward this adjacent tile, and is between the two
    /// tiles in the air.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub flown_away: Option<crate::magic_realm::catalog::tiles::TileId>,
    /// Development stage 1 to 4 (default 4).
    #[serde(default = "four")]
    pub level: u8,
    #[serde(default)]
    pub chits: Vec<ScenarioChit>,
    /// Carried items (the character's belongings).
    #[serde(default)]
    pub belongings: Vec<ScenarioBelonging>,
    #[serde(default = "yes")]
    pub hidden: bool,
    #[serde(default = "starting_gold")]
    pub gold: i32,
    /// Recorded Fame: whole points, or `{ num, den }` for a fraction (8.7).
    #[serde(default)]
    #[tsify(type = "Points | number")]
    pub fame: Points,
    /// Recorded Notoriety: whole points, or `{ num, den }` for a fraction (8.7).
    #[serde(default)]
    #[tsify(type = "Points | number")]
    pub notoriety: Points,
    #[serde(default)]
    pub discoveries: Discoveries,
    #[serde(default)]
    pub spells: Vec<SpellId>,
    /// 7.5, 3.3.6g: spells learned from Spell cards (recorded after `spells`; they count
    /// toward the Spells victory category).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub learned: Vec<SpellId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub victory: Option<VictoryPoints>,
    /// The turn recorded for the day (used when the scenario starts at Daylight).
    #[serde(default)]
    pub record: Vec<Activity>,
    /// 7.7: natives the character has hired, with their terms.
    #[serde(default)]
    pub hirelings: Vec<crate::magic_realm::day::meeting::Hireling>,
    /// 4.6.7a: curses on him.
    #[serde(default)]
    pub curses: Vec<crate::magic_realm::catalog::tables::Curse>,
}

/// A game from any position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MagicRealmScenario {
    #[serde(default)]
    pub map: ScenarioMap,
    #[serde(default)]
    pub realm: Realm,
    pub seats: Vec<ScenarioSeat>,
    #[serde(default)]
    pub pieces: Vec<ScenarioPiece>,
    #[serde(default = "first_day")]
    pub day: u8,
    #[serde(default)]
    pub at: DayPoint,
    #[serde(default = "default_days")]
    pub days: u8,
    /// Die results to use, in order, before the seeded dice.
    #[serde(default)]
    pub dice: Vec<u8>,
    /// Spells in effect (8.4.3), each with its caster's Magic chit committed to it.
    #[serde(default)]
    pub spells: Vec<crate::magic_realm::combat::spells::SpellInEffect>,
    /// 2.3.7, 4.5.5: the treasure site where each TWT Site card on the map was found.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[tsify(type = "Record<TreasureId, MapChitId>", optional)]
    pub twt_sites: BTreeMap<
        crate::magic_realm::catalog::items::TreasureId,
        crate::magic_realm::catalog::chits::MapChitId,
    >,
}

/// 4.5.6: recorded gold never falls below zero. No rule caps it, but all the prices of the
/// game together come to a few thousand gold, so a scenario's gold above this is refused
/// as impossible (and sums of such amounts stay far from `i32`'s limits).
pub const MAX_SCENARIO_GOLD: i32 = 1_000_000;

/// 4.5.6: a recorded gold amount a scenario may give.
fn check_gold(who: &str, gold: i32) -> Result<(), RuleError> {
    if (0..=MAX_SCENARIO_GOLD).contains(&gold) {
        Ok(())
    } else {
        Err(bad(format!(
            "{who}: recorded gold {gold} is impossible: it is never below zero (4.5.6) and at most {MAX_SCENARIO_GOLD} in a scenario"
        )))
    }
}

fn bad(msg: impl Into<String>) -> RuleError {
    RuleError::bad_scenario(msg)
}

/// Builds the state a scenario describes, or says what is wrong with it.
pub fn build(cat: &Catalog, sc: &MagicRealmScenario, seed: Seed) -> Result<GameState, RuleError> {
    let n = sc.seats.len();
    if !(MIN_SEATS..=MAX_SEATS).contains(&n) {
        return Err(bad(format!(
            "a scenario has {MIN_SEATS} to {MAX_SEATS} seats, not {n}"
        )));
    }
    if sc.days == 0 || sc.days > 112 || sc.day == 0 || sc.day > sc.days {
        return Err(bad(format!(
            "day {} of {} is not a day of the game",
            sc.day, sc.days
        )));
    }
    let mut draws = Stream::new(seed.0, DRAWS_PURPOSE);
    let map = scenario_map(cat, &sc.map, &mut draws)?;
    let mut dice = DiceBox::new(seed);
    dice.force(&sc.dice)?;
    let mut state = GameState {
        seed,
        days: sc.days,
        map,
        piles: Piles::default(),
        seats: Vec::new(),
        step: Step::Birdsong { day: sc.day },
        dice,
        draws,
        visitor_chits_placed: 0,
        map_chits_placed: true,
        today: Default::default(),
        homes: Default::default(),
        opened_sites: Default::default(),
        twt_sites: Default::default(),
        spells: Vec::new(),
        carried_gold: Vec::new(),
        carriers_transmorphized: Vec::new(),
        familiars: Default::default(),
    };
    match sc.realm {
        Realm::Empty => {
            for piece in all_pieces(cat) {
                let facing = setup_card::initial_facing(&piece);
                state.piles.put(Place::OutOfPlay, piece, facing);
            }
        }
        Realm::SetUp => {
            setup_card::fill(cat, &mut state.piles, &mut state.draws)?;
            map_chits::place(cat, &mut state)?;
            map_chits::reveal_valley_chits(cat, &mut state)?;
        }
    }
    let known: BTreeSet<PieceId> = all_pieces(cat).into_iter().collect();
    let mut named: BTreeSet<PieceId> = BTreeSet::new();
    let mut name = |piece: &PieceId| -> Result<(), RuleError> {
        if !known.contains(piece) {
            return Err(bad(format!(
                "the scenario names {piece}, which is not a piece of the game"
            )));
        }
        if !named.insert(piece.clone()) {
            return Err(bad(format!("the scenario places {piece} twice")));
        }
        Ok(())
    };
    for s in &sc.seats {
        let c = cat
            .characters
            .get(&s.character)
            .ok_or_else(|| bad(format!("unknown character {:?}", s.character.0)))?;
        name(&PieceId::Character { id: c.id.clone() })?;
        check_clearing(cat, &state.map, s.at)?;
        let place = match (s.roadway, s.flown_away) {
            (None, None) => Place::Clearing { at: s.at },
            (Some(to), None) => {
                check_roadway(cat, &state.map, s.at, to)?;
                Place::Roadway { from: s.at, to }
            }
            (None, Some(to)) => {
                if !state.map.adjacent_tiles(s.at.tile).contains(&to) {
                    return Err(bad(format!(
                        "{to:?} is not adjacent to {:?}: nobody flies away there",
                        s.at.tile
                    )));
                }
                Place::FlownAway {
                    from: s.at.tile,
                    to,
                }
            }
            (Some(_), Some(_)) => {
                return Err(bad("a character is on a roadway or in the air, not both"))
            }
        };
        state.piles.move_to(
            &PieceId::Character { id: c.id.clone() },
            place,
            Some(Facing::Up),
        );
        for b in &s.belongings {
            name(&b.piece)?;
            let facing = b
                .facing
                .unwrap_or_else(|| setup_card::initial_facing(&b.piece));
            state.piles.move_to(
                &b.piece,
                Place::Belongings {
                    character: c.id.clone(),
                },
                Some(facing),
            );
            items::awaken(cat, &mut state, &mut name, &b.piece, &b.awakened)?;
        }
        state.seats.push(seat_state(cat, s)?);
    }
    for p in &sc.pieces {
        name(&p.piece)?;
        check_place(cat, &state, &p.place)?;
        items::check_with_item(cat, &p.piece, &p.place)?;
        let facing = p
            .facing
            .unwrap_or_else(|| setup_card::initial_facing(&p.piece));
        state.piles.move_to(&p.piece, p.place.clone(), Some(facing));
        if let Some(home) = &p.home {
            check_home(cat, &state, &p.piece, home)?;
        }
    }
    state.visitor_chits_placed = u8::try_from(
        state
            .piles
            .iter()
            .filter(|(place, _)| matches!(place, Place::ChartBox { row: 6, .. }))
            .flat_map(|(_, pile)| pile.iter())
            .filter(|c| matches!(c.piece, PieceId::VisitorChit { .. }))
            .count(),
    )
    .unwrap_or(u8::MAX);
    for (card, site) in &sc.twt_sites {
        let is_site_card = day::twt::info(cat, card)
            .is_some_and(|i| i.kind == crate::magic_realm::catalog::items::TwtKind::SiteCard);
        if !is_site_card || !cat.map_chits.site_chits.iter().any(|s| &s.id == site) {
            return Err(bad(format!(
                "twtSites: {:?} is not a Site card found at the treasure site {:?}",
                card.0, site.0
            )));
        }
    }
    state.twt_sites = sc.twt_sites.clone();
    spells_in_effect(cat, &mut state, sc)?;
    start_at(cat, &mut state, sc)?;
    // 4.6.6h: inert Permanent spells whose targets are supplied with colour are energized.
    crate::magic_realm::combat::spells::permanent::supply(cat, &mut state, &mut Vec::new())?;
    // Absorb Essence 4: an item no character holds is its energized spell's monster.
    crate::magic_realm::combat::spells::item_monster::sync(cat, &mut state, &mut Vec::new());
    untransmorphized(cat, &mut state, sc);
    Ok(state)
}

/// 4.6.8b: each character turned into a creature has what he has transmorphized with him
/// (as Transform or Absorb Essence says), but for the belongings marked untransmorphized;
/// so too each hired leader and controlled monster turned into one, with what it carries.
fn untransmorphized(cat: &Catalog, state: &mut GameState, sc: &MagicRealmScenario) {
    use crate::magic_realm::combat::spells::carrying;
    carrying::sync(cat, state, &mut Vec::new());
    for (n, s) in sc.seats.iter().enumerate() {
        let seat = crate::engine::Seat(u8::try_from(n).unwrap_or(u8::MAX));
        if let Some(mark) = state.seat_mut(seat).and_then(|x| x.transmorphized.as_mut()) {
            for b in s.belongings.iter().filter(|b| b.untransmorphized) {
                mark.belongings.remove(&b.piece);
            }
        }
    }
    for p in sc.pieces.iter().filter(|p| p.untransmorphized) {
        if let Place::Carried { by } = &p.place {
            if let Some((_, mark)) = state
                .carriers_transmorphized
                .iter_mut()
                .find(|(c, _)| c == by)
            {
                mark.belongings.remove(&p.piece);
            }
        }
    }
    carrying::sync(cat, state, &mut Vec::new());
}

/// The scenario's spells in effect: known spells of its seats, with their chits committed.
fn spells_in_effect(
    cat: &Catalog,
    state: &mut GameState,
    sc: &MagicRealmScenario,
) -> Result<(), RuleError> {
    for s in &sc.spells {
        if cat.spells.get(&s.spell).is_none() {
            return Err(bad(format!("unknown spell {:?} in effect", s.spell.0)));
        }
        if items::cast_by_item(cat, s)? {
            state.spells.push(s.clone());
            continue;
        }
        let slot = state
            .seat_mut(s.caster)
            .and_then(|x| x.chits.get_mut(usize::from(s.chit)))
            .ok_or_else(|| {
                bad(format!(
                    "the spell {:?} in effect names no chit of a seat",
                    s.spell.0
                ))
            })?;
        *slot = ChitStatus::Committed;
        state.spells.push(s.clone());
    }
    Ok(())
}

/// Puts the game at the scenario's point of the day, running the automatic steps on the
/// way (Sunrise before Daylight; Sunset, Evening and Midnight before the next Birdsong).
fn start_at(
    cat: &Catalog,
    state: &mut GameState,
    sc: &MagicRealmScenario,
) -> Result<(), RuleError> {
    day::begin_play(cat, state, sc.day)?;
    // 6.3.4: the homes the scenario names replace those read from where pieces lie.
    for p in &sc.pieces {
        if let Some(home) = &p.home {
            state.homes.set(p.piece.clone(), home.clone());
        }
    }
    // 3.1.1a, 6.3.4: a head or club named without a home goes with its monster: it takes
    // the monster's home (not the clearing it was placed in).
    for p in sc.pieces.iter().filter(|p| p.home.is_none()) {
        let PieceId::MonsterPart { id, n } = &p.piece else {
            continue;
        };
        let home = crate::magic_realm::pieces::monster_of_part(cat, id, *n)
            .and_then(|m| state.homes.of(&m).cloned());
        if let Some(home) = home {
            state.homes.set(p.piece.clone(), home);
        }
    }
    let mut ignored = Vec::new();
    match sc.at {
        DayPoint::Birdsong => {}
        DayPoint::Sunrise | DayPoint::Daylight => {
            for (seat, s) in state.seats.iter_mut().zip(&sc.seats) {
                seat.record.activities = s.record.clone();
                seat.record.done = true;
            }
            day::advance(cat, state, &mut ignored)?;
        }
        DayPoint::Sunset | DayPoint::Evening | DayPoint::Midnight => {
            for seat in state.seats.iter_mut() {
                seat.record.done = true;
            }
            state.step = Step::Daylight { day: sc.day };
            day::advance(cat, state, &mut ignored)?;
        }
    }
    Ok(())
}

fn scenario_map(cat: &Catalog, m: &ScenarioMap, draws: &mut Stream) -> Result<RealmMap, RuleError> {
    match m {
        ScenarioMap::Default => build_map(cat, MapChoice::Default, draws),
        ScenarioMap::Random => build_map(cat, MapChoice::Random, draws),
        ScenarioMap::Tiles { tiles } => {
            let map = RealmMap::new(tiles.clone());
            let mut green = map.clone();
            for t in tiles {
                green
                    .set_side(t.tile, TileSide::Normal)
                    .map_err(|e| bad(format!("the scenario's map: {e}")))?;
            }
            green
                .validate(&cat.tiles)
                .map_err(|e| bad(format!("the scenario's map is not legal (rule 3.2): {e}")))?;
            Ok(map)
        }
    }
}

fn check_clearing(cat: &Catalog, map: &RealmMap, at: ClearingRef) -> Result<(), RuleError> {
    match map.clearing_kind(&cat.tiles, at) {
        Some(_) => Ok(()),
        None => Err(bad(format!(
            "{:?} has no clearing {}",
            at.tile, at.clearing.0
        ))),
    }
}

/// 8.3.8: a roadway joins `from` and `to`.
fn check_roadway(
    cat: &Catalog,
    map: &RealmMap,
    from: ClearingRef,
    to: ClearingRef,
) -> Result<(), RuleError> {
    check_clearing(cat, map, from)?;
    check_clearing(cat, map, to)?;
    if map.routes(&cat.tiles, from).iter().any(|r| r.to == to) {
        Ok(())
    } else {
        Err(bad(format!(
            "no roadway joins {:?} {} and {:?} {}",
            from.tile, from.clearing.0, to.tile, to.clearing.0
        )))
    }
}

/// 6.3.4: only a denizen has a home: a chart box, a native box or a clearing.
fn check_home(
    cat: &Catalog,
    state: &GameState,
    piece: &PieceId,
    home: &Place,
) -> Result<(), RuleError> {
    let denizen = matches!(
        piece,
        PieceId::Monster { .. }
            | PieceId::MonsterPart { .. }
            | PieceId::Native { .. }
            | PieceId::NativeHorse { .. }
    );
    let fits = matches!(
        home,
        Place::ChartBox { .. } | Place::Natives { .. } | Place::Clearing { .. }
    );
    if !denizen || !fits {
        return Err(bad(format!(
            "{piece} cannot have the home {home:?}: only a denizen has one, a chart box, a native box or a clearing"
        )));
    }
    check_place(cat, state, home)
}

fn check_place(cat: &Catalog, state: &GameState, place: &Place) -> Result<(), RuleError> {
    match place {
        Place::Clearing { at } => check_clearing(cat, &state.map, *at),
        Place::Roadway { .. } | Place::Flying { .. } | Place::FlownAway { .. } => Err(bad(
            "only a character who ran or flew away is between clearings: give his seat a roadway or flownAway",
        )),
        Place::ChartBox { row, number } => {
            let exists = cat.setup_card.chart.row(*row).is_some_and(|r| {
                r.groups
                    .iter()
                    .flat_map(|g| g.boxes.iter())
                    .any(|b| b.number == *number)
            });
            if exists {
                Ok(())
            } else {
                Err(bad(format!(
                    "the Appearance Chart has no box {number} in row {row}"
                )))
            }
        }
        Place::Belongings { character } => match state.seat_of(character) {
            Some(_) => Ok(()),
            None => Err(bad(format!(
                "{:?} is not a character of the scenario, so it carries nothing",
                character.0
            ))),
        },
        _ => Ok(()),
    }
}

fn seat_state(cat: &Catalog, s: &ScenarioSeat) -> Result<SeatState, RuleError> {
    let c = cat
        .characters
        .get(&s.character)
        .ok_or_else(|| bad(format!("unknown character {:?}", s.character.0)))?;
    if !(1..=4).contains(&s.level) {
        return Err(bad(format!(
            "{}: development stage {} is not 1 to 4",
            c.name, s.level
        )));
    }
    let mut chits = vec![ChitStatus::Fresh; c.chits.len()];
    let mut seen = BTreeSet::new();
    for ch in &s.chits {
        let slot = chits
            .get_mut(usize::from(ch.chit))
            .ok_or_else(|| bad(format!("{} has no chit {}", c.name, ch.chit)))?;
        if !seen.insert(ch.chit) {
            return Err(bad(format!("{}: chit {} is set twice", c.name, ch.chit)));
        }
        let magic = matches!(
            c.chits.get(usize::from(ch.chit)).map(|x| x.kind),
            Some(ChitKind::Magic { magic_type }) if magic_type.is_enchantable()
        );
        if ch.status == ChitStatus::Enchanted && !magic {
            return Err(bad(format!(
                "{}: chit {} is not a Magic chit of type I to V, so it cannot be enchanted (4.6.3)",
                c.name, ch.chit
            )));
        }
        *slot = ch.status;
    }
    let inactive = s
        .belongings
        .iter()
        .filter(|b| !b.active)
        .map(|b| b.piece.clone())
        .collect();
    for chit in &s.discoveries.chits {
        if !cat.map_chits.all_ids().contains(&chit) {
            return Err(bad(format!(
                "{}: unknown map chit {:?} among the discoveries",
                c.name, chit.0
            )));
        }
    }
    for card in &s.discoveries.cards {
        let site = crate::magic_realm::day::twt::info(cat, card)
            .is_some_and(|i| i.kind == crate::magic_realm::catalog::items::TwtKind::SiteCard);
        if !site {
            return Err(bad(format!(
                "{}: {:?} among the discoveries is not a Site card (2.3.7)",
                c.name, card.0
            )));
        }
    }
    for path in &s.discoveries.paths {
        let printed = cat.tiles.get(path.tile).is_some_and(|t| {
            t.face(path.side)
                .paths
                .iter()
                .any(|p| p.from == path.from && p.to == path.to)
        });
        if !printed {
            return Err(bad(format!(
                "{}: {path:?} is not a roadway of the map",
                c.name
            )));
        }
    }
    if let Some(h) = s
        .hirelings
        .iter()
        .find(|h| cat.denizens.native(&h.native).is_none())
    {
        return Err(bad(format!(
            "{}: unknown native {:?} among the hirelings",
            c.name, h.native.0
        )));
    }
    check_gold(&c.name, s.gold)?;
    for h in &s.hirelings {
        check_gold(&format!("{}'s hireling {:?}", c.name, h.native.0), h.gold)?;
    }
    for sp in &s.spells {
        if cat.spells.get(sp).is_none() {
            return Err(bad(format!("{}: unknown spell {:?}", c.name, sp.0)));
        }
    }
    items::check_learned(cat, &c.name, &s.learned)?;
    let victory = s.victory.unwrap_or_default();
    if s.victory.is_some() && victory.total() != u32::from(VICTORY_POINTS) {
        return Err(bad(format!(
            "{}: victory requirements must assign exactly {VICTORY_POINTS} points (3.3.6a)",
            c.name
        )));
    }
    Ok(SeatState {
        character: Some(c.id.clone()),
        level: s.level,
        chits,
        hidden: s.hidden,
        gold: s.gold,
        fame: s.fame,
        notoriety: s.notoriety,
        discoveries: s.discoveries.clone(),
        secret: SecretRecord {
            spells: s.spells.iter().chain(&s.learned).cloned().collect(),
            learned: s.learned.clone(),
            enchant: BTreeSet::new(),
            enchanting_done: true,
            start: None,
            victory,
            done: true,
        },
        equipment_pending: Vec::new(),
        inactive,
        hirelings: s.hirelings.clone(),
        curses: s.curses.iter().copied().collect(),
        ..SeatState::empty()
    })
}
