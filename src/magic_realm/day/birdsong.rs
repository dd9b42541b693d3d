//! Birdsong (rules 6.2.1 to 6.2.4): how many phases a character gets, and recording his
//! activities one phase at a time, in secret, with take-back until he is done.

use super::{belongings, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::characters::SpecialAdvantage as Adv;
use crate::magic_realm::catalog::items::HorseKind;
use crate::magic_realm::catalog::tiles::ClearingKind;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::spells::SpellEffect;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::state::{Activity, GameState};

type Events = Vec<Event<E>>;

/// The kinds of activity, for extra phases that allow only one kind (6.2.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Move,
    Fly,
    Hide,
    Search,
    Rest,
    Alert,
    Enchant,
    Follow,
    Trade,
    Hire,
}

pub fn kind(a: &Activity) -> Kind {
    match a {
        Activity::Move { .. } | Activity::LeaveMap => Kind::Move,
        Activity::Fly { .. } => Kind::Fly,
        Activity::Hide => Kind::Hide,
        Activity::Search => Kind::Search,
        Activity::Rest => Kind::Rest,
        Activity::Alert => Kind::Alert,
        Activity::Enchant | Activity::RemoteEnchant { .. } => Kind::Enchant,
        Activity::Follow { .. } | Activity::FollowLeader { .. } => Kind::Follow,
        Activity::Trade => Kind::Trade,
        Activity::Hire => Kind::Hire,
    }
}

/// 6.2.2: the phases a character is entitled to today.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entitlement {
    /// 6.2.2a: two Basic phases.
    pub basic: usize,
    /// 6.2.2b: two Sunlight phases, unless the day starts in a cave (or the Dwarf's Short
    /// Legs); recording a Move into a cave gives them up too.
    pub sunlight: usize,
    /// 6.2.2c: extra phases, each for one kind of activity, and what gives it (Special
    /// Advantages, a workhorse).
    pub extra: Vec<(Kind, Source)>,
    /// 6.2.2c, 7.3.2: a pony ridden since before Birdsong doubles his Moves.
    pub pony: bool,
    /// 6.2.2c: the Captain's Reputation: one extra phase, done at a Dwelling.
    pub reputation: bool,
    /// Blazing Light: in its clearing at Birdsong, one extra phase of any activity, begun
    /// in that clearing.
    pub lit: bool,
    /// 6.2.2c: the extra phases of his active Treasure cards (see `treasure_phases`).
    pub cards: Vec<super::treasure_phases::CardPhase>,
}

pub fn entitlement(cat: &Catalog, state: &GameState, seat: Seat) -> Entitlement {
    // 8.3.8 d.2: between clearings he is in a cave only on a roadway between two caves.
    let in_cave = match who::roadway(state, seat) {
        Some((from, far)) => who::is_cave(cat, state, from) && who::is_cave(cat, state, far),
        None => who::clearing(state, seat).is_some_and(|c| who::is_cave(cat, state, c)),
    };
    let short_legs = who::has(cat, state, seat, Adv::ShortLegs);
    let mut extra = Vec::new();
    for (adv, k) in [
        (Adv::Stamina, Kind::Move),
        (Adv::Robust, Kind::Rest),
        (Adv::Health, Kind::Rest),
        (Adv::Elusiveness, Kind::Hide),
        (Adv::MagicalParaphernalia, Kind::Alert),
        // 2.7.11: the Sorceror's and Witch King's "Spell phase" is an Enchant phase.
        (Adv::AuraOfPower, Kind::Enchant),
    ] {
        if who::has(cat, state, seat, adv) {
            extra.push((k, Source::Advantage));
        }
    }
    // 6.2.2c: the spells that give an extra phase of one kind.
    for (effect, k) in [
        (SpellEffect::SeeHiddenSigns, Kind::Search),
        (SpellEffect::SenseDanger, Kind::Alert),
        (SpellEffect::BlendIntoBackground, Kind::Hide),
    ] {
        if crate::magic_realm::combat::spells::character_bewitched_by(cat, state, seat, effect) {
            extra.push((k, Source::Spell));
        }
    }
    // 7.3.2: a horse active during Birdsong (never in a cave) may add Moves.
    // Prophecy: only one horse a day gives him extra phases.
    let horse = belongings::active_horse(cat, state, seat)
        .filter(|_| !in_cave && !super::prophecy::other_horse(state, seat))
        .map(|h| h.kind);
    if horse == Some(HorseKind::Workhorse) {
        extra.push((Kind::Move, Source::Horse));
    }
    Entitlement {
        basic: 2,
        sunlight: if in_cave || short_legs { 0 } else { 2 },
        extra,
        pony: horse == Some(HorseKind::Pony),
        reputation: who::has(cat, state, seat, Adv::Reputation),
        lit: crate::magic_realm::combat::spells::places::in_light(cat, state, seat),
        // 6.2.2c: Treasure cards active during Birdsong.
        cards: super::treasure_phases::cards(cat, state, seat),
    }
}

