//! Every dice table of the 3.1 rules (rule 4.1 and the table sheets): Hide (7.4), the Search
//! tables (7.5), Meeting (7.6, 7.7, 8.2.2), Commerce (10.D.2), Missile (8.4.9), the optional
//! combat tables (10.D.3), Repositioning and Change Tactics (8.4.6), Curses, Wishes and Power
//! of the Pit (4.6.7), Transform (4.6.8), the spell and site-card tables, the Monster Roll
//! (4.1.3) and Weather (10.D.1), loaded from `data/tables.json`.
//!
//! Each table's rows are typed by what the rules do with them; the result types live in
//! the `results` submodule and are re-exported here. RealmSpeak's "revised missile" option
//! is not a 3.1 rule and is left out.

use super::{parse_json, DataError};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

mod results;
pub use results::*;

const FILE: &str = "tables.json";
const TABLES_JSON: &str = include_str!("../data/tables.json");

/// The tables, by id.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(rename_all = "snake_case")]
pub enum TableId {
    Hide,
    Peer,
    Locate,
    Loot,
    MagicSight,
    ReadingRunes,
    Meeting,
    Commerce,
    Missile,
    OptionalMissile,
    Fumble,
    Stumble,
    RepositioningDenizens,
    ChangeTactics,
    Curses,
    Wishes,
    PowerOfThePit,
    Transform,
    Lost,
    ViolentStorm,
    TwtToadstoolCircle,
    TwtEnchantedMeadow,
    TwtCryptOfTheKnight,
    MonsterRoll,
    Weather,
}

impl TableId {
    pub const ALL: [TableId; 25] = [
        TableId::Hide,
        TableId::Peer,
        TableId::Locate,
        TableId::Loot,
        TableId::MagicSight,
        TableId::ReadingRunes,
        TableId::Meeting,
        TableId::Commerce,
        TableId::Missile,
        TableId::OptionalMissile,
        TableId::Fumble,
        TableId::Stumble,
        TableId::RepositioningDenizens,
        TableId::ChangeTactics,
        TableId::Curses,
        TableId::Wishes,
        TableId::PowerOfThePit,
        TableId::Transform,
        TableId::Lost,
        TableId::ViolentStorm,
        TableId::TwtToadstoolCircle,
        TableId::TwtEnchantedMeadow,
        TableId::TwtCryptOfTheKnight,
        TableId::MonsterRoll,
        TableId::Weather,
    ];
}

/// How the number looked up is rolled (4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum DiceRoll {
    /// Two dice, use the higher (4.1.1).
    TwoDiceHigher,
    /// One die (game rolls, 4.1.3; Repositioning, 8.4.6).
    OneDie,
    /// One die against a secretly chosen chit; the higher applies (Weather, 10.D.1).
    HigherOfDieAndChit,
}

/// The dice rule of a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Dice {
    pub roll: DiceRoll,
    /// Whether die-roll modifiers apply (4.1.2).
    pub modifiers: bool,
    /// The results the table has; a modified roll is clamped into it (4.1.2, 10.D.3).
    pub range: [u8; 2],
}

impl Dice {
    /// Clamps a modified result into the table's range (4.1.2).
    pub fn clamp(&self, modified: i32) -> u8 {
        let [lo, hi] = self.range;
        let clamped = modified.clamp(i32::from(lo), i32::from(hi));
        u8::try_from(clamped).unwrap_or(lo)
    }
}

/// The rolls a row answers: one number, or an inclusive range written `[from, to]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Tsify)]
#[serde(untagged)]
pub enum RollSpan {
    One(u8),
    Range([u8; 2]),
}

impl RollSpan {
    pub fn bounds(self) -> (u8, u8) {
        match self {
            RollSpan::One(n) => (n, n),
            RollSpan::Range([a, b]) => (a, b),
        }
    }

    pub fn contains(self, roll: u8) -> bool {
        let (a, b) = self.bounds();
        (a..=b).contains(&roll)
    }
}

/// One row of a table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Row<R> {
    pub roll: RollSpan,
    pub result: R,
}

/// The result for `roll` among `rows`.
pub fn lookup<R>(rows: &[Row<R>], roll: u8) -> Option<&R> {
    rows.iter()
        .find(|r| r.roll.contains(roll))
        .map(|r| &r.result)
}

