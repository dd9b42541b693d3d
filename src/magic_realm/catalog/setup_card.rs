//! The Treasure Setup Card (rules 2.4, 3.1, 3.4) and its Appearance Chart (rules 2.4.1, 7.13).
//!
//! The Appearance Chart is six rows (the Monster Roll). Each row holds groups of boxes; a
//! group lists the map chits, sites or Dwellings that summon it, and a summoner takes the
//! first (leftmost) non-empty box of its group (rule 7.13). Boxes are numbered left to right
//! within a row: Lost Castle, Lost City, Treasure Locations, Dwellings, then the row-6
//! visitor/mission boxes. Only the order inside a group matters for play.
//!
//! The setup procedure is rule 3.1.2 a-g, 3.1.3 and 3.4 as an ordered list of typed steps.
//! Map chits and Dwellings are named with the map-chit enums of `chits` and `tiles`.

use super::chits::{DwellingId, SiteKind, SoundKind, WarningKind};
use super::denizens::{self, Denizens, MonsterId, NativeGroup, Visitor};
use super::items::{
    self, ArmorId, HorseId, Items, TreasureId, TreasureKind, TreasureSize, WeaponId,
};
use super::magic::{self, MagicType, Spells};
use super::tiles::TileGroup;
use super::{parse_json, DataError};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

const CHART: &str = "appearance_chart.json";
const SETUP: &str = "treasure_setup.json";

/// What summons a group of Appearance Chart boxes (rule 7.13).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
pub enum Summoner {
    /// A Warning chit of this word and tile-group letter.
    Warning {
        warning: WarningKind,
        tile: TileGroup,
    },
    /// A Sound chit; with a tile group it summons only in a tile holding a Warning chit of
    /// that group's letter ("Howl (M)").
    Sound {
        sound: SoundKind,
        needs_warning: Option<TileGroup>,
    },
    Site(SiteKind),
    /// A Site card (Treasures-Within-Treasures) on the map.
    SiteCard(TreasureId),
    Dwelling(DwellingId),
    /// The group's leader, while unhired.
    NativeLeader(NativeGroup),
}

/// Sections of the Treasure Setup Card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum Section {
    TreasuresWithinTreasures,
    LostCastle,
    LostCity,
    TreasureLocations,
    Dwellings,
    Garrisons,
    Visitors,
    ArtifactsAndSpellBooks,
    /// The small row-6 boxes of the Dwellings section.
    VisitorMission,
}

/// Some counters of one monster type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct MonsterCount {
    pub monster: MonsterId,
    pub count: u8,
}

/// What a box holds at the start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
pub enum BoxContents {
    Monsters(Vec<MonsterCount>),
    Natives(NativeGroup),
    /// Receives one visitor/mission chit during setup (rule 3.4).
    VisitorSlot,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct ChartBox {
    /// Left-to-right position in the row, from 1.
    pub number: u8,
    pub holds: BoxContents,
}

/// Boxes summoned by the same list; leftmost non-empty box first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct BoxGroup {
    pub section: Section,
    pub summoned_by: Vec<Summoner>,
    pub boxes: Vec<ChartBox>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct ChartRow {
    /// Monster Roll 1-6.
    pub row: u8,
    pub groups: Vec<BoxGroup>,
}

/// The Appearance Chart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct AppearanceChart {
    pub rows: Vec<ChartRow>,
    /// The Ghosts: put on the map at setup, prowling every day.
    pub always_prowling: Vec<MonsterCount>,
}

impl AppearanceChart {
    pub fn row(&self, roll: u8) -> Option<&ChartRow> {
        self.rows.iter().find(|r| r.row == roll)
    }
    /// Every monster on the chart with its row (Ghosts excluded).
    pub fn monsters(&self) -> impl Iterator<Item = (u8, &MonsterCount)> {
        self.rows.iter().flat_map(|r| {
            r.groups
                .iter()
                .flat_map(|g| g.boxes.iter())
                .filter_map(|b| match &b.holds {
                    BoxContents::Monsters(m) => Some(m.iter()),
                    _ => None,
                })
                .flatten()
                .map(move |m| (r.row, m))
        })
    }
}

/// Which way up a piece goes (rules 3.1.2, 3.1.3 g.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
pub enum Face {
    /// Cards, secret.
    Down,
    /// Counters: weapons unalerted, armor intact, denizens light side (Tremendous red side down).
    Up,
}

/// Pieces put into a box.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
pub enum Piece {
    /// Random cards from the Large Treasure pile.
    LargeTreasures(u8),
    /// Random cards from the Small Treasure pile.
    SmallTreasures(u8),
    /// Random Spell cards of one type.
    Spells {
        magic_type: MagicType,
        count: u8,
    },
    Weapon {
        weapon: WeaponId,
        count: u8,
    },
    Armor {
        armor: ArmorId,
        count: u8,
    },
    Horse(HorseId),
    Monster {
        monster: MonsterId,
        count: u8,
    },
    /// The whole native group with its horses.
    Natives(NativeGroup),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub piece: Piece,
    pub face: Face,
}

