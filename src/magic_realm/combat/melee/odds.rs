//! The odds query: for a character's candidate plays against the denizens on his sheet,
//! the exact probability of each outcome of the Melee Step — each attacker hitting,
//! missing or being cancelled, the harm each inflicts, who is killed, the character's
//! wounds, horse and armor — found by enumerating every Repositioning, Change Tactics and
//! Missile Table roll (8.4.6, 8.4.9) rather than by sampling.
//!
//! [`Enumerator`] is a [`Chance`] that walks the tree of roll results depth first: each
//! resolution replays the choices of the path so far and takes the first result of any
//! new roll; the next path moves the deepest roll that has results left to its next one.
//! Each leaf is one call to [`resolve_with`], weighted by the product of its results'
//! probabilities: a Repositioning roll 1/6 each; Change Tactics turning over 11/36 (a 6 on
//! either die), staying 25/36; a Missile Table row the chance of the die — or of the
//! higher of two dice plus the modifier, clamped to rows 1 to 6 — falling on it. Rows that
//! are equal after clamping are one branch.

use super::chance::{missile_row, Chance, SheetPart};
use super::resolve::resolve_with;
use super::tables::MeleeTables;
use super::{
    FighterId, Lane, MeleeEffect, MeleeFighter, MeleeOutcome, MissileDice, Sheet, Situation,
};
use crate::engine::RuleError;
use crate::magic_realm::catalog::common::Size;
use crate::magic_realm::catalog::Catalog;
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// More leaves than this and the query refuses (a whole clearing of busy sheets).
pub const MAX_OUTCOMES: u32 = 1 << 20;

/// Probabilities of the harm an attacker inflicts (its worst uncancelled hit); they sum
/// to 1. `none`: it missed, made no attack, was cancelled, or its hit inflicted no harm
/// letter (below Negligible, a hold-and-kill or a spell strike).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize, Tsify)]
pub struct HarmOdds {
    pub none: f64,
    pub negligible: f64,
    pub light: f64,
    pub medium: f64,
    pub heavy: f64,
    pub tremendous: f64,
}

impl AttackerOdds {
    fn new(fighter: FighterId) -> Self {
        AttackerOdds {
            fighter,
            hits: 0.0,
            cancelled: 0.0,
            harm: HarmOdds::default(),
            killed: 0.0,
        }
    }
}

impl HarmOdds {
    fn add(&mut self, harm: Option<Size>, w: f64) {
        match harm {
            None => self.none += w,
            Some(Size::Negligible) => self.negligible += w,
            Some(Size::Light) => self.light += w,
            Some(Size::Medium) => self.medium += w,
            Some(Size::Heavy) => self.heavy += w,
            Some(Size::Tremendous) => self.tremendous += w,
        }
    }

    /// The probabilities in order none, Negligible ... Tremendous.
    pub fn as_array(&self) -> [f64; 6] {
        [
            self.none,
            self.negligible,
            self.light,
            self.medium,
            self.heavy,
            self.tremendous,
        ]
    }
}

/// One fighter of the focus character's sheet (or the character himself).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, Tsify)]
pub struct AttackerOdds {
    pub fighter: FighterId,
    /// Its attack hits (undercuts or intercepts), cancelled or not.
    pub hits: f64,
    /// Its hit is cancelled before it takes effect.
    pub cancelled: f64,
    pub harm: HarmOdds,
    /// It is killed this step.
    pub killed: f64,
}

/// One piece of the focus character's armor: untouched, damaged (and not destroyed), or
/// destroyed this step; they sum to 1.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize, Tsify)]
pub struct ArmorOdds {
    pub token: u16,
    pub unaffected: f64,
    pub damaged: f64,
    pub destroyed: f64,
}

/// The exact odds of a Melee Step, seen from one character.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
pub struct Odds {
    pub focus: FighterId,
    /// How many distinct roll sequences were resolved.
    pub outcomes: u32,
    pub killed: f64,
    /// At least one wound.
    pub wounded: f64,
    pub expected_wounds: f64,
    /// The horse he played is killed.
    pub horse_killed: f64,
    /// A Demon's or Imp's spell strikes him.
    pub spell_struck: f64,
    pub armor: Vec<ArmorOdds>,
    /// The character first, then each counter on his sheet in the order it lists them.
    pub attackers: Vec<AttackerOdds>,
}

/// The exact odds of a Melee Step for `focus`, a character (see the module doc).
pub fn odds(cat: &Catalog, sit: &Situation, focus: FighterId) -> Result<Odds, RuleError> {
    odds_with_red(cat, sit, focus, &[])
}

