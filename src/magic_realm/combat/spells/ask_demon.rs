//! The Ask Demon spell (List of Spells, Ask Demon; 4.5): aimed at a Demon or Winged Demon
//! in his clearing, it lets the spellcaster ask another player one question about his
//! recorded information or his game pieces, to be answered truthfully by yes, no or a
//! number, question and answer kept secret from the other players.
//!
//! The questions the engine can answer are a closed set ([`DemonQuestion`]); the engine
//! answers from the state, in an event only the asker and the player asked see.

use super::Events;
use crate::engine::{Event, Seat};
use crate::magic_realm::actions::MagicRealmEvent as E;
use crate::magic_realm::catalog::items::TreasureId;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::day::{belongings, who};
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::points::Points;
use crate::magic_realm::state::{GameState, VictoryCategory};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// A question the Demon answers about another character (`seat`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, Tsify)]
#[serde(tag = "ask", rename_all = "camelCase")]
pub enum DemonQuestion {
    /// How much gold he has recorded.
    Gold { seat: Seat },
    /// How much fame he has recorded.
    Fame { seat: Seat },
    /// How much notoriety he has recorded.
    Notoriety { seat: Seat },
    /// How many victory points he assigned to a category (3.3.6: Victory Requirements).
    VictoryPoints {
        seat: Seat,
        category: VictoryCategory,
    },
    /// How many spells he has recorded.
    SpellsRecorded { seat: Seat },
    /// Whether he owns this Treasure card (active or not).
    Holds { seat: Seat, treasure: TreasureId },
}

impl DemonQuestion {
    /// The player asked.
    pub fn seat(&self) -> Seat {
        match self {
            DemonQuestion::Gold { seat }
            | DemonQuestion::Fame { seat }
            | DemonQuestion::Notoriety { seat }
            | DemonQuestion::VictoryPoints { seat, .. }
            | DemonQuestion::SpellsRecorded { seat }
            | DemonQuestion::Holds { seat, .. } => *seat,
        }
    }
}

/// The Demon's answer: yes, no, or a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "answer", rename_all = "camelCase")]
pub enum DemonAnswer {
    Yes,
    No,
    Number {
        n: i32,
    },
    /// A number of Fame or Notoriety points, exactly (8.7 keeps fractions).
    Points {
        points: Points,
    },
}

/// The questions `seat` may ask: of each other character still playing, each question of
/// the closed set, in a fixed order (Treasure cards in the order of the card list).
pub fn questions(cat: &Catalog, state: &GameState, seat: Seat) -> Vec<DemonQuestion> {
    let mut out = Vec::new();
    for i in 0..state.seats.len() {
        let Ok(other) = u8::try_from(i).map(Seat) else {
            continue;
        };
        if other == seat || state.seat(other).is_none_or(|s| s.character.is_none()) {
            continue;
        }
        if !who::playing(state, other) {
            continue;
        }
        out.push(DemonQuestion::Gold { seat: other });
        out.push(DemonQuestion::Fame { seat: other });
        out.push(DemonQuestion::Notoriety { seat: other });
        for category in VictoryCategory::ALL {
            out.push(DemonQuestion::VictoryPoints {
                seat: other,
                category,
            });
        }
        out.push(DemonQuestion::SpellsRecorded { seat: other });
        for t in &cat.items.treasures {
            out.push(DemonQuestion::Holds {
                seat: other,
                treasure: t.id.clone(),
            });
        }
    }
    out
}

/// The true answer, from the state.
pub fn answer(state: &GameState, question: &DemonQuestion) -> DemonAnswer {
    let sheet = state.seat(question.seat());
    let number = |f: fn(&crate::magic_realm::state::SeatState) -> i32| DemonAnswer::Number {
        n: sheet.map_or(0, f),
    };
    match question {
        DemonQuestion::Gold { .. } => number(|s| s.gold),
        DemonQuestion::Fame { .. } => DemonAnswer::Points {
            points: sheet.map_or(Points::ZERO, |s| s.fame),
        },
        DemonQuestion::Notoriety { .. } => DemonAnswer::Points {
            points: sheet.map_or(Points::ZERO, |s| s.notoriety),
        },
        DemonQuestion::VictoryPoints { category, .. } => DemonAnswer::Number {
            n: sheet.map_or(0, |s| i32::from(s.secret.victory.get(*category))),
        },
        DemonQuestion::SpellsRecorded { .. } => DemonAnswer::Number {
            n: sheet.map_or(0, |s| {
                i32::try_from(s.secret.spells.len()).unwrap_or(i32::MAX)
            }),
        },
        DemonQuestion::Holds { seat, treasure } => {
            let piece = PieceId::Treasure {
                id: treasure.clone(),
            };
            if belongings::owned(state, *seat).contains(&piece) {
                DemonAnswer::Yes
            } else {
                DemonAnswer::No
            }
        }
    }
}

fn words(cat: &Catalog, state: &GameState, q: &DemonQuestion) -> String {
    let whom = who::who(cat, state, q.seat());
    match q {
        DemonQuestion::Gold { .. } => format!("how much gold has {whom} recorded"),
        DemonQuestion::Fame { .. } => format!("how much fame has {whom} recorded"),
        DemonQuestion::Notoriety { .. } => format!("how much notoriety has {whom} recorded"),
        DemonQuestion::VictoryPoints { category, .. } => {
            format!("how many victory points did {whom} assign to {category:?}")
        }
        DemonQuestion::SpellsRecorded { .. } => format!("how many spells has {whom} recorded"),
        DemonQuestion::Holds { treasure, .. } => format!(
            "does {whom} own the {}",
            cat.items
                .treasure(treasure)
                .map_or_else(|| treasure.0.clone(), |t| t.name.clone())
        ),
    }
}

/// `seat` asks `question`: the others learn only that he asked; he and the player asked
/// see the question and the true answer.
pub fn ask(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
    question: &DemonQuestion,
    events: &mut Events,
) {
    let answer = answer(state, question);
    let said = match answer {
        DemonAnswer::Yes => "yes".to_string(),
        DemonAnswer::No => "no".to_string(),
        DemonAnswer::Number { n } => n.to_string(),
        DemonAnswer::Points { points } => points.to_string(),
    };
    events.push(Event::public(
        "4.5",
        format!(
            "{} asks the Demon one question.",
            who::who(cat, state, seat)
        ),
        E::DemonAsked { seat },
    ));
    let text = format!(
        "The Demon is asked {}: {said}.",
        words(cat, state, question)
    );
    for to in [seat, question.seat()] {
        events.push(Event::private(
            "4.5",
            to,
            text.clone(),
            E::DemonAnswered {
                question: question.clone(),
                answer,
            },
        ));
    }
}
