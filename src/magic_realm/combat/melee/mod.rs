//! The Melee Step once the plays are revealed (rules 8.4.6, 8.4.8, 8.4.9, 8.4.7, seed 002):
//! denizens reposition and change tactics, attacks are matched against maneuvers
//! (undercutting or intercepting), and hits inflict harm one by one in the order of
//! length and attack time.
//!
//! This is a pure kernel: the combat flow (`combat::*`) builds a [`Situation`] from the
//! game, the kernel resolves it with a [`Chance`] (the game's dice, a scripted list, or the
//! exact enumeration of [`odds`]), and the flow applies the [`MeleeOutcome`] to the game. Every
//! rule of these sections is written here once; the odds query and the game share it.

pub mod chance;
pub mod counters;
pub mod harm;
pub mod inflict;
pub mod odds;
pub mod reposition;
pub mod resolve;
pub mod tables;
pub mod tactics;

pub use chance::{Chance, Scripted, Seeded};
pub use odds::{odds, Odds};
pub use resolve::resolve;

use crate::magic_realm::catalog::common::{Side, Size};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// The three lanes of a Melee Section, numbered 1 to 3 as the Repositioning Denizens Table
/// numbers them (8.4.6). Each lane is an Attack circle, a red box and a Maneuver square:
/// 1 Thrust / Charge-and-Thrust / Charge, 2 Swing / Dodge-and-Swing / Dodge, 3 Smash /
/// Duck-and-Smash / Duck. An attack in a lane intercepts a maneuver in the same lane
/// (8.4.8: "a Smash attack intercepts its target in the Smash circle, the Duck and Smash
/// box, or the Duck square").
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
pub enum Lane {
    ChargeThrust,
    DodgeSwing,
    DuckSmash,
}

impl Lane {
    pub const ALL: [Lane; 3] = [Lane::ChargeThrust, Lane::DodgeSwing, Lane::DuckSmash];

    /// 1 to 3, as the Repositioning Denizens Table numbers boxes.
    pub fn number(self) -> u8 {
        match self {
            Lane::ChargeThrust => 1,
            Lane::DodgeSwing => 2,
            Lane::DuckSmash => 3,
        }
    }

    pub fn from_number(n: u8) -> Option<Lane> {
        match n {
            1 => Some(Lane::ChargeThrust),
            2 => Some(Lane::DodgeSwing),
            3 => Some(Lane::DuckSmash),
            _ => None,
        }
    }
}

/// Index of a fighter in [`Situation::fighters`].
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
pub struct FighterId(pub u16);

/// How a die result is rolled on the Missile Table (8.4.9): a character rolls two dice and
/// takes the higher, with his modifiers; Archers roll one die; Crossbowmen two dice; the
/// natives' rolls take no player modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum MissileDice {
    OneDie,
    TwoDice {
        modifier: i8,
    },
    /// One die with a modifier (a character with the Lucky Charm and Aim, 4.1.2).
    OneDiePlus {
        modifier: i8,
    },
}

impl MissileDice {
    /// A character's roll with his modifications (4.1.2).
    pub fn of(one_die: bool, modifier: i8) -> MissileDice {
        match (one_die, modifier) {
            (true, 0) => MissileDice::OneDie,
            (true, modifier) => MissileDice::OneDiePlus { modifier },
            (false, modifier) => MissileDice::TwoDice { modifier },
        }
    }
}

/// What an attack does when it hits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum MeleeStrike {
    /// Harm of this letter plus one level per sharpness star (8.4.9).
    Harm {
        letter: Size,
        sharpness: u8,
        /// Missile weapons roll on the Missile Table for the harm (8.4.9).
        missile: Option<MissileDice>,
        /// A striking weapon played with a Fight chit stronger than its weight, and the
        /// dagger: one level more (8.4.9).
        extra_level: bool,
    },
    /// A red-side-up Tremendous monster holding its target: kills outright, ignoring
    /// armor and horses (8.4.7).
    HoldAndKill,
    /// The Roman-numeral side of a Demon, Winged Demon or Imp: the target rolls on a
    /// spell's table instead of taking harm (8.4.7). The kernel reports the hit; the
    /// flow applies the spell.
    Spell,
}

/// An attack's values: time, weapon length and what it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub struct AttackValues {
    pub time: u8,
    pub length: u8,
    pub strike: MeleeStrike,
}

/// A maneuver: its lane and time (8.4.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub struct Maneuver {
    pub lane: Lane,
    pub time: u8,
}

