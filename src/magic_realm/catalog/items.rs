//! Belongings (rules 2.3.3 to 2.3.7): round horse counters, weapon counters, armor counters
//! and the 74 Treasure cards, as facts.

use super::common::{MagicColor, Size};
use super::denizens::{NativeGroup, Trader};
use super::magic::MagicType;
pub use super::treasure_effects::{
    EnhancedActivity, ExtraPhase, PhaseActivity, PotionEffect, RollPlace,
};
use super::{ensure_unique, parse_json, DataError};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

const HORSES: &str = "horses.json";
const WEAPONS: &str = "weapons.json";
const ARMOR: &str = "armor.json";
const TREASURES: &str = "treasures.json";

/// Round horse counter id, e.g. `"pony-m5-m4"` (kind, walking side, galloping side).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify)]
pub struct HorseId(pub String);

/// Weapon counter id, e.g. `"short-sword"`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify)]
pub struct WeaponId(pub String);

/// Armor counter id, e.g. `"suit-of-armor"`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify)]
pub struct ArmorId(pub String);

/// Treasure card id, e.g. `"sacred-grail"`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify)]
pub struct TreasureId(pub String);

/// The three types of horse (rule 2.3.3); native horses use the same kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum HorseKind {
    Pony,
    Workhorse,
    Warhorse,
}

/// One side of a horse counter: strength letter and move time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct HorseSide {
    pub strength: Size,
    pub time: u8,
}

/// A round horse counter (rule 2.3.3). Each one differs, so each has its own entry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Horse {
    pub id: HorseId,
    pub name: String,
    pub kind: HorseKind,
    pub vulnerability: Size,
    pub armored: bool,
    pub price: u32,
    /// Walking side (no asterisk).
    pub trot: HorseSide,
    /// Galloping side (asterisk).
    pub gallop: HorseSide,
    /// The L2/L4 pony and the T3/T5 warhorse are treasure counters (rule 2.3.6).
    pub treasure: bool,
    /// The native group that owns (sells) it at the start, `None` for treasure horses.
    pub sold_by: Option<NativeGroup>,
}

/// Striking or missile attack (rule 2.3.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum AttackMethod {
    Striking,
    Missile,
}

/// One side of a weapon counter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct WeaponSide {
    /// Harm letter; the unalerted Spear has no letter and inflicts Negligible harm.
    pub harm: Size,
    pub sharpness: u8,
    /// Attack time, only where printed (otherwise the Fight chit's time is used).
    pub time: Option<u8>,
}

/// A weapon counter type (rule 2.3.4); identical counters share one entry with `count`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub id: WeaponId,
    pub name: String,
    pub count: u8,
    pub weight: Size,
    pub length: u8,
    pub price: u32,
    pub attack_method: AttackMethod,
    pub two_handed: bool,
    /// The four gold swords are treasure counters (rule 2.3.6).
    pub treasure: bool,
    pub fame: i32,
    pub notoriety: i32,
    pub unalerted: WeaponSide,
    pub alerted: WeaponSide,
}

/// The four kinds of armor counter (rule 2.3.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum ArmorKind {
    Helmet,
    Breastplate,
    Shield,
    SuitOfArmor,
}

/// Attack directions an armor piece covers (rule 8.4.8).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
pub enum AttackDirection {
    Thrust,
    Swing,
    Smash,
}

/// An armor counter type (rule 2.3.5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Armor {
    pub id: ArmorId,
    pub name: String,
    pub count: u8,
    pub kind: ArmorKind,
    pub weight: Size,
    pub vulnerability: Size,
    /// Directions covered; a shield lists all three but covers only the one chosen each round.
    pub protects: Vec<AttackDirection>,
    pub treasure: bool,
    pub fame: i32,
    pub notoriety: i32,
    pub price_intact: u32,
    pub price_damaged: u32,
    /// Only treasure armor keeps a value when destroyed; other armor is removed.
    pub price_destroyed: Option<u32>,
}

/// Small or Large Treasure card (rule 2.3.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum TreasureSize {
    Small,
    Large,
}

