//! Denizens (rules 2.2 and 2.7): monsters with their heads and clubs, natives with their
//! horses, and the visitor/mission/campaign chits (rules 2.2.5, 3.4, 7.2.4).
//!
//! The errata of rule 2.7 are applied: the Imp attacks with Type V magic (2.7.3), the
//! Octopus's red side moves in 3 (2.7.2), the Rogue and Bashkar pony numbering follows the
//! unalerted sides (2.7.4, 2.7.5).

use super::chits::DwellingId;
use super::common::Size;
use super::ensure_unique;
use super::items::{AttackMethod, HorseKind, HorseSide};
use super::magic::{self, MagicType, SpellId, Spells};
use super::{parse_json, DataError};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

const MONSTERS: &str = "monsters.json";
const NATIVES: &str = "natives.json";
const VISITORS: &str = "visitors.json";

/// The nine native groups (rule 2.2.4).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
pub enum NativeGroup {
    Bashkars,
    Company,
    Guard,
    Lancers,
    Order,
    Patrol,
    Rogues,
    Soldiers,
    Woodfolk,
}

/// The four visitors (rule 2.2.5).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
pub enum Visitor {
    Crone,
    Scholar,
    Shaman,
    Warlock,
}

/// Someone a character trades with: a native group (through its leader) or a visitor.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(untagged)]
pub enum Trader {
    Native(NativeGroup),
    Visitor(Visitor),
}

/// Monster counter id, e.g. `"giant"`; the two kinds of Wolf are `"wolf-l4"` and `"wolf-m5"`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify)]
pub struct MonsterId(pub String);

/// Head or club counter id, e.g. `"giant-club"`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify)]
pub struct MonsterPartId(pub String);

/// Native counter id, e.g. `"company-hq"`, `"rogue-4"`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify)]
pub struct NativeId(pub String);

/// Native horse counter id, e.g. `"bashkar-pony-1"`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify)]
pub struct NativeHorseId(pub String);

/// Monster families named by spells, campaigns and special rules.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
pub enum MonsterKind {
    Dragon,
    Giant,
    Demon,
    Troll,
    Octopus,
    Serpent,
    Spider,
    Bat,
    Imp,
    Viper,
    Ghost,
    Ogre,
    Goblin,
    Wolf,
}

/// What a monster's attack does when it hits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
pub enum Strike {
    /// Inflicts harm of this letter.
    Harm(Size),
    /// Red side of a Tremendous monster: it holds ("pins") its target and kills it outright
    /// when it hits (rule 8.4.7).
    Red,
    /// Demon, Winged Demon and Imp light side: the target rolls on a spell's table.
    Spell {
        magic_type: MagicType,
        spell: SpellId,
        length: u8,
    },
}

/// A monster's attack on one side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct MonsterAttack {
    pub time: u8,
    pub strike: Strike,
    #[serde(default)]
    pub sharpness: u8,
}

/// One side of a monster counter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct MonsterSide {
    /// Move time (flying time for flying monsters).
    #[serde(rename = "move")]
    pub move_time: u8,
    /// `None`: no attack on this side (light-side Spear Goblins).
    pub attack: Option<MonsterAttack>,
}

/// A monster counter type (rule 2.2.3); identical counters share one entry with `count`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Monster {
    pub id: MonsterId,
    pub name: String,
    pub count: u8,
    pub kind: MonsterKind,
    /// Size, vulnerability and move strength.
    pub size: Size,
    pub armored: bool,
    pub flying: bool,
    /// 7.3.3: a flying monster a character can ride when it is controlled and follows him
    /// (the Bats and Flying Dragons; not the Winged Demon).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub steed: bool,
    /// 7.3.3: a character transmorphized into this monster can still ride flying steeds
    /// (the Goblins, Ogre, Imp and Heavy Troll).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rides_steeds: bool,
    pub fame: i32,
    pub notoriety: i32,
    /// Weapon length of its body's attack (0 = tooth and claw).
    pub length: u8,
    pub light: MonsterSide,
    /// The red side for Tremendous monsters.
    pub dark: MonsterSide,
    /// The head or club counter each of these monsters has.
    pub part: Option<MonsterPartId>,
}

