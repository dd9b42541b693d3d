//! Rule scenarios for Treasure and Spell cards whose effect no other file asserted (the
//! List of Treasures and List of Spells, read from the card texts): the card data that
//! gives each Gloves, Boots and Armor card its values agrees with its printed text; Remedy
//! removes a curse; the Dragon Essence summons as a Smoke chit.

use crate::spells_common::{details, dice, here, monster, start, through_targets, S0};
use serde_json::json;
use tabletop_rules::magic_realm::actions::MagicRealmEvent as E;
use tabletop_rules::magic_realm::catalog::tables::Curse;
use tabletop_rules::magic_realm::combat::spells::SpellAim;

fn cat() -> &'static tabletop_rules::magic_realm::catalog::Catalog {
    tabletop_rules::magic_realm::game::data().unwrap()
}

fn letter(size: impl std::fmt::Debug) -> char {
    format!("{size:?}").chars().next().unwrap_or('?')
}

#[test]
fn list_of_treasures_every_gloves_boots_and_armor_card_plays_the_values_printed_on_it() {
    let mut seen = (0, 0, 0);
    for t in &cat().items.treasures {
        let text = t.text.clone().unwrap_or_default();
        // 4.4.5: "FIGHT T5" is a Fight chit of that strength and time.
        if let Some(g) = t.gloves {
            let printed = format!("FIGHT {}{}", letter(g.strength), g.time);
            assert!(text.starts_with(&printed), "{}: {text}", t.id.0);
            seen.0 += 1;
        }
        // 4.4.4: "MOVE H4" is a Move chit of that strength and time.
        if let Some(b) = t.boots {
            let printed = format!("MOVE {}{}", letter(b.strength), b.time);
            assert!(text.starts_with(&printed), "{}: {text}", t.id.0);
            seen.1 += 1;
        }
        // 4.4.6: "H armor versus THRUST" protects against that blow with that
        // vulnerability ("any blow": all three).
        if let Some(a) = &t.armor {
            let blows: Vec<String> = a
                .protects
                .iter()
                .map(|b| format!("{b:?}").to_uppercase())
                .collect();
            if blows.len() == 3 {
                assert!(text.contains("any blow"), "{}: {text}", t.id.0);
            } else {
                let printed = format!("{} armor versus {}", letter(a.vulnerability), blows[0]);
                assert_eq!(blows.len(), 1, "{}", t.id.0);
                assert!(text.starts_with(&printed), "{}: {text}", t.id.0);
            }
            seen.2 += 1;
        }
    }
    // Four Gloves cards, five Boots cards; the Vest, Crown, Arm Band and Ointment of Steel.
    assert_eq!(seen, (4, 5, 4));
}

#[test]
fn list_of_spells_remedy_removes_a_curse_of_a_character_in_the_clearing() {
    // The Witch, cursed with Ashes and Squeak, casts Remedy (VIII, Grey: her Magic VIII2*
    // chit, her Magic II chit enchanted into Grey) at her own Ashes, with an Ogre there.
    let witch = json!({"character": "witch", "at": here(), "spells": ["remedy"],
        "hidden": false, "curses": ["ashes", "squeak"],
        "chits": [{"chit": 5, "status": "enchanted"}]});
    let mut g = start(json!({"seats": [witch], "pieces": [monster("ogre")],
        "at": "sunset", "dice": dice(5, 80)}));
    let mut log = Vec::new();
    let aim = SpellAim::Curse {
        seat: S0,
        curse: Curse::Ashes,
    };
    crate::spells_common::cast_at(&mut g, S0, 0, 11, Some(5), aim, &mut log);
    through_targets(&mut g, &mut log);
    assert!(details(&log).iter().any(|d| matches!(
        d,
        E::CurseRemoved {
            curse: Curse::Ashes,
            ..
        }
    )));
    let curses: Vec<Curse> = g.state().seats[0].curses.iter().copied().collect();
    assert_eq!(curses, vec![Curse::Squeak], "one curse only");
}

#[test]
fn rule_4_4_2b_the_dragon_essence_summons_as_a_smoke_chit_in_its_clearing_once_a_day() {
    use tabletop_rules::magic_realm::actions::MagicRealmAction as A;
    use tabletop_rules::magic_realm::pieces::{PieceId, Place};
    // Row 1: "Smoke M" summons the two Heavy Flying Dragons. The Swordsman and the Amazon
    // end their turns in Mountain 2, the Swordsman holding the Dragon Essence (or not).
    let dragon = |n: u8| json!({"kind": "monster", "id": "h-flying-dragon", "n": n});
    let pieces: Vec<_> = (0..2)
        .map(
            |n| json!({"piece": dragon(n), "place": {"place": "chart_box", "row": 1, "number": 1}}),
        )
        .collect();
    for essence in [true, false] {
        let belongings = if essence {
            json!([{"piece": {"kind": "treasure", "id": "dragon-essence"}, "active": true}])
        } else {
            json!([])
        };
        let mut g = start(json!({"seats": [
            {"character": "swordsman", "at": {"tile": "mountain", "clearing": 2},
             "hidden": true, "belongings": belongings, "record": [{"activity": "hide"}]},
            {"character": "amazon", "at": {"tile": "mountain", "clearing": 2},
             "hidden": true, "record": [{"activity": "hide"}]}],
            "pieces": pieces, "day": 2, "at": "daylight", "dice": dice(1, 20)}));
        let mut log = Vec::new();
        for _ in 0..30 {
            let Some(seat) = g.to_act().seats().first().copied() else {
                break;
            };
            if !g.legal_actions(seat).contains(&A::Proceed) {
                break;
            }
            log.extend(g.apply(seat, A::Proceed).unwrap());
        }
        let summons = details(&log)
            .iter()
            .filter(|d| matches!(d, E::MonstersSummoned { .. }))
            .count();
        // Once only, though both end their turns there.
        assert_eq!(summons, usize::from(essence), "essence: {essence}");
        let mountain_2: tabletop_rules::magic_realm::map::ClearingRef =
            serde_json::from_value(json!({"tile": "mountain", "clearing": 2})).unwrap();
        let arrived = g
            .state()
            .piles
            .pile(&Place::Clearing { at: mountain_2 })
            .iter()
            .filter(|c| matches!(&c.piece, PieceId::Monster { .. }))
            .count();
        assert_eq!(arrived, if essence { 2 } else { 0 }, "essence: {essence}");
    }
}
