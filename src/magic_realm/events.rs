//! What the log records about a game of Magic Realm: one event per thing that happened,
//! each wrapped in the engine's `Event` with its rule id and plain-English text.

use crate::engine::Seat;
use crate::magic_realm::catalog::characters::{CharacterId, StartLocation};
use crate::magic_realm::catalog::chits::{DwellingId, MapChitId};
use crate::magic_realm::catalog::denizens::{NativeGroup, NativeId};
use crate::magic_realm::catalog::magic::SpellId;
use crate::magic_realm::catalog::tables::{SearchPick, TableId};
use crate::magic_realm::catalog::tiles::TileId;
use crate::magic_realm::map::{ClearingRef, PathRef};
use crate::magic_realm::pieces::{Facing, PieceId, PieceKind, VisitorChitId};
use crate::magic_realm::state::{
    Activity, BlockOrder, ChitStatus, EquipmentNeed, Score, VictoryCategory,
};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

use crate::magic_realm::actions::{BelongingChange, Gift};

/// What happened, for the log (wrapped in the engine's `GameEvent` with rule and text).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "type", deny_unknown_fields)]
pub enum MagicRealmEvent {
    CharacterChosen {
        seat: Seat,
        character: CharacterId,
    },
    EquipmentTaken {
        seat: Seat,
        piece: PieceId,
        from: NativeGroup,
    },
    /// 3.3.2: no native group holds the item any more.
    EquipmentUnavailable {
        seat: Seat,
        item: EquipmentNeed,
    },
    VisitorChitPlaced {
        seat: Seat,
        chit: VisitorChitId,
        facing: Facing,
        #[serde(rename = "box")]
        box_number: u8,
    },
    /// 3.5: the map chits are in place, face down.
    MapChitsPlaced,
    SpellRecorded {
        spell: SpellId,
    },
    ChitEnchanted {
        chit: u8,
    },
    EnchantingFinished,
    StartChosen {
        start: StartLocation,
    },
    VictoryPointAssigned {
        category: VictoryCategory,
    },
    ChoicesRevised,
    /// A seat has finished its secret records (what it chose stays secret).
    ChoicesConfirmed {
        seat: Seat,
    },
    /// 3.6.1: a Valley Warning chit turns face up.
    ChitRevealed {
        tile: TileId,
        chit: MapChitId,
    },
    /// Peace with Nature: a Warning or Sound chit that turned up and did not summon turns
    /// face down again.
    ChitTurnedDown {
        tile: TileId,
        chit: MapChitId,
    },
    /// 3.6.2: what the chit stands for goes to the map; the chit leaves play.
    DwellingPlaced {
        dwelling: DwellingId,
        at: ClearingRef,
    },
    GhostsPlaced {
        at: ClearingRef,
        count: u8,
    },
    /// 3.6.3: the garrison comes with its Dwelling.
    GarrisonPlaced {
        group: NativeGroup,
        at: ClearingRef,
    },
    /// 3.6.4: the character starts at his Dwelling, hidden; his enchanted chits are shown.
    CharacterPlaced {
        seat: Seat,
        character: CharacterId,
        at: ClearingRef,
        enchanted: Vec<u8>,
    },
    /// The realm is ready; the first day begins.
    SetupComplete,
    DayBegins {
        day: u8,
    },
    /// Private to the recording seat.
    ActivityRecorded {
        activity: Activity,
    },
    ActivityTakenBack {
        activity: Option<Activity>,
    },
    TurnRecorded {
        seat: Seat,
    },
    MonsterRoll {
        row: u8,
    },
    DenizensRegenerated {
        pieces: Vec<PieceId>,
    },
    VisitorChitsTurned {
        pieces: Vec<PieceId>,
    },
    AttentionChitsMixed,
    TurnBegins {
        seat: Seat,
    },
    Unhidden {
        seat: Seat,
    },
    TurnLost {
        seat: Seat,
    },
    TurnEnds {
        seat: Seat,
    },
    PhaseCancelled {
        seat: Seat,
        reason: String,
    },
    ClimbBegun {
        seat: Seat,
        to: ClearingRef,
    },
    Moved {
        seat: Seat,
        from: ClearingRef,
        to: ClearingRef,
    },
    ItemsAbandoned {
        seat: Seat,
        pieces: Vec<PieceId>,
        at: ClearingRef,
    },
    HideRolled {
        seat: Seat,
        success: bool,
    },
    Searched {
        seat: Seat,
        table: TableId,
        roll: u8,
        at: ClearingRef,
    },
    SearchChoiceOffered {
        seat: Seat,
    },
    SearchPicked {
        seat: Seat,
        pick: SearchPick,
    },
    FoundNothing {
        seat: Seat,
    },
    /// Private: the map chits seen (Clues).
    CluesSeen {
        pieces: Vec<PieceId>,
    },
    /// Private.
    PathsDiscovered {
        paths: Vec<PathRef>,
    },
    HiddenEnemiesFound {
        seat: Seat,
    },
    /// Private.
    ChitsDiscovered {
        chits: Vec<MapChitId>,
    },
    Looted {
        seat: Seat,
        kind: PieceKind,
    },
    /// Private: what was taken.
    LootedPiece {
        piece: PieceId,
    },
    /// Private (7.5 Reading Runes): the Spell card whose runes he reads.
    RunesRead {
        spell: SpellId,
    },
    /// 4.6.5c: a Spell card of this Artifact or Spell Book is awakened: it leaves the Setup
    /// Card and goes with the item.
    SpellAwakened {
        seat: Seat,
        item: crate::magic_realm::catalog::items::TreasureId,
    },
    /// 7.5 Reading Runes at a treasure site: the Spell card read goes to the bottom of the
    /// site's Spell cards.
    SpellPutUnder {
        seat: Seat,
        site: MapChitId,
    },
    /// Private (7.5, 9.3): he learns the spell and records it on his sheet.
    SpellLearned {
        seat: Seat,
        spell: SpellId,
    },
    Rested {
        seat: Seat,
        chit: u8,
        to: ChitStatus,
        change: Option<u8>,
    },
    WeaponAlerted {
        seat: Seat,
        weapon: PieceId,
        alerted: bool,
    },
    ChitAlerted {
        seat: Seat,
        chit: u8,
    },
    /// 9.2.1: a vote to end the game given or withdrawn.
    EndVote {
        seat: Seat,
        vote: bool,
    },
    /// 9.2.2: a suicide declared or retracted.
    SuicideDeclared {
        seat: Seat,
        declare: bool,
    },
    /// 9.1.2: a fresh start made: the new character is at the Inn.
    FreshStartMade {
        seat: Seat,
    },
    /// 9.1.2: a dead character's player stays out today.
    StaysOut {
        seat: Seat,
    },
    /// 9.1.1, 9.2.2: a character died.
    CharacterDied {
        seat: Seat,
    },
    /// 9.2.1: every player still in the game agreed to end it.
    AgreedEnd,
    /// 7.2.1, 4.5.4: a gift between characters.
    Given {
        from: Seat,
        to: Seat,
        gift: Gift,
    },
    /// 7.12: one character blocks another (mutual).
    CharacterBlocks {
        blocker: Seat,
        target: Seat,
    },
    /// 7.12: a blocking order given or withdrawn (private).
    BlockOrderChanged {
        order: BlockOrder,
        given: bool,
    },
    /// 8.2.2: a native group battles the character this evening.
    NativesBattle {
        seat: Seat,
        group: NativeGroup,
    },
    /// 8.2.2: a native group does not battle the character this evening.
    NativesDoNotBattle {
        seat: Seat,
        group: NativeGroup,
    },
    /// 7.2.4: a mission or campaign chit taken.
    ChitTaken {
        seat: Seat,
        chit: VisitorChitId,
        face: crate::magic_realm::catalog::denizens::ChitFace,
    },
    /// 7.2.4: a task completed, failed or abandoned; its chit is back on the map.
    TaskEnded {
        seat: Seat,
        chit: VisitorChitId,
        completed: bool,
    },
    /// 7.5: a site opened (it stays open).
    SiteOpened {
        seat: Seat,
        site: MapChitId,
    },
    /// 4.2.4: a chit fatigued to pay effort.
    ChitFatigued {
        seat: Seat,
        chit: u8,
    },
    /// 9.2.2: a character left the map and was scored at once.
    LeftMap {
        seat: Seat,
        score: Score,
    },
    /// 7.10: the first Enchant phase of the day.
    Meditated {
        seat: Seat,
    },
    /// 7.10: a Magic chit becomes a colour chit.
    ChitEnchantedToColour {
        seat: Seat,
        chit: u8,
        colour: crate::magic_realm::catalog::common::MagicColor,
    },
    /// 4.6.3: a colour chit supplies its colour, reverts and fatigues.
    ColourChitUsed {
        seat: Seat,
        chit: u8,
        colour: crate::magic_realm::catalog::common::MagicColor,
    },
    /// 7.10: a tile turned over.
    TileTurned {
        tile: TileId,
        side: crate::magic_realm::catalog::tiles::TileSide,
    },
    /// 7.11: at Sunrise the followers are revealed (follower, guide).
    FollowersRevealed {
        pairs: Vec<(Seat, Seat)>,
    },
    /// 7.11: a recorded Follow that has no guide to follow today.
    NoGuide {
        seat: Seat,
    },
    /// 7.11: the guide starts this activity (revealed to his followers and everyone).
    GuideStarts {
        guide: Seat,
        activity: Activity,
    },
    FollowerStops {
        seat: Seat,
    },
    /// 4.3, 7.2.2: a belonging activated, deactivated or abandoned (`piece` is absent for
    /// an inactive Treasure card, which stays secret, 4.3.5).
    BelongingRearranged {
        seat: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[tsify(optional)]
        piece: Option<PieceId>,
        change: BelongingChange,
    },
    Blocked {
        seat: Seat,
        by: Vec<PieceId>,
    },
    MonstersMoved {
        pieces: Vec<PieceId>,
        to: ClearingRef,
    },
    MonstersSummoned {
        chit: MapChitId,
        row: u8,
        #[serde(rename = "box")]
        box_number: u8,
        pieces: Vec<PieceId>,
        to: ClearingRef,
    },
    NativesSummoned {
        group: NativeGroup,
        to: ClearingRef,
    },
    VisitorAppeared {
        piece: PieceId,
        to: ClearingRef,
    },
    Sunset {
        clearings: u32,
    },
    /// 8.1.3: the clearing's Evening; `combatDue` when monsters or several characters are
    /// there (combat itself is the next issue's).
    EveningInClearing {
        at: ClearingRef,
        characters: Vec<Seat>,
        denizens: Vec<PieceId>,
        #[serde(rename = "combatDue")]
        combat_due: bool,
    },
    Midnight {
        day: u8,
    },
    /// 7.6, 7.7, 8.2.2: a roll on the Meeting Table.
    MeetingRolled {
        seat: Seat,
        trader: crate::magic_realm::catalog::denizens::Trader,
        column: crate::magic_realm::catalog::tables::MeetingColumn,
        roll: u8,
        result: crate::magic_realm::catalog::tables::MeetingResult,
    },
    /// 7.6: drinks bought for a native group: one column friendlier for the roll.
    DrinksBought {
        seat: Seat,
        group: NativeGroup,
        gold: u32,
    },
    /// 7.6: an item bought (its kind; the piece itself goes to the buyer alone).
    ItemBought {
        seat: Seat,
        from: crate::magic_realm::catalog::denizens::Trader,
        kind: PieceKind,
        price: u32,
        boon: bool,
    },
    /// Private to the buyer: the piece bought.
    BoughtPiece {
        piece: PieceId,
    },
    /// 7.6: an item sold at its basic price (the kind; the piece goes to the seller alone).
    ItemSold {
        seat: Seat,
        to: crate::magic_realm::catalog::denizens::Trader,
        kind: PieceKind,
        price: u32,
        fame: u32,
    },
    /// Private to the seller: the piece sold.
    SoldPiece {
        piece: PieceId,
    },
    /// 7.6: a boon repaid: the trader's friendliness returns.
    BoonRepaid {
        seat: Seat,
        to: crate::magic_realm::catalog::denizens::Trader,
        gold: u32,
    },
    /// 7.6, 7.7: the buyer or hirer declines the price.
    DealDeclined {
        seat: Seat,
    },
    /// Insult or Challenge: the penalty paid in recorded Notoriety or Fame.
    PenaltyPaid {
        seat: Seat,
        fame: i32,
        notoriety: i32,
    },
    /// 7.12, 8.2.2: a Block/Battle result (or a refused penalty) in Daylight: the group or
    /// visitor blocks the character.
    BlockedByTrader {
        seat: Seat,
        by: crate::magic_realm::catalog::denizens::Trader,
        pieces: Vec<PieceId>,
    },
    /// 7.7: natives hired until Midnight of `lastDay`.
    NativesHired {
        seat: Seat,
        group: NativeGroup,
        natives: Vec<PieceId>,
        price: u32,
        #[serde(rename = "lastDay")]
        last_day: u8,
    },
    /// 7.7: hirelings move with the character who hired them.
    HirelingsMoved {
        seat: Seat,
        pieces: Vec<PieceId>,
        to: ClearingRef,
    },
    /// 7.7: the term of hire ends at Midnight; the natives are unhired where they stand.
    HireEnded {
        seat: Seat,
        natives: Vec<PieceId>,
    },
    /// 8.1.3: combat begins in a clearing with these characters.
    CombatBegins {
        at: ClearingRef,
        characters: Vec<Seat>,
    },
    /// 5.3: a round of combat begins.
    CombatRound {
        round: u16,
    },
    /// 8.3.4: a character lures a denizen onto his sheet.
    Lured {
        seat: Seat,
        denizen: PieceId,
    },
    /// 8.3.5: the random assignment rolls for a denizen (each seat's two dice).
    AssignmentRolled {
        denizen: PieceId,
        rolls: Vec<(Seat, Vec<u8>)>,
    },
    /// 8.3.5: a denizen is assigned to attack a character.
    Assigned {
        seat: Seat,
        denizen: PieceId,
    },
    /// 8.3.6: a character charges another with a Move chit.
    Charged {
        seat: Seat,
        target: Seat,
        chit: u8,
    },
    /// 8.3.6, 4.4.4: a character charges another in his Boots.
    ChargedInBoots {
        seat: Seat,
        target: Seat,
    },
    /// 8.3.6 b.4: a character charged another with his flying values.
    ChargedFlying {
        seat: Seat,
        target: Seat,
        with: crate::magic_realm::day::flying::FlySource,
    },
    /// 8.3.7, 8.4.5: a weapon turned over.
    WeaponTurned {
        seat: Seat,
        weapon: PieceId,
        alerted: bool,
    },
    /// 7.3.3: a character flew to `to` (with what: none when he flies down after flying
    /// away, 8.3.8 e.2).
    Flew {
        seat: Seat,
        to: crate::magic_realm::catalog::tiles::TileId,
        with: Option<crate::magic_realm::day::flying::FlySource>,
    },
    /// 7.3.3: a landing roll for the clearing of `tile`.
    LandingRolled {
        seat: Seat,
        tile: crate::magic_realm::catalog::tiles::TileId,
    },
    /// 7.2.2: a roll for the clearing of `tile` where an item abandoned in the air lands.
    ItemLandingRolled {
        seat: Seat,
        tile: crate::magic_realm::catalog::tiles::TileId,
    },
    /// 7.2.3, 4.4.8: a colour chit energized a Treasure card's Permanent spell for the day.
    ItemEnergized {
        seat: Seat,
        item: crate::magic_realm::catalog::items::TreasureId,
        chit: u8,
        colour: crate::magic_realm::catalog::common::MagicColor,
    },
    /// 7.3.3: a flier landed in `at`.
    Landed {
        seat: Seat,
        at: ClearingRef,
    },
    /// 6.2.5: a phase was recorded (or taken back) for a hired leader (private).
    LeaderActivityRecorded {
        leader: NativeId,
    },
    /// 6.3.1: an underling's standing order was changed (private).
    UnderlingAssigned {
        underling: NativeId,
        guide: crate::magic_realm::day::underlings::UnderlingGuide,
    },
    /// 6.3.1: these underlings follow their guides today.
    UnderlingsFollow {
        underlings: Vec<NativeId>,
    },
    /// 6.3.2: a hired leader follows a character today.
    LeaderFollows {
        leader: NativeId,
        guide: Seat,
    },
    /// 7.1.1: a hired leader's turn begins (his employer's seat decides for him).
    LeaderTurnBegins {
        seat: Seat,
        leader: NativeId,
    },
    /// 7.12: a hired leader blocked before his turn loses it.
    LeaderTurnLost {
        leader: NativeId,
    },
    /// A hired leader's phase did nothing.
    LeaderPhaseCancelled {
        leader: NativeId,
    },
    /// 7.3.1: the first of a hired leader's two Moves into a mountain clearing.
    LeaderClimbBegun {
        leader: NativeId,
        to: ClearingRef,
    },
    /// 7.3.1: a hired leader moved (with his horse).
    LeaderMoved {
        leader: NativeId,
        from: ClearingRef,
        to: ClearingRef,
    },
    /// 7.4: a hired leader's Hide roll.
    LeaderHideRolled {
        leader: NativeId,
        success: bool,
    },
    /// 7.12: monsters blocked a hired leader.
    LeaderBlocked {
        leader: NativeId,
    },
    /// 7.13: a hired leader's turn ended.
    LeaderTurnEnds {
        leader: NativeId,
    },
    /// 8.3.8: a character ran away onto the roadway from `from` toward `to`; the denizens
    /// on his sheet (`left`) stay behind, unassigned.
    RanAway {
        seat: Seat,
        with: crate::magic_realm::combat::ManeuverPlay,
        from: ClearingRef,
        to: ClearingRef,
        left: Vec<PieceId>,
    },
    /// 8.3.8e: a character flew away from `from` toward the tile `to`; the denizens on his
    /// sheet (`left`) stay behind, unassigned.
    FlewAway {
        seat: Seat,
        with: crate::magic_realm::day::flying::FlySource,
        from: ClearingRef,
        to: crate::magic_realm::catalog::tiles::TileId,
        left: Vec<PieceId>,
    },
    /// 8.4.2: the attention chits in the order they were picked.
    AttentionChitsPicked {
        order: Vec<Seat>,
    },
    /// 8.4.2: a character names his target.
    TargetSelected {
        seat: Seat,
        target: crate::magic_realm::combat::CombatTarget,
    },
    /// 8.4.5: a secret play (seen only by its player).
    PlayMade {
        seat: Seat,
    },
    /// 8.4.5: every character's plays, revealed together.
    PlaysRevealed {
        plays: Vec<(Seat, crate::magic_realm::combat::Plays)>,
    },
    /// 8.4.6, 8.4.9: a Melee Step roll (the dice are in the text).
    MeleeRoll {
        table: String,
    },
    /// 8.4.9: a horse killed.
    HorseKilled {
        horse: PieceId,
    },
    /// 8.4.9: armor damaged or destroyed.
    ArmorHit {
        piece: PieceId,
        destroyed: bool,
    },
    /// 4.4.3: a character activates a Potion; one applied to a weapon names it (`None`:
    /// his dagger).
    PotionUsed {
        seat: Seat,
        potion: PieceId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[tsify(optional)]
        weapon: Option<PieceId>,
    },
    /// 4.4.3: a used Potion goes face down to the box named on the card.
    PotionDiscarded {
        potion: PieceId,
        to: crate::magic_realm::pieces::Place,
    },
    /// 8.4.9, 8.5.3: a character takes a wound.
    Wounded {
        seat: Seat,
    },
    /// 8.4.7: a Tremendous monster turns red side up and holds a character.
    Holding {
        monster: PieceId,
        seat: Seat,
    },
    /// 8.4.7: a Tremendous monster turns red side up and holds a native (or another
    /// denizen) it hit without killing.
    HoldingDenizen {
        monster: PieceId,
        denizen: PieceId,
    },
    /// 8.3.6 a.8, 8.6: a red-side-up Tremendous monster on its own Melee Section still
    /// attacks the target it holds.
    StillHolding {
        monster: PieceId,
        target: crate::magic_realm::combat::CombatTarget,
    },
    /// 8.4.7: a Tremendous monster lets go of its target and turns red side down.
    LetGo {
        monster: PieceId,
    },
    /// 8.7: a denizen killed, with the spoils of the killing character (if any).
    Killed {
        victim: PieceId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[tsify(optional)]
        by: Option<Seat>,
        /// His share of the Fame bounty, multiplied by his kills (8.7), exactly.
        fame: crate::magic_realm::points::Points,
        /// His share of the Notoriety bounty, multiplied by his kills (8.7), exactly.
        notoriety: crate::magic_realm::points::Points,
        gold: i32,
    },
    /// 8.5.3: a chit wounded.
    ChitWounded {
        seat: Seat,
        chit: u8,
    },
    /// 4.2.5b: every chit wounded: the character dies.
    DiedOfWounds {
        seat: Seat,
    },
    /// 4.2.5: making change brings a chit back into play.
    ChitRefreshed {
        seat: Seat,
        chit: u8,
    },
    /// 8.3.9: a character plays a Magic chit to cast a spell.
    SpellCast {
        seat: Seat,
        spell: crate::magic_realm::catalog::magic::SpellId,
        chit: u8,
        time: u8,
    },
    /// 8.3.9c: a character plays an Artifact or Spell Book to cast one of its awakened
    /// spells (completion time 0).
    ItemSpellCast {
        seat: Seat,
        item: crate::magic_realm::catalog::items::TreasureId,
        spell: crate::magic_realm::catalog::magic::SpellId,
    },
    /// 8.4.2: a spellcaster names a target of his spell.
    SpellAimed {
        seat: Seat,
        aim: crate::magic_realm::combat::spells::SpellAim,
    },
    /// Violent Storm: its spellcaster's roll fixes the phases it takes.
    StormBrews {
        seat: Seat,
        phases_lost: u8,
    },
    /// Violent Storm: it strikes a character at the end of a phase of his turn.
    StormStrikes {
        seat: Seat,
        phases_lost: u8,
    },
    /// Violent Storm: he gives up this phase (from 0) of his turn.
    PhaseLostToStorm {
        seat: Seat,
        phase: u8,
    },
    /// 8.4.3: a spell comes to life.
    SpellWorks {
        seat: Seat,
        spell: crate::magic_realm::catalog::magic::SpellId,
    },
    /// 8.4.3: a faster spell cancels a slower one; its Magic chit fatigues.
    SpellCancelled {
        seat: Seat,
        spell: crate::magic_realm::catalog::magic::SpellId,
    },
    /// 4.6.9d: a spell is broken: its targets are released and its chit fatigues.
    SpellBroken {
        seat: Seat,
        spell: crate::magic_realm::catalog::magic::SpellId,
    },
    /// 4.6.6: a spell expires and its Magic chit fatigues.
    SpellExpired {
        seat: Seat,
        spell: crate::magic_realm::catalog::magic::SpellId,
    },
    /// Make Whole: a character's fatigued and wounded chits are active again and his
    /// damaged armor repaired.
    MadeWhole {
        seat: Seat,
        repaired: Vec<PieceId>,
    },
    /// Elven Grace: the target's move times are set by strength or size.
    Graced {
        target: crate::magic_realm::combat::CombatTarget,
    },
    /// Pentangle: the target is protected from Demons, the Imp and spells.
    Protected {
        target: crate::magic_realm::combat::CombatTarget,
    },
    /// 4.6.7a: a roll on the Curses Table and the curse it gives.
    Cursed {
        seat: Seat,
        curse: crate::magic_realm::catalog::tables::Curse,
    },
    /// 4.6.7a: a curse is removed.
    CurseRemoved {
        seat: Seat,
        curse: crate::magic_realm::catalog::tables::Curse,
    },
    /// 4.6.7b: a roll on the Power of the Pit Table.
    PitRolled {
        target: crate::magic_realm::combat::CombatTarget,
        result: crate::magic_realm::catalog::tables::PitResult,
    },
    /// Peace: a denizen stops attacking, or a character takes back his attention chit.
    Pacified {
        target: crate::magic_realm::combat::CombatTarget,
    },
    /// 8.3.4c: a character's hireling lures a denizen onto its own sheet.
    HirelingLured {
        seat: Seat,
        hireling: PieceId,
        denizen: PieceId,
    },
    /// 8.3.5 a.3: a denizen is assigned to attack a hidden character's hireling.
    AssignedToHireling {
        seat: Seat,
        hireling: PieceId,
        denizen: PieceId,
    },
    /// 8.3.6a: a character deploys his hireling against a character or denizen.
    Deployed {
        seat: Seat,
        hireling: PieceId,
        target: crate::magic_realm::combat::CombatTarget,
    },
    /// 8.3.6 a.4: a hireling (or its horse) is turned over.
    HirelingTurned {
        hireling: PieceId,
        dark: bool,
    },
    /// 8.4.2: a defending hireling's target.
    HirelingTargets {
        hireling: PieceId,
        target: PieceId,
    },
    /// 8.4.2g: treachery: a character's hirelings of a group rebel; he loses `fame`.
    Rebelled {
        seat: Seat,
        natives: Vec<PieceId>,
        fame: i32,
    },
    /// 8.7: a hired native is killed: he becomes unhired and his employer loses
    /// `notoriety`.
    HirelingKilled {
        seat: Seat,
        native: PieceId,
        notoriety: i32,
    },
    /// 8.7: a hireling's kill earns its employer the victim's basic bounty.
    HirelingKill {
        seat: Seat,
        victim: crate::magic_realm::combat::CombatTarget,
        /// The employer's share of the basic Fame bounty (8.7), exactly.
        fame: crate::magic_realm::points::Points,
        /// The employer's share of the basic Notoriety bounty (8.7), exactly.
        notoriety: crate::magic_realm::points::Points,
    },
    /// 8.8: combat in a clearing ends.
    CombatEnds {
        at: ClearingRef,
        rounds: u16,
    },
    GameEnded {
        scores: Vec<Score>,
    },
    /// 4.6.6h, 8.3.9a: a Permanent spell (cast by `seat`) is energized, by `by`'s colour
    /// chit, or by the colour magic supplied to its target.
    SpellEnergized {
        seat: Seat,
        spell: SpellId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[tsify(optional)]
        by: Option<Seat>,
    },
    /// 8.9: a Permanent spell (cast by `seat`) falls inert at Midnight.
    SpellInert {
        seat: Seat,
        spell: SpellId,
    },
    /// Melt into Mist: the target is mist and takes no part in combat.
    Misted {
        target: crate::magic_realm::combat::CombatTarget,
    },
    /// 4.6.8, Transform: the target becomes the creature rolled on the Transform Table.
    Transformed {
        target: crate::magic_realm::combat::CombatTarget,
        creature: crate::magic_realm::catalog::tables::Creature,
    },
    /// 4.6.8, Absorb Essence: the monster leaves play; the spellcaster becomes it.
    EssenceAbsorbed {
        seat: Seat,
        monster: crate::magic_realm::pieces::PieceId,
    },
    /// Absorb Essence broken: the absorbed monster appears in this clearing.
    EssenceReleased {
        monster: crate::magic_realm::pieces::PieceId,
        at: crate::magic_realm::map::ClearingRef,
    },
    /// 4.6.9c: `seat`'s Magic chits have these types now (altered, or reverted).
    ChitsAltered {
        seat: Seat,
        chits: Vec<(u8, crate::magic_realm::catalog::magic::MagicType)>,
    },
    /// 4.6.6f: `seat` activates the Phase spell `caster` cast on him.
    PhaseSpellActivated {
        seat: Seat,
        caster: Seat,
        spell: SpellId,
    },
    /// 4.4.3: `seat` drank a Potion that turned his `chits` wounded chits into fatigued ones.
    WoundsHealed {
        seat: Seat,
        item: crate::magic_realm::catalog::items::TreasureId,
        chits: u8,
    },
    /// 4.4.3: an active Potion makes `seat`'s Rest phase count as two: he rests again.
    RestCountsDouble {
        seat: Seat,
    },
    /// 7.5 (GAPS.md 4): a TWT card that must be shown at once is shown as it is drawn.
    TwtCardShown {
        seat: Seat,
        card: crate::magic_realm::catalog::items::TreasureId,
    },
    /// 2.3.7: the Remains of Thief or the Mouldy Skeleton goes out of play and its finder
    /// gets its gold and the pieces of its box.
    TwtExchanged {
        seat: Seat,
        card: crate::magic_realm::catalog::items::TreasureId,
        gold: u32,
        pieces: Vec<PieceId>,
    },
    /// 2.3.7: a Site card is put in the clearing of the site where it was found.
    SiteCardPlaced {
        card: crate::magic_realm::catalog::items::TreasureId,
        at: ClearingRef,
    },
    /// 7.5, 4.5.5: the seat discovers these Site cards (private).
    SiteCardsDiscovered {
        cards: Vec<crate::magic_realm::catalog::items::TreasureId>,
    },
    /// 7.5: the roll on a Site card's own table and its result.
    SiteCardSearched {
        seat: Seat,
        card: crate::magic_realm::catalog::items::TreasureId,
        table: TableId,
        roll: u8,
        result: crate::magic_realm::catalog::tables::SiteCardResult,
    },
    /// 2.3.7: the Chest is opened with the Lost Keys: it goes out of play and its holder
    /// gets its gold and the pieces inside.
    ChestOpened {
        seat: Seat,
        chest: crate::magic_realm::catalog::items::TreasureId,
        gold: u32,
        pieces: Vec<PieceId>,
    },
    /// The Enchanted Meadow's Heal: the seat's fatigued and wounded chits are fresh again.
    ChitsHealed {
        seat: Seat,
        chits: Vec<u8>,
    },
    /// Gold gained from a table (the Crypt of the Knight).
    GoldGained {
        seat: Seat,
        gold: u32,
    },
    /// The Toadstool Circle Table's 4: his Peer searches and Enchant activities may target
    /// any clearing today.
    PeerAnywhere {
        seat: Seat,
    },
    /// Unleash Power: `seat`'s Magic `chits` are Move/Fight chits of these strengths.
    ChitsUnleashed {
        seat: Seat,
        chits: Vec<(u8, crate::magic_realm::catalog::common::Size)>,
    },
    /// Unleash Power ended: `seat`'s Move/Fight `chits` are Magic chits again (4.6.9b).
    UnleashedChitsRevert {
        seat: Seat,
        chits: Vec<u8>,
    },
    /// Whistle for Monsters: the face-up Sound `chit` moved from tile `from` to `to`.
    SoundChitMoved {
        chit: crate::magic_realm::catalog::chits::MapChitId,
        from: crate::magic_realm::catalog::tiles::TileId,
        to: crate::magic_realm::map::ClearingRef,
    },
    /// Hurricane Winds: the denizen `piece` (with its head, club or horse) flies away from
    /// `from` toward the tile `to`.
    DenizenBlownAway {
        piece: crate::magic_realm::pieces::PieceId,
        from: crate::magic_realm::map::ClearingRef,
        to: crate::magic_realm::catalog::tiles::TileId,
    },
    /// Hurricane Winds: the denizen `piece` rolls for its landing clearing in `tile`.
    DenizenLandingRolled {
        piece: crate::magic_realm::pieces::PieceId,
        tile: crate::magic_realm::catalog::tiles::TileId,
    },
    /// Hurricane Winds: the denizen `piece` lands in `at` at the start of Daylight.
    DenizenLanded {
        piece: crate::magic_realm::pieces::PieceId,
        at: crate::magic_realm::map::ClearingRef,
    },
    /// Talk to Wise Bird: `seat` owes a remote Peer into any clearing.
    RemotePeerOwed {
        seat: Seat,
    },
    /// Talk to Wise Bird: a Fog leaves `seat` no clearing to peer into.
    RemotePeerLost {
        seat: Seat,
    },
    /// Premonition: `seat` keeps his attention chit out of the mix at Sunrise.
    ChitKeptOut {
        seat: Seat,
    },
    /// Premonition: `seat` preempts and takes his turn now.
    Preempted {
        seat: Seat,
    },
    /// Premonition: `seat` lets the next attention chit be picked.
    PreemptPassed {
        seat: Seat,
    },
    /// Premonition broken: `seat`'s attention chit is mixed in with those left.
    ChitMixedIn {
        seat: Seat,
    },
    /// Prophecy: `seat` chooses the activity of his next phase as he does it.
    ActivityChosen {
        seat: Seat,
        activity: crate::magic_realm::state::Activity,
    },
    /// Prophecy: `seat` does no more phases today.
    ProphecyTurnEnded {
        seat: Seat,
    },
    /// Prophecy broken before `seat` finished his turn: he is blocked.
    ProphecyBroken {
        seat: Seat,
    },
    /// Phantasm: `seat` recorded (or took back) a phase of his phantasm's turn (secret).
    PhantasmRecorded {
        seat: Seat,
    },
    /// Phantasm: `seat`'s phantasm takes its turn, just before his.
    PhantasmTurnBegins {
        seat: Seat,
    },
    /// Phantasm: `seat`'s phantasm is in clearing `at` after a Move phase.
    PhantasmMoved {
        seat: Seat,
        at: crate::magic_realm::map::ClearingRef,
    },
    /// Phantasm: its first Enchant phase is its meditation.
    PhantasmMeditated {
        seat: Seat,
    },
    /// Phantasm: `seat`'s phantasm's turn is over.
    PhantasmTurnEnds {
        seat: Seat,
    },
    /// Witch, Familiar: `seat` recorded (or took back) a phase of her familiar's turn
    /// (secret).
    FamiliarRecorded {
        seat: Seat,
    },
    /// Witch, Familiar: `seat`'s familiar takes its turn, just before hers (secret).
    FamiliarTurnBegins {
        seat: Seat,
    },
    /// Witch, Familiar: `seat`'s familiar is in clearing `at` after a Move (secret).
    FamiliarMoved {
        seat: Seat,
        at: crate::magic_realm::map::ClearingRef,
    },
    /// Witch, Familiar: `seat`'s familiar's turn is over (secret).
    FamiliarTurnEnds {
        seat: Seat,
    },
    /// 4.6.7b: `seat` rolled this Wish on the Wishes Table.
    WishGranted {
        seat: Seat,
        wish: crate::magic_realm::catalog::tables::Wish,
    },
    /// 4.6.7b: an individual teleports (a denizen to where it started the game).
    Teleported {
        target: crate::magic_realm::combat::CombatTarget,
        to: crate::magic_realm::pieces::Place,
    },
    /// 4.6.7b, You Were Elsewhere: `seat` names `target`.
    WishedAway {
        seat: Seat,
        target: crate::magic_realm::combat::CombatTarget,
    },
    /// 4.6.7b, Wish for Peace: combat ends for the day in `at`.
    PeaceWished {
        at: crate::magic_realm::map::ClearingRef,
    },
    /// 4.6.7b, Wish for a Vision: `seat` looks at the Treasure cards of `pile`.
    VisionPile {
        seat: Seat,
        pile: crate::magic_realm::pieces::Place,
    },
    /// 4.6.7b, Wish for a Vision (to its seat only): the Treasure cards, top first.
    VisionSeen {
        pile: crate::magic_realm::pieces::Place,
        cards: Vec<crate::magic_realm::pieces::PieceId>,
    },
    /// 4.6.7b: `seat`'s Tremendous Strength Wish is used.
    StrengthWishUsed {
        seat: Seat,
    },
    /// The Lost spell: `seat` rolled on the Lost Table: he moves to the adjacent clearing
    /// numbered `clearing` instead of the one he recorded.
    LostRolled {
        seat: Seat,
        clearing: u8,
    },
    /// Ask Demon: `seat` asks the Demon one question (public: what it is stays secret).
    DemonAsked {
        seat: Seat,
    },
    /// Ask Demon (to the asker and the player asked only): the question and its answer.
    DemonAnswered {
        question: crate::magic_realm::combat::spells::ask_demon::DemonQuestion,
        answer: crate::magic_realm::combat::spells::ask_demon::DemonAnswer,
    },
    /// The Magic Wand: `seat` set the red die to `value` before the roll.
    RedDieChosen {
        seat: Seat,
        value: u8,
    },
    /// 7.11d: `seat` opened the Vault or the Crypt of the Knight with the Tremendous
    /// strength of `underling`, a hired underling following him.
    UnderlingStrengthUsed {
        seat: Seat,
        underling: NativeId,
    },
    /// 8.3.6: a character charged another on his horse, galloping or walking.
    ChargedOnHorse {
        seat: Seat,
        target: Seat,
        galloping: bool,
    },
    /// 8.4.1 (seed 004): the horse a character played galloping in the Encounter Step
    /// turns over at the start of the Melee Step: it is walking side up.
    HorseTurnedOver {
        seat: Seat,
        horse: PieceId,
    },
    /// 8.4.7: a character transmorphized into a Tremendous monster hit `target` without
    /// killing him: his monster turns red side up and he holds him.
    CharacterHolding {
        seat: Seat,
        target: crate::magic_realm::combat::CombatTarget,
    },
    /// 8.4.7: a character transmorphized into a Tremendous monster lets go of his target:
    /// his monster turns red side down.
    CharacterLetGo {
        seat: Seat,
    },
    /// 6.2.5, 7.11: the controlled monsters in `seat`'s clearing follow him today.
    MonstersFollow {
        seat: Seat,
        monsters: Vec<crate::magic_realm::pieces::PieceId>,
    },
    /// 7.3.3: a controlled monster that cannot fly is left behind when `seat` flies: it
    /// stops following him.
    MonsterLeftBehind {
        seat: Seat,
        monster: crate::magic_realm::pieces::PieceId,
    },
    /// 7.2.1: `seat` gives his hired leader `hireling` a belonging or gold (a face-down
    /// Treasure card shows as `SecretCard`).
    GivenToHireling {
        seat: Seat,
        hireling: PieceId,
        gift: Gift,
    },
    /// 7.2.1: `seat` takes a belonging or gold back from his hired leader `hireling`.
    TakenFromHireling {
        seat: Seat,
        hireling: PieceId,
        gift: Gift,
    },
    /// 7.2.2, 8.7: what `hireling` carried is abandoned in his clearing (`piece`: `None`
    /// for a face-down Treasure card).
    HirelingAbandoned {
        hireling: PieceId,
        piece: Option<PieceId>,
    },
    /// 8.7: what `hireling` carried (`items` counters, `gold` gold) goes to `to`: a
    /// character, another hired leader, a native group's box; `None`: abandoned or
    /// vanished.
    HirelingSpoils {
        hireling: PieceId,
        to: HirelingSpoilsTo,
        items: u32,
        gold: i32,
    },
    /// 7.5, the Magic Sight table's 4 (to the searcher only): the Spell cards he perceives.
    SpellsPerceived {
        spells: Vec<crate::magic_realm::catalog::magic::SpellId>,
    },
    /// 4.4.3: `seat` activates `item` (the Withered Claw): a Wish and a Curse are rolled.
    WishAndCurse {
        seat: Seat,
        item: crate::magic_realm::catalog::items::TreasureId,
    },
    /// 4.6.7a, 4.6.9g: `seat`'s Amulet cancels the spell or curse `aim`.
    AmuletCancelled {
        seat: Seat,
        aim: crate::magic_realm::combat::spells::SpellAim,
    },
    /// The Flowers of Rest: `seat` falls asleep by `card` for the rest of his turn.
    FellAsleep {
        seat: Seat,
        card: crate::magic_realm::pieces::PieceId,
    },
    /// 8.1.1: `seat` wakes at Sunset; `chits` fatigued chits became active.
    WokeRefreshed {
        seat: Seat,
        chits: u32,
    },
    /// 6.2.5: a phase was recorded (or taken back) for a controlled monster (private).
    MonsterActivityRecorded {
        monster: PieceId,
    },
    /// 7.1.1: a controlled monster's turn begins (its controller's seat decides for it).
    MonsterTurnBegins {
        seat: Seat,
        monster: PieceId,
    },
    /// 7.12: a controlled monster blocked before its turn (or no longer controlled, or
    /// off the map) loses it.
    MonsterTurnLost {
        monster: PieceId,
    },
    /// A controlled monster's phase did nothing.
    MonsterPhaseCancelled {
        monster: PieceId,
    },
    /// 7.3.1: the first of a controlled monster's two Moves into a mountain clearing.
    MonsterClimbBegun {
        monster: PieceId,
        to: ClearingRef,
    },
    /// 7.3.1: a controlled monster moved (with its head or club).
    MonsterMoved {
        monster: PieceId,
        from: ClearingRef,
        to: ClearingRef,
    },
    /// 7.3.3: a controlled monster flew to `to`.
    MonsterFlew {
        monster: PieceId,
        to: TileId,
    },
    /// 7.3.3: a flying controlled monster's landing roll in `tile`.
    MonsterLandingRolled {
        monster: PieceId,
        tile: TileId,
    },
    /// 7.3.3: a flying controlled monster landed in `at`.
    MonsterLanded {
        monster: PieceId,
        at: ClearingRef,
    },
    /// 7.4: a controlled monster's Hide roll.
    MonsterHideRolled {
        monster: PieceId,
        success: bool,
    },
    /// 7.12: unhired, uncontrolled monsters blocked a controlled monster.
    MonsterBlocked {
        monster: PieceId,
    },
    /// 7.13: a controlled monster's turn ended.
    MonsterTurnEnds {
        monster: PieceId,
    },
    /// 7.12: an individual blocks another (mutual), a hired leader or a controlled monster
    /// being one of them (two characters: `CharacterBlocks`).
    IndividualBlocks {
        blocker: crate::magic_realm::state::Individual,
        target: crate::magic_realm::state::Individual,
    },
    /// 7.11: a hired leader following a guide became unhidden as his guide's turn began.
    LeaderUnhidden {
        leader: NativeId,
    },
    /// 6.2.7, 7.11: at Sunrise a character is revealed to follow a hired leader today.
    FollowsLeader {
        seat: Seat,
        leader: NativeId,
    },
    /// 7.11: a hired leader who is a guide starts this activity (revealed to everyone).
    LeaderGuideStarts {
        leader: NativeId,
        activity: Activity,
    },
    /// 6.2.5, 7.5: a hired leader's search roll (two dice, unmodified, 4.1.4).
    LeaderSearched {
        leader: NativeId,
        table: TableId,
        roll: u8,
        at: ClearingRef,
    },
    /// 7.5: a Choice row: the leader's employer picks the result.
    LeaderSearchChoiceOffered {
        leader: NativeId,
    },
    /// 7.5: the leader's search finds nothing.
    LeaderFoundNothing {
        leader: NativeId,
    },
    /// 7.5.1: the hidden paths or secret passages the leader discovers (to his employer).
    LeaderPathsDiscovered {
        leader: NativeId,
        paths: Vec<PathRef>,
    },
    /// 7.5.1: the treasure sites the leader discovers (to his employer).
    LeaderChitsDiscovered {
        leader: NativeId,
        chits: Vec<MapChitId>,
    },
    /// 7.5.1: the leader found hidden enemies today.
    LeaderFoundHiddenEnemies {
        leader: NativeId,
    },
    /// 7.5, 7.11d: the leader opens a site that must be opened (it stays open).
    LeaderOpenedSite {
        leader: NativeId,
        site: MapChitId,
    },
    /// 7.5: the leader loots an item (kind public; the piece goes to his employer).
    LeaderLooted {
        leader: NativeId,
        kind: PieceKind,
    },
    /// 8.3.4 c.3: a hidden hireling of `seat` (hired native or controlled monster) lured a
    /// denizen and became unhidden.
    HirelingUnhidden {
        seat: Seat,
        hireling: PieceId,
    },
    /// The Lost spell (card rule 2): a hired leader, controlled monster or phantasm rolled
    /// on the Lost Table: it moves to the adjacent clearing numbered `clearing`.
    MinionLostRolled {
        mover: crate::magic_realm::combat::spells::lost::LostMover,
        clearing: u8,
    },
    /// 7.12: a hired leader or controlled monster blocks the monsters in its clearing (at
    /// the end of its phase, or as they arrive at the end of a turn): they stop prowling,
    /// and it is blocked and unhidden. (A character blocking them: `Blocked`.)
    MinionBlocksMonsters {
        minion: PieceId,
        monsters: Vec<PieceId>,
    },
    /// 7.6, 7.7, 4.1.4: a hired leader's Meeting Table roll (two dice, unmodified), on
    /// the column of his employer's relationship with the trader.
    LeaderMeetingRolled {
        leader: NativeId,
        trader: crate::magic_realm::catalog::denizens::Trader,
        column: crate::magic_realm::catalog::tables::MeetingColumn,
        roll: u8,
        result: crate::magic_realm::catalog::tables::MeetingResult,
    },
    /// 7.6: a hired leader bought drinks for a native group with his gold.
    LeaderDrinksBought {
        leader: NativeId,
        group: NativeGroup,
        gold: u32,
    },
    /// 7.6: a hired leader bought an item (kind public; the piece is in his employer's
    /// log alone), now carried by him for his employer.
    LeaderItemBought {
        leader: NativeId,
        from: crate::magic_realm::catalog::denizens::Trader,
        kind: PieceKind,
        price: u32,
        boon: bool,
    },
    /// 7.6: a hired leader sold an item he carried; the gold is recorded on his sheet.
    LeaderItemSold {
        leader: NativeId,
        to: crate::magic_realm::catalog::denizens::Trader,
        kind: PieceKind,
        price: u32,
        fame: u32,
    },
    /// 7.12: a trader's Block/Battle blocked a hired leader (unhidden, his turn ends);
    /// `pieces` stop prowling.
    LeaderBlockedByTrader {
        leader: NativeId,
        by: crate::magic_realm::catalog::denizens::Trader,
        pieces: Vec<PieceId>,
    },
    /// 6.3.2: a hired leader follows a hired leader (his employer's or another's) today.
    LeaderFollowsLeader {
        leader: NativeId,
        guide: NativeId,
    },
    /// 4.5.5b: spying, a hired leader discovers the Site cards looted (to his employer).
    LeaderSiteCardsDiscovered {
        leader: NativeId,
        cards: Vec<crate::magic_realm::catalog::items::TreasureId>,
    },
    /// 7.2.1: the hired leader or controlled monster `hireling` gives `to` a belonging or
    /// gold it carried (a face-down Treasure card shows as `SecretCard`).
    HirelingGave {
        hireling: PieceId,
        to: crate::magic_realm::actions::Receiver,
        gift: Gift,
    },
    /// 7.3.3, 4.6.8: a hired leader transmorphized into a flying creature flew to `to` (on
    /// his own turn, or with the guide he follows).
    LeaderFlew {
        leader: NativeId,
        to: TileId,
    },
    /// 7.3.3: a flying hired leader's landing roll in `tile`.
    LeaderLandingRolled {
        leader: NativeId,
        tile: TileId,
    },
    /// 7.3.3: a flying hired leader landed in `at`.
    LeaderLanded {
        leader: NativeId,
        at: ClearingRef,
    },
    /// 7.3.3, 7.11a: a hired leader who cannot fly is left behind by the flying guide he
    /// followed: he stops following, and his turn ends.
    LeaderLeftBehind {
        leader: NativeId,
    },
    /// 6.2.5, 6.3.2: a controlled monster follows a hired leader today.
    MonsterFollowsLeader {
        monster: PieceId,
        leader: NativeId,
    },
    /// 6.2.5, 7.5: a controlled monster searches (two dice, unmodified).
    MonsterSearched {
        monster: PieceId,
        table: TableId,
        roll: u8,
        at: ClearingRef,
    },
    /// 7.5: a Choice row: the monster's controller picks the result.
    MonsterSearchChoiceOffered {
        monster: PieceId,
    },
    /// 7.5: the monster's search finds nothing.
    MonsterFoundNothing {
        monster: PieceId,
    },
    /// 7.5.1: the hidden paths or secret passages the monster discovers (to its
    /// controller).
    MonsterPathsDiscovered {
        monster: PieceId,
        paths: Vec<PathRef>,
    },
    /// 7.5.1: the treasure sites the monster discovers (to its controller).
    MonsterChitsDiscovered {
        monster: PieceId,
        chits: Vec<MapChitId>,
    },
    /// 7.5.1: the monster found hidden enemies today.
    MonsterFoundHiddenEnemies {
        monster: PieceId,
    },
    /// 7.5: the monster opens a site that must be opened (it stays open).
    MonsterOpenedSite {
        monster: PieceId,
        site: MapChitId,
    },
    /// 7.5: the monster loots an item (kind public; the piece goes to what it carries).
    MonsterLooted {
        monster: PieceId,
        kind: PieceKind,
    },
    /// 7.3.3, 7.11: a controlled monster that cannot fly is left behind when the hired
    /// leader it follows flies: it stops following him.
    MonsterLeftBehindByLeader {
        leader: NativeId,
        monster: PieceId,
    },
    /// Absorb Essence, 4: the energized spell's item, held by no character, becomes its
    /// monster: the item is set aside with the spell, the monster stands in this clearing.
    ItemBecameMonster {
        item: crate::magic_realm::catalog::items::TreasureId,
        monster: PieceId,
        at: crate::magic_realm::map::ClearingRef,
    },
    /// Absorb Essence, 4: the item reappears in this clearing, where its monster stood (the
    /// monster back in the spell's box, or killed, or freed as the spell breaks).
    MonsterBecameItem {
        item: crate::magic_realm::catalog::items::TreasureId,
        monster: PieceId,
        at: crate::magic_realm::map::ClearingRef,
    },
}

/// 8.7: where a hired leader's belongings and gold go when he dies or is unhired.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "to", rename_all = "camelCase")]
pub enum HirelingSpoilsTo {
    /// The killing character takes them.
    Character { seat: Seat },
    /// The killing hired leader keeps them for his employer.
    Hireling { hireling: PieceId },
    /// The belongings go to this native group's box; the gold vanishes.
    NativeBox {
        group: crate::magic_realm::catalog::denizens::NativeGroup,
    },
    /// The belongings are abandoned in his clearing; the gold vanishes.
    Abandoned,
}
