//! Phantasm (List of Spells; VI/Purple, Day, one character): an ethereal being its target
//! controls. At Birdsong it stands in his clearing and he records a separate turn for it:
//! Move, Peer and Enchant only, with the Basic and Sunlight phases of any character
//! (6.2.2a, b). When his attention chit is picked it takes its turn just before his,
//! peering and enchanting in its own clearing with his Magic chits and his discoveries
//! (he learns what it discovers). It carries nothing, follows and blocks nobody, is never
//! blocked, and summons nothing.
//!
//! Witch, Familiar (her Special Advantage; rule 6.2.2, the Peer of 7.5 as in the
//! Enhanced Peer note): an invisible companion, her second piece all game, that goes by
//! the same machinery ([`Companion`]): placed with her at her first Birdsong, a turn she
//! records for it apart from hers (Move, Peer, or Follow as its whole turn), done just
//! before hers, and what it discovers is hers. Nobody else sees it or its moves.

use super::{birdsong, enchanting, search, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E, SearchChoice};
use crate::magic_realm::catalog::characters::SpecialAdvantage;
use crate::magic_realm::catalog::tiles::ClearingKind;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::spells::lost::{LostMove, LostMover, MinionWay};
use crate::magic_realm::combat::spells::{self, SpellAim, SpellEffect, SpellInEffect};
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::state::{Activity, GameState, Pending};
use serde::{Deserialize, Serialize};

type Events = Vec<Event<E>>;

/// A character's second piece with a turn of its own: his phantasm today, or the Witch's
/// familiar (its place kept all game, its record for today).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Phantasm {
    /// The clearing it is in.
    pub at: ClearingRef,
    /// Its recorded turn (secret, like his).
    pub record: Vec<Activity>,
    /// Its phase being done, from 0, while `turn`.
    #[serde(default)]
    pub phase: usize,
    /// Its turn is being taken.
    #[serde(default)]
    pub turn: bool,
    /// Its turn is over.
    #[serde(default)]
    pub done: bool,
    /// 7.10: its first Enchant phase (its meditation) is done.
    #[serde(default)]
    pub meditated: bool,
    /// 7.3.1: the mountain clearing it has done the first of its two Moves into.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub climbing: Option<ClearingRef>,
    /// Lost (card rule 2): its Lost Move under way.
    #[serde(default, skip_serializing_if = "LostMove::is_idle")]
    pub lost: LostMove,
}

impl Phantasm {
    /// A companion in `at` with nothing recorded or done today.
    pub fn fresh(at: ClearingRef) -> Self {
        Phantasm {
            at,
            record: Vec::new(),
            phase: 0,
            turn: false,
            done: false,
            meditated: false,
            climbing: None,
            lost: LostMove::default(),
        }
    }
}

/// Which second piece of a character's: each goes by the same record and turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Companion {
    /// Phantasm (spell): for the day, in plain sight, may Enchant.
    Phantasm,
    /// Witch, Familiar: all game, invisible to others, may Follow.
    Familiar,
}

impl Companion {
    /// The order their turns come in, before his.
    pub const ALL: [Companion; 2] = [Companion::Phantasm, Companion::Familiar];

    fn get(self, state: &GameState, seat: Seat) -> Option<&Phantasm> {
        match self {
            Companion::Phantasm => state.today.phantasms.get(&seat),
            Companion::Familiar => state.familiars.get(&seat),
        }
    }

    fn get_mut(self, state: &mut GameState, seat: Seat) -> Option<&mut Phantasm> {
        match self {
            Companion::Phantasm => state.today.phantasms.get_mut(&seat),
            Companion::Familiar => state.familiars.get_mut(&seat),
        }
    }

