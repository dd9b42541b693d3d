//! What Treasure cards do in the day (rules 4.4, 4.4.3, 6.2.2c, 6.2.4), as facts: the extra
//! phase a card gives, where a die-roll modification applies, and what a Potion does when
//! it is activated. The rules read these fields; they never name a card.

use super::chits::{SpecialKind, WarningKind};
use super::tables::TableId;
use super::tiles::{ClearingKind, TileId};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// The activities an extra phase may be restricted to (6.2.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum PhaseActivity {
    Move,
    Hide,
    Search,
    Rest,
    Alert,
    /// The Enchant activity (the "Spell" phase of older editions' cards).
    Enchant,
    Trade,
    Hire,
}

/// 6.2.2c, 6.2.4: an extra phase a Treasure card gives while it is active during Birdsong
/// and when the phase starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct ExtraPhase {
    /// The one activity the phase may be used for; `None`: any activity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub activity: Option<PhaseActivity>,
    /// 6.2.4: the kind of clearing he must be in when he starts the phase.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub clearing: Option<ClearingKind>,
    /// A Search phase restricted to one table (the Ancient Telescope's Peer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub table: Option<TableId>,
}

/// 4.1.2: where a die-roll modification applies: in a clearing of a tile that is named, or
/// that holds one of the named map chits (face up or down). Empty: everywhere.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct RollPlace {
    /// Tiles named outright (the Ruins).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub tiles: Vec<TileId>,
    /// The Lost City or Lost Castle: the tile where its chit (or its five chits) lies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub special: Option<SpecialKind>,
    /// A tile holding a Warning chit of this kind (the Ruins chits).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub warning: Option<WarningKind>,
}

impl RollPlace {
    /// Whether no place is named (the modification applies everywhere).
    pub fn is_everywhere(&self) -> bool {
        self.tiles.is_empty() && self.special.is_none() && self.warning.is_none()
    }
}

/// 4.4.3: what a Potion does for the character who activates it. The card stays active
/// until Midnight, when it goes to the box named on it (`discard_to`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum PotionEffect {
    /// Vial of Healing: when activated, every wounded chit becomes fatigued.
    WoundsToFatigue,
    /// Poultice of Health: each Rest phase counts as two (two rests in the phase).
    RestDouble,
    /// Withered Claw: when activated, one roll on the Wishes Table and one on the Curses
    /// Table (4.6.7).
    WishAndCurse,
    /// The Amulet: when activated, it cancels one spell in effect or one curse in its
    /// owner's clearing (4.6.7a, 4.6.9g).
    CancelSpell,
}

/// 6.2.1: an enhanced activity a Treasure card lets its owner do while it is active.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum EnhancedActivity {
    /// Enhanced Peer: a Search phase may use the Peer table in any clearing of the map.
    PeerAnywhere,
    /// The remote Enchant activity (7.10): an Enchant phase recorded with any clearing and
    /// done as if there.
    RemoteEnchant,
}
