//! Belongings (rules 4.3, 4.4.2 to 4.4.5, 7.2.2, 7.3.2): which of a character's items are
//! active, the limits on what may be active at once (one weapon, one armor counter of each
//! kind, one horse, one Boots card, one Gloves card; Enchanted cards always), rearranging
//! at the start of a phase (in the air, only abandoning: the item lands by a die roll),
//! what an item does when first obtained, horses in caves, and
//! how much a character can carry.

use super::who;
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{BelongingChange, MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::common::Size;
use crate::magic_realm::catalog::items::{Horse, TreasureKind};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::spells::carrying;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::state::GameState;

type Events = Vec<Event<E>>;

/// Everything the seat's character owns (4.3.5), bottom to top.
pub fn owned(state: &GameState, seat: Seat) -> Vec<PieceId> {
    who::belongings_place(state, seat)
        .map(|p| {
            state
                .piles
                .pile(&p)
                .iter()
                .map(|c| c.piece.clone())
                .collect()
        })
        .unwrap_or_default()
}

/// 4.3.1: a belonging is active unless the character has deactivated it.
pub fn is_active(state: &GameState, seat: Seat, piece: &PieceId) -> bool {
    state
        .seat(seat)
        .is_some_and(|s| !s.inactive.contains(piece))
        && owned(state, seat).contains(piece)
}

/// The seat's active belongings.
pub fn active(state: &GameState, seat: Seat) -> Vec<PieceId> {
    owned(state, seat)
        .into_iter()
        .filter(|p| is_active(state, seat, p))
        .collect()
}

/// The kinds of belonging limited to one active at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    /// 4.3.6: one weapon counter or weapon card.
    Weapon,
    /// 4.3.7: one armor counter of each kind.
    Armor(crate::magic_realm::catalog::items::ArmorKind),
    /// 4.3.8a.
    Horse,
    /// 4.4.4b.
    Boots,
    /// 4.4.5.
    Gloves,
}