/// A table with one column per trading relationship (Meeting, Commerce).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Columns<R> {
    pub enemy: Vec<Row<R>>,
    pub unfriendly: Vec<Row<R>>,
    pub neutral: Vec<Row<R>>,
    pub friendly: Vec<Row<R>>,
    pub ally: Vec<Row<R>>,
}

impl<R> Columns<R> {
    pub fn column(&self, column: MeetingColumn) -> &[Row<R>] {
        match column {
            MeetingColumn::Enemy => &self.enemy,
            MeetingColumn::Unfriendly => &self.unfriendly,
            MeetingColumn::Neutral => &self.neutral,
            MeetingColumn::Friendly => &self.friendly,
            MeetingColumn::Ally => &self.ally,
        }
    }
}

/// The rows of a table, typed by table kind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub enum TableResults {
    Hide(Vec<Row<HideResult>>),
    Peer(Vec<Row<PeerResult>>),
    Locate(Vec<Row<LocateResult>>),
    Loot(Vec<Row<LootResult>>),
    MagicSight(Vec<Row<MagicSightResult>>),
    ReadingRunes(Vec<Row<ReadingRunesResult>>),
    Meeting(Columns<MeetingResult>),
    Commerce(Columns<CommerceResult>),
    Missile(Vec<Row<HarmChange>>),
    OptionalMissile(Vec<Row<OptionalMissileResult>>),
    Fumble(Vec<Row<FumbleResult>>),
    Stumble(Vec<Row<StumbleResult>>),
    RepositioningDenizens(Vec<Row<BoxPermutation>>),
    ChangeTactics(Vec<Row<TacticsResult>>),
    Curses(Vec<Row<Curse>>),
    Wishes(Vec<Row<Wish>>),
    PowerOfThePit(Vec<Row<PitResult>>),
    Transform(Vec<Row<TransformCreature>>),
    Lost(Vec<Row<LostResult>>),
    ViolentStorm(Vec<Row<ViolentStormResult>>),
    SiteCard(Vec<Row<SiteCardResult>>),
    MonsterRoll(Vec<Row<MonsterRollResult>>),
    Weather(Vec<Row<Weather>>),
}

fn spans<R>(rows: &[Row<R>]) -> Vec<RollSpan> {
    rows.iter().map(|r| r.roll).collect()
}

impl TableResults {
    /// The roll spans of every column (one column for most tables, five for Meeting and
    /// Commerce), for coverage checks.
    pub fn columns_of_spans(&self) -> Vec<Vec<RollSpan>> {
        match self {
            TableResults::Meeting(c) => MeetingColumn::ALL.map(|m| spans(c.column(m))).to_vec(),
            TableResults::Commerce(c) => MeetingColumn::ALL.map(|m| spans(c.column(m))).to_vec(),
            TableResults::Hide(r) => vec![spans(r)],
            TableResults::Peer(r) => vec![spans(r)],
            TableResults::Locate(r) => vec![spans(r)],
            TableResults::Loot(r) => vec![spans(r)],
            TableResults::MagicSight(r) => vec![spans(r)],
            TableResults::ReadingRunes(r) => vec![spans(r)],
            TableResults::Missile(r) => vec![spans(r)],
            TableResults::OptionalMissile(r) => vec![spans(r)],
            TableResults::Fumble(r) => vec![spans(r)],
            TableResults::Stumble(r) => vec![spans(r)],
            TableResults::RepositioningDenizens(r) => vec![spans(r)],
            TableResults::ChangeTactics(r) => vec![spans(r)],
            TableResults::Curses(r) => vec![spans(r)],
            TableResults::Wishes(r) => vec![spans(r)],
            TableResults::PowerOfThePit(r) => vec![spans(r)],
            TableResults::Transform(r) => vec![spans(r)],
            TableResults::Lost(r) => vec![spans(r)],
            TableResults::ViolentStorm(r) => vec![spans(r)],
            TableResults::SiteCard(r) => vec![spans(r)],
            TableResults::MonsterRoll(r) => vec![spans(r)],
            TableResults::Weather(r) => vec![spans(r)],
        }
    }