/// What entitles a recorded phase (6.2.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// A Basic or Sunlight phase.
    General,
    /// An extra phase from a Special Advantage.
    Advantage,
    /// An extra phase from a spell (See Hidden Signs, Sense Danger, Blend into Background).
    Spell,
    /// An extra Move from the horse he rides (a workhorse's, or a pony's second Move).
    Horse,
    /// The Captain's Reputation: any activity, begun at a Dwelling.
    Dwelling,
    /// Blazing Light: any activity, begun in the lit clearing.
    Lit,
    /// An active Treasure card (6.2.2c), by its place in `Entitlement::cards`: its
    /// activity, or any (the Shielded Lantern's).
    Treasure(usize),
}

/// Assigns each recorded phase to what entitles it (6.2.2, 6.2.4), or `None` when the
/// record does not fit: extra phases take the activities they allow, a pony's Move must
/// follow a Move of another source, and everything else takes Basic and Sunlight phases; a
/// record that enters a cave has no Sunlight phases (6.2.2b, 7.3.1).
pub fn assign(
    cat: &Catalog,
    state: &GameState,
    ent: &Entitlement,
    record: &[Activity],
) -> Option<Vec<Source>> {
    // 6.2.7: a Follow is recorded alone, for the whole turn.
    if record.iter().any(|a| kind(a) == Kind::Follow) {
        return (record.len() == 1).then(|| vec![Source::General]);
    }
    let enters_cave = record.iter().any(|a| match a {
        Activity::Move { to } => who::is_cave(cat, state, *to),
        _ => false,
    });
    let general_cap = ent.basic + if enters_cave { 0 } else { ent.sunlight };
    let mut extra = ent.extra.clone();
    let mut general = 0;
    let mut pony_may_follow = false;
    let mut out = Vec::with_capacity(record.len());
    for a in record {
        let k = kind(a);
        if k == Kind::Move && ent.pony && pony_may_follow {
            pony_may_follow = false;
            out.push(Source::Horse);
            continue;
        }
        if k == Kind::Move {
            pony_may_follow = true;
        }
        if let Some(i) = extra.iter().position(|(e, _)| *e == k) {
            out.push(extra.remove(i).1);
        } else {
            general += 1;
            out.push(Source::General);
        }
    }
    // The extra phases of any activity: the Reputation's, then Blazing Light's.
    let any: Vec<Source> = [(ent.reputation, Source::Dwelling), (ent.lit, Source::Lit)]
        .into_iter()
        .filter_map(|(has, src)| has.then_some(src))
        .collect();
    // 6.2.2c: the Treasure cards' phases are the general phases in excess.
    general -= super::treasure_phases::assign(ent, record, &mut out, general, general_cap);
    if general > general_cap + any.len() {
        return None;
    }
    // Each is the last phase of no other source (see `seal_records`).
    for src in any.into_iter().take(general.saturating_sub(general_cap)) {
        if let Some(i) = out.iter().rposition(|s| *s == Source::General) {
            if let Some(slot) = out.get_mut(i) {
                *slot = src;
            }
        }
    }
    // A workhorse's extra Move is read as his last Move of another source, so the horse
    // needs to be ridden only at the end (the player's most favourable reading).
    if !ent.pony {
        if let Some(h) = out.iter().position(|s| *s == Source::Horse) {
            let last = record
                .iter()
                .zip(&out)
                .rposition(|(a, _)| kind(a) == Kind::Move);
            if let Some(last) = last.filter(|l| *l > h) {
                out.swap(h, last);
            }
        }
    }
    Some(out)
}

