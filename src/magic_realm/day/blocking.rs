//! Blocking by individuals (rule 7.12): the characters, hired leaders and controlled
//! monsters may block one another in a clearing at the end of a phase of either one's turn,
//! and the monsters in their clearing at the end of each of their own phases or as the
//! monsters arrive there at the end of a turn (7.13). Mutual: both are blocked and
//! unhidden, whoever is taking his turn loses the rest of it, and the monsters stop
//! prowling. A hidden individual can be blocked only by those who have found hidden enemies
//! today. Underlings neither block nor are blocked.
//!
//! Players give their blocking orders in Birdsong with their record (in secret): whom they
//! (and their hired leaders and controlled monsters) will block whenever they can that day,
//! and which of them will block the monsters. The orders are carried out at the end of each
//! phase and as monsters arrive; that spares every other player a question at every phase
//! end.

use super::{hiring, leaders, monster_turns, who};
use crate::engine::{Event, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::denizens::NativeRank;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::spells;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::{BlockOrder, GameState, Individual};

type Events = Vec<Event<E>>;

fn intends(state: &GameState, seat: Seat, order: &BlockOrder) -> bool {
    state
        .seat(seat)
        .is_some_and(|s| s.record.blocks.contains(order))
}

/// The individuals of `seat` who may block and be blocked (7.12): his character, his hired
/// leaders and his controlled monsters on the map (not his underlings).
fn individuals_of(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<Individual> {
    if !who::playing(state, seat) {
        return Vec::new();
    }
    let mut out = vec![Individual::Character { seat }];
    out.extend(
        leaders::leaders_of(cat, state, seat)
            .iter()
            .map(|l| Individual::Denizen {
                piece: leaders::counter(l),
            }),
    );
    out.extend(
        monster_turns::controlled_by(cat, state, seat)
            .into_iter()
            .map(|piece| Individual::Denizen { piece }),
    );
    out
}

/// The blocking orders a seat may add or withdraw in Birdsong: for his character, each
/// other character (`Character`) and the monsters; for each of his individuals, each other
/// seat's individual (`Individual`, but for two characters).
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    let Some(record) = state.seat(seat).map(|s| &s.record) else {
        return Vec::new();
    };
    let mut orders: Vec<BlockOrder> = state
        .all_seats()
        .filter(|s| *s != seat && who::playing(state, *s))
        .map(|target| BlockOrder::Character { target })
        .collect();
    orders.push(BlockOrder::Monsters);
    let mine = individuals_of(cat, state, seat);
    orders.extend(mine.iter().filter_map(|i| match i {
        Individual::Denizen { piece } => Some(BlockOrder::MinionMonsters {
            minion: piece.clone(),
        }),
        Individual::Character { .. } => None,
    }));
    let theirs: Vec<Individual> = state
        .all_seats()
        .filter(|s| *s != seat)
        .flat_map(|s| individuals_of(cat, state, s))
        .collect();
    for blocker in mine {
        for target in &theirs {
            if matches!(
                (&blocker, target),
                (Individual::Character { .. }, Individual::Character { .. })
            ) {
                continue;
            }
            orders.push(BlockOrder::Individual {
                blocker: blocker.clone(),
                target: target.clone(),
            });
        }
    }
    orders
        .into_iter()
        .map(|order| {
            if record.blocks.contains(&order) {
                A::WithdrawBlockOrder { order }
            } else {
                A::GiveBlockOrder { order }
            }
        })
        .collect()
}

/// The blocker and the target of `seat`'s order (none for blocking the monsters).
fn parts(seat: Seat, order: &BlockOrder) -> Option<(Individual, Individual)> {
    match order {
        BlockOrder::Character { target } => Some((
            Individual::Character { seat },
            Individual::Character { seat: *target },
        )),
        BlockOrder::Individual { blocker, target } => Some((blocker.clone(), target.clone())),
        BlockOrder::Monsters | BlockOrder::MinionMonsters { .. } => None,
    }
}

/// The order that has `who` block the monsters: the character's `Monsters`, a hired
/// leader's or controlled monster's `MinionMonsters`.
fn monsters_order(who: &Individual) -> BlockOrder {
    match who {
        Individual::Character { .. } => BlockOrder::Monsters,
        Individual::Denizen { piece } => BlockOrder::MinionMonsters {
            minion: piece.clone(),
        },
    }
}

/// The seat the individual belongs to now: the character's own, the hired leader's
/// employer, the controlled monster's controller. None for anyone else (an underling, an
/// unhired native, an uncontrolled monster), who cannot block nor be blocked this way.
fn owner(cat: &Catalog, state: &GameState, who: &Individual) -> Option<Seat> {
    match who {
        Individual::Character { seat } => who::playing(state, *seat).then_some(*seat),
        Individual::Denizen {
            piece: PieceId::Native { id },
        } => cat
            .denizens
            .native(id)
            .filter(|n| n.rank == NativeRank::Leader)
            .and_then(|_| hiring::employer(state, id)),
        Individual::Denizen {
            piece: piece @ PieceId::Monster { .. },
        } => spells::controller(cat, state, piece),
        Individual::Denizen { .. } => None,
    }
}

fn clearing(state: &GameState, who: &Individual) -> Option<ClearingRef> {
    match who {
        Individual::Character { seat } => who::clearing(state, *seat),
        Individual::Denizen { piece } => match state.piles.place_of(piece)? {
            Place::Clearing { at } => Some(*at),
            _ => None,
        },
    }
}

fn hidden(state: &GameState, who: &Individual) -> bool {
    match who {
        Individual::Character { seat } => state.seat(*seat).is_some_and(|s| s.hidden),
        Individual::Denizen { piece } => {
            crate::magic_realm::combat::hirelings::hidden(state, piece)
        }
    }
}

/// 7.12: individuals cannot block nor be blocked while they follow (a hired leader behind
/// his guide, a controlled monster behind its controller).
fn following(state: &GameState, who: &Individual) -> bool {
    match who {
        Individual::Character { seat } => super::following::is_following(state, *seat),
        Individual::Denizen {
            piece: PieceId::Native { id },
        } => state.today.leaders_following.contains_key(id),
        Individual::Denizen { piece } => state.today.monsters_following.contains(piece),
    }
}

fn misted(cat: &Catalog, state: &GameState, who: &Individual) -> bool {
    match who {
        Individual::Character { seat } => spells::mist::misted_seat(cat, state, *seat),
        Individual::Denizen { piece } => spells::mist::misted_piece(cat, state, piece),
    }
}

fn blocked(state: &GameState, who: &Individual) -> bool {
    match who {
        Individual::Character { seat } => state.today.blocked.contains(seat),
        Individual::Denizen {
            piece: PieceId::Native { id },
        } => state.today.blocked_leaders.contains(id),
        Individual::Denizen { piece } => state.today.blocked_monsters.contains(piece),
    }
}

/// 7.5.1: whether the individual has found hidden enemies today: a character, or (by
/// their own Searches, 6.2.5) a hired leader or controlled monster.
fn found_enemies(state: &GameState, who: &Individual) -> bool {
    match who {
        Individual::Character { seat } => state.today.found_enemies.contains(seat),
        Individual::Denizen {
            piece: PieceId::Native { id },
        } => state.today.leaders_found_enemies.contains(id),
        Individual::Denizen { piece } => {
            super::monster_turns::turn(state, piece).is_some_and(|t| t.found_enemies)
        }
    }
}

/// Whether `seat`'s order has `blocker` block `target` now (7.12): the blocker is still
/// his, the target another seat's individual (never an underling), both in `at`, neither
/// following nor turned into mist (4.6.8c), the target not blocked yet, and unhidden
/// unless the blocker has found hidden enemies.
fn may_block(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    blocker: &Individual,
    target: &Individual,
    at: ClearingRef,
) -> bool {
    blocker != target
        && owner(cat, state, blocker) == Some(seat)
        && owner(cat, state, target).is_some_and(|s| s != seat)
        && clearing(state, blocker) == Some(at)
        && clearing(state, target) == Some(at)
        && !misted(cat, state, blocker)
        && !misted(cat, state, target)
        && !following(state, blocker)
        && !following(state, target)
        && !blocked(state, target)
        && (!hidden(state, target) || found_enemies(state, blocker))
}

/// The individual is blocked and unhidden (7.12): a character's turn ends, a hired
/// leader's or controlled monster's ends or is lost.
fn mark_blocked(state: &mut GameState, who: &Individual) {
    match who {
        Individual::Character { seat } => {
            state.today.blocked.insert(*seat);
            if let Some(sheet) = state.seat_mut(*seat) {
                sheet.hidden = false;
            }
        }
        Individual::Denizen {
            piece: PieceId::Native { id },
        } => {
            state.today.blocked_leaders.insert(id.clone());
            if let Some(h) = state
                .seats
                .iter_mut()
                .flat_map(|s| s.hirelings.iter_mut())
                .find(|h| &h.native == id)
            {
                h.hidden = false;
            }
        }
        Individual::Denizen { piece } => {
            state.today.blocked_monsters.insert(piece.clone());
            if let Some(t) = state
                .today
                .monster_turns
                .iter_mut()
                .find(|t| &t.monster == piece)
            {
                t.hidden = false;
            }
        }
    }
}

fn name(cat: &Catalog, state: &GameState, who: &Individual) -> String {
    match who {
        Individual::Character { seat } => who::who(cat, state, *seat),
        Individual::Denizen {
            piece: PieceId::Native { id },
        } => leaders::name(cat, id),
        Individual::Denizen { piece } => monster_turns::name(cat, piece),
    }
}

fn block(
    cat: &Catalog,
    state: &mut GameState,
    blocker: &Individual,
    target: &Individual,
    events: &mut Events,
) {
    mark_blocked(state, blocker);
    mark_blocked(state, target);
    let text = format!(
        "{} blocks {}: both are blocked and unhidden.",
        name(cat, state, blocker),
        name(cat, state, target)
    );
    let detail = match (blocker, target) {
        (Individual::Character { seat: b }, Individual::Character { seat: t }) => {
            E::CharacterBlocks {
                blocker: *b,
                target: *t,
            }
        }
        _ => E::IndividualBlocks {
            blocker: blocker.clone(),
            target: target.clone(),
        },
    };
    events.push(Event::public("7.12", text, detail));
}

/// 7.12: at the end of a phase of `mover`'s turn (a character, hired leader or controlled
/// monster), the standing orders in his clearing that concern him are carried out: others'
/// orders to block him, the orders to have him block others, then his order to block the
/// monsters there.
pub fn end_of_individual_phase(
    cat: &Catalog,
    state: &mut GameState,
    mover: &Individual,
    events: &mut Events,
) {
    let Some(at) = clearing(state, mover) else {
        return;
    };
    let orders: Vec<(Seat, Individual, Individual)> = state
        .all_seats()
        .flat_map(|seat| {
            state
                .seat(seat)
                .map(|s| s.record.blocks.clone())
                .unwrap_or_default()
                .into_iter()
                .filter_map(move |o| parts(seat, &o).map(|(b, t)| (seat, b, t)))
        })
        .collect();
    let against = orders.iter().filter(|(_, _, t)| t == mover);
    let by = orders.iter().filter(|(_, b, _)| b == mover);
    for (seat, blocker, target) in against.chain(by) {
        if may_block(cat, state, *seat, blocker, target, at) {
            block(cat, state, blocker, target, events);
        }
    }
    let here: Vec<PieceId> = state
        .piles
        .pile(&Place::Clearing { at })
        .iter()
        .map(|c| c.piece.clone())
        .collect();
    let monsters = blockable_monsters(cat, state, at, &here);
    if !monsters.is_empty() && may_block_monsters(cat, state, mover, at) {
        block_monsters(cat, state, mover, at, &monsters, events);
    }
}

/// 7.12: the end of a phase of a hired leader's or controlled monster's turn.
pub fn end_of_denizen_phase(
    cat: &Catalog,
    state: &mut GameState,
    piece: &PieceId,
    events: &mut Events,
) {
    let mover = Individual::Denizen {
        piece: piece.clone(),
    };
    end_of_individual_phase(cat, state, &mover, events);
}

/// 7.12: at the end of `mover`'s phase, the standing orders in his clearing are carried
/// out (see [`end_of_individual_phase`]).
pub fn end_of_phase(cat: &Catalog, state: &mut GameState, mover: Seat, events: &mut Events) {
    end_of_individual_phase(cat, state, &Individual::Character { seat: mover }, events);
}

/// 7.12, 7.13: monsters moved to or appeared in `at` at the end of a turn (`arrived`): at
/// the same time as they block the unhidden individuals there, every individual there whose
/// owner ordered him to block the monsters blocks them, hidden or not. Each such blocker is
/// blocked and unhidden (if his turn is still to come he loses it), and the monsters stop
/// prowling.
pub fn monsters_arrive(
    cat: &Catalog,
    state: &mut GameState,
    at: ClearingRef,
    arrived: &[PieceId],
    events: &mut Events,
) {
    let monsters = blockable_monsters(cat, state, at, arrived);
    if monsters.is_empty() {
        return;
    }
    let blockers: Vec<Individual> = state
        .all_seats()
        .flat_map(|s| individuals_of(cat, state, s))
        .filter(|i| may_block_monsters(cat, state, i, at))
        .collect();
    for blocker in &blockers {
        block_monsters(cat, state, blocker, at, &monsters, events);
    }
}

/// The monsters among `pieces` that can be blocked in `at` (7.12): monsters there, neither
/// hired nor controlled, not mist (4.6.8c), and not already stopped by a block today.
fn blockable_monsters(
    cat: &Catalog,
    state: &GameState,
    at: ClearingRef,
    pieces: &[PieceId],
) -> Vec<PieceId> {
    pieces
        .iter()
        .filter(|p| matches!(p, PieceId::Monster { .. }))
        .filter(|p| state.piles.place_of(p) == Some(&Place::Clearing { at }))
        .filter(|p| !hiring::is_hired(cat, state, p))
        .filter(|p| !state.today.stopped.contains(p))
        .filter(|p| !spells::mist::misted_piece(cat, state, p))
        .cloned()
        .collect()
}

/// Whether `who` blocks the monsters in `at` now (7.12): his owner has ordered it, he is
/// there (not in the air, 7.3.3), neither following nor mist (4.6.8c). Hidden or not, and
/// already blocked or not: he "can still block additional ... monsters that may appear in
/// the clearing later in the day".
fn may_block_monsters(cat: &Catalog, state: &GameState, who: &Individual, at: ClearingRef) -> bool {
    owner(cat, state, who).is_some_and(|seat| intends(state, seat, &monsters_order(who)))
        && clearing(state, who) == Some(at)
        && !following(state, who)
        && !misted(cat, state, who)
}

/// `who` blocks `monsters` in `at`: they stop prowling, and he is blocked and unhidden.
fn block_monsters(
    cat: &Catalog,
    state: &mut GameState,
    who: &Individual,
    at: ClearingRef,
    monsters: &[PieceId],
    events: &mut Events,
) {
    // 8.4.4: the monsters his owner has pacified do not block him, nor he them (blocking
    // is mutual).
    let monsters: Vec<PieceId> = match owner(cat, state, who) {
        Some(seat) => monsters
            .iter()
            .filter(|m| !spells::pacified_toward(cat, state, m, seat))
            .cloned()
            .collect(),
        None => monsters.to_vec(),
    };
    if monsters.is_empty() {
        return;
    }
    let monsters = monsters.as_slice();
    mark_blocked(state, who);
    state.today.stopped.extend(monsters.iter().cloned());
    let (text, detail) = match who {
        Individual::Character { seat } => (
            format!(
                "{} blocks the monsters in {}: they stop prowling, and he is blocked and unhidden.",
                who::who(cat, state, *seat),
                who::name(cat, at)
            ),
            E::Blocked {
                seat: *seat,
                by: monsters.to_vec(),
            },
        ),
        Individual::Denizen { piece } => (
            format!(
                "{} blocks the monsters in {}: they stop prowling, and it is blocked and unhidden.",
                name(cat, state, who),
                who::name(cat, at)
            ),
            E::MinionBlocksMonsters {
                minion: piece.clone(),
                monsters: monsters.to_vec(),
            },
        ),
    };
    events.push(Event::public("7.12", text, detail));
}