    fn noun(self) -> &'static str {
        match self {
            Companion::Phantasm => "phantasm",
            Companion::Familiar => "familiar",
        }
    }

    fn lost_mover(self, seat: Seat) -> LostMover {
        match self {
            Companion::Phantasm => LostMover::Phantasm { seat },
            Companion::Familiar => LostMover::Familiar { seat },
        }
    }

    fn record_action(self, activity: Activity) -> A {
        match self {
            Companion::Phantasm => A::RecordPhantasmActivity { activity },
            Companion::Familiar => A::RecordFamiliarActivity { activity },
        }
    }

    fn take_back_action(self) -> A {
        match self {
            Companion::Phantasm => A::TakeBackPhantasmActivity,
            Companion::Familiar => A::TakeBackFamiliarActivity,
        }
    }

    /// An event about it: the phantasm's in plain sight, the familiar's for her alone.
    fn event(self, rule: &str, seat: Seat, text: String, detail: E) -> Event<E> {
        match self {
            Companion::Phantasm => Event::public(rule, text, detail),
            Companion::Familiar => Event::private(rule, seat, text, detail),
        }
    }

    fn moved(self, seat: Seat, at: ClearingRef) -> E {
        match self {
            Companion::Phantasm => E::PhantasmMoved { seat, at },
            Companion::Familiar => E::FamiliarMoved { seat, at },
        }
    }
}

/// Whether a working Phantasm bewitches `seat`.
fn controls(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    spells::character_bewitched_by(cat, state, seat, SpellEffect::Phantasm)
}

/// At the start of Birdsong: each character a Phantasm bewitches puts it with himself.
pub fn birdsong(cat: &Catalog, state: &mut GameState) {
    let seats: Vec<(Seat, ClearingRef)> = state
        .all_seats()
        .filter(|s| who::playing(state, *s) && controls(cat, state, *s))
        .filter_map(|s| Some((s, who::clearing(state, s)?)))
        .collect();
    for (seat, at) in seats {
        state.today.phantasms.insert(seat, Phantasm::fresh(at));
    }
    // Witch, Familiar: her familiar is put with her at her first Birdsong (before she has
    // moved: the start of the game) and stays where its turns leave it; its record is new
    // each day. It is gone with her.
    let dead: Vec<Seat> = state
        .familiars
        .keys()
        .copied()
        .filter(|s| !who::playing(state, *s))
        .collect();
    for seat in dead {
        state.familiars.remove(&seat);
    }
    let witches: Vec<(Seat, Option<ClearingRef>)> = state
        .all_seats()
        .filter(|s| who::playing(state, *s) && who::has(cat, state, *s, SpecialAdvantage::Familiar))
        .map(|s| (s, who::clearing(state, s)))
        .collect();
    for (seat, here) in witches {
        if let Some(f) = state.familiars.get_mut(&seat) {
            // A new day: its record, its turn, a climb (7.3.1: made within one turn) and a
            // Lost Move start afresh where it is.
            *f = Phantasm::fresh(f.at);
        } else if let Some(at) = here {
            state.familiars.insert(seat, Phantasm::fresh(at));
        }
    }
}

/// 6.2.2a, b: its Basic and Sunlight phases: none of the Sunlight ones when it starts in
/// a cave or its record moves into one.
fn fits(cat: &Catalog, state: &GameState, p: &Phantasm, record: &[Activity]) -> bool {
    let cave = who::is_cave(cat, state, p.at)
        || record.iter().any(|a| match a {
            Activity::Move { to } => who::is_cave(cat, state, *to),
            _ => false,
        });
    record.len() <= if cave { 2 } else { 4 }
}

/// In Birdsong: the activities he may record next for his phantasm and (Witch) her
/// familiar.
pub fn record_options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    Companion::ALL
        .into_iter()
        .flat_map(|c| record_options_for(cat, state, seat, c))
        .collect()
}

