//! Magic Realm playing pieces as data (rules 2.2 to 2.7, 3.1, 3.3, 3.4, 7.13): counts from
//! chapter 2, errata, and every cross-reference between the data files.

use std::collections::BTreeMap;
use tabletop_rules::magic_realm::catalog::characters::{
    self, ChitKind, Relationship, StartLocation,
};
use tabletop_rules::magic_realm::catalog::chits::{DwellingId, SoundKind};
use tabletop_rules::magic_realm::catalog::common::Size;
use tabletop_rules::magic_realm::catalog::denizens::{
    self, Campaign, ChitFace, MonsterId, NativeGroup, NativeRank, Strike, TimeLimit,
};
use tabletop_rules::magic_realm::catalog::items::{
    self, ArmorId, ArmorKind, AttackDirection, HorseKind, TreasureId, TreasureKind, TreasureSize,
    WeaponId,
};
use tabletop_rules::magic_realm::catalog::magic::{
    self, MagicType, SpellDuration, SpellId, SpellSource,
};
use tabletop_rules::magic_realm::catalog::setup_card::{
    self, random_treasure_draws, spell_draws, BoxContents, Piece, Section, SetupAction, SetupBox,
    Summoner,
};
use tabletop_rules::magic_realm::catalog::tiles::TileGroup;

fn monster_count(d: &denizens::Denizens, id: &str) -> u8 {
    d.monster(&MonsterId(id.into())).map_or(0, |m| m.count)
}

#[test]
fn rule_2_all_piece_loaders_parse_and_validate() {
    items::load().unwrap();
    magic::load().unwrap();
    denizens::load().unwrap();
    characters::load().unwrap();
    setup_card::load().unwrap();
}

#[test]
fn rule_2_2_3_monster_counts() {
    let d = denizens::load().unwrap();
    let total: u32 = d.monsters.iter().map(|m| u32::from(m.count)).sum();
    assert_eq!(total, 59, "monster counters, not counting heads and clubs");
    let expected = [
        ("t-flying-dragon", 1),
        ("t-dragon", 2),
        ("giant", 2),
        ("winged-demon", 1),
        ("demon", 1),
        ("t-troll", 2),
        ("octopus", 1),
        ("t-serpent", 1),
        ("t-spider", 1),
        ("h-flying-dragon", 2),
        ("h-dragon", 1),
        ("h-troll", 2),
        ("h-serpent", 2),
        ("giant-bat", 6),
        ("h-spider", 3),
        ("imp", 1),
        ("viper", 2),
        ("ghost", 2),
        ("ogre", 2),
        ("spear-goblin", 6),
        ("sword-goblin", 6),
        ("axe-goblin", 6),
        ("wolf-l4", 3),
        ("wolf-m5", 3),
    ];
    for (id, n) in expected {
        assert_eq!(monster_count(&d, id), n, "{id}");
    }
    let tremendous: u32 = d
        .monsters
        .iter()
        .filter(|m| m.size == Size::Tremendous)
        .map(|m| u32::from(m.count))
        .sum();
    assert_eq!(tremendous, 12, "the twelve Tremendous monster counters");
}

#[test]
fn rule_2_2_3_five_monsters_have_a_head_or_club() {
    let d = denizens::load().unwrap();
    let parts: u32 = d.parts.iter().map(|p| u32::from(p.count)).sum();
    assert_eq!(parts, 5);
    let with_part: u32 = d
        .monsters
        .iter()
        .filter(|m| m.part.is_some())
        .map(|m| u32::from(m.count))
        .sum();
    assert_eq!(with_part, 5);
    let giant = d.monster(&MonsterId("giant".into())).unwrap();
    let club = d.part(giant.part.as_ref().unwrap()).unwrap();
    assert_eq!((club.length, club.light.time, club.dark.time), (8, 6, 4));
    assert_eq!(club.dark.strike, Strike::Harm(Size::Tremendous));
}

