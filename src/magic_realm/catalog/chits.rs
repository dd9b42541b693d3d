//! Map chits and dwellings (rules 2.1.3, 2.1.4, 2.7.14, 3.5, 3.6, 7.13): the Site, Sound,
//! Warning, Lost City and Lost Castle chits, the six Dwelling counters, the Warning-chit
//! exchanges that place them, and the Map Chits Table (3.5.5), from `data/map_chits.json`.
//!
//! The Lost City and Lost Castle chits carry no clearing: their printed numbers are not used
//! in play (errata 2.7.14), so the data leaves them out.

use super::tiles::{ClearingNumber, TileGroup};
use super::{parse_json, DataError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use tsify::Tsify;

const FILE: &str = "map_chits.json";
const MAP_CHITS_JSON: &str = include_str!("../data/map_chits.json");

/// A readable map-chit id, e.g. `"hoard"`, `"howl_4"`, `"smoke_w"`, `"lost_city"`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify)]
pub struct MapChitId(pub String);

/// The eight gold treasure-site chits (2.1.3).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(rename_all = "snake_case")]
pub enum SiteKind {
    Altar,
    Cairns,
    Hoard,
    Lair,
    Pool,
    Shrine,
    Statue,
    Vault,
}

/// The words on the red Sound chits (2.1.3).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(rename_all = "snake_case")]
pub enum SoundKind {
    Flutter,
    Patter,
    Slither,
    Howl,
    Roar,
}

/// The words on the yellow Warning chits (2.1.3).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(rename_all = "snake_case")]
pub enum WarningKind {
    Bones,
    Dank,
    Ruins,
    Smoke,
    Stink,
}

impl WarningKind {
    pub const ALL: [WarningKind; 5] = [
        WarningKind::Bones,
        WarningKind::Dank,
        WarningKind::Ruins,
        WarningKind::Smoke,
        WarningKind::Stink,
    ];
}

/// The two red chits that stand for five secret chits each (3.5).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(rename_all = "snake_case")]
pub enum SpecialKind {
    LostCity,
    LostCastle,
}

/// The six Dwelling counters (2.1.4, 3.6).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(rename_all = "snake_case")]
pub enum DwellingId {
    Chapel,
    House,
    Inn,
    GuardHouse,
    SmallCampfire,
    LargeCampfire,
}

impl DwellingId {
    pub const ALL: [DwellingId; 6] = [
        DwellingId::Chapel,
        DwellingId::House,
        DwellingId::Inn,
        DwellingId::GuardHouse,
        DwellingId::SmallCampfire,
        DwellingId::LargeCampfire,
    ];
}

/// Buildings give shelter (10.D.1) and can be starting locations (3.3.5); campfires cannot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum DwellingKind {
    Building,
    Campfire,
}

/// When a Warning chit is exchanged for what it represents.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(rename_all = "snake_case")]
pub enum ExchangeTiming {
    /// The Valley chits, turned up at the end of setup (3.6.1, 3.6.2).
    Setup,
    /// Smoke W and Stink W, when revealed during play (3.6.2b, 7.13).
    WhenRevealed,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct SiteChit {
    pub id: MapChitId,
    pub site: SiteKind,
    pub name: String,
    /// The clearing the site is in (2.1.3).
    pub clearing: ClearingNumber,
    /// What looting it asks of the searcher (7.5, 4.2.4d).
    #[serde(default)]
    pub loot: LootTerms,
}

/// What looting a site asks (7.5 Loot, 4.2.4d): effort asterisks fatigued for each search
/// or for each item taken, or opening it first with the Lost Keys or Tremendous strength
/// (it then stays open).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct LootTerms {
    #[serde(default)]
    pub effort_per_search: u8,
    #[serde(default)]
    pub effort_per_item: u8,
    #[serde(default)]
    pub must_open: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct SoundChit {
    pub id: MapChitId,
    pub sound: SoundKind,
    /// The clearing where the monsters it summons appear (2.1.3).
    pub clearing: ClearingNumber,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct WarningChit {
    pub id: MapChitId,
    pub warning: WarningKind,
    /// The tile group of the chit's letter (V/W/M/C).
    pub group: TileGroup,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct SpecialChit {
    pub id: MapChitId,
    pub special: SpecialKind,
    pub name: String,
    /// The tile group it is hidden in (3.5.3a/b).
    pub group: TileGroup,
    /// How many Site/Sound chits its Appearance Chart section holds (3.5.2).
    pub holds_chits: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Dwelling {
    pub id: DwellingId,
    pub name: String,
    pub kind: DwellingKind,
    /// 4.6.1c: the colour magic it supplies to everyone in its clearing (the Chapel: White).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub color_source: Option<crate::magic_realm::catalog::common::MagicColor>,
}

/// Denizens put on the map instead of a dwelling (Bones V: two Ghosts, 3.6.2a). `monster`
/// is the monster's name in the denizen catalog.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct MonsterGroup {
    pub monster: String,
    pub count: u8,
}

/// What a Warning chit is exchanged for (3.6.2a, 3.6.2b).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ExchangeResult {
    Dwelling(DwellingId),
    Monsters(MonsterGroup),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct WarningExchange {
    /// A Warning chit id.
    pub chit: MapChitId,
    pub becomes: ExchangeResult,
    pub timing: ExchangeTiming,
}

/// The clearings tried in order when placing an exchanged chit's pieces: the first one that
/// connects to the Borderland by any roadway (3.6.2, 7.13).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct ExchangeClearings {
    pub timing: ExchangeTiming,
    pub clearings: Vec<ClearingNumber>,
    pub rule: String,
}

/// A Lost City / Lost Castle section of the Appearance Chart (3.5.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct ChartSection {
    pub special: SpecialKind,
    pub site_or_sound_chits: u8,
    pub rule: String,
}

/// What goes into each tile of a group (3.5.3, 3.5.4, 3.5.5). When `site_or_sound_chits`
/// is not zero, those chits plus the `special` chit are mixed and dealt one per tile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct GroupPlacement {
    pub group: TileGroup,
    pub warning_chits_per_tile: u8,
    pub site_or_sound_chits: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub special: Option<SpecialKind>,
    pub rule: String,
}