    /// Whether these rows have the shape the table `id` needs.
    pub fn fits(&self, id: TableId) -> bool {
        use TableId as I;
        use TableResults as R;
        matches!(
            (id, self),
            (I::Hide, R::Hide(_))
                | (I::Peer, R::Peer(_))
                | (I::Locate, R::Locate(_))
                | (I::Loot, R::Loot(_))
                | (I::MagicSight, R::MagicSight(_))
                | (I::ReadingRunes, R::ReadingRunes(_))
                | (I::Meeting, R::Meeting(_))
                | (I::Commerce, R::Commerce(_))
                | (I::Missile, R::Missile(_))
                | (I::OptionalMissile, R::OptionalMissile(_))
                | (I::Fumble, R::Fumble(_))
                | (I::Stumble, R::Stumble(_))
                | (I::RepositioningDenizens, R::RepositioningDenizens(_))
                | (I::ChangeTactics, R::ChangeTactics(_))
                | (I::Curses, R::Curses(_))
                | (I::Wishes, R::Wishes(_))
                | (I::PowerOfThePit, R::PowerOfThePit(_))
                | (I::Transform, R::Transform(_))
                | (I::Lost, R::Lost(_))
                | (I::ViolentStorm, R::ViolentStorm(_))
                | (I::TwtToadstoolCircle, R::SiteCard(_))
                | (I::TwtEnchantedMeadow, R::SiteCard(_))
                | (I::TwtCryptOfTheKnight, R::SiteCard(_))
                | (I::MonsterRoll, R::MonsterRoll(_))
                | (I::Weather, R::Weather(_))
        )
    }
}

/// One dice table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Table {
    pub id: TableId,
    pub name: String,
    /// The rule sections that use the table.
    pub rules: Vec<String>,
    pub dice: Dice,
    /// The optional rule the table belongs to, if any (chapter 10).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional_rule: Option<String>,
    pub results: TableResults,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// Every table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    pub tables: Vec<Table>,
}

macro_rules! row_lookup {
    ($(#[$doc:meta] $fn_name:ident: $id:ident => $variant:ident -> $ty:ty;)*) => {$(
        #[$doc]
        pub fn $fn_name(&self, roll: u8) -> Option<&$ty> {
            match &self.get(TableId::$id)?.results {
                TableResults::$variant(rows) => lookup(rows, roll),
                _ => None,
            }
        }
    )*};
}

impl Tables {
    pub fn get(&self, id: TableId) -> Option<&Table> {
        self.tables.iter().find(|t| t.id == id)
    }

    row_lookup! {
        /// Hide Table (7.4).
        hide: Hide => Hide -> HideResult;
        /// Peer Table (7.5.1).
        peer: Peer => Peer -> PeerResult;
        /// Locate Table (7.5.1).
        locate: Locate => Locate -> LocateResult;
        /// Loot Table (7.5).
        loot: Loot => Loot -> LootResult;
        /// Magic Sight Table (7.5).
        magic_sight: MagicSight => MagicSight -> MagicSightResult;
        /// Reading Runes Table (7.5).
        reading_runes: ReadingRunes => ReadingRunes -> ReadingRunesResult;
        /// Missile Table (8.4.9).
        missile: Missile => Missile -> HarmChange;
        /// Curses Table (4.6.7a).
        curse: Curses => Curses -> Curse;
        /// Wishes Table (4.6.7b).
        wish: Wishes => Wishes -> Wish;
        /// Power of the Pit Table (4.6.7b).
        power_of_the_pit: PowerOfThePit => PowerOfThePit -> PitResult;
        /// Violent Storm Table (Violent Storm spell).
        violent_storm: ViolentStorm => ViolentStorm -> ViolentStormResult;
        /// Lost Table (Lost spell).
        lost: Lost => Lost -> LostResult;
        /// Transform Table (4.6.8).
        transform: Transform => Transform -> TransformCreature;
        /// Repositioning Denizens Table (8.4.6).
        repositioning: RepositioningDenizens => RepositioningDenizens -> BoxPermutation;
        /// Change Tactics Table (8.4.6).
        change_tactics: ChangeTactics => ChangeTactics -> TacticsResult;
    }

    /// Meeting Table (7.6, 7.7, 8.2.2).
    pub fn meeting(&self, column: MeetingColumn, roll: u8) -> Option<&MeetingResult> {
        match &self.get(TableId::Meeting)?.results {
            TableResults::Meeting(c) => lookup(c.column(column), roll),
            _ => None,
        }
    }