/// Type flags of a Treasure card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum TreasureKind {
    Potion,
    Artifact,
    SpellBook,
    Boots,
    Gloves,
    Armor,
    Weapon,
    Key,
}

/// How a Treasures-Within-Treasures card ("P1".."P6") holds its treasures (rule 2.3.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum TwtKind {
    /// The Chest: an item that must be opened.
    Item,
    /// Remains of Thief, Mouldy Skeleton: exchanged for their items.
    ExchangedForItems,
    /// Toadstool Circle, Crypt of the Knight, Enchanted Meadow: places on the map.
    SiteCard,
}

/// What opens a locked TWT card (GAPS.md 4, from the XML's `needs_open` and `search`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum TwtLock {
    /// The Chest: only the Lost Keys open it.
    LostKeys,
    /// The Crypt of the Knight: every search of it needs the Lost Keys or Tremendous
    /// strength (a Tremendous chit fatigued), like the Vault's opening.
    TremendousOrLostKeys,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct TwtInfo {
    /// The red "P" number.
    pub number: u8,
    pub kind: TwtKind,
    /// A Site card's own table, rolled instead of the Loot table when it is looted (7.5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub table: Option<crate::magic_realm::catalog::tables::TableId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub lock: Option<TwtLock>,
    /// "Get CURSE": its finder rolls on the Curses Table when it is exchanged.
    #[serde(default)]
    pub curse: bool,
}

/// A Fame reward: gained when the card is sold to the named native group (rule 3.3.6f).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct FameReward {
    pub group: NativeGroup,
    pub fame: u32,
}

/// Move or Fight values printed on boots and gloves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct ChitValues {
    pub strength: Size,
    pub time: u8,
}

/// The tables a die-roll modification applies to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "on", rename_all = "snake_case", deny_unknown_fields)]
pub enum RollTables {
    /// Every roll that takes modifications (4.1.2).
    All,
    Only {
        tables: Vec<crate::magic_realm::catalog::tables::TableId>,
    },
}

/// 4.1.2: a Treasure card's die-roll modification: one die instead of two, and/or a number
/// added to the roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct RollEffect {
    pub tables: RollTables,
    #[serde(default)]
    pub one_die: bool,
    #[serde(default)]
    pub add: i8,
    /// Only when he rolls in this place (the Maps' Locate rolls); everywhere when empty.
    #[serde(default, skip_serializing_if = "RollPlace::is_everywhere")]
    #[tsify(optional)]
    pub place: RollPlace,
}

/// Armor printed on a Treasure card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct CardArmor {
    pub vulnerability: Size,
    pub protects: Vec<AttackDirection>,
    pub price_destroyed: Option<u32>,
}

/// An attack printed on a Treasure card (the Alchemist's Mixture).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct CardAttack {
    pub harm: Size,
    pub sharpness: u8,
    pub length: u8,
    pub attack_method: AttackMethod,
}

/// 4.4.3: how a Potion is used up when it is activated. It stays active until Midnight and
/// then goes, face down, to the box named on the card (`discard_to`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum PotionUse {
    /// 4.4.3a: can be transferred, sold or abandoned while active; its new owner uses it.
    Reusable,
    /// 4.4.3b: used at once and removed from play when activated.
    ExpiresWhenActivated,
    /// 4.4.3c: used up by the character who activates it; he keeps the card until
    /// Midnight and its effect cannot be transferred.
    ConsumedByActivation,
    /// 4.4.3d: used up on the weapon he has active (his dagger if none); the effect stays
    /// with that weapon until Midnight.
    AppliedToWeapon,
}

/// Strength letters or time numbers a card gives a character's Move and Fight chits by
/// their effort asterisks: `[no asterisk, one, two]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct ByEffort<T> {
    pub none: T,
    pub one: T,
    pub two: T,
}

impl<T: Copy> ByEffort<T> {
    /// The value for a chit with `effort` asterisks (two or more take the two-asterisk one).
    pub fn of(&self, effort: u8) -> T {
        match effort {
            0 => self.none,
            1 => self.one,
            _ => self.two,
        }
    }
}

