//! Shared Daylight steps (7.1.1): a character who keeps his attention chit out (the
//! Swordsman's Clever, or a Premonition) chooses when he takes his turn; once no chit is
//! left to pick he must take it.

use tabletop_rules::engine::{Event, Session};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::characters::SpecialAdvantage;
use tabletop_rules::magic_realm::day::who;
use tabletop_rules::magic_realm::MagicRealm;

/// The kept-back turns a scenario's script takes before anything else: a Clever character
/// (the Swordsman) takes his turn first whenever he is asked, and anyone who must take his
/// turn (no chit is left: he cannot pass) takes it. A character under a Premonition who
/// may still pass is left to decide. Changes nothing when nobody keeps his chit out.
/// Returns the events of the turns taken.
pub fn take_kept_turns(g: &mut Session<MagicRealm>) -> Vec<Event<E>> {
    let mut log = Vec::new();
    let Ok(cat) = tabletop_rules::magic_realm::game::data() else {
        return log;
    };
    for _ in 0..16 {
        let Some(seat) = g.to_act().seats().first().copied() else {
            return log;
        };
        let legal = g.legal_actions(seat);
        let clever = who::has(cat, g.state(), seat, SpecialAdvantage::Clever);
        let take = legal == [A::Preempt] || (clever && legal.contains(&A::Preempt));
        if !take {
            return log;
        }
        log.extend(
            g.apply(seat, A::Preempt)
                .expect("a kept-back turn is taken"),
        );
    }
    log
}
