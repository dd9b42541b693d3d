//! What hired leaders and controlled monsters carry (rules 4.3, 6.2.5, 7.2.1, 7.2.2, 7.3.1,
//! 7.6, 7.11d, 8.7): a carrier (a hired leader, or a controlled monster, which "can only
//! trade with other characters, hired leaders, or controlled monsters", 6.2.5) carries
//! belongings and records gold, and both belong to the character who hired or controls
//! it. A leader carries with his own move strength or his following underlings' (7.11d),
//! a monster with its weight (7.3.1). At the start of a phase of his own turn a character
//! gives belongings and gold to any carrier in his clearing, and takes them back from his
//! own (7.2.1); at the start of each phase of a carrier's own turn it may abandon them
//! (7.2.2: it neither activates nor deactivates them; an Enchanted card stays active) or
//! give them to other players' characters and carriers in its clearing (7.2.1). When a
//! carrier is killed, unhired or no longer controlled they go where 8.7 says (see
//! [`dispose`]).
//!
//! Rulings (docs/rulings.md, "hired leaders' and controlled monsters' belongings"): a
//! leader unhired alive (his term over, his employer dead) keeps what he carries with his
//! group's belongings, as 8.7 says for an employer's death, and his gold vanishes; a
//! monster no longer controlled (its spell expired at Sunset or broken) or killed abandons
//! what it carries in its clearing, and its gold vanishes.

