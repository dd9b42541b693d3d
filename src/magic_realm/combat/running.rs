//! Running away (rules 8.3.7 and 8.3.8): as his Encounter action a character plays a Move
//! chit, his active Boots card or a horse, faster than every move time on his sheet and
//! strong enough to carry him and all he carries, and runs onto a roadway out of the
//! clearing. He takes no further part in combat that day; the denizens on his sheet are
//! left behind, unassigned; he ends the day between clearings (`Place::Roadway`), and his
//! next turn starts with a Move to an end of that roadway (`day::moving::off_roadway`).
//! Flying away is in [`super::flying_away`].

use super::fighters::{self, move_times_on_sheet};
use super::{current_mut, encounter, hirelings, Combat, Events, ManeuverPlay};
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::common::Size;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::{belongings, birdsong, who};
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::GameState;

/// 8.3.8: the clearings at the far end of the roadways he may run onto from `at`: the
/// roadway he entered by if he moved in today (if he can still use it), else any roadway he
/// could use to move.
pub fn roadways(cat: &Catalog, state: &GameState, seat: Seat, at: ClearingRef) -> Vec<ClearingRef> {
    let usable = birdsong::move_targets(cat, state, seat, at);
    match state.today.entered_from.get(&seat) {
        Some(back) => usable.into_iter().filter(|c| c == back).collect(),
        None => usable,
    }
}

/// 8.3.7 a.4: the weight a piece played to run away must carry: the character himself and
/// everything he carries, except the inactive items a led horse (an inactive one; the
/// ridden horse is the active one) is strong enough to carry.
pub fn load(cat: &Catalog, state: &GameState, seat: Seat) -> Size {
    let owned = belongings::owned(state, seat);
    let led = owned
        .iter()
        .filter(|p| !belongings::is_active(state, seat, p))
        .filter_map(|p| match p {
            PieceId::Horse { id } => cat.items.horse(id).map(belongings::horse_strength),
            _ => None,
        })
        .max();
    let himself = who::card(cat, state, seat).map_or(Size::Negligible, |c| c.weight);
    owned
        .iter()
        .filter_map(|p| who::weight(cat, p).map(|w| (p, w)))
        .filter(|(p, w)| {
            belongings::is_active(state, seat, p) || led.is_none_or(|strength| *w > strength)
        })
        .map(|(_, w)| w)
        .fold(himself, Size::max)
}

/// 8.3.7 a.1, a.4: the pieces he may run away with: each faster than every move time on
/// his sheet and strong enough for his [`load`]; a Move chit within his effort limit too.
fn carriers(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> Vec<ManeuverPlay> {
    let limit = move_times_on_sheet(cat, state, combat, seat)
        .into_iter()
        .min();
    let fast = |time: u8| limit.is_none_or(|l| time < l);
    let carried = load(cat, state, seat);
    let mut out = Vec::new();
    for (chit, kind, _, effort) in encounter::free_chits(cat, state, combat, seat) {
        let Some(strength) = kind.move_strength() else {
            continue;
        };
        let time = fighters::move_chit_time(cat, state, seat, chit).unwrap_or(u8::MAX);
        if fast(time)
            && strength >= carried
            && encounter::within_effort(cat, state, combat, seat, effort)
        {
            out.push(ManeuverPlay::Chit { chit });
        }
    }
    if let Some(boots) = fighters::card_values(cat, state, seat, true) {
        if fast(boots.time) && boots.strength >= carried {
            out.push(ManeuverPlay::Boots);
        }
    }
    if let Some(horse) = belongings::active_horse(cat, state, seat) {
        for (galloping, side) in [(false, horse.trot), (true, horse.gallop)] {
            if fast(side.time) && side.strength >= carried {
                out.push(ManeuverPlay::Horse { galloping });
            }
        }
    }
    // 4.6.8d: transmorphized, with his creature's move time.
    if super::transmorphized::runs(cat, state, combat, seat) {
        out.push(ManeuverPlay::Creature);
    }
    // Melt into Mist: mist, with the Move chit the spell gives him to run away with.
    if let Some(mist) = super::spells::mist::run_away_values(cat, state, seat) {
        if fast(mist.time) && mist.strength >= carried {
            out.push(ManeuverPlay::Mist);
        }
    }
    out
}

/// 8.3.7, 8.3.8: his ways to run away, for each roadway he may run onto. None while a
/// red-side-up Tremendous monster holds him (8.4.7).
pub fn options(cat: &Catalog, state: &GameState, combat: &Combat, seat: Seat) -> Vec<A> {
    if encounter::held(combat, seat) {
        return Vec::new();
    }
    let ends = roadways(cat, state, seat, combat.at);
    if ends.is_empty() {
        return Vec::new();
    }
    carriers(cat, state, combat, seat)
        .into_iter()
        .flat_map(|with| ends.iter().map(move |to| A::RunAway { with, to: *to }))
        .collect()
}

/// 8.3.8: he runs onto the roadway toward `to`, taking his belongings; the denizens on his
/// sheet stay behind, unassigned until the next round; his hirelings never run away (he
/// directs them from afar, 8.1.2).
pub fn run(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    with: ManeuverPlay,
    to: ClearingRef,
    events: &mut Events,
) -> Result<(), RuleError> {
    let name = who::who(cat, state, seat);
    let counter =
        who::counter(state, seat).ok_or_else(|| RuleError::internal("a runner has no counter"))?;
    let hired = {
        let at = current_mut(state)?.at;
        hirelings::of(cat, state, seat, at)
    };
    let combat = current_mut(state)?;
    let from = combat.at;
    if let ManeuverPlay::Chit { chit } = with {
        combat.used.entry(seat).or_default().insert(chit);
    }
    let left = combat.sheets.remove(&seat).unwrap_or_default();
    combat.drop_charges(|_, target| target == seat);
    combat.acted.insert(seat);
    // 8.1.2: his hirelings stay and fight, directed from afar.
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
        .move_to(&counter, Place::Roadway { from, to }, None);
    let by = match with {
        ManeuverPlay::Chit { chit } => format!("Move chit {}", chit + 1),
        ManeuverPlay::Boots => "his Boots card".into(),
        ManeuverPlay::Fly { .. } => "his Fly chit".into(),
        ManeuverPlay::Creature => "his creature's move".into(),
        ManeuverPlay::Mist => "the Move chit of his mist".into(),
        ManeuverPlay::Horse { galloping: true } => "his galloping horse".into(),
        ManeuverPlay::Horse { galloping: false } => "his walking horse".into(),
    };
    let behind = if left.is_empty() {
        String::new()
    } else {
        let names: Vec<String> = left.iter().map(|p| p.to_string()).collect();
        format!(", leaving {} behind", names.join(", "))
    };
    events.push(Event::public(
        "8.3.8",
        format!(
            "{name} runs away with {by} onto the roadway toward {}{behind}.",
            who::name(cat, to)
        ),
        E::RanAway {
            seat,
            with,
            from,
            to,
            left,
        },
    ));
    Ok(())
}
