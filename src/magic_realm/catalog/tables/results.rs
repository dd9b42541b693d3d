//! Typed results of the dice tables (rule 4.1 and the table sheets): one type per kind of
//! row, named after what the rules do with it (7.4, 7.5, 7.6, 8.4.6, 8.4.9, 4.6.7, 4.6.8,
//! 10.D.1-10.D.3).

use super::TableId;
use crate::magic_realm::catalog::common::Size;
use crate::magic_realm::catalog::tiles::ClearingNumber;
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// The relationship columns of the Meeting and Commerce tables, least friendly first.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(rename_all = "snake_case")]
pub enum MeetingColumn {
    Enemy,
    Unfriendly,
    Neutral,
    Friendly,
    Ally,
}

impl MeetingColumn {
    pub const ALL: [MeetingColumn; 5] = [
        MeetingColumn::Enemy,
        MeetingColumn::Unfriendly,
        MeetingColumn::Neutral,
        MeetingColumn::Friendly,
        MeetingColumn::Ally,
    ];

    /// One column friendlier (buying drinks, Opportunity); Ally stays Ally.
    pub fn friendlier(self) -> MeetingColumn {
        match self {
            MeetingColumn::Enemy => MeetingColumn::Unfriendly,
            MeetingColumn::Unfriendly => MeetingColumn::Neutral,
            MeetingColumn::Neutral => MeetingColumn::Friendly,
            MeetingColumn::Friendly | MeetingColumn::Ally => MeetingColumn::Ally,
        }
    }
}

/// Hide Table (7.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum HideResult {
    Success,
    Fail,
}

/// What a search result does (7.5.1).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(rename_all = "snake_case")]
pub enum SearchEffect {
    /// Secretly look at the map chits in the tile.
    Clues,
    /// Discover the hidden paths into the clearing.
    Paths,
    /// Discover the secret passages into the clearing.
    Passages,
    /// Spy on and block hidden individuals until Midnight.
    HiddenEnemies,
    /// Discover the treasure sites in the clearing.
    DiscoverChits,
}

/// A result the searcher may pick on a Choice row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct SearchPick {
    pub table: TableId,
    pub roll: u8,
}

/// Peer Table (7.5.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum PeerResult {
    Choice(Vec<SearchPick>),
    CluesAndPaths,
    HiddenEnemiesAndPaths,
    HiddenEnemies,
    Clues,
    Nothing,
}

/// Locate Table (7.5.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum LocateResult {
    Choice(Vec<SearchPick>),
    PassagesAndClues,
    Passages,
    DiscoverChits,
    Nothing,
}

impl PeerResult {
    /// The effects of a non-Choice result (empty for Choice and Nothing).
    pub fn effects(&self) -> &'static [SearchEffect] {
        match self {
            PeerResult::CluesAndPaths => &[SearchEffect::Clues, SearchEffect::Paths],
            PeerResult::HiddenEnemiesAndPaths => {
                &[SearchEffect::HiddenEnemies, SearchEffect::Paths]
            }
            PeerResult::HiddenEnemies => &[SearchEffect::HiddenEnemies],
            PeerResult::Clues => &[SearchEffect::Clues],
            PeerResult::Choice(_) | PeerResult::Nothing => &[],
        }
    }
}

impl LocateResult {
    /// The effects of a non-Choice result (empty for Choice and Nothing).
    pub fn effects(&self) -> &'static [SearchEffect] {
        match self {
            LocateResult::PassagesAndClues => &[SearchEffect::Clues, SearchEffect::Passages],
            LocateResult::Passages => &[SearchEffect::Passages],
            LocateResult::DiscoverChits => &[SearchEffect::DiscoverChits],
            LocateResult::Choice(_) | LocateResult::Nothing => &[],
        }
    }
}

/// Magic Sight Table (7.5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum MagicSightResult {
    Choice(Vec<SearchPick>),
    /// Find hidden enemies carrying counters; take the top counter of a site or pile.
    Counters,
    /// Find hidden enemies carrying Treasure cards; take the top Treasure card.
    TreasureCards,
    /// Find hidden spellcasters; look at and learn a spell in the clearing.
    PerceiveSpell,
    DiscoverChits,
    Nothing,
}

/// Loot Table (7.5): take the item this many places from the top of the pile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct LootResult {
    pub take_from_top: u8,
}