#[test]
fn rule_2_2_3_tremendous_monsters_have_a_red_side() {
    let d = denizens::load().unwrap();
    for m in &d.monsters {
        let red = matches!(&m.dark.attack, Some(a) if a.strike == Strike::Red);
        assert_eq!(m.size == Size::Tremendous, red, "{}", m.id.0);
        assert_ne!(
            m.light.attack.as_ref().map(|a| &a.strike),
            Some(&Strike::Red)
        );
    }
}

#[test]
fn rule_2_2_3_only_dragons_trolls_and_serpents_are_armored() {
    use denizens::MonsterKind::*;
    let d = denizens::load().unwrap();
    for m in &d.monsters {
        let armored_kind = matches!(m.kind, Dragon | Troll | Serpent | Viper);
        assert_eq!(m.armored, armored_kind, "{}", m.id.0);
    }
}

#[test]
fn rule_2_7_3_imp_and_demons_attack_with_type_v_spells() {
    let d = denizens::load().unwrap();
    for (id, spell) in [
        ("imp", "curse"),
        ("demon", "power-of-the-pit"),
        ("winged-demon", "power-of-the-pit"),
    ] {
        let m = d.monster(&MonsterId(id.into())).unwrap();
        match &m.light.attack.as_ref().unwrap().strike {
            Strike::Spell {
                magic_type,
                spell: s,
                ..
            } => {
                assert_eq!(*magic_type, MagicType::V, "{id}");
                assert_eq!(s, &SpellId(spell.into()));
            }
            other => panic!("{id} light side strikes {other:?}"),
        }
    }
}

#[test]
fn rule_2_7_2_octopus_red_side_moves_in_3() {
    let d = denizens::load().unwrap();
    assert_eq!(
        d.monster(&MonsterId("octopus".into()))
            .unwrap()
            .dark
            .move_time,
        3
    );
}

#[test]
fn rule_8_4_5_spear_goblins_and_archers_do_not_attack_light_side_up() {
    let d = denizens::load().unwrap();
    assert!(d
        .monster(&MonsterId("spear-goblin".into()))
        .unwrap()
        .light
        .attack
        .is_none());
    for n in d.natives.iter().filter(|n| n.archer) {
        assert!(n.light.attack.is_none(), "{}", n.id.0);
        assert!(n.dark.attack.is_some(), "{}", n.id.0);
    }
}

#[test]
fn rule_2_2_4_natives_per_group() {
    let d = denizens::load().unwrap();
    let expected = [
        (NativeGroup::Bashkars, 6),
        (NativeGroup::Company, 7),
        (NativeGroup::Guard, 3),
        (NativeGroup::Lancers, 4),
        (NativeGroup::Order, 4),
        (NativeGroup::Patrol, 3),
        (NativeGroup::Rogues, 8),
        (NativeGroup::Soldiers, 4),
        (NativeGroup::Woodfolk, 3),
    ];
    for (group, n) in expected {
        assert_eq!(d.members(group).count(), n, "{group:?}");
        let leaders: Vec<_> = d
            .members(group)
            .filter(|m| m.rank == NativeRank::Leader)
            .collect();
        assert_eq!(leaders.len(), 1, "{group:?} has one HQ");
        assert!(leaders[0].code.ends_with("HQ"));
    }
    assert_eq!(d.natives.len(), 42);
    assert_eq!(d.groups.len(), 9);
}

#[test]
fn rule_2_2_4_knights_weigh_heavy_but_are_tremendous() {
    let d = denizens::load().unwrap();
    for n in &d.natives {
        if n.group == NativeGroup::Order {
            assert_eq!((n.weight, n.vulnerability), (Size::Heavy, Size::Tremendous));
        } else {
            assert_eq!(n.weight, n.vulnerability, "{}", n.id.0);
        }
    }
}

