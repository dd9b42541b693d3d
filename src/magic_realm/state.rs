//! The state of a game of Magic Realm (rules 3.3, 4.5): the map, the piles every piece lies
//! in, each seat's character sheet and secret records, and where the game stands.

use crate::engine::dice::{DiceBox, Stream};
use crate::engine::{Seat, Seed};
use crate::magic_realm::catalog::characters::{CharacterId, StartLocation};
use crate::magic_realm::catalog::chits::MapChitId;
use crate::magic_realm::catalog::magic::SpellId;
use crate::magic_realm::map::{ClearingRef, PathRef, RealmMap};
use crate::magic_realm::pieces::{PieceId, Piles, Place};
use crate::magic_realm::points::Points;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use tsify::Tsify;

/// Players in a game (one character each; 3.3).
pub const MIN_SEATS: usize = 1;
pub const MAX_SEATS: usize = 6;
/// Gold every character starts with (3.3.2b).
pub const STARTING_GOLD: i32 = 10;
/// Victory Points every character assigns (3.3.6a).
pub const VICTORY_POINTS: u8 = 5;
/// The usual game length: one lunar month (rule 1.2, 9.1).
pub const DEFAULT_DAYS: u8 = 28;

/// How a new game builds its map (3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub enum MapChoice {
    /// The fixed default map, known to be legal.
    #[default]
    Default,
    /// A random legal map built by the placement rules of 3.2 from the game's seed.
    Random,
}

/// A new game of Magic Realm.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MagicRealmSetup {
    /// One entry per player, 1 to 6. A seat with a character named here has chosen it
    /// already; the others choose in seat order during setup (3.3.1).
    pub seats: Vec<SeatSetup>,
    #[serde(default)]
    pub map: MapChoice,
    /// Days the game lasts (28 is a lunar month); 1 to 112.
    #[serde(default = "default_days")]
    pub days: u8,
}

fn default_days() -> u8 {
    DEFAULT_DAYS
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SeatSetup {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub character: Option<CharacterId>,
}

/// The five victory categories and their factors (3.3.6b).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify,
)]
#[serde(rename_all = "camelCase")]
pub enum VictoryCategory {
    GreatTreasures,
    Spells,
    Fame,
    Notoriety,
    Gold,
}

impl VictoryCategory {
    pub const ALL: [VictoryCategory; 5] = [
        VictoryCategory::GreatTreasures,
        VictoryCategory::Spells,
        VictoryCategory::Fame,
        VictoryCategory::Notoriety,
        VictoryCategory::Gold,
    ];

    /// Points needed per Victory Point assigned (3.3.6b).
    pub fn factor(self) -> u32 {
        match self {
            VictoryCategory::GreatTreasures => 1,
            VictoryCategory::Spells => 2,
            VictoryCategory::Fame => 10,
            VictoryCategory::Notoriety => 20,
            VictoryCategory::Gold => 30,
        }
    }
}

/// Victory Points assigned to each category (3.3.6a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VictoryPoints {
    pub great_treasures: u8,
    pub spells: u8,
    pub fame: u8,
    pub notoriety: u8,
    pub gold: u8,
}

impl VictoryPoints {
    pub fn get(&self, c: VictoryCategory) -> u8 {
        match c {
            VictoryCategory::GreatTreasures => self.great_treasures,
            VictoryCategory::Spells => self.spells,
            VictoryCategory::Fame => self.fame,
            VictoryCategory::Notoriety => self.notoriety,
            VictoryCategory::Gold => self.gold,
        }
    }

    pub fn add(&mut self, c: VictoryCategory) {
        let slot = match c {
            VictoryCategory::GreatTreasures => &mut self.great_treasures,
            VictoryCategory::Spells => &mut self.spells,
            VictoryCategory::Fame => &mut self.fame,
            VictoryCategory::Notoriety => &mut self.notoriety,
            VictoryCategory::Gold => &mut self.gold,
        };
        *slot = slot.saturating_add(1);
    }

    pub fn total(&self) -> u32 {
        VictoryCategory::ALL
            .iter()
            .map(|c| u32::from(self.get(*c)))
            .sum()
    }

