//! What hired leaders carry (rules 4.3, 7.2.1, 7.2.2, 7.3.1, 7.6, 7.11d, 8.7): a hired
//! leader carries belongings and records gold, and both belong to the character who hired
//! him. He carries with his own move strength or his following underlings' (7.11d). At the
//! start of a phase of his own turn the character gives them to his hired leaders in his
//! clearing or takes them back (7.2.1); at the start of each phase of a leader's turn the
//! leader may abandon them, and nothing else (7.2.2: he neither activates nor deactivates
//! them; an Enchanted card stays active). When he is killed or unhired they go where 8.7
//! says (see [`dispose`]).
//!
//! Rulings (docs/rulings.md, "Hired leaders' belongings"): controlled monsters carry
//! nothing yet; a leader unhired alive (his term over, his employer dead) keeps what he
//! carries with his group's belongings, as 8.7 says for an employer's death, and his gold
//! vanishes.

use super::gifts::GOLD_STEPS;
use super::{belongings, hiring, leaders, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{Gift, MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::common::Size;
use crate::magic_realm::catalog::denizens::{NativeId, NativeRank};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::events::HirelingSpoilsTo;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{Facing, PieceId, Place};
use crate::magic_realm::state::{Discoveries, GameState};

type Events = Vec<Event<E>>;

/// The pile of what `hireling` carries.
pub fn place(hireling: &PieceId) -> Place {
    Place::Carried {
        by: hireling.clone(),
    }
}

/// What `hireling` carries, bottom to top.
pub fn carried(state: &GameState, hireling: &PieceId) -> Vec<PieceId> {
    state
        .piles
        .pile(&place(hireling))
        .iter()
        .map(|c| c.piece.clone())
        .collect()
}

/// 4.4.2, 7.2.2: what a hired leader carries is inactive, except Enchanted cards.
pub fn is_active(cat: &Catalog, piece: &PieceId) -> bool {
    belongings::always_active(cat, piece)
}

/// The hired leader this counter is (a hired native of leader rank), if it is one.
pub fn hired_leader(cat: &Catalog, state: &GameState, piece: &PieceId) -> Option<NativeId> {
    match piece {
        PieceId::Native { id }
            if hiring::employer(state, id).is_some()
                && cat
                    .denizens
                    .native(id)
                    .is_some_and(|n| n.rank == NativeRank::Leader) =>
        {
            Some(id.clone())
        }
        _ => None,
    }
}

/// The carrier's name, for the log.
pub fn name(cat: &Catalog, hireling: &PieceId) -> String {
    match hireling {
        PieceId::Native { id } => leaders::name(cat, id),
        other => other.to_string(),
    }
}

/// 7.6, 8.7: the gold the hired leader has recorded.
pub fn gold(state: &GameState, leader: &NativeId) -> i32 {
    hiring::employer(state, leader)
        .and_then(|s| state.seat(s))
        .and_then(|s| s.hirelings.iter().find(|h| &h.native == leader))
        .map_or(0, |h| h.gold)
}

fn add_gold(state: &mut GameState, leader: &NativeId, gold: i32) {
    let Some(seat) = hiring::employer(state, leader) else {
        return;
    };
    if let Some(h) = state
        .seat_mut(seat)
        .and_then(|s| s.hirelings.iter_mut().find(|h| &h.native == leader))
    {
        h.gold += gold;
    }
}

/// 8.7: a hired leader who kills a native adds its Gold bounty to his recorded gold.
pub fn gain_gold(state: &mut GameState, leader: &NativeId, gold: i32) {
    add_gold(state, leader, gold);
}

/// Puts `piece` into `hireling`'s pile: inactive, except an Enchanted card, which is
/// active and face up (4.4.2, 7.2.2). His employer knows what he carries.
fn put(cat: &Catalog, state: &mut GameState, hireling: &PieceId, piece: &PieceId) {
    let facing = is_active(cat, piece).then_some(Facing::Up);
    state.piles.move_to(piece, place(hireling), facing);
    if let Some(seat) = super::super::combat::hirelings::employer(cat, state, hireling) {
        if let Some(s) = state.seat_mut(seat) {
            s.known.insert(piece.clone());
        }
    }
}

/// 8.7: `hireling` takes `piece` from the character he killed, and keeps it for his
/// employer.
pub fn keep(cat: &Catalog, state: &mut GameState, hireling: &PieceId, piece: &PieceId) {
    put(cat, state, hireling, piece);
}

/// 7.2.1: the seat's hired leaders he may trade with now: in his clearing, at the start of
/// a phase of his turn (or his turn to trade at the end of combat, 8.8), neither of them
/// blocked, he not turned into mist (4.6.8b).
fn partners(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<NativeId> {
    let Some(here) = who::clearing(state, seat) else {
        return Vec::new();
    };
    if !belongings::may_rearrange(state, seat)
        || crate::magic_realm::combat::spells::frozen(cat, state, seat)
    {
        return Vec::new();
    }
    let evening = crate::magic_realm::combat::trading::turn_of(state).is_some();
    leaders::leaders_of(cat, state, seat)
        .into_iter()
        .filter(|l| leaders::clearing(state, l) == Some(here))
        .filter(|l| evening || !state.today.blocked_leaders.contains(l))
        .collect()
}

/// 7.2.1: what the seat may give his hired leaders and take back from them now.
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    let mut out = Vec::new();
    let partners = partners(cat, state, seat);
    if partners.is_empty() {
        return out;
    }
    let mine: Vec<PieceId> = belongings::owned(state, seat)
        .into_iter()
        .filter(|p| !matches!(p, PieceId::VisitorChit { .. }))
        // 6.2.4: not a Treasure card he is committed to keep.
        .filter(|p| !super::treasure_phases::committed(state, seat, p))
        .collect();
    // 4.6.7a: Ashes forbids giving his gold, to a hireling too.
    let my_gold = super::curses::spendable_gold(state, seat);
    for leader in partners {
        let hireling = leaders::counter(&leader);
        for piece in &mine {
            out.push(A::GiveToHireling {
                hireling: hireling.clone(),
                gift: Gift::Belonging {
                    piece: piece.clone(),
                },
            });
        }
        for g in GOLD_STEPS.iter().filter(|g| **g <= my_gold) {
            out.push(A::GiveToHireling {
                hireling: hireling.clone(),
                gift: Gift::Gold { gold: *g },
            });
        }
        for piece in carried(state, &hireling) {
            out.push(A::TakeFromHireling {
                hireling: hireling.clone(),
                gift: Gift::Belonging { piece },
            });
        }
        let his_gold = gold(state, &leader);
        for g in GOLD_STEPS.iter().filter(|g| **g <= his_gold) {
            out.push(A::TakeFromHireling {
                hireling: hireling.clone(),
                gift: Gift::Gold { gold: *g },
            });
        }
        // 4.5.4: the discoveries lying in their clearing that the other lacks.
        let Some(here) = who::clearing(state, seat) else {
            continue;
        };
        let mine = state
            .seat(seat)
            .map(|s| s.discoveries.clone())
            .unwrap_or_default();
        let his = super::leader_search::discoveries(state, &leader);
        for gift in super::gifts::discoveries_in(cat, state, &mine, here) {
            if !knows(&his, &gift) {
                out.push(A::GiveToHireling {
                    hireling: hireling.clone(),
                    gift,
                });
            }
        }
        for gift in super::gifts::discoveries_in(cat, state, &his, here) {
            if !knows(&mine, &gift) {
                out.push(A::TakeFromHireling {
                    hireling: hireling.clone(),
                    gift,
                });
            }
        }
    }
    out
}

/// 4.5.4: whether `d` holds the discovery the gift passes on.
fn knows(d: &Discoveries, gift: &Gift) -> bool {
    match gift {
        Gift::Path { path } => d.paths.contains(path),
        Gift::Site { site } => d.chits.contains(site),
        Gift::SiteCard { card } => d.cards.contains(card),
        _ => false,
    }
}

/// 4.5.4: the receiver learns the discovery (a Site card with the site where it was
/// found, 4.5.4c); a face-down Site chit is shown to all (4.5.4d).
fn learn(
    cat: &Catalog,
    state: &mut GameState,
    receiver: impl FnOnce(&mut GameState) -> Option<&mut Discoveries>,
    gift: &Gift,
    events: &mut Events,
) {
    let site = match gift {
        Gift::Site { site } => Some(site.clone()),
        Gift::SiteCard { card } => state.twt_sites.get(card).cloned(),
        _ => None,
    };
    if let Some(d) = receiver(state) {
        match gift {
            Gift::Path { path } => {
                d.paths.insert(*path);
            }
            Gift::SiteCard { card } => {
                d.cards.insert(card.clone());
            }
            _ => {}
        }
        d.chits.extend(site.clone());
    }
    if let Some(site) = &site {
        super::spying::show_site(cat, state, site, "4.5.4", events);
    }
}

/// The gift as the log shows it: a face-down Treasure card stays secret (4.3.5).
fn logged(state: &GameState, gift: &Gift) -> Gift {
    match gift {
        Gift::Belonging { piece }
            if state
                .piles
                .find(piece)
                .is_some_and(|(_, c)| c.facing.is_secret()) =>
        {
            Gift::SecretCard
        }
        other => other.clone(),
    }
}

fn describe(state: &GameState, gift: &Gift) -> String {
    match logged(state, gift) {
        Gift::Belonging { piece } => piece.to_string(),
        Gift::Gold { gold } => format!("{gold} gold"),
        Gift::Path { .. } => "a hidden roadway".into(),
        Gift::Site { site } => format!("the {}", site.0),
        Gift::SiteCard { card } => format!("the {}", card.0),
        _ => "a Treasure card".into(),
    }
}

/// Applies a legal `GiveToHireling` (`back`: false) or `TakeFromHireling` (`back`: true).
pub fn trade(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    hireling: &PieceId,
    gift: &Gift,
    back: bool,
    events: &mut Events,
) -> Result<(), RuleError> {
    let leader = hired_leader(cat, state, hireling)
        .ok_or_else(|| RuleError::illegal(format!("{hireling} is not a hired leader")))?;
    match gift {
        Gift::Belonging { piece } if back => {
            let to = who::belongings_place(state, seat)
                .ok_or_else(|| RuleError::internal("the receiver has no character"))?;
            state.piles.move_to(piece, to, None);
            if let Some(s) = state.seat_mut(seat) {
                s.known.insert(piece.clone());
            }
        }
        Gift::Belonging { piece } => {
            put(cat, state, hireling, piece);
            belongings::set_inactive(state, seat, piece, false);
        }
        Gift::Gold { gold } => {
            let g = if back { -gold } else { *gold };
            if let Some(s) = state.seat_mut(seat) {
                s.gold -= g;
            }
            add_gold(state, &leader, g);
        }
        Gift::Path { .. } | Gift::Site { .. } | Gift::SiteCard { .. } if back => {
            learn(
                cat,
                state,
                |st| st.seat_mut(seat).map(|s| &mut s.discoveries),
                gift,
                events,
            );
        }
        Gift::Path { .. } | Gift::Site { .. } | Gift::SiteCard { .. } => {
            learn(
                cat,
                state,
                |st| super::leader_search::discoveries_mut(st, &leader),
                gift,
                events,
            );
        }
        _ => {
            return Err(RuleError::illegal(
                "only belongings, gold and discoveries pass",
            ))
        }
    }
    let me = who::who(cat, state, seat);
    let him = leaders::name(cat, &leader);
    let what = describe(state, gift);
    let shown = logged(state, gift);
    let discovery = matches!(
        gift,
        Gift::Path { .. } | Gift::Site { .. } | Gift::SiteCard { .. }
    );
    events.push(if back {
        Event::public(
            if discovery { "4.5.4" } else { "7.2.1" },
            if discovery {
                format!("{him} shows {me} {what}.")
            } else {
                format!("{me} takes {what} back from {him}.")
            },
            E::TakenFromHireling {
                seat,
                hireling: hireling.clone(),
                gift: shown,
            },
        )
    } else {
        Event::public(
            if discovery { "4.5.4" } else { "7.2.1" },
            if discovery {
                format!("{me} shows {him} {what}.")
            } else {
                format!("{me} gives {him} {what} to carry.")
            },
            E::GivenToHireling {
                seat,
                hireling: hireling.clone(),
                gift: shown,
            },
        )
    });
    if let (true, Gift::Belonging { piece }) = (back, gift) {
        events.extend(belongings::obtained(cat, state, seat, piece));
    }
    Ok(())
}

/// 7.2.2: whether the hired leader's employer may have him abandon belongings now: he
/// carries some, is in a clearing and is not blocked.
pub fn may_abandon(state: &GameState, leader: &NativeId) -> bool {
    leaders::clearing(state, leader).is_some()
        && !state.today.blocked_leaders.contains(leader)
        && !carried(state, &leaders::counter(leader)).is_empty()
}

/// 7.2.2: at the start of a phase of the leader's turn: abandon one of his belongings, or
/// go on with the phase.
pub fn abandon_options(state: &GameState, leader: &NativeId) -> Vec<A> {
    let hireling = leaders::counter(leader);
    let mut out: Vec<A> = carried(state, &hireling)
        .into_iter()
        .map(|piece| A::HirelingAbandons {
            hireling: hireling.clone(),
            piece,
        })
        .collect();
    out.push(A::Proceed);
    out
}

/// 4.3.4: puts `piece`, which `hireling` carries, in his clearing under the pieces there.
/// False (nothing changed) when he is in no clearing.
fn abandon_one(state: &mut GameState, hireling: &PieceId, piece: &PieceId) -> bool {
    let at = match state.piles.place_of(hireling) {
        Some(Place::Clearing { at }) => *at,
        _ => return false,
    };
    let Some((_, counter)) = state.piles.take(piece) else {
        return false;
    };
    state
        .piles
        .put_bottom(Place::Clearing { at }, piece.clone(), counter.facing);
    true
}

/// Applies a legal `HirelingAbandons`.
pub fn abandon(
    cat: &Catalog,
    state: &mut GameState,
    hireling: &PieceId,
    piece: &PieceId,
    events: &mut Events,
) -> Result<(), RuleError> {
    if !carried(state, hireling).contains(piece) {
        return Err(RuleError::illegal(format!(
            "{hireling} does not carry {piece}"
        )));
    }
    let shown = logged(
        state,
        &Gift::Belonging {
            piece: piece.clone(),
        },
    );
    if !abandon_one(state, hireling, piece) {
        return Err(RuleError::illegal(format!(
            "{hireling} is not in a clearing"
        )));
    }
    let name = name(cat, hireling);
    let what = match &shown {
        Gift::Belonging { piece } => piece.to_string(),
        _ => "a Treasure card".into(),
    };
    events.push(Event::public(
        "7.2.2",
        format!("{name} abandons {what}."),
        E::HirelingAbandoned {
            hireling: hireling.clone(),
            piece: match shown {
                Gift::Belonging { piece } => Some(piece),
                _ => None,
            },
        },
    ));
    Ok(())
}

/// 4.3, 7.3.1, 7.11d: the heaviest item the hired leader can carry as he moves out of
/// `from`: his own move strength (2.2) or that of the hired underlings following him
/// there, whichever is stronger.
pub fn carry_strength(
    cat: &Catalog,
    state: &GameState,
    leader: &NativeId,
    from: ClearingRef,
) -> Size {
    let own = cat
        .denizens
        .native(leader)
        .map_or(Size::Negligible, |n| n.move_strength());
    let guide = super::underlings::UnderlingGuide::Leader {
        leader: leader.clone(),
    };
    super::underlings::following_strength(cat, state, &guide, from).map_or(own, |s| s.max(own))
}

/// 7.3.1: as the hired leader leaves `from`, what he carries that is heavier than he can
/// carry stays behind, abandoned there. Call before anyone moves.
pub fn leave_heavy_items(
    cat: &Catalog,
    state: &mut GameState,
    leader: &NativeId,
    from: ClearingRef,
    events: &mut Events,
) {
    let hireling = leaders::counter(leader);
    let strength = carry_strength(cat, state, leader, from);
    for piece in carried(state, &hireling) {
        if who::weight(cat, &piece).is_none_or(|w| w <= strength) {
            continue;
        }
        let Some((_, counter)) = state.piles.take(&piece) else {
            continue;
        };
        let shown = (!counter.facing.is_secret()).then(|| piece.clone());
        state
            .piles
            .put_bottom(Place::Clearing { at: from }, piece.clone(), counter.facing);
        events.push(Event::public(
            "7.3.1",
            format!(
                "{} cannot carry {} (heavier than {strength:?}) and abandons it in {}.",
                leaders::name(cat, leader),
                shown
                    .as_ref()
                    .map_or_else(|| "a Treasure card".into(), ToString::to_string),
                who::name(cat, from)
            ),
            E::HirelingAbandoned {
                hireling: hireling.clone(),
                piece: shown,
            },
        ));
    }
}

/// 8.7: what the hired leader `hireling` carries and his recorded gold go `to`, as he is
/// killed (before he becomes unhired) or unhired.
pub fn dispose(
    cat: &Catalog,
    state: &mut GameState,
    hireling: &PieceId,
    to: HirelingSpoilsTo,
    events: &mut Events,
) {
    let items = carried(state, hireling);
    let leader = match hireling {
        PieceId::Native { id } => Some(id.clone()),
        _ => None,
    };
    let gold = leader.as_ref().map_or(0, |l| gold(state, l));
    if items.is_empty() && gold == 0 {
        return;
    }
    if let Some(l) = &leader {
        add_gold(state, l, -gold);
    }
    let mut to = to;
    match &to {
        HirelingSpoilsTo::Character { seat } => {
            if let Some(place) = who::belongings_place(state, *seat) {
                for piece in &items {
                    state.piles.move_to(piece, place.clone(), None);
                    if let Some(s) = state.seat_mut(*seat) {
                        s.known.insert(piece.clone());
                    }
                    events.extend(belongings::obtained(cat, state, *seat, piece));
                }
                if let Some(s) = state.seat_mut(*seat) {
                    s.gold += gold;
                }
            }
        }
        HirelingSpoilsTo::Hireling { hireling: keeper } => {
            for piece in &items {
                put(cat, state, keeper, piece);
            }
            if let PieceId::Native { id } = keeper {
                add_gold(state, id, gold);
            }
        }
        HirelingSpoilsTo::NativeBox { group } => {
            for piece in &items {
                state
                    .piles
                    .move_to(piece, Place::Natives { group: *group }, None);
            }
        }
        HirelingSpoilsTo::Abandoned => {
            for piece in &items {
                abandon_one(state, hireling, piece);
            }
            // Nowhere on the map (he cannot be, alive or just killed): with his group.
            if let Some(group) = crate::magic_realm::combat::fighters::group_of(cat, hireling) {
                let left = carried(state, hireling);
                if !left.is_empty() {
                    for piece in &left {
                        state.piles.move_to(piece, Place::Natives { group }, None);
                    }
                    to = HirelingSpoilsTo::NativeBox { group };
                }
            }
        }
    }
    let name = name(cat, hireling);
    let n = items.len();
    let text = match &to {
        HirelingSpoilsTo::Character { seat } => format!(
            "{} takes the {n} belonging(s) and {gold} gold {name} carried.",
            who::who(cat, state, *seat)
        ),
        HirelingSpoilsTo::Hireling { hireling: keeper } => format!(
            "{} keeps the {n} belonging(s) and {gold} gold {name} carried, for his employer.",
            self::name(cat, keeper)
        ),
        HirelingSpoilsTo::NativeBox { group } => format!(
            "The {n} belonging(s) {name} carried go to the {group:?} box; his {gold} gold vanishes."
        ),
        HirelingSpoilsTo::Abandoned => format!(
            "The {n} belonging(s) {name} carried are abandoned in his clearing; his {gold} gold vanishes."
        ),
    };
    events.push(Event::public(
        "8.7",
        text,
        E::HirelingSpoils {
            hireling: hireling.clone(),
            to,
            items: u32::try_from(n).unwrap_or(u32::MAX),
            gold,
        },
    ));
}

/// 8.7, 8.9: a hired leader no longer hired (his term over, his employer dead or gone, a
/// rebel) keeps what he carries with his group's belongings on the Setup Card; the gold he
/// recorded went with his hire. A counter that is no hired leader carries nothing.
pub fn release_unhired(cat: &Catalog, state: &mut GameState) -> Events {
    let mut events = Vec::new();
    let orphans: Vec<PieceId> = state
        .piles
        .iter()
        .filter_map(|(p, _)| match p {
            Place::Carried { by } if hired_leader(cat, state, by).is_none() => Some(by.clone()),
            _ => None,
        })
        .collect();
    for by in orphans {
        let to = match crate::magic_realm::combat::fighters::group_of(cat, &by) {
            Some(group) => HirelingSpoilsTo::NativeBox { group },
            None => HirelingSpoilsTo::Abandoned,
        };
        dispose(cat, state, &by, to, &mut events);
    }
    events
}
