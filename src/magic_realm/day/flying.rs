//! Flying (rules 7.3.3, 4.4.8, 4.6.6e): the Fly activity from tile to tile; the flying
//! values a character may use (Fly chits made by Fly spells, the Flying Carpet energized by
//! Purple magic); taking off, which unhides him and leaves behind his horses and what his
//! flying strength cannot carry; and landing, by a die roll for the clearing of the last
//! tile he flew to. Flying steeds are in [`super::steeds`].

use super::{belongings, following, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::common::Size;
use crate::magic_realm::catalog::items::TreasureId;
use crate::magic_realm::catalog::magic::{FlyValues, Spell};
use crate::magic_realm::catalog::tiles::{ClearingNumber, TileId};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::spells::{self, SpellAim, SpellEffect, SpellExpiry};
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::{Activity, GameState};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

type Events = Vec<Event<E>>;

/// What gives a character his flying values (7.3.3).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, Tsify)]
#[serde(tag = "source", rename_all = "camelCase")]
pub enum FlySource {
    /// 4.6.6e: the Fly chit made by the spell `caster` cast from `spell_box`.
    Chit { caster: Seat, spell_box: u8 },
    /// 4.4.8: a Treasure card with a Permanent flying spell (the Flying Carpet).
    Item { item: TreasureId },
    /// 7.3.3, 4.6.8: his own transmorphized flying values (a flying creature's).
    Creature,
    /// 7.3.3: a flying steed: a controlled Bat or Flying Dragon following him (or another
    /// controlled monster following him transmorphized into a flying creature).
    Steed { piece: PieceId },
    /// 7.3.3: a flying steed: a character transmorphized into a flying creature who is
    /// following him.
    Mount { seat: Seat },
    /// 7.3.3: a flying steed: a hired leader transmorphized into a flying creature who is
    /// following him.
    Leader {
        leader: crate::magic_realm::catalog::denizens::NativeId,
    },
}

/// A way to fly and its values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flight {
    pub source: FlySource,
    pub values: FlyValues,
}

/// 4.4.8: the flying spell a Treasure card carries (the Flying Carpet's).
pub fn item_spell<'a>(cat: &'a Catalog, item: &'a TreasureId) -> Option<&'a Spell> {
    cat.spells.printed_on(item).find(|s| s.fly.is_some())
}