use super::following::Guide;
use super::gifts::GOLD_STEPS;
use super::{belongings, hiring, leaders, monster_turns, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{Gift, MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::common::Size;
use crate::magic_realm::catalog::denizens::{NativeId, NativeRank};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::spells::carrying;
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

/// 4.4.2, 7.2.2: what a carrier carries is inactive, except Enchanted cards.
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

/// 6.2.5: the character a carrier works for: a hired leader's employer, a controlled
/// monster's controller. `None` for any other counter.
pub fn employer(cat: &Catalog, state: &GameState, piece: &PieceId) -> Option<Seat> {
    match piece {
        PieceId::Native { id } => {
            hired_leader(cat, state, piece).and_then(|_| hiring::employer(state, id))
        }
        PieceId::Monster { .. } => {
            crate::magic_realm::combat::spells::controller(cat, state, piece)
        }
        _ => None,
    }
}

/// 6.2.5: whether the counter is a carrier (a hired leader or a controlled monster).
pub fn is_carrier(cat: &Catalog, state: &GameState, piece: &PieceId) -> bool {
    employer(cat, state, piece).is_some()
}

/// The seat's carriers on the map: his hired leaders in hiring order, then the monsters
/// he controls.
pub fn carriers_of(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<PieceId> {
    let mut out: Vec<PieceId> = leaders::leaders_of(cat, state, seat)
        .iter()
        .map(leaders::counter)
        .collect();
    out.extend(monster_turns::controlled_by(cat, state, seat));
    out
}

/// The clearing the carrier is in.
pub(super) fn clearing_of(state: &GameState, piece: &PieceId) -> Option<ClearingRef> {
    match state.piles.place_of(piece)? {
        Place::Clearing { at } => Some(*at),
        _ => None,
    }
}

/// 7.12: whether the carrier is blocked today.
pub(super) fn blocked(state: &GameState, piece: &PieceId) -> bool {
    match piece {
        PieceId::Native { id } => state.today.blocked_leaders.contains(id),
        _ => state.today.blocked_monsters.contains(piece),
    }
}

/// 7.11: the guide the carrier follows today, if any (a controlled monster: the guide
/// its controller recorded, or its controller).
pub(super) fn guide(cat: &Catalog, state: &GameState, piece: &PieceId) -> Option<Guide> {
    match piece {
        PieceId::Native { id } => state.today.leaders_following.get(id).cloned(),
        _ => super::monster_follow::monster_guide(cat, state, piece),
    }
}

/// The carrier's name, for the log.
pub fn name(cat: &Catalog, hireling: &PieceId) -> String {
    match hireling {
        PieceId::Native { id } => leaders::name(cat, id),
        PieceId::Monster { .. } => monster_turns::name(cat, hireling),
        other => other.to_string(),
    }
}

/// 7.2.1, 8.7: the gold the carrier has recorded.
pub fn carrier_gold(state: &GameState, piece: &PieceId) -> i32 {
    match piece {
        PieceId::Native { id } => hiring::employer(state, id)
            .and_then(|s| state.seat(s))
            .and_then(|s| s.hirelings.iter().find(|h| &h.native == id))
            .map_or(0, |h| h.gold),
        _ => state
            .carried_gold
            .iter()
            .find(|(p, _)| p == piece)
            .map_or(0, |(_, g)| *g),
    }
}

/// 7.6, 8.7: the gold the hired leader has recorded.
pub fn gold(state: &GameState, leader: &NativeId) -> i32 {
    carrier_gold(state, &leaders::counter(leader))
}

pub(super) fn add_gold(state: &mut GameState, piece: &PieceId, gold: i32) {
    match piece {
        PieceId::Native { id } => {
            let Some(seat) = hiring::employer(state, id) else {
                return;
            };
            if let Some(h) = state
                .seat_mut(seat)
                .and_then(|s| s.hirelings.iter_mut().find(|h| &h.native == id))
            {
                h.gold += gold;
            }
        }
        _ => {
            let list = &mut state.carried_gold;
            match list.iter_mut().find(|(p, _)| p == piece) {
                Some(entry) => entry.1 += gold,
                None => list.push((piece.clone(), gold)),
            }
            list.retain(|(_, g)| *g != 0);
            list.sort();
        }
    }
}

/// 8.7: a hired leader who kills a native adds its Gold bounty to his recorded gold.
pub fn gain_gold(state: &mut GameState, leader: &NativeId, gold: i32) {
    add_gold(state, &leaders::counter(leader), gold);
}

/// 8.7: a hired leader or controlled monster who kills a native adds its Gold bounty to
/// its recorded gold.
pub fn gain_carrier_gold(state: &mut GameState, carrier: &PieceId, gold: i32) {
    add_gold(state, carrier, gold);
}

/// Puts `piece` into `hireling`'s pile: inactive, except an Enchanted card, which is
/// active and face up (4.4.2, 7.2.2). His employer knows what he carries.
pub(super) fn put(cat: &Catalog, state: &mut GameState, hireling: &PieceId, piece: &PieceId) {
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

/// 7.2.1: the carriers the seat may trade with now: in his clearing, at the start of a
/// phase of his turn (or his turn to trade at the end of combat, 8.8), neither of them
/// blocked, he not turned into mist (4.6.8b: mist carries nothing untransmorphized). Another player's carrier that follows
/// someone else is with its guide, off the map (6.3.2): it trades at its guide's phases.
fn partners(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<PieceId> {
    let Some(here) = who::clearing(state, seat) else {
        return Vec::new();
    };
    if !belongings::may_rearrange(state, seat) || !carrying::may_trade(cat, state, seat) {
        return Vec::new();
    }
    let evening = crate::magic_realm::combat::trading::turn_of(state).is_some();
    state
        .all_seats()
        .flat_map(|s| carriers_of(cat, state, s).into_iter().map(move |c| (s, c)))
        .filter(|(_, c)| clearing_of(state, c) == Some(here))
        .filter(|(_, c)| evening || !blocked(state, c))
        // 4.6.8b: a carrier of mist has his belongings frozen: no gifts either way, as for
        // a character; a creature trades its untransmorphized ones.
        .filter(|(_, c)| carrying::carrier_may_trade(cat, state, c))
        .filter(|(s, c)| {
            *s == seat || guide(cat, state, c).is_none_or(|g| g == Guide::character(seat))
        })
        .map(|(_, c)| c)
        .collect()
}

/// 7.2.1, 7.11: the carriers a character following `guide` may trade with as the guide
/// begins a phase: those in his clearing, not blocked, not mist, that are the guide
/// himself or follow the same guide or nobody (as [`super::gifts`] does for characters).
fn follower_partners(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    guide_now: &Guide,
) -> Vec<PieceId> {
    let Some(here) = who::clearing(state, seat) else {
        return Vec::new();
    };
    if !carrying::may_trade(cat, state, seat) {
        return Vec::new();
    }
    state
        .all_seats()
        .flat_map(|s| carriers_of(cat, state, s))
        .filter(|c| clearing_of(state, c) == Some(here))
        .filter(|c| !blocked(state, c))
        .filter(|c| carrying::carrier_may_trade(cat, state, c))
        .filter(|c| {
            matches!(c, PieceId::Native { id } if Guide::leader(id) == *guide_now)
                || guide(cat, state, c).is_none_or(|g| g == *guide_now)
        })
        .collect()
}

/// 7.2.1: what the seat may give the carriers in his clearing (any player's), and take
/// back from his own, now.
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    trade_options(cat, state, seat, partners(cat, state, seat))
}

/// 7.2.1, 7.2.2: what a character following `guide_now` may give the carriers with him
/// (and take back from his own) as the guide begins a phase.
pub(super) fn follower_options(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    guide_now: &Guide,
) -> Vec<A> {
    trade_options(
        cat,
        state,
        seat,
        follower_partners(cat, state, seat, guide_now),
    )
}

/// What the seat may give each of `partners` (and take back from his own).
fn trade_options(cat: &Catalog, state: &GameState, seat: Seat, partners: Vec<PieceId>) -> Vec<A> {
    let mut out = Vec::new();
    if partners.is_empty() {
        return out;
    }
    let mine: Vec<PieceId> = belongings::owned(state, seat)
        .into_iter()
        .filter(|p| !matches!(p, PieceId::VisitorChit { .. }))
        // 6.2.4: not a Treasure card he is committed to keep.
        .filter(|p| !super::treasure_phases::committed(state, seat, p))
        // 4.6.8b: nor one transmorphized with him.
        .filter(|p| !carrying::belonging_frozen(cat, state, seat, p))
        .collect();
    // 4.6.7a: Ashes forbids giving his gold, to a hireling too; 4.6.8b: nor his
    // transmorphized gold.
    let my_gold = carrying::spendable_gold(cat, state, seat);
    for hireling in partners {
        let own = employer(cat, state, &hireling) == Some(seat);
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
        // 4.6.8b: not what was transmorphized with it.
        if own {
            for piece in carrying::unfrozen_carried(cat, state, &hireling) {
                out.push(A::TakeFromHireling {
                    hireling: hireling.clone(),
                    gift: Gift::Belonging { piece },
                });
            }
            let his_gold = carrying::spendable_carrier_gold(cat, state, &hireling);
            for g in GOLD_STEPS.iter().filter(|g| **g <= his_gold) {
                out.push(A::TakeFromHireling {
                    hireling: hireling.clone(),
                    gift: Gift::Gold { gold: *g },
                });
            }
        }
        // 4.5.4: the discoveries lying in their clearing that the other lacks (a hired
        // leader's own; a controlled monster has none of its own).
        let (Some(here), PieceId::Native { id: leader }) = (who::clearing(state, seat), &hireling)
        else {
            continue;
        };
        let mine = state
            .seat(seat)
            .map(|s| s.discoveries.clone())
            .unwrap_or_default();
        let his = super::leader_search::discoveries(state, leader);
        for gift in super::gifts::discoveries_in(cat, state, &mine, here) {
            if !knows(&his, &gift) {
                out.push(A::GiveToHireling {
                    hireling: hireling.clone(),
                    gift,
                });
            }
        }
        if !own {
            continue;
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
pub(super) fn knows(d: &Discoveries, gift: &Gift) -> bool {
    match gift {
        Gift::Path { path } => d.paths.contains(path),
        Gift::Site { site } => d.chits.contains(site),
        Gift::SiteCard { card } => d.cards.contains(card),
        _ => false,
    }
}

/// 4.5.4: the receiver learns the discovery (a Site card with the site where it was
/// found, 4.5.4c); a face-down Site chit is shown to all (4.5.4d).
pub(super) fn learn(
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
pub(super) fn logged(state: &GameState, gift: &Gift) -> Gift {
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

pub(super) fn describe(state: &GameState, gift: &Gift) -> String {
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
    let boss = employer(cat, state, hireling).ok_or_else(|| {
        RuleError::illegal(format!(
            "{hireling} is neither a hired leader nor a controlled monster"
        ))
    })?;
    if back && boss != seat {
        return Err(RuleError::illegal(format!(
            "{hireling} is another player's: it gives at the start of its own phases (7.2.1)"
        )));
    }
    // 4.6.8b: mist carries nothing untransmorphized; a creature gives back only what is
    // not transmorphized with it.
    if !carrying::carrier_may_trade(cat, state, hireling) {
        return Err(RuleError::illegal(format!(
            "{hireling} is mist: it carries nothing untransmorphized (4.6.8b)"
        )));
    }
    match gift {
        Gift::Belonging { piece }
            if back && !carrying::unfrozen_carried(cat, state, hireling).contains(piece) =>
        {
            return Err(RuleError::illegal(format!(
                "{hireling} carries no untransmorphized {piece} (4.6.8b)"
            )));
        }
        Gift::Gold { gold }
            if back
                && (*gold <= 0
                    || *gold > carrying::spendable_carrier_gold(cat, state, hireling)) =>
        {
            return Err(RuleError::illegal(format!(
                "{hireling} has not {gold} untransmorphized gold to give back (4.6.8b)"
            )));
        }
        _ => {}
    }
    let leader = match hireling {
        PieceId::Native { id } => Some(id.clone()),
        _ => None,
    };
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
            add_gold(state, hireling, g);
        }
        Gift::Path { .. } | Gift::Site { .. } | Gift::SiteCard { .. } if leader.is_none() => {
            return Err(RuleError::illegal(
                "a controlled monster has no discoveries of its own",
            ))
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
            let Some(leader) = &leader else {
                return Err(RuleError::internal("no hired leader"));
            };
            learn(
                cat,
                state,
                |st| super::leader_search::discoveries_mut(st, leader),
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
    let him = name(cat, hireling);
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

/// 7.2.2, 7.2.1: whether the hired leader's employer has a decision at the start of his
/// phase (see [`may_decide`]).
pub fn may_abandon(state: &GameState, leader: &NativeId) -> bool {
    crate::magic_realm::game::data()
        .is_ok_and(|cat| may_decide(cat, state, &leaders::counter(leader)))
}

/// 7.2.2, 7.2.1: whether the carrier's employer has a decision at the start of its phase:
/// it is in a clearing, not blocked, and carries belongings (to abandon or give), gold it
/// could give to someone there, or (a hired leader) a discovery someone there lacks
/// (4.5.4).
pub fn may_decide(cat: &Catalog, state: &GameState, carrier: &PieceId) -> bool {
    // 4.6.8b: what is transmorphized with it is frozen (as mist, everything).
    clearing_of(state, carrier).is_some()
        && !blocked(state, carrier)
        && (!carrying::unfrozen_carried(cat, state, carrier).is_empty()
            || (carrying::spendable_carrier_gold(cat, state, carrier) > 0
                && !super::carrier_gifts::receivers(cat, state, carrier, false).is_empty())
            || !super::carrier_gifts::discovery_gifts(cat, state, carrier, false).is_empty())
}

/// 7.2.2, 7.2.1: at the start of a phase of the leader's turn: abandon one of his
/// belongings, give one (or gold) to someone in his clearing, or go on with the phase.
pub fn abandon_options(state: &GameState, leader: &NativeId) -> Vec<A> {
    crate::magic_realm::game::data()
        .map(|cat| phase_start_options(cat, state, &leaders::counter(leader)))
        .unwrap_or_else(|_| vec![A::Proceed])
}

/// 7.2.2, 7.2.1: at the start of a phase of the carrier's turn: abandon one of its
/// belongings, give one (or gold) to another player in its clearing, or go on with the
/// phase (`Proceed`).
pub fn phase_start_options(cat: &Catalog, state: &GameState, carrier: &PieceId) -> Vec<A> {
    // 4.6.8b: not what is transmorphized with it.
    let mut out: Vec<A> = carrying::unfrozen_carried(cat, state, carrier)
        .into_iter()
        .map(|piece| A::HirelingAbandons {
            hireling: carrier.clone(),
            piece,
        })
        .collect();
    out.extend(super::carrier_gifts::give_options(
        cat, state, carrier, false,
    ));
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

/// 7.2.2, 7.2.1: at the start of one of `carrier`'s phases its employer has it abandon or
/// give what it carries; None for any other action (the caller's to answer).
pub fn apply_decision(
    cat: &Catalog,
    state: &mut GameState,
    carrier: &PieceId,
    action: &A,
    events: &mut Events,
) -> Option<Result<(), RuleError>> {
    match action {
        A::HirelingAbandons { hireling, piece } if hireling == carrier => {
            Some(abandon(cat, state, hireling, piece, events))
        }
        A::HirelingGives { hireling, to, gift } if hireling == carrier => Some(
            super::carrier_gifts::carrier_gives(cat, state, hireling, to, gift, events),
        ),
        _ => None,
    }
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
    if carrying::carried_frozen(cat, state, hireling, piece) {
        return Err(RuleError::illegal(format!(
            "{piece} is transmorphized with {hireling}: it cannot be abandoned (4.6.8b)"
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

/// 9.3 (our ruling): the heaviest item a hired leader's employer counts of what the leader
/// carries at the end of the game: the leader's own move strength (2.2), as a character
/// counts only what his own Move chits, horse or Boots carry (no followers then).
pub fn scoring_strength(cat: &Catalog, leader: &NativeId) -> Size {
    cat.denizens
        .native(leader)
        .map_or(Size::Negligible, |n| n.move_strength())
}

/// 7.3.1: the heaviest item the carrier can carry as it moves out of `from`: a hired
/// leader's strength ([`carry_strength`]), a controlled monster's weight/vulnerability.
/// 4.6.8b: turned into a creature, it carries "normally, using the creature's move
/// strength": a leader's following underlings still help him (7.11d).
fn carrier_strength(
    cat: &Catalog,
    state: &GameState,
    carrier: &PieceId,
    from: ClearingRef,
) -> Size {
    if let Some(form) =
        crate::magic_realm::combat::spells::transform::form_of_piece(cat, state, carrier)
    {
        return match carrier {
            PieceId::Native { id } => {
                let guide = super::underlings::UnderlingGuide::Leader { leader: id.clone() };
                super::underlings::following_strength(cat, state, &guide, from)
                    .map_or(form.strength, |s| s.max(form.strength))
            }
            _ => form.strength,
        };
    }
    match carrier {
        PieceId::Native { id } => carry_strength(cat, state, id, from),
        PieceId::Monster { id, .. } => cat
            .denizens
            .monster(id)
            .map_or(Size::Negligible, |m| m.size),
        _ => Size::Negligible,
    }
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
    leave_heavy(cat, state, &leaders::counter(leader), from, events);
}

/// 7.3.1: as the carrier (a hired leader or a controlled monster) leaves `from`, what it
/// carries that is heavier than it can carry stays behind, abandoned there (4.6.8b: what
/// is transmorphized with it weighs nothing). Call before anyone moves.
pub fn leave_heavy(
    cat: &Catalog,
    state: &mut GameState,
    hireling: &PieceId,
    from: ClearingRef,
    events: &mut Events,
) {
    let strength = carrier_strength(cat, state, hireling, from);
    leave_heavier(cat, state, hireling, from, strength, events);
}

/// 7.3.3, 4.6.8b: as the hired leader, a flying creature, takes off from `from`, what he
/// carries untransmorphized that is heavier than the creature's flying strength stays
/// behind, abandoned there (his underlings do not fly with him to help).
pub fn leave_heavy_flying(
    cat: &Catalog,
    state: &mut GameState,
    leader: &NativeId,
    from: ClearingRef,
    events: &mut Events,
) {
    let counter = leaders::counter(leader);
    let Some(strength) =
        super::creatures::denizen_flying_values(cat, state, &counter).map(|f| f.strength)
    else {
        return;
    };
    leave_heavier(cat, state, &counter, from, strength, events);
}

/// 7.3.1: what the carrier carries (4.6.8b: untransmorphized) that is heavier than
/// `strength` stays behind in `from`.
fn leave_heavier(
    cat: &Catalog,
    state: &mut GameState,
    hireling: &PieceId,
    from: ClearingRef,
    strength: Size,
    events: &mut Events,
) {
    for piece in carrying::unfrozen_carried(cat, state, hireling) {
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
                name(cat, hireling),
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
    let gold = carrier_gold(state, hireling);
    if items.is_empty() && gold == 0 {
        return;
    }
    add_gold(state, hireling, -gold);
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
            add_gold(state, keeper, gold);
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
/// recorded went with his hire. A monster no longer controlled (its spell expired at
/// Sunset, or broken) abandons what it carries in its clearing (once it is in one), and
/// its gold vanishes. A counter that is no carrier carries nothing.
pub fn release_unhired(cat: &Catalog, state: &mut GameState) -> Events {
    let mut events = Vec::new();
    let mut orphans: Vec<PieceId> = state
        .piles
        .iter()
        .filter_map(|(p, _)| match p {
            Place::Carried { by } if !is_carrier(cat, state, by) => Some(by.clone()),
            _ => None,
        })
        .collect();
    orphans.extend(
        state
            .carried_gold
            .iter()
            .map(|(p, _)| p.clone())
            .filter(|p| !is_carrier(cat, state, p)),
    );
    orphans.sort();
    orphans.dedup();
    for by in orphans {
        let to = match crate::magic_realm::combat::fighters::group_of(cat, &by) {
            Some(group) => HirelingSpoilsTo::NativeBox { group },
            None if clearing_of(state, &by).is_some() || carried(state, &by).is_empty() => {
                HirelingSpoilsTo::Abandoned
            }
            // A monster in the air keeps them until it lands.
            None => continue,
        };
        dispose(cat, state, &by, to, &mut events);
    }
    events
}