/// The activities he may record next for `c`: Move along the roadways he may use from
/// where its record leaves it, Search for its Peer, Enchant (a phantasm, if he has a Magic
/// chit of type I to V), Follow (a familiar, as its whole turn, behind a character in its
/// clearing), and taking back its last phase.
fn record_options_for(cat: &Catalog, state: &GameState, seat: Seat, c: Companion) -> Vec<A> {
    let Some(p) = c.get(state, seat) else {
        return Vec::new();
    };
    // 6.2.7: a Follow is the whole turn.
    if matches!(p.record.first(), Some(Activity::Follow { .. })) {
        return vec![c.take_back_action()];
    }
    let (at, half) = birdsong::planned_position(cat, state, p.at, &p.record);
    let mut next: Vec<Activity> = match half {
        Some(mountain) => vec![Activity::Move { to: mountain }],
        None => birdsong::move_targets(cat, state, seat, at)
            .into_iter()
            .map(|to| Activity::Move { to })
            .collect(),
    };
    next.push(Activity::Search);
    match c {
        Companion::Phantasm => {
            if enchanting::can_record(cat, state, seat) {
                next.push(Activity::Enchant);
            }
        }
        Companion::Familiar => {
            if p.record.is_empty() {
                next.extend(
                    familiar_guides(state, p.at)
                        .into_iter()
                        .map(|guide| Activity::Follow { guide }),
                );
            }
        }
    }
    let mut out: Vec<A> = next
        .into_iter()
        .filter(|a| {
            let mut longer = p.record.clone();
            longer.push(a.clone());
            fits(cat, state, p, &longer)
        })
        .map(|activity| c.record_action(activity))
        .collect();
    if !p.record.is_empty() {
        out.push(c.take_back_action());
    }
    out
}

/// Witch, Familiar; 6.2.7: the characters her familiar may follow: anyone (she too) in its
/// clearing, hidden or not.
fn familiar_guides(state: &GameState, at: ClearingRef) -> Vec<Seat> {
    state
        .all_seats()
        .filter(|s| who::playing(state, *s) && who::clearing(state, *s) == Some(at))
        .collect()
}

/// Applies `RecordPhantasmActivity`, `RecordFamiliarActivity` or their take-backs
/// (already legal).
pub fn record(state: &mut GameState, seat: Seat, action: &A) -> Result<Events, RuleError> {
    let c = match action {
        A::RecordFamiliarActivity { .. } | A::TakeBackFamiliarActivity => Companion::Familiar,
        _ => Companion::Phantasm,
    };
    let p = c
        .get_mut(state, seat)
        .ok_or_else(|| RuleError::illegal(format!("he has no {}", c.noun())))?;
    let text = match action {
        A::RecordPhantasmActivity { activity } | A::RecordFamiliarActivity { activity } => {
            p.record.push(activity.clone());
            format!(
                "The {}'s phase {} recorded: {}.",
                c.noun(),
                p.record.len(),
                birdsong::describe(activity)
            )
        }
        _ => {
            p.record.pop();
            format!("The {}'s last recorded phase is taken back.", c.noun())
        }
    };
    let detail = match c {
        Companion::Phantasm => E::PhantasmRecorded { seat },
        Companion::Familiar => E::FamiliarRecorded { seat },
    };
    Ok(vec![Event::private("6.2.3", seat, text, detail)])
}

/// When his attention chit is picked: his phantasm's turn, then his familiar's, begin
/// first, those that have one (a familiar that Follows does its turn with its guide).
pub fn turn_begins(cat: &Catalog, state: &mut GameState, seat: Seat, events: &mut Events) {
    for c in Companion::ALL {
        let name = who::who(cat, state, seat);
        let Some(p) = c.get_mut(state, seat) else {
            continue;
        };
        if p.done
            || p.record.is_empty()
            || matches!(p.record.first(), Some(Activity::Follow { .. }))
        {
            continue;
        }
        p.turn = true;
        p.phase = 0;
        let detail = match c {
            Companion::Phantasm => E::PhantasmTurnBegins { seat },
            Companion::Familiar => E::FamiliarTurnBegins { seat },
        };
        events.push(c.event(
            "7.1.1",
            seat,
            format!("{name}'s {} takes its turn first.", c.noun()),
            detail,
        ));
        return;
    }
}

/// Whether his phantasm or familiar is taking its turn now.
pub fn in_turn(state: &GameState, seat: Seat) -> bool {
    current(state, seat).is_some()
}

/// The piece of his taking its turn, if one is.
fn current(state: &GameState, seat: Seat) -> Option<(Companion, &Phantasm)> {
    Companion::ALL
        .into_iter()
        .find_map(|c| c.get(state, seat).filter(|p| p.turn).map(|p| (c, p)))
}