/// Whether a record fits the phases (see [`assign`]).
pub fn fits(cat: &Catalog, state: &GameState, ent: &Entitlement, record: &[Activity]) -> bool {
    assign(cat, state, ent, record).is_some()
}

/// Where the record leaves the character, and whether it climbs into a mountain with only
/// the first of its two Move phases recorded (7.3.1).
pub fn planned_position(
    cat: &Catalog,
    state: &GameState,
    start: ClearingRef,
    record: &[Activity],
) -> (ClearingRef, Option<ClearingRef>) {
    let mut at = start;
    let mut half: Option<ClearingRef> = None;
    for a in record {
        match a {
            Activity::Move { to } => {
                let mountain =
                    state.map.clearing_kind(&cat.tiles, *to) == Some(ClearingKind::Mountain);
                if !mountain || half == Some(*to) {
                    at = *to;
                    half = None;
                } else {
                    half = Some(*to);
                }
            }
            _ => half = None,
        }
    }
    (at, half)
}

/// 7.3.3: the tile of the record's last Fly, when no Move follows it (he will be
/// somewhere in that tile).
pub fn flown_tile(record: &[Activity]) -> Option<crate::magic_realm::catalog::tiles::TileId> {
    let mut tile = None;
    for a in record {
        match a {
            Activity::Fly { to } => tile = Some(*to),
            Activity::Move { .. } => tile = None,
            _ => {}
        }
    }
    tile
}

/// At the end of Birdsong, notes which recorded phases the seat's horse, Reputation,
/// Blazing Light and Treasure cards give (6.2.4).
pub fn seal_records(cat: &Catalog, state: &mut GameState) {
    for seat in state.all_seats().collect::<Vec<_>>() {
        let ent = entitlement(cat, state, seat);
        let Some(record) = state.seat(seat).map(|s| s.record.activities.clone()) else {
            continue;
        };
        let sources = assign(cat, state, &ent, &record).unwrap_or_default();
        // The Reputation phase is the first general phase planned to begin at a Dwelling,
        // else the one `assign` chose.
        let start = who::clearing(state, seat);
        let dwelling_phase = sources
            .iter()
            .position(|s| *s == Source::Dwelling)
            .map(|chosen| {
                (0..record.len())
                    .filter(|i| matches!(sources.get(*i), Some(Source::General | Source::Dwelling)))
                    .find(|i| {
                        start.is_some_and(|c| {
                            let (at, _) = planned_position(cat, state, c, &record[..*i]);
                            dwelling_in(state, at)
                        })
                    })
                    .unwrap_or(chosen)
            });
        // Blazing Light's phase: the first other general phase planned to begin in the
        // lit clearing he is in, else the one `assign` chose.
        let lit_phase = sources
            .iter()
            .position(|s| *s == Source::Lit)
            .map(|chosen| {
                (0..record.len())
                    .filter(|i| matches!(sources.get(*i), Some(Source::General | Source::Lit)))
                    .filter(|i| Some(*i) != dwelling_phase)
                    .find(|i| {
                        start.is_some_and(|c| planned_position(cat, state, c, &record[..*i]).0 == c)
                    })
                    .unwrap_or(chosen)
            });
        let horse_phases = sources
            .iter()
            .enumerate()
            .filter(|(_, src)| **src == Source::Horse)
            .map(|(i, _)| i)
            .collect();
        let taken: Vec<usize> = dwelling_phase.into_iter().chain(lit_phase).collect();
        let treasure_phases =
            super::treasure_phases::seal(cat, state, seat, &ent, &record, &sources, &taken);
        if let Some(s) = state.seat_mut(seat) {
            s.record.done = true;
            s.record.treasure_phases = treasure_phases;
            s.record.horse_phases = horse_phases;
            s.record.dwelling_phase = dwelling_phase;
            s.record.lit_phase = lit_phase;
        }
    }
    // Prophecy: its targets take today's turn phase by phase.
    super::prophecy::seal(cat, state);
}

/// Whether a Dwelling stands in the clearing.
pub fn dwelling_in(state: &GameState, at: ClearingRef) -> bool {
    state
        .piles
        .pile(&crate::magic_realm::pieces::Place::Clearing { at })
        .iter()
        .any(|c| {
            matches!(
                c.piece,
                crate::magic_realm::pieces::PieceId::Dwelling { .. }
            )
        })
}