#[test]
fn rule_2_3_3_native_horses_belong_to_existing_natives() {
    let d = denizens::load().unwrap();
    assert_eq!(d.native_horses.len(), 17);
    for h in &d.native_horses {
        let rider = d.native(&h.rider).expect("rider exists");
        assert_eq!(rider.code, h.code);
        assert_eq!(rider.horse.as_ref(), Some(&h.id));
    }
    let kinds = |g: NativeGroup| -> Vec<HorseKind> {
        d.members(g)
            .filter_map(|n| n.horse.as_ref())
            .map(|h| d.native_horse(h).unwrap().kind)
            .collect()
    };
    assert_eq!(kinds(NativeGroup::Bashkars), vec![HorseKind::Pony; 6]);
    assert_eq!(kinds(NativeGroup::Lancers), vec![HorseKind::Pony; 4]);
    assert_eq!(kinds(NativeGroup::Order), vec![HorseKind::Warhorse; 4]);
    assert_eq!(kinds(NativeGroup::Patrol), vec![HorseKind::Workhorse; 3]);
    assert!(kinds(NativeGroup::Company).is_empty());
}

#[test]
fn rule_2_3_3_round_horses() {
    let i = items::load().unwrap();
    let count = |k: HorseKind| i.horses.iter().filter(|h| h.kind == k).count();
    assert_eq!(
        (
            count(HorseKind::Pony),
            count(HorseKind::Workhorse),
            count(HorseKind::Warhorse)
        ),
        (7, 6, 4)
    );
    let treasure: Vec<&str> = i
        .horses
        .iter()
        .filter(|h| h.treasure)
        .map(|h| h.name.as_str())
        .collect();
    assert_eq!(
        treasure,
        ["Pony L4/L2*", "Warhorse T5/T3*"],
        "rule 2.3.6 treasure horses"
    );
    let t8 = i.horse(&items::HorseId("workhorse-t8-h6".into())).unwrap();
    assert_eq!(t8.trot.strength, Size::Tremendous, "errata 2.7.15");
}

#[test]
fn rule_2_3_4_weapon_counts() {
    let i = items::load().unwrap();
    let total: u32 = i.weapons.iter().map(|w| u32::from(w.count)).sum();
    assert_eq!(total, 28);
    let ordinary = |weight: Size| -> u32 {
        i.weapons
            .iter()
            .filter(|w| !w.treasure && w.weight == weight)
            .filter(|w| !matches!(w.id.0.as_str(), "spear" | "light-bow" | "medium-bow"))
            .map(|w| u32::from(w.count))
            .sum()
    };
    // Rule 3.1.1c: seven L, five M and five H weapons besides the Spears and Bows.
    assert_eq!(
        (
            ordinary(Size::Light),
            ordinary(Size::Medium),
            ordinary(Size::Heavy)
        ),
        (7, 5, 5)
    );
    assert_eq!(i.weapons.iter().filter(|w| w.treasure).count(), 4);
    let spear = i.weapon(&WeaponId("spear".into())).unwrap();
    assert_eq!((spear.count, spear.unalerted.harm), (4, Size::Negligible));
    let star = i.weapon(&WeaponId("morning-star".into())).unwrap();
    assert_eq!(
        (star.unalerted.time, star.alerted.time),
        (Some(6), Some(3)),
        "errata 2.7.16"
    );
}

#[test]
fn rule_2_3_5_armor_counts() {
    let i = items::load().unwrap();
    let count = |k: ArmorKind, treasure: bool| -> u32 {
        i.armor
            .iter()
            .filter(|a| a.kind == k && a.treasure == treasure)
            .map(|a| u32::from(a.count))
            .sum()
    };
    assert_eq!(count(ArmorKind::Helmet, false), 6);
    assert_eq!(count(ArmorKind::Breastplate, false), 3);
    assert_eq!(count(ArmorKind::Shield, false), 4);
    assert_eq!(count(ArmorKind::SuitOfArmor, false), 2);
    assert_eq!(
        i.armor.iter().filter(|a| a.treasure).count(),
        4,
        "rule 2.3.6"
    );
    let helmet = i.armor_piece(&ArmorId("helmet".into())).unwrap();
    assert_eq!(helmet.protects, [AttackDirection::Smash]);
    assert!(i
        .armor
        .iter()
        .all(|a| a.treasure == a.price_destroyed.is_some()));
}

