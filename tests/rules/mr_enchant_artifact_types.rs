//! Rule scenarios for the Enchant Artifact spell's card rule 3 (List of Spells; 8.3.9 c.3,
//! c.4): each Magic type on the enchanted item can be used once per day, and while one type
//! is committed to a spell in effect the item can still be played with another.

use crate::spells_common::*;
use serde_json::{json, Value};
use tabletop_rules::engine::{Event, Seat};
use tabletop_rules::magic_realm::actions::{MagicRealmAction as A, MagicRealmEvent as E};
use tabletop_rules::magic_realm::catalog::items::TreasureId;
use tabletop_rules::magic_realm::catalog::magic::SpellId;
use tabletop_rules::magic_realm::combat::spells::SpellAim;
use tabletop_rules::magic_realm::combat::{self, CombatStage};

const RING: &str = "hidden-ring";

fn ring() -> TreasureId {
    TreasureId(RING.into())
}

/// The Sorceror (Magic IV chits 3 and 4 enchanted: two Purple colour chits) owns the Hidden
/// Ring (an Artifact, type VI) active, with Melt into Mist (VI) awakened in it.
fn sorceror() -> Value {
    json!({"character": "sorceror", "at": here(), "hidden": false,
        "chits": [{"chit": 3, "status": "enchanted"}, {"chit": 4, "status": "enchanted"}],
        "belongings": [{"piece": {"kind": "treasure", "id": RING}, "active": true,
            "awakened": ["melt-into-mist"]}]})
}

/// His Enchant Artifact, energized, has added Fiery Blast (and type IV) to the Ring.
fn enchanted_ring() -> Value {
    json!({"caster": 0, "spell": "enchant-artifact", "spellBox": 0, "chit": 6,
        "aims": [{"aim": "enchant", "item": RING, "spell": "fiery-blast"}],
        "until": {"at": "never"}, "inert": false})
}

/// The spells the Ring may cast now, each once.
fn ring_spells(g: &Game, seat: Seat) -> Vec<String> {
    let mut out: Vec<String> = g
        .legal_actions(seat)
        .into_iter()
        .filter_map(|a| match a {
            A::CastFromItem { item, spell, .. } if item == ring() => Some(spell.0),
            _ => None,
        })
        .collect();
    out.dedup();
    out
}

fn cast(spell: &str) -> A {
    A::CastFromItem {
        item: ring(),
        spell: SpellId(spell.into()),
        colour_chit: Some(3),
    }
}

/// Passes until `seat` is to act in the Actions stage of combat round `round`.
fn to_actions(g: &mut Game, seat: Seat, round: u16, log: &mut Vec<Event<E>>) {
    for _ in 0..120 {
        let here = combat::current(g.state())
            .is_some_and(|c| c.round == round && c.stage == CombatStage::Actions);
        if here && g.to_act().seats().contains(&seat) {
            return;
        }
        pass_once(g, log);
    }
    panic!("{seat} never acted in round {round}'s Encounter actions");
}

#[test]
fn list_of_spells_enchant_artifact_rule_3_each_magic_type_is_used_once_per_day() {
    // Round 1: the Ring casts Fiery Blast (its added type IV) at the Ogre. Round 2: type IV
    // is spent for the Evening, but the Ring still casts Melt into Mist with its own type
    // VI (under 8.3.9 c.4 alone it would be spent whole). He starts hidden, so the Ogre is
    // not assigned to him in round 1.
    let mut hidden = sorceror();
    hidden["hidden"] = json!(true);
    let mut g = start(json!({"seats": [hidden], "spells": [enchanted_ring()],
        "pieces": [monster("ogre")], "at": "sunset", "dice": dice(6, 80)}));
    let mut log = Vec::new();
    to_actions(&mut g, S0, 1, &mut log);
    assert_eq!(ring_spells(&g, S0), ["melt-into-mist", "fiery-blast"]);
    log.extend(g.apply(S0, cast("fiery-blast")).unwrap());
    let at_ogre = A::AimSpell {
        aim: SpellAim::Denizen {
            piece: piece("ogre"),
        },
    };
    until(&mut g, S0, &at_ogre, &mut log);
    until(&mut g, S0, &A::EndAim, &mut log);
    to_actions(&mut g, S0, 2, &mut log);
    assert!(
        !g.state().spells.iter().any(|s| s.item == Some(ring())),
        "the blast is over"
    );
    assert_eq!(
        ring_spells(&g, S0),
        ["melt-into-mist"],
        "type VI is free, type IV spent"
    );
    // Playing the Ring with type IV again is refused and changes nothing.
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, cast("fiery-blast")).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
}

#[test]
fn list_of_spells_enchant_artifact_rule_3_another_type_is_free_while_one_is_committed() {
    // A Transform the Ring cast with its own type VI is in effect (inert) on the Swordsman:
    // type VI is committed, so Melt into Mist is not offered; Fiery Blast (type IV, added)
    // is (under 8.3.9 c.3 alone the whole Ring would be committed).
    let swordsman = json!({"character": "swordsman", "at": here(), "hidden": false});
    let transform = json!({"caster": 0, "spell": "transform", "spellBox": 100, "chit": 0,
        "aims": [{"aim": "character", "seat": 1}], "until": {"at": "never"},
        "inert": true, "item": RING});
    let mut g = start(json!({"seats": [sorceror(), swordsman],
        "spells": [enchanted_ring(), transform], "pieces": [monster("ogre")],
        "at": "sunset", "dice": dice(6, 80)}));
    let mut log = Vec::new();
    to_actions(&mut g, S0, 1, &mut log);
    assert_eq!(ring_spells(&g, S0), ["fiery-blast"]);
    let before = serde_json::to_string(g.state()).unwrap();
    assert!(g.apply(S0, cast("melt-into-mist")).is_err());
    assert_eq!(serde_json::to_string(g.state()).unwrap(), before);
    log.extend(g.apply(S0, cast("fiery-blast")).unwrap());
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::ItemSpellCast { seat: S0, item, spell } if *item == ring() && spell.0 == "fiery-blast"
    )));
}

#[test]
fn rule_8_3_9c3_without_enchant_artifact_the_committed_ring_casts_nothing() {
    // The same committed Ring with no Enchant Artifact in effect has only type VI: nothing.
    let swordsman = json!({"character": "swordsman", "at": here(), "hidden": false});
    let transform = json!({"caster": 0, "spell": "transform", "spellBox": 100, "chit": 0,
        "aims": [{"aim": "character", "seat": 1}], "until": {"at": "never"},
        "inert": true, "item": RING});
    let mut g = start(
        json!({"seats": [sorceror(), swordsman], "spells": [transform],
        "pieces": [monster("ogre")], "at": "sunset", "dice": dice(6, 80)}),
    );
    let mut log = Vec::new();
    to_actions(&mut g, S0, 1, &mut log);
    assert!(ring_spells(&g, S0).is_empty());
}
