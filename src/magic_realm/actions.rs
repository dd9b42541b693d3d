//! What a player can do. Every choice is one small action, so `legalActions` lists each
//! alternative. The log's events are in `events` (re-exported here).

use crate::engine::Seat;
use crate::magic_realm::catalog::characters::{CharacterId, StartLocation};
use crate::magic_realm::catalog::chits::MapChitId;
use crate::magic_realm::catalog::denizens::NativeGroup;
use crate::magic_realm::catalog::items::TreasureId;
use crate::magic_realm::catalog::magic::SpellId;
use crate::magic_realm::catalog::tables::SearchPick;
use crate::magic_realm::map::{ClearingRef, PathRef};
use crate::magic_realm::pieces::{Facing, PieceId, VisitorChitId};
use crate::magic_realm::state::{Activity, BlockOrder, EquipmentNeed, VictoryCategory};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// One player's action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "type", deny_unknown_fields)]
pub enum MagicRealmAction {
    /// 3.3.1: play this character.
    ChooseCharacter {
        character: CharacterId,
    },
    /// 3.3.2: take the starting item from this native group.
    TakeEquipment {
        item: EquipmentNeed,
        from: NativeGroup,
    },
    /// 3.4: put a visitor/mission chit, with the given face up (`light` = its first face),
    /// in an empty box of the Appearance Chart's bottom row.
    PlaceVisitorChit {
        chit: VisitorChitId,
        facing: Facing,
        #[serde(rename = "box")]
        box_number: u8,
    },
    /// 3.3.3: record one starting spell.
    RecordSpell {
        spell: SpellId,
    },
    /// 3.3.4: turn a Magic chit symbol side up (index into the character's 12 chits).
    EnchantChit {
        chit: u8,
    },
    /// 3.3.4: no more chits to enchant.
    FinishEnchanting,
    /// 3.3.5: start at this Dwelling.
    ChooseStart {
        start: StartLocation,
    },
    /// 3.3.6: assign one Victory Point to a category.
    AssignVictoryPoint {
        category: VictoryCategory,
    },
    /// Clear this seat's secret records and choose again.
    ReviseChoices,
    /// The seat's secret records are final (3.6.1: no changes once the Valley chits turn up).
    ConfirmChoices,
    /// 6.2.3: record the activity for the next phase (in secret).
    RecordActivity {
        activity: Activity,
    },
    /// 6.2.4: take back the last recorded phase.
    TakeBackActivity,
    /// 6.2.3: the turn is recorded (the remaining phases stay blank).
    /// 6.2.5: record the next phase of his hired leader's turn.
    RecordLeaderActivity {
        leader: crate::magic_realm::catalog::denizens::NativeId,
        activity: Activity,
    },
    /// 6.2.5: take back the last phase recorded for his hired leader.
    TakeBackLeaderActivity {
        leader: crate::magic_realm::catalog::denizens::NativeId,
    },
    /// 6.3.1: order his hired underling to follow this guide each day (or to stay).
    AssignUnderling {
        underling: crate::magic_realm::catalog::denizens::NativeId,
        guide: crate::magic_realm::day::underlings::UnderlingGuide,
    },
    FinishRecording,
    /// 9.1.2: the player of a dead character starts again with this character.
    FreshStart {
        character: CharacterId,
    },
    /// 9.1.2: the player of a dead character stays out today.
    StayOut,
    /// 9.2.1: vote (or withdraw the vote) to end the game now; it ends when everyone
    /// still playing has voted by the end of Birdsong.
    VoteToEnd {
        vote: bool,
    },
    /// 9.2.2: declare (or retract) that the character takes his own life at Midnight.
    DeclareSuicide {
        declare: bool,
    },
    /// 7.12: a blocking order for the day, given with the record (in secret).
    GiveBlockOrder {
        order: BlockOrder,
    },
    /// 7.12: withdraw a blocking order before the record is done.
    WithdrawBlockOrder {
        order: BlockOrder,
    },
    /// 7.0: do the phase's recorded activity as recorded (or, when it has become
    /// impossible, let it be cancelled).
    Proceed,
    /// 7.5: search with this table.
    Search {
        search: SearchChoice,
    },
    /// 7.5: pick one row of a Choice result.
    ChooseSearchResult {
        pick: SearchPick,
    },
    /// Violent Storm: give up this phase (from 0) of his turn to the storm.
    LoseToStorm {
        phase: u8,
    },
    /// 7.8: rest this chit (index into the 12 chits), making change with `change`.
    Rest {
        chit: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[tsify(optional)]
        change: Option<u8>,
    },
    /// 7.9: turn the active weapon alerted or unalerted side up.
    AlertWeapon {
        alerted: bool,
    },
    /// 7.9: alert a Magic chit.
    AlertChit {
        chit: u8,
    },
    /// 7.10: turn this Magic chit into a colour chit, or (`tile`) use it to turn the
    /// tile over.
    Enchant {
        chit: u8,
        tile: bool,
    },
    /// 7.2.4: take this mission or campaign chit from his clearing.
    TakeChit {
        chit: VisitorChitId,
    },
    /// 7.2.4: abandon his campaign (none of its foes is on the map).
    AbandonCampaign,
    /// 7.11: keep following the guide into the activity he starts.
    KeepFollowing,
    /// 7.11: stop following: the follower's turn ends where the guide's phase began.
    StopFollowing,
    /// 7.11f: a following character does not share the guide's Rest or Alert.
    SkipSharing,
    /// 7.6: the deal of a Trade phase.
    Trade {
        deal: crate::magic_realm::day::meeting::TradeChoice,
    },
    /// 7.7: the natives a Hire phase tries to hire.
    Hire {
        hire: crate::magic_realm::day::meeting::HireChoice,
    },
    /// 7.6, 7.7: the answer to a Meeting Table result (pay, take a boon, decline, pay or
    /// refuse the penalty of an Insult or Challenge).
    AnswerMeeting {
        answer: crate::magic_realm::day::meeting::MeetingAnswer,
    },
    /// 8.2.2: roll on the Meeting Table to see whether this group battles him, buying
    /// drinks first if `drinks`.
    RollForBattling {
        group: NativeGroup,
        drinks: bool,
    },
    /// 8.2.2: pay the recorded points an Insult or Challenge costs (else the group
    /// battles him).
    BattlingPenalty {
        pay: bool,
    },
    /// 7.2.1, 4.5.4: at the start of a phase, give something to a character in his
    /// clearing.
    Give {
        to: Seat,
        gift: Gift,
    },
    /// 8.3.4: lure this monster or unhired native onto his sheet.
    Lure {
        denizen: PieceId,
    },
    /// 8.3.4: lure no more this round.
    EndLuring,
    /// 8.3.6: charge this character with this Move chit.
    Charge {
        target: Seat,
        chit: u8,
    },
    /// 8.3.6, 4.4.4: charge this character with his active Boots card in place of a Move
    /// chit.
    ChargeInBoots {
        target: Seat,
    },
    /// 8.3.6 b.4: charge this character with his flying values (a Fly chit or the Flying
    /// Carpet), staying in the clearing.
    ChargeFlying {
        target: Seat,
        with: crate::magic_realm::day::flying::FlySource,
    },
    /// 8.3.6: end his Deployment.
    EndDeployment,
    /// 8.3.7: play this Fight chit to turn his active weapon over.
    TurnWeapon {
        chit: u8,
    },
    /// 8.3.8: as his action, run away with a Move chit, his active Boots card or his
    /// horse, onto the roadway toward `to`.
    RunAway {
        with: crate::magic_realm::combat::ManeuverPlay,
        to: ClearingRef,
    },
    /// 8.3.8e: as his Encounter action, fly away with these flying values toward the
    /// adjacent tile `to`.
    FlyAway {
        with: crate::magic_realm::day::flying::FlySource,
        to: crate::magic_realm::catalog::tiles::TileId,
    },
    /// 8.3.7: instead of an action, activate one belonging and deactivate one, or abandon
    /// any number.
    EncounterItem {
        piece: PieceId,
        change: BelongingChange,
    },
    /// 8.3.7: end his Encounter actions.
    EndActions,
    /// 8.3.9b: as his action, play this Magic chit to cast the spell recorded in this
    /// spell box, supplied with colour magic by the clearing or by his own colour chit.
    CastSpell {
        spell_box: u8,
        chit: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[tsify(optional)]
        colour_chit: Option<u8>,
    },
    /// 8.3.9c, 4.6.5: as his action, play this active Artifact or Spell Book like a Magic
    /// chit to cast one of its awakened spells of the item's own type, with completion time
    /// 0 (8.3.7 a.2: nothing on his sheet can stop it), supplied with colour magic by the
    /// clearing or by his own colour chit. Each item once per Evening (c.4).
    CastFromItem {
        item: TreasureId,
        spell: SpellId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[tsify(optional)]
        colour_chit: Option<u8>,
    },
    /// 8.4.2: name a target of the spell he cast.
    AimSpell {
        aim: crate::magic_realm::combat::spells::SpellAim,
    },
    /// 8.4.2: his spell's targets are all named.
    EndAim,
    /// 8.4.2: attack this character or denizen this round.
    SelectTarget {
        target: crate::magic_realm::combat::CombatTarget,
    },
    /// 8.4.2: leave his attention chit unplayed.
    NoTarget,
    /// 8.4.5: play this Fight chit (with his weapon, or the dagger) in an Attack circle.
    PlayAttack {
        chit: u8,
        lane: crate::magic_realm::combat::melee::Lane,
    },
    /// 4.4.5: play his active Gloves card as a Fight chit (with his weapon, or the dagger)
    /// in an Attack circle.
    PlayGloves {
        lane: crate::magic_realm::combat::melee::Lane,
    },
    /// 4.6.8d: transmorphized, attack with his creature's values from this Attack circle.
    PlayCreatureAttack {
        lane: crate::magic_realm::combat::melee::Lane,
    },
    /// 8.4.4: direct his working Attack spell from this Attack circle.
    PlaySpellAttack {
        lane: crate::magic_realm::combat::melee::Lane,
    },
    /// 8.4.5: play a Move chit or his horse in a Maneuver square.
    PlayManeuver {
        with: crate::magic_realm::combat::ManeuverPlay,
        lane: crate::magic_realm::combat::melee::Lane,
    },
    /// 8.4.5: play his active shield in a lane.
    PlaceShield {
        lane: crate::magic_realm::combat::melee::Lane,
    },
    /// 8.4.5: put a denizen (or its horse, head or club) on his sheet in a red box.
    PlaceDenizen {
        denizen: PieceId,
        lane: crate::magic_realm::combat::melee::Lane,
    },
    /// 8.4.5: take back the plays made so far (before they are revealed).
    TakeBackPlays,
    /// 8.4.5: his plays are made.
    EndPlays,
    /// 8.8: he has finished trading and rearranging at the end of combat.
    EndTrading,
    /// 8.5.1: fatigue this chit.
    FatigueChit {
        chit: u8,
    },
    /// 8.5.3: wound this chit.
    WoundChit {
        chit: u8,
    },
    /// 7.2.2: at the start of a phase, activate, deactivate or abandon a belonging.
    Rearrange {
        piece: PieceId,
        change: BelongingChange,
    },
    /// 8.3.4c: his hireling lures this denizen onto a Melee Section of its own.
    HirelingLure {
        hireling: PieceId,
        denizen: PieceId,
    },
    /// 8.3.5 a.3: the denizen randomly assigned to him (hidden) attacks this hireling.
    AssignToHireling {
        denizen: PieceId,
        hireling: PieceId,
    },
    /// 8.3.6a: deploy his hireling to attack this character or denizen.
    Deploy {
        hireling: PieceId,
        target: crate::magic_realm::combat::CombatTarget,
    },
    /// 8.3.6 a.4: turn his hireling (or its horse) over: a deployed attacker at once, a
    /// defender on its own sheet in secret with his plays.
    TurnHireling {
        hireling: PieceId,
    },
    /// 8.4.2: his hireling defending on its own sheet attacks this attacker there.
    HirelingTarget {
        hireling: PieceId,
        target: PieceId,
    },
    /// 8.3.9a: on his turn in the Encounter Step, play this colour chit to energize the
    /// inert Permanent spell `caster` cast from `spell_box` (not his action); 7.2.3: or at
    /// the start of a phase of his turn.
    EnergizeSpell {
        caster: Seat,
        spell_box: u8,
        colour_chit: u8,
    },
    /// 7.2.3, 4.4.8: at the start of a phase, play this colour chit to energize the
    /// Permanent spell of his Treasure card `item` (the Flying Carpet) for the rest of the
    /// day.
    EnergizeItem {
        item: crate::magic_realm::catalog::items::TreasureId,
        colour_chit: u8,
    },
    /// 7.2.3e: at the start of a phase, play this colour chit for nothing: it reverts to a
    /// magic chit and fatigues.
    PlayColourChit {
        colour_chit: u8,
    },
    /// 4.6.6f: activate, like an item, the Phase spell `caster` cast on him from
    /// `spell_box` (Protection from Magic): at the start of a phase, or as his Encounter
    /// action.
    ActivatePhaseSpell {
        caster: Seat,
        spell_box: u8,
    },
    /// The Toadstool Circle Table's 3: teleport to this cave clearing.
    Teleport {
        to: ClearingRef,
    },
    /// The Toadstool Circle Table's 4 (7.10): enchant, with Magic chit `chit`, the tile of
    /// another clearing `at`, supplied there with the chit's colour or with a colour chit.
    EnchantTileAt {
        chit: u8,
        at: ClearingRef,
    },
    /// 8.4.2, Hurricane Winds: name the target of the spell he cast and the adjacent tile
    /// `to` it will fly to.
    AimSpellToward {
        aim: crate::magic_realm::combat::spells::SpellAim,
        to: crate::magic_realm::catalog::tiles::TileId,
    },
    /// Talk to Wise Bird: do the remote Peer in this clearing (any on the map).
    RemotePeer {
        at: ClearingRef,
    },
    /// Premonition: take his turn now, before the next attention chit is picked.
    Preempt,
    /// Premonition: let the next attention chit be picked.
    PassPreempt,
    /// Prophecy: do this activity in the phase he is starting.
    ChooseActivity {
        activity: Activity,
    },
    /// Prophecy: do no more phases today (the rest stay blank).
    EndProphecyTurn,
    /// Phantasm: record the next phase of his phantasm's turn (Move, Search for its Peer,
    /// or Enchant).
    RecordPhantasmActivity {
        activity: Activity,
    },
    /// Phantasm: take back the last phase recorded for his phantasm.
    TakeBackPhantasmActivity,
    /// Witch, Familiar: record the next phase of her familiar's turn (Move, Search for its
    /// Peer, or Follow as its whole turn).
    RecordFamiliarActivity {
        activity: crate::magic_realm::state::Activity,
    },
    /// Witch, Familiar: take back the last phase recorded for her familiar.
    TakeBackFamiliarActivity,
    /// 4.6.7b, I Wish I Were Elsewhere: teleport to this clearing.
    WishTeleport {
        to: ClearingRef,
    },
    /// 4.6.7b, I Wish You Were Elsewhere: this character, monster or native in his
    /// clearing teleports.
    WishAway {
        target: crate::magic_realm::combat::CombatTarget,
    },
    /// 4.6.7b, Wish for a Vision: look at the Treasure cards of this Setup Card pile.
    WishVision {
        pile: crate::magic_realm::pieces::Place,
    },
    /// The Lost spell: move to this one of the adjacent clearings bearing the number
    /// rolled on the Lost Table.
    LostWay {
        to: ClearingRef,
    },
    /// Ask Demon: ask this question; the answer comes to him alone.
    AskDemon {
        question: crate::magic_realm::combat::spells::ask_demon::DemonQuestion,
    },
    /// The Magic Wand: the red die shows this value; the other die is rolled.
    ChooseRedDie {
        value: u8,
    },
    /// The Amulet (4.6.7a, 4.6.9g): cancel this spell in effect or this character's curse,
    /// in his clearing.
    AmuletCancels {
        aim: crate::magic_realm::combat::spells::SpellAim,
    },
    /// 8.3.6, seed 004: charge this character on his active horse, played galloping or
    /// walking side up, in place of a Move chit.
    ChargeOnHorse {
        target: Seat,
        galloping: bool,
    },
    /// 8.4.7: transmorphized into a monster with a head or club, attack with the head or
    /// club from this Attack circle (not the one his creature attacks from).
    PlayPartAttack {
        lane: crate::magic_realm::combat::melee::Lane,
    },
    /// 7.2.1: at the start of a phase of his turn, give a belonging or gold to his hired
    /// leader in his clearing (it carries it for him).
    GiveToHireling {
        hireling: PieceId,
        gift: Gift,
    },
    /// 7.2.1: at the start of a phase of his turn, take a belonging or gold back from his
    /// hired leader in his clearing.
    TakeFromHireling {
        hireling: PieceId,
        gift: Gift,
    },
    /// 7.2.2: at the start of a phase of his hired leader's turn, the employer has the
    /// leader abandon one of the belongings he carries in his clearing (the only
    /// rearranging a hired leader does). `Proceed` goes on with the phase.
    HirelingAbandons {
        hireling: PieceId,
        piece: PieceId,
    },
    /// 7.5, the Magic Sight table's 2 to 4: where he takes the top counter or Treasure
    /// card from, whose spells he perceives, or which perceived spell he learns.
    ChooseMagicSight {
        pick: SightPick,
    },
    /// 6.2.5: record the next phase of his controlled monster's turn.
    RecordMonsterActivity {
        monster: PieceId,
        activity: Activity,
    },
    /// 6.2.5: take back the last phase recorded for his controlled monster.
    TakeBackMonsterActivity {
        monster: PieceId,
    },
    /// 6.2.5, 7.5: at his hired leader's Search phase, the table the leader searches on
    /// (Peer in his clearing, Locate, Loot of a site he has discovered there or of the
    /// abandoned items).
    LeaderSearch {
        leader: crate::magic_realm::catalog::denizens::NativeId,
        search: SearchChoice,
    },
    /// 7.5: pick one row of a Choice result for his hired leader's search.
    ChooseLeaderSearchResult {
        leader: crate::magic_realm::catalog::denizens::NativeId,
        pick: SearchPick,
    },
    /// 6.2.5, 7.6: at his hired leader's Trade phase, the deal the leader makes for him
    /// (buy with a Meeting Table roll, sell what he carries, or repay a boon) with his own
    /// gold. `Proceed` makes no deal.
    LeaderTrade {
        leader: crate::magic_realm::catalog::denizens::NativeId,
        deal: crate::magic_realm::day::meeting::TradeChoice,
    },
    /// 6.2.5, 7.7: at his hired leader's Hire phase, the natives the leader tries to hire
    /// for him (a Meeting Table roll; wages from the leader's gold). `Proceed` hires no one.
    LeaderHire {
        leader: crate::magic_realm::catalog::denizens::NativeId,
        hire: crate::magic_realm::day::meeting::HireChoice,
    },
    /// 7.6, 7.7: the employer's answer to the Meeting Table result his hired leader rolled.
    AnswerLeaderMeeting {
        leader: crate::magic_realm::catalog::denizens::NativeId,
        answer: crate::magic_realm::day::meeting::MeetingAnswer,
    },
    /// Absorb Essence, 2 and 2.1: as he makes his plays, turn over the Medium or Heavy
    /// monster he is, or the Tremendous one red side down once it is red side up (before
    /// he plays its dummy chits), or its head or club (before he plays its attack); again
    /// to turn it back. Secret until the plays are revealed.
    TurnAbsorbed {
        piece: PieceId,
    },
    /// 7.2.1: at the start of a phase of his hired leader's or controlled monster's own
    /// turn (or his turn to trade at the end of combat, 8.8), its employer has it give a
    /// belonging or gold it carries to a character, hired leader or controlled monster in
    /// its clearing.
    HirelingGives {
        hireling: PieceId,
        to: Receiver,
        gift: Gift,
    },
    /// 6.2.5, 7.5: at his controlled monster's Search phase, the table the monster searches
    /// on (Peer in its clearing, Locate, Loot of a site it has discovered there or of the
    /// abandoned items).
    MonsterSearch {
        monster: PieceId,
        search: SearchChoice,
    },
    /// 7.5: pick one row of a Choice result for his controlled monster's search.
    ChooseMonsterSearchResult {
        monster: PieceId,
        pick: SearchPick,
    },
}

