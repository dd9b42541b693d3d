//! The 16 characters (rules 2.5, 3.3 and 2.7): development stages, the 12 action chits,
//! starting belongings and spells, special advantages, trading relationships and starting
//! places.
//!
//! Errata applied: the Magician's chits per development level (2.7.6) and his VII4** chit
//! (2.7.7), the order of special advantages (2.7.8), "Bustard Sword" read as Broadsword
//! (2.7.9) and the Witch King's spell types (2.7.10).

use super::common::Size;
use super::denizens::{NativeGroup, Visitor};
use super::ensure_unique;
use super::items::{self, ArmorId, Items, WeaponId};
use super::magic::MagicType;
use super::{parse_json, DataError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use tsify::Tsify;

const FILE: &str = "characters.json";

/// Character id, e.g. `"white-knight"`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify)]
pub struct CharacterId(pub String);

/// The action an action chit does, with its strength or magic type (rule 2.5.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(tag = "action")]
pub enum ChitKind {
    Move {
        strength: Size,
    },
    Fight {
        strength: Size,
    },
    Duck {
        strength: Size,
    },
    Berserk {
        strength: Size,
    },
    Magic {
        magic_type: MagicType,
    },
    /// Unleash Power (List of Spells): a Magic chit transformed into a Move/Fight chit,
    /// usable as a Move chit or as a Fight chit (never printed on a card: only
    /// [`crate::magic_realm::day::who::chits`] reports it, while the spell lasts).
    MoveFight {
        strength: Size,
    },
}

impl ChitKind {
    /// The strength of a Move, Fight, Duck, Berserk or Move/Fight chit (none for Magic).
    pub fn strength(self) -> Option<Size> {
        match self {
            ChitKind::Move { strength }
            | ChitKind::Fight { strength }
            | ChitKind::Duck { strength }
            | ChitKind::Berserk { strength }
            | ChitKind::MoveFight { strength } => Some(strength),
            ChitKind::Magic { .. } => None,
        }
    }

    /// The strength it has when played as a Move chit (a Move/Fight chit included).
    pub fn move_strength(self) -> Option<Size> {
        match self {
            ChitKind::Move { strength } | ChitKind::MoveFight { strength } => Some(strength),
            _ => None,
        }
    }

    /// The strength it has when played as a Fight chit to attack or turn a weapon (a
    /// Move/Fight chit included). The Berserk chit is no Fight chit there: it is played to
    /// go berserk, and counts as a Fight chit only for making change (2.5.5, 4.2.2, 4.2.4a).
    pub fn fight_strength(self) -> Option<Size> {
        match self {
            ChitKind::Fight { strength } | ChitKind::MoveFight { strength } => Some(strength),
            _ => None,
        }
    }
}

/// One action chit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct ActionChit {
    /// Development level (1-4) at which the character gains the chit.
    pub level: u8,
    pub kind: ChitKind,
    pub time: u8,
    /// Effort asterisks.
    pub effort: u8,
}

/// Spells a stage allows: how many and of which types (rule 3.3.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct StageSpells {
    pub count: u8,
    pub types: Vec<MagicType>,
}

/// One development stage (rule 2.5.2); stage 4 is the character at the start of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Stage {
    pub level: u8,
    pub name: String,
    pub weapons: Vec<WeaponId>,
    pub armor: Vec<ArmorId>,
    pub spells: Option<StageSpells>,
}

/// The characters' special advantages (List of Characters, rule 2.7.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum SpecialAdvantage {
    Aim,
    Archer,
    AuraOfPower,
    Barter,
    Berserk,
    CaveKnowledge,
    Clever,
    Concealment,
    Disembodied,
    Elusiveness,
    Experience,
    Familiar,
    Fear,
    Health,
    HeavenlyProtection,
    Honor,
    Knowledge,
    Learning,
    Lore,
    MagicalParaphernalia,
    PeaceWithNature,
    Reputation,
    Robust,
    ShortLegs,
    Stamina,
    TrackingSkills,
}

/// A special advantage with the level it is gained at in the Development game (rule 10.E.5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct AdvantageEntry {
    pub advantage: SpecialAdvantage,
    pub gained_at_level: u8,
    /// A short statement of the advantage (our wording).
    pub text: String,
}