/// The box a step fills.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify)]
pub enum SetupBox {
    /// A TWT box, or an Artifact/Spell Book box, named by its card.
    Treasure(TreasureId),
    Site(SiteKind),
    /// The Dwellings or Garrisons box of a native group.
    NativeGroup(NativeGroup),
    Visitor(Visitor),
}

/// One step of the procedure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
pub enum SetupAction {
    /// Put pieces in a box, listed bottom to top.
    Place {
        target: SetupBox,
        pieces: Vec<Placement>,
    },
    /// 3.1.2a: shuffle the six TWT cards into the remaining Large Treasures.
    ShuffleTwtCardsIntoLargeTreasures,
    /// 3.1.2b: every chart box of this section gets the monsters pictured in it.
    PlaceChartMonsters(Section),
    /// 3.1.3 g.2: the Spell cards left over go out of play unseen.
    SetAsideRemainingSpells,
    /// 3.4: players put the six visitor/mission chits, either side up, in the row-6 boxes.
    PlaceVisitorMissionChits,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct SetupStep {
    /// Rule paragraph, e.g. "3.1.2c".
    pub rule: String,
    pub section: Section,
    pub action: SetupAction,
}

/// The Treasure Setup Card procedure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct TreasureSetup {
    /// 6.1.2: the Daily Record's colour magic on the seventh day of each week.
    pub daily_record: Vec<SeventhDay>,
    pub steps: Vec<SetupStep>,
}

/// 6.1.2: the colour magic supplied to everyone on one seventh day of the month.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct SeventhDay {
    /// Day of the month: 7, 14, 21 or 28.
    pub day: u8,
    /// The colours in a game of one month.
    pub colours: Vec<crate::magic_realm::catalog::common::MagicColor>,
    /// In a longer game, one of these each month in turn (White the first month, Black
    /// the second, and so on); empty when the colours do not change.
    #[serde(default)]
    pub alternating: Vec<crate::magic_realm::catalog::common::MagicColor>,
}

impl TreasureSetup {
    /// 6.1.2: the colours supplied to everyone on `day` of a game of `days` days.
    pub fn seventh_day_colours(
        &self,
        day: u8,
        days: u8,
    ) -> Vec<crate::magic_realm::catalog::common::MagicColor> {
        if day == 0 {
            return Vec::new();
        }
        let month = (day - 1) / 28;
        let of_month = (day - 1) % 28 + 1;
        let Some(entry) = self.daily_record.iter().find(|d| d.day == of_month) else {
            return Vec::new();
        };
        if days > 28 && !entry.alternating.is_empty() {
            let i = usize::from(month) % entry.alternating.len();
            return entry.alternating.get(i).copied().into_iter().collect();
        }
        entry.colours.clone()
    }
}

impl TreasureSetup {
    /// 2.4.4, 4.6.5: how many Spell cards go into a box at setup (an Artifact's one, a
    /// Spell Book's four).
    pub fn spell_cards_in(&self, target: &SetupBox) -> usize {
        self.placements()
            .filter(|(t, _)| *t == target)
            .map(|(_, p)| match p.piece {
                Piece::Spells { count, .. } => usize::from(count),
                _ => 0,
            })
            .sum()
    }

    /// Every placement, in order.
    pub fn placements(&self) -> impl Iterator<Item = (&SetupBox, &Placement)> {
        self.steps.iter().flat_map(|s| match &s.action {
            SetupAction::Place { target, pieces } => {
                pieces.iter().map(move |p| (target, p)).collect()
            }
            _ => Vec::new(),
        })
    }
}

/// The whole Setup Card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
pub struct SetupCard {
    pub chart: AppearanceChart,
    pub setup: TreasureSetup,
}

/// Parses `appearance_chart.json` and `treasure_setup.json` and checks every reference
/// against the denizens, items and spells.
pub fn load() -> Result<SetupCard, DataError> {
    let chart: AppearanceChart = parse_json(CHART, include_str!("../data/appearance_chart.json"))?;
    let setup: TreasureSetup = parse_json(SETUP, include_str!("../data/treasure_setup.json"))?;
    let card = SetupCard { chart, setup };
    let (d, i, s) = (denizens::load()?, items::load()?, magic::load()?);
    validate_chart(&card.chart, &d, &i)?;
    validate_setup(&card.setup, &d, &i, &s)?;
    Ok(card)
}