/// The Map Chits Table (3.5.5) and which groups' chits start face up (3.6.1). Named
/// `ChitPlacement` in TypeScript: the setup card's [`super::setup_card::Placement`] is
/// `Placement` there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
#[tsify(rename = "ChitPlacement")]
pub struct Placement {
    pub appearance_chart_sections: Vec<ChartSection>,
    pub tile_groups: Vec<GroupPlacement>,
    pub face_up_at_setup: Vec<TileGroup>,
}

/// Every map chit and dwelling.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct MapChits {
    pub site_chits: Vec<SiteChit>,
    pub sound_chits: Vec<SoundChit>,
    pub warning_chits: Vec<WarningChit>,
    pub special_chits: Vec<SpecialChit>,
    pub dwellings: Vec<Dwelling>,
    pub warning_exchanges: Vec<WarningExchange>,
    pub exchange_clearings: Vec<ExchangeClearings>,
    #[tsify(type = "ChitPlacement")]
    pub placement: Placement,
}

impl MapChits {
    pub fn warning_chit(&self, group: TileGroup, kind: WarningKind) -> Option<&WarningChit> {
        self.warning_chits
            .iter()
            .find(|w| w.group == group && w.warning == kind)
    }

    pub fn warning_chit_by_id(&self, id: &MapChitId) -> Option<&WarningChit> {
        self.warning_chits.iter().find(|w| &w.id == id)
    }

    pub fn dwelling(&self, id: DwellingId) -> Option<&Dwelling> {
        self.dwellings.iter().find(|d| d.id == id)
    }

    /// What a Warning chit is exchanged for, if anything (3.6.2).
    pub fn exchange_for(&self, chit: &MapChitId) -> Option<&WarningExchange> {
        self.warning_exchanges.iter().find(|x| &x.chit == chit)
    }

    /// The Warning chit exchanged for a dwelling (3.6.2a/b).
    pub fn warning_chit_for(&self, dwelling: DwellingId) -> Option<&WarningChit> {
        self.warning_exchanges
            .iter()
            .find(|x| x.becomes == ExchangeResult::Dwelling(dwelling))
            .and_then(|x| self.warning_chit_by_id(&x.chit))
    }

    /// The clearing order for placing pieces exchanged at `timing`.
    pub fn exchange_clearings(&self, timing: ExchangeTiming) -> Option<&[ClearingNumber]> {
        self.exchange_clearings
            .iter()
            .find(|x| x.timing == timing)
            .map(|x| x.clearings.as_slice())
    }

    /// Every chit id, Site, Sound, Warning and special alike.
    pub fn all_ids(&self) -> Vec<&MapChitId> {
        let sites = self.site_chits.iter().map(|c| &c.id);
        let sounds = self.sound_chits.iter().map(|c| &c.id);
        let warnings = self.warning_chits.iter().map(|c| &c.id);
        let specials = self.special_chits.iter().map(|c| &c.id);
        sites
            .chain(sounds)
            .chain(warnings)
            .chain(specials)
            .collect()
    }
}

/// Parses and validates the embedded `map_chits.json`.
pub fn load() -> Result<MapChits, DataError> {
    let chits: MapChits = parse_json(FILE, MAP_CHITS_JSON)?;
    validate(&chits)?;
    Ok(chits)
}