#[test]
fn rule_2_5_sixteen_characters() {
    let c = characters::load().unwrap();
    assert_eq!(c.characters.len(), 16);
}

#[test]
fn rule_2_5_each_character_has_12_action_chits_and_4_stages() {
    let c = characters::load().unwrap();
    for ch in &c.characters {
        assert_eq!(ch.chits.len(), 12, "{}", ch.id.0);
        let levels: Vec<u8> = ch.stages.iter().map(|s| s.level).collect();
        assert_eq!(levels, [1, 2, 3, 4], "{}", ch.id.0);
        assert_eq!(
            ch.stages[3].name, ch.name,
            "the 4th stage is the character himself"
        );
        assert_eq!(ch.advantages.len(), 2, "{}", ch.id.0);
    }
}

#[test]
fn rule_2_7_6_magician_chits_match_his_spell_types() {
    let c = characters::load().unwrap();
    let mage = c.get(&characters::CharacterId("magician".into())).unwrap();
    let magic_at = |level: u8| -> Vec<(MagicType, u8, u8)> {
        mage.chits
            .iter()
            .filter(|ch| ch.level == level)
            .filter_map(|ch| match ch.kind {
                ChitKind::Magic { magic_type } => Some((magic_type, ch.time, ch.effort)),
                _ => None,
            })
            .collect()
    };
    assert_eq!(magic_at(2), [(MagicType::II, 3, 1)]);
    assert_eq!(
        magic_at(3),
        [
            (MagicType::VIII, 4, 1),
            (MagicType::III, 3, 1),
            (MagicType::VII, 4, 2)
        ]
    );
    assert_eq!(
        magic_at(4),
        [
            (MagicType::V, 4, 2),
            (MagicType::VI, 4, 1),
            (MagicType::IV, 3, 1)
        ]
    );
}

#[test]
fn rule_2_7_8_special_advantages_in_rule_order() {
    use characters::SpecialAdvantage::*;
    let c = characters::load().unwrap();
    let order = |id: &str| {
        let ch = c.get(&characters::CharacterId(id.into())).unwrap();
        ch.advantages
            .iter()
            .map(|a| a.advantage)
            .collect::<Vec<_>>()
    };
    assert_eq!(order("amazon"), [Aim, Stamina]);
    assert_eq!(order("black-knight"), [Aim, Fear]);
    assert_eq!(order("dwarf"), [ShortLegs, CaveKnowledge]);
    assert_eq!(order("witch-king"), [Disembodied, AuraOfPower]);
    assert_eq!(order("white-knight"), [Health, Honor]);
}

#[test]
fn rule_3_3_2_starting_equipment_resolves_to_counters() {
    let c = characters::load().unwrap();
    let i = items::load().unwrap();
    for ch in &c.characters {
        for w in ch.starting_weapons() {
            assert!(i.weapon(w).is_some(), "{} {}", ch.id.0, w.0);
        }
        for a in ch.starting_armor() {
            assert!(i.armor_piece(a).is_some(), "{} {}", ch.id.0, a.0);
        }
    }
    let bk = c
        .get(&characters::CharacterId("black-knight".into()))
        .unwrap();
    assert_eq!(bk.starting_weapons(), [WeaponId("mace".into())]);
    assert_eq!(
        bk.starting_armor(),
        [ArmorId("suit-of-armor".into()), ArmorId("shield".into())]
    );
}

#[test]
fn rule_3_3_3_starting_spells_use_the_characters_magic_types() {
    let c = characters::load().unwrap();
    let with_spells = c
        .characters
        .iter()
        .filter(|ch| ch.starting_spells().is_some())
        .count();
    assert_eq!(with_spells, 10);
    let wk = c
        .get(&characters::CharacterId("witch-king".into()))
        .unwrap();
    let spells = wk.starting_spells().unwrap();
    assert_eq!(spells.count, 4);
    assert_eq!(
        spells.types,
        [MagicType::IV, MagicType::V, MagicType::VI],
        "errata 2.7.10"
    );
}