/// One side of a denizen counter in combat: its move time (maneuver time) and its
/// attack, if that side has one (light-side Spear Goblins and Archers have none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub struct Tactic {
    pub move_time: u8,
    pub attack: Option<AttackValues>,
}

/// Which armor row a piece sits in, outermost first (GAPS 2.2): the shield position, then
/// the breastplate or helmet, then the suit of armor. A hit strikes the first active,
/// undestroyed piece covering its lane.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
pub enum ArmorRow {
    Shield,
    Body,
    Suit,
}

/// A piece of a character's active armor.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub struct ArmorPiece {
    /// The flow's own token for the piece (an index into its list of armor).
    pub token: u16,
    pub row: ArmorRow,
    /// The lanes it protects (a shield: the one lane its owner played it in).
    pub covers: Vec<Lane>,
    /// Its letter: weight and toughness (2.3.5).
    pub letter: Size,
    pub damaged: bool,
    /// Armor cards have no damaged side: harm equal to the letter destroys them.
    pub card: bool,
}

/// A horse a character plays to maneuver (8.4.9: the horse takes the hits).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub struct HorsePlay {
    pub maneuver: Maneuver,
    pub vulnerability: Size,
    /// Warhorses are armored: hits on them lose a sharpness star.
    pub armored: bool,
}

/// What a denizen counter is, for the special rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum DenizenKind {
    Monster {
        /// Tremendous monsters never change tactics; their hits make them hold their
        /// target (8.4.7).
        tremendous: bool,
    },
    /// A head or club: attacks separately, cannot be attacked; its hit counts as its
    /// monster's (8.4.7).
    Part {
        monster: FighterId,
    },
    Native,
    /// A native horse: attacks on its rider are resolved against it while it lives
    /// (8.4.9); it never changes tactics (8.4.6).
    NativeHorse {
        rider: FighterId,
    },
}

/// A monster, native, head/club or native horse counter in the melee.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub struct Denizen {
    pub kind: DenizenKind,
    pub light: Tactic,
    pub dark: Tactic,
    /// The side up as the plays are revealed.
    pub side: Side,
    pub vulnerability: Size,
    /// Dragons, Trolls, Serpents, Vipers; armored natives; warhorses (8.4.9).
    pub armored: bool,
    /// Hired or controlled and on its own sheet: it neither repositions nor changes
    /// tactics (8.4.6).
    pub steady: bool,
}

impl Denizen {
    pub fn tactic(&self) -> &Tactic {
        match self.side {
            Side::Light => &self.light,
            Side::Dark => &self.dark,
        }
    }
}

/// A character in the melee, with his revealed defensive plays.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub struct CharacterFighter {
    pub vulnerability: Size,
    /// A Move chit or Boots card played in a Maneuver square; `None`: every denizen on his
    /// sheet hits him (8.4.8).
    pub maneuver: Option<Maneuver>,
    /// A horse played to maneuver (takes the place of `maneuver`).
    pub horse: Option<HorsePlay>,
    pub armor: Vec<ArmorPiece>,
    /// 4.6.8d: transmorphized into an armored creature: hits on him lose a star.
    #[serde(default)]
    #[tsify(optional)]
    pub armored: bool,
    /// 4.6.8e: a transmorphized character cannot be wounded (harm below his creature's
    /// vulnerability does nothing).
    #[serde(default)]
    #[tsify(optional)]
    pub woundless: bool,
    /// 8.5.3: hits on his armor give no wound (Reflecting Grease).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[tsify(optional)]
    pub armor_stops_wounds: bool,
    /// When every attack on him is slower than this time, his maneuver moves to the
    /// Maneuver square fewest of them intercept (Elusive Cloak, [`tactics`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub shift_maneuver: Option<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum MeleeFighter {
    Character(CharacterFighter),
    Denizen(Denizen),
}

/// Where denizens are on a Melee Section as the plays are revealed (8.4.2, 8.4.5).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum Sheet {
    /// A character's Melee Section: the denizens attacking him, each in a red box (with
    /// native horses and heads/clubs in their own boxes). Each attacks the owner along
    /// its lane and maneuvers in it (a rider along his horse's lane).
    Character {
        owner: FighterId,
        boxes: Vec<(FighterId, Lane)>,
    },
    /// A denizen's Melee Section (8.4.2): the defender in a red box attacks its target;
    /// the target in a Maneuver square and the other attackers in Attack circles attack
    /// the defender. An uncontrolled defender repositions and changes tactics by its own
    /// rolls; a hireling defender stays as placed (`Denizen::steady`). A defender without
    /// a target (an unassigned denizen a character attacks) makes no attack.
    ///
    /// Each list holds a fighter with its horse or head/club, if it has one, each in its
    /// own lane (a rider attacks along his lane and maneuvers along his horse's; a
    /// monster and its head or club are never in the same box, 8.4.7).
    Denizen {
        defender: Vec<(FighterId, Lane)>,
        target: Vec<(FighterId, Lane)>,
        circles: Vec<(FighterId, Lane)>,
        /// 8.3.6 a.8: a red-side-up Tremendous defender holding a character picks no
        /// target here: it (with its head or club) attacks him from its red box, as if it
        /// were in the matching red box on his sheet.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[tsify(optional)]
        holds: Option<FighterId>,
    },
}