/// What he does for his phantasm's (or familiar's) phase: a Choice row's pick; its Peer (unless a Fog
/// stops it, or he is between clearings); its enchantments after its meditation; else
/// `Proceed` (a Move, its meditation, or a phase it cannot do).
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    let Some((_, p)) = current(state, seat) else {
        return Vec::new();
    };
    if let Some(Pending::SearchChoice { picks, .. }) = &state.today.pending {
        return picks
            .iter()
            .map(|p| A::ChooseSearchResult { pick: *p })
            .collect();
    }
    // Lost, card rule 2: he picks where its Lost Move goes.
    if p.lost.choosing() {
        return p.lost.options();
    }
    let choices = match p.record.get(p.phase) {
        Some(Activity::Search)
            if who::clearing(state, seat).is_some() && !search::fogged(cat, state, seat, p.at) =>
        {
            vec![A::Search {
                search: SearchChoice::Peer { at: p.at },
            }]
        }
        Some(Activity::Enchant) if p.meditated => {
            enchanting::options_for(cat, state, seat, &enchanting::colours_in(cat, state, p.at))
        }
        _ => Vec::new(),
    };
    if choices.is_empty() {
        vec![A::Proceed]
    } else {
        choices
    }
}

/// Does the phantasm's (or familiar's) phase as the action says (already legal), then moves on.
pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
    events: &mut Events,
) -> Result<(), RuleError> {
    let (c, p) = current(state, seat)
        .map(|(c, p)| (c, p.clone()))
        .ok_or_else(|| RuleError::illegal("his phantasm is not taking its turn"))?;
    let name = format!("{}'s {}", who::who(cat, state, seat), c.noun());
    let found_before = state.today.found_enemies.contains(&seat);
    match (p.record.get(p.phase), action) {
        (_, A::ChooseSearchResult { pick }) => {
            search::apply_pick(cat, state, seat, *pick, events)?;
        }
        (_, A::Proceed) if p.lost.choosing() => {
            return Err(RuleError::illegal(
                "he must first pick where his phantasm's (or familiar's) Lost Move goes",
            ));
        }
        (Some(Activity::Move { to: recorded }), A::Proceed | A::LostWay { .. }) => {
            let here = p.at;
            let targets = birdsong::move_targets(cat, state, seat, here);
            let mut lost = p.lost.clone();
            if let A::LostWay { to } = action {
                spells::lost::choose_for(&mut lost, *to)?;
            }
            // Lost, card rule 2: a Lost spell on its tile sends it elsewhere.
            let way = spells::lost::minion_way(
                cat,
                state,
                &mut lost,
                &c.lost_mover(seat),
                (here, *recorded),
                &targets,
                p.climbing.is_some(),
                events,
            )?;
            let phantasm = c
                .get_mut(state, seat)
                .ok_or_else(|| RuleError::internal("the phantasm vanished"))?;
            phantasm.lost = lost;
            let to = match way {
                MinionWay::Choose => return Ok(()),
                MinionWay::Nowhere => None,
                MinionWay::To(to) => Some(to),
            };
            let reachable = to.is_some_and(|to| targets.contains(&to));
            let to = &to.unwrap_or(*recorded);
            let mountain = who::clearing_kind(cat, state, *to) == Some(ClearingKind::Mountain);
            let phantasm = c
                .get_mut(state, seat)
                .ok_or_else(|| RuleError::internal("the phantasm vanished"))?;
            if !reachable {
                phantasm.climbing = None;
                events.push(c.event(
                    "7.3.1",
                    seat,
                    format!("{name} cannot move there; the phase is blank."),
                    E::PhaseCancelled {
                        seat,
                        reason: format!("the {}'s Move is impossible (7.3.1)", c.noun()),
                    },
                ));
            } else if mountain && phantasm.climbing != Some(*to) {
                phantasm.climbing = Some(*to);
                events.push(c.event(
                    "7.3.1",
                    seat,
                    format!("{name} starts climbing."),
                    c.moved(seat, here),
                ));
            } else {
                phantasm.climbing = None;
                phantasm.at = *to;
                events.push(c.event(
                    "7.3.1",
                    seat,
                    format!("{name} moves to {}.", who::name(cat, *to)),
                    c.moved(seat, *to),
                ));
            }
        }
        (Some(Activity::Search), A::Search { search: s }) => {
            search::do_search(cat, state, seat, s, events)?;
        }
        (Some(Activity::Enchant), A::Enchant { chit, tile }) => {
            let supplied = enchanting::colours_in(cat, state, p.at);
            enchanting::enchant_at(
                cat,
                state,
                seat,
                *chit,
                *tile,
                Some(p.at),
                &supplied,
                events,
            )?;
        }
        (Some(Activity::Enchant), A::Proceed) if !p.meditated => {
            if let Some(phantasm) = c.get_mut(state, seat) {
                phantasm.meditated = true;
            }
            events.push(Event::public(
                "7.10",
                format!("{name} meditates (its first Enchant phase)."),
                E::PhantasmMeditated { seat },
            ));
        }
        (_, A::Proceed) => events.push(c.event(
            "6.2.4",
            seat,
            format!("{name} cannot do its recorded activity; the phase is blank."),
            E::PhaseCancelled {
                seat,
                reason: format!("the {}'s activity is impossible now", c.noun()),
            },
        )),
        (a, other) => {
            return Err(RuleError::internal(format!(
                "{other:?} does not do the {}'s {a:?}",
                c.noun()
            )))
        }
    }
    // Hidden enemies it finds serve him only in its clearing.
    if !found_before && who::clearing(state, seat) != Some(p.at) {
        state.today.found_enemies.remove(&seat);
    }
    if state.today.pending.is_some() {
        return Ok(());
    }
    if let Some(phantasm) = c.get_mut(state, seat) {
        phantasm.phase += 1;
        if phantasm.phase >= phantasm.record.len() {
            phantasm.turn = false;
            phantasm.done = true;
            let detail = match c {
                Companion::Phantasm => E::PhantasmTurnEnds { seat },
                Companion::Familiar => E::FamiliarTurnEnds { seat },
            };
            events.push(c.event("7.13", seat, format!("{name}'s turn ends."), detail));
            // The next of his pieces (the familiar after the phantasm) takes its turn.
            turn_begins(cat, state, seat, events);
        }
    }
    Ok(())
}