#[test]
fn rule_3_3_5_starting_places_and_relationships() {
    let c = characters::load().unwrap();
    for ch in &c.characters {
        assert!(
            ch.start.contains(&StartLocation::Inn),
            "{} can start at the Inn",
            ch.id.0
        );
    }
    let wk = c
        .get(&characters::CharacterId("white-knight".into()))
        .unwrap();
    assert_eq!(
        wk.relationships.with_group(NativeGroup::Order),
        Relationship::Ally
    );
    assert_eq!(
        wk.relationships.with_group(NativeGroup::Company),
        Relationship::Enemy
    );
    assert_eq!(
        wk.relationships.with_group(NativeGroup::Rogues),
        Relationship::Neutral
    );
}

#[test]
fn rule_2_3_7_seventy_four_treasures() {
    let i = items::load().unwrap();
    assert_eq!(i.treasures.len(), 74);
    let count = |size: TreasureSize| {
        i.treasures
            .iter()
            .filter(|t| t.size == size && t.twt.is_none())
            .count()
    };
    // Rule 3.1.1e: 6 TWT cards, 23 Large Treasures, 45 Small Treasures.
    assert_eq!(i.treasures.iter().filter(|t| t.twt.is_some()).count(), 6);
    assert_eq!(
        (count(TreasureSize::Large), count(TreasureSize::Small)),
        (23, 45)
    );
    let mut p: Vec<u8> = i
        .treasures
        .iter()
        .filter_map(|t| t.twt.map(|x| x.number))
        .collect();
    p.sort_unstable();
    assert_eq!(p, [1, 2, 3, 4, 5, 6]);
    assert_eq!(
        i.treasures
            .iter()
            .filter(|t| t.is(TreasureKind::Artifact))
            .count(),
        8
    );
    assert_eq!(
        i.treasures
            .iter()
            .filter(|t| t.is(TreasureKind::SpellBook))
            .count(),
        5
    );
}

#[test]
fn rule_2_7_13_vial_of_healing_is_discarded_to_the_order() {
    let i = items::load().unwrap();
    let vial = i.treasure(&TreasureId("vial-of-healing".into())).unwrap();
    assert_eq!(
        vial.discard_to,
        Some(denizens::Trader::Native(NativeGroup::Order))
    );
}

#[test]
fn rule_2_3_8_fifty_spells() {
    let s = magic::load().unwrap();
    assert_eq!(s.spells.len(), 50);
    assert_eq!(
        s.cards().count(),
        47,
        "47 Spell cards, 41 used and 6 set aside (3.1.3 g.2)"
    );
    let per_type: Vec<usize> = MagicType::ALL.iter().map(|t| s.card_count(*t)).collect();
    assert_eq!(per_type, [4, 6, 6, 7, 6, 7, 5, 6]);
    for spell in s.spells.iter().filter(|x| x.source != SpellSource::Card) {
        assert!(spell.magic_type.is_none(), "{}", spell.id.0);
    }
    let poison = s.get(&SpellId("poison".into())).unwrap();
    assert_eq!(
        poison.duration,
        SpellDuration::Day,
        "the List of Spells says Day"
    );
}

#[test]
fn rule_4_6_6e_fly_spells_and_the_carpet_carry_their_flying_values() {
    // 4.6.6e, 7.3.3: every Fly spell makes a Fly chit with a strength and a time, and the
    // Flying Carpet's spell gives the carpet its own (List of Spells, List of Treasures).
    let s = magic::load().unwrap();
    let flying: Vec<(&str, Size, u8)> = s
        .spells
        .iter()
        .filter_map(|x| x.fly.map(|f| (x.id.0.as_str(), f.strength, f.time)))
        .collect();
    assert_eq!(
        flying,
        [
            ("hurricane-winds", Size::Tremendous, 1),
            ("broomstick", Size::Light, 1),
            ("flying-carpet-spell", Size::Medium, 2)
        ]
    );
    for spell in s.spells.iter().filter(|x| x.duration == SpellDuration::Fly) {
        assert!(spell.fly.is_some(), "{} makes a Fly chit", spell.id.0);
    }
}

