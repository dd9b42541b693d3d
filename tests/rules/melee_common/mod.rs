//! Shared builders for the melee kernel's tests (mr_melee.rs, mr_melee_odds.rs): counters
//! from the catalog, characters, sheets and scripted runs.
#![allow(dead_code)]

use tabletop_rules::magic_realm::catalog::common::{Side, Size};
use tabletop_rules::magic_realm::catalog::denizens::{
    MonsterId, MonsterPartId, NativeHorseId, NativeId,
};
use tabletop_rules::magic_realm::catalog::{self, Catalog};
use tabletop_rules::magic_realm::combat::melee::{
    resolve, ArmorPiece, ArmorRow, AttackValues, CharacterAttack, CharacterFighter, Denizen,
    FighterId, HorsePlay, Lane, Maneuver, MeleeFighter, MeleeOutcome, MeleeStrike, Scripted, Sheet,
    Situation,
};

pub const THRUST: Lane = Lane::ChargeThrust;
pub const SWING: Lane = Lane::DodgeSwing;
pub const SMASH: Lane = Lane::DuckSmash;

pub fn cat() -> &'static Catalog {
    catalog::get().expect("the catalog loads")
}

pub fn id(n: u16) -> FighterId {
    FighterId(n)
}

pub fn monster_denizen(name: &str, side: Side) -> Denizen {
    let m = cat()
        .denizens
        .monster(&MonsterId(name.into()))
        .unwrap_or_else(|| panic!("no monster {name}"));
    Denizen::monster(m, side)
}

pub fn monster(name: &str, side: Side) -> MeleeFighter {
    MeleeFighter::Denizen(monster_denizen(name, side))
}

pub fn part(name: &str, monster: u16, side: Side) -> MeleeFighter {
    let p = cat()
        .denizens
        .part(&MonsterPartId(name.into()))
        .unwrap_or_else(|| panic!("no part {name}"));
    MeleeFighter::Denizen(Denizen::monster_part(p, id(monster), side))
}

pub fn native_denizen(name: &str, side: Side) -> Denizen {
    let n = cat()
        .denizens
        .native(&NativeId(name.into()))
        .unwrap_or_else(|| panic!("no native {name}"));
    Denizen::native(n, side)
}

pub fn native(name: &str, side: Side) -> MeleeFighter {
    MeleeFighter::Denizen(native_denizen(name, side))
}

pub fn native_horse(name: &str, rider: u16, side: Side) -> MeleeFighter {
    let h = cat()
        .denizens
        .native_horse(&NativeHorseId(name.into()))
        .unwrap_or_else(|| panic!("no native horse {name}"));
    MeleeFighter::Denizen(Denizen::native_horse(h, id(rider), side))
}

pub fn hero(vulnerability: Size, maneuver: Option<(Lane, u8)>) -> CharacterFighter {
    CharacterFighter {
        vulnerability,
        maneuver: maneuver.map(|(lane, time)| Maneuver { lane, time }),
        horse: None,
        armor: Vec::new(),
        armored: false,
        woundless: false,
        armor_stops_wounds: false,
        shift_maneuver: None,
    }
}

pub fn with_horse(
    mut c: CharacterFighter,
    lane: Lane,
    time: u8,
    vuln: Size,
    armored: bool,
) -> CharacterFighter {
    c.horse = Some(HorsePlay {
        maneuver: Maneuver { lane, time },
        vulnerability: vuln,
        armored,
    });
    c
}

pub fn piece(token: u16, row: ArmorRow, covers: &[Lane], letter: Size) -> ArmorPiece {
    ArmorPiece {
        token,
        row,
        covers: covers.to_vec(),
        letter,
        damaged: false,
        card: false,
    }
}

pub fn suit(token: u16, letter: Size) -> ArmorPiece {
    piece(token, ArmorRow::Suit, &[THRUST, SWING, SMASH], letter)
}

pub fn with_armor(mut c: CharacterFighter, armor: Vec<ArmorPiece>) -> CharacterFighter {
    c.armor = armor;
    c
}

pub fn ch(c: CharacterFighter) -> MeleeFighter {
    MeleeFighter::Character(c)
}

pub fn sheet(owner: u16, boxes: &[(u16, Lane)]) -> Sheet {
    Sheet::Character {
        owner: id(owner),
        boxes: boxes.iter().map(|&(n, lane)| (id(n), lane)).collect(),
    }
}

pub fn denizen_sheet(
    defender: &[(u16, Lane)],
    target: &[(u16, Lane)],
    circles: &[(u16, Lane)],
) -> Sheet {
    let list = |l: &[(u16, Lane)]| l.iter().map(|&(n, lane)| (id(n), lane)).collect();
    Sheet::Denizen {
        defender: list(defender),
        target: list(target),
        circles: list(circles),
        holds: None,
    }
}

pub fn harm(letter: Size, sharpness: u8) -> MeleeStrike {
    MeleeStrike::Harm {
        letter,
        sharpness,
        missile: None,
        extra_level: false,
    }
}

/// The dagger (8.4.5, 8.4.9): Negligible, one star, always a level more.
pub fn dagger() -> MeleeStrike {
    MeleeStrike::Harm {
        letter: Size::Negligible,
        sharpness: 1,
        missile: None,
        extra_level: true,
    }
}

pub fn attack(
    attacker: u16,
    target: u16,
    lane: Lane,
    time: u8,
    length: u8,
    strike: MeleeStrike,
) -> CharacterAttack {
    CharacterAttack {
        attacker: id(attacker),
        target: id(target),
        lane,
        values: AttackValues {
            time,
            length,
            strike,
        },
        extras: Default::default(),
    }
}

pub fn situation(
    first_round: bool,
    fighters: Vec<MeleeFighter>,
    sheets: Vec<Sheet>,
    attacks: Vec<CharacterAttack>,
) -> Situation {
    Situation {
        first_round,
        fighters,
        sheets,
        attacks,
    }
}

/// Dice that leave a group as placed: Repositioning 4, then no change in each of
/// `boxes` occupied boxes.
pub fn calm(boxes: usize) -> Vec<u8> {
    let mut v = vec![Scripted::STAY];
    v.extend(std::iter::repeat_n(1, 2 * boxes));
    v
}

/// Resolves with exactly these dice (every number used, none missing).
pub fn run(sit: &Situation, dice: &[u8]) -> (MeleeOutcome, Scripted) {
    let mut chance = Scripted::new(dice.to_vec());
    let outcome = resolve(cat(), sit, &mut chance).expect("the melee resolves");
    assert!(!chance.ran_out(), "the script ran out: {:?}", chance.asked);
    assert_eq!(chance.left(), 0, "dice left over: {:?}", chance.asked);
    (outcome, chance)
}
