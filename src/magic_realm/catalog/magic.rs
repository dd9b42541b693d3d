//! Spells as facts (rules 2.3.8, 2.3.9, 3.1.3 and 4.6): the 47 Spell cards plus the three
//! spells that live on Treasure cards (Flying Carpet, Dragonfang Necklace, Eye of the Moon).
//!
//! Only the printed facts are here (type, colour, duration, target, the card's short phrase);
//! what a spell does is the rules engine's business. The full List of Spells wording is not
//! copied: the only machine-readable copy is GPL-licensed, so rules modules cite the rule
//! and write the effect in their own words.

use super::common::{MagicColor, Size};
use super::ensure_unique;
use super::items::AttackDirection;
use super::items::{self, Items, TreasureId};
use super::{parse_json, DataError};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

const FILE: &str = "spells.json";

/// The eight types of magic (rule 2.5.5): the Roman numeral on a Magic chit, Spell card,
/// Artifact or Spell Book.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
pub enum MagicType {
    I,
    II,
    III,
    IV,
    V,
    VI,
    VII,
    VIII,
}

impl MagicType {
    /// All eight types, I to VIII.
    pub const ALL: [MagicType; 8] = [
        MagicType::I,
        MagicType::II,
        MagicType::III,
        MagicType::IV,
        MagicType::V,
        MagicType::VI,
        MagicType::VII,
        MagicType::VIII,
    ];

    /// Types I to V are enchantable into colour chits (rule 3.3.4).
    pub fn is_enchantable(self) -> bool {
        self <= MagicType::V
    }
}

/// Spell id: lower-kebab-case of the spell name (`"make-whole"`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify)]
pub struct SpellId(pub String);

/// The colour of magic a spell needs (rule 4.6); a few spells accept any colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum SpellColor {
    Any,
    White,
    Grey,
    Gold,
    Purple,
    Black,
}

impl SpellColor {
    /// Whether magic of `color` can cast a spell needing this colour.
    pub fn accepts(self, color: MagicColor) -> bool {
        match self {
            SpellColor::Any => true,
            SpellColor::White => color == MagicColor::White,
            SpellColor::Grey => color == MagicColor::Grey,
            SpellColor::Gold => color == MagicColor::Gold,
            SpellColor::Purple => color == MagicColor::Purple,
            SpellColor::Black => color == MagicColor::Black,
        }
    }
}

/// How long a spell lasts, as printed on the card (rule 2.3.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum SpellDuration {
    Instant,
    Attack,
    Phase,
    Combat,
    Day,
    Permanent,
    /// Creates a Fly chit.
    Fly,
}

/// The kind of target a spell takes; `Spell::target_text` keeps the printed wording.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum SpellTarget {
    /// One character.
    Character,
    /// One character with Light weight (Broomstick).
    LightCharacter,
    /// One character, native or monster.
    Individual,
    /// Any number of characters, natives and/or monsters.
    AnyNumberOfIndividuals,
    /// One character, hired leader or controlled monster.
    Leader,
    /// One monster.
    Monster,
    /// One Demon or Winged Demon.
    Demon,
    /// One Dragon (any size).
    Dragon,
    /// One Spider or the Octopus.
    SpiderOrOctopus,
    /// All of the Bats in the caster's clearing.
    AllBats,
    /// All of the Goblins in the caster's clearing.
    AllGoblins,
    /// One native group, or all Giants or all Ogres in the clearing.
    HumanGroup,
    /// The caster's clearing.
    CastersClearing,
    /// The caster's tile.
    CastersTile,
    /// One character or the caster's tile.
    CharacterOrCastersTile,
    /// Some of the caster's own Magic chits.
    OwnMagicChits,
    /// An Artifact or Spell Book the caster has active.
    OwnArtifact,
    /// A weapon, native, Goblin, Ogre or club counter.
    Weapon,
    /// One spell in the clearing.
    Spell,
    /// One spell or curse in the clearing.
    SpellOrCurse,
    /// One face-up Sound chit.
    SoundChit,
    /// The coming weather (optional rule 10.D.1).
    Weather,
}

/// The type of clearing a spell can only be cast in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum ClearingRequirement {
    Cave,
    Mountain,
}

/// Where a spell comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
pub enum SpellSource {
    /// One of the 47 Spell cards set up on the Treasure Setup Card (rule 3.1.3).
    Card,
    /// Printed on a Treasure card and usable only through it.
    Treasure(TreasureId),
}

