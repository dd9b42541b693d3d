//! The game day (rules 5.1, 6, 7, 8.1, 8.9) and the end of the game (9): a new day,
//! Birdsong recording, Sunrise, Daylight turns with their activities and the prowling
//! denizens at each turn's end, Sunset and the Evening's hand-over to combat, Midnight,
//! and the final score.

pub mod alerting;
pub mod belongings;
pub mod berserk;
pub mod birdsong;
pub mod blocking;
pub mod buyer;
pub mod carried;
pub mod carrier_gifts;
pub mod creatures;
pub mod curses;
pub mod daylight;
pub mod enchanting;
pub mod evening;
pub mod flying;
pub mod following;
pub mod gifts;
pub mod guide_gifts;
pub mod hiding;
pub mod hiring;
pub mod leader_flight;
pub mod leader_records;
pub mod leader_search;
pub mod leader_trade;
pub mod leaders;
pub mod leaving;
pub mod looting;
pub mod magic_sight;
pub mod meeting;
pub mod midnight;
pub mod missions;
pub mod monster_follow;
pub mod monster_turns;
pub mod moving;
pub mod phantasm;
pub mod potions;
pub mod premonition;
pub mod prophecy;
pub mod prowling;
pub mod quitting;
pub mod remote_enchant;
pub mod restart;
pub mod resting;
pub mod rolls;
pub mod runes;
pub mod scoring;
pub mod search;
pub mod searcher;
pub mod sleep;
pub mod spying;
pub mod steeds;
pub mod summoning;
pub mod sunrise;
pub mod trading;
pub mod treasure_phases;
pub mod twt;
pub mod underlings;
pub mod who;

use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::pieces::{PieceId, Place};
use crate::magic_realm::state::{GameState, Homes, Step, Today};

type Events = Vec<Event<E>>;

/// 6.3.4: records where every denizen starts the game: monsters in their chart boxes,
/// natives in their boxes, garrisons and Ghosts in their clearings on the map.
/// A monster found anywhere else (a scenario's) gets the first chart box that pictures it.
pub fn record_homes(cat: &Catalog, state: &mut GameState) {
    let mut homes: Vec<(PieceId, Place)> = state
        .piles
        .iter()
        .filter(|(place, _)| {
            matches!(
                place,
                Place::ChartBox { .. } | Place::Natives { .. } | Place::Clearing { .. }
            )
        })
        .flat_map(|(place, pile)| pile.iter().map(move |c| (c.piece.clone(), place.clone())))
        .filter(|(piece, _)| {
            matches!(
                piece,
                PieceId::Monster { .. }
                    | PieceId::MonsterPart { .. }
                    | PieceId::Native { .. }
                    | PieceId::NativeHorse { .. }
            )
        })
        .map(|(piece, place)| {
            let place = match (&piece, &place) {
                (PieceId::Monster { id, .. }, Place::Clearing { .. }) => {
                    first_box(cat, id).unwrap_or(place)
                }
                _ => place,
            };
            (piece, place)
        })
        .collect();
    homes.sort_by(|a, b| a.0.cmp(&b.0));
    state.homes = Homes(homes);
}

/// The first Appearance Chart box that pictures a monster; none for the Ghosts, who are
/// always prowling.
fn first_box(
    cat: &Catalog,
    id: &crate::magic_realm::catalog::denizens::MonsterId,
) -> Option<Place> {
    use crate::magic_realm::catalog::setup_card::BoxContents;
    cat.setup_card.chart.rows.iter().find_map(|row| {
        row.groups
            .iter()
            .flat_map(|g| g.boxes.iter())
            .find(|b| matches!(&b.holds, BoxContents::Monsters(ms) if ms.iter().any(|m| &m.monster == id)))
            .map(|b| Place::ChartBox {
                row: row.row,
                number: b.number,
            })
    })
}

/// Play begins (3.6.4): homes recorded, and the first day's Birdsong.
pub fn begin_play(cat: &Catalog, state: &mut GameState, day: u8) -> Result<Events, RuleError> {
    record_homes(cat, state);
    new_day(cat, state, day)
}

/// 6.1: a new day begins with Birdsong.
pub fn new_day(cat: &Catalog, state: &mut GameState, day: u8) -> Result<Events, RuleError> {
    let mut events = Vec::new();
    state.today = Today::default();
    state.step = Step::Birdsong { day };
    // Phantasm: each is put with the character who controls it.
    phantasm::birdsong(cat, state);
    let supplied = cat.setup_card.setup.seventh_day_colours(day, state.days);
    let colours = if supplied.is_empty() {
        String::new()
    } else {
        let names: Vec<String> = supplied.iter().map(|c| format!("{c:?}")).collect();
        format!(
            " It is the seventh day of the week: {} magic is supplied everywhere (6.1.2).",
            names.join(" and ")
        )
    };
    events.push(Event::public(
        "6.1.1",
        format!("Day {day} of {} begins.{colours}", state.days),
        E::DayBegins { day },
    ));
    Ok(events)
}