/// 7.5, the Magic Sight table's 2 to 4 (GAPS.md 4): one of the searcher's choices.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "from", rename_all = "camelCase")]
pub enum SightPick {
    /// The belongings abandoned in his clearing (4.3.4).
    Pile,
    /// A treasure site he has discovered in his clearing.
    Site { site: MapChitId },
    /// Perceive Spell: an active Artifact or Spell Book he owns.
    Item { item: TreasureId },
    /// Perceive Spell: the spell he learns, of those he perceived.
    Spell { spell: SpellId },
}

/// 7.2.1: who receives a hired leader's or controlled monster's gift.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, Tsify)]
#[serde(tag = "to", rename_all = "camelCase")]
pub enum Receiver {
    /// A character.
    Character { seat: Seat },
    /// A hired leader or controlled monster (its counter).
    Hireling { piece: PieceId },
}

/// What one character gives another (7.2.1, 4.5.4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "gift", rename_all = "camelCase")]
pub enum Gift {
    Belonging {
        piece: PieceId,
    },
    Gold {
        gold: i32,
    },
    /// A hidden path or secret passage he has discovered.
    Path {
        path: PathRef,
    },
    /// A treasure site he has discovered.
    Site {
        site: MapChitId,
    },
    /// In the log only: a face-down Treasure card changed hands.
    SecretCard,
    /// 4.5.4c: a Treasures-Within-Treasures Site card he has discovered, given with the
    /// treasure site where it was found.
    SiteCard {
        card: TreasureId,
    },
}