/// The activities the seat may record next (a deterministic order).
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    let Some(sheet) = state.seat(seat) else {
        return Vec::new();
    };
    if sheet.record.done || !who::playing(state, seat) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let record = &sheet.record.activities;
    let next = next_activities(cat, state, seat, record, record, true);
    // Prophecy, the Timeless Jewel: he records no turn; he chooses each phase as he does it.
    if !super::prophecy::unrecorded(cat, state, seat) {
        out.extend(
            next.activities
                .into_iter()
                .map(|activity| A::RecordActivity { activity }),
        );
        if !record.is_empty() {
            out.push(A::TakeBackActivity);
        }
    }
    out.extend(super::leaders::record_options(cat, state, seat));
    out.extend(super::monster_turns::record_options(cat, state, seat));
    out.extend(super::phantasm::record_options(cat, state, seat));
    out.extend(super::underlings::options(cat, state, seat));
    out.extend(super::blocking::options(cat, state, seat));
    out.extend(super::quitting::options(state, seat));
    if !next.on_road || super::prophecy::unrecorded(cat, state, seat) {
        out.push(A::FinishRecording);
    }
    out
}

/// The activities that may come next, and whether he is on a roadway (between clearings,
/// or flown away) with his first phase not yet planned back to a clearing.
pub struct Next {
    pub activities: Vec<Activity>,
    pub on_road: bool,
}

/// The activities that may follow `plan` (where he will be is where `plan` leaves him,
/// from where he is now), each fitting his phases after `done` (6.2.2, 6.2.4), in a
/// deterministic order. In Birdsong both are his record so far and `in_hope` is true
/// (6.2.4: Moves along hidden paths and secret passages he has not discovered may be
/// recorded); under Prophecy `plan` is empty (he is where he is), `done` the phases
/// already done today and `in_hope` false (he does what he chooses at once).
pub fn next_activities(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    plan: &[Activity],
    done: &[Activity],
    in_hope: bool,
) -> Next {
    let record = plan;
    let ent = entitlement(cat, state, seat);
    let mut candidates: Vec<Activity> = Vec::new();
    let gone = record.last() == Some(&Activity::LeaveMap);
    // 8.3.8 d.1: between clearings, his turn starts with a Move to an end of his roadway.
    let roadway = who::roadway(state, seat);
    // 8.3.8 e.2: in the air after flying away, his first phase must be a Fly.
    let flown_down = super::flying::flown_away(state, seat);
    let must_fly_down = flown_down.is_some() && record.is_empty();
    let on_road = roadway.is_some_and(|(from, _)| {
        record.is_empty() || planned_position(cat, state, from, record).1.is_some()
    });
    if let Some((from, far)) = roadway.filter(|_| on_road) {
        match planned_position(cat, state, from, record).1 {
            Some(mountain) => candidates.push(Activity::Move { to: mountain }),
            None => {
                for to in super::moving::roadway_ends(cat, state, seat, from, far) {
                    candidates.push(Activity::Move { to });
                }
            }
        }
    } else if let Some((a, b)) = flown_down.filter(|_| must_fly_down) {
        // 8.3.8 e.2: after flying away, his turn starts with a Fly into either tile.
        candidates.extend([Activity::Fly { to: a }, Activity::Fly { to: b }]);
    } else if !who::exhausted(cat, state, seat) && !gone {
        // (After flying away, a Move recorded after his first Fly plans from that Move.)
        let start = who::clearing(state, seat)
            .or(roadway.map(|(from, _)| from))
            .or_else(|| {
                let (a, _) = flown_down?;
                let n = super::flying::clearings_of(cat, state, a)
                    .into_iter()
                    .min()?;
                Some(ClearingRef::new(a, n.0))
            });
        // 7.3.3: after a recorded Fly he lands somewhere in that tile: Moves from any of its
        // clearings may be recorded, in hope.
        let flown_to = flown_tile(record);
        if let Some(tile) = flown_to {
            let mut to: Vec<ClearingRef> = super::flying::clearings_of(cat, state, tile)
                .into_iter()
                .flat_map(|n| {
                    record_targets(cat, state, seat, ClearingRef::new(tile, n.0), in_hope)
                })
                .collect();
            to.sort();
            to.dedup();
            candidates.extend(to.into_iter().map(|to| Activity::Move { to }));
        } else if let Some(start) = start {
            let (at, half) = planned_position(cat, state, start, record);
            match half {
                Some(mountain) => candidates.push(Activity::Move { to: mountain }),
                None => {
                    for to in record_targets(cat, state, seat, at, in_hope) {
                        candidates.push(Activity::Move { to });
                    }
                    if super::leaving::can_leave_from(cat, state, seat, at) {
                        candidates.push(Activity::LeaveMap);
                    }
                }
            }
        }
        // 7.3.3: the Fly activity, to his tile or an adjacent one, wherever the record
        // leaves him.
        if super::flying::may_record(cat, state, seat) {
            let tile =
                flown_to.or_else(|| start.map(|c| planned_position(cat, state, c, record).0.tile));
            for to in tile
                .map(|t| super::flying::in_reach(state, t))
                .unwrap_or_default()
            {
                candidates.push(Activity::Fly { to });
            }
        }
        candidates.extend([Activity::Hide, Activity::Search]);
        candidates.extend([Activity::Trade, Activity::Hire]);
    }
    // Between clearings, his first phase can only bring him back to one.
    let on_road = on_road || must_fly_down;
    if gone {
        candidates.clear();
    } else if !on_road {
        candidates.push(Activity::Rest);
    }
    if !who::exhausted(cat, state, seat) && !gone && !on_road {
        candidates.push(Activity::Alert);
    }
    if !who::exhausted(cat, state, seat)
        && !on_road
        && super::enchanting::can_record(cat, state, seat)
    {
        candidates.push(Activity::Enchant);
        // 7.10: the remote Enchant activity, with any clearing of the map.
        candidates.extend(super::remote_enchant::record_options(cat, state, seat));
    }
    // 6.2.7: Follow, only as the whole turn, behind anyone in his clearing.
    if done.is_empty() && record.is_empty() && !on_road && flown_down.is_none() {
        for guide in super::following::guides(state, seat) {
            // Melt into Mist: a character turned into mist cannot be followed.
            if !crate::magic_realm::combat::spells::mist::misted_seat(cat, state, guide) {
                candidates.push(Activity::Follow { guide });
            }
        }
        // 6.2.7: or behind any hired leader in his clearing.
        for leader in super::following::leader_guides(cat, state, seat) {
            let misted = crate::magic_realm::combat::spells::mist::misted_piece(
                cat,
                state,
                &super::leaders::counter(&leader),
            );
            if !misted {
                candidates.push(Activity::FollowLeader { leader });
            }
        }
    }
    let activities = candidates
        .into_iter()
        .filter(|a| {
            let mut longer = done.to_vec();
            longer.push(a.clone());
            fits(cat, state, &ent, &longer)
        })
        .collect();
    Next {
        activities,
        on_road,
    }
}