/// Trading relationship levels; groups not listed are Neutral.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
pub enum Relationship {
    Enemy,
    Unfriendly,
    Neutral,
    Friendly,
    Ally,
}

/// The trading relationships printed on the character card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Relationships {
    #[tsify(type = "Partial<Record<NativeGroup, Relationship>>")]
    pub natives: BTreeMap<NativeGroup, Relationship>,
    #[tsify(type = "Partial<Record<Visitor, Relationship>>")]
    pub visitors: BTreeMap<Visitor, Relationship>,
}

impl Relationships {
    pub fn with_group(&self, group: NativeGroup) -> Relationship {
        self.natives
            .get(&group)
            .copied()
            .unwrap_or(Relationship::Neutral)
    }
    pub fn with_visitor(&self, visitor: Visitor) -> Relationship {
        self.visitors
            .get(&visitor)
            .copied()
            .unwrap_or(Relationship::Neutral)
    }
}

/// Where a character may start (rule 3.3.5); the Witch King may also start with the Ghosts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum StartLocation {
    Chapel,
    Guard,
    House,
    Inn,
    Ghosts,
}

/// One character (rule 2.5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Character {
    pub id: CharacterId,
    pub name: String,
    /// Weight and vulnerability.
    pub weight: Size,
    pub start: Vec<StartLocation>,
    /// Stages 1 to 4, in order.
    pub stages: Vec<Stage>,
    pub chits: Vec<ActionChit>,
    /// In rule order (2.7.8).
    pub advantages: Vec<AdvantageEntry>,
    pub relationships: Relationships,
}

impl Character {
    /// The 4th stage: the character as the game starts (rules 3.3.2, 3.3.3).
    pub fn final_stage(&self) -> Option<&Stage> {
        self.stages.iter().find(|s| s.level == 4)
    }
    pub fn starting_weapons(&self) -> &[WeaponId] {
        self.final_stage().map_or(&[], |s| s.weapons.as_slice())
    }
    pub fn starting_armor(&self) -> &[ArmorId] {
        self.final_stage().map_or(&[], |s| s.armor.as_slice())
    }
    pub fn starting_spells(&self) -> Option<&StageSpells> {
        self.final_stage().and_then(|s| s.spells.as_ref())
    }
}

/// All characters.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Characters {
    pub characters: Vec<Character>,
}

impl Characters {
    pub fn get(&self, id: &CharacterId) -> Option<&Character> {
        self.characters.iter().find(|c| &c.id == id)
    }
}

/// Parses and validates `characters.json` against the weapons and armor it names.
pub fn load() -> Result<Characters, DataError> {
    let chars: Characters = parse_json(FILE, include_str!("../data/characters.json"))?;
    validate(&chars, &items::load()?)?;
    Ok(chars)
}

fn validate(chars: &Characters, items: &Items) -> Result<(), DataError> {
    ensure_unique(FILE, chars.characters.iter().map(|c| c.id.0.as_str()))?;
    for c in &chars.characters {
        let err = |msg: String| DataError::new(FILE, format!("{}: {msg}", c.id.0));
        let levels: Vec<u8> = c.stages.iter().map(|s| s.level).collect();
        if levels != [1, 2, 3, 4] {
            return Err(err(format!("stages {levels:?}, expected 1 to 4")));
        }
        for level in 1..=4u8 {
            let n = c.chits.iter().filter(|ch| ch.level == level).count();
            if n != 3 {
                return Err(err(format!("{n} chits at level {level}, expected 3")));
            }
        }
        for stage in &c.stages {
            if let Some(w) = stage.weapons.iter().find(|w| items.weapon(w).is_none()) {
                return Err(err(format!("unknown weapon {}", w.0)));
            }
            if let Some(a) = stage.armor.iter().find(|a| items.armor_piece(a).is_none()) {
                return Err(err(format!("unknown armor {}", a.0)));
            }
        }
        if c.chits
            .iter()
            .any(|ch| matches!(ch.kind, ChitKind::MoveFight { .. }))
        {
            return Err(err("a printed Move/Fight chit".to_string()));
        }
        if c.start.is_empty() {
            return Err(err("no starting place".to_string()));
        }
    }
    Ok(())
}
