//! References between data files that their own loaders cannot check: names one file
//! gives as text must resolve in another (rules 3.6.2, 3.3.2, 3.3.5).

use tabletop_rules::magic_realm::catalog::characters::StartLocation;
use tabletop_rules::magic_realm::catalog::chits::{DwellingKind, ExchangeResult};
use tabletop_rules::magic_realm::catalog::Catalog;
use tabletop_rules::magic_realm::pieces::all_pieces;

fn catalog() -> Catalog {
    Catalog::load().expect("the data loads")
}

#[test]
fn rule_3_6_2_every_exchange_names_a_known_dwelling_or_monster() {
    let cat = catalog();
    for x in &cat.map_chits.warning_exchanges {
        match &x.becomes {
            ExchangeResult::Dwelling(d) => assert!(cat.map_chits.dwelling(*d).is_some(), "{d:?}"),
            ExchangeResult::Monsters(group) => {
                let monster = cat
                    .denizens
                    .monster_named(&group.monster)
                    .unwrap_or_else(|| panic!("{} names no monster", group.monster));
                assert!(monster.count >= group.count, "{}", group.monster);
                // The Ghosts of Bones V are the monsters that always prowl (2.4.1).
                assert!(cat
                    .setup_card
                    .chart
                    .always_prowling
                    .iter()
                    .any(|m| m.monster == monster.id));
            }
        }
    }
}

#[test]
fn rule_3_3_5_every_starting_place_is_a_building_or_the_ghosts() {
    let cat = catalog();
    for c in &cat.characters.characters {
        for s in &c.start {
            let ok = match s {
                StartLocation::Ghosts => true,
                other => cat.map_chits.dwellings.iter().any(|d| {
                    d.kind == DwellingKind::Building
                        && format!("{:?}", d.id).starts_with(&format!("{other:?}"))
                }),
            };
            assert!(ok, "{}: {s:?}", c.name);
        }
    }
}

#[test]
fn rule_3_3_2_every_starting_weapon_and_armor_lies_with_some_native_group() {
    let cat = catalog();
    let sources: Vec<String> = cat
        .setup_card
        .setup
        .placements()
        .filter(|(target, _)| {
            matches!(
                target,
                tabletop_rules::magic_realm::catalog::setup_card::SetupBox::NativeGroup(_)
            )
        })
        .map(|(_, p)| format!("{:?}", p.piece))
        .collect();
    for c in &cat.characters.characters {
        for w in c.starting_weapons() {
            assert!(
                sources.iter().any(|s| s.contains(&format!("\"{}\"", w.0))),
                "{}: {}",
                c.name,
                w.0
            );
        }
        for a in c.starting_armor() {
            assert!(
                sources.iter().any(|s| s.contains(&format!("\"{}\"", a.0))),
                "{}: {}",
                c.name,
                a.0
            );
        }
    }
}

#[test]
fn rule_2_every_piece_of_the_game_has_one_identity() {
    let cat = catalog();
    let pieces = all_pieces(&cat);
    let unique: std::collections::BTreeSet<_> = pieces.iter().collect();
    assert_eq!(unique.len(), pieces.len());
    // 16 characters, 74 treasures, 47 Spell cards, 6 Dwellings, 6 visitor/mission chits.
    let count = |k| pieces.iter().filter(|p| p.kind() == k).count();
    use tabletop_rules::magic_realm::pieces::PieceKind as K;
    assert_eq!(count(K::Character), 16);
    assert_eq!(count(K::Treasure), 74);
    assert_eq!(count(K::Spell), 47);
    assert_eq!(count(K::Dwelling), 6);
    assert_eq!(count(K::VisitorChit), 6);
    assert_eq!(count(K::MapChit), 8 + 10 + 20 + 2);
}