fn validate_chart(chart: &AppearanceChart, d: &Denizens, i: &Items) -> Result<(), DataError> {
    let err = |msg: String| DataError::new(CHART, msg);
    for (index, row) in chart.rows.iter().enumerate() {
        if usize::from(row.row) != index + 1 {
            return Err(err(format!("row {} out of order", row.row)));
        }
        let numbers = row
            .groups
            .iter()
            .flat_map(|g| g.boxes.iter().map(|b| b.number));
        if !numbers.eq(1..=row_box_count(row)) {
            return Err(err(format!("row {}: boxes not numbered 1..n", row.row)));
        }
        for g in &row.groups {
            if g.summoned_by.is_empty() || g.boxes.is_empty() {
                return Err(err(format!("row {}: empty group", row.row)));
            }
            for s in &g.summoned_by {
                if let Summoner::SiteCard(t) = s {
                    if i.treasure(t).is_none() {
                        return Err(err(format!("unknown site card {}", t.0)));
                    }
                }
            }
            for b in &g.boxes {
                if let BoxContents::Natives(group) = b.holds {
                    if d.group(group).and_then(|x| x.appearance_row) != Some(row.row) {
                        return Err(err(format!("{group:?} is not a row-{} group", row.row)));
                    }
                }
            }
        }
    }
    if chart.rows.len() != 6 {
        return Err(err(format!("{} rows, expected 6", chart.rows.len())));
    }
    let all: Vec<&MonsterCount> = chart
        .monsters()
        .map(|(_, m)| m)
        .chain(&chart.always_prowling)
        .collect();
    for m in &all {
        if d.monster(&m.monster).is_none() {
            return Err(err(format!("unknown monster {}", m.monster.0)));
        }
    }
    for monster in &d.monsters {
        let placed: u32 = all
            .iter()
            .filter(|m| m.monster == monster.id)
            .map(|m| u32::from(m.count))
            .sum();
        if placed != u32::from(monster.count) {
            return Err(err(format!("{} placed {placed} times", monster.id.0)));
        }
    }
    Ok(())
}

fn row_box_count(row: &ChartRow) -> u8 {
    let n: usize = row.groups.iter().map(|g| g.boxes.len()).sum();
    u8::try_from(n).unwrap_or(u8::MAX)
}

fn validate_setup(
    setup: &TreasureSetup,
    d: &Denizens,
    i: &Items,
    s: &Spells,
) -> Result<(), DataError> {
    let err = |msg: String| DataError::new(SETUP, msg);
    for (target, p) in setup.placements() {
        let known = match target {
            SetupBox::Treasure(t) => i.treasure(t).is_some(),
            SetupBox::NativeGroup(g) => d.group(*g).is_some(),
            SetupBox::Site(_) | SetupBox::Visitor(_) => true,
        };
        let (resolves, card) = match &p.piece {
            Piece::LargeTreasures(_) | Piece::SmallTreasures(_) => (true, true),
            Piece::Spells { magic_type, count } => {
                (s.card_count(*magic_type) >= usize::from(*count), true)
            }
            Piece::Weapon { weapon, .. } => (i.weapon(weapon).is_some(), false),
            Piece::Armor { armor, .. } => (i.armor_piece(armor).is_some(), false),
            Piece::Horse(h) => (i.horse(h).is_some(), false),
            Piece::Monster { monster, .. } => (d.monster(monster).is_some(), false),
            Piece::Natives(g) => (d.group(*g).is_some(), false),
        };
        if !known || !resolves {
            return Err(err(format!(
                "unresolved placement {:?} in {target:?}",
                p.piece
            )));
        }
        if (p.face == Face::Down) != card {
            return Err(err(format!("{:?} placed the wrong side up", p.piece)));
        }
    }
    let (large, small) = random_treasure_draws(setup);
    let count = |size| {
        i.treasures
            .iter()
            .filter(|t| t.size == size && t.twt.is_none())
            .count()
    };
    let twt = i.treasures.iter().filter(|t| t.twt.is_some()).count();
    if large != count(TreasureSize::Large) + twt || small != count(TreasureSize::Small) {
        return Err(err(format!(
            "draws {large} large and {small} small treasures"
        )));
    }
    for magic_type in MagicType::ALL {
        if spell_draws(setup, magic_type) > s.card_count(magic_type) {
            return Err(err(format!("too many type {magic_type:?} spells drawn")));
        }
    }
    for (target, _) in setup.placements() {
        if let SetupBox::Treasure(t) = target {
            let ok = i.treasure(t).is_some_and(|x| {
                x.twt.is_some() || x.is(TreasureKind::Artifact) || x.is(TreasureKind::SpellBook)
            });
            if !ok {
                return Err(err(format!("{} has no box on the Setup Card", t.0)));
            }
        }
    }
    Ok(())
}

/// Cards drawn at random from the Large (TWT cards included) and Small piles.
pub fn random_treasure_draws(setup: &TreasureSetup) -> (usize, usize) {
    let (mut large, mut small) = (0, 0);
    for (_, p) in setup.placements() {
        match p.piece {
            Piece::LargeTreasures(n) => large += usize::from(n),
            Piece::SmallTreasures(n) => small += usize::from(n),
            _ => {}
        }
    }
    (large, small)
}

/// Spell cards of one type put on the Setup Card.
pub fn spell_draws(setup: &TreasureSetup, magic_type: MagicType) -> usize {
    setup
        .placements()
        .filter_map(|(_, p)| match p.piece {
            Piece::Spells {
                magic_type: t,
                count,
            } if t == magic_type => Some(usize::from(count)),
            _ => None,
        })
        .sum()
}