/// [`odds`], with the red die of some attackers' Missile Table rolls already set (the
/// Magic Wand, `day::rolls::controls_red_die`): those rolls enumerate only the other die.
pub fn odds_with_red(
    cat: &Catalog,
    sit: &Situation,
    focus: FighterId,
    red_missile: &[(FighterId, u8)],
) -> Result<Odds, RuleError> {
    let tables = MeleeTables::new(cat)?;
    let mut tally = Tally::new(sit, focus)?;
    let mut e = Enumerator {
        red_missile: red_missile.to_vec(),
        ..Enumerator::default()
    };
    loop {
        e.start();
        let outcome = resolve_with(&tables, sit, &mut e)?;
        if e.inconsistent {
            return Err(RuleError::internal(
                "the melee asked for different rolls on the same path",
            ));
        }
        tally.add(&outcome, e.prob);
        if tally.outcomes >= MAX_OUTCOMES {
            return Err(RuleError::internal("too many roll sequences to enumerate"));
        }
        if !e.advance() {
            break;
        }
    }
    Ok(tally.finish())
}

#[derive(Debug, Clone, Copy)]
struct Branch {
    choice: u8,
    count: u8,
}

/// A [`Chance`] that enumerates every sequence of roll results (see the module doc).
#[derive(Debug, Clone, Default)]
pub struct Enumerator {
    path: Vec<Branch>,
    depth: usize,
    /// The probability of the current path's results.
    pub prob: f64,
    inconsistent: bool,
    /// Attackers whose Missile Table red die is set, with its value.
    red_missile: Vec<(FighterId, u8)>,
}

impl Enumerator {
    /// Starts replaying the current path.
    pub fn start(&mut self) {
        self.depth = 0;
        self.prob = 1.0;
    }

    /// Moves to the next path; false when every path has been taken.
    pub fn advance(&mut self) -> bool {
        self.path.truncate(self.depth);
        while let Some(last) = self.path.last_mut() {
            if last.choice + 1 < last.count {
                last.choice += 1;
                return true;
            }
            self.path.pop();
        }
        false
    }

    /// Takes the path's result among `options` (value and probability).
    fn pick<T: Copy>(&mut self, options: &[(T, f64)], fallback: T) -> T {
        let count = u8::try_from(options.len()).unwrap_or(u8::MAX);
        let d = self.depth;
        self.depth += 1;
        if d >= self.path.len() {
            self.path.push(Branch { choice: 0, count });
        }
        let Some(b) = self.path.get(d).copied() else {
            self.inconsistent = true;
            return fallback;
        };
        if b.count != count {
            self.inconsistent = true;
        }
        match options.get(usize::from(b.choice)) {
            Some(&(v, p)) => {
                self.prob *= p;
                v
            }
            None => {
                self.inconsistent = true;
                fallback
            }
        }
    }
}

const SIXTH: f64 = 1.0 / 6.0;
const REPOSITION: [(u8, f64); 6] = [
    (1, SIXTH),
    (2, SIXTH),
    (3, SIXTH),
    (4, SIXTH),
    (5, SIXTH),
    (6, SIXTH),
];
/// Either die a 6: 11 of 36.
const TACTICS: [([u8; 2], f64); 2] = [([6, 1], 11.0 / 36.0), ([1, 1], 25.0 / 36.0)];

impl Chance for Enumerator {
    fn reposition(&mut self, _sheet: usize, _part: SheetPart) -> u8 {
        self.pick(&REPOSITION, 4)
    }

    fn change_tactics(&mut self, _sheet: usize, _part: SheetPart, _lane: Lane) -> [u8; 2] {
        self.pick(&TACTICS, [1, 1])
    }

    fn missile(&mut self, attacker: FighterId, dice: MissileDice) -> u8 {
        let red = self
            .red_missile
            .iter()
            .find(|(f, _)| *f == attacker)
            .map(|(_, v)| (*v).clamp(1, 6));
        let mut rows = [(0u8, 0.0f64); 6];
        let mut n = 0;
        for die in 1..=6u8 {
            let (row, p) = match (dice, red) {
                // The red die is the only die: one row, certain.
                (MissileDice::OneDie | MissileDice::OneDiePlus { .. }, Some(r)) => {
                    (missile_row(dice, r, r), if die == 1 { 1.0 } else { 0.0 })
                }
                // The other die is `die`, one time in six.
                (MissileDice::TwoDice { .. }, Some(r)) => (missile_row(dice, r, die), SIXTH),
                (MissileDice::OneDie, None) => (die, SIXTH),
                (MissileDice::OneDiePlus { .. }, None) => (missile_row(dice, die, die), SIXTH),
                // The higher of two dice is `die` in 2·die − 1 of 36 rolls.
                (MissileDice::TwoDice { .. }, None) => {
                    (missile_row(dice, die, die), f64::from(2 * die - 1) / 36.0)
                }
            };
            if p == 0.0 {
                continue;
            }
            match rows[..n].iter_mut().find(|(r, _)| *r == row) {
                Some(slot) => slot.1 += p,
                None => {
                    rows[n] = (row, p);
                    n += 1;
                }
            }
        }
        self.pick(&rows[..n], 3)
    }
}

