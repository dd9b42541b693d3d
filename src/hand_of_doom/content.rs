//! Content (the data every step [1]-[13] reads): spaces, adventurers and cards as a JSON
//! schema. The project ships original sample content (`data/sample.json`); a group may load
//! its own file in the same schema. [`Content::parse`] refuses a file that names an unknown
//! space, territory, region or card with a typed [`ContentError`] (see `validate.rs`).

use crate::hand_of_doom::attributes::{Attribute, Attributes, Condition};
use serde::{Deserialize, Serialize};
use std::fmt;
use tsify::Tsify;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        id_type!(@def [$(#[$doc])*] $name);
    };
    (@def [$($attr:tt)*] $name:ident) => {
        #[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify)]
        #[serde(transparent)]
        $($attr)*
        pub struct $name(pub String);
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
        impl From<&str> for $name {
            fn from(s: &str) -> Self {
                $name(s.to_string())
            }
        }
    };
}

id_type!(/** A space of the map. */ SpaceId);
id_type!(/** A region (its own Encounter and Monster decks). */ RegionId);
id_type!(/** A territory: road and path spaces sharing one Danger Level. */ TerritoryId);
id_type!(/** An adventurer card. */ AdventurerId);
id_type!(/** A Danger card. */ DangerId);
id_type!(/** An Encounter card (region or mission). */ EncounterId);
id_type!(/** A Monster card (region, Law or Epic). */ HodMonsterId);
id_type!(/** A Loot card (an item, or a monster lurking in the deck). */ LootId);
id_type!(/** A Skill card. */ SkillId);
id_type!(/** A Sign of Power card. */ SignId);

/// A whole content file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Content {
    pub name: String,
    pub settings: Settings,
    pub regions: Vec<Region>,
    pub territories: Vec<Territory>,
    pub spaces: Vec<Space>,
    pub links: Vec<Link>,
    pub adventurers: Vec<AdventurerCard>,
    pub danger: Vec<DangerCard>,
    pub encounters: Vec<EncounterCard>,
    pub monsters: Vec<MonsterCard>,
    pub loot: Vec<LootCard>,
    pub skills: Vec<SkillCard>,
    pub signs: Vec<SignCard>,
    pub mission: HodMission,
}

impl Content {
    /// Content with nothing in it: what a state read back from a snapshot holds until
    /// [`crate::hand_of_doom::HandOfDoom`] puts the game's own content back in.
    pub fn unloaded() -> Content {
        Content {
            name: String::new(),
            settings: Settings {
                start_space: SpaceId(String::new()),
                start_bounty: 0,
                turn_limit: 0,
                invest_cost: 0,
                river_fare: 0,
                void_shock_wounds: 0,
                monster_victory_danger: 0,
            },
            regions: Vec::new(),
            territories: Vec::new(),
            spaces: Vec::new(),
            links: Vec::new(),
            adventurers: Vec::new(),
            danger: Vec::new(),
            encounters: Vec::new(),
            monsters: Vec::new(),
            loot: Vec::new(),
            skills: Vec::new(),
            signs: Vec::new(),
            mission: HodMission {
                name: String::new(),
                hand_start: SpaceId(String::new()),
                clues: Vec::new(),
                destroyed: Vec::new(),
                dispel_attribute: Attribute::MAG,
            },
        }
    }
}

