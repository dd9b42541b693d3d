//! Melee counters from the catalog's monsters, heads and clubs, natives and native horses
//! (2.2.3, 2.2.4, 2.3.3): their two sides as [`Tactic`]s, their vulnerability and armor
//! (8.4.9), and the Missile Table dice of the native bowmen (8.4.9: Archers one die,
//! Crossbowmen two, no player modifiers). A red-side-up Tremendous monster's circled
//! attack time holds and kills ([`MeleeStrike::HoldAndKill`]); a Demon's or Imp's Roman numeral
//! is a [`MeleeStrike::Spell`] with its own length (8.4.7).

use super::{AttackValues, Denizen, DenizenKind, FighterId, MeleeStrike, MissileDice, Tactic};
use crate::magic_realm::catalog::common::{Side, Size};
use crate::magic_realm::catalog::denizens::{
    self as cat, Monster, MonsterAttack, MonsterPart, Native, NativeHorse, NativeSide,
};
use crate::magic_realm::catalog::items::{AttackMethod, HorseSide};

fn monster_attack(a: &MonsterAttack, length: u8) -> AttackValues {
    let (strike, length) = match &a.strike {
        cat::Strike::Harm(letter) => (
            MeleeStrike::Harm {
                letter: *letter,
                sharpness: a.sharpness,
                missile: None,
                extra_level: false,
            },
            length,
        ),
        cat::Strike::Red => (MeleeStrike::HoldAndKill, length),
        cat::Strike::Spell { length, .. } => (MeleeStrike::Spell, *length),
    };
    AttackValues {
        time: a.time,
        length,
        strike,
    }
}

fn native_tactic(n: &Native, side: &NativeSide) -> Tactic {
    let missile = match n.attack_method {
        AttackMethod::Striking => None,
        AttackMethod::Missile if n.archer => Some(MissileDice::OneDie),
        AttackMethod::Missile => Some(MissileDice::TwoDice { modifier: 0 }),
    };
    Tactic {
        move_time: side.move_time,
        attack: side.attack.map(|a| AttackValues {
            time: a.time,
            length: n.length,
            strike: MeleeStrike::Harm {
                letter: a.harm,
                sharpness: a.sharpness,
                missile,
                extra_level: false,
            },
        }),
    }
}

fn horse_tactic(side: &HorseSide) -> Tactic {
    Tactic {
        move_time: side.time,
        attack: None,
    }
}

impl Denizen {
    /// A monster counter; for Tremendous monsters `Side::Dark` is the red side.
    pub fn monster(m: &Monster, side: Side) -> Denizen {
        let tactic = |s: &cat::MonsterSide| Tactic {
            move_time: s.move_time,
            attack: s.attack.as_ref().map(|a| monster_attack(a, m.length)),
        };
        Denizen {
            kind: DenizenKind::Monster {
                tremendous: m.size == Size::Tremendous,
            },
            light: tactic(&m.light),
            dark: tactic(&m.dark),
            side,
            vulnerability: m.size,
            armored: m.armored,
            steady: false,
        }
    }

    /// The attack of a head or club on `side` (8.4.7: its own length, harm and sharpness).
    pub fn part_attack(p: &MonsterPart, side: Side) -> AttackValues {
        let a = match side {
            Side::Light => &p.light,
            Side::Dark => &p.dark,
        };
        monster_attack(a, p.length)
    }

    /// A head or club of `monster`: it attacks but cannot be attacked (8.4.7); its
    /// vulnerability is its monster's and is never used.
    pub fn monster_part(p: &MonsterPart, monster: FighterId, side: Side) -> Denizen {
        let tactic = |a: &MonsterAttack| Tactic {
            move_time: a.time,
            attack: Some(monster_attack(a, p.length)),
        };
        Denizen {
            kind: DenizenKind::Part { monster },
            light: tactic(&p.light),
            dark: tactic(&p.dark),
            side,
            vulnerability: Size::Tremendous,
            armored: false,
            steady: false,
        }
    }

    /// A native counter.
    pub fn native(n: &Native, side: Side) -> Denizen {
        Denizen {
            kind: DenizenKind::Native,
            light: native_tactic(n, &n.light),
            dark: native_tactic(n, &n.dark),
            side,
            vulnerability: n.vulnerability,
            armored: n.armored,
            steady: false,
        }
    }

    /// A native horse ridden by `rider`: its walking side is light, its galloping side
    /// dark.
    pub fn native_horse(h: &NativeHorse, rider: FighterId, side: Side) -> Denizen {
        Denizen {
            kind: DenizenKind::NativeHorse { rider },
            light: horse_tactic(&h.trot),
            dark: horse_tactic(&h.gallop),
            side,
            vulnerability: h.vulnerability,
            armored: h.armored,
            steady: false,
        }
    }
}