    /// Points needed in a category: assigned points times the factor (3.3.6b).
    pub fn needed(&self, c: VictoryCategory) -> u32 {
        u32::from(self.get(c)) * c.factor()
    }
}

/// The state of one action chit (rules 2.5.3, 4.2, 4.6.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub enum ChitStatus {
    Fresh,
    Fatigued,
    Wounded,
    /// A Magic chit turned symbol side up: a colour chit (3.3.4, 4.6.3).
    Enchanted,
    /// A Magic chit put with the target of the spell it cast (8.4.3): unusable until the
    /// spell ends, when it fatigues.
    Committed,
}

/// What a character has found (7.5): hidden paths and secret passages, and map chits
/// (treasure sites) discovered.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Default, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Discoveries {
    #[serde(default)]
    pub paths: BTreeSet<PathRef>,
    #[serde(default)]
    pub chits: BTreeSet<MapChitId>,
    /// 7.5, 4.5.5: Treasures-Within-Treasures Site cards found on the map (2.3.7).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    #[tsify(optional)]
    pub cards: BTreeSet<crate::magic_realm::catalog::items::TreasureId>,
}

impl Discoveries {
    /// Nothing discovered (for `skip_serializing_if`).
    pub fn is_empty(&self) -> bool {
        self.paths.is_empty() && self.chits.is_empty() && self.cards.is_empty()
    }
}

/// What a player records in secret before the Dwellings are revealed (3.3.3 to 3.3.6);
/// victory requirements and spells stay secret afterwards too (3.3.6, 4.5).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SecretRecord {
    /// Spells recorded, in the order chosen (duplicates allowed, 3.3.3b); the spells he
    /// learns by Reading Runes (7.5) are recorded after them.
    pub spells: Vec<SpellId>,
    /// 3.3.6g, 9.3: the spells (also in `spells`) learned from Spell cards during the game:
    /// they count toward the Spells victory category, his starting spells do not.
    #[serde(default)]
    pub learned: Vec<SpellId>,
    /// Magic chits (indexes into the character's chits) to turn symbol side up (3.3.4).
    pub enchant: BTreeSet<u8>,
    /// Whether the player has finished choosing chits to enchant.
    pub enchanting_done: bool,
    pub start: Option<StartLocation>,
    pub victory: VictoryPoints,
    /// The player has declared these choices final.
    pub done: bool,
}

/// One seat: its character and records.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SeatState {
    pub character: Option<CharacterId>,
    /// Development stage, 1 to 4 (4 at the start of a standard game, 3.3.2).
    pub level: u8,
    /// The 12 action chits, in the order of the character's card.
    pub chits: Vec<ChitStatus>,
    pub hidden: bool,
    pub gold: i32,
    /// Recorded Fame (8.7: fractions are kept).
    pub fame: Points,
    /// Recorded Notoriety (8.7: fractions are kept).
    pub notoriety: Points,
    pub discoveries: Discoveries,
    pub secret: SecretRecord,
    /// Starting weapons and armor still to be taken from a native group (3.3.2).
    pub equipment_pending: Vec<EquipmentNeed>,
    /// Today's turn record (6.2): secret until done.
    #[serde(default)]
    pub record: TurnRecord,
    /// Face-down pieces this seat has looked at (Clues, 7.5.1; its own Treasure cards).
    #[serde(default)]
    pub known: BTreeSet<PieceId>,
    /// Magic chits alerted by the Alert activity (7.9): time 0 until Midnight.
    #[serde(default)]
    pub alerted_chits: BTreeSet<u8>,
    #[serde(default)]
    pub fate: Fate,
    /// Belongings the character has deactivated (4.3.1); the rest of what he owns is
    /// active.
    #[serde(default)]
    pub inactive: BTreeSet<PieceId>,
    /// 7.2.4: the mission and campaign chits he carries, with their terms.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tasks: Vec<Task>,
    /// 9.1.2: the first day the player of a dead character may make a fresh start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub rejoin_on: Option<u8>,
    /// 9.1.2: the player is making a fresh start (choosing equipment and secrets).
    #[serde(default)]
    pub restarting: bool,
    /// 4.6.7a: the curses on him (public).
    #[serde(default)]
    pub curses: BTreeSet<crate::magic_realm::catalog::tables::Curse>,
    /// 9.1.2: the day the player chose to stay out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub stay_out_day: Option<u8>,
    /// 9.2.1: he has voted, today, to end the game now.
    #[serde(default)]
    pub votes_to_end: bool,
    /// 9.2.2: he will take his own life at this day's Midnight.
    #[serde(default)]
    pub suicide_tonight: bool,
    /// 9.2.2: the score of a character who left the map, taken as he left.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_score: Option<Score>,
    /// 7.7: the natives this character has hired, with their terms.
    #[serde(default)]
    pub hirelings: Vec<crate::magic_realm::day::meeting::Hireling>,
    /// 7.6: boons accepted and not yet repaid (each makes the trader one level less
    /// friendly).
    #[serde(default)]
    pub boons: Vec<crate::magic_realm::day::meeting::Boon>,
    /// 4.6.7b: a Tremendous Strength Wish ready for his next Fight chit or Gloves card
    /// (never more than one).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub strength_wish: bool,
    /// 4.6.8b: what was transmorphized with him, while he is a creature (absent otherwise,
    /// and in saves made before it was kept: then all he has counts as transmorphized).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub transmorphized: Option<crate::magic_realm::combat::spells::carrying::Transmorphized>,
}