    /// A Treasures-Within-Treasures site-card table.
    pub fn site_card(&self, id: TableId, roll: u8) -> Option<&SiteCardResult> {
        match &self.get(id)?.results {
            TableResults::SiteCard(rows) => lookup(rows, roll),
            _ => None,
        }
    }
}

/// Parses and validates the embedded `tables.json`.
pub fn load() -> Result<Tables, DataError> {
    let tables: Tables = parse_json(FILE, TABLES_JSON)?;
    validate(&tables)?;
    Ok(tables)
}

fn err(msg: String) -> DataError {
    DataError::new(FILE, msg)
}

/// Checks ids, shapes, roll coverage and cross-references.
pub fn validate(tables: &Tables) -> Result<(), DataError> {
    for id in TableId::ALL {
        let n = tables.tables.iter().filter(|t| t.id == id).count();
        if n != 1 {
            return Err(err(format!(
                "table {id:?} appears {n} times, expected once"
            )));
        }
    }
    for t in &tables.tables {
        let [lo, hi] = t.dice.range;
        if t.name.is_empty() || t.rules.is_empty() || lo < 1 || lo > hi {
            return Err(err(format!("table {:?}: bad name, rules or range", t.id)));
        }
        if !t.results.fits(t.id) {
            return Err(err(format!("table {:?}: rows of the wrong kind", t.id)));
        }
        for column in t.results.columns_of_spans() {
            if !covers_exactly_once(&column, lo, hi) {
                return Err(err(format!(
                    "table {:?}: rows do not cover {lo}..{hi} once",
                    t.id
                )));
            }
        }
        validate_references(tables, t)?;
    }
    Ok(())
}

/// Whether the spans cover every roll in `lo..=hi` exactly once and nothing else.
pub fn covers_exactly_once(spans: &[RollSpan], lo: u8, hi: u8) -> bool {
    let in_range = spans.iter().all(|s| {
        let (a, b) = s.bounds();
        lo <= a && a <= b && b <= hi
    });
    in_range && (lo..=hi).all(|roll| spans.iter().filter(|s| s.contains(roll)).count() == 1)
}

fn validate_references(tables: &Tables, t: &Table) -> Result<(), DataError> {
    let bad = |what: &str| err(format!("table {:?}: {what}", t.id));
    let pick_ok = |p: &SearchPick| match tables.get(p.table).map(|x| &x.results) {
        Some(TableResults::Peer(rows)) => {
            matches!(lookup(rows, p.roll), Some(r) if !matches!(r, PeerResult::Choice(_)))
        }
        Some(TableResults::Locate(rows)) => {
            matches!(lookup(rows, p.roll), Some(r) if !matches!(r, LocateResult::Choice(_)))
        }
        _ => false,
    };
    let roll_on_ok = |target: TableId| target != t.id && tables.get(target).is_some();
    let ok = match &t.results {
        TableResults::Peer(rows) => rows.iter().all(|r| match &r.result {
            PeerResult::Choice(picks) => !picks.is_empty() && picks.iter().all(pick_ok),
            _ => true,
        }),
        TableResults::Locate(rows) => rows.iter().all(|r| match &r.result {
            LocateResult::Choice(picks) => !picks.is_empty() && picks.iter().all(pick_ok),
            _ => true,
        }),
        TableResults::MagicSight(rows) => rows.iter().all(|r| match &r.result {
            MagicSightResult::Choice(picks) => !picks.is_empty() && picks.iter().all(pick_ok),
            _ => true,
        }),
        TableResults::ReadingRunes(rows) => rows.iter().all(|r| match r.result {
            ReadingRunesResult::RollOn(target) => roll_on_ok(target),
            _ => true,
        }),
        TableResults::SiteCard(rows) => rows.iter().all(|r| match r.result {
            SiteCardResult::RollOn(target) => roll_on_ok(target),
            _ => true,
        }),
        TableResults::RepositioningDenizens(rows) => rows.iter().all(|r| {
            let mut sorted = r.result.moves_to;
            sorted.sort_unstable();
            sorted == [1, 2, 3]
        }),
        TableResults::Lost(rows) => rows.iter().all(|r| r.result.move_to_clearing.is_valid()),
        _ => true,
    };
    if ok {
        Ok(())
    } else {
        Err(bad(
            "a Choice, roll-on, permutation or clearing reference does not resolve",
        ))
    }
}
