//! What a player can do, and what the log records (rules 3.1 to 3.6 so far). Every choice
//! is one small action, so `legalActions` lists each alternative.

use crate::engine::Seat;
use crate::magic_realm::catalog::characters::{CharacterId, StartLocation};
use crate::magic_realm::catalog::chits::{DwellingId, MapChitId};
use crate::magic_realm::catalog::denizens::NativeGroup;
use crate::magic_realm::catalog::magic::SpellId;
use crate::magic_realm::catalog::tiles::TileId;
use crate::magic_realm::map::ClearingRef;
use crate::magic_realm::pieces::{Facing, PieceId, VisitorChitId};
use crate::magic_realm::state::{EquipmentNeed, VictoryCategory};
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// One player's action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[serde(tag = "type", deny_unknown_fields)]
pub enum MagicRealmAction {
    /// 3.3.1: play this character.
    ChooseCharacter { character: CharacterId },
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
    RecordSpell { spell: SpellId },
    /// 3.3.4: turn a Magic chit symbol side up (index into the character's 12 chits).
    EnchantChit { chit: u8 },
    /// 3.3.4: no more chits to enchant.
    FinishEnchanting,
    /// 3.3.5: start at this Dwelling.
    ChooseStart { start: StartLocation },
    /// 3.3.6: assign one Victory Point to a category.
    AssignVictoryPoint { category: VictoryCategory },
    /// Clear this seat's secret records and choose again.
    ReviseChoices,
    /// The seat's secret records are final (3.6.1: no changes once the Valley chits turn up).
    ConfirmChoices,
}

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
}
