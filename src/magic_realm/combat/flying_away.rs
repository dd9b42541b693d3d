//! Flying away (rules 8.3.7 and 8.3.8e): as his Encounter action a character plays his
//! flying values (a Fly chit, or the Flying Carpet while energized), faster than every
//! flying monster on his sheet (non-flying move times do not count, e.1) and strong enough
//! to carry him and all he carries but his horses, which stay behind (7.3.3). He takes no
//! further part in combat that day; the denizens on his sheet are left behind, unassigned;
//! he ends the day half in his tile and half in an adjacent tile of his choice
//! (`Place::FlownAway`), and his next turn starts with a Fly into either tile, where he
//! lands (e.2; `day::flying`).

use super::fighters::flying_times_on_sheet;
use super::{current_mut, encounter, hirelings, Combat, Events};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::common::Size;
use crate::magic_realm::catalog::tiles::TileId;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::combat::spells::{self, SpellExpiry};
use crate::magic_realm::day::flying::{self, FlySource};
use crate::magic_realm::day::{belongings, who};
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::GameState;

/// 8.3.7 a.4, 7.3.3: what his flying values must carry: himself and everything he carries
/// except his horses.
pub fn load(cat: &Catalog, state: &GameState, seat: Seat) -> Size {
    // 4.6.8b: a creature's own flying values carry him and his frozen belongings, and
    // must carry his untransmorphized items.
    let himself = if spells::transform::transmorphized_seat(cat, state, seat) {
        Size::Negligible
    } else {
        who::card(cat, state, seat).map_or(Size::Negligible, |c| c.weight)
    };
    spells::carrying::unfrozen_belongings(cat, state, seat)
        .iter()
        .filter(|p| !matches!(p, PieceId::Horse { .. }))
        .filter_map(|p| who::weight(cat, p))
        .fold(himself, Size::max)
}

/// 8.3.8 e.1: the flights he may fly away with: each faster than every flying monster on
/// his sheet and strong enough for his [`load`].
fn flights(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> Vec<FlySource> {
    let limit = flying_times_on_sheet(cat, state, combat, seat)
        .into_iter()
        .min();
    let carried = load(cat, state, seat);
    flying::flights(cat, state, seat)
        .into_iter()
        .filter(|f| limit.is_none_or(|l| f.values.time < l) && f.values.strength >= carried)
        .map(|f| f.source)
        .collect()
}

/// 8.3.8e: his ways to fly away, to each tile adjacent to his. None while a red-side-up
/// Tremendous monster holds him (8.4.7d2).
pub fn options(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> Vec<A> {
    if encounter::held(combat, seat) {
        return Vec::new();
    }
    let tiles = state.map.adjacent_tiles(combat.at.tile);
    flights(cat, state, combat, seat)
        .into_iter()
        .flat_map(|with| {
            tiles.iter().map(move |to| A::FlyAway {
                with: with.clone(),
                to: *to,
            })
        })
        .collect()
}

/// 8.3.8e: he flies away toward `to`, leaving his horses in the clearing; the denizens on
/// his sheet stay behind, unassigned until the next round; his hirelings stay and fight,
/// directed from afar (8.1.2). A Fly chit he used expires when he lands (4.6.6e).
pub fn fly_away(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    with: &FlySource,
    to: TileId,
    events: &mut Events,
) -> Result<(), RuleError> {
    let name = who::who(cat, state, seat);
    let counter =
        who::counter(state, seat).ok_or_else(|| RuleError::internal("a flier has no counter"))?;
    let at = current_mut(state)?.at;
    let hired = hirelings::of(cat, state, seat, at);
    // 4.6.8b: a creature's transmorphized horses go with him; untransmorphized, they stay.
    let horses: Vec<PieceId> = spells::carrying::unfrozen_belongings(cat, state, seat)
        .into_iter()
        .filter(|p| matches!(p, PieceId::Horse { .. }))
        .collect();
    for h in &horses {
        belongings::abandon(state, seat, h)?;
    }
    if let FlySource::Chit { caster, spell_box } = with {
        if let Some(s) =
            spells::index_of(state, *caster, *spell_box).and_then(|i| state.spells.get_mut(i))
        {
            s.until = SpellExpiry::OnLanding;
        }
    }
    let combat = current_mut(state)?;
    let left = combat.sheets.remove(&seat).unwrap_or_default();
    combat.drop_charges(|_, target| target == seat);
    combat.acted.insert(seat);
    if hired.is_empty() {
        combat.gone.insert(seat);
    } else {
        combat.absent.insert(seat);
    }
    combat.ran.insert(seat);
    combat.eventful = true;
    combat.turn += 1;
    state
        .piles
        .move_to(&counter, Place::FlownAway { from: at.tile, to }, None);
    let by = match with {
        FlySource::Chit { .. } => "his Fly chit".to_string(),
        FlySource::Item { item } => cat
            .items
            .treasure(item)
            .map_or_else(|| item.0.clone(), |t| format!("the {}", t.name)),
        FlySource::Creature => "his creature's wings".to_string(),
        // Never offered (a steed is not ridden to fly away; see docs/rulings.md).
        FlySource::Steed { .. } | FlySource::Mount { .. } | FlySource::Leader { .. } => {
            "his steed".to_string()
        }
    };
    events.push(Event::public(
        "8.3.8",
        format!(
            "{name} flies away with {by} toward {to:?}{}{}.",
            if horses.is_empty() {
                ""
            } else {
                ", leaving his horses"
            },
            if left.is_empty() {
                ""
            } else {
                "; the denizens on his sheet stay behind"
            }
        ),
        E::FlewAway {
            seat,
            with: with.clone(),
            from: at,
            to,
            left,
        },
    ));
    Ok(())
}
