//! Trading between characters (rules 7.2.1, 4.5.4): at the start of each phase of his turn
//! a character may give belongings, gold and discoveries to other characters in his
//! clearing, hidden or not, unless either is blocked. A deal is made of gifts: each side
//! gives at the start of one of his own phases. A discovery can be given only in the
//! clearing where it lies (a site there, a hidden path or secret passage leaving it).

use super::following::Guide;
use super::{belongings, who};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{Gift, MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::GameState;

type Events = Vec<Event<E>>;

/// Gold amounts offered as gifts (any amount can be made of these).
pub(super) const GOLD_STEPS: [i32; 3] = [1, 5, 10];

/// The characters the seat may give to now.
fn partners(state: &GameState, seat: Seat) -> Vec<Seat> {
    let Some(here) = who::clearing(state, seat) else {
        return Vec::new();
    };
    if !belongings::may_rearrange(state, seat) {
        return Vec::new();
    }
    // 8.8: at the end of combat the day's blocks no longer stop trading.
    let evening = crate::magic_realm::combat::trading::turn_of(state).is_some();
    state
        .all_seats()
        .filter(|s| *s != seat && who::playing(state, *s) && who::clearing(state, *s) == Some(here))
        .filter(|s| evening || !state.today.blocked.contains(s))
        // 6.3.2: a follower is with his guide: he takes gifts from him (7.2.1).
        .filter(|s| {
            super::following::guide_of(state, *s).is_none_or(|g| *g == Guide::character(seat))
        })
        .collect()
}

/// 7.2.1: the characters a character following `guide` may give to as the guide begins a
/// phase: those in his clearing who are not blocked, and who are not with another guide
/// (6.3.2): the guide himself, his other followers and those following nobody.
fn follower_partners(state: &GameState, seat: Seat, guide: &Guide) -> Vec<Seat> {
    let Some(here) = who::clearing(state, seat) else {
        return Vec::new();
    };
    state
        .all_seats()
        .filter(|s| *s != seat && who::playing(state, *s) && who::clearing(state, *s) == Some(here))
        .filter(|s| !state.today.blocked.contains(s))
        .filter(|s| {
            *guide == Guide::character(*s)
                || super::following::guide_of(state, *s).is_none_or(|g| g == guide)
        })
        .collect()
}

/// 4.5.4a: the discoveries that lie in this clearing.
fn discoveries_here(cat: &Catalog, state: &GameState, seat: Seat, here: ClearingRef) -> Vec<Gift> {
    let Some(d) = state.seat(seat).map(|s| &s.discoveries) else {
        return Vec::new();
    };
    discoveries_in(cat, state, d, here)
}

/// 4.5.4a: which of the discoveries `d` (a character's or a hired leader's) lie in this
/// clearing, as gifts.
pub(super) fn discoveries_in(
    cat: &Catalog,
    state: &GameState,
    d: &crate::magic_realm::state::Discoveries,
    here: ClearingRef,
) -> Vec<Gift> {
    let mut out: Vec<Gift> = d
        .paths
        .iter()
        .filter(|p| {
            p.tile == here.tile
                && (p.from == here.clearing
                    || matches!(p.to, crate::magic_realm::catalog::tiles::PathEnd::Clearing(c) if c == here.clearing))
        })
        .map(|p| Gift::Path { path: *p })
        .collect();
    out.extend(
        d.chits
            .iter()
            .filter(|c| {
                let numbered_here = cat
                    .map_chits
                    .site_chits
                    .iter()
                    .any(|s| &s.id == *c && s.clearing == here.clearing);
                let on_this_tile =
                    match state.piles.place_of(&PieceId::MapChit { id: (*c).clone() }) {
                        Some(Place::Tile { tile }) => *tile == here.tile,
                        Some(Place::Clearing { at }) => *at == here,
                        _ => false,
                    };
                numbered_here && on_this_tile
            })
            .map(|c| Gift::Site { site: c.clone() }),
    );
    // 4.5.4c: the Site cards he has discovered lying here.
    out.extend(
        d.cards
            .iter()
            .filter(|c| {
                state
                    .piles
                    .place_of(&PieceId::Treasure { id: (*c).clone() })
                    == Some(&Place::Clearing { at: here })
            })
            .map(|c| Gift::SiteCard { card: c.clone() }),
    );
    out
}

/// The gifts open to the seat now (none between characters turned into mist and others:
/// mist carries nothing untransmorphized; a creature gives only his untransmorphized gold
/// and belongings, 4.6.8b).
pub fn options(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    gift_options(cat, state, seat, partners(state, seat))
}

/// 7.2.1: the gifts a character following `guide` may make as the guide begins a phase,
/// to those with him (see [`follower_partners`]).
pub(super) fn follower_options(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    guide: &Guide,
) -> Vec<A> {
    gift_options(cat, state, seat, follower_partners(state, seat, guide))
}

/// The gifts the seat may make to each of `partners` now.
fn gift_options(cat: &Catalog, state: &GameState, seat: Seat, mut partners: Vec<Seat>) -> Vec<A> {
    use crate::magic_realm::combat::spells::carrying;
    let may_trade = |s| carrying::may_trade(cat, state, s);
    partners.retain(|p| may_trade(*p));
    if partners.is_empty() || !may_trade(seat) {
        return Vec::new();
    }
    let Some(here) = who::clearing(state, seat) else {
        return Vec::new();
    };
    // 4.6.7a: Ashes forbids gifts of his gold; 4.6.8b: transmorphized gold is frozen.
    let gold = carrying::spendable_gold(cat, state, seat);
    let mut gifts: Vec<Gift> = carrying::unfrozen_belongings(cat, state, seat)
        .into_iter()
        .filter(|p| !matches!(p, PieceId::VisitorChit { .. }))
        // 6.2.4: not a Treasure card he is committed to keep.
        .filter(|p| !super::treasure_phases::committed(state, seat, p))
        .map(|piece| Gift::Belonging { piece })
        .collect();
    gifts.extend(
        GOLD_STEPS
            .iter()
            .filter(|g| **g <= gold)
            .map(|g| Gift::Gold { gold: *g }),
    );
    let mine = discoveries_here(cat, state, seat, here);
    let mut out = Vec::new();
    for to in partners {
        for g in &gifts {
            out.push(A::Give {
                to,
                gift: g.clone(),
            });
        }
        let theirs = state
            .seat(to)
            .map(|s| s.discoveries.clone())
            .unwrap_or_default();
        for g in &mine {
            let known = match g {
                Gift::Path { path } => theirs.paths.contains(path),
                Gift::Site { site } => theirs.chits.contains(site),
                Gift::SiteCard { card } => {
                    theirs.cards.contains(card)
                        && state
                            .twt_sites
                            .get(card)
                            .is_none_or(|site| theirs.chits.contains(site))
                }
                _ => true,
            };
            if !known {
                out.push(A::Give {
                    to,
                    gift: g.clone(),
                });
            }
        }
    }
    out
}

/// Applies a legal gift.
pub fn give(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    to: Seat,
    gift: &Gift,
    events: &mut Events,
) -> Result<(), RuleError> {
    let from_name = who::who(cat, state, seat);
    let to_name = who::who(cat, state, to);
    match gift {
        Gift::Belonging { piece } => {
            let place = who::belongings_place(state, to)
                .ok_or_else(|| RuleError::internal("the receiver has no character"))?;
            state.piles.move_to(piece, place, None);
            if let Some(s) = state.seat_mut(seat) {
                s.inactive.remove(piece);
            }
            if let Some(s) = state.seat_mut(to) {
                s.known.insert(piece.clone());
            }
            let secret = state
                .piles
                .find(piece)
                .is_some_and(|(_, c)| c.facing.is_secret());
            events.push(Event::public(
                "7.2.1",
                if secret {
                    format!("{from_name} gives {to_name} a Treasure card.")
                } else {
                    format!("{from_name} gives {to_name} {piece}.")
                },
                E::Given {
                    from: seat,
                    to,
                    gift: if secret {
                        Gift::SecretCard
                    } else {
                        gift.clone()
                    },
                },
            ));
            events.extend(belongings::obtained(cat, state, to, piece));
        }
        Gift::Gold { gold } => {
            if let Some(s) = state.seat_mut(seat) {
                s.gold -= gold;
            }
            if let Some(s) = state.seat_mut(to) {
                s.gold += gold;
            }
            events.push(Event::public(
                "7.2.1",
                format!("{from_name} gives {to_name} {gold} gold."),
                E::Given {
                    from: seat,
                    to,
                    gift: gift.clone(),
                },
            ));
        }
        Gift::Path { path } => {
            if let Some(s) = state.seat_mut(to) {
                s.discoveries.paths.insert(*path);
            }
            events.push(Event::public(
                "4.5.4",
                format!("{from_name} shows {to_name} a hidden roadway."),
                E::Given {
                    from: seat,
                    to,
                    gift: gift.clone(),
                },
            ));
        }
        Gift::Site { site } => {
            if let Some(s) = state.seat_mut(to) {
                s.discoveries.chits.insert(site.clone());
            }
            super::spying::show_site(cat, state, site, "4.5.4", events);
            events.push(Event::public(
                "4.5.4",
                format!("{from_name} shows {to_name} the {}.", site.0),
                E::Given {
                    from: seat,
                    to,
                    gift: gift.clone(),
                },
            ));
        }
        Gift::SiteCard { card } => {
            // 4.5.4c: with the location of the site where the card was found.
            let site = state.twt_sites.get(card).cloned();
            if let Some(s) = state.seat_mut(to) {
                s.discoveries.cards.insert(card.clone());
                s.discoveries.chits.extend(site.clone());
            }
            if let Some(site) = &site {
                super::spying::show_site(cat, state, site, "4.5.4", events);
            }
            events.push(Event::public(
                "4.5.4",
                format!("{from_name} shows {to_name} the {}.", card.0),
                E::Given {
                    from: seat,
                    to,
                    gift: gift.clone(),
                },
            ));
        }
        Gift::SecretCard => return Err(RuleError::illegal("not a gift one can choose")),
    }
    Ok(())
}