/// Head or club counter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum PartKind {
    Head,
    Club,
}

/// A Dragon's head or a Giant's club (rule 2.2.3): attacks separately, cannot be attacked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct MonsterPart {
    pub id: MonsterPartId,
    pub name: String,
    pub kind: PartKind,
    pub count: u8,
    pub length: u8,
    /// Length under optional rule 10.B.3 (fire-breathing heads).
    pub optional_fire_breath_length: Option<u8>,
    pub light: MonsterAttack,
    pub dark: MonsterAttack,
}

/// A native's place in his group: the leader ("HQ") or a numbered underling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum NativeRank {
    Leader,
    Underling(u8),
}

/// A native's attack on one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct NativeAttack {
    pub time: u8,
    pub harm: Size,
    pub sharpness: u8,
}

/// One side of a native counter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct NativeSide {
    #[serde(rename = "move")]
    pub move_time: u8,
    /// `None`: archers cannot attack light side up (rule 8.4.5).
    pub attack: Option<NativeAttack>,
}

/// One native counter (rule 2.2.4).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Native {
    pub id: NativeId,
    pub name: String,
    /// The printed ID code, e.g. `"C1"`, `"OHQ"`.
    pub code: String,
    pub group: NativeGroup,
    pub rank: NativeRank,
    /// Basic wage (base price) in Gold.
    pub wage: u32,
    pub fame: i32,
    pub notoriety: i32,
    /// Weight; the Knights of the Order weigh Heavy but are Tremendous vulnerable.
    pub weight: Size,
    pub vulnerability: Size,
    pub armored: bool,
    pub attack_method: AttackMethod,
    /// Archers roll one die on the Missile Table.
    pub archer: bool,
    pub length: u8,
    pub light: NativeSide,
    pub dark: NativeSide,
    pub horse: Option<NativeHorseId>,
}

impl Native {
    /// Rule 2.2 (the List of Natives): "Except for the Knights, each native's move strength
    /// and vulnerability equal his weight. The Knights have Heavy weight but Tremendous move
    /// strength and vulnerability." So a native's move strength is his vulnerability.
    pub fn move_strength(&self) -> Size {
        self.vulnerability
    }
}

/// A square native horse counter (rule 2.3.3): belongs to the native with the same code.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct NativeHorse {
    pub id: NativeHorseId,
    pub name: String,
    pub code: String,
    pub kind: HorseKind,
    pub rider: NativeId,
    pub vulnerability: Size,
    pub armored: bool,
    pub trot: HorseSide,
    pub gallop: HorseSide,
}

/// Facts about a native group as a whole.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct NativeGroupInfo {
    pub group: NativeGroup,
    /// ID code letter.
    pub code: String,
    /// Garrison groups start at this DwellingId and never prowl (rule 7.13).
    pub garrison: Option<DwellingId>,
    /// Appearance Chart row of the other groups (they start on the Setup Card).
    pub appearance_row: Option<u8>,
    /// 7.7: how the group is hired.
    #[serde(default)]
    pub hire: HireUnit,
}

/// 7.7: whether a native group is hired as a whole (every unhired member in the clearing,
/// for the sum of their wages) or one native at a time.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum HireUnit {
    #[default]
    Group,
    Single,
}

/// Mission chit faces (rule 7.2.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum Mission {
    EscortParty,
    FoodAle,
}

/// Campaign chit faces (rule 7.2.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum Campaign {
    Conquer,
    Pillage,
    Quest,
    Raid,
    Revolt,
    War,
}

/// Recorded Fame and Notoriety paid to take a chit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct ChitCost {
    pub fame: u32,
    pub notoriety: u32,
}