/// Reading Runes Table (7.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum ReadingRunesResult {
    LearnAndAwaken,
    Awaken,
    RollOn(TableId),
    Nothing,
}

/// Meeting Table (7.6, 7.7, 8.2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum MeetingResult {
    /// Final price = basic price times this.
    Price(u8),
    Boon,
    /// Roll again on the next friendlier column.
    Opportunity,
    /// Roll again on the Unfriendly column.
    Trouble,
    NoDeal,
    Insult,
    Challenge,
    BlockBattle,
}

/// Commerce Table (10.D.2): gold adjustments to the total basic price.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum CommerceResult {
    Offer(i32),
    Demand(i32),
    Opportunity,
    Trouble,
    BlockBattle,
}

/// A change of harm levels (Missile Table, 8.4.9): positive is heavier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct HarmChange {
    pub harm_levels: i8,
}

/// Optional Missile Table (10.D.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum OptionalMissileResult {
    HarmLevels(i8),
    /// A character hit without hitting armor takes one wound; otherwise no effect.
    Wound,
    /// The hit inflicts Negligible harm.
    Negligible,
}

/// Fumble Table (10.D.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum FumbleResult {
    HarmLevels(i8),
    Negligible,
}

/// Stumble Table (10.D.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum StumbleResult {
    Completed,
    Cancelled,
}

/// Repositioning Denizens Table (8.4.6): `moves_to[i]` is the box (1 to 3) that the contents
/// of box `i + 1` move to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct BoxPermutation {
    pub moves_to: [u8; 3],
}

impl BoxPermutation {
    /// Where the contents of `from_box` (1 to 3) end up.
    pub fn destination(&self, from_box: u8) -> Option<u8> {
        let i = usize::from(from_box).checked_sub(1)?;
        self.moves_to.get(i).copied()
    }
}

/// Change Tactics Table (8.4.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum TacticsResult {
    NoChange,
    TurnOver,
}

/// Curses Table (4.6.7a).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(rename_all = "snake_case")]
pub enum Curse {
    Eyemist,
    Squeak,
    Wither,
    IllHealth,
    Ashes,
    Disgust,
}

/// Wishes Table (4.6.7b).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(rename_all = "snake_case")]
pub enum Wish {
    IWereElsewhere,
    YouWereElsewhere,
    Vision,
    Peace,
    Health,
    Strength,
}

/// Power of the Pit Table (4.6.7b, 8.4.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum PitResult {
    FieryChasmOpens,
    CarriedAway,
    Terror,
    Blight,
    Forget,
    Rust,
}

/// The creatures of the Transform Table (4.6.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum Creature {
    Dragon,
    Lion,
    Eagle,
    Bird,
    Squirrel,
    Frog,
}

/// How a transformed creature moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum CreatureMovement {
    /// Must fly.
    Flies,
    /// Walks the woods.
    WalksWoods,
}

/// A harm letter and time number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct CreatureAttack {
    pub harm: Size,
    pub time: u8,
}

/// A move strength and time number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct CreatureMove {
    pub strength: Size,
    pub time: u8,
}

/// One row of the Transform Table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct TransformCreature {
    pub creature: Creature,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<CreatureAttack>,
    #[serde(rename = "move")]
    pub movement_values: CreatureMove,
    pub vulnerability: Size,
    pub armored: bool,
    pub movement: CreatureMovement,
}

/// Lost Table (Lost spell): move to the adjacent clearing with this number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct LostResult {
    pub move_to_clearing: ClearingNumber,
}

/// Violent Storm Table (Violent Storm spell).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct ViolentStormResult {
    pub phases_lost: u8,
}

/// The Treasures-Within-Treasures site-card tables (7.5, 2.4.5). The take results take the
/// card's own item of that kind, or nothing if it is gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum SiteCardResult {
    TakeHorse,
    TakeWeapon,
    TakeArmor,
    TakeTreasure,
    /// Teleport to any cave clearing.
    TeleportToCave,
    /// For the rest of the day Peer and Enchant may target any clearing.
    PeerAndEnchantAnyClearing,
    /// All fatigued and wounded chits return to play.
    Heal,
    GainGold(u8),
    RollOn(TableId),
    Nothing,
}

/// Monster Roll (4.1.3, 7.13): this row of the Appearance Chart prowls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct MonsterRollResult {
    pub row_prowls: u8,
}

/// Weather Table (10.D.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum Weather {
    Special,
    Storm,
    Showers,
    Clear,
}