#[test]
fn rule_4_6_6_attack_spells_carry_their_weapon_values() {
    use tabletop_rules::magic_realm::catalog::common::Size;
    use tabletop_rules::magic_realm::catalog::items::AttackDirection;
    let s = magic::load().unwrap();
    let attack = |id: &str| s.get(&SpellId(id.into())).unwrap().attack.unwrap();
    let with_attack: Vec<&str> = s
        .spells
        .iter()
        .filter(|x| x.attack.is_some())
        .map(|x| x.id.0.as_str())
        .collect();
    assert_eq!(
        with_attack,
        [
            "stones-fly",
            "lightning-bolt",
            "fiery-blast",
            "roof-collapses"
        ]
    );
    // List of Spells: Fiery Blast a missile of length 13, Light harm and three stars.
    let fb = attack("fiery-blast");
    assert_eq!(
        (fb.length, fb.harm, fb.sharpness, fb.missile),
        (13, Size::Light, 3, true)
    );
    let lb = attack("lightning-bolt");
    assert_eq!((lb.length, lb.harm, lb.sharpness), (18, Size::Medium, 3));
    let sf = attack("stones-fly");
    assert_eq!((sf.length, sf.harm, sf.sharpness), (15, Size::Light, 1));
    // Roof Collapses: striking, Heavy, no stars, always Smash at time 4.
    let rc = attack("roof-collapses");
    assert!(!rc.missile);
    assert_eq!((rc.harm, rc.sharpness), (Size::Heavy, 0));
    let fixed = rc.fixed.unwrap();
    assert_eq!((fixed.direction, fixed.time), (AttackDirection::Smash, 4));
}

#[test]
fn rule_3_4_visitor_mission_and_campaign_chits() {
    let d = denizens::load().unwrap();
    assert_eq!(d.chits.len(), 6, "six double-sided chits");
    assert_eq!(
        (d.visitors.len(), d.missions.len(), d.campaigns.len()),
        (4, 2, 6)
    );
    let quest = d
        .campaigns
        .iter()
        .find(|c| c.campaign == Campaign::Quest)
        .unwrap();
    assert_eq!(quest.partners, [NativeGroup::Order]);
    assert_eq!(quest.foe_monsters.len(), 4);
    let pillage = d
        .campaigns
        .iter()
        .find(|c| c.campaign == Campaign::Pillage)
        .unwrap();
    assert_eq!(
        (pillage.cost.notoriety, pillage.time_limit),
        (10, TimeLimit::Days(14))
    );
    let war = d
        .campaigns
        .iter()
        .find(|c| c.campaign == Campaign::War)
        .unwrap();
    assert_eq!(
        (war.cost.fame, war.cost.notoriety, war.time_limit),
        (10, 15, TimeLimit::EndOfGame)
    );
    assert!(d
        .missions
        .iter()
        .all(|m| m.cost.notoriety == 5 && m.time_limit == TimeLimit::Days(14)));
    let escort = d
        .missions
        .iter()
        .find(|m| m.name == "Escort Party")
        .unwrap();
    assert_eq!(
        (escort.destination, escort.destination_if_taken_there),
        (DwellingId::Chapel, DwellingId::GuardHouse)
    );
    let pair = d
        .chits
        .iter()
        .find(|c| c.sides.contains(&ChitFace::Campaign(Campaign::War)))
        .unwrap();
    assert!(pair.sides.contains(&ChitFace::Campaign(Campaign::Conquer)));
}

