//! The end of the game (rule 9.3): what each character counts (with what his hired leaders
//! carry for him, 7.6), his score in each
//! category against his victory requirements, and the winners.

use super::who;
use crate::engine::{Outcome, Seat};
use crate::magic_realm::catalog::common::Size;
use crate::magic_realm::catalog::denizens::NativeId;
use crate::magic_realm::catalog::Catalog;
use crate::magic_realm::pieces::PieceId;
use crate::magic_realm::points::Points;
use crate::magic_realm::state::{Fate, GameState, Score, VictoryCategory};

/// 9.3.1: a character killed (and not restarted) scores -100.
pub const DEAD_SCORE: i32 = -100;

/// 9.3.2: what the seat has earned in each category, before requirements (Fame and
/// Notoriety exactly, with the fractions of shared kills, 8.7).
pub fn earned(cat: &Catalog, state: &GameState, seat: Seat) -> [Points; 5] {
    let Some(sheet) = state.seat(seat) else {
        return [Points::ZERO; 5];
    };
    // 9.3: only the items his strongest Move chit in play, active horse or active Boots
    // card can carry count.
    let strength =
        super::belongings::carry_strength(cat, state, seat, super::belongings::Carriers::Scoring);
    // 4.6.7a: Ashes and Disgust make recorded gold and fame count as -1.
    let (recorded_gold, recorded_fame) = super::curses::counted_gold_and_fame(state, seat);
    let mut worth = Worth {
        great: 0,
        fame: recorded_fame,
        notoriety: sheet.notoriety,
    };
    worth.count(cat, &super::belongings::owned(state, seat), strength);
    // 7.6, 9.3 (our ruling): what his hired leaders carry is his, each item counted if
    // the leader can carry it (his own move strength, 4.3, 7.3.1).
    for (leader, carried) in hired_leaders_piles(cat, state, seat) {
        worth.count(
            cat,
            &carried,
            super::carried::scoring_strength(cat, &leader),
        );
    }
    let Worth {
        great,
        fame,
        notoriety,
    } = worth;
    // Gold: recorded gold less the 10 starting gold and the price of the starting
    // weapons and armor.
    let start_price: i32 = who::card(cat, state, seat).map_or(0, |c| {
        let w: u32 = c
            .starting_weapons()
            .iter()
            .filter_map(|w| cat.items.weapon(w))
            .map(|w| w.price)
            .sum();
        let a: u32 = c
            .starting_armor()
            .iter()
            .filter_map(|a| cat.items.armor_piece(a))
            .map(|a| a.price_intact)
            .sum();
        i32::try_from(w + a).unwrap_or(i32::MAX)
    });
    // 7.6 (our ruling): the gold his hired leaders have recorded is his recorded gold too;
    // under Ashes it all counts as -1 (4.6.7a: "his recorded gold is treated as -1").
    let leaders_gold: i32 = if super::curses::has_ashes(state, seat) {
        0
    } else {
        hired_leaders_piles(cat, state, seat)
            .iter()
            .map(|(leader, _)| super::carried::gold(state, leader))
            .fold(0, i32::saturating_add)
    };
    let gold = recorded_gold
        .saturating_add(leaders_gold)
        .saturating_sub(10)
        .saturating_sub(start_price);
    // 3.3.6g: the spells learned from Spell cards during the game (not his starting ones,
    // nor the Spell cards of his Artifacts and Spell Books).
    let spells = i32::try_from(sheet.secret.learned.len()).unwrap_or(i32::MAX);
    [
        Points::whole(great),
        Points::whole(spells),
        fame,
        notoriety,
        Points::whole(gold),
    ]
}

/// 9.3.2: what counts of a character's belongings (Great Treasures, Fame, Notoriety).
struct Worth {
    great: i32,
    fame: Points,
    notoriety: Points,
}

impl Worth {
    /// An item's Fame and Notoriety.
    fn add(&mut self, fame: i32, notoriety: i32) {
        self.fame = self.fame.saturating_add(Points::whole(fame));
        self.notoriety = self.notoriety.saturating_add(Points::whole(notoriety));
    }