fn err(msg: String) -> DataError {
    DataError::new(FILE, msg)
}

/// Checks ids, clearings, the exchanges and the 3.5.5 arithmetic.
pub fn validate(chits: &MapChits) -> Result<(), DataError> {
    let ids = chits.all_ids();
    let distinct: BTreeSet<&MapChitId> = ids.iter().copied().collect();
    if distinct.len() != ids.len() || ids.iter().any(|id| id.0.is_empty()) {
        return Err(err("map chit ids must be unique and non-empty".into()));
    }
    let clearings = chits.site_chits.iter().map(|c| c.clearing);
    if clearings
        .chain(chits.sound_chits.iter().map(|c| c.clearing))
        .any(|n| !n.is_valid())
    {
        return Err(err(
            "a Site or Sound chit names a clearing outside 1..6".into()
        ));
    }
    for group in TileGroup::ALL {
        for kind in WarningKind::ALL {
            let n = chits
                .warning_chits
                .iter()
                .filter(|w| w.group == group && w.warning == kind)
                .count();
            if n != 1 {
                return Err(err(format!(
                    "{kind:?} {} appears {n} times",
                    group.letter()
                )));
            }
        }
    }
    for special in [SpecialKind::LostCity, SpecialKind::LostCastle] {
        let n = chits
            .special_chits
            .iter()
            .filter(|c| c.special == special)
            .count();
        if n != 1 {
            return Err(err(format!("{special:?} appears {n} times")));
        }
    }
    validate_dwellings(chits)?;
    validate_placement(chits)
}

fn validate_dwellings(chits: &MapChits) -> Result<(), DataError> {
    for id in DwellingId::ALL {
        let n = chits.dwellings.iter().filter(|d| d.id == id).count();
        let exchanges = chits
            .warning_exchanges
            .iter()
            .filter(|x| x.becomes == ExchangeResult::Dwelling(id))
            .count();
        if n != 1 || exchanges != 1 {
            return Err(err(format!(
                "dwelling {id:?}: {n} entries, {exchanges} exchanges"
            )));
        }
    }
    let mut used = BTreeSet::new();
    for x in &chits.warning_exchanges {
        let chit = chits.warning_chit_by_id(&x.chit).ok_or_else(|| {
            err(format!(
                "exchange names unknown Warning chit {:?}",
                x.chit.0
            ))
        })?;
        let face_up = chits.placement.face_up_at_setup.contains(&chit.group);
        if !used.insert(&x.chit) || face_up != (x.timing == ExchangeTiming::Setup) {
            return Err(err(format!(
                "exchange of {:?} is repeated or mistimed",
                x.chit.0
            )));
        }
        if let ExchangeResult::Monsters(m) = &x.becomes {
            if m.monster.is_empty() || m.count == 0 {
                return Err(err(format!(
                    "exchange of {:?} places no monsters",
                    x.chit.0
                )));
            }
        }
        let order = chits.exchange_clearings(x.timing).unwrap_or(&[]);
        if order.is_empty() || order.iter().any(|n| !n.is_valid()) {
            return Err(err(format!("no clearing order for {:?}", x.timing)));
        }
    }
    Ok(())
}

fn validate_placement(chits: &MapChits) -> Result<(), DataError> {
    let p = &chits.placement;
    let site_and_sound = chits.site_chits.len() + chits.sound_chits.len();
    let in_sections: usize = p
        .appearance_chart_sections
        .iter()
        .map(|s| usize::from(s.site_or_sound_chits))
        .sum();
    let in_tiles: usize = p
        .tile_groups
        .iter()
        .map(|g| usize::from(g.site_or_sound_chits))
        .sum();
    if in_sections + in_tiles != site_and_sound {
        return Err(err(format!(
            "3.5.5 places {in_sections} + {in_tiles} Site/Sound chits, but there are {site_and_sound}"
        )));
    }
    for s in &p.appearance_chart_sections {
        let holds = chits
            .special_chits
            .iter()
            .find(|c| c.special == s.special)
            .map(|c| c.holds_chits);
        if holds != Some(s.site_or_sound_chits) {
            return Err(err(format!(
                "{:?} section size disagrees with its chit",
                s.special
            )));
        }
    }
    for group in TileGroup::ALL {
        let rows: Vec<&GroupPlacement> =
            p.tile_groups.iter().filter(|g| g.group == group).collect();
        let special_ok = match rows.as_slice() {
            [row] => row.special.is_none_or(|s| {
                chits
                    .special_chits
                    .iter()
                    .any(|c| c.special == s && c.group == group)
            }),
            _ => false,
        };
        if !special_ok {
            return Err(err(format!(
                "placement for {group:?} missing, repeated or wrong"
            )));
        }
    }
    Ok(())
}