/// Time limit of a mission or campaign.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
pub enum TimeLimit {
    /// Days, counting the day the chit is taken.
    Days(u8),
    /// The end of the game (28 days in games longer than a month).
    EndOfGame,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct VisitorInfo {
    pub visitor: Visitor,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct MissionInfo {
    pub mission: Mission,
    pub name: String,
    pub cost: ChitCost,
    pub time_limit: TimeLimit,
    pub destination: DwellingId,
    /// Destination when the chit is picked up at `destination` itself.
    pub destination_if_taken_there: DwellingId,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct CampaignInfo {
    pub campaign: Campaign,
    pub name: String,
    pub cost: ChitCost,
    pub time_limit: TimeLimit,
    pub partners: Vec<NativeGroup>,
    pub foes: Vec<NativeGroup>,
    /// The Quest's foes are all the Dragons.
    pub foe_monsters: Vec<MonsterId>,
}

/// One face of a visitor/mission chit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum ChitFace {
    Visitor(Visitor),
    Mission(Mission),
    Campaign(Campaign),
}

/// A double-sided visitor/mission chit (rule 3.4: six chits, placed either side up).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct VisitorMissionChit {
    pub id: String,
    pub sides: [ChitFace; 2],
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
struct MonsterFile {
    monsters: Vec<Monster>,
    parts: Vec<MonsterPart>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
struct NativeFile {
    groups: Vec<NativeGroupInfo>,
    natives: Vec<Native>,
    horses: Vec<NativeHorse>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
struct VisitorFile {
    visitors: Vec<VisitorInfo>,
    missions: Vec<MissionInfo>,
    campaigns: Vec<CampaignInfo>,
    chits: Vec<VisitorMissionChit>,
}

/// All denizens.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
pub struct Denizens {
    pub monsters: Vec<Monster>,
    pub parts: Vec<MonsterPart>,
    pub groups: Vec<NativeGroupInfo>,
    pub natives: Vec<Native>,
    pub native_horses: Vec<NativeHorse>,
    pub visitors: Vec<VisitorInfo>,
    pub missions: Vec<MissionInfo>,
    pub campaigns: Vec<CampaignInfo>,
    pub chits: Vec<VisitorMissionChit>,
}

impl Denizens {
    pub fn monster(&self, id: &MonsterId) -> Option<&Monster> {
        self.monsters.iter().find(|m| &m.id == id)
    }
    /// A monster named by its id or its printed name (other data files name monsters as
    /// text, e.g. the Bones V exchange's "Ghost").
    pub fn monster_named(&self, name: &str) -> Option<&Monster> {
        self.monsters
            .iter()
            .find(|m| m.name == name || m.id.0 == name)
    }
    pub fn part(&self, id: &MonsterPartId) -> Option<&MonsterPart> {
        self.parts.iter().find(|p| &p.id == id)
    }
    pub fn native(&self, id: &NativeId) -> Option<&Native> {
        self.natives.iter().find(|n| &n.id == id)
    }
    pub fn native_horse(&self, id: &NativeHorseId) -> Option<&NativeHorse> {
        self.native_horses.iter().find(|h| &h.id == id)
    }
    pub fn group(&self, group: NativeGroup) -> Option<&NativeGroupInfo> {
        self.groups.iter().find(|g| g.group == group)
    }
    fn monsters_with_part(&self, part: &MonsterPartId) -> u8 {
        let with_part = self
            .monsters
            .iter()
            .filter(|m| m.part.as_ref() == Some(part));
        with_part.map(|m| m.count).sum()
    }
    /// The members of one native group, leader included.
    pub fn members(&self, group: NativeGroup) -> impl Iterator<Item = &Native> {
        self.natives.iter().filter(move |n| n.group == group)
    }
}

/// Parses and validates `monsters.json`, `natives.json` and `visitors.json`.
pub fn load() -> Result<Denizens, DataError> {
    let m: MonsterFile = parse_json(MONSTERS, include_str!("../data/monsters.json"))?;
    let n: NativeFile = parse_json(NATIVES, include_str!("../data/natives.json"))?;
    let v: VisitorFile = parse_json(VISITORS, include_str!("../data/visitors.json"))?;
    let denizens = Denizens {
        monsters: m.monsters,
        parts: m.parts,
        groups: n.groups,
        natives: n.natives,
        native_horses: n.horses,
        visitors: v.visitors,
        missions: v.missions,
        campaigns: v.campaigns,
        chits: v.chits,
    };
    validate_monsters(&denizens, &magic::load()?)?;
    validate_natives(&denizens)?;
    validate_visitors(&denizens)?;
    Ok(denizens)
}

fn validate_monsters(d: &Denizens, spells: &Spells) -> Result<(), DataError> {
    ensure_unique(MONSTERS, d.monsters.iter().map(|m| m.id.0.as_str()))?;
    ensure_unique(MONSTERS, d.parts.iter().map(|p| p.id.0.as_str()))?;
    for m in &d.monsters {
        let err = |msg: &str| DataError::new(MONSTERS, format!("monster {}: {msg}", m.id.0));
        let red = matches!(&m.dark.attack, Some(a) if a.strike == Strike::Red);
        if (m.size == Size::Tremendous) != red {
            return Err(err("exactly the Tremendous monsters have a red side"));
        }
        for attack in [&m.light.attack, &m.dark.attack].into_iter().flatten() {
            if let Strike::Spell { spell, .. } = &attack.strike {
                if spells.get(spell).is_none() {
                    return Err(err("unknown attack spell"));
                }
            }
        }
        if let Some(part) = &m.part {
            let p = d.part(part).ok_or_else(|| err("unknown head or club"))?;
            if p.count != d.monsters_with_part(part) {
                return Err(err("part count differs from its monsters' count"));
            }
        }
    }
    Ok(())
}

fn validate_natives(d: &Denizens) -> Result<(), DataError> {
    ensure_unique(NATIVES, d.natives.iter().map(|n| n.id.0.as_str()))?;
    ensure_unique(NATIVES, d.native_horses.iter().map(|h| h.id.0.as_str()))?;
    for info in &d.groups {
        let leaders = d
            .members(info.group)
            .filter(|n| n.rank == NativeRank::Leader)
            .count();
        if leaders != 1 || info.garrison.is_some() == info.appearance_row.is_some() {
            return Err(DataError::new(
                NATIVES,
                format!(
                    "group {:?}: one leader, and a garrison or a row",
                    info.group
                ),
            ));
        }
    }
    for n in &d.natives {
        if d.group(n.group).is_none() {
            return Err(DataError::new(
                NATIVES,
                format!("{}: no group entry", n.id.0),
            ));
        }
        if let Some(h) = &n.horse {
            let horse = d
                .native_horse(h)
                .ok_or_else(|| DataError::new(NATIVES, format!("{}: unknown horse", n.id.0)))?;
            if horse.rider != n.id || horse.code != n.code {
                return Err(DataError::new(
                    NATIVES,
                    format!("{}: horse mismatch", n.id.0),
                ));
            }
        }
    }
    for h in &d.native_horses {
        let rider = d.native(&h.rider);
        if rider.and_then(|r| r.horse.as_ref()) != Some(&h.id) {
            return Err(DataError::new(
                NATIVES,
                format!("horse {}: no rider", h.id.0),
            ));
        }
    }
    Ok(())
}

fn validate_visitors(d: &Denizens) -> Result<(), DataError> {
    ensure_unique(VISITORS, d.chits.iter().map(|c| c.id.as_str()))?;
    for c in &d.campaigns {
        if let Some(m) = c.foe_monsters.iter().find(|m| d.monster(m).is_none()) {
            return Err(DataError::new(
                VISITORS,
                format!("unknown foe monster {}", m.0),
            ));
        }
    }
    let mut seen = std::collections::HashSet::new();
    for face in d.chits.iter().flat_map(|c| c.sides) {
        let described = match face {
            ChitFace::Visitor(v) => d.visitors.iter().any(|x| x.visitor == v),
            ChitFace::Mission(m) => d.missions.iter().any(|x| x.mission == m),
            ChitFace::Campaign(c) => d.campaigns.iter().any(|x| x.campaign == c),
        };
        if !seen.insert(face) || !described {
            return Err(DataError::new(
                VISITORS,
                format!("chit face {face:?} repeated or undescribed"),
            ));
        }
    }
    if seen.len() != d.visitors.len() + d.missions.len() + d.campaigns.len() {
        return Err(DataError::new(
            VISITORS,
            "a visitor, mission or campaign is on no chit",
        ));
    }
    Ok(())
}
