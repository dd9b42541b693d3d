//! Character death outside combat and quitting the game (rules 9.1.1, 9.2): a character's
//! death (his belongings abandoned in his clearing, his hirelings and his mission and
//! campaign chits left there), suicide at Midnight, and the agreed end, when every player
//! still in the game votes to stop.

use super::who;
use crate::engine::{Event, RuleError, Seat};
use crate::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::pieces::Place;
use crate::magic_realm::state::{Fate, GameState};

type Events = Vec<Event<E>>;

/// The quitting choices open in Birdsong: a vote for the agreed end (9.2.1) and a
/// declaration to suicide at this day's Midnight (9.2.2), each to give or withdraw.
pub fn options(state: &GameState, seat: Seat) -> Vec<A> {
    let Some(s) = state.seat(seat) else {
        return Vec::new();
    };
    vec![
        A::VoteToEnd {
            vote: !s.votes_to_end,
        },
        A::DeclareSuicide {
            declare: !s.suicide_tonight,
        },
    ]
}

/// Applies a quitting choice (public: the other players hear it).
pub fn apply(
    cat: &Catalog,
    state: &mut GameState,
    seat: Seat,
    action: &A,
) -> Result<Events, RuleError> {
    let name = who::who(cat, state, seat);
    let sheet = state
        .seat_mut(seat)
        .ok_or_else(|| RuleError::internal("no such seat"))?;
    Ok(match action {
        A::VoteToEnd { vote } => {
            sheet.votes_to_end = *vote;
            vec![Event::reveal(
                "9.2.1",
                if *vote {
                    format!("{name} votes to end the game now.")
                } else {
                    format!("{name} withdraws his vote to end the game.")
                },
                E::EndVote { seat, vote: *vote },
            )]
        }
        A::DeclareSuicide { declare } => {
            sheet.suicide_tonight = *declare;
            vec![Event::reveal(
                "9.2.2",
                if *declare {
                    format!("{name} will take his own life at Midnight.")
                } else {
                    format!("{name} thinks better of it.")
                },
                E::SuicideDeclared {
                    seat,
                    declare: *declare,
                },
            )]
        }
        other => {
            return Err(RuleError::internal(format!(
                "{other:?} is not a quitting choice"
            )))
        }
    })
}

/// 9.2.1: whether every player still in the game has voted to end it.
pub fn agreed_end(state: &GameState) -> bool {
    let mut playing = state
        .all_seats()
        .filter(|s| who::playing(state, *s))
        .peekable();
    playing.peek().is_some()
        && state
            .all_seats()
            .filter(|s| who::playing(state, *s))
            .all(|s| state.seat(s).is_some_and(|x| x.votes_to_end))
}

/// 9.1.1: the character dies: his belongings are abandoned in his clearing, his hirelings
/// go free, his mission and campaign chits stay there, and his counter leaves the map.
pub fn kill(cat: &Catalog, state: &mut GameState, seat: Seat, rule: &str, events: &mut Events) {
    let name = who::who(cat, state, seat);
    if let Some(at) = who::clearing(state, seat) {
        for piece in super::belongings::owned(state, seat) {
            let facing = state.piles.find(&piece).map(|(_, c)| c.facing);
            if let Some(facing) = facing {
                state.piles.take(&piece);
                state
                    .piles
                    .put_bottom(Place::Clearing { at }, piece, facing);
            }
        }
    }
    events.extend(super::hiring::release_all(cat, state, seat));
    if let Some(counter) = who::counter(state, seat) {
        state.piles.move_to(&counter, Place::Aside, None);
    }
    // 9.1.2: he may start again the next day; after a suicide, a whole day later (9.2.2).
    let day = state.step.day().unwrap_or(0);
    let wait = if rule == "9.2.2" { 2 } else { 1 };
    if let Some(s) = state.seat_mut(seat) {
        s.rejoin_on = Some(day.saturating_add(wait));
        s.fate = Fate::Dead;
        s.tasks.clear();
        s.inactive.clear();
        s.hidden = false;
        s.suicide_tonight = false;
        s.votes_to_end = false;
    }
    events.push(Event::public(
        rule,
        format!("{name} is dead: his belongings lie where he fell."),
        E::CharacterDied { seat },
    ));
}

/// 9.2.2 at Midnight: those who declared it take their own lives; the day's votes to end
/// lapse.
pub fn midnight(cat: &Catalog, state: &mut GameState, events: &mut Events) {
    for seat in state.all_seats().collect::<Vec<_>>() {
        let suicide = state.seat(seat).is_some_and(|s| s.suicide_tonight);
        if suicide && who::playing(state, seat) {
            kill(cat, state, seat, "9.2.2", events);
        }
        if let Some(s) = state.seat_mut(seat) {
            s.votes_to_end = false;
            s.suicide_tonight = false;
        }
    }
}