fn slot(cat: &Catalog, piece: &PieceId) -> Option<Slot> {
    match piece {
        PieceId::Weapon { .. } => Some(Slot::Weapon),
        PieceId::Armor { id, .. } => cat.items.armor_piece(id).map(|a| Slot::Armor(a.kind)),
        PieceId::Horse { .. } => Some(Slot::Horse),
        PieceId::Treasure { id } => {
            let t = cat.items.treasure(id)?;
            if t.kinds.contains(&TreasureKind::Weapon) {
                Some(Slot::Weapon)
            } else if t.boots.is_some() {
                Some(Slot::Boots)
            } else if t.gloves.is_some() {
                Some(Slot::Gloves)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// 4.4.2: an Enchanted card is always active.
pub(crate) fn always_active(cat: &Catalog, piece: &PieceId) -> bool {
    matches!(piece, PieceId::Treasure { id } if cat.items.treasure(id).is_some_and(|t| t.color_source.is_some()))
}

/// Potions (4.4.3) are used up when activated: they are carried inactive until used, and
/// only those whose effect is in play can be activated (`combat::potions`).
pub(crate) fn is_potion(cat: &Catalog, piece: &PieceId) -> bool {
    matches!(piece, PieceId::Treasure { id } if cat.items.treasure(id).is_some_and(|t| t.kinds.contains(&TreasureKind::Potion)))
}

/// The stronger side of a horse (7.3.2: either side's letter may be used).
pub fn horse_strength(horse: &Horse) -> Size {
    horse.trot.strength.max(horse.gallop.strength)
}

/// The heaviest of the character's weight and every item he carries (horses carry
/// themselves), for riding a horse or wearing Boots (4.3.8a, 4.4.4a).
fn load(cat: &Catalog, state: &GameState, seat: Seat, extra: Option<&PieceId>) -> Size {
    let body = who::card(cat, state, seat).map_or(Size::Negligible, |c| c.weight);
    owned(state, seat)
        .iter()
        .chain(extra)
        .filter_map(|p| who::weight(cat, p))
        .fold(body, Size::max)
}

/// Why the seat may not activate `piece` now, if it may not.
pub fn activation_refusal(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    piece: &PieceId,
) -> Option<String> {
    if is_potion(cat, piece) {
        if let Some(refusal) = crate::magic_realm::combat::potions::refusal(cat, state, seat, piece)
        {
            return Some(refusal);
        }
    }
    match piece {
        PieceId::Horse { id } => {
            let horse = cat.items.horse(id)?;
            if who::clearing(state, seat).is_some_and(|c| who::is_cave(cat, state, c)) {
                return Some("horses cannot be active in caves (4.3.8a)".into());
            }
            if horse_strength(horse) < load(cat, state, seat, None) {
                return Some(format!(
                    "{} cannot carry him and everything he owns (4.3.8a)",
                    horse.name
                ));
            }
        }
        PieceId::Treasure { id } => {
            if let Some(boots) = cat.items.treasure(id).and_then(|t| t.boots) {
                if boots.strength < load(cat, state, seat, None) {
                    return Some(
                        "the Boots cannot carry him and everything he owns (4.4.4a)".into(),
                    );
                }
            }
        }
        _ => {}
    }
    let mine = slot(cat, piece)?;
    active(state, seat)
        .iter()
        .filter(|p| *p != piece)
        .any(|p| slot(cat, p) == Some(mine))
        .then(|| format!("he already has one active {mine:?} (4.3.6 to 4.4.5)"))
}

/// 7.2.2: whether the seat may rearrange now: at the start of a phase of its own turn,
/// not blocked, before doing the activity.
pub fn may_rearrange(state: &GameState, seat: Seat) -> bool {
    // 8.3.8: not while between clearings.
    if who::clearing(state, seat).is_none() {
        return false;
    }
    // 8.8: at the end of combat in his clearing, in his turn to trade.
    if crate::magic_realm::combat::trading::turn_of(state) == Some(seat) {
        return true;
    }
    super::daylight::turn_of(state) == Some(seat)
        && state.today.pending.is_none()
        && !state.today.blocked.contains(&seat)
        && (super::daylight::activity(state, seat).is_some()
            || super::prophecy::between_phases(state, seat))
}

/// 7.2.2: the rearrangements open to the seat now. A belonging changed once this phase is
/// not offered again (changing it back would undo the choice).
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    // 7.2.2: flying, he may only abandon items.
    if may_abandon_in_the_air(state, seat) {
        return abandon_options(cat, state, seat, &state.today.rearranged);
    }
    if !may_rearrange(state, seat) {
        return Vec::new();
    }
    ground_options(cat, state, seat, &state.today.rearranged)
}

/// 7.2.2, 4.6.8b: abandoning only: each belonging not yet changed (`done`) that he may
/// abandon, not what is transmorphized with him, a visitor's chit or a committed Treasure.
fn abandon_options(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    done: &std::collections::BTreeSet<PieceId>,
) -> Vec<A> {
    carrying::unfrozen_belongings(cat, state, seat)
        .into_iter()
        .filter(|p| {
            !done.contains(p)
                && !matches!(p, PieceId::VisitorChit { .. })
                && !super::treasure_phases::committed(state, seat, p)
        })
        .map(|piece| A::Rearrange {
            piece,
            change: BelongingChange::Abandon,
        })
        .collect()
}

/// 7.2.2: the rearrangements open to the seat in his clearing, `done` being the belongings
/// he has changed already at the start of this phase (his own, or his guide's: 7.2.2,
/// "whenever the guide they are following begins a phase", `guide_gifts`).
pub(super) fn ground_options(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    done: &std::collections::BTreeSet<PieceId>,
) -> Vec<A> {
    // 4.6.8b: transmorphized, his frozen belongings cannot be rearranged, and a creature
    // keeps his untransmorphized ones inactive: he may only abandon those (mist has none).
    if crate::magic_realm::combat::spells::frozen(cat, state, seat) {
        return abandon_options(cat, state, seat, done);
    }
    let mut out = Vec::new();
    for piece in owned(state, seat) {
        // 7.2.4: a mission or campaign chit is kept until its task ends.
        if done.contains(&piece) || matches!(piece, PieceId::VisitorChit { .. }) {
            continue;
        }
        if is_active(state, seat, &piece) {
            // 4.4.3: a Potion stays active until Midnight.
            if !always_active(cat, &piece) && !is_potion(cat, &piece) {
                out.push(A::Rearrange {
                    piece: piece.clone(),
                    change: BelongingChange::Deactivate,
                });
            }
        } else if activation_refusal(cat, state, seat, &piece).is_none() {
            out.push(A::Rearrange {
                piece: piece.clone(),
                change: BelongingChange::Activate,
            });
        }
        // 6.2.4: a Treasure card giving a phase still to do cannot be abandoned.
        if !super::treasure_phases::committed(state, seat, &piece) {
            out.push(A::Rearrange {
                piece,
                change: BelongingChange::Abandon,
            });
        }
    }
    out
}

pub(crate) fn set_inactive(state: &mut GameState, seat: Seat, piece: &PieceId, inactive: bool) {
    if let Some(s) = state.seat_mut(seat) {
        if inactive {
            s.inactive.insert(piece.clone());
        } else {
            s.inactive.remove(piece);
        }
    }
}

/// 7.2.2: in the air at the start of a phase of his turn (between Fly phases), where he
/// may abandon items and nothing else.
fn may_abandon_in_the_air(state: &GameState, seat: Seat) -> bool {
    super::flying::flying_over(state, seat).is_some()
        && super::daylight::turn_of(state) == Some(seat)
        && state.today.pending.is_none()
        && !state.today.blocked.contains(&seat)
        && super::daylight::activity(state, seat).is_some()
}

/// 7.2.2: an item abandoned in the air lands in the clearing of the tile below that one die
/// (unmodified) names, rolled again until it names a clearing of the tile.
fn landing_clearing(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    events: &mut Events,
) -> Result<ClearingRef, RuleError> {
    let tile = super::flying::flying_over(state, seat)
        .ok_or_else(|| RuleError::internal("not in the air"))?;
    super::flying::roll_landing(
        cat,
        state,
        tile,
        "7.2.2",
        |die, hit| match hit {
            Some(n) => format!("The abandoned item lands in clearing {} of {tile:?}.", n.0),
            None => format!("No clearing {die} in {tile:?}: rolled again."),
        },
        || E::ItemLandingRolled { seat, tile },
        events,
    )
}

/// 4.3.4: puts a belonging in the character's clearing, under the abandoned pieces there.
pub fn abandon(state: &mut GameState, seat: Seat, piece: &PieceId) -> Result<(), RuleError> {
    let at = who::clearing_or_err(state, seat)?;
    abandon_in(state, seat, piece, at)
}

/// 4.3.4: puts a belonging in clearing `at`, under the abandoned pieces there.
fn abandon_in(
    state: &mut GameState,
    seat: Seat,
    piece: &PieceId,
    at: ClearingRef,
) -> Result<(), RuleError> {
    let facing = state
        .piles
        .find(piece)
        .map(|(_, c)| c.facing)
        .ok_or_else(|| RuleError::internal(format!("{piece} is nowhere")))?;
    state.piles.take(piece);
    state
        .piles
        .put_bottom(Place::Clearing { at }, piece.clone(), facing);
    set_inactive(state, seat, piece, false);
    Ok(())
}

/// Applies a legal `Rearrange`.
pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    piece: &PieceId,
    change: BelongingChange,
    events: &mut Events,
) -> Result<(), RuleError> {
    change_belonging(cat, state, seat, piece, change, events)?;
    state.today.rearranged.insert(piece.clone());
    Ok(())
}

/// 7.2.2: activates, deactivates or abandons one of the seat's belongings (the caller
/// records that it was changed this phase).
pub(super) fn change_belonging(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    piece: &PieceId,
    change: BelongingChange,
    events: &mut Events,
) -> Result<(), RuleError> {
    let name = who::who(cat, state, seat);
    let what = describe(cat, state, seat, piece);
    match change {
        BelongingChange::Activate => set_inactive(state, seat, piece, false),
        BelongingChange::Deactivate => set_inactive(state, seat, piece, true),
        // 7.2.2: in the air, it lands by a die roll.
        BelongingChange::Abandon if may_abandon_in_the_air(state, seat) => {
            let at = landing_clearing(cat, state, seat, events)?;
            abandon_in(state, seat, piece, at)?;
        }
        BelongingChange::Abandon => abandon(state, seat, piece)?,
    }
    let potion = if change == BelongingChange::Activate {
        crate::magic_realm::combat::potions::activated(cat, state, seat, piece)?
    } else {
        Vec::new()
    };
    let verb = match change {
        BelongingChange::Activate => "activates",
        BelongingChange::Deactivate => "deactivates",
        BelongingChange::Abandon => "abandons",
    };
    events.push(Event::public(
        "7.2.2",
        format!("{name} {verb} {what}."),
        E::BelongingRearranged {
            seat,
            piece: shown(cat, state, seat, piece),
            change,
        },
    ));
    events.extend(potion);
    Ok(())
}

/// 4.3.5: inactive Treasure cards stay face down to the other players.
pub(crate) fn shown(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    piece: &PieceId,
) -> Option<PieceId> {
    let secret = matches!(piece, PieceId::Treasure { .. })
        && !is_active(state, seat, piece)
        && !always_active(cat, piece);
    (!secret).then(|| piece.clone())
}

fn describe(cat: &Catalog, state: &GameState, seat: Seat, piece: &PieceId) -> String {
    match shown(cat, state, seat, piece) {
        Some(p) => p.to_string(),
        None => "a Treasure card".into(),
    }
}

/// 4.3.2: an item just obtained is activated when the rules allow it (Enchanted cards
/// always, 4.4.2), else carried inactive; the character rearranges at his next phase.
/// A horse or Boots card that can no longer carry him is deactivated (4.3.8a, 4.4.4a).
pub fn obtained(cat: &Catalog, state: &mut GameState, seat: Seat, piece: &PieceId) -> Events {
    let mut events = Vec::new();
    let refusal = activation_refusal(cat, state, seat, piece);
    // 4.4.3: a Potion is carried inactive until he chooses to use it.
    set_inactive(
        state,
        seat,
        piece,
        (refusal.is_some() || is_potion(cat, piece)) && !always_active(cat, piece),
    );
    if always_active(cat, piece) {
        state.piles.set_facing(piece, Facing::Up);
    }
    for carrier in active(state, seat) {
        let weak = match &carrier {
            PieceId::Horse { id } => cat
                .items
                .horse(id)
                .is_some_and(|h| horse_strength(h) < load(cat, state, seat, None)),
            PieceId::Treasure { id } => cat
                .items
                .treasure(id)
                .and_then(|t| t.boots)
                .is_some_and(|b| b.strength < load(cat, state, seat, None)),
            _ => false,
        };
        if weak {
            set_inactive(state, seat, &carrier, true);
            events.push(Event::public(
                "4.3.8",
                format!(
                    "{} can no longer carry {} and everything he owns: it is deactivated.",
                    carrier,
                    who::who(cat, state, seat)
                ),
                E::BelongingRearranged {
                    seat,
                    piece: Some(carrier.clone()),
                    change: BelongingChange::Deactivate,
                },
            ));
        }
    }
    events
}

/// 7.3.2: an active horse entering a cave is deactivated at once.
pub fn entered_clearing(cat: &Catalog, state: &mut GameState, seat: Seat) -> Events {
    let mut events = Vec::new();
    if !who::clearing(state, seat).is_some_and(|c| who::is_cave(cat, state, c)) {
        return events;
    }
    for horse in active(state, seat)
        .into_iter()
        .filter(|p| matches!(p, PieceId::Horse { .. }))
    {
        set_inactive(state, seat, &horse, true);
        events.push(Event::public(
            "7.3.2",
            format!(
                "{} enters a cave: {horse} is deactivated and can only be led.",
                who::who(cat, state, seat)
            ),
            E::BelongingRearranged {
                seat,
                piece: Some(horse),
                change: BelongingChange::Deactivate,
            },
        ));
    }
    events
}

/// The seat's active horse, if it rides one.
pub fn active_horse<'a>(cat: &'a Catalog, state: &GameState, seat: Seat) -> Option<&'a Horse> {
    // 4.6.8b, 7.3.2: transmorphized, his horses are frozen (he cannot ride them).
    if crate::magic_realm::combat::spells::frozen(cat, state, seat) {
        return None;
    }
    active(state, seat).iter().find_map(|p| match p {
        PieceId::Horse { id } => cat.items.horse(id),
        _ => None,
    })
}