/// The active Treasure cards of the seat that fly (whether energized or not).
pub fn flying_items(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<TreasureId> {
    belongings::active(state, seat)
        .into_iter()
        .filter_map(|p| match p {
            PieceId::Treasure { id } if item_spell(cat, &id).is_some() => Some(id),
            _ => None,
        })
        .collect()
}

/// 4.4.8, 7.3.3: the Flying Carpet flies while it is supplied with a colour its spell needs
/// where its owner is (the tile, an Enchanted card, the seventh day), or all day once he
/// has energized it with a colour chit of that colour (7.2.3).
pub fn energized(cat: &Catalog, state: &GameState, seat: Seat, item: &TreasureId) -> bool {
    let Some(spell) = item_spell(cat, item) else {
        return false;
    };
    state.today.energized_items.contains(item)
        || super::enchanting::colours_for(cat, state, seat, false)
            .iter()
            .any(|c| spell.color.accepts(*c))
}

/// Whether the seat has a Move chit of Light strength in play (Broomstick: a target who is
/// not its caster can fly with it only as he uses a Light Move chit).
fn light_move_chit(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    use crate::magic_realm::state::ChitStatus;
    who::chits(cat, state, seat).any(|(_, chit, st)| {
        st == ChitStatus::Fresh && chit.kind.move_strength() == Some(Size::Light)
    })
}

/// 4.6.6e: the Fly chits the seat may play: those of Fly spells working on him (a chit
/// already in use included, for its consecutive Fly phases).
pub fn fly_chits(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<Flight> {
    let me = SpellAim::Character { seat };
    state
        .spells
        .iter()
        .filter(|s| s.has(cat, SpellEffect::Fly) && s.works(state) && s.aims.contains(&me))
        .filter(|s| s.caster == seat || light_move_chit(cat, state, seat))
        .filter_map(|s| {
            let values = cat.spells.get(&s.spell)?.fly?;
            Some(Flight {
                source: FlySource::Chit {
                    caster: s.caster,
                    spell_box: s.spell_box,
                },
                values,
            })
        })
        .collect()
}

/// 7.3.3: every way the seat can fly now. Transmorphized, only his creature's own flying
/// values (his Fly chits and belongings are frozen, 4.6.8b, e).
pub fn flights(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<Flight> {
    if spells::frozen(cat, state, seat) {
        return super::creatures::flying_values(cat, state, seat)
            .map(|values| Flight {
                source: FlySource::Creature,
                values,
            })
            .into_iter()
            .collect();
    }
    let mut out: Vec<Flight> = flying_items(cat, state, seat)
        .into_iter()
        .filter(|item| energized(cat, state, seat, item))
        .filter_map(|item| {
            let values = item_spell(cat, &item)?.fly?;
            Some(Flight {
                source: FlySource::Item { item },
                values,
            })
        })
        .collect();
    out.extend(fly_chits(cat, state, seat));
    out
}

/// 7.3.3: whether a flying strength carries the character himself (his weight; a
/// transmorphized character's is his creature's, 4.6.8).
pub fn carries_him(cat: &Catalog, state: &GameState, seat: Seat, strength: Size) -> bool {
    if let Some(form) = spells::transform::form_of_seat(cat, state, seat) {
        return form.strength <= strength;
    }
    who::card(cat, state, seat).is_some_and(|c| c.weight <= strength)
}

/// 7.3.3: the flight he takes from tile to tile: one able to carry him, among his own
/// flying values and his flying steeds; a flying item or a steed before a Fly chit (a chit
/// is used up when he lands), then the strongest.
pub fn best_flight(cat: &Catalog, state: &GameState, seat: Seat) -> Option<Flight> {
    let mut all = flights(cat, state, seat);
    all.extend(super::steeds::flights(cat, state, seat));
    all.into_iter()
        // 4.6.8: his own flying values carry him.
        .filter(|f| {
            f.source == FlySource::Creature || carries_him(cat, state, seat, f.values.strength)
        })
        .max_by_key(|f| {
            (
                !matches!(f.source, FlySource::Chit { .. }),
                f.values.strength,
            )
        })
}

/// 6.2.1a, 6.2.2c: whether the seat may record the Fly activity: he has a Fly chit, or an
/// active flying Treasure (energized or not, 6.2.2c), or he must fly down after flying away,
/// or he is a flying creature, or a flying steed may carry him (7.3.3).
pub fn may_record(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    let me = SpellAim::Character { seat };
    state
        .spells
        .iter()
        .any(|s| s.has(cat, SpellEffect::Fly) && s.aims.contains(&me))
        || !flying_items(cat, state, seat).is_empty()
        || flown_away(state, seat).is_some()
        || super::creatures::flying_values(cat, state, seat).is_some()
        || super::steeds::may_record(cat, state, seat)
}

/// 8.3.8 e.2: the two tiles a character who flew away is between.
pub fn flown_away(state: &GameState, seat: Seat) -> Option<(TileId, TileId)> {
    let piece = who::counter(state, seat)?;
    match state.piles.place_of(&piece)? {
        Place::FlownAway { from, to } => Some((*from, *to)),
        _ => None,
    }
}

/// 7.3.3: the tile a character flies over now, between Fly phases.
pub fn flying_over(state: &GameState, seat: Seat) -> Option<TileId> {
    let piece = who::counter(state, seat)?;
    match state.piles.place_of(&piece)? {
        Place::Flying { tile } => Some(*tile),
        _ => None,
    }
}

/// 7.3.3: a tile and the tiles adjacent to it, where one Fly phase can go.
pub fn in_reach(state: &GameState, tile: TileId) -> Vec<TileId> {
    let mut out = state.map.adjacent_tiles(tile);
    out.push(tile);
    out.sort();
    out
}

/// The clearings of a tile on its side up now.
pub fn clearings_of(cat: &Catalog, state: &GameState, tile: TileId) -> Vec<ClearingNumber> {
    match (state.map.side(tile), cat.tiles.get(tile)) {
        (Some(side), Some(t)) => t.clearings(side).iter().map(|c| c.number).collect(),
        _ => Vec::new(),
    }
}

/// Does a recorded Fly to `to` (7.3.3): cancelled unless he has flying strength that
/// carries him and is in `to` or a tile adjacent to it. A character who flew away (8.3.8
/// e.2) flies into either of his two tiles with no flying values.
pub fn do_fly(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    to: TileId,
    events: &mut Events,
) -> Result<(), RuleError> {
    let name = who::who(cat, state, seat);
    let (reachable, needs_values) = if let Some((a, b)) = flown_away(state, seat) {
        (to == a || to == b, false)
    } else if let Some(tile) = flying_over(state, seat) {
        (in_reach(state, tile).contains(&to), true)
    } else if let Some(at) = who::clearing(state, seat) {
        (in_reach(state, at.tile).contains(&to), true)
    } else {
        (false, true)
    };
    let cancel = |reason: &str, events: &mut Events| {
        events.push(Event::public(
            "7.3.3",
            format!("{name} cannot fly to {to:?}: {reason}; the phase is forfeited."),
            E::PhaseCancelled {
                seat,
                reason: format!("{reason} (7.3.3)"),
            },
        ));
    };
    if !reachable {
        cancel("the tile is neither his own nor adjacent to it", events);
        return Ok(());
    }
    // 8.3.8 e.2: flying down after flying away uses no flying values.
    let flight = best_flight(cat, state, seat).filter(|_| needs_values);
    if needs_values && flight.is_none() {
        cancel("he has no flying strength that can carry him", events);
        return Ok(());
    }
    if let Some(from) = who::clearing(state, seat) {
        take_off(cat, state, seat, from, flight.as_ref(), events)?;
    }
    // 7.3.3: the steed he rides, if any (should it stop following, both land).
    match flight.as_ref().map(|f| &f.source) {
        Some(
            source @ (FlySource::Steed { .. } | FlySource::Mount { .. } | FlySource::Leader { .. }),
        ) => {
            state.today.riding.insert(seat, source.clone());
        }
        _ => {
            state.today.riding.remove(&seat);
        }
    }
    if let Some(Flight {
        source: FlySource::Chit { caster, spell_box },
        ..
    }) = &flight
    {
        // 4.6.6e: a Fly chit flown with expires when he lands.
        if let Some(i) = spells::index_of(state, *caster, *spell_box) {
            if let Some(s) = state.spells.get_mut(i) {
                s.until = SpellExpiry::OnLanding;
            }
        }
    }
    let counter = who::counter(state, seat)
        .ok_or_else(|| RuleError::internal("a flying seat has no character"))?;
    let along = super::steeds::following(cat, state, seat);
    let from_place = state.piles.place_of(&counter).cloned();
    state
        .piles
        .move_to(&counter, Place::Flying { tile: to }, None);
    super::steeds::fly_along(
        cat,
        state,
        &following::Guide::character(seat),
        along,
        to,
        events,
    );
    // 8.3.8: having entered by air, he may run out along any roadway.
    state.today.entered_from.remove(&seat);
    events.push(Event::public(
        "7.3.3",
        format!("{name} flies to {to:?}."),
        E::Flew {
            seat,
            to,
            with: flight.map(|f| f.source),
        },
    ));
    let guide = following::Guide::character(seat);
    followers_fly(cat, state, &guide, to, events)?;
    super::leader_flight::leaders_fly(cat, state, &guide, from_place.as_ref(), to, events)?;
    if !needs_values {
        // 8.3.8 e.2: he must land (he may take off again in a later phase).
        land(cat, state, seat, events)?;
    }
    Ok(())
}

/// 7.3.3: taking off from a clearing, he becomes unhidden and leaves his horses and what
/// his flying strength cannot carry where he was.
fn take_off(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    from: ClearingRef,
    flight: Option<&Flight>,
    events: &mut Events,
) -> Result<(), RuleError> {
    if state.seat(seat).is_some_and(|s| s.hidden) {
        super::hiding::unhide(
            cat,
            state,
            seat,
            "7.3.3",
            "takes off and is unhidden.",
            events,
        );
    }
    let strength = flight.map_or(Size::Tremendous, |f| f.values.strength);
    // 4.6.8b: transmorphized belongings go with him, at no weight.
    let left: Vec<PieceId> = spells::carrying::unfrozen_belongings(cat, state, seat)
        .into_iter()
        .filter(|p| {
            matches!(p, PieceId::Horse { .. }) || who::weight(cat, p).is_some_and(|w| w > strength)
        })
        .collect();
    for p in &left {
        belongings::abandon(state, seat, p)?;
    }
    if !left.is_empty() {
        events.push(Event::public(
            "7.3.3",
            format!(
                "{} leaves {} belonging(s) behind in {}: his horses and what {strength:?} flying strength cannot carry.",
                who::who(cat, state, seat),
                left.len(),
                who::name(cat, from)
            ),
            E::ItemsAbandoned {
                seat,
                pieces: left,
                at: from,
            },
        ));
    }
    Ok(())
}

/// 7.3.3: a character following a flying guide (a character, or a hired leader flying as
/// his creature) flies with him only if he can fly himself; otherwise he is left behind,
/// and his turn ends with the phase (7.11).
pub(super) fn followers_fly(
    cat: &Catalog,
    state: &mut GameState,
    guide: &following::Guide,
    to: TileId,
    events: &mut Events,
) -> Result<(), RuleError> {
    for f in following::followers_of(state, guide) {
        let flight = best_flight(cat, state, f);
        let Some(flight) = flight else {
            state.today.following.remove(&f);
            state.today.stopped_following.insert(f);
            events.push(Event::public(
                "7.3.3",
                format!(
                    "{} cannot fly and is left behind: he stops following.",
                    who::who(cat, state, f)
                ),
                E::FollowerStops { seat: f },
            ));
            continue;
        };
        if let Some(from) = who::clearing(state, f) {
            take_off(cat, state, f, from, Some(&flight), events)?;
        }
        if let FlySource::Chit { caster, spell_box } = &flight.source {
            if let Some(s) =
                spells::index_of(state, *caster, *spell_box).and_then(|i| state.spells.get_mut(i))
            {
                s.until = SpellExpiry::OnLanding;
            }
        }
        let along = super::steeds::following(cat, state, f);
        if let Some(counter) = who::counter(state, f) {
            state
                .piles
                .move_to(&counter, Place::Flying { tile: to }, None);
        }
        super::steeds::fly_along(
            cat,
            state,
            &following::Guide::character(f),
            along,
            to,
            events,
        );
        state.today.entered_from.remove(&f);
        events.push(Event::public(
            "7.11",
            format!(
                "{} flies with {} to {to:?}.",
                who::who(cat, state, f),
                guide.name(cat, state)
            ),
            E::Flew {
                seat: f,
                to,
                with: Some(flight.source),
            },
        ));
    }
    Ok(())
}

/// Whether the seat's next recorded activity (after the phase being done) is a Fly.
pub fn flies_next(state: &GameState, seat: Seat) -> bool {
    state
        .seat(seat)
        .and_then(|s| s.record.activities.get(state.today.phase + 1))
        .is_some_and(|a| matches!(a, Activity::Fly { .. }))
}

/// 7.3.3: he lands at the end of his last consecutive Fly phase: one die, unmodified, for
/// the clearing of that number in the last tile he flew to (rolled again until a clearing
/// matches); his Fly chit expires (4.6.6e), and his flying followers land with him. True
/// when he lands in a cave after using a Sunlight phase: the rest of his turn is
/// cancelled.
pub fn land(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    events: &mut Events,
) -> Result<bool, RuleError> {
    let tile = match (flying_over(state, seat), flown_away(state, seat)) {
        (Some(tile), _) => tile,
        (None, Some((from, _))) => from,
        (None, None) => return Ok(false),
    };
    let name = who::who(cat, state, seat);
    let at = roll_landing(
        cat,
        state,
        tile,
        "7.3.3",
        |_, hit| landing_text(&name, "he", tile, hit),
        || E::LandingRolled { seat, tile },
        events,
    )?;
    set_down(cat, state, seat, at, events)?;
    land_followers(cat, state, &following::Guide::character(seat), at, events)?;
    Ok(who::is_cave(cat, state, at) && used_sunlight(cat, state, seat))
}

/// 7.3.3: the followers in the air with a guide who lands come down with him in `at`: the
/// characters and the hired leaders flying with him.
pub(super) fn land_followers(
    cat: &Catalog,
    state: &mut GameState,
    guide: &following::Guide,
    at: ClearingRef,
    events: &mut Events,
) -> Result<(), RuleError> {
    let landing: Vec<Seat> = following::followers_of(state, guide)
        .into_iter()
        .filter(|f| flying_over(state, *f).is_some())
        .collect();
    for s in landing {
        set_down(cat, state, s, at, events)?;
    }
    super::leader_flight::leaders_land(cat, state, guide, at, events);
    Ok(())
}

/// 7.3.3, 7.2.2: the clearing of `tile` a flier (or what falls from him) comes down in:
/// one die, unmodified, rolled again until it names a clearing of the tile. Each roll is
/// logged under `rule` with `text(die, clearing hit)` and the event `event()`.
#[allow(clippy::too_many_arguments)]
/// 7.3.3: the log's words for a flier's landing roll: the clearing it hit, or that it
/// rolls again (`pronoun`: "he" or "it").
pub fn landing_text(who: &str, pronoun: &str, tile: TileId, hit: Option<ClearingNumber>) -> String {
    let result = match hit {
        Some(n) => format!("clearing {}", n.0),
        None => format!("no such clearing; {pronoun} rolls again"),
    };
    format!("{who} rolls to land in {tile:?}: {result}")
}

pub fn roll_landing(
    cat: &Catalog,
    state: &mut GameState,
    tile: TileId,
    rule: &str,
    text: impl Fn(u8, Option<ClearingNumber>) -> String,
    event: impl Fn() -> E,
    events: &mut Events,
) -> Result<ClearingRef, RuleError> {
    let numbers = clearings_of(cat, state, tile);
    // A die always matches a clearing within a few rolls; the bound keeps play finite.
    for _ in 0..100 {
        let roll = state.dice.roll("landing", 1);
        let hit = numbers.iter().find(|n| n.0 == roll.higher()).copied();
        events.push(Event::roll(rule, &roll, text(roll.higher(), hit), event()));
        if let Some(n) = hit {
            return Ok(ClearingRef::new(tile, n.0));
        }
    }
    numbers
        .iter()
        .min()
        .map(|n| ClearingRef::new(tile, n.0))
        .ok_or_else(|| RuleError::internal("a tile without clearings"))
}

/// Puts a flier down in `at`: his Fly chit in use expires (4.6.6e); the controlled
/// monsters flying with him land with him (7.3.3).
pub fn set_down(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    at: ClearingRef,
    events: &mut Events,
) -> Result<(), RuleError> {
    let counter = who::counter(state, seat)
        .ok_or_else(|| RuleError::internal("a landing seat has no character"))?;
    let along = super::steeds::aloft_with(cat, state, seat);
    state.today.riding.remove(&seat);
    state.piles.move_to(&counter, Place::Clearing { at }, None);
    events.push(Event::public(
        "7.3.3",
        format!(
            "{} lands in {}.",
            who::who(cat, state, seat),
            who::name(cat, at)
        ),
        E::Landed { seat, at },
    ));
    super::steeds::set_down(cat, state, seat, along, at, events);
    let me = SpellAim::Character { seat };
    while let Some(i) = state
        .spells
        .iter()
        .position(|s| s.until == SpellExpiry::OnLanding && s.aims.contains(&me))
    {
        spells::lasting::end_spell(cat, state, i, true, events);
    }
    events.extend(belongings::entered_clearing(cat, state, seat));
    super::missions::arrived(cat, state, seat, events)?;
    Ok(())
}

/// 7.3.3: whether the phases he has done this turn include a Sunlight phase (more general
/// phases than his Basic ones).
fn used_sunlight(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    let Some(record) = state.seat(seat).map(|s| s.record.activities.clone()) else {
        return false;
    };
    // (Counted as recorded: he is in the cave only now.)
    let mut ent = super::birdsong::entitlement(cat, state, seat);
    ent.sunlight = 2;
    let done = record.len().min(state.today.phase + 1);
    super::birdsong::assign(cat, state, &ent, &record).is_some_and(|sources| {
        sources
            .iter()
            .take(done)
            .filter(|s| {
                matches!(
                    s,
                    super::birdsong::Source::General | super::birdsong::Source::Dwelling
                )
            })
            .count()
            > ent.basic
    })
}