/// What an active Treasure card (or an activated Potion) does in combat (List of
/// Treasures; 4.4.3, 4.4.6, 8.4.5, 8.4.8, 8.4.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "effect", rename_all = "snake_case", deny_unknown_fields)]
pub enum CombatEffect {
    /// 8.4.5: the owner's effort limit in a round: `asterisks`, or no limit at all.
    EffortLimit { asterisks: Option<u8> },
    /// The time number of each of the owner's Move and Fight chits, by its asterisks.
    ChitTimes { times: ByEffort<u8> },
    /// The strength of each of the owner's Move and Fight chits, by its asterisks.
    ChitStrengths { strengths: ByEffort<Size> },
    /// 8.4.8: when every attack on him is slower than `time`, the owner moves his
    /// maneuver to any Maneuver square after the plays are revealed.
    ShiftManeuver { time: u8 },
    /// 8.4.8: when every target he attacks maneuvers slower than `time`, the owner moves
    /// his attack to any Attack circle after the plays are revealed.
    ShiftAttack { time: u8 },
    /// 8.4.8 (a weapon): its attacks also undercut a maneuver of the same time.
    HitsOnTie,
    /// 8.4.9 (a weapon): this many more sharpness stars.
    AddSharpness { stars: u8 },
    /// 8.4.9 (a weapon): its hits ignore all armor (the target's, or an armored
    /// counter's lost star).
    IgnoresArmor,
    /// 8.4.9 (a weapon): it stays alerted side up when it hits.
    StaysAlerted,
    /// 8.5.3: hits on the owner's armor give him no wound.
    ArmorStopsWounds,
    /// 4.6.9: cancels one spell or curse.
    CancelsSpell,
}

impl CombatEffect {
    /// Whether the effect belongs to a weapon (4.4.3d) rather than to its owner.
    pub fn on_weapon(&self) -> bool {
        matches!(
            self,
            CombatEffect::HitsOnTie
                | CombatEffect::AddSharpness { .. }
                | CombatEffect::IgnoresArmor
                | CombatEffect::StaysAlerted
        )
    }
}

/// One Treasure card (rule 2.3.7).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Treasure {
    pub id: TreasureId,
    pub name: String,
    pub size: TreasureSize,
    /// Red dot.
    pub great: bool,
    pub twt: Option<TwtInfo>,
    pub weight: Size,
    /// Gold price; `None` for TWT cards, which are not sold.
    pub price: Option<u32>,
    /// Gold points found inside (Chest, Remains of Thief).
    pub gold: Option<u32>,
    /// Fame value (held); 0 when the card has a Fame reward instead.
    pub fame: i32,
    pub fame_reward: Option<FameReward>,
    pub notoriety: i32,
    pub kinds: Vec<TreasureKind>,
    /// 2.3.9, 4.6.5b: the red Roman numeral of an Artifact or Spell Book: the type of
    /// Magic chit it can be used as, and so the only type of its Spell cards it can cast.
    #[serde(default)]
    pub magic_type: Option<MagicType>,
    /// The magic types of the Spell cards an Artifact or Spell Book holds (its own type
    /// first; the Good Book also holds Type VII spells, 4.6.5b).
    pub magic_types: Vec<MagicType>,
    /// Enchanted card: supplies this colour to its clearing.
    pub color_source: Option<MagicColor>,
    /// Colour needed to use the card ("in purple").
    pub needs_color: Option<MagicColor>,
    /// Where a used potion is discarded (Vial of Healing: the Order, errata 2.7.13).
    pub discard_to: Option<Trader>,
    /// The phrase printed on the card.
    pub text: Option<String>,
    #[serde(default)]
    pub boots: Option<ChitValues>,
    #[serde(default)]
    pub gloves: Option<ChitValues>,
    #[serde(default)]
    pub armor: Option<CardArmor>,
    #[serde(default)]
    pub attack: Option<CardAttack>,
    /// 4.1.2: what the card does to its owner's die rolls while it is active.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub rolls: Vec<RollEffect>,
    /// 4.4.3: how an activated Potion is used up (only Potions that can be activated).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub potion: Option<PotionUse>,
    /// What the card does in combat while it is active (List of Treasures).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub combat: Vec<CombatEffect>,
    /// 6.2.2c: the extra phase the card gives while it is active.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub extra_phase: Option<ExtraPhase>,
    /// 6.2.1: the enhanced activities the card allows while it is active.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub enhanced: Vec<EnhancedActivity>,
    /// 4.4.3: what drinking the Potion does outside combat (the Vial of Healing at once,
    /// the Poultice of Health while it is active).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub drink: Option<PotionEffect>,
    /// The Magic Wand: while it is active its owner controls the red die (chooses one
    /// die's value before the other is rolled) when he rolls on these tables for a spell.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub red_die: Vec<crate::magic_realm::catalog::tables::TableId>,
    /// 7.5: the Search tables the card lets its owner use while it is active (the Phantom
    /// Glass: the Magic Sight table, GAPS.md 4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub search_tables: Vec<crate::magic_realm::catalog::tables::TableId>,
    /// The Flowers of Rest ("Lose turn - rest fatigue"): a character with a fatigued chit
    /// who does a phase in its clearing falls asleep until Sunset (8.1.1).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[tsify(optional)]
    pub sleep: bool,
    /// The Timeless Jewel ("Don't write move"): while it is active at Birdsong its owner
    /// records no turn and chooses each phase's activity as he does it (as under Prophecy).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[tsify(optional)]
    pub unrecorded_turn: bool,
    /// The Dragon Essence ("Treat like SMOKE chit"; 4.4.2b, 7.13): in the clearing where
    /// an individual ends his turn, the card summons as a face-up Warning chit of this kind
    /// and of its tile's letter would, once a day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub warning: Option<super::chits::WarningKind>,
}