impl SeatState {
    pub fn empty() -> SeatState {
        SeatState {
            character: None,
            level: 4,
            chits: Vec::new(),
            hidden: true,
            gold: STARTING_GOLD,
            fame: Points::ZERO,
            notoriety: Points::ZERO,
            discoveries: Discoveries::default(),
            secret: SecretRecord::default(),
            equipment_pending: Vec::new(),
            record: TurnRecord::default(),
            known: BTreeSet::new(),
            alerted_chits: BTreeSet::new(),
            fate: Fate::Playing,
            inactive: BTreeSet::new(),
            final_score: None,
            tasks: Vec::new(),
            hirelings: Vec::new(),
            boons: Vec::new(),
            votes_to_end: false,
            suicide_tonight: false,
            rejoin_on: None,
            restarting: false,
            stay_out_day: None,
            curses: BTreeSet::new(),
            strength_wish: false,
            transmorphized: None,
        }
    }
}

/// A mission or campaign chit a character has taken (7.2.4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Task {
    pub chit: crate::magic_realm::pieces::VisitorChitId,
    pub face: crate::magic_realm::catalog::denizens::ChitFace,
    /// The last day to complete it (none: the end of the game).
    pub until: Option<u8>,
    /// A mission's Dwelling.
    pub destination: Option<crate::magic_realm::catalog::chits::DwellingId>,
    /// A mission's reward in gold, counted as it was taken.
    pub reward: u32,
}

/// A starting weapon or armor counter the character must take (3.3.2).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Tsify)]
#[serde(tag = "item", rename_all = "camelCase")]
pub enum EquipmentNeed {
    Weapon {
        id: crate::magic_realm::catalog::items::WeaponId,
    },
    Armor {
        id: crate::magic_realm::catalog::items::ArmorId,
    },
}

/// The points of the day (rule 6, seed 001), for scenarios and the day rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub enum DayPoint {
    #[default]
    Birdsong,
    Sunrise,
    Daylight,
    Sunset,
    Evening,
    Midnight,
}

/// Where the game stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "step", rename_all = "camelCase")]
pub enum Step {
    /// 3.3.1: the seat chooses its character.
    ChooseCharacter { seat: Seat },
    /// 3.3.2: the seat chooses which native group gives it a starting item.
    TakeEquipment { seat: Seat },
    /// 3.4: the seat puts a visitor/mission chit in an empty box.
    PlaceVisitorChit { seat: Seat },
    /// 3.3.3 to 3.3.6: every seat records spells, enchanted chits, starting Dwelling and
    /// victory requirements, in secret and all at once.
    SecretChoices,
    /// 6.2: every character still recording records his turn, in secret and all at once.
    Birdsong { day: u8 },
    /// 7: the characters take their turns in attention-chit order (`Today` says whose
    /// turn and which phase).
    Daylight { day: u8 },
    /// 8.1.3: the clearings take their Evening turns (`Today.evening` says which).
    Evening { day: u8 },
    /// 9: the game is over; `scores` holds each seat's result (9.3).
    GameOver { scores: Vec<Score> },
}