/// What rearranging does to one belonging (4.3.3, 7.2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub enum BelongingChange {
    Activate,
    Deactivate,
    Abandon,
}

/// Where and on which table a Search activity searches (7.5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "table", rename_all = "camelCase")]
pub enum SearchChoice {
    /// The Peer table in `at` (his clearing, or from a mountain a nearby one, 7.5.1).
    Peer { at: ClearingRef },
    /// The Locate table in his clearing.
    Locate,
    /// The Loot table on a treasure site he has discovered in his clearing.
    LootSite { site: MapChitId },
    /// The Loot table on the abandoned items in his clearing (4.3.4).
    LootPile,
    /// The Reading Runes table on the Spell cards of a treasure site he has discovered in
    /// his clearing: on the top one (GAPS.md 4).
    ReadRunesSite { site: MapChitId },
    /// The Reading Runes table on an Artifact or Spell Book he owns (4.6.5c): on the top
    /// Spell card still on the Setup Card, or (`spell`) on one of its awakened ones, which
    /// can still be learned (8.3.9 c.3).
    ReadRunesItem {
        item: TreasureId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[tsify(optional)]
        spell: Option<SpellId>,
    },
    /// 7.5, 2.3.7: a Treasures-Within-Treasures Site card he has discovered in his
    /// clearing, on its own table.
    LootCard { card: TreasureId },
    /// 2.3.7 (GAPS.md 4): open the Chest he holds with the Lost Keys active, taking what
    /// is inside.
    OpenChest { chest: TreasureId },
    /// 7.5: the Magic Sight table in his clearing (his only table with Magic Sight).
    MagicSight,
}

pub use crate::magic_realm::events::MagicRealmEvent;
