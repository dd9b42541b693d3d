//! Sunset and Evening (rules 8.1.1 to 8.1.3, 8.2.2): one attention chit per clearing
//! holding a character, picked in random order; as each clearing's turn comes, every
//! character there rolls on the Meeting Table for each unhired native group present to
//! see whether it battles him (buying drinks first if he likes, and answering an Insult
//! or Challenge); then the clearing's rounds of combat are fought (`combat`, 8.3 to 8.8).

use super::{meeting, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::denizens::{NativeGroup, NativeRank, Trader};
use crate::magic_realm::catalog::tables::MeetingResult;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::setup::setup_card::shuffle;
use crate::magic_realm::state::GameState;
use serde::{Deserialize, Serialize};

type Events = Vec<Event<E>>;

/// 8.2.2: a battling roll a character owes for a native group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Owed {
    pub seat: Seat,
    pub group: NativeGroup,
}

/// Where the Evening stands.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EveningState {
    /// 8.1.2: the clearings' attention chits, in the order they are picked.
    pub order: Vec<ClearingRef>,
    /// Index into `order` of the clearing taking its turn.
    pub index: usize,
    /// Whether the current clearing's battling rolls have been listed.
    pub started: bool,
    /// 8.2.2: rolls still owed in the current clearing, first one next.
    pub owed: Vec<Owed>,
    /// 8.2.2: an Insult or Challenge waiting for the character's answer.
    pub penalty: Option<(Owed, MeetingResult)>,
    /// 8.2: the groups battling each character in the current clearing.
    pub battling: Vec<Owed>,
    /// Whether the current clearing's combat has begun.
    #[serde(default)]
    pub fought: bool,
    /// 8.3 to 8.8: the combat being fought in the current clearing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combat: Option<crate::magic_realm::combat::Combat>,
}

/// The clearing taking its Evening turn.
pub fn current(state: &GameState) -> Option<ClearingRef> {
    state
        .today
        .evening
        .order
        .get(state.today.evening.index)
        .copied()
}

/// 8.1.2: the clearings where a character's hired leader is.
fn hired_leaders(cat: &Catalog, state: &GameState) -> Vec<ClearingRef> {
    state
        .all_seats()
        .filter(|s| who::playing(state, *s))
        .filter_map(|s| state.seat(s))
        .flat_map(|s| s.hirelings.iter())
        .filter(|h| {
            cat.denizens
                .native(&h.native)
                .is_some_and(|n| n.rank == NativeRank::Leader)
        })
        .filter_map(|h| {
            match state.piles.place_of(&PieceId::Native {
                id: h.native.clone(),
            }) {
                Some(Place::Clearing { at }) => Some(*at),
                _ => None,
            }
        })
        .collect()
}

/// Sunset (8.1.1, 8.1.2): one attention chit per clearing with a character or a hired
/// leader, mixed.
pub fn sunset(cat: &Catalog, state: &mut GameState) -> Events {
    let mut clearings: Vec<ClearingRef> = state
        .all_seats()
        .filter(|s| who::playing(state, *s))
        .filter_map(|s| who::clearing(state, s))
        .collect();
    clearings.extend(hired_leaders(cat, state));
    clearings.sort();
    clearings.dedup();
    shuffle(&mut clearings, &mut state.draws);
    let n = clearings.len();
    state.today.evening = EveningState {
        order: clearings,
        ..EveningState::default()
    };
    vec![Event::public(
        "8.1.2",
        format!("Sunset: {n} clearing(s) with characters take an attention chit each."),
        E::Sunset {
            clearings: u32::try_from(n).unwrap_or(u32::MAX),
        },
    )]
}

/// 8.2.2: the rolls owed as combat begins in `at`: each character there, for each group
/// with unhired natives there (not a group he has pacified, 8.4.4).
fn rolls_owed(cat: &Catalog, state: &GameState, at: ClearingRef) -> Vec<Owed> {
    let groups = meeting::groups_here(cat, state, at);
    let mut owed = Vec::new();
    for seat in state.all_seats() {
        if who::playing(state, seat) && who::clearing(state, seat) == Some(at) {
            for group in groups
                .iter()
                .filter(|g| !crate::magic_realm::combat::spells::persuaded(cat, state, seat, **g))
            {
                owed.push(Owed {
                    seat,
                    group: *group,
                });
            }
        }
    }
    owed
}

/// Runs the Evening on until a character must decide; true when every clearing is done.
pub fn progress(
    cat: &Catalog,
    state: &mut GameState,
    events: &mut Events,
) -> Result<bool, RuleError> {
    loop {
        let Some(at) = current(state) else {
            return Ok(true);
        };
        if !state.today.evening.started {
            state.today.evening.started = true;
            state.today.evening.battling.clear();
            state.today.evening.owed = rolls_owed(cat, state, at);
        }
        if state.today.evening.penalty.is_some() || !state.today.evening.owed.is_empty() {
            return Ok(false);
        }
        if !state.today.evening.fought {
            state.today.evening.fought = true;
            events.extend(combat_in(cat, state, at)?);
            if state
                .all_seats()
                .any(|s| who::playing(state, s) && who::clearing(state, s) == Some(at))
                || hired_leaders(cat, state).contains(&at)
            {
                events.extend(combat::begin(cat, state, at)?);
            }
        }
        if !combat::progress(cat, state, events)? {
            return Ok(false);
        }
        state.today.evening.index += 1;
        state.today.evening.started = false;
        state.today.evening.fought = false;
        state.today.evening.battling.clear();
    }
}