/// 7.3.1: the hidden paths and secret passages the seat may use: those he has discovered,
/// or `None` for all of them (the Wizard's Experience; Melt into Mist, card rule 1: "the
/// target can move along hidden paths and secret passages that he has not discovered",
/// without discovering them).
pub fn usable_paths(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
) -> Option<std::collections::BTreeSet<crate::magic_realm::map::PathRef>> {
    if who::has(cat, state, seat, Adv::Experience)
        || crate::magic_realm::combat::spells::mist::misted_seat(cat, state, seat)
    {
        None
    } else {
        Some(
            state
                .seat(seat)
                .map(|s| s.discoveries.paths.clone())
                .unwrap_or_default(),
        )
    }
}

/// 7.3.1: the routes out of `from` along roadways the seat may use: open roads, tunnels,
/// and the hidden paths and secret passages of [`usable_paths`].
pub fn usable_routes(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    from: ClearingRef,
) -> Vec<crate::magic_realm::map::Route> {
    match usable_paths(cat, state, seat) {
        None => state.map.routes(&cat.tiles, from),
        Some(discovered) => state.map.moves(&cat.tiles, from, &discovered),
    }
}

/// 7.3.1: the clearings one Move away along roadways the seat may use.
pub fn move_targets(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    from: ClearingRef,
) -> Vec<ClearingRef> {
    let mut to: Vec<ClearingRef> = usable_routes(cat, state, seat, from)
        .into_iter()
        .map(|r| r.to)
        .collect();
    // 7.3.4: a beast that walks the woods moves to any clearing of his tile.
    to.extend(super::creatures::woods_targets(cat, state, seat, from));
    to.sort();
    to.dedup();
    to
}