    /// 9.3: adds the values of `items`, those heavier than `strength` excepted (he cannot
    /// count items that cannot be carried).
    fn count(&mut self, cat: &Catalog, items: &[PieceId], strength: Size) {
        for item in items
            .iter()
            .filter(|i| who::weight(cat, i).is_none_or(|w| w <= strength))
        {
            match item {
                PieceId::Treasure { id } => {
                    if let Some(t) = cat.items.treasure(id) {
                        self.great += i32::from(t.great);
                        self.add(t.fame, t.notoriety);
                    }
                }
                PieceId::Weapon { id, .. } => {
                    if let Some(w) = cat.items.weapon(id) {
                        self.add(w.fame, w.notoriety);
                    }
                }
                PieceId::Armor { id, .. } => {
                    if let Some(a) = cat.items.armor_piece(id) {
                        self.add(a.fame, a.notoriety);
                    }
                }
                _ => {}
            }
        }
    }
}

/// 7.6, 9.3.1: the seat's hired leaders, each with what he carries. Controlled monsters
/// carry nothing for the score: every spell is broken at the end of the game (9.3.1), so
/// no monster is controlled any more.
fn hired_leaders_piles(
    cat: &Catalog,
    state: &GameState,
    seat: Seat,
) -> Vec<(NativeId, Vec<PieceId>)> {
    state
        .seat(seat)
        .into_iter()
        .flat_map(|s| s.hirelings.iter())
        .filter_map(|h| {
            super::carried::hired_leader(cat, state, &super::leaders::counter(&h.native))
        })
        .map(|leader| {
            let pile = super::carried::carried(state, &super::leaders::counter(&leader));
            (leader, pile)
        })
        .collect()
}

/// 9.3.2: a seat's score.
pub fn score(cat: &Catalog, state: &GameState, seat: Seat) -> Score {
    if let Some(s) = state.seat(seat).and_then(|s| s.final_score.clone()) {
        return s;
    }
    let fate = state.seat(seat).map_or(Fate::Dead, |s| s.fate);
    if fate == Fate::Dead {
        return Score {
            seat,
            basic: vec![0; 5],
            bonus: vec![0; 5],
            total: DEAD_SCORE,
            fate,
        };
    }
    let victory = state
        .seat(seat)
        .map(|s| s.secret.victory)
        .unwrap_or_default();
    let got = earned(cat, state, seat);
    let mut basic = Vec::new();
    let mut bonus = Vec::new();
    for (i, c) in VictoryCategory::ALL.iter().enumerate() {
        let needed = i32::try_from(victory.needed(*c)).unwrap_or(i32::MAX);
        let diff = got
            .get(i)
            .copied()
            .unwrap_or(Points::ZERO)
            .saturating_add(Points::whole(needed.saturating_neg()));
        let b = basic_score(diff, c.factor());
        basic.push(b);
        bonus.push(b * i32::from(victory.get(*c)));
    }
    let total = basic.iter().sum::<i32>() + bonus.iter().sum::<i32>();
    Score {
        seat,
        basic,
        bonus,
        total,
        fate,
    }
}

/// 9.3.2: a category's basic score from what he earned beyond his requirement (`diff`):
/// a shortfall counts three times; divided by the category's factor, fractions (the
/// shares of kills, 8.7, among them) rounded down, negative ones too.
fn basic_score(diff: Points, factor: u32) -> i32 {
    let times = if diff.is_negative() { 3 } else { 1 };
    let (num, den) = (i128::from(diff.num()), i128::from(diff.den()));
    let score = (num * times).div_euclid(den * i128::from(factor.max(1)));
    i32::try_from(score).unwrap_or(if score < 0 { i32::MIN } else { i32::MAX })
}

/// 9.3.2: every seat's score; those with zero or more have won; the highest is the victor.
pub fn final_scores(cat: &Catalog, state: &GameState) -> Vec<Score> {
    state.all_seats().map(|s| score(cat, state, s)).collect()
}

pub fn outcome(cat: &Catalog, state: &GameState, scores: &[Score]) -> Outcome {
    let winners: Vec<Seat> = scores
        .iter()
        .filter(|s| s.total >= 0)
        .map(|s| s.seat)
        .collect();
    let best = scores.iter().map(|s| s.total).max().unwrap_or(0);
    let victors: Vec<String> = scores
        .iter()
        .filter(|s| s.total == best)
        .map(|s| who::who(cat, state, s.seat))
        .collect();
    let list: Vec<String> = scores
        .iter()
        .map(|s| format!("{} {}", who::who(cat, state, s.seat), s.total))
        .collect();
    Outcome {
        winners,
        summary: format!(
            "The game is over (9.3). Scores: {}. Most successful: {}.",
            list.join(", "),
            victors.join(" and ")
        ),
    }
}