/// The Phantasm `s` ends: its phantasm is gone.
pub fn released(cat: &Catalog, state: &mut GameState, s: &SpellInEffect) {
    if !s.has(cat, SpellEffect::Phantasm) {
        return;
    }
    for aim in &s.aims {
        if let SpellAim::Character { seat } = aim {
            if !controls(cat, state, *seat) {
                state.today.phantasms.remove(seat);
            }
        }
    }
}

/// The phantasms on the map (public: the pieces are in plain sight).
pub fn on_map(state: &GameState) -> Vec<(Seat, ClearingRef)> {
    state
        .today
        .phantasms
        .iter()
        .map(|(s, p)| (*s, p.at))
        .collect()
}

/// Witch, Familiar; 7.11a: a familiar that recorded a Follow behind `guide` and is in
/// `from` moves with him to `to` (seen by her alone).
pub fn familiars_follow(
    cat: &Catalog,
    state: &mut GameState,
    guide: Seat,
    from: ClearingRef,
    to: ClearingRef,
    events: &mut Events,
) {
    let seats: Vec<Seat> = state
        .familiars
        .iter()
        .filter(|(_, f)| {
            f.at == from
                && matches!(f.record.first(), Some(Activity::Follow { guide: g }) if *g == guide)
        })
        .map(|(s, _)| *s)
        .collect();
    let guide_name = who::who(cat, state, guide);
    for seat in seats {
        if let Some(f) = state.familiars.get_mut(&seat) {
            f.at = to;
            f.climbing = None;
        }
        let c = Companion::Familiar;
        events.push(c.event(
            "7.11",
            seat,
            format!(
                "{}'s familiar follows {guide_name} to {}.",
                who::who(cat, state, seat),
                who::name(cat, to)
            ),
            c.moved(seat, to),
        ));
    }
}

/// Witch, Familiar: where her familiar is (hers alone to see).
pub fn familiar_at(state: &GameState, seat: Seat) -> Option<ClearingRef> {
    state.familiars.get(&seat).map(|f| f.at)
}