impl Step {
    /// Whether setup is over and the game has not ended.
    pub fn is_day(&self) -> bool {
        matches!(
            self,
            Step::Birdsong { .. } | Step::Daylight { .. } | Step::Evening { .. }
        )
    }

    /// The day of play, once setup is over.
    pub fn day(&self) -> Option<u8> {
        match self {
            Step::Birdsong { day } | Step::Daylight { day } | Step::Evening { day } => Some(*day),
            _ => None,
        }
    }
}

/// One seat's final score (9.3.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Score {
    pub seat: Seat,
    /// Basic score in each category, in the order of `VictoryCategory::ALL`.
    pub basic: Vec<i32>,
    /// Bonus score in each category, in the same order.
    pub bonus: Vec<i32>,
    pub total: i32,
    /// How the character's game ended.
    pub fate: Fate,
}

/// How a character's game stands (9.1, 9.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub enum Fate {
    #[default]
    Playing,
    /// Killed (4.2.5b, 7.8, 9.1.1): scores -100 unless restarted.
    Dead,
    /// Left the map by a road off its edge (9.2.2b): scored at once.
    LeftMap,
}

/// What a character records for one phase (6.2.1, 6.2.6).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, Tsify)]
#[serde(tag = "activity", rename_all = "camelCase")]
pub enum Activity {
    /// 7.3.1: move to this clearing (twice in a row to climb into a mountain clearing).
    Move { to: ClearingRef },
    /// 7.4.
    Hide,
    /// 7.3.3: fly to this tile (the Fly activity, "FL"), landing at the end of the last
    /// consecutive Fly phase.
    Fly {
        to: crate::magic_realm::catalog::tiles::TileId,
    },
    /// 7.5: the table is chosen when the activity is done.
    Search,
    /// 7.8.
    Rest,
    /// 7.9.
    Alert,
    /// 9.2.2: move along a roadway off the edge of the map and leave the game ("M EDGE").
    LeaveMap,
    /// 7.10: meditate (the first Enchant phase of the day), then enchant.
    Enchant,
    /// 6.2.7, 7.11: follow this character all day (the only activity recorded).
    Follow { guide: Seat },
    /// 7.6: the trader and the deal are chosen when the activity is done.
    Trade,
    /// 7.7: the natives to hire are chosen when the activity is done.
    Hire,
    /// 7.10, 6.2.1b: the remote Enchant activity ("RE"): an Enchant phase done as if in
    /// this clearing (an enhanced activity: the Crystal Ball's).
    RemoteEnchant { at: ClearingRef },
    /// 6.2.7, 7.11: follow this hired leader all day (the only activity recorded).
    FollowLeader {
        leader: crate::magic_realm::catalog::denizens::NativeId,
    },
}

/// A seat's turn record for the day (6.2.4): its activities, left to right.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TurnRecord {
    pub activities: Vec<Activity>,
    /// The seat has declared its turn recorded.
    pub done: bool,
    /// 6.2.4, 7.3.2: the phases (from 0) that the ridden horse gives; the horse must be
    /// active at the start of each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub horse_phases: Vec<usize>,
    /// 6.2.2c: the phase (from 0) the Captain's Reputation gives; it must begin at a
    /// Dwelling.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub dwelling_phase: Option<usize>,
    /// Blazing Light: the phase (from 0) its extra phase gives; it must begin in the lit
    /// clearing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub lit_phase: Option<usize>,
    /// 6.2.2c, 6.2.4: the phases (from 0) Treasure cards give, and which card: it must be
    /// active (and he in the card's kind of clearing) when he starts the phase.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub treasure_phases: Vec<TreasurePhase>,
    /// 7.12: the seat's blocking orders for the day (secret until carried out).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[tsify(optional)]
    pub blocks: Vec<BlockOrder>,
}

/// 6.2.4: an extra phase recorded for a Treasure card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(deny_unknown_fields)]
pub struct TreasurePhase {
    /// The phase, from 0.
    pub phase: usize,
    pub item: crate::magic_realm::catalog::items::TreasureId,
}