/// The seats that owe an action now.
pub fn to_act(cat: &Catalog, state: &GameState) -> Vec<Seat> {
    match &state.step {
        Step::Birdsong { .. } => state
            .all_seats()
            .filter(|s| !legal_actions(cat, state, *s).is_empty())
            .collect(),
        Step::Evening { .. } => evening::to_act(cat, state),
        Step::Daylight { .. } => {
            let followers = following::waiting(state);
            if followers.is_empty() {
                twt::choice::decider(state)
                    .or(premonition::decider(state))
                    .or(leaders::awaiting(state).map(|(seat, _)| seat))
                    .or(monster_turns::awaiting(cat, state).map(|(seat, _)| seat))
                    .or(guide_gifts::awaiting(cat, state).map(|(seat, _)| seat))
                    .or(daylight::turn_of(state))
                    .into_iter()
                    .collect()
            } else {
                followers
            }
        }
        _ => Vec::new(),
    }
}

pub fn legal_actions(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<A> {
    match &state.step {
        Step::Birdsong { .. } if restart::eligible(cat, state, seat) => {
            restart::options(cat, state, seat)
        }
        Step::Birdsong { .. } => birdsong::options(cat, state, seat),
        Step::Daylight { .. } => daylight::options(cat, state, seat),
        Step::Evening { .. } => evening::options(cat, state, seat),
        _ => Vec::new(),
    }
}

/// Applies a day action (already known to be legal) and runs the day on to the next
/// decision.
pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
) -> Result<Events, RuleError> {
    let mut events = match &state.step {
        Step::Birdsong { .. } => match action {
            A::VoteToEnd { .. } | A::DeclareSuicide { .. } => {
                quitting::apply(cat, state, seat, action)?
            }
            a if restart::eligible(cat, state, seat) && restart::is_restart_action(a) => {
                restart::apply(cat, state, seat, action)?
            }
            _ => birdsong::apply(state, seat, action)?,
        },
        Step::Daylight { .. } => daylight::apply(cat, state, seat, action)?,
        Step::Evening { .. } => evening::apply(cat, state, seat, action)?,
        _ => return Err(RuleError::illegal("the game is not in a day")),
    };
    advance(cat, state, &mut events)?;
    // 8.7, 8.9: a hired leader no longer hired keeps what he carried with his group; a
    // monster no longer controlled abandons it.
    events.extend(carried::release_unhired(cat, state));
    // 4.6.6h: Permanent spells whose targets are now supplied with colour are energized.
    crate::magic_realm::combat::spells::permanent::supply(cat, state, &mut events)?;
    // Absorb Essence 4: an energized item's spell whose item no character holds makes
    // the item its monster (and an inert one turns it back).
    crate::magic_realm::combat::spells::item_monster::sync(cat, state, &mut events);
    // 4.6.8b: who has just become a creature has what he has with him transmorphized.
    crate::magic_realm::combat::spells::carrying::sync(cat, state, &mut events);
    Ok(events)
}

/// 9.3: the game ends: unfinished tasks are paid for, and every seat is scored.
fn end_game(cat: &Catalog, state: &mut GameState, events: &mut Events) -> Result<(), RuleError> {
    missions::game_end(cat, state, events)?;
    let scores = scoring::final_scores(cat, state);
    events.push(Event::public(
        "9.3",
        scoring::outcome(cat, state, &scores).summary,
        E::GameEnded {
            scores: scores.clone(),
        },
    ));
    state.step = Step::GameOver { scores };
    Ok(())
}

/// Runs the automatic parts of the day (Sunrise, the rest of Daylight, Sunset, Evening,
/// Midnight, a new day or the end) until a seat must act.
pub fn advance(cat: &Catalog, state: &mut GameState, events: &mut Events) -> Result<(), RuleError> {
    loop {
        match state.step.clone() {
            Step::Birdsong { day } => {
                if !to_act(cat, state).is_empty() {
                    return Ok(());
                }
                birdsong::seal_records(cat, state);
                if quitting::agreed_end(state) {
                    events.push(Event::public(
                        "9.2.1",
                        "Every player still in the game agrees to end it: it ends as at the end of the month.",
                        E::AgreedEnd,
                    ));
                    end_game(cat, state, events)?;
                    return Ok(());
                }
                events.extend(sunrise::sunrise(cat, state, day)?);
                state.step = Step::Daylight { day };
            }
            Step::Daylight { day } => {
                if !daylight::progress(cat, state, events)? {
                    return Ok(());
                }
                // 4.6.6g: the Day spells cast yesterday expire at Sunset.
                crate::magic_realm::combat::spells::sunset(cat, state, day, events);
                // 7.2.2, 8.7: a monster no longer controlled abandons what it carried.
                events.extend(carried::release_unhired(cat, state));
                // 8.1.1: the Flowers of Rest's sleepers wake.
                sleep::wake(cat, state, events);
                events.extend(evening::sunset(cat, state));
                state.step = Step::Evening { day };
            }
            Step::Evening { day } => {
                if !evening::progress(cat, state, events)? {
                    return Ok(());
                }
                events.extend(midnight::midnight(cat, state, day)?);
                // 9.1.2: the game goes on while a dead character's player may still start
                // afresh (at the Inn, so only while it is on the map).
                let nobody = state.all_seats().all(|s| !who::playing(state, s))
                    && (state.seats.iter().all(|s| s.rejoin_on.is_none())
                        || !restart::possible(cat, state));
                if day >= state.days || nobody {
                    end_game(cat, state, events)?;
                    return Ok(());
                }
                events.extend(new_day(cat, state, day + 1)?);
            }
            _ => return Ok(()),
        }
    }
}