/// Sums outcomes into [`Odds`], each with its weight (the odds query's probabilities, or
/// 1/N for a simulation of N rounds).
#[derive(Debug, Clone)]
pub struct Tally {
    odds: Odds,
    outcomes: u32,
    // Scratch for one outcome, kept to avoid allocating per outcome.
    hit: Vec<bool>,
    cancelled: Vec<bool>,
    worst: Vec<Option<Size>>,
    armor_damaged: Vec<bool>,
    armor_destroyed: Vec<bool>,
}

impl Tally {
    pub fn new(sit: &Situation, focus: FighterId) -> Result<Tally, RuleError> {
        let Some(MeleeFighter::Character(c)) = sit.fighters.get(usize::from(focus.0)) else {
            return Err(RuleError::internal(format!(
                "the odds are asked for fighter {}, not a character",
                focus.0
            )));
        };
        let mut attackers = vec![AttackerOdds::new(focus)];
        for sheet in &sit.sheets {
            if let Sheet::Character { owner, boxes } = sheet {
                if *owner == focus {
                    attackers.extend(boxes.iter().map(|&(id, _)| AttackerOdds::new(id)));
                }
            }
        }
        let n = attackers.len();
        let pieces = c.armor.len();
        Ok(Tally {
            odds: Odds {
                focus,
                armor: c
                    .armor
                    .iter()
                    .map(|p| ArmorOdds {
                        token: p.token,
                        ..ArmorOdds::default()
                    })
                    .collect(),
                attackers,
                outcomes: 0,
                killed: 0.0,
                wounded: 0.0,
                expected_wounds: 0.0,
                horse_killed: 0.0,
                spell_struck: 0.0,
            },
            outcomes: 0,
            hit: vec![false; n],
            cancelled: vec![false; n],
            worst: vec![None; n],
            armor_damaged: vec![false; pieces],
            armor_destroyed: vec![false; pieces],
        })
    }

    /// Adds one outcome with weight `w`.
    pub fn add(&mut self, o: &MeleeOutcome, w: f64) {
        self.outcomes += 1;
        let focus = self.odds.focus;
        self.hit.fill(false);
        self.cancelled.fill(false);
        self.worst.fill(None);
        self.armor_damaged.fill(false);
        self.armor_destroyed.fill(false);
        let (mut wounds, mut horse, mut spell) = (0u32, false, false);
        for h in &o.hits {
            if let Some(k) = self
                .odds
                .attackers
                .iter()
                .position(|a| a.fighter == h.attacker)
            {
                self.hit[k] = true;
                if h.cancelled {
                    self.cancelled[k] = true;
                } else {
                    self.worst[k] = self.worst[k].max(h.harm);
                }
            }
            for e in &h.effects {
                match *e {
                    MeleeEffect::Wound { fighter } if fighter == focus => wounds += 1,
                    MeleeEffect::HorseKilled { fighter } if fighter == focus => horse = true,
                    MeleeEffect::SpellStrike { fighter } if fighter == focus => spell = true,
                    MeleeEffect::ArmorDamaged { fighter, token } if fighter == focus => {
                        mark(&self.odds.armor, &mut self.armor_damaged, token);
                    }
                    MeleeEffect::ArmorDestroyed { fighter, token } if fighter == focus => {
                        mark(&self.odds.armor, &mut self.armor_destroyed, token);
                    }
                    _ => {}
                }
            }
        }
        let odds = &mut self.odds;
        if o.killed.contains(&focus) {
            odds.killed += w;
        }
        if wounds > 0 {
            odds.wounded += w;
        }
        odds.expected_wounds += w * f64::from(wounds);
        if horse {
            odds.horse_killed += w;
        }
        if spell {
            odds.spell_struck += w;
        }
        for (k, a) in odds.attackers.iter_mut().enumerate() {
            if self.hit[k] {
                a.hits += w;
            }
            if self.cancelled[k] {
                a.cancelled += w;
            }
            a.harm.add(self.worst[k], w);
            if o.killed.contains(&a.fighter) {
                a.killed += w;
            }
        }
        for (k, p) in odds.armor.iter_mut().enumerate() {
            if self.armor_destroyed[k] {
                p.destroyed += w;
            } else if self.armor_damaged[k] {
                p.damaged += w;
            } else {
                p.unaffected += w;
            }
        }
    }

    /// The odds summed so far.
    pub fn finish(mut self) -> Odds {
        self.odds.outcomes = self.outcomes;
        self.odds
    }
}

fn mark(armor: &[ArmorOdds], flags: &mut [bool], token: u16) {
    if let Some(k) = armor.iter().position(|p| p.token == token) {
        if let Some(f) = flags.get_mut(k) {
            *f = true;
        }
    }
}