/// 7.12: an order to block, given in Birdsong and carried out whenever it can be.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, Tsify)]
#[serde(tag = "block", rename_all = "camelCase")]
pub enum BlockOrder {
    /// Block this character whenever he can be blocked.
    Character { target: Seat },
    /// Block the monsters in his clearing at the end of each of his phases, and those that
    /// arrive there at the end of a turn (7.12).
    Monsters,
    /// Have `blocker` (his character, or one of his hired leaders or controlled monsters)
    /// block `target` (another seat's character, hired leader or controlled monster)
    /// whenever it can. A character blocking a character is the `Character` order.
    Individual {
        blocker: Individual,
        target: Individual,
    },
    /// Have `minion` (one of his hired leaders or controlled monsters) block the monsters in
    /// its clearing at the end of each of its phases, and those that arrive there at the end
    /// of a turn (7.12). His character's order is `Monsters`.
    MinionMonsters { minion: PieceId },
}

/// 7.12: an individual who can block and be blocked: a character, or a hired leader or a
/// controlled monster, named by its counter (underlings never block nor are blocked).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, Tsify)]
#[serde(tag = "individual", rename_all = "camelCase")]
pub enum Individual {
    Character {
        seat: Seat,
    },
    /// A hired leader or a controlled monster.
    Denizen {
        piece: PieceId,
    },
}

/// A decision a seat owes in the middle of a phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "pending", rename_all = "camelCase")]
pub enum Pending {
    /// 7.5: a Choice row: pick one of these table rows.
    SearchChoice {
        picks: Vec<crate::magic_realm::catalog::tables::SearchPick>,
        /// The clearing searched.
        at: ClearingRef,
    },
    /// 7.11: the guide starts an activity; these followers have yet to say whether they
    /// keep following.
    FollowDecision { waiting: BTreeSet<Seat> },
    /// 7.11f: the guide rests or alerts; these following characters may do it too.
    FollowerShare { waiting: BTreeSet<Seat> },
    /// 7.6, 7.7: a Meeting Table result that waits for the buyer's or hirer's answer.
    Meeting {
        offer: crate::magic_realm::day::meeting::Offer,
    },
    /// Violent Storm: the character chooses `left` more of his remaining phases to lose.
    StormLosses { seat: Seat, left: u8 },
    /// 4.4.3: the Poultice of Health: the Rest phase counts as two; he rests again.
    SecondRest,
    /// The Toadstool Circle Table's 3: the looter picks the cave clearing he teleports to.
    TeleportToCave,
    /// The Lost spell: several adjacent clearings bear the number rolled; he picks one.
    LostWay {
        seat: Seat,
        choices: Vec<ClearingRef>,
    },
    /// The Lost spell and the Magic Wand: he sets the red die before the Lost roll.
    LostRedDie { seat: Seat },
    /// The Enchanted Meadow's Wish or the Toadstool Circle's Power of the Pit (7.5): the
    /// choice the result asks of `choice.seat()` (4.6.7b; the Magic Wand's red die).
    SpellChoice {
        choice: crate::magic_realm::combat::spells::choices::SpellChoice,
        /// The Withered Claw's Wish, owed at the start of his phase (the phase is still to
        /// be done once it is made).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        #[tsify(optional)]
        before_phase: bool,
    },
    /// 7.5, the Magic Sight table's 2 to 4: the searcher picks where he takes from (or
    /// looks), or which perceived spell he learns.
    MagicSight {
        row: crate::magic_realm::day::magic_sight::SightRow,
        picks: Vec<crate::magic_realm::actions::SightPick>,
    },
}

/// Who takes a turn in Daylight (6.2.5, 7.1.1): a character, a hired leader (his
/// employer decides for him) or a controlled monster (its controller decides for it). A save holding only seat numbers still loads.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Turner {
    Character(Seat),
    Leader {
        employer: Seat,
        leader: crate::magic_realm::catalog::denizens::NativeId,
    },
    /// 6.2.5: a controlled monster (its controller's seat decides for it).
    Monster {
        controller: Seat,
        monster: PieceId,
    },
}

