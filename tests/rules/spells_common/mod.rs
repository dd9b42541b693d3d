//! Shared by the spell and curse rule scenarios (mr_spells_combat.rs, mr_curses.rs):
//! scenarios with forced dice, and driving combat to the action a test wants.
#![allow(dead_code)]

use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat, Seed, Session};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::combat::{self, CombatStage};
use tabletop_rules::magic_realm::pieces::PieceId;
use tabletop_rules::magic_realm::scenario::MagicRealmScenario;
use tabletop_rules::magic_realm::state::ChitStatus;
use tabletop_rules::magic_realm::MagicRealm;

pub type Game = Session<MagicRealm>;
pub const S0: Seat = Seat(0);
pub const S1: Seat = Seat(1);

pub fn start(value: Value) -> Game {
    let sc: MagicRealmScenario = serde_json::from_value(value).expect("a well-formed scenario");
    let mut g = Session::<MagicRealm>::from_scenario(sc, Seed(5)).expect("the scenario starts");
    crate::daylight_common::take_kept_turns(&mut g);
    g
}

/// Every die forced to `value`, `n` dice long.
pub fn dice(value: u8, n: usize) -> Value {
    json!(vec![value; n])
}

pub fn here() -> Value {
    json!({"tile": "oak_woods", "clearing": 2})
}

pub fn monster(id: &str) -> Value {
    json!({"piece": {"kind": "monster", "id": id, "n": 0},
           "place": {"place": "clearing", "at": here()}})
}

pub fn piece(id: &str) -> PieceId {
    serde_json::from_value(json!({"kind": "monster", "id": id, "n": 0})).unwrap()
}

pub fn details(events: &[Event<E>]) -> Vec<&E> {
    events.iter().map(|e| &e.detail).collect()
}

pub fn chit(g: &Game, seat: Seat, i: usize) -> ChitStatus {
    g.state().seats[usize::from(seat.0)].chits[i]
}

/// Applies the passing action of whoever acts.
pub fn pass_once(g: &mut Game, log: &mut Vec<Event<E>>) {
    let who = g.to_act().seats().first().copied().expect("someone acts");
    let pass = combat::passing(&g.legal_actions(who)).expect("a passing action");
    log.extend(g.apply(who, pass).unwrap());
}

/// Plays on, each seat passing, until `seat` may take `want`; then takes it.
pub fn until(g: &mut Game, seat: Seat, want: &A, log: &mut Vec<Event<E>>) {
    for _ in 0..60 {
        if g.legal_actions(seat).contains(want) {
            log.extend(g.apply(seat, want.clone()).unwrap());
            return;
        }
        pass_once(g, log);
    }
    panic!("{want:?} never became legal for {seat}");
}

/// Passes until every attention chit is picked: the spells come to life (8.4.3).
pub fn through_targets(g: &mut Game, log: &mut Vec<Event<E>>) {
    while combat::current(g.state()).is_some_and(|c| c.stage == CombatStage::Targets) {
        pass_once(g, log);
    }
}

/// A character casts the spell in `spell_box` with `chit`, colour from `colour_chit`, and
/// names `aim`.
pub fn cast_at(
    g: &mut Game,
    seat: Seat,
    spell_box: u8,
    chit: u8,
    colour_chit: Option<u8>,
    aim: tabletop_rules::magic_realm::combat::spells::SpellAim,
    log: &mut Vec<Event<E>>,
) {
    let cast = A::CastSpell {
        spell_box,
        chit,
        colour_chit,
    };
    until(g, seat, &cast, log);
    until(g, seat, &A::AimSpell { aim }, log);
}