/// The numbers the chart leaves open (docs/rulings.md, "Hand of Doom").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Settings {
    /// Where every adventurer starts.
    pub start_space: SpaceId,
    /// The Bounty Level at the start (1-6).
    pub start_bounty: u8,
    /// The mission is lost when this many game turns end with the Hand undispelled.
    pub turn_limit: u8,
    /// [3] Invest: GP paid.
    pub invest_cost: u32,
    /// [2] River Port Travel: GP per adventurer.
    pub river_fare: u32,
    /// [6] The Maze: Wounds each adventurer suffers from Void Shock.
    pub void_shock_wounds: u8,
    /// [13] Danger Level raised after a Monster Victory.
    pub monster_victory_danger: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Region {
    pub id: RegionId,
    pub name: String,
    /// Investing in a Settlement of a lowland region also lowers the Bounty Level ([3]).
    #[serde(default)]
    pub lowlands: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Territory {
    pub id: TerritoryId,
    pub name: String,
    pub region: RegionId,
    /// Its shared Danger Level at the start (1-6).
    pub danger: u8,
}

/// A trait of a space (FACTS.md): what the rules and Epic lairs look at.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
pub enum Trait {
    Law,
    Settlement,
    RiverPort,
    LakePort,
    Maze,
    Woodland,
    Inside,
    Outside,
}

/// A space's level at the start: a Location's own Danger Level, or a Town Level. Spaces of
/// a territory use the territory's Danger Level and give none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "type")]
pub enum Level {
    Danger { level: u8 },
    Town { level: u8 },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Space {
    pub id: SpaceId,
    pub name: String,
    pub region: RegionId,
    /// The territory this road or path space belongs to; none for a Location.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub territory: Option<TerritoryId>,
    #[serde(default)]
    pub traits: Vec<Trait>,
    /// A Location's level (required unless the space is in a territory or is the Maze).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub level: Option<Level>,
    /// The river port downriver of this one ([2] River Port Travel).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub downriver: Option<SpaceId>,
    /// A Voidgate counter at the start.
    #[serde(default)]
    pub voidgate: bool,
    /// Drawing position for a board (0-100).
    pub x: u8,
    pub y: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
pub enum LinkKind {
    Road,
    Path,
}

/// Two adjacent spaces ([2] Foot Travel); roads and explored paths allow a Force March.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Link {
    pub a: SpaceId,
    pub b: SpaceId,
    pub kind: LinkKind,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AdventurerCard {
    pub id: AdventurerId,
    pub name: String,
    pub attributes: Attributes,
    /// Armour: every Wound suffered is reduced by it ([11]).
    pub arm: u8,
    /// Power dice rolled each combat turn ([11]: at least 1).
    pub power_dice: u8,
    pub gp: u32,
    pub xp: u32,
    /// Starting items (Loot cards taken out of the Loot deck).
    #[serde(default)]
    pub items: Vec<LootId>,
    /// The adventurer's classes (FACTS.md): what a Skill's class requirement looks at ([3]).
    #[serde(default)]
    pub classes: Vec<String>,
}

/// Where a Danger card raises the Danger Level ([4]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "type")]
pub enum DangerTarget {
    Space {
        space: SpaceId,
    },
    Territory {
        territory: TerritoryId,
    },
    /// The first party's own space.
    Current,
    None,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DangerCard {
    pub id: DangerId,
    pub name: String,
    pub target: DangerTarget,
    /// The Danger Value compared with the space's Danger Level ([5]).
    pub value: u8,
    /// The Hand of Doom moves to the target ([4]).
    #[serde(default)]
    pub moves_hand: bool,
    /// The Law icon ([6], [7]).
    #[serde(default)]
    pub law: bool,
    /// The Encounter icon.
    #[serde(default)]
    pub encounter: bool,
    /// The Monster icon: cards to draw for a party of 1, 2, 3... (the last entry for larger).
    #[serde(default)]
    pub monsters: Vec<u8>,
    /// The Epic icon.
    #[serde(default)]
    pub epic: bool,
    /// A value that depends on a space trait (FACTS.md): the first entry whose trait the
    /// party's space has replaces `value` for that party ([5]).
    #[serde(default)]
    pub trait_values: Vec<TraitValue>,
    /// A reshuffle card: once resolved, the Danger discard pile (this card too) is shuffled
    /// back into the Danger deck (docs/rulings.md).
    #[serde(default)]
    pub reshuffle: bool,
}

/// A Danger value for spaces with a trait ([5]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TraitValue {
    #[serde(rename = "trait")]
    pub space_trait: Trait,
    pub value: u8,
}

impl DangerCard {
    /// [5] The card's Danger value in a space with these traits.
    pub fn value_in(&self, traits: &[Trait]) -> u8 {
        self.trait_values
            .iter()
            .find(|t| traits.contains(&t.space_trait))
            .map_or(self.value, |t| t.value)
    }
}

/// What an Encounter, a Sign of Power or a Test does to each adventurer of the party.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "type")]
pub enum Effect {
    GainGp {
        amount: u32,
    },
    LoseGp {
        amount: u32,
    },
    GainXp {
        amount: u32,
    },
    /// Outside a fight these never take an adventurer's last point of health.
    Wound {
        amount: u8,
    },
    Heal {
        amount: u8,
    },
    AddCondition {
        condition: Condition,
    },
    DrawLoot {
        count: u8,
    },
    RaiseBounty,
    /// The Danger Level of the party's space (its territory's) rises by 1.
    RaiseDanger,
    /// A Voidgate counter in the party's space.
    PlaceVoidgate,
    /// Each adventurer tests the attribute and takes the effects for a pass or a fail.
    Test {
        attribute: Attribute,
        pass: Vec<Effect>,
        fail: Vec<Effect>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EncounterCard {
    pub id: EncounterId,
    pub name: String,
    pub text: String,
    /// The region deck it belongs to; none for a mission encounter (a Clue's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub region: Option<RegionId>,
    /// 'Resolve Immediately' ([8]): before the monsters; otherwise after they are beaten.
    #[serde(default)]
    pub immediate: bool,
    pub effects: Vec<Effect>,
}

/// Which deck a Monster card is in ([8]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "type")]
pub enum MonsterDeck {
    Region {
        region: RegionId,
    },
    Law,
    /// An Epic Monster with its Lair: a space trait ([6] Epic icon). A Law Epic Monster
    /// (`law`) left on the map is a Law Epic Monster counter ([6]).
    Epic {
        lair: Trait,
        #[serde(default)]
        law: bool,
    },
}

/// How a monster picks its targets ([10] Establish Targets).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "type")]
pub enum Targeting {
    High { attribute: Attribute },
    Low { attribute: Attribute },
    All,
    None,
}

/// Monster ability keywords ([10] arrival, [12] end of round). There is no monster
/// Piercing: [11] reduces every wound an adventurer suffers by his ARM ("always"), and
/// its only Piercing is the adventurer's weapon ignoring the monster's ARM.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
pub enum Ability {
    /// [10] Arrival: each target suffers 1 Wound.
    Ambush,
    /// [10] Arrival: each target becomes Demoralized.
    Terrify,
    /// [12] 2: once per fight, draws another card of its deck into the fight.
    Summon,
    /// [12] 3: runs away at the end of a round in which it was wounded.
    Skirmish,
    /// [12] 3: after wounding a target, steals 2 GP from it and runs away.
    Thief,
    /// [12] 4: heals as many wounds as it dealt this round.
    Drain,
    /// [12] 4: heals 1 wound.
    Regenerate,
}

/// A monster's fighting numbers (Monster cards and monsters in the Loot deck).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MonsterStats {
    pub health: u8,
    pub damage: u8,
    pub arm: u8,
    pub xp: u32,
    pub gp: u32,
    /// Loot cards drawn as its reward ([13]).
    #[serde(default)]
    pub loot: u8,
    pub target: Targeting,
    #[serde(default)]
    pub abilities: Vec<Ability>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MonsterCard {
    pub id: HodMonsterId,
    pub name: String,
    pub deck: MonsterDeck,
    pub stats: MonsterStats,
}

/// What a Loot card is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "type")]
pub enum LootKind {
    /// Attack with `attribute` (2d6 per attack, `attacks` attacks); Piercing ignores ARM.
    Weapon {
        attribute: Attribute,
        attacks: u8,
        #[serde(default)]
        piercing: bool,
    },
    Armor {
        arm: u8,
    },
    /// A combat action; at the end of the round ([12] 1) each monster suffers `wounds`.
    Bomb {
        wounds: u8,
    },
    /// A combat action: heal `heal` Wounds.
    Tonic {
        heal: u8,
    },
    /// A monster lurking in the Loot deck: drawn while trading, it attacks ([5]).
    Monster {
        stats: MonsterStats,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LootCard {
    pub id: LootId,
    pub name: String,
    pub price: u32,
    pub kind: LootKind,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SkillCard {
    pub id: SkillId,
    pub name: String,
    /// [3] Improve: XP to learn it, and to learn its Mastery.
    pub cost: u32,
    pub mastery_cost: u32,
    /// Needs this attribute at least `minimum` (before the skill's own bonus).
    pub requires: Attribute,
    pub minimum: u8,
    /// Needs this class on the adventurer's card (FACTS.md: a class requirement).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub class: Option<String>,
    /// The attribute it raises by 1 (by 2 when mastered).
    pub bonus: Attribute,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SignCard {
    pub id: SignId,
    pub name: String,
    pub text: String,
    pub effects: Vec<Effect>,
}

/// A Clue counter: where it lies and the mission encounter it leads to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Clue {
    pub space: SpaceId,
    pub encounter: EncounterId,
}

/// The mission: where the Hand of Doom starts and the large counters on the map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HodMission {
    pub name: String,
    pub hand_start: SpaceId,
    #[serde(default)]
    pub clues: Vec<Clue>,
    /// Spaces with a Destroyed counter.
    #[serde(default)]
    pub destroyed: Vec<SpaceId>,
    /// The attribute a dispel attempt tests ([6]).
    pub dispel_attribute: Attribute,
}

/// The sample content shipped with the engine (original names and texts).
pub const SAMPLE_JSON: &str = include_str!("data/sample.json");