impl Turner {
    /// The seat that decides for him: the character's, or the hired leader's employer's
    /// (7.1.1: the hiring character is then the first character of the day).
    pub fn seat(&self) -> Seat {
        match self {
            Turner::Character(seat)
            | Turner::Leader { employer: seat, .. }
            | Turner::Monster {
                controller: seat, ..
            } => *seat,
        }
    }

    /// The character taking the turn, if it is a character's.
    pub fn character(&self) -> Option<Seat> {
        match self {
            Turner::Character(seat) => Some(*seat),
            Turner::Leader { .. } | Turner::Monster { .. } => None,
        }
    }
}

/// The day in progress: the Monster Roll, the turn order and where Daylight stands.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Today {
    /// 6.3.3: the prowling row, 0 before Sunrise.
    pub monster_roll: u8,
    /// 6.3.5, 7.1.1: the attention chits in the order they will be picked (a character's
    /// or a hired leader's, 6.2.5).
    pub order: Vec<Turner>,
    /// Index into `order` of the turn being taken.
    pub turn: usize,
    /// Index into the turn record of the phase being done.
    pub phase: usize,
    /// Whether the current turn has begun (the character unhidden, 7.1.2).
    pub turn_started: bool,
    /// 7.3.1: the first of two Move phases into a mountain clearing is done.
    pub climbing: bool,
    /// A decision owed in the middle of the phase.
    pub pending: Option<Pending>,
    /// 7.5.1: seats that found hidden enemies today.
    pub found_enemies: BTreeSet<Seat>,
    /// 7.12: seats that blocked or were blocked today.
    pub blocked: BTreeSet<Seat>,
    /// 7.5.1: hired leaders who found hidden enemies today.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub leaders_found_enemies: BTreeSet<crate::magic_realm::catalog::denizens::NativeId>,
    /// 7.12: hired leaders blocked today (their turns end, or are lost).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub blocked_leaders: BTreeSet<crate::magic_realm::catalog::denizens::NativeId>,
    /// 6.2.7, 7.11: hired leaders following a character or a hired leader today (leader,
    /// guide).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub leaders_following: BTreeMap<
        crate::magic_realm::catalog::denizens::NativeId,
        crate::magic_realm::day::following::Guide,
    >,
    /// 6.2.5, 7.2.2: the hired leader's turn under way, phase by phase.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader_turn: Option<crate::magic_realm::day::leaders::LeaderTurn>,
    /// 6.3.1: the hired underlings following a guide today.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub underlings_following: BTreeMap<
        crate::magic_realm::catalog::denizens::NativeId,
        crate::magic_realm::day::underlings::UnderlingGuide,
    >,
    /// 6.2.5, 7.3.3, 7.11: the controlled monsters following their controllers today.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub monsters_following: BTreeSet<PieceId>,
    /// 6.2.5, 6.3.2: the guide each controlled monster whose controller recorded a Follow
    /// for it follows today (it is in `monsters_following` too; the others there follow
    /// their controllers).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub monster_guides: BTreeMap<PieceId, crate::magic_realm::day::following::Guide>,
    /// 6.2.5: the turns recorded for controlled monsters today (secret, like a record).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub monster_turns: Vec<crate::magic_realm::day::monster_turns::MonsterTurn>,
    /// 7.12: controlled monsters blocked today (their turns end, or are lost).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub blocked_monsters: BTreeSet<PieceId>,
    /// 7.13: the cards acting as Warning chits (the Dragon Essence) that have summoned
    /// today (a chit summons once a day).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub cards_summoned: BTreeSet<PieceId>,
    /// 7.3.3: the flying steed each character in the air is riding.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub riding: BTreeMap<Seat, crate::magic_realm::day::flying::FlySource>,
    /// 7.12: denizens that blocked or were blocked today: they stop prowling.
    pub stopped: BTreeSet<PieceId>,
    /// 7.2.2: belongings rearranged at the start of the current phase.
    #[serde(default)]
    pub rearranged: BTreeSet<PieceId>,
    /// 8.1 to 8.2: the Evening, clearing by clearing.
    #[serde(default)]
    pub evening: crate::magic_realm::day::evening::EveningState,
    /// 7.10: characters who have done their meditation phase today.
    #[serde(default)]
    pub meditated: BTreeSet<Seat>,
    /// 7.11: who follows whom (follower, guide: a character or a hired leader), while they
    /// follow.
    #[serde(default)]
    pub following: BTreeMap<Seat, crate::magic_realm::day::following::Guide>,
    /// 7.11: the followers have decided for the current phase.
    #[serde(default)]
    pub followers_asked: bool,
    /// 7.11: followers who stopped during the current phase: their turns end with it.
    #[serde(default)]
    pub stopped_following: BTreeSet<Seat>,
    /// 7.12, 8.2.2: native groups and visitors that blocked a character after a Meeting
    /// Table roll in a Trade or Hire phase today.
    #[serde(default)]
    pub meeting_blocks: Vec<crate::magic_realm::day::meeting::MeetingBlock>,
    /// 8.7: the kills each character has made today (they multiply his bounties).
    #[serde(default)]
    pub kills: BTreeMap<Seat, u8>,
    /// 8.3.8: for each character who moved into his clearing today, the clearing at the
    /// other end of the roadway he entered by (the only roadway he may run away onto).
    #[serde(default)]
    pub entered_from: BTreeMap<Seat, crate::magic_realm::map::ClearingRef>,
    /// 8.3.9 c.4: the Artifacts and Spell Books played today, and those whose spell ended
    /// during this Evening (with any of their Magic types: `item_spells_spent` says which).
    #[serde(default)]
    pub items_spent: BTreeSet<crate::magic_realm::catalog::items::TreasureId>,
    /// 8.3.9 c.4, Enchant Artifact card rule 3: each item with the spells it cast today, or
    /// whose spell cast by it ended during this Evening: the Magic types of those spells
    /// cannot be used again with it this Evening (its other types still can).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub item_spells_spent: BTreeSet<(
        crate::magic_realm::catalog::items::TreasureId,
        crate::magic_realm::catalog::magic::SpellId,
    )>,
    /// 7.2.3, 4.4.8: Treasure cards with Permanent spells energized today by a colour chit
    /// (the Flying Carpet stays energized all day, however often he lands).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub energized_items: BTreeSet<crate::magic_realm::catalog::items::TreasureId>,
    /// Violent Storm: the phases (from 0) of each character's turn lost to a storm today;
    /// he pays once a turn (an empty set when he had nothing left to lose).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub storm_losses: BTreeMap<Seat, BTreeSet<usize>>,
    /// The Toadstool Circle Table's 4: characters whose Peer searches and Enchant
    /// activities may target any clearing for the rest of the day.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub peer_anywhere: BTreeSet<Seat>,
    /// 4.4.3: the Potions with a combat effect activated today, until Midnight.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub potions: Vec<crate::magic_realm::combat::potions::ActivePotion>,
    /// Talk to Wise Bird: the characters who owe a remote Peer (the first does it now).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub remote_peers: Vec<Seat>,
    /// Premonition: the characters keeping their attention chits out of the mix until they
    /// preempt.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub preempting: Vec<Seat>,
    /// Premonition: those who passed before the chit about to be picked.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub passed: BTreeSet<Seat>,
    /// Premonition: those who preempted today (their chits are picked at once).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub preempted: BTreeSet<Seat>,
    /// Prophecy: the characters taking today's turn phase by phase (sealed at the end of
    /// Birdsong).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub prophets: BTreeSet<Seat>,
    /// Prophecy: those who have ended their turn, their remaining phases blank.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub prophecy_ended: BTreeSet<Seat>,
    /// Prophecy: the one horse that gives each of them extra phases today.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub prophecy_horses: BTreeMap<Seat, PieceId>,
    /// Phantasm: each controlling character's phantasm today.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub phantasms: BTreeMap<Seat, crate::magic_realm::day::phantasm::Phantasm>,
    /// The Lost spell: the mountain clearing a Lost Move began to climb into; the next
    /// Move phase completes the climb there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lost_climb: Option<ClearingRef>,
    /// The characters the Flowers of Rest put to sleep today, until Sunset.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub asleep: BTreeSet<Seat>,
    /// 7.2.1, 7.2.2: the other players' carriers following the character taking his turn
    /// that have decided at the start of his current phase.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guide_phase_gifts: Option<crate::magic_realm::day::guide_gifts::GuidePhaseGifts>,
}