/// One spell (rule 2.3.8).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Spell {
    pub id: SpellId,
    pub name: String,
    /// `None` for the treasure spells, which need no Magic chit type.
    pub magic_type: Option<MagicType>,
    pub color: SpellColor,
    pub duration: SpellDuration,
    pub target: SpellTarget,
    pub target_text: String,
    pub clearing_requirement: Option<ClearingRequirement>,
    pub source: SpellSource,
    /// The phrase printed on the card.
    pub summary: String,
    /// An Attack spell's weapon values (4.6.6d, 8.4.4; List of Spells).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub attack: Option<SpellAttack>,
    /// 4.6.6e, 7.3.3: a Fly spell's Fly chit (the Flying Carpet's spell: the carpet's own
    /// flying values): its flying strength and time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub fly: Option<FlyValues>,
    /// Unleash Power (List of Spells): the strength of a Move/Fight chit by the time
    /// printed on it, as steps in ascending order: from each time on, its strength.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub move_fight: Option<Vec<TimeStrength>>,
    /// Melt into Mist (List of Spells, 3): the Move chit a character turned into mist may
    /// use only to run away: its strength and time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub run_away: Option<FlyValues>,
}

/// One step of a time-to-strength scale (Unleash Power): chits of time `from_time` or more
/// (up to the next step) have `strength`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct TimeStrength {
    pub from_time: u8,
    pub strength: super::common::Size,
}

/// The strength a time has on `scale` (the lowest step's below it).
pub fn strength_for_time(scale: &[TimeStrength], time: u8) -> Option<super::common::Size> {
    scale
        .iter()
        .rev()
        .find(|s| s.from_time <= time)
        .or(scale.first())
        .map(|s| s.strength)
}

/// Flying values (2.2.3, 7.3.3): like move values, a strength that must carry the flier
/// and what he takes along, and a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct FlyValues {
    pub strength: Size,
    pub time: u8,
}

/// How an Attack spell attacks "like a weapon" (4.6.6d, 8.4.4): its length, the harm it
/// inflicts with its sharpness stars, whether it is a missile (the Missile Table) or
/// striking, and, for Roof Collapses, the direction and time it always attacks with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct SpellAttack {
    pub length: u8,
    pub harm: Size,
    pub sharpness: u8,
    pub missile: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub fixed: Option<FixedSpellAttack>,
}

/// An attack whose direction and time do not depend on the chit that cast it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct FixedSpellAttack {
    pub direction: AttackDirection,
    pub time: u8,
}

/// All 50 spells.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Spells {
    pub spells: Vec<Spell>,
}

impl Spells {
    pub fn get(&self, id: &SpellId) -> Option<&Spell> {
        self.spells.iter().find(|s| &s.id == id)
    }

    /// 4.4.8: the spells printed on a Treasure card (the Dragonfang Necklace's Control
    /// Dragon), used through the card.
    pub fn printed_on<'a>(&'a self, item: &'a TreasureId) -> impl Iterator<Item = &'a Spell> {
        self.spells
            .iter()
            .filter(move |s| matches!(&s.source, SpellSource::Treasure(t) if t == item))
    }

    /// The Spell cards (rule 3.1.3), excluding the treasure spells.
    pub fn cards(&self) -> impl Iterator<Item = &Spell> {
        self.spells.iter().filter(|s| s.source == SpellSource::Card)
    }

    /// The number of Spell cards of one magic type.
    pub fn card_count(&self, magic_type: MagicType) -> usize {
        self.cards()
            .filter(|s| s.magic_type == Some(magic_type))
            .count()
    }
}

/// Parses and validates `spells.json` against the treasures it names.
pub fn load() -> Result<Spells, DataError> {
    let spells: Spells = parse_json(FILE, include_str!("../data/spells.json"))?;
    validate(&spells, &items::load()?)?;
    Ok(spells)
}

fn validate(spells: &Spells, items: &Items) -> Result<(), DataError> {
    ensure_unique(FILE, spells.spells.iter().map(|s| s.id.0.as_str()))?;
    for spell in &spells.spells {
        match &spell.source {
            SpellSource::Card => {
                if spell.magic_type.is_none() {
                    return Err(DataError::new(
                        FILE,
                        format!("Spell card {} needs a magic type", spell.id.0),
                    ));
                }
            }
            SpellSource::Treasure(t) => {
                if items.treasure(t).is_none() {
                    return Err(DataError::new(
                        FILE,
                        format!("spell {} names unknown treasure {}", spell.id.0, t.0),
                    ));
                }
            }
        }
        // Unleash Power: a scale of strictly rising times and strengths.
        if let Some(scale) = &spell.move_fight {
            let rising = scale.windows(2).all(
                |w| matches!(w, [a, b] if a.from_time < b.from_time && a.strength < b.strength),
            );
            if scale.is_empty() || !rising {
                return Err(DataError::new(
                    FILE,
                    format!("spell {} has a Move/Fight scale out of order", spell.id.0),
                ));
            }
        }
        // 4.6.6d: weapon values belong to Attack spells, and every Attack spell has them.
        if spell.attack.is_some() != (spell.duration == SpellDuration::Attack) {
            return Err(DataError::new(
                FILE,
                format!(
                    "spell {} has attack values but is not an Attack spell, or the reverse",
                    spell.id.0
                ),
            ));
        }
    }
    Ok(())
}