/// What Treasure cards do to a character's attack: Potions applied to his weapon (4.4.3d)
/// and the Battle Bracelets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, Tsify)]
pub struct AttackExtras {
    /// 8.4.8: it also undercuts a maneuver of the same time (Ointment of Bite).
    #[serde(default)]
    pub hits_on_tie: bool,
    /// 8.4.9: its hits ignore armor: the target's armor and an armored counter's or
    /// warhorse's lost star (Penetrating Grease).
    #[serde(default)]
    pub ignores_armor: bool,
    /// When his target maneuvers slower than this time, the attack moves to the Attack
    /// circle that intercepts it (Battle Bracelets, [`tactics`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub shift_attack: Option<u8>,
}

impl AttackExtras {
    pub fn is_plain(&self) -> bool {
        *self == AttackExtras::default()
    }
}

/// A character's revealed attack (8.4.5): with a weapon, the dagger, or an Attack spell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub struct CharacterAttack {
    pub attacker: FighterId,
    pub target: FighterId,
    pub lane: Lane,
    pub values: AttackValues,
    #[serde(default, skip_serializing_if = "AttackExtras::is_plain")]
    #[tsify(optional)]
    pub extras: AttackExtras,
}

/// Everything the kernel needs to resolve one Melee Step in a clearing.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub struct Situation {
    /// 8.4.9: in the first round of the day in this clearing, length orders the hits.
    pub first_round: bool,
    pub fighters: Vec<MeleeFighter>,
    pub sheets: Vec<Sheet>,
    pub attacks: Vec<CharacterAttack>,
}

/// How a hit got through (8.4.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum HitBy {
    Undercut,
    Intercept,
}

/// What one hit did (8.4.9), in the order the hits inflicted harm.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum MeleeEffect {
    /// The harm did nothing (below the vulnerability or the armor's letter).
    NoEffect,
    Killed {
        fighter: FighterId,
    },
    /// A character's horse (played to maneuver) or a native horse killed.
    HorseKilled {
        fighter: FighterId,
    },
    ArmorDamaged {
        fighter: FighterId,
        token: u16,
    },
    ArmorDestroyed {
        fighter: FighterId,
        token: u16,
    },
    /// A wound to a character (8.5.3): light harm or more on his body, medium or more
    /// on his armor (this comes after the armor effect, as a separate entry).
    Wound {
        fighter: FighterId,
    },
    /// A Demon's or Imp's spell strike: the flow applies it.
    SpellStrike {
        fighter: FighterId,
    },
}

/// One attack that hit, as it went into effect.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub struct Hit {
    pub attacker: FighterId,
    pub target: FighterId,
    pub by: HitBy,
    /// Final harm after stars, armor and the Missile Table; `None` for hold-and-kill and
    /// spell strikes, and for harm that fell below Negligible.
    pub harm: Option<Size>,
    /// The Missile Table roll used, if any.
    pub missile_roll: Option<u8>,
    /// Cancelled before it took effect (its attacker or target killed first).
    pub cancelled: bool,
    /// Attacks that inflict harm at the same moment share this number (8.4.9m); kills
    /// within a group are shared (8.7).
    pub moment: u16,
    /// Effects of this hit, in order (empty when cancelled).
    pub effects: Vec<MeleeEffect>,
}

/// The result of a Melee Step's resolution.
#[derive(Debug, Clone, PartialEq, Eq, Default, Hash, Serialize, Deserialize, Tsify)]
pub struct MeleeOutcome {
    /// Each denizen's lane after repositioning, and side after changing tactics.
    pub placed: Vec<(FighterId, Lane, Side)>,
    /// Every attack that hit (undercut or intercepted), in the order it took effect.
    pub hits: Vec<Hit>,
    /// Attackers whose attacks missed.
    pub missed: Vec<FighterId>,
    /// Fighters killed this step, in order.
    pub killed: Vec<FighterId>,
}
