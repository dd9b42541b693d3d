//! Extra phases from Treasure cards (rules 6.2.2c, 6.2.4): a card active during Birdsong
//! gives the extra phase its data names (`extra_phase`: one activity or any, perhaps only
//! in one kind of clearing, perhaps only on one table). The character notes which phase
//! each card gives; he is committed to keeping the card, and it must be active (and he in
//! the right kind of clearing) when he starts that phase, or the phase is cancelled. Also
//! the enhanced activities of cards (6.2.1b: the Crystal Ball's Enhanced Peer).

use super::birdsong::{self, Entitlement, Kind, Source};
use super::{belongings, who};
use crate::engine::{Event, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E, SearchChoice};
use crate::magic_realm::catalog::items::{EnhancedActivity, PhaseActivity, TreasureId};
use crate::magic_realm::catalog::tables::TableId;
use crate::magic_realm::catalog::tiles::ClearingKind;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::state::{Activity, GameState, TreasurePhase};

/// One extra phase an active Treasure card gives today.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardPhase {
    pub item: TreasureId,
    /// The activity it is for; `None`: any.
    pub kind: Option<Kind>,
    /// 6.2.4: where he must be when he starts it.
    pub clearing: Option<ClearingKind>,
}

fn kind_of(a: PhaseActivity) -> Kind {
    match a {
        PhaseActivity::Move => Kind::Move,
        PhaseActivity::Hide => Kind::Hide,
        PhaseActivity::Search => Kind::Search,
        PhaseActivity::Rest => Kind::Rest,
        PhaseActivity::Alert => Kind::Alert,
        PhaseActivity::Enchant => Kind::Enchant,
        PhaseActivity::Trade => Kind::Trade,
        PhaseActivity::Hire => Kind::Hire,
    }
}

/// 6.2.2c: the extra phases the seat's cards give: each card active now (during Birdsong,
/// so activated on an earlier day) with an `extra_phase`. Cards restricted to a kind of
/// clearing come last, so an unrestricted phase of the same activity is used first.
pub fn cards(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<CardPhase> {
    let mut out: Vec<CardPhase> = belongings::active(state, seat)
        .into_iter()
        .filter_map(|p| match p {
            PieceId::Treasure { id } => {
                let phase = cat.items.treasure(&id)?.extra_phase.clone()?;
                Some(CardPhase {
                    item: id,
                    kind: phase.activity.map(kind_of),
                    clearing: phase.clearing,
                })
            }
            _ => None,
        })
        .collect();
    out.sort_by_key(|c| c.clearing.is_some());
    out
}

/// 6.2.2c: in [`birdsong::assign`], the cards' phases take the general phases beyond the
/// `cap` of Basic and Sunlight phases, each the last one of its activity (cards for one
/// activity first, then those for any); returns how many they took.
pub fn assign(
    ent: &Entitlement,
    record: &[Activity],
    out: &mut [Source],
    general: usize,
    cap: usize,
) -> usize {
    let mut over = general.saturating_sub(cap);
    let mut took = 0;
    let mut order: Vec<usize> = (0..ent.cards.len()).collect();
    order.sort_by_key(|c| ent.cards.get(*c).is_some_and(|c| c.kind.is_none()));
    for c in order {
        let Some(card) = ent.cards.get(c).filter(|_| over > 0) else {
            break;
        };
        let slot = record.iter().zip(out.iter()).rposition(|(a, s)| {
            *s == Source::General && card.kind.is_none_or(|k| birdsong::kind(a) == k)
        });
        if let Some(slot) = slot.and_then(|i| out.get_mut(i)) {
            *slot = Source::Treasure(c);
            over -= 1;
            took += 1;
        }
    }
    took
}

/// At the end of Birdsong: which recorded phase each card gives, from the sources
/// [`birdsong::assign`] found. A card restricted to a kind of clearing takes the first
/// phase of its activity (among those of no other source, `taken` excepted) that the
/// record plans to begin in such a clearing, else the one `assign` chose.
pub fn seal(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    ent: &Entitlement,
    record: &[Activity],
    sources: &[Source],
    taken: &[usize],
) -> Vec<TreasurePhase> {
    let mut chosen: Vec<(usize, usize)> = sources
        .iter()
        .enumerate()
        .filter_map(|(i, s)| match s {
            Source::Treasure(c) => Some((i, *c)),
            _ => None,
        })
        .collect();
    let start = who::clearing(state, seat);
    let mut out = Vec::new();
    for n in 0..chosen.len() {
        let Some((phase, card)) = chosen
            .get(n)
            .and_then(|(p, c)| Some((*p, ent.cards.get(*c)?)))
        else {
            continue;
        };
        let phase = card.clearing.map_or(phase, |ck| {
            let free = |j: &usize| {
                !taken.contains(j)
                    && (*j == phase
                        || (sources.get(*j) == Some(&Source::General)
                            && !chosen.iter().any(|(p, _)| p == j)))
                    && card
                        .kind
                        .is_none_or(|k| record.get(*j).map(birdsong::kind) == Some(k))
            };
            (0..record.len())
                .filter(free)
                .find(|j| {
                    start.is_some_and(|s| {
                        let (at, _) = birdsong::planned_position(cat, state, s, &record[..*j]);
                        who::clearing_kind(cat, state, at) == Some(ck)
                    })
                })
                .unwrap_or(phase)
        });
        if let Some(slot) = chosen.get_mut(n) {
            slot.0 = phase;
        }
        out.push(TreasurePhase {
            phase,
            item: card.item.clone(),
        });
    }
    out.sort_by_key(|t| t.phase);
    out
}

/// The Treasure card that gives the phase being done, if one does.
fn phase_card<'a>(cat: &'a Catalog, state: &GameState, seat: Seat) -> Option<&'a TreasureId> {
    let s = state.seat(seat)?;
    let tp = s
        .record
        .treasure_phases
        .iter()
        .find(|t| t.phase == state.today.phase)?;
    cat.items.treasure(&tp.item).map(|t| &t.id)
}