/// 6.2.3: the clearings he may record a Move to from `from`: [`move_targets`], and those
/// along the hidden paths and secret passages he has not discovered: `in_hope` (6.2.4: he
/// may record such a Move in hope of discovering the roadway before he has to move), or
/// with a Melt into Mist on him (inert at Birdsong, it may be energized when he moves; card
/// rule 1). In Daylight the Move is cancelled if he still may not use that roadway.
fn record_targets(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    from: ClearingRef,
    in_hope: bool,
) -> Vec<ClearingRef> {
    let mut to = move_targets(cat, state, seat, from);
    if in_hope || crate::magic_realm::combat::spells::mist::mist_spell_on(cat, state, seat) {
        to.extend(state.map.routes(&cat.tiles, from).into_iter().map(|r| r.to));
        to.sort();
        to.dedup();
    }
    to
}

/// Applies a recording action (already known to be legal).
pub fn apply(state: &mut GameState, seat: Seat, action: &A) -> Result<Events, RuleError> {
    let sheet = state
        .seat_mut(seat)
        .ok_or_else(|| RuleError::internal("no such seat"))?;
    let rec = &mut sheet.record;
    Ok(match action {
        A::RecordActivity { activity } => {
            rec.activities.push(activity.clone());
            vec![Event::private(
                "6.2.3",
                seat,
                format!(
                    "Phase {} recorded: {}.",
                    rec.activities.len(),
                    describe(activity)
                ),
                E::ActivityRecorded {
                    activity: activity.clone(),
                },
            )]
        }
        A::TakeBackActivity => {
            let gone = rec.activities.pop();
            vec![Event::private(
                "6.2.4",
                seat,
                "The last recorded phase is taken back.",
                E::ActivityTakenBack { activity: gone },
            )]
        }
        A::GiveBlockOrder { order } | A::WithdrawBlockOrder { order } => {
            let given = matches!(action, A::GiveBlockOrder { .. });
            if given {
                rec.blocks.push(order.clone());
                rec.blocks.sort();
            } else {
                rec.blocks.retain(|o| o != order);
            }
            vec![Event::private(
                "7.12",
                seat,
                if given {
                    "Blocking order given."
                } else {
                    "Blocking order withdrawn."
                },
                E::BlockOrderChanged {
                    order: order.clone(),
                    given,
                },
            )]
        }
        A::RecordLeaderActivity { .. } | A::TakeBackLeaderActivity { .. } => {
            return super::leaders::apply_record(state, seat, action)
        }
        A::RecordPhantasmActivity { .. }
        | A::TakeBackPhantasmActivity
        | A::RecordFamiliarActivity { .. }
        | A::TakeBackFamiliarActivity => return super::phantasm::record(state, seat, action),
        A::RecordMonsterActivity { .. } | A::TakeBackMonsterActivity { .. } => {
            return super::monster_turns::apply_record(state, seat, action)
        }
        A::AssignUnderling { underling, guide } => {
            return super::underlings::assign(state, seat, underling, guide)
        }
        A::FinishRecording => {
            rec.done = true;
            vec![Event::private(
                "6.2.3",
                seat,
                "Your turn is recorded.",
                E::TurnRecorded { seat },
            )]
        }
        other => {
            return Err(RuleError::internal(format!(
                "{other:?} is not a Birdsong action"
            )))
        }
    })
}

/// An activity in words.
pub fn describe(a: &Activity) -> String {
    match a {
        Activity::Move { to } => format!("Move to {:?} {}", to.tile, to.clearing.0),
        Activity::Fly { to } => format!("Fly to {to:?}"),
        Activity::Hide => "Hide".into(),
        Activity::Search => "Search".into(),
        Activity::Rest => "Rest".into(),
        Activity::Alert => "Alert".into(),
        Activity::Enchant => "Enchant".into(),
        Activity::LeaveMap => "Move off the edge of the map".into(),
        Activity::Follow { guide } => format!("Follow seat {}", guide.0 + 1),
        Activity::FollowLeader { leader } => format!("Follow {}", leader.0),
        Activity::Trade => "Trade".into(),
        Activity::Hire => "Hire".into(),
        Activity::RemoteEnchant { at } => {
            format!("Enchant remotely in {:?} {}", at.tile, at.clearing.0)
        }
    }
}