/// The seats owing an Evening decision: a battling roll or penalty, or combat.
pub fn to_act(cat: &Catalog, state: &GameState) -> Vec<Seat> {
    if state.today.evening.combat.is_some() {
        return combat::to_act(cat, state);
    }
    roller(state).into_iter().collect()
}

/// The seat owing a battling roll or an answer to an Insult or Challenge.
fn roller(state: &GameState) -> Option<Seat> {
    let ev = &state.today.evening;
    ev.penalty
        .map(|(o, _)| o.seat)
        .or_else(|| ev.owed.first().map(|o| o.seat))
}

pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    if state.today.evening.combat.is_some() {
        return combat::options(cat, state, seat);
    }
    if roller(state) != Some(seat) {
        return Vec::new();
    }
    let ev = &state.today.evening;
    if let Some((_, result)) = &ev.penalty {
        // 4.6.7a: Disgust forbids paying a Challenge's Fame.
        if !meeting::may_pay_penalty(state, seat, *result) {
            return vec![A::BattlingPenalty { pay: false }];
        }
        return vec![
            A::BattlingPenalty { pay: true },
            A::BattlingPenalty { pay: false },
        ];
    }
    let Some(owed) = ev.owed.first() else {
        return Vec::new();
    };
    let mut out = vec![A::RollForBattling {
        group: owed.group,
        drinks: false,
    }];
    if meeting::can_buy_drinks(
        cat,
        state,
        &super::buyer::Buyer::character(seat),
        Trader::Native(owed.group),
    ) {
        out.push(A::RollForBattling {
            group: owed.group,
            drinks: true,
        });
    }
    out
}

fn battles(cat: &Catalog, state: &mut GameState, owed: Owed, events: &mut Events) {
    state.today.evening.battling.push(owed);
    events.push(Event::public(
        "8.2.2",
        format!(
            "The {:?} battle {} this evening.",
            owed.group,
            who::who(cat, state, owed.seat)
        ),
        E::NativesBattle {
            seat: owed.seat,
            group: owed.group,
        },
    ));
}

/// Applies a legal Evening action.
pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
) -> Result<Events, RuleError> {
    if state.today.evening.combat.is_some() {
        return combat::apply(cat, state, seat, action);
    }
    let mut events = Vec::new();
    match action {
        A::RollForBattling { group, drinks } => {
            let owed = Owed {
                seat,
                group: *group,
            };
            state.today.evening.owed.retain(|o| *o != owed);
            let result = meeting::meet(
                cat,
                state,
                &super::buyer::Buyer::character(seat),
                Trader::Native(*group),
                *drinks,
                meeting::MeetingFor::Battling,
                &mut events,
            )?;
            match result {
                MeetingResult::BlockBattle => battles(cat, state, owed, &mut events),
                MeetingResult::Insult | MeetingResult::Challenge => {
                    state.today.evening.penalty = Some((owed, result));
                }
                _ => events.push(Event::public(
                    "8.2.2",
                    format!(
                        "The {group:?} do not battle {} this evening.",
                        who::who(cat, state, seat)
                    ),
                    E::NativesDoNotBattle {
                        seat,
                        group: *group,
                    },
                )),
            }
        }
        A::BattlingPenalty { pay } => {
            let (owed, result) = state
                .today
                .evening
                .penalty
                .take()
                .ok_or_else(|| RuleError::internal("no penalty is owed"))?;
            if *pay {
                let (fame, notoriety) = meeting::pay_penalty(state, seat, result)?;
                events.push(Event::public(
                    "8.2.2",
                    format!(
                        "{} swallows the {result:?} (loses {} recorded points): the {:?} do not battle him.",
                        who::who(cat, state, seat),
                        fame + notoriety,
                        owed.group
                    ),
                    E::NativesDoNotBattle {
                        seat,
                        group: owed.group,
                    },
                ));
            } else {
                battles(cat, state, owed, &mut events);
            }
        }
        other => {
            return Err(RuleError::internal(format!(
                "{other:?} is not an Evening action"
            )))
        }
    }
    Ok(events)
}

/// 8.1.3: the clearing's turn in the Evening: who is there and which groups battle whom
/// are logged; the rounds of combat follow (`combat`).
pub fn combat_in(
    cat: &Catalog,
    state: &mut GameState,
    at: ClearingRef,
) -> Result<Events, RuleError> {
    let pile = state.piles.pile(&Place::Clearing { at });
    let characters: Vec<Seat> = pile
        .iter()
        .filter_map(|c| who::seat_of_counter(state, &c.piece))
        .collect();
    let denizens: Vec<PieceId> = pile
        .iter()
        .filter(|c| matches!(c.piece, PieceId::Monster { .. } | PieceId::Native { .. }))
        .map(|c| c.piece.clone())
        .collect();
    let monsters = denizens
        .iter()
        .filter(|p| matches!(p, PieceId::Monster { .. }))
        .count();
    let battling = state.today.evening.battling.len();
    let fight_possible = monsters > 0 || characters.len() > 1 || battling > 0;
    let text = if fight_possible {
        format!(
            "Evening in {}: combat between {} character(s), {} monster(s) and {battling} battling group(s).",
            who::name(cat, at),
            characters.len(),
            monsters
        )
    } else {
        format!(
            "Evening in {}: no monsters, battling natives or other characters here; the characters still do rounds of combat (8.1.3).",
            who::name(cat, at)
        )
    };
    Ok(vec![Event::public(
        "8.1.3",
        text,
        E::EveningInClearing {
            at,
            characters,
            denizens,
            combat_due: fight_possible,
        },
    )])
}
