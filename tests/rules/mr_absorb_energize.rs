//! Rule scenarios for energizing Absorb Essence (4.6.6h, 7.2.3, the card's 1): the
//! spellcaster and the monster he absorbed are one entity even while the spell is inert,
//! so the colour magic that energizes the spell is the colour supplied to him.
//!
//! The Witch (seat 0, her Magic V chit 4 enchanted: a Black colour chit) absorbed the
//! Ogre with her own Absorb Essence, inert since Midnight.

use crate::spells_common::{here, start, Game, S0};
use serde_json::{json, Value};
use tabletop_rules::magic_realm::actions::MagicRealmAction as A;

fn absorb() -> Value {
    json!({"caster": 0, "spell": "absorb-essence", "spellBox": 100, "chit": 5,
        "aims": [{"aim": "denizen", "piece": {"kind": "monster", "id": "ogre", "n": 0}}],
        "until": {"at": "never"}, "inert": true})
}

fn witch(day: u8) -> Game {
    start(
        json!({"seats": [{"character": "witch", "at": here(), "hidden": false,
            "chits": [{"chit": 4, "status": "enchanted"}], "record": [{"activity": "hide"}]}],
        "pieces": [{"piece": {"kind": "monster", "id": "ogre", "n": 0}, "place": {"place": "aside"}}],
        "spells": [absorb()], "day": day, "at": "daylight", "dice": [1, 6]}),
    )
}

#[test]
fn rule_7_2_3_the_caster_energizes_his_inert_absorb_essence_with_a_black_colour_chit() {
    let mut g = witch(2);
    assert!(g.state().spells.first().is_some_and(|s| s.inert));
    let energize = A::EnergizeSpell {
        caster: S0,
        spell_box: 100,
        colour_chit: 4,
    };
    assert!(
        g.legal_actions(S0).contains(&energize),
        "{:?}",
        g.legal_actions(S0)
    );
    g.apply(S0, energize).unwrap();
    assert!(g.state().spells.first().is_some_and(|s| !s.inert));
}

#[test]
fn rule_4_6_6h_the_seventh_day_energizes_the_casters_absorb_essence() {
    let g = witch(7);
    assert!(g.state().spells.first().is_some_and(|s| !s.inert));
}
