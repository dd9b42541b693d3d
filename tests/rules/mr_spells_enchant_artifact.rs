//! Rule scenarios for the Enchant Artifact spell (List of Spells; 4.6.5, 7.5, 8.3.9c): the
//! target names an item and one of the caster's recorded spells; while energized the item
//! casts that spell and its runes teach it; inert, it does neither.

use crate::spells_common::*;
use serde_json::{json, Value};
use tabletop_rules::engine::Event;
use tabletop_rules::magic_realm::actions::{
    MagicRealmAction as A, MagicRealmEvent as E, SearchChoice,
};
use tabletop_rules::magic_realm::catalog::items::TreasureId;
use tabletop_rules::magic_realm::catalog::magic::SpellId;
use tabletop_rules::magic_realm::combat::spells::{enchant_artifact, items, SpellAim};

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn ring() -> TreasureId {
    TreasureId("hidden-ring".into())
}

fn blast() -> SpellId {
    SpellId("fiery-blast".into())
}

/// The Sorceror (Magic VI chits 6 to 8; Magic IV chit 3 enchanted Purple) has recorded Enchant
/// Artifact and Fiery Blast, and owns the Hidden Ring (an Artifact, type VI), `active`.
fn sorceror(active: bool) -> Value {
    json!({"character": "sorceror", "at": here(), "hidden": false,
        "spells": ["enchant-artifact", "fiery-blast"],
        "chits": [{"chit": 3, "status": "enchanted"}],
        "belongings": [{"piece": {"kind": "treasure", "id": "hidden-ring"}, "active": active}]})
}

fn aims_offered(g: &mut Game, log: &mut Vec<Event<E>>) -> Vec<SpellAim> {
    let cast = A::CastSpell {
        spell_box: 0,
        chit: 6,
        colour_chit: Some(3),
    };
    until(g, S0, &cast, log);
    for _ in 0..20 {
        let legal = g.legal_actions(S0);
        let aims: Vec<SpellAim> = legal
            .iter()
            .filter_map(|a| match a {
                A::AimSpell { aim } => Some(aim.clone()),
                _ => None,
            })
            .collect();
        if !aims.is_empty() || legal.contains(&A::NoTarget) {
            return aims;
        }
        pass_once(g, log);
    }
    panic!("his attention chit never came up");
}

#[test]
fn list_of_spells_enchant_artifact_adds_a_recorded_spell_to_his_active_artifact() {
    let swordsman = json!({"character": "swordsman", "at": here(), "hidden": false});
    let mut g = start(json!({"seats": [sorceror(true), swordsman], "at": "sunset",
        "dice": dice(4, 40)}));
    let mut log = Vec::new();
    let aims = aims_offered(&mut g, &mut log);
    // He names the item with each of his recorded spells.
    assert_eq!(
        aims,
        vec![
            SpellAim::Enchant {
                item: ring(),
                spell: SpellId("enchant-artifact".into())
            },
            SpellAim::Enchant {
                item: ring(),
                spell: blast()
            },
        ]
    );
    assert!(!items::castable(cat(), g.state(), &ring()).contains(&blast()));
    log.extend(
        g.apply(
            S0,
            A::AimSpell {
                aim: SpellAim::Enchant {
                    item: ring(),
                    spell: blast(),
                },
            },
        )
        .unwrap(),
    );
    through_targets(&mut g, &mut log);
    let s = g
        .state()
        .spells
        .iter()
        .find(|s| s.spell.0 == "enchant-artifact")
        .expect("Enchant Artifact is in effect");
    assert!(!s.inert);
    // The Ring now casts Fiery Blast (type IV) besides its own type VI spells, and its
    // runes teach it.
    assert!(items::castable(cat(), g.state(), &ring()).contains(&blast()));
    assert_eq!(
        enchant_artifact::readable(cat(), g.state(), &ring()),
        vec![blast()]
    );
    let runes = tabletop_rules::magic_realm::day::runes::options(cat(), g.state(), S0, &[]);
    assert!(runes.contains(&A::Search {
        search: SearchChoice::ReadRunesItem {
            item: ring(),
            spell: Some(blast())
        }
    }));
}

#[test]
fn list_of_spells_enchant_artifact_needs_an_active_item_and_adds_nothing_inert() {
    // With the Ring inactive there is no proper target: only "no target" is offered.
    let swordsman = json!({"character": "swordsman", "at": here(), "hidden": false});
    let mut g = start(
        json!({"seats": [sorceror(false), swordsman], "at": "sunset",
        "dice": dice(4, 40)}),
    );
    let mut log = Vec::new();
    assert!(aims_offered(&mut g, &mut log).is_empty());
    // In effect but inert, the spell adds nothing to the item.
    let spell = json!({"caster": 0, "spell": "enchant-artifact", "spellBox": 0, "chit": 6,
        "aims": [{"aim": "enchant", "item": "hidden-ring", "spell": "fiery-blast"}],
        "until": {"at": "never"}, "inert": true});
    let g = start(json!({"seats": [sorceror(true)], "spells": [spell], "at": "birdsong"}));
    assert!(enchant_artifact::added(cat(), g.state(), &ring()).is_empty());
    assert!(!items::castable(cat(), g.state(), &ring()).contains(&blast()));
}