/// What may carry the character's items.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Carriers {
    /// As he moves (7.3.1, 7.3.2): fresh Move chits, active Boots, every horse, ridden
    /// or led, and the hired underlings following him (7.11d).
    Moving,
    /// At the end of the game (9.3): Move chits in play, the active horse, active Boots.
    Scoring,
}

/// The heaviest weight the character can carry (7.3.1, 7.3.2, 4.4.4, 9.3). Turned into a
/// creature, he moves his untransmorphized items with its move strength (his Move chits
/// are frozen) or an untransmorphized horse (4.6.8b).
pub fn carry_strength(cat: &Catalog, state: &GameState, seat: Seat, by: Carriers) -> Size {
    let creature = match by {
        Carriers::Moving if carrying::creature(cat, state, seat) => {
            crate::magic_realm::combat::spells::transform::form_of_seat(cat, state, seat)
        }
        _ => None,
    };
    let chits = creature
        .as_ref()
        .map_or_else(|| who::carry_strength(cat, state, seat), |f| f.strength);
    let pieces = match by {
        Carriers::Moving => owned(state, seat),
        Carriers::Scoring => active(state, seat),
    };
    pieces
        .iter()
        .filter(|p| creature.is_none() || !carrying::belonging_frozen(cat, state, seat, p))
        .filter(|p| match p {
            PieceId::Horse { .. } => true,
            _ => is_active(state, seat, p),
        })
        .filter_map(|p| match p {
            PieceId::Horse { id } => cat.items.horse(id).map(horse_strength),
            PieceId::Treasure { id } => cat
                .items
                .treasure(id)
                .and_then(|t| t.boots)
                .map(|b| b.strength),
            _ => None,
        })
        .chain(match by {
            Carriers::Moving => guided_strength(cat, state, seat),
            Carriers::Scoring => None,
        })
        .fold(chits, Size::max)
}

/// 7.3.1, 7.11d: a character acting as a guide uses the move strength of the hired
/// underlings following him in his clearing to carry items as he moves.
fn guided_strength(cat: &Catalog, state: &GameState, seat: Seat) -> Option<Size> {
    let at = who::clearing(state, seat)?;
    let guide = super::underlings::UnderlingGuide::Character { seat };
    super::underlings::following_strength(cat, state, &guide, at)
}

/// Removes stale entries (pieces no longer owned) from the seat's inactive set.
pub fn tidy(state: &mut GameState) {
    for seat in state.all_seats().collect::<Vec<_>>() {
        let owned = owned(state, seat);
        if let Some(s) = state.seat_mut(seat) {
            s.inactive.retain(|p| owned.contains(p));
        }
    }
}