/// 6.2.4: why the phase being done is cancelled: its card is not active now, or he is not
/// in the kind of clearing the card needs. `None` when no card gives it, or all is well.
pub fn cancel_reason(cat: &Catalog, state: &GameState, seat: Seat) -> Option<String> {
    let id = phase_card(cat, state, seat)?;
    let card = cat.items.treasure(id)?;
    let piece = PieceId::Treasure { id: id.clone() };
    if !belongings::is_active(state, seat, &piece) {
        return Some(format!(
            "the {} giving this extra phase is not active (6.2.4)",
            card.name
        ));
    }
    let needs = card.extra_phase.as_ref()?.clearing?;
    let here = who::clearing(state, seat).and_then(|c| who::clearing_kind(cat, state, c));
    (here != Some(needs)).then(|| {
        format!(
            "the {}'s extra phase must begin in a {needs:?} clearing (6.2.4)",
            card.name
        )
    })
}

/// 6.2.4: the event cancelling the phase, when [`cancel_reason`] gives a reason.
pub fn cancelled(cat: &Catalog, state: &GameState, seat: Seat) -> Option<Event<E>> {
    let reason = cancel_reason(cat, state, seat)?;
    Some(Event::public(
        "6.2.4",
        format!(
            "Phase {}: {}'s extra phase is cancelled: {reason}.",
            state.today.phase + 1,
            who::who(cat, state, seat)
        ),
        E::PhaseCancelled { seat, reason },
    ))
}

/// The one table a card's extra Search phase may use (the Ancient Telescope's Peer).
pub fn table_of_phase(cat: &Catalog, state: &GameState, seat: Seat) -> Option<TableId> {
    let id = phase_card(cat, state, seat)?;
    cat.items.treasure(id)?.extra_phase.as_ref()?.table
}

/// Keeps, of the searches offered, those on the table the phase's card allows.
pub fn restrict_search(cat: &Catalog, state: &GameState, seat: Seat, options: Vec<A>) -> Vec<A> {
    match table_of_phase(cat, state, seat) {
        Some(TableId::Peer) => options
            .into_iter()
            .filter(|a| {
                matches!(
                    a,
                    A::Search {
                        search: SearchChoice::Peer { .. }
                    }
                )
            })
            .collect(),
        Some(_) | None => options,
    }
}

/// 6.2.4: he is committed to keeping a card that gives a phase he has not finished: he
/// cannot abandon or transfer it (he may deactivate it).
pub fn committed(state: &GameState, seat: Seat, piece: &PieceId) -> bool {
    let PieceId::Treasure { id } = piece else {
        return false;
    };
    // Done today: the phases from this one on in his turn, every one before it.
    let from = if super::daylight::turn_of(state) == Some(seat) {
        state.today.phase
    } else if state
        .today
        .order
        .iter()
        .position(|s| *s == crate::magic_realm::state::Turner::Character(seat))
        .is_some_and(|p| p >= state.today.turn)
        // Premonition: his chit, kept out, is still to come.
        || state.today.preempting.contains(&seat)
    {
        0
    } else {
        return false;
    };
    state.seat(seat).is_some_and(|s| {
        s.record
            .treasure_phases
            .iter()
            .any(|t| &t.item == id && t.phase >= from)
            // 6.2.4: a recorded remote Enchant commits the card that allows it.
            || (crate::magic_realm::catalog::get()
                .is_ok_and(|cat| gives(cat, piece, EnhancedActivity::RemoteEnchant))
                && s.record
                    .activities
                    .iter()
                    .skip(from)
                    .any(|a| matches!(a, Activity::RemoteEnchant { .. })))
    })
}

/// 6.2.1b: whether an active card lets him do the Enhanced Peer activity: a Search on the
/// Peer table in any clearing (the Crystal Ball's "PEER in any hex").
pub fn peers_anywhere(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    enhances(cat, state, seat, EnhancedActivity::PeerAnywhere)
}

/// 6.2.1b, 7.10: whether an active card lets him do the remote Enchant activity (the
/// Crystal Ball's "SPELL in any hex").
pub fn enchants_anywhere(cat: &Catalog, state: &GameState, seat: Seat) -> bool {
    enhances(cat, state, seat, EnhancedActivity::RemoteEnchant)
}

/// Whether one of his active cards allows the enhanced activity `e`.
fn enhances(cat: &Catalog, state: &GameState, seat: Seat, e: EnhancedActivity) -> bool {
    belongings::active(state, seat)
        .iter()
        .any(|p| gives(cat, p, e))
}

/// Whether `piece` is a Treasure card that allows the enhanced activity `e`.
fn gives(cat: &Catalog, piece: &PieceId, e: EnhancedActivity) -> bool {
    match piece {
        PieceId::Treasure { id } => cat
            .items
            .treasure(id)
            .is_some_and(|t| t.enhanced.contains(&e)),
        _ => false,
    }
}