#[test]
fn rule_7_13_appearance_chart_rows_have_boxes_in_order() {
    let card = setup_card::load().unwrap();
    let rows: Vec<u8> = card.chart.rows.iter().map(|r| r.row).collect();
    assert_eq!(rows, [1, 2, 3, 4, 5, 6]);
    for row in &card.chart.rows {
        let numbers: Vec<u8> = row
            .groups
            .iter()
            .flat_map(|g| g.boxes.iter().map(|b| b.number))
            .collect();
        let expected: Vec<u8> = (1..=numbers.len() as u8).collect();
        assert_eq!(numbers, expected, "row {}", row.row);
    }
    // Rule 7.13 example: the Bats of row 6, one then two then three.
    let bats = &card.chart.row(6).unwrap().groups[0];
    let sizes: Vec<u8> = bats
        .boxes
        .iter()
        .map(|b| match &b.holds {
            BoxContents::Monsters(m) => m[0].count,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(sizes, [1, 2, 3]);
    assert!(bats.summoned_by.contains(&Summoner::Sound {
        sound: SoundKind::Howl,
        needs_warning: Some(TileGroup::Mountain)
    }));
    assert!(bats.summoned_by.contains(&Summoner::Sound {
        sound: SoundKind::Flutter,
        needs_warning: None
    }));
}

#[test]
fn rule_7_13_every_monster_is_on_the_chart_or_always_prowling() {
    let card = setup_card::load().unwrap();
    let d = denizens::load().unwrap();
    let mut placed: BTreeMap<String, u32> = BTreeMap::new();
    for (_, m) in card.chart.monsters() {
        *placed.entry(m.monster.0.clone()).or_default() += u32::from(m.count);
    }
    assert_eq!(placed.values().sum::<u32>(), 57);
    assert_eq!(
        card.chart.always_prowling[0].monster,
        MonsterId("ghost".into())
    );
    for m in &d.monsters {
        let n = placed.get(&m.id.0).copied().unwrap_or(0) + if m.id.0 == "ghost" { 2 } else { 0 };
        assert_eq!(n, u32::from(m.count), "{}", m.id.0);
    }
    let lost: usize = card
        .chart
        .rows
        .iter()
        .flat_map(|r| &r.groups)
        .filter(|g| g.section == Section::TreasureLocations)
        .count();
    assert_eq!(
        lost, 8,
        "rule 3.1.2b: eight monsters left over for the treasure sites"
    );
}

#[test]
fn rule_7_13_visitor_boxes_are_on_row_6_and_natives_on_their_rows() {
    let card = setup_card::load().unwrap();
    let d = denizens::load().unwrap();
    for row in &card.chart.rows {
        let slots = row
            .groups
            .iter()
            .flat_map(|g| &g.boxes)
            .filter(|b| b.holds == BoxContents::VisitorSlot)
            .count();
        assert_eq!(slots, if row.row == 6 { 7 } else { 0 }, "row {}", row.row);
        for b in row.groups.iter().flat_map(|g| &g.boxes) {
            if let BoxContents::Natives(g) = b.holds {
                assert_eq!(d.group(g).unwrap().appearance_row, Some(row.row));
            }
        }
    }
}

#[test]
fn rule_3_1_treasure_setup_places_exactly_the_treasures_that_exist() {
    let card = setup_card::load().unwrap();
    let i = items::load().unwrap();
    assert_eq!(random_treasure_draws(&card.setup), (23 + 6, 45));
    let large = i
        .treasures
        .iter()
        .filter(|t| t.size == TreasureSize::Large)
        .count();
    let small = i
        .treasures
        .iter()
        .filter(|t| t.size == TreasureSize::Small)
        .count();
    assert_eq!(random_treasure_draws(&card.setup), (large, small));
}

#[test]
fn rule_3_1_every_counter_is_placed_once() {
    let card = setup_card::load().unwrap();
    let i = items::load().unwrap();
    let mut weapons: BTreeMap<String, u32> = BTreeMap::new();
    let mut armor: BTreeMap<String, u32> = BTreeMap::new();
    let mut horses: Vec<String> = Vec::new();
    let mut groups: Vec<NativeGroup> = Vec::new();
    for (_, p) in card.setup.placements() {
        match &p.piece {
            Piece::Weapon { weapon, count } => {
                *weapons.entry(weapon.0.clone()).or_default() += u32::from(*count)
            }
            Piece::Armor { armor: a, count } => {
                *armor.entry(a.0.clone()).or_default() += u32::from(*count)
            }
            Piece::Horse(h) => horses.push(h.0.clone()),
            Piece::Natives(g) => groups.push(*g),
            _ => {}
        }
    }
    for w in &i.weapons {
        assert_eq!(
            weapons.get(&w.id.0).copied(),
            Some(u32::from(w.count)),
            "{}",
            w.id.0
        );
    }
    for a in &i.armor {
        assert_eq!(
            armor.get(&a.id.0).copied(),
            Some(u32::from(a.count)),
            "{}",
            a.id.0
        );
    }
    horses.sort();
    let mut all: Vec<String> = i.horses.iter().map(|h| h.id.0.clone()).collect();
    all.sort();
    assert_eq!(horses, all);
    groups.sort();
    assert_eq!(groups.len(), 9);
    groups.dedup();
    assert_eq!(groups.len(), 9);
}

#[test]
fn rule_3_1_3_forty_one_spells_go_on_the_setup_card() {
    let card = setup_card::load().unwrap();
    let s = magic::load().unwrap();
    let placed: usize = MagicType::ALL
        .iter()
        .map(|t| spell_draws(&card.setup, *t))
        .sum();
    assert_eq!(placed, 41);
    assert_eq!(s.cards().count() - placed, 6, "six cards out of play");
    assert_eq!(
        spell_draws(&card.setup, MagicType::I),
        s.card_count(MagicType::I)
    );
    assert!(card
        .setup
        .steps
        .iter()
        .any(|st| st.action == SetupAction::SetAsideRemainingSpells));
}

#[test]
fn rule_2_3_9_artifacts_hold_one_spell_and_books_four() {
    let card = setup_card::load().unwrap();
    let i = items::load().unwrap();
    let mut held: BTreeMap<String, usize> = BTreeMap::new();
    for (target, p) in card.setup.placements() {
        if let (SetupBox::Treasure(t), Piece::Spells { count, .. }) = (target, &p.piece) {
            *held.entry(t.0.clone()).or_default() += usize::from(*count);
        }
    }
    for t in &i.treasures {
        let expected = if t.is(TreasureKind::Artifact) {
            1
        } else if t.is(TreasureKind::SpellBook) {
            4
        } else {
            0
        };
        assert_eq!(
            held.get(&t.id.0).copied().unwrap_or(0),
            expected,
            "{}",
            t.id.0
        );
    }
}

#[test]
fn rule_3_1_2_setup_sections_come_in_rule_order() {
    let card = setup_card::load().unwrap();
    let order = [
        Section::TreasuresWithinTreasures,
        Section::LostCastle,
        Section::LostCity,
        Section::TreasureLocations,
        Section::Dwellings,
        Section::Garrisons,
        Section::Visitors,
        Section::ArtifactsAndSpellBooks,
        Section::VisitorMission,
    ];
    let mut seen: Vec<Section> = card.setup.steps.iter().map(|s| s.section).collect();
    seen.dedup();
    // The Visitors section appears twice: the Scholar's treasures (3.1.2f), then spells (3.1.3).
    seen.retain(|s| *s != Section::Visitors);
    let expected: Vec<Section> = order
        .into_iter()
        .filter(|s| *s != Section::Visitors)
        .collect();
    assert_eq!(seen, expected);
    let first_shuffle = card
        .setup
        .steps
        .iter()
        .position(|s| s.action == SetupAction::ShuffleTwtCardsIntoLargeTreasures)
        .unwrap();
    assert_eq!(first_shuffle, 6, "after the six TWT boxes are filled");
}

#[test]
fn rule_2_data_files_reject_unknown_fields() {
    let d = denizens::load().unwrap();
    let mut value = serde_json::to_value(&d.monsters[0]).unwrap();
    let parsed: Result<denizens::Monster, _> = serde_json::from_value(value.clone());
    assert_eq!(parsed.unwrap(), d.monsters[0]);
    value["armoured"] = serde_json::Value::Bool(true);
    let typo: Result<denizens::Monster, _> = serde_json::from_value(value);
    assert!(typo.is_err(), "a misspelt field must not be ignored");
}
