//! Rule scenarios for the end of combat in a clearing (rule 8.8): trading and rearranging
//! belongings after the last round, each built from a scenario and named by its rule.

use crate::spells_common::{dice, here, monster, pass_once, start, Game, S0, S1};
use serde_json::json;
use tabletop_rules::engine::Event;
use tabletop_rules::magic_realm::actions::{
    BelongingChange, Gift, MagicRealmAction as A, MagicRealmEvent as E,
};
use tabletop_rules::magic_realm::combat::{self, CombatStage};
use tabletop_rules::magic_realm::pieces::{PieceId, Place};

fn sword() -> PieceId {
    serde_json::from_value(json!({"kind": "weapon", "id": "thrusting-sword", "n": 0})).unwrap()
}

/// Passes until the Trading stage (or the end of combat).
fn to_trading(g: &mut Game, log: &mut Vec<Event<E>>) {
    for _ in 0..60 {
        match combat::current(g.state()) {
            Some(c) if c.stage == CombatStage::Trading => return,
            None if !log.is_empty() => return,
            _ => pass_once(g, log),
        }
    }
}

#[test]
fn rule_8_8_the_characters_left_trade_and_rearrange_after_the_last_round() {
    // With a monster in the clearing that nobody lures: still they trade.
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": here(), "hidden": true,
         "belongings": [{"piece": sword()}]},
        {"character": "amazon", "at": here(), "hidden": true}],
        "pieces": [monster("octopus")], "at": "sunset", "dice": dice(1, 80)}));
    let mut log = Vec::new();
    to_trading(&mut g, &mut log);
    let c = combat::current(g.state()).expect("combat waits for the trading");
    assert_eq!(c.stage, CombatStage::Trading);
    let trader = g.to_act().seats()[0];
    assert_eq!(trader, c.order[c.turn]);
    if trader == S1 {
        // The Amazon (first in order) has her own belongings to see to; she passes.
        g.apply(S1, A::EndTrading).unwrap();
    }
    let legal = g.legal_actions(S0);
    let give = A::Give {
        to: S1,
        gift: Gift::Belonging { piece: sword() },
    };
    assert!(legal.contains(&give), "{legal:?}");
    assert!(legal.contains(&A::Rearrange {
        piece: sword(),
        change: BelongingChange::Deactivate
    }));
    let events = g.apply(S0, give).unwrap();
    assert!(events
        .iter()
        .any(|e| e.rule.0 == "7.2.1" && matches!(e.detail, E::Given { .. })));
    let amazon = Place::Belongings {
        character: g.state().seats[1].character.clone().unwrap(),
    };
    assert_eq!(g.state().piles.place_of(&sword()), Some(&amazon));
    g.apply(S0, A::EndTrading).unwrap();
    let mut log = Vec::new();
    for _ in 0..4 {
        if combat::current(g.state()).is_none() {
            break;
        }
        pass_once(&mut g, &mut log);
    }
    assert!(combat::current(g.state()).is_none(), "then combat ends");
}

#[test]
fn rule_8_8_a_character_with_nothing_to_trade_or_rearrange_is_not_asked() {
    let mut g = start(
        json!({"seats": [{"character": "swordsman", "at": here(), "hidden": false}],
        "at": "sunset", "dice": dice(1, 40)}),
    );
    let mut log = Vec::new();
    for _ in 0..10 {
        let Some(c) = combat::current(g.state()) else {
            break;
        };
        assert_ne!(c.stage, CombatStage::Trading, "nothing to trade: no stop");
        pass_once(&mut g, &mut log);
    }
    assert!(log.iter().any(|e| matches!(e.detail, E::CombatEnds { .. })));
}

#[test]
fn rule_8_8_no_trading_with_a_character_who_ran_away() {
    let mut g = start(json!({"seats": [
        {"character": "swordsman", "at": here(), "hidden": false,
         "belongings": [{"piece": sword()}]},
        {"character": "amazon", "at": here(), "hidden": false}],
        "at": "sunset", "dice": dice(1, 80)}));
    let mut log = Vec::new();
    // The Amazon runs away at her first Encounter action.
    for _ in 0..40 {
        let run = g
            .legal_actions(S1)
            .into_iter()
            .find(|a| matches!(a, A::RunAway { .. }));
        if let Some(run) = run {
            g.apply(S1, run).unwrap();
            break;
        }
        pass_once(&mut g, &mut log);
    }
    to_trading(&mut g, &mut log);
    let legal = g.legal_actions(S0);
    assert!(legal.contains(&A::Rearrange {
        piece: sword(),
        change: BelongingChange::Deactivate
    }));
    assert!(
        !legal.iter().any(|a| matches!(a, A::Give { .. })),
        "nobody to trade with"
    );
}