impl Treasure {
    pub fn is(&self, kind: TreasureKind) -> bool {
        self.kinds.contains(&kind)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
struct HorseFile {
    horses: Vec<Horse>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
struct WeaponFile {
    weapons: Vec<Weapon>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
struct ArmorFile {
    armor: Vec<Armor>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
struct TreasureFile {
    treasures: Vec<Treasure>,
}

/// All belongings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
pub struct Items {
    pub horses: Vec<Horse>,
    pub weapons: Vec<Weapon>,
    pub armor: Vec<Armor>,
    pub treasures: Vec<Treasure>,
}

impl Items {
    pub fn horse(&self, id: &HorseId) -> Option<&Horse> {
        self.horses.iter().find(|h| &h.id == id)
    }
    pub fn weapon(&self, id: &WeaponId) -> Option<&Weapon> {
        self.weapons.iter().find(|w| &w.id == id)
    }
    pub fn armor_piece(&self, id: &ArmorId) -> Option<&Armor> {
        self.armor.iter().find(|a| &a.id == id)
    }
    pub fn treasure(&self, id: &TreasureId) -> Option<&Treasure> {
        self.treasures.iter().find(|t| &t.id == id)
    }
}

/// Parses and validates `horses.json`, `weapons.json`, `armor.json` and `treasures.json`.
pub fn load() -> Result<Items, DataError> {
    let horses: HorseFile = parse_json(HORSES, include_str!("../data/horses.json"))?;
    let weapons: WeaponFile = parse_json(WEAPONS, include_str!("../data/weapons.json"))?;
    let armor: ArmorFile = parse_json(ARMOR, include_str!("../data/armor.json"))?;
    let treasures: TreasureFile = parse_json(TREASURES, include_str!("../data/treasures.json"))?;
    let items = Items {
        horses: horses.horses,
        weapons: weapons.weapons,
        armor: armor.armor,
        treasures: treasures.treasures,
    };
    validate(&items)?;
    Ok(items)
}

fn validate(items: &Items) -> Result<(), DataError> {
    ensure_unique(HORSES, items.horses.iter().map(|h| h.id.0.as_str()))?;
    ensure_unique(WEAPONS, items.weapons.iter().map(|w| w.id.0.as_str()))?;
    ensure_unique(ARMOR, items.armor.iter().map(|a| a.id.0.as_str()))?;
    ensure_unique(TREASURES, items.treasures.iter().map(|t| t.id.0.as_str()))?;
    for h in &items.horses {
        if h.treasure == h.sold_by.is_some() {
            return Err(DataError::new(
                HORSES,
                format!(
                    "horse {}: exactly the non-treasure horses have a seller",
                    h.id.0
                ),
            ));
        }
    }
    if let Some(w) = items.weapons.iter().find(|w| w.count == 0) {
        return Err(DataError::new(WEAPONS, format!("{} has count 0", w.id.0)));
    }
    if let Some(a) = items
        .armor
        .iter()
        .find(|a| a.count == 0 || a.protects.is_empty())
    {
        return Err(DataError::new(
            ARMOR,
            format!("{} has no count or protection", a.id.0),
        ));
    }
    for t in &items.treasures {
        let bad = if t.twt.is_some() {
            t.price.is_some()
        } else {
            t.price.is_none()
        };
        let magic = t.is(TreasureKind::Artifact) || t.is(TreasureKind::SpellBook);
        let own_type = t
            .magic_type
            .is_some_and(|m| t.magic_types.first() == Some(&m));
        if bad || magic == t.magic_types.is_empty() || magic != own_type {
            return Err(DataError::new(
                TREASURES,
                format!("treasure {}: price or magic types inconsistent", t.id.0),
            ));
        }
        if t.is(TreasureKind::Armor) != t.armor.is_some()
            || t.is(TreasureKind::Boots) != t.boots.is_some()
            || t.is(TreasureKind::Gloves) != t.gloves.is_some()
            || t.is(TreasureKind::Weapon) != t.attack.is_some()
        {
            return Err(DataError::new(
                TREASURES,
                format!("treasure {}: type flags and values disagree", t.id.0),
            ));
        }
        validate_combat(t)?;
        validate_day_effects(t)?;
        validate_twt(t)?;
    }
    Ok(())
}

/// 4.4.3: only Potions are used up when activated; an effect on a weapon needs a Potion
/// applied to a weapon, and a Potion applied to a weapon has only such effects.
fn validate_combat(t: &Treasure) -> Result<(), DataError> {
    let potion = t.is(TreasureKind::Potion);
    let on_weapon = t.potion == Some(PotionUse::AppliedToWeapon);
    let bad = (t.potion.is_some() && !potion)
        || (on_weapon && t.combat.is_empty())
        || t.combat.iter().any(|e| e.on_weapon() != on_weapon)
        || (potion && !t.combat.is_empty() && t.potion.is_none());
    if bad {
        return Err(DataError::new(
            TREASURES,
            format!(
                "treasure {}: potion use and combat effects disagree",
                t.id.0
            ),
        ));
    }
    Ok(())
}

/// The day effects' data agree with the card: a drink only on a Potion used up by its
/// drinker with a box to go back to; a table only for an extra Search phase.
fn validate_day_effects(t: &Treasure) -> Result<(), DataError> {
    let potion_ok = t.drink.is_none()
        || (t.is(TreasureKind::Potion)
            && t.discard_to.is_some()
            && matches!(
                t.potion,
                Some(PotionUse::ConsumedByActivation | PotionUse::ExpiresWhenActivated)
            ));
    let phase_ok = t
        .extra_phase
        .as_ref()
        .is_none_or(|p| p.table.is_none() || p.activity == Some(PhaseActivity::Search));
    if potion_ok && phase_ok {
        Ok(())
    } else {
        Err(DataError::new(
            TREASURES,
            format!("treasure {}: day effects disagree with the card", t.id.0),
        ))
    }
}

/// 2.3.7: a Site card has its own table, and only Site cards have one.
fn validate_twt(t: &Treasure) -> Result<(), DataError> {
    use crate::magic_realm::catalog::tables::TableId as T;
    let Some(twt) = t.twt else {
        return Ok(());
    };
    let site = twt.kind == TwtKind::SiteCard;
    let table_ok = match twt.table {
        None => !site,
        Some(T::TwtToadstoolCircle | T::TwtEnchantedMeadow | T::TwtCryptOfTheKnight) => site,
        Some(_) => false,
    };
    if table_ok {
        Ok(())
    } else {
        Err(DataError::new(
            TREASURES,
            format!("treasure {}: a Site card and its table disagree", t.id.0),
        ))
    }
}
