//! Phantasm (List of Spells; VI/Purple, Day, one character): an ethereal being its target
//! controls. At Birdsong it stands in his clearing and he records a separate turn for it:
//! Move, Peer and Enchant only, with the Basic and Sunlight phases of any character
//! (6.2.2a, b). When his attention chit is picked it takes its turn just before his,
//! peering and enchanting in its own clearing with his Magic chits and his discoveries
//! (he learns what it discovers). It carries nothing, follows and blocks nobody, is never
//! blocked, and summons nothing.

use super::{birdsong, enchanting, search, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E, SearchChoice};
use crate::magic_realm::catalog::tiles::ClearingKind;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::spells::lost::{LostMove, LostMover, MinionWay};
use crate::magic_realm::combat::spells::{self, SpellAim, SpellEffect, SpellInEffect};
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::state::{Activity, GameState, Pending};
use serde::{Deserialize, Serialize};

type Events = Vec<Event<E>>;

/// A character's phantasm today.
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
        state.today.phantasms.insert(
            seat,
            Phantasm {
                at,
                record: Vec::new(),
                phase: 0,
                turn: false,
                done: false,
                meditated: false,
                climbing: None,
                lost: LostMove::default(),
            },
        );
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

/// In Birdsong: the activities he may record next for his phantasm (Move along the
/// roadways he may use from where its record leaves it, Search for its Peer, Enchant if
/// he has a Magic chit of type I to V), and taking back its last phase.
pub fn record_options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    let Some(p) = state.today.phantasms.get(&seat) else {
        return Vec::new();
    };
    let (at, half) = birdsong::planned_position(cat, state, p.at, &p.record);
    let mut next: Vec<Activity> = match half {
        Some(mountain) => vec![Activity::Move { to: mountain }],
        None => birdsong::move_targets(cat, state, seat, at)
            .into_iter()
            .map(|to| Activity::Move { to })
            .collect(),
    };
    next.push(Activity::Search);
    if enchanting::can_record(cat, state, seat) {
        next.push(Activity::Enchant);
    }
    let mut out: Vec<A> = next
        .into_iter()
        .filter(|a| {
            let mut longer = p.record.clone();
            longer.push(a.clone());
            fits(cat, state, p, &longer)
        })
        .map(|activity| A::RecordPhantasmActivity { activity })
        .collect();
    if !p.record.is_empty() {
        out.push(A::TakeBackPhantasmActivity);
    }
    out
}

/// Applies `RecordPhantasmActivity` or `TakeBackPhantasmActivity` (already legal).
pub fn record(state: &mut GameState, seat: Seat, action: &A) -> Result<Events, RuleError> {
    let p = state
        .today
        .phantasms
        .get_mut(&seat)
        .ok_or_else(|| RuleError::illegal("he has no phantasm"))?;
    let text = match action {
        A::RecordPhantasmActivity { activity } => {
            p.record.push(activity.clone());
            format!(
                "Phantasm's phase {} recorded: {}.",
                p.record.len(),
                birdsong::describe(activity)
            )
        }
        _ => {
            p.record.pop();
            "The phantasm's last recorded phase is taken back.".to_string()
        }
    };
    Ok(vec![Event::private(
        "6.2.3",
        seat,
        text,
        E::PhantasmRecorded { seat },
    )])
}

/// When his attention chit is picked: his phantasm's turn begins first, if it has one.
pub fn turn_begins(cat: &Catalog, state: &mut GameState, seat: Seat, events: &mut Events) {
    let Some(p) = state.today.phantasms.get_mut(&seat) else {
        return;
    };
    if p.done || p.record.is_empty() {
        return;
    }
    p.turn = true;
    p.phase = 0;
    events.push(Event::public(
        "7.1.1",
        format!(
            "{}'s phantasm takes its turn first.",
            who::who(cat, state, seat)
        ),
        E::PhantasmTurnBegins { seat },
    ));
}

/// Whether his phantasm is taking its turn now.
pub fn in_turn(state: &GameState, seat: Seat) -> bool {
    state.today.phantasms.get(&seat).is_some_and(|p| p.turn)
}

/// The phantasm taking its turn, if `seat`'s is.
fn current(state: &GameState, seat: Seat) -> Option<&Phantasm> {
    state.today.phantasms.get(&seat).filter(|p| p.turn)
}

/// What he does for his phantasm's phase: a Choice row's pick; its Peer (unless a Fog
/// stops it, or he is between clearings); its enchantments after its meditation; else
/// `Proceed` (a Move, its meditation, or a phase it cannot do).
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    let Some(p) = current(state, seat) else {
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

/// Does the phantasm's phase as the action says (already legal), then moves on.
pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
    events: &mut Events,
) -> Result<(), RuleError> {
    let p = current(state, seat)
        .cloned()
        .ok_or_else(|| RuleError::illegal("his phantasm is not taking its turn"))?;
    let name = format!("{}'s phantasm", who::who(cat, state, seat));
    let found_before = state.today.found_enemies.contains(&seat);
    match (p.record.get(p.phase), action) {
        (_, A::ChooseSearchResult { pick }) => {
            search::apply_pick(cat, state, seat, *pick, events)?;
        }
        (_, A::Proceed) if p.lost.choosing() => {
            return Err(RuleError::illegal(
                "he must first pick where his phantasm's Lost Move goes",
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
                &LostMover::Phantasm { seat },
                (here, *recorded),
                &targets,
                p.climbing.is_some(),
                events,
            )?;
            let phantasm = state
                .today
                .phantasms
                .get_mut(&seat)
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
            let phantasm = state
                .today
                .phantasms
                .get_mut(&seat)
                .ok_or_else(|| RuleError::internal("the phantasm vanished"))?;
            if !reachable {
                phantasm.climbing = None;
                events.push(Event::public(
                    "7.3.1",
                    format!("{name} cannot move there; the phase is blank."),
                    E::PhaseCancelled {
                        seat,
                        reason: "the phantasm's Move is impossible (7.3.1)".into(),
                    },
                ));
            } else if mountain && phantasm.climbing != Some(*to) {
                phantasm.climbing = Some(*to);
                events.push(Event::public(
                    "7.3.1",
                    format!("{name} starts climbing."),
                    E::PhantasmMoved { seat, at: here },
                ));
            } else {
                phantasm.climbing = None;
                phantasm.at = *to;
                events.push(Event::public(
                    "7.3.1",
                    format!("{name} moves to {}.", who::name(cat, *to)),
                    E::PhantasmMoved { seat, at: *to },
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
            if let Some(phantasm) = state.today.phantasms.get_mut(&seat) {
                phantasm.meditated = true;
            }
            events.push(Event::public(
                "7.10",
                format!("{name} meditates (its first Enchant phase)."),
                E::PhantasmMeditated { seat },
            ));
        }
        (_, A::Proceed) => events.push(Event::public(
            "6.2.4",
            format!("{name} cannot do its recorded activity; the phase is blank."),
            E::PhaseCancelled {
                seat,
                reason: "the phantasm's activity is impossible now".into(),
            },
        )),
        (a, other) => {
            return Err(RuleError::internal(format!(
                "{other:?} does not do the phantasm's {a:?}"
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
    if let Some(phantasm) = state.today.phantasms.get_mut(&seat) {
        phantasm.phase += 1;
        if phantasm.phase >= phantasm.record.len() {
            phantasm.turn = false;
            phantasm.done = true;
            events.push(Event::public(
                "7.13",
                format!("{name}'s turn ends."),
                E::PhantasmTurnEnds { seat },
            ));
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