/// Where each denizen started the game (6.3.4): chart boxes, native boxes, or the clearing
/// of a garrison's Dwelling or of the Ghosts. Sorted by piece.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Homes(pub Vec<(PieceId, Place)>);

impl Homes {
    pub fn of(&self, piece: &PieceId) -> Option<&Place> {
        self.0
            .binary_search_by(|(p, _)| p.cmp(piece))
            .ok()
            .and_then(|i| self.0.get(i))
            .map(|(_, place)| place)
    }

    /// Records (or replaces) where `piece` started the game, keeping the list sorted.
    pub fn set(&mut self, piece: PieceId, home: Place) {
        match self.0.binary_search_by(|(p, _)| p.cmp(&piece)) {
            Ok(i) => {
                if let Some(slot) = self.0.get_mut(i) {
                    slot.1 = home;
                }
            }
            Err(i) => self.0.insert(i, (piece, home)),
        }
    }
}

/// A whole game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GameState {
    pub seed: Seed,
    pub days: u8,
    pub map: RealmMap,
    pub piles: Piles,
    pub seats: Vec<SeatState>,
    pub step: Step,
    /// The game's dice (4.1).
    pub dice: DiceBox,
    /// Random draws and shuffles (picking a card or chit "at random", 3.1, 3.5).
    pub draws: Stream,
    /// Visitor/mission chits placed so far (3.4), to rotate the placing seat.
    pub visitor_chits_placed: u8,
    /// Whether the map chits have been placed (3.5).
    pub map_chits_placed: bool,
    /// The day in progress (chapters 6 to 8).
    #[serde(default)]
    pub today: Today,
    /// 7.5: sites opened for good (the Vault).
    #[serde(default)]
    pub opened_sites: BTreeSet<MapChitId>,
    /// 2.3.7, 4.5.4c: the treasure site where each TWT Site card on the map was found.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub twt_sites: BTreeMap<crate::magic_realm::catalog::items::TreasureId, MapChitId>,
    /// Where the denizens started the game (6.3.4), recorded when play begins.
    #[serde(default)]
    pub homes: Homes,
    /// Spells bewitching their targets (8.4.3), each with its Magic chit committed.
    #[serde(default)]
    pub spells: Vec<crate::magic_realm::combat::spells::SpellInEffect>,
    /// 7.2.1, 8.7: the gold each controlled monster records for its controller (a hired
    /// leader's is with his hire, `Hireling::gold`), by counter, in counter order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub carried_gold: Vec<(PieceId, i32)>,
    /// 4.6.8b: what was transmorphized with each hired leader and controlled monster while
    /// it is a creature, by counter, in counter order (absent from saves made before it
    /// was kept: then all it carries counts as transmorphized).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub carriers_transmorphized: Vec<(
        PieceId,
        crate::magic_realm::combat::spells::carrying::Transmorphized,
    )>,
    /// Witch, Familiar: each Familiar's counter (from her first Birdsong on, all game) and
    /// the turn recorded for it today (`day::phantasm::Companion::Familiar`; secret).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub familiars: BTreeMap<Seat, crate::magic_realm::day::phantasm::Phantasm>,
}

/// The stream purpose of a game's random draws (see `Stream::new`).
pub const DRAWS_PURPOSE: u64 = 2;

impl GameState {
    pub fn seat(&self, seat: Seat) -> Option<&SeatState> {
        self.seats.get(usize::from(seat.0))
    }

    pub fn seat_mut(&mut self, seat: Seat) -> Option<&mut SeatState> {
        self.seats.get_mut(usize::from(seat.0))
    }

    /// Every seat, in order.
    pub fn all_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.seats.len()).filter_map(|i| u8::try_from(i).ok().map(Seat))
    }

    /// The seat playing `character`, if any.
    pub fn seat_of(&self, character: &CharacterId) -> Option<Seat> {
        self.all_seats()
            .find(|s| self.seat(*s).and_then(|x| x.character.as_ref()) == Some(character))
    }
}
