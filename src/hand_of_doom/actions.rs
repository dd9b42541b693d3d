//! What a player can do ([1]-[12]: one decision per action) and what the log records.

use crate::engine::dice::Roll;
use crate::engine::Seat;
use crate::hand_of_doom::attributes::{Condition, TestResult};
use crate::hand_of_doom::content::{
    DangerId, EncounterId, HodMonsterId, Level, LootId, SignId, SkillId, SpaceId,
};
use crate::hand_of_doom::fight::{CombatStance, FoeCard};
use crate::hand_of_doom::state::{LevelKey, MapStance};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// The weapon of an attack ([10] 5, [11]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "kind")]
pub enum AttackWith {
    /// A weapon the adventurer carries.
    Item { item: LootId },
    /// An Unarmed Strike with AGI.
    UnarmedAgi,
    /// An Unarmed Strike with STR.
    UnarmedStr,
}

/// One decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "type", deny_unknown_fields)]
pub enum HodAction {
    /// [1] (or [2] after leaving a party) the party's Map Stance.
    ChooseStance { stance: MapStance },
    /// [2] Travel to an adjacent space.
    FootTravel { to: SpaceId },
    /// [2] Two spaces along roads or explored paths; a CON test or Fatigued.
    ForceMarch { to: SpaceId },
    /// [2] From a Lake Port to another.
    LakePortTravel { to: SpaceId },
    /// [2] From a River Port to the port downriver, 2 GP.
    RiverPortTravel { to: SpaceId },
    /// [2] Between a Voidgate and the Maze.
    VoidTravel { to: SpaceId },
    /// [2] Make camp or stay in town ([3]).
    Rest,
    /// [3] Required first: MRL test to remove Wounds, then Status Conditions.
    Recover,
    /// [3] PER test: an Explored counter here.
    Explore,
    /// [3] Spend XP to learn a Skill.
    Improve { skill: SkillId },
    /// [3] Spend XP to learn the Mastery of a Skill held.
    Master { skill: SkillId },
    /// [3] Pay GP: Town Level up (Bounty Level down in a Lowlands Settlement).
    Invest,
    /// [3] Draw Loot cards equal to the Town Level.
    Trade,
    /// [3] Buy a drawn item.
    Buy { item: LootId },
    /// [3] Sell an item carried (half its price, rounded down).
    Sell { item: LootId },
    /// [3] Done trading: the unbought items are discarded.
    DoneTrading,
    /// [3] No more Rest Actions.
    EndRest,
    /// [6] Hunt or Stealth: every member rolls PER.
    RollForStance,
    /// [6] Keep the Danger card's value.
    KeepDangerValue,
    /// [6]/[7] Attempt to dispel the Hand of Doom or the Voidgate (a test by `by`).
    AttemptDispel { by: Seat },
    /// [6]/[7] No dispel attempt.
    DeclineDispel,
    /// [9] One adventurer's MRL test to bribe the Law.
    AttemptBribe { by: Seat },
    /// [9] Fight the Law.
    FightLaw,
    /// [9] Surrender: the mission ends (capture).
    Surrender,
    /// [9] Pay the bribe: the Law cards are discarded.
    PayBribe,
    /// [10] 4 The Combat Stance for this turn.
    ChooseCombatStance { stance: CombatStance },
    /// [10] 5 Attack & Target.
    Attack { with: AttackWith, target: u8 },
    /// [10] 5 Combat Action: Escape (AGI test).
    Escape,
    /// [10] 5 Combat Action: use an item (a bomb or a tonic).
    UseItem { item: LootId },
    /// [10] Escape: an escaped adventurer returns to the fight on a later turn.
    ReturnToFight,
    /// [10] Escape: an escaped adventurer stays out of the fight this turn.
    StayOut,
}

/// Any card, as the log names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "deck")]
pub enum CardRef {
    Danger { card: DangerId },
    Encounter { card: EncounterId },
    Monster { card: HodMonsterId },
    Loot { card: LootId },
    Sign { card: SignId },
}

/// Which side won a fight ([13]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
pub enum Victory {
    Party,
    Monsters,
}

/// What happened (in the engine's `GameEvent`, with the step id and a sentence).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "type")]
pub enum HodEvent {
    TurnBegan {
        turn: u8,
    },
    StanceChosen {
        members: Vec<Seat>,
        stance: MapStance,
    },
    Travelled {
        seat: Seat,
        to: SpaceId,
    },
    Resting {
        seat: Seat,
    },
    /// An attribute test.
    Tested {
        seat: Seat,
        result: TestResult,
    },
    /// Dice other than a test (power, attack).
    Rolled {
        seat: Seat,
        roll: Roll,
    },
    Wounded {
        seat: Seat,
        wounds: u8,
        total: u8,
    },
    Healed {
        seat: Seat,
        wounds: u8,
    },
    ConditionGained {
        seat: Seat,
        condition: Condition,
        cancelled: bool,
    },
    ConditionsCleared {
        seat: Seat,
    },
    GpChanged {
        seat: Seat,
        gp: u32,
    },
    XpChanged {
        seat: Seat,
        xp: u32,
    },
    ItemGained {
        seat: Seat,
        item: LootId,
    },
    ItemLost {
        seat: Seat,
        item: LootId,
    },
    SkillLearned {
        seat: Seat,
        skill: SkillId,
        mastery: bool,
    },
    LevelChanged {
        key: LevelKey,
        level: Level,
    },
    BountyChanged {
        bounty: u8,
    },
    HandMoved {
        to: Option<SpaceId>,
    },
    CounterChanged {
        space: SpaceId,
        counter: String,
        placed: bool,
    },
    CardDrawn {
        card: CardRef,
    },
    CardDiscarded {
        card: CardRef,
    },
    DangerValue {
        value: u8,
        safe: bool,
    },
    FoeJoined {
        slot: u8,
        card: FoeCard,
    },
    FoeTargets {
        slot: u8,
        targets: Vec<Seat>,
    },
    FoeWounded {
        slot: u8,
        wounds: u8,
        total: u8,
    },
    FoeHealed {
        slot: u8,
        wounds: u8,
    },
    FoeDestroyed {
        slot: u8,
        by: Option<Seat>,
    },
    FoeLeft {
        slot: u8,
    },
    CombatStanceChosen {
        seat: Seat,
        stance: CombatStance,
    },
    Escaped {
        seat: Seat,
    },
    Returned {
        seat: Seat,
    },
    Defeated {
        seat: Seat,
    },
    Killed {
        seat: Seat,
    },
    FightEnded {
        victory: Victory,
    },
    GameEnded {
        won: bool,
    },
    /// A step passed without a decision (a sentence says what).
    Step,
}
