//! Shared by the day's rule scenarios: letting the Evening's rounds of combat pass.

use tabletop_rules::engine::{Event, Session};
use tabletop_rules::magic_realm::actions::MagicRealmEvent as E;
use tabletop_rules::magic_realm::combat;
use tabletop_rules::magic_realm::state::Step;
use tabletop_rules::magic_realm::MagicRealm;

/// Lets the evening's rounds of combat pass, each seat doing nothing it need not do; the
/// events of the rest of the day.
pub fn pass_evening(g: &mut Session<MagicRealm>) -> Vec<Event<E>> {
    let mut events = Vec::new();
    for _ in 0..500 {
        if !matches!(g.state().step, Step::Evening { .. }) {
            break;
        }
        let Some(seat) = g.to_act().seats().first().copied() else {
            break;
        };
        let Some(action) = combat::passing(&g.legal_actions(seat)) else {
            break;
        };
        events.extend(g.apply(seat, action).expect("a passing action is legal"));
    }
    events
}
